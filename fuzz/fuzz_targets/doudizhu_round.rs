#![no_main]
// Dou Dizhu whole deals: the core's Round against the naive reference at every step (legal
// sets, encode/decode, public observations, refused actions unchanged, scores).
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::doudizhu_round::RoundCase| {
    parlor_conformance::check::doudizhu_round::diff(case)
});
