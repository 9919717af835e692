//! # Dou Dizhu (斗地主, Fight the Landlord)
//!
//! Rules source: seeds `001_f3d506a5573c939b.txt` (English) and `002_…` (Japanese), the
//! statement of the online-judge problem "Fight the Landlord" (HDU 4032), with the rulings of
//! `docs/rules/doudizhu.md`; details and every ruling where the sources are silent in
//! `docs/doudizhu.md`.
//!
//! - [`Cards`] — a hand or a play as a rank-count vector (3 … A, 2, B, R), parsed from and
//!   printed to the spec's notation ([`cards`]).
//! - [`classify`] — every [`Reading`] (kind, chain length, key rank) of a card set under a
//!   rule [`Preset`]; [`beats`] — whether a play may follow another ([`combination`]).
//! - [`moves()`] / [`for_each_move`] — every distinct play that beats a given play, into a
//!   buffer of at most [`MAX_MOVES`] ([`moves`](mod@moves)).
//! - [`spring`] — the seed's question, with the plan; [`min_plays`] — the fewest plays that
//!   empty a hand; both search the sub-hands in caller memory of [`SCRATCH_BYTES`] ([`search`]).
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

pub mod cards;
pub mod combination;
pub mod moves;
pub mod search;

pub use cards::{Cards, RANKS, Rank};
pub use combination::{Kind, MAX_READINGS, Preset, PresetId, Reading, Readings, beats, classify};
pub use moves::{MAX_HAND, MAX_MOVES, for_each_move, moves};
pub use search::{
    MEMO_BYTES, Opponents, PEASANT_CARDS, Plan, SCRATCH_BYTES, is_safe, min_plays, scratch_bytes, spring,
};

/// Everything that can be wrong with a Dou Dizhu input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A character that is no card (the notation is `3`…`9`, `T`/`10`, `J`, `Q`, `K`, `A`,
    /// `2`, `B`, `R`, either case, or `-` for none).
    InvalidCard {
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
        /// Which enum: `"preset"`, `"kind"` or `"rank"`.
        what: &'static str,
        /// The code given.
        code: u32,
    },
    /// A broken internal invariant: a path the library's own reasoning says cannot be reached
    /// (a bug — please report it with the input). Never a rules answer; debug builds assert
    /// before returning it.
    Internal,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidCard { span } => write!(f, "not a card at {span}"),
            Error::TooManyCopies { rank, span } => {
                write!(
                    f,
                    "too many cards of rank {rank} (a deck holds {}) at {span}",
                    rank.copies()
                )
            }
            Error::NotACombination => f.write_str("the previous play is not a combination"),
            Error::HandTooLarge { cards } => write!(f, "a hand of {cards} cards (at most {MAX_HAND})"),
            Error::CardsOverlap { rank } => write!(
                f,
                "the hands together hold more cards of rank {rank} than a deck holds ({})",
                rank.copies()
            ),
            Error::BufferTooSmall { needed } => write!(f, "the output buffer is too small ({needed} needed)"),
            Error::ScratchTooSmall { needed } => write!(f, "the search memory is too small ({needed} bytes needed)"),
            Error::UnknownCode { what, code } => write!(f, "unknown {what} code {code}"),
            Error::Internal => f.write_str(crate::INTERNAL_TEXT),
        }
    }
}

impl core::error::Error for Error {}
