//! The two built-in bots: the lowest legal action, and a seeded random one that calls and
//! declares riichi sometimes.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::round::MAX_ACTIONS;
use super::{Action, Round};
use crate::game::{Rng, Seat};

/// The first action in legal-action order ([`Round::for_each_legal_action`]): on turn the
/// discard of the lowest id (so the bot never wins or calls), in a window ron if it may, else
/// the lowest pon. `None` when `seat` may not act.
pub fn lowest_legal_action(round: &Round, seat: Seat) -> Option<Action> {
    let mut first = None;
    round.for_each_legal_action(seat, |action| {
        if first.is_none() {
            first = Some(action);
        }
    });
    first
}

/// A bot choosing among the legal actions with [`Rng`]: it always wins (tsumo, ron) when it
/// may, declares riichi when it may, calls with probability 1/4, otherwise discards uniformly
/// (one [`Rng::below`](crate::game::Rng::below) draw per decision, so a seed replays the same
/// game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A bot whose choices depend only on `seed`.
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::new(seed) }
    }

    /// A chosen legal action of `seat`, or `None` when it may not act.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let mut buffer = [Action::Pass; MAX_ACTIONS];
        let total = round.legal_actions(seat, &mut buffer).min(MAX_ACTIONS);
        let actions = buffer.get(..total)?;
        if actions.is_empty() {
            return None;
        }
        if let Some(&win) = actions.iter().find(|a| matches!(a, Action::Tsumo | Action::Ron)) {
            return Some(win);
        }
        let pick = self.rng.below(u32::try_from(total).unwrap_or(u32::MAX));
        let riichi = actions.iter().find(|a| matches!(a, Action::Riichi { .. })).copied();
        let has_pass = actions.contains(&Action::Pass);
        if has_pass {
            // A call window: call with probability 1/4.
            if pick.is_multiple_of(4) {
                let calls = total.saturating_sub(1);
                if calls > 0 {
                    let idx = (pick as usize / 4).checked_rem(calls).unwrap_or(0);
                    return actions.get(idx).copied();
                }
            }
            return Some(Action::Pass);
        }
        if riichi.is_some() {
            return riichi;
        }
        let discards = actions.iter().filter(|a| matches!(a, Action::Discard { .. })).count();
        if discards == 0 {
            return actions.get(pick as usize).copied();
        }
        actions
            .iter()
            .filter(|a| matches!(a, Action::Discard { .. }))
            .nth((pick as usize).checked_rem(discards).unwrap_or(0))
            .copied()
    }
}
