//! C entry points for `parlor_core::mahjong`. Status codes of this game: 400–499.
//!
//! Tiles cross as codes `0..34` in the order `1m…9m 1p…9p 1s…9s 1z…7z`; a hand crosses as an
//! array of 34 counts (`uint8_t counts[34]`, each 0–4, at most 14 tiles in all). Sets of tiles
//! (waits, accepted tiles) are 34-bit masks in a `uint64_t`, bit `i` for tile code `i`.

// The C functions are documented for Doxygen (the header): `@param[in]` is no rustdoc link.
#![allow(rustdoc::broken_intra_doc_links)]

use core::ffi::{CStr, c_char};

use parlor_core::mahjong::{self, Decomposition, Error, Form, Hand, KINDS, Meld, Rules, Tile};

use crate::util::{OutputList, input_slice, input_str, output, output_slice, status, write_text};
use crate::{PARLOR_ERR_INVALID_ARGUMENT, ParlorStatus};

/// The text is not a tile (`0m`, `8z`, `5x`, digits without a suit).
pub const PARLOR_MAHJONG_ERR_UNKNOWN_TILE: ParlorStatus = 400;
/// A fifth copy of a kind (in the hand, or the hand and the visible tiles together); also a
/// count above 4 in a counts array.
pub const PARLOR_MAHJONG_ERR_FIFTH_COPY: ParlorStatus = 401;
/// More than 14 tiles in a hand.
pub const PARLOR_MAHJONG_ERR_TOO_MANY_TILES: ParlorStatus = 402;
/// The hand's size does not fit the operation (waits and ukeire need 3n+1 tiles, completeness
/// and decompositions 3n+2, shanten either; seven pairs and thirteen orphans 13 or 14).
pub const PARLOR_MAHJONG_ERR_WRONG_SIZE: ParlorStatus = 403;

/// The number of tile kinds: the length of every counts array, tile codes `0..34`.
pub const PARLOR_MAHJONG_KINDS: usize = 34;
/// The most tiles in a hand (the core's `mahjong::MAX_HAND`; the C name is kept for compatibility).
pub const PARLOR_MAHJONG_MAX_TILES: usize = 14;
/// The most sets in a regular decomposition (the length of its set arrays).
pub const PARLOR_MAHJONG_MAX_SETS: usize = 4;
/// The pairs of a seven-pairs decomposition (the length of its pairs array).
pub const PARLOR_MAHJONG_PAIRS: usize = 7;
/// Bytes that always suffice for parlor_mahjong_format(), the NUL included.
pub const PARLOR_MAHJONG_FORMAT_BYTES: usize = 45;

/// Rules code: the seed's game, sets + pair only. Rules codes are 16–31, form codes 32–47: a
/// code of one family passed for the other is #PARLOR_ERR_INVALID_ARGUMENT.
pub const PARLOR_MAHJONG_RULES_SEED: u8 = 16;
/// Rules code: Riichi, sets + pair, seven pairs and thirteen orphans.
pub const PARLOR_MAHJONG_RULES_RIICHI: u8 = 17;

/// Form code: the minimum shanten over every form that applies.
pub const PARLOR_MAHJONG_FORM_MINIMUM: u8 = 32;
/// Form code: sets + pair.
pub const PARLOR_MAHJONG_FORM_REGULAR: u8 = 33;
/// Form code: seven pairs (13 or 14 tiles).
pub const PARLOR_MAHJONG_FORM_SEVEN_PAIRS: u8 = 34;
/// Form code: thirteen orphans (13 or 14 tiles).
pub const PARLOR_MAHJONG_FORM_THIRTEEN_ORPHANS: u8 = 35;

// Every code and length in the header is the core's (checked at compile time).
const _: () = assert!(PARLOR_MAHJONG_KINDS == KINDS);
const _: () = assert!(PARLOR_MAHJONG_MAX_TILES == mahjong::MAX_HAND);
const _: () = assert!(PARLOR_MAHJONG_RULES_SEED == Rules::SEED_CODE);
const _: () = assert!(PARLOR_MAHJONG_RULES_RIICHI == Rules::RIICHI_CODE);
const _: () = assert!(PARLOR_MAHJONG_FORM_MINIMUM == Form::MINIMUM_CODE);
const _: () = assert!(PARLOR_MAHJONG_FORM_REGULAR == Form::Regular.code());
const _: () = assert!(PARLOR_MAHJONG_FORM_SEVEN_PAIRS == Form::SevenPairs.code());
const _: () = assert!(PARLOR_MAHJONG_FORM_THIRTEEN_ORPHANS == Form::ThirteenOrphans.code());

/// Set kind code in ParlorMahjongDecomposition::set_kinds: a triplet.
pub const PARLOR_MAHJONG_SET_TRIPLET: u8 = 0;
/// Set kind code in ParlorMahjongDecomposition::set_kinds: a run starting at the set's tile.
pub const PARLOR_MAHJONG_SET_RUN: u8 = 1;

/// The description of one of this game's status codes, if it is one.
pub(crate) fn status_message(code: ParlorStatus) -> Option<&'static CStr> {
    match code {
        PARLOR_MAHJONG_ERR_UNKNOWN_TILE => Some(status_text!("mahjong", parlor_core::mahjong::Error::UNKNOWN_TILE)),
        PARLOR_MAHJONG_ERR_FIFTH_COPY => Some(status_text!("mahjong", parlor_core::mahjong::Error::FIFTH_COPY)),
        PARLOR_MAHJONG_ERR_TOO_MANY_TILES => Some(status_text!("mahjong", parlor_core::mahjong::Error::TOO_MANY_TILES)),
        PARLOR_MAHJONG_ERR_WRONG_SIZE => Some(status_text!("mahjong", parlor_core::mahjong::Error::WRONG_SIZE)),
        _ => None,
    }
}

fn error_code(error: Error) -> ParlorStatus {
    match error {
        Error::UnknownTile { .. } => PARLOR_MAHJONG_ERR_UNKNOWN_TILE,
        Error::FifthCopy { .. } => PARLOR_MAHJONG_ERR_FIFTH_COPY,
        Error::TooManyTiles { .. } => PARLOR_MAHJONG_ERR_TOO_MANY_TILES,
        Error::WrongSize { .. } => PARLOR_MAHJONG_ERR_WRONG_SIZE,
        Error::UnknownCode { .. } => PARLOR_ERR_INVALID_ARGUMENT,
        Error::Internal => crate::PARLOR_ERR_INTERNAL,
        // `Error` is non-exhaustive: a variant the core adds before it has a code here reads as
        // internal (to be given its own number), never as another error's code.
        _ => crate::PARLOR_ERR_INTERNAL,
    }
}

/// Reads a counts array: exactly 34 counts, each 0–4, at most 14 tiles.
unsafe fn read_counts(counts: *const u8, counts_len: usize) -> Result<[u8; KINDS], ParlorStatus> {
    // SAFETY: forwarded contract.
    let slice = unsafe { input_slice(counts, counts_len) }?;
    let array: [u8; KINDS] = slice.try_into().map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)?;
    Ok(array)
}

unsafe fn read_hand(counts: *const u8, counts_len: usize) -> Result<Hand, ParlorStatus> {
    // SAFETY: forwarded contract.
    let array = unsafe { read_counts(counts, counts_len) }?;
    Hand::from_counts(&array).map_err(error_code)
}

/// Rules codes are checked by the core's `TryFrom<u8> for Rules`.
fn rules_from(code: u8) -> Result<Rules, ParlorStatus> {
    Rules::try_from(code).map_err(error_code)
}

/// [`PARLOR_MAHJONG_FORM_MINIMUM`] is the minimum over forms (`None`); the others are checked
/// by the core's `TryFrom<u8> for Form`.
fn form_from(code: u8) -> Result<Option<Form>, ParlorStatus> {
    match code {
        PARLOR_MAHJONG_FORM_MINIMUM => Ok(None),
        _ => Form::try_from(code).map(Some).map_err(error_code),
    }
}

/// @brief Parses a Mahjong hand from text into counts per tile code.
///
/// Spaced (`1m 1m 2m`), compact (`112m456p11z`) or a mix; at most 14 tiles, any size.
///
/// @param[in] text The text: @p len bytes of UTF-8, no NUL needed (NULL when @p len is 0).
/// @param[in] len Length of @p text in bytes.
/// @param[out] out_counts Receives the hand: @p out_counts_len counts indexed by tile code.
/// @param[in] out_counts_len Number of counts @p out_counts holds: must be #PARLOR_MAHJONG_KINDS (34).
/// @param[out] out_tiles Optional (may be NULL): receives the number of tiles.
/// @param[out] out_error_start Optional (may be NULL): on a parse error, receives the byte offset in
/// @p text where the bad token starts.
/// @param[out] out_error_end Optional (may be NULL): on a parse error, receives the byte offset in
/// @p text just past the bad token.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Parsed.
/// @retval PARLOR_ERR_NULL_POINTER @p text or @p out_counts is NULL with a length above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p out_counts_len is not 34, or an optional out-pointer is
/// misaligned.
/// @retval PARLOR_ERR_INVALID_UTF8 @p text is not UTF-8.
/// @retval PARLOR_MAHJONG_ERR_UNKNOWN_TILE A token that is no tile (`0m`, `8z`, `5x`, digits
/// without a suit).
/// @retval PARLOR_MAHJONG_ERR_FIFTH_COPY A fifth copy of a kind.
/// @retval PARLOR_MAHJONG_ERR_TOO_MANY_TILES More than 14 tiles.
/// @pre @p text is readable for @p len bytes; @p out_counts is writable for @p out_counts_len
/// bytes; each non-NULL optional pointer is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_parse(
    text: *const c_char,
    len: usize,
    out_counts: *mut u8,
    out_counts_len: usize,
    out_tiles: *mut usize,
    out_error_start: *mut usize,
    out_error_end: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let text = unsafe { input_str(text, len) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output_slice(out_counts, out_counts_len) }?;
        if out.len() != KINDS {
            return Err(PARLOR_ERR_INVALID_ARGUMENT);
        }
        match text.parse::<Hand>() {
            Ok(hand) => {
                out.copy_from_slice(hand.counts());
                if !out_tiles.is_null() {
                    // SAFETY: non-null; the caller's contract.
                    *unsafe { output(out_tiles) }? = hand.len();
                }
                Ok(())
            }
            Err(error) => {
                let span = error.span().unwrap_or_default();
                for (ptr, value) in [(out_error_start, span.start), (out_error_end, span.end)] {
                    if !ptr.is_null() {
                        // SAFETY: non-null; the caller's contract.
                        *unsafe { output(ptr) }? = value;
                    }
                }
                Err(error_code(error))
            }
        }
    })())
}

/// @brief Writes a Mahjong hand as NUL-terminated text, spaced or compact.
///
/// @param[in] counts The hand: @p counts_len counts indexed by tile code (each 0–4, at most 14
/// tiles in all).
/// @param[in] counts_len Number of counts in @p counts: must be #PARLOR_MAHJONG_KINDS (34).
/// @param[in] compact 0 for the spaced form (`1m 1m 2m`), any other value for the compact form
/// (`112m`).
/// @param[out] buf Receives the text and a NUL: @p capacity bytes (NULL with @p capacity 0 asks
/// for the length). #PARLOR_MAHJONG_FORMAT_BYTES (45) always suffice.
/// @param[in] capacity Size of @p buf in bytes.
/// @param[out] out_len Optional (may be NULL): receives the text's length in bytes without the NUL,
/// also when @p buf is too small.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Written (or, with @p capacity 0 and @p out_len, the length was reported).
/// @retval PARLOR_ERR_NULL_POINTER @p counts or @p buf is NULL with a length above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p counts_len is not 34.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL The text and its NUL do not fit; @p buf holds as much as fits,
/// NUL-terminated, and `*out_len` the length needed.
/// @retval PARLOR_MAHJONG_ERR_FIFTH_COPY A count above 4.
/// @retval PARLOR_MAHJONG_ERR_TOO_MANY_TILES More than 14 tiles.
/// @pre @p counts is readable for @p counts_len bytes; @p buf is writable for @p capacity bytes; a
/// non-NULL @p out_len is writable (any alignment).
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_format(
    counts: *const u8,
    counts_len: usize,
    compact: u8,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let hand = unsafe { read_hand(counts, counts_len) }?;
        let spaced = Spaced(hand, compact != 0);
        // SAFETY: the caller's contract.
        unsafe { write_text(&spaced, buf, capacity, out_len) }
    })())
}

struct Spaced(Hand, bool);

impl core::fmt::Display for Spaced {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.write_text(f, self.1)
    }
}

/// @brief Finds the waits of a Mahjong hand of 3n+1 tiles, as a tile mask.
///
/// A tile the hand holds four times is never a wait.
///
/// @param[in] counts The hand: @p counts_len counts indexed by tile code (each 0–4, at most 14
/// tiles in all).
/// @param[in] counts_len Number of counts in @p counts: must be #PARLOR_MAHJONG_KINDS (34).
/// @param[in] rules #PARLOR_MAHJONG_RULES_SEED or #PARLOR_MAHJONG_RULES_RIICHI.
/// @param[out] out_mask Receives the waits: bit `i` set for tile code `i`.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Found (a mask of 0: no wait).
/// @retval PARLOR_ERR_NULL_POINTER @p out_mask is NULL, or @p counts is NULL with @p counts_len
/// above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p counts_len is not 34, an unknown rules code, or a
/// misaligned @p out_mask.
/// @retval PARLOR_MAHJONG_ERR_WRONG_SIZE The hand does not have 3n+1 tiles.
/// @retval PARLOR_MAHJONG_ERR_FIFTH_COPY A count above 4.
/// @retval PARLOR_MAHJONG_ERR_TOO_MANY_TILES More than 14 tiles.
/// @pre @p counts is readable for @p counts_len bytes; @p out_mask is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_waits(
    counts: *const u8,
    counts_len: usize,
    rules: u8,
    out_mask: *mut u64,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let hand = unsafe { read_hand(counts, counts_len) }?;
        let rules = rules_from(rules)?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out_mask) }?;
        *out = mahjong::waits(&hand, rules).map_err(error_code)?;
        Ok(())
    })())
}

/// @brief Lists the waits of a Mahjong hand of 3n+1 tiles as tile codes, in order.
///
/// The order is `m p s z`, then number. Otherwise as parlor_mahjong_waits().
///
/// @param[in] counts The hand: @p counts_len counts indexed by tile code (each 0–4, at most 14
/// tiles in all).
/// @param[in] counts_len Number of counts in @p counts: must be #PARLOR_MAHJONG_KINDS (34).
/// @param[in] rules #PARLOR_MAHJONG_RULES_SEED or #PARLOR_MAHJONG_RULES_RIICHI.
/// @param[out] out_tiles Receives the tile codes: @p capacity entries (NULL with @p capacity 0 asks
/// for the number). 34 always suffice.
/// @param[in] capacity Number of codes @p out_tiles holds.
/// @param[out] out_count Receives the number of waits, also when @p out_tiles is too small.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Listed (or, with @p capacity 0, counted).
/// @retval PARLOR_ERR_NULL_POINTER @p out_count is NULL, or a buffer is NULL with a length above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p counts_len is not 34, an unknown rules code, or a
/// misaligned @p out_count.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL More waits than @p capacity: the first @p capacity are
/// written and `*out_count` is the number needed.
/// @retval PARLOR_MAHJONG_ERR_WRONG_SIZE The hand does not have 3n+1 tiles.
/// @retval PARLOR_MAHJONG_ERR_FIFTH_COPY A count above 4.
/// @retval PARLOR_MAHJONG_ERR_TOO_MANY_TILES More than 14 tiles.
/// @pre @p counts is readable for @p counts_len bytes; @p out_tiles is writable for @p capacity
/// bytes; @p out_count is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_waits_list(
    counts: *const u8,
    counts_len: usize,
    rules: u8,
    out_tiles: *mut u8,
    capacity: usize,
    out_count: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let hand = unsafe { read_hand(counts, counts_len) }?;
        let rules = rules_from(rules)?;
        // SAFETY: the caller's contract.
        let tiles = unsafe { output_slice(out_tiles, capacity) }?;
        // SAFETY: the caller's contract.
        let count = unsafe { output(out_count) }?;
        let mask = mahjong::waits(&hand, rules).map_err(error_code)?;
        let mut list = OutputList::new(tiles);
        // The mask's bits in order, each a tile code (`wait_tiles` without its tiles).
        for code in (0..KINDS as u8).filter(|&code| mask >> code & 1 != 0) {
            list.push(code);
        }
        list.finish(count)
    })())
}

/// @brief Decides whether a Mahjong hand of 3n+2 tiles is complete.
///
/// @param[in] counts The hand: @p counts_len counts indexed by tile code (each 0–4, at most 14
/// tiles in all).
/// @param[in] counts_len Number of counts in @p counts: must be #PARLOR_MAHJONG_KINDS (34).
/// @param[in] rules #PARLOR_MAHJONG_RULES_SEED or #PARLOR_MAHJONG_RULES_RIICHI.
/// @param[out] out_complete Receives 1 when the hand is complete, else 0.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Decided.
/// @retval PARLOR_ERR_NULL_POINTER @p out_complete is NULL, or @p counts is NULL with @p counts_len
/// above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p counts_len is not 34, or an unknown rules code.
/// @retval PARLOR_MAHJONG_ERR_WRONG_SIZE The hand does not have 3n+2 tiles.
/// @retval PARLOR_MAHJONG_ERR_FIFTH_COPY A count above 4.
/// @retval PARLOR_MAHJONG_ERR_TOO_MANY_TILES More than 14 tiles.
/// @pre @p counts is readable for @p counts_len bytes; @p out_complete is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_is_complete(
    counts: *const u8,
    counts_len: usize,
    rules: u8,
    out_complete: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let hand = unsafe { read_hand(counts, counts_len) }?;
        let rules = rules_from(rules)?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out_complete) }?;
        *out = u8::from(mahjong::is_complete(&hand, rules).map_err(error_code)?);
        Ok(())
    })())
}

/// @brief Computes the shanten number of a Mahjong hand of 3n+1 or 3n+2 tiles.
///
/// @param[in] counts The hand: @p counts_len counts indexed by tile code (each 0–4, at most 14
/// tiles in all).
/// @param[in] counts_len Number of counts in @p counts: must be #PARLOR_MAHJONG_KINDS (34).
/// @param[in] form A `PARLOR_MAHJONG_FORM_*` code (seven pairs and thirteen orphans need 13 or 14
/// tiles).
/// @param[out] out_shanten Receives the shanten number: −1 complete, 0 tenpai, 1 one tile away, …
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Computed.
/// @retval PARLOR_ERR_NULL_POINTER @p out_shanten is NULL, or @p counts is NULL with @p counts_len
/// above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p counts_len is not 34, or an unknown form code.
/// @retval PARLOR_MAHJONG_ERR_WRONG_SIZE The hand's size does not fit the form.
/// @retval PARLOR_MAHJONG_ERR_FIFTH_COPY A count above 4.
/// @retval PARLOR_MAHJONG_ERR_TOO_MANY_TILES More than 14 tiles.
/// @pre @p counts is readable for @p counts_len bytes; @p out_shanten is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_shanten(
    counts: *const u8,
    counts_len: usize,
    form: u8,
    out_shanten: *mut i8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let hand = unsafe { read_hand(counts, counts_len) }?;
        let form = form_from(form)?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out_shanten) }?;
        *out = mahjong::shanten(&hand, form).map_err(error_code)?;
        Ok(())
    })())
}

/// @brief Tile acceptance (ukeire) of a Mahjong hand, as written by parlor_mahjong_ukeire().
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParlorMahjongUkeire {
    /// The hand's shanten number for the chosen form.
    pub shanten: i8,
    /// Number of accepted kinds (bits set in `accepted`).
    pub kinds: u8,
    /// Sum of `remaining`: the unseen copies of all accepted kinds.
    pub total: u16,
    /// Bit `i`: drawing tile code `i` lowers the shanten.
    pub accepted: u64,
    /// Unseen copies per tile code for accepted kinds (0–4), 0 for the others.
    pub remaining: [u8; PARLOR_MAHJONG_KINDS],
}

/// @brief Computes the tile acceptance (ukeire) of a Mahjong hand of 3n+1 tiles.
///
/// Which kinds lower the shanten for the form, and how many copies of each are unseen given the
/// hand and the visible tiles.
///
/// @param[in] counts The hand: @p counts_len counts indexed by tile code (each 0–4, at most 14
/// tiles in all).
/// @param[in] counts_len Number of counts in @p counts: must be #PARLOR_MAHJONG_KINDS (34).
/// @param[in] visible Tiles seen elsewhere: @p visible_len counts indexed by tile code, or NULL
/// with @p visible_len 0 for none.
/// @param[in] visible_len Number of counts in @p visible: 34, or 0 for none.
/// @param[in] form A `PARLOR_MAHJONG_FORM_*` code.
/// @param[out] out Receives the acceptance.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Computed.
/// @retval PARLOR_ERR_NULL_POINTER @p out is NULL, or @p counts or @p visible is NULL with a length
/// above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT A counts length that is not 34, an unknown form code, or a
/// misaligned @p out.
/// @retval PARLOR_MAHJONG_ERR_WRONG_SIZE The hand does not have 3n+1 tiles, or its size does not fit
/// the form.
/// @retval PARLOR_MAHJONG_ERR_FIFTH_COPY A count above 4, also when the hand and @p visible together
/// hold five of a kind.
/// @retval PARLOR_MAHJONG_ERR_TOO_MANY_TILES More than 14 tiles in the hand.
/// @pre @p counts is readable for @p counts_len bytes and a non-NULL @p visible for @p visible_len
/// bytes; @p out is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_ukeire(
    counts: *const u8,
    counts_len: usize,
    visible: *const u8,
    visible_len: usize,
    form: u8,
    out: *mut ParlorMahjongUkeire,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let hand = unsafe { read_hand(counts, counts_len) }?;
        let seen = if visible.is_null() && visible_len == 0 {
            None
        } else {
            // SAFETY: the caller's contract.
            let seen = unsafe { read_counts(visible, visible_len) }?;
            if seen.iter().any(|&c| c > 4) {
                return Err(PARLOR_MAHJONG_ERR_FIFTH_COPY);
            }
            Some(seen)
        };
        let form = form_from(form)?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out) }?;
        let result = mahjong::ukeire(&hand, seen.as_ref(), form).map_err(error_code)?;
        *out = ParlorMahjongUkeire {
            shanten: result.shanten,
            kinds: result.accepted.count_ones() as u8,
            total: u16::from(result.total),
            accepted: result.accepted,
            remaining: result.remaining,
        };
        Ok(())
    })())
}

/// @brief One decomposition of a complete Mahjong hand, as written by
/// parlor_mahjong_decompositions().
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParlorMahjongDecomposition {
    /// #PARLOR_MAHJONG_FORM_REGULAR, `..._SEVEN_PAIRS` or `..._THIRTEEN_ORPHANS`.
    pub form: u8,
    /// Regular: the pair's tile code. Thirteen orphans: the doubled tile. Seven pairs: the first
    /// pair (as `pairs[0]`).
    pub pair: u8,
    /// Regular: the number of sets (0–4); otherwise 0.
    pub set_count: u8,
    /// Per set: #PARLOR_MAHJONG_SET_TRIPLET or #PARLOR_MAHJONG_SET_RUN.
    pub set_kinds: [u8; PARLOR_MAHJONG_MAX_SETS],
    /// Per set: its tile code (a run's lowest tile).
    pub set_tiles: [u8; PARLOR_MAHJONG_MAX_SETS],
    /// Seven pairs: the seven tile codes, ascending; otherwise zeros.
    pub pairs: [u8; PARLOR_MAHJONG_PAIRS],
}

fn to_c(decomposition: &Decomposition) -> ParlorMahjongDecomposition {
    let mut out = ParlorMahjongDecomposition {
        form: PARLOR_MAHJONG_FORM_REGULAR,
        pair: 0,
        set_count: 0,
        set_kinds: [0; 4],
        set_tiles: [0; 4],
        pairs: [0; 7],
    };
    let code = |t: Tile| t.index() as u8;
    match decomposition {
        Decomposition::Regular(regular) => {
            out.pair = code(regular.pair());
            for (i, set) in regular.sets().iter().enumerate() {
                let (kind, tile) = match *set {
                    Meld::Triplet(t) => (PARLOR_MAHJONG_SET_TRIPLET, t),
                    Meld::Run(t) => (PARLOR_MAHJONG_SET_RUN, t),
                };
                if let (Some(k), Some(t)) = (out.set_kinds.get_mut(i), out.set_tiles.get_mut(i)) {
                    *k = kind;
                    *t = code(tile);
                    out.set_count += 1;
                }
            }
        }
        Decomposition::SevenPairs(pairs) => {
            out.form = PARLOR_MAHJONG_FORM_SEVEN_PAIRS;
            for (slot, &tile) in out.pairs.iter_mut().zip(pairs.iter()) {
                *slot = code(tile);
            }
            out.pair = out.pairs[0];
        }
        Decomposition::ThirteenOrphans { pair } => {
            out.form = PARLOR_MAHJONG_FORM_THIRTEEN_ORPHANS;
            out.pair = code(*pair);
        }
    }
    out
}

/// @brief Lists every decomposition of a Mahjong hand of 3n+2 tiles.
///
/// None when the hand is not complete. The core's order: regular ones by pair then sets, then
/// seven pairs, then thirteen orphans.
///
/// @param[in] counts The hand: @p counts_len counts indexed by tile code (each 0–4, at most 14
/// tiles in all).
/// @param[in] counts_len Number of counts in @p counts: must be #PARLOR_MAHJONG_KINDS (34).
/// @param[in] rules #PARLOR_MAHJONG_RULES_SEED or #PARLOR_MAHJONG_RULES_RIICHI.
/// @param[out] out Receives the decompositions: @p capacity entries (NULL with @p capacity 0 asks
/// for the number).
/// @param[in] capacity Number of decompositions @p out holds.
/// @param[out] out_count Receives the number of decompositions, also when @p out is too small.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Listed (or, with @p capacity 0, counted).
/// @retval PARLOR_ERR_NULL_POINTER @p out_count is NULL, or a buffer is NULL with a length above 0.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p counts_len is not 34, an unknown rules code, or a
/// misaligned @p out_count.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL More decompositions than @p capacity: the first @p capacity
/// are written and `*out_count` is the number needed.
/// @retval PARLOR_MAHJONG_ERR_WRONG_SIZE The hand does not have 3n+2 tiles.
/// @retval PARLOR_MAHJONG_ERR_FIFTH_COPY A count above 4.
/// @retval PARLOR_MAHJONG_ERR_TOO_MANY_TILES More than 14 tiles.
/// @pre @p counts is readable for @p counts_len bytes; @p out is writable for @p capacity entries;
/// @p out_count is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_decompositions(
    counts: *const u8,
    counts_len: usize,
    rules: u8,
    out: *mut ParlorMahjongDecomposition,
    capacity: usize,
    out_count: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract.
        let hand = unsafe { read_hand(counts, counts_len) }?;
        let rules = rules_from(rules)?;
        // SAFETY: the caller's contract.
        let slots = unsafe { output_slice(out, capacity) }?;
        // SAFETY: the caller's contract.
        let count = unsafe { output(out_count) }?;
        let mut list = OutputList::new(slots);
        mahjong::for_each_decomposition(&hand, rules, |d| list.push(to_c(d))).map_err(error_code)?;
        list.finish(count)
    })())
}
