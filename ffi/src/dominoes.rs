//! C entry points for `parlor_core::dominoes` (Five Up). Status codes of this game: 100–199.
//!
//! - [`parlor_dominoes_parse`] — text (`"0-6 6-5 5-3"`) to tiles.
//! - [`parlor_dominoes_validate_scratch`] — the seed task: legal with a witness, or the first
//!   tile that broke the game and why, in caller-provided working memory
//!   (`PARLOR_DOMINOES_SHORT_SCRATCH_BYTES` up to 32 tiles, `PARLOR_DOMINOES_SCRATCH_BYTES` up
//!   to 256; [`parlor_dominoes_scratch_bytes`] answers for a length).
//! - [`parlor_dominoes_play`] — replays a layout (tiles with placements), with Five Up scores.
//! - [`parlor_dominoes_placements`] — the legal placements of a tile on a replayed layout.
//!
//! Tiles cross as [`ParlorDominoTile`] (two `uint32_t` pips, order irrelevant); rule codes are
//! the `PARLOR_DOMINOES_SPINNER_*` constants (checked with `SpinnerRule::try_from`); indices are
//! 0-based play positions.
//!
//! Stack: every entry point stays under 2 KiB for any input (thumbv7em and x86-64; measured by
//! `scripts/embedded-check` and `test_stack_use` in `tests/c/dominoes.c`, figures in
//! `docs/embedded.md` and `docs/dominoes.md`). ABI version 3 removed `parlor_dominoes_validate`,
//! which kept its working memory on the stack (4 KB up to 32 tiles, 28 KB above): call
//! [`parlor_dominoes_validate_scratch`] instead.

// The C functions are documented for Doxygen (the header): `@param[in]` is no rustdoc link.
#![allow(rustdoc::broken_intra_doc_links)]

use core::ffi::{CStr, c_char, c_void};

use parlor_core::dominoes::{
    BorrowedLayout, Error, Illegal, MAX_PLAY_ORDER, Placement, Reason, SCRATCH_BYTES, SHORT_SCRATCH_BYTES, SHORT_TILES,
    Scratch, ShortScratch, SpinnerRule, Tile, for_each_tile, validate_each, validate_each_short_with,
};

use crate::util::{OutputList, input_slice, input_str, output, output_slice, status};
use crate::{
    PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_CAPACITY_EXCEEDED, PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_NULL_POINTER,
    ParlorStatus,
};

/// A token of the text is not a tile (expected `a-b`, `a|b` or `[a|b]`).
pub const PARLOR_DOMINOES_ERR_UNKNOWN_TILE: ParlorStatus = 100;
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
/// A tile after the first was given no placement (`parent` = #PARLOR_DOMINOES_NO_PARENT).
pub const PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED: ParlorStatus = 106;
/// The opening tile was given a placement (its `parent` must be #PARLOR_DOMINOES_NO_PARENT).
pub const PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT: ParlorStatus = 107;

/// Most tiles a play order or layout may have (256; a double-18 set has 190).
pub const PARLOR_DOMINOES_MAX_PLAY_ORDER: u32 = 256;
/// Placements that always suffice for parlor_dominoes_placements(): at most one per layout
/// tile and number of the tile played (2 × #PARLOR_DOMINOES_MAX_PLAY_ORDER; a bound, not exact).
pub const PARLOR_DOMINOES_MAX_PLACEMENTS: u32 = 2 * PARLOR_DOMINOES_MAX_PLAY_ORDER;
/// The `parent` of the opening tile's placement: "no parent".
pub const PARLOR_DOMINOES_NO_PARENT: u32 = u32::MAX;
/// Bytes of working memory `parlor_dominoes_validate_scratch` needs for any play order (up to
/// #PARLOR_DOMINOES_MAX_PLAY_ORDER tiles): exactly the core's `Scratch`, 28,160 on every target.
/// The buffer must be aligned to #PARLOR_DOMINOES_SCRATCH_ALIGN (e.g.
/// `static uint32_t scratch[PARLOR_DOMINOES_SCRATCH_BYTES / 4];`); its content does not matter.
/// Each call overwrites it, so one buffer serves any number of calls, one at a time. (ABI
/// version 2 printed a 28 KiB bound here and took any alignment.)
pub const PARLOR_DOMINOES_SCRATCH_BYTES: usize = 28_160;
/// Bytes of working memory `parlor_dominoes_validate_scratch` needs for orders of up to
/// #PARLOR_DOMINOES_SHORT_TILES tiles (a double-6 game has 28): exactly the core's
/// `ShortScratch`, 3,520 on every target; same alignment rule.
pub const PARLOR_DOMINOES_SHORT_SCRATCH_BYTES: usize = 3_520;
/// The longest order #PARLOR_DOMINOES_SHORT_SCRATCH_BYTES of scratch serves: 32 tiles.
pub const PARLOR_DOMINOES_SHORT_TILES: u32 = 32;
/// The alignment, in bytes, of the scratch buffer of `parlor_dominoes_validate_scratch`
/// (a misaligned buffer is #PARLOR_ERR_INVALID_ARGUMENT).
pub const PARLOR_DOMINOES_SCRATCH_ALIGN: usize = 4;

/// Spinner rule: every double is a spinner (Five Up, the default).
pub const PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE: u8 = 0;
/// Spinner rule: only the first double played is a spinner (All Fives; scores the total).
pub const PARLOR_DOMINOES_SPINNER_FIRST_DOUBLE: u8 = 1;
/// Spinner rule: no spinners (a single line).
pub const PARLOR_DOMINOES_SPINNER_NONE: u8 = 2;

// The header needs literals; these keep them equal to the core's values.
const _: () = assert!(PARLOR_DOMINOES_MAX_PLAY_ORDER as usize == MAX_PLAY_ORDER);
const _: () = assert!(PARLOR_DOMINOES_SPINNER_EVERY_DOUBLE == SpinnerRule::EveryDouble.code());
const _: () = assert!(PARLOR_DOMINOES_SPINNER_FIRST_DOUBLE == SpinnerRule::FirstDouble.code());
const _: () = assert!(PARLOR_DOMINOES_SPINNER_NONE == SpinnerRule::None.code());
// The scratch sizes are exact: the core's typed working memories.
const _: () = assert!(PARLOR_DOMINOES_SCRATCH_BYTES == SCRATCH_BYTES);
const _: () = assert!(PARLOR_DOMINOES_SHORT_SCRATCH_BYTES == SHORT_SCRATCH_BYTES);
const _: () = assert!(PARLOR_DOMINOES_SHORT_TILES as usize == SHORT_TILES);
const _: () = assert!(PARLOR_DOMINOES_SCRATCH_ALIGN == core::mem::align_of::<Scratch>());
const _: () = assert!(PARLOR_DOMINOES_SCRATCH_ALIGN == core::mem::align_of::<ShortScratch>());
// A C array of tiles is borrowed as core tiles: both are `repr(C)` pairs of `u32`, `a` then `b`.
const _: () = assert!(core::mem::size_of::<ParlorDominoTile>() == core::mem::size_of::<Tile>());
const _: () = assert!(core::mem::align_of::<ParlorDominoTile>() == core::mem::align_of::<Tile>());
const _: () = assert!(core::mem::offset_of!(ParlorDominoTile, a) == core::mem::offset_of!(Tile, a));
const _: () = assert!(core::mem::offset_of!(ParlorDominoTile, b) == core::mem::offset_of!(Tile, b));

/// Verdict reason: none (the order is legal).
pub const PARLOR_DOMINOES_REASON_NONE: u8 = 0;
/// Verdict reason: the tile was already played (at `earlier`).
pub const PARLOR_DOMINOES_REASON_DUPLICATE: u8 = 1;
/// Verdict reason: no open end can show the tile's numbers, however the earlier tiles go.
pub const PARLOR_DOMINOES_REASON_NO_OPEN_END: u8 = 2;

/// @brief A domino tile: two pip counts, unordered (`{1, 6}` and `{6, 1}` are the same tile).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoTile {
    /// One half's pips.
    pub a: u32,
    /// The other half's pips.
    pub b: u32,
}

/// @brief Where a tile attaches in a layout.
///
/// On the earlier tile `parent` (0-based play index), against a free end showing `pip`. The
/// opening tile has `parent` = #PARLOR_DOMINOES_NO_PARENT and `pip` 0.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoPlacement {
    /// Index of the tile played on, or #PARLOR_DOMINOES_NO_PARENT.
    pub parent: u32,
    /// The number on the touching halves.
    pub pip: u32,
}

/// @brief The verdict of parlor_dominoes_validate_scratch() on a play order.
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

/// @brief The open-end total after a play and the points it scores.
///
/// Five Up scores total / 5 and All Fives the total, when the total is a positive multiple of 5;
/// otherwise 0.
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
        PARLOR_DOMINOES_ERR_UNKNOWN_TILE => status_text!("dominoes", parlor_core::dominoes::Error::UNKNOWN_TILE),
        PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE => {
            status_text!("dominoes", parlor_core::dominoes::Error::PIP_OUT_OF_RANGE)
        }
        PARLOR_DOMINOES_ERR_DUPLICATE_TILE => status_text!("dominoes", parlor_core::dominoes::Error::DUPLICATE_TILE),
        PARLOR_DOMINOES_ERR_NO_SUCH_TILE => status_text!("dominoes", parlor_core::dominoes::Error::NO_SUCH_TILE),
        PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE => status_text!("dominoes", parlor_core::dominoes::Error::PIP_NOT_ON_TILE),
        PARLOR_DOMINOES_ERR_NO_FREE_END => status_text!("dominoes", parlor_core::dominoes::Error::NO_FREE_END),
        PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED => {
            status_text!("dominoes", parlor_core::dominoes::Error::PLACEMENT_REQUIRED)
        }
        PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT => {
            status_text!("dominoes", parlor_core::dominoes::Error::OPENING_TAKES_NO_PLACEMENT)
        }
        _ => return None,
    })
}

/// The status of a core error (the one error→status mapper of this module; same name in every
/// game's module).
pub(crate) fn error_code(error: Error) -> ParlorStatus {
    match error {
        Error::UnknownTile { .. } => PARLOR_DOMINOES_ERR_UNKNOWN_TILE,
        Error::UnknownRule | Error::UnknownCode { .. } => PARLOR_ERR_INVALID_ARGUMENT,
        Error::PipOutOfRange { .. } => PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE,
        Error::TooManyTiles { .. } => PARLOR_ERR_CAPACITY_EXCEEDED,
        Error::DuplicateTile { .. } => PARLOR_DOMINOES_ERR_DUPLICATE_TILE,
        Error::NoSuchTile { .. } => PARLOR_DOMINOES_ERR_NO_SUCH_TILE,
        Error::PipNotOnTile { .. } => PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE,
        Error::NoFreeEnd { .. } => PARLOR_DOMINOES_ERR_NO_FREE_END,
        Error::PlacementRequired => PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED,
        Error::OpeningTakesNoPlacement => PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT,
        Error::Internal => crate::PARLOR_ERR_INTERNAL,
        // Round errors never come from a rule check; mapped as the one function set maps them.
        other => crate::generic::error_status(other, crate::PARLOR_ERR_INTERNAL),
    }
}

/// A rule code from C, checked (an unknown code is #PARLOR_ERR_INVALID_ARGUMENT).
fn rule_from(code: u8) -> Result<SpinnerRule, ParlorStatus> {
    SpinnerRule::try_from(code).map_err(error_code)
}

/// Borrows C tiles as core tiles, without a copy (same layout, asserted above).
pub(crate) fn core_tiles(tiles: &[ParlorDominoTile]) -> &[Tile] {
    // SAFETY: `ParlorDominoTile` and `Tile` are both `repr(C)` structs of two `u32`s with the
    // same size, alignment and field offsets (asserted above); every bit pattern is valid.
    unsafe { core::slice::from_raw_parts(tiles.as_ptr().cast::<Tile>(), tiles.len()) }
}

/// The C verdict of an illegal order.
fn illegal_verdict(illegal: Illegal) -> ParlorDominoVerdict {
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

/// The C form of a placement.
fn c_placement(placement: Placement) -> ParlorDominoPlacement {
    ParlorDominoPlacement {
        parent: index_u32(placement.parent),
        pip: placement.pip,
    }
}

/// The opening's entry in a witness.
const OPENING: ParlorDominoPlacement = ParlorDominoPlacement {
    parent: PARLOR_DOMINOES_NO_PARENT,
    pip: 0,
};

/// The checked arguments of a validate call: verdict slot, tiles, rule, witness buffer.
type ValidateArguments<'a> = (
    &'a mut ParlorDominoVerdict,
    &'a [Tile],
    SpinnerRule,
    Option<&'a mut [ParlorDominoPlacement]>,
);

/// The checks of the validate entry point: the verdict's slot, the tiles (borrowed),
/// the rule, the length and the witness buffer (`None` if NULL).
///
/// # Safety
/// As [`parlor_dominoes_validate_scratch`].
unsafe fn validate_arguments<'a>(
    tiles: *const ParlorDominoTile,
    len: usize,
    spinner_rule: u8,
    out_verdict: *mut ParlorDominoVerdict,
    witness: *mut ParlorDominoPlacement,
    witness_capacity: usize,
) -> Result<ValidateArguments<'a>, ParlorStatus> {
    // SAFETY: the caller's contract.
    let out_verdict = unsafe { output(out_verdict) }?;
    // Before borrowing: a length past the capacity is never turned into a slice.
    if len > MAX_PLAY_ORDER {
        return Err(PARLOR_ERR_CAPACITY_EXCEEDED);
    }
    // SAFETY: the caller's contract.
    let tiles = unsafe { input_slice(tiles, len) }?;
    let rule = rule_from(spinner_rule)?;
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
    Ok((out_verdict, core_tiles(tiles), rule, witness))
}

fn index_u32(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(u32::MAX)
}

fn core_tile(tile: &ParlorDominoTile) -> Tile {
    Tile::new(tile.a, tile.b)
}

/// @brief Parses dominoes tiles from text.
///
/// Tiles are written `a-b`, `a|b` or `[a|b]`, separated by spaces or commas.
///
/// @param[in] text The text: @p len bytes of UTF-8, no NUL needed (NULL when @p len is 0).
/// @param[in] len Length of @p text in bytes.
/// @param[out] out Receives the tiles in text order: @p capacity entries (NULL with @p capacity 0
/// asks for the count).
/// @param[in] capacity Number of tiles @p out holds.
/// @param[out] out_count Receives the number of tiles, also when @p out is too small.
/// @param[out] out_error_offset Optional (may be NULL): on a parse error, receives the byte offset
/// in @p text of the bad token (or bad number).
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Parsed (or, with @p capacity 0, counted).
/// @retval PARLOR_ERR_NULL_POINTER @p out_count is NULL, or @p text or @p out is NULL with a
/// non-zero length.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p out or @p out_count is misaligned, or a length exceeds
/// the address space.
/// @retval PARLOR_ERR_INVALID_UTF8 @p text is not UTF-8.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL More tiles than @p capacity: the first @p capacity are
/// written and `*out_count` is the number needed.
/// @retval PARLOR_DOMINOES_ERR_UNKNOWN_TILE A token is not a tile.
/// @retval PARLOR_DOMINOES_ERR_PIP_OUT_OF_RANGE A pip number is larger than 4294967295.
/// @pre @p text is readable for @p len bytes; @p out is writable for @p capacity tiles;
/// @p out_count and a non-NULL @p out_error_offset (any alignment) are writable.
#[must_use = "a status code: PARLOR_OK or an error"]
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
        let mut list = OutputList::new(out);
        let parsed = for_each_tile(text, &mut |_, tile| {
            list.push(ParlorDominoTile { a: tile.a, b: tile.b });
            Ok(())
        });
        if let Err(error) = parsed {
            if let (Error::UnknownTile { span } | Error::PipOutOfRange { span }, false) =
                (error, out_error_offset.is_null())
            {
                // SAFETY: non-null; the caller's contract.
                unsafe { out_error_offset.write_unaligned(span.start) };
            }
            return Err(error_code(error));
        }
        list.finish(out_count)
    })())
}

/// The C verdict (legal for `None`); for a legal non-empty order, also the opening's witness
/// entry (the others were written as they were found), so nothing is written when illegal.
fn c_verdict(
    tiles: &[Tile],
    illegal: Option<Illegal>,
    witness: Option<&mut [ParlorDominoPlacement]>,
) -> ParlorDominoVerdict {
    match illegal {
        None => {
            if let (false, Some(slot)) = (tiles.is_empty(), witness.and_then(|witness| witness.first_mut())) {
                *slot = OPENING;
            }
            ParlorDominoVerdict {
                legal: 1,
                ..ParlorDominoVerdict::default()
            }
        }
        Some(illegal) => illegal_verdict(illegal),
    }
}

/// A caller's working memory, borrowed as the core's typed scratch for the order's length.
enum Memory<'a> {
    Full(&'a mut Scratch),
    Short(&'a mut ShortScratch),
}

/// The validation in the caller's memory, writing the witness as it is found.
fn validate_in(
    tiles: &[Tile],
    rule: SpinnerRule,
    memory: Memory<'_>,
    mut witness: Option<&mut [ParlorDominoPlacement]>,
) -> Result<ParlorDominoVerdict, ParlorStatus> {
    let on_placement = |index: usize, placement: Placement| {
        if let Some(slot) = witness.as_mut().and_then(|witness| witness.get_mut(index)) {
            *slot = c_placement(placement);
        }
    };
    let illegal = match memory {
        Memory::Full(scratch) => validate_each(tiles, rule, scratch, on_placement),
        Memory::Short(scratch) => validate_each_short_with(tiles, rule, scratch, on_placement),
    }
    .map_err(error_code)?;
    Ok(c_verdict(tiles, illegal, witness))
}

/// The scratch bytes `parlor_dominoes_validate_scratch` needs for an order of `len` tiles.
fn scratch_needed(len: usize) -> Result<usize, ParlorStatus> {
    if len <= SHORT_TILES {
        Ok(PARLOR_DOMINOES_SHORT_SCRATCH_BYTES)
    } else if len <= MAX_PLAY_ORDER {
        Ok(PARLOR_DOMINOES_SCRATCH_BYTES)
    } else {
        Err(PARLOR_ERR_CAPACITY_EXCEEDED)
    }
}

/// @brief Tells the scratch bytes parlor_dominoes_validate_scratch() needs for a play order.
///
/// #PARLOR_DOMINOES_SHORT_SCRATCH_BYTES (3,520) up to #PARLOR_DOMINOES_SHORT_TILES (32) tiles,
/// #PARLOR_DOMINOES_SCRATCH_BYTES (28,160) up to #PARLOR_DOMINOES_MAX_PLAY_ORDER (256).
///
/// @param[in] len The number of tiles of the play order.
/// @param[out] out_bytes Receives the number of bytes.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Written.
/// @retval PARLOR_ERR_NULL_POINTER @p out_bytes is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p out_bytes is misaligned.
/// @retval PARLOR_ERR_CAPACITY_EXCEEDED @p len is above #PARLOR_DOMINOES_MAX_PLAY_ORDER.
/// @pre @p out_bytes is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_scratch_bytes(len: usize, out_bytes: *mut usize) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let out_bytes = unsafe { output(out_bytes) }?;
        *out_bytes = scratch_needed(len)?;
        Ok(())
    })())
}

/// @brief Decides whether a play order of tiles is a legal game, in caller-provided memory.
///
/// The seed's question: legal with a witness (each tile's placement), or the first tile after
/// which no legal continuation exists and why. Stack: under 2 KiB for any input
/// (docs/embedded.md).
///
/// @param[in] tiles The tiles in play order: @p len entries.
/// @param[in] len Number of tiles, at most #PARLOR_DOMINOES_MAX_PLAY_ORDER.
/// @param[in] spinner_rule A `PARLOR_DOMINOES_SPINNER_*` code.
/// @param[out] scratch Working memory: @p scratch_bytes bytes of any content, aligned to
/// #PARLOR_DOMINOES_SCRATCH_ALIGN, at least what parlor_dominoes_scratch_bytes() tells for @p len
/// (#PARLOR_DOMINOES_SHORT_SCRATCH_BYTES up to 32 tiles, #PARLOR_DOMINOES_SCRATCH_BYTES for any
/// order). The call overwrites it; one buffer serves any number of calls, one at a time.
/// @param[in] scratch_bytes Size of @p scratch in bytes.
/// @param[out] out_verdict Receives the verdict (legal and illegal orders alike).
/// @param[out] witness Optional (may be NULL): when the order is legal, receives each tile's
/// placement in `witness[0..len]` (the opening's parent is #PARLOR_DOMINOES_NO_PARENT); nothing
/// else of it is written.
/// @param[in] witness_capacity Number of placements @p witness holds.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Decided; `*out_verdict` says legal or why not.
/// @retval PARLOR_ERR_NULL_POINTER @p out_verdict or @p scratch is NULL, or @p tiles is NULL with
/// @p len above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown rule code, or a misaligned @p scratch, @p tiles
/// or @p witness.
/// @retval PARLOR_ERR_CAPACITY_EXCEEDED More than #PARLOR_DOMINOES_MAX_PLAY_ORDER tiles.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p scratch_bytes is below the need for @p len, or a non-NULL
/// @p witness has @p witness_capacity below @p len; nothing is written.
/// @pre @p tiles is readable for @p len tiles; @p out_verdict is writable; a non-NULL @p witness
/// is writable for @p witness_capacity placements; @p scratch is writable for @p scratch_bytes
/// bytes and used by nothing else during the call (it may be freed or reused afterwards). No
/// output (@p out_verdict, @p witness, @p scratch) overlaps an input or another output.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // The C signature: pointer/length pairs.
pub unsafe extern "C" fn parlor_dominoes_validate_scratch(
    tiles: *const ParlorDominoTile,
    len: usize,
    spinner_rule: u8,
    scratch: *mut c_void,
    scratch_bytes: usize,
    out_verdict: *mut ParlorDominoVerdict,
    witness: *mut ParlorDominoPlacement,
    witness_capacity: usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let (out_verdict, tiles, rule, witness) =
            unsafe { validate_arguments(tiles, len, spinner_rule, out_verdict, witness, witness_capacity) }?;
        // SAFETY: the caller's contract.
        let memory = unsafe { scratch_from(scratch, scratch_bytes, tiles.len()) }?;
        *out_verdict = validate_in(tiles, rule, memory, witness)?;
        Ok(())
    })())
}

/// Borrows a caller's scratch buffer as the core's working memory for an order of `len` tiles,
/// zeroed in place: a [`ShortScratch`] up to `SHORT_TILES`, else a [`Scratch`].
///
/// # Safety
/// `scratch` must be valid for `bytes` byte writes and unaliased for `'a`.
unsafe fn scratch_from<'a>(scratch: *mut c_void, bytes: usize, len: usize) -> Result<Memory<'a>, ParlorStatus> {
    if scratch.is_null() {
        return Err(PARLOR_ERR_NULL_POINTER);
    }
    if bytes < scratch_needed(len)? {
        return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
    }
    if !scratch.cast::<u32>().is_aligned() {
        return Err(PARLOR_ERR_INVALID_ARGUMENT);
    }
    // SAFETY (both arms): the buffer holds at least the type's size (checked above), is aligned
    // to `PARLOR_DOMINOES_SCRATCH_ALIGN` = the type's alignment (asserted above), and is valid
    // for writes (the caller's contract). All-zero bytes are a valid value of either type
    // (plain integers and bools; documented on them), and zeroing in place keeps the memory off
    // the stack.
    unsafe {
        if len <= SHORT_TILES {
            let memory = scratch.cast::<ShortScratch>();
            memory.write_bytes(0, 1);
            Ok(Memory::Short(&mut *memory))
        } else {
            let memory = scratch.cast::<Scratch>();
            memory.write_bytes(0, 1);
            Ok(Memory::Full(&mut *memory))
        }
    }
}

/// Replays a layout: plays `tiles[i]` with `placements[i]` for `i` in `0..len`, checking each,
/// on a [`BorrowedLayout`] over the caller's tiles (a byte of state per tile, so the stack stays
/// small), writing each play's score into `scores` (when given); then, when `query` is given,
/// lists the placements of its tile on the whole layout into its list. `placements` has as many
/// entries as `tiles` (both are borrowed with `len`). Out of line: one copy for the play and
/// placements calls (flash); the layout stays in this frame (returned by value, the placements
/// call copied its 288 bytes out of the `Result`; the scores were written through a callback).
#[inline(never)]
fn replay(
    rule: SpinnerRule,
    tiles: &[ParlorDominoTile],
    placements: &[ParlorDominoPlacement],
    mut scores: Option<&mut [ParlorDominoScore]>,
    query: Option<(Tile, &mut OutputList<'_, ParlorDominoPlacement>)>,
) -> Result<(), (ParlorStatus, usize)> {
    let mut layout = BorrowedLayout::new(rule, core_tiles(tiles)).map_err(|error| (error_code(error), 0))?;
    for (index, placement) in placements.iter().enumerate().take(tiles.len()) {
        let placement = (placement.parent != PARLOR_DOMINOES_NO_PARENT).then(|| Placement {
            parent: usize::try_from(placement.parent).unwrap_or(usize::MAX),
            pip: placement.pip,
        });
        let score = layout
            .play_next(placement)
            .map_err(|error| (error_code(error), index))?;
        if let Some(slot) = scores.as_mut().and_then(|scores| scores.get_mut(index)) {
            *slot = ParlorDominoScore {
                open_total: score.open_total,
                points: score.points,
            };
        }
    }
    if let Some((tile, list)) = query {
        for placement in layout.placements(tile) {
            list.push(c_placement(placement));
        }
    }
    Ok(())
}

/// @brief Replays a layout tile by tile, checking each play and scoring it.
///
/// Tile `tiles[i]` attaches as `placements[i]` says (the first with `parent` =
/// #PARLOR_DOMINOES_NO_PARENT).
///
/// @param[in] tiles The tiles in play order: @p len entries.
/// @param[in] placements Where each tile attaches: @p len entries.
/// @param[in] len Number of tiles, at most #PARLOR_DOMINOES_MAX_PLAY_ORDER.
/// @param[in] spinner_rule A `PARLOR_DOMINOES_SPINNER_*` code.
/// @param[out] scores Optional (may be NULL): `scores[i]` receives the open-end total and the
/// points after tile `i`.
/// @param[in] scores_capacity Number of entries @p scores holds (at least @p len when non-NULL).
/// @param[out] out_failed Optional (may be NULL): on a bad play, receives its index (the scores
/// before it are written).
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Every play is legal.
/// @retval PARLOR_ERR_NULL_POINTER @p tiles or @p placements is NULL with @p len above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown rule code, or a misaligned pointer.
/// @retval PARLOR_ERR_CAPACITY_EXCEEDED @p len is above #PARLOR_DOMINOES_MAX_PLAY_ORDER.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL A non-NULL @p scores with @p scores_capacity below @p len.
/// @retval PARLOR_DOMINOES_ERR_DUPLICATE_TILE A tile played is already in the layout.
/// @retval PARLOR_DOMINOES_ERR_NO_SUCH_TILE A placement's parent is not an earlier tile.
/// @retval PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE A placement's pip is not on the tile played.
/// @retval PARLOR_DOMINOES_ERR_NO_FREE_END The parent has no free end showing the pip.
/// @retval PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED A tile after the first has no placement.
/// @retval PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT The opening tile has a placement.
/// @pre @p tiles and @p placements are readable for @p len entries; a non-NULL @p scores is
/// writable for @p scores_capacity entries; a non-NULL @p out_failed (any alignment) is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
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
        // Before borrowing: a length past the capacity is never turned into a slice.
        if len > MAX_PLAY_ORDER {
            return Err(PARLOR_ERR_CAPACITY_EXCEEDED);
        }
        // SAFETY: the caller's contract.
        let tiles = unsafe { input_slice(tiles, len) }?;
        // SAFETY: the caller's contract.
        let placements = unsafe { input_slice(placements, len) }?;
        let rule = rule_from(spinner_rule)?;
        let scores = if scores.is_null() {
            None
        } else {
            // SAFETY: the caller's contract.
            let scores = unsafe { output_slice(scores, scores_capacity) }?;
            if scores.len() < len {
                return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
            }
            Some(scores)
        };
        match replay(rule, tiles, placements, scores, None) {
            Ok(()) => Ok(()),
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

/// @brief Lists the legal placements of a tile on a replayed layout.
///
/// The layout is replayed as by parlor_dominoes_play(). The placements are every earlier tile with
/// a free end showing one of the tile's numbers that can take a tile now, by parent index then
/// pip; none when the layout is empty (any tile opens) or already holds the tile.
///
/// @param[in] tiles The layout's tiles in play order: @p len entries.
/// @param[in] placements Where each layout tile attaches: @p len entries.
/// @param[in] len Number of layout tiles, at most #PARLOR_DOMINOES_MAX_PLAY_ORDER.
/// @param[in] spinner_rule A `PARLOR_DOMINOES_SPINNER_*` code.
/// @param[in] tile The tile to place.
/// @param[out] out Receives the placements: @p capacity entries (NULL with @p capacity 0 asks for
/// the count). #PARLOR_DOMINOES_MAX_PLACEMENTS always suffices.
/// @param[in] capacity Number of placements @p out holds.
/// @param[out] out_count Receives the number of placements, also when @p out is too small.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Listed (or, with @p capacity 0, counted).
/// @retval PARLOR_ERR_NULL_POINTER @p out_count is NULL, or a buffer is NULL with a non-zero length.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown rule code, or a misaligned pointer.
/// @retval PARLOR_ERR_CAPACITY_EXCEEDED @p len is above #PARLOR_DOMINOES_MAX_PLAY_ORDER.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL More placements than @p capacity: the first @p capacity are
/// written and `*out_count` is the number needed.
/// @retval PARLOR_DOMINOES_ERR_DUPLICATE_TILE The layout does not replay: a tile twice.
/// @retval PARLOR_DOMINOES_ERR_NO_SUCH_TILE The layout does not replay: a parent that is not an
/// earlier tile.
/// @retval PARLOR_DOMINOES_ERR_PIP_NOT_ON_TILE The layout does not replay: a pip not on its tile.
/// @retval PARLOR_DOMINOES_ERR_NO_FREE_END The layout does not replay: no free end with the pip.
/// @retval PARLOR_DOMINOES_ERR_PLACEMENT_REQUIRED The layout does not replay: a tile after the
/// first without a placement.
/// @retval PARLOR_DOMINOES_ERR_OPENING_TAKES_NO_PLACEMENT The layout does not replay: the opening
/// tile has a placement.
/// @pre @p tiles and @p placements are readable for @p len entries; @p out is writable for
/// @p capacity placements; @p out_count is writable. @p out does not overlap @p placements (the
/// inputs are read while @p out is written).
#[must_use = "a status code: PARLOR_OK or an error"]
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
        // Before borrowing: a length past the capacity is never turned into a slice.
        if len > MAX_PLAY_ORDER {
            return Err(PARLOR_ERR_CAPACITY_EXCEEDED);
        }
        // SAFETY: the caller's contract.
        let tiles = unsafe { input_slice(tiles, len) }?;
        // SAFETY: the caller's contract.
        let placements = unsafe { input_slice(placements, len) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output_slice(out, capacity) }?;
        let rule = rule_from(spinner_rule)?;
        let mut list = OutputList::new(out);
        replay(rule, tiles, placements, None, Some((core_tile(&tile), &mut list))).map_err(|(code, _)| code)?;
        list.finish(out_count)
    })())
}
