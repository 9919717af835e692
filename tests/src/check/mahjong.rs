//! Checkers for mahjong: `diff` (core vs the reference on waits, completeness, decompositions,
//! shanten and ukeire) and `ffi` (the C ABI vs the core). Both panic on any disagreement.

use arbitrary::Arbitrary;
use parlor_core::mahjong::{self as core_mj, Form, Hand, Rules, Tile};

use crate::reference::mahjong as reference;

/// A hand to check. Most cases are built near-complete — `sets` sets (`groups`: a byte below 34
/// is a triplet of that kind, 34–54 a run) and a pair, then `swaps` replaced tiles and, for
/// `3n+1` sizes, one tile dropped — because that is where waits and low shanten live; the rest
/// take `raw` tiles as they come.
#[derive(Debug, Clone, Arbitrary)]
pub struct DiffCase {
    /// Selects how the hand is built and its size class.
    pub mode: u8,
    /// Sets in the hand (taken modulo 5).
    pub sets: u8,
    /// Group choices.
    pub groups: [u8; 4],
    /// The pair's kind (modulo 34).
    pub pair: u8,
    /// Tile replacements: (position in the hand, new kind).
    pub swaps: [(u8, u8); 2],
    /// How many swaps to apply (modulo 3).
    pub swap_count: u8,
    /// Raw tile kinds (modulo 34) for unstructured hands.
    pub raw: [u8; 14],
    /// Tiles visible elsewhere, for ukeire.
    pub visible: [u8; 6],
}

fn tile(index: u8) -> Tile {
    Tile::new(index % 34).unwrap_or(Tile::FIRST)
}

fn add(hand: &mut Hand, index: u8) {
    let _ = hand.add(tile(index), Default::default());
}

fn run_start(byte: u8) -> u8 {
    let r = (byte - 34) % 21; // 21 runs: 7 per numbered suit
    (r / 7) * 9 + r % 7
}

/// Builds the case's hand (always a valid `Hand`; its size may be anything 0–14).
pub fn build(case: &DiffCase) -> Hand {
    let mut hand = Hand::new();
    if case.mode % 4 == 3 {
        let len = 1 + usize::from(case.sets) % 14;
        for &b in case.raw.iter().take(len) {
            // Bias toward few kinds so that raw hands have pairs and sets too.
            let kind = if case.mode & 0x10 != 0 {
                b % 12 + (case.pair % 23)
            } else {
                b
            };
            add(&mut hand, kind);
        }
        return hand;
    }
    let sets = usize::from(case.sets % 5);
    for &g in case.groups.iter().take(sets) {
        let g = g % 55;
        if g < 34 {
            for _ in 0..3 {
                add(&mut hand, g);
            }
        } else {
            let s = run_start(g);
            for d in 0..3 {
                add(&mut hand, s + d);
            }
        }
    }
    add(&mut hand, case.pair);
    add(&mut hand, case.pair);
    for &(at, new) in case.swaps.iter().take(usize::from(case.swap_count % 3)) {
        let old = hand.tiles().nth(usize::from(at) % hand.len().max(1));
        if let Some(old) = old {
            hand.remove(old);
            add(&mut hand, new);
        }
    }
    if case.mode % 2 == 1 {
        let old = hand.tiles().nth(usize::from(case.raw[0]) % hand.len().max(1));
        if let Some(old) = old {
            hand.remove(old);
        }
    }
    hand
}

fn form_name(form: Option<Form>) -> Option<&'static str> {
    form.map(|f| match f {
        Form::Regular => "regular",
        Form::SevenPairs => "seven-pairs",
        Form::ThirteenOrphans => "thirteen-orphans",
    })
}

fn wait_list(mask: u64) -> Vec<usize> {
    core_mj::wait_tiles(mask).map(Tile::index).collect()
}

/// Core vs reference on one hand; panics on any disagreement.
pub fn diff(case: DiffCase) {
    let hand = build(&case);
    check_hand(&hand, &case.visible, case.mode & 0x20 != 0);
}

/// Checks every operation on `hand` against the reference (`with_ukeire`: also ukeire, slower).
pub fn check_hand(hand: &Hand, visible_bytes: &[u8], with_ukeire: bool) {
    let counts = hand.counts();
    let shown = format!("{hand}");
    // Notation round-trips, spaced and compact.
    assert_eq!(shown.parse::<Hand>().as_ref(), Ok(hand), "{shown}");
    assert_eq!(format!("{hand:#}").parse::<Hand>().as_ref(), Ok(hand), "{hand:#}");
    assert_eq!(reference::parse(&shown, 14).as_ref(), Ok(counts), "{shown}");
    let len = hand.len();
    for form in [
        None,
        Some(Form::Regular),
        Some(Form::SevenPairs),
        Some(Form::ThirteenOrphans),
    ] {
        let got = core_mj::shanten(hand, form).ok().map(i32::from);
        let want = reference::shanten(counts, form_name(form));
        assert_eq!(got, want, "shanten {form:?} of {shown}");
    }
    for (rules, riichi) in [(Rules::SEED, false), (Rules::RIICHI, true)] {
        match len % 3 {
            1 => {
                let got = core_mj::waits(hand, rules).map(wait_list);
                assert_eq!(
                    got,
                    Ok(reference::waits(counts, riichi)),
                    "waits riichi={riichi} of {shown}"
                );
                // Waits are exactly the tiles that make the hand complete, i.e. tenpai.
                assert!(core_mj::is_complete(hand, rules).is_err());
            }
            2 => {
                let want = reference::decompositions(counts, riichi);
                let mut got = Vec::new();
                let n = core_mj::for_each_decomposition(hand, rules, |d| got.push(d.to_string()));
                assert_eq!(n, Ok(got.len()));
                let (mut g, mut w) = (got.clone(), want.clone());
                g.sort();
                w.sort();
                assert_eq!(g, w, "decompositions riichi={riichi} of {shown}");
                assert_eq!(
                    core_mj::is_complete(hand, rules),
                    Ok(!want.is_empty()),
                    "complete riichi={riichi} of {shown}"
                );
                assert_eq!(
                    core_mj::is_complete(hand, rules) == Ok(true),
                    core_mj::shanten(hand, if riichi { None } else { Some(Form::Regular) }) == Ok(-1)
                );
            }
            _ => {
                assert!(core_mj::waits(hand, rules).is_err());
                assert!(core_mj::is_complete(hand, rules).is_err());
            }
        }
    }
    if with_ukeire && len % 3 == 1 {
        let mut visible = [0u8; 34];
        for &b in visible_bytes {
            let i = usize::from(b % 34);
            if counts[i] + visible[i] < 4 {
                visible[i] += 1;
            }
        }
        for form in [None, Some(Form::Regular)] {
            let got = core_mj::ukeire(hand, Some(&visible), form).expect("3n+1 hand");
            let want = reference::ukeire(counts, &visible, form_name(form)).expect("valid size");
            let got_list: Vec<(usize, u8)> = core_mj::wait_tiles(got.accepted)
                .map(|t| (t.index(), got.remaining[t.index()]))
                .collect();
            assert_eq!(got_list, want, "ukeire {form:?} of {shown}");
            let total: u32 = want.iter().map(|&(_, c)| u32::from(c)).sum();
            assert_eq!(u32::from(got.total), total);
        }
    }
}

/// One C ABI call sequence to check against the core.
#[derive(Debug, Clone, Arbitrary)]
pub struct FfiCase {
    /// Text handed to the parser (arbitrary bytes, often not UTF-8 or not tiles).
    pub text: Vec<u8>,
    /// A hand built like [`DiffCase`] for the counting entry points.
    pub hand: DiffCase,
    /// Rule / form codes, possibly out of range.
    pub code: u8,
    /// Output capacity for buffer entry points, possibly too small.
    pub capacity: u8,
}

/// The C ABI vs the core: parse arbitrary text, then run every entry point on a hand with
/// arbitrary codes and capacities; statuses and outputs must match the core's answers.
pub fn ffi(case: FfiCase) {
    use parlor::mahjong as c;
    use parlor::{PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_INVALID_ARGUMENT, PARLOR_OK};

    // Parsing: status and counts agree with the core's parser.
    let mut counts = [0u8; 34];
    let (mut tiles, mut start, mut end) = (0usize, 0usize, 0usize);
    // SAFETY: every pointer is valid for the length passed.
    let status = unsafe {
        c::parlor_mahjong_parse(
            case.text.as_ptr().cast(),
            case.text.len(),
            counts.as_mut_ptr(),
            counts.len(),
            &mut tiles,
            &mut start,
            &mut end,
        )
    };
    match std::str::from_utf8(&case.text) {
        Err(_) => assert_eq!(status, parlor::PARLOR_ERR_INVALID_UTF8),
        Ok(text) => match text.parse::<Hand>() {
            Ok(hand) => {
                assert_eq!(status, PARLOR_OK);
                assert_eq!(&counts, hand.counts());
                assert_eq!(tiles, hand.len());
            }
            Err(error) => {
                assert_ne!(status, PARLOR_OK);
                assert_eq!(Some(parlor_core::notation::Span::new(start, end)), error.span());
            }
        },
    }

    let hand = build(&case.hand);
    let counts = *hand.counts();
    let p = counts.as_ptr();
    // Rules codes are 16–31 and form codes 32–47: the last choices are out of range or of the
    // other family (a swapped argument), both invalid.
    let rules_code = [
        c::PARLOR_MAHJONG_RULES_SEED,
        c::PARLOR_MAHJONG_RULES_RIICHI,
        18,
        1,
        c::PARLOR_MAHJONG_FORM_REGULAR,
    ][usize::from(case.code % 5)];
    let rules = match rules_code {
        c::PARLOR_MAHJONG_RULES_SEED => Some(Rules::SEED),
        c::PARLOR_MAHJONG_RULES_RIICHI => Some(Rules::RIICHI),
        _ => None,
    };
    let form_code = [
        c::PARLOR_MAHJONG_FORM_MINIMUM,
        c::PARLOR_MAHJONG_FORM_REGULAR,
        c::PARLOR_MAHJONG_FORM_SEVEN_PAIRS,
        c::PARLOR_MAHJONG_FORM_THIRTEEN_ORPHANS,
        36,
        c::PARLOR_MAHJONG_RULES_RIICHI,
        0,
    ][usize::from(case.code % 7)];
    let form = match form_code {
        c::PARLOR_MAHJONG_FORM_MINIMUM => Some(None),
        c::PARLOR_MAHJONG_FORM_REGULAR => Some(Some(Form::Regular)),
        c::PARLOR_MAHJONG_FORM_SEVEN_PAIRS => Some(Some(Form::SevenPairs)),
        c::PARLOR_MAHJONG_FORM_THIRTEEN_ORPHANS => Some(Some(Form::ThirteenOrphans)),
        _ => None,
    };
    let expect = |status: u32, core: Result<(), core_mj::Error>, valid_code: bool| {
        if !valid_code {
            assert_eq!(status, PARLOR_ERR_INVALID_ARGUMENT);
        } else {
            match core {
                Ok(()) => assert_eq!(status, PARLOR_OK),
                Err(_) => assert!((400..500).contains(&status), "status {status}"),
            }
        }
    };

    // Waits, as a mask and as a list with an arbitrary capacity.
    let mut mask = 0u64;
    // SAFETY: valid pointers.
    let status = unsafe { c::parlor_mahjong_waits(p, 34, rules_code, &mut mask) };
    let core_waits = rules.map(|r| core_mj::waits(&hand, r));
    expect(status, core_waits.unwrap_or(Ok(0)).map(|_| ()), rules.is_some());
    if let Some(Ok(want)) = core_waits {
        assert_eq!(mask, want);
        let mut list = vec![0u8; usize::from(case.capacity % 40)];
        let mut count = 0usize;
        // SAFETY: valid pointers.
        let status =
            unsafe { c::parlor_mahjong_waits_list(p, 34, rules_code, list.as_mut_ptr(), list.len(), &mut count) };
        assert_eq!(count, want.count_ones() as usize);
        // An empty list is a size query: OK with the count.
        if count > list.len() && !list.is_empty() {
            assert_eq!(status, PARLOR_ERR_BUFFER_TOO_SMALL);
        } else {
            assert_eq!(status, PARLOR_OK);
            let names: Vec<u8> = core_mj::wait_tiles(want).map(|t| t.index() as u8).collect();
            let shown = count.min(list.len());
            assert_eq!(&list[..shown], &names[..shown]);
        }
    }

    // Completeness and decompositions.
    let mut complete = 9u8;
    // SAFETY: valid pointers.
    let status = unsafe { c::parlor_mahjong_is_complete(p, 34, rules_code, &mut complete) };
    let core_complete = rules.map(|r| core_mj::is_complete(&hand, r));
    expect(status, core_complete.unwrap_or(Ok(false)).map(|_| ()), rules.is_some());
    if let Some(Ok(want)) = core_complete {
        assert_eq!(complete, u8::from(want));
        let empty = c::ParlorMahjongDecomposition {
            form: 0,
            pair: 0,
            set_count: 0,
            set_kinds: [0; 4],
            set_tiles: [0; 4],
            pairs: [0; 7],
        };
        let mut slots = vec![empty; usize::from(case.capacity % 4)];
        let mut count = 0usize;
        // SAFETY: valid pointers.
        let status =
            unsafe { c::parlor_mahjong_decompositions(p, 34, rules_code, slots.as_mut_ptr(), slots.len(), &mut count) };
        let mut core_list = Vec::new();
        let n = core_mj::for_each_decomposition(&hand, rules.unwrap_or_default(), |d| core_list.push(*d));
        assert_eq!(Ok(count), n);
        assert_eq!(
            status,
            if count > slots.len() && !slots.is_empty() {
                PARLOR_ERR_BUFFER_TOO_SMALL
            } else {
                PARLOR_OK
            }
        );
        for (slot, d) in slots.iter().zip(&core_list) {
            assert_eq!(slot.form, d.form().code());
            if let core_mj::Decomposition::Regular(r) = d {
                assert_eq!(slot.pair as usize, r.pair().index());
                assert_eq!(usize::from(slot.set_count), r.sets().len());
            }
        }
    }

    // Shanten and ukeire.
    let mut value = 99i8;
    // SAFETY: valid pointers.
    let status = unsafe { c::parlor_mahjong_shanten(p, 34, form_code, &mut value) };
    let core_shanten = form.map(|f| core_mj::shanten(&hand, f));
    expect(status, core_shanten.unwrap_or(Ok(0)).map(|_| ()), form.is_some());
    if let Some(Ok(want)) = core_shanten {
        assert_eq!(value, want);
    }
    let mut visible = [0u8; 34];
    for &b in &case.hand.visible {
        let i = usize::from(b % 34);
        visible[i] = (visible[i] + 1).min(4);
    }
    let mut out = c::ParlorMahjongUkeire {
        shanten: 0,
        kinds: 0,
        total: 0,
        accepted: 0,
        remaining: [0; 34],
    };
    // SAFETY: valid pointers.
    let status = unsafe { c::parlor_mahjong_ukeire(p, 34, visible.as_ptr(), 34, form_code, &mut out) };
    let core_ukeire = form.map(|f| core_mj::ukeire(&hand, Some(&visible), f));
    expect(
        status,
        core_ukeire
            .unwrap_or(Err(core_mj::Error::TooManyTiles {
                span: Default::default(),
            }))
            .map(|_| ()),
        form.is_some(),
    );
    if let Some(Ok(want)) = core_ukeire {
        assert_eq!(
            (out.shanten, out.accepted, out.remaining, u32::from(out.total)),
            (want.shanten, want.accepted, want.remaining, u32::from(want.total))
        );
    }

    // Formatting round-trips through the parser, and a short buffer is reported.
    let mut text = [0 as std::ffi::c_char; 64];
    let mut len = 0usize;
    let capacity = usize::from(case.capacity % 64);
    // SAFETY: valid pointers.
    let status = unsafe { c::parlor_mahjong_format(p, 34, case.code & 1, text.as_mut_ptr(), capacity, &mut len) };
    let want = if case.code & 1 == 1 {
        format!("{hand:#}")
    } else {
        format!("{hand}")
    };
    assert_eq!(len, want.len());
    if capacity == 0 {
        assert_eq!(status, PARLOR_OK); // a size query
    } else if want.len() >= capacity {
        assert_eq!(status, PARLOR_ERR_BUFFER_TOO_SMALL);
    } else {
        assert_eq!(status, PARLOR_OK);
        let bytes: Vec<u8> = text[..len].iter().map(|&b| b as u8).collect();
        assert_eq!(bytes, want.as_bytes());
    }
}
