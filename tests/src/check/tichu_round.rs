//! Tichu round checker `tichu_round`: a whole round from a seeded deal played on the core's
//! `Round` and the naive reference round side by side. At every step: the legal action sets of
//! every seat are equal (as log text), the chosen action applies to both or to neither, an
//! illegal action leaves the core's round unchanged, encode/decode round-trips, each seat's
//! observation holds only its own cards; at the end the scores are equal.

use std::collections::BTreeSet;

use arbitrary::Arbitrary;
use parlor_core::game::Seat;
use parlor_core::tichu::bot::RandomBot;
use parlor_core::tichu::round::{self, Action, Config, Deal, Phase, Round, card_of_index};
use parlor_core::tichu::{Card, Cards};

use crate::reference::tichu as ref_cards;
use crate::reference::tichu_round as reference;

/// One case: the deal, a choice stream (each byte picks a seat and one of its legal actions;
/// when it runs out the random players finish the round), and stray actions tried on the way.
#[derive(Debug, Clone, Arbitrary)]
pub struct RoundCase {
    /// The deal's seed.
    pub seed: u64,
    /// The random players' seed.
    pub bot_seed: u64,
    /// The club variant (no Tichu during the exchange, claims by seat number).
    pub club: bool,
    /// Choices: `(seat byte, action byte)`.
    pub choices: Vec<(u8, u16)>,
    /// Stray actions (seat, kind, cards mask) tried before the step of the same index (the
    /// first 12 steps).
    pub stray: Vec<(u8, u8, u64)>,
    /// Compare the legal action sets every `1 + every % 8` steps, at most 12 times (the
    /// reference is slow), and at the end.
    pub every: u8,
}

/// The hands of a round's deal in dealing order (the window first), as reference card lists.
pub fn reference_hands(round: &Round) -> [ref_cards::Set; 4] {
    let (dealt, window) = round.deal();
    dealt.map(|hand| {
        let mask = hand.mask() & ((1 << 56) - 1);
        let order = (0..56u8)
            .filter(|i| mask & window & (1 << i) != 0)
            .chain((0..56u8).filter(|i| mask & !window & (1 << i) != 0));
        order
            .filter_map(card_of_index)
            .flat_map(|card| ref_cards::parse(&card.to_string()).expect("one card"))
            .collect()
    })
}

/// The log text of an action without its seat (the core's `Display`).
pub fn action_text(action: Action) -> String {
    action.to_string()
}

fn core_actions(round: &Round, seat: Seat) -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    round.for_each_legal_action(seat, |action| {
        assert!(all.insert(action_text(action)), "{action:?} listed twice");
    });
    all
}

fn stray_action(kind: u8, mask: u64) -> Action {
    let card = card_of_index((mask % 56) as u8).unwrap_or(Card::Dog);
    let set = Cards::from_mask(mask & ((1 << 56) - 1) | if mask & 0xF_FFFF_FFFF_FFFF != 0 { 1 << 63 } else { 0 })
        .unwrap_or(Cards::EMPTY);
    match kind % 7 {
        0 => Action::GrandTichu(mask.is_multiple_of(2)),
        1 => Action::Exchange {
            left: card,
            partner: card_of_index(((mask >> 8) % 56) as u8).unwrap_or(Card::Dog),
            right: card_of_index(((mask >> 16) % 56) as u8).unwrap_or(Card::Dog),
        },
        2 => Action::Tichu,
        3 => Action::Pass,
        4 => Action::GiveDragonTrick(Seat((mask % 5) as u8)),
        5 => Action::Play {
            cards: set,
            wish: parlor_core::tichu::Rank::new((mask >> 60) as u8),
        },
        _ => Action::Play {
            cards: Cards::from_mask(1 << (mask % 56) | 1 << 63).unwrap_or(Cards::EMPTY),
            wish: None,
        },
    }
}

/// Checks that `seat`'s observation shows only its own cards and public ones.
fn check_observation(round: &Round, seat: Seat) {
    let obs = round.observation(seat).expect("a seat");
    let hand = round.hand(seat).expect("a seat");
    if round.phase() == Phase::GrandTichu {
        assert!(obs.hand.is_subset_of(hand) && obs.hand.len() == round::WINDOW);
    } else {
        assert_eq!(obs.hand, hand);
    }
    // The cards passed to this seat are in its hand or already played by it.
    let played_by_seat = obs
        .history()
        .filter(|r| r.seat == seat)
        .filter_map(|r| match r.kind {
            round::RecordKind::Play { cards, .. } => Some(cards.mask()),
            _ => None,
        })
        .fold(0u64, |a, b| a | b);
    for card in obs.received.iter().flatten() {
        let mut single = Cards::EMPTY;
        assert!(single.insert(*card).is_ok());
        assert_ne!(single.mask() & (hand.mask() | played_by_seat) & ((1 << 56) - 1), 0);
    }
    let counts: usize = obs.card_counts.iter().map(|&c| usize::from(c)).sum();
    let played: usize = (1..=obs.plays()).map(|n| obs.play_cards(n).len()).sum();
    if round.phase() == Phase::GrandTichu {
        assert_eq!(counts, 32);
    } else {
        assert_eq!(counts + played, 56);
    }
}

/// The checker (see the module docs).
pub fn round(case: RoundCase) {
    let config = if case.club { Config::CLUB } else { Config::STANDARD };
    let mut core = Round::new(&config, &Deal::Seeded(case.seed)).expect("a seeded round");
    let mut naive = reference::Round::new(reference_hands(&core), config.tichu_during_exchange);
    naive.late_bombs = config.bomb_after_passes;
    naive.wish_bombs = config.wish_bomb;
    let mut bot = RandomBot::new(case.bot_seed);
    let every = 1 + usize::from(case.every % 8);
    let mut step = 0usize;
    // At most this many full comparisons of the four legal sets (the reference is slow).
    let mut comparisons = 12usize;
    loop {
        // A stray action: legal for both or for neither; refused ones change nothing.
        if let Some(&(seat, kind, mask)) = case.stray.get(step).filter(|_| step < 12) {
            let seat = Seat(seat % 5);
            let action = stray_action(kind, mask);
            let before = core;
            let legal = core.is_legal(seat, action);
            assert_eq!(core, before);
            if seat.0 < 4 {
                let text = action_text(action);
                assert_eq!(
                    legal,
                    naive.actions(usize::from(seat.0)).contains(&text),
                    "stray {seat} {text}"
                );
            }
            let mut copy = core;
            if copy.apply(seat, action).is_err() {
                assert_eq!(copy, core, "a refused action changed the round");
            }
        }
        if (step.is_multiple_of(every) && comparisons > 0) || core.phase() == Phase::Over {
            comparisons = comparisons.saturating_sub(1);
            for s in 0..4u8 {
                assert_eq!(
                    core_actions(&core, Seat(s)),
                    naive.actions(usize::from(s)),
                    "seed {} step {step} seat {s}",
                    case.seed
                );
            }
        }
        if core.phase() == Phase::Over {
            break;
        }
        let chosen = match case.choices.get(step) {
            Some(&(seat_byte, pick)) => {
                let seats: Vec<Seat> = (0..4u8).map(Seat).filter(|&s| core.may_act(s)).collect();
                let seat = seats[usize::from(seat_byte) % seats.len()];
                let mut actions = Vec::new();
                core.for_each_legal_action(seat, |a| actions.push(a));
                Some((seat, actions[usize::from(pick) % actions.len()]))
            }
            None => bot.step(&core),
        };
        let Some((seat, action)) = chosen else {
            panic!("no seat can act in an unfinished round")
        };
        let event = core.apply(seat, action).expect("a listed action applies");
        naive
            .apply(usize::from(seat.0), &action_text(action))
            .unwrap_or_else(|e| panic!("reference refused {seat} {}: {e}", action_text(action)));
        assert_eq!(event.round_over, naive.stage == reference::Stage::Over);
        for s in 0..4u8 {
            assert_eq!(
                core.hand(Seat(s)).expect("seat").to_string(),
                if naive.hand(usize::from(s)).is_empty() {
                    "-".to_owned()
                } else {
                    reference::set_text(&naive.hand(usize::from(s)))
                }
            );
            check_observation(&core, Seat(s));
        }
        assert_eq!(core.points_taken().map(i32::from), naive.taken);
        let mut bytes = vec![0u8; round::ENCODED_BYTES];
        assert_eq!(core.encode(&mut bytes), Ok(round::ENCODED_BYTES));
        assert_eq!(Round::decode(&bytes), Ok(core));
        step += 1;
        assert!(step < 400, "the round does not end");
    }
    let outcome = core.outcome().expect("an outcome");
    assert_eq!(Some(outcome.scores.map(i32::from)), naive.outcome());
}

/// One case of `ffi_tichu_round`: random state bytes through every read-only entry point, then
/// a round driven through the C ABI and the core side by side with raw actions.
#[derive(Debug, Clone, Arbitrary)]
pub struct FfiRoundCase {
    /// Raw bytes for a `ParlorTichuRound` (random state: a status, never undefined behaviour).
    pub state: Vec<u8>,
    /// The deal's seed.
    pub seed: u64,
    /// Raw actions: (seat, kind, flag, seat field, wish, exchange, cards); `None`: the
    /// lowest legal action of the seat to act.
    pub actions: Vec<Option<RawAction>>,
}

/// A raw C action: (seat, kind, flag, seat field, wish, exchange, cards).
pub type RawAction = (u8, u8, u8, u8, u8, [u8; 3], u64);

/// The checker: the C ABI agrees with the core on every call (see [`FfiRoundCase`]).
pub fn ffi_round(case: FfiRoundCase) {
    use parlor::tichu::error_code;
    use parlor::tichu_round::*;
    use parlor::{PARLOR_ERR_INVALID_ARGUMENT, PARLOR_ERR_INVALID_STATE, PARLOR_OK};

    // Random state bytes: either a status or a round the core decodes too.
    let mut words = [0u64; PARLOR_TICHU_ROUND_WORDS];
    for (word, chunk) in words.iter_mut().zip(case.state.chunks(8)) {
        let mut b = [0u8; 8];
        b[..chunk.len()].copy_from_slice(chunk);
        *word = u64::from_le_bytes(b);
    }
    let random = ParlorTichuRound { opaque: words };
    let mut seat = 0u8;
    // SAFETY: valid pointers to locals.
    let status = unsafe { parlor_tichu_round_to_act(&random, &mut seat) };
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let decoded = Round::decode(&bytes[..round::ENCODED_BYTES]);
    if status == PARLOR_OK {
        assert!(decoded.is_ok());
    } else {
        assert_eq!(status, PARLOR_ERR_INVALID_STATE);
    }
    let mut obs = std::mem::MaybeUninit::<ParlorTichuObservation>::zeroed();
    // SAFETY: valid pointers.
    let status = unsafe { parlor_tichu_round_observe(&random, 0, obs.as_mut_ptr()) };
    assert!(status == PARLOR_OK || status == PARLOR_ERR_INVALID_STATE);

    let mut c_round = std::mem::MaybeUninit::<ParlorTichuRound>::zeroed();
    // SAFETY: valid pointers.
    assert_eq!(
        unsafe { parlor_tichu_round_new(std::ptr::null(), case.seed, std::ptr::null(), c_round.as_mut_ptr()) },
        PARLOR_OK
    );
    // SAFETY: initialised by the call above.
    let mut c_round = unsafe { c_round.assume_init() };
    let mut core = Round::new(&Config::STANDARD, &Deal::Seeded(case.seed)).expect("a round");
    for raw in case.actions.iter().take(300) {
        let Some(turn) = core.to_act() else { break };
        let (seat, action) = match raw {
            Some((seat, kind, flag, to, wish, exchange, cards)) => (
                *seat,
                ParlorTichuAction {
                    kind: *kind % 7,
                    flag: *flag % 3,
                    seat: *to % 5,
                    wish: *wish % 16,
                    exchange: exchange.map(|c| c % 57),
                    cards: *cards,
                },
            ),
            None => {
                let first = parlor_core::game::bot::lowest_legal_action(&core, turn).expect("an action");
                (turn.0, action_out(first))
            }
        };
        let before = c_round;
        let mut event = ParlorTichuEvent::default();
        // SAFETY: valid pointers.
        let status = unsafe { parlor_tichu_round_apply(&mut c_round, seat, &action, &mut event) };
        let expected = if seat > 3 {
            Err(PARLOR_ERR_INVALID_ARGUMENT)
        } else {
            match action_in(&action) {
                Err(code) => Err(code),
                Ok(a) => core.apply(Seat(seat), a).map_err(error_code),
            }
        };
        match expected {
            Ok(_) => assert_eq!(status, PARLOR_OK),
            Err(code) => {
                assert_eq!(status, code, "{action:?}");
                assert_eq!(c_round, before, "a refused action changed the C state");
            }
        }
        let mut bytes = vec![0u8; round::ENCODED_BYTES];
        core.encode(&mut bytes).expect("encode");
        let mut len = 0usize;
        let mut c_bytes = vec![0u8; round::ENCODED_BYTES];
        // SAFETY: valid pointers and lengths.
        assert_eq!(
            unsafe { parlor_tichu_round_encode(&c_round, c_bytes.as_mut_ptr(), c_bytes.len(), &mut len) },
            PARLOR_OK
        );
        assert_eq!(c_bytes, bytes);
        let mut total = 0usize;
        let mut first = [ParlorTichuAction::default(); 4];
        // SAFETY: valid pointers.
        assert_eq!(
            unsafe { parlor_tichu_round_legal_actions(&c_round, seat % 4, first.as_mut_ptr(), 4, &mut total) },
            PARLOR_OK
        );
        assert_eq!(total, core.legal_actions(Seat(seat % 4), &mut []));
    }
}
