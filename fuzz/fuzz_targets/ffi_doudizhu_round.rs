#![no_main]
// Dou Dizhu whole deals through the C ABI: random state bytes and raw actions, and seeded deals
// in lockstep with the core.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::doudizhu_round::FfiRoundCase| {
    parlor_conformance::check::doudizhu_round::ffi(case)
});
