//! Naive reference for Five Up dominoes, written from `docs/rules/dominoes.md` alone:
//! exhaustive backtracking over both orientations of every tile, carrying the open ends as a
//! plain list of numbers; and a direct model of the layout geometry for scoring. Exponential on
//! purpose (memoised on the open-end multiset only to reach ~30 tiles): small inputs only.

use std::collections::HashMap;

/// Which doubles are spinners (the reference's own copy of the rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spinners {
    /// Every double (Five Up).
    Every,
    /// Only the first double played (All Fives).
    First,
    /// No double (a single line).
    None,
}

impl Spinners {
    /// From the C ABI / core code: 0 every, 1 first, anything else none.
    pub fn from_code(code: u8) -> Spinners {
        match code {
            0 => Spinners::Every,
            1 => Spinners::First,
            _ => Spinners::None,
        }
    }
}

/// The reference verdict: legal, or the first tile that broke it and whether it was a
/// duplicate (with the earlier copy's index) or could not attach anywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefVerdict {
    /// Legal.
    Legal,
    /// Tile `tile` duplicates tile `earlier`.
    Duplicate {
        /// Index of the duplicate.
        tile: usize,
        /// Index of the first copy.
        earlier: usize,
    },
    /// Tile `tile` cannot attach however the earlier tiles were played.
    NoOpenEnd {
        /// Index of the tile.
        tile: usize,
    },
}

fn same(p: (u32, u32), q: (u32, u32)) -> bool {
    p == q || (p.0 == q.1 && p.1 == q.0)
}

/// Is the double at index `index` a spinner? Counts the doubles before it.
fn spinner_at(tiles: &[(u32, u32)], index: usize, rule: Spinners) -> bool {
    let earlier_doubles = tiles[..index].iter().filter(|t| t.0 == t.1).count();
    match rule {
        Spinners::Every => true,
        Spinners::First => earlier_doubles == 0,
        Spinners::None => false,
    }
}

/// Plays tiles `index..` from open ends `open`; returns how many tiles in total could be played
/// along the best branch (stops at `limit`).
fn deepest(
    tiles: &[(u32, u32)],
    index: usize,
    open: &mut Vec<u32>,
    rule: Spinners,
    limit: usize,
    seen: &mut HashMap<(usize, Vec<u32>), usize>,
) -> usize {
    if index == limit {
        return index;
    }
    // The same open-end multiset at the same step always reaches the same depth.
    let mut key = open.clone();
    key.sort_unstable();
    let key = (index, key);
    if let Some(&known) = seen.get(&key) {
        return known;
    }
    let (x, y) = tiles[index];
    let mut best = index;
    let ways: Vec<(u32, u32)> = if x == y { vec![(x, x)] } else { vec![(x, y), (y, x)] };
    for (by, other) in ways {
        let Some(at) = open.iter().position(|&v| v == by) else {
            continue;
        };
        open.remove(at);
        let added = if x == y {
            if spinner_at(tiles, index, rule) { 3 } else { 1 }
        } else {
            1
        };
        for _ in 0..added {
            open.push(other);
        }
        best = best.max(deepest(tiles, index + 1, open, rule, limit, seen));
        for _ in 0..added {
            open.pop();
        }
        open.insert(at, by);
        if best == limit {
            break;
        }
    }
    seen.insert(key, best);
    best
}

/// Decides a play order by brute force.
pub fn validate(tiles: &[(u32, u32)], rule: Spinners) -> RefVerdict {
    let duplicate = (0..tiles.len()).find_map(|i| (0..i).find(|&j| same(tiles[i], tiles[j])).map(|j| (i, j)));
    let limit = duplicate.map_or(tiles.len(), |(i, _)| i);
    let reached = if limit == 0 {
        0
    } else {
        let (x, y) = tiles[0];
        let mut open = if x == y {
            vec![x; if spinner_at(tiles, 0, rule) { 4 } else { 2 }]
        } else {
            vec![x, y]
        };
        deepest(tiles, 1, &mut open, rule, limit, &mut HashMap::new())
    };
    if reached < limit {
        return RefVerdict::NoOpenEnd { tile: reached };
    }
    match duplicate {
        Some((tile, earlier)) => RefVerdict::Duplicate { tile, earlier },
        None => RefVerdict::Legal,
    }
}

/// One free point of a tile in the reference layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Point {
    /// A non-double's end.
    End(u32),
    /// A double's side.
    Side(u32),
    /// A spinner's end (playable once both sides are covered).
    SpinnerEnd(u32),
}

/// The reference layout: every tile with its list of free points.
#[derive(Debug, Clone)]
pub struct RefLayout {
    rule: Spinners,
    tiles: Vec<(u32, u32)>,
    free: Vec<Vec<Point>>,
}

impl RefLayout {
    /// An empty layout.
    pub fn new(rule: Spinners) -> RefLayout {
        RefLayout {
            rule,
            tiles: Vec::new(),
            free: Vec::new(),
        }
    }

    /// Plays `tile` (opening when `placement` is `None`), checking everything; returns the
    /// open-end total after the play or a description of what is wrong.
    pub fn play(&mut self, tile: (u32, u32), placement: Option<(usize, u32)>) -> Result<u64, String> {
        if let Some(j) = self.tiles.iter().position(|&t| same(t, tile)) {
            return Err(format!("duplicate of {j}"));
        }
        let double = tile.0 == tile.1;
        let mut all = self.tiles.clone();
        all.push(tile);
        let spinner = double && spinner_at(&all, self.tiles.len(), self.rule);
        let points = match placement {
            None => {
                if !self.tiles.is_empty() {
                    return Err("placement required".into());
                }
                if double {
                    let mut p = vec![Point::Side(tile.0); 2];
                    if spinner {
                        p.extend([Point::SpinnerEnd(tile.0); 2]);
                    }
                    p
                } else {
                    vec![Point::End(tile.0), Point::End(tile.1)]
                }
            }
            Some((parent, pip)) => {
                if self.tiles.is_empty() {
                    return Err("opening takes no placement".into());
                }
                if parent >= self.tiles.len() {
                    return Err("no such parent".into());
                }
                if tile.0 != pip && tile.1 != pip {
                    return Err("pip not on tile".into());
                }
                let free = &mut self.free[parent];
                let has_side = free.iter().any(|p| matches!(p, Point::Side(_)));
                let slot = free.iter().position(|&p| match p {
                    Point::End(v) | Point::Side(v) => v == pip,
                    Point::SpinnerEnd(v) => v == pip && !has_side,
                });
                let Some(slot) = slot else {
                    return Err("no free end".into());
                };
                free.remove(slot);
                if double {
                    let mut p = vec![Point::Side(tile.0)];
                    if spinner {
                        p.extend([Point::SpinnerEnd(tile.0); 2]);
                    }
                    p
                } else {
                    vec![Point::End(if tile.0 == pip { tile.1 } else { tile.0 })]
                }
            }
        };
        self.tiles.push(tile);
        self.free.push(points);
        Ok(self.total())
    }

    /// The open-end total: non-double ends count their pip; a double with a free side counts
    /// both halves; nothing else counts.
    pub fn total(&self) -> u64 {
        self.tiles
            .iter()
            .zip(&self.free)
            .map(|(&(x, y), free)| {
                if x == y {
                    if free.iter().any(|p| matches!(p, Point::Side(_))) {
                        2 * u64::from(x)
                    } else {
                        0
                    }
                } else {
                    free.iter()
                        .map(|p| match p {
                            Point::End(v) => u64::from(*v),
                            _ => 0,
                        })
                        .sum()
                }
            })
            .sum()
    }

    /// The free points showing numbers, as a sorted list (the open-end multiset).
    pub fn open_pips(&self) -> Vec<u32> {
        let mut pips: Vec<u32> = self
            .free
            .iter()
            .flatten()
            .map(|p| match *p {
                Point::End(v) | Point::Side(v) | Point::SpinnerEnd(v) => v,
            })
            .collect();
        pips.sort_unstable();
        pips
    }
}

/// Five Up points for a total (÷ 5 when a positive multiple of 5; All Fives: the total).
pub fn points(total: u64, rule: Spinners) -> u64 {
    if total == 0 || !total.is_multiple_of(5) {
        0
    } else if rule == Spinners::First {
        total
    } else {
        total / 5
    }
}
