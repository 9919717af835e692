//! Bots written once over [`Round`]: the lowest legal action and a seeded uniform choice, and
//! [`step`], which asks a table of bots who acts next (out-of-turn rights included).
//!
//! Each game may also have its own bots (e.g. `tichu::bot::RandomBot`, which calls Tichu now and
//! then); they implement [`Bot`] as well, so every driver takes any of them.

use core::ops::ControlFlow;

use super::{Rng, Round, Seat};

/// A player: given the round and a seat that [may act](Round::may_act), its choice.
pub trait Bot<R: Round> {
    /// `seat`'s choice now. `None` when `seat` may not act, or when it lets an out-of-turn right
    /// pass (a seat in turn always answers when it has a legal action).
    fn choose(&mut self, round: &R, seat: Seat) -> Option<R::Action>;
}

/// The first legal action in the game's legal-action order (each game documents that order; it
/// puts the most passive action first where there is one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lowest;

/// The first legal action of `seat` in [`Round::for_each_legal_action`] order; `None` when it
/// has none.
pub fn lowest_legal_action<R: Round>(round: &R, seat: Seat) -> Option<R::Action> {
    let mut first = None;
    round.try_for_each_legal_action(seat, |action| {
        first = Some(action);
        ControlFlow::Break(())
    });
    first
}

impl<R: Round> Bot<R> for Lowest {
    /// Out of turn it lets every right pass.
    fn choose(&mut self, round: &R, seat: Seat) -> Option<R::Action> {
        if round.to_act() != Some(seat) && R::INTERRUPTS {
            return None;
        }
        lowest_legal_action(round, seat)
    }
}

/// A uniformly random legal action, from a count and an index (no list): `n =
/// count_legal_actions`, then `nth_legal_action(rng.below(n))`. Deterministic for a seed.
/// Out of turn (where the game [interrupts](Round::INTERRUPTS)) it lets the right pass.
///
/// It never makes a [call](Round::is_call) (Tichu, Grand Tichu) unless that is the only legal
/// action: it draws uniformly among the other legal actions. Calling at random loses almost every
/// call (−100 or −200 each), and a Tichu match of such players never reaches its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Uniform {
    rng: Rng,
}

impl Uniform {
    /// A bot whose choices depend only on `seed` and the rounds it sees.
    #[must_use]
    pub const fn new(seed: u64) -> Uniform {
        Uniform { rng: Rng::new(seed) }
    }

    /// A uniform legal action of `seat` (out-of-turn rights included) that is not a
    /// [call](Round::is_call), or a call when only calls are legal; `None` when it has none.
    pub fn pick<R: Round>(&mut self, round: &R, seat: Seat) -> Option<R::Action> {
        if R::HAS_CALLS
            && let Some(others) = round.count_non_calls(seat)
        {
            // The other actions come first: a draw among them, or the first call when there are
            // none (then every action is a call).
            if others == 0 {
                return round.nth_legal_action(seat, 0);
            }
            let index = self.rng.below(u32::try_from(others).unwrap_or(u32::MAX));
            return round.nth_legal_action(seat, index as usize);
        }
        if R::HAS_CALLS {
            let mut others = 0u32;
            let mut first_call = None;
            round.for_each_legal_action(seat, |action| {
                if !R::is_call(&action) {
                    others = others.saturating_add(1);
                } else if first_call.is_none() {
                    first_call = Some(action);
                }
            });
            if others == 0 {
                return first_call;
            }
            let mut left = self.rng.below(others);
            let mut found = None;
            round.try_for_each_legal_action(seat, |action| {
                if R::is_call(&action) {
                    ControlFlow::Continue(())
                } else if left == 0 {
                    found = Some(action);
                    ControlFlow::Break(())
                } else {
                    left = left.saturating_sub(1);
                    ControlFlow::Continue(())
                }
            });
            return found;
        }
        let count = round.count_legal_actions(seat);
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        if count == 0 {
            return None;
        }
        let index = self.rng.below(count) as usize;
        round.nth_legal_action(seat, index)
    }
}

impl<R: Round> Bot<R> for Uniform {
    fn choose(&mut self, round: &R, seat: Seat) -> Option<R::Action> {
        if round.to_act() != Some(seat) && R::INTERRUPTS {
            return None;
        }
        self.pick(round, seat)
    }
}

/// One step of a table of bots (`bots[s]` plays seat `s`): where the game
/// [interrupts](Round::INTERRUPTS), each seat but the one in turn, in
/// [claim order](Round::claim_order), may use an out-of-turn right first; otherwise the seat in
/// turn acts. `None` when the round is over, or when the seat in turn (or its bot) has no action.
pub fn step<R: Round, B: Bot<R>>(round: &R, bots: &mut [B]) -> Option<(Seat, R::Action)> {
    let turn = round.to_act()?;
    if R::INTERRUPTS {
        let order = round.claim_order();
        for seat in order.into_iter().take(usize::from(round.seats())) {
            if seat == turn || !round.may_act(seat) {
                continue;
            }
            if let Some(action) = bots.get_mut(seat.index()).and_then(|bot| bot.choose(round, seat)) {
                return Some((seat, action));
            }
        }
    }
    let bot = bots.get_mut(turn.index())?;
    bot.choose(round, turn).map(|action| (turn, action))
}

impl<R: Round, T: Bot<R> + ?Sized> Bot<R> for &mut T {
    fn choose(&mut self, round: &R, seat: Seat) -> Option<R::Action> {
        (**self).choose(round, seat)
    }
}

pub use super::spec::{AnyBot, BotSpec, BotSpecError};
