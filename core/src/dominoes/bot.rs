//! The dominoes bots: a seeded random one ([`RandomBot`]). The lowest legal action is
//! [`game::bot::lowest_legal_action`](crate::game::bot::lowest_legal_action), written once for
//! every game.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::{Action, Round};
use crate::game::bot::Bot;
use crate::game::{Rng, Seat};

/// A bot choosing uniformly among the legal actions with [`Rng`] (one
/// [`Rng::below`](crate::game::Rng::below) draw per choice, so a seed replays the same game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A bot whose choices depend only on `seed`.
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::new(seed) }
    }

    /// A uniformly chosen legal action of `seat`, or `None` when it may not act.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        // One pass into a small buffer covers nearly every turn; a second pass finds a pick
        // beyond it.
        let mut buffer = [Action::Pass; 32];
        let total = round.legal_actions(seat, &mut buffer);
        if total == 0 {
            return None;
        }
        // `total` ≤ MAX_ACTIONS (1,710): it fits a `u32`.
        let Ok(total) = u32::try_from(total) else {
            debug_assert!(false, "dominoes bot: {total} legal actions");
            return None;
        };
        let pick = self.rng.below(total);
        if let Some(&action) = buffer.get(pick as usize) {
            return Some(action);
        }
        let mut index = 0u32;
        let mut chosen = None;
        round.for_each_legal_action(seat, |action| {
            if index == pick {
                chosen = Some(action);
            }
            index = index.saturating_add(1);
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
