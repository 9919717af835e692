//! Checkers for the whole dominoes hand: `dominoes_round` (the generic [`round::check`] with
//! this game's reference adapter: legal actions in order, events, hands, points and the outcome
//! equal) and `ffi_dominoes_round` (random bytes as
//! the C state and actions).

use arbitrary::Arbitrary;
use parlor_core::dominoes::{
    Action, Config, Deal, DrawRule, End, Event, LeaderRule, Outcome, Round, SpinnerRule, Tile, Unit,
};
use parlor_core::game::bot::Uniform;
use parlor_core::game::{Scores, Seat};

use super::round;

use crate::reference::dominoes_round::{RefAction, RefConfig, RefRound, RefTile, seeded_deck};

/// The setup of a `dominoes_round` case: the config built from bytes, and the deal's seed.
#[derive(Debug, Clone, Arbitrary)]
pub struct Setup {
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
}

/// One `dominoes_round` case (the generic checker's, [`round::Case`]).
pub type RoundCase = round::Case<Setup>;

impl Setup {
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

/// The naive reference hand as the generic checker drives it.
#[derive(Clone)]
pub struct Adapter(RefRound);

impl round::Reference for Adapter {
    type Core = Round;
    type Setup = Setup;
    type Key = RefAction;
    type Bot = Uniform;
    const ORDERED: bool = true;
    /// A hand takes some 10–40 plays and draws.
    const PLIES: usize = 40;

    fn start(setup: &Setup) -> Option<(Round, Adapter)> {
        let config = setup.config();
        if config.validate().is_err() {
            assert!(Round::new(&config, &Deal::Seeded(setup.seed)).is_err());
            return None;
        }
        let core = Round::new(&config, &Deal::Seeded(setup.seed)).expect("a valid config deals");
        let deck = seeded_deck(u32::from(config.high), setup.seed);
        Some((core, Adapter(RefRound::new(ref_config(&config), &deck, None))))
    }

    fn key(action: &Action) -> RefAction {
        ref_action(*action)
    }

    fn legal(&self, seat: Seat) -> Vec<RefAction> {
        if self.0.ended.is_some() || seat.index() != self.0.turn {
            return Vec::new();
        }
        self.0.legal(seat.index())
    }

    fn is_over(&self) -> bool {
        self.0.ended.is_some()
    }

    fn to_act(&self) -> Option<Option<Seat>> {
        Some(self.0.ended.is_none().then_some(Seat(self.0.turn as u8)))
    }

    fn apply(&mut self, seat: Seat, action: Action, event: &Event, context: &str) {
        let reference = &mut self.0;
        let (points, drawn) = reference.apply(seat.index(), ref_action(action));
        match *event {
            Event::Played {
                points: got, hand_over, ..
            } => {
                assert_eq!(u32::from(got), points, "{context}: points");
                assert_eq!(hand_over, reference.ended == Some(true), "{context}: domino");
            }
            Event::Drew { tile } => assert_eq!(Some(norm(tile)), drawn, "{context}: drawn"),
            Event::Passed { hand_over } => assert_eq!(hand_over, reference.ended == Some(false), "{context}: block"),
        }
    }

    fn scores(&self) -> Option<Scores> {
        let scores: Vec<i32> = self.0.scores.iter().map(|&s| s as i32).collect();
        self.0.ended.map(|_| Scores::new(&scores))
    }

    fn compare(&self, core: &Round, context: &str) {
        let reference = &self.0;
        let players = usize::from(core.config().players);
        let scores: Vec<u32> = core.scores()[..players].iter().map(|&s| u32::from(s)).collect();
        assert_eq!(scores, reference.scores, "{context}: points");
        assert_eq!(core.boneyard_len(), reference.boneyard.len(), "{context}: boneyard");
        assert_eq!(core.open_total(), reference.open_total(), "{context}: open ends");
        for seat in 0..players {
            let mut hand: Vec<RefTile> = core.hand(Seat(seat as u8)).map(norm).collect();
            let mut want = reference.hands[seat].clone();
            hand.sort_unstable();
            want.sort_unstable();
            assert_eq!(hand, want, "{context}: hand of seat {seat}");
        }
    }

    fn compare_outcome(&self, outcome: &Outcome, context: &str) {
        let reference = &self.0;
        match outcome.end {
            End::Domino { seat } => {
                assert_eq!(reference.ended, Some(true), "{context}: domino");
                assert!(reference.hands[seat.index()].is_empty(), "{context}: domino by {seat}");
            }
            End::Blocked => assert_eq!(reference.ended, Some(false), "{context}: blocked"),
        }
        assert_eq!(
            outcome.bonus.map(|(seat, points)| (seat.index(), u32::from(points))),
            reference.bonus,
            "{context}: bonus"
        );
        assert_eq!(
            outcome.winner.map(Seat::index),
            reference.bonus.map(|(seat, _)| seat),
            "{context}: winner"
        );
    }

    fn bot(seed: u64) -> Uniform {
        Uniform::new(seed)
    }

    fn believe(core: &Round, seat: Seat, salt: u64) -> Option<Round> {
        parlor_core::game::Search::determinize(core, seat, &mut parlor_core::game::Rng::new(salt)).ok()
    }

    /// Written either way round: `5-0` is `0-5`.
    fn alias(action: Action, bits: u16) -> Action {
        let flip = |tile: Tile| Tile::new(tile.b, tile.a);
        match action {
            Action::Play { tile, on } if bits & 0x8000 != 0 => Action::Play {
                tile: flip(tile),
                on: on.map(flip),
            },
            other => other,
        }
    }
}

/// Plays the case through the core and the reference side by side ([`round::check`]).
pub fn round(case: RoundCase) {
    round::check::<Adapter>(case);
}
