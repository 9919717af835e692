//! The Tichu round engine and match (`parlor_core::tichu::round`, `game_match`, `bot`): sizes,
//! the pinned seeded deal, whole games by the bots with every invariant checked at every step,
//! hidden information, encode/decode, and hand-made edge cases.

use parlor_core::game::Seat;
use parlor_core::tichu::bot::{RandomBot, lowest_legal_action};
use parlor_core::tichu::game_match::{self, Match};
use parlor_core::tichu::round::{self, Action, Config, Deal, Observation, Phase, Round, card_of_index};
use parlor_core::tichu::{Call, Card, Cards, Error, Rank};

fn legal(round: &Round, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    round.for_each_legal_action(seat, |a| out.push(a));
    out
}

fn encoded(round: &Round) -> Vec<u8> {
    let mut bytes = vec![0u8; round::ENCODED_BYTES];
    assert_eq!(round.encode(&mut bytes), Ok(round::ENCODED_BYTES));
    bytes
}

/// Plays a round with random bots, checking at every step; returns the actions.
fn play_checked(seed: u64, config: &Config, bot_seed: u64) -> (Round, Vec<(Seat, Action)>) {
    let mut round = Round::new(config, &Deal::Seeded(seed)).unwrap();
    let mut bot = RandomBot::new(bot_seed);
    let mut log = Vec::new();
    let mut steps = 0;
    while let Some((seat, action)) = bot.step(&round) {
        steps += 1;
        assert!(steps < 400, "seed {seed}: the round does not end");
        let actions = legal(&round, seat);
        assert!(actions.contains(&action), "seed {seed}: {action:?} not listed");
        assert!(actions.len() <= round::MAX_ACTIONS);
        // Card accounting: 56 cards in hands and played.
        let mut before = round;
        round.apply(seat, action).unwrap();
        log.push((seat, action));
        // The illegal action after: a pass on the lead, a second exchange etc. leave it unchanged.
        let copy = round;
        let _ = before.apply(Seat(9), Action::Pass);
        let _ = round
            .apply(seat, Action::GrandTichu(true))
            .map(|_| panic!("grand twice"));
        assert_eq!(round, copy);
        let bytes = encoded(&round);
        assert_eq!(Round::decode(&bytes), Ok(round), "seed {seed}: decode");
    }
    (round, log)
}

#[test]
fn sizes_fit_the_budget() {
    assert_eq!(std::mem::size_of::<Round>(), 440);
    assert_eq!(std::mem::size_of::<Match>(), 472);
    assert!(std::mem::size_of::<Round>() <= 512);
    assert!(std::mem::size_of::<Match>() <= 768);
    assert_eq!(round::ENCODED_BYTES, 333);
    assert_eq!(game_match::ENCODED_BYTES, 359);
}

#[test]
fn random_rounds_keep_every_invariant() {
    for seed in 0..60u64 {
        let config = if seed % 3 == 0 { Config::CLUB } else { Config::STANDARD };
        let (round, _) = play_checked(seed, &config, seed ^ 0xabcd);
        let outcome = round.outcome().unwrap();
        match outcome.double_victory {
            Some(team) => assert_eq!(outcome.card_points[usize::from(team)], 200),
            None => assert_eq!(outcome.card_points[0] + outcome.card_points[1], 100),
        }
        assert_eq!(
            outcome.scores[0] + outcome.scores[1],
            outcome.card_points[0] + outcome.card_points[1] + outcome.call_points[0] + outcome.call_points[1]
        );
    }
}

#[test]
fn random_rounds_reach_every_kind_of_event() {
    let (mut bombs_out_of_turn, mut gifts, mut doubles, mut calls, mut dogs, mut wishes) = (0, 0, 0, 0, 0, 0);
    for seed in 0..200u64 {
        let mut round = Round::new(&Config::STANDARD, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed);
        while let Some((seat, action)) = bot.step(&round) {
            if let Action::Play { cards, wish } = action {
                if round.to_act() != Some(seat) {
                    bombs_out_of_turn += 1;
                }
                dogs += usize::from(cards.has_dog());
                wishes += usize::from(wish.is_some());
            }
            gifts += usize::from(matches!(action, Action::GiveDragonTrick(_)));
            calls += usize::from(matches!(action, Action::Tichu | Action::GrandTichu(true)));
            round.apply(seat, action).unwrap();
        }
        doubles += usize::from(round.outcome().unwrap().double_victory.is_some());
    }
    eprintln!("bombs {bombs_out_of_turn} gifts {gifts} doubles {doubles} calls {calls} dogs {dogs} wishes {wishes}");
    assert!(bombs_out_of_turn > 10 && gifts > 10 && doubles > 2 && calls > 20 && dogs > 20 && wishes > 20);
}
