//! Built-in bots: the lowest legal action, and a seeded random one.
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
use crate::game::{Rng, Seat};

/// The first legal action of `seat` in legal-action order (a pass whenever passing is legal,
/// so in an auction this bot never bids), or `None` when `seat` is not to act.
pub fn lowest_legal_action(round: &Round, seat: Seat) -> Option<Action> {
    let mut first = None;
    round.for_each_legal_action(seat, |a| {
        first.get_or_insert(a);
    });
    first
}

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

    /// A uniformly chosen legal action of `seat` (`rng.below(count)`-th in legal order), or
    /// `None` when `seat` is not to act.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let total = round.count_legal_actions(seat);
        if total == 0 {
            return None;
        }
        let pick = self.rng.below(u32::try_from(total).unwrap_or(u32::MAX));
        let mut i = 0u32;
        let mut chosen = None;
        round.for_each_legal_action(seat, |a| {
            if i == pick {
                chosen = Some(a);
            }
            i = i.saturating_add(1);
        });
        chosen
    }
}
