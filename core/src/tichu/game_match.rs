//! A match: rounds until a team reaches the target score ([`Config::target`], 1000 by default)
//! after a round; if both teams are at or above it the higher wins, and a tie plays another
//! round. Round `k` (0-based) is dealt `Deal::Seeded(round_seed(seed, k))`
//! ([`round_seed`]: the outputs of `Rng::new(seed)`).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::mem::MaybeUninit;

use super::Error;
use super::round::{self, Action, Config, Deal, Event, Outcome, Phase, Round};
use crate::game::{Placement, Seat, Step, round_seed};
use zerocopy::{Immutable, IntoBytes, KnownLayout, TryFromBytes};

/// Bytes of [`Match::encode`]'s output.
pub const ENCODED_BYTES: usize = 1 + 4 + 8 + 4 + 8 + 1 + round::ENCODED_BYTES;
/// The format version, the first byte of [`Match::encode`]: 2 since the round's log holds 293
/// actions (version 1 is refused with [`Error::InvalidState`]).
pub const FORMAT_VERSION: u8 = 2;
const NO_WINNER: u8 = 0xFF;

/// What a match action led to: the round's [`Event`], the finished round's [`Outcome`] when the
/// action ended it (the next round has then been dealt unless the match is over), and whether
/// the match is over.
pub type MatchEvent = Step<Event, Outcome>;

/// Rounds to the target score. Plain fixed-size value (`size_of` in `docs/tichu.md`, tested),
/// `repr(C)` without a padding byte (held in place by the C ABI, `game::Match::raw_ref`).
///
/// ```
/// use parlor_core::tichu::game_match::Match;
/// use parlor_core::tichu::round::Config;
/// use parlor_core::game::bot::lowest_legal_action;
/// let mut game = Match::new(&Config::default(), 42).unwrap();
/// while !game.is_over() {
///     let seat = game.round().to_act().unwrap();
///     let action = lowest_legal_action(game.round(), seat).unwrap();
///     game.apply(seat, action).unwrap();
/// }
/// let [a, b] = game.scores();
/// assert!(a.max(b) >= 1000 && a != b);
/// let places = if a > b { [0, 1, 0, 1] } else { [1, 0, 1, 0] };
/// assert_eq!(game.result().unwrap().places(), places);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Match {
    seed: u64,
    scores: [i32; 2],
    /// Rounds finished.
    rounds: u32,
    config: Config,
    winner: u8,
    /// Always 0 ([`Match::held_ok`]): the round 8-aligned without padding.
    pad: [u8; 5],
    round: Round,
}

impl Match {
    /// Whether held bytes are a match this library could hold: its padding 0, its config valid
    /// and the round's ([`Round::held_ok`]) the same, the winner a team or none (O(1), the check
    /// after zerocopy's when the C ABI views its state bytes as a match).
    pub fn held_ok(&self) -> bool {
        self.pad == [0; 5]
            && self.config.validate().is_ok()
            && *self.round.config() == self.config
            && self.round.held_ok()
            && (self.winner <= 1 || self.winner == NO_WINNER)
    }

    /// A match; its first round is dealt. Errors: [`Error::InvalidConfig`].
    pub fn new(config: &Config, seed: u64) -> Result<Match, Error> {
        // The round built in the match (no round-sized `Result` moved into it: 456 B more of a
        // C `parlor_match_new`'s stack on the M4F once the round was plain bytes).
        let (dealt, window) = Round::dealt_of(config, &Deal::Seeded(round_seed(seed, 0)))?;
        Ok(Match {
            pad: [0; 5],
            config: *config,
            seed,
            rounds: 0,
            scores: [0; 2],
            winner: NO_WINNER,
            round: Round::from_deal(*config, dealt, window),
        })
    }

    /// The round in play (the last one once the match is over).
    pub const fn round(&self) -> &Round {
        &self.round
    }

    /// The rules variant.
    pub const fn config(&self) -> &Config {
        &self.config
    }

    /// Team 0's and team 1's totals after the finished rounds.
    pub const fn scores(&self) -> [i32; 2] {
        self.scores
    }

    /// How many rounds are finished.
    pub const fn rounds_played(&self) -> u32 {
        self.rounds
    }

    /// Whether a team has won.
    pub const fn is_over(&self) -> bool {
        self.winner != NO_WINNER
    }

    /// The result once the match is over: the winning team's seats (0 and 2, or 1 and 3) at
    /// place 0, the others at place 1; `None` while it goes on.
    pub fn result(&self) -> Option<Placement> {
        match self.winner {
            0 => Some(Placement::new(&[0, 1, 0, 1])),
            1 => Some(Placement::new(&[1, 0, 1, 0])),
            _ => None,
        }
    }

    /// The winner of scores `scores` under `target`, if the match ends there.
    fn decided(scores: [i32; 2], target: u16) -> Option<u8> {
        let [a, b] = scores;
        let target = i32::from(target);
        if a.max(b) >= target && a != b {
            Some(if a > b { 0 } else { 1 })
        } else {
            None
        }
    }

    /// Applies `seat`'s action to the round in play ([`Round::apply`]); when it ends the round,
    /// adds the scores and deals the next round unless the match is over. Errors: the round's,
    /// [`Error::RoundOver`] once the match is over; the match is unchanged on the round's errors.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<MatchEvent, Error> {
        if self.is_over() {
            return Err(Error::RoundOver);
        }
        // In place (no copy of the match or its round on the stack): the round's apply leaves
        // it unchanged on an error; what follows fails only on a broken invariant (checked
        // before the match's fields are written) or a config that deals no round (the match's
        // own, validated when it was made).
        let event = self.round.apply(seat, action)?;
        let mut result = MatchEvent {
            event,
            finished: None,
            match_over: false,
        };
        if event.round_over {
            let outcome = self.round.outcome().ok_or(Error::Internal)?;
            let mut scores = self.scores;
            for (total, delta) in scores.iter_mut().zip(outcome.scores) {
                *total = total.checked_add(i32::from(delta)).ok_or(Error::Internal)?;
            }
            let rounds = self.rounds.checked_add(1).ok_or(Error::Internal)?;
            result.finished = Some(outcome);
            if let Some(team) = Match::decided(scores, self.config.target) {
                self.winner = team;
                result.match_over = true;
            } else {
                self.deal_next(rounds)?;
            }
            self.scores = scores;
            self.rounds = rounds;
        }
        Ok(result)
    }

    /// Deals round number `rounds` of the match's seed in place of the finished round
    /// ([`Round::new`]; nothing is written on its error), in a frame of its own: the new round
    /// is not beside the finished round's outcome and apply's frames.
    #[inline(never)]
    fn deal_next(&mut self, rounds: u32) -> Result<(), Error> {
        let (dealt, window) = Round::dealt_of(&self.config, &Deal::Seeded(round_seed(self.seed, rounds)))?;
        self.round = Round::from_deal(self.config, dealt, window);
        Ok(())
    }

    /// Writes the match's versioned byte form ([`ENCODED_BYTES`]; version [`FORMAT_VERSION`]):
    /// config, seed, rounds finished, scores, winner, then the round's own encoding.
    /// Errors: [`Error::BufferTooSmall`].
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        let out = out
            .get_mut(..ENCODED_BYTES)
            .ok_or(Error::BufferTooSmall { needed: ENCODED_BYTES })?;
        let (head, tail) = out.split_at_mut(ENCODED_BYTES.saturating_sub(round::ENCODED_BYTES));
        let mut w = round::Writer { out: head, at: 0 };
        let [lo, hi] = self.config.target.to_le_bytes();
        w.bytes(&[
            FORMAT_VERSION,
            lo,
            hi,
            self.config.flag_byte(),
            self.config.bomb_priority as u8,
        ]);
        w.bytes(&self.seed.to_le_bytes());
        w.bytes(&self.rounds.to_le_bytes());
        for score in self.scores {
            w.bytes(&score.to_le_bytes());
        }
        w.byte(self.winner);
        self.round.encode(tail)?;
        Ok(ENCODED_BYTES)
    }

    /// The match of [`Match::encode`]'s bytes and the cache of its round
    /// ([`Round::encode_cache`]), both known unchanged since (the C ABI's digest-checked states):
    /// the header's fields read alone and the round by [`Round::decode_trusted_cached`]; no
    /// re-deal, no replay, nothing checked across fields. A `cache` that is not
    /// [`CACHE_BYTES`](round::CACHE_BYTES) long falls back to [`Match::decode`]. Errors:
    /// [`Error::InvalidState`], [`Error::InvalidConfig`].
    pub fn decode_trusted_cached(bytes: &[u8], cache: &[u8]) -> Result<Match, Error> {
        if cache.len() != round::CACHE_BYTES {
            return Match::decode(bytes);
        }
        let (head, tail) = Match::trusted_head(bytes)?;
        let round = Round::decode_trusted_cached(tail, cache)?;
        Ok(Match {
            pad: [0; 5],
            config: *round.config(),
            seed: head.seed,
            rounds: head.rounds,
            scores: head.scores,
            winner: head.winner,
            round,
        })
    }

    /// [`Match::decode_trusted_cached`] into `place` (the caller's frame): the match and its
    /// round written there once (no match-sized result moved through the calls). The same match
    /// and the same errors.
    pub fn decode_trusted_cached_in<'p>(
        place: &'p mut MaybeUninit<Match>,
        bytes: &[u8],
        cache: &[u8],
    ) -> Result<&'p mut Match, Error> {
        if cache.len() != round::CACHE_BYTES {
            return decoded_into(place, bytes);
        }
        let (head, tail) = Match::trusted_head(bytes)?;
        // The form borrowed where the read left it (no move of its log).
        let read = round::Form::read(tail);
        let form = match &read {
            Ok(form) => form,
            Err(e) => return Err(*e),
        };
        let cached = round::Cached::read(cache)?;
        Ok(place.write(Match {
            pad: [0; 5],
            config: *form.config(),
            seed: head.seed,
            rounds: head.rounds,
            scores: head.scores,
            winner: head.winner,
            round: Round::of_cached(form, &cached),
        }))
    }

    /// The match's own fields of a byte form (its version checked) and the round's bytes.
    fn trusted_head(bytes: &[u8]) -> Result<(Head, &[u8]), Error> {
        if bytes.len() != ENCODED_BYTES {
            return Err(Error::InvalidState);
        }
        let (head, tail) = bytes.split_at(ENCODED_BYTES.saturating_sub(round::ENCODED_BYTES));
        let Some((field, _)) = head.split_first_chunk::<26>() else {
            return Err(Error::InvalidState);
        };
        let [
            version,
            _,
            _,
            _,
            _,
            s0,
            s1,
            s2,
            s3,
            s4,
            s5,
            s6,
            s7,
            r0,
            r1,
            r2,
            r3,
            a0,
            a1,
            a2,
            a3,
            b0,
            b1,
            b2,
            b3,
            winner,
        ] = *field;
        if version != FORMAT_VERSION {
            return Err(Error::InvalidState);
        }
        Ok((
            Head {
                seed: u64::from_le_bytes([s0, s1, s2, s3, s4, s5, s6, s7]),
                rounds: u32::from_le_bytes([r0, r1, r2, r3]),
                scores: [
                    i32::from_le_bytes([a0, a1, a2, a3]),
                    i32::from_le_bytes([b0, b1, b2, b3]),
                ],
                winner,
            },
            tail,
        ))
    }

    /// The match of [`Match::encode`]'s bytes, re-validated: the round decodes (replayed from
    /// its deal), is the deal of round `rounds` of the seed (`rounds − 1` once over) under the same config, is over
    /// exactly when the match is, the winner follows from the scores, the scores are multiples
    /// of 5. Errors: [`Error::InvalidState`], [`Error::InvalidConfig`].
    pub fn decode(bytes: &[u8]) -> Result<Match, Error> {
        let mut place = MaybeUninit::uninit();
        Ok(*Match::decode_in(&mut place, bytes)?)
    }

    /// [`Match::decode`] into `place` (the caller's frame), returned there: the match's fields
    /// and its round dealt there, the round's log replayed in place ([`Round::decode_in`]),
    /// then the match's checks, each in a frame of its own (no match-sized result moved through
    /// the calls, no second round beside it). The same match and errors.
    pub fn decode_in<'p>(place: &'p mut MaybeUninit<Match>, bytes: &[u8]) -> Result<&'p mut Match, Error> {
        let (head, tail) = Match::trusted_head(bytes)?;
        let m = Round::checked_in(
            tail,
            |config, dealt, window| {
                place.write(Match {
                    pad: [0; 5],
                    config,
                    seed: head.seed,
                    rounds: head.rounds,
                    scores: head.scores,
                    winner: head.winner,
                    round: Round::from_deal(config, dealt, window),
                })
            },
            |m| &mut m.round,
        )?;
        m.check(bytes)?;
        Ok(m)
    }

    /// The checks of a decoded match across its fields (`bytes`: its byte form): the head's
    /// config is the round's, the round is the deal of round `rounds` of the seed
    /// (`rounds − 1` once over) under that config, is over exactly when the match is, the
    /// winner follows from the scores, the scores are multiples of 5. In a frame of its own.
    /// Errors: [`Error::InvalidState`], [`Error::InvalidConfig`].
    #[inline(never)]
    fn check(&self, bytes: &[u8]) -> Result<(), Error> {
        let config = self.config;
        let [lo, hi] = config.target.to_le_bytes();
        if bytes.get(1..5) != Some(&[lo, hi, config.flag_byte(), config.bomb_priority as u8][..]) {
            return Err(Error::InvalidState);
        }
        let decided = Match::decided(self.scores, config.target);
        let over = self.round.phase() == Phase::Over;
        // Once the match is over its last round, number `rounds - 1`, stays in play.
        let index = if decided.is_some() {
            self.rounds.saturating_sub(1)
        } else {
            self.rounds
        };
        // The seeded deal alone (`Round::new`'s hands and windows; no round built: its deal is
        // worked out of the round, whose 472 bytes took `parlor_match_decode` 800 bytes deeper).
        let expected = Round::dealt_of(&config, &Deal::Seeded(round_seed(self.seed, index)))?;
        let valid = expected == self.round.deal()
            && self.scores.iter().all(|s| s % 5 == 0)
            && match decided {
                Some(team) => self.winner == team && over && self.rounds > 0,
                None => self.winner == NO_WINNER && !over,
            };
        if !valid {
            return Err(Error::InvalidState);
        }
        Ok(())
    }
}

/// A match's own fields in its byte form (before its round).
struct Head {
    seed: u64,
    rounds: u32,
    scores: [i32; 2],
    winner: u8,
}

/// [`Match::decode`] written to `place` (the fallback of [`Match::decode_trusted_cached_in`]
/// without a cache), in a frame of its own.
#[inline(never)]
fn decoded_into<'p>(place: &'p mut MaybeUninit<Match>, bytes: &[u8]) -> Result<&'p mut Match, Error> {
    Match::decode_in(place, bytes)
}
