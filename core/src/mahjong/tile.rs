//! Tiles: 34 kinds in the order `1m…9m 1p…9p 1s…9s 1z…7z` (seed `003`; honors from
//! `docs/rules/mahjong.md`, "Beyond the seed").

use core::fmt;

/// A suit: the three numbered suits of the seed and the honors of Riichi mahjong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Characters, `m` (manzu).
    Man,
    /// Circles, `p` (pinzu).
    Pin,
    /// Bamboo, `s` (souzu).
    Sou,
    /// Honors, `z`: `1z`–`4z` winds East South West North, `5z`–`7z` dragons white green red.
    Honor,
}

impl Suit {
    /// The four suits in notation order (`m p s z`).
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The notation letter: `m`, `p`, `s` or `z`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// The suit of a notation letter (lower case only), if it is one.
    pub const fn from_letter(letter: u8) -> Option<Suit> {
        match letter {
            b'm' => Some(Suit::Man),
            b'p' => Some(Suit::Pin),
            b's' => Some(Suit::Sou),
            b'z' => Some(Suit::Honor),
            _ => None,
        }
    }

    /// How many numbers the suit has: 9 for `m p s`, 7 for honors.
    pub const fn numbers(self) -> u8 {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    /// Index of this suit's first tile in the 34-kind order (0, 9, 18, 27).
    pub const fn first_index(self) -> u8 {
        match self {
            Suit::Man => 0,
            Suit::Pin => 9,
            Suit::Sou => 18,
            Suit::Honor => 27,
        }
    }
}

/// One tile kind, as its index `0..34` in the order `1m…9m 1p…9p 1s…9s 1z…7z`.
///
/// This index is also the tile code of the C ABI. Displayed as number then suit (`3m`, `7z`).
///
/// ```
/// use parlor_core::mahjong::{Suit, Tile};
/// let tile: Tile = "5p".parse().unwrap();
/// assert_eq!((tile.index(), tile.suit(), tile.number()), (13, Suit::Pin, 5));
/// assert_eq!(tile.to_string(), "5p");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

/// The number of tile kinds (27 numbered + 7 honors).
pub const KINDS: usize = 34;

impl Tile {
    /// `1m`, the first kind (index 0).
    pub const FIRST: Tile = Tile(0);
    /// `9m` (index 8).
    pub const NINE_MAN: Tile = Tile(8);
    /// North, `4z` (index 30): the tile three-player Riichi extracts (nukidora).
    pub const NORTH: Tile = Tile(30);

    /// Whether three-player Riichi leaves this kind out of the set (`2m`–`8m`).
    pub const fn absent_in_sanma(self) -> bool {
        self.0 >= 1 && self.0 <= 7
    }

    /// The tile of index `index` (`0..34`), or `None`.
    pub const fn new(index: u8) -> Option<Tile> {
        if (index as usize) < KINDS {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// The tile `number` (1–9, honors 1–7) of `suit`, or `None` when out of range.
    pub const fn from_parts(suit: Suit, number: u8) -> Option<Tile> {
        if number == 0 || number > suit.numbers() {
            return None;
        }
        Some(Tile(suit.first_index().wrapping_add(number).saturating_sub(1))) // number ≥ 1
    }

    /// The index `0..34` (the C ABI tile code).
    pub const fn index(self) -> usize {
        let i = self.0 as usize;
        // Every `Tile` holds 0..34 (its constructors check it); the clamp lets the compiler see
        // that, so a 34-entry array indexed by it has no bounds-check panic path.
        if i < KINDS { i } else { KINDS - 1 }
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        match self.0 {
            0..=8 => Suit::Man,
            9..=17 => Suit::Pin,
            18..=26 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// The number within the suit: 1–9, honors 1–7.
    pub const fn number(self) -> u8 {
        self.0.saturating_sub(self.suit().first_index()).wrapping_add(1) // ≥ the suit's first
    }

    /// Whether this is a terminal (1 or 9 of a numbered suit) or an honor: the thirteen kinds of
    /// thirteen orphans.
    pub const fn is_orphan(self) -> bool {
        matches!(self.suit(), Suit::Honor) || self.number() == 1 || self.number() == 9
    }

    /// The next tile of the same numbered suit (`3m` → `4m`), or `None` after 9 and for honors
    /// (runs do not wrap and honors form no runs).
    pub const fn next_in_suit(self) -> Option<Tile> {
        match self.suit() {
            Suit::Honor => None,
            _ if self.number() == 9 => None,
            _ => Some(Tile(self.0.wrapping_add(1))), // below 9 of a suit
        }
    }

    /// The wind tiles `1z`–`4z` (East, South, West, North).
    pub(crate) const WINDS: [Tile; 4] = [Tile(27), Tile(28), Tile(29), Tile(30)];

    /// The next kind in the cycle dora indicators follow: within a numbered suit (9 → 1), the
    /// winds (E → S → W → N → E), the dragons (white → green → red → white).
    pub(crate) const fn dora_next(self) -> Tile {
        Tile(match self.0 {
            8 => 0,
            17 => 9,
            26 => 18,
            30 => 27,
            33 => 31,
            i => i.wrapping_add(1), // at most 32 here: 33 is matched above
        })
    }

    /// All 34 kinds in order.
    pub fn all() -> impl Iterator<Item = Tile> + Clone {
        (0..KINDS as u8).map(Tile)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The number by `Dec`: no `core::fmt` integer machinery linked for it.
        crate::notation::Dec::from(self.number()).write_to(f)?;
        fmt::Write::write_char(f, self.suit().letter())
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    extern crate std;
    use core::fmt;
    use std::format;

    struct Number(u8);

    impl fmt::Display for Number {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            crate::notation::Dec::from(self.0).write_to(f)
        }
    }

    #[test]
    fn write_number_is_integer_display() {
        for n in 0..=u8::MAX {
            assert_eq!(format!("{}", Number(n)), format!("{n}"));
        }
    }

    #[test]
    fn tiles_print_as_before() {
        let all: std::vec::Vec<std::string::String> = super::Tile::all().map(|t| format!("{t}")).collect();
        assert_eq!(all.first().map(std::string::String::as_str), Some("1m"));
        assert_eq!(all.get(9).map(std::string::String::as_str), Some("1p"));
        assert_eq!(all.last().map(std::string::String::as_str), Some("7z"));
        assert_eq!(all.len(), 34);
    }
}
