//! Dou Dizhu whole-deal checker (`doudizhu_round`): the core's `Round` against the naive
//! reference engine at every step — the seat to act, the legal action sets, the encode/decode
//! round trip, observations free of other seats' cards, illegal actions leaving the round
//! unchanged — and the scores at the end. Panics on any disagreement.

use arbitrary::Arbitrary;
use parlor_core::doudizhu::{Action, Cards, Config, Deal, ENCODED_BYTES, Kind, Play, Rank, Reading, Round};
use parlor_core::game::Seat;

use crate::reference::doudizhu_round::{RefAction, RefRound, Variant, seeded_deal};

/// One case: a preset, a deal and the choices that play it out.
#[derive(Debug, Clone, Arbitrary)]
pub struct RoundCase {
    /// Whole-game preset (modulo 4: pagat, openspiel, rlcard, rob).
    pub preset: u8,
    /// Seed of the deal.
    pub seed: u64,
    /// Deal the reference's cards as `Deal::Given` (with `first`) instead of `Deal::Seeded`.
    pub given: bool,
    /// First bidder of a given deal (modulo 3).
    pub first: u8,
    /// The action chosen at each step (modulo the number of legal actions; past the end:
    /// pseudo-random from the seed, so that every case plays a whole deal).
    pub choices: Vec<u16>,
    /// Illegal actions tried at each step (past the end: none).
    pub probes: Vec<u8>,
}

/// A compact, comparable form of an action: (cards, kind code or 100+ for auction actions,
/// chain, key).
type Key = ([u8; 15], u8, u8, u8);

fn key_of_core(action: &Action) -> Key {
    match action {
        Action::Play(p) => (
            p.cards.counts(),
            p.reading.kind as u8,
            p.reading.chain,
            p.reading.key as u8,
        ),
        Action::Pass => ([0; 15], 100, 0, 0),
        Action::Bid(b) => ([0; 15], 100 + b, 0, 0),
        Action::Call => ([0; 15], 110, 0, 0),
        Action::Rob => ([0; 15], 111, 0, 0),
    }
}

fn key_of_ref(action: &RefAction) -> Key {
    use crate::reference::doudizhu::Kind as RefKind;
    match action {
        RefAction::Pass => ([0; 15], 100, 0, 0),
        RefAction::Bid(b) => ([0; 15], 100 + b, 0, 0),
        RefAction::Call => ([0; 15], 110, 0, 0),
        RefAction::Rob => ([0; 15], 111, 0, 0),
        RefAction::Play(h, r) => {
            let code = RefKind::ALL.iter().position(|k| *k == r.kind).expect("a kind") as u8;
            (*h, code, r.chain, r.key)
        }
    }
}

fn cards(hand: &[u8; 15]) -> Cards {
    Cards::from_counts(*hand).expect("a reference hand fits the deck")
}

/// An action that is illegal now, built from `probe`.
fn illegal(round: &Round, probe: u8) -> Option<(Seat, Action)> {
    let seat = round.to_act()?;
    let candidate = match probe % 5 {
        0 => (Seat((seat.0 + 1 + probe / 5 % 2) % 3), Action::Pass),
        1 => (seat, Action::Bid(probe / 5 % 6)),
        2 => (seat, if probe & 0x80 != 0 { Action::Rob } else { Action::Call }),
        3 => {
            // A single of a rank the seat does not hold, or any single read as a pair.
            let rank = Rank::ALL[usize::from(probe / 5) % 15];
            let mut one = Cards::EMPTY;
            one = one.plus(
                &Cards::from_counts({
                    let mut c = [0u8; 15];
                    c[rank as usize] = 1;
                    c
                })
                .ok()?,
            )?;
            let reading = Reading {
                kind: if probe & 0x80 != 0 { Kind::Pair } else { Kind::Single },
                chain: 1,
                key: rank,
            };
            (seat, Action::Play(Play { cards: one, reading }))
        }
        _ => (seat, Action::Pass),
    };
    (!round.is_legal(candidate.0, candidate.1)).then_some(candidate)
}

/// The checker.
pub fn diff(case: RoundCase) {
    let (variant, name) = Variant::by_index(case.preset);
    let config = Config::from_name(name).expect("preset");
    let (hands, kitty, seeded_first) = seeded_deal(case.seed, variant.face_up);
    let (mut core, first) = if case.given {
        let first = usize::from(case.first % 3);
        let deal = Deal::Given {
            hands: hands.map(|h| cards(&h)),
            kitty: cards(&kitty),
            first_bidder: Seat(first as u8),
        };
        (Round::new(&config, &deal).expect("a valid deal"), first)
    } else {
        let round = Round::new(&config, &Deal::Seeded(case.seed)).expect("a seeded deal");
        let (core_hands, core_kitty, core_first) = Deal::Seeded(case.seed).cards(&config).expect("cards");
        assert_eq!(core_hands, hands.map(|h| cards(&h)), "seeded hands");
        assert_eq!(core_kitty, cards(&kitty), "seeded kitty");
        assert_eq!(core_first.index(), seeded_first, "seeded first bidder");
        (round, seeded_first)
    };
    let mut reference = RefRound::new(variant, hands, kitty, first);
    let mut buf = [0u8; ENCODED_BYTES];
    let mut rng = crate::fuzzing::SplitMix64(case.seed ^ 0x000d_0d12_u64);
    for step in 0..400 {
        assert_eq!(
            core.to_act().map(Seat::index),
            reference.to_act(),
            "step {step}: seat to act"
        );
        // Encode / decode.
        let n = core.encode(&mut buf).expect("encode");
        assert_eq!(Round::decode(&buf[..n]), Ok(core), "step {step}: decode(encode)");
        // Observations: the public part is the same for every seat; the hand is the seat's own.
        let current = reference.current_hands();
        let public = |s: u8| {
            let mut o = core.observation(Seat(s)).expect("observation");
            assert_eq!(o.hand, cards(&current[usize::from(s)]), "step {step}: seat {s}'s hand");
            o.hand = Cards::EMPTY;
            o.seat = Seat(0);
            o
        };
        let p0 = public(0);
        assert_eq!(public(1), p0, "step {step}: seat 1 sees more than public");
        assert_eq!(public(2), p0, "step {step}: seat 2 sees more than public");
        let Some(seat) = core.to_act() else { break };
        // Legal sets.
        let mut ours: Vec<(Key, Action)> = Vec::new();
        core.for_each_legal_action(seat, |a| ours.push((key_of_core(&a), a)));
        ours.sort_by_key(|a| a.0);
        let ref_legal = reference.legal();
        let mut theirs: Vec<(Key, RefAction)> = ref_legal.iter().map(|a| (key_of_ref(a), *a)).collect();
        theirs.sort_by_key(|a| a.0);
        let same = ours.len() == theirs.len() && ours.iter().zip(theirs.iter()).all(|(a, b)| a.0 == b.0);
        if !same {
            let only_ours: Vec<_> = ours
                .iter()
                .filter(|a| !theirs.iter().any(|b| b.0 == a.0))
                .map(|a| a.1)
                .take(5)
                .collect();
            let only_ref: Vec<_> = theirs
                .iter()
                .filter(|b| !ours.iter().any(|a| b.0 == a.0))
                .map(|b| b.1)
                .take(5)
                .collect();
            panic!(
                "step {step}: legal actions of seat {seat} differ\n  only core: {only_ours:?}\n  only reference: {only_ref:?}"
            );
        }
        assert_eq!(core.count_legal_actions(seat), ours.len());
        // An illegal action leaves the round unchanged.
        if let Some((s, a)) = case.probes.get(step).and_then(|&probe| illegal(&core, probe)) {
            let before = core;
            assert!(core.apply(s, a).is_err(), "step {step}: {a:?} by {s} accepted");
            assert_eq!(core, before, "step {step}: a refused action changed the round");
        }
        let choice = case.choices.get(step).copied().unwrap_or_else(|| rng.next() as u16);
        let pick = usize::from(choice) % ours.len();
        let (_, action) = ours[pick];
        let (_, chosen_ref) = theirs[pick];
        core.apply(seat, action).expect("a legal action applies");
        reference.apply(seat.index(), chosen_ref);
    }
    assert_eq!(core.to_act(), None, "the deal ends within 400 actions");
    let outcome = core.outcome().expect("an outcome");
    assert_eq!(Some(outcome.scores.map(i64::from)), reference.scores(), "scores");
}

/// A raw C action: (seat, kind, bid, card counts, reading kind, chain, key), reduced modulo
/// just past each field's range so that most are near-valid.
pub type RawAction = (u8, u8, u8, [u8; 15], u8, u8, u8);

/// One C ABI case: random bytes as a state, and a seeded deal played through C and the core
/// in lockstep with raw (possibly invalid) C actions mixed in.
#[derive(Debug, Clone, Arbitrary)]
pub struct FfiRoundCase {
    /// Whole-game code (modulo 5: the four presets and one unknown code).
    pub game: u8,
    /// Seed of the deal.
    pub seed: u64,
    /// Bytes laid over a `ParlorDoudizhuRound` (the rest zero).
    pub state: Vec<u8>,
    /// Raw actions: (seat, kind, bid, card counts, reading kind, chain, key).
    pub raw: Vec<RawAction>,
    /// The legal action chosen at each step.
    pub choices: Vec<u16>,
}

fn c_action(raw: &RawAction) -> parlor::doudizhu_round::ParlorDoudizhuAction {
    parlor::doudizhu_round::ParlorDoudizhuAction {
        kind: raw.1 % 6,
        bid: raw.2 % 5,
        cards: parlor::doudizhu::ParlorDoudizhuCards {
            counts: raw.3.map(|c| c % 6),
        },
        reading: parlor::doudizhu::ParlorDoudizhuReading {
            kind: raw.4 % 15,
            chain: raw.5 % 13,
            key: raw.6 % 16,
        },
    }
}

/// The C ABI checker (`ffi_doudizhu_round`).
pub fn ffi(case: FfiRoundCase) {
    use parlor::doudizhu_round::{self as c, ParlorDoudizhuAction, ParlorDoudizhuRound};
    use parlor::{PARLOR_ERR_INVALID_ARGUMENT, PARLOR_OK};
    // Random bytes as a state: a status, never UB; an accepted state is one the core decodes.
    let mut words = [0u64; c::PARLOR_DOUDIZHU_ROUND_WORDS];
    for (i, b) in case.state.iter().take(words.len() * 8).enumerate() {
        words[i / 8] |= u64::from(*b) << (8 * (i % 8));
    }
    let mut junk = ParlorDoudizhuRound { opaque: words };
    let mut seat = 0u8;
    // SAFETY: valid pointers to live locals.
    let status = unsafe { c::parlor_doudizhu_round_to_act(&junk, &mut seat) };
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    assert_eq!(
        status == PARLOR_OK,
        Round::decode(&bytes[..ENCODED_BYTES]).is_ok() && bytes[ENCODED_BYTES..].iter().all(|&b| b == 0)
    );
    if let Some(raw) = case.raw.first() {
        let action = c_action(raw);
        // SAFETY: as above.
        let _ = unsafe { c::parlor_doudizhu_round_apply(&mut junk, raw.0 % 4, &action, std::ptr::null_mut()) };
    }
    // A seeded deal in lockstep.
    let mut round = ParlorDoudizhuRound {
        opaque: [0; c::PARLOR_DOUDIZHU_ROUND_WORDS],
    };
    // An unknown game code (5 and up) is refused.
    // SAFETY: as above.
    let bad = unsafe { c::parlor_doudizhu_round_new(5 + case.game % 251, case.seed, &mut round) };
    assert_eq!(bad, PARLOR_ERR_INVALID_ARGUMENT);
    let game = case.game % 5;
    // SAFETY: as above.
    let status = unsafe { c::parlor_doudizhu_round_new(game, case.seed, &mut round) };
    let config = match game {
        0 => Config::PAGAT,
        1 => Config::RLCARD,
        2 => Config::OPENSPIEL,
        3 => Config::ROB,
        _ => Config::BOTZONE,
    };
    assert_eq!(status, PARLOR_OK);
    let mut core = Round::new(&config, &Deal::Seeded(case.seed)).expect("a seeded deal");
    let mut buf = vec![ParlorDoudizhuAction::default(); 64];
    for step in 0..400 {
        // SAFETY: as above.
        assert_eq!(unsafe { c::parlor_doudizhu_round_to_act(&round, &mut seat) }, PARLOR_OK);
        assert_eq!(
            seat,
            core.to_act().map_or(c::PARLOR_DOUDIZHU_NO_SEAT, |s| s.0),
            "step {step}"
        );
        let Some(s) = core.to_act() else { break };
        // A raw action: C and the core agree on accepting it; a refused one changes nothing.
        if let Some(raw) = case.raw.get(step) {
            let action = c_action(raw);
            let before = round;
            // SAFETY: as above.
            let status =
                unsafe { c::parlor_doudizhu_round_apply(&mut round, raw.0 % 4, &action, std::ptr::null_mut()) };
            if status == PARLOR_OK {
                let applied = match action.kind {
                    0 => Action::Pass,
                    1 => Action::Bid(action.bid),
                    2 => Action::Call,
                    3 => Action::Rob,
                    _ => Action::Play(Play {
                        cards: Cards::from_counts(action.cards.counts).expect("C accepted bad counts"),
                        reading: Reading {
                            kind: Kind::try_from(action.reading.kind).expect("C accepted a bad kind"),
                            chain: action.reading.chain,
                            key: Rank::try_from(action.reading.key).expect("C accepted a bad rank"),
                        },
                    }),
                };
                assert!(
                    core.is_legal(s, applied),
                    "step {step}: C accepted {applied:?}, the core refuses it"
                );
                assert_eq!(raw.0 % 4, s.0);
                core.apply(s, applied).expect("the core accepts it too");
                continue;
            }
            assert_eq!(round, before, "step {step}: a refused C action changed the state");
        }
        let mut count = 0usize;
        // SAFETY: buf holds buf.len() actions.
        let mut status =
            unsafe { c::parlor_doudizhu_round_legal_actions(&round, s.0, buf.as_mut_ptr(), buf.len(), &mut count) };
        if status == parlor::PARLOR_ERR_BUFFER_TOO_SMALL {
            buf.resize(count, ParlorDoudizhuAction::default());
            // SAFETY: as above.
            status =
                unsafe { c::parlor_doudizhu_round_legal_actions(&round, s.0, buf.as_mut_ptr(), buf.len(), &mut count) };
        }
        assert_eq!(status, PARLOR_OK);
        let mut legal = Vec::new();
        core.for_each_legal_action(s, |a| legal.push(a));
        assert_eq!(count, legal.len(), "step {step}: legal count");
        assert!(
            legal.iter().zip(buf.iter()).all(|(a, b)| c::action_to_c(a) == *b),
            "step {step}: legal actions differ"
        );
        let pick = usize::from(
            case.choices
                .get(step)
                .copied()
                .unwrap_or((step as u16).wrapping_mul(7919)),
        ) % count;
        // SAFETY: as above.
        assert_eq!(
            unsafe { c::parlor_doudizhu_round_apply(&mut round, s.0, &buf[pick], std::ptr::null_mut()) },
            PARLOR_OK
        );
        core.apply(s, legal[pick]).expect("legal");
    }
    let mut outcome = c::ParlorDoudizhuOutcome::default();
    // SAFETY: as above.
    assert_eq!(
        unsafe { c::parlor_doudizhu_round_outcome(&round, &mut outcome) },
        PARLOR_OK
    );
    assert_eq!(outcome.scores, core.outcome().expect("over").scores);
}
