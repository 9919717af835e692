//! Tests of the round and match engine with rule values.
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::round::*;
use super::*;
#[allow(unused_imports)]
use crate::game::Seat;
extern crate std;
use std::eprintln;

fn play_random(config: &Config, seed: u64) -> Round {
    let mut round = Round::new(config, &Deal::Seeded(seed)).unwrap();
    let mut bots = [RandomBot::new(seed), RandomBot::new(seed ^ 1), RandomBot::new(seed ^ 2), RandomBot::new(seed ^ 3)];
    let mut steps = 0;
    while let Some(seat) = round.to_act() {
        let action = bots[seat.index()].choose(&round, seat).unwrap();
        round.apply(seat, action).unwrap_or_else(|e| panic!("seed {seed}: {action} by {seat}: {e}"));
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
