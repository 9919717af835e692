//! C entry points for `parlor_core::dominoes` (Five Up). Status codes of this game: 100–199.
//!
//! - [`parlor_dominoes_parse`] — text (`"0-6 6-5 5-3"`) to tiles.
//! - [`parlor_dominoes_validate`] — the seed task: legal with a witness, or the first tile that
//!   broke the game and why.
//! - [`parlor_dominoes_play`] — replays a layout (tiles with placements), with Five Up scores.
//! - [`parlor_dominoes_placements`] — the legal placements of a tile on a replayed layout.
//!
//! Tiles cross as [`ParlorDominoTile`] (two `uint32_t` pips, order irrelevant); rule codes are
//! the `PARLOR_DOMINOES_SPINNER_*` constants; indices are 0-based play positions.

use core::ffi::{CStr, c_char};

use parlor_core::dominoes::{
    Error, Layout, MAX_TILES, Placement, Reason, SpinnerRule, Tile, Verdict, parse_tiles, validate,
};

use crate::util::{input_slice, input_str, output, output_slice, status};
use crate::{PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_CAPACITY_EXCEEDED, PARLOR_ERR_INVALID_ARGUMENT, ParlorStatus};

/// A token of the text is not a tile (expected `a-b`, `a|b` or `[a|b]`).
pub const PARLOR_DOMINOES_ERR_BAD_TILE: ParlorStatus = 100;
/// A pip number in the text is larger than 4294967295.
pub const PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE: ParlorStatus = 101;
/// A tile played is already in the layout.
pub const PARLOR_DOMINOES_ERR_DUPLICATE_TILE: ParlorStatus = 102;
/// A placement names a parent index that is not an earlier tile.
pub const PARLOR_DOMINOES_ERR_NO_SUCH_TILE: ParlorStatus = 103;
/// A placement's pip is not on the tile played.
pub const PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE: ParlorStatus = 104;
/// The parent tile has no free end showing the placement's pip.
pub const PARLOR_DOMINOES_ERR_NO_FREE_END: ParlorStatus = 105;
/// A tile after the first was given no placement (`parent` = `PARLOR_DOMINOES_NO_PARENT`).
pub const PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED: ParlorStatus = 106;
/// The opening tile was given a placement (its `parent` must be `PARLOR_DOMINOES_NO_PARENT`).
pub const PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT: ParlorStatus = 107;

/// Most tiles a play order or layout may have (256; a double-18 set has 190).
pub const PARLOR_DOMINOES_MAX_TILES: u32 = 256;
/// The `parent` of the opening tile's placement: "no parent".
pub const PARLOR_DOMINOES_NO_PARENT: u32 = u32::MAX;

/// Spinner rule: every double is a spinner (Five Up, the default).
pub const PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE: u8 = 0;
/// Spinner rule: only the first double played is a spinner (All Fives; scores the total).
pub const PARLOR_DOMINOES_SPINNER_FIRST_DOUBLE: u8 = 1;
/// Spinner rule: no spinners (a single line).
pub const PARLOR_DOMINOES_SPINNER_NONE: u8 = 2;

// The header needs literals; these keep them equal to the core's values.
const _: () = assert!(PARLOR_DOMINOES_MAX_TILES as usize == MAX_TILES);
const _: () = assert!(PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE == SpinnerRule::EveryDouble.code());
const _: () = assert!(PARLOR_DOMINOES_SPINNER_FIRST_DOUBLE == SpinnerRule::FirstDouble.code());
const _: () = assert!(PARLOR_DOMINOES_SPINNER_NONE == SpinnerRule::None.code());

/// Verdict reason: none (the order is legal).
pub const PARLOR_DOMINOES_REASON_NONE: u8 = 0;
/// Verdict reason: the tile was already played (at `earlier`).
pub const PARLOR_DOMINOES_REASON_DUPLICATE: u8 = 1;
/// Verdict reason: no open end can show the tile's numbers, however the earlier tiles go.
pub const PARLOR_DOMINOES_REASON_NO_OPEN_END: u8 = 2;

/// A tile: two pip counts, unordered (`{1, 6}` and `{6, 1}` are the same tile).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoTile {
    /// One half's pips.
    pub a: u32,
    /// The other half's pips.
    pub b: u32,
}

/// Where a tile attaches: on the earlier tile `parent` (0-based play index), against a free
/// end showing `pip`. The opening tile has `parent` = `PARLOR_DOMINOES_NO_PARENT`, `pip` 0.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoPlacement {
    /// Index of the tile played on, or `PARLOR_DOMINOES_NO_PARENT`.
    pub parent: u32,
    /// The number on the touching halves.
    pub pip: u32,
}

/// The verdict of [`parlor_dominoes_validate`].
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoVerdict {
    /// 1 legal, 0 illegal.
    pub legal: u8,
    /// `PARLOR_DOMINOES_REASON_*`: none when legal.
    pub reason: u8,
    /// Illegal: index of the first tile after which no legal continuation exists (0 if legal).
    pub tile: u32,
    /// Duplicate: index of the earlier copy (0 otherwise).
    pub earlier: u32,
}

/// The open-end total after a play and the points it scores (Five Up: total / 5; All Fives:
/// the total; when the total is a positive multiple of 5, else 0).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoScore {
    /// Sum of the counted open ends.
    pub open_total: u64,
    /// Points scored by that play.
    pub points: u64,
}

/// The description of one of this game's status codes, if it is one.
pub(crate) fn status_message(code: ParlorStatus) -> Option<&'static CStr> {
    Some(match code {
        PARLOR_DOMINOES_ERR_BAD_TILE => c"dominoes: a token is not a tile (expected a-b, a|b or [a|b])",
        PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE => c"dominoes: a pip number is larger than 4294967295",
        PARLOR_DOMINOES_ERR_DUPLICATE_TILE => c"dominoes: the tile is already in the layout",
        PARLOR_DOMINOES_ERR_NO_SUCH_TILE => c"dominoes: the placement's parent is not an earlier tile",
        PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE => c"dominoes: the placement's pip is not on the tile",
        PARLOR_DOMINOES_ERR_NO_FREE_END => c"dominoes: the parent tile has no free end showing that pip",
        PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED => c"dominoes: a tile after the first needs a placement",
        PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT => c"dominoes: the opening tile takes no placement",
        _ => return None,
    })
}

fn error_status(error: Error) -> ParlorStatus {
    match error {
        Error::BadTile { .. } | Error::UnknownRule => PARLOR_DOMINOES_ERR_BAD_TILE,
        Error::PipOutOfRange { .. } => PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE,
        Error::TooManyTiles { .. } => PARLOR_ERR_CAPACITY_EXCEEDED,
        Error::DuplicateTile { .. } => PARLOR_DOMINOES_ERR_DUPLICATE_TILE,
        Error::NoSuchTile { .. } => PARLOR_DOMINOES_ERR_NO_SUCH_TILE,
        Error::PipNotOnTile { .. } => PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE,
        Error::NoFreeEnd { .. } => PARLOR_DOMINOES_ERR_NO_FREE_END,
        Error::PlacementRequired => PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED,
        Error::OpeningTakesNoPlacement => PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT,
    }
}

fn rule_from(code: u8) -> Result<SpinnerRule, ParlorStatus> {
    SpinnerRule::from_code(code).ok_or(PARLOR_ERR_INVALID_ARGUMENT)
}

fn index_u32(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(u32::MAX)
}

fn core_tile(tile: &ParlorDominoTile) -> Tile {
    Tile::new(tile.a, tile.b)
}

/// Parses the tiles of `text` (`len` bytes of UTF-8, no NUL needed): `a-b`, `a|b` or `[a|b]`
/// separated by spaces or commas. Writes up to `capacity` tiles to `out` and their count to
/// `*out_count`.
///
/// `out_error_offset` (may be NULL) receives, on a parse error, the byte offset of the bad
/// token (or bad number). Returns `PARLOR_OK`; `PARLOR_DOMINOES_ERR_BAD_TILE`;
/// `PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE`; `PARLOR_ERR_INVALID_UTF8`; `PARLOR_ERR_NULL_POINTER`
/// (`out_count` NULL, or `text`/`out` NULL with a non-zero length); `PARLOR_ERR_BUFFER_TOO_SMALL`
/// when more than `capacity` tiles (then `*out_count` is the number needed: pass `out` NULL and
/// `capacity` 0 to ask).
///
/// # Safety
/// `text` must be valid for `len` bytes; `out` for `capacity` tiles; the out pointers, when
/// non-null, for one write each.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_parse(
    text: *const c_char,
    len: usize,
    out: *mut ParlorDominoTile,
    capacity: usize,
    out_count: *mut usize,
    out_error_offset: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let out_count = unsafe { output(out_count) }?;
        // SAFETY: the caller's contract.
        let text = unsafe { input_str(text, len) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output_slice(out, capacity) }?;
        let mut count = 0usize;
        for item in parse_tiles(text) {
            match item {
                Ok((_, tile)) => {
                    if let Some(slot) = out.get_mut(count) {
                        *slot = ParlorDominoTile { a: tile.a, b: tile.b };
                    }
                    count = count.saturating_add(1);
                }
                Err(error) => {
                    if let (Error::BadTile { span } | Error::PipOutOfRange { span }, false) =
                        (error, out_error_offset.is_null())
                    {
                        // SAFETY: non-null; the caller's contract.
                        unsafe { out_error_offset.write_unaligned(span.start) };
                    }
                    return Err(error_status(error));
                }
            }
        }
        *out_count = count;
        if count > capacity {
            return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
        }
        Ok(())
    })())
}

/// Decides whether `tiles[0..len]`, in play order, is a legal game under `spinner_rule` (a
/// `PARLOR_DOMINOES_SPINNER_*` code). Writes the verdict to `*out_verdict`; when legal and
/// `witness` is non-NULL, writes each tile's placement to `witness[0..len]` (the opening's
/// parent is `PARLOR_DOMINOES_NO_PARENT`).
///
/// Returns `PARLOR_OK` (for legal and illegal orders alike); `PARLOR_ERR_NULL_POINTER`;
/// `PARLOR_ERR_INVALID_ARGUMENT` (unknown rule code); `PARLOR_ERR_CAPACITY_EXCEEDED` (more than
/// `PARLOR_DOMINOES_MAX_TILES` tiles); `PARLOR_ERR_BUFFER_TOO_SMALL` (non-NULL `witness` with
/// `witness_capacity < len`; nothing is written). Uses about 8 KB of stack for up to 32 tiles,
/// about 34 KB above.
///
/// # Safety
/// `tiles` must be valid for `len` tiles, `out_verdict` for one write, `witness` (if non-NULL)
/// for `witness_capacity` placements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_validate(
    tiles: *const ParlorDominoTile,
    len: usize,
    spinner_rule: u8,
    out_verdict: *mut ParlorDominoVerdict,
    witness: *mut ParlorDominoPlacement,
    witness_capacity: usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let out_verdict = unsafe { output(out_verdict) }?;
        // SAFETY: the caller's contract.
        let tiles = unsafe { input_slice(tiles, len) }?;
        let rule = rule_from(spinner_rule)?;
        if tiles.len() > MAX_TILES {
            return Err(PARLOR_ERR_CAPACITY_EXCEEDED);
        }
        let witness = if witness.is_null() {
            None
        } else {
            // SAFETY: the caller's contract.
            let witness = unsafe { output_slice(witness, witness_capacity) }?;
            if witness.len() < tiles.len() {
                return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
            }
            Some(witness)
        };
        let mut list = [Tile::default(); MAX_TILES];
        for (slot, tile) in list.iter_mut().zip(tiles) {
            *slot = core_tile(tile);
        }
        let list = list.get(..tiles.len()).unwrap_or_default();
        let verdict = validate(list, rule).map_err(error_status)?;
        *out_verdict = match &verdict {
            Verdict::Legal(_) => ParlorDominoVerdict {
                legal: 1,
                ..ParlorDominoVerdict::default()
            },
            Verdict::Illegal(illegal) => {
                let (reason, earlier) = match illegal.reason {
                    Reason::Duplicate { earlier } => (PARLOR_DOMINOES_REASON_DUPLICATE, index_u32(earlier)),
                    Reason::NoOpenEnd => (PARLOR_DOMINOES_REASON_NO_OPEN_END, 0),
                };
                ParlorDominoVerdict {
                    legal: 0,
                    reason,
                    tile: index_u32(illegal.tile),
                    earlier,
                }
            }
        };
        if let (Verdict::Legal(found), Some(witness)) = (&verdict, witness) {
            for (index, slot) in witness.iter_mut().take(tiles.len()).enumerate() {
                *slot = match found.get(index) {
                    Some(placement) => ParlorDominoPlacement {
                        parent: index_u32(placement.parent),
                        pip: placement.pip,
                    },
                    None => ParlorDominoPlacement {
                        parent: PARLOR_DOMINOES_NO_PARENT,
                        pip: 0,
                    },
                };
            }
        }
        Ok(())
    })())
}

/// Replays a layout: plays `tiles[i]` with `placements[i]` for `i` in `0..len`, checking each.
fn replay(
    tiles: &[ParlorDominoTile],
    placements: &[ParlorDominoPlacement],
    rule: SpinnerRule,
    mut on_play: impl FnMut(usize, ParlorDominoScore),
) -> Result<Layout, (ParlorStatus, usize)> {
    let mut layout = Layout::new(rule);
    for (index, (tile, placement)) in tiles.iter().zip(placements).enumerate() {
        let placement = (placement.parent != PARLOR_DOMINOES_NO_PARENT).then(|| Placement {
            parent: usize::try_from(placement.parent).unwrap_or(usize::MAX),
            pip: placement.pip,
        });
        let score = layout
            .play(core_tile(tile), placement)
            .map_err(|error| (error_status(error), index))?;
        on_play(
            index,
            ParlorDominoScore {
                open_total: score.open_total,
                points: score.points,
            },
        );
    }
    Ok(layout)
}

/// Plays a layout tile by tile: `tiles[i]` attached as `placements[i]` says (the first with
/// `parent` = `PARLOR_DOMINOES_NO_PARENT`), under `spinner_rule`. When `scores` is non-NULL,
/// `scores[i]` receives the open-end total and points after tile `i`.
///
/// Returns `PARLOR_OK`; on the first bad play its status (`PARLOR_DOMINOES_ERR_DUPLICATE_TILE`,
/// `…_NO_SUCH_TILE`, `…_PIP_NOT_ON_TILE`, `…_NO_FREE_END`, `…_PLACEMENT_REQUIRED`,
/// `…_OPENING_TAKES_NO_PLACEMENT`) with its index in `*out_failed` (if non-NULL; scores before
/// it are written); `PARLOR_ERR_NULL_POINTER`; `PARLOR_ERR_INVALID_ARGUMENT` (rule code);
/// `PARLOR_ERR_CAPACITY_EXCEEDED` (`len` > `PARLOR_DOMINOES_MAX_TILES`);
/// `PARLOR_ERR_BUFFER_TOO_SMALL` (non-NULL `scores` with `scores_capacity < len`).
///
/// # Safety
/// `tiles` and `placements` must be valid for `len` elements, `scores` (if non-NULL) for
/// `scores_capacity`, `out_failed` (if non-NULL) for one write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_play(
    tiles: *const ParlorDominoTile,
    placements: *const ParlorDominoPlacement,
    len: usize,
    spinner_rule: u8,
    scores: *mut ParlorDominoScore,
    scores_capacity: usize,
    out_failed: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let tiles = unsafe { input_slice(tiles, len) }?;
        // SAFETY: the caller's contract.
        let placements = unsafe { input_slice(placements, len) }?;
        let rule = rule_from(spinner_rule)?;
        if len > MAX_TILES {
            return Err(PARLOR_ERR_CAPACITY_EXCEEDED);
        }
        let mut scores = if scores.is_null() {
            None
        } else {
            // SAFETY: the caller's contract.
            let scores = unsafe { output_slice(scores, scores_capacity) }?;
            if scores.len() < len {
                return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
            }
            Some(scores)
        };
        let played = replay(tiles, placements, rule, |index, score| {
            if let Some(slot) = scores.as_mut().and_then(|scores| scores.get_mut(index)) {
                *slot = score;
            }
        });
        match played {
            Ok(_) => Ok(()),
            Err((code, index)) => {
                if !out_failed.is_null() {
                    // SAFETY: non-null; the caller's contract.
                    unsafe { out_failed.write_unaligned(index) };
                }
                Err(code)
            }
        }
    })())
}

/// The legal placements of `tile` on the layout `tiles`/`placements[0..len]` (replayed as in
/// [`parlor_dominoes_play`]): every earlier tile with a free end showing one of `tile`'s
/// numbers that can take a tile now, by parent index then pip. None if the layout is empty
/// (any tile opens) or already holds `tile`. Writes up to `capacity` to `out` and the count to
/// `*out_count`.
///
/// Returns `PARLOR_OK`; a replay error status as [`parlor_dominoes_play`];
/// `PARLOR_ERR_NULL_POINTER`; `PARLOR_ERR_INVALID_ARGUMENT`; `PARLOR_ERR_CAPACITY_EXCEEDED`;
/// `PARLOR_ERR_BUFFER_TOO_SMALL` when more than `capacity` placements (`*out_count` = the
/// number needed; `out` NULL with `capacity` 0 asks).
///
/// # Safety
/// `tiles` and `placements` valid for `len` elements, `out` for `capacity`, `out_count` for one
/// write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_placements(
    tiles: *const ParlorDominoTile,
    placements: *const ParlorDominoPlacement,
    len: usize,
    spinner_rule: u8,
    tile: ParlorDominoTile,
    out: *mut ParlorDominoPlacement,
    capacity: usize,
    out_count: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let out_count = unsafe { output(out_count) }?;
        // SAFETY: the caller's contract.
        let tiles = unsafe { input_slice(tiles, len) }?;
        // SAFETY: the caller's contract.
        let placements = unsafe { input_slice(placements, len) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output_slice(out, capacity) }?;
        let rule = rule_from(spinner_rule)?;
        if len > MAX_TILES {
            return Err(PARLOR_ERR_CAPACITY_EXCEEDED);
        }
        let layout = replay(tiles, placements, rule, |_, _| {}).map_err(|(code, _)| code)?;
        let mut count = 0usize;
        for placement in layout.placements(core_tile(&tile)) {
            if let Some(slot) = out.get_mut(count) {
                *slot = ParlorDominoPlacement {
                    parent: index_u32(placement.parent),
                    pip: placement.pip,
                };
            }
            count = count.saturating_add(1);
        }
        *out_count = count;
        if count > capacity {
            return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
        }
        Ok(())
    })())
}
