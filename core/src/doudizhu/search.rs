//! What the search bot needs of Dou Dizhu ([`game::Search`]): a deal consistent with one seat's
//! view ([`Round::redeal_hidden`]), the greedy playout policy ([`Greedy`]) and the reward.
//!
//! **What a seat may believe**: its own hand, every played card and every seat's count are
//! kept; once the landlord has taken the kitty (shown to all), the landlord still holds every
//! kitty card of a rank beyond what it has played; the rest of the unseen cards (and, during the
//! auction, the kitty) are dealt at random among the hidden places, uniformly among the deals
//! that keep these facts. Passing says nothing about a hand in Dou Dizhu (a seat may pass
//! holding a beating play), so no card is excluded for it.
//!
//! **Reward** ([`game::Search::reward`]): the winning side 0.9, the losing side 0.1, plus (minus)
//! 0.1 × min(stake, 16) / 16, so a bigger win is better and a bigger loss worse and every win
//! beats every loss; partners (the two peasants) share it; a void deal (everyone passed) 0.5.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::Error;
use super::bot::Greedy;
use super::round::{Outcome, Round};
use crate::game::{self, Rng, Seat};

impl game::Search for Round {
    type Playout = Greedy;

    fn playout(seed: u64) -> Greedy {
        Greedy::new(seed)
    }

    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Result<Round, Error> {
        self.redeal_hidden(seat, rng)
    }

    fn reward(outcome: &Outcome, seat: Seat) -> f32 {
        let Some(landlord) = outcome.landlord else {
            return 0.5;
        };
        let won = (seat == landlord) == outcome.landlord_won;
        // At most 16 in the margin term: an exact conversion.
        let margin = outcome.stake.min(16) as f32 / 160.0;
        if won { 0.9 + margin } else { 0.1 - margin }
    }
}
