#![no_main]
// Tichu: a whole round on the core's Round vs the naive reference round (legal action sets,
// outcome, encode/decode, refused actions leave the round unchanged, observations).
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::tichu_round::RoundCase| {
    parlor_conformance::check::tichu_round::round(case)
});
