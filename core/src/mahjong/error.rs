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
    InvalidConfig {
        /// What is wrong.
        why: &'static str,
    },
    /// A [`Deal::Given`](super::Deal::Given) wall that is not the 136 tile ids each once, or a
    /// [`Start`](super::Start) out of range (a seat above 3); `why` names it.
    BadDeal {
        /// What is wrong.
        why: &'static str,
    },
    /// The text of a given deal (a replay log's `mahjong wall …` header after `wall`:
    /// `<136 ids> [start <kyoku> <honba> <sticks> <p0> <p1> <p2> <p3>]`) that does not parse;
    /// `why` says what the token at `span` is not (an empty span: the text as a whole).
    DealText {
        /// What is wrong, worded to follow the quoted token (`is no tile id (0-135)`).
        why: &'static str,
        /// The bad token (empty when the text as a whole is wrong).
        span: Span,
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
    /// Action text that is no action of the replay-log notation (`discard 12`, `riichi 12`,
    /// `tsumo`, `ankan 5m`, `kakan 17`, `kyuushu`, `kita`, `ron`, `pon 17 18`, `kan`,
    /// `chii 12 17`, `pass`): a misspelt verb, a tile id past 135, trailing words. Not a rules
    /// answer (that is [`Error::IllegalAction`]).
    UnknownAction {
        /// What is not understood (`expected a tile id 0-135`).
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
    InvalidState {
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
            Error::UnknownTile { span }
            | Error::FifthCopy { span, .. }
            | Error::TooManyTiles { span }
            | Error::DealText { span, .. } => Some(span),
            _ => None,
        }
    }
}

/// The fixed wording of each error that has its own C status code: `Display` prints it (then the
/// details: ` at <span>`, ` (<values>)` or `: <why>`), and `parlor_status_str` returns it after
/// `"mahjong: "`, so the text exists once. (Scoring's codes: [`score::Error`]'s constants.)
impl Error {
    /// The text of [`Error::UnknownTile`] (C `PARLOR_MAHJONG_ERR_UNKNOWN_TILE`).
    pub const UNKNOWN_TILE: &'static str = "unknown tile";
    /// The text of [`Error::FifthCopy`] (C `PARLOR_MAHJONG_ERR_FIFTH_COPY`), the scoring error's
    /// [`FIFTH_COPY`](score::Error::FIFTH_COPY): one code, one wording.
    pub const FIFTH_COPY: &'static str = score::Error::FIFTH_COPY;
    /// The text of [`Error::TooManyTiles`] (C `PARLOR_MAHJONG_ERR_TOO_MANY_TILES`).
    pub const TOO_MANY_TILES: &'static str = "more than 14 tiles";
    /// The text of [`Error::WrongSize`] (C `PARLOR_MAHJONG_ERR_WRONG_SIZE`).
    pub const WRONG_SIZE: &'static str = "wrong hand size";
    /// The text of [`Error::InvalidConfig`] (C `PARLOR_MAHJONG_ERR_BAD_CONFIG`).
    pub const BAD_CONFIG: &'static str = "a round config field is out of range";
    /// The text of [`Error::BadDeal`] (C `PARLOR_MAHJONG_ERR_BAD_DEAL`).
    pub const BAD_DEAL: &'static str = "the wall is not the 136 tiles once each, or the start is out of range";
    /// The text of [`Error::NoSuchSeat`] (C `PARLOR_MAHJONG_ERR_NO_SUCH_SEAT`).
    pub const NO_SUCH_SEAT: &'static str = "no such seat (seats are 0-3)";
    /// The text of [`Error::RoundOver`] (C `PARLOR_MAHJONG_ERR_ROUND_OVER`).
    pub const ROUND_OVER: &'static str = "the round is over";
    /// The text of [`Error::NotYourTurn`] (C `PARLOR_MAHJONG_ERR_NOT_YOUR_TURN`).
    pub const NOT_YOUR_TURN: &'static str = "the seat may not act now";
    /// The text of [`Error::IllegalAction`] (C `PARLOR_MAHJONG_ERR_ILLEGAL_ACTION`).
    pub const ILLEGAL_ACTION: &'static str = "the action is not legal now";
    /// The text of [`Error::UnknownAction`].
    pub const UNKNOWN_ACTION: &'static str = "not an action";
    /// The text of [`Error::MatchOver`] (C `PARLOR_MAHJONG_ERR_MATCH_OVER`).
    pub const MATCH_OVER: &'static str = "the match is over";
    /// The text of [`Error::AwaitingDeal`] (C `PARLOR_MAHJONG_ERR_AWAITING_DEAL`).
    pub const AWAITING_DEAL: &'static str = "the match waits for the next round's deal";
    /// The text of [`Error::NotAwaitingDeal`] (C `PARLOR_MAHJONG_ERR_NOT_AWAITING_DEAL`).
    pub const NOT_AWAITING_DEAL: &'static str = "the match does not wait for a deal";
}

// `TOO_MANY_TILES` names the capacity.
const _: () = assert!(MAX_HAND == 14);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownTile { span } => write!(f, "{} at {span}", Error::UNKNOWN_TILE),
            Error::FifthCopy { tile, .. } => write!(f, "{} ({tile})", Error::FIFTH_COPY),
            Error::TooManyTiles { .. } => f.write_str(Error::TOO_MANY_TILES),
            Error::WrongSize { tiles, expected } => {
                let plural = if *tiles == 1 { "" } else { "s" };
                write!(f, "{}: {tiles} tile{plural}, expected {expected}", Error::WRONG_SIZE)
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
            Error::InvalidConfig { why } => write!(f, "{}: {why}", Error::BAD_CONFIG),
            Error::BadDeal { why } => write!(f, "{}: {why}", Error::BAD_DEAL),
            Error::DealText { why, span } => write!(f, "a given deal's text: {why} (at {span})"),
            Error::NoSuchSeat { seat } => write!(f, "{}: seat {seat}", Error::NO_SUCH_SEAT),
            Error::RoundOver => f.write_str(Error::ROUND_OVER),
            Error::NotYourTurn { seat } => write!(f, "{} (seat {seat})", Error::NOT_YOUR_TURN),
            Error::IllegalAction { why } => write!(f, "{}: {why}", Error::ILLEGAL_ACTION),
            Error::UnknownAction { why } => write!(
                f,
                "{}: {why} (discard <id>, riichi <id>, tsumo, ankan <kind>, kakan <id>, kyuushu, kita, ron, pon <id> <id>, kan, chii <id> <id> or pass)",
                Error::UNKNOWN_ACTION
            ),
            Error::Score(e) => write!(f, "scoring failed: {e}"),
            Error::BufferTooSmall { needed } => write!(f, "the buffer is too small ({needed} bytes needed)"),
            Error::InvalidState { why } => write!(f, "not a valid state: {why}"),
            Error::MatchOver => f.write_str(Error::MATCH_OVER),
            Error::AwaitingDeal => f.write_str(Error::AWAITING_DEAL),
            Error::NotAwaitingDeal => f.write_str(Error::NOT_AWAITING_DEAL),
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
