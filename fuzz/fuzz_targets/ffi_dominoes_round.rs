#![no_main]
// The one C function set vs the core, dominoes (checker: parlor_conformance::check::ffi_round).
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::ffi_round::FfiCase| {
    parlor_conformance::check::ffi_round::dominoes(case)
});
