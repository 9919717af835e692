//! # Dou Dizhu (斗地主, Fight the Landlord)
//!
//! Rules source: seeds `001_f3d506a5573c939b.txt` (English) and `002_…` (Japanese), the
//! statement of the online-judge problem "Fight the Landlord" (HDU 4032), with the rulings of
//! `docs/rules/doudizhu.md`; details and every ruling where the sources are silent in
//! `docs/doudizhu.md`.
//!
//! - [`Cards`] — a hand or a play as a rank-count vector (3 … A, 2, B, R), parsed from and
//!   printed to the spec's notation ([`cards`], [`notation`]).
//! - [`classify`] — every [`Reading`] (kind, chain length, key rank) of a card set under a
//!   rule [`Preset`]; [`beats`] — whether a play may follow another ([`combination`]).
//! - [`moves()`] / [`for_each_move`] — every distinct play that beats a given play, into a
//!   buffer of at most [`MAX_MOVES`] ([`moves`](mod@moves)).
//! - [`spring`] — the seed's question, with the plan; [`min_plays`] — the fewest plays that
//!   empty a hand; both search the sub-hands in caller memory of [`SCRATCH_BYTES`] ([`solve`]).
//! - [`Round`] — one whole deal (auction, kitty, tricks, stake) under a [`Config`] preset
//!   (`PAGAT`, `OPENSPIEL`, `RLCARD`, `ROB`), with [`Deal`], [`Action`], [`Event`],
//!   [`Observation`] and [`Outcome`] ([`round`]); [`Match`] — deals to the end of a match
//!   ([`game_match`]); [`bot`] — the lowest-legal and seeded random bots; [`openspiel`] —
//!   OpenSpiel's action ids for the `openspiel` preset (legal-action masks).
//! - [`text`] — the answer texts of `parlor doudizhu …` (`Display` adapters: kind names, `yes` /
//!   `no`, spring plans, messages), printed by the CLI and the bare-metal vector runner alike.
//!
//! ```
//! use parlor_core::doudizhu::{beats, classify, Cards, Kind, Preset};
//! let play: Cards = "JJJJ99QQ".parse()?;
//! let reading = classify(&play, &Preset::PAGAT).strongest().unwrap();
//! assert_eq!(reading.kind, Kind::QuadPairs);
//! assert!(beats(&play, &"3333".parse()?, &Preset::PAGAT)?); // any bomb beats a quad + two
//! # Ok::<(), parlor_core::doudizhu::Error>(())
//! ```

use core::fmt;

use crate::notation::Span;

pub mod bot;
pub mod cards;
pub mod combination;
#[cfg(test)]
mod combination_tests;
pub mod engine;
#[cfg(test)]
mod engine_tests;
pub mod game_match;
pub mod moves;
pub mod notation;
pub mod openspiel;
pub mod round;
pub mod search;
#[cfg(test)]
mod search_tests;
pub mod solve;
pub mod text;

pub use cards::{Cards, RANKS, Rank};
pub use combination::{Kind, MAX_READINGS, Preset, PresetId, Reading, Readings, beats, classify};
pub use moves::{MAX_HAND, MAX_MOVES, for_each_move, moves};
pub use solve::{
    MEMO_SLOTS, Opponents, PEASANT_CARDS, Plan, SCRATCH_BYTES, Scratch, is_safe, min_plays, min_plays_in,
    scratch_bytes, spring, spring_in,
};

pub use game_match::{MATCH_ENCODED_BYTES, Match, MatchStep};
pub use round::{
    Action, Auction, Config, Deal, DealStyle, ENCODED_BYTES, Event, MAX_ACTIONS, Observation, Outcome, Play, Round,
    Scoring, Spring,
};

/// Everything that can be wrong with a Dou Dizhu input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A character that is no card (the notation is `3`…`9`, `T`/`10`, `J`, `Q`, `K`, `A`,
    /// `2`, `B`, `R`, either case, or `-` for none).
    UnknownCard {
        /// Where the character is.
        span: Span,
    },
    /// More cards of a rank than the deck holds (a fifth 7, a second red joker).
    TooManyCopies {
        /// The rank.
        rank: Rank,
        /// The card that is one too many (empty for count vectors).
        span: Span,
    },
    /// The previous play is not a combination under the preset.
    NotACombination,
    /// The cards of a written play (`play 45`) read as no combination under any rules; `span`
    /// is the cards' word. (Not [`Error::NotACombination`], which is about a previous play.)
    NoCombination {
        /// Where the cards are written.
        span: Span,
    },
    /// A hand given to a search holds more than [`MAX_HAND`] cards.
    HandTooLarge {
        /// How many it holds.
        cards: usize,
    },
    /// The hands given together hold more cards of some rank than the deck.
    CardsOverlap {
        /// The lowest such rank.
        rank: Rank,
    },
    /// A caller output buffer is too short.
    BufferTooSmall {
        /// How many items are needed.
        needed: usize,
    },
    /// The caller's search memory is too short.
    ScratchTooSmall {
        /// How many bytes are needed.
        needed: usize,
    },
    /// A numeric code (from C or other untyped input) names no value of the enum: a preset
    /// code past 2 ([`PresetId`]), a kind code past 13 ([`Kind`]), a rank index past 14
    /// ([`Rank`]).
    UnknownCode {
        /// Which enum: `"preset"`, `"kind"`, `"rank"`, `"auction"`, `"deal style"` or `"scoring"`.
        what: &'static str,
        /// The code given.
        code: u32,
    },
    /// A whole-game [`Config`] is out of range (see [`Config::validate`]).
    InvalidConfig {
        /// The field and its range.
        what: &'static str,
    },
    /// A given deal is impossible: not 17, 17, 17 and 3 cards making up the deck, or a first
    /// bidder past seat 2.
    InvalidDeal {
        /// What is wrong.
        what: &'static str,
    },
    /// A seat acted out of turn.
    NotYourTurn {
        /// The seat that tried.
        seat: u8,
    },
    /// The action is not legal now (a pass by a leader, a bid not above the current bid, a play
    /// not held or not beating the top play, …); `why` names the rule (empty when made from a
    /// shared [`Fault`](crate::game::Fault)).
    IllegalAction {
        /// The rule that refuses it (`the play does not beat the table`).
        why: &'static str,
    },
    /// The deal (or the match) is over.
    RoundOver,
    /// Action text that is no action of the notation (`pass`, `bid 1|2|3`, `call`, `rob`,
    /// `play <cards> [<reading>]`; see [`notation::parse_action`]).
    UnknownAction {
        /// The text that is not understood (the whole action, or the words past its end).
        span: Span,
    },
    /// A `bid` whose amount is not 1, 2 or 3.
    UnknownBid {
        /// The amount.
        span: Span,
    },
    /// A `play`'s reading (`kind[/chain]@key`) that is no reading of its cards.
    UnknownReading {
        /// The reading.
        span: Span,
    },
    /// A seat past 2.
    NoSuchSeat {
        /// The seat given.
        seat: u8,
    },
    /// Bytes given to a `decode` are no valid round or match.
    InvalidState {
        /// The broken invariant.
        what: &'static str,
    },
    /// A broken internal invariant: a path the library's own reasoning says cannot be reached
    /// (a bug — please report it with the input). Never a rules answer; debug builds assert
    /// before returning it.
    Internal,
}

/// The fixed wording of each error that has its own C status code: `Display` prints it (then the
/// details: ` at <span>`, ` (<values>)` or `: <why>`), and `parlor_status_str` returns it after
/// `"doudizhu: "`, so the text exists once.
impl Error {
    /// The text of [`Error::UnknownCard`] (C `PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD`).
    pub const UNKNOWN_CARD: &'static str = "not a card";
    /// The text of [`Error::TooManyCopies`] (C `PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES`).
    pub const TOO_MANY_COPIES: &'static str = "more cards of a rank than the deck holds";
    /// The text of [`Error::NoCombination`].
    pub const NO_COMBINATION: &'static str = "the cards make no combination";
    /// The text of [`Error::NotACombination`] (C `PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION`).
    pub const NOT_A_COMBINATION: &'static str = "the previous play is not a combination";
    /// The text of [`Error::HandTooLarge`] (C `PARLOR_DOUDIZHU_ERR_HAND_TOO_LARGE`).
    pub const HAND_TOO_LARGE: &'static str = "a searched hand holds more than 20 cards";
    /// The text of [`Error::CardsOverlap`] (C `PARLOR_DOUDIZHU_ERR_CARDS_OVERLAP`).
    pub const CARDS_OVERLAP: &'static str = "the hands together hold more cards of a rank than the deck";
    /// The text of [`Error::ScratchTooSmall`] (C `PARLOR_DOUDIZHU_ERR_SCRATCH_TOO_SMALL`).
    pub const SCRATCH_TOO_SMALL: &'static str = "the scratch memory is too small";
    /// The text of [`Error::InvalidDeal`] (C `PARLOR_DOUDIZHU_ERR_INVALID_DEAL`).
    pub const INVALID_DEAL: &'static str = "the deal is impossible";
    /// The text of [`Error::NotYourTurn`] (C `PARLOR_DOUDIZHU_ERR_NOT_YOUR_TURN`).
    pub const NOT_YOUR_TURN: &'static str = "it is not this seat's turn";
    /// The text of [`Error::IllegalAction`] (C `PARLOR_DOUDIZHU_ERR_ILLEGAL_ACTION`).
    pub const ILLEGAL_ACTION: &'static str = "the action is not legal now";
    /// The text of [`Error::RoundOver`] (C `PARLOR_DOUDIZHU_ERR_ROUND_OVER`).
    pub const ROUND_OVER: &'static str = "the deal or match is over";
    /// The text of [`Error::UnknownAction`] (with the notation's forms, as a person typing an
    /// action needs them).
    pub const UNKNOWN_ACTION: &'static str =
        "not an action (expected pass, bid 1|2|3, call, rob or play <cards> [<reading>])";
    /// The text of [`Error::UnknownBid`].
    pub const UNKNOWN_BID: &'static str = "not a bid (1, 2 or 3)";
    /// The text of [`Error::UnknownReading`].
    pub const UNKNOWN_READING: &'static str = "not a reading of the cards";
    /// The text of [`Error::InvalidState`] (C `PARLOR_DOUDIZHU_ERR_INVALID_STATE`).
    pub const INVALID_STATE: &'static str = "the round or match bytes are no valid state";
}

// `HAND_TOO_LARGE` names the capacity.
const _: () = assert!(MAX_HAND == 20);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownCard { span } => write!(f, "{} at {span}", Error::UNKNOWN_CARD),
            Error::TooManyCopies { rank, span } => write!(
                f,
                "{} (rank {rank}, a deck holds {}) at {span}",
                Error::TOO_MANY_COPIES,
                rank.copies()
            ),
            Error::NotACombination => f.write_str(Error::NOT_A_COMBINATION),
            Error::NoCombination { span } => write!(f, "{} at {span}", Error::NO_COMBINATION),
            Error::HandTooLarge { cards } => write!(f, "{} ({cards} cards)", Error::HAND_TOO_LARGE),
            Error::CardsOverlap { rank } => write!(
                f,
                "{} (rank {rank}, a deck holds {})",
                Error::CARDS_OVERLAP,
                rank.copies()
            ),
            Error::BufferTooSmall { needed } => write!(f, "the output buffer is too small ({needed} needed)"),
            Error::ScratchTooSmall { needed } => write!(f, "{} ({needed} bytes needed)", Error::SCRATCH_TOO_SMALL),
            Error::UnknownCode { what, code } => write!(f, "unknown {what} code {code}"),
            Error::InvalidConfig { what } => write!(f, "invalid config: {what}"),
            Error::InvalidDeal { what } => write!(f, "{}: {what}", Error::INVALID_DEAL),
            Error::NotYourTurn { seat } => write!(f, "{} (seat {seat})", Error::NOT_YOUR_TURN),
            Error::IllegalAction { why: "" } => f.write_str(Error::ILLEGAL_ACTION),
            Error::IllegalAction { why } => write!(f, "{}: {why}", Error::ILLEGAL_ACTION),
            Error::RoundOver => f.write_str(Error::ROUND_OVER),
            Error::NoSuchSeat { seat } => write!(f, "seat {seat} is no seat (0-2)"),
            Error::UnknownAction { span } => write!(f, "{} at {span}", Error::UNKNOWN_ACTION),
            Error::UnknownBid { span } => write!(f, "{} at {span}", Error::UNKNOWN_BID),
            Error::UnknownReading { span } => write!(f, "{} at {span}", Error::UNKNOWN_READING),
            Error::InvalidState { what } => write!(f, "{}: {what}", Error::INVALID_STATE),
            Error::Internal => f.write_str(crate::INTERNAL_TEXT),
        }
    }
}

impl core::error::Error for Error {}
