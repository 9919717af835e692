//! The Tichu round engine and match (`parlor_core::tichu::round`, `game_match`, `bot`): sizes,
//! the pinned seeded deal, whole games by the bots with every invariant checked at every step,
//! hidden information, encode/decode, and hand-made edge cases.

use parlor_core::game::bot::lowest_legal_action;
use parlor_core::game::{Placement, Seat};
use parlor_core::tichu::bot::RandomBot;
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
    assert_eq!(std::mem::size_of::<Round>(), 472);
    assert_eq!(std::mem::size_of::<Match>(), 504);
    assert_eq!(std::mem::size_of::<Action>(), 16);
    assert_eq!(std::mem::size_of::<Observation>(), 440);
    assert!(std::mem::size_of::<Round>() <= 512);
    assert!(std::mem::size_of::<Match>() <= 768);
    assert_eq!(round::ENCODED_BYTES, 390);
    assert_eq!(game_match::ENCODED_BYTES, 416);
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

fn card(text: &str) -> Card {
    text.parse::<Cards>().unwrap().iter().next().unwrap()
}

fn hands_of(text: [&str; 4]) -> [[Card; 14]; 4] {
    text.map(|hand| {
        let cards: Vec<Card> = hand.split_whitespace().map(card).collect();
        cards.try_into().unwrap()
    })
}

/// The seeded deal is value-stable: seed → hands (in dealing order, the first 8 the window).
#[test]
fn seeded_deals_are_pinned() {
    let seed0 = [
        "Kt 5p 0s 3p Qj Ap Jp 5t 2t 2p 0j 4s 5s 7p",
        "Kp 7j Jt 9j 3j 8p R Ks 2j D 1 8j 8s 0t",
        "Aj 5j 6s 8t 4p Jj Qp 9p 9t 3t Qs 6t 7s 9s",
        "Qt P 0p 6p Kj 4t Js 4j 6j 3s At 2s 7t As",
    ];
    let seed1 = [
        "0s Jj 0p 7s 2j 5j Qj 3t Kj Kp At 6s 4j 2t",
        "6t Kt 9j P 8j Qp 4t 3s 4p Ap 5p 9s 8p 9p",
        "As 5t 2s 4s 3j 6j 0t 2p 0j Jt R Aj 3p Ks",
        "7p 7j 8t 6p Js 5s 8s Qt Jp D 7t 1 Qs 9t",
    ];
    for (seed, hands) in [(0u64, seed0), (1, seed1)] {
        let seeded = Round::new(&Config::STANDARD, &Deal::Seeded(seed)).unwrap();
        let given = Round::new(&Config::STANDARD, &Deal::Given { hands: hands_of(hands) }).unwrap();
        assert_eq!(seeded, given, "seed {seed}");
    }
    // Seat 1 of seed 0 holds the Mah Jong: it leads the first trick after the exchange.
    let round = Round::new(&Config::STANDARD, &Deal::Seeded(0)).unwrap();
    assert!(round.hand(Seat(1)).unwrap().has_mahjong());
}

#[test]
fn given_deals_must_be_the_whole_deck() {
    let mut hands = hands_of([
        "Kt 5p 0s 3p Qj Ap Jp 5t 2t 2p 0j 4s 5s 7p",
        "Kp 7j Jt 9j 3j 8p R Ks 2j D 1 8j 8s 0t",
        "Aj 5j 6s 8t 4p Jj Qp 9p 9t 3t Qs 6t 7s 9s",
        "Qt P 0p 6p Kj 4t Js 4j 6j 3s At 2s 7t As",
    ]);
    assert!(Round::new(&Config::STANDARD, &Deal::Given { hands }).is_ok());
    hands[0][0] = card("Kp"); // twice, and Kt missing
    assert_eq!(
        Round::new(&Config::STANDARD, &Deal::Given { hands }),
        Err(Error::InvalidDeal)
    );
    hands[0][0] = Card::Natural(Rank::new(13).unwrap(), None); // no suit
    assert_eq!(
        Round::new(&Config::STANDARD, &Deal::Given { hands }),
        Err(Error::InvalidDeal)
    );
    let bad = Config {
        target: 0,
        ..Config::STANDARD
    };
    assert_eq!(Round::new(&bad, &Deal::Seeded(0)), Err(Error::InvalidConfig));
}

/// The dealing order of a round's deal: the window first, then the other six.
fn ordered_hands(round: &Round) -> [[Card; 14]; 4] {
    let (dealt, window) = round.deal();
    dealt.map(|hand| {
        let mut cards: Vec<Card> = Vec::new();
        for index in 0..56u8 {
            if hand.mask() & window & (1 << index) != 0 {
                cards.push(card_of_index(index).unwrap());
            }
        }
        for index in 0..56u8 {
            if hand.mask() & !window & (1 << index) != 0 {
                cards.push(card_of_index(index).unwrap());
            }
        }
        cards.try_into().unwrap()
    })
}

fn replay(config: &Config, hands: [[Card; 14]; 4], log: &[(Seat, Action)]) -> Option<Round> {
    let mut round = Round::new(config, &Deal::Given { hands }).ok()?;
    for &(seat, action) in log {
        round.apply(seat, action).ok()?;
    }
    Some(round)
}

/// Two rounds that differ only in cards another seat holds unseen give a seat equal
/// observations: during the Grand Tichu decisions even its own last six cards are unseen.
#[test]
fn observations_never_reveal_a_hidden_card() {
    let mut compared = 0;
    for seed in 0..40u64 {
        let (_, log) = play_checked(seed, &Config::STANDARD, seed + 7);
        let base = Round::new(&Config::STANDARD, &Deal::Seeded(seed)).unwrap();
        let hands = ordered_hands(&base);
        // The Grand Tichu window: seat 0's 9th card swapped with seat 1's 9th.
        let mut swapped = hands;
        let (a, b) = (swapped[0][8], swapped[1][8]);
        swapped[0][8] = b;
        swapped[1][8] = a;
        let other = Round::new(&Config::STANDARD, &Deal::Given { hands: swapped }).unwrap();
        assert_eq!(base.observation(Seat(0)), other.observation(Seat(0)));
        assert_ne!(base.observation(Seat(1)).unwrap().hand, Cards::EMPTY);
        // Later: swap a card of seat 1 with one of seat 3 that neither exchanges nor plays by
        // step t, replay, compare what seats 0 and 2 see at every step up to t.
        for t in [log.len() / 4, log.len() / 2, log.len() * 3 / 4] {
            let prefix = &log[..t];
            let touched = |c: Card| {
                prefix.iter().any(|(_, action)| match *action {
                    Action::Play { cards, .. } => cards.iter().any(|x| x == c),
                    Action::Exchange { left, partner, right } => [left, partner, right].contains(&c),
                    _ => false,
                })
            };
            let Some(i) = (0..14).find(|&i| !touched(hands[1][i])) else {
                continue;
            };
            let Some(j) = (0..14).find(|&j| !touched(hands[3][j])) else {
                continue;
            };
            let mut swapped = hands;
            swapped[1][i] = hands[3][j];
            swapped[3][j] = hands[1][i];
            let (Some(x), Some(y)) = (
                replay(&Config::STANDARD, hands, prefix),
                replay(&Config::STANDARD, swapped, prefix),
            ) else {
                continue;
            };
            for seat in [Seat(0), Seat(2)] {
                assert_eq!(x.observation(seat), y.observation(seat), "seed {seed} step {t}");
            }
            assert_ne!(x.observation(Seat(1)), y.observation(Seat(1)));
            compared += 1;
        }
    }
    assert!(compared > 50, "{compared}");
}

#[test]
fn an_observation_holds_the_public_history() {
    let (round, log) = play_checked(3, &Config::STANDARD, 99);
    let obs: Observation = round.observation(Seat(2)).unwrap();
    let history: Vec<_> = obs.history().collect();
    assert_eq!(history.len(), log.len());
    let mut played = 0u64;
    for (record, (seat, action)) in history.iter().zip(&log) {
        assert_eq!(record.seat, *seat);
        if let Action::Play { cards, .. } = action {
            assert!(matches!(record.kind, round::RecordKind::Play { cards: c, .. } if c == *cards));
            played |= cards.mask();
        }
    }
    // Every card played or still in a hand, exactly once.
    let in_hands: u64 = (0..4)
        .map(|s| round.hand(Seat(s)).unwrap().mask() & ((1 << 56) - 1))
        .fold(0, |a, b| {
            assert_eq!(a & b, 0);
            a | b
        });
    assert_eq!((played & ((1 << 56) - 1)) & in_hands, 0);
    assert_eq!((played | in_hands) & ((1 << 56) - 1), (1 << 56) - 1);
    assert_eq!(obs.out_order().count(), round.out_order().count());
}

#[test]
fn a_seeded_match_plays_to_the_target() {
    for seed in 0..3u64 {
        let mut game = Match::new(&Config::STANDARD, seed).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut total = [0i32; 2];
        let mut steps = 0;
        while !game.is_over() {
            let (seat, action) = bot.step(game.round()).unwrap();
            let event = game.apply(seat, action).unwrap();
            if let Some(outcome) = event.finished {
                total[0] += i32::from(outcome.scores[0]);
                total[1] += i32::from(outcome.scores[1]);
            }
            steps += 1;
            if steps % 97 == 0 {
                let mut bytes = vec![0u8; game_match::ENCODED_BYTES];
                game.encode(&mut bytes).unwrap();
                assert_eq!(Match::decode(&bytes), Ok(game));
            }
        }
        assert_eq!(game.scores(), total);
        let [a, b] = total;
        assert!(a.max(b) >= 1000 && a != b);
        let places: &[u8] = if b > a { &[1, 0, 1, 0] } else { &[0, 1, 0, 1] };
        assert_eq!(game.result().unwrap().places(), places);
        assert!(game.apply(Seat(0), Action::Pass).is_err());
        let mut bytes = vec![0u8; game_match::ENCODED_BYTES];
        game.encode(&mut bytes).unwrap();
        assert_eq!(Match::decode(&bytes), Ok(game));
        bytes[20] ^= 1; // a score changed
        assert!(Match::decode(&bytes).is_err());
    }
}

#[test]
fn decode_refuses_bytes_no_round_has() {
    let (round, _) = play_checked(5, &Config::STANDARD, 5);
    let bytes = encoded(&round);
    assert_eq!(Round::decode(&bytes[..10]), Err(Error::InvalidState));
    // Version 1 (a 237-action log with a 1-byte length) is refused, as is any other version.
    for version in [0, 1, 3] {
        let mut wrong = bytes.clone();
        wrong[0] = version;
        assert_eq!(Round::decode(&wrong), Err(Error::InvalidState));
    }
    let mut state = 1u64;
    for i in 0..2000 {
        let mut wrong = bytes.clone();
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let at = (state >> 33) as usize % wrong.len();
        wrong[at] ^= 1 << (i % 8);
        if let Ok(other) = Round::decode(&wrong) {
            // A flip that still decodes is another valid round that encodes to those bytes.
            assert_eq!(encoded(&other), wrong);
        }
    }
}

#[test]
fn calls_and_the_stages() {
    let mut round = Round::new(&Config::STANDARD, &Deal::Seeded(0)).unwrap();
    assert_eq!(round.apply(Seat(0), Action::Tichu), Err(Error::WrongPhase));
    assert_eq!(round.apply(Seat(1), Action::GrandTichu(false)), Err(Error::NotYourTurn));
    round.apply(Seat(0), Action::GrandTichu(true)).unwrap();
    round.apply(Seat(1), Action::GrandTichu(false)).unwrap();
    round.apply(Seat(2), Action::GrandTichu(false)).unwrap();
    // Only the 8-card window is seen before all four decisions.
    assert_eq!(round.observation(Seat(3)).unwrap().hand.len(), 8);
    round.apply(Seat(3), Action::GrandTichu(false)).unwrap();
    assert_eq!(round.observation(Seat(3)).unwrap().hand.len(), 14);
    assert_eq!(round.phase(), Phase::Exchange);
    assert_eq!(round.apply(Seat(0), Action::Tichu), Err(Error::AlreadyCalled));
    round.apply(Seat(2), Action::Tichu).unwrap();
    assert_eq!(round.apply(Seat(2), Action::Tichu), Err(Error::AlreadyCalled));
    assert_eq!(round.calls(), [Call::GrandTichu, Call::None, Call::Tichu, Call::None]);
    // The club variant: no Tichu during the exchange.
    let mut club = Round::new(&Config::CLUB, &Deal::Seeded(0)).unwrap();
    for seat in 0..4 {
        club.apply(Seat(seat), Action::GrandTichu(false)).unwrap();
    }
    assert_eq!(club.apply(Seat(2), Action::Tichu), Err(Error::WrongPhase));
    // Exchanges: three different cards of the hand, once.
    let [a, b] = [card("Kt"), card("5p")];
    let bad = Action::Exchange {
        left: a,
        partner: a,
        right: b,
    };
    assert_eq!(round.apply(Seat(0), bad), Err(Error::BadExchange));
    let not_held = Action::Exchange {
        left: a,
        partner: b,
        right: card("R"),
    };
    assert_eq!(round.apply(Seat(0), not_held), Err(Error::BadExchange));
    let good = Action::Exchange {
        left: a,
        partner: b,
        right: card("2t"),
    };
    round.apply(Seat(0), good).unwrap();
    assert_eq!(round.apply(Seat(0), good), Err(Error::AlreadyExchanged));
    assert_eq!(legal(&round, Seat(1)).len(), 14 * 13 * 12 + 1);
    assert_eq!(lowest_legal_action(&round, Seat(0)), None);
}

/// MAX_ACTIONS' count of plays holding the Mah Jong: over all rank counts of the other cards,
/// the single plus every straight from 1 (a Phoenix in any place or at the top counted apart, an
/// over-count) is at most 513. Ignored by default (minutes unoptimised):
/// `cargo test -p parlor-conformance --release --test conformance tichu_round:: -- --ignored`.
#[test]
#[ignore]
fn plays_with_the_mahjong_are_at_most_513() {
    fn straights(c: &[u32; 13], phoenix: bool) -> u32 {
        let mut total = 0;
        for len in 5..=14usize {
            let ranks = &c[..len - 1];
            total += ranks.iter().product::<u32>();
            if phoenix {
                for j in 0..ranks.len() {
                    total += ranks
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != j)
                        .map(|(_, &n)| n)
                        .product::<u32>();
                }
            }
        }
        total
    }
    fn walk(i: usize, left: u32, c: &mut [u32; 13], phoenix: bool, best: &mut u32) {
        if i == 13 || left == 0 {
            *best = (*best).max(1 + straights(c, phoenix));
            return;
        }
        for k in 0..=left.min(4) {
            c[i] = k;
            walk(i + 1, left - k, c, phoenix, best);
        }
        c[i] = 0;
    }
    let mut best = 0;
    walk(0, 12, &mut [0; 13], true, &mut best);
    walk(0, 13, &mut [0; 13], false, &mut best);
    assert_eq!(best, 513);
    assert_eq!(round::MAX_ACTIONS, 1674 + 13 * 513 + 2);
}

/// Finds random rounds with each edge case of `tests/vectors/tichu_round/` and prints their
/// logs (how the vector logs were found; their comments and expected scores were checked by
/// hand and by the reference). `cargo test --release -p parlor-conformance --test conformance
/// tichu_round::find_edge_cases -- --ignored --nocapture`.
#[test]
#[ignore]
fn find_edge_cases() {
    use parlor_core::tichu::Kind;
    let names = [
        "double-victory",
        "double-victory-failed-tichu",
        "dragon-given",
        "dragon-bombed",
        "dog-partner-out",
        "wish-forces-bomb",
        "wish-forces-phoenix",
        "bomb-out-of-turn-on-dragon",
        "out-on-a-bomb",
        "three-out-handover",
    ];
    let mut found = [false; 10];
    for seed in 0..200_000u64 {
        if found.iter().all(|&f| f) {
            break;
        }
        // Odd seeds: seat 0 holds three bombs (a stacked deal: the others' cards shuffled).
        let (mut round, header) = if seed % 2 == 0 {
            (
                Round::new(&Config::STANDARD, &Deal::Seeded(seed)).unwrap(),
                format!("tichu seed {seed}"),
            )
        } else {
            let stacked: Vec<Card> = "2j 2s 2p 2t 3j 3s 3p 3t 4j 4s 4p 4t 5j 6j"
                .split(' ')
                .map(card)
                .collect();
            let mut rest: Vec<u8> = (0..56u8)
                .filter(|&i| !stacked.contains(&card_of_index(i).unwrap()))
                .collect();
            parlor_core::game::shuffle(&mut rest, &mut parlor_core::game::Rng::new(seed));
            let mut hands = [[Card::Dog; 14]; 4];
            hands[0].copy_from_slice(&stacked);
            for (k, chunk) in rest.chunks(14).enumerate() {
                for (slot, &i) in hands[k + 1].iter_mut().zip(chunk) {
                    *slot = card_of_index(i).unwrap();
                }
            }
            let text: Vec<String> = hands
                .iter()
                .map(|h| h.iter().map(|c| c.to_string()).collect())
                .collect();
            (
                Round::new(&Config::STANDARD, &Deal::Given { hands }).unwrap(),
                format!("tichu deal {}", text.join(" ")),
            )
        };
        let mut bot = RandomBot::new(seed.wrapping_mul(31));
        let mut hits = [false; 10];
        let mut lines = vec![header];
        while let Some((seat, mut action)) = bot.step(&round) {
            if seed % 2 == 1 && seat == Seat(0) && matches!(action, Action::Exchange { .. }) {
                action = Action::Exchange {
                    left: card("5j"),
                    partner: card("6j"),
                    right: card("4t"),
                };
            }
            let turn = round.to_act() == Some(seat);
            let top_is_dragon = round
                .trick()
                .top()
                .is_some_and(|t| t.kind() == Kind::Single && t.key() == 30);
            let hand = round.hand(seat).unwrap();
            if let Action::Play { cards, .. } = action {
                let bomb = cards.len() >= 4
                    && parlor_core::tichu::resolve(round.trick().top(), cards).is_some_and(|c| c.is_bomb());
                if bomb && top_is_dragon {
                    hits[3] = true;
                    if !turn {
                        hits[7] = true;
                    }
                }
                if cards.has_dog() && round.hand(Seat((seat.0 + 2) % 4)).unwrap().is_empty() {
                    hits[4] = true;
                }
                if bomb && cards == hand {
                    hits[8] = true;
                }
                if turn && round.trick().wish().is_some() {
                    let acts = legal(&round, seat);
                    let plays: Vec<Cards> = acts
                        .iter()
                        .filter_map(|a| match a {
                            Action::Play { cards, .. } => Some(*cards),
                            _ => None,
                        })
                        .collect();
                    if !acts.contains(&Action::Pass) && !plays.is_empty() {
                        let rank = round.trick().wish().unwrap();
                        if plays.iter().all(|p| p.count(rank) > 0) {
                            let bombs = plays.iter().all(|p| {
                                parlor_core::tichu::resolve(round.trick().top(), *p).is_some_and(|c| c.is_bomb())
                            });
                            if bombs && round.trick().top().is_some() {
                                hits[5] = true;
                            }
                            if plays.iter().all(|p| p.has_phoenix()) {
                                hits[6] = true;
                            }
                        }
                    }
                }
            }
            if matches!(action, Action::GiveDragonTrick(_)) {
                hits[2] = true;
            }
            round.apply(seat, action).unwrap();
            lines.push(parlor_cli::tichu::round::action_text(seat, action));
        }
        let outcome = round.outcome().unwrap();
        if let Some(team) = outcome.double_victory {
            let failed = (0..4).any(|s| outcome.calls[s] != Call::None && Seat(s as u8) != outcome.finish[0]);
            hits[if failed { 1 } else { 0 }] = true;
            let _ = team;
        } else {
            let last = outcome.finish[3];
            if round.points_taken()[last.index()] != 0 && round.hand(last).unwrap().points() != 0 {
                hits[9] = true;
            }
        }
        for i in 0..10 {
            if hits[i] && !found[i] {
                found[i] = true;
                println!(
                    "== {} (seed {seed}) scores {} {}",
                    names[i], outcome.scores[0], outcome.scores[1]
                );
                println!("{}", lines.join("\n"));
            }
        }
    }
    assert!(found.iter().all(|&f| f), "{found:?}");
}

#[test]
fn core_and_reference_agree_on_random_rounds() {
    use parlor_conformance::check::tichu_round::{RoundCase, Setup, round};
    // Whole rounds by the random players, the legal sets compared every 8th step (the naive
    // reference tries every subset of every hand; the fuzz target compares more often).
    for seed in 0..6u64 {
        let setup = Setup {
            seed,
            club: seed % 2 == 1,
        };
        round(RoundCase::players(
            setup,
            seed * 7 + 1,
            7 * 4,
            seed.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        ));
    }
    let checked = parlor_conformance::fuzzing::run_target("tichu_round", 10, round);
    assert!(checked >= 1);
}

/// Every edge-case log replays on the naive reference to the same scores as on the core.
#[test]
fn edge_case_logs_agree_with_the_reference() {
    use parlor_conformance::check::tichu_round::{action_text, reference_hands};
    use parlor_conformance::reference::tichu_round as reference;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors/tichu_round");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
        let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
        let deal = match header.as_slice() {
            ["tichu", "seed", n] => Deal::Seeded(n.parse().unwrap()),
            ["tichu", "deal", hands @ ..] => {
                let hands: Vec<[Card; 14]> = hands
                    .iter()
                    .map(|h| {
                        let mut cards = Vec::new();
                        let mut rest = *h;
                        while !rest.is_empty() {
                            let w = if rest.starts_with(['1', 'D', 'P', 'R']) { 1 } else { 2 };
                            cards.push(card(&rest[..w]));
                            rest = &rest[w..];
                        }
                        cards.try_into().unwrap()
                    })
                    .collect();
                Deal::Given {
                    hands: hands.try_into().unwrap(),
                }
            }
            _ => panic!("header"),
        };
        // Logs from before the bomb flags: the rules with both off.
        let mut core = Round::new(&Config::CLASSIC, &deal).unwrap();
        let mut naive = reference::Round::new(reference_hands(&core), true);
        let mut expected = None;
        for line in lines {
            if let Some(scores) = line.strip_prefix("scores: ") {
                expected = Some(scores.to_owned());
                continue;
            }
            let (seat, action) = line.split_once(' ').unwrap();
            let seat: u8 = seat.parse().unwrap();
            let mut found = None;
            core.for_each_legal_action(Seat(seat), |a| {
                if action_text(a) == action {
                    found = Some(a);
                }
            });
            core.apply(Seat(seat), found.unwrap_or_else(|| panic!("{line}")))
                .unwrap();
            naive.apply(usize::from(seat), action).unwrap();
        }
        let scores = naive.outcome().unwrap();
        assert_eq!(core.outcome().unwrap().scores.map(i32::from), scores);
        assert_eq!(expected, Some(format!("{} {}", scores[0], scores[1])));
        files += 1;
    }
    assert_eq!(files, 9);
}

/// The lowest-legal players on seed 0 and a match seeded 42: the figures the C test checks (the C
/// config has no bomb flags yet: both off, `Config::CLASSIC`).
#[test]
fn lowest_legal_players_are_pinned() {
    let mut round = Round::new(&Config::CLASSIC, &Deal::Seeded(0)).unwrap();
    let mut steps = 0;
    while let Some(seat) = round.to_act() {
        round.apply(seat, lowest_legal_action(&round, seat).unwrap()).unwrap();
        steps += 1;
    }
    let outcome = round.outcome().unwrap();
    let mut game = Match::new(&Config::CLASSIC, 42).unwrap();
    while !game.is_over() {
        let seat = game.round().to_act().unwrap();
        game.apply(seat, lowest_legal_action(game.round(), seat).unwrap())
            .unwrap();
    }
    assert_eq!(steps, 94);
    assert_eq!(outcome.scores, [75, 25]);
    assert_eq!(outcome.finish, [Seat(3), Seat(2), Seat(0), Seat(1)]);
    assert_eq!(
        (game.scores(), game.rounds_played(), game.result()),
        ([570, 1030], 13, Some(Placement::new(&[1, 0, 1, 0])))
    );
}

/// `for_each_bomb` yields exactly the bombs of `for_each_move` (without the wish), in order, on
/// the lead and on tables of every kind.
#[test]
fn for_each_bomb_is_the_bombs_of_for_each_move() {
    use parlor_core::tichu::{for_each_bomb, for_each_move, previous_play};
    use std::ops::ControlFlow;
    let tables = [
        "-",
        "5j",
        "R",
        "9j9s",
        "2j2s2p2t",
        "3j4j5j6j7j",
        "KjKsKpKt",
        "6j6s6p9j9s",
        "5s6s7s8s9s0s",
    ];
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut found = 0;
    for case in 0..300 {
        let mut hand = Cards::EMPTY;
        // Dense hands (ranks 2-7 only, every other case) hold bombs and straight flushes.
        let range = if case % 2 == 0 { 24 } else { 56 };
        while hand.len() < 14 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let _ = hand.insert(card_of_index((state % range) as u8).unwrap());
        }
        for table in tables {
            let table: Cards = table.parse().unwrap();
            let Ok(previous) = previous_play(table) else { continue };
            let mut bombs = Vec::new();
            let mut filtered = Vec::new();
            let a = for_each_bomb(&hand, previous, |play, _| {
                bombs.push(play);
                ControlFlow::Continue(())
            });
            let b = for_each_move(&hand, previous, None, |play, reading| {
                if reading.is_bomb() {
                    filtered.push(play);
                }
                ControlFlow::Continue(())
            });
            assert_eq!(a.is_ok(), b.is_ok());
            assert_eq!(bombs, filtered, "{hand} on {table}");
            found += bombs.len();
        }
    }
    assert!(found > 1000, "{found}");
}

/// Regression: the round log held 237 actions (3 passes after each play), but under
/// `bomb_after_passes` a trick ended by passes adds its winner's gathering pass, so a legal round
/// of one-card tricks, each passed by the three others and gathered, was refused with
/// `Error::Internal`. The longest shape: every seat calls Tichu, every lead is one card, every
/// trick is passed by all others and gathered; the lead moves (one overtaking single) to the seat
/// holding the most cards so that all four keep cards as long as possible.
fn longest_shape(seed: u64) -> Round {
    let mut round = Round::new(&Config::STANDARD, &Deal::Seeded(seed)).unwrap();
    let mut steps = 0;
    while let Some(seat) = round.to_act() {
        steps += 1;
        assert!(steps <= round::MAX_LOG, "seed {seed}: the round does not end");
        if let Some(caller) = (0..4).map(Seat).find(|&s| legal(&round, s).contains(&Action::Tichu)) {
            round.apply(caller, Action::Tichu).unwrap();
            continue;
        }
        let actions = legal(&round, seat);
        let single = |a: &&Action| matches!(a, Action::Play { cards, wish: None } if cards.len() == 1);
        let parts = round.trick().parts();
        let count = |s: Seat| round.hand(s).unwrap().len();
        let action = if actions.contains(&Action::GrandTichu(false)) {
            Action::GrandTichu(false)
        } else if parts.top.is_some() && !round.trick().gathering() && actions.contains(&Action::Pass) {
            let overtake = count(Seat(parts.top_seat.index())) <= 1 && count(seat) > 1;
            match actions.iter().find(single) {
                Some(&play) if overtake => play,
                _ => Action::Pass,
            }
        } else if actions.contains(&Action::Pass) {
            Action::Pass // the gathering pass
        } else {
            *actions.iter().find(single).unwrap_or(&actions[0])
        };
        round.apply(seat, action).unwrap();
    }
    round
}

#[test]
fn the_longest_round_shape_fits_the_log() {
    assert_eq!(round::MAX_LOG, 293);
    let mut longest = 0;
    for seed in 0..20u64 {
        let round = longest_shape(seed);
        assert!(round.outcome().is_some(), "seed {seed}: the round ends");
        let bytes = encoded(&round);
        assert_eq!(Round::decode(&bytes), Ok(round), "seed {seed}: decode");
        assert_eq!(
            round.observation(Seat(0)).unwrap().history().count(),
            round.action_count()
        );
        longest = longest.max(round.action_count());
    }
    // 34 actions more than the old log held.
    assert_eq!(longest, 271);
    assert_eq!(longest_shape(12).action_count(), 271);
}
