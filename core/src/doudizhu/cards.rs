//! Ranks and card sets as rank-count vectors (spec "The deck"); their text notation is in
//! [`notation`](super::notation).

use crate::notation::Span;

use super::Error;
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, TryFromBytes};

/// A card rank, low to high: `3 … A, 2, B (black joker), R (red joker)` (spec "The deck").
///
/// The discriminant is the rank's index `0..=14`, the order in which ranks compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum Rank {
    /// 3, the lowest rank.
    Three = 0,
    /// 4.
    Four,
    /// 5.
    Five,
    /// 6.
    Six,
    /// 7.
    Seven,
    /// 8.
    Eight,
    /// 9.
    Nine,
    /// Ten, written `T` or `10`.
    Ten,
    /// Jack.
    Jack,
    /// Queen.
    Queen,
    /// King.
    King,
    /// Ace, the highest rank a chain may reach.
    Ace,
    /// 2, above the ace; never in a chain.
    Two,
    /// The black joker `B`.
    BlackJoker,
    /// The red joker `R`, the highest single card.
    RedJoker,
}

/// The number of ranks (13 suited ranks and two jokers).
pub const RANKS: usize = 15;

impl Rank {
    /// Every rank, low to high.
    pub const ALL: [Rank; RANKS] = [
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
        Rank::Two,
        Rank::BlackJoker,
        Rank::RedJoker,
    ];

    /// The rank of index `index` (`0` = 3 … `14` = red joker), or `None` past 14.
    #[allow(clippy::indexing_slicing)] // in range: checked in the same line (`get` is not `const`)
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < RANKS { Some(Rank::ALL[index]) } else { None }
    }

    /// The rank's index `0..=14`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many cards of this rank a deck holds: 4, or 1 for a joker.
    pub const fn copies(self) -> u8 {
        if self.is_joker() { 1 } else { 4 }
    }

    /// Whether this is a joker.
    pub const fn is_joker(self) -> bool {
        matches!(self, Rank::BlackJoker | Rank::RedJoker)
    }
}

impl TryFrom<u8> for Rank {
    type Error = Error;
    /// The rank of index `0..=14` (0 = 3 … 12 = 2, 13 = black joker, 14 = red joker), as in
    /// the C ABI's reading keys and count vectors; other indices are
    /// [`Error::UnknownCode`] `{ what: "rank", .. }`.
    fn try_from(index: u8) -> Result<Rank, Error> {
        Rank::from_index(usize::from(index)).ok_or(Error::UnknownCode {
            what: "rank",
            code: u32::from(index),
        })
    }
}

/// A set of cards (a hand or a play) as a rank-count vector: `count(rank)` cards of each rank.
///
/// Suits are irrelevant in Dou Dizhu, so the vector is the whole information. A `Cards` value
/// always fits in one deck: at most 4 of each suited rank and 1 of each joker (checked by
/// [`Cards::from_counts`] and the parser; an impossible hand is [`Error::TooManyCopies`]).
///
/// ```
/// use parlor_core::doudizhu::{Cards, Rank};
/// let hand: Cards = "33344456".parse()?;
/// assert_eq!(hand.count(Rank::Three), 3);
/// assert_eq!(hand.len(), 8);
/// assert_eq!(hand.to_string(), "33344456");
/// assert_eq!("10 10 j".parse::<Cards>()?.to_string(), "TTJ");
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
// `FromBytes`: every byte pattern is a value to zerocopy (as it was under `TryFromBytes`, which
// checked nothing more but walked the bytes on every held-state view of the C ABI).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, FromBytes, IntoBytes, KnownLayout, Immutable,
)]
#[repr(C)]
pub struct Cards {
    counts: [u8; RANKS],
}

impl Cards {
    /// No cards (a pass, or no previous play).
    pub const EMPTY: Cards = Cards { counts: [0; RANKS] };

    /// The full 54-card deck.
    pub const DECK: Cards = Cards {
        counts: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1],
    };

    /// The set with `counts[i]` cards of rank `i` (`0` = 3 … `14` = red joker).
    ///
    /// # Errors
    /// [`Error::TooManyCopies`] (with an empty span) if a count exceeds the deck's copies.
    pub fn from_counts(counts: [u8; RANKS]) -> Result<Cards, Error> {
        for (rank, (&count, &limit)) in Rank::ALL.iter().zip(counts.iter().zip(Cards::DECK.counts.iter())) {
            if count > limit {
                return Err(Error::TooManyCopies {
                    rank: *rank,
                    span: Span::default(),
                });
            }
        }
        Ok(Cards { counts })
    }

    /// The set of `counts` the caller knows to fit the deck (a sub-multiset of a valid set).
    pub(crate) const fn from_counts_unchecked(counts: [u8; RANKS]) -> Cards {
        Cards { counts }
    }

    /// The rank-count vector, index `0` = 3 … `14` = red joker.
    pub const fn counts(&self) -> [u8; RANKS] {
        self.counts
    }

    /// How many cards of `rank` the set holds.
    #[allow(clippy::indexing_slicing)] // a proven range: `Rank` has `RANKS` variants, 0..RANKS
    pub const fn count(&self, rank: Rank) -> u8 {
        self.counts[rank as usize]
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum()
    }

    /// Whether the set holds no card.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }

    /// Whether every card of `other` is in `self`.
    pub fn contains(&self, other: &Cards) -> bool {
        // No early exit: the comparison of all 15 ranks compiles to a few vector instructions.
        self.counts
            .iter()
            .zip(other.counts.iter())
            .fold(true, |ok, (a, b)| ok & (a >= b))
    }

    /// `self` without the cards of `other`, or `None` if `other` is not contained in `self`.
    pub fn minus(&self, other: &Cards) -> Option<Cards> {
        let mut counts = [0u8; RANKS];
        for (out, (a, b)) in counts.iter_mut().zip(self.counts.iter().zip(other.counts.iter())) {
            *out = a.checked_sub(*b)?;
        }
        Some(Cards { counts })
    }

    /// The union of two disjoint sets, or `None` if together they exceed the deck.
    pub fn plus(&self, other: &Cards) -> Option<Cards> {
        // Branch-free over the ranks (vectorised), checked once at the end: a sum below its
        // first term wrapped.
        let mut counts = [0u8; RANKS];
        let mut ok = true;
        for ((out, limit), (a, b)) in counts
            .iter_mut()
            .zip(Cards::DECK.counts.iter())
            .zip(self.counts.iter().zip(other.counts.iter()))
        {
            let sum = a.wrapping_add(*b);
            ok &= sum >= *a && sum <= *limit;
            *out = sum;
        }
        ok.then_some(Cards { counts })
    }

    /// The cards of the deck that are not in `self`.
    pub fn complement(&self) -> Cards {
        let mut counts = [0u8; RANKS];
        for ((out, limit), a) in counts.iter_mut().zip(Cards::DECK.counts.iter()).zip(self.counts.iter()) {
            *out = limit.saturating_sub(*a);
        }
        Cards { counts }
    }

    /// The lowest rank present, if any.
    pub fn lowest(&self) -> Option<Rank> {
        Rank::ALL
            .iter()
            .zip(self.counts.iter())
            .find(|(_, c)| **c > 0)
            .map(|(r, _)| *r)
    }

    /// Adds `n` cards of `rank` (internal; callers keep within the deck).
    #[allow(clippy::indexing_slicing)] // a proven range: `Rank` has `RANKS` variants, 0..RANKS
    pub(crate) fn add(&mut self, rank: Rank, n: u8) {
        let slot = &mut self.counts[rank as usize];
        *slot = slot.saturating_add(n);
    }
}
