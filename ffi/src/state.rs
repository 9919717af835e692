//! The caller-owned opaque states ([`ParlorConfig`], [`ParlorRound`], [`ParlorMatch`]) and their
//! sealed layout: a header of cached facts, the value's own bytes or the game's byte form, and a
//! 64-bit digest.
//!
//! Byte layout (in memory order of the `opaque` words; only this library reads it):
//!
//! | bytes | field |
//! |---|---|
//! | 0..4 | magic `PRLR` |
//! | 4 | `STATE_VERSION` |
//! | 5 | game (`ParlorGame`, 1..=4) |
//! | 6 | kind (1 config, 2 round, 3 match) |
//! | 7 | seats at the table (0 for a config) |
//! | 8..10 | payload length, little-endian (of a value held in place: the part of its bytes that holds it, `Round::raw_len`) |
//! | 10 | seat to act (`0xFF`: nobody, the round is over) |
//! | 11 | may-act mask: bit `s` set when seat `s` has a legal action now (with flag bit 2: only the seat in turn's bit; ask the round about the others) |
//! | 12 | flags: bit 0 the round is over, bit 1 the match is over, bit 2 the mask is the seat in turn's only |
//! | 13..15 | cache length, little-endian (0: no cache) |
//! | 15 | 0 |
//! | 16..24 | digest of bytes 0..16, the payload and the cache, and the zero bytes after them up to a multiple of 16 where the state has room (`covered`) |
//! | 24.. | payload: a round's or match's own bytes (games with `Round::RAW`) or the game's `encode` form; then the cache (`encode_cache`); the rest is 0 when sealed |
//!
//! On entry a call checks the header and the digest only (O(payload) hashing, no decode), so
//! `to_act`, `seats` and `game` read nothing else, nor does `may_act` but for a seat not in
//! turn of a round or match held in place (flag bit 2, since layout version 5: asked of the
//! held round, so that `apply` does not ask every seat).
//!
//! A round or match of a game with `Round::RAW` / `Match::RAW` (dominoes and Dou Dizhu since
//! version 2 of this layout, Tichu since version 3, Riichi since version 6: every game) is held in place: the payload is the value's own memory (`raw_bytes`,
//! `size_of` bytes at offset 24, which is 8-aligned in the `uint64_t` words), with no cache;
//! since version 7 the payload length (and so the digest) is the part of those bytes that holds
//! the value (`Round::raw_len`: a Tichu round's up to the end of its log's entries; the rest of
//! the log's room is never read, written as 0 by a seal), the value still viewed as its
//! `size_of` bytes and refused unless its own `raw_len` is the header's length. A
//! call that reads it views the digest-checked payload as the value (`raw_ref`: zerocopy's check
//! of every enum and flag byte and of the config, not a decode); `parlor_round_apply` and
//! `parlor_match_apply` run the core's `apply` on it in place (`raw_mut`) and then rewrite only
//! the header's facts and the digest (`reseal`; the bytes after the payload are left as they
//! are). The core's `apply`
//! checks everything that can refuse an action before it writes, so a refused action leaves
//! the state's bytes unchanged; an internal error (a broken invariant, only reachable from
//! forged bytes) may have written part of the round, so the state's digest is then spoiled and
//! every later call refuses it. This payload is not portable (the layout of this library
//! version, in the target's byte order): `parlor_round_encode` / `parlor_match_encode` write the
//! game's `encode` form from it, and `_decode` reads that form back into a held value.
//!
//! A game without `Round::RAW` / `Match::RAW` (none today; the path is kept for a game that adds
//! one) keeps its `encode` form: a call that needs the round decodes the digest-checked payload
//! with `decode_trusted_cached`, which reads the derived facts the game keeps in the cache
//! instead of recomputing them; a call that changes the round encodes it straight into the
//! caller's state, only once everything that can fail has succeeded. Its portable byte form
//! (`parlor_round_encode`) is the payload alone.

use parlor_core::game::{GameId, MAX_SEATS, Seat};

use crate::{PARLOR_ERR_INTERNAL, PARLOR_ERR_INVALID_STATE, ParlorStatus};

/// Words (`uint64_t`) of a [`ParlorRound`] and of a [`ParlorMatch`]: one size for every game
/// (800 bytes), the largest sealed state (a Riichi match) with room to spare.
pub const PARLOR_STATE_WORDS: usize = 100;

/// Words (`uint64_t`) of a [`ParlorConfig`] (64 bytes): every game's rules variant.
pub const PARLOR_CONFIG_WORDS: usize = 8;

/// A game's rules variant (any game), as opaque caller memory: made by `parlor_config_preset`,
/// changed by `parlor_config_set`. Plain bytes: copy it, store it in a static. Every call checks
/// its bytes (a header and a digest); the bytes past the variant's own (rounded up to 16) are
/// never read, so their contents do not matter.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParlorConfig {
    /// Opaque: only the library reads or writes these words.
    pub opaque: [u64; PARLOR_CONFIG_WORDS],
}

/// One round of any game (a dominoes hand, a Tichu round, a Dou Dizhu deal, a Riichi kyoku), as
/// opaque caller memory. Plain bytes: copy it to undo or to search, store it in a static. Every
/// call checks its bytes (a header and a digest); the bytes past the round's own (rounded up to
/// 16) are never read, so their contents do not matter.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParlorRound {
    /// Opaque: only the library reads or writes these words.
    pub opaque: [u64; PARLOR_STATE_WORDS],
}

/// A match of any game (rounds played to the game's end), as opaque caller memory, the same
/// size as a ParlorRound. Plain bytes: copy it, store it in a static. As a ParlorRound, the
/// bytes past the match's own (rounded up to 16) are never read.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParlorMatch {
    /// Opaque: only the library reads or writes these words.
    pub opaque: [u64; PARLOR_STATE_WORDS],
}

/// The layout version of the sealed states (the byte at offset 4). Version 2: dominoes and
/// Dou Dizhu rounds and matches hold their own bytes (`Round::RAW`, `Match::RAW`), not their
/// `encode` form; a 32-bit four-lane digest. Version 3: Tichu rounds and matches are held too.
/// Version 4: a two-lane digest fed 16-byte chunks, one multiply-add per two words ([`digest`]).
/// Version 5 (cheaper C `apply`, issue 27): a round or match held in place (`Round::RAW`,
/// `Match::RAW`) keeps only the seat in turn's bit in the may-act mask, with flag bit 2
/// ([`Facts::ask_others`]): the other seats are asked of the held round when a call needs them
/// (`parlor_round_may_act`, the legal action lists, a bot), not worked out on every `apply`
/// (Tichu asked three seats for out-of-turn bombs per move); the digest's lanes are stored
/// without the finaliser (the second seed ends in 5), and a Thumb-2 core feeds them four
/// chunks per turn of its loop (the same value).
/// Version 6: Riichi rounds and matches are held too (the waits cache inside the held bytes).
/// Version 7 (issue 27): the payload of a round held in place is the part of its bytes that
/// holds it (`Round::raw_len`: a Tichu round's up to the end of its log's entries, the log last
/// in its layout), which the digest covers; the round is still viewed as its `size_of` bytes,
/// whose rest (the log's unused room) is never read.
/// Version 8 (issue 27, session 20): a held dominoes round keeps the layout's parents last, its
/// payload ending with the parents of the tiles played (`Round::raw_len`; the rest of the
/// 190-byte room is never read); a Riichi round's hand sizes are no longer part of its held
/// check (its `encode` refuses a hand of more than 14 tiles).
/// Version 9 (issue 27, session 21): a held Tichu round keeps no copy of the hands as dealt
/// (`Round::deal` works them out of the hands, the plays and the exchange): 32 bytes fewer before
/// its log, so for the digest to cover on every call.
pub(crate) const STATE_VERSION: u8 = 9;
const MAGIC: [u8; 4] = *b"PRLR";
/// Header bytes before the payload (facts, then the digest).
pub(crate) const HEADER_BYTES: usize = 24;
/// Payload room of a round or match.
pub(crate) const STATE_PAYLOAD: usize = PARLOR_STATE_WORDS * 8 - HEADER_BYTES;
/// Payload room of a config.
pub(crate) const CONFIG_PAYLOAD: usize = PARLOR_CONFIG_WORDS * 8 - HEADER_BYTES;
/// The "nobody" seat byte of the header.
const NO_SEAT: u8 = 0xFF;
const FLAG_ROUND_OVER: u8 = 1;
const FLAG_MATCH_OVER: u8 = 2;
const FLAG_ASK_OTHERS: u8 = 4;

/// What a sealed state is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kind {
    Config = 1,
    Round = 2,
    Match = 3,
}

/// The cached facts of a state's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Facts {
    pub(crate) seats: u8,
    pub(crate) to_act: Option<Seat>,
    pub(crate) may_act: u8,
    pub(crate) round_over: bool,
    pub(crate) match_over: bool,
    /// `may_act` names only the seat in turn: whether another seat may act is the round's own
    /// answer ([`Facts::may_act`]). Set for rounds and matches held in place.
    pub(crate) ask_others: bool,
}

impl Facts {
    /// A config's facts (none).
    pub(crate) const NONE: Facts = Facts {
        seats: 0,
        to_act: None,
        may_act: 0,
        round_over: false,
        match_over: false,
        ask_others: false,
    };

    /// The facts of a round. The seat in turn may act (`Round::to_act`'s contract, which the
    /// conformance checks hold every game to), so only the other seats are asked: in Tichu
    /// `may_act` of the seat in turn looks for its first legal play, which cost every `apply`
    /// more than the core's own `apply`.
    pub(crate) fn of_round<R: parlor_core::game::Round>(round: &R) -> Facts {
        let seats = round.seats();
        let to_act = round.to_act();
        let mut may_act = 0u8;
        for seat in 0..seats.min(MAX_SEATS as u8) {
            if to_act == Some(Seat(seat)) || round.may_act(Seat(seat)) {
                may_act |= 1 << seat;
            }
        }
        Facts {
            seats,
            to_act,
            may_act,
            round_over: to_act.is_none(),
            match_over: false,
            ask_others: false,
        }
    }

    /// The facts of a round held in place: the may-act mask names the seat in turn only
    /// ([`Facts::ask_others`]; none once the round is over), so an `apply` asks the round
    /// nothing but `to_act`.
    #[inline(always)]
    pub(crate) fn of_held_round<R: parlor_core::game::Round>(round: &R) -> Facts {
        let to_act = round.to_act();
        Facts {
            seats: round.seats(),
            to_act,
            may_act: to_act.map_or(0, |seat| 1u8 << (seat.0 & 7)),
            round_over: to_act.is_none(),
            match_over: false,
            ask_others: to_act.is_some(),
        }
    }

    /// Whether `seat` may act now: its bit of the mask, else (when the mask names the seat in
    /// turn only) `ask`, the round's own answer.
    pub(crate) fn may_act(&self, seat: Seat, ask: impl FnOnce() -> bool) -> bool {
        self.may_act & (1u8 << (seat.0 & 7)) != 0 || (self.ask_others && ask())
    }
}

/// A checked state: its game, its facts, its payload and its cache.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Opened<'a> {
    pub(crate) game: GameId,
    pub(crate) facts: Facts,
    pub(crate) payload: &'a [u8],
    pub(crate) cache: &'a [u8],
    /// The state's bytes after the header (the payload first): a value held in place is viewed
    /// as its `size_of` bytes from here, of which the payload is the part that holds it
    /// (`Round::raw_len`).
    pub(crate) room: &'a [u8],
}

/// The bytes of caller words (memory order).
pub(crate) fn bytes_of<const W: usize>(words: &[u64; W]) -> &[u8] {
    // SAFETY: `W` initialised `u64`s are `8 * W` initialised bytes; `u8` has alignment 1 and
    // every bit pattern is a `u8`; the borrow keeps the words alive and unmodified.
    unsafe { core::slice::from_raw_parts(words.as_ptr().cast::<u8>(), W * 8) }
}

/// The bytes of caller words, writable (memory order).
pub(crate) fn bytes_of_mut<const W: usize>(words: &mut [u64; W]) -> &mut [u8] {
    // SAFETY: as `bytes_of`; any byte written leaves each `u64` a valid `u64`.
    unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u8>(), W * 8) }
}

/// The 64-bit digest of a header's first 16 bytes and a payload: two 32-bit lanes, fed 16-byte
/// chunks of four little-endian words (the header first), two words per lane per chunk: the
/// lane rotated, xored with the first word, multiplied by an odd constant and the second word
/// added; a tail as a last chunk padded with zeros and its length. The lanes are the digest's
/// two halves as they are (no finaliser since layout version 5: every step is a bijection of
/// the lane already, and the two avalanches cost 40 instructions of every `apply`). 32-bit
/// arithmetic throughout (the Cortex-M0/M4 have no 64-bit
/// multiply): a rotating xor and a multiply-add per two words, with the lanes, one chunk, the
/// pointers and the constants all in a Cortex-M4's registers (no spills) — the cost of a C
/// call's check and of `apply`'s reseal (four lanes and one multiply per word before layout
/// version 4). Each lane step is a bijection of the lane for fixed words and of each word for a
/// fixed lane and the other word, so a state that differs in one word (any flipped bit, any
/// changed byte of a word) always has another digest. Not
/// cryptographic: it catches corrupted, uninitialised and stale states, not forged ones (those
/// are still read without UB: every byte is checked where it is read).
#[cfg(test)]
pub(crate) fn digest(head: &[u8; 16], payload: &[u8]) -> u64 {
    digest_at(head, &words_of(head), payload)
}

/// [`digest`] of the header's first 16 bytes, both where they lie (`head`, a state's own
/// header) and as their four little-endian words (`words`, which the caller has read). Inlined:
/// on a Thumb-2 core a state's covered bytes (4-aligned whole chunks after a 4-aligned header,
/// [`covered`]) go to one function of assembly that reads the header where it lies
/// ([`digest_chunks_thumb2`], one copy of its loop), after one test of the three conditions;
/// anything else (and every digest on other cores) to [`digest_rest`] with the words.
#[inline(always)]
fn digest_at(head: &[u8; 16], words: &[u32; 4], payload: &[u8]) -> u64 {
    #[cfg(all(target_arch = "arm", target_feature = "thumb2"))]
    if ((head.as_ptr() as usize | payload.as_ptr() as usize) & 3) | (payload.len() & 15) == 0 {
        // SAFETY: `head` is 16 readable bytes and `payload` `len` readable bytes, both 4-aligned
        // and `len` a multiple of 16 (tested just above): what the function reads.
        return unsafe {
            digest_chunks_thumb2(
                head.as_ptr(),
                payload.as_ptr(),
                payload.as_ptr().wrapping_add(payload.len()),
            )
        };
    }
    // Else the words as the caller read them; on a Thumb-2 core read again where they lie (a
    // cold path: the caller's words are then not kept for it).
    #[cfg(all(target_arch = "arm", target_feature = "thumb2"))]
    let words = {
        let _ = words;
        &words_of(head)
    };
    #[cfg(not(all(target_arch = "arm", target_feature = "thumb2")))]
    let _ = head;
    digest_rest(words, payload)
}

/// [`digest_at`] in Rust: the header and the payload into the lanes (out of line: one copy; on a
/// Thumb-2 core a state's covered bytes never come here).
#[cfg_attr(all(target_arch = "arm", target_feature = "thumb2"), cold)]
#[inline(never)]
fn digest_rest(head: &[u32; 4], payload: &[u8]) -> u64 {
    let mut lanes = seeded_lanes(payload.len());
    mix(&mut lanes, head);
    absorb(&mut lanes, payload);
    let [a, b] = lanes;
    u64::from(a) | (u64::from(b) << 32)
}

/// The lanes before the header, for a payload of `len` bytes: the seeds, the first xored with
/// the length (at most the state's 776 bytes: it fits a `u32`).
#[inline(always)]
fn seeded_lanes(len: usize) -> [u32; 2] {
    let [a, b] = SEEDS;
    [a ^ len as u32, b]
}

/// The lanes' seeds (the first is xored with the payload length; the second ends in the
/// layout version).
const SEEDS: [u32; 2] = [0x5041_524C, 0x4F52_0005];

/// The lanes' odd multipliers.
const K: [u32; 2] = [0x9E37_79B1, 0x85EB_CA77];

/// The little-endian words of 16 bytes.
fn words_of(bytes: &[u8; 16]) -> [u32; 4] {
    let [x0, x1, x2, x3, y0, y1, y2, y3, z0, z1, z2, z3, v0, v1, v2, v3] = *bytes;
    [
        u32::from_le_bytes([x0, x1, x2, x3]),
        u32::from_le_bytes([y0, y1, y2, y3]),
        u32::from_le_bytes([z0, z1, z2, z3]),
        u32::from_le_bytes([v0, v1, v2, v3]),
    ]
}

/// The payload's chunks and tail into the lanes (inlined into [`digest_rest`], its one
/// caller).
///
/// The payload is 4-aligned (it starts at byte 24 of the caller's `uint64_t` words), so its
/// chunks are read as aligned words (byte loads on a Cortex-M0 otherwise, which has no unaligned
/// loads). A part that is not 4-aligned takes the byte path; both give the same value.
#[inline(always)]
fn absorb(lanes: &mut [u32; 2], part: &[u8]) {
    if !part.as_ptr().cast::<u32>().is_aligned() {
        return absorb_bytes(lanes, part);
    }
    let (blocks, tail) = part.as_chunks::<16>();
    // SAFETY: `blocks` is 4-aligned (it starts at `part`, checked above) and each `[u8; 16]`
    // is the size of a `[u32; 4]`, which has no invalid bit patterns; the same memory, borrowed
    // as long as `part`.
    let chunks = unsafe { core::slice::from_raw_parts(blocks.as_ptr().cast::<[u32; 4]>(), blocks.len()) };
    mix_chunks(lanes, chunks);
    if !tail.is_empty() {
        mix(lanes, &tail_words(tail));
    }
}

/// [`absorb`] of a part that is not 4-aligned (never a state's payload), a byte at a time.
#[cold]
#[inline(never)]
fn absorb_bytes(lanes: &mut [u32; 2], part: &[u8]) {
    let (blocks, tail) = part.as_chunks::<16>();
    for block in blocks {
        mix(lanes, &words_of(block));
    }
    if !tail.is_empty() {
        mix(lanes, &tail_words(tail));
    }
}

/// Aligned chunks into the lanes, one at a time ([`mix`]; on a Thumb-2 core only for a part
/// that is not a state's covered bytes, which [`digest_chunks_thumb2`] takes).
fn mix_chunks(lanes: &mut [u32; 2], chunks: &[[u32; 4]]) {
    for chunk in chunks {
        mix(lanes, chunk);
    }
}

/// One chunk of [`digest_chunks_thumb2`]: `[w0, w1, w2, w3]` at `r1` (advanced by 16; into the
/// low registers r3-r6: a 16-bit `ldm`), the lanes `a` in r8 and `b` in r9, the multipliers in
/// r10 and r11: `a = (w0 ^ a.rotate_right(17)) * ka + w1`, `b` likewise from `w2`, `w3` ([`mix`]).
#[cfg(all(target_arch = "arm", target_feature = "thumb2"))]
macro_rules! mix_chunk_asm {
    () => {
        concat!(
            "ldmia r1!, {{r3, r4, r5, r6}}\n",
            "eor r3, r3, r8, ror #17\n",
            "mla r8, r3, r10, r4\n",
            "eor r5, r5, r9, ror #17\n",
            "mla r9, r5, r11, r6\n"
        )
    };
}

/// Two chunks of [`digest_chunks_thumb2`] after one `ldm` of their eight words (r0, r3-r5 the
/// first chunk's, r6, r7, r12, lr the second's; session 23, issue 27: half an instruction per
/// chunk fewer than [`mix_chunk_asm`] twice), each mixed into the lanes as [`mix_chunk_asm`]
/// does (the same value).
#[cfg(all(target_arch = "arm", target_feature = "thumb2"))]
macro_rules! mix_two_chunks_asm {
    () => {
        concat!(
            "ldmia r1!, {{r0, r3, r4, r5, r6, r7, r12, lr}}\n",
            "eor r0, r0, r8, ror #17\n",
            "mla r8, r0, r10, r3\n",
            "eor r4, r4, r9, ror #17\n",
            "mla r9, r4, r11, r5\n",
            "eor r6, r6, r8, ror #17\n",
            "mla r8, r6, r10, r7\n",
            "eor r12, r12, r9, ror #17\n",
            "mla r9, r12, r11, lr\n"
        )
    };
}

/// [`digest_at`] of whole 4-aligned chunks after a 4-aligned header on a Thumb-2 core (Cortex-M3/
/// M4/M7): the 16 bytes at `head` ([`mix`]) and the chunks from `payload` to `end` (the same
/// value), a function of assembly alone (session 22, issue 27: no compiler frame, moves and
/// literal loads around the loop; the seeds and multipliers two `ldrd`s). The chunks go eight
/// per turn of one loop, two per `ldm` of eight words (session 23), entered by a table branch
/// (`tbb`) at the pair that leaves a multiple of eight (an odd count first mixes one chunk
/// and then branches there; a loop of four chunks a turn and one of single chunks cost about
/// 13 instructions of compares and branches per digest, 6 now; two digests per `apply`);
/// each chunk two `eor`s with the rotated lanes and two `mla`s. Returns the lanes as the
/// digest's two halves (r0, r1).
///
/// # Safety
/// `head`: 16 readable bytes; `payload` to `end`: readable, a whole number of 16-byte chunks;
/// both 4-aligned.
#[cfg(all(target_arch = "arm", target_feature = "thumb2"))]
#[unsafe(naked)]
unsafe extern "C" fn digest_chunks_thumb2(head: *const u8, payload: *const u8, end: *const u8) -> u64 {
    // Reads the 16 bytes at `head` and 16 bytes per chunk from `payload` to `end` only (the
    // table branch enters the loop so that the chunks before its first compare are the count
    // modulo eight, eight when that is 0 (an odd count's first chunk mixed alone before), and
    // every turn after them takes eight, so r1 meets `end` exactly); restores the registers it
    // saves (r7 and lr hold words); a frame of 36 bytes.
    core::arch::naked_asm!(
        "push {{r4, r5, r6, r7, r8, r9, r10, r11, lr}}",
        "ldmia r0, {{r3, r4, r5, r6}}",
        "ldrd r8, r9, 30f",
        "ldrd r10, r11, 31f",
        "subs r0, r2, r1",
        // The first lane's seed xored with the payload's length (`seeded_lanes`).
        "eor r8, r8, r0",
        "eor r3, r3, r8, ror #17",
        "mla r8, r3, r10, r4",
        "eor r5, r5, r9, ror #17",
        "mla r9, r5, r11, r6",
        "beq 9f",
        // The chunks' count modulo eight; entry k of the table: the pair of the turn that
        // leaves k before the compare (k even), or one chunk and then that of k - 1 (k odd)
        // (halfwords from the table's start, tbb's pc).
        "ubfx r0, r0, #4, #3",
        "tbb [pc, r0]",
        "19:",
        ".byte (20f - 19b) / 2",
        ".byte (41f - 19b) / 2",
        ".byte (23f - 19b) / 2",
        ".byte (43f - 19b) / 2",
        ".byte (22f - 19b) / 2",
        ".byte (45f - 19b) / 2",
        ".byte (21f - 19b) / 2",
        ".byte (47f - 19b) / 2",
        "20:",
        mix_two_chunks_asm!(),
        "21:",
        mix_two_chunks_asm!(),
        "22:",
        mix_two_chunks_asm!(),
        "23:",
        mix_two_chunks_asm!(),
        "24:",
        "cmp r1, r2",
        "bne 20b",
        "9:",
        "mov r0, r8",
        "mov r1, r9",
        "pop {{r4, r5, r6, r7, r8, r9, r10, r11, pc}}",
        // An odd count: its first chunk alone, then the pairs.
        "41:",
        mix_chunk_asm!(),
        "b 24b",
        "43:",
        mix_chunk_asm!(),
        "b 23b",
        "45:",
        mix_chunk_asm!(),
        "b 22b",
        "47:",
        mix_chunk_asm!(),
        "b 21b",
        ".p2align 2",
        "30:",
        ".word {s0}",
        ".word {s1}",
        "31:",
        ".word {k0}",
        ".word {k1}",
        s0 = const SEEDS[0],
        s1 = const SEEDS[1],
        k0 = const K[0],
        k1 = const K[1],
    )
}

/// A tail of 1-15 bytes as one chunk padded with zeros, its length in the last byte (which is
/// never a tail byte); read a word at a time (no copy).
fn tail_words(tail: &[u8]) -> [u32; 4] {
    let (whole, bytes) = tail.as_chunks::<4>();
    // The last 0-3 bytes, in the word after the whole ones.
    let mut last = 0u32;
    for (at, byte) in bytes.iter().enumerate() {
        last |= u32::from(*byte) << ((at & 3) << 3);
    }
    // At most three whole words (the tail is below 16 bytes); by their count, no copy loop.
    let mut words = match *whole {
        [a] => [u32::from_le_bytes(a), last, 0, 0],
        [a, b] => [u32::from_le_bytes(a), u32::from_le_bytes(b), last, 0],
        [a, b, c] => [
            u32::from_le_bytes(a),
            u32::from_le_bytes(b),
            u32::from_le_bytes(c),
            last,
        ],
        _ => [last, 0, 0, 0],
    };
    words[3] ^= (tail.len() as u32) << 24;
    words
}

/// One chunk (four little-endian words) into the lanes, two words each: the lane rotated, xored
/// with its first word, multiplied by its odd constant and its second word added (on Thumb-2
/// the rotate is the xor's shifted operand and the multiply-add one `mla`).
#[inline(always)]
fn mix(lanes: &mut [u32; 2], chunk: &[u32; 4]) {
    let [a, b] = *lanes;
    let [x0, x1, y0, y1] = *chunk;
    let [ka, kb] = K;
    let le = u32::from_le;
    *lanes = [
        (a.rotate_left(15) ^ le(x0)).wrapping_mul(ka).wrapping_add(le(x1)),
        (b.rotate_left(15) ^ le(y0)).wrapping_mul(kb).wrapping_add(le(y1)),
    ];
}

/// Checks a sealed state of `kind`: magic, version, kind, a compiled-in game, the seat facts,
/// the payload length and the digest. [`PARLOR_ERR_INVALID_STATE`] for anything else.
#[inline(never)]
pub(crate) fn open(bytes: &[u8], kind: Kind) -> Result<Opened<'_>, ParlorStatus> {
    let bad = PARLOR_ERR_INVALID_STATE;
    let head = check_head(bytes, kind)?;
    let game = GameId::from_code(head.game_code()).ok_or(bad)?;
    let rest = bytes.get(HEADER_BYTES..).ok_or(bad)?;
    let (payload, after) = rest.split_at_checked(head.len()).ok_or(bad)?;
    let cache = after.get(..head.cache_len()).ok_or(bad)?;
    Ok(Opened {
        game,
        facts: head.facts(),
        payload,
        cache,
        room: rest,
    })
}

/// [`open`]'s checks without the `Opened` (its slices and facts): the header, for `apply` of a
/// value held in place, which works on the state's bytes itself (about 45 instructions fewer
/// per C `apply` on a Cortex-M4 than [`open`]). Inlined into `parlor_round_apply`, its one
/// caller (the checked header stays in registers: no result written and read back).
#[inline(always)]
pub(crate) fn open_head(bytes: &[u8], kind: Kind) -> Result<Head, ParlorStatus> {
    check_head(bytes, kind)
}

/// A sealed state's checked header ([`open_head`]): its words 1-3 as they are (the layout
/// table's bytes 4..16, little-endian), read by field where needed; the game byte as it is
/// ([`Head::game_code`]: the caller matches it against its games, so that `apply` does not
/// map it to a [`GameId`] first).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Head {
    /// Version, game, kind, seats.
    w1: u32,
    /// Payload length, seat to act, may-act mask.
    w2: u32,
    /// Flags, cache length, 0.
    w3: u32,
}

impl Head {
    /// The game byte (`ParlorGame`'s code; not checked: any value but a compiled-in game's
    /// code is the caller's to refuse, [`open`] refuses it as [`PARLOR_ERR_INVALID_STATE`]).
    pub(crate) fn game_code(&self) -> u32 {
        (self.w1 >> 8) & 0xFF
    }

    /// Seats at the table (at most `MAX_SEATS`).
    pub(crate) fn seats(&self) -> u8 {
        (self.w1 >> 24) as u8
    }

    /// The payload's length.
    pub(crate) fn len(&self) -> usize {
        (self.w2 & 0xFFFF) as usize
    }

    /// The cache's length (0: none; always 0 for a value held in place).
    fn cache_len(&self) -> usize {
        (self.w3 >> 8) as usize
    }

    /// Whether the round is over (flag bit 0).
    pub(crate) fn round_over(&self) -> bool {
        self.w3 & u32::from(FLAG_ROUND_OVER) != 0
    }

    /// The facts the header caches.
    fn facts(&self) -> Facts {
        let to_act = (self.w2 >> 16) as u8;
        let flags = self.w3 as u8;
        Facts {
            seats: self.seats(),
            to_act: if to_act == NO_SEAT { None } else { Some(Seat(to_act)) },
            may_act: (self.w2 >> 24) as u8,
            round_over: flags & FLAG_ROUND_OVER != 0,
            match_over: flags & FLAG_MATCH_OVER != 0,
            ask_others: flags & FLAG_ASK_OTHERS != 0,
        }
    }
}

/// The header's checks (magic, version, kind, the seat facts, the lengths within the state) and
/// the digest, of the header read as words: a compare per group of fields, not a byte at a time
/// (about 100 instructions of every C call on a Cortex-M4 before). The game byte is left to the
/// callers ([`Head::game_code`]; session 23: mapped to a [`GameId`] and then matched again, it
/// cost every C `apply` about 10 instructions).
/// Inlined into [`open`] and [`open_head`] (each returns what its callers read).
#[inline(always)]
fn check_head(bytes: &[u8], kind: Kind) -> Result<Head, ParlorStatus> {
    let bad = PARLOR_ERR_INVALID_STATE;
    let (head, rest) = bytes.split_first_chunk::<HEADER_BYTES>().ok_or(bad)?;
    let (words, _) = head.as_chunks::<4>();
    let [w0, w1, w2, w3, _, _] = *words else {
        return Err(bad);
    };
    let [w0, w1, w2, w3] = [
        u32::from_le_bytes(w0),
        u32::from_le_bytes(w1),
        u32::from_le_bytes(w2),
        u32::from_le_bytes(w3),
    ];
    // Word 1: version, game, kind, seats; word 2: payload length, seat to act, may-act mask;
    // word 3: flags, cache length, 0 (the payload and cache within what the state holds).
    let used = ((w2 & 0xFFFF) + ((w3 >> 8) & 0xFFFF)) as usize;
    let seats = w1 >> 24;
    let to_act = (w2 >> 16) & 0xFF;
    if w0 != u32::from_le_bytes(MAGIC)
        || w1 & 0x00FF_00FF != u32::from(STATE_VERSION) | (u32::from(kind as u8) << 16)
        || w3 >> 24 != 0
        || used > rest.len()
        || seats as usize > MAX_SEATS
        || w3 & 0xFF > u32::from(FLAG_ROUND_OVER | FLAG_MATCH_OVER | FLAG_ASK_OTHERS)
        || (to_act != u32::from(NO_SEAT) && to_act >= seats)
    {
        return Err(bad);
    }
    // The header's words digested where they lie (no copy of them on the stack).
    let (words16, stored) = head.split_first_chunk::<16>().ok_or(bad)?;
    let stored: &[u8; 8] = stored.try_into().map_err(|_| bad)?;
    let sum = digest_at(words16, &[w0, w1, w2, w3], covered(rest, used));
    // The stored digest read after the digest's call (session 23: read with the header's
    // words, it was kept on the stack across the call, about 3 instructions of every call).
    if sum != u64::from_le_bytes(*stored) {
        return Err(bad);
    }
    Ok(Head { w1, w2, w3 })
}

/// Writes a sealed state of `kind` into `out`: the header of `game` and `facts`, the payload
/// (the first `len` bytes of `payload`), zeros after it, and the digest. The caller builds the
/// payload completely first, so a failed call never writes here.
pub(crate) fn seal(
    out: &mut [u8],
    kind: Kind,
    game: GameId,
    facts: &Facts,
    payload: &[u8],
) -> Result<(), ParlorStatus> {
    seal_with(out, kind, game, facts, |room| {
        let dst = room.get_mut(..payload.len()).ok_or(PARLOR_ERR_INTERNAL)?;
        for (slot, byte) in dst.iter_mut().zip(payload) {
            *slot = *byte;
        }
        Ok((payload.len(), 0))
    })
}

/// Writes a sealed state of `kind` straight into `out` (no payload buffer on the stack):
/// `write` fills the room after the header with the payload and then the cache and returns
/// their lengths; then the rest of the room is zeroed and the header and digest written.
/// `write` is called once everything else that can fail has succeeded: it only encodes a value
/// into room the build checks is large enough (`fits!` in `abi.rs`), so it does not fail; if it
/// ever did, the state would be left with a digest that no longer matches (refused as
/// [`crate::PARLOR_ERR_INVALID_STATE`] by every later call, never misread).
pub(crate) fn seal_with(
    out: &mut [u8],
    kind: Kind,
    game: GameId,
    facts: &Facts,
    write: impl FnOnce(&mut [u8]) -> Result<(usize, usize), ParlorStatus>,
) -> Result<(), ParlorStatus> {
    let (head, rest) = out.split_first_chunk_mut::<HEADER_BYTES>().ok_or(PARLOR_ERR_INTERNAL)?;
    let (payload_len, cache_len) = write(rest)?;
    finish_seal(head, rest, kind, game, facts, payload_len, cache_len)
}

/// The part of [`seal_with`] that is the same for every game (out of line: one copy of it).
#[inline(never)]
fn finish_seal(
    head: &mut [u8; HEADER_BYTES],
    rest: &mut [u8],
    kind: Kind,
    game: GameId,
    facts: &Facts,
    payload_len: usize,
    cache_len: usize,
) -> Result<(), ParlorStatus> {
    let used = payload_len.checked_add(cache_len).ok_or(PARLOR_ERR_INTERNAL)?;
    let (_, after) = rest.split_at_mut_checked(used).ok_or(PARLOR_ERR_INTERNAL)?;
    after.fill(0);
    write_head(head, covered(rest, used), kind, game, facts, payload_len, cache_len)
}

/// The bytes the digest covers after the header, of `used` bytes of payload and cache in the
/// state's `room`: those rounded up to a multiple of 16 (the zeros a seal writes after them)
/// where the room reaches that far, so that the digest reads whole 16-byte chunks and no
/// padded tail (about 60 instructions of every `apply` of a Tichu or Dou Dizhu round on a
/// Cortex-M4); else the `used` bytes alone (then with a tail). `used` is at most `room.len()`.
pub(crate) fn covered(room: &[u8], used: usize) -> &[u8] {
    let whole = used.saturating_add(15) & !15;
    room.get(..whole).or_else(|| room.get(..used)).unwrap_or(room)
}

/// Rewrites the header of a state of `kind` whose payload (the first `payload_len` bytes of
/// `rest`, the room after the header; no cache) was changed in place: its facts, then the
/// digest. Nothing after the header is written.
#[inline(always)]
pub(crate) fn reseal(
    head: &mut [u8; HEADER_BYTES],
    rest: &[u8],
    payload_len: usize,
    kind: Kind,
    game: GameId,
    facts: &Facts,
) -> Result<(), ParlorStatus> {
    // The words stored from registers and the digest's call made here (session 22: through
    // the out-of-line `store_head` the words went to the stack and back, about 9 instructions
    // of every `apply` on a Cortex-M4).
    // The magic is left where it lies (its caller's entry checked it, and nothing since wrote
    // the header; session 23: about 2 instructions of every `apply` on a Cortex-M4).
    put_head(
        head,
        covered(rest, payload_len),
        &head_words(kind, game, facts, payload_len, 0)?,
        false,
    );
    Ok(())
}

/// Spoils a state's digest (a round changed in place by a call that then failed inside: every
/// later call refuses it rather than read a half-changed round).
pub(crate) fn spoil(head: &mut [u8; HEADER_BYTES]) {
    for byte in head.iter_mut().skip(16) {
        *byte = !*byte;
    }
}

/// Writes the header of `kind`, `game` and `facts` and the digest of it and `sealed` (the
/// [`covered`] bytes).
fn write_head(
    head: &mut [u8; HEADER_BYTES],
    sealed: &[u8],
    kind: Kind,
    game: GameId,
    facts: &Facts,
    payload_len: usize,
    cache_len: usize,
) -> Result<(), ParlorStatus> {
    store_head(head, sealed, &head_words(kind, game, facts, payload_len, cache_len)?);
    Ok(())
}

/// The header's four words (the layout table's bytes, little-endian) of `kind`, `game`, `facts`
/// and the lengths; built as words, hashed as they are and stored a word at a time (byte by
/// byte this cost 75 instructions of every `apply` on a Cortex-M4). Inlined: a caller's
/// constant kind, game and flags fold into it.
#[inline(always)]
fn head_words(
    kind: Kind,
    game: GameId,
    facts: &Facts,
    payload_len: usize,
    cache_len: usize,
) -> Result<[u32; 4], ParlorStatus> {
    let len = u16::try_from(payload_len).map_err(|_| PARLOR_ERR_INTERNAL)?;
    let cache = u16::try_from(cache_len).map_err(|_| PARLOR_ERR_INTERNAL)?;
    let [l0, l1] = len.to_le_bytes();
    let [c0, c1] = cache.to_le_bytes();
    let flags = if facts.round_over { FLAG_ROUND_OVER } else { 0 }
        | if facts.match_over { FLAG_MATCH_OVER } else { 0 }
        | if facts.ask_others { FLAG_ASK_OTHERS } else { 0 };
    Ok([
        u32::from_le_bytes(MAGIC),
        u32::from_le_bytes([STATE_VERSION, game as u8, kind as u8, facts.seats]),
        u32::from_le_bytes([l0, l1, facts.to_act.map_or(NO_SEAT, |seat| seat.0), facts.may_act]),
        u32::from_le_bytes([flags, c0, c1, 0]),
    ])
}

/// Stores the header's `words`, then the digest of them (read back where they now lie) and
/// `sealed` (out of line: one copy, for the seals).
#[inline(never)]
fn store_head(head: &mut [u8; HEADER_BYTES], sealed: &[u8], words: &[u32; 4]) {
    put_head(head, sealed, words, true);
}

/// [`store_head`] inlined (a reseal's, on every `apply`, with `magic` false: the state's magic,
/// the first word, already `words[0]`, is not stored again).
#[inline(always)]
fn put_head(head: &mut [u8; HEADER_BYTES], sealed: &[u8], words: &[u32; 4], magic: bool) {
    let [w0, w1, w2, w3] = *words;
    let (slots, _) = head.as_chunks_mut::<4>();
    if let [s0, s1, s2, s3, ..] = slots {
        if magic {
            *s0 = w0.to_le_bytes();
        }
        *s1 = w1.to_le_bytes();
        *s2 = w2.to_le_bytes();
        *s3 = w3.to_le_bytes();
    }
    if let Some((words16, digest)) = head.split_first_chunk_mut::<16>() {
        let sum = digest_at(words16, words, sealed);
        let (slots, _) = digest.as_chunks_mut::<4>();
        if let [s4, s5] = slots {
            *s4 = (sum as u32).to_le_bytes();
            *s5 = ((sum >> 32) as u32).to_le_bytes();
        }
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_state_opens_with_its_facts_and_any_flipped_bit_is_refused() {
        let mut words = [0u64; PARLOR_STATE_WORDS];
        let facts = Facts {
            seats: 4,
            to_act: Some(Seat(2)),
            may_act: 0b0101,
            round_over: false,
            match_over: false,
            ask_others: true,
        };
        // Four 16-byte chunks and a tail of 11 bytes.
        let mut payload = [0u8; 75];
        for (at, byte) in payload.iter_mut().enumerate() {
            *byte = (at as u8).wrapping_mul(29).wrapping_add(7);
        }
        seal(bytes_of_mut(&mut words), Kind::Round, GameId::Tichu, &facts, &payload).unwrap();
        let opened = open(bytes_of(&words), Kind::Round).unwrap();
        assert_eq!(opened.game, GameId::Tichu);
        assert_eq!(opened.facts, facts);
        assert_eq!(opened.payload, &payload);
        // `apply`'s header check reads the same facts.
        let head = open_head(bytes_of(&words), Kind::Round).unwrap();
        assert_eq!(head.game_code(), GameId::Tichu as u32);
        assert_eq!((head.seats(), head.len(), head.round_over()), (4, 75, false));
        assert_eq!(head.facts(), facts);
        assert_eq!(
            open(bytes_of(&words), Kind::Match).unwrap_err(),
            PARLOR_ERR_INVALID_STATE
        );
        for bit in 0..(HEADER_BYTES + payload.len()) * 8 {
            let mut copy = words;
            bytes_of_mut(&mut copy)[bit / 8] ^= 1 << (bit % 8);
            assert_eq!(
                open(bytes_of(&copy), Kind::Round).unwrap_err(),
                PARLOR_ERR_INVALID_STATE,
                "bit {bit}"
            );
            assert_eq!(
                open_head(bytes_of(&copy), Kind::Round).unwrap_err(),
                PARLOR_ERR_INVALID_STATE,
                "bit {bit}"
            );
        }
        assert_eq!(
            open(bytes_of(&[0u64; PARLOR_STATE_WORDS]), Kind::Round).unwrap_err(),
            PARLOR_ERR_INVALID_STATE
        );
    }

    #[test]
    fn the_digest_of_aligned_words_equals_the_digest_of_the_same_bytes_anywhere() {
        // The aligned word path (blocks, a tail) against the byte path (the same bytes one byte
        // off alignment), for every length up to 110 bytes (six chunks and a tail).
        let mut words = [0u64; 16];
        for (at, byte) in bytes_of_mut(&mut words).iter_mut().enumerate() {
            *byte = (at as u8).wrapping_mul(37).wrapping_add(11);
        }
        let mut moved = [0u64; 17];
        bytes_of_mut(&mut moved)[1..129].copy_from_slice(bytes_of(&words));
        let head = |bytes: &[u8]| -> [u8; 16] { bytes[..16].try_into().unwrap() };
        for len in 0..=110 {
            let aligned = &bytes_of(&words)[16..16 + len];
            let unaligned = &bytes_of(&moved)[17..17 + len];
            assert_eq!(aligned, unaligned);
            assert_eq!(
                digest(&head(bytes_of(&words)), aligned),
                digest(&head(&bytes_of(&moved)[1..]), unaligned),
                "length {len}"
            );
        }
        // Pinned: the value the layout of version 5 writes (a changed digest is a new version).
        assert_eq!(
            digest(&head(bytes_of(&words)), &bytes_of(&words)[16..64]),
            17_135_934_937_090_538_579
        );
    }
}
