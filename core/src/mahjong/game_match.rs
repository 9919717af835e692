//! A match (hanchan or tonpuusen): rounds in order with the dealer's rotation, repeats, honba
//! and riichi sticks carried, the extension, agari-yame, busting and the final placement
//! (`docs/mahjong.md`, "The match").
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::round::{ENCODED_BYTES, SEATS};
use super::{Action, Config, Deal, Error, Event, Outcome, Round, Start};
use crate::game::{Rng, Seat};

/// `size_of::<Match>()` (asserted ≤ 1536 in a test).
pub const MATCH_BYTES: usize = core::mem::size_of::<Match>();
/// The length of [`Match::encode`]'s byte form (format version 1).
pub const MATCH_ENCODED_BYTES: usize = MATCH_HEADER + ENCODED_BYTES;
const MATCH_HEADER: usize = 40;

/// What [`Match::apply`] did: the round's event and, when the action ended the round, its
/// outcome (the next round has then been dealt for a seeded match; a given match waits for
/// [`Match::deal_round`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The round's event.
    pub event: Event,
    /// The finished round's outcome, when this action ended it.
    pub outcome: Option<Outcome>,
}

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
/// ([`Config::busting`]); agari-yame ([`Config::agari_yame`]). Final placement: by points, ties
/// by seat (seat 0 first); sticks left on the table at the end go to the first place.
///
/// A seeded match deals round `k` (0-based) with `Deal::Seeded(s_k)`, `s_k` the `(k+1)`-th
/// output of [`Rng::new(seed)`](crate::game::Rng::new)`.next_u64()`. A given match
/// ([`Match::new_given`]) waits after each round for [`Match::deal_round`] — how a recorded game
/// is replayed wall by wall.
///
/// ```
/// use parlor_core::mahjong::{lowest_legal_action, Config, Match};
/// let mut game = Match::new(&Config::TENHOU, 7)?;
/// while let Some(seat) = game.round().to_act() {
///     let action = lowest_legal_action(game.round(), seat).unwrap();
///     game.apply(seat, action)?;
/// }
/// assert!(game.is_over());
/// assert_eq!(game.final_scores().unwrap().iter().sum::<i32>(), 100_000);
/// # Ok::<(), parlor_core::mahjong::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Match {
    round: Round,
    seed: u64,
    given: bool,
    awaiting: bool,
    over: bool,
    rounds_played: u16,
    next: Start,
}

/// The seed of round `k` of a match dealt from `seed`.
pub fn round_seed(seed: u64, k: u16) -> u64 {
    let mut rng = Rng::new(seed);
    for _ in 0..k {
        rng.next_u64();
    }
    rng.next_u64()
}

impl Match {
    /// A match under `config` (validated), its rounds dealt from `seed`. Errors:
    /// [`Error::BadConfig`].
    pub fn new(config: &Config, seed: u64) -> Result<Match, Error> {
        let start = Start::first(config);
        let round = Round::with_start(config, &Deal::Seeded(round_seed(seed, 0)), &start)?;
        Ok(Match {
            round,
            seed,
            given: false,
            awaiting: false,
            over: false,
            rounds_played: 0,
            next: start,
        })
    }

    /// A match whose rounds are dealt by the caller: East 1 from `first`, each later round from
    /// [`Match::deal_round`]. Errors: [`Error::BadConfig`], [`Error::BadDeal`].
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
    pub fn rounds_played(&self) -> u16 {
        self.rounds_played
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The final points once the match is over: the last scores with the sticks left on the
    /// table given to the first place.
    pub fn final_scores(&self) -> Option<[i32; SEATS]> {
        None
    }

    /// The seats from first to last place once the match is over (points, ties by seat).
    pub fn placement(&self) -> Option<[Seat; SEATS]> {
        None
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
        let _ = (seat, action, self.seed, self.given);
        Err(Error::Internal)
    }

    /// Writes the byte form ([`MATCH_ENCODED_BYTES`] long). Errors: [`Error::BufferTooSmall`].
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        if out.len() < MATCH_ENCODED_BYTES {
            return Err(Error::BufferTooSmall {
                needed: MATCH_ENCODED_BYTES,
            });
        }
        Err(Error::Internal)
    }

    /// The match of a byte form, re-validated. Errors: [`Error::BadEncoding`].
    pub fn decode(bytes: &[u8]) -> Result<Match, Error> {
        let _ = bytes;
        Err(Error::BadEncoding { why: "not implemented" })
    }
}
