//! Dou Dizhu checkers: the core against the naive reference (`doudizhu_diff`) and the C ABI
//! against the core (`ffi_doudizhu`). Each panics on any disagreement.
//!
//! A case is a pseudo-random deal (from `seed`) with hand sizes from the input, so every case
//! is a consistent position; `pick`/`pick2` choose sub-hands and plays inside it.

use std::ops::ControlFlow;

use arbitrary::Arbitrary;
use parlor_core::doudizhu::{self as core_ddz, Cards, Error, Opponents, Preset, PresetId};

use crate::fuzzing::SplitMix64;
use crate::reference::doudizhu as reference;

/// One differential case.
#[derive(Debug, Clone, Arbitrary)]
pub struct Case {
    /// Preset code (taken modulo 3).
    pub preset: u8,
    /// Seed of the deal.
    pub seed: u64,
    /// Landlord hand size (modulo 21).
    pub landlord: u8,
    /// First peasant hand size (modulo 18).
    pub first: u8,
    /// Second peasant hand size (modulo 18).
    pub second: u8,
    /// Chooses a sub-hand of the landlord's hand (count per rank, modulo what is there).
    pub pick: [u8; 15],
    /// Chooses the previous play.
    pub pick2: u16,
    /// Spring mode (modulo 3: both peasants, one, none); `mode / 3 % 4` picks the case's part
    /// of the checks (see [`diff`]).
    pub mode: u8,
}

/// A deal: the landlord's and both peasants' hands.
pub struct Deal {
    /// The preset of the case.
    pub preset: PresetId,
    /// The landlord's hand.
    pub landlord: Cards,
    /// The first peasant's hand.
    pub first: Cards,
    /// The second peasant's hand.
    pub second: Cards,
}

/// Deals the case's hands from a shuffled deck.
pub fn deal(case: &Case) -> Deal {
    let mut deck: Vec<usize> = (0..15)
        .flat_map(|rank| std::iter::repeat_n(rank, if rank >= 13 { 1 } else { 4 }))
        .collect();
    let mut rng = SplitMix64(case.seed);
    for i in (1..deck.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    let sizes = [
        usize::from(case.landlord % 21),
        usize::from(case.first % 18),
        usize::from(case.second % 18),
    ];
    let mut hands = [[0u8; 15]; 3];
    let mut cards = deck.into_iter();
    for (hand, size) in hands.iter_mut().zip(sizes) {
        for rank in cards.by_ref().take(size) {
            hand[rank] += 1;
        }
    }
    let make = |counts| Cards::from_counts(counts).expect("a dealt hand fits the deck");
    Deal {
        preset: PresetId::from_code(case.preset % 3).unwrap_or_default(),
        landlord: make(hands[0]),
        first: make(hands[1]),
        second: make(hands[2]),
    }
}

/// The reference preset of a core preset id.
pub fn reference_preset(id: PresetId) -> reference::Preset {
    match id {
        PresetId::Pagat => reference::Preset::Pagat,
        PresetId::Rlcard => reference::Preset::RlCard,
        PresetId::Openspiel => reference::Preset::OpenSpiel,
        PresetId::Botzone => reference::Preset::Botzone,
        PresetId::Douzero => reference::Preset::DouZero,
    }
}

fn readings(cards: &Cards, preset: &Preset) -> Vec<(String, u8, u8)> {
    let mut out: Vec<_> = core_ddz::classify(cards, preset)
        .iter()
        .map(|r| (r.kind.name().to_owned(), r.chain, r.key as u8))
        .collect();
    out.sort();
    out
}

fn reference_readings(cards: &Cards, preset: reference::Preset) -> Vec<(String, u8, u8)> {
    let mut out: Vec<_> = reference::readings(&cards.counts(), preset)
        .iter()
        .map(|r| (r.kind.name().to_owned(), r.chain, r.key))
        .collect();
    out.sort();
    out
}

fn core_moves(hand: &Cards, prev: &Cards, preset: &Preset) -> Result<Vec<Cards>, Error> {
    let mut out = Vec::new();
    core_ddz::for_each_move(hand, prev, preset, |play| {
        out.push(play);
        ControlFlow::Continue(())
    })?;
    Ok(out)
}

/// Beats both ways round and the moves from the hand (or the sub-hand) agree with the reference,
/// over a previous play taken from the first peasant's plays.
fn plays_agree(deal: &Deal, case: &Case, hand: Cards, sub: Cards, preset: &Preset, rp: reference::Preset) {
    let preset = *preset;
    // A previous play from the first peasant (or a raw sub-hand when there is none).
    let theirs = reference::plays_within(&deal.first.counts(), rp);
    let prev = match theirs.len() {
        0 => Cards::EMPTY,
        n => Cards::from_counts(theirs[usize::from(case.pick2) % n]).expect("a play fits"),
    };
    // Beats, both ways round.
    for (a, b) in [(prev, sub), (sub, prev)] {
        let core = core_ddz::beats(&a, &b, &preset);
        let want = if a.is_empty() {
            !reference::readings(&b.counts(), rp).is_empty()
        } else {
            reference::beats(&a.counts(), &b.counts(), rp)
        };
        match core {
            Ok(yes) => assert_eq!(yes, want, "beats {a} {b}"),
            Err(Error::NotACombination) => {
                assert!(
                    reference::readings(&a.counts(), rp).is_empty(),
                    "beats {a} {b}: {a} is a play"
                );
                assert!(!want);
            }
            Err(other) => panic!("beats {a} {b}: {other}"),
        }
    }
    // Moves from the (sub-)hand: same set as the reference, each a play beating prev.
    let from = if hand.len() <= 10 { hand } else { sub };
    let got = core_moves(&from, &prev, &preset).expect("prev is a play or empty");
    let mut seen = std::collections::HashSet::new();
    for play in &got {
        assert!(seen.insert(*play), "moves {from} {prev}: duplicate {play}");
        assert!(from.contains(play), "moves {from}: {play} is not in the hand");
        assert_eq!(
            core_ddz::beats(&prev, play, &preset),
            Ok(true),
            "moves {from} {prev}: {play}"
        );
    }
    let mut want: Vec<[u8; 15]> =
        reference::moves(&from.counts(), (!prev.is_empty()).then(|| prev.counts()).as_ref(), rp);
    let mut mine: Vec<[u8; 15]> = got.iter().map(Cards::counts).collect();
    want.sort();
    mine.sort();
    assert_eq!(mine, want, "moves {from} {prev}");
    assert!(
        from.len() > core_ddz::MAX_HAND || got.len() <= core_ddz::MAX_MOVES,
        "moves {from}: more than MAX_MOVES"
    );
}

/// `doudizhu_diff`: classify, beats and moves of the core against the reference; every
/// generated move classifies and beats the previous play; spring and min-plays agree with the
/// reference on small hands, and every spring plan replays.
///
/// Every case classifies its sub-hand under its preset and Botzone's; then one part of the
/// rest, picked by `mode / 3 % 4` (each reference answer costs about as much as the others
/// together, so a case pays for one): 0 beats and moves under the case's preset, 1 the same
/// under Botzone's rules, 2 min-plays, 3 spring (the plan's replay and the reference's answer).
pub fn diff(case: Case) {
    let part = usize::from(case.mode / 3 % 4);
    diff_parts(case, &[part]);
}

/// [`diff`] with every part (what the unit tests of the checker run).
pub fn diff_all(case: Case) {
    diff_parts(case, &[0, 1, 2, 3]);
}

/// [`diff`] of the parts `parts`.
fn diff_parts(case: Case, parts: &[usize]) {
    let deal = deal(&case);
    let preset = deal.preset.preset();
    let rp = reference_preset(deal.preset);
    let hand = deal.landlord;
    let mut sub = [0u8; 15];
    for ((s, &have), &pick) in sub.iter_mut().zip(hand.counts().iter()).zip(case.pick.iter()) {
        *s = pick % (have + 1);
    }
    let sub = Cards::from_counts(sub).expect("a sub-hand fits");
    // Classify.
    assert_eq!(readings(&sub, &preset), reference_readings(&sub, rp), "classify {sub}");
    // Botzone's rules on the same cards too (the case's preset byte keeps its meaning for the
    // three older presets, so the stored regressions test what they tested).
    assert_eq!(
        readings(&sub, &Preset::BOTZONE),
        reference_readings(&sub, reference::Preset::Botzone),
        "classify --preset botzone {sub}"
    );
    if parts.contains(&0) {
        plays_agree(&deal, &case, hand, sub, &preset, rp);
    }
    if parts.contains(&1) {
        plays_agree(&deal, &case, hand, sub, &Preset::BOTZONE, reference::Preset::Botzone);
    }
    // Spring and min-plays on every landlord hand (up to 20 cards): the reference's memoised
    // search with its threats cut to the highest key per kind and chain is fast enough.
    let mut scratch = Box::new(core_ddz::Scratch::new());
    if parts.contains(&2) {
        let min = core_ddz::min_plays(&hand, &preset, &mut scratch).expect("at most 20 cards");
        assert_eq!(
            u32::from(min),
            reference::min_plays(&hand.counts(), rp),
            "min-plays {hand}"
        );
    }
    let (opponents, peasants) = match case.mode % 3 {
        0 => (
            Opponents::Both(deal.first, deal.second),
            vec![deal.first.counts(), deal.second.counts()],
        ),
        1 => (Opponents::One(deal.first), vec![deal.first.counts()]),
        _ => (Opponents::Unknown, vec![]),
    };
    if !parts.contains(&3) {
        return;
    }
    let plan = core_ddz::spring(&hand, &opponents, &preset, &mut scratch).expect("a consistent deal");
    if let Some(plan) = &plan {
        // Replay: the plays split the hand, each is a play, and no hand that may beat (a given
        // peasant, the rest of the deck, or the pooled rest limited to 17 cards) holds a play
        // the reference says beats any but the last.
        let (threats, most): (Vec<Cards>, usize) = match &opponents {
            Opponents::Both(a, b) => (vec![*a, *b], usize::MAX),
            Opponents::One(a) => (vec![*a, hand.plus(a).expect("disjoint").complement()], usize::MAX),
            Opponents::Unknown => (vec![hand.complement()], core_ddz::PEASANT_CARDS),
        };
        // Each threatening hand's plays once (the reference's table entries within it).
        let threat_plays: Vec<Vec<[u8; 15]>> = threats
            .iter()
            .map(|threat| {
                reference::plays_within_unordered(&threat.counts(), rp)
                    .into_iter()
                    .filter(|y| reference::size(y) as usize <= most)
                    .collect()
            })
            .collect();
        let mut rest = hand;
        let plays = plan.plays();
        for (i, play) in plays.iter().enumerate() {
            rest = rest
                .minus(play)
                .unwrap_or_else(|| panic!("spring {hand}: {play} is not in the rest"));
            assert!(
                !reference::readings(&play.counts(), rp).is_empty(),
                "spring {hand}: {play} is no play"
            );
            if i + 1 == plays.len() {
                continue;
            }
            for (threat, within) in threats.iter().zip(&threat_plays) {
                let beaten = within.iter().any(|y| reference::beats(&play.counts(), y, rp));
                assert!(
                    !beaten,
                    "spring {hand} ({:?}): {play} is beatable from {threat}",
                    deal.preset
                );
            }
        }
        assert!(rest.is_empty(), "spring {hand}: {rest} left over");
    }
    {
        let want = reference::spring(&hand.counts(), &peasants, rp);
        assert_eq!(
            plan.is_some(),
            want.is_some(),
            "spring {hand} vs {peasants:?} ({:?})",
            deal.preset
        );
    }
}

/// One C ABI case.
#[derive(Debug, Clone, Arbitrary)]
pub struct FfiCase {
    /// The deal and picks, as for [`diff`].
    pub case: Case,
    /// Raw preset code (may be out of range).
    pub raw_preset: u8,
    /// Raw counts (may be impossible).
    pub raw: [u8; 15],
    /// Output capacity for moves.
    pub cap: u16,
    /// Raw text for the parser.
    pub text: Vec<u8>,
}

/// `ffi_doudizhu`: the C entry points agree with the core on every input, with bad codes,
/// impossible counts, short buffers and arbitrary text, and never crash.
pub fn ffi(input: FfiCase) {
    use parlor::doudizhu as c;
    let deal = deal(&input.case);
    let code = input.raw_preset;
    let preset = Preset::try_from(code).ok(); // the C ABI validates codes the same way
    let to_c = |cards: &Cards| c::ParlorDoudizhuCards { counts: cards.counts() };
    // Parse arbitrary bytes.
    let mut parsed = c::ParlorDoudizhuCards::default();
    let mut offset = usize::MAX;
    let status =
        unsafe { c::parlor_doudizhu_parse(input.text.as_ptr().cast(), input.text.len(), &mut parsed, &mut offset) };
    match std::str::from_utf8(&input.text) {
        Err(_) => assert_eq!(status, parlor::PARLOR_ERR_INVALID_UTF8),
        Ok(text) => match text.parse::<Cards>() {
            Ok(cards) => {
                assert_eq!(status, parlor::PARLOR_OK);
                assert_eq!(parsed.counts, cards.counts());
            }
            Err(Error::UnknownCard { span }) => {
                assert_eq!(status, c::PARLOR_DOUDIZHU_ERR_UNKNOWN_CARD);
                assert_eq!(offset, span.start);
            }
            Err(_) => assert_eq!(status, c::PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES),
        },
    }
    // Classify raw counts.
    let raw = c::ParlorDoudizhuCards { counts: input.raw };
    let mut out = [c::ParlorDoudizhuReading::default(); 4];
    let mut n = usize::MAX;
    let status = unsafe { c::parlor_doudizhu_classify(&raw, code, out.as_mut_ptr(), out.len(), &mut n) };
    match (Cards::from_counts(input.raw), preset) {
        (Err(_), _) => assert_eq!(status, c::PARLOR_DOUDIZHU_ERR_TOO_MANY_COPIES),
        (Ok(_), None) => assert_eq!(status, parlor::PARLOR_ERR_INVALID_ARGUMENT),
        (Ok(cards), Some(p)) => {
            assert_eq!(status, parlor::PARLOR_OK);
            let want: Vec<_> = core_ddz::classify(&cards, &p).iter().collect();
            assert_eq!(n, want.len());
            for (got, w) in out.iter().zip(&want) {
                assert_eq!((got.kind, got.chain, got.key), (w.kind as u8, w.chain, w.key as u8));
            }
        }
    }
    let Some(preset) = preset else {
        return;
    };
    // Moves with a caller capacity.
    let hand = deal.landlord;
    let prev = if deal.first.is_empty() {
        Cards::EMPTY
    } else {
        core_moves(&deal.first, &Cards::EMPTY, &preset)
            .ok()
            .and_then(|all| all.get(usize::from(input.cap) % all.len().max(1)).copied())
            .unwrap_or(Cards::EMPTY)
    };
    let want = core_moves(&hand, &prev, &preset).expect("prev is a play");
    let cap = usize::from(input.cap) % (want.len() + 2);
    let mut buf = vec![c::ParlorDoudizhuCards::default(); cap];
    let mut count = 0usize;
    let status =
        unsafe { c::parlor_doudizhu_moves(&to_c(&hand), &to_c(&prev), code, buf.as_mut_ptr(), cap, &mut count) };
    assert_eq!(count, want.len());
    // Capacity 0 is a size query: OK with the count.
    if cap >= want.len() || cap == 0 {
        assert_eq!(status, parlor::PARLOR_OK);
    } else {
        assert_eq!(status, parlor::PARLOR_ERR_BUFFER_TOO_SMALL);
    }
    for (got, w) in buf.iter().zip(&want) {
        assert_eq!(got.counts, w.counts());
    }
    // Beats.
    let mut yes = 9u8;
    let status = unsafe { c::parlor_doudizhu_beats(&to_c(&prev), &to_c(&hand), code, &mut yes) };
    match core_ddz::beats(&prev, &hand, &preset) {
        Ok(b) => {
            assert_eq!(status, parlor::PARLOR_OK);
            assert_eq!(yes, u8::from(b));
        }
        Err(_) => assert_eq!(status, c::PARLOR_DOUDIZHU_ERR_NOT_A_COMBINATION),
    }
    // Spring with a plan buffer that may be short.
    let mut scratch = vec![0u8; c::PARLOR_DOUDIZHU_SCRATCH_BYTES];
    let mut plan = [c::ParlorDoudizhuCards::default(); 20];
    let plan_cap = usize::from(input.cap % 21);
    let (mut len, mut yes) = (0usize, 9u8);
    let status = unsafe {
        c::parlor_doudizhu_spring(
            &to_c(&hand),
            &to_c(&deal.first),
            &to_c(&deal.second),
            code,
            scratch.as_mut_ptr(),
            scratch.len(),
            plan.as_mut_ptr(),
            plan_cap,
            &mut len,
            &mut yes,
        )
    };
    let want = core_ddz::spring(
        &hand,
        &Opponents::Both(deal.first, deal.second),
        &preset,
        &mut core_ddz::Scratch::new(),
    )
    .expect("consistent");
    assert_eq!(yes, u8::from(want.is_some()));
    let plays = want.as_ref().map(|p| p.plays().to_vec()).unwrap_or_default();
    assert_eq!(len, plays.len());
    if plays.len() > plan_cap && plan_cap > 0 {
        assert_eq!(status, parlor::PARLOR_ERR_BUFFER_TOO_SMALL);
    } else {
        assert_eq!(status, parlor::PARLOR_OK);
        for (got, w) in plan.iter().take(plan_cap).zip(&plays) {
            assert_eq!(got.counts, w.counts());
        }
    }
}
