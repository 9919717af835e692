//! Tests of the round and match engine with rule values.
#![allow(
    clippy::indexing_slicing,
    clippy::needless_range_loop,
    clippy::nonminimal_bool,
    clippy::arithmetic_side_effects,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use super::round::*;
use super::*;
#[allow(unused_imports)]
use crate::game::Seat;
use crate::game::bot::lowest_legal_action;
extern crate std;
use std::string::ToString;
use std::{eprintln, format};

fn play_random(config: &Config, seed: u64) -> Round {
    let mut round = Round::new(config, &Deal::Seeded(seed)).unwrap();
    let mut bots = [
        RandomBot::new(seed),
        RandomBot::new(seed ^ 1),
        RandomBot::new(seed ^ 2),
        RandomBot::new(seed ^ 3),
    ];
    let mut steps = 0;
    while let Some(seat) = round.to_act() {
        let action = bots[seat.index()].choose(&round, seat).unwrap();
        round
            .apply(seat, action)
            .unwrap_or_else(|e| panic!("seed {seed}: {action} by {seat}: {e}"));
        steps += 1;
        assert!(steps < 1000);
    }
    round
}

#[test]
fn random_rounds_end_with_balanced_payments() {
    let mut ends = [0usize; 8];
    for seed in 0..2000u64 {
        let round = play_random(&Config::TENHOU, seed);
        let outcome = round.outcome().expect("over");
        let sum: i32 = outcome.deltas.iter().sum();
        let start_sticks = i32::from(round.start().sticks);
        let new_sticks = outcome.riichi.iter().filter(|&&r| r).count() as i32;
        match outcome.end {
            End::Win => {
                assert_eq!(sum, (start_sticks + new_sticks) * 1000, "seed {seed}: {outcome:?}");
                ends[0] += 1;
            }
            End::Exhaustive => {
                assert_eq!(sum, 0);
                ends[1] += 1;
            }
            End::Nagashi => ends[2] += 1,
            End::Abort(a) => {
                assert_eq!(sum, 0);
                ends[3 + a as usize] += 1;
            }
        }
    }
    eprintln!("{ends:?}");
    assert!(ends[0] > 500 && ends[1] > 100, "{ends:?}");
}

/// Plays a random round checking the invariants at every step: the round's own check, the byte
/// form round trip, legal actions within `MAX_ACTIONS` and each one `is_legal`, an illegal action
/// refused with the round unchanged.
fn play_checked(config: &Config, seed: u64) -> Round {
    // Vary the context: dealer, winds, honba, sticks and a seat too poor for riichi.
    let mut scores = [25_000; 4];
    scores[(seed % 4) as usize] = [25_000, 900, 1_000, 60_000][(seed / 4 % 4) as usize];
    let start = Start {
        round_wind: score::Wind::ALL[(seed % 3) as usize],
        dealer: Seat(((seed / 3) % 4) as u8),
        honba: (seed % 5) as u8,
        sticks: (seed % 3) as u8,
        scores,
    };
    let mut round = Round::with_start(config, &Deal::Seeded(seed), &start).unwrap();
    let mut bot = RandomBot::new(seed);
    let mut rng = crate::game::Rng::new(seed);
    let mut buf = [0u8; ENCODED_BYTES];
    while let Some(seat) = round.to_act() {
        round.check().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let n = round.encode(&mut buf).unwrap();
        assert_eq!(n, ENCODED_BYTES);
        assert_eq!(Round::decode(&buf).unwrap(), round, "seed {seed}");
        let mut actions = [Action::Pass; MAX_ACTIONS];
        let total = round.legal_actions(seat, &mut actions);
        assert!((1..=MAX_ACTIONS).contains(&total), "{total}");
        for &a in &actions[..total] {
            assert!(round.is_legal(seat, a));
        }
        for other in 0..4u8 {
            if !round.may_act(Seat(other)) {
                assert_eq!(round.legal_actions(Seat(other), &mut actions), 0);
                let before = round.clone();
                assert!(matches!(
                    round.apply(Seat(other), Action::Pass),
                    Err(Error::NotYourTurn { .. })
                ));
                assert_eq!(round, before);
            }
        }
        // An illegal action: a tile not in the hand.
        let missing = (0..136u8).find(|&id| !round.hand(seat).any(|h| h == id)).unwrap();
        let before = round.clone();
        assert!(round.apply(seat, Action::Discard { tile: missing }).is_err());
        assert!(round.apply(seat, Action::Kakan { tile: missing }).is_err());
        assert_eq!(round, before);
        // Odd seeds: uniformly random legal actions (many calls, kans, kyuushu), even seeds the bot.
        let action = if seed % 2 == 1 {
            actions[(rng.below(total as u32)) as usize]
        } else {
            bot.choose(&round, seat).unwrap()
        };
        round.apply(seat, action).unwrap();
    }
    round.check().unwrap();
    let n = round.encode(&mut buf).unwrap();
    assert_eq!(Round::decode(&buf[..n]).unwrap(), round);
    assert!(matches!(round.apply(Seat(0), Action::Pass), Err(Error::RoundOver)));
    let o = round.outcome().unwrap();
    let sum: i32 = o.deltas.iter().sum();
    let new_sticks = o.riichi.iter().filter(|&&r| r).count() as i32;
    let table = (i32::from(start.sticks) + new_sticks) * 1000;
    match o.end {
        End::Win => {
            assert_eq!(sum, table, "seed {seed}");
            assert_eq!(o.sticks, 0);
            let first = o.wins[0].unwrap();
            // The winner nearest the discarder takes the honba (300 each) and every stick.
            assert!(first.deltas[first.winner.index()] >= i32::from(start.honba) * 300 + table);
        }
        _ => {
            assert_eq!(sum, 0, "seed {seed}");
            assert_eq!(i32::from(o.sticks) * 1000, table);
        }
    }
    for s in 0..4 {
        let put = if o.riichi[s] { 1000 } else { 0 };
        assert_eq!(o.scores[s], start.scores[s] + o.deltas[s] - put);
    }
    round
}

#[test]
fn invariants_hold_at_every_step() {
    let n: u64 = if cfg!(debug_assertions) { 300 } else { 3000 };
    for seed in 0..n {
        play_checked(&Config::TENHOU, seed);
        play_checked(&Config::BASIC, seed);
    }
}

/// Regression: decoding computed the waits cache before checking the state, so a
/// hand of garbage bytes (more than 14 tiles) or a meld count above 4 reached the engine's
/// "cannot happen" paths (their debug assertions). Every byte of a mid-round state, set to each
/// of a few values, now decodes or is refused without reaching them.
#[test]
fn decode_checks_the_state_before_deriving_the_waits() {
    let mut round = Round::new(&Config::TENHOU, &Deal::Seeded(5)).unwrap();
    let mut bot = RandomBot::new(5);
    for _ in 0..30 {
        let Some(seat) = round.to_act() else { break };
        let action = bot.choose(&round, seat).unwrap();
        round.apply(seat, action).unwrap();
    }
    let mut buf = [0u8; ENCODED_BYTES];
    round.encode(&mut buf).unwrap();
    for at in 0..ENCODED_BYTES {
        for value in [0x00, 0x09, 0x7F, 0xFF] {
            let mut b = buf;
            b[at] = value;
            match Round::decode(&b) {
                Ok(r) => r.check().unwrap(),
                Err(Error::InvalidState { .. }) => {}
                Err(e) => panic!("byte {at} = {value}: {e}"),
            }
        }
    }
}

#[test]
fn decode_refuses_damaged_bytes() {
    let round = play_random(&Config::TENHOU, 3);
    let mut buf = [0u8; ENCODED_BYTES];
    round.encode(&mut buf).unwrap();
    assert!(Round::decode(&buf[..ENCODED_BYTES - 1]).is_err());
    let mut refused = 0;
    let mut rng = crate::game::Rng::new(9);
    for _ in 0..5000 {
        let mut b = buf;
        let at = rng.below(ENCODED_BYTES as u32) as usize;
        b[at] ^= 1 << rng.below(8);
        match Round::decode(&b) {
            Err(Error::InvalidState { .. }) => refused += 1,
            Ok(r) => r.check().unwrap(),
            Err(e) => panic!("{e}"),
        }
    }
    assert!(refused > 2500, "{refused}");
    let mut small = [0u8; 10];
    assert_eq!(
        round.encode(&mut small),
        Err(Error::BufferTooSmall { needed: ENCODED_BYTES })
    );
}

#[test]
fn sizes_fit_the_budget() {
    const { assert!(ROUND_BYTES <= 1024) };
    assert_eq!(ROUND_BYTES, 720, "docs/mahjong.md gives the size");
    const { assert!(super::game_match::MATCH_BYTES <= 1536) };
    eprintln!(
        "Action {} Observation {} Outcome {} Event {}",
        core::mem::size_of::<Action>(),
        core::mem::size_of::<Observation>(),
        core::mem::size_of::<Outcome>(),
        core::mem::size_of::<Event>()
    );
    eprintln!(
        "Round {ROUND_BYTES} bytes, Match {} bytes, encoded {ENCODED_BYTES}",
        super::game_match::MATCH_BYTES
    );
}

#[test]
fn matches_play_to_the_end() {
    let mut lengths = 0u32;
    for seed in 0..40u64 {
        let mut game = Match::new(&Config::TENHOU, seed).unwrap();
        let mut bots = [
            RandomBot::new(seed),
            RandomBot::new(seed + 1),
            RandomBot::new(seed + 2),
            RandomBot::new(seed + 3),
        ];
        let mut rounds = 0;
        let mut buf = [0u8; super::game_match::MATCH_ENCODED_BYTES];
        while let Some(seat) = game.round().to_act() {
            let action = bots[seat.index()].choose(game.round(), seat).unwrap();
            let step = game.apply(seat, action).unwrap();
            if let Some(o) = step.finished {
                rounds += 1;
                let n = game.encode(&mut buf).unwrap();
                assert_eq!(Match::decode(&buf[..n]).unwrap(), game);
                if !game.is_over() {
                    let next = game.next_start();
                    assert_eq!(next.scores, o.scores);
                    assert_eq!(*game.round().start(), next);
                }
            }
        }
        assert!(game.is_over());
        let final_scores = game.final_scores().unwrap();
        assert_eq!(final_scores.iter().sum::<i32>(), 100_000, "seed {seed}");
        let place = super::game_match::placement(&final_scores);
        assert!(final_scores[place[0].index()] >= final_scores[place[3].index()]);
        let result = game.result().unwrap();
        assert_eq!(result.place(place[0]), Some(0));
        assert_eq!(result.place(place[3]), Some(3));
        assert!(rounds >= 1);
        lengths += rounds;
        assert_eq!(game.apply(Seat(0), Action::Pass).unwrap_err(), Error::MatchOver);
    }
    assert!(lengths > 40 * 5, "{lengths}");
}

/// Builds a wall in the documented layout from tile text: the four hands (seat order from the
/// dealer, 13 tiles each, missing tiles filled), the first live draws, and the dora / ura
/// indicators; every other position takes the unused ids in increasing order, skipping
/// `avoid` kinds for the hand fillers.
struct WallBuilder {
    wall: [Option<u8>; 136],
    used: [bool; 136],
}

impl WallBuilder {
    fn new() -> WallBuilder {
        WallBuilder {
            wall: [None; 136],
            used: [false; 136],
        }
    }

    /// The id of a tile written like `5s`, `0p` (red) or `7z`: the lowest unused copy.
    fn id(&mut self, text: &str) -> u8 {
        let piece: score::Piece = text.parse().unwrap();
        let kind = piece.tile().index() as u8;
        let five = piece.tile().suit() != super::Suit::Honor && piece.tile().number() == 5;
        let copies: &[u8] = if piece.is_red() {
            &[0]
        } else if five {
            &[1, 2, 3]
        } else {
            &[0, 1, 2, 3]
        };
        for &c in copies {
            let id = kind * 4 + c;
            if !self.used[id as usize] {
                self.used[id as usize] = true;
                return id;
            }
        }
        panic!("no copy of {text} left");
    }

    fn put(&mut self, at: usize, text: &str) -> &mut Self {
        let mut pieces = [score::Piece::default(); 20];
        let n = score::parse_pieces(text, &mut pieces).unwrap();
        for (i, p) in pieces[..n].iter().enumerate() {
            let id = self.id(&p.to_string());
            assert!(self.wall[at + i].is_none(), "position {} twice", at + i);
            self.wall[at + i] = Some(id);
        }
        self
    }

    /// Seat `(dealer + k)` gets `hands[k]` (fewer than 13 tiles: filled later).
    fn hands(&mut self, hands: [&str; 4]) -> &mut Self {
        for (k, h) in hands.iter().enumerate() {
            self.put(13 * k, h);
        }
        self
    }

    fn live(&mut self, draws: &str) -> &mut Self {
        self.put(52, draws)
    }

    fn dora(&mut self, indicator: &str, ura: &str) -> &mut Self {
        self.put(126, indicator).put(131, ura)
    }

    fn build(&mut self, avoid: &[u8]) -> [u8; 136] {
        let mut out = [0u8; 136];
        for pos in 0..136 {
            if let Some(id) = self.wall[pos] {
                out[pos] = id;
                continue;
            }
            let in_hand = pos < 52;
            let id = (0..136u8)
                .find(|&id| !self.used[id as usize] && !(in_hand && avoid.contains(&(id / 4))))
                .or_else(|| (0..136u8).find(|&id| !self.used[id as usize]))
                .unwrap();
            self.used[id as usize] = true;
            out[pos] = id;
        }
        out
    }
}

const DRAGONS: [u8; 3] = [31, 32, 33];

fn drawn(round: &Round) -> u8 {
    round.drawn().unwrap()
}

/// The seat on turn discards its drawn tile; every window is answered `Pass`.
fn tsumogiri(round: &mut Round) -> Event {
    let seat = round.to_act().unwrap();
    let event = round.apply(seat, Action::Discard { tile: drawn(round) }).unwrap();
    pass_all(round);
    event
}

fn pass_all(round: &mut Round) {
    while matches!(round.phase(), Phase::Calls { .. } | Phase::Chankan { .. }) {
        let seat = round.to_act().unwrap();
        round.apply(seat, Action::Pass).unwrap();
    }
}

/// Seat 1 (South) declares riichi on its second discard and wins ippatsu on its next draw:
/// riichi, ippatsu, menzen tsumo and a closed ittsu are 5 han, a non-dealer mangan tsumo
/// (2000/4000), plus its own stick back: +9000 as Tenhou records it (the 1000 it put down is not
/// in the deltas), the dealer −4000, the others −2000.
#[test]
fn riichi_ippatsu_tsumo_pays_a_mangan() {
    let wall = WallBuilder::new()
        .hands(["", "123m 456m 789m 234p 5s", "", ""])
        .live("5z 5z 5z 5z 6z 6z 6z 6z 7z 5s")
        .dora("7z", "7z")
        .build(&DRAGONS);
    let mut round = Round::new(&Config::TENHOU, &Deal::Given { wall }).unwrap();
    tsumogiri(&mut round); // seat 0
    tsumogiri(&mut round); // seat 1: its first discard (no double riichi later)
    tsumogiri(&mut round);
    tsumogiri(&mut round);
    tsumogiri(&mut round); // seat 0
    assert_eq!(round.to_act(), Some(Seat(1)));
    let tile = drawn(&round);
    assert!(round.is_legal(Seat(1), Action::Riichi { tile }));
    let event = round.apply(Seat(1), Action::Riichi { tile }).unwrap();
    pass_all(&mut round);
    let _ = event;
    assert!(round.in_riichi(Seat(1)));
    assert_eq!(round.scores(), [25_000, 24_000, 25_000, 25_000]);
    assert_eq!(round.sticks_on_table(), 1);
    tsumogiri(&mut round);
    tsumogiri(&mut round);
    tsumogiri(&mut round); // seat 0 discards 7z
    assert_eq!(round.to_act(), Some(Seat(1)));
    // After riichi only the drawn tile may be discarded.
    let other = round.hand(Seat(1)).find(|&id| Some(id) != round.drawn()).unwrap();
    assert!(!round.is_legal(Seat(1), Action::Discard { tile: other }));
    round.apply(Seat(1), Action::Tsumo).unwrap();
    let outcome = round.outcome().unwrap();
    assert_eq!(outcome.end, End::Win);
    let win = outcome.wins[0].unwrap();
    assert_eq!(win.winner, Seat(1));
    assert_eq!(win.from, None);
    assert!(win.value.has(score::Yaku::Ippatsu));
    assert!(win.value.has(score::Yaku::Riichi));
    assert_eq!(win.value.han(), 5);
    assert_eq!(win.value.limit(), score::Limit::Mangan);
    assert_eq!(outcome.deltas, [-4000, 9000, -2000, -2000]);
    assert_eq!(outcome.riichi, [false, true, false, false]);
    assert_eq!(outcome.scores, [21_000, 33_000, 23_000, 23_000]);
    assert_eq!(outcome.sticks, 0);
    assert!(!outcome.dealer_repeats);
}

/// Seat 1 waits on 5s with a closed ittsu (a yaku for ron). Control: seat 2's 5s can be won.
/// Furiten: seat 1 discarded a 5s itself before, so the same 5s from seat 2 is refused and seat 1
/// is not even asked.
#[test]
fn furiten_refuses_ron() {
    for furiten in [false, true] {
        let first = if furiten { "5s" } else { "6z" };
        let wall = WallBuilder::new()
            .hands(["", "123m 456m 789m 234p 5s", "", ""])
            .live(&format!("5z {first} 5s"))
            .dora("7z", "7z")
            .build(&DRAGONS);
        let mut round = Round::new(&Config::TENHOU, &Deal::Given { wall }).unwrap();
        tsumogiri(&mut round); // seat 0: 5z
        if furiten {
            // Seat 1 could win on its draw of a second 5s; it discards it instead.
            assert!(round.is_legal(Seat(1), Action::Tsumo));
        }
        tsumogiri(&mut round); // seat 1
        let tile = drawn(&round); // seat 2 drew 5s
        round.apply(Seat(2), Action::Discard { tile }).unwrap();
        if furiten {
            assert!(!round.may_act(Seat(1)));
            assert!(!round.is_legal(Seat(1), Action::Ron));
            assert_eq!(round.to_act(), Some(Seat(3)));
        } else {
            assert!(round.is_legal(Seat(1), Action::Ron));
            round.apply(Seat(1), Action::Ron).unwrap();
            pass_all(&mut round);
            let outcome = round.outcome().unwrap();
            let win = outcome.wins[0].unwrap();
            assert_eq!((win.winner, win.from), (Seat(1), Some(Seat(2))));
            // Ittsu closed 2 han, 40 fu (closed ron 10, tanki 2, 20 base → 32 → 40): 2600.
            assert_eq!((win.value.han(), win.value.fu()), (2, 40));
            assert_eq!(outcome.deltas, [0, 2600, -2600, 0]);
        }
    }
}

/// A closed kan of a winning tile is no missed win, as no hand may rob it but thirteen orphans
/// (docs/mahjong.md, "Furiten"): seat 0 makes a closed kan of 1m; seat 1 (2m3m, waiting on 1m
/// and 4m) is not furiten after it. With seat 2 holding thirteen orphans waiting on 1m, the kan
/// opens a window, seat 2 lets it pass and is furiten — seat 1 still is not. Found by the
/// `mahjong_round` fuzz target (the reference made every waiting seat furiten).
#[test]
fn a_closed_kan_of_a_winning_tile_is_no_missed_win() {
    for kokushi in [false, true] {
        let third = if kokushi { "9m 19p 19s 1234567z 7z" } else { "" };
        let wall = WallBuilder::new()
            .hands(["111m", "23m 456p 789p 234s 55s", third, ""])
            .live("1m")
            .dora("8p", "8p")
            .build(&[0, 3, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]);
        let mut round = Round::new(&Config::TENHOU, &Deal::Given { wall }).unwrap();
        let kind = Tile::new(0).unwrap();
        round.apply(Seat(0), Action::Ankan { kind }).unwrap();
        if kokushi {
            assert_eq!(
                round.phase(),
                Phase::Chankan {
                    seat: Seat(0),
                    tile: round.window_tile
                }
            );
            assert!(round.is_legal(Seat(2), Action::Ron));
            assert!(!round.may_act(Seat(1)));
            round.apply(Seat(2), Action::Pass).unwrap();
        }
        assert_eq!(round.phase(), Phase::Turn { seat: Seat(0) });
        assert_eq!(round.melds(Seat(0)).len(), 1);
        assert_eq!(
            round.furiten_temp & 0b0010,
            0,
            "seat 1 could not have won on a closed kan"
        );
        assert_eq!(round.furiten_temp & 0b0100 != 0, kokushi, "seat 2 let its win pass");
        assert_eq!(round.furiten_riichi, 0);
    }
}

/// The call window: seat 1 may chii, seat 2 may pon, seat 3 may ron the same 3m. Ron beats pon
/// beats chii whatever order the answers come in.
#[test]
fn call_priority_ron_then_pon_then_chii() {
    let wall = WallBuilder::new()
        .hands(["3m", "12m 45p", "3m 3m", "123p 456p 789p 12m 3z 3z"])
        .live("3m")
        .dora("7z", "7z")
        .build(&DRAGONS);
    for ron in [true, false] {
        let mut round = Round::new(&Config::TENHOU, &Deal::Given { wall }).unwrap();
        let three = round.hand(Seat(0)).find(|&id| id / 4 == 2).unwrap();
        round.apply(Seat(0), Action::Discard { tile: three }).unwrap();
        assert!(round.may_act(Seat(1)) && round.may_act(Seat(2)) && round.may_act(Seat(3)));
        let chii = {
            let mut found = None;
            round.for_each_legal_action(Seat(1), |a| {
                if let Action::Chii { .. } = a {
                    found.get_or_insert(a);
                }
            });
            found.unwrap()
        };
        let pon = {
            let mut found = None;
            round.for_each_legal_action(Seat(2), |a| {
                if let Action::Pon { .. } = a {
                    found.get_or_insert(a);
                }
            });
            found.unwrap()
        };
        assert!(round.is_legal(Seat(3), Action::Ron));
        // Answers in reverse priority order.
        round.apply(Seat(1), chii).unwrap();
        round
            .apply(Seat(3), if ron { Action::Ron } else { Action::Pass })
            .unwrap();
        let event = round.apply(Seat(2), pon).unwrap();
        if ron {
            assert!(event.over);
            let o = round.outcome().unwrap();
            assert_eq!(o.wins[0].unwrap().winner, Seat(3));
            assert!(o.wins[1].is_none());
        } else {
            let call = event.called.unwrap();
            assert_eq!(
                (call.seat, call.meld.kind, call.meld.from()),
                (Seat(2), score::MeldKind::Pon, Some(Seat(0)))
            );
            assert_eq!(round.phase(), Phase::Turn { seat: Seat(2) });
            assert_eq!(round.drawn(), None);
            assert!(round.melds(Seat(1)).is_empty());
            // Kuikae: seat 2 may not discard its last 3m... it has none left; the called kind is
            // refused anyway.
            let d = round.discards().last().unwrap();
            assert!(d.called);
            // Seat 3 let its winning tile pass: temporarily furiten.
            assert_ne!(round.furiten_temp & 0b1000, 0);
        }
    }
}

/// Chankan: seat 2 pons 5p, then adds the fourth (red) 5p while seat 3's riichi is in its first
/// go-around; seat 3 (waiting on 5p) robs it. The robbed kan is not completed, so ippatsu stands:
/// riichi, ippatsu, chankan, closed ittsu (2), the red five = 6 han, haneman 12000, +1000 stick.
#[test]
fn chankan_robs_an_added_kan_and_keeps_ippatsu() {
    let wall = WallBuilder::new()
        .hands(["5p", "", "5p 5p 1s", "123m 456m 789m 46p 3z 3z"])
        .live("6z 6z 6z 6z 0p")
        .dora("7z", "7z")
        .build(&[31, 32, 33, 13, 18]);
    let mut round = Round::new(&Config::TENHOU, &Deal::Given { wall }).unwrap();
    let five = round.hand(Seat(0)).find(|&id| id / 4 == 13).unwrap();
    round.apply(Seat(0), Action::Discard { tile: five }).unwrap();
    // Seat 3 could ron (ittsu) and lets it pass; seat 2 pons.
    assert!(round.is_legal(Seat(3), Action::Ron));
    let mut pon = None;
    round.for_each_legal_action(Seat(2), |a| {
        if let Action::Pon { .. } = a {
            pon.get_or_insert(a);
        }
    });
    while matches!(round.phase(), Phase::Calls { .. }) {
        let seat = round.to_act().unwrap();
        round
            .apply(seat, if seat == Seat(2) { pon.unwrap() } else { Action::Pass })
            .unwrap();
    }
    assert_eq!(round.phase(), Phase::Turn { seat: Seat(2) });
    // Kuikae: the called kind may not be discarded (seat 2 holds no other 5p; check the rule on
    // the legal list: no discard of kind 5p).
    let one_s = round.hand(Seat(2)).find(|&id| id / 4 == 18).unwrap();
    round.apply(Seat(2), Action::Discard { tile: one_s }).unwrap();
    pass_all(&mut round);
    let tile = drawn(&round);
    assert_eq!(round.to_act(), Some(Seat(3)));
    round.apply(Seat(3), Action::Riichi { tile }).unwrap();
    pass_all(&mut round);
    assert!(round.in_riichi(Seat(3)));
    tsumogiri(&mut round); // seat 0
    tsumogiri(&mut round); // seat 1
    assert_eq!(round.to_act(), Some(Seat(2)));
    assert_eq!(drawn(&round), 52); // the red 5p
    assert!(round.is_legal(Seat(2), Action::Kakan { tile: 52 }));
    let event = round.apply(Seat(2), Action::Kakan { tile: 52 }).unwrap();
    assert!(event.window);
    assert!(matches!(
        round.phase(),
        Phase::Chankan {
            seat: Seat(2),
            tile: 52
        }
    ));
    assert!(round.may_act(Seat(3)));
    round.apply(Seat(3), Action::Ron).unwrap();
    let outcome = round.outcome().unwrap();
    let win = outcome.wins[0].unwrap();
    assert_eq!((win.winner, win.from, win.tile), (Seat(3), Some(Seat(2)), 52));
    for y in [
        score::Yaku::Riichi,
        score::Yaku::Ippatsu,
        score::Yaku::Chankan,
        score::Yaku::Ittsu,
    ] {
        assert!(win.value.has(y), "{y:?}");
    }
    assert_eq!(win.value.han(), 6);
    assert_eq!(outcome.deltas, [0, 0, -12_000, 13_000]);
}

/// The pass path of an added kan: nobody robs it, the kan completes (a replacement tile is
/// drawn, the kan dora waits for the discard).
#[test]
fn an_added_kan_draws_a_replacement_and_reveals_dora_after_the_discard() {
    let wall = WallBuilder::new()
        .hands(["5p", "", "5p 5p 1s", ""])
        .live("6z 6z 6z 6z 0p")
        .dora("7z", "7z")
        .build(&[31, 32, 33, 13, 18]);
    let mut round = Round::new(&Config::TENHOU, &Deal::Given { wall }).unwrap();
    let five = round.hand(Seat(0)).find(|&id| id / 4 == 13).unwrap();
    round.apply(Seat(0), Action::Discard { tile: five }).unwrap();
    while matches!(round.phase(), Phase::Calls { .. }) {
        let seat = round.to_act().unwrap();
        let mut pon = None;
        round.for_each_legal_action(seat, |a| {
            if let Action::Pon { .. } = a {
                pon.get_or_insert(a);
            }
        });
        round.apply(seat, pon.unwrap_or(Action::Pass)).unwrap();
    }
    let one_s = round.hand(Seat(2)).find(|&id| id / 4 == 18).unwrap();
    round.apply(Seat(2), Action::Discard { tile: one_s }).unwrap();
    pass_all(&mut round);
    tsumogiri(&mut round); // seat 3
    tsumogiri(&mut round); // seat 0
    tsumogiri(&mut round); // seat 1
    let event = round.apply(Seat(2), Action::Kakan { tile: 52 }).unwrap();
    pass_all(&mut round);
    let _ = event;
    assert_eq!(round.kans(), 1);
    assert_eq!(round.melds(Seat(2))[0].kind, score::MeldKind::Shouminkan);
    assert_eq!(round.drawn(), Some(wall[122]));
    assert_eq!(round.dora_indicators().len(), 1);
    assert_eq!(round.wall_left(), 70 - 5 - 1);
    let e = round.apply(Seat(2), Action::Discard { tile: drawn(&round) }).unwrap();
    assert_eq!(e.dora[0], Some(wall[127]));
    assert_eq!(round.dora_indicators(), &wall[126..128]);
}

/// Seat 2 pons 3p and 8s (seat 0's first two discards), draws the fourth 3p and adds it: the
/// added kan stands at once (nobody may rob a 3p), its indicator pending, and seat 2 is on turn
/// with the replacement tile `wall[122]` (`rinshan`). Seat 3 holds `seat3`, seat 2 also `extra`.
/// The indicators `wall[126..129]`: white (the deal's), 2m (the first kan's: a 3m dora, one of
/// which the 1m–3m run of the 8s-kanchan hand holds), then a filler.
fn a_second_kan_after_an_added_kan(seat3: &str, extra: &str, rinshan: &str) -> ([u8; 136], Round) {
    let wall = WallBuilder::new()
        .hands(["3p 8s", "", &format!("3p 3p 8s 8s {extra}"), seat3])
        .live("1z 2z 4z 1z 2z 4z 3p")
        .put(122, rinshan)
        .put(126, "5z 2m")
        .build(&[9, 10, 11, 12, 13, 23, 24, 25, 26, 27, 28, 30, 31, 33]);
    let mut round = Round::new(&Config::TENHOU, &Deal::Given { wall }).unwrap();
    let pon = |round: &mut Round| {
        let mut pon = None;
        round.for_each_legal_action(Seat(2), |a| {
            if let Action::Pon { .. } = a {
                pon.get_or_insert(a);
            }
        });
        while matches!(round.phase(), Phase::Calls { .. }) {
            let seat = round.to_act().unwrap();
            let answer = if seat == Seat(2) { pon.unwrap() } else { Action::Pass };
            round.apply(seat, answer).unwrap();
        }
        assert_eq!(round.phase(), Phase::Turn { seat: Seat(2) });
        let junk = round
            .hand(Seat(2))
            .find(|&id| ![11, 25, 33].contains(&(id / 4)))
            .unwrap();
        round.apply(Seat(2), Action::Discard { tile: junk }).unwrap();
        pass_all(round);
    };
    for kind in [11, 25] {
        let tile = round.hand(Seat(0)).find(|&id| id / 4 == kind).unwrap();
        round.apply(Seat(0), Action::Discard { tile }).unwrap();
        pon(&mut round);
        tsumogiri(&mut round); // seat 3
    }
    tsumogiri(&mut round); // seat 0
    tsumogiri(&mut round); // seat 1
    assert_eq!(round.to_act(), Some(Seat(2)));
    let fourth = drawn(&round);
    assert_eq!(fourth / 4, 11);
    let event = round.apply(Seat(2), Action::Kakan { tile: fourth }).unwrap();
    assert!(!event.window, "nobody may rob a 3p");
    assert_eq!(event.called.unwrap().meld.kind, score::MeldKind::Shouminkan);
    assert_eq!(event.dora, [None, None]);
    assert_eq!(event.drew, Some((Seat(2), wall[122])));
    assert_eq!(round.dora_indicators(), &wall[126..127]);
    assert_eq!(round.kans(), 1);
    (wall, round)
}

/// Tenhou turns an open or added kan's new indicator when the kan's seat discards, or once its
/// next kan stands (nobody robbed it), before that kan's replacement draw; a closed kan's at once,
/// after the pending one. A ron that robs the second kan therefore counts neither kan's indicator:
/// in a real Tenhou record of two added kans in a row whose second was robbed (mjai-reviewer's
/// `convlog/tests/testdata/double_kakan_then_chankan.json`: chankan and pinfu, 30 fu 2 han, 2000)
/// only the deal's indicator is recorded. The core turned the pending indicator when the second
/// kan was declared, so the robbing ron counted it (fuzz target `mahjong_round`, input
/// `pending-kan-dora-turned-before-a-chankan`; that record replayed paid 3900).
#[test]
fn a_robbed_added_kan_leaves_the_earlier_kans_dora_unturned() {
    const KANCHAN: &str = "123m 456m 789p 79s 3z 3z"; // waits on 8s; no yaku but chankan
    // Robbed: the 8s added, seat 3 wins on it with the deal's indicator only.
    let (wall, mut round) = a_second_kan_after_an_added_kan(KANCHAN, "", "8s");
    let eight = drawn(&round);
    let event = round.apply(Seat(2), Action::Kakan { tile: eight }).unwrap();
    assert!(event.window);
    assert_eq!(event.dora, [None, None]);
    assert_eq!(
        round.phase(),
        Phase::Chankan {
            seat: Seat(2),
            tile: eight
        }
    );
    assert_eq!(round.dora_indicators(), &wall[126..127]);
    round.apply(Seat(3), Action::Ron).unwrap();
    assert_eq!(round.dora_indicators(), &wall[126..127]);
    let outcome = round.outcome().unwrap();
    let win = outcome.wins[0].unwrap();
    assert_eq!((win.winner, win.from, win.tile), (Seat(3), Some(Seat(2)), eight));
    assert!(win.value.has(score::Yaku::Chankan));
    // Chankan 1 han, no dora (the 2m indicator's 3m is not counted); 20 + 10 (closed ron) + 2
    // (kanchan) = 40 fu: 1300 (with the first kan's indicator it was 2 han, 2600).
    assert_eq!((win.value.han(), win.value.fu(), win.value.dora()), (1, 40, 0));
    assert_eq!(outcome.deltas, [0, 0, -1300, 1300]);

    // Not robbed: the second added kan stands, the first kan's indicator is turned before its
    // replacement draw, the second's at seat 2's discard.
    let (wall, mut round) = a_second_kan_after_an_added_kan(KANCHAN, "", "8s");
    let eight = drawn(&round);
    round.apply(Seat(2), Action::Kakan { tile: eight }).unwrap();
    let event = round.apply(Seat(3), Action::Pass).unwrap();
    assert_eq!(event.called.unwrap().meld.kind, score::MeldKind::Shouminkan);
    assert_eq!(event.dora, [Some(wall[127]), None]);
    assert_eq!(event.drew, Some((Seat(2), wall[123])));
    assert_eq!(round.dora_indicators(), &wall[126..128]);
    assert_eq!(round.kans(), 2);
    let event = round.apply(Seat(2), Action::Discard { tile: drawn(&round) }).unwrap();
    assert_eq!(event.dora, [Some(wall[128]), None]);
    assert_eq!(round.dora_indicators(), &wall[126..129]);

    // A closed kan after the added kan: the pending indicator, then the closed kan's own, both
    // before its replacement draw.
    let closed_kan_7z = Action::Ankan {
        kind: Tile::new(33).unwrap(),
    };
    let (wall, mut round) = a_second_kan_after_an_added_kan(KANCHAN, "7z 7z 7z", "7z");
    let event = round.apply(Seat(2), closed_kan_7z).unwrap();
    assert!(!event.window);
    assert_eq!(event.dora, [Some(wall[127]), Some(wall[128])]);
    assert_eq!(event.drew, Some((Seat(2), wall[123])));
    assert_eq!(round.dora_indicators(), &wall[126..129]);

    // That closed kan robbed by thirteen orphans (Tenhou allows it): it never stood, so neither
    // indicator is turned.
    let kokushi = "19m 19p 19s 1z 2z 3z 4z 5z 6z 6z"; // waits on 7z
    let (wall, mut round) = a_second_kan_after_an_added_kan(kokushi, "7z 7z 7z", "7z");
    let event = round.apply(Seat(2), closed_kan_7z).unwrap();
    assert!(event.window);
    assert_eq!(event.dora, [None, None]);
    assert_eq!(round.dora_indicators(), &wall[126..127]);
    round.apply(Seat(3), Action::Ron).unwrap();
    assert_eq!(round.dora_indicators(), &wall[126..127]);
    let outcome = round.outcome().unwrap();
    assert!(outcome.wins[0].unwrap().value.has(score::Yaku::Kokushi));
    assert_eq!(outcome.deltas, [0, 0, -32_000, 32_000]);
}

/// A seat's observation does not change when another seat's closed tiles differ.
#[test]
fn observation_hides_other_hands() {
    for seed in 0..50u64 {
        let a = seeded_wall(seed);
        // Swap a tile of seat 2's hand with one of seat 3's: seat 0 and 1 see the same.
        let mut b = a;
        b.swap(26, 39);
        let mut ra = Round::new(&Config::TENHOU, &Deal::Given { wall: a }).unwrap();
        let mut rb = Round::new(&Config::TENHOU, &Deal::Given { wall: b }).unwrap();
        let obs = |r: &Round, s| r.observation(Seat(s)).unwrap();
        let mut compared = 0;
        for _ in 0..12 {
            // Whether a call window opened depends on the other hands (as at a table, where a
            // seat that may call takes its time): compare at the same point of play only.
            if ra.phase() != rb.phase() {
                break;
            }
            compared += 1;
            assert_eq!(obs(&ra, 0), obs(&rb, 0));
            assert_eq!(obs(&ra, 1), obs(&rb, 1));
            assert_ne!(obs(&ra, 2), obs(&rb, 2));
            // Seats 0 and 1 act the same in both; seats 2 and 3 hold different tiles, stop there.
            let (Some(sa), Some(sb)) = (ra.to_act(), rb.to_act()) else {
                break;
            };
            if sa != sb || sa.0 >= 2 {
                break;
            }
            let action = lowest_legal_action(&ra, sa).unwrap();
            ra.apply(sa, action).unwrap();
            rb.apply(sa, action).unwrap();
        }
        assert!(compared >= 1);
        assert!(ra.observation(Seat(4)).is_err());
    }
}

/// Seeded rounds are pinned: the same seed deals the same wall and the bots reach the same end.
#[test]
fn seeded_round_is_pinned() {
    let wall = seeded_wall(2026);
    let round = Round::new(&Config::TENHOU, &Deal::Seeded(2026)).unwrap();
    assert_eq!(round.wall(), &wall);
    let first: std::vec::Vec<u8> = round.hand(Seat(0)).collect();
    let mut expect: std::vec::Vec<u8> = wall[..13].iter().copied().chain([wall[52]]).collect();
    expect.sort_unstable();
    assert_eq!(first, expect);
    assert_eq!(&wall[..8], &[7, 91, 88, 23, 101, 50, 54, 107]);
    let played = play_random(&Config::TENHOU, 2026);
    let o = played.outcome().unwrap();
    assert_eq!((o.end, o.deltas), (End::Exhaustive, [0, 0, 0, 0]));
    // Seed 2028: seat 2 rons seat 0, 3 han 40 fu = 5200, plus its own riichi stick.
    let o = play_random(&Config::TENHOU, 2028).outcome().unwrap();
    let w = o.wins[0].unwrap();
    assert_eq!(
        (w.winner, w.from, w.value.han(), w.value.fu()),
        (Seat(2), Some(Seat(0)), 3, 40)
    );
    assert_eq!(o.deltas, [-5200, 0, 6200, 0]);
    // Seed 2036: seat 1 tsumo, 4 han 30 fu = 2000/3900, plus two riichi sticks.
    let o = play_random(&Config::TENHOU, 2036).outcome().unwrap();
    let w = o.wins[0].unwrap();
    assert_eq!((w.winner, w.from, w.value.han(), w.value.fu()), (Seat(1), None, 4, 30));
    assert_eq!(o.deltas, [-3900, 9900, -2000, -2000]);
    // Seed 2030: exhaustive draw, only the dealer tenpai: +3000 / −1000 each; the dealer repeats.
    let o = play_random(&Config::TENHOU, 2030).outcome().unwrap();
    assert_eq!(
        (o.end, o.deltas, o.tenpai),
        (
            End::Exhaustive,
            [3000, -1000, -1000, -1000],
            [true, false, false, false]
        )
    );
    assert!(o.dealer_repeats);
}

/// Jun-karaten: a wait only on a kind whose four copies the seat holds itself is no wait.
#[test]
fn a_wait_on_own_fourth_copy_is_noten() {
    let wall = WallBuilder::new().build(&[]);
    let mut round = Round::new(&Config::TENHOU, &Deal::Given { wall }).unwrap();
    // Seat 1: 234p 789p 3z closed, pon 333z, chii 567m: waiting only on the fifth West.
    let ids = |r: &Round, s| r.hand(Seat(s)).collect::<std::vec::Vec<u8>>();
    let _ = ids(&round, 1);
    let mut counts = [0u8; 34];
    for k in [10u8, 11, 12, 15, 16, 17, 29] {
        counts[k as usize] += 1;
    }
    round.melds[1][0] = TableMeld {
        kind: score::MeldKind::Pon,
        tiles: [116, 117, 118, 0],
        called: 116,
        from: 0,
    };
    round.melds[1][1] = TableMeld {
        kind: score::MeldKind::Chii,
        tiles: [16, 20, 24, 0],
        called: 16,
        from: 0,
    };
    round.meld_counts[1] = 2;
    assert_ne!(super::round_play::tenpai_waits(&counts), 0);
    assert_eq!(round.seat_waits(1, &counts), 0);
}

/// The match's end and carry rules, driven with made-up outcomes of a round in a given context.
#[test]
fn match_rotation_and_end_rules() {
    use score::Wind;
    let outcome = |end: End, deltas: [i32; 4], repeats: bool, scores: [i32; 4]| Outcome {
        end,
        wins: [None; 3],
        deltas,
        riichi: [false; 4],
        tenpai: [false; 4],
        honba: 0,
        sticks: 0,
        dealer_repeats: repeats,
        scores,
        players: 4,
    };
    let at = |kyoku: u8, honba: u8, scores: [i32; 4]| {
        let mut m = Match::new(&Config::TENHOU, 1).unwrap();
        m.round.start = Start {
            round_wind: Wind::ALL[usize::from(kyoku / 4)],
            dealer: Seat(kyoku % 4),
            honba,
            sticks: 0,
            scores,
        };
        m
    };
    let even = [25_000; 4];
    // East 2, a non-dealer win: the deal passes on, honba back to 0.
    let mut m = at(1, 2, even);
    m.after_round(&outcome(End::Win, [0; 4], false, [33_000, 17_000, 25_000, 25_000]))
        .unwrap();
    assert!(!m.is_over());
    let n = m.next_start();
    assert_eq!((n.round_wind, n.dealer, n.honba), (Wind::East, Seat(2), 0));
    assert_eq!(*m.round().start(), n);
    // East 4, dealer noten at a draw: South 1 with honba + 1.
    let mut m = at(3, 1, even);
    m.after_round(&outcome(End::Exhaustive, [0; 4], false, even)).unwrap();
    let n = m.next_start();
    assert_eq!((n.round_wind, n.dealer, n.honba), (Wind::South, Seat(0), 2));
    // A dealer repeat keeps the round, honba + 1.
    let mut m = at(2, 0, even);
    m.after_round(&outcome(End::Win, [0; 4], true, [20_000, 20_000, 40_000, 20_000]))
        .unwrap();
    let n = m.next_start();
    assert_eq!((n.round_wind, n.dealer, n.honba), (Wind::East, Seat(2), 1));
    // Busting below zero ends the match at once (exactly 0 plays on).
    let mut m = at(1, 0, even);
    m.after_round(&outcome(End::Win, [0; 4], false, [51_000, 0, 25_000, 24_000]))
        .unwrap();
    assert!(!m.is_over());
    let mut m = at(1, 0, even);
    m.after_round(&outcome(End::Win, [0; 4], false, [51_100, -100, 25_000, 24_000]))
        .unwrap();
    assert!(m.is_over());
    // South 4, a non-dealer win and someone at 30,000: over.
    let mut m = at(7, 0, even);
    m.after_round(&outcome(End::Win, [0; 4], false, [31_000, 19_000, 25_000, 25_000]))
        .unwrap();
    assert!(m.is_over());
    // South 4, nobody at 30,000: West 1.
    let mut m = at(7, 0, even);
    m.after_round(&outcome(End::Win, [0; 4], false, [29_000, 21_000, 25_000, 25_000]))
        .unwrap();
    assert!(!m.is_over());
    assert_eq!(
        (m.next_start().round_wind, m.next_start().dealer),
        (Wind::West, Seat(0))
    );
    // South 4, the dealer (seat 3) wins and is first with 30,000+: agari-yame ends it.
    let mut m = at(7, 0, even);
    m.after_round(&outcome(End::Win, [0; 4], true, [20_000, 20_000, 20_000, 40_000]))
        .unwrap();
    assert!(m.is_over());
    // Tenpai-yame: the dealer tenpai at South 4's exhaustive draw and first with 30,000+
    // ends it under Tenhou's rule since mid-2010; before (TENHOU_2010), it plays on, 1 honba.
    let tenpai_top = [20_000, 20_000, 20_000, 40_000];
    let mut m = at(7, 0, even);
    m.after_round(&outcome(End::Exhaustive, [0; 4], true, tenpai_top))
        .unwrap();
    assert!(m.is_over());
    let mut m = at(7, 0, even);
    m.round.config = Config::TENHOU_2010;
    m.after_round(&outcome(End::Exhaustive, [0; 4], true, tenpai_top))
        .unwrap();
    assert!(!m.is_over());
    assert_eq!((m.next_start().dealer, m.next_start().honba), (Seat(3), 1));
    // ... while its win still ends it (agari-yame).
    let mut m = at(7, 0, even);
    m.round.config = Config::TENHOU_2010;
    m.after_round(&outcome(End::Win, [0; 4], true, tenpai_top)).unwrap();
    assert!(m.is_over());
    // ... but not when another seat is first: South 4, 1 honba.
    let mut m = at(7, 0, even);
    m.after_round(&outcome(End::Win, [0; 4], true, [41_000, 19_000, 10_000, 30_000]))
        .unwrap();
    assert!(!m.is_over());
    assert_eq!((m.next_start().dealer, m.next_start().honba), (Seat(3), 1));
    // West 4 without anyone at 30,000 still ends (one extension wind at most).
    let mut m = at(11, 0, even);
    m.after_round(&outcome(End::Exhaustive, [0; 4], false, even)).unwrap();
    assert!(m.is_over());
    // Without the extension, South 4 ends whatever the points.
    let mut m = Match::new(
        &Config {
            extension: false,
            ..Config::TENHOU
        },
        1,
    )
    .unwrap();
    m.round.start = Start {
        round_wind: Wind::South,
        dealer: Seat(3),
        ..Start::first(&Config::TENHOU)
    };
    m.after_round(&outcome(End::Exhaustive, [0; 4], false, even)).unwrap();
    assert!(m.is_over());
}

/// A given match waits for each deal; sticks left at the end go to the first place.
#[test]
fn given_match_waits_for_each_deal() {
    let mut m = Match::new_given(&Config::TENHOU_EAST, &Deal::Seeded(5)).unwrap();
    assert_eq!(m.deal_round(&Deal::Seeded(6)), Err(Error::NotAwaitingDeal));
    let mut bot = RandomBot::new(5);
    let mut deals = 6u64;
    loop {
        while let Some(seat) = m.round().to_act() {
            let a = bot.choose(m.round(), seat).unwrap();
            m.apply(seat, a).unwrap();
        }
        if m.is_over() {
            break;
        }
        assert!(m.awaiting_deal());
        assert_eq!(m.apply(Seat(0), Action::Pass), Err(Error::AwaitingDeal));
        m.deal_round(&Deal::Seeded(deals)).unwrap();
        assert_eq!(*m.round().start(), m.next_start());
        deals += 1;
    }
    let last = m.round().scores();
    let finals = m.final_scores().unwrap();
    let top = m.result().unwrap().winners().next().unwrap();
    let sticks = i32::from(m.round().sticks_on_table()) * 1000;
    assert_eq!(finals[top.index()], last[top.index()] + sticks);
    assert_eq!(finals.iter().sum::<i32>(), 100_000);
    assert_eq!(m.deal_round(&Deal::Seeded(1)), Err(Error::MatchOver));
}

/// The largest call window: 1111m 2222m 4444m 5m facing a 3m has 36 chii id pairs.
#[test]
fn the_widest_chii_window_fits_max_actions() {
    let wall = WallBuilder::new()
        .hands(["3m", "1111m 2222m 4444m 5m", "", ""])
        .live("7z")
        .dora("6z", "6z")
        .build(&[0, 1, 2, 3, 4]);
    let mut round = Round::new(&Config::TENHOU, &Deal::Given { wall }).unwrap();
    let three = round.hand(Seat(0)).find(|&id| id / 4 == 2).unwrap();
    round.apply(Seat(0), Action::Discard { tile: three }).unwrap();
    let mut actions = [Action::Pass; MAX_ACTIONS];
    let n = round.legal_actions(Seat(1), &mut actions);
    assert_eq!(n, 1 + 16 + 16 + 4);
    assert!(n <= MAX_ACTIONS);
    assert_eq!(actions[0], Action::Pass);
    assert!(actions[1..n].iter().all(|a| matches!(a, Action::Chii { .. })));
}

/// Seat 1 pons 5z from seat 0, 6z from seat 2 and its third dragon, 7z, from seat 3 (pao on
/// seat 3), holding `rest` (7 tiles: two sets' worth and a tanki) besides its dragons and 1s 4s
/// 7s it throws; then wins on `last` by tsumo, or by ron on seat 0's discard. Returns the win
/// and the deltas.
fn third_dragon_pao(config: &Config, honba: u8, rest: &str, last: &str, tsumo: bool) -> (Agari, [i32; 4]) {
    let live = if tsumo {
        format!("2z 3z 1z 1z 1z 4z 4z {last}")
    } else {
        format!("2z 3z 1z 1z 1z 4z {last}")
    };
    let wall = WallBuilder::new()
        .hands(["5z", &format!("55z 66z 77z {rest} 1s 4s 7s"), "6z", "7z"])
        .live(&live)
        .dora("9s", "9s")
        .build(&[18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 17]);
    let start = Start {
        honba,
        ..Start::first(config)
    };
    let mut round = Round::with_start(config, &Deal::Given { wall }, &start).unwrap();
    let pon_by_1 = |round: &mut Round, seat: u8, kind: u8, throw: u8| {
        let id = round.hand(Seat(seat)).find(|&id| id / 4 == kind).unwrap();
        round.apply(Seat(seat), Action::Discard { tile: id }).unwrap();
        while matches!(round.phase(), Phase::Calls { .. }) {
            let s = round.to_act().unwrap();
            let mut pon = None;
            round.for_each_legal_action(s, |a| {
                if let Action::Pon { .. } = a {
                    pon.get_or_insert(a);
                }
            });
            let answer = if s == Seat(1) { pon.unwrap() } else { Action::Pass };
            round.apply(s, answer).unwrap();
        }
        assert_eq!(round.phase(), Phase::Turn { seat: Seat(1) });
        let t = round.hand(Seat(1)).find(|&id| id / 4 == throw).unwrap();
        round.apply(Seat(1), Action::Discard { tile: t }).unwrap();
        pass_all(round);
    };
    pon_by_1(&mut round, 0, 31, 18); // seat 0's 5z; seat 1 throws 1s
    assert_eq!(round.to_act(), Some(Seat(2)));
    pon_by_1(&mut round, 2, 32, 21); // seat 2's 6z; 4s
    tsumogiri(&mut round); // seat 2
    pon_by_1(&mut round, 3, 33, 24); // seat 3's 7z: the third dragon set, pao on seat 3; 7s
    assert_eq!(round.pao[1], 4);
    tsumogiri(&mut round); // seat 2
    tsumogiri(&mut round); // seat 3
    if tsumo {
        tsumogiri(&mut round); // seat 0
        round.apply(Seat(1), Action::Tsumo).unwrap();
    } else {
        let t = drawn(&round);
        round.apply(Seat(0), Action::Discard { tile: t }).unwrap();
        round.apply(Seat(1), Action::Ron).unwrap();
        pass_all(&mut round);
    }
    let o = round.outcome().unwrap();
    let win = o.wins[0].unwrap();
    assert!(win.value.has(score::Yaku::Daisangen));
    assert_eq!(win.pao, Some(Seat(3)));
    (win, o.deltas)
}

/// Pao: daisangen on a 9p tanki. On the tsumo seat 3 pays the whole 32,000; on a ron from seat
/// 0 the two share it, 16,000 each.
#[test]
fn pao_for_the_third_dragon() {
    let c = Config::TENHOU;
    assert_eq!(
        third_dragon_pao(&c, 0, "123m 9p", "9p", true).1,
        [0, 32_000, 0, -32_000]
    );
    assert_eq!(
        third_dragon_pao(&c, 0, "123m 9p", "9p", false).1,
        [-16_000, 32_000, 0, -16_000]
    );
    // Two honba: the liable seat pays them (600) with its share.
    assert_eq!(
        third_dragon_pao(&c, 2, "123m 9p", "9p", true).1,
        [0, 32_600, 0, -32_600]
    );
    assert_eq!(
        third_dragon_pao(&c, 2, "123m 9p", "9p", false).1,
        [-16_000, 32_600, 0, -16_600]
    );
}

/// Pao with a second yakuman won by tsumo (daisangen and all honors, 64,000, two honba): under
/// Tenhou (`pao_tsumo_whole_hand`) the liable seat 3 pays the whole hand, both yakuman and the
/// honba, as real Tenhou records show; without the flag it pays the liable yakuman and the
/// honba (32,600) and a tsumo share of the other (8,000), the dealer 16,000, seat 2 8,000. A ron
/// shares only the liable yakuman either way.
#[test]
fn pao_tsumo_of_a_composite_yakuman_is_paid_whole() {
    let tenhou = Config::TENHOU;
    assert!(tenhou.pao_tsumo_whole_hand);
    let (win, deltas) = third_dragon_pao(&tenhou, 2, "222z 3z", "3z", true);
    assert!(win.value.has(score::Yaku::Tsuuiisou));
    assert_eq!(win.value.yakuman(), 2);
    assert_eq!(deltas, [0, 64_600, 0, -64_600]);
    let split = Config {
        pao_tsumo_whole_hand: false,
        ..Config::TENHOU
    };
    assert_eq!(
        third_dragon_pao(&split, 2, "222z 3z", "3z", true).1,
        [-16_000, 64_600, -8_000, -40_600]
    );
    for config in [tenhou, split] {
        assert_eq!(
            third_dragon_pao(&config, 2, "222z 3z", "3z", false).1,
            [-48_000, 64_600, 0, -16_600]
        );
    }
}

/// Every legal-action list is in the documented order (kinds of actions in order, ids ascending
/// within a kind) — over random rounds.
#[test]
fn legal_actions_are_in_the_documented_order() {
    fn rank(a: &Action, window: bool) -> (u8, u16) {
        let pair = |t: [u8; 2]| u16::from(t[0]) * 256 + u16::from(t[1]);
        if window {
            match *a {
                Action::Pass => (0, 0),
                Action::Ron => (1, 0),
                Action::Pon { tiles } => (2, pair(tiles)),
                Action::Kan => (3, 0),
                Action::Chii { tiles } => (4, pair(tiles)),
                _ => (9, 0),
            }
        } else {
            match *a {
                Action::Discard { tile } => (0, tile.into()),
                Action::Riichi { tile } => (1, tile.into()),
                Action::Tsumo => (2, 0),
                Action::Ankan { kind } => (3, kind.index() as u16),
                Action::Kakan { tile } => (4, tile.into()),
                Action::Kyuushu => (5, 0),
                _ => (9, 0),
            }
        }
    }
    for seed in 0..200u64 {
        let mut round = Round::new(&Config::TENHOU, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed);
        while let Some(seat) = round.to_act() {
            let window = !matches!(round.phase(), Phase::Turn { .. });
            let mut actions = [Action::Pass; MAX_ACTIONS];
            let n = round.legal_actions(seat, &mut actions);
            let ranks: std::vec::Vec<_> = actions[..n].iter().map(|a| rank(a, window)).collect();
            assert!(ranks.windows(2).all(|w| w[0] < w[1]), "{:?}", &actions[..n]);
            assert!(ranks.iter().all(|r| r.0 != 9));
            let a = bot.choose(&round, seat).unwrap();
            round.apply(seat, a).unwrap();
        }
    }
}

/// Regression (found by the C fuzz loop): a call window's stored answer was not checked on
/// decode. A flipped answer code (a pon of tiles the seat does not hold) decoded, and the next
/// legal answer closed the window and carried it out, leaving a state that no longer decoded.
#[test]
fn decode_refuses_a_stored_window_answer_the_seat_could_not_give() {
    let mut buf = [0u8; ENCODED_BYTES];
    let mut checked = 0;
    for seed in 0..400u64 {
        let mut round = Round::new(&Config::TENHOU, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed);
        while let Some(seat) = round.to_act() {
            // A window where one seat has passed and another is still to answer.
            if round.phase == PHASE_CALLS
                && round.answers.iter().any(|a| *a != super::round::NO_ANSWER)
                && round.pending != 0
            {
                let (s, _) = (0..4)
                    .zip(round.answers.iter())
                    .find(|(_, a)| **a != super::round::NO_ANSWER)
                    .unwrap();
                let mut spoilt = round.clone();
                // Tiles 0 and 1 (two 1m) that the seat does not hold.
                let held = |id: u8| round.hand(Seat(s)).any(|h| h == id);
                let tiles = (0..135u8).find(|&id| !held(id) && !held(id + 1)).unwrap();
                spoilt.answers[usize::from(s)] = Action::Pon {
                    tiles: [tiles, tiles + 1],
                }
                .to_code();
                let n = spoilt.encode(&mut buf).unwrap();
                assert!(
                    Round::decode(&buf[..n]).is_err(),
                    "seed {seed}: the spoilt answer decoded"
                );
                let n = round.encode(&mut buf).unwrap();
                assert_eq!(Round::decode(&buf[..n]).unwrap(), round);
                checked += 1;
                break;
            }
            let action = bot.choose(&round, seat).unwrap();
            round.apply(seat, action).unwrap();
        }
    }
    assert!(checked > 20, "only {checked} windows with a stored answer");
}

/// Three seats win on one discard: Tenhou aborts (sanchahou), Mahjong Soul pays all three (its
/// rule page: no three-ron abort), the honba and sticks to the winner nearest the discarder.
#[test]
fn three_rons_abort_on_tenhou_and_all_win_on_mahjong_soul() {
    let wall = WallBuilder::new()
        .hands([
            "19m1p19s1234567z",
            "112233m445566m9p",
            "112233p445566p9p",
            "112233s445566s9p",
        ])
        .live("9p")
        .build(&[]);
    let start = Start {
        honba: 1,
        sticks: 1,
        ..Start::first(&Config::TENHOU)
    };
    for (config, aborts) in [(Config::TENHOU, true), (Config::MAHJONG_SOUL, false)] {
        let mut round = Round::with_start(&config, &Deal::Given { wall }, &start).unwrap();
        let ninep = drawn(&round);
        round.apply(Seat(0), Action::Discard { tile: ninep }).unwrap();
        for s in 1..4u8 {
            assert!(round.is_legal(Seat(s), Action::Ron), "seat {s}");
        }
        for s in 1..4u8 {
            round.apply(Seat(s), Action::Ron).unwrap();
        }
        let o = round.outcome().unwrap();
        if aborts {
            assert_eq!(o.end, End::Abort(Abort::TripleRon));
            assert_eq!(o.deltas, [0; 4]);
        } else {
            assert_eq!(o.end, End::Win);
            // Ryanpeikou 3 han 40 fu (5200) for seats 1 and 3, with chinitsu a baiman (16000)
            // for seat 2; the nearest winner (seat 1) also takes the honba (300) and the stick.
            let winners: std::vec::Vec<_> = o
                .wins
                .iter()
                .flatten()
                .map(|w| (w.winner, w.value.payment().ron))
                .collect();
            assert_eq!(winners, [(Seat(1), 5500), (Seat(2), 16_000), (Seat(3), 5200)]);
            assert_eq!(o.deltas, [-26_700, 5200 + 300 + 1000, 16_000, 5200]);
        }
    }
}

/// The census test that skips the shanten of hands far from tenpai (`far_from_tenpai`: more
/// lone tiles than a tenpai hand can hold, too few terminal and honor kinds for thirteen
/// orphans) never calls a hand at shanten 0 or below far: random hands of every size, complete
/// hands less a tile (tenpai), complete hands with a tile exchanged (shanten ≤ 0 at 14 tiles),
/// seven-pairs and thirteen-orphans shapes; and it does pass over most random hands.
#[test]
fn hands_called_far_from_tenpai_are_never_tenpai() {
    use super::round_play::far_from_tenpai;
    let mut rng = crate::game::Rng::new(0x7e4a);
    let (mut far, mut hands) = (0usize, 0usize);
    let check = |counts: &[u8; KINDS], far_count: &mut usize| {
        let n: usize = counts.iter().map(|&c| usize::from(c)).sum();
        let spare = if n % 3 == 1 { 1 } else { 2 };
        let s = shanten(&Hand::from_counts(counts).unwrap(), None).unwrap();
        if far_from_tenpai(counts, spare) {
            assert!(s >= 1, "{counts:?} ({n} tiles) called far at shanten {s}");
            *far_count += 1;
        }
    };
    let draw = |rng: &mut crate::game::Rng, counts: &mut [u8; KINDS]| loop {
        let k = rng.below(KINDS as u32) as usize;
        if counts[k] < 4 {
            counts[k] += 1;
            return k;
        }
    };
    for case in 0..40_000 {
        let mut counts = [0u8; KINDS];
        match case % 4 {
            // Random hands of 1 … 14 tiles (3n+1 or 3n+2).
            0 | 1 => {
                let sizes = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14];
                for _ in 0..sizes[rng.below(10) as usize] {
                    draw(&mut rng, &mut counts);
                }
            }
            // A complete hand (sets and a pair), less a tile or with one exchanged.
            2 => {
                let sets = 1 + rng.below(4);
                for _ in 0..sets {
                    if rng.below(3) == 0 {
                        let k = rng.below(KINDS as u32) as usize;
                        if counts[k] <= 1 {
                            counts[k] += 3;
                        }
                    } else {
                        let suit = rng.below(3) as usize;
                        let low = suit * 9 + rng.below(7) as usize;
                        if (low..low + 3).all(|k| counts[k] < 4) {
                            for k in low..low + 3 {
                                counts[k] += 1;
                            }
                        }
                    }
                }
                let k = rng.below(KINDS as u32) as usize;
                if counts[k] <= 2 {
                    counts[k] += 2;
                }
                let held: std::vec::Vec<usize> = (0..KINDS).filter(|&k| counts[k] > 0).collect();
                counts[held[rng.below(held.len() as u32) as usize]] -= 1;
                if rng.below(2) == 0 {
                    draw(&mut rng, &mut counts);
                }
                if counts.iter().map(|&c| usize::from(c)).sum::<usize>() % 3 == 0 {
                    continue;
                }
            }
            // Seven pairs or thirteen orphans, a tile short or one over.
            _ => {
                if rng.below(2) == 0 {
                    while counts.iter().filter(|&&c| c == 2).count() < 6 {
                        let k = rng.below(KINDS as u32) as usize;
                        if counts[k] == 0 {
                            counts[k] = 2;
                        }
                    }
                } else {
                    for k in [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33] {
                        counts[k] = 1;
                    }
                    counts[[0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33][rng.below(13) as usize]] = 0;
                    draw(&mut rng, &mut counts);
                }
                draw(&mut rng, &mut counts);
            }
        }
        if counts.iter().all(|&c| c == 0) {
            continue;
        }
        hands += 1;
        check(&counts, &mut far);
    }
    assert!(hands > 30_000 && far > hands / 4, "{far} of {hands} far");
}

/// `far_from_tenpai_bits` (the census read from an id set's nibbles) gives the answer of
/// `far_from_tenpai` over the set's counts, for both spares: random hands of 1–14 tiles,
/// tenpai-like shapes (runs, pairs, suit edges, thirteen-orphans kinds) and random sets of any
/// size (every kind's four ids, whole words).
#[test]
fn far_from_tenpai_bits_is_far_from_tenpai() {
    use super::round_play::{far_from_tenpai, far_from_tenpai_bits};
    let mut rng = crate::game::Rng::new(0xfa7b);
    let (mut far, mut sets) = (0usize, 0usize);
    for case in 0..60_000u32 {
        let mut bits: Bits = [0; 3];
        match case % 3 {
            // A random hand: ids drawn until it holds 1–14 tiles.
            0 => {
                let size = 1 + rng.below(14);
                while u32::from(bits_len(&bits)) < size {
                    bits_insert(&mut bits, rng.below(136) as u8);
                }
            }
            // Tiles of a few neighbouring kinds (runs, pairs, edges of a suit, word edges).
            1 => {
                let base = rng.below(34) as u8;
                for _ in 0..1 + rng.below(14) {
                    let kind = base.saturating_add(rng.below(5) as u8).min(33);
                    let kind = if rng.below(4) == 0 {
                        [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33][rng.below(13) as usize]
                    } else {
                        kind
                    };
                    bits_insert(&mut bits, kind * 4 + rng.below(4) as u8);
                }
            }
            // Any set of ids.
            _ => {
                bits = [rng.next_u64(), rng.next_u64(), rng.next_u64() & 0xFF];
                for word in bits.iter_mut() {
                    for _ in 0..rng.below(4) {
                        *word &= rng.next_u64();
                    }
                }
            }
        }
        let counts = bits_counts(&bits);
        for spare in [1, 2] {
            sets += 1;
            let want = far_from_tenpai(&counts, spare);
            far += usize::from(want);
            assert_eq!(far_from_tenpai_bits(&bits, spare), want, "{counts:?} spare {spare}");
        }
    }
    assert!(far > sets / 4 && far < sets * 3 / 4, "{far} of {sets} far");
}

/// `bits_len` and `kind_count` (a nibble's population read from a word of answers) are the
/// populations `count_ones` gives, on random and edge sets.
#[test]
fn bits_len_and_kind_count_are_populations() {
    let mut rng = crate::game::Rng::new(0x0b175);
    let mut sets: std::vec::Vec<Bits> = std::vec![[0; 3], [u64::MAX; 3], [u64::MAX, u64::MAX, 0xFF], [1, 0, 1 << 63]];
    for _ in 0..5000 {
        let mut bits = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
        for word in bits.iter_mut() {
            for _ in 0..rng.below(5) {
                *word &= rng.next_u64();
            }
        }
        sets.push(bits);
    }
    for bits in &sets {
        let ones: u32 = bits.iter().map(|w| w.count_ones()).sum();
        assert_eq!(u32::from(bits_len(bits)), ones, "{bits:x?}");
        for kind in 0..48u8 {
            let nibble = (bits[usize::from(kind >> 4)] >> ((kind & 15) * 4)) & 0xF;
            assert_eq!(
                u32::from(kind_count(bits, kind)),
                nibble.count_ones(),
                "{bits:x?} kind {kind}"
            );
        }
    }
}

/// Every call window of 2,000 seeded rounds under four rule sets as it opens (no answer given
/// yet), with its round's seed: odd seeds play uniformly random legal actions (many calls, `salt`
/// seeding the draws), even seeds the random bot (which plays towards tenpai: many waits).
fn for_each_opening_window(salt: u64, mut visit: impl FnMut(u64, &Round)) {
    let configs = [
        Config::TENHOU,
        Config::BASIC,
        Config::TENHOU_SANMA,
        Config::MAHJONG_SOUL,
    ];
    for seed in 0..2000u64 {
        let config = configs[(seed % 4) as usize];
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut rng = crate::game::Rng::new(seed ^ salt);
        let mut bot = RandomBot::new(seed);
        while let Some(seat) = round.to_act() {
            if round.phase == PHASE_CALLS && round.answers == [NO_ANSWER; SEATS] {
                visit(seed, &round);
            }
            let action = if seed % 2 == 1 {
                let mut actions = [Action::Pass; MAX_ACTIONS];
                let total = round.legal_actions(seat, &mut actions);
                actions[rng.below(total as u32) as usize]
            } else {
                bot.choose(&round, seat).unwrap()
            };
            round.apply(seat, action).unwrap();
        }
    }
}

/// A call window that closes with no answer at all (no seat had a call: `resolve_calls`' short
/// way, which reads no answer) ends as the same window does when every seat that may answer
/// passes (the long way: rons and calls read from the answers); and `mark_missed`, which skips
/// the seats when no hand at the table waits on the tile, marks what the seat-by-seat reading
/// marks. Random windows of random rounds under four rule sets.
#[test]
fn an_unanswered_window_resolves_as_one_every_seat_passed() {
    let (mut windows, mut missed) = (0usize, 0usize);
    for_each_opening_window(0x5eed, |seed, round| {
        // The old reading of `mark_missed`: every seat but the actor, one by one.
        let tile = round.window_tile;
        let mut want = round.clone();
        let closed_kan = want.window_ankan && !want.window_kita;
        for k in 1..want.players() {
            let s = want.next_seat(want.actor, k);
            let waits = want.waits[usize::from(s)] & (1u64 << (tile >> 2)) != 0;
            let robs = want.hand(Seat(s)).count() == 13 && {
                let mut counts = bits_counts(&want.hands[usize::from(s)]);
                counts[usize::from(tile >> 2)] += 1;
                super::rules::thirteen_orphans_complete(&counts)
            };
            if waits && (!closed_kan || robs) {
                want.furiten_temp |= 1 << s;
                if want.riichi[usize::from(s)] != 0 {
                    want.furiten_riichi |= 1 << s;
                }
            }
        }
        let mut got = round.clone();
        got.mark_missed(tile);
        assert_eq!(got, want, "seed {seed}");
        missed += usize::from(round.waits.iter().any(|&w| w & (1u64 << (tile >> 2)) != 0));
        // Every seat that may answer passes, against the window closed unanswered.
        let mut passed = round.clone();
        let mut event = Event::default();
        while let Some(s) = passed.to_act().filter(|_| passed.phase == PHASE_CALLS) {
            event = passed.apply(s, Action::Pass).unwrap();
        }
        let mut unanswered = round.clone();
        unanswered.answers = [NO_ANSWER; SEATS];
        unanswered.pending = 0;
        let mut short = Event::default();
        unanswered.resolve_calls(&mut short).unwrap();
        short.window = matches!(unanswered.phase, PHASE_CALLS | PHASE_CHANKAN);
        short.over = unanswered.phase == PHASE_OVER;
        assert_eq!(unanswered, passed, "seed {seed}");
        assert_eq!(short, event, "seed {seed}");
        windows += 1;
    });
    assert!(
        windows > 5000 && missed > 500,
        "{windows} windows, {missed} on a tile waited on"
    );
}

/// The kuikae test of a call (`call_leaves_discard`, which clears the forbidden kinds and the
/// ids the call takes from the hand's set) against the count it replaced: the hand's tiles,
/// less every tile of the forbidden kinds, less what the call takes of the others, above 0.
/// Random hands of 1–14 tiles, pons and chiis of random kinds (with and without a suji), both
/// kuikae rules.
#[test]
fn call_leaves_discard_is_the_count_of_what_is_left() {
    let reference = |bits: &Bits, used: &[u8], called: u8, suji: Option<u8>, kuikae: bool| {
        let forbid = if kuikae {
            (1u64 << called) | suji.map_or(0, |s| 1u64 << s)
        } else {
            0
        };
        let counts = bits_counts(bits);
        let mut left: i32 = counts.iter().map(|&c| i32::from(c)).sum();
        for k in 0..KINDS {
            if forbid & (1u64 << k) != 0 {
                left -= i32::from(counts[k]);
            }
        }
        let taken = if used.len() == 1 { 2 } else { 1 };
        for &k in used {
            if forbid & (1u64 << k) == 0 {
                left -= i32::from(counts[usize::from(k)].min(taken));
            }
        }
        left > 0
    };
    let mut round = Round::new(&Config::TENHOU, &Deal::Seeded(3)).unwrap();
    let mut rng = crate::game::Rng::new(0x4c1d);
    let (mut yes, mut no) = (0usize, 0usize);
    for case in 0..40_000u32 {
        // Small hands often (where a call can leave nothing), tiles near one kind.
        let size = [1, 2, 3, 4, 4, 5, 7, 10, 13, 14][rng.below(10) as usize];
        let centre = rng.below(KINDS as u32) as u8;
        let mut bits: Bits = [0; 3];
        while bits_len(&bits) < size {
            let kind = if rng.below(3) == 0 {
                rng.below(KINDS as u32) as u8
            } else {
                (centre + rng.below(7) as u8).saturating_sub(3).min(33)
            };
            bits_insert(&mut bits, kind * 4 + rng.below(4) as u8);
        }
        let kuikae = case % 2 == 0;
        round.config.kuikae_forbidden = kuikae;
        round.hands[1] = bits;
        let called = centre;
        let suji = match rng.below(3) {
            0 => None,
            1 => Some(called.saturating_add(3).min(33)),
            _ => Some(called.saturating_sub(3)),
        };
        // A pon, and the chii shapes of two other kinds that fit in 0–33 (a chii uses two
        // kinds other than the called one).
        let mut shapes: std::vec::Vec<std::vec::Vec<u8>> = std::vec![std::vec![called]];
        for [a, b] in [[-2i32, -1], [-1, 1], [1, 2]] {
            let (a, b) = (i32::from(called) + a, i32::from(called) + b);
            if a >= 0 && b <= 33 {
                shapes.push(std::vec![a as u8, b as u8]);
            }
        }
        for used in &shapes {
            let suji = if used.len() == 1 { None } else { suji };
            let want = reference(&bits, used, called, suji, kuikae);
            assert_eq!(
                round.call_leaves_discard(1, used, called, suji),
                want,
                "{bits:x?} used {used:?} called {called} suji {suji:?} kuikae {kuikae}"
            );
            if want {
                yes += 1;
            } else {
                no += 1;
            }
        }
    }
    assert!(yes > 10_000 && no > 5_000, "{yes} left a tile, {no} did not");
}

/// At every window as it opens in random rounds (four rule sets), a seat is asked to answer
/// (`open_window`'s `has_call`, which reads the hand's nibbles) exactly when its listing of
/// calls (`call_actions`) is not empty.
#[test]
fn the_seats_asked_in_a_window_are_those_with_a_listed_call() {
    let (mut windows, mut asked) = (0usize, 0usize);
    for_each_opening_window(0xa5c, |seed, round| {
        for s in 0..round.players() {
            let mut listed = 0usize;
            if s != round.actor {
                round.call_actions(s, &mut |_| listed += 1);
            }
            assert_eq!(round.pending & (1 << s) != 0, listed > 0, "seed {seed} seat {s}");
            asked += usize::from(listed > 0);
        }
        windows += 1;
    });
    assert!(windows > 5000 && asked > 1000, "{windows} windows, {asked} seats asked");
}

/// `bits_counts` spreads the nibbles' populations eight at a time: the same counts as one
/// nibble read per kind, for random and edge sets.
#[test]
fn bits_counts_reads_every_kind() {
    let mut rng = crate::game::Rng::new(0xc0c0);
    let mut sets: std::vec::Vec<Bits> = std::vec![[0; 3], [u64::MAX, u64::MAX, 0xFF], [u64::MAX; 3]];
    for _ in 0..5000 {
        let mut bits = [rng.next_u64(), rng.next_u64(), rng.next_u64() & 0xFF];
        for word in bits.iter_mut() {
            if rng.below(3) == 0 {
                *word &= rng.next_u64();
            }
        }
        sets.push(bits);
    }
    for bits in &sets {
        let counts = bits_counts(bits);
        for kind in 0..KINDS as u8 {
            assert_eq!(
                counts[usize::from(kind)],
                kind_count(bits, kind),
                "{bits:x?} kind {kind}"
            );
        }
    }
}

/// The round as its own bytes in an 8-aligned buffer (what the C ABI holds).
fn held_words(round: &Round) -> [u64; ROUND_BYTES / 8] {
    use zerocopy::IntoBytes;
    let mut words = [0u64; ROUND_BYTES / 8];
    words.as_mut_bytes().copy_from_slice(round.as_bytes());
    words
}

/// Every one-byte change of `round`'s held bytes (a few values per byte) that
/// `game::Round::raw_ref` accepts is a round with a byte form that reads back as the same round
/// (`Round::held_ok` checks what `Round::decode_trusted` checks), and that the calls answer.
/// Returns how many changes were refused.
fn held_changes(round: &Round) -> usize {
    use zerocopy::IntoBytes;
    let words = held_words(round);
    assert_eq!(<Round as crate::game::Round>::raw_ref(words.as_bytes()), Some(round));
    let mut refused = 0;
    for at in 0..ROUND_BYTES {
        let was = words.as_bytes()[at];
        for value in [0u8, 1, 2, 3, 0x10, 0x80, 0xFF, was ^ 1, was ^ 0x40] {
            if value == was {
                continue;
            }
            let mut changed = words;
            changed.as_mut_bytes()[at] = value;
            let Some(held) = <Round as crate::game::Round>::raw_ref(changed.as_bytes()) else {
                refused += 1;
                continue;
            };
            for seat in 0..4 {
                let _ = held.may_act(Seat(seat));
                let _ = held.observation(Seat(seat));
            }
            let mut bytes = [0u8; ENCODED_BYTES];
            // A hand of more than 14 tiles is not refused by the held check (session 20): its
            // byte form is (the decode would refuse it); every other accepted change reads back.
            let Ok(n) = held.encode(&mut bytes) else {
                assert!(held.hands.iter().any(|h| bits_len(h) > 14), "byte {at} = {value:#x}");
                continue;
            };
            let mut cache = [0u8; CACHE_BYTES];
            held.encode_cache(&mut cache).unwrap();
            let back = Round::decode_trusted_cached(&bytes[..n], &cache)
                .unwrap_or_else(|e| panic!("byte {at} = {value:#x}: {e}"));
            assert_eq!(&back, held, "byte {at} = {value:#x}");
            for seat in 0..4 {
                let _ = held.may_act(Seat(seat));
                let _ = held.observation(Seat(seat));
            }
            let _ = held.to_act();
        }
    }
    refused
}

#[test]
fn a_held_round_reads_back_and_its_accepted_byte_changes_have_a_byte_form() {
    for (config, seed) in [(Config::TENHOU, 3u64), (Config::TENHOU_SANMA, 5)] {
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut steps = 0;
        let mut refused = 0;
        while let Some(seat) = round.to_act() {
            if steps % 23 == 0 {
                refused += held_changes(&round);
            }
            let action = bot.choose(&round, seat).unwrap();
            round.apply(seat, action).unwrap();
            steps += 1;
        }
        refused += held_changes(&round);
        // The padding, hand bits past id 135, answers, counts, the config and the start refuse.
        eprintln!("{steps} steps, {refused} refused");
        assert!(refused > 1000, "{refused}");
    }
}

#[test]
fn held_round_checks_refuse_what_decode_refuses() {
    use zerocopy::IntoBytes;
    let round = Round::new(&Config::TENHOU, &Deal::Seeded(9)).unwrap();
    let ok = |r: &Round| <Round as crate::game::Round>::raw_ref(held_words(r).as_bytes()).is_some();
    assert!(ok(&round));
    let mut r = round.clone();
    r.pad[0] = 1;
    assert!(!ok(&r), "padding");
    let mut r = round.clone();
    r.hands[1][2] |= 1 << 8; // id 136
    assert!(!ok(&r), "an id past 135");
    // More than 14 tiles: held (no reading needs the size; session 20), but no byte form.
    let mut r = round.clone();
    r.hands[1] = [u64::MAX, 0, 0];
    assert!(ok(&r), "more than 14 tiles");
    assert!(matches!(
        r.encode(&mut [0u8; ENCODED_BYTES]),
        Err(Error::InvalidState { .. })
    ));
    let mut r = round.clone();
    r.answers[2] = [13, 0, 0];
    assert!(!ok(&r), "an unknown answer");
    let mut r = round.clone();
    r.answers[2] = [7, 1, 0];
    assert!(!ok(&r), "an answer's unused byte");
    let mut r = round.clone();
    r.meld_counts[0] = 5;
    assert!(!ok(&r), "five melds");
    let mut r = round.clone();
    r.window_ankan = true;
    r.window_kita = true;
    assert!(!ok(&r), "two window kinds");
    let mut r = round.clone();
    r.kan_counts[3] = 16;
    assert!(!ok(&r), "a kan count past a nibble");
    let mut r = round.clone();
    r.config.rounds = 0;
    assert!(!ok(&r), "config");
    let mut r = round.clone();
    r.start.dealer = Seat(4);
    assert!(!ok(&r), "start");
    // An enum byte that names no variant and a flag byte that is not 0 or 1 (zerocopy's check).
    let words = held_words(&round);
    let config_at = core::mem::offset_of!(Round, config);
    for (at, value) in [
        (config_at + core::mem::offset_of!(Config, multi_ron), 2u8),
        (config_at + core::mem::offset_of!(Config, busting), 2),
        (
            config_at + core::mem::offset_of!(Config, score) + core::mem::offset_of!(score::Config, kazoe),
            2,
        ),
        (
            core::mem::offset_of!(Round, start) + core::mem::offset_of!(Start, round_wind),
            4,
        ),
        (core::mem::offset_of!(Round, melds), 5),
        (core::mem::offset_of!(Round, rinshan), 2),
    ] {
        let mut changed = words;
        changed.as_mut_bytes()[at] = value;
        assert!(
            <Round as crate::game::Round>::raw_ref(changed.as_bytes()).is_none(),
            "byte {at}"
        );
    }
}

/// As [`held_changes`], for a match: every accepted one-byte change of its held bytes (a few
/// values per byte) has a byte form that reads back as the same match. Returns the refusals.
fn held_match_changes(game: &Match) -> usize {
    use zerocopy::IntoBytes;
    const WORDS: usize = super::game_match::MATCH_BYTES / 8;
    let mut words = [0u64; WORDS];
    words.as_mut_bytes().copy_from_slice(game.as_bytes());
    assert_eq!(<Match as crate::game::Match>::raw_ref(words.as_bytes()), Some(game));
    let mut refused = 0;
    // The round's bytes are checked by `held_changes`: the match's own fields here, and every
    // 7th byte of the round.
    for at in (0..super::game_match::MATCH_BYTES).filter(|&at| at >= ROUND_BYTES || at % 7 == 0) {
        let was = words.as_bytes()[at];
        for value in [0u8, 1, 2, 0x80, 0xFF, was ^ 1] {
            if value == was {
                continue;
            }
            let mut changed = words;
            changed.as_mut_bytes()[at] = value;
            let Some(held) = <Match as crate::game::Match>::raw_ref(changed.as_bytes()) else {
                refused += 1;
                continue;
            };
            let mut bytes = [0u8; super::game_match::MATCH_ENCODED_BYTES];
            // As `held_changes`: a hand of more than 14 tiles is held but has no byte form.
            let Ok(n) = held.encode(&mut bytes) else {
                assert!(
                    held.round().hands.iter().any(|h| bits_len(h) > 14),
                    "byte {at} = {value:#x}"
                );
                continue;
            };
            let mut cache = [0u8; CACHE_BYTES];
            held.round().encode_cache(&mut cache).unwrap();
            let back = Match::decode_trusted_cached(&bytes[..n], &cache)
                .unwrap_or_else(|e| panic!("byte {at} = {value:#x}: {e}"));
            assert_eq!(&back, held, "byte {at} = {value:#x}");
        }
    }
    refused
}

#[test]
fn a_held_match_reads_back_and_its_accepted_byte_changes_have_a_byte_form() {
    for (config, seed) in [(Config::TENHOU_EAST, 4u64), (Config::TENHOU_SANMA_EAST, 8)] {
        let mut game = Match::new(&config, seed).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut steps = 0;
        let mut refused = held_match_changes(&game);
        while let Some(seat) = game.round().to_act() {
            let action = bot.choose(game.round(), seat).unwrap();
            let step = game.apply(seat, action).unwrap();
            if step.finished.is_some() {
                refused += held_match_changes(&game);
            }
            steps += 1;
        }
        assert!(game.is_over() && steps > 100, "{steps}");
        // The padding, the flags against the round, the next start refuse.
        assert!(refused > 100, "{refused}");
    }
}

/// `nth_id` (the discard of an index, by population count) agrees with the ascending
/// enumeration of the set at every index, past the end included.
#[test]
fn nth_id_matches_the_enumeration() {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for case in 0..200u32 {
        let mut bits: Bits = [0; 3];
        for w in bits.iter_mut() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            *w = match case % 4 {
                0 => x & (x >> 3) & (x >> 5), // sparse, like a hand
                1 => x,
                2 => 0,
                _ => x & 0xFF00_0000_0000_00FF,
            };
        }
        bits[2] &= (1u64 << (136 - 128)) - 1;
        let ids: std::vec::Vec<u8> = bit_ids(bits).collect();
        for n in 0..=ids.len() + 2 {
            assert_eq!(nth_id(&bits, n), ids.get(n).copied(), "set {bits:?}, index {n}");
        }
    }
}

/// `full_kinds` (the closed-kan candidates, by full nibbles) is the set of kinds counted four
/// times.
#[test]
fn full_kinds_are_the_kinds_held_four_times() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..300 {
        let mut bits: Bits = [0; 3];
        for w in bits.iter_mut() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Nibbles mostly full or empty, some partial.
            let spread = (x & 0x1111_1111_1111_1111).wrapping_mul(0xF);
            *w = spread | (x >> 32 & 0x4242_4242);
        }
        bits[2] &= (1u64 << (136 - 128)) - 1;
        let counts = bits_counts(&bits);
        let want = (0u32..)
            .zip(counts.iter())
            .filter(|&(_, &c)| c == 4)
            .fold(0u64, |m, (k, _)| m | (1u64 << k));
        assert_eq!(super::round_play::full_kinds(&bits), want, "set {bits:?}");
        assert_ne!(want, 0);
    }
}

/// The full decode's end-record check (`end_settles`, lean frames for the microcontroller's
/// stack) agrees with `outcome_ok` (the way it checked before): on finished rounds as played,
/// and with their end code and win records changed into records that may no longer score.
#[test]
fn end_settles_agrees_with_outcome_ok() {
    let mut wins = 0;
    let mut refused = 0;
    for seed in 0..300u64 {
        let config = if seed % 3 == 0 {
            Config::TENHOU_SANMA
        } else {
            Config::TENHOU
        };
        let round = play_random(&config, seed);
        assert!(round.end_settles(), "seed {seed}");
        assert_eq!(round.end_settles(), round.outcome_ok().is_ok(), "seed {seed}");
        wins += usize::from(round.winner_count);
        let mut variants = std::vec::Vec::new();
        // Every end code that names an end (one that names nothing is a broken invariant, which
        // both refuse first, after a debug assertion).
        for end in 0..8u8 {
            let mut r = round.clone();
            r.end = end;
            variants.push(r);
        }
        for k in 0..usize::from(round.winner_count) {
            for tile in [0u8, 27, 53, 108, 135, seed as u8 % 136] {
                let mut r = round.clone();
                r.winners[k].tile = tile;
                variants.push(r);
            }
            for seat in 0..4u8 {
                let mut r = round.clone();
                r.winners[k].seat = seat;
                r.winners[k].flags ^= seat;
                variants.push(r);
            }
        }
        let mut r = round.clone();
        r.winner_count = 3;
        variants.push(r);
        for r in &variants {
            let settles = r.end_settles();
            assert_eq!(settles, r.outcome_ok().is_ok(), "seed {seed}");
            refused += usize::from(!settles);
        }
    }
    assert!(wins > 50 && refused > 100, "{wins} wins, {refused} refused");
}

/// The old [`Round::encode`]: every field written one by one, in the byte form's order.
fn encode_field_by_field(round: &Round) -> std::vec::Vec<u8> {
    let mut out = std::vec::Vec::new();
    let r = round;
    out.push(FORMAT_VERSION);
    out.extend_from_slice(&r.config.to_bytes());
    out.extend_from_slice(&r.start.to_bytes());
    out.extend_from_slice(&r.wall);
    for h in &r.hands {
        for i in 0..17 {
            out.push((h[i / 8] >> (8 * (i % 8))) as u8);
        }
    }
    for seat in &r.melds {
        for m in seat {
            out.push(m.kind as u8);
            out.extend_from_slice(&m.tiles);
            out.push(m.called);
            out.push(m.from);
        }
    }
    out.extend_from_slice(&r.meld_counts);
    out.extend_from_slice(&r.pond);
    out.extend_from_slice(&r.pond_flags);
    out.push(r.pond_len);
    out.extend_from_slice(&[
        r.draws,
        r.kans,
        r.dora,
        u8::from(r.dora_pending),
        r.phase,
        r.actor,
        r.window_tile,
        if r.window_kita { 2 } else { u8::from(r.window_ankan) },
        r.drawn,
        u8::from(r.rinshan),
    ]);
    for a in &r.answers {
        out.extend_from_slice(a);
    }
    out.push(r.pending);
    out.extend_from_slice(&r.riichi);
    out.extend_from_slice(&[
        r.riichi_declared,
        r.ippatsu,
        r.furiten_temp,
        r.furiten_riichi,
        r.first,
        u8::from(r.interrupted),
    ]);
    out.extend_from_slice(&r.kuikae.to_le_bytes());
    for (&k, &n) in r.kan_counts.iter().zip(r.nuki.iter()) {
        out.push(k | (n << 4));
    }
    out.extend_from_slice(&r.pao);
    out.push(r.end);
    for w in &r.winners {
        out.extend_from_slice(&[w.seat, w.from, w.tile, w.flags]);
    }
    out.push(r.winner_count);
    for d in &r.deltas {
        out.extend_from_slice(&d.to_le_bytes());
    }
    out.extend_from_slice(&[r.tenpai, r.nagashi]);
    out
}

#[test]
fn encode_copies_the_fields_in_order() {
    let mut buf = [0u8; ENCODED_BYTES];
    let mut states = 0;
    for config in [Config::TENHOU, Config::TENHOU_SANMA] {
        for seed in 0..60u64 {
            let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
            let mut bots = [
                RandomBot::new(seed),
                RandomBot::new(seed ^ 1),
                RandomBot::new(seed ^ 2),
                RandomBot::new(seed ^ 3),
            ];
            loop {
                assert_eq!(round.encode(&mut buf), Ok(ENCODED_BYTES));
                assert_eq!(buf.as_slice(), encode_field_by_field(&round).as_slice(), "seed {seed}");
                states += 1;
                let Some(seat) = round.to_act() else { break };
                let action = bots[seat.index()].choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
            }
        }
    }
    assert!(states > 5000, "{states}");
}

struct OldText(Action);

impl core::fmt::Display for OldText {
    /// The replay-log form: `discard 12`, `riichi 12`, `tsumo`, `ankan 5m`, `kakan 17`,
    /// `kyuushu`, `kita`, `ron`, `pon 17 18`, `kan`, `chii 12 17`, `pass` (numbers are tile ids).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Tile ids by `Dec` (no `core::fmt` integer machinery).
        use crate::notation::Dec;
        match &self.0 {
            Action::Discard { tile } => write!(f, "discard {}", Dec::from(*tile)),
            Action::Riichi { tile } => write!(f, "riichi {}", Dec::from(*tile)),
            Action::Tsumo => f.write_str("tsumo"),
            Action::Ankan { kind } => write!(f, "ankan {kind}"),
            Action::Kakan { tile } => write!(f, "kakan {}", Dec::from(*tile)),
            Action::Kyuushu => f.write_str("kyuushu"),
            Action::Kita => f.write_str("kita"),
            Action::Ron => f.write_str("ron"),
            Action::Pon { tiles: [a, b] } => write!(f, "pon {} {}", Dec::from(*a), Dec::from(*b)),
            Action::Kan => f.write_str("kan"),
            Action::Chii { tiles: [a, b] } => write!(f, "chii {} {}", Dec::from(*a), Dec::from(*b)),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// The old `Action::from_str`: a string match per verb.
#[allow(clippy::unnecessary_wraps)]
fn old_from_str(text: &str) -> Result<Action, Error> {
    {
        let mut words = text.split_ascii_whitespace();
        let verb = words.next().ok_or(Error::UnknownAction {
            why: reason!("empty action"),
        })?;
        let mut id = || -> Result<u8, Error> {
            words
                .next()
                .and_then(super::notation::parse_u8)
                .filter(|&id| usize::from(id) < TILE_IDS)
                .ok_or(Error::UnknownAction {
                    why: reason!("expected a tile id 0-135"),
                })
        };
        let action = match verb {
            "discard" => Action::Discard { tile: id()? },
            "riichi" => Action::Riichi { tile: id()? },
            "tsumo" => Action::Tsumo,
            "kakan" => Action::Kakan { tile: id()? },
            "kyuushu" => Action::Kyuushu,
            "kita" => Action::Kita,
            "ron" => Action::Ron,
            "pon" => Action::Pon { tiles: [id()?, id()?] },
            "kan" => Action::Kan,
            "chii" => Action::Chii { tiles: [id()?, id()?] },
            "pass" => Action::Pass,
            "ankan" => {
                let kind = words
                    .next()
                    .and_then(|w| w.parse::<super::Hand>().ok())
                    .filter(|h| h.len() == 1)
                    .and_then(|h| h.tiles().next())
                    .ok_or(Error::UnknownAction {
                        why: reason!("expected a tile kind like 5m"),
                    })?;
                return match words.next() {
                    None => Ok(Action::Ankan { kind }),
                    Some(_) => Err(Error::UnknownAction {
                        why: reason!("trailing text"),
                    }),
                };
            }
            _ => {
                return Err(Error::UnknownAction {
                    why: reason!("unknown verb"),
                });
            }
        };
        match words.next() {
            None => Ok(action),
            Some(_) => Err(Error::UnknownAction {
                why: reason!("trailing text"),
            }),
        }
    }
}

#[test]
fn action_text_is_the_old_text() {
    use std::string::String;
    let mut actions = std::vec![
        Action::Tsumo,
        Action::Kyuushu,
        Action::Kita,
        Action::Ron,
        Action::Kan,
        Action::Pass
    ];
    for id in [0u8, 7, 16, 99, 135] {
        actions.extend([
            Action::Discard { tile: id },
            Action::Riichi { tile: id },
            Action::Kakan { tile: id },
            Action::Pon { tiles: [id, 135 - id] },
            Action::Chii { tiles: [id, 1] },
        ]);
    }
    for kind in Tile::all() {
        actions.push(Action::Ankan { kind });
    }
    let mut texts: std::vec::Vec<String> = std::vec::Vec::new();
    for a in &actions {
        let text = a.to_string();
        assert_eq!(text, OldText(*a).to_string());
        assert_eq!(text.parse::<Action>(), Ok(*a));
        texts.push(text);
    }
    for text in [
        "",
        " ",
        "discard",
        "discard 136",
        "discard 1 2",
        "discard -1",
        "discard +5",
        "riichi x",
        "tsumo 1",
        "ankan",
        "ankan 5m 1",
        "ankan 55m",
        "ankan 8z",
        "ankan 0m",
        "kakan 17 ",
        "  pon 1 2 ",
        "pon 1",
        "pon 1 2 3",
        "chii 1 999",
        "kan",
        "kan kan",
        "pass",
        "Pass",
        "kita 0",
        "ron",
        "nothing",
        "discard 0x1",
        "chii\t3\t4",
    ] {
        texts.push(String::from(text));
    }
    for text in &texts {
        assert_eq!(text.parse::<Action>(), old_from_str(text), "{text:?}");
    }
}

/// A match starts as [`Match::new_in`] and its first round as the naive deal (`Round::dealt` of
/// the seeded wall, the waits worked out afterwards), as [`Round::new`] deals it; each step that
/// ends a round (its outcome built in place, `finish_round`) holds the outcome of the same round
/// played alone ([`Round::outcome`]), each win's value the hand value of its record and the
/// wins' payments adding up to the deltas the round kept when it settled them (the old way, at
/// the win: `add_win_deltas`).
#[test]
fn a_match_steps_outcome_is_its_rounds_outcome_as_settled() {
    let mut wins = 0;
    for (config, seed) in [
        (Config::TENHOU_EAST, 11u64),
        (Config::TENHOU_SANMA_EAST, 12),
        (Config::TENHOU, 13),
    ] {
        let mut game = Match::new(&config, seed).unwrap();
        let mut place = core::mem::MaybeUninit::uninit();
        assert_eq!(&game, &*Match::new_in(&mut place, &config, seed).unwrap());
        let first = crate::game::round_seed(seed, 0);
        let wall = if config.score.three_player {
            seeded_wall_sanma(first)
        } else {
            seeded_wall(first)
        };
        let mut naive = Round::dealt(&config, &Start::first(&config), &wall);
        naive.refresh_waits();
        assert_eq!(game.round(), &naive);
        assert_eq!(Round::new(&config, &Deal::Seeded(first)).unwrap(), naive);
        let mut bot = RandomBot::new(seed);
        while let Some(seat) = game.round().to_act() {
            let action = bot.choose(game.round(), seat).unwrap();
            let mut alone = game.round().clone();
            let event = alone.apply(seat, action).unwrap();
            let step = game.apply(seat, action).unwrap();
            assert_eq!(step.event, event);
            assert_eq!(step.finished, alone.outcome(), "seed {seed}");
            let Some(outcome) = step.finished else {
                continue;
            };
            let mut paid = [0i32; SEATS];
            for (agari, record) in outcome.wins.iter().flatten().zip(alone.winners.iter()) {
                let mut value = score::HandValue::EMPTY;
                alone.value_into(record, true, score::Place::Value(&mut value)).unwrap();
                assert_eq!(agari.value, value, "seed {seed}");
                for (p, d) in paid.iter_mut().zip(agari.deltas) {
                    *p += d;
                }
                wins += 1;
            }
            if outcome.end == End::Win {
                assert_eq!(paid, outcome.deltas, "seed {seed}");
            }
        }
        assert!(game.is_over());
    }
    assert!(wins > 5, "{wins} wins");
}

/// The deals written in place (a zeroed place dealt over by `deal_over`, the one copy of the
/// deal) are the round `Round::dealt` returns (the old way: `dealt` inlined at each place), over a
/// round already played too.
#[test]
fn dealing_in_place_is_dealt() {
    for (config, seed) in [
        (Config::TENHOU, 3u64),
        (Config::TENHOU_SANMA, 4),
        (Config::MAHJONG_SOUL, 5),
    ] {
        let wall = if config.score.three_player {
            seeded_wall_sanma(seed)
        } else {
            seeded_wall(seed)
        };
        let start = Start {
            dealer: Seat(1),
            honba: 2,
            ..Start::first(&config)
        };
        let naive = Round::dealt(&config, &start, &wall);
        let mut place = core::mem::MaybeUninit::uninit();
        assert_eq!(*Round::dealt_to(&mut place, &config, &start, &wall), naive);
        let mut played = Round::new(&config, &Deal::Seeded(seed + 9)).unwrap();
        let mut bot = RandomBot::new(seed);
        while let Some(seat) = played.to_act() {
            let action = bot.choose(&played, seat).unwrap();
            played.apply(seat, action).unwrap();
        }
        played.deal_over(&config, &start, &wall);
        assert_eq!(played, naive);
    }
}

/// `bit_ids` gives the ids the old `flat_map` over the words gave, in the same order.
#[test]
fn bit_ids_are_the_flat_map_ids() {
    fn old(bits: Bits) -> impl Iterator<Item = u8> {
        (0u8..3).zip(bits).flat_map(move |(i, mut word)| {
            core::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let bit = word.trailing_zeros() as u8;
                word &= word.wrapping_sub(1);
                Some(i.wrapping_mul(64).wrapping_add(bit))
            })
        })
    }
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut sets: std::vec::Vec<Bits> = std::vec![[0; 3], [u64::MAX; 3], [1, 0, 1 << 63], [0, 0, 0xFF]];
    for _ in 0..2000 {
        let (a, b, c) = (next(), next(), next());
        sets.push([a & next(), b & next(), (c & next()) >> 56]);
    }
    for bits in sets {
        assert!(bit_ids(bits).eq(old(bits)), "{bits:?}");
        assert_eq!(bit_ids(bits).count(), usize::from(bits_len(&bits)));
    }
}

/// The hand-written `Clone` (one block copy) copies every byte the derived one copied.
#[test]
fn clone_is_every_field() {
    use zerocopy::IntoBytes;
    for seed in 0..6u64 {
        let config = [Config::TENHOU, Config::TENHOU_SANMA][(seed % 2) as usize];
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed);
        while let Some(seat) = round.to_act() {
            let copy = round.clone();
            assert_eq!(copy.as_bytes(), round.as_bytes());
            assert_eq!(copy, round);
            let action = bot.choose(&round, seat).unwrap();
            round.apply(seat, action).unwrap();
        }
        assert_eq!(round.clone().as_bytes(), round.as_bytes());
    }
}

/// [`Round::win_of`] (one check of the converted ids) writes the win the old conversion (an
/// error path per id) wrote, for every win of played rounds (four and three players, riichi and
/// ura included) and for each win record moved to another seat or tile (a hand that may not
/// fit: both then give the same error or the same win).
#[test]
fn win_of_is_the_old_conversion() {
    let (mut wins, mut ura) = (0, 0);
    for seed in 0..400u64 {
        let config = if seed % 3 == 0 {
            Config::TENHOU_SANMA
        } else {
            Config::TENHOU
        };
        let round = play_random(&config, seed);
        for k in 0..usize::from(round.winner_count) {
            let mut records = std::vec![round.winners[k]];
            for seat in 0..4u8 {
                records.push(WinRecord {
                    seat,
                    ..round.winners[k]
                });
            }
            for tile in [0u8, 53, 135] {
                records.push(WinRecord {
                    tile,
                    ..round.winners[k]
                });
            }
            for record in &records {
                for sticks in [false, true] {
                    let (mut new, mut old) = (score::Win::EMPTY, score::Win::EMPTY);
                    let a = round.win_of(record, sticks, &mut new);
                    let b = round.win_of_old(record, sticks, &mut old);
                    assert_eq!(a, b, "seed {seed}");
                    if a.is_ok() {
                        assert_eq!(new, old, "seed {seed}");
                        ura += usize::from(!new.ura.is_empty());
                    }
                }
            }
            wins += 1;
        }
    }
    assert!(wins > 50 && ura > 10, "{wins} wins, {ura} with ura");
}

/// [`Config::to_bytes`] and [`Config::from_bytes`] (the flags by their keys, one loop each)
/// write and read what the old field-by-field forms did: every preset, each with every flag
/// turned, the kazoe, the pair fu and the multi-ron changed, and every byte of each form set to
/// other values (refused alike, or read alike).
#[test]
fn config_bytes_are_the_old_bytes() {
    let mut configs = std::vec::Vec::new();
    for (_, preset) in Config::PRESETS {
        configs.push(preset);
        for key in 0..31 {
            let mut c = preset;
            if let Some(flag) = super::engine::flag_at(&mut c, key) {
                *flag = !*flag;
                configs.push(c);
            }
        }
        let mut c = preset;
        c.score.kazoe = score::Kazoe::Sanbaiman;
        c.score.double_wind_pair_fu = 2;
        c.multi_ron = MultiRon::Double;
        configs.push(c);
        c.score.kazoe = score::Kazoe::Yakuman;
        c.score.double_wind_pair_fu = 4;
        c.multi_ron = MultiRon::HeadBump;
        c.start_points = 30_000;
        c.target_points = 35_000;
        configs.push(c);
    }
    let (mut read, mut refused) = (0, 0);
    for config in &configs {
        let bytes = config.to_bytes();
        assert_eq!(bytes, config.old_to_bytes(), "{config:?}");
        for at in 0..=bytes.len() {
            for value in [0u8, 1, 2, 4, 0x40, 0x80, 0xFF] {
                let mut b = bytes;
                if let Some(slot) = b.get_mut(at) {
                    *slot = value;
                }
                let new = Config::from_bytes(&b);
                assert_eq!(new, Config::old_from_bytes(&b), "{b:?}");
                if let Ok(c) = new {
                    assert_eq!(c.to_bytes(), b);
                    read += 1;
                } else {
                    refused += 1;
                }
            }
        }
    }
    assert!(read > 1000 && refused > 1000, "{read} read, {refused} refused");
}

/// [`Round::check_state`] (each seat's melds read once) accepts what the old check (a pass
/// over the melds per check) accepts: rounds played to every 7th step and their end, four and
/// three players, and every one-byte change of their held bytes that zerocopy accepts.
#[test]
fn check_state_is_the_old_check() {
    use zerocopy::IntoBytes;
    let (mut accepted, mut refused) = (0usize, 0usize);
    let mut compare = |round: &Round| {
        let words = held_words(round);
        for at in 0..ROUND_BYTES {
            let was = words.as_bytes()[at];
            for value in [0u8, 1, 2, 3, 4, 5, 0x10, 0x80, 0xFF, was ^ 1, was ^ 0x40] {
                let mut changed = words;
                changed.as_mut_bytes()[at] = value;
                let Some(held) = <Round as crate::game::Round>::raw_ref(changed.as_bytes()) else {
                    continue;
                };
                let new = held.check_state();
                assert_eq!(
                    new.is_ok(),
                    held.old_check_state().is_ok(),
                    "byte {at} = {value:#x}: {new:?}"
                );
                if new.is_ok() {
                    accepted += 1;
                } else {
                    refused += 1;
                }
            }
        }
    };
    for (config, seed) in [
        (Config::TENHOU, 3u64),
        (Config::TENHOU, 11),
        (Config::TENHOU_SANMA, 5),
        (Config::MAHJONG_SOUL, 8),
    ] {
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut steps = 0;
        while let Some(seat) = round.to_act() {
            if steps % 7 == 0 {
                compare(&round);
            }
            let action = bot.choose(&round, seat).unwrap();
            round.apply(seat, action).unwrap();
            steps += 1;
        }
        compare(&round);
    }
    assert!(
        accepted > 1000 && refused > 10_000,
        "{accepted} accepted, {refused} refused"
    );
}
