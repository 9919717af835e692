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
    for pair in Tile::all() {
        let mut rest = *counts;
        match rest.get_mut(pair.index()) {
            Some(c) if *c >= 2 => *c = c.wrapping_sub(2),
            _ => continue,
        }
        let mut partial = Regular {
            sets: [Meld::Triplet(pair); 4],
            len: 0,
            pair,
        };
        sets_search(&mut rest, 0, &mut partial, sets_needed, &mut |regular| {
            found = found.wrapping_add(1);
            visit(&Decomposition::Regular(*regular));
        });
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

/// Splits `rest` (counts, tiles below `from` already zero) into sets, canonically: at the lowest
/// held kind choose a triplet or not, then every remaining copy starts a run. Depth is at most
/// four sets (the hand has at most 14 tiles).
fn sets_search(
    rest: &mut [u8; KINDS],
    from: usize,
    partial: &mut Regular,
    sets_needed: usize,
    emit: &mut dyn FnMut(&Regular),
) {
    let Some(tile) = Tile::all().skip(from).find(|t| t.count_in(rest) > 0) else {
        if usize::from(partial.len) == sets_needed {
            emit(partial);
        }
        return;
    };
    let index = tile.index();
    let count = tile.count_in(rest);
    for triplet in [true, false] {
        let runs = if triplet {
            match count.checked_sub(3) {
                Some(r) => r,
                None => continue,
            }
        } else {
            count
        };
        let sets = usize::from(runs).saturating_add(usize::from(triplet));
        if usize::from(partial.len).wrapping_add(sets) > sets_needed {
            continue;
        }
        // Runs need the next two kinds of the same suit, `runs` copies each.
        let second = tile.next_in_suit();
        let third = second.and_then(Tile::next_in_suit);
        if runs > 0 {
            let (Some(b), Some(c)) = (second, third) else { continue };
            if b.count_in(rest) < runs || c.count_in(rest) < runs {
                continue;
            }
        }
        // Undone after the descent (the counts this level took, the sets it pushed): no copy of
        // the counts and the reading per level of the recursion (it nests five deep under the
        // hand value).
        let saved_len = partial.len;
        let push = |meld: Meld, partial: &mut Regular| {
            if let Some(slot) = partial.sets.get_mut(usize::from(partial.len)) {
                *slot = meld;
                partial.len = partial.len.wrapping_add(1);
            }
        };
        if triplet {
            push(Meld::Triplet(tile), partial);
        }
        for _ in 0..runs {
            push(Meld::Run(tile), partial);
        }
        if let Some(c) = rest.get_mut(index) {
            *c = 0;
        }
        for next in [second, third].into_iter().flatten() {
            if let Some(c) = rest.get_mut(next.index()).filter(|_| runs > 0) {
                *c = c.wrapping_sub(runs); // checked ≥ runs above
            }
        }
        sets_search(rest, index.wrapping_add(1), partial, sets_needed, emit);
        if let Some(c) = rest.get_mut(index) {
            *c = count;
        }
        for next in [second, third].into_iter().flatten() {
            if let Some(c) = rest.get_mut(next.index()).filter(|_| runs > 0) {
                *c = c.wrapping_add(runs); // taken above
            }
        }
        // The slots past `len` are never read (nor emitted past `sets_needed`, where no level
        // writes).
        partial.len = saved_len;
    }
}
