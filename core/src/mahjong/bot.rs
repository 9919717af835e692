//! The game's own bots: a seeded random one that calls and declares riichi sometimes (the
//! lowest legal action is [`game::bot::lowest_legal_action`](crate::game::bot::lowest_legal_action)).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::round::MAX_ACTIONS;
use super::tile::KINDS;
use super::{Action, Hand, Round, shanten};
use crate::game::{Rng, Seat};

/// A bot choosing among the legal actions with [`Rng`]: it always wins (tsumo, ron) when it
/// may and declares riichi when it may; in a call window it calls with probability 1/4 (a call
/// picked uniformly), else passes; on turn it discards a tile chosen uniformly among those that
/// leave the lowest shanten (so it reaches tenpai and wins now and then). A seed replays the
/// same game.
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
        // At most `MAX_ACTIONS` (40): every count below converts to `u32` exactly.
        let below = |n: usize| n as u32;
        let actions = buffer.get(..total)?;
        if actions.is_empty() {
            return None;
        }
        if let Some(&win) = actions.iter().find(|a| matches!(a, Action::Tsumo | Action::Ron)) {
            return Some(win);
        }
        if actions.first() == Some(&Action::Pass) {
            let calls = total.saturating_sub(1);
            let pick = self.rng.below(below(calls.saturating_mul(4))) as usize;
            return match actions.get(pick.saturating_add(1)) {
                Some(&call) if pick < calls => Some(call),
                _ => Some(Action::Pass),
            };
        }
        if let Some(&riichi) = actions.iter().find(|a| matches!(a, Action::Riichi { .. })) {
            return Some(riichi);
        }
        // The discards leaving the lowest shanten.
        let mut counts = [0u8; KINDS];
        for id in round.hand(seat) {
            if let Some(c) = counts.get_mut(usize::from(id >> 2)) {
                *c = c.saturating_add(1);
            }
        }
        let mut best = i8::MAX;
        let mut good = 0u64;
        for (kind, _) in counts.iter().enumerate().filter(|&(_, &n)| n != 0) {
            let mut c = counts;
            if let Some(x) = c.get_mut(kind) {
                *x = x.saturating_sub(1);
            }
            // The seat's own hand less a tile is a hand; if it were not (a broken invariant,
            // asserted in debug builds) the discard just counts as no good one.
            let s = match Hand::from_counts(&c).and_then(|h| shanten(&h, None)) {
                Ok(s) => s,
                Err(_) => {
                    debug_assert!(false, "mahjong bot: the hand less a tile is no hand");
                    i8::MAX
                }
            };
            if s < best {
                best = s;
                good = 0;
            }
            if s == best {
                good |= 1u64 << kind;
            }
        }
        let is_good = |a: &&Action| matches!(a, Action::Discard { tile } if good & (1u64 << (tile >> 2)) != 0);
        let n = actions.iter().filter(is_good).count();
        if n == 0 {
            let pick = self.rng.below(below(total)) as usize;
            return actions.get(pick).copied();
        }
        let pick = self.rng.below(below(n)) as usize;
        actions.iter().filter(is_good).nth(pick).copied()
    }
}
