//! Optional lookup tables for bulk shanten: the per-suit cost tables of every numbered-suit
//! pattern of at most [`TABLE_MAX_SUIT_TILES`] tiles, computed at run time by the same dynamic
//! program as [`shanten`](super::shanten::shanten) into caller-owned memory
//! ([`ShantenTables::SIZE_BYTES`] bytes). Nothing is stored in flash; suits with more tiles fall
//! back to the dynamic program, so answers are identical with and without tables.

use super::hand::{Error, Hand};
use super::rules::Form;
use super::shanten::{EMPTY, INF, Table, check_size_for, shanten_with, suit_table};

/// Numbered-suit patterns of at most this many tiles are in the tables.
pub const TABLE_MAX_SUIT_TILES: usize = 7;

/// `C(n + 8, 8)` summed for n = 0…7: multisets of at most seven tiles of nine numbers.
const ENTRIES: usize = 11440;

/// Binomial coefficients `C(n, k)` for n < 15, k ≤ 7.
const BINOM: [[u16; 8]; 15] = {
    let mut t = [[0u16; 8]; 15];
    let mut n = 0;
    while n < 15 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 8 && k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// Where the patterns of `n` tiles start: `Σ C(j + 8, j)` for j < n.
const OFFSETS: [u16; 8] = [0, 1, 10, 55, 220, 715, 2002, 5005];

/// The table slot of a suit pattern (counts of numbers 1–9), or `None` above seven tiles. The
/// sorted tiles `a_1 ≤ … ≤ a_n` become `b_i = a_i + i − 1` (strictly increasing) and are ranked
/// in the combinatorial number system.
fn slot(counts: &[u8; 9]) -> Option<usize> {
    let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
    if total > TABLE_MAX_SUIT_TILES {
        return None;
    }
    let mut rank = usize::from(*OFFSETS.get(total)?);
    let mut i = 0usize; // tiles placed so far
    for (number, &count) in counts.iter().enumerate() {
        for _ in 0..count {
            i += 1;
            rank += usize::from(*BINOM.get(number + i - 1)?.get(i)?);
        }
    }
    Some(rank)
}

/// Per-suit cost tables for fast bulk shanten (57,200 bytes; build once, share by reference).
/// Each entry holds the ten costs `cost[pair][sets]` of one suit pattern as 4-bit numbers (a
/// suit never needs more than 14 drawn tiles; 15 stands for impossible).
///
/// ```
/// use parlor_core::mahjong::{Form, Hand, ShantenTables, shanten};
/// let tables = ShantenTables::new();
/// let hand: Hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 1p 1p".parse().unwrap();
/// assert_eq!(tables.shanten(&hand, Some(Form::Regular)), Ok(1));
/// assert_eq!(tables.shanten(&hand, None), shanten(&hand, None));
/// ```
#[derive(Clone)]
pub struct ShantenTables {
    costs: [[u8; 5]; ENTRIES],
}

impl core::fmt::Debug for ShantenTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "ShantenTables({} patterns)", ENTRIES)
    }
}

impl Default for ShantenTables {
    fn default() -> Self {
        Self::new()
    }
}

impl ShantenTables {
    /// The size of the tables in bytes (57,200).
    pub const SIZE_BYTES: usize = ENTRIES * 5;

    /// Computes the tables (every pattern of at most seven tiles; tens of milliseconds).
    pub fn new() -> ShantenTables {
        let mut tables = ShantenTables {
            costs: [[0; 5]; ENTRIES],
        };
        // Enumerate patterns as an odometer over nine counts 0–4 (those of 8+ tiles have no slot).
        let mut counts = [0u8; 9];
        loop {
            if let Some(entry) = slot(&counts).and_then(|s| tables.costs.get_mut(s)) {
                *entry = pack(&suit_table(&counts));
            }
            // Next pattern: increment the lowest count below 4 and reset the ones before it.
            let mut position = 0;
            loop {
                let Some(count) = counts.get_mut(position) else {
                    return tables;
                };
                if *count < 4 {
                    *count += 1;
                    break;
                }
                *count = 0;
                position += 1;
            }
        }
    }

    /// The cost table of a numbered suit: looked up, or computed when the suit has more tiles.
    pub(crate) fn suit(&self, counts: &[u8; 9]) -> Table {
        match slot(counts).and_then(|s| self.costs.get(s)) {
            Some(entry) => unpack(entry),
            None => suit_table(counts),
        }
    }

    /// [`shanten`](super::shanten::shanten) with table lookups: the same answers and errors.
    pub fn shanten(&self, hand: &Hand, form: Option<Form>) -> Result<i8, Error> {
        check_size_for(hand, form)?;
        Ok(shanten_with(hand, form, |counts| self.suit(counts)))
    }
}

fn pack(table: &Table) -> [u8; 5] {
    let mut out = [0u8; 5];
    for (i, slot) in out.iter_mut().enumerate() {
        let nibble = |lane: usize| {
            let (pair, sets) = (lane / 5, lane % 5);
            table.get(pair * 8 + sets).copied().unwrap_or(INF).min(15)
        };
        *slot = nibble(2 * i) | nibble(2 * i + 1) << 4;
    }
    out
}

fn unpack(entry: &[u8; 5]) -> Table {
    let mut table = EMPTY;
    for (i, &byte) in entry.iter().enumerate() {
        for (lane, value) in [(2 * i, byte & 15), (2 * i + 1, byte >> 4)] {
            if let Some(slot) = table.get_mut((lane / 5) * 8 + lane % 5) {
                *slot = if value == 15 { INF } else { value };
            }
        }
    }
    table
}
