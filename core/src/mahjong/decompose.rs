//! Decompositions of a complete hand: every reading as sets + pair, seven pairs or thirteen
//! orphans (`docs/rules/mahjong.md`, "Beyond the seed").

use core::fmt;

use super::error::Error;
use super::hand::{Hand, Size};
use super::rules::{Form, Rules, seven_pairs_complete, thirteen_orphans_complete};
use super::tile::{KINDS, Tile};

/// A set of three: a triplet of one kind or a run of three consecutive numbers of one suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Meld {
    /// Three of `tile`.
    Triplet(Tile),
    /// `tile` and the next two of its suit (`tile` is 1–7 of `m p s`).
    Run(Tile),
}

impl fmt::Display for Meld {
    /// Compact: `444s`, `123m`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Meld::Triplet(t) => write!(f, "{n}{n}{n}{}", t.suit().letter(), n = t.number()),
            Meld::Run(t) => write!(
                f,
                "{}{}{}{}",
                t.number(),
                t.number().wrapping_add(1),
                t.number().wrapping_add(2),
                t.suit().letter()
            ),
        }
    }
}

/// Sets and a pair: the regular decomposition of a complete hand of `3n+2` tiles (n = 0…4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Regular {
    sets: [Meld; 4],
    len: u8,
    pair: Tile,
}

impl Regular {
    /// The sets, ascending (triplet before run at the same tile).
    pub fn sets(&self) -> &[Meld] {
        // The search pushes at most four sets (the array's length), so the prefix exists.
        debug_assert!(usize::from(self.len) <= self.sets.len());
        self.sets.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// The pair's tile.
    pub const fn pair(&self) -> Tile {
        self.pair
    }
}

/// One way to read a complete hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decomposition {
    /// Sets and a pair.
    Regular(Regular),
    /// Seven distinct pairs, ascending.
    SevenPairs([Tile; 7]),
    /// Thirteen orphans; `pair` is the doubled kind.
    ThirteenOrphans {
        /// The orphan held twice.
        pair: Tile,
    },
}

impl Decomposition {
    /// The shape.
    pub const fn form(&self) -> Form {
        match self {
            Decomposition::Regular(_) => Form::Regular,
            Decomposition::SevenPairs(_) => Form::SevenPairs,
            Decomposition::ThirteenOrphans { .. } => Form::ThirteenOrphans,
        }
    }
}

impl fmt::Display for Decomposition {
    /// Groups in compact notation separated by spaces: sets then pair (`123m 444s 99p`), seven
    /// pairs (`11m 22m …`), thirteen orphans pair first (`11m 9m 1p … 7z`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decomposition::Regular(regular) => {
                for set in regular.sets() {
                    write!(f, "{set} ")?;
                }
                let pair = regular.pair;
                write!(f, "{n}{n}{}", pair.suit().letter(), n = pair.number())
            }
            Decomposition::SevenPairs(pairs) => {
                for (i, pair) in pairs.iter().enumerate() {
                    let sep = if i > 0 { " " } else { "" };
                    write!(f, "{sep}{n}{n}{}", pair.suit().letter(), n = pair.number())?;
                }
                Ok(())
            }
            Decomposition::ThirteenOrphans { pair } => {
                write!(f, "{n}{n}{}", pair.suit().letter(), n = pair.number())?;
                for tile in Tile::all().filter(|t| t.is_orphan() && t != pair) {
                    write!(f, " {tile}")?;
                }
                Ok(())
            }
        }
    }
}

/// Calls `visit` with every decomposition of a complete hand under `rules` and returns how many
/// there are (0 when the hand is not complete). Regular decompositions come first, each distinct
/// multiset of sets + pair once, ordered by pair then sets; then seven pairs, then thirteen
/// orphans. The search is bounded (at most four sets deep), so it needs no memory.
///
/// Errors: [`Error::WrongSize`] unless the hand has 3n+2 tiles.
///
/// ```
/// use parlor_core::mahjong::{Hand, Rules, for_each_decomposition};
/// let hand: Hand = "111222333m 789p 55z".parse().unwrap();
/// let mut seen = Vec::new();
/// let n = for_each_decomposition(&hand, Rules::SEED, |d| seen.push(d.to_string())).unwrap();
/// assert_eq!(n, 2);
/// assert_eq!(seen, ["111m 222m 333m 789p 55z", "123m 123m 123m 789p 55z"]);
/// ```
pub fn for_each_decomposition(
    hand: &Hand,
    rules: Rules,
    mut visit: impl FnMut(&Decomposition),
) -> Result<usize, Error> {
    hand.expect_size(Size::Complete)?;
    let counts = hand.counts();
    let sets_needed = hand.len() / 3;
    let mut found = 0usize;
    let mut emit = |regular: &Regular| {
        found = found.wrapping_add(1);
        visit(&Decomposition::Regular(*regular));
    };
    let mut search = SetSearch {
        rest: *counts,
        partial: Regular {
            sets: [Meld::Triplet(Tile::FIRST); 4],
            len: 0,
            pair: Tile::FIRST,
        },
        sets_needed: sets_needed as u8, // at most 4 (14 tiles)
        emit: &mut emit,
    };
    for pair in Tile::all() {
        search.rest = *counts;
        match search.rest.get_mut(pair.index()) {
            Some(c) if *c >= 2 => *c = c.wrapping_sub(2),
            _ => continue,
        }
        search.partial = Regular {
            sets: [Meld::Triplet(pair); 4],
            len: 0,
            pair,
        };
        search.search(0);
    }
    if hand.len() == 14 && rules.seven_pairs && seven_pairs_complete(counts) {
        let mut pairs = [Tile::FIRST; 7];
        for (slot, tile) in pairs.iter_mut().zip(Tile::all().filter(|&t| hand.count(t) == 2)) {
            *slot = tile;
        }
        found = found.wrapping_add(1);
        visit(&Decomposition::SevenPairs(pairs));
    }
    let orphans = hand.len() == 14 && rules.thirteen_orphans && thirteen_orphans_complete(counts);
    if let Some(pair) = Tile::all().find(|&t| orphans && hand.count(t) == 2) {
        found = found.wrapping_add(1);
        visit(&Decomposition::ThirteenOrphans { pair });
    }
    Ok(found)
}

/// One step of [`SetSearch`] at a kind, in one word: the kind (bits 0..8), the runs its copies
/// start (bits 8..16) and whether three of them are a triplet (bit 16).
#[derive(Clone, Copy)]
struct Choice(u32);

impl Choice {
    /// A triplet and runs from a kind's `count` copies (the caller checked there are three), or
    /// (not `triplet`) every copy a run's start.
    fn new(index: usize, count: u8, triplet: bool) -> Choice {
        let runs = if triplet { count.wrapping_sub(3) } else { count };
        // The kind is below 34 (the search's range).
        Choice((index as u32 & 0xFF) | u32::from(runs) << 8 | u32::from(triplet) << 16)
    }

    fn index(self) -> usize {
        (self.0 & 0xFF) as usize
    }

    fn runs(self) -> u8 {
        (self.0 >> 8) as u8
    }

    fn triplet(self) -> bool {
        self.0 & 1 << 16 != 0
    }
}

/// The search of [`for_each_decomposition`]'s sets: the counts left, the reading so far, how
/// many sets it needs and where each reading goes, in one place that every level of the
/// recursion reaches through one pointer (a level's frame holds its own few numbers only: the
/// search nests five deep under the hand value, on a microcontroller's stack).
struct SetSearch<'a> {
    rest: [u8; KINDS],
    partial: Regular,
    sets_needed: u8,
    emit: &'a mut dyn FnMut(&Regular),
}

impl SetSearch<'_> {
    /// Splits `rest` (counts, kinds below `from` already zero) into sets, canonically: at the
    /// lowest held kind choose a triplet or not, then every remaining copy starts a run. Depth
    /// is at most four sets (the hand has at most 14 tiles). Each level undoes what it took
    /// (the counts, the sets it pushed) after its descent; what a level keeps across it is the
    /// kind, whether it took a triplet and how many runs (on a microcontroller the steps are
    /// calls of their own, so that a level's frame holds no more than that).
    fn search(&mut self, from: usize) {
        let Some(index) = (from..KINDS).find(|&i| self.rest.get(i).is_some_and(|&c| c > 0)) else {
            if self.partial.len == self.sets_needed {
                (self.emit)(&self.partial);
            }
            return;
        };
        let count = self.rest.get(index).copied().unwrap_or(0);
        // A triplet first (when there are three), then none: two steps rather than a loop over
        // the choice, each step one word, so that a level keeps only its two choices (and the
        // search's pointer) across its descent: on the Cortex-M0 a level's frame is 24 bytes
        // (40 with the loop).
        let runs_only = Choice::new(index, count, false);
        if count >= 3 {
            self.step(Choice::new(index, count, true));
        }
        self.step(runs_only);
    }

    /// One choice taken when it fits, searched below and undone.
    #[inline(always)]
    fn step(&mut self, choice: Choice) {
        if self.fits(choice) {
            self.take(choice);
            self.search(choice.index().wrapping_add(1));
            self.put_back(choice);
        }
    }

    /// Whether a choice's triplet (or not) and runs fit the reading: no more sets than it
    /// needs, and as many copies of the next two kinds of the suit as runs.
    #[cfg_attr(target_os = "none", inline(never))]
    fn fits(&self, choice: Choice) -> bool {
        let (index, triplet, runs) = (choice.index(), choice.triplet(), choice.runs());
        let sets = runs.wrapping_add(u8::from(triplet)); // at most 4 + 1
        if self.partial.len.wrapping_add(sets) > self.sets_needed {
            return false;
        }
        // A run starts at 1–7 of a numbered suit (kinds 0..27, nine to a suit).
        runs == 0
            || (index < 27
                && index % 9 <= 6
                && self.rest.get(index.wrapping_add(1)).is_some_and(|&c| c >= runs)
                && self.rest.get(index.wrapping_add(2)).is_some_and(|&c| c >= runs))
    }

    /// Takes a choice's triplet (or not) and runs ([`SetSearch::fits`]): the sets pushed onto
    /// the reading, their tiles out of the counts (all of its kind's).
    #[cfg_attr(target_os = "none", inline(never))]
    fn take(&mut self, choice: Choice) {
        let (index, runs) = (choice.index(), choice.runs());
        let Some(tile) = Tile::new(index as u8) else { return };
        if choice.triplet() {
            self.push(Meld::Triplet(tile));
        }
        for _ in 0..runs {
            self.push(Meld::Run(tile));
        }
        if let Some(c) = self.rest.get_mut(index) {
            *c = 0;
        }
        self.runs_out(index, runs, false);
    }

    /// Undoes [`SetSearch::take`]: the sets popped (the slots past the length are never read),
    /// the tiles back.
    #[cfg_attr(target_os = "none", inline(never))]
    fn put_back(&mut self, choice: Choice) {
        let (index, runs) = (choice.index(), choice.runs());
        let sets = runs.wrapping_add(u8::from(choice.triplet()));
        self.partial.len = self.partial.len.wrapping_sub(sets);
        if let Some(c) = self.rest.get_mut(index) {
            *c = runs.wrapping_add(if choice.triplet() { 3 } else { 0 });
        }
        self.runs_out(index, runs, true);
    }

    /// Appends `meld` to the reading (the caller checked there is room).
    fn push(&mut self, meld: Meld) {
        if let Some(slot) = self.partial.sets.get_mut(usize::from(self.partial.len)) {
            *slot = meld;
            self.partial.len = self.partial.len.wrapping_add(1);
        }
    }

    /// Takes (or, `back`, returns) `runs` copies of the two kinds after `index` (checked held
    /// when taken).
    fn runs_out(&mut self, index: usize, runs: u8, back: bool) {
        if runs == 0 {
            return;
        }
        for next in [index.wrapping_add(1), index.wrapping_add(2)] {
            if let Some(c) = self.rest.get_mut(next) {
                *c = if back {
                    c.wrapping_add(runs)
                } else {
                    c.wrapping_sub(runs)
                };
            }
        }
    }
}
