//! Checkers for Five Up dominoes: `dominoes_diff` (core against the naive reference, witness
//! replayed through both layouts, notation round trip) and `ffi_dominoes` (arbitrary bytes,
//! lengths and null pointers into the C entry points).

use arbitrary::{Arbitrary, Unstructured};
use parlor_core::dominoes::{
    BorrowedLayout, Error, Layout, MAX_PLAY_ORDER, Placement, Reason, SHORT_TILES, Scratch, ShortScratch, SpinnerRule,
    Tile, Tiles, Verdict, validate, validate_each, validate_each_short, validate_each_short_with, validate_with,
};

use crate::reference::dominoes::{self as reference, RefLayout, RefVerdict, Spinners};

/// The longest play order the differential checker builds (the reference is exponential).
pub const DIFF_MAX_TILES: usize = 28;

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
    // The large engine (caller scratch) must give the very same answer as the small one.
    let large = validate_with(&core_tiles, rule, &mut Scratch::new()).expect("within capacity");
    assert_eq!(large, verdict, "small and large engines on {tiles:?}");
    // The streaming forms (used by the C ABI) report the same verdict and placements.
    let mut streamed = Vec::new();
    let illegal = validate_each(&core_tiles, rule, &mut Scratch::new(), |index, placement| {
        streamed.push((index, placement));
    })
    .expect("within capacity");
    let want: Vec<(usize, Placement)> = match &verdict {
        Verdict::Legal(witness) => witness.iter().enumerate().map(|(i, p)| (i + 1, p)).collect(),
        Verdict::Illegal(_) => Vec::new(),
    };
    let want_illegal = match &verdict {
        Verdict::Legal(_) => None,
        Verdict::Illegal(illegal) => Some(*illegal),
    };
    assert_eq!(
        (illegal, &streamed),
        (want_illegal, &want),
        "validate_each on {tiles:?}"
    );
    // The short form with the caller's memory answers the same (it is what C uses up to 32 tiles).
    let mut short_with = Vec::new();
    let mut short_scratch = ShortScratch::new();
    let short_answer = validate_each_short_with(&core_tiles, rule, &mut short_scratch, |index, placement| {
        short_with.push((index, placement));
    });
    let mut short = Vec::new();
    let short_stack = validate_each_short(&core_tiles, rule, |index, placement| short.push((index, placement)));
    assert_eq!(
        (&short_answer, &short_with),
        (&short_stack, &short),
        "short forms on {tiles:?}"
    );
    match short_stack {
        Ok(illegal) => assert_eq!(
            (illegal, &short),
            (want_illegal, &want),
            "validate_each_short on {tiles:?}"
        ),
        Err(error) => {
            assert!(core_tiles.len() > SHORT_TILES, "short rejected {tiles:?}: {error}");
            assert_eq!(
                error,
                Error::TooManyTiles {
                    capacity: SHORT_TILES,
                    span: None
                }
            );
        }
    }
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
        // The stack-light layout over the same order (what C's play and placements use).
        let mut borrowed = BorrowedLayout::new(rule, &core_tiles).expect("within capacity");
        let mut naive = RefLayout::new(spinners(rule));
        for (index, (&tile, &pair)) in core_tiles.iter().zip(tiles).enumerate() {
            let placement = witness.get(index);
            assert!(
                layout.placements(tile).eq(borrowed.placements(tile)),
                "borrowed placements of tile {index} of {tiles:?}"
            );
            let borrowed_score = borrowed
                .play_next(placement)
                .expect("the borrowed layout plays the witness");
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
            assert_eq!(borrowed_score, score, "borrowed layout after tile {index} of {tiles:?}");
            assert!(
                layout.open_ends().eq(borrowed.open_ends()),
                "borrowed open ends of {tiles:?}"
            );
            assert_eq!(score.points, reference::points(total, spinners(rule)));
            let mut open: Vec<u32> = layout.open_ends().map(|end| end.pip).collect();
            open.sort_unstable();
            assert_eq!(open, naive.open_pips(), "open ends after tile {index} of {tiles:?}");
        }
    }
    check_layout_choices(&core_tiles, tiles, rule);
    let list = Tiles::try_from(core_tiles.as_slice()).expect("within capacity");
    let text = list.to_string();
    assert_eq!(
        text.parse::<Tiles>().expect("printed tiles parse"),
        list,
        "round trip of {text}"
    );
}

/// Plays `tiles` through the core [`Layout`] taking the *last* listed placement each time (the
/// witness takes the most recent parent, so this explores other attachments), until a tile has
/// none: after every play the placements listed equal those the reference layout accepts, and
/// totals, points and open ends agree.
fn check_layout_choices(core_tiles: &[Tile], tiles: &[(u32, u32)], rule: SpinnerRule) {
    let mut layout = Layout::new(rule);
    let mut naive = RefLayout::new(spinners(rule));
    for (index, (&tile, &pair)) in core_tiles.iter().zip(tiles).enumerate() {
        let listed: Vec<Placement> = layout.placements(tile).collect();
        if index > 0 {
            let mut accepted = Vec::new();
            for parent in 0..index {
                let mut pips = vec![pair.0];
                if pair.1 != pair.0 {
                    pips.push(pair.1);
                }
                for pip in pips {
                    if naive.clone().play(pair, Some((parent, pip))).is_ok() {
                        accepted.push(Placement { parent, pip });
                    }
                }
            }
            assert_eq!(listed, accepted, "placements of tile {index} of {tiles:?} under {rule}");
        }
        let placement = listed.last().copied();
        if index > 0 && placement.is_none() {
            return;
        }
        let score = layout.play(tile, placement).expect("a listed placement plays");
        let total = naive
            .play(pair, placement.map(|p| (p.parent, p.pip)))
            .unwrap_or_else(|error| panic!("reference rejects tile {index} of {tiles:?}: {error}"));
        assert_eq!(
            score.open_total, total,
            "open total after tile {index} of {tiles:?} under {rule}"
        );
        assert_eq!(score.points, reference::points(total, spinners(rule)));
        let mut open: Vec<u32> = layout.open_ends().map(|end| end.pip).collect();
        open.sort_unstable();
        assert_eq!(open, naive.open_pips(), "open ends after tile {index} of {tiles:?}");
    }
}

/// The `dominoes_diff` checker.
pub fn diff(case: DiffCase) {
    let (tiles, rule) = case.build();
    check_order(&tiles, rule);
}

/// One `ffi_dominoes` case: which entry point, a rule code (any byte, so unknown codes occur),
/// which pointers to pass as NULL, buffer capacities and lengths, and raw bytes used as text,
/// tiles and placements.
#[derive(Debug, Clone, Arbitrary)]
pub struct FfiCase {
    /// Entry point: parse, validate, play, placements, validate with scratch (modulo 5).
    pub op: u8,
    /// Spinner rule code as passed to C (3..=255 are invalid).
    pub rule: u8,
    /// Bit mask of pointers passed as NULL.
    pub nulls: u8,
    /// Output capacity (elements).
    pub capacity: u16,
    /// How many input elements to pass (clamped to the buffer, or past capacity with NULL).
    pub len: u16,
    /// The tile asked about by `placements`.
    pub tile: (u8, u8),
    /// Text for `parse`; pairs of bytes as tiles and placements otherwise.
    pub data: Vec<u8>,
}

const KNOWN_STATUSES: [u32; 14] = [0, 1, 2, 3, 4, 5, 100, 101, 102, 103, 104, 105, 106, 107];

fn null_if<T>(mask: u8, bit: u8, ptr: *mut T) -> *mut T {
    if mask & (1 << bit) != 0 {
        std::ptr::null_mut()
    } else {
        ptr
    }
}

/// The `ffi_dominoes` checker: the C entry points never crash, always return a known status,
/// and agree with the core when they succeed.
pub fn ffi(case: FfiCase) {
    use parlor::dominoes::*;
    let rule = SpinnerRule::from_code(case.rule);
    let nulls = case.nulls;
    let capacity = usize::from(case.capacity) % 300;
    let capacity = if case.capacity & 0x8000 != 0 {
        capacity
    } else {
        capacity % 30
    };
    let modulus = 2 + u32::from(case.rule % 7);
    // Up to 300 tiles (past the 256 capacity) from the data bytes, cycling.
    let count = match (case.data.is_empty(), case.len & 0x8000 != 0) {
        (true, _) => 0,
        (false, true) => usize::from(case.len) % 300,
        (false, false) => usize::from(case.len) % 24,
    };
    let byte = |i: usize| case.data.get(i % case.data.len().max(1)).copied().unwrap_or(0);
    let tiles: Vec<ParlorDominoTile> = (0..count)
        .map(|i| ParlorDominoTile {
            a: u32::from(byte(2 * i)) % modulus,
            b: u32::from(byte(2 * i + 1)) % modulus,
        })
        .collect();
    let placements: Vec<ParlorDominoPlacement> = (0..count)
        .map(|i| ParlorDominoPlacement {
            parent: if i == 0 || byte(3 * i) == 255 {
                PARLOR_DOMINOES_NO_PARENT
            } else {
                u32::from(byte(3 * i)) % (i as u32 + 1)
            },
            pip: u32::from(byte(3 * i + 1)) % modulus,
        })
        .collect();
    let core_tiles: Vec<Tile> = tiles.iter().map(|t| Tile::new(t.a, t.b)).collect();
    let status = match case.op % 5 {
        0 => {
            let text = String::from_utf8_lossy(&case.data).into_owned();
            let bytes: &[u8] = if nulls & 16 != 0 { &case.data } else { text.as_bytes() };
            let mut out = vec![ParlorDominoTile::default(); capacity];
            let (mut found, mut offset) = (usize::MAX, usize::MAX);
            let text_ptr = if nulls & 1 != 0 {
                std::ptr::null()
            } else {
                bytes.as_ptr().cast()
            };
            // SAFETY: every pointer is valid for its length or NULL.
            let status = unsafe {
                parlor_dominoes_parse(
                    text_ptr,
                    bytes.len(),
                    null_if(nulls, 1, out.as_mut_ptr()),
                    capacity,
                    null_if(nulls, 2, &mut found),
                    null_if(nulls, 3, &mut offset),
                )
            };
            if status == parlor::PARLOR_OK {
                let parsed: Vec<Tile> = parlor_core::dominoes::parse_tiles(&text)
                    .map(|item| item.expect("C said the text parses").1)
                    .collect();
                assert_eq!(found, parsed.len());
                // Capacity 0 is a size query (OK with the count, nothing written).
                let shown = if out.is_empty() { 0 } else { found };
                let got: Vec<Tile> = out[..shown].iter().map(|t| Tile::new(t.a, t.b)).collect();
                assert_eq!(got, parsed[..shown]);
            }
            status
        }
        1 => {
            let mut verdict = ParlorDominoVerdict::default();
            let mut witness = vec![ParlorDominoPlacement::default(); capacity];
            let tiles_ptr = if nulls & 1 != 0 {
                std::ptr::null()
            } else {
                tiles.as_ptr()
            };
            // The exact scratch the length needs (the short one up to 32 tiles), 4-aligned, of
            // any content.
            let need = if tiles.len() <= SHORT_TILES {
                PARLOR_DOMINOES_SHORT_SCRATCH_BYTES
            } else {
                PARLOR_DOMINOES_SCRATCH_BYTES
            };
            let mut memory = vec![u32::from(case.tile.1) * 0x0101_0101; need / 4];
            // SAFETY: as above; the scratch is valid for `need` bytes.
            let status = unsafe {
                parlor_dominoes_validate_scratch(
                    tiles_ptr,
                    tiles.len(),
                    case.rule,
                    memory.as_mut_ptr().cast(),
                    need,
                    null_if(nulls, 1, &mut verdict),
                    null_if(nulls, 2, witness.as_mut_ptr()),
                    capacity,
                )
            };
            if status == parlor::PARLOR_OK {
                let rule = rule.expect("C accepted the rule code");
                let expected = validate(&core_tiles, rule).expect("C accepted the length");
                assert_eq!(verdict.legal == 1, expected.is_legal());
                // Only a legal order's first `len` witness entries are ever written.
                let written = if expected.is_legal() { tiles.len() } else { 0 };
                let untouched = ParlorDominoPlacement::default();
                assert!(
                    witness.iter().skip(written).all(|&slot| slot == untouched),
                    "witness written past {written}"
                );
                match expected {
                    Verdict::Legal(found) if nulls & 4 == 0 => {
                        for (index, placement) in witness.iter().take(tiles.len()).enumerate() {
                            let want = found.get(index).map(|p| (p.parent as u32, p.pip));
                            let want = want.unwrap_or((PARLOR_DOMINOES_NO_PARENT, 0));
                            assert_eq!((placement.parent, placement.pip), want);
                        }
                    }
                    Verdict::Illegal(illegal) => assert_eq!(verdict.tile as usize, illegal.tile),
                    Verdict::Legal(_) => {}
                }
            }
            status
        }
        2 => {
            let mut scores = vec![ParlorDominoScore::default(); capacity];
            let mut failed = usize::MAX;
            let tiles_ptr = if nulls & 1 != 0 {
                std::ptr::null()
            } else {
                tiles.as_ptr()
            };
            let placements_ptr = if nulls & 2 != 0 {
                std::ptr::null()
            } else {
                placements.as_ptr()
            };
            // SAFETY: as above.
            let status = unsafe {
                parlor_dominoes_play(
                    tiles_ptr,
                    placements_ptr,
                    count,
                    case.rule,
                    null_if(nulls, 2, scores.as_mut_ptr()),
                    capacity,
                    null_if(nulls, 3, &mut failed),
                )
            };
            if let (Some(rule), true) = (rule, count <= MAX_PLAY_ORDER && nulls & 3 == 0) {
                let mut layout = Layout::new(rule);
                let mut first_error = None;
                for (index, (tile, p)) in core_tiles.iter().zip(&placements).enumerate() {
                    let placement = (p.parent != PARLOR_DOMINOES_NO_PARENT).then_some(Placement {
                        parent: p.parent as usize,
                        pip: p.pip,
                    });
                    if layout.play(*tile, placement).is_err() {
                        first_error = Some(index);
                        break;
                    }
                }
                if status == parlor::PARLOR_OK {
                    assert_eq!(first_error, None);
                } else if status >= 100 && nulls & 8 == 0 {
                    assert_eq!(Some(failed), first_error);
                }
            }
            status
        }
        4 => {
            // Scratch of any content, at any byte offset (only a 4-aligned one is accepted);
            // `tile.0` picks short buffers now and then.
            let mut verdict = ParlorDominoVerdict::default();
            let mut witness = vec![ParlorDominoPlacement::default(); capacity];
            let skew = usize::from(case.tile.1 % 16);
            // The need of this length (the short scratch up to 32 tiles), a few bytes less now and
            // then, or the full size for any length.
            let need = if tiles.len() <= SHORT_TILES {
                PARLOR_DOMINOES_SHORT_SCRATCH_BYTES
            } else {
                PARLOR_DOMINOES_SCRATCH_BYTES
            };
            let short = usize::from(case.tile.0.is_multiple_of(4)) * usize::from(case.tile.0 / 4 % 3 + 1);
            let bytes = if case.tile.0 % 4 == 1 {
                PARLOR_DOMINOES_SCRATCH_BYTES
            } else {
                need - short
            };
            let mut memory = vec![u32::from(case.tile.1) * 0x0101_0101; PARLOR_DOMINOES_SCRATCH_BYTES / 4 + 4];
            let base = memory.as_mut_ptr().cast::<u8>();
            // SAFETY: `skew` < 16 bytes into a buffer 16 bytes longer than the scratch.
            let scratch = null_if(nulls, 3, unsafe { base.add(skew) }).cast::<std::ffi::c_void>();
            let tiles_ptr = if nulls & 1 != 0 {
                std::ptr::null()
            } else {
                tiles.as_ptr()
            };
            // SAFETY: as above; the scratch is valid for `bytes` bytes or NULL.
            let status = unsafe {
                parlor_dominoes_validate_scratch(
                    tiles_ptr,
                    tiles.len(),
                    case.rule,
                    scratch,
                    bytes,
                    null_if(nulls, 1, &mut verdict),
                    null_if(nulls, 2, witness.as_mut_ptr()),
                    capacity,
                )
            };
            if status == parlor::PARLOR_OK {
                assert!(bytes >= need, "a short scratch was accepted ({bytes} < {need})");
                assert_eq!(skew % 4, 0, "a misaligned scratch was accepted");
                let rule = rule.expect("C accepted the rule code");
                let expected = validate(&core_tiles, rule).expect("C accepted the length");
                assert_eq!(verdict.legal == 1, expected.is_legal());
                // Only a legal order's first `len` witness entries are ever written.
                let written = if expected.is_legal() { tiles.len() } else { 0 };
                let untouched = ParlorDominoPlacement::default();
                assert!(
                    witness.iter().skip(written).all(|&slot| slot == untouched),
                    "witness written past {written}"
                );
                match expected {
                    Verdict::Legal(found) if nulls & 4 == 0 => {
                        for (index, placement) in witness.iter().take(tiles.len()).enumerate() {
                            let want = found.get(index).map(|p| (p.parent as u32, p.pip));
                            let want = want.unwrap_or((PARLOR_DOMINOES_NO_PARENT, 0));
                            assert_eq!((placement.parent, placement.pip), want);
                        }
                    }
                    Verdict::Illegal(illegal) => {
                        assert_eq!(verdict.tile as usize, illegal.tile);
                        let (reason, earlier) = match illegal.reason {
                            Reason::Duplicate { earlier } => (PARLOR_DOMINOES_REASON_DUPLICATE, earlier as u32),
                            Reason::NoOpenEnd => (PARLOR_DOMINOES_REASON_NO_OPEN_END, 0),
                        };
                        assert_eq!((verdict.reason, verdict.earlier), (reason, earlier));
                    }
                    Verdict::Legal(_) => {}
                }
            }
            status
        }
        _ => {
            let mut out = vec![ParlorDominoPlacement::default(); capacity];
            let mut found = usize::MAX;
            let tile = ParlorDominoTile {
                a: u32::from(case.tile.0) % modulus,
                b: u32::from(case.tile.1) % modulus,
            };
            // SAFETY: as above.
            let status = unsafe {
                parlor_dominoes_placements(
                    if nulls & 1 != 0 {
                        std::ptr::null()
                    } else {
                        tiles.as_ptr()
                    },
                    placements.as_ptr(),
                    count,
                    case.rule,
                    tile,
                    null_if(nulls, 2, out.as_mut_ptr()),
                    capacity,
                    null_if(nulls, 3, &mut found),
                )
            };
            if status == parlor::PARLOR_OK {
                let mut layout = Layout::new(rule.expect("rule accepted"));
                for (tile, p) in core_tiles.iter().zip(&placements) {
                    let placement = (p.parent != PARLOR_DOMINOES_NO_PARENT).then_some(Placement {
                        parent: p.parent as usize,
                        pip: p.pip,
                    });
                    layout.play(*tile, placement).expect("C replayed this layout");
                }
                let want: Vec<(u32, u32)> = layout
                    .placements(Tile::new(tile.a, tile.b))
                    .map(|p| (p.parent as u32, p.pip))
                    .collect();
                assert_eq!(found, want.len());
                // Capacity 0 is a size query (OK with the count, nothing written).
                let shown = if out.is_empty() { 0 } else { found };
                let got: Vec<(u32, u32)> = out[..shown].iter().map(|p| (p.parent, p.pip)).collect();
                assert_eq!(got, want[..shown]);
            }
            status
        }
    };
    assert!(KNOWN_STATUSES.contains(&status), "unknown status {status}");
    // SAFETY: returns a static NUL-terminated string for any code.
    let message = unsafe { std::ffi::CStr::from_ptr(parlor::parlor_status_str(status)) };
    assert_ne!(message.to_str().unwrap_or(""), "unknown status code");
}
