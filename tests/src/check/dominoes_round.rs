//! Checkers for the whole dominoes hand: `dominoes_round` (core `Round` against the naive
//! reference at every step: legal-action sets, events and scores equal, encode/decode round
//! trip, an illegal action leaves the round unchanged) and `ffi_dominoes_round` (random bytes as
//! the C state and actions).

use arbitrary::{Arbitrary, Unstructured};
use parlor_core::dominoes::{
    Action, Config, Deal, DrawRule, ENCODED_BYTES, End, Event, LeaderRule, Round, SpinnerRule, Tile, Unit,
};
use parlor_core::game::Seat;

use crate::reference::dominoes_round::{RefAction, RefConfig, RefRound, RefTile, seeded_deck};

/// One `dominoes_round` case: a config built from bytes, a seed, and per step a choice among
/// the legal actions plus an arbitrary (mostly illegal) action tried first.
#[derive(Debug, Clone)]
pub struct RoundCase {
    /// Preset selector (Five Up, All Fives, block) and variations.
    pub preset: u8,
    /// Players selector: 2 + players % 3.
    pub players: u8,
    /// Set selector: double-6 mostly, sometimes 9 or 12.
    pub set: u8,
    /// Draw rule / reserve variation.
    pub variant: u8,
    /// The deal's seed.
    pub seed: u64,
    /// Per step: (choice among the legal actions, junk action bytes).
    pub steps: Vec<(u8, [u8; 4])>,
}

impl<'a> Arbitrary<'a> for RoundCase {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut case = RoundCase {
            preset: u.arbitrary()?,
            players: u.arbitrary()?,
            set: u.arbitrary()?,
            variant: u.arbitrary()?,
            seed: u.arbitrary()?,
            steps: Vec::new(),
        };
        while let Ok(bytes) = u.bytes(5) {
            case.steps.push((bytes[0], [bytes[1], bytes[2], bytes[3], bytes[4]]));
        }
        Ok(case)
    }
}

impl RoundCase {
    /// The config the case plays.
    pub fn config(&self) -> Config {
        let base = [Config::FIVE_UP, Config::ALL_FIVES, Config::BLOCK][usize::from(self.preset % 3)];
        let high = match self.set % 8 {
            6 => 9,
            7 => 12,
            _ => 6,
        };
        let mut config = Config {
            high,
            ..base.with_players(2 + self.players % 3)
        };
        match self.variant % 6 {
            1 => config.draw = DrawRule::One,
            2 => config.reserve = 2,
            3 => config.leader = LeaderRule::FirstSeat,
            4 => config.hand_size = 3,
            5 => config.partnerships = false,
            _ => {}
        }
        if self.preset & 0x80 != 0 {
            config.spinner = SpinnerRule::ALL[usize::from(self.preset >> 4) % 3];
            config.unit = if self.preset & 0x08 != 0 {
                Unit::Fives
            } else {
                Unit::Total
            };
        }
        config
    }
}

fn ref_config(config: &Config) -> RefConfig {
    RefConfig {
        high: u32::from(config.high),
        players: usize::from(config.players),
        partnerships: config.partnerships,
        hand_size: usize::from(config.hand_size),
        spinner: config.spinner.code(),
        draw: config.draw.code(),
        reserve: usize::from(config.reserve),
        fives: config.unit == Unit::Fives,
        scores_plays: config.scores_plays,
        highest_double_leads: config.leader == LeaderRule::HighestDouble,
    }
}

fn norm(tile: Tile) -> RefTile {
    (tile.low(), tile.high())
}

fn ref_action(action: Action) -> RefAction {
    match action {
        Action::Play { tile, on } => RefAction::Play(norm(tile), on.map(norm)),
        Action::Draw => RefAction::Draw,
        Action::Pass => RefAction::Pass,
    }
}

fn junk_action(bytes: [u8; 4]) -> Action {
    let tile = Tile::new(u32::from(bytes[1] % 8), u32::from(bytes[2] % 8));
    let on = Tile::new(u32::from(bytes[3] % 8), u32::from(bytes[3] / 32));
    match bytes[0] % 5 {
        0 => Action::Draw,
        1 => Action::Pass,
        2 => Action::Play { tile, on: None },
        _ => Action::Play { tile, on: Some(on) },
    }
}

/// Plays the case through the core and the reference side by side; panics on a disagreement.
pub fn round(case: RoundCase) {
    let config = case.config();
    if config.validate().is_err() {
        assert!(Round::new(&config, &Deal::Seeded(case.seed)).is_err());
        return;
    }
    let mut core = Round::new(&config, &Deal::Seeded(case.seed)).expect("a valid config deals");
    let deck = seeded_deck(u32::from(config.high), case.seed);
    let mut reference = RefRound::new(ref_config(&config), &deck, None);
    let players = usize::from(config.players);
    let mut steps = case
        .steps
        .iter()
        .copied()
        .cycle()
        .take(case.steps.len().max(1) * 4 + 400);
    loop {
        // The same public state.
        assert_eq!(
            core.to_act().map(Seat::index),
            reference.ended.is_none().then_some(reference.turn)
        );
        assert_eq!(
            core.scores()[..players]
                .iter()
                .map(|&s| u32::from(s))
                .collect::<Vec<_>>(),
            reference.scores
        );
        assert_eq!(core.boneyard_len(), reference.boneyard.len());
        assert_eq!(core.open_total(), reference.open_total());
        for seat in 0..players {
            let mut hand: Vec<RefTile> = core.hand(Seat(seat as u8)).map(norm).collect();
            let mut want = reference.hands[seat].clone();
            hand.sort_unstable();
            want.sort_unstable();
            assert_eq!(hand, want, "hand of seat {seat}");
        }
        // Encode/decode round trip.
        let mut bytes = [0u8; ENCODED_BYTES];
        assert_eq!(core.encode(&mut bytes), Ok(ENCODED_BYTES));
        assert_eq!(Round::decode(&bytes).as_ref(), Ok(&core));
        let Some(seat) = core.to_act() else { break };
        // Legal sets equal, in the same order.
        let mut legal = Vec::new();
        core.for_each_legal_action(seat, |action| legal.push(action));
        let want = reference.legal(seat.index());
        assert_eq!(legal.iter().copied().map(ref_action).collect::<Vec<_>>(), want);
        let mut slots = [Action::Pass; 3];
        assert_eq!(core.legal_actions(seat, &mut slots), legal.len());
        assert_eq!(&slots[..legal.len().min(3)], &legal[..legal.len().min(3)]);
        for other in 0..4u8 {
            if Seat(other) != seat {
                assert_eq!(core.legal_actions(Seat(other), &mut []), 0);
            }
        }
        let (choice, junk) = steps.next().unwrap_or((0, [0; 4]));
        // An arbitrary action: legal exactly when the reference lists it; if illegal, nothing changes.
        for (actor, action) in [(seat, junk_action(junk)), (Seat(junk[0] % 5), junk_action(junk))] {
            let legal_here = actor == seat && want.contains(&ref_action(action));
            assert_eq!(core.is_legal(actor, action), legal_here, "{action:?} by {actor:?}");
            if !legal_here {
                let before = core.clone();
                assert!(core.apply(actor, action).is_err());
                assert_eq!(core, before);
            }
        }
        let action = legal[usize::from(choice) % legal.len()];
        // Written either way round: `5-0` is `0-5`.
        let flip = |tile: Tile| Tile::new(tile.b, tile.a);
        let action = match action {
            Action::Play { tile, on } if choice & 0x80 != 0 => Action::Play {
                tile: flip(tile),
                on: on.map(flip),
            },
            other => other,
        };
        let event = core.apply(seat, action).expect("a legal action applies");
        let (points, drawn) = reference.apply(seat.index(), ref_action(action));
        match event {
            Event::Played {
                points: got, hand_over, ..
            } => {
                assert_eq!(u32::from(got), points);
                assert_eq!(hand_over, reference.ended == Some(true));
            }
            Event::Drew { tile } => assert_eq!(Some(norm(tile)), drawn),
            Event::Passed { hand_over } => assert_eq!(hand_over, reference.ended == Some(false)),
        }
    }
    let outcome = core.outcome().expect("the hand is over");
    match outcome.end {
        End::Domino { seat } => {
            assert_eq!(reference.ended, Some(true));
            assert!(reference.hands[seat.index()].is_empty());
        }
        End::Blocked => assert_eq!(reference.ended, Some(false)),
    }
    assert_eq!(
        outcome.bonus.map(|(seat, points)| (seat.index(), u32::from(points))),
        reference.bonus
    );
    assert_eq!(outcome.winner.map(Seat::index), reference.bonus.map(|(seat, _)| seat));
}
