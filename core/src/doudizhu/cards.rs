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

/// The set bits of a mask (its population count; rank masks, or several packed in one word).
/// Out of line on 32-bit parts: a Cortex-M has no population count instruction, and each
/// inlined count is a dozen or two instructions (flash); inlined on 64-bit hosts (speed).
#[cfg_attr(target_pointer_width = "32", inline(never))]
pub(crate) fn pop(mask: u64) -> usize {
    mask.count_ones() as usize
}

/// The low byte of each 16-bit lane of a word, and bit 8 and bit 9 of each.
const LANE_LOW: u64 = 0x00FF_00FF_00FF_00FF;
const LANE_BIT8: u64 = 0x0100_0100_0100_0100;
const LANE_BIT9: u64 = 0x0200_0200_0200_0200;
/// The deck's counts as words ([`Cards::words`]): 4 of each rank 3 … 2, 1 of each joker.
const DECK_WORDS: [u64; 2] = [0x0404_0404_0404_0404, 0x0001_0104_0404_0404];

/// 15 counts as the bytes of two little-endian words, ranks 0 … 7 and 8 … 14 (the top byte 0):
/// two 8-byte reads, the second of ranks 7 … 14 shifted down (no 15-byte slice copy: a call to
/// `memcpy` on the microcontrollers).
pub(crate) fn words_of(counts: &[u8; RANKS]) -> [u64; 2] {
    let word = |bytes: Option<&[u8; 8]>| bytes.copied().map_or(0, u64::from_le_bytes);
    [word(counts.first_chunk()), word(counts.last_chunk()) >> 8]
}

/// [`Cards::minus`] on count words ([`words_of`]): `a`'s counts less `b`'s, or `None` if some
/// count of `b` is above `a`'s. No set built: on the microcontrollers a 15-byte `Cards` moved
/// into an `Option` is a `memcpy` call (about 90 instructions on the Cortex-M4).
#[inline(always)]
pub(crate) fn minus_words([a0, a1]: [u64; 2], [b0, b1]: [u64; 2]) -> Option<[u64; 2]> {
    // Every count at least the other's: the words' differences borrow in no byte.
    at_least([a0, a1], [b0, b1]).then(|| [a0.wrapping_sub(b0), a1.wrapping_sub(b1)])
}

/// The count of rank index `rank` (0 … 14) in count words ([`words_of`]); 0 past them.
pub(crate) fn count_in([lo, hi]: [u64; 2], rank: usize) -> u8 {
    let (word, byte) = if rank < 8 {
        (lo, rank)
    } else {
        (hi, rank.wrapping_sub(8))
    };
    word.checked_shr((byte as u32).wrapping_mul(8)).map_or(0, |w| w as u8)
}

/// [`Cards::len`] of count words ([`words_of`]): the 15 counts summed in the 16-bit lanes of
/// the two words (at most 4 · 255 a lane), then the lanes folded into the lowest by halves (at
/// most 15 · 255: no lane overflows).
pub(crate) fn len_of_words([lo, hi]: [u64; 2]) -> usize {
    let pairs = |w: u64| (w & LANE_LOW).wrapping_add(w >> 8 & LANE_LOW);
    let mut sum = pairs(lo).wrapping_add(pairs(hi));
    sum = sum.wrapping_add(sum >> 32);
    sum = sum.wrapping_add(sum >> 16);
    (sum & 0xFFFF) as usize
}

/// Whether every byte of `a` is at least the same byte of `b` (words of counts): in 16-bit
/// lanes, even and odd bytes apart, 0x100 + x - y stays in 1 ..= 0x1FF and reaches 0x100
/// exactly when x ≥ y.
fn at_least(a: [u64; 2], b: [u64; 2]) -> bool {
    let ge = |a: u64, b: u64| {
        let even = (a & LANE_LOW | LANE_BIT8).wrapping_sub(b & LANE_LOW);
        let odd = (a >> 8 & LANE_LOW | LANE_BIT8).wrapping_sub(b >> 8 & LANE_LOW);
        even & odd & LANE_BIT8 == LANE_BIT8
    };
    let ([a0, a1], [b0, b1]) = (a, b);
    ge(a0, b0) && ge(a1, b1)
}

/// Whether two sets of count words ([`words_of`]) fit in the deck together ([`Cards::plus`]),
/// by the words' containment tests: `a` within the deck (the room it leaves is then its
/// difference from the deck, no byte borrowing) and `b` within that room.
fn fits_by_room(a: [u64; 2], b: [u64; 2]) -> bool {
    minus_words(DECK_WORDS, a).is_some_and(|room| at_least(room, b))
}

/// [`fits_by_room`] in 16-bit lanes, even and odd ranks apart: `0x200 + limit - a - b` stays in
/// 2 ..= 0x2FF and reaches 0x200 exactly when `a + b` fits (the 64-bit hosts' form).
fn fits_by_lanes([a0, a1]: [u64; 2], [b0, b1]: [u64; 2]) -> bool {
    let [d0, d1] = DECK_WORDS;
    let fits = |d: u64, a: u64, b: u64| {
        let room = |shift: u32| {
            (d >> shift & LANE_LOW | LANE_BIT9)
                .wrapping_sub(a >> shift & LANE_LOW)
                .wrapping_sub(b >> shift & LANE_LOW)
        };
        room(0) & room(8) & LANE_BIT9 == LANE_BIT9
    };
    fits(d0, a0, b0) && fits(d1, a1, b1)
}

impl TryFrom<u8> for Rank {
    type Error = Error;
    /// The rank of index `0..=14` (0 = 3 … 12 = 2, 13 = black joker, 14 = red joker), as in
    /// the C ABI's reading keys and count vectors; other indices are
    /// [`Error::UnknownCode`] `{ what: "rank", .. }`.
    fn try_from(index: u8) -> Result<Rank, Error> {
        Rank::from_index(usize::from(index)).ok_or(Error::UnknownCode {
            what: reason!("rank"),
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
        len_of_words(self.words())
    }

    /// Whether the set holds no card.
    pub fn is_empty(&self) -> bool {
        self.words() == [0; 2]
    }

    /// Whether every card of `other` is in `self`.
    pub fn contains(&self, other: &Cards) -> bool {
        at_least(self.words(), other.words())
    }

    /// `self` without the cards of `other`, or `None` if `other` is not contained in `self`.
    pub fn minus(&self, other: &Cards) -> Option<Cards> {
        minus_words(self.words(), other.words()).map(Cards::from_words)
    }

    /// The union of two disjoint sets, or `None` if together they exceed the deck.
    pub fn plus(&self, other: &Cards) -> Option<Cards> {
        let (a, b) = (self.words(), other.words());
        // On 32-bit parts by the containment tests (no lane arithmetic of its own: flash), on a
        // 64-bit host by the lanes (the cheaper there: `apply` adds every play to a pile); the
        // same answers (tested).
        let fits = if cfg!(target_pointer_width = "64") {
            fits_by_lanes(a, b)
        } else {
            fits_by_room(a, b)
        };
        let ([a0, a1], [b0, b1]) = (a, b);
        fits.then(|| Cards::from_words([a0.wrapping_add(b0), a1.wrapping_add(b1)]))
    }

    /// The counts as the bytes of two little-endian words, ranks 0 … 7 and 8 … 14 (the top byte
    /// 0).
    pub(crate) fn words(&self) -> [u64; 2] {
        words_of(&self.counts)
    }

    /// The set of two words' first 15 bytes (the inverse of `words`).
    pub(crate) fn from_words([lo, hi]: [u64; 2]) -> Cards {
        // Two 8-byte writes: ranks 0 … 7, then 7 … 14 (rank 7 again, from `lo`).
        let mut counts = [0u8; RANKS];
        if let Some(head) = counts.first_chunk_mut::<8>() {
            *head = lo.to_le_bytes();
        }
        if let Some(tail) = counts.last_chunk_mut::<8>() {
            *tail = (hi << 8 | lo >> 56).to_le_bytes();
        }
        Cards { counts }
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

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]
    use super::{Cards, RANKS};

    use crate::game::Rng;

    /// Session 18: the word forms of `len`, `is_empty`, `contains`, `minus` and `plus` give
    /// the rank-by-rank answers, on sets within the deck and on any bytes (a set read from
    /// bytes may hold anything).
    #[test]
    fn word_operations_match_the_rank_by_rank_answers() {
        assert_eq!(super::DECK_WORDS, super::words_of(&Cards::DECK.counts));
        assert_eq!(Cards::from_words(super::DECK_WORDS), Cards::DECK);
        assert!(Cards::EMPTY.is_empty());
        let mut rng = Rng::new(18);
        let mut some = [0u32; 4];
        for round in 0..200_000u32 {
            let draw = |rng: &mut Rng| {
                let mut counts = [0u8; RANKS];
                for (i, slot) in counts.iter_mut().enumerate() {
                    *slot = match round % 4 {
                        0 => rng.below(256) as u8,
                        1 => rng.below(u32::from(Cards::DECK.counts()[i]) + 1) as u8,
                        2 => rng.below(3) as u8 * (rng.below(3) as u8),
                        _ => [0u8, 1, 4, 5, 127, 128, 200, 255][rng.below(8) as usize],
                    };
                }
                Cards { counts }
            };
            let (a, mut b) = (draw(&mut rng), draw(&mut rng));
            // Often a part of `a`, or of the deck's cards `a` leaves.
            match rng.below(3) {
                0 => {
                    for i in 0..RANKS {
                        b.counts[i] = rng.below(u32::from(a.counts[i]) + 1) as u8;
                    }
                }
                1 => {
                    for i in 0..RANKS {
                        let room = Cards::DECK.counts[i].saturating_sub(a.counts[i]);
                        b.counts[i] = rng.below(u32::from(room) + 1) as u8;
                    }
                }
                _ => {}
            }
            let (ac, bc) = (a.counts(), b.counts());
            assert_eq!(a.len(), ac.iter().map(|&n| usize::from(n)).sum::<usize>());
            assert_eq!(a.is_empty(), ac.iter().all(|&n| n == 0));
            let contains = (0..RANKS).all(|i| ac[i] >= bc[i]);
            assert_eq!(a.contains(&b), contains, "{ac:?} {bc:?}");
            let minus = contains.then(|| {
                let mut c = [0u8; RANKS];
                for i in 0..RANKS {
                    c[i] = ac[i] - bc[i];
                }
                c
            });
            assert_eq!(a.minus(&b).map(|c| c.counts()), minus, "{ac:?} {bc:?}");
            // Session 20: the same on count words (the greedy bot's per-play path).
            assert_eq!(
                super::minus_words(a.words(), b.words()).map(|w| Cards::from_words(w).counts()),
                minus,
                "{ac:?} {bc:?}"
            );
            assert_eq!(super::len_of_words(a.words()), a.len());
            for (i, &n) in ac.iter().enumerate() {
                assert_eq!(super::count_in(a.words(), i), n);
            }
            assert_eq!(super::count_in(a.words(), RANKS), 0);
            let fits = (0..RANKS).all(|i| u16::from(ac[i]) + u16::from(bc[i]) <= u16::from(Cards::DECK.counts()[i]));
            let plus = fits.then(|| {
                let mut c = [0u8; RANKS];
                for i in 0..RANKS {
                    c[i] = ac[i] + bc[i];
                }
                c
            });
            assert_eq!(a.plus(&b).map(|c| c.counts()), plus, "{ac:?} {bc:?}");
            // Session 22: both forms of the test (the 32-bit parts' and the hosts').
            assert_eq!(super::fits_by_room(a.words(), b.words()), fits, "{ac:?} {bc:?}");
            assert_eq!(super::fits_by_lanes(a.words(), b.words()), fits, "{ac:?} {bc:?}");
            some[0] += u32::from(contains);
            some[1] += u32::from(fits);
            some[2] += u32::from(!contains);
            some[3] += u32::from(!fits);
        }
        // Each answer is met both ways many times.
        assert!(some.iter().all(|&n| n > 5_000), "{some:?}");
    }
}
