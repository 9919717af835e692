//! The per-suit dynamic program behind the shanten search (`docs/rules/mahjong.md`, "Beyond
//! the seed"): for one numbered suit, `cost[pair][sets]` — the fewest tiles to draw so that the
//! suit holds `sets` sets (0–4) and `pair` pairs (0–1), every group touching a held tile — over
//! the nine numbers, the state being the runs started at the two previous numbers (0–2 each:
//! three equal runs are three triplets). Four-copy limits are exact: a group never needs a
//! fifth copy of a kind.
//!
//! With the `shanten-table` feature (default) this program only generates the built-in
//! classifier ([`tables`](super::tables)) and checks it in tests; without it, the same search
//! on row words ([`suit_gains_by_rows`]) runs for every suit of every hand, and the table of
//! costs ([`suit_table`], test-only) is its reference.

use super::gains::Gains;

#[cfg(test)]
/// Larger than any real cost (at most 14 tiles are drawn).
pub(crate) const INF: u8 = 60;

#[cfg(test)]
/// `cost[pair * 8 + sets]`, sets 0–4 (lanes 5–7 and 13–15 unused, kept at `INF`).
pub(crate) type Table = [u8; 16];

#[cfg(test)]
pub(crate) const EMPTY: Table = [INF; 16];

#[cfg(test)]
/// Lanes a shift by `ds` sets must not fill: sets below `ds` and the unused lanes 5–7, 13–15.
const fn mask(ds: u32) -> Table {
    /// Lanes 0–4 of a row.
    const ROW: u64 = 0xff_ffff_ffff;
    // `ds` ≤ 4 in `MASKS`: a shift of at most 32, no wrap.
    let bits = ds.wrapping_mul(8);
    let open = !ROW.wrapping_shr(bits).wrapping_shl(bits);
    let row = open as u128;
    (row | row.wrapping_shl(64)).to_le_bytes()
}

#[cfg(test)]
/// [`mask`] of every shift by 0–4 sets.
const MASKS: [Table; 5] = [mask(0), mask(1), mask(2), mask(3), mask(4)];

/// A gains table from its two rows (no pair, pair) of sets 0–4; the other lanes 0.
pub(crate) fn from_rows(no_pair: &[u8; 5], pair: &[u8; 5]) -> Gains {
    let ([a0, a1, a2, a3, a4], [b0, b1, b2, b3, b4]) = (*no_pair, *pair);
    [a0, a1, a2, a3, a4, 0, 0, 0, b0, b1, b2, b3, b4, 0, 0, 0]
}

#[cfg(any(test, not(feature = "shanten-table")))]
/// The honors' gains when `ge1 ≥ ge2 ≥ ge3` kinds are held at least once, twice and three times.
/// A kind's set value is `[count ≥ 1] + [count ≥ 2] + [count ≥ 3]`, so the best `s` sets use
/// `min(s, ge1) + min(s, ge2) + min(s, ge3)` tiles; the pair comes from a kind held exactly twice
/// (or else three or four times), or from a single, whichever leaves the most for the sets.
pub(crate) fn honor_gains_of(ge1: u8, ge2: u8, ge3: u8) -> Gains {
    // Three terms of at most `sets` ≤ 4 each: at most 12, so no sum below wraps (nor the 2 or
    // 1 added for the pair).
    let best = |sets: u8, a: u8, b: u8, c: u8| sets.min(a).wrapping_add(sets.min(b)).wrapping_add(sets.min(c));
    let (mut no_pair, mut pair) = ([0u8; 5], [0u8; 5]);
    for (sets, (plain_slot, pair_slot)) in (0u8..).zip(no_pair.iter_mut().zip(pair.iter_mut())) {
        let plain = best(sets, ge1, ge2, ge3);
        let from_double = if ge2 > 0 && ge1 >= ge2 && ge2 >= ge3 {
            // ge1 ≥ ge2 > 0, and ge3 drops only when it equals ge2 > 0: no subtraction wraps.
            let ge3_left = ge3.wrapping_sub(u8::from(ge2 == ge3));
            best(sets, ge1.wrapping_sub(1), ge2.wrapping_sub(1), ge3_left).wrapping_add(2)
        } else {
            0
        };
        let from_single = if ge1 > ge2 {
            best(sets, ge1.wrapping_sub(1), ge2, ge3).wrapping_add(1) // ge1 > ge2 ≥ 0
        } else {
            0
        };
        *plain_slot = plain;
        *pair_slot = plain.max(from_double).max(from_single);
    }
    from_rows(&no_pair, &pair)
}

#[cfg(test)]
/// Relaxes `dst[pair + dp][sets + ds]` with `src[pair][sets] + add` (`ds` 0–4, `dp` 0–1): shift,
/// add, mask and min over 16 fixed lanes (`mask` = `MASKS[ds]`). One copy for every shift: this
/// program runs for every hand only in the small builds without the `shanten-table` feature,
/// where code size counts.
fn relax(dst: &mut Table, src: &Table, ds: usize, dp: usize, mask: &Table, add: u8) {
    let mut shifted = EMPTY;
    // `ds` ≤ 4 and `dp` ≤ 1: the shift is at most 12, no wrap.
    for (to, &from) in shifted.iter_mut().skip(ds.wrapping_add(dp.wrapping_mul(8))).zip(src) {
        *to = from;
    }
    for ((slot, value), &mask) in dst.iter_mut().zip(shifted).zip(mask) {
        *slot = (*slot).min(value.saturating_add(add) | mask);
    }
}

#[cfg(test)]
/// The cost table of one numbered suit (see the module docs).
pub(crate) fn suit_table(h: &[u8; 9]) -> Table {
    // state[r1][r2]: runs started at the previous number (r1) and the one before (r2).
    let mut state = [[EMPTY; 3]; 3];
    let mut live = [[false; 3]; 3];
    state[0][0][0] = 0;
    live[0][0] = true;
    for (i, &held) in h.iter().enumerate() {
        // Past the ninth number nothing is held (a genuine 0: runs cannot start there anyway).
        // `i` < 9: no wrap.
        let ahead = |d: usize| h.get(i.wrapping_add(d)).copied().unwrap_or(0);
        let near = held | ahead(1) | ahead(2);
        // Two equal runs are only worth it over a held pair somewhere in their window: with at
        // most one copy of each held, the second run covers nothing the first could not, and a
        // set of drawn tiles elsewhere costs the same.
        let window = held.max(ahead(1)).max(ahead(2));
        let max_runs: usize = match (i < 7, near > 0, window >= 2) {
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
        for (r1, (state_row, live_row)) in state.iter().zip(&live).enumerate() {
            for (r2, (src, &is_live)) in state_row.iter().zip(live_row).enumerate() {
                if !is_live {
                    continue;
                }
                for t in 0..=groups_here {
                    for q in 0..=groups_here {
                        // `r0` runs start here: `MASKS[r0 + t]`, `r0 + t` ≤ 3 (so the `take`
                        // never cuts; `max_runs + 1` ≤ 3, no wrap).
                        let runs = MASKS.iter().skip(t).take(max_runs.wrapping_add(1));
                        for (r0, mask) in runs.enumerate() {
                            // At most 2 + 2 + 2 + 3 + 2 = 11: no op wraps.
                            let need = r1
                                .wrapping_add(r2)
                                .wrapping_add(r0)
                                .wrapping_add(t.wrapping_mul(3))
                                .wrapping_add(q.wrapping_mul(2));
                            if need > 4 {
                                break;
                            }
                            let add = (need as u8).saturating_sub(held);
                            // `get_mut`, not indexing: at opt-level "z" the optimizer cannot bound
                            // `r0` here and would keep a panic path (embedded panic-path check).
                            let cell = next.get_mut(r0).and_then(|row| row.get_mut(r1));
                            let flag = next_live.get_mut(r0).and_then(|row| row.get_mut(r1));
                            let (Some(cell), Some(flag)) = (cell, flag) else {
                                // r0 ≤ max_runs ≤ 2 and r1 < 3 (the rows of `state`).
                                debug_assert!(false, "suit program: a run count past 2");
                                continue;
                            };
                            relax(cell, src, r0.wrapping_add(t), q, mask, add);
                            *flag = true;
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

#[cfg(test)]
/// The gains of a suit's cost table: `gains[p][s]` is the most of `3s' + 2p' - cost[p'][s']` over
/// `p' <= p`, `s' <= s` (groups not taken are drawn elsewhere, so fewer are always allowed),
/// built as a running maximum: `gains[p][s]` = the best of its own groups, `gains[p][s − 1]`
/// and `gains[p − 1][s]`.
pub(crate) fn gains_from_costs(costs: &Table) -> Gains {
    let [c0, c1, c2, c3, c4, _, _, _, d0, d1, d2, d3, d4, _, _, _] = *costs;
    let cost_rows = [[c0, c1, c2, c3, c4], [d0, d1, d2, d3, d4]];
    let mut rows = [[0u8; 5]; 2];
    let mut below = [0u8; 5]; // the row of one pair fewer (none for the first row)
    for ((row, cost_row), pair_tiles) in rows.iter_mut().zip(&cost_rows).zip([0u8, 2]) {
        let mut best = 0u8;
        for (((slot, &cost), &under), set_tiles) in row.iter_mut().zip(cost_row).zip(&below).zip([0u8, 3, 6, 9, 12]) {
            let tiles = set_tiles.wrapping_add(pair_tiles); // at most 14: no wrap
            if cost < INF && cost <= tiles {
                best = best.max(tiles.wrapping_sub(cost)); // cost ≤ tiles: no wrap
            }
            best = best.max(under);
            *slot = best;
        }
        below = *row;
    }
    let [no_pair, pair] = rows;
    from_rows(&no_pair, &pair)
}

/// A gains table packed in a word: lane `s` (sets 0–4) of the no-pair row in bits `6s..6s + 5`,
/// of the pair row in bits `32 + 6s..`. Half the bytes of a [`Gains`] (what a caller keeps many
/// of holds this).
pub(crate) type Packed = u64;

/// Lanes 0–4 of a row word, six bits each: five value bits and a guard bit (bit 5).
const ROW_LANES: u32 = (1 << 30) - 1;
/// One in each lane.
const ROW_ONES: u32 = 0x0104_1041;
/// The guard bit of each lane.
const ROW_GUARDS: u32 = ROW_ONES << 5;
/// A lane some choice of groups reaches holds this plus the tiles it uses (at most 15, the
/// suit's tiles with one drawn: below 32); a lane none reaches holds less (bit 4 clear: it gains
/// tiles like the others, at most 15 along any path, so it never looks reached).
const REACHED: u32 = 16;
/// Bit 4 of each lane: set in the lanes some choice of groups reaches.
const ROW_REACHED: u32 = ROW_ONES << 4;

/// The lane-wise maximum of two row words (lanes below 32): `(x | guards) − y` keeps each lane's
/// guard bit iff `x ≥ y` and borrows from no other lane.
#[inline(always)]
fn max_lanes(x: u32, y: u32) -> u32 {
    let ge = (x | ROW_GUARDS).wrapping_sub(y) & ROW_GUARDS;
    let keep_x = ge | ge.wrapping_sub(ge >> 5);
    (x & keep_x) | (y & !keep_x)
}

/// The tiles used by a suit's groups so far, per (pair, sets), as two row words (lanes as in
/// [`REACHED`]): `plain` without the pair, `pair` with it, lane `s` for exactly `s` sets.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Rows {
    plain: u32,
    pair: u32,
}

impl Rows {
    const NONE: Rows = Rows { plain: 0, pair: 0 };

    #[inline(always)]
    fn live(&self) -> bool {
        (self.plain | self.pair) & ROW_REACHED != 0
    }

    /// `self = max(self, src with ds more sets, adds more tiles used)`: `adds` holds the tiles in
    /// every lane. `ds` ≤ 3: a shift of at most 18 bits. A reached lane stays at most REACHED +
    /// 15 and an unreached one below REACHED (see there): no lane carries.
    #[inline(always)]
    fn relax(&mut self, src: &Rows, ds: usize, adds: u32) {
        let bits = (ds as u32).wrapping_mul(6);
        self.plain = max_lanes(
            self.plain,
            (src.plain.wrapping_shl(bits) & ROW_LANES).wrapping_add(adds),
        );
        self.pair = max_lanes(self.pair, (src.pair.wrapping_shl(bits) & ROW_LANES).wrapping_add(adds));
    }

    /// [`Rows::relax`] with the pair taken here: the pair row from `src`'s plain row.
    #[inline(always)]
    fn relax_pair(&mut self, src: &Rows, ds: usize, adds: u32) {
        let bits = (ds as u32).wrapping_mul(6);
        self.pair = max_lanes(self.pair, (src.plain.wrapping_shl(bits) & ROW_LANES).wrapping_add(adds));
    }

    /// Each lane the best of itself and the lanes of fewer sets.
    fn prefix_max(row: u32) -> u32 {
        let row = max_lanes(row, row.wrapping_shl(6) & ROW_LANES);
        let row = max_lanes(row, row.wrapping_shl(12) & ROW_LANES);
        max_lanes(row, row.wrapping_shl(24) & ROW_LANES)
    }
}

/// The runs that may start at number `i` of `h` (the pruning of `suit_table`): none from the
/// eighth number on (a run needs two numbers after it) or with nothing held within it; two only
/// over a number held twice in it (with one copy of each, a second equal run covers no held
/// tile the first does not); else one. A number `j > i` of `extra` (bit `j`) counts as held once
/// more: the pruning only widens (a group that covers no held tile adds nothing to the gains,
/// so every pruning between this one and none gives the same gains), and the states before a
/// number `k` of `extra` then serve `h` with one more `k` as well as `h`.
#[inline(always)]
fn max_runs(h: &[u8; 9], i: usize, extra: u32) -> usize {
    if i >= 7 {
        return 0;
    }
    let (mut near, mut pair) = (false, false);
    let mut d = 0usize;
    while d < 3 {
        // `i` < 7 and `d` < 3: `j` < 9, and the shift is below 32.
        let j = i.wrapping_add(d);
        let more = if d > 0 { (extra >> j) & 1 } else { 0 };
        let c = u32::from(h.get(j).copied().unwrap_or(0)).wrapping_add(more);
        near |= c > 0;
        pair |= c >= 2;
        d = d.wrapping_add(1);
    }
    usize::from(near).wrapping_add(usize::from(near && pair))
}

/// The search's states before some number: entry `3 r1 + r2` (runs started at the previous
/// number, at the one before) holds the [`Rows`] reached (none: not live).
#[derive(Clone, Copy)]
struct Program {
    state: [Rows; 9],
}

impl Program {
    /// Before the first number: no group, nothing used.
    fn start() -> Program {
        let mut state = [Rows::NONE; 9];
        if let Some(start) = state.first_mut() {
            start.plain = REACHED;
        }
        Program { state }
    }

    /// The groups touching number `i` of `h` (the pruning of `suit_table`: the same search),
    /// the numbers of `extra` (bit `j`: number `j`) ahead of `i` counted as held once more in
    /// that pruning (see [`max_runs`]).
    /// Written as plain loops over the nine states (no iterator adapters: at opt-level "z" they
    /// stay calls on a microcontroller). The new states go into `next` (all nine written), and
    /// `true` is returned; `false` (`next` untouched) when the states stay as they are. Into a
    /// second buffer rather than copied back (issue 27: a 72-byte copy and its call under the
    /// search bot's deepest stack).
    fn step_into(&self, h: &[u8; 9], i: usize, extra: u32, next: &mut Program) -> bool {
        let held = h.get(i).copied().unwrap_or(0);
        let max_runs = max_runs(h, i, extra);
        let mut others_live = false;
        for rows in self.state.iter().skip(1) {
            others_live |= rows.live();
        }
        if !others_live && max_runs == 0 && held == 0 {
            return false; // only the start state, nothing to do at an empty stretch
        }
        // The tiles a group needing `need` copies here uses, in every lane.
        let adds = |need: usize| u32::from((need as u8).min(held)).wrapping_mul(ROW_ONES);
        let next = &mut next.state;
        for cell in next.iter_mut() {
            *cell = Rows::NONE;
        }
        let mut from = 0usize;
        // `from` = 3 r1 + r2, counted along (no division: on the M0 a call under the search
        // bot's deepest stack).
        let (mut r1, mut r2) = (0usize, 0usize);
        while let Some(src) = self.state.get(from) {
            if src.live() {
                // r1 and r2 are at most 2.
                let open = r1.wrapping_add(r2);
                let mut r0 = 0usize;
                // `need`: the copies the runs need here (at most 2 + 2 + 2: no op wraps).
                let mut need = open;
                while r0 <= max_runs && need <= 4 {
                    if let Some(cell) = next.get_mut(r0.wrapping_mul(3).wrapping_add(r1)) {
                        // Besides the runs: no group; the pair (2 copies); a set of three copies
                        // (one more set). Both together need five copies: never.
                        cell.relax(src, r0, adds(need));
                        if held > 0 && need <= 2 {
                            cell.relax_pair(src, r0, adds(need.wrapping_add(2)));
                        }
                        if held > 0 && need <= 1 {
                            cell.relax(src, r0.wrapping_add(1), adds(need.wrapping_add(3)));
                        }
                    }
                    r0 = r0.wrapping_add(1);
                    need = need.wrapping_add(1);
                }
            }
            from = from.wrapping_add(1);
            // r1, r2 < 3: no wrap.
            r2 = r2.wrapping_add(1);
            if r2 == 3 {
                r2 = 0;
                r1 = r1.wrapping_add(1);
            }
        }
        true
    }

    /// The gains once no held number is left: the runs still open end on empty numbers, so
    /// every live state counts as it is.
    fn packed(&self) -> Packed {
        let mut best = Rows::NONE;
        for rows in &self.state {
            best.plain = max_lanes(best.plain, rows.plain);
            best.pair = max_lanes(best.pair, rows.pair);
        }
        let plain = Rows::prefix_max(best.plain);
        let pair = max_lanes(Rows::prefix_max(best.pair), plain);
        // Lane 0 of `plain` (no group) is reached, so after the running maxima every lane is.
        let reached = REACHED.wrapping_mul(ROW_ONES);
        u64::from(plain.wrapping_sub(reached)) | u64::from(pair.wrapping_sub(reached)) << 32
    }
}

/// The states in `*cur` stepped through number `i` of `h` ([`Program::step_into`], `extra` as
/// there) with `*spare` as the second buffer: the two references swapped when the states change
/// (no copy).
fn advance<'a>(cur: &mut &'a mut Program, spare: &mut &'a mut Program, h: &[u8; 9], i: usize, extra: u32) {
    if cur.step_into(h, i, extra, spare) {
        core::mem::swap(cur, spare);
    }
}

/// [`advance`] through numbers `from..=to` of `h`.
fn run<'a>(cur: &mut &'a mut Program, spare: &mut &'a mut Program, h: &[u8; 9], from: usize, to: usize) {
    let mut i = from;
    while i <= to {
        advance(cur, spare, h, i, 0);
        i = i.wrapping_add(1); // `to` < 9
    }
}

/// A [`Packed`] table from its two row words.
#[inline(always)]
fn pack(plain: u32, pair: u32) -> Packed {
    u64::from(plain) | u64::from(pair) << 32
}

/// The two row words (plain, pair) of a [`Packed`] table.
#[inline(always)]
fn row_words(packed: Packed) -> (u32, u32) {
    (packed as u32, (packed >> 32) as u32)
}

/// The [`Packed`] form of a [`Gains`] table (lanes 0–4 of each row).
pub(crate) fn pack_gains(gains: &Gains) -> Packed {
    let (mut plain, mut pair) = (0u32, 0u32);
    let mut s = 0usize;
    while s < 5 {
        let (bits, p) = ((s as u32).wrapping_mul(6), gains.get(s).copied().unwrap_or(0));
        let q = gains.get(s.wrapping_add(8)).copied().unwrap_or(0);
        plain |= u32::from(p & 0x1f) << bits;
        pair |= u32::from(q & 0x1f) << bits;
        s = s.wrapping_add(1); // below 5
    }
    pack(plain, pair)
}

/// The (max, +) convolution of two packed gains tables (shanten's `combine` on row words): sets
/// add up, at most one pair in all. Lanes hold tiles of the hand, at most 14: every sum fits a
/// lane below 32.
pub(crate) fn join(a: Packed, b: Packed) -> Packed {
    let ((a_plain, a_pair), (b_plain, b_pair)) = (row_words(a), row_words(b));
    let (mut plain, mut pair) = (0u32, 0u32);
    let mut bits = 0u32;
    while bits < 30 {
        // Lanes `s..=4` (`bits` = 6s ≤ 24: no wrap): what `s` sets of `a` may reach.
        let lanes = ROW_LANES.wrapping_shr(bits).wrapping_shl(bits);
        let add_plain = ((a_plain >> bits) & 0x1f).wrapping_mul(ROW_ONES) & lanes;
        let add_pair = ((a_pair >> bits) & 0x1f).wrapping_mul(ROW_ONES) & lanes;
        let (up_plain, up_pair) = (
            b_plain.wrapping_shl(bits) & ROW_LANES,
            b_pair.wrapping_shl(bits) & ROW_LANES,
        );
        plain = max_lanes(plain, up_plain.wrapping_add(add_plain));
        pair = max_lanes(
            pair,
            max_lanes(up_pair.wrapping_add(add_plain), up_plain.wrapping_add(add_pair)),
        );
        bits = bits.wrapping_add(6);
    }
    pack(plain, pair)
}

/// A packed gains table `b` set up to be joined with many others for a hand needing `sets` (≤ 4)
/// sets ([`Partner::used`]): each row reversed over its first `sets + 1` lanes, the rows
/// swapped (the pair on one side only), the lanes past `sets` 0.
#[derive(Clone, Copy)]
pub(crate) struct Partner {
    /// Lane `k`: `b`'s pair row at `sets − k`.
    pair_rev: u32,
    /// Lane `k`: `b`'s plain row at `sets − k`.
    plain_rev: u32,
    /// Lanes `0..=sets`.
    lanes: u32,
}

impl Partner {
    pub(crate) fn new(b: Packed, sets: usize) -> Partner {
        let sets = sets.min(4) as u32;
        let (plain, pair) = row_words(b);
        let (mut pair_rev, mut plain_rev) = (0u32, 0u32);
        let mut k = 0u32;
        while k <= sets {
            // `k` ≤ `sets` ≤ 4: shifts of at most 24 bits.
            let (to, from) = (k.wrapping_mul(6), sets.wrapping_sub(k).wrapping_mul(6));
            pair_rev |= ((pair >> from) & 0x3f) << to;
            plain_rev |= ((plain >> from) & 0x3f) << to;
            k = k.wrapping_add(1);
        }
        let lanes = ROW_LANES >> (4u32.wrapping_sub(sets).wrapping_mul(6));
        Partner {
            pair_rev,
            plain_rev,
            lanes,
        }
    }

    /// The most held tiles the groups use, `a` and this partner together: the largest of
    /// `a[p][k] + b[1 − p][sets − k]` (shanten's `regular_from` on packed tables).
    pub(crate) fn used(&self, a: Packed) -> u8 {
        let (plain, pair) = row_words(a);
        // Lanes of at most 14 each (tiles of the hand): the sums stay below 32, no carry.
        let best = max_lanes(
            plain.wrapping_add(self.pair_rev) & self.lanes,
            pair.wrapping_add(self.plain_rev) & self.lanes,
        );
        let best = max_lanes(best, best >> 6);
        let best = max_lanes(best, best >> 12);
        (max_lanes(best, best >> 24) & 0x1f) as u8
    }
}

/// The [`Gains`] of a [`Packed`] table.
pub(crate) fn unpack(packed: Packed) -> Gains {
    let lanes = |row: u64| [0u32, 6, 12, 18, 24].map(|at| (row.wrapping_shr(at) & 0x3f) as u8);
    from_rows(&lanes(packed), &lanes(packed >> 32))
}

/// The gains of one numbered suit (`gains_from_costs(&suit_table(h))`, the same search): the
/// dynamic program of [`suit_table`] run on the tiles used rather than the tiles drawn (a group
/// of `need` copies of a number held `held` times uses `min(need, held)` of them), each state's
/// ten lanes held as two 32-bit words and relaxed a word at a time, up to the last held number
/// (the states after it only carry their runs out).
pub(crate) fn suit_gains_by_rows(h: &[u8; 9]) -> Gains {
    let (mut a, mut b) = (Program::start(), Program::start());
    let (mut cur, mut spare) = (&mut a, &mut b);
    if let Some(last) = h.iter().rposition(|&c| c > 0) {
        run(&mut cur, &mut spare, h, 0, last);
    }
    unpack(cur.packed())
}

/// The packed gains of suit `h` joined with a lone tile (one a set or the pair of its own):
/// lane (p, s) the best of itself, (p, s − 1) plus the tile, and for the pair row (0, s) plus
/// the tile as the pair.
fn with_lone_tile(packed: Packed) -> Packed {
    let (plain, pair) = ((packed & 0xffff_ffff) as u32, (packed >> 32) as u32);
    // Lanes at most 14 plus one: below 32.
    let up = |row: u32| (row.wrapping_shl(6) & ROW_LANES).wrapping_add(ROW_ONES & !1);
    let plain_out = max_lanes(plain, up(plain));
    let pair_out = max_lanes(max_lanes(pair, up(pair)), plain.wrapping_add(ROW_ONES));
    u64::from(plain_out) | u64::from(pair_out) << 32
}

/// The searches of `h` plus each kind `k` of `forks` (bit `k`), in increasing `k`, from one base
/// pass over `h`: the base counts the kinds of `forks` ahead as held once more in its pruning
/// ([`max_runs`]: the same gains), so its states before `k` are those of `h` plus `k` too, and
/// the search of `h` plus `k` resumes there. `drawn[k]` (or `drawn[8 − k]` when `mirrored`)
/// gets its gains. With `finish`, the base is then stepped through `last` and its gains
/// returned (else 0). Three state buffers, each search stepping into a second one
/// ([`advance`]: no copy back).
fn fork_sweep(h: &[u8; 9], forks: u32, last: usize, drawn: &mut [Packed; 9], mirrored: bool, finish: bool) -> Packed {
    let (mut a, mut b, mut c) = (Program::start(), Program::start(), Program::start());
    let (mut base, mut spare, mut free) = (&mut a, &mut b, &mut c);
    let mut at = 0usize; // the numbers of `h` `base` has stepped through
    let mut k = 0usize;
    while k < 9 {
        // `k` < 9: the shift is below 32.
        if (forks >> k) & 1 != 0 {
            while at < k {
                advance(&mut base, &mut spare, h, at, forks);
                at = at.wrapping_add(1); // below 9
            }
            let mut with = *h;
            if let Some(c) = with.get_mut(k) {
                *c = c.wrapping_add(1); // forked kinds are held fewer than four times
            }
            *free = *base;
            run(&mut free, &mut spare, &with, k, last.max(k));
            if let Some(slot) = drawn.get_mut(if mirrored { 8usize.wrapping_sub(k) } else { k }) {
                *slot = free.packed();
            }
        }
        k = k.wrapping_add(1);
    }
    if !finish {
        return 0;
    }
    run(&mut base, &mut spare, h, at, last);
    base.packed()
}

/// The packed gains of suit `h` (returned) and, in `drawn[k]`, of `h` with one more tile of
/// number `k` for each `k` held fewer than four times (the others left as they are), in two
/// sweeps ([`fork_sweep`]): a search for `h` plus `k` resumes at `k` from a base pass over
/// `h`, upwards for the kinds nearer the last held number and over the mirrored suit (the
/// gains are the same read from 9 down to 1) for those nearer the first, so that each search
/// steps through the fewer numbers; a tile no held number is within two of is a lone tile
/// ([`with_lone_tile`]: no group can touch it and a held tile).
pub(crate) fn suit_gains_drawn(h: &[u8; 9], drawn: &mut [Packed; 9]) -> Packed {
    let (Some(first), Some(last)) = (h.iter().position(|&c| c > 0), h.iter().rposition(|&c| c > 0)) else {
        // Nothing held: every drawn tile is a lone tile.
        let single = with_lone_tile(Program::start().packed());
        for slot in drawn.iter_mut() {
            *slot = single;
        }
        return Program::start().packed();
    };
    // The kinds searched upwards and (mirrored: bit 8 − k) downwards; the others are lone tiles.
    let (mut up, mut down, mut lone) = (0u32, 0u32, 0u32);
    for (k, &held) in h.iter().enumerate() {
        if held >= 4 {
            continue;
        }
        // `k` < 9: the shifts are below 32, `8 − k` does not wrap.
        if k.saturating_add(2) < first || k > last.saturating_add(2) {
            lone |= 1 << k;
        } else if last.saturating_sub(k) <= k.saturating_sub(first) {
            up |= 1 << k;
        } else {
            down |= 1 << 8usize.wrapping_sub(k);
        }
    }
    let mut mirror = *h;
    mirror.reverse();
    // Mirrored, the first held number is the last.
    fork_sweep(&mirror, down, 8usize.wrapping_sub(first), drawn, true, false);
    let gains = fork_sweep(h, up, last, drawn, false, true);
    let single = with_lone_tile(gains);
    for (k, slot) in drawn.iter_mut().enumerate() {
        if (lone >> k) & 1 != 0 {
            *slot = single;
        }
    }
    gains
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
    use super::*;

    /// The numbered-suit pattern of `code` (0 … 5⁹ − 1): its base-5 digits, number 1 first.
    fn pattern(code: u32) -> [u8; 9] {
        let mut h = [0u8; 9];
        let mut rest = code;
        for c in h.iter_mut() {
            *c = (rest % 5) as u8;
            rest /= 5;
        }
        h
    }

    /// Every numbered-suit pattern of at most 14 tiles (405,350), with its code and tile count.
    fn suit_patterns() -> impl Iterator<Item = (u32, [u8; 9], u32)> {
        (0..5u32.pow(9))
            .map(|code| {
                let h = pattern(code);
                (code, h, h.iter().map(|&c| u32::from(c)).sum::<u32>())
            })
            .filter(|&(_, _, tiles)| tiles <= 14)
    }

    /// The row-word program gives the cost table's gains for every eighth numbered-suit pattern
    /// of at most 14 tiles with more than 6 (45,400 in all), and for all of at most 6 tiles; and
    /// the sweep over drawn tiles gives the program's gains of each pattern with the tile.
    #[test]
    fn rows_program_matches_cost_table() {
        let mut checked = 0usize;
        for (code, h, tiles) in suit_patterns() {
            if tiles > 6 && code % 8 != 0 {
                continue;
            }
            let gains = suit_gains_by_rows(&h);
            assert_eq!(gains, gains_from_costs(&suit_table(&h)), "{h:?}");
            if tiles < 14 {
                let mut drawn = [0; 9];
                assert_eq!(unpack(suit_gains_drawn(&h, &mut drawn)), gains, "{h:?}");
                for (k, &packed) in drawn.iter().enumerate() {
                    let mut with = h;
                    with[k] += 1;
                    if h[k] < 4 {
                        assert_eq!(unpack(packed), suit_gains_by_rows(&with), "{h:?} + {k}");
                    } else {
                        assert_eq!(packed, 0, "{h:?} + {k}");
                    }
                }
            }
            checked += 1;
        }
        assert_eq!(checked, 45_400);
    }

    /// The gains of `h` with the pruning widened by `extra` at every number (see [`max_runs`]).
    fn gains_widened(h: &[u8; 9], extra: u32) -> Gains {
        let (mut a, mut b) = (Program::start(), Program::start());
        let (mut cur, mut spare) = (&mut a, &mut b);
        for i in 0..9 {
            advance(&mut cur, &mut spare, h, i, extra);
        }
        unpack(cur.packed())
    }

    /// Widening the pruning changes no gains (what lets `suit_gains_drawn` fork a drawn kind's
    /// search at the kind itself): every numbered-suit pattern of at most 14 tiles (405,350),
    /// with every number ahead counted once more (runs everywhere a held tile or not) and with
    /// one number in three.
    #[test]
    fn widened_pruning_keeps_the_gains() {
        let mut checked = 0usize;
        for (code, h, _) in suit_patterns() {
            let gains = suit_gains_by_rows(&h);
            assert_eq!(gains_widened(&h, 0x1ff), gains, "{h:?}");
            assert_eq!(gains_widened(&h, 0x49 << (code % 3)), gains, "{h:?}");
            checked += 1;
        }
        assert_eq!(checked, 405_350);
    }

    /// Every numbered-suit pattern of at most 14 tiles (405,350): the row-word program equals
    /// the cost table. Ignored by default (a minute in a debug build); run with
    /// `cargo test --release -p parlor-core --lib rows_program_on_every -- --ignored`.
    #[test]
    #[ignore]
    fn rows_program_on_every_pattern() {
        let mut checked = 0usize;
        for (_, h, _) in suit_patterns() {
            assert_eq!(suit_gains_by_rows(&h), gains_from_costs(&suit_table(&h)), "{h:?}");
            checked += 1;
        }
        assert_eq!(checked, 405_350);
    }
}
