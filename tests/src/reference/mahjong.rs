//! Reference for mahjong, written from `docs/rules/mahjong.md` without the core: hands are plain
//! `[u8; 34]` counts (`1m…9m 1p…9p 1s…9s 1z…7z`), completeness and decompositions by
//! backtracking over every group, shanten by brute force over kept sub-hands (a search over
//! which held tiles each group covers).
//!
//! Shanten here is its definition: the fewest tiles to draw (discarding as many) to reach a
//! complete hand with at most four of a kind, minus one. A hand of `3k+1`/`3k+2` tiles keeps some
//! sub-multiset `K` of its tiles and draws the rest of a complete `3k+2`-tile hand, so
//! `shanten = (3k+2) - max |K| - 1` over the `K` that some complete hand contains.

use std::collections::BTreeSet;

/// Tile names in index order.
pub fn tile_name(index: usize) -> String {
    let suit = ["m", "p", "s", "z"][index / 9];
    format!("{}{}", index % 9 + 1, suit)
}

/// Parses spaced or compact tiles into counts (`Err` on a bad token, a fifth copy, more than
/// `max_tiles` tiles).
pub fn parse(text: &str, max_tiles: usize) -> Result<[u8; 34], String> {
    let mut counts = [0u8; 34];
    let mut total = 0;
    for token in text
        .split(|c: char| c.is_ascii_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let mut digits: Vec<u32> = Vec::new();
        let mut any_group = false;
        for ch in token.chars() {
            if let Some(d) = ch.to_digit(10) {
                digits.push(d);
                continue;
            }
            let (base, top) = match ch {
                'm' => (0, 9),
                'p' => (9, 9),
                's' => (18, 9),
                'z' => (27, 7),
                _ => return Err(format!("unknown tile {token}")),
            };
            if digits.is_empty() {
                return Err(format!("unknown tile {token}"));
            }
            for d in digits.drain(..) {
                if d == 0 || d > top {
                    return Err(format!("unknown tile {token}"));
                }
                let i = base + d as usize - 1;
                counts[i] += 1;
                if counts[i] > 4 {
                    return Err(format!("fifth copy of {}", tile_name(i)));
                }
                total += 1;
                if total > max_tiles {
                    return Err("too many tiles".into());
                }
            }
            any_group = true;
        }
        if !digits.is_empty() || !any_group {
            return Err(format!("unknown tile {token}"));
        }
    }
    Ok(counts)
}

fn is_orphan(i: usize) -> bool {
    i >= 27 || i.is_multiple_of(9) || i % 9 == 8
}

/// The groups (as tile lists) that contain tile `x`: triplet, pair, and runs through `x`.
fn groups_with(x: usize) -> Vec<(Vec<usize>, bool)> {
    let mut out = vec![(vec![x, x, x], false), (vec![x, x], true)];
    if x < 27 {
        for start in x.saturating_sub(2)..=x {
            if start / 9 == x / 9 && start % 9 <= 6 {
                out.push((vec![start, start + 1, start + 2], false));
            }
        }
    }
    out
}

/// Every regular decomposition of `counts` into `sets` sets and one pair, as strings.
fn regular_decompositions(
    counts: &mut [u8; 34],
    sets: usize,
    pair: bool,
    chosen: &mut Vec<String>,
    out: &mut BTreeSet<String>,
) {
    let Some(x) = (0..34).find(|&i| counts[i] > 0) else {
        if sets == 0 && !pair {
            let mut groups = chosen.clone();
            let pair_group = groups.iter().position(|g| g.len() == 3).map(|p| groups.remove(p));
            let mut melds: Vec<(usize, u8, String)> = groups
                .iter()
                .map(|g| {
                    let key = group_key(g);
                    (key.0, key.1, g.clone())
                })
                .collect();
            melds.sort();
            let mut text: Vec<String> = melds.into_iter().map(|m| m.2).collect();
            text.extend(pair_group);
            out.insert(text.join(" "));
        }
        return;
    };
    // The lowest held tile is the lowest tile of its group: a pair, a triplet or a run from it.
    let candidates: Vec<(Vec<usize>, bool)> = groups_with(x).into_iter().filter(|(g, _)| g[0] == x).collect();
    for (group, is_pair) in candidates {
        if is_pair && !pair || !is_pair && sets == 0 {
            continue;
        }
        let mut ok = true;
        for &t in &group {
            if counts[t] == 0 {
                ok = false;
            }
            counts[t] = counts[t].wrapping_sub(1);
        }
        if ok && group.iter().all(|&t| counts[t] < 5) {
            chosen.push(group_text(&group));
            if is_pair {
                regular_decompositions(counts, sets, false, chosen, out);
            } else {
                regular_decompositions(counts, sets - 1, pair, chosen, out);
            }
            chosen.pop();
        }
        for &t in &group {
            counts[t] = counts[t].wrapping_add(1);
        }
    }
}

/// Pairs are written with two digits, so a 3-character string is a pair.
fn group_text(group: &[usize]) -> String {
    let suit = &tile_name(group[0])[1..];
    let digits: String = group.iter().map(|&t| char::from(b'1' + (t % 9) as u8)).collect();
    format!("{digits}{suit}")
}

fn group_key(text: &str) -> (usize, u8) {
    let b = text.as_bytes();
    let suit = match b[b.len() - 1] {
        b'm' => 0,
        b'p' => 9,
        b's' => 18,
        _ => 27,
    };
    let first = suit + usize::from(b[0] - b'1');
    let run = u8::from(b[0] != b[1]);
    (first, run)
}

fn tile_total(counts: &[u8; 34]) -> usize {
    counts.iter().map(|&c| usize::from(c)).sum()
}

/// Every decomposition of a complete hand, as the core's `Display` writes them (sets ascending,
/// triplet before run at a tile, then the pair; seven pairs; thirteen orphans pair first).
pub fn decompositions(counts: &[u8; 34], riichi: bool) -> Vec<String> {
    let n = tile_total(counts);
    if n % 3 != 2 {
        return Vec::new();
    }
    let mut set = BTreeSet::new();
    regular_decompositions(&mut counts.clone(), n / 3, true, &mut Vec::new(), &mut set);
    let mut all: Vec<String> = set.into_iter().collect();
    if riichi && n == 14 {
        let pairs: Vec<usize> = (0..34).filter(|&i| counts[i] == 2).collect();
        if pairs.len() == 7 {
            all.push(pairs.iter().map(|&i| group_text(&[i, i])).collect::<Vec<_>>().join(" "));
        }
        let orphans_ok = (0..34).all(|i| if is_orphan(i) { counts[i] >= 1 } else { counts[i] == 0 });
        if orphans_ok {
            let pair = (0..34).find(|&i| counts[i] == 2).unwrap_or(0);
            let mut parts = vec![group_text(&[pair, pair])];
            parts.extend((0..34).filter(|&i| is_orphan(i) && i != pair).map(tile_name));
            all.push(parts.join(" "));
        }
    }
    all
}

/// Whether `counts` splits into `sets` sets and (when `pair`) one pair: the search of
/// [`regular_decompositions`], stopping at the first split and writing none.
fn splits(counts: &mut [u8; 34], sets: usize, pair: bool) -> bool {
    let Some(x) = (0..34).find(|&i| counts[i] > 0) else {
        return sets == 0 && !pair;
    };
    // The lowest held tile is the lowest tile of its group: a pair, a triplet or a run from it.
    let mut candidates: Vec<([usize; 3], usize, bool)> = vec![([x; 3], 3, false), ([x; 3], 2, true)];
    if x < 27 && x % 9 <= 6 {
        candidates.push(([x, x + 1, x + 2], 3, false));
    }
    for (group, len, is_pair) in candidates {
        if is_pair && !pair || !is_pair && sets == 0 {
            continue;
        }
        let group = &group[..len];
        let mut ok = true;
        for &t in group {
            if counts[t] == 0 {
                ok = false;
            }
            counts[t] = counts[t].wrapping_sub(1);
        }
        let found = ok
            && group.iter().all(|&t| counts[t] < 5)
            && if is_pair {
                splits(counts, sets, false)
            } else {
                splits(counts, sets - 1, pair)
            };
        for &t in group {
            counts[t] = counts[t].wrapping_add(1);
        }
        if found {
            return true;
        }
    }
    false
}

/// Whether a hand of `3n+2` tiles is complete: it has a decomposition ([`decompositions`]'
/// three forms, searched without writing them).
pub fn is_complete(counts: &[u8; 34], riichi: bool) -> bool {
    let n = tile_total(counts);
    if n % 3 != 2 {
        return false;
    }
    if splits(&mut counts.clone(), n / 3, true) {
        return true;
    }
    riichi
        && n == 14
        && ((0..34).filter(|&i| counts[i] == 2).count() == 7
            || (0..34).all(|i| if is_orphan(i) { counts[i] >= 1 } else { counts[i] == 0 }))
}

/// The waits of a `3n+1` hand, as tile indices.
pub fn waits(counts: &[u8; 34], riichi: bool) -> Vec<usize> {
    (0..34)
        .filter(|&t| {
            if counts[t] >= 4 {
                return false;
            }
            let mut with = *counts;
            with[t] += 1;
            is_complete(&with, riichi)
        })
        .collect()
}

/// The most held tiles that groups can cover: `held` are the tiles not yet decided, `target`
/// the tiles of the groups placed so far (at most four of a kind), `sets`/`pair` the groups
/// still to place, `kept` the held tiles covered so far. At the lowest undecided kind either
/// every remaining copy is discarded or one copy is covered by a group through it (a triplet,
/// the pair, or a run); groups left at the end are made of drawn tiles on untouched kinds.
fn best_keep(held: &mut [u8; 34], target: &mut [u8; 34], sets: usize, pair: bool, kept: usize, best: &mut usize) {
    let left: usize = held.iter().map(|&c| usize::from(c)).sum();
    // Each group still to place covers at most three (the pair two) held tiles.
    if kept + left.min(3 * sets + 2 * usize::from(pair)) <= *best {
        return;
    }
    let Some(x) = (0..34).find(|&i| held[i] > 0) else {
        let free = (0..34).filter(|&i| target[i] == 0).count();
        if free >= sets + usize::from(pair) {
            *best = kept;
        }
        return;
    };
    for (tiles, len, is_pair) in groups_through(x) {
        let group = &tiles[..len];
        if is_pair && !pair || !is_pair && sets == 0 {
            continue;
        }
        for &t in group {
            target[t] += 1;
        }
        if group.iter().all(|&t| target[t] <= 4) {
            let before = *held;
            let mut covered = 0;
            for &t in group {
                if held[t] > 0 {
                    held[t] -= 1;
                    covered += 1;
                }
            }
            let (s, p) = if is_pair { (sets, false) } else { (sets - 1, pair) };
            best_keep(held, target, s, p, kept + covered, best);
            *held = before;
        }
        for &t in group {
            target[t] -= 1;
        }
    }
    let copies = held[x];
    held[x] = 0;
    best_keep(held, target, sets, pair, kept, best);
    held[x] = copies;
}

/// [`groups_with`] without allocating: (tiles, how many of them, whether it is the pair), in
/// the same order.
fn groups_through(x: usize) -> impl Iterator<Item = ([usize; 3], usize, bool)> {
    let mut out = [([0; 3], 0, false); 5];
    out[0] = ([x, x, x], 3, false);
    out[1] = ([x, x, 0], 2, true);
    let mut n = 2;
    if x < 27 {
        for start in x.saturating_sub(2)..=x {
            if start / 9 == x / 9 && start % 9 <= 6 {
                out[n] = ([start, start + 1, start + 2], 3, false);
                n += 1;
            }
        }
    }
    out.into_iter().take(n)
}

/// The most regular shanten values [`SHANTEN`] keeps (then it starts afresh).
const MAX_REMEMBERED_SHANTEN: usize = 500_000;

thread_local! {
    /// Regular-form shanten by counts, as computed (ukeire asks it of 34 neighbours of a hand,
    /// for two forms, and a fuzzer keeps a hand while it mutates the rest of a case).
    static SHANTEN: std::cell::RefCell<std::collections::HashMap<[u8; 34], Option<i32>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Regular-form shanten of a `3k+1`/`3k+2` hand (`None` for other sizes).
pub fn shanten_regular(counts: &[u8; 34]) -> Option<i32> {
    if let Some(known) = SHANTEN.with(|memo| memo.borrow().get(counts).copied()) {
        return known;
    }
    let n = tile_total(counts);
    let value = if n.is_multiple_of(3) || n > 14 {
        None
    } else {
        let sets = n / 3;
        let mut best = 0;
        best_keep(&mut counts.clone(), &mut [0; 34], sets, true, 0, &mut best);
        Some((3 * sets + 2 - best) as i32 - 1)
    };
    SHANTEN.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() >= MAX_REMEMBERED_SHANTEN {
            memo.clear();
        }
        memo.insert(*counts, value);
    });
    value
}

/// Seven-pairs shanten (13 or 14 tiles only): keep at most two of at most seven kinds.
pub fn shanten_seven_pairs(counts: &[u8; 34]) -> Option<i32> {
    let n = tile_total(counts);
    if n != 13 && n != 14 {
        return None;
    }
    let mut kept: Vec<u8> = counts.iter().map(|&c| c.min(2)).collect();
    kept.sort_unstable_by(|a, b| b.cmp(a));
    let best: i32 = kept.iter().take(7).map(|&c| i32::from(c)).sum();
    Some(14 - best - 1)
}

/// Thirteen-orphans shanten (13 or 14 tiles only): keep one of each orphan and one second copy.
pub fn shanten_thirteen_orphans(counts: &[u8; 34]) -> Option<i32> {
    let n = tile_total(counts);
    if n != 13 && n != 14 {
        return None;
    }
    let kinds = (0..34).filter(|&i| is_orphan(i) && counts[i] > 0).count() as i32;
    let second = (0..34).any(|i| is_orphan(i) && counts[i] >= 2);
    Some(14 - kinds - i32::from(second) - 1)
}

/// Shanten for a form name (`regular`, `seven-pairs`, `thirteen-orphans`) or the minimum (`None`).
pub fn shanten(counts: &[u8; 34], form: Option<&str>) -> Option<i32> {
    match form {
        Some("regular") => shanten_regular(counts),
        Some("seven-pairs") => shanten_seven_pairs(counts),
        Some("thirteen-orphans") => shanten_thirteen_orphans(counts),
        _ => {
            let forms = [
                shanten_regular(counts),
                shanten_seven_pairs(counts),
                shanten_thirteen_orphans(counts),
            ];
            forms.into_iter().flatten().min()
        }
    }
}

/// Ukeire of a `3n+1` hand: `(tile index, unseen copies)` for each kind whose draw lowers the
/// shanten.
pub fn ukeire(counts: &[u8; 34], visible: &[u8; 34], form: Option<&str>) -> Option<Vec<(usize, u8)>> {
    let before = shanten(counts, form)?;
    let mut out = Vec::new();
    for t in 0..34 {
        if counts[t] >= 4 {
            continue;
        }
        let mut with = *counts;
        with[t] += 1;
        if shanten(&with, form).is_some_and(|after| after < before) {
            out.push((t, 4 - counts[t] - visible[t]));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search without writing agrees with the decompositions written out, on hands of every
    /// `3n+2` size drawn from few kinds (so that many are complete).
    #[test]
    fn is_complete_is_having_a_decomposition() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut complete = 0;
        for round in 0..3000 {
            let mut counts = [0u8; 34];
            let size = [2, 5, 8, 11, 14][round % 5];
            let base = (round * 7) % 30;
            let mut placed = 0;
            while placed < size {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let kind = if round % 7 == 0 {
                    (x % 34) as usize
                } else {
                    (base + (x % 6) as usize) % 34
                };
                if counts[kind] < 4 {
                    counts[kind] += 1;
                    placed += 1;
                }
            }
            for riichi in [false, true] {
                let want = !decompositions(&counts, riichi).is_empty();
                complete += usize::from(want);
                assert_eq!(is_complete(&counts, riichi), want, "{counts:?} riichi={riichi}");
            }
        }
        assert!(complete > 100, "{complete} complete hands");
    }
}
