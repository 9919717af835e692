//! The seed task: is a play order a legal game? With a witness or the first tile that broke it.

use core::fmt;

use super::search::{Engine, Internal, Outcome, SMALL_TILES, Scratch, SmallMemory};
use super::{Error, MAX_TILES, SpinnerRule, Tile};

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
    placements: heapless::Vec<(u16, u32), MAX_TILES>,
}

impl Witness {
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

/// The answer of [`validate`].
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

/// Decides whether `tiles`, in play order, is a legal game under `rule` (the seed task; spec,
/// "The seed task"): every tile after the first attaches to an open end showing one of its
/// numbers, doubles are spinners per `rule`, and no tile appears twice (`1-6` = `6-1`). The
/// empty order is legal. Exact and polynomial (O(n²) worst case, near O(n) on real games; see
/// `docs/dominoes.md`). Stack: under 8 KiB up to 32 tiles; above, a [`Scratch`] of
/// [`SCRATCH_BYTES`](super::SCRATCH_BYTES) goes on the stack too (about 32 KiB in all): on small
/// stacks use [`validate_with`] or [`validate_each`] with a `Scratch` kept elsewhere.
///
/// Errors: [`Error::TooManyTiles`] for more than [`MAX_TILES`] tiles; [`Error::Internal`] only
/// on a bug (a broken invariant of the check; for [`validate_each`] the callbacks may have run).
///
/// ```
/// use parlor_core::dominoes::{validate, Placement, Reason, SpinnerRule, Tile, Verdict};
/// let tiles = [Tile::new(6, 6), Tile::new(6, 5), Tile::new(3, 0), Tile::new(5, 3)];
/// let Verdict::Illegal(illegal) = validate(&tiles, SpinnerRule::EveryDouble)? else { unreachable!() };
/// assert_eq!((illegal.tile, illegal.reason), (2, Reason::NoOpenEnd));
///
/// let Verdict::Legal(witness) = validate(&tiles[..2], SpinnerRule::EveryDouble)? else { unreachable!() };
/// assert_eq!(witness.get(1), Some(Placement { parent: 0, pip: 6 }));
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
pub fn validate(tiles: &[Tile], rule: SpinnerRule) -> Result<Verdict, Error> {
    if tiles.len() > MAX_TILES {
        return Err(Error::TooManyTiles {
            capacity: MAX_TILES,
            span: None,
        });
    }
    if tiles.len() <= SMALL_TILES {
        // Short orders (a double-6 game has 28 tiles) use a small engine: cheap to initialise.
        return validate_small(tiles, rule);
    }
    validate_large(tiles, rule)
}

// The two engines live in separate frames: inlined into one, a short order would pay the large
// engine's stack too (a 0-tile call used 75 KB of stack; now under 8 KB up to 32 tiles).
#[inline(never)]
fn validate_small(tiles: &[Tile], rule: SpinnerRule) -> Result<Verdict, Error> {
    decide(&mut const { SmallMemory::new() }.engine(), tiles, rule)
}

#[inline(never)]
fn validate_large(tiles: &[Tile], rule: SpinnerRule) -> Result<Verdict, Error> {
    let mut scratch = const { Scratch::new() };
    decide(&mut scratch.memory.engine(), tiles, rule)
}

/// [`validate`] with caller-provided working memory (reuse one [`Scratch`] across calls to
/// avoid initialising [`SCRATCH_BYTES`](super::SCRATCH_BYTES) each time, or keep it off a small
/// stack). Same answers and errors as [`validate`].
pub fn validate_with(tiles: &[Tile], rule: SpinnerRule, scratch: &mut Scratch) -> Result<Verdict, Error> {
    if tiles.len() > MAX_TILES {
        return Err(Error::TooManyTiles {
            capacity: MAX_TILES,
            span: None,
        });
    }
    decide(&mut scratch.memory.engine(), tiles, rule)
}

/// [`validate_with`] without building a [`Witness`]: for a legal order, calls
/// `on_placement(index, placement)` for every tile after the opening (index 1, 2, … in order)
/// and returns `Ok(None)`; for an illegal one returns `Ok(Some(illegal))` and calls nothing.
/// Uses little stack besides `scratch` (the C ABI's `parlor_dominoes_validate_scratch` is built
/// on it, writing the placements straight into the caller's buffer).
///
/// Errors: [`Error::TooManyTiles`] for more than [`MAX_TILES`] tiles; [`Error::Internal`] only
/// on a bug (a broken invariant of the check; for [`validate_each`] the callbacks may have run).
///
/// ```
/// use parlor_core::dominoes::{validate_each, Placement, Scratch, SpinnerRule, Tile};
/// let tiles = [Tile::new(6, 6), Tile::new(6, 5), Tile::new(5, 3)];
/// let mut scratch = Scratch::new();
/// let mut placements = Vec::new();
/// let verdict = validate_each(&tiles, SpinnerRule::EveryDouble, &mut scratch, |index, placement| {
///     placements.push((index, placement));
/// })?;
/// assert_eq!(verdict, None);
/// assert_eq!(placements, [(1, Placement { parent: 0, pip: 6 }), (2, Placement { parent: 1, pip: 5 })]);
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
pub fn validate_each(
    tiles: &[Tile],
    rule: SpinnerRule,
    scratch: &mut Scratch,
    mut on_placement: impl FnMut(usize, Placement),
) -> Result<Option<Illegal>, Error> {
    if tiles.len() > MAX_TILES {
        return Err(Error::TooManyTiles {
            capacity: MAX_TILES,
            span: None,
        });
    }
    decide_each(&mut scratch.memory.engine(), tiles, rule, &mut on_placement)
}

/// [`validate_each`] for short orders — up to [`SHORT_TILES`](super::SHORT_TILES) = 32 tiles,
/// e.g. a double-6 game (28) — with its own small working memory on the stack (about 3.5 KB;
/// the whole call stays under 4 KiB on x86-64), so no [`Scratch`] is needed. Same answers.
///
/// Errors: [`Error::TooManyTiles`] (with `capacity` 32) for longer orders: use
/// [`validate_each`].
///
/// ```
/// use parlor_core::dominoes::{validate_each_short, Reason, SpinnerRule, Tile};
/// let tiles = [Tile::new(0, 6), Tile::new(6, 0)];
/// let illegal = validate_each_short(&tiles, SpinnerRule::EveryDouble, |_, _| {})?;
/// assert_eq!(illegal.map(|illegal| illegal.reason), Some(Reason::Duplicate { earlier: 0 }));
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
pub fn validate_each_short(
    tiles: &[Tile],
    rule: SpinnerRule,
    mut on_placement: impl FnMut(usize, Placement),
) -> Result<Option<Illegal>, Error> {
    if tiles.len() > SMALL_TILES {
        return Err(Error::TooManyTiles {
            capacity: SMALL_TILES,
            span: None,
        });
    }
    decide_each(
        &mut const { SmallMemory::new() }.engine(),
        tiles,
        rule,
        &mut on_placement,
    )
}

/// Runs the check on an engine large enough for `tiles`, then builds the witness in place.
fn decide(engine: &mut Engine<'_>, tiles: &[Tile], rule: SpinnerRule) -> Result<Verdict, Error> {
    let mut verdict = Verdict::Legal(Witness {
        len: tiles.len(),
        placements: heapless::Vec::new(),
    });
    let mut overflow = false;
    let illegal = decide_each(engine, tiles, rule, &mut |_, placement| {
        if let Verdict::Legal(witness) = &mut verdict {
            // Callers check `tiles.len() <= MAX_TILES`, and a parent is an earlier index.
            let pushed = u16::try_from(placement.parent)
                .ok()
                .and_then(|parent| witness.placements.push((parent, placement.pip)).ok());
            overflow |= pushed.is_none();
        }
    })?;
    if overflow {
        debug_assert!(false, "dominoes: a witness past MAX_TILES");
        return Err(Error::Internal);
    }
    if let Some(illegal) = illegal {
        verdict = Verdict::Illegal(illegal);
    }
    Ok(verdict)
}

/// Runs the check, then replays the orientations, reporting each placement. The callback is a
/// trait object so that this and the replay are compiled once, not once per caller (flash on
/// microcontrollers); one indirect call per tile is noise beside the check.
fn decide_each(
    engine: &mut Engine<'_>,
    tiles: &[Tile],
    rule: SpinnerRule,
    on_placement: &mut dyn FnMut(usize, Placement),
) -> Result<Option<Illegal>, Error> {
    match engine.check(tiles, rule).map_err(|Internal| Error::Internal)? {
        Outcome::Illegal { tile, reason } => Ok(Some(Illegal { tile, reason })),
        Outcome::Legal => {
            let mut emitted = 0usize;
            let replayed = engine.replay(tiles, &mut |index, parent, pip| {
                emitted = emitted.saturating_add(1);
                on_placement(index, Placement { parent, pip });
            });
            // A failed replay would be a bug in the check: an internal error (the callbacks
            // may have run), never an illegal verdict the check did not find.
            if replayed.is_err() || emitted != tiles.len().saturating_sub(1) {
                debug_assert!(false, "dominoes: the replay of a legal order failed");
                return Err(Error::Internal);
            }
            Ok(None)
        }
    }
}
