#![no_main]
// Arbitrary bytes, lengths and NULL pointers into the C entry points (checker: parlor_conformance::check::dominoes::ffi).
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::dominoes::FfiCase| {
    parlor_conformance::check::dominoes::ffi(case);
});
