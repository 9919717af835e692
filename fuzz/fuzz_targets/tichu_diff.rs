#![no_main]
// Tichu: core vs the naive reference (legality, readings, move generation); every move legal.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::tichu::DiffCase| {
    parlor_conformance::check::tichu::diff(case)
});
