//! # Riichi hand value: yaku, han, fu, limits and payments
//!
//! [`score`] values a winning hand under a [`Config`] (the rule set as data, with named presets):
//! every yaku with its han, dora / ura-dora / red-five counts, the fu breakdown item by item and
//! its rounding, the limit (mangan … yakuman) and the payments. The rules, in our own words, are
//! in `docs/mahjong.md` ("Hand value").
//!
//! The hand is read every way it can be: each decomposition of the closed tiles
//! ([`for_each_decomposition`](super::for_each_decomposition)) and each group the winning tile
//! can have completed (a run as two-sided, closed or edge wait, the pair, a triplet). The reading
//! that pays the winner most is taken; ties go to a yakuman over a counted one, then more han,
//! then more fu, then more fu before rounding, then the first found.
//!
//! ```
//! use parlor_core::mahjong::score::{score, Config, Win, Limit};
//! // Riichi, menzen tsumo, pinfu, tanyao: 4 han 20 fu, a non-dealer tsumo of 1300/2600.
//! let mut win = Win::from_text("234m 567p 23455s 678s", "8s").unwrap();
//! win.tsumo = true;
//! win.riichi = parlor_core::mahjong::score::Riichi::Riichi;
//! let value = score(&win, &Config::default()).unwrap();
//! assert_eq!((value.han(), value.fu(), value.limit()), (4, 20, Limit::None));
//! assert_eq!((value.payment().dealer, value.payment().non_dealer), (2600, 1300));
//! assert_eq!(value.payment().total, 5200);
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

mod config;
mod eval;
mod piece;
mod yaku;

use core::fmt;

pub use config::{Config, Kazoe};
pub use piece::{CalledMeld, List, MeldKind, Piece, Wind, parse_pieces};
pub use yaku::Yaku;

use crate::mahjong::tile::Tile;

/// Why a hand cannot be valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// Text that is not a tile (`8z`, `5x`, digits without a suit).
    UnknownTile,
    /// More tiles than the list holds (14 closed tiles, 4 melds, 5 indicators of each kind).
    TooManyTiles,
    /// A meld that is not one: a kan of three, a chii that is not a run, a pon of two kinds, two
    /// red fives in it, a called tile not in it, a closed kan with a called tile or seat.
    BadMeld,
    /// A numeric code that names nothing: a wind outside 0..=3 (`TryFrom<u8> for Wind`, `what`
    /// = `"wind"`; a wind letter that is not `E`, `S`, `W` or `N` gives its first byte, or 0 for
    /// an empty text), a meld kind outside 0..=4 ([`MeldKind`], `"meld kind"`), a yaku code that
    /// names none ([`Yaku`], `"yaku"`).
    UnknownCode {
        /// Which enum: `"wind"`, `"meld kind"` or `"yaku"`.
        what: &'static str,
        /// The code given.
        code: u32,
    },
    /// A [`Config`] field out of range (see [`Config::validate`]).
    BadConfig,
    /// A fifth copy of `tile`, counting the closed tiles, the melds and the indicators.
    FifthCopy {
        /// The kind of which there would be five.
        tile: Tile,
    },
    /// A second red five of `tile`'s suit (there is one of each).
    SecondRedFive {
        /// The five concerned.
        tile: Tile,
    },
    /// The closed tiles number `tiles`, but with `melds` melds a winning hand has
    /// `14 − 3 × melds` (a kan counts as three).
    WrongTileCount {
        /// How many closed tiles were given (the winning tile included).
        tiles: u8,
        /// How many melds were given.
        melds: u8,
    },
    /// The winning tile is not among the closed tiles (which must include it).
    WinningTileNotInHand,
    /// Meld `index` was called from a seat it cannot come from: a chii not from the seat before
    /// the winner, or any call from the winner's own seat.
    CalledFromWrongSeat {
        /// The meld's position in [`Win::melds`].
        index: u8,
    },
    /// Flags that cannot all hold (riichi on an open hand, haitei on a ron, …).
    Conflict(Conflict),
    /// Dora indicators beyond the first while [`Config::kan_dora`] is off, or ura-dora
    /// indicators without riichi.
    TooManyIndicators,
    /// The tiles are not a complete hand (no reading as four sets and a pair, seven pairs or
    /// thirteen orphans).
    NotComplete,
    /// The hand is complete but has no yaku: it cannot be won (dora do not count as yaku).
    NoYaku,
    /// An internal invariant failed (a bug): no value is given rather than a wrong one.
    Internal,
}

/// Flags of a [`Win`] that contradict each other or the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conflict {
    /// Riichi or double riichi with an open meld.
    RiichiOpen,
    /// Ippatsu without riichi.
    IppatsuWithoutRiichi,
    /// Haitei (last draw) on a ron.
    HaiteiRon,
    /// Houtei (last discard) on a self-draw.
    HouteiTsumo,
    /// Rinshan kaihou on a ron, or without a kan (or, three players, a North set aside).
    Rinshan,
    /// Chankan on a self-draw.
    ChankanTsumo,
    /// Haitei with rinshan (a replacement tile is not the last draw), houtei with chankan.
    LastTile,
    /// Tenhou by a non-dealer or chiihou by the dealer.
    BlessingSeat,
    /// Tenhou or chiihou on a ron, with a meld (a closed kan too), with riichi, or with
    /// another situational flag.
    Blessing,
    /// Extracted Norths ([`Win::nukidora`]) under four-player rules.
    Nukidora,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Conflict::RiichiOpen => "riichi on an open hand",
            Conflict::IppatsuWithoutRiichi => "ippatsu without riichi",
            Conflict::HaiteiRon => "haitei on a ron",
            Conflict::HouteiTsumo => "houtei on a tsumo",
            Conflict::Rinshan => "rinshan needs a tsumo and a kan",
            Conflict::ChankanTsumo => "chankan on a tsumo",
            Conflict::LastTile => "haitei with rinshan or houtei with chankan",
            Conflict::BlessingSeat => "tenhou is the dealer's, chiihou a non-dealer's",
            Conflict::Blessing => "tenhou/chiihou need a closed tsumo on the first draw, no other flag",
            Conflict::Nukidora => "extracted Norths (nukidora) only in three-player rules",
        })
    }
}

/// The fixed wording of each error that has its own C status code: `Display` prints it (then the
/// details: ` (<values>)` or `: <which>`), and `parlor_status_str` returns it after `"mahjong: "`,
/// so the text exists once.
impl Error {
    /// The text of [`Error::NoYaku`] (C `PARLOR_MAHJONG_ERR_NO_YAKU`).
    pub const NO_YAKU: &'static str = "no yaku";
    /// The text of [`Error::NotComplete`] (C `PARLOR_MAHJONG_ERR_NOT_COMPLETE`).
    pub const NOT_COMPLETE: &'static str = "not a complete hand";
    /// The text of [`Error::WrongTileCount`] (C `PARLOR_MAHJONG_ERR_WRONG_TILE_COUNT`).
    pub const WRONG_TILE_COUNT: &'static str = "the closed tiles must be 14 - 3 x melds";
    /// The text of [`Error::WinningTileNotInHand`] (C `PARLOR_MAHJONG_ERR_WINNING_TILE_NOT_IN_HAND`).
    pub const WINNING_TILE_NOT_IN_HAND: &'static str = "the winning tile is not in the hand";
    /// The text of [`Error::BadMeld`] (C `PARLOR_MAHJONG_ERR_BAD_MELD`).
    pub const BAD_MELD: &'static str = "not a meld";
    /// The text of [`Error::CalledFromWrongSeat`] (C `PARLOR_MAHJONG_ERR_CALLED_FROM_WRONG_SEAT`).
    pub const CALLED_FROM_WRONG_SEAT: &'static str = "a meld called from a wrong seat";
    /// The text of [`Error::Conflict`] (C `PARLOR_MAHJONG_ERR_CONFLICTING_FLAGS`).
    pub const CONFLICT: &'static str = "conflicting flags";
    /// The text of [`Error::TooManyIndicators`] (C `PARLOR_MAHJONG_ERR_TOO_MANY_INDICATORS`).
    pub const TOO_MANY_INDICATORS: &'static str = "too many dora indicators for the rules";
    /// The text of [`Error::SecondRedFive`] (C `PARLOR_MAHJONG_ERR_SECOND_RED_FIVE`).
    pub const SECOND_RED_FIVE: &'static str = "a second red five";
    /// The text of [`Error::FifthCopy`] (C `PARLOR_MAHJONG_ERR_FIFTH_COPY`, shared with the hand
    /// error's `FifthCopy`, which takes it from here: one code, one wording).
    pub const FIFTH_COPY: &'static str = "a fifth copy of a tile";
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownTile => write!(f, "unknown tile"),
            Error::TooManyTiles => write!(f, "too many tiles"),
            Error::BadMeld => f.write_str(Error::BAD_MELD),
            Error::UnknownCode { what, code } => write!(f, "unknown {what} code {code}"),
            Error::BadConfig => write!(f, "bad config (double-wind pair fu must be 2 or 4)"),
            Error::FifthCopy { tile } => write!(f, "{} ({tile})", Error::FIFTH_COPY),
            Error::SecondRedFive { tile } => write!(f, "{} ({tile})", Error::SECOND_RED_FIVE),
            Error::WrongTileCount { tiles, melds } => {
                write!(
                    f,
                    "{} ({tiles} closed tiles with {melds} melds)",
                    Error::WRONG_TILE_COUNT
                )
            }
            Error::WinningTileNotInHand => f.write_str(Error::WINNING_TILE_NOT_IN_HAND),
            Error::CalledFromWrongSeat { index } => {
                write!(f, "{} (meld {})", Error::CALLED_FROM_WRONG_SEAT, u16::from(*index) + 1)
            }
            Error::Conflict(c) => write!(f, "{}: {c}", Error::CONFLICT),
            Error::TooManyIndicators => f.write_str(Error::TOO_MANY_INDICATORS),
            Error::NotComplete => f.write_str(Error::NOT_COMPLETE),
            Error::NoYaku => f.write_str(Error::NO_YAKU),
            Error::Internal => f.write_str(crate::INTERNAL_TEXT),
        }
    }
}

impl core::error::Error for Error {}

/// Riichi state of the winner. C codes 0–2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Riichi {
    /// No riichi.
    #[default]
    None,
    /// Riichi (1 han).
    Riichi,
    /// Double riichi (2 han).
    Double,
}

/// A winning hand and its circumstances: the input of [`score`].
///
/// `closed` holds the tiles not in melds, the winning tile included (`14 − 3 × melds` of them);
/// `winning` is one of them. Indicators are the tiles shown (the dora is the next kind: within a
/// suit 9 → 1, winds E → S → W → N → E, dragons white → green → red → white).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Win {
    /// The closed tiles, winning tile included.
    pub closed: List<Piece, 14>,
    /// The called melds (closed kans included), at most four.
    pub melds: List<CalledMeld, 4>,
    /// The winning tile (one of `closed`).
    pub winning: Piece,
    /// Self-draw (`true`) or ron on a discard (`false`).
    pub tsumo: bool,
    /// The winner's seat wind; East is the dealer.
    pub seat: Wind,
    /// The round wind.
    pub round: Wind,
    /// Riichi or double riichi.
    pub riichi: Riichi,
    /// Ippatsu.
    pub ippatsu: bool,
    /// Won on a kan replacement tile (tsumo).
    pub rinshan: bool,
    /// Won by robbing an added kan (ron).
    pub chankan: bool,
    /// Won on the last draw of the wall (tsumo).
    pub haitei: bool,
    /// Won on the last discard (ron).
    pub houtei: bool,
    /// The dealer's win on the first draw.
    pub tenhou: bool,
    /// A non-dealer's win on the first uninterrupted draw.
    pub chiihou: bool,
    /// Dora indicators (first, then kan dora).
    pub dora: List<Piece, 5>,
    /// Ura-dora indicators (counted for riichi hands).
    pub ura: List<Piece, 5>,
    /// Honba (counters) on the table: 300 points per counter to the winner.
    pub honba: u16,
    /// Riichi sticks on the table: 1000 points each to the winner.
    pub riichi_sticks: u16,
    /// Norths the winner extracted (nukidora, three-player rules only): one han of dora each,
    /// and each indicator pointing at North adds one more per North (its ura indicator too).
    pub nukidora: u8,
}

impl Win {
    /// `Win::default()` as a constant: built where it is used (the derived default builds
    /// each list apart and copies it in, a second win's worth of stack on a microcontroller).
    pub(crate) const EMPTY: Win = Win {
        closed: List::EMPTY_PIECES,
        melds: List::EMPTY_MELDS,
        winning: Piece::DEFAULT,
        tsumo: false,
        seat: Wind::East,
        round: Wind::East,
        riichi: Riichi::None,
        ippatsu: false,
        rinshan: false,
        chankan: false,
        haitei: false,
        houtei: false,
        tenhou: false,
        chiihou: false,
        dora: List::EMPTY_PIECES,
        ura: List::EMPTY_PIECES,
        honba: 0,
        riichi_sticks: 0,
        nukidora: 0,
    };

    /// A ron by a non-dealer (seat South, round East) with no melds or flags: `closed` the tiles in
    /// either notation (`0` = red five), `winning` one of them. Errors: [`Error::UnknownTile`],
    /// [`Error::TooManyTiles`].
    pub fn from_text(closed: &str, winning: &str) -> Result<Win, Error> {
        Ok(Win {
            closed: closed.parse()?,
            winning: winning.parse()?,
            seat: Wind::South,
            ..Win::default()
        })
    }

    /// Whether the winner is the dealer (seat wind East).
    pub fn dealer(&self) -> bool {
        self.seat == Wind::East
    }
}

/// How the winning tile completed its group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Wait {
    /// Two-sided run wait (`45` waiting on 3 or 6). 0 fu.
    #[default]
    Ryanmen,
    /// Closed wait (`46` on 5). 2 fu.
    Kanchan,
    /// Edge wait (`12` on 3, `89` on 7). 2 fu.
    Penchan,
    /// Pair wait (also seven pairs and single-wait thirteen orphans). 2 fu.
    Tanki,
    /// Two pairs, one becoming a triplet. 0 fu (a ron makes the triplet open).
    Shanpon,
    /// Thirteen orphans on the thirteen-sided wait.
    Thirteen,
}

/// What one fu item is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuKind {
    /// The base 20 fu.
    Base,
    /// Seven pairs: 25 fu flat.
    Chiitoitsu,
    /// A closed hand won by ron: 10.
    ClosedRon,
    /// Self-draw (not with pinfu): 2.
    Tsumo,
    /// An open hand with no other fu (open pinfu shape): counted 30, the item is the 10 on top of
    /// the base.
    OpenPinfu,
    /// A triplet or kan of `tile`: 2 (open simple) doubled for a terminal or honor, doubled when
    /// concealed, ×4 for a kan.
    Set {
        /// Its kind.
        tile: Tile,
        /// A kan.
        kan: bool,
        /// Concealed (a ron on it makes a closed triplet open).
        concealed: bool,
    },
    /// A pair of a dragon, the seat or the round wind: 2 each (a double wind per config).
    Pair {
        /// The pair's kind.
        tile: Tile,
    },
    /// A closed, edge or pair wait: 2.
    Wait(Wait),
}

/// One item of the fu breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FuItem {
    /// What for.
    pub kind: FuKind,
    /// How many fu.
    pub fu: u8,
}

impl Default for FuItem {
    fn default() -> FuItem {
        FuItem {
            kind: FuKind::Base,
            fu: 0,
        }
    }
}

/// A yaku with the han it gives this hand (a yakuman: 13 per yakuman it is worth).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct YakuHan {
    /// The yaku.
    pub yaku: Yaku,
    /// Its han here (open reductions applied).
    pub han: u8,
}

impl Default for YakuHan {
    fn default() -> YakuHan {
        YakuHan {
            yaku: Yaku::Riichi,
            han: 0,
        }
    }
}

/// The limit a hand reaches. C codes 0–6 in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Limit {
    /// Below mangan: base points = fu × 2^(2 + han).
    #[default]
    None,
    /// Mangan: 5 han, or fewer han with base points ≥ 2000 (or kiriage): base 2000.
    Mangan,
    /// Haneman: 6–7 han, base 3000.
    Haneman,
    /// Baiman: 8–10 han, base 4000.
    Baiman,
    /// Sanbaiman: 11–12 han (and 13+ without yakuman under [`Kazoe::Sanbaiman`]), base 6000.
    Sanbaiman,
    /// Kazoe yakuman: 13+ han without a yakuman, base 8000.
    KazoeYakuman,
    /// Yakuman: 8000 base per yakuman ([`HandValue::yakuman`]).
    Yakuman,
}

/// What each seat pays the winner (honba included, riichi sticks apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Payment {
    /// Ron: what the discarder pays (0 on a tsumo).
    pub ron: u32,
    /// Non-dealer tsumo: what the dealer pays (0 on a ron or a dealer's tsumo). Under
    /// three-player rules the winner is paid by the two other seats only (tsumo-zon).
    pub dealer: u32,
    /// Tsumo: what each non-dealer pays (0 on a ron).
    pub non_dealer: u32,
    /// Everything the winner receives for the hand (honba included, sticks excluded).
    pub total: u32,
    /// The riichi sticks collected: 1000 each.
    pub sticks: u32,
}

/// The value of a winning hand: the output of [`score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandValue {
    yaku: List<YakuHan, 16>,
    fu_items: List<FuItem, 10>,
    dora: u8,
    ura: u8,
    red: u8,
    nukidora: u8,
    han: u8,
    fu: u8,
    raw_fu: u8,
    yakuman: u8,
    wait: Wait,
    limit: Limit,
    kiriage: bool,
    base: u32,
    payment: Payment,
}

impl HandValue {
    /// The value before any reading is written into it (what [`score`] starts from).
    pub(crate) const EMPTY: HandValue = HandValue {
        yaku: List::EMPTY_YAKU,
        fu_items: List::EMPTY_FU,
        dora: 0,
        ura: 0,
        red: 0,
        nukidora: 0,
        han: 0,
        fu: 0,
        raw_fu: 0,
        yakuman: 0,
        wait: Wait::Ryanmen,
        limit: Limit::None,
        kiriage: false,
        base: 0,
        payment: Payment {
            ron: 0,
            dealer: 0,
            non_dealer: 0,
            total: 0,
            sticks: 0,
        },
    };

    /// The yaku with their han (yakuman only, when the hand has one).
    pub fn yaku(&self) -> &[YakuHan] {
        self.yaku.as_slice()
    }

    /// Whether `yaku` is among the yaku.
    pub fn has(&self, yaku: Yaku) -> bool {
        self.yaku().iter().any(|y| y.yaku == yaku)
    }

    /// The fu items (empty for thirteen orphans); their sum is [`HandValue::raw_fu`].
    pub fn fu_items(&self) -> &[FuItem] {
        self.fu_items.as_slice()
    }

    /// Dora counted (0 for a yakuman).
    pub const fn dora(&self) -> u8 {
        self.dora
    }

    /// Ura-dora counted.
    pub const fn ura(&self) -> u8 {
        self.ura
    }

    /// Red fives counted.
    pub const fn red(&self) -> u8 {
        self.red
    }

    /// Extracted Norths counted (one han each; the indicators pointing at North are in
    /// [`HandValue::dora`] and [`HandValue::ura`]); 0 for a yakuman.
    pub const fn nukidora(&self) -> u8 {
        self.nukidora
    }

    /// Total han: yaku and dora; for a yakuman 13 per yakuman.
    pub const fn han(&self) -> u8 {
        self.han
    }

    /// Fu after rounding up to ten (chiitoitsu 25; pinfu tsumo 20); 0 for thirteen orphans.
    pub const fn fu(&self) -> u8 {
        self.fu
    }

    /// Fu before rounding.
    pub const fn raw_fu(&self) -> u8 {
        self.raw_fu
    }

    /// How many yakuman (0 when none; kazoe is not counted here).
    pub const fn yakuman(&self) -> u8 {
        self.yakuman
    }

    /// How the winning tile completed the hand in the chosen reading.
    pub const fn wait(&self) -> Wait {
        self.wait
    }

    /// The limit reached.
    pub const fn limit(&self) -> Limit {
        self.limit
    }

    /// Whether mangan came from kiriage (4 han 30 fu, 3 han 60 fu).
    pub const fn kiriage(&self) -> bool {
        self.kiriage
    }

    /// Base points (fu × 2^(2+han) or the limit's).
    pub const fn base(&self) -> u32 {
        self.base
    }

    /// The payments.
    pub const fn payment(&self) -> Payment {
        self.payment
    }

    /// The limit's name (`mangan`, `double yakuman`, …), `None` below mangan.
    pub fn limit_name(&self) -> Option<&'static str> {
        Some(match self.limit {
            Limit::None => return None,
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::KazoeYakuman => "kazoe yakuman",
            Limit::Yakuman => match self.yakuman {
                0 | 1 => "yakuman",
                2 => "double yakuman",
                3 => "triple yakuman",
                4 => "quadruple yakuman",
                5 => "quintuple yakuman",
                _ => "sextuple yakuman",
            },
        })
    }
}

/// Values the winning hand `win` under `config`.
///
/// Errors: [`Error::BadConfig`]; impossible input — [`Error::FifthCopy`],
/// [`Error::SecondRedFive`], [`Error::WrongTileCount`], [`Error::WinningTileNotInHand`],
/// [`Error::CalledFromWrongSeat`], [`Error::Conflict`], [`Error::TooManyIndicators`],
/// [`Error::NotComplete`]; a complete hand without yaku — [`Error::NoYaku`].
///
/// ```
/// use parlor_core::mahjong::score::{score, Config, Error, Win};
/// // Seven pairs, ron: 2 han 25 fu, 1600.
/// let value = score(&Win::from_text("1133m 55p 2288s 3377z", "7z").unwrap(), &Config::default()).unwrap();
/// assert_eq!((value.han(), value.fu(), value.payment().ron), (2, 25, 1600));
/// // Complete, but no yaku.
/// let win = Win::from_text("123m 456p 789s 234s 11z", "4s").unwrap();
/// assert_eq!(score(&win, &Config::default()), Err(Error::NoYaku));
/// ```
pub fn score(win: &Win, config: &Config) -> Result<HandValue, Error> {
    let mut value = HandValue::EMPTY;
    eval::score_into(win, config, Place::Value(&mut value))?;
    Ok(value)
}

/// What the round needs of a hand value to settle a win ([`Place::Paid`]): the payments, the
/// yakuman count and whether the two yakuman a seat can be liable for (pao) are among the yaku.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Paid {
    /// [`HandValue::payment`].
    pub(crate) payment: Payment,
    /// [`HandValue::yakuman`].
    pub(crate) yakuman: u8,
    /// `HandValue::has(Yaku::Daisangen)`.
    pub(crate) daisangen: bool,
    /// `HandValue::has(Yaku::Daisuushii)`.
    pub(crate) daisuushii: bool,
}

impl Paid {
    /// The parts of `value` a win is settled by.
    pub(crate) fn of(value: &HandValue) -> Paid {
        Paid {
            payment: value.payment,
            yakuman: value.yakuman,
            daisangen: value.has(Yaku::Daisangen),
            daisuushii: value.has(Yaku::Daisuushii),
        }
    }
}

/// Where [`score_into`] writes the value of the reading that pays most.
pub(crate) enum Place<'o> {
    /// Nowhere: only whether the hand is a win is worked out.
    Check,
    /// The whole value.
    Value(&'o mut HandValue),
    /// What a win is settled by ([`Paid`]; a few bytes instead of the whole value).
    Paid(&'o mut Paid),
}

/// [`score`] written into `out`, for callers that keep the value (or the part of it they need)
/// in a place of their own (the round: no second value on the stack beside the frames that
/// value the hand). The same errors as [`score`]; on an error `out` holds no meaningful value.
pub(crate) fn score_into(win: &Win, config: &Config, out: Place<'_>) -> Result<(), Error> {
    eval::score_into(win, config, out)
}

#[cfg(test)]
mod tests;
