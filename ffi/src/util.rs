//! Pointer checks shared by every entry point: each turns a raw C argument into a safe Rust
//! value or a status code, so the game modules contain no unchecked pointer use.
#![allow(dead_code)] // Each game uses the subset it needs.

use core::fmt::{self, Write};

use crate::{
    PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_INVALID_UTF8, PARLOR_ERR_NULL_POINTER,
    ParlorStatus,
};

/// `bytes` as an array of `N` (the `status_text!` macro's `static`; compile time only: `N` is
/// `bytes.len()`).
pub(crate) const fn text_bytes<const N: usize>(bytes: &[u8]) -> [u8; N] {
    match bytes.first_chunk::<N>() {
        Some(chunk) => *chunk,
        None => [0; N],
    }
}

/// `prefix` then `text` then a NUL, as an array of `N` = the sum of their lengths + 1 (the
/// two-argument `status_text!`'s `static`; compile time only: a wrong `N` leaves the tail or
/// the NUL out, which [`c_text`] then turns into an empty text, caught by the status tests).
pub(crate) const fn joined_text<const N: usize>(prefix: &str, text: &str) -> [u8; N] {
    let mut out = [0u8; N];
    let mut rest: &mut [u8] = &mut out;
    let mut parts: [&[u8]; 2] = [prefix.as_bytes(), text.as_bytes()];
    let mut part = 0;
    while part < 2 {
        while let Some((&byte, tail)) = parts[part].split_first() {
            let Some((slot, more)) = rest.split_first_mut() else {
                return [0; N];
            };
            *slot = byte;
            rest = more;
            parts[part] = tail;
        }
        part += 1;
    }
    out
}

/// `bytes` (NUL-terminated, no interior NUL) as a C string (the `status_text!` macro's
/// `static`; compile time only).
pub(crate) const fn c_text(bytes: &'static [u8]) -> &'static core::ffi::CStr {
    match core::ffi::CStr::from_bytes_with_nul(bytes) {
        Ok(text) => text,
        Err(_) => c"",
    }
}

/// Borrows `len` elements at `ptr` as a slice. A null `ptr` is an empty slice when `len` is 0
/// and [`PARLOR_ERR_NULL_POINTER`] otherwise.
///
/// # Safety
/// A non-null `ptr` must point to `len` initialised, properly aligned `T`s that stay valid and
/// unmodified for `'a`.
pub(crate) unsafe fn input_slice<'a, T>(ptr: *const T, len: usize) -> Result<&'a [T], ParlorStatus> {
    if ptr.is_null() {
        return if len == 0 {
            Ok(&[])
        } else {
            Err(PARLOR_ERR_NULL_POINTER)
        };
    }
    if len
        .checked_mul(core::mem::size_of::<T>())
        .is_none_or(|bytes| bytes > isize::MAX as usize)
    {
        return Err(PARLOR_ERR_INVALID_ARGUMENT);
    }
    if !ptr.is_aligned() {
        return Err(PARLOR_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: non-null, aligned, size checked; validity for `len` elements is the caller's contract.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// Borrows `len` bytes at `ptr` as UTF-8 text (see [`input_slice`] for the null rules).
///
/// # Safety
/// As [`input_slice`].
pub(crate) unsafe fn input_str<'a>(ptr: *const core::ffi::c_char, len: usize) -> Result<&'a str, ParlorStatus> {
    // SAFETY: forwarded contract.
    let bytes = unsafe { input_slice(ptr.cast::<u8>(), len) }?;
    if !is_utf8(bytes) {
        return Err(PARLOR_ERR_INVALID_UTF8);
    }
    // SAFETY: `is_utf8` accepts exactly what `core::str::from_utf8` accepts (tested over every
    // sequence of up to four bytes and against it on random text).
    Ok(unsafe { core::str::from_utf8_unchecked(bytes) })
}

/// Whether `bytes` are UTF-8: `core::str::from_utf8(bytes).is_ok()` in a byte loop, without
/// linking `from_utf8`'s word-at-a-time validator and its 256-byte width table (about 620 bytes
/// of flash on a Cortex-M4F; the C inputs are a few words of text). The second byte's range
/// after each lead byte rules out overlong forms, surrogates and code points past U+10FFFF
/// (the Unicode standard's table 3-7, as `core` checks it).
fn is_utf8(bytes: &[u8]) -> bool {
    let mut rest = bytes.iter();
    while let Some(&lead) = rest.next() {
        let (more, low, high) = match lead {
            0x00..=0x7F => continue,
            0xC2..=0xDF => (0, 0x80, 0xBF),
            0xE0 => (1, 0xA0, 0xBF),
            0xE1..=0xEC | 0xEE..=0xEF => (1, 0x80, 0xBF),
            0xED => (1, 0x80, 0x9F),
            0xF0 => (2, 0x90, 0xBF),
            0xF1..=0xF3 => (2, 0x80, 0xBF),
            0xF4 => (2, 0x80, 0x8F),
            _ => return false,
        };
        if rest.next().is_none_or(|&second| !(low..=high).contains(&second)) {
            return false;
        }
        for _ in 0..more {
            if rest.next().is_none_or(|&next| next & 0xC0 != 0x80) {
                return false;
            }
        }
    }
    true
}

/// Borrows `ptr` as an exclusive output reference, or [`PARLOR_ERR_NULL_POINTER`].
///
/// # Safety
/// A non-null `ptr` must be valid for writes of a `T` and not aliased for `'a`.
pub(crate) unsafe fn output<'a, T>(ptr: *mut T) -> Result<&'a mut T, ParlorStatus> {
    if ptr.is_null() {
        return Err(PARLOR_ERR_NULL_POINTER);
    }
    if !ptr.is_aligned() {
        return Err(PARLOR_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: non-null and aligned; validity is the caller's contract. Callers only write
    // whole values through it (never read an uninitialised one).
    Ok(unsafe { &mut *ptr })
}

/// Borrows one `T` at `ptr`: [`PARLOR_ERR_NULL_POINTER`] when null,
/// [`PARLOR_ERR_INVALID_ARGUMENT`] when misaligned.
///
/// # Safety
/// A non-null, aligned `ptr` must point to an initialised `T` that stays valid and unmodified
/// for `'a`.
pub(crate) unsafe fn input<'a, T>(ptr: *const T) -> Result<&'a T, ParlorStatus> {
    if ptr.is_null() {
        return Err(PARLOR_ERR_NULL_POINTER);
    }
    if !ptr.is_aligned() {
        return Err(PARLOR_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: non-null and aligned; validity is the caller's contract.
    Ok(unsafe { &*ptr })
}

/// An optional out pointer: `None` when null, else as [`output`] (a misaligned pointer is
/// [`PARLOR_ERR_INVALID_ARGUMENT`], never silently skipped). Taken before a call changes any
/// state, so a refused pointer leaves the state as it was.
///
/// # Safety
/// As [`output`], for a non-null `ptr`.
#[inline(always)]
pub(crate) unsafe fn optional_output<'a, T>(ptr: *mut T) -> Result<Option<&'a mut T>, ParlorStatus> {
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: forwarded contract.
    unsafe { output(ptr) }.map(Some)
}

/// Borrows `len` elements at `ptr` as an output slice. A null `ptr` is allowed only with
/// `len == 0` (a size query).
///
/// # Safety
/// A non-null `ptr` must be valid for reads and writes of `len` initialised `T`s, not aliased.
/// (For plain C data — integers and `repr(C)` structs of integers — any bit pattern is a valid
/// value, so a buffer fresh from `malloc` is fine in practice.)
pub(crate) unsafe fn output_slice<'a, T>(ptr: *mut T, len: usize) -> Result<&'a mut [T], ParlorStatus> {
    if ptr.is_null() {
        return if len == 0 {
            Ok(&mut [])
        } else {
            Err(PARLOR_ERR_NULL_POINTER)
        };
    }
    if len
        .checked_mul(core::mem::size_of::<T>())
        .is_none_or(|bytes| bytes > isize::MAX as usize)
    {
        return Err(PARLOR_ERR_INVALID_ARGUMENT);
    }
    if !ptr.is_aligned() {
        return Err(PARLOR_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: non-null, aligned, size checked; validity is the caller's contract.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr, len) })
}

/// Writes `value`'s `Display` form into a caller buffer as NUL-terminated text.
///
/// `out_len` (optional, may be null) receives the text length without the NUL. Capacity 0 with
/// a non-null `out_len` is a size query: `Ok` with the length. A buffer that is too small
/// otherwise gives [`PARLOR_ERR_BUFFER_TOO_SMALL`] and `out_len` still receives the full length;
/// the buffer then holds as much as fits, NUL-terminated.
///
/// # Safety
/// `buf` must be valid for `capacity` byte writes (or null with capacity 0); a non-null `out_len`
/// must be valid for a write.
pub(crate) unsafe fn write_text(
    value: &dyn fmt::Display,
    buf: *mut core::ffi::c_char,
    capacity: usize,
    out_len: *mut usize,
) -> Result<(), ParlorStatus> {
    // SAFETY: forwarded contract.
    let mut writer = unsafe { text_writer(buf, capacity) }?;
    // The writer never fails; the Display impls of the core are infallible.
    let _ = write!(writer, "{value}");
    // SAFETY: forwarded contract.
    unsafe { finish_here(writer, out_len) }
}

/// Writes `text` into a caller buffer as NUL-terminated text, as [`write_text`] (a name or a
/// key's text: no `Display` wrapper).
///
/// # Safety
/// As [`write_text`].
pub(crate) unsafe fn write_plain(
    text: &str,
    buf: *mut core::ffi::c_char,
    capacity: usize,
    out_len: *mut usize,
) -> Result<(), ParlorStatus> {
    // SAFETY: forwarded contract.
    let mut writer = unsafe { text_writer(buf, capacity) }?;
    let _ = writer.write_str(text);
    // SAFETY: forwarded contract.
    unsafe { finish_text(writer, out_len) }
}

/// The writer of a text answer into a caller buffer: [`write_text`] in two halves, for the texts
/// written by pieces straight into it (a view, a rule's value, a name, a dominoes action; no
/// `Display` wrapper and no `core::fmt::write` between: a library whose texts all go this way
/// links none). Write the text into it, then [`finish_text`].
///
/// # Safety
/// As [`write_text`] for `buf` and `capacity`.
pub(crate) unsafe fn text_writer<'a>(
    buf: *mut core::ffi::c_char,
    capacity: usize,
) -> Result<BufferWriter<'a>, ParlorStatus> {
    // SAFETY: forwarded contract.
    let bytes = unsafe { output_slice(buf.cast::<u8>(), capacity) }?;
    Ok(BufferWriter {
        bytes,
        written: 0,
        needed: 0,
    })
}

/// Ends a text of [`text_writer`]: the NUL, the length into `out_len` (optional), and the
/// answer of [`write_text`].
///
/// # Safety
/// As [`write_text`] for `out_len`.
pub(crate) unsafe fn finish_text(writer: BufferWriter<'_>, out_len: *mut usize) -> Result<(), ParlorStatus> {
    // SAFETY: forwarded contract.
    unsafe { finish_here(writer, out_len) }
}

/// [`finish_text`]'s body, inlined into [`write_text`]: a library whose texts are all `Display`
/// values (the rule calls of every game) keeps `write_text` as one function, as before the
/// texts written by pieces had their own way.
///
/// # Safety
/// As [`finish_text`].
#[inline(always)]
unsafe fn finish_here(writer: BufferWriter<'_>, out_len: *mut usize) -> Result<(), ParlorStatus> {
    let BufferWriter { bytes, written, needed } = writer;
    if let Some(slot) = bytes.get_mut(written) {
        *slot = 0;
    } else if let Some(last) = bytes.last_mut() {
        *last = 0;
    }
    if !out_len.is_null() {
        // SAFETY: non-null; validity is the caller's contract.
        unsafe { out_len.write_unaligned(needed) };
        if bytes.is_empty() {
            return Ok(()); // a size query
        }
    }
    if needed >= bytes.len() {
        return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
    }
    Ok(())
}

/// A `fmt::Write` that keeps nothing: a [`BufferWriter`] over no bytes (the one writer type of
/// the text calls, not a second one with its own methods and table).
pub(crate) fn discard() -> impl Write {
    BufferWriter {
        bytes: &mut [],
        written: 0,
        needed: 0,
    }
}

/// A `fmt::Write` into a fixed byte buffer that counts what did not fit, keeping one byte
/// for the NUL terminator.
pub(crate) struct BufferWriter<'a> {
    bytes: &'a mut [u8],
    written: usize,
    needed: usize,
}

impl Write for BufferWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.needed = self.needed.saturating_add(s.len());
        let room = self.bytes.len().saturating_sub(1).saturating_sub(self.written);
        let take = s.len().min(room);
        let end = self.written.saturating_add(take);
        if let Some(dst) = self.bytes.get_mut(self.written..end) {
            // A zipped copy rather than `copy_from_slice`: at opt-level "z" the latter keeps its
            // length-mismatch panic out of line, which the embedded panic-path check rejects.
            for (slot, byte) in dst.iter_mut().zip(s.bytes()) {
                *slot = byte;
            }
            self.written = end;
        }
        Ok(())
    }
}

/// A list written into a caller's output buffer: items go in as far as they fit, and every
/// item is counted, so a too-small buffer still reports the size needed (the convention of
/// every `out`/`capacity`/`out_count` triple in the C ABI).
pub(crate) struct OutputList<'a, T> {
    slots: &'a mut [T],
    count: usize,
}

impl<'a, T> OutputList<'a, T> {
    /// An empty list over `slots`.
    pub(crate) fn new(slots: &'a mut [T]) -> Self {
        OutputList { slots, count: 0 }
    }

    /// Appends `item` if there is room; counts it either way.
    pub(crate) fn push(&mut self, item: T) {
        if let Some(slot) = self.slots.get_mut(self.count) {
            *slot = item;
        }
        self.count = self.count.saturating_add(1);
    }

    /// Writes the number of items to `out_count`; [`PARLOR_ERR_BUFFER_TOO_SMALL`] when they did
    /// not all fit into a non-empty buffer (an empty one is a size query: `Ok` with the count).
    #[inline(always)]
    pub(crate) fn finish(self, out_count: &mut usize) -> Result<(), ParlorStatus> {
        finish_list(self.count, self.slots.len(), out_count)
    }
}

/// [`OutputList::finish`] of a list of `count` items over `capacity` slots: one copy for every
/// item type (flash on microcontrollers).
#[inline(never)]
fn finish_list(count: usize, capacity: usize, out_count: &mut usize) -> Result<(), ParlorStatus> {
    *out_count = count;
    if capacity == 0 {
        return Ok(());
    }
    ensure_capacity(count, capacity)
}

/// Turns a `Result` of a status into the status itself, for `extern "C"` bodies.
pub(crate) fn status(result: Result<(), ParlorStatus>) -> ParlorStatus {
    match result {
        Ok(()) => crate::PARLOR_OK,
        Err(code) => code,
    }
}

/// Writes a `u8` code into an optional out pointer; a null pointer is an error.
pub(crate) fn bool_code(value: bool) -> u8 {
    u8::from(value)
}

/// Rejects a too-small output buffer: returns [`PARLOR_ERR_BUFFER_TOO_SMALL`] when `needed > capacity`.
pub(crate) fn ensure_capacity(needed: usize, capacity: usize) -> Result<(), ParlorStatus> {
    if needed > capacity {
        Err(PARLOR_ERR_BUFFER_TOO_SMALL)
    } else {
        Ok(())
    }
}

/// Writes a state's byte form of `size` bytes: `*len = size`; an empty `buf` is a size query
/// (`Ok` with nothing written, the one convention of every `_encode` entry point); otherwise
/// `encode` fills `buf` (and reports a too-small one itself).
pub(crate) fn encoded_into(
    buf: &mut [u8],
    len: &mut usize,
    size: usize,
    encode: impl FnOnce(&mut [u8]) -> Result<(), ParlorStatus>,
) -> Result<(), ParlorStatus> {
    *len = size;
    if buf.is_empty() {
        return Ok(());
    }
    encode(buf)
}

/// The bytes of a caller's opaque state words: byte `i` is byte `i % 8` (little-endian) of word
/// `i / 8`, 0 past the words. The round engines' C states hold their encoded form this way.
/// Not `chunks_mut(8)`: its length (a division by a run-time chunk size) is a panic path in the
/// C library when the optimizer does not inline it.
pub(crate) fn words_to_bytes<const W: usize, const B: usize>(words: &[u64; W]) -> [u8; B] {
    let mut bytes = [0u8; B];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = words.get(i / 8).map_or(0, |w| (w >> (8 * (i % 8))) as u8);
    }
    bytes
}

/// The opaque state words of `bytes` (the inverse of [`words_to_bytes`]): word `k` is bytes
/// `8k..8k + 8` (little-endian), missing bytes 0, bytes past the words dropped.
pub(crate) fn bytes_to_words<const W: usize>(bytes: &[u8]) -> [u64; W] {
    let mut words = [0u64; W];
    for (i, &b) in bytes.iter().enumerate() {
        if let Some(w) = words.get_mut(i / 8) {
            *w |= u64::from(b) << (8 * (i % 8));
        }
    }
    words
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    use super::{OutputList, ensure_capacity, finish_text, is_utf8, text_writer, write_plain, write_text};
    use core::fmt::Write;
    use parlor_core::notation::Plain;

    /// One text answer: the status, the buffer and the length written.
    type Answer = (Result<(), crate::ParlorStatus>, [u8; 8], usize);

    /// A text answer into a buffer of `capacity` bytes (NULL with capacity 0), with or without
    /// `out_len`.
    fn answer(
        capacity: usize,
        with_len: bool,
        write: impl FnOnce(*mut core::ffi::c_char, *mut usize) -> Result<(), crate::ParlorStatus>,
    ) -> Answer {
        let mut buf = [0xAAu8; 8];
        let mut len = 99usize;
        let ptr = if capacity == 0 {
            core::ptr::null_mut()
        } else {
            buf.as_mut_ptr().cast()
        };
        let len_ptr = if with_len {
            &mut len as *mut usize
        } else {
            core::ptr::null_mut()
        };
        let status = write(ptr, len_ptr);
        (status, buf, len)
    }

    /// The texts written by pieces ([`write_plain`], [`text_writer`] then [`finish_text`]) answer
    /// as [`write_text`] of the same text as a `Display` value (the old way: `Plain`, a `Shown`
    /// wrapper): the same bytes, NUL, length and status for every capacity, size queries
    /// included.
    #[test]
    fn pieces_answer_as_write_text() {
        for text in ["", "a", "draw", "play 5-0", "play 12-11 on 11-11"] {
            for capacity in 0..=8usize {
                for with_len in [false, true] {
                    // SAFETY (all three): `buf` holds 8 bytes (or NULL with capacity 0); `len` is a local.
                    let old = answer(capacity, with_len, |buf, len| unsafe {
                        write_text(&Plain(text), buf, capacity, len)
                    });
                    let plain = answer(capacity, with_len, |buf, len| unsafe {
                        write_plain(text, buf, capacity, len)
                    });
                    let pieces = answer(capacity, with_len, |buf, len| unsafe {
                        let mut out = text_writer(buf, capacity)?;
                        for piece in text.split_inclusive(' ') {
                            let _ = out.write_str(piece);
                        }
                        finish_text(out, len)
                    });
                    assert_eq!(plain, old, "{text:?} {capacity} {with_len}");
                    assert_eq!(pieces, old, "{text:?} {capacity} {with_len}");
                }
            }
        }
    }

    /// `OutputList::finish` (one `finish_list` for every item type) answers as its generic body
    /// did: the count always, `Ok` for a size query, too small when the items did not all fit.
    #[test]
    fn finish_is_the_generic_finish() {
        for capacity in 0..6usize {
            for items in 0..9u64 {
                let mut slots = [0u64; 5];
                let mut list = OutputList::new(&mut slots[..capacity.min(5)]);
                (0..items).for_each(|item| list.push(item));
                let mut count = 99;
                let got = list.finish(&mut count);
                let want = if capacity.min(5) == 0 {
                    Ok(())
                } else {
                    ensure_capacity(items as usize, capacity.min(5))
                };
                assert_eq!((got, count), (want, items as usize), "{capacity} {items}");
            }
        }
    }

    #[test]
    fn is_utf8_is_cores_from_utf8() {
        let same = |bytes: &[u8]| assert_eq!(is_utf8(bytes), core::str::from_utf8(bytes).is_ok(), "{bytes:02x?}");
        same(&[]);
        // Every sequence of one, two and three bytes.
        for a in 0..=255u8 {
            same(&[a]);
            for b in 0..=255u8 {
                same(&[a, b]);
                for c in 0..=255u8 {
                    same(&[a, b, c]);
                }
            }
        }
        // Every four-byte sequence whose lead byte starts a four-byte form (or is past them),
        // each of its last two bytes from the edges of the continuation range and beyond.
        let edges = [0x00u8, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF];
        for a in 0xE0..=0xFFu8 {
            for b in 0..=255u8 {
                for c in edges {
                    for d in edges {
                        same(&[a, b, c, d]);
                        same(&[b'x', a, b, c, d, b'y']);
                    }
                }
            }
        }
        // Real text and text cut in the middle of a character.
        let text = "7m 7m, 8p · 東 南 西 北 🀄 ok";
        for end in 0..=text.len() {
            same(&text.as_bytes()[..end]);
            same(&text.as_bytes()[end..]);
        }
    }
}
