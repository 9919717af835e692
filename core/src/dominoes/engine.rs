//! Dominoes behind the one interface ([`crate::game`]): [`Round`](super::Round) is a
//! [`game::Round`](crate::game::Round), [`Match`](super::Match) a
//! [`game::Match`](crate::game::Match), [`Config`](super::Config) the game's
//! [`Rules`](crate::game::Rules) and [`Error`](super::Error) a
//! [`GameError`](crate::game::GameError). Everything delegates to the inherent methods.
//!
//! # Action codes
//!
//! An [`Action`] crosses the C ABI as a `u64` ([`game::Round::action_code`]); its bytes, least
//! significant first:
//!
//! | bits | field |
//! |---|---|
//! | 0–7 | kind: 1 play, 2 draw, 3 pass (0 and 4–255 name nothing) |
//! | 8–15 | play: the tile's lower pip |
//! | 16–23 | play: the tile's higher pip |
//! | 24–31 | play: 1 when the tile attaches to a layout tile (`on`), 0 for the opening |
//! | 32–39 | play with `on`: the layout tile's lower pip |
//! | 40–47 | play with `on`: the layout tile's higher pip |
//! | 48–63 | 0 |
//!
//! Every unused field is 0, pips are at most [`MAX_PIP`] (18), and a tile is written lower pip
//! first, so equal actions (`5-0` is `0-5`) have one code: `draw` = 2, `pass` = 3,
//! `play 5-5` = `0x05_05_01`, `play 5-0 on 5-5` = `0x05_05_01_05_00_01`.
//! [`game::Round::action_from_code`] refuses any other code. An action naming a pip above 18
//! (never legal: no set has one) is coded with that pip as 255, which names nothing.
//!
//! # Rule keys
//!
//! One per [`Config`] field, lower-case with dashes: `high`, `players`, `partnerships`,
//! `hand-size`, `spinner`, `draw`, `reserve`, `unit`, `scores-plays`, `target`, `leader`
//! ([`Config::KEYS`](crate::game::Rules::KEYS) gives the values and sources).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;
use core::ops::ControlFlow;

use crate::notation::Dec;

use super::round::{MAX_PLAYERS, Observation};
use super::{
    Action, CONFIG_BYTES, Config, ENCODED_BYTES, Error, Event, MATCH_ENCODED_BYTES, MAX_ACTIONS, MAX_PIP, Match,
    Outcome, Round, Tile,
};
use crate::game::{self, Fault, GameId, Placement, RuleError, RuleKey, Scores, Seat};

/// The code of [`Action::Draw`] (see the module docs).
pub const ACTION_DRAW: u64 = 2;
/// The code of [`Action::Pass`] (see the module docs).
pub const ACTION_PASS: u64 = 3;
const KIND_PLAY: u64 = 1;

/// A tile's two code bytes: lower pip, higher pip (255 for a pip no set has).
fn tile_code(tile: Tile) -> u64 {
    let pip = |pip: u32| u64::from(u8::try_from(pip).unwrap_or(u8::MAX));
    pip(tile.low()) | (pip(tile.high()) << 8)
}

/// The tile of two code bytes (`code & 0xFFFF`): lower pip first, both at most [`MAX_PIP`].
fn tile_of_code(code: u64) -> Option<Tile> {
    let low = (code & 0xFF) as u8;
    let high = ((code >> 8) & 0xFF) as u8;
    (low <= high && high <= MAX_PIP).then(|| Tile::new(u32::from(low), u32::from(high)))
}

impl game::GameError for Error {
    /// The round's own kinds: [`Error::NoSuchSeat`], [`Error::NotYourTurn`],
    /// [`Error::RoundOver`], [`Error::InvalidConfig`], [`Error::InvalidState`],
    /// [`Error::BufferTooSmall`], [`Error::Internal`]; every reason an action is refused
    /// ([`Error::NotInHand`], [`Error::NotInLayout`], [`Error::NoOpenEndOn`],
    /// [`Error::OpeningTakesNoPlacement`], [`Error::PlacementRequired`], [`Error::MustPlay`],
    /// [`Error::MustDraw`], [`Error::CannotDraw`], [`Error::IllegalAction`]) is
    /// [`Fault::IllegalAction`]. Parse errors, a bad deal and the layout checks of the seed task
    /// are this game's own (`None`).
    fn fault(&self) -> Option<Fault> {
        Some(match self {
            Error::NoSuchSeat { .. } => Fault::NoSuchSeat,
            Error::NotYourTurn { .. } => Fault::NotYourTurn,
            Error::RoundOver => Fault::RoundOver,
            Error::InvalidConfig { .. } => Fault::InvalidConfig,
            Error::InvalidState { .. } => Fault::InvalidState,
            Error::BufferTooSmall { .. } => Fault::BufferTooSmall,
            Error::Internal => Fault::Internal,
            Error::NotInHand { .. }
            | Error::NotInLayout { .. }
            | Error::NoOpenEndOn { .. }
            | Error::OpeningTakesNoPlacement
            | Error::PlacementRequired
            | Error::MustPlay
            | Error::MustDraw
            | Error::CannotDraw
            | Error::IllegalAction => Fault::IllegalAction,
            _ => return None,
        })
    }

    /// The variant of each kind; the details it cannot know are placeholders: seat 255
    /// (no seat), `needed` 0 (unknown), `why` the kind's own text.
    fn from_fault(fault: Fault) -> Error {
        match fault {
            Fault::NotYourTurn => Error::NotYourTurn { seat: u8::MAX },
            Fault::NoSuchSeat => Error::NoSuchSeat { seat: u8::MAX },
            Fault::IllegalAction => Error::IllegalAction,
            Fault::RoundOver => Error::RoundOver,
            Fault::InvalidConfig => Error::InvalidConfig {
                why: Fault::InvalidConfig.text(),
            },
            Fault::InvalidState => Error::InvalidState {
                why: Fault::InvalidState.text(),
            },
            Fault::BufferTooSmall => Error::BufferTooSmall { needed: 0 },
            Fault::Internal => Error::Internal,
        }
    }
}

impl game::Round for Round {
    const GAME: GameId = GameId::Dominoes;
    const SEATS: usize = MAX_PLAYERS;
    const MAX_ACTIONS: usize = MAX_ACTIONS;
    const ENCODED_BYTES: usize = ENCODED_BYTES;
    /// Dominoes never lets a seat act out of turn.
    const INTERRUPTS: bool = false;

    type Config = Config;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type Outcome = Outcome;
    type Error = Error;

    fn seeded(config: &Config, seed: u64) -> Result<Round, Error> {
        Round::new(config, &super::Deal::Seeded(seed))
    }

    /// [`parse_deal`](super::parse_deal): `<hand 0> | <hand 1> [| …] | boneyard <tiles>`; the
    /// deal sets the players, the hand size and the set (the smallest holding every tile).
    fn given(config: &Config, deal: &str) -> Result<Round, Error> {
        super::parse_deal(config, deal)
    }

    fn config(&self) -> &Config {
        Round::config(self)
    }

    fn seats(&self) -> u8 {
        Round::config(self).players
    }

    fn to_act(&self) -> Option<Seat> {
        Round::to_act(self)
    }

    /// Exactly the seat to act (it always has a legal action: a play, a draw or a pass).
    fn may_act(&self, seat: Seat) -> bool {
        Round::to_act(self) == Some(seat)
    }

    /// [`Round::for_each_legal_action`] through `Round::walk_legal` (the scan in a frame of its
    /// own, not in the caller's).
    fn for_each_legal_action<F: FnMut(Action)>(&self, seat: Seat, mut f: F) {
        Round::walk_legal(self, seat, &mut |action| {
            f(action);
            ControlFlow::Continue(())
        });
    }

    /// As `for_each_legal_action`.
    fn try_for_each_legal_action<F: FnMut(Action) -> ControlFlow<()>>(&self, seat: Seat, mut f: F) {
        Round::walk_legal(self, seat, &mut f);
    }

    fn count_legal_actions(&self, seat: Seat) -> usize {
        Round::count_legal_actions(self, seat)
    }

    fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        Round::nth_legal_action(self, seat, n)
    }

    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        Round::is_legal(self, seat, action)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        Round::apply(self, seat, action)
    }

    fn observation(&self, seat: Seat) -> Result<Observation, Error> {
        Round::observation(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        Round::outcome(self)
    }

    /// The hand's points per seat (plays and the end bonus; partners not summed).
    fn outcome_scores(outcome: &Outcome) -> Scores {
        let scores = outcome.scores.map(i32::from);
        Scores::new(scores.get(..usize::from(outcome.players)).unwrap_or(&scores))
    }

    fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        Round::encode(self, out)
    }

    fn decode(bytes: &[u8]) -> Result<Round, Error> {
        Round::decode(bytes)
    }

    /// The full decode in place: [`Round::decode`]'s reads and checks on the round where it
    /// lies (no round-sized result moved: the C decode's frame and a 512-byte copy less).
    const DECODES_IN_PLACE: bool = true;

    fn decode_in<'p>(place: &'p mut core::mem::MaybeUninit<Round>, bytes: &[u8]) -> Result<&'p mut Round, Error> {
        Round::decode_in(place, bytes)
    }

    /// [`Round::decode_trusted`]: the fields read, nothing re-checked across them.
    fn decode_trusted(bytes: &[u8]) -> Result<Round, Error> {
        Round::decode_trusted(bytes)
    }

    /// The round's own bytes are held in place (`repr(C)`, no padding byte).
    const RAW: bool = true;

    /// zerocopy's bit-validity check of the round's bytes, then [`Config::validate`].
    fn raw_ref(bytes: &[u8]) -> Option<&Round> {
        crate::game::held_ref(bytes, |round: &Round| round.config().validate().is_ok())
    }

    /// As `raw_ref`, writable.
    fn raw_mut(bytes: &mut [u8]) -> Option<&mut Round> {
        crate::game::held_mut(bytes, |round: &Round| round.config().validate().is_ok())
    }

    fn raw_bytes(&self) -> &[u8] {
        zerocopy::IntoBytes::as_bytes(self)
    }

    /// [`Round::raw_len`]: up to the end of the layout's parents.
    fn raw_len(&self) -> usize {
        Round::raw_len(self)
    }

    /// Rounds are read in place ([`Round::decode_trusted`]'s fields written into the C ABI's
    /// frame), and dealt there (`seeded_in` below: a blank redealt where it lies).
    const IN_PLACE: bool = true;

    /// [`Round::new`] of `Deal::Seeded(seed)` dealt where the round lies: a blank, redealt (no
    /// round-sized result moved). The same round and errors.
    fn seeded_in<'p>(
        place: &'p mut core::mem::MaybeUninit<Round>,
        config: &Config,
        seed: u64,
    ) -> Result<&'p mut Round, Error> {
        let round = place.write(Round::blank());
        round.redeal(config, &super::Deal::Seeded(seed), None)?;
        Ok(round)
    }

    /// [`Round::decode_trusted`] written into `place` (dominoes keep no cache).
    fn decode_trusted_cached_in<'p>(
        place: &'p mut core::mem::MaybeUninit<Round>,
        bytes: &[u8],
        _cache: &[u8],
    ) -> Result<&'p mut Round, Error> {
        Round::decode_trusted_in(place, bytes)
    }

    /// The layout in the module docs.
    fn action_code(action: Action) -> u64 {
        match action {
            Action::Play { tile, on: None } => KIND_PLAY | (tile_code(tile) << 8),
            Action::Play { tile, on: Some(on) } => {
                KIND_PLAY | (tile_code(tile) << 8) | (1 << 24) | (tile_code(on) << 32)
            }
            Action::Draw => ACTION_DRAW,
            Action::Pass => ACTION_PASS,
        }
    }

    fn action_from_code(code: u64) -> Option<Action> {
        match code {
            ACTION_DRAW => Some(Action::Draw),
            ACTION_PASS => Some(Action::Pass),
            _ if code & 0xFF == KIND_PLAY && code >> 48 == 0 => {
                let tile = tile_of_code((code >> 8) & 0xFFFF)?;
                match (code >> 24) & 0xFF {
                    0 if code >> 32 == 0 => Some(Action::Play { tile, on: None }),
                    1 => Some(Action::Play {
                        tile,
                        on: Some(tile_of_code((code >> 32) & 0xFFFF)?),
                    }),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// [`parse_action`](super::parse_action).
    fn parse_action(text: &str) -> Result<Action, Error> {
        super::parse_action(text)
    }

    /// The view of `seat` (`seat 0 of 2`), lines `key: value`:
    ///
    /// ```text
    /// seat: 0 of 2
    /// hand: 0-0 1-2 2-3 0-5
    /// layout: 5-5, 5-6 on 5-5
    /// open total: 16
    /// tiles: 4 4
    /// boneyard: 18
    /// to act: 0
    /// scores: 2 0
    /// ```
    ///
    /// The hand by tile id (`0-0 0-1 1-1 0-2 …`), the layout in play order (each tile with the
    /// tile it attached to), every seat's tile count, the seat to act (`over` once the hand is
    /// over) and the hand's points per seat.
    fn write_view(&self, seat: Seat, out: &mut dyn fmt::Write) -> Result<(), Error> {
        Round::write_view_text(self, seat, out)
    }
}

impl game::Match for Match {
    type Round = Round;
    const ENCODED_BYTES: usize = MATCH_ENCODED_BYTES;

    fn new(config: &Config, seed: u64) -> Result<Match, Error> {
        Match::new(config, seed)
    }

    /// [`Match::new`] started where the match lies (as [`Round::seeded_in`](game::Round::seeded_in)).
    fn new_in<'p>(
        place: &'p mut core::mem::MaybeUninit<Match>,
        config: &Config,
        seed: u64,
    ) -> Result<&'p mut Match, Error> {
        Match::new_in(place, config, seed)
    }

    fn round(&self) -> &Round {
        Match::round(self)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<game::Step<Event, Outcome>, Error> {
        Match::apply(self, seat, action)
    }

    /// Per seat, or per team with partnerships ([`Match::scores`]).
    fn scores(&self) -> Scores {
        Match::scores(self)
    }

    fn rounds_played(&self) -> u32 {
        Match::rounds_played(self)
    }

    fn result(&self) -> Option<Placement> {
        Match::result(self)
    }

    fn is_over(&self) -> bool {
        Match::is_over(self)
    }

    fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        Match::encode(self, out)
    }

    fn decode(bytes: &[u8]) -> Result<Match, Error> {
        Match::decode(bytes)
    }

    /// [`Match::decode`] in place, as the round's (`Round::DECODES_IN_PLACE`).
    fn decode_in<'p>(place: &'p mut core::mem::MaybeUninit<Match>, bytes: &[u8]) -> Result<&'p mut Match, Error> {
        Match::decode_in(place, bytes)
    }

    /// [`Match::decode_trusted`]: its hand read by [`Round::decode_trusted`].
    fn decode_trusted(bytes: &[u8]) -> Result<Match, Error> {
        Match::decode_trusted(bytes)
    }

    /// The match's own bytes are held in place (`repr(C)`, no padding byte).
    const RAW: bool = true;

    /// zerocopy's bit-validity check of the match's bytes, then its config's validation.
    fn raw_ref(bytes: &[u8]) -> Option<&Match> {
        crate::game::held_ref(bytes, |game: &Match| game.round().config().validate().is_ok())
    }

    /// As `raw_ref`, writable.
    fn raw_mut(bytes: &mut [u8]) -> Option<&mut Match> {
        crate::game::held_mut(bytes, |game: &Match| game.round().config().validate().is_ok())
    }

    fn raw_bytes(&self) -> &[u8] {
        zerocopy::IntoBytes::as_bytes(self)
    }

    /// [`Match::decode_trusted`] written into `place` (dominoes keep no cache).
    fn decode_trusted_cached_in<'p>(
        place: &'p mut core::mem::MaybeUninit<Match>,
        bytes: &[u8],
        _cache: &[u8],
    ) -> Result<&'p mut Match, Error> {
        Match::decode_trusted_in(place, bytes)
    }
}

/// A decimal number in `low..=high`.
fn number(text: &str, low: u32, high: u32) -> Result<u32, RuleError> {
    // ASCII digits only (`u32::from_str` would take a leading `+`).
    crate::notation::digits_u32(text)
        .filter(|value| (low..=high).contains(value))
        .ok_or(RuleError::BadValue)
}

/// The values a rule key takes: numbers in a range, or names (the name of code `i` at `i`).
#[derive(Clone, Copy)]
enum Values {
    Numbers(u16, u16),
    Names(&'static [&'static str]),
}

/// A flag's names (`no` is 0, `yes` 1: the flag byte).
const FLAG_NAMES: [&str; 2] = ["no", "yes"];
/// `SpinnerRule`'s names by code (`SpinnerRule::name`, tested).
const SPINNER_NAMES: [&str; 3] = ["every-double", "first-double", "none"];
/// `DrawRule`'s names by code.
const DRAW_NAMES: [&str; 3] = ["until-playable", "one", "never"];
/// `Unit`'s names by code.
const UNIT_NAMES: [&str; 2] = ["fives", "total"];
/// `LeaderRule`'s names by code.
const LEADER_NAMES: [&str; 2] = ["highest-double", "first-seat"];

/// The byte of rule key `at` (its place in `KEYS`) in [`Config::to_bytes`]'s form (the target
/// is two bytes from there, little-endian) and the values it takes.
fn field(at: usize) -> (usize, Values) {
    let values = match at {
        HIGH => Values::Numbers(6, MAX_PIP as u16),
        PLAYERS => Values::Numbers(2, 4),
        HAND_SIZE => Values::Numbers(1, 190),
        RESERVE => Values::Numbers(0, 190),
        TARGET => Values::Numbers(1, u16::MAX),
        PARTNERSHIPS | SCORES_PLAYS => Values::Names(&FLAG_NAMES),
        SPINNER => Values::Names(&SPINNER_NAMES),
        DRAW => Values::Names(&DRAW_NAMES),
        UNIT => Values::Names(&UNIT_NAMES),
        _ => Values::Names(&LEADER_NAMES),
    };
    // The version byte first; the leader (the last key) after the target's two bytes.
    (at.saturating_add(1).saturating_add(usize::from(at > TARGET)), values)
}

/// The place of `key` in [`Config::KEYS`](crate::game::Rules::KEYS) (the constants below name
/// them). Errors: [`RuleError::UnknownKey`].
fn key_at(key: &str) -> Result<usize, RuleError> {
    <Config as game::Rules>::KEYS
        .iter()
        .position(|known| known.name == key)
        .ok_or(RuleError::UnknownKey)
}

const HIGH: usize = 0;
const PLAYERS: usize = 1;
const PARTNERSHIPS: usize = 2;
const HAND_SIZE: usize = 3;
const SPINNER: usize = 4;
const DRAW: usize = 5;
const RESERVE: usize = 6;
const UNIT: usize = 7;
const SCORES_PLAYS: usize = 8;
const TARGET: usize = 9;
// `leader` is the last key (10).

impl game::Rules for Config {
    const PRESETS: &'static [(&'static str, Config)] = &[
        ("five-up", Config::FIVE_UP),
        ("all-fives", Config::ALL_FIVES),
        ("block", Config::BLOCK),
    ];

    const KEYS: &'static [RuleKey] = &[
        RuleKey {
            name: "high",
            values: "6|9|12|15|18",
            doc: "The set's highest pip: double-6 in every preset (docs/dominoes.md, \"The rules of a hand\": 1).",
        },
        RuleKey {
            name: "players",
            values: "2..=4",
            doc: "Seats at the table; partnerships need four (docs/dominoes.md, \"Presets\").",
        },
        RuleKey {
            name: "partnerships",
            values: "yes|no",
            doc: "Four players as two teams, 0+2 and 1+3, scoring together (docs/dominoes.md, \"The rules of a hand\": 4-5).",
        },
        RuleKey {
            name: "hand-size",
            values: "1..=190",
            doc: "Tiles dealt to each seat: Five Up 5, All Fives and block 7 (docs/dominoes.md, \"The rules of a hand\": 1).",
        },
        RuleKey {
            name: "spinner",
            values: "every-double|first-double|none",
            doc: "Which doubles are spinners: Five Up every double, All Fives the first, block none (docs/rules/dominoes.md, \"Spinner rules\").",
        },
        RuleKey {
            name: "draw",
            values: "until-playable|one|never",
            doc: "What a seat that cannot play draws (docs/dominoes.md, \"The rules of a hand\": 2).",
        },
        RuleKey {
            name: "reserve",
            values: "0..=190",
            doc: "Boneyard tiles never drawn; some rule books keep two back (docs/dominoes.md, \"The rules of a hand\": 2).",
        },
        RuleKey {
            name: "unit",
            values: "fives|total",
            doc: "Points per multiple of five: Five Up total / 5, All Fives the total (docs/rules/dominoes.md, \"Scoring the open ends\").",
        },
        RuleKey {
            name: "scores-plays",
            values: "yes|no",
            doc: "Whether a play making the open ends a multiple of five scores; not in block games (docs/dominoes.md, \"The rules of a hand\": 3).",
        },
        RuleKey {
            name: "target",
            values: "1..=65535",
            doc: "The match ends after the hand that reaches it: Five Up 61, All Fives 250, block 100 (docs/dominoes.md, \"The rules of a hand\": 5).",
        },
        RuleKey {
            name: "leader",
            values: "highest-double|first-seat",
            doc: "Who leads the first hand: the highest double dealt, or seat 0 (docs/dominoes.md, \"The rules of a hand\": 1).",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        // By the key's place in `KEYS`: the field's byte of the config's byte form, set there
        // and read back (`Config::from_bytes` checks every code; one path for every field).
        let at = key_at(key)?;
        let (byte, values) = field(at);
        let code = match values {
            Values::Numbers(low, high) => number(value, low.into(), high.into())?,
            Values::Names(names) => names
                .iter()
                .position(|name| *name == value)
                .and_then(|code| u32::try_from(code).ok())
                .ok_or(RuleError::BadValue)?,
        };
        if at == HIGH && !matches!(code, 6 | 9 | 12 | 15 | 18) {
            return Err(RuleError::BadValue);
        }
        let mut bytes = self.to_bytes();
        let [low, high, ..] = code.to_le_bytes();
        // The field's byte, and the target's second (plain stores: an iterator chain over the
        // bytes linked two `next` functions, flash).
        if let Some(slot) = bytes.get_mut(byte) {
            *slot = low;
        }
        if let (TARGET, Some(slot)) = (at, bytes.get_mut(byte.saturating_add(1))) {
            *slot = high;
        }
        *self = Config::from_bytes(&bytes).map_err(|_| RuleError::BadValue)?;
        Ok(())
    }

    fn write_value(&self, key: &str, out: &mut dyn fmt::Write) -> Result<(), RuleError> {
        let at = key_at(key)?;
        let (byte, values) = field(at);
        let bytes = self.to_bytes();
        let code = |at: usize| bytes.get(at).copied().unwrap_or(0);
        let value = if at == TARGET {
            u32::from(u16::from_le_bytes([code(byte), code(byte.saturating_add(1))]))
        } else {
            u32::from(code(byte))
        };
        let written = match values {
            Values::Numbers(..) => Dec::from(value).write_to(out),
            Values::Names(names) => out.write_str(names.get(value as usize).copied().unwrap_or("?")),
        };
        // A writer that refuses text is the caller's matter; the key existed.
        let _ = written;
        Ok(())
    }

    const ENCODED_BYTES: usize = CONFIG_BYTES;

    /// [`Config::to_bytes`]: 13 bytes, the first 13 of a round's byte form.
    fn encode(&self, out: &mut [u8]) -> Option<usize> {
        let out = out.get_mut(..CONFIG_BYTES)?;
        for (slot, byte) in out.iter_mut().zip(self.to_bytes()) {
            *slot = byte;
        }
        Some(CONFIG_BYTES)
    }

    fn decode(bytes: &[u8]) -> Option<Config> {
        let bytes = bytes.first_chunk::<CONFIG_BYTES>()?;
        Config::from_bytes(bytes).ok()
    }
}

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
