//! The seed's notation: a tile is `a-b` (also `a|b` and `[a|b]`, `[a-b]`), tiles are separated
//! by ASCII whitespace or commas. Pips are decimal `u32`s. Printing uses `a-b` and single
//! spaces, so `parse(print(x)) == x`.

use core::fmt;
use core::str::FromStr;

use super::{Error, MAX_PLAY_ORDER, Tile, Tiles};
use crate::notation::{Span, tokens};

/// Parses one decimal pip (ASCII digits only) whose text starts at byte `start`.
fn parse_pip(text: &str, start: usize) -> Result<u32, Error> {
    let span = Span::new(start, start.saturating_add(text.len()));
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(Error::UnknownTile { span });
    }
    let mut value: u32 = 0;
    for digit in text.bytes() {
        value = value
            .checked_mul(10)
            .and_then(|value| value.checked_add(u32::from(digit.wrapping_sub(b'0'))))
            .ok_or(Error::PipOutOfRange { span })?;
    }
    Ok(value)
}

/// Parses one token (no separators inside) starting at byte `start` of the whole text.
pub(crate) fn parse_token(token: &str, start: usize) -> Result<Tile, Error> {
    let whole = Span::new(start, start.saturating_add(token.len()));
    let bad = Error::UnknownTile { span: whole };
    // Brackets are checked on bytes and cut with `get`: `strip_suffix` keeps a slice-index panic
    // path at opt-level "z" (found by the embedded panic-path check).
    let (inner, offset) = match token.as_bytes() {
        [b'[', .., b']'] => (
            token.get(1..token.len().saturating_sub(1)).ok_or(bad)?,
            start.saturating_add(1),
        ),
        [b'[', ..] => return Err(bad),
        _ => (token, start),
    };
    let cut = inner.find(['-', '|']).ok_or(bad)?;
    let left = inner.get(..cut).ok_or(bad)?;
    let right = inner.get(cut.saturating_add(1)..).ok_or(bad)?;
    let bad_if_syntax = |error: Error| match error {
        Error::UnknownTile { .. } => bad,
        other => other,
    };
    let a = parse_pip(left, offset).map_err(bad_if_syntax)?;
    let b = parse_pip(right, offset.saturating_add(cut).saturating_add(1)).map_err(bad_if_syntax)?;
    Ok(Tile::new(a, b))
}

/// Iterates over the tiles of `text` in order, each with its [`Span`]; a bad token yields an
/// error (and the iteration may go on past it). Unlike [`Tiles`], this has no capacity limit.
///
/// ```
/// use parlor_core::dominoes::{parse_tiles, Tile};
/// let tiles: Result<Vec<Tile>, _> = parse_tiles("1-2 2|3").map(|item| item.map(|(_, tile)| tile)).collect();
/// assert_eq!(tiles?, [Tile::new(1, 2), Tile::new(2, 3)]);
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
pub fn parse_tiles(text: &str) -> impl Iterator<Item = Result<(Span, Tile), Error>> + '_ {
    tokens(text).map(|(span, token)| parse_token(token, span.start).map(|tile| (span, tile)))
}

impl FromStr for Tile {
    type Err = Error;

    /// Parses one tile: `a-b`, `a|b`, `[a|b]` or `[a-b]` (no surrounding spaces).
    fn from_str(text: &str) -> Result<Tile, Error> {
        parse_token(text, 0)
    }
}

impl fmt::Display for Tile {
    /// Prints `a-b` in the order written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.a, self.b)
    }
}

impl FromStr for Tiles {
    type Err = Error;

    /// Parses tiles separated by ASCII whitespace or commas. Errors: [`Error::UnknownTile`],
    /// [`Error::PipOutOfRange`] (with the token's span), [`Error::TooManyTiles`] past
    /// [`MAX_PLAY_ORDER`]. The empty text is the empty play order.
    fn from_str(text: &str) -> Result<Tiles, Error> {
        let mut tiles = Tiles::new();
        tiles.extend_from_text(text)?;
        Ok(tiles)
    }
}

impl Tiles {
    /// Appends the tiles of `text`, parsed as [`FromStr`] does (same errors, spans into `text`;
    /// [`Error::TooManyTiles`] once the list holds [`MAX_PLAY_ORDER`]). In place, for small
    /// stacks: `"…".parse::<Tiles>()` builds the 2 KB list in its own frame and returns it by
    /// value, about 2.2 KB of stack on Cortex-M; this keeps it where the caller put it. On an
    /// error the tiles before the bad token have been appended.
    ///
    /// ```
    /// use parlor_core::dominoes::{Tile, Tiles};
    /// let mut tiles = Tiles::new();
    /// tiles.extend_from_text("6-6 6-5")?;
    /// tiles.extend_from_text("5-3")?;
    /// assert_eq!(tiles.as_slice(), [Tile::new(6, 6), Tile::new(6, 5), Tile::new(5, 3)]);
    /// assert!(tiles.extend_from_text("3-x").is_err());
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn extend_from_text(&mut self, text: &str) -> Result<(), Error> {
        for item in parse_tiles(text) {
            let (span, tile) = item?;
            self.push(tile).map_err(|_| Error::TooManyTiles {
                capacity: MAX_PLAY_ORDER,
                span: Some(span),
            })?;
        }
        Ok(())
    }
}

impl fmt::Display for Tiles {
    /// Prints the tiles as `a-b` separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, tile) in self.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{tile}")?;
        }
        Ok(())
    }
}
