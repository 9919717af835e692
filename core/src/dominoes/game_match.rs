//! A match: hands played to the target score, the winner of a hand leading the next
//! (`docs/dominoes.md`, "The whole game").
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::round::{ENCODED_BYTES, MAX_PLAYERS};
use super::{Action, Config, Deal, Error, Event, Outcome, Round};
use crate::game::{Placement, Scores, Seat, round_seed};
use zerocopy::{Immutable, IntoBytes, KnownLayout, TryFromBytes};

/// `size_of::<Match>()`: 536 bytes (tested).
pub const MATCH_BYTES: usize = core::mem::size_of::<Match>();
/// The length of [`Match::encode`]'s byte form (format version 2): 533 bytes.
pub const MATCH_ENCODED_BYTES: usize = MATCH_HEADER + ENCODED_BYTES;
const MATCH_HEADER: usize = 20;

/// What [`Match::apply`] did: the hand's event, the finished hand's outcome when the action
/// ended it (the next hand has then been dealt, unless the match is over), and whether the
/// match is over.
pub type Step = crate::game::Step<Event, Outcome>;

/// Hands of dominoes to the target score ([`Config::target`]). Hand `k` (0-based) is dealt
/// with `Deal::Seeded(s_k)`, `s_k` = [`round_seed(seed, k)`](crate::game::round_seed) (the
/// `(k+1)`-th output of [`Rng::new(seed)`](crate::game::Rng::new)`.next_u64()`). The first hand is led per
/// [`Config::leader`]; a later hand by the previous hand's winner (after a blocked tie, by the
/// first-hand rule again). The match is decided after a hand in which a seat (or, with
/// partnerships, a team) reaches the target with a total no other side equals; on a tie at the
/// top another hand is played.
///
/// ```
/// use parlor_core::dominoes::{Config, Match};
/// use parlor_core::game::bot::lowest_legal_action;
/// let mut game = Match::new(&Config::FIVE_UP, 7)?;
/// while let Some(seat) = game.round().to_act() {
///     let action = lowest_legal_action(game.round(), seat).unwrap();
///     game.apply(seat, action)?;
/// }
/// assert!(game.is_over());
/// let winner = game.result().unwrap().winners().next().unwrap();
/// assert!(game.totals()[winner.index()] >= 61);
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Match {
    // `repr(C)` with no padding byte (a build error otherwise: `IntoBytes`): the C ABI keeps the
    // match's own bytes in place ([`crate::game::Match::raw_ref`]).
    round: Round,
    seed: u64,
    totals: [u16; MAX_PLAYERS],
    hands: u16,
    over: bool,
    /// Always 0 (the bytes up to the next 8-byte boundary, made a field: no padding byte).
    pad: [u8; 5],
}

impl Match {
    /// A match under `config` (validated), its hands dealt from `seed`. Errors:
    /// [`Error::InvalidConfig`].
    pub fn new(config: &Config, seed: u64) -> Result<Match, Error> {
        let mut game = Match::blank();
        game.start(config, seed)?;
        Ok(game)
    }

    /// [`Match::new`] into `place` (the C ABI's frame), returned there: started where the match
    /// lies, no match-sized result moved. The same match and errors.
    pub(crate) fn new_in<'p>(
        place: &'p mut core::mem::MaybeUninit<Match>,
        config: &Config,
        seed: u64,
    ) -> Result<&'p mut Match, Error> {
        let game = place.write(Match::blank());
        game.start(config, seed)?;
        Ok(game)
    }

    /// Starts the match from `seed` in `self` (a blank): the first hand is dealt inside the
    /// match, no second `Round` on the stack.
    fn start(&mut self, config: &Config, seed: u64) -> Result<(), Error> {
        self.seed = seed;
        self.round.redeal(config, &Deal::Seeded(round_seed(seed, 0)), None)
    }

    /// [`Match::new`] for small stacks: starts the match in place in one `Match` and lends it to
    /// `f`, returning `f`'s answer (no `Result<Match, _>` copy on the stack; the C ABI's
    /// `parlor_dominoes_match_new` uses it). Errors: as [`Match::new`] (then `f` is not called).
    pub fn new_with<R>(config: &Config, seed: u64, f: impl FnOnce(&Match) -> R) -> Result<R, Error> {
        let mut game = Match::blank();
        game.start(config, seed)?;
        Ok(f(&game))
    }

    /// The hand being played (the last one, once the match is over).
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The config.
    pub fn config(&self) -> &Config {
        self.round.config()
    }

    /// Each seat's points over the finished hands (partners are not summed: [`Match::scores`]
    /// and [`Match::side_score`] sum them); seats past `players` are 0.
    pub fn totals(&self) -> [i32; MAX_PLAYERS] {
        self.totals.map(i32::from)
    }

    /// The running totals per side: one entry per seat, or with partnerships two (team 0 =
    /// seats 0 and 2, team 1 = seats 1 and 3).
    pub fn scores(&self) -> Scores {
        let (values, sides) = self.side_scores();
        Scores::new(values.get(..sides).unwrap_or(&[]))
    }

    /// Each seat's side's points ([`Match::side_score`] of every seat) and the number of sides,
    /// whose points are the first entries: the one copy behind [`Match::scores`],
    /// [`Match::result`] and the match's end (out of line: the C calls share it).
    #[inline(never)]
    fn side_scores(&self) -> ([i32; MAX_PLAYERS], usize) {
        let [s0, s1, s2, s3] = self.totals.map(i32::from);
        if self.config().partnerships {
            let (even, odd) = (s0.saturating_add(s2), s1.saturating_add(s3));
            ([even, odd, even, odd], 2)
        } else {
            ([s0, s1, s2, s3], usize::from(self.config().players))
        }
    }

    /// The points of `seat`'s side: its own with no partnerships, its team's with them
    /// (0 for a seat the table does not have: it scores nothing).
    pub fn side_score(&self, seat: Seat) -> i32 {
        let [s0, s1, s2, s3] = self.totals.map(i32::from);
        let (own, partner) = match seat.0 {
            0 => (s0, s2),
            1 => (s1, s3),
            2 => (s2, s0),
            3 => (s3, s1),
            _ => return 0,
        };
        if self.config().partnerships {
            own.saturating_add(partner)
        } else {
            own
        }
    }

    /// Hands finished so far.
    pub fn rounds_played(&self) -> u32 {
        u32::from(self.hands)
    }

    /// Whether the match is decided.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The result once the match is decided: each seat's place, 0 for the side with the highest
    /// total (unique and at or above the target), then by total, equal totals sharing a place
    /// (the number of sides with a higher total); partners share their team's place. `None`
    /// while the match goes on.
    pub fn result(&self) -> Option<Placement> {
        if !self.over {
            return None;
        }
        let players = usize::from(self.config().players);
        let (seats, sides) = self.side_scores();
        let values = seats.get(..sides).unwrap_or(&[]);
        let mut places = [0u8; MAX_PLAYERS];
        for (place, &own) in places.iter_mut().zip(&seats).take(players) {
            let better = values.iter().filter(|&&side| side > own).count();
            *place = u8::try_from(better).unwrap_or(u8::MAX);
        }
        Some(Placement::new(places.get(..players).unwrap_or(&[])))
    }

    fn leading(&self) -> Option<Seat> {
        let (values, sides) = self.side_scores();
        // One pass: the first side with the highest score, and whether another has it too.
        let mut best: Option<(usize, i32)> = None;
        let mut tied = false;
        for (side, &score) in values.iter().enumerate().take(sides) {
            match best {
                Some((_, top)) if score < top => {}
                Some((_, top)) if score == top => tied = true,
                _ => {
                    best = Some((side, score));
                    tied = false;
                }
            }
        }
        let (first, score) = best?;
        // A side is below `MAX_PLAYERS`: a `u8`.
        (!tied && score >= i32::from(self.config().target)).then_some(Seat(first as u8))
    }

    /// Takes `action` for `seat` in the current hand; when that ends the hand, adds its scores,
    /// decides the match or deals the next hand. The [`Step`] holds the hand's event, the
    /// finished hand's outcome and whether the match is over. Errors: those of [`Round::apply`]
    /// (the match unchanged), [`Error::RoundOver`] once the match is over.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Step, Error> {
        if self.over {
            return Err(Error::RoundOver);
        }
        let event = self.round.apply(seat, action)?;
        let outcome = self.round.outcome();
        if let Some(outcome) = outcome {
            for (total, &score) in self.totals.iter_mut().zip(outcome.scores.iter()) {
                *total = total.saturating_add(score);
            }
            self.hands = self.hands.saturating_add(1);
            if self.leading().is_some() {
                self.over = true;
            } else {
                // Dealt in place (no second `Round` on the stack: the C calls stay small).
                let config = *self.config();
                let deal = Deal::Seeded(round_seed(self.seed, u32::from(self.hands)));
                self.round.redeal(&config, &deal, outcome.winner)?;
            }
        }
        Ok(Step {
            event,
            finished: outcome,
            match_over: self.over,
        })
    }

    /// Writes the versioned byte form (exactly [`MATCH_ENCODED_BYTES`] bytes: a 20-byte header
    /// then the hand's [`Round::encode`] form). Errors: [`Error::BufferTooSmall`].
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        let out = out.get_mut(..MATCH_ENCODED_BYTES).ok_or(Error::BufferTooSmall {
            needed: MATCH_ENCODED_BYTES,
        })?;
        let (header, round) = out.split_at_mut_checked(MATCH_HEADER).ok_or(Error::Internal)?;
        // Piece by piece through the round's one out-of-line copy (no adapter chain).
        let mut put = super::round::Put { out: header, at: 0 };
        put.bytes(&[super::FORMAT_VERSION, u8::from(self.over)]);
        put.bytes(&self.hands.to_le_bytes());
        put.bytes(&self.seed.to_le_bytes());
        for total in &self.totals {
            put.bytes(&total.to_le_bytes());
        }
        if put.at != MATCH_HEADER {
            return Err(Error::Internal);
        }
        self.round.encode(round)?;
        Ok(MATCH_ENCODED_BYTES)
    }

    /// Reads [`Match::encode`]'s form and re-checks it: the hand as [`Round::decode`] does, and
    /// a match over exactly when its last hand is over and decided. Errors: [`Error::InvalidState`].
    pub fn decode(bytes: &[u8]) -> Result<Match, Error> {
        let mut game = Match::blank();
        game.decode_into(bytes)?;
        Ok(game)
    }

    /// The match of a byte form [`Match::encode`] wrote and that is known to be unchanged since:
    /// the header's fields read alone and the hand by [`Round::decode_trusted`]; nothing is
    /// re-checked across fields. Bytes that break the invariants give a wrong match, never a
    /// panic. Errors: [`Error::InvalidState`].
    pub fn decode_trusted(bytes: &[u8]) -> Result<Match, Error> {
        let mut game = Match::blank();
        game.read_into(bytes, false)?;
        Ok(game)
    }

    /// [`Match::decode_trusted`] into `place` (the C ABI's frame), returned there: the fields
    /// written where the match lies, no match-sized result moved. The same match and errors.
    pub(crate) fn decode_trusted_in<'p>(
        place: &'p mut core::mem::MaybeUninit<Match>,
        bytes: &[u8],
    ) -> Result<&'p mut Match, Error> {
        let game = place.write(Match::blank());
        game.read_into(bytes, false)?;
        Ok(game)
    }

    /// [`Match::decode`] into `place` (the C ABI's frame), returned there: read and checked
    /// where the match lies, no match-sized result moved. The same match and errors.
    pub(crate) fn decode_in<'p>(
        place: &'p mut core::mem::MaybeUninit<Match>,
        bytes: &[u8],
    ) -> Result<&'p mut Match, Error> {
        let game = place.write(Match::blank());
        game.decode_into(bytes)?;
        Ok(game)
    }

    /// [`Match::decode`] for small stacks: decodes `bytes` in place into one `Match` and lends
    /// it to `f`, returning `f`'s answer (no second `Match` and no `Result<Match, _>` on the
    /// stack; the C ABI's match calls use it). Errors: as [`Match::decode`] (then `f` is not
    /// called).
    ///
    /// ```
    /// use parlor_core::dominoes::{Config, Match, MATCH_ENCODED_BYTES};
    /// let game = Match::new(&Config::FIVE_UP, 9)?;
    /// let mut bytes = [0u8; MATCH_ENCODED_BYTES];
    /// game.encode(&mut bytes)?;
    /// assert_eq!(Match::decode_with(&bytes, |decoded| decoded.totals())?, [0; 4]);
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn decode_with<R>(bytes: &[u8], f: impl FnOnce(&mut Match) -> R) -> Result<R, Error> {
        let mut game = Match::blank();
        game.decode_into(bytes)?;
        Ok(f(&mut game))
    }

    /// Applies `f` to the match encoded in `bytes` ([`Match::encode`]'s form), in place, as
    /// [`Round::update_encoded`] does for a round: one `Match` on the stack, `bytes` rewritten
    /// only when `f` succeeds (the C ABI's match apply uses it). Errors: [`Match::decode`]'s,
    /// then `f`'s.
    pub fn update_encoded<R>(bytes: &mut [u8], f: impl FnOnce(&mut Match) -> Result<R, Error>) -> Result<R, Error> {
        let mut game = Match::blank();
        game.decode_into(bytes)?;
        let answer = f(&mut game)?;
        game.encode(bytes)?;
        Ok(answer)
    }

    /// A placeholder that [`Match::decode_into`] overwrites; never handed out as a match.
    const fn blank() -> Match {
        Match {
            round: Round::blank(),
            seed: 0,
            totals: [0; MAX_PLAYERS],
            hands: 0,
            over: false,
            pad: [0; 5],
        }
    }

    /// Reads [`Match::encode`]'s form into `self` in place (the round with
    /// [`Round::decode_into`]); on an error `self` is left partly written (callers drop it).
    fn decode_into(&mut self, bytes: &[u8]) -> Result<(), Error> {
        self.read_into(bytes, true)
    }

    /// Reads [`Match::encode`]'s form into `self` in place; with `check`, every invariant is
    /// re-checked ([`Match::decode`]), without it only each field alone
    /// ([`Match::decode_trusted`]).
    fn read_into(&mut self, bytes: &[u8], check: bool) -> Result<(), Error> {
        let bad = |why| Error::InvalidState { why };
        let (header, round) = bytes
            .split_first_chunk::<MATCH_HEADER>()
            .ok_or(bad(reason!("too short")))?;
        // The header's fields by position; a length mismatch is a build error here.
        let [version, over, h0, h1, s0, s1, s2, s3, s4, s5, s6, s7, totals @ ..] = *header;
        let totals: [u8; 2 * MAX_PLAYERS] = totals;
        if version != super::FORMAT_VERSION {
            return Err(bad(reason!("unknown format version")));
        }
        let over = match over {
            0 => false,
            1 => true,
            _ => return Err(bad(reason!("a flag byte is not 0 or 1"))),
        };
        let mut decoded = [0u16; MAX_PLAYERS];
        for (total, pair) in decoded.iter_mut().zip(totals.as_chunks::<2>().0) {
            *total = u16::from_le_bytes(*pair);
        }
        if check {
            self.round.decode_into(round)?;
        } else {
            self.round.read_into(round)?;
        }
        self.seed = u64::from_le_bytes([s0, s1, s2, s3, s4, s5, s6, s7]);
        self.totals = decoded;
        self.hands = u16::from_le_bytes([h0, h1]);
        self.over = over;
        if !check {
            return Ok(());
        }
        let players = usize::from(self.config().players);
        if self.totals.iter().skip(players).any(|&total| total != 0) {
            return Err(bad(reason!("a score for a seat the table does not have")));
        }
        let hand_over = self.round.outcome().is_some();
        let decided = self.leading().is_some();
        if over != hand_over || over != decided {
            return Err(bad(reason!("the match's end is inconsistent")));
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests {
    use super::*;
    use crate::dominoes::RandomBot;
    use crate::game::Rng;
    use crate::game::bot::lowest_legal_action;

    /// The in-place forms of the C calls answer as the by-value ones.
    #[test]
    fn in_place_start_decode_and_update_match_the_by_value_forms() {
        for seed in 0..10u64 {
            let game = Match::new(&Config::FIVE_UP, seed).unwrap();
            assert_eq!(Match::new_with(&Config::FIVE_UP, seed, Match::clone).unwrap(), game);
            let mut bytes = [0u8; MATCH_ENCODED_BYTES];
            game.encode(&mut bytes).unwrap();
            assert_eq!(Match::decode_with(&bytes, |decoded| decoded.clone()).unwrap(), game);
            let seat = game.round().to_act().unwrap();
            let action = lowest_legal_action(game.round(), seat).unwrap();
            let mut expected = game.clone();
            let step = expected.apply(seat, action).unwrap();
            assert_eq!(Match::update_encoded(&mut bytes, |g| g.apply(seat, action)), Ok(step));
            assert_eq!(Match::decode(&bytes).unwrap(), expected);
            let before = bytes;
            // Not the seat to act now (two seats in Five Up): `NotYourTurn`.
            let wrong = Seat((expected.round().to_act().unwrap().0 + 1) % 2);
            assert!(Match::update_encoded(&mut bytes, |g| g.apply(wrong, action)).is_err());
            assert_eq!(bytes, before, "an illegal action leaves the bytes unchanged");
        }
    }

    #[test]
    fn matches_play_to_the_target_and_round_trip() {
        for seed in 0..40u64 {
            let config = [
                Config::FIVE_UP,
                Config::ALL_FIVES,
                Config::BLOCK,
                Config::FIVE_UP.with_players(4),
            ][seed as usize % 4];
            let mut game = Match::new(&config, seed).unwrap();
            let mut bot = RandomBot::new(seed);
            let mut hands = 0u16;
            let mut sum = [0u16; 4];
            while let Some(seat) = game.round().to_act() {
                let action = if seed % 2 == 0 {
                    bot.choose(game.round(), seat)
                } else {
                    lowest_legal_action(game.round(), seat)
                };
                let step = game.apply(seat, action.unwrap()).unwrap();
                assert_eq!(step.match_over, game.is_over());
                if let Some(outcome) = step.finished {
                    hands += 1;
                    for (total, score) in sum.iter_mut().zip(outcome.scores) {
                        *total += score;
                    }
                    // The winner of the hand leads the next.
                    if let (Some(winner), false) = (outcome.winner, game.is_over()) {
                        assert_eq!(game.round().to_act(), Some(winner));
                    }
                }
                let mut bytes = [0u8; MATCH_ENCODED_BYTES];
                game.encode(&mut bytes).unwrap();
                assert_eq!(Match::decode(&bytes).as_ref(), Ok(&game));
            }
            assert!(game.is_over());
            assert_eq!(game.rounds_played(), u32::from(hands));
            assert_eq!(game.totals(), sum.map(i32::from));
            let winner = game.result().unwrap().winners().next().unwrap();
            assert!(game.side_score(winner) >= i32::from(config.target));
            assert_eq!(game.apply(Seat(0), Action::Pass), Err(Error::RoundOver));
        }
    }

    /// The old way (session 23): each side's score asked of `side_score` again and again.
    mod old_way {
        use super::*;

        fn sides(game: &Match) -> u8 {
            if game.config().partnerships {
                2
            } else {
                game.config().players
            }
        }

        pub fn scores(game: &Match) -> Scores {
            let sides = sides(game);
            let mut values = [0i32; MAX_PLAYERS];
            for (value, side) in values.iter_mut().zip(0u8..sides) {
                *value = game.side_score(Seat(side));
            }
            Scores::new(values.get(..usize::from(sides)).unwrap_or(&[]))
        }

        pub fn result(game: &Match) -> Option<Placement> {
            if !game.over {
                return None;
            }
            let players = game.config().players;
            let mut places = [0u8; MAX_PLAYERS];
            for (place, seat) in places.iter_mut().zip(0u8..players) {
                let own = game.side_score(Seat(seat));
                let better = (0..sides(game))
                    .filter(|&side| game.side_score(Seat(side)) > own)
                    .count();
                *place = u8::try_from(better).unwrap_or(u8::MAX);
            }
            Some(Placement::new(places.get(..usize::from(players)).unwrap_or(&[])))
        }

        pub fn leading(game: &Match) -> Option<Seat> {
            let sides = sides(game);
            let score = |side: u8| game.side_score(Seat(side));
            let best = (0..sides).map(score).max()?;
            let mut top = (0..sides).filter(|&side| score(side) == best);
            let first = top.next()?;
            (top.next().is_none() && best >= i32::from(game.config().target)).then_some(Seat(first))
        }
    }

    #[test]
    fn side_scores_answer_as_the_old_way() {
        let mut rng = Rng::new(23);
        let configs = [
            Config::FIVE_UP,
            Config::ALL_FIVES,
            Config::BLOCK,
            Config::FIVE_UP.with_players(3),
            Config::FIVE_UP.with_players(4),
            Config {
                partnerships: false,
                ..Config::FIVE_UP.with_players(4)
            },
        ];
        for round in 0..4000u32 {
            let config = configs[round as usize % configs.len()];
            assert!(config.validate().is_ok());
            let mut game = Match::new(&config, u64::from(round)).unwrap();
            let players = usize::from(config.players);
            // Small totals make ties common; the target is met or not.
            for (seat, total) in game.totals.iter_mut().enumerate() {
                *total = if seat < players {
                    (rng.next_u64() % 70) as u16
                } else {
                    0
                };
            }
            game.over = rng.next_u64().is_multiple_of(2);
            assert_eq!(game.scores(), old_way::scores(&game));
            assert_eq!(game.result(), old_way::result(&game));
            assert_eq!(game.leading(), old_way::leading(&game));
        }
    }

    #[test]
    fn the_first_match_hand_is_the_pinned_seeded_deal() {
        let game = Match::new(&Config::FIVE_UP, 5).unwrap();
        let mut rng = Rng::new(5);
        let first = Round::new(&Config::FIVE_UP, &Deal::Seeded(rng.next_u64())).unwrap();
        assert_eq!(game.round(), &first);
    }
}
