//! The one C function set against the core in every game (`check::ffi_round`): the recorded
//! inputs of `tests/fuzz-regressions/ffi_<game>_round/` (cases of the per-game C ABI of ABI
//! version 3, read as cases of the one set: seeds, not bugs), then pseudo-random cases.
#![allow(missing_docs)]

use parlor_conformance::check::ffi_round;
use parlor_conformance::fuzzing::run_target;

#[test]
fn dominoes_through_the_one_c_function_set() {
    assert!(run_target("ffi_dominoes_round", 300, ffi_round::dominoes) >= 300);
}

#[test]
fn tichu_through_the_one_c_function_set() {
    assert!(run_target("ffi_tichu_round", 60, ffi_round::tichu) >= 60);
}

#[test]
fn doudizhu_through_the_one_c_function_set() {
    assert!(run_target("ffi_doudizhu_round", 200, ffi_round::doudizhu) >= 200);
}

#[test]
fn mahjong_through_the_one_c_function_set() {
    assert!(run_target("ffi_mahjong_round", 40, ffi_round::mahjong) >= 40);
}

/// Three-player Riichi (the `tenhou-sanma` preset, 4th of the mahjong presets) through C: the
/// same checker, rounds played to their end (three seats, kita among the actions).
#[test]
fn sanma_rounds_are_played_to_their_end_through_c() {
    use parlor_conformance::check::ffi_round::{FfiCase, check};
    assert_eq!(parlor_core::mahjong::Config::PRESETS[3].0, "tenhou-sanma");
    for seed in [3, 11, 2026] {
        let case = FfiCase {
            preset: 3,
            seed,
            steps: (0..600u16).map(|i| i.wrapping_mul(7919) % 1000).collect(),
            codes: vec![0, 12, 0x0C0C, u64::MAX],
            flips: vec![0, 100, 1000],
            garbage: vec![7; 20],
        };
        let (steps, ended) = check::<parlor_core::mahjong::Round, parlor_core::mahjong::Match>(&case);
        assert!(ended && steps >= 20, "seed {seed}: {steps} steps");
    }
}

/// Hand-made cases that play each game's round to its end through C (stray codes mixed in,
/// bits flipped, random bytes refused): the checker reaches the outcome, not only the deal.
#[test]
fn seeded_rounds_are_played_to_their_end_through_c() {
    use parlor_conformance::check::ffi_round::{FfiCase, check};
    let case = |seed: u64| FfiCase {
        preset: 0,
        seed,
        steps: (0..600u16)
            .map(|i| {
                if i % 9 == 8 {
                    0x8000 | i
                } else {
                    i.wrapping_mul(7919) % 1000
                }
            })
            .collect(),
        codes: vec![0, 1, u64::MAX, 0x30101, 0x1000_0000_0000_0000, 0xf01, 0x21],
        flips: vec![0, 100, 200, 1000, 3000, 6000],
        garbage: vec![7; 50],
    };
    for seed in [1, 7, 2026] {
        let (dominoes, d_end) = check::<parlor_core::dominoes::Round, parlor_core::dominoes::Match>(&case(seed));
        let (tichu, t_end) =
            check::<parlor_core::tichu::round::Round, parlor_core::tichu::game_match::Match>(&case(seed));
        let (doudizhu, z_end) =
            check::<parlor_core::doudizhu::round::Round, parlor_core::doudizhu::game_match::Match>(&case(seed));
        let (mahjong, m_end) = check::<parlor_core::mahjong::Round, parlor_core::mahjong::Match>(&case(seed));
        assert!(d_end && t_end && z_end && m_end, "seed {seed}: a round did not end");
        assert!(
            dominoes >= 5 && tichu >= 40 && doudizhu >= 3 && mahjong >= 20,
            "seed {seed}"
        );
    }
}
