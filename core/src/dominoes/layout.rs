//! A layout for engines: the tiles on the table as a tree, its open ends, the legal placements
//! of a tile, playing a tile, and Five Up scoring (spec, "Beyond the seed").
//!
//! Geometry kept: a non-double has two ends; a double is played crosswise and has two *sides*;
//! a spinner also has two *ends*, which take tiles only once both sides are covered ("a
//! spinner's two sides are filled before its ends"). A non-opening tile covers one free point
//! of the tile it attaches to with its own touching half.

use super::verdict::Placement;
use super::{Error, MAX_PLAY_ORDER, SpinnerRule, Tile};

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

/// The free points of every tile of a layout by play index, each [`Free`] packed in a byte
/// (bits 0–1 the open ends, 2–3 the free sides, 4–5 the free spinner ends: a quarter of the
/// struct), and the doubles played so far (the next double's position for the spinner rule).
/// Shared by [`Layout`], [`BorrowedLayout`] and the round engine ([`Round`](super::Round)).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Frees<const N: usize> {
    free: [u8; N],
    /// Doubles in the layout.
    pub(crate) doubles: usize,
}

impl<const N: usize> Frees<N> {
    /// No tile down.
    pub(crate) const fn new() -> Frees<N> {
        Frees {
            free: [0; N],
            doubles: 0,
        }
    }

    /// The free points of play index `index` (callers keep `index < N`; none past it).
    pub(crate) fn get(&self, index: usize) -> Free {
        debug_assert!(index < N, "dominoes: a play index past the layout");
        let byte = self.free.get(index).copied().unwrap_or(0);
        Free {
            open: [byte & 1 != 0, byte & 2 != 0],
            sides: (byte >> 2) & 3,
            ends: (byte >> 4) & 3,
        }
    }

    /// Sets the free points of play index `index` (callers keep `index < N`).
    pub(crate) fn set(&mut self, index: usize, free: Free) {
        debug_assert!(index < N, "dominoes: a play index past the layout");
        if let Some(slot) = self.free.get_mut(index) {
            *slot = u8::from(free.open[0]) | u8::from(free.open[1]) << 1 | (free.sides & 3) << 2 | (free.ends & 3) << 4;
        }
    }

    /// The packed byte of play index `index` (see the type's docs; 0 past `N`).
    pub(crate) fn byte(&self, index: usize) -> u8 {
        self.free.get(index).copied().unwrap_or(0)
    }

    /// Sets the packed byte of play index `index` (callers keep `index < N`).
    pub(crate) fn set_byte(&mut self, index: usize, byte: u8) {
        debug_assert!(index < N, "dominoes: a play index past the layout");
        if let Some(slot) = self.free.get_mut(index) {
            *slot = byte;
        }
    }

    /// Covers one free point of tile `index` (which is `tile`) showing `pip`.
    pub(crate) fn cover(&mut self, index: usize, tile: Tile, pip: u32) {
        let mut free = self.get(index);
        free.cover(tile, pip);
        self.set(index, free);
    }
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
    tiles: &'a [Tile],
    frees: &'a Frees<MAX_PLAY_ORDER>,
    index: usize,
    step: u8,
}

impl Iterator for OpenEnds<'_> {
    type Item = OpenEnd;

    fn next(&mut self) -> Option<OpenEnd> {
        loop {
            let tile = *self.tiles.get(self.index)?;
            let free = self.frees.get(self.index);
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
                    (free.open[0], tile.a)
                } else {
                    (free.open[1], tile.b)
                };
                if open {
                    return Some(end(pip, true));
                }
                continue;
            }
            // `step ≥ ends` here (the branch above returns or continues otherwise).
            let step = step.wrapping_sub(ends);
            if step < free.sides {
                return Some(end(tile.a, true));
            }
            if step.wrapping_sub(free.sides) < free.ends {
                return Some(end(tile.a, free.sides == 0));
            }
            self.index = self.index.wrapping_add(1);
            self.step = 0;
        }
    }
}

/// What a layout knows besides its tiles: the rule, each tile's free points (a byte per tile)
/// and the open-end total. [`Layout`] keeps the tiles itself, [`BorrowedLayout`] borrows them;
/// both play through this, so the rules are written once.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Board {
    rule: SpinnerRule,
    frees: Frees<MAX_PLAY_ORDER>,
    total: u64,
}

impl Board {
    const fn new(rule: SpinnerRule) -> Board {
        Board {
            rule,
            frees: Frees::new(),
            total: 0,
        }
    }

    fn score(&self) -> Score {
        Score {
            open_total: self.total,
            points: self.rule.points(self.total),
        }
    }

    fn open_ends<'a>(&'a self, played: &'a [Tile]) -> OpenEnds<'a> {
        OpenEnds {
            tiles: played,
            frees: &self.frees,
            index: 0,
            step: 0,
        }
    }

    /// The legal placements of `tile` after the tiles `played` (see [`Layout::placements`]).
    fn placements<'a>(&'a self, played: &'a [Tile], tile: Tile) -> Placements<'a> {
        let blocked = played.is_empty() || played.len() >= MAX_PLAY_ORDER || played.contains(&tile);
        Placements {
            tiles: played,
            frees: &self.frees,
            tile,
            parent: if blocked { played.len() } else { 0 },
            second: false,
        }
    }

    /// Plays `tile` after the tiles `played` (the layout so far, in play order; see
    /// [`Layout::play`]): on error nothing changes.
    fn play(&mut self, played: &[Tile], tile: Tile, placement: Option<Placement>) -> Result<Score, Error> {
        if played.len() >= MAX_PLAY_ORDER {
            return Err(Error::TooManyTiles {
                capacity: MAX_PLAY_ORDER,
                span: None,
            });
        }
        if let Some(earlier) = played.iter().position(|&placed| placed == tile) {
            return Err(Error::DuplicateTile { earlier });
        }
        let spinner = tile.is_double() && self.rule.is_spinner(self.frees.doubles);
        let free = match (played.is_empty(), placement) {
            (true, Some(_)) => return Err(Error::OpeningTakesNoPlacement),
            (false, None) => return Err(Error::PlacementRequired),
            (true, None) => Free::opening(tile, spinner),
            (false, Some(Placement { parent, pip })) => {
                let target = *played.get(parent).ok_or(Error::NoSuchTile { parent })?;
                if !tile.shows(pip) {
                    return Err(Error::PipNotOnTile { pip });
                }
                let mut target_free = self.frees.get(parent);
                if !target_free.takes(target, pip) {
                    return Err(Error::NoFreeEnd { parent, pip });
                }
                let before = target_free.counted(target);
                target_free.cover(target, pip);
                self.frees.set(parent, target_free);
                self.total = self
                    .total
                    .saturating_sub(before)
                    .saturating_add(target_free.counted(target));
                Free::attached(tile, pip, spinner)
            }
        };
        self.frees.set(played.len(), free);
        self.total = self.total.saturating_add(free.counted(tile));
        if tile.is_double() {
            self.frees.doubles = self.frees.doubles.saturating_add(1);
        }
        Ok(self.score())
    }
}

/// A Five Up layout under a [`SpinnerRule`], holding up to [`MAX_PLAY_ORDER`] tiles
/// (`size_of` about 2.3 KB: the tiles and a byte of free points per tile). To replay a play
/// order kept elsewhere on a small stack, see [`BorrowedLayout`] (about 300 bytes).
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
    tiles: heapless::Vec<Tile, MAX_PLAY_ORDER>,
    board: Board,
}

impl Layout {
    /// An empty layout.
    pub const fn new(rule: SpinnerRule) -> Layout {
        Layout {
            tiles: heapless::Vec::new(),
            board: Board::new(rule),
        }
    }

    /// The spinner rule.
    pub fn rule(&self) -> SpinnerRule {
        self.board.rule
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
        self.tiles.get(index).copied()
    }

    /// The index of `tile` if it is in the layout.
    pub fn position(&self, tile: Tile) -> Option<usize> {
        self.tiles.iter().position(|&placed| placed == tile)
    }

    /// Every free point, tile by tile in play order: a non-double's free ends, a double's free
    /// sides, then a spinner's free ends.
    pub fn open_ends(&self) -> impl Iterator<Item = OpenEnd> + '_ {
        self.board.open_ends(&self.tiles)
    }

    /// The open-end total (spec, "Beyond the seed"): each free end of a non-double counts its
    /// pip; a double counts both halves while at least one side is free and nothing once both
    /// are covered; a spinner's ends do not count (the tiles on them do).
    pub fn open_total(&self) -> u64 {
        self.board.total
    }

    /// The current [`Score`] (open total and its points).
    pub fn score(&self) -> Score {
        self.board.score()
    }

    /// The legal placements of `tile`, by parent index then pip (`tile.a` first): every earlier
    /// tile with a free point showing a number of `tile` that can take a tile now. Empty when
    /// the layout is empty (the opening is played with no placement), when the tile is already
    /// in the layout, or when the layout is full.
    pub fn placements(&self, tile: Tile) -> Placements<'_> {
        self.board.placements(&self.tiles, tile)
    }

    /// Plays `tile`: the opening with `placement == None` on an empty layout, otherwise
    /// attached as `placement` says. Returns the new [`Score`]; on error the layout is
    /// unchanged.
    ///
    /// Errors: [`Error::TooManyTiles`] (full), [`Error::DuplicateTile`],
    /// [`Error::OpeningTakesNoPlacement`], [`Error::PlacementRequired`], [`Error::NoSuchTile`],
    /// [`Error::PipNotOnTile`], [`Error::NoFreeEnd`].
    pub fn play(&mut self, tile: Tile, placement: Option<Placement>) -> Result<Score, Error> {
        let score = self.board.play(&self.tiles, tile, placement)?;
        // Cannot fail: `Board::play` refused a full layout.
        let pushed = self.tiles.push(tile);
        debug_assert!(pushed.is_ok(), "dominoes: a layout past its capacity");
        Ok(score)
    }
}

/// A layout replayed over a play order the caller keeps (`tiles`, borrowed): the rules of
/// [`Layout`] with a byte of state per tile, so it fits a small stack (`size_of` about 300
/// bytes against [`Layout`]'s 2.3 KB). The C entry points `parlor_dominoes_play` and
/// `parlor_dominoes_placements` are built on it. Tiles are played in order, each with
/// [`BorrowedLayout::play_next`].
///
/// ```
/// use parlor_core::dominoes::{BorrowedLayout, Placement, SpinnerRule, Tile};
/// let tiles = [Tile::new(5, 5), Tile::new(5, 0), Tile::new(5, 3)];
/// let mut layout = BorrowedLayout::new(SpinnerRule::EveryDouble, &tiles)?;
/// assert_eq!(layout.play_next(None)?.points, 2);
/// let on_5_5 = Placement { parent: 0, pip: 5 };
/// assert_eq!(layout.placements(Tile::new(5, 0)).collect::<Vec<_>>(), [on_5_5]);
/// assert_eq!(layout.play_next(Some(on_5_5))?.open_total, 10);
/// assert_eq!(layout.play_next(Some(on_5_5))?.open_total, 3);
/// assert_eq!(layout.len(), 3);
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BorrowedLayout<'a> {
    tiles: &'a [Tile],
    played: usize,
    board: Board,
}

impl<'a> BorrowedLayout<'a> {
    /// An empty layout that will play `tiles` in order. Errors: [`Error::TooManyTiles`] for more
    /// than [`MAX_PLAY_ORDER`] tiles.
    pub fn new(rule: SpinnerRule, tiles: &'a [Tile]) -> Result<BorrowedLayout<'a>, Error> {
        if tiles.len() > MAX_PLAY_ORDER {
            return Err(Error::TooManyTiles {
                capacity: MAX_PLAY_ORDER,
                span: None,
            });
        }
        Ok(BorrowedLayout {
            tiles,
            played: 0,
            board: Board::new(rule),
        })
    }

    /// The spinner rule.
    pub fn rule(&self) -> SpinnerRule {
        self.board.rule
    }

    /// The number of tiles played so far.
    pub fn len(&self) -> usize {
        self.played
    }

    /// Whether no tile has been played yet.
    pub fn is_empty(&self) -> bool {
        self.played == 0
    }

    /// The tiles played so far, in play order.
    pub fn played(&self) -> &'a [Tile] {
        // `play` counts only tiles of `tiles`: the prefix exists.
        debug_assert!(self.played <= self.tiles.len(), "dominoes: played past the tiles");
        self.tiles.get(..self.played).unwrap_or_default()
    }

    /// As [`Layout::open_ends`], over the tiles played so far.
    pub fn open_ends(&self) -> impl Iterator<Item = OpenEnd> + '_ {
        self.board.open_ends(self.played())
    }

    /// As [`Layout::open_total`].
    pub fn open_total(&self) -> u64 {
        self.board.total
    }

    /// As [`Layout::score`].
    pub fn score(&self) -> Score {
        self.board.score()
    }

    /// As [`Layout::placements`], on the tiles played so far (`tile` need not be the next one).
    pub fn placements(&self, tile: Tile) -> Placements<'_> {
        self.board.placements(self.played(), tile)
    }

    /// Plays the next tile of the order, attached as `placement` says (`None` for the
    /// opening), as [`Layout::play`] does; on error nothing changes.
    ///
    /// Errors: those of [`Layout::play`]; [`Error::TooManyTiles`] (with `capacity` the order's
    /// length) once every tile of the order is played.
    pub fn play_next(&mut self, placement: Option<Placement>) -> Result<Score, Error> {
        let (Some(&tile), Some(played)) = (self.tiles.get(self.played), self.tiles.get(..self.played)) else {
            return Err(Error::TooManyTiles {
                capacity: self.tiles.len(),
                span: None,
            });
        };
        let score = self.board.play(played, tile, placement)?;
        self.played = self.played.saturating_add(1);
        Ok(score)
    }
}

/// Iterator over the legal placements of a tile ([`Layout::placements`],
/// [`BorrowedLayout::placements`]).
#[derive(Debug, Clone)]
pub struct Placements<'a> {
    tiles: &'a [Tile],
    frees: &'a Frees<MAX_PLAY_ORDER>,
    tile: Tile,
    parent: usize,
    second: bool,
}

impl Iterator for Placements<'_> {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        while let Some(&placed) = self.tiles.get(self.parent) {
            let pip = if self.second { self.tile.b } else { self.tile.a };
            let parent = self.parent;
            let fresh = !self.second || !self.tile.is_double();
            if self.second {
                self.second = false;
                self.parent = self.parent.wrapping_add(1);
            } else {
                self.second = true;
            }
            if fresh && self.frees.get(parent).takes(placed, pip) {
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
        layout.tiles.iter().enumerate().flat_map(|(index, &tile)| {
            let free = layout.board.frees.get(index);
            let ends = [(free.open[0], tile.a), (free.open[1], tile.b)];
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
            let sides = (0..free.sides).map(move |_| OpenEnd {
                tile: index,
                pip: tile.a,
                playable: true,
            });
            let spinner_ends = (0..free.ends).map(move |_| OpenEnd {
                tile: index,
                pip: tile.a,
                playable: free.sides == 0,
            });
            plain.chain(sides).chain(spinner_ends)
        })
    }

    /// The borrowed layout is what the C play/placements calls keep on the stack: a byte of free
    /// points per tile, far under the 2 KiB budget; `Layout` holds the tiles too.
    #[test]
    fn the_borrowed_layout_fits_a_small_stack() {
        let borrowed = core::mem::size_of::<super::BorrowedLayout<'_>>();
        let owned = core::mem::size_of::<Layout>();
        // x86-64: BorrowedLayout 304 bytes, Layout 2,336.
        assert!(borrowed <= 304, "BorrowedLayout {borrowed} bytes");
        assert!(owned <= 2_336, "Layout {owned} bytes");
        assert!(borrowed >= super::MAX_PLAY_ORDER && owned >= 9 * super::MAX_PLAY_ORDER);
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
