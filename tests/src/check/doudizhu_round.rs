//! Dou Dizhu whole-deal checker (`doudizhu_round`): the generic [`round::check`] with the naive
//! reference engine as its adapter (the seat to act, the legal action sets, observations free of
//! other seats' cards, the scores at the end).

use arbitrary::Arbitrary;
use parlor_core::doudizhu::{Action, Cards, Config, Deal, ENCODED_BYTES, Event, Kind, Play, Rank, Reading, Round};
use parlor_core::game::bot::Uniform;
use parlor_core::game::{Scores, Seat};

use super::round;

use crate::reference::doudizhu_round::{RefAction, RefRound, Variant, seeded_deal};

/// The setup of a `doudizhu_round` case: a preset and a deal.
#[derive(Debug, Clone, Arbitrary)]
pub struct Setup {
    /// Whole-game preset (modulo 4: pagat, openspiel, rlcard, rob).
    pub preset: u8,
    /// Seed of the deal.
    pub seed: u64,
    /// Deal the reference's cards as `Deal::Given` (with `first`) instead of `Deal::Seeded`.
    pub given: bool,
    /// First bidder of a given deal (modulo 3).
    pub first: u8,
}

/// One `doudizhu_round` case (the generic checker's, [`round::Case`]).
pub type RoundCase = round::Case<Setup>;

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

fn ref_action(action: &Action) -> RefAction {
    use crate::reference::doudizhu::{Kind as RefKind, Reading as RefReading};
    match action {
        Action::Play(p) => RefAction::Play(
            p.cards.counts(),
            RefReading {
                kind: RefKind::ALL[p.reading.kind as usize],
                chain: p.reading.chain,
                key: p.reading.key as u8,
            },
        ),
        Action::Pass => RefAction::Pass,
        Action::Bid(b) => RefAction::Bid(*b),
        Action::Call => RefAction::Call,
        Action::Rob => RefAction::Rob,
    }
}

/// The naive reference deal as the generic checker drives it.
pub struct Adapter(RefRound);

impl round::Reference for Adapter {
    type Core = Round;
    type Setup = Setup;
    type Key = Key;
    type Bot = Uniform;
    const ORDERED: bool = false;

    fn start(setup: &Setup) -> Option<(Round, Adapter)> {
        let (variant, name) = Variant::by_index(setup.preset);
        let config = Config::from_name(name).expect("preset");
        let (hands, kitty, seeded_first) = seeded_deal(setup.seed, variant.face_up);
        let (core, first) = if setup.given {
            let first = usize::from(setup.first % 3);
            let deal = Deal::Given {
                hands: hands.map(|h| cards(&h)),
                kitty: cards(&kitty),
                first_bidder: Seat(first as u8),
            };
            (Round::new(&config, &deal).expect("a valid deal"), first)
        } else {
            let round = Round::new(&config, &Deal::Seeded(setup.seed)).expect("a seeded deal");
            let (core_hands, core_kitty, core_first) = Deal::Seeded(setup.seed).cards(&config).expect("cards");
            assert_eq!(core_hands, hands.map(|h| cards(&h)), "seeded hands");
            assert_eq!(core_kitty, cards(&kitty), "seeded kitty");
            assert_eq!(core_first.index(), seeded_first, "seeded first bidder");
            (round, seeded_first)
        };
        Some((core, Adapter(RefRound::new(variant, hands, kitty, first))))
    }

    fn key(action: &Action) -> Key {
        key_of_core(action)
    }

    fn legal(&self, seat: Seat) -> Vec<Key> {
        if self.0.to_act() != Some(seat.index()) {
            return Vec::new();
        }
        self.0.legal().iter().map(key_of_ref).collect()
    }

    fn is_over(&self) -> bool {
        self.0.to_act().is_none()
    }

    fn to_act(&self) -> Option<Option<Seat>> {
        Some(self.0.to_act().map(|s| Seat(s as u8)))
    }

    fn apply(&mut self, seat: Seat, action: Action, _event: &Event, _context: &str) {
        self.0.apply(seat.index(), ref_action(&action));
    }

    fn scores(&self) -> Option<Scores> {
        self.0
            .scores()
            .map(|scores| Scores::new(&scores.map(|s| i32::try_from(s).expect("a score fits i32"))))
    }

    /// Observations: the public part is the same for every seat; the hand is the seat's own.
    fn compare(&self, core: &Round, context: &str) {
        let current = self.0.current_hands();
        let public = |s: u8| {
            let mut o = core.observation(Seat(s)).expect("observation");
            assert_eq!(o.hand, cards(&current[usize::from(s)]), "{context}: seat {s}'s hand");
            o.hand = Cards::EMPTY;
            o.seat = Seat(0);
            o
        };
        let p0 = public(0);
        assert_eq!(public(1), p0, "{context}: seat 1 sees more than public");
        assert_eq!(public(2), p0, "{context}: seat 2 sees more than public");
    }

    fn bot(seed: u64) -> Uniform {
        Uniform::new(seed)
    }

    fn believe(core: &Round, seat: Seat, salt: u64) -> Option<Round> {
        parlor_core::game::Search::determinize(core, seat, &mut parlor_core::game::Rng::new(salt)).ok()
    }
}

/// The checker: [`round::check`] with the Dou Dizhu reference.
pub fn diff(case: RoundCase) {
    round::check::<Adapter>(case);
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
    let game = case.game % 5;
    // SAFETY: as above.
    let status = unsafe { c::parlor_doudizhu_round_new(game, case.seed, &mut round) };
    let config = match game {
        0 => Config::PAGAT,
        1 => Config::RLCARD,
        2 => Config::OPENSPIEL,
        3 => Config::ROB,
        _ => {
            assert_eq!(status, PARLOR_ERR_INVALID_ARGUMENT);
            return;
        }
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
