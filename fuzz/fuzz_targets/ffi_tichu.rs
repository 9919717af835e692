#![no_main]
// Tichu: the C ABI vs the core on any input (raw texts, masks, codes, trick steps).
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::tichu::FfiCase| {
    parlor_conformance::check::tichu::ffi(case)
});
