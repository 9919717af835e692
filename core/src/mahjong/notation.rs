//! Parsing and printing tiles and hands: the seed's spaced notation (`1m 1m 2m`) and the compact
//! one (`112m456p11z`, `docs/rules/mahjong.md`), in any mix. A token is one or more groups of
//! digits followed by a suit letter (`m p s z`, lower case); whitespace and commas separate tokens.

use core::fmt;
use core::str::FromStr;

use super::error::Error;
use super::hand::Hand;
use super::tile::{KINDS, Suit, Tile};
use crate::notation::{Span, tokens};

impl FromStr for Tile {
    type Err = Error;

    /// Parses one tile (`3m`, `7z`); anything else is [`Error::UnknownTile`] spanning the text.
    fn from_str(text: &str) -> Result<Tile, Error> {
        let unknown = Error::UnknownTile {
            span: Span::new(0, text.len()),
        };
        match *text.as_bytes() {
            [digit, letter] if digit.is_ascii_digit() => Suit::from_letter(letter)
                .and_then(|suit| Tile::from_parts(suit, digit.wrapping_sub(b'0')))
                .ok_or(unknown),
            _ => Err(unknown),
        }
    }
}

impl FromStr for Hand {
    type Err = Error;

    /// Parses a hand of at most 14 tiles (any size, the operations check theirs). Errors carry
    /// the span of the offending group (`digits` + suit letter) or token.
    fn from_str(text: &str) -> Result<Hand, Error> {
        let mut hand = Hand::new();
        for (span, token) in tokens(text) {
            parse_token(token, span.start, &mut |tile, span| hand.add(tile, span))?;
        }
        Ok(hand)
    }
}

/// Any number of tiles (for example the tiles visible on the table) as 34 counts, index order of
/// [`Tile`], each 0–4 — unlike a [`Hand`], with no limit on the total. [`FromStr`] reads the same
/// notation as a [`Hand`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileCounts(pub [u8; KINDS]);

impl FromStr for TileCounts {
    type Err = Error;

    /// Parses any number of tiles into 34 counts. Errors: [`Error::UnknownTile`],
    /// [`Error::FifthCopy`] (both with the span of the offending group or token).
    ///
    /// ```
    /// use parlor_core::mahjong::TileCounts;
    /// let TileCounts(counts) = "1111m 5z".parse().unwrap();
    /// assert_eq!((counts[0], counts[31]), (4, 1));
    /// assert!("11111m".parse::<TileCounts>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<TileCounts, Error> {
        let mut counts = [0u8; KINDS];
        for (span, token) in tokens(text) {
            parse_token(
                token,
                span.start,
                &mut |tile, span| match counts.get_mut(tile.index()) {
                    Some(c) if *c < 4 => {
                        *c = c.wrapping_add(1);
                        Ok(())
                    }
                    _ => Err(Error::FifthCopy { tile, span }),
                },
            )?;
        }
        Ok(TileCounts(counts))
    }
}

/// Adds the tiles of one token (`1m` or `123m456p`) starting at byte `offset` of the text.
fn parse_token(token: &str, offset: usize, add: &mut dyn FnMut(Tile, Span) -> Result<(), Error>) -> Result<(), Error> {
    let bytes = token.as_bytes();
    let mut start = 0usize;
    while start < bytes.len() {
        // `start < bytes.len()` (loop condition), so the fallback is never taken.
        let rest = bytes.get(start..).unwrap_or_default();
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let group_len = digits.saturating_add(1).min(rest.len());
        let span = Span::new(
            offset.saturating_add(start),
            offset.saturating_add(start).saturating_add(group_len),
        );
        let suit = rest.get(digits).and_then(|&letter| Suit::from_letter(letter));
        let (Some(suit), true) = (suit, digits > 0) else {
            // The whole token is named: a stray letter or a missing suit spoils it all.
            return Err(Error::UnknownTile {
                span: Span::new(offset, offset.saturating_add(token.len())),
            });
        };
        // `digits` counts a prefix of `rest`, so the slice always exists.
        for &digit in rest.get(..digits).unwrap_or_default() {
            let tile = Tile::from_parts(suit, digit.wrapping_sub(b'0')).ok_or(Error::UnknownTile { span })?;
            add(tile, span)?;
        }
        start = start.saturating_add(group_len);
    }
    Ok(())
}

impl fmt::Display for Hand {
    /// Spaced notation (`1m 1m 2m`); with `{:#}` compact (`112m`). The empty hand prints nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let compact = f.alternate();
        self.write_text(f, compact)
    }
}

impl Hand {
    /// Writes the hand's text to `out`, spaced (`1m 1m 2m`) or `compact` (`112m`): what
    /// [`Display`](fmt::Display) writes (`{}` and `{:#}`), without a formatter. One pass over the
    /// suits' counts; each number is one digit.
    ///
    /// ```
    /// use parlor_core::mahjong::Hand;
    /// let hand: Hand = "112m 5p 11z".parse().unwrap();
    /// let mut text = String::new();
    /// hand.write_text(&mut text, true).unwrap();
    /// assert_eq!(text, "112m5p11z");
    /// ```
    pub fn write_text(&self, out: &mut dyn fmt::Write, compact: bool) -> fmt::Result {
        let mut first = true;
        // Nine kinds per numbered suit, the honors' seven last (`as_chunks`: no panic path).
        let (numbered, honors) = self.counts().as_chunks::<9>();
        let suits = numbered.iter().map(|kinds| kinds.as_slice()).chain([honors]);
        for (kinds, letter) in suits.zip(['m', 'p', 's', 'z']) {
            let mut any = false;
            for (digit, &count) in (b'1'..).zip(kinds) {
                for _ in 0..count {
                    if !compact && !first {
                        out.write_char(' ')?;
                    }
                    first = false;
                    any = true;
                    out.write_char(char::from(digit))?;
                    if !compact {
                        out.write_char(letter)?;
                    }
                }
            }
            if compact && any {
                out.write_char(letter)?;
            }
        }
        Ok(())
    }
}

/// `u8::from_str` of a decimal text (an optional `+`, then at least one ASCII digit), without
/// linking it (flash on microcontrollers; `parse_u8_is_u8_from_str` tests it equal).
pub(crate) fn parse_u8(text: &str) -> Option<u8> {
    crate::notation::parse_unsigned(text).and_then(|n| u8::try_from(n).ok())
}

/// The deal of a replay log's `mahjong wall …` header, the text after `wall`:
/// `<136 ids> [start <kyoku> <honba> <sticks> <p0> <p1> <p2> <p3>]` — the wall in the layout of
/// [`Deal::Given`](super::Deal::Given) (tile ids `0..136`, each once: checked when the round is
/// dealt), then optionally the round's context ([`Start`](super::Start): `kyoku` = round wind ×
/// 4 + dealer, 0–15; without it East 1 of `config`, [`Start::first`](super::Start::first)).
/// Tokens are separated by whitespace (or commas). Errors: [`Error::DealText`] naming the bad
/// token (read it with [`Error::in_source`]).
///
/// ```
/// use parlor_core::mahjong::notation::given_deal;
/// use parlor_core::mahjong::{Config, Deal};
/// let ids: Vec<String> = (0..136).map(|id| id.to_string()).collect();
/// let text = format!("{} start 5 1 2 24000 26000 25000 25000", ids.join(" "));
/// let (deal, start) = given_deal(&text, &Config::TENHOU).unwrap();
/// assert!(matches!(deal, Deal::Given { wall } if wall[135] == 135));
/// assert_eq!((start.dealer.0, start.honba, start.sticks, start.scores[0]), (1, 1, 2, 24_000));
/// let error = given_deal("1 2 x", &Config::TENHOU).unwrap_err();
/// assert_eq!(error.in_source("1 2 x").to_string(), "\"x\" is no tile id (0-135)");
/// ```
pub fn given_deal(text: &str, config: &super::Config) -> Result<(super::Deal, super::Start), Error> {
    use super::score::Wind;
    let at = |why: &'static str, span: Span| Error::DealText { why, span };
    let mut words = tokens(text);
    let mut wall = [0u8; super::round::TILE_IDS];
    for slot in wall.iter_mut() {
        let (span, word) = words
            .next()
            .ok_or(at(reason!("a wall is 136 tile ids"), Span::default()))?;
        *slot = parse_u8(word)
            .filter(|&id| usize::from(id) < super::round::TILE_IDS)
            .ok_or(at(reason!("is no tile id (0-135)"), span))?;
    }
    let deal = super::Deal::Given { wall };
    let Some((_, word)) = words.next() else {
        return Ok((deal, super::Start::first(config)));
    };
    let tail = reason!("after the wall: nothing, or `start <kyoku> <honba> <sticks> <p0> <p1> <p2> <p3>`");
    if word != "start" {
        return Err(at(tail, Span::default()));
    }
    // Seven numbers follow `start`: kyoku, honba, sticks and the four points.
    let mut next = || words.next().ok_or(at(tail, Span::default()));
    let small = |(span, word): (Span, &str), why: &'static str| parse_u8(word).ok_or(at(why, span));
    let (kyoku_span, kyoku_word) = next()?;
    let kyoku = small((kyoku_span, kyoku_word), reason!("is no kyoku (0-15)"))?;
    let honba = small(next()?, reason!("is no honba count"))?;
    let sticks = small(next()?, reason!("is no stick count"))?;
    let mut scores = [0i32; super::round::SEATS];
    for score in &mut scores {
        let (span, word) = next()?;
        // `word.parse::<i32>()`, without linking it.
        *score = crate::notation::parse_i32(word).ok_or(at(reason!("is no score"), span))?;
    }
    if next().is_ok() {
        return Err(at(tail, Span::default()));
    }
    let round_wind = Wind::ALL
        .get(usize::from(kyoku / 4))
        .copied()
        .ok_or(at(reason!("is a kyoku past North 4"), kyoku_span))?;
    let start = super::Start {
        round_wind,
        dealer: crate::game::Seat(kyoku % 4),
        honba,
        sticks,
        scores,
    };
    Ok((deal, start))
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;

    #[test]
    fn parse_u8_is_u8_from_str() {
        for text in [
            "",
            "0",
            "-0",
            "+0",
            "7",
            "-7",
            "+7",
            "007",
            "-",
            "+",
            "--1",
            "+-1",
            "-+1",
            "1-",
            " 1",
            "1 ",
            "255",
            "256",
            "+255",
            "0255",
            "-255",
            "65535",
            "4294967296",
            "99999999999",
            "1e3",
            "１",
            "a",
            "1a",
        ] {
            assert_eq!(super::parse_u8(text), text.parse::<u8>().ok(), "{text:?}");
        }
        for n in 0..1000u32 {
            for text in [format!("{n}"), format!("+{n}"), format!("-{n}"), format!("00{n}")] {
                assert_eq!(super::parse_u8(&text), text.parse::<u8>().ok(), "{text:?}");
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod text_tests {
    extern crate std;
    use std::string::ToString;

    use super::*;

    /// The hand's text as [`Hand`]'s `Display` wrote it before [`Hand::write_text`] (the test
    /// reference).
    struct OldText(Hand);

    impl fmt::Display for OldText {
        /// Spaced notation (`1m 1m 2m`); with `{:#}` compact (`112m`). The empty hand prints nothing.
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            if f.alternate() {
                let mut suit = None;
                for tile in self.0.tiles() {
                    if let Some(previous) = suit.filter(|&s| s != tile.suit()) {
                        fmt::Write::write_char(f, Suit::letter(previous))?;
                    }
                    suit = Some(tile.suit());
                    crate::notation::Dec::from(tile.number()).write_to(f)?;
                }
                if let Some(last) = suit {
                    fmt::Write::write_char(f, last.letter())?;
                }
                return Ok(());
            }
            for (i, tile) in self.0.tiles().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                fmt::Display::fmt(&tile, f)?;
            }
            Ok(())
        }
    }

    /// Every hand of a stream of random ones (0 to 14 tiles, every suit), spaced and compact,
    /// written as before.
    #[test]
    fn hand_text_is_the_old_text() {
        // The project's seeded generator (SplitMix64), as a stream of test values.
        let mut rng = crate::game::Rng::new(0x0bad_5eed_1234_5678u64);
        let mut next = move || rng.next_u64();
        for _ in 0..50_000 {
            let mut hand = Hand::new();
            for _ in 0..next() % 15 {
                let _ = hand.add(Tile::new((next() % 34) as u8).unwrap(), Span::default());
            }
            assert_eq!(hand.to_string(), OldText(hand).to_string());
            assert_eq!(std::format!("{hand:#}"), std::format!("{:#}", OldText(hand)));
        }
        assert_eq!(Hand::new().to_string(), "");
    }
}
