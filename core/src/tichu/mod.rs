//! # Tichu
//!
//! Rules source: seed `000_8f6579796f160d1e.txt` (is a play legal on the previous play) and the
//! rulings in `docs/rules/tichu.md`; details and rulings in `docs/tichu.md`.
//!
//! - [`card`] — the 56-card deck, [`Cards`] (a card set in one `u64`), card points;
//! - [`notation`] — the seed's rank-only notation (`6P0594J7`, `-`) and a suited one (`5j6j7j8j9j`);
//! - [`combination`] — every reading of a set (Phoenix substitutions included), the seed's
//!   [`is_legal`] and the resolved form [`is_legal_after`];
//! - [`trick`] — a trick an engine can drive: lead, play, pass, bombs at any time, the Dog, the
//!   Dragon's trick given away, the Mah Jong wish;
//! - [`moves`](mod@moves) — every distinct legal play from a hand of up to 14 cards;
//! - [`score`] — round scoring;
//! - [`text`] — the answer texts of `parlor tichu …` (trick, score, readings, refusals), one
//!   source for the CLI and the firmware;
//! - [`round`] — a whole round (Grand Tichu, exchange, tricks, calls, scoring) for a game engine;
//!   [`game_match`] — rounds to the target score; [`bot`] — a random and a greedy player;
//! - [`engine`] — the one interface ([`crate::game::Round`], `Match`, `Rules`, `GameError`),
//!   action codes, the view of a seat; [`search`] — what the search bot needs
//!   ([`crate::game::Search`]: determinize, the greedy playout, the reward).
//!
//! ```
//! use parlor_core::tichu::{is_legal, Cards};
//! let legal = |prev: &str, play: &str| is_legal(prev.parse().unwrap(), play.parse().unwrap()).unwrap();
//! assert!(legal("44499", "77722"));
//! assert!(legal("3344556677889900", "JJJJ"));
//! assert!(!legal("R", "P"));
//! ```

use core::fmt;

use crate::notation::Span;

pub mod bot;
pub mod card;
pub mod combination;
pub mod engine;
#[cfg(test)]
mod engine_tests;
pub mod game_match;
pub mod moves;
pub mod notation;
pub mod round;
pub mod score;
pub mod search;
#[cfg(test)]
mod search_tests;
pub mod text;
pub mod trick;

pub use card::{Card, Cards, Rank, Suit};
pub use combination::{
    Combination, Kind, Readings, is_legal, is_legal_after, phoenix_single_on, previous_play, readings, resolve,
};
pub use moves::{MAX_HAND, MAX_MOVES, can_pass, for_each_bomb, for_each_move, moves, wish_forces};
pub use score::{Call, score_round};
pub use trick::{Seat, Step, Trick, TrickEnd, TrickParts};

/// Everything that can be wrong with a Tichu input. Text errors carry the [`Span`] of the
/// offending card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A character that is no card of the notation.
    UnknownCard {
        /// Where.
        span: Span,
    },
    /// A fifth card of one rank (rank-only notation).
    TooManyOfRank {
        /// The rank.
        rank: Rank,
        /// The fifth card.
        span: Span,
    },
    /// A card that exists once given twice (a second Phoenix, the same suited card).
    DuplicateCard {
        /// The second copy.
        span: Span,
    },
    /// Suited and rank-only natural cards in one set.
    MixedNotation {
        /// The first card of the other form.
        span: Span,
    },
    /// A raw card mask with bits outside the layout of [`Cards`].
    InvalidMask,
    /// Two sets that cannot be on the table together (a card more often than the deck has it).
    CardsOverlap,
    /// The previous play is no combination.
    PreviousNotACombination,
    /// The previous play is the Dog: it ends its trick, nothing is played on it.
    PreviousIsDog,
    /// A resolved combination whose type, length and key do not fit ([`Combination::new`]).
    InvalidCombination,
    /// A hand of more than [`MAX_HAND`] cards.
    HandTooLarge,
    /// A caller buffer is too short; `needed` items are required (plays for [`moves()`], bytes
    /// for `encode`).
    BufferTooSmall {
        /// Items needed.
        needed: usize,
    },
    /// A numeric code that names nothing: a seat outside 0..=3 ([`Seat`]'s `TryFrom<u8>`,
    /// `what` = `"seat"`), a rank outside 2..=14 ([`Rank`], the C ABI's wish code, `"rank"`), a
    /// suit outside 0..=3 ([`Suit`], `"suit"`), a combination type outside 0..=8 ([`Kind`],
    /// `"kind"`), a call outside 0..=2 ([`Call`], `"call"`).
    UnknownCode {
        /// Which enum: `"seat"`, `"rank"`, `"suit"`, `"kind"` or `"call"`.
        what: &'static str,
        /// The code given.
        code: u32,
    },
    /// The trick is over.
    TrickOver,
    /// Not this seat's turn (only a bomb may be played out of turn, and not on the lead).
    NotYourTurn,
    /// The seat has no cards left.
    SeatIsOut,
    /// The play holds cards that are not in the hand.
    NotInHand,
    /// The play is no combination or does not beat the table.
    IllegalPlay,
    /// The leader must play; passing is allowed only on a play.
    CannotPassOnLead,
    /// The player holds the wished rank and can lawfully play it, so must.
    MustFulfilWish,
    /// A wish made without playing the Mah Jong, or while a wish is open.
    UnexpectedWish,
    /// The Dragon's trick goes to an opponent of its winner.
    NotAnOpponent,
    /// A card of the play was already played in this trick (the same suited card or special
    /// twice, or a rank more than four times in all).
    PlayedTwice,
    /// Saved trick parts that no trick can reach ([`Trick::from_parts`]).
    InvalidTrick,
    /// A round or match configuration out of range (a target outside 1..=10,000, an unknown
    /// priority code).
    InvalidConfig,
    /// Given hands that are not the whole deck in four hands of 14 suited cards.
    InvalidDeal,
    /// The round (or match) is over.
    RoundOver,
    /// An action of another stage of the round (a play during the exchange, an exchange during
    /// the play, anything but the gift while a Dragon trick waits).
    WrongPhase,
    /// A second call by one seat (a Tichu after a Grand Tichu included).
    AlreadyCalled,
    /// A Tichu call after the caller's first card.
    TooLateToCall,
    /// A second exchange by one seat.
    AlreadyExchanged,
    /// An exchange that is not three different cards of the hand.
    BadExchange,
    /// Bytes that are no encoded round or match (length, version, or a state no game reaches).
    InvalidState,
    /// A token of the replay-log notation that is not what its place takes (an action, a seat,
    /// a card, a hand, a deal: [`notation::parse_action`], [`notation::parse_deal`]).
    /// [`Error::in_source`] quotes the token: `bad seat "4": a seat is 0, 1, 2 or 3`.
    BadToken {
        /// What the token should have been, and why it is not.
        token: notation::Token,
        /// The token in the text parsed.
        span: Span,
    },
    /// Round scoring input that cannot happen (a finishing order that is no permutation, card
    /// points that do not sum to 100, a Grand Tichu and a Tichu by one player).
    InvalidScore,
    /// A broken internal invariant: a path the library's own reasoning says cannot be reached
    /// (a bug — please report it with the input). Never a rules answer; debug builds assert
    /// before returning it.
    Internal,
}

impl Error {
    /// The same error at `span` (for errors that carry one).
    pub(crate) fn at(self, span: Span) -> Error {
        match self {
            Error::UnknownCard { .. } => Error::UnknownCard { span },
            Error::TooManyOfRank { rank, .. } => Error::TooManyOfRank { rank, span },
            Error::DuplicateCard { .. } => Error::DuplicateCard { span },
            Error::MixedNotation { .. } => Error::MixedNotation { span },
            other => other,
        }
    }
}

/// The fixed wording of each error that has its own C status code: `Display` prints it (then the
/// details: ` at <span>`, ` (<values>)`), and `parlor_status_str` returns it after `"tichu: "`,
/// so the text exists once.
impl Error {
    /// The text of [`Error::UnknownCard`] (C `PARLOR_TICHU_ERR_UNKNOWN_CARD`).
    pub const UNKNOWN_CARD: &'static str = "unknown card";
    /// The text of [`Error::TooManyOfRank`] (C `PARLOR_TICHU_ERR_TOO_MANY_OF_RANK`).
    pub const TOO_MANY_OF_RANK: &'static str = "a fifth card of one rank";
    /// The text of [`Error::DuplicateCard`] (C `PARLOR_TICHU_ERR_DUPLICATE_CARD`).
    pub const DUPLICATE_CARD: &'static str = "a card given twice";
    /// The text of [`Error::MixedNotation`] (C `PARLOR_TICHU_ERR_MIXED_NOTATION`).
    pub const MIXED_NOTATION: &'static str = "suited and rank-only cards mixed";
    /// The text of [`Error::InvalidMask`] (C `PARLOR_TICHU_ERR_INVALID_MASK`).
    pub const INVALID_MASK: &'static str = "invalid card mask";
    /// The text of [`Error::CardsOverlap`] (C `PARLOR_TICHU_ERR_CARDS_OVERLAP`).
    pub const CARDS_OVERLAP: &'static str = "the two card sets hold a card more often than the deck";
    /// The text of [`Error::PreviousNotACombination`] (C `PARLOR_TICHU_ERR_PREVIOUS_NOT_A_COMBINATION`).
    pub const PREVIOUS_NOT_A_COMBINATION: &'static str = "the previous play is not a combination";
    /// The text of [`Error::PreviousIsDog`] (C `PARLOR_TICHU_ERR_PREVIOUS_IS_DOG`).
    pub const PREVIOUS_IS_DOG: &'static str = "the previous play is the Dog, which ends its trick";
    /// The text of [`Error::InvalidCombination`] (C `PARLOR_TICHU_ERR_INVALID_COMBINATION`).
    pub const INVALID_COMBINATION: &'static str = "the kind, length and key do not make a combination";
    /// The text of [`Error::HandTooLarge`] (C `PARLOR_TICHU_ERR_HAND_TOO_LARGE`).
    pub const HAND_TOO_LARGE: &'static str = "a hand has at most 14 cards";
    /// The text of [`Error::TrickOver`] (C `PARLOR_TICHU_ERR_TRICK_OVER`).
    pub const TRICK_OVER: &'static str = "the trick is over";
    /// The text of [`Error::NotYourTurn`] (C `PARLOR_TICHU_ERR_NOT_YOUR_TURN`).
    pub const NOT_YOUR_TURN: &'static str = "not this seat's turn";
    /// The text of [`Error::SeatIsOut`] (C `PARLOR_TICHU_ERR_SEAT_IS_OUT`).
    pub const SEAT_IS_OUT: &'static str = "this seat has no cards left";
    /// The text of [`Error::NotInHand`] (C `PARLOR_TICHU_ERR_NOT_IN_HAND`).
    pub const NOT_IN_HAND: &'static str = "the play holds cards that are not in the hand";
    /// The text of [`Error::IllegalPlay`] (C `PARLOR_TICHU_ERR_ILLEGAL_PLAY`).
    pub const ILLEGAL_PLAY: &'static str = "the play does not beat the table";
    /// The text of [`Error::CannotPassOnLead`] (C `PARLOR_TICHU_ERR_CANNOT_PASS_ON_LEAD`).
    pub const CANNOT_PASS_ON_LEAD: &'static str = "the leader cannot pass";
    /// The text of [`Error::MustFulfilWish`] (C `PARLOR_TICHU_ERR_MUST_FULFIL_WISH`).
    pub const MUST_FULFIL_WISH: &'static str = "the player must fulfil the Mah Jong wish";
    /// The text of [`Error::UnexpectedWish`] (C `PARLOR_TICHU_ERR_UNEXPECTED_WISH`).
    pub const UNEXPECTED_WISH: &'static str = "a wish needs the Mah Jong in the play and no open wish";
    /// The text of [`Error::NotAnOpponent`] (C `PARLOR_TICHU_ERR_NOT_AN_OPPONENT`).
    pub const NOT_AN_OPPONENT: &'static str = "the Dragon's trick must go to an opponent";
    /// The text of [`Error::PlayedTwice`] (C `PARLOR_TICHU_ERR_PLAYED_TWICE`).
    pub const PLAYED_TWICE: &'static str = "a card of the play was already played in this trick";
    /// The text of [`Error::InvalidTrick`] (C `PARLOR_TICHU_ERR_INVALID_TRICK`).
    pub const INVALID_TRICK: &'static str = "inconsistent trick state";
    /// The text of [`Error::InvalidDeal`] (C `PARLOR_TICHU_ERR_INVALID_DEAL`).
    pub const INVALID_DEAL: &'static str = "the hands are not the whole deck in four hands of 14 suited cards";
    /// The text of [`Error::RoundOver`] (C `PARLOR_TICHU_ERR_ROUND_OVER`).
    pub const ROUND_OVER: &'static str = "the round is over";
    /// The text of [`Error::WrongPhase`] (C `PARLOR_TICHU_ERR_WRONG_PHASE`).
    pub const WRONG_PHASE: &'static str = "this action belongs to another stage of the round";
    /// The text of [`Error::AlreadyCalled`] (C `PARLOR_TICHU_ERR_ALREADY_CALLED`).
    pub const ALREADY_CALLED: &'static str = "this seat has already called";
    /// The text of [`Error::TooLateToCall`] (C `PARLOR_TICHU_ERR_TOO_LATE_TO_CALL`).
    pub const TOO_LATE_TO_CALL: &'static str = "Tichu can only be called before one's first card";
    /// The text of [`Error::AlreadyExchanged`] (C `PARLOR_TICHU_ERR_ALREADY_EXCHANGED`).
    pub const ALREADY_EXCHANGED: &'static str = "this seat has already chosen its exchange";
    /// The text of [`Error::BadExchange`] (C `PARLOR_TICHU_ERR_BAD_EXCHANGE`).
    pub const BAD_EXCHANGE: &'static str = "an exchange is three different cards of the hand";
}

// `HAND_TOO_LARGE` names the capacity.
const _: () = assert!(MAX_HAND == 14);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownCard { span } => write!(f, "{} at {span}", Error::UNKNOWN_CARD),
            Error::TooManyOfRank { rank, span } => {
                write!(f, "{} ({}) at {span}", Error::TOO_MANY_OF_RANK, rank.symbol())
            }
            Error::DuplicateCard { span } => write!(f, "{} at {span}", Error::DUPLICATE_CARD),
            Error::MixedNotation { span } => write!(f, "{} at {span}", Error::MIXED_NOTATION),
            Error::InvalidMask => f.write_str(Error::INVALID_MASK),
            Error::CardsOverlap => f.write_str(Error::CARDS_OVERLAP),
            Error::PreviousNotACombination => f.write_str(Error::PREVIOUS_NOT_A_COMBINATION),
            Error::PreviousIsDog => f.write_str(Error::PREVIOUS_IS_DOG),
            Error::InvalidCombination => f.write_str(Error::INVALID_COMBINATION),
            Error::HandTooLarge => f.write_str(Error::HAND_TOO_LARGE),
            Error::BufferTooSmall { needed } => write!(f, "the output buffer is too small ({needed} needed)"),
            Error::UnknownCode { what, code } => write!(f, "unknown {what} code {code}"),
            Error::TrickOver => f.write_str(Error::TRICK_OVER),
            Error::NotYourTurn => f.write_str(Error::NOT_YOUR_TURN),
            Error::SeatIsOut => f.write_str(Error::SEAT_IS_OUT),
            Error::NotInHand => f.write_str(Error::NOT_IN_HAND),
            Error::IllegalPlay => f.write_str(Error::ILLEGAL_PLAY),
            Error::CannotPassOnLead => f.write_str(Error::CANNOT_PASS_ON_LEAD),
            Error::MustFulfilWish => f.write_str(Error::MUST_FULFIL_WISH),
            Error::UnexpectedWish => f.write_str(Error::UNEXPECTED_WISH),
            Error::NotAnOpponent => f.write_str(Error::NOT_AN_OPPONENT),
            Error::PlayedTwice => f.write_str(Error::PLAYED_TWICE),
            Error::InvalidTrick => f.write_str(Error::INVALID_TRICK),
            Error::InvalidScore => f.write_str("impossible round result"),
            Error::InvalidConfig => f.write_str("the round configuration is out of range"),
            Error::InvalidDeal => f.write_str(Error::INVALID_DEAL),
            Error::RoundOver => f.write_str(Error::ROUND_OVER),
            Error::WrongPhase => f.write_str(Error::WRONG_PHASE),
            Error::AlreadyCalled => f.write_str(Error::ALREADY_CALLED),
            Error::TooLateToCall => f.write_str(Error::TOO_LATE_TO_CALL),
            Error::AlreadyExchanged => f.write_str(Error::ALREADY_EXCHANGED),
            Error::BadExchange => f.write_str(Error::BAD_EXCHANGE),
            Error::InvalidState => f.write_str("the bytes are no encoded round"),
            Error::BadToken { token, .. } => notation::fmt_token_plain(*token, f),
            Error::Internal => f.write_str(crate::INTERNAL_TEXT),
        }
    }
}

impl core::error::Error for Error {}
