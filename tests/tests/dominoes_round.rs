//! The whole dominoes hand: core against the naive reference over pseudo-random cases and the
//! checked-in regressions; the C ABI checker over random bytes.

use parlor_conformance::check::dominoes_round as check;
use parlor_conformance::fuzzing::run_target;

#[test]
fn the_core_hand_engine_agrees_with_the_reference() {
    let checked = run_target("dominoes_round", 3000, check::round);
    assert!(checked >= 3000);
}

#[test]
fn every_preset_and_table_size_is_checked_against_the_reference() {
    for preset in [0u8, 1, 2, 0x80, 0x98, 0xA0] {
        for players in 0..3u8 {
            for variant in 0..6u8 {
                for seed in 0..4u64 {
                    let setup = check::Setup {
                        preset,
                        players,
                        set: 0,
                        variant,
                        seed,
                    };
                    check::round(parlor_conformance::check::round::Case::players(
                        setup,
                        seed ^ u64::from(variant),
                        0,
                        seed * 7 + u64::from(preset),
                    ));
                }
            }
        }
    }
}
