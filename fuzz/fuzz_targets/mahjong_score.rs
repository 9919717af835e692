#![no_main]
// Riichi hand value: never a panic; generated valid hands valued or no yaku; payments from han/fu.
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::mahjong_score::ScoreCase| {
    parlor_conformance::check::mahjong_score::score_case(case)
});
