#![no_main]
// The C ABI vs the core, with arbitrary text, codes and buffer sizes.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::mahjong::FfiCase| {
    parlor_conformance::check::mahjong::ffi(case)
});
