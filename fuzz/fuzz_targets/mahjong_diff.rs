#![no_main]
// Core vs the naive reference: waits, completeness, decompositions, shanten, ukeire.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::mahjong::DiffCase| {
    parlor_conformance::check::mahjong::diff(case)
});
