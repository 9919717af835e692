//! The Riichi round checkers (`parlor_conformance::check::mahjong_round`) over their fuzz
//! regressions and pseudo-random cases: the core's round against the naive reference round at
//! every step, and the C ABI against the core.

use parlor_conformance::check::mahjong_round::{RoundCase, Setup, round};
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
        let setup = Setup {
            seed,
            preset: (seed % 3) as u8,
            context: ((seed % 4) as u8, (seed % 2) as u8, (seed % 3) as u8, (seed % 2) as u8),
            points: [0, (seed as i16) * 7 - 80, -230, 40],
        };
        let mut case = RoundCase::players(setup, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), 0, seed);
        case.leak_step = (seed * 13 % 90) as u8;
        round(case);
    }
}

/// Case `seed` of [`many_greedy_hands`]: greedy players from the first step in a varied context.
fn many_case(seed: u64) -> RoundCase {
    let setup = Setup {
        seed: seed.wrapping_mul(0x2545_F491_4F6C_DD1D),
        preset: (seed % 3) as u8,
        context: ((seed % 4) as u8, (seed % 3) as u8, (seed % 5) as u8, (seed % 3) as u8),
        points: [(seed % 97) as i16 - 40, (seed as i16) * 7 - 80, -230, 40],
    };
    let mut case = RoundCase::players(setup, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), 0, seed);
    case.junk.clear();
    case.leak_step = (seed * 13 % 90) as u8;
    case
}

/// Case 3959 of the long run: seat 1 holds two pons (1s, 9m) and both fourth tiles; the added
/// kans must be listed in ascending id order as `for_each_legal_action` documents (the engine
/// listed them in meld order; mj-bugs.md 23:23).
#[test]
fn added_kans_are_listed_by_ascending_id() {
    round(many_case(3959));
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
        let case = many_case(seed);
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

// ---- Hand-made hands: the rulings that random play reaches rarely, each with the value the
// rules give, played on the core and the reference side by side (every step compared).

use parlor_conformance::check::mahjong_round::{build_wall, scripted};
use parlor_core::game::Seat;
use parlor_core::mahjong::score::{Wind, Yaku};
use parlor_core::mahjong::{Abort, Action, Config, End, Phase, Start};

fn start(dealer: u8, honba: u8, sticks: u8) -> Start {
    Start {
        round_wind: Wind::East,
        dealer: Seat(dealer),
        honba,
        sticks,
        scores: [25_000; 4],
    }
}

/// Seat 1 (riichi, waiting 4s-7s with pinfu) robs seat 3's added kan of 7s in the go-around of
/// its riichi: the added kan never stood, so ippatsu holds — riichi, ippatsu, chankan, pinfu:
/// 4 han 30 fu, 7700, plus the riichi stick.
#[test]
fn chankan_keeps_ippatsu() {
    let hands = [
        "7s 1m 9m 1p 9p 3z 3z 6z 6z 8m 8p 2s 9s",
        "2m 3m 4m 4m 5m 6m 2p 3p 4p 9p 9p 5s 6s",
        "1m 9m 1p 2p 7p 3s 4z 4z 7z 8s 8s 2m 5p",
        "7s 7s 1m 9m 1p 6z 7z 7z 8m 3m 3s 6m 6p",
    ];
    let wall = build_wall(0, hands, "1s 9s 1z 2z 7s", "1z", "3z", true);
    let script = [
        (0, "discard 7s"),
        (3, "pon 7s 7s"),
        (3, "discard 1m"),
        (0, "discard 9s"),
        (1, "riichi 1z"),
        (2, "discard 2z"),
        (3, "kakan 7s"),
        (1, "ron"),
    ];
    let (core, _) = scripted(&Config::TENHOU, &start(0, 0, 0), wall, &script, false);
    let outcome = core.outcome().expect("won");
    let win = outcome.wins[0].expect("a win");
    assert_eq!((win.winner, win.from), (Seat(1), Some(Seat(3))));
    assert!(win.value.has(Yaku::Ippatsu) && win.value.has(Yaku::Chankan) && win.value.has(Yaku::Pinfu));
    assert_eq!(
        (win.value.han(), win.value.fu(), win.value.payment().ron),
        (4, 30, 7700)
    );
    assert_eq!(outcome.deltas, [0, 8700, 0, -7700]);
    assert_eq!(outcome.scores, [25_000, 32_700, 25_000, 17_300]);
}

/// Riichi needs 1000 points: with 900 seat 1 may not declare.
#[test]
fn riichi_needs_a_thousand_points() {
    let hands = [
        "7s 1m 9m 1p 9p 3z 3z 6z 6z 8m 8p 2s 9s",
        "2m 3m 4m 4m 5m 6m 2p 3p 4p 9p 9p 5s 6s",
        "1m 9m 1p 2p 7p 3s 4z 4z 7z 8s 8s 2m 5p",
        "1s 7s 1m 9m 1p 6z 7z 7z 8m 3m 3s 6m 6p",
    ];
    let wall = build_wall(0, hands, "1s 1z 2z", "5z", "3z", true);
    let mut poor = start(0, 0, 0);
    poor.scores[1] = 900;
    let script = [(0, "discard 9s"), (1, "discard 1z")];
    let (core, _) = scripted(&Config::TENHOU, &poor, wall, &script[..1], false);
    // Seat 1 on turn: tenpai after discarding its draw, but no riichi among its actions.
    let mut riichi = false;
    core.for_each_legal_action(Seat(1), |a| riichi |= matches!(a, Action::Riichi { .. }));
    assert!(matches!(core.phase(), Phase::Turn { seat: Seat(1) }));
    assert!(!riichi);
    let (core, _) = scripted(&Config::TENHOU, &start(0, 0, 0), wall, &script[..1], false);
    let mut riichi = false;
    core.for_each_legal_action(Seat(1), |a| riichi |= matches!(a, Action::Riichi { .. }));
    assert!(riichi);
}

fn double_ron_hands(third: bool) -> [&'static str; 4] {
    [
        "7s 1m 9m 1p 9p 1s 9s 1z 3z 5z 6z 7z 8m",
        "2m 3m 4m 4m 5m 6m 2p 3p 4p 9p 9p 5s 6s",
        if third {
            "3m 4m 5m 5p 6p 7p 7p 8p 9p 1p 1p 5s 6s"
        } else {
            "1m 9m 1p 9p 1s 9s 3z 5z 6z 7z 4m 7p 3s"
        },
        "6m 7m 8m 3p 4p 5p 6p 7p 8p 2m 2m 5s 6s",
    ]
}

/// Seats 1 and 3 both ron the dealer's 7s with two honba and a stick on the table: each is paid
/// its hand; the honba and the stick go to seat 1, the nearer to the discarder. Seat 1: pinfu
/// 30 fu 1000 + 600; seat 3: pinfu tanyao 30 fu 2000.
#[test]
fn double_ron_pays_honba_and_sticks_to_the_nearest() {
    let wall = build_wall(0, double_ron_hands(false), "2z", "1z", "3z", true);
    let script = [(0, "discard 7s"), (1, "ron"), (3, "ron")];
    let (core, _) = scripted(&Config::TENHOU, &start(0, 2, 1), wall, &script, false);
    let outcome = core.outcome().expect("won");
    assert_eq!(outcome.end, End::Win);
    let first = outcome.wins[0].expect("seat 1");
    let second = outcome.wins[1].expect("seat 3");
    assert_eq!((first.winner, second.winner), (Seat(1), Seat(3)));
    assert_eq!(first.value.payment().ron, 1600);
    assert_eq!(second.value.payment().ron, 2000);
    assert_eq!(outcome.deltas, [-3600, 2600, 0, 2000]);
    assert_eq!(outcome.sticks, 0);
    // Head bump: both claim, only seat 1 wins.
    let (core, _) = scripted(&Config::BASIC, &start(0, 2, 1), wall, &script, false);
    let outcome = core.outcome().expect("won");
    assert_eq!(outcome.wins.iter().flatten().count(), 1);
    assert_eq!(outcome.deltas, [-1600, 2600, 0, 0]);
}

/// Three rons on one discard: an abortive draw under Tenhou's rules (nothing paid, the stick
/// stays, the dealer repeats); head bump gives the hand to the nearest.
#[test]
fn triple_ron_aborts_or_head_bumps() {
    let wall = build_wall(0, double_ron_hands(true), "2z", "1z", "3z", true);
    let script = [(0, "discard 7s"), (1, "ron"), (2, "ron"), (3, "ron")];
    let (core, _) = scripted(&Config::TENHOU, &start(0, 2, 1), wall, &script, false);
    let outcome = core.outcome().expect("over");
    assert_eq!(outcome.end, End::Abort(Abort::TripleRon));
    assert_eq!(
        (outcome.deltas, outcome.sticks, outcome.dealer_repeats),
        ([0; 4], 1, true)
    );
    let (core, _) = scripted(&Config::BASIC, &start(0, 2, 1), wall, &script, false);
    let outcome = core.outcome().expect("over");
    assert_eq!(
        outcome.wins.iter().flatten().map(|w| w.winner).collect::<Vec<_>>(),
        [Seat(1)]
    );
    assert_eq!(outcome.deltas, [-1600, 2600, 0, 0]);
}

/// Seat 1 discarded 4s itself, so it may not ron 7s (its other wait) — but it may tsumo 7s:
/// menzen tsumo and pinfu, 2 han 20 fu, 400/700.
#[test]
fn discard_furiten_blocks_ron_not_tsumo() {
    let hands = [
        "1m 9m 1p 9p 1s 9s 1z 3z 5z 6z 7z 8m 8m",
        "2m 3m 4m 4m 5m 6m 2p 3p 4p 9p 9p 5s 6s",
        "7s 1m 9m 1p 2p 7p 3s 4z 4z 7z 8s 8s 2m",
        "6m 7m 1m 3p 4p 5p 6p 7p 2z 2m 2z 3s 1s",
    ];
    let wall = build_wall(0, hands, "3m 4s 6z 9s 6z 7s", "1z", "3z", true);
    let script = [
        (0, "discard 3m"),
        (1, "discard 4s"),
        (2, "discard 7s"),
        (3, "discard 9s"),
        (0, "discard 6z"),
        (1, "tsumo"),
    ];
    let (core, _) = scripted(&Config::TENHOU, &start(0, 0, 0), wall, &script[..3], false);
    assert!(!core.may_act(Seat(1)), "furiten: no ron offered on 7s");
    let (core, _) = scripted(&Config::TENHOU, &start(0, 0, 0), wall, &script, false);
    let outcome = core.outcome().expect("won");
    let win = outcome.wins[0].expect("a win");
    assert_eq!(
        (win.winner, win.from, win.value.han(), win.value.fu()),
        (Seat(1), None, 2, 20)
    );
    assert_eq!(outcome.deltas, [-700, 1500, -400, -400]);
}

/// The four first discards are East, with no call: an abortive draw under Tenhou's rules; the
/// basic rules play on.
#[test]
fn four_winds_abort() {
    let hands = [
        "1z 1m 9m 1p 9p 3z 3z 6z 6z 8m 8p 2s 9s",
        "1z 2m 3m 4m 5m 6m 2p 3p 9p 9p 5s 6s 4s",
        "1z 9m 1p 2p 7p 3s 4z 4z 7z 8s 8s 2m 5p",
        "1z 7s 1m 9m 1p 6z 7z 7z 8m 3m 3s 6m 6p",
    ];
    let wall = build_wall(0, hands, "7m 7m 7m 1s", "9s", "3z", true);
    let script = [
        (0, "discard 1z"),
        (1, "discard 1z"),
        (2, "discard 1z"),
        (3, "discard 1z"),
    ];
    let (core, _) = scripted(&Config::TENHOU, &start(0, 0, 0), wall, &script, false);
    let outcome = core.outcome().expect("aborted");
    assert_eq!(
        (outcome.end, outcome.dealer_repeats),
        (End::Abort(Abort::FourWinds), true)
    );
    let (core, _) = scripted(&Config::BASIC, &start(0, 0, 0), wall, &script, false);
    assert!(core.outcome().is_none());
    assert!(matches!(core.phase(), Phase::Turn { seat: Seat(0) }));
}

/// Nine kinds of terminals and honors on the first draw: the dealer may abort (kyuushu).
#[test]
fn nine_terminals_abort() {
    let hands = [
        "1m 9m 1p 9p 1s 9s 1z 2z 3z 2m 3m 4m 5p",
        "2m 3m 4m 5m 6m 2p 3p 4p 9p 9p 5s 6s 4s",
        "7m 9m 1p 2p 7p 3s 4z 4z 7z 8s 8s 2m 5p",
        "7s 7s 1m 8m 1p 6z 7z 7z 8m 3m 3s 6m 6p",
    ];
    let wall = build_wall(0, hands, "6z", "5z", "3z", true);
    let (core, _) = scripted(&Config::TENHOU, &start(0, 1, 0), wall, &[(0, "kyuushu")], false);
    let outcome = core.outcome().expect("aborted");
    assert_eq!(outcome.end, End::Abort(Abort::NineTerminals));
    assert_eq!(
        (outcome.deltas, outcome.dealer_repeats, outcome.honba),
        ([0; 4], true, 1)
    );
    let (core, _) = scripted(&Config::BASIC, &start(0, 1, 0), wall, &[], false);
    assert!(!core.is_legal(Seat(0), Action::Kyuushu));
}

/// Seat 1 pons white, green and red; seat 2 fed the red (the third dragon set) and pays the
/// whole of seat 1's big-three-dragons tsumo: 32,000.
#[test]
fn pao_for_big_three_dragons() {
    let hands = [
        "5z 1m 9m 1p 9p 3z 3z 8m 8p 2s 9s 4m 4p",
        "5z 5z 6z 6z 7z 7z 2m 3m 4m 1p 9s 9m 1s",
        "6z 7z 1m 9m 2p 7p 3s 4z 4z 8s 8s 6m 5p",
        "7s 7s 1m 9m 1p 2z 7m 8m 3m 3s 6m 6p 2z",
    ];
    let wall = build_wall(0, hands, "4s 8s 8s 2s 3s 7m 1p", "1z", "3z", true);
    let script = [
        (0, "discard 5z"),
        (1, "pon 5z 5z"),
        (1, "discard 9s"),
        (2, "discard 6z"),
        (1, "pon 6z 6z"),
        (1, "discard 9m"),
        (2, "discard 7z"),
        (1, "pon 7z 7z"),
        (1, "discard 1s"),
        (2, "discard 2s"),
        (3, "discard 3s"),
        (0, "discard 7m"),
        (1, "tsumo"),
    ];
    let (core, _) = scripted(&Config::TENHOU, &start(0, 0, 0), wall, &script, false);
    let outcome = core.outcome().expect("won");
    let win = outcome.wins[0].expect("a win");
    assert!(win.value.has(Yaku::Daisangen));
    assert_eq!((win.winner, win.from, win.pao), (Seat(1), None, Some(Seat(2))));
    assert_eq!(outcome.deltas, [0, 32_000, -32_000, 0]);
    // Without pao the tsumo is split as usual: 16,000 from the dealer, 8,000 from the others.
    let config = Config {
        pao: false,
        ..Config::TENHOU
    };
    let (core, _) = scripted(&config, &start(0, 0, 0), wall, &script, false);
    assert_eq!(core.outcome().expect("won").deltas, [-16_000, 32_000, -8_000, -8_000]);
}

/// Thirteen orphans waiting on 1m robs seat 2's closed kan of 1m under Tenhou's rules (32,000);
/// the basic rules let the kan stand.
#[test]
fn kokushi_robs_a_closed_kan() {
    let hands = [
        "2m 3m 5m 6m 2p 3p 5p 6p 2s 3s 5s 6s 8s",
        "9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z 7z",
        "1m 1m 1m 4m 7m 4p 7p 4s 7s 8m 8p 3m 3p",
        "2m 4m 6m 8m 2p 4p 6p 8p 2s 4s 6s 7m 7p",
    ];
    let wall = build_wall(0, hands, "4p 8p 1m", "1z", "3z", true);
    let script = [(0, "discard 4p"), (1, "discard 8p"), (2, "ankan 1m"), (1, "ron")];
    let (core, _) = scripted(&Config::TENHOU, &start(0, 0, 0), wall, &script, false);
    let outcome = core.outcome().expect("won");
    let win = outcome.wins[0].expect("a win");
    assert!(win.value.has(Yaku::Kokushi));
    assert_eq!((win.winner, win.from), (Seat(1), Some(Seat(2))));
    assert_eq!(outcome.deltas, [0, 32_000, -32_000, 0]);
    let (core, _) = scripted(&Config::BASIC, &start(0, 0, 0), wall, &script[..3], false);
    assert!(!core.may_act(Seat(1)));
    assert!(matches!(core.phase(), Phase::Turn { seat: Seat(2) }));
    assert_eq!(core.melds(Seat(2)).len(), 1);
}

/// After chii of 3m with 4m 5m, kuikae forbids discarding 3m (the called kind) and 6m (the other
/// end of the run); the basic rules allow both.
#[test]
fn kuikae_after_chii() {
    let hands = [
        "3m 1m 9m 1p 9p 3z 3z 6z 6z 8m 8p 2s 9s",
        "3m 4m 5m 6m 1p 9p 1s 9s 1z 2z 3z 5z 6z",
        "7s 9m 1p 2p 7p 3s 4z 4z 7z 8s 8s 2m 5p",
        "7s 7s 1m 9m 2p 7z 7z 8m 3s 6m 6p 2s 4s",
    ];
    let wall = build_wall(0, hands, "4z", "5z", "3z", true);
    let script = [(0, "discard 3m"), (1, "chii 4m 5m")];
    for (config, forbidden) in [(Config::TENHOU, true), (Config::BASIC, false)] {
        let (core, _) = scripted(&config, &start(0, 0, 0), wall, &script, false);
        let mut discards = Vec::new();
        core.for_each_legal_action(Seat(1), |a| {
            if let Action::Discard { tile } = a {
                discards.push(tile / 4);
            }
        });
        assert_eq!(discards.contains(&2), !forbidden, "3m");
        assert_eq!(discards.contains(&5), !forbidden, "6m");
        assert!(discards.contains(&9), "1p");
    }
}

/// An exhaustive draw: seat 0 waits on 4s-7s (tenpai); seat 1 holds `1111m 234p 567p 789s`,
/// whose only wait is a fifth 1m — no wait, so noten. The one tenpai seat takes 1000 from each.
#[test]
fn a_wait_on_a_fifth_copy_is_noten() {
    let hands = [
        "2m 3m 4m 4m 5m 6m 2p 3p 4p 9p 9p 5s 6s",
        "1m 1m 1m 1m 2p 3p 4p 5p 6p 7p 7s 8s 9s",
        "1z 1z 2z 3z 4z 5z 6z 7z 9m 9p 9s 1s 8m",
        "2m 5m 8m 2p 5p 8p 2s 5s 8s 1z 4z 7z 3z",
    ];
    let wall = build_wall(0, hands, "", "5z", "6z", true);
    let (core, _) = scripted(&Config::TENHOU, &start(0, 0, 0), wall, &[], true);
    let outcome = core.outcome().expect("drawn");
    assert_eq!(outcome.end, End::Exhaustive);
    assert_eq!(outcome.tenpai, [true, false, false, false]);
    assert_eq!(outcome.deltas, [3000, -1000, -1000, -1000]);
    assert!(outcome.dealer_repeats);
}

/// Nagashi mangan: every tile the dealer draws (and discards) is a terminal or honor and none
/// is called; at the exhaustive draw it is paid a dealer's mangan tsumo, 4000 from each seat,
/// instead of tenpai payments (no honba). It is tenpai, so it repeats.
#[test]
fn nagashi_mangan_at_the_exhaustive_draw() {
    let hands = [
        "2m 3m 4m 4m 5m 6m 2p 3p 4p 9p 9p 5s 6s",
        "2m 4m 6m 8m 2p 4p 6p 8p 2s 4s 6s 8s 3m",
        "3p 5p 7p 3s 5s 7s 3m 5m 7m 2m 6m 6p 6s",
        "2p 3s 4s 7m 8p 7p 2s 8s 8m 3p 4m 5p 7s",
    ];
    let mut wall = build_wall(0, hands, "", "5z", "6z", true);
    let orphan = |id: u8| {
        let k = id / 4;
        k >= 27 || k.is_multiple_of(9) || k % 9 == 8
    };
    // Move orphans onto the dealer's draws (every fourth live tile from the first), taking each
    // from a later place.
    for p in (52..122).step_by(4) {
        let q = (p..136).find(|&q| orphan(wall[q])).expect("orphans left");
        wall.swap(p, q);
    }
    assert!((52..122).step_by(4).all(|p| orphan(wall[p])));
    let (core, _) = scripted(&Config::TENHOU, &start(0, 1, 0), wall, &[], true);
    let outcome = core.outcome().expect("drawn");
    assert_eq!(outcome.end, End::Nagashi);
    assert_eq!(outcome.deltas, [12_000, -4000, -4000, -4000]);
    assert!(outcome.dealer_repeats);
}

/// The same with a meld: seat 1 pons West and keeps the fourth West as its tanki — a wait on a
/// fifth copy, so noten (mj-bugs.md, 22:50).
#[test]
fn a_wait_on_a_fifth_copy_is_noten_with_a_pon() {
    let hands = [
        "3z 2m 3m 4m 4m 5m 6m 2p 3p 4p 9p 9p 5s",
        "3z 3z 3z 2p 3p 4p 5p 6p 7p 7s 8s 9s 1m",
        "1z 1z 2z 4z 5z 6z 7z 9m 9p 9s 1s 8m 1p",
        "2m 5m 8m 2p 5p 8p 2s 5s 8s 1z 4z 7z 6m",
    ];
    let wall = build_wall(0, hands, "6s", "5z", "6z", true);
    let script = [(0, "discard 3z"), (1, "pon 3z 3z"), (1, "discard 1m")];
    let (core, _) = scripted(&Config::TENHOU, &start(0, 0, 0), wall, &script, true);
    let outcome = core.outcome().expect("drawn");
    assert_eq!(outcome.end, End::Exhaustive);
    assert_eq!(outcome.tenpai, [true, false, false, false]);
    assert_eq!(outcome.deltas, [3000, -1000, -1000, -1000]);
}

/// Whole matches: the core's `Match` against the reference match (rotation, honba, sticks,
/// extension, agari-yame, busting, final points), every hand's outcome compared.
#[test]
fn whole_matches_agree_with_the_reference() {
    use parlor_conformance::check::mahjong_round::whole_match;
    let mut hands = 0;
    for (preset, seed) in [(0u8, 1u64), (1, 2), (2, 3), (0, 4)] {
        hands += whole_match(preset, seed, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    }
    assert!(hands >= 20, "{hands}");
}

/// Many whole matches, each preset (`cargo test --release … many_matches -- --ignored`).
#[test]
#[ignore]
fn many_matches() {
    use parlor_conformance::check::mahjong_round::whole_match;
    let n: u64 = std::env::var("MJ_MATCHES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30);
    let mut hands = 0;
    for seed in 0..n {
        hands += whole_match((seed % 3) as u8, 1000 + seed, seed.wrapping_mul(0xD134_2543_DE82_EF95));
    }
    println!("{n} matches, {hands} hands");
}

/// Tenhou's own records through the reference: every round of the folder named by
/// `PARLOR_TENHOU_RECORDS` (skipped without it), its actions as the core replays them, applied
/// to the naive round reference, whose hand values come from the naive hand-value reference.
/// Every round must end as the record says with the record's deltas, and every win's value must
/// be the core's (han, fu, yaku, payments).
#[test]
fn tenhou_records_replay_through_the_reference() {
    use parlor_cli::mahjong::tenhou;
    use parlor_cli::mahjong::tenhou_replay::watch_round;
    use parlor_conformance::check::mahjong_round::{ref_config, ref_start, reference_action};
    use parlor_conformance::check::mahjong_score::same_value;
    use parlor_conformance::reference::mahjong_round::RefRound;
    let Some(dir) = std::env::var_os("PARLOR_TENHOU_RECORDS") else {
        eprintln!("skipped: PARLOR_TENHOU_RECORDS is not set (a folder of Tenhou JSON records)");
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let mut files: Vec<_> = [dir.clone(), dir.join("records")]
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flat_map(|entries| entries.flatten().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no record in {}", dir.display());
    let config = Config::TENHOU;
    let (mut rounds, mut wins) = (0, 0);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let record = tenhou::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (i, log) in record.rounds.iter().enumerate() {
            let at = format!("{}: round {i}", file.display());
            let mut actions = Vec::new();
            let core = watch_round(log, &config, |_, seat, action, _| actions.push((seat, action)))
                .unwrap_or_else(|e| panic!("{at}: the core: {e}"));
            let mut naive = RefRound::new(ref_config(&config), *core.wall(), ref_start(core.start()));
            for (k, &(seat, action)) in actions.iter().enumerate() {
                naive
                    .apply(seat.index(), &reference_action(action))
                    .unwrap_or_else(|e| panic!("{at}: step {k}: the reference refuses {seat:?} {action}: {e}"));
            }
            let o = naive
                .outcome()
                .unwrap_or_else(|| panic!("{at}: the reference's round is not over"));
            assert_eq!(o.deltas, log.result.deltas(), "{at}: deltas");
            let outcome = core.outcome().expect("the core's round is over");
            let core_wins: Vec<_> = outcome.wins.iter().flatten().collect();
            assert_eq!(core_wins.len(), o.wins.len(), "{at}: winners");
            for (w, n) in core_wins.iter().zip(&o.wins) {
                if let Err(why) = same_value(&w.value, &n.value) {
                    panic!(
                        "{at}: seat {}: {why}\ncore: {:?}\nreference: {:?}",
                        n.seat, w.value, n.value
                    );
                }
                wins += 1;
            }
            rounds += 1;
        }
    }
    eprintln!(
        "{} records, {rounds} rounds, {wins} wins: the reference agrees",
        files.len()
    );
    assert!(wins > 0);
}
