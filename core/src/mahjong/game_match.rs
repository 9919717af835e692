//! A match (hanchan or tonpuusen): rounds in order with the dealer's rotation, repeats, honba
//! and riichi sticks carried, the extension, agari-yame, busting and the final placement
//! (`docs/mahjong.md`, "The match").
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::mem::MaybeUninit;

use super::round::{ENCODED_BYTES, FORMAT_VERSION, PHASE_OVER, RIICHI_STICK, SEATS, TILE_IDS, at_mut};
use super::score::Wind;
use super::{Action, Config, Deal, End, Error, Event, Outcome, Round, Start};
use crate::game::{Placement, Seat, round_seed};
use zerocopy::{Immutable, IntoBytes, KnownLayout, TryFromBytes};

/// `size_of::<Match>()` (asserted ≤ 1536 in a test).
pub const MATCH_BYTES: usize = core::mem::size_of::<Match>();
/// The length of [`Match::encode`]'s byte form (format version 1).
pub const MATCH_ENCODED_BYTES: usize = MATCH_HEADER + ENCODED_BYTES;
const MATCH_HEADER: usize = 32;

/// What [`Match::apply`] did ([`game::Step`](crate::game::Step)): the round's event, the
/// finished round's outcome when the action ended it (the next round has then been dealt for a
/// seeded match; a given match waits for [`Match::deal_round`]), and whether the match is over.
pub type Step = crate::game::Step<Event, Outcome>;

/// Rounds of Riichi to the end of a match.
///
/// The rounds: East 1 (dealer seat 0) on; the dealer keeps the seat when it wins, is tenpai at
/// an exhaustive draw (or nagashi), or the round is aborted; otherwise the deal passes to the
/// next seat and after the fourth dealer the round wind advances. Honba: +1 after a dealer
/// repeat or any draw, back to 0 after a non-dealer win. Riichi sticks stay on the table until
/// a win collects them.
///
/// The end: after the last scheduled round ([`Config::rounds`]) when a seat has
/// [`Config::target_points`] (else into the extension, where the first round after which a seat
/// has them ends it, at the latest after four extension rounds); a seat below 0
/// ([`Config::busting`]); agari-yame and tenpai-yame ([`Config::agari_yame`], [`Config::tenpai_yame`]). Final placement: by points, ties
/// by seat (seat 0 first); sticks left on the table at the end go to the first place.
///
/// A seeded match deals round `k` (0-based) with `Deal::Seeded(s_k)`, `s_k` =
/// [`game::round_seed(seed, k)`](crate::game::round_seed) (the `(k+1)`-th output of
/// [`Rng::new(seed)`](crate::game::Rng::new)`.next_u64()`). A given match
/// ([`Match::new_given`]) waits after each round for [`Match::deal_round`] — how a recorded game
/// is replayed wall by wall.
///
/// ```
/// use parlor_core::game::bot::lowest_legal_action;
/// use parlor_core::mahjong::{Config, Match};
/// let mut game = Match::new(&Config::TENHOU, 7)?;
/// while let Some(seat) = game.round().to_act() {
///     let action = lowest_legal_action(game.round(), seat).unwrap();
///     game.apply(seat, action)?;
/// }
/// assert!(game.is_over());
/// assert_eq!(game.final_scores().unwrap().iter().sum::<i32>(), 100_000);
/// # Ok::<(), parlor_core::mahjong::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Match {
    // `repr(C)` without a padding byte (held in place by the C ABI, `game::Match::raw_ref`).
    pub(super) round: Round,
    seed: u64,
    rounds_played: u32,
    next: Start,
    given: bool,
    awaiting: bool,
    over: bool,
    /// Always 0 (checked by [`Match::held_ok`]): the size a multiple of 8 without padding.
    pad: [u8; MATCH_PAD],
}

/// The explicit padding bytes at the end of [`Match`].
const MATCH_PAD: usize = 5;

impl Match {
    /// A match under `config` (validated), its rounds dealt from `seed`. Errors:
    /// [`Error::InvalidConfig`].
    pub fn new(config: &Config, seed: u64) -> Result<Match, Error> {
        // Dealt in place ([`Match::new_in`]) and copied out once: no round-sized result of the
        // deal and match-sized temporary beside it on the stack (about 1.6 KiB less on a
        // microcontroller).
        let mut place = MaybeUninit::uninit();
        Match::new_in(&mut place, config, seed).map(|m| m.clone())
    }

    /// [`Match::new`] into `place` (the caller's frame), its first round dealt there: no
    /// match-sized result moved through the calls.
    pub fn new_in<'p>(place: &'p mut MaybeUninit<Match>, config: &Config, seed: u64) -> Result<&'p mut Match, Error> {
        let m = Match::seeded_to(place, config, seed)?;
        m.round.refresh_waits();
        Ok(m)
    }

    /// [`Match::new_in`]'s match dealt into `place` without its round's waits cache, in a frame
    /// of its own: the deal (a [`Deal`] is as large as a wall), the start and the wall are not
    /// on the stack while the waits are worked out.
    #[inline(never)]
    fn seeded_to<'p>(place: &'p mut MaybeUninit<Match>, config: &Config, seed: u64) -> Result<&'p mut Match, Error> {
        let start = Start::first(config);
        let mut wall = [0u8; TILE_IDS];
        Round::checked_wall(config, &Deal::Seeded(round_seed(seed, 0)), &start, &mut wall)?;
        let head = MatchHead {
            seed,
            given: false,
            awaiting: false,
            over: false,
            rounds_played: 0,
            next: start,
        };
        Ok(Match::dealt_to(place, &head, config, &start, &wall))
    }

    /// A match whose rounds are dealt by the caller: East 1 from `first`, each later round from
    /// [`Match::deal_round`]. Errors: [`Error::InvalidConfig`], [`Error::BadDeal`].
    pub fn new_given(config: &Config, first: &Deal) -> Result<Match, Error> {
        let start = Start::first(config);
        let round = Round::with_start(config, first, &start)?;
        Ok(Match {
            round,
            seed: 0,
            given: true,
            awaiting: false,
            over: false,
            rounds_played: 0,
            next: start,
            pad: [0; MATCH_PAD],
        })
    }

    /// Deals the next round of a given match from `deal` (after a round ended and the match is
    /// not over). Errors: [`Error::NotAwaitingDeal`], [`Error::MatchOver`], [`Error::BadDeal`].
    pub fn deal_round(&mut self, deal: &Deal) -> Result<(), Error> {
        if self.over {
            return Err(Error::MatchOver);
        }
        if !self.awaiting {
            return Err(Error::NotAwaitingDeal);
        }
        self.round = Round::with_start(self.round.config(), deal, &self.next)?;
        self.awaiting = false;
        Ok(())
    }

    /// Whether held bytes are a match this library could hold (after zerocopy's check of every
    /// enum and flag byte): its round's [`Round::held_ok`], the next start valid, the padding 0,
    /// the rounds played within the byte form's 16 bits and the flags fitting the round (what
    /// [`Match::decode_trusted`] checks, in O(1) per field).
    pub fn held_ok(&self) -> bool {
        self.round.held_ok()
            && self.next.validate().is_ok()
            && self.pad == [0; MATCH_PAD]
            && self.rounds_played <= u32::from(u16::MAX)
            && self.check(self.round.phase == PHASE_OVER).is_ok()
    }

    /// Whether the match was made by [`Match::new_given`]: its rounds are dealt by
    /// [`Match::deal_round`], not from a seed.
    pub fn deals_given(&self) -> bool {
        self.given
    }

    /// Whether a given match waits for [`Match::deal_round`].
    pub fn awaiting_deal(&self) -> bool {
        self.awaiting
    }

    /// The round being played (the finished one while awaiting a deal or once the match is
    /// over).
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The config.
    pub fn config(&self) -> &Config {
        self.round.config()
    }

    /// The context of the round being played, or of the next one while awaiting a deal.
    pub fn next_start(&self) -> Start {
        self.next
    }

    /// Each seat's points now (riichi sticks on the table deducted).
    pub fn scores(&self) -> [i32; SEATS] {
        self.round.scores()
    }

    /// Rounds finished so far.
    pub fn rounds_played(&self) -> u32 {
        self.rounds_played
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The final points once the match is over: the last scores with the sticks left on the
    /// table given to the first place.
    pub fn final_scores(&self) -> Option<[i32; SEATS]> {
        if !self.over {
            return None;
        }
        let mut scores = self.round.scores();
        let sticks = self.round.sticks_on_table();
        let top = placement_in(&scores, self.round.players())[0];
        let s = at_mut(&mut scores, top.0); // `placement` names seats 0–3
        *s = s.saturating_add(i32::from(sticks).saturating_mul(RIICHI_STICK));
        Some(scores)
    }

    /// Each seat's place once the match is over (0 = first): by final points
    /// ([`Match::final_scores`]), ties by seat (seat 0 first), so no two seats share a place.
    pub fn result(&self) -> Option<Placement> {
        let n = self.round.players();
        let order = placement_in(&self.final_scores()?, n);
        let mut places = [0u8; SEATS];
        for (place, seat) in (0u8..).zip(order) {
            *at_mut(&mut places, seat.0) = place; // `placement` names seats 0-3
        }
        Some(Placement::new(places.get(..usize::from(n)).unwrap_or(&places)))
    }

    /// Takes `action` for `seat` in the current round; when that ends the round, carries the
    /// scores, decides the end or prepares (seeded: deals) the next round. Errors: those of
    /// [`Round::apply`] (the match unchanged), [`Error::MatchOver`], [`Error::AwaitingDeal`].
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Step, Error> {
        if self.over {
            return Err(Error::MatchOver);
        }
        if self.awaiting {
            return Err(Error::AwaitingDeal);
        }
        let event = self.round.apply(seat, action)?;
        if !event.over {
            return Ok(Step {
                event,
                finished: None,
                match_over: self.over,
            });
        }
        self.finish_round(event)
    }

    /// [`Match::apply`]'s step once the round is over, in a frame of its own (not under the
    /// round's apply): its outcome built in place ([`Round::make_outcome`]'s parts: one outcome
    /// on the stack, the wins valued in frames of their own), then carried into the next round.
    #[inline(never)]
    fn finish_round(&mut self, event: Event) -> Result<Step, Error> {
        // A finished round always has an outcome (its wins scored when made): a failure is a
        // broken invariant, an error here rather than a match that silently stops advancing.
        let (end, dealer_repeats) = self.round.end_of()?;
        // The step is built first and its outcome valued where it lies: no outcome beside it
        // moved in (one outcome-sized value in this frame).
        let mut step = Step {
            event,
            finished: Some(self.round.outcome_head(end, dealer_repeats)),
            match_over: false,
        };
        if let Some(outcome) = &mut step.finished {
            self.round.value_wins(&mut outcome.wins)?;
            self.after_round(outcome)?;
        }
        step.match_over = self.over;
        Ok(step)
    }

    /// As [`Match::apply`], reporting only the finished round's deltas ([`Outcome::deltas`] of
    /// the seats at the table) and whether the match is over: the same match afterwards and the
    /// same errors, without building the outcome (its wins are scored one at a time,
    /// [`Round::outcome_deltas`]; the C ABI's `parlor_match_apply`).
    pub fn apply_deltas(&mut self, seat: Seat, action: Action) -> Result<(Option<crate::game::Scores>, bool), Error> {
        if self.over {
            return Err(Error::MatchOver);
        }
        if self.awaiting {
            return Err(Error::AwaitingDeal);
        }
        let event = self.round.apply(seat, action)?;
        if !event.over {
            return Ok((None, self.over));
        }
        // `make_outcome`'s failures, in its order: the end code, then each win's value.
        let (end, repeat) = self.round.outcome_ok()?;
        let deltas = self.round.table_deltas();
        let (scores, sticks) = (self.round.scores(), self.round.sticks_on_table());
        self.advance(end, scores, repeat, sticks)?;
        Ok((Some(deltas), self.over))
    }

    /// Carries a finished round into the next start, or ends the match.
    pub(super) fn after_round(&mut self, o: &Outcome) -> Result<(), Error> {
        self.advance(o.end, o.scores, o.dealer_repeats, o.sticks)
    }

    /// [`Match::after_round`] of an outcome's end, points after the round, whether the dealer
    /// repeats and the sticks left on the table, in a frame of its own (its copies of the config
    /// and the start are not in the frame that holds a finished round's outcome while its wins
    /// are valued: [`Match::apply`]).
    #[inline(never)]
    fn advance(&mut self, end: End, scores: [i32; SEATS], repeat: bool, sticks: u8) -> Result<(), Error> {
        let config = *self.round.config();
        let start = *self.round.start();
        self.rounds_played = self.rounds_played.saturating_add(1);
        let kyoku = start.kyoku();
        let n = self.round.players();
        let mut next_kyoku = if repeat { kyoku } else { kyoku.saturating_add(1) };
        // Three players: each wind has three rounds (the fourth dealer is the absent seat).
        if n == 3 && next_kyoku & 3 == 3 {
            next_kyoku = next_kyoku.saturating_add(1);
        }
        let honba = if repeat || end != End::Win {
            start.honba.saturating_add(1)
        } else {
            0
        };
        let mut last = config.rounds.saturating_sub(1);
        if n == 3 && last & 3 == 3 {
            last = last.saturating_sub(1);
        }
        let best = scores.iter().take(usize::from(n)).copied().max().unwrap_or(0);
        let dealer = start.dealer;
        let top = placement_in(&scores, n)[0];
        let mut over = config.busting && scores.iter().any(|&s| s < 0);
        if !over && next_kyoku > last {
            let extension_over = next_kyoku > last.saturating_add(4) || next_kyoku >= 16;
            over = !config.extension || best >= config.target_points || extension_over;
        }
        let yame = match end {
            End::Win => config.agari_yame,
            End::Exhaustive | End::Nagashi => config.tenpai_yame,
            End::Abort(_) => false,
        };
        if !over && repeat && kyoku >= last && yame {
            // The dealer on top has the best score.
            over = top == dealer && best >= config.target_points;
        }
        self.next = Start {
            round_wind: Wind::of_turn(next_kyoku / 4), // below 16: East to North
            dealer: Seat(next_kyoku & 3),
            honba,
            sticks,
            scores,
        };
        if over {
            self.over = true;
            return Ok(());
        }
        if self.given {
            self.awaiting = true;
        } else {
            self.deal_next(&config)?;
        }
        Ok(())
    }

    /// Deals the next round from the match's seed at the next start, in a frame of its own (the
    /// wall and the dealt round are not live beside the finished round's outcome).
    #[inline(never)]
    fn deal_next(&mut self, config: &Config) -> Result<(), Error> {
        self.deal_next_over(config)?;
        self.round.refresh_waits();
        Ok(())
    }

    /// [`Match::deal_next`]'s round dealt over the finished one without its waits cache, in a
    /// frame of its own: the deal (as large as a wall) and the wall are not on the stack while
    /// the waits are worked out.
    #[inline(never)]
    fn deal_next_over(&mut self, config: &Config) -> Result<(), Error> {
        // Dealt in place (no round-sized result on the stack): the wall is checked first.
        let deal = Deal::Seeded(round_seed(self.seed, self.rounds_played));
        let mut wall = [0u8; TILE_IDS];
        Round::checked_wall(config, &deal, &self.next, &mut wall)?;
        self.round.deal_over(config, &self.next, &wall);
        Ok(())
    }

    /// Writes the byte form ([`MATCH_ENCODED_BYTES`] long: version, seed, flags, rounds played,
    /// the next start, then the round's [`Round::encode`] form). Errors:
    /// [`Error::BufferTooSmall`].
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        if out.len() < MATCH_ENCODED_BYTES {
            return Err(Error::BufferTooSmall {
                needed: MATCH_ENCODED_BYTES,
            });
        }
        // A fixed-size head (no `copy_from_slice` length check: a panic path in the C library).
        let (head, rest) = out
            .split_first_chunk_mut::<MATCH_HEADER>()
            .ok_or(Error::BufferTooSmall {
                needed: MATCH_ENCODED_BYTES,
            })?;
        let flags = u8::from(self.given) | (u8::from(self.awaiting) << 1) | (u8::from(self.over) << 2);
        let (seed, played, next) = (
            self.seed.to_le_bytes(),
            u16::try_from(self.rounds_played).unwrap_or(u16::MAX).to_le_bytes(),
            self.next.to_bytes(),
        );
        // version, seed (8), flags, rounds played (2), next start (20): written byte by byte
        // (no `copy_from_slice` length checks, a panic path in the C library).
        let (version, flag_byte) = ([FORMAT_VERSION], [flags]);
        let fields = version
            .iter()
            .chain(&seed)
            .chain(&flag_byte)
            .chain(&played)
            .chain(&next);
        for (slot, &b) in head.iter_mut().zip(fields) {
            *slot = b;
        }
        let n = self.round.encode(rest)?;
        Ok(MATCH_HEADER.saturating_add(n))
    }

    /// The match of `head` whose round is [`Round::dealt`] of `config`, `start` and `wall`,
    /// written into `place` in a frame of its own: the round is built where it lies, not in a
    /// match-sized temporary of the caller's frame copied there (the in-place decodes and deal).
    #[inline(never)]
    fn dealt_to<'p>(
        place: &'p mut MaybeUninit<Match>,
        head: &MatchHead,
        config: &Config,
        start: &Start,
        wall: &[u8; TILE_IDS],
    ) -> &'p mut Match {
        // The round zeroed in place, then dealt over there: one copy of the deal.
        let made = place.write(head.with_round(zerocopy::FromZeros::new_zeroed()));
        made.round.deal_over(config, start, wall);
        made
    }

    /// The match of a byte form, re-validated (the round's own checks, the next start, the flags
    /// consistent with the round: a finished round while awaiting a deal or over, else the
    /// round started at the next start). Errors: [`Error::InvalidState`].
    pub fn decode(bytes: &[u8]) -> Result<Match, Error> {
        let mut place = MaybeUninit::uninit();
        Match::decode_in(&mut place, bytes).map(|m| m.clone())
    }

    /// [`Match::decode`] into `place` (the caller's frame), its round read and checked there
    /// ([`Round::decode_in`]'s checks): no match-sized result moved through the calls (the C
    /// ABI's full decode). The same match, the same checks and the same errors.
    pub fn decode_in<'p>(place: &'p mut MaybeUninit<Match>, bytes: &[u8]) -> Result<&'p mut Match, Error> {
        let (head, rest) = Match::read_head(bytes)?;
        let m = Round::checked_in(
            rest,
            |config, start, wall| Match::dealt_to(place, &head, config, start, wall),
            |m| &mut m.round,
        )?;
        // The round's checks include its end record's: a finished round's outcome scores
        // (`Round::outcome` is `Some` exactly when the phase is over), so the round's phase says
        // whether it is finished without scoring its wins a second time (the hand value's
        // frames, kilobytes of stack on a microcontroller).
        m.check(m.round.phase == PHASE_OVER)?;
        Ok(m)
    }

    /// The match of a byte form that [`Match::encode`] wrote and that is known to be unchanged
    /// since (the C ABI's digest-checked states): as [`Match::decode`], with the round read by
    /// [`Round::decode_trusted`]. Errors: [`Error::InvalidState`].
    pub fn decode_trusted(bytes: &[u8]) -> Result<Match, Error> {
        Match::decode_with(bytes, Round::decode_trusted)
    }

    /// [`Match::decode_trusted`] with its round's waits read from `cache`
    /// ([`Round::decode_trusted_cached`]; the match's cache is its round's). Errors:
    /// [`Error::InvalidState`].
    pub fn decode_trusted_cached(bytes: &[u8], cache: &[u8]) -> Result<Match, Error> {
        Match::decode_with(bytes, |rest| Round::decode_trusted_cached(rest, cache))
    }

    /// [`Match::decode_trusted_cached`] into `place` (the caller's frame), its round read there
    /// field by field ([`Round::decode_trusted_cached_in`]): no match-sized result moved through
    /// the calls. The same match and the same errors.
    pub fn decode_trusted_cached_in<'p>(
        place: &'p mut MaybeUninit<Match>,
        bytes: &[u8],
        cache: &[u8],
    ) -> Result<&'p mut Match, Error> {
        let (head, rest) = Match::read_head(bytes)?;
        let m = Round::trusted_cached_in(
            rest,
            cache,
            |config, start, wall| Match::dealt_to(place, &head, config, start, wall),
            |m| &mut m.round,
        )?;
        m.check(m.round.phase == PHASE_OVER)?;
        Ok(m)
    }

    /// [`Match::decode_trusted`] with the round read by `round`.
    fn decode_with(bytes: &[u8], round: impl FnOnce(&[u8]) -> Result<Round, Error>) -> Result<Match, Error> {
        let (head, rest) = Match::read_head(bytes)?;
        let m = head.with_round(round(rest)?);
        // A trusted byte form (written by `Match::encode`, known unchanged) takes its round's
        // phase for whether it is finished (as the full decode, whose round's checks score a
        // finished round's end record).
        m.check(m.round.phase == PHASE_OVER)?;
        Ok(m)
    }

    /// The match's fields of a byte form (a match whose round is still to be read) and the
    /// round's bytes.
    fn read_head(bytes: &[u8]) -> Result<(MatchHead, &[u8]), Error> {
        let bad = |why| Error::InvalidState { why };
        if bytes.len() != MATCH_ENCODED_BYTES {
            return Err(bad(reason!("wrong length")));
        }
        let (head, rest) = bytes.split_at(MATCH_HEADER);
        let head: &[u8; MATCH_HEADER] = head.try_into().map_err(|_| bad(reason!("truncated")))?;
        if head[0] != FORMAT_VERSION {
            return Err(bad(reason!("unknown format version")));
        }
        let mut seed = [0u8; 8];
        seed.copy_from_slice(&head[1..9]);
        let flags = head[9];
        if flags >> 3 != 0 {
            return Err(bad(reason!("unknown match flag bits")));
        }
        let rounds_played = u32::from(u16::from_le_bytes([head[10], head[11]]));
        let next = Start::from_bytes(&head[12..32]).map_err(|_| bad(reason!("bad next start")))?;
        Ok((
            MatchHead {
                seed: u64::from_le_bytes(seed),
                given: flags & 1 != 0,
                awaiting: flags & 2 != 0,
                over: flags & 4 != 0,
                rounds_played,
                next,
            },
            rest,
        ))
    }

    /// The flags checked against the round (`finished`: whether it is over).
    fn check(&self, finished: bool) -> Result<(), Error> {
        let bad = |why| Error::InvalidState { why };
        let m = self;
        if (m.awaiting || m.over) != finished {
            return Err(bad(reason!("match flags do not fit the round")));
        }
        if m.awaiting && (m.over || !m.given) {
            return Err(bad(reason!("only a given match awaits a deal")));
        }
        if !m.awaiting && !m.over && *m.round.start() != m.next {
            return Err(bad(reason!("the round did not start at the next start")));
        }
        Ok(())
    }
}

/// A match's fields before its round (its byte form's head).
struct MatchHead {
    seed: u64,
    given: bool,
    awaiting: bool,
    over: bool,
    rounds_played: u32,
    next: Start,
}

impl MatchHead {
    /// The match of this head around `round`. Inlined, so that the in-place writers build the
    /// match where it lies ([`Match::dealt_to`]).
    #[inline(always)]
    fn with_round(&self, round: Round) -> Match {
        Match {
            round,
            seed: self.seed,
            given: self.given,
            awaiting: self.awaiting,
            over: self.over,
            rounds_played: self.rounds_played,
            next: self.next,
            pad: [0; MATCH_PAD],
        }
    }
}

/// The seats by `scores`, highest first, ties by seat (seat 0 first).
pub fn placement(scores: &[i32; SEATS]) -> [Seat; SEATS] {
    placement_in(scores, SEATS as u8)
}

/// [`placement`] at a table of `players` seats: the seats at the table first (by score, ties
/// by seat), then any absent seat (three players: seat 3 last).
pub fn placement_in(scores: &[i32; SEATS], players: u8) -> [Seat; SEATS] {
    let mut order = [(false, 0i32, 0u8); SEATS];
    for ((slot, &score), seat) in order.iter_mut().zip(scores).zip(0u8..) {
        *slot = (seat >= players, score, seat);
    }
    order.sort_unstable_by_key(|&(absent, score, seat)| (absent, core::cmp::Reverse(score), seat));
    order.map(|(_, _, seat)| Seat(seat))
}
