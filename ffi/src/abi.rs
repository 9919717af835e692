//! One C function set for every game: configs (`parlor_config_*`), rounds (`parlor_round_*`),
//! matches (`parlor_match_*`), actions as `uint64_t` codes (`parlor_action_*`) and the bots
//! (`parlor_bot_*`). Each entry point checks its pointers, opens the caller's sealed state
//! (header + digest, see `state.rs`), picks the game with `dispatch!` and calls the generic
//! code of `generic.rs`.

use core::ffi::c_char;

use parlor_core::game::{GameId, Seat};

use crate::generic::{self, ACTION_NONE, BOT_GREEDY, BOT_LOWEST, BOT_RANDOM, BOT_SEARCH, StepReport};
use crate::state::{
    Facts, Kind, Opened, PARLOR_CONFIG_WORDS, PARLOR_STATE_WORDS, ParlorConfig, ParlorMatch, ParlorRound, bytes_of,
    bytes_of_mut, open, open_head,
};
use crate::util::{input_slice, input_str, optional_output, output, output_slice, status, write_plain};
use crate::{
    PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_INVALID_STATE, PARLOR_ERR_NO_SUCH_SEAT, PARLOR_ERR_NULL_POINTER,
    PARLOR_ERR_ROUND_NOT_OVER, PARLOR_ERR_ROUND_OVER, PARLOR_ERR_UNKNOWN_GAME, ParlorStatus,
};

/// Runs `$body` with `$R` the round type and `$M` the match type of game `$game` (a
/// `GameId`); a game not built into this library is `PARLOR_ERR_UNKNOWN_GAME`.
macro_rules! dispatch {
    ($game:expr, $R:ident, $M:ident => $body:expr) => {{
        #[allow(unreachable_patterns, unused_variables)]
        match $game {
            #[cfg(feature = "dominoes")]
            GameId::Dominoes => {
                #[allow(dead_code)]
                type $R = parlor_core::dominoes::Round;
                #[allow(dead_code)]
                type $M = parlor_core::dominoes::Match;
                apart(|| $body)
            }
            #[cfg(feature = "tichu")]
            GameId::Tichu => {
                #[allow(dead_code)]
                type $R = parlor_core::tichu::round::Round;
                #[allow(dead_code)]
                type $M = parlor_core::tichu::game_match::Match;
                apart(|| $body)
            }
            #[cfg(feature = "doudizhu")]
            GameId::Doudizhu => {
                #[allow(dead_code)]
                type $R = parlor_core::doudizhu::round::Round;
                #[allow(dead_code)]
                type $M = parlor_core::doudizhu::game_match::Match;
                apart(|| $body)
            }
            #[cfg(feature = "mahjong")]
            GameId::Mahjong => {
                #[allow(dead_code)]
                type $R = parlor_core::mahjong::Round;
                #[allow(dead_code)]
                type $M = parlor_core::mahjong::Match;
                apart(|| $body)
            }
            _ => Err(PARLOR_ERR_UNKNOWN_GAME),
        }
    }};
}

/// Runs one game's arm of `dispatch!` in a frame of its own: the entry point's frame then holds
/// no game's state, and each game's call uses only its own stack (not the largest game's, which
/// a `match` over the four arms in one frame would reserve for all).
///
/// A library of one game has one arm (no other game's frame to keep apart): the arm is then
/// inlined into the entry point (no call, no closure environment built and unpacked: about
/// 1.5 KB of flash of every one-game library; the deepest entry points' stacks 40-120 bytes
/// less, none more than 30 bytes more). `parlor_several_games` is set by `build.rs` when more
/// than one game's feature is on.
#[cfg_attr(parlor_several_games, inline(never))]
#[cfg_attr(not(parlor_several_games), inline(always))]
fn apart<T>(arm: impl FnOnce() -> T) -> T {
    arm()
}

/// Which game (`uint32_t`): the numbers of the core's `game::GameId`, fixed forever.
pub type ParlorGame = u32;
/// Five Up dominoes and its relatives (All Fives, the block game).
pub const PARLOR_GAME_DOMINOES: ParlorGame = 1;
/// Tichu.
pub const PARLOR_GAME_TICHU: ParlorGame = 2;
/// Dou Dizhu.
pub const PARLOR_GAME_DOUDIZHU: ParlorGame = 3;
/// Riichi Mahjong.
pub const PARLOR_GAME_MAHJONG: ParlorGame = 4;

/// Which bot (`uint32_t`) for parlor_bot_choose.
pub type ParlorBot = u32;
/// The first legal action in the game's documented legal-action order (the most passive one
/// first where there is one). Needs no scratch memory.
pub const PARLOR_BOT_LOWEST: ParlorBot = 1;
/// A uniformly random legal action, drawn from the seed (one draw per call: pass a new seed for
/// each choice), never a call (Tichu, Grand Tichu) unless that is the only legal action: a match
/// of seats calling at random sinks below zero and never ends. Needs no scratch memory.
pub const PARLOR_BOT_RANDOM: ParlorBot = 2;
/// The game's greedy bot (the search bot's playout policy; documented per game), its
/// tie-breaks drawn from the seed. Needs no scratch memory.
pub const PARLOR_BOT_GREEDY: ParlorBot = 3;
/// The search bot (information-set Monte Carlo tree search, docs/search.md), deterministic for
/// its seed; its strength level goes in bits 8-15: `PARLOR_BOT_SEARCH | (PARLOR_LEVEL_HARD << 8)`.
/// Its tree and the round its iterations play on live in the scratch memory
/// (parlor_bot_scratch_bytes; a smaller buffer only weakens it: one too short for that round
/// and the level's tree keeps the round on the stack, the tree over the whole buffer).
pub const PARLOR_BOT_SEARCH: ParlorBot = 4;
/// Search level easy (bits 8-15 of a PARLOR_BOT_SEARCH code): the smallest budget.
pub const PARLOR_LEVEL_EASY: u32 = 0;
/// Search level normal: the goal is 1 M instructions per decision on a Cortex-M4; measured on a
/// Cortex-M4F 0.63-0.88 M (Riichi 0.73 M: its advice at every level), docs/embedded.md.
pub const PARLOR_LEVEL_NORMAL: u32 = 1;
/// Search level hard: at most 32 KiB of scratch; the goal is 5 M instructions per decision on a
/// Cortex-M4; measured on a Cortex-M4F 3.3-5.6 M (Dou Dizhu's 5.6 M over it; Riichi 0.73 M),
/// docs/embedded.md.
pub const PARLOR_LEVEL_HARD: u32 = 2;

/// "No seat": parlor_round_to_act of a finished round (`UINT32_MAX`, an unsigned 32-bit value
/// like the seats it is compared with).
pub const PARLOR_NO_SEAT: u32 = u32::MAX;
/// "No action": the bot lets an out-of-turn right pass (the seat is not the one in turn).
/// No game uses this code for an action.
pub const PARLOR_ACTION_NONE: u64 = 0xFFFF_FFFF_FFFF_FFFF;
const _: () = assert!(PARLOR_ACTION_NONE == ACTION_NONE);
/// The most score entries of any game (parlor_round_outcome, parlor_match_scores): 4.
pub const PARLOR_MAX_SEATS: usize = 4;
const _: () = assert!(PARLOR_MAX_SEATS == parlor_core::game::MAX_SEATS);
/// The most legal actions a seat of any game can have at one moment (parlor_round_legal_actions):
/// 10,045, Dou Dizhu's (every reading of every play of a 20-card hand, and pass); Tichu 8,345,
/// dominoes 1,710, Mahjong 40. A buffer of this many codes (80,360 bytes) always suffices; a
/// size query (capacity 0) gives the count of the moment.
pub const PARLOR_MAX_LEGAL_ACTIONS: usize = 10_045;

/// Field selector of parlor_config_key: the key's name (`red-fives`).
pub const PARLOR_KEY_NAME: u32 = 0;
/// Field selector of parlor_config_key: the values it takes (`yes|no`).
pub const PARLOR_KEY_VALUES: u32 = 1;
/// Field selector of parlor_config_key: one line on what the rule does.
pub const PARLOR_KEY_DOC: u32 = 2;

/// Every game's byte forms (and caches) fit the one state size (and its config the config size): a game that
/// grows past it fails to build here, not at run time.
macro_rules! fits {
    ($feature:literal, $R:ty, $M:ty) => {
        #[cfg(feature = $feature)]
        const _: () = {
            // The byte form and the cache after it (`generic::seal_round`, `seal_match`).
            assert!(
                <$R as parlor_core::game::Round>::ENCODED_BYTES + <$R as parlor_core::game::Round>::CACHE_BYTES
                    <= crate::state::STATE_PAYLOAD
            );
            assert!(
                <$M as parlor_core::game::Match>::ENCODED_BYTES + <$M as parlor_core::game::Match>::CACHE_BYTES
                    <= crate::state::STATE_PAYLOAD
            );
            assert!(
                <<$R as parlor_core::game::Round>::Config as parlor_core::game::Rules>::ENCODED_BYTES
                    <= crate::state::CONFIG_PAYLOAD
            );
            assert!(<$R as parlor_core::game::Round>::ENCODED_BYTES <= u16::MAX as usize);
            // A round or match held in place: its own bytes fit, at the payload's 8-aligned
            // offset.
            assert!(
                !<$R as parlor_core::game::Round>::RAW
                    || (core::mem::size_of::<$R>() <= crate::state::STATE_PAYLOAD
                        && core::mem::align_of::<$R>() <= 8
                        && crate::state::HEADER_BYTES % 8 == 0)
            );
            assert!(
                !<$M as parlor_core::game::Match>::RAW
                    || (core::mem::size_of::<$M>() <= crate::state::STATE_PAYLOAD
                        && core::mem::align_of::<$M>() <= 8
                        && crate::state::HEADER_BYTES % 8 == 0)
            );
            assert!(<$R as parlor_core::game::Round>::MAX_ACTIONS <= crate::abi::PARLOR_MAX_LEGAL_ACTIONS);
        };
    };
}
fits!("dominoes", parlor_core::dominoes::Round, parlor_core::dominoes::Match);
fits!(
    "tichu",
    parlor_core::tichu::round::Round,
    parlor_core::tichu::game_match::Match
);
fits!(
    "doudizhu",
    parlor_core::doudizhu::round::Round,
    parlor_core::doudizhu::game_match::Match
);
fits!("mahjong", parlor_core::mahjong::Round, parlor_core::mahjong::Match);

const _: () = assert!(GameId::Dominoes as u32 == PARLOR_GAME_DOMINOES);
const _: () = assert!(GameId::Tichu as u32 == PARLOR_GAME_TICHU);
const _: () = assert!(GameId::Doudizhu as u32 == PARLOR_GAME_DOUDIZHU);
const _: () = assert!(GameId::Mahjong as u32 == PARLOR_GAME_MAHJONG);
const _: () = assert!(
    BOT_LOWEST == PARLOR_BOT_LOWEST
        && BOT_RANDOM == PARLOR_BOT_RANDOM
        && BOT_GREEDY == PARLOR_BOT_GREEDY
        && BOT_SEARCH == PARLOR_BOT_SEARCH
);
const _: () = assert!(
    matches!(
        generic::LEVEL_CODES[PARLOR_LEVEL_EASY as usize],
        parlor_core::game::search::Level::Easy
    ) && matches!(
        generic::LEVEL_CODES[PARLOR_LEVEL_NORMAL as usize],
        parlor_core::game::search::Level::Normal
    ) && matches!(
        generic::LEVEL_CODES[PARLOR_LEVEL_HARD as usize],
        parlor_core::game::search::Level::Hard
    )
);

/// What parlor_round_apply and parlor_match_apply report (plain integers; written only).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ParlorStep {
    /// 1 when the action ended the round (its scores are in `scores`), else 0.
    pub round_over: u8,
    /// 1 when the action ended the match (parlor_match_apply only), else 0.
    pub match_over: u8,
    /// Entries of `scores` used: the round's score deltas when `round_over` (seats, or teams in
    /// Tichu and partnership dominoes), else 0.
    pub score_count: u8,
    /// Always 0.
    pub reserved: u8,
    /// The finished round's score deltas, in seat (or team) order; 0 past `score_count`
    /// (Riichi's without the riichi declarers' 1000-point sticks: parlor_round_outcome).
    pub scores: [i32; PARLOR_MAX_SEATS],
}

impl From<&StepReport> for ParlorStep {
    fn from(report: &StepReport) -> ParlorStep {
        ParlorStep::of(
            report.round_over,
            report.match_over,
            report.round_over.then_some(&report.scores),
        )
    }
}

impl ParlorStep {
    /// The step of an action: whether it ended the round and the match, and the finished
    /// round's scores (`None` while the round goes on).
    pub(crate) fn of(round_over: bool, match_over: bool, scores: Option<&parlor_core::game::Scores>) -> ParlorStep {
        let mut step = ParlorStep {
            round_over: u8::from(round_over),
            match_over: u8::from(match_over),
            ..ParlorStep::default()
        };
        if let Some(scores) = scores {
            for (slot, value) in step.scores.iter_mut().zip(scores.as_slice()) {
                *slot = *value;
                step.score_count = step.score_count.saturating_add(1);
            }
        }
        step
    }
}

fn game_of(code: ParlorGame) -> Result<GameId, ParlorStatus> {
    GameId::from_code(code).ok_or(PARLOR_ERR_UNKNOWN_GAME)
}

/// A caller-owned sealed state type: its words and what kind of state it is.
trait Sealed {
    /// The kind its header must name.
    const KIND: Kind;
    /// Its `u64` words (it is `repr(C)`, one array of them).
    const WORDS: usize;
    /// Its bytes.
    fn bytes(&self) -> &[u8];
    /// Its bytes, writable.
    fn bytes_mut(&mut self) -> &mut [u8];
}

impl Sealed for ParlorConfig {
    const KIND: Kind = Kind::Config;
    const WORDS: usize = PARLOR_CONFIG_WORDS;
    fn bytes(&self) -> &[u8] {
        bytes_of::<PARLOR_CONFIG_WORDS>(&self.opaque)
    }
    fn bytes_mut(&mut self) -> &mut [u8] {
        bytes_of_mut::<PARLOR_CONFIG_WORDS>(&mut self.opaque)
    }
}

impl Sealed for ParlorRound {
    const KIND: Kind = Kind::Round;
    const WORDS: usize = PARLOR_STATE_WORDS;
    fn bytes(&self) -> &[u8] {
        bytes_of::<PARLOR_STATE_WORDS>(&self.opaque)
    }
    fn bytes_mut(&mut self) -> &mut [u8] {
        bytes_of_mut::<PARLOR_STATE_WORDS>(&mut self.opaque)
    }
}

impl Sealed for ParlorMatch {
    const KIND: Kind = Kind::Match;
    const WORDS: usize = PARLOR_STATE_WORDS;
    fn bytes(&self) -> &[u8] {
        bytes_of::<PARLOR_STATE_WORDS>(&self.opaque)
    }
    fn bytes_mut(&mut self) -> &mut [u8] {
        bytes_of_mut::<PARLOR_STATE_WORDS>(&mut self.opaque)
    }
}

/// Opens a caller's config, round or match for reading: its header and digest checked.
///
/// # Safety
/// `state` null or valid for reads of an `S`.
#[inline(always)]
unsafe fn open_state<'a, S: Sealed + 'a>(state: *const S) -> Result<Opened<'a>, ParlorStatus> {
    // SAFETY: forwarded contract: an `S` is `S::WORDS` `u64`s (`repr(C)`, one array), so its
    // pointer is one to as many words, with the same alignment.
    unsafe { open_words(state.cast::<u64>(), S::WORDS, S::KIND) }
}

/// [`open_state`] of every kind of state: one out-of-line copy (one per [`Sealed`] type
/// before, the same checks: null, misaligned, then [`open`]), for `words` words at `state`.
///
/// # Safety
/// `state` null or valid for reads of `words` initialised `u64`s that stay unmodified for `'a`.
#[inline(never)]
unsafe fn open_words<'a>(state: *const u64, words: usize, kind: Kind) -> Result<Opened<'a>, ParlorStatus> {
    // The checks of `input`, on the pointer itself (it covers all the words, not one).
    if state.is_null() {
        return Err(PARLOR_ERR_NULL_POINTER);
    }
    if !state.is_aligned() {
        return Err(PARLOR_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: non-null and aligned, valid for `words` words by the contract; a `u64` is 8
    // initialised bytes, `u8` has alignment 1 and every bit pattern is a `u8`.
    let bytes = unsafe { core::slice::from_raw_parts(state.cast::<u8>(), words * 8) };
    open(bytes, kind)
}

// `open_state`'s cast: each sealed type is its words, with their alignment.
const _: () = assert!(
    core::mem::size_of::<ParlorConfig>() == <ParlorConfig as Sealed>::WORDS * 8
        && core::mem::size_of::<ParlorRound>() == <ParlorRound as Sealed>::WORDS * 8
        && core::mem::size_of::<ParlorMatch>() == <ParlorMatch as Sealed>::WORDS * 8
        && core::mem::align_of::<ParlorConfig>() == core::mem::align_of::<u64>()
        && core::mem::align_of::<ParlorRound>() == core::mem::align_of::<u64>()
        && core::mem::align_of::<ParlorMatch>() == core::mem::align_of::<u64>()
);

/// The calls that answer one value about a state (mostly from its header): opens `state`,
/// computes `answer` and writes it to `out` (the state's checks first, then the answer's,
/// then the output pointer's).
///
/// # Safety
/// `state` null or valid for reads of an `S`; `out` null or valid for writes of a `T`.
unsafe fn answer<S: Sealed, T>(
    state: *const S,
    out: *mut T,
    answer: impl FnOnce(&Opened<'_>) -> Result<T, ParlorStatus>,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let opened = unsafe { open_state(state) };
        // Borrowed where the result lies (no copy of the opened state out of it).
        let opened = opened.as_ref().map_err(|&status| status)?;
        let value = answer(opened)?;
        // SAFETY: forwarded contract.
        *unsafe { output(out) }? = value;
        Ok(())
    })())
}

/// A fact of a state's header that a call answers as a `uint32_t` ([`head_answer`]).
#[derive(Clone, Copy)]
enum HeadFact {
    /// Its PARLOR_GAME_* code.
    Game,
    /// The seats at the table.
    Seats,
    /// The seat to act, or PARLOR_NO_SEAT.
    ToAct,
}

/// The calls that answer one fact of a state's header (its game, its seats, the seat to act)
/// from the result of [`open_state`] (the state's checks first, then the output pointer's): one
/// out-of-line copy for the seven of them (each its own [`answer`] before, about 30 bytes of
/// flash more per call).
///
/// # Safety
/// `out` null or valid for writes of a `u32`.
#[inline(never)]
unsafe fn head_answer(opened: &Result<Opened<'_>, ParlorStatus>, fact: HeadFact, out: *mut u32) -> ParlorStatus {
    status((|| {
        let opened = opened.as_ref().map_err(|&status| status)?;
        let value = match fact {
            HeadFact::Game => opened.game as u32,
            HeadFact::Seats => u32::from(opened.facts.seats),
            HeadFact::ToAct => seat_code(opened.facts.to_act),
        };
        // SAFETY: forwarded contract.
        *unsafe { output(out) }? = value;
        Ok(())
    })())
}

/// The calls that answer a list about a state (scores, places, bytes): opens `state`, checks
/// the output buffer of `capacity` entries and the count pointer, and lets `fill` write them.
///
/// # Safety
/// `state` null or valid for reads of an `S`; `out` null or valid for writes of `capacity`
/// `T`s; `count` null or valid for writes.
unsafe fn answer_list<S: Sealed, T>(
    state: *const S,
    out: *mut T,
    capacity: usize,
    count: *mut usize,
    fill: impl FnOnce(&Opened<'_>, &mut [T], &mut usize) -> Result<(), ParlorStatus>,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let opened = unsafe { open_state(state) };
        // Borrowed where the result lies (no copy of the opened state out of it).
        let opened = opened.as_ref().map_err(|&status| status)?;
        // SAFETY: forwarded contract.
        let out = unsafe { output_slice(out, capacity) }?;
        // SAFETY: forwarded contract.
        let count = unsafe { output(count) }?;
        fill(opened, out, count)
    })())
}

/// The calls that make a state from another (`_new` and `_new_given` from a config,
/// `parlor_match_round` from a match): opens `from`, checks `input` (a deal text, or nothing),
/// and lets `make` seal the new state straight into the caller's `out` (everything that can fail
/// happens before it writes).
///
/// # Safety
/// `from` null or valid for reads of an `F`; `out` null or valid for writes of an `S`.
unsafe fn made_from<F: Sealed, S: Sealed, I>(
    from: *const F,
    input: impl FnOnce() -> Result<I, ParlorStatus>,
    out: *mut S,
    make: impl FnOnce(&Opened<'_>, I, &mut [u8]) -> Result<(), ParlorStatus>,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let opened = unsafe { open_state(from) };
        // Borrowed where the result lies (no copy of the opened state out of it).
        let opened = opened.as_ref().map_err(|&status| status)?;
        let input = input()?;
        // SAFETY: forwarded contract.
        let out = unsafe { output(out) }?;
        make(opened, input, out.bytes_mut())
    })())
}

/// The calls that read a portable byte form (`_decode`): the game, the bytes, then `decode`
/// seals the state straight into the caller's `out` once the bytes are checked.
///
/// # Safety
/// `bytes` null or valid for reads of `len` bytes; `out` null or valid for writes of an `S`.
unsafe fn decoded<S: Sealed>(
    game: ParlorGame,
    bytes: *const u8,
    len: usize,
    out: *mut S,
    decode: impl FnOnce(GameId, &[u8], &mut [u8]) -> Result<(), ParlorStatus>,
) -> ParlorStatus {
    status((|| {
        let game = game_of(game)?;
        // SAFETY: forwarded contract.
        let bytes = unsafe { input_slice(bytes, len) }?;
        // SAFETY: forwarded contract.
        let out = unsafe { output(out) }?;
        decode(game, bytes, out.bytes_mut())
    })())
}

/// The calls that apply an action to a state (`parlor_round_apply`, `parlor_match_apply`):
/// opens `state`, checks `step` and the seat, refuses a state that is over, and lets `play`
/// apply it and seal the result back into the caller's state (through the pointer, once the
/// opened bytes are no longer read); the report goes to `step`.
///
/// # Safety
/// `state` null or valid for reads and writes of an `S`; `step` null or valid for writes.
unsafe fn applied<S: Sealed>(
    state: *mut S,
    seat: u32,
    step: *mut ParlorStep,
    over: impl FnOnce(&Facts) -> bool,
    play: impl FnOnce(&Opened<'_>, Seat, *mut S, Option<&mut ParlorStep>) -> Result<(), ParlorStatus>,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let opened = unsafe { open_state(state.cast_const()) };
        // Borrowed where the result lies (no copy of the opened state: this runs on every
        // `apply`).
        let opened = opened.as_ref().map_err(|&status| status)?;
        // SAFETY: forwarded contract.
        let step = unsafe { optional_output(step) }?;
        let seat = generic::seat_of(seat, opened.facts.seats)?;
        if over(&opened.facts) {
            return Err(PARLOR_ERR_ROUND_OVER);
        }
        play(opened, seat, state, step)
    })())
}

/// Writes `report` to the caller's `step` when it asked for one.
fn report_step(step: Option<&mut ParlorStep>, report: &StepReport) {
    if let Some(step) = step {
        *step = ParlorStep::from(report);
    }
}

/// The seat to act as a C number.
fn seat_code(seat: Option<Seat>) -> u32 {
    seat.map_or(PARLOR_NO_SEAT, |seat| u32::from(seat.0))
}

/// Whether `seat` may act, from the header facts.
/// Whether `seat` may act in an opened round state: from the header facts, asking the held
/// round about a seat not in turn ([`Facts::ask_others`]).
fn may_act_in_round(opened: &Opened<'_>, seat: Seat) -> Result<bool, ParlorStatus> {
    if !opened.facts.ask_others {
        return Ok(opened.facts.may_act(seat, || false));
    }
    dispatch!(opened.game, R, M => generic::round_may_act::<R>(opened, seat))
}

/// [`may_act_in_round`] of an opened match state: its current round's.
fn may_act_in_match(opened: &Opened<'_>, seat: Seat) -> Result<bool, ParlorStatus> {
    if !opened.facts.ask_others {
        return Ok(opened.facts.may_act(seat, || false));
    }
    dispatch!(opened.game, R, M => generic::match_may_act::<M>(opened, seat))
}

// ===================================================================== status-free queries

/// @brief The game of a config, round or match code, by name.
///
/// @param[in] game A ParlorGame code.
/// @return A static NUL-terminated name (`"dominoes"`, `"tichu"`, `"doudizhu"`, `"mahjong"`),
///         or `""` for a code that names no game.
#[unsafe(no_mangle)]
pub extern "C" fn parlor_game_name(game: ParlorGame) -> *const c_char {
    let name: &'static core::ffi::CStr = match GameId::from_code(game) {
        Some(GameId::Dominoes) => c"dominoes",
        Some(GameId::Tichu) => c"tichu",
        Some(GameId::Doudizhu) => c"doudizhu",
        Some(GameId::Mahjong) => c"mahjong",
        None => c"",
    };
    name.as_ptr()
}

// ===================================================================== configs

/// @brief Makes a game's named rules preset.
///
/// The names are the command line's `--preset` names (parlor_config_preset_name lists them);
/// an empty name is the game's default preset.
///
/// @param[in] game The game (PARLOR_GAME_*).
/// @param[in] name The preset's name, UTF-8, not NUL-terminated (may be null when @p len is 0).
/// @param[in] len Bytes of @p name.
/// @param[out] config Receives the config (written only on success).
/// @return A status.
/// @retval PARLOR_OK @p config holds the preset.
/// @retval PARLOR_ERR_UNKNOWN_GAME @p game names no game of this library.
/// @retval PARLOR_ERR_UNKNOWN_PRESET The game has no preset of that name.
/// @retval PARLOR_ERR_INVALID_UTF8 @p name is not UTF-8.
/// @retval PARLOR_ERR_NULL_POINTER @p config is null, or @p name is null with @p len > 0.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_config_preset(
    game: ParlorGame,
    name: *const c_char,
    len: usize,
    config: *mut ParlorConfig,
) -> ParlorStatus {
    status((|| {
        let game = game_of(game)?;
        // SAFETY: the caller's contract (documented above).
        let name = unsafe { input_str(name, len) }?;
        // SAFETY: as above.
        let out = unsafe { output(config) }?;
        let mut words = [0u64; PARLOR_CONFIG_WORDS];
        dispatch!(game, R, M => {
            let chosen = if name.is_empty() {
                generic::preset_name::<<R as parlor_core::game::Round>::Config>(0)
                    .and_then(generic::preset::<<R as parlor_core::game::Round>::Config>)?
            } else {
                generic::preset::<<R as parlor_core::game::Round>::Config>(name)?
            };
            generic::seal_config(game, &chosen, bytes_of_mut(&mut words))
        })?;
        out.opaque = words;
        Ok(())
    })())
}

/// @brief The name of a game's preset number @p index (0 = the default).
///
/// @param[in] game The game (PARLOR_GAME_*).
/// @param[in] index The preset's number, from 0.
/// @param[out] buf Receives the NUL-terminated name (may be null when @p capacity is 0).
/// @param[in] capacity Bytes of @p buf; 0 asks for the length only.
/// @param[out] len Receives the name's length without the NUL (may be null).
/// @return A status.
/// @retval PARLOR_OK The name is in @p buf (or its length in @p len for a size query).
/// @retval PARLOR_ERR_UNKNOWN_GAME @p game names no game of this library.
/// @retval PARLOR_ERR_UNKNOWN_PRESET @p index is past the last preset.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p buf cannot hold the name and its NUL.
/// @retval PARLOR_ERR_NULL_POINTER @p buf is null with @p capacity > 0.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_config_preset_name(
    game: ParlorGame,
    index: usize,
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
) -> ParlorStatus {
    status((|| {
        let game = game_of(game)?;
        let name = dispatch!(game, R, M => generic::preset_name::<<R as parlor_core::game::Round>::Config>(index))?;
        // SAFETY: the caller's contract (documented above).
        unsafe { write_plain(name, buf, capacity, len) }
    })())
}

/// @brief Sets one rule of a config by key, as the command line's `--rule KEY=VALUE` does.
///
/// The keys of a game are listed by parlor_config_key; the config is unchanged on an error.
/// Whether the rules make sense together is checked when a round or match is made.
///
/// @param[in,out] config The config to change.
/// @param[in] key The rule key, UTF-8, not NUL-terminated (`red-fives`).
/// @param[in] key_len Bytes of @p key.
/// @param[in] value The value as the command line takes it, UTF-8, not NUL-terminated (`yes`).
/// @param[in] value_len Bytes of @p value.
/// @return A status.
/// @retval PARLOR_OK The rule is set.
/// @retval PARLOR_ERR_UNKNOWN_RULE The game has no rule of that key.
/// @retval PARLOR_ERR_BAD_RULE_VALUE The rule does not take that value.
/// @retval PARLOR_ERR_INVALID_STATE @p config is not a config made by this library.
/// @retval PARLOR_ERR_INVALID_UTF8 @p key or @p value is not UTF-8.
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_config_set(
    config: *mut ParlorConfig,
    key: *const c_char,
    key_len: usize,
    value: *const c_char,
    value_len: usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract (documented above).
        let key = unsafe { input_str(key, key_len) }?;
        // SAFETY: as above.
        let value = unsafe { input_str(value, value_len) }?;
        // SAFETY: as above.
        let opened = unsafe { open_state(config) };
        // Borrowed where the result lies (no copy of the opened state out of it).
        let opened = opened.as_ref().map_err(|&status| status)?;
        let game = opened.game;
        let mut words = [0u64; PARLOR_CONFIG_WORDS];
        dispatch!(game, R, M => {
            let mut rules = generic::config_of::<<R as parlor_core::game::Round>::Config>(opened)?;
            generic::set_rule(&mut rules, key, value)?;
            generic::seal_config(game, &rules, bytes_of_mut(&mut words))
        })?;
        // SAFETY: as above (checked non-null and aligned by `open_state`).
        let out = unsafe { output(config) }?;
        // A copy of a local into the caller's config, said to be one: as `out.opaque = words`
        // the optimizer made it a `memmove`, linked for this copy alone (658 bytes on the M4F).
        // SAFETY: `words` is a local, `out` the caller's config: two distinct, aligned arrays.
        unsafe { core::ptr::copy_nonoverlapping(&words, &mut out.opaque, 1) };
        Ok(())
    })())
}

/// @brief The value of one rule of a config, as text parlor_config_set takes.
///
/// @param[in] config The config.
/// @param[in] key The rule key, UTF-8, not NUL-terminated.
/// @param[in] key_len Bytes of @p key.
/// @param[out] buf Receives the NUL-terminated value (may be null when @p capacity is 0).
/// @param[in] capacity Bytes of @p buf; 0 asks for the length only.
/// @param[out] len Receives the value's length without the NUL (may be null).
/// @return A status.
/// @retval PARLOR_OK The value is in @p buf (or its length in @p len).
/// @retval PARLOR_ERR_UNKNOWN_RULE The game has no rule of that key.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p buf cannot hold the value and its NUL.
/// @retval PARLOR_ERR_INVALID_STATE @p config is not a config made by this library.
/// @retval PARLOR_ERR_INVALID_UTF8 @p key is not UTF-8.
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_config_get(
    config: *const ParlorConfig,
    key: *const c_char,
    key_len: usize,
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract (documented above).
        let key = unsafe { input_str(key, key_len) }?;
        // SAFETY: as above.
        let opened = unsafe { open_state(config) };
        // Borrowed where the result lies (no copy of the opened state out of it).
        let opened = opened.as_ref().map_err(|&status| status)?;
        dispatch!(opened.game, R, M => {
            let rules = generic::config_of::<<R as parlor_core::game::Round>::Config>(opened)?;
            // SAFETY: as above.
            unsafe { generic::rule_value(&rules, key, buf, capacity, len) }
        })
    })())
}

/// @brief Lists a game's rule keys: one field of key number @p index.
///
/// Keys are numbered from 0 in a fixed order; the first index past the last one answers
/// PARLOR_ERR_UNKNOWN_RULE.
///
/// @param[in] game The game (PARLOR_GAME_*).
/// @param[in] index The key's number, from 0.
/// @param[in] field PARLOR_KEY_NAME, PARLOR_KEY_VALUES or PARLOR_KEY_DOC.
/// @param[out] buf Receives the NUL-terminated text (may be null when @p capacity is 0).
/// @param[in] capacity Bytes of @p buf; 0 asks for the length only.
/// @param[out] len Receives the text's length without the NUL (may be null).
/// @return A status.
/// @retval PARLOR_OK The text is in @p buf (or its length in @p len).
/// @retval PARLOR_ERR_UNKNOWN_GAME @p game names no game of this library.
/// @retval PARLOR_ERR_UNKNOWN_RULE @p index is past the last key.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p field is not a PARLOR_KEY_* code.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p buf cannot hold the text and its NUL.
/// @retval PARLOR_ERR_NULL_POINTER @p buf is null with @p capacity > 0.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_config_key(
    game: ParlorGame,
    index: usize,
    field: u32,
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
) -> ParlorStatus {
    status((|| {
        let game = game_of(game)?;
        let text =
            dispatch!(game, R, M => generic::rule_key_text::<<R as parlor_core::game::Round>::Config>(index, field))?;
        // SAFETY: the caller's contract (documented above).
        unsafe { write_plain(text, buf, capacity, len) }
    })())
}

/// @brief The game of a config.
///
/// @param[in] config The config.
/// @param[out] game Receives its PARLOR_GAME_* code.
/// @return A status.
/// @retval PARLOR_OK @p game is written.
/// @retval PARLOR_ERR_INVALID_STATE @p config is not a config made by this library.
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_config_game(config: *const ParlorConfig, game: *mut ParlorGame) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe { head_answer(&open_state(config), HeadFact::Game, game) }
}

// ===================================================================== rounds

/// @brief Deals a round of the config's game from a seed (the same cards in every version).
///
/// @param[in] config The rules (parlor_config_preset, parlor_config_set).
/// @param[in] seed The deal seed.
/// @param[out] round Receives the round (written only on success).
/// @return A status.
/// @retval PARLOR_OK @p round holds the new round.
/// @retval PARLOR_ERR_INVALID_CONFIG The rules do not make sense together.
/// @retval PARLOR_ERR_INVALID_STATE @p config is not a config made by this library.
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_new(
    config: *const ParlorConfig,
    seed: u64,
    round: *mut ParlorRound,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        made_from(
            config,
            || Ok(()),
            round,
            |opened, (), out| dispatch!(opened.game, R, M => generic::with_new_round::<R, _>(opened, seed, |round| generic::seal_round(round, out))),
        )
    }
}

/// @brief Deals a round of the config's game from an explicit deal, written as the game's
/// replay-log header writes it after its `deal` word — Mahjong's after `wall` — without that
/// word: dominoes `<hand 0> | <hand 1> [| …] | boneyard <tiles>`, Tichu four hands of 14 suited
/// cards separated by spaces, each hand one word (`2j3j…`: no space or comma inside a hand), Dou
/// Dizhu `<h0> <h1> <h2> <kitty> [first <seat>]`, Mahjong `<136 tile ids> [start …]`
/// (each game's page in docs/).
///
/// @param[in] config The rules.
/// @param[in] deal The deal text, UTF-8, not NUL-terminated.
/// @param[in] len Bytes of @p deal.
/// @param[out] round Receives the round (written only on success).
/// @return A status.
/// @retval PARLOR_OK @p round holds the new round.
/// @retval PARLOR_ERR_BAD_DEAL The text is not a deal of this game under these rules.
/// @retval PARLOR_ERR_INVALID_CONFIG The rules do not make sense together.
/// @retval PARLOR_ERR_INVALID_STATE @p config is not a config made by this library.
/// @retval PARLOR_ERR_INVALID_UTF8 @p deal is not UTF-8.
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_new_given(
    config: *const ParlorConfig,
    deal: *const c_char,
    len: usize,
    round: *mut ParlorRound,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    let text = || unsafe { input_str(deal, len) };
    // SAFETY: as above.
    unsafe {
        made_from(
            config,
            text,
            round,
            |opened, text, out| dispatch!(opened.game, R, M => generic::seal_given_round::<R>(opened, text, out)),
        )
    }
}

/// @brief The game of a round.
///
/// @param[in] round The round.
/// @param[out] game Receives its PARLOR_GAME_* code.
/// @return A status.
/// @retval PARLOR_OK @p game is written.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_game(round: *const ParlorRound, game: *mut ParlorGame) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe { head_answer(&open_state(round), HeadFact::Game, game) }
}

/// @brief The number of seats at a round's table (seats are 0 .. seats-1, in turn order).
///
/// @param[in] round The round.
/// @param[out] seats Receives the count (2-4).
/// @return A status.
/// @retval PARLOR_OK @p seats is written.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_seats(round: *const ParlorRound, seats: *mut u32) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe { head_answer(&open_state(round), HeadFact::Seats, seats) }
}

/// @brief The seat whose turn it is (in a Riichi call window: the first seat still to answer).
///
/// Reads the seat the header caches after checking the header and the digest of the whole state
/// (no decoding: one hashing pass, so a changed byte anywhere is PARLOR_ERR_INVALID_STATE). Other
/// seats may also have out-of-turn rights: parlor_round_may_act.
///
/// @param[in] round The round.
/// @param[out] seat Receives the seat, or PARLOR_NO_SEAT once the round is over.
/// @return A status.
/// @retval PARLOR_OK @p seat is written.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_to_act(round: *const ParlorRound, seat: *mut u32) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe { head_answer(&open_state(round), HeadFact::ToAct, seat) }
}

/// @brief Whether a seat has a legal action now (its turn, or an out-of-turn right such as a
/// Tichu bomb or a Riichi call). For the seat in turn it reads the header's cached facts (after
/// checking the header and the state's digest, no decoding); any
/// other seat is asked of the round itself (every game's round is held in place since layout
/// version 6, docs/c-abi.md), so it always agrees with parlor_round_legal_action_count.
///
/// @param[in] round The round.
/// @param[in] seat The seat.
/// @param[out] may_act Receives 1 or 0.
/// @return A status.
/// @retval PARLOR_OK @p may_act is written.
/// @retval PARLOR_ERR_NO_SUCH_SEAT The table has no seat @p seat.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_may_act(round: *const ParlorRound, seat: u32, may_act: *mut u8) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        answer(round, may_act, |opened| {
            may_act_in_round(opened, generic::seat_of(seat, opened.facts.seats)?).map(u8::from)
        })
    }
}

/// @brief The legal actions of a seat, as action codes in the game's documented order.
///
/// Writes as many codes as fit into @p out and the total into @p total. A seat that may not act
/// now has none (total 0). A buffer of #PARLOR_MAX_LEGAL_ACTIONS codes always suffices (or of the
/// game's own most: its figure there); capacity 0 asks for the total only.
///
/// @param[in] round The round.
/// @param[in] seat The seat.
/// @param[out] out Receives the codes (may be null when @p capacity is 0).
/// @param[in] capacity Entries of @p out.
/// @param[out] total Receives the number of legal actions (required, with capacity 0 too).
/// @return A status.
/// @retval PARLOR_OK All codes are in @p out (or the total in @p total for capacity 0).
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p out holds the first @p capacity codes; @p total has the count.
/// @retval PARLOR_ERR_NO_SUCH_SEAT The table has no seat @p seat.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p out or @p total is misaligned.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_legal_actions(
    round: *const ParlorRound,
    seat: u32,
    out: *mut u64,
    capacity: usize,
    total: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract (documented above).
        let opened = unsafe { open_state(round) };
        // Borrowed where the result lies (no copy of the opened state out of it).
        let opened = opened.as_ref().map_err(|&status| status)?;
        let seat = generic::seat_of(seat, opened.facts.seats)?;
        // SAFETY: as above.
        let out = unsafe { output_slice(out, capacity) }?;
        // SAFETY: as above.
        let total = unsafe { output(total) }?;
        if !may_act_in_round(opened, seat)? {
            *total = 0;
            return Ok(());
        }
        dispatch!(opened.game, R, M => {
            generic::with_round::<R, _>(opened, |round| generic::legal_actions(round, seat, out, total))
        })
    })())
}

/// @brief The number of legal actions of a seat (with parlor_round_legal_action_at, a uniform
/// random choice needs no list).
///
/// @param[in] round The round.
/// @param[in] seat The seat.
/// @param[out] count Receives the count (0 for a seat that may not act now).
/// @return A status.
/// @retval PARLOR_OK @p count is written.
/// @retval PARLOR_ERR_NO_SUCH_SEAT The table has no seat @p seat.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_legal_action_count(
    round: *const ParlorRound,
    seat: u32,
    count: *mut usize,
) -> ParlorStatus {
    // SAFETY: the caller's contract; a size query of the list.
    unsafe { parlor_round_legal_actions(round, seat, core::ptr::null_mut(), 0, count) }
}

/// @brief The code of legal action number @p index of a seat (order of
/// parlor_round_legal_actions).
///
/// @param[in] round The round.
/// @param[in] seat The seat.
/// @param[in] index The action's number, from 0.
/// @param[out] code Receives the action code.
/// @return A status.
/// @retval PARLOR_OK @p code is written.
/// @retval PARLOR_ERR_INVALID_ARGUMENT @p index is not below the count of legal actions.
/// @retval PARLOR_ERR_NO_SUCH_SEAT The table has no seat @p seat.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_legal_action_at(
    round: *const ParlorRound,
    seat: u32,
    index: usize,
    code: *mut u64,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract (documented above).
        let opened = unsafe { open_state(round) };
        // Borrowed where the result lies (no copy of the opened state out of it).
        let opened = opened.as_ref().map_err(|&status| status)?;
        let seat = generic::seat_of(seat, opened.facts.seats)?;
        // SAFETY: as above.
        let code = unsafe { output(code) }?;
        if !may_act_in_round(opened, seat)? {
            return Err(PARLOR_ERR_INVALID_ARGUMENT);
        }
        *code = dispatch!(opened.game, R, M => {
            generic::with_round::<R, _>(opened, |round| generic::legal_action_at(round, seat, index))
        })?;
        Ok(())
    })())
}

/// @brief Takes an action for a seat. On an error the round is unchanged.
///
/// @param[in,out] round The round.
/// @param[in] seat The seat acting.
/// @param[in] code The action's code (parlor_round_legal_actions, parlor_action_parse).
/// @param[out] step Receives whether the round ended and its scores (may be null).
/// @return A status.
/// @retval PARLOR_OK The action is taken.
/// @retval PARLOR_ERR_UNKNOWN_ACTION @p code names no action of this game.
/// @retval PARLOR_ERR_ILLEGAL_ACTION The seat may act, but not this action.
/// @retval PARLOR_ERR_NOT_YOUR_TURN The seat may not act now.
/// @retval PARLOR_ERR_ROUND_OVER The round is over.
/// @retval PARLOR_ERR_NO_SUCH_SEAT The table has no seat @p seat.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER @p round is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_apply(
    round: *mut ParlorRound,
    seat: u32,
    code: u64,
    step: *mut ParlorStep,
) -> ParlorStatus {
    status((|| {
        // The header and digest checked (`open_head`), then the step pointer, the seat and whether
        // the round is over, as every `applied` call; then the game's call, with its arguments
        // in registers (no `dispatch!` closure and its captured environment: with the header
        // read as words, about 80 instructions fewer per call on a Cortex-M4).
        if round.is_null() {
            return Err(PARLOR_ERR_NULL_POINTER);
        }
        if !round.is_aligned() {
            return Err(PARLOR_ERR_INVALID_ARGUMENT);
        }
        // SAFETY: the caller's contract (documented above): `round` (non-null and aligned) is
        // valid for reads.
        let head = open_head(unsafe { &*round }.bytes(), Kind::Round)?;
        // SAFETY: the caller's contract (documented above).
        let step = unsafe { optional_output(step) }?;
        // The seat below the header's count (at most `MAX_SEATS`): one compare of the `u32`.
        if seat >= u32::from(head.seats()) {
            return Err(PARLOR_ERR_NO_SUCH_SEAT);
        }
        let [seat, ..] = seat.to_le_bytes();
        let seat = Seat(seat);
        if head.round_over() {
            return Err(PARLOR_ERR_ROUND_OVER);
        }
        let len = head.len();
        // Without any game compiled in, only the last arm is left (no unsafe call).
        #[allow(unused_unsafe)]
        // SAFETY: the caller's contract (documented above): `round` is valid for reads and
        // writes; the header read above is not borrowed any more.
        let applied = unsafe {
            // The header's game byte matched as it is (a code that names no game: an invalid
            // state, as `open` refuses it; a game not compiled in: unknown).
            match head.game_code() {
                #[cfg(feature = "dominoes")]
                c if c == GameId::Dominoes as u32 => {
                    round_apply_as::<parlor_core::dominoes::Round>(round, len, seat, code, step)
                }
                #[cfg(feature = "tichu")]
                c if c == GameId::Tichu as u32 => {
                    round_apply_as::<parlor_core::tichu::round::Round>(round, len, seat, code, step)
                }
                #[cfg(feature = "doudizhu")]
                c if c == GameId::Doudizhu as u32 => {
                    round_apply_as::<parlor_core::doudizhu::round::Round>(round, len, seat, code, step)
                }
                #[cfg(feature = "mahjong")]
                c if c == GameId::Mahjong as u32 => {
                    round_apply_as::<parlor_core::mahjong::Round>(round, len, seat, code, step)
                }
                c if GameId::from_code(c).is_some() => Err(PARLOR_ERR_UNKNOWN_GAME),
                _ => Err(PARLOR_ERR_INVALID_STATE),
            }
        };
        applied
    })())
}

/// [`parlor_round_apply`] of game `R` once the state's header, the step pointer, the seat and
/// the round's not being over are checked (`len`: the payload's length from the header).
/// Inlined into `parlor_round_apply` (session 20, issue 27: a frame of its own cost every C
/// `apply` about 15 instructions of calls, saves and arguments passed on the stack; a library
/// of one game has the one arm, and the arms' frames do not add up).
///
/// # Safety
/// `round` non-null, aligned and valid for reads and writes of a `ParlorRound`, not borrowed.
#[inline(always)]
unsafe fn round_apply_as<R: parlor_core::game::Round>(
    round: *mut ParlorRound,
    len: usize,
    seat: Seat,
    code: u64,
    step: Option<&mut ParlorStep>,
) -> Result<(), ParlorStatus> {
    if R::RAW {
        // Held in place: applied to the caller's bytes, then the header resealed.
        // SAFETY: forwarded contract.
        let out = unsafe { &mut *round };
        return generic::apply_in_place::<R>(out.bytes_mut(), len, seat, code, step);
    }
    // SAFETY: forwarded contract.
    let opened = open(unsafe { &*round }.bytes(), Kind::Round)?;
    // Decoded into this frame's one value (borrowed, not moved), changed in place and encoded
    // straight into the caller's state.
    generic::with_round_mut::<R, _>(&opened, |played| {
        generic::apply_round(played, seat, code)?;
        // SAFETY: forwarded contract: `round` is valid for writes; the opened bytes are not
        // read after this.
        let out = unsafe { output(round) }?;
        generic::seal_round(played, out.bytes_mut())?;
        report_step(
            step,
            &StepReport {
                round_over: played.to_act().is_none(),
                match_over: false,
                scores: generic::round_scores(played).unwrap_or_default(),
            },
        );
        Ok(())
    })
}

/// @brief The score deltas of a finished round, in seat order (Tichu and partnership dominoes:
/// per team, team 0 = seats 0 and 2).
///
/// Dominoes' points are in the config's unit (rule key `unit`: `fives` or `total`): Five Up (the default
/// preset) counts fives, so an open-end total of 15 scores 3 and a match goes to 61; All Fives
/// and the block game count the pip totals themselves.
///
/// Riichi's deltas are as game records (Tenhou) write them: the payments and the riichi sticks
/// the winner collects, without the 1000 points each riichi declarer put down during this round
/// (those left the declarer's points when the riichi stood), so they need not sum to 0: a
/// scoreboard adds them to the points the round's view showed at its start less 1000 per
/// declarer, or reads the points from the match (parlor_match_scores).
///
/// @param[in] round The round.
/// @param[out] scores Receives the scores (may be null when @p capacity is 0).
/// @param[in] capacity Entries of @p scores; PARLOR_MAX_SEATS always suffices; 0 asks for the count.
/// @param[out] count Receives the number of entries (required, with capacity 0 too).
/// @return A status.
/// @retval PARLOR_OK The scores are in @p scores (or the count in @p count).
/// @retval PARLOR_ERR_ROUND_NOT_OVER The round goes on (the same status in every game).
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p scores holds the first @p capacity entries.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_outcome(
    round: *const ParlorRound,
    scores: *mut i32,
    capacity: usize,
    count: *mut usize,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        answer_list(round, scores, capacity, count, |opened, out, count| {
            if !opened.facts.round_over {
                return Err(PARLOR_ERR_ROUND_NOT_OVER);
            }
            let values = dispatch!(opened.game, R, M => generic::with_round::<R, _>(opened, generic::round_scores))?;
            generic::scores_into(&values, out, count)
        })
    }
}

/// @brief Writes what one seat may see as text for a person or a UI: its own hand sorted, the
/// table, the other seats' counts, whose turn it is, the scores; never another seat's hidden
/// cards. Lines end with a newline.
///
/// @param[in] round The round.
/// @param[in] seat The seat.
/// @param[out] buf Receives the NUL-terminated text (may be null when @p capacity is 0).
/// @param[in] capacity Bytes of @p buf; 0 asks for the length only.
/// @param[out] len Receives the text's length without the NUL (may be null).
/// @return A status.
/// @retval PARLOR_OK The text is in @p buf (or its length in @p len).
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p buf holds as much as fits, NUL-terminated.
/// @retval PARLOR_ERR_NO_SUCH_SEAT The table has no seat @p seat.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER @p round is null, or @p buf is null with @p capacity > 0.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_view(
    round: *const ParlorRound,
    seat: u32,
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract (documented above).
        let opened = unsafe { open_state(round) };
        // Borrowed where the result lies (no copy of the opened state out of it).
        let opened = opened.as_ref().map_err(|&status| status)?;
        let seat = generic::seat_of(seat, opened.facts.seats)?;
        dispatch!(opened.game, R, M => {
            generic::with_round::<R, _>(opened, |round| {
                // SAFETY: as above.
                unsafe { generic::view(round, seat, buf, capacity, len) }
            })
        })
    })())
}

/// @brief Writes the round's portable byte form (the game's versioned encoding, documented per
/// game), which parlor_round_decode reads back.
///
/// @param[in] round The round.
/// @param[out] buf Receives the bytes (may be null when @p capacity is 0).
/// @param[in] capacity Bytes of @p buf; 0 asks for the length only.
/// @param[out] len Receives the length (required, with capacity 0 too).
/// @return A status.
/// @retval PARLOR_OK The bytes are in @p buf (or the length in @p len).
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p buf is shorter than the length (nothing written).
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_encode(
    round: *const ParlorRound,
    buf: *mut u8,
    capacity: usize,
    len: *mut usize,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        answer_list(
            round,
            buf,
            capacity,
            len,
            |opened, out, len| dispatch!(opened.game, R, M => generic::encode_round::<R>(opened, out, len)),
        )
    }
}

/// @brief Reads a round's portable byte form (parlor_round_encode), every field checked.
///
/// @param[in] game The game the bytes are a round of (PARLOR_GAME_*).
/// @param[in] bytes The bytes.
/// @param[in] len Bytes of @p bytes: the length parlor_round_encode gave (a byte more or less
///        is PARLOR_ERR_INVALID_STATE in every game).
/// @param[out] round Receives the round (written only on success).
/// @return A status.
/// @retval PARLOR_OK @p round holds the round.
/// @retval PARLOR_ERR_INVALID_STATE The bytes are not a round of that game.
/// @retval PARLOR_ERR_UNKNOWN_GAME @p game names no game of this library.
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_round_decode(
    game: ParlorGame,
    bytes: *const u8,
    len: usize,
    round: *mut ParlorRound,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        decoded(game, bytes, len, round, |game, bytes, out| {
            dispatch!(game, R, M => {
                // Bytes past the byte form are refused in every game (dominoes and Dou Dizhu read
                // a fixed length and ignored the rest).
                if bytes.len() > <R as parlor_core::game::Round>::ENCODED_BYTES {
                    return Err(crate::PARLOR_ERR_INVALID_STATE);
                }
                if <R as parlor_core::game::Round>::DECODES_IN_PLACE {
                    // Read and checked in this call's frame (no round-sized result moved).
                    generic::decode_round_in::<R>(bytes, out)
                } else {
                    // Sealed from the decode's result where it lies (no move of the round).
                    match <R as parlor_core::game::Round>::decode(bytes) {
                        Ok(ref decoded) => generic::seal_round(decoded, out),
                        Err(e) => Err(generic::decode_status(e)),
                    }
                }
            })
        })
    }
}

// ===================================================================== actions

/// @brief The text of an action code in the game's replay-log notation.
///
/// The notation is each game's log notation (`docs/<game>.md`): a Tichu `play 9s9p`, a Dou
/// Dizhu `play 33344`, a dominoes `play 3-4 on 0-4`; Riichi names tiles by their 136-form id
/// (kind code × 4 + copy: `discard 22` discards a 6m, kind 5), as parlor_round_view's `ids:`
/// line lists the hand's.
///
/// @param[in] game The game (PARLOR_GAME_*).
/// @param[in] code The action code.
/// @param[out] buf Receives the NUL-terminated text (may be null when @p capacity is 0).
/// @param[in] capacity Bytes of @p buf; 0 asks for the length only.
/// @param[out] len Receives the text's length without the NUL (may be null).
/// @return A status.
/// @retval PARLOR_OK The text is in @p buf (or its length in @p len).
/// @retval PARLOR_ERR_UNKNOWN_ACTION @p code names no action of this game.
/// @retval PARLOR_ERR_UNKNOWN_GAME @p game names no game of this library.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p buf holds as much as fits, NUL-terminated.
/// @retval PARLOR_ERR_NULL_POINTER @p buf is null with @p capacity > 0.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_action_text(
    game: ParlorGame,
    code: u64,
    buf: *mut c_char,
    capacity: usize,
    len: *mut usize,
) -> ParlorStatus {
    status((|| {
        let game = game_of(game)?;
        // SAFETY: the caller's contract (documented above).
        dispatch!(game, R, M => unsafe { generic::action_text::<R>(code, buf, capacity, len) })
    })())
}

/// @brief The code of an action written in the game's replay-log notation.
///
/// Whether the action is legal now is parlor_round_apply's question.
///
/// @param[in] game The game (PARLOR_GAME_*).
/// @param[in] text The action, UTF-8, not NUL-terminated.
/// @param[in] len Bytes of @p text.
/// @param[out] code Receives the action code.
/// @return A status.
/// @retval PARLOR_OK @p code is written.
/// @retval PARLOR_ERR_PARSE The text is not an action of this game.
/// @retval PARLOR_ERR_UNKNOWN_GAME @p game names no game of this library.
/// @retval PARLOR_ERR_INVALID_UTF8 @p text is not UTF-8.
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_action_parse(
    game: ParlorGame,
    text: *const c_char,
    len: usize,
    code: *mut u64,
) -> ParlorStatus {
    status((|| {
        let game = game_of(game)?;
        // SAFETY: the caller's contract (documented above).
        let text = unsafe { input_str(text, len) }?;
        // SAFETY: as above.
        let code = unsafe { output(code) }?;
        *code = dispatch!(game, R, M => generic::parse_action::<R>(text))?;
        Ok(())
    })())
}

// ===================================================================== bots

/// @brief The scratch memory a bot needs for a game's rounds (0 for PARLOR_BOT_LOWEST,
/// PARLOR_BOT_RANDOM and PARLOR_BOT_GREEDY; for PARLOR_BOT_SEARCH, its level's tree and the
/// determinized round its iterations play on, each with room to align it: at most 32 KiB + 7 +
/// the round's 168-720 bytes + 7; 254 B (Dou Dizhu easy) to 2,162 B (dominoes hard) today).
///
/// @param[in] game The game (PARLOR_GAME_*).
/// @param[in] bot The bot (PARLOR_BOT_*).
/// @param[out] bytes Receives the bytes of scratch parlor_bot_choose needs.
/// @return A status.
/// @retval PARLOR_OK @p bytes is written.
/// @retval PARLOR_ERR_UNKNOWN_BOT This library has no such bot (or no such search level; no
/// PARLOR_BOT_SEARCH without the `search-bot` feature).
/// @retval PARLOR_ERR_UNKNOWN_GAME @p game names no game of this library.
/// @retval PARLOR_ERR_NULL_POINTER @p bytes is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_bot_scratch_bytes(game: ParlorGame, bot: ParlorBot, bytes: *mut usize) -> ParlorStatus {
    status((|| {
        let game = game_of(game)?;
        // SAFETY: the caller's contract (documented above).
        let bytes = unsafe { output(bytes) }?;
        *bytes = dispatch!(game, R, M => generic::bot_scratch_bytes::<R>(bot))?;
        Ok(())
    })())
}

/// @brief A bot's choice for a seat that may act.
///
/// @param[in] round The round.
/// @param[in] seat The seat (it must be able to act: parlor_round_may_act).
/// @param[in] bot The bot (PARLOR_BOT_*).
/// @param[in] seed The seed of the bot's random choices (ignored by PARLOR_BOT_LOWEST): the same
///        round, bot, seed and scratch length give the same choice.
/// @param[in] scratch Working memory of parlor_bot_scratch_bytes bytes, any alignment, any
///        contents (overwritten; may be null with @p scratch_len 0). A shorter buffer only weakens
///        the search bot (none: it plays the greedy bot's choice).
/// @param[in] scratch_len Bytes of @p scratch.
/// @param[out] code Receives the action code, or PARLOR_ACTION_NONE when the bot lets an
///        out-of-turn right pass: a right the round does not wait for (a Tichu call or a bomb
///        out of turn), which a bot may leave unused even when it is the seat's only legal
///        action. A seat the round waits for (the seat in turn, every seat still to answer a
///        Riichi call window) always gets an action, `pass` where passing is legal.
/// @return A status.
/// @retval PARLOR_OK @p code is written.
/// @retval PARLOR_ERR_NOT_YOUR_TURN The seat may not act now.
/// @retval PARLOR_ERR_ROUND_OVER The round is over.
/// @retval PARLOR_ERR_UNKNOWN_BOT This library has no such bot (or no such search level; no
/// PARLOR_BOT_SEARCH without the `search-bot` feature).
/// @retval PARLOR_ERR_NO_SUCH_SEAT The table has no seat @p seat.
/// @retval PARLOR_ERR_INVALID_STATE @p round is not a round made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_bot_choose(
    round: *const ParlorRound,
    seat: u32,
    bot: ParlorBot,
    seed: u64,
    scratch: *mut u8,
    scratch_len: usize,
    code: *mut u64,
) -> ParlorStatus {
    status((|| {
        // SAFETY: the caller's contract (documented above).
        let opened = unsafe { open_state(round) };
        // Borrowed where the result lies (no copy of the opened state out of it).
        let opened = opened.as_ref().map_err(|&status| status)?;
        let seat = generic::seat_of(seat, opened.facts.seats)?;
        // SAFETY: as above.
        let scratch = unsafe { output_slice(scratch, scratch_len) }?;
        // SAFETY: as above.
        let code = unsafe { output(code) }?;
        *code = dispatch!(opened.game, R, M => {
            generic::with_round::<R, _>(opened, |round| generic::bot_choose(round, &opened.facts, seat, bot, seed, scratch))
        })?;
        Ok(())
    })())
}

// ===================================================================== matches

/// @brief Starts a match of the config's game (rounds to the game's end), its first round dealt
/// from the seed (round k from the k-th output of the documented generator).
///
/// @param[in] config The rules.
/// @param[in] seed The match seed.
/// @param[out] game_match Receives the match (written only on success).
/// @return A status.
/// @retval PARLOR_OK @p game_match holds the new match.
/// @retval PARLOR_ERR_INVALID_CONFIG The rules do not make sense together.
/// @retval PARLOR_ERR_INVALID_STATE @p config is not a config made by this library.
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_new(
    config: *const ParlorConfig,
    seed: u64,
    game_match: *mut ParlorMatch,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        made_from(
            config,
            || Ok(()),
            game_match,
            |opened, (), out| dispatch!(opened.game, R, M => generic::with_new_match::<M, _>(opened, seed, |game| generic::seal_match(game, out))),
        )
    }
}

/// @brief The game of a match.
///
/// @param[in] game_match The match.
/// @param[out] game Receives its PARLOR_GAME_* code.
/// @return A status.
/// @retval PARLOR_OK @p game is written.
/// @retval PARLOR_ERR_INVALID_STATE @p game_match is not a match made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_game(game_match: *const ParlorMatch, game: *mut ParlorGame) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe { head_answer(&open_state(game_match), HeadFact::Game, game) }
}

/// @brief The number of seats at a match's table.
///
/// @param[in] game_match The match.
/// @param[out] seats Receives the count (2-4).
/// @return A status.
/// @retval PARLOR_OK @p seats is written.
/// @retval PARLOR_ERR_INVALID_STATE @p game_match is not a match made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_seats(game_match: *const ParlorMatch, seats: *mut u32) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe { head_answer(&open_state(game_match), HeadFact::Seats, seats) }
}

/// @brief A copy of the round being played (the last one once the match is over), for every
/// parlor_round_* query: legal actions, the view, a bot's choice.
///
/// @param[in] game_match The match.
/// @param[out] round Receives the round.
/// @return A status.
/// @retval PARLOR_OK @p round holds the copy.
/// @retval PARLOR_ERR_INVALID_STATE @p game_match is not a match made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_round(game_match: *const ParlorMatch, round: *mut ParlorRound) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        made_from(
            game_match,
            || Ok(()),
            round,
            |opened, (), out| {
                dispatch!(opened.game, R, M => generic::with_match::<M, _>(opened, |played| {
                    generic::seal_round(parlor_core::game::Match::round(played), out)
                }))
            },
        )
    }
}

/// @brief The seat whose turn it is in the match's current round. Reads the seat the header
/// caches after checking the header and the state's digest (no decoding).
///
/// @param[in] game_match The match.
/// @param[out] seat Receives the seat, or PARLOR_NO_SEAT once the match is over.
/// @return A status.
/// @retval PARLOR_OK @p seat is written.
/// @retval PARLOR_ERR_INVALID_STATE @p game_match is not a match made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_to_act(game_match: *const ParlorMatch, seat: *mut u32) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe { head_answer(&open_state(game_match), HeadFact::ToAct, seat) }
}

/// @brief Whether a seat has a legal action now in the match's current round. For the seat in
/// turn it reads the header's cached facts (after checking the header and the state's digest);
/// any other seat is asked of the current round itself (every
/// game's match is held in place since layout version 6, docs/c-abi.md).
///
/// @param[in] game_match The match.
/// @param[in] seat The seat.
/// @param[out] may_act Receives 1 or 0.
/// @return A status.
/// @retval PARLOR_OK @p may_act is written.
/// @retval PARLOR_ERR_NO_SUCH_SEAT The table has no seat @p seat.
/// @retval PARLOR_ERR_INVALID_STATE @p game_match is not a match made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_may_act(
    game_match: *const ParlorMatch,
    seat: u32,
    may_act: *mut u8,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        answer(game_match, may_act, |opened| {
            may_act_in_match(opened, generic::seat_of(seat, opened.facts.seats)?).map(u8::from)
        })
    }
}

/// @brief Takes an action for a seat in the match's current round; when that ends the round, it
/// is scored and the next one dealt (unless the match is over). On an error the match is
/// unchanged.
///
/// @param[in,out] game_match The match.
/// @param[in] seat The seat acting.
/// @param[in] code The action's code.
/// @param[out] step Receives whether a round (and the match) ended, and the finished round's
///        score deltas (may be null).
/// @return A status.
/// @retval PARLOR_OK The action is taken.
/// @retval PARLOR_ERR_UNKNOWN_ACTION @p code names no action of this game.
/// @retval PARLOR_ERR_ILLEGAL_ACTION The seat may act, but not this action.
/// @retval PARLOR_ERR_NOT_YOUR_TURN The seat may not act now.
/// @retval PARLOR_ERR_ROUND_OVER The match is over.
/// @retval PARLOR_ERR_NO_SUCH_SEAT The table has no seat @p seat.
/// @retval PARLOR_ERR_INVALID_STATE @p game_match is not a match made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER @p game_match is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_apply(
    game_match: *mut ParlorMatch,
    seat: u32,
    code: u64,
    step: *mut ParlorStep,
) -> ParlorStatus {
    let play = |opened: &Opened<'_>, seat, state: *mut ParlorMatch, step: Option<&mut ParlorStep>| {
        dispatch!(opened.game, R, M => {
            if <M as parlor_core::game::Match>::RAW {
                // Held in place: applied to the caller's bytes, then the header resealed.
                let len = opened.payload.len();
                // SAFETY: the caller's contract (documented above): `state` is valid for reads
                // and writes (and checked non-null and aligned by `open_state`); the opened
                // bytes are not read after this.
                let out = unsafe { output(state) }?;
                let report = generic::apply_match_in_place::<M>(out.bytes_mut(), len, seat, code)?;
                report_step(step, &report);
                return Ok(());
            }
            generic::with_match_mut::<M, _>(opened, |played| {
                let report = generic::apply_match(played, seat, code)?;
                // SAFETY: the caller's contract (documented above): `state` is valid for writes
                // (and checked non-null and aligned by `open_state`); the opened bytes are not
                // read after this.
                let out = unsafe { output(state) }?;
                generic::seal_match(played, out.bytes_mut())?;
                report_step(step, &report);
                Ok(())
            })
        })
    };
    // SAFETY: the caller's contract (documented above).
    unsafe { applied(game_match, seat, step, |facts| facts.match_over, play) }
}

/// @brief The match's running totals (per seat; per team in Tichu and partnership dominoes).
///
/// @param[in] game_match The match.
/// @param[out] scores Receives the totals (may be null when @p capacity is 0).
/// @param[in] capacity Entries of @p scores; PARLOR_MAX_SEATS always suffices; 0 asks for the count.
/// @param[out] count Receives the number of entries (required, with capacity 0 too).
/// @return A status.
/// @retval PARLOR_OK The totals are in @p scores (or the count in @p count).
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p scores holds the first @p capacity entries.
/// @retval PARLOR_ERR_INVALID_STATE @p game_match is not a match made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_scores(
    game_match: *const ParlorMatch,
    scores: *mut i32,
    capacity: usize,
    count: *mut usize,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        answer_list(game_match, scores, capacity, count, |opened, out, count| {
            let totals = dispatch!(opened.game, R, M => {
                generic::with_match::<M, _>(opened, |played| Ok(parlor_core::game::Match::scores(played)))
            })?;
            generic::scores_into(&totals, out, count)
        })
    }
}

/// @brief The number of rounds finished so far.
///
/// @param[in] game_match The match.
/// @param[out] rounds Receives the count.
/// @return A status.
/// @retval PARLOR_OK @p rounds is written.
/// @retval PARLOR_ERR_INVALID_STATE @p game_match is not a match made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_rounds_played(game_match: *const ParlorMatch, rounds: *mut u32) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        answer(game_match, rounds, |opened| {
            dispatch!(opened.game, R, M => {
                generic::with_match::<M, _>(opened, |played| Ok(parlor_core::game::Match::rounds_played(played)))
            })
        })
    }
}

/// @brief The places of a finished match: one per seat, seat 0 first, 0 = first place (seats
/// that share a result share a place: partners, the two peasants, a tie; Mahjong places equal
/// scores in seat order, as its rules rank them).
///
/// @param[in] game_match The match.
/// @param[out] places Receives the places (may be null when @p capacity is 0).
/// @param[in] capacity Entries of @p places; PARLOR_MAX_SEATS always suffices; 0 asks for the count.
/// @param[out] count Receives the number of seats (required, with capacity 0 too).
/// @return A status.
/// @retval PARLOR_OK The places are in @p places (or the count in @p count).
/// @retval PARLOR_ERR_MATCH_NOT_OVER The match goes on.
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p places holds the first @p capacity entries.
/// @retval PARLOR_ERR_INVALID_STATE @p game_match is not a match made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_result(
    game_match: *const ParlorMatch,
    places: *mut u8,
    capacity: usize,
    count: *mut usize,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        answer_list(game_match, places, capacity, count, |opened, out, count| {
            if !opened.facts.match_over {
                return Err(crate::PARLOR_ERR_MATCH_NOT_OVER);
            }
            dispatch!(opened.game, R, M => generic::with_match::<M, _>(opened, |played| generic::match_result(played, out, count)))
        })
    }
}

/// @brief Writes the match's portable byte form (the game's versioned encoding, round
/// included), which parlor_match_decode reads back.
///
/// @param[in] game_match The match.
/// @param[out] buf Receives the bytes (may be null when @p capacity is 0).
/// @param[in] capacity Bytes of @p buf; 0 asks for the length only.
/// @param[out] len Receives the length (required, with capacity 0 too).
/// @return A status.
/// @retval PARLOR_OK The bytes are in @p buf (or the length in @p len).
/// @retval PARLOR_ERR_BUFFER_TOO_SMALL @p buf is shorter than the length (nothing written).
/// @retval PARLOR_ERR_INVALID_STATE @p game_match is not a match made by this library (or corrupted).
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_encode(
    game_match: *const ParlorMatch,
    buf: *mut u8,
    capacity: usize,
    len: *mut usize,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        answer_list(
            game_match,
            buf,
            capacity,
            len,
            |opened, out, len| dispatch!(opened.game, R, M => generic::encode_match::<M>(opened, out, len)),
        )
    }
}

/// @brief Reads a match's portable byte form (parlor_match_encode), every field checked.
///
/// @param[in] game The game the bytes are a match of (PARLOR_GAME_*).
/// @param[in] bytes The bytes.
/// @param[in] len Bytes of @p bytes: the length parlor_match_encode gave (a byte more or less
///        is PARLOR_ERR_INVALID_STATE in every game).
/// @param[out] game_match Receives the match (written only on success).
/// @return A status.
/// @retval PARLOR_OK @p game_match holds the match.
/// @retval PARLOR_ERR_INVALID_STATE The bytes are not a match of that game.
/// @retval PARLOR_ERR_UNKNOWN_GAME @p game names no game of this library.
/// @retval PARLOR_ERR_NULL_POINTER A required pointer is null.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_match_decode(
    game: ParlorGame,
    bytes: *const u8,
    len: usize,
    game_match: *mut ParlorMatch,
) -> ParlorStatus {
    // SAFETY: the caller's contract (documented above).
    unsafe {
        decoded(game, bytes, len, game_match, |game, bytes, out| {
            dispatch!(game, R, M => {
                // Bytes past the byte form are refused in every game (dominoes and Dou Dizhu read
                // a fixed length and ignored the rest).
                if bytes.len() > <M as parlor_core::game::Match>::ENCODED_BYTES {
                    return Err(crate::PARLOR_ERR_INVALID_STATE);
                }
                if <R as parlor_core::game::Round>::DECODES_IN_PLACE {
                    // Read and checked in this call's frame (no match-sized result moved).
                    generic::decode_match_in::<M>(bytes, out)
                } else {
                    // Read from the decode's result where it lies (no move of the match).
                    match <M as parlor_core::game::Match>::decode(bytes) {
                        // A match of given deals (Riichi's Rust API alone makes one) is no match
                        // of this library's C calls: after its first round it would wait for a
                        // deal no call makes, neither over nor with a seat to act (a flipped flag
                        // bit once decoded).
                        Ok(ref decoded) if <M as parlor_core::game::Match>::deals_given(decoded) => {
                            Err(crate::PARLOR_ERR_INVALID_STATE)
                        }
                        Ok(ref decoded) => generic::seal_match(decoded, out),
                        Err(e) => Err(generic::decode_status(e)),
                    }
                }
            })
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::{PARLOR_ERR_INVALID_STATE, PARLOR_OK};
    use parlor_core::game::{Match, Round, Rules};

    /// Every header answer (the one out-of-line `head_answer`) against the naive way: the core's
    /// own round and match of the same rules and seed, move by move, and the statuses of a null
    /// state, a corrupted one and a null output (the state's checks first).
    fn header_answers_of<R: Round, M: Match<Round = R>>(game: ParlorGame) {
        let rules = <R::Config as Rules>::PRESETS[0].1.clone();
        let mut config = ParlorConfig {
            opaque: [0; PARLOR_CONFIG_WORDS],
        };
        assert_eq!(
            unsafe { parlor_config_preset(game, core::ptr::null(), 0, &mut config) },
            PARLOR_OK
        );
        let mut value = 0u32;
        assert_eq!(unsafe { parlor_config_game(&config, &mut value) }, PARLOR_OK);
        assert_eq!(value, game);
        let mut round = ParlorRound {
            opaque: [0; PARLOR_STATE_WORDS],
        };
        let mut game_match = ParlorMatch {
            opaque: [0; PARLOR_STATE_WORDS],
        };
        assert_eq!(unsafe { parlor_round_new(&config, 11, &mut round) }, PARLOR_OK);
        assert_eq!(unsafe { parlor_match_new(&config, 11, &mut game_match) }, PARLOR_OK);
        let mut core_round_alone = R::seeded(&rules, 11).unwrap();
        let mut core_match = M::new(&rules, 11).unwrap();
        for _ in 0..12 {
            let seat_of = |seat: Option<Seat>| seat.map_or(PARLOR_NO_SEAT, |seat| u32::from(seat.0));
            assert_eq!(unsafe { parlor_round_game(&round, &mut value) }, PARLOR_OK);
            assert_eq!(value, game);
            assert_eq!(unsafe { parlor_round_seats(&round, &mut value) }, PARLOR_OK);
            assert_eq!(value, u32::from(core_round_alone.seats()));
            assert_eq!(unsafe { parlor_round_to_act(&round, &mut value) }, PARLOR_OK);
            assert_eq!(value, seat_of(core_round_alone.to_act()));
            assert_eq!(unsafe { parlor_match_game(&game_match, &mut value) }, PARLOR_OK);
            assert_eq!(value, game);
            assert_eq!(unsafe { parlor_match_seats(&game_match, &mut value) }, PARLOR_OK);
            assert_eq!(value, u32::from(core_match.round().seats()));
            assert_eq!(unsafe { parlor_match_to_act(&game_match, &mut value) }, PARLOR_OK);
            assert_eq!(value, seat_of(core_match.round().to_act()));
            // The next move: the first legal action of the seat in turn, in both.
            if let Some(seat) = core_round_alone.to_act() {
                let action = parlor_core::game::bot::lowest_legal_action(&core_round_alone, seat).unwrap();
                core_round_alone.apply(seat, action).unwrap();
                let code = R::action_code(action);
                assert_eq!(
                    unsafe { parlor_round_apply(&mut round, u32::from(seat.0), code, core::ptr::null_mut()) },
                    PARLOR_OK
                );
            }
            if let Some(seat) = core_match.round().to_act() {
                let action = parlor_core::game::bot::lowest_legal_action(core_match.round(), seat).unwrap();
                core_match.apply_deltas(seat, action).unwrap();
                let code = R::action_code(action);
                assert_eq!(
                    unsafe { parlor_match_apply(&mut game_match, u32::from(seat.0), code, core::ptr::null_mut()) },
                    PARLOR_OK
                );
            }
        }
        // The state's checks come before the output pointer's.
        assert_eq!(
            unsafe { parlor_round_to_act(core::ptr::null(), core::ptr::null_mut()) },
            PARLOR_ERR_NULL_POINTER
        );
        assert_eq!(
            unsafe { parlor_round_seats(&round, core::ptr::null_mut()) },
            PARLOR_ERR_NULL_POINTER
        );
        let mut corrupted = round;
        corrupted.opaque[5] ^= 1;
        assert_eq!(
            unsafe { parlor_round_seats(&corrupted, core::ptr::null_mut()) },
            PARLOR_ERR_INVALID_STATE
        );
        assert_eq!(
            unsafe { parlor_round_game(&corrupted, &mut value) },
            PARLOR_ERR_INVALID_STATE
        );
        // A round is no match, nor a match a config.
        let as_match = ParlorMatch { opaque: round.opaque };
        assert_eq!(
            unsafe { parlor_match_to_act(&as_match, &mut value) },
            PARLOR_ERR_INVALID_STATE
        );
        let mut as_config = ParlorConfig {
            opaque: [0; PARLOR_CONFIG_WORDS],
        };
        as_config
            .opaque
            .copy_from_slice(&game_match.opaque[..PARLOR_CONFIG_WORDS]);
        assert_eq!(
            unsafe { parlor_config_game(&as_config, &mut value) },
            PARLOR_ERR_INVALID_STATE
        );
    }

    #[test]
    fn header_answers_are_the_cores_facts() {
        header_answers_of::<parlor_core::dominoes::Round, parlor_core::dominoes::Match>(PARLOR_GAME_DOMINOES);
        header_answers_of::<parlor_core::tichu::round::Round, parlor_core::tichu::game_match::Match>(PARLOR_GAME_TICHU);
        header_answers_of::<parlor_core::doudizhu::round::Round, parlor_core::doudizhu::game_match::Match>(
            PARLOR_GAME_DOUDIZHU,
        );
        header_answers_of::<parlor_core::mahjong::Round, parlor_core::mahjong::Match>(PARLOR_GAME_MAHJONG);
    }

    /// `open_state` (the one out-of-line `open_words` for every kind) against the naive way (the
    /// type's own `bytes()` opened as its kind): the same opened state or status for a config, a
    /// round and a match of every game, intact, with a payload byte changed, and opened as
    /// another kind; a null pointer is PARLOR_ERR_NULL_POINTER and a misaligned one
    /// PARLOR_ERR_INVALID_ARGUMENT, as `input` answered.
    #[test]
    fn open_state_is_open_of_the_types_bytes() {
        fn same<S: Sealed>(state: &S) {
            let naive = open(state.bytes(), S::KIND);
            let shared = unsafe { open_state(core::ptr::from_ref(state)) };
            assert_eq!(std::format!("{naive:?}"), std::format!("{shared:?}"));
            if let (Ok(naive), Ok(shared)) = (&naive, &shared) {
                assert_eq!(naive.payload.as_ptr(), shared.payload.as_ptr());
                assert_eq!(naive.room.as_ptr(), shared.room.as_ptr());
                assert_eq!(naive.room.len(), shared.room.len());
            }
        }
        fn each<S: Sealed + Copy>(state: &S) {
            same(state);
            let mut changed = *state;
            changed.bytes_mut()[crate::state::HEADER_BYTES + 1] ^= 0x20;
            same(&changed);
            assert_eq!(
                unsafe { open_state(core::ptr::null::<S>()) }.err(),
                Some(PARLOR_ERR_NULL_POINTER)
            );
        }
        for game in [
            PARLOR_GAME_DOMINOES,
            PARLOR_GAME_TICHU,
            PARLOR_GAME_DOUDIZHU,
            PARLOR_GAME_MAHJONG,
        ] {
            let mut config = ParlorConfig {
                opaque: [0; PARLOR_CONFIG_WORDS],
            };
            assert_eq!(
                unsafe { parlor_config_preset(game, core::ptr::null(), 0, &mut config) },
                PARLOR_OK
            );
            let mut round = ParlorRound {
                opaque: [0; PARLOR_STATE_WORDS],
            };
            let mut game_match = ParlorMatch {
                opaque: [0; PARLOR_STATE_WORDS],
            };
            assert_eq!(unsafe { parlor_round_new(&config, 5, &mut round) }, PARLOR_OK);
            assert_eq!(unsafe { parlor_match_new(&config, 5, &mut game_match) }, PARLOR_OK);
            each(&config);
            each(&round);
            each(&game_match);
            assert!(unsafe { open_state(core::ptr::from_ref(&round)) }.is_ok());
            // A round opened as a match, a match as a round: the kind in the header refuses it.
            let as_match = ParlorMatch { opaque: round.opaque };
            let as_round = ParlorRound {
                opaque: game_match.opaque,
            };
            same(&as_match);
            same(&as_round);
            assert_eq!(
                unsafe { open_state(core::ptr::from_ref(&as_match)) }.err(),
                Some(PARLOR_ERR_INVALID_STATE)
            );
            // Misaligned: four bytes into words holding a round one word further on.
            let mut words = [0u64; PARLOR_STATE_WORDS + 1];
            words[1..].copy_from_slice(&round.opaque);
            let misaligned = words.as_ptr().cast::<u8>().wrapping_add(4).cast::<ParlorRound>();
            assert_eq!(
                unsafe { open_state(misaligned) }.err(),
                Some(PARLOR_ERR_INVALID_ARGUMENT)
            );
        }
    }
}
