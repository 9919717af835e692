//! Optional lookup tables for bulk shanten: the per-suit cost tables of every numbered-suit
//! pattern of at most [`TABLE_MAX_SUIT_TILES`] tiles, computed at run time by the same dynamic
//! program as [`shanten`](super::shanten::shanten) into caller-owned memory
//! ([`ShantenTables::SIZE_BYTES`] bytes). Nothing is stored in flash; suits with more tiles fall
//! back to the dynamic program, so answers are identical with and without tables.

use super::hand::{Error, Hand};
use super::rules::Form;
use super::shanten::{Table, check_size_for, shanten_with, suit_table};

/// Numbered-suit patterns of at most this many tiles are in the tables.
pub const TABLE_MAX_SUIT_TILES: usize = 6;

/// `C(n + 8, 8)` summed for n = 0…6: multisets of at most six tiles of nine numbers.
const ENTRIES: usize = 5005;

/// Binomial coefficients `C(n, k)` for n < 15, k ≤ 6.
const BINOM: [[u16; 7]; 15] = {
    let mut t = [[0u16; 7]; 15];
    let mut n = 0;
    while n < 15 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 7 && k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// Where the patterns of `n` tiles start: `Σ C(j + 8, j)` for j < n.
const OFFSETS: [u16; 7] = [0, 1, 10, 55, 220, 715, 2002];

/// The table slot of a suit pattern (counts of numbers 1–9), or `None` above six tiles. The
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

/// Per-suit cost tables for fast bulk shanten (about 50 KB; build once, share by reference).
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
    costs: [[u8; 10]; ENTRIES],
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
    /// The size of the tables in bytes (50,050).
    pub const SIZE_BYTES: usize = ENTRIES * 10;

    /// Computes the tables (every pattern of at most six tiles; a few milliseconds).
    pub fn new() -> ShantenTables {
        let mut tables = ShantenTables {
            costs: [[0; 10]; ENTRIES],
        };
        // Enumerate patterns as an odometer over nine counts 0–4 with at most six tiles.
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

fn pack(table: &Table) -> [u8; 10] {
    let mut out = [0u8; 10];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = table.get((i / 5) * 8 + i % 5).copied().unwrap_or(0);
    }
    out
}

fn unpack(entry: &[u8; 10]) -> Table {
    let mut table = super::shanten::EMPTY;
    for (i, &value) in entry.iter().enumerate() {
        if let Some(slot) = table.get_mut((i / 5) * 8 + i % 5) {
            *slot = value;
        }
    }
    table
}
