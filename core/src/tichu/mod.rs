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
//!   [`game_match`] — rounds to the target score; [`bot`] — two simple players.
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
pub mod game_match;
pub mod moves;
pub mod notation;
pub mod round;
pub mod score;
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
    InvalidEncoding,
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

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownCard { span } => write!(f, "unknown card at {span}"),
            Error::TooManyOfRank { rank, span } => {
                write!(f, "a fifth card of rank {} at {span}", rank.symbol())
            }
            Error::DuplicateCard { span } => write!(f, "a card given twice at {span}"),
            Error::MixedNotation { span } => write!(f, "suited and rank-only cards mixed at {span}"),
            Error::InvalidMask => f.write_str("invalid card mask"),
            Error::CardsOverlap => f.write_str("the two card sets hold a card more often than the deck"),
            Error::PreviousNotACombination => f.write_str("the previous play is not a combination"),
            Error::PreviousIsDog => f.write_str("the previous play is the Dog, which ends its trick"),
            Error::InvalidCombination => f.write_str("the type, length and key do not make a combination"),
            Error::HandTooLarge => write!(f, "a hand has at most {MAX_HAND} cards"),
            Error::BufferTooSmall { needed } => write!(f, "the output buffer is too small ({needed} needed)"),
            Error::UnknownCode { what, code } => write!(f, "unknown {what} code {code}"),
            Error::TrickOver => f.write_str("the trick is over"),
            Error::NotYourTurn => f.write_str("not this seat's turn"),
            Error::SeatIsOut => f.write_str("this seat has no cards left"),
            Error::NotInHand => f.write_str("the play holds cards that are not in the hand"),
            Error::IllegalPlay => f.write_str("the play does not beat the table"),
            Error::CannotPassOnLead => f.write_str("the leader cannot pass"),
            Error::MustFulfilWish => f.write_str("the player can play the wished rank and must"),
            Error::UnexpectedWish => f.write_str("a wish needs the Mah Jong in the play and no open wish"),
            Error::NotAnOpponent => f.write_str("the Dragon's trick must go to an opponent"),
            Error::PlayedTwice => f.write_str("a card of the play was already played in this trick"),
            Error::InvalidTrick => f.write_str("inconsistent trick state"),
            Error::InvalidScore => f.write_str("impossible round result"),
            Error::InvalidConfig => f.write_str("the round configuration is out of range"),
            Error::InvalidDeal => f.write_str("the hands are not the whole deck in four hands of 14 suited cards"),
            Error::RoundOver => f.write_str("the round is over"),
            Error::WrongPhase => f.write_str("this action belongs to another stage of the round"),
            Error::AlreadyCalled => f.write_str("this seat has already called"),
            Error::TooLateToCall => f.write_str("Tichu can only be called before one's first card"),
            Error::AlreadyExchanged => f.write_str("this seat has already chosen its exchange"),
            Error::BadExchange => f.write_str("an exchange is three different cards of the hand"),
            Error::InvalidEncoding => f.write_str("the bytes are no encoded round"),
            Error::Internal => f.write_str(crate::INTERNAL_TEXT),
        }
    }
}

impl core::error::Error for Error {}
