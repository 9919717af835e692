//! Tiles with identity (red fives), the 136-tile form, winds and called melds.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;
use core::str::FromStr;

use super::Error;
use crate::mahjong::tile::{Suit, Tile};
use crate::notation::tokens;
use zerocopy::{FromZeros, Immutable, IntoBytes, KnownLayout};

/// One physical tile as far as scoring cares: its kind and, for the fives of `m p s`, whether it
/// is the red five. Written `5m` / `0m` (the usual log convention: `0` is the red five).
///
/// ```
/// use parlor_core::mahjong::score::Piece;
/// let red: Piece = "0p".parse().unwrap();
/// assert!(red.is_red());
/// assert_eq!(red.tile().to_string(), "5p");
/// assert_eq!(red.to_string(), "0p");
/// assert_eq!(Piece::from_id(52), Some(red)); // 136-form id 52 is the red 5p
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Piece {
    tile: TileKind,
    red: bool,
}

impl Piece {
    /// `Piece::default()` (a plain `1m`) as a constant.
    pub(super) const DEFAULT: Piece = Piece {
        tile: TileKind(Tile::FIRST),
        red: false,
    };
}

/// The tile kind inside a [`Piece`] (a newtype so that `Piece: Default` is `1m`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct TileKind(Tile);

impl Default for TileKind {
    fn default() -> TileKind {
        TileKind(Tile::FIRST)
    }
}

/// Whether `tile` is a five of a numbered suit (the kinds that have a red copy).
pub(crate) fn is_five(tile: Tile) -> bool {
    tile.suit() != Suit::Honor && tile.number() == 5
}

impl Piece {
    /// The plain (not red) tile of kind `tile`.
    pub const fn plain(tile: Tile) -> Piece {
        Piece {
            tile: TileKind(tile),
            red: false,
        }
    }

    /// The tile `tile`, red when `red`; `None` when `red` is asked of a kind other than `5m 5p 5s`.
    pub fn new(tile: Tile, red: bool) -> Option<Piece> {
        if red && !is_five(tile) {
            return None;
        }
        Some(Piece {
            tile: TileKind(tile),
            red,
        })
    }

    /// The kind (red fives are fives).
    pub const fn tile(self) -> Tile {
        self.tile.0
    }

    /// Whether this is a red five.
    pub const fn is_red(self) -> bool {
        self.red
    }

    /// The tile of a 136-form id (`0..136`: kind × 4 + copy, copy 0 of `5m 5p 5s`, ids 16, 52
    /// and 88, is the red five — the Tenhou convention), or `None` for ids ≥ 136.
    pub fn from_id(id: u8) -> Option<Piece> {
        let tile = Tile::new(id / 4)?;
        Piece::new(tile, is_five(tile) && id.is_multiple_of(4))
    }

    /// The lowest 136-form id of this tile: the red five is copy 0, a plain five copy 1, every
    /// other kind copy 0. Ids of different physical copies come from [`Piece::from_id`]'s inverse
    /// plus the copy number; scoring does not need more.
    pub fn id(self) -> u8 {
        let base = (self.tile().index() as u8).saturating_mul(4);
        if is_five(self.tile()) && !self.red {
            base.saturating_add(1)
        } else {
            base
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = if self.red { 0 } else { self.tile().number() };
        write!(f, "{number}{}", self.tile().suit().letter())
    }
}

impl FromStr for Piece {
    type Err = Error;

    /// One tile: `3m`, `0s` (red five), `7z`. Errors: [`Error::UnknownTile`].
    fn from_str(text: &str) -> Result<Piece, Error> {
        let mut out = [Piece::default(); 1];
        match parse_pieces(text, &mut out) {
            Ok(1) => Ok(out[0]),
            _ => Err(Error::UnknownTile),
        }
    }
}

/// Parses tiles in the spaced (`1m 0m 5z`) or compact (`1405m77z`) notation into `out`, returning
/// how many were written. `0m 0p 0s` are the red fives. Errors: [`Error::UnknownTile`] (bad text),
/// [`Error::TooManyTiles`] (more than `out.len()`).
///
/// ```
/// use parlor_core::mahjong::score::{parse_pieces, Piece};
/// let mut out = [Piece::default(); 14];
/// let n = parse_pieces("406m 77z", &mut out).unwrap();
/// assert_eq!(n, 5);
/// assert!(out[1].is_red());
/// ```
pub fn parse_pieces(text: &str, out: &mut [Piece]) -> Result<usize, Error> {
    let mut n = 0usize;
    for (_, token) in tokens(text) {
        let bytes = token.as_bytes();
        let mut digits: &[u8] = &[];
        let mut start = 0usize;
        for (i, &b) in bytes.iter().enumerate() {
            if b.is_ascii_digit() {
                if digits.is_empty() {
                    start = i;
                }
                digits = bytes.get(start..=i).unwrap_or_default();
                continue;
            }
            let suit = Suit::from_letter(b).ok_or(Error::UnknownTile)?;
            if digits.is_empty() {
                return Err(Error::UnknownTile);
            }
            for &d in digits {
                let number = d.wrapping_sub(b'0');
                let piece = if number == 0 {
                    Tile::from_parts(suit, 5).and_then(|t| Piece::new(t, true))
                } else {
                    Tile::from_parts(suit, number).map(Piece::plain)
                }
                .ok_or(Error::UnknownTile)?;
                let slot = out.get_mut(n).ok_or(Error::TooManyTiles)?;
                *slot = piece;
                n = n.saturating_add(1);
            }
            digits = &[];
        }
        if !digits.is_empty() {
            return Err(Error::UnknownTile);
        }
    }
    Ok(n)
}

/// The first `n` items of `items`. `n` is a count kept at most the length (a [`List`]'s `len`,
/// the pieces [`parse_pieces`] wrote): a larger one is a broken invariant, asserted in debug
/// builds; release builds then give every item rather than panic.
fn prefix<T>(items: &[T], n: usize) -> &[T] {
    debug_assert!(n <= items.len(), "a count beyond its array: {n} of {}", items.len());
    items.get(..n).unwrap_or(items)
}

/// A short list of at most `N` items (closed tiles, melds, indicators), filled from the front.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct List<T, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy + Default, const N: usize> Default for List<T, N> {
    fn default() -> Self {
        List {
            items: [T::default(); N],
            len: 0,
        }
    }
}

impl<T: Copy + Default, const N: usize> List<T, N> {
    /// The empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// A list of the items of `items`; [`Error::TooManyTiles`] when there are more than `N`.
    pub fn from_slice(items: &[T]) -> Result<Self, Error> {
        let mut list = Self::default();
        for &item in items {
            list.push(item)?;
        }
        Ok(list)
    }

    /// Appends `item`; [`Error::TooManyTiles`] when the list already holds `N`.
    pub fn push(&mut self, item: T) -> Result<(), Error> {
        let slot = self.items.get_mut(usize::from(self.len)).ok_or(Error::TooManyTiles)?;
        *slot = item;
        self.len = self.len.saturating_add(1);
        Ok(())
    }

    /// The items, in order.
    pub fn as_slice(&self) -> &[T] {
        prefix(&self.items, usize::from(self.len))
    }

    /// How many items.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps the items `f` maps to `Some`, each replaced by what it gives, in order, where they
    /// lie (no second list); the slots left behind are reset to the default item, so that the
    /// list equals one built by pushing the kept items onto an empty one.
    pub(super) fn retain_map(&mut self, mut f: impl FnMut(T) -> Option<T>) {
        let mut kept = 0usize;
        for i in 0..usize::from(self.len) {
            let Some(&item) = self.items.get(i) else { break };
            if let Some(new) = f(item) {
                if let Some(slot) = self.items.get_mut(kept) {
                    *slot = new;
                }
                kept = kept.wrapping_add(1);
            }
        }
        for slot in self.items.iter_mut().take(usize::from(self.len)).skip(kept) {
            *slot = T::default();
        }
        self.len = kept as u8; // at most `len`
    }
}

impl<const N: usize> List<Piece, N> {
    /// The empty list of tiles (as `List::default()`, built where it is used).
    pub(super) const EMPTY_PIECES: Self = List {
        items: [Piece::DEFAULT; N],
        len: 0,
    };
}

impl List<CalledMeld, 4> {
    /// The empty list of melds (as `List::default()`, built where it is used).
    pub(super) const EMPTY_MELDS: Self = List {
        items: [CalledMeld {
            kind: MeldKind::Ankan,
            tiles: [Piece::DEFAULT; 4],
            called: None,
            from: None,
        }; 4],
        len: 0,
    };
}

impl List<super::YakuHan, 16> {
    /// A hand value's empty yaku list.
    pub(super) const EMPTY_YAKU: Self = List {
        items: [super::YakuHan {
            yaku: super::Yaku::Riichi,
            han: 0,
        }; 16],
        len: 0,
    };
}

impl List<super::FuItem, 10> {
    /// A hand value's empty fu list.
    pub(super) const EMPTY_FU: Self = List {
        items: [super::FuItem {
            kind: super::FuKind::Base,
            fu: 0,
        }; 10],
        len: 0,
    };
}

impl<const N: usize> FromStr for List<Piece, N> {
    type Err = Error;

    /// Tiles in either notation (see [`parse_pieces`]).
    fn from_str(text: &str) -> Result<Self, Error> {
        let mut list = Self::default();
        let n = parse_pieces(text, &mut list.items)?;
        list.len = u8::try_from(n).map_err(|_| Error::TooManyTiles)?;
        Ok(list)
    }
}

/// A wind: a seat wind or the round wind. Seats in turn order East → South → West → North;
/// the dealer is East. Written `E S W N`; C code 0–3 in that order.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, FromZeros, IntoBytes, KnownLayout, Immutable,
)]
#[repr(u8)]
pub enum Wind {
    /// East (`1z`), the dealer's seat.
    #[default]
    East,
    /// South (`2z`).
    South,
    /// West (`3z`).
    West,
    /// North (`4z`).
    North,
}

impl Wind {
    /// The four winds in turn order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The honor tile of this wind (`1z`–`4z`).
    pub fn tile(self) -> Tile {
        let [east, south, west, north] = Tile::WINDS;
        match self {
            Wind::East => east,
            Wind::South => south,
            Wind::West => west,
            Wind::North => north,
        }
    }

    /// The wind of turn position `n` modulo 4 (0 East, 1 South, 2 West, 3 North): every
    /// value is a wind.
    pub(crate) const fn of_turn(n: u8) -> Wind {
        match n & 3 {
            0 => Wind::East,
            1 => Wind::South,
            2 => Wind::West,
            _ => Wind::North,
        }
    }

    /// The C code 0–3 (East, South, West, North).
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The seat before this one in turn order (the seat a chii is called from).
    pub fn previous(self) -> Wind {
        match self {
            Wind::East => Wind::North,
            Wind::South => Wind::East,
            Wind::West => Wind::South,
            Wind::North => Wind::West,
        }
    }

    /// The letter `E S W N`.
    pub const fn letter(self) -> char {
        match self {
            Wind::East => 'E',
            Wind::South => 'S',
            Wind::West => 'W',
            Wind::North => 'N',
        }
    }
}

impl TryFrom<u8> for Wind {
    type Error = Error;

    /// The wind of C code 0–3; [`Error::UnknownCode`] otherwise.
    fn try_from(code: u8) -> Result<Wind, Error> {
        Wind::ALL.get(usize::from(code)).copied().ok_or(Error::UnknownCode {
            what: reason!("wind"),
            code: u32::from(code),
        })
    }
}

impl FromStr for Wind {
    type Err = Error;

    /// `E`, `S`, `W` or `N` (upper or lower case); [`Error::UnknownCode`] otherwise.
    fn from_str(text: &str) -> Result<Wind, Error> {
        match text {
            "E" | "e" => Ok(Wind::East),
            "S" | "s" => Ok(Wind::South),
            "W" | "w" => Ok(Wind::West),
            "N" | "n" => Ok(Wind::North),
            _ => Err(Error::UnknownCode {
                what: reason!("wind"),
                code: text.bytes().next().map_or(0, u32::from),
            }),
        }
    }
}

impl fmt::Display for Wind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The kind of a called meld. C codes 0–4 in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, FromZeros, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum MeldKind {
    /// A run called from the seat before (open).
    Chii,
    /// A triplet called from any seat (open).
    Pon,
    /// An open kan: four of a kind, the fourth called from a discard (`minkan`, open).
    Minkan,
    /// An added kan: a called pon with the fourth tile added from the hand (`shouminkan`, open).
    Shouminkan,
    /// A closed kan: four of a kind from the hand (`ankan`); the hand stays closed.
    #[default]
    Ankan,
}

impl MeldKind {
    /// The five kinds in C code order.
    pub const ALL: [MeldKind; 5] = [
        MeldKind::Chii,
        MeldKind::Pon,
        MeldKind::Minkan,
        MeldKind::Shouminkan,
        MeldKind::Ankan,
    ];

    /// The notation name (`chii pon minkan shouminkan ankan`).
    pub const fn name(self) -> &'static str {
        match self {
            MeldKind::Chii => "chii",
            MeldKind::Pon => "pon",
            MeldKind::Minkan => "minkan",
            MeldKind::Shouminkan => "shouminkan",
            MeldKind::Ankan => "ankan",
        }
    }

    /// Four tiles (a kan) or three.
    pub const fn is_kan(self) -> bool {
        matches!(self, MeldKind::Minkan | MeldKind::Shouminkan | MeldKind::Ankan)
    }

    /// Whether the meld opens the hand (every kind but the closed kan).
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::Ankan)
    }

    /// How many tiles the meld holds (3 or 4).
    pub const fn tiles(self) -> usize {
        if self.is_kan() { 4 } else { 3 }
    }
}

impl TryFrom<u8> for MeldKind {
    type Error = Error;

    /// The kind of C code 0–4; [`Error::UnknownCode`] otherwise.
    fn try_from(code: u8) -> Result<MeldKind, Error> {
        MeldKind::ALL.get(usize::from(code)).copied().ok_or(Error::UnknownCode {
            what: reason!("meld kind"),
            code: u32::from(code),
        })
    }
}

/// A called meld: chii, pon, open kan, added kan or closed kan, with its tiles' identity (which
/// are red), the tile taken from a discard and the seat it came from. Every value is a real meld
/// (a run of three consecutive numbers of one suit, or three or four of one kind, at most one red
/// five), checked by [`CalledMeld::new`].
///
/// ```
/// use parlor_core::mahjong::score::{CalledMeld, MeldKind, Wind};
/// let meld: CalledMeld = "pon:505p@W".parse().unwrap();
/// assert_eq!((meld.kind(), meld.reds(), meld.from()), (MeldKind::Pon, 1, Some(Wind::West)));
/// assert!("minkan:777z".parse::<CalledMeld>().is_err()); // a kan of three
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CalledMeld {
    kind: MeldKind,
    tiles: [Piece; 4],
    called: Option<Piece>,
    from: Option<Wind>,
}

impl CalledMeld {
    /// A meld of `kind` made of `tiles` (3, or 4 for a kan, in any order), `called` the tile taken
    /// from a discard (one of `tiles`; `None` when unknown, and always for a closed kan), `from`
    /// the seat wind of the seat it was called from (`None` when unknown; never for a closed kan).
    ///
    /// Errors: [`Error::BadMeld`] (wrong number of tiles, not a run or not one kind, a chii of
    /// honors, a called tile not in the meld or on a closed kan).
    pub fn new(
        kind: MeldKind,
        tiles: &[Piece],
        called: Option<Piece>,
        from: Option<Wind>,
    ) -> Result<CalledMeld, Error> {
        if tiles.len() != kind.tiles() {
            return Err(Error::BadMeld);
        }
        let mut sorted = [Piece::default(); 4];
        for (slot, &t) in sorted.iter_mut().zip(tiles) {
            *slot = t;
        }
        let used = sorted.get_mut(..tiles.len()).ok_or(Error::BadMeld)?;
        used.sort_unstable_by_key(|p| p.tile());
        let first = used.first().ok_or(Error::BadMeld)?.tile();
        let shape_ok = if kind == MeldKind::Chii {
            let second = first.next_in_suit();
            let third = second.and_then(Tile::next_in_suit);
            let want = [Some(first), second, third];
            third.is_some() && used.iter().zip(want).all(|(p, w)| Some(p.tile()) == w)
        } else {
            used.iter().all(|p| p.tile() == first)
        };
        let reds = used.iter().filter(|p| p.is_red()).count();
        let called_ok = match (kind, called) {
            (MeldKind::Ankan, Some(_)) => false,
            (_, Some(c)) => used.contains(&c),
            (_, None) => true,
        };
        let from_ok = !(kind == MeldKind::Ankan && from.is_some());
        if !shape_ok || reds > 1 || !called_ok || !from_ok {
            return Err(Error::BadMeld);
        }
        Ok(CalledMeld {
            kind,
            tiles: sorted,
            called,
            from,
        })
    }

    /// The kind.
    pub const fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The tiles, ascending (3, or 4 for a kan).
    pub fn tiles(&self) -> &[Piece] {
        let [three @ .., _] = &self.tiles;
        if self.kind.is_kan() { &self.tiles } else { three }
    }

    /// The lowest tile kind (the kind of a triplet or kan, the start of a run).
    pub fn first(&self) -> Tile {
        self.tiles[0].tile() // a constant index into the fixed array
    }

    /// How many red fives the meld holds (0 or 1).
    pub fn reds(&self) -> u8 {
        self.tiles().iter().filter(|p| p.is_red()).count() as u8
    }

    /// The tile taken from a discard, when given.
    pub const fn called(&self) -> Option<Piece> {
        self.called
    }

    /// The seat wind of the seat the tile was called from, when given.
    pub const fn from(&self) -> Option<Wind> {
        self.from
    }
}

impl FromStr for CalledMeld {
    type Err = Error;

    /// `chii:123s`, `pon:555p`, `minkan:7777z`, `shouminkan:2222p`, `ankan:1111m` (`0` = red
    /// five), optionally followed by `@E|S|W|N`, the seat it was called from.
    fn from_str(text: &str) -> Result<CalledMeld, Error> {
        let (kind, rest) = text.split_once(':').ok_or(Error::BadMeld)?;
        let kind = MeldKind::ALL
            .into_iter()
            .find(|k| k.name() == kind)
            .ok_or(Error::BadMeld)?;
        let (tiles, from) = match rest.split_once('@') {
            Some((tiles, seat)) => (tiles, Some(seat.parse::<Wind>().map_err(|_| Error::BadMeld)?)),
            None => (rest, None),
        };
        if tiles.contains(|c: char| c.is_ascii_whitespace() || c == ',') {
            return Err(Error::BadMeld);
        }
        let mut out = [Piece::default(); 4];
        let n = parse_pieces(tiles, &mut out).map_err(|e| match e {
            Error::TooManyTiles => Error::BadMeld,
            other => other,
        })?;
        CalledMeld::new(kind, prefix(&out, n), None, from)
    }
}

impl fmt::Display for CalledMeld {
    /// The notation of [`FromStr`]: `pon:505p@W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.kind.name())?;
        for p in self.tiles() {
            let number = if p.is_red() { 0 } else { p.tile().number() };
            write!(f, "{number}")?;
        }
        write!(f, "{}", self.first().suit().letter())?;
        if let Some(w) = self.from {
            write!(f, "@{w}")?;
        }
        Ok(())
    }
}
