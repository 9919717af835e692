#![no_main]
// Core against the naive reference on small play orders (checker: parlor_conformance::check::dominoes::diff).
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::dominoes::DiffCase| {
    parlor_conformance::check::dominoes::diff(case);
});
