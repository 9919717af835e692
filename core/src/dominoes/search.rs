//! What the search bot needs of dominoes ([`game::Search`]): a whole hand consistent with what
//! one seat has seen ([`Round::determinize`]), the greedy playout policy
//! ([`Greedy`](super::super::bot::Greedy)) and the reward of a finished hand.
//!
//! # What a seat may believe
//!
//! A seat sees its own tiles, the layout, every seat's tile count, the boneyard's count and the
//! scores. It also knows what each other seat lacks ([`Round::voids`]): a seat that drew or
//! passed could not play, so it held no number a free point of the layout took then (the fact
//! is kept for the tiles it held, not for tiles it drew later). A determinization keeps all of
//! that and deals the unseen tiles — the other hands and the boneyard, whose order is hidden
//! too — at random among the places that may hold them:
//!
//! - The unseen tiles are shuffled ([`game::shuffle`]), then placed one by one: each goes to a
//!   place that may hold it (a hand whose seat does not lack its numbers, or the boneyard), with
//!   chance proportional to the room left there, among the places that keep the rest placeable
//!   (Hall's condition over the at most five places, checked exactly). With no exclusions every
//!   place may hold every tile: the deal is a uniform shuffle of the unseen tiles (each tile is
//!   with a seat with chance `count ÷ unseen`). With exclusions the deal is always consistent,
//!   and close to, not exactly, uniform over the consistent deals.
//! - A seat still drawing (its turn, after a draw) holds one tile no fact covers: the one it drew
//!   last (it may be the one it plays). That tile is a place of its own.
//! - The boneyard's tiles are written in the order they were placed (random).
//!
//! Fixed memory: the unseen tiles in a 190-byte array, the places in a few words; no heap.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::{Error, MAX_PLAYERS, MAX_SET_TILES, PLAYING, Round, WORDS, count, ids, insert, tile_of};
use crate::dominoes::Outcome;
use crate::dominoes::bot::Greedy;
use crate::game::{self, Rng, Seat};

/// The most places an unseen tile can go: three other hands, the free tile of a seat still
/// drawing, the boneyard.
const PLACES: usize = MAX_PLAYERS + 1;
/// Subsets of the places.
const SUBSETS: usize = 1 << PLACES;

/// Where an unseen tile may go.
#[derive(Debug, Clone, Copy, Default)]
struct Place {
    /// The hand it joins (`None`: the boneyard).
    seat: Option<usize>,
    /// Tiles still to place here.
    room: usize,
    /// Numbers a tile placed here may not show (bits).
    lacks: u32,
}

/// The number bits a tile shows.
fn numbers(id: u8) -> u32 {
    let tile = tile_of(id);
    1u32.checked_shl(tile.a).unwrap_or(0) | 1u32.checked_shl(tile.b).unwrap_or(0)
}

/// The places (as bits) that may hold tile `id`, whatever their room.
fn allowed(places: &[Place], id: u8) -> usize {
    let shows = numbers(id);
    places
        .iter()
        .enumerate()
        .filter(|(_, place)| place.lacks & shows == 0)
        .fold(0usize, |mask, (index, _)| mask | (1usize << index))
}

/// Hall's condition: the tiles still to place (`kinds[m]`: how many may go exactly to the places
/// of mask `m`) fit the room left. For each set `P` of places, the tiles that may only go into
/// `P` must fit `P`'s room; with as many tiles as room in all, that is enough for a placement.
/// Only the sets of the places there are (`places.len()` ≤ [`PLACES`]) are read: a tile's kind
/// names only those ([`allowed`]), so a larger set holds what its part among them holds.
fn placeable(kinds: &[usize; SUBSETS], places: &[Place]) -> bool {
    let count = places.len().min(PLACES);
    let sets = 1usize << count;
    // within[P] = tiles whose places all lie in P (a sum over subsets, place by place).
    let mut within = *kinds;
    for bit in 0..count {
        for set in 0..sets {
            if set & (1 << bit) != 0 {
                let without = within.get(set ^ (1 << bit)).copied().unwrap_or(0);
                if let Some(slot) = within.get_mut(set) {
                    *slot = slot.saturating_add(without);
                }
            }
        }
    }
    within.iter().take(sets).enumerate().all(|(set, &tiles)| {
        let room = places
            .iter()
            .enumerate()
            .filter(|(index, _)| set & (1 << index) != 0)
            .fold(0usize, |room, (_, place)| room.saturating_add(place.room));
        tiles <= room
    })
}

impl Round {
    /// A whole hand consistent with what `seat` has seen, the unseen tiles dealt at random with
    /// `rng`: shuffled, then each placed with a place that may hold it (a hand whose seat does
    /// not lack its numbers, the boneyard), with chance proportional to the room left, among the
    /// places that keep the rest placeable — a uniform shuffle when nobody lacks anything
    /// (`docs/dominoes.md`, "What a seat may believe"). `seat`'s hand, the layout, every count, the scores,
    /// the turn and every seat's exclusions ([`Round::voids`]) are kept; the other hands and the
    /// boneyard's tiles and order are drawn anew. Errors: [`Error::NoSuchSeat`];
    /// [`Error::Internal`] if no consistent deal were left (a state `decode` accepts always has
    /// one: its own).
    ///
    /// ```
    /// use parlor_core::dominoes::{Config, Round};
    /// use parlor_core::game::{Rng, Round as _, Seat};
    /// let round = Round::seeded(&Config::FIVE_UP, 42)?;
    /// let guess = round.determinize(Seat(0), &mut Rng::new(1))?;
    /// assert_eq!(guess.observation(Seat(0))?, round.observation(Seat(0))?);
    /// assert_eq!(guess.hand(Seat(1)).count(), 5);
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn determinize(&self, seat: Seat, rng: &mut Rng) -> Result<Round, Error> {
        let mut guess = self.clone();
        self.determinize_in(seat, rng, &mut guess)?;
        Ok(guess)
    }

    /// [`Round::determinize`]'s hand written to `guess` (whatever it held; after an error, some
    /// round): the same hand for the same `rng`, drawn in place.
    pub fn determinize_in(&self, seat: Seat, rng: &mut Rng, guess: &mut Round) -> Result<(), Error> {
        let players = usize::from(self.config.players);
        if seat.index() >= players {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        let tiles = self.config.set_tiles();
        let cursor = usize::from(self.cursor);
        // The places, and the unseen tiles (the other hands, then the boneyard).
        let mut places = [Place::default(); PLACES];
        let mut used = 0usize;
        let mut unseen = [0u8; MAX_SET_TILES];
        let mut total = 0usize;
        let mut add = |place: Place, places: &mut [Place; PLACES]| -> Result<(), Error> {
            *places.get_mut(used).ok_or(Error::Internal)? = place;
            used = used.saturating_add(1);
            Ok(())
        };
        let drawing = (self.end == PLAYING && self.drew).then_some(usize::from(self.to_act));
        for (other, hand) in self.hands.iter().enumerate().take(players) {
            if other == seat.index() {
                continue;
            }
            let held = usize::from(count(hand));
            let free = usize::from(drawing == Some(other) && held > 0);
            add(
                Place {
                    seat: Some(other),
                    room: held.saturating_sub(free),
                    lacks: self.void(other),
                },
                &mut places,
            )?;
            if free == 1 {
                add(
                    Place {
                        seat: Some(other),
                        room: 1,
                        lacks: 0,
                    },
                    &mut places,
                )?;
            }
            for id in ids(hand) {
                *unseen.get_mut(total).ok_or(Error::Internal)? = id;
                total = total.saturating_add(1);
            }
        }
        let boneyard = self.deck.get(cursor..tiles).ok_or(Error::Internal)?;
        add(
            Place {
                seat: None,
                room: boneyard.len(),
                lacks: 0,
            },
            &mut places,
        )?;
        for &id in boneyard {
            *unseen.get_mut(total).ok_or(Error::Internal)? = id;
            total = total.saturating_add(1);
        }
        let places = places.get_mut(..used).ok_or(Error::Internal)?;
        let unseen = unseen.get_mut(..total).ok_or(Error::Internal)?;
        game::shuffle(unseen, rng);

        // How many tiles of each kind (the mask of places that may hold them) are left.
        let mut kinds = [0usize; SUBSETS];
        let constrained = places.iter().any(|place| place.lacks != 0);
        for &id in unseen.iter() {
            let kind = kinds.get_mut(allowed(places, id)).ok_or(Error::Internal)?;
            *kind = kind.saturating_add(1);
        }

        guess.copy_fields_from(self);
        for (index, _) in places.iter().enumerate() {
            if let Some(other) = places.get(index).and_then(|place| place.seat) {
                *guess.hands.get_mut(other).ok_or(Error::Internal)? = [0; WORDS];
            }
        }
        let mut next_in_boneyard = cursor;
        for &id in unseen.iter() {
            let may = allowed(places, id);
            let kind = kinds.get_mut(may).ok_or(Error::Internal)?;
            *kind = kind.saturating_sub(1);
            // Candidates: places that may hold the tile and have room; drop those that would
            // leave the rest unplaceable.
            let mut candidates = places
                .iter()
                .enumerate()
                .filter(|(index, place)| may & (1 << index) != 0 && place.room > 0)
                .fold(0usize, |mask, (index, _)| mask | (1 << index));
            let chosen = loop {
                let room: usize = places
                    .iter()
                    .enumerate()
                    .filter(|(index, _)| candidates & (1 << index) != 0)
                    .fold(0usize, |room, (_, place)| room.saturating_add(place.room));
                if room == 0 {
                    debug_assert!(false, "dominoes determinize: no consistent deal left");
                    return Err(Error::Internal);
                }
                // A place with chance proportional to its room.
                let mut pick = rng.below(u32::try_from(room).map_err(|_| Error::Internal)?) as usize;
                let mut chosen = None;
                for (index, place) in places.iter().enumerate() {
                    if candidates & (1 << index) == 0 {
                        continue;
                    }
                    if pick < place.room {
                        chosen = Some(index);
                        break;
                    }
                    pick = pick.saturating_sub(place.room);
                }
                let chosen = chosen.ok_or(Error::Internal)?;
                let place = places.get_mut(chosen).ok_or(Error::Internal)?;
                place.room = place.room.saturating_sub(1);
                if !constrained || placeable(&kinds, places) {
                    break chosen;
                }
                let place = places.get_mut(chosen).ok_or(Error::Internal)?;
                place.room = place.room.saturating_add(1);
                candidates &= !(1 << chosen);
            };
            match places.get(chosen).and_then(|place| place.seat) {
                Some(other) => insert(guess.hands.get_mut(other).ok_or(Error::Internal)?, id),
                None => {
                    *guess.deck.get_mut(next_in_boneyard).ok_or(Error::Internal)? = id;
                    next_in_boneyard = next_in_boneyard.saturating_add(1);
                }
            }
        }
        Ok(())
    }
}

impl Round {
    /// `self` made equal to `other`, field by field (every field is `Copy`): no whole round built
    /// on the stack first, as `clone_from`'s `*self = other.clone()` may.
    fn copy_fields_from(&mut self, other: &Round) {
        let Round {
            hands,
            config,
            deck,
            parents,
            played,
            cursor,
            to_act,
            passes,
            drew,
            end,
            scores,
            voids,
        } = self;
        *hands = other.hands;
        *config = other.config;
        *deck = other.deck;
        *parents = other.parents;
        *played = other.played;
        *cursor = other.cursor;
        *to_act = other.to_act;
        *passes = other.passes;
        *drew = other.drew;
        *end = other.end;
        *scores = other.scores;
        *voids = other.voids;
    }
}

impl game::Search for Round {
    type Playout = Greedy;

    /// [`Greedy::new`].
    fn playout(seed: u64) -> Greedy {
        Greedy::new(seed)
    }

    /// [`Round::determinize`].
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Result<Round, Error> {
        Round::determinize(self, seat, rng)
    }

    /// [`Round::determinize_in`].
    fn determinize_in(&self, seat: Seat, rng: &mut Rng, out: &mut Round) -> Result<(), Error> {
        Round::determinize_in(self, seat, rng, out)
    }

    /// Half for the hand's points, half for the margin: with `own` the points of `seat`'s side
    /// in the hand (partners summed) and `best` the most any other side scored, `0.5 × win +
    /// 0.25 × (1 + (own − best) ÷ (own + best + 1))`, `win` 1 when `own > best`, ½ on a tie, 0
    /// otherwise. So a win is worth 0.75–1, a loss 0–0.25, more the wider the margin; partners
    /// get the same reward. 0 for a seat not at the table.
    fn reward(outcome: &Outcome, seat: Seat) -> f32 {
        let players = usize::from(outcome.players).min(MAX_PLAYERS);
        if seat.index() >= players {
            return 0.0;
        }
        let side = |s: usize| if outcome.partnerships { s % 2 } else { s };
        let points = |of: usize| -> f32 {
            outcome
                .scores
                .iter()
                .take(players)
                .enumerate()
                .filter(|&(s, _)| side(s) == of)
                .map(|(_, &score)| f32::from(score))
                .sum()
        };
        let own_side = side(seat.index());
        let own = points(own_side);
        let best = (0..players)
            .map(side)
            .filter(|&other| other != own_side)
            .map(points)
            .fold(0.0f32, f32::max);
        let win = if own > best {
            1.0
        } else if own < best {
            0.0
        } else {
            0.5
        };
        let margin = (own - best) / (own + best + 1.0);
        (0.5 * win + 0.25 * (1.0 + margin)).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
