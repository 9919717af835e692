//! Checks every game's trusted decode against ([`Round::decode_trusted`],
//! [`Round::decode_trusted_cached`] and their [`Match`] forms): the states this library wrote
//! come back equal, and any truncated or flipped bytes give a status or some round that still
//! answers every query without a panic.
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]
// The helpers serve tests of every game at once; a build with fewer games leaves some unused.
#![cfg_attr(
    not(all(feature = "dominoes", feature = "tichu", feature = "doudizhu", feature = "mahjong")),
    allow(dead_code)
)]

extern crate std;

use core::fmt::Debug;
use core::mem::MaybeUninit;
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
    // The in-place decode (the C ABI's) gives the same round, with and without the cache.
    for cache in [&cache[..], &[]] {
        let mut place = MaybeUninit::uninit();
        assert_eq!(
            R::decode_trusted_cached_in(&mut place, &bytes, cache).ok().map(|r| &*r),
            Some(round)
        );
    }
    // A flipped byte gives the in-place decode the by-value decode's answer.
    for at in (0..bytes.len()).step_by(7) {
        let mut flipped = bytes.clone();
        flipped[at] ^= 0x5A;
        let mut place = MaybeUninit::uninit();
        assert_eq!(
            R::decode_trusted_cached_in(&mut place, &flipped, &cache)
                .ok()
                .map(|r| &*r),
            R::decode_trusted_cached(&flipped, &cache).ok().as_ref()
        );
    }
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
    // The in-place decode (the C ABI's) gives the same match, with and without the cache.
    for cache in [&cache[..], &[]] {
        let mut place = MaybeUninit::uninit();
        assert_eq!(
            M::decode_trusted_cached_in(&mut place, &bytes, cache).ok().map(|m| &*m),
            Some(game)
        );
    }
    for at in (0..bytes.len()).step_by(7) {
        let mut flipped = bytes.clone();
        flipped[at] ^= 0x5A;
        let mut place = MaybeUninit::uninit();
        assert_eq!(
            M::decode_trusted_cached_in(&mut place, &flipped, &cache)
                .ok()
                .map(|m| &*m),
            M::decode_trusted_cached(&flipped, &cache).ok().as_ref()
        );
    }
}

/// Plays a round of `config` dealt from `seed` with the uniform bot, calling `each` on every
/// state on the way (the first and the last included).
pub(crate) fn play<R: Round>(config: &R::Config, seed: u64, mut each: impl FnMut(&R)) {
    let mut round = R::seeded(config, seed).unwrap();
    // The in-place deal (the C ABI's) deals the same round.
    let mut place = MaybeUninit::uninit();
    let dealt = R::seeded_in(&mut place, config, seed).unwrap();
    let mut bytes = vec![0u8; R::ENCODED_BYTES];
    let mut again = vec![0u8; R::ENCODED_BYTES];
    assert_eq!(round.encode(&mut bytes).ok(), dealt.encode(&mut again).ok());
    assert_eq!(bytes, again);
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

/// [`full_decode_flips_stay_rounds`] on the finished round and on one in the middle of the
/// rounds of `config` dealt from seeds 0, 1 and 2 and played by the uniform bot ([`play`]).
pub(crate) fn played_rounds_flipped_stay_rounds<R: Round>(config: &R::Config) {
    for seed in 0..3u64 {
        let mut states = vec![];
        play::<R>(config, seed, |round| states.push(round.clone()));
        full_decode_flips_stay_rounds(&states[states.len() - 1], 1);
        full_decode_flips_stay_rounds(&states[states.len() / 2], 1);
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
    // The in-place match (the C ABI's) is the same match.
    let mut place = MaybeUninit::uninit();
    let made = M::new_in(&mut place, config, seed).unwrap();
    let mut bytes = vec![0u8; M::ENCODED_BYTES];
    let mut again = vec![0u8; M::ENCODED_BYTES];
    assert_eq!(game.encode(&mut bytes).ok(), made.encode(&mut again).ok());
    assert_eq!(bytes, again);
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

/// The message of a caught panic.
fn panic_text(p: &(dyn core::any::Any + Send)) -> std::string::String {
    p.downcast_ref::<&str>()
        .map(|s| (*s).into())
        .or_else(|| p.downcast_ref::<std::string::String>().cloned())
        .unwrap_or_default()
}

/// `bytes` as hexadecimal text.
fn hex(bytes: &[u8]) -> std::string::String {
    bytes.iter().map(|b| std::format!("{b:02x}")).collect()
}

/// Everything a C caller may do with a decoded round, checked to the round's end: every state
/// encodes and its bytes decode to a state that encodes to the same bytes, every seat's legal
/// actions are legal and apply, the seat to act has one, observations and views are written, and
/// a round with no seat to act has an outcome. Picks actions with `rng`.
pub(crate) fn play_on_checked<R: super::Search>(
    mut round: R,
    rng: &mut super::Rng,
    bots: bool,
) -> Result<(), std::string::String> {
    use std::format;
    let mut bytes = vec![0u8; R::ENCODED_BYTES];
    let mut again = vec![0u8; R::ENCODED_BYTES];
    for ply in 0..2000 {
        let n = round
            .encode(&mut bytes)
            .map_err(|e| format!("ply {ply}: encode: {e:?}"))?;
        let back = R::decode(&bytes[..n]).map_err(|e| format!("ply {ply}: decode of its encoding: {e:?}"))?;
        let m = back
            .encode(&mut again)
            .map_err(|e| format!("ply {ply}: re-encode: {e:?}"))?;
        if bytes[..n] != again[..m] {
            return Err(format!("ply {ply}: decode(encode) encodes differently"));
        }
        let mut cache = vec![0u8; R::CACHE_BYTES];
        let c = round
            .encode_cache(&mut cache)
            .map_err(|e| format!("ply {ply}: encode_cache: {e:?}"))?;
        let cached = R::decode_trusted_cached(&bytes[..n], &cache[..c])
            .map_err(|e| format!("ply {ply}: trusted decode: {e:?}"))?;
        let m = cached
            .encode(&mut again)
            .map_err(|e| format!("ply {ply}: re-encode cached: {e:?}"))?;
        if bytes[..n] != again[..m] {
            return Err(format!("ply {ply}: trusted decode encodes differently"));
        }
        let to_act = round.to_act();
        let mut out = std::string::String::new();
        for s in 0..R::SEATS as u8 {
            let seat = Seat(s);
            let count = round.count_legal_actions(seat);
            if Some(seat) == to_act && count == 0 {
                return Err(format!("ply {ply}: seat {s} to act has no legal action"));
            }
            if count > 0 && !round.may_act(seat) {
                return Err(format!("ply {ply}: seat {s} has {count} actions but may not act"));
            }
            for k in 0..count {
                let Some(action) = round.nth_legal_action(seat, k) else {
                    return Err(format!("ply {ply}: seat {s} action {k} of {count} missing"));
                };
                if !round.is_legal(seat, action) {
                    return Err(format!("ply {ply}: seat {s} listed {action} is not legal"));
                }
                let code = R::action_code(action);
                if R::action_from_code(code) != Some(action) {
                    return Err(format!("ply {ply}: action {action} code {code} does not come back"));
                }
                let mut copy = round.clone();
                copy.apply(seat, action)
                    .map_err(|e| format!("ply {ply}: seat {s} listed {action}: {e:?}"))?;
            }
            if s < round.seats() {
                round
                    .observation(seat)
                    .map_err(|e| format!("ply {ply}: observation {s}: {e:?}"))?;
                out.clear();
                round
                    .write_view(seat, &mut out)
                    .map_err(|e| format!("ply {ply}: view {s}: {e:?}"))?;
            }
        }
        let Some(seat) = to_act else { break };
        // With `bots`, the C ABI's bots on the decoded round: the playout bot, and every sixth
        // ply a small search (determinizing the hidden cards) and each seat's sample.
        if bots {
            if let Some(action) = R::playout(ply).choose(&round, seat)
                && !round.is_legal(seat, action)
            {
                return Err(format!("ply {ply}: the playout bot chose {action}, not legal"));
            }
            if ply % 6 == 0 {
                let mut nodes = vec![super::search::Node::EMPTY; 64];
                if let Some(action) = super::search::SearchBot::<R>::new(8, &mut nodes, ply).choose(&round, seat)
                    && !round.is_legal(seat, action)
                {
                    return Err(format!("ply {ply}: the search bot chose {action}, not legal"));
                }
                for s in 0..round.seats() {
                    let _ = round.determinize(Seat(s), rng);
                }
            }
        }
        let count = round.count_legal_actions(seat);
        let action = round.nth_legal_action(seat, rng.below(count as u32) as usize).unwrap();
        round
            .apply(seat, action)
            .map_err(|e| format!("ply {ply}: apply {action}: {e:?}"))?;
    }
    if round.to_act().is_none() {
        let Some(outcome) = round.outcome() else {
            return Err("no seat to act and no outcome".into());
        };
        let _ = R::outcome_scores(&outcome);
    }
    Ok(())
}

/// Random flips (1–3 bits) of the byte forms of states of rounds of `configs` played by random
/// legal actions; each flip the full decode accepts is played on by [`play_on_checked`] (caught
/// panics are findings too). Returns (flips tried, flips accepted, findings as text).
pub(crate) fn flip_stress_rounds<R: super::Search>(
    configs: &[R::Config],
    seeds: core::ops::Range<u64>,
    flips_per_state: usize,
    bots: bool,
) -> (usize, usize, std::vec::Vec<std::string::String>) {
    use std::format;
    let (mut tried, mut accepted, mut found) = (0, 0, std::vec::Vec::new());
    for (ci, config) in configs.iter().enumerate() {
        for seed in seeds.clone() {
            let mut rng = super::Rng::new(seed ^ 0x5eed_f11b ^ ci as u64);
            let mut states = std::vec::Vec::new();
            let mut round = R::seeded(config, seed).unwrap();
            states.push(round.clone());
            while let Some(seat) = round.to_act() {
                let count = round.count_legal_actions(seat);
                let action = round.nth_legal_action(seat, rng.below(count as u32) as usize).unwrap();
                round.apply(seat, action).unwrap();
                states.push(round.clone());
            }
            for state in &states {
                let (bytes, _) = sealed(state);
                for _ in 0..flips_per_state {
                    let mut flipped = bytes.clone();
                    let mut at = std::vec::Vec::new();
                    for _ in 0..=rng.below(3) {
                        let i = rng.below(flipped.len() as u32) as usize;
                        let bit = rng.below(8);
                        flipped[i] ^= 1 << bit;
                        at.push((i, bit));
                    }
                    tried += 1;
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        let Ok(decoded) = R::decode(&flipped) else {
                            return Ok(false);
                        };
                        let mut rng = super::Rng::new(seed);
                        play_on_checked(decoded, &mut rng, bots).map(|()| true)
                    }));
                    match result {
                        Ok(Ok(false)) => {}
                        Ok(Ok(true)) => accepted += 1,
                        Ok(Err(e)) => {
                            found.push(format!("config {ci} seed {seed}: {e}: flips {at:?} of {}", hex(&bytes)))
                        }
                        Err(p) => {
                            let msg = panic_text(p.as_ref());
                            found.push(format!(
                                "config {ci} seed {seed}: panic {msg}: flips {at:?} of {}",
                                hex(&bytes)
                            ));
                        }
                    }
                }
            }
        }
    }
    (tried, accepted, found)
}

/// As [`flip_stress_rounds`] for matches: flips of match states decoded by [`Match::decode`],
/// played on by random legal actions (at most `plies`), each state re-encoded and decoded.
pub(crate) fn flip_stress_matches<M: Match>(
    configs: &[<M::Round as Round>::Config],
    seeds: core::ops::Range<u64>,
    plies: usize,
    flips_per_state: usize,
) -> (usize, usize, std::vec::Vec<std::string::String>) {
    use std::format;
    fn play_on<M: Match>(mut game: M, rng: &mut super::Rng, plies: usize) -> Result<(), std::string::String> {
        let mut bytes = vec![0u8; M::ENCODED_BYTES];
        let mut again = vec![0u8; M::ENCODED_BYTES];
        for ply in 0..plies {
            let n = game
                .encode(&mut bytes)
                .map_err(|e| format!("ply {ply}: encode: {e:?}"))?;
            let back = M::decode(&bytes[..n]).map_err(|e| format!("ply {ply}: decode of its encoding: {e:?}"))?;
            let m = back
                .encode(&mut again)
                .map_err(|e| format!("ply {ply}: re-encode: {e:?}"))?;
            if bytes[..n] != again[..m] {
                return Err(format!("ply {ply}: decode(encode) encodes differently"));
            }
            let _ = game.scores();
            let Some(seat) = game.round().to_act() else {
                if !game.is_over() {
                    return Err(format!("ply {ply}: no seat to act in a match not over"));
                }
                break;
            };
            let count = game.round().count_legal_actions(seat);
            if count == 0 {
                return Err(format!("ply {ply}: seat to act has no action"));
            }
            let action = game
                .round()
                .nth_legal_action(seat, rng.below(count as u32) as usize)
                .unwrap();
            game.apply(seat, action)
                .map_err(|e| format!("ply {ply}: apply {action}: {e:?}"))?;
        }
        Ok(())
    }
    let (mut tried, mut accepted, mut found) = (0, 0, std::vec::Vec::new());
    for (ci, config) in configs.iter().enumerate() {
        for seed in seeds.clone() {
            let mut rng = super::Rng::new(seed ^ 0xa7c4 ^ ci as u64);
            let mut game = M::new(config, seed).unwrap();
            let mut bytes = vec![0u8; M::ENCODED_BYTES];
            for _ in 0..plies {
                if rng.below(8) == 0 {
                    let n = game.encode(&mut bytes).unwrap();
                    for _ in 0..flips_per_state {
                        let mut flipped = bytes[..n].to_vec();
                        let mut at = std::vec::Vec::new();
                        for _ in 0..=rng.below(3) {
                            let i = rng.below(n as u32) as usize;
                            let bit = rng.below(8);
                            flipped[i] ^= 1 << bit;
                            at.push((i, bit));
                        }
                        tried += 1;
                        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            // A match of given deals is refused by the C ABI's decode.
                            let Ok(decoded) = M::decode(&flipped) else {
                                return Ok(false);
                            };
                            if decoded.deals_given() {
                                return Ok(false);
                            }
                            let mut rng = super::Rng::new(seed);
                            play_on(decoded, &mut rng, plies).map(|()| true)
                        }));
                        match result {
                            Ok(Ok(false)) => {}
                            Ok(Ok(true)) => accepted += 1,
                            Ok(Err(e)) => found.push(format!(
                                "config {ci} seed {seed}: {e}: flips {at:?} of {}",
                                hex(&bytes[..n])
                            )),
                            Err(p) => {
                                let msg = panic_text(p.as_ref());
                                found.push(format!(
                                    "config {ci} seed {seed}: panic {msg}: flips {at:?} of {}",
                                    hex(&bytes[..n])
                                ));
                            }
                        }
                    }
                }
                let Some(seat) = game.round().to_act() else { break };
                let count = game.round().count_legal_actions(seat);
                let action = game
                    .round()
                    .nth_legal_action(seat, rng.below(count as u32) as usize)
                    .unwrap();
                game.apply(seat, action).unwrap();
            }
        }
    }
    (tried, accepted, found)
}

/// Runs [`flip_stress_rounds`] and [`flip_stress_matches`] over every preset of every game
/// (only `only` when it names one) for each of `seeds`; returns the findings as text.
#[cfg(any(feature = "dominoes", feature = "tichu", feature = "doudizhu", feature = "mahjong"))]
fn flip_stress(seeds: &[u64], only: &str, bots: bool) -> std::vec::Vec<std::string::String> {
    use crate::game::Rules;
    let mut all = std::vec::Vec::new();
    macro_rules! game {
        ($name:literal, $c:ty, $r:ty, $m:ty) => {
            if only.is_empty() || only == $name {
                let configs: std::vec::Vec<_> = <$c as Rules>::PRESETS.iter().map(|(_, c)| c.clone()).collect();
                let (mut rounds, mut matches) = ((0, 0), (0, 0));
                for &seed in seeds {
                    let (t, a, f) = flip_stress_rounds::<$r>(&configs, seed..seed + 1, 4, bots);
                    rounds = (rounds.0 + t, rounds.1 + a);
                    all.extend(f.into_iter().map(|f| std::format!("{} round {f}", $name)));
                    let (t, a, f) = flip_stress_matches::<$m>(&configs, seed..seed + 1, 400, 4);
                    matches = (matches.0 + t, matches.1 + a);
                    all.extend(f.into_iter().map(|f| std::format!("{} match {f}", $name)));
                }
                std::println!(
                    "{}: rounds {} flips, {} decoded; matches {} flips, {} decoded",
                    $name,
                    rounds.0,
                    rounds.1,
                    matches.0,
                    matches.1
                );
            }
        };
    }
    #[cfg(feature = "dominoes")]
    game!(
        "dominoes",
        crate::dominoes::Config,
        crate::dominoes::Round,
        crate::dominoes::Match
    );
    #[cfg(feature = "tichu")]
    game!(
        "tichu",
        crate::tichu::round::Config,
        crate::tichu::round::Round,
        crate::tichu::game_match::Match
    );
    #[cfg(feature = "doudizhu")]
    game!(
        "doudizhu",
        crate::doudizhu::Config,
        crate::doudizhu::Round,
        crate::doudizhu::Match
    );
    #[cfg(feature = "mahjong")]
    game!(
        "mahjong",
        crate::mahjong::Config,
        crate::mahjong::Round,
        crate::mahjong::Match
    );
    for f in all.iter().take(40) {
        std::println!("{f}");
    }
    all
}

/// Random flips of every game's rounds and matches that the full decode accepts play to their
/// end (or 400 plies) with every state re-encoding, every listed action applying and an
/// outcome at the end. Seeds 38, 71, 76, 1052 and 1270 found five bugs: a Dou Dizhu bomb count
/// past the played quads (the match totals saturated and its decode refused them), a Riichi
/// call window waiting for no seat (no seat to act, no outcome), a seeded Riichi match flipped
/// into one of given deals (stopped after its round; refused by the C ABI's decode since), a
/// dominoes layout that let a seat still drawing play another tile (its exclusions then
/// refused the next state), and a Riichi dora count past one per kan (refused after the
/// pending reveal).
#[test]
#[cfg(all(feature = "dominoes", feature = "tichu", feature = "doudizhu", feature = "mahjong"))]
fn random_flips_that_decode_play_to_the_end() {
    let found = flip_stress(&[0, 1, 38, 71, 76, 1052, 1270], "", false);
    assert!(found.is_empty(), "{} findings", found.len());
}

/// The Tichu search on rounds where its rejection sampler finds no consistent deal within its
/// draws (Tichu seed 1749 of the flip stress, with the bots asked: reached by plain play too):
/// the search skipped nothing then, its determinization's `debug_assert!` fired and a debug
/// C library aborted in `parlor_bot_choose`; now a failed draw skips its iteration.
#[test]
#[cfg(feature = "tichu")]
fn the_tichu_search_survives_a_sampler_that_finds_no_deal() {
    let found = flip_stress(&[1749], "tichu", true);
    assert!(found.is_empty(), "{} findings", found.len());
}

/// The same over many seeds (ignored: minutes; `PARLOR_FLIP_SEEDS=a..b`, `PARLOR_FLIP_GAME`,
/// `PARLOR_FLIP_BOTS=1` to ask the playout and search bots on every decoded round too).
#[test]
#[ignore]
#[cfg(all(feature = "dominoes", feature = "tichu", feature = "doudizhu", feature = "mahjong"))]
fn flip_stress_every_game() {
    let range = std::env::var("PARLOR_FLIP_SEEDS").unwrap_or_else(|_| std::string::String::from("0..40"));
    let (a, b) = range.split_once("..").unwrap();
    let seeds: std::vec::Vec<u64> = (a.parse::<u64>().unwrap()..b.parse::<u64>().unwrap()).collect();
    let only = std::env::var("PARLOR_FLIP_GAME").unwrap_or_default();
    let found = flip_stress(&seeds, &only, std::env::var("PARLOR_FLIP_BOTS").is_ok_and(|b| b == "1"));
    assert!(found.is_empty(), "{} findings", found.len());
}
