//! Two simple players for a [`Round`]: the first legal action, and a seeded random player that
//! sometimes calls Tichu and bombs out of turn. Enough to play whole rounds and matches (the
//! command line's `play`, fuzzing, benchmarks, the firmware).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::ops::ControlFlow;

use super::round::{Action, Phase, Round};
use crate::game::{Rng, Seat};

/// The first legal action of `seat` in [`Round::for_each_legal_action`] order (the lowest
/// play, a pass only when no play is legal, never a call), or `None` when it has none.
///
/// ```
/// use parlor_core::game::Seat;
/// use parlor_core::tichu::bot::lowest_legal_action;
/// use parlor_core::tichu::round::{Action, Config, Deal, Round};
/// let round = Round::new(&Config::default(), &Deal::Seeded(1)).unwrap();
/// assert_eq!(lowest_legal_action(&round, Seat(0)), Some(Action::GrandTichu(false)));
/// assert_eq!(lowest_legal_action(&round, Seat(1)), None); // seat 0 decides first
/// ```
pub fn lowest_legal_action(round: &Round, seat: Seat) -> Option<Action> {
    let mut first = None;
    round.try_for_each_legal_action(seat, |action| {
        first = Some(action);
        ControlFlow::Break(())
    });
    first
}

/// A seeded random player ([`Rng`]): in its turn a uniformly random legal action other than a
/// call, calling Grand Tichu one time in 16 and Tichu one time in 32 when it may; out of turn it
/// bombs one time in 4 when it holds a bomb that beats the table and calls Tichu one time in 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A player whose choices depend only on `seed` and the rounds it sees.
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::new(seed) }
    }

    /// A random legal action among those `keep` accepts, or `None` when there is none.
    fn pick(&mut self, round: &Round, seat: Seat, keep: impl Fn(&Action) -> bool) -> Option<Action> {
        let mut count = 0u32;
        round.for_each_legal_action(seat, |action| {
            if keep(&action) {
                count = count.saturating_add(1);
            }
        });
        if count == 0 {
            return None;
        }
        let mut target = self.rng.below(count);
        let mut chosen = None;
        round.try_for_each_legal_action(seat, |action| {
            if !keep(&action) {
                return ControlFlow::Continue(());
            }
            if target == 0 {
                chosen = Some(action);
                return ControlFlow::Break(());
            }
            target = target.saturating_sub(1);
            ControlFlow::Continue(())
        });
        chosen
    }

    /// `seat`'s choice now: `None` when it has no legal action, or, out of turn, when it lets
    /// the moment pass.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let may_call = round.is_legal(seat, Action::Tichu);
        if round.to_act() == Some(seat) {
            if round.phase() == Phase::GrandTichu {
                return Some(Action::GrandTichu(self.rng.below(16) == 0));
            }
            if may_call && self.rng.below(32) == 0 {
                return Some(Action::Tichu);
            }
            return self.pick(round, seat, |a| *a != Action::Tichu);
        }
        if may_call && self.rng.below(64) == 0 {
            return Some(Action::Tichu);
        }
        if round.phase() == Phase::Play && self.rng.below(4) == 0 {
            return self.pick(round, seat, |a| matches!(a, Action::Play { .. }));
        }
        None
    }

    /// One step of a table of random players: each seat but the one in turn, in
    /// [`Round::claim_order`], may interrupt (a bomb or a call); otherwise the seat in turn acts.
    /// `None` when the round is over.
    pub fn step(&mut self, round: &Round) -> Option<(Seat, Action)> {
        let turn = round.to_act()?;
        for seat in round.claim_order() {
            if seat != turn
                && let Some(action) = self.choose(round, seat)
            {
                return Some((seat, action));
            }
        }
        self.choose(round, turn).map(|action| (turn, action))
    }
}
