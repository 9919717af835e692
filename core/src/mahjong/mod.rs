//! # Mahjong: waits, complete hands, shanten and tile acceptance
//!
//! Rules: seed `003` (a code-golf task: find the waits of a 13-tile hand in a three-suit game)
//! and the rulings in `docs/rules/mahjong.md`, which add honors, hands of `3n+1` / `3n+2` tiles
//! (called melds take tiles out of the hand), seven pairs, thirteen orphans, shanten, tile
//! acceptance and decompositions. The rulings this module makes where the spec is silent are in
//! `docs/mahjong.md`.
//!
//! - [`Tile`], [`Suit`] — the 34 kinds `1m…9m 1p…9p 1s…9s 1z…7z`;
//! - [`Hand`] — 34 counts, parsed from `1m 1m 2m` or `112m456p11z` ([`notation`]);
//! - [`rules`] — [`is_complete`], [`waits`] under [`Rules`]; [`decompose`] —
//!   [`for_each_decomposition`];
//! - [`shanten`](mod@shanten) — [`shanten()`](shanten::shanten) and [`ukeire`], exact, with a
//!   built-in generated suit classifier ([`tables`], [`BUILT_IN_TABLE_BYTES`] of flash);
//! - [`score`](mod@score) — Riichi hand value: yaku, han, fu, limits and payments
//!   ([`score::score`], [`score::Config`] presets, red fives and the 136-tile form);
//! - [`text`] — the answer texts of `parlor mahjong waits | shanten | ukeire | decompose | score`
//!   (parse errors naming the bad token, tile lists, the hand value's lines), one source for the
//!   CLI and the firmware.
//!
//! ```
//! use parlor_core::mahjong::{Hand, Rules, waits, wait_tiles, shanten};
//! let hand: Hand = "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m".parse().unwrap();
//! assert_eq!(wait_tiles(waits(&hand, Rules::SEED).unwrap()).count(), 9);
//! assert_eq!(shanten(&hand, None), Ok(0));
//! ```

pub mod advice;
pub mod bot;
pub mod decompose;
mod engine;
pub mod error;
mod gains;
pub mod game_match;
pub mod hand;
pub mod notation;
pub mod round;
mod round_codec;
mod round_play;
pub mod rules;
pub mod score;
pub mod search;
pub mod shanten;
#[cfg(any(test, not(feature = "shanten-table")))]
mod suit_program;
pub mod tables;
pub mod text;
pub mod tile;

pub use bot::{Greedy, RandomBot};
pub use decompose::{Decomposition, Meld, Regular, for_each_decomposition};
pub use error::Error;
pub use game_match::{Match, Step};
pub use hand::{Hand, MAX_HAND, Size};
pub use notation::TileCounts;
pub use round::{
    Abort, Action, Agari, Call, Config, Deal, Discard, End, Event, MAX_ACTIONS, MultiRon, Observation, Outcome, Phase,
    Round, Start, TableMeld,
};
pub use rules::{Form, Rules, is_complete, wait_tiles, waits};
pub use shanten::{Ukeire, shanten, ukeire};
pub use tables::{BUILT_IN_TABLE_BYTES, SUIT_CLASSES};
pub use tile::{KINDS, Suit, Tile};
#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod round_tests;
#[cfg(test)]
mod sanma_tests;
#[cfg(test)]
mod search_tests;
