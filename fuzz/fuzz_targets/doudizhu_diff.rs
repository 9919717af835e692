#![no_main]
// Placeholder until the game lands: the checker will live in parlor_conformance::check.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = data;
});
