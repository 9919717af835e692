//! A match: deals played one after another, scores added up, the first bidder rotating.
//!
//! Deal `k` (from 0) of a match with seed `s` is [`Deal::Seeded`] with
//! [`round_seed(s, k)`](crate::game::round_seed) (the `(k + 1)`-th output of SplitMix64 seeded
//! with `s`); under
//! [`DealStyle::Blocks`] its first bidder is seat `k mod 3` (under [`DealStyle::FaceUp`] the
//! deal's face-up card decides). Void deals (everyone passed) count as deals and score zero.
//! The match ends after [`Config::deals`] deals, or as soon as a seat's total reaches
//! [`Config::target`] (when set). Its result ([`Match::result`]) places the seats by their
//! totals: the highest total first, equal totals sharing a place.
//!
//! ```
//! use parlor_core::doudizhu::{Config, Match};
//! use parlor_core::game::bot::lowest_legal_action;
//! let mut m = Match::new(&Config::PAGAT, 42)?;
//! while !m.is_over() {
//!     let seat = m.round().to_act().unwrap();
//!     let action = lowest_legal_action(m.round(), seat).unwrap();
//!     m.apply(seat, action)?;
//! }
//! assert_eq!(m.rounds_played(), 9);
//! assert_eq!(m.scores().iter().sum::<i32>(), 0); // stake scoring is zero-sum
//! # Ok::<(), parlor_core::doudizhu::Error>(())
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::mem::MaybeUninit;

use super::Error;
use super::round::{
    Action, Config, Deal, DealStyle, ENCODED_BYTES as ROUND_BYTES, Event, FORMAT_VERSION, Outcome, Round, SEATS,
};
use crate::game::{Placement, Seat, Step, round_seed};
use zerocopy::{Immutable, IntoBytes, KnownLayout, TryFromBytes};

/// What [`Match::apply`] returns: the deal's event, the finished deal's outcome, the match's end.
pub type MatchStep = Step<Event, Outcome>;

/// Bytes of [`Match::encode`]'s output (each total as 8 bytes, an `i32` widened: the layout of
/// format 1, unchanged).
pub const MATCH_ENCODED_BYTES: usize = 1 + 8 + 2 + 8 * SEATS + ROUND_BYTES;

/// Deals to the end of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Match {
    // `repr(C)` with no padding byte (a build error otherwise: `IntoBytes`): the C ABI keeps the
    // match's own bytes in place ([`crate::game::Match::raw_ref`]).
    round: Round,
    seed: u64,
    scores: [i32; SEATS],
    /// Deals finished.
    done: u16,
    /// Always 0 (the bytes up to the next 8-byte boundary, made a field: no padding byte).
    pad: [u8; 2],
}

fn deal_round(config: &Config, seed: u64, k: u16) -> Result<Round, Error> {
    // A placeholder that `deal_round_into` overwrites whole (one copy of the deal's code).
    let mut round = Round::dealt(config, [super::Cards::EMPTY; SEATS], super::Cards::EMPTY, Seat(0));
    deal_round_into(&mut round, config, seed, k)?;
    Ok(round)
}

/// [`deal_round`] written into `round` ([`Round::deal_into`]); on an error `round` may be left
/// partly written.
fn deal_round_into(round: &mut Round, config: &Config, seed: u64, k: u16) -> Result<(), Error> {
    match config.deal {
        DealStyle::FaceUp => round.deal_into(config, &Deal::Seeded(round_seed(seed, u32::from(k)))),
        DealStyle::Blocks => {
            let (hands, kitty, first_bidder) = deal_cards(config, seed, k)?;
            round.deal_into(
                config,
                &Deal::Given {
                    hands,
                    kitty,
                    first_bidder,
                },
            )
        }
    }
}

/// The cards of deal `k` of a match seeded `seed` (hands, kitty) and its first bidder: the
/// seed's deal; with [`DealStyle::Blocks`] the first bidder goes round the table (`k % 3`).
fn deal_cards(config: &Config, seed: u64, k: u16) -> Result<([super::Cards; SEATS], super::Cards, Seat), Error> {
    let (hands, kitty, first) = Deal::Seeded(round_seed(seed, u32::from(k))).cards(config)?;
    let first = match config.deal {
        DealStyle::FaceUp => first,
        DealStyle::Blocks => Seat((k % 3) as u8),
    };
    Ok((hands, kitty, first))
}

/// Whether a match under `c` with `done` deals finished and these totals is over: its number of
/// deals played, or a total at its target ([`Match::is_over`]).
fn ended(c: &Config, done: u16, scores: &[i32; SEATS]) -> bool {
    (c.deals > 0 && done >= c.deals) || (c.target > 0 && scores.iter().any(|&s| i64::from(s) >= i64::from(c.target)))
}

impl Match {
    /// A new match; its first deal is ready to play.
    ///
    /// # Errors
    /// [`Error::InvalidConfig`] (see [`Config::validate`]).
    pub fn new(config: &Config, seed: u64) -> Result<Match, Error> {
        Ok(Match {
            round: deal_round(config, seed, 0)?,
            seed,
            done: 0,
            scores: [0; SEATS],
            pad: [0; 2],
        })
    }

    /// The current deal (the last one, finished, once the match is over).
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        self.round.config()
    }

    /// Each seat's total over the finished deals (saturating at the `i32` range).
    pub fn scores(&self) -> [i32; SEATS] {
        self.scores
    }

    /// Deals finished so far (void deals included).
    pub fn rounds_played(&self) -> u32 {
        u32::from(self.done)
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        ended(self.round.config(), self.done, &self.scores)
    }

    /// Each seat's place once the match is over (`None` before): 0 for the highest total, and
    /// each seat's place is the number of seats with a higher total (equal totals share a
    /// place), so the winners are the seats at place 0.
    pub fn result(&self) -> Option<Placement> {
        if !self.is_over() {
            return None;
        }
        let places = self
            .scores
            .map(|mine| self.scores.iter().filter(|&&other| other > mine).count() as u8);
        Some(Placement::new(&places))
    }

    /// Applies `seat`'s action to the current deal. When it ends the deal, its scores are added
    /// and (unless the match is over) the next deal starts: the step's `finished` (and its
    /// event's `outcome`) is the finished deal's outcome, `match_over` whether no deal follows.
    ///
    /// # Errors
    /// As [`Round::apply`]; [`Error::RoundOver`] once the match is over. On error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<MatchStep, Error> {
        if self.is_over() {
            return Err(Error::RoundOver);
        }
        let mut round = self.round;
        let event = round.apply(seat, action)?;
        if let Some(ref outcome) = event.outcome {
            // The next deal (unless the match is over) is dealt into `round`, the copy.
            self.end_deal(&mut round, &outcome.scores)?;
        }
        self.round = round;
        Ok(Step {
            event,
            finished: event.outcome,
            match_over: self.is_over(),
        })
    }

    /// The deal `round` just finished (its points `points`): the totals and the deal count
    /// moved on, and unless the match is over the next deal dealt into `round` (the caller's
    /// copy, which then becomes the match's deal); an error leaves `self` unchanged. In a frame
    /// of its own, in place (no second match and round on [`Match::apply`]'s frame: the C ABI's
    /// apply runs on a microcontroller's stack).
    #[inline(never)]
    fn end_deal(&mut self, round: &mut Round, points: &[i32; SEATS]) -> Result<(), Error> {
        let mut scores = self.scores;
        for (total, s) in scores.iter_mut().zip(points.iter()) {
            *total = total.saturating_add(*s);
        }
        let done = self.done.saturating_add(1);
        let c = *round.config();
        // [`Match::is_over`] of the match after this deal.
        if !ended(&c, done, &scores) {
            deal_round_into(round, &c, self.seed, done)?;
        }
        self.done = done;
        self.scores = scores;
        Ok(())
    }

    /// Writes the match's versioned byte form ([`MATCH_ENCODED_BYTES`] bytes).
    ///
    /// # Errors
    /// [`Error::BufferTooSmall`].
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        if out.len() < MATCH_ENCODED_BYTES {
            return Err(Error::BufferTooSmall {
                needed: MATCH_ENCODED_BYTES,
            });
        }
        let (head, rest) = out
            .split_at_mut_checked(1 + 8 + 2 + 8 * SEATS)
            .ok_or(Error::BufferTooSmall {
                needed: MATCH_ENCODED_BYTES,
            })?;
        let mut w = super::round::Writer::new(head);
        w.put(&[FORMAT_VERSION])?;
        w.put(&self.seed.to_le_bytes())?;
        w.put(&self.done.to_le_bytes())?;
        for s in &self.scores {
            w.put(&i64::from(*s).to_le_bytes())?;
        }
        let n = self.round.encode(rest)?;
        Ok(n.saturating_add(w.len()))
    }

    /// The match of a byte form [`encode`](Match::encode) wrote and that is known to be
    /// unchanged since: the header's fields read alone and the deal by
    /// [`Round::decode_trusted`] (no re-deal from the seed, no check across fields). Bytes that
    /// break the invariants give a wrong match, never a panic.
    ///
    /// # Errors
    /// [`Error::InvalidState`] naming a field that is wrong alone.
    pub fn decode_trusted(bytes: &[u8]) -> Result<Match, Error> {
        let mut r = super::round::Reader::new(bytes);
        if r.byte()? != FORMAT_VERSION {
            return Err(Error::InvalidState {
                what: reason!("unknown format version"),
            });
        }
        let seed = u64::from_le_bytes(r.take::<8>()?);
        let done = u16::from_le_bytes(r.take::<2>()?);
        let mut scores = [0i32; SEATS];
        for s in scores.iter_mut() {
            *s = i32::try_from(i64::from_le_bytes(r.take::<8>()?)).map_err(|_| Error::InvalidState {
                what: reason!("a total outside the i32 range"),
            })?;
        }
        Ok(Match {
            round: Round::decode_trusted(r.rest())?,
            seed,
            done,
            scores,
            pad: [0; 2],
        })
    }

    /// Reads a match written by [`encode`](Match::encode), re-validating it: the round decodes,
    /// the scores sum to zero under stake scoring, the deal count is within the match, and the
    /// current deal is the one the seed gives (its cards, as dealt).
    ///
    /// # Errors
    /// [`Error::InvalidState`] naming what is wrong.
    pub fn decode(bytes: &[u8]) -> Result<Match, Error> {
        let mut place = MaybeUninit::uninit();
        Ok(*Match::decode_in(&mut place, bytes)?)
    }

    /// [`Match::decode`] into `place` (the caller's frame), returned there: the match's fields
    /// and its round written there, the deal replayed in place ([`Round::decode_in`]), then the
    /// match's checks in a frame of their own (no match-sized result moved through the calls).
    /// The same match and errors.
    pub fn decode_in<'p>(place: &'p mut MaybeUninit<Match>, bytes: &[u8]) -> Result<&'p mut Match, Error> {
        let mut r = super::round::Reader::new(bytes);
        if r.byte()? != FORMAT_VERSION {
            return Err(Error::InvalidState {
                what: reason!("unknown format version"),
            });
        }
        let seed = u64::from_le_bytes(r.take::<8>()?);
        let done = u16::from_le_bytes(r.take::<2>()?);
        let mut scores = [0i32; SEATS];
        for s in scores.iter_mut() {
            *s = i32::try_from(i64::from_le_bytes(r.take::<8>()?)).map_err(|_| Error::InvalidState {
                what: reason!("a total outside the i32 range"),
            })?;
        }
        let m = Round::checked_in(
            r.rest(),
            |stored| {
                place.write(Match {
                    round: *stored,
                    seed,
                    done,
                    scores,
                    pad: [0; 2],
                })
            },
            |m| &mut m.round,
        )?;
        m.check_decoded()?;
        Ok(m)
    }

    /// [`Match::decode`]'s checks across the fields of a decoded match: the stake totals, the
    /// deal count against the match end, the deal against the seed. In a frame of its own (its
    /// fresh deal and the deals' comparison are not on the frame of the round's decode, whose
    /// auction replay is the deepest part: the C ABI's decode runs on a microcontroller's stack).
    /// Errors: [`Error::InvalidState`].
    #[inline(never)]
    fn check_decoded(&self) -> Result<(), Error> {
        let Match {
            ref round,
            seed,
            done,
            ref scores,
            ..
        } = *self;
        let bad = |what| Error::InvalidState { what };
        let c = *round.config();
        if c.scoring == super::round::Scoring::Stake
            && scores.iter().fold(0i64, |a, s| a.saturating_add(i64::from(*s))) != 0
        {
            return Err(bad(reason!("stake scores do not sum to zero")));
        }
        let finished = round.outcome().is_some();
        let expected_index = if finished { done.checked_sub(1) } else { Some(done) };
        let Some(k) = expected_index else {
            return Err(bad(reason!("a finished deal before any deal")));
        };
        if finished != self.is_over() || (c.deals > 0 && k >= c.deals) {
            return Err(bad(reason!("the deal count and the match end disagree")));
        }
        // The cards of deal `k` as `deal_round` deals them (no round built: a fresh round's
        // hands plus played piles, less the kitty at the landlord, are the dealt hands).
        let (hands, kitty, first) = deal_cards(&c, seed, k)?;
        if first != round.first_bidder() || !dealt_as(round, &hands, kitty) {
            return Err(bad(reason!("the deal is not the one the seed gives")));
        }
        Ok(())
    }
}

/// Whether `round` was dealt `hands` and `kitty` (its hands plus played piles, less the kitty
/// at the landlord: [`Round::dealt_hand`]). In a frame of its own (off
/// [`Match::check_decoded`]'s frame during the deal).
#[inline(never)]
fn dealt_as(round: &Round, hands: &[super::Cards; SEATS], kitty: super::Cards) -> bool {
    if round.kitty() != kitty {
        return false;
    }
    (0..SEATS as u8)
        .zip(hands)
        .all(|(s, hand)| round.dealt_hand(Seat(s)).as_ref() == Some(hand))
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]
mod tests {
    use super::super::bot::RandomBot;
    use super::*;

    #[test]
    fn size_and_round_trip() {
        assert!(core::mem::size_of::<Match>() <= 512);
        assert_eq!(core::mem::size_of::<Match>(), 192);
        let mut m = Match::new(&Config::PAGAT, 5).unwrap();
        let mut bot = RandomBot::new(1);
        let mut buf = [0u8; MATCH_ENCODED_BYTES];
        let mut steps = 0;
        while !m.is_over() {
            assert_eq!(m.encode(&mut buf).unwrap(), MATCH_ENCODED_BYTES);
            assert_eq!(Match::decode(&buf).unwrap(), m);
            let seat = m.round().to_act().unwrap();
            let a = bot.choose(m.round(), seat).unwrap();
            m.apply(seat, a).unwrap();
            steps += 1;
        }
        assert!(steps > 9);
        assert_eq!(m.rounds_played(), 9);
        assert_eq!(m.scores().iter().sum::<i32>(), 0);
        m.encode(&mut buf).unwrap();
        assert_eq!(Match::decode(&buf).unwrap(), m);
        assert_eq!(m.apply(Seat(0), Action::Pass), Err(Error::RoundOver));
    }

    #[test]
    fn first_bidder_rotates() {
        let m = Match::new(&Config::PAGAT, 5).unwrap();
        assert_eq!(m.round().first_bidder(), Seat(0));
        let mut m = m;
        for s in 0..3 {
            m.apply(Seat(s), Action::Pass).unwrap();
        }
        assert_eq!(m.rounds_played(), 1);
        assert_eq!(m.round().first_bidder(), Seat(1));
        assert_eq!(m.round().to_act(), Some(Seat(1)));
    }

    #[test]
    fn target_ends_the_match() {
        let config = Config {
            deals: 0,
            target: 6,
            ..Config::PAGAT
        };
        let mut m = Match::new(&config, 9).unwrap();
        let mut bot = RandomBot::new(2);
        while !m.is_over() {
            let seat = m.round().to_act().unwrap();
            let a = bot.choose(m.round(), seat).unwrap();
            m.apply(seat, a).unwrap();
        }
        assert!(m.scores().iter().any(|&s| s >= 6));
        let result = m.result().unwrap();
        let best = *m.scores().iter().max().unwrap();
        for seat in 0..3u8 {
            assert_eq!(
                result.place(Seat(seat)) == Some(0),
                m.scores()[usize::from(seat)] == best
            );
        }
    }
}
