//! Dou Dizhu: golden numbers, rulings and vectors through the core, the CLI and the reference.

use std::collections::HashSet;
use std::ops::ControlFlow;

use parlor_core::doudizhu::*;

fn c(text: &str) -> Cards {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn table(preset: &Preset) -> Vec<Cards> {
    let mut all = Vec::new();
    for_each_move(&Cards::DECK, &Cards::EMPTY, preset, |cards| {
        all.push(cards);
        ControlFlow::Continue(())
    })
    .unwrap();
    all
}

#[test]
fn golden_table_sizes() {
    for (preset, expected) in [
        (Preset::RLCARD, 27_471),
        (Preset::OPENSPIEL, 25_661),
        (Preset::PAGAT, 13_530),
    ] {
        let all = table(&preset);
        let distinct: HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len(), "duplicates under {preset:?}");
        assert_eq!(all.len(), expected, "{preset:?}");
        for cards in &all {
            assert!(!classify(cards, &preset).is_empty(), "{cards}");
        }
    }
}

#[test]
fn seventy_seven_airplanes_with_single_wings_beat_qqqkkk34() {
    let prev = c("QQQKKK34");
    let count = table(&Preset::PAGAT)
        .iter()
        .filter(|play| {
            classify(play, &Preset::PAGAT)
                .iter()
                .any(|r| r.kind == Kind::AirplaneSingles)
                && beats(&prev, play, &Preset::PAGAT).unwrap()
        })
        .count();
    assert_eq!(count, 77);
    // The same through move generation from the whole deck.
    let mut n = 0;
    for_each_move(&Cards::DECK, &prev, &Preset::PAGAT, |play| {
        if play.len() == 8 {
            n += 1;
        }
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(n, 77);
}

#[test]
fn openspiel_action_count_is_the_number_of_readings() {
    let readings: usize = table(&Preset::OPENSPIEL)
        .iter()
        .map(|cards| classify(cards, &Preset::OPENSPIEL).len())
        .sum();
    assert_eq!(readings, 26_053);
    for preset in [Preset::PAGAT, Preset::RLCARD] {
        assert!(table(&preset).iter().all(|cards| classify(cards, &preset).len() == 1));
    }
}

#[test]
fn doudizhu_diff_regressions_and_random_cases() {
    let n = parlor_conformance::fuzzing::run_target("doudizhu_diff", 150, parlor_conformance::check::doudizhu::diff);
    assert!(n > 100);
}

#[test]
fn ffi_doudizhu_regressions_and_random_cases() {
    let n = parlor_conformance::fuzzing::run_target("ffi_doudizhu", 1000, parlor_conformance::check::doudizhu::ffi);
    assert!(n > 700);
}
