//! The dominoes bots: a seeded random one ([`RandomBot`]) and the greedy playout policy
//! ([`Greedy`]). The lowest legal action is
//! [`game::bot::lowest_legal_action`](crate::game::bot::lowest_legal_action), written once for
//! every game.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::round::Scan;
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
        // Counted and indexed without a list, one replay of the layout for both: the same
        // draw and the same action as picking from the listed actions.
        let mut scan = Scan::new();
        let choices = round.choices(seat, &mut scan)?;
        // At most MAX_ACTIONS (1,710): it fits a `u32`.
        let Ok(total) = u32::try_from(choices.count()) else {
            debug_assert!(false, "dominoes bot: {} legal actions", choices.count());
            return None;
        };
        let pick = self.rng.below(total);
        choices.nth(pick as usize)
    }
}

impl Bot<Round> for RandomBot {
    /// [`RandomBot::choose`].
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        RandomBot::choose(self, round, seat)
    }
}

/// The greedy bot, the search's playout policy: the play that scores the most points now
/// ([`Round::play_points`]); among those, the heaviest tile (fewer pips left for the other side
/// to score if this seat is caught); among equals, one at random with its seeded [`Rng`] (one
/// draw per tie, none without a tie). Draws and passes when nothing else is legal. Cheap: one
/// pass over the layout for all the seat's plays ([`Round::play_points`]' answers from it), no
/// copy of the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Greedy {
    rng: Rng,
}

impl Greedy {
    /// A greedy bot whose tie-breaks depend only on `seed`.
    pub const fn new(seed: u64) -> Greedy {
        Greedy { rng: Rng::new(seed) }
    }

    /// `seat`'s choice, or `None` when it may not act.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let mut best: Option<(u32, Action)> = None;
        let mut ties = 0u32;
        let rng = &mut self.rng;
        round.for_each_legal_action_scored(seat, |action, points| {
            let key = match action {
                Action::Play { tile, .. } => {
                    let points = u32::from(points.unwrap_or(0));
                    // Points first (a play scores at most 3,420 ÷ 5), then the tile's pips (≤ 36).
                    points.saturating_mul(64).saturating_add(tile.pips() as u32)
                }
                Action::Draw | Action::Pass => 0,
            };
            match best {
                Some((top, _)) if key < top => {}
                Some((top, _)) if key == top => {
                    // Reservoir sampling: the `n`-th equal replaces the choice with chance 1/n.
                    ties = ties.saturating_add(1);
                    if rng.below(ties.saturating_add(1)) == 0 {
                        best = Some((key, action));
                    }
                }
                _ => {
                    best = Some((key, action));
                    ties = 0;
                }
            }
        });
        best.map(|(_, action)| action)
    }
}

impl Bot<Round> for Greedy {
    /// [`Greedy::choose`].
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        Greedy::choose(self, round, seat)
    }
}
