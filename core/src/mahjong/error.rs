//! The one error type of the mahjong module: hand input (tiles, sizes, codes) and the round
//! engine ([`Round`](super::Round), [`Match`](super::Match)).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;

use super::hand::{MAX_HAND, Size};
use super::score;
use super::tile::Tile;
use crate::notation::Span;

/// Everything that can be wrong with a mahjong input (`docs/rules/mahjong.md`: "Bad input (a
/// fifth copy, an unknown tile, a wrong count) gets a clear error").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// Text that is not a tile (`0m`, `8z`, `5x`, a number without a suit); `span` is the token.
    UnknownTile {
        /// Where the bad token is.
        span: Span,
    },
    /// A fifth copy of `tile` (hand and visible tiles together, where both are given); `span` is
    /// the token that added it (empty for input given as counts).
    FifthCopy {
        /// The tile of which there would be five.
        tile: Tile,
        /// Where the fifth copy was written.
        span: Span,
    },
    /// More than [`MAX_HAND`] tiles; `span` is the token of the fifteenth.
    TooManyTiles {
        /// Where the tile beyond the fourteenth was written.
        span: Span,
    },
    /// The hand has `tiles` tiles but the operation needs `expected`.
    WrongSize {
        /// The hand's size.
        tiles: u8,
        /// The sizes the operation accepts.
        expected: Size,
    },
    /// A numeric code from C that names nothing: a rules code that is not `16` (seed) or `17`
    /// (riichi), `what` = `"rules"` (see `TryFrom<u8> for Rules`); a form code that is not `33`
    /// (regular), `34` (seven pairs) or `35` (thirteen orphans), `what` = `"form"` (see
    /// `TryFrom<u8> for Form`).
    UnknownCode {
        /// Which enum: `"rules"` or `"form"`.
        what: &'static str,
        /// The code given.
        code: u32,
    },
    /// A round [`Config`](super::Config) field out of range; `why` names it.
    BadConfig {
        /// What is wrong.
        why: &'static str,
    },
    /// A [`Deal::Given`](super::Deal::Given) wall that is not the 136 tile ids each once, or a
    /// [`Start`](super::Start) out of range (a seat above 3); `why` names it.
    BadDeal {
        /// What is wrong.
        why: &'static str,
    },
    /// A seat number above 3.
    NoSuchSeat {
        /// The seat given.
        seat: u8,
    },
    /// The round is over: no seat may act.
    RoundOver,
    /// `seat` may not act now (another seat's turn, or it already answered the call window).
    NotYourTurn {
        /// The seat that tried to act.
        seat: u8,
    },
    /// The action is not legal for the seat now (the round is unchanged); `why` says which rule
    /// refuses it.
    IllegalAction {
        /// The rule that refuses it.
        why: &'static str,
    },
    /// Scoring a win failed (a bug: a win is only legal when it scores).
    Score(score::Error),
    /// The output buffer is too small; `needed` bytes are required.
    BufferTooSmall {
        /// The bytes required.
        needed: usize,
    },
    /// Bytes that are not a valid encoded round or match; `why` names the first fault.
    BadEncoding {
        /// What is wrong.
        why: &'static str,
    },
    /// The match is over: no round is played any more.
    MatchOver,
    /// The match waits for the next round's deal ([`Match::deal_round`](super::Match::deal_round)).
    AwaitingDeal,
    /// [`Match::deal_round`](super::Match::deal_round) while a round is being played or for a
    /// seeded match.
    NotAwaitingDeal,
    /// A broken internal invariant: a path the library's own reasoning says cannot be reached
    /// (a bug — please report it with the input). Never a rules answer; debug builds assert
    /// before returning it.
    Internal,
}

impl Error {
    /// The text span the error points at, when it came from text.
    pub const fn span(&self) -> Option<Span> {
        match *self {
            Error::UnknownTile { span } | Error::FifthCopy { span, .. } | Error::TooManyTiles { span } => Some(span),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownTile { span } => write!(f, "unknown tile at {span}"),
            Error::FifthCopy { tile, .. } => write!(f, "fifth copy of {tile}"),
            Error::TooManyTiles { .. } => write!(f, "more than {MAX_HAND} tiles"),
            Error::WrongSize { tiles, expected } => {
                let plural = if *tiles == 1 { "" } else { "s" };
                write!(f, "wrong hand size: {tiles} tile{plural}, expected {expected}")
            }
            Error::UnknownCode { what, code } => {
                write!(f, "unknown {what} code {code}")?;
                // The valid codes of the family, as before the rename (the CLI prints them).
                match *what {
                    "rules" => f.write_str(" (16 seed, 17 riichi)"),
                    "form" => f.write_str(" (33 regular, 34 seven pairs, 35 thirteen orphans)"),
                    _ => Ok(()),
                }
            }
            Error::BadConfig { why } => write!(f, "bad config: {why}"),
            Error::BadDeal { why } => write!(f, "bad deal: {why}"),
            Error::NoSuchSeat { seat } => write!(f, "no seat {seat} (seats are 0-3)"),
            Error::RoundOver => f.write_str("the round is over"),
            Error::NotYourTurn { seat } => write!(f, "seat {seat} may not act now"),
            Error::IllegalAction { why } => write!(f, "illegal action: {why}"),
            Error::Score(e) => write!(f, "scoring failed: {e}"),
            Error::BufferTooSmall { needed } => write!(f, "the buffer is too small ({needed} bytes needed)"),
            Error::BadEncoding { why } => write!(f, "not a valid state: {why}"),
            Error::MatchOver => f.write_str("the match is over"),
            Error::AwaitingDeal => f.write_str("the match waits for the next round's deal"),
            Error::NotAwaitingDeal => f.write_str("the match does not wait for a deal"),
            Error::Internal => f.write_str(crate::INTERNAL_TEXT),
        }
    }
}

impl core::error::Error for Error {}

impl From<score::Error> for Error {
    fn from(e: score::Error) -> Error {
        Error::Score(e)
    }
}
