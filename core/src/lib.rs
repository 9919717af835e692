//! # parlor-core
//!
//! Exact rules engines for four table games — [Tichu](tichu), [Dou Dizhu](doudizhu),
//! [Mahjong](mahjong) and [Five Up dominoes](dominoes) — as a `#![no_std]` library that never
//! allocates and never panics. Every capacity is fixed at compile time; every input that does not
//! describe a real game position is rejected with a typed error naming what is wrong.
//!
//! Each game module has the same shape:
//! - `notation` — parsing and printing the seed notation (`FromStr`/`Display`),
//! - the hand / combination model,
//! - the rule checks (the seed task and the rulings in `docs/rules/<game>.md`),
//! - search (move generation, solvers) with caller-visible, documented bounds.
//!
//! The rules are stated in the repository's `docs/rules/<game>.md`; each game's rulings and
//! figures are in `docs/<game>.md`.
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
// No indexing that can fail, no unchecked arithmetic (allowed again in test modules and the
// table generator).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

/// An error's reason text (the `why` / `what` of a game's `Error`): the text itself, or `""`
/// in a build with the `terse-errors` feature. Only `Display` shows a reason; the C library
/// answers with status codes and never does, so its firmware build (`scripts/embedded-check`)
/// leaves the texts out of flash. No code may branch on a reason (Tichu's `UnknownCode { what:
/// "seat" }`, which names a fault, is written plainly).
#[allow(unused_macros)] // a build without any game has no error to give a reason to
macro_rules! reason {
    ($text:expr) => {
        if cfg!(feature = "terse-errors") { "" } else { $text }
    };
}

#[cfg(feature = "dominoes")]
pub mod dominoes;
#[cfg(feature = "doudizhu")]
pub mod doudizhu;
pub mod game;
#[cfg(feature = "mahjong")]
pub mod mahjong;
pub mod notation;
#[cfg(feature = "tichu")]
pub mod tichu;

/// The text of every game's `Error::Internal` (one wording for the four games, Mahjong scoring's
/// `score::Error::Internal` included), which the C library's `parlor_status_str` also returns for
/// `PARLOR_ERR_INTERNAL`: a broken invariant, never a rules answer.
pub const INTERNAL_TEXT: &str =
    "internal error: a state the library rules out was reached (a bug; please report the input)";

#[cfg(test)]
mod tests {
    /// `reason!` keeps an error's reason, or leaves it out with `terse-errors` (the C firmware
    /// library's build): the same error either way, only its text differs.
    #[test]
    fn reasons_follow_terse_errors() {
        let why: &str = reason!("a reason");
        assert_eq!(why, if cfg!(feature = "terse-errors") { "" } else { "a reason" });
    }
}
