//! Shanten and tile acceptance (ukeire), exact for every hand size `3n+1` / `3n+2`
//! (`docs/rules/mahjong.md`, "Beyond the seed").
//!
//! # Method
//! The shanten number is `d - 1`, where `d` is the least number of tiles that must be drawn (with
//! as many discarded) to turn the hand into a complete one that holds no kind more than four
//! times. A complete regular hand is, per suit, some sets and maybe the pair, and the number of
//! tiles to draw adds up over suits. So for each suit we compute `cost[pair][sets]`: the fewest
//! tiles to draw so that the suit holds `sets` sets (0–4) and `pair` pairs (0–1), every group
//! touching a held tile of that suit; a dynamic program over the nine numbers whose state is the
//! number of runs started at the two previous numbers (0–2 each: three equal runs are three
//! triplets). Groups that touch no held tile cost 3 (a set) or 2 (the pair) wherever they go, and
//! a hand of at most 14 tiles leaves at least 20 empty kinds for them, so they fill whatever the
//! suits leave. Four-copy limits are exact: a group never needs a fifth copy of a kind, so
//! `1z 1z 1z 1z` is 1-shanten, not tenpai.
//!
//! The search runs in "gains" form: a suit's cost of `s` sets and `p` pairs is `3s + 2p` minus the
//! held tiles its groups use, so the shanten number of a hand needing `n` sets is `3n + 1` minus
//! the most tiles all suits' groups use together (gains tables, combined by (max, +)
//! convolution). Numbered suits get their gains from the built-in classifier generated from the
//! dynamic program ([`tables`](super::tables)), or from the program itself without the
//! `shanten-table` feature; honors from a closed formula. The working memory is a few dozen
//! bytes of stack.

use super::error::Error;
use super::gains::Gains;
use super::hand::{Hand, Size};
#[cfg(feature = "shanten-table")]
use super::rules::ORPHAN_MASK;
#[cfg(any(test, not(feature = "shanten-table")))]
use super::rules::honor_counts;
use super::rules::{Form, suit_counts};
#[cfg(any(test, not(feature = "shanten-table")))]
use super::suit_program::honor_gains_of;
#[cfg(any(test, not(feature = "shanten-table")))]
use super::tables::suit_gains;
#[cfg(feature = "shanten-table")]
use super::tables::{
    draws_exceeding, exceeds, honor_class, honor_class_gains, pair_gains, suit_class, suit_honor_gains, suit_walk,
    threshold_lane,
};
use super::tile::{KINDS, Tile};

#[cfg(any(test, not(feature = "shanten-table")))]
mod discards;
#[cfg(not(feature = "shanten-table"))]
pub(crate) use discards::discard_rates;

#[cfg(any(test, not(feature = "shanten-table")))]
/// The gains of the honors (`h`: the seven honor counts, then two zeros). Each held kind hosts at
/// most one group (a triplet and a pair would need five copies), worth `min(count, 3)` tiles as a
/// set and `min(count, 2)` as the pair; so the gains depend only on how many kinds are held at
/// least once, twice and three times ([`honor_gains_of`]).
fn honor_gains(h: &[u8; 9]) -> Gains {
    // At most nine kinds: the count fits a byte.
    let at_least = |k: u8| h.iter().filter(|&&count| count >= k).count() as u8;
    honor_gains_of(at_least(1), at_least(2), at_least(3))
}

/// The lanes term `shift` of [`combine`] may write: for `shift = k` (a set count taken from the
/// first table without its pair) both rows from `k` sets on; for `shift = 8 + k` (the first
/// table's pair row) the pair row from `k` sets on; none for `k` ≥ 5 (lanes that are never set).
const fn term_mask(shift: u32) -> Gains {
    /// Lanes 0–4 of a row.
    const ROW: u64 = 0xff_ffff_ffff;
    let k = shift & 7;
    // `k` < 5 here, so the shift is at most 32: no wrap.
    let bits = k.wrapping_mul(8);
    let row = if k < 5 {
        ROW.wrapping_shr(bits).wrapping_shl(bits)
    } else {
        0
    };
    let pair_row = (row as u128).wrapping_shl(64);
    let both = if shift < 8 { pair_row | row as u128 } else { pair_row };
    both.to_le_bytes()
}

/// [`term_mask`] of every shift (lane of the first table).
const TERM_MASKS: [Gains; 16] = [
    term_mask(0),
    term_mask(1),
    term_mask(2),
    term_mask(3),
    term_mask(4),
    term_mask(5),
    term_mask(6),
    term_mask(7),
    term_mask(8),
    term_mask(9),
    term_mask(10),
    term_mask(11),
    term_mask(12),
    term_mask(13),
    term_mask(14),
    term_mask(15),
];

/// One term of [`combine`]: `out = max(out, (b shifted up by shift lanes) + add)` on the lanes
/// of `mask` (`TERM_MASKS[shift]`): sixteen fixed lanes, no branches.
#[inline(always)]
fn term(out: &mut Gains, b: &Gains, shift: usize, mask: &Gains, add: u8) {
    let mut shifted = [0u8; 16];
    for (to, &from) in shifted.iter_mut().skip(shift).zip(b) {
        *to = from;
    }
    for ((slot, value), mask) in out.iter_mut().zip(shifted).zip(mask) {
        // Lanes are at most 14: the sum fits a byte (and is masked where it does not count).
        *slot = (*slot).max(value.wrapping_add(add) & mask);
    }
}

/// (max, +) convolution of two gains tables: sets add up, at most one pair in all. Every entry of
/// `a` (lanes 0–4 and 8–12) adds to `b` shifted by its lane. Entries are at most 14, so sums fit
/// a byte. With the `shanten-table` feature (speed) the ten terms are written out, so each shift
/// is a constant, and inlined into the tile acceptance (its four calls are a tenth of it);
/// without it (small builds) they run as a loop, about 800 bytes less code.
#[cfg_attr(feature = "shanten-table", inline(always))]
fn combine(a: &Gains, b: &Gains) -> Gains {
    let mut out = [0u8; 16];
    #[cfg(feature = "shanten-table")]
    {
        term(&mut out, b, 0, &TERM_MASKS[0], a[0]);
        term(&mut out, b, 1, &TERM_MASKS[1], a[1]);
        term(&mut out, b, 2, &TERM_MASKS[2], a[2]);
        term(&mut out, b, 3, &TERM_MASKS[3], a[3]);
        term(&mut out, b, 4, &TERM_MASKS[4], a[4]);
        term(&mut out, b, 8, &TERM_MASKS[8], a[8]);
        term(&mut out, b, 9, &TERM_MASKS[9], a[9]);
        term(&mut out, b, 10, &TERM_MASKS[10], a[10]);
        term(&mut out, b, 11, &TERM_MASKS[11], a[11]);
        term(&mut out, b, 12, &TERM_MASKS[12], a[12]);
    }
    #[cfg(not(feature = "shanten-table"))]
    for (shift, (&add, mask)) in a.iter().zip(&TERM_MASKS).enumerate() {
        if shift & 7 < 5 {
            term(&mut out, b, shift, mask, add);
        }
    }
    out
}

#[cfg(any(test, not(feature = "shanten-table")))]
/// The four gains tables of a hand (m, p, s, honors).
fn hand_gains(counts: &[u8; KINDS]) -> [Gains; 4] {
    [
        suit_gains(&suit_counts(counts, 0)),
        suit_gains(&suit_counts(counts, 1)),
        suit_gains(&suit_counts(counts, 2)),
        honor_gains(&honor_counts(counts)),
    ]
}

#[cfg(any(test, not(feature = "shanten-table")))]
/// The suits' gains combined in two halves, `[m ⊗ p, s ⊗ honors]`: a drawn tile changes one.
fn halves(gains: &[Gains; 4]) -> [Gains; 2] {
    let [m, p, s, z] = gains;
    [combine(m, p), combine(s, z)]
}

/// The two rows of a gains table (no pair, pair), lanes 0–7 and 8–15.
#[cfg(feature = "shanten-table")]
fn rows(g: &Gains) -> ([u8; 8], [u8; 8]) {
    let [a0, a1, a2, a3, a4, a5, a6, a7, b0, b1, b2, b3, b4, b5, b6, b7] = *g;
    ([a0, a1, a2, a3, a4, a5, a6, a7], [b0, b1, b2, b3, b4, b5, b6, b7])
}

/// `3 × sets + 1 − used`: the regular shanten of a hand needing `sets` sets whose groups use
/// `used` held tiles. `sets` is at most 4 and `used` at most 28 (two halves' lanes), so the
/// result is in −27..=13 and no op wraps.
fn regular_shanten(sets: usize, used: u8) -> i8 {
    let sets = sets.min(4) as i8;
    sets.wrapping_mul(3).wrapping_add(1).wrapping_sub(used as i8)
}

/// Seven-pairs shanten from the kinds held at least twice (`pairs`) and at least once
/// (`kinds`): `6 − pairs + max(0, 7 − kinds)`. Both are at most 34, so the result is in
/// −28..=13 and no op wraps.
fn seven_pairs_from(pairs: u8, kinds: u8) -> i8 {
    let missing = 7u8.saturating_sub(kinds); // the max(0, ·): a genuine floor, not a fallback
    6i8.wrapping_sub(pairs as i8).wrapping_add(missing as i8)
}

/// Thirteen-orphans shanten from the orphan kinds held (`kinds`, at most 13) and whether one is
/// held twice: `13 − kinds − [pair]`, in −1..=13 (no op wraps).
fn thirteen_orphans_from(kinds: u8, pair: bool) -> i8 {
    13i8.wrapping_sub(kinds as i8).wrapping_sub(i8::from(pair))
}

#[cfg(any(test, not(feature = "shanten-table")))]
/// Regular shanten from the two halves, for a hand needing `sets` sets: `3 × sets + 1` minus the
/// most tiles the groups use (the pair on either side).
fn regular_from(halves: &[Gains; 2], sets: usize) -> i8 {
    let [left, right] = halves;
    let sets = sets.min(4);
    // `k` sets on the left against `sets − k` on the right, the pair on either side (lane
    // `8 + n` is `n` sets and the pair); lanes are at most 14, so the sums fit a byte.
    let lane = |g: &Gains, n: usize| g.get(n).copied().unwrap_or(0);
    let mut used = 0u8;
    for k in 0..=sets {
        let rest = sets.wrapping_sub(k); // k ≤ sets
        let pair_right = lane(left, k).wrapping_add(lane(right, rest.wrapping_add(8)));
        let pair_left = lane(left, k.wrapping_add(8)).wrapping_add(lane(right, rest));
        used = used.max(pair_right).max(pair_left);
    }
    regular_shanten(sets, used)
}

#[cfg(any(test, not(feature = "shanten-table")))]
/// Seven-pairs shanten: `6 − pairs + max(0, 7 − kinds)`, pairs counted as kinds held at least
/// twice (four of a kind is one pair).
fn seven_pairs_counts(counts: &[u8; KINDS]) -> i8 {
    // At most 34 kinds: the counts fit a byte.
    let at_least = |k: u8| counts.iter().filter(|&&c| c >= k).count() as u8;
    seven_pairs_from(at_least(2), at_least(1))
}

#[cfg(any(test, not(feature = "shanten-table")))]
fn thirteen_orphans_counts(counts: &[u8; KINDS]) -> i8 {
    let orphans = || {
        Tile::all()
            .zip(counts)
            .filter(|(tile, _)| tile.is_orphan())
            .map(|(_, &c)| c)
    };
    // At most 13 orphan kinds: the count fits a byte.
    let kinds = orphans().filter(|&c| c > 0).count() as u8;
    thirteen_orphans_from(kinds, orphans().any(|c| c >= 2))
}

#[cfg(any(test, not(feature = "shanten-table")))]
/// The shanten of `counts` (a hand of `len` tiles, size already checked) for `form` (`None` =
/// the minimum over the forms that apply to the size).
fn shanten_counts(counts: &[u8; KINDS], len: usize, halves: &[Gains; 2], form: Option<Form>) -> i8 {
    let full = len == 13 || len == 14;
    match form {
        Some(Form::Regular) => regular_from(halves, len / 3),
        Some(Form::SevenPairs) => seven_pairs_counts(counts),
        Some(Form::ThirteenOrphans) => thirteen_orphans_counts(counts),
        None => {
            let regular = regular_from(halves, len / 3);
            if full {
                regular
                    .min(seven_pairs_counts(counts))
                    .min(thirteen_orphans_counts(counts))
            } else {
                regular
            }
        }
    }
}

pub(crate) fn check_size_for(hand: &Hand, form: Option<Form>) -> Result<(), Error> {
    match form {
        Some(Form::SevenPairs | Form::ThirteenOrphans) => hand.expect_size(Size::Full),
        _ => hand.expect_size(Size::Either),
    }
}

/// The shanten number of a hand of `3n+1` or `3n+2` tiles: how many tiles it is from tenpai
/// (0 = tenpai, -1 = complete). `form` selects one shape — [`Form::Regular`] (sets + pair),
/// [`Form::SevenPairs`] (seven distinct kinds: four of a kind is not two pairs) or
/// [`Form::ThirteenOrphans`] — and `None` takes the minimum over the shapes that apply (seven
/// pairs and thirteen orphans only for 13 and 14 tiles).
///
/// Exact: a wait on a fifth copy does not count, so `1z 1z 1z 1z` and
/// `1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 1p 1p` are 1-shanten.
///
/// Errors: [`Error::WrongSize`] for 0, 3, 6, 9 or 12 tiles, or when seven pairs or thirteen
/// orphans is asked of a hand that is not 13 or 14 tiles; [`Error::Internal`] only for a broken
/// invariant (a lookup past a built-in table), never for a hand.
///
/// ```
/// use parlor_core::mahjong::{Form, Hand, shanten};
/// let hand: Hand = "2m 3m 1z 1z 1z 1z 2z 2z 2z 2z 3z 3z 3z".parse().unwrap();
/// assert_eq!(shanten(&hand, Some(Form::Regular)), Ok(2));
/// let pairs: Hand = "2255m55p66677888s".parse().unwrap();
/// assert_eq!(shanten(&pairs, Some(Form::SevenPairs)), Ok(1));
/// ```
pub fn shanten(hand: &Hand, form: Option<Form>) -> Result<i8, Error> {
    check_size_for(hand, form)?;
    let counts = hand.counts();
    #[cfg(feature = "shanten-table")]
    return shanten_by_census(counts, hand.len(), form);
    #[cfg(not(feature = "shanten-table"))]
    let halves = match form {
        None | Some(Form::Regular) => halves(&hand_gains(counts)),
        _ => [[0; 16]; 2],
    };
    #[cfg(not(feature = "shanten-table"))]
    Ok(shanten_counts(counts, hand.len(), &halves, form))
}

/// Kinds of a hand held at least once, twice and three times, as flag words: kind `8w + b` is
/// bit 7 of byte `b` of word `w` (counts are at most 4, so adding `0x80 − k` to each byte sets
/// its top bit exactly when the count is at least `k`, with no carry between bytes). The
/// honors' gains, seven pairs and thirteen orphans need only how many kinds of a set are
/// flagged: a masked sum of the words and one multiplication.
#[cfg(feature = "shanten-table")]
struct Census {
    once: [u64; 5],
    twice: [u64; 5],
    thrice: [u64; 5],
}

/// Every kind as a bitmask (bit = [`Tile::index`]).
#[cfg(feature = "shanten-table")]
const ALL_KINDS: u64 = (1 << KINDS) - 1;

/// The flag words (as in [`Census`]) of the kinds set in `kinds` (bit = [`Tile::index`]).
#[cfg(feature = "shanten-table")]
const fn flags_of(kinds: u64) -> [u64; 5] {
    let mut words = [0u64; 5];
    let mut slots: &mut [u64] = &mut words;
    let mut rest = kinds;
    while let [word, more @ ..] = slots {
        let mut byte = 0u32;
        while byte < 8 {
            if rest & 1 != 0 {
                // `byte` < 8: the shift is at most 56 and the product does not wrap.
                *word |= 0x80u64.wrapping_shl(byte.wrapping_mul(8));
            }
            rest >>= 1;
            byte = byte.wrapping_add(1); // below 8 in the loop
        }
        slots = more;
    }
    words
}

#[cfg(feature = "shanten-table")]
impl Census {
    const TOP: u64 = 0x8080_8080_8080_8080;
    /// Every kind.
    const ALL: [u64; 5] = flags_of(ALL_KINDS);
    /// The honors, 1z–7z.
    const HONORS: [u64; 5] = flags_of(ALL_KINDS & !((1 << 27) - 1));
    /// The thirteen orphans.
    const ORPHAN_KINDS: [u64; 5] = flags_of(ORPHAN_MASK);

    fn of(counts: &[u8; KINDS]) -> Census {
        let mut census = Census {
            once: [0; 5],
            twice: [0; 5],
            thrice: [0; 5],
        };
        let words = census
            .once
            .iter_mut()
            .zip(census.twice.iter_mut())
            .zip(census.thrice.iter_mut());
        // Four whole words and the last two kinds padded (`as_chunks`, not `chunks`: no panic
        // path in the library image).
        let (full, tail) = counts.as_chunks::<8>();
        let mut last = [0u8; 8];
        for (to, &from) in last.iter_mut().zip(tail) {
            *to = from;
        }
        for (bytes, ((once, twice), thrice)) in full.iter().copied().chain(core::iter::once(last)).zip(words) {
            let word = u64::from_le_bytes(bytes);
            // Counts are at most 4: adding 0x80 − k to each byte neither carries into the next
            // byte nor wraps the word.
            *once = word.wrapping_add(0x7f7f_7f7f_7f7f_7f7f) & Census::TOP;
            *twice = word.wrapping_add(0x7e7e_7e7e_7e7e_7e7e) & Census::TOP;
            *thrice = word.wrapping_add(0x7d7d_7d7d_7d7d_7d7d) & Census::TOP;
        }
        census
    }

    /// How many kinds of `set` have their flag in `flags`.
    fn kinds(flags: &[u64; 5], set: &[u64; 5]) -> u8 {
        let mut sum = 0u64;
        for (&f, &m) in flags.iter().zip(set) {
            // One bit per byte, five words: every byte of the sum stays at most 5 (no carry,
            // no wrap).
            sum = sum.wrapping_add((f & m) >> 7);
        }
        (sum.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
    }

    /// How many kinds of `set` are held at least once.
    fn once_in(&self, set: &[u64; 5]) -> u8 {
        Census::kinds(&self.once, set)
    }

    /// How many kinds of `set` are held at least twice.
    fn twice_in(&self, set: &[u64; 5]) -> u8 {
        Census::kinds(&self.twice, set)
    }

    /// How many kinds of `set` are held at least three times.
    fn thrice_in(&self, set: &[u64; 5]) -> u8 {
        Census::kinds(&self.thrice, set)
    }

    fn seven_pairs(&self) -> i8 {
        seven_pairs_from(self.twice_in(&Census::ALL), self.once_in(&Census::ALL))
    }

    fn thirteen_orphans(&self) -> i8 {
        let orphans = &Census::ORPHAN_KINDS;
        thirteen_orphans_from(self.once_in(orphans), self.twice_in(orphans) > 0)
    }

    /// The honors' class (see [`honor_class`]).
    fn honor_class(&self) -> Result<u8, Error> {
        let h = &Census::HONORS;
        honor_class(self.once_in(h), self.twice_in(h), self.thrice_in(h))
    }
}

/// The two rows of a gains table as little-endian words (lane `8p + s` is byte `s` of row `p`).
#[cfg(feature = "shanten-table")]
fn row_words(g: &Gains) -> (u64, u64) {
    let (plain, pair) = rows(g);
    (u64::from_le_bytes(plain), u64::from_le_bytes(pair))
}

/// `8 × (7 − sets)` for `sets` ≤ 4 (at most 56 and at least 24: no op wraps): the shift that
/// keeps a byte-swapped row's first `sets + 1` lanes, reversed.
#[cfg(feature = "shanten-table")]
fn reversal_shift(sets: u32) -> u32 {
    7u32.wrapping_sub(sets.min(4)).wrapping_mul(8)
}

/// The most tiles the groups of a hand needing `sets` sets use, from the two halves: the
/// largest lane of `left[p][k] + right[1 − p][sets − k]`, with each row of `right` reversed over
/// its first `sets + 1` lanes (a byte swap and a shift) and added to `left` eight lanes at once.
#[cfg(feature = "shanten-table")]
fn most_used(left: &Gains, right: &Gains, sets: usize) -> u8 {
    const TOP: u64 = 0x8080_8080_8080_8080;
    // Lanes hold at most 28, below 128: `(x | TOP) - y` keeps each byte's top bit iff x >= y,
    // and borrows from no other byte; `ge - (ge >> 7)` turns each 0x80 byte into 0x7f, byte by
    // byte. Neither wraps the word.
    let max = |x: u64, y: u64| {
        let ge = (x | TOP).wrapping_sub(y) & TOP;
        let keep_x = ge | ge.wrapping_sub(ge >> 7);
        (x & keep_x) | (y & !keep_x)
    };
    let shift = reversal_shift(sets.min(4) as u32);
    let reversed = |row: u64| row.swap_bytes().wrapping_shr(shift);
    let lanes = u64::MAX.wrapping_shr(shift);
    let ((left_plain, left_pair), (right_plain, right_pair)) = (row_words(left), row_words(right));
    // Lanes of at most 14 each: the sums stay below 128 per byte (no carry).
    let pair_left = left_pair.wrapping_add(reversed(right_plain));
    let pair_right = left_plain.wrapping_add(reversed(right_pair));
    let mut best = max(pair_left, pair_right) & lanes;
    best = max(best, best >> 32);
    best = max(best, best >> 16);
    best = max(best, best >> 8);
    best as u8
}

/// [`shanten`] with the built-in classifier, for a hand of `len` tiles whose size suits `form`.
/// [`Error::Internal`] only for a lookup past a built-in table (a broken invariant).
#[cfg(feature = "shanten-table")]
fn shanten_by_census(counts: &[u8; KINDS], len: usize, form: Option<Form>) -> Result<i8, Error> {
    let census = Census::of(counts);
    let full = len == 13 || len == 14;
    let regular = || -> Result<i8, Error> {
        let sets = (len / 3).min(4);
        let left = pair_gains(
            suit_class(&suit_counts(counts, 0))?,
            suit_class(&suit_counts(counts, 1))?,
        )?;
        let right = suit_honor_gains(suit_class(&suit_counts(counts, 2))?, census.honor_class()?)?;
        Ok(regular_shanten(sets, most_used(&left, &right, sets)))
    };
    Ok(match form {
        Some(Form::Regular) => regular()?,
        Some(Form::SevenPairs) => census.seven_pairs(),
        Some(Form::ThirteenOrphans) => census.thirteen_orphans(),
        None if full => regular()?.min(census.seven_pairs()).min(census.thirteen_orphans()),
        None => regular()?,
    })
}

/// Tile acceptance of a hand: the kinds whose draw lowers the shanten, and how many copies of
/// each are unseen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ukeire {
    /// The hand's shanten number for the chosen form.
    pub shanten: i8,
    /// Bit `i` set: drawing [`Tile`] index `i` lowers the shanten.
    pub accepted: u64,
    /// For accepted kinds, the copies neither in the hand nor visible (0–4; 0 when all are
    /// visible); 0 for the other kinds.
    pub remaining: [u8; KINDS],
    /// The sum of `remaining`.
    pub total: u8,
}

/// Tile acceptance (ukeire) of a hand of `3n+1` tiles for `form` (`None` = minimum shanten, as
/// [`shanten`]): every kind the hand holds fewer than four of whose draw lowers the shanten,
/// with the copies unseen given the hand and `visible` (counts of tiles seen elsewhere: discards,
/// melds, dora indicators; `None` = none).
///
/// Errors: [`Error::WrongSize`] unless the hand has 3n+1 tiles (13 for seven pairs or thirteen
/// orphans); [`Error::FifthCopy`] when the hand and `visible` together hold five of a kind.
///
/// ```
/// use parlor_core::mahjong::{Hand, ukeire, wait_tiles};
/// let hand: Hand = "1m 1m 1m 4s 4s 4s 7p 7p 7p 3m 3m 3m 9s".parse().unwrap();
/// let acceptance = ukeire(&hand, None, None).unwrap();
/// assert_eq!(acceptance.shanten, 0);
/// assert_eq!(wait_tiles(acceptance.accepted).map(|t| t.to_string()).collect::<Vec<_>>(), ["9s"]);
/// assert_eq!(acceptance.total, 3);
/// ```
pub fn ukeire(hand: &Hand, visible: Option<&[u8; KINDS]>, form: Option<Form>) -> Result<Ukeire, Error> {
    if let Some(Form::SevenPairs | Form::ThirteenOrphans) = form {
        hand.expect_size(Size::Full)?;
    }
    hand.expect_size(Size::Waiting)?;
    let counts = hand.counts();
    let none = [0u8; KINDS];
    let seen = visible.unwrap_or(&none); // the documented `None`: no tile seen elsewhere
    if visible.is_some() {
        for (tile, (&held, &shown)) in Tile::all().zip(counts.iter().zip(seen.iter())) {
            if held.saturating_add(shown) > 4 {
                return Err(Error::FifthCopy {
                    tile,
                    span: crate::notation::Span::default(),
                });
            }
        }
    }
    #[cfg(feature = "shanten-table")]
    let (before, accepted) = accepted_kinds(counts, hand.len(), form)?;
    #[cfg(not(feature = "shanten-table"))]
    let (before, accepted) = accepted_by_redrawing(counts, hand.len(), form)?;
    let mut result = Ukeire {
        shanten: before,
        accepted,
        remaining: [0; KINDS],
        total: 0,
    };
    let mut bits = accepted;
    while bits != 0 {
        let index = bits.trailing_zeros() as usize;
        bits &= bits.wrapping_sub(1); // clears the lowest set bit (`bits` ≠ 0: no wrap)
        // `accepted` holds only bits of kinds (below KINDS), so every lookup finds its kind.
        let (Some(&held), Some(&shown), Some(slot)) =
            (counts.get(index), seen.get(index), result.remaining.get_mut(index))
        else {
            debug_assert!(false, "ukeire: an accepted bit past the 34 kinds");
            return Err(Error::Internal);
        };
        // The hand and `visible` hold at most 4 together (checked above), so neither saturates;
        // the total is at most 34 × 4.
        *slot = 4u8.saturating_sub(held).saturating_sub(shown);
        result.total = result.total.saturating_add(*slot);
    }
    Ok(result)
}

/// Bitmasks over the 34 kinds (bit = [`Tile::index`]): the kinds held no time and held once.
#[cfg(feature = "shanten-table")]
fn empty_and_single(counts: &[u8; KINDS]) -> (u64, u64) {
    let (mut empty, mut single) = (0u64, 0u64);
    for (index, &count) in counts.iter().enumerate() {
        empty |= u64::from(count == 0) << index;
        single |= u64::from(count == 1) << index;
    }
    (empty, single)
}

/// The [`Threshold`](super::tables::Threshold) a suit's gains must pass in some lane for a
/// draw into it to bring the tiles all groups use above `target`, given `rest`, the other
/// suits' gains combined, for a hand needing `sets` (≤ 4) sets: lane (pair `p`, `k` sets) may
/// hold at most `target − rest[1 − p][sets − k]`. A row of `rest` reversed over its first
/// `sets + 1` lanes is a byte swap and a shift; lanes above `sets` stay 0 (never counted).
#[cfg(feature = "shanten-table")]
fn draw_threshold(rest: &Gains, target: u8, sets: usize) -> u128 {
    let sets = sets.min(4) as u32;
    let (plain, pair) = row_words(rest);
    let shift = reversal_shift(sets);
    let reversed = |row: u64| row.swap_bytes().wrapping_shr(shift);
    // Lane value 127 − (target − r) = r + (127 − target); r ≤ target ≤ 13, so no lane carries.
    // The first `sets + 1` lanes get it: a shift of 8 × (4 − sets) ≤ 32 (no wrap), and a lane
    // value of at most 127 times bytes of 1 carries nowhere.
    let ones = 0x01_0101_0101u64.wrapping_shr(4u32.wrapping_sub(sets).wrapping_mul(8));
    let base = u64::from(threshold_lane(target)).wrapping_mul(ones);
    let no_pair = reversed(pair).wrapping_add(base);
    let pair = reversed(plain).wrapping_add(base);
    u128::from(no_pair) | u128::from(pair) << 64
}

/// The shanten of a hand of `len = 3n+1` tiles for `form` and the kinds whose draw lowers it,
/// without recomputing the hand per kind.
///
/// Seven pairs and thirteen orphans have closed forms: a draw changes one count. For the regular
/// form the shanten drops when the most tiles the groups use, `max` over lanes `l` of a suit's
/// gains `G[l]` plus the other suits' combined gains `R[l̄]` (`l̄`: the rest of the sets and the
/// pair), exceeds `3n + 1 − target shanten`. A draw changes only its suit's `G`, so each suit
/// gets a threshold per lane (`3n + 1 − target − R[l̄]`), and a drawn tile is accepted when its
/// suit's new gains pass it in some lane: per numbered suit, the automaton walks resumed at each
/// number ([`draws_exceeding`]); for the honors, three candidate gains (a kind held 0, 1 or 2
/// times gained a copy; a fourth copy adds nothing).
#[cfg(feature = "shanten-table")]
fn accepted_kinds(counts: &[u8; KINDS], len: usize, form: Option<Form>) -> Result<(i8, u64), Error> {
    let full = len == 13;
    let sets = (len / 3).min(4);
    let regular_needed = matches!(form, None | Some(Form::Regular));
    let pairs_needed = full && matches!(form, None | Some(Form::SevenPairs));
    let orphans_needed = full && matches!(form, None | Some(Form::ThirteenOrphans));
    let suits = [suit_counts(counts, 0), suit_counts(counts, 1), suit_counts(counts, 2)];
    let walks = [suit_walk(&suits[0])?, suit_walk(&suits[1])?, suit_walk(&suits[2])?];
    let census = Census::of(counts);
    let honors = &Census::HONORS;
    let (ge1, ge2, ge3) = (
        census.once_in(honors),
        census.twice_in(honors),
        census.thrice_in(honors),
    );
    let mut honors_by_count = [0u64; 3];
    for (index, &count) in counts.iter().enumerate().skip(27) {
        // Kinds held 3 or 4 times are in no mask: a fourth copy adds nothing, a fifth is none.
        if let Some(mask) = honors_by_count.get_mut(usize::from(count)) {
            *mask |= 1 << index;
        }
    }
    let [m, p, s] = [&walks[0].gains, &walks[1].gains, &walks[2].gains];
    let z_class = honor_class(ge1, ge2, ge3)?;
    let z = honor_class_gains(z_class)?;
    let (mp, sz) = (
        pair_gains(walks[0].class, walks[1].class)?,
        suit_honor_gains(walks[2].class, z_class)?,
    );
    let regular = regular_shanten(sets, most_used(&mp, &sz, sets));
    let seven_pairs = census.seven_pairs();
    let orphans = census.thirteen_orphans();
    let mut before = i8::MAX;
    for (needed, value) in [
        (regular_needed, regular),
        (pairs_needed, seven_pairs),
        (orphans_needed, orphans),
    ] {
        if needed {
            before = before.min(value);
        }
    }
    let mut accepted = 0u64;
    let pairs_count = pairs_needed && seven_pairs == before;
    let orphans_count = orphans_needed && orphans == before;
    let (empty, single) = if pairs_count || orphans_count {
        empty_and_single(counts)
    } else {
        (0, 0)
    };
    if pairs_count {
        // A single becomes a pair; a new kind counts while fewer than seven are held.
        let kinds = (!empty & ALL_KINDS).count_ones();
        accepted |= single | if kinds < 7 { empty } else { 0 };
    }
    if orphans_count {
        let pair = census.twice_in(&Census::ORPHAN_KINDS) > 0;
        accepted |= ORPHAN_MASK & (empty | if pair { 0 } else { single });
    }
    if regular_needed {
        // Used tiles above `target` lower the shanten below `before` (regular >= before, so
        // target >= the tiles the groups use now). `3 × sets + 1` ≤ 13 minus `before` (−1 to
        // i8::MAX) is in −114..=14: no wrap.
        let target = regular_shanten(sets, 0).wrapping_sub(before).max(0) as u8;
        let threshold = |rest: &Gains| draw_threshold(rest, target, sets);
        let rests = [combine(p, &sz), combine(m, &sz), combine(&mp, &z)];
        for ((walk, rest), (suit, shift)) in walks.iter().zip(&rests).zip(suits.iter().zip([0u32, 9, 18])) {
            let found = draws_exceeding(suit, walk, threshold(rest))?;
            accepted |= u64::from(found).wrapping_shl(shift); // a suit's first kind: below 64
        }
        let honor_threshold = threshold(&combine(&mp, s));
        // A candidate counts only when some honor is held that many times (`kinds` ≠ 0), so
        // the count it raises is below 7: no `+ 1` wraps.
        let drawn = [
            (ge1.wrapping_add(1), ge2, ge3),
            (ge1, ge2.wrapping_add(1), ge3),
            (ge1, ge2, ge3.wrapping_add(1)),
        ];
        for (&(a, b, c), &kinds) in drawn.iter().zip(&honors_by_count) {
            if kinds != 0 && exceeds(&honor_class_gains(honor_class(a, b, c)?)?, honor_threshold) {
                accepted |= kinds;
            }
        }
    }
    Ok((before, accepted))
}

/// The shanten of a hand of `3n+1` tiles for `form` and the kinds whose draw lowers it, by
/// recomputing the shanten with each kind drawn (only the drawn tile's half of the suits
/// changes). The table-free build's method; with the table, the reference of the unit tests.
#[cfg(any(test, not(feature = "shanten-table")))]
fn accepted_by_redrawing(counts: &[u8; KINDS], len: usize, form: Option<Form>) -> Result<(i8, u64), Error> {
    let regular_needed = matches!(form, None | Some(Form::Regular));
    let base_gains = if regular_needed {
        hand_gains(counts)
    } else {
        [[0; 16]; 4]
    };
    let base_halves = if regular_needed {
        halves(&base_gains)
    } else {
        [[0; 16]; 2]
    };
    let before = shanten_counts(counts, len, &base_halves, form);
    let mut accepted = 0u64;
    for (tile, &held) in Tile::all().zip(counts) {
        if held >= 4 {
            continue;
        }
        let index = tile.index();
        let mut with = *counts;
        let Some(slot) = with.get_mut(index) else {
            debug_assert!(false, "a Tile's index is below KINDS");
            return Err(Error::Internal);
        };
        *slot = held.wrapping_add(1); // held < 4
        let mut drawn_halves = base_halves;
        if regular_needed {
            // Only the drawn tile's suit changes: its gains anew, the halves combined again (one
            // call for every suit: less code than a combination per suit; the suit's search
            // costs far more than the second combination).
            let mut gains = base_gains;
            let suit = index / 9; // 0..=3: m, p, s, honors
            if let Some(slot) = gains.get_mut(suit) {
                *slot = if suit == 3 {
                    honor_gains(&honor_counts(&with))
                } else {
                    suit_gains(&suit_counts(&with, suit))
                };
            }
            drawn_halves = halves(&gains);
        }
        // `len` ≤ 13 (a waiting hand): no wrap.
        if shanten_counts(&with, len.wrapping_add(1), &drawn_halves, form) < before {
            accepted |= 1 << index;
        }
    }
    Ok((before, accepted))
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    extern crate std;
    use super::*;
    use crate::mahjong::gains::lane;

    /// `honor_gains` against every way of giving each honor kind a set, the pair or nothing, for
    /// every multiset of seven honor counts (the order of kinds does not matter).
    #[test]
    fn honor_gains_match_brute_force() {
        let mut checked = 0;
        for code in 0..5u32.pow(7) {
            let mut h = [0u8; 9];
            let mut rest = code;
            for c in h.iter_mut().take(7) {
                *c = (rest % 5) as u8;
                rest /= 5;
            }
            if h.windows(2).take(6).any(|w| w[0] < w[1]) {
                continue; // one sorted representative per multiset
            }
            let mut expected = [0u8; 16];
            for choice in 0..3u32.pow(7) {
                let (mut sets, mut pairs, mut used, mut pick) = (0usize, 0usize, 0u8, choice);
                for &c in h.iter().take(7) {
                    match pick % 3 {
                        1 => (sets, used) = (sets + 1, used + c.min(3)),
                        2 => (pairs, used) = (pairs + 1, used + c.min(2)),
                        _ => {}
                    }
                    pick /= 3;
                }
                for pair in pairs..2 {
                    for gain in expected
                        .iter_mut()
                        .skip(lane(pair, sets))
                        .take(5usize.saturating_sub(sets))
                    {
                        *gain = (*gain).max(used);
                    }
                }
            }
            assert_eq!(honor_gains(&h), expected, "{h:?}");
            checked += 1;
        }
        assert_eq!(checked, 330);
    }

    /// Random `3n+1`-tile hands: dealt from a whole wall, or from a few kinds only (many
    /// triplets and quads), or honor-heavy.
    fn random_waiting_hands(count: usize, mut seed: u64) -> std::vec::Vec<[u8; KINDS]> {
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut hands = std::vec::Vec::with_capacity(count);
        while hands.len() < count {
            let len = 1 + 3 * (next() % 5) as usize;
            let style = next() % 3;
            let kinds: std::vec::Vec<usize> = match style {
                0 => (0..KINDS).collect(),
                1 => (0..2 + next() % 7).map(|_| (next() % KINDS as u64) as usize).collect(),
                _ => (0..6).map(|_| (next() % 34) as usize).chain(27..34).collect(),
            };
            let mut counts = [0u8; KINDS];
            let mut placed = 0;
            let mut tries = 0;
            while placed < len && tries < 1000 {
                tries += 1;
                let kind = kinds[(next() % kinds.len() as u64) as usize];
                if counts[kind] < 4 {
                    counts[kind] += 1;
                    placed += 1;
                }
            }
            if placed == len {
                hands.push(counts);
            }
        }
        hands
    }

    /// The packed join and partner (`suit_program::join`, `Partner::used`: the table-free discard
    /// rates' form) equal the byte-lane `combine` and `regular_from` on the gains of the halves
    /// of 3,000 random hands, for every set count.
    #[test]
    fn packed_join_matches_combine() {
        use crate::mahjong::suit_program::{Partner, join, pack_gains};
        let mut checked = 0usize;
        for counts in random_waiting_hands(3_000, 0x2f6b_91c3_0d5e_7a41) {
            let [m, p, s, z] = hand_gains(&counts);
            let (mp, sz) = (combine(&m, &p), combine(&s, &z));
            assert_eq!(join(pack_gains(&m), pack_gains(&p)), pack_gains(&mp), "{counts:?}");
            assert_eq!(join(pack_gains(&s), pack_gains(&z)), pack_gains(&sz), "{counts:?}");
            assert_eq!(
                join(pack_gains(&p), pack_gains(&sz)),
                pack_gains(&combine(&p, &sz)),
                "{counts:?}"
            );
            for sets in 0..=4 {
                let by_rows = regular_shanten(sets, Partner::new(pack_gains(&sz), sets).used(pack_gains(&mp)));
                assert_eq!(by_rows, regular_from(&[mp, sz], sets), "{counts:?} {sets}");
                checked += 1;
            }
        }
        assert_eq!(checked, 15_000);
    }

    /// The per-suit acceptance gives the same shanten and accepted kinds as drawing each kind
    /// and recomputing, for every form, over 120,000 random hands of every `3n+1` size.
    #[cfg(feature = "shanten-table")]
    #[test]
    fn accepted_kinds_match_redrawing() {
        let mut by_form = [0usize; 4];
        for counts in random_waiting_hands(120_000, 0x51_7cc1_b727_220a) {
            let len: usize = counts.iter().map(|&c| usize::from(c)).sum();
            let forms: &[Option<Form>] = if len == 13 {
                &[
                    None,
                    Some(Form::Regular),
                    Some(Form::SevenPairs),
                    Some(Form::ThirteenOrphans),
                ]
            } else {
                &[None, Some(Form::Regular)]
            };
            for (slot, &form) in by_form.iter_mut().zip(forms) {
                let got = accepted_kinds(&counts, len, form).unwrap();
                assert_eq!(
                    got,
                    accepted_by_redrawing(&counts, len, form).unwrap(),
                    "{counts:?} {form:?}"
                );
                *slot += usize::from(got.1 != 0);
            }
        }
        assert!(by_form.iter().all(|&n| n > 10_000), "{by_form:?}");
    }

    /// Tile acceptance of hands the rules pin: a nine-sided wait, a hand holding four of its
    /// waits, seven pairs one pair short, thirteen orphans waiting on all thirteen.
    #[test]
    fn ukeire_of_known_hands() {
        let names = |u: &Ukeire| {
            let mut out = std::string::String::new();
            for tile in Tile::all().filter(|t| u.accepted >> t.index() & 1 != 0) {
                out.push_str(&std::format!("{tile} "));
            }
            out
        };
        let hand = |text: &str| text.parse::<Hand>().unwrap();
        let nine = ukeire(&hand("1112345678999m"), None, None).unwrap();
        assert_eq!((nine.shanten, nine.total), (0, 23));
        assert_eq!(names(&nine), "1m 2m 3m 4m 5m 6m 7m 8m 9m ");
        let pairs = ukeire(&hand("1122m3355p779s1z2z"), None, Some(Form::SevenPairs)).unwrap();
        assert_eq!((pairs.shanten, names(&pairs).as_str()), (1, "9s 1z 2z "));
        let orphans = ukeire(&hand("19m19p19s1234567z"), None, None).unwrap();
        assert_eq!(
            (orphans.shanten, orphans.accepted.count_ones(), orphans.total),
            (0, 13, 39)
        );
        let quads = ukeire(&hand("1111m2222m3333m4p"), None, None).unwrap();
        assert_eq!(quads.accepted & 0b1111, 0, "no fifth copy is drawn");
    }

    /// The census-based shanten (seven pairs, thirteen orphans and honors from flag words, the
    /// halves joined eight lanes at a time) equals the per-kind loops, on random hands of every
    /// size, for every form.
    #[cfg(feature = "shanten-table")]
    #[test]
    fn census_shanten_matches_the_loops() {
        let mut seed = 0x0bad_5eed_1234_5678u64;
        let mut hands = random_waiting_hands(60_000, 0x3c6e_f372_fe94_f82b);
        // Every 3n+1 hand with a drawn tile gives a 3n+2 hand.
        let grown: std::vec::Vec<[u8; KINDS]> = hands
            .iter()
            .filter_map(|h| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mut h = *h;
                let kind = (seed % KINDS as u64) as usize;
                (h[kind] < 4).then(|| {
                    h[kind] += 1;
                    h
                })
            })
            .collect();
        hands.extend(grown);
        for counts in hands {
            let len: usize = counts.iter().map(|&c| usize::from(c)).sum();
            let halves = halves(&hand_gains(&counts));
            let census = Census::of(&counts);
            assert_eq!(census.seven_pairs(), seven_pairs_counts(&counts), "{counts:?}");
            assert_eq!(
                census.thirteen_orphans(),
                thirteen_orphans_counts(&counts),
                "{counts:?}"
            );
            assert_eq!(
                census.honor_class().and_then(honor_class_gains).unwrap(),
                honor_gains(&honor_counts(&counts)),
                "{counts:?}"
            );
            let sets = len / 3;
            assert_eq!(
                regular_shanten(sets, most_used(&halves[0], &halves[1], sets)),
                regular_from(&halves, sets),
                "{counts:?}"
            );
            let full = len == 13 || len == 14;
            let forms: &[Option<Form>] = if full {
                &[
                    None,
                    Some(Form::Regular),
                    Some(Form::SevenPairs),
                    Some(Form::ThirteenOrphans),
                ]
            } else {
                &[None, Some(Form::Regular)]
            };
            for &form in forms {
                assert_eq!(
                    shanten_by_census(&counts, len, form).unwrap(),
                    shanten_counts(&counts, len, &halves, form),
                    "{counts:?} {form:?}"
                );
            }
        }
    }

    /// Through the public API, in both builds (with and without the table): a kind is accepted
    /// exactly when the hand with it drawn has a lower [`shanten`], and `remaining` / `total`
    /// count the copies neither held nor visible.
    #[test]
    fn ukeire_matches_shanten_of_each_draw() {
        let count = if cfg!(feature = "shanten-table") { 20_000 } else { 2_000 };
        for (n, counts) in random_waiting_hands(count, 0x6a09_e667_f3bc_c908)
            .into_iter()
            .enumerate()
        {
            let hand = Hand::from_counts(&counts).unwrap();
            let mut visible = [0u8; KINDS];
            visible[n % KINDS] = 4 - counts[n % KINDS];
            let forms: &[Option<Form>] = if hand.len() == 13 {
                &[
                    None,
                    Some(Form::Regular),
                    Some(Form::SevenPairs),
                    Some(Form::ThirteenOrphans),
                ]
            } else {
                &[None, Some(Form::Regular)]
            };
            for &form in forms {
                let got = ukeire(&hand, Some(&visible), form).unwrap();
                let before = shanten(&hand, form).unwrap();
                assert_eq!(got.shanten, before);
                let mut total = 0u8;
                for tile in Tile::all() {
                    let mut drawn = hand;
                    let lowers = drawn.add(tile, Default::default()).is_ok() && shanten(&drawn, form).unwrap() < before;
                    assert_eq!(got.accepted >> tile.index() & 1 != 0, lowers, "{hand} {form:?} {tile}");
                    let unseen = if lowers {
                        4 - counts[tile.index()] - visible[tile.index()]
                    } else {
                        0
                    };
                    assert_eq!(got.remaining[tile.index()], unseen);
                    total += unseen;
                }
                assert_eq!(got.total, total);
            }
        }
    }

    /// The table of class pairs gives the convolution of every two suit classes, on all the
    /// suit patterns a random hand holds.
    #[cfg(feature = "shanten-table")]
    #[test]
    fn pair_table_matches_the_convolution() {
        for counts in random_waiting_hands(20_000, 0x9b05_688c_2b3e_6c1f) {
            let [m, p, s] = [0, 1, 2].map(|suit| suit_counts(&counts, suit));
            for (a, b) in [(&m, &p), (&p, &s), (&s, &m), (&m, &m)] {
                assert_eq!(
                    pair_gains(suit_class(a).unwrap(), suit_class(b).unwrap()).unwrap(),
                    combine(&suit_gains(a), &suit_gains(b)),
                    "{a:?} {b:?}"
                );
            }
        }
    }
}
