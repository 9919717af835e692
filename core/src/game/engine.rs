//! The one interface: [`Round`], [`Match`] and [`Rules`], with the vocabulary every game shares
//! ([`GameId`], [`Fault`], [`Scores`], [`Placement`], [`Step`]).

use core::fmt;
use core::mem::MaybeUninit;
use core::ops::ControlFlow;

use super::Seat;

/// The most seats any game has (Tichu, Mahjong and four-player dominoes: 4). [`Scores`] and
/// [`Placement`] hold this many entries, of which a game uses its own count.
pub const MAX_SEATS: usize = 4;

/// Which game: the C ABI's `ParlorGame` (the same numbers, fixed forever).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum GameId {
    /// Five Up dominoes ([`crate::dominoes`]): `PARLOR_GAME_DOMINOES` = 1.
    Dominoes = 1,
    /// Tichu ([`crate::tichu`]): `PARLOR_GAME_TICHU` = 2.
    Tichu = 2,
    /// Dou Dizhu ([`crate::doudizhu`]): `PARLOR_GAME_DOUDIZHU` = 3.
    Doudizhu = 3,
    /// Riichi Mahjong ([`crate::mahjong`]): `PARLOR_GAME_MAHJONG` = 4.
    Mahjong = 4,
}

impl GameId {
    /// Every game, in code order.
    pub const ALL: [GameId; 4] = [GameId::Dominoes, GameId::Tichu, GameId::Doudizhu, GameId::Mahjong];

    /// The game's name as the command line spells it: `dominoes`, `tichu`, `doudizhu`, `mahjong`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameId::Dominoes => "dominoes",
            GameId::Tichu => "tichu",
            GameId::Doudizhu => "doudizhu",
            GameId::Mahjong => "mahjong",
        }
    }

    /// The game of a C code (1..=4); `None` for any other number.
    #[must_use]
    pub const fn from_code(code: u32) -> Option<GameId> {
        match code {
            1 => Some(GameId::Dominoes),
            2 => Some(GameId::Tichu),
            3 => Some(GameId::Doudizhu),
            4 => Some(GameId::Mahjong),
            _ => None,
        }
    }

    /// The game of a name ([`GameId::name`]); `None` for any other text.
    #[must_use]
    pub fn from_name(name: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|game| game.name() == name)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The errors every game's round and match have, with one meaning (and one C status code) in
/// all four games. Each game's `Error` maps its own variants onto these through
/// [`GameError::fault`] and builds them with [`GameError::from_fault`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fault {
    /// The seat exists but may not act now (another seat's turn, or it has no out-of-turn right).
    NotYourTurn,
    /// The seat is not at this table (`seat` ≥ the game's seat count).
    NoSuchSeat,
    /// The seat may act, but not this action (it is not among its legal actions).
    IllegalAction,
    /// The round (or match) is over: nobody may act.
    RoundOver,
    /// The config breaks one of its own rules (documented per field).
    InvalidConfig,
    /// State bytes that are not a state of this game: wrong tag or version, wrong length, or a
    /// field that breaks an invariant.
    InvalidState,
    /// An output buffer too small for the answer.
    BufferTooSmall,
    /// A state the library rules out was reached: a bug (see [`crate::INTERNAL_TEXT`]).
    Internal,
}

impl Fault {
    /// Every shared kind.
    pub const ALL: [Fault; 8] = [
        Fault::NotYourTurn,
        Fault::NoSuchSeat,
        Fault::IllegalAction,
        Fault::RoundOver,
        Fault::InvalidConfig,
        Fault::InvalidState,
        Fault::BufferTooSmall,
        Fault::Internal,
    ];

    /// The one wording of this kind, the same in every game.
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Fault::NotYourTurn => "not this seat's turn",
            Fault::NoSuchSeat => "no such seat",
            Fault::IllegalAction => "illegal action",
            Fault::RoundOver => "the round or match is over",
            Fault::InvalidConfig => "invalid config",
            Fault::InvalidState => "invalid state bytes",
            Fault::BufferTooSmall => "buffer too small",
            Fault::Internal => crate::INTERNAL_TEXT,
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// A game's error type, as the one interface sees it.
pub trait GameError: fmt::Debug + fmt::Display + Copy {
    /// The shared kind of this error, or `None` for an error only this game has (a rule check's
    /// answer, a parse error naming a token, …).
    fn fault(&self) -> Option<Fault>;

    /// An error of the shared kind `fault` (for generic code: a short buffer, a foreign state).
    fn from_fault(fault: Fault) -> Self;
}

/// Per-seat (or per-team) scores: the score deltas of one round, or a match's running totals.
/// Integers in the game's own unit (dominoes: points in the config's unit; Tichu: team points;
/// Dou Dizhu: stake units; Mahjong: points). Tichu counts two entries (team 0 = seats 0 and 2,
/// team 1 = seats 1 and 3), every other game one per seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Scores {
    values: [i32; MAX_SEATS],
    len: u8,
}

impl Scores {
    /// The scores `values` (at most [`MAX_SEATS`]; more are cut, which no game has).
    #[must_use]
    pub fn new(values: &[i32]) -> Scores {
        let mut scores = Scores::default();
        for (slot, value) in scores.values.iter_mut().zip(values) {
            *slot = *value;
            scores.len = scores.len.saturating_add(1);
        }
        scores
    }

    /// The scores, in seat (or team) order.
    #[must_use]
    pub fn as_slice(&self) -> &[i32] {
        self.values.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// How many entries (seats or teams).
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no entries.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Display for Scores {
    /// The entries separated by one space: `-5200 0 6200 0` (the replay logs' outcome form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, value) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            crate::notation::Dec::from(*value).write_to(f)?;
        }
        Ok(())
    }
}

/// A finished match's result: each seat's place, 0 = first. Seats that share a result share a
/// place (partners, the two peasants of Dou Dizhu, a tie), so the winners are the seats at 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Placement {
    places: [u8; MAX_SEATS],
    len: u8,
}

impl Placement {
    /// A placement from each seat's place (0 = first), seat 0 first; at most [`MAX_SEATS`].
    #[must_use]
    pub fn new(places: &[u8]) -> Placement {
        let mut placement = Placement::default();
        for (slot, place) in placement.places.iter_mut().zip(places) {
            *slot = *place;
            placement.len = placement.len.saturating_add(1);
        }
        placement
    }

    /// Each seat's place, seat 0 first.
    #[must_use]
    pub fn places(&self) -> &[u8] {
        self.places.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// The place of `seat` (0 = first); `None` for a seat not at the table.
    #[must_use]
    pub fn place(&self, seat: Seat) -> Option<u8> {
        self.places().get(seat.index()).copied()
    }

    /// The winning seats (place 0), in seat order.
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        self.places()
            .iter()
            .zip(0u8..)
            .filter(|(place, _)| **place == 0)
            .map(|(_, seat)| Seat(seat))
    }
}

/// What applying an action to a [`Match`] did: the round's event, the finished round's outcome
/// when the action ended it (the match has then already dealt the next round, unless it is
/// over), and whether the match is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step<E, O> {
    /// The event of the round the action was applied to.
    pub event: E,
    /// The outcome of that round, when the action ended it.
    pub finished: Option<O>,
    /// Whether the match is over (no next round was dealt).
    pub match_over: bool,
}

/// A rule key of a game's [`Rules`]: what `--rule KEY=VALUE` and `parlor_config_set` accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleKey {
    /// The key, lower-case with dashes: `draw`, `bomb-after-passes`, `red-fives`.
    pub name: &'static str,
    /// The values it takes, as the user types them: `yes|no`, `0..=10000`, `every-double|none`.
    pub values: &'static str,
    /// One line: what the rule does and its source.
    pub doc: &'static str,
}

/// Why [`Rules::set`] refused a `KEY=VALUE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleError {
    /// The game has no rule of this name ([`Rules::KEYS`] lists them).
    UnknownKey,
    /// The rule exists, but the value is not one it takes ([`RuleKey::values`]).
    BadValue,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleError::UnknownKey => "unknown rule key",
            RuleError::BadValue => "value not accepted by this rule",
        })
    }
}

/// A game's rules variant (its `Config`): named presets and every rule flag by name.
pub trait Rules: Sized + Clone + fmt::Debug + PartialEq + 'static {
    /// The named presets, the default first: `(name, config)`.
    const PRESETS: &'static [(&'static str, Self)];

    /// Every rule key, in a fixed order.
    const KEYS: &'static [RuleKey];

    /// The preset called `name`; `None` for a name not in [`Rules::PRESETS`].
    fn preset(name: &str) -> Option<Self> {
        Self::PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, config)| config.clone())
    }

    /// Sets rule `key` to `value` (the text the user typed). The config is unchanged on an error.
    /// The combined config is checked when a round or match is made from it, not here.
    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError>;

    /// Writes the value of rule `key` as [`Rules::set`] takes it.
    fn write_value(&self, key: &str, out: &mut dyn fmt::Write) -> Result<(), RuleError>;

    /// The most bytes [`Rules::encode`] writes.
    const ENCODED_BYTES: usize;

    /// Writes the config's byte form (versioned; the C ABI stores configs this way) and returns
    /// its length; `None` when `out` is shorter than [`Rules::ENCODED_BYTES`].
    fn encode(&self, out: &mut [u8]) -> Option<usize>;

    /// The config of a byte form written by [`Rules::encode`], every field checked (a code that
    /// names nothing is refused); `None` for bytes that are not a config of this game. Whether
    /// the fields make sense together is `validate`'s question (a round or match refuses an
    /// invalid config with [`Fault::InvalidConfig`]).
    fn decode(bytes: &[u8]) -> Option<Self>;
}

/// One deal played out — a dominoes hand, a Tichu round, a Dou Dizhu deal, a Mahjong kyoku —
/// as a plain fixed-size value: `Clone`, no heap, no lifetimes; a copy is an undo point and a
/// search node. Every game's `Round` implements it (the trait is not object-safe: generic code
/// takes `R: Round`).
///
/// Who may act: [`Round::to_act`] is the seat whose turn it is (in a Mahjong call window the
/// first seat still to answer). Other seats may have out-of-turn rights ([`Round::may_act`]):
/// a Tichu bomb or Tichu call, the other seats of a Mahjong call window. Where such a right may
/// be used *before* the seat in turn acts, [`Round::INTERRUPTS`] is `true`.
pub trait Round: Clone + Sized {
    /// The game.
    const GAME: GameId;
    /// The most seats this game's table has (a config may use fewer: [`Round::seats`]).
    const SEATS: usize;
    /// The most legal actions a seat can have at once: a `legal_actions` buffer of this many
    /// entries always suffices.
    const MAX_ACTIONS: usize;
    /// The most bytes [`Round::encode`] writes.
    const ENCODED_BYTES: usize;
    /// Whether seats other than [`Round::to_act`] may act before it (Tichu: bombs and calls);
    /// when `false`, out-of-turn seats answer in turn as `to_act` reaches them.
    const INTERRUPTS: bool;

    /// The rules variant.
    type Config: Rules;
    /// What a seat does; crosses the C ABI as [`Round::action_code`].
    type Action: Copy + Eq + fmt::Debug + fmt::Display;
    /// What an applied action did.
    type Event: Copy + fmt::Debug;
    /// What one seat may know (never another seat's hidden cards).
    type Observation: Clone + fmt::Debug;
    /// The end of the round.
    type Outcome: Copy + fmt::Debug;
    /// The game's error.
    type Error: GameError;

    /// A round under `config` (validated), dealt from `seed` (`Deal::Seeded`: value-stable).
    fn seeded(config: &Self::Config, seed: u64) -> Result<Self, Self::Error>;

    /// [`Round::seeded`] into `place` (the caller's frame), returned there: a game may deal the
    /// round in place instead of moving a round-sized result through its calls (as
    /// [`Round::decode_trusted_cached_in`]). Default: [`Round::seeded`], written to `place`.
    fn seeded_in<'p>(
        place: &'p mut MaybeUninit<Self>,
        config: &Self::Config,
        seed: u64,
    ) -> Result<&'p mut Self, Self::Error> {
        Ok(place.write(Self::seeded(config, seed)?))
    }

    /// A round under `config` with the deal written in the game's replay-log notation (what a
    /// log's header line holds after `deal`; documented per game in `docs/<game>.md`).
    fn given(config: &Self::Config, deal: &str) -> Result<Self, Self::Error>;

    /// The config the round plays under.
    fn config(&self) -> &Self::Config;

    /// The seats at this table (`2..=`[`Round::SEATS`]).
    fn seats(&self) -> u8;

    /// The seat whose turn it is; `None` once the round is over. The seat in turn always has a
    /// legal action ([`Round::may_act`] is true for it): callers may rely on that without asking.
    fn to_act(&self) -> Option<Seat>;

    /// Whether `seat` has a legal action now (its turn or an out-of-turn right).
    fn may_act(&self, seat: Seat) -> bool;

    /// Calls `f` with every legal action of `seat` now, in the game's fixed order (nothing for a
    /// seat that may not act).
    fn for_each_legal_action<F: FnMut(Self::Action)>(&self, seat: Seat, f: F);

    /// [`Round::for_each_legal_action`] with a callback that may stop the walk.
    fn try_for_each_legal_action<F: FnMut(Self::Action) -> ControlFlow<()>>(&self, seat: Seat, f: F);

    /// Writes the first `min(total, out.len())` legal actions of `seat` into `out` (order of
    /// [`Round::for_each_legal_action`]) and returns the total.
    fn legal_actions(&self, seat: Seat, out: &mut [Self::Action]) -> usize {
        let mut total = 0usize;
        self.for_each_legal_action(seat, |action| {
            if let Some(slot) = out.get_mut(total) {
                *slot = action;
            }
            total = total.saturating_add(1);
        });
        total
    }

    /// How many legal actions `seat` has now.
    fn count_legal_actions(&self, seat: Seat) -> usize {
        let mut total = 0usize;
        self.for_each_legal_action(seat, |_| total = total.saturating_add(1));
        total
    }

    /// The legal action of index `n` (from 0, order of [`Round::for_each_legal_action`]);
    /// `None` when `n` ≥ the count. With [`Round::count_legal_actions`], a uniform choice needs
    /// no list.
    fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Self::Action> {
        let mut nth = Countdown::new(n);
        self.try_for_each_legal_action(seat, |action| nth.take(action));
        nth.found
    }

    /// Whether `action` is a call: a declaration that only raises the stakes (Tichu's Tichu and
    /// Grand Tichu), which [`Uniform`](super::bot::Uniform) takes only when it is the seat's only
    /// legal action — a seat calling at random loses nearly every call, and a match of such seats
    /// sinks below zero and never ends. Default: no action is a call.
    fn is_call(action: &Self::Action) -> bool {
        let _ = action;
        false
    }

    /// Whether any action of this game is a [call](Round::is_call); `false` (the default) lets
    /// [`Uniform`](super::bot::Uniform) draw straight from [`Round::count_legal_actions`].
    const HAS_CALLS: bool = false;

    /// How many legal actions of `seat` are not [calls](Round::is_call), when they are its
    /// first ones in the order of [`Round::for_each_legal_action`] (every call after them), so
    /// that [`Uniform`](super::bot::Uniform) draws among them from this count and
    /// [`Round::nth_legal_action`] without a list. `None` (the default): the game promises no
    /// such order, and `Uniform` walks the list.
    fn count_non_calls(&self, seat: Seat) -> Option<usize> {
        let _ = seat;
        None
    }

    /// Whether [`Round::apply`] would take `action` from `seat`.
    fn is_legal(&self, seat: Seat, action: Self::Action) -> bool;

    /// Takes `action` for `seat`. An error leaves the round unchanged; its shared kinds are
    /// [`Fault::NoSuchSeat`], [`Fault::RoundOver`], [`Fault::NotYourTurn`] and
    /// [`Fault::IllegalAction`].
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<Self::Event, Self::Error>;

    /// What `seat` may know now. Errors: [`Fault::NoSuchSeat`].
    fn observation(&self, seat: Seat) -> Result<Self::Observation, Self::Error>;

    /// The end, once the round is over.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// The round's score deltas in an outcome, as the replay log's `scores:` line prints them.
    fn outcome_scores(outcome: &Self::Outcome) -> Scores;

    /// The round's score deltas once it is over ([`Round::outcome_scores`] of
    /// [`Round::outcome`]); `None` while it goes on (or when its outcome is `None`). A game may
    /// work them out without building the whole outcome (on a microcontroller, its wins' hand
    /// values are stack). Default: [`Round::outcome_scores`] of [`Round::outcome`].
    fn outcome_deltas(&self) -> Option<Scores> {
        self.outcome().map(|outcome| Self::outcome_scores(&outcome))
    }

    /// Writes the round's byte form into `out` and returns its length (at most
    /// [`Round::ENCODED_BYTES`]). Errors: [`Fault::BufferTooSmall`].
    fn encode(&self, out: &mut [u8]) -> Result<usize, Self::Error>;

    /// The round of a byte form, every invariant checked. Errors: [`Fault::InvalidState`].
    fn decode(bytes: &[u8]) -> Result<Self, Self::Error>;

    /// The round of a byte form that this library wrote with [`Round::encode`] and that is known
    /// to be unchanged since (the C ABI keeps a 64-bit digest with each state and calls this only
    /// when the digest matches). A game may skip re-validation here; it must still never panic
    /// or misbehave on any bytes (a forged digest is possible), only answer wrongly. Default:
    /// [`Round::decode`].
    fn decode_trusted(bytes: &[u8]) -> Result<Self, Self::Error> {
        Self::decode(bytes)
    }

    /// The most bytes [`Round::encode_cache`] writes (0, the default: the game keeps no cache).
    const CACHE_BYTES: usize = 0;

    /// Writes the round's cache into `out` and returns its length (at most
    /// [`Round::CACHE_BYTES`]): facts derived from the byte form that
    /// [`Round::decode_trusted_cached`] reads back instead of recomputing them (Tichu: the state
    /// its action log replays to; Mahjong: each seat's waits). Not a portable form: only this
    /// library version reads it, and only next to the byte form it was written with (the C ABI
    /// keeps it after the payload of a sealed state, under the same digest). Default: nothing.
    /// Errors: [`Fault::BufferTooSmall`].
    fn encode_cache(&self, out: &mut [u8]) -> Result<usize, Self::Error> {
        let _ = out;
        Ok(0)
    }

    /// [`Round::decode_trusted`] with the cache [`Round::encode_cache`] wrote next to `bytes`,
    /// both known to be unchanged since: the derived facts are read from `cache`, not
    /// recomputed. Like [`Round::decode_trusted`] it must never panic on any bytes (only answer
    /// wrongly); an empty or foreign-length `cache` falls back to [`Round::decode_trusted`].
    /// Default: [`Round::decode_trusted`] (the cache is ignored).
    fn decode_trusted_cached(bytes: &[u8], cache: &[u8]) -> Result<Self, Self::Error> {
        let _ = cache;
        Self::decode_trusted(bytes)
    }

    /// Whether the game makes its rounds (and matches) in the caller's place:
    /// [`Round::decode_trusted_cached_in`], [`Round::seeded_in`] and their [`Match`] twins are
    /// its own, not the defaults (which write the by-value result to the place: a caller that
    /// holds only that result uses less stack with the by-value calls). Default: `false`.
    const IN_PLACE: bool = false;

    /// Whether the game deals its rounds (and matches) in the caller's place: its own
    /// [`Round::seeded_in`] and [`Match::new_in`] (as [`Round::IN_PLACE`] for the decode).
    /// Default: [`Round::IN_PLACE`].
    const DEALS_IN_PLACE: bool = Self::IN_PLACE;

    /// [`Round::decode_trusted_cached`] into `place` (the caller's frame), returned there: a game
    /// may read the round in place instead of moving a round-sized result through its calls (the
    /// C ABI decodes into its entry point's frame; on a microcontroller each move is stack).
    /// The same round and errors. Default: [`Round::decode_trusted_cached`], written to `place`.
    fn decode_trusted_cached_in<'p>(
        place: &'p mut MaybeUninit<Self>,
        bytes: &[u8],
        cache: &[u8],
    ) -> Result<&'p mut Self, Self::Error> {
        Ok(place.write(Self::decode_trusted_cached(bytes, cache)?))
    }

    /// Whether the game reads and checks its full decode in the caller's place:
    /// [`Round::decode_in`] and [`Match::decode_in`] are its own, not the defaults (which write
    /// the by-value result to the place). Default: `false`.
    const DECODES_IN_PLACE: bool = false;

    /// [`Round::decode`] into `place` (the caller's frame), returned there: every invariant
    /// checked as [`Round::decode`] checks it, without a round-sized result moved through the
    /// calls. The same round and errors. Default: [`Round::decode`], written to `place`.
    fn decode_in<'p>(place: &'p mut MaybeUninit<Self>, bytes: &[u8]) -> Result<&'p mut Self, Self::Error> {
        Ok(place.write(Self::decode(bytes)?))
    }

    /// Whether the round can be held in place as its own bytes: [`Round::raw_ref`],
    /// [`Round::raw_mut`] and [`Round::raw_bytes`] are the game's own (the C ABI then keeps
    /// these bytes in the caller's state and runs the round there, with no decode and no
    /// encode per call). Default: `false`.
    const RAW: bool = false;

    /// The round whose own memory `bytes` are (exactly `size_of::<Self>()` bytes, aligned for
    /// `Self`), borrowed in place; `None` for bytes of another length or alignment, or that are
    /// no round of this type. The check is of bit validity (every enum byte a variant, every
    /// flag 0 or 1: an O(fields) look, not a decode) and of the config
    /// ([`Round::decode_trusted`]'s checks); invariants across fields are not re-checked, so
    /// as with [`Round::decode_trusted`] bytes that break them give wrong answers, never a panic
    /// or undefined behaviour. Not a portable form: the layout is this library version's and
    /// the target's (its byte order); [`Round::encode`] stays the portable form. Default:
    /// `None` (the game keeps no raw form: [`Round::RAW`] is `false`).
    fn raw_ref(bytes: &[u8]) -> Option<&Self> {
        let _ = bytes;
        None
    }

    /// [`Round::raw_ref`], writable: the round changed in place changes `bytes`. Default: `None`.
    fn raw_mut(bytes: &mut [u8]) -> Option<&mut Self> {
        let _ = bytes;
        None
    }

    /// The round's own memory as bytes (what [`Round::raw_ref`] reads back; no padding byte is
    /// in it). Default: empty (the game keeps no raw form).
    fn raw_bytes(&self) -> &[u8] {
        &[]
    }

    /// How many of [`Round::raw_bytes`] hold the round: the rest are never read (a game whose
    /// log fills up from the start says where its entries end), so the C ABI's digest need not
    /// cover them. Default: all of them.
    fn raw_len(&self) -> usize {
        self.raw_bytes().len()
    }

    /// The action's code: a `u64` whose layout each game documents (and pins by vectors); the C
    /// ABI's form of an action.
    fn action_code(action: Self::Action) -> u64;

    /// The action of a code; `None` when the code names no action of this game (whether it is
    /// legal now is [`Round::is_legal`]'s question).
    fn action_from_code(code: u64) -> Option<Self::Action>;

    /// The action of a code for [`Round::apply`] only: a game may leave out checks of the code
    /// that `apply` makes anyway (Dou Dizhu: whether a play's cards read as its combination,
    /// which `apply` tests under the round's own rules), so that a C `apply` does not make them
    /// twice. Whatever it returns that [`Round::action_from_code`] would refuse, `apply` must
    /// refuse (an action `apply` takes is legal, and a legal action's code names it); the C ABI
    /// asks `action_from_code` after a refusal to tell an unknown code from an illegal action.
    /// By default [`Round::action_from_code`].
    fn action_to_apply(code: u64) -> Option<Self::Action> {
        Self::action_from_code(code)
    }

    /// The action written in the replay-log notation (what its `Display` prints). Errors: the
    /// game's parse errors, naming the bad token.
    fn parse_action(text: &str) -> Result<Self::Action, Self::Error>;

    /// Writes what `seat` may see, as text for a person or a UI: the own hand sorted, the table,
    /// the other seats' counts, whose turn it is, the scores — never another seat's hidden cards.
    /// Lines end with `\n`. Errors: [`Fault::NoSuchSeat`] (nothing written).
    fn write_view(&self, seat: Seat, out: &mut dyn fmt::Write) -> Result<(), Self::Error>;

    /// The order in which seats' simultaneous claims are served, the seat to act first, then
    /// the others; only the first [`Round::seats`] entries count.
    fn claim_order(&self) -> [Seat; MAX_SEATS] {
        let seats = self.seats().max(1);
        let first = self.to_act().map_or(0, |seat| seat.0);
        let mut order = [Seat(0); MAX_SEATS];
        let mut seat = Seat(first);
        for slot in order.iter_mut().take(usize::from(seats)) {
            *slot = seat;
            seat = seat.next(seats);
        }
        order
    }
}

/// Rounds played to a target: running scores, the dealer or leader rotation, each next round
/// dealt from [`round_seed`](super::round_seed). Every game's `Match` implements it.
pub trait Match: Clone + Sized {
    /// The game's round.
    type Round: Round;

    /// The most bytes [`Match::encode`] writes.
    const ENCODED_BYTES: usize;

    /// A match under `config` (validated), its first round dealt from `round_seed(seed, 0)`.
    /// Errors: [`Fault::InvalidConfig`].
    fn new(config: &<Self::Round as Round>::Config, seed: u64) -> Result<Self, <Self::Round as Round>::Error>;

    /// [`Match::new`] into `place` (the caller's frame), returned there (as
    /// [`Round::seeded_in`]). Default: [`Match::new`], written to `place`.
    fn new_in<'p>(
        place: &'p mut MaybeUninit<Self>,
        config: &<Self::Round as Round>::Config,
        seed: u64,
    ) -> Result<&'p mut Self, <Self::Round as Round>::Error> {
        Ok(place.write(Self::new(config, seed)?))
    }

    /// The round being played (the last one once the match is over).
    fn round(&self) -> &Self::Round;

    /// Takes `action` for `seat` in the current round; when that ends the round, scores it and
    /// deals the next one (unless the match is over). An error leaves the match unchanged
    /// (shared kinds as [`Round::apply`]; [`Fault::RoundOver`] once the match is over).
    #[allow(clippy::type_complexity)]
    fn apply(
        &mut self,
        seat: Seat,
        action: <Self::Round as Round>::Action,
    ) -> Result<Step<<Self::Round as Round>::Event, <Self::Round as Round>::Outcome>, <Self::Round as Round>::Error>;

    /// The running totals (per seat, per team in Tichu and partnership dominoes).
    fn scores(&self) -> Scores;

    /// Rounds finished so far.
    fn rounds_played(&self) -> u32;

    /// The result once the match is over; `None` while it goes on.
    fn result(&self) -> Option<Placement>;

    /// Whether the match is over.
    fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// As [`Match::apply`], reporting only the finished round's score deltas
    /// ([`Round::outcome_scores`] of the step's outcome; `None` while the round goes on) and
    /// whether the match is over: the same match afterwards and the same errors. A game may skip
    /// building the outcome (on a microcontroller, its wins' hand values are stack). Default:
    /// [`Match::apply`].
    fn apply_deltas(
        &mut self,
        seat: Seat,
        action: <Self::Round as Round>::Action,
    ) -> Result<(Option<Scores>, bool), <Self::Round as Round>::Error> {
        let step = self.apply(seat, action)?;
        Ok((
            step.finished
                .map(|outcome| <Self::Round as Round>::outcome_scores(&outcome)),
            step.match_over,
        ))
    }

    /// Whether the caller deals the match's rounds (Riichi's `Match::new_given`): such a match
    /// stops after each round until the game's own call deals the next, which this interface
    /// has no call for. Default: `false` (every round dealt from the match's seed).
    fn deals_given(&self) -> bool {
        false
    }

    /// Writes the match's byte form (round included); returns its length. Errors:
    /// [`Fault::BufferTooSmall`].
    fn encode(&self, out: &mut [u8]) -> Result<usize, <Self::Round as Round>::Error>;

    /// The match of a byte form, every invariant checked. Errors: [`Fault::InvalidState`].
    fn decode(bytes: &[u8]) -> Result<Self, <Self::Round as Round>::Error>;

    /// As [`Round::decode_trusted`], for a match: bytes this library wrote and that are known to
    /// be unchanged since. Default: [`Match::decode`].
    fn decode_trusted(bytes: &[u8]) -> Result<Self, <Self::Round as Round>::Error> {
        Self::decode(bytes)
    }

    /// The most bytes [`Match::encode_cache`] writes (default: its round's
    /// [`Round::CACHE_BYTES`]).
    const CACHE_BYTES: usize = <Self::Round as Round>::CACHE_BYTES;

    /// As [`Round::encode_cache`], for a match (default: its round's cache).
    fn encode_cache(&self, out: &mut [u8]) -> Result<usize, <Self::Round as Round>::Error> {
        self.round().encode_cache(out)
    }

    /// As [`Round::decode_trusted_cached`], for a match; an empty or foreign-length `cache`
    /// falls back to [`Match::decode_trusted`]. Default: [`Match::decode_trusted`] (the cache is
    /// ignored).
    fn decode_trusted_cached(bytes: &[u8], cache: &[u8]) -> Result<Self, <Self::Round as Round>::Error> {
        let _ = cache;
        Self::decode_trusted(bytes)
    }

    /// As [`Round::RAW`], for a match: the match can be held in place as its own bytes
    /// ([`Match::raw_ref`], [`Match::raw_mut`], [`Match::raw_bytes`]). Default: `false`.
    const RAW: bool = false;

    /// As [`Round::raw_ref`], for a match (its round's checks included). Default: `None`.
    fn raw_ref(bytes: &[u8]) -> Option<&Self> {
        let _ = bytes;
        None
    }

    /// As [`Round::raw_mut`], for a match. Default: `None`.
    fn raw_mut(bytes: &mut [u8]) -> Option<&mut Self> {
        let _ = bytes;
        None
    }

    /// As [`Round::raw_bytes`], for a match. Default: empty.
    fn raw_bytes(&self) -> &[u8] {
        &[]
    }

    /// As [`Round::decode_in`], for a match (see [`Round::DECODES_IN_PLACE`]). Default:
    /// [`Match::decode`], written to `place`.
    fn decode_in<'p>(
        place: &'p mut MaybeUninit<Self>,
        bytes: &[u8],
    ) -> Result<&'p mut Self, <Self::Round as Round>::Error> {
        Ok(place.write(Self::decode(bytes)?))
    }

    /// As [`Round::decode_trusted_cached_in`], for a match. Default:
    /// [`Match::decode_trusted_cached`], written to `place`.
    fn decode_trusted_cached_in<'p>(
        place: &'p mut MaybeUninit<Self>,
        bytes: &[u8],
        cache: &[u8],
    ) -> Result<&'p mut Self, <Self::Round as Round>::Error> {
        Ok(place.write(Self::decode_trusted_cached(bytes, cache)?))
    }
}

/// What a search bot needs of a game beyond [`Round`]: what a seat may believe (a whole round
/// consistent with its observation), a cheap playout policy, and a reward. Every game implements
/// it; `game::search` (ISMCTS) is written once over it.
pub trait Search: Round {
    /// The playout policy: cheap, deterministic for its seed (each game's greedy bot).
    type Playout: super::bot::Bot<Self>;

    /// A playout policy seeded `seed`.
    fn playout(seed: u64) -> Self::Playout;

    /// A full round consistent with what `seat` has observed, the cards (tiles) it cannot see
    /// drawn at random with `rng` from those consistent with everything public or inferable
    /// (exchanges it took part in, melds, discards, the kitty, played cards, counts, and the
    /// facts that exclude cards, documented per game). The seat's own hand and every public fact
    /// are kept; only hidden information changes. Errors: [`Fault::NoSuchSeat`].
    fn determinize(&self, seat: Seat, rng: &mut super::Rng) -> Result<Self, Self::Error>;

    /// [`Search::determinize`]'s round written to `out` (whatever `out` held before; after an
    /// error it holds some round, not a determinization): the same round for the same `rng`,
    /// which draws the same. The default moves `determinize`'s round there; a game may draw in
    /// place (no second round on the stack).
    fn determinize_in(&self, seat: Seat, rng: &mut super::Rng, out: &mut Self) -> Result<(), Self::Error> {
        *out = self.determinize(seat, rng)?;
        Ok(())
    }

    /// How good a finished round is for `seat`, in `0.0..=1.0` (1 = the best result; ties and
    /// partnerships per game: documented).
    fn reward(outcome: &Self::Outcome, seat: Seat) -> f32;

    /// How good this unfinished round looks for `seat`, in `0.0..=1.0` on [`Search::reward`]'s
    /// scale (a static evaluation: hands left, points taken); `None` when the game cannot tell
    /// here (the default: playouts then run to the end of the round). A search stops a playout
    /// after [`Search::PLAYOUT_PLIES`] actions at the first position this scores.
    fn evaluate(&self, seat: Seat) -> Option<f32> {
        let _ = seat;
        None
    }

    /// The actions a playout applies before it may stop at a position [`Search::evaluate`]
    /// scores (the default, `u32::MAX`: play to the end of the round).
    const PLAYOUT_PLIES: u32 = u32::MAX;

    /// Whether a search of `seat`'s decision here would only add noise to the playout policy's
    /// choice (a decision among far more actions than a level's iterations can compare, such as
    /// Tichu's 2,184 exchanges): the search then answers the policy's choice without iterating.
    /// The default: `false` (every decision is searched).
    fn policy_decides(&self, seat: Seat) -> bool {
        let _ = seat;
        false
    }

    /// The search's own choice for `seat` here, stronger than the playout policy's where the game
    /// has rules of thumb its cheap policy lacks (hand value, push or fold, the match standing):
    /// the root child expanded first and favoured, and the answer when nothing is searched.
    /// `None` (the default): the playout policy's choice. Deterministic for `seed`; reads only
    /// what `seat` may see.
    fn advice(&self, seat: Seat, seed: u64) -> Option<Self::Action> {
        let _ = (seat, seed);
        None
    }

    /// The search iterations of the levels easy, normal and hard
    /// ([`search::Level`](super::search::Level)); by default the game's figures in
    /// [`search::level_iterations`](super::search::level_iterations).
    const LEVEL_ITERATIONS: [u32; 3] = super::search::level_iterations(Self::GAME);
}

/// The item of index `n` of a walk, found by counting the items down as the walk reports them:
/// [`Round::nth_legal_action`]'s default and every game's walk to an index (the slow path
/// beside the closed-form counts, and the bare-metal builds' path).
pub(crate) struct Countdown<A> {
    /// The items still to let pass before the one wanted (what is left of `n` when the walk
    /// ended without it: `n` less the number of items walked).
    pub(crate) left: usize,
    /// The item of index `n`, once the walk reached it.
    pub(crate) found: Option<A>,
}

impl<A> Countdown<A> {
    /// A countdown to the item of index `n` (0 = the first).
    pub(crate) fn new(n: usize) -> Self {
        Countdown { left: n, found: None }
    }

    /// One item of the walk: let it pass (`Continue`), or keep it as the one wanted (`Break`:
    /// the walk may stop there).
    pub(crate) fn take(&mut self, item: A) -> ControlFlow<()> {
        match self.left.checked_sub(1) {
            Some(rest) => {
                self.left = rest;
                ControlFlow::Continue(())
            }
            None => {
                self.found = Some(item);
                ControlFlow::Break(())
            }
        }
    }
}
