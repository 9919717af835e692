//! The hand's byte forms: [`Config::to_bytes`] / [`Config::from_bytes`], [`Round::encode`],
//! [`Round::decode`] and the checks a decoded state passes (a child of [`round`](super)).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::*;

impl Config {
    /// The config's byte form: [`FORMAT_VERSION`], then high, players, partnerships (0/1),
    /// hand size, spinner code, draw code, reserve, unit code, plays-score flag (0/1), target
    /// (u16 LE), leader code. The same bytes open [`Round::encode`]'s form.
    pub const fn to_bytes(&self) -> [u8; CONFIG_BYTES] {
        let target = self.target.to_le_bytes();
        [
            FORMAT_VERSION,
            self.high,
            self.players,
            self.partnerships as u8,
            self.hand_size,
            self.spinner.code(),
            self.draw.code(),
            self.reserve,
            self.unit.code(),
            self.scores_plays as u8,
            target[0],
            target[1],
            self.leader.code(),
        ]
    }

    /// The config of [`Config::to_bytes`]'s form, every code and flag checked (not
    /// [validated](Config::validate)). Errors: what is wrong, as [`Error::InvalidState`]'s `why`.
    pub(crate) fn from_bytes(bytes: &[u8; CONFIG_BYTES]) -> Result<Config, &'static str> {
        let [
            version,
            high,
            players,
            partnerships,
            hand_size,
            spinner,
            draw,
            reserve,
            unit,
            scores_plays,
            target_low,
            target_high,
            leader,
        ] = *bytes;
        if version != FORMAT_VERSION {
            return Err(reason!("unknown format version"));
        }
        let flag = |byte: u8| match byte {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(reason!("a flag byte is not 0 or 1")),
        };
        Ok(Config {
            high,
            players,
            partnerships: flag(partnerships)?,
            hand_size,
            spinner: SpinnerRule::from_code(spinner).ok_or(reason!("unknown spinner rule"))?,
            draw: DrawRule::from_code(draw).ok_or(reason!("unknown draw rule"))?,
            reserve,
            unit: Unit::from_code(unit).ok_or(reason!("unknown unit"))?,
            scores_plays: flag(scores_plays)?,
            target: u16::from_le_bytes([target_low, target_high]),
            leader: LeaderRule::from_code(leader).ok_or(reason!("unknown leader rule"))?,
        })
    }
}

impl Round {
    /// Writes the versioned byte form (exactly [`ENCODED_BYTES`] bytes) and returns its length.
    /// Errors: [`Error::BufferTooSmall`].
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        let out = out
            .get_mut(..ENCODED_BYTES)
            .ok_or(Error::BufferTooSmall { needed: ENCODED_BYTES })?;
        // Piece by piece through one out-of-line copy (an adapter chain over every field was
        // about 300 bytes more code); the parents past the layout's are written 0 (a held
        // round's are never read: they may hold anything, `Round::raw_len`).
        out.fill(0);
        let mut put = Put { out, at: 0 };
        put.bytes(&self.config.to_bytes());
        put.bytes(&[
            self.played,
            self.cursor,
            self.to_act,
            self.passes,
            u8::from(self.drew),
            self.end,
        ]);
        for score in self.scores {
            put.bytes(&score.to_le_bytes());
        }
        put.bytes(&self.deck);
        put.bytes(self.parents.get(..usize::from(self.played)).unwrap_or(&self.parents));
        put.at = HEADER_BYTES + 2 * MAX_SET_TILES;
        for word in self.hands.iter().flatten() {
            put.bytes(&word.to_le_bytes());
        }
        put.bytes(&self.voids);
        if put.at != ENCODED_BYTES {
            return Err(Error::Internal);
        }
        Ok(ENCODED_BYTES)
    }

    /// Reads [`Round::encode`]'s form (the first [`ENCODED_BYTES`] bytes) and re-checks every
    /// invariant: a valid config, every tile of the set exactly once (in a hand, the layout or
    /// the boneyard), a layout that the rules allow, a consistent turn and end. Errors:
    /// [`Error::InvalidState`] naming the first problem.
    pub fn decode(bytes: &[u8]) -> Result<Round, Error> {
        let mut round = Round::blank();
        round.decode_into(bytes)?;
        Ok(round)
    }

    /// [`Round::decode`] for small stacks: decodes `bytes` in place into one `Round` and lends
    /// it to `f`, returning `f`'s answer (no second `Round` and no `Result<Round, _>` on the
    /// stack; the C ABI's round calls use it). Errors: as [`Round::decode`] (then `f` is not
    /// called).
    ///
    /// ```
    /// use parlor_core::dominoes::{Config, Deal, Round, ENCODED_BYTES};
    /// let round = Round::new(&Config::FIVE_UP, &Deal::Seeded(3))?;
    /// let mut bytes = [0u8; ENCODED_BYTES];
    /// round.encode(&mut bytes)?;
    /// assert_eq!(Round::decode_with(&bytes, |decoded| decoded.to_act())?, round.to_act());
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn decode_with<R>(bytes: &[u8], f: impl FnOnce(&mut Round) -> R) -> Result<R, Error> {
        let mut round = Round::blank();
        round.decode_into(bytes)?;
        Ok(f(&mut round))
    }

    /// Applies `f` to the round encoded in `bytes` ([`Round::encode`]'s form), in place: decodes
    /// it into one `Round`, runs `f`, and when `f` succeeds writes the changed round back into
    /// `bytes` (its first [`ENCODED_BYTES`]); when `f` fails `bytes` are unchanged. One `Round`
    /// on the stack (the C ABI's apply call uses it). Errors: [`Round::decode`]'s, then `f`'s.
    ///
    /// ```
    /// use parlor_core::dominoes::{Config, Deal, Round, ENCODED_BYTES};
    /// use parlor_core::game::bot::lowest_legal_action;
    /// let round = Round::new(&Config::FIVE_UP, &Deal::Seeded(3))?;
    /// let mut bytes = [0u8; ENCODED_BYTES];
    /// round.encode(&mut bytes)?;
    /// let seat = round.to_act().unwrap();
    /// let action = lowest_legal_action(&round, seat).unwrap();
    /// Round::update_encoded(&mut bytes, |round| round.apply(seat, action))?;
    /// assert_ne!(Round::decode(&bytes)?, round);
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn update_encoded<R>(bytes: &mut [u8], f: impl FnOnce(&mut Round) -> Result<R, Error>) -> Result<R, Error> {
        let mut round = Round::blank();
        round.decode_into(bytes)?;
        let answer = f(&mut round)?;
        round.encode(bytes)?;
        Ok(answer)
    }

    /// The round of a byte form that [`Round::encode`] wrote and that is known to be unchanged
    /// since (the C ABI's digest-checked states): every field read and range-checked alone (the
    /// version, the config's codes and [`Config::validate`], the flag byte), but nothing across
    /// fields (the set's tiles each once, the layout, the turn and the end). Bytes that break
    /// those invariants give a wrong hand, never a panic (the core has no indexing and no
    /// unchecked arithmetic). Errors: [`Error::InvalidState`].
    ///
    /// ```
    /// use parlor_core::dominoes::{Config, Deal, Round, ENCODED_BYTES};
    /// let round = Round::new(&Config::FIVE_UP, &Deal::Seeded(3))?;
    /// let mut bytes = [0u8; ENCODED_BYTES];
    /// round.encode(&mut bytes)?;
    /// assert_eq!(Round::decode_trusted(&bytes)?, round);
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn decode_trusted(bytes: &[u8]) -> Result<Round, Error> {
        let mut round = Round::blank();
        round.read_into(bytes)?;
        Ok(round)
    }

    /// [`Round::decode_trusted`] into `place` (the C ABI's frame), returned there: the fields
    /// written where the round lies, no round-sized result moved. The same round and errors.
    pub(crate) fn decode_trusted_in<'p>(
        place: &'p mut core::mem::MaybeUninit<Round>,
        bytes: &[u8],
    ) -> Result<&'p mut Round, Error> {
        let round = place.write(Round::blank());
        round.read_into(bytes)?;
        Ok(round)
    }

    /// [`Round::decode`] into `place` (the C ABI's frame), returned there: read and checked
    /// where the round lies, no round-sized result moved. The same round and errors.
    pub(crate) fn decode_in<'p>(
        place: &'p mut core::mem::MaybeUninit<Round>,
        bytes: &[u8],
    ) -> Result<&'p mut Round, Error> {
        let round = place.write(Round::blank());
        round.decode_into(bytes)?;
        Ok(round)
    }

    /// A placeholder state (all zero, the Five Up config) that [`Round::decode_into`] and
    /// [`Round::redeal`] overwrite field by field; never handed out as a round.
    pub(crate) const fn blank() -> Round {
        Round {
            hands: [[0; WORDS]; MAX_PLAYERS],
            config: Config::FIVE_UP,
            deck: [0; MAX_SET_TILES],
            parents: [0; MAX_SET_TILES],
            played: 0,
            cursor: 0,
            to_act: 0,
            passes: 0,
            drew: false,
            end: PLAYING,
            scores: [0; MAX_PLAYERS],
            voids: [0; VOID_BYTES],
        }
    }

    /// Reads [`Round::encode`]'s form into `self`, in place, and re-checks every invariant. On
    /// an error `self` is left partly written (callers drop it: [`Round::decode`],
    /// [`Round::decode_with`], the match's decode).
    pub(crate) fn decode_into(&mut self, bytes: &[u8]) -> Result<(), Error> {
        self.read_into(bytes)?;
        self.validate_state()
    }

    /// Reads [`Round::encode`]'s form into `self`, in place, each field checked alone (the
    /// trusted decode; [`Round::decode_into`] then re-checks the invariants across fields).
    pub(crate) fn read_into(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let bad = |why| Error::InvalidState { why };
        let bytes = bytes.get(..ENCODED_BYTES).ok_or(bad(reason!("too short")))?;
        let (header, rest) = bytes
            .split_first_chunk::<HEADER_BYTES>()
            .ok_or(bad(reason!("too short")))?;
        let (config_bytes, state) = header
            .split_first_chunk::<CONFIG_BYTES>()
            .ok_or(bad(reason!("too short")))?;
        // The header after the config: 6 state bytes and the four scores (a build error if the
        // lengths disagree).
        let state: &[u8; 14] = state.try_into().map_err(|_| bad(reason!("too short")))?;
        let [played, cursor, to_act, passes, drew, end, scores @ ..] = *state;
        let config = Config::from_bytes(config_bytes).map_err(bad)?;
        let flag = |byte: u8| match byte {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(bad(reason!("a flag byte is not 0 or 1"))),
        };
        config.validate().map_err(|_| bad(reason!("invalid config")))?;
        // The hands are all written below (their bytes are exactly the words'): no zeroing first.
        self.config = config;
        self.played = played;
        self.cursor = cursor;
        self.to_act = to_act;
        self.passes = passes;
        self.drew = flag(drew)?;
        self.end = end;
        // `scores` is the header's last `2 × MAX_PLAYERS` bytes: a length mismatch is a build
        // error in the pattern above.
        let scores: [u8; 2 * MAX_PLAYERS] = scores;
        for (score, pair) in self.scores.iter_mut().zip(scores.as_chunks::<2>().0) {
            *score = u16::from_le_bytes(*pair);
        }
        let (deck, rest) = rest.split_at_checked(MAX_SET_TILES).ok_or(bad(reason!("too short")))?;
        let (parents, hands) = rest.split_at_checked(MAX_SET_TILES).ok_or(bad(reason!("too short")))?;
        copy_bytes(&mut self.deck, deck);
        copy_bytes(&mut self.parents, parents);
        let (hands, voids) = hands
            .split_first_chunk::<{ MAX_PLAYERS * WORDS * 8 }>()
            .ok_or(bad(reason!("too short")))?;
        // Every word of the hands, each from its 8 bytes (`hands` holds exactly the words).
        for (word, chunk) in self.hands.iter_mut().flatten().zip(hands.as_chunks::<8>().0) {
            *word = u64::from_le_bytes(*chunk);
        }
        copy_bytes(&mut self.voids, voids);
        Ok(())
    }

    fn validate_state(&self) -> Result<(), Error> {
        let bad = |why| Error::InvalidState { why };
        let c = &self.config;
        let tiles = c.set_tiles();
        let (played, cursor) = (usize::from(self.played), usize::from(self.cursor));
        if played > cursor || cursor > tiles || cursor < c.dealt() {
            return Err(bad(reason!("tile counts out of range")));
        }
        if self.to_act >= c.players {
            return Err(bad(reason!("no such seat to act")));
        }
        if self.end > BLOCKED {
            return Err(bad(reason!("unknown end state")));
        }
        if self.drew && (cursor == c.dealt() || c.draw == DrawRule::Never) {
            return Err(bad(reason!("a draw that cannot have happened")));
        }
        if self.scores.iter().skip(usize::from(c.players)).any(|&score| score != 0) {
            return Err(bad(reason!("a score for a seat the table does not have")));
        }
        // Every tile of the set exactly once: layout, boneyard, hands.
        let mut seen: Hand = [0; WORDS];
        let mut place = |id: u8| -> Result<(), Error> {
            if usize::from(id) >= tiles || has(&seen, id) {
                return Err(bad(reason!("a tile outside the set or twice")));
            }
            insert(&mut seen, id);
            Ok(())
        };
        for (position, &id) in self.deck.iter().enumerate() {
            if position < played || (cursor..tiles).contains(&position) {
                place(id)?;
            } else if id != 0 {
                return Err(bad(reason!("a stray byte in the tile order")));
            }
        }
        for (seat, hand) in self.hands.iter().enumerate() {
            if seat >= usize::from(c.players) && count(hand) != 0 {
                return Err(bad(reason!("tiles for a seat the table does not have")));
            }
            for id in ids(hand) {
                place(id)?;
            }
        }
        // The layout: each tile attached to an earlier one at a free point.
        for (index, &parent) in self.parents.iter().enumerate() {
            let parent = usize::from(parent);
            if (index == 0 || index >= played) && parent != 0 {
                return Err(bad(reason!("a stray byte in the parents")));
            }
            if index >= 1 && index < played && parent >= index {
                return Err(bad(reason!("a tile attached to a later one")));
            }
        }
        let mut frees = Frees::new();
        if self.replay(&mut frees) != play::Replayed::Legal {
            return Err(bad(reason!("a layout the rules do not allow")));
        }
        // The turn and the end.
        let players = usize::from(c.players);
        let empty_hand = self.hands.iter().take(players).any(|hand| count(hand) == 0);
        let blocked = self.passes >= c.players && !self.any_drawable();
        // A pass that blocks ends the hand at once; a draw (`drew`) may leave the seat that drew
        // the last tile still to act after a run of passes.
        let consistent = match self.end {
            PLAYING => !empty_hand && (!blocked || self.drew),
            DOMINO => {
                self.hands
                    .get(usize::from(self.to_act))
                    .is_some_and(|hand| count(hand) == 0)
                    && self.passes == 0
            }
            _ => blocked && !empty_hand,
        };
        if !consistent {
            return Err(bad(reason!("the turn or the end is inconsistent")));
        }
        // The exclusions: 76 bits, numbers of the set, seats of the table, and true of every
        // tile in hand but the one a seat still drawing drew last.
        // Bits 76–79: the last byte's high half (four seats' bits fill the rest).
        const _: () = assert!(VOID_BYTES * 8 == MAX_PLAYERS * VOID_BITS as usize + 4);
        if self.voids.last().is_some_and(|&byte| byte >> 4 != 0) {
            return Err(bad(reason!("a stray bit in the exclusions")));
        }
        let numbers = 1u32
            .checked_shl(u32::from(c.high).saturating_add(1))
            .map_or(u32::MAX, |bit| bit.wrapping_sub(1));
        for (seat, hand) in self.hands.iter().enumerate() {
            let known = self.void(seat);
            if known & !numbers != 0 || (seat >= players && known != 0) {
                return Err(bad(reason!("an exclusion outside the set or the table")));
            }
            let drawing = self.end == PLAYING && self.drew && seat == usize::from(self.to_act);
            if showing(hand, known) > usize::from(drawing) {
                return Err(bad(reason!("a seat holds a number it is known to lack")));
            }
        }
        // A seat still drawing drew because nothing in its hand took an open number, and the
        // layout has not changed since: every number open now is one it is known to lack. (A
        // flipped parent byte once moved a tile of the layout, opening a number the drawing seat
        // held: it played a tile other than the one it drew, and its exclusions then refused
        // the next state.)
        if self.end == PLAYING && self.drew && self.open_numbers(&frees) & !self.void(usize::from(self.to_act)) != 0 {
            return Err(bad(reason!("a seat still drawing could play on the layout")));
        }
        Ok(())
    }
}

/// Copies `src` into `dst` as far as both go: one out-of-line loop for the decode's byte runs
/// (the tile order, the parents, the exclusions; three inlined loops before). Element-wise:
/// `copy_from_slice` keeps a length-mismatch panic path.
#[inline(never)]
fn copy_bytes(dst: &mut [u8], src: &[u8]) {
    for (slot, &byte) in dst.iter_mut().zip(src) {
        *slot = byte;
    }
}

/// How many tiles of `hand` show a number of `known` (a bit per number). A plain loop on the
/// shared `ids` iterator: a `filter().count()` was one more copy of it (112 B on the M4F).
fn showing(hand: &Hand, known: u32) -> usize {
    let mut showing = 0usize;
    for id in ids(hand) {
        // Numbers are at most 18: the shifts stay inside the word.
        let (a, b) = halves(id);
        showing = showing.saturating_add(usize::from((known >> a | known >> b) & 1 != 0));
    }
    showing
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests {
    use super::*;
    use crate::game::Rng;

    /// The old way (session 22): `filter().count()` over the hand's ids.
    fn old_showing(hand: &Hand, known: u32) -> usize {
        ids(hand)
            .filter(|&id| {
                let (a, b) = halves(id);
                (known >> a | known >> b) & 1 != 0
            })
            .count()
    }

    /// The old way (session 23) of [`Round::read_into`]'s byte runs after the header: the hands
    /// zeroed first, then one inlined loop per run, each word from an 8-byte copy.
    fn old_runs(round: &mut Round, rest: &[u8]) {
        round.hands = [[0; WORDS]; MAX_PLAYERS];
        let (deck, rest) = rest.split_at(MAX_SET_TILES);
        let (parents, hands) = rest.split_at(MAX_SET_TILES);
        for (slot, &byte) in round.deck.iter_mut().zip(deck) {
            *slot = byte;
        }
        for (slot, &byte) in round.parents.iter_mut().zip(parents) {
            *slot = byte;
        }
        let (hands, voids) = hands.split_at(MAX_PLAYERS * WORDS * 8);
        for (word, chunk) in round.hands.iter_mut().flatten().zip(hands.as_chunks::<8>().0) {
            let mut le = [0u8; 8];
            for (slot, &byte) in le.iter_mut().zip(chunk) {
                *slot = byte;
            }
            *word = u64::from_le_bytes(le);
        }
        for (slot, &byte) in round.voids.iter_mut().zip(voids) {
            *slot = byte;
        }
    }

    /// `read_into` (one out-of-line copy, the words read straight) reads every state as the old
    /// way did: the encoded states of played-out rounds, and the same bytes with random runs.
    #[test]
    fn read_into_reads_as_the_old_way() {
        use crate::game::bot::lowest_legal_action;
        let mut rng = Rng::new(24);
        for config in [Config::FIVE_UP, Config::ALL_FIVES, Config::BLOCK] {
            for seed in 0..12 {
                let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
                loop {
                    let mut bytes = [0u8; ENCODED_BYTES];
                    round.encode(&mut bytes).unwrap();
                    for garbage in [false, true] {
                        if garbage {
                            for byte in &mut bytes[HEADER_BYTES..] {
                                *byte = rng.next_u64() as u8;
                            }
                        }
                        let new = Round::decode_trusted(&bytes).unwrap();
                        let mut old = new.clone();
                        old_runs(&mut old, &bytes[HEADER_BYTES..]);
                        assert_eq!(new, old, "{seed} {garbage}");
                        if !garbage {
                            assert_eq!(new, round);
                        }
                    }
                    let Some(seat) = round.to_act() else { break };
                    let action = lowest_legal_action(&round, seat).unwrap();
                    round.apply(seat, action).unwrap();
                }
            }
        }
    }

    #[test]
    fn showing_counts_as_the_old_way() {
        let mut rng = Rng::new(23);
        for _ in 0..5000 {
            let mut hand: Hand = [0; WORDS];
            for _ in 0..rng.next_u64() % 30 {
                insert(&mut hand, (rng.next_u64() % MAX_SET_TILES as u64) as u8);
            }
            let known = (rng.next_u64() as u32) & ((1 << 19) - 1) & (rng.next_u64() as u32);
            assert_eq!(showing(&hand, known), old_showing(&hand, known));
        }
    }
}
