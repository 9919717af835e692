//! Naive reference for Dou Dizhu (Fight the Landlord), written from `docs/rules/doudizhu.md`
//! and the original task's examples (`tests/vectors/doudizhu_seed.tsv`), independent of
//! `parlor_core::doudizhu`. Brute force on purpose: a disagreement with the core is a bug in one
//! of the two.
//!
//! # API in one screen
//!
//! - A hand (any card set) is a [`Hand`] = `[u8; 15]` of rank counts: index 0 = rank 3, …,
//!   7 = T, …, 11 = A, 12 = 2, 13 = black joker `B`, 14 = red joker `R`. Valid: 0–4 of each
//!   rank 3…2, 0–1 of each joker ([`is_valid`]).
//! - [`parse`]`(&str) -> Result<Hand, String>`: one character per card `3456789TJQKA2BR`, `10`
//!   for ten too, either case; `-` or empty = no cards. A fifth copy or a second joker of a
//!   colour is an error. [`format`](fn@format) prints the canonical text (ascending, `-` for none).
//! - [`Preset`]: `Pagat` (default; the seed's rules), `RlCard`, `OpenSpiel`; flag by flag in
//!   [`Rules`] and `docs/doudizhu-presets.md`.
//! - [`readings`]`(hand, preset) -> Vec<Reading>`: every way the set is a play, sorted, no
//!   duplicates; empty = not a play. A [`Reading`] is `{ kind, chain, key }`:
//!   - `chain` = the number of consecutive ranks for `sequence`, `pair-sequence`, `airplane`,
//!     `airplane-singles`, `airplane-pairs`; 1 for every other kind;
//!   - `key` = a rank index (0 = 3 … 14 = R): the rank of the single / pair / triplet / quad
//!     (for kinds with kickers: of the triplet or quad, never of a kicker), the LOWEST rank of a
//!     chain, and 13 (the black joker, the lower of its two cards) for the rocket.
//! - [`Kind`]: the 14 kinds; [`Kind::name`] gives `single pair triplet triplet-single
//!   triplet-pair sequence pair-sequence airplane airplane-singles airplane-pairs bomb rocket
//!   quad-singles quad-pairs`.
//! - [`beats`]`(prev, play, preset) -> bool`: `prev` is read at its strongest reading
//!   ([`strongest`]); `play` is legal if any of its readings beats that ([`Reading::beats`]).
//!   `false` if either set is not a play.
//! - [`all_plays`]`(preset) -> Vec<Hand>`: every distinct card set of a full deck that is a play.
//! - [`moves`]`(hand, prev, preset) -> Vec<Hand>`: every distinct play taken from `hand` (that
//!   beats `prev`, if given), by enumerating every sub-multiset of `hand`; [`plays_within`]
//!   gives every lead by filtering the full-deck table instead (same answer, faster).
//! - [`spring`]`(landlord, peasants, preset) -> Option<Vec<Hand>>`: the seed's question by
//!   exhaustive search; `Some(plan)` (plays in order; a play the peasants could beat, if any,
//!   comes last) or `None`. `peasants` holds 2 hands, 1 hand (the other peasant holds the rest
//!   of the deck) or none (split unknown). [`check_spring_plan`] replays any plan (for checking
//!   the core's). [`min_plays`]`(hand, preset) -> u32`: fewest plays that empty a hand.
//!
//! Lists of hands come out sorted by card count, then by their cards in ascending order
//! ([`hand_order`]). [`classify_text`] gives the CLI's `classify` answer.
//!
//! ```
//! use parlor_conformance::reference::doudizhu::{self as dd, Kind, Preset, Reading};
//!
//! let wings = dd::parse("77788836").unwrap();
//! assert_eq!(dd::readings(&wings, Preset::Pagat), [Reading { kind: Kind::AirplaneSingles, chain: 2, key: 4 }]);
//! assert_eq!(dd::classify_text(&dd::parse("33344455").unwrap(), Preset::Pagat), "invalid");
//! assert_eq!(dd::classify_text(&dd::parse("33344455").unwrap(), Preset::RlCard), "airplane-singles");
//! assert!(dd::beats(&dd::parse("888A").unwrap(), &dd::parse("9993").unwrap(), Preset::Pagat));
//! assert_eq!(dd::all_plays(Preset::RlCard).len(), 27_471);
//! ```
//!
//! # How it works
//!
//! Per preset, a table of every play over a full deck is built once by generating every
//! combination structure straight from the definitions (every chain start and length, every
//! choice of kickers) and recording each card set's readings. Classification is a lookup;
//! move generation enumerates sub-multisets and looks each one up; spring and min-plays
//! search over sub-hands with memoisation, always placing the hand's lowest card first (every
//! partition has exactly one part holding it, so nothing is missed).

use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A card set as rank counts: index 0 = 3 … 11 = A, 12 = 2, 13 = black joker, 14 = red joker.
pub type Hand = [u8; 15];

/// A hasher for card counts (FNV-1a over the bytes written): the tables are looked up for every
/// sub-hand, where the standard SipHash was a sixth of `doudizhu_diff`'s time.
#[derive(Clone, Copy, Default)]
pub struct CountsHasher(u64);

impl std::hash::Hasher for CountsHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut hash = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &byte in bytes {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = hash;
    }
}

/// [`CountsHasher`] for maps.
pub type CountsHash = std::hash::BuildHasherDefault<CountsHasher>;

/// A map keyed by card counts.
pub type HandMap<V> = HashMap<Hand, V, CountsHash>;

/// Number of ranks (13 suited ranks and the two jokers).
pub const RANKS: usize = 15;
/// Index of rank A, the highest rank a chain may use.
pub const ACE: usize = 11;
/// Index of rank 2.
pub const TWO: usize = 12;
/// Index of the black joker `B`.
pub const BLACK_JOKER: usize = 13;
/// Index of the red joker `R`.
pub const RED_JOKER: usize = 14;
/// The rank characters in index order.
pub const RANK_CHARS: &[u8; 15] = b"3456789TJQKA2BR";
/// The largest hand of the game (the landlord's), used by the presets that cap play size.
pub const MAX_HAND: u32 = 20;
/// The peasants' hand size; in the unknown-split spring mode no beating play may be larger.
pub const PEASANT_HAND: u32 = 17;

/// Most sub-multisets [`moves`] enumerates one by one (2^22; a 20-card hand has at most
/// 248,832).
pub const MAX_ENUMERATED: u64 = 1 << 22;

/// The empty hand.
pub const EMPTY: Hand = [0; 15];

/// The full 54-card deck.
pub fn full_deck() -> Hand {
    let mut deck = [4u8; 15];
    deck[BLACK_JOKER] = 1;
    deck[RED_JOKER] = 1;
    deck
}

/// Whether `hand` can be held from one deck (0–4 of each rank 3…2, 0–1 of each joker).
pub fn is_valid(hand: &Hand) -> bool {
    hand.iter().zip(full_deck()).all(|(have, most)| *have <= most)
}

/// Number of cards in `hand`.
pub fn size(hand: &Hand) -> u32 {
    hand.iter().map(|count| u32::from(*count)).sum()
}

/// Whether `small` is a sub-multiset of `big`.
pub fn contains(big: &Hand, small: &Hand) -> bool {
    big.iter().zip(small).all(|(b, s)| s <= b)
}

/// `big` minus `small` (each count floored at 0).
pub fn minus(big: &Hand, small: &Hand) -> Hand {
    let mut out = *big;
    for (o, s) in out.iter_mut().zip(small) {
        *o = o.saturating_sub(*s);
    }
    out
}

/// The cards of `hand` as rank indices in ascending order.
pub fn cards(hand: &Hand) -> Vec<u8> {
    let mut out = Vec::new();
    for (rank, count) in hand.iter().enumerate() {
        for _ in 0..*count {
            out.push(rank as u8);
        }
    }
    out
}

/// The order of every returned list: card count, then the ascending card lists.
pub fn hand_order(a: &Hand, b: &Hand) -> Ordering {
    size(a).cmp(&size(b)).then_with(|| cards(a).cmp(&cards(b)))
}

/// Parses card text: one character per card from `3456789TJQKA2BR` (either case), `10` also
/// means ten, `-` or the empty string means no cards. Errors name the bad character and its
/// 0-based byte offset, or the rank with too many copies.
pub fn parse(text: &str) -> Result<Hand, String> {
    let mut hand = EMPTY;
    if text.is_empty() || text == "-" {
        return Ok(hand);
    }
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let c = bytes[at].to_ascii_uppercase();
        let rank = if c == b'1' && bytes.get(at + 1) == Some(&b'0') {
            at += 1;
            7
        } else if let Some(rank) = RANK_CHARS.iter().position(|r| *r == c) {
            rank
        } else {
            let shown = text[at..].chars().next().unwrap_or('?');
            return Err(format!("bad card {shown:?} at offset {at}"));
        };
        hand[rank] += 1;
        if hand[rank] > full_deck()[rank] {
            return Err(format!(
                "too many {}: a deck has {}",
                RANK_CHARS[rank] as char,
                full_deck()[rank]
            ));
        }
        at += 1;
    }
    Ok(hand)
}

/// The canonical text of `hand`: its cards ascending (`3…A 2 B R`), or `-` when empty.
pub fn format(hand: &Hand) -> String {
    if size(hand) == 0 {
        return "-".to_owned();
    }
    cards(hand)
        .iter()
        .map(|rank| RANK_CHARS[*rank as usize] as char)
        .collect()
}

/// The combination kinds: the seed's 13 types, quad + two split in its two forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Any one card (seed type 1).
    Single,
    /// Two of a rank 3…2 (type 2).
    Pair,
    /// Three of a rank (type 3).
    Triplet,
    /// Triplet + one card of another rank (type 4).
    TripletSingle,
    /// Triplet + a pair of another rank (type 5).
    TripletPair,
    /// 5+ consecutive ranks within 3…A (type 6).
    Sequence,
    /// 3+ consecutive pairs within 3…A (type 7).
    PairSequence,
    /// 2+ consecutive triplets within 3…A (type 8).
    Airplane,
    /// Airplane + one single wing per triplet (type 9).
    AirplaneSingles,
    /// Airplane + one pair wing per triplet (type 10).
    AirplanePairs,
    /// Four of a rank (type 11).
    Bomb,
    /// Both jokers (type 12).
    Rocket,
    /// Quad + two singles (type 13, first form).
    QuadSingles,
    /// Quad + two pairs (type 13, second form); under Botzone also 2+ consecutive quads with
    /// two pairs each (chain 2+).
    QuadPairs,
    /// Botzone's 2+ consecutive quads within 3…A, nothing attached.
    QuadChain,
}

impl Kind {
    /// Every kind in order.
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

    /// The kind's name as the CLI prints it.
    pub fn name(self) -> &'static str {
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

    /// The kind named `name` (as [`Kind::name`] prints it).
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// One way to read a card set as a play. See the module docs for `chain` and `key`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reading {
    /// The combination kind.
    pub kind: Kind,
    /// Chain length (consecutive ranks) for chain kinds, 1 otherwise.
    pub chain: u8,
    /// The key rank index (0 = 3 … 14 = R).
    pub key: u8,
}

impl Reading {
    /// Whether this reading beats `other` (seed, "Beating" in the spec): the rocket beats all;
    /// a bomb beats every non-bomb and every lower bomb; otherwise the same kind, the same
    /// chain length (so the same number of cards) and a higher key. Quad + two is no bomb:
    /// any bomb beats it and it beats only a lower quad + two of the same form.
    pub fn beats(&self, other: &Reading) -> bool {
        match (self.kind, other.kind) {
            (_, Kind::Rocket) => false,
            (Kind::Rocket, _) => true,
            (Kind::Bomb, Kind::Bomb) => self.key > other.key,
            (Kind::Bomb, _) => true,
            (_, Kind::Bomb) => false,
            _ => self.kind == other.kind && self.chain == other.chain && self.key > other.key,
        }
    }

    /// Strength order used to pick the strongest reading: rocket, then bombs, then the rest;
    /// within a tier the higher key; a tie of key (never seen in the three presets) goes to the
    /// later kind in [`Kind::ALL`].
    fn strength(&self) -> (u8, u8, Kind) {
        let tier = match self.kind {
            Kind::Rocket => 2,
            Kind::Bomb => 1,
            _ => 0,
        };
        (tier, self.key, self.kind)
    }
}

/// The strongest of `readings` (the one a following play must beat), `None` if empty.
pub fn strongest(readings: &[Reading]) -> Option<Reading> {
    readings.iter().copied().max_by_key(Reading::strength)
}

/// A rule preset. `Pagat` (the default) is the seed's rule set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Preset {
    /// The seed's rules (HDU 4032 / Pagat wording).
    #[default]
    Pagat,
    /// RLCard's (datamllab/rlcard) Dou Dizhu: 27,471 plays.
    RlCard,
    /// OpenSpiel's (google-deepmind/open_spiel) `dou_dizhu`: 26,053 play actions.
    OpenSpiel,
    /// Botzone's judge (ailab-pku/botzone-local, `FightTheLandlord2.py36`).
    Botzone,
    /// DouZero's move generator (kwai/DouZero, `douzero/env/move_generator.py`).
    DouZero,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 5] = [
        Preset::Pagat,
        Preset::RlCard,
        Preset::OpenSpiel,
        Preset::Botzone,
        Preset::DouZero,
    ];

    /// The CLI name: `pagat`, `rlcard`, `openspiel`, `botzone`, `douzero`.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Pagat => "pagat",
            Preset::RlCard => "rlcard",
            Preset::OpenSpiel => "openspiel",
            Preset::Botzone => "botzone",
            Preset::DouZero => "douzero",
        }
    }

    /// The preset named `name` (as [`Preset::name`] prints it).
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|preset| preset.name() == name)
    }

    /// The rule flags of this preset (sources in `docs/doudizhu-presets.md`).
    pub fn rules(self) -> Rules {
        match self {
            Preset::Pagat => Rules {
                wing_copies: 1,
                wings_may_extend_chain: false,
                both_jokers_as_kickers: false,
                quad_two: true,
                quad_pair_as_singles: false,
                max_cards: None,
                quad_chains: false,
            },
            Preset::RlCard => Rules {
                wing_copies: 3,
                wings_may_extend_chain: false,
                both_jokers_as_kickers: false,
                quad_two: true,
                quad_pair_as_singles: true,
                max_cards: Some(MAX_HAND),
                quad_chains: false,
            },
            Preset::OpenSpiel => Rules {
                wing_copies: 3,
                wings_may_extend_chain: true,
                both_jokers_as_kickers: false,
                quad_two: false,
                quad_pair_as_singles: false,
                max_cards: Some(MAX_HAND),
                quad_chains: false,
            },
            // The judge reads a set by its count of each point: single wings are as many ranks
            // of one card as there are triplets; the jokers are two different points.
            Preset::Botzone => Rules {
                wing_copies: 1,
                wings_may_extend_chain: false,
                both_jokers_as_kickers: true,
                quad_two: true,
                quad_pair_as_singles: false,
                max_cards: None,
                quad_chains: true,
            },
            // Kickers are any cards left after the triplets or the quad (itertools
            // combinations over the remaining cards): up to four of a rank as wings, both
            // jokers, a pair as two singles; a wing triplet next to the chain is one more way
            // to read the set.
            Preset::DouZero => Rules {
                wing_copies: 4,
                wings_may_extend_chain: true,
                both_jokers_as_kickers: true,
                quad_two: true,
                quad_pair_as_singles: true,
                max_cards: Some(MAX_HAND),
                quad_chains: false,
            },
        }
    }
}

/// The flags in which the presets differ. Everything else is common: kickers never share a
/// rank with the triplets or quad they attach to, pair wings are of distinct ranks 3…2, chains
/// stay within 3…A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Most copies of one rank among an airplane's single wings: 1 = the wings differ from
    /// each other (seed type 9), 3 = a pair or triplet may serve as wings (never four).
    pub wing_copies: u8,
    /// Whether three wings of a rank next to the chain (within 3…A) are allowed; such a set
    /// also reads as a longer chain, so it gets two readings. Only matters if `wing_copies` ≥ 3.
    pub wings_may_extend_chain: bool,
    /// Whether B and R may both be kickers of one airplane or quad + two.
    pub both_jokers_as_kickers: bool,
    /// Whether quad + two (both forms) exists at all.
    pub quad_two: bool,
    /// Whether quad + two singles may take two cards of one rank (`333344`).
    pub quad_pair_as_singles: bool,
    /// Largest play in cards (`None` = no limit beyond the definitions).
    pub max_cards: Option<u32>,
    /// Whether 2+ consecutive quads (within 3…A) are a play: alone, with two singles of
    /// different ranks per quad, or with two pairs of different ranks per quad (Botzone).
    pub quad_chains: bool,
}

/// Builds one table entry.
fn record(table: &mut HandMap<Vec<Reading>>, rules: &Rules, hand: Hand, kind: Kind, chain: usize, key: usize) {
    if rules.max_cards.is_some_and(|most| size(&hand) > most) {
        return;
    }
    let reading = Reading {
        kind,
        chain: chain as u8,
        key: key as u8,
    };
    let entry = table.entry(hand).or_default();
    if !entry.contains(&reading) {
        entry.push(reading);
    }
}

/// Every multiset of `count` cards over `ranks` with at most `most(rank)` copies of each rank,
/// as hands. Plain recursion over the (at most 15) ranks.
fn multisets(ranks: &[usize], count: u32, most: &dyn Fn(usize) -> u8) -> Vec<Hand> {
    let mut out = Vec::new();
    fn walk(ranks: &[usize], left: u32, most: &dyn Fn(usize) -> u8, current: &mut Hand, out: &mut Vec<Hand>) {
        let Some((&rank, rest)) = ranks.split_first() else {
            if left == 0 {
                out.push(*current);
            }
            return;
        };
        for take in 0..=u32::from(most(rank)).min(left) {
            current[rank] = take as u8;
            walk(rest, left - take, most, current, out);
        }
        current[rank] = 0;
    }
    let mut current = EMPTY;
    walk(ranks, count, most, &mut current, &mut out);
    out
}

/// Adds `extra` to `base`.
fn plus(base: &Hand, extra: &Hand) -> Hand {
    let mut out = *base;
    for (o, e) in out.iter_mut().zip(extra) {
        *o += e;
    }
    out
}

/// Generates every play over a full deck under `rules`, straight from the definitions.
fn build(rules: &Rules) -> HandMap<Vec<Reading>> {
    let mut table = HandMap::default();
    let deck = full_deck();
    let one = |rank: usize, count: u8| {
        let mut hand = EMPTY;
        hand[rank] = count;
        hand
    };
    let both_jokers = |hand: &Hand| hand[BLACK_JOKER] > 0 && hand[RED_JOKER] > 0;
    // Singles, pairs, triplets, bombs, rocket.
    for rank in 0..RANKS {
        record(&mut table, rules, one(rank, 1), Kind::Single, 1, rank);
    }
    for rank in 0..=TWO {
        record(&mut table, rules, one(rank, 2), Kind::Pair, 1, rank);
        record(&mut table, rules, one(rank, 3), Kind::Triplet, 1, rank);
        record(&mut table, rules, one(rank, 4), Kind::Bomb, 1, rank);
    }
    let mut rocket = EMPTY;
    rocket[BLACK_JOKER] = 1;
    rocket[RED_JOKER] = 1;
    record(&mut table, rules, rocket, Kind::Rocket, 1, BLACK_JOKER);
    // Triplet + single / pair: the kicker's rank differs from the triplet's.
    for triplet in 0..=TWO {
        for kicker in (0..RANKS).filter(|kicker| *kicker != triplet) {
            let hand = plus(&one(triplet, 3), &one(kicker, 1));
            record(&mut table, rules, hand, Kind::TripletSingle, 1, triplet);
            if kicker <= TWO {
                let hand = plus(&one(triplet, 3), &one(kicker, 2));
                record(&mut table, rules, hand, Kind::TripletPair, 1, triplet);
            }
        }
    }
    // Chains within 3…A: (kind, copies per rank, shortest length).
    for (kind, copies, shortest) in [
        (Kind::Sequence, 1u8, 5usize),
        (Kind::PairSequence, 2, 3),
        (Kind::Airplane, 3, 2),
    ] {
        for start in 0..=ACE {
            for length in shortest..=(ACE + 1 - start) {
                let mut hand = EMPTY;
                for count in &mut hand[start..start + length] {
                    *count = copies;
                }
                record(&mut table, rules, hand, kind, length, start);
            }
        }
    }
    // Airplanes with wings: one wing card or one wing pair per triplet, never of a chain rank.
    for start in 0..=ACE {
        for length in 2..=(ACE + 1 - start) {
            let mut body = EMPTY;
            for count in &mut body[start..start + length] {
                *count = 3;
            }
            let outside: Vec<usize> = (0..RANKS)
                .filter(|rank| !(start..start + length).contains(rank))
                .collect();
            let most = |rank: usize| deck[rank].min(rules.wing_copies);
            for wings in multisets(&outside, length as u32, &most) {
                let extends = (0..=ACE).any(|rank| wings[rank] >= 3 && (rank + 1 == start || rank == start + length));
                if extends && !rules.wings_may_extend_chain {
                    continue;
                }
                if both_jokers(&wings) && !rules.both_jokers_as_kickers {
                    continue;
                }
                record(
                    &mut table,
                    rules,
                    plus(&body, &wings),
                    Kind::AirplaneSingles,
                    length,
                    start,
                );
            }
            let pair_ranks: Vec<usize> = outside.iter().copied().filter(|rank| *rank <= TWO).collect();
            for chosen in multisets(&pair_ranks, length as u32, &|_| 1) {
                let wings = plus(&chosen, &chosen);
                record(
                    &mut table,
                    rules,
                    plus(&body, &wings),
                    Kind::AirplanePairs,
                    length,
                    start,
                );
            }
        }
    }
    // Quad + two singles / two pairs.
    if rules.quad_two {
        for quad in 0..=TWO {
            let body = one(quad, 4);
            let outside: Vec<usize> = (0..RANKS).filter(|rank| *rank != quad).collect();
            let most = |rank: usize| {
                if rules.quad_pair_as_singles {
                    deck[rank].min(2)
                } else {
                    1
                }
            };
            for wings in multisets(&outside, 2, &most) {
                if both_jokers(&wings) && !rules.both_jokers_as_kickers {
                    continue;
                }
                record(&mut table, rules, plus(&body, &wings), Kind::QuadSingles, 1, quad);
            }
            let pair_ranks: Vec<usize> = outside.iter().copied().filter(|rank| *rank <= TWO).collect();
            for chosen in multisets(&pair_ranks, 2, &|_| 1) {
                record(
                    &mut table,
                    rules,
                    plus(&body, &plus(&chosen, &chosen)),
                    Kind::QuadPairs,
                    1,
                    quad,
                );
            }
        }
    }
    // Chains of quads (Botzone): k ≥ 2 consecutive quads within 3…A; nothing attached, or 2k
    // single cards of 2k different other ranks, or 2k pairs of 2k different other ranks 3…2.
    if rules.quad_chains {
        for start in 0..=ACE {
            for length in 2..=(ACE + 1 - start) {
                let mut body = EMPTY;
                for count in &mut body[start..start + length] {
                    *count = 4;
                }
                record(&mut table, rules, body, Kind::QuadChain, length, start);
                let outside: Vec<usize> = (0..RANKS)
                    .filter(|rank| !(start..start + length).contains(rank))
                    .collect();
                for wings in multisets(&outside, 2 * length as u32, &|_| 1) {
                    if both_jokers(&wings) && !rules.both_jokers_as_kickers {
                        continue;
                    }
                    record(&mut table, rules, plus(&body, &wings), Kind::QuadSingles, length, start);
                }
                let pair_ranks: Vec<usize> = outside.iter().copied().filter(|rank| *rank <= TWO).collect();
                for chosen in multisets(&pair_ranks, 2 * length as u32, &|_| 1) {
                    record(
                        &mut table,
                        rules,
                        plus(&body, &plus(&chosen, &chosen)),
                        Kind::QuadPairs,
                        length,
                        start,
                    );
                }
            }
        }
    }
    for readings in table.values_mut() {
        readings.sort();
    }
    table
}

/// The table of every play of `preset`, built on first use.
pub fn table(preset: Preset) -> &'static HandMap<Vec<Reading>> {
    static TABLES: [OnceLock<HandMap<Vec<Reading>>>; 5] = [const { OnceLock::new() }; 5];
    let index = match preset {
        Preset::Pagat => 0,
        Preset::RlCard => 1,
        Preset::OpenSpiel => 2,
        Preset::Botzone => 3,
        Preset::DouZero => 4,
    };
    TABLES[index].get_or_init(|| build(&preset.rules()))
}

/// Every reading of `hand` under `preset`, sorted; empty when it is no play.
pub fn readings(hand: &Hand, preset: Preset) -> Vec<Reading> {
    table(preset).get(hand).cloned().unwrap_or_default()
}

/// The CLI's `classify` answer: the distinct kind names of every reading, sorted and
/// space-separated, or `invalid` when the set is no play.
pub fn classify_text(hand: &Hand, preset: Preset) -> String {
    let mut names: Vec<&str> = readings(hand, preset)
        .iter()
        .map(|reading| reading.kind.name())
        .collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() {
        "invalid".to_owned()
    } else {
        names.join(" ")
    }
}

/// Whether `play` may follow `prev`: `prev` read at its strongest reading, `play` at any.
/// `false` if either is not a play.
pub fn beats(prev: &Hand, play: &Hand, preset: Preset) -> bool {
    let Some(target) = strongest(&readings(prev, preset)) else {
        return false;
    };
    readings(play, preset).iter().any(|reading| reading.beats(&target))
}

/// Every distinct card set of a full deck that is a play under `preset`, in [`hand_order`].
pub fn all_plays(preset: Preset) -> Vec<Hand> {
    let mut plays: Vec<Hand> = table(preset).keys().copied().collect();
    plays.sort_by(hand_order);
    plays
}

/// The ranks a hand holds, a bit per rank.
fn ranks_of(hand: &Hand) -> usize {
    hand.iter()
        .enumerate()
        .filter(|(_, count)| **count > 0)
        .fold(0, |bits, (rank, _)| bits | 1 << rank)
}

/// The full-deck table of `preset` indexed by the ranks each play uses ([`ranks_of`]): the plays
/// within a hand are among the entries of the rank sets within the hand's, so a hand's plays are
/// found without a scan of the whole table. Built on first use.
fn table_by_ranks(preset: Preset) -> &'static [Vec<Hand>] {
    static INDEXES: [OnceLock<Vec<Vec<Hand>>>; 5] = [const { OnceLock::new() }; 5];
    let index = match preset {
        Preset::Pagat => 0,
        Preset::RlCard => 1,
        Preset::OpenSpiel => 2,
        Preset::Botzone => 3,
        Preset::DouZero => 4,
    };
    INDEXES[index].get_or_init(|| {
        let mut by_ranks = vec![Vec::new(); 1 << RANKS];
        for play in table(preset).keys() {
            by_ranks[ranks_of(play)].push(*play);
        }
        by_ranks
    })
}

/// Every distinct play contained in `hand` (all leads): the entries of the full-deck table that
/// `hand` contains (looked up by the rank sets within the hand's), in [`hand_order`]. Used for
/// the peasants in [`spring`]; [`moves`] is the sub-multiset enumeration.
pub fn plays_within(hand: &Hand, preset: Preset) -> Vec<Hand> {
    let mut plays = plays_within_unordered(hand, preset);
    plays.sort_by(hand_order);
    plays
}

/// [`plays_within`] in no particular order (for the callers that only filter or search them).
pub fn plays_within_unordered(hand: &Hand, preset: Preset) -> Vec<Hand> {
    let index = table_by_ranks(preset);
    let held = ranks_of(hand);
    let mut plays = Vec::new();
    // Every non-empty subset of the held ranks, from `held` down.
    let mut ranks = held;
    while ranks != 0 {
        if let Some(entries) = index.get(ranks) {
            plays.extend(entries.iter().filter(|play| contains(hand, play)).copied());
        }
        ranks = (ranks - 1) & held;
    }
    plays
}

/// Every distinct play from `hand` that beats `prev` (every lead if `prev` is `None`), found
/// by enumerating every non-empty sub-multiset of `hand` and classifying it (a 20-card hand
/// has at most 248,832). Hands with more than [`MAX_ENUMERATED`] sub-multisets (30+ cards)
/// filter the full-deck table instead, which gives the same list. Empty for an invalid hand or
/// a `prev` that is not a play.
pub fn moves(hand: &Hand, prev: Option<&Hand>, preset: Preset) -> Vec<Hand> {
    let target = match prev {
        None => None,
        Some(prev) => match strongest(&readings(prev, preset)) {
            Some(target) => Some(target),
            None => return Vec::new(),
        },
    };
    if !is_valid(hand) {
        return Vec::new();
    }
    let answers = |found: &Vec<Reading>| target.is_none_or(|target| found.iter().any(|reading| reading.beats(&target)));
    let sub_hands: u64 = hand.iter().map(|count| u64::from(*count) + 1).product();
    if sub_hands > MAX_ENUMERATED {
        // Far beyond any real hand: the same answer from the table, without billions of steps.
        let mut out: Vec<Hand> = table(preset)
            .iter()
            .filter(|(play, found)| contains(hand, play) && answers(found))
            .map(|(play, _)| *play)
            .collect();
        out.sort_by(hand_order);
        return out;
    }
    let mut out = Vec::new();
    let mut current = EMPTY;
    loop {
        // Odometer step over the counts 0..=hand[rank].
        let mut rank = 0;
        loop {
            if rank == RANKS {
                out.sort_by(hand_order);
                return out;
            }
            if current[rank] < hand[rank] {
                current[rank] += 1;
                break;
            }
            current[rank] = 0;
            rank += 1;
        }
        if table(preset).get(&current).is_some_and(answers) {
            out.push(current);
        }
    }
}

/// The lowest rank present in `hand`.
fn lowest(hand: &Hand) -> Option<usize> {
    hand.iter().position(|count| *count > 0)
}

/// The plays within `hand`, grouped by their lowest rank.
fn plays_by_lowest(hand: &Hand, preset: Preset) -> Vec<Vec<Hand>> {
    let mut groups = vec![Vec::new(); RANKS];
    for play in plays_within_unordered(hand, preset) {
        if let Some(low) = lowest(&play) {
            groups[low].push(play);
        }
    }
    // Each group in [`hand_order`], as the groups of [`plays_within`] (sorted in smaller parts).
    for group in &mut groups {
        group.sort_by(hand_order);
    }
    groups
}

/// The fewest plays that together empty `hand` (0 for no cards; `u32::MAX` for an invalid
/// hand). Exhaustive: the part holding the lowest card is tried in every way, memoised.
pub fn min_plays(hand: &Hand, preset: Preset) -> u32 {
    if !is_valid(hand) {
        return u32::MAX;
    }
    fn search(rest: &Hand, groups: &[Vec<Hand>], memo: &mut HandMap<u32>) -> u32 {
        let Some(low) = lowest(rest) else {
            return 0;
        };
        if let Some(known) = memo.get(rest) {
            return *known;
        }
        let mut best = u32::MAX;
        for play in groups[low].iter().filter(|play| contains(rest, play)) {
            let after = search(&minus(rest, play), groups, memo);
            best = best.min(after.saturating_add(1));
        }
        memo.insert(*rest, best);
        best
    }
    search(hand, &plays_by_lowest(hand, preset), &mut HandMap::default())
}

/// The strongest reading of each kind and chain among the plays within `hand` of at most `most`
/// cards (only those can matter in [`spring`]: a threat beats a target of its own kind and chain
/// exactly when its key is higher, and bombs and the rocket by kind), in order. Remembered per
/// hand (per thread, the last [`MAX_BEATERS`] asked): the fuzz cases that keep a deal ask again.
fn beaters(hand: &Hand, most: u32, preset: Preset) -> Vec<Reading> {
    thread_local! {
        static KNOWN: std::cell::RefCell<KnownBeaters> = std::cell::RefCell::new(HashMap::default());
    }
    if let Some(known) = KNOWN.with(|known| known.borrow().get(&(*hand, most, preset)).cloned()) {
        return known;
    }
    // The table's plays within the hand, each reading kept when it is the highest of its kind.
    let table = table(preset);
    let mut best: HashMap<(Kind, u8), Reading> = HashMap::new();
    for play in plays_within_unordered(hand, preset)
        .iter()
        .filter(|play| size(play) <= most)
    {
        for reading in table.get(play).into_iter().flatten() {
            let kept = best.entry((reading.kind, reading.chain)).or_insert(*reading);
            if reading.key > kept.key {
                *kept = *reading;
            }
        }
    }
    let mut out: Vec<Reading> = best.into_values().collect();
    out.sort();
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        if known.len() >= MAX_BEATERS {
            known.clear();
        }
        known.insert((*hand, most, preset), out.clone());
    });
    out
}

/// The remembered [`beaters`]: by the hand, the most cards and the preset.
type KnownBeaters = HashMap<(Hand, u32, Preset), Vec<Reading>, CountsHash>;

/// The most hands whose [`beaters`] are remembered.
const MAX_BEATERS: usize = 4096;

/// The seed's spring question: can the landlord play out `landlord` alone, leading every play,
/// so that no peasant can ever beat a play but the last one? Peasants never play, so the
/// answer is whether `landlord` splits into plays no peasant can beat plus at most one final
/// arbitrary play.
///
/// `peasants`: both hands; one hand (the other peasant holds the rest of the deck); or none
/// (the split is unknown: a play is safe only if no play of at most [`PEASANT_HAND`] cards
/// from the rest of the deck beats it). Returns the plays in order (the final one last), or
/// `None` if impossible or the input is inconsistent (overlapping or invalid hands, more than
/// two peasants). An empty landlord hand gives `Some(vec![])`.
pub fn spring(landlord: &Hand, peasants: &[Hand], preset: Preset) -> Option<Vec<Hand>> {
    if !is_valid(landlord) {
        return None;
    }
    let rest = minus(&full_deck(), landlord);
    let mut threats: Vec<Reading> = Vec::new();
    match peasants {
        [] => threats.extend(beaters(&rest, PEASANT_HAND, preset)),
        [one] => {
            if !contains(&rest, one) {
                return None;
            }
            threats.extend(beaters(one, u32::MAX, preset));
            threats.extend(beaters(&minus(&rest, one), u32::MAX, preset));
        }
        [one, two] => {
            if !contains(&rest, one) || !contains(&minus(&rest, one), two) {
                return None;
            }
            threats.extend(beaters(one, u32::MAX, preset));
            threats.extend(beaters(two, u32::MAX, preset));
        }
        _ => return None,
    }
    // Only the highest key of each (kind, chain) can matter: a threat beats a target of its
    // own kind and chain exactly when its key is higher, and bombs and the rocket by kind.
    // Keeping those few (each list of `beaters` holds only those; two lists are merged here)
    // makes every safety test cheap without changing any answer.
    threats.sort_by_key(|threat| std::cmp::Reverse(threat.key));
    let mut seen = std::collections::HashSet::new();
    threats.retain(|threat| seen.insert((threat.kind, threat.chain)));
    let safe = |play: &Hand| {
        let target = strongest(&readings(play, preset));
        target.is_some_and(|target| !threats.iter().any(|threat| threat.beats(&target)))
    };
    let groups = plays_by_lowest(landlord, preset);
    let safe_groups: Vec<Vec<(Hand, bool)>> = groups
        .iter()
        .map(|group| group.iter().map(|play| (*play, safe(play))).collect())
        .collect();

    /// Memo value: the play chosen for the part holding the lowest card, and whether it is
    /// the final (beatable) play; `None` = no way.
    type Choice = Option<(Hand, bool)>;
    fn search(
        rest: &Hand,
        final_used: bool,
        groups: &[Vec<(Hand, bool)>],
        memo: &mut HashMap<(Hand, bool), Choice, CountsHash>,
    ) -> bool {
        let Some(low) = lowest(rest) else {
            return true;
        };
        if let Some(known) = memo.get(&(*rest, final_used)) {
            return known.is_some();
        }
        let mut found: Choice = None;
        for (play, safe) in groups[low].iter().filter(|(play, _)| contains(rest, play)) {
            // A safe play never needs to be the final one.
            let as_final = !safe;
            if as_final && final_used {
                continue;
            }
            if search(&minus(rest, play), final_used || as_final, groups, memo) {
                found = Some((*play, as_final));
                break;
            }
        }
        memo.insert((*rest, final_used), found);
        found.is_some()
    }
    let mut memo = HashMap::default();
    if !search(landlord, false, &safe_groups, &mut memo) {
        return None;
    }
    let (mut plan, mut last) = (Vec::new(), None);
    let (mut rest, mut final_used) = (*landlord, false);
    while let Some(Some((play, as_final))) = memo.get(&(rest, final_used)).copied() {
        if as_final {
            last = Some(play);
        } else {
            plan.push(play);
        }
        rest = minus(&rest, &play);
        final_used |= as_final;
    }
    plan.extend(last);
    Some(plan)
}

/// Checks a spring plan: it splits `landlord` exactly, every play is a play, and every play but
/// the last is unbeatable by each given peasant hand (`peasants` as in [`spring`] with 2 hands).
pub fn check_spring_plan(landlord: &Hand, peasants: &[Hand], plan: &[Hand], preset: Preset) -> Result<(), String> {
    let mut rest = *landlord;
    for (index, play) in plan.iter().enumerate() {
        if !contains(&rest, play) {
            return Err(format!(
                "play {} ({}) is not in the remaining hand",
                index + 1,
                format(play)
            ));
        }
        if readings(play, preset).is_empty() {
            return Err(format!("play {} ({}) is not a play", index + 1, format(play)));
        }
        rest = minus(&rest, play);
        if index + 1 < plan.len() {
            for peasant in peasants {
                if let Some(beater) = moves(peasant, Some(play), preset).first() {
                    return Err(format!(
                        "play {} ({}) is beaten by {} from {}",
                        index + 1,
                        format(play),
                        format(beater),
                        format(peasant)
                    ));
                }
            }
        }
    }
    if size(&rest) != 0 {
        return Err(format!("cards left over: {}", format(&rest)));
    }
    Ok(())
}
