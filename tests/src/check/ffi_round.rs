//! The C ABI's one function set against the core, written once over the traits: a seeded round
//! and match of any game played through `parlor_round_*` / `parlor_match_*` and through the
//! core's [`Round`] / [`Match`] side by side.
//!
//! A fuzz case's round plays its last `ROUND_SEGMENT` (48) steps through C, the ones before on
//! the core alone (its state then read into C by `parlor_round_decode`); [`check`] (the hand-made
//! tests) plays every step through C. At every step through C the status of the call, the step
//! report and the seat to act agree. Every `COMPARE_EVERY` (32) actions (spread by the seed, so
//! at the deal in one case of 32), at the end of the round and after the case's last step the
//! full comparison: every seat's may-act answer and view text, the byte form, the outcome and the
//! legal action codes three ways (the list, the size query and a short buffer, the last index) of
//! one seat (drawn by the seed, the next one at each comparison; of every seat at the round's end
//! and in [`check`]). A stray (mostly illegal) code gets the status of the core's error and
//! leaves the caller's state unchanged.
//!
//! At one point of a case (the deal, or where the case stops when bit 5 of the seed is set) the
//! corruption probes: the state with one flipped bit is refused (`PARLOR_ERR_INVALID_STATE`) or,
//! past the bytes its digest covers (the used ones rounded up to 16), answers as before; random
//! bytes are refused; a call refused on such a junk state (an apply, or a call that writes a
//! state through its out pointer: `parlor_match_round`, `parlor_round_new` / `parlor_match_new`
//! of a junk config, `parlor_round_decode` / `parlor_match_decode` of flipped bytes) leaves every
//! byte it may write as it was.
//!
//! The match is played through C for at most `MATCH_SEGMENT` (8) steps from a start the core's
//! lowest bot reaches alone (anywhere in its first 400 steps, drawn from the seed). At the end the
//! outcome's scores (round) and the totals and places (match) agree.
//! The fuzz targets `ffi_<game>_round` call [`dominoes`], [`tichu`], [`doudizhu`], [`mahjong`].

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;

use arbitrary::Arbitrary;
use parlor::generic::error_status;
use parlor::{
    PARLOR_ERR_ILLEGAL_ACTION, PARLOR_ERR_INVALID_STATE, PARLOR_ERR_ROUND_NOT_OVER, PARLOR_ERR_UNKNOWN_ACTION,
    PARLOR_NO_SEAT, PARLOR_OK, ParlorConfig, ParlorGame, ParlorMatch, ParlorRound, ParlorStatus, ParlorStep,
};
use parlor_core::game::{Match, Round, Rules, Seat};

/// One case: a preset, a seed, the choices of the play, stray codes and the bits to flip.
#[derive(Debug, Clone, Arbitrary)]
pub struct FfiCase {
    /// The preset (modulo the game's count).
    pub preset: u8,
    /// The deal (and match) seed.
    pub seed: u64,
    /// Per step: a legal action's index (modulo the count), or (high bit set) a stray code.
    pub steps: Vec<u16>,
    /// Stray codes (used in turn).
    pub codes: Vec<u64>,
    /// Bits of the state to flip, one probe each (modulo the state's bits).
    pub flips: Vec<u16>,
    /// Random bytes laid over a state (must be refused).
    pub garbage: Vec<u8>,
}

/// The most steps one case plays (a Riichi match is long; the fuzzer gives the rest).
const MAX_STEPS: usize = 400;

/// The core's match is kept every this many steps of the lowest bot's start (per game, preset
/// byte and seed): cases that share them (most mutations change the steps) skip the start.
const MATCH_KEEP_EVERY: usize = 16;

/// The slots of kept matches per match type (a slot keeps the latest match whose key falls on
/// it).
const KEPT_MATCH_SLOTS: usize = 4096;

/// The key of a kept match: the preset byte, the seed and the step.
type MatchKey = (u8, u64, usize);

/// The kept matches of one match type: [`KEPT_MATCH_SLOTS`] slots, allocated once, a key's slot
/// drawn from its hash. A new match overwrites its slot in place: keeping one allocates nothing
/// (the core's matches hold no heap), so libFuzzer's leak check (which re-runs every input
/// that leaves more allocations than frees) is not set off by the kept matches.
type KeptMatches<M> = Vec<Option<(MatchKey, M)>>;

thread_local! {
    /// The kept matches, by the match type.
    static MATCHES: RefCell<HashMap<TypeId, Box<dyn Any>>> = RefCell::new(HashMap::new());
}

/// The slot of `key`.
fn match_slot(key: MatchKey) -> usize {
    let mut z = u64::from(key.0) ^ key.1.rotate_left(17) ^ (key.2 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    (z ^ (z >> 29)) as usize % KEPT_MATCH_SLOTS
}

/// The kept match of `key`, if its slot holds it.
fn kept_match<M: Clone + 'static>(key: MatchKey) -> Option<M> {
    MATCHES.with(|kept| {
        let kept = kept.borrow();
        let slots = kept.get(&TypeId::of::<M>())?.downcast_ref::<KeptMatches<M>>()?;
        match &slots[match_slot(key)] {
            Some((k, m)) if *k == key => Some(m.clone()),
            _ => None,
        }
    })
}

/// Keeps `m` as the match of `key` (in its slot, in place).
fn keep_match<M: Clone + 'static>(key: MatchKey, m: &M) {
    MATCHES.with(|kept| {
        let mut kept = kept.borrow_mut();
        let slots = kept
            .entry(TypeId::of::<M>())
            .or_insert_with(|| Box::new((0..KEPT_MATCH_SLOTS).map(|_| None).collect::<KeptMatches<M>>()));
        if let Some(slots) = slots.downcast_mut::<KeptMatches<M>>() {
            match &mut slots[match_slot(key)] {
                Some((k, kept)) => {
                    *k = key;
                    kept.clone_from(m);
                }
                empty => *empty = Some((key, m.clone())),
            }
        }
    });
}

/// The round's C state is compared with the core's in full (every seat's lists and view, the
/// bytes, the outcome) after every this many actions taken, spread by the seed (so at the deal
/// in one case of this many; and at the end of the round and after the case's last step); the
/// seat to act, the step report and the status of every call are compared at every step.
const COMPARE_EVERY: usize = 32;

/// The most match steps one case plays through C: the match starts from a state the core's
/// lowest bot reaches alone (a start within the first [`MAX_STEPS`] steps, drawn from the seed),
/// read into a C match by `parlor_match_decode`.
const MATCH_SEGMENT: usize = 8;

/// The most steps of a case's round played through C (its last ones; the ones before are taken
/// by the core alone, and its state read by `parlor_round_decode`).
const ROUND_SEGMENT: usize = 48;

fn ok(status: ParlorStatus, what: &str) {
    assert_eq!(status, PARLOR_OK, "{what}: status {status}");
}

fn config_of<R: Round>(preset: u8) -> (ParlorConfig, R::Config) {
    let presets = <R::Config as Rules>::PRESETS;
    let (name, config) = presets
        .get(usize::from(preset) % presets.len())
        .expect("a game has presets");
    let mut c = ParlorConfig { opaque: [0; 8] };
    // SAFETY: valid pointers and lengths.
    ok(
        unsafe { parlor::parlor_config_preset(R::GAME as ParlorGame, name.as_ptr().cast(), name.len(), &mut c) },
        "config_preset",
    );
    (c, config.clone())
}

/// Seat `s`'s legal codes through C (the list, the size query, a short buffer, the last index)
/// against the core's.
fn compare_codes<R: Round>(c: &ParlorRound, core: &R, s: u8) {
    let mut want = Vec::new();
    core.for_each_legal_action(Seat(s), |a| want.push(R::action_code(a)));
    let mut total = usize::MAX;
    // SAFETY: a size query.
    ok(
        unsafe { parlor::parlor_round_legal_actions(c, u32::from(s), core::ptr::null_mut(), 0, &mut total) },
        "legal size",
    );
    assert_eq!(total, want.len());
    let mut got = vec![0u64; want.len() + 1];
    // SAFETY: valid buffer of `got.len()` codes.
    ok(
        unsafe { parlor::parlor_round_legal_actions(c, u32::from(s), got.as_mut_ptr(), got.len(), &mut total) },
        "legal",
    );
    got.truncate(total);
    assert_eq!(got, want, "legal codes of seat {s}");
    if want.len() > 1 {
        // A short buffer: the first codes, BUFFER_TOO_SMALL, the total.
        let mut short = [0u64; 1];
        // SAFETY: a buffer of one code.
        let status = unsafe { parlor::parlor_round_legal_actions(c, u32::from(s), short.as_mut_ptr(), 1, &mut total) };
        assert_eq!(
            (status, short[0], total),
            (parlor::PARLOR_ERR_BUFFER_TOO_SMALL, want[0], want.len())
        );
    }
    if let Some(last) = want.len().checked_sub(1) {
        let mut code = 0u64;
        // SAFETY: valid pointers.
        ok(
            unsafe { parlor::parlor_round_legal_action_at(c, u32::from(s), last, &mut code) },
            "at",
        );
        assert_eq!(code, want[last]);
    }
}

/// The C round's answers checked against the core round: the header, every seat's may-act answer
/// and view, the bytes, the outcome, and the legal codes ([`compare_codes`]) of every seat or of
/// seat `only`.
fn compare<R: Round>(c: &ParlorRound, core: &R, only: Option<u8>) {
    let mut seat = 0u32;
    // SAFETY: valid pointers.
    ok(unsafe { parlor::parlor_round_to_act(c, &mut seat) }, "to_act");
    assert_eq!(seat, core.to_act().map_or(PARLOR_NO_SEAT, |s| u32::from(s.0)));
    let mut seats = 0u32;
    // SAFETY: valid pointers.
    ok(unsafe { parlor::parlor_round_seats(c, &mut seats) }, "seats");
    assert_eq!(seats, u32::from(core.seats()));
    for s in 0..core.seats() {
        let mut may = 9u8;
        // SAFETY: valid pointers.
        ok(
            unsafe { parlor::parlor_round_may_act(c, u32::from(s), &mut may) },
            "may_act",
        );
        assert_eq!(may == 1, core.may_act(Seat(s)), "may_act of seat {s}");
        if only.is_none_or(|only| only == s) {
            compare_codes(c, core, s);
        }
        let mut view = Vec::new();
        let mut text = String::new();
        core.write_view(Seat(s), &mut text).expect("a seat's view");
        view.resize(text.len() + 1, 0u8);
        let mut len = 0usize;
        // SAFETY: a buffer of `view.len()` bytes.
        ok(
            unsafe { parlor::parlor_round_view(c, u32::from(s), view.as_mut_ptr().cast(), view.len(), &mut len) },
            "view",
        );
        assert_eq!(&view[..len], text.as_bytes());
    }
    let mut bytes = vec![0u8; R::ENCODED_BYTES];
    let n = core.encode(&mut bytes).expect("encode");
    let mut got = vec![0u8; n];
    let mut len = 0usize;
    // SAFETY: a buffer of `n` bytes.
    ok(
        unsafe { parlor::parlor_round_encode(c, got.as_mut_ptr(), n, &mut len) },
        "encode",
    );
    assert_eq!((len, &got[..]), (n, &bytes[..n]));
    let mut scores = [0i32; 4];
    let mut count = 0usize;
    // SAFETY: valid pointers.
    let status = unsafe { parlor::parlor_round_outcome(c, scores.as_mut_ptr(), 4, &mut count) };
    match core.outcome() {
        Some(outcome) => {
            ok(status, "outcome");
            assert_eq!(&scores[..count], R::outcome_scores(&outcome).as_slice());
        }
        None => assert_eq!(status, PARLOR_ERR_ROUND_NOT_OVER),
    }
}

/// `parlor_round_apply` of each of `codes` by each of `seats` on a copy of `c`: a refused call
/// leaves every byte of the state as it was (with and without a step report). Returns whether
/// any call was taken.
fn refused_round_applies_change_nothing(c: &ParlorRound, seats: &[u32], codes: &[u64], what: &str) -> bool {
    let mut taken = false;
    for &code in codes {
        for &seat in seats {
            for with_report in [true, false] {
                let mut copy = *c;
                let mut report = ParlorStep::default();
                let report_ptr: *mut ParlorStep = if with_report {
                    &mut report
                } else {
                    core::ptr::null_mut()
                };
                // SAFETY: valid pointers (the report may be null).
                let status = unsafe { parlor::parlor_round_apply(&mut copy, seat, code, report_ptr) };
                if status == PARLOR_OK {
                    taken = true;
                } else {
                    assert_eq!(
                        copy, *c,
                        "{what}: a refused apply of {code:#x} by seat {seat} (status {status}) changed the state"
                    );
                }
            }
        }
    }
    taken
}

/// `parlor_match_apply` likewise on a copy of the match `c`.
fn refused_match_applies_change_nothing(c: &ParlorMatch, seats: &[u32], codes: &[u64], what: &str) -> bool {
    let mut taken = false;
    for &code in codes {
        for &seat in seats {
            let mut copy = *c;
            let mut report = ParlorStep::default();
            // SAFETY: valid pointers.
            let status = unsafe { parlor::parlor_match_apply(&mut copy, seat, code, &mut report) };
            if status == PARLOR_OK {
                taken = true;
            } else {
                assert_eq!(
                    copy, *c,
                    "{what}: a refused match apply of {code:#x} by seat {seat} (status {status}) changed the match"
                );
            }
        }
    }
    taken
}

/// The calls that write a whole state through an out pointer, each given a junk input (`round`,
/// `game_match`, `config`: states of the wrong kind or corrupt; `bytes`: not an encoding): each
/// is refused and leaves the out state's bytes as they were. `round` and `game_match` must be
/// refused by every query (the caller has checked so).
fn refused_outputs_change_nothing(
    game_match: &ParlorMatch,
    config: &ParlorConfig,
    bytes: &[u8],
    game: ParlorGame,
    what: &str,
) {
    let before_round = ParlorRound {
        opaque: words_of(&[0x5a; 16]),
    };
    let before_match = ParlorMatch {
        opaque: words_of(&[0xa5; 16]),
    };
    let mut out = before_round;
    // SAFETY: valid pointers.
    let status = unsafe { parlor::parlor_match_round(game_match, &mut out) };
    assert_ne!(status, PARLOR_OK, "{what}: match_round of a junk match");
    assert_eq!(out, before_round, "{what}: a refused match_round wrote its round");
    let mut config_check = 0;
    // SAFETY: valid pointers.
    let config_ok = unsafe { parlor::parlor_config_game(config, &mut config_check) } == PARLOR_OK;
    if !config_ok {
        let mut out = before_round;
        // SAFETY: valid pointers.
        let status = unsafe { parlor::parlor_round_new(config, 1, &mut out) };
        assert_ne!(status, PARLOR_OK, "{what}: round_new of a junk config");
        assert_eq!(out, before_round, "{what}: a refused round_new wrote its round");
        let mut out = before_match;
        // SAFETY: valid pointers.
        let status = unsafe { parlor::parlor_match_new(config, 1, &mut out) };
        assert_ne!(status, PARLOR_OK, "{what}: match_new of a junk config");
        assert_eq!(out, before_match, "{what}: a refused match_new wrote its match");
    }
    let mut out = before_round;
    // SAFETY: `bytes` is a valid buffer.
    let status = unsafe { parlor::parlor_round_decode(game, bytes.as_ptr(), bytes.len(), &mut out) };
    if status != PARLOR_OK {
        assert_eq!(out, before_round, "{what}: a refused round_decode wrote its round");
    }
    let mut out = before_match;
    // SAFETY: `bytes` is a valid buffer.
    let status = unsafe { parlor::parlor_match_decode(game, bytes.as_ptr(), bytes.len(), &mut out) };
    if status != PARLOR_OK {
        assert_eq!(out, before_match, "{what}: a refused match_decode wrote its match");
    }
}

/// The state words of `bytes` (little-endian, zero past the end).
fn words_of<const N: usize>(bytes: &[u8]) -> [u64; N] {
    let mut words = [0u64; N];
    for (i, byte) in bytes.iter().enumerate().take(N * 8) {
        words[i / 8] |= u64::from(*byte) << (8 * (i % 8));
    }
    words
}

/// Flipped bits and random bytes are refused, or (past the used bytes) answer as before; every
/// call that writes a state (`apply` with `codes`, a legal code of the true state among them)
/// leaves a refused junk state's bytes unchanged.
/// (The used bytes are the header, the payload and the round's cache of `cache` bytes.)
fn probe_corruption(c: &ParlorRound, game: ParlorGame, cache: usize, flips: &[u16], garbage: &[u8], codes: &[u64]) {
    let mut seat = 0u32;
    // SAFETY: valid pointers.
    ok(unsafe { parlor::parlor_round_to_act(c, &mut seat) }, "to_act");
    let mut used = 0usize;
    // SAFETY: a size query.
    ok(
        unsafe { parlor::parlor_round_encode(c, core::ptr::null_mut(), 0, &mut used) },
        "encode size",
    );
    let seats = [seat, seat.wrapping_add(1) % 4, 0, 9];
    for &bit in flips.iter().take(8) {
        let mut copy = *c;
        let bit = usize::from(bit) % (copy.opaque.len() * 64);
        copy.opaque[bit / 64] ^= 1 << (bit % 64);
        let mut again = 0u32;
        // SAFETY: valid pointers.
        let status = unsafe { parlor::parlor_round_to_act(&copy, &mut again) };
        // 24 header bytes, then the payload and the cache and the zeros after them to a multiple
        // of 16 (the digest's whole chunks, layout version 5): a flip there is always caught.
        // The payload is the encode form, or a held round's own bytes (dominoes, Dou Dizhu,
        // Tichu: no cache), as long as the header says (bytes 8..10, ffi/src/state.rs) — which
        // may be shorter than the encode form (a held dominoes round: 512 bytes, its encode
        // form 513).
        let caught = bit / 8 < 24 + covered(payload_len(&c.opaque, used, cache) + cache);
        if caught {
            assert_eq!(status, PARLOR_ERR_INVALID_STATE, "bit {bit} flipped");
        } else {
            assert_eq!((status, again), (PARLOR_OK, seat), "bit {bit} (unused) flipped");
        }
        let what = format!("bit {bit} flipped");
        let taken = refused_round_applies_change_nothing(&copy, &seats, codes, &what);
        assert!(
            !(caught && taken),
            "bit {bit} flipped: an action was taken on a corrupt state"
        );
        // The flipped round read as a match and as a config, and its byte form flipped alike.
        let mut encoded = vec![0u8; used];
        // SAFETY: a buffer of `used` bytes.
        ok(
            unsafe { parlor::parlor_round_encode(c, encoded.as_mut_ptr(), used, &mut used.clone()) },
            "encode",
        );
        if let Some(byte) = encoded.get_mut(bit / 8 % used.max(1)) {
            *byte ^= 1 << (bit % 8);
        }
        refused_outputs_change_nothing(
            &ParlorMatch { opaque: copy.opaque },
            &ParlorConfig {
                opaque: words_of(&copy.opaque.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>()),
            },
            &encoded,
            game,
            &what,
        );
    }
    if !garbage.is_empty() {
        let random = ParlorRound {
            opaque: words_of(garbage),
        };
        let mut again = 0u32;
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { parlor::parlor_round_to_act(&random, &mut again) },
            PARLOR_ERR_INVALID_STATE
        );
        let taken = refused_round_applies_change_nothing(&random, &seats, codes, "random bytes");
        assert!(!taken, "an action was taken on random bytes");
        // The same bytes as a match and as a config: refused, and unchanged.
        let random_match = ParlorMatch {
            opaque: words_of(garbage),
        };
        let taken = refused_match_applies_change_nothing(&random_match, &seats, codes, "random bytes");
        assert!(!taken, "a match action was taken on random bytes");
        let mut config = ParlorConfig {
            opaque: words_of(garbage),
        };
        let before = config;
        let (key, value) = (b"seed", b"1");
        // SAFETY: valid pointers and lengths.
        let status = unsafe {
            parlor::parlor_config_set(
                &mut config,
                key.as_ptr().cast(),
                key.len(),
                value.as_ptr().cast(),
                value.len(),
            )
        };
        assert_eq!(status, PARLOR_ERR_INVALID_STATE, "config_set on random bytes");
        assert_eq!(config, before, "a refused config_set changed the config");
        refused_outputs_change_nothing(&random_match, &config, garbage, game, "random bytes");
    }
}

/// The payload length a sealed state's header states (bytes 8..10, ffi/src/state.rs): the
/// encode form's `used` bytes for a state with a cache, a held value's own size otherwise
/// (which may be longer or shorter than its encode form). Only these bytes and the cache, and
/// the zeros after them to a multiple of 16 ([`covered`]), are covered by the digest; a flip
/// past them is unused.
fn payload_len(words: &[u64], used: usize, cache: usize) -> usize {
    let header_len = usize::from(u16::from_le_bytes([
        words[1].to_ne_bytes()[0],
        words[1].to_ne_bytes()[1],
    ]));
    if cache > 0 {
        assert_eq!(header_len, used, "a state with a cache holds its encode form");
    }
    header_len
}

/// The bytes after the header a state's digest covers, of `used` bytes of payload and cache:
/// those rounded up to a multiple of 16 where the 776 bytes of a round's or match's room reach
/// that far, else `used` (ffi/src/state.rs `covered`, layout version 5).
fn covered(used: usize) -> usize {
    let whole = (used + 15) & !15;
    if whole <= 776 { whole } else { used }
}

/// Flipped bits of a match: refused (or, past the used bytes — the header, the payload and the
/// match's cache of `cache` bytes — taken as before), and a refused apply leaves the bytes
/// unchanged.
fn probe_match_corruption(c: &ParlorMatch, game: ParlorGame, cache: usize, flips: &[u16], codes: &[u64]) {
    let mut seat = 0u32;
    // SAFETY: valid pointers.
    ok(unsafe { parlor::parlor_match_to_act(c, &mut seat) }, "match_to_act");
    let mut used = 0usize;
    // SAFETY: a size query.
    ok(
        unsafe { parlor::parlor_match_encode(c, core::ptr::null_mut(), 0, &mut used) },
        "match encode size",
    );
    let seats = [seat, seat.wrapping_add(1) % 4, 9];
    for &bit in flips.iter().take(4) {
        let mut copy = *c;
        let bit = usize::from(bit) % (copy.opaque.len() * 64);
        copy.opaque[bit / 64] ^= 1 << (bit % 64);
        let mut again = 0u32;
        // SAFETY: valid pointers.
        let status = unsafe { parlor::parlor_match_to_act(&copy, &mut again) };
        // A held match's payload is its own bytes, as long as the header says (bytes 8..10);
        // the digest covers it and the cache to a multiple of 16 ([`covered`]).
        let caught = bit / 8 < 24 + covered(payload_len(&c.opaque, used, cache) + cache);
        if caught {
            assert_eq!(status, PARLOR_ERR_INVALID_STATE, "match bit {bit} flipped");
        } else {
            assert_eq!((status, again), (PARLOR_OK, seat), "match bit {bit} (unused) flipped");
        }
        let what = format!("match bit {bit} flipped");
        let taken = refused_match_applies_change_nothing(&copy, &seats, codes, &what);
        assert!(
            !(caught && taken),
            "match bit {bit} flipped: an action was taken on a corrupt match"
        );
        if caught {
            // The flipped match read as a config, and the match's byte form flipped alike.
            let mut encoded = vec![0u8; used];
            // SAFETY: a buffer of `used` bytes.
            ok(
                unsafe { parlor::parlor_match_encode(c, encoded.as_mut_ptr(), used, &mut used.clone()) },
                "match encode",
            );
            if let Some(byte) = encoded.get_mut(bit / 8 % used.max(1)) {
                *byte ^= 1 << (bit % 8);
            }
            let config = ParlorConfig {
                opaque: words_of(&copy.opaque.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>()),
            };
            refused_outputs_change_nothing(&copy, &config, &encoded, game, &what);
        }
    }
}

/// The core's round read into the C state `c` by `parlor_round_decode` of its byte form.
fn decode_into<R: Round>(core: &R, c: &mut ParlorRound) {
    let mut bytes = vec![0u8; R::ENCODED_BYTES];
    let n = core.encode(&mut bytes).expect("encode");
    // SAFETY: a buffer of `n` bytes.
    ok(
        unsafe { parlor::parlor_round_decode(R::GAME as ParlorGame, bytes.as_ptr(), n, c) },
        "round_decode of a round part-way",
    );
}

/// The status the C ABI must give for `code` from `seat` on `core`.
fn expected_status<R: Round>(core: &R, seat: Seat, code: u64) -> ParlorStatus {
    let Some(action) = R::action_from_code(code) else {
        return PARLOR_ERR_UNKNOWN_ACTION;
    };
    if core.to_act().is_none() {
        return parlor::PARLOR_ERR_ROUND_OVER;
    }
    match core.clone().apply(seat, action) {
        Ok(_) => PARLOR_OK,
        Err(error) => error_status(error, PARLOR_ERR_ILLEGAL_ACTION),
    }
}

/// The codes tried on junk states: the first and last legal actions of the seat to act (legal on
/// the true state), then a few of the case's stray codes.
fn probe_codes<R: Round>(core: &R, case: &FfiCase) -> Vec<u64> {
    let mut codes = Vec::new();
    if let Some(seat) = core.to_act() {
        let count = core.count_legal_actions(seat);
        for i in [0, count.saturating_sub(1)] {
            if let Some(action) = core.nth_legal_action(seat, i) {
                codes.push(R::action_code(action));
            }
        }
    }
    codes.extend(case.codes.iter().take(2));
    codes.dedup();
    codes
}

/// The checker for game `R` with match `M`, the whole round through C (what the hand-made tests
/// run); returns the actions the round took and whether it ended (for tests that the cases
/// reach deep into the games).
pub fn check<R: Round, M: Match<Round = R> + PartialEq + Clone + core::fmt::Debug + 'static>(
    case: &FfiCase,
) -> (usize, bool) {
    check_segment::<R, M>(case, usize::MAX)
}

/// The checker as the fuzz targets run it: the round's last `ROUND_SEGMENT` (48) steps through C.
pub fn check_fuzz<R: Round, M: Match<Round = R> + PartialEq + Clone + core::fmt::Debug + 'static>(case: &FfiCase) {
    check_segment::<R, M>(case, ROUND_SEGMENT);
}

/// The checker with the case's last `segment` steps of the round through C (the ones before on
/// the core alone, its state then read into C).
fn check_segment<R: Round, M: Match<Round = R> + PartialEq + Clone + core::fmt::Debug + 'static>(
    case: &FfiCase,
    segment: usize,
) -> (usize, bool) {
    let (config, core_config) = config_of::<R>(case.preset);
    let mut c = ParlorRound {
        opaque: [0; parlor::PARLOR_STATE_WORDS],
    };
    // SAFETY: valid pointers.
    let status = unsafe { parlor::parlor_round_new(&config, case.seed, &mut c) };
    let Ok(mut core) = R::seeded(&core_config, case.seed) else {
        assert_ne!(status, PARLOR_OK);
        return (0, false);
    };
    ok(status, "round_new");
    let mut taken = 0usize;
    // The seat whose legal codes a full comparison lists (every seat's in a whole round through
    // C, and at the end of the round): drawn by the seed, the next seat at each comparison.
    let mut compared = 0usize;
    let mut only = |core: &R| {
        compared += 1;
        let seats = usize::from(core.seats()).max(1);
        (segment != usize::MAX && core.to_act().is_some())
            .then(|| ((case.seed >> 40) as usize).wrapping_add(compared) % seats)
            .map(|s| s as u8)
    };
    if (case.seed as usize).is_multiple_of(COMPARE_EVERY) {
        compare(&c, &core, only(&core));
    }
    // The corruption probes at the deal or (bit 5 of the seed set) where the case stops.
    let probe_at_deal = case.seed & 1 << 5 == 0;
    if probe_at_deal {
        probe_corruption(
            &c,
            R::GAME as ParlorGame,
            // A round held in place keeps no cache (`Round::RAW`).
            if R::RAW { 0 } else { R::CACHE_BYTES },
            &case.flips,
            &case.garbage,
            &probe_codes(&core, case),
        );
    }
    let mut codes = case.codes.iter().copied().cycle();
    // The case's steps: the last `segment` through C, the ones before by the core alone
    // (a stray step skipped), its state then read into C by `parlor_round_decode`.
    let steps = &case.steps[..case.steps.len().min(MAX_STEPS)];
    let through_c = steps.len().saturating_sub(segment);
    let mut in_c = through_c == 0;
    for (i, &step) in steps.iter().enumerate() {
        let Some(seat) = core.to_act() else { break };
        if i < through_c {
            if step & 0x8000 == 0 || case.codes.is_empty() {
                let count = core.count_legal_actions(seat).max(1);
                let action = core
                    .nth_legal_action(seat, usize::from(step) % count)
                    .expect("a legal action");
                core.apply(seat, action).expect("the core takes its own action");
                taken += 1;
            }
            continue;
        }
        if !in_c {
            decode_into(&core, &mut c);
            in_c = true;
        }
        let stray = step & 0x8000 != 0 && !case.codes.is_empty();
        let (seat, code) = if stray {
            let code = codes.next().unwrap_or(0);
            (Seat((step % 5) as u8), code)
        } else {
            let count = core.count_legal_actions(seat).max(1);
            let action = core
                .nth_legal_action(seat, usize::from(step) % count)
                .expect("a legal action");
            (seat, R::action_code(action))
        };
        let want = if usize::from(seat.0) >= usize::from(core.seats()) {
            parlor::PARLOR_ERR_NO_SUCH_SEAT
        } else if !stray {
            // An action the core lists: taken (the core's own apply below must take it too).
            PARLOR_OK
        } else {
            expected_status(&core, seat, code)
        };
        let before = c;
        let mut report = ParlorStep::default();
        // SAFETY: valid pointers.
        let status = unsafe { parlor::parlor_round_apply(&mut c, u32::from(seat.0), code, &mut report) };
        assert_eq!(status, want, "apply {code:#x} from seat {seat}");
        if status == PARLOR_OK {
            let action = R::action_from_code(code).expect("applied");
            core.apply(seat, action).expect("the core takes it too");
            taken += 1;
            assert_eq!(report.round_over == 1, core.to_act().is_none());
            let mut turn = 0u32;
            // SAFETY: valid pointers.
            ok(unsafe { parlor::parlor_round_to_act(&c, &mut turn) }, "to_act");
            assert_eq!(turn, core.to_act().map_or(PARLOR_NO_SEAT, |s| u32::from(s.0)));
            if taken.wrapping_add(case.seed as usize).is_multiple_of(COMPARE_EVERY) || core.to_act().is_none() {
                compare(&c, &core, only(&core));
            }
        } else {
            assert_eq!(c, before, "a refused action changed the state");
        }
    }
    if !in_c {
        decode_into(&core, &mut c);
    }
    compare(&c, &core, only(&core));
    if !probe_at_deal {
        probe_corruption(
            &c,
            R::GAME as ParlorGame,
            // A round held in place keeps no cache (`Round::RAW`).
            if R::RAW { 0 } else { R::CACHE_BYTES },
            &case.flips,
            &case.garbage,
            &probe_codes(&core, case),
        );
    }
    check_match::<R, M>(case, &config, &core_config);
    (taken, core.to_act().is_none())
}

/// The match: played by the lowest bot through C and the core; totals, rounds and places agree.
fn check_match<R: Round, M: Match<Round = R> + PartialEq + Clone + core::fmt::Debug + 'static>(
    case: &FfiCase,
    config: &ParlorConfig,
    core_config: &R::Config,
) {
    let mut c = ParlorMatch {
        opaque: [0; parlor::PARLOR_STATE_WORDS],
    };
    // SAFETY: valid pointers.
    let status = unsafe { parlor::parlor_match_new(config, case.seed, &mut c) };
    let Ok(mut core) = M::new(core_config, case.seed) else {
        assert_ne!(status, PARLOR_OK);
        return;
    };
    ok(status, "match_new");
    // The start: the core's lowest bot alone (from the latest kept match on the way), then the
    // match's byte form read by C.
    let skip = (case.seed >> 32) as usize % (MAX_STEPS - MATCH_SEGMENT + 1);
    let key = |ply: usize| (case.preset, case.seed, ply);
    let mut ply = skip / MATCH_KEEP_EVERY * MATCH_KEEP_EVERY;
    while ply > 0 {
        if let Some(kept) = kept_match::<M>(key(ply)) {
            core = kept;
            break;
        }
        ply -= MATCH_KEEP_EVERY;
    }
    while ply < skip {
        let Some(turn) = core.round().to_act().filter(|_| !core.is_over()) else {
            break;
        };
        let action = parlor_core::game::bot::lowest_legal_action(core.round(), turn).expect("the seat in turn acts");
        core.apply(turn, action).expect("the core takes it");
        ply += 1;
        if ply.is_multiple_of(MATCH_KEEP_EVERY) {
            keep_match(key(ply), &core);
        }
    }
    if skip > 0 {
        let mut bytes = vec![0u8; M::ENCODED_BYTES];
        let n = core.encode(&mut bytes).expect("encode");
        // SAFETY: a buffer of `n` bytes.
        ok(
            unsafe { parlor::parlor_match_decode(R::GAME as ParlorGame, bytes.as_ptr(), n, &mut c) },
            "match_decode of a match part-way",
        );
    }
    let mut codes = case.codes.iter().copied().cycle();
    for index in 0..MATCH_SEGMENT {
        let mut seat = 0u32;
        // SAFETY: valid pointers.
        ok(unsafe { parlor::parlor_match_to_act(&c, &mut seat) }, "match_to_act");
        let Some(turn) = core.round().to_act().filter(|_| !core.is_over()) else {
            assert_eq!(seat, PARLOR_NO_SEAT);
            break;
        };
        assert_eq!(seat, u32::from(turn.0));
        let mut round = ParlorRound {
            opaque: [0; parlor::PARLOR_STATE_WORDS],
        };
        // SAFETY: valid pointers.
        ok(unsafe { parlor::parlor_match_round(&c, &mut round) }, "match_round");
        let mut code = 0u64;
        // SAFETY: valid pointers; no scratch.
        ok(
            unsafe {
                parlor::parlor_bot_choose(
                    &round,
                    seat,
                    parlor::PARLOR_BOT_LOWEST,
                    0,
                    core::ptr::null_mut(),
                    0,
                    &mut code,
                )
            },
            "bot_choose",
        );
        let action = parlor_core::game::bot::lowest_legal_action(core.round(), turn).expect("the seat in turn acts");
        assert_eq!(code, R::action_code(action));
        if index % 16 == 0 {
            // A stray code (or the legal one by another seat): the status of the core's error,
            // and a refused call changes nothing.
            let stray = codes.next().unwrap_or(code);
            let other = (seat + 1) % u32::from(core.round().seats()).max(1);
            for (who, what) in [(seat, stray), (other, code), (9, code)] {
                let before = c;
                let mut report = ParlorStep::default();
                // SAFETY: valid pointers.
                let status = unsafe { parlor::parlor_match_apply(&mut c, who, what, &mut report) };
                let want = if who >= u32::from(core.round().seats()) {
                    parlor::PARLOR_ERR_NO_SUCH_SEAT
                } else {
                    expected_status(core.round(), Seat(who as u8), what)
                };
                assert_eq!(status, want, "match apply {what:#x} from seat {who}");
                if status == PARLOR_OK {
                    // Taken: the core takes it too (the round's turn goes on from there).
                    let action = R::action_from_code(what).expect("applied");
                    core.apply(Seat(who as u8), action).expect("the core takes it too");
                    break;
                }
                assert_eq!(c, before, "a refused match apply changed the match");
            }
            continue;
        }
        let mut report = ParlorStep::default();
        // SAFETY: valid pointers.
        ok(
            unsafe { parlor::parlor_match_apply(&mut c, seat, code, &mut report) },
            "match_apply",
        );
        let step = core.apply(turn, action).expect("the core takes it");
        assert_eq!(report.round_over == 1, step.finished.is_some());
        assert_eq!(report.match_over == 1, step.match_over);
        if let Some(outcome) = step.finished {
            assert_eq!(
                &report.scores[..usize::from(report.score_count)],
                R::outcome_scores(&outcome).as_slice()
            );
        }
    }
    let mut totals = [0i32; 4];
    let mut count = 0usize;
    // SAFETY: valid pointers.
    ok(
        unsafe { parlor::parlor_match_scores(&c, totals.as_mut_ptr(), 4, &mut count) },
        "match_scores",
    );
    assert_eq!(&totals[..count], core.scores().as_slice());
    let mut rounds = 0u32;
    // SAFETY: valid pointers.
    ok(
        unsafe { parlor::parlor_match_rounds_played(&c, &mut rounds) },
        "rounds_played",
    );
    assert_eq!(rounds, core.rounds_played());
    let mut places = [0u8; 4];
    // SAFETY: valid pointers.
    let status = unsafe { parlor::parlor_match_result(&c, places.as_mut_ptr(), 4, &mut count) };
    match core.result() {
        Some(placement) => {
            ok(status, "match_result");
            assert_eq!(&places[..count], placement.places());
        }
        None => assert_eq!(status, parlor::PARLOR_ERR_MATCH_NOT_OVER),
    }
    let mut bytes = vec![0u8; M::ENCODED_BYTES];
    let mut len = 0usize;
    // SAFETY: a buffer of `bytes.len()` bytes.
    ok(
        unsafe { parlor::parlor_match_encode(&c, bytes.as_mut_ptr(), bytes.len(), &mut len) },
        "match_encode",
    );
    assert!(
        M::decode(&bytes[..len]).ok().as_ref() == Some(&core),
        "match bytes decode to the core's match"
    );
    let mut back = ParlorMatch {
        opaque: [0; parlor::PARLOR_STATE_WORDS],
    };
    // SAFETY: valid pointers.
    ok(
        unsafe { parlor::parlor_match_decode(R::GAME as ParlorGame, bytes.as_ptr(), len, &mut back) },
        "match_decode",
    );
    assert_eq!(back, c);
    let mut codes: Vec<u64> = case.codes.iter().copied().take(2).collect();
    if let Some(turn) = core.round().to_act().filter(|_| !core.is_over()) {
        codes.extend(parlor_core::game::bot::lowest_legal_action(core.round(), turn).map(R::action_code));
    }
    let cache = if M::RAW { 0 } else { M::CACHE_BYTES };
    probe_match_corruption(&c, R::GAME as ParlorGame, cache, &case.flips, &codes);
}

/// `ffi_dominoes_round`.
pub fn dominoes(case: FfiCase) {
    check_fuzz::<parlor_core::dominoes::Round, parlor_core::dominoes::Match>(&case);
}

/// `ffi_tichu_round`.
pub fn tichu(case: FfiCase) {
    check_fuzz::<parlor_core::tichu::round::Round, parlor_core::tichu::game_match::Match>(&case);
}

/// `ffi_doudizhu_round`.
pub fn doudizhu(case: FfiCase) {
    check_fuzz::<parlor_core::doudizhu::round::Round, parlor_core::doudizhu::game_match::Match>(&case);
}

/// `ffi_mahjong_round`.
pub fn mahjong(case: FfiCase) {
    check_fuzz::<parlor_core::mahjong::Round, parlor_core::mahjong::Match>(&case);
}
