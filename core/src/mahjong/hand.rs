//! The hand model: 34 counts (the game's errors are in [`error`](super::error)).

use core::fmt;

use super::error::Error;
use super::tile::{KINDS, Tile};
use crate::notation::Span;

/// The largest hand: 14 tiles (four sets and a pair, with no melds called).
pub const MAX_HAND: usize = 14;

/// A closed hand as counts per tile kind (index order of [`Tile`]), at most four copies of a kind
/// and at most [`MAX_HAND`] tiles. Every `Hand` value satisfies both limits.
///
/// Parsed from the seed's spaced notation (`1m 1m 2m`) or the compact one (`112m456p11z`), in any
/// mix; [`Display`](fmt::Display) prints the spaced form and `{:#}` the compact one, and both
/// parse back to the same hand.
///
/// ```
/// use parlor_core::mahjong::Hand;
/// let hand: Hand = "112m 5p 11z".parse().unwrap();
/// assert_eq!(hand.len(), 6);
/// assert_eq!(hand.to_string(), "1m 1m 2m 5p 1z 1z");
/// assert_eq!(format!("{hand:#}"), "112m5p11z");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; KINDS],
    len: u8,
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::new()
    }
}

impl Hand {
    /// The empty hand.
    pub const fn new() -> Hand {
        Hand {
            counts: [0; KINDS],
            len: 0,
        }
    }

    /// A hand from 34 counts. Errors: [`Error::FifthCopy`] for a count above 4 (its span is
    /// empty), [`Error::TooManyTiles`] for more than [`MAX_HAND`] tiles; with several faults,
    /// the error is the one adding the tiles one at a time in index order would meet first.
    ///
    /// One branch-free pass over the 34 counts validates them (the common case); only a bad
    /// input takes a second pass to name its first fault.
    ///
    /// ```
    /// use parlor_core::mahjong::{Error, Hand};
    /// let mut counts = [0u8; 34];
    /// counts[0] = 3;
    /// assert_eq!(Hand::from_counts(&counts).map(|h| h.len()), Ok(3));
    /// counts[1] = 5;
    /// assert!(matches!(Hand::from_counts(&counts), Err(Error::FifthCopy { .. })));
    /// ```
    pub fn from_counts(counts: &[u8; KINDS]) -> Result<Hand, Error> {
        let mut total = 0u32;
        let mut over = false;
        for &count in counts {
            // 34 counts of at most 255 sum below 2^14: never wraps.
            total = total.wrapping_add(u32::from(count));
            over |= count > 4;
        }
        match u8::try_from(total) {
            Ok(len) if !over && usize::from(len) <= MAX_HAND => Ok(Hand { counts: *counts, len }),
            _ => Hand::from_counts_checked(counts),
        }
    }

    /// [`Hand::from_counts`] for counts that failed its one-pass check: walks the kinds in
    /// order and reports the first fault that adding the tiles one at a time would meet (the
    /// fifteenth tile before a fifth copy of the same kind).
    #[cold]
    fn from_counts_checked(counts: &[u8; KINDS]) -> Result<Hand, Error> {
        let span = Span::default();
        let mut len = 0u8;
        for (tile, &count) in Tile::all().zip(counts.iter()) {
            // `len` ≤ 14 (checked below on every step) plus at most 4: never wraps.
            if usize::from(len).wrapping_add(usize::from(count.min(4))) > MAX_HAND {
                return Err(Error::TooManyTiles { span });
            }
            if count > 4 {
                return Err(Error::FifthCopy { tile, span });
            }
            len = len.wrapping_add(count); // count ≤ 4 and len + count ≤ 14 after the checks above
        }
        Ok(Hand { counts: *counts, len })
    }

    /// Adds one `tile`. Errors name `span` (where the tile was written, if it was):
    /// [`Error::FifthCopy`] or [`Error::TooManyTiles`]; the hand is unchanged on error.
    pub fn add(&mut self, tile: Tile, span: Span) -> Result<(), Error> {
        let Some(count) = self.counts.get_mut(tile.index()) else {
            debug_assert!(false, "a Tile's index is below KINDS (every constructor checks it)");
            return Err(Error::Internal);
        };
        if *count >= 4 {
            return Err(Error::FifthCopy { tile, span });
        }
        if usize::from(self.len) >= MAX_HAND {
            return Err(Error::TooManyTiles { span });
        }
        // Both below their limits (4 and 14) after the checks above: neither wraps.
        *count = count.wrapping_add(1);
        self.len = self.len.wrapping_add(1);
        Ok(())
    }

    /// Removes one `tile`; returns whether the hand held one.
    pub fn remove(&mut self, tile: Tile) -> bool {
        match self.counts.get_mut(tile.index()) {
            Some(count) if *count > 0 => {
                *count = count.wrapping_sub(1); // above 0 (the match arm)
                self.len = self.len.saturating_sub(1); // holds that copy, so at least 1
                true
            }
            _ => false,
        }
    }

    /// The counts, indexed by [`Tile::index`].
    pub const fn counts(&self) -> &[u8; KINDS] {
        &self.counts
    }

    /// How many copies of `tile` the hand holds (0–4).
    pub fn count(&self, tile: Tile) -> u8 {
        match self.counts.get(tile.index()) {
            Some(&count) => count,
            None => {
                // Unreachable: a `Tile`'s index is below KINDS (every constructor checks it),
                // and this accessor has no error to return.
                debug_assert!(false, "a Tile's index is below KINDS");
                0
            }
        }
    }

    /// The number of tiles (0–14).
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the hand holds no tile.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The tiles in order (`1m` first, `7z` last), each copy once.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all()
            .zip(self.counts.iter())
            .flat_map(|(tile, &count)| core::iter::repeat_n(tile, usize::from(count)))
    }

    /// `k` for a hand of `3k+1` or `3k+2` tiles, the number of sets a complete hand of this size
    /// has; `None` for sizes `3k` (0, 3, …, 12).
    pub const fn sets_needed(&self) -> Option<usize> {
        let len = self.len as usize;
        if len.is_multiple_of(3) { None } else { Some(len / 3) }
    }

    /// Checks that the hand has a size of `size`, or returns [`Error::WrongSize`].
    pub fn expect_size(&self, size: Size) -> Result<(), Error> {
        let len = self.len();
        let ok = match size {
            Size::Waiting => len % 3 == 1,
            Size::Complete => len % 3 == 2,
            Size::Either => !len.is_multiple_of(3),
            Size::Full => len == 13 || len == 14,
        };
        if ok {
            Ok(())
        } else {
            Err(Error::WrongSize {
                tiles: self.len,
                expected: size,
            })
        }
    }
}

/// A hand size an operation requires (named in [`Error::WrongSize`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Size {
    /// `3n+1` tiles: 1, 4, 7, 10 or 13 (a hand waiting for its last tile).
    Waiting,
    /// `3n+2` tiles: 2, 5, 8, 11 or 14 (a hand that may be complete).
    Complete,
    /// `3n+1` or `3n+2` tiles.
    Either,
    /// 13 or 14 tiles (seven pairs and thirteen orphans have no called melds).
    Full,
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Size::Waiting => "3n+1 tiles (1, 4, 7, 10 or 13)",
            Size::Complete => "3n+2 tiles (2, 5, 8, 11 or 14)",
            Size::Either => "3n+1 or 3n+2 tiles (not 0, 3, 6, 9 or 12)",
            Size::Full => "13 or 14 tiles",
        })
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    use super::*;

    /// The construction `from_counts` replaced: one `add` per tile, in index order.
    fn one_at_a_time(counts: &[u8; KINDS]) -> Result<Hand, Error> {
        let mut hand = Hand::new();
        for (tile, &count) in Tile::all().zip(counts.iter()) {
            for _ in 0..count.min(5) {
                hand.add(tile, Span::default())?;
            }
        }
        Ok(hand)
    }

    /// Same hands and the same first error as adding tile by tile, over valid hands, fifth
    /// copies, oversized hands and both faults together (pseudo-random counts, fixed seed).
    #[test]
    fn from_counts_matches_adding_one_tile_at_a_time() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut errors = 0;
        for round in 0..200_000u32 {
            let mut counts = [0u8; KINDS];
            let tiles = (next() % 17) as usize;
            for _ in 0..tiles {
                let kind = (next() % KINDS as u64) as usize;
                counts[kind] = counts[kind].saturating_add(1);
            }
            if round % 7 == 0 {
                counts[(next() % KINDS as u64) as usize] = (next() % 256) as u8;
            }
            let got = Hand::from_counts(&counts);
            assert_eq!(got, one_at_a_time(&counts), "{counts:?}");
            errors += usize::from(got.is_err());
        }
        assert!(errors > 10_000, "{errors}");
        let mut full = [4u8; KINDS];
        full[0] = 200;
        assert_eq!(
            Hand::from_counts(&full),
            Err(Error::FifthCopy {
                tile: Tile::FIRST,
                span: Span::default()
            })
        );
        full[0] = 4;
        assert_eq!(
            Hand::from_counts(&full),
            Err(Error::TooManyTiles { span: Span::default() })
        );
        assert_eq!(Hand::from_counts(&[255; KINDS]), one_at_a_time(&[255; KINDS]));
    }
}
