#![no_main]
// Dou Dizhu: the C ABI against the core, with bad codes, impossible counts and short buffers.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::doudizhu::FfiCase| {
    parlor_conformance::check::doudizhu::ffi(case)
});
