//! The built-in suit classifier behind [`shanten`](super::shanten::shanten) and
//! [`ukeire`](super::shanten::ukeire) (feature `shanten-table`, on by default).
//!
//! Every numbered-suit pattern of at most 14 tiles (405,350 of them) has one of only
//! [`SUIT_CLASSES`] distinct gains tables (for 0–4 sets with and without the pair, the most held
//! tiles the suit's groups can use). A minimised layered automaton over the nine counts
//! maps a pattern to its class in nine table steps, and a class list gives the gains. The
//! honors' gains depend only on how many kinds are held at least once, twice and three times:
//! 120 triples, 55 honor classes. Two suits together (the convolution of their gains) take only
//! 180 distinct tables, so the join of two numbered classes, and of a numbered class with an
//! honor class, is a byte per pair naming one of them: the shanten search reads its four suits'
//! gains as two table entries instead of convolving them.
//!
//! All of it is generated from the per-suit dynamic program (`suit_program.rs`) and the honor
//! formula into the `*.bin` files beside this one ([`BUILT_IN_TABLE_BYTES`] of flash in all, at
//! most 64 KiB); the unit test `suit_class_files_match_dynamic_program` rebuilds them and fails
//! when they are stale (`PARLOR_BLESS=1 cargo test -p parlor-core suit_class_files` rewrites
//! them). Without the feature every suit runs the dynamic program: the same answers, slower.

#[cfg(feature = "shanten-table")]
use super::error::Error;
use super::gains::Gains;

/// Numbers in a suit.
const NUMBERS: usize = 9;

/// Bytes per class in `suit_gains.bin`: the ten used lanes of its [`Gains`], no pair then pair.
#[cfg(feature = "shanten-table")]
const CLASS_BYTES: usize = 10;

#[cfg(feature = "shanten-table")]
const TRANSITION_BYTES: &[u8] = include_bytes!("suit_classes.bin");
#[cfg(feature = "shanten-table")]
const CLASS_GAINS_BYTES: &[u8] = include_bytes!("suit_gains.bin");
#[cfg(feature = "shanten-table")]
const PAIR_BYTES: &[u8] = include_bytes!("suit_pairs.bin");
#[cfg(feature = "shanten-table")]
const PAIR_GAINS_BYTES: &[u8] = include_bytes!("suit_pair_gains.bin");
#[cfg(feature = "shanten-table")]
const SUIT_HONOR_BYTES: &[u8] = include_bytes!("suit_honors.bin");
#[cfg(feature = "shanten-table")]
const HONOR_INDEX: &[u8] = include_bytes!("honor_index.bin");
#[cfg(feature = "shanten-table")]
const HONOR_GAINS_BYTES: &[u8] = include_bytes!("honor_gains.bin");

/// The automaton's transitions: entry `at + count` is the next `at` (5 × a state index), or after
/// the ninth count the class.
///
/// Checked while the build evaluates it: every entry plus a count of at most 4 stays inside the
/// table, so a walk over counts 0–4 never leaves it (the lookups still use `get`).
#[cfg(feature = "shanten-table")]
static TRANSITIONS: [u16; TRANSITION_BYTES.len() / 2] = {
    let mut out = [0u16; TRANSITION_BYTES.len() / 2];
    let mut slots: &mut [u16] = &mut out;
    let mut bytes = TRANSITION_BYTES;
    while let ([slot, more @ ..], [low, high, rest @ ..]) = (slots, bytes) {
        *slot = u16::from_le_bytes([*low, *high]);
        assert!(
            (*slot as usize) + 4 < TRANSITION_BYTES.len() / 2,
            "a transition leaves the table"
        );
        (slots, bytes) = (more, rest);
    }
    out
};

/// Gains tables stored as [`CLASS_BYTES`] per table (lanes 0–4, then 8–12), expanded to
/// [`Gains`]. The build fails unless `bytes` holds exactly `N` tables.
#[cfg(feature = "shanten-table")]
const fn expand<const N: usize>(bytes: &[u8]) -> [Gains; N] {
    let mut out = [[0u8; 16]; N];
    let mut tables: &mut [Gains] = &mut out;
    let mut bytes = bytes;
    while let ([gains, more @ ..], [a0, a1, a2, a3, a4, b0, b1, b2, b3, b4, rest @ ..]) = (tables, bytes) {
        *gains = [*a0, *a1, *a2, *a3, *a4, 0, 0, 0, *b0, *b1, *b2, *b3, *b4, 0, 0, 0];
        (tables, bytes) = (more, rest);
    }
    assert!(
        bytes.is_empty() && CLASS_BYTES == 10,
        "a gains file is not N tables of CLASS_BYTES"
    );
    out
}

/// A lookup past a built-in table: impossible for a hand (counts 0–4, at most 14 tiles; the
/// tables are checked at build time and by `suit_class_files_match_dynamic_program`), so a
/// debug assertion, then [`Error::Internal`].
#[cfg(feature = "shanten-table")]
#[cold]
fn broken() -> Error {
    debug_assert!(false, "mahjong tables: a lookup past a built-in table");
    Error::Internal
}

/// The distinct honor gains (55 honor classes).
#[cfg(feature = "shanten-table")]
static HONOR_GAINS: [Gains; HONOR_GAINS_BYTES.len() / CLASS_BYTES] = expand(HONOR_GAINS_BYTES);

/// The number of honor classes.
#[cfg(feature = "shanten-table")]
const HONOR_CLASSES: usize = HONOR_GAINS_BYTES.len() / CLASS_BYTES;

/// The gains of each class.
#[cfg(feature = "shanten-table")]
static CLASS_GAINS: [Gains; CLASS_GAINS_BYTES.len() / CLASS_BYTES] = expand(CLASS_GAINS_BYTES);

/// The distinct gains of two numbered suits together, or of a numbered suit and the honors
/// (convolutions of two classes: 180 tables).
#[cfg(feature = "shanten-table")]
static PAIR_GAINS: [Gains; PAIR_GAINS_BYTES.len() / CLASS_BYTES] = expand(PAIR_GAINS_BYTES);

/// The number of distinct gains tables of numbered-suit patterns of at most 14 tiles (126).
#[cfg(feature = "shanten-table")]
pub const SUIT_CLASSES: usize = CLASS_GAINS.len();
/// The number of distinct gains tables of numbered-suit patterns (0 without the
/// `shanten-table` feature, which carries no classifier).
#[cfg(not(feature = "shanten-table"))]
pub const SUIT_CLASSES: usize = 0;

/// The flash cost of the built-in tables in bytes with the `shanten-table` feature (on by
/// default): the automaton, the class gains, the class-pair and class-and-honors tables with
/// their 180 joined gains, and the honor classes; at most 64 KiB (checked at compile time).
/// 0 without the feature.
#[cfg(feature = "shanten-table")]
pub const BUILT_IN_TABLE_BYTES: usize = core::mem::size_of_val(&TRANSITIONS)
    + core::mem::size_of_val(&CLASS_GAINS)
    + PAIR_BYTES.len()
    + core::mem::size_of_val(&PAIR_GAINS)
    + SUIT_HONOR_BYTES.len()
    + HONOR_INDEX.len()
    + core::mem::size_of_val(&HONOR_GAINS);

// The budget for any table: 64 KiB.
#[cfg(feature = "shanten-table")]
const _: () = assert!(BUILT_IN_TABLE_BYTES <= 65_536);
/// The flash cost of the built-in suit classifier in bytes: 0 without the `shanten-table`
/// feature (every suit runs the dynamic program).
#[cfg(not(feature = "shanten-table"))]
pub const BUILT_IN_TABLE_BYTES: usize = 0;

/// One step of the automaton: from state `at` (5 × a state index) over a count. Hands hold at
/// most four of a kind and fourteen tiles, so every step stays in the table (checked when the
/// table is built); a step past it is [`broken`].
#[cfg(feature = "shanten-table")]
#[inline(always)]
fn next_state(at: u16, count: u8) -> Result<u16, Error> {
    // A `u16` plus a `u8`: checked (it could wrap a 16-bit `usize`), and free where the
    // compiler sees that it cannot.
    let index = usize::from(at).checked_add(usize::from(count)).ok_or_else(broken)?;
    TRANSITIONS.get(index).copied().ok_or_else(broken)
}

/// The class of a numbered suit (`counts`: nine counts of 0–4, at most 14 in all).
#[cfg(feature = "shanten-table")]
pub(crate) fn suit_class(counts: &[u8; NUMBERS]) -> Result<u16, Error> {
    let mut at = 0u16;
    for &count in counts {
        at = next_state(at, count)?;
    }
    Ok(at)
}

/// The gains of class `class`.
#[cfg(feature = "shanten-table")]
#[inline(always)]
pub(crate) fn class_gains(class: u16) -> Result<Gains, Error> {
    CLASS_GAINS.get(usize::from(class)).copied().ok_or_else(broken)
}

/// The gains of a numbered suit (`counts`: nine counts of 0–4, at most 14 in all).
#[cfg(all(test, feature = "shanten-table"))]
pub(crate) fn suit_gains(counts: &[u8; NUMBERS]) -> Gains {
    suit_class(counts)
        .and_then(class_gains)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The honor class of a hand whose honors hold `ge1 ≥ ge2 ≥ ge3` kinds at least once, twice and
/// three times (at most 7 kinds).
#[cfg(feature = "shanten-table")]
pub(crate) fn honor_class(ge1: u8, ge2: u8, ge3: u8) -> Result<u8, Error> {
    /// Triples `7 ≥ x ≥ y ≥ z ≥ 0` with `x < a`: `a(a+1)(a+2)/6`; pairs `y ≥ z` with `y < b`.
    const BEFORE_FIRST: [u8; 8] = [0, 1, 4, 10, 20, 35, 56, 84];
    const BEFORE_SECOND: [u8; 8] = [0, 1, 3, 6, 10, 15, 21, 28];
    let first = BEFORE_FIRST.get(usize::from(ge1)).copied().ok_or_else(broken)?;
    let second = BEFORE_SECOND.get(usize::from(ge2)).copied().ok_or_else(broken)?;
    // At most 84 + 28 + 255 in a `usize`: never wraps.
    let index = usize::from(first)
        .wrapping_add(usize::from(second))
        .wrapping_add(usize::from(ge3));
    HONOR_INDEX.get(index).copied().ok_or_else(broken)
}

/// The gains of honor class `class`.
#[cfg(feature = "shanten-table")]
pub(crate) fn honor_class_gains(class: u8) -> Result<Gains, Error> {
    HONOR_GAINS.get(usize::from(class)).copied().ok_or_else(broken)
}

/// The gains of a numbered suit of class `class` and the honors of class `honors` together.
#[cfg(feature = "shanten-table")]
pub(crate) fn suit_honor_gains(class: u16, honors: u8) -> Result<Gains, Error> {
    // Checked, and free on targets where a `u16` times 55 plus a `u8` cannot wrap a `usize`.
    let index = usize::from(class)
        .checked_mul(HONOR_CLASSES)
        .and_then(|row| row.checked_add(usize::from(honors)))
        .ok_or_else(broken)?;
    let id = SUIT_HONOR_BYTES.get(index).copied().ok_or_else(broken)?;
    PAIR_GAINS.get(usize::from(id)).copied().ok_or_else(broken)
}

/// The gains of two numbered suits of classes `a` and `b` together (their convolution), read
/// from the table of all pairs: the 126 classes combine into only a few distinct tables, so a
/// byte per pair names the result (`suit_pairs.bin`, the lower triangle; convolution is
/// symmetric).
#[cfg(feature = "shanten-table")]
pub(crate) fn pair_gains(a: u16, b: u16) -> Result<Gains, Error> {
    let (high, low) = (usize::from(a.max(b)), usize::from(a.min(b)));
    // `high(high + 1)/2 + low` for `u16` classes: checked, and free on targets where it cannot
    // wrap a `usize`.
    let index = high
        .checked_add(1)
        .and_then(|next| next.checked_mul(high))
        .and_then(|twice| (twice / 2).checked_add(low))
        .ok_or_else(broken)?;
    let id = PAIR_BYTES.get(index).copied().ok_or_else(broken)?;
    PAIR_GAINS.get(usize::from(id)).copied().ok_or_else(broken)
}

/// A suit's walk through the automaton, kept for [`draws_exceeding`]: `states[i]` is the state
/// reached before number `i` (5 × its index), and the suit's gains.
#[cfg(feature = "shanten-table")]
pub(crate) struct SuitWalk {
    states: [u16; NUMBERS],
    /// The suit's class (as [`suit_class`]).
    pub(crate) class: u16,
    /// The suit's gains (as [`suit_gains`]).
    pub(crate) gains: Gains,
}

/// [`suit_gains`], keeping the states the walk passes through (all nine steps: the draws
/// resume from each of them).
#[cfg(feature = "shanten-table")]
pub(crate) fn suit_walk(counts: &[u8; NUMBERS]) -> Result<SuitWalk, Error> {
    let mut states = [0u16; NUMBERS];
    let mut at = 0u16;
    for (state, &count) in states.iter_mut().zip(counts) {
        *state = at;
        at = next_state(at, count)?;
    }
    Ok(SuitWalk {
        states,
        class: at,
        gains: class_gains(at)?,
    })
}

/// A threshold per lane of [`Gains`] in the form [`exceeds`] tests in one addition: lane `l`
/// holds `127 − t` for a lane whose gains must stay at most `t` (`t` ≤ 127), 0 for a lane that
/// does not count.
#[cfg(feature = "shanten-table")]
pub(crate) type Threshold = u128;

/// The [`Threshold`] lane value of a limit `t`: gains above `t` carry into the lane's top bit.
#[cfg(feature = "shanten-table")]
pub(crate) const fn threshold_lane(t: u8) -> u8 {
    127u8.saturating_sub(t)
}

/// Whether some counting lane of `gains` is above its limit in `threshold`. Gains are at most
/// 14 and threshold lanes at most 127, so no lane's sum reaches 256 and none carries into the
/// next: the lanes' top bits are exactly the lanes above their limit.
#[cfg(feature = "shanten-table")]
#[inline(always)]
pub(crate) fn exceeds(gains: &Gains, threshold: Threshold) -> bool {
    const TOP_BITS: u128 = u128::from_le_bytes([0x80; 16]);
    u128::from_le_bytes(*gains).wrapping_add(threshold) & TOP_BITS != 0
}

/// The numbers `i` (bit `i`) of a suit (`counts`, walked by `walk`) whose drawn copy gives the
/// suit gains above `threshold` in some lane. A number held four times is never drawn. Each
/// candidate resumes the walk at its own number, so the draws of a suit cost 45 table steps
/// rather than 81 for nine fresh walks; the walks advance side by side, one number at a time
/// (independent loads). The suit must hold at most 13 tiles (so the drawn pattern is one of
/// the classified ones).
#[cfg(feature = "shanten-table")]
pub(crate) fn draws_exceeding(counts: &[u8; NUMBERS], walk: &SuitWalk, threshold: Threshold) -> Result<u16, Error> {
    let mut at = [0u16; NUMBERS];
    for ((&count, &state), drawn) in counts.iter().zip(&walk.states).zip(at.iter_mut()) {
        // The walk of a copy drawn at this number: one more than held, and for a number held
        // four times (never drawn: dropped below) the held pattern itself, so every walk is of
        // a classified pattern. `count.min(3) + 1` is at most 4: no wrap.
        *drawn = next_state(state, count.min(3).wrapping_add(1))?;
    }
    // Advance each drawn walk over the numbers after its own.
    for (j, &count) in counts.iter().enumerate().skip(1) {
        for started in at.iter_mut().take(j) {
            *started = next_state(*started, count)?;
        }
    }
    let mut found = 0u16;
    for (i, (&class, &count)) in at.iter().zip(counts).enumerate() {
        let gains = class_gains(class)?;
        found |= u16::from(count < 4 && exceeds(&gains, threshold)) << i;
    }
    Ok(found)
}

/// The gains of a numbered suit, without the `shanten-table` feature: the dynamic program.
#[cfg(not(feature = "shanten-table"))]
pub(crate) fn suit_gains(counts: &[u8; NUMBERS]) -> Gains {
    super::suit_program::suit_gains_by_rows(counts)
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
                .and_then(|()| std::fs::write(std::format!("{dir}suit_gains.bin"), &generated.classes))
                .and_then(|()| std::fs::write(std::format!("{dir}suit_pairs.bin"), &generated.pairs))
                .and_then(|()| std::fs::write(std::format!("{dir}suit_pair_gains.bin"), &generated.pair_classes))
                .and_then(|()| std::fs::write(std::format!("{dir}suit_honors.bin"), &generated.suit_honors))
                .and_then(|()| std::fs::write(std::format!("{dir}honor_index.bin"), &generated.honor_index))
                .and_then(|()| std::fs::write(std::format!("{dir}honor_gains.bin"), &generated.honor_classes));
            assert!(written.is_ok(), "cannot write the suit class files in {dir}");
            return; // the build in use still holds the old files; rerun to check the new ones
        }
        assert!(
            generated.transitions == TRANSITION_BYTES
                && generated.classes == CLASS_GAINS_BYTES
                && generated.pairs == PAIR_BYTES
                && generated.pair_classes == PAIR_GAINS_BYTES
                && generated.suit_honors == SUIT_HONOR_BYTES
                && generated.honor_index == HONOR_INDEX
                && generated.honor_classes == HONOR_GAINS_BYTES,
            "suit_classes.bin / suit_gains.bin / suit_pairs.bin / suit_pair_gains.bin are stale: regenerate with \
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
