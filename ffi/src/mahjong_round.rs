//! The C ABI of the Riichi round engine and match: `parlor_mahjong_round_*`,
//! `parlor_mahjong_match_*`.
//!
//! The state is caller-owned memory: `ParlorMahjongRound` / `ParlorMahjongMatch` hold the
//! round's (match's) *encoded* form (`Round::encode`, versioned). Every call decodes it — which
//! re-validates the whole round — acts, and encodes it again into the caller's struct only on
//! success: a corrupted or uninitialised state is `PARLOR_ERR_INVALID_STATE`, never undefined
//! behaviour. Actions, events, observations and outcomes are `#[repr(C)]` structs of fixed-width
//! integers, every code checked on the way in.
//!
//! Tiles are ids `0..136` (`kind × 4 + copy`; with red fives copy 0 of 5m 5p 5s, ids 16, 52, 88,
//! is the red five); a tile *kind* is `0..34` (`1m…9m 1p…9p 1s…9s 1z…7z`). "None" is 255.

use parlor_core::game::Seat;
use parlor_core::game::Step;
use parlor_core::mahjong::game_match::{self, Match};
use parlor_core::mahjong::round::{self, MAX_DISCARDS, TILE_IDS};
use parlor_core::mahjong::score::MeldKind;
use parlor_core::mahjong::{
    Abort, Action, Agari, Config, Deal, Discard, End, Error, Event, MultiRon, Observation, Outcome, Phase, Round,
    Start, TableMeld, Tile,
};

use crate::mahjong_score::{
    PARLOR_MAHJONG_MELD_ANKAN, PARLOR_MAHJONG_MELD_CHII, PARLOR_MAHJONG_MELD_MINKAN, PARLOR_MAHJONG_MELD_PON,
    PARLOR_MAHJONG_MELD_SHOUMINKAN, ParlorMahjongConfig, ParlorMahjongValue, read_config, score_error_code,
    write_value,
};
use crate::util::{bytes_to_words, input_slice, optional_output, output, output_slice, status, words_to_bytes};
use crate::{PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_INVALID_STATE, ParlorStatus};

/// A round [`Config`] out of range (`parlor_mahjong_round_new`).
pub const PARLOR_MAHJONG_ERR_BAD_CONFIG: ParlorStatus = 460;
/// A given wall that is not the 136 ids once each, or a start out of range.
pub const PARLOR_MAHJONG_ERR_BAD_DEAL: ParlorStatus = 461;
/// A seat number above 3.
pub const PARLOR_MAHJONG_ERR_NO_SUCH_SEAT: ParlorStatus = 462;
/// The round is over: no seat may act.
pub const PARLOR_MAHJONG_ERR_ROUND_OVER: ParlorStatus = 463;
/// The seat may not act now (another seat's turn, or it already answered the call window).
pub const PARLOR_MAHJONG_ERR_NOT_YOUR_TURN: ParlorStatus = 464;
/// The action is not legal for the seat now (the state is unchanged).
pub const PARLOR_MAHJONG_ERR_ILLEGAL_ACTION: ParlorStatus = 465;
/// The match is over.
pub const PARLOR_MAHJONG_ERR_MATCH_OVER: ParlorStatus = 466;
/// The match waits for the next round's wall (`parlor_mahjong_match_deal`).
pub const PARLOR_MAHJONG_ERR_AWAITING_DEAL: ParlorStatus = 467;
/// `parlor_mahjong_match_deal` while a round is being played, or for a seeded match.
pub const PARLOR_MAHJONG_ERR_NOT_AWAITING_DEAL: ParlorStatus = 468;

/// `uint64_t` words of a [`ParlorMahjongRound`]: room for `PARLOR_MAHJONG_ROUND_ENCODED_BYTES`.
pub const PARLOR_MAHJONG_ROUND_WORDS: usize = 80;
/// `uint64_t` words of a [`ParlorMahjongMatch`].
pub const PARLOR_MAHJONG_MATCH_WORDS: usize = 84;
/// Bytes of a round's encoded form (`parlor_mahjong_round_encode`).
pub const PARLOR_MAHJONG_ROUND_ENCODED_BYTES: usize = 639;
/// Bytes of a match's encoded form (`parlor_mahjong_match_encode`).
pub const PARLOR_MAHJONG_MATCH_ENCODED_BYTES: usize = 671;
const _: () = assert!(
    PARLOR_MAHJONG_ROUND_ENCODED_BYTES == round::ENCODED_BYTES
        && PARLOR_MAHJONG_MATCH_ENCODED_BYTES == game_match::MATCH_ENCODED_BYTES
        && PARLOR_MAHJONG_ROUND_WORDS == round::ENCODED_BYTES.div_ceil(8)
        && PARLOR_MAHJONG_MATCH_WORDS == game_match::MATCH_ENCODED_BYTES.div_ceil(8)
);
/// A buffer of this many `ParlorMahjongAction`s always holds every legal action of a seat.
pub const PARLOR_MAHJONG_MAX_ACTIONS: usize = 40;
/// The most discards a round holds (the length of `ParlorMahjongObservation::discards`).
pub const PARLOR_MAHJONG_MAX_DISCARDS: usize = 96;
/// Tile ids in a wall.
pub const PARLOR_MAHJONG_WALL_TILES: usize = 136;
const _: () = assert!(
    PARLOR_MAHJONG_MAX_ACTIONS == round::MAX_ACTIONS
        && PARLOR_MAHJONG_MAX_DISCARDS == MAX_DISCARDS
        && PARLOR_MAHJONG_WALL_TILES == TILE_IDS
);
/// "No seat" / "no tile" in round outputs.
pub const PARLOR_MAHJONG_ROUND_NONE: u8 = 255;

/// Action kind: discard `tile`.
pub const PARLOR_MAHJONG_ACTION_DISCARD: u8 = 0;
/// Action kind: riichi, discarding `tile`.
pub const PARLOR_MAHJONG_ACTION_RIICHI: u8 = 1;
/// Action kind: tsumo (win on the own draw).
pub const PARLOR_MAHJONG_ACTION_TSUMO: u8 = 2;
/// Action kind: a closed kan of the tile kind `tile` (0..34).
pub const PARLOR_MAHJONG_ACTION_ANKAN: u8 = 3;
/// Action kind: an added kan with id `tile`.
pub const PARLOR_MAHJONG_ACTION_KAKAN: u8 = 4;
/// Action kind: abort with nine terminals and honors (kyuushu kyuuhai).
pub const PARLOR_MAHJONG_ACTION_KYUUSHU: u8 = 5;
/// Action kind: ron (win on the discard, or rob the kan).
pub const PARLOR_MAHJONG_ACTION_RON: u8 = 6;
/// Action kind: pon with ids `tiles[0]`, `tiles[1]`.
pub const PARLOR_MAHJONG_ACTION_PON: u8 = 7;
/// Action kind: open kan on the discard.
pub const PARLOR_MAHJONG_ACTION_KAN: u8 = 8;
/// Action kind: chii with ids `tiles[0]`, `tiles[1]`.
pub const PARLOR_MAHJONG_ACTION_CHII: u8 = 9;
/// Action kind: pass (no call).
pub const PARLOR_MAHJONG_ACTION_PASS: u8 = 10;

/// Phase: a seat on turn (`phase_seat`).
pub const PARLOR_MAHJONG_PHASE_TURN: u8 = 0;
/// Phase: a call window on `phase_tile`, discarded by `phase_seat`.
pub const PARLOR_MAHJONG_PHASE_CALLS: u8 = 1;
/// Phase: a kan by `phase_seat` may be robbed (`phase_tile`).
pub const PARLOR_MAHJONG_PHASE_CHANKAN: u8 = 2;
/// Phase: the round is over.
pub const PARLOR_MAHJONG_PHASE_OVER: u8 = 3;

/// End: one or more wins.
pub const PARLOR_MAHJONG_END_WIN: u8 = 0;
/// End: exhaustive draw with tenpai payments.
pub const PARLOR_MAHJONG_END_EXHAUSTIVE: u8 = 1;
/// End: exhaustive draw with nagashi mangan.
pub const PARLOR_MAHJONG_END_NAGASHI: u8 = 2;
/// End: abortive draw, nine terminals.
pub const PARLOR_MAHJONG_END_NINE_TERMINALS: u8 = 3;
/// End: abortive draw, four winds.
pub const PARLOR_MAHJONG_END_FOUR_WINDS: u8 = 4;
/// End: abortive draw, four riichi.
pub const PARLOR_MAHJONG_END_FOUR_RIICHI: u8 = 5;
/// End: abortive draw, four kans.
pub const PARLOR_MAHJONG_END_FOUR_KANS: u8 = 6;
/// End: abortive draw, three rons.
pub const PARLOR_MAHJONG_END_TRIPLE_RON: u8 = 7;

/// Preset: Tenhou's ranked hanchan (the default).
pub const PARLOR_MAHJONG_PRESET_TENHOU: u8 = 0;
/// Preset: Tenhou's rules, East only.
pub const PARLOR_MAHJONG_PRESET_TENHOU_EAST: u8 = 1;
/// Preset: the basic rules (head bump, no abortive draws, kuikae allowed, …).
pub const PARLOR_MAHJONG_PRESET_BASIC: u8 = 2;
const _: () = assert!(
    Config::PRESETS.len() == 3
        && PARLOR_MAHJONG_PRESET_TENHOU == 0
        && PARLOR_MAHJONG_PRESET_TENHOU_EAST == 1
        && PARLOR_MAHJONG_PRESET_BASIC == 2
);

/// A round's state (its encoded form; opaque, caller-owned, storable in a static).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParlorMahjongRound {
    /// The encoded round.
    pub opaque: [u64; PARLOR_MAHJONG_ROUND_WORDS],
}

/// A match's state (its encoded form; opaque, caller-owned).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParlorMahjongMatch {
    /// The encoded match.
    pub opaque: [u64; PARLOR_MAHJONG_MATCH_WORDS],
}

/// The rules of a round and a match (`parlor_core::mahjong::Config`); flags are 0/1.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ParlorMahjongRoundConfig {
    /// The hand-value rules.
    pub score: ParlorMahjongConfig,
    /// Rounds before any extension: 8 hanchan, 4 East only (1–16).
    pub rounds: u8,
    /// Play on past the last round while nobody has `target_points`.
    pub extension: u8,
    /// 0 head bump, 1 double ron.
    pub multi_ron: u8,
    /// Three rons abort.
    pub abort_triple_ron: u8,
    /// Nine terminals may abort.
    pub abort_nine_terminals: u8,
    /// Four winds abort.
    pub abort_four_winds: u8,
    /// Four riichi abort.
    pub abort_four_riichi: u8,
    /// Four kans by two or more seats abort.
    pub abort_four_kans: u8,
    /// Kuikae forbidden.
    pub kuikae_forbidden: u8,
    /// A seat below 0 ends the match.
    pub busting: u8,
    /// Nagashi mangan.
    pub nagashi_mangan: u8,
    /// Pao for big three dragons / big four winds.
    pub pao: u8,
    /// Agari-yame / tenpai-yame.
    pub agari_yame: u8,
    /// Thirteen orphans may rob a closed kan.
    pub kokushi_robs_ankan: u8,
    /// Points at the start of the match.
    pub start_points: i32,
    /// Points that end the match after the last round.
    pub target_points: i32,
}

/// The match context of a round (`parlor_core::mahjong::Start`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorMahjongStart {
    /// Round wind 0 East … 3 North.
    pub round_wind: u8,
    /// The dealer's seat.
    pub dealer: u8,
    /// Honba.
    pub honba: u8,
    /// Riichi sticks on the table.
    pub sticks: u8,
    /// Each seat's points at the start.
    pub scores: [i32; 4],
}

/// An action.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorMahjongAction {
    /// `PARLOR_MAHJONG_ACTION_*`.
    pub kind: u8,
    /// Discard, riichi, kakan: the id; ankan: the kind 0..34; else 0.
    pub tile: u8,
    /// Pon, chii: the two ids from the hand (ascending); else 0.
    pub tiles: [u8; 2],
}

/// A meld on the table.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorMahjongTableMeld {
    /// `PARLOR_MAHJONG_MELD_*`.
    pub kind: u8,
    /// How many of `tiles` (3 or 4).
    pub tile_count: u8,
    /// The ids, ascending.
    pub tiles: [u8; 4],
    /// The id taken from a discard, or 255 (closed kan).
    pub called: u8,
    /// The seat it came from, or 255.
    pub from: u8,
}

/// A discard.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorMahjongDiscard {
    /// Who discarded.
    pub seat: u8,
    /// The id.
    pub tile: u8,
    /// 1: the drawn tile was discarded.
    pub tsumogiri: u8,
    /// 1: the riichi declaration.
    pub riichi: u8,
    /// 1: another seat called it.
    pub called: u8,
}

/// What an action led to.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParlorMahjongEvent {
    /// The seat that called (pon, open kan, chii) or made a closed/added kan, or 255.
    pub call_seat: u8,
    /// That meld (zeroed without a call).
    pub call: ParlorMahjongTableMeld,
    /// The seat whose riichi stick went down, or 255.
    pub riichi: u8,
    /// New dora indicators (ids), 255 when unused.
    pub dora: [u8; 2],
    /// The seat that drew automatically after the action, or 255.
    pub drew_seat: u8,
    /// The id it drew (hidden information of that seat), or 255.
    pub drew_tile: u8,
    /// 1: a call window opened.
    pub window: u8,
    /// 1: the round ended.
    pub round_over: u8,
    /// 1: the match ended (match calls only).
    pub match_over: u8,
}

/// One win of a round.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ParlorMahjongAgari {
    /// The winner.
    pub winner: u8,
    /// The discarder (or the kan's seat on a chankan), 255 on a tsumo.
    pub from: u8,
    /// The seat liable under pao, or 255.
    pub pao: u8,
    /// The winning tile's id.
    pub tile: u8,
    /// Each seat's gain (+) or payment (−) for this win.
    pub deltas: [i32; 4],
    /// The hand's value.
    pub value: ParlorMahjongValue,
}

/// A round's end.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ParlorMahjongOutcome {
    /// `PARLOR_MAHJONG_END_*`.
    pub end: u8,
    /// How many of `wins` (0 on a draw).
    pub win_count: u8,
    /// The honba the round was played with.
    pub honba: u8,
    /// Riichi sticks left on the table.
    pub sticks: u8,
    /// 1: the dealer keeps the seat.
    pub dealer_repeats: u8,
    /// 1 per seat whose riichi stick went down this round.
    pub riichi: [u8; 4],
    /// 1 per seat tenpai at an exhaustive draw.
    pub tenpai: [u8; 4],
    /// Each seat's score change as game records write it (without this round's riichi sticks).
    pub deltas: [i32; 4],
    /// Each seat's points after the round.
    pub scores: [i32; 4],
    /// The wins, nearest to the discarder first.
    pub wins: [ParlorMahjongAgari; 3],
}

/// What one seat may know (`parlor_mahjong_round_observe`); never another seat's closed tiles,
/// window answer, the wall or the ura indicators.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParlorMahjongObservation {
    /// The observing seat.
    pub seat: u8,
    /// `PARLOR_MAHJONG_PHASE_*`.
    pub phase: u8,
    /// The seat on turn, the discarder or the kan's seat; 255 when over.
    pub phase_seat: u8,
    /// The tile open to calls, or 255.
    pub phase_tile: u8,
    /// 1: the observing seat may act.
    pub may_act: u8,
    /// The round's context.
    pub start: ParlorMahjongStart,
    /// The own closed tiles (ids ascending; `hand_len` used).
    pub hand: [u8; 14],
    /// How many of `hand`.
    pub hand_len: u8,
    /// The tile just drawn by the observing seat, or 255.
    pub drawn: u8,
    /// Each seat's closed tile count.
    pub hand_counts: [u8; 4],
    /// Each seat's melds (`meld_counts` used).
    pub melds: [[ParlorMahjongTableMeld; 4]; 4],
    /// How many melds each seat has.
    pub meld_counts: [u8; 4],
    /// Every discard in order (`discard_count` used).
    pub discards: [ParlorMahjongDiscard; PARLOR_MAHJONG_MAX_DISCARDS],
    /// How many discards.
    pub discard_count: u8,
    /// The dora indicators revealed (`dora_count` used).
    pub dora: [u8; 5],
    /// How many dora indicators.
    pub dora_count: u8,
    /// 1 per seat whose riichi stick is down.
    pub riichi: [u8; 4],
    /// Riichi sticks on the table.
    pub sticks: u8,
    /// Tiles left in the live wall.
    pub wall_left: u8,
    /// Every seat's current points.
    pub scores: [i32; 4],
}

/// The description of a status code of this module, if it is one.
pub(crate) fn status_message(code: ParlorStatus) -> Option<&'static core::ffi::CStr> {
    Some(match code {
        PARLOR_MAHJONG_ERR_BAD_CONFIG => status_text!("mahjong", parlor_core::mahjong::Error::BAD_CONFIG),
        PARLOR_MAHJONG_ERR_BAD_DEAL => status_text!("mahjong", parlor_core::mahjong::Error::BAD_DEAL),
        PARLOR_MAHJONG_ERR_NO_SUCH_SEAT => status_text!("mahjong", parlor_core::mahjong::Error::NO_SUCH_SEAT),
        PARLOR_MAHJONG_ERR_ROUND_OVER => status_text!("mahjong", parlor_core::mahjong::Error::ROUND_OVER),
        PARLOR_MAHJONG_ERR_NOT_YOUR_TURN => status_text!("mahjong", parlor_core::mahjong::Error::NOT_YOUR_TURN),
        PARLOR_MAHJONG_ERR_ILLEGAL_ACTION => status_text!("mahjong", parlor_core::mahjong::Error::ILLEGAL_ACTION),
        PARLOR_MAHJONG_ERR_MATCH_OVER => status_text!("mahjong", parlor_core::mahjong::Error::MATCH_OVER),
        PARLOR_MAHJONG_ERR_AWAITING_DEAL => status_text!("mahjong", parlor_core::mahjong::Error::AWAITING_DEAL),
        PARLOR_MAHJONG_ERR_NOT_AWAITING_DEAL => status_text!("mahjong", parlor_core::mahjong::Error::NOT_AWAITING_DEAL),
        _ => return None,
    })
}

/// The status of a round or match error.
pub fn error_code(error: Error) -> ParlorStatus {
    match error {
        Error::InvalidConfig { .. } => PARLOR_MAHJONG_ERR_BAD_CONFIG,
        Error::BadDeal { .. } => PARLOR_MAHJONG_ERR_BAD_DEAL,
        Error::NoSuchSeat { .. } => PARLOR_MAHJONG_ERR_NO_SUCH_SEAT,
        Error::RoundOver => PARLOR_MAHJONG_ERR_ROUND_OVER,
        Error::NotYourTurn { .. } => PARLOR_MAHJONG_ERR_NOT_YOUR_TURN,
        Error::IllegalAction { .. } => PARLOR_MAHJONG_ERR_ILLEGAL_ACTION,
        Error::MatchOver => PARLOR_MAHJONG_ERR_MATCH_OVER,
        Error::AwaitingDeal => PARLOR_MAHJONG_ERR_AWAITING_DEAL,
        Error::NotAwaitingDeal => PARLOR_MAHJONG_ERR_NOT_AWAITING_DEAL,
        Error::BufferTooSmall { .. } => PARLOR_ERR_BUFFER_TOO_SMALL,
        Error::InvalidState { .. } => PARLOR_ERR_INVALID_STATE,
        Error::Score(e) => score_error_code(e),
        // Every other variant (and one the core adds before it has a code here) reads as
        // internal, never as another error's code.
        _ => crate::PARLOR_ERR_INTERNAL,
    }
}

fn flag(b: u8) -> Result<bool, ParlorStatus> {
    match b {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(PARLOR_ERR_INVALID_ARGUMENT),
    }
}

fn config_out(c: &Config) -> ParlorMahjongRoundConfig {
    let s = &c.score;
    ParlorMahjongRoundConfig {
        score: ParlorMahjongConfig {
            open_tanyao: u8::from(s.open_tanyao),
            red_fives: u8::from(s.red_fives),
            kan_dora: u8::from(s.kan_dora),
            ura_dora: u8::from(s.ura_dora),
            kiriage: u8::from(s.kiriage),
            kazoe: u8::from(s.kazoe == parlor_core::mahjong::score::Kazoe::Sanbaiman),
            composite_yakuman: u8::from(s.composite_yakuman),
            double_kokushi_13: u8::from(s.double_kokushi_13),
            double_suuankou_tanki: u8::from(s.double_suuankou_tanki),
            double_junsei_chuuren: u8::from(s.double_junsei_chuuren),
            double_daisuushii: u8::from(s.double_daisuushii),
            double_wind_pair_fu: s.double_wind_pair_fu,
        },
        rounds: c.rounds,
        extension: u8::from(c.extension),
        multi_ron: c.multi_ron.code(),
        abort_triple_ron: u8::from(c.abort_triple_ron),
        abort_nine_terminals: u8::from(c.abort_nine_terminals),
        abort_four_winds: u8::from(c.abort_four_winds),
        abort_four_riichi: u8::from(c.abort_four_riichi),
        abort_four_kans: u8::from(c.abort_four_kans),
        kuikae_forbidden: u8::from(c.kuikae_forbidden),
        busting: u8::from(c.busting),
        nagashi_mangan: u8::from(c.nagashi_mangan),
        pao: u8::from(c.pao),
        agari_yame: u8::from(c.agari_yame),
        kokushi_robs_ankan: u8::from(c.kokushi_robs_ankan),
        start_points: c.start_points,
        target_points: c.target_points,
    }
}

/// The core config of a C config (every flag 0/1, every code known, the core's `validate`).
pub fn config_in(c: &ParlorMahjongRoundConfig) -> Result<Config, ParlorStatus> {
    let config = Config {
        score: read_config(&c.score)?,
        rounds: c.rounds,
        start_points: c.start_points,
        target_points: c.target_points,
        extension: flag(c.extension)?,
        multi_ron: MultiRon::from_code(c.multi_ron).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?,
        abort_triple_ron: flag(c.abort_triple_ron)?,
        abort_nine_terminals: flag(c.abort_nine_terminals)?,
        abort_four_winds: flag(c.abort_four_winds)?,
        abort_four_riichi: flag(c.abort_four_riichi)?,
        abort_four_kans: flag(c.abort_four_kans)?,
        kuikae_forbidden: flag(c.kuikae_forbidden)?,
        busting: flag(c.busting)?,
        nagashi_mangan: flag(c.nagashi_mangan)?,
        pao: flag(c.pao)?,
        agari_yame: flag(c.agari_yame)?,
        kokushi_robs_ankan: flag(c.kokushi_robs_ankan)?,
        // Not in the C struct (its layout is kept): Tenhou's rule; the rule key
        // `pao-tsumo-whole-hand` sets it.
        pao_tsumo_whole_hand: true,
        // The C struct's one `agari_yame` covers both (`tenpai-yame` sets it apart).
        tenpai_yame: flag(c.agari_yame)?,
    };
    config.validate().map_err(error_code)?;
    Ok(config)
}

fn config_ptr(config: *const ParlorMahjongRoundConfig) -> Result<Config, ParlorStatus> {
    if config.is_null() {
        return Ok(Config::default());
    }
    // SAFETY: forwarded contract (one readable struct).
    let c = unsafe { input_slice(config, 1) }?
        .first()
        .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    config_in(c)
}

fn start_out(s: &Start) -> ParlorMahjongStart {
    ParlorMahjongStart {
        round_wind: s.round_wind.code(),
        dealer: s.dealer.0,
        honba: s.honba,
        sticks: s.sticks,
        scores: s.scores,
    }
}

fn start_ptr(start: *const ParlorMahjongStart, config: &Config) -> Result<Start, ParlorStatus> {
    if start.is_null() {
        return Ok(Start::first(config));
    }
    // SAFETY: forwarded contract (one readable struct).
    let s = unsafe { input_slice(start, 1) }?
        .first()
        .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    let start = Start {
        round_wind: parlor_core::mahjong::score::Wind::try_from(s.round_wind)
            .map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)?,
        dealer: Seat(s.dealer),
        honba: s.honba,
        sticks: s.sticks,
        scores: s.scores,
    };
    start.validate().map_err(error_code)?;
    Ok(start)
}

fn wall_ptr(wall: *const u8, len: usize) -> Result<Deal, ParlorStatus> {
    // SAFETY: forwarded contract.
    let bytes = unsafe { input_slice(wall, len) }?;
    let wall: [u8; TILE_IDS] = bytes.try_into().map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)?;
    Ok(Deal::Given { wall })
}

fn round_in(state: *const ParlorMahjongRound) -> Result<Round, ParlorStatus> {
    // SAFETY: forwarded contract (one readable struct).
    let state = unsafe { input_slice(state, 1) }?
        .first()
        .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    let bytes: [u8; PARLOR_MAHJONG_ROUND_WORDS * 8] = words_to_bytes(&state.opaque);
    let encoded = bytes.get(..round::ENCODED_BYTES).ok_or(PARLOR_ERR_INVALID_STATE)?;
    if bytes.iter().skip(round::ENCODED_BYTES).any(|&b| b != 0) {
        return Err(PARLOR_ERR_INVALID_STATE);
    }
    Round::decode(encoded).map_err(|_| PARLOR_ERR_INVALID_STATE)
}

fn round_state(round: &Round) -> Result<ParlorMahjongRound, ParlorStatus> {
    let mut bytes = [0u8; round::ENCODED_BYTES];
    round.encode(&mut bytes).map_err(error_code)?;
    Ok(ParlorMahjongRound {
        opaque: bytes_to_words(&bytes),
    })
}

fn match_in(state: *const ParlorMahjongMatch) -> Result<Match, ParlorStatus> {
    // SAFETY: forwarded contract (one readable struct).
    let state = unsafe { input_slice(state, 1) }?
        .first()
        .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    let bytes: [u8; PARLOR_MAHJONG_MATCH_WORDS * 8] = words_to_bytes(&state.opaque);
    let encoded = bytes
        .get(..game_match::MATCH_ENCODED_BYTES)
        .ok_or(PARLOR_ERR_INVALID_STATE)?;
    if bytes.iter().skip(game_match::MATCH_ENCODED_BYTES).any(|&b| b != 0) {
        return Err(PARLOR_ERR_INVALID_STATE);
    }
    Match::decode(encoded).map_err(|_| PARLOR_ERR_INVALID_STATE)
}

fn match_state(game: &Match) -> Result<ParlorMahjongMatch, ParlorStatus> {
    let mut bytes = [0u8; game_match::MATCH_ENCODED_BYTES];
    game.encode(&mut bytes).map_err(error_code)?;
    Ok(ParlorMahjongMatch {
        opaque: bytes_to_words(&bytes),
    })
}

fn seat_in(code: u8) -> Result<Seat, ParlorStatus> {
    if code < 4 {
        Ok(Seat(code))
    } else {
        Err(PARLOR_MAHJONG_ERR_NO_SUCH_SEAT)
    }
}

fn id_in(id: u8) -> Result<u8, ParlorStatus> {
    if usize::from(id) < TILE_IDS {
        Ok(id)
    } else {
        Err(PARLOR_ERR_INVALID_ARGUMENT)
    }
}

impl TryFrom<&ParlorMahjongAction> for Action {
    type Error = ParlorStatus;

    /// The core action of a C action: a known kind, ids below 136 (a kind below 34 for ankan),
    /// every unused field 0; else `PARLOR_ERR_INVALID_ARGUMENT`.
    fn try_from(a: &ParlorMahjongAction) -> Result<Action, ParlorStatus> {
        let no_tiles = a.tiles == [0, 0];
        let bare = a.tile == 0 && no_tiles;
        let need = |ok: bool| if ok { Ok(()) } else { Err(PARLOR_ERR_INVALID_ARGUMENT) };
        let action = match a.kind {
            PARLOR_MAHJONG_ACTION_DISCARD => {
                need(no_tiles)?;
                Action::Discard { tile: id_in(a.tile)? }
            }
            PARLOR_MAHJONG_ACTION_RIICHI => {
                need(no_tiles)?;
                Action::Riichi { tile: id_in(a.tile)? }
            }
            PARLOR_MAHJONG_ACTION_TSUMO => {
                need(bare)?;
                Action::Tsumo
            }
            PARLOR_MAHJONG_ACTION_ANKAN => {
                need(no_tiles)?;
                Action::Ankan {
                    kind: Tile::new(a.tile).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?,
                }
            }
            PARLOR_MAHJONG_ACTION_KAKAN => {
                need(no_tiles)?;
                Action::Kakan { tile: id_in(a.tile)? }
            }
            PARLOR_MAHJONG_ACTION_KYUUSHU => {
                need(bare)?;
                Action::Kyuushu
            }
            PARLOR_MAHJONG_ACTION_RON => {
                need(bare)?;
                Action::Ron
            }
            PARLOR_MAHJONG_ACTION_PON => {
                need(a.tile == 0)?;
                Action::Pon {
                    tiles: [id_in(a.tiles[0])?, id_in(a.tiles[1])?],
                }
            }
            PARLOR_MAHJONG_ACTION_KAN => {
                need(bare)?;
                Action::Kan
            }
            PARLOR_MAHJONG_ACTION_CHII => {
                need(a.tile == 0)?;
                Action::Chii {
                    tiles: [id_in(a.tiles[0])?, id_in(a.tiles[1])?],
                }
            }
            PARLOR_MAHJONG_ACTION_PASS => {
                need(bare)?;
                Action::Pass
            }
            _ => return Err(PARLOR_ERR_INVALID_ARGUMENT),
        };
        Ok(action)
    }
}

/// The C action of a core action.
pub fn action_out(action: Action) -> ParlorMahjongAction {
    let (kind, tile, tiles) = match action {
        Action::Discard { tile } => (PARLOR_MAHJONG_ACTION_DISCARD, tile, [0, 0]),
        Action::Riichi { tile } => (PARLOR_MAHJONG_ACTION_RIICHI, tile, [0, 0]),
        Action::Tsumo => (PARLOR_MAHJONG_ACTION_TSUMO, 0, [0, 0]),
        Action::Ankan { kind } => (PARLOR_MAHJONG_ACTION_ANKAN, kind.index() as u8, [0, 0]),
        Action::Kakan { tile } => (PARLOR_MAHJONG_ACTION_KAKAN, tile, [0, 0]),
        Action::Kyuushu => (PARLOR_MAHJONG_ACTION_KYUUSHU, 0, [0, 0]),
        Action::Ron => (PARLOR_MAHJONG_ACTION_RON, 0, [0, 0]),
        Action::Pon { tiles } => (PARLOR_MAHJONG_ACTION_PON, 0, tiles),
        Action::Kan => (PARLOR_MAHJONG_ACTION_KAN, 0, [0, 0]),
        Action::Chii { tiles } => (PARLOR_MAHJONG_ACTION_CHII, 0, tiles),
        Action::Pass => (PARLOR_MAHJONG_ACTION_PASS, 0, [0, 0]),
    };
    ParlorMahjongAction { kind, tile, tiles }
}

fn seat_code(seat: Option<Seat>) -> u8 {
    seat.map_or(PARLOR_MAHJONG_ROUND_NONE, |s| s.0)
}

fn meld_kind_code(kind: MeldKind) -> u8 {
    match kind {
        MeldKind::Chii => PARLOR_MAHJONG_MELD_CHII,
        MeldKind::Pon => PARLOR_MAHJONG_MELD_PON,
        MeldKind::Minkan => PARLOR_MAHJONG_MELD_MINKAN,
        MeldKind::Shouminkan => PARLOR_MAHJONG_MELD_SHOUMINKAN,
        MeldKind::Ankan => PARLOR_MAHJONG_MELD_ANKAN,
    }
}

fn meld_out(m: &TableMeld) -> ParlorMahjongTableMeld {
    ParlorMahjongTableMeld {
        kind: meld_kind_code(m.kind),
        tile_count: m.tiles().len() as u8,
        tiles: m.tiles,
        called: m.called.unwrap_or(PARLOR_MAHJONG_ROUND_NONE),
        from: seat_code(m.from),
    }
}

fn discard_out(d: &Discard) -> ParlorMahjongDiscard {
    ParlorMahjongDiscard {
        seat: d.seat.0,
        tile: d.tile,
        tsumogiri: u8::from(d.tsumogiri),
        riichi: u8::from(d.riichi),
        called: u8::from(d.called),
    }
}

fn event_out(event: &Event, match_over: bool) -> ParlorMahjongEvent {
    let (call_seat, call) = match event.called {
        Some(c) => (c.seat.0, meld_out(&c.meld)),
        None => (PARLOR_MAHJONG_ROUND_NONE, ParlorMahjongTableMeld::default()),
    };
    let (drew_seat, drew_tile) = match event.drew {
        Some((s, t)) => (s.0, t),
        None => (PARLOR_MAHJONG_ROUND_NONE, PARLOR_MAHJONG_ROUND_NONE),
    };
    ParlorMahjongEvent {
        call_seat,
        call,
        riichi: seat_code(event.riichi),
        dora: event.dora.map(|d| d.unwrap_or(PARLOR_MAHJONG_ROUND_NONE)),
        drew_seat,
        drew_tile,
        window: u8::from(event.window),
        round_over: u8::from(event.over),
        match_over: u8::from(match_over),
    }
}

fn end_code(end: End) -> u8 {
    match end {
        End::Win => PARLOR_MAHJONG_END_WIN,
        End::Exhaustive => PARLOR_MAHJONG_END_EXHAUSTIVE,
        End::Nagashi => PARLOR_MAHJONG_END_NAGASHI,
        End::Abort(Abort::NineTerminals) => PARLOR_MAHJONG_END_NINE_TERMINALS,
        End::Abort(Abort::FourWinds) => PARLOR_MAHJONG_END_FOUR_WINDS,
        End::Abort(Abort::FourRiichi) => PARLOR_MAHJONG_END_FOUR_RIICHI,
        End::Abort(Abort::FourKans) => PARLOR_MAHJONG_END_FOUR_KANS,
        End::Abort(Abort::TripleRon) => PARLOR_MAHJONG_END_TRIPLE_RON,
    }
}

fn agari_out(a: &Agari) -> ParlorMahjongAgari {
    ParlorMahjongAgari {
        winner: a.winner.0,
        from: seat_code(a.from),
        pao: seat_code(a.pao),
        tile: a.tile,
        deltas: a.deltas,
        value: write_value(&a.value),
    }
}

/// The C form of an outcome.
pub fn outcome_out(o: &Outcome) -> ParlorMahjongOutcome {
    let mut out = ParlorMahjongOutcome {
        end: end_code(o.end),
        honba: o.honba,
        sticks: o.sticks,
        dealer_repeats: u8::from(o.dealer_repeats),
        riichi: o.riichi.map(u8::from),
        tenpai: o.tenpai.map(u8::from),
        deltas: o.deltas,
        scores: o.scores,
        ..ParlorMahjongOutcome::default()
    };
    for (slot, win) in out.wins.iter_mut().zip(o.wins.iter().flatten()) {
        *slot = agari_out(win);
        out.win_count = out.win_count.saturating_add(1);
    }
    out
}

fn phase_parts(phase: Phase) -> (u8, u8, u8) {
    match phase {
        Phase::Turn { seat } => (PARLOR_MAHJONG_PHASE_TURN, seat.0, PARLOR_MAHJONG_ROUND_NONE),
        Phase::Calls { discarder, tile } => (PARLOR_MAHJONG_PHASE_CALLS, discarder.0, tile),
        Phase::Chankan { seat, tile } => (PARLOR_MAHJONG_PHASE_CHANKAN, seat.0, tile),
        Phase::Over => (
            PARLOR_MAHJONG_PHASE_OVER,
            PARLOR_MAHJONG_ROUND_NONE,
            PARLOR_MAHJONG_ROUND_NONE,
        ),
    }
}

/// The C form of an observation.
pub fn observation_out(obs: &Observation) -> ParlorMahjongObservation {
    let (phase, phase_seat, phase_tile) = phase_parts(obs.phase);
    let mut melds = [[ParlorMahjongTableMeld::default(); 4]; 4];
    for (seat, row) in melds.iter_mut().enumerate() {
        for (slot, m) in row.iter_mut().zip(obs.melds(Seat(seat as u8))) {
            *slot = meld_out(m);
        }
    }
    let mut discards = [ParlorMahjongDiscard::default(); PARLOR_MAHJONG_MAX_DISCARDS];
    for (slot, d) in discards.iter_mut().zip(obs.discards()) {
        *slot = discard_out(d);
    }
    ParlorMahjongObservation {
        seat: obs.seat.0,
        phase,
        phase_seat,
        phase_tile,
        may_act: u8::from(obs.may_act),
        start: start_out(&obs.start),
        hand: obs.hand,
        hand_len: obs.hand_len,
        drawn: obs.drawn.unwrap_or(PARLOR_MAHJONG_ROUND_NONE),
        hand_counts: obs.hand_counts,
        melds,
        meld_counts: obs.meld_counts,
        discards,
        discard_count: obs.discard_count,
        dora: obs.dora,
        dora_count: obs.dora_count,
        riichi: obs.riichi.map(u8::from),
        sticks: obs.sticks,
        wall_left: obs.wall_left,
        scores: obs.scores,
    }
}

/// Fills `*out` with preset `preset` (`PARLOR_MAHJONG_PRESET_*`). Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_ARGUMENT` (unknown preset).
///
/// # Safety
/// `out` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_round_config_preset(
    preset: u8,
    out: *mut ParlorMahjongRoundConfig,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out) }?;
        let (_, config) = Config::PRESETS
            .get(usize::from(preset))
            .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        *out = config_out(config);
        Ok(())
    })())
}

/// A new round under `*config` (NULL: Tenhou's rules) in the context `*start` (NULL: East 1,
/// seat 0 deals, the start points) with the wall of `seed` into `*out_round`; the dealer has
/// drawn. Errors: `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_ARGUMENT` (a flag not 0/1, an
/// unknown code), `PARLOR_MAHJONG_ERR_BAD_CONFIG`, `PARLOR_MAHJONG_ERR_BAD_DEAL`.
///
/// # Safety
/// `config`, `start` NULL or readable; `out_round` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_round_new(
    config: *const ParlorMahjongRoundConfig,
    seed: u64,
    start: *const ParlorMahjongStart,
    out_round: *mut ParlorMahjongRound,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_round) }?;
        let config = config_ptr(config)?;
        let start = start_ptr(start, &config)?;
        let round = Round::with_start(&config, &Deal::Seeded(seed), &start).map_err(error_code)?;
        *out = round_state(&round)?;
        Ok(())
    })())
}

/// As `parlor_mahjong_round_new` with the whole wall given: `wall_len` must be 136 ids in the
/// documented layout (`docs/mahjong.md`). Errors: as `parlor_mahjong_round_new`,
/// `PARLOR_ERR_INVALID_ARGUMENT` for another length, `PARLOR_MAHJONG_ERR_BAD_DEAL` for ids that
/// are not each tile once.
///
/// # Safety
/// `config`, `start` NULL or readable; `wall` readable for `wall_len` bytes; `out_round` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_round_new_given(
    config: *const ParlorMahjongRoundConfig,
    wall: *const u8,
    wall_len: usize,
    start: *const ParlorMahjongStart,
    out_round: *mut ParlorMahjongRound,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_round) }?;
        let config = config_ptr(config)?;
        let start = start_ptr(start, &config)?;
        let deal = wall_ptr(wall, wall_len)?;
        let round = Round::with_start(&config, &deal, &start).map_err(error_code)?;
        *out = round_state(&round)?;
        Ok(())
    })())
}

/// The seat to act into `*out_seat` (in a call window the first seat in turn order from the
/// discarder that has not answered; 255 once over), and the mask of every seat that may act
/// now into `*out_mask` (may be NULL; bit `s`: seat `s`). Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out_seat` writable; `out_mask` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_round_to_act(
    round: *const ParlorMahjongRound,
    out_seat: *mut u8,
    out_mask: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_seat) }?;
        let round = round_in(round)?;
        *out = seat_code(round.to_act());
        if !out_mask.is_null() {
            // SAFETY: forwarded contract.
            *unsafe { output(out_mask) }? = (0..4u8).fold(0u8, |m, s| m | (u8::from(round.may_act(Seat(s))) << s));
        }
        Ok(())
    })())
}

fn legal_into(round: &Round, seat: u8, out: &mut [ParlorMahjongAction], total: &mut usize) -> Result<(), ParlorStatus> {
    let seat = seat_in(seat)?;
    let mut count = 0usize;
    round.for_each_legal_action(seat, |action| {
        if let Some(slot) = out.get_mut(count) {
            *slot = action_out(action);
        }
        count = count.saturating_add(1);
    });
    *total = count;
    // Capacity 0 is a size query: `PARLOR_OK` with the total.
    if count > out.len() && !out.is_empty() {
        return Err(PARLOR_ERR_BUFFER_TOO_SMALL);
    }
    Ok(())
}

/// The legal actions of `seat` (the core's order: on turn discards, riichi discards, tsumo,
/// closed kans, added kans, kyuushu; in a window ron, pons, kan, chiis, pass) into `out_actions`
/// as far as `capacity` allows, their number into `*out_total` (0 when `seat` may not act);
/// `PARLOR_MAHJONG_MAX_ACTIONS` always suffice. `PARLOR_ERR_BUFFER_TOO_SMALL` when
/// `*out_total > capacity > 0` (the first `capacity` are written); capacity 0 is a size query
/// (`PARLOR_OK`). Errors: `PARLOR_ERR_NULL_POINTER`, `PARLOR_MAHJONG_ERR_NO_SUCH_SEAT`,
/// `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out_actions` writable for `capacity` entries (NULL with 0); `out_total`
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_round_legal_actions(
    round: *const ParlorMahjongRound,
    seat: u8,
    out_actions: *mut ParlorMahjongAction,
    capacity: usize,
    out_total: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let total = unsafe { output(out_total) }?;
        // SAFETY: forwarded contract.
        let slots = unsafe { output_slice(out_actions, capacity) }?;
        let round = round_in(round)?;
        legal_into(&round, seat, slots, total)
    })())
}

/// `seat` applies `*action` to `*round` (and everything that follows automatically: the window
/// closing, the call, the next draw, a new dora, the end); `*out_event` (may be NULL) says what
/// happened. On error the round is unchanged. Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_ERR_INVALID_ARGUMENT` (a bad action code or field), `PARLOR_ERR_INVALID_STATE`,
/// `PARLOR_MAHJONG_ERR_NO_SUCH_SEAT`, `_ROUND_OVER`, `_NOT_YOUR_TURN`, `_ILLEGAL_ACTION`.
///
/// # Safety
/// `round` readable and writable; `action` readable; `out_event` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_round_apply(
    round: *mut ParlorMahjongRound,
    seat: u8,
    action: *const ParlorMahjongAction,
    out_event: *mut ParlorMahjongEvent,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let state = unsafe { output(round) }?;
        // SAFETY: forwarded contract.
        let action = unsafe { input_slice(action, 1) }?
            .first()
            .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        // SAFETY: forwarded contract; checked before the state changes.
        let out_event = unsafe { optional_output(out_event) }?;
        let mut core = round_in(state)?;
        let action = Action::try_from(action)?;
        let event = core.apply(seat_in(seat)?, action).map_err(error_code)?;
        *state = round_state(&core)?;
        if let Some(slot) = out_event {
            *slot = event_out(&event, false);
        }
        Ok(())
    })())
}

/// What `seat` may know into `*out_observation`. Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_MAHJONG_ERR_NO_SUCH_SEAT`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out_observation` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_round_observe(
    round: *const ParlorMahjongRound,
    seat: u8,
    out_observation: *mut ParlorMahjongObservation,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_observation) }?;
        let round = round_in(round)?;
        let obs = round.observation(seat_in(seat)?).map_err(error_code)?;
        *out = observation_out(&obs);
        Ok(())
    })())
}

/// `*out_over` = 1 and the result into `*out_outcome` once the round is over; `*out_over` = 0
/// (and `*out_outcome` zeroed) before. Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out_outcome`, `out_over` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_round_outcome(
    round: *const ParlorMahjongRound,
    out_outcome: *mut ParlorMahjongOutcome,
    out_over: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let outcome = unsafe { output(out_outcome) }?;
        // SAFETY: forwarded contract.
        let over = unsafe { output(out_over) }?;
        let round = round_in(round)?;
        match round.outcome() {
            Some(o) => {
                *outcome = outcome_out(&o);
                *over = 1;
            }
            None => {
                *outcome = ParlorMahjongOutcome::default();
                *over = 0;
            }
        }
        Ok(())
    })())
}

fn write_bytes(bytes: &[u8], out: *mut u8, capacity: usize, out_len: *mut usize) -> Result<(), ParlorStatus> {
    // SAFETY: forwarded contract.
    let len = unsafe { output(out_len) }?;
    // SAFETY: forwarded contract.
    let slots = unsafe { output_slice(out, capacity) }?;
    crate::util::encoded_into(slots, len, bytes.len(), |slots| {
        let slots = slots.get_mut(..bytes.len()).ok_or(PARLOR_ERR_BUFFER_TOO_SMALL)?;
        for (slot, &b) in slots.iter_mut().zip(bytes) {
            *slot = b;
        }
        Ok(())
    })
}

/// The round's versioned byte form (`PARLOR_MAHJONG_ROUND_ENCODED_BYTES`) into `out`; its length
/// into `*out_len` (capacity 0 is a size query: `PARLOR_OK`). Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_ERR_BUFFER_TOO_SMALL`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `round` readable; `out` writable for `capacity` bytes (NULL with 0); `out_len` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_round_encode(
    round: *const ParlorMahjongRound,
    out: *mut u8,
    capacity: usize,
    out_len: *mut usize,
) -> ParlorStatus {
    status((|| {
        let round = round_in(round)?;
        let mut bytes = [0u8; round::ENCODED_BYTES];
        round.encode(&mut bytes).map_err(error_code)?;
        write_bytes(&bytes, out, capacity, out_len)
    })())
}

/// The round of `len` encoded bytes into `*out_round`, re-validated. Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_STATE` (bytes no round has).
///
/// # Safety
/// `bytes` readable for `len` bytes; `out_round` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_round_decode(
    bytes: *const u8,
    len: usize,
    out_round: *mut ParlorMahjongRound,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_round) }?;
        // SAFETY: forwarded contract.
        let bytes = unsafe { input_slice(bytes, len) }?;
        let round = Round::decode(bytes).map_err(error_code)?;
        *out = round_state(&round)?;
        Ok(())
    })())
}

/// A new match under `*config` (NULL: Tenhou's rules) seeded `seed` into `*out_match` (round
/// `k` is dealt from the `(k+1)`-th output of the seed's generator). Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_ARGUMENT`, `PARLOR_MAHJONG_ERR_BAD_CONFIG`.
///
/// # Safety
/// `config` NULL or readable; `out_match` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_match_new(
    config: *const ParlorMahjongRoundConfig,
    seed: u64,
    out_match: *mut ParlorMahjongMatch,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_match) }?;
        let game = Match::new(&config_ptr(config)?, seed).map_err(error_code)?;
        *out = match_state(&game)?;
        Ok(())
    })())
}

/// A new match whose rounds are dealt from given walls: the first from `wall` (136 ids), each
/// later one by `parlor_mahjong_match_deal`. Errors: as `parlor_mahjong_round_new_given`.
///
/// # Safety
/// `config` NULL or readable; `wall` readable for `wall_len` bytes; `out_match` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_match_new_given(
    config: *const ParlorMahjongRoundConfig,
    wall: *const u8,
    wall_len: usize,
    out_match: *mut ParlorMahjongMatch,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_match) }?;
        let deal = wall_ptr(wall, wall_len)?;
        let game = Match::new_given(&config_ptr(config)?, &deal).map_err(error_code)?;
        *out = match_state(&game)?;
        Ok(())
    })())
}

/// Deals the next round of a given-walls match from `wall` (after a round ended). Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_ARGUMENT` (length), `PARLOR_ERR_INVALID_STATE`,
/// `PARLOR_MAHJONG_ERR_BAD_DEAL`, `_MATCH_OVER`, `_NOT_AWAITING_DEAL`.
///
/// # Safety
/// `game` readable and writable; `wall` readable for `wall_len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_match_deal(
    game: *mut ParlorMahjongMatch,
    wall: *const u8,
    wall_len: usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let state = unsafe { output(game) }?;
        let mut core = match_in(state)?;
        let deal = wall_ptr(wall, wall_len)?;
        core.deal_round(&deal).map_err(error_code)?;
        *state = match_state(&core)?;
        Ok(())
    })())
}

/// The round in play (the last one once the match is over) into `*out_round`, for the
/// `parlor_mahjong_round_*` queries. Errors: `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `game` readable; `out_round` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_match_round(
    game: *const ParlorMahjongMatch,
    out_round: *mut ParlorMahjongRound,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_round) }?;
        *out = round_state(match_in(game)?.round())?;
        Ok(())
    })())
}

/// The seat to act in the match's round into `*out_seat` (255 when none: the match is over or
/// awaits a wall), the mask of seats that may act into `*out_mask` (may be NULL). Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `game` readable; `out_seat` writable; `out_mask` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_match_to_act(
    game: *const ParlorMahjongMatch,
    out_seat: *mut u8,
    out_mask: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_seat) }?;
        let game = match_in(game)?;
        let waiting = game.is_over() || game.awaiting_deal();
        let round = game.round();
        *out = if waiting {
            PARLOR_MAHJONG_ROUND_NONE
        } else {
            seat_code(round.to_act())
        };
        if !out_mask.is_null() {
            // SAFETY: forwarded contract.
            *unsafe { output(out_mask) }? = if waiting {
                0
            } else {
                (0..4u8).fold(0u8, |m, s| m | (u8::from(round.may_act(Seat(s))) << s))
            };
        }
        Ok(())
    })())
}

/// The legal actions of `seat` in the match's round, as `parlor_mahjong_round_legal_actions`
/// (none while the match is over or awaits a wall).
///
/// # Safety
/// As `parlor_mahjong_round_legal_actions`, with `game` readable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_match_legal_actions(
    game: *const ParlorMahjongMatch,
    seat: u8,
    out_actions: *mut ParlorMahjongAction,
    capacity: usize,
    out_total: *mut usize,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let total = unsafe { output(out_total) }?;
        // SAFETY: forwarded contract.
        let slots = unsafe { output_slice(out_actions, capacity) }?;
        let game = match_in(game)?;
        if game.is_over() || game.awaiting_deal() {
            seat_in(seat)?;
            *total = 0;
            return Ok(());
        }
        legal_into(game.round(), seat, slots, total)
    })())
}

/// `seat` applies `*action` to the match's round; when the round ends its points are settled and
/// the next round is dealt (a seeded match; a given-walls match then awaits
/// `parlor_mahjong_match_deal`), unless the match is over. `*out_event` (may be NULL) says what
/// happened (`match_over`); `*out_outcome` (may be NULL) receives the result of a round that just
/// ended, and `*out_round_over` (may be NULL) 1 then (0 otherwise, `*out_outcome` zeroed). On
/// error the match is unchanged. Errors: as `parlor_mahjong_round_apply`;
/// `PARLOR_MAHJONG_ERR_MATCH_OVER`, `_AWAITING_DEAL`.
///
/// # Safety
/// `game` readable and writable; `action` readable; `out_event`, `out_outcome`, `out_round_over`
/// NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_match_apply(
    game: *mut ParlorMahjongMatch,
    seat: u8,
    action: *const ParlorMahjongAction,
    out_event: *mut ParlorMahjongEvent,
    out_outcome: *mut ParlorMahjongOutcome,
    out_round_over: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let state = unsafe { output(game) }?;
        // SAFETY: forwarded contract.
        let action = unsafe { input_slice(action, 1) }?
            .first()
            .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        // SAFETY: forwarded contract; every output checked before the state changes.
        let (out_event, out_outcome, out_round_over) = unsafe {
            (
                optional_output(out_event)?,
                optional_output(out_outcome)?,
                optional_output(out_round_over)?,
            )
        };
        let mut core = match_in(state)?;
        let action = Action::try_from(action)?;
        let Step {
            event,
            finished: outcome,
            ..
        } = core.apply(seat_in(seat)?, action).map_err(error_code)?;
        *state = match_state(&core)?;
        if let Some(slot) = out_event {
            *slot = event_out(&event, core.is_over());
        }
        if let Some(slot) = out_outcome {
            *slot = outcome.as_ref().map(outcome_out).unwrap_or_default();
        }
        if let Some(slot) = out_round_over {
            *slot = u8::from(outcome.is_some());
        }
        Ok(())
    })())
}

/// The match's standing: each seat's points into `out_scores[4]` (final points, leftover sticks
/// to the top seat, once over), the rounds finished into `*out_rounds`, whether it is over into
/// `*out_over` and the final placement (seats, first place first; 255s while it goes on) into
/// `out_placement[4]` (may be NULL). Errors: `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `game` readable; `out_scores` writable for 4 values; `out_rounds`, `out_over` writable;
/// `out_placement` NULL or writable for 4 bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_match_scores(
    game: *const ParlorMahjongMatch,
    out_scores: *mut i32,
    out_rounds: *mut u32,
    out_over: *mut u8,
    out_placement: *mut u8,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let scores = unsafe { output_slice(out_scores, 4) }?;
        // SAFETY: forwarded contract.
        let rounds = unsafe { output(out_rounds) }?;
        // SAFETY: forwarded contract.
        let over = unsafe { output(out_over) }?;
        let game = match_in(game)?;
        let points = game.final_scores().unwrap_or(game.scores());
        for (slot, s) in scores.iter_mut().zip(points) {
            *slot = s;
        }
        *rounds = game.rounds_played();
        *over = u8::from(game.is_over());
        if !out_placement.is_null() {
            // SAFETY: forwarded contract (4 bytes).
            let placement = unsafe { output_slice(out_placement, 4) }?;
            let order = game.final_scores().map(|s| game_match::placement(&s).map(|s| s.0));
            for (i, slot) in placement.iter_mut().enumerate() {
                *slot = order
                    .and_then(|o| o.get(i).copied())
                    .unwrap_or(PARLOR_MAHJONG_ROUND_NONE);
            }
        }
        Ok(())
    })())
}

/// The match's versioned byte form (`PARLOR_MAHJONG_MATCH_ENCODED_BYTES`) into `out`, its length
/// into `*out_len` (capacity 0 is a size query). Errors: `PARLOR_ERR_NULL_POINTER`,
/// `PARLOR_ERR_BUFFER_TOO_SMALL`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `game` readable; `out` writable for `capacity` bytes (NULL with 0); `out_len` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_match_encode(
    game: *const ParlorMahjongMatch,
    out: *mut u8,
    capacity: usize,
    out_len: *mut usize,
) -> ParlorStatus {
    status((|| {
        let game = match_in(game)?;
        let mut bytes = [0u8; game_match::MATCH_ENCODED_BYTES];
        game.encode(&mut bytes).map_err(error_code)?;
        write_bytes(&bytes, out, capacity, out_len)
    })())
}

/// The match of `len` encoded bytes into `*out_match`, re-validated. Errors:
/// `PARLOR_ERR_NULL_POINTER`, `PARLOR_ERR_INVALID_STATE`.
///
/// # Safety
/// `bytes` readable for `len` bytes; `out_match` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_match_decode(
    bytes: *const u8,
    len: usize,
    out_match: *mut ParlorMahjongMatch,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out_match) }?;
        // SAFETY: forwarded contract.
        let bytes = unsafe { input_slice(bytes, len) }?;
        let game = Match::decode(bytes).map_err(error_code)?;
        *out = match_state(&game)?;
        Ok(())
    })())
}
