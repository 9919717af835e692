#![no_main]
// Tichu round through the C ABI vs the core: random state bytes, raw actions, statuses, state.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::tichu_round::FfiRoundCase| {
    parlor_conformance::check::tichu_round::ffi_round(case)
});
