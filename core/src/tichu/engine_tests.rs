//! Tests of Tichu behind the one interface ([`super::engine`]).
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]

extern crate std;

use std::string::{String, ToString};
use std::vec::Vec;

use super::bot::RandomBot;
use super::game_match::Match;
use super::round::{Action, Config, Deal, Phase, Round};
use super::{Cards, Error, Rank};
use crate::game::bot::{self, Bot, Lowest, Uniform};
use crate::game::{self, Fault, GameError, Placement, Rules as _, Scores, Seat};

fn code(action: Action) -> u64 {
    <Round as game::Round>::action_code(action)
}

fn from_code(code: u64) -> Option<Action> {
    <Round as game::Round>::action_from_code(code)
}

fn parse(text: &str) -> Result<Action, Error> {
    <Round as game::Round>::parse_action(text)
}

fn cards(text: &str) -> Cards {
    text.parse().unwrap()
}

/// Every legal action of every seat that may act: code and text round trips, and the trait's
/// count / nth / list agree (nth checked at a spread of indices: the exchange has 2,184).
fn check_state(round: &Round) -> usize {
    let mut checked = 0;
    for seat in (0..4).map(Seat) {
        let mut list = Vec::new();
        game::Round::for_each_legal_action(round, seat, |action| list.push(action));
        assert_eq!(game::Round::count_legal_actions(round, seat), list.len());
        assert_eq!(game::Round::may_act(round, seat), !list.is_empty());
        let mut buffer = std::vec![Action::Pass; list.len()];
        assert_eq!(game::Round::legal_actions(round, seat, &mut buffer), list.len());
        assert_eq!(buffer, list);
        let n = list.len();
        for index in [0, 1, n / 3, n / 2, n.saturating_sub(2), n.saturating_sub(1)] {
            if index < n {
                assert_eq!(game::Round::nth_legal_action(round, seat, index), Some(list[index]));
            }
        }
        assert_eq!(game::Round::nth_legal_action(round, seat, n), None);
        for &action in &list {
            assert_eq!(from_code(code(action)), Some(action), "{action}");
            assert_eq!(parse(&action.to_string()), Ok(action), "{action}");
            checked += 1;
        }
    }
    checked
}

fn encoded(round: &Round) -> Vec<u8> {
    let mut bytes = std::vec![0u8; <Round as game::Round>::ENCODED_BYTES];
    let len = game::Round::encode(round, &mut bytes).unwrap();
    bytes.truncate(len);
    bytes
}

#[test]
fn seeded_rounds_through_the_trait_round_trip_every_action_and_state() {
    let config = Config::default();
    let mut actions = 0usize;
    let mut states = 0usize;
    let mut team_points = [0i64; 2];
    for seed in 0..12u64 {
        let mut round = <Round as game::Round>::seeded(&config, seed).unwrap();
        let mut bots = [0, 1, 2, 3].map(|k| RandomBot::new(seed * 4 + k));
        while let Some((seat, action)) = bot::step(&round, &mut bots) {
            // Exchanges: every state (2,184 each); the play: every third state keeps the test fast.
            if round.phase() != Phase::Play || states.is_multiple_of(3) {
                actions += check_state(&round);
            }
            assert_eq!(<Round as game::Round>::decode(&encoded(&round)), Ok(round));
            game::Round::apply(&mut round, seat, action).unwrap();
            states += 1;
        }
        let outcome = game::Round::outcome(&round).unwrap();
        let scores = <Round as game::Round>::outcome_scores(&outcome);
        assert_eq!(scores.len(), 2);
        assert_eq!(
            scores.as_slice(),
            [i32::from(outcome.scores[0]), i32::from(outcome.scores[1])]
        );
        team_points[0] += i64::from(outcome.card_points[0]);
        team_points[1] += i64::from(outcome.card_points[1]);
        assert_eq!(<Round as game::Round>::decode(&encoded(&round)), Ok(round));
    }
    assert!(states > 12 * 60, "{states}");
    assert!(actions > 100_000, "{actions}");
    // Card points are 100 a round, or 200 and 0 on a double victory.
    assert_eq!((team_points[0] + team_points[1]) % 100, 0);
}

#[test]
fn the_lowest_bot_through_the_trait_plays_the_pinned_round() {
    // The figures of `lowest_legal_players_are_pinned` (tests/tests/tichu_round.rs) under the
    // rules before the bomb flags; the standard rules add one gathering pass per trick ended by
    // passes (9 here) and nothing else (the lowest bot never bombs).
    for (config, want_steps) in [(Config::CLASSIC, 94), (Config::STANDARD, 103)] {
        let mut round = <Round as game::Round>::seeded(&config, 0).unwrap();
        let mut bots = [Lowest; 4];
        let mut steps = 0;
        while let Some((seat, action)) = bot::step(&round, &mut bots) {
            game::Round::apply(&mut round, seat, action).unwrap();
            steps += 1;
        }
        let outcome = game::Round::outcome(&round).unwrap();
        assert_eq!(steps, want_steps);
        assert_eq!(<Round as game::Round>::outcome_scores(&outcome), Scores::new(&[75, 25]));
        assert_eq!(outcome.finish, [Seat(3), Seat(2), Seat(0), Seat(1)]);
    }
}

#[test]
fn the_match_through_the_trait_reaches_the_inherent_result() {
    let mut game = <Match as game::Match>::new(&Config::STANDARD, 42).unwrap();
    let mut bots = [Lowest; 4];
    let mut finished = 0u32;
    let mut totals = [0i32; 2];
    while !game::Match::is_over(&game) {
        let (seat, action) = bot::step(game::Match::round(&game), &mut bots).unwrap();
        let step = game::Match::apply(&mut game, seat, action).unwrap();
        if let Some(outcome) = step.finished {
            finished += 1;
            totals[0] += i32::from(outcome.scores[0]);
            totals[1] += i32::from(outcome.scores[1]);
        }
        assert_eq!(step.match_over, game::Match::is_over(&game));
    }
    assert_eq!(finished, 13);
    assert_eq!(game::Match::rounds_played(&game), 13);
    assert_eq!(game::Match::scores(&game), Scores::new(&[570, 1030]));
    assert_eq!(totals, [570, 1030]);
    let result = game::Match::result(&game).unwrap();
    assert_eq!(result, Placement::new(&[1, 0, 1, 0]));
    assert_eq!(result.winners().collect::<Vec<_>>(), [Seat(1), Seat(3)]);
    let error = game::Match::apply(&mut game, Seat(0), Action::Pass).unwrap_err();
    assert_eq!(error.fault(), Some(Fault::RoundOver));
    let mut bytes = std::vec![0u8; <Match as game::Match>::ENCODED_BYTES];
    let len = game::Match::encode(&game, &mut bytes).unwrap();
    assert_eq!(<Match as game::Match>::decode(&bytes[..len]), Ok(game));
}

#[test]
fn random_bots_through_the_trait_finish_matches() {
    let mut game = <Match as game::Match>::new(
        &Config {
            target: 300,
            ..Config::STANDARD
        },
        5,
    )
    .unwrap();
    let mut bots = [0u64, 1, 2, 3].map(|k| RandomBot::new(k + 100));
    let mut steps = 0;
    while !game::Match::is_over(&game) {
        let (seat, action) = bot::step(game::Match::round(&game), &mut bots).unwrap();
        game::Match::apply(&mut game, seat, action).unwrap();
        steps += 1;
    }
    let scores = game::Match::scores(&game);
    let [a, b] = [scores.as_slice()[0], scores.as_slice()[1]];
    assert!(a.max(b) >= 300 && a != b);
    let winners: Vec<Seat> = game::Match::result(&game).unwrap().winners().collect();
    assert_eq!(winners, if a > b { [Seat(0), Seat(2)] } else { [Seat(1), Seat(3)] });
    assert!(steps > 100);
}

#[test]
fn action_codes_are_pinned() {
    assert_eq!(code(Action::Pass), 0);
    assert_eq!(code(Action::GrandTichu(false)), 1 << 60);
    assert_eq!(code(Action::GrandTichu(true)), 2 << 60);
    assert_eq!(code(Action::Tichu), 3 << 60);
    // The Dragon alone: deck index 55.
    assert_eq!(
        code(Action::Play {
            cards: cards("R"),
            wish: None
        }),
        4 << 60 | 1 << 55
    );
    // 5j 5s (indices 12, 13) and the Mah Jong wishing an Ace (14).
    assert_eq!(
        code(Action::Play {
            cards: cards("1 5j"),
            wish: Rank::new(14),
        }),
        4 << 60 | 14 << 56 | 1 << 52 | 1 << 12
    );
    assert_eq!(code(parse("play 5j5s").unwrap()), 4 << 60 | 1 << 13 | 1 << 12);
    // exchange 2j (0) to the left, D (53) to the partner, At (51) to the right.
    assert_eq!(code(parse("exchange 2j D At").unwrap()), 5 << 60 | 51 << 12 | 53 << 6);
    assert_eq!(code(Action::GiveDragonTrick(Seat(3))), 6 << 60 | 3);
    // No code: rank-only cards, a seat off the table; every code off the table decodes to None.
    assert_eq!(
        code(Action::Play {
            cards: cards("55"),
            wish: None
        }),
        u64::MAX
    );
    assert_eq!(code(Action::GiveDragonTrick(Seat(4))), u64::MAX);
    for bad in [
        u64::MAX,
        1,                      // pass with a payload
        4 << 60,                // a play of no cards
        4 << 60 | 1 << 56 | 1,  // wish rank 1
        4 << 60 | 15 << 56 | 1, // wish rank 15
        5 << 60 | 56,           // deck index 56
        5 << 60 | 1 << 18,
        6 << 60 | 4,
        7 << 60,
    ] {
        assert_eq!(from_code(bad), None, "{bad:#x}");
    }
    assert_eq!(
        from_code(4 << 60 | 1 << 55),
        Some(Action::Play {
            cards: cards("R"),
            wish: None
        })
    );
}

#[test]
fn parse_errors_name_the_token_as_the_replay_log_did() {
    let message = |text: &str| parse(text).unwrap_err().in_source(text).to_string();
    assert_eq!(
        message("dance"),
        "bad action \"dance\": grand, no-grand, exchange C C C, tichu, play CARDS [wish R], pass or give S"
    );
    assert_eq!(message("give 4"), "bad seat \"4\": a seat is 0, 1, 2 or 3");
    assert_eq!(
        message("exchange 2j 5 9p"),
        "bad card \"5\": a natural card needs its suit"
    );
    assert_eq!(message("exchange 2j 5s5p 9p"), "bad card \"5s5p\": one card expected");
    assert_eq!(
        message("exchange 2j 5x 9p"),
        "bad card \"5x\": unknown card at bytes 1..2"
    );
    assert_eq!(message("play -"), "an empty play (write pass to pass)");
    assert_eq!(message("play 55"), "bad play \"55\": natural cards need their suits");
    assert_eq!(
        message("play 55555"),
        "bad play \"55555\": a fifth card of one rank (5) at bytes 4..5"
    );
    assert_eq!(
        message("play 1 wish X"),
        "bad wish \"X\": a rank character 2-9, 0, J, Q, K or A"
    );
    assert_eq!(
        parse("give 4").unwrap_err().to_string(),
        "bad seat: a seat is 0, 1, 2 or 3"
    );
    assert_eq!(parse("give 4").unwrap_err().fault(), None);
    // Words may be separated by any whitespace.
    assert_eq!(parse("  play\t5j5s  "), Ok(parse("play 5j5s").unwrap()));
}

#[test]
fn errors_map_onto_the_shared_kinds() {
    fn fault<T: core::fmt::Debug>(result: Result<T, Error>) -> Option<Fault> {
        result.unwrap_err().fault()
    }
    let mut round = Round::new(&Config::default(), &Deal::Seeded(3)).unwrap();
    assert_eq!(
        fault(round.apply(Seat(1), Action::GrandTichu(false))),
        Some(Fault::NotYourTurn)
    );
    assert_eq!(
        fault(round.apply(Seat(4), Action::GrandTichu(false))),
        Some(Fault::NoSuchSeat)
    );
    assert_eq!(fault(round.apply(Seat(0), Action::Pass)), Some(Fault::IllegalAction));
    assert_eq!(fault(Round::decode(&[1, 2, 3])), Some(Fault::InvalidState));
    assert_eq!(
        fault(Round::new(
            &Config {
                target: 0,
                ..Config::STANDARD
            },
            &Deal::Seeded(0)
        )),
        Some(Fault::InvalidConfig)
    );
    assert_eq!(fault(round.encode(&mut [0u8; 3])), Some(Fault::BufferTooSmall));
    for kind in Fault::ALL {
        assert_eq!(Error::from_fault(kind).fault(), Some(kind));
    }
    assert_eq!(
        Error::UnknownCard {
            span: crate::notation::Span::new(0, 1)
        }
        .fault(),
        None
    );
}

#[test]
fn rules_presets_keys_and_bytes_round_trip() {
    assert_eq!(Config::PRESETS[0], ("standard", Config::default()));
    assert_eq!(Config::preset("club"), Some(Config::CLUB));
    assert_eq!(Config::preset("nope"), None);
    for (_, preset) in Config::PRESETS {
        let mut bytes = [0u8; 8];
        let len = preset.encode(&mut bytes).unwrap();
        assert_eq!(len, Config::ENCODED_BYTES);
        assert_eq!(Config::decode(&bytes[..len]), Some(*preset));
        assert_eq!(preset.encode(&mut [0u8; 4]), None);
        for key in Config::KEYS {
            let mut value = String::new();
            preset.write_value(key.name, &mut value).unwrap();
            let mut copy = Config {
                target: 5,
                tichu_during_exchange: !preset.tichu_during_exchange,
                ..*preset
            };
            copy.set(key.name, &value).unwrap();
            let mut again = String::new();
            copy.write_value(key.name, &mut again).unwrap();
            assert_eq!(again, value, "{}", key.name);
        }
    }
    let mut bytes = [0u8; 5];
    Config::STANDARD.encode(&mut bytes).unwrap();
    assert_eq!(bytes, [1, 0xE8, 0x03, 7, 0]);
    Config::CLUB.encode(&mut bytes).unwrap();
    assert_eq!(bytes, [1, 0xE8, 0x03, 6, 1]);
    // Both bomb flags off: the bytes from before they existed.
    Config::CLASSIC.encode(&mut bytes).unwrap();
    assert_eq!(bytes, [1, 0xE8, 0x03, 1, 0]);
    assert_eq!(Config::preset("bsw"), Some(Config::STANDARD));
    assert_eq!(
        Config::preset("classic").map(|c| (c.bomb_after_passes, c.wish_bomb)),
        Some((false, false))
    );
    for bad in [
        &[2, 0xE8, 3, 1, 0][..],
        &[1, 0, 0, 1, 0],
        &[1, 0xE8, 3, 8, 0],
        &[1, 0xE8, 3, 1, 2],
        &[1, 0xE8, 3, 1],
    ] {
        assert_eq!(Config::decode(bad), None, "{bad:?}");
    }
    let mut config = Config::STANDARD;
    config.set("target", "500").unwrap();
    config.set("tichu-during-exchange", "no").unwrap();
    config.set("bomb-priority", "seat-order").unwrap();
    assert_eq!(
        config,
        Config {
            target: 500,
            ..Config::CLUB
        }
    );
    assert_eq!(config.set("target", "0"), Err(game::RuleError::BadValue));
    assert_eq!(config.set("target", "10001"), Err(game::RuleError::BadValue));
    assert_eq!(config.set("bomb-priority", "first"), Err(game::RuleError::BadValue));
    assert_eq!(config.set("wish", "yes"), Err(game::RuleError::UnknownKey));
    assert_eq!(
        config.write_value("wish", &mut String::new()),
        Err(game::RuleError::UnknownKey)
    );
    assert_eq!(
        config,
        Config {
            target: 500,
            ..Config::CLUB
        }
    );
    assert_eq!(Config::KEYS.len(), 5);
}

/// The deal text of a round's hands in dealing order (what `given` reads).
fn deal_text(round: &Round) -> String {
    let (dealt, window) = round.deal();
    let mut hands = Vec::new();
    for hand in dealt {
        let mask = hand.mask() & ((1 << 56) - 1);
        let order = (0..56u8)
            .filter(|i| mask & window & (1 << i) != 0)
            .chain((0..56u8).filter(|i| mask & !window & (1 << i) != 0));
        hands.push(
            order
                .filter_map(super::round::card_of_index)
                .map(|c| c.to_string())
                .collect::<String>(),
        );
    }
    hands.join(" ")
}

fn view(round: &Round, seat: Seat) -> String {
    let mut text = String::new();
    game::Round::write_view(round, seat, &mut text).unwrap();
    text
}

#[test]
fn given_reads_the_deal_of_the_replay_log() {
    let seeded = Round::new(&Config::default(), &Deal::Seeded(0)).unwrap();
    let text = deal_text(&seeded);
    // Window first, each part in deck order (the seed's dealing order within a part is not kept).
    assert!(text.starts_with("3p5p5t0sJpQjKtAp2p2t4s5s7p0j "), "{text}");
    let given = <Round as game::Round>::given(&Config::default(), &text).unwrap();
    assert_eq!(given.deal(), seeded.deal());
    let message = |text: &str| {
        <Round as game::Round>::given(&Config::default(), text)
            .unwrap_err()
            .in_source(text)
            .to_string()
    };
    assert_eq!(
        message("2j 3j"),
        "bad deal \"2j 3j\": four hands of 14 suited cards, got 2"
    );
    let mut hands: Vec<&str> = text.split(' ').collect();
    hands[1] = "2j";
    assert_eq!(message(&hands.join(" ")), "bad hand \"2j\": 14 cards expected, got 1");
    hands[1] = "5x";
    assert_eq!(
        message(&hands.join(" ")),
        "in hand \"5x\": bad card \"5x\": unknown card at bytes 1..2"
    );
    hands[1] = "2j3j5x";
    assert_eq!(
        message(&hands.join(" ")),
        "in hand \"2j3j5x\": bad card \"5x\": unknown card at bytes 1..2"
    );
    hands[1] = "2j3j55";
    assert_eq!(
        <Round as game::Round>::given(&Config::default(), &hands.join(" "))
            .unwrap_err()
            .to_string(),
        "bad card in a hand: one card expected"
    );
    hands[1] = hands[0];
    assert_eq!(
        message(&hands.join(" ")),
        "the hands are not the whole deck in four hands of 14 suited cards"
    );
}

#[test]
fn a_view_never_shows_another_seats_hidden_cards() {
    let seeded = Round::new(&Config::default(), &Deal::Seeded(11)).unwrap();
    let text = deal_text(&seeded);
    let mut hands: Vec<String> = text.split(' ').map(String::from).collect();
    // Swap the last card of seat 1 and seat 3 (outside their windows) and the first of seat 2
    // and seat 3 (in their windows): seat 0 sees none of them.
    let take_last = |hand: &str| {
        let split = if hand.ends_with(['1', 'D', 'P', 'R']) {
            hand.len() - 1
        } else {
            hand.len() - 2
        };
        (hand[..split].to_string(), hand[split..].to_string())
    };
    let (h1, c1) = take_last(&hands[1]);
    let (h3, c3) = take_last(&hands[3]);
    hands[1] = h1 + &c3;
    hands[3] = h3 + &c1;
    let other = <Round as game::Round>::given(&Config::default(), &hands.join(" ")).unwrap();
    assert_ne!(other, seeded);
    let mut a = seeded;
    let mut b = other;
    for round in [&mut a, &mut b] {
        for seat in 0..4 {
            round.apply(Seat(seat), Action::GrandTichu(false)).unwrap();
        }
    }
    assert_eq!(view(&a, Seat(0)), view(&b, Seat(0)));
    assert_eq!(view(&a, Seat(2)), view(&b, Seat(2)));
    assert_ne!(view(&a, Seat(1)), view(&b, Seat(1)));
    // Seat 0 exchanges the same cards in both; still equal.
    let exchange = Lowest.choose(&a, Seat(0)).unwrap();
    a.apply(Seat(0), exchange).unwrap();
    b.apply(Seat(0), exchange).unwrap();
    assert_eq!(view(&a, Seat(0)), view(&b, Seat(0)));
    assert_eq!(
        game::Round::write_view(&a, Seat(4), &mut String::new())
            .unwrap_err()
            .fault(),
        Some(Fault::NoSuchSeat)
    );
}

#[test]
fn the_view_is_pinned() {
    let round = Round::new(&Config::default(), &Deal::Seeded(0)).unwrap();
    assert_eq!(
        view(&round, Seat(0)),
        "tichu: seat 0 (team 0: seats 0 and 2)\n\
         stage: grand tichu decisions\n\
         hand: 3p 5p 5t 0s Jp Qj Kt Ap (the first 8 of 14 cards)\n\
         seat 0 (you): 8 cards, call -, points taken 0\n\
         seat 1: 8 cards, call -, points taken 0\n\
         seat 2: 8 cards, call -, points taken 0\n\
         seat 3: 8 cards, call -, points taken 0\n\
         turn: seat 0\n"
    );
    // Into the play: the Lowest bots until some cards are on the table.
    let mut round = round;
    let mut bots = [Lowest; 4];
    for _ in 0..14 {
        let (seat, action) = bot::step(&round, &mut bots).unwrap();
        round.apply(seat, action).unwrap();
    }
    let text = view(&round, Seat(1));
    assert!(text.is_ascii());
    assert!(text.lines().all(|line| !line.is_empty()));
    std::println!("{text}");
}

#[test]
fn uniform_plays_whole_rounds_through_the_trait() {
    let mut bots = [0u64, 1, 2, 3].map(Uniform::new);
    for seed in 0..4 {
        let mut round = <Round as game::Round>::seeded(&Config::default(), seed).unwrap();
        let mut steps = 0;
        while let Some((seat, action)) = bot::step(&round, &mut bots) {
            game::Round::apply(&mut round, seat, action).unwrap();
            steps += 1;
            assert!(steps < 400);
        }
        assert!(game::Round::outcome(&round).is_some());
    }
}

/// Under the standard rules the trick ended by three passes waits for its winner: the winner is
/// to act with the gathering pass (and its bombs) only, the others with bombs only; under
/// `classic` the same round never waits.
#[test]
fn the_gathering_step_offers_the_winner_its_pass_and_bombs_only() {
    let mut round = <Round as game::Round>::seeded(&Config::STANDARD, 0).unwrap();
    let mut bots = [Lowest; 4];
    let mut waits = 0;
    while let Some((seat, action)) = bot::step(&round, &mut bots) {
        if round.trick().gathering() {
            waits += 1;
            let winner = Seat(round.trick().parts().top_seat.index());
            assert_eq!(round.to_act(), Some(winner));
            let mut mine = Vec::new();
            round.for_each_legal_action(winner, |a| mine.push(a));
            assert!(mine.contains(&Action::Pass));
            for a in mine {
                match a {
                    Action::Pass | Action::Tichu => {}
                    Action::Play { cards, .. } => assert!(cards.len() >= 4, "{a}: a bomb"),
                    other => panic!("{other}"),
                }
            }
            for other in (0..4).map(Seat).filter(|&s| s != winner) {
                round.for_each_legal_action(other, |a| {
                    assert!(
                        matches!(a, Action::Tichu) || matches!(a, Action::Play { cards, .. } if cards.len() >= 4),
                        "{a}"
                    );
                });
            }
        }
        game::Round::apply(&mut round, seat, action).unwrap();
    }
    assert_eq!(waits, 9);
    let mut round = <Round as game::Round>::seeded(&Config::CLASSIC, 0).unwrap();
    while let Some((seat, action)) = bot::step(&round, &mut bots) {
        assert!(!round.trick().gathering());
        game::Round::apply(&mut round, seat, action).unwrap();
    }
}

#[test]
#[ignore = "a measurement: the longest random round's action count under the standard rules"]
fn longest_random_round() {
    let mut longest = 0;
    for seed in 0..3000u64 {
        let mut round = <Round as game::Round>::seeded(&Config::STANDARD, seed).unwrap();
        let mut bots = [
            Uniform::new(seed),
            Uniform::new(seed + 1),
            Uniform::new(seed + 2),
            Uniform::new(seed + 3),
        ];
        while let Some((seat, action)) = bot::step(&round, &mut bots) {
            game::Round::apply(&mut round, seat, action).unwrap();
        }
        longest = longest.max(round.action_count());
    }
    std::eprintln!("longest: {longest} of {}", crate::tichu::round::MAX_LOG);
}

/// `count_legal_actions` and `nth_legal_action` (blocks counted in closed form, passed over by
/// their counts) against the full listing of `for_each_legal_action`, at every index, for every
/// seat of every position of seeded random rounds under three presets (both bomb rules on and
/// off): open wishes that bind and that do not, the gathering pass, bombs out of turn, the
/// exchange (every index in the first rounds, a spread after), the Dragon's gift.
#[test]
fn count_and_nth_agree_with_the_listing_at_every_index() {
    let (mut positions, mut wished, mut gathering, mut bombs_out_of_turn, mut mahjong_plays) = (0, 0, 0, 0, 0);
    for config in [Config::STANDARD, Config::CLASSIC, Config::CLUB] {
        for seed in 0..120u64 {
            let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
            let mut bot = RandomBot::new(seed ^ 0x5eed);
            while let Some((actor, action)) = bot.step(&round) {
                positions += 1;
                wished += usize::from(round.trick().wish().is_some());
                gathering += usize::from(round.phase() == Phase::Play && round.trick().gathering());
                for seat in (0..4).map(Seat) {
                    let mut list = Vec::new();
                    round.for_each_legal_action(seat, |a| list.push(a));
                    let n = list.len();
                    assert_eq!(round.count_legal_actions(seat), n, "seed {seed} seat {seat}");
                    // The bare-metal builds' way: the listing walked.
                    assert_eq!(round.walked_legal_action(seat, usize::MAX), (None, usize::MAX - n));
                    assert_eq!(round.may_act(seat), n > 0, "seed {seed} seat {seat}");
                    assert_eq!(round.nth_legal_action(seat, n), None);
                    assert_eq!(round.nth_legal_action(seat, usize::MAX), None);
                    // The calls close the list: `count_non_calls` is the count of the others.
                    let others = list.iter().take_while(|a| !<Round as game::Round>::is_call(a)).count();
                    assert!(list[others..].iter().all(<Round as game::Round>::is_call));
                    assert_eq!(game::Round::count_non_calls(&round, seat), Some(others));
                    let every = round.phase() != Phase::Exchange || seed < 4;
                    for (i, &want) in list.iter().enumerate() {
                        if every || i % 97 == 0 || i + 1 == n {
                            assert_eq!(
                                round.nth_legal_action(seat, i),
                                Some(want),
                                "seed {seed} seat {seat} index {i}"
                            );
                            assert_eq!(round.walked_legal_action(seat, i), (Some(want), 0));
                        }
                    }
                    if Some(seat) != round.to_act() && round.phase() == Phase::Play {
                        bombs_out_of_turn += usize::from(list.iter().any(|a| matches!(a, Action::Play { .. })));
                    }
                    mahjong_plays += list
                        .iter()
                        .filter(|a| matches!(a, Action::Play { cards, wish: Some(_) } if cards.has_mahjong()))
                        .count();
                }
                round.apply(actor, action).unwrap();
            }
            assert_eq!(round.count_legal_actions(Seat(0)), 0);
        }
    }
    assert_eq!(
        game::Round::count_legal_actions(&Round::new(&Config::STANDARD, &Deal::Seeded(1)).unwrap(), Seat(4)),
        0
    );
    // Every kind of position was reached.
    assert!(
        positions > 30_000 && wished > 500 && gathering > 500,
        "{positions} {wished} {gathering}"
    );
    assert!(
        bombs_out_of_turn > 100 && mahjong_plays > 10_000,
        "{bombs_out_of_turn} {mahjong_plays}"
    );
}

/// The C ABI's trusted decodes ([`game::Round::decode_trusted`],
/// [`game::Round::decode_trusted_cached`], and the match's) give back every state of seeded
/// rounds and matches; truncated or flipped bytes (and caches) give a status or a round that
/// answers every query without a panic.
#[test]
fn trusted_decodes_give_every_state_back_and_never_panic() {
    use crate::game::trusted_tests;
    let config = Config::default();
    for seed in 0..6u64 {
        let mut states = 0usize;
        trusted_tests::play::<Round>(&config, seed, |round| {
            trusted_tests::round_trips(round);
            // Flips on a few states of the first deals (each flip exercises a whole round).
            if seed < 2 && states.is_multiple_of(16) {
                trusted_tests::flips_never_panic(round, 8);
            }
            states += 1;
        });
        assert!(states > 10, "seed {seed}: {states} states");
        trusted_tests::play_match::<Match>(&config, seed, 60, trusted_tests::match_round_trips);
    }
}

/// Every flip of a round's encoding that the full decode accepts stays a round to its end
/// ([`trusted_tests::full_decode_flips_stay_rounds`]: two Riichi bugs of the C fuzz loop).
#[test]
fn full_decode_of_flipped_rounds_stays_a_round() {
    crate::game::trusted_tests::played_rounds_flipped_stay_rounds::<Round>(&Config::default());
}

#[test]
fn raw_bytes_read_back_in_place_and_invalid_bytes_are_refused() {
    use crate::game::bot::lowest_legal_action;
    use game::Round as Held;
    use zerocopy::IntoBytes;
    let size = core::mem::size_of::<Round>();
    for (config, seed) in [(Config::STANDARD, 3u64), (Config::CLUB, 8), (Config::default(), 1)] {
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut words = [0u64; 64];
        words.as_mut_bytes()[..size].copy_from_slice(round.raw_bytes());
        let mut steps = 0;
        while let Some(seat) = Held::to_act(&round) {
            assert_eq!(Round::raw_ref(&words.as_bytes()[..size]), Some(&round));
            let action = lowest_legal_action(&round, seat).unwrap();
            // An illegal action leaves the held bytes as they were.
            let before = words;
            let wrong = Seat((seat.0 + 1) % 4);
            let in_place = Round::raw_mut(&mut words.as_mut_bytes()[..size]).unwrap();
            if Held::apply(in_place, wrong, action).is_err() {
                assert_eq!(before, words);
            }
            words = before;
            let by_value = Held::apply(&mut round, seat, action).unwrap();
            let in_place = Round::raw_mut(&mut words.as_mut_bytes()[..size]).unwrap();
            assert_eq!(Held::apply(in_place, seat, action).unwrap(), by_value);
            steps += 1;
        }
        assert!(steps > 20, "{config:?}");
        assert_eq!(words.as_bytes()[..size], *round.raw_bytes());
        assert_eq!(Round::raw_ref(&words.as_bytes()[..size - 1]), None);
        assert_eq!(Round::raw_ref(&words.as_bytes()[1..=size]), None);
        // A phase past `Over`, a bomb priority past 1, a bool past 1, padding not 0, a trick's
        // padding not 0 and its top play's kind past 8.
        for at in super::round::HELD_CHECKED_BYTES {
            let mut bad = words;
            bad.as_mut_bytes()[at] = 0x3F;
            assert_eq!(Round::raw_ref(&bad.as_bytes()[..size]), None, "byte {at}");
            assert!(Round::raw_mut(&mut bad.as_mut_bytes()[..size]).is_none(), "byte {at}");
        }
        let mut bad = words;
        bad.as_mut_bytes()[super::round::HELD_CHECKED_BYTES[1] - 3..][..2].copy_from_slice(&[0, 0]);
        assert_eq!(Round::raw_ref(&bad.as_bytes()[..size]), None);
    }
}

/// Session 21: the round keeps no copy of the hands as dealt; `Round::deal` works them out of
/// the hands, the plays and the exchange. At every step of 60 random rounds (exchanges, bombs,
/// Dragon gifts, double victories) and of lowest-bot rounds, it gives the deal the round was made
/// from (`Round::dealt_of`, what the round stored before), and the byte form reads back.
#[test]
fn deal_gives_the_hands_as_dealt_at_every_step() {
    use crate::game::bot::lowest_legal_action;
    use game::Round as Held;
    for seed in 0..60u64 {
        let config = if seed % 3 == 0 { Config::CLUB } else { Config::STANDARD };
        let deal = Deal::Seeded(seed.wrapping_mul(0x9E37_79B9));
        let dealt = Round::dealt_of(&config, &deal).unwrap();
        let mut round = Round::new(&config, &deal).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut steps = 0;
        loop {
            assert_eq!(round.deal(), dealt, "seed {seed}, step {steps}");
            let next = if seed % 4 == 3 {
                Held::to_act(&round).map(|seat| (seat, lowest_legal_action(&round, seat).unwrap()))
            } else {
                bot.step(&round)
            };
            let Some((seat, action)) = next else { break };
            Held::apply(&mut round, seat, action).unwrap();
            steps += 1;
        }
        assert!(steps > 20);
        let mut bytes = [0u8; super::round::ENCODED_BYTES];
        round.encode(&mut bytes).unwrap();
        assert_eq!(Round::decode(&bytes).unwrap(), round);
    }
}

/// Session 21: `Round::held_ok`'s word-folded check gives the field-by-field check's answer
/// (`held_ok_by_fields`, the check before) on rounds of every phase, every byte before the log
/// set to every value.
#[test]
fn held_ok_answers_as_the_field_by_field_check() {
    use crate::game::bot::lowest_legal_action;
    use game::Round as Held;
    use zerocopy::{FromBytes, IntoBytes};
    let (mut accepted, mut refused) = (0usize, 0usize);
    for (config, seed) in [(Config::STANDARD, 3u64), (Config::CLUB, 8), (Config::default(), 1)] {
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        // The bytes before the log: the payload of a round before its first action.
        let fixed = round.raw_len();
        let mut steps = 0;
        loop {
            if steps % 16 == 0 || Held::to_act(&round).is_none() {
                assert!(round.held_ok() && round.held_ok_by_fields());
                let mut bytes = [0u8; core::mem::size_of::<Round>()];
                bytes.copy_from_slice(round.as_bytes());
                for at in 0..fixed {
                    let was = bytes[at];
                    for value in 0..=255u8 {
                        bytes[at] = value;
                        let changed = Round::read_from_bytes(&bytes).unwrap();
                        assert_eq!(changed.held_ok(), changed.held_ok_by_fields(), "byte {at} = {value}");
                        if changed.held_ok() {
                            accepted += 1;
                        } else {
                            refused += 1;
                        }
                    }
                    bytes[at] = was;
                }
            }
            let Some(seat) = Held::to_act(&round) else { break };
            let action = lowest_legal_action(&round, seat).unwrap();
            Held::apply(&mut round, seat, action).unwrap();
            steps += 1;
        }
    }
    assert!(accepted > 10_000 && refused > 10_000, "{accepted} {refused}");
}

/// Every refused action leaves the round as it was, now that every action is applied in place
/// (no copy: each refusal comes before any write): at every step of 40 random rounds, for every
/// seat, the Grand Tichu decisions, a call, exchanges (the seat's own cards, a card twice, a card
/// it lacks), a gift to each seat, a pass and the lowest play of another seat's hand.
#[test]
fn a_refused_action_in_place_leaves_the_round_unchanged() {
    let mut refused = 0usize;
    for seed in 0..40u64 {
        let config = if seed % 3 == 0 { Config::CLUB } else { Config::STANDARD };
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed ^ 0x77);
        let mut steps = 0;
        while let Some((seat, action)) = bot.step(&round) {
            steps += 1;
            assert!(steps < 400);
            for who in (0..4).map(Seat) {
                let hand: Vec<_> = round.hand(who).unwrap().iter().collect();
                let other: Vec<_> = round.hand(Seat((who.0 + 1) % 4)).unwrap().iter().collect();
                let mut tries = std::vec![
                    Action::GrandTichu(false),
                    Action::GrandTichu(true),
                    Action::Tichu,
                    Action::Pass,
                ];
                for to in 0..4 {
                    tries.push(Action::GiveDragonTrick(Seat(to)));
                }
                tries.extend(exchanges_to_try(&hand));
                if let (Some(&mine), Some(&theirs)) = (hand.first(), other.first()) {
                    tries.push(Action::Exchange {
                        left: mine,
                        partner: theirs,
                        right: mine,
                    });
                    let mut cards = Cards::default();
                    cards.insert(theirs).unwrap();
                    tries.push(Action::Play { cards, wish: None });
                }
                for attempt in tries {
                    let mut copy = round;
                    if copy.apply(who, attempt).is_err() {
                        assert_eq!(copy, round, "seed {seed} seat {who:?} {attempt:?}");
                        refused += 1;
                    }
                }
            }
            round.apply(seat, action).unwrap();
        }
    }
    assert!(refused > 10_000, "{refused}");
}

/// Two exchanges of a hand's first cards to try (none under three cards): its first three, and
/// the first card given twice (always refused).
pub(super) fn exchanges_to_try(hand: &[super::card::Card]) -> Vec<Action> {
    match hand {
        [left, partner, right, ..] => std::vec![
            Action::Exchange {
                left: *left,
                partner: *partner,
                right: *right,
            },
            Action::Exchange {
                left: *left,
                partner: *left,
                right: *right,
            },
        ],
        _ => Vec::new(),
    }
}

/// The view read off the round in place (`Round::view_facts`) against the view written from the
/// seat's observation (the way before, kept as `write_view_of_observation`): every seat (and one
/// off the table) at every position of seeded random rounds under three presets, the Grand
/// Tichu window, exchanges, wishes, Dragon gifts and the round's end included.
#[test]
fn the_view_off_the_round_is_the_view_of_the_observation() {
    let mut positions = 0;
    for config in [Config::STANDARD, Config::CLASSIC, Config::CLUB] {
        for seed in 0..60u64 {
            let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
            let mut bot = RandomBot::new(seed ^ 0x71e);
            loop {
                positions += 1;
                for seat in (0..4).map(Seat) {
                    let mut old = String::new();
                    let observation = round.observation(seat).unwrap();
                    super::engine::write_view_of_observation(&observation, round.outcome(), &mut old).unwrap();
                    assert_eq!(view(&round, seat), old, "seed {seed} seat {seat}");
                }
                assert!(game::Round::write_view(&round, Seat(4), &mut String::new()).is_err());
                let Some((actor, action)) = bot.step(&round) else {
                    break;
                };
                round.apply(actor, action).unwrap();
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
}

/// The `target` rule's own digit loop against `str::parse::<u16>` and the range (the way
/// before): every text of up to four characters of digits, signs, a space and a letter, and
/// every number of 1 to 6 digits (leading zeros and a `+` included).
#[test]
fn the_target_parser_is_the_standard_parser_and_the_range() {
    use super::engine::{target_by_parse, target_of as target_value};
    let alphabet = ['0', '1', '5', '9', '+', '-', ' ', 'x', '٣'];
    let n = alphabet.len();
    for code in 0..n * n * n * n + n * n * n + n * n + n + 1 {
        let mut text = String::new();
        let mut rest = code;
        while rest > 0 {
            text.push(alphabet[(rest - 1) % n]);
            rest = (rest - 1) / n;
        }
        assert_eq!(target_value(&text), target_by_parse(&text), "{text:?}");
    }
    for number in 0..1_000_000u32 {
        for text in [
            number.to_string(),
            std::format!("+{number}"),
            std::format!("00{number}"),
        ] {
            assert_eq!(target_value(&text), target_by_parse(&text), "{text:?}");
        }
    }
    assert_eq!(target_value("10000"), Some(10_000));
    assert_eq!(target_value("10001"), None);
    assert_eq!(target_value("0"), None);
}
