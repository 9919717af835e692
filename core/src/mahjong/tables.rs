//! The built-in suit classifier behind [`shanten`](super::shanten::shanten) and
//! [`ukeire`](super::shanten::ukeire) (feature `shanten-table`, on by default).
//!
//! Every numbered-suit pattern of at most 14 tiles (405,350 of them) has one of only
//! [`SUIT_CLASSES`] distinct gains tables (for 0–4 sets with and without the pair, the most held
//! tiles the suit's groups can use). A minimised layered automaton over the nine counts
//! maps a pattern to its class in nine table steps, and a class list gives the gains. Both are
//! generated from the per-suit dynamic program (`suit_program.rs`) into
//! `suit_classes.bin` and `suit_gains.bin` ([`BUILT_IN_TABLE_BYTES`] of flash in all); the unit
//! test `suit_class_files_match_dynamic_program` rebuilds them and fails when they are stale
//! (`PARLOR_BLESS=1 cargo test -p parlor-core suit_class_files` rewrites them). Without the
//! feature every suit runs the dynamic program: the same answers, slower.

/// Tiles of one suit that its groups can use: lane `8 × pair + sets` (pair 0–1, sets 0–4) is
/// the most held tiles some choice of at most that many groups covers; the other six lanes are
/// 0. Nondecreasing in pair and sets; at most 14. Sixteen fixed lanes keep the convolution in
/// [`shanten`](super::shanten) branch-free.
pub(crate) type Gains = [u8; 16];

/// The lane of `pair` (0–1) and `sets` (0–4) in [`Gains`].
pub(crate) const fn lane(pair: usize, sets: usize) -> usize {
    // Shifts and `|`, not `8 * pair + sets`: the same lanes for the ranges above (the hot
    // convolution calls this), with no arithmetic that could overflow on any input.
    (pair << 3) | (sets & 7)
}

/// Numbers in a suit.
const NUMBERS: usize = 9;

/// Bytes per class in `suit_gains.bin`: the ten used lanes of its [`Gains`], no pair then pair.
#[cfg(feature = "shanten-table")]
const CLASS_BYTES: usize = 10;

#[cfg(feature = "shanten-table")]
const TRANSITION_BYTES: &[u8] = include_bytes!("suit_classes.bin");
#[cfg(feature = "shanten-table")]
const CLASS_GAINS_BYTES: &[u8] = include_bytes!("suit_gains.bin");

/// The automaton's transitions: entry `at + count` is the next `at` (5 × a state index), or after
/// the ninth count the class.
#[cfg(feature = "shanten-table")]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // evaluated at compile time: a miss is a build error
static TRANSITIONS: [u16; TRANSITION_BYTES.len() / 2] = {
    let mut out = [0u16; TRANSITION_BYTES.len() / 2];
    let mut i = 0;
    while i < out.len() {
        out[i] = u16::from_le_bytes([TRANSITION_BYTES[2 * i], TRANSITION_BYTES[2 * i + 1]]);
        i += 1;
    }
    out
};

/// The gains of each class.
#[cfg(feature = "shanten-table")]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // evaluated at compile time: a miss is a build error
static CLASS_GAINS: [Gains; CLASS_GAINS_BYTES.len() / CLASS_BYTES] = {
    let mut out = [[0u8; 16]; CLASS_GAINS_BYTES.len() / CLASS_BYTES];
    let mut i = 0;
    while i < out.len() * CLASS_BYTES {
        out[i / CLASS_BYTES][lane(i % CLASS_BYTES / 5, i % 5)] = CLASS_GAINS_BYTES[i];
        i += 1;
    }
    out
};

/// The number of distinct gains tables of numbered-suit patterns of at most 14 tiles (126).
#[cfg(feature = "shanten-table")]
pub const SUIT_CLASSES: usize = CLASS_GAINS.len();
/// The number of distinct gains tables of numbered-suit patterns (0 without the
/// `shanten-table` feature, which carries no classifier).
#[cfg(not(feature = "shanten-table"))]
pub const SUIT_CLASSES: usize = 0;

/// The flash cost of the built-in suit classifier in bytes (automaton + class list) with the
/// `shanten-table` feature (on by default; ≤ 64 KiB), 0 without it.
#[cfg(feature = "shanten-table")]
pub const BUILT_IN_TABLE_BYTES: usize = TRANSITION_BYTES.len() + CLASS_GAINS_BYTES.len();

// The budget for any table: 64 KiB.
#[cfg(feature = "shanten-table")]
const _: () = assert!(BUILT_IN_TABLE_BYTES <= 65_536);
/// The flash cost of the built-in suit classifier in bytes: 0 without the `shanten-table`
/// feature (every suit runs the dynamic program).
#[cfg(not(feature = "shanten-table"))]
pub const BUILT_IN_TABLE_BYTES: usize = 0;

/// The gains of a numbered suit (`counts`: nine counts of 0–4, at most 14 in all).
#[cfg(feature = "shanten-table")]
pub(crate) fn suit_gains(counts: &[u8; NUMBERS]) -> Gains {
    let mut at = 0usize;
    for &count in counts {
        // Hands hold at most four of a kind and fourteen tiles, so every step stays in the
        // table (asserted in debug builds); `get` keeps the function panic-free for any input.
        let next = TRANSITIONS.get(at.saturating_add(usize::from(count))).copied();
        debug_assert!(next.is_some(), "mahjong suit table: no transition");
        at = usize::from(next.unwrap_or(0));
    }
    let gains = CLASS_GAINS.get(at).copied();
    debug_assert!(gains.is_some(), "mahjong suit table: no class");
    gains.unwrap_or_default()
}

/// The gains of a numbered suit, without the `shanten-table` feature: the dynamic program.
#[cfg(not(feature = "shanten-table"))]
pub(crate) fn suit_gains(counts: &[u8; NUMBERS]) -> Gains {
    super::suit_program::gains_from_costs(&super::suit_program::suit_table(counts))
}

#[cfg(all(test, feature = "shanten-table"))]
mod generate;

#[cfg(all(test, feature = "shanten-table"))]
mod tests {
    extern crate std;
    use super::*;

    /// The files are what the generator builds from the dynamic program today, and the lookup
    /// gives the dynamic program's gains for every pattern of up to 14 tiles.
    #[test]
    fn suit_class_files_match_dynamic_program() {
        let generated = generate::generate().unwrap_or_else(|why| panic!("{why}"));
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/mahjong/");
        if std::env::var_os("PARLOR_BLESS").is_some() {
            let written = std::fs::write(std::format!("{dir}suit_classes.bin"), &generated.transitions)
                .and_then(|()| std::fs::write(std::format!("{dir}suit_gains.bin"), &generated.classes));
            assert!(written.is_ok(), "cannot write the suit class files in {dir}");
            return; // the build in use still holds the old files; rerun to check the new ones
        }
        assert!(
            generated.transitions == TRANSITION_BYTES && generated.classes == CLASS_GAINS_BYTES,
            "suit_classes.bin / suit_gains.bin are stale: regenerate with \
             `PARLOR_BLESS=1 cargo test -p parlor-core suit_class_files`"
        );
        let mut checked = 0usize;
        for (index, &class) in generated.class_of_pattern.iter().enumerate() {
            if !generate::is_class(class) {
                continue;
            }
            let mut counts = [0u8; NUMBERS];
            let mut rest = index;
            for count in counts.iter_mut().rev() {
                *count = (rest % 5) as u8;
                rest /= 5;
            }
            let expected = generated.gains.get(class as usize).copied();
            assert_eq!(Some(suit_gains(&counts)), expected, "{counts:?}");
            checked += 1;
        }
        assert_eq!(checked, 405_350); // patterns of 0–14 tiles with at most four of a number
    }
}
