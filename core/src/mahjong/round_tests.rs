//! Tests of the round and match engine with rule values.
#![allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use super::round::*;
use super::*;
#[allow(unused_imports)]
use crate::game::Seat;
extern crate std;
use std::eprintln;

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
    let mut round = Round::new(config, &Deal::Seeded(seed)).unwrap();
    let mut bot = RandomBot::new(seed);
    let mut buf = [0u8; ENCODED_BYTES];
    while let Some(seat) = round.to_act() {
        round.check().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let n = round.encode(&mut buf).unwrap();
        assert_eq!(n, ENCODED_BYTES);
        assert_eq!(Round::decode(&buf).unwrap(), round, "seed {seed}");
        let mut actions = [Action::Pass; MAX_ACTIONS];
        let total = round.legal_actions(seat, &mut actions);
        assert!(total >= 1 && total <= MAX_ACTIONS, "{total}");
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
        let action = bot.choose(&round, seat).unwrap();
        round.apply(seat, action).unwrap();
    }
    round.check().unwrap();
    let n = round.encode(&mut buf).unwrap();
    assert_eq!(Round::decode(&buf[..n]).unwrap(), round);
    assert!(matches!(round.apply(Seat(0), Action::Pass), Err(Error::RoundOver)));
    round
}

#[test]
fn invariants_hold_at_every_step() {
    for seed in 0..300u64 {
        play_checked(&Config::TENHOU, seed);
        play_checked(&Config::BASIC, seed);
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
            Err(Error::BadEncoding { .. }) => refused += 1,
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
    assert!(ROUND_BYTES <= 1024, "{ROUND_BYTES}");
    assert!(
        super::game_match::MATCH_BYTES <= 1536,
        "{}",
        super::game_match::MATCH_BYTES
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
            if let Some(o) = step.outcome {
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
        let place = game.placement().unwrap();
        assert!(final_scores[place[0].index()] >= final_scores[place[3].index()]);
        assert!(rounds >= 1);
        lengths += rounds;
        assert_eq!(game.apply(Seat(0), Action::Pass).unwrap_err(), Error::MatchOver);
    }
    assert!(lengths > 40 * 5, "{lengths}");
}
