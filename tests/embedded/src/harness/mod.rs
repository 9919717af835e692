//! The panic-freedom harness: calls every public core API and every C entry point of the
//! enabled games on inputs the optimizer cannot see through (`black_box`), so that every panic
//! path the library has stays in the release build. `src/bin/harness.rs` links it with a panic
//! handler that references an undefined symbol: the link succeeds only if no panic path is left.
//!
//! A game plugs in with a module here (`exercise() -> u32`, a fold of the results) and a line
//! in `exercise_all`.

use core::hint::black_box;

#[cfg(feature = "dominoes")]
pub mod dominoes;
#[cfg(feature = "doudizhu")]
pub mod doudizhu;
#[cfg(feature = "mahjong")]
pub mod mahjong;
#[cfg(feature = "mahjong-score")]
pub mod mahjong_score;
pub mod one_set;
#[cfg(feature = "tichu")]
pub mod tichu;

/// The common C entry points (`parlor_status_str`, `parlor_version`, `parlor_abi_version`; the
/// one function set is `one_set`) and
/// the shared notation helpers of the core.
pub fn exercise_common() -> u32 {
    let mut sink = 0u32;
    for code in [0u32, 1, 7, 99, 100, 250, 399, 450, u32::MAX] {
        let text = parlor::parlor_status_str(black_box(code));
        sink ^= text as usize as u32;
    }
    sink ^= parlor::parlor_version() as usize as u32;
    sink ^= parlor::parlor_abi_version();
    let text = black_box(" 1m, 2m 3s");
    for (span, token) in parlor_core::notation::tokens(text) {
        sink ^= span.start as u32 ^ span.end as u32 ^ token.len() as u32;
        sink ^= span.slice(text).len() as u32;
    }
    sink
}

/// Every enabled game's exercise, folded.
pub fn exercise_all() -> u32 {
    #[allow(unused_mut)]
    let mut sink = exercise_common();
    sink ^= one_set::exercise();
    #[cfg(feature = "dominoes")]
    {
        sink ^= dominoes::exercise();
    }
    #[cfg(feature = "tichu")]
    {
        sink ^= tichu::exercise();
    }
    #[cfg(feature = "doudizhu")]
    {
        sink ^= doudizhu::exercise();
    }
    #[cfg(feature = "mahjong")]
    {
        sink ^= mahjong::exercise();
    }
    #[cfg(feature = "mahjong-score")]
    {
        sink ^= mahjong_score::exercise();
    }
    sink
}

/// A fold of results: `add` forces each value to be computed (`black_box`) and counts it.
#[derive(Default)]
pub struct Sink(pub u32);

impl Sink {
    /// Keeps `value` (so the call that made it stays in the image).
    pub fn add<T>(&mut self, value: T) {
        black_box(value);
        self.0 = self.0.wrapping_add(1);
    }
}

/// Bytes of text the harness feeds to parsers, from `black_box` so nothing is folded.
pub fn opaque(text: &'static str) -> &'static str {
    black_box(text)
}
