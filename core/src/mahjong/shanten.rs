//! Shanten and tile acceptance (ukeire), exact for every hand size `3n+1` / `3n+2`
//! (`shared/spec/mahjong.md`, "Beyond the seed").
//!
//! # Method (table-free)
//! The shanten number is `d - 1`, where `d` is the least number of tiles that must be drawn (with
//! as many discarded) to turn the hand into a complete one that holds no kind more than four
//! times. A complete regular hand is, per suit, some sets and maybe the pair, and the number of
//! tiles to draw adds up over suits. So for each suit we compute `cost[pair][sets]`: the fewest
//! tiles to draw so that the suit holds `sets` sets (0–4) and `pair` pairs (0–1), every group
//! touching a held tile of that suit; a dynamic program over the nine numbers whose state is the
//! number of runs started at the two previous numbers (0–2 each: three equal runs are three
//! triplets). Groups that touch no held tile cost 3 (a set) or 2 (the pair) wherever they go, and
//! a hand of at most 14 tiles leaves at least 20 empty kinds for them, so they fill whatever the
//! suits leave. The four cost tables are combined by (min, +) convolution. Four-copy limits are
//! exact: a group never needs a fifth copy of a kind, so `1z 1z 1z 1z` is 1-shanten, not tenpai.
//! No tables are stored; the working memory is a few hundred bytes of stack.

use super::hand::{Error, Hand, Size};
use super::rules::{Form, honor_counts, suit_counts};
use super::tables::built_in_suit;
use super::tile::{KINDS, Tile};

/// Larger than any real cost (at most 14 tiles are drawn).
pub(crate) const INF: u8 = 60;

/// `cost[pair * 8 + sets]`, sets 0–4 (lanes 5–7 and 13–15 unused, kept at `INF`).
pub(crate) type Table = [u8; 16];

pub(crate) const EMPTY: Table = [INF; 16];

/// Lanes a shift by `ds` sets must not fill: sets below `ds` and the unused lanes 5–7, 13–15.
const MASKS: [Table; 5] = {
    let mut masks = [[0u8; 16]; 5];
    let mut ds = 0;
    while ds < 5 {
        let mut i = 0;
        while i < 16 {
            let m = i & 7;
            if m < ds || m >= 5 {
                masks[ds][i] = 0xff;
            }
            i += 1;
        }
        ds += 1;
    }
    masks
};

/// Relaxes `dst[pair + DP][sets + DS]` with `src[pair][sets] + add`. Shift, add, mask and min
/// over 16 fixed lanes, which the compiler turns into a handful of vector instructions.
#[inline(always)]
fn relax<const DS: usize, const DP: usize>(dst: &mut Table, src: &Table, add: u8) {
    let shift = DS + 8 * DP;
    let mut shifted = EMPTY;
    if let (Some(to), Some(from)) = (shifted.get_mut(shift..), src.get(..16usize.saturating_sub(shift))) {
        to.copy_from_slice(from);
    }
    let mask = MASKS.get(DS).copied().unwrap_or([0xff; 16]);
    for ((slot, value), mask) in dst.iter_mut().zip(shifted).zip(mask) {
        *slot = (*slot).min(value.saturating_add(add) | mask);
    }
}

/// [`relax`] with run-time `ds` (0–4) and `dp` (0–1), dispatched to the unrolled variants.
#[inline(always)]
fn relax_dyn(dst: &mut Table, src: &Table, ds: usize, dp: usize, add: u8) {
    match (ds, dp) {
        (0, 0) => relax::<0, 0>(dst, src, add),
        (1, 0) => relax::<1, 0>(dst, src, add),
        (2, 0) => relax::<2, 0>(dst, src, add),
        (3, 0) => relax::<3, 0>(dst, src, add),
        (4, 0) => relax::<4, 0>(dst, src, add),
        (0, 1) => relax::<0, 1>(dst, src, add),
        (1, 1) => relax::<1, 1>(dst, src, add),
        (2, 1) => relax::<2, 1>(dst, src, add),
        (3, 1) => relax::<3, 1>(dst, src, add),
        (4, 1) => relax::<4, 1>(dst, src, add),
        _ => {}
    }
}

/// The cost table of one numbered suit (see the module docs).
pub(crate) fn suit_table(h: &[u8; 9]) -> Table {
    // state[r1][r2]: runs started at the previous number (r1) and the one before (r2).
    let mut state = [[EMPTY; 3]; 3];
    let mut live = [[false; 3]; 3];
    state[0][0][0] = 0;
    live[0][0] = true;
    for i in 0..9usize {
        let held = h.get(i).copied().unwrap_or(0);
        let near = held | h.get(i + 1).copied().unwrap_or(0) | h.get(i + 2).copied().unwrap_or(0);
        // Two equal runs are only worth it over a held pair somewhere in their window: with at
        // most one copy of each held, the second run covers nothing the first could not, and a
        // set of drawn tiles elsewhere costs the same.
        let window = held
            .max(h.get(i + 1).copied().unwrap_or(0))
            .max(h.get(i + 2).copied().unwrap_or(0));
        let max_runs = match (i < 7, near > 0, window >= 2) {
            (true, true, true) => 2,
            (true, true, false) => 1,
            _ => 0,
        };
        let only_start = live == [[true, false, false], [false; 3], [false; 3]];
        if only_start && max_runs == 0 && held == 0 {
            continue; // nothing to do at an empty stretch
        }
        let mut next = [[EMPTY; 3]; 3];
        let mut next_live = [[false; 3]; 3];
        let groups_here = usize::from(held > 0);
        for r1 in 0..3usize {
            for r2 in 0..3usize {
                if !live[r1][r2] {
                    continue;
                }
                let src = state[r1][r2];
                for t in 0..=groups_here {
                    for q in 0..=groups_here {
                        for r0 in 0..=max_runs {
                            let need = r1 + r2 + r0 + 3 * t + 2 * q;
                            if need > 4 {
                                break;
                            }
                            let add = (need as u8).saturating_sub(held);
                            relax_dyn(&mut next[r0][r1], &src, r0 + t, q, add);
                            next_live[r0][r1] = true;
                        }
                    }
                }
            }
        }
        state = next;
        live = next_live;
    }
    state[0][0]
}

/// The cost table of the honors: each held kind hosts at most one group (a triplet and a pair
/// would need five copies).
fn honor_table(h: &[u8; 9]) -> Table {
    let mut table = EMPTY;
    table[0] = 0;
    for &held in h.iter().filter(|&&c| c > 0) {
        let before = table;
        relax::<1, 0>(&mut table, &before, 3u8.saturating_sub(held));
        relax::<0, 1>(&mut table, &before, 2u8.saturating_sub(held));
    }
    table
}

/// (min, +) convolution of two tables (sets add up, at most one pair in all). Entries are at
/// most `INF`, so sums fit a byte; the result is clamped back to `INF`.
fn combine(a: &Table, b: &Table) -> Table {
    let mut out = EMPTY;
    let (a0, a1) = a.split_at(8);
    let (b0, b1) = b.split_at(8);
    let (o0, o1) = out.split_at_mut(8);
    for (ma, (&x0, &x1)) in a0.iter().zip(a1).take(5).enumerate() {
        let sums = o0.iter_mut().zip(o1.iter_mut()).skip(ma);
        for ((o0, o1), (&y0, &y1)) in sums.zip(b0.iter().zip(b1)).take(5 - ma) {
            *o0 = (*o0).min(x0 + y0);
            *o1 = (*o1).min((x0 + y1).min(x1 + y0));
        }
    }
    for lane in &mut out {
        *lane = (*lane).min(INF);
    }
    out
}

/// The four suit tables of a hand (m, p, s, honors).
fn tables(counts: &[u8; KINDS]) -> [Table; 4] {
    tables_by(counts, built_in_suit)
}

/// The four suit tables, numbered suits from `suit` (the dynamic program or a lookup).
fn tables_by(counts: &[u8; KINDS], suit: impl Fn(&[u8; 9]) -> Table) -> [Table; 4] {
    [
        suit(&suit_counts(counts, 0)),
        suit(&suit_counts(counts, 1)),
        suit(&suit_counts(counts, 2)),
        honor_table(&honor_counts(counts)),
    ]
}

/// Shanten of a size-checked hand with numbered-suit tables from `suit`.
pub(crate) fn shanten_with(hand: &Hand, form: Option<Form>, suit: impl Fn(&[u8; 9]) -> Table) -> i8 {
    let counts = hand.counts();
    let tables = match form {
        None | Some(Form::Regular) => tables_by(counts, suit),
        _ => [EMPTY; 4],
    };
    shanten_counts(counts, hand.len(), &tables, form)
}

/// Regular shanten from the suit tables, for a hand needing `sets` sets. Groups made only of
/// drawn tiles (3 per set, 2 for the pair) fill whatever the suits leave.
fn regular_from(tables: &[Table; 4], sets: usize) -> i8 {
    let [m, p, s, z] = tables;
    let (left, right) = (combine(m, p), combine(s, z));
    let sets = sets.min(4);
    // The last convolution only for the lanes the hand needs, fresh groups added.
    let mut best = INF;
    let (l0, l1) = left.split_at(8);
    let (r0, r1) = right.split_at(8);
    for (ml, (&x0, &x1)) in l0.iter().zip(l1).take(sets + 1).enumerate() {
        for (mr, (&y0, &y1)) in r0.iter().zip(r1).take(sets + 1 - ml).enumerate() {
            let fresh = (3 * (sets - ml - mr)) as u8;
            let with_pair = (x0 + y1).min(x1 + y0);
            best = best.min(with_pair + fresh).min(x0 + y0 + fresh + 2);
        }
    }
    best as i8 - 1
}

fn seven_pairs_counts(counts: &[u8; KINDS]) -> i8 {
    let (mut pairs, mut kinds) = (0i8, 0i8);
    for &c in counts {
        pairs += i8::from(c >= 2);
        kinds += i8::from(c >= 1);
    }
    6 - pairs + (7 - kinds).max(0)
}

/// Indices of the thirteen terminals and honors (1 and 9 of each suit, 1z–7z).
const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

fn thirteen_orphans_counts(counts: &[u8; KINDS]) -> i8 {
    let (mut kinds, mut pair) = (0i8, false);
    for &i in &ORPHANS {
        let c = counts.get(i).copied().unwrap_or(0);
        kinds += i8::from(c > 0);
        pair |= c >= 2;
    }
    13 - kinds - i8::from(pair)
}

/// The shanten of `counts` (a hand of `len` tiles, size already checked) for `form` (`None` =
/// the minimum over the forms that apply to the size).
fn shanten_counts(counts: &[u8; KINDS], len: usize, tables: &[Table; 4], form: Option<Form>) -> i8 {
    let full = len == 13 || len == 14;
    match form {
        Some(Form::Regular) => regular_from(tables, len / 3),
        Some(Form::SevenPairs) => seven_pairs_counts(counts),
        Some(Form::ThirteenOrphans) => thirteen_orphans_counts(counts),
        None => {
            let regular = regular_from(tables, len / 3);
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
/// orphans is asked of a hand that is not 13 or 14 tiles.
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
    Ok(shanten_with(hand, form, built_in_suit))
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
    let seen = visible.unwrap_or(&none);
    for (tile, (&held, &shown)) in Tile::all().zip(counts.iter().zip(seen.iter())) {
        if held.saturating_add(shown) > 4 {
            return Err(Error::FifthCopy {
                tile,
                span: crate::notation::Span::default(),
            });
        }
    }
    let regular_needed = matches!(form, None | Some(Form::Regular));
    let base_tables = if regular_needed { tables(counts) } else { [EMPTY; 4] };
    let len = hand.len();
    let before = shanten_counts(counts, len, &base_tables, form);
    let mut result = Ukeire {
        shanten: before,
        accepted: 0,
        remaining: [0; KINDS],
        total: 0,
    };
    for tile in Tile::all() {
        let index = tile.index();
        let held = counts.get(index).copied().unwrap_or(4);
        if held >= 4 {
            continue;
        }
        let mut with = *counts;
        if let Some(c) = with.get_mut(index) {
            *c += 1;
        }
        let mut drawn_tables = base_tables;
        if regular_needed {
            let suit = index / 9;
            if let Some(slot) = drawn_tables.get_mut(suit) {
                *slot = if suit == 3 {
                    honor_table(&honor_counts(&with))
                } else {
                    built_in_suit(&suit_counts(&with, suit))
                };
            }
        }
        if shanten_counts(&with, len + 1, &drawn_tables, form) < before {
            let unseen = 4u8
                .saturating_sub(held)
                .saturating_sub(seen.get(index).copied().unwrap_or(0));
            result.accepted |= 1 << index;
            if let Some(slot) = result.remaining.get_mut(index) {
                *slot = unseen;
            }
            result.total = result.total.saturating_add(unseen);
        }
    }
    Ok(result)
}
