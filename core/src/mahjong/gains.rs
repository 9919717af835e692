//! The per-suit gains lanes shared by the suit dynamic program (`suit_program.rs`) and the
//! built-in classifier (`tables.rs`): a leaf module, so neither of the two imports the other's
//! types.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

/// Tiles of one suit that its groups can use: lane `8 × pair + sets` (pair 0–1, sets 0–4) is
/// the most held tiles some choice of at most that many groups covers; the other six lanes are
/// 0. Nondecreasing in pair and sets; at most 14. Sixteen fixed lanes keep the convolution in
/// [`shanten`](super::shanten) branch-free.
pub(crate) type Gains = [u8; 16];

/// The lane of `pair` (0–1) and `sets` (0–4) in [`Gains`] (the tests and the table generator;
/// the library reads lanes by rows, without an index).
#[cfg(test)]
pub(crate) const fn lane(pair: usize, sets: usize) -> usize {
    // Shifts and `|`, not `8 * pair + sets`: the same lanes for the ranges above, with no
    // arithmetic that could overflow on any input.
    (pair << 3) | (sets & 7)
}
