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
            stray: (0..60u8)
                .map(|i| (i % 5, i.wrapping_mul(37), i.wrapping_mul(53), i.wrapping_mul(11)))
                .collect(),
            leak_step: (seed * 13 % 90) as u8,
        });
    }
}

/// A long run with the kinds of ends tallied (`cargo test … -- --ignored --nocapture`).
#[test]
#[ignore]
fn many_greedy_hands() {
    use parlor_conformance::check::mahjong_round::round_outcome;
    let n: u64 = std::env::var("MJ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    let mut kinds = std::collections::BTreeMap::new();
    let mut failures = Vec::new();
    let only: Option<u64> = std::env::var("MJ_SEED").ok().and_then(|v| v.parse().ok());
    for seed in 0..n {
        if only.is_some_and(|o| o != seed) {
            continue;
        }
        let case = RoundCase {
            seed: seed.wrapping_mul(0x2545_F491_4F6C_DD1D),
            preset: (seed % 3) as u8,
            context: ((seed % 4) as u8, (seed % 3) as u8, (seed % 5) as u8, (seed % 3) as u8),
            points: [(seed % 97) as i16 - 40, (seed as i16) * 7 - 80, -230, 40],
            bot_seed: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            choices: Vec::new(),
            stray: Vec::new(),
            leak_step: (seed * 13 % 90) as u8,
        };
        let Ok((outcome, _)) = std::panic::catch_unwind(|| round_outcome(case)) else {
            failures.push(seed);
            continue;
        };
        let wins = outcome.wins.iter().flatten().count();
        let tsumo = outcome.wins.iter().flatten().any(|w| w.from.is_none());
        *kinds
            .entry(format!("{:?} wins={wins} tsumo={tsumo}", outcome.end))
            .or_insert(0) += 1;
    }
    println!("{kinds:#?}");
    println!("failures: {failures:?}");
}
