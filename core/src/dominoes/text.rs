//! The answer texts of `parlor dominoes …`, in one place: the CLI and the bare-metal vector
//! runner both print through these `Display` adapters, so no answer or message is written twice.
//!
//! - [`InSource`] (`error.in_source(text)`) — a parse error naming the bad token of its text
//!   (`not a tile: "1-x" (expected a-b, a|b or [a|b])`);
//! - [`Answer`] (`verdict.answer(&tiles, explain)`, `verdict.explain(&tiles)`) — the one-line
//!   `five-up` answer: `legal` / `illegal`, or explained, the witness (`legal: 6-6 opens; 6-5
//!   on #1 at 6`) or the first tile that broke the game and why (`illegal: #3 3-0: no open end
//!   shows 3 or 0, however #1..#2 are played`);
//! - [`Attachments`] — where the tiles of a legal order attached: a [`Witness`], or the
//!   placements [`validate_each`](super::validate_each) streamed (for small stacks).
//!
//! Quotes in messages are [`Quoted`] (cut after 40 characters).
//!
//! ```
//! use parlor_core::dominoes::{validate, SpinnerRule, Tiles};
//! let text = "6-6 6-5 3-0 5-3";
//! let tiles: Tiles = text.parse()?;
//! let verdict = validate(&tiles, SpinnerRule::EveryDouble)?;
//! assert_eq!(verdict.answer(&tiles, false).to_string(), "illegal");
//! assert_eq!(
//!     verdict.explain(&tiles).to_string(),
//!     "illegal: #3 3-0: no open end shows 3 or 0, however #1..#2 are played"
//! );
//! let bad = "6-6 6-x".parse::<Tiles>().unwrap_err();
//! assert_eq!(
//!     bad.in_source("6-6 6-x").to_string(),
//!     "not a tile: \"6-x\" (expected a-b, a|b or [a|b])"
//! );
//! # Ok::<(), parlor_core::dominoes::Error>(())
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;

use super::{Error, Illegal, Placement, Reason, Tile, Verdict, Witness};
use crate::notation::Quoted;

/// A parse error of this game with the text it came from (the shared
/// [`crate::notation::InSource`]): `Display` names the bad token (quoted) where the error has
/// one, else it is the error's own text. Build it with [`Error::in_source`].
pub type InSource<'a> = crate::notation::InSource<'a, Error>;

impl Error {
    /// This error with the text it came from, for a message that names the bad token.
    ///
    /// ```
    /// use parlor_core::dominoes::Tiles;
    /// let text = "1-2 4294967296-1";
    /// let error = text.parse::<Tiles>().unwrap_err();
    /// assert_eq!(
    ///     error.in_source(text).to_string(),
    ///     "pip number out of range: \"4294967296\" (at most 4294967295)"
    /// );
    /// ```
    pub const fn in_source(self, source: &str) -> InSource<'_> {
        InSource { error: self, source }
    }
}

impl fmt::Display for InSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error {
            Error::UnknownTile { span } => write!(
                f,
                "not a tile: {} (expected a-b, a|b or [a|b])",
                Quoted(span.slice(self.source))
            ),
            Error::PipOutOfRange { span } => write!(
                f,
                "pip number out of range: {} (at most {})",
                Quoted(span.slice(self.source)),
                u32::MAX
            ),
            Error::TooManyTiles {
                capacity,
                span: Some(span),
            } => write!(
                f,
                "too many tiles: {} is tile {} (at most {capacity})",
                Quoted(span.slice(self.source)),
                capacity.saturating_add(1)
            ),
            Error::UnknownAction { span } => write!(
                f,
                "not an action: {} (expected play <tile> [on <tile>], draw or pass)",
                Quoted(span.slice(self.source))
            ),
            // Errors without a token read as the core says them.
            error => error.fmt(f),
        }
    }
}

/// Where each tile of a legal play order attached, by the tile's index in the order.
pub trait Attachments {
    /// The placement of tile `index` (`None` for the opening, index 0, and past the order).
    fn placement(&self, index: usize) -> Option<Placement>;
}

impl Attachments for Witness {
    fn placement(&self, index: usize) -> Option<Placement> {
        self.get(index)
    }
}

/// The placements [`validate_each`](super::validate_each) reports, slot `i` for tile `i` (slot 0,
/// the opening's, is not read).
impl Attachments for [Placement] {
    fn placement(&self, index: usize) -> Option<Placement> {
        match index {
            0 => None,
            _ => self.get(index).copied(),
        }
    }
}

/// The one-line `five-up` answer for a play order: `legal` or `illegal`, or with `explain` the
/// witness (`legal: 6-6 opens; 6-5 on #1 at 6`, `legal: no tiles`) or the first tile that broke
/// the game and why (`illegal: #2 5-6 duplicates #1 6-5`).
///
/// `tiles` must be the order the verdict is about; a witness or tile index that does not fit it
/// is a broken invariant (`Display` fails with [`fmt::Error`]).
#[derive(Clone, Copy, Debug)]
pub struct Answer<'a, A: ?Sized = Witness> {
    /// The play order.
    pub tiles: &'a [Tile],
    /// Where its tiles attached when it is legal, or the first tile that broke it.
    pub verdict: Result<&'a A, Illegal>,
    /// Whether to explain (`--explain`).
    pub explain: bool,
}

impl Verdict {
    /// The `five-up` answer for this verdict on `tiles` (see [`Answer`]).
    pub fn answer<'a>(&'a self, tiles: &'a [Tile], explain: bool) -> Answer<'a> {
        Answer {
            tiles,
            verdict: match self {
                Verdict::Legal(witness) => Ok(witness),
                Verdict::Illegal(illegal) => Err(*illegal),
            },
            explain,
        }
    }

    /// The explained `five-up` answer (`five-up --explain`) for this verdict on `tiles`.
    pub fn explain<'a>(&'a self, tiles: &'a [Tile]) -> Answer<'a> {
        self.answer(tiles, true)
    }
}

/// A broken invariant of an [`Answer`]: its tiles are not the verdict's.
fn mismatch() -> fmt::Error {
    debug_assert!(false, "the answer's tiles are not the ones its verdict is about");
    fmt::Error
}

impl<A: Attachments + ?Sized> fmt::Display for Answer<'_, A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.verdict, self.explain) {
            (Ok(_), false) => f.write_str("legal"),
            (Err(_), false) => f.write_str("illegal"),
            (Ok(_), true) if self.tiles.is_empty() => f.write_str("legal: no tiles"),
            (Ok(witness), true) => {
                f.write_str("legal: ")?;
                for (index, tile) in self.tiles.iter().enumerate() {
                    if index == 0 {
                        write!(f, "{tile} opens")?;
                        continue;
                    }
                    let placement = witness.placement(index).ok_or_else(mismatch)?;
                    write!(
                        f,
                        "; {tile} on #{} at {}",
                        placement.parent.saturating_add(1),
                        placement.pip
                    )?;
                }
                Ok(())
            }
            (Err(illegal), true) => {
                let number = illegal.tile.saturating_add(1);
                let tile = self.tiles.get(illegal.tile).ok_or_else(mismatch)?;
                match illegal.reason {
                    Reason::Duplicate { earlier } => {
                        let first = self.tiles.get(earlier).ok_or_else(mismatch)?;
                        write!(
                            f,
                            "illegal: #{number} {tile} duplicates #{} {first}",
                            earlier.saturating_add(1)
                        )
                    }
                    Reason::NoOpenEnd => {
                        write!(f, "illegal: #{number} {tile}: no open end shows {}", tile.a)?;
                        if !tile.is_double() {
                            write!(f, " or {}", tile.b)?;
                        }
                        match illegal.tile {
                            1 => f.write_str(", however #1 is played"),
                            before => write!(f, ", however #1..#{before} are played"),
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

    extern crate std;
    use std::string::{String, ToString};

    use super::super::{MAX_PLAY_ORDER, Scratch, SpinnerRule, Tiles, validate, validate_each};
    use super::*;

    fn answer(text: &str, explain: bool) -> String {
        let tiles: Tiles = match text.parse() {
            Ok(tiles) => tiles,
            Err(error) => return error.in_source(text).to_string(),
        };
        match validate(&tiles, SpinnerRule::EveryDouble) {
            Ok(verdict) => verdict.answer(&tiles, explain).to_string(),
            Err(error) => error.in_source(text).to_string(),
        }
    }

    #[test]
    fn answers_name_the_tiles() {
        assert_eq!(answer("0-6 6-5 5-3", false), "legal");
        assert_eq!(answer("", true), "legal: no tiles");
        assert_eq!(
            answer("6-6 6-5 5-3", true),
            "legal: 6-6 opens; 6-5 on #1 at 6; 5-3 on #2 at 5"
        );
        assert_eq!(answer("6-5 5-6", true), "illegal: #2 5-6 duplicates #1 6-5");
        assert_eq!(
            answer("6-6 1-2", true),
            "illegal: #2 1-2: no open end shows 1 or 2, however #1 is played"
        );
        assert_eq!(
            answer("6-6 6-5 3-3", true),
            "illegal: #3 3-3: no open end shows 3, however #1..#2 are played"
        );
        assert_eq!(
            answer("1-2 2:3", true),
            "not a tile: \"2:3\" (expected a-b, a|b or [a|b])"
        );
        let many = std::iter::repeat_n("1-2", MAX_PLAY_ORDER + 1)
            .collect::<std::vec::Vec<_>>()
            .join(" ");
        assert_eq!(
            answer(&many, false),
            "too many tiles: \"1-2\" is tile 257 (at most 256)"
        );
    }

    /// The streamed placements print as the witness does.
    #[test]
    fn streamed_placements_print_as_the_witness() {
        let tiles: Tiles = "6-6 6-5 5-3 6-1 6-2 6-3".parse().unwrap();
        let mut placements = [Placement { parent: 0, pip: 0 }; 8];
        let illegal = validate_each(&tiles, SpinnerRule::EveryDouble, &mut Scratch::new(), |i, p| {
            placements[i] = p;
        })
        .unwrap();
        assert_eq!(illegal, None);
        let streamed = Answer {
            tiles: &tiles,
            verdict: Ok(&placements[..]),
            explain: true,
        };
        let verdict = validate(&tiles, SpinnerRule::EveryDouble).unwrap();
        assert_eq!(streamed.to_string(), verdict.explain(&tiles).to_string());
    }
}
