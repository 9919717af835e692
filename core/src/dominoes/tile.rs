//! The tile model: an unordered pair of pips, and a fixed-capacity list of tiles (a play order).

use core::hash::{Hash, Hasher};

use super::{Error, MAX_PLAY_ORDER};

/// One domino: an unordered pair of pip counts (spec, "The seed task": `1-6` and `6-1` are the
/// same tile). The fields keep the order in which the tile was written, so notation round-trips;
/// equality and hashing ignore the order.
///
/// ```
/// use parlor_core::dominoes::Tile;
/// assert_eq!(Tile::new(1, 6), Tile::new(6, 1));
/// assert!(Tile::new(3, 3).is_double());
/// assert_eq!(Tile::new(1, 6).other(6), Some(1));
/// ```
///
/// `#[repr(C)]` (two `u32`s, `a` then `b`): the same layout as the C ABI's `ParlorDominoTile`,
/// so the FFI can borrow a C array of tiles without copying it onto the stack.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C)]
pub struct Tile {
    /// The first pip count as written.
    pub a: u32,
    /// The second pip count as written.
    pub b: u32,
}

impl Tile {
    /// The tile `a-b`.
    pub const fn new(a: u32, b: u32) -> Tile {
        Tile { a, b }
    }

    /// Whether both halves show the same number.
    pub const fn is_double(self) -> bool {
        self.a == self.b
    }

    /// The smaller pip count.
    pub const fn low(self) -> u32 {
        if self.a < self.b { self.a } else { self.b }
    }

    /// The larger pip count.
    pub const fn high(self) -> u32 {
        if self.a < self.b { self.b } else { self.a }
    }

    /// Whether one half shows `pip`.
    pub const fn shows(self, pip: u32) -> bool {
        self.a == pip || self.b == pip
    }

    /// The number on the other half when the tile is attached by `pip` (`pip` itself for a
    /// double), or `None` if the tile does not show `pip`.
    pub const fn other(self, pip: u32) -> Option<u32> {
        if self.a == pip {
            Some(self.b)
        } else if self.b == pip {
            Some(self.a)
        } else {
            None
        }
    }

    /// The sum of both halves (as `u64`, never overflows).
    pub const fn pips(self) -> u64 {
        (self.a as u64).wrapping_add(self.b as u64) // two u32s: no wrap
    }
}

impl PartialEq for Tile {
    fn eq(&self, other: &Tile) -> bool {
        (self.low(), self.high()) == (other.low(), other.high())
    }
}

impl Eq for Tile {}

impl Hash for Tile {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.low(), self.high()).hash(state);
    }
}

/// A play order: up to [`MAX_PLAY_ORDER`] tiles in the order they were played. Parses from and
/// prints to the notation (`"0-6 6-5 5-3"`, see [`Tiles::from_str`](core::str::FromStr)).
///
/// ```
/// use parlor_core::dominoes::{Tile, Tiles};
/// let tiles: Tiles = "0-6, [6|5] 5|3".parse()?;
/// assert_eq!(tiles.as_slice(), &[Tile::new(0, 6), Tile::new(6, 5), Tile::new(5, 3)]);
/// assert_eq!(tiles.to_string(), "0-6 6-5 5-3");
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Tiles {
    list: heapless::Vec<Tile, MAX_PLAY_ORDER>,
}

impl Tiles {
    /// An empty play order.
    pub const fn new() -> Tiles {
        Tiles {
            list: heapless::Vec::new(),
        }
    }

    /// Appends a tile, or [`Error::TooManyTiles`] when full.
    pub fn push(&mut self, tile: Tile) -> Result<(), Error> {
        self.list.push(tile).map_err(|_| Error::TooManyTiles {
            capacity: MAX_PLAY_ORDER,
            span: None,
        })
    }

    /// The tiles in play order.
    pub fn as_slice(&self) -> &[Tile] {
        &self.list
    }

    /// The number of tiles.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are no tiles.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

impl core::ops::Deref for Tiles {
    type Target = [Tile];

    fn deref(&self) -> &[Tile] {
        &self.list
    }
}

impl TryFrom<&[Tile]> for Tiles {
    type Error = Error;

    /// Copies a slice, or [`Error::TooManyTiles`] if it has more than [`MAX_PLAY_ORDER`] tiles.
    fn try_from(tiles: &[Tile]) -> Result<Tiles, Error> {
        let mut list = Tiles::new();
        for &tile in tiles {
            list.push(tile)?;
        }
        Ok(list)
    }
}
