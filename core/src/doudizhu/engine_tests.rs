//! Tests of the one interface for Dou Dizhu (`engine.rs`): codes, notation, counts, byte forms,
//! rules, views and the match, through the traits.
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]

extern crate std;
use std::string::{String, ToString};
use std::vec::Vec;

use core::ops::ControlFlow;

use super::notation::{PERMISSIVE, Written, parse_action};
use super::{
    Action, Auction, Cards, Config, DealStyle, Error, Kind, Match, Play, Preset, Reading, Round, Scoring, classify,
    for_each_move,
};
use super::{Observation, Outcome, Spring};
use crate::game::bot::{Bot, Lowest, Uniform, step};
use crate::game::{self, Fault, GameError, Round as _, RuleError, Rules, Seat};
use crate::notation::{Dec, Plain};
use core::fmt;

fn c(s: &str) -> Cards {
    s.parse().unwrap()
}

const PRESETS: [Config; 4] = [Config::PAGAT, Config::OPENSPIEL, Config::RLCARD, Config::ROB];

/// Every preset, the Botzone and DouZero ones too.
const ALL_PRESETS: [Config; 6] = [
    Config::PAGAT,
    Config::OPENSPIEL,
    Config::RLCARD,
    Config::ROB,
    Config::BOTZONE,
    Config::DOUZERO,
];

/// The held round's config check (`Config::is_valid`, every C call) answers as
/// `Config::validate`: every preset, and each bound just inside and just outside.
#[test]
fn a_held_configs_check_answers_as_validate() {
    for base in ALL_PRESETS {
        for wings in [0u8, 1, 4, 5, 255] {
            for cards in [0u8, 1, 54, 55] {
                for (deals, target) in [(0u16, 0u32), (1, 0), (0, 1), (9, 600)] {
                    let mut config = base;
                    config.rules.wing_copies = wings;
                    config.rules.max_cards = cards;
                    config.deals = deals;
                    config.target = target;
                    assert_eq!(config.is_valid(), config.validate().is_ok(), "{config:?}");
                }
            }
        }
    }
}

/// Checks every trait promise about the legal actions of the seat to act, returns them.
fn check_actions(round: &Round, seat: Seat) -> Vec<Action> {
    let mut all = Vec::new();
    game::Round::for_each_legal_action(round, seat, |a| all.push(a));
    assert_eq!(game::Round::count_legal_actions(round, seat), all.len());
    let mut buf = std::vec![Action::Pass; all.len() + 1];
    assert_eq!(game::Round::legal_actions(round, seat, &mut buf), all.len());
    assert_eq!(&buf[..all.len()], &all[..]);
    for (i, a) in all.iter().enumerate() {
        // `nth` walks from the start: a sample of indices keeps the test quick.
        if i % 17 == 0 || i + 1 == all.len() {
            assert_eq!(game::Round::nth_legal_action(round, seat, i), Some(*a));
        }
        assert!(game::Round::is_legal(round, seat, *a));
        let code = Round::action_code(*a);
        assert_eq!(Round::action_from_code(code), Some(*a), "code {code:#x} of {a}");
        assert_eq!(Round::parse_action(&a.to_string()), Ok(*a), "text {a}");
    }
    assert_eq!(game::Round::nth_legal_action(round, seat, all.len()), None);
    // Any other seat has no action.
    for other in (0..3).map(Seat).filter(|s| *s != seat) {
        assert_eq!(game::Round::count_legal_actions(round, other), 0);
        assert!(!round.may_act(other));
    }
    all
}

#[test]
fn every_legal_action_round_trips_and_the_counts_agree() {
    let mut buf = [0u8; Round::ENCODED_BYTES];
    let mut actions_seen = 0usize;
    for config in PRESETS {
        for seed in 0..12u64 {
            let mut round = Round::seeded(&config, seed).unwrap();
            let mut bots = [Uniform::new(seed), Uniform::new(seed + 100), Uniform::new(seed + 200)];
            loop {
                let n = game::Round::encode(&round, &mut buf).unwrap();
                assert_eq!(<Round as game::Round>::decode(&buf[..n]), Ok(round));
                let Some(seat) = game::Round::to_act(&round) else { break };
                actions_seen += check_actions(&round, seat).len();
                let (s, a) = step(&round, &mut bots).unwrap();
                assert_eq!(s, seat);
                game::Round::apply(&mut round, s, a).unwrap();
            }
            assert!(game::Round::outcome(&round).is_some());
        }
    }
    assert!(actions_seen > 10_000, "{actions_seen}");
}

/// Over a single, pair, triplet or bomb the plays are indexed by bits of the count masks
/// (`nth_over_simple`), not by the generator: every index of every such state of random deals
/// under every preset gives the listed action, and the one past the last gives none.
#[test]
fn every_index_over_a_simple_play_is_the_listed_action() {
    let mut checked = 0usize;
    for config in PRESETS {
        for seed in 0..60u64 {
            let mut round = Round::seeded(&config, seed).unwrap();
            let mut bots = [Uniform::new(seed), Uniform::new(seed + 100), Uniform::new(seed + 200)];
            while let Some(seat) = game::Round::to_act(&round) {
                let simple = round.top().is_some_and(|(_, p)| {
                    matches!(p.reading.kind, Kind::Single | Kind::Pair | Kind::Triplet | Kind::Bomb)
                });
                if simple {
                    let mut all = Vec::new();
                    game::Round::for_each_legal_action(&round, seat, |a| all.push(a));
                    for (i, a) in all.iter().enumerate() {
                        assert_eq!(round.nth_legal_action(seat, i), Some(*a), "{config:?} seed {seed} #{i}");
                    }
                    assert_eq!(round.nth_legal_action(seat, all.len()), None);
                    checked += all.len();
                }
                let (s, a) = step(&round, &mut bots).unwrap();
                game::Round::apply(&mut round, s, a).unwrap();
            }
        }
    }
    assert!(checked > 2_000, "{checked}");
}

/// On a lead the first blocks (simple plays, plain chains, triplets with a kicker) are indexed
/// in closed form (`nth_lead`), the rest by the generator; over a single, pair, triplet or bomb
/// by the count masks. Every index of every play state of random deals under every preset
/// gives the listed action, the one past the last none, and the `RandomBot` (its count and its
/// play from one reading of the hand) makes the choice and the draws of a reservoir pass over
/// the listed actions.
#[test]
fn every_index_on_a_lead_is_the_listed_action_and_the_random_bot_draws_as_the_reservoir() {
    use super::bot::RandomBot;
    use crate::game::Rng;
    let (mut leads, mut checked) = (0usize, 0usize);
    for config in ALL_PRESETS {
        for seed in 0..40u64 {
            let mut round = Round::seeded(&config, seed).unwrap();
            let mut bot = RandomBot::new(seed ^ 0x55);
            let mut rng = Rng::new(seed ^ 0x55);
            while let Some(seat) = game::Round::to_act(&round) {
                let mut all = Vec::new();
                game::Round::for_each_legal_action(&round, seat, |a| all.push(a));
                assert_eq!(round.count_legal_actions(seat), all.len(), "{config:?} seed {seed}");
                // Session 23: the bare-metal form (the plays counted down one by one), in
                // every state (auction, leads, over a play).
                for (i, a) in all.iter().enumerate() {
                    assert_eq!(round.nth_visited(seat, i), Some(*a), "{config:?} seed {seed} #{i}");
                }
                assert_eq!(round.nth_visited(seat, all.len()), None);
                if round.top().is_none() && !round.in_auction() {
                    for (i, a) in all.iter().enumerate() {
                        assert_eq!(round.nth_legal_action(seat, i), Some(*a), "{config:?} seed {seed} #{i}");
                    }
                    assert_eq!(round.nth_legal_action(seat, all.len()), None);
                    leads += 1;
                    checked += all.len();
                }
                let mut expected = all[0];
                for (i, a) in all.iter().enumerate().skip(1) {
                    if rng.below(i as u32 + 1) == 0 {
                        expected = *a;
                    }
                }
                let chosen = bot.choose(&round, seat).unwrap();
                assert_eq!(chosen, expected, "{config:?} seed {seed}");
                game::Round::apply(&mut round, seat, chosen).unwrap();
            }
        }
    }
    assert!(leads > 1_000 && checked > 20_000, "{leads} leads, {checked} actions");
}

#[test]
fn action_codes_are_pinned() {
    let play = |cards: &str, kind, chain, key| {
        Action::Play(Play {
            cards: c(cards),
            reading: Reading { kind, chain, key },
        })
    };
    use super::Rank::*;
    let pinned = [
        (Action::Pass, 0x0),
        (Action::Bid(1), 0x11),
        (Action::Bid(3), 0x31),
        (Action::Call, 0x2),
        (Action::Rob, 0x3),
        (play("33", Kind::Pair, 1, Three), 0x2_0114),
        (
            play("BR", Kind::Rocket, 1, BlackJoker),
            (1 << (16 + 3 * 13)) | (1 << (16 + 3 * 14)) | 0xD1B4,
        ),
        (play("34567", Kind::Sequence, 5, Three), 0x1249_0554),
        (
            play("333444555666", Kind::AirplaneSingles, 3, Four),
            (3 << 16) | (3 << 19) | (3 << 22) | (3 << 25) | 0x1384,
        ),
    ];
    for (action, code) in pinned {
        assert_eq!(Round::action_code(action), code, "{action}");
        assert_eq!(Round::action_from_code(code), Some(action));
    }
    // Codes that name nothing.
    for code in [
        0x5,                   // unknown tag
        0x41,                  // bid 4
        0x01,                  // bid 0
        0x1_0011,              // bid with stray bits
        0x10,                  // pass with stray bits
        0x4,                   // a play without cards
        0x2_0104,              // 33 read as a single
        0x5_0114,              // five 3s
        0x2_00E4,              // kind 14
        1u64 << 62 | 0x2_0114, // a bit past the cards
    ] {
        assert_eq!(Round::action_from_code(code), None, "{code:#x}");
    }
}

#[test]
fn the_notation_reads_what_display_prints() {
    let airplane = Play::canonical(&c("333444555666")).unwrap();
    assert_eq!(Action::Play(airplane).to_string(), "play 333444555666");
    let singles = Action::Play(Play {
        cards: c("333444555666"),
        reading: Reading {
            kind: Kind::AirplaneSingles,
            chain: 3,
            key: super::Rank::Four,
        },
    });
    assert_eq!(singles.to_string(), "play 333444555666 airplane-singles/3@4");
    assert_eq!(
        Round::parse_action("play 333444555666 airplane-singles/3@4"),
        Ok(singles)
    );
    assert_eq!(
        Round::parse_action("  pass 9 "),
        Err(Error::UnknownAction {
            span: crate::notation::Span::new(7, 8)
        })
    );
    assert_eq!(Round::parse_action("pass"), Ok(Action::Pass));
    assert_eq!(Round::parse_action("call"), Ok(Action::Call));
    assert_eq!(Round::parse_action("rob"), Ok(Action::Rob));
    assert_eq!(Round::parse_action("bid 2"), Ok(Action::Bid(2)));
    let span = crate::notation::Span::new;
    assert_eq!(
        Round::parse_action("bid 4"),
        Err(Error::UnknownBid { span: span(4, 5) })
    );
    assert_eq!(
        Round::parse_action("bid"),
        Err(Error::UnknownAction { span: span(0, 3) })
    );
    assert_eq!(
        Round::parse_action("bidd 2"),
        Err(Error::UnknownAction { span: span(0, 6) })
    );
    assert_eq!(Round::parse_action(""), Err(Error::UnknownAction { span: span(0, 0) }));
    assert_eq!(
        Round::parse_action("play 34"),
        Err(Error::NoCombination {
            span: crate::notation::Span::new(5, 7)
        })
    );
    assert_eq!(
        Round::parse_action("play 3Z"),
        Err(Error::UnknownCard { span: span(6, 7) })
    );
    assert_eq!(
        Round::parse_action("play 33 single@3"),
        Err(Error::UnknownReading { span: span(8, 16) })
    );
    assert_eq!(
        Round::parse_action("play 33 pair@"),
        Err(Error::UnknownReading { span: span(8, 13) })
    );
    assert_eq!(
        parse_action("play 33333"),
        Err(Error::TooManyCopies {
            rank: super::Rank::Three,
            span: span(9, 10)
        })
    );
    assert_eq!(parse_action("play 3344"), Ok(Written::Cards(c("3344"))));
    // The messages name the bad word.
    let text = "play 3Z";
    let error = parse_action(text).unwrap_err();
    assert_eq!(
        error.in_source(text).to_string(),
        "not a card at bytes 1..2: \"Z\" in \"3Z\""
    );
    let text = "bid 9";
    let error = parse_action(text).unwrap_err();
    assert_eq!(
        error.in_source(text).to_string(),
        "not a bid (1, 2 or 3): \"9\" in \"bid 9\""
    );
}

/// Every play of `preset` with one reading there is the canonical play of its cards, so a log
/// (or a C caller) that writes `play <cards>` names the same play under every named preset.
#[test]
fn a_lone_reading_is_the_canonical_one_under_every_named_preset() {
    for preset in [Preset::PAGAT, Preset::RLCARD, Preset::OPENSPIEL] {
        let mut checked = 0usize;
        for_each_move(&Cards::DECK, &Cards::EMPTY, &preset, |cards| {
            let readings = classify(&cards, &preset);
            // Every reading under a preset is one under the permissive rules.
            let all = classify(&cards, &PERMISSIVE);
            for r in readings.iter() {
                assert!(all.iter().any(|p| p == r), "{cards} {r}");
            }
            if readings.len() == 1 {
                assert_eq!(
                    Play::canonical(&cards).map(|p| p.reading),
                    readings.strongest(),
                    "{cards} under {preset:?}"
                );
            }
            checked += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(checked > 10_000, "{checked}");
    }
}

#[test]
fn the_seeded_and_given_deals_are_pinned() {
    let round = Round::seeded(&Config::PAGAT, 0).unwrap();
    assert_eq!(round.hand(Seat(0)), c("3356666799TQQKA2R"));
    assert_eq!(round.kitty(), c("38A"));
    let given = Round::given(
        &Config::PAGAT,
        "3356666799TQQKA2R 34458899TJJJKAA22 44557778TTJQQKK2B 38A",
    )
    .unwrap();
    assert_eq!(given, round);
    let first = Round::given(
        &Config::PAGAT,
        " 3356666799TQQKA2R 34458899TJJJKAA22   44557778TTJQQKK2B 38A first 2 ",
    )
    .unwrap();
    assert_eq!(first.to_act(), Some(Seat(2)));
    let deal = "3356666799TQQKA2R 34458899TJJJKAA22 44557778TTJQQKK2B";
    assert!(matches!(
        Round::given(&Config::PAGAT, deal),
        Err(Error::InvalidDeal { .. })
    ));
    assert_eq!(
        Round::given(&Config::PAGAT, &std::format!("{deal} 38A first 3")),
        Err(Error::InvalidDeal {
            what: "the first bidder is no seat (0-2)"
        })
    );
    assert_eq!(
        Round::given(&Config::PAGAT, &std::format!("{deal} 38A second 1")),
        Err(Error::InvalidDeal {
            what: "only `first <seat>` may follow the cards"
        })
    );
    assert_eq!(
        Round::given(&Config::PAGAT, &std::format!("{deal} 38X")),
        Err(Error::UnknownCard {
            span: crate::notation::Span::new(56, 57)
        })
    );
    assert_eq!(
        Round::given(&Config::PAGAT, &std::format!("{deal} 388")),
        Err(Error::InvalidDeal {
            what: "a card is dealt twice"
        })
    );
}

#[test]
fn rules_round_trip_by_bytes_and_by_key() {
    assert_eq!(Config::PRESETS[0], ("pagat", Config::PAGAT));
    assert_eq!(Config::PRESETS.len(), 6);
    assert_eq!(Config::PRESETS[5], ("douzero", Config::DOUZERO));
    assert_eq!(Config::PRESETS[4], ("botzone", Config::BOTZONE));
    for (name, config) in Config::PRESETS {
        assert_eq!(Config::from_name(name), Some(*config));
        assert_eq!(<Config as Rules>::preset(name), Some(*config));
        let mut buf = [0u8; <Config as Rules>::ENCODED_BYTES];
        assert_eq!(Rules::encode(config, &mut buf), Some(13));
        assert_eq!(<Config as Rules>::decode(&buf), Some(*config));
        assert_eq!(<Config as Rules>::decode(&buf[..12]), None);
        assert_eq!(Rules::encode(config, &mut buf[..12]), None);
        // Every key: its value written, set back, the same config.
        for key in Config::KEYS {
            let mut value = String::new();
            config.write_value(key.name, &mut value).unwrap();
            let mut copy = Config {
                deals: 1,
                target: 1,
                ..Config::RLCARD
            };
            copy.set(key.name, &value).unwrap();
            let mut again = String::new();
            copy.write_value(key.name, &mut again).unwrap();
            assert_eq!(again, value, "{name} {}", key.name);
        }
        let mut rebuilt = Config::OPENSPIEL;
        for key in Config::KEYS {
            let mut value = String::new();
            config.write_value(key.name, &mut value).unwrap();
            rebuilt.set(key.name, &value).unwrap();
        }
        assert_eq!(rebuilt, *config);
    }
    let mut config = Config::PAGAT;
    assert_eq!(config.set("auction", "rob"), Ok(()));
    assert_eq!(config, Config::ROB);
    // Botzone's game is Pagat's with Botzone's auction and combination flags.
    let mut botzone = Config::PAGAT;
    for (key, value) in [
        ("auction", "botzone"),
        ("both-jokers-as-kickers", "yes"),
        ("quad-chains", "yes"),
    ] {
        assert_eq!(botzone.set(key, value), Ok(()));
    }
    assert_eq!(botzone, Config::BOTZONE);
    assert_eq!(botzone.set("quad-chains", "maybe"), Err(RuleError::BadValue));
    assert_eq!(config.set("wing-copies", "5"), Err(RuleError::BadValue));
    assert_eq!(config.set("wing-copies", "0"), Err(RuleError::BadValue));
    assert_eq!(config.set("max-cards", "+20"), Err(RuleError::BadValue));
    assert_eq!(config.set("deals", "65536"), Err(RuleError::BadValue));
    assert_eq!(config.set("quad-with-two", "true"), Err(RuleError::BadValue));
    assert_eq!(config.set("jokers", "yes"), Err(RuleError::UnknownKey));
    assert_eq!(config, Config::ROB); // unchanged by the refusals
    assert_eq!(
        config.write_value("jokers", &mut String::new()),
        Err(RuleError::UnknownKey)
    );
    config.set("deals", "0").unwrap();
    // Fields decode alone; a config that makes no match is refused by the round.
    let mut buf = [0u8; 13];
    Rules::encode(&config, &mut buf).unwrap();
    assert_eq!(<Config as Rules>::decode(&buf), Some(config));
    assert!(matches!(Round::seeded(&config, 1), Err(Error::InvalidConfig { .. })));
    buf[0] = 9;
    assert_eq!(<Config as Rules>::decode(&buf), None);
}

/// The per-key match [`Rules::set`] was before session 21 (one string match per key), the
/// reference of the table-driven one.
fn old_set(config: &mut Config, key: &str, value: &str) -> Result<(), RuleError> {
    let flag = || match value {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(RuleError::BadValue),
    };
    let number = |max: u64| -> Result<u64, RuleError> {
        // Digits only: `u64::from_str` would take a `+` sign. Every `max` fits 32 bits.
        crate::notation::digits_u32(value)
            .map(u64::from)
            .filter(|n| *n <= max)
            .ok_or(RuleError::BadValue)
    };
    let mut next = *config;
    match key {
        "wing-copies" => {
            next.rules.wing_copies = u8::try_from(number(4)?).map_err(|_| RuleError::BadValue)?;
            if next.rules.wing_copies == 0 {
                return Err(RuleError::BadValue);
            }
        }
        "wing-triplet-next-to-chain" => next.rules.wing_triplet_next_to_chain = flag()?,
        "both-jokers-as-kickers" => next.rules.both_jokers_as_kickers = flag()?,
        "quad-pair-as-singles" => next.rules.quad_pair_as_singles = flag()?,
        "quad-with-two" => next.rules.quad_with_two = flag()?,
        "quad-chains" => next.rules.quad_chains = flag()?,
        "max-cards" => {
            next.rules.max_cards = u8::try_from(number(54)?).map_err(|_| RuleError::BadValue)?;
            if next.rules.max_cards == 0 {
                return Err(RuleError::BadValue);
            }
        }
        "auction" => {
            next.auction = match value {
                "bids" => Auction::Bids,
                "openspiel" => Auction::OpenSpiel,
                "none" => Auction::None,
                "rob" => Auction::Rob,
                "botzone" => Auction::Botzone,
                _ => return Err(RuleError::BadValue),
            }
        }
        "deal" => {
            next.deal = match value {
                "blocks" => DealStyle::Blocks,
                "face-up" => DealStyle::FaceUp,
                _ => return Err(RuleError::BadValue),
            }
        }
        "scoring" => {
            next.scoring = match value {
                "stake" => Scoring::Stake,
                "win-loss" => Scoring::WinLoss,
                _ => return Err(RuleError::BadValue),
            }
        }
        "quad-blocks-chain-head" => next.quad_blocks_chain_head = flag()?,
        "bomb-follows-rocket" => next.bomb_follows_rocket = flag()?,
        "deals" => next.deals = u16::try_from(number(u64::from(u16::MAX))?).map_err(|_| RuleError::BadValue)?,
        "target" => next.target = u32::try_from(number(u64::from(u32::MAX))?).map_err(|_| RuleError::BadValue)?,
        _ => return Err(RuleError::UnknownKey),
    }
    *config = next;
    Ok(())
}

/// The writer beside [`old_set`], the reference of [`Rules::write_value`].
fn old_write_value(config: &Config, key: &str, out: &mut dyn core::fmt::Write) -> Result<(), RuleError> {
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    // A writer's failure is the writer's business: the key was known.
    let _ = match key {
        "wing-copies" => Dec::from(config.rules.wing_copies).write_to(out),
        "wing-triplet-next-to-chain" => out.write_str(yes_no(config.rules.wing_triplet_next_to_chain)),
        "both-jokers-as-kickers" => out.write_str(yes_no(config.rules.both_jokers_as_kickers)),
        "quad-pair-as-singles" => out.write_str(yes_no(config.rules.quad_pair_as_singles)),
        "quad-with-two" => out.write_str(yes_no(config.rules.quad_with_two)),
        "max-cards" => Dec::from(config.rules.max_cards).write_to(out),
        "quad-chains" => out.write_str(yes_no(config.rules.quad_chains)),
        "auction" => out.write_str(match config.auction {
            Auction::Bids => "bids",
            Auction::OpenSpiel => "openspiel",
            Auction::None => "none",
            Auction::Rob => "rob",
            Auction::Botzone => "botzone",
        }),
        "deal" => out.write_str(match config.deal {
            DealStyle::Blocks => "blocks",
            DealStyle::FaceUp => "face-up",
        }),
        "scoring" => out.write_str(match config.scoring {
            Scoring::Stake => "stake",
            Scoring::WinLoss => "win-loss",
        }),
        "quad-blocks-chain-head" => out.write_str(yes_no(config.quad_blocks_chain_head)),
        "bomb-follows-rocket" => out.write_str(yes_no(config.bomb_follows_rocket)),
        "deals" => Dec::from(config.deals).write_to(out),
        "target" => Dec::from(config.target).write_to(out),
        _ => return Err(RuleError::UnknownKey),
    };
    Ok(())
}

#[test]
fn set_and_write_value_answer_as_the_per_key_match() {
    let values = [
        "",
        "yes",
        "no",
        "Yes",
        "true",
        "0",
        "1",
        "2",
        "3",
        "4",
        "5",
        "20",
        "54",
        "55",
        "+20",
        "-1",
        "65535",
        "65536",
        "4294967295",
        "4294967296",
        "bids",
        "openspiel",
        "none",
        "rob",
        "botzone",
        "blocks",
        "face-up",
        "stake",
        "win-loss",
        "yes|no",
        "1..=4",
        "bids|openspiel",
    ];
    let keys = Config::KEYS
        .iter()
        .map(|k| k.name)
        .chain(["jokers", "", "wing-copies ", "Auction"]);
    for base in ALL_PRESETS {
        for key in keys.clone() {
            let (mut old, mut new) = (String::new(), String::new());
            assert_eq!(
                old_write_value(&base, key, &mut old),
                base.write_value(key, &mut new),
                "{key}"
            );
            assert_eq!(old, new, "{key}");
            for value in values {
                let (mut a, mut b) = (base, base);
                assert_eq!(old_set(&mut a, key, value), b.set(key, value), "{key}={value}");
                assert_eq!(a, b, "{key}={value}");
            }
        }
    }
}

/// The view as the `write!` lines wrote it before session 21, the reference of the piece-by-piece
/// one.
fn old_write_view(view: &Observation, outcome: Option<&Outcome>, out: &mut dyn fmt::Write) -> fmt::Result {
    let me = view.seat;
    let role = |s: Seat| match view.landlord {
        Some(l) if l == s => "landlord",
        Some(_) => "peasant",
        None => "bidding",
    };
    writeln!(out, "doudizhu: you are seat {} ({})", me, Plain(role(me)))?;
    let held = view.hand.len();
    writeln!(
        out,
        "hand: {} ({} {})",
        view.hand,
        // At most 54 cards: the conversion keeps it.
        Dec::from(u32::try_from(held).unwrap_or(u32::MAX)),
        Plain(if held == 1 { "card" } else { "cards" })
    )?;
    for (s, (count, played)) in (0u8..).zip(view.counts.iter().zip(view.played.iter())) {
        let seat = Seat(s);
        let you = if seat == me { ", you" } else { "" };
        let cards = if *count == 1 { "card" } else { "cards" };
        writeln!(
            out,
            "seat {} ({}{}): {} {}, played {}",
            Dec::from(s),
            Plain(role(seat)),
            Plain(you),
            Dec::from(*count),
            Plain(cards),
            played
        )?;
    }
    match view.kitty {
        Some(kitty) => writeln!(out, "kitty: {kitty}")?,
        None => writeln!(out, "kitty: hidden")?,
    }
    out.write_str("auction:")?;
    let mut any = false;
    let mut bidder = view.first_bidder;
    for action in view.auction() {
        write!(out, " {} {action};", bidder)?;
        bidder = bidder.next(3);
        any = true;
    }
    if !any {
        out.write_str(" -")?;
    }
    out.write_str("\n")?;
    writeln!(
        out,
        "stake: bid {}, bombs {}, robs {}",
        Dec::from(view.bid),
        Dec::from(view.bombs),
        Dec::from(view.robs)
    )?;
    match view.top {
        Some((s, play)) => writeln!(
            out,
            "trick: seat {} played {} ({}), passes {}",
            s,
            play.cards,
            play.reading,
            Dec::from(view.passes)
        )?,
        None => out.write_str("trick: -\n")?,
    }
    match (view.to_act, outcome) {
        (Some(s), _) => writeln!(out, "turn: seat {}", s)?,
        (None, Some(o)) => {
            match (o.landlord, o.landlord_won) {
                (None, _) => out.write_str("over: void (everyone passed)\n")?,
                (Some(l), true) => writeln!(
                    out,
                    "over: the landlord (seat {}) wins, stake {}",
                    l,
                    Dec::from(o.stake)
                )?,
                (Some(l), false) => writeln!(
                    out,
                    "over: the peasants win against seat {}, stake {}",
                    l,
                    Dec::from(o.stake)
                )?,
            }
            if o.spring != Spring::None {
                writeln!(
                    out,
                    "{}",
                    Plain(if o.spring == Spring::Spring {
                        "spring"
                    } else {
                        "anti-spring"
                    })
                )?;
            }
            writeln!(out, "scores: {}", game::Scores::new(&o.scores))?;
        }
        (None, None) => out.write_str("over\n")?,
    }
    Ok(())
}

#[test]
fn the_view_is_the_text_the_write_lines_wrote() {
    for config in ALL_PRESETS {
        for seed in 0..40u64 {
            let mut round = Round::seeded(&config, seed).unwrap();
            let mut bot = Uniform::new(seed);
            loop {
                for s in 0..3u8 {
                    let view = round.observation(Seat(s)).unwrap();
                    let (mut old, mut new) = (String::new(), String::new());
                    old_write_view(&view, round.outcome().as_ref(), &mut old).unwrap();
                    game::Round::write_view(&round, Seat(s), &mut new).unwrap();
                    assert_eq!(new, old);
                }
                let Some(seat) = round.to_act() else { break };
                let action = bot.choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
            }
        }
    }
}

#[test]
fn errors_map_onto_the_shared_faults() {
    for fault in Fault::ALL {
        assert_eq!(Error::from_fault(fault).fault(), Some(fault));
    }
    assert_eq!(Error::NotACombination.fault(), None);
    assert_eq!(
        Error::UnknownCard {
            span: Default::default()
        }
        .fault(),
        None
    );
    let mut round = Round::seeded(&Config::PAGAT, 1).unwrap();
    assert_eq!(round.observation(Seat(3)).unwrap_err().fault(), Some(Fault::NoSuchSeat));
    // A seat not at the table is no seat, not merely out of turn (the generic round checker).
    assert_eq!(
        round.apply(Seat(3), Action::Pass).unwrap_err().fault(),
        Some(Fault::NoSuchSeat)
    );
    assert_eq!(
        round.apply(Seat(1), Action::Pass).unwrap_err().fault(),
        Some(Fault::NotYourTurn)
    );
    assert_eq!(
        round.apply(Seat(0), Action::Rob).unwrap_err().fault(),
        Some(Fault::IllegalAction)
    );
    assert_eq!(
        <Round as game::Round>::decode(&[0u8; 3]).unwrap_err().fault(),
        Some(Fault::InvalidState)
    );
    assert_eq!(
        game::Round::encode(&round, &mut [0u8; 10]).unwrap_err().fault(),
        Some(Fault::BufferTooSmall)
    );
    let mut sink = String::new();
    assert_eq!(
        round.write_view(Seat(5), &mut sink).unwrap_err().fault(),
        Some(Fault::NoSuchSeat)
    );
    assert!(sink.is_empty());
}

fn view(round: &Round, seat: Seat) -> String {
    let mut text = String::new();
    round.write_view(seat, &mut text).unwrap();
    text
}

#[test]
fn a_view_shows_no_other_seats_cards() {
    // Seats 1 and 2 swap their hands: seat 0 sees the same, through the auction and the play.
    let (h0, h1, h2, kitty) = ("3356666799TQQKA2R", "34458899TJJJKAA22", "44557778TTJQQKK2B", "38A");
    let mut a = Round::given(&Config::PAGAT, &std::format!("{h0} {h1} {h2} {kitty}")).unwrap();
    let mut b = Round::given(&Config::PAGAT, &std::format!("{h0} {h2} {h1} {kitty}")).unwrap();
    assert_eq!(view(&a, Seat(0)), view(&b, Seat(0)));
    assert_ne!(view(&a, Seat(1)), view(&b, Seat(1)));
    assert_eq!(
        view(&a, Seat(0)),
        "doudizhu: you are seat 0 (bidding)\n\
         hand: 3356666799TQQKA2R (17 cards)\n\
         seat 0 (bidding, you): 17 cards, played -\n\
         seat 1 (bidding): 17 cards, played -\n\
         seat 2 (bidding): 17 cards, played -\n\
         kitty: hidden\n\
         auction: -\n\
         stake: bid 0, bombs 0, robs 0\n\
         trick: -\n\
         turn: seat 0\n"
    );
    for r in [&mut a, &mut b] {
        r.apply(Seat(0), Action::Bid(3)).unwrap();
        r.apply(Seat(0), Round::parse_action("play 5").unwrap()).unwrap();
    }
    assert_eq!(view(&a, Seat(0)), view(&b, Seat(0)));
    assert_eq!(
        view(&a, Seat(0)),
        "doudizhu: you are seat 0 (landlord)\n\
         hand: 33366667899TQQKAA2R (19 cards)\n\
         seat 0 (landlord, you): 19 cards, played 5\n\
         seat 1 (peasant): 17 cards, played -\n\
         seat 2 (peasant): 17 cards, played -\n\
         kitty: 38A\n\
         auction: 0 bid 3;\n\
         stake: bid 3, bombs 0, robs 0\n\
         trick: seat 0 played 5 (single@5), passes 0\n\
         turn: seat 1\n"
    );
    // To the end with the lowest bot: the views stay equal while both deals last.
    let mut bots = [Lowest, Lowest, Lowest];
    while let (Some((sa, xa)), Some((sb, xb))) = (step(&a, &mut bots), step(&b, &mut bots)) {
        if (sa, xa) != (sb, xb) {
            break;
        }
        a.apply(sa, xa).unwrap();
        b.apply(sb, xb).unwrap();
        if a.outcome().is_none() && b.outcome().is_none() {
            assert_eq!(view(&a, Seat(0)), view(&b, Seat(0)));
        }
    }
    for r in [&a, &b] {
        for s in 0..3 {
            let text = view(r, Seat(s));
            assert!(text.is_ascii() && text.ends_with('\n'));
        }
    }
}

#[test]
fn the_match_through_the_trait_behaves_as_the_inherent_one() {
    for config in [Config::PAGAT, Config::RLCARD] {
        let mut by_trait = <Match as game::Match>::new(&config, 42).unwrap();
        let mut inherent = Match::new(&config, 42).unwrap();
        let mut bot = Uniform::new(7);
        let mut finished = 0;
        while !game::Match::is_over(&by_trait) {
            let round = game::Match::round(&by_trait);
            let seat = game::Round::to_act(round).unwrap();
            let action = bot.choose(round, seat).unwrap();
            let step = game::Match::apply(&mut by_trait, seat, action).unwrap();
            assert_eq!(inherent.apply(seat, action).unwrap(), step);
            if let Some(outcome) = step.finished {
                finished += 1;
                assert_eq!(step.event.outcome, Some(outcome));
                assert_eq!(Round::outcome_scores(&outcome).as_slice(), &outcome.scores);
            }
            assert_eq!(step.match_over, game::Match::is_over(&by_trait));
            assert_eq!(game::Match::rounds_played(&by_trait), finished);
        }
        assert_eq!(by_trait, inherent);
        assert_eq!(finished, 9);
        let scores = game::Match::scores(&by_trait);
        assert_eq!(scores.as_slice(), &inherent.scores());
        let result = game::Match::result(&by_trait).unwrap();
        let best = *inherent.scores().iter().max().unwrap();
        for s in 0..3u8 {
            let higher = inherent
                .scores()
                .iter()
                .filter(|&&t| t > inherent.scores()[usize::from(s)])
                .count();
            assert_eq!(result.place(Seat(s)), Some(higher as u8));
            assert_eq!(
                result.place(Seat(s)) == Some(0),
                inherent.scores()[usize::from(s)] == best
            );
        }
        let mut buf = [0u8; <Match as game::Match>::ENCODED_BYTES];
        let n = game::Match::encode(&by_trait, &mut buf).unwrap();
        assert_eq!(<Match as game::Match>::decode(&buf[..n]), Ok(by_trait));
        assert_eq!(
            game::Match::apply(&mut by_trait, Seat(0), Action::Pass),
            Err(Error::RoundOver)
        );
    }
}

#[test]
fn a_pinned_match_and_outcome() {
    // Seed 42, lowest-legal bots: every seat passes, so every deal is void (Pagat); under
    // rlcard seat 0 (then 1, 2, …) is the landlord and leads its lowest card.
    let mut m = Match::new(&Config::PAGAT, 42).unwrap();
    let mut bots = [Lowest, Lowest, Lowest];
    while let Some((s, a)) = step(m.round(), &mut bots) {
        if m.is_over() {
            break;
        }
        let st = m.apply(s, a).unwrap();
        if let Some(o) = st.finished {
            assert_eq!(o.landlord, None);
        }
    }
    assert_eq!(m.scores(), [0, 0, 0]);
    assert_eq!(game::Match::result(&m).unwrap().places(), &[0, 0, 0]);
    let mut round = Round::seeded(&Config::RLCARD, 0).unwrap();
    while let Some((s, a)) = step(&round, &mut bots) {
        round.apply(s, a).unwrap();
    }
    let outcome = round.outcome().unwrap();
    assert_eq!(Round::outcome_scores(&outcome).as_slice(), &outcome.scores);
    assert_eq!(outcome.landlord, Some(Seat(0)));
}

#[test]
fn random_bot_is_a_bot_with_the_same_choices() {
    let round = Round::seeded(&Config::RLCARD, 3).unwrap();
    let mut a = super::bot::RandomBot::new(5);
    let mut b = super::bot::RandomBot::new(5);
    for _ in 0..5 {
        let by_trait = Bot::<Round>::choose(&mut a, &round, Seat(0));
        assert_eq!(by_trait, b.choose(&round, Seat(0)));
        assert!(by_trait.is_some());
    }
    assert_eq!(game::bot::lowest_legal_action(&round, Seat(1)), None);
}

/// The C ABI's trusted decodes ([`game::Round::decode_trusted`],
/// [`game::Round::decode_trusted_cached`], and the match's) give back every state of seeded
/// rounds and matches; truncated or flipped bytes (and caches) give a status or a round that
/// answers every query without a panic.
#[test]
fn trusted_decodes_give_every_state_back_and_never_panic() {
    use crate::game::trusted_tests;
    let config = Config::RLCARD;
    for seed in 0..12u64 {
        let mut states = 0usize;
        trusted_tests::play::<Round>(&config, seed, |round| {
            trusted_tests::round_trips(round);
            // Flips on a few states of the first deals (each flip exercises a whole round).
            if seed < 2 && states.is_multiple_of(16) {
                trusted_tests::flips_never_panic(round, 2);
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
