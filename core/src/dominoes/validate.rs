//! The seed task: is a play order a legal game? With a witness or the first tile that broke it.
//! The answer types are in `verdict.rs`, the flow search in `flow.rs`.

use super::flow::{Engine, Internal, Outcome, SMALL_TILES, Scratch, ShortScratch, SmallMemory};
use super::verdict::{Illegal, Placement, Verdict, Witness};
use super::{Error, MAX_PLAY_ORDER, SpinnerRule, Tile};

/// Decides whether `tiles`, in play order, is a legal game under `rule` (the seed task; spec,
/// "The seed task"): every tile after the first attaches to an open end showing one of its
/// numbers, doubles are spinners per `rule`, and no tile appears twice (`1-6` = `6-1`). The
/// empty order is legal. Exact and polynomial (O(n²) worst case, near O(n) on real games; see
/// `docs/dominoes.md`). Stack: under 8 KiB up to 32 tiles; above, a [`Scratch`] of
/// [`SCRATCH_BYTES`](super::SCRATCH_BYTES) goes on the stack too (about 32 KiB in all): on small
/// stacks use [`validate_with`] or [`validate_each`] with a `Scratch` kept elsewhere.
///
/// Errors: [`Error::TooManyTiles`] for more than [`MAX_PLAY_ORDER`] tiles; [`Error::Internal`] only
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
    if tiles.len() > MAX_PLAY_ORDER {
        return Err(Error::TooManyTiles {
            capacity: MAX_PLAY_ORDER,
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
    if tiles.len() > MAX_PLAY_ORDER {
        return Err(Error::TooManyTiles {
            capacity: MAX_PLAY_ORDER,
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
/// Errors: [`Error::TooManyTiles`] for more than [`MAX_PLAY_ORDER`] tiles; [`Error::Internal`] only
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
    if tiles.len() > MAX_PLAY_ORDER {
        return Err(Error::TooManyTiles {
            capacity: MAX_PLAY_ORDER,
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
    on_placement: impl FnMut(usize, Placement),
) -> Result<Option<Illegal>, Error> {
    validate_each_short_with(tiles, rule, &mut const { ShortScratch::new() }, on_placement)
}

/// [`validate_each_short`] with caller-provided working memory: a [`ShortScratch`] of
/// [`SHORT_SCRATCH_BYTES`](super::SHORT_SCRATCH_BYTES) (3.5 KB) instead of a [`Scratch`] of 28 KB,
/// for up to [`SHORT_TILES`](super::SHORT_TILES) = 32 tiles. Same answers as [`validate_each`];
/// the C ABI's `parlor_dominoes_validate_scratch` uses it when the caller's buffer is short.
///
/// Errors: [`Error::TooManyTiles`] (with `capacity` 32) for longer orders; [`Error::Internal`]
/// as [`validate_each`].
///
/// ```
/// use parlor_core::dominoes::{validate_each_short_with, ShortScratch, SpinnerRule, Tile};
/// let mut scratch = ShortScratch::new();
/// let tiles = [Tile::new(6, 6), Tile::new(6, 5)];
/// assert_eq!(validate_each_short_with(&tiles, SpinnerRule::EveryDouble, &mut scratch, |_, _| {})?, None);
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
pub fn validate_each_short_with(
    tiles: &[Tile],
    rule: SpinnerRule,
    scratch: &mut ShortScratch,
    mut on_placement: impl FnMut(usize, Placement),
) -> Result<Option<Illegal>, Error> {
    if tiles.len() > SMALL_TILES {
        return Err(Error::TooManyTiles {
            capacity: SMALL_TILES,
            span: None,
        });
    }
    decide_each(&mut scratch.memory.engine(), tiles, rule, &mut on_placement)
}

/// Runs the check on an engine large enough for `tiles`, then builds the witness in place.
fn decide(engine: &mut Engine<'_>, tiles: &[Tile], rule: SpinnerRule) -> Result<Verdict, Error> {
    let mut verdict = Verdict::Legal(Witness::empty(tiles.len()));
    let mut overflow = false;
    let illegal = decide_each(engine, tiles, rule, &mut |_, placement| {
        if let Verdict::Legal(witness) = &mut verdict {
            // Callers check `tiles.len() <= MAX_PLAY_ORDER`, and a parent is an earlier index.
            let pushed = u16::try_from(placement.parent)
                .ok()
                .and_then(|parent| witness.push(parent, placement.pip));
            overflow |= pushed.is_none();
        }
    })?;
    if overflow {
        debug_assert!(false, "dominoes: a witness past MAX_PLAY_ORDER");
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
