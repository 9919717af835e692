//! The per-suit dynamic program behind the shanten search (`docs/rules/mahjong.md`, "Beyond
//! the seed"): for one numbered suit, `cost[pair][sets]` — the fewest tiles to draw so that the
//! suit holds `sets` sets (0–4) and `pair` pairs (0–1), every group touching a held tile — over
//! the nine numbers, the state being the runs started at the two previous numbers (0–2 each:
//! three equal runs are three triplets). Four-copy limits are exact: a group never needs a
//! fifth copy of a kind.
//!
//! With the `shanten-table` feature (default) this program only generates the built-in
//! classifier ([`tables`](super::tables)) and checks it in tests; without it, it runs for
//! every suit of every hand.

// The core's indexing and arithmetic lints are waived here while the shanten dynamic program is
// reworked on the shanten-speed branch (the rework lands with them on).
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::gains::{Gains, lane};

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

/// Relaxes `dst[pair + dp][sets + ds]` with `src[pair][sets] + add` (`ds` 0–4, `dp` 0–1): shift,
/// add, mask and min over 16 fixed lanes. One copy for every shift: this program runs for every
/// hand only in the small builds without the `shanten-table` feature, where code size counts.
fn relax(dst: &mut Table, src: &Table, ds: usize, dp: usize, add: u8) {
    let mut shifted = EMPTY;
    for (to, &from) in shifted.iter_mut().skip(ds + 8 * dp).zip(src) {
        *to = from;
    }
    let mask = MASKS.get(ds).copied().unwrap_or([0xff; 16]);
    for ((slot, value), mask) in dst.iter_mut().zip(shifted).zip(mask) {
        *slot = (*slot).min(value.saturating_add(add) | mask);
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
                            // `get_mut`, not indexing: at opt-level "z" the optimizer cannot bound
                            // `r0` here and would keep a panic path (embedded panic-path check).
                            if let Some(cell) = next.get_mut(r0).and_then(|row| row.get_mut(r1)) {
                                relax(cell, &src, r0 + t, q, add);
                            }
                            if let Some(flag) = next_live.get_mut(r0).and_then(|row| row.get_mut(r1)) {
                                *flag = true;
                            }
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

/// The gains of a suit's cost table: `gains[p][s]` is the most of `3s' + 2p' - cost[p'][s']` over
/// `p' <= p`, `s' <= s` (groups not taken are drawn elsewhere, so fewer are always allowed).
pub(crate) fn gains_from_costs(costs: &Table) -> Gains {
    let mut gains = [0u8; 16];
    for pair in 0..2 {
        for sets in 0..5 {
            let mut best = 0u8;
            for p in 0..=pair {
                for s in 0..=sets {
                    let cost = costs.get(p * 8 + s).copied().unwrap_or(INF);
                    let tiles = (3 * s + 2 * p) as u8;
                    if cost < INF && cost <= tiles {
                        best = best.max(tiles - cost);
                    }
                }
            }
            if let Some(slot) = gains.get_mut(lane(pair, sets)) {
                *slot = best;
            }
        }
    }
    gains
}
