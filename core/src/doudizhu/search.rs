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
use super::bot::{Greedy, plays_left};
use super::cards::Rank;
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

    /// [`Round::redeal_hidden_in`]: dealt in place in `out` (no round returned and copied).
    fn determinize_in(&self, seat: Seat, rng: &mut Rng, out: &mut Round) -> Result<(), Error> {
        self.redeal_hidden_in(seat, rng, out)
    }

    /// After the auction: the landlord's chance from the plays each side needs to go out
    /// ([`plays_left`]: the landlord's against the readier peasant's), who leads and the bombs
    /// each side holds, mapped onto the reward's win/loss scale (module docs).
    fn evaluate(&self, seat: Seat) -> Option<f32> {
        evaluate(self, seat)
    }

    const PLAYOUT_PLIES: u32 = PLAYOUT_PLIES;

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

/// The rank indices of the jokers (the rocket is both).
const BLACK: usize = Rank::BlackJoker as usize;
const RED: usize = Rank::RedJoker as usize;

/// The actions of a playout before it stops at the static evaluation ([`game::Search::evaluate`]).
pub const PLAYOUT_PLIES: u32 = 6;

/// The weight of a bomb (or the rocket) in [`game::Search::evaluate`]: the landlord's bombs less
/// the peasants' count this many plays in its favour (a bomb takes the lead back whenever its
/// holder wants it). 0.5 lifted `search:28` against two greedy bots from 55.4 ± 2.8 % to 58.6 ±
/// 2.8 % of 1,000 duplicate deals (seed 1; 1.0: 58.0 %, 0.3: 56.5 %; docs/search.md).
pub const BOMB_WEIGHT: f32 = 0.5;

/// The landlord's winning chance, `0.5 + 0.5 · x / (1 + |x|)` with `x = 0.6 · (peasants' plays
/// left − landlord's + tempo + BOMB_WEIGHT · (landlord's bombs − peasants' bombs))`, tempo ½ for
/// the side on lead (or holding the top play), the rocket counting as a bomb; the seat's value
/// `0.1 + 0.8 ·` its side's chance. `None` during the auction.
fn evaluate(round: &Round, seat: Seat) -> Option<f32> {
    if round.in_auction() {
        return None;
    }
    let landlord = round.landlord()?;
    let left = |s: Seat| plays_left(&round.hand(s).counts()) as f32;
    let lord = left(landlord);
    let peasants = (0u8..3)
        .map(Seat)
        .filter(|s| *s != landlord)
        .map(left)
        .fold(f32::INFINITY, f32::min);
    // The side that leads next: the top play's owner's, else the seat in turn's.
    let leader = round.top().map(|(s, _)| s).or(round.to_act())?;
    let tempo = if leader == landlord { 0.5 } else { -0.5 };
    let bombs = |s: Seat| {
        let c = round.hand(s).counts();
        let rocket = c.get(BLACK).is_some_and(|&n| n > 0) && c.get(RED).is_some_and(|&n| n > 0);
        // At most 13 bombs and a rocket: exact as a float.
        c.iter()
            .filter(|&&n| n == 4)
            .count()
            .saturating_add(usize::from(rocket)) as f32
    };
    let lord_bombs = bombs(landlord);
    let peasant_bombs: f32 = (0u8..3).map(Seat).filter(|s| *s != landlord).map(bombs).sum();
    let x = 0.6 * (peasants - lord + tempo + BOMB_WEIGHT * (lord_bombs - peasant_bombs));
    let chance = 0.5 + 0.5 * x / (1.0 + x.abs());
    let side = if seat == landlord { chance } else { 1.0 - chance };
    Some(0.1 + 0.8 * side)
}
