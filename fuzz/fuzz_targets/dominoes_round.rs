#![no_main]
// A whole dominoes hand, core against the naive reference at every step
// (checker: parlor_conformance::check::dominoes_round::round).
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::dominoes_round::RoundCase| {
    parlor_conformance::check::dominoes_round::round(case);
});
