//! The Dou Dizhu whole game (deal, auction, play, stake): cross-checked against OpenSpiel's
//! `dou_dizhu` (PyPI open_spiel 2.0.2, through tests/python/openspiel_doudizhu.py), and unit
//! tests with real values.

use std::collections::BTreeSet;
use std::process::Command;

use parlor_core::doudizhu::{Action, Cards, Config, Deal, Round, openspiel};
use parlor_core::game::Seat;

fn name(action: &Action) -> String {
    match action {
        Action::Play(p) => format!("play {} {}", p.cards, p.reading),
        other => other.to_string(),
    }
}

fn legal_names(round: &Round, seat: Seat) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    round.for_each_legal_action(seat, |a| {
        assert!(out.insert(name(&a)), "action listed twice: {}", name(&a));
    });
    out
}

/// Replays random OpenSpiel games through the `openspiel` preset: the deal from OpenSpiel's
/// chance actions (`Deal::Given`), then at every decision the same seat to act, the same set of
/// legal actions (OpenSpiel's action ids mapped to cards and reading by the Python helper), and
/// at the end the same returns. 5,000 games of seed 2026 (`PARLOR_OPENSPIEL_GAMES` and
/// `PARLOR_OPENSPIEL_SEED` override).
#[test]
fn openspiel_games_replay_identically() {
    let games: usize = std::env::var("PARLOR_OPENSPIEL_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5000);
    let seed = std::env::var("PARLOR_OPENSPIEL_SEED").unwrap_or_else(|_| "2026".to_owned());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/openspiel_doudizhu.py");
    let output = match Command::new("python3")
        .arg(script)
        .arg(games.to_string())
        .arg(&seed)
        .output()
    {
        Ok(output) => output,
        Err(_) => {
            assert!(std::env::var_os("CI").is_none(), "python3 is required in CI");
            eprintln!("skipped: python3 not found");
            return;
        }
    };
    if output.status.code() == Some(3) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install open-spiel==2.0.2: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        eprintln!("skipped: {}", String::from_utf8_lossy(&output.stderr).trim());
        return;
    }
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let mut round: Option<Round> = None;
    let (mut played, mut decisions, mut voids, mut bombs, mut springs) = (0, 0, 0, 0, 0);
    let mut game = String::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("game ") {
            game = rest.to_owned();
        } else if let Some(rest) = line.strip_prefix("deal ") {
            let f: Vec<&str> = rest.split(' ').collect();
            let c = |s: &str| s.parse::<Cards>().unwrap();
            let deal = Deal::Given {
                hands: [c(f[0]), c(f[1]), c(f[2])],
                kitty: c(f[3]),
                first_bidder: Seat(f[5].parse().unwrap()),
            };
            round = Some(Round::new(&Config::OPENSPIEL, &deal).unwrap());
        } else if let Some(rest) = line.strip_prefix("returns ") {
            let r = round.take().unwrap();
            let expected: Vec<i32> = rest.split(' ').map(|x| x.parse().unwrap()).collect();
            let outcome = r
                .outcome()
                .unwrap_or_else(|| panic!("game {game}: OpenSpiel ended, we did not"));
            assert_eq!(outcome.scores.to_vec(), expected, "game {game}: returns");
            played += 1;
            voids += usize::from(outcome.landlord.is_none());
            bombs += usize::from(outcome.bombs > 0);
            springs += usize::from(outcome.spring != parlor_core::doudizhu::Spring::None);
        } else {
            let r = round.as_mut().unwrap();
            let mut parts = line.split('|');
            let seat = Seat(parts.next().unwrap().parse().unwrap());
            let legal: BTreeSet<String> = parts.next().unwrap().split(';').map(str::to_owned).collect();
            let chosen = parts.next().unwrap();
            let ids: Vec<u32> = parts.next().unwrap().split(';').map(|x| x.parse().unwrap()).collect();
            assert_eq!(r.to_act(), Some(seat), "game {game}: seat to act");
            let ours = legal_names(r, seat);
            // Our OpenSpiel ids of the legal actions are OpenSpiel's.
            let mut our_ids = Vec::new();
            r.for_each_legal_action(seat, |a| {
                let id = openspiel::action_id(&a).unwrap_or_else(|| panic!("game {game}: no id for {}", name(&a)));
                assert_eq!(openspiel::action(id), Some(a), "game {game}: id {id} maps back");
                our_ids.push(id);
            });
            our_ids.sort_unstable();
            assert_eq!(our_ids, ids, "game {game}: OpenSpiel action ids");
            if ours != legal {
                let missing: Vec<_> = legal.difference(&ours).take(5).collect();
                let extra: Vec<_> = ours.difference(&legal).take(5).collect();
                panic!(
                    "game {game}: legal actions differ; hand {}, top {:?}\n  only OpenSpiel: {missing:?}\n  only ours: {extra:?}",
                    r.hand(seat),
                    r.top().map(|(_, p)| name(&Action::Play(p)))
                );
            }
            let mut action = None;
            r.for_each_legal_action(seat, |a| {
                if name(&a) == chosen {
                    action = Some(a);
                }
            });
            r.apply(seat, action.unwrap()).unwrap();
            decisions += 1;
        }
    }
    assert_eq!(played, games);
    eprintln!(
        "OpenSpiel dou_dizhu agrees on {played} games ({decisions} decisions; {voids} all-pass, {bombs} with bombs, {springs} springs)"
    );
}

/// The whole-deal checker (core vs the naive reference at every step) over its regression
/// inputs and pseudo-random cases of every preset.
#[test]
fn round_checker_agrees_with_the_reference() {
    let checked =
        parlor_conformance::fuzzing::run_target("doudizhu_round", 300, parlor_conformance::check::doudizhu_round::diff);
    assert!(checked >= 250, "{checked}");
}

/// A segment starts where the players' prefix leads, whether the prefix is played out or taken
/// from a kept snapshot (the same round, byte for byte), and stops after the prefix and the
/// segment's actions unless the deal (as the whole deal by the same players shows) ended first.
#[test]
fn a_segment_starts_where_its_prefix_leads_with_or_without_snapshots() {
    use parlor_conformance::check::doudizhu_round::{Adapter, RoundCase, Setup};
    use parlor_conformance::check::round;
    use parlor_core::game::Round as _;
    let encoding = |r: &parlor_core::doudizhu::Round| {
        let mut bytes = vec![0u8; parlor_core::doudizhu::Round::ENCODED_BYTES];
        let n = r.encode(&mut bytes).expect("encode");
        bytes.truncate(n);
        bytes
    };
    let mut compared = 0;
    for seed in 0..12u64 {
        let setup = Setup {
            preset: seed as u8,
            seed: seed.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            given: seed % 3 == 0,
            first: seed as u8,
        };
        // The whole deal, played by the players from the first step (no choices).
        let whole = RoundCase::players(setup.clone(), seed ^ 0x51, 9, seed);
        let (_, steps) = round::check::<Adapter>(whole).expect("a valid preset");
        // 19 plies of prefix (a snapshot at 16, then 3 more plies), a segment of 2 steps.
        let mut segment = RoundCase::players(setup.clone(), seed ^ 0x51, 9, seed);
        segment.prefix = 19;
        segment.segment = 2;
        round::forget_snapshots();
        let (played, at) = round::check::<Adapter>(segment.clone()).expect("a valid preset");
        let (kept, at_again) = round::check::<Adapter>(segment).expect("a valid preset");
        assert_eq!(
            encoding(&played),
            encoding(&kept),
            "seed {seed}: the snapshot leads elsewhere"
        );
        assert_eq!(at, at_again);
        if steps > 21 {
            // Not over within prefix + segment: stopped after 19 + 2 actions.
            assert_eq!(at, 21, "seed {seed}");
            compared += 1;
        } else {
            assert!(played.outcome().is_some(), "seed {seed}: the deal ended at {steps}");
        }
    }
    assert!(compared >= 6, "{compared} of 12 deals went past 21 actions");
}
