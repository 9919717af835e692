#![no_main]
// parlor_mahjong_score vs the core: generated hands in the 136 form and raw struct bytes.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::mahjong_score::FfiCase| {
    parlor_conformance::check::mahjong_score::ffi_case(case)
});
