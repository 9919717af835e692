//! Combinations and their readings (spec "Combinations").
//!
//! A card set's *reading* is a [`Combination`]: its type, its number of cards and its key in
//! half ranks (rank × 2; the Mah Jong is 1, the Dragon 15, a Phoenix single n + ½). A set with
//! the Phoenix may have several readings (`P3456` is 2–6 or 3–7); all of one set share the type
//! and length and differ only in key, so there are at most two ([`MAX_READINGS`]).

use super::Error;
use super::card::{COUNT_LOW_BITS, Cards, NATURAL_LOW_BITS};
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, TryFromBytes};

/// A combination type. Codes (`as u8`, also the C ABI's) are fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum Kind {
    /// One card (the Mah Jong, a natural card, the Phoenix or the Dragon). Code 0.
    Single = 0,
    /// Two cards of a rank. Code 1.
    Pair = 1,
    /// Three cards of a rank. Code 2.
    Triple = 2,
    /// A triple and a pair of another rank; the key is the triple's. Code 3.
    FullHouse = 3,
    /// Five or more consecutive ranks (the Mah Jong may be the 1); the key is the top rank. Code 4.
    Straight = 4,
    /// Two or more pairs of consecutive ranks; the key is the top pair's rank. Code 5.
    Stairs = 5,
    /// Four cards of a rank (a bomb). Code 6.
    FourOfAKind = 6,
    /// Five or more consecutive ranks of one suit (a bomb; suited sets only). Code 7.
    StraightFlush = 7,
    /// The Dog (alone, on the lead). Code 8.
    Dog = 8,
}

impl Kind {
    /// Whether the type is a bomb (four of a kind or straight flush).
    pub const fn is_bomb(self) -> bool {
        matches!(self, Kind::FourOfAKind | Kind::StraightFlush)
    }

    /// The lower-case English name used by the command line (`full-house`, `straight-flush`…).
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Triple => "triple",
            Kind::FullHouse => "full-house",
            Kind::Straight => "straight",
            Kind::Stairs => "stairs",
            Kind::FourOfAKind => "bomb",
            Kind::StraightFlush => "straight-flush",
            Kind::Dog => "dog",
        }
    }
}

impl TryFrom<u8> for Kind {
    type Error = Error;
    /// The type of a code 0..=8 (the order of the variants, as the C ABI's `kind`); other codes
    /// are [`Error::UnknownCode`] `{ what: "kind", .. }`.
    fn try_from(code: u8) -> Result<Kind, Error> {
        if code > Kind::Dog as u8 {
            return Err(Error::UnknownCode {
                what: reason!("kind"),
                code: u32::from(code),
            });
        }
        Ok(Kind::of_code(code))
    }
}

/// Key of the Mah Jong single (1 × 2).
pub const MAHJONG_KEY: u8 = 2;
/// Key of the Dragon single (15 × 2): above the Ace (28) and a Phoenix on an Ace (29).
pub const DRAGON_KEY: u8 = 30;
/// Key of a Phoenix single led (1½ × 2).
pub const PHOENIX_LEAD_KEY: u8 = 3;
/// The most readings one card set has.
pub const MAX_READINGS: usize = 2;

/// A resolved play: type, number of cards and key in half ranks. This is what a trick remembers
/// of the previous play, so that a single on a Phoenix is judged against n + ½ (spec "Beyond the
/// seed").
// Plain bytes (`FromBytes`: no invalid bit pattern, so a held trick's check needs no
// per-field call): the type's code is read through `Combination::kind` (a code past 8, only in
// forged bytes, which `Combination::held_ok` refuses, reads as a single).
#[derive(Clone, Copy, PartialEq, Eq, Hash, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Combination {
    /// The type's code ([`Kind`] as `u8`).
    kind: u8,
    len: u8,
    key: u8,
}

impl core::fmt::Debug for Combination {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Combination")
            .field("kind", &self.kind())
            .field("len", &self.len)
            .field("key", &self.key)
            .finish()
    }
}

impl Kind {
    /// The type of a code 0..=8; any other code (only in forged held bytes) reads as a single.
    const fn of_code(code: u8) -> Kind {
        match code {
            1 => Kind::Pair,
            2 => Kind::Triple,
            3 => Kind::FullHouse,
            4 => Kind::Straight,
            5 => Kind::Stairs,
            6 => Kind::FourOfAKind,
            7 => Kind::StraightFlush,
            8 => Kind::Dog,
            _ => Kind::Single,
        }
    }
}

impl Combination {
    /// The filler of a held trick's empty top slot (never read as a play).
    pub(crate) const FILLER: Combination = Combination {
        kind: Kind::Single as u8,
        len: 0,
        key: 0,
    };

    /// A checked combination. Shapes: single 1 card, key 2 (Mah Jong), 3..=29 (a natural rank ×
    /// 2, or odd: a Phoenix single) or 30 (Dragon); pair 2, triple 3, four of a kind 4 and full
    /// house 5 cards, key an even 4..=28; straight 5..=14 cards with top rank ≥ length (key =
    /// top × 2); stairs an even 4..=26 cards, top ≥ pairs + 1; straight flush 5..=13 cards, top ≥
    /// length + 1; Dog 1 card, key 0. Errors: [`Error::InvalidCombination`].
    pub const fn new(kind: Kind, len: u8, key: u8) -> Result<Combination, Error> {
        let even_rank = key.is_multiple_of(2) && key >= 4 && key <= 28;
        let top = key / 2;
        let ok = match kind {
            Kind::Single => len == 1 && key >= MAHJONG_KEY && key <= DRAGON_KEY,
            Kind::Pair => len == 2 && even_rank,
            Kind::Triple => len == 3 && even_rank,
            Kind::FourOfAKind => len == 4 && even_rank,
            Kind::FullHouse => len == 5 && even_rank,
            Kind::Straight => even_rank && len >= 5 && len <= 14 && top >= len,
            Kind::Stairs => even_rank && len.is_multiple_of(2) && len >= 4 && top > len / 2,
            Kind::StraightFlush => even_rank && len >= 5 && top > len,
            Kind::Dog => len == 1 && key == 0,
        };
        if ok {
            Ok(Combination {
                kind: kind as u8,
                len,
                key,
            })
        } else {
            Err(Error::InvalidCombination)
        }
    }

    /// The type.
    pub const fn kind(self) -> Kind {
        Kind::of_code(self.kind)
    }

    /// Whether held bytes name a type (a code 0..=8; the check of a round held in place).
    pub(crate) const fn held_ok(self) -> bool {
        self.kind <= Kind::Dog as u8
    }
    /// The number of cards.
    pub const fn len(self) -> u8 {
        self.len
    }
    /// Never true: a combination has at least one card (for clippy's `len` convention).
    pub const fn is_empty(self) -> bool {
        false
    }
    /// The key in half ranks (rank × 2; Phoenix singles odd).
    pub const fn key(self) -> u8 {
        self.key
    }
    /// Whether it is a bomb.
    pub const fn is_bomb(self) -> bool {
        self.kind().is_bomb()
    }
    /// Whether it is the Dragon played alone (a single of the Dragon's key): its winner gives
    /// the trick away.
    pub(crate) const fn is_dragon(self) -> bool {
        self.kind == Kind::Single as u8 && self.key == DRAGON_KEY
    }

    /// Whether `self`, played on `previous` (`None` = the lead), is legal. Not for a Phoenix
    /// single, whose value depends on the table: see [`phoenix_single_on`].
    pub const fn beats(self, previous: Option<Combination>) -> bool {
        let Some(prev) = previous else {
            return true;
        };
        if prev.kind == Kind::Dog as u8 {
            return false;
        }
        if self.is_bomb() {
            // Bomb vs bomb: more cards, then the higher rank (four of a kind has 4 < 5 cards).
            return !prev.is_bomb() || self.len > prev.len || (self.len == prev.len && self.key > prev.key);
        }
        if prev.is_bomb() || self.kind == Kind::Dog as u8 {
            return false;
        }
        self.kind == prev.kind && self.len == prev.len && self.key > prev.key
    }
}

/// The reading of a lone Phoenix played on `previous`: 1½ on the lead, n + ½ on a single of n
/// other than the Dragon; `None` where it may not be played.
pub const fn phoenix_single_on(previous: Option<Combination>) -> Option<Combination> {
    match previous {
        None => Some(Combination {
            kind: Kind::Single as u8,
            len: 1,
            key: PHOENIX_LEAD_KEY,
        }),
        Some(prev) if prev.kind == Kind::Single as u8 && prev.key < DRAGON_KEY => Some(Combination {
            kind: Kind::Single as u8,
            len: 1,
            key: prev.key.wrapping_add(1),
        }),
        Some(_) => None,
    }
}

/// The readings of a card set, weakest first (at most [`MAX_READINGS`]). A lone Phoenix reads
/// as a single of 1½ (its value led). Empty when the set is no combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    items: [Option<Combination>; MAX_READINGS],
}

impl Readings {
    const NONE: Readings = Readings { items: [None, None] };

    /// The one reading `kind`/`len`/`key` (one call for the many returns of [`readings`]).
    #[inline(never)]
    fn one(kind: Kind, len: u8, key: u8) -> Readings {
        Readings {
            items: [
                Some(Combination {
                    kind: kind as u8,
                    len,
                    key,
                }),
                None,
            ],
        }
    }

    /// The two readings `kind`/`len` keyed `low` and `high`.
    fn two(kind: Kind, len: u8, low: u8, high: u8) -> Readings {
        let [weaker, _] = Readings::one(kind, len, low).items;
        Readings {
            items: [
                weaker,
                Some(Combination {
                    kind: kind as u8,
                    len,
                    key: high,
                }),
            ],
        }
    }

    /// The strongest reading (the one a previous play is read at), if any.
    pub fn strongest(&self) -> Option<Combination> {
        self.iter().last()
    }

    /// Whether the set is a combination at all.
    pub fn is_combination(&self) -> bool {
        self.items[0].is_some()
    }

    /// The readings, weakest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Combination> + '_ {
        self.items.iter().flatten().copied()
    }
}

/// Every reading of `cards` (spec "Combinations"): singles, pairs, triples, full houses,
/// straights (Mah Jong as 1), stairs, four-of-a-kind bombs, straight-flush bombs (suited sets
/// without the Phoenix or the Mah Jong), the Dog; the Phoenix standing for any rank 2..=Ace
/// except in bombs.
pub fn readings(cards: Cards) -> Readings {
    let len = cards.len();
    let phoenix = cards.has_phoenix();
    let counts = cards.count_word();
    // Group `v` nonzero ⇔ rank value `v` present (1 = Mah Jong).
    let present = (counts | (counts >> 1) | (counts >> 2)) & COUNT_LOW_BITS;
    if len == 1 {
        let key = if cards.has_dog() {
            return Readings::one(Kind::Dog, 1, 0);
        } else if cards.has_dragon() {
            DRAGON_KEY
        } else if phoenix {
            PHOENIX_LEAD_KEY
        } else {
            // The one card's rank value (Mah Jong 1).
            ((present.trailing_zeros() / 4) as u8).wrapping_mul(2)
        };
        return Readings::one(Kind::Single, 1, key);
    }
    if cards.has_dog() || cards.has_dragon() || present == 0 || len > 56 {
        return Readings::NONE;
    }
    let len = len as u8;
    // Popcounts are software loops on baseline x86-64: only the stairs need these two.
    let distinct = || Cards::ones(present) as u8;
    // Bit tricks on a non-zero `present` (checked above) and, for `rest`, one with two bits.
    let one_rank = present & present.wrapping_sub(1) == 0;
    let two_ranks = !one_rank && {
        let rest = present & present.wrapping_sub(1);
        rest & rest.wrapping_sub(1) == 0
    };
    let low = (present.trailing_zeros() / 4) as u8;
    let high = (63u32.saturating_sub(present.leading_zeros()) / 4) as u8;
    let span = high.saturating_sub(low).saturating_add(1);
    let naturals = len.saturating_sub(u8::from(phoenix)); // the Phoenix is one of the cards
    let mahjong = cards.has_mahjong();
    let fours = counts & (COUNT_LOW_BITS * 4) != 0;
    let max_count = if fours {
        4
    } else if counts & (counts >> 1) & COUNT_LOW_BITS != 0 {
        3
    } else if (counts >> 1) & COUNT_LOW_BITS != 0 {
        2
    } else {
        1
    };
    let singles = || Cards::ones(counts & !(counts >> 1) & !(counts >> 2) & COUNT_LOW_BITS) as u8;
    let count_of = |value: u8| ((counts >> (u32::from(value) * 4)) & 0xF) as u8;

    // Same rank: pair, triple, four of a kind (never with the Phoenix or the Mah Jong).
    if one_rank && !mahjong {
        let key = high.wrapping_mul(2);
        return match (len, phoenix) {
            (2, _) => Readings::one(Kind::Pair, 2, key),
            (3, _) => Readings::one(Kind::Triple, 3, key),
            (4, false) => Readings::one(Kind::FourOfAKind, 4, key),
            _ => Readings::NONE,
        };
    }
    // Full house: two ranks, 3 + 2, the Phoenix completing either.
    if len == 5 && two_ranks && !mahjong {
        let (a, b) = (low, high);
        return match (count_of(a), count_of(b), phoenix) {
            (3, 2, false) | (3, 1, true) => Readings::one(Kind::FullHouse, 5, a.wrapping_mul(2)),
            (2, 3, false) | (1, 3, true) => Readings::one(Kind::FullHouse, 5, b.wrapping_mul(2)),
            (2, 2, true) => Readings::two(Kind::FullHouse, 5, a.wrapping_mul(2), b.wrapping_mul(2)),
            _ => Readings::NONE,
        };
    }
    // Straight (or straight flush): every rank once, consecutive, 5+ cards.
    if len >= 5 && max_count == 1 {
        if !phoenix && span == naturals {
            if !mahjong && cards.is_suited() && is_flush(cards, low, high) {
                return Readings::one(Kind::StraightFlush, len, high.wrapping_mul(2));
            }
            return Readings::one(Kind::Straight, len, high.wrapping_mul(2));
        }
        if phoenix && span == naturals {
            // The Phoenix extends the run below (never as the 1) or above (never past the Ace).
            return match (low >= 3, high <= 13) {
                (true, true) => Readings::two(
                    Kind::Straight,
                    len,
                    high.wrapping_mul(2),
                    high.wrapping_add(1).saturating_mul(2),
                ),
                (false, true) => Readings::one(Kind::Straight, len, high.wrapping_add(1).saturating_mul(2)),
                (true, false) => Readings::one(Kind::Straight, len, high.wrapping_mul(2)),
                (false, false) => Readings::NONE,
            };
        }
        if phoenix && span == naturals.wrapping_add(1) {
            return Readings::one(Kind::Straight, len, high.wrapping_mul(2));
        }
        return Readings::NONE;
    }
    // Stairs: consecutive pairs; the Phoenix completes one of them.
    if len >= 4
        && len.is_multiple_of(2)
        && !mahjong
        && max_count == 2
        && span == distinct()
        && span.wrapping_mul(2) == len
        && singles() == u8::from(phoenix)
    {
        return Readings::one(Kind::Stairs, len, high.wrapping_mul(2));
    }
    Readings::NONE
}

/// Whether the (one-per-rank) cards of ranks `low..=high` (2..=14) share a suit.
fn is_flush(cards: Cards, low: u8, high: u8) -> bool {
    if low < 2 || high > 14 || low > high {
        return false;
    }
    // 2 ≤ low ≤ high ≤ 14 (checked above): both shifts are below 64.
    let run =
        (NATURAL_LOW_BITS >> (14u8.wrapping_sub(high) << 2)) & !((1u64 << (low.wrapping_sub(2) << 2)).wrapping_sub(1));
    (0..4).any(|suit| (cards.mask() >> suit) & run == run)
}

/// The strongest reading of `play` that is legal on `previous` (`None` = the lead), or `None`
/// when the play is illegal (or no combination). A lone Phoenix gets its value from the table.
pub fn resolve(previous: Option<Combination>, play: Cards) -> Option<Combination> {
    if play.len() == 1 && play.has_phoenix() {
        return phoenix_single_on(previous);
    }
    if cfg!(target_os = "none") {
        // Bare metal: by the move generator, one classifier in flash (tested equal).
        return super::moves::reading_of(previous, play);
    }
    readings(play).iter().rev().find(|reading| reading.beats(previous))
}

/// The previous play of the seed's form, read at its strongest: `None` for the lead (an empty
/// set); a lone Phoenix counts as led (1½). Errors: [`Error::PreviousIsDog`] (the Dog ends its
/// trick, nothing is played on it), [`Error::PreviousNotACombination`].
pub fn previous_play(previous: Cards) -> Result<Option<Combination>, Error> {
    if previous.is_empty() {
        return Ok(None);
    }
    // The strongest reading: every reading beats the lead (a lone Phoenix reads as led).
    match resolve(None, previous) {
        Some(reading) if reading.kind() == Kind::Dog => Err(Error::PreviousIsDog),
        Some(reading) => Ok(Some(reading)),
        None => Err(Error::PreviousNotACombination),
    }
}

/// The seed's function: is `play` legal on `previous` (an empty set = the lead)? The previous
/// play is read at its strongest; the play is legal if any reading beats it (spec
/// "Combinations"). An empty or non-combination `play` is illegal.
///
/// Errors: [`Error::PreviousIsDog`], [`Error::PreviousNotACombination`] and
/// [`Error::CardsOverlap`] (the two sets hold a card more often than the deck does: a fifth 7,
/// two Phoenixes, the same suited card).
///
/// ```
/// use parlor_core::tichu::{is_legal, Cards};
/// let cards = |text: &str| text.parse::<Cards>().unwrap();
/// assert_eq!(is_legal(cards("58304967"), cards("6P0594J7")), Ok(true));
/// assert_eq!(is_legal(cards("P7"), cards("66")), Ok(false));
/// assert_eq!(is_legal(cards("-"), cards("1234")), Ok(false));
/// ```
pub fn is_legal(previous: Cards, play: Cards) -> Result<bool, Error> {
    if !previous.is_disjoint_from(play) {
        return Err(Error::CardsOverlap);
    }
    let previous = previous_play(previous)?;
    Ok(resolve(previous, play).is_some())
}

/// Is `play` legal on the resolved `previous` (`None` = the lead)? The form an engine uses, where
/// a single on a Phoenix is judged against n + ½. Errors: [`Error::PreviousIsDog`] (the Dog ends
/// its trick, so nothing is played on it: spec "The previous play is never the Dog"), and
/// [`Error::CardsOverlap`] when the play holds the Phoenix and the previous play is a Phoenix
/// single (odd key).
///
/// ```
/// use parlor_core::tichu::{is_legal_after, Cards, Combination, Kind};
/// let on_phoenix = Combination::new(Kind::Single, 1, 19).unwrap(); // Phoenix on a 9: 9½
/// assert_eq!(is_legal_after(Some(on_phoenix), "9".parse::<Cards>().unwrap()), Ok(false));
/// assert_eq!(is_legal_after(Some(on_phoenix), "0".parse::<Cards>().unwrap()), Ok(true));
/// let dog = Combination::new(Kind::Dog, 1, 0).unwrap();
/// assert_eq!(is_legal_after(Some(dog), "5".parse::<Cards>().unwrap()), Err(parlor_core::tichu::Error::PreviousIsDog));
/// ```
pub fn is_legal_after(previous: Option<Combination>, play: Cards) -> Result<bool, Error> {
    if previous.is_some_and(|prev| prev.kind() == Kind::Dog) {
        return Err(Error::PreviousIsDog);
    }
    if let Some(prev) = previous
        && play.has_phoenix()
        && prev.kind() == Kind::Single
        && prev.key() % 2 == 1
    {
        return Err(Error::CardsOverlap);
    }
    Ok(resolve(previous, play).is_some())
}
