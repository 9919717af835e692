#![no_main]
// Dou Dizhu: core vs naive reference (classify, beats, moves, spring, min-plays) on random deals.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::doudizhu::Case| {
    parlor_conformance::check::doudizhu::diff(case)
});
