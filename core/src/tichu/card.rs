//! The 56-card deck and card sets as one 64-bit mask (spec "The deck").
//!
//! Layout of [`Cards`]' mask (also the C ABI's `uint64_t` card set):
//! - bits `4·(r−2) .. 4·(r−2)+3` — the natural rank `r` (2..=14, Ace = 14), one bit per suit
//!   (Jade, Sword, Pagoda, Star). In a *rank-only* set (the seed's notation) the suits are
//!   unknown and a rank held `c` times is stored as the lowest `c` bits (`0b1`, `0b11`, …);
//! - bit 52 Mah Jong, bit 53 Dog, bit 54 Phoenix, bit 55 Dragon;
//! - bit 63 — set when the suits are known (a *suited* set);
//! - bits 56..=62 are always zero.

use super::Error;
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout};

/// A natural rank 2..=14 (Jack 11, Queen 12, King 13, Ace 14). The Mah Jong's value 1 is not a
/// `Rank`: it is a special card.
// `FromBytes`: every byte pattern is a value to zerocopy (as it was under `TryFromBytes`, which
// checked nothing more but walked the bytes on every held-state view of the C ABI).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(transparent)]
pub struct Rank(u8);

impl Rank {
    /// Two, the lowest natural rank.
    pub const TWO: Rank = Rank(2);
    /// The Ace, the highest natural rank (14).
    pub const ACE: Rank = Rank(14);

    /// The rank of value `value` (2..=14), or `None`.
    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 2 && value <= 14 {
            Some(Rank(value))
        } else {
            None
        }
    }

    /// The value 2..=14.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// The seed notation's character: `2`–`9`, `0` for ten, `J Q K A`.
    pub const fn symbol(self) -> char {
        match self.0 {
            10 => '0',
            11 => 'J',
            12 => 'Q',
            13 => 'K',
            14 => 'A',
            v => (b'0' | (v % 10)) as char, // 0x30 | 0..=9: the digit, no arithmetic
        }
    }

    /// The rank of a notation character (`2`–`9`, `0` or `T` for ten, `J Q K A`).
    pub const fn from_symbol(c: char) -> Option<Rank> {
        match c {
            '2'..='9' => Rank::new((c as u8).wrapping_sub(b'0')),
            '0' | 'T' => Some(Rank(10)),
            'J' => Some(Rank(11)),
            'Q' => Some(Rank(12)),
            'K' => Some(Rank(13)),
            'A' => Some(Rank(14)),
            _ => None,
        }
    }

    /// The bit offset of this rank's 4-bit group in a [`Cards`] mask.
    pub(crate) const fn shift(self) -> u32 {
        // A rank is 2..=14 (checked at construction): 0..=48.
        (self.0 as u32).wrapping_sub(2).wrapping_mul(4)
    }

    /// All natural ranks, Two to Ace.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> + Clone {
        (2u8..=14).map(Rank)
    }
}

impl TryFrom<u8> for Rank {
    type Error = Error;
    /// The rank of a value 2..=14 (the C ABI's wish code), else [`Error::UnknownCode`] `{ what: "rank", .. }`.
    ///
    /// ```
    /// use parlor_core::tichu::{Error, Rank};
    /// assert_eq!(Rank::try_from(14), Ok(Rank::ACE));
    /// assert_eq!(Rank::try_from(1), Err(Error::UnknownCode { what: "rank", code: 1 })); // the Mah Jong is no rank
    /// ```
    fn try_from(value: u8) -> Result<Rank, Error> {
        Rank::new(value).ok_or(Error::UnknownCode {
            what: reason!("rank"),
            code: u32::from(value),
        })
    }
}

/// The four suits. Notation letters (lower case, after the rank): `j` Jade, `s` Sword,
/// `p` Pagoda, `t` Star (s is taken by Sword).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Jade, `j`.
    Jade = 0,
    /// Sword, `s`.
    Sword = 1,
    /// Pagoda, `p`.
    Pagoda = 2,
    /// Star, `t`.
    Star = 3,
}

impl Suit {
    /// The four suits in mask order.
    pub const ALL: [Suit; 4] = [Suit::Jade, Suit::Sword, Suit::Pagoda, Suit::Star];

    /// The notation letter.
    pub const fn letter(self) -> char {
        match self {
            Suit::Jade => 'j',
            Suit::Sword => 's',
            Suit::Pagoda => 'p',
            Suit::Star => 't',
        }
    }

    /// The suit of a notation letter.
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'j' => Some(Suit::Jade),
            's' => Some(Suit::Sword),
            'p' => Some(Suit::Pagoda),
            't' => Some(Suit::Star),
            _ => None,
        }
    }
}

impl TryFrom<u8> for Suit {
    type Error = Error;
    /// The suit of a code 0..=3 (its index in [`Suit::ALL`], the suit's bit in a rank group of a
    /// suited mask), else [`Error::UnknownCode`] `{ what: "suit", .. }`.
    fn try_from(code: u8) -> Result<Suit, Error> {
        Suit::ALL.get(usize::from(code)).copied().ok_or(Error::UnknownCode {
            what: reason!("suit"),
            code: u32::from(code),
        })
    }
}

/// One card. A natural card has a suit only in a suited set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    /// A natural card 2..=Ace, with its suit if known.
    Natural(Rank, Option<Suit>),
    /// The Mah Jong (value 1; a single or the 1 of a straight).
    MahJong,
    /// The Dog (alone, on the lead only; hands the lead to the partner).
    Dog,
    /// The Phoenix (wildcard; as a single, the previous single + ½).
    Phoenix,
    /// The Dragon (the highest single).
    Dragon,
}

impl Card {
    /// Card points (spec "Beyond the seed"): 5 → 5, ten and King → 10, Dragon 25, Phoenix −25.
    pub const fn points(self) -> i16 {
        match self {
            Card::Natural(rank, _) => match rank.0 {
                5 => 5,
                10 | 13 => 10,
                _ => 0,
            },
            Card::Dragon => 25,
            Card::Phoenix => -25,
            Card::MahJong | Card::Dog => 0,
        }
    }
}

pub(crate) const MAHJONG_BIT: u64 = 1 << 52;
pub(crate) const DOG_BIT: u64 = 1 << 53;
pub(crate) const PHOENIX_BIT: u64 = 1 << 54;
pub(crate) const DRAGON_BIT: u64 = 1 << 55;
pub(crate) const SUITED_BIT: u64 = 1 << 63;
const NATURAL_BITS: u64 = (1 << 52) - 1;
/// One bit per natural rank group (the low bit of each 4-bit group).
pub(crate) const NATURAL_LOW_BITS: u64 = NATURAL_BITS / 0xF;
/// One bit per 4-bit group of a [`Cards::count_word`] (ranks 0..=14).
pub(crate) const COUNT_LOW_BITS: u64 = ((1 << 60) - 1) / 0xF;
const SPECIAL_BITS: u64 = MAHJONG_BIT | DOG_BIT | PHOENIX_BIT | DRAGON_BIT;
/// Every bit a valid mask may have set.
const VALID_BITS: u64 = ((1 << 56) - 1) | SUITED_BIT;

/// A set of cards (a hand or a play), `Copy`, 8 bytes. Either *rank-only* (the seed's notation:
/// how many of each rank, no suits) or *suited* (every natural card has a known suit; needed for
/// straight-flush bombs). The specials never have a suit. See the module docs for the mask.
// `FromBytes`: every byte pattern is a value to zerocopy (as it was under `TryFromBytes`, which
// checked nothing more but walked the bytes on every held-state view of the C ABI).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, FromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(transparent)]
pub struct Cards(u64);

impl core::fmt::Debug for Cards {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Cards({self})")
    }
}

impl Cards {
    /// The empty set (the lead, as a previous play).
    pub const EMPTY: Cards = Cards(0);

    /// Clears the suited bit of a set without natural cards: such a set reads the same in both
    /// notations, so it has one form (and `Display`/`FromStr` round-trip exactly).
    const fn normalized(mask: u64) -> Cards {
        if mask & NATURAL_BITS == 0 {
            Cards(mask & !SUITED_BIT)
        } else {
            Cards(mask)
        }
    }

    /// The set of a raw mask, checked: no bits 56..=62, and in a rank-only set each rank's bits
    /// are a low run (`0b1`, `0b11`, `0b111`, `0b1111`). A set without natural cards is stored
    /// without the suited bit. Errors: [`Error::InvalidMask`].
    pub const fn from_mask(mask: u64) -> Result<Cards, Error> {
        if mask & !VALID_BITS != 0 {
            return Err(Error::InvalidMask);
        }
        if mask & SUITED_BIT == 0 {
            let mut shift = 0u32;
            while shift < 52 {
                let group = (mask >> shift) & 0xF;
                if group & group.wrapping_add(1) != 0 {
                    return Err(Error::InvalidMask);
                }
                shift = shift.wrapping_add(4);
            }
        }
        Ok(Cards::normalized(mask))
    }

    /// A set from a mask built inside the crate (known to follow the layout).
    pub(crate) const fn from_bits(mask: u64) -> Cards {
        Cards::normalized(mask)
    }

    /// Per-rank counts packed in 4-bit groups, group `v` holding the count of rank value `v`
    /// (1 = Mah Jong, 2..=14 naturals; group 0 is zero). Bit-parallel popcounts: the type checks
    /// of [`crate::tichu::readings`] are a few word operations instead of a loop.
    pub(crate) const fn count_word(self) -> u64 {
        let x = self.0 & NATURAL_BITS;
        // SWAR: each 4-bit field's sum fits in the field, so the adds never carry or wrap.
        let x = (x & (NATURAL_LOW_BITS * 5)).wrapping_add((x >> 1) & (NATURAL_LOW_BITS * 5));
        let x = (x & (NATURAL_LOW_BITS * 3)).wrapping_add((x >> 2) & (NATURAL_LOW_BITS * 3));
        (x << 8) | (((self.0 >> 52) & 1) << 4)
    }

    /// The raw mask (module docs).
    pub const fn mask(self) -> u64 {
        self.0
    }

    /// Whether the suits are known.
    pub const fn is_suited(self) -> bool {
        self.0 & SUITED_BIT != 0
    }

    /// How many cards.
    // Out of line on bare metal: a 64-bit population count is some 50 bytes of code on cores
    // without a popcount instruction (Cortex-M) and it has many callers; hosted builds keep it
    // inline for speed (is_legal is 10 % slower with a call).
    #[cfg_attr(target_os = "none", inline(never))]
    pub const fn len(self) -> usize {
        // By `ones`: one population count in a bare-metal image, not two.
        Cards::ones(self.0 & !SUITED_BIT) as usize
    }

    /// The number of bits set in `x`: `x.count_ones()`, out of line on bare metal as
    /// [`Cards::len`] (some 50 bytes of code a call site on cores without a popcount
    /// instruction); inline on hosted builds (no call on the paths the benchmarks time).
    #[cfg_attr(target_os = "none", inline(never))]
    pub(crate) const fn ones(x: u64) -> u32 {
        x.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 & !SUITED_BIT == 0
    }

    /// How many cards of natural rank `rank`.
    pub const fn count(self, rank: Rank) -> u8 {
        Cards::ones((self.0 >> rank.shift()) & 0xF) as u8
    }

    /// The 4-bit suit group of `rank` (rank-only: the low-run count form).
    pub(crate) const fn group(self, rank: Rank) -> u8 {
        ((self.0 >> rank.shift()) & 0xF) as u8
    }

    /// Whether the set holds the Mah Jong.
    pub const fn has_mahjong(self) -> bool {
        self.0 & MAHJONG_BIT != 0
    }
    /// Whether the set holds the Dog.
    pub const fn has_dog(self) -> bool {
        self.0 & DOG_BIT != 0
    }
    /// Whether the set holds the Phoenix.
    pub const fn has_phoenix(self) -> bool {
        self.0 & PHOENIX_BIT != 0
    }
    /// Whether the set holds the Dragon.
    pub const fn has_dragon(self) -> bool {
        self.0 & DRAGON_BIT != 0
    }

    /// Adds one card. Errors: [`Error::TooManyOfRank`] (a fifth card of a rank in rank-only
    /// notation), [`Error::DuplicateCard`] (a suited card or a special twice),
    /// [`Error::MixedNotation`] (a suited card in a rank-only set or the other way round).
    /// The spans of the errors are empty: the parser fills them in.
    pub fn insert(&mut self, card: Card) -> Result<(), Error> {
        let nowhere = crate::notation::Span::default();
        let bit = match card {
            Card::MahJong => MAHJONG_BIT,
            Card::Dog => DOG_BIT,
            Card::Phoenix => PHOENIX_BIT,
            Card::Dragon => DRAGON_BIT,
            Card::Natural(rank, suit) => {
                let group = self.group(rank);
                match suit {
                    Some(suit) => {
                        if !self.is_suited() && self.0 & NATURAL_BITS != 0 {
                            return Err(Error::MixedNotation { span: nowhere });
                        }
                        let bit = 1u8 << (suit as u8);
                        if group & bit != 0 {
                            return Err(Error::DuplicateCard { span: nowhere });
                        }
                        u64::from(bit) << rank.shift()
                    }
                    None => {
                        if self.is_suited() {
                            return Err(Error::MixedNotation { span: nowhere });
                        }
                        if group == 0xF {
                            return Err(Error::TooManyOfRank { rank, span: nowhere });
                        }
                        u64::from(group.wrapping_add(1)) << rank.shift() // group < 0xF
                    }
                }
            }
        };
        if bit & SPECIAL_BITS != 0 && self.0 & bit != 0 {
            return Err(Error::DuplicateCard { span: nowhere });
        }
        self.0 |= bit;
        if let Card::Natural(_, Some(_)) = card {
            self.0 |= SUITED_BIT;
        }
        Ok(())
    }

    /// Whether every card of `self` is in `hand` (rank-only: by counts; suited: by cards).
    /// Natural cards of a suited set are never within a rank-only one, nor the other way round.
    pub const fn is_subset_of(self, hand: Cards) -> bool {
        if self.0 & NATURAL_BITS != 0 && self.is_suited() != hand.is_suited() {
            return false;
        }
        // In both forms the groups are bit sets where inclusion is the right test (low runs).
        self.0 & !hand.0 == 0
    }

    /// `hand` without the cards of `self` (same form; `self` must be a subset, see
    /// [`Cards::is_subset_of`], else the result is unspecified but still a valid set).
    pub const fn removed_from(self, hand: Cards) -> Cards {
        if hand.is_suited() {
            return Cards::normalized(hand.0 & !(self.0 & !SUITED_BIT));
        }
        // Rank-only: subtract counts per rank.
        let mut mask = hand.0 & !(self.0 & (MAHJONG_BIT | DOG_BIT | PHOENIX_BIT | DRAGON_BIT));
        let mut shift = 0u32;
        while shift < 52 {
            let have = Cards::ones((hand.0 >> shift) & 0xF);
            let take = Cards::ones((self.0 >> shift) & 0xF);
            let left = have.saturating_sub(take);
            mask = (mask & !(0xF << shift)) | ((((1u64 << left).wrapping_sub(1)) & 0xF) << shift); // left ≤ 4
            shift = shift.wrapping_add(4);
        }
        Cards::normalized(mask)
    }

    /// Whether the two sets could be on the table together: no card twice (rank-only: at most
    /// four of a rank in all; specials at most once).
    pub const fn is_disjoint_from(self, other: Cards) -> bool {
        if self.0 & other.0 & SPECIAL_BITS != 0 {
            return false;
        }
        if self.is_suited() && other.is_suited() {
            return self.0 & other.0 & !SUITED_BIT == 0;
        }
        // Per-rank sums (at most 8, one 4-bit group each); a sum of 5 or more sets bit 3 of
        // its group once 3 is added.
        // SWAR: per-field counts of at most 4 + 4 fit their fields, so the adds never wrap.
        let sum = self.count_word().wrapping_add(other.count_word());
        sum.wrapping_add(COUNT_LOW_BITS * 3) & (COUNT_LOW_BITS * 8) == 0
    }

    /// The cards of both sets, or `None` when they cannot be on the table together
    /// ([`Cards::is_disjoint_from`]). Two suited sets give a suited set, and a set without
    /// natural cards takes the other's form; otherwise the result is rank-only (the suits of the
    /// suited set are dropped, counts added).
    ///
    /// ```
    /// use parlor_core::tichu::Cards;
    /// let cards = |text: &str| text.parse::<Cards>().unwrap();
    /// assert_eq!(cards("5j").joined(cards("Aj")), Some(cards("5jAj")));
    /// assert_eq!(cards("5jAj").joined(cards("AjAsApAt")), None);
    /// assert_eq!(cards("55").joined(cards("5s")), Some(cards("555")));
    /// ```
    pub const fn joined(self, other: Cards) -> Option<Cards> {
        if !self.is_disjoint_from(other) {
            return None;
        }
        // A set without natural cards has the same meaning in both forms.
        if (self.is_suited() && other.is_suited()) || self.0 & NATURAL_BITS == 0 || other.0 & NATURAL_BITS == 0 {
            return Some(Cards::normalized(self.0 | other.0));
        }
        let specials = (self.0 | other.0) & SPECIAL_BITS;
        // Disjoint: every rank's sum is at most 4, so each 4-bit group of the sum holds it.
        // (No carries: each group's sum is at most 4, so the wrapping forms are exact.)
        let sum = self.count_word().wrapping_add(other.count_word()) >> 8;
        let mut mask = specials;
        let mut shift = 0u32;
        while shift < 52 {
            let count = (sum >> shift) & 0xF;
            mask |= ((1u64 << count).wrapping_sub(1) & 0xF) << shift;
            shift = shift.wrapping_add(4);
        }
        Some(Cards::normalized(mask))
    }

    /// The first card of `other` (in [`Cards::iter`] order) that cannot be on the table together
    /// with `self`: a special card or suited card in both, or a rank held more than four times
    /// in all (a rank-only set counts against either form). `None` exactly when
    /// [`Cards::is_disjoint_from`] holds. Used to name the card in an [`Error::CardsOverlap`].
    ///
    /// ```
    /// use parlor_core::tichu::{Card, Cards, Rank};
    /// let cards = |text: &str| text.parse::<Cards>().unwrap();
    /// assert_eq!(cards("777").overlap(cards("577")), Rank::new(7).map(|r| Card::Natural(r, None)));
    /// assert_eq!(cards("P").overlap(cards("9P")), Some(Card::Phoenix));
    /// assert_eq!(cards("7j").overlap(cards("7s")), None);
    /// ```
    pub fn overlap(self, other: Cards) -> Option<Card> {
        let both_suited = self.is_suited() && other.is_suited();
        other.iter().find(|&card| match card {
            Card::Natural(rank, _) if !both_suited => self.count(rank).saturating_add(other.count(rank)) > 4,
            _ => {
                let mut single = Cards::EMPTY;
                single.insert(card).is_ok() && !self.is_disjoint_from(single)
            }
        })
    }

    /// The sum of the card points (see [`Card::points`]); −25..=100 for any set.
    pub fn points(self) -> i16 {
        // In closed form: 5 a Five, 10 a Ten or a King, the Dragon 25, the Phoenix −25
        // ([`Card::points`]); the ranks' counts from [`Cards::count_word`] (no loop over cards).
        let counts = self.count_word();
        // Rank value `v`'s count is the 4-bit group at bit 4·v: the Five at 20, the Ten at 40,
        // the King at 52.
        let count = |shift: u32| ((counts >> shift) & 0xF) as i16; // ≤ 4
        let fives = count(20);
        let tens = count(40).wrapping_add(count(52)); // ≤ 8
        let dragon = if self.0 & DRAGON_BIT != 0 { 25 } else { 0 };
        let phoenix = if self.0 & PHOENIX_BIT != 0 { 25 } else { 0 };
        // At most 4·5 + 8·10 + 25 = 125 and at least −25: no overflow.
        fives
            .wrapping_mul(5)
            .wrapping_add(tens.wrapping_mul(10))
            .wrapping_add(dragon)
            .wrapping_sub(phoenix)
    }

    /// The cards, Mah Jong first, then Two to Ace (suits in [`Suit::ALL`] order), Dragon,
    /// Phoenix, Dog — the order [`Display`](core::fmt::Display) prints.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        CardIter {
            left: self.0 & (NATURAL_BITS | SPECIAL_BITS),
            suited: self.is_suited(),
        }
    }
}

/// The cards of a set still to visit ([`Cards::iter`]): a plain bit walk rather than an adapter
/// chain, which compiles to a fraction of the code (flash on microcontrollers).
struct CardIter {
    left: u64,
    suited: bool,
}

impl Iterator for CardIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        let left = self.left;
        if left == 0 {
            return None;
        }
        // One bit: the Mah Jong (52) first, then the lowest natural bit (rank-major, suit bit
        // minor: module docs), then the specials highest first: Dragon (55), Phoenix (54), Dog
        // (53). One card built from its bit (the table of specials before: tested equal).
        let bit = if left & MAHJONG_BIT != 0 {
            52
        } else if left & NATURAL_BITS != 0 {
            left.trailing_zeros()
        } else {
            63u32.wrapping_sub(left.leading_zeros()) // left ≠ 0
        };
        self.left &= !(1u64 << bit);
        Some(match bit {
            52 => Card::MahJong,
            53 => Card::Dog,
            54 => Card::Phoenix,
            55 => Card::Dragon,
            _ => {
                let suit = if self.suited {
                    Suit::ALL.get((bit % 4) as usize).copied()
                } else {
                    None
                };
                Card::Natural(Rank(((bit / 4) as u8).wrapping_add(2)), suit) // bit < 52
            }
        })
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    use super::{Card, Cards, DOG_BIT, DRAGON_BIT, MAHJONG_BIT, PHOENIX_BIT, Rank, SUITED_BIT, Suit};

    /// The adapter chain `Cards::iter` replaced: Mah Jong, then every rank's suit bits in
    /// order, then Dragon, Phoenix, Dog.
    fn reference(cards: Cards) -> impl Iterator<Item = Card> {
        let suited = cards.is_suited();
        let naturals = Rank::all().flat_map(move |rank| {
            let group = cards.group(rank);
            (0u8..4)
                .filter(move |bit| group & (1 << bit) != 0)
                .map(move |bit| Card::Natural(rank, suited.then(|| Suit::ALL[usize::from(bit)])))
        });
        let tail = [
            (cards.has_dragon(), Card::Dragon),
            (cards.has_phoenix(), Card::Phoenix),
            (cards.has_dog(), Card::Dog),
        ];
        (cards.has_mahjong().then_some(Card::MahJong))
            .into_iter()
            .chain(naturals)
            .chain(tail.into_iter().filter_map(|(has, card)| has.then_some(card)))
    }

    #[test]
    fn iter_visits_the_cards_in_display_order() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for case in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Suited sets: any natural bits; rank-only sets: low-run groups (the count form).
            let specials = state & (MAHJONG_BIT | DOG_BIT | PHOENIX_BIT | DRAGON_BIT);
            let mask = if case % 2 == 0 {
                (state & ((1 << 52) - 1)) | specials | SUITED_BIT
            } else {
                let mut naturals = 0u64;
                for rank in 0..13 {
                    let count = (state >> (rank * 3)) % 5;
                    naturals |= ((1u64 << count) - 1) << (rank * 4);
                }
                naturals | specials
            };
            let cards = Cards::from_bits(mask);
            assert!(cards.iter().eq(reference(cards)), "mask {mask:#x}");
            assert_eq!(cards.iter().count(), cards.len(), "mask {mask:#x}");
            // `Cards::points` in closed form against the sum of the cards' points.
            let summed: i16 = reference(cards).map(Card::points).sum();
            assert_eq!(cards.points(), summed, "mask {mask:#x}");
        }
        let hand: Cards = "1 2j 2s 9p At R P D".parse().unwrap_or(Cards::EMPTY);
        let mut it = hand.iter();
        assert_eq!(it.next(), Some(Card::MahJong));
        assert_eq!(it.next(), Rank::new(2).map(|two| Card::Natural(two, Some(Suit::Jade))));
        assert_eq!(hand.iter().last(), Some(Card::Dog));
        assert_eq!(hand.iter().count(), 8);
    }

    /// What the play and the round ask instead of `removed_from` (a trick's player out when the
    /// play is as long as the hand; a round's hand less the play's deck bits) against it, for
    /// every subset drawn of random suited hands and their rank-only forms.
    #[test]
    fn lengths_and_bits_are_removed_from() {
        let mut rng = crate::game::Rng::new(23);
        let deck = (1u64 << 56) - 1;
        let suited = |bits: u64| {
            let bits = bits & deck;
            Cards::from_bits(bits | if bits & ((1 << 52) - 1) != 0 { SUITED_BIT } else { 0 })
        };
        let rank_only = |cards: Cards| {
            let mut mask = cards.mask() & (0xF << 52);
            for rank in Rank::all() {
                mask |= ((1u64 << cards.count(rank)) - 1) << rank.shift();
            }
            Cards::from_bits(mask)
        };
        let mut whole = 0usize;
        for round in 0..200_000 {
            let mut bits = 0u64;
            let len = 1 + rng.below(14);
            while bits.count_ones() < len {
                bits |= 1u64 << rng.below(56);
            }
            let hand = suited(bits);
            let play = suited(if round % 5 == 0 { bits } else { bits & rng.next_u64() });
            let left = play.removed_from(hand);
            assert_eq!(suited(hand.mask() & !play.mask()), left, "{hand} {play}");
            assert_eq!(play.len() == hand.len(), left.is_empty(), "{hand} {play}");
            let (hand, play) = (rank_only(hand), rank_only(play));
            assert!(play.is_subset_of(hand));
            assert_eq!(
                play.len() == hand.len(),
                play.removed_from(hand).is_empty(),
                "{hand} {play}"
            );
            whole += usize::from(left.is_empty());
        }
        assert!(whole > 30_000, "{whole}");
    }
}
