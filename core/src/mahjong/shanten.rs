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

// The core's indexing and arithmetic lints are waived here while this module is reworked on
// the shanten-speed branch (the rework lands with them on); everything else in the core is clean.
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::hand::{Error, Hand, Size};
use super::rules::{Form, honor_counts, suit_counts};
use super::tables::{Gains, lane, suit_gains};
use super::tile::{KINDS, Tile};

/// The gains of the honors (`h`: the seven honor counts, then two zeros). Each held kind hosts at
/// most one group (a triplet and a pair would need five copies), worth `min(count, 3)` tiles as a
/// set and `min(count, 2)` as the pair; so the gains depend only on how many kinds are held at
/// least once, twice and three times ([`honor_gains_of`]).
fn honor_gains(h: &[u8; 9]) -> Gains {
    let (mut ge1, mut ge2, mut ge3) = (0u8, 0u8, 0u8);
    for &count in h {
        ge1 += u8::from(count >= 1);
        ge2 += u8::from(count >= 2);
        ge3 += u8::from(count >= 3);
    }
    honor_gains_by_counts(ge1, ge2, ge3)
}

/// [`honor_gains_of`] from a table of all 120 count triples (1,920 bytes of flash), built at
/// compile time, with the `shanten-table` feature.
#[cfg(feature = "shanten-table")]
fn honor_gains_by_counts(ge1: u8, ge2: u8, ge3: u8) -> Gains {
    /// Triples `7 ≥ x ≥ y ≥ z ≥ 0` with `x < a`: `a(a+1)(a+2)/6`; pairs `y ≥ z` with `y < b`.
    const BEFORE_FIRST: [u8; 8] = [0, 1, 4, 10, 20, 35, 56, 84];
    const BEFORE_SECOND: [u8; 8] = [0, 1, 3, 6, 10, 15, 21, 28];
    const TABLE: [Gains; 120] = {
        let mut table = [[0u8; 16]; 120];
        let mut first = 0;
        while first < 8 {
            let mut second = 0;
            while second <= first {
                let mut third = 0;
                while third <= second {
                    let index = BEFORE_FIRST[first] as usize + BEFORE_SECOND[second] as usize + third;
                    table[index] = honor_gains_of(first as u8, second as u8, third as u8);
                    third += 1;
                }
                second += 1;
            }
            first += 1;
        }
        table
    };
    let index = usize::from(BEFORE_FIRST.get(usize::from(ge1)).copied().unwrap_or(0))
        + usize::from(BEFORE_SECOND.get(usize::from(ge2)).copied().unwrap_or(0))
        + usize::from(ge3);
    TABLE.get(index).copied().unwrap_or_default()
}

/// [`honor_gains_of`], computed, without the `shanten-table` feature.
#[cfg(not(feature = "shanten-table"))]
fn honor_gains_by_counts(ge1: u8, ge2: u8, ge3: u8) -> Gains {
    honor_gains_of(ge1, ge2, ge3)
}

/// The honors' gains when `ge1 ≥ ge2 ≥ ge3` kinds are held at least once, twice and three times.
/// A kind's set value is `[count ≥ 1] + [count ≥ 2] + [count ≥ 3]`, so the best `s` sets use
/// `min(s, ge1) + min(s, ge2) + min(s, ge3)` tiles; the pair comes from a kind held exactly twice
/// (or else three or four times), or from a single, whichever leaves the most for the sets.
const fn honor_gains_of(ge1: u8, ge2: u8, ge3: u8) -> Gains {
    const fn min(x: u8, y: u8) -> u8 {
        if x < y { x } else { y }
    }
    const fn max(x: u8, y: u8) -> u8 {
        if x > y { x } else { y }
    }
    const fn best(sets: u8, a: u8, b: u8, c: u8) -> u8 {
        min(sets, a) + min(sets, b) + min(sets, c)
    }
    let mut gains = [0u8; 16];
    let mut sets = 0;
    while sets < 5 {
        let plain = best(sets, ge1, ge2, ge3);
        let from_double = if ge2 > 0 && ge1 >= ge2 && ge2 >= ge3 {
            2 + best(sets, ge1 - 1, ge2 - 1, ge3 - (ge2 == ge3) as u8)
        } else {
            0
        };
        let from_single = if ge1 > ge2 {
            1 + best(sets, ge1 - 1, ge2, ge3)
        } else {
            0
        };
        gains[lane(0, sets as usize)] = plain;
        gains[lane(1, sets as usize)] = max(plain, max(from_double, from_single));
        sets += 1;
    }
    gains
}

/// Lanes a convolution term shifted by `shift` lanes may write: for `shift = k` (a set count
/// taken from the first table without its pair) both rows from `k` sets on; for `shift = 8 + k`
/// (the first table's pair row) the pair row from `k` sets on.
const TERM_MASKS: [Gains; 13] = {
    let mut masks = [[0u8; 16]; 13];
    let mut shift = 0;
    while shift < 13 {
        let mut l = 0;
        while l < 16 {
            let (row, sets) = (l / 8, l % 8);
            let from_row = shift / 8;
            if sets < 5 && sets >= shift % 8 && row >= from_row {
                masks[shift][l] = 0xff;
            }
            l += 1;
        }
        shift += 1;
    }
    masks
};

/// One term of [`combine`]: `out = max(out, (b shifted up by shift lanes) + add)` on the lanes
/// of `TERM_MASKS[shift]`: sixteen fixed lanes, no branches.
#[inline(always)]
fn term(out: &mut Gains, b: &Gains, shift: usize, add: u8) {
    let mut shifted = [0u8; 16];
    for (to, &from) in shifted.iter_mut().skip(shift).zip(b) {
        *to = from;
    }
    let mask = TERM_MASKS.get(shift).copied().unwrap_or([0; 16]);
    for ((slot, value), mask) in out.iter_mut().zip(shifted).zip(mask) {
        *slot = (*slot).max(value.wrapping_add(add) & mask);
    }
}

/// (max, +) convolution of two gains tables: sets add up, at most one pair in all. Every entry of
/// `a` (lanes 0–4 and 8–12) adds to `b` shifted by its lane. Entries are at most 14, so sums fit
/// a byte. With the `shanten-table` feature (speed) the ten terms are written out, so each shift
/// is a constant; without it (small builds) they run as a loop, about 800 bytes less code.
fn combine(a: &Gains, b: &Gains) -> Gains {
    let mut out = [0u8; 16];
    let at = |l: usize| a.get(l).copied().unwrap_or(0);
    #[cfg(feature = "shanten-table")]
    {
        term(&mut out, b, 0, at(0));
        term(&mut out, b, 1, at(1));
        term(&mut out, b, 2, at(2));
        term(&mut out, b, 3, at(3));
        term(&mut out, b, 4, at(4));
        term(&mut out, b, 8, at(8));
        term(&mut out, b, 9, at(9));
        term(&mut out, b, 10, at(10));
        term(&mut out, b, 11, at(11));
        term(&mut out, b, 12, at(12));
    }
    #[cfg(not(feature = "shanten-table"))]
    for shift in [0, 1, 2, 3, 4, 8, 9, 10, 11, 12] {
        term(&mut out, b, shift, at(shift));
    }
    out
}

/// The four gains tables of a hand (m, p, s, honors).
fn hand_gains(counts: &[u8; KINDS]) -> [Gains; 4] {
    [
        suit_gains(&suit_counts(counts, 0)),
        suit_gains(&suit_counts(counts, 1)),
        suit_gains(&suit_counts(counts, 2)),
        honor_gains(&honor_counts(counts)),
    ]
}

/// The suits' gains combined in two halves, `[m ⊗ p, s ⊗ honors]`: a drawn tile changes one.
fn halves(gains: &[Gains; 4]) -> [Gains; 2] {
    let [m, p, s, z] = gains;
    [combine(m, p), combine(s, z)]
}

/// Regular shanten from the two halves, for a hand needing `sets` sets: `3 × sets + 1` minus the
/// most tiles the groups use (the pair on either side).
fn regular_from(halves: &[Gains; 2], sets: usize) -> i8 {
    let [left, right] = halves;
    let sets = sets.min(4);
    let at = |g: &Gains, pair: usize, sets: usize| g.get(lane(pair, sets)).copied().unwrap_or(0);
    let mut used = 0u8;
    for k in 0..=sets {
        let left_pair = at(left, 0, k) + at(right, 1, sets - k);
        let right_pair = at(left, 1, k) + at(right, 0, sets - k);
        used = used.max(left_pair).max(right_pair);
    }
    (3 * sets + 1) as i8 - used as i8
}

/// Seven-pairs shanten: `6 − pairs + max(0, 7 − kinds)`, pairs counted as kinds held at least
/// twice (four of a kind is one pair).
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
    let counts = hand.counts();
    let halves = match form {
        None | Some(Form::Regular) => halves(&hand_gains(counts)),
        _ => [[0; 16]; 2],
    };
    Ok(shanten_counts(counts, hand.len(), &halves, form))
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
    let len = hand.len();
    let before = shanten_counts(counts, len, &base_halves, form);
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
        let mut drawn_halves = base_halves;
        if regular_needed {
            // Only the drawn tile's suit and so only its half change.
            let suit = index / 9;
            let [m, p, s, z] = base_gains;
            drawn_halves = match suit {
                0 => [combine(&suit_gains(&suit_counts(&with, 0)), &p), base_halves[1]],
                1 => [combine(&m, &suit_gains(&suit_counts(&with, 1))), base_halves[1]],
                2 => [base_halves[0], combine(&suit_gains(&suit_counts(&with, 2)), &z)],
                _ => [base_halves[0], combine(&s, &honor_gains(&honor_counts(&with)))],
            };
        }
        if shanten_counts(&with, len + 1, &drawn_halves, form) < before {
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

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    use super::*;

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
}
