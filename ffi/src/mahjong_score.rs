//! C entry points for Riichi hand value (`parlor_core::mahjong::score`). Status codes 440–449.
//!
//! Tiles cross in the 136 form: id `0..136` = kind code × 4 + copy (kind codes `0..34` in the
//! order `1m…9m 1p…9p 1s…9s 1z…7z`); copy 0 of `5m 5p 5s` (ids 16, 52, 88) is the red five. The
//! same id twice in one input is refused (one physical tile). Booleans are `uint8_t` 0 or 1;
//! every code is checked.

// The C functions are documented for Doxygen (the header): `@param[in]` is no rustdoc link.
#![allow(rustdoc::broken_intra_doc_links)]

use parlor_core::mahjong::score::{
    CalledMeld, Config, Error, FuKind, HandValue, Kazoe, Limit, List, MeldKind, Piece, Riichi, Wait, Win, Wind, score,
};

use crate::mahjong::PARLOR_MAHJONG_ERR_FIFTH_COPY;
use crate::util::{input_slice, output, status};
use crate::{PARLOR_ERR_CAPACITY_EXCEEDED, PARLOR_ERR_INVALID_ARGUMENT, ParlorStatus};

/// The hand is complete but has no yaku (it cannot be won; dora are not yaku).
pub const PARLOR_MAHJONG_ERR_NO_YAKU: ParlorStatus = 440;
/// The tiles are not a complete hand.
pub const PARLOR_MAHJONG_ERR_NOT_COMPLETE: ParlorStatus = 441;
/// The closed tiles are not `14 − 3 × melds` (a kan counts three).
pub const PARLOR_MAHJONG_ERR_WRONG_TILE_COUNT: ParlorStatus = 442;
/// The winning tile is not one of the closed tiles.
pub const PARLOR_MAHJONG_ERR_WINNING_TILE_NOT_IN_HAND: ParlorStatus = 443;
/// A meld is not one: a kan of three, a chii that is not a run, mixed kinds, a called tile on a
/// closed kan.
pub const PARLOR_MAHJONG_ERR_BAD_MELD: ParlorStatus = 444;
/// A meld called from the winner's own seat, or a chii not from the seat before.
pub const PARLOR_MAHJONG_ERR_CALLED_FROM_WRONG_SEAT: ParlorStatus = 445;
/// Flags that contradict each other or the hand (riichi on an open hand, haitei on a ron, …).
pub const PARLOR_MAHJONG_ERR_CONFLICTING_FLAGS: ParlorStatus = 446;
/// Kan dora while the config has none, ura-dora without riichi or more ura than dora.
pub const PARLOR_MAHJONG_ERR_TOO_MANY_INDICATORS: ParlorStatus = 447;
/// Two red fives of one suit.
pub const PARLOR_MAHJONG_ERR_SECOND_RED_FIVE: ParlorStatus = 448;
/// The same 136-form tile id twice.
pub const PARLOR_MAHJONG_ERR_DUPLICATE_TILE_ID: ParlorStatus = 449;

/// Meld kind code: chii.
pub const PARLOR_MAHJONG_MELD_CHII: u8 = 0;
/// Meld kind code: pon.
pub const PARLOR_MAHJONG_MELD_PON: u8 = 1;
/// Meld kind code: open kan called from a discard.
pub const PARLOR_MAHJONG_MELD_MINKAN: u8 = 2;
/// Meld kind code: added kan.
pub const PARLOR_MAHJONG_MELD_SHOUMINKAN: u8 = 3;
/// Meld kind code: closed kan.
pub const PARLOR_MAHJONG_MELD_ANKAN: u8 = 4;
/// "None" for the optional codes (`called`, `from`).
pub const PARLOR_MAHJONG_NONE: u8 = 255;

/// Flag bit of ParlorMahjongWin::flags: ippatsu.
pub const PARLOR_MAHJONG_FLAG_IPPATSU: u32 = 1;
/// Flag bit: won on a kan replacement tile.
pub const PARLOR_MAHJONG_FLAG_RINSHAN: u32 = 2;
/// Flag bit: robbing a kan.
pub const PARLOR_MAHJONG_FLAG_CHANKAN: u32 = 4;
/// Flag bit: last draw.
pub const PARLOR_MAHJONG_FLAG_HAITEI: u32 = 8;
/// Flag bit: last discard.
pub const PARLOR_MAHJONG_FLAG_HOUTEI: u32 = 16;
/// Flag bit: tenhou.
pub const PARLOR_MAHJONG_FLAG_TENHOU: u32 = 32;
/// Flag bit: chiihou.
pub const PARLOR_MAHJONG_FLAG_CHIIHOU: u32 = 64;

/// Fu item code: base 20.
pub const PARLOR_MAHJONG_FU_BASE: u8 = 0;
/// Fu item code: seven pairs, 25 flat.
pub const PARLOR_MAHJONG_FU_CHIITOITSU: u8 = 1;
/// Fu item code: closed ron, 10.
pub const PARLOR_MAHJONG_FU_CLOSED_RON: u8 = 2;
/// Fu item code: tsumo, 2.
pub const PARLOR_MAHJONG_FU_TSUMO: u8 = 3;
/// Fu item code: open hand without fu, +10 (30 in all).
pub const PARLOR_MAHJONG_FU_OPEN_PINFU: u8 = 4;
/// Fu item code: open triplet (of `tile`).
pub const PARLOR_MAHJONG_FU_OPEN_TRIPLET: u8 = 5;
/// Fu item code: concealed triplet.
pub const PARLOR_MAHJONG_FU_CONCEALED_TRIPLET: u8 = 6;
/// Fu item code: open kan.
pub const PARLOR_MAHJONG_FU_OPEN_KAN: u8 = 7;
/// Fu item code: closed kan.
pub const PARLOR_MAHJONG_FU_CLOSED_KAN: u8 = 8;
/// Fu item code: valued pair (of `tile`).
pub const PARLOR_MAHJONG_FU_PAIR: u8 = 9;
/// Fu item code: closed wait.
pub const PARLOR_MAHJONG_FU_KANCHAN: u8 = 10;
/// Fu item code: edge wait.
pub const PARLOR_MAHJONG_FU_PENCHAN: u8 = 11;
/// Fu item code: pair wait.
pub const PARLOR_MAHJONG_FU_TANKI: u8 = 12;

/// @brief A called Riichi meld (closed kans included), in 136-form tile ids.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ParlorMahjongMeld {
    /// `PARLOR_MAHJONG_MELD_*`.
    pub kind: u8,
    /// 136-form ids: 3 for chii and pon, 4 for kans.
    pub tiles: [u8; 4],
    /// Index in `tiles` of the tile taken from a discard, or #PARLOR_MAHJONG_NONE.
    pub called: u8,
    /// Seat wind (0 E … 3 N) of the seat it came from, or #PARLOR_MAHJONG_NONE.
    pub from: u8,
}

/// @brief A winning Riichi hand and its circumstances, the input of parlor_mahjong_score().
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ParlorMahjongWin {
    /// Closed tiles (136-form ids), the winning tile included: `14 − 3 × melds_len` of them.
    pub closed: [u8; 14],
    /// How many of `closed` are used.
    pub closed_len: u8,
    /// Called melds (closed kans included).
    pub melds: [ParlorMahjongMeld; 4],
    /// How many of `melds` are used (0–4).
    pub melds_len: u8,
    /// The winning tile's id (one of `closed`).
    pub winning: u8,
    /// 1 self-draw, 0 ron.
    pub tsumo: u8,
    /// Seat wind 0–3 (0 East = dealer).
    pub seat: u8,
    /// Round wind 0–3.
    pub round: u8,
    /// 0 none, 1 riichi, 2 double riichi.
    pub riichi: u8,
    /// `PARLOR_MAHJONG_FLAG_*` bits (others must be 0).
    pub flags: u32,
    /// Dora indicators (ids).
    pub dora: [u8; 5],
    /// How many of `dora` are used.
    pub dora_len: u8,
    /// Ura-dora indicators (ids).
    pub ura: [u8; 5],
    /// How many of `ura` are used.
    pub ura_len: u8,
    /// Honba counters.
    pub honba: u16,
    /// Riichi sticks on the table.
    pub riichi_sticks: u16,
    /// Norths the winner set aside (nukidora; three-player rules only, else 0).
    pub nukidora: u8,
}

/// @brief The Riichi scoring rule set; booleans are 0 or 1.
///
/// See `parlor_core::mahjong::score::Config`; parlor_mahjong_config_preset() fills one.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ParlorMahjongConfig {
    /// Open tanyao.
    pub open_tanyao: u8,
    /// Red fives count as dora.
    pub red_fives: u8,
    /// Kan dora indicators count.
    pub kan_dora: u8,
    /// Ura dora count.
    pub ura_dora: u8,
    /// Kiriage mangan.
    pub kiriage: u8,
    /// 13+ han without yakuman: 0 kazoe yakuman, 1 sanbaiman.
    pub kazoe: u8,
    /// Yakuman add up.
    pub composite_yakuman: u8,
    /// Kokushi 13-sided is double.
    pub double_kokushi_13: u8,
    /// Suuankou tanki is double.
    pub double_suuankou_tanki: u8,
    /// Junsei chuuren is double.
    pub double_junsei_chuuren: u8,
    /// Daisuushii is double.
    pub double_daisuushii: u8,
    /// Double-wind pair fu, 2 or 4.
    pub double_wind_pair_fu: u8,
    /// Three-player rules (sanma): a 1m indicator points at 9m, tsumo-zon, 200-point honba.
    pub three_player: u8,
}

/// @brief One yaku of a hand value and its han.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ParlorMahjongYaku {
    /// The yaku code (`parlor_core::mahjong::score::Yaku`, 1–30 and 40–54; docs/mahjong.md).
    pub code: u8,
    /// Its han (13 per yakuman).
    pub han: u8,
}

/// @brief One fu item of a hand value.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ParlorMahjongFu {
    /// `PARLOR_MAHJONG_FU_*`.
    pub kind: u8,
    /// The set's or pair's kind code, or #PARLOR_MAHJONG_NONE.
    pub tile: u8,
    /// Fu.
    pub fu: u8,
}

/// @brief The value of a winning Riichi hand, as written by parlor_mahjong_score().
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ParlorMahjongValue {
    /// Yaku with han.
    pub yaku: [ParlorMahjongYaku; 16],
    /// How many of `yaku`.
    pub yaku_len: u8,
    /// Fu items.
    pub fu_items: [ParlorMahjongFu; 10],
    /// How many of `fu_items`.
    pub fu_len: u8,
    /// Total han (13 per yakuman).
    pub han: u8,
    /// Fu, rounded.
    pub fu: u8,
    /// Fu before rounding.
    pub raw_fu: u8,
    /// Yakuman count (0 none).
    pub yakuman: u8,
    /// Dora counted.
    pub dora: u8,
    /// Ura-dora counted.
    pub ura: u8,
    /// Red fives counted.
    pub red: u8,
    /// Wait: 0 ryanmen, 1 kanchan, 2 penchan, 3 tanki, 4 shanpon, 5 thirteen-sided.
    pub wait: u8,
    /// Limit: 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 kazoe yakuman, 6 yakuman.
    pub limit: u8,
    /// 1 when mangan came from kiriage.
    pub kiriage: u8,
    /// Always 0: the two bytes before `base`, named so that every byte the library writes is
    /// defined (an unnamed padding could carry whatever the stack held).
    pub reserved: [u8; 2],
    /// Base points.
    pub base: u32,
    /// Ron: what the discarder pays.
    pub ron: u32,
    /// Non-dealer tsumo: what the dealer pays.
    pub dealer: u32,
    /// Tsumo: what each non-dealer pays.
    pub non_dealer: u32,
    /// All the winner receives for the hand (honba in, sticks out).
    pub total: u32,
    /// Riichi sticks collected.
    pub sticks: u32,
}

/// The description of a status code of this module, if it is one.
pub(crate) fn status_message(code: ParlorStatus) -> Option<&'static core::ffi::CStr> {
    Some(match code {
        PARLOR_MAHJONG_ERR_NO_YAKU => status_text!("mahjong", parlor_core::mahjong::score::Error::NO_YAKU),
        PARLOR_MAHJONG_ERR_NOT_COMPLETE => status_text!("mahjong", parlor_core::mahjong::score::Error::NOT_COMPLETE),
        PARLOR_MAHJONG_ERR_WRONG_TILE_COUNT => {
            status_text!("mahjong", parlor_core::mahjong::score::Error::WRONG_TILE_COUNT)
        }
        PARLOR_MAHJONG_ERR_WINNING_TILE_NOT_IN_HAND => {
            status_text!("mahjong", parlor_core::mahjong::score::Error::WINNING_TILE_NOT_IN_HAND)
        }
        PARLOR_MAHJONG_ERR_BAD_MELD => status_text!("mahjong", parlor_core::mahjong::score::Error::BAD_MELD),
        PARLOR_MAHJONG_ERR_CALLED_FROM_WRONG_SEAT => {
            status_text!("mahjong", parlor_core::mahjong::score::Error::CALLED_FROM_WRONG_SEAT)
        }
        PARLOR_MAHJONG_ERR_CONFLICTING_FLAGS => status_text!("mahjong", parlor_core::mahjong::score::Error::CONFLICT),
        PARLOR_MAHJONG_ERR_TOO_MANY_INDICATORS => {
            status_text!("mahjong", parlor_core::mahjong::score::Error::TOO_MANY_INDICATORS)
        }
        PARLOR_MAHJONG_ERR_SECOND_RED_FIVE => {
            status_text!("mahjong", parlor_core::mahjong::score::Error::SECOND_RED_FIVE)
        }
        // A C-only code with no core error: the 136-form tile ids are checked here, not in the core.
        PARLOR_MAHJONG_ERR_DUPLICATE_TILE_ID => status_text!("mahjong: the same tile id twice"),
        _ => return None,
    })
}

/// The status of a scoring error.
pub fn score_error_code(error: Error) -> ParlorStatus {
    match error {
        Error::NoYaku => PARLOR_MAHJONG_ERR_NO_YAKU,
        Error::NotComplete => PARLOR_MAHJONG_ERR_NOT_COMPLETE,
        Error::WrongTileCount { .. } => PARLOR_MAHJONG_ERR_WRONG_TILE_COUNT,
        Error::WinningTileNotInHand => PARLOR_MAHJONG_ERR_WINNING_TILE_NOT_IN_HAND,
        Error::BadMeld => PARLOR_MAHJONG_ERR_BAD_MELD,
        Error::CalledFromWrongSeat { .. } => PARLOR_MAHJONG_ERR_CALLED_FROM_WRONG_SEAT,
        Error::Conflict(_) => PARLOR_MAHJONG_ERR_CONFLICTING_FLAGS,
        Error::TooManyIndicators => PARLOR_MAHJONG_ERR_TOO_MANY_INDICATORS,
        Error::SecondRedFive { .. } => PARLOR_MAHJONG_ERR_SECOND_RED_FIVE,
        Error::FifthCopy { .. } => PARLOR_MAHJONG_ERR_FIFTH_COPY,
        Error::TooManyTiles => PARLOR_ERR_CAPACITY_EXCEEDED,
        Error::UnknownTile | Error::UnknownCode { .. } | Error::BadConfig => PARLOR_ERR_INVALID_ARGUMENT,
        Error::Internal => crate::PARLOR_ERR_INTERNAL,
    }
}

fn flag(b: u8) -> Result<bool, ParlorStatus> {
    match b {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(PARLOR_ERR_INVALID_ARGUMENT),
    }
}

/// Reads a list of ids into pieces, marking each id used (the same id twice is refused).
fn pieces<const N: usize>(ids: &[u8], len: u8, seen: &mut [bool; 136]) -> Result<List<Piece, N>, ParlorStatus> {
    let ids = ids.get(..usize::from(len)).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    let mut list = List::new();
    for &id in ids {
        list.push(piece(id, seen)?).map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)?;
    }
    Ok(list)
}

fn piece(id: u8, seen: &mut [bool; 136]) -> Result<Piece, ParlorStatus> {
    let p = Piece::from_id(id).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    let slot = seen.get_mut(usize::from(id)).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    if *slot {
        return Err(PARLOR_MAHJONG_ERR_DUPLICATE_TILE_ID);
    }
    *slot = true;
    Ok(p)
}

fn wind(code: u8) -> Result<Wind, ParlorStatus> {
    Wind::try_from(code).map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)
}

/// Checks and converts a C win to the core's.
pub fn read_win(c: &ParlorMahjongWin) -> Result<Win, ParlorStatus> {
    let mut seen = [false; 136];
    let closed = pieces::<14>(&c.closed, c.closed_len, &mut seen)?;
    let mut melds = List::new();
    for m in c
        .melds
        .get(..usize::from(c.melds_len))
        .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?
    {
        let kind = MeldKind::try_from(m.kind).map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)?;
        let tiles = pieces::<4>(&m.tiles, kind.tiles() as u8, &mut seen)?;
        let called = match m.called {
            PARLOR_MAHJONG_NONE => None,
            i => Some(
                *tiles
                    .as_slice()
                    .get(usize::from(i))
                    .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?,
            ),
        };
        let from = match m.from {
            PARLOR_MAHJONG_NONE => None,
            w => Some(wind(w)?),
        };
        let meld = CalledMeld::new(kind, tiles.as_slice(), called, from).map_err(score_error_code)?;
        melds.push(meld).map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)?;
    }
    let dora = pieces::<5>(&c.dora, c.dora_len, &mut seen)?;
    let ura = pieces::<5>(&c.ura, c.ura_len, &mut seen)?;
    if !c
        .closed
        .get(..usize::from(c.closed_len))
        .unwrap_or_default()
        .contains(&c.winning)
    {
        return Err(PARLOR_MAHJONG_ERR_WINNING_TILE_NOT_IN_HAND);
    }
    let winning = Piece::from_id(c.winning).ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
    if c.flags & !127 != 0 {
        return Err(PARLOR_ERR_INVALID_ARGUMENT);
    }
    let bit = |b: u32| c.flags & b != 0;
    Ok(Win {
        closed,
        melds,
        winning,
        tsumo: flag(c.tsumo)?,
        seat: wind(c.seat)?,
        round: wind(c.round)?,
        riichi: match c.riichi {
            0 => Riichi::None,
            1 => Riichi::Riichi,
            2 => Riichi::Double,
            _ => return Err(PARLOR_ERR_INVALID_ARGUMENT),
        },
        ippatsu: bit(PARLOR_MAHJONG_FLAG_IPPATSU),
        rinshan: bit(PARLOR_MAHJONG_FLAG_RINSHAN),
        chankan: bit(PARLOR_MAHJONG_FLAG_CHANKAN),
        haitei: bit(PARLOR_MAHJONG_FLAG_HAITEI),
        houtei: bit(PARLOR_MAHJONG_FLAG_HOUTEI),
        tenhou: bit(PARLOR_MAHJONG_FLAG_TENHOU),
        chiihou: bit(PARLOR_MAHJONG_FLAG_CHIIHOU),
        dora,
        ura,
        honba: c.honba,
        riichi_sticks: c.riichi_sticks,
        nukidora: c.nukidora,
    })
}

/// Checks and converts a C config.
pub fn read_config(c: &ParlorMahjongConfig) -> Result<Config, ParlorStatus> {
    let config = Config {
        open_tanyao: flag(c.open_tanyao)?,
        red_fives: flag(c.red_fives)?,
        kan_dora: flag(c.kan_dora)?,
        ura_dora: flag(c.ura_dora)?,
        kiriage: flag(c.kiriage)?,
        kazoe: if flag(c.kazoe)? {
            Kazoe::Sanbaiman
        } else {
            Kazoe::Yakuman
        },
        composite_yakuman: flag(c.composite_yakuman)?,
        double_kokushi_13: flag(c.double_kokushi_13)?,
        double_suuankou_tanki: flag(c.double_suuankou_tanki)?,
        double_junsei_chuuren: flag(c.double_junsei_chuuren)?,
        double_daisuushii: flag(c.double_daisuushii)?,
        double_wind_pair_fu: c.double_wind_pair_fu,
        three_player: flag(c.three_player)?,
    };
    config.validate().map_err(|_| PARLOR_ERR_INVALID_ARGUMENT)?;
    Ok(config)
}

/// The C form of a value.
pub fn write_value(v: &HandValue) -> ParlorMahjongValue {
    let mut out = ParlorMahjongValue::default();
    for (slot, y) in out.yaku.iter_mut().zip(v.yaku()) {
        *slot = ParlorMahjongYaku {
            code: y.yaku.code(),
            han: y.han,
        };
    }
    out.yaku_len = v.yaku().len() as u8;
    for (slot, item) in out.fu_items.iter_mut().zip(v.fu_items()) {
        let none = PARLOR_MAHJONG_NONE;
        let (kind, tile) = match item.kind {
            FuKind::Base => (PARLOR_MAHJONG_FU_BASE, none),
            FuKind::Chiitoitsu => (PARLOR_MAHJONG_FU_CHIITOITSU, none),
            FuKind::ClosedRon => (PARLOR_MAHJONG_FU_CLOSED_RON, none),
            FuKind::Tsumo => (PARLOR_MAHJONG_FU_TSUMO, none),
            FuKind::OpenPinfu => (PARLOR_MAHJONG_FU_OPEN_PINFU, none),
            FuKind::Set { tile, kan, concealed } => {
                let kind = match (kan, concealed) {
                    (false, false) => PARLOR_MAHJONG_FU_OPEN_TRIPLET,
                    (false, true) => PARLOR_MAHJONG_FU_CONCEALED_TRIPLET,
                    (true, false) => PARLOR_MAHJONG_FU_OPEN_KAN,
                    (true, true) => PARLOR_MAHJONG_FU_CLOSED_KAN,
                };
                (kind, tile.index() as u8)
            }
            FuKind::Pair { tile } => (PARLOR_MAHJONG_FU_PAIR, tile.index() as u8),
            FuKind::Wait(Wait::Kanchan) => (PARLOR_MAHJONG_FU_KANCHAN, none),
            FuKind::Wait(Wait::Penchan) => (PARLOR_MAHJONG_FU_PENCHAN, none),
            FuKind::Wait(_) => (PARLOR_MAHJONG_FU_TANKI, none),
        };
        *slot = ParlorMahjongFu {
            kind,
            tile,
            fu: item.fu,
        };
    }
    out.fu_len = v.fu_items().len() as u8;
    (out.han, out.fu, out.raw_fu, out.yakuman) = (v.han(), v.fu(), v.raw_fu(), v.yakuman());
    (out.dora, out.ura, out.red) = (v.dora(), v.ura(), v.red());
    out.wait = v.wait() as u8;
    out.limit = match v.limit() {
        Limit::None => 0,
        Limit::Mangan => 1,
        Limit::Haneman => 2,
        Limit::Baiman => 3,
        Limit::Sanbaiman => 4,
        Limit::KazoeYakuman => 5,
        Limit::Yakuman => 6,
    };
    out.kiriage = u8::from(v.kiriage());
    let p = v.payment();
    (out.base, out.ron, out.dealer, out.non_dealer, out.total, out.sticks) =
        (v.base(), p.ron, p.dealer, p.non_dealer, p.total, p.sticks);
    out
}

/// @brief Fills a Riichi scoring rule set from a named preset.
///
/// @param[in] preset 0 `online` (the default), 1 `mahjong-soul`, 2 `mahjong-pypi`, 3
///   `tenhou-sanma`.
/// @param[out] out Receives the rule set.
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Filled.
/// @retval PARLOR_ERR_NULL_POINTER @p out is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown preset.
/// @pre @p out is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_config_preset(preset: u8, out: *mut ParlorMahjongConfig) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract.
        let out = unsafe { output(out) }?;
        let (_, c) = *Config::PRESETS
            .get(usize::from(preset))
            .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        *out = ParlorMahjongConfig {
            open_tanyao: u8::from(c.open_tanyao),
            red_fives: u8::from(c.red_fives),
            kan_dora: u8::from(c.kan_dora),
            ura_dora: u8::from(c.ura_dora),
            kiriage: u8::from(c.kiriage),
            kazoe: u8::from(c.kazoe == Kazoe::Sanbaiman),
            composite_yakuman: u8::from(c.composite_yakuman),
            double_kokushi_13: u8::from(c.double_kokushi_13),
            double_suuankou_tanki: u8::from(c.double_suuankou_tanki),
            double_junsei_chuuren: u8::from(c.double_junsei_chuuren),
            double_daisuushii: u8::from(c.double_daisuushii),
            double_wind_pair_fu: c.double_wind_pair_fu,
            three_player: u8::from(c.three_player),
        };
        Ok(())
    })())
}

/// @brief Values a winning Riichi hand: yaku, han, fu, limit and payments.
///
/// Tiles are 136-form ids (kind code × 4 + copy; copy 0 of `5m 5p 5s` is the red five); the same
/// id twice is refused. Booleans are 0 or 1; every code is checked.
///
/// @param[in] win The winning hand and its circumstances.
/// @param[in] config The rule set (see parlor_mahjong_config_preset()).
/// @param[out] out Receives the value (written only on success).
/// @return #PARLOR_OK or an error status.
/// @retval PARLOR_OK Valued.
/// @retval PARLOR_ERR_NULL_POINTER @p win, @p config or @p out is NULL.
/// @retval PARLOR_ERR_INVALID_ARGUMENT An unknown code or tile id, a boolean not 0 or 1, a length
/// out of range, an inconsistent @p config, or a misaligned pointer.
/// @retval PARLOR_ERR_CAPACITY_EXCEEDED More tiles than a hand holds.
/// @retval PARLOR_MAHJONG_ERR_NO_YAKU The hand is complete but has no yaku (dora are not yaku).
/// @retval PARLOR_MAHJONG_ERR_NOT_COMPLETE The tiles are not a complete hand.
/// @retval PARLOR_MAHJONG_ERR_WRONG_TILE_COUNT The closed tiles are not `14 − 3 × melds`.
/// @retval PARLOR_MAHJONG_ERR_WINNING_TILE_NOT_IN_HAND The winning tile is not a closed tile.
/// @retval PARLOR_MAHJONG_ERR_BAD_MELD A meld that is none (a kan of three, a chii that is no run, …).
/// @retval PARLOR_MAHJONG_ERR_CALLED_FROM_WRONG_SEAT A meld called from the winner's own seat, or a
/// chii not from the seat before.
/// @retval PARLOR_MAHJONG_ERR_CONFLICTING_FLAGS Flags that contradict each other or the hand.
/// @retval PARLOR_MAHJONG_ERR_TOO_MANY_INDICATORS Kan dora while the config has none, ura-dora
/// without riichi, or more ura than dora.
/// @retval PARLOR_MAHJONG_ERR_SECOND_RED_FIVE Two red fives of one suit.
/// @retval PARLOR_MAHJONG_ERR_DUPLICATE_TILE_ID The same tile id twice.
/// @retval PARLOR_MAHJONG_ERR_FIFTH_COPY A fifth copy of a kind.
/// @pre @p win and @p config are readable; @p out is writable.
#[must_use = "a status code: PARLOR_OK or an error"]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn parlor_mahjong_score(
    win: *const ParlorMahjongWin,
    config: *const ParlorMahjongConfig,
    out: *mut ParlorMahjongValue,
) -> ParlorStatus {
    status((|| {
        // SAFETY: forwarded contract (one element each).
        let win = unsafe { input_slice(win, 1) }?
            .first()
            .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        // SAFETY: as above.
        let config = unsafe { input_slice(config, 1) }?
            .first()
            .ok_or(PARLOR_ERR_INVALID_ARGUMENT)?;
        // SAFETY: forwarded contract.
        let out = unsafe { output(out) }?;
        let value = score(&read_win(win)?, &read_config(config)?).map_err(score_error_code)?;
        *out = write_value(&value);
        Ok(())
    })())
}
