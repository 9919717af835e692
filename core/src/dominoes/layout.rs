//! A layout for engines: the tiles on the table as a tree, its open ends, the legal placements
//! of a tile, playing a tile, and Five Up scoring (spec, "Beyond the seed").
//!
//! Geometry kept: a non-double has two ends; a double is played crosswise and has two *sides*;
//! a spinner also has two *ends*, which take tiles only once both sides are covered ("a
//! spinner's two sides are filled before its ends"). A non-opening tile covers one free point
//! of the tile it attaches to with its own touching half.

use super::validate::Placement;
use super::{Error, MAX_TILES, SpinnerRule, Tile};

/// The free points of one tile in a layout (without the tile itself), shared with the round
/// engine ([`Round`](super::Round)), which keeps its tiles as small ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Free {
    /// Non-double: whether the end showing `tile.a` / `tile.b` is free.
    pub(crate) open: [bool; 2],
    /// Double: free sides (0–2).
    pub(crate) sides: u8,
    /// Spinner: free ends (0–2); always 0 for other tiles.
    pub(crate) ends: u8,
}

impl Free {
    /// The free points of `tile` played as the opening (`spinner`: whether a double spins).
    pub(crate) const fn opening(tile: Tile, spinner: bool) -> Free {
        if tile.is_double() {
            Free {
                open: [true, true],
                sides: 2,
                ends: if spinner { 2 } else { 0 },
            }
        } else {
            Free {
                open: [true, true],
                sides: 0,
                ends: 0,
            }
        }
    }

    /// The free points of `tile` attached by its half showing `pip`.
    pub(crate) const fn attached(tile: Tile, pip: u32, spinner: bool) -> Free {
        if tile.is_double() {
            Free {
                open: [true, true],
                sides: 1,
                ends: if spinner { 2 } else { 0 },
            }
        } else {
            Free {
                open: [tile.a != pip, tile.a == pip],
                sides: 0,
                ends: 0,
            }
        }
    }

    /// Whether a tile can attach to `tile` by `pip` now.
    pub(crate) fn takes(&self, tile: Tile, pip: u32) -> bool {
        if tile.is_double() {
            tile.a == pip && (self.sides > 0 || self.ends > 0)
        } else {
            (tile.a == pip && self.open[0]) || (tile.b == pip && self.open[1])
        }
    }

    /// This tile's part of the open-end total: a non-double's free ends count their pips; a
    /// double counts both halves while a side is free and nothing after (its ends never count).
    pub(crate) fn counted(&self, tile: Tile) -> u64 {
        if tile.is_double() {
            if self.sides > 0 { tile.pips() } else { 0 }
        } else {
            let a = if self.open[0] { u64::from(tile.a) } else { 0 };
            let b = if self.open[1] { u64::from(tile.b) } else { 0 };
            a.wrapping_add(b)
        }
    }

    /// Covers one free point showing `pip` (sides before ends).
    pub(crate) fn cover(&mut self, tile: Tile, pip: u32) {
        if tile.is_double() {
            if self.sides > 0 {
                self.sides = self.sides.wrapping_sub(1);
            } else {
                self.ends = self.ends.saturating_sub(1);
            }
        } else if tile.a == pip && self.open[0] {
            self.open[0] = false;
        } else {
            self.open[1] = false;
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Placed {
    tile: Tile,
    free: Free,
}

/// The open-end total after a play and the points it scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Score {
    /// Sum of the counted open ends (see [`Layout::open_total`]).
    pub open_total: u64,
    /// Points scored: [`SpinnerRule::points`] of `open_total` (total ÷ 5 in Five Up, the total
    /// in All Fives, when it is a positive multiple of 5; else 0).
    pub points: u64,
}

/// One free point of the layout: on tile `tile` (index in play order), showing `pip`.
/// `playable` is false for a spinner's end while a side of that spinner is still free.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OpenEnd {
    /// Index of the tile the free point belongs to.
    pub tile: usize,
    /// The number it shows.
    pub pip: u32,
    /// Whether a tile can be attached there now.
    pub playable: bool,
}

/// The free points of a layout ([`Layout::open_ends`]): tile `index`, its `step`-th candidate
/// point (a non-double's two ends, then a double's sides, then a spinner's ends). A plain walk
/// rather than an adapter chain, which compiles to a fraction of the code (flash).
struct OpenEnds<'a> {
    tiles: &'a [Placed],
    index: usize,
    step: u8,
}

impl Iterator for OpenEnds<'_> {
    type Item = OpenEnd;

    fn next(&mut self) -> Option<OpenEnd> {
        loop {
            let placed = self.tiles.get(self.index)?;
            let tile = placed.tile;
            let step = self.step;
            self.step = self.step.saturating_add(1);
            let end = |pip, playable| OpenEnd {
                tile: self.index,
                pip,
                playable,
            };
            // Non-doubles have two ends (steps 0 and 1); doubles start at their sides.
            let ends = if tile.is_double() { 0 } else { 2 };
            if step < ends {
                let (open, pip) = if step == 0 {
                    (placed.free.open[0], tile.a)
                } else {
                    (placed.free.open[1], tile.b)
                };
                if open {
                    return Some(end(pip, true));
                }
                continue;
            }
            // `step ≥ ends` here (the branch above returns or continues otherwise).
            let step = step.wrapping_sub(ends);
            if step < placed.free.sides {
                return Some(end(tile.a, true));
            }
            if step.wrapping_sub(placed.free.sides) < placed.free.ends {
                return Some(end(tile.a, placed.free.sides == 0));
            }
            self.index = self.index.wrapping_add(1);
            self.step = 0;
        }
    }
}

/// A Five Up layout under a [`SpinnerRule`], holding up to [`MAX_TILES`] tiles.
///
/// ```
/// use parlor_core::dominoes::{Layout, Placement, Score, SpinnerRule, Tile};
/// let mut layout = Layout::new(SpinnerRule::EveryDouble);
/// // 5-5 opens: a spinner counting both halves, 10 → 2 points.
/// assert_eq!(layout.play(Tile::new(5, 5), None)?, Score { open_total: 10, points: 2 });
/// // 5-0 on a side: 10 + 0 → 2 points.
/// let placement = Placement { parent: 0, pip: 5 };
/// assert_eq!(layout.placements(Tile::new(5, 0)).collect::<Vec<_>>(), [placement]);
/// assert_eq!(layout.play(Tile::new(5, 0), Some(placement))?, Score { open_total: 10, points: 2 });
/// // 5-3 on the other side: both sides covered, the spinner no longer counts: 0 + 3.
/// assert_eq!(layout.play(Tile::new(5, 3), Some(placement))?.open_total, 3);
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    rule: SpinnerRule,
    tiles: heapless::Vec<Placed, MAX_TILES>,
    doubles: usize,
    total: u64,
}

impl Layout {
    /// An empty layout.
    pub const fn new(rule: SpinnerRule) -> Layout {
        Layout {
            rule,
            tiles: heapless::Vec::new(),
            doubles: 0,
            total: 0,
        }
    }

    /// The spinner rule.
    pub fn rule(&self) -> SpinnerRule {
        self.rule
    }

    /// The number of tiles played.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether no tile has been played.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The tile at play index `index`.
    pub fn tile(&self, index: usize) -> Option<Tile> {
        self.tiles.get(index).map(|placed| placed.tile)
    }

    /// The index of `tile` if it is in the layout.
    pub fn position(&self, tile: Tile) -> Option<usize> {
        self.tiles.iter().position(|placed| placed.tile == tile)
    }

    /// Every free point, tile by tile in play order: a non-double's free ends, a double's free
    /// sides, then a spinner's free ends.
    pub fn open_ends(&self) -> impl Iterator<Item = OpenEnd> + '_ {
        OpenEnds {
            tiles: &self.tiles,
            index: 0,
            step: 0,
        }
    }

    /// The open-end total (spec, "Beyond the seed"): each free end of a non-double counts its
    /// pip; a double counts both halves while at least one side is free and nothing once both
    /// are covered; a spinner's ends do not count (the tiles on them do).
    pub fn open_total(&self) -> u64 {
        self.total
    }

    /// The current [`Score`] (open total and its points).
    pub fn score(&self) -> Score {
        Score {
            open_total: self.total,
            points: self.rule.points(self.total),
        }
    }

    /// The legal placements of `tile`, by parent index then pip (`tile.a` first): every earlier
    /// tile with a free point showing a number of `tile` that can take a tile now. Empty when
    /// the layout is empty (the opening is played with no placement), when the tile is already
    /// in the layout, or when the layout is full.
    pub fn placements(&self, tile: Tile) -> Placements<'_> {
        let blocked = self.tiles.is_empty() || self.tiles.is_full() || self.position(tile).is_some();
        Placements {
            layout: self,
            tile,
            parent: if blocked { self.tiles.len() } else { 0 },
            second: false,
        }
    }

    /// Plays `tile`: the opening with `placement == None` on an empty layout, otherwise
    /// attached as `placement` says. Returns the new [`Score`]; on error the layout is
    /// unchanged.
    ///
    /// Errors: [`Error::TooManyTiles`] (full), [`Error::DuplicateTile`],
    /// [`Error::OpeningTakesNoPlacement`], [`Error::PlacementRequired`], [`Error::NoSuchTile`],
    /// [`Error::PipNotOnTile`], [`Error::NoFreeEnd`].
    pub fn play(&mut self, tile: Tile, placement: Option<Placement>) -> Result<Score, Error> {
        if self.tiles.is_full() {
            return Err(Error::TooManyTiles {
                capacity: MAX_TILES,
                span: None,
            });
        }
        if let Some(earlier) = self.position(tile) {
            return Err(Error::DuplicateTile { earlier });
        }
        let spinner = tile.is_double() && self.rule.is_spinner(self.doubles);
        let free = match (self.tiles.is_empty(), placement) {
            (true, Some(_)) => return Err(Error::OpeningTakesNoPlacement),
            (false, None) => return Err(Error::PlacementRequired),
            (true, None) => Free::opening(tile, spinner),
            (false, Some(Placement { parent, pip })) => {
                let target = self.tiles.get_mut(parent).ok_or(Error::NoSuchTile { parent })?;
                if !tile.shows(pip) {
                    return Err(Error::PipNotOnTile { pip });
                }
                if !target.free.takes(target.tile, pip) {
                    return Err(Error::NoFreeEnd { parent, pip });
                }
                let before = target.free.counted(target.tile);
                target.free.cover(target.tile, pip);
                self.total = self
                    .total
                    .saturating_sub(before)
                    .saturating_add(target.free.counted(target.tile));
                Free::attached(tile, pip, spinner)
            }
        };
        let placed = Placed { tile, free };
        self.total = self.total.saturating_add(placed.free.counted(tile));
        if tile.is_double() {
            self.doubles = self.doubles.saturating_add(1);
        }
        // Cannot fail: fullness was checked first.
        let _ = self.tiles.push(placed);
        Ok(self.score())
    }
}

/// Iterator over the legal placements of a tile ([`Layout::placements`]).
#[derive(Debug, Clone)]
pub struct Placements<'a> {
    layout: &'a Layout,
    tile: Tile,
    parent: usize,
    second: bool,
}

impl Iterator for Placements<'_> {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        while let Some(placed) = self.layout.tiles.get(self.parent) {
            let pip = if self.second { self.tile.b } else { self.tile.a };
            let parent = self.parent;
            let fresh = !self.second || !self.tile.is_double();
            if self.second {
                self.second = false;
                self.parent = self.parent.wrapping_add(1);
            } else {
                self.second = true;
            }
            if fresh && placed.free.takes(placed.tile, pip) {
                return Some(Placement { parent, pip });
            }
        }
        None
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    use super::{Layout, OpenEnd, SpinnerRule, Tile};

    /// The adapter chain `Layout::open_ends` replaced, in the same order.
    fn reference(layout: &Layout) -> impl Iterator<Item = OpenEnd> + '_ {
        layout.tiles.iter().enumerate().flat_map(|(index, placed)| {
            let tile = placed.tile;
            let ends = [(placed.free.open[0], tile.a), (placed.free.open[1], tile.b)];
            let plain = (!tile.is_double())
                .then_some(ends)
                .into_iter()
                .flatten()
                .filter(|&(open, _)| open)
                .map(move |(_, pip)| OpenEnd {
                    tile: index,
                    pip,
                    playable: true,
                });
            let sides = (0..placed.free.sides).map(move |_| OpenEnd {
                tile: index,
                pip: tile.a,
                playable: true,
            });
            let spinner_ends = (0..placed.free.ends).map(move |_| OpenEnd {
                tile: index,
                pip: tile.a,
                playable: placed.free.sides == 0,
            });
            plain.chain(sides).chain(spinner_ends)
        })
    }

    #[test]
    fn open_ends_come_tile_by_tile_in_the_order_of_the_adapter_chain() {
        let mut state = 0x1234_5678_u32;
        let mut seen = 0usize;
        for rule in SpinnerRule::ALL {
            for _ in 0..200 {
                let mut layout = Layout::new(rule);
                for _ in 0..30 {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    let tile = Tile::new(state % 5, (state >> 8) % 5);
                    let choices = layout.placements(tile).count();
                    let placement = layout.placements(tile).nth((state >> 16) as usize % choices.max(1));
                    let _ = layout.play(tile, placement);
                    assert!(layout.open_ends().eq(reference(&layout)), "{rule} after {tile}");
                    seen += layout.open_ends().count();
                }
            }
        }
        assert!(seen > 10_000, "the layouts have open ends to compare ({seen})");
        // A spinner with both sides covered: its two ends, playable.
        let mut layout = Layout::new(SpinnerRule::EveryDouble);
        let _ = layout.play(Tile::new(5, 5), None);
        let on = |pip| Some(super::Placement { parent: 0, pip });
        let _ = layout.play(Tile::new(5, 1), on(5));
        assert_eq!(layout.open_ends().filter(|end| !end.playable).count(), 2);
        let _ = layout.play(Tile::new(5, 2), on(5));
        let ends: [Option<OpenEnd>; 3] = {
            let mut it = layout.open_ends().filter(|end| end.tile == 0);
            [it.next(), it.next(), it.next()]
        };
        let end = Some(OpenEnd {
            tile: 0,
            pip: 5,
            playable: true,
        });
        assert_eq!(ends, [end, end, None]);
    }
}
