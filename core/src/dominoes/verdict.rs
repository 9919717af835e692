//! The answer of the seed task: a [`Verdict`], with a [`Witness`] of [`Placement`]s or the
//! [`Illegal`] tile and its [`Reason`]. A leaf module: the flow search (`flow.rs`) and the check
//! (`validate.rs`) both use these types, and neither imports the other's callers.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;

use super::MAX_PLAY_ORDER;

/// Where a tile was attached: on the earlier tile at index `parent`, against a free end of it
/// showing `pip` (the tile's own half showing `pip` touches it). Indices are 0-based positions
/// in the play order or the [`Layout`](super::Layout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Index of the tile played on.
    pub parent: usize,
    /// The number on the touching halves.
    pub pip: u32,
}

/// Why a play order is illegal (spec, "The seed task").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The tile was already played at index `earlier` (a set has one tile of each pair).
    Duplicate {
        /// Index of the earlier copy.
        earlier: usize,
    },
    /// However the earlier tiles were played, no open end shows either number of this tile
    /// (for a double: its number) when it is played.
    NoOpenEnd,
}

/// An illegal play order: `tile` is the first tile after which no legal continuation exists,
/// that is, the smallest index such that `tiles[..=tile]` is not a legal game (while
/// `tiles[..tile]` is), and `reason` says why. A duplicate is reported as soon as it is
/// played, before asking whether it could attach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Illegal {
    /// 0-based index of the tile that broke the game.
    pub tile: usize,
    /// Why it could not be played.
    pub reason: Reason,
}

/// Where every tile of a legal play order attached: one way to lay the tiles out, so an
/// engine can draw it. Tile 0 is the opening and has no placement.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Witness {
    len: usize,
    placements: heapless::Vec<(u16, u32), MAX_PLAY_ORDER>,
}

impl Witness {
    /// A witness of `len` tiles with no placement yet ([`Witness::push`] adds them in order).
    pub(crate) const fn empty(len: usize) -> Witness {
        Witness {
            len,
            placements: heapless::Vec::new(),
        }
    }

    /// Adds the next tile's placement; `None` past [`MAX_PLAY_ORDER`].
    pub(crate) fn push(&mut self, parent: u16, pip: u32) -> Option<()> {
        self.placements.push((parent, pip)).ok()
    }

    /// The number of tiles (including the opening).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the play order was empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The placement of tile `index`: `None` for the opening (index 0) and out of range.
    pub fn get(&self, index: usize) -> Option<Placement> {
        let &(parent, pip) = self.placements.get(index.checked_sub(1)?)?;
        Some(Placement {
            parent: usize::from(parent),
            pip,
        })
    }

    /// The placements of tiles 1, 2, … in order.
    pub fn iter(&self) -> impl Iterator<Item = Placement> + '_ {
        self.placements.iter().map(|&(parent, pip)| Placement {
            parent: usize::from(parent),
            pip,
        })
    }
}

/// The answer of [`validate`](super::validate).
#[allow(clippy::large_enum_variant)] // No heap to box into: the witness lives inline.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// A legal game, with one layout that realises it.
    Legal(Witness),
    /// An illegal game: the first tile that broke it, and how.
    Illegal(Illegal),
}

impl Verdict {
    /// Whether the play order is legal.
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal(_))
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Duplicate { earlier } => write!(f, "duplicates tile #{}", earlier.saturating_add(1)),
            Reason::NoOpenEnd => f.write_str("no open end matches it in any legal play of the tiles before it"),
        }
    }
}
