//! Built-in bots: a seeded random one ([`RandomBot`]); the lowest legal action is the generic
//! [`game::bot::lowest_legal_action`](crate::game::bot::lowest_legal_action) (a pass whenever
//! passing is legal, so in an auction it never bids).
//!
//! ```
//! use parlor_core::doudizhu::{bot::RandomBot, Config, Deal, Round};
//! let mut round = Round::new(&Config::OPENSPIEL, &Deal::Seeded(3))?;
//! let mut bot = RandomBot::new(7);
//! while let Some(seat) = round.to_act() {
//!     let action = bot.choose(&round, seat).unwrap();
//!     round.apply(seat, action)?;
//! }
//! assert_eq!(round.outcome().unwrap().scores.iter().sum::<i32>(), 0);
//! # Ok::<(), parlor_core::doudizhu::Error>(())
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::round::{Action, Round};
use crate::game::bot::Bot;
use crate::game::{Rng, Seat};

/// A bot that picks uniformly among the legal actions, driven by [`Rng`] (so a seed replays).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A bot seeded with `seed`.
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::new(seed) }
    }

    /// A uniformly chosen legal action of `seat`, or `None` when `seat` is not to act. One pass
    /// over the legal actions (reservoir sampling): the `i`-th action (from 0) replaces the
    /// choice when `rng.below(i + 1) == 0`, one draw per action after the first.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let mut seen = 0u32;
        let mut chosen = None;
        let rng = &mut self.rng;
        round.for_each_legal_action(seat, |a| {
            seen = seen.saturating_add(1);
            if seen == 1 || rng.below(seen) == 0 {
                chosen = Some(a);
            }
        });
        chosen
    }
}

impl Bot<Round> for RandomBot {
    /// [`RandomBot::choose`].
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        RandomBot::choose(self, round, seat)
    }
}
