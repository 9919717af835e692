//! The layout drawn as text, the way the seed draws it: tiles in a line as `a|b` with touching
//! numbers side by side, doubles across the line (their number above and below a `-`), and the
//! arms a spinner's ends start drawn as separate lines labelled with the double they leave from
//! (`docs/dominoes.md`, "The layout picture").
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::{Error, Layout, MAX_PLAY_ORDER, Tile, Witness};

/// The output: writes what fits, counts what is needed, drops trailing spaces of each row.
struct Sink<'a> {
    out: &'a mut [u8],
    needed: usize,
    spaces: usize,
    row_used: bool,
}

impl Sink<'_> {
    fn byte(&mut self, byte: u8) {
        if byte == b' ' {
            self.spaces = self.spaces.saturating_add(1);
            return;
        }
        while self.spaces > 0 {
            self.spaces = self.spaces.saturating_sub(1);
            self.raw(b' ');
        }
        self.row_used = true;
        self.raw(byte);
    }

    fn raw(&mut self, byte: u8) {
        if let Some(slot) = self.out.get_mut(self.needed) {
            *slot = byte;
        }
        self.needed = self.needed.saturating_add(1);
    }

    fn spaces(&mut self, count: usize) {
        self.spaces = self.spaces.saturating_add(count);
    }

    fn number(&mut self, value: u32) {
        let mut digits = [0u8; 10];
        let mut len = 0usize;
        let mut rest = value;
        loop {
            if let Some(slot) = digits.get_mut(len) {
                *slot = b'0'.saturating_add((rest % 10) as u8);
            }
            len = len.saturating_add(1);
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        for &digit in digits.iter().take(len).rev() {
            self.byte(digit);
        }
    }

    fn end_row(&mut self) {
        self.spaces = 0;
        if self.row_used {
            self.raw(b'\n');
        }
        self.row_used = false;
    }
}

fn width(value: u32) -> usize {
    let mut width = 1usize;
    let mut rest = value / 10;
    while rest > 0 {
        width = width.saturating_add(1);
        rest /= 10;
    }
    width
}

/// The number `child` and `parent` share (where it attaches).
fn shared(child: Tile, parent: Tile) -> Option<u32> {
    if child.shows(parent.a) {
        Some(parent.a)
    } else if child.shows(parent.b) {
        Some(parent.b)
    } else {
        None
    }
}

struct Tree<'a> {
    len: usize,
    tile: &'a dyn Fn(usize) -> Tile,
    parent: &'a dyn Fn(usize) -> Option<usize>,
}

impl Tree<'_> {
    fn tile(&self, index: usize) -> Tile {
        (self.tile)(index)
    }

    fn parent_of(&self, index: usize) -> Option<usize> {
        if index == 0 { None } else { (self.parent)(index) }
    }

    /// The `rank`-th tile attached to `index`, in play order.
    fn child(&self, index: usize, rank: usize) -> Option<usize> {
        (index.saturating_add(1)..self.len)
            .filter(|&child| self.parent_of(child) == Some(index))
            .nth(rank)
    }

    /// How many tiles attached to `index` before `child`.
    fn rank(&self, child: usize, index: usize) -> usize {
        (index.saturating_add(1)..child)
            .filter(|&other| self.parent_of(other) == Some(index))
            .count()
    }

    /// The tile continuing the line through `index` (played after it, away from its parent).
    fn next(&self, index: usize) -> Option<usize> {
        self.child(index, 0)
    }

    /// The pip by which `index` (≥ 1: only later tiles are asked) touches its parent;
    /// `draw_tree` checked first that each of them shares a number with its parent.
    fn touching(&self, index: usize) -> u32 {
        let tile = self.tile(index);
        let pip = self.parent_of(index).and_then(|parent| shared(tile, self.tile(parent)));
        debug_assert!(pip.is_some(), "dominoes draw: tile {index} has no checked parent");
        pip.unwrap_or(tile.a)
    }
}

/// The number at the other half of `tile` from `pip`, which `tile` shows (callers pass its
/// touching number: [`Tree::touching`]); a double shows `pip` on both halves.
fn far(tile: Tile, pip: u32) -> u32 {
    debug_assert!(tile.shows(pip), "dominoes draw: {pip} is not on the tile");
    if tile.a == pip { tile.b } else { tile.a }
}

/// One cell of a line: a tile and which way it faces.
#[derive(Clone, Copy)]
struct Cell {
    tile: Tile,
    /// The pip written first (left) for a non-double.
    left: u32,
}

impl Cell {
    fn width(self) -> usize {
        if self.tile.is_double() {
            width(self.tile.a)
        } else {
            let right = far(self.tile, self.left);
            width(self.left).saturating_add(1).saturating_add(width(right))
        }
    }

    fn row(self, row: u8, sink: &mut Sink<'_>) {
        let cell = self.width();
        if self.tile.is_double() {
            if row == 1 {
                sink.byte(b'-');
                sink.spaces(cell.saturating_sub(1));
            } else {
                sink.number(self.tile.a);
            }
        } else if row == 1 {
            sink.number(self.left);
            sink.byte(b'|');
            sink.number(far(self.tile, self.left));
        } else {
            sink.spaces(cell);
        }
    }
}

/// Feeds the cells of one line, left to right, to a visitor (called once per row).
type Cells<'a> = &'a dyn Fn(&mut dyn FnMut(Cell));

/// Renders one line: an optional label (a tile, then `:`), the cells from `cells`.
fn line(sink: &mut Sink<'_>, label: Option<Tile>, cells: Cells<'_>) {
    for row in 0..3u8 {
        if let Some(label) = label {
            let wide = width(label.a).saturating_add(width(label.b)).saturating_add(3);
            if row == 1 {
                sink.number(label.a);
                sink.byte(b'-');
                sink.number(label.b);
                sink.byte(b':');
                sink.spaces(1);
            } else {
                sink.spaces(wide);
            }
        }
        let mut first = true;
        cells(&mut |cell: Cell| {
            if !first {
                sink.spaces(1);
            }
            first = false;
            cell.row(row, sink);
        });
        sink.end_row();
    }
}

impl Layout {
    /// Draws the layout of a legal play order from its [`Witness`] into `out` and returns the
    /// number of bytes written (ASCII, each row ending in `\n`). See [`Layout::draw_with`].
    ///
    /// ```
    /// use parlor_core::dominoes::{validate, Layout, SpinnerRule, Tiles, Verdict};
    /// let tiles: Tiles = "6-6 6-5 5-3 3-0".parse()?;
    /// let Verdict::Legal(witness) = validate(&tiles, SpinnerRule::EveryDouble)? else { unreachable!() };
    /// let mut out = [0u8; 64];
    /// let len = Layout::draw(&tiles, &witness, &mut out)?;
    /// assert_eq!(core::str::from_utf8(&out[..len]), Ok("6\n- 6|5 5|3 3|0\n6\n"));
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn draw(tiles: &[Tile], witness: &Witness, out: &mut [u8]) -> Result<usize, Error> {
        Layout::draw_with(
            tiles,
            &|index| witness.get(index).map(|placement| placement.parent),
            out,
        )
    }

    /// Draws a layout given each tile's parent (`parent(i)`: the play index of the tile that
    /// tile `i ≥ 1` attached to; tile 0 is the opening).
    ///
    /// The main line runs across: the opening, the arm from its first number (or a double's
    /// second side) to the left, the arm from its other number (a double's first side) to the
    /// right. In a line a non-double is `a|b` with the touching numbers side by side; a double
    /// lies across: its number above and below a `-` on the line. Every further arm (the third
    /// and fourth tiles on an opening spinner, the second and third on a later one) is drawn on
    /// its own line after the main one, labelled with the double it leaves from (`5-5: 5|1 1|6`),
    /// in play order of the doubles, then of the arms. So arms never overlap on the page; a plane
    /// drawing would need to bend them.
    ///
    /// Errors: [`Error::TooManyTiles`] (more than [`MAX_PLAY_ORDER`]); [`Error::NoSuchTile`] (a
    /// parent not earlier than its tile, or sharing no number with it); [`Error::BufferTooSmall`]
    /// with the bytes needed (then `out` holds the first `out.len()` bytes).
    pub fn draw_with(tiles: &[Tile], parent: &dyn Fn(usize) -> Option<usize>, out: &mut [u8]) -> Result<usize, Error> {
        draw_tree(
            tiles.len(),
            // `draw_tree` asks only indexes below the length it is given.
            &|index| {
                let tile = tiles.get(index).copied();
                debug_assert!(tile.is_some(), "dominoes draw: tile {index} past the layout");
                tile.unwrap_or_default()
            },
            parent,
            out,
        )
    }
}

/// [`Layout::draw_with`] over `len` tiles given by `tile(i)`.
pub(crate) fn draw_tree(
    len: usize,
    tile: &dyn Fn(usize) -> Tile,
    parent: &dyn Fn(usize) -> Option<usize>,
    out: &mut [u8],
) -> Result<usize, Error> {
    {
        if len > MAX_PLAY_ORDER {
            return Err(Error::TooManyTiles {
                capacity: MAX_PLAY_ORDER,
                span: None,
            });
        }
        let tiles = Range(len);
        let tree = Tree { len, tile, parent };
        for index in 1..tiles.len() {
            // A real default: a caller's `parent` may name no tile at all, reported as the index
            // past every layout.
            let bad = Error::NoSuchTile {
                parent: tree.parent_of(index).unwrap_or(usize::MAX),
            };
            let parent = tree.parent_of(index).filter(|&parent| parent < index).ok_or(bad)?;
            shared(tree.tile(index), tree.tile(parent)).ok_or(bad)?;
        }
        let mut sink = Sink {
            out,
            needed: 0,
            spaces: 0,
            row_used: false,
        };
        if tiles.is_empty() {
            return Ok(0);
        }
        let opening = tree.tile(0);
        // The arms of the opening: (left, right).
        let (left, right) = if opening.is_double() {
            (tree.child(0, 1), tree.child(0, 0))
        } else {
            let by = |pip: u32| {
                (1..tiles.len()).find(|&child| tree.parent_of(child) == Some(0) && tree.touching(child) == pip)
            };
            (by(opening.a), by(opening.b))
        };
        // The left arm, reversed onto the page.
        let mut left_arm = [0u8; MAX_PLAY_ORDER];
        let mut left_len = 0usize;
        let mut walk = left;
        while let Some(index) = walk {
            if let Some(slot) = left_arm.get_mut(left_len) {
                // `index` < `len` ≤ MAX_PLAY_ORDER = 256 (checked above): it fits a `u8`.
                const _: () = assert!(MAX_PLAY_ORDER <= 256);
                *slot = index as u8;
            }
            left_len = left_len.saturating_add(1);
            walk = tree.next(index);
        }
        let chain = |start: Option<usize>, visit: &mut dyn FnMut(Cell)| {
            let mut walk = start;
            while let Some(index) = walk {
                visit(Cell {
                    tile: tree.tile(index),
                    left: tree.touching(index),
                });
                walk = tree.next(index);
            }
        };
        line(&mut sink, None, &|visit| {
            for &index in left_arm.iter().take(left_len).rev() {
                let tile = tree.tile(usize::from(index));
                let touching = tree.touching(usize::from(index));
                visit(Cell {
                    tile,
                    left: far(tile, touching),
                });
            }
            visit(Cell {
                tile: opening,
                left: opening.a,
            });
            chain(right, visit);
        });
        // The other arms of every double, in play order.
        for index in 0..tiles.len() {
            let tile = tree.tile(index);
            if !tile.is_double() {
                continue;
            }
            let in_line = if index == 0 { 2 } else { 1 };
            for child in (index.saturating_add(1)..tiles.len()).filter(|&child| tree.parent_of(child) == Some(index)) {
                if tree.rank(child, index) >= in_line {
                    line(&mut sink, Some(tile), &|visit| chain(Some(child), visit));
                }
            }
        }
        if sink.needed > sink.out.len() {
            return Err(Error::BufferTooSmall { needed: sink.needed });
        }
        Ok(sink.needed)
    }
}

/// A stand-in for the tile slice's length in [`draw_tree`].
struct Range(usize);

impl Range {
    fn len(&self) -> usize {
        self.0
    }

    fn is_empty(&self) -> bool {
        self.0 == 0
    }
}
