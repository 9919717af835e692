#![no_main]
// Tichu: `parlor tichu trick` (the core's Trick) vs the naive reference trick.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::tichu::TrickCase| {
    parlor_conformance::check::tichu::trick(case)
});
