//! The yaku: codes, names and han values.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;

use super::Error;

/// A yaku (a scoring pattern). The discriminant is the fixed C code (1–30 regular yaku, 40–54
/// yakuman); codes never change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Yaku {
    /// Riichi: a closed hand declared ready. 1 han.
    Riichi = 1,
    /// Double riichi: riichi on the first uninterrupted turn. 2 han (instead of riichi).
    DoubleRiichi = 2,
    /// Ippatsu: won within one uninterrupted go-around after riichi. 1 han.
    Ippatsu = 3,
    /// Menzen tsumo: a closed hand won by self-draw. 1 han.
    MenzenTsumo = 4,
    /// Pinfu: closed, four runs, a pair that gives no fu, a two-sided wait. 1 han.
    Pinfu = 5,
    /// Iipeikou: two identical runs, closed. 1 han.
    Iipeikou = 6,
    /// Ryanpeikou: two pairs of identical runs, closed. 3 han (instead of iipeikou).
    Ryanpeikou = 7,
    /// Tanyao: simples only (2–8). 1 han (open only with open tanyao).
    Tanyao = 8,
    /// Yakuhai: a triplet or kan of the seat wind. 1 han.
    SeatWind = 9,
    /// Yakuhai: a triplet or kan of the round wind. 1 han.
    RoundWind = 10,
    /// Yakuhai: a triplet or kan of white dragons. 1 han.
    Haku = 11,
    /// Yakuhai: a triplet or kan of green dragons. 1 han.
    Hatsu = 12,
    /// Yakuhai: a triplet or kan of red dragons. 1 han.
    Chun = 13,
    /// Haitei: self-draw on the last tile of the wall. 1 han.
    Haitei = 14,
    /// Houtei: ron on the last discard. 1 han.
    Houtei = 15,
    /// Rinshan kaihou: self-draw on a kan replacement tile. 1 han.
    Rinshan = 16,
    /// Chankan: ron on a tile added to a kan. 1 han.
    Chankan = 17,
    /// Sanshoku doujun: the same run in all three suits. 2 han, open 1.
    SanshokuDoujun = 18,
    /// Sanshoku doukou: the same triplet in all three suits. 2 han.
    SanshokuDoukou = 19,
    /// Ittsu: 123 456 789 of one suit. 2 han, open 1.
    Ittsu = 20,
    /// Chanta: every set and the pair hold a terminal or honor, with a run and an honor. 2 han,
    /// open 1.
    Chanta = 21,
    /// Junchan: every set and the pair hold a terminal, with a run, no honor. 3 han, open 2.
    Junchan = 22,
    /// Toitoi: four triplets or kans. 2 han.
    Toitoi = 23,
    /// Sanankou: three concealed triplets or kans. 2 han.
    Sanankou = 24,
    /// Sankantsu: three kans. 2 han.
    Sankantsu = 25,
    /// Shousangen: two dragon triplets and a dragon pair. 2 han.
    Shousangen = 26,
    /// Honroutou: terminals and honors only. 2 han.
    Honroutou = 27,
    /// Honitsu: one suit with honors. 3 han, open 2.
    Honitsu = 28,
    /// Chinitsu: one suit, no honors. 6 han, open 5.
    Chinitsu = 29,
    /// Chiitoitsu: seven distinct pairs. 2 han (25 fu).
    Chiitoitsu = 30,
    /// Kokushi musou: thirteen orphans. Yakuman.
    Kokushi = 40,
    /// Kokushi won on the thirteen-sided wait. Yakuman (double per config).
    Kokushi13 = 41,
    /// Suuankou: four concealed triplets. Yakuman.
    Suuankou = 42,
    /// Suuankou won on the pair (tanki). Yakuman (double per config).
    SuuankouTanki = 43,
    /// Daisangen: three dragon triplets. Yakuman.
    Daisangen = 44,
    /// Shousuushii: three wind triplets and a wind pair. Yakuman.
    Shousuushii = 45,
    /// Daisuushii: four wind triplets. Yakuman (double per config).
    Daisuushii = 46,
    /// Tsuuiisou: honors only. Yakuman.
    Tsuuiisou = 47,
    /// Chinroutou: terminals only. Yakuman.
    Chinroutou = 48,
    /// Ryuuiisou: green tiles only (`2 3 4 6 8s`, `6z`). Yakuman.
    Ryuuiisou = 49,
    /// Chuuren poutou: nine gates, closed. Yakuman.
    Chuuren = 50,
    /// Junsei chuuren: nine gates won on the nine-sided wait. Yakuman (double per config).
    JunseiChuuren = 51,
    /// Suukantsu: four kans. Yakuman.
    Suukantsu = 52,
    /// Tenhou: the dealer's win on the first draw. Yakuman.
    Tenhou = 53,
    /// Chiihou: a non-dealer's self-draw win on the first uninterrupted draw. Yakuman.
    Chiihou = 54,
}

impl Yaku {
    /// Every yaku in code order.
    pub const ALL: [Yaku; 45] = [
        Yaku::Riichi,
        Yaku::DoubleRiichi,
        Yaku::Ippatsu,
        Yaku::MenzenTsumo,
        Yaku::Pinfu,
        Yaku::Iipeikou,
        Yaku::Ryanpeikou,
        Yaku::Tanyao,
        Yaku::SeatWind,
        Yaku::RoundWind,
        Yaku::Haku,
        Yaku::Hatsu,
        Yaku::Chun,
        Yaku::Haitei,
        Yaku::Houtei,
        Yaku::Rinshan,
        Yaku::Chankan,
        Yaku::SanshokuDoujun,
        Yaku::SanshokuDoukou,
        Yaku::Ittsu,
        Yaku::Chanta,
        Yaku::Junchan,
        Yaku::Toitoi,
        Yaku::Sanankou,
        Yaku::Sankantsu,
        Yaku::Shousangen,
        Yaku::Honroutou,
        Yaku::Honitsu,
        Yaku::Chinitsu,
        Yaku::Chiitoitsu,
        Yaku::Kokushi,
        Yaku::Kokushi13,
        Yaku::Suuankou,
        Yaku::SuuankouTanki,
        Yaku::Daisangen,
        Yaku::Shousuushii,
        Yaku::Daisuushii,
        Yaku::Tsuuiisou,
        Yaku::Chinroutou,
        Yaku::Ryuuiisou,
        Yaku::Chuuren,
        Yaku::JunseiChuuren,
        Yaku::Suukantsu,
        Yaku::Tenhou,
        Yaku::Chiihou,
    ];

    /// The C code.
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// Whether this is a yakuman.
    pub const fn is_yakuman(self) -> bool {
        self.code() >= 40
    }

    /// Han of a regular yaku for a closed (`open == false`) or open hand; 0 when it does not
    /// count open (riichi, pinfu, …) and for yakuman (see [`Yaku::yakuman_multiple`]).
    pub const fn han(self, open: bool) -> u8 {
        use Yaku::*;
        match self {
            Riichi | Ippatsu | Iipeikou | Pinfu | MenzenTsumo if open => 0,
            DoubleRiichi | Ryanpeikou | Chiitoitsu if open => 0,
            Riichi | Ippatsu | MenzenTsumo | Pinfu | Iipeikou | Tanyao | SeatWind | RoundWind | Haku | Hatsu | Chun
            | Haitei | Houtei | Rinshan | Chankan => 1,
            SanshokuDoujun | Ittsu | Chanta if open => 1,
            Junchan | Honitsu if open => 2,
            Chinitsu if open => 5,
            DoubleRiichi | SanshokuDoujun | SanshokuDoukou | Ittsu | Chanta | Toitoi | Sanankou | Sankantsu
            | Shousangen | Honroutou | Chiitoitsu => 2,
            Ryanpeikou | Junchan | Honitsu => 3,
            Chinitsu => 6,
            _ => 0,
        }
    }

    /// How many yakuman this yakuman is worth under the double-shape flags (1 or 2); 0 for a
    /// regular yaku.
    pub const fn yakuman_multiple(self, config: &super::Config) -> u8 {
        match self {
            Yaku::Kokushi13 if config.double_kokushi_13 => 2,
            Yaku::SuuankouTanki if config.double_suuankou_tanki => 2,
            Yaku::JunseiChuuren if config.double_junsei_chuuren => 2,
            Yaku::Daisuushii if config.double_daisuushii => 2,
            _ if self.is_yakuman() => 1,
            _ => 0,
        }
    }

    /// The name, lower case romaji (`riichi`, `sanshoku doujun`, `kokushi 13-sided`).
    pub const fn name(self) -> &'static str {
        use Yaku::*;
        match self {
            Riichi => "riichi",
            DoubleRiichi => "double riichi",
            Ippatsu => "ippatsu",
            MenzenTsumo => "menzen tsumo",
            Pinfu => "pinfu",
            Iipeikou => "iipeikou",
            Ryanpeikou => "ryanpeikou",
            Tanyao => "tanyao",
            SeatWind => "seat wind",
            RoundWind => "round wind",
            Haku => "haku",
            Hatsu => "hatsu",
            Chun => "chun",
            Haitei => "haitei",
            Houtei => "houtei",
            Rinshan => "rinshan kaihou",
            Chankan => "chankan",
            SanshokuDoujun => "sanshoku doujun",
            SanshokuDoukou => "sanshoku doukou",
            Ittsu => "ittsu",
            Chanta => "chanta",
            Junchan => "junchan",
            Toitoi => "toitoi",
            Sanankou => "sanankou",
            Sankantsu => "sankantsu",
            Shousangen => "shousangen",
            Honroutou => "honroutou",
            Honitsu => "honitsu",
            Chinitsu => "chinitsu",
            Chiitoitsu => "chiitoitsu",
            Kokushi => "kokushi musou",
            Kokushi13 => "kokushi musou 13-sided",
            Suuankou => "suuankou",
            SuuankouTanki => "suuankou tanki",
            Daisangen => "daisangen",
            Shousuushii => "shousuushii",
            Daisuushii => "daisuushii",
            Tsuuiisou => "tsuuiisou",
            Chinroutou => "chinroutou",
            Ryuuiisou => "ryuuiisou",
            Chuuren => "chuuren poutou",
            JunseiChuuren => "junsei chuuren poutou",
            Suukantsu => "suukantsu",
            Tenhou => "tenhou",
            Chiihou => "chiihou",
        }
    }
}

impl TryFrom<u8> for Yaku {
    type Error = Error;

    /// The yaku of a C code; [`Error::UnknownCode`] otherwise.
    fn try_from(code: u8) -> Result<Yaku, Error> {
        Yaku::ALL
            .into_iter()
            .find(|y| y.code() == code)
            .ok_or(Error::UnknownCode {
                what: reason!("yaku"),
                code: u32::from(code),
            })
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
