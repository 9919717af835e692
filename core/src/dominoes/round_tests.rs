//! Unit tests of [`Round`](super::Round) (a child of [`round`](super)).
extern crate std;
use std::string::String;
use std::vec::Vec;

use super::*;
use crate::dominoes::{Match, RandomBot};
use crate::game::bot::lowest_legal_action;

fn text(tiles: impl Iterator<Item = Tile>) -> String {
    let list: Vec<String> = tiles.map(|tile| std::format!("{tile}")).collect();
    list.join(" ")
}

fn t(a: u32, b: u32) -> Tile {
    Tile::new(a, b)
}

fn rest(hands: &[&[Tile]], high: u32) -> Vec<Tile> {
    Tile::set(high)
        .filter(|tile| !hands.iter().any(|hand| hand.contains(tile)))
        .collect()
}

fn play(tile: Tile, on: Option<Tile>) -> Action {
    Action::Play { tile, on }
}

#[test]
fn sizes_are_within_the_budget() {
    assert_eq!(core::mem::size_of::<Round>(), 512);
    assert!(core::mem::size_of::<Round>() <= 512);
    assert_eq!(core::mem::size_of::<Match>(), 536);
    assert!(core::mem::size_of::<Match>() <= 768);
    assert_eq!(ENCODED_BYTES, 513);
}

/// The raw form (`game::Round::raw_ref`): a round's own bytes read back as the same round at
/// every step of a hand, played in place as by value; a byte that is no enum variant or flag,
/// or a config that does not validate, is refused; a wrong length or alignment too.
#[test]
fn raw_bytes_read_back_in_place_and_invalid_bytes_are_refused() {
    use crate::game::Round as _;
    use zerocopy::IntoBytes;
    let size = core::mem::size_of::<Round>();
    for (config, seed) in [
        (Config::FIVE_UP, 3u64),
        (Config::ALL_FIVES.with_players(4), 8),
        (Config::BLOCK, 1),
    ] {
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut words = [0u64; 72];
        words.as_mut_bytes()[..size].copy_from_slice(round.raw_bytes());
        while let Some(seat) = round.to_act() {
            assert_eq!(Round::raw_ref(&words.as_bytes()[..size]), Some(&round));
            let action = lowest_legal_action(&round, seat).unwrap();
            let by_value = round.apply(seat, action).unwrap();
            let in_place = Round::raw_mut(&mut words.as_mut_bytes()[..size]).unwrap();
            assert_eq!(in_place.apply(seat, action).unwrap(), by_value);
        }
        assert_eq!(words.as_bytes()[..size], *round.raw_bytes());
        assert_eq!(Round::raw_ref(&words.as_bytes()[..size - 1]), None);
        assert_eq!(Round::raw_ref(&words.as_bytes()[1..=size]), None);
        let config_at = core::mem::offset_of!(Round, config);
        for (field, value) in [
            (core::mem::offset_of!(Config, spinner), 3u8),
            (core::mem::offset_of!(Config, draw), 3),
            (core::mem::offset_of!(Config, unit), 2),
            (core::mem::offset_of!(Config, leader), 0xFF),
            (core::mem::offset_of!(Config, partnerships), 2),
            (core::mem::offset_of!(Config, high), 7),
            (core::mem::offset_of!(Round, drew) - config_at, 2),
        ] {
            let mut bad = words;
            bad.as_mut_bytes()[config_at + field] = value;
            assert_eq!(Round::raw_ref(&bad.as_bytes()[..size]), None, "byte {field}");
            assert!(Round::raw_mut(&mut bad.as_mut_bytes()[..size]).is_none());
        }
    }
}

/// The in-place forms the C calls use answer as the by-value ones: a deal, a decode, and an
/// update that keeps the bytes when the action is illegal.
#[test]
fn in_place_deal_decode_and_update_match_the_by_value_forms() {
    for seed in 0..20u64 {
        let config = [Config::FIVE_UP, Config::ALL_FIVES, Config::BLOCK][seed as usize % 3];
        let deal = Deal::Seeded(seed);
        let round = Round::new(&config, &deal).unwrap();
        assert_eq!(Round::new_with(&config, &deal, Round::clone).unwrap(), round);
        let mut bytes = [0u8; ENCODED_BYTES];
        round.encode(&mut bytes).unwrap();
        assert_eq!(Round::decode_with(&bytes, |decoded| decoded.clone()).unwrap(), round);
        let seat = round.to_act().unwrap();
        let before = bytes;
        let illegal = Action::Play {
            tile: t(0, 0),
            on: Some(t(9, 9)),
        };
        assert!(Round::update_encoded(&mut bytes, |r| r.apply(seat, illegal)).is_err());
        assert_eq!(bytes, before, "an illegal action leaves the bytes unchanged");
        let action = lowest_legal_action(&round, seat).unwrap();
        let mut expected = round.clone();
        let event = expected.apply(seat, action).unwrap();
        assert_eq!(Round::update_encoded(&mut bytes, |r| r.apply(seat, action)), Ok(event));
        assert_eq!(Round::decode(&bytes).unwrap(), expected);
        let mut garbage = bytes;
        garbage[0] ^= 0xFF;
        assert!(Round::decode_with(&garbage, |_| ()).is_err());
    }
}

#[test]
fn seeded_deals_are_pinned() {
    // Seat 0 takes shuffled positions 0..5, seat 1 positions 5..10, the boneyard the rest
    // (hands listed by tile id). Checked against an independent script of the documented
    // algorithm (SplitMix64, Lemire, Fisher-Yates over 0-0 0-1 … 6-6).
    let cases = [
        (
            0u64,
            "0-1 2-2 1-4 5-5 3-6",
            "3-4 3-5 4-5 2-6 5-6",
            0u8,
            "2-3 0-5 0-6 1-3 2-4 1-2 1-6 4-4 3-3 0-4 2-5 0-3 1-1 0-2 6-6 0-0 1-5 4-6",
        ),
        (
            1,
            "0-1 0-3 1-3 0-4 3-6",
            "0-0 2-2 2-5 1-6 4-6",
            1,
            "1-2 2-3 0-2 0-6 3-3 4-4 5-6 1-1 6-6 0-5 4-5 3-4 2-6 1-4 1-5 5-5 3-5 2-4",
        ),
        (
            42,
            "3-3 1-4 2-4 1-6 3-6",
            "2-2 2-3 4-4 4-5 2-6",
            1,
            "0-5 0-1 0-2 1-3 5-5 6-6 4-6 0-3 1-5 0-6 2-5 5-6 3-4 0-0 1-2 1-1 0-4 3-5",
        ),
    ];
    for (seed, zero, one, leader, boneyard) in cases {
        let round = Round::new(&Config::FIVE_UP, &Deal::Seeded(seed)).unwrap();
        assert_eq!(text(round.hand(Seat(0))), zero, "seed {seed}");
        assert_eq!(text(round.hand(Seat(1))), one, "seed {seed}");
        assert_eq!(round.to_act(), Some(Seat(leader)), "seed {seed}");
        let order = (round.cursor as usize..28).map(|position| tile_of(round.deck[position]));
        assert_eq!(text(order), boneyard, "seed {seed}");
    }
}

#[test]
fn a_whole_five_up_hand_scores_as_the_rules_say() {
    let hands: [&[Tile]; 2] = [
        &[t(5, 5), t(5, 0), t(1, 2), t(2, 3), t(0, 0)],
        &[t(5, 6), t(4, 4), t(1, 1), t(0, 3), t(3, 3)],
    ];
    let boneyard = rest(&hands, 6);
    let mut round = Round::new(
        &Config::FIVE_UP,
        &Deal::Given {
            hands: &hands,
            boneyard: &boneyard,
        },
    )
    .unwrap();
    assert_eq!(round.to_act(), Some(Seat(0)));
    let played = |open_total, points| Event::Played {
        open_total,
        points,
        hand_over: false,
    };
    let script: [(u8, Action, Event); 11] = [
        (0, play(t(5, 5), None), played(10, 2)),
        (1, play(t(5, 6), Some(t(5, 5))), played(16, 0)),
        (0, play(t(5, 0), Some(t(5, 5))), played(6, 0)),
        (1, play(t(0, 3), Some(t(5, 0))), played(9, 0)),
        (0, play(t(2, 3), Some(t(0, 3))), played(8, 0)),
        (1, Action::Draw, Event::Drew { tile: t(0, 1) }),
        (1, Action::Draw, Event::Drew { tile: t(0, 2) }),
        (1, play(t(0, 2), Some(t(2, 3))), played(6, 0)),
        (0, play(t(0, 0), Some(t(0, 2))), played(6, 0)),
        (1, play(t(0, 1), Some(t(0, 0))), played(7, 0)),
        (
            0,
            play(t(1, 2), Some(t(0, 1))),
            Event::Played {
                open_total: 8,
                points: 0,
                hand_over: true,
            },
        ),
    ];
    for (step, (seat, action, event)) in script.into_iter().enumerate() {
        let mut legal = [Action::Pass; 8];
        let total = round.legal_actions(Seat(seat), &mut legal);
        assert!(
            legal[..total.min(8)].contains(&action),
            "step {step}: {action} not in {:?}",
            &legal[..total]
        );
        assert_eq!(round.apply(Seat(seat), action), Ok(event), "step {step}");
        let copy = Round::decode(&{
            let mut bytes = [0u8; ENCODED_BYTES];
            round.encode(&mut bytes).unwrap();
            bytes
        })
        .unwrap();
        assert_eq!(copy, round);
    }
    // Seat 1 holds 4-4 1-1 3-3: 16 pips → (16 + 2) / 5 = 3.
    let outcome = round.outcome().unwrap();
    assert_eq!(outcome.end, End::Domino { seat: Seat(0) });
    assert_eq!(outcome.bonus, Some((Seat(0), 3)));
    assert_eq!(outcome.scores, [5, 0, 0, 0]);
    assert_eq!(outcome.winner, Some(Seat(0)));
    assert_eq!(round.to_act(), None);
    assert_eq!(round.apply(Seat(1), Action::Pass), Err(Error::RoundOver));
}

#[test]
fn illegal_actions_are_typed_errors_and_change_nothing() {
    let hands: [&[Tile]; 2] = [
        &[t(5, 5), t(5, 0), t(1, 2), t(2, 3), t(0, 0)],
        &[t(5, 6), t(4, 4), t(1, 1), t(0, 3), t(3, 3)],
    ];
    let boneyard = rest(&hands, 6);
    let mut round = Round::new(
        &Config::FIVE_UP,
        &Deal::Given {
            hands: &hands,
            boneyard: &boneyard,
        },
    )
    .unwrap();
    let before = round.clone();
    assert_eq!(round.apply(Seat(1), Action::Draw), Err(Error::NotYourTurn { seat: 1 }));
    assert_eq!(round.apply(Seat(2), Action::Draw), Err(Error::NoSuchSeat { seat: 2 }));
    assert_eq!(round.apply(Seat(0), Action::Draw), Err(Error::MustPlay));
    assert_eq!(round.apply(Seat(0), Action::Pass), Err(Error::MustPlay));
    assert_eq!(
        round.apply(Seat(0), play(t(6, 6), None)),
        Err(Error::NotInHand { tile: t(6, 6) })
    );
    assert_eq!(
        round.apply(Seat(0), play(t(5, 5), Some(t(5, 0)))),
        Err(Error::OpeningTakesNoPlacement)
    );
    assert_eq!(round, before);
    round.apply(Seat(0), play(t(5, 5), None)).unwrap();
    round.apply(Seat(1), play(t(5, 6), Some(t(5, 5)))).unwrap();
    round.apply(Seat(0), play(t(5, 0), Some(t(5, 5)))).unwrap();
    let before = round.clone();
    // 5-5's sides are covered; its ends take tiles now but 0-3 shows no 5.
    assert_eq!(
        round.apply(Seat(1), play(t(0, 3), Some(t(5, 5)))),
        Err(Error::NoOpenEndOn {
            tile: t(0, 3),
            on: t(5, 5)
        })
    );
    assert_eq!(round.apply(Seat(1), play(t(0, 3), None)), Err(Error::PlacementRequired));
    assert_eq!(
        round.apply(Seat(1), play(t(0, 3), Some(t(2, 3)))),
        Err(Error::NotInLayout { on: t(2, 3) })
    );
    assert_eq!(round, before);
    round.apply(Seat(1), play(t(0, 3), Some(t(5, 0)))).unwrap();
    let before = round.clone();
    // 0-3 covered 5-0's 0 end: 0-0 cannot go there.
    assert_eq!(
        round.apply(Seat(0), play(t(0, 0), Some(t(5, 0)))),
        Err(Error::NoOpenEndOn {
            tile: t(0, 0),
            on: t(5, 0)
        })
    );
    assert_eq!(round, before);
    round.apply(Seat(0), play(t(2, 3), Some(t(0, 3)))).unwrap();
    let before = round.clone();
    assert_eq!(round.apply(Seat(1), Action::Pass), Err(Error::MustDraw));
    assert_eq!(round, before);
}

#[test]
fn a_blocked_block_game_scores_the_lower_hand() {
    let hands: [&[Tile]; 2] = [
        &[t(0, 0), t(1, 1), t(2, 2), t(3, 3), t(4, 4), t(5, 5), t(6, 6)],
        &[t(0, 1), t(0, 2), t(0, 3), t(0, 4), t(0, 5), t(1, 2), t(1, 3)],
    ];
    let boneyard = rest(&hands, 6);
    let mut round = Round::new(
        &Config::BLOCK,
        &Deal::Given {
            hands: &hands,
            boneyard: &boneyard,
        },
    )
    .unwrap();
    assert_eq!(round.to_act(), Some(Seat(0)));
    let event = round.apply(Seat(0), play(t(6, 6), None)).unwrap();
    assert_eq!(
        event,
        Event::Played {
            open_total: 12,
            points: 0,
            hand_over: false
        }
    );
    assert_eq!(round.legal_actions(Seat(1), &mut []), 1);
    assert_eq!(round.apply(Seat(1), Action::Draw), Err(Error::CannotDraw));
    assert_eq!(
        round.apply(Seat(1), Action::Pass),
        Ok(Event::Passed { hand_over: false })
    );
    assert_eq!(
        round.apply(Seat(0), Action::Pass),
        Ok(Event::Passed { hand_over: true })
    );
    // Seat 0 holds 30 pips, seat 1 22: seat 1 scores 30, rounded to five: 30.
    let outcome = round.outcome().unwrap();
    assert_eq!(outcome.end, End::Blocked);
    assert_eq!(outcome.scores, [0, 30, 0, 0]);
    assert_eq!(outcome.winner, Some(Seat(1)));
}

#[test]
fn observations_hide_the_other_seats_tiles() {
    let hands: [&[Tile]; 2] = [
        &[t(5, 5), t(5, 0), t(1, 2), t(2, 3), t(0, 0)],
        &[t(5, 6), t(4, 4), t(1, 1), t(0, 3), t(3, 3)],
    ];
    // The same deal with one of seat 1's tiles swapped with a boneyard tile.
    let other: [&[Tile]; 2] = [hands[0], &[t(5, 6), t(4, 4), t(2, 4), t(0, 3), t(3, 3)]];
    let boneyard = rest(&hands, 6);
    let mut swapped = boneyard.clone();
    let at = swapped.iter().position(|&tile| tile == t(2, 4)).unwrap();
    swapped[at] = t(1, 1);
    let mut a = Round::new(
        &Config::FIVE_UP,
        &Deal::Given {
            hands: &hands,
            boneyard: &boneyard,
        },
    )
    .unwrap();
    let mut b = Round::new(
        &Config::FIVE_UP,
        &Deal::Given {
            hands: &other,
            boneyard: &swapped,
        },
    )
    .unwrap();
    for (seat, action) in [(0, play(t(5, 5), None)), (1, play(t(5, 6), Some(t(5, 5))))] {
        assert_eq!(a.observation(Seat(0)), b.observation(Seat(0)));
        assert_ne!(a.observation(Seat(1)), b.observation(Seat(1)));
        a.apply(Seat(seat), action).unwrap();
        b.apply(Seat(seat), action).unwrap();
    }
    let seen = a.observation(Seat(0)).unwrap();
    assert_eq!(seen, b.observation(Seat(0)).unwrap());
    assert_eq!(text(seen.hand()), "0-0 1-2 2-3 0-5");
    assert_eq!(seen.hand_counts, [4, 4, 0, 0]);
    assert_eq!(seen.boneyard, 18);
    assert_eq!(seen.open_total, 16);
    let layout: Vec<_> = seen.layout().collect();
    assert_eq!(layout, [(t(5, 5), None), (t(5, 6), Some(t(5, 5)))]);
    assert_eq!(a.observation(Seat(2)), Err(Error::NoSuchSeat { seat: 2 }));
}

#[test]
fn configs_are_validated() {
    assert_eq!(Config::default(), Config::FIVE_UP);
    for config in [
        Config::FIVE_UP,
        Config::ALL_FIVES,
        Config::BLOCK,
        Config::FIVE_UP.with_players(4),
    ] {
        assert_eq!(config.validate(), Ok(()));
    }
    let bad = |config: Config| matches!(config.validate(), Err(Error::InvalidConfig { .. }));
    assert!(bad(Config {
        high: 7,
        ..Config::FIVE_UP
    }));
    assert!(bad(Config::FIVE_UP.with_players(5)));
    assert!(bad(Config {
        partnerships: true,
        ..Config::FIVE_UP
    }));
    assert!(bad(Config {
        hand_size: 15,
        ..Config::FIVE_UP
    }));
    assert!(bad(Config {
        hand_size: 0,
        ..Config::FIVE_UP
    }));
    assert!(bad(Config {
        target: 0,
        ..Config::FIVE_UP
    }));
    assert!(!bad(Config {
        hand_size: 14,
        ..Config::FIVE_UP
    }));
    assert_eq!(Config::FIVE_UP.max_actions(), 7 * 3 * 4);
    assert_eq!(
        Config {
            high: 18,
            ..Config::FIVE_UP
        }
        .max_actions(),
        MAX_ACTIONS
    );
    let bad_deal = |hands: &[&[Tile]], boneyard: &[Tile]| {
        matches!(
            Round::new(&Config::FIVE_UP, &Deal::Given { hands, boneyard }),
            Err(Error::BadDeal { .. })
        )
    };
    let hands: [&[Tile]; 2] = [
        &[t(0, 0), t(0, 1), t(0, 2), t(0, 3), t(0, 4)],
        &[t(1, 1), t(1, 2), t(1, 3), t(1, 4), t(1, 5)],
    ];
    let boneyard = rest(&hands, 6);
    assert!(!bad_deal(&hands, &boneyard));
    assert!(bad_deal(&hands, &boneyard[1..]));
    assert!(bad_deal(&hands[..1], &boneyard));
    let twice: [&[Tile]; 2] = [&[t(0, 0), t(0, 1), t(0, 2), t(0, 3), t(0, 0)], hands[1]];
    assert!(bad_deal(&twice, &boneyard));
    let outside: [&[Tile]; 2] = [&[t(0, 7), t(0, 1), t(0, 2), t(0, 3), t(0, 4)], hands[1]];
    assert!(bad_deal(&outside, &boneyard));
}

#[test]
fn random_games_round_trip_and_random_bytes_never_decode_to_nonsense() {
    let mut finished = 0;
    for seed in 0..300u64 {
        let high = [6u8, 9, 12, 15, 18][seed as usize % 5];
        let base = [Config::FIVE_UP, Config::ALL_FIVES, Config::BLOCK][seed as usize % 3];
        let config = Config {
            high,
            ..base.with_players(2 + (seed % 3) as u8)
        };
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut steps = 0;
        while let Some(seat) = round.to_act() {
            let action = if seed % 2 == 0 {
                bot.choose(&round, seat)
            } else {
                lowest_legal_action(&round, seat)
            };
            round.apply(seat, action.unwrap()).unwrap();
            let mut bytes = [0u8; ENCODED_BYTES];
            assert_eq!(round.encode(&mut bytes), Ok(ENCODED_BYTES));
            assert_eq!(Round::decode(&bytes).as_ref(), Ok(&round));
            // One flipped byte: an error or a valid round, never a panic.
            let at = (steps * 31 + seed as usize) % ENCODED_BYTES;
            bytes[at] ^= 0x5A;
            if let Ok(other) = Round::decode(&bytes) {
                let mut again = [0u8; ENCODED_BYTES];
                other.encode(&mut again).unwrap();
                assert_eq!(again, bytes);
            }
            steps += 1;
        }
        let outcome = round.outcome().unwrap();
        finished += 1;
        let tiles: usize = (0..config.players)
            .map(|seat| round.hand_len(Seat(seat)))
            .sum::<usize>()
            + round.layout().count()
            + round.boneyard_len();
        assert_eq!(tiles, config.set_tiles());
        if let End::Domino { seat } = outcome.end {
            assert_eq!(round.hand_len(seat), 0);
        }
    }
    assert_eq!(finished, 300);
    let mut rng = Rng::new(9);
    for _ in 0..2000 {
        let mut bytes = [0u8; ENCODED_BYTES];
        for byte in bytes.iter_mut() {
            *byte = rng.next_u32() as u8;
        }
        bytes[0] = FORMAT_VERSION;
        assert!(Round::decode(&bytes).is_err());
    }
}

/// Every play index's free points by the replay in play order (`frees_into`), as the takers of
/// each number and the open-end total: what `scan` must give.
fn replayed(round: &Round) -> ([u64; 19], u32) {
    let mut frees = Frees::new();
    round.frees_into(&mut frees).unwrap();
    let mut takers = [0u64; 19];
    for (index, &id) in round.deck.iter().take(usize::from(round.played)).enumerate() {
        let tile = tile_of(id);
        let free = frees.get(index);
        for pip in [tile.a, tile.b] {
            if free.takes(tile, pip) {
                takers[pip as usize] |= 1 << index;
            }
        }
    }
    (takers, round.total(&frees))
}

/// The scan (child counts as bits, then only the tiles that take a number), the placement
/// reading of a play (children and total), and the applies and choices built on them, agree with the replay in play order and the listed actions at every
/// step of random hands under every spinner rule, draw rule, seat count and set up to double-9 (55 tiles: the scan's
/// 64-tile reach), for every legal action's index, and every play of the seat's tiles on each
/// layout tile and on tiles the layout lacks; the events of a play carry the total the replay gives after it.
#[test]
fn the_scan_agrees_with_the_replay_and_the_listed_actions() {
    let configs = [
        Config::FIVE_UP,
        Config::ALL_FIVES,
        Config::BLOCK,
        Config::FIVE_UP.with_players(4),
        Config {
            high: 9,
            hand_size: 5,
            ..Config::FIVE_UP.with_players(3)
        },
        Config {
            high: 9,
            hand_size: 7,
            spinner: SpinnerRule::FirstDouble,
            draw: DrawRule::One,
            reserve: 2,
            ..Config::ALL_FIVES
        },
        Config {
            high: 9,
            hand_size: 10,
            spinner: SpinnerRule::None,
            ..Config::BLOCK.with_players(4)
        },
    ];
    let mut steps = 0usize;
    for config in configs {
        for seed in 0..150u64 {
            let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
            let mut bot = RandomBot::new(seed ^ 0x5eed);
            while let Some(seat) = round.to_act() {
                let mut scan = Scan::new();
                assert!(round.scan_scored(&mut scan).unwrap());
                let (takers, total) = replayed(&round);
                assert_eq!(&scan.takers[..19], &takers[..], "{config:?} seed {seed}");
                if round.played > 0 {
                    // The total a play's check reads, found on each layout tile.
                    for (index, &id) in round.deck[..usize::from(round.played)].iter().enumerate() {
                        let placed = round.placement(id, 0).unwrap().unwrap();
                        assert_eq!((placed.index, placed.total), (index, total), "{config:?} seed {seed}");
                    }
                    assert!(round.placement(u8::MAX, 0).unwrap().is_none());
                }
                assert_eq!(scan.total, total, "{config:?} seed {seed}");
                // The unscored scan finds the same takers.
                let mut plain = Scan::new();
                assert!(round.scan(&mut plain).unwrap());
                assert_eq!(plain.takers, scan.takers, "{config:?} seed {seed}");
                let mut listed = Vec::new();
                round.for_each_legal_action(seat, |action| listed.push(action));
                assert_eq!(round.count_legal_actions(seat), listed.len());
                // The scanned walks give the plays (and their points) of the walk by every
                // layout tile's free points, the one of the layouts past 64 tiles.
                let hand = round.hands[seat.index()];
                let mut wide = Vec::new();
                let plays = round.wide_plays(&hand, &mut |action| {
                    wide.push(action);
                    core::ops::ControlFlow::Continue(())
                });
                assert_eq!(plays, Some(wide.len()));
                let plays: Vec<Action> = listed
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Play { .. }))
                    .collect();
                assert_eq!(wide, plays, "{config:?} seed {seed}");
                let mut scored = Vec::new();
                round.for_each_legal_action_scored(seat, |action, points| scored.push((action, points)));
                let mut wide_scored = Vec::new();
                round.wide_scored(&hand, &mut |action, points| wide_scored.push((action, points)));
                assert_eq!(&scored[..wide_scored.len()], &wide_scored[..], "{config:?} seed {seed}");
                assert_eq!(scored.len(), listed.len());
                for (n, &action) in listed.iter().enumerate() {
                    assert_eq!(round.nth_legal_action(seat, n), Some(action));
                }
                assert_eq!(round.nth_legal_action(seat, listed.len()), None);
                assert_eq!(round.count_legal_actions(seat.next(config.players)), 0);
                if seed < 40 {
                    // Every action of the seat's tiles on every layout tile (and none), a draw
                    // and a pass, legal or not, for the seat to act and the next: the scanned
                    // and the replayed apply give the same answer and the same round.
                    let hand: Vec<Tile> = round.hand(seat).collect();
                    let layout: Vec<Tile> = round.layout().map(|(tile, _)| tile).collect();
                    let mut actions = std::vec![Action::Draw, Action::Pass];
                    for &tile in &hand {
                        actions.push(play(tile, None));
                        actions.push(play(Tile::new(tile.b, tile.a), None));
                        for &on in &layout {
                            actions.push(play(tile, Some(on)));
                            actions.push(play(Tile::new(tile.b, tile.a), Some(Tile::new(on.b, on.a))));
                        }
                        // On a tile the layout lacks (one in hand, one past the set).
                        actions.push(play(tile, Some(hand[0])));
                        actions.push(play(tile, Some(Tile::new(config.high.into(), 19))));
                    }
                    for who in [seat, seat.next(config.players)] {
                        for &action in &actions {
                            assert_eq!(
                                round.is_legal(who, action),
                                round.is_legal_checked(who, action),
                                "{config:?} seed {seed} {action:?}"
                            );
                            let (mut one, mut other) = (round.clone(), round.clone());
                            let mut third = round.clone();
                            let (scanned, wide) = if who == seat {
                                let mut scan = Scan::new();
                                assert!(one.scan(&mut scan).unwrap());
                                // The longer layouts' apply (the free points replayed) too.
                                (
                                    one.apply_scanned(who, action, scan.open, None),
                                    third.apply_wide(who, action),
                                )
                            } else {
                                (one.apply(who, action), third.apply(who, action))
                            };
                            let replayed = other.apply_replayed(who, action);
                            assert_eq!(scanned, replayed, "{config:?} seed {seed} {action:?}");
                            assert_eq!(wide, replayed, "{config:?} seed {seed} {action:?}");
                            assert_eq!(one, other, "{config:?} seed {seed} {action:?}");
                            assert_eq!(third, other, "{config:?} seed {seed} {action:?}");
                        }
                    }
                }
                let action = bot.choose(&round, seat).unwrap();
                let mut after = round.clone();
                let event = after.apply(seat, action).unwrap();
                if let Event::Played { open_total, .. } = event {
                    assert_eq!(open_total, replayed(&after).1, "{config:?} seed {seed}");
                    assert_eq!(open_total, after.open_total());
                }
                round = after;
                steps += 1;
            }
        }
    }
    assert!(steps > 10_000, "{steps} steps");
}

/// A seat still drawing drew because nothing in its hand took an open number, and the layout
/// has not changed since: the full decode refuses a drawing seat whose exclusions miss a number
/// open now (found by the flip stress of `game::trusted_tests`: bit 0 of a parent byte, Five Up
/// seed 1052, moved 0-2 from 2-4 onto the spinner 0-0, opening a 2 that the drawing seat held;
/// it played 1-2 instead of the tile it drew, and its exclusions refused the next state).
#[test]
fn a_seat_still_drawing_cannot_play_on_the_layout() {
    let decodes = |r: &Round| {
        let mut bytes = [0u8; ENCODED_BYTES];
        let n = r.encode(&mut bytes).unwrap();
        Round::decode(&bytes[..n]).map(|_| ())
    };
    let mut drawing = 0;
    for seed in 0..60u64 {
        let config = [Config::FIVE_UP, Config::ALL_FIVES][seed as usize % 2];
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed);
        while let Some(seat) = round.to_act() {
            if round.end == PLAYING && round.drew {
                drawing += 1;
                assert_eq!(decodes(&round), Ok(()));
                // Some number is open (the layout is not empty), so the seat lacks it.
                assert_ne!(round.void(seat.index()), 0);
                let mut forged = round.clone();
                forged.set_void(seat.index(), 0);
                assert_eq!(
                    decodes(&forged),
                    Err(Error::InvalidState {
                        why: "a seat still drawing could play on the layout"
                    }),
                    "seed {seed}"
                );
            }
            let action = crate::game::bot::Bot::choose(&mut bot, &round, seat).unwrap();
            round.apply(seat, action).unwrap();
        }
    }
    assert!(drawing > 50, "{drawing} states of a seat still drawing");
}

/// The exclusions read and written through 32-bit windows (session 21) as the 128-bit
/// integer of the whole packed form did before: the same bits for every seat (the stray
/// seats past the table's too), and a write touches only its seat's bits.
#[test]
fn exclusions_by_windows_match_the_whole_packed_integer() {
    let packed = |voids: &[u8; VOID_BYTES]| {
        let mut bytes = [0u8; 16];
        bytes[..VOID_BYTES].copy_from_slice(voids);
        u128::from_le_bytes(bytes)
    };
    let old_void = |voids: &[u8; VOID_BYTES], seat: usize| {
        packed(voids)
            .checked_shr(seat as u32 * VOID_BITS)
            .map_or(0, |bits| bits as u32 & VOID_MASK)
    };
    let old_set = |voids: &mut [u8; VOID_BYTES], seat: usize, known: u32| {
        let shift = seat as u32 * VOID_BITS;
        let (Some(mask), Some(value)) = (
            u128::from(VOID_MASK).checked_shl(shift),
            u128::from(known & VOID_MASK).checked_shl(shift),
        ) else {
            return;
        };
        let bytes = ((packed(voids) & !mask) | value).to_le_bytes();
        voids.copy_from_slice(&bytes[..VOID_BYTES]);
    };
    let mut rng = Rng::new(21);
    let mut round = Round::new(&Config::FIVE_UP, &Deal::Seeded(1)).unwrap();
    let mut expected = [0u8; VOID_BYTES];
    for step in 0..4_000 {
        if step % 97 == 0 {
            // Any bytes, the stray high bits too.
            for byte in expected.iter_mut() {
                *byte = rng.next_u64() as u8;
            }
            round.voids = expected;
        }
        for seat in 0..8 {
            assert_eq!(round.void(seat), old_void(&expected, seat), "step {step} seat {seat}");
        }
        let seat = rng.below(5) as usize;
        let known = rng.next_u64() as u32;
        old_set(&mut expected, seat, known);
        round.set_void(seat, known);
        assert_eq!(round.voids, expected, "step {step} seat {seat}");
    }
}

/// The full decode's check of the layout (session 21: `Round::replay` on the packed free
/// points, the replay of `frees_into`) refuses exactly the layouts the check tile by tile
/// with `Free` refused before (each tile attached to an earlier one at a free point showing a
/// number both share), on played layouts with random parents, every spinner rule.
#[test]
fn the_layout_check_by_the_replay_matches_the_check_tile_by_tile() {
    let by_free = |round: &Round| -> bool {
        let c = &round.config;
        let mut frees = Frees::new();
        let mut doubles = 0usize;
        for index in 0..usize::from(round.played) {
            let tile = tile_of(round.deck[index]);
            let spinner = tile.is_double() && c.spinner.is_spinner(doubles);
            if tile.is_double() {
                doubles += 1;
            }
            let free = if index == 0 {
                Free::opening(tile, spinner)
            } else {
                let parent = usize::from(round.parents[index]);
                let parent_tile = tile_of(round.deck[parent]);
                let Some(pip) = shared(tile, parent_tile).filter(|&pip| frees.get(parent).takes(parent_tile, pip))
                else {
                    return false;
                };
                frees.cover(parent, parent_tile, pip);
                Free::attached(tile, pip, spinner)
            };
            frees.set(index, free);
        }
        true
    };
    let mut rng = Rng::new(2121);
    let (mut legal, mut refused) = (0usize, 0usize);
    for config in [
        Config::FIVE_UP,
        Config::ALL_FIVES,
        Config::BLOCK,
        Config {
            high: 9,
            ..Config::FIVE_UP
        },
    ] {
        for seed in 0..120u64 {
            let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
            let mut bot = RandomBot::new(seed);
            while let Some(seat) = round.to_act() {
                let action = bot.choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
                if round.played < 2 {
                    continue;
                }
                for _ in 0..4 {
                    let mut forged = round.clone();
                    for _ in 0..=rng.below(2) {
                        let index = 1 + rng.below(u32::from(forged.played) - 1) as usize;
                        forged.parents[index] = rng.below(index as u32) as u8;
                    }
                    let old = by_free(&forged);
                    let new = forged.replay(&mut Frees::new()) == play::Replayed::Legal;
                    assert_eq!(new, old, "{config:?} seed {seed}");
                    if old { legal += 1 } else { refused += 1 }
                }
            }
        }
    }
    assert!(legal > 1_000 && refused > 1_000, "{legal} legal, {refused} refused");
}

/// The longer layouts (more than 64 tiles: double-12 and up) apply through `apply_scanned`
/// with the free points replayed, list their plays by the packed free points and answer
/// `is_legal` by the walk (session 21): the same answers and rounds as the check of `apply`
/// (`check` and `apply_replayed`, the way before) for every action of the seat's tiles on
/// every layout tile, a draw and a pass, at every step of random double-15 and double-18 hands.
#[test]
fn the_longer_layouts_agree_with_the_check_of_apply() {
    let configs = [
        Config {
            high: 15,
            hand_size: 20,
            ..Config::BLOCK.with_players(4)
        },
        Config {
            high: 18,
            hand_size: 8,
            ..Config::FIVE_UP.with_players(3)
        },
        Config {
            high: 18,
            hand_size: 40,
            spinner: SpinnerRule::FirstDouble,
            draw: DrawRule::One,
            ..Config::ALL_FIVES.with_players(4)
        },
    ];
    let mut wide_steps = 0usize;
    for config in configs {
        for seed in 0..6u64 {
            let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
            let mut bot = RandomBot::new(seed);
            while let Some(seat) = round.to_act() {
                if usize::from(round.played) > play::NARROW {
                    wide_steps += 1;
                    let layout: Vec<Tile> = round.layout().map(|(tile, _)| tile).collect();
                    let mut actions = std::vec![Action::Draw, Action::Pass];
                    for tile in round.hand(seat) {
                        actions.push(play(tile, None));
                        for &on in layout.iter().step_by(3) {
                            actions.push(play(Tile::new(tile.b, tile.a), Some(on)));
                        }
                        actions.push(play(tile, Some(Tile::new(0, 19))));
                    }
                    let mut listed = Vec::new();
                    round.for_each_legal_action(seat, |action| listed.push(action));
                    for &action in &actions {
                        assert_eq!(
                            round.is_legal(seat, action),
                            round.is_legal_checked(seat, action),
                            "{action:?}"
                        );
                        let (mut one, mut other) = (round.clone(), round.clone());
                        assert_eq!(
                            one.apply(seat, action),
                            other.apply_replayed(seat, action),
                            "{action:?}"
                        );
                        assert_eq!(one, other, "{action:?}");
                    }
                    for &action in &listed {
                        assert!(round.is_legal_checked(seat, action), "{action:?}");
                    }
                }
                let action = bot.choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
            }
        }
    }
    assert!(wide_steps > 100, "{wide_steps} steps on layouts past 64 tiles");
}

/// The view's lines as `write_view_lines` wrote them before its two piece writers (the
/// reference).
fn old_view_lines(
    this: &Round,
    seat: Seat,
    hand: &Hand,
    open_total: u32,
    boneyard: u8,
    out: &mut dyn core::fmt::Write,
) -> core::fmt::Result {
    let players = this.config.players;
    let seats = usize::from(players);
    // Written piece by piece (the text `write!` wrote): no `core::fmt::write` on this path.
    out.write_str("seat: ")?;
    crate::notation::Dec::from(seat.0).write_to(out)?;
    out.write_str(" of ")?;
    crate::notation::Dec::from(players).write_to(out)?;
    out.write_str("\nhand:")?;
    for tile in ids(hand).map(tile_of) {
        out.write_char(' ')?;
        tile.write_to(out)?;
    }
    out.write_str("\nlayout:")?;
    for (index, (tile, on)) in this.layout().enumerate() {
        out.write_str(if index == 0 { " " } else { ", " })?;
        tile.write_to(out)?;
        if let Some(on) = on {
            out.write_str(" on ")?;
            on.write_to(out)?;
        }
    }
    out.write_str("\nopen total: ")?;
    crate::notation::Dec::from(open_total).write_to(out)?;
    out.write_str("\ntiles:")?;
    for hand in this.hands.iter().take(seats) {
        out.write_char(' ')?;
        crate::notation::Dec::from(count(hand)).write_to(out)?;
    }
    out.write_str("\nboneyard: ")?;
    crate::notation::Dec::from(boneyard).write_to(out)?;
    out.write_str("\nto act: ")?;
    match this.to_act() {
        Some(to_act) => crate::notation::Dec::from(to_act.0).write_to(out)?,
        None => out.write_str("over")?,
    }
    out.write_str("\nscores:")?;
    for score in this.scores.iter().take(seats) {
        out.write_char(' ')?;
        crate::notation::Dec::from(*score).write_to(out)?;
    }
    out.write_str("\n")
}

#[test]
fn the_view_is_written_as_before() {
    for seed in 0..120u64 {
        let high = [6u8, 9, 12, 15, 18][seed as usize % 5];
        let config = Config {
            high,
            ..Config::FIVE_UP.with_players(2 + (seed % 3) as u8)
        };
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed);
        loop {
            for seat in 0..config.players {
                let mut new = String::new();
                round.write_view_text(Seat(seat), &mut new).unwrap();
                let hand = &round.hands[usize::from(seat)];
                let boneyard = u8::try_from(round.boneyard_len()).unwrap();
                let total = round.open_total_checked().unwrap();
                let mut old = String::new();
                old_view_lines(&round, Seat(seat), hand, total, boneyard, &mut old).unwrap();
                assert_eq!(new, old);
            }
            let Some(seat) = round.to_act() else { break };
            let action = bot.choose(&round, seat).unwrap();
            round.apply(seat, action).unwrap();
        }
    }
}

impl Round {
    /// The end bonus as `bonus` worked it out before the per-side sums (the test reference).
    fn old_bonus(&self) -> Option<(usize, u32)> {
        let players = usize::from(self.config.players);
        let team = |seat: usize| if self.config.partnerships { seat % 2 } else { seat };
        match self.end {
            DOMINO => {
                let winner = usize::from(self.to_act);
                let pips = (0..players)
                    .filter(|&seat| team(seat) != team(winner))
                    .map(|seat| self.pips_of(seat))
                    .fold(0u32, u32::saturating_add);
                Some((winner, pips))
            }
            BLOCKED if self.config.partnerships => {
                let team_pips = |t: usize| self.pips_of(t).saturating_add(self.pips_of(t.saturating_add(2)));
                let (zero, one) = (team_pips(0), team_pips(1));
                let (low, other) = match zero.cmp(&one) {
                    core::cmp::Ordering::Less => (0usize, one),
                    core::cmp::Ordering::Greater => (1usize, zero),
                    core::cmp::Ordering::Equal => return None,
                };
                let partner = low.saturating_add(2);
                let credited = if self.pips_of(partner) < self.pips_of(low) {
                    partner
                } else {
                    low
                };
                Some((credited, other))
            }
            BLOCKED => {
                let lowest = (0..players).map(|seat| self.pips_of(seat)).min()?;
                let mut holders = (0..players).filter(|&seat| self.pips_of(seat) == lowest);
                let winner = holders.next()?;
                if holders.next().is_some() {
                    return None;
                }
                let others = (0..players)
                    .filter(|&seat| seat != winner)
                    .map(|seat| self.pips_of(seat))
                    .fold(0u32, u32::saturating_add);
                Some((winner, others))
            }
            _ => None,
        }
    }
}

#[test]
fn the_bonus_is_worked_out_as_before() {
    for seed in 0..240u64 {
        let base = [Config::FIVE_UP, Config::ALL_FIVES, Config::BLOCK][seed as usize % 3];
        let config = base.with_players(2 + (seed % 3) as u8);
        let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
        let mut bot = RandomBot::new(seed);
        loop {
            for end in [PLAYING, DOMINO, BLOCKED] {
                for to_act in 0..config.players {
                    let mut probe = round.clone();
                    probe.end = end;
                    probe.to_act = to_act;
                    assert_eq!(probe.bonus(), probe.old_bonus(), "seed {seed} end {end} seat {to_act}");
                }
            }
            let Some(seat) = round.to_act() else { break };
            let action = bot.choose(&round, seat).unwrap();
            round.apply(seat, action).unwrap();
        }
    }
}

/// The hand's ids by the plain word walk (session 23) as by the adapter chain before: the same
/// ids in the same order, for random hands over the three words (empty words anywhere), the
/// empty and the full hand, and `nth` past any prefix.
#[test]
fn hand_ids_by_the_word_walk_match_the_adapter_chain() {
    let mut rng = Rng::new(23);
    let mut hands: Vec<Hand> = std::vec![[0; WORDS], [u64::MAX, u64::MAX, u64::MAX >> 2]];
    for _ in 0..3_000 {
        let mut hand = [0u64; WORDS];
        for word in hand.iter_mut() {
            // Sparse, dense or empty words.
            *word = match rng.below(4) {
                0 => 0,
                1 => rng.next_u64(),
                _ => rng.next_u64() & rng.next_u64() & rng.next_u64(),
            };
        }
        hand[2] &= u64::MAX >> 2; // ids below 190
        hands.push(hand);
    }
    for hand in &hands {
        let walked: Vec<u8> = ids(hand).collect();
        let chained: Vec<u8> = ids_chained(hand).collect();
        assert_eq!(walked, chained, "{hand:x?}");
        for n in 0..=walked.len() {
            assert_eq!(ids(hand).nth(n), ids_chained(hand).nth(n));
        }
        assert_eq!(
            pips(hand),
            ids_chained(hand).map(|id| tile_of(id).pips() as u32).sum::<u32>()
        );
    }
}

/// `Choices::nth` by the walk's generators (session 23: the plays before it passed over one by
/// one) as by each tile's count of plays before (`nth_counted`, session 22): the same action
/// for every index and one past the last, at every step of random hands from double-6 to
/// double-18 (layouts past 64 tiles too), every spinner and draw rule.
#[test]
fn the_nth_choice_by_the_walk_matches_the_counted_one() {
    let configs = [
        Config::FIVE_UP,
        Config::ALL_FIVES.with_players(4),
        Config::BLOCK.with_players(3),
        Config {
            high: 9,
            draw: DrawRule::One,
            ..Config::FIVE_UP.with_players(3)
        },
        Config {
            high: 15,
            hand_size: 20,
            ..Config::BLOCK.with_players(4)
        },
        Config {
            high: 18,
            hand_size: 40,
            spinner: SpinnerRule::FirstDouble,
            draw: DrawRule::One,
            ..Config::ALL_FIVES.with_players(4)
        },
    ];
    let (mut steps, mut wide) = (0usize, 0usize);
    for config in configs {
        for seed in 0..12u64 {
            let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
            let mut bot = RandomBot::new(seed);
            while let Some(seat) = round.to_act() {
                let mut scan = Scan::new();
                let choices = round.choices(seat, &mut scan).unwrap();
                for n in 0..=choices.count() {
                    assert_eq!(choices.nth(n), choices.nth_counted(n), "{config:?} seed {seed} n {n}");
                }
                steps += 1;
                wide += usize::from(usize::from(round.played) > play::NARROW);
                let action = bot.choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
            }
        }
    }
    assert!(steps > 2_000 && wide > 200, "{steps} steps, {wide} wide");
}

/// The hand counts by ids (session 23) as by population counts before.
#[test]
fn hand_counts_by_ids_match_the_population_counts() {
    let mut rng = Rng::new(2323);
    for _ in 0..2_000 {
        let mut hand = [rng.next_u64(), rng.next_u64() & rng.next_u64(), rng.next_u64() >> 2];
        if rng.below(3) == 0 {
            hand[rng.below(3) as usize] = 0;
        }
        assert_eq!(count(&hand), count_ones(&hand));
    }
    assert_eq!(count(&[0; WORDS]), 0);
}

/// The seeded deal's canonical order by the ids' running sum (session 24) is the order of each
/// tile's `id_of` (the way before) and of `Tile::set`, for every set size.
#[test]
fn the_canonical_order_by_running_ids_matches_id_of() {
    for high in [0u8, 1, 6, 9, 12, 15, 18] {
        let (mut new, mut old) = ([0u8; MAX_SET_TILES], [0u8; MAX_SET_TILES]);
        canonical_order(&mut new, high);
        canonical_order_by_ids(&mut old, high);
        assert_eq!(new, old, "double-{high}");
        let set: Vec<u8> = Tile::set(high.into()).map(|tile| id_of(tile, high).unwrap()).collect();
        assert_eq!(&new[..set.len()], &set[..], "double-{high}");
    }
}

/// The bare-metal build's apply of a play on a layout tile (session 24: the free points
/// replayed, `apply_wide`, on every layout) gives the hosted apply's answer and round (the
/// lighter `placement` pass on layouts of up to 64 tiles) for every play of the seat's tiles on
/// every layout tile, legal or not, at every step of random hands under every spinner rule,
/// seat count and set up to double-12.
#[test]
fn the_bare_metal_apply_matches_the_hosted_one() {
    let configs = [
        Config::FIVE_UP,
        Config::ALL_FIVES,
        Config::BLOCK,
        Config::FIVE_UP.with_players(4),
        Config {
            high: 9,
            hand_size: 7,
            spinner: SpinnerRule::FirstDouble,
            draw: DrawRule::One,
            ..Config::ALL_FIVES.with_players(3)
        },
        Config {
            high: 12,
            hand_size: 12,
            ..Config::FIVE_UP.with_players(4)
        },
    ];
    let mut plays = 0usize;
    for config in configs {
        for seed in 0..40u64 {
            let mut round = Round::new(&config, &Deal::Seeded(seed)).unwrap();
            let mut bot = RandomBot::new(seed ^ 0xba2e);
            while let Some(seat) = round.to_act() {
                if round.played > 0 {
                    let layout: Vec<Tile> = round.layout().map(|(tile, _)| tile).collect();
                    for tile in round.hand(seat).collect::<Vec<_>>() {
                        for &on in &layout {
                            let action = play(tile, Some(on));
                            let (mut hosted, mut bare) = (round.clone(), round.clone());
                            let answer = hosted.apply(seat, action);
                            assert_eq!(
                                bare.apply_wide(seat, action),
                                answer,
                                "{config:?} seed {seed} {action:?}"
                            );
                            assert_eq!(bare, hosted, "{config:?} seed {seed} {action:?}");
                            plays += 1;
                        }
                    }
                }
                let action = bot.choose(&round, seat).unwrap();
                round.apply(seat, action).unwrap();
            }
        }
    }
    assert!(plays > 10_000, "{plays} plays");
}
