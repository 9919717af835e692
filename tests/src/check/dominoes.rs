//! Checkers for Five Up dominoes: `dominoes_diff` (core against the naive reference, witness
//! replayed through both layouts, notation round trip) and `ffi_dominoes` (arbitrary bytes,
//! lengths and null pointers into the C entry points).

use arbitrary::{Arbitrary, Unstructured};
use parlor_core::dominoes::{Layout, Reason, SpinnerRule, Tile, Tiles, Verdict, validate};

use crate::reference::dominoes::{self as reference, RefLayout, RefVerdict, Spinners};

/// The longest play order the differential checker builds (the reference is exponential).
pub const DIFF_MAX_TILES: usize = 14;

/// One `dominoes_diff` case: a spinner rule, a small pip range (so numbers collide) and tiles
/// given either raw or "grown" (each step picks an open end, so most orders are nearly legal).
#[derive(Debug, Clone)]
pub struct DiffCase {
    /// Spinner rule code (taken modulo 3).
    pub rule: u8,
    /// Pip range selector: pips are `0..2 + range % 6`.
    pub range: u8,
    /// Grow the order from open ends (true) or take the tiles as given (false).
    pub grow: bool,
    /// Shift every pip near `u32::MAX` (checks large numbers).
    pub large: bool,
    /// Optional swap of two positions after growing (makes orientation-sensitive orders).
    pub swap: Option<(u8, u8)>,
    /// Per tile: two bytes (raw pips, or open-end choice and new pip when growing).
    pub steps: Vec<(u8, u8)>,
}

impl DiffCase {
    fn header(u: &mut Unstructured<'_>) -> arbitrary::Result<DiffCase> {
        Ok(DiffCase {
            rule: u.arbitrary()?,
            range: u.arbitrary()?,
            grow: u.arbitrary()?,
            large: u.arbitrary()?,
            swap: u.arbitrary()?,
            steps: Vec::new(),
        })
    }
}

fn pairs(bytes: &[u8]) -> Vec<(u8, u8)> {
    bytes.chunks_exact(2).map(|pair| (pair[0], pair[1])).collect()
}

// By hand so that the tiles take all remaining bytes (the derived `Vec` spends a byte per
// element on "continue?", which makes pseudo-random orders very short).
impl<'a> Arbitrary<'a> for DiffCase {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut case = DiffCase::header(u)?;
        let len = u.arbitrary_len::<[u8; 2]>()?;
        case.steps = pairs(u.bytes(2 * len)?);
        Ok(case)
    }

    fn arbitrary_take_rest(mut u: Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut case = DiffCase::header(&mut u)?;
        case.steps = pairs(u.take_rest());
        Ok(case)
    }
}

impl DiffCase {
    /// The play order and rule this case describes.
    pub fn build(&self) -> (Vec<(u32, u32)>, SpinnerRule) {
        let rule = SpinnerRule::from_code(self.rule % 3).unwrap_or_default();
        let modulus = 2 + u32::from(self.range % 6);
        let mut tiles = Vec::new();
        let mut open: Vec<u32> = Vec::new();
        for (index, &(p, q)) in self.steps.iter().take(DIFF_MAX_TILES).enumerate() {
            if !self.grow || index == 0 || open.is_empty() {
                let tile = (u32::from(p) % modulus, u32::from(q) % modulus);
                open.extend([tile.0, tile.1]);
                tiles.push(tile);
            } else {
                let at = usize::from(p) % open.len();
                let by = open.swap_remove(at);
                // The first number from `q` on that does not repeat a tile (if any).
                let used = |o: u32| tiles.iter().any(|&(s, t)| (s, t) == (by, o) || (t, s) == (by, o));
                let start = u32::from(q) % modulus;
                let other = (0..modulus)
                    .map(|k| (start + k) % modulus)
                    .find(|&o| !used(o))
                    .unwrap_or(start);
                open.extend(if other == by { vec![by, by, by] } else { vec![other] });
                tiles.push((by, other));
            }
        }
        if let Some((i, j)) = self.swap
            && !tiles.is_empty()
        {
            let n = tiles.len();
            tiles.swap(usize::from(i) % n, usize::from(j) % n);
        }
        if self.large {
            for tile in &mut tiles {
                *tile = (u32::MAX - tile.0, u32::MAX - tile.1);
            }
        }
        (tiles, rule)
    }
}

fn spinners(rule: SpinnerRule) -> Spinners {
    Spinners::from_code(rule.code())
}

/// Core and reference agree on `tiles`; a legal verdict's witness replays through the core
/// [`Layout`] and the reference layout with the same totals; the notation round-trips.
pub fn check_order(tiles: &[(u32, u32)], rule: SpinnerRule) {
    let core_tiles: Vec<Tile> = tiles.iter().map(|&(a, b)| Tile::new(a, b)).collect();
    let verdict = validate(&core_tiles, rule).expect("within capacity");
    let expected = reference::validate(tiles, spinners(rule));
    let actual = match &verdict {
        Verdict::Legal(_) => RefVerdict::Legal,
        Verdict::Illegal(illegal) => match illegal.reason {
            Reason::Duplicate { earlier } => RefVerdict::Duplicate {
                tile: illegal.tile,
                earlier,
            },
            Reason::NoOpenEnd => RefVerdict::NoOpenEnd { tile: illegal.tile },
        },
    };
    assert_eq!(actual, expected, "core vs reference on {tiles:?} under {rule}");
    if let Verdict::Legal(witness) = &verdict {
        assert_eq!(witness.len(), tiles.len());
        let mut layout = Layout::new(rule);
        let mut naive = RefLayout::new(spinners(rule));
        for (index, (&tile, &pair)) in core_tiles.iter().zip(tiles).enumerate() {
            let placement = witness.get(index);
            if let Some(placement) = placement {
                assert!(
                    layout.placements(tile).any(|p| p == placement),
                    "witness placement {placement:?} of tile {index} not listed in {tiles:?}"
                );
            }
            let score = layout
                .play(tile, placement)
                .unwrap_or_else(|error| panic!("witness tile {index} of {tiles:?}: {error}"));
            let total = naive
                .play(pair, placement.map(|p| (p.parent, p.pip)))
                .unwrap_or_else(|error| panic!("reference rejects witness tile {index} of {tiles:?}: {error}"));
            assert_eq!(score.open_total, total, "open total after tile {index} of {tiles:?}");
            assert_eq!(score.points, reference::points(total, spinners(rule)));
            let mut open: Vec<u32> = layout.open_ends().map(|end| end.pip).collect();
            open.sort_unstable();
            assert_eq!(open, naive.open_pips(), "open ends after tile {index} of {tiles:?}");
        }
    }
    let list = Tiles::try_from(core_tiles.as_slice()).expect("within capacity");
    let text = list.to_string();
    assert_eq!(
        text.parse::<Tiles>().expect("printed tiles parse"),
        list,
        "round trip of {text}"
    );
}

/// The `dominoes_diff` checker.
pub fn diff(case: DiffCase) {
    let (tiles, rule) = case.build();
    check_order(&tiles, rule);
}
