//! C entry points for the whole dominoes game: `parlor_dominoes_round_*` (one hand) and
//! `parlor_dominoes_match_*` (hands to the target). Status codes 108–120 (the dominoes range).
//!
//! The state is memory the caller owns: [`ParlorDominoesRound`] / [`ParlorDominoesMatch`] hold
//! the core's versioned byte form (`Round::encode`), so every call decodes it — re-checking
//! every invariant, so random or stale bytes are [`PARLOR_DOMINOES_ERR_BAD_STATE`], never
//! undefined behaviour — acts, and writes it back.

use crate::ParlorStatus;

/// The config is not playable (set size, players, hand size, target…).
pub const PARLOR_DOMINOES_ERR_BAD_CONFIG: ParlorStatus = 108;
/// The given deal is impossible (a tile twice, outside the set, wrong counts).
pub const PARLOR_DOMINOES_ERR_BAD_DEAL: ParlorStatus = 109;
/// The table has no such seat.
pub const PARLOR_DOMINOES_ERR_NO_SUCH_SEAT: ParlorStatus = 110;
/// The hand (or the match) is over.
pub const PARLOR_DOMINOES_ERR_HAND_OVER: ParlorStatus = 111;
/// It is not that seat's turn.
pub const PARLOR_DOMINOES_ERR_NOT_YOUR_TURN: ParlorStatus = 112;
/// The tile played is not in the seat's hand.
pub const PARLOR_DOMINOES_ERR_NOT_IN_HAND: ParlorStatus = 113;
/// The tile named to attach to is not in the layout.
pub const PARLOR_DOMINOES_ERR_NOT_IN_LAYOUT: ParlorStatus = 114;
/// The tile cannot attach to the tile named (no shared number with a free end).
pub const PARLOR_DOMINOES_ERR_NO_OPEN_END_ON: ParlorStatus = 115;
/// Drawing or passing while a tile in hand can be played.
pub const PARLOR_DOMINOES_ERR_MUST_PLAY: ParlorStatus = 116;
/// Passing while the seat may (so must) draw.
pub const PARLOR_DOMINOES_ERR_MUST_DRAW: ParlorStatus = 117;
/// Nothing may be drawn now.
pub const PARLOR_DOMINOES_ERR_CANNOT_DRAW: ParlorStatus = 118;
/// The state bytes are not a valid round or match.
pub const PARLOR_DOMINOES_ERR_BAD_STATE: ParlorStatus = 119;
/// Reserved (nothing returns it; the number stays taken): a broken invariant is the common
/// `PARLOR_ERR_INTERNAL` in every game.
pub const PARLOR_DOMINOES_ERR_INTERNAL: ParlorStatus = 120;

pub(crate) fn status_message(code: ParlorStatus) -> Option<&'static core::ffi::CStr> {
    Some(match code {
        PARLOR_DOMINOES_ERR_BAD_CONFIG => status_text!("dominoes", parlor_core::dominoes::Error::INVALID_CONFIG),
        PARLOR_DOMINOES_ERR_BAD_DEAL => status_text!("dominoes", parlor_core::dominoes::Error::BAD_DEAL),
        PARLOR_DOMINOES_ERR_NO_SUCH_SEAT => status_text!("dominoes", parlor_core::dominoes::Error::NO_SUCH_SEAT),
        PARLOR_DOMINOES_ERR_HAND_OVER => status_text!("dominoes", parlor_core::dominoes::Error::ROUND_OVER),
        PARLOR_DOMINOES_ERR_NOT_YOUR_TURN => status_text!("dominoes", parlor_core::dominoes::Error::NOT_YOUR_TURN),
        PARLOR_DOMINOES_ERR_NOT_IN_HAND => status_text!("dominoes", parlor_core::dominoes::Error::NOT_IN_HAND),
        PARLOR_DOMINOES_ERR_NOT_IN_LAYOUT => status_text!("dominoes", parlor_core::dominoes::Error::NOT_IN_LAYOUT),
        PARLOR_DOMINOES_ERR_NO_OPEN_END_ON => status_text!("dominoes", parlor_core::dominoes::Error::NO_OPEN_END_ON),
        PARLOR_DOMINOES_ERR_MUST_PLAY => status_text!("dominoes", parlor_core::dominoes::Error::MUST_PLAY),
        PARLOR_DOMINOES_ERR_MUST_DRAW => status_text!("dominoes", parlor_core::dominoes::Error::MUST_DRAW),
        PARLOR_DOMINOES_ERR_CANNOT_DRAW => status_text!("dominoes", parlor_core::dominoes::Error::CANNOT_DRAW),
        PARLOR_DOMINOES_ERR_BAD_STATE => status_text!("dominoes", parlor_core::dominoes::Error::INVALID_STATE),
        // A C-only code with no core error (reserved: broken invariants are `PARLOR_ERR_INTERNAL`).
        PARLOR_DOMINOES_ERR_INTERNAL => status_text!("dominoes: reserved, never returned"),
        _ => return None,
    })
}

/// The status of a whole-game error (the layout errors are mapped in `dominoes.rs`).
pub(crate) fn round_status(error: parlor_core::dominoes::Error) -> ParlorStatus {
    use parlor_core::dominoes::Error;
    match error {
        Error::InvalidConfig { .. } => PARLOR_DOMINOES_ERR_BAD_CONFIG,
        Error::BadDeal { .. } => PARLOR_DOMINOES_ERR_BAD_DEAL,
        Error::NoSuchSeat { .. } => PARLOR_DOMINOES_ERR_NO_SUCH_SEAT,
        Error::RoundOver => PARLOR_DOMINOES_ERR_HAND_OVER,
        Error::NotYourTurn { .. } => PARLOR_DOMINOES_ERR_NOT_YOUR_TURN,
        Error::NotInHand { .. } => PARLOR_DOMINOES_ERR_NOT_IN_HAND,
        Error::NotInLayout { .. } => PARLOR_DOMINOES_ERR_NOT_IN_LAYOUT,
        Error::NoOpenEndOn { .. } => PARLOR_DOMINOES_ERR_NO_OPEN_END_ON,
        Error::MustPlay => PARLOR_DOMINOES_ERR_MUST_PLAY,
        Error::MustDraw => PARLOR_DOMINOES_ERR_MUST_DRAW,
        Error::CannotDraw => PARLOR_DOMINOES_ERR_CANNOT_DRAW,
        Error::BufferTooSmall { .. } => crate::PARLOR_ERR_BUFFER_TOO_SMALL,
        Error::InvalidState { .. } => PARLOR_DOMINOES_ERR_BAD_STATE,
        _ => crate::PARLOR_ERR_INTERNAL,
    }
}

use parlor_core::dominoes::{
    Action, Config, Deal, DrawRule, ENCODED_BYTES, End, Event, LeaderRule, MATCH_ENCODED_BYTES, MAX_PLAYERS,
    MAX_SET_TILES, Match, Outcome, Round, SpinnerRule, Tile, Unit,
};
use parlor_core::game::Seat;

use crate::dominoes::{ParlorDominoTile, error_code};
use crate::util::{input, input_slice, optional_output, output, output_slice};
use crate::{PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_INVALID_ARGUMENT, PARLOR_OK};

/// `uint64_t`s in a [`ParlorDominoesRound`]: 65 (520 bytes, holding the 513-byte encoded hand).
pub const PARLOR_DOMINOES_ROUND_WORDS: usize = 65;
/// `uint64_t`s in a [`ParlorDominoesMatch`]: 67 (536 bytes, holding the 533-byte encoded match).
pub const PARLOR_DOMINOES_MATCH_WORDS: usize = 67;
/// Bytes of `parlor_dominoes_round_encode`'s form (format version 2).
pub const PARLOR_DOMINOES_ROUND_ENCODED_BYTES: usize = 513;
/// Bytes of `parlor_dominoes_match_encode`'s form (format version 2).
pub const PARLOR_DOMINOES_MATCH_ENCODED_BYTES: usize = 533;
/// The most tiles of a set (double-18): the capacity that always fits a hand or a layout.
pub const PARLOR_DOMINOES_MAX_SET_TILES: usize = 190;
/// "No seat": `to_act` of a finished hand, `winner` of a tie.
pub const PARLOR_DOMINOES_NO_SEAT: u8 = 255;

/// Preset: Five Up (the default).
pub const PARLOR_DOMINOES_PRESET_FIVE_UP: u8 = 0;
/// Preset: All Fives.
pub const PARLOR_DOMINOES_PRESET_ALL_FIVES: u8 = 1;
/// Preset: the block game.
pub const PARLOR_DOMINOES_PRESET_BLOCK: u8 = 2;

/// Action kind: play a tile.
pub const PARLOR_DOMINOES_ACTION_PLAY: u8 = 0;
/// Action kind: draw from the boneyard.
pub const PARLOR_DOMINOES_ACTION_DRAW: u8 = 1;
/// Action kind: pass.
pub const PARLOR_DOMINOES_ACTION_PASS: u8 = 2;

/// Event kind: a tile was played.
pub const PARLOR_DOMINOES_EVENT_PLAYED: u8 = 0;
/// Event kind: a tile was drawn (`tile`).
pub const PARLOR_DOMINOES_EVENT_DREW: u8 = 1;
/// Event kind: the seat passed.
pub const PARLOR_DOMINOES_EVENT_PASSED: u8 = 2;

/// End kind: a seat played its last tile.
pub const PARLOR_DOMINOES_END_DOMINO: u8 = 0;
/// End kind: nobody could play or draw.
pub const PARLOR_DOMINOES_END_BLOCKED: u8 = 1;

const _: () = assert!(PARLOR_DOMINOES_ROUND_ENCODED_BYTES == ENCODED_BYTES);
const _: () = assert!(PARLOR_DOMINOES_MATCH_ENCODED_BYTES == MATCH_ENCODED_BYTES);
const _: () = assert!(PARLOR_DOMINOES_ROUND_WORDS * 8 >= ENCODED_BYTES);
const _: () = assert!(PARLOR_DOMINOES_MATCH_WORDS * 8 >= MATCH_ENCODED_BYTES);
const _: () = assert!(PARLOR_DOMINOES_MAX_SET_TILES == MAX_SET_TILES);

/// One hand, caller-owned (storable in a static). Holds the encoded hand; every function
/// re-checks it, so garbage is `PARLOR_DOMINOES_ERR_BAD_STATE`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ParlorDominoesRound {
    /// Opaque: the encoded hand.
    pub opaque: [u64; PARLOR_DOMINOES_ROUND_WORDS],
}

/// A match, caller-owned; like [`ParlorDominoesRound`].
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ParlorDominoesMatch {
    /// Opaque: the encoded match.
    pub opaque: [u64; PARLOR_DOMINOES_MATCH_WORDS],
}

/// The rules variant (the core's `Config`): every code is checked.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoesConfig {
    /// Highest pip: 6, 9, 12, 15 or 18.
    pub high: u8,
    /// Seats, 2–4.
    pub players: u8,
    /// 1: partners 0+2 and 1+3 (four players only).
    pub partnerships: u8,
    /// Tiles dealt to each seat.
    pub hand_size: u8,
    /// `PARLOR_DOMINOES_SPINNER_*`.
    pub spinner: u8,
    /// 0 draw until playable, 1 draw one, 2 never draw.
    pub draw: u8,
    /// Boneyard tiles never drawn.
    pub reserve: u8,
    /// 0 points in fives, 1 the total.
    pub unit: u8,
    /// 1: plays whose open-end total is a multiple of 5 score.
    pub scores_plays: u8,
    /// First leader: 0 the highest double, 1 seat 0.
    pub leader: u8,
    /// The match's target score.
    pub target: u16,
}

/// An action: `kind` `PARLOR_DOMINOES_ACTION_*`; a play names `tile` and, unless it is the
/// opening (`has_on` 0), the layout tile `on` it attaches to.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoesAction {
    /// `PARLOR_DOMINOES_ACTION_*`.
    pub kind: u8,
    /// 1 when `on` is given.
    pub has_on: u8,
    /// The tile played.
    pub tile: ParlorDominoTile,
    /// The layout tile it attaches to.
    pub on: ParlorDominoTile,
}

/// What an action did.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoesEvent {
    /// `PARLOR_DOMINOES_EVENT_*`.
    pub kind: u8,
    /// 1 when the action ended the hand.
    pub hand_over: u8,
    /// Points the play scored.
    pub points: u16,
    /// The open-end total after a play.
    pub open_total: u32,
    /// The tile drawn (`EVENT_DREW`).
    pub tile: ParlorDominoTile,
}

/// The end of a hand.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoesOutcome {
    /// 1 once the hand is over (the other fields are 0 before).
    pub over: u8,
    /// `PARLOR_DOMINOES_END_*`.
    pub end: u8,
    /// The seat that went out (`END_DOMINO`), else `PARLOR_DOMINOES_NO_SEAT`.
    pub domino_seat: u8,
    /// The hand's winner (leads the next), or `PARLOR_DOMINOES_NO_SEAT` on a blocked tie.
    pub winner: u8,
    /// The end bonus credited to `winner` (0 on a tie).
    pub bonus: u16,
    /// Points each seat scored in the hand.
    pub scores: [u16; 4],
}

/// What one seat may know; `parlor_dominoes_round_observe` also fills the seat's tiles and the
/// layout into caller arrays.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoesObservation {
    /// The observing seat.
    pub seat: u8,
    /// The seat to act, or `PARLOR_DOMINOES_NO_SEAT`.
    pub to_act: u8,
    /// Tiles in each seat's hand.
    pub hand_counts: [u8; 4],
    /// Tiles left in the boneyard.
    pub boneyard: u8,
    /// Tiles in the observing seat's hand (all written when `hand_cap` allows).
    pub hand_len: u8,
    /// Tiles in the layout.
    pub layout_len: u8,
    /// Points each seat scored in the hand.
    pub scores: [u16; 4],
    /// The open-end total.
    pub open_total: u32,
}

/// A layout tile and the tile it attached to (`has_on` 0 for the opening).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParlorDominoesLaid {
    /// The tile.
    pub tile: ParlorDominoTile,
    /// The tile it attached to.
    pub on: ParlorDominoTile,
    /// 1 unless this is the opening.
    pub has_on: u8,
}

fn c_tile(tile: Tile) -> ParlorDominoTile {
    ParlorDominoTile { a: tile.a, b: tile.b }
}

fn core_tile(tile: ParlorDominoTile) -> Tile {
    Tile::new(tile.a, tile.b)
}

fn code<T>(value: Option<T>) -> Result<T, ParlorStatus> {
    value.ok_or(PARLOR_ERR_INVALID_ARGUMENT)
}

fn flag(value: u8) -> Result<bool, ParlorStatus> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(PARLOR_ERR_INVALID_ARGUMENT),
    }
}

fn core_config(config: &ParlorDominoesConfig) -> Result<Config, ParlorStatus> {
    let config = Config {
        high: config.high,
        players: config.players,
        partnerships: flag(config.partnerships)?,
        hand_size: config.hand_size,
        spinner: code(SpinnerRule::from_code(config.spinner))?,
        draw: code(DrawRule::from_code(config.draw))?,
        reserve: config.reserve,
        unit: code(Unit::from_code(config.unit))?,
        scores_plays: flag(config.scores_plays)?,
        target: config.target,
        leader: code(LeaderRule::from_code(config.leader))?,
    };
    config.validate().map_err(error_code)?;
    Ok(config)
}

fn core_action(action: &ParlorDominoesAction) -> Result<Action, ParlorStatus> {
    let on = flag(action.has_on)?.then(|| core_tile(action.on));
    match action.kind {
        PARLOR_DOMINOES_ACTION_PLAY => Ok(Action::Play {
            tile: core_tile(action.tile),
            on,
        }),
        PARLOR_DOMINOES_ACTION_DRAW => Ok(Action::Draw),
        PARLOR_DOMINOES_ACTION_PASS => Ok(Action::Pass),
        _ => Err(PARLOR_ERR_INVALID_ARGUMENT),
    }
}

fn c_action(action: Action) -> ParlorDominoesAction {
    match action {
        Action::Play { tile, on } => ParlorDominoesAction {
            kind: PARLOR_DOMINOES_ACTION_PLAY,
            has_on: u8::from(on.is_some()),
            tile: c_tile(tile),
            on: on.map(c_tile).unwrap_or_default(),
        },
        Action::Draw => ParlorDominoesAction {
            kind: PARLOR_DOMINOES_ACTION_DRAW,
            ..ParlorDominoesAction::default()
        },
        Action::Pass => ParlorDominoesAction {
            kind: PARLOR_DOMINOES_ACTION_PASS,
            ..ParlorDominoesAction::default()
        },
    }
}

fn c_event(event: Event) -> ParlorDominoesEvent {
    match event {
        Event::Played {
            open_total,
            points,
            hand_over,
        } => ParlorDominoesEvent {
            kind: PARLOR_DOMINOES_EVENT_PLAYED,
            hand_over: u8::from(hand_over),
            points,
            open_total,
            tile: ParlorDominoTile::default(),
        },
        Event::Drew { tile } => ParlorDominoesEvent {
            kind: PARLOR_DOMINOES_EVENT_DREW,
            tile: c_tile(tile),
            ..ParlorDominoesEvent::default()
        },
        Event::Passed { hand_over } => ParlorDominoesEvent {
            kind: PARLOR_DOMINOES_EVENT_PASSED,
            hand_over: u8::from(hand_over),
            ..ParlorDominoesEvent::default()
        },
    }
}

fn c_outcome(outcome: Option<Outcome>) -> ParlorDominoesOutcome {
    let Some(outcome) = outcome else {
        return ParlorDominoesOutcome::default();
    };
    let (end, domino_seat) = match outcome.end {
        End::Domino { seat } => (PARLOR_DOMINOES_END_DOMINO, seat.0),
        End::Blocked => (PARLOR_DOMINOES_END_BLOCKED, PARLOR_DOMINOES_NO_SEAT),
    };
    ParlorDominoesOutcome {
        over: 1,
        end,
        domino_seat,
        winner: outcome.winner.map_or(PARLOR_DOMINOES_NO_SEAT, |seat| seat.0),
        bonus: outcome.bonus.map_or(0, |(_, points)| points),
        scores: outcome.scores,
    }
}

/// The opaque words of a state as bytes (no copy: it holds the encoded form in memory order).
fn view(words: &[u64]) -> &[u8] {
    // SAFETY: any `u64` memory is valid `u8` memory of 8 times the length (alignment 1, every
    // bit pattern valid), borrowed for the same lifetime.
    unsafe { core::slice::from_raw_parts(words.as_ptr().cast::<u8>(), words.len().saturating_mul(8)) }
}

/// [`view`] for writing.
fn view_mut(words: &mut [u64]) -> &mut [u8] {
    // SAFETY: as `view`, exclusively borrowed.
    unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u8>(), words.len().saturating_mul(8)) }
}

/// The caller's state words as bytes to decode: refused ([`PARLOR_DOMINOES_ERR_BAD_STATE`])
/// unless every byte past the first `encoded` is 0, as the functions write it (one state, one
/// byte form, as in the other games' states; the C fuzz loop found a flipped tail byte accepted).
fn state_view(words: &[u64], encoded: usize) -> Result<&[u8], ParlorStatus> {
    let bytes = view(words);
    if bytes.get(encoded..).is_some_and(|tail| tail.iter().any(|&b| b != 0)) {
        return Err(PARLOR_DOMINOES_ERR_BAD_STATE);
    }
    Ok(bytes)
}

/// Decodes the caller's round in place and lends it to `f` (one `Round` on the stack: the
/// round calls stay under 2 KiB).
fn with_round<R>(
    state: &ParlorDominoesRound,
    f: impl FnOnce(&Round) -> Result<R, ParlorStatus>,
) -> Result<R, ParlorStatus> {
    Round::decode_with(state_view(&state.opaque, ENCODED_BYTES)?, |round| f(round)).map_err(error_code)?
}

fn store_round(round: &Round, state: &mut ParlorDominoesRound) -> Result<(), ParlorStatus> {
    let bytes = view_mut(&mut state.opaque);
    bytes.fill(0);
    round.encode(bytes).map_err(error_code)?;
    Ok(())
}

/// Decodes the caller's match in place and lends it to `f` (one `Match` on the stack).
fn with_match<R>(
    state: &ParlorDominoesMatch,
    f: impl FnOnce(&Match) -> Result<R, ParlorStatus>,
) -> Result<R, ParlorStatus> {
    Match::decode_with(state_view(&state.opaque, MATCH_ENCODED_BYTES)?, |game| f(game)).map_err(error_code)?
}

fn store_match(game: &Match, state: &mut ParlorDominoesMatch) -> Result<(), ParlorStatus> {
    let bytes = view_mut(&mut state.opaque);
    bytes.fill(0);
    game.encode(bytes).map_err(error_code)?;
    Ok(())
}

/// Fills `*out` with preset `preset` (`PARLOR_DOMINOES_PRESET_*`).
///
/// # Safety
/// `out` must be valid for a write (null: `PARLOR_ERR_NULL_POINTER`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_config_preset(preset: u8, out: *mut ParlorDominoesConfig) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let out = unsafe { output(out) }?;
        let config = match preset {
            PARLOR_DOMINOES_PRESET_FIVE_UP => Config::FIVE_UP,
            PARLOR_DOMINOES_PRESET_ALL_FIVES => Config::ALL_FIVES,
            PARLOR_DOMINOES_PRESET_BLOCK => Config::BLOCK,
            _ => return Err(PARLOR_ERR_INVALID_ARGUMENT),
        };
        *out = ParlorDominoesConfig {
            high: config.high,
            players: config.players,
            partnerships: u8::from(config.partnerships),
            hand_size: config.hand_size,
            spinner: config.spinner.code(),
            draw: config.draw.code(),
            reserve: config.reserve,
            unit: config.unit.code(),
            scores_plays: u8::from(config.scores_plays),
            leader: config.leader.code(),
            target: config.target,
        };
        Ok(())
    })
}

fn status(body: impl FnOnce() -> Result<(), ParlorStatus>) -> ParlorStatus {
    match body() {
        Ok(()) => PARLOR_OK,
        Err(code) => code,
    }
}

/// Deals a hand: `Deal::Seeded(seed)` (the documented shuffle; `docs/dominoes.md`).
///
/// # Safety
/// `config` must be valid for a read, `out` for a write (null: `PARLOR_ERR_NULL_POINTER`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_round_new(
    config: *const ParlorDominoesConfig,
    seed: u64,
    out: *mut ParlorDominoesRound,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let config = core_config(unsafe { input(config) }?)?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out) }?;
        Round::new_with(&config, &Deal::Seeded(seed), |round| store_round(round, out)).map_err(error_code)?
    })
}

/// Deals given tiles: `tiles` holds the hands one after another (`players × hand_size` tiles,
/// seat 0 first), then the boneyard in draw order; together the whole set.
///
/// # Safety
/// `config` valid for a read; `tiles` valid for `len` reads; `out` valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_round_new_given(
    config: *const ParlorDominoesConfig,
    tiles: *const ParlorDominoTile,
    len: usize,
    out: *mut ParlorDominoesRound,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let config = core_config(unsafe { input(config) }?)?;
        // SAFETY: the caller's contract.
        let tiles = unsafe { input_slice(tiles, len) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out) }?;
        if tiles.len() != config.set_tiles() {
            return Err(PARLOR_DOMINOES_ERR_BAD_DEAL);
        }
        let all = crate::dominoes::core_tiles(tiles);
        let size = usize::from(config.hand_size);
        let mut hands: [&[Tile]; MAX_PLAYERS] = [&[]; MAX_PLAYERS];
        for (seat, hand) in hands.iter_mut().enumerate().take(usize::from(config.players)) {
            let start = seat.saturating_mul(size);
            *hand = all
                .get(start..start.saturating_add(size))
                .ok_or(PARLOR_DOMINOES_ERR_BAD_DEAL)?;
        }
        let dealt = size.saturating_mul(usize::from(config.players));
        let boneyard = all.get(dealt..).ok_or(PARLOR_DOMINOES_ERR_BAD_DEAL)?;
        let hands = hands
            .get(..usize::from(config.players))
            .ok_or(PARLOR_DOMINOES_ERR_BAD_DEAL)?;
        Round::new_with(&config, &Deal::Given { hands, boneyard }, |round| {
            store_round(round, out)
        })
        .map_err(error_code)?
    })
}

/// The seat to act, or `PARLOR_DOMINOES_NO_SEAT` once the hand is over.
///
/// # Safety
/// `state` valid for a read, `seat` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_round_to_act(
    state: *const ParlorDominoesRound,
    seat: *mut u8,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { input(state) }?;
        // SAFETY: the caller's contract.
        let seat = unsafe { output(seat) }?;
        with_round(state, |round| {
            *seat = round.to_act().map_or(PARLOR_DOMINOES_NO_SEAT, |seat| seat.0);
            Ok(())
        })
    })
}

fn legal_into(round: &Round, seat: u8, out: &mut [ParlorDominoesAction], total: &mut usize) {
    let mut count = 0usize;
    round.for_each_legal_action(Seat(seat), |action| {
        if let Some(slot) = out.get_mut(count) {
            *slot = c_action(action);
        }
        count = count.saturating_add(1);
    });
    *total = count;
}

/// Writes the legal actions of `seat` (in the core's legal-action order) into `out` as far as
/// `capacity` allows and their number into `*total` (none when it is not `seat`'s turn).
/// `PARLOR_ERR_BUFFER_TOO_SMALL` when `*total > capacity > 0` (the first `capacity` are written);
/// capacity 0 is a size query (`PARLOR_OK` with `*total`).
///
/// # Safety
/// `state` valid for a read; `out` valid for `capacity` writes (or null with 0); `total` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_round_legal_actions(
    state: *const ParlorDominoesRound,
    seat: u8,
    out: *mut ParlorDominoesAction,
    capacity: usize,
    total: *mut usize,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { input(state) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output_slice(out, capacity) }?;
        // SAFETY: the caller's contract.
        let total = unsafe { output(total) }?;
        with_round(state, |round| {
            legal_into(round, seat, out, total);
            Ok(())
        })?;
        // Capacity 0 is a size query: `PARLOR_OK` with the total.
        if *total > capacity && capacity != 0 {
            return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
        }
        Ok(())
    })
}

/// Applies `action` for `seat`; on success writes the event into `*event` (may be null). An
/// illegal action is its status code and leaves `*state` unchanged.
///
/// # Safety
/// `state` valid for reads and writes, `action` for a read, `event` null or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_round_apply(
    state: *mut ParlorDominoesRound,
    seat: u8,
    action: *const ParlorDominoesAction,
    event: *mut ParlorDominoesEvent,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { output(state) }?;
        // SAFETY: the caller's contract.
        let action = core_action(unsafe { input(action) }?)?;
        // SAFETY: the caller's contract (null is allowed); checked before the state changes.
        let event = unsafe { optional_output(event) }?;
        // Decoded, applied and re-encoded in place (the state is rewritten only on success).
        state_view(&state.opaque, ENCODED_BYTES)?;
        let happened = Round::update_encoded(view_mut(&mut state.opaque), |round| round.apply(Seat(seat), action))
            .map_err(error_code)?;
        if let Some(event) = event {
            *event = c_event(happened);
        }
        Ok(())
    })
}

fn observe_into(
    round: &Round,
    seat: u8,
    out: &mut ParlorDominoesObservation,
    hand: &mut [ParlorDominoTile],
    layout: &mut [ParlorDominoesLaid],
) -> Result<(), ParlorStatus> {
    // Read in place through a reference: `map_err(..)?` would copy the 420-byte observation
    // twice more onto the stack.
    let observed = round.observation(Seat(seat));
    let seen = match &observed {
        Ok(seen) => seen,
        Err(error) => return Err(error_code(*error)),
    };
    let mut hand_len = 0usize;
    for tile in seen.hand() {
        if let Some(slot) = hand.get_mut(hand_len) {
            *slot = c_tile(tile);
        }
        hand_len = hand_len.saturating_add(1);
    }
    let mut layout_len = 0usize;
    for (tile, on) in seen.layout() {
        if let Some(slot) = layout.get_mut(layout_len) {
            *slot = ParlorDominoesLaid {
                tile: c_tile(tile),
                on: on.map(c_tile).unwrap_or_default(),
                has_on: u8::from(on.is_some()),
            };
        }
        layout_len = layout_len.saturating_add(1);
    }
    *out = ParlorDominoesObservation {
        seat,
        to_act: seen.to_act.map_or(PARLOR_DOMINOES_NO_SEAT, |seat| seat.0),
        hand_counts: seen.hand_counts,
        boneyard: seen.boneyard,
        hand_len: u8::try_from(hand_len).unwrap_or(u8::MAX),
        layout_len: u8::try_from(layout_len).unwrap_or(u8::MAX),
        scores: seen.scores,
        open_total: seen.open_total,
    };
    // A list of capacity 0 is a size query (its length is in `*out`); only a non-empty buffer
    // that is too small is an error.
    let short = |len: usize, buf_len: usize| len > buf_len && buf_len != 0;
    if short(hand_len, hand.len()) || short(layout_len, layout.len()) {
        return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
    }
    Ok(())
}

/// What `seat` may know: the summary into `*out`, its tiles into `hand` (capacity
/// `hand_capacity`) and the layout in play order into `layout` (capacity `layout_capacity`;
/// `PARLOR_DOMINOES_MAX_SET_TILES` always fits). `PARLOR_ERR_BUFFER_TOO_SMALL` when a list did
/// not fit (`*out` still holds its length).
///
/// # Safety
/// `state` valid for a read, `out` for a write, the arrays for their capacities (or null with 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_round_observe(
    state: *const ParlorDominoesRound,
    seat: u8,
    out: *mut ParlorDominoesObservation,
    hand: *mut ParlorDominoTile,
    hand_capacity: usize,
    layout: *mut ParlorDominoesLaid,
    layout_capacity: usize,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { input(state) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out) }?;
        // SAFETY: the caller's contract.
        let hand = unsafe { output_slice(hand, hand_capacity) }?;
        // SAFETY: the caller's contract.
        let layout = unsafe { output_slice(layout, layout_capacity) }?;
        with_round(state, |round| observe_into(round, seat, out, hand, layout))
    })
}

/// The hand's end into `*out` (`over` 0 while it is being played).
///
/// # Safety
/// `state` valid for a read, `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_round_outcome(
    state: *const ParlorDominoesRound,
    out: *mut ParlorDominoesOutcome,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { input(state) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out) }?;
        with_round(state, |round| {
            *out = c_outcome(round.outcome());
            Ok(())
        })
    })
}

/// Writes the versioned byte form (`PARLOR_DOMINOES_ROUND_ENCODED_BYTES`) into `buf`; `*len`
/// receives its length (also when the buffer is too small).
///
/// # Safety
/// `state` valid for a read, `buf` for `capacity` writes (or null with 0), `len` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_round_encode(
    state: *const ParlorDominoesRound,
    buf: *mut u8,
    capacity: usize,
    len: *mut usize,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { input(state) }?;
        // SAFETY: the caller's contract.
        let buf = unsafe { output_slice(buf, capacity) }?;
        // SAFETY: the caller's contract.
        let len = unsafe { output(len) }?;
        with_round(state, |round| {
            crate::util::encoded_into(buf, len, ENCODED_BYTES, |buf| {
                round.encode(buf).map(drop).map_err(error_code)
            })
        })
    })
}

/// Reads a byte form (checked like every state) into `*out`: at most
/// `PARLOR_DOMINOES_ROUND_ENCODED_BYTES` bytes (a longer `len` is `PARLOR_DOMINOES_ERR_BAD_STATE`).
///
/// # Safety
/// `buf` valid for `len` reads, `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_round_decode(
    buf: *const u8,
    len: usize,
    out: *mut ParlorDominoesRound,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let bytes = unsafe { input_slice(buf, len) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out) }?;
        // Exactly the byte form: trailing bytes are refused, as in every game.
        if bytes.len() > ENCODED_BYTES {
            return Err(PARLOR_DOMINOES_ERR_BAD_STATE);
        }
        Round::decode_with(bytes, |round| store_round(round, out)).map_err(error_code)?
    })
}

/// Starts a match (hands dealt from `seed`; `docs/dominoes.md`).
///
/// # Safety
/// `config` valid for a read, `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_match_new(
    config: *const ParlorDominoesConfig,
    seed: u64,
    out: *mut ParlorDominoesMatch,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let config = core_config(unsafe { input(config) }?)?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out) }?;
        Match::new_with(&config, seed, |game| store_match(game, out)).map_err(error_code)?
    })
}

/// Copies the match's current hand into `*out`, for the `parlor_dominoes_round_*` queries.
///
/// # Safety
/// `state` valid for a read, `out` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_match_round(
    state: *const ParlorDominoesMatch,
    out: *mut ParlorDominoesRound,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { input(state) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out) }?;
        with_match(state, |game| store_round(game.round(), out))
    })
}

/// The seat to act in the current hand, or `PARLOR_DOMINOES_NO_SEAT` once the match is over.
///
/// # Safety
/// `state` valid for a read, `seat` for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_match_to_act(
    state: *const ParlorDominoesMatch,
    seat: *mut u8,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { input(state) }?;
        // SAFETY: the caller's contract.
        let seat = unsafe { output(seat) }?;
        with_match(state, |game| {
            *seat = game.round().to_act().map_or(PARLOR_DOMINOES_NO_SEAT, |seat| seat.0);
            Ok(())
        })
    })
}

/// The legal actions of `seat` in the current hand (as `parlor_dominoes_round_legal_actions`).
///
/// # Safety
/// As `parlor_dominoes_round_legal_actions`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_match_legal_actions(
    state: *const ParlorDominoesMatch,
    seat: u8,
    out: *mut ParlorDominoesAction,
    capacity: usize,
    total: *mut usize,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { input(state) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output_slice(out, capacity) }?;
        // SAFETY: the caller's contract.
        let total = unsafe { output(total) }?;
        with_match(state, |game| {
            legal_into(game.round(), seat, out, total);
            Ok(())
        })?;
        // Capacity 0 is a size query: `PARLOR_OK` with the total.
        if *total > capacity && capacity != 0 {
            return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
        }
        Ok(())
    })
}

/// Applies `action` in the current hand; when it ends the hand, its outcome goes to
/// `*hand_outcome` (`over` 1; may be null) and the next hand is dealt unless the match is over.
/// An illegal action is its status code and leaves `*state` unchanged.
///
/// # Safety
/// `state` valid for reads and writes, `action` for a read, `event`/`hand_outcome` null or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_match_apply(
    state: *mut ParlorDominoesMatch,
    seat: u8,
    action: *const ParlorDominoesAction,
    event: *mut ParlorDominoesEvent,
    hand_outcome: *mut ParlorDominoesOutcome,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { output(state) }?;
        // SAFETY: the caller's contract.
        let action = core_action(unsafe { input(action) }?)?;
        // SAFETY: the caller's contract (null is allowed); checked before the state changes.
        let (event, hand_outcome) = unsafe { (optional_output(event)?, optional_output(hand_outcome)?) };
        // Decoded, applied and re-encoded in place (the state is rewritten only on success).
        state_view(&state.opaque, MATCH_ENCODED_BYTES)?;
        let step = Match::update_encoded(view_mut(&mut state.opaque), |game| game.apply(Seat(seat), action))
            .map_err(error_code)?;
        if let Some(event) = event {
            *event = c_event(step.event);
        }
        if let Some(outcome) = hand_outcome {
            *outcome = c_outcome(step.finished);
        }
        Ok(())
    })
}

/// The match's totals per seat into `scores[4]`, whether it is over, and the winner (a seat, or
/// with partnerships 0 or 1 for the team; `PARLOR_DOMINOES_NO_SEAT` while playing).
///
/// # Safety
/// `state` valid for a read; `scores` valid for 4 writes; `over`, `winner` valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_match_outcome(
    state: *const ParlorDominoesMatch,
    scores: *mut u16,
    over: *mut u8,
    winner: *mut u8,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { input(state) }?;
        // SAFETY: the caller's contract.
        let scores = unsafe { output_slice(scores, MAX_PLAYERS) }?;
        // SAFETY: the caller's contract.
        let over = unsafe { output(over) }?;
        // SAFETY: the caller's contract.
        let winner = unsafe { output(winner) }?;
        with_match(state, |game| {
            // Totals are at most 65,535 per seat (kept as `u16` in the match).
            for (slot, score) in scores.iter_mut().zip(game.totals()) {
                *slot = u16::try_from(score).unwrap_or(u16::MAX);
            }
            *over = u8::from(game.is_over());
            // The first winning seat: with partnerships seat 0 or 1 names the team.
            *winner = game
                .result()
                .and_then(|placement| placement.winners().next())
                .map_or(PARLOR_DOMINOES_NO_SEAT, |seat| seat.0);
            Ok(())
        })
    })
}

/// Writes the match's byte form (`PARLOR_DOMINOES_MATCH_ENCODED_BYTES`); as the round's.
///
/// # Safety
/// As `parlor_dominoes_round_encode`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_match_encode(
    state: *const ParlorDominoesMatch,
    buf: *mut u8,
    capacity: usize,
    len: *mut usize,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let state = unsafe { input(state) }?;
        // SAFETY: the caller's contract.
        let buf = unsafe { output_slice(buf, capacity) }?;
        // SAFETY: the caller's contract.
        let len = unsafe { output(len) }?;
        with_match(state, |game| {
            crate::util::encoded_into(buf, len, MATCH_ENCODED_BYTES, |buf| {
                game.encode(buf).map(drop).map_err(error_code)
            })
        })
    })
}

/// Reads a match's byte form (checked) into `*out`: at most
/// `PARLOR_DOMINOES_MATCH_ENCODED_BYTES` bytes (a longer `len` is `PARLOR_DOMINOES_ERR_BAD_STATE`).
///
/// # Safety
/// As `parlor_dominoes_round_decode`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_dominoes_match_decode(
    buf: *const u8,
    len: usize,
    out: *mut ParlorDominoesMatch,
) -> ParlorStatus {
    status(|| {
        // SAFETY: the caller's contract.
        let bytes = unsafe { input_slice(buf, len) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { output(out) }?;
        // Exactly the byte form: trailing bytes are refused, as in every game.
        if bytes.len() > MATCH_ENCODED_BYTES {
            return Err(PARLOR_DOMINOES_ERR_BAD_STATE);
        }
        Match::decode_with(bytes, |game| store_match(game, out)).map_err(error_code)?
    })
}
