//! The C ABI's work, written once over the core's traits ([`Round`], [`Match`], [`Rules`]): each
//! function here is generic over a game and returns a status on failure. `abi.rs` checks the
//! C pointers, picks the game (`dispatch!`) and calls these.

use core::fmt;
use core::mem::MaybeUninit;

use parlor_core::game::bot::{Bot, Lowest, Uniform, lowest_legal_action};
use parlor_core::game::search::Level;
#[cfg(feature = "search-bot")]
use parlor_core::game::search::{Node, SearchBot, nodes_for};
use parlor_core::game::{Fault, GameError, Match, Round, Rules, Scores, Search, Seat};

use crate::ParlorStep;
use crate::state::{CONFIG_PAYLOAD, Facts, HEADER_BYTES, Kind, Opened, STATE_PAYLOAD, reseal, seal, seal_with, spoil};
use crate::util::{OutputList, discard, finish_text, text_writer, write_text};
use crate::{
    PARLOR_ERR_BAD_DEAL, PARLOR_ERR_BAD_RULE_VALUE, PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_ILLEGAL_ACTION,
    PARLOR_ERR_INTERNAL, PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_INVALID_CONFIG, PARLOR_ERR_INVALID_STATE,
    PARLOR_ERR_MATCH_NOT_OVER, PARLOR_ERR_NO_SUCH_SEAT, PARLOR_ERR_NOT_YOUR_TURN, PARLOR_ERR_PARSE,
    PARLOR_ERR_ROUND_NOT_OVER, PARLOR_ERR_ROUND_OVER, PARLOR_ERR_UNKNOWN_ACTION, PARLOR_ERR_UNKNOWN_BOT,
    PARLOR_ERR_UNKNOWN_PRESET, PARLOR_ERR_UNKNOWN_RULE, ParlorStatus,
};

/// The bot codes of `parlor_bot_choose` (see `abi.rs` for their C constants).
pub(crate) const BOT_LOWEST: u32 = 1;
/// A seeded uniform choice.
pub(crate) const BOT_RANDOM: u32 = 2;
/// The game's greedy bot (its search's playout policy).
pub(crate) const BOT_GREEDY: u32 = 3;
/// The search bot; its level ([`LEVEL_CODES`]) in bits 8–15.
pub(crate) const BOT_SEARCH: u32 = 4;
/// The search levels by their C code (bits 8–15 of a search bot's code): 0 easy, 1 normal,
/// 2 hard.
pub(crate) const LEVEL_CODES: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

/// What a bot code names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BotCode {
    Lowest,
    Random,
    Greedy,
    Search(Level),
}

/// The bot of a C bot code: the kind in bits 0–7, a search level in bits 8–15 (0 for the other
/// bots), nothing above.
fn bot_code(bot: u32) -> Result<BotCode, ParlorStatus> {
    let kind = bot & 0xFF;
    let level = bot >> 8;
    match (kind, level) {
        (BOT_LOWEST, 0) => Ok(BotCode::Lowest),
        (BOT_RANDOM, 0) => Ok(BotCode::Random),
        (BOT_GREEDY, 0) => Ok(BotCode::Greedy),
        // A library built without the `search-bot` feature has no search bot: its code is
        // unknown there (and the search is left out of the image).
        (BOT_SEARCH, level) if cfg!(feature = "search-bot") => usize::try_from(level)
            .ok()
            .and_then(|level| LEVEL_CODES.get(level))
            .map(|level| BotCode::Search(*level))
            .ok_or(PARLOR_ERR_UNKNOWN_BOT),
        _ => Err(PARLOR_ERR_UNKNOWN_BOT),
    }
}

/// "No action" (`PARLOR_ACTION_NONE`): the bot lets an out-of-turn right pass.
pub(crate) const ACTION_NONE: u64 = u64::MAX;

/// The one status of each shared error kind, the same in every game.
#[must_use]
pub const fn fault_status(fault: Fault) -> ParlorStatus {
    match fault {
        Fault::NotYourTurn => PARLOR_ERR_NOT_YOUR_TURN,
        Fault::NoSuchSeat => PARLOR_ERR_NO_SUCH_SEAT,
        Fault::IllegalAction => PARLOR_ERR_ILLEGAL_ACTION,
        Fault::RoundOver => PARLOR_ERR_ROUND_OVER,
        Fault::InvalidConfig => PARLOR_ERR_INVALID_CONFIG,
        Fault::InvalidState => PARLOR_ERR_INVALID_STATE,
        Fault::BufferTooSmall => PARLOR_ERR_BUFFER_TOO_SMALL,
        Fault::Internal => PARLOR_ERR_INTERNAL,
    }
}

/// The status of a game error: its shared kind's code, or `otherwise` for an error only this
/// game has (the caller knows what it asked: a deal text, an action text, an action).
pub fn error_status<E: GameError>(error: E, otherwise: ParlorStatus) -> ParlorStatus {
    error.fault().map_or(otherwise, fault_status)
}

/// The status of a refused `decode` (`parlor_round_decode`, `parlor_match_decode`): bytes
/// that are no state of the game are [`PARLOR_ERR_INVALID_STATE`] whatever the game's reason
/// (a Dou Dizhu match's bytes read as a round answered `PARLOR_ERR_INVALID_CONFIG`, which the
/// decode calls do not document); only a broken invariant stays `PARLOR_ERR_INTERNAL`.
pub(crate) fn decode_status<E: GameError>(error: E) -> ParlorStatus {
    match error_status(error, PARLOR_ERR_INVALID_STATE) {
        PARLOR_ERR_INTERNAL => PARLOR_ERR_INTERNAL,
        _ => PARLOR_ERR_INVALID_STATE,
    }
}

/// A C seat number as a seat of a table of `seats`.
pub(crate) fn seat_of(seat: u32, seats: u8) -> Result<Seat, ParlorStatus> {
    match u8::try_from(seat) {
        Ok(seat) if seat < seats => Ok(Seat(seat)),
        _ => Err(PARLOR_ERR_NO_SUCH_SEAT),
    }
}

// ---- configs ----

/// Seals `config` into a config state.
pub(crate) fn seal_config<C: Rules>(
    game: parlor_core::game::GameId,
    config: &C,
    out: &mut [u8],
) -> Result<(), ParlorStatus> {
    let mut payload = [0u8; CONFIG_PAYLOAD];
    let len = config.encode(&mut payload).ok_or(PARLOR_ERR_INTERNAL)?;
    seal(
        out,
        Kind::Config,
        game,
        &Facts::NONE,
        payload.get(..len).ok_or(PARLOR_ERR_INTERNAL)?,
    )
}

/// The config of an opened config state.
pub(crate) fn config_of<C: Rules>(opened: &Opened<'_>) -> Result<C, ParlorStatus> {
    C::decode(opened.payload).ok_or(PARLOR_ERR_INVALID_STATE)
}

/// The preset `name` of a game.
pub(crate) fn preset<C: Rules>(name: &str) -> Result<C, ParlorStatus> {
    C::preset(name).ok_or(PARLOR_ERR_UNKNOWN_PRESET)
}

/// `config` with `key` set to `value`.
pub(crate) fn set_rule<C: Rules>(config: &mut C, key: &str, value: &str) -> Result<(), ParlorStatus> {
    config.set(key, value).map_err(|error| match error {
        parlor_core::game::RuleError::UnknownKey => PARLOR_ERR_UNKNOWN_RULE,
        parlor_core::game::RuleError::BadValue => PARLOR_ERR_BAD_RULE_VALUE,
    })
}

/// Writes the value of rule `key` as text into a C buffer.
///
/// # Safety
/// As [`write_text`].
pub(crate) unsafe fn rule_value<C: Rules>(
    config: &C,
    key: &str,
    buf: *mut core::ffi::c_char,
    capacity: usize,
    len: *mut usize,
) -> Result<(), ParlorStatus> {
    // An unknown key is refused before anything is written.
    config
        .write_value(key, &mut discard())
        .map_err(|_| PARLOR_ERR_UNKNOWN_RULE)?;
    // SAFETY: forwarded contract.
    let mut out = unsafe { text_writer(buf, capacity) }?;
    // Known (checked above): it answers.
    let _ = config.write_value(key, &mut out);
    // SAFETY: forwarded contract.
    unsafe { finish_text(out, len) }
}

/// Field `field` (0 name, 1 values, 2 doc) of rule key `index` of a game.
pub(crate) fn rule_key_text<C: Rules>(index: usize, field: u32) -> Result<&'static str, ParlorStatus> {
    let key = C::KEYS.get(index).ok_or(PARLOR_ERR_UNKNOWN_RULE)?;
    match field {
        0 => Ok(key.name),
        1 => Ok(key.values),
        2 => Ok(key.doc),
        _ => Err(PARLOR_ERR_INVALID_ARGUMENT),
    }
}

/// The name of preset `index` of a game.
pub(crate) fn preset_name<C: Rules>(index: usize) -> Result<&'static str, ParlorStatus> {
    C::PRESETS
        .get(index)
        .map(|(name, _)| *name)
        .ok_or(PARLOR_ERR_UNKNOWN_PRESET)
}

// ---- rounds ----

/// Seals `round` straight into the caller's round state `out`: its own bytes where the game
/// holds its rounds in place ([`Round::RAW`]), else its byte form, then its cache.
pub(crate) fn seal_round<R: Round>(round: &R, out: &mut [u8]) -> Result<(), ParlorStatus> {
    if R::RAW {
        // The round's own bytes; the payload is the part that holds it (`Round::raw_len`), and
        // the bytes after it (the unread rest of a log) are written as 0.
        return seal_with(out, Kind::Round, R::GAME, &Facts::of_held_round(round), |room| {
            let raw = round.raw_bytes();
            let dst = room.get_mut(..raw.len()).ok_or(PARLOR_ERR_INTERNAL)?;
            for (slot, byte) in dst.iter_mut().zip(raw) {
                *slot = *byte;
            }
            Ok((round.raw_len().min(raw.len()), 0))
        });
    }
    seal_with(out, Kind::Round, R::GAME, &Facts::of_round(round), |room| {
        let len = round.encode(room).map_err(|e| error_status(e, PARLOR_ERR_INTERNAL))?;
        let cache = round
            .encode_cache(room.get_mut(len..).ok_or(PARLOR_ERR_INTERNAL)?)
            .map_err(|e| error_status(e, PARLOR_ERR_INTERNAL))?;
        Ok((len, cache))
    })
}

/// The round of a portable byte form, every invariant checked ([`Round::decode_in`], a game
/// with [`Round::DECODES_IN_PLACE`]), read and checked in this frame (no round-sized result
/// moved through the calls), then sealed straight into the caller's round state `out` (written
/// only on success).
pub(crate) fn decode_round_in<R: Round>(bytes: &[u8], out: &mut [u8]) -> Result<(), ParlorStatus> {
    let mut place = MaybeUninit::uninit();
    match R::decode_in(&mut place, bytes) {
        Ok(decoded) => seal_round(&*decoded, out),
        Err(e) => Err(decode_status(e)),
    }
}

/// The round of an opened (digest-checked) round state, lent to `f`: decoded once, in the
/// decode's own result (no second round on the stack).
pub(crate) fn with_round<R: Round, T>(
    opened: &Opened<'_>,
    f: impl FnOnce(&R) -> Result<T, ParlorStatus>,
) -> Result<T, ParlorStatus> {
    if R::RAW {
        // The round held in the caller's state: viewed where it lies, no decode.
        held_round::<R>(opened).map_or(Err(PARLOR_ERR_INVALID_STATE), f)
    } else if R::IN_PLACE {
        let mut place = MaybeUninit::uninit();
        match R::decode_trusted_cached_in(&mut place, opened.payload, opened.cache) {
            Ok(round) => f(round),
            Err(_) => Err(PARLOR_ERR_INVALID_STATE),
        }
    } else {
        match &R::decode_trusted_cached(opened.payload, opened.cache) {
            Ok(round) => f(round),
            Err(_) => Err(PARLOR_ERR_INVALID_STATE),
        }
    }
}

/// The round held in place in an opened round state (a game with [`Round::RAW`]): its
/// `size_of` bytes after the header, viewed where they lie ([`Round::raw_ref`]), when the part
/// of them that holds it ([`Round::raw_len`]) is the payload the digest covers; `None` else.
fn held_round<'a, R: Round>(opened: &Opened<'a>) -> Option<&'a R> {
    let round = R::raw_ref(opened.room.get(..core::mem::size_of::<R>())?)?;
    (round.raw_len() == opened.payload.len()).then_some(round)
}

/// The round of an opened (digest-checked) round state, for a call that changes it, lent to
/// `f`: decoded once in this frame (in place where the game reads it so, [`Round::IN_PLACE`];
/// else borrowed out of the decode's result, no copy); `f` applies the action in place and seals
/// it straight back into the caller's state once the opened bytes are no longer read.
#[inline(always)]
pub(crate) fn with_round_mut<R: Round, T>(
    opened: &Opened<'_>,
    f: impl FnOnce(&mut R) -> Result<T, ParlorStatus>,
) -> Result<T, ParlorStatus> {
    if R::IN_PLACE {
        let mut place = MaybeUninit::uninit();
        match R::decode_trusted_cached_in(&mut place, opened.payload, opened.cache) {
            Ok(round) => f(round),
            Err(_) => Err(PARLOR_ERR_INVALID_STATE),
        }
    } else {
        match &mut R::decode_trusted_cached(opened.payload, opened.cache) {
            Ok(round) => f(round),
            Err(_) => Err(PARLOR_ERR_INVALID_STATE),
        }
    }
}

/// Applies `code` for `seat` to the round held in place in the caller's round state `state`
/// (a game with [`Round::RAW`]; `payload_len` from the opened header, whose digest was checked):
/// the core's `apply` runs on the state's own bytes, then only the header's facts and the digest
/// are rewritten; then `step`, when asked for, is written (the scores worked out only when the
/// round is over). A refused action leaves every byte as it was (the core checks before it
/// writes); an internal error spoils the digest (the round may be half-changed: every later call
/// refuses it).
pub(crate) fn apply_in_place<R: Round>(
    state: &mut [u8],
    payload_len: usize,
    seat: Seat,
    code: u64,
    step: Option<&mut ParlorStep>,
) -> Result<(), ParlorStatus> {
    let (head, rest) = state
        .split_first_chunk_mut::<HEADER_BYTES>()
        .ok_or(PARLOR_ERR_INTERNAL)?;
    // The round's `size_of` bytes, of which the digest covered the part that holds it
    // (`Round::raw_len`, the header's payload length).
    let held = rest
        .get_mut(..core::mem::size_of::<R>())
        .ok_or(PARLOR_ERR_INVALID_STATE)?;
    let Some(round) = R::raw_mut(held).filter(|round| round.raw_len() == payload_len) else {
        action_of::<R>(code)?;
        return Err(PARLOR_ERR_INVALID_STATE);
    };
    // The code's checks that `apply` repeats are left to it (`Round::action_to_apply`); a
    // refusal then asks the full decode whether the code names an action at all, so the status
    // is the one `action_of` first would give. The action goes straight from the code's
    // reading into `apply` (no copy of it in between: a Dou Dizhu play is 19 bytes, copied a
    // byte at a time).
    let applied = match R::action_to_apply(code) {
        Some(action) => round.apply(seat, action),
        None => return Err(PARLOR_ERR_UNKNOWN_ACTION),
    };
    if let Err(e) = applied {
        if e.fault() == Some(Fault::Internal) {
            spoil(head);
        }
        action_of::<R>(code)?;
        return Err(error_status(e, PARLOR_ERR_ILLEGAL_ACTION));
    }
    let facts = Facts::of_held_round(&*round);
    let scores = match step {
        Some(_) if facts.round_over => Some(round_scores(&*round).unwrap_or_default()),
        _ => None,
    };
    let held_len = round.raw_len();
    reseal(head, rest, held_len, Kind::Round, R::GAME, &facts)?;
    if let Some(step) = step {
        *step = ParlorStep::of(facts.round_over, false, scores.as_ref());
    }
    Ok(())
}

/// Whether `seat` may act in an opened round state whose mask names the seat in turn only
/// ([`Facts::ask_others`]): its bit, else the held round's own answer.
pub(crate) fn round_may_act<R: Round>(opened: &Opened<'_>, seat: Seat) -> Result<bool, ParlorStatus> {
    with_round::<R, _>(opened, |round| Ok(opened.facts.may_act(seat, || round.may_act(seat))))
}

/// [`round_may_act`] of an opened match state (its current round).
pub(crate) fn match_may_act<M: Match>(opened: &Opened<'_>, seat: Seat) -> Result<bool, ParlorStatus> {
    with_match::<M, _>(opened, |game| {
        Ok(opened.facts.may_act(seat, || game.round().may_act(seat)))
    })
}

/// Writes the portable byte form of a round state's round (`parlor_round_encode`): the payload
/// itself, or for a round held in place ([`Round::RAW`]) its `encode` form.
pub(crate) fn encode_round<R: Round>(opened: &Opened<'_>, out: &mut [u8], len: &mut usize) -> Result<(), ParlorStatus> {
    if !R::RAW {
        return copy_payload(opened.payload, out, len);
    }
    let mut bytes = [0u8; STATE_PAYLOAD];
    let written = with_round::<R, _>(opened, |round| {
        round
            .encode(&mut bytes)
            .map_err(|e| error_status(e, PARLOR_ERR_INTERNAL))
    })?;
    copy_payload(bytes.get(..written).ok_or(PARLOR_ERR_INTERNAL)?, out, len)
}

/// A round seeded `seed` under `config`, lent to `f` (made in this frame: in place where the
/// game deals so, [`Round::DEALS_IN_PLACE`]).
#[inline(always)]
pub(crate) fn with_new_round<R: Round, T>(
    config: &Opened<'_>,
    seed: u64,
    f: impl FnOnce(&R) -> Result<T, ParlorStatus>,
) -> Result<T, ParlorStatus> {
    let config = config_of::<R::Config>(config)?;
    if R::DEALS_IN_PLACE {
        let mut place = MaybeUninit::uninit();
        match R::seeded_in(&mut place, &config, seed) {
            Ok(round) => f(round),
            Err(e) => Err(error_status(e, PARLOR_ERR_INVALID_CONFIG)),
        }
    } else {
        match R::seeded(&config, seed) {
            Ok(ref round) => f(round),
            Err(e) => Err(error_status(e, PARLOR_ERR_INVALID_CONFIG)),
        }
    }
}

/// The round of the deal `text` under `config`, sealed into the caller's round state `out`. The
/// round is sealed where the game's answer lies (matched by reference: no round-sized move into
/// a `Result` of another error type, which linked two `memcpy` calls per game).
pub(crate) fn seal_given_round<R: Round>(config: &Opened<'_>, text: &str, out: &mut [u8]) -> Result<(), ParlorStatus> {
    let config = config_of::<R::Config>(config)?;
    match R::given(&config, text) {
        Ok(ref round) => seal_round(round, out),
        // A deal text that does not parse or does not deal is a bad deal whatever kind the game
        // gives it; only a config that breaks its own rules keeps its status.
        Err(e) => Err(match e.fault() {
            Some(Fault::InvalidConfig) => PARLOR_ERR_INVALID_CONFIG,
            Some(Fault::Internal) => PARLOR_ERR_INTERNAL,
            _ => PARLOR_ERR_BAD_DEAL,
        }),
    }
}

/// Every legal action code of `seat`, as far as `out` holds them; the total into `total`.
pub(crate) fn legal_actions<R: Round>(
    round: &R,
    seat: Seat,
    out: &mut [u64],
    total: &mut usize,
) -> Result<(), ParlorStatus> {
    let mut list = OutputList::new(out);
    round.for_each_legal_action(seat, |action| list.push(R::action_code(action)));
    list.finish(total)
}

/// The code of legal action `index` of `seat`.
pub(crate) fn legal_action_at<R: Round>(round: &R, seat: Seat, index: usize) -> Result<u64, ParlorStatus> {
    round
        .nth_legal_action(seat, index)
        .map(R::action_code)
        .ok_or(PARLOR_ERR_INVALID_ARGUMENT)
}

/// The action of a code of game `R`.
pub(crate) fn action_of<R: Round>(code: u64) -> Result<R::Action, ParlorStatus> {
    R::action_from_code(code).ok_or(PARLOR_ERR_UNKNOWN_ACTION)
}

/// Applies `code` for `seat`; an error leaves `round` unchanged.
pub(crate) fn apply_round<R: Round>(round: &mut R, seat: Seat, code: u64) -> Result<(), ParlorStatus> {
    let action = action_of::<R>(code)?;
    round
        .apply(seat, action)
        .map(|_| ())
        .map_err(|e| error_status(e, PARLOR_ERR_ILLEGAL_ACTION))
}

/// The round's score deltas, once it is over.
pub(crate) fn round_scores<R: Round>(round: &R) -> Result<Scores, ParlorStatus> {
    round.outcome_deltas().ok_or(PARLOR_ERR_ROUND_NOT_OVER)
}

/// Writes `scores` into `out` as far as it holds them; the count into `count`.
pub(crate) fn scores_into(scores: &Scores, out: &mut [i32], count: &mut usize) -> Result<(), ParlorStatus> {
    let mut list = OutputList::new(out);
    scores.as_slice().iter().for_each(|value| list.push(*value));
    list.finish(count)
}

/// Copies a state's byte form into `out` and its length into `len` (a size query when `out` is
/// empty; nothing written when it is too short).
pub(crate) fn copy_payload(payload: &[u8], out: &mut [u8], len: &mut usize) -> Result<(), ParlorStatus> {
    *len = payload.len();
    if out.is_empty() {
        return Ok(());
    }
    let dst = out.get_mut(..payload.len()).ok_or(PARLOR_ERR_BUFFER_TOO_SMALL)?;
    for (slot, byte) in dst.iter_mut().zip(payload) {
        *slot = *byte;
    }
    Ok(())
}

/// Writes what `seat` may see as text.
///
/// # Safety
/// As [`write_text`].
pub(crate) unsafe fn view<R: Round>(
    round: &R,
    seat: Seat,
    buf: *mut core::ffi::c_char,
    capacity: usize,
    len: *mut usize,
) -> Result<(), ParlorStatus> {
    // The seat was checked against the header: `write_view` answers.
    // SAFETY: forwarded contract.
    let mut out = unsafe { text_writer(buf, capacity) }?;
    let _ = round.write_view(seat, &mut out);
    // SAFETY: forwarded contract.
    unsafe { finish_text(out, len) }
}

/// The text of an action code.
///
/// # Safety
/// As [`write_text`].
pub(crate) unsafe fn action_text<R: Round>(
    code: u64,
    buf: *mut core::ffi::c_char,
    capacity: usize,
    len: *mut usize,
) -> Result<(), ParlorStatus>
where
    R::Action: ActionText,
{
    let action = action_of::<R>(code)?;
    // SAFETY: forwarded contract.
    unsafe { action.write_c(buf, capacity, len) }
}

/// How `parlor_action_text` writes a game's action: by its `Display` form (the default), or, for
/// a game whose action writes itself by pieces, straight into the buffer ([`text_writer`]; the
/// dominoes action: its library then links no `core::fmt::write`). The same text either way.
pub(crate) trait ActionText: fmt::Display + Sized {
    /// Writes the action's text into a C buffer.
    ///
    /// # Safety
    /// As [`write_text`].
    unsafe fn write_c(
        &self,
        buf: *mut core::ffi::c_char,
        capacity: usize,
        len: *mut usize,
    ) -> Result<(), ParlorStatus> {
        // SAFETY: forwarded contract.
        unsafe { write_text(self, buf, capacity, len) }
    }
}

#[cfg(feature = "dominoes")]
impl ActionText for parlor_core::dominoes::Action {
    unsafe fn write_c(
        &self,
        buf: *mut core::ffi::c_char,
        capacity: usize,
        len: *mut usize,
    ) -> Result<(), ParlorStatus> {
        // SAFETY: forwarded contract.
        let mut out = unsafe { text_writer(buf, capacity) }?;
        let _ = self.write_to(&mut out);
        // SAFETY: forwarded contract.
        unsafe { finish_text(out, len) }
    }
}

#[cfg(feature = "tichu")]
impl ActionText for parlor_core::tichu::round::Action {}

#[cfg(feature = "doudizhu")]
impl ActionText for parlor_core::doudizhu::round::Action {}

#[cfg(feature = "mahjong")]
impl ActionText for parlor_core::mahjong::Action {}

/// The code of an action text.
pub(crate) fn parse_action<R: Round>(text: &str) -> Result<u64, ParlorStatus> {
    // Every refusal of a text is a parse error here (a game may file its notation errors under
    // another kind: Riichi's are `IllegalAction`).
    R::parse_action(text).map(R::action_code).map_err(|_| PARLOR_ERR_PARSE)
}

/// The scratch bytes bot `bot` needs in `R`'s game: 0 for lowest, random and greedy; for a search
/// level, the determinized round the iterations play on ([`search_scratch_round`]: `R`'s size
/// plus room to align it) and the level's nodes plus room to align their start
/// ([`Level::scratch_bytes`]).
pub(crate) fn bot_scratch_bytes<R: Search>(bot: u32) -> Result<usize, ParlorStatus> {
    Ok(match bot_code(bot)? {
        BotCode::Lowest | BotCode::Random | BotCode::Greedy => 0,
        BotCode::Search(level) => level
            .scratch_bytes::<R>()
            .saturating_add(core::mem::size_of::<R>())
            .saturating_add(core::mem::align_of::<R>().saturating_sub(1)),
    })
}

/// Where a search at `level` keeps its determinized round in `scratch`: the end of the round's
/// aligned place, when the bytes after it still hold a node for each of the level's iterations
/// and the root (a tree that never fills: the same choices as a tree over the whole buffer);
/// `None` when the buffer is shorter (the search then keeps that round on the stack, its tree
/// over the whole buffer, as before the round moved into the scratch).
#[cfg(feature = "search-bot")]
fn search_scratch_round<R: Search>(scratch: &[u8], level: Level) -> Option<usize> {
    let offset = scratch.as_ptr().align_offset(core::mem::align_of::<R>());
    let end = offset.checked_add(core::mem::size_of::<R>())?;
    let rest = scratch.get(end..)?;
    let node_offset = rest.as_ptr().align_offset(core::mem::align_of::<Node<R::Action>>());
    let nodes = nodes_for::<R>(rest.len().checked_sub(node_offset)?);
    let wanted = usize::try_from(level.iterations::<R>()).ok()?.checked_add(1)?;
    (nodes >= wanted).then_some(end)
}

/// A copy of `round` written to `scratch`'s first `end` bytes ([`search_scratch_round`]: its
/// aligned place ends there), in a frame of its own (the clone is on the stack only here).
#[inline(never)]
#[cfg(feature = "search-bot")]
fn scratch_round<'a, R: Round>(scratch: &'a mut [u8], end: usize, round: &R) -> Option<&'a mut R> {
    let size = core::mem::size_of::<R>();
    let place = scratch.get_mut(end.checked_sub(size)?..end)?;
    let start = place.as_mut_ptr().cast::<R>();
    if !start.is_aligned() {
        return None;
    }
    // SAFETY: `start` is aligned for an `R` (checked above) and `place`, `size` bytes inside the
    // exclusive borrow `scratch`, holds one; writing a whole value needs no valid one there
    // before, and the value written is `round`'s clone, a valid `R`, borrowed exclusively for as
    // long as `scratch` is.
    unsafe {
        start.write(round.clone());
        Some(&mut *start)
    }
}

/// The nodes of `R`'s search tree in the caller's byte buffer: its aligned middle, every node
/// written [`Node::EMPTY`] first (so any bytes the buffer held are fine). A buffer too short for
/// one aligned node gives no nodes (the search then plays its policy's move).
#[cfg(feature = "search-bot")]
fn scratch_nodes<R: Search>(scratch: &mut [u8]) -> &mut [Node<R::Action>] {
    let size = core::mem::size_of::<Node<R::Action>>();
    let offset = scratch
        .as_mut_ptr()
        .align_offset(core::mem::align_of::<Node<R::Action>>());
    let Some(aligned) = scratch.get_mut(offset..) else {
        return &mut [];
    };
    let count = nodes_for::<R>(aligned.len());
    if count == 0 || size == 0 {
        return &mut [];
    }
    let start = aligned.as_mut_ptr().cast::<Node<R::Action>>();
    for index in 0..count {
        // SAFETY: `start` is aligned for a node (align_offset above) and `count` nodes of `size`
        // bytes fit in `aligned` (nodes_for), so slot `index` lies inside the buffer, which the
        // exclusive borrow `scratch` owns for the returned lifetime. Writing (not reading) the
        // slot needs no valid value there before.
        unsafe { start.add(index).write(Node::EMPTY) };
    }
    // SAFETY: `count` aligned, initialised nodes inside `scratch` (written just above), borrowed
    // exclusively for as long as `scratch` is; `count · size` ≤ `scratch.len()` ≤ isize::MAX.
    unsafe { core::slice::from_raw_parts_mut(start, count) }
}

/// Bot `bot`'s choice for `seat` ([`ACTION_NONE`] when it lets an out-of-turn right pass). A
/// search bot keeps its tree in `scratch` (shorter than [`bot_scratch_bytes`]: a smaller tree).
pub(crate) fn bot_choose<R: Search>(
    round: &R,
    facts: &Facts,
    seat: Seat,
    bot: u32,
    seed: u64,
    scratch: &mut [u8],
) -> Result<u64, ParlorStatus> {
    let bot = bot_code(bot)?;
    if facts.round_over {
        return Err(PARLOR_ERR_ROUND_OVER);
    }
    // The header's may-act mask (the digest-checked facts of this very round): no walk of the
    // seat's legal actions here (a held round is asked about a seat not in turn).
    if !facts.may_act(seat, || round.may_act(seat)) {
        return Err(PARLOR_ERR_NOT_YOUR_TURN);
    }
    // Each bot in a frame of its own: the lowest and random bots' calls then use only their own
    // stack, not the search's round copies (one frame over all four arms reserves the largest).
    let choice = match bot {
        BotCode::Lowest => choose_lowest(round, seat),
        BotCode::Random => choose_random(round, seat, seed),
        BotCode::Greedy => choose_greedy(round, seat, seed),
        #[cfg(feature = "search-bot")]
        BotCode::Search(level) => choose_search(round, seat, level, seed, scratch),
        // Never made without the feature (`bot_code` answers PARLOR_ERR_UNKNOWN_BOT first).
        #[cfg(not(feature = "search-bot"))]
        BotCode::Search(_) => {
            let _ = scratch;
            return Err(PARLOR_ERR_UNKNOWN_BOT);
        }
    };
    Ok(choice.map_or(ACTION_NONE, R::action_code))
}

/// [`Lowest`]'s choice, in a frame of its own ([`bot_choose`]).
#[inline(never)]
fn choose_lowest<R: Round>(round: &R, seat: Seat) -> Option<R::Action> {
    Lowest.choose(round, seat)
}

/// [`Uniform`]'s choice, in a frame of its own ([`bot_choose`]).
#[inline(never)]
fn choose_random<R: Round>(round: &R, seat: Seat, seed: u64) -> Option<R::Action> {
    Uniform::new(seed).choose(round, seat)
}

/// The greedy bot's choice (the lowest legal action where it has none on turn), in a frame of
/// its own ([`bot_choose`]).
#[inline(never)]
fn choose_greedy<R: Search>(round: &R, seat: Seat, seed: u64) -> Option<R::Action> {
    match R::playout(seed).choose(round, seat) {
        None if round.to_act() == Some(seat) => lowest_legal_action(round, seat),
        choice => choice,
    }
}

/// The search bot's choice at `level`, its tree in `scratch`, in a frame of its own
/// ([`bot_choose`]): the determinized round the iterations play on in `scratch` too when it holds
/// that round and the level's tree ([`search_scratch_round`]), else on the stack
/// ([`choose_search_stack`]); the same choice either way.
#[inline(never)]
#[cfg(feature = "search-bot")]
fn choose_search<R: Search>(round: &R, seat: Seat, level: Level, seed: u64, scratch: &mut [u8]) -> Option<R::Action> {
    let Some(end) = search_scratch_round::<R>(scratch, level) else {
        return choose_search_stack(round, seat, level, seed, scratch);
    };
    let (head, rest) = scratch.split_at_mut(end);
    match scratch_round(head, end, round) {
        Some(state) => SearchBot::with_level(level, scratch_nodes::<R>(rest), seed).choose_in(round, seat, state),
        None => {
            // Unreachable: search_scratch_round aligned the place. Were it reached, the search
            // still chooses, with its round on the stack (the same choice).
            debug_assert!(false, "search scratch: the round's place is not aligned");
            choose_search_stack(round, seat, level, seed, scratch)
        }
    }
}

/// The search bot's choice at `level` with its determinized round on the stack, its tree over the
/// whole of `scratch` (a buffer too short for that round and the level's tree), in a frame of its
/// own.
#[inline(never)]
#[cfg(feature = "search-bot")]
fn choose_search_stack<R: Search>(
    round: &R,
    seat: Seat,
    level: Level,
    seed: u64,
    scratch: &mut [u8],
) -> Option<R::Action> {
    SearchBot::with_level(level, scratch_nodes::<R>(scratch), seed).choose(round, seat)
}

// ---- matches ----

/// The facts of a match: its current round's, and whether it is over.
/// A match held in place ([`Match::RAW`]) keeps the may-act mask of the seat in turn only
/// ([`Facts::of_held_round`]).
pub(crate) fn match_facts<M: Match>(game: &M) -> Facts {
    let mut facts = if M::RAW {
        Facts::of_held_round(game.round())
    } else {
        Facts::of_round(game.round())
    };
    facts.match_over = game.is_over();
    if facts.match_over {
        facts.round_over = true;
        facts.to_act = None;
        facts.may_act = 0;
        facts.ask_others = false;
    }
    facts
}

/// Seals `game` straight into the caller's match state `out`: its own bytes where the game
/// holds its matches in place ([`Match::RAW`]), else its byte form, then its cache.
pub(crate) fn seal_match<M: Match>(game: &M, out: &mut [u8]) -> Result<(), ParlorStatus> {
    if M::RAW {
        return seal(
            out,
            Kind::Match,
            <M::Round as Round>::GAME,
            &match_facts(game),
            game.raw_bytes(),
        );
    }
    seal_with(
        out,
        Kind::Match,
        <M::Round as Round>::GAME,
        &match_facts(game),
        |room| {
            let len = game.encode(room).map_err(|e| error_status(e, PARLOR_ERR_INTERNAL))?;
            let cache = game
                .encode_cache(room.get_mut(len..).ok_or(PARLOR_ERR_INTERNAL)?)
                .map_err(|e| error_status(e, PARLOR_ERR_INTERNAL))?;
            Ok((len, cache))
        },
    )
}

/// The match of a portable byte form, every invariant checked ([`Match::decode_in`], a game
/// with [`Round::DECODES_IN_PLACE`]), as [`decode_round_in`]; a match of given deals is refused
/// (see `parlor_match_decode`).
pub(crate) fn decode_match_in<M: Match>(bytes: &[u8], out: &mut [u8]) -> Result<(), ParlorStatus> {
    let mut place = MaybeUninit::uninit();
    match M::decode_in(&mut place, bytes) {
        Ok(decoded) if decoded.deals_given() => Err(PARLOR_ERR_INVALID_STATE),
        Ok(decoded) => seal_match(&*decoded, out),
        Err(e) => Err(decode_status(e)),
    }
}

/// The match of an opened (digest-checked) match state, lent to `f` (as [`with_round`]).
pub(crate) fn with_match<M: Match, T>(
    opened: &Opened<'_>,
    f: impl FnOnce(&M) -> Result<T, ParlorStatus>,
) -> Result<T, ParlorStatus> {
    if M::RAW {
        // The match held in the caller's state: viewed where it lies, no decode.
        M::raw_ref(opened.payload).map_or(Err(PARLOR_ERR_INVALID_STATE), f)
    } else if <M::Round as Round>::IN_PLACE {
        let mut place = MaybeUninit::uninit();
        match M::decode_trusted_cached_in(&mut place, opened.payload, opened.cache) {
            Ok(game) => f(game),
            Err(_) => Err(PARLOR_ERR_INVALID_STATE),
        }
    } else {
        match &M::decode_trusted_cached(opened.payload, opened.cache) {
            Ok(game) => f(game),
            Err(_) => Err(PARLOR_ERR_INVALID_STATE),
        }
    }
}

/// The match of an opened (digest-checked) match state, for a call that changes it, lent to `f`
/// (as [`with_round_mut`]).
#[inline(always)]
pub(crate) fn with_match_mut<M: Match, T>(
    opened: &Opened<'_>,
    f: impl FnOnce(&mut M) -> Result<T, ParlorStatus>,
) -> Result<T, ParlorStatus> {
    if <M::Round as Round>::IN_PLACE {
        let mut place = MaybeUninit::uninit();
        match M::decode_trusted_cached_in(&mut place, opened.payload, opened.cache) {
            Ok(game) => f(game),
            Err(_) => Err(PARLOR_ERR_INVALID_STATE),
        }
    } else {
        match &mut M::decode_trusted_cached(opened.payload, opened.cache) {
            Ok(game) => f(game),
            Err(_) => Err(PARLOR_ERR_INVALID_STATE),
        }
    }
}

/// A match seeded `seed` under `config`, lent to `f` (as [`with_new_round`]).
#[inline(always)]
pub(crate) fn with_new_match<M: Match, T>(
    config: &Opened<'_>,
    seed: u64,
    f: impl FnOnce(&M) -> Result<T, ParlorStatus>,
) -> Result<T, ParlorStatus> {
    let config = config_of::<<M::Round as Round>::Config>(config)?;
    if <M::Round as Round>::DEALS_IN_PLACE {
        let mut place = MaybeUninit::uninit();
        match M::new_in(&mut place, &config, seed) {
            Ok(game) => f(game),
            Err(e) => Err(error_status(e, PARLOR_ERR_INVALID_CONFIG)),
        }
    } else {
        match M::new(&config, seed) {
            Ok(ref game) => f(game),
            Err(e) => Err(error_status(e, PARLOR_ERR_INVALID_CONFIG)),
        }
    }
}

/// What a match or round step reports to C.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct StepReport {
    pub(crate) round_over: bool,
    pub(crate) match_over: bool,
    pub(crate) scores: Scores,
}

/// Applies `code` for `seat` in the match; an error leaves it unchanged.
pub(crate) fn apply_match<M: Match>(game: &mut M, seat: Seat, code: u64) -> Result<StepReport, ParlorStatus> {
    let action = action_of::<M::Round>(code)?;
    // The finished round's deltas, not its whole outcome (a game may skip building it: Riichi's
    // wins' hand values are kilobytes of stack on a microcontroller).
    let (deltas, match_over) = game
        .apply_deltas(seat, action)
        .map_err(|e| error_status(e, PARLOR_ERR_ILLEGAL_ACTION))?;
    Ok(StepReport {
        round_over: deltas.is_some(),
        match_over,
        scores: deltas.unwrap_or_default(),
    })
}

/// Applies `code` for `seat` to the match held in place in the caller's match state `state` (a
/// game with [`Match::RAW`]), as [`apply_in_place`] does for a round: a refused action leaves
/// every byte as it was; an internal error spoils the digest.
pub(crate) fn apply_match_in_place<M: Match>(
    state: &mut [u8],
    payload_len: usize,
    seat: Seat,
    code: u64,
) -> Result<StepReport, ParlorStatus> {
    let (head, rest) = state
        .split_first_chunk_mut::<HEADER_BYTES>()
        .ok_or(PARLOR_ERR_INTERNAL)?;
    let payload = rest.get_mut(..payload_len).ok_or(PARLOR_ERR_INVALID_STATE)?;
    let game = M::raw_mut(payload).ok_or(PARLOR_ERR_INVALID_STATE)?;
    let report = match apply_match(game, seat, code) {
        Ok(report) => report,
        Err(status) => {
            if status == PARLOR_ERR_INTERNAL {
                spoil(head);
            }
            return Err(status);
        }
    };
    let facts = match_facts(&*game);
    reseal(head, rest, payload_len, Kind::Match, <M::Round as Round>::GAME, &facts)?;
    Ok(report)
}

/// Writes the portable byte form of a match state's match (`parlor_match_encode`): the payload
/// itself, or for a match held in place ([`Match::RAW`]) its `encode` form.
pub(crate) fn encode_match<M: Match>(opened: &Opened<'_>, out: &mut [u8], len: &mut usize) -> Result<(), ParlorStatus> {
    if !M::RAW {
        return copy_payload(opened.payload, out, len);
    }
    let mut bytes = [0u8; STATE_PAYLOAD];
    let written = with_match::<M, _>(opened, |game| {
        game.encode(&mut bytes)
            .map_err(|e| error_status(e, PARLOR_ERR_INTERNAL))
    })?;
    copy_payload(bytes.get(..written).ok_or(PARLOR_ERR_INTERNAL)?, out, len)
}

/// The places of a finished match.
pub(crate) fn match_result<M: Match>(game: &M, out: &mut [u8], count: &mut usize) -> Result<(), ParlorStatus> {
    let placement = game.result().ok_or(PARLOR_ERR_MATCH_NOT_OVER)?;
    let mut list = OutputList::new(out);
    placement.places().iter().for_each(|place| list.push(*place));
    list.finish(count)
}

#[cfg(all(test, feature = "std", feature = "mahjong"))]
#[allow(clippy::indexing_slicing, clippy::unwrap_used)] // tests may index and panic
mod tests {
    extern crate std;
    use std::string::String;

    use super::rule_value;
    use crate::{PARLOR_ERR_UNKNOWN_RULE, PARLOR_OK};
    use parlor_core::game::Rules;
    use parlor_core::mahjong::round::Config;

    /// `rule_value`'s unknown-key check (a write into `util::discard`, once a writer type of its
    /// own) refuses before anything is written, and a known key writes what `write_value` writes.
    #[test]
    fn rule_value_checks_the_key_before_it_writes() {
        let config = Config::preset(Config::PRESETS[0].0).unwrap();
        let mut buf = [0xAAu8; 32];
        let mut len = 77usize;
        // SAFETY: a local buffer of its length and a local length.
        let status = unsafe { rule_value(&config, "no-such-key", buf.as_mut_ptr().cast(), buf.len(), &mut len) };
        assert_eq!(status, Err(PARLOR_ERR_UNKNOWN_RULE));
        assert_eq!((buf, len), ([0xAAu8; 32], 77));
        // The key is asked about before the buffer: a null buffer of non-zero capacity too.
        // SAFETY: refused before the pointers are used.
        let status = unsafe { rule_value(&config, "", core::ptr::null_mut(), 5, core::ptr::null_mut()) };
        assert_eq!(status, Err(PARLOR_ERR_UNKNOWN_RULE));
        for key in Config::KEYS {
            let mut want = String::new();
            config.write_value(key.name, &mut want).unwrap();
            let mut buf = [0xAAu8; 64];
            // SAFETY: as above.
            let status = unsafe { rule_value(&config, key.name, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
            assert_eq!(status.map(|()| PARLOR_OK), Ok(PARLOR_OK), "{}", key.name);
            assert_eq!((&buf[..len], buf[len]), (want.as_bytes(), 0), "{}", key.name);
        }
    }
}

/// The search bot's code is known exactly when the library is built with `search-bot`; the other
/// bots' codes always are.
#[cfg(test)]
mod bot_code_tests {
    use super::{BOT_GREEDY, BOT_LOWEST, BOT_RANDOM, BOT_SEARCH, BotCode, bot_code};
    use crate::PARLOR_ERR_UNKNOWN_BOT;
    use parlor_core::game::search::Level;

    #[test]
    fn the_search_bot_is_known_only_with_its_feature() {
        assert_eq!(bot_code(BOT_LOWEST), Ok(BotCode::Lowest));
        assert_eq!(bot_code(BOT_RANDOM), Ok(BotCode::Random));
        assert_eq!(bot_code(BOT_GREEDY), Ok(BotCode::Greedy));
        assert_eq!(bot_code(BOT_SEARCH | (3 << 8)), Err(PARLOR_ERR_UNKNOWN_BOT));
        let hard = bot_code(BOT_SEARCH | (2 << 8));
        if cfg!(feature = "search-bot") {
            assert_eq!(hard, Ok(BotCode::Search(Level::Hard)));
        } else {
            assert_eq!(hard, Err(PARLOR_ERR_UNKNOWN_BOT));
        }
    }
}

/// The dominoes action's text written by pieces (`ActionText::write_c`, its override) answers
/// as `write_text` of its `Display` form did (the old way, still the other games'): every action
/// code of a double-18 set, into buffers of every size up to the longest text.
#[cfg(all(test, feature = "std", feature = "dominoes"))]
#[allow(clippy::indexing_slicing)] // tests may index and panic
mod action_text_tests {
    use super::{ActionText, write_text};
    use parlor_core::dominoes::{Action, Round, Tile};
    use parlor_core::game::Round as _;

    #[test]
    fn dominoes_action_text_is_its_display_text() {
        let tiles = (0..=18u32).flat_map(|a| (a..=18).map(move |b| Tile::new(a, b)));
        let mut actions = std::vec![Action::Draw, Action::Pass];
        for tile in tiles {
            actions.push(Action::Play { tile, on: None });
            actions.push(Action::Play {
                tile,
                on: Some(Tile::new(18, 17)),
            });
            actions.push(Action::Play {
                tile,
                on: Some(Tile::new(0, 0)),
            });
        }
        for action in actions {
            // Through the action's code, as `parlor_action_text` reads it.
            let action = Round::action_from_code(Round::action_code(action)).unwrap_or(action);
            for capacity in [0usize, 1, 5, 12, 24] {
                let (mut old, mut new) = ([0xAAu8; 24], [0xAAu8; 24]);
                let (mut old_len, mut new_len) = (99usize, 99usize);
                let old_ptr = if capacity == 0 {
                    core::ptr::null_mut()
                } else {
                    old.as_mut_ptr().cast()
                };
                let new_ptr = if capacity == 0 {
                    core::ptr::null_mut()
                } else {
                    new.as_mut_ptr().cast()
                };
                // SAFETY: local buffers of at least `capacity` bytes (NULL with 0), local lengths.
                let old_status = unsafe { write_text(&action, old_ptr, capacity, &mut old_len) };
                // SAFETY: as above.
                let new_status = unsafe { action.write_c(new_ptr, capacity, &mut new_len) };
                assert_eq!(
                    (new_status, new, new_len),
                    (old_status, old, old_len),
                    "{action} {capacity}"
                );
            }
        }
    }
}
