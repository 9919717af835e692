#![no_main]
// Random bytes as the C state of a dominoes hand and as C actions
// (checker: parlor_conformance::check::dominoes_round::ffi_round).
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::dominoes_round::FfiRoundCase| {
    parlor_conformance::check::dominoes_round::ffi_round(case);
});
