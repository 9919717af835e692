//! Tichu checkers: `diff` (core vs the naive reference: parsing, readings, legality, move
//! generation; every generated move legal), `ffi` (the C ABI vs the core, on any input) and
//! `trick` (`parlor tichu trick` on the core's `Trick` vs the naive reference trick).

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use arbitrary::Arbitrary;
use parlor_core::tichu::{self, Cards, Combination, Kind, Rank, Seat, Trick};

use crate::reference::tichu as reference;

/// The text of card code `code % 56` (0..52 naturals by rank then suit, 52 Mah Jong, 53 Dog,
/// 54 Phoenix, 55 Dragon), with its suit letter when `suited`.
pub fn card_text(code: u8, suited: bool) -> String {
    let code = code % 56;
    match code {
        52 => "1".into(),
        53 => "D".into(),
        54 => "P".into(),
        55 => "R".into(),
        _ => {
            let rank = "234567890JQKA".as_bytes()[usize::from(code / 4)] as char;
            if suited {
                format!("{rank}{}", "jspt".as_bytes()[usize::from(code % 4)] as char)
            } else {
                rank.to_string()
            }
        }
    }
}

/// Text of the cards of `codes` (repeats kept: they make impossible sets).
pub fn set_text(codes: &[u8], suited: bool) -> String {
    codes.iter().map(|&c| card_text(c, suited)).collect()
}

/// One differential case.
#[derive(Debug, Clone, Arbitrary)]
pub struct DiffCase {
    /// Suited notation for every set.
    pub suited: bool,
    /// The previous play's card codes.
    pub previous: Vec<u8>,
    /// The play's card codes.
    pub play: Vec<u8>,
    /// The hand's card codes (distinct codes kept, at most 10 cards).
    pub hand: Vec<u8>,
    /// The wish: rank `wish % 16` when 2..=14.
    pub wish: u8,
    /// A byte spliced into the play's text at a position (bad input), if any.
    pub noise: Option<(u8, u8)>,
    /// When the previous play is no combination, the table for move generation is instead the
    /// `pick`-th lead play of a hand made of the play's codes (a realistic table).
    pub pick: u16,
    /// Draw the hands from six ranks and the specials (dense hands: stairs, full houses, bombs).
    pub narrow: bool,
}

/// A card code squeezed into ranks 6..=J and the specials when `narrow`.
fn squeeze(code: u8, narrow: bool) -> u8 {
    match (narrow, code % 8) {
        (false, _) => code % 56,
        (true, 0) => 52 + (code / 8) % 4,
        (true, _) => 16 + code % 24,
    }
}

/// A hand of the distinct codes of `codes` (at most `max` cards).
fn hand_of(codes: &[u8], suited: bool, narrow: bool, max: usize) -> Cards {
    let mut codes: Vec<u8> = codes.iter().map(|&c| squeeze(c, narrow)).collect();
    codes.sort();
    codes.dedup();
    codes.truncate(max);
    let text = set_text(&codes, suited);
    text.parse::<tichu::Cards>()
        .unwrap_or_else(|e| panic!("hand {text:?}: {e}"))
}

fn reading_tuple(c: Combination) -> reference::Reading {
    (c.kind().name(), usize::from(c.len()), u32::from(c.key()))
}

fn canonical(set: Cards) -> reference::Set {
    reference::parse(&set.to_string()).unwrap_or_else(|e| panic!("core printed {set} which the reference rejects: {e}"))
}

/// Checks one case; panics on any disagreement.
pub fn diff(case: DiffCase) {
    let previous_text = set_text(&case.previous[..case.previous.len().min(16)], case.suited);
    let mut play_text = set_text(&case.play[..case.play.len().min(16)], case.suited);
    if let Some((at, byte)) = case.noise {
        let at = usize::from(at) % (play_text.len() + 1);
        play_text.insert(at, char::from(byte % 128));
    }
    // Legality through text, and the parse round trip.
    let core = previous_text
        .parse::<tichu::Cards>()
        .and_then(|p| play_text.parse::<tichu::Cards>().map(|q| (p, q)))
        .and_then(|(p, q)| tichu::is_legal(p, q));
    let naive = reference::is_legal(&previous_text, &play_text);
    assert_eq!(
        core.ok(),
        naive.clone().ok(),
        "is_legal({previous_text:?}, {play_text:?}): core {core:?}, reference {naive:?}"
    );
    // The card an overlap error names exists exactly when the sets overlap.
    if let (Ok(p), Ok(q)) = (previous_text.parse::<tichu::Cards>(), play_text.parse::<tichu::Cards>()) {
        let named = p.overlap(q);
        assert_eq!(named.is_none(), p.is_disjoint_from(q), "overlap of {p} and {q}");
        if let Some(card) = named {
            assert!(q.iter().any(|c| c == card), "{card} named for {p} / {q}");
        }
    }
    for text in [&previous_text, &play_text] {
        if let Ok(set) = text.parse::<tichu::Cards>() {
            assert_eq!(
                set.to_string().parse::<tichu::Cards>(),
                Ok(set),
                "round trip of {text:?}"
            );
            assert_eq!(Cards::from_mask(set.mask()), Ok(set));
            let core: Vec<_> = tichu::readings(set).iter().map(reading_tuple).collect();
            let naive = reference::readings(&reference::parse(text).unwrap_or_default());
            assert_eq!(core, naive, "readings of {text:?}");
        }
    }
    // Move generation from a hand of distinct codes.
    let hand = hand_of(&case.hand, case.suited, case.narrow, 10);
    let core_previous = previous_text.parse::<tichu::Cards>().and_then(tichu::previous_play);
    let naive_previous = reference::parse(&previous_text).and_then(|p| reference::previous(&p));
    assert_eq!(
        core_previous.ok().flatten().map(reading_tuple),
        naive_previous.ok().flatten(),
        "previous {previous_text:?}"
    );
    let previous = match core_previous {
        Ok(Some(previous)) => Some(previous),
        _ => {
            let mut leads = Vec::new();
            let other = hand_of(&case.play, case.suited, case.narrow, 14);
            let _ = tichu::for_each_move(&other, None, None, |_, reading| {
                leads.push(reading);
                ControlFlow::Continue(())
            });
            leads
                .get(usize::from(case.pick) % leads.len().max(1))
                .copied()
                .filter(|r| r.kind() != Kind::Dog)
        }
    };
    // A Phoenix single on the table cannot meet a hand with the Phoenix: a typed error.
    if hand.has_phoenix() && previous.is_some_and(|p| p.kind() == Kind::Single && p.key() % 2 == 1) {
        let mut out = [Cards::EMPTY; 4];
        assert_eq!(
            tichu::moves(&hand, previous, None, &mut out),
            Err(tichu::Error::CardsOverlap)
        );
        return;
    }
    let wish = Rank::new(case.wish % 16);
    check_moves(hand, previous, wish);
}

/// Checks the moves of `hand` on `previous` with `wish` against the reference, and that every
/// move is a legal subset of the hand with the reading the core reports.
pub fn check_moves(hand: Cards, previous: Option<Combination>, wish: Option<Rank>) {
    let mut core = Vec::new();
    tichu::for_each_move(&hand, previous, wish, |play, reading| {
        core.push((play, reading));
        ControlFlow::Continue(())
    })
    .unwrap_or_else(|e| panic!("moves of {hand}: {e}"));
    let mut seen = BTreeSet::new();
    for &(play, reading) in &core {
        assert!(play.is_subset_of(hand), "{play} not in {hand}");
        assert!(seen.insert(canonical(play)), "{play} generated twice from {hand}");
        assert_eq!(tichu::resolve(previous, play), Some(reading), "{play} on {previous:?}");
        assert_eq!(
            tichu::is_legal_after(previous, play),
            Ok(true),
            "{play} on {previous:?}"
        );
        let naive = reference::resolve(previous.map(reading_tuple), &canonical(play));
        assert_eq!(
            naive,
            Some(reading_tuple(reading)),
            "reference reading of {play} on {previous:?}"
        );
    }
    let naive = reference::moves(&canonical(hand), previous.map(reading_tuple), wish.map(Rank::value));
    if seen != naive {
        let only_core: Vec<_> = seen.difference(&naive).collect();
        let only_naive: Vec<_> = naive.difference(&seen).collect();
        panic!("moves of {hand} on {previous:?} wish {wish:?}: only core {only_core:?}, only reference {only_naive:?}");
    }
}

/// One C ABI case: raw texts, masks and codes, and a short trick script.
#[derive(Debug, Clone, Arbitrary)]
pub struct FfiCase {
    /// Raw text A (the previous play / text to parse).
    pub a: Vec<u8>,
    /// Raw text B (the play).
    pub b: Vec<u8>,
    /// A raw mask.
    pub mask: u64,
    /// A hand as card codes (also tried as a raw mask when `raw_hand`).
    pub hand: Vec<u8>,
    /// Use `mask` as the hand mask instead.
    pub raw_hand: bool,
    /// A raw previous combination (kind, length, key), or the lead.
    pub previous: Option<(u8, u8, u8)>,
    /// A raw wish code.
    pub wish: u8,
    /// Output capacity for the moves.
    pub capacity: u8,
    /// Trick steps: (seat, play codes; empty = pass).
    pub steps: Vec<(u8, Vec<u8>)>,
}

/// Checks the C ABI against the core on one case; panics on any disagreement.
pub fn ffi(case: FfiCase) {
    use parlor::tichu::*;
    use parlor::{PARLOR_ERR_BUFFER_TOO_SMALL, PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_INVALID_UTF8, PARLOR_OK};
    let text = |bytes: &[u8]| std::str::from_utf8(bytes).ok().map(str::to_owned);
    // Parse.
    let mut mask = 0u64;
    let mut offset = usize::MAX;
    let code = unsafe { parlor_tichu_parse(case.a.as_ptr().cast(), case.a.len(), &mut mask, &mut offset) };
    match text(&case.a).map(|t| t.parse::<tichu::Cards>()) {
        None => assert_eq!(code, PARLOR_ERR_INVALID_UTF8),
        Some(Ok(set)) => assert_eq!((code, mask), (PARLOR_OK, set.mask())),
        Some(Err(e)) => assert_eq!(code, error_code(e)),
    }
    // Seed-form legality.
    let mut legal = 9u8;
    let code = unsafe {
        parlor_tichu_is_legal(
            case.a.as_ptr().cast(),
            case.a.len(),
            case.b.as_ptr().cast(),
            case.b.len(),
            &mut legal,
        )
    };
    if let (Some(a), Some(b)) = (text(&case.a), text(&case.b)) {
        let core = a
            .parse::<tichu::Cards>()
            .and_then(|p| b.parse::<tichu::Cards>().map(|q| (p, q)));
        match core.and_then(|(p, q)| tichu::is_legal(p, q)) {
            Ok(l) => assert_eq!((code, legal), (PARLOR_OK, u8::from(l))),
            Err(e) => assert_eq!(code, error_code(e)),
        }
    } else {
        assert_eq!(code, PARLOR_ERR_INVALID_UTF8);
    }
    // Format with a small buffer.
    let mut buf = [0 as std::ffi::c_char; 8];
    let mut len = 0usize;
    let code = unsafe { parlor_tichu_format(case.mask, buf.as_mut_ptr(), buf.len(), &mut len) };
    match Cards::from_mask(case.mask) {
        Ok(set) => {
            let printed = set.to_string();
            assert_eq!(len, printed.len());
            assert_eq!(
                code,
                if printed.len() < 8 {
                    PARLOR_OK
                } else {
                    PARLOR_ERR_BUFFER_TOO_SMALL
                }
            );
        }
        Err(e) => assert_eq!(code, error_code(e)),
    }
    // Round scoring from raw codes: the finish order and calls from text A, points from the mask.
    if case.a.len() >= 8 {
        let finish: [u8; 4] = [case.a[0] % 5, case.a[1] % 5, case.a[2] % 5, case.a[3] % 5];
        let calls: [u8; 4] = [case.a[4] % 4, case.a[5] % 4, case.a[6] % 4, case.a[7] % 4];
        let points: [i16; 4] = [0, 1, 2, 3].map(|i| (case.mask >> (i * 16)) as i16 % 130);
        let last = (case.mask as i16) % 50;
        let mut scores = [0i16; 2];
        let code = unsafe {
            parlor_tichu_score_round(
                finish.as_ptr(),
                points.as_ptr(),
                last,
                calls.as_ptr(),
                scores.as_mut_ptr(),
            )
        };
        let seats: Option<Vec<Seat>> = finish.iter().map(|&s| Seat::new(s)).collect();
        let call_values: Result<Vec<tichu::Call>, _> = calls.iter().map(|&c| tichu::Call::try_from(c)).collect();
        match (seats, call_values) {
            (Some(seats), Ok(call_values)) => {
                let seats = [seats[0], seats[1], seats[2], seats[3]];
                let call_values = [call_values[0], call_values[1], call_values[2], call_values[3]];
                match tichu::score_round(seats, points, last, call_values) {
                    Ok(expected) => assert_eq!((code, scores), (PARLOR_OK, expected)),
                    Err(_) => assert_eq!(code, PARLOR_ERR_INVALID_ARGUMENT),
                }
            }
            _ => assert_eq!(code, PARLOR_ERR_INVALID_ARGUMENT),
        }
    }
    // Resolved form and moves.
    let raw_previous = case
        .previous
        .map(|(kind, length, key)| ParlorTichuCombination { kind, length, key });
    let previous_ptr = raw_previous.as_ref().map_or(std::ptr::null(), |p| p as *const _);
    let core_previous = raw_previous.map(|p| Kind::try_from(p.kind).and_then(|k| Combination::new(k, p.length, p.key)));
    let mut out = ParlorTichuCombination::default();
    let code = unsafe { parlor_tichu_resolve(previous_ptr, case.mask, &mut legal, &mut out) };
    let core_previous = match core_previous {
        Some(Err(_)) => {
            assert!(code == PARLOR_ERR_INVALID_ARGUMENT || code == PARLOR_TICHU_ERR_INVALID_COMBINATION);
            return;
        }
        Some(Ok(p)) => Some(p),
        None => None,
    };
    if let Ok(play) = Cards::from_mask(case.mask) {
        match tichu::is_legal_after(core_previous, play) {
            Ok(l) => assert_eq!((code, legal), (PARLOR_OK, u8::from(l))),
            Err(e) => assert_eq!(code, error_code(e)),
        }
    }
    let hand_mask = if case.raw_hand {
        case.mask
    } else {
        let mut codes: Vec<u8> = case.hand.iter().map(|c| c % 56).collect();
        codes.sort();
        codes.dedup();
        set_text(&codes, case.mask.is_multiple_of(2))
            .parse::<tichu::Cards>()
            .map_or(0, Cards::mask)
    };
    let capacity = usize::from(case.capacity);
    let mut masks = vec![0u64; capacity];
    let mut count = 0usize;
    let code = unsafe {
        parlor_tichu_moves(
            hand_mask,
            previous_ptr,
            case.wish,
            masks.as_mut_ptr(),
            capacity,
            &mut count,
        )
    };
    let wish = match case.wish {
        0 => Ok(None),
        w => Rank::try_from(w).map(Some).map_err(|_| ()),
    };
    match (Cards::from_mask(hand_mask), wish) {
        (Err(e), _) => assert_eq!(code, error_code(e)),
        (Ok(_), Err(())) => assert_eq!(code, PARLOR_ERR_INVALID_ARGUMENT),
        (Ok(hand), Ok(wish)) => {
            let mut all = vec![Cards::EMPTY; tichu::MAX_MOVES];
            match tichu::moves(&hand, core_previous, wish, &mut all) {
                Ok(n) => {
                    assert_eq!(count, n);
                    let expected: Vec<u64> = all[..n.min(capacity)].iter().map(|c| c.mask()).collect();
                    assert_eq!(&masks[..n.min(capacity)], &expected[..]);
                    assert_eq!(
                        code,
                        if n <= capacity || capacity == 0 {
                            PARLOR_OK
                        } else {
                            PARLOR_ERR_BUFFER_TOO_SMALL
                        }
                    );
                }
                Err(e) => assert_eq!(code, error_code(e)),
            }
        }
    }
    // A trick driven through the C ABI and the core side by side.
    let mut state = ParlorTichuTrick::default();
    let leader = case.wish % 5; // 4 = a bad seat
    let code = unsafe { parlor_tichu_trick_new(leader, 0, 0, &mut state) };
    let Some(leader) = Seat::new(leader) else {
        assert_eq!(code, PARLOR_ERR_INVALID_ARGUMENT);
        return;
    };
    assert_eq!(code, PARLOR_OK);
    let mut trick = Trick::new(leader);
    for (seat, codes) in case.steps.iter().take(12) {
        // Every seat is given the same hand, so a card can be played twice (two Phoenixes make
        // −50 points): a position no deal reaches, which the C state then refuses as it should
        // (`Trick::from_parts`). The comparison ends there (found by fuzzing in CI).
        if Trick::from_parts(trick.parts()).is_err() {
            return;
        }
        let hand = Cards::from_mask(hand_mask).unwrap_or(Cards::EMPTY);
        let play = set_text(codes, hand.is_suited())
            .parse::<tichu::Cards>()
            .unwrap_or(Cards::EMPTY);
        let mut next = 0u8;
        let seat_code = seat % 5;
        let (code, core) = if codes.is_empty() {
            let code = unsafe { parlor_tichu_trick_pass(&mut state, seat_code, hand.mask(), &mut next) };
            (code, Seat::new(seat_code).map(|s| trick.pass(s, hand)))
        } else {
            let code =
                unsafe { parlor_tichu_trick_play(&mut state, seat_code, play.mask(), hand.mask(), 0, &mut next) };
            (code, Seat::new(seat_code).map(|s| trick.play(s, play, hand, None)))
        };
        match core {
            None => assert_eq!(code, PARLOR_ERR_INVALID_ARGUMENT),
            Some(Ok(tichu::Step::Next(s))) => assert_eq!((code, next), (PARLOR_OK, s.index())),
            Some(Ok(tichu::Step::Over(_))) => {
                assert_eq!((code, next, state.over), (PARLOR_OK, PARLOR_TICHU_NO_SEAT, 1))
            }
            Some(Err(e)) => assert_eq!(code, error_code(e)),
        }
        assert_eq!(state.turn, trick.turn().index());
        assert_eq!(state.points, trick.parts().points);
    }
}

/// One case for `trick`: a deal, which hands the command is told, an open wish and a script of
/// actions chosen against the deal (plays from the hands, legal or not, passes, out-of-turn
/// seats, the Dragon's gift, cards from outside the hands, raw tokens).
#[derive(Debug, Clone, Arbitrary)]
pub struct TrickCase {
    /// Suited notation for every set.
    pub suited: bool,
    /// The leader, `leader % 4`.
    pub leader: u8,
    /// An open wish: rank `wish % 16` when 2..=14.
    pub wish: u8,
    /// Bit `s` set: seat `s`'s hand is given to the command (else `?`).
    pub known: u8,
    /// The seed of the shuffle of the 56 cards.
    pub deal: u64,
    /// The hand sizes, `size % 9` for seats 0..=3, dealt from the shuffled deck.
    pub sizes: [u8; 4],
    /// After `actions`, `steps % 17` more drawn from the deal's seed (`arbitrary` makes short
    /// lists from random bytes; this keeps `cargo test`'s pseudo-random cases long).
    pub steps: u8,
    /// A raw token put among the actions at a position.
    pub noise: Option<(u8, String)>,
    /// Actions `(what, seat, pick)`: `what % 8` 0–1 pass, 2–4 a legal play, 5 any combination
    /// of the hand, 6 the Dragon's gift, 7 one card by code `pick`; bit 4 of `what` names the
    /// seat `seat % 4`, bit 5 adds a wish to a play with the Mah Jong.
    pub actions: Vec<(u8, u8, u8)>,
}

/// The plays of `hand` on `top`, in the core's order.
fn plays_of(hand: Cards, top: Option<Combination>) -> Vec<Cards> {
    let mut plays = Vec::new();
    let _ = tichu::for_each_move(&hand, top, None, |play, _| {
        plays.push(play);
        ControlFlow::Continue(())
    });
    plays
}

/// The action words of a case, generated by a shadow trick on the core so that plays are
/// realistic; generation stops at the first action the shadow refuses.
fn trick_script(case: &TrickCase, leader: Seat, mut hands: [Cards; 4], wish: Option<Rank>) -> Vec<String> {
    let mut words = Vec::new();
    // As the command sees it: a seat is out when its hand is given and empty.
    let out = [0, 1, 2, 3].map(|s| case.known & (1 << s) != 0 && hands[s].is_empty());
    let Ok(mut shadow) = Trick::with(leader, out, wish) else {
        return words;
    };
    let mut rng = crate::fuzzing::SplitMix64(!case.deal);
    let drawn = (0..case.steps % 17).map(|_| {
        let [what, seat, pick, ..] = rng.next().to_le_bytes();
        // Mostly legal plays and passes, now and then anything else.
        let what = if what & 0xC0 == 0 {
            what
        } else {
            (what & 0x30) | [0, 2, 3, 4][usize::from(what & 3)]
        };
        (what, seat, pick)
    });
    for (what, seat, pick) in case.actions.iter().copied().chain(drawn).take(24) {
        if let Some(end) = shadow.end() {
            // Over: only the Dragon's gift, to an opponent unless `seat` says otherwise.
            if end.dragon {
                let to = if seat & 0x80 != 0 {
                    seat % 4
                } else {
                    (end.taker.index() + 1 + (seat & 2)) % 4
                };
                words.push(format!("give={to}"));
            }
            break;
        }
        // A named seat is mostly the seat to act; with bits 5-7 of `seat` any seat (out of turn).
        let acting = if what & 0x10 != 0 && seat & 0xE0 == 0xE0 {
            Seat::new(seat % 4).unwrap_or(leader)
        } else {
            shadow.turn()
        };
        // Mostly no pass on the lead: play instead.
        let what = if what % 8 < 2 && shadow.top().is_none() && seat & 0x40 == 0 {
            what | 2
        } else {
            what
        };
        let prefix = if what & 0x10 != 0 {
            format!("{}:", acting.index())
        } else {
            String::new()
        };
        let hand = hands[usize::from(acting.index())];
        let result = match what % 8 {
            0 | 1 => {
                words.push(format!("{prefix}pass"));
                shadow.pass(acting, hand).map(|_| ())
            }
            2..=5 => {
                let legal = if what % 8 == 5 {
                    Vec::new()
                } else {
                    plays_of(hand, shadow.top())
                };
                if legal.is_empty() && what % 8 != 5 && shadow.top().is_some() {
                    // No play: pass (a bomb out of turn when the seat is not the one to act).
                    words.push(format!("{prefix}pass"));
                    if shadow.pass(acting, hand).is_err() {
                        break;
                    }
                    continue;
                }
                let plays = if legal.is_empty() { plays_of(hand, None) } else { legal };
                let Some(&play) = plays.get(usize::from(pick) % plays.len().max(1)) else {
                    break;
                };
                let wished = if what & 0x20 != 0 && play.has_mahjong() {
                    Rank::new(pick % 13 + 2)
                } else {
                    None
                };
                let suffix = wished.map(|rank| format!("={}", rank.symbol())).unwrap_or_default();
                words.push(format!("{prefix}{play}{suffix}"));
                let step = shadow.play(acting, play, hand, wished).map(|_| ());
                if step.is_ok() {
                    hands[usize::from(acting.index())] = play.removed_from(hand);
                }
                step
            }
            6 => {
                words.push(format!("give={}", seat % 4));
                Ok(())
            }
            _ => {
                words.push(format!("{prefix}{}", card_text(pick, case.suited)));
                Err(tichu::Error::IllegalPlay)
            }
        };
        if result.is_err() {
            break;
        }
    }
    words
}

/// Checks `parlor tichu trick` (the CLI on the core's `Trick`) against the naive reference on
/// one case: the same answer line, or both refusing the same action; panics otherwise.
pub fn trick(case: TrickCase) {
    // A Fisher-Yates shuffle of the 56 card codes, then the hands in turn from the top.
    let mut deck: Vec<u8> = (0..56).collect();
    let mut rng = crate::fuzzing::SplitMix64(case.deal);
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut cards = deck.into_iter();
    let leader = Seat::new(case.leader % 4).unwrap_or_else(|| unreachable!());
    // The leader mostly holds cards (an empty given hand for it is bad input, tried now and then).
    let mut sizes = case.sizes.map(|size| size % 9);
    if let Some(size) = sizes
        .get_mut(usize::from(leader.index()))
        .filter(|_| case.sizes[usize::from(leader.index())] != 0)
    {
        *size = size.saturating_add(1).min(8);
    }
    let dealt = sizes.map(|size| cards.by_ref().take(usize::from(size)).collect::<Vec<u8>>());
    let hands = dealt.map(|codes| {
        set_text(&codes, case.suited)
            .parse::<tichu::Cards>()
            .unwrap_or_else(|e| panic!("deal: {e}"))
    });
    let wish = Rank::new(case.wish % 16);
    let hands_text: Vec<String> = (0..4)
        .map(|s| {
            if case.known & (1 << s) != 0 {
                hands[s].to_string()
            } else {
                "?".to_owned()
            }
        })
        .collect();
    let mut actions = trick_script(&case, leader, hands, wish);
    if let Some((at, token)) = &case.noise
        && !token.starts_with("--")
        && !token.is_empty()
        && !token.chars().any(char::is_whitespace)
    {
        actions.insert(usize::from(*at) % (actions.len() + 1), token.clone());
    }
    let args = parlor_cli::tichu::trick::Args {
        actions: actions.clone(),
        leader: Some(leader.index()),
        wish: wish.map(|rank| rank.symbol().to_string()),
        hands: Some(hands_text.join("/")),
    };
    let core = parlor_cli::tichu::trick::answer(&args);
    let mut words = vec!["trick".to_owned(), "--leader".to_owned(), leader.index().to_string()];
    words.extend(["--hands".to_owned(), hands_text.join("/")]);
    if let Some(rank) = wish {
        words.extend(["--wish".to_owned(), rank.symbol().to_string()]);
    }
    words.extend(actions);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let naive = crate::vectors::tichu::reference_answer(&words).unwrap_or_else(|| unreachable!());
    let rendered = match &core {
        Ok(line) => line.clone(),
        Err(message) => format!("error: {message}"),
    };
    assert!(
        crate::vectors::tichu::agrees(&naive, &rendered),
        "tichu {}: core {core:?}, reference {naive:?}",
        words.join(" ")
    );
    if let (Err(_), Ok(line)) = (&core, &naive) {
        panic!("tichu {}: core refused, reference {line:?}", words.join(" "));
    }
}
