//! One hand (kyoku) of four-player (or three-player) Riichi: the wall and the dead wall, draws and discards, the
//! call window, riichi, furiten, wins, draws and their payments (`docs/mahjong.md`, "The round").
//!
//! # Tiles
//! A tile is an id `0..136`: `id = kind * 4 + copy`, `kind` = [`Tile::index`] (`1m…9m` 0–8,
//! `1p…9p` 9–17, `1s…9s` 18–26, `1z…7z` 27–33). With red fives ([`score::Config::red_fives`]),
//! copy 0 of `5m 5p 5s` (ids 16, 52, 88) is the red five.
//!
//! # The wall
//! [`Deal::Given`] takes the whole wall as 136 ids in this layout (not a physical wall):
//! - `wall[0..52]`: the deal; seat `(dealer + k) % 4` receives `wall[13k..13k+13]`;
//! - `wall[52..122]`: the live wall, drawn from the front; each kan shortens its end by one
//!   (the last live draw is `wall[121 - kans]`), so it holds `70 - kans` draws;
//! - `wall[122..126]`: the four kan replacement tiles (rinshan), in draw order;
//! - `wall[126..131]`: the dora indicators (the first, then one per kan, in order);
//! - `wall[131..136]`: the ura-dora indicators, paired with `wall[126..131]`.
//!
//! Three players ([`score::Config::three_player`], [`Config::TENHOU_SANMA`]) use the 108 ids
//! without `2m`–`8m` (ids 4–31) in `wall[0..108]` (the 28 left out in `wall[108..136]`, never
//! dealt): the deal `wall[0..39]` (seat `(dealer + k) % 3`), the live wall `wall[39..94]` (55
//! draws less one per replacement draw), the first four replacement tiles `wall[94..98]` and the
//! fifth to eighth from the live wall's end backwards (`wall[93]`, `wall[92]`, …: kans and Norths
//! set aside share them), the dora indicators `wall[98..103]`, the ura `wall[103..108]`. Seat 3 is
//! absent: it holds no tiles and never acts ([`Round::players`] is 3).
//!
//! [`Deal::Seeded`] lists the ids in increasing order, shuffles them with
//! [`game::shuffle`](crate::game::shuffle) and [`Rng::new(seed)`](crate::game::Rng::new), and
//! uses the result as the wall above (three players: the 108 ids, [`seeded_wall_sanma`]).
//!
//! # Turns
//! Draws are automatic: the dealer's first draw happens in [`Round::new`], and every later draw
//! (the next seat's after a discard nobody called, the replacement tile after a kan) happens
//! inside [`Round::apply`] and is reported in [`Event::drew`]. A seat on turn holds `3n+2` tiles
//! and chooses [`Action::Discard`], [`Action::Riichi`], [`Action::Tsumo`], [`Action::Ankan`],
//! [`Action::Kakan`] or [`Action::Kyuushu`].
//!
//! After a discard, every other seat that may call (ron, pon, open kan, chii — chii only the
//! next seat) must answer in the call window ([`Phase::Calls`]): [`Round::may_act`] is true for
//! each such seat that has not answered yet, and [`Round::to_act`] names the first of them in
//! turn order from the discarder. Answers are collected in any order and stay hidden; when the
//! last one is in, the window resolves: ron (one, two with [`MultiRon::Double`], …) beats pon
//! and open kan, which beat chii; with nobody calling the next seat draws. An added kan opens
//! the same window for ron only ([`Phase::Chankan`]); so does a closed kan when a seat could rob
//! it with thirteen orphans ([`Config::kokushi_robs_ankan`]).
//!
//! # Rulings (Tenhou's, which the real records confirm)
//! - Riichi: closed hand (closed kans allowed), tenpai after the discard, at least 1000 points and
//!   4 live tiles; the stick goes down when the discard is not won on. After riichi only the drawn
//!   tile is discarded, and a closed kan only of the drawn tile's kind that keeps the waits.
//! - Ippatsu ends with the seat's next discard or any call, closed kan or completed added kan (an
//!   added kan that is robbed does not break it).
//! - Furiten: a wait among the seat's own discards; a winning tile let pass (until its next
//!   discard; for good after riichi). A wait on a kind whose four copies the seat holds itself is
//!   no wait (noten, no riichi).
//! - New dora: a closed kan's at once; an open or added kan's at the kan seat's next discard or
//!   once its next kan stands (not when that kan is robbed: a chankan counts neither).
//! - No call on the last discard, no kan once the live wall is empty, at most four kans; four
//!   kans by two or more seats abort when the following discard passes.
//! - Kuikae forbidden per [`Config::kuikae_forbidden`]: the called kind and a chii's far end.
//! - Payments: the deltas of [`Outcome`] leave out the sticks the round's riichi declarers put
//!   down (as Tenhou records them); on a double ron the winner nearest the discarder takes the
//!   honba and the sticks; pao on a ron shares only the liable yakuman, on a tsumo the liable
//!   seat pays the whole hand ([`Config::pao_tsumo_whole_hand`], Tenhou) or only its yakuman.
//! - Whether a call window is open is public ([`Observation::phase`]), as at a table where a
//!   seat that may call takes its time; no observation holds another seat's tiles or answer.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;
use core::mem::MaybeUninit;

use super::Error;
use super::score::{self, HandValue, MeldKind, Wind};
use super::tile::{KINDS, Tile};
use crate::game::{Countdown, Seat};
use zerocopy::{FromBytes, FromZeros, Immutable, IntoBytes, KnownLayout};

/// The number of tile ids: 136.
pub const TILE_IDS: usize = 136;
/// The number of seats: 4.
pub const SEATS: usize = 4;
/// The most discards a round can hold: 96 (70 live draws and 4 replacement draws are at most 74
/// discards after a draw, and at most 16 chii/pon calls add one each, 90 in all).
pub const MAX_DISCARDS: usize = 96;
/// The most legal actions a seat ever has: 40. On turn: at most 14 discards, 14 riichi
/// discards, tsumo, 3 closed kans (14 tiles hold at most three kinds four times), 4 added kans
/// and kyuushu (37). In a call window: pass, ron, and either pons and a kan or chiis: a chii
/// lists every id pair, `a·b + b·c + c·d` for the counts `a b c d` of the four kinds around the
/// discard, at most 36 with 13 tiles (38 in all).
pub const MAX_ACTIONS: usize = 40;
/// `size_of::<Round>()`: 720 bytes (documented in `docs/mahjong.md`, asserted ≤ 1024 in a test).
pub const ROUND_BYTES: usize = core::mem::size_of::<Round>();
/// The length of [`Round::encode`]'s byte form (format version 1): the version byte, the config
/// (24 bytes), the start (20), the wall (136), the hands, melds, discards and every state field.
pub const ENCODED_BYTES: usize = 1
    + CONFIG_BYTES
    + START_BYTES
    + TILE_IDS
    + SEATS * HAND_BYTES
    + SEATS * 4 * MELD_BYTES
    + SEATS
    + 2 * MAX_DISCARDS
    + 1
    + SCALAR_BYTES;
/// Bytes of one seat's closed hand in the byte form (a 136-bit set, 17 bytes).
pub(super) const HAND_BYTES: usize = 17;
/// Bytes of one meld in the byte form.
pub(super) const MELD_BYTES: usize = 7;
/// Bytes of the scalar state fields in the byte form.
const SCALAR_BYTES: usize = 10 + 3 * SEATS + 11 + 8 + 2 * SEATS + 1 + 4 * 3 + 1 + 4 * SEATS + 2;
/// The format version written first by [`Round::encode`].
pub const FORMAT_VERSION: u8 = 1;
/// The length of [`Round::encode_cache`]'s form: each seat's waits, four `u64`.
pub const CACHE_BYTES: usize = SEATS * 8;
/// The points a riichi declaration puts on the table.
pub const RIICHI_STICK: i32 = 1000;
/// The points one honba adds to a win (100 from each payer, 300 in all).
pub const HONBA_POINTS: i32 = 300;

/// Bytes of a [`Config`] in its byte form ([`Config::to_bytes`]).
pub const CONFIG_BYTES: usize = 24;
/// Bytes of a [`Start`] in its byte form ([`Start::to_bytes`]).
pub const START_BYTES: usize = 20;

/// How many seats may win on one discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, FromZeros, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum MultiRon {
    /// Only the claimant nearest the discarder in turn order wins (atamahane, head bump).
    HeadBump,
    /// Two seats may win on one discard (double ron); three claimants win too unless
    /// [`Config::abort_triple_ron`] makes it an abortive draw.
    Double,
}

impl MultiRon {
    /// The code in the byte form and across C: 0 head bump, 1 double.
    pub const fn code(self) -> u8 {
        match self {
            MultiRon::HeadBump => 0,
            MultiRon::Double => 1,
        }
    }

    /// The rule of code `code`, or `None`.
    pub const fn from_code(code: u8) -> Option<MultiRon> {
        match code {
            0 => Some(MultiRon::HeadBump),
            1 => Some(MultiRon::Double),
            _ => None,
        }
    }
}

/// The rules of a round and a match, as data ([`Config::validate`] checks it). Each field is one
/// documented rule; presets are consts.
///
/// ```
/// use parlor_core::mahjong::{Config, MultiRon};
/// let config = Config::default();
/// assert_eq!(config, Config::TENHOU);
/// assert_eq!(config.multi_ron, MultiRon::Double);
/// assert!(Config { rounds: 4, ..Config::TENHOU }.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, FromZeros, IntoBytes, KnownLayout, Immutable)]
#[repr(C, packed)]
pub struct Config {
    /// The hand-value rules ([`score::Config`]): open tanyao, red fives, kan dora, ura dora, …
    pub score: score::Config,
    /// The rounds of the match before any extension: 8 for a hanchan (East and South), 4 for
    /// tonpuusen (East only). 1–16.
    pub rounds: u8,
    /// Each seat's points at the start of the match (Tenhou: 25,000). A multiple of 100.
    pub start_points: i32,
    /// The points a seat needs to end the match after the last scheduled round (Tenhou: 30,000).
    /// While nobody has them the match goes on into the next wind ([`Config::extension`]).
    pub target_points: i32,
    /// Play on past the last scheduled round (South 4 into West) while nobody has
    /// [`Config::target_points`]; in the extension the match ends as soon as a seat has them
    /// (after any round), and at the latest after the extension's fourth round.
    pub extension: bool,
    /// Several winners on one discard: double ron or head bump.
    pub multi_ron: MultiRon,
    /// Three rons on one discard are an abortive draw (Tenhou) rather than three wins. Only read
    /// with [`MultiRon::Double`].
    pub abort_triple_ron: bool,
    /// Abortive draw when a seat on its first uninterrupted draw holds nine kinds of terminals and
    /// honors and declares it ([`Action::Kyuushu`]).
    pub abort_nine_terminals: bool,
    /// Abortive draw when the four first discards, with no call before, are the same wind.
    pub abort_four_winds: bool,
    /// Abortive draw when a fourth seat's riichi is accepted (its stick is put down).
    pub abort_four_riichi: bool,
    /// Abortive draw when a fourth kan is made by two or more seats (after the kan's discard
    /// passes). One seat's four kans play on, and no fifth kan is allowed.
    pub abort_four_kans: bool,
    /// Kuikae is forbidden: after a chii or pon the seat may not discard the called kind, nor the
    /// kind at the other end of a chii's run (`34` chii on `2` may not discard `5`).
    pub kuikae_forbidden: bool,
    /// A seat below 0 points ends the match (Tenhou: below zero; exactly 0 plays on).
    pub busting: bool,
    /// Nagashi mangan at an exhaustive draw: a seat whose discards are all terminals and honors
    /// and none was called is paid a mangan tsumo (no honba); the round still counts as a draw.
    pub nagashi_mangan: bool,
    /// Pao: a seat that feeds the call completing big three dragons (the third dragon set) or big
    /// four winds (the fourth wind set) pays the whole yakuman on a tsumo and half of it on a ron
    /// by another seat.
    pub pao: bool,
    /// Pao on a tsumo of a composite yakuman (the liable one and another, say big three dragons
    /// and all honors): the liable seat pays the whole hand, every yakuman and the honba (Tenhou:
    /// yes, as real records show), or only the liable yakuman, the rest paid as a normal tsumo.
    /// Only read with [`Config::pao`]; a ron is always shared as [`Config::pao`] says.
    pub pao_tsumo_whole_hand: bool,
    /// Agari-yame: in the last round (or any extension round) the dealer who wins and is then
    /// first (with [`Config::target_points`]) ends the match instead of repeating.
    pub agari_yame: bool,
    /// Tenpai-yame: the same after an exhaustive draw at which the dealer is tenpai. Tenhou has
    /// it since mid-2010; its records from before play on ([`Config::TENHOU_2010`]).
    pub tenpai_yame: bool,
    /// A thirteen-orphans hand may rob a closed kan (Tenhou: yes).
    pub kokushi_robs_ankan: bool,
}

impl Config {
    /// Tenhou's ranked four-player hanchan with red fives and open tanyao (`鳳南喰赤`), the
    /// rules of the real records: double ron (triple ron aborts), every abortive draw, kuikae
    /// forbidden, busting below 0, nagashi mangan, pao, South 4 extension into West below
    /// 30,000, agari-yame; hand value [`score::Config::ONLINE`]. The default.
    pub const TENHOU: Config = Config {
        score: score::Config::ONLINE,
        rounds: 8,
        start_points: 25_000,
        target_points: 30_000,
        extension: true,
        multi_ron: MultiRon::Double,
        abort_triple_ron: true,
        abort_nine_terminals: true,
        abort_four_winds: true,
        abort_four_riichi: true,
        abort_four_kans: true,
        kuikae_forbidden: true,
        busting: true,
        nagashi_mangan: true,
        pao: true,
        pao_tsumo_whole_hand: true,
        agari_yame: true,
        tenpai_yame: true,
        kokushi_robs_ankan: true,
    };

    /// [`Config::TENHOU`] as an East-only match (tonpuusen, 4 rounds, extension into South).
    pub const TENHOU_EAST: Config = Config {
        rounds: 4,
        ..Config::TENHOU
    };

    /// [`Config::TENHOU`] as Tenhou played before tenpai-yame (mid-2010): agari-yame only, a
    /// first-place dealer tenpai at the last round's exhaustive draw plays on. Not a named preset
    /// (the rule key `tenpai-yame`); `parlor mahjong replay` picks it for a Tenhou record dated
    /// before the change (`docs/mahjong.md`).
    pub const TENHOU_2010: Config = Config {
        tenpai_yame: false,
        ..Config::TENHOU
    };

    /// A plain rule set without the optional extras: head bump, no abortive draws, kuikae
    /// allowed, no busting, no nagashi mangan, no pao, no extension, no agari-yame, no kokushi
    /// robbing a closed kan; hand value [`score::Config::ONLINE`].
    pub const BASIC: Config = Config {
        extension: false,
        multi_ron: MultiRon::HeadBump,
        abort_triple_ron: false,
        abort_nine_terminals: false,
        abort_four_winds: false,
        abort_four_riichi: false,
        abort_four_kans: false,
        kuikae_forbidden: false,
        busting: false,
        nagashi_mangan: false,
        pao: false,
        agari_yame: false,
        tenpai_yame: false,
        kokushi_robs_ankan: false,
        ..Config::TENHOU
    };

    /// Tenhou's three-player ranked hanchan (`三鳳南喰赤`, sanma): three seats, 108 tiles
    /// (no 2m–8m; red 5p and 5s), no chii, North extraction ([`Action::Kita`]), tsumo-zon and
    /// 200-point honba ([`score::Config::TENHOU_SANMA`]), 2000 in tenpai payments, 35,000 start
    /// and 40,000 target points, East and South with three rounds each and the West extension;
    /// no four-winds or four-riichi abort (no fourth seat). Otherwise as [`Config::TENHOU`]
    /// (`docs/mahjong.md`, "Three players").
    pub const TENHOU_SANMA: Config = Config {
        score: score::Config::TENHOU_SANMA,
        start_points: 35_000,
        target_points: 40_000,
        abort_four_winds: false,
        abort_four_riichi: false,
        abort_triple_ron: false,
        ..Config::TENHOU
    };

    /// [`Config::TENHOU_SANMA`] as an East-only match (`三鳳東喰赤`).
    pub const TENHOU_SANMA_EAST: Config = Config {
        rounds: 4,
        ..Config::TENHOU_SANMA
    };

    /// Mahjong Soul's four-player ranked hanchan (its published rule page, as the Japanese
    /// Mahjong Wiki's "Majsoul" page lists it): as [`Config::TENHOU`] with the hand value
    /// [`score::Config::MAHJONG_SOUL`] (the four "double" yakuman shapes) and three rons on one
    /// discard all winning (no sanchahou abort). Every other round rule is Tenhou's: double ron
    /// with the honba and sticks to the winner nearest the discarder, kuikae forbidden, busting
    /// below 0, nagashi mangan, pao, the West extension below 30,000, agari-yame and tenpai-yame,
    /// every other abortive draw (`docs/mahjong.md`, "Mahjong Soul").
    pub const MAHJONG_SOUL: Config = Config {
        score: score::Config::MAHJONG_SOUL,
        abort_triple_ron: false,
        ..Config::TENHOU
    };

    /// Mahjong Soul's three-player ranked hanchan: [`Config::TENHOU_SANMA`] (whose rules it
    /// follows, tsumo-zon being its default scoring) with Mahjong Soul's double yakuman shapes.
    pub const MAHJONG_SOUL_SANMA: Config = Config {
        score: score::Config {
            three_player: true,
            ..score::Config::MAHJONG_SOUL
        },
        ..Config::TENHOU_SANMA
    };

    /// The named presets: `tenhou` (the default), `tenhou-east`, `basic`, `tenhou-sanma`,
    /// `tenhou-sanma-east`, `mahjong-soul`, `mahjong-soul-sanma`.
    pub const PRESETS: [(&'static str, Config); 7] = [
        ("tenhou", Config::TENHOU),
        ("tenhou-east", Config::TENHOU_EAST),
        ("basic", Config::BASIC),
        ("tenhou-sanma", Config::TENHOU_SANMA),
        ("tenhou-sanma-east", Config::TENHOU_SANMA_EAST),
        ("mahjong-soul", Config::MAHJONG_SOUL),
        ("mahjong-soul-sanma", Config::MAHJONG_SOUL_SANMA),
    ];

    /// The preset named `name`, if there is one.
    pub fn preset(name: &str) -> Option<Config> {
        Config::PRESETS.iter().find(|(n, _)| *n == name).map(|&(_, c)| c)
    }

    /// Checks every field: [`Error::InvalidConfig`] naming the first one out of range (`rounds` 1–16,
    /// points positive multiples of 100 below 1,000,000, the score config's own check).
    pub fn validate(&self) -> Result<(), Error> {
        if self.score.validate().is_err() {
            return Err(Error::InvalidConfig {
                why: reason!("score config: double-wind pair fu must be 2 or 4"),
            });
        }
        if !(1..=16).contains(&self.rounds) {
            return Err(Error::InvalidConfig {
                why: reason!("rounds must be 1-16"),
            });
        }
        let points_ok = |p: i32| (100..1_000_000).contains(&p) && p % 100 == 0;
        if !points_ok(self.start_points) {
            return Err(Error::InvalidConfig {
                why: reason!("start points must be a multiple of 100 in 100-999900"),
            });
        }
        if !points_ok(self.target_points) {
            return Err(Error::InvalidConfig {
                why: reason!("target points must be a multiple of 100 in 100-999900"),
            });
        }
        Ok(())
    }
}

impl Default for Config {
    /// [`Config::TENHOU`].
    fn default() -> Config {
        Config::TENHOU
    }
}

/// The match context a round starts in: round wind, dealer, honba, riichi sticks on the table
/// and the four seats' points (as a Tenhou record's round header gives them).
///
/// ```
/// use parlor_core::mahjong::{Config, Start};
/// use parlor_core::mahjong::score::Wind;
/// use parlor_core::game::Seat;
/// let start = Start::first(&Config::TENHOU);
/// assert_eq!((start.round_wind, start.dealer, start.honba, start.sticks), (Wind::East, Seat(0), 0, 0));
/// assert_eq!(start.scores, [25_000; 4]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, FromZeros, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Start {
    /// The round wind (East for East 1–4, South for South 1–4, …).
    pub round_wind: Wind,
    /// The dealer's seat (0–3); its seat wind is East, the next seat's South, …
    pub dealer: Seat,
    /// Honba (repeat counters): 300 points per counter to a win, +1 after a dealer repeat or a
    /// draw.
    pub honba: u8,
    /// Riichi sticks already on the table (1000 each), collected by the next winner.
    pub sticks: u8,
    /// Each seat's points at the start of the round (seat order, not wind order).
    pub scores: [i32; SEATS],
}

impl Start {
    /// East 1 of a match: dealer seat 0, no honba or sticks, every seat at
    /// [`Config::start_points`].
    pub const fn first(config: &Config) -> Start {
        let p = config.start_points;
        Start {
            round_wind: Wind::East,
            dealer: Seat(0),
            honba: 0,
            sticks: 0,
            // Three players: seat 3 is absent and holds no points.
            scores: [p, p, p, if config.score.three_player { 0 } else { p }],
        }
    }

    /// The round's number as Tenhou counts it: `round_wind × 4 + dealer` (East 1 = 0, South 4 =
    /// 7, West 1 = 8).
    pub const fn kyoku(&self) -> u8 {
        (self.round_wind.code() & 3)
            .wrapping_mul(4)
            .wrapping_add(self.dealer.0 & 3)
    }

    /// The seat wind of `seat` (East for the dealer) at a four-player table.
    pub fn seat_wind(&self, seat: Seat) -> Wind {
        // Seat numbers are taken modulo 4 (a seat above 3 is no seat of the table; the round
        // never asks for one): every offset is a wind.
        Wind::of_turn(seat.0.wrapping_add(4).wrapping_sub(self.dealer.0 & 3))
    }

    /// The seat wind of `seat` at a table of `players` seats (3 or 4): East for the dealer, then
    /// South, West (and North with four). With three players seat 3 is absent (its answer is
    /// North, a wind nobody has).
    pub fn seat_wind_in(&self, seat: Seat, players: u8) -> Wind {
        if players == 3 && seat.0 < 3 {
            Wind::of_turn(seat.0.wrapping_add(3).wrapping_sub(self.dealer.0 % 3) % 3)
        } else {
            self.seat_wind(seat)
        }
    }

    /// Checks the fields: [`Error::BadDeal`] for a dealer above 3 or points not a multiple of
    /// 100 or beyond ±10,000,000.
    pub fn validate(&self) -> Result<(), Error> {
        if self.dealer.0 > 3 {
            return Err(Error::BadDeal {
                why: reason!("dealer seat above 3"),
            });
        }
        for &s in &self.scores {
            if s % 100 != 0 || !(-10_000_000..=10_000_000).contains(&s) {
                return Err(Error::BadDeal {
                    why: reason!("points must be multiples of 100 within 10,000,000"),
                });
            }
        }
        Ok(())
    }
}

/// How the tiles of a round are dealt: a seed, or the whole wall (the [module docs](self) give
/// the layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deal {
    /// The 136 ids in increasing order shuffled by [`game::shuffle`](crate::game::shuffle) with
    /// [`Rng::new(seed)`](crate::game::Rng::new), used as the wall. The same seed deals the same
    /// wall in every version.
    Seeded(u64),
    /// The wall in the documented layout: 136 ids, each exactly once.
    Given {
        /// The wall: deal, live wall, replacement tiles, dora and ura indicators.
        wall: [u8; TILE_IDS],
    },
}

/// What a seat does. Tile fields are ids (`0..136`) of tiles in the seat's closed hand, except
/// [`Action::Ankan`]'s kind.
///
/// ```
/// use parlor_core::mahjong::Action;
/// let a: Action = "chii 12 17".parse().unwrap();
/// assert_eq!(a, Action::Chii { tiles: [12, 17] });
/// assert_eq!(a.to_string(), "chii 12 17");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// On turn: discard `tile`.
    Discard {
        /// The id discarded.
        tile: u8,
    },
    /// On turn: declare riichi, discarding `tile` (closed hand, tenpai after the discard, at
    /// least 1000 points, at least 4 live tiles left). The stick is put down when the discard
    /// is not won on.
    Riichi {
        /// The id discarded.
        tile: u8,
    },
    /// On turn: win on the tile just drawn (self-draw); needs a yaku.
    Tsumo,
    /// On turn: a closed kan of the four tiles of `kind` in hand (after riichi only when it keeps
    /// the waits and uses the drawn tile).
    Ankan {
        /// The kind (all four copies are in the hand).
        kind: Tile,
    },
    /// On turn: add `tile` to the seat's pon of its kind (an added kan; other seats may rob it).
    Kakan {
        /// The id added from the hand.
        tile: u8,
    },
    /// On the seat's first uninterrupted draw with nine or more kinds of terminals and honors:
    /// abort the round ([`Config::abort_nine_terminals`]).
    Kyuushu,
    /// Three players only, on turn after a draw: set a North aside as dora (nukidora, kita) and
    /// draw a replacement tile; the other seats may first win on it (ron, no chankan). The North
    /// set aside is the drawn tile when it is one (after riichi only then), else the lowest
    /// North id in the hand.
    Kita,
    /// In a call window: win on the discard (or rob the kan).
    Ron,
    /// In a call window: pon the discard with `tiles` from the hand.
    Pon {
        /// The two ids from the hand (ascending).
        tiles: [u8; 2],
    },
    /// In a call window: open kan (daiminkan) on the discard with the three tiles of its kind in
    /// the hand.
    Kan,
    /// In a call window, the next seat only: chii the discard with `tiles` from the hand.
    Chii {
        /// The two ids from the hand (ascending).
        tiles: [u8; 2],
    },
    /// In a call window: do not call.
    Pass,
}

/// The verbs of [`Action`]'s text, by [`Action::to_code`]'s code byte less 1.
const VERBS: [&str; 12] = [
    "discard", "riichi", "tsumo", "ankan", "kakan", "kyuushu", "ron", "pon", "kan", "chii", "pass", "kita",
];

/// How many tile ids follow the verb of a code byte (the closed kan's kind aside).
const fn ids_after(code: u8) -> usize {
    match code {
        1 | 2 | 5 => 1,
        8 | 10 => 2,
        _ => 0,
    }
}

impl fmt::Display for Action {
    /// The replay-log form: `discard 12`, `riichi 12`, `tsumo`, `ankan 5m`, `kakan 17`,
    /// `kyuushu`, `kita`, `ron`, `pon 17 18`, `kan`, `chii 12 17`, `pass` (numbers are tile ids).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The verb by the action's code, then its ids by `Dec` (no `core::fmt` integer
        // machinery): one table, not a format per verb.
        use crate::notation::Dec;
        let [code, a, b] = self.to_code();
        f.write_str(
            VERBS
                .get(usize::from(code).wrapping_sub(1))
                .copied()
                .unwrap_or_default(),
        )?;
        if let Action::Ankan { kind } = self {
            f.write_str(" ")?;
            return fmt::Display::fmt(kind, f);
        }
        for &id in prefix(&[a, b], ids_after(code)) {
            f.write_str(" ")?;
            fmt::Display::fmt(&Dec::from(id), f)?;
        }
        Ok(())
    }
}

impl core::str::FromStr for Action {
    type Err = Error;

    /// The [`Display`](fmt::Display) form back. Errors: [`Error::UnknownAction`] naming what
    /// is not understood.
    fn from_str(text: &str) -> Result<Action, Error> {
        let mut words = text.split_ascii_whitespace();
        let verb = words.next().ok_or(Error::UnknownAction {
            why: reason!("empty action"),
        })?;
        let Some(at) = VERBS.iter().position(|v| *v == verb) else {
            return Err(Error::UnknownAction {
                why: reason!("unknown verb"),
            });
        };
        let code = (at as u8).wrapping_add(1);
        let mut args = [0u8; 2];
        if let Action::Ankan { .. } = Action::from_code([code, 0, 0]).unwrap_or(Action::Pass) {
            let kind = words
                .next()
                .and_then(|w| w.parse::<super::Hand>().ok())
                .filter(|h| h.len() == 1)
                .and_then(|h| h.tiles().next())
                .ok_or(Error::UnknownAction {
                    why: reason!("expected a tile kind like 5m"),
                })?;
            args[0] = kind.index() as u8;
        }
        for slot in args.iter_mut().take(ids_after(code)) {
            *slot = words
                .next()
                .and_then(super::notation::parse_u8)
                .filter(|&id| usize::from(id) < TILE_IDS)
                .ok_or(Error::UnknownAction {
                    why: reason!("expected a tile id 0-135"),
                })?;
        }
        if words.next().is_some() {
            return Err(Error::UnknownAction {
                why: reason!("trailing text"),
            });
        }
        let [a, b] = args;
        // Every field checked above: the code is known, the ids below 136, the kind a tile.
        Action::from_code([code, a, b]).map_err(|_| Error::UnknownAction {
            why: reason!("unknown verb"),
        })
    }
}

/// Where a round is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// `seat` holds `3n+2` tiles and must act (discard, riichi, tsumo, kan, kyuushu).
    Turn {
        /// The seat on turn.
        seat: Seat,
    },
    /// `discarder` discarded `tile`: the seats that may call answer.
    Calls {
        /// The seat that discarded.
        discarder: Seat,
        /// The discarded id.
        tile: u8,
    },
    /// `seat` added `tile` to a pon (or made a closed kan a thirteen-orphans hand may rob, or set
    /// a North aside): the seats that may rob it answer ron or pass.
    Chankan {
        /// The seat that made the kan.
        seat: Seat,
        /// The id added (for a closed kan: one of its four).
        tile: u8,
    },
    /// The round is over ([`Round::outcome`]).
    Over,
}

/// A called (or closed-kan) meld on the table, by tile ids. Plain bytes (`repr(C)`, 7 bytes, held
/// in place in a round): the called id and the seat it came from are `0xFF` when there is none
/// ([`TableMeld::called`], [`TableMeld::from`] read them as options).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, FromZeros, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct TableMeld {
    /// Chii, pon, open kan, added kan or closed kan.
    pub kind: MeldKind,
    /// The ids, ascending (three; four for a kan).
    pub tiles: [u8; 4],
    /// The id taken from a discard (for an added kan: the pon's called tile); `0xFF` for a
    /// closed kan.
    pub called: u8,
    /// The seat the called tile came from; `0xFF` for a closed kan.
    pub from: u8,
}

impl Default for TableMeld {
    /// A closed kan of ids 0 (the unused slots of a round's melds): nothing called.
    fn default() -> TableMeld {
        TableMeld {
            kind: MeldKind::default(),
            tiles: [0; 4],
            called: NONE,
            from: NONE,
        }
    }
}

impl TableMeld {
    /// The id taken from a discard (for an added kan: the pon's called tile); `None` for a closed
    /// kan.
    pub const fn called(&self) -> Option<u8> {
        if self.called == NONE { None } else { Some(self.called) }
    }

    /// The seat the called tile came from; `None` for a closed kan.
    pub const fn from(&self) -> Option<Seat> {
        if self.from == NONE { None } else { Some(Seat(self.from)) }
    }

    /// The meld's tiles (3 or 4 ids).
    pub fn tiles(&self) -> &[u8] {
        let [three @ .., _] = &self.tiles;
        if self.kind.is_kan() { &self.tiles } else { three }
    }
}

/// One discard in the round's public log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Discard {
    /// Who discarded.
    pub seat: Seat,
    /// The id.
    pub tile: u8,
    /// The tile just drawn was discarded (tsumogiri).
    pub tsumogiri: bool,
    /// The riichi declaration discard.
    pub riichi: bool,
    /// Another seat called it (it left the pond).
    pub called: bool,
}

/// A call made when a window resolved (see [`Event::called`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Call {
    /// The seat that called.
    pub seat: Seat,
    /// The meld made.
    pub meld: TableMeld,
}

/// What an applied action did, besides the action itself. The round draws automatically, so one
/// action can also close a window, make a call, draw a tile, reveal a dora and end the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Event {
    /// The call the window resolved into (pon, open kan, chii), or the closed / added kan the
    /// action made.
    pub called: Option<Call>,
    /// A riichi accepted: this seat's stick was put down (its discard passed).
    pub riichi: Option<Seat>,
    /// New dora indicators revealed (ids), in order: after a closed kan at once, after an open or
    /// added kan when the kan's seat discards or its next kan stands (nobody robbed it), before
    /// that kan's replacement draw (Tenhou).
    pub dora: [Option<u8>; 2],
    /// The tile drawn automatically after the action, and who drew it (the next seat after a
    /// discard nobody called, or the kan's seat drawing its replacement). Hidden from the other
    /// seats' observations.
    pub drew: Option<(Seat, u8)>,
    /// A call window opened ([`Phase::Calls`] or [`Phase::Chankan`]).
    pub window: bool,
    /// The round ended ([`Round::outcome`] is `Some`).
    pub over: bool,
}

/// Why an abortive draw happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Abort {
    /// Nine kinds of terminals and honors declared on a first draw (kyuushu kyuuhai).
    NineTerminals,
    /// The four first discards were the same wind (suufon renda).
    FourWinds,
    /// A fourth riichi was accepted (suucha riichi).
    FourRiichi,
    /// A fourth kan by two or more seats (suukaikan).
    FourKans,
    /// Three seats called ron on one discard (sanchahou).
    TripleRon,
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// One or more wins ([`Outcome::wins`]).
    Win,
    /// The live wall ran out (exhaustive draw, ryuukyoku); tenpai payments per
    /// [`Outcome::tenpai`].
    Exhaustive,
    /// The live wall ran out and one or more seats had nagashi mangan (paid instead of tenpai
    /// payments).
    Nagashi,
    /// An abortive draw.
    Abort(Abort),
}

/// One win of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Agari {
    /// The winner.
    pub winner: Seat,
    /// The discarder (or the kan's seat on a chankan); `None` on a tsumo.
    pub from: Option<Seat>,
    /// The seat liable under pao, if any.
    pub pao: Option<Seat>,
    /// The winning tile's id.
    pub tile: u8,
    /// The hand's value (its payment includes the honba the win was paid with).
    pub value: HandValue,
    /// The points each seat gains (+) or pays (−) for this win: hand, honba and the sticks
    /// collected.
    pub deltas: [i32; SEATS],
}

/// The end of a round: why, the wins, and every payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// How the round ended.
    pub end: End,
    /// The wins (`[Some, None, None]` for one winner; several on a double ron, nearest to the
    /// discarder first; all `None` for a draw).
    pub wins: [Option<Agari>; 3],
    /// Each seat's score change in the round, as Tenhou records it: wins, honba, sticks collected
    /// by the winner, tenpai payments, nagashi mangan — WITHOUT the 1000 a riichi declarer put
    /// down this round (see [`Outcome::riichi`]). So the next round's points are
    /// `start + deltas − 1000 × riichi`.
    pub deltas: [i32; SEATS],
    /// Seats whose riichi stick was put down this round.
    pub riichi: [bool; SEATS],
    /// Seats tenpai at an exhaustive draw (all `false` otherwise).
    pub tenpai: [bool; SEATS],
    /// The honba this round was played with.
    pub honba: u8,
    /// Riichi sticks left on the table after the round (carried to the next one): 0 after a win.
    pub sticks: u8,
    /// Whether the dealer keeps the seat: the dealer won, was tenpai at an exhaustive draw, or
    /// the round was aborted.
    pub dealer_repeats: bool,
    /// Each seat's points after the round: `start + deltas − 1000 × riichi`.
    pub scores: [i32; SEATS],
    /// The seats at the table (3 or 4; with three, seat 3's entries are 0).
    pub players: u8,
}

/// One hand of Riichi (see the [module docs](self)): a plain fixed-size value, [`ROUND_BYTES`]
/// bytes; copying it is the undo.
///
/// ```
/// use parlor_core::game::bot::lowest_legal_action;
/// use parlor_core::mahjong::{Config, Deal, Round};
/// let mut round = Round::new(&Config::TENHOU, &Deal::Seeded(7))?;
/// while let Some(seat) = round.to_act() {
///     let action = lowest_legal_action(&round, seat).unwrap();
///     round.apply(seat, action)?;
/// }
/// let outcome = round.outcome().unwrap();
/// assert_eq!(outcome.deltas.iter().sum::<i32>() % 1000, 0);
/// # Ok::<(), parlor_core::mahjong::Error>(())
/// ```
#[derive(Debug, PartialEq, Eq, Hash, FromZeros, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Round {
    // `repr(C)` without a padding byte (held in place by the C ABI, `game::Round::raw_ref`): the
    // 8-byte fields first, then the 4-byte ones, then bytes; every field an integer, a flag or
    // a byte enum, checked by zerocopy and [`Round::held_ok`].
    /// Each seat's closed tiles as a set of ids (bit `id`; kind `k` is the nibble `4k..4k+4`).
    pub(super) hands: [Bits; SEATS],
    /// Kinds the actor may not discard (kuikae), bit per kind.
    pub(super) kuikae: u64,
    /// Each seat's waits (bit per kind) as a cache, a function of the state
    /// ([`Round::fresh_waits`]): of its hand, or of its hand less the drawn tile on turn, or 0
    /// while it holds `3n+2` tiles otherwise. Not in the byte form (recomputed).
    pub(super) waits: [u64; SEATS],
    pub(super) start: Start,
    pub(super) deltas: [i32; SEATS],
    pub(super) config: Config,
    pub(super) wall: [u8; TILE_IDS],
    pub(super) melds: [[TableMeld; 4]; SEATS],
    pub(super) meld_counts: [u8; SEATS],
    /// The discards in order (ids) and their flags ([`POND_SEAT`], [`POND_TSUMOGIRI`], …).
    pub(super) pond: [u8; MAX_DISCARDS],
    pub(super) pond_flags: [u8; MAX_DISCARDS],
    pub(super) pond_len: u8,
    /// Live-wall draws taken (from `wall[52]` on).
    pub(super) draws: u8,
    /// Kans made (replacement tiles taken from `wall[122]` on).
    pub(super) kans: u8,
    /// Dora indicators revealed (1–5).
    pub(super) dora: u8,
    /// An open or added kan's dora waits for the kan seat's discard or its next kan standing.
    pub(super) dora_pending: bool,
    pub(super) phase: u8,
    /// The seat on turn, the discarder (calls) or the kan's seat (chankan).
    pub(super) actor: u8,
    /// The discard or the kan tile in a window.
    pub(super) window_tile: u8,
    /// A chankan window robs a closed kan (thirteen orphans only).
    pub(super) window_ankan: bool,
    /// A chankan window is on a North set aside (three players; a ron there is no chankan).
    pub(super) window_kita: bool,
    /// The tile the actor just drew ([`NONE`] after a call).
    pub(super) drawn: u8,
    /// The drawn tile is a kan replacement.
    pub(super) rinshan: bool,
    /// Answers collected in the window, as [`Action::to_code`] (`[0; 3]`: none yet).
    pub(super) answers: [[u8; 3]; SEATS],
    /// Seats still to answer (bit per seat).
    pub(super) pending: u8,
    /// 0 no riichi, 1 riichi, 2 double riichi (stick down).
    pub(super) riichi: [u8; SEATS],
    /// The riichi declared on the discard in the window: 0 none, 1 riichi, 2 double.
    pub(super) riichi_declared: u8,
    pub(super) ippatsu: u8,
    pub(super) furiten_temp: u8,
    pub(super) furiten_riichi: u8,
    /// Seats that have not discarded yet.
    pub(super) first: u8,
    /// A call or kan has happened.
    pub(super) interrupted: bool,
    pub(super) kan_counts: [u8; SEATS],
    /// The Norths each seat set aside (three players): bit `c` is id `120 + c`.
    pub(super) nuki: [u8; SEATS],
    /// Pao: the liable seat + 1 per seat (0 none).
    pub(super) pao: [u8; SEATS],
    /// How the round ended (valid in [`PHASE_OVER`]).
    pub(super) end: u8,
    pub(super) winners: [WinRecord; 3],
    pub(super) winner_count: u8,
    pub(super) tenpai: u8,
    pub(super) nagashi: u8,
    /// Always 0 (checked by [`Round::held_ok`]): the size a multiple of 8 without padding.
    pub(super) pad: [u8; ROUND_PAD],
}

/// A window answer not given yet (`Round::answers`).
/// A copy of every field at once (each one `Copy`): one block copy, not the derive's copy per
/// field (`clone_is_every_field` compares).
impl Clone for Round {
    fn clone(&self) -> Round {
        Round { ..*self }
    }
}

pub(super) const NO_ANSWER: [u8; 3] = [0; 3];

/// The explicit padding bytes at the end of [`Round`].
pub(super) const ROUND_PAD: usize = 4;

/// A set of tile ids: bit `id` of the 192 (136 used).
pub(super) type Bits = [u64; 3];

/// The record of one win kept in the round (its value is recomputed by [`Round::outcome`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub(super) struct WinRecord {
    pub(super) seat: u8,
    /// The discarder or kan seat; [`NONE`] for a tsumo.
    pub(super) from: u8,
    pub(super) tile: u8,
    pub(super) flags: u8,
}

pub(super) const NONE: u8 = 0xFF;
pub(super) const PHASE_TURN: u8 = 0;
pub(super) const PHASE_CALLS: u8 = 1;
pub(super) const PHASE_CHANKAN: u8 = 2;
pub(super) const PHASE_OVER: u8 = 3;
pub(super) const POND_SEAT: u8 = 0b11;
pub(super) const POND_TSUMOGIRI: u8 = 1 << 2;
pub(super) const POND_RIICHI: u8 = 1 << 3;
pub(super) const POND_CALLED: u8 = 1 << 4;
pub(super) const WIN_RINSHAN: u8 = 1;
pub(super) const WIN_CHANKAN: u8 = 1 << 1;
pub(super) const WIN_HAITEI: u8 = 1 << 2;
pub(super) const WIN_HOUTEI: u8 = 1 << 3;
pub(super) const WIN_BLESSING: u8 = 1 << 4;
pub(super) const WIN_IPPATSU: u8 = 1 << 5;
pub(super) const WIN_HONBA: u8 = 1 << 6;
pub(super) const END_WIN: u8 = 0;
pub(super) const END_EXHAUSTIVE: u8 = 1;
pub(super) const END_NAGASHI: u8 = 2;
pub(super) const END_ABORT: u8 = 3; // + the abort's code 0..5

impl Round {
    /// East 1 of a match ([`Start::first`]) dealt by `deal`. Errors: [`Error::InvalidConfig`],
    /// [`Error::BadDeal`] (a given wall that is not each id once).
    pub fn new(config: &Config, deal: &Deal) -> Result<Round, Error> {
        Round::with_start(config, deal, &Start::first(config))
    }

    /// A round in the context `start` (round wind, dealer, honba, sticks, points) dealt by
    /// `deal`; the dealer has drawn its fourteenth tile. Errors: [`Error::InvalidConfig`],
    /// [`Error::BadDeal`].
    #[inline(never)]
    pub fn with_start(config: &Config, deal: &Deal, start: &Start) -> Result<Round, Error> {
        // Dealt in place ([`Round::with_start_in`]: the wall in a frame of its own, not beside
        // the round while the waits are worked out) and copied out once.
        let mut place = MaybeUninit::uninit();
        Round::with_start_in(&mut place, config, deal, start).map(|round| round.clone())
    }

    /// [`Round::with_start`] into `place` (the caller's frame): no round-sized result moved
    /// through the calls.
    pub fn with_start_in<'p>(
        place: &'p mut MaybeUninit<Round>,
        config: &Config,
        deal: &Deal,
        start: &Start,
    ) -> Result<&'p mut Round, Error> {
        let round = Round::checked_dealt_to(place, config, deal, start)?;
        round.refresh_waits();
        Ok(round)
    }

    /// East 1 of a match ([`Start::first`]) dealt by seed `seed` into `place` without the waits
    /// cache, in a frame of its own: the deal (a [`Deal`] is as large as a wall) and the start
    /// are not on the stack while the caller works out the waits (`game::Round::seeded_in`).
    #[inline(never)]
    pub(super) fn seeded_to<'p>(
        place: &'p mut MaybeUninit<Round>,
        config: &Config,
        seed: u64,
    ) -> Result<&'p mut Round, Error> {
        Round::checked_dealt_to(place, config, &Deal::Seeded(seed), &Start::first(config))
    }

    /// [`Round::with_start_in`]'s checked wall dealt into `place` without the waits cache, in a
    /// frame of its own: the wall is not on the stack while the waits are worked out.
    #[inline(never)]
    fn checked_dealt_to<'p>(
        place: &'p mut MaybeUninit<Round>,
        config: &Config,
        deal: &Deal,
        start: &Start,
    ) -> Result<&'p mut Round, Error> {
        let mut wall = [0u8; TILE_IDS];
        Round::checked_wall(config, deal, start, &mut wall)?;
        Ok(Round::dealt_to(place, config, start, &wall))
    }

    /// The wall of a round in the context `start` dealt by `deal`, the config, the start and
    /// the deal checked ([`Round::with_start`]'s errors), written into `wall` (not returned: no
    /// second wall in the caller's frame).
    pub(super) fn checked_wall(
        config: &Config,
        deal: &Deal,
        start: &Start,
        wall: &mut [u8; TILE_IDS],
    ) -> Result<(), Error> {
        config.validate()?;
        start.validate()?;
        *wall = match deal {
            Deal::Seeded(seed) if config.score.three_player => seeded_wall_sanma(*seed),
            Deal::Seeded(seed) => seeded_wall(*seed),
            Deal::Given { wall } => {
                check_wall_for(wall, config)?;
                *wall
            }
        };
        if start.dealer.0 >= Layout::of(config.score.three_player).seats {
            return Err(Error::BadDeal {
                why: reason!("the dealer is no seat of the table"),
            });
        }
        Ok(())
    }

    /// The config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Whether held bytes are a round this library could hold (the check after zerocopy's, which
    /// has seen every enum and flag byte, when the C ABI views its state bytes as a round): the
    /// config and the start valid ([`Config::validate`], [`Start::validate`]), the padding 0,
    /// every hand within ids 0..136, every stored window answer an action's code or none, the
    /// counts within their arrays (melds, discards, dora indicators, wins), the kan and North
    /// counts in a nibble each and at most one window kind. What [`Round::decode_trusted`]
    /// checks of a byte form but a hand's size (at most 14: [`Round::encode`] refuses a longer
    /// hand, as the decode does), each field in O(1) (no decode): bytes that pass give a round
    /// this library's calls answer without a panic, and a byte form ([`Round::encode`]) that
    /// decodes to the same round, or an [`Error::InvalidState`].
    pub fn held_ok(&self) -> bool {
        // Each hand within ids 0..136; its size (at most 14) is not counted here: no reading
        // needs it (every read is checked, so a longer forged hand gives wrong answers, never a
        // panic), and the one whose answer would not round-trip, `encode`, refuses such a hand
        // itself. Counting it cost 340 of the 6,000 instructions of every C `apply` on a
        // Cortex-M4 (four 64-bit population counts per hand).
        let hands_ok = self.hands.iter().all(|h| h[2] >> (TILE_IDS - 128) == 0);
        let answers_ok = self
            .answers
            .iter()
            .all(|&code| code == NO_ANSWER || Action::from_code(code).is_ok());
        let nibbles = u32::from_ne_bytes(self.kan_counts) | u32::from_ne_bytes(self.nuki);
        self.config.validate().is_ok()
            && self.start.validate().is_ok()
            && self.pad == [0; ROUND_PAD]
            && hands_ok
            && answers_ok
            && self.meld_counts.iter().all(|&n| n <= 4)
            && usize::from(self.pond_len) <= MAX_DISCARDS
            && (1..=5).contains(&self.dora)
            && self.winner_count <= 3
            && nibbles & 0xF0F0_F0F0 == 0
            && !(self.window_ankan && self.window_kita)
    }

    /// The answer `seat` gave in the open window (`None`: none yet, or no seat of the table).
    pub(super) fn answer(&self, seat: u8) -> Option<Action> {
        let code = *self.answers.get(usize::from(seat))?;
        if code == NO_ANSWER {
            return None;
        }
        Action::from_code(code).ok()
    }

    /// The context the round started in.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// Where the round is.
    pub fn phase(&self) -> Phase {
        match self.phase {
            PHASE_TURN => Phase::Turn { seat: Seat(self.actor) },
            PHASE_CALLS => Phase::Calls {
                discarder: Seat(self.actor),
                tile: self.window_tile,
            },
            PHASE_CHANKAN => Phase::Chankan {
                seat: Seat(self.actor),
                tile: self.window_tile,
            },
            _ => Phase::Over,
        }
    }

    /// The seat to act: the seat on turn, or in a call window the first seat (in turn order from
    /// the discarder) that has not answered yet; `None` once the round is over.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            PHASE_TURN => Some(Seat(self.actor)),
            PHASE_CALLS | PHASE_CHANKAN => (1..self.players())
                .map(|k| self.next_seat(self.actor, k))
                .find(|&s| self.pending & (1 << s) != 0)
                .map(Seat),
            _ => None,
        }
    }

    /// Whether `seat` may act now: the seat on turn, or a seat that may call and has not answered
    /// the open window.
    pub fn may_act(&self, seat: Seat) -> bool {
        match self.phase {
            PHASE_TURN => seat.0 == self.actor,
            PHASE_CALLS | PHASE_CHANKAN => seat.0 < 4 && self.pending & (1 << seat.0) != 0,
            _ => false,
        }
    }

    /// Every legal action of `seat` now, in a fixed order: on turn — discards (ascending id),
    /// riichi discards (ascending), tsumo, closed kans (ascending kind), added kans (ascending
    /// id), kyuushu; in a window — pass, ron, pon (ascending id pairs), kan, chii (ascending id
    /// pairs). Nothing when `seat` may not act. (So the first action is always the most passive
    /// one: a discard or a pass.)
    pub fn for_each_legal_action(&self, seat: Seat, mut visit: impl FnMut(Action)) {
        if !self.may_act(seat) {
            return;
        }
        match self.phase {
            PHASE_TURN => self.turn_actions(&mut visit),
            PHASE_CALLS => {
                visit(Action::Pass);
                self.call_actions(seat.0, &mut visit);
            }
            PHASE_CHANKAN => {
                visit(Action::Pass);
                if self.can_ron(seat.0, self.window_tile, true) {
                    visit(Action::Ron);
                }
            }
            _ => {}
        }
    }

    /// How many legal actions `seat` has now (as many as [`Round::for_each_legal_action`]
    /// lists): the discards counted as a set, only the rarer actions after them enumerated.
    pub fn count_legal_actions(&self, seat: Seat) -> usize {
        if !self.may_act(seat) {
            return 0;
        }
        let mut total = match self.phase {
            PHASE_TURN => usize::from(bits_len(&self.discard_set())),
            PHASE_CALLS | PHASE_CHANKAN => 1, // the pass
            _ => 0,
        };
        let mut tally = |_: Action| total = total.saturating_add(1);
        match self.phase {
            PHASE_TURN => self.turn_extras(&mut tally),
            PHASE_CALLS => self.call_actions(seat.0, &mut tally),
            PHASE_CHANKAN if self.can_ron(seat.0, self.window_tile, true) => tally(Action::Ron),
            _ => {}
        }
        total
    }

    /// The legal action of index `n` (from 0) in the order of
    /// [`Round::for_each_legal_action`]; `None` past the last. A discard is found in the set
    /// of discards and a window's pass at once, without computing the other actions.
    pub fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        if !self.may_act(seat) {
            return None;
        }
        // The actions before the enumerated block: the discards, or the window's pass.
        let skipped = match self.phase {
            PHASE_TURN => {
                let discards = self.discard_set();
                if let Some(tile) = nth_id(&discards, n) {
                    return Some(Action::Discard { tile });
                }
                usize::from(bits_len(&discards))
            }
            PHASE_CALLS | PHASE_CHANKAN if n == 0 => return Some(Action::Pass),
            PHASE_CALLS | PHASE_CHANKAN => 1,
            _ => return None,
        };
        let mut nth = Countdown::new(n.checked_sub(skipped)?);
        // These walks do not stop: the actions past the one found are let go.
        let mut take = |action: Action| {
            if nth.found.is_none() {
                let _ = nth.take(action);
            }
        };
        match self.phase {
            PHASE_TURN => self.turn_extras(&mut take),
            PHASE_CALLS => self.call_actions(seat.0, &mut take),
            _ => {
                if self.can_ron(seat.0, self.window_tile, true) {
                    take(Action::Ron);
                }
            }
        }
        nth.found
    }

    /// Writes the first `min(total, out.len())` legal actions of `seat` into `out` and returns
    /// the total (at most [`MAX_ACTIONS`]).
    pub fn legal_actions(&self, seat: Seat, out: &mut [Action]) -> usize {
        let mut total = 0usize;
        self.for_each_legal_action(seat, |action| {
            if let Some(slot) = out.get_mut(total) {
                *slot = action;
            }
            total = total.saturating_add(1);
        });
        total
    }

    /// Whether `action` is legal for `seat` now (exactly when [`Round::for_each_legal_action`]
    /// lists it).
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        // The two commonest actions are checked directly (the same rules as the enumeration).
        match action {
            Action::Discard { tile } if self.phase == PHASE_TURN => {
                return seat.0 == self.actor && self.discard_ok(tile);
            }
            Action::Pass if matches!(self.phase, PHASE_CALLS | PHASE_CHANKAN) => return self.may_act(seat),
            _ => {}
        }
        let mut found = false;
        self.for_each_legal_action(seat, |a| found |= a == action);
        found
    }

    /// Takes `action` for `seat` and everything that follows automatically (closing the window,
    /// the call, the next draw, a new dora, the end). Errors, with the round unchanged:
    /// [`Error::NoSuchSeat`] (three players: seat 3 too), [`Error::RoundOver`], [`Error::NotYourTurn`],
    /// [`Error::IllegalAction`].
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        // Seat 3 is no seat of a three-player table.
        if seat.0 >= self.players() {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        if self.phase == PHASE_OVER {
            return Err(Error::RoundOver);
        }
        if !self.may_act(seat) {
            return Err(Error::NotYourTurn { seat: seat.0 });
        }
        if !self.is_legal(seat, action) {
            return Err(Error::IllegalAction {
                why: reason!(self.why_illegal(seat.0, action)),
            });
        }
        let mut event = Event::default();
        self.act(seat.0, action, &mut event)?;
        event.window = matches!(self.phase, PHASE_CALLS | PHASE_CHANKAN);
        event.over = self.phase == PHASE_OVER;
        Ok(event)
    }

    /// The outcome, once the round is over.
    ///
    /// The wins are re-scored from the kept records; they scored when they were made, so this
    /// cannot fail. If it did (a broken invariant, asserted in debug builds) the answer is
    /// `None` rather than a made-up outcome ([`Match::apply`](super::Match::apply) returns
    /// [`Error::Internal`] then).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.phase != PHASE_OVER {
            return None;
        }
        match self.make_outcome() {
            Ok(outcome) => Some(outcome),
            Err(_e) => {
                debug_assert!(false, "mahjong round: the outcome of a finished round failed: {_e:?}");
                None
            }
        }
    }

    /// [`Outcome::deltas`] of the seats at the table (three players: seat 3 is absent) once the
    /// round is over: `Some` exactly when [`Round::outcome`] is (its wins scored, one at a
    /// time), without building the outcome (kilobytes of stack less on a microcontroller).
    pub fn outcome_deltas(&self) -> Option<crate::game::Scores> {
        if self.phase != PHASE_OVER {
            return None;
        }
        match self.outcome_ok() {
            Ok(_) => Some(self.table_deltas()),
            Err(_e) => {
                debug_assert!(false, "mahjong round: the outcome of a finished round failed: {_e:?}");
                None
            }
        }
    }

    /// What `seat` may know ([`Observation`]). Errors: [`Error::NoSuchSeat`] (also seat 3 of three
    /// players).
    pub fn observation(&self, seat: Seat) -> Result<Observation, Error> {
        if seat.0 >= self.players() {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        let drawn = (self.phase == PHASE_TURN && self.actor == seat.0 && self.drawn != NONE).then_some(self.drawn);
        // Built in place (the discards are the bulk): no second copy on the stack.
        let mut obs = Observation {
            seat,
            start: self.start,
            phase: self.phase(),
            may_act: self.may_act(seat),
            hand: [0; 14],
            hand_len: 0,
            drawn,
            hand_counts: [0; SEATS],
            melds: self.melds,
            meld_counts: self.meld_counts,
            discards: [Discard::default(); MAX_DISCARDS],
            discard_count: self.pond_len,
            dora: [0; 5],
            dora_count: self.dora,
            riichi: [false; SEATS],
            scores: self.scores(),
            sticks: self.sticks_on_table(),
            wall_left: self.wall_left(),
            players: self.players(),
            nukidora: [0; SEATS],
        };
        for (n, &mask) in obs.nukidora.iter_mut().zip(self.nuki.iter()) {
            *n = mask.count_ones() as u8;
        }
        for (slot, id) in obs.hand.iter_mut().zip(self.hand(seat)) {
            *slot = id;
            obs.hand_len = obs.hand_len.saturating_add(1);
        }
        for (slot, d) in obs.discards.iter_mut().zip(self.discards()) {
            *slot = d;
        }
        for (slot, &id) in obs.dora.iter_mut().zip(self.dora_indicators()) {
            *slot = id;
        }
        for (count, bits) in obs.hand_counts.iter_mut().zip(self.hands.iter()) {
            *count = bits_len(bits);
        }
        for (r, &state) in obs.riichi.iter_mut().zip(self.riichi.iter()) {
            *r = state != 0;
        }
        Ok(obs)
    }

    /// `seat`'s closed tiles (ids ascending, the drawn tile included; a tile added to a kan in a
    /// chankan window stays in the hand until the window closes).
    /// Nothing for a seat above 3 (no seat of the table holds tiles).
    pub fn hand(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        // A seat above 3 is the caller's input, not a broken invariant: it holds no tiles.
        let bits = self.hands.get(seat.index()).copied().unwrap_or([0; 3]);
        bit_ids(bits)
    }

    /// The tile the seat on turn just drew (`None` after a call, in a window or at the end).
    pub fn drawn(&self) -> Option<u8> {
        (self.phase == PHASE_TURN && self.drawn != NONE).then_some(self.drawn)
    }

    /// `seat`'s melds in the order made (an added kan stays where its pon was); none for a seat
    /// above 3.
    pub fn melds(&self, seat: Seat) -> &[TableMeld] {
        // A seat above 3 is the caller's input (no seat of the table): it has no melds.
        match (self.melds.get(seat.index()), self.meld_counts.get(seat.index())) {
            (Some(melds), Some(&n)) => prefix(melds, usize::from(n)),
            _ => &[],
        }
    }

    /// Every discard of the round in order.
    pub fn discards(&self) -> impl Iterator<Item = Discard> + '_ {
        self.pond
            .iter()
            .zip(self.pond_flags.iter())
            .take(usize::from(self.pond_len))
            .map(|(&tile, &flags)| Discard {
                seat: Seat(flags & POND_SEAT),
                tile,
                tsumogiri: flags & POND_TSUMOGIRI != 0,
                riichi: flags & POND_RIICHI != 0,
                called: flags & POND_CALLED != 0,
            })
    }

    /// The dora indicators revealed so far (ids).
    pub fn dora_indicators(&self) -> &[u8] {
        let [dora, _] = dead_wall(&self.wall, self.layout());
        prefix(dora, usize::from(self.dora))
    }

    /// The ura-dora indicators paired with the revealed dora indicators (hidden information until
    /// the end: never in an [`Observation`]).
    pub fn ura_indicators(&self) -> &[u8] {
        let [_, ura] = dead_wall(&self.wall, self.layout());
        prefix(ura, usize::from(self.dora))
    }

    /// Tiles left to draw in the live wall (`70 − draws − kans`; three players: `55 − draws −
    /// kans − Norths set aside`).
    pub fn wall_left(&self) -> u8 {
        // The layout's one field, not the whole layout chosen and copied.
        let live_draws = if self.config.score.three_player {
            Layout::THREE.live_draws
        } else {
            Layout::FOUR.live_draws
        };
        live_draws
            .saturating_sub(self.draws)
            .saturating_sub(self.replacements())
    }

    /// The seats at the table: 4, or 3 under three-player rules
    /// ([`score::Config::three_player`]; seat 3 is then absent: it holds no tiles and never acts).
    pub fn players(&self) -> u8 {
        if self.config.score.three_player {
            Layout::THREE.seats
        } else {
            Layout::FOUR.seats
        }
    }

    /// How many Norths `seat` has set aside (nukidora; three players only).
    pub fn nukidora(&self, seat: Seat) -> u8 {
        self.nuki.get(seat.index()).map_or(0, |m| m.count_ones() as u8)
    }

    /// Replacement draws taken: kans and Norths set aside.
    pub(super) fn replacements(&self) -> u8 {
        // No North set aside (always with four players): no population to count.
        if u32::from_ne_bytes(self.nuki) == 0 {
            return self.kans;
        }
        let norths = self
            .nuki
            .iter()
            .fold(0u8, |n, m| n.saturating_add(m.count_ones() as u8));
        self.kans.saturating_add(norths)
    }

    /// The wall layout of the round's player count.
    pub(super) fn layout(&self) -> Layout {
        Layout::of(self.config.score.three_player)
    }

    /// Kans made in the round.
    pub fn kans(&self) -> u8 {
        self.kans
    }

    /// The wall the round was dealt from (the documented layout).
    pub fn wall(&self) -> &[u8; TILE_IDS] {
        &self.wall
    }

    /// Whether `seat`'s riichi stick is down (riichi accepted); false for a seat above 3.
    pub fn in_riichi(&self, seat: Seat) -> bool {
        // A seat above 3 is the caller's input (no seat of the table): no stick.
        self.riichi.get(seat.index()).is_some_and(|&r| r != 0)
    }

    /// Riichi sticks on the table now: those of the start and those put down this round (0 once
    /// a win collected them).
    pub fn sticks_on_table(&self) -> u8 {
        if self.phase == PHASE_OVER && self.end == END_WIN {
            return 0;
        }
        self.start.sticks.saturating_add(self.riichi_count())
    }

    /// Each seat's current points: the start points less the riichi sticks put down this round,
    /// plus the round's payments once it is over.
    pub fn scores(&self) -> [i32; SEATS] {
        let mut scores = self.start.scores;
        for ((score, &r), &d) in scores.iter_mut().zip(self.riichi.iter()).zip(self.deltas.iter()) {
            if r != 0 {
                *score = score.saturating_sub(RIICHI_STICK);
            }
            *score = score.saturating_add(d);
        }
        scores
    }

    pub(super) fn riichi_count(&self) -> u8 {
        self.riichi
            .iter()
            .filter(|&&r| r != 0)
            .fold(0u8, |n, _| n.saturating_add(1))
    }
}

/// Where each part of the wall is ([module docs](self)): four players, or three (108 tiles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    /// Seats at the table.
    pub(super) seats: u8,
    /// Where the live wall starts (after the deal, `13 × seats`).
    pub(super) live_at: usize,
    /// Draws in the live wall without replacement draws.
    pub(super) live_draws: u8,
    /// Where the first four replacement tiles are.
    pub(super) rinshan_at: usize,
    /// Where the dora indicators start.
    pub(super) dora_at: usize,
    /// Where the ura indicators start.
    pub(super) ura_at: usize,
    /// The end of the tiles in play (136, or 108).
    pub(super) end: usize,
}

impl Layout {
    /// Four players: the documented 136-id layout.
    pub(super) const FOUR: Layout = Layout {
        seats: 4,
        live_at: LIVE_AT,
        live_draws: LIVE_DRAWS,
        rinshan_at: RINSHAN_AT,
        dora_at: DORA_AT,
        ura_at: URA_AT,
        end: TILE_IDS,
    };
    /// Three players: 108 ids in `wall[0..108]`.
    pub(super) const THREE: Layout = Layout {
        seats: 3,
        live_at: 39,
        live_draws: 55,
        rinshan_at: 94,
        dora_at: 98,
        ura_at: 103,
        end: 108,
    };

    /// The layout of four players, or three when `three`.
    pub(super) const fn of(three: bool) -> Layout {
        if three { Layout::THREE } else { Layout::FOUR }
    }

    /// The wall slot of replacement draw `r` (0-based: kans and Norths in order): the first
    /// four at `rinshan_at..rinshan_at + 4`, the fifth to eighth (three players) from the live
    /// wall's end backwards (`wall[93]`, `wall[92]`, …), which replacement draws shorten.
    pub(super) const fn replacement(&self, r: u8) -> usize {
        let r = r as usize;
        if r < 4 {
            self.rinshan_at.saturating_add(r)
        } else {
            self.rinshan_at.saturating_sub(r.saturating_sub(3))
        }
    }
}

/// Where the live wall starts in the layout.
pub(super) const LIVE_AT: usize = 52;
/// Where the replacement tiles start.
pub(super) const RINSHAN_AT: usize = 122;
/// Where the dora indicators start.
pub(super) const DORA_AT: usize = 126;
/// Where the ura indicators start.
pub(super) const URA_AT: usize = 131;
/// Draws in the live wall without kans.
pub(super) const LIVE_DRAWS: u8 = 70;

/// The dora and the ura-dora indicator rows of a wall (four players: `wall[126..131]`,
/// `wall[131..136]`; three: `wall[98..103]`, `wall[103..108]`).
pub(super) fn dead_wall(wall: &[u8; TILE_IDS], layout: Layout) -> [&[u8]; 2] {
    [
        wall.get(layout.dora_at..layout.ura_at).unwrap_or_default(),
        wall.get(layout.ura_at..layout.end).unwrap_or_default(),
    ]
}

/// The first `n` entries of `array`. `n` is a count every write keeps at most `N` (melds,
/// discards, dora indicators, hand tiles) and decoding checks: a larger one is a broken
/// invariant, asserted in debug builds; release builds then give the whole array rather than
/// panic.
pub(super) fn prefix<T>(array: &[T], n: usize) -> &[T] {
    debug_assert!(n <= array.len(), "a count beyond its array: {n} of {}", array.len());
    array.get(..n).unwrap_or(array)
}

/// A broken invariant of the round engine: a debug assertion, then [`Error::Internal`] (never a
/// value that would read as a rules answer).
pub(super) fn internal(what: &'static str) -> Error {
    debug_assert!(false, "mahjong round: {what}");
    Error::Internal
}

/// Seat `seat`'s entry of a per-seat array. Seats inside the round are `0..4` by construction
/// (turn order is `(seat + k) & 3`, the loops run over `0..4`, the public entry points refuse a
/// seat above 3 with [`Error::NoSuchSeat`] and decoding checks every seat byte), so the mask is
/// a no-op; the debug assertion checks it.
#[allow(clippy::indexing_slicing)] // a proven range: `& 3` into four entries
pub(super) fn at<T>(array: &[T; SEATS], seat: u8) -> &T {
    debug_assert!(seat < 4, "a round seat above 3: {seat}");
    &array[usize::from(seat & 3)]
}

/// [`at`], mutably.
#[allow(clippy::indexing_slicing)] // a proven range: `& 3` into four entries
pub(super) fn at_mut<T>(array: &mut [T; SEATS], seat: u8) -> &mut T {
    debug_assert!(seat < 4, "a round seat above 3: {seat}");
    &mut array[usize::from(seat & 3)]
}

/// The wall of `Deal::Seeded(seed)`.
pub fn seeded_wall(seed: u64) -> [u8; TILE_IDS] {
    let mut wall = [0u8; TILE_IDS];
    for (id, slot) in (0u8..).zip(wall.iter_mut()) {
        *slot = id;
    }
    crate::game::shuffle(&mut wall, &mut crate::game::Rng::new(seed));
    wall
}

/// Whether id `id` is one of the 28 ids three-player Riichi leaves out (`2m`–`8m`, ids 4–31).
pub const fn absent_in_sanma(id: u8) -> bool {
    id >= 4 && id < 32
}

/// The wall of `Deal::Seeded(seed)` under three-player rules: the 108 ids of the set
/// (ascending, `2m`–`8m` left out) shuffled as [`seeded_wall`] shuffles, in `wall[0..108]`;
/// the 28 ids of `2m`–`8m` ascending in `wall[108..136]` (never dealt).
pub fn seeded_wall_sanma(seed: u64) -> [u8; TILE_IDS] {
    let mut wall = [0u8; TILE_IDS];
    let (set, rest) = wall.split_at_mut(Layout::THREE.end);
    for (slot, id) in set
        .iter_mut()
        .zip((0u8..TILE_IDS as u8).filter(|&id| !absent_in_sanma(id)))
    {
        *slot = id;
    }
    for (slot, id) in rest.iter_mut().zip(4u8..32) {
        *slot = id;
    }
    crate::game::shuffle(set, &mut crate::game::Rng::new(seed));
    wall
}

/// Checks a wall for `config`: each id `0..136` once, and with three players no id of `2m`–`8m`
/// in `wall[0..108]`.
pub(super) fn check_wall_for(wall: &[u8; TILE_IDS], config: &Config) -> Result<(), Error> {
    check_wall(wall)?;
    if config.score.three_player && wall.iter().take(Layout::THREE.end).any(|&id| absent_in_sanma(id)) {
        return Err(Error::BadDeal {
            why: reason!("a three-player wall holds 2m-8m in its first 108 ids"),
        });
    }
    Ok(())
}

/// Checks that `wall` holds each id `0..136` once.
pub(super) fn check_wall(wall: &[u8; TILE_IDS]) -> Result<(), Error> {
    let mut seen: Bits = [0; 3];
    for &id in wall {
        if usize::from(id) >= TILE_IDS {
            return Err(Error::BadDeal {
                why: reason!("a tile id above 135"),
            });
        }
        if bits_has(&seen, id) {
            return Err(Error::BadDeal {
                why: reason!("a tile id twice in the wall"),
            });
        }
        bits_insert(&mut seen, id);
    }
    Ok(())
}

pub(super) fn bits_has(bits: &Bits, id: u8) -> bool {
    bits.get(usize::from(id >> 6))
        .is_some_and(|w| w & (1u64 << (id & 63)) != 0)
}

pub(super) fn bits_insert(bits: &mut Bits, id: u8) {
    if let Some(w) = bits.get_mut(usize::from(id >> 6)) {
        *w |= 1u64 << (id & 63);
    }
}

pub(super) fn bits_remove(bits: &mut Bits, id: u8) {
    if let Some(w) = bits.get_mut(usize::from(id >> 6)) {
        *w &= !(1u64 << (id & 63));
    }
}

pub(super) fn bits_len(bits: &Bits) -> u8 {
    bits.iter().map(|w| w.count_ones() as u8).fold(0u8, u8::saturating_add)
}

/// The ids of a set, ascending.
pub(super) fn bit_ids(bits: Bits) -> BitIds {
    BitIds(bits)
}

/// [`bit_ids`]: the lowest id left taken out of the set at each step. One plain iterator (not a
/// `flat_map` over the words, whose adapters were instantiated again for every caller's
/// `filter`, `take` or `count`); the same ids in the same order (`bit_ids_are_the_flat_map_ids`).
#[derive(Clone, Copy, Debug)]
pub(super) struct BitIds(Bits);

impl Iterator for BitIds {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        for (i, word) in (0u8..3).zip(self.0.iter_mut()) {
            if *word != 0 {
                let bit = word.trailing_zeros() as u8;
                *word &= word.wrapping_sub(1);
                return Some(i.wrapping_mul(64).wrapping_add(bit));
            }
        }
        None
    }
}

/// The id of index `n` (from 0) of a set in ascending order (`bit_ids(bits).nth(n)`), found
/// word by word by population count.
pub(super) fn nth_id(bits: &Bits, n: usize) -> Option<u8> {
    let mut left = n;
    for (i, &word) in (0u8..3).zip(bits.iter()) {
        let ones = word.count_ones() as usize;
        if left >= ones {
            left = left.saturating_sub(ones);
            continue;
        }
        let mut w = word;
        for _ in 0..left {
            w &= w.wrapping_sub(1);
        }
        return Some(i.wrapping_mul(64).wrapping_add(w.trailing_zeros() as u8));
    }
    None
}

/// How many ids of kind `kind` (0–33) the set holds.
pub(super) fn kind_count(bits: &Bits, kind: u8) -> u8 {
    // A kind above 47 has no word: the set holds no id of it, 0 is the answer (callers pass 0–33).
    nibble_ones(kind_nibble(bits, kind))
}

/// The nibble of kind `kind` in a set: its four ids as bits 0–3 (0 for a kind above 47, which
/// has no word).
pub(super) fn kind_nibble(bits: &Bits, kind: u8) -> u64 {
    let word = bits.get(usize::from(kind >> 4)).copied().unwrap_or(0);
    (word >> ((kind & 15) << 2)) & 0xF
}

/// The set less every id of kind `kind` (nothing for a kind above 47).
pub(super) fn clear_kind(bits: &mut Bits, kind: u8) {
    if let Some(word) = bits.get_mut(usize::from(kind >> 4)) {
        *word &= !(0xFu64 << ((kind & 15) << 2));
    }
}

/// The set less the lowest id it holds of kind `kind` (nothing when it holds none).
pub(super) fn drop_lowest_of_kind(bits: &mut Bits, kind: u8) {
    if let Some(word) = bits.get_mut(usize::from(kind >> 4)) {
        let nibble = (*word >> ((kind & 15) << 2)) & 0xF;
        *word &= !((nibble & nibble.wrapping_neg()) << ((kind & 15) << 2));
    }
}

/// The population of a nibble (`n` below 16), read from a word of sixteen 4-bit answers.
pub(super) const fn nibble_ones(n: u64) -> u8 {
    ((0x4332_3221_3221_2110u64 >> ((n & 0xF) << 2)) & 0xF) as u8
}

/// The ids of kind `kind` the set holds, ascending.
pub(super) fn kind_ids(bits: &Bits, kind: u8) -> impl Iterator<Item = u8> {
    // As in `kind_count`: no word, no id of the kind.
    let word = bits.get(usize::from(kind >> 4)).copied().unwrap_or(0);
    let nibble = ((word >> ((kind & 15) << 2)) & 0xF) as u8;
    (0u8..4)
        .filter(move |c| nibble & (1 << c) != 0)
        .map(move |c| (kind << 2) | c)
}

/// The 34 counts of a set.
pub(super) fn bits_counts(bits: &Bits) -> [u8; KINDS] {
    // Every nibble's population at once (SWAR: pairs of bits, then nibbles); then eight
    // nibbles at a time spread into eight bytes (kind `k` is nibble `k & 15` of word `k >> 4`,
    // as in [`kind_count`]), stored as a word: no shift and store per kind.
    let nibbles = bits.map(|word| {
        let pairs = word.wrapping_sub((word >> 1) & 0x5555_5555_5555_5555);
        (pairs & 0x3333_3333_3333_3333).wrapping_add((pairs >> 2) & 0x3333_3333_3333_3333)
    });
    let spread = |eight: u64| {
        let v = eight & 0xFFFF_FFFF;
        let v = (v | v << 16) & 0x0000_FFFF_0000_FFFF;
        let v = (v | v << 8) & 0x00FF_00FF_00FF_00FF;
        (v | v << 4) & 0x0F0F_0F0F_0F0F_0F0F
    };
    let [n0, n1, n2] = nibbles;
    let mut bytes = [0u8; 40];
    let (chunks, _) = bytes.as_chunks_mut::<8>();
    for (chunk, eight) in chunks.iter_mut().zip([n0, n0 >> 32, n1, n1 >> 32, n2]) {
        *chunk = spread(eight).to_le_bytes();
    }
    bytes.first_chunk::<KINDS>().copied().unwrap_or([0; KINDS]) // 34 of the 40
}

/// What one seat may know of a round ([`Round::observation`]): its own closed tiles and drawn
/// tile, every discard (tsumogiri and riichi flags), every meld, the dora indicators, every
/// seat's points, riichi state and tile count, the wall count, the context. Never another seat's
/// closed tiles or window answer, the wall's order or the ura indicators (before the end).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Observation {
    /// The observing seat.
    pub seat: Seat,
    /// The round's context.
    pub start: Start,
    /// Where the round is.
    pub phase: Phase,
    /// Whether the observing seat may act now.
    pub may_act: bool,
    /// The observing seat's closed tiles (ids; `hand_len` of them, ascending).
    pub hand: [u8; 14],
    /// How many of `hand` are used.
    pub hand_len: u8,
    /// The tile the observing seat just drew, when on turn after a draw.
    pub drawn: Option<u8>,
    /// Each seat's closed tile count.
    pub hand_counts: [u8; SEATS],
    /// Each seat's melds (`meld_counts` used).
    pub melds: [[TableMeld; 4]; SEATS],
    /// How many melds each seat has.
    pub meld_counts: [u8; SEATS],
    /// Every discard in order (`discard_count` used).
    pub discards: [Discard; MAX_DISCARDS],
    /// How many discards there are.
    pub discard_count: u8,
    /// The dora indicators revealed (`dora_count` used).
    pub dora: [u8; 5],
    /// How many dora indicators are revealed.
    pub dora_count: u8,
    /// Whose riichi stick is down.
    pub riichi: [bool; SEATS],
    /// Every seat's current points (sticks put down deducted).
    pub scores: [i32; SEATS],
    /// Riichi sticks on the table.
    pub sticks: u8,
    /// Tiles left in the live wall.
    pub wall_left: u8,
    /// The seats at the table (3 or 4; [`Round::players`]).
    pub players: u8,
    /// The Norths each seat has set aside (three players).
    pub nukidora: [u8; SEATS],
}

impl Observation {
    /// The observing seat's closed tiles.
    pub fn hand(&self) -> &[u8] {
        // The fields are public: a count beyond the array is a hand-built observation (input,
        // not an invariant of ours), shown as nothing.
        self.hand.get(..usize::from(self.hand_len)).unwrap_or_default()
    }

    /// `seat`'s melds.
    pub fn melds(&self, seat: Seat) -> &[TableMeld] {
        // Input, as in `hand`: a seat above 3 or a hand-built count beyond 4 shows no meld.
        let n = self.meld_counts.get(seat.index()).copied().unwrap_or(0);
        self.melds
            .get(seat.index())
            .and_then(|m| m.get(..usize::from(n)))
            .unwrap_or_default()
    }

    /// Every discard in order.
    pub fn discards(&self) -> &[Discard] {
        // Input, as in `hand`.
        self.discards.get(..usize::from(self.discard_count)).unwrap_or_default()
    }

    /// The dora indicators revealed.
    pub fn dora_indicators(&self) -> &[u8] {
        // Input, as in `hand`.
        self.dora.get(..usize::from(self.dora_count)).unwrap_or_default()
    }
}
