//! Checks every game's trusted decode against ([`Round::decode_trusted`],
//! [`Round::decode_trusted_cached`] and their [`Match`] forms): the states this library wrote
//! come back equal, and any truncated or flipped bytes give a status or some round that still
//! answers every query without a panic.
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]

extern crate std;

use core::fmt::Debug;
use std::vec;

use super::bot::{Bot, Uniform, lowest_legal_action};
use super::{Match, Round, Seat};

/// The byte form and the cache of `round`.
fn sealed<R: Round>(round: &R) -> (std::vec::Vec<u8>, std::vec::Vec<u8>) {
    let mut bytes = vec![0u8; R::ENCODED_BYTES];
    let n = round.encode(&mut bytes).unwrap();
    bytes.truncate(n);
    let mut cache = vec![0u8; R::CACHE_BYTES];
    let c = round.encode_cache(&mut cache).unwrap();
    assert!(c <= R::CACHE_BYTES);
    cache.truncate(c);
    (bytes, cache)
}

/// Both trusted decodes of `round`'s bytes give `round` back.
pub(crate) fn round_trips<R: Round + PartialEq + Debug>(round: &R) {
    let (bytes, cache) = sealed(round);
    assert_eq!(R::decode_trusted(&bytes).ok().as_ref(), Some(round));
    assert_eq!(R::decode_trusted_cached(&bytes, &cache).ok().as_ref(), Some(round));
    // A cache of another length is ignored (the decode computes what it would hold).
    assert_eq!(R::decode_trusted_cached(&bytes, &[]).ok().as_ref(), Some(round));
}

/// Both trusted decodes of `game`'s bytes give `game` back.
pub(crate) fn match_round_trips<M: Match + PartialEq + Debug>(game: &M) {
    let mut bytes = vec![0u8; M::ENCODED_BYTES];
    let n = game.encode(&mut bytes).unwrap();
    bytes.truncate(n);
    let mut cache = vec![0u8; M::CACHE_BYTES];
    let c = game.encode_cache(&mut cache).unwrap();
    cache.truncate(c);
    assert_eq!(M::decode_trusted(&bytes).ok().as_ref(), Some(game));
    assert_eq!(M::decode_trusted_cached(&bytes, &cache).ok().as_ref(), Some(game));
    assert_eq!(M::decode_trusted_cached(&bytes, &[]).ok().as_ref(), Some(game));
}

/// Plays a round of `config` dealt from `seed` with the uniform bot, calling `each` on every
/// state on the way (the first and the last included).
pub(crate) fn play<R: Round>(config: &R::Config, seed: u64, mut each: impl FnMut(&R)) {
    let mut round = R::seeded(config, seed).unwrap();
    each(&round);
    let mut draws = seed;
    while let Some(seat) = round.to_act() {
        draws = draws.wrapping_add(1);
        let action = Uniform::new(draws)
            .choose(&round, seat)
            .or_else(|| lowest_legal_action(&round, seat))
            .unwrap();
        round.apply(seat, action).unwrap();
        each(&round);
    }
}

/// Every query a C call makes of a decoded round, on whatever round forged bytes gave: none may
/// panic (the answers may be wrong). Release builds only (`cargo test --release`): with debug
/// assertions on, the engines' `debug_assert!`s of their own invariants fire on such rounds by
/// design (release builds answer wrongly instead).
fn exercise<R: Round>(round: &R) {
    if cfg!(debug_assertions) {
        return;
    }
    let _ = round.to_act();
    let _ = round.outcome();
    let mut out = std::string::String::new();
    for seat in 0..R::SEATS as u8 {
        let seat = Seat(seat);
        let _ = round.may_act(seat);
        let count = round.count_legal_actions(seat);
        if count > 0 {
            let _ = round.nth_legal_action(seat, count - 1);
        }
        let _ = round.write_view(seat, &mut out);
        if let Some(action) = lowest_legal_action(round, seat) {
            let mut copy = round.clone();
            let _ = copy.apply(seat, action);
            let _ = copy.to_act();
        }
    }
    let mut bytes = vec![0u8; R::ENCODED_BYTES];
    let _ = round.encode(&mut bytes);
    let mut cache = vec![0u8; R::CACHE_BYTES];
    let _ = round.encode_cache(&mut cache);
}

/// Truncated bytes and caches are refused or read without a panic; every single-bit flip of
/// every `step`-th byte of the byte form and of the cache gives a status or a round that answers
/// [`exercise`]'s queries without a panic.
pub(crate) fn flips_never_panic<R: Round>(round: &R, step: usize) {
    let (bytes, cache) = sealed(round);
    for cut in [0, 1, bytes.len() / 2, bytes.len().saturating_sub(1)] {
        let cut = cut.min(bytes.len());
        let _ = R::decode_trusted(&bytes[..cut]);
        let _ = R::decode_trusted_cached(&bytes[..cut], &cache);
    }
    for cut in [0, 1, cache.len() / 2, cache.len().saturating_sub(1)] {
        let cut = cut.min(cache.len());
        if let Ok(decoded) = R::decode_trusted_cached(&bytes, &cache[..cut]) {
            exercise(&decoded);
        }
    }
    for i in (0..bytes.len()).step_by(step.max(1)) {
        for bit in 0..8 {
            let mut flipped = bytes.clone();
            flipped[i] ^= 1 << bit;
            if let Ok(decoded) = R::decode_trusted_cached(&flipped, &cache) {
                exercise(&decoded);
            }
        }
    }
    for i in 0..cache.len() {
        for bit in 0..8 {
            let mut flipped = cache.clone();
            flipped[i] ^= 1 << bit;
            if let Ok(decoded) = R::decode_trusted_cached(&bytes, &flipped) {
                exercise(&decoded);
            }
        }
    }
}

/// Every single-bit flip of every `step`-th byte of `round`'s byte form that the full decode
/// ([`Round::decode`], every field checked) accepts gives a round that stays a round: played on
/// to its end by the lowest legal action, each state encodes and decodes again, and the end has
/// an outcome. Found by the C fuzz loop: a flipped win record of a finished Riichi round decoded
/// and its outcome failed; a flipped discard of three-player Riichi named the absent seat, and
/// the exhaustive draw then wrote a mask its own decode refused.
pub(crate) fn full_decode_flips_stay_rounds<R: Round>(round: &R, step: usize) {
    let (bytes, _) = sealed(round);
    let mut again = vec![0u8; R::ENCODED_BYTES];
    for i in (0..bytes.len()).step_by(step.max(1)) {
        for bit in 0..8 {
            let mut flipped = bytes.clone();
            flipped[i] ^= 1 << bit;
            let Ok(mut decoded) = R::decode(&flipped) else { continue };
            loop {
                let n = decoded.encode(&mut again).unwrap();
                assert!(
                    R::decode(&again[..n]).is_ok(),
                    "byte {i} bit {bit}: a state played on from a decoded flip does not decode"
                );
                let Some(seat) = decoded.to_act() else { break };
                let action = lowest_legal_action(&decoded, seat).unwrap();
                decoded.apply(seat, action).unwrap();
            }
            assert!(
                decoded.outcome().is_some(),
                "byte {i} bit {bit}: a decoded round with no seat to act has no outcome"
            );
        }
    }
}

/// Plays `steps` actions (or to its end) of a match of `config` seeded `seed` with the uniform
/// bot, calling `each` on every state on the way.
pub(crate) fn play_match<M: Match>(
    config: &<M::Round as Round>::Config,
    seed: u64,
    steps: usize,
    mut each: impl FnMut(&M),
) {
    let mut game = M::new(config, seed).unwrap();
    each(&game);
    let mut draws = seed;
    for _ in 0..steps {
        let Some(seat) = game.round().to_act() else { break };
        draws = draws.wrapping_add(1);
        let action = Uniform::new(draws)
            .choose(game.round(), seat)
            .or_else(|| lowest_legal_action(game.round(), seat))
            .unwrap();
        game.apply(seat, action).unwrap();
        each(&game);
    }
}
