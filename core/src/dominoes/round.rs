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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    /// The match ends after the hand in which a seat or team reaches this score.
    pub target: u16,
    /// Who leads the first hand.
    pub leader: LeaderRule,
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
                why: "the set must be double-6, 9, 12, 15 or 18",
            });
        }
        if self.players < 2 || self.players > 4 {
            return Err(Error::InvalidConfig { why: "2 to 4 players" });
        }
        if self.partnerships && self.players != 4 {
            return Err(Error::InvalidConfig {
                why: "partnerships need four players",
            });
        }
        if self.hand_size == 0 {
            return Err(Error::InvalidConfig {
                why: "at least one tile per hand",
            });
        }
        // Both factors are below 256: no overflow.
        #[allow(clippy::arithmetic_side_effects)]
        let dealt = self.hand_size as usize * self.players as usize + self.reserve as usize;
        if dealt > self.set_tiles() {
            return Err(Error::InvalidConfig {
                why: "the hands and the reserve need more tiles than the set has",
            });
        }
        if self.target == 0 {
            return Err(Error::InvalidConfig {
                why: "the target must be at least 1",
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

impl Config {
    /// The config's byte form: [`FORMAT_VERSION`], then high, players, partnerships (0/1),
    /// hand size, spinner code, draw code, reserve, unit code, plays-score flag (0/1), target
    /// (u16 LE), leader code. The same bytes open [`Round::encode`]'s form.
    pub const fn to_bytes(&self) -> [u8; CONFIG_BYTES] {
        let target = self.target.to_le_bytes();
        [
            FORMAT_VERSION,
            self.high,
            self.players,
            self.partnerships as u8,
            self.hand_size,
            self.spinner.code(),
            self.draw.code(),
            self.reserve,
            self.unit.code(),
            self.scores_plays as u8,
            target[0],
            target[1],
            self.leader.code(),
        ]
    }

    /// The config of [`Config::to_bytes`]'s form, every code and flag checked (not
    /// [validated](Config::validate)). Errors: what is wrong, as [`Error::InvalidState`]'s `why`.
    pub(crate) fn from_bytes(bytes: &[u8; CONFIG_BYTES]) -> Result<Config, &'static str> {
        let [
            version,
            high,
            players,
            partnerships,
            hand_size,
            spinner,
            draw,
            reserve,
            unit,
            scores_plays,
            target_low,
            target_high,
            leader,
        ] = *bytes;
        if version != FORMAT_VERSION {
            return Err("unknown format version");
        }
        let flag = |byte: u8| match byte {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err("a flag byte is not 0 or 1"),
        };
        Ok(Config {
            high,
            players,
            partnerships: flag(partnerships)?,
            hand_size,
            spinner: SpinnerRule::from_code(spinner).ok_or("unknown spinner rule")?,
            draw: DrawRule::from_code(draw).ok_or("unknown draw rule")?,
            reserve,
            unit: Unit::from_code(unit).ok_or("unknown unit")?,
            scores_plays: flag(scores_plays)?,
            target: u16::from_le_bytes([target_low, target_high]),
            leader: LeaderRule::from_code(leader).ok_or("unknown leader rule")?,
        })
    }
}

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
        match self {
            Action::Play { tile, on: None } => write!(f, "play {tile}"),
            Action::Play { tile, on: Some(on) } => write!(f, "play {tile} on {on}"),
            Action::Draw => f.write_str("draw"),
            Action::Pass => f.write_str("pass"),
        }
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

fn count(hand: &Hand) -> u8 {
    // Each word holds at most 64 bits, three words at most 192: `u8` holds the sum.
    let [a, b, c] = hand.map(|word| word.count_ones() as u8);
    a.wrapping_add(b).wrapping_add(c)
}

/// The first id of each word of a [`Hand`] (`WORDS` = 3 entries: a build error otherwise).
const WORD_BASES: [u8; WORDS] = [0, 64, 128];

/// The ids in a hand, ascending.
fn ids(hand: &Hand) -> impl Iterator<Item = u8> + '_ {
    // `bit` < 64 and the bases are multiples of 64: `|` is the sum, and it fits a `u8`.
    hand.iter()
        .zip(WORD_BASES)
        .flat_map(|(&word, base)| Bits(word).map(move |bit| base | bit))
}

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
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Round {
    hands: [Hand; MAX_PLAYERS],
    config: Config,
    /// `deck[..played]`: the layout's tile ids in play order; `deck[cursor..set_tiles]`: the
    /// boneyard in draw order; every other byte 0.
    deck: [u8; MAX_SET_TILES],
    /// `parents[i]`: the play index of the tile that layout tile `i ≥ 1` attached to; else 0.
    parents: [u8; MAX_SET_TILES],
    played: u8,
    cursor: u8,
    to_act: u8,
    passes: u8,
    drew: bool,
    end: u8,
    scores: [u16; MAX_PLAYERS],
    /// What each seat is known not to hold ([`Round::voids`]), packed (see `VOID_BYTES`).
    voids: [u8; VOID_BYTES],
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
                let mut n = 0usize;
                for low in 0..=config.high {
                    for high in low..=config.high {
                        let id = id_of(Tile::new(low.into(), high.into()), config.high).ok_or(Error::Internal)?;
                        *order.get_mut(n).ok_or(Error::Internal)? = id;
                        n = n.saturating_add(1);
                    }
                }
                shuffle(order.get_mut(..tiles).ok_or(Error::Internal)?, &mut Rng::new(*seed));
            }
            Deal::Given { hands, boneyard } => {
                if hands.len() != usize::from(config.players) {
                    return Err(Error::BadDeal {
                        why: "one hand per seat",
                    });
                }
                if hands.iter().any(|hand| hand.len() != usize::from(config.hand_size)) {
                    return Err(Error::BadDeal {
                        why: "each hand must hold the config's hand size",
                    });
                }
                let mut seen: Hand = [0; WORDS];
                let mut n = 0usize;
                for &tile in hands.iter().flat_map(|hand| hand.iter()).chain(boneyard.iter()) {
                    let id = id_of(tile, config.high).ok_or(Error::BadDeal {
                        why: "a tile outside the set",
                    })?;
                    if has(&seen, id) {
                        return Err(Error::BadDeal { why: "a tile twice" });
                    }
                    insert(&mut seen, id);
                    *order.get_mut(n).ok_or(Error::BadDeal {
                        why: "more tiles than the set has",
                    })? = id;
                    n = n.saturating_add(1);
                }
                if n != tiles {
                    return Err(Error::BadDeal {
                        why: "the hands and the boneyard must be the whole set",
                    });
                }
            }
        }
        let dealt = config.dealt();
        for (position, slot) in self.deck.iter_mut().enumerate().take(dealt) {
            let seat = position
                .checked_div(usize::from(config.hand_size))
                .ok_or(Error::Internal)?;
            insert(self.hands.get_mut(seat).ok_or(Error::Internal)?, *slot);
            *slot = 0;
        }
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
        let mut best: Option<((bool, u32, u32), u8)> = None;
        for (hand, seat) in self.hands.iter().zip(0u8..).take(usize::from(self.config.players)) {
            for id in ids(hand) {
                let tile = tile_of(id);
                let key = (tile.is_double(), tile.pips() as u32, tile.high());
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

    /// The open-end total of the layout with these free points.
    fn total(&self, frees: &Frees) -> u32 {
        let mut total = 0u32;
        for (index, &id) in self.deck.iter().enumerate().take(usize::from(self.played)) {
            total = total.saturating_add(frees.get(index).counted(tile_of(id)) as u32);
        }
        total
    }

    fn drawable(&self) -> bool {
        let left = self.boneyard_len();
        left > usize::from(self.config.reserve)
            && match self.config.draw {
                DrawRule::UntilPlayable => true,
                DrawRule::One => !self.drew,
                DrawRule::Never => false,
            }
    }

    /// The free points of every layout tile (replaying where each tile attached). Errors:
    /// [`Error::Internal`] for a parent that is not an earlier tile sharing a number (decode
    /// checks every layout, `apply` only attaches that way).
    fn frees_into(&self, frees: &mut Frees) -> Result<(), Error> {
        let mut doubles = 0usize;
        let played = usize::from(self.played);
        for (index, (&id, &parent)) in self.deck.iter().zip(&self.parents).take(played).enumerate() {
            let tile = tile_of(id);
            let spinner = tile.is_double() && self.config.spinner.is_spinner(doubles);
            if tile.is_double() {
                doubles = doubles.saturating_add(1);
            }
            let free = if index == 0 {
                Free::opening(tile, spinner)
            } else {
                let parent = usize::from(parent);
                let parent_tile = self.placed(parent)?;
                let pip = shared(tile, parent_tile).ok_or_else(internal)?;
                frees.cover(parent, parent_tile, pip);
                Free::attached(tile, pip, spinner)
            };
            frees.set(index, free);
        }
        frees.doubles = doubles;
        Ok(())
    }

    /// Calls `visit` with each legal play of `seat`'s hand (see the type's docs for the order)
    /// until it answers `Break`; returns how many it was called with.
    fn each_play(&self, hand: &Hand, frees: &Frees, mut visit: impl FnMut(Action) -> ControlFlow<()>) -> usize {
        let mut found = 0usize;
        if self.played == 0 {
            for id in ids(hand) {
                found = found.saturating_add(1);
                if visit(Action::Play {
                    tile: tile_of(id),
                    on: None,
                })
                .is_break()
                {
                    break;
                }
            }
            return found;
        }
        // For each number, the layout tiles (as bits of their play index) that take it now.
        let mut takers: [Hand; MAX_PIP as usize + 1] = [[0; WORDS]; MAX_PIP as usize + 1];
        // Play indexes count from 0 in a `u8` (`played` is one): zip them in.
        for ((index, &id), play) in self.deck.iter().take(usize::from(self.played)).enumerate().zip(0u8..) {
            let tile = tile_of(id);
            let free = frees.get(index);
            for pip in [tile.a, tile.b] {
                if let (true, Some(mask)) = (free.takes(tile, pip), takers.get_mut(pip as usize)) {
                    insert(mask, play);
                }
            }
        }
        for id in ids(hand) {
            let tile = tile_of(id);
            let (Some(low), Some(high)) = (takers.get(tile.a as usize), takers.get(tile.b as usize)) else {
                continue;
            };
            // A layout tile shows both numbers only if it is this tile: the two sets are disjoint.
            let mut parents: Hand = [0; WORDS];
            for ((slot, &a), &b) in parents.iter_mut().zip(low).zip(high) {
                *slot = a | b;
            }
            // The bits set are play indexes of layout tiles (set just above): each names one.
            for on in ids(&parents).filter_map(|index| self.deck.get(usize::from(index))) {
                found = found.saturating_add(1);
                if visit(Action::Play {
                    tile,
                    on: Some(tile_of(*on)),
                })
                .is_break()
                {
                    return found;
                }
            }
        }
        found
    }

    /// Calls `visit` with every legal action of `seat`, in legal-action order (nothing when it is
    /// not `seat`'s turn or the hand is over).
    pub fn for_each_legal_action(&self, seat: Seat, mut visit: impl FnMut(Action)) {
        self.try_for_each_legal_action(seat, |action| {
            visit(action);
            ControlFlow::Continue(())
        });
    }

    /// [`Round::for_each_legal_action`] with a callback that may stop the walk (`Break`).
    pub fn try_for_each_legal_action(&self, seat: Seat, mut visit: impl FnMut(Action) -> ControlFlow<()>) {
        if self.to_act() != Some(seat) {
            return;
        }
        let Some(hand) = self.hands.get(seat.index()) else {
            // `to_act` is below `players` ≤ 4 (checked on decode, kept by `apply`).
            debug_assert!(false, "dominoes: the seat to act has no hand");
            return;
        };
        let mut frees = Frees::new();
        if self.frees_into(&mut frees).is_err() {
            return; // a broken invariant, asserted in `frees_into`
        }
        if self.each_play(hand, &frees, &mut visit) > 0 {
            return;
        }
        let _ = visit(if self.drawable() { Action::Draw } else { Action::Pass });
    }

    /// Writes the first `min(total, out.len())` legal actions of `seat` into `out` and returns
    /// the total (at most [`MAX_ACTIONS`], and [`Config::max_actions`] for this config).
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

    /// The points `action` would score for `seat` now: a play's own points (the open-end total
    /// after it, in the config's unit; 0 where plays do not score), not the end bonus; 0 for a
    /// draw or a pass. `None` when the action is not legal now. The greedy bot's measure.
    ///
    /// ```
    /// use parlor_core::dominoes::{Action, Config, Round, Tile};
    /// use parlor_core::game::{Round as _, Seat};
    /// let deal = "5-5 5-0 1-2 2-3 0-0 | 5-6 4-4 1-1 0-3 3-3 | boneyard 0-1 0-2 0-4 0-6 1-3 1-4 1-5 1-6 2-2 2-4 2-5 2-6 3-4 3-5 3-6 4-5 4-6 6-6";
    /// let round = Round::given(&Config::FIVE_UP, deal)?;
    /// let opening = |a, b| Action::Play { tile: Tile::new(a, b), on: None };
    /// assert_eq!(round.play_points(Seat(0), opening(5, 5)), Some(2)); // 10 open: 10 ÷ 5
    /// assert_eq!(round.play_points(Seat(0), opening(0, 5)), Some(1));
    /// assert_eq!(round.play_points(Seat(0), opening(1, 2)), Some(0));
    /// assert_eq!(round.play_points(Seat(1), opening(5, 6)), None); // not its turn
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn play_points(&self, seat: Seat, action: Action) -> Option<u16> {
        let mut frees = Frees::new();
        let Some((id, parent)) = self.check(seat, action, &mut frees).ok()? else {
            return Some(0);
        };
        if !self.config.scores_plays {
            return Some(0);
        }
        let tile = tile_of(id);
        let spinner = tile.is_double() && self.config.spinner.is_spinner(frees.doubles);
        let free = match parent {
            None => Free::opening(tile, spinner),
            Some(parent) => {
                let parent_tile = self.placed(parent).ok()?;
                let pip = shared(tile, parent_tile)?;
                frees.cover(parent, parent_tile, pip);
                Free::attached(tile, pip, spinner)
            }
        };
        // As `apply` counts it: the layout's tiles with the parent covered, and the new tile.
        let total = self.total(&frees).saturating_add(free.counted(tile) as u32);
        points_of(self.config.unit.play_points(total)).ok()
    }

    /// Whether `seat` may take `action` now.
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.check(seat, action, &mut Frees::new()).is_ok()
    }

    /// Checks `action`: for a play, the tile's id and the parent's play index and the frees.
    fn check(&self, seat: Seat, action: Action, frees: &mut Frees) -> Result<Option<(u8, Option<usize>)>, Error> {
        if seat.0 >= self.config.players {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        if self.end != PLAYING {
            return Err(Error::RoundOver);
        }
        if seat.0 != self.to_act {
            return Err(Error::NotYourTurn { seat: seat.0 });
        }
        let hand = self.hands.get(seat.index()).ok_or_else(internal)?;
        self.frees_into(frees)?;
        let frees = &*frees;
        match action {
            Action::Play { tile, on } => {
                let id = id_of(tile, self.config.high)
                    .filter(|&id| has(hand, id))
                    .ok_or(Error::NotInHand { tile })?;
                match (self.played, on) {
                    (0, None) => Ok(Some((id, None))),
                    (0, Some(_)) => Err(Error::OpeningTakesNoPlacement),
                    (_, None) => Err(Error::PlacementRequired),
                    (_, Some(on)) => {
                        let index = id_of(on, self.config.high)
                            .and_then(|parent| {
                                self.deck
                                    .iter()
                                    .take(usize::from(self.played))
                                    .position(|&placed| placed == parent)
                            })
                            .ok_or(Error::NotInLayout { on })?;
                        let parent = self.placed(index)?;
                        let playable = shared(tile, parent).is_some_and(|pip| frees.get(index).takes(parent, pip));
                        if !playable {
                            return Err(Error::NoOpenEndOn { tile, on });
                        }
                        Ok(Some((id, Some(index))))
                    }
                }
            }
            Action::Draw | Action::Pass => {
                if self.each_play(hand, frees, |_| ControlFlow::Break(())) > 0 {
                    return Err(Error::MustPlay);
                }
                match (action, self.drawable()) {
                    (Action::Draw, false) => Err(Error::CannotDraw),
                    (Action::Pass, true) => Err(Error::MustDraw),
                    _ => Ok(None),
                }
            }
        }
    }

    /// Takes `action` for `seat`. An illegal action is an error and leaves the round unchanged:
    /// [`Error::NoSuchSeat`], [`Error::RoundOver`], [`Error::NotYourTurn`], [`Error::NotInHand`],
    /// [`Error::OpeningTakesNoPlacement`], [`Error::PlacementRequired`], [`Error::NotInLayout`],
    /// [`Error::NoOpenEndOn`] (the tile attaches to no free end of that tile: a covered end,
    /// or no shared number), [`Error::MustPlay`] (drawing or passing with a playable tile),
    /// [`Error::MustDraw`] (passing while a draw is allowed), [`Error::CannotDraw`].
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        let mut frees = Frees::new();
        let checked = self.check(seat, action, &mut frees)?;
        let players = self.config.players;
        match (action, checked) {
            (Action::Play { .. }, Some((id, parent))) => {
                // The tile as the layout stores it (low pip first), whichever way it was written.
                let tile = tile_of(id);
                let index = usize::from(self.played);
                let spinner = tile.is_double() && self.config.spinner.is_spinner(frees.doubles);
                let free = match parent {
                    None => Free::opening(tile, spinner),
                    Some(parent) => {
                        let parent_tile = self.placed(parent)?;
                        let pip = shared(tile, parent_tile).ok_or_else(internal)?;
                        frees.cover(parent, parent_tile, pip);
                        Free::attached(tile, pip, spinner)
                    }
                };
                frees.set(index, free);
                *self.deck.get_mut(index).ok_or(Error::Internal)? = id;
                // The opening has no parent: its byte stays 0 (the documented form).
                *self.parents.get_mut(index).ok_or(Error::Internal)? = match parent {
                    None => 0,
                    Some(parent) => u8::try_from(parent).map_err(|_| internal())?,
                };
                self.played = self.played.saturating_add(1);
                let total = self.total(&frees);
                let hand = self.hands.get_mut(seat.index()).ok_or(Error::Internal)?;
                remove(hand, id);
                let out = count(hand) == 0;
                let points = if self.config.scores_plays {
                    self.config.unit.play_points(total)
                } else {
                    0
                };
                let points = points_of(points)?;
                self.credit(seat.index(), points);
                self.passes = 0;
                self.drew = false;
                if out {
                    self.end = DOMINO;
                    self.finish()?;
                } else {
                    self.to_act = seat.next(players).0;
                }
                Ok(Event::Played {
                    open_total: total,
                    points,
                    hand_over: out,
                })
            }
            (Action::Draw, None) => {
                // The seat cannot play: its hand before this draw shows no open number. The
                // first draw of a turn adds them to what it lacked; after an earlier draw of this
                // turn only they are known of every tile (that tile was dealt no earlier fact).
                let open = self.open_numbers(&frees);
                let known = if self.drew {
                    open
                } else {
                    self.void(seat.index()) | open
                };
                self.set_void(seat.index(), known);
                let position = usize::from(self.cursor);
                let slot = self.deck.get_mut(position).ok_or(Error::Internal)?;
                let id = *slot;
                *slot = 0;
                self.cursor = self.cursor.saturating_add(1);
                self.drew = true;
                insert(self.hands.get_mut(seat.index()).ok_or(Error::Internal)?, id);
                Ok(Event::Drew { tile: tile_of(id) })
            }
            (Action::Pass, None) => {
                // Nothing in hand can be played: no open number. A tile drawn this turn carries
                // no earlier fact, so after a draw only the open numbers are known.
                let open = self.open_numbers(&frees);
                let known = if self.drew {
                    open
                } else {
                    self.void(seat.index()) | open
                };
                self.set_void(seat.index(), known);
                self.passes = self.passes.saturating_add(1);
                self.drew = false;
                self.to_act = seat.next(players).0;
                let blocked = self.passes >= players && !self.any_drawable();
                if blocked {
                    self.end = BLOCKED;
                    self.finish()?;
                }
                Ok(Event::Passed { hand_over: blocked })
            }
            _ => {
                debug_assert!(false, "check and apply disagree");
                Err(Error::Internal)
            }
        }
    }

    /// The numbers some free point of the layout takes now, as bits (bit `v`: number `v`).
    fn open_numbers(&self, frees: &Frees) -> u32 {
        let mut open = 0u32;
        for (index, &id) in self.deck.iter().enumerate().take(usize::from(self.played)) {
            let tile = tile_of(id);
            let free = frees.get(index);
            for pip in [tile.a, tile.b] {
                if free.takes(tile, pip) {
                    open |= 1u32.checked_shl(pip).unwrap_or(0);
                }
            }
        }
        open
    }

    /// The numbers `seat` is known to lack, as bits (bit `v`: `seat` holds no tile showing
    /// `v`): public facts, inferred from its draws and passes. A seat that draws or passes
    /// cannot play, so it holds no number a free point of the layout takes; the facts are
    /// forgotten for tiles drawn later (after a draw only that turn's open numbers are known of
    /// the whole hand). While a seat is still drawing, the tile it drew last is not covered
    /// (it may be the one it plays). 0 for a seat the table does not have.
    pub fn voids(&self, seat: Seat) -> u32 {
        if seat.0 >= self.config.players {
            return 0;
        }
        self.void(seat.index())
    }

    /// The packed exclusions as one integer (76 bits).
    fn packed_voids(&self) -> u128 {
        let mut bytes = [0u8; 16];
        for (slot, &byte) in bytes.iter_mut().zip(&self.voids) {
            *slot = byte;
        }
        u128::from_le_bytes(bytes)
    }

    /// Seat `seat`'s exclusions (`seat` < 4; 0 otherwise).
    fn void(&self, seat: usize) -> u32 {
        let shift = u32::try_from(seat).unwrap_or(u32::MAX).saturating_mul(VOID_BITS);
        self.packed_voids()
            .checked_shr(shift)
            .map_or(0, |bits| (bits as u32) & VOID_MASK)
    }

    /// Sets seat `seat`'s exclusions (`seat` < 4; numbers above 18 are dropped).
    fn set_void(&mut self, seat: usize, known: u32) {
        let shift = u32::try_from(seat).unwrap_or(u32::MAX).saturating_mul(VOID_BITS);
        let (Some(mask), Some(value)) = (
            u128::from(VOID_MASK).checked_shl(shift),
            u128::from(known & VOID_MASK).checked_shl(shift),
        ) else {
            return;
        };
        let packed = (self.packed_voids() & !mask) | value;
        for (slot, byte) in self.voids.iter_mut().zip(packed.to_le_bytes()) {
            *slot = byte;
        }
    }

    /// Whether any tile may still be drawn (ignoring who drew this turn).
    fn any_drawable(&self) -> bool {
        self.config.draw != DrawRule::Never && self.boneyard_len() > usize::from(self.config.reserve)
    }

    fn credit(&mut self, seat: usize, points: u16) {
        if let Some(score) = self.scores.get_mut(seat) {
            *score = score.saturating_add(points);
        }
    }

    /// The pips left in `seat`'s hand (`bonus` asks seats below `players` ≤ 4 only).
    fn pips_of(&self, seat: usize) -> u32 {
        debug_assert!(seat < MAX_PLAYERS, "dominoes round: pips of seat {seat}");
        self.hands.get(seat).map_or(0, pips)
    }

    /// The end bonus of a finished hand and the seat credited, per the rulings.
    fn bonus(&self) -> Option<(usize, u32)> {
        let players = usize::from(self.config.players);
        let team = |seat: usize| if self.config.partnerships { seat % 2 } else { seat };
        match self.end {
            DOMINO => {
                let winner = usize::from(self.to_act);
                let pips = (0..players)
                    .filter(|&seat| team(seat) != team(winner))
                    .map(|seat| self.pips_of(seat))
                    .fold(0u32, u32::saturating_add);
                Some((winner, pips))
            }
            BLOCKED if self.config.partnerships => {
                let team_pips = |t: usize| self.pips_of(t).saturating_add(self.pips_of(t.saturating_add(2)));
                let (zero, one) = (team_pips(0), team_pips(1));
                let (low, other) = match zero.cmp(&one) {
                    core::cmp::Ordering::Less => (0usize, one),
                    core::cmp::Ordering::Greater => (1usize, zero),
                    core::cmp::Ordering::Equal => return None,
                };
                let partner = low.saturating_add(2);
                let credited = if self.pips_of(partner) < self.pips_of(low) {
                    partner
                } else {
                    low
                };
                Some((credited, other))
            }
            BLOCKED => {
                let lowest = (0..players).map(|seat| self.pips_of(seat)).min()?;
                let mut holders = (0..players).filter(|&seat| self.pips_of(seat) == lowest);
                let winner = holders.next()?;
                if holders.next().is_some() {
                    return None;
                }
                let others = (0..players)
                    .filter(|&seat| seat != winner)
                    .map(|seat| self.pips_of(seat))
                    .fold(0u32, u32::saturating_add);
                Some((winner, others))
            }
            _ => None,
        }
    }

    fn finish(&mut self) -> Result<(), Error> {
        if let Some((seat, pips)) = self.bonus() {
            self.credit(seat, points_of(self.config.unit.bonus_points(pips))?);
        }
        Ok(())
    }

    /// The end of the hand, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.end == PLAYING {
            return None;
        }
        // `bonus` names a seat below `players` ≤ 4, and `finish` already converted these
        // points (an error there stops the hand before it is over).
        let bonus = self.bonus().and_then(|(seat, pips)| {
            let points = points_of(self.config.unit.bonus_points(pips)).ok()?;
            Some((Seat(u8::try_from(seat).ok()?), points))
        });
        let end = if self.end == DOMINO {
            End::Domino {
                seat: Seat(self.to_act),
            }
        } else {
            End::Blocked
        };
        Some(Outcome {
            end,
            scores: self.scores,
            bonus,
            winner: bonus.map(|(seat, _)| seat),
            players: self.config.players,
            partnerships: self.config.partnerships,
        })
    }

    /// What `seat` may know: its own tiles, the layout, every seat's tile count, the boneyard
    /// count and the scores, never another seat's tiles or the boneyard's order.
    /// Errors: [`Error::NoSuchSeat`].
    pub fn observation(&self, seat: Seat) -> Result<Observation, Error> {
        if seat.0 >= self.config.players {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        let mut hand_counts = [0u8; MAX_PLAYERS];
        for (slot, hand) in hand_counts.iter_mut().zip(&self.hands) {
            *slot = count(hand);
        }
        let mut layout = [0u8; MAX_SET_TILES];
        let played = usize::from(self.played);
        for (slot, &id) in layout.iter_mut().zip(&self.deck).take(played) {
            *slot = id;
        }
        let mut frees = Frees::new();
        self.frees_into(&mut frees)?;
        Ok(Observation {
            seat,
            to_act: self.to_act(),
            // `seat` < `players` ≤ 4 (checked above).
            hand: self.hands.get(seat.index()).copied().ok_or_else(internal)?,
            layout,
            parents: self.parents,
            played: self.played,
            hand_counts,
            // At most 190 tiles (`cursor` is a `u8`).
            boneyard: u8::try_from(self.boneyard_len()).map_err(|_| internal())?,
            scores: self.scores,
            open_total: self.total(&frees),
            voids: [0, 1, 2, 3].map(|other| self.voids(Seat(other))),
        })
    }

    /// Writes the versioned byte form (exactly [`ENCODED_BYTES`] bytes) and returns its length.
    /// Errors: [`Error::BufferTooSmall`].
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, Error> {
        let out = out
            .get_mut(..ENCODED_BYTES)
            .ok_or(Error::BufferTooSmall { needed: ENCODED_BYTES })?;
        let state: [u8; 6] = [
            self.played,
            self.cursor,
            self.to_act,
            self.passes,
            u8::from(self.drew),
            self.end,
        ];
        let mut bytes = self
            .config
            .to_bytes()
            .into_iter()
            .chain(state)
            .chain(self.scores.iter().flat_map(|score| score.to_le_bytes()))
            // By reference: chaining the arrays by value would copy 380 bytes onto the stack.
            .chain(self.deck.iter().copied())
            .chain(self.parents.iter().copied())
            .chain(self.hands.iter().flatten().flat_map(|word| word.to_le_bytes()))
            .chain(self.voids);
        for slot in out.iter_mut() {
            *slot = bytes.next().ok_or(Error::Internal)?;
        }
        Ok(ENCODED_BYTES)
    }

    /// Reads [`Round::encode`]'s form (the first [`ENCODED_BYTES`] bytes) and re-checks every
    /// invariant: a valid config, every tile of the set exactly once (in a hand, the layout or
    /// the boneyard), a layout that the rules allow, a consistent turn and end. Errors:
    /// [`Error::InvalidState`] naming the first problem.
    pub fn decode(bytes: &[u8]) -> Result<Round, Error> {
        let mut round = Round::blank();
        round.decode_into(bytes)?;
        Ok(round)
    }

    /// [`Round::decode`] for small stacks: decodes `bytes` in place into one `Round` and lends
    /// it to `f`, returning `f`'s answer (no second `Round` and no `Result<Round, _>` on the
    /// stack; the C ABI's round calls use it). Errors: as [`Round::decode`] (then `f` is not
    /// called).
    ///
    /// ```
    /// use parlor_core::dominoes::{Config, Deal, Round, ENCODED_BYTES};
    /// let round = Round::new(&Config::FIVE_UP, &Deal::Seeded(3))?;
    /// let mut bytes = [0u8; ENCODED_BYTES];
    /// round.encode(&mut bytes)?;
    /// assert_eq!(Round::decode_with(&bytes, |decoded| decoded.to_act())?, round.to_act());
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn decode_with<R>(bytes: &[u8], f: impl FnOnce(&mut Round) -> R) -> Result<R, Error> {
        let mut round = Round::blank();
        round.decode_into(bytes)?;
        Ok(f(&mut round))
    }

    /// Applies `f` to the round encoded in `bytes` ([`Round::encode`]'s form), in place: decodes
    /// it into one `Round`, runs `f`, and when `f` succeeds writes the changed round back into
    /// `bytes` (its first [`ENCODED_BYTES`]); when `f` fails `bytes` are unchanged. One `Round`
    /// on the stack (the C ABI's apply call uses it). Errors: [`Round::decode`]'s, then `f`'s.
    ///
    /// ```
    /// use parlor_core::dominoes::{Config, Deal, Round, ENCODED_BYTES};
    /// use parlor_core::game::bot::lowest_legal_action;
    /// let round = Round::new(&Config::FIVE_UP, &Deal::Seeded(3))?;
    /// let mut bytes = [0u8; ENCODED_BYTES];
    /// round.encode(&mut bytes)?;
    /// let seat = round.to_act().unwrap();
    /// let action = lowest_legal_action(&round, seat).unwrap();
    /// Round::update_encoded(&mut bytes, |round| round.apply(seat, action))?;
    /// assert_ne!(Round::decode(&bytes)?, round);
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn update_encoded<R>(bytes: &mut [u8], f: impl FnOnce(&mut Round) -> Result<R, Error>) -> Result<R, Error> {
        let mut round = Round::blank();
        round.decode_into(bytes)?;
        let answer = f(&mut round)?;
        round.encode(bytes)?;
        Ok(answer)
    }

    /// A placeholder state (all zero, the Five Up config) that [`Round::decode_into`] and
    /// [`Round::redeal`] overwrite field by field; never handed out as a round.
    pub(crate) const fn blank() -> Round {
        Round {
            hands: [[0; WORDS]; MAX_PLAYERS],
            config: Config::FIVE_UP,
            deck: [0; MAX_SET_TILES],
            parents: [0; MAX_SET_TILES],
            played: 0,
            cursor: 0,
            to_act: 0,
            passes: 0,
            drew: false,
            end: PLAYING,
            scores: [0; MAX_PLAYERS],
            voids: [0; VOID_BYTES],
        }
    }

    /// Reads [`Round::encode`]'s form into `self`, in place, and re-checks every invariant. On
    /// an error `self` is left partly written (callers drop it: [`Round::decode`],
    /// [`Round::decode_with`], the match's decode).
    pub(crate) fn decode_into(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let bad = |why| Error::InvalidState { why };
        let bytes = bytes.get(..ENCODED_BYTES).ok_or(bad("too short"))?;
        let (header, rest) = bytes.split_first_chunk::<HEADER_BYTES>().ok_or(bad("too short"))?;
        let (config_bytes, state) = header.split_first_chunk::<CONFIG_BYTES>().ok_or(bad("too short"))?;
        // The header after the config: 6 state bytes and the four scores (a build error if the
        // lengths disagree).
        let state: &[u8; 14] = state.try_into().map_err(|_| bad("too short"))?;
        let [played, cursor, to_act, passes, drew, end, scores @ ..] = *state;
        let config = Config::from_bytes(config_bytes).map_err(bad)?;
        let flag = |byte: u8| match byte {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(bad("a flag byte is not 0 or 1")),
        };
        config.validate().map_err(|_| bad("invalid config"))?;
        self.hands = [[0; WORDS]; MAX_PLAYERS];
        self.config = config;
        self.played = played;
        self.cursor = cursor;
        self.to_act = to_act;
        self.passes = passes;
        self.drew = flag(drew)?;
        self.end = end;
        // `scores` is the header's last `2 × MAX_PLAYERS` bytes: a length mismatch is a build
        // error in the pattern above.
        let scores: [u8; 2 * MAX_PLAYERS] = scores;
        for (score, pair) in self.scores.iter_mut().zip(scores.as_chunks::<2>().0) {
            *score = u16::from_le_bytes(*pair);
        }
        let (deck, rest) = rest.split_at_checked(MAX_SET_TILES).ok_or(bad("too short"))?;
        let (parents, hands) = rest.split_at_checked(MAX_SET_TILES).ok_or(bad("too short"))?;
        // Element-wise copies: `copy_from_slice` keeps a length-mismatch panic path.
        for (slot, &byte) in self.deck.iter_mut().zip(deck) {
            *slot = byte;
        }
        for (slot, &byte) in self.parents.iter_mut().zip(parents) {
            *slot = byte;
        }
        let (hands, voids) = hands
            .split_at_checked(MAX_PLAYERS * WORDS * 8)
            .ok_or(bad("too short"))?;
        for (word, chunk) in self.hands.iter_mut().flatten().zip(hands.chunks_exact(8)) {
            let mut le = [0u8; 8];
            for (slot, &byte) in le.iter_mut().zip(chunk) {
                *slot = byte;
            }
            *word = u64::from_le_bytes(le);
        }
        for (slot, &byte) in self.voids.iter_mut().zip(voids) {
            *slot = byte;
        }
        self.validate_state()
    }

    fn validate_state(&self) -> Result<(), Error> {
        let bad = |why| Error::InvalidState { why };
        let c = &self.config;
        let tiles = c.set_tiles();
        let (played, cursor) = (usize::from(self.played), usize::from(self.cursor));
        if played > cursor || cursor > tiles || cursor < c.dealt() {
            return Err(bad("tile counts out of range"));
        }
        if self.to_act >= c.players {
            return Err(bad("no such seat to act"));
        }
        if self.end > BLOCKED {
            return Err(bad("unknown end state"));
        }
        if self.drew && (cursor == c.dealt() || c.draw == DrawRule::Never) {
            return Err(bad("a draw that cannot have happened"));
        }
        if self.scores.iter().skip(usize::from(c.players)).any(|&score| score != 0) {
            return Err(bad("a score for a seat the table does not have"));
        }
        // Every tile of the set exactly once: layout, boneyard, hands.
        let mut seen: Hand = [0; WORDS];
        let mut place = |id: u8| -> Result<(), Error> {
            if usize::from(id) >= tiles || has(&seen, id) {
                return Err(bad("a tile outside the set or twice"));
            }
            insert(&mut seen, id);
            Ok(())
        };
        for (position, &id) in self.deck.iter().enumerate() {
            if position < played || (cursor..tiles).contains(&position) {
                place(id)?;
            } else if id != 0 {
                return Err(bad("a stray byte in the tile order"));
            }
        }
        for (seat, hand) in self.hands.iter().enumerate() {
            if seat >= usize::from(c.players) && count(hand) != 0 {
                return Err(bad("tiles for a seat the table does not have"));
            }
            for id in ids(hand) {
                place(id)?;
            }
        }
        // The layout: each tile attached to an earlier one at a free point.
        for (index, &parent) in self.parents.iter().enumerate() {
            let parent = usize::from(parent);
            if (index == 0 || index >= played) && parent != 0 {
                return Err(bad("a stray byte in the parents"));
            }
            if index >= 1 && index < played && parent >= index {
                return Err(bad("a tile attached to a later one"));
            }
        }
        let mut frees = Frees::new();
        let mut doubles = 0usize;
        for (index, (&id, &parent)) in self.deck.iter().zip(&self.parents).take(played).enumerate() {
            let tile = tile_of(id);
            let spinner = tile.is_double() && c.spinner.is_spinner(doubles);
            if tile.is_double() {
                doubles = doubles.saturating_add(1);
            }
            let free = if index == 0 {
                Free::opening(tile, spinner)
            } else {
                // Below `index` (checked just above): a tile of the layout.
                let parent = usize::from(parent);
                let parent_tile = self.placed(parent)?;
                let pip = shared(tile, parent_tile)
                    .filter(|&pip| frees.get(parent).takes(parent_tile, pip))
                    .ok_or(bad("a layout the rules do not allow"))?;
                frees.cover(parent, parent_tile, pip);
                Free::attached(tile, pip, spinner)
            };
            frees.set(index, free);
        }
        // The turn and the end.
        let players = usize::from(c.players);
        let empty_hand = self.hands.iter().take(players).any(|hand| count(hand) == 0);
        let blocked = self.passes >= c.players && !self.any_drawable();
        // A pass that blocks ends the hand at once; a draw (`drew`) may leave the seat that drew
        // the last tile still to act after a run of passes.
        let consistent = match self.end {
            PLAYING => !empty_hand && (!blocked || self.drew),
            DOMINO => {
                self.hands
                    .get(usize::from(self.to_act))
                    .is_some_and(|hand| count(hand) == 0)
                    && self.passes == 0
            }
            _ => blocked && !empty_hand,
        };
        if !consistent {
            return Err(bad("the turn or the end is inconsistent"));
        }
        // The exclusions: 76 bits, numbers of the set, seats of the table, and true of every
        // tile in hand but the one a seat still drawing drew last.
        if self.packed_voids() >> (4 * VOID_BITS) != 0 {
            return Err(bad("a stray bit in the exclusions"));
        }
        let numbers = 1u32
            .checked_shl(u32::from(c.high).saturating_add(1))
            .map_or(u32::MAX, |bit| bit.wrapping_sub(1));
        for (seat, hand) in self.hands.iter().enumerate() {
            let known = self.void(seat);
            if known & !numbers != 0 || (seat >= players && known != 0) {
                return Err(bad("an exclusion outside the set or the table"));
            }
            let drawing = self.end == PLAYING && self.drew && seat == usize::from(self.to_act);
            let showing = ids(hand)
                .filter(|&id| {
                    let tile = tile_of(id);
                    known & (1u32.checked_shl(tile.a).unwrap_or(0) | 1u32.checked_shl(tile.b).unwrap_or(0)) != 0
                })
                .count();
            if showing > usize::from(drawing) {
                return Err(bad("a seat holds a number it is known to lack"));
            }
        }
        Ok(())
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
mod tests {
    extern crate std;
    use std::string::String;
    use std::vec::Vec;

    use super::*;
    use crate::dominoes::{Match, RandomBot};
    use crate::game::bot::lowest_legal_action;

    fn text(tiles: impl Iterator<Item = Tile>) -> String {
        let list: Vec<String> = tiles.map(|tile| std::format!("{tile}")).collect();
        list.join(" ")
    }

    fn t(a: u32, b: u32) -> Tile {
        Tile::new(a, b)
    }

    fn rest(hands: &[&[Tile]], high: u32) -> Vec<Tile> {
        Tile::set(high)
            .filter(|tile| !hands.iter().any(|hand| hand.contains(tile)))
            .collect()
    }

    fn play(tile: Tile, on: Option<Tile>) -> Action {
        Action::Play { tile, on }
    }

    #[test]
    fn sizes_are_within_the_budget() {
        assert_eq!(core::mem::size_of::<Round>(), 512);
        assert!(core::mem::size_of::<Round>() <= 512);
        assert_eq!(core::mem::size_of::<Match>(), 536);
        assert!(core::mem::size_of::<Match>() <= 768);
        assert_eq!(ENCODED_BYTES, 513);
    }

    /// The in-place forms the C calls use answer as the by-value ones: a deal, a decode, and an
    /// update that keeps the bytes when the action is illegal.
    #[test]
    fn in_place_deal_decode_and_update_match_the_by_value_forms() {
        for seed in 0..20u64 {
            let config = [Config::FIVE_UP, Config::ALL_FIVES, Config::BLOCK][seed as usize % 3];
            let deal = Deal::Seeded(seed);
            let round = Round::new(&config, &deal).unwrap();
            assert_eq!(Round::new_with(&config, &deal, Round::clone).unwrap(), round);
            let mut bytes = [0u8; ENCODED_BYTES];
            round.encode(&mut bytes).unwrap();
            assert_eq!(Round::decode_with(&bytes, |decoded| decoded.clone()).unwrap(), round);
            let seat = round.to_act().unwrap();
            let before = bytes;
            let illegal = Action::Play {
                tile: t(0, 0),
                on: Some(t(9, 9)),
            };
            assert!(Round::update_encoded(&mut bytes, |r| r.apply(seat, illegal)).is_err());
            assert_eq!(bytes, before, "an illegal action leaves the bytes unchanged");
            let action = lowest_legal_action(&round, seat).unwrap();
            let mut expected = round.clone();
            let event = expected.apply(seat, action).unwrap();
            assert_eq!(Round::update_encoded(&mut bytes, |r| r.apply(seat, action)), Ok(event));
            assert_eq!(Round::decode(&bytes).unwrap(), expected);
            let mut garbage = bytes;
            garbage[0] ^= 0xFF;
            assert!(Round::decode_with(&garbage, |_| ()).is_err());
        }
    }

    #[test]
    fn seeded_deals_are_pinned() {
        // Seat 0 takes shuffled positions 0..5, seat 1 positions 5..10, the boneyard the rest
        // (hands listed by tile id). Checked against an independent script of the documented
        // algorithm (SplitMix64, Lemire, Fisher-Yates over 0-0 0-1 … 6-6).
        let cases = [
            (
                0u64,
                "0-1 2-2 1-4 5-5 3-6",
                "3-4 3-5 4-5 2-6 5-6",
                0u8,
                "2-3 0-5 0-6 1-3 2-4 1-2 1-6 4-4 3-3 0-4 2-5 0-3 1-1 0-2 6-6 0-0 1-5 4-6",
            ),
            (
                1,
                "0-1 0-3 1-3 0-4 3-6",
                "0-0 2-2 2-5 1-6 4-6",
                1,
                "1-2 2-3 0-2 0-6 3-3 4-4 5-6 1-1 6-6 0-5 4-5 3-4 2-6 1-4 1-5 5-5 3-5 2-4",
            ),
            (
                42,
                "3-3 1-4 2-4 1-6 3-6",
                "2-2 2-3 4-4 4-5 2-6",
                1,
                "0-5 0-1 0-2 1-3 5-5 6-6 4-6 0-3 1-5 0-6 2-5 5-6 3-4 0-0 1-2 1-1 0-4 3-5",
            ),
        ];
        for (seed, zero, one, leader, boneyard) in cases {
            let round = Round::new(&Config::FIVE_UP, &Deal::Seeded(seed)).unwrap();
            assert_eq!(text(round.hand(Seat(0))), zero, "seed {seed}");
            assert_eq!(text(round.hand(Seat(1))), one, "seed {seed}");
            assert_eq!(round.to_act(), Some(Seat(leader)), "seed {seed}");
            let order = (round.cursor as usize..28).map(|position| tile_of(round.deck[position]));
            assert_eq!(text(order), boneyard, "seed {seed}");
        }
    }

    #[test]
    fn a_whole_five_up_hand_scores_as_the_rules_say() {
        let hands: [&[Tile]; 2] = [
            &[t(5, 5), t(5, 0), t(1, 2), t(2, 3), t(0, 0)],
            &[t(5, 6), t(4, 4), t(1, 1), t(0, 3), t(3, 3)],
        ];
        let boneyard = rest(&hands, 6);
        let mut round = Round::new(
            &Config::FIVE_UP,
            &Deal::Given {
                hands: &hands,
                boneyard: &boneyard,
            },
        )
        .unwrap();
        assert_eq!(round.to_act(), Some(Seat(0)));
        let played = |open_total, points| Event::Played {
            open_total,
            points,
            hand_over: false,
        };
        let script: [(u8, Action, Event); 11] = [
            (0, play(t(5, 5), None), played(10, 2)),
            (1, play(t(5, 6), Some(t(5, 5))), played(16, 0)),
            (0, play(t(5, 0), Some(t(5, 5))), played(6, 0)),
            (1, play(t(0, 3), Some(t(5, 0))), played(9, 0)),
            (0, play(t(2, 3), Some(t(0, 3))), played(8, 0)),
            (1, Action::Draw, Event::Drew { tile: t(0, 1) }),
            (1, Action::Draw, Event::Drew { tile: t(0, 2) }),
            (1, play(t(0, 2), Some(t(2, 3))), played(6, 0)),
            (0, play(t(0, 0), Some(t(0, 2))), played(6, 0)),
            (1, play(t(0, 1), Some(t(0, 0))), played(7, 0)),
            (
                0,
                play(t(1, 2), Some(t(0, 1))),
                Event::Played {
                    open_total: 8,
                    points: 0,
                    hand_over: true,
                },
            ),
        ];
        for (step, (seat, action, event)) in script.into_iter().enumerate() {
            let mut legal = [Action::Pass; 8];
            let total = round.legal_actions(Seat(seat), &mut legal);
            assert!(
                legal[..total.min(8)].contains(&action),
                "step {step}: {action} not in {:?}",
                &legal[..total]
            );
            assert_eq!(round.apply(Seat(seat), action), Ok(event), "step {step}");
            let copy = Round::decode(&{
                let mut bytes = [0u8; ENCODED_BYTES];
                round.encode(&mut bytes).unwrap();
                bytes
            })
            .unwrap();
            assert_eq!(copy, round);
        }
        // Seat 1 holds 4-4 1-1 3-3: 16 pips → (16 + 2) / 5 = 3.
        let outcome = round.outcome().unwrap();
        assert_eq!(outcome.end, End::Domino { seat: Seat(0) });
        assert_eq!(outcome.bonus, Some((Seat(0), 3)));
        assert_eq!(outcome.scores, [5, 0, 0, 0]);
        assert_eq!(outcome.winner, Some(Seat(0)));
        assert_eq!(round.to_act(), None);
        assert_eq!(round.apply(Seat(1), Action::Pass), Err(Error::RoundOver));
    }

    #[test]
    fn illegal_actions_are_typed_errors_and_change_nothing() {
        let hands: [&[Tile]; 2] = [
            &[t(5, 5), t(5, 0), t(1, 2), t(2, 3), t(0, 0)],
            &[t(5, 6), t(4, 4), t(1, 1), t(0, 3), t(3, 3)],
        ];
        let boneyard = rest(&hands, 6);
        let mut round = Round::new(
            &Config::FIVE_UP,
            &Deal::Given {
                hands: &hands,
                boneyard: &boneyard,
            },
        )
        .unwrap();
        let before = round.clone();
        assert_eq!(round.apply(Seat(1), Action::Draw), Err(Error::NotYourTurn { seat: 1 }));
        assert_eq!(round.apply(Seat(2), Action::Draw), Err(Error::NoSuchSeat { seat: 2 }));
        assert_eq!(round.apply(Seat(0), Action::Draw), Err(Error::MustPlay));
        assert_eq!(round.apply(Seat(0), Action::Pass), Err(Error::MustPlay));
        assert_eq!(
            round.apply(Seat(0), play(t(6, 6), None)),
            Err(Error::NotInHand { tile: t(6, 6) })
        );
        assert_eq!(
            round.apply(Seat(0), play(t(5, 5), Some(t(5, 0)))),
            Err(Error::OpeningTakesNoPlacement)
        );
        assert_eq!(round, before);
        round.apply(Seat(0), play(t(5, 5), None)).unwrap();
        round.apply(Seat(1), play(t(5, 6), Some(t(5, 5)))).unwrap();
        round.apply(Seat(0), play(t(5, 0), Some(t(5, 5)))).unwrap();
        let before = round.clone();
        // 5-5's sides are covered; its ends take tiles now but 0-3 shows no 5.
        assert_eq!(
            round.apply(Seat(1), play(t(0, 3), Some(t(5, 5)))),
            Err(Error::NoOpenEndOn {
                tile: t(0, 3),
                on: t(5, 5)
            })
        );
        assert_eq!(round.apply(Seat(1), play(t(0, 3), None)), Err(Error::PlacementRequired));
        assert_eq!(
            round.apply(Seat(1), play(t(0, 3), Some(t(2, 3)))),
            Err(Error::NotInLayout { on: t(2, 3) })
        );
        assert_eq!(round, before);
        round.apply(Seat(1), play(t(0, 3), Some(t(5, 0)))).unwrap();
        let before = round.clone();
        // 0-3 covered 5-0's 0 end: 0-0 cannot go there.
        assert_eq!(
            round.apply(Seat(0), play(t(0, 0), Some(t(5, 0)))),
            Err(Error::NoOpenEndOn {
                tile: t(0, 0),
                on: t(5, 0)
            })
        );
        assert_eq!(round, before);
        round.apply(Seat(0), play(t(2, 3), Some(t(0, 3)))).unwrap();
        let before = round.clone();
        assert_eq!(round.apply(Seat(1), Action::Pass), Err(Error::MustDraw));
        assert_eq!(round, before);
    }

    #[test]
    fn a_blocked_block_game_scores_the_lower_hand() {
        let hands: [&[Tile]; 2] = [
            &[t(0, 0), t(1, 1), t(2, 2), t(3, 3), t(4, 4), t(5, 5), t(6, 6)],
            &[t(0, 1), t(0, 2), t(0, 3), t(0, 4), t(0, 5), t(1, 2), t(1, 3)],
        ];
        let boneyard = rest(&hands, 6);
        let mut round = Round::new(
            &Config::BLOCK,
            &Deal::Given {
                hands: &hands,
                boneyard: &boneyard,
            },
        )
        .unwrap();
        assert_eq!(round.to_act(), Some(Seat(0)));
        let event = round.apply(Seat(0), play(t(6, 6), None)).unwrap();
        assert_eq!(
            event,
            Event::Played {
                open_total: 12,
                points: 0,
                hand_over: false
            }
        );
        assert_eq!(round.legal_actions(Seat(1), &mut []), 1);
        assert_eq!(round.apply(Seat(1), Action::Draw), Err(Error::CannotDraw));
        assert_eq!(
            round.apply(Seat(1), Action::Pass),
            Ok(Event::Passed { hand_over: false })
        );
        assert_eq!(
            round.apply(Seat(0), Action::Pass),
            Ok(Event::Passed { hand_over: true })
        );
        // Seat 0 holds 30 pips, seat 1 22: seat 1 scores 30, rounded to five: 30.
        let outcome = round.outcome().unwrap();
        assert_eq!(outcome.end, End::Blocked);
        assert_eq!(outcome.scores, [0, 30, 0, 0]);
        assert_eq!(outcome.winner, Some(Seat(1)));
    }

    #[test]
    fn observations_hide_the_other_seats_tiles() {
        let hands: [&[Tile]; 2] = [
            &[t(5, 5), t(5, 0), t(1, 2), t(2, 3), t(0, 0)],
            &[t(5, 6), t(4, 4), t(1, 1), t(0, 3), t(3, 3)],
        ];
        // The same deal with one of seat 1's tiles swapped with a boneyard tile.
        let other: [&[Tile]; 2] = [hands[0], &[t(5, 6), t(4, 4), t(2, 4), t(0, 3), t(3, 3)]];
        let boneyard = rest(&hands, 6);
        let mut swapped = boneyard.clone();
        let at = swapped.iter().position(|&tile| tile == t(2, 4)).unwrap();
        swapped[at] = t(1, 1);
        let mut a = Round::new(
            &Config::FIVE_UP,
            &Deal::Given {
                hands: &hands,
                boneyard: &boneyard,
            },
        )
        .unwrap();
        let mut b = Round::new(
            &Config::FIVE_UP,
            &Deal::Given {
                hands: &other,
                boneyard: &swapped,
            },
        )
        .unwrap();
        for (seat, action) in [(0, play(t(5, 5), None)), (1, play(t(5, 6), Some(t(5, 5))))] {
            assert_eq!(a.observation(Seat(0)), b.observation(Seat(0)));
            assert_ne!(a.observation(Seat(1)), b.observation(Seat(1)));
            a.apply(Seat(seat), action).unwrap();
            b.apply(Seat(seat), action).unwrap();
        }
        let seen = a.observation(Seat(0)).unwrap();
        assert_eq!(seen, b.observation(Seat(0)).unwrap());
        assert_eq!(text(seen.hand()), "0-0 1-2 2-3 0-5");
        assert_eq!(seen.hand_counts, [4, 4, 0, 0]);
        assert_eq!(seen.boneyard, 18);
        assert_eq!(seen.open_total, 16);
        let layout: Vec<_> = seen.layout().collect();
        assert_eq!(layout, [(t(5, 5), None), (t(5, 6), Some(t(5, 5)))]);
        assert_eq!(a.observation(Seat(2)), Err(Error::NoSuchSeat { seat: 2 }));
    }

    #[test]
    fn configs_are_validated() {
        assert_eq!(Config::default(), Config::FIVE_UP);
        for config in [
            Config::FIVE_UP,
            Config::ALL_FIVES,
            Config::BLOCK,
            Config::FIVE_UP.with_players(4),
        ] {
            assert_eq!(config.validate(), Ok(()));
        }
        let bad = |config: Config| matches!(config.validate(), Err(Error::InvalidConfig { .. }));
        assert!(bad(Config {
            high: 7,
            ..Config::FIVE_UP
        }));
        assert!(bad(Config::FIVE_UP.with_players(5)));
        assert!(bad(Config {
            partnerships: true,
            ..Config::FIVE_UP
        }));
        assert!(bad(Config {
            hand_size: 15,
            ..Config::FIVE_UP
        }));
        assert!(bad(Config {
            hand_size: 0,
            ..Config::FIVE_UP
        }));
        assert!(bad(Config {
            target: 0,
            ..Config::FIVE_UP
        }));
        assert!(!bad(Config {
            hand_size: 14,
            ..Config::FIVE_UP
        }));
        assert_eq!(Config::FIVE_UP.max_actions(), 7 * 3 * 4);
        assert_eq!(
            Config {
                high: 18,
                ..Config::FIVE_UP
            }
            .max_actions(),
            MAX_ACTIONS
        );
        let bad_deal = |hands: &[&[Tile]], boneyard: &[Tile]| {
            matches!(
                Round::new(&Config::FIVE_UP, &Deal::Given { hands, boneyard }),
                Err(Error::BadDeal { .. })
            )
        };
        let hands: [&[Tile]; 2] = [
            &[t(0, 0), t(0, 1), t(0, 2), t(0, 3), t(0, 4)],
            &[t(1, 1), t(1, 2), t(1, 3), t(1, 4), t(1, 5)],
        ];
        let boneyard = rest(&hands, 6);
        assert!(!bad_deal(&hands, &boneyard));
        assert!(bad_deal(&hands, &boneyard[1..]));
        assert!(bad_deal(&hands[..1], &boneyard));
        let twice: [&[Tile]; 2] = [&[t(0, 0), t(0, 1), t(0, 2), t(0, 3), t(0, 0)], hands[1]];
        assert!(bad_deal(&twice, &boneyard));
        let outside: [&[Tile]; 2] = [&[t(0, 7), t(0, 1), t(0, 2), t(0, 3), t(0, 4)], hands[1]];
        assert!(bad_deal(&outside, &boneyard));
    }

    #[test]
    fn random_games_round_trip_and_random_bytes_never_decode_to_nonsense() {
        let mut finished = 0;
        for seed in 0..300u64 {
            let high = [6u8, 9, 12, 15, 18][seed as usize % 5];
            let base = [Config::FIVE_UP, Config::ALL_FIVES, Config::BLOCK][seed as usize % 3];
            let config = Config {
                high,
                ..base.with_players(2 + (seed % 3) as u8)
            };
            let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
            let mut bot = RandomBot::new(seed);
            let mut steps = 0;
            while let Some(seat) = round.to_act() {
                let action = if seed % 2 == 0 {
                    bot.choose(&round, seat)
                } else {
                    lowest_legal_action(&round, seat)
                };
                round.apply(seat, action.unwrap()).unwrap();
                let mut bytes = [0u8; ENCODED_BYTES];
                assert_eq!(round.encode(&mut bytes), Ok(ENCODED_BYTES));
                assert_eq!(Round::decode(&bytes).as_ref(), Ok(&round));
                // One flipped byte: an error or a valid round, never a panic.
                let at = (steps * 31 + seed as usize) % ENCODED_BYTES;
                bytes[at] ^= 0x5A;
                if let Ok(other) = Round::decode(&bytes) {
                    let mut again = [0u8; ENCODED_BYTES];
                    other.encode(&mut again).unwrap();
                    assert_eq!(again, bytes);
                }
                steps += 1;
            }
            let outcome = round.outcome().unwrap();
            finished += 1;
            let tiles: usize = (0..config.players)
                .map(|seat| round.hand_len(Seat(seat)))
                .sum::<usize>()
                + round.layout().count()
                + round.boneyard_len();
            assert_eq!(tiles, config.set_tiles());
            if let End::Domino { seat } = outcome.end {
                assert_eq!(round.hand_len(seat), 0);
            }
        }
        assert_eq!(finished, 300);
        let mut rng = Rng::new(9);
        for _ in 0..2000 {
            let mut bytes = [0u8; ENCODED_BYTES];
            for byte in bytes.iter_mut() {
                *byte = rng.next_u32() as u8;
            }
            bytes[0] = FORMAT_VERSION;
            assert!(Round::decode(&bytes).is_err());
        }
    }
}
