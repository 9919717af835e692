//! Tests of Riichi behind the one interface: codes, notation, counts, byte forms, rule keys,
//! views and the match, all through the traits.
#![allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

extern crate std;
use std::string::{String, ToString};
use std::vec::Vec;
use std::{format, vec};

use super::engine::{DOUBLE_WIND_PAIR_FU, KAZOE, MULTI_RON, ROUNDS, START_POINTS, TARGET_POINTS, flag_at, key_at};
use super::round::{ENCODED_BYTES, TILE_IDS};
use super::{Action, Config, Error, Match, RandomBot, Round, Tile};
use crate::game::bot::{self, Bot, Lowest, Uniform};
use crate::game::{self, Fault, GameError, Round as _, RuleError, Seat};

/// Every legal action of `seat` through the trait.
fn actions(round: &Round, seat: Seat) -> Vec<Action> {
    let mut list = Vec::new();
    game::Round::for_each_legal_action(round, seat, |a| list.push(a));
    list
}

/// Checks the trait's promises on one state: codes, notation, counts, the byte form.
fn check_state(round: &Round, seen: &mut usize) {
    for s in 0..4u8 {
        let seat = Seat(s);
        let list = actions(round, seat);
        assert_eq!(list.is_empty(), !game::Round::may_act(round, seat));
        assert_eq!(game::Round::count_legal_actions(round, seat), list.len());
        let mut buffer = [Action::Pass; Round::MAX_ACTIONS];
        assert_eq!(game::Round::legal_actions(round, seat, &mut buffer), list.len());
        assert_eq!(&buffer[..list.len()], &list[..]);
        for (i, &a) in list.iter().enumerate() {
            assert_eq!(game::Round::nth_legal_action(round, seat, i), Some(a));
            assert_eq!(Round::action_from_code(Round::action_code(a)), Some(a), "{a}");
            assert_eq!(Round::parse_action(&a.to_string()), Ok(a), "{a}");
            assert!(game::Round::is_legal(round, seat, a));
            *seen += 1;
        }
        assert_eq!(game::Round::nth_legal_action(round, seat, list.len()), None);
    }
    let mut bytes = [0u8; ENCODED_BYTES];
    let n = game::Round::encode(round, &mut bytes).unwrap();
    assert_eq!(n, Round::ENCODED_BYTES);
    assert_eq!(<Round as game::Round>::decode(&bytes[..n]).as_ref(), Ok(round));
    // The C ABI's digest-checked decode gives the same round, waits cache included.
    assert_eq!(<Round as game::Round>::decode_trusted(&bytes[..n]).as_ref(), Ok(round));
}

#[test]
fn bots_through_the_trait_keep_every_promise() {
    let mut seen = 0usize;
    let mut kinds = [false; 12];
    for seed in 0..24u64 {
        let config = Config::PRESETS[(seed % 3) as usize].1;
        let mut round = Round::seeded(&config, seed).unwrap();
        // Half the seats uniform, half the game's random bot (which calls and declares riichi).
        let mut uniform = [Uniform::new(seed), Uniform::new(seed + 1)];
        let mut random = [RandomBot::new(seed), RandomBot::new(seed + 7)];
        let mut steps = 0;
        while let Some(seat) = game::Round::to_act(&round) {
            check_state(&round, &mut seen);
            let action = if seat.0 % 2 == 0 {
                uniform[usize::from(seat.0 / 2)].choose(&round, seat)
            } else {
                Bot::choose(&mut random[usize::from(seat.0 / 2)], &round, seat)
            }
            .unwrap();
            kinds[action.to_code()[0] as usize] = true;
            game::Round::apply(&mut round, seat, action).unwrap();
            steps += 1;
            assert!(steps < 1000);
        }
        check_state(&round, &mut seen);
        let outcome = game::Round::outcome(&round).unwrap();
        let scores = Round::outcome_scores(&outcome);
        assert_eq!(scores.as_slice(), &outcome.deltas[..]);
    }
    assert!(seen > 5_000, "{seen}");
    // Discards, riichi, tsumo or ron, pons, chiis and passes were all seen.
    for code in [1, 2, 8, 10, 11] {
        assert!(kinds[code], "action code {code} never played");
    }
}

#[test]
fn action_codes_are_pinned() {
    let pinned = [
        (Action::Discard { tile: 17 }, 0x1101u64),
        (Action::Riichi { tile: 135 }, 0x8702),
        (Action::Tsumo, 3),
        (
            Action::Ankan {
                kind: Tile::new(4).unwrap(),
            },
            0x0404,
        ),
        (Action::Kakan { tile: 16 }, 0x1005),
        (Action::Kyuushu, 6),
        (Action::Ron, 7),
        (Action::Pon { tiles: [17, 18] }, 0x12_1108),
        (Action::Kan, 9),
        (Action::Chii { tiles: [12, 17] }, 0x11_0C0A),
        (Action::Pass, 11),
        (Action::Kita, 12),
    ];
    for (action, code) in pinned {
        assert_eq!(Round::action_code(action), code, "{action}");
        assert_eq!(Round::action_from_code(code), Some(action));
    }
    for bad in [0u64, 13, 0x0C0C, 0x8801, 0x2204, 0x0103, 1 << 24 | 0x1101, u64::MAX] {
        assert_eq!(Round::action_from_code(bad), None, "{bad:#x}");
    }
    assert_eq!(
        Round::parse_action("ankan 5m"),
        Ok(Action::Ankan {
            kind: "5m".parse().unwrap()
        })
    );
    assert_eq!(
        Round::parse_action("discard 136"),
        Err(Error::UnknownAction {
            why: "expected a tile id 0-135"
        })
    );
}

#[test]
fn the_seeded_deal_and_a_lowest_round_are_pinned() {
    let round = Round::seeded(&Config::TENHOU, 7).unwrap();
    assert_eq!(round, Round::new(&Config::TENHOU, &super::Deal::Seeded(7)).unwrap());
    let first: Vec<u8> = round.wall()[..6].to_vec();
    assert_eq!(first, [51, 76, 70, 130, 46, 86]);
    let mut lowest = [Lowest; 4];
    let mut lowest_round = round.clone();
    while let Some((seat, action)) = bot::step(&lowest_round, &mut lowest) {
        game::Round::apply(&mut lowest_round, seat, action).unwrap();
    }
    // The lowest bot never calls nor wins: an exhaustive draw, nobody tenpai.
    let outcome = game::Round::outcome(&lowest_round).unwrap();
    assert_eq!(outcome.end, super::End::Exhaustive);
    assert_eq!(Round::outcome_scores(&outcome).to_string(), "0 0 0 0");
    // Seed 8 with the game's random bot: seat 2 wins by ron from seat 3, 3 han 40 fu (a
    // non-dealer's 5200) after its riichi, and collects its own stick back (+1000: the deltas
    // leave out the stick put down, as Tenhou records them).
    let mut round = Round::seeded(&Config::TENHOU, 8).unwrap();
    let mut bots = [
        RandomBot::new(8),
        RandomBot::new(8),
        RandomBot::new(9),
        RandomBot::new(10),
    ];
    while let Some((seat, action)) = bot::step(&round, &mut bots) {
        game::Round::apply(&mut round, seat, action).unwrap();
    }
    let outcome = game::Round::outcome(&round).unwrap();
    let win = outcome.wins[0].unwrap();
    assert_eq!(
        (win.winner, win.from, win.value.han(), win.value.fu()),
        (Seat(2), Some(Seat(3)), 3, 40)
    );
    assert_eq!(outcome.riichi, [false, false, true, false]);
    assert_eq!(Round::outcome_scores(&outcome).to_string(), "0 0 6200 -5200");
}

#[test]
fn rules_round_trip_every_preset_and_key() {
    use crate::game::Rules;
    assert_eq!(Config::PRESETS.len(), 7);
    assert_eq!(<Config as Rules>::preset("mahjong-soul"), Some(Config::MAHJONG_SOUL));
    assert_eq!(<Config as Rules>::preset("tenhou-sanma"), Some(Config::TENHOU_SANMA));
    assert_eq!(<Config as Rules>::PRESETS[0], ("tenhou", Config::TENHOU));
    assert_eq!(<Config as Rules>::preset("basic"), Some(Config::BASIC));
    for (_, config) in <Config as Rules>::PRESETS {
        let mut bytes = [0u8; <Config as Rules>::ENCODED_BYTES];
        assert_eq!(config.encode(&mut bytes), Some(25));
        assert_eq!(<Config as Rules>::decode(&bytes).as_ref(), Some(config));
        assert_eq!(config.encode(&mut bytes[..24]), None);
        assert_eq!(<Config as Rules>::decode(&bytes[..24]), None);
        let mut wrong = bytes;
        wrong[0] = 2;
        assert_eq!(<Config as Rules>::decode(&wrong), None);
    }
    let keys = <Config as Rules>::KEYS;
    assert_eq!(keys.len(), 31); // 13 hand-value fields and 18 of the round and match
    let values = |values: &str| -> Vec<String> {
        match values {
            "yes|no" => vec!["yes".into(), "no".into()],
            "1..=16" => vec!["1".into(), "4".into(), "16".into()],
            v if v.starts_with("100..=999900") => vec!["100".into(), "25000".into(), "999900".into()],
            v => v.split('|').map(String::from).collect(),
        }
    };
    let mut changed = Vec::new();
    for key in keys {
        assert!(
            key.name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        );
        assert_eq!(keys.iter().filter(|k| k.name == key.name).count(), 1);
        let mut config = Config::TENHOU;
        let mut before = String::new();
        config.write_value(key.name, &mut before).unwrap();
        for value in values(key.values) {
            config.set(key.name, &value).unwrap();
            let mut text = String::new();
            config.write_value(key.name, &mut text).unwrap();
            assert_eq!(text, value, "{}", key.name);
            assert!(config.validate().is_ok());
            let mut bytes = [0u8; 25];
            config.encode(&mut bytes).unwrap();
            assert_eq!(<Config as Rules>::decode(&bytes), Some(config));
            if value != before {
                changed.push((key.name, config));
            }
        }
        let kept = config;
        assert_eq!(config.set(key.name, "maybe"), Err(RuleError::BadValue));
        assert_eq!(config, kept);
    }
    // Every key moves its own field: no two keys' changes give the same config.
    for (i, (a, ca)) in changed.iter().enumerate() {
        for (b, cb) in &changed[i + 1..] {
            if a != b {
                assert_ne!(ca, cb, "{a} and {b}");
            }
        }
    }
    let mut config = Config::TENHOU;
    assert_eq!(config.set("red-five", "yes"), Err(RuleError::UnknownKey));
    assert_eq!(config.set("rounds", "0"), Err(RuleError::BadValue));
    assert_eq!(config.set("start-points", "25050"), Err(RuleError::BadValue));
    assert_eq!(config.set("double-wind-pair-fu", "3"), Err(RuleError::BadValue));
    assert_eq!(
        config.write_value("nope", &mut String::new()),
        Err(RuleError::UnknownKey)
    );
    config.set("kazoe", "sanbaiman").unwrap();
    config.set("multi-ron", "head-bump").unwrap();
    assert_eq!(config.score.kazoe, super::score::Kazoe::Sanbaiman);
    assert_eq!(config.multi_ron, super::MultiRon::HeadBump);
}

/// The text of a given deal for `wall`.
fn deal_text(wall: &[u8; TILE_IDS]) -> String {
    wall.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_view_shows_nothing_of_another_seats_hidden_tiles() {
    let wall = *Round::seeded(&Config::TENHOU, 11).unwrap().wall();
    // Seat 2's first tile swapped with a live-wall tile far from the front.
    let mut other = wall;
    other.swap(26, 110);
    let a = Round::given(&Config::TENHOU, &deal_text(&wall)).unwrap();
    let b = Round::given(&Config::TENHOU, &deal_text(&other)).unwrap();
    assert_eq!(a.wall(), &wall);
    assert_ne!(a, b);
    let view = |round: &Round, seat: u8| {
        let mut text = String::new();
        round.write_view(Seat(seat), &mut text).unwrap();
        text
    };
    for seat in [0, 1, 3] {
        assert_eq!(view(&a, seat), view(&b, seat));
    }
    assert_ne!(view(&a, 2), view(&b, 2));
    // And after the dealer's discard (a window or the next draw).
    let (mut a2, mut b2) = (a.clone(), b.clone());
    let first = bot::lowest_legal_action(&a2, Seat(0)).unwrap();
    a2.apply(Seat(0), first).unwrap();
    b2.apply(Seat(0), first).unwrap();
    for seat in [0, 1, 3] {
        assert_eq!(view(&a2, seat), view(&b2, seat));
    }
    let text = view(&a, 1);
    assert!(text.ends_with('\n') && text.is_ascii(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "mahjong: seat 1 (South), East 1, honba 0, sticks 0, dealer 0");
    assert_eq!(lines[1], "turn: seat 0");
    assert!(lines[2].starts_with("hand: "));
    assert_eq!(lines[2].split(' ').count(), 14);
    assert_eq!(lines[4], "seat 0 (East): 14 tiles, 25000 points; melds: -; discards: -");
    // The hand is sorted and matches the round.
    let ids: Vec<u8> = lines[3]["ids: ".len()..]
        .split(' ')
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(ids, a.hand(Seat(1)).collect::<Vec<_>>());
    assert_eq!(
        Round::given(&Config::TENHOU, &deal_text(&wall)[..20])
            .unwrap_err()
            .to_string(),
        "a given deal's text: a wall is 136 tile ids (at bytes 0..0)"
    );
    assert_eq!(
        a.write_view(Seat(4), &mut String::new()),
        Err(Error::NoSuchSeat { seat: 4 })
    );
}

#[test]
fn given_reads_the_wall_and_the_start() {
    let wall = *Round::seeded(&Config::TENHOU, 3).unwrap().wall();
    let text = format!("{} start 6 2 1 20000 30000 26000 23000", deal_text(&wall));
    let round = Round::given(&Config::TENHOU, &text).unwrap();
    let start = round.start();
    assert_eq!(
        (start.round_wind, start.dealer, start.honba, start.sticks),
        (super::score::Wind::South, Seat(2), 2, 1)
    );
    assert_eq!(start.scores, [20_000, 30_000, 26_000, 23_000]);
    assert_eq!(game::Round::to_act(&round), Some(Seat(2)));
    let error = |text: &str| {
        let e = Round::given(&Config::TENHOU, text).unwrap_err();
        e.in_source(text).to_string()
    };
    let ids = deal_text(&wall);
    assert_eq!(
        error(&format!("{ids} start 16 0 0 1 1 1 1")),
        "\"16\" is a kyoku past North 4"
    );
    assert_eq!(error(&format!("{ids} start x 0 0 1 1 1 1")), "\"x\" is no kyoku (0-15)");
    assert_eq!(error(&format!("{ids} start 0 0 0 1 1 1 z")), "\"z\" is no score");
    assert_eq!(
        error(&format!("{ids} start 0 0 0 1 1 1")),
        "after the wall: nothing, or `start <kyoku> <honba> <sticks> <p0> <p1> <p2> <p3>`"
    );
    assert_eq!(
        error(&format!("{ids} 5")),
        "after the wall: nothing, or `start <kyoku> <honba> <sticks> <p0> <p1> <p2> <p3>`"
    );
    let mut twice = wall;
    twice[1] = twice[0];
    assert_eq!(
        Round::given(&Config::TENHOU, &deal_text(&twice)),
        Err(Error::BadDeal {
            why: "a tile id twice in the wall"
        })
    );
}

#[test]
fn the_trait_match_ends_as_the_inherent_one() {
    for seed in [1u64, 7] {
        let mut game = <Match as game::Match>::new(&Config::TENHOU_EAST, seed).unwrap();
        let mut inherent = Match::new(&Config::TENHOU_EAST, seed).unwrap();
        let mut bots = [
            RandomBot::new(seed),
            RandomBot::new(seed + 1),
            RandomBot::new(seed + 2),
            RandomBot::new(seed + 3),
        ];
        let mut finished = 0;
        while !game::Match::is_over(&game) {
            let (seat, action) = bot::step(game::Match::round(&game), &mut bots).unwrap();
            let step = game::Match::apply(&mut game, seat, action).unwrap();
            let same = inherent.apply(seat, action).unwrap();
            assert_eq!(step, same);
            if let Some(outcome) = step.finished {
                finished += 1;
                assert_eq!(step.match_over, game.is_over());
                if !step.match_over {
                    assert_eq!(game.round().start().scores, outcome.scores);
                }
            }
        }
        assert_eq!(game::Match::rounds_played(&game), finished);
        let finals = game.final_scores().unwrap();
        assert_eq!(game::Match::scores(&game).as_slice(), &finals[..]);
        assert_eq!(finals.iter().sum::<i32>(), 100_000);
        let result = game::Match::result(&game).unwrap();
        let order = super::game_match::placement(&finals);
        for (place, seat) in (0u8..).zip(order) {
            assert_eq!(result.place(seat), Some(place));
        }
        let mut bytes = [0u8; <Match as game::Match>::ENCODED_BYTES];
        let n = game::Match::encode(&game, &mut bytes).unwrap();
        assert_eq!(<Match as game::Match>::decode(&bytes[..n]).unwrap(), game);
        assert_eq!(
            game::Match::apply(&mut game, Seat(0), Action::Pass)
                .unwrap_err()
                .fault(),
            Some(Fault::RoundOver)
        );
    }
    // A pinned seeded match: East-only, seed 7, the game's random bot at every seat.
    let mut game = Match::new(&Config::TENHOU_EAST, 7).unwrap();
    let mut bots = [
        RandomBot::new(7),
        RandomBot::new(8),
        RandomBot::new(9),
        RandomBot::new(10),
    ];
    while let Some((seat, action)) = bot::step(game.round(), &mut bots) {
        game.apply(seat, action).unwrap();
        if game.is_over() {
            break;
        }
    }
    assert_eq!(game::Match::scores(&game).to_string(), "28000 16100 24600 31300");
    assert_eq!(game.rounds_played(), 9);
}

#[test]
fn faults_map_the_shared_kinds() {
    let cases = [
        (Error::NoSuchSeat { seat: 4 }, Some(Fault::NoSuchSeat)),
        (Error::NotYourTurn { seat: 1 }, Some(Fault::NotYourTurn)),
        (Error::IllegalAction { why: "x" }, Some(Fault::IllegalAction)),
        (Error::RoundOver, Some(Fault::RoundOver)),
        (Error::MatchOver, Some(Fault::RoundOver)),
        (Error::InvalidConfig { why: "x" }, Some(Fault::InvalidConfig)),
        (Error::InvalidState { why: "x" }, Some(Fault::InvalidState)),
        (Error::BufferTooSmall { needed: 3 }, Some(Fault::BufferTooSmall)),
        (Error::Internal, Some(Fault::Internal)),
        (Error::AwaitingDeal, None),
        (Error::BadDeal { why: "x" }, None),
    ];
    for (error, fault) in cases {
        assert_eq!(error.fault(), fault, "{error}");
    }
    for fault in Fault::ALL {
        assert_eq!(Error::from_fault(fault).fault(), Some(fault));
    }
    let mut short = [0u8; 10];
    assert_eq!(
        game::Round::encode(&Round::seeded(&Config::TENHOU, 1).unwrap(), &mut short)
            .unwrap_err()
            .fault(),
        Some(Fault::BufferTooSmall)
    );
    assert_eq!(
        <Round as game::Round>::decode(&short).unwrap_err().fault(),
        Some(Fault::InvalidState)
    );
    let bad = Config {
        rounds: 0,
        ..Config::TENHOU
    };
    assert_eq!(Round::seeded(&bad, 1).unwrap_err().fault(), Some(Fault::InvalidConfig));
}

#[test]
fn trusted_decode_refuses_what_it_cannot_read_and_never_panics() {
    let round = Round::seeded(&Config::TENHOU, 3).unwrap();
    let mut bytes = [0u8; ENCODED_BYTES];
    let n = game::Round::encode(&round, &mut bytes).unwrap();
    // A wrong length and an unknown version are refused as by `decode`.
    assert!(matches!(
        <Round as game::Round>::decode_trusted(&bytes[..n - 1]),
        Err(Error::InvalidState { .. })
    ));
    let mut other = bytes;
    other[0] ^= 0xFF;
    assert!(matches!(
        <Round as game::Round>::decode_trusted(&other),
        Err(Error::InvalidState { .. })
    ));
    // Every single-bit flip: a status or some round, never a panic.
    for i in 0..n {
        for bit in 0..8 {
            let mut flipped = bytes;
            flipped[i] ^= 1 << bit;
            let _ = <Round as game::Round>::decode_trusted(&flipped);
        }
    }
    // A match's trusted decode is its full decode on the bytes the match wrote.
    let played = <Match as game::Match>::new(&Config::TENHOU, 5).unwrap();
    let mut bytes = vec![0u8; 1024];
    let n = game::Match::encode(&played, &mut bytes).unwrap();
    assert_eq!(
        <Match as game::Match>::decode_trusted(&bytes[..n]).as_ref(),
        Ok(&played)
    );
}

/// The C ABI's trusted decodes ([`game::Round::decode_trusted`],
/// [`game::Round::decode_trusted_cached`], and the match's) give back every state of seeded
/// rounds and matches; truncated or flipped bytes (and caches) give a status or a round that
/// answers every query without a panic.
#[test]
fn trusted_decodes_give_every_state_back_and_never_panic() {
    use crate::game::trusted_tests;
    let config = Config::TENHOU;
    for seed in 0..3u64 {
        let mut states = 0usize;
        trusted_tests::play::<Round>(&config, seed, |round| {
            trusted_tests::round_trips(round);
            // Flips on a few states of the first deals (each flip exercises a whole round).
            if seed < 2 && states.is_multiple_of(16) {
                trusted_tests::flips_never_panic(round, 6);
            }
            states += 1;
        });
        assert!(states > 10, "seed {seed}: {states} states");
        trusted_tests::play_match::<Match>(&config, seed, 60, trusted_tests::match_round_trips);
    }
}

/// Every flip of a round's encoding that the full decode accepts stays a round to its end
/// ([`trusted_tests::full_decode_flips_stay_rounds`]). Found by the C fuzz loop
/// (`PARLOR_C_FUZZ_SEED=0x93bdf32d96f1610b`): a flipped win record of a finished round decoded
/// and its outcome failed (`check_end`); a flipped discard of a three-player round named the
/// absent seat, and the exhaustive draw then wrote a nagashi mask its own decode refused.
/// Rounds won by greedy bots (tsumo and ron), four and three players, finished and mid-way.
#[test]
fn full_decode_of_flipped_rounds_stays_a_round() {
    use super::bot::Greedy;
    use crate::game::trusted_tests;
    for config in [Config::TENHOU, Config::TENHOU_SANMA] {
        let mut wins = 0;
        for seed in 0..40u64 {
            let mut round = Round::seeded(&config, seed).unwrap();
            let mut bots = [
                Greedy::new(seed),
                Greedy::new(seed + 1),
                Greedy::new(seed + 2),
                Greedy::new(seed + 3),
            ];
            let mut middle = None;
            let mut steps = 0;
            while let Some(seat) = round.to_act() {
                let action = bots[usize::from(seat.0)].choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
                steps += 1;
                if steps == 40 {
                    middle = Some(round.clone());
                }
            }
            let outcome = round.outcome().unwrap();
            if outcome.wins.iter().any(Option::is_some) {
                trusted_tests::full_decode_flips_stay_rounds(&round, 1);
                if let Some(middle) = middle {
                    trusted_tests::full_decode_flips_stay_rounds(&middle, 3);
                }
                wins += 1;
                if wins == 3 {
                    break;
                }
            }
        }
        assert_eq!(wins, 3, "three won rounds among 40 greedy deals");
    }
}

/// The absent seat of three players holds no record: a discard, Norths set aside, a riichi or a
/// pao named for seat 3 is refused by the full decode. A flipped discard naming seat 3 once
/// decoded (the C fuzz loop), and the exhaustive draw then paid it nagashi mangan.
#[test]
fn three_player_records_of_the_absent_seat_are_refused() {
    use super::round::POND_SEAT;
    let mut round = Round::seeded(&Config::TENHOU_SANMA, 7).unwrap();
    let mut bot = Lowest;
    for _ in 0..12 {
        let seat = round.to_act().unwrap();
        let action = bot.choose(&round, seat).unwrap();
        round.apply(seat, action).unwrap();
    }
    assert!(round.pond_len > 3);
    let decodes = |r: &Round| {
        let mut bytes = [0u8; ENCODED_BYTES];
        let n = game::Round::encode(r, &mut bytes).unwrap();
        Round::decode(&bytes[..n]).map(|_| ())
    };
    assert_eq!(decodes(&round), Ok(()));
    let mut forged = round.clone();
    forged.pond_flags[0] |= POND_SEAT;
    assert!(decodes(&forged).is_err(), "a discard by seat 3");
    for field in 0..3 {
        let mut forged = round.clone();
        match field {
            0 => forged.nuki[3] = 1,
            1 => forged.riichi[3] = 1,
            _ => forged.pao[3] = 1,
        }
        assert!(decodes(&forged).is_err(), "record {field} of seat 3");
    }
}

/// An open window waits for at least one seat: the full decode refuses a call window whose
/// pending mask is empty (found by the flip stress of `game::trusted_tests`: bit 0 of the
/// pending byte of a call window, preset `tenhou-east`, seed 71, decoded to a round with no
/// seat to act and no outcome), in four- and three-player rounds.
#[test]
fn open_windows_wait_for_a_seat() {
    use super::round::PHASE_CALLS;
    let decodes = |r: &Round| {
        let mut bytes = [0u8; ENCODED_BYTES];
        let n = game::Round::encode(r, &mut bytes).unwrap();
        Round::decode(&bytes[..n]).map(|_| ())
    };
    for config in [Config::TENHOU, Config::TENHOU_SANMA] {
        let mut windows = 0;
        for seed in 0..20u64 {
            let mut round = Round::seeded(&config, seed).unwrap();
            let mut bot = Uniform::new(seed);
            while let Some(seat) = round.to_act() {
                if round.phase == PHASE_CALLS {
                    windows += 1;
                    assert_eq!(decodes(&round), Ok(()));
                    let mut forged = round.clone();
                    forged.pending = 0;
                    assert_eq!(forged.to_act(), None);
                    assert_eq!(forged.outcome(), None);
                    assert_eq!(
                        decodes(&forged),
                        Err(Error::InvalidState {
                            why: "an open window waits for no seat"
                        })
                    );
                }
                let action = bot.choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
            }
        }
        assert!(windows > 20, "{windows} call windows");
    }
}

/// Only a match made by [`Match::new_given`] deals its rounds from the caller
/// ([`game::Match::deals_given`], which the C ABI's decode refuses): bit 0 of the flag byte of a
/// seeded match's encoding (byte 9) makes it one, which the C ABI once decoded and which then
/// stopped after its round, neither over nor with a seat to act.
#[test]
fn a_match_says_whether_its_deals_are_given() {
    use super::Deal;
    let seeded = Match::new(&Config::TENHOU, 5).unwrap();
    assert!(!game::Match::deals_given(&seeded));
    let given = Match::new_given(&Config::TENHOU, &Deal::Seeded(5)).unwrap();
    assert!(game::Match::deals_given(&given));
    let mut bytes = vec![0u8; <Match as game::Match>::ENCODED_BYTES];
    let n = seeded.encode(&mut bytes).unwrap();
    bytes[9] ^= 1;
    let flipped = Match::decode(&bytes[..n]).unwrap();
    assert!(
        game::Match::deals_given(&flipped),
        "the Rust decode keeps a match of given deals"
    );
}

/// One dora indicator at the deal and one per kan (a closed kan's at once, an open or added
/// kan's pending until the next discard or kan): the full decode refuses any other count (found
/// by the flip stress of `game::trusted_tests`: bit 1 of the dora count, preset
/// `tenhou-sanma-east` match seed 1270, made 3 indicators of one kan with one pending, within
/// the old bound `kans + 2`; the reveal then carried the count past it and the next state did
/// not decode). Rounds of random actions (kans among them), four and three players.
#[test]
fn dora_indicators_follow_the_kans() {
    let decodes = |r: &Round| {
        let mut bytes = [0u8; ENCODED_BYTES];
        let n = game::Round::encode(r, &mut bytes).unwrap();
        Round::decode(&bytes[..n]).map(|_| ())
    };
    let refused = Err(Error::InvalidState {
        why: "dora count out of range",
    });
    let (mut with_kans, mut pending) = (0, 0);
    for config in [Config::TENHOU, Config::TENHOU_SANMA] {
        for seed in 0..100u64 {
            let mut round = Round::seeded(&config, seed).unwrap();
            let mut bot = Uniform::new(seed);
            loop {
                assert_eq!(decodes(&round), Ok(()));
                if round.kans > 0 {
                    with_kans += 1;
                    pending += usize::from(round.dora_pending);
                    let mut forged = round.clone();
                    forged.dora_pending = !forged.dora_pending;
                    assert_eq!(decodes(&forged), refused, "seed {seed}: the pending flag flipped");
                    for dora in [round.dora - 1, round.dora + 1] {
                        let mut forged = round.clone();
                        forged.dora = dora;
                        assert_eq!(decodes(&forged), refused, "seed {seed}: {dora} indicators");
                    }
                }
                let Some(seat) = round.to_act() else { break };
                let action = bot.choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
            }
        }
    }
    assert!(
        with_kans > 50 && pending > 5,
        "{with_kans} states after a kan, {pending} pending"
    );
}

/// The full decode in place (the C ABI's `parlor_round_decode` / `parlor_match_decode`) gives
/// what the by-value decode gives, for every byte flip of rounds and matches won, drawn and
/// mid-way (the same value or the same error); a decoded match's finished round is one whose
/// outcome scores (the checks the match's decode once made itself), and the deltas worked out
/// without the outcome are the outcome's.
#[test]
fn full_decode_in_place_is_the_full_decode() {
    use super::bot::Greedy;
    use super::game_match::MATCH_ENCODED_BYTES;
    use super::round::PHASE_OVER;
    use core::mem::MaybeUninit;
    let check_round = |round: &Round| {
        let mut bytes = [0u8; ENCODED_BYTES];
        round.encode(&mut bytes).unwrap();
        for i in 0..bytes.len() {
            for bit in [0, 3, 7] {
                let mut flipped = bytes;
                flipped[i] ^= 1 << bit;
                let mut place = MaybeUninit::uninit();
                let in_place = Round::decode_in(&mut place, &flipped).map(|r| r.clone());
                assert_eq!(in_place, Round::decode(&flipped), "byte {i} bit {bit}");
                if let Ok(decoded) = in_place {
                    let by_outcome = decoded.outcome().map(|o| Round::outcome_scores(&o));
                    assert_eq!(game::Round::outcome_deltas(&decoded), by_outcome, "byte {i} bit {bit}");
                    assert_eq!(by_outcome.is_some(), decoded.phase == PHASE_OVER, "byte {i} bit {bit}");
                }
            }
        }
    };
    let check_match = |game: &Match| {
        let mut bytes = [0u8; MATCH_ENCODED_BYTES];
        game.encode(&mut bytes).unwrap();
        let mut place = MaybeUninit::uninit();
        assert_eq!(Match::decode_in(&mut place, &bytes).map(|m| &*m), Ok(game));
        for i in (0..bytes.len()).step_by(3) {
            let mut flipped = bytes;
            flipped[i] ^= 1 << (i % 8);
            let mut place = MaybeUninit::uninit();
            if let Ok(decoded) = Match::decode_in(&mut place, &flipped) {
                assert_eq!(
                    decoded.round.outcome().is_some(),
                    decoded.round.phase == PHASE_OVER,
                    "byte {i}"
                );
            }
        }
    };
    for config in [Config::TENHOU, Config::TENHOU_SANMA] {
        for seed in 0..6u64 {
            let mut round = Round::seeded(&config, seed).unwrap();
            let mut bots = [
                Greedy::new(seed),
                Greedy::new(seed + 1),
                Greedy::new(seed + 2),
                Greedy::new(seed + 3),
            ];
            let mut steps = 0;
            while let Some(seat) = round.to_act() {
                if steps % 23 == 0 {
                    check_round(&round);
                }
                let action = bots[usize::from(seat.0)].choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
                steps += 1;
            }
            check_round(&round);
        }
        let mut game = Match::new(&config, 5).unwrap();
        let mut bots = [Greedy::new(1), Greedy::new(2), Greedy::new(3), Greedy::new(4)];
        let mut steps = 0;
        while let Some(seat) = game.round().to_act() {
            if steps % 41 == 0 || game.round.phase == PHASE_OVER {
                check_match(&game);
            }
            let action = bots[usize::from(seat.0)].choose(game.round(), seat).unwrap();
            game.apply(seat, action).unwrap();
            steps += 1;
            if steps > 3000 {
                break;
            }
        }
        check_match(&game);
    }
}

/// [`Match::apply_deltas`] (the C ABI's `parlor_match_apply`) leaves the match [`Match::apply`]
/// leaves and reports the step's deltas and end, through whole matches of four and three
/// players (wins, draws and the deals after them), refusals included.
#[test]
fn apply_deltas_is_apply() {
    use super::bot::Greedy;
    for (config, seed) in [
        (Config::TENHOU, 3u64),
        (Config::TENHOU_SANMA, 4),
        (Config::TENHOU_EAST, 9),
    ] {
        let mut game = Match::new(&config, seed).unwrap();
        let mut twin = game.clone();
        let mut bots = [
            Greedy::new(seed),
            Greedy::new(seed + 1),
            Greedy::new(seed + 2),
            Greedy::new(seed + 3),
        ];
        let mut rounds = 0;
        for _ in 0..20_000 {
            let Some(seat) = game.round().to_act() else { break };
            let action = bots[usize::from(seat.0)].choose(game.round(), seat).unwrap();
            let step = game.apply(seat, action).unwrap();
            let (deltas, over) = twin.apply_deltas(seat, action).unwrap();
            assert_eq!(deltas, step.finished.map(|o| Round::outcome_scores(&o)));
            assert_eq!(over, step.match_over);
            assert_eq!(twin, game);
            rounds += usize::from(deltas.is_some());
        }
        assert!(rounds > 2, "{rounds} rounds");
        assert!(game.is_over());
        assert_eq!(
            game.apply(Seat(0), Action::Pass).map(|_| ()),
            twin.apply_deltas(Seat(0), Action::Pass).map(|_| ())
        );
    }
}

/// The view text as the round's [`super::Observation`] gives it (session 16's writer, from the
/// observation): an oracle for `write_view`, which reads the round itself (no observation on
/// the stack).
fn view_from_observation(obs: &super::Observation, red: bool) -> String {
    use super::Phase;
    use super::score::{MeldKind, Wind};
    let wind = |w: Wind| match w {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    };
    let id = |id: u8| match Tile::new(id >> 2) {
        Some(tile) if red && matches!(id, 16 | 52 | 88) => format!("0{}", tile.suit().letter()),
        Some(tile) => tile.to_string(),
        None => format!("?{id}"),
    };
    let start = &obs.start;
    let mut out = format!(
        "mahjong: seat {} ({}), {} {}, honba {}, sticks {}, dealer {}\n",
        obs.seat.0,
        wind(start.seat_wind_in(obs.seat, obs.players)),
        wind(start.round_wind),
        (start.dealer.0 & 3) + 1,
        start.honba,
        obs.sticks,
        start.dealer.0
    );
    out += &match obs.phase {
        Phase::Turn { seat } => format!("turn: seat {}\n", seat.0),
        Phase::Calls { discarder, tile } => {
            format!("call window: seat {} discarded {} (id {tile})\n", discarder.0, id(tile))
        }
        Phase::Chankan { seat, tile } => format!("chankan window: seat {} added {} (id {tile})\n", seat.0, id(tile)),
        Phase::Over => "over\n".to_string(),
    };
    if obs.may_act {
        out += "you may act\n";
    }
    let own: Vec<u8> = obs.hand().iter().copied().filter(|&t| Some(t) != obs.drawn).collect();
    out += "hand:";
    for &t in &own {
        out += &format!(" {}", id(t));
    }
    out += "\nids:";
    for &t in &own {
        out += &format!(" {t}");
    }
    out += "\n";
    if let Some(t) = obs.drawn {
        out += &format!("drawn: {} (id {t})\n", id(t));
    }
    for s in 0..obs.players {
        let seat = Seat(s);
        let i = usize::from(s);
        out += &format!(
            "seat {s} ({}): {} tiles, {} points{}; melds:",
            wind(start.seat_wind_in(seat, obs.players)),
            obs.hand_counts[i],
            obs.scores[i],
            if obs.riichi[i] { ", riichi" } else { "" }
        );
        if obs.nukidora[i] > 0 {
            out += &format!(" north x{},", obs.nukidora[i]);
        }
        let melds = obs.melds(seat);
        if melds.is_empty() {
            out += " -";
        }
        for (k, meld) in melds.iter().enumerate() {
            out += if k == 0 { " " } else { ", " };
            out += match meld.kind {
                MeldKind::Chii => "chii",
                MeldKind::Pon => "pon",
                MeldKind::Minkan => "kan",
                MeldKind::Shouminkan => "added-kan",
                MeldKind::Ankan => "closed-kan",
            };
            for &t in meld.tiles() {
                out += &format!(" {}", id(t));
            }
            if let Some(from) = meld.from() {
                out += &format!(" <{}", from.0);
            }
        }
        out += "; discards:";
        let mut any = false;
        for d in obs.discards().iter().filter(|d| d.seat == seat) {
            any = true;
            out += &format!(" {}", id(d.tile));
            if d.riichi {
                out += "*";
            }
            if d.called {
                out += "'";
            }
        }
        if !any {
            out += " -";
        }
        out += "\n";
    }
    out += "dora indicators:";
    for &t in obs.dora_indicators() {
        out += &format!(" {}", id(t));
    }
    out += &format!("; wall {} left\n", obs.wall_left);
    out
}

/// `write_view` (written from the round) is the text of the seat's observation at every step of
/// random rounds under every preset (four and three players, red fives or not, calls, riichi,
/// Norths set aside), for every seat of the table.
#[test]
fn the_view_is_the_observations_text() {
    // Views that show a meld, a riichi, a North set aside, a red five, a call window.
    let mut shown = [false; 5];
    for seed in 0..24u64 {
        let config = Config::PRESETS[(seed % Config::PRESETS.len() as u64) as usize].1;
        let mut round = Round::seeded(&config, seed).unwrap();
        let mut bots = [
            RandomBot::new(seed),
            RandomBot::new(seed + 1),
            RandomBot::new(seed + 2),
            RandomBot::new(seed + 3),
        ];
        let mut steps = 0;
        loop {
            for s in 0..round.players() {
                let mut text = String::new();
                round.write_view(Seat(s), &mut text).unwrap();
                let obs = round.observation(Seat(s)).unwrap();
                assert_eq!(
                    text,
                    view_from_observation(&obs, config.score.red_fives),
                    "seed {seed} step {steps} seat {s}"
                );
                for (seen, mark) in
                    shown
                        .iter_mut()
                        .zip(["; melds: pon", ", riichi;", " north x", " 0m", "call window"])
                {
                    *seen |= text.contains(mark);
                }
            }
            let Some(seat) = game::Round::to_act(&round) else { break };
            let action = Bot::choose(&mut bots[usize::from(seat.0)], &round, seat).unwrap();
            game::Round::apply(&mut round, seat, action).unwrap();
            steps += 1;
            assert!(steps < 1000);
        }
    }
    assert_eq!(shown, [true; 5]);
}

/// The old way: a flag of a config by a string match on its key.
fn naive_flag<'a>(config: &'a mut Config, key: &str) -> Option<&'a mut bool> {
    let s = &mut config.score;
    Some(match key {
        "open-tanyao" => &mut s.open_tanyao,
        "red-fives" => &mut s.red_fives,
        "kan-dora" => &mut s.kan_dora,
        "ura-dora" => &mut s.ura_dora,
        "kiriage" => &mut s.kiriage,
        "composite-yakuman" => &mut s.composite_yakuman,
        "double-kokushi-13" => &mut s.double_kokushi_13,
        "double-suuankou-tanki" => &mut s.double_suuankou_tanki,
        "double-junsei-chuuren" => &mut s.double_junsei_chuuren,
        "double-daisuushii" => &mut s.double_daisuushii,
        "three-player" => &mut s.three_player,
        "extension" => &mut config.extension,
        "abort-triple-ron" => &mut config.abort_triple_ron,
        "abort-nine-terminals" => &mut config.abort_nine_terminals,
        "abort-four-winds" => &mut config.abort_four_winds,
        "abort-four-riichi" => &mut config.abort_four_riichi,
        "abort-four-kans" => &mut config.abort_four_kans,
        "kuikae-forbidden" => &mut config.kuikae_forbidden,
        "busting" => &mut config.busting,
        "nagashi-mangan" => &mut config.nagashi_mangan,
        "pao" => &mut config.pao,
        "pao-tsumo-whole-hand" => &mut config.pao_tsumo_whole_hand,
        "agari-yame" => &mut config.agari_yame,
        "tenpai-yame" => &mut config.tenpai_yame,
        "kokushi-robs-ankan" => &mut config.kokushi_robs_ankan,
        _ => return None,
    })
}

#[test]
fn key_positions_name_their_keys() {
    use crate::game::Rules;
    let keys = <Config as Rules>::KEYS;
    for (at, name) in [
        (KAZOE, "kazoe"),
        (DOUBLE_WIND_PAIR_FU, "double-wind-pair-fu"),
        (ROUNDS, "rounds"),
        (START_POINTS, "start-points"),
        (TARGET_POINTS, "target-points"),
        (MULTI_RON, "multi-ron"),
    ] {
        assert_eq!(keys[at].name, name);
    }
    // Each flag by position is the field the old string match named (set alone, it alone
    // changes), and the other keys are no flag.
    for (at, key) in keys.iter().enumerate() {
        let mut old = Config::default();
        let mut new = Config::default();
        match (naive_flag(&mut old, key.name), flag_at(&mut new, at)) {
            (Some(a), Some(b)) => {
                *a = !*a;
                *b = !*b;
            }
            (None, None) => {}
            _ => panic!("{} is a flag in one way only", key.name),
        }
        assert_eq!(old, new, "{}", key.name);
        assert_eq!(key_at(key.name), Some(at));
    }
    assert_eq!(key_at("no-such-key"), None);
}
