//! The Riichi round checkers (`parlor_conformance::check::mahjong_round`) over their fuzz
//! regressions and pseudo-random cases: the core's round against the naive reference round at
//! every step, and the C ABI against the core.

use parlor_conformance::check::mahjong_round::{RoundCase, round};
use parlor_conformance::fuzzing::run_target;

#[test]
fn core_and_reference_agree_on_random_hands() {
    let checked = run_target("mahjong_round", 40, round);
    assert!(checked >= 40);
}

#[test]
fn core_and_reference_agree_on_greedy_hands_of_every_preset() {
    // Greedy players from the first step: hands reach tenpai, riichi, calls, wins.
    for seed in 0..24u64 {
        round(RoundCase {
            seed,
            preset: (seed % 3) as u8,
            context: ((seed % 4) as u8, (seed % 2) as u8, (seed % 3) as u8, (seed % 2) as u8),
            points: [0, (seed as i16) * 7 - 80, -230, 40],
            bot_seed: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            choices: Vec::new(),
            stray: (0..60u8).map(|i| (i % 5, i.wrapping_mul(37), i.wrapping_mul(53), i.wrapping_mul(11))).collect(),
            leak_step: (seed * 13 % 90) as u8,
        });
    }
}
