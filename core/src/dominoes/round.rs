//! The whole hand: dealing, turns, the boneyard, scoring after every play and at the end
//! (`docs/dominoes.md`, "The whole game").
//!
//! A [`Round`] is one hand of Five Up (or All Fives, or a block game: [`Config`]). The layout
//! rules (which tile attaches where, sides before ends, the open-end total) are the ones of
//! [`Layout`](super::Layout), shared through the same code; the round keeps its tiles as small
//! ids so that a whole hand fits in [`ROUND_BYTES`] bytes.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;
use core::ops::ControlFlow;

use super::layout::Free;
use super::{Error, SpinnerRule, Tile};
use crate::game::{Rng, Seat, shuffle};
use zerocopy::{Immutable, IntoBytes, KnownLayout, TryFromBytes};

#[path = "round_codec.rs"]
mod codec;
#[path = "round_play.rs"]
mod play;

pub(in crate::dominoes) use play::Scan;

/// The highest pip a set may have: double-18 (190 tiles).
pub const MAX_PIP: u8 = 18;
/// The most tiles a set has: 190 (double-18).
pub const MAX_SET_TILES: usize = 190;
/// The most seats at a table.
pub const MAX_PLAYERS: usize = 4;
/// The most legal actions a seat ever has, for any [`Config`]: 1,710. A play pairs a tile in
/// hand with a layout tile sharing a number `v`; at most 19 tiles show `v` (double-18), so at
/// most 9 × 10 = 90 such pairs per number, times 19 numbers. (Double-6: at most 7 × 12 = 84;
/// see [`Config::max_actions`].) Draw and pass are only legal when no play is.
pub const MAX_ACTIONS: usize = 1710;
/// `size_of::<Round>()`: 512 bytes on 64-bit and 32-bit targets (tested).
pub const ROUND_BYTES: usize = core::mem::size_of::<Round>();
/// The length of [`Round::encode`]'s byte form (format version 2): 513 bytes.
pub const ENCODED_BYTES: usize = HEADER_BYTES + 2 * MAX_SET_TILES + MAX_PLAYERS * WORDS * 8 + VOID_BYTES;
/// The format version written first by [`Round::encode`].
/// Version 2 added the seats' exclusions ([`Round::voids`]) after the hands.
pub const FORMAT_VERSION: u8 = 2;

const WORDS: usize = 3;
const HEADER_BYTES: usize = 27;
/// The seats' exclusions: 19 bits (numbers 0–18) per seat, seat 0 first, packed little-endian
/// into 76 bits of 10 bytes (the last 4 bits 0).
const VOID_BYTES: usize = 10;
const VOID_BITS: u32 = MAX_PIP as u32 + 1;
const VOID_MASK: u32 = (1 << VOID_BITS) - 1;

/// The tiles of the double-18 set by id: id `b(b+1)/2 + a` is the tile `a-b` (`a ≤ b`), so the
/// ids of a double-`n` set are `0..(n+1)(n+2)/2` whatever `n` is. Sized by the id type (`u8`)
/// so that every id indexes it; ids past [`MAX_SET_TILES`] are never stored (only [`id_of`]
/// and the checked decode make ids) and their entries are never read (asserted in [`tile_of`]).
static TILES: [(u8, u8); 256] = tile_table();

#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // Compile-time only.
const fn tile_table() -> [(u8, u8); 256] {
    let mut table = [(0u8, 0u8); 256];
    let mut high = 0u8;
    let mut id = 0usize;
    while high <= MAX_PIP {
        let mut low = 0u8;
        while low <= high {
            table[id] = (low, high);
            id += 1;
            low += 1;
        }
        high += 1;
    }
    table
}

/// The id of `tile` in a set whose highest pip is `high`, if the tile belongs to it.
fn id_of(tile: Tile, high: u8) -> Option<u8> {
    let (a, b) = (tile.low(), tile.high());
    if b > u32::from(high) {
        return None;
    }
    // b ≤ 18: no overflow.
    let id = b.checked_mul(b.checked_add(1)?)? / 2;
    u8::try_from(id.checked_add(a)?).ok()
}

/// The tile with id `id` (written low pip first).
fn tile_of(id: u8) -> Tile {
    debug_assert!(usize::from(id) < MAX_SET_TILES, "dominoes: tile id {id} names no tile");
    #[allow(clippy::indexing_slicing)] // a proven range: a `u8` indexes the 256 entries
    let (a, b) = TILES[usize::from(id)];
    Tile::new(u32::from(a), u32::from(b))
}

/// The two numbers of tile `id`, low first (as [`tile_of`], without building a [`Tile`]).
fn halves(id: u8) -> (u8, u8) {
    #[allow(clippy::indexing_slicing)] // a proven range: a `u8` indexes the 256 entries
    TILES[usize::from(id)]
}

/// [`Error::Internal`], for a path the round's invariants rule out (asserted in debug builds).
fn internal() -> Error {
    debug_assert!(false, "dominoes round: a broken invariant");
    Error::Internal
}

/// The stand-in for a play index past the layout, which no caller asks ([`Round::draw`]'s
/// `draw_tree` looks only below the length it is given; parents point backwards): asserted,
/// never shown.
fn stray_tile(index: usize) -> Tile {
    debug_assert!(false, "dominoes round: play index {index} past the layout");
    Tile::new(0, 0)
}

/// A count of points as the scores keep them. Every count is at most the pips of a double-18
/// set (3,420: an open-end total or a bonus counts each tile once), so the conversion cannot
/// fail. Errors: [`Error::Internal`].
fn points_of(points: u32) -> Result<u16, Error> {
    u16::try_from(points).map_err(|_| internal())
}

/// The number both tiles show: where `child` attaches to `parent` (unique for two different
/// tiles), or `None`.
fn shared(child: Tile, parent: Tile) -> Option<u32> {
    if child.shows(parent.a) {
        Some(parent.a)
    } else if child.shows(parent.b) {
        Some(parent.b)
    } else {
        None
    }
}

/// When a player who cannot play draws from the boneyard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum DrawRule {
    /// Draw one tile at a time until one can be played or the boneyard is empty (Five Up).
    UntilPlayable,
    /// Draw one tile; if it cannot be played, pass.
    One,
    /// Never draw: pass at once (block games).
    Never,
}

impl DrawRule {
    /// The code across the C ABI and in the byte form: 0 until playable, 1 one, 2 never.
    pub const fn code(self) -> u8 {
        match self {
            DrawRule::UntilPlayable => 0,
            DrawRule::One => 1,
            DrawRule::Never => 2,
        }
    }

    /// The rule with code `code`, or `None`.
    pub const fn from_code(code: u8) -> Option<DrawRule> {
        match code {
            0 => Some(DrawRule::UntilPlayable),
            1 => Some(DrawRule::One),
            2 => Some(DrawRule::Never),
            _ => None,
        }
    }
}

/// The scoring unit: how an open-end total or an end bonus becomes points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum Unit {
    /// Five Up: a play scores total ÷ 5 when the total is a positive multiple of 5; the end bonus
    /// is `(pips + 2) ÷ 5` (1–2 pips count 0, 3–7 count 1, …).
    Fives,
    /// All Fives: a play scores the total itself; the end bonus is the pips rounded to the
    /// nearest five, `(pips + 2) ÷ 5 × 5`.
    Total,
}

impl Unit {
    /// The code across the C ABI and in the byte form: 0 fives, 1 total.
    pub const fn code(self) -> u8 {
        match self {
            Unit::Fives => 0,
            Unit::Total => 1,
        }
    }

    /// The unit with code `code`, or `None`.
    pub const fn from_code(code: u8) -> Option<Unit> {
        match code {
            0 => Some(Unit::Fives),
            1 => Some(Unit::Total),
            _ => None,
        }
    }

    /// Points for an open-end total after a play: 0 unless a positive multiple of 5.
    pub const fn play_points(self, total: u32) -> u32 {
        if total == 0 || !total.is_multiple_of(5) {
            return 0;
        }
        match self {
            Unit::Fives => total / 5,
            Unit::Total => total,
        }
    }

    /// Points for the pips counted at the end of a hand, rounded once to the nearest five.
    pub const fn bonus_points(self, pips: u32) -> u32 {
        let fives = pips.saturating_add(2) / 5;
        match self {
            Unit::Fives => fives,
            Unit::Total => fives.saturating_mul(5),
        }
    }
}

/// Who sets the first tile of a hand dealt by [`Round::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(u8)]
pub enum LeaderRule {
    /// The holder of the highest double dealt; with no double dealt, the holder of the heaviest
    /// tile (ties: the tile with the higher end). The default.
    HighestDouble,
    /// Seat 0 always leads the first hand.
    FirstSeat,
}

impl LeaderRule {
    /// The code across the C ABI and in the byte form: 0 highest double, 1 first seat.
    pub const fn code(self) -> u8 {
        match self {
            LeaderRule::HighestDouble => 0,
            LeaderRule::FirstSeat => 1,
        }
    }

    /// The rule with code `code`, or `None`.
    pub const fn from_code(code: u8) -> Option<LeaderRule> {
        match code {
            0 => Some(LeaderRule::HighestDouble),
            1 => Some(LeaderRule::FirstSeat),
            _ => None,
        }
    }
}

/// The rules variant of a hand and a match, as data ([`Config::validate`] checks it).
///
/// `repr(C)` and no padding byte (the `u16` after the eleven one-byte fields): a [`Round`] holds
/// it, and the C ABI keeps a round's own bytes in place ([`crate::game::Round::raw_ref`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Config {
    /// The highest pip of the set: 6 (double-six), 9, 12, 15 or 18.
    pub high: u8,
    /// Seats at the table: 2–4.
    pub players: u8,
    /// With four players only: partners sit opposite (seats 0+2 and 1+3) and score together.
    pub partnerships: bool,
    /// Tiles dealt to each seat.
    pub hand_size: u8,
    /// Which doubles are spinners.
    pub spinner: SpinnerRule,
    /// When a seat that cannot play draws.
    pub draw: DrawRule,
    /// Boneyard tiles that are never drawn (some rule books keep the last two back).
    pub reserve: u8,
    /// The scoring unit of plays and end bonuses.
    pub unit: Unit,
    /// Whether a play whose open-end total is a multiple of 5 scores (Five Up, All Fives; not
    /// block games).
    pub scores_plays: bool,
    /// Who leads the first hand.
    pub leader: LeaderRule,
    /// The match ends after the hand in which a seat or team reaches this score.
    pub target: u16,
}

impl Config {
    /// Five Up (the default): double-six, every double a spinner, 2 players with 5 tiles each,
    /// draw until playable, plays score in fives, target 61.
    pub const FIVE_UP: Config = Config {
        high: 6,
        players: 2,
        partnerships: false,
        hand_size: 5,
        spinner: SpinnerRule::EveryDouble,
        draw: DrawRule::UntilPlayable,
        reserve: 0,
        unit: Unit::Fives,
        scores_plays: true,
        target: 61,
        leader: LeaderRule::HighestDouble,
    };
    /// All Fives: the first double the spinner, 7 tiles each for two players, draw until
    /// playable, plays score the total, target 250.
    pub const ALL_FIVES: Config = Config {
        high: 6,
        players: 2,
        partnerships: false,
        hand_size: 7,
        spinner: SpinnerRule::FirstDouble,
        draw: DrawRule::UntilPlayable,
        reserve: 0,
        unit: Unit::Total,
        scores_plays: true,
        target: 250,
        leader: LeaderRule::HighestDouble,
    };
    /// The block game: a single line (no spinner), 7 tiles each for two players, no drawing,
    /// plays score nothing; the hand's winner scores the pips rounded to five; target 100.
    pub const BLOCK: Config = Config {
        high: 6,
        players: 2,
        partnerships: false,
        hand_size: 7,
        spinner: SpinnerRule::None,
        draw: DrawRule::Never,
        reserve: 0,
        unit: Unit::Total,
        scores_plays: false,
        target: 100,
        leader: LeaderRule::HighestDouble,
    };

    /// The preset named `five-up`, `all-fives` or `block`.
    pub fn preset(name: &str) -> Option<Config> {
        match name {
            "five-up" => Some(Config::FIVE_UP),
            "all-fives" => Some(Config::ALL_FIVES),
            "block" => Some(Config::BLOCK),
            _ => None,
        }
    }

    /// This config with `players` seats, partnerships on exactly when there are four (the
    /// Five Up rule). Not validated: call [`Config::validate`].
    #[must_use]
    pub const fn with_players(self, players: u8) -> Config {
        Config {
            players,
            partnerships: players == 4,
            ..self
        }
    }

    /// The number of tiles in the set: `(high + 1)(high + 2) / 2` (28 for double-six).
    pub const fn set_tiles(&self) -> usize {
        let n = self.high as usize;
        // high ≤ 255: no overflow in usize.
        #[allow(clippy::arithmetic_side_effects)]
        let tiles = (n + 1) * (n + 2) / 2;
        tiles
    }

    /// The most legal actions a seat can have under this config (see [`MAX_ACTIONS`]):
    /// `(high + 1) × ⌊(high+1)/2⌋ × ⌈(high+1)/2⌉`, at least 1.
    pub const fn max_actions(&self) -> usize {
        let n = self.high as usize;
        #[allow(clippy::arithmetic_side_effects)]
        let bound = (n + 1) * n.div_ceil(2) * (n + 1).div_ceil(2);
        if bound == 0 { 1 } else { bound }
    }

    /// Checks the config: `high` one of 6, 9, 12, 15, 18; 2–4 players; partnerships only with
    /// four; at least one tile per hand; the hands and the reserve fit in the set; a target of at
    /// least 1. Errors: [`Error::InvalidConfig`] naming the field.
    pub const fn validate(&self) -> Result<(), Error> {
        if !matches!(self.high, 6 | 9 | 12 | 15 | 18) {
            return Err(Error::InvalidConfig {
                why: reason!("the set must be double-6, 9, 12, 15 or 18"),
            });
        }
        if self.players < 2 || self.players > 4 {
            return Err(Error::InvalidConfig {
                why: reason!("2 to 4 players"),
            });
        }
        if self.partnerships && self.players != 4 {
            return Err(Error::InvalidConfig {
                why: reason!("partnerships need four players"),
            });
        }
        if self.hand_size == 0 {
            return Err(Error::InvalidConfig {
                why: reason!("at least one tile per hand"),
            });
        }
        // Both factors are below 256: no overflow.
        #[allow(clippy::arithmetic_side_effects)]
        let dealt = self.hand_size as usize * self.players as usize + self.reserve as usize;
        if dealt > self.set_tiles() {
            return Err(Error::InvalidConfig {
                why: reason!("the hands and the reserve need more tiles than the set has"),
            });
        }
        if self.target == 0 {
            return Err(Error::InvalidConfig {
                why: reason!("the target must be at least 1"),
            });
        }
        Ok(())
    }

    fn dealt(&self) -> usize {
        usize::from(self.hand_size).saturating_mul(usize::from(self.players))
    }
}

/// The length of a [`Config`]'s byte form ([`Config::to_bytes`]): 13 bytes, also the first 13
/// bytes of [`Round::encode`]'s form.
pub const CONFIG_BYTES: usize = 13;

impl Default for Config {
    /// [`Config::FIVE_UP`].
    fn default() -> Config {
        Config::FIVE_UP
    }
}

/// How the tiles of a hand are dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deal<'a> {
    /// The set in canonical order (`0-0 0-1 … 0-n 1-1 1-2 … n-n`) shuffled by
    /// [`game::shuffle`](crate::game::shuffle) with [`Rng::new(seed)`](crate::game::Rng::new);
    /// seat 0 takes the first `hand_size` tiles, seat 1 the next, …; the rest is the boneyard,
    /// drawn from the front. The same seed deals the same hands in every version.
    Seeded(u64),
    /// Explicit hands (one per seat, `hand_size` tiles each) and the boneyard in draw order;
    /// together they must be the whole set, each tile once.
    Given {
        /// The seats' hands, `players` of them.
        hands: &'a [&'a [Tile]],
        /// The boneyard, first tile drawn first.
        boneyard: &'a [Tile],
    },
}

/// What a seat does on its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play `tile` from the hand: `on: None` for the first tile of the hand, otherwise `on` is
    /// the earlier tile it attaches to, at the number the two share.
    Play {
        /// The tile played.
        tile: Tile,
        /// The layout tile it attaches to (`None` for the opening).
        on: Option<Tile>,
    },
    /// Draw the next boneyard tile (only when no tile in hand can be played).
    Draw,
    /// Pass (only when no tile can be played and none may be drawn).
    Pass,
}

impl fmt::Display for Action {
    /// The replay-log form: `play 5-5`, `play 5-0 on 5-5`, `draw`, `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written piece by piece by `Action::write_to` (the C action text's path too): no
        // `core::fmt::write`.
        self.write_to(f)
    }
}

/// What an applied action did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// A tile was played: the open-end total after it and the points it scored.
    Played {
        /// The open-end total after the play.
        open_total: u32,
        /// Points the play scored (0 unless the total is a multiple of 5).
        points: u16,
        /// Whether the hand is over (the seat played its last tile).
        hand_over: bool,
    },
    /// The seat drew this tile (hidden from the other seats).
    Drew {
        /// The tile drawn.
        tile: Tile,
    },
    /// The seat passed.
    Passed {
        /// Whether the hand is over (blocked: every seat passed in a row, nothing to draw).
        hand_over: bool,
    },
}

/// How a hand ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// `seat` played its last tile.
    Domino {
        /// The seat that went out.
        seat: Seat,
    },
    /// Nobody could play and nothing could be drawn.
    Blocked,
}

/// The end of a hand: what each seat scored in it and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// How the hand ended.
    pub end: End,
    /// Points each seat scored in the hand (plays and the end bonus), in the config's unit;
    /// seats past `players` are 0. Partners are not summed here.
    pub scores: [u16; MAX_PLAYERS],
    /// The end bonus and the seat credited with it (`None`: a blocked tie, nobody scores).
    pub bonus: Option<(Seat, u16)>,
    /// The seat that won the hand and leads the next one: the seat that went out, or the seat
    /// credited with a blocked hand's bonus; `None` on a blocked tie.
    pub winner: Option<Seat>,
    /// Seats at the table (the config's `players`): how many entries of `scores` count.
    pub players: u8,
    /// Whether partners (seats 0+2, 1+3) score together (the config's `partnerships`).
    pub partnerships: bool,
}

#[path = "search.rs"]
mod search;

const PLAYING: u8 = 0;
const DOMINO: u8 = 1;
const BLOCKED: u8 = 2;

/// A set of tile ids as a bitset.
type Hand = [u64; WORDS];

fn has(hand: &Hand, id: u8) -> bool {
    hand.get(usize::from(id >> 6))
        .is_some_and(|word| word & (1u64 << (id & 63)) != 0)
}

fn insert(hand: &mut Hand, id: u8) {
    if let Some(word) = hand.get_mut(usize::from(id >> 6)) {
        *word |= 1u64 << (id & 63);
    }
}

fn remove(hand: &mut Hand, id: u8) {
    if let Some(word) = hand.get_mut(usize::from(id >> 6)) {
        *word &= !(1u64 << (id & 63));
    }
}

/// The number of tiles in a hand: its ids counted (no population count, a bit trick per word
/// on a microcontroller; no count is on a playout's path).
fn count(hand: &Hand) -> u8 {
    // At most 190 ids.
    u8::try_from(ids(hand).count()).unwrap_or(u8::MAX)
}

/// [`count`] by population counts, as before session 23: the tests' reference.
#[cfg(test)]
fn count_ones(hand: &Hand) -> u8 {
    // Each word holds at most 64 bits, three words at most 192: `u8` holds the sum.
    let [a, b, c] = hand.map(|word| word.count_ones() as u8);
    a.wrapping_add(b).wrapping_add(c)
}

/// The first id of each word of a [`Hand`] (`WORDS` = 3 entries: a build error otherwise).
#[cfg(test)]
const WORD_BASES: [u8; WORDS] = [0, 64, 128];

/// The ids in a hand, ascending.
fn ids(hand: &Hand) -> Ids {
    Ids { hand: *hand, word: 0 }
}

/// The ids of a [`Hand`] (a copy, emptied as they are read), ascending: a plain walk over the
/// words rather than a flattening adapter chain, whose every use compiled to its own fold
/// (flash; the same ids in the same order, tested against the chain).
#[derive(Clone)]
struct Ids {
    hand: Hand,
    /// The word being read (below `WORDS` until the last is empty).
    word: usize,
}

impl Iterator for Ids {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        loop {
            let base = self.word;
            let bits = self.hand.get_mut(base)?;
            if *bits != 0 {
                let bit = bits.trailing_zeros();
                *bits &= bits.wrapping_sub(1);
                // `base` < 3 and `bit` < 64: the id is below 192.
                return Some(((base as u8) << 6) | bit as u8);
            }
            self.word = base.wrapping_add(1);
        }
    }
}

/// The ids in a hand by the adapter chain [`ids`] replaced: the tests' reference.
#[cfg(test)]
fn ids_chained(hand: &Hand) -> impl Iterator<Item = u8> + '_ {
    struct Bits(u64);

    impl Iterator for Bits {
        type Item = u8;

        fn next(&mut self) -> Option<u8> {
            if self.0 == 0 {
                return None;
            }
            let bit = self.0.trailing_zeros();
            self.0 &= self.0.wrapping_sub(1);
            u8::try_from(bit).ok()
        }
    }
    // `bit` < 64 and the bases are multiples of 64: `|` is the sum, and it fits a `u8`.
    hand.iter()
        .zip(WORD_BASES)
        .flat_map(|(&word, base)| Bits(word).map(move |bit| base | bit))
}

fn pips(hand: &Hand) -> u32 {
    ids(hand)
        .map(|id| tile_of(id).pips() as u32)
        .fold(0u32, u32::saturating_add)
}

/// The free points of every layout tile, by play index (a byte per tile: a quarter of the
/// stack of unpacked ones), and the doubles down.
type Frees = super::layout::Frees<MAX_SET_TILES>;

/// One hand of dominoes as a plain fixed-size value (`size_of` = [`ROUND_BYTES`] = 512 bytes):
/// copy it to undo or to search.
///
/// Turn order: seat `s` then `s + 1`, wrapping. [`Round::to_act`] is the one seat that may act
/// (never several at once). The legal actions, in the order [`Round::for_each_legal_action`]
/// gives them: the plays, by tile id (`0-0 0-1 1-1 0-2 1-2 2-2 …`: higher pip, then lower pip)
/// then by the layout tile played on (in play order); or else `Draw`; or else `Pass`.
///
/// ```
/// use parlor_core::dominoes::{Action, Config, Deal, Event, Round, Tile};
/// use parlor_core::game::Seat;
/// let t = |a, b| Tile::new(a, b);
/// let hands: [&[Tile]; 2] = [
///     &[t(5, 5), t(5, 0), t(1, 2), t(2, 3), t(0, 0)],
///     &[t(5, 6), t(4, 4), t(1, 1), t(0, 3), t(3, 3)],
/// ];
/// let boneyard: Vec<Tile> = Tile::set(6).filter(|tile| !hands.iter().any(|h| h.contains(tile))).collect();
/// let mut round = Round::new(&Config::FIVE_UP, &Deal::Given { hands: &hands, boneyard: &boneyard })?;
/// assert_eq!(round.to_act(), Some(Seat(0))); // holds 5-5, the highest double dealt
/// let event = round.apply(Seat(0), Action::Play { tile: t(5, 5), on: None })?;
/// assert_eq!(event, Event::Played { open_total: 10, points: 2, hand_over: false });
/// assert_eq!(round.scores()[0], 2);
/// # Ok::<(), parlor_core::dominoes::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, TryFromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
pub struct Round {
    // `repr(C)` in this order has no padding byte (a build error otherwise: `IntoBytes`): the C
    // ABI keeps the round's own bytes in place ([`crate::game::Round::raw_ref`]).
    hands: [Hand; MAX_PLAYERS],
    config: Config,
    played: u8,
    cursor: u8,
    to_act: u8,
    passes: u8,
    drew: bool,
    end: u8,
    scores: [u16; MAX_PLAYERS],
    /// What each seat is known not to hold ([`Round::voids`]), packed (see `VOID_BYTES`).
    voids: [u8; VOID_BYTES],
    /// `deck[..played]`: the layout's tile ids in play order; `deck[cursor..set_tiles]`: the
    /// boneyard in draw order; every other byte 0.
    deck: [u8; MAX_SET_TILES],
    /// `parents[i]`: the play index of the tile that layout tile `i ≥ 1` attached to; else 0.
    /// Last (session 20, issue 27): only `parents[..played]` is ever read, so the bytes that
    /// hold the round end there ([`Round::raw_len`]) and the C ABI's digest covers no more of
    /// it (a double-6 round left 190 bytes of it unread, twice per C `apply`).
    parents: [u8; MAX_SET_TILES],
}

impl Round {
    /// Deals a hand under `config` (validated) and `deal`; the first leader follows
    /// `config.leader`. Errors: [`Error::InvalidConfig`], [`Error::BadDeal`].
    pub fn new(config: &Config, deal: &Deal<'_>) -> Result<Round, Error> {
        Round::deal(config, deal, None)
    }

    /// [`Round::new`] for small stacks: deals the hand in place into one `Round` and lends it to
    /// `f`, returning `f`'s answer (no `Result<Round, _>` copy on the stack; the C ABI's deal
    /// calls use it). Errors: as [`Round::new`] (then `f` is not called).
    pub fn new_with<R>(config: &Config, deal: &Deal<'_>, f: impl FnOnce(&Round) -> R) -> Result<R, Error> {
        let mut round = Round::blank();
        round.redeal(config, deal, None)?;
        Ok(f(&round))
    }

    /// Deals a hand led by `leader` (a match's later hands: the previous winner leads).
    /// Errors: as [`Round::new`], and [`Error::NoSuchSeat`].
    pub fn with_leader(config: &Config, deal: &Deal<'_>, leader: Seat) -> Result<Round, Error> {
        Round::deal(config, deal, Some(leader))
    }

    fn deal(config: &Config, deal: &Deal<'_>, leader: Option<Seat>) -> Result<Round, Error> {
        let mut round = Round::blank();
        round.redeal(config, deal, leader)?;
        Ok(round)
    }

    /// Deals a fresh hand into `self`, rewriting every field (what [`Round::new`] /
    /// [`Round::with_leader`] return), without a second `Round` on the stack: the match deals
    /// its next hand this way. The deck is shuffled in `self.deck` itself. On an error `self`
    /// is left partly dealt (the match's seeded deals under a validated config can only fail
    /// with [`Error::Internal`]).
    pub(crate) fn redeal(&mut self, config: &Config, deal: &Deal<'_>, leader: Option<Seat>) -> Result<(), Error> {
        config.validate()?;
        let tiles = config.set_tiles();
        self.hands = [[0; WORDS]; MAX_PLAYERS];
        self.config = *config;
        self.deck.fill(0);
        self.parents.fill(0);
        self.played = 0;
        self.cursor = 0;
        self.to_act = 0;
        self.passes = 0;
        self.drew = false;
        self.end = PLAYING;
        self.scores = [0; MAX_PLAYERS];
        self.voids = [0; VOID_BYTES];
        // The deal order, built in `deck` (the dealt prefix is cleared below).
        let order = &mut self.deck;
        match deal {
            Deal::Seeded(seed) => {
                canonical_order(order, config.high);
                shuffle(order.get_mut(..tiles).ok_or(Error::Internal)?, &mut Rng::new(*seed));
            }
            Deal::Given { hands, boneyard } => {
                if hands.len() != usize::from(config.players) {
                    return Err(Error::BadDeal {
                        why: reason!("one hand per seat"),
                    });
                }
                if hands.iter().any(|hand| hand.len() != usize::from(config.hand_size)) {
                    return Err(Error::BadDeal {
                        why: reason!("each hand must hold the config's hand size"),
                    });
                }
                let mut seen: Hand = [0; WORDS];
                let mut n = 0usize;
                // The hands in seat order, then the boneyard: one loop per part.
                for part in hands.iter().chain(core::iter::once(boneyard)) {
                    n = deal_order(part, config.high, &mut seen, order, n)?;
                }
                if n != tiles {
                    return Err(Error::BadDeal {
                        why: reason!("the hands and the boneyard must be the whole set"),
                    });
                }
            }
        }
        // Seat by seat, `hand_size` tiles each from the front of the order (no division per
        // position).
        let size = usize::from(config.hand_size);
        let mut first = 0usize;
        for hand in self.hands.iter_mut().take(usize::from(config.players)) {
            for slot in self.deck.iter_mut().skip(first).take(size) {
                insert(hand, *slot);
                *slot = 0;
            }
            first = first.saturating_add(size);
        }
        let dealt = config.dealt();
        self.cursor = u8::try_from(dealt).map_err(|_| Error::Internal)?;
        self.to_act = match leader {
            Some(seat) if seat.0 < config.players => seat.0,
            Some(seat) => return Err(Error::NoSuchSeat { seat: seat.0 }),
            None => match config.leader {
                LeaderRule::FirstSeat => 0,
                // Validated configs deal at least one tile: some seat holds the best one.
                LeaderRule::HighestDouble => self.highest_double_holder().ok_or_else(|| {
                    debug_assert!(false, "dominoes: a deal with no tile in any hand");
                    Error::Internal
                })?,
            },
        };
        Ok(())
    }

    /// The holder of the highest double; else of the heaviest tile (ties: higher end). Tile ids
    /// grow with the higher pip then the lower, so the largest id among doubles, else the tile
    /// with the largest (pips, higher end) wins. `None` only when no tile was dealt.
    fn highest_double_holder(&self) -> Option<u8> {
        // The key (double, pips, higher end) packed in one integer (`halves` gives the lower
        // end first), compared as the tuple was: pips ≤ 36 and ends ≤ 18 fit their bytes.
        let mut best: Option<(u32, u8)> = None;
        for (hand, seat) in self.hands.iter().zip(0u8..).take(usize::from(self.config.players)) {
            for id in ids(hand) {
                let (a, b) = halves(id);
                let (a, b) = (u32::from(a), u32::from(b));
                let key = u32::from(a == b) << 16 | a.wrapping_add(b) << 8 | b;
                if best.is_none_or(|(top, _)| key > top) {
                    best = Some((key, seat));
                }
            }
        }
        best.map(|(_, seat)| seat)
    }

    /// The config the hand is played under.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The seat to act, or `None` once the hand is over.
    pub fn to_act(&self) -> Option<Seat> {
        (self.end == PLAYING).then_some(Seat(self.to_act))
    }

    /// Points each seat has scored in this hand so far (the end bonus included once over).
    pub fn scores(&self) -> [u16; MAX_PLAYERS] {
        self.scores
    }

    /// The tiles in `seat`'s hand, by tile id (none for a seat the table does not have).
    pub fn hand(&self, seat: Seat) -> impl Iterator<Item = Tile> + '_ {
        let hand = self.hands.get(seat.index()).filter(|_| seat.0 < self.config.players);
        hand.into_iter().flat_map(ids).map(tile_of)
    }

    /// The number of tiles in `seat`'s hand.
    pub fn hand_len(&self, seat: Seat) -> usize {
        self.hand(seat).count()
    }

    /// Tiles left in the boneyard (the reserve included).
    pub fn boneyard_len(&self) -> usize {
        self.config.set_tiles().saturating_sub(usize::from(self.cursor))
    }

    /// The length of the round's own bytes that hold it (`game::Round::raw_len`): up to the end
    /// of the layout's `played` parents (the round's last field; the entries after them are
    /// never read).
    pub fn raw_len(&self) -> usize {
        core::mem::offset_of!(Round, parents).saturating_add(usize::from(self.played).min(MAX_SET_TILES))
    }

    /// The layout: each tile in play order with the earlier tile it attached to.
    pub fn layout(&self) -> impl Iterator<Item = (Tile, Option<Tile>)> + '_ {
        layout_of(&self.deck, &self.parents, self.played)
    }

    /// Draws the layout as [`Layout::draw_with`](super::Layout::draw_with) does, from where each
    /// tile was actually attached; returns the bytes written. Errors: [`Error::BufferTooSmall`].
    pub fn draw(&self, out: &mut [u8]) -> Result<usize, Error> {
        let layout = self.deck.get(..usize::from(self.played)).ok_or_else(internal)?;
        super::draw::draw_tree(
            layout.len(),
            // `draw_tree` asks only indexes below `layout.len()` (asserted there).
            &|index| layout.get(index).map_or_else(|| stray_tile(index), |&id| tile_of(id)),
            &|index| self.parents.get(index).map(|&parent| usize::from(parent)),
            out,
        )
    }

    /// The play index of the placed tile `on` in the layout. Errors: [`Error::NotInLayout`].
    fn layout_index(&self, on: Tile) -> Result<usize, Error> {
        id_of(on, self.config.high)
            .and_then(|parent| {
                self.deck
                    .iter()
                    .take(usize::from(self.played))
                    .position(|&placed| placed == parent)
            })
            .ok_or(Error::NotInLayout { on })
    }

    /// The tile at play index `index` of the layout. Errors: [`Error::Internal`] past the
    /// layout: parents point backwards (checked on decode, kept by `apply`).
    fn placed(&self, index: usize) -> Result<Tile, Error> {
        match self
            .deck
            .get(..usize::from(self.played))
            .and_then(|layout| layout.get(index))
        {
            Some(&id) => Ok(tile_of(id)),
            None => Err(internal()),
        }
    }

    /// The open-end total of the layout now.
    pub fn open_total(&self) -> u32 {
        let mut frees = Frees::new();
        // A broken invariant (asserted in `frees_into`) leaves the frees replayed so far.
        let _ = self.frees_into(&mut frees);
        self.total(&frees)
    }
}

fn layout_of<'a>(
    deck: &'a [u8; MAX_SET_TILES],
    parents: &'a [u8; MAX_SET_TILES],
    played: u8,
) -> impl Iterator<Item = (Tile, Option<Tile>)> + 'a {
    deck.iter()
        .zip(parents.iter())
        .take(usize::from(played))
        .enumerate()
        .map(move |(index, (&id, &parent))| {
            // A parent is an earlier play index (checked on decode, kept by `apply`).
            let parent = usize::from(parent);
            let on = (index > 0).then(|| deck.get(parent).map_or_else(|| stray_tile(parent), |&on| tile_of(on)));
            (tile_of(id), on)
        })
}

/// Writes the ids of the double-`high` set (`high` ≤ 18, validated) in canonical order
/// (`0-0 0-1 … 0-high 1-1 … high-high`, the order `Deal::Seeded` shuffles) at the front of
/// `order`: the id of `low-other` is `other(other+1)/2 + low`, and it grows by `other + 1` from
/// one `other` to the next (no [`id_of`] per tile).
fn canonical_order(order: &mut [u8; MAX_SET_TILES], high: u8) {
    let mut slots = order.iter_mut();
    // The id of the double `low-low`, `low(low+1)/2 + low` (at most 189): 0, then `low + 2`
    // more from one `low` to the next.
    let mut double = 0u8;
    for low in 0..high.wrapping_add(1) {
        let mut id = double;
        double = double.wrapping_add(low).wrapping_add(2);
        for other in low..high.wrapping_add(1) {
            if let Some(slot) = slots.next() {
                *slot = id;
            }
            id = id.wrapping_add(other).wrapping_add(1);
        }
    }
}

/// [`canonical_order`] by each tile's [`id_of`], as [`Round::redeal`] built it until session
/// 24: the tests' reference.
#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // a test may panic
fn canonical_order_by_ids(order: &mut [u8; MAX_SET_TILES], high: u8) {
    let mut n = 0usize;
    for low in 0..=high {
        for other in low..=high {
            order[n] = id_of(Tile::new(low.into(), other.into()), high).unwrap();
            n += 1;
        }
    }
}

/// Appends the ids of `tiles` (part of a given deal) to `order` from position `n`, each checked
/// (in the set, not seen before: `seen` keeps them), and returns the position after them.
/// Errors: [`Error::BadDeal`].
fn deal_order(tiles: &[Tile], high: u8, seen: &mut Hand, order: &mut [u8], mut n: usize) -> Result<usize, Error> {
    for &tile in tiles {
        let id = id_of(tile, high).ok_or(Error::BadDeal {
            why: reason!("a tile outside the set"),
        })?;
        if has(seen, id) {
            return Err(Error::BadDeal {
                why: reason!("a tile twice"),
            });
        }
        insert(seen, id);
        *order.get_mut(n).ok_or(Error::BadDeal {
            why: reason!("more tiles than the set has"),
        })? = id;
        n = n.saturating_add(1);
    }
    Ok(n)
}

/// A cursor writing pieces of a byte form in order (bytes past the end are dropped; `at`
/// still counts them).
pub(super) struct Put<'a> {
    pub(super) out: &'a mut [u8],
    pub(super) at: usize,
}

impl Put<'_> {
    /// Writes `bytes` at the cursor and moves it past them.
    #[inline(never)]
    pub(super) fn bytes(&mut self, bytes: &[u8]) {
        for (slot, &byte) in self.out.iter_mut().skip(self.at).zip(bytes) {
            *slot = byte;
        }
        self.at = self.at.saturating_add(bytes.len());
    }
}

/// What one seat may know of a hand ([`Round::observation`]): its own tiles, the layout, every
/// seat's tile count, the boneyard count, the scores. Holds no other seat's tile and not the
/// boneyard's order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Observation {
    /// The observing seat.
    pub seat: Seat,
    /// The seat to act (`None` once the hand is over).
    pub to_act: Option<Seat>,
    hand: Hand,
    layout: [u8; MAX_SET_TILES],
    parents: [u8; MAX_SET_TILES],
    played: u8,
    /// Tiles in each seat's hand (seats past `players`: 0).
    pub hand_counts: [u8; MAX_PLAYERS],
    /// Tiles left in the boneyard.
    pub boneyard: u8,
    /// Points each seat has scored in the hand.
    pub scores: [u16; MAX_PLAYERS],
    /// The layout's open-end total.
    pub open_total: u32,
    /// What each seat is known to lack ([`Round::voids`]); seats past `players`: 0.
    pub voids: [u32; MAX_PLAYERS],
}

impl Observation {
    /// The observing seat's tiles, by tile id.
    pub fn hand(&self) -> impl Iterator<Item = Tile> + '_ {
        ids(&self.hand).map(tile_of)
    }

    /// The layout in play order: each tile with the earlier tile it attached to.
    pub fn layout(&self) -> impl Iterator<Item = (Tile, Option<Tile>)> + '_ {
        layout_of(&self.layout, &self.parents, self.played)
    }
}

impl Tile {
    /// The tiles of the double-`high` set in canonical order: `0-0 0-1 … 0-high 1-1 … high-high`
    /// (the order `Deal::Seeded` shuffles).
    pub fn set(high: u32) -> impl Iterator<Item = Tile> {
        (0..=high).flat_map(move |low| (low..=high).map(move |other| Tile::new(low, other)))
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
#[path = "round_tests.rs"]
mod tests;
