//! The seed's notation: a tile is `a-b` (also `a|b` and `[a|b]`, `[a-b]`), tiles are separated
//! by ASCII whitespace or commas. Pips are decimal `u32`s. Printing uses `a-b` and single
//! spaces, so `parse(print(x)) == x`.

use core::fmt;
use core::str::FromStr;

use crate::notation::Dec;

use super::round::MAX_PLAYERS;
use super::{Action, Config, Deal, Error, MAX_PIP, MAX_PLAY_ORDER, Round, Tile, Tiles};
use crate::notation::Span;

/// Parses one decimal pip (ASCII digits only) whose text starts at byte `start`.
fn parse_pip(text: &[u8], start: usize) -> Result<u32, Error> {
    let span = Span::new(start, start.saturating_add(text.len()));
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return Err(Error::UnknownTile { span });
    }
    let mut value: u32 = 0;
    for &digit in text {
        value = value
            .checked_mul(10)
            .and_then(|value| value.checked_add(u32::from(digit.wrapping_sub(b'0'))))
            .ok_or(Error::PipOutOfRange { span })?;
    }
    Ok(value)
}

/// Parses one token (no separators inside) starting at byte `start` of the whole text.
pub(crate) fn parse_token(token: &str, start: usize) -> Result<Tile, Error> {
    parse_token_bytes(token.as_bytes(), start)
}

/// [`parse_token`] on the token's bytes: brackets, the cut (`-` or `|`) and the digits are all
/// ASCII, so no `str` searcher or character decoding is needed (flash on microcontrollers).
fn parse_token_bytes(token: &[u8], start: usize) -> Result<Tile, Error> {
    let whole = Span::new(start, start.saturating_add(token.len()));
    let bad = Error::UnknownTile { span: whole };
    let (inner, offset) = match token {
        [b'[', inner @ .., b']'] => (inner, start.saturating_add(1)),
        [b'[', ..] => return Err(bad),
        _ => (token, start),
    };
    let cut = inner.iter().position(|&byte| byte == b'-' || byte == b'|').ok_or(bad)?;
    let (left, right) = inner.split_at_checked(cut).ok_or(bad)?;
    let right = right.get(1..).ok_or(bad)?;
    let bad_if_syntax = |error: Error| match error {
        Error::UnknownTile { .. } => bad,
        other => other,
    };
    let a = parse_pip(left, offset).map_err(bad_if_syntax)?;
    let b = parse_pip(right, offset.saturating_add(cut).saturating_add(1)).map_err(bad_if_syntax)?;
    Ok(Tile::new(a, b))
}

/// The tile of the word at `span` of `text` (its errors' spans into `text`).
fn tile_at(text: &str, span: Span) -> Result<Tile, Error> {
    parse_token_bytes(text.as_bytes().get(span.start..span.end).unwrap_or(&[]), span.start)
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
    let mut at = 0usize;
    core::iter::from_fn(move || {
        let span = crate::notation::next_word(text, at, true)?;
        at = span.end;
        Some(tile_at(text, span).map(|tile| (span, tile)))
    })
}

/// Calls `on` with each tile of `text` and its [`Span`], in order, as [`parse_tiles`] gives
/// them, until a token is bad (its error) or `on` fails (`on`'s error). Written once, out of
/// line, for every caller that stops at the first error (the C ABI's parse, the deal text's
/// parts): the tokenizer is compiled once.
///
/// ```
/// use parlor_core::dominoes::{for_each_tile, Tile};
/// let mut tiles = Vec::new();
/// for_each_tile("1-2, [2|3]", &mut |_, tile| {
///     tiles.push(tile);
///     Ok(())
/// })?;
/// assert_eq!(tiles, [Tile::new(1, 2), Tile::new(2, 3)]);
/// assert!(for_each_tile("1-2 x", &mut |_, _| Ok(())).is_err());
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
#[inline(never)]
pub fn for_each_tile(text: &str, on: &mut dyn FnMut(Span, Tile) -> Result<(), Error>) -> Result<(), Error> {
    let mut at = 0usize;
    while let Some(span) = crate::notation::next_word(text, at, true) {
        at = span.end;
        on(span, tile_at(text, span)?)?;
    }
    Ok(())
}

impl FromStr for Tile {
    type Err = Error;

    /// Parses one tile: `a-b`, `a|b`, `[a|b]` or `[a-b]` (no surrounding spaces).
    fn from_str(text: &str) -> Result<Tile, Error> {
        parse_token(text, 0)
    }
}

impl Tile {
    /// Writes `a-b` in the order written (its `Display`, without `core::fmt`'s argument
    /// machinery: a microcontroller image that writes tiles only this way leaves it out).
    pub(crate) fn write_to(self, out: &mut dyn fmt::Write) -> fmt::Result {
        Dec::from(self.a).write_to(out)?;
        out.write_char('-')?;
        Dec::from(self.b).write_to(out)
    }
}

impl Action {
    /// Writes the action's replay-log text, as its `Display` does (`play 5-5`, `play 5-0 on
    /// 5-5`, `draw`, `pass`), straight into `out`: without `core::fmt`'s argument machinery (the
    /// C ABI's `parlor_action_text` writes it this way, so a dominoes-only microcontroller image
    /// links no `core::fmt::write`).
    ///
    /// ```
    /// use parlor_core::dominoes::{Action, Tile};
    /// let action = Action::Play { tile: Tile::new(5, 0), on: Some(Tile::new(5, 5)) };
    /// let mut text = String::new();
    /// action.write_to(&mut text)?;
    /// assert_eq!(text, "play 5-0 on 5-5");
    /// assert_eq!(text, action.to_string());
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    pub fn write_to(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Action::Play { tile, on } => {
                out.write_str("play ")?;
                tile.write_to(out)?;
                match on {
                    Some(on) => {
                        out.write_str(" on ")?;
                        on.write_to(out)
                    }
                    None => Ok(()),
                }
            }
            Action::Draw => out.write_str("draw"),
            Action::Pass => out.write_str("pass"),
        }
    }
}

impl fmt::Display for Tile {
    /// Prints `a-b` in the order written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
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
            tile.write_to(f)?;
        }
        Ok(())
    }
}

/// Parses an action in the replay-log notation, what [`Action`]'s `Display` prints: `play
/// <tile>` (the opening), `play <tile> on <tile>`, `draw`, `pass` (words separated by ASCII
/// whitespace; tiles as [`Tile`]'s `FromStr` takes them). Errors: [`Error::UnknownAction`]
/// (the span of the whole text, trimmed) for any other shape, [`Error::UnknownTile`] /
/// [`Error::PipOutOfRange`] naming the bad tile.
///
/// ```
/// use parlor_core::dominoes::{parse_action, Action, Error, Tile};
/// assert_eq!(parse_action("play 5-0 on 5-5")?, Action::Play { tile: Tile::new(5, 0), on: Some(Tile::new(5, 5)) });
/// assert_eq!(parse_action(" draw ")?, Action::Draw);
/// assert!(matches!(parse_action("play 5-x"), Err(Error::UnknownTile { .. })));
/// assert!(matches!(parse_action("jump"), Err(Error::UnknownAction { .. })));
/// # Ok::<(), Error>(())
/// ```
pub fn parse_action(text: &str) -> Result<Action, Error> {
    // The first four words (by [`next_word`], no commas) and how many there are; the span of
    // them all runs from the first word's start to the last word's end (`at` after the loop).
    let mut words = [Span::new(0, 0); 4];
    let mut count = 0usize;
    let mut at = 0usize;
    while let Some(span) = crate::notation::next_word(text, at, false) {
        if let Some(slot) = words.get_mut(count) {
            *slot = span;
        }
        count = count.saturating_add(1);
        at = span.end;
    }
    let [first, played, on_word, on] = words;
    let word = |span: Span| text.as_bytes().get(span.start..span.end).unwrap_or(&[]);
    let kind = word(first);
    match count {
        1 if kind == b"draw" => Ok(Action::Draw),
        1 if kind == b"pass" => Ok(Action::Pass),
        // One path for both plays (one `tile_at` call for the tile played, flash).
        2 | 4 if kind == b"play" && (count == 2 || word(on_word) == b"on") => {
            let tile = tile_at(text, played)?;
            let on = if count == 4 { Some(tile_at(text, on)?) } else { None };
            Ok(Action::Play { tile, on })
        }
        _ => Err(Error::UnknownAction {
            span: Span::new(first.start, at),
        }),
    }
}

const DEAL_PARTS: usize = MAX_PLAYERS + 1;

/// A round dealt from the replay-log deal notation — what a log's header holds after `dominoes
/// deal`: `<hand 0> | <hand 1> [| <hand 2> | <hand 3>] | boneyard <tiles>`, tiles as
/// [`parse_tiles`] takes them, the boneyard in draw order. The config is `preset` with the
/// players the deal has ([`Config::with_players`]: partnerships with four), the hand size of the
/// first hand, and the smallest set of double-6/9/12/15/18 that holds every tile named and is at
/// least the preset's. Errors: [`Error::BadDealText`] (the shape), [`Error::UnknownTile`] /
/// [`Error::PipOutOfRange`] / [`Error::TooManyTiles`] (spans into `text`), then
/// [`Round::new`]'s ([`Error::InvalidConfig`], [`Error::BadDeal`]).
///
/// ```
/// use parlor_core::dominoes::{parse_deal, Config, Tile};
/// use parlor_core::game::Seat;
/// let text = "5-5 5-0 1-2 2-3 0-0 | 5-6 4-4 1-1 0-3 3-3 | boneyard 0-1 0-2 0-4 0-6 1-3 1-4 1-5 1-6 2-2 2-4 2-5 2-6 3-4 3-5 3-6 4-5 4-6 6-6";
/// let round = parse_deal(&Config::FIVE_UP, text)?;
/// assert_eq!(round.to_act(), Some(Seat(0))); // holds 5-5
/// assert_eq!(round.hand(Seat(1)).count(), 5);
/// assert_eq!(round.boneyard_len(), 18);
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
pub fn parse_deal(preset: &Config, text: &str) -> Result<Round, Error> {
    let bad = |why| Error::BadDealText { why };
    // Where each part starts (after its `|`); part `i` ends one byte before part `i + 1`
    // starts, the last at the text's end.
    let mut starts = [0usize; DEAL_PARTS];
    let mut count = 1usize;
    for (at, &byte) in text.as_bytes().iter().enumerate() {
        if byte == b'|' {
            *starts.get_mut(count).ok_or(bad(reason!("a deal has 2 to 4 hands")))? = at.saturating_add(1);
            count = count.saturating_add(1);
        }
    }
    // `|` is one byte, never inside a longer UTF-8 character: the parts are whole characters.
    let part = |index: usize| -> (usize, &str) {
        let start = starts.get(index).copied().unwrap_or(0);
        let end = match starts.get(index.saturating_add(1)) {
            Some(&next) if index.saturating_add(1) < count => next.saturating_sub(1),
            _ => text.len(),
        };
        (start, text.get(start..end).unwrap_or(""))
    };
    let hands = count.saturating_sub(1);
    // The boneyard part: its tiles after the word `boneyard`.
    let (start, last) = part(hands);
    // `trim_start` without linking `core`'s whitespace table (the same characters).
    let trimmed = last.trim_start_matches(crate::notation::is_whitespace);
    let boneyard_text = trimmed
        .strip_prefix("boneyard")
        .ok_or(bad(reason!("the last part of a deal is `boneyard <tiles>`")))?;
    // Where the boneyard's tiles start in `text`.
    let boneyard_start = start
        .saturating_add(last.len().saturating_sub(trimmed.len()))
        .saturating_add("boneyard".len());
    // The boneyard's tiles checked before the number of hands (the errors' order).
    read_part(boneyard_text, boneyard_start, None)?;
    if !(2..=MAX_PLAYERS).contains(&hands) {
        return Err(bad(reason!("a deal has 2 to 4 hands")));
    }
    // Every tile named, hands first: `ends[i]` is where hand `i` ends in `tiles`.
    let mut tiles = Tiles::new();
    let mut ends = [0usize; MAX_PLAYERS];
    for (index, end) in ends.iter_mut().enumerate().take(hands) {
        let (start, hand) = part(index);
        read_part(hand, start, Some(&mut tiles))?;
        *end = tiles.len();
    }
    let dealt = tiles.len();
    read_part(boneyard_text, boneyard_start, Some(&mut tiles))?;
    let all = tiles.as_slice();
    let mut slices: [&[Tile]; MAX_PLAYERS] = [&[]; MAX_PLAYERS];
    let mut from = 0usize;
    for (slot, &end) in slices.iter_mut().zip(&ends).take(hands) {
        *slot = all.get(from..end).unwrap_or(&[]);
        from = end;
    }
    let size = ends.first().copied().unwrap_or(0);
    let high = all.iter().map(|tile| tile.high()).max().unwrap_or(0);
    // The smallest set that holds every tile named (the preset's double-6 for a usual deal):
    // a multiple of 3 from 6 to 18; none: an invalid config (`Round::new` says which field).
    let need = high.max(u32::from(preset.high));
    let set = if need > u32::from(MAX_PIP) {
        u8::MAX
    } else {
        // At most 18: the sum and the product stay small.
        (need.saturating_add(2) / 3).max(2).saturating_mul(3) as u8
    };
    let config = Config {
        hand_size: u8::try_from(size).map_err(|_| bad(reason!("a hand is too large")))?,
        high: set,
        // 2 to 4 hands (checked above).
        ..preset.with_players(hands as u8)
    };
    Round::new(
        &config,
        &Deal::Given {
            hands: slices.get(..hands).unwrap_or(&[]),
            boneyard: all.get(dealt..).unwrap_or(&[]),
        },
    )
}

fn read_part(text: &str, offset: usize, mut tiles: Option<&mut Tiles>) -> Result<(), Error> {
    // `shifted` moves only the tile errors' spans (`too_many`'s is moved already).
    for_each_tile(text, &mut |span, tile| match tiles.as_mut() {
        Some(tiles) => tiles.push(tile).map_err(|_| too_many(span, offset)),
        None => Ok(()),
    })
    .map_err(|error| shifted(error, offset))
}

/// A tile error of a part of a deal text, its span moved by `offset` (into the whole text).
fn shifted(error: Error, offset: usize) -> Error {
    let shift = |span: Span| Span::new(span.start.saturating_add(offset), span.end.saturating_add(offset));
    match error {
        Error::UnknownTile { span } => Error::UnknownTile { span: shift(span) },
        Error::PipOutOfRange { span } => Error::PipOutOfRange { span: shift(span) },
        other => other,
    }
}

/// [`Error::TooManyTiles`] for the tile at `span` of a part starting at `offset`.
fn too_many(span: Span, offset: usize) -> Error {
    Error::TooManyTiles {
        capacity: MAX_PLAY_ORDER,
        span: Some(Span::new(
            span.start.saturating_add(offset),
            span.end.saturating_add(offset),
        )),
    }
}

/// The tokenizers and the action parser before [`next_word`] (by characters, `str::find` and two
/// passes over the words), kept as the references of the byte tokenizer.
/// The old way (session 22) of [`parse_deal`]: a `(start, end)` per part, found over the text
/// and a final `|`; the set by search of the five. Kept to test the new one against.
#[cfg(test)]
pub(super) fn old_parse_deal(preset: &Config, text: &str) -> Result<Round, Error> {
    let bad = |why| Error::BadDealText { why };
    // The byte range of each part, `|` excluded.
    let mut parts = [(0usize, 0usize); DEAL_PARTS];
    let mut count = 0usize;
    let mut from = 0usize;
    // `|` is one byte, never inside a longer UTF-8 character: the byte offsets are the ones
    // of the characters.
    for (at, &byte) in text.as_bytes().iter().chain(core::iter::once(&b'|')).enumerate() {
        if byte == b'|' {
            *parts.get_mut(count).ok_or(bad(reason!("a deal has 2 to 4 hands")))? = (from, at);
            count = count.saturating_add(1);
            from = at.saturating_add(1);
        }
    }
    let part = |index: usize| -> (usize, &str) {
        let (start, end) = parts.get(index).copied().unwrap_or((0, 0));
        (start, text.get(start..end).unwrap_or(""))
    };
    let hands = count.saturating_sub(1);
    // The boneyard part: its tiles after the word `boneyard`.
    let (start, last) = part(hands);
    // `trim_start` without linking `core`'s whitespace table (the same characters).
    let trimmed = last.trim_start_matches(crate::notation::is_whitespace);
    let boneyard_text = trimmed
        .strip_prefix("boneyard")
        .ok_or(bad(reason!("the last part of a deal is `boneyard <tiles>`")))?;
    // Where the boneyard's tiles start in `text`.
    let boneyard_start = start
        .saturating_add(last.len().saturating_sub(trimmed.len()))
        .saturating_add("boneyard".len());
    // The boneyard's tiles checked before the number of hands (the errors' order).
    read_part(boneyard_text, boneyard_start, None)?;
    if !(2..=MAX_PLAYERS).contains(&hands) {
        return Err(bad(reason!("a deal has 2 to 4 hands")));
    }
    // Every tile named, hands first: `ends[i]` is where hand `i` ends in `tiles`.
    let mut tiles = Tiles::new();
    let mut ends = [0usize; MAX_PLAYERS];
    for (index, end) in ends.iter_mut().enumerate().take(hands) {
        let (start, hand) = part(index);
        read_part(hand, start, Some(&mut tiles))?;
        *end = tiles.len();
    }
    let dealt = tiles.len();
    read_part(boneyard_text, boneyard_start, Some(&mut tiles))?;
    let all = tiles.as_slice();
    let mut slices: [&[Tile]; MAX_PLAYERS] = [&[]; MAX_PLAYERS];
    let mut from = 0usize;
    for (slot, &end) in slices.iter_mut().zip(&ends).take(hands) {
        *slot = all.get(from..end).ok_or(Error::Internal)?;
        from = end;
    }
    let size = ends.first().copied().unwrap_or(0);
    let high = all.iter().map(|tile| tile.high()).max().unwrap_or(0);
    let players = u8::try_from(hands).map_err(|_| Error::Internal)?;
    let config = Config {
        hand_size: u8::try_from(size).map_err(|_| bad(reason!("a hand is too large")))?,
        // The smallest set that holds every tile named (the preset's double-6 for a usual deal);
        // none: an invalid config (`Round::new` says which field).
        high: [6u8, 9, 12, 15, 18]
            .into_iter()
            .find(|&set| u32::from(set) >= high.max(u32::from(preset.high)))
            .unwrap_or(u8::MAX),
        ..preset.with_players(players)
    };
    Round::new(
        &config,
        &Deal::Given {
            hands: slices.get(..hands).ok_or(Error::Internal)?,
            boneyard: all.get(dealt..).ok_or(Error::Internal)?,
        },
    )
}

/// Reads the tiles of `text`, a part of a deal text starting at byte `offset` of it, into
/// `tiles` (`None`: only checked), written once for every part. Errors: the tile errors of
/// [`parse_tiles`] and [`Error::TooManyTiles`], their spans into the whole text.
#[cfg(test)]
mod old_way {
    #![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]

    extern crate std;
    use std::string::String;
    use std::vec::Vec;

    use super::*;
    use crate::notation::tokens;

    fn old_parse_pip(text: &str, start: usize) -> Result<u32, Error> {
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

    fn old_parse_token(token: &str, start: usize) -> Result<Tile, Error> {
        let whole = Span::new(start, start.saturating_add(token.len()));
        let bad = Error::UnknownTile { span: whole };
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
        let a = old_parse_pip(left, offset).map_err(bad_if_syntax)?;
        let b = old_parse_pip(right, offset.saturating_add(cut).saturating_add(1)).map_err(bad_if_syntax)?;
        Ok(Tile::new(a, b))
    }

    fn old_parse_tiles(text: &str) -> impl Iterator<Item = Result<(Span, Tile), Error>> + '_ {
        tokens(text).map(|(span, token)| old_parse_token(token, span.start).map(|tile| (span, tile)))
    }

    fn old_words(text: &str) -> impl Iterator<Item = (Span, &str)> {
        let mut start = None;
        let mut spans = text
            .char_indices()
            .chain(core::iter::once((text.len(), ' ')))
            .filter_map(move |(at, c)| match (start, c.is_ascii_whitespace()) {
                (None, false) => {
                    start = Some(at);
                    None
                }
                (Some(from), true) => {
                    start = None;
                    Some(Span::new(from, at))
                }
                _ => None,
            });
        core::iter::from_fn(move || {
            let span = spans.next()?;
            Some((span, text.get(span.start..span.end)?))
        })
    }

    fn old_parse_action(text: &str) -> Result<Action, Error> {
        let mut list = old_words(text);
        let first = list.next();
        let whole = Span::new(
            first.map_or(0, |(span, _)| span.start),
            old_words(text).last().map_or(0, |(span, _)| span.end),
        );
        let unknown = Error::UnknownAction { span: whole };
        let tile = |(span, word): (Span, &str)| old_parse_token(word, span.start);
        let second = list.next();
        let third = list.next();
        let fourth = list.next();
        if list.next().is_some() {
            return Err(unknown);
        }
        match (first.map(|(_, word)| word), second, third.map(|(_, word)| word), fourth) {
            (Some("play"), Some(played), None, None) => Ok(Action::Play {
                tile: tile(played)?,
                on: None,
            }),
            (Some("play"), Some(played), Some("on"), Some(on)) => Ok(Action::Play {
                tile: tile(played)?,
                on: Some(tile(on)?),
            }),
            (Some("draw"), None, None, None) => Ok(Action::Draw),
            (Some("pass"), None, None, None) => Ok(Action::Pass),
            _ => Err(unknown),
        }
    }

    /// Texts from pieces: words, tiles (good, bad, bracketed, too large), separators (ASCII
    /// whitespace, commas, `|`, non-ASCII characters and Unicode spaces, which separate nothing).
    fn texts() -> Vec<String> {
        const PIECES: [&str; 30] = [
            "play",
            "on",
            "draw",
            "pass",
            "5-0",
            "[5|5]",
            "[5-5",
            "5|",
            "-5",
            "12-18",
            "4294967296-1",
            "4294967295|0",
            "x",
            "5-x",
            " ",
            "  ",
            "\t",
            "\n",
            ",",
            ", ",
            "|",
            "é",
            "\u{a0}",
            "\u{2003}",
            "[]",
            "[",
            "]",
            "0-0",
            "1-é",
            "boneyard",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut out = Vec::new();
        for a in PIECES {
            for b in PIECES {
                out.push(std::format!("{a}{b}"));
                out.push(std::format!("{a} {b}"));
                // Four words, as `play <tile> on <tile>` (and its near misses).
                out.push(std::format!(" play {a} on {b} "));
                out.push(std::format!("play {a} {b} 0-1"));
                out.push(std::format!("{a} 0-1 on {b}"));
            }
        }
        for _ in 0..20_000 {
            let n = (next() % 8) as usize;
            let text: String = (0..n).map(|_| PIECES[(next() % 30) as usize]).collect();
            out.push(text);
        }
        out
    }

    /// The byte tokenizer gives the tiles, actions and errors (spans included) of the old ones.
    #[test]
    fn the_byte_tokenizer_agrees_with_the_old_one() {
        for text in texts() {
            let new: Vec<_> = parse_tiles(&text).collect();
            let old: Vec<_> = old_parse_tiles(&text).collect();
            assert_eq!(new, old, "{text:?}");
            let mut each = Vec::new();
            let stopped = for_each_tile(&text, &mut |span, tile| {
                each.push(Ok((span, tile)));
                Ok(())
            });
            if let Err(error) = stopped {
                each.push(Err(error));
            }
            let first_error = old.iter().position(Result::is_err).map_or(old.len(), |at| at + 1);
            assert_eq!(each, old[..first_error], "{text:?}");
            assert_eq!(parse_action(&text), old_parse_action(&text), "{text:?}");
            for token in [text.as_str(), text.trim()] {
                assert_eq!(parse_token(token, 3), old_parse_token(token, 3), "{token:?}");
            }
        }
    }

    /// The deal parser gives the rounds and errors of the old one: whole seeded deals written
    /// out (double-6 to double-18, 2 to 4 hands), and pieces of them shuffled, cut and
    /// doubled (the part splitter, the boneyard word, the set's size, every error's order).
    #[test]
    fn the_deal_parser_agrees_with_the_old_one() {
        use crate::game::Rng;
        let mut rng = Rng::new(23);
        let configs = [Config::FIVE_UP, Config::ALL_FIVES, Config::BLOCK];
        const PIECES: [&str; 16] = [
            " | ",
            "|",
            "boneyard",
            " boneyard ",
            "\u{a0}",
            "\u{2003}boneyard",
            "0-0",
            "6-6",
            "9-9",
            "18-1",
            "19-0",
            "5-x",
            "4294967296-1",
            " ",
            ",",
            "é",
        ];
        let mut texts: Vec<String> = Vec::new();
        for seed in 0..300u64 {
            let high = [6u32, 9, 12, 15, 18][(seed % 5) as usize];
            let hands = 2 + (seed % 3) as usize;
            let mut ids: Vec<(u32, u32)> = (0..=high).flat_map(|a| (a..=high).map(move |b| (a, b))).collect();
            for at in (1..ids.len()).rev() {
                ids.swap(at, (rng.next_u64() % (at as u64 + 1)) as usize);
            }
            let size = 1 + (rng.next_u64() % 7) as usize;
            let mut text = String::new();
            for hand in 0..hands {
                for &(a, b) in &ids[hand * size..(hand + 1) * size] {
                    text.push_str(&std::format!("{a}-{b} "));
                }
                text.push_str("| ");
            }
            text.push_str("boneyard");
            for &(a, b) in &ids[hands * size..] {
                text.push_str(&std::format!(" {a}-{b}"));
            }
            texts.push(text.clone());
            // Cut at a random byte (on a character boundary), with a random piece added.
            let cut = (rng.next_u64() % (text.len() as u64 + 1)) as usize;
            let piece = PIECES[(rng.next_u64() % PIECES.len() as u64) as usize];
            texts.push(std::format!("{}{piece}{}", &text[..cut], &text[cut..]));
            texts.push(std::format!("{}{piece}", &text[..cut]));
        }
        for _ in 0..20_000 {
            let n = (rng.next_u64() % 10) as usize;
            texts.push(
                (0..n)
                    .map(|_| PIECES[(rng.next_u64() % PIECES.len() as u64) as usize])
                    .collect(),
            );
        }
        let mut dealt = 0;
        for (at, text) in texts.iter().enumerate() {
            let config = configs[at % configs.len()];
            let new = parse_deal(&config, text);
            assert_eq!(new, super::old_parse_deal(&config, text), "{text:?}");
            dealt += usize::from(new.is_ok());
        }
        assert!(dealt > 300, "{dealt} deals");
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::String;

    use super::*;

    /// `Action::write_to` (the C ABI's action text) against the action's `Display` (the old way
    /// of `parlor_action_text`): the same text for draws, passes and every play of a double-18
    /// set, alone and on every tile.
    #[test]
    fn action_write_to_is_the_log_form() {
        let tiles: std::vec::Vec<Tile> = (0..=18u32)
            .flat_map(|a| (a..=18).map(move |b| Tile::new(a, b)))
            .collect();
        let mut actions = std::vec![Action::Draw, Action::Pass];
        for &tile in &tiles {
            actions.push(Action::Play { tile, on: None });
            actions.extend(tiles.iter().map(|&on| Action::Play { tile, on: Some(on) }));
        }
        // The replay-log form written out from the tiles' pips (`Display` is `write_to`).
        let pips = |t: Tile| std::format!("{}-{}", t.a, t.b);
        for action in actions {
            let mut text = String::new();
            action.write_to(&mut text).unwrap();
            let expected = match action {
                Action::Draw => "draw".into(),
                Action::Pass => "pass".into(),
                Action::Play { tile, on: None } => std::format!("play {}", pips(tile)),
                Action::Play { tile, on: Some(on) } => std::format!("play {} on {}", pips(tile), pips(on)),
            };
            assert_eq!(text, expected);
            assert_eq!(std::format!("{action}"), expected);
        }
    }
}
