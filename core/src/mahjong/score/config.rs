//! The scoring rule set as data: [`Config`] and its named presets.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::Error;
use zerocopy::{FromZeros, Immutable, IntoBytes, KnownLayout};

/// What a hand of 13 han or more without a yakuman counts as (kazoe).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, FromZeros, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum Kazoe {
    /// A counted yakuman (the limit of a single yakuman).
    Yakuman,
    /// Capped at sanbaiman.
    Sanbaiman,
}

/// The scoring rules: every difference between rule sets is one field. Build one from a preset
/// (`Config::ONLINE`, the default; `Config::MAHJONG_SOUL`; `Config::PYPI`) and change fields.
///
/// ```
/// use parlor_core::mahjong::score::Config;
/// let config = Config { kiriage: true, ..Config::default() };
/// assert!(config.validate().is_ok());
/// assert_eq!(Config::preset("mahjong-pypi"), Some(Config::PYPI));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, FromZeros, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Config {
    /// Tanyao (all simples) counts on an open hand (kuitan).
    pub open_tanyao: bool,
    /// Red fives (`0m 0p 0s`, one of each) count one han of dora each. When off a red five is a
    /// plain five.
    pub red_fives: bool,
    /// Dora indicators after the first (revealed by kans) count. When off only the first counts.
    pub kan_dora: bool,
    /// Ura-dora count for a riichi hand. When off ura indicators are ignored.
    pub ura_dora: bool,
    /// Kiriage mangan: 4 han 30 fu and 3 han 60 fu are paid as mangan.
    pub kiriage: bool,
    /// What 13+ han without a yakuman counts as.
    pub kazoe: Kazoe,
    /// Several yakuman in one hand add up (daisangen + tsuuiisou = double). When off only the
    /// largest counts and only it is listed (the lowest code among equals).
    pub composite_yakuman: bool,
    /// Thirteen orphans won on a thirteen-sided wait is a double yakuman.
    pub double_kokushi_13: bool,
    /// Four concealed triplets won on the pair (tanki) is a double yakuman.
    pub double_suuankou_tanki: bool,
    /// Nine gates won on a nine-sided wait (junsei) is a double yakuman.
    pub double_junsei_chuuren: bool,
    /// Big four winds is a double yakuman.
    pub double_daisuushii: bool,
    /// Fu of a pair of the wind that is both seat and round wind: 2 or 4.
    pub double_wind_pair_fu: u8,
    /// Three-player Riichi (sanma, 108 tiles without 2m–8m): a `1m` indicator points at `9m`
    /// and `9m` at `1m`; a tsumo is paid by the two other seats only (tsumo-zon: the missing
    /// seat's share is lost, as Tenhou plays it); a honba is worth 100 from each payer on a
    /// tsumo and 200 on a ron. Extracted Norths ([`Win::nukidora`](super::Win::nukidora)) count
    /// as dora either way.
    pub three_player: bool,
}

impl Config {
    /// The common online rule set (Tenhou's default ranked rules, as published in its rule
    /// list): open tanyao, three red fives, kan dora and ura dora, no kiriage, kazoe yakuman,
    /// composite yakuman add up, every "double" shape a single yakuman, double-wind pair 4 fu.
    pub const ONLINE: Config = Config {
        open_tanyao: true,
        red_fives: true,
        kan_dora: true,
        ura_dora: true,
        kiriage: false,
        kazoe: Kazoe::Yakuman,
        composite_yakuman: true,
        double_kokushi_13: false,
        double_suuankou_tanki: false,
        double_junsei_chuuren: false,
        double_daisuushii: false,
        double_wind_pair_fu: 4,
        three_player: false,
    };

    /// Mahjong Soul's ranked rules (its published rule page): as [`Config::ONLINE`] but the four
    /// "double" shapes (kokushi 13-sided, suuankou tanki, junsei chuuren, daisuushii) are double
    /// yakuman.
    pub const MAHJONG_SOUL: Config = Config {
        double_kokushi_13: true,
        double_suuankou_tanki: true,
        double_junsei_chuuren: true,
        double_daisuushii: true,
        ..Config::ONLINE
    };

    /// The default options of the PyPI package `mahjong` 2.1.0 (`OptionalRules()`): no open
    /// tanyao, red fives only when asked (off), double yakuman shapes on, kazoe yakuman, no
    /// kiriage, composite yakuman, double-wind pair 4 fu.
    pub const PYPI: Config = Config {
        open_tanyao: false,
        red_fives: false,
        double_kokushi_13: true,
        double_suuankou_tanki: true,
        double_junsei_chuuren: true,
        double_daisuushii: true,
        ..Config::ONLINE
    };

    /// Tenhou's three-player rules (`三鳳南喰赤`): [`Config::ONLINE`] with
    /// [`Config::three_player`] (the red fives are the set's `0p` and `0s`).
    pub const TENHOU_SANMA: Config = Config {
        three_player: true,
        ..Config::ONLINE
    };

    /// The named presets: `online` (the default), `mahjong-soul`, `mahjong-pypi`,
    /// `tenhou-sanma`.
    pub const PRESETS: [(&'static str, Config); 4] = [
        ("online", Config::ONLINE),
        ("mahjong-soul", Config::MAHJONG_SOUL),
        ("mahjong-pypi", Config::PYPI),
        ("tenhou-sanma", Config::TENHOU_SANMA),
    ];

    /// The preset named `name`, if there is one.
    pub fn preset(name: &str) -> Option<Config> {
        Config::PRESETS.iter().find(|(n, _)| *n == name).map(|&(_, c)| c)
    }

    /// Checks the fields: [`Error::BadConfig`] unless `double_wind_pair_fu` is 2 or 4.
    pub fn validate(&self) -> Result<(), Error> {
        if matches!(self.double_wind_pair_fu, 2 | 4) {
            Ok(())
        } else {
            Err(Error::BadConfig)
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config::ONLINE
    }
}
