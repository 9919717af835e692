//! Dou Dizhu whole-deal checker (`doudizhu_round`): the generic [`round::check`] with the naive
//! reference engine as its adapter (the seat to act, the legal action sets, observations free of
//! other seats' cards, the scores at the end).

use arbitrary::Arbitrary;
use parlor_core::doudizhu::{Action, Cards, Config, Deal, Event, Round};
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
#[derive(Clone)]
pub struct Adapter(RefRound);

impl round::Reference for Adapter {
    type Core = Round;
    type Setup = Setup;
    type Key = Key;
    type Bot = Uniform;
    const ORDERED: bool = false;
    /// A deal takes some 3–6 auction actions and 25–50 plays and passes.
    const PLIES: usize = 48;

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

    /// The deal is over exactly when nobody is to act: the reference's `to_act` once.
    fn turn_and_over(&self) -> (Option<Option<Seat>>, bool) {
        let turn = self.0.to_act();
        (Some(turn.map(|s| Seat(s as u8))), turn.is_none())
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
