#![no_main]
// Riichi: a whole hand on the core's Round vs the naive reference round (seats that may act,
// legal actions in order, hands, melds, rivers, dora, points, outcome and every delta,
// encode/decode, refused actions leave the round unchanged, no observation leaks).
libfuzzer_sys::fuzz_target!(|case: parlor_conformance::check::mahjong_round::RoundCase| {
    parlor_conformance::check::mahjong_round::round(case)
});
