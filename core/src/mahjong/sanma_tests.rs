//! Tests of three-player Riichi (sanma, [`Config::TENHOU_SANMA`]) with rule values.
#![allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use super::round::*;
use super::score::{self, Win, Wind};
use super::*;
use crate::game::Seat;
extern crate std;
use std::format;

/// Plays a random sanma round, checking the invariants at every step: seat 3 never acts, no
/// chii, every legal action `is_legal`, count and index agree with the listing, the byte form
/// round trip.
fn play_checked(seed: u64) -> (Round, [usize; 3]) {
    let config = Config::TENHOU_SANMA;
    let start = Start {
        round_wind: if seed.is_multiple_of(2) {
            Wind::East
        } else {
            Wind::South
        },
        dealer: Seat((seed % 3) as u8),
        honba: (seed % 4) as u8,
        sticks: (seed % 3) as u8,
        scores: [35_000, 35_000, 35_000, 0],
    };
    let mut round = Round::with_start(&config, &Deal::Seeded(seed), &start).unwrap();
    assert_eq!(round.players(), 3);
    let mut bot = RandomBot::new(seed);
    let mut rng = crate::game::Rng::new(seed);
    let mut buf = [0u8; ENCODED_BYTES];
    let mut seen = [0usize; 3]; // kita, replacement wins, rons on a North
    while let Some(seat) = round.to_act() {
        assert!(seat.0 < 3, "seed {seed}: the absent seat acts");
        round.check().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let n = round.encode(&mut buf).unwrap();
        assert_eq!(Round::decode(&buf[..n]).unwrap(), round, "seed {seed}");
        assert!(!round.may_act(Seat(3)));
        assert_eq!(round.apply(Seat(3), Action::Pass), Err(Error::NoSuchSeat { seat: 3 }));
        assert_eq!(round.observation(Seat(3)), Err(Error::NoSuchSeat { seat: 3 }));
        assert_eq!(round.hand(Seat(3)).count(), 0);
        let mut actions = [Action::Pass; MAX_ACTIONS];
        let total = round.legal_actions(seat, &mut actions);
        assert!((1..=MAX_ACTIONS).contains(&total));
        // The closed-form count and index (discards as a set, has_call) agree with the listing.
        assert_eq!(round.count_legal_actions(seat), total, "seed {seed}");
        for (i, &a) in actions[..total].iter().enumerate() {
            assert_eq!(round.nth_legal_action(seat, i), Some(a), "seed {seed}: index {i}");
        }
        assert_eq!(round.nth_legal_action(seat, total), None, "seed {seed}");
        for &a in &actions[..total] {
            assert!(round.is_legal(seat, a));
            assert!(
                !matches!(a, Action::Chii { .. }),
                "seed {seed}: a chii with three players"
            );
        }
        // Kita when offered, often; otherwise random or the bot.
        let kita = actions[..total].contains(&Action::Kita);
        let action = if kita && rng.below(3) != 0 {
            seen[0] += 1;
            Action::Kita
        } else if seed % 2 == 1 {
            actions[rng.below(total as u32) as usize]
        } else {
            bot.choose(&round, seat).unwrap()
        };
        let window_kita = round.window_kita;
        round.apply(seat, action).unwrap();
        if action == Action::Ron && window_kita {
            seen[2] += 1;
        }
    }
    round.check().unwrap();
    let o = round.outcome().unwrap();
    assert_eq!(o.players, 3);
    assert_eq!(o.deltas[3], 0);
    let sum: i32 = o.deltas.iter().sum();
    let new_sticks = o.riichi.iter().filter(|&&r| r).count() as i32;
    let table = (i32::from(start.sticks) + new_sticks) * 1000;
    match o.end {
        End::Win => {
            assert_eq!(sum, table, "seed {seed}: {o:?}");
            for w in o.wins.iter().flatten() {
                if w.value.has(score::Yaku::Rinshan) && round.kans() == 0 {
                    seen[1] += 1;
                }
            }
        }
        _ => assert_eq!(sum, 0, "seed {seed}"),
    }
    (round, seen)
}

#[test]
fn sanma_rounds_keep_every_invariant() {
    let n: u64 = if cfg!(debug_assertions) { 400 } else { 3000 };
    let mut seen = [0usize; 3];
    for seed in 0..n {
        let (_, s) = play_checked(seed);
        for (a, b) in seen.iter_mut().zip(s) {
            *a += b;
        }
    }
    // North extraction happens, and so do wins on its replacement tile.
    assert!(seen[0] > 100, "{seen:?}");
}

#[test]
fn sanma_walls_hold_no_2m_to_8m() {
    for seed in 0..50 {
        let wall = seeded_wall_sanma(seed);
        assert!(wall[..108].iter().all(|&id| !absent_in_sanma(id)));
        let round = Round::new(&Config::TENHOU_SANMA, &Deal::Seeded(seed)).unwrap();
        for s in 0..3u8 {
            let n = round.hand(Seat(s)).count();
            assert_eq!(n, if s == 0 { 14 } else { 13 });
        }
        assert_eq!(round.wall_left(), 54);
        assert_eq!(round.dora_indicators(), &wall[98..99]);
    }
    // A given wall with 5m in play is refused.
    let mut wall = seeded_wall_sanma(1);
    let at = wall.iter().position(|&id| id == 16).unwrap();
    wall.swap(0, at);
    assert!(matches!(
        Round::new(&Config::TENHOU_SANMA, &Deal::Given { wall }),
        Err(Error::BadDeal { .. })
    ));
    // A dealer at the absent seat is refused.
    let start = Start {
        dealer: Seat(3),
        ..Start::first(&Config::TENHOU_SANMA)
    };
    assert!(Round::with_start(&Config::TENHOU_SANMA, &Deal::Seeded(1), &start).is_err());
}

#[test]
fn sanma_matches_rotate_three_dealers_and_end() {
    for seed in 0..30u64 {
        let mut game = Match::new(&Config::TENHOU_SANMA, seed).unwrap();
        assert_eq!(game.scores(), [35_000, 35_000, 35_000, 0]);
        let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 1), RandomBot::new(seed + 2)];
        let mut buf = [0u8; super::game_match::MATCH_ENCODED_BYTES];
        while let Some(seat) = game.round().to_act() {
            let action = bots[seat.index()].choose(game.round(), seat).unwrap();
            let step = game.apply(seat, action).unwrap();
            if step.finished.is_some() {
                let n = game.encode(&mut buf).unwrap();
                assert_eq!(Match::decode(&buf[..n]).unwrap(), game);
                let next = game.next_start();
                assert!(next.dealer.0 < 3, "seed {seed}: {next:?}");
                assert_eq!(next.scores[3], 0);
            }
        }
        let final_scores = game.final_scores().unwrap();
        assert_eq!(final_scores.iter().sum::<i32>(), 105_000, "seed {seed}");
        assert_eq!(final_scores[3], 0);
        let result = game.result().unwrap();
        assert_eq!(result.place(Seat(3)), None, "seed {seed}");
        for s in 0..3u8 {
            assert!(result.place(Seat(s)).is_some_and(|p| p < 3));
        }
    }
}

fn sanma_win(closed: &str, winning: &str) -> Win {
    Win::from_text(closed, winning).unwrap()
}

#[test]
fn sanma_hand_values_follow_tenhou() {
    let c = score::Config::TENHOU_SANMA;
    // A non-dealer mangan tsumo: 4000 from the dealer and 2000 from the other (6000, not 8000).
    // Riichi, tsumo, ittsu 2: 4 han 40 fu (a concealed 111s 8, tanki 2, tsumo 2), a mangan.
    let mut w = sanma_win("123p 456p 789p 111s 55s", "5s");
    w.tsumo = true;
    w.seat = Wind::South;
    w.riichi = score::Riichi::Riichi;
    let v = score::score(&w, &c).unwrap();
    assert_eq!((v.han(), v.fu(), v.limit()), (4, 40, score::Limit::Mangan));
    let p = v.payment();
    assert_eq!((p.dealer, p.non_dealer, p.total), (4000, 2000, 6000));
    // The dealer's tsumo, riichi, tsumo, ittsu: 4 han 30 fu (a North pair is no value: no
    // seat is North), 3900 from each of the two others.
    let mut w = sanma_win("123p 456p 789p 123s 44z", "4z");
    w = Win {
        seat: Wind::East,
        tsumo: true,
        ..w
    };
    w.riichi = score::Riichi::Riichi;
    let v = score::score(&w, &c).unwrap();
    assert_eq!((v.han(), v.fu()), (4, 30), "{:?}", v.yaku());
    assert_eq!((v.payment().non_dealer, v.payment().total), (3900, 7800));
    // Honba: 100 from each payer on a tsumo, 200 on a ron.
    w.honba = 2;
    let v = score::score(&w, &c).unwrap();
    assert_eq!((v.payment().non_dealer, v.payment().total), (4100, 8200));
    let mut w = sanma_win("123p 456p 789p 123s 44z", "4z");
    w.riichi = score::Riichi::Riichi;
    w.honba = 2;
    let v = score::score(&w, &c).unwrap();
    // Riichi, ittsu: 3 han 40 fu (closed ron 10, tanki 2), 5200 + 400.
    assert_eq!(v.payment().ron, 5200 + 400);
    // A 1m indicator points at 9m; North set aside counts one han each, and twice with a
    // West indicator.
    let mut w = sanma_win("99m 123p 456p 789p 111s", "1s");
    w.riichi = score::Riichi::Riichi;
    w.dora.push("1m".parse().unwrap()).unwrap();
    w.nukidora = 2;
    let v = score::score(&w, &c).unwrap();
    assert_eq!((v.dora(), v.nukidora()), (2, 2));
    w.dora.push("3z".parse().unwrap()).unwrap();
    let v = score::score(&w, &c).unwrap();
    assert_eq!((v.dora(), v.nukidora()), (4, 2));
    // Four-player rules refuse extracted Norths; five Norths in all are a fifth copy.
    assert_eq!(
        score::score(&w, &score::Config::ONLINE),
        Err(score::Error::Conflict(score::Conflict::Nukidora))
    );
    let mut w5 = sanma_win("444z 123p 456p 789p 11s", "1s");
    w5.riichi = score::Riichi::Riichi;
    w5.nukidora = 2;
    assert!(matches!(score::score(&w5, &c), Err(score::Error::FifthCopy { .. })));
    // A replacement draw after a North (no kan) is rinshan.
    let mut w = sanma_win("123p 456p 789p 123s 55z", "5z");
    w.tsumo = true;
    w.rinshan = true;
    w.nukidora = 1;
    let v = score::score(&w, &c).unwrap();
    assert!(v.has(score::Yaku::Rinshan), "{:?}", v.yaku());
    let _ = format!("{v:?}");
}

#[test]
fn kita_sets_a_north_aside_and_draws_a_replacement() {
    // Find a seeded deal where the dealer holds a North, then set it aside.
    let config = Config::TENHOU_SANMA;
    let mut checked = 0;
    for seed in 0..200u64 {
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        if !round.is_legal(Seat(0), Action::Kita) {
            continue;
        }
        let wall = *round.wall();
        let before = round.hand(Seat(0)).filter(|&id| id >> 2 == 30).count();
        let event = round.apply(Seat(0), Action::Kita).unwrap();
        while matches!(round.phase(), Phase::Chankan { .. }) {
            let s = round.to_act().unwrap();
            round.apply(s, Action::Pass).unwrap();
        }
        if round.phase() == Phase::Over {
            continue;
        }
        let _ = event;
        assert_eq!(round.nukidora(Seat(0)), 1);
        let drew_north = usize::from(wall[94] >> 2 == 30);
        assert_eq!(
            round.hand(Seat(0)).filter(|&id| id >> 2 == 30).count(),
            before - 1 + drew_north
        );
        // The replacement is the first rinshan tile, wall[94]; the live wall is one shorter.
        assert_eq!(round.drawn(), Some(wall[94]));
        assert_eq!(round.wall_left(), 53);
        assert_eq!(round.hand(Seat(0)).count(), 14);
        round.check().unwrap();
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn sanma_exhaustive_draw_pays_2000() {
    // Play until an exhaustive draw with one or two tenpai seats and check the payments.
    let mut found = 0;
    for seed in 0..400u64 {
        let (round, _) = play_checked(seed);
        let o = round.outcome().unwrap();
        if o.end != End::Exhaustive {
            continue;
        }
        let ready = o.tenpai.iter().filter(|&&t| t).count();
        for s in 0..3 {
            let want = match (ready, o.tenpai[s]) {
                (1, true) => 2000,
                (1, false) => -1000,
                (2, true) => 1000,
                (2, false) => -2000,
                _ => 0,
            };
            assert_eq!(o.deltas[s], want, "{o:?}");
        }
        found += 1;
    }
    assert!(found > 5, "{found}");
}

/// Swaps `id` into wall place `at` (wherever it was).
fn place(wall: &mut [u8; 136], at: usize, id: u8) {
    let from = wall.iter().position(|&x| x == id).unwrap();
    wall.swap(at, from);
}

/// A North set aside is won on by the seat waiting on North (ron, no chankan: the hand's own
/// yaku, here a closed ittsu); the finished round keeps every invariant and its byte form.
#[test]
fn a_north_set_aside_is_won_on_without_chankan() {
    let mut wall = seeded_wall_sanma(1);
    // Seat 1: 123p 456p 789p 999s and one North (id 121), waiting on North.
    let seat1 = [36, 40, 44, 48, 53, 56, 60, 64, 68, 104, 105, 106, 121];
    for (k, &id) in seat1.iter().enumerate() {
        place(&mut wall, 13 + k, id);
    }
    // The dealer draws a North (id 120) first; no other North in the first hands.
    place(&mut wall, 39, 120);
    let mut round = Round::new(&Config::TENHOU_SANMA, &Deal::Given { wall }).unwrap();
    assert_eq!(round.drawn(), Some(120));
    round.apply(Seat(0), Action::Kita).unwrap();
    assert!(matches!(
        round.phase(),
        Phase::Chankan {
            seat: Seat(0),
            tile: 120
        }
    ));
    assert!(round.is_legal(Seat(1), Action::Ron));
    round.apply(Seat(1), Action::Ron).unwrap();
    while let Some(seat) = round.to_act() {
        round.apply(seat, Action::Pass).unwrap();
    }
    let o = round.outcome().unwrap();
    let win = o.wins[0].unwrap();
    assert_eq!((win.winner, win.from, win.tile), (Seat(1), Some(Seat(0)), 120));
    assert!(win.value.has(score::Yaku::Ittsu));
    assert!(!win.value.has(score::Yaku::Chankan));
    assert_eq!(o.deltas[0], -(win.value.payment().ron as i32));
    round.check().unwrap();
    let mut buf = [0u8; ENCODED_BYTES];
    let n = round.encode(&mut buf).unwrap();
    assert_eq!(Round::decode(&buf[..n]).unwrap(), round);
}
