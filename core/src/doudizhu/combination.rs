//! The combination model: the 14 kinds, readings, rule presets, classification and beating
//! (spec "The thirteen combination types" and "Readings").

use core::fmt;

use super::cards::{Cards, RANKS, Rank};
use super::moves::count_masks_of_words;
use zerocopy::{Immutable, IntoBytes, KnownLayout, TryFromBytes};

/// The kinds of combination: the seed's 13 types, with quad + two split into its two forms,
/// and Botzone's chain of quads.
///
/// The discriminant is the kind's code (`0..=14`, also the C ABI's `PARLOR_DOUDIZHU_KIND_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum Kind {
    /// Type 1: any one card.
    Single = 0,
    /// Type 2: two cards of a rank 3 … 2 (two jokers are the rocket, not a pair).
    Pair,
    /// Type 3: three cards of a rank.
    Triplet,
    /// Type 4: a triplet and one card of another rank; keyed by the triplet.
    TripletSingle,
    /// Type 5: a triplet and a pair of another rank; keyed by the triplet.
    TripletPair,
    /// Type 6: 5+ consecutive ranks within 3 … A; keyed by the lowest rank.
    Sequence,
    /// Type 7: 3+ consecutive pairs within 3 … A; keyed by the lowest rank.
    PairSequence,
    /// Type 8: 2+ consecutive triplets within 3 … A ("airplane"); keyed by the lowest rank.
    Airplane,
    /// Type 9: an airplane with one attached card per triplet ("single wings").
    AirplaneSingles,
    /// Type 10: an airplane with one attached pair per triplet ("pair wings").
    AirplanePairs,
    /// Type 11: four of a rank.
    Bomb,
    /// Type 12: both jokers; beats everything.
    Rocket,
    /// Type 13, first form: a quad with two single cards.
    QuadSingles,
    /// Type 13, second form: a quad with two pairs.
    QuadPairs,
    /// Botzone's chain of quads (航天飞机): 2+ consecutive quads within 3 … A, keyed by the
    /// lowest rank; only with [`Preset::quad_chains`]. Not a bomb. Its winged forms are
    /// [`Kind::QuadSingles`] / [`Kind::QuadPairs`] with a chain of 2+.
    QuadChain,
}

impl Kind {
    /// Every kind, in code order.
    pub const ALL: [Kind; 15] = [
        Kind::Single,
        Kind::Pair,
        Kind::Triplet,
        Kind::TripletSingle,
        Kind::TripletPair,
        Kind::Sequence,
        Kind::PairSequence,
        Kind::Airplane,
        Kind::AirplaneSingles,
        Kind::AirplanePairs,
        Kind::Bomb,
        Kind::Rocket,
        Kind::QuadSingles,
        Kind::QuadPairs,
        Kind::QuadChain,
    ];

    /// The kind's name as the CLI prints it, in kebab-case like every printed kind name
    /// (`single`, `pair`, …, `quad-pairs`, `quad-chain`).
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Triplet => "triplet",
            Kind::TripletSingle => "triplet-single",
            Kind::TripletPair => "triplet-pair",
            Kind::Sequence => "sequence",
            Kind::PairSequence => "pair-sequence",
            Kind::Airplane => "airplane",
            Kind::AirplaneSingles => "airplane-singles",
            Kind::AirplanePairs => "airplane-pairs",
            Kind::Bomb => "bomb",
            Kind::Rocket => "rocket",
            Kind::QuadSingles => "quad-singles",
            Kind::QuadPairs => "quad-pairs",
            Kind::QuadChain => "quad-chain",
        }
    }

    /// The kind of code `code` (`0..=14`), or `None`.
    #[allow(clippy::indexing_slicing)] // in range: checked just before (`get` is not `const`)
    pub const fn from_code(code: u8) -> Option<Kind> {
        if (code as usize) < Kind::ALL.len() {
            Some(Kind::ALL[code as usize])
        } else {
            None
        }
    }
}

impl TryFrom<u8> for Kind {
    type Error = super::Error;
    /// The kind of code `0..=14` (the C ABI's `PARLOR_DOUDIZHU_KIND_*`); other codes are
    /// [`Error::UnknownCode`](super::Error::UnknownCode) `{ what: "kind", .. }`.
    fn try_from(code: u8) -> Result<Kind, super::Error> {
        Kind::from_code(code).ok_or(super::Error::UnknownCode {
            what: reason!("kind"),
            code: u32::from(code),
        })
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One way to read a card set as a combination.
///
/// `chain` is the number of ranks in the main part (5+ for a sequence, 3+ for a pair
/// sequence, 2+ for an airplane of any kind and for a quad chain, 1 or — Botzone's quad chains
/// with wings — 2+ for a quad + two, 1 otherwise); `key` is the main part's rank, its
/// lowest rank for a chain (spec: keyed by the triplet / quad / rank and length).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Reading {
    /// The combination kind.
    pub kind: Kind,
    /// Ranks in the main part (chain length; 1 for kinds without a chain).
    pub chain: u8,
    /// The key rank: the main part's rank, or a chain's lowest rank.
    pub key: Rank,
}

impl Reading {
    /// Whether this reading beats `prev` (spec "Beating"): the rocket beats all; a bomb beats
    /// all but a higher bomb and the rocket; otherwise the same kind, the same chain length
    /// (hence the same number of cards) and a higher key. A quad + two beats only a lower quad
    /// + two of the same form (and chain length).
    pub fn beats(&self, prev: &Reading) -> bool {
        match (self.kind, prev.kind) {
            (_, Kind::Rocket) => false,
            (Kind::Rocket, _) => true,
            (Kind::Bomb, Kind::Bomb) => self.key > prev.key,
            (Kind::Bomb, _) => true,
            (_, Kind::Bomb) => false,
            (a, b) => a == b && self.chain == prev.chain && self.key > prev.key,
        }
    }

    /// The strength order used to pick a set's strongest reading: rocket, then bombs by key,
    /// then any other reading by key, a longer chain first on equal keys.
    /// One number: the class (2, 1, 0) above the key above the chain length, a byte each.
    fn strength(&self) -> u32 {
        let class = match self.kind {
            Kind::Rocket => 2,
            Kind::Bomb => 1,
            _ => 0,
        };
        class << 16 | u32::from(self.key as u8) << 8 | u32::from(self.chain)
    }
}

impl fmt::Display for Reading {
    /// `kind` for kinds without a chain, else `kind/length`, then `@key`: `airplane-singles/2@Q`
    /// (a quad + two shows its length only when it is a chain: `quad-singles/2@3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl Reading {
    /// [`Reading`]'s `Display` text written piece by piece to any writer (no `core::fmt::write`
    /// on the path: the C view writes it).
    pub(crate) fn write_to(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(self.kind.name())?;
        let chained = match self.kind {
            Kind::Sequence
            | Kind::PairSequence
            | Kind::Airplane
            | Kind::AirplaneSingles
            | Kind::AirplanePairs
            | Kind::QuadChain => true,
            Kind::QuadSingles | Kind::QuadPairs => self.chain > 1,
            _ => false,
        };
        if chained {
            out.write_char('/')?;
            crate::notation::Dec::from(self.chain).write_to(out)?;
        }
        out.write_char('@')?;
        out.write_char(self.key.symbol())
    }
}

/// The most readings one card set can have under any preset (a plain four-triplet airplane
/// under OpenSpiel reads three ways; see `docs/doudizhu.md`).
pub const MAX_READINGS: usize = 4;

/// Every reading of one card set, strongest first (see [`Readings::strongest`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    items: [Option<Reading>; MAX_READINGS],
    len: u8,
}

impl Readings {
    const EMPTY: Readings = Readings {
        items: [None; MAX_READINGS],
        len: 0,
    };

    /// Inserts `reading` in strength order (strongest first; after the readings as strong, as a
    /// stable sort puts it): the readings after it move down one place. The classifier's one
    /// sort (insertion at each push, no pass of its own; a set has at most
    /// [`MAX_READINGS`]).
    fn push(&mut self, reading: Reading) {
        let mut carry = Some(reading);
        for slot in self.items.iter_mut() {
            let Some(r) = carry else { break };
            if slot.is_none_or(|x| x.strength() < r.strength()) {
                carry = slot.replace(r);
            }
        }
        // The array had room (or a reading fell off its end: then it stays full).
        if carry.is_none() {
            self.len = self.len.saturating_add(1);
        }
    }

    /// The readings, strongest first.
    pub fn iter(&self) -> impl Iterator<Item = Reading> + '_ {
        self.items.iter().flatten().copied()
    }

    /// The number of readings (0 when the set is no combination).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the set is no combination at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The strongest reading: the one a previous play is read at (spec "Readings").
    /// Order: rocket, bombs by key, then other readings by key, longer chain first on ties.
    pub fn strongest(&self) -> Option<Reading> {
        self.items.first().copied().flatten()
    }

    /// Whether some reading beats the strongest reading of `prev`; with `prev` empty (no
    /// previous play), whether this is a combination at all.
    pub fn beats(&self, prev: &Readings) -> bool {
        match prev.strongest() {
            None => !self.is_empty(),
            Some(p) => self.iter().any(|r| r.beats(&p)),
        }
    }
}

/// A rule preset: the house-rule flags that differ between platforms (spec "Readings";
/// flag by flag in `docs/doudizhu.md`). Presets are plain data; build your own if needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Preset {
    /// Most cards of one rank among an airplane's single wings: 1 = the wings differ from
    /// each other (seed), 2 = a pair may be used as two wings, 3 = a triplet may too
    /// (RLCard, OpenSpiel), 4 = even a quad. Values above 4 act as 4.
    pub wing_copies: u8,
    /// With `wing_copies >= 3`: whether the single wings may be a triplet of the rank just
    /// below or above the chain (OpenSpiel: yes, such a set then has two readings; RLCard: no,
    /// it would be the longer airplane).
    pub wing_triplet_next_to_chain: bool,
    /// Whether the two jokers may both be attached as kickers (airplane single wings, quad +
    /// two singles). No preset allows it: the seed forbids it, RLCard and OpenSpiel lack it.
    pub both_jokers_as_kickers: bool,
    /// Whether quad + two singles may attach a pair as its two singles (`444455`): RLCard yes.
    pub quad_pair_as_singles: bool,
    /// Whether quad + two exists at all (OpenSpiel has no such action).
    pub quad_with_two: bool,
    /// The most cards one play may hold; larger sets are no combination. RLCard and OpenSpiel
    /// stop at 20 (the landlord's hand); the seed sets no limit beyond the definitions (54).
    pub max_cards: u8,
    /// Botzone's chains of quads (航天飞机): 2+ consecutive quads within 3 … A alone
    /// ([`Kind::QuadChain`]), with two different single cards per quad ([`Kind::QuadSingles`]
    /// of chain 2+; both jokers only with [`Preset::both_jokers_as_kickers`]) or with two
    /// different pairs per quad ([`Kind::QuadPairs`] of chain 2+). No other preset has them.
    pub quad_chains: bool,
}

impl Preset {
    /// The seed's rules (HDU 4032 / Pagat wording), the default: wings all different, never
    /// both jokers as kickers, quad + two with two different singles or two different pairs.
    pub const PAGAT: Preset = Preset {
        wing_copies: 1,
        wing_triplet_next_to_chain: false,
        both_jokers_as_kickers: false,
        quad_pair_as_singles: false,
        quad_with_two: true,
        max_cards: 54,
        quad_chains: false,
    };

    /// RLCard's Dou Dizhu (its action table: 27,471 plays, one type each): wings may repeat a
    /// rank up to three times but not form a triplet next to the chain, quad + two singles may
    /// be a pair, never both jokers as kickers.
    pub const RLCARD: Preset = Preset {
        wing_copies: 3,
        wing_triplet_next_to_chain: false,
        both_jokers_as_kickers: false,
        quad_pair_as_singles: true,
        quad_with_two: true,
        max_cards: 20,
        quad_chains: false,
    };

    /// OpenSpiel's `dou_dizhu` (26,053 play actions over 25,661 card sets): wings may repeat a
    /// rank up to three times, also next to the chain; no quad + two; never both jokers.
    pub const OPENSPIEL: Preset = Preset {
        wing_copies: 3,
        wing_triplet_next_to_chain: true,
        both_jokers_as_kickers: false,
        quad_pair_as_singles: false,
        quad_with_two: false,
        max_cards: 20,
        quad_chains: false,
    };

    /// DouZero's move generator (`kwai/DouZero`, `douzero/env/move_generator.py`): RLCard's
    /// plays, except that the kickers are any cards left — both jokers may be kickers
    /// (`2222BR`, `333444BR`) and airplane single wings may be a quad (`3334445556667777`) —
    /// and a wing triplet next to the chain is a second reading.
    pub const DOUZERO: Preset = Preset {
        wing_copies: 4,
        wing_triplet_next_to_chain: true,
        both_jokers_as_kickers: true,
        quad_pair_as_singles: true,
        quad_with_two: true,
        max_cards: 20,
        quad_chains: false,
    };

    /// Botzone's FightTheLandlord judge (`FightTheLandlord2`, ailab-pku/botzone-local): wings
    /// and kickers all of different ranks (never a pair as two singles), both jokers may be
    /// kickers (`333444BR`, `2222BR`), chains of quads with or without wings, no size limit
    /// beyond the definitions.
    pub const BOTZONE: Preset = Preset {
        wing_copies: 1,
        wing_triplet_next_to_chain: false,
        both_jokers_as_kickers: true,
        quad_pair_as_singles: false,
        quad_with_two: true,
        max_cards: 54,
        quad_chains: true,
    };
}

impl Default for Preset {
    fn default() -> Preset {
        Preset::PAGAT
    }
}

/// The named presets, with their C ABI codes (`PARLOR_DOUDIZHU_PRESET_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum PresetId {
    /// [`Preset::PAGAT`], code 0, the default.
    #[default]
    Pagat = 0,
    /// [`Preset::RLCARD`], code 1.
    Rlcard = 1,
    /// [`Preset::OPENSPIEL`], code 2.
    Openspiel = 2,
    /// [`Preset::BOTZONE`], code 3.
    Botzone = 3,
    /// [`Preset::DOUZERO`], code 4.
    Douzero = 4,
}

impl PresetId {
    /// The preset's rules.
    pub const fn preset(self) -> Preset {
        match self {
            PresetId::Pagat => Preset::PAGAT,
            PresetId::Rlcard => Preset::RLCARD,
            PresetId::Openspiel => Preset::OPENSPIEL,
            PresetId::Botzone => Preset::BOTZONE,
            PresetId::Douzero => Preset::DOUZERO,
        }
    }

    /// The preset of code `code`, or `None`.
    pub const fn from_code(code: u8) -> Option<PresetId> {
        match code {
            0 => Some(PresetId::Pagat),
            1 => Some(PresetId::Rlcard),
            2 => Some(PresetId::Openspiel),
            3 => Some(PresetId::Botzone),
            4 => Some(PresetId::Douzero),
            _ => None,
        }
    }

    /// The preset of name `pagat`, `rlcard`, `openspiel`, `botzone` or `douzero` (ASCII case
    /// ignored), or `None`.
    pub fn from_name(name: &str) -> Option<PresetId> {
        [
            PresetId::Pagat,
            PresetId::Rlcard,
            PresetId::Openspiel,
            PresetId::Botzone,
            PresetId::Douzero,
        ]
        .into_iter()
        .find(|id| id.name().eq_ignore_ascii_case(name))
    }

    /// The preset's name: `pagat`, `rlcard`, `openspiel`, `botzone` or `douzero`.
    pub const fn name(self) -> &'static str {
        match self {
            PresetId::Pagat => "pagat",
            PresetId::Rlcard => "rlcard",
            PresetId::Openspiel => "openspiel",
            PresetId::Botzone => "botzone",
            PresetId::Douzero => "douzero",
        }
    }
}

impl TryFrom<u8> for PresetId {
    type Error = super::Error;
    /// The preset of code 0 (pagat), 1 (rlcard), 2 (openspiel), 3 (botzone) or 4 (douzero), the C ABI's
    /// `PARLOR_DOUDIZHU_PRESET_*`; other codes are
    /// [`Error::UnknownCode`](super::Error::UnknownCode) `{ what: "preset", .. }`.
    ///
    /// ```
    /// use parlor_core::doudizhu::{Error, PresetId};
    /// assert_eq!(PresetId::try_from(1), Ok(PresetId::Rlcard));
    /// assert_eq!(PresetId::try_from(3), Ok(PresetId::Botzone));
    /// assert_eq!(PresetId::try_from(5), Err(Error::UnknownCode { what: "preset", code: 5 }));
    /// ```
    fn try_from(code: u8) -> Result<PresetId, super::Error> {
        PresetId::from_code(code).ok_or(super::Error::UnknownCode {
            what: reason!("preset"),
            code: u32::from(code),
        })
    }
}

impl TryFrom<u8> for Preset {
    type Error = super::Error;
    /// The rules of preset code `code` (see [`PresetId`]'s `TryFrom<u8>`); other codes are
    /// [`Error::UnknownCode`](super::Error::UnknownCode).
    fn try_from(code: u8) -> Result<Preset, super::Error> {
        PresetId::try_from(code).map(PresetId::preset)
    }
}

impl From<PresetId> for Preset {
    fn from(id: PresetId) -> Preset {
        id.preset()
    }
}

/// Whether `classify(cards, preset)` holds the reading `r`: for a single, pair, triplet or bomb
/// (most plays) by the classifier's own test for that reading — `n` cards, all of the key's
/// rank, within the size limit (a pair, triplet or bomb is of a suited rank: a set holds one
/// joker of each at most); every other kind but the rocket by the classifier's test of that
/// one shape at that one start ([`Counted::reads`]); the rocket by `classify`. The legality
/// test of every play `apply` is given.
pub(crate) fn reads_as(cards: &Cards, r: &Reading, preset: &Preset) -> bool {
    let need = match r.kind {
        Kind::Single => 1u8,
        Kind::Pair => 2,
        Kind::Triplet => 3,
        Kind::Bomb => 4,
        _ => {
            return match SHAPES.iter().find(|s| s.3 == r.kind || s.4 == r.kind) {
                Some(shape) => {
                    Counted::of(cards).reads(shape, usize::from(r.chain), r.key as usize, preset) == Some(r.kind)
                }
                None => classify(cards, preset).iter().any(|x| x == *r),
            };
        }
    };
    r.chain == 1 && cards.count(r.key) == need && cards.len() == usize::from(need) && need <= preset.max_cards
}

/// The index of the last rank a chain may use (the ace).
pub(crate) const CHAIN_TOP: usize = Rank::Ace as usize;

/// Bit mask of every rank (bits 0..=14).
pub(super) const ALL_RANKS: u16 = (1 << RANKS) - 1;

/// The ranks a chain may use, 3 … A (bits 0..=11).
const CHAIN_RANKS: u16 = (1 << (CHAIN_TOP + 1)) - 1;

/// The two jokers' bits.
const JOKERS: u16 = (1 << Rank::BlackJoker as usize) | (1 << Rank::RedJoker as usize);

/// The rank of a mask bit the classifier found set: bits above the ranks are never set (masks
/// are built from a card set's counts), so the fallback is unreachable (asserted in debug).
pub(super) fn rank(index: usize) -> Rank {
    debug_assert!(index < RANKS, "doudizhu classifier: rank index {index}");
    Rank::from_index(index).unwrap_or(Rank::RedJoker)
}

/// `len` consecutive bits from `start`.
pub(super) fn run(start: usize, len: usize) -> u16 {
    let ones = 1u32.checked_shl(len as u32).map_or(u32::MAX, |b| b.wrapping_sub(1)); // b ≥ 1
    // A run starting past the 32 bits holds no rank: 0 is the true answer.
    (ones.checked_shl(start as u32).unwrap_or(0) & u32::from(ALL_RANKS)) as u16
}

/// A shape of combination: `(per, wing, pairs, one, chained)` (see [`SHAPES`]).
type Shape = (u8, u8, bool, Kind, Kind);

/// The shapes of every combination but the rocket, as [`classify`] reads them: a main part of
/// `len` consecutive ranks holding exactly `per` cards each, and `wing` more cards per main
/// rank outside it — single cards, or pairs when `pairs` (a pair is two cards of one rank
/// held exactly twice). The kind is `one` when the main part is one rank, `chained` when it is
/// a chain of 2+ ranks within 3 … A.
const SHAPES: [Shape; 8] = [
    (1, 0, false, Kind::Single, Kind::Sequence),
    (2, 0, false, Kind::Pair, Kind::PairSequence),
    (3, 0, false, Kind::Triplet, Kind::Airplane),
    (4, 0, false, Kind::Bomb, Kind::QuadChain),
    (3, 1, false, Kind::TripletSingle, Kind::AirplaneSingles),
    (3, 2, true, Kind::TripletPair, Kind::AirplanePairs),
    (4, 2, false, Kind::QuadSingles, Kind::QuadSingles),
    (4, 4, true, Kind::QuadPairs, Kind::QuadPairs),
];

/// A card set as the classifier sees it: its size and, per `k` = 1 … 4, the ranks holding at
/// least `k` cards (`at_least[k - 1]`).
struct Counted {
    n: usize,
    at_least: [u16; 4],
}

impl Counted {
    fn of(cards: &Cards) -> Counted {
        Counted {
            n: cards.len(),
            at_least: count_masks_of_words(cards.words()),
        }
    }

    /// The ranks holding exactly `k` cards (`k` = 1 … 4; none for other `k`, a true answer).
    fn exactly(&self, k: usize) -> u16 {
        let at = |i: usize| self.at_least.get(i).copied().unwrap_or(0);
        at(k.wrapping_sub(1)) & !at(k)
    }

    /// The kind the set reads as in `shape` with its main part the `len` ranks from `start`
    /// under `preset`, if it does: the size is the shape's for `len`, within the limit; a chain
    /// is long enough (of quads only with Botzone's chains, a quad + two only where the rules
    /// have it); the main ranks hold exactly `per` cards; the other ranks are its wings (none,
    /// pairs, or singles: at most `cap` cards of a rank — a quad's kickers one, or two with
    /// `quad_pair_as_singles` for a quad + two — both jokers only where allowed, and with
    /// `cap` ≥ 3, unless the rules allow it, no triplet just below or above the chain).
    fn reads(&self, shape: &Shape, len: usize, start: usize, preset: &Preset) -> Option<Kind> {
        let &(per, wing, pairs, one, chained) = shape;
        let [m1, _, m3, _] = self.at_least;
        let quad = per == 4;
        let chain_kind = len > 1;
        let least = match per {
            1 => 5,
            2 => 3,
            _ => 2,
        };
        if self.n == 0
            || self.n > usize::from(preset.max_cards)
            || Some(self.n) != len.checked_mul(usize::from(per.saturating_add(wing)))
            || (chain_kind && (len < least || (quad && !preset.quad_chains)))
            || (!chain_kind && quad && wing > 0 && !preset.quad_with_two)
        {
            return None;
        }
        let chain = run(start, len);
        let main = self.exactly(usize::from(per));
        if main & chain != chain || (chain_kind && chain & !CHAIN_RANKS != 0) {
            return None;
        }
        let cap = if quad {
            if !chain_kind && preset.quad_pair_as_singles {
                2
            } else {
                1
            }
        } else {
            preset.wing_copies.clamp(1, 4)
        };
        // The ranks no wing may be (the main part's masked off below).
        let refused = if wing == 0 {
            m1
        } else if pairs {
            m1 & !self.exactly(2)
        } else {
            let next_to_chain = if cap >= 3 && !preset.wing_triplet_next_to_chain {
                m3 & (chain << 1 | chain >> 1) & CHAIN_RANKS
            } else {
                0
            };
            let jokers = if m1 & JOKERS == JOKERS && !preset.both_jokers_as_kickers {
                JOKERS
            } else {
                0
            };
            self.at_least.get(usize::from(cap)).copied().unwrap_or(0) | next_to_chain | jokers
        };
        (refused & !chain == 0).then_some(if chain_kind { chained } else { one })
    }
}

/// Every reading of `cards` under `preset`, strongest first; empty if it is no combination.
///
/// ```
/// use parlor_core::doudizhu::{classify, Cards, Kind, Preset};
/// let set: Cards = "33344456".parse()?;
/// let readings = classify(&set, &Preset::PAGAT);
/// let only = readings.strongest().unwrap();
/// assert_eq!((only.kind, only.chain, only.key.symbol()), (Kind::AirplaneSingles, 2, '3'));
/// // A plain four-triplet airplane reads three ways under OpenSpiel's rules.
/// let plane: Cards = "333444555666".parse()?;
/// assert_eq!(classify(&plane, &Preset::OPENSPIEL).len(), 3);
/// assert_eq!(classify(&plane, &Preset::PAGAT).len(), 1);
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
pub fn classify(cards: &Cards, preset: &Preset) -> Readings {
    let mut out = Readings::EMPTY;
    let set = Counted::of(cards);
    let n = set.n;
    if n == 0 || n > usize::from(preset.max_cards) {
        return out;
    }
    let push = |out: &mut Readings, kind, chain: usize, key: usize| {
        out.push(Reading {
            kind,
            chain: chain as u8, // ≤ 12: a chain within 3 … A, or 1
            key: rank(key),
        });
    };
    if n == 2 && set.at_least[0] & JOKERS == JOKERS {
        push(&mut out, Kind::Rocket, 1, Rank::BlackJoker as usize);
        return out;
    }
    // Each shape whose size divides `n` has one main length; every rank holding exactly `per`
    // cards may start its main part.
    for shape in &SHAPES {
        let &(per, wing, ..) = shape;
        let main = set.exactly(usize::from(per));
        let unit = usize::from(per.saturating_add(wing));
        if main == 0 || !n.is_multiple_of(unit) {
            continue;
        }
        let len = n.checked_div(unit).unwrap_or(0); // unit ≥ 1
        let mut starts = main;
        while starts != 0 {
            let start = starts.trailing_zeros() as usize; // < 15
            starts &= starts.wrapping_sub(1);
            if let Some(kind) = set.reads(shape, len, start, preset) {
                push(&mut out, kind, len, start);
            }
        }
    }
    out
}

/// Whether the two cards `rest` are valid kickers of a quad + two singles (the quad walk's
/// test before session 22, kept for its reference).
#[cfg(test)]
pub(crate) fn quad_singles_ok(rest: &[u8; RANKS], preset: &Preset) -> bool {
    // The jokers are the last two ranks.
    let [.., black, red] = *rest;
    let jokers = black > 0 && red > 0;
    if jokers && !preset.both_jokers_as_kickers {
        return false;
    }
    rest.iter().all(|&c| c <= 1 || (c == 2 && preset.quad_pair_as_singles))
}

/// Whether `play` may follow `prev` (spec "Beating", "Readings"): with `prev` empty (a lead),
/// whether `play` is a combination; otherwise whether some reading of `play` beats the
/// strongest reading of `prev`. An empty `play` (a pass) beats nothing.
///
/// # Errors
/// [`super::Error::NotACombination`] if `prev` is neither empty nor a combination.
///
/// ```
/// use parlor_core::doudizhu::{beats, Cards, Preset};
/// let p = |s: &str| s.parse::<Cards>().unwrap();
/// assert_eq!(beats(&p("8889"), &p("999A"), &Preset::PAGAT), Ok(true));
/// assert_eq!(beats(&p("666689"), &p("3333"), &Preset::PAGAT), Ok(true)); // any bomb
/// assert_eq!(beats(&p("3333"), &p("777789"), &Preset::PAGAT), Ok(false));
/// ```
pub fn beats(prev: &Cards, play: &Cards, preset: &Preset) -> Result<bool, super::Error> {
    let prev_readings = classify(prev, preset);
    if !prev.is_empty() && prev_readings.is_empty() {
        return Err(super::Error::NotACombination);
    }
    if play.is_empty() {
        return Ok(false);
    }
    Ok(classify(play, preset).beats(&prev_readings))
}
