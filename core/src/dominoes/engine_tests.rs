//! The one interface over dominoes: codes, notation, byte forms, rules, views and the match,
//! checked through the traits over many seeded rounds.
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]

extern crate std;
use std::string::{String, ToString};
use std::vec::Vec;

use crate::dominoes::{Action, Config, ENCODED_BYTES, End, Error, Match, Round, Tile};
use crate::game::bot::{Lowest, Uniform, step};
use crate::game::{Fault, GameError, Placement, Round as _, RuleError, Rules, Scores, Seat};

fn t(a: u32, b: u32) -> Tile {
    Tile::new(a, b)
}

/// Configs that cover every rule: presets, more players, larger sets.
fn configs() -> [Config; 6] {
    [
        Config::FIVE_UP,
        Config::ALL_FIVES,
        Config::BLOCK,
        Config::FIVE_UP.with_players(4),
        Config {
            high: 9,
            ..Config::ALL_FIVES.with_players(3)
        },
        Config {
            high: 12,
            draw: crate::dominoes::DrawRule::One,
            reserve: 2,
            ..Config::FIVE_UP.with_players(4)
        },
    ]
}

fn encoded(round: &Round) -> [u8; ENCODED_BYTES] {
    let mut bytes = [0u8; ENCODED_BYTES];
    assert_eq!(crate::game::Round::encode(round, &mut bytes), Ok(ENCODED_BYTES));
    bytes
}

#[test]
fn every_legal_action_round_trips_through_its_code_and_its_text() {
    let mut actions_seen = 0usize;
    for seed in 0..240u64 {
        let config = configs()[seed as usize % 6];
        let mut round = <Round as crate::game::Round>::seeded(&config, seed).unwrap();
        let mut bots = [Uniform::new(seed); 4];
        loop {
            let seat = round.to_act().unwrap_or(Seat(0));
            let mut list = Vec::new();
            crate::game::Round::for_each_legal_action(&round, seat, |action| list.push(action));
            assert_eq!(round.count_legal_actions(seat), list.len());
            for (index, &action) in list.iter().enumerate() {
                assert_eq!(round.nth_legal_action(seat, index), Some(action));
                let code = Round::action_code(action);
                assert_eq!(Round::action_from_code(code), Some(action), "{action}");
                assert_eq!(Round::parse_action(&action.to_string()), Ok(action), "{action}");
                assert!(crate::game::Round::is_legal(&round, seat, action));
            }
            assert_eq!(round.nth_legal_action(seat, list.len()), None);
            let mut buffer = [Action::Pass; 3];
            assert_eq!(crate::game::Round::legal_actions(&round, seat, &mut buffer), list.len());
            assert_eq!(&buffer[..list.len().min(3)], &list[..list.len().min(3)]);
            actions_seen += list.len();
            // The byte form round-trips at every step.
            assert_eq!(
                <Round as crate::game::Round>::decode(&encoded(&round)).as_ref(),
                Ok(&round)
            );
            let Some((seat, action)) = step(&round, &mut bots) else {
                break;
            };
            crate::game::Round::apply(&mut round, seat, action).unwrap();
        }
        assert!(crate::game::Round::outcome(&round).is_some());
        // Nobody may act once the hand is over.
        assert_eq!(round.count_legal_actions(Seat(0)), 0);
    }
    assert!(actions_seen > 10_000, "{actions_seen} actions");
}

#[test]
fn action_codes_are_pinned() {
    let cases = [
        (Action::Draw, 2u64),
        (Action::Pass, 3),
        (
            Action::Play {
                tile: t(5, 5),
                on: None,
            },
            0x05_05_01,
        ),
        (
            Action::Play {
                tile: t(5, 0),
                on: Some(t(5, 5)),
            },
            0x05_05_01_05_00_01,
        ),
        (
            Action::Play {
                tile: t(18, 17),
                on: Some(t(0, 17)),
            },
            0x11_00_01_12_11_01,
        ),
    ];
    for (action, code) in cases {
        assert_eq!(Round::action_code(action), code, "{action}");
        assert_eq!(Round::action_from_code(code), Some(action));
    }
    // The pips' written order does not change the code.
    assert_eq!(
        Round::action_code(Action::Play {
            tile: t(0, 5),
            on: None
        }),
        Round::action_code(Action::Play {
            tile: t(5, 0),
            on: None
        })
    );
    // Codes that name nothing.
    for code in [
        0u64,
        4,
        0x02_00,              // draw with a payload
        0x05_06_01,           // higher pip first
        0x13_13_01,           // pip 19
        0x02_05_05_01,        // an `on` flag of 2
        0x05_05_00_05_05_01,  // `on` pips without the flag
        1 << 48 | 0x05_05_01, // a high byte
        u64::MAX,
    ] {
        assert_eq!(Round::action_from_code(code), None, "{code:#x}");
    }
    // A pip no set has is coded as 255: a code that names nothing.
    let far = Round::action_code(Action::Play {
        tile: t(300, 1),
        on: None,
    });
    assert_eq!(far, 0xFF_01_01);
    assert_eq!(Round::action_from_code(far), None);
}

#[test]
fn the_action_notation_parses_and_names_bad_tokens() {
    assert_eq!(
        Round::parse_action("play 6|5"),
        Ok(Action::Play {
            tile: t(6, 5),
            on: None
        })
    );
    assert_eq!(
        Round::parse_action("  play 5-0   on [5|5] "),
        Ok(Action::Play {
            tile: t(5, 0),
            on: Some(t(5, 5))
        })
    );
    assert_eq!(Round::parse_action("pass"), Ok(Action::Pass));
    let text = "play 5-0 on 5-x";
    let error = Round::parse_action(text).unwrap_err();
    assert_eq!(
        error,
        Error::UnknownTile {
            span: crate::notation::Span::new(12, 15)
        }
    );
    assert_eq!(
        error.in_source(text).to_string(),
        "not a tile: \"5-x\" (expected a-b, a|b or [a|b])"
    );
    for bad in [
        "",
        "draw 1",
        "play",
        "play 1-1 at 1-2",
        "play 1-1 on",
        "jump 1-1",
        "play 1-1 on 1-2 now",
    ] {
        let error = Round::parse_action(bad).unwrap_err();
        assert!(matches!(error, Error::UnknownAction { .. }), "{bad:?}: {error:?}");
        assert_eq!(error.fault(), None);
    }
    assert_eq!(
        Round::parse_action(" jump 1 ")
            .unwrap_err()
            .in_source(" jump 1 ")
            .to_string(),
        "not an action: \"jump 1\" (expected play <tile> [on <tile>], draw or pass)"
    );
}

/// The worked hand of `docs/dominoes.md`, as a replay-log deal.
const WORKED_DEAL: &str = "5-5 5-0 1-2 2-3 0-0 | 5-6 4-4 1-1 0-3 3-3 | boneyard 0-1 0-2 0-4 0-6 1-3 1-4 1-5 1-6 2-2 2-4 2-5 2-6 3-4 3-5 3-6 4-5 4-6 6-6";

#[test]
fn a_given_deal_plays_the_worked_hand_through_the_traits() {
    let mut round = Round::given(&Config::FIVE_UP, WORKED_DEAL).unwrap();
    let script = [
        "0 play 5-5",
        "1 play 5-6 on 5-5",
        "0 play 5-0 on 5-5",
        "1 play 0-3 on 5-0",
        "0 play 2-3 on 0-3",
        "1 draw",
        "1 draw",
        "1 play 0-2 on 2-3",
        "0 play 0-0 on 0-2",
        "1 play 0-1 on 0-0",
        "0 play 1-2 on 0-1",
    ];
    for line in script {
        let (seat, action) = line.split_once(' ').unwrap();
        let seat = Seat(seat.parse().unwrap());
        let action = Round::parse_action(action).unwrap();
        crate::game::Round::apply(&mut round, seat, action).unwrap();
    }
    let outcome = crate::game::Round::outcome(&round).unwrap();
    assert_eq!(outcome.end, End::Domino { seat: Seat(0) });
    assert_eq!(Round::outcome_scores(&outcome), Scores::new(&[5, 0]));
    assert_eq!(Round::outcome_scores(&outcome).to_string(), "5 0");
    // The deal sets the players and the set: four hands of a double-9 set.
    let tiles: Vec<String> = Tile::set(9).map(|tile| tile.to_string()).collect();
    let deal = std::format!(
        "{} | {} | {} | {} | boneyard {}",
        tiles[0..7].join(" "),
        tiles[7..14].join(" "),
        tiles[14..21].join(" "),
        tiles[21..28].join(" "),
        tiles[28..].join(" ")
    );
    let round = Round::given(&Config::ALL_FIVES, &deal).unwrap();
    assert_eq!(round.config().players, 4);
    assert!(round.config().partnerships);
    assert_eq!(round.config().high, 9);
    assert_eq!(round.config().hand_size, 7);
    assert_eq!(round.boneyard_len(), 27);
}

#[test]
fn bad_deal_texts_are_typed_errors() {
    let bad_text = |why| Err(Error::BadDealText { why });
    assert_eq!(
        Round::given(&Config::FIVE_UP, "1-1 | 2-2 | 3-3"),
        bad_text("the last part of a deal is `boneyard <tiles>`")
    );
    assert_eq!(
        Round::given(&Config::FIVE_UP, "boneyard 1-1"),
        bad_text("a deal has 2 to 4 hands")
    );
    assert_eq!(
        Round::given(&Config::FIVE_UP, "1-1 | 2-2 | 3-3 | 4-4 | 5-5 | boneyard"),
        bad_text("a deal has 2 to 4 hands")
    );
    // Spans point into the whole deal text.
    let text = "1-1 | 2-x | boneyard";
    assert_eq!(
        Round::given(&Config::FIVE_UP, text),
        Err(Error::UnknownTile {
            span: crate::notation::Span::new(6, 9)
        })
    );
    let text = "1-1 | 2-2 | boneyard 3-3 4-?";
    let error = Round::given(&Config::FIVE_UP, text).unwrap_err();
    assert_eq!(
        error,
        Error::UnknownTile {
            span: crate::notation::Span::new(25, 28)
        }
    );
    assert_eq!(
        error.in_source(text).to_string(),
        "not a tile: \"4-?\" (expected a-b, a|b or [a|b])"
    );
    // Tiles that parse but make no deal: the round's own errors.
    assert!(matches!(
        Round::given(&Config::FIVE_UP, "1-1 | 2-2 | boneyard 3-3"),
        Err(Error::InvalidConfig { .. } | Error::BadDeal { .. })
    ));
    assert!(matches!(
        Round::given(&Config::FIVE_UP, "0-0 | 0-0 | boneyard"),
        Err(Error::BadDeal { why: "a tile twice" })
    ));
}

#[test]
fn faults_map_both_ways() {
    for fault in Fault::ALL {
        assert_eq!(Error::from_fault(fault).fault(), Some(fault), "{fault:?}");
    }
    assert_eq!(Error::MustDraw.fault(), Some(Fault::IllegalAction));
    assert_eq!(Error::NotInHand { tile: t(1, 1) }.fault(), Some(Fault::IllegalAction));
    assert_eq!(Error::BadDeal { why: "x" }.fault(), None);
    assert_eq!(Error::DuplicateTile { earlier: 0 }.fault(), None);
    assert_eq!(Error::RoundOver.to_string(), "the hand is over");
    // The round's refusals through the trait.
    let mut round = Round::given(&Config::FIVE_UP, WORKED_DEAL).unwrap();
    let pass = Action::Pass;
    fn kind<T: core::fmt::Debug>(result: Result<T, Error>) -> Option<Fault> {
        result.unwrap_err().fault()
    }
    assert_eq!(
        kind(crate::game::Round::apply(&mut round, Seat(1), pass)),
        Some(Fault::NotYourTurn)
    );
    assert_eq!(
        kind(crate::game::Round::apply(&mut round, Seat(4), pass)),
        Some(Fault::NoSuchSeat)
    );
    assert_eq!(
        kind(crate::game::Round::apply(&mut round, Seat(0), pass)),
        Some(Fault::IllegalAction)
    );
    assert_eq!(
        kind(crate::game::Round::observation(&round, Seat(2))),
        Some(Fault::NoSuchSeat)
    );
    let mut short = [0u8; 10];
    assert_eq!(
        kind(crate::game::Round::encode(&round, &mut short)),
        Some(Fault::BufferTooSmall)
    );
    assert_eq!(
        kind(<Round as crate::game::Round>::decode(&short)),
        Some(Fault::InvalidState)
    );
    assert_eq!(
        kind(<Round as crate::game::Round>::seeded(
            &Config {
                target: 0,
                ..Config::FIVE_UP
            },
            1
        )),
        Some(Fault::InvalidConfig)
    );
}

#[test]
fn presets_and_rule_keys_round_trip() {
    assert_eq!(Config::PRESETS[0], ("five-up", Config::FIVE_UP));
    assert_eq!(<Config as Rules>::preset("block"), Some(Config::BLOCK));
    assert_eq!(<Config as Rules>::preset("all-fives"), Some(Config::ALL_FIVES));
    assert_eq!(<Config as Rules>::preset("five up"), None);
    for (name, config) in Config::PRESETS {
        assert_eq!(Config::preset(name), Some(*config));
        let mut bytes = [0u8; 13];
        assert_eq!(Rules::encode(config, &mut bytes), Some(13));
        assert_eq!(<Config as Rules>::decode(&bytes), Some(*config));
        // The config's bytes open the round's byte form.
        let round = <Round as crate::game::Round>::seeded(config, 3).unwrap();
        assert_eq!(encoded(&round)[..13], bytes);
        assert_eq!(Rules::encode(config, &mut [0u8; 12]), None);
    }
    assert_eq!(Config::KEYS.len(), 11);
    let other = Config {
        high: 12,
        players: 4,
        partnerships: true,
        hand_size: 9,
        spinner: crate::dominoes::SpinnerRule::None,
        draw: crate::dominoes::DrawRule::Never,
        reserve: 2,
        unit: crate::dominoes::Unit::Total,
        scores_plays: false,
        target: 500,
        leader: crate::dominoes::LeaderRule::FirstSeat,
    };
    for key in Config::KEYS {
        assert!(
            key.name.bytes().all(|byte| byte.is_ascii_lowercase() || byte == b'-'),
            "{}",
            key.name
        );
        let mut value = String::new();
        other.write_value(key.name, &mut value).unwrap();
        let mut config = Config::FIVE_UP;
        config.set(key.name, &value).unwrap();
        let mut again = String::new();
        config.write_value(key.name, &mut again).unwrap();
        assert_eq!(again, value, "{}", key.name);
        assert_ne!(config, Config::FIVE_UP, "{} = {value} changed nothing", key.name);
    }
    // Setting every key of `other` on Five Up gives `other`.
    let mut config = Config::FIVE_UP;
    for key in Config::KEYS {
        let mut value = String::new();
        other.write_value(key.name, &mut value).unwrap();
        config.set(key.name, &value).unwrap();
    }
    assert_eq!(config, other);
    let mut bytes = [0u8; 13];
    Rules::encode(&other, &mut bytes).unwrap();
    assert_eq!(<Config as Rules>::decode(&bytes), Some(other));
    // Refusals leave the config unchanged.
    let mut config = Config::FIVE_UP;
    for (key, value, error) in [
        ("players", "5", RuleError::BadValue),
        ("players", "+3", RuleError::BadValue),
        ("high", "7", RuleError::BadValue),
        ("target", "0", RuleError::BadValue),
        ("target", "65536", RuleError::BadValue),
        ("spinner", "every", RuleError::BadValue),
        ("partnerships", "true", RuleError::BadValue),
        ("colour", "red", RuleError::UnknownKey),
    ] {
        assert_eq!(config.set(key, value), Err(error), "{key}={value}");
    }
    assert_eq!(config, Config::FIVE_UP);
    assert_eq!(
        config.write_value("colour", &mut String::new()),
        Err(RuleError::UnknownKey)
    );
    let mut value = String::new();
    config.write_value("draw", &mut value).unwrap();
    assert_eq!(value, "until-playable");
    // Byte forms that are no config.
    for (at, byte) in [(0usize, 1u8), (0, 3), (3, 2), (5, 3), (6, 3), (8, 2), (9, 7), (12, 2)] {
        let mut bytes = [0u8; 13];
        Rules::encode(&Config::FIVE_UP, &mut bytes).unwrap();
        bytes[at] = byte;
        assert_eq!(<Config as Rules>::decode(&bytes), None, "byte {at} = {byte}");
    }
    assert_eq!(<Config as Rules>::decode(&[1u8; 5]), None);
}

#[test]
fn the_view_shows_what_the_seat_may_see_and_nothing_else() {
    let round = Round::given(&Config::FIVE_UP, WORKED_DEAL).unwrap();
    // Seat 1 holds 1-1 where the other deal has 2-4 (and the boneyard the other way round).
    let other_deal = WORKED_DEAL.replace("1-1 0-3", "2-4 0-3").replace("2-2 2-4", "2-2 1-1");
    let other = Round::given(&Config::FIVE_UP, &other_deal).unwrap();
    assert_ne!(round, other);
    let view = |round: &Round, seat: u8| {
        let mut text = String::new();
        round.write_view(Seat(seat), &mut text).unwrap();
        text
    };
    let mut a = round.clone();
    let mut b = other.clone();
    for line in ["play 5-5", "play 5-6 on 5-5", "play 5-0 on 5-5"] {
        assert_eq!(view(&a, 0), view(&b, 0));
        assert_ne!(view(&a, 1), view(&b, 1));
        let seat = a.to_act().unwrap();
        let action = Round::parse_action(line).unwrap();
        crate::game::Round::apply(&mut a, seat, action).unwrap();
        crate::game::Round::apply(&mut b, seat, action).unwrap();
    }
    assert_eq!(
        view(&a, 0),
        "seat: 0 of 2\n\
         hand: 0-0 1-2 2-3\n\
         layout: 5-5, 5-6 on 5-5, 0-5 on 5-5\n\
         open total: 6\n\
         tiles: 3 4\n\
         boneyard: 18\n\
         to act: 1\n\
         scores: 2 0\n"
    );
    assert_eq!(view(&a, 1).lines().nth(1), Some("hand: 1-1 0-3 3-3 4-4"));
    let mut text = String::new();
    assert_eq!(
        a.write_view(Seat(2), &mut text).unwrap_err().fault(),
        Some(Fault::NoSuchSeat)
    );
    assert!(text.is_empty());
    assert!(view(&a, 0).is_ascii());
}

#[test]
fn the_trait_match_plays_to_its_result() {
    // Seed 7 with the lowest-legal bot: the pinned end of the match.
    let mut game = <Match as crate::game::Match>::new(&Config::FIVE_UP, 7).unwrap();
    let mut bots = [Lowest; 2];
    let mut finished = 0u32;
    let mut sum = [0i32; 2];
    while let Some((seat, action)) = step(game.round(), &mut bots) {
        let played = game.rounds_played();
        let step = crate::game::Match::apply(&mut game, seat, action).unwrap();
        assert_eq!(step.match_over, game.is_over());
        if let Some(outcome) = step.finished {
            finished += 1;
            assert_eq!(game.rounds_played(), played + 1);
            let scores = Round::outcome_scores(&outcome);
            for (total, &score) in sum.iter_mut().zip(scores.as_slice()) {
                *total += score;
            }
        } else {
            assert_eq!(game.rounds_played(), played);
        }
        let mut bytes = [0u8; crate::dominoes::MATCH_ENCODED_BYTES];
        crate::game::Match::encode(&game, &mut bytes).unwrap();
        assert_eq!(<Match as crate::game::Match>::decode(&bytes).as_ref(), Ok(&game));
    }
    assert!(game.is_over());
    assert_eq!(crate::game::Match::rounds_played(&game), finished);
    assert_eq!(crate::game::Match::scores(&game).as_slice(), &sum);
    let result = crate::game::Match::result(&game).unwrap();
    let winner = result.winners().next().unwrap();
    assert!(game.side_score(winner) >= 61);
    assert_eq!(result.winners().count(), 1);
    assert_eq!(result.place(winner.next(2)), Some(1));
    assert_eq!(
        crate::game::Match::apply(&mut game, Seat(0), Action::Pass)
            .unwrap_err()
            .fault(),
        Some(Fault::RoundOver)
    );
    // Pinned: seat 1 reaches 61 first, after 16 hands.
    assert_eq!(sum, [50, 61]);
    assert_eq!(finished, 16);
    assert_eq!(result, Placement::new(&[1, 0]));
}

#[test]
fn partnership_matches_place_teams_together() {
    for seed in 0..6u64 {
        let mut game = Match::new(&Config::FIVE_UP.with_players(4), seed).unwrap();
        let mut bots = [Uniform::new(seed); 4];
        while let Some((seat, action)) = step(game.round(), &mut bots) {
            game.apply(seat, action).unwrap();
        }
        let result = game.result().unwrap();
        let places = result.places();
        assert_eq!(places.len(), 4);
        assert_eq!(places[0], places[2]);
        assert_eq!(places[1], places[3]);
        assert_ne!(places[0], places[1]);
        let scores = game.scores();
        assert_eq!(scores.len(), 2, "team totals");
        let winner = result.winners().next().unwrap();
        assert!(scores.as_slice()[winner.index() % 2] >= 61);
        assert_eq!(scores.as_slice()[0], game.totals()[0] + game.totals()[2]);
        let _ = Placement::default();
    }
}

/// The C ABI's trusted decodes ([`game::Round::decode_trusted`],
/// [`game::Round::decode_trusted_cached`], and the match's) give back every state of seeded
/// rounds and matches; truncated or flipped bytes (and caches) give a status or a round that
/// answers every query without a panic.
#[test]
fn trusted_decodes_give_every_state_back_and_never_panic() {
    use crate::game::trusted_tests;
    let config = Config::FIVE_UP;
    for seed in 0..12u64 {
        let mut states = 0usize;
        trusted_tests::play::<Round>(&config, seed, |round| {
            trusted_tests::round_trips(round);
            // Flips on a few states of the first deals (each flip exercises a whole round).
            if seed < 2 && states.is_multiple_of(16) {
                trusted_tests::flips_never_panic(round, 4);
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

/// `set` and `write_value` find a key by its place in `KEYS` (session 21; they matched the
/// names before): the constants name the keys they stand for, every key reads back the value
/// it was set to, and an unknown key is refused by both.
#[test]
fn rule_keys_by_place_are_the_named_keys() {
    let names = [
        (super::HIGH, "high"),
        (super::PLAYERS, "players"),
        (super::PARTNERSHIPS, "partnerships"),
        (super::HAND_SIZE, "hand-size"),
        (super::SPINNER, "spinner"),
        (super::DRAW, "draw"),
        (super::RESERVE, "reserve"),
        (super::UNIT, "unit"),
        (super::SCORES_PLAYS, "scores-plays"),
        (super::TARGET, "target"),
        (10, "leader"),
    ];
    assert_eq!(Config::KEYS.len(), names.len());
    for (at, name) in names {
        assert_eq!(Config::KEYS[at].name, name);
    }
    let values = [
        ("high", "12"),
        ("players", "4"),
        ("partnerships", "yes"),
        ("hand-size", "9"),
        ("spinner", "first-double"),
        ("draw", "one"),
        ("reserve", "2"),
        ("unit", "total"),
        ("scores-plays", "no"),
        ("target", "300"),
        ("leader", "first-seat"),
    ];
    let mut config = Config::FIVE_UP;
    for (key, value) in values {
        config.set(key, value).unwrap();
        let mut text = String::new();
        config.write_value(key, &mut text).unwrap();
        assert_eq!(text, value, "{key}");
    }
    let expected = Config {
        high: 12,
        players: 4,
        partnerships: true,
        hand_size: 9,
        spinner: crate::dominoes::SpinnerRule::FirstDouble,
        draw: crate::dominoes::DrawRule::One,
        reserve: 2,
        unit: crate::dominoes::Unit::Total,
        scores_plays: false,
        target: 300,
        leader: crate::dominoes::LeaderRule::FirstSeat,
    };
    assert_eq!(config, expected);
    assert_eq!(config.set("hands", "1"), Err(RuleError::UnknownKey));
    assert_eq!(
        config.write_value("Leader", &mut String::new()),
        Err(RuleError::UnknownKey)
    );
    assert_eq!(config.set("high", "7"), Err(RuleError::BadValue));
}

/// The rule setter and writer before the byte form's one path (a match per field, a name table
/// per type), kept as the reference of `set` and `write_value`.
mod old_rules {
    #![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
    use core::fmt;

    use super::super::{
        DRAW, HAND_SIZE, HIGH, PARTNERSHIPS, PLAYERS, RESERVE, SCORES_PLAYS, SPINNER, TARGET, UNIT, key_at,
    };
    use crate::dominoes::{Config, DrawRule, LeaderRule, MAX_PIP, SpinnerRule, Unit};
    use crate::game::RuleError;
    use crate::notation::Dec;

    fn yes_no(text: &str) -> Result<bool, RuleError> {
        match text {
            "yes" => Ok(true),
            "no" => Ok(false),
            _ => Err(RuleError::BadValue),
        }
    }

    /// A decimal number in `low..=high`.
    fn old_number(text: &str, low: u32, high: u32) -> Result<u32, RuleError> {
        // ASCII digits only (`u32::from_str` would take a leading `+`).
        crate::notation::digits_u32(text)
            .filter(|value| (low..=high).contains(value))
            .ok_or(RuleError::BadValue)
    }

    /// A value known to fit a `u8` or `u16` (checked against its range first).
    fn narrow<T: TryFrom<u32>>(value: u32) -> Result<T, RuleError> {
        T::try_from(value).map_err(|_| RuleError::BadValue)
    }

    const DRAW_NAMES: [(&str, DrawRule); 3] = [
        ("until-playable", DrawRule::UntilPlayable),
        ("one", DrawRule::One),
        ("never", DrawRule::Never),
    ];
    const UNIT_NAMES: [(&str, Unit); 2] = [("fives", Unit::Fives), ("total", Unit::Total)];
    const LEADER_NAMES: [(&str, LeaderRule); 2] = [
        ("highest-double", LeaderRule::HighestDouble),
        ("first-seat", LeaderRule::FirstSeat),
    ];

    /// The value of `name` in a name table.
    fn named<T: Copy>(table: &[(&str, T)], text: &str) -> Result<T, RuleError> {
        table
            .iter()
            .find(|(name, _)| *name == text)
            .map(|&(_, value)| value)
            .ok_or(RuleError::BadValue)
    }

    /// The name of `value` in a name table.
    fn name_of<T: Copy + PartialEq>(table: &[(&'static str, T)], value: T) -> &'static str {
        table
            .iter()
            .find(|(_, entry)| *entry == value)
            .map_or("?", |&(name, _)| name)
    }

    fn old_set(this: &mut Config, key: &str, value: &str) -> Result<(), RuleError> {
        // By the key's place in `KEYS` (one string search for `set` and `write_value`).
        match key_at(key)? {
            HIGH => {
                let high = old_number(value, 6, u32::from(MAX_PIP))?;
                if !matches!(high, 6 | 9 | 12 | 15 | 18) {
                    return Err(RuleError::BadValue);
                }
                this.high = narrow(high)?;
            }
            PLAYERS => this.players = narrow(old_number(value, 2, 4)?)?,
            PARTNERSHIPS => this.partnerships = yes_no(value)?,
            HAND_SIZE => this.hand_size = narrow(old_number(value, 1, 190)?)?,
            SPINNER => {
                this.spinner = SpinnerRule::ALL
                    .into_iter()
                    .find(|rule| rule.name() == value)
                    .ok_or(RuleError::BadValue)?;
            }
            DRAW => this.draw = named(&DRAW_NAMES, value)?,
            RESERVE => this.reserve = narrow(old_number(value, 0, 190)?)?,
            UNIT => this.unit = named(&UNIT_NAMES, value)?,
            SCORES_PLAYS => this.scores_plays = yes_no(value)?,
            TARGET => this.target = narrow(old_number(value, 1, u32::from(u16::MAX))?)?,
            _ => this.leader = named(&LEADER_NAMES, value)?,
        }
        Ok(())
    }

    fn old_write_value(this: &Config, key: &str, out: &mut dyn fmt::Write) -> Result<(), RuleError> {
        let flag = |on: bool| if on { "yes" } else { "no" };
        // A number, or else the text.
        let (number, text): (Option<u32>, &str) = match key_at(key)? {
            HIGH => (Some(this.high.into()), ""),
            PLAYERS => (Some(this.players.into()), ""),
            PARTNERSHIPS => (None, flag(this.partnerships)),
            HAND_SIZE => (Some(this.hand_size.into()), ""),
            SPINNER => (None, this.spinner.name()),
            DRAW => (None, name_of(&DRAW_NAMES, this.draw)),
            RESERVE => (Some(this.reserve.into()), ""),
            UNIT => (None, name_of(&UNIT_NAMES, this.unit)),
            SCORES_PLAYS => (None, flag(this.scores_plays)),
            TARGET => (Some(this.target.into()), ""),
            _ => (None, name_of(&LEADER_NAMES, this.leader)),
        };
        let written = match number {
            Some(number) => Dec::from(number).write_to(out),
            None => out.write_str(text),
        };
        // A writer that refuses text is the caller's matter; the key existed.
        let _ = written;
        Ok(())
    }

    /// Every key with names, numbers, edges and junk, from every preset: the same answers and
    /// configs as the old way, and the same written values.
    #[test]
    fn set_and_write_value_agree_with_the_old_way() {
        use crate::game::Rules;
        use std::string::String;
        extern crate std;
        let values = [
            "",
            "0",
            "1",
            "2",
            "3",
            "4",
            "5",
            "6",
            "06",
            "7",
            "9",
            "12",
            "15",
            "18",
            "19",
            "28",
            "189",
            "190",
            "191",
            "255",
            "256",
            "65535",
            "65536",
            "4294967296",
            "+6",
            "-1",
            " 6",
            "yes",
            "no",
            "Yes",
            "every-double",
            "first-double",
            "none",
            "until-playable",
            "one",
            "never",
            "fives",
            "total",
            "highest-double",
            "first-seat",
            "x",
        ];
        let keys = Config::KEYS
            .iter()
            .map(|key| key.name)
            .chain(["", "hi", "High", "leader "]);
        for key in keys {
            for (_, preset) in Config::PRESETS {
                for value in values {
                    let (mut new, mut old) = (*preset, *preset);
                    let answers = (new.set(key, value), old_set(&mut old, key, value));
                    assert_eq!(answers.0, answers.1, "{key} = {value:?}");
                    assert_eq!(new, old, "{key} = {value:?}");
                    let (mut new_text, mut old_text) = (String::new(), String::new());
                    assert_eq!(
                        new.write_value(key, &mut new_text),
                        old_write_value(&new, key, &mut old_text),
                        "{key}"
                    );
                    assert_eq!(new_text, old_text, "{key}");
                }
            }
        }
        for rule in SpinnerRule::ALL {
            assert_eq!(super::super::SPINNER_NAMES[usize::from(rule.code())], rule.name());
        }
    }
}

/// The full decode in place (`Round::decode_in`, `Match::decode_in`: the C ABI's
/// `parlor_round_decode` / `parlor_match_decode` since `DECODES_IN_PLACE`) gives what the
/// by-value decode gives (the old way of those calls), for byte flips of rounds and matches
/// from their deal to their end: the same value or the same error.
#[test]
fn full_decode_in_place_is_the_full_decode() {
    use crate::dominoes::MATCH_ENCODED_BYTES;
    use core::mem::MaybeUninit;
    let check_round = |round: &Round| {
        let mut bytes = [0u8; ENCODED_BYTES];
        round.encode(&mut bytes).unwrap();
        for i in 0..bytes.len() {
            for bit in [0, 3, 7] {
                let mut flipped = bytes;
                flipped[i] ^= 1 << bit;
                let mut place = MaybeUninit::uninit();
                let in_place = <Round as crate::game::Round>::decode_in(&mut place, &flipped).map(|r| r.clone());
                assert_eq!(in_place, Round::decode(&flipped), "byte {i} bit {bit}");
            }
        }
    };
    let check_match = |game: &Match| {
        let mut bytes = [0u8; MATCH_ENCODED_BYTES];
        game.encode(&mut bytes).unwrap();
        for i in 0..bytes.len() {
            let mut flipped = bytes;
            flipped[i] ^= 1 << (i % 8);
            for bytes in [bytes, flipped] {
                let mut place = MaybeUninit::uninit();
                let in_place = <Match as crate::game::Match>::decode_in(&mut place, &bytes).map(|m| m.clone());
                assert_eq!(in_place, Match::decode(&bytes), "byte {i}");
            }
        }
    };
    for config in configs() {
        for seed in 0..3u64 {
            let mut round = Round::seeded(&config, seed).unwrap();
            let mut moves = 0usize;
            loop {
                if moves.is_multiple_of(4) {
                    check_round(&round);
                }
                let Some(seat) = round.to_act() else { break };
                let action = crate::game::bot::lowest_legal_action(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
                moves += 1;
            }
            check_round(&round);
            let mut game = Match::new(&config, seed).unwrap();
            for _ in 0..40 {
                check_match(&game);
                let Some(seat) = crate::game::Match::round(&game).to_act() else {
                    break;
                };
                let action = crate::game::bot::lowest_legal_action(crate::game::Match::round(&game), seat).unwrap();
                crate::game::Match::apply(&mut game, seat, action).unwrap();
            }
        }
    }
}
