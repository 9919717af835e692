//! Simple players for a [`Round`]: a seeded random player that sometimes calls Tichu and bombs
//! out of turn (the first legal action is the shared [`crate::game::bot::lowest_legal_action`]). Enough to play whole rounds and matches (the
//! command line's `play`, fuzzing, benchmarks, the firmware).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::card::{Card, Cards};
use super::round::{Action, Phase, Round};
use crate::game::bot::{Bot, lowest_legal_action};
use crate::game::{Rng, Seat};

/// Whether a suited hand holds a bomb at all: four cards of a rank, or five consecutive ranks
/// of one suit (a quick test before looking for one that beats the table).
fn holds_bomb(hand: Cards) -> bool {
    const GROUP_LOW_BITS: u64 = 0x0001_1111_1111_1111; // the first bit of each rank's 4 bits
    let m = hand.mask() & ((1u64 << 52) - 1);
    let four = m & (m >> 1) & (m >> 2) & (m >> 3) & GROUP_LOW_BITS;
    let run = m & (m >> 4) & (m >> 8) & (m >> 12) & (m >> 16);
    four != 0 || run != 0
}

/// A seeded random player ([`Rng`]): in its turn it calls Grand Tichu one time in 16 and Tichu
/// one time in 32 when it may, exchanges three random cards, and otherwise plays, one time in
/// two, the lowest legal action and else a uniformly random legal action other than a call; out
/// of turn it bombs one time in 4 when it holds a bomb that beats the table and calls Tichu one
/// time in 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A player whose choices depend only on `seed` and the rounds it sees.
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::new(seed) }
    }

    /// A uniformly random legal action among those `keep` accepts (one pass, reservoir
    /// sampling), or `None` when there is none.
    fn pick(&mut self, round: &Round, seat: Seat, keep: impl Fn(&Action) -> bool) -> Option<Action> {
        let mut seen = 0u32;
        let mut chosen = None;
        let rng = &mut self.rng;
        round.for_each_legal_action(seat, |action| {
            if keep(&action) {
                seen = seen.saturating_add(1);
                if rng.below(seen) == 0 {
                    chosen = Some(action);
                }
            }
        });
        chosen
    }

    /// A uniformly random exchange: three different cards of the hand, in random roles.
    fn exchange(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let hand = round.hand(seat).ok()?;
        let mut cards = [Card::Dog; 14];
        let mut n = 0u32;
        for (slot, card) in cards.iter_mut().zip(hand.iter()) {
            *slot = card;
            n = n.saturating_add(1);
        }
        if n < 3 {
            return None;
        }
        let mut pick = |taken: &[u32]| {
            let mut i = self.rng.below(n.saturating_sub(taken.len() as u32));
            // The i-th card not taken yet.
            for t in 0..n {
                if taken.contains(&t) {
                    continue;
                }
                if i == 0 {
                    return t;
                }
                i = i.saturating_sub(1);
            }
            // `i` < the cards not taken yet: the loop returned.
            debug_assert!(false, "tichu bot: no {i}-th card left");
            0
        };
        let a = pick(&[]);
        let b = pick(&[a]);
        let c = pick(&[a, b]);
        // Each pick is below `n`, the cards written (asserted in `pick`).
        let card = |i: u32| cards.get(i as usize).copied();
        Some(Action::Exchange {
            left: card(a)?,
            partner: card(b)?,
            right: card(c)?,
        })
    }

    /// `seat`'s choice now: `None` when it has no legal action, or, out of turn, when it lets
    /// the moment pass.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let may_call = round.may_call_tichu(seat);
        if round.to_act() == Some(seat) {
            match round.phase() {
                Phase::GrandTichu => return Some(Action::GrandTichu(self.rng.below(16) == 0)),
                _ if may_call && self.rng.below(32) == 0 => return Some(Action::Tichu),
                Phase::Exchange => return self.exchange(round, seat),
                // Half the time the lowest legal action (cheap: the walk stops at once).
                _ if self.rng.below(2) == 0 => return lowest_legal_action(round, seat),
                _ => return self.pick(round, seat, |a| *a != Action::Tichu),
            }
        }
        if may_call && self.rng.below(64) == 0 {
            return Some(Action::Tichu);
        }
        let holds_bomb = round.hand(seat).is_ok_and(holds_bomb);
        if round.phase() == Phase::Play && holds_bomb && self.rng.below(4) == 0 {
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

impl Bot<Round> for RandomBot {
    /// [`RandomBot::choose`].
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        RandomBot::choose(self, round, seat)
    }
}
