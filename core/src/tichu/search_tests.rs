//! Tests of [`super::search`] (determinize, reward) and [`super::bot::Greedy`].
#![allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::unwrap_used,
    clippy::cast_precision_loss
)]

extern crate std;

use std::vec::Vec;

use super::bot::{Greedy, RandomBot, is_bomb, plays_left};
use super::card::Cards;
use super::round::{Action, Config, Deal, Outcome, Phase, RecordKind, Round};
use super::score::Call;
use crate::game::bot::{self, Bot, Lowest, Uniform};
use crate::game::{self, Rng, Search as _, Seat};

fn cards(text: &str) -> Cards {
    text.parse().unwrap()
}

fn encoded_round_trips(round: &Round) -> bool {
    let mut bytes = [0u8; super::round::ENCODED_BYTES];
    round.encode(&mut bytes).unwrap();
    Round::decode(&bytes) == Ok(*round)
}

/// Whether a wish was made in the round so far.
fn wish_made(round: &Round) -> bool {
    round.observation(Seat(0)).unwrap().wish_made.is_some()
}

/// A sample for `seat` keeps everything it may know, and is a valid round.
fn check_sample(round: &Round, sample: &Round, seat: Seat) {
    assert_eq!(sample.observation(seat), round.observation(seat));
    assert!(encoded_round_trips(sample));
    assert_eq!(sample.phase(), round.phase());
    assert_eq!(sample.to_act(), round.to_act());
    for other in (0..4).map(Seat) {
        assert_eq!(sample.hand(other).unwrap().len(), round.hand(other).unwrap().len());
    }
    assert_eq!(sample.points_taken(), round.points_taken());
    assert_eq!(sample.calls(), round.calls());
    assert_eq!(
        game::Round::count_legal_actions(sample, seat),
        game::Round::count_legal_actions(round, seat)
    );
}

#[test]
fn every_sample_is_consistent_through_whole_random_rounds() {
    let mut rng = Rng::new(99);
    let mut samples = 0usize;
    let mut differ = 0usize;
    let mut with_wish = 0usize;
    let mut phases = [0usize; 5];
    for seed in 0..24u64 {
        let mut round = Round::new(&Config::default(), &Deal::Seeded(seed)).unwrap();
        let mut bots = [0, 1, 2, 3].map(|k| RandomBot::new(seed * 7 + k));
        let mut step = 0usize;
        loop {
            if step.is_multiple_of(4) || round.phase() != Phase::Play {
                for seat in (0..4).map(Seat) {
                    let sample = round.determinize(seat, &mut rng).unwrap();
                    check_sample(&round, &sample, seat);
                    samples += 1;
                    differ += usize::from((0..4).any(|k| sample.hand(Seat(k)) != round.hand(Seat(k))));
                    with_wish += usize::from(wish_made(&round));
                }
                phases[round.phase() as usize] += 1;
            }
            let Some((seat, action)) = bot::step(&round, &mut bots) else {
                break;
            };
            round.apply(seat, action).unwrap();
            step += 1;
        }
        assert_eq!(round.phase(), Phase::Over);
    }
    assert!(samples > 3000, "{samples}");
    // Hidden cards move in nearly every sample (not at the very end, when little is hidden).
    assert!(differ * 10 > samples * 9, "{differ} of {samples}");
    assert!(with_wish > 50, "{with_wish}");
    assert!(phases.iter().all(|&n| n > 0), "{phases:?}");
}

/// Chi-square of the counts `observed[card][seat]` against `samples · share[seat]`.
fn chi_square(observed: &[[u32; 4]], share: [f64; 4], samples: u32) -> (f64, usize) {
    let mut chi = 0.0;
    let mut cells = 0;
    for counts in observed {
        for (seat, &count) in counts.iter().enumerate() {
            let expected = f64::from(samples) * share[seat];
            if expected > 0.0 {
                chi += (f64::from(count) - expected).powi(2) / expected;
                cells += 1;
            } else {
                assert_eq!(count, 0, "a card with a seat that cannot hold it");
            }
        }
    }
    (chi, cells - observed.len())
}

#[test]
fn unseen_cards_land_in_proportion_during_the_play() {
    // Lowest bots (no wishes, no calls) into the play, a few tricks in.
    let mut round = Round::new(&Config::default(), &Deal::Seeded(5)).unwrap();
    let mut bots = [Lowest; 4];
    while round.phase() != Phase::Play || round.observation(Seat(0)).unwrap().plays() < 6 {
        let (seat, action) = bot::step(&round, &mut bots).unwrap();
        round.apply(seat, action).unwrap();
    }
    let seat = Seat(0);
    let view = round.observation(seat).unwrap();
    let mut played = 0u64;
    let mut first_leader = None;
    for record in view.history() {
        if let RecordKind::Play { cards, .. } = record.kind {
            played |= cards.mask() & ((1 << 56) - 1);
            first_leader = first_leader.or(Some(record.seat));
        }
    }
    // Known: the own hand, played cards, and the cards seat 0 gave that are not played yet.
    let gave = view
        .given
        .map(|card| 1u64 << super::round::index_of_card(card.unwrap()).unwrap());
    let mut known = [0u64; 4];
    for k in 0..3 {
        known[k + 1] = gave[k] & !played;
    }
    let own = view.hand.mask() & ((1 << 56) - 1);
    let unseen: Vec<u8> = (0..56u8)
        .filter(|&i| (own | played | known[1] | known[2] | known[3]) & (1 << i) == 0)
        .collect();
    let places: Vec<u32> = (0..4)
        .map(|j| {
            if j == 0 {
                0
            } else {
                u32::from(view.card_counts[j]) - known[j].count_ones()
            }
        })
        .collect();
    let total: u32 = places.iter().sum();
    assert_eq!(unseen.len() as u32, total);
    let share = [0.0, 1.0, 2.0, 3.0].map(|j: f64| f64::from(places[j as usize]) / f64::from(total));
    let mut observed = std::vec![[0u32; 4]; unseen.len()];
    let samples = 2000u32;
    let mut rng = Rng::new(2024);
    for _ in 0..samples {
        let sample = round.determinize(seat, &mut rng).unwrap();
        for (row, &index) in observed.iter_mut().zip(&unseen) {
            for j in 1..4 {
                if sample.hand(Seat(j)).unwrap().mask() & (1 << index) != 0 {
                    row[usize::from(j)] += 1;
                }
            }
        }
        // The known cards stay where they are.
        for (j, &cards) in known.iter().enumerate().skip(1) {
            let hand = sample.hand(Seat(j as u8)).unwrap().mask();
            assert_eq!(hand & cards, cards);
        }
    }
    // The Mah Jong, if unseen, is with the first trick's leader every time.
    let mahjong = unseen.iter().position(|&i| i == 52);
    let rows: Vec<[u32; 4]> = observed
        .iter()
        .enumerate()
        .filter(|&(k, _)| Some(k) != mahjong)
        .map(|(_, row)| *row)
        .collect();
    if let Some(k) = mahjong {
        let leader = first_leader.unwrap().index();
        assert_eq!(observed[k][leader], samples);
    }
    let (chi, dof) = chi_square(&rows, share, samples);
    // Mean `dof`, standard deviation sqrt(2 dof): a bound five deviations up (seeded, fixed).
    let bound = dof as f64 + 5.0 * (2.0 * dof as f64).sqrt();
    assert!(chi < bound, "chi-square {chi:.1} with {dof} degrees of freedom");
    assert!(dof > 40, "{dof}");
}

#[test]
fn unseen_cards_land_in_proportion_before_the_grand_tichu_decision() {
    let round = Round::new(&Config::default(), &Deal::Seeded(8)).unwrap();
    let seat = Seat(2);
    let window = round.observation(seat).unwrap().hand.mask() & ((1 << 56) - 1);
    assert_eq!(window.count_ones(), 8);
    let unseen: Vec<u8> = (0..56u8).filter(|&i| window & (1 << i) == 0).collect();
    let share = [14.0 / 48.0, 14.0 / 48.0, 6.0 / 48.0, 14.0 / 48.0];
    let mut observed = std::vec![[0u32; 4]; unseen.len()];
    let samples = 1500u32;
    let mut rng = Rng::new(77);
    for _ in 0..samples {
        let sample = round.determinize(seat, &mut rng).unwrap();
        check_sample(&round, &sample, seat);
        for (row, &index) in observed.iter_mut().zip(&unseen) {
            for j in 0..4u8 {
                if sample.hand(Seat(j)).unwrap().mask() & (1 << index) != 0 {
                    row[usize::from(j)] += 1;
                }
            }
        }
    }
    let (chi, dof) = chi_square(&observed, share, samples);
    let bound = dof as f64 + 5.0 * (2.0 * dof as f64).sqrt();
    assert!(chi < bound, "chi-square {chi:.1} with {dof} degrees of freedom");
    assert_eq!(dof, 48 * 3);
}

#[test]
fn a_seat_that_could_not_fulfil_a_wish_is_never_dealt_a_playable_wished_card() {
    // Every sample replays the history, whose passes and plays under an open wish must stay
    // legal: the samples of the random rounds above count rounds with wishes; here one state
    // is pinned and sampled many times.
    let mut found = None;
    'seeds: for seed in 0..200u64 {
        let mut round = Round::new(&Config::default(), &Deal::Seeded(seed)).unwrap();
        let mut bots = [0, 1, 2, 3].map(|k| RandomBot::new(seed + k * 1000));
        while let Some((seat, action)) = bot::step(&round, &mut bots) {
            let wish = round.trick().wish();
            round.apply(seat, action).unwrap();
            // A pass in turn under an open wish by a seat other than seat 0.
            if let (Some(rank), Action::Pass) = (wish, action)
                && seat != Seat(0)
                && round.trick().wish() == Some(rank)
            {
                found = Some((round, seat, rank));
                break 'seeds;
            }
        }
    }
    let (round, passer, rank) = found.unwrap();
    let mut rng = Rng::new(3);
    for _ in 0..300 {
        // A valid sample replays the pass under the open wish: `Round::apply` refuses a pass
        // when the passer could play the wished rank, so in no sample could it.
        let sample = round.determinize(Seat(0), &mut rng).unwrap();
        check_sample(&round, &sample, Seat(0));
        let passes = sample
            .observation(Seat(0))
            .unwrap()
            .history()
            .filter(|r| r.seat == passer && r.kind == RecordKind::Pass)
            .count();
        assert!(passes > 0);
        assert_eq!(sample.trick().wish(), Some(rank));
    }
}

#[test]
fn determinize_refuses_a_seat_off_the_table() {
    let round = Round::new(&Config::default(), &Deal::Seeded(1)).unwrap();
    let error = round.determinize(Seat(4), &mut Rng::new(0)).unwrap_err();
    assert_eq!(game::GameError::fault(&error), Some(game::Fault::NoSuchSeat));
}

fn outcome(scores: [i16; 2]) -> Outcome {
    Outcome {
        scores,
        card_points: [50, 50],
        call_points: [0, 0],
        double_victory: None,
        finish: [Seat(0), Seat(1), Seat(2), Seat(3)],
        calls: [Call::None; 4],
    }
}

#[test]
fn rewards_are_shared_by_partners_and_pinned() {
    let won = outcome([75, 25]);
    // 0.5 + 0.15 + 0.35 · 50 / 400, and its mirror.
    assert!((Round::reward(&won, Seat(0)) - 0.69375).abs() < 1e-6);
    assert_eq!(Round::reward(&won, Seat(0)), Round::reward(&won, Seat(2)));
    assert!((Round::reward(&won, Seat(1)) - 0.30625).abs() < 1e-6);
    assert_eq!(Round::reward(&outcome([50, 50]), Seat(3)), 0.5);
    assert_eq!(Round::reward(&outcome([300, -100]), Seat(2)), 1.0);
    assert_eq!(Round::reward(&outcome([300, -100]), Seat(1)), 0.0);
}

#[test]
fn the_plays_left_estimate_is_pinned() {
    assert_eq!(plays_left(cards("-")), 0);
    assert_eq!(plays_left(cards("2j")), 1);
    assert_eq!(plays_left(cards("2j2s")), 1);
    assert_eq!(plays_left(cards("2j2s3j3s")), 1); // consecutive pairs
    assert_eq!(plays_left(cards("2j2s2p3j3s")), 1); // full house
    assert_eq!(plays_left(cards("1 2j3s4p5t")), 1); // straight from the Mah Jong
    assert_eq!(plays_left(cards("2j2s2p2t 9j")), 2); // a bomb and a single
    assert_eq!(plays_left(cards("2j 5s 9p Kt R D")), 6);
    assert_eq!(plays_left(cards("2j 5s P")), 2); // the Phoenix joins a single
    assert_eq!(plays_left(cards("5j5s P")), 2);
    assert!(is_bomb(cards("7j7s7p7t")));
    assert!(is_bomb(cards("3j4j5j6j7j")));
    assert!(!is_bomb(cards("3j4j5j6j7s")));
    assert!(!is_bomb(cards("7j7s7p")));
}

/// The greedy bot's `plays_left` as it was before it worked on rank masks (session 19), kept
/// as the reference the mask form must match: counts per rank, rank by rank.
mod plays_left_reference {
    use super::Cards;

    fn rank_counts(hand: Cards) -> [u8; 15] {
        let mut counts = [0u8; 15];
        for card in hand.iter() {
            match card {
                super::super::card::Card::Natural(rank, _) => counts[usize::from(rank.value())] += 1,
                super::super::card::Card::MahJong => counts[1] = 1,
                _ => {}
            }
        }
        counts
    }

    pub fn plays_left(hand: Cards) -> u32 {
        let mut counts = rank_counts(hand);
        let mut plays = 0u32;
        for count in counts.iter_mut().skip(2) {
            if *count == 4 {
                plays += 1;
                *count = 0;
            }
        }
        let mut start = 1usize;
        while start < counts.len() {
            let len = counts.iter().skip(start).take_while(|&&c| c > 0).count();
            if len >= 5 {
                let multi = counts.iter().skip(start).take(len).filter(|&&c| c >= 2).count();
                if len - 1 > multi {
                    plays += 1;
                    for count in counts.iter_mut().skip(start).take(len) {
                        *count = count.saturating_sub(1);
                    }
                }
            }
            start += len.max(1);
        }
        let mut start = 2usize;
        while start < counts.len() {
            let len = counts.iter().skip(start).take_while(|&&c| c == 2).count();
            if len >= 2 {
                plays += 1;
                for count in counts.iter_mut().skip(start).take(len) {
                    *count = 0;
                }
            }
            start += len.max(1);
        }
        let groups = |n: u8| counts.iter().filter(|&&c| c == n).count() as u32;
        let (singles, pairs, triples) = (groups(1), groups(2), groups(3));
        plays = plays + singles + pairs + triples - triples.min(pairs);
        plays += u32::from(hand.has_dragon()) + u32::from(hand.has_dog());
        if hand.has_phoenix() && singles == 0 {
            plays += 1;
        }
        plays
    }
}

/// Issue 27: `plays_left` on rank masks gives the rank-by-rank answer on random hands (random
/// subsets of the deck of 1 to 20 cards, suited and rank-only, rich in runs and groups).
#[test]
fn plays_left_by_masks_matches_the_rank_by_rank_reference() {
    let mut rng = Rng::new(27);
    let mut checked = 0u32;
    let mut straights = 0u32;
    for _ in 0..200_000 {
        // A random subset of the 56 cards: each card kept with probability k/8.
        let k = rng.below(8) + 1;
        let mut mask = 0u64;
        for bit in 0..56 {
            if rng.below(8) < k {
                mask |= 1 << bit;
            }
        }
        let suited = Cards::from_mask(mask | 1 << 63).unwrap();
        // Its rank-only form: each rank's count as a low run.
        let mut rank_only = mask & (0xF << 52);
        for shift in (0..52).step_by(4) {
            let n = ((mask >> shift) & 0xF).count_ones();
            rank_only |= ((1u64 << n) - 1) << shift;
        }
        let rank_only = Cards::from_mask(rank_only).unwrap();
        for hand in [suited, rank_only] {
            let expected = plays_left_reference::plays_left(hand);
            assert_eq!(plays_left(hand), expected, "{hand}");
            checked += 1;
        }
        let mut c = [0u8; 15];
        for card in suited.iter() {
            if let super::card::Card::Natural(rank, _) = card {
                c[usize::from(rank.value())] += 1;
            }
        }
        straights += u32::from(c.windows(5).any(|w| w.iter().all(|&n| n > 0 && n < 4)));
    }
    assert_eq!(checked, 400_000);
    assert!(straights > 50_000, "{straights}");
}

/// Rounds won (more team points) by the team of seats 0 and 2 when `bots_a` play them and
/// `bots_b` the others, over `rounds` seeded deals, and the total point margin.
fn duel<A: Bot<Round>, B: Bot<Round>>(
    mut a: impl FnMut(u64) -> A,
    mut b: impl FnMut(u64) -> B,
    rounds: u64,
) -> (u32, u32, i64) {
    let (mut wins, mut losses, mut margin) = (0, 0, 0i64);
    for seed in 0..rounds {
        for swap in [false, true] {
            let mut round = Round::new(&Config::default(), &Deal::Seeded(seed)).unwrap();
            let mut table: [Either<A, B>; 4] = core::array::from_fn(|k| {
                let ours = (k % 2 == 0) != swap;
                let bot_seed = seed * 8 + k as u64;
                if ours {
                    Either::A(a(bot_seed))
                } else {
                    Either::B(b(bot_seed))
                }
            });
            let mut steps = 0;
            while let Some((seat, action)) = bot::step(&round, &mut table) {
                round.apply(seat, action).unwrap();
                steps += 1;
                assert!(steps < 1000);
            }
            let scores = round.outcome().unwrap().scores;
            let (ours, theirs) = if swap {
                (scores[1], scores[0])
            } else {
                (scores[0], scores[1])
            };
            margin += i64::from(ours - theirs);
            if ours > theirs {
                wins += 1;
            } else if ours < theirs {
                losses += 1;
            }
        }
    }
    (wins, losses, margin)
}

enum Either<A, B> {
    A(A),
    B(B),
}

impl<A: Bot<Round>, B: Bot<Round>> Bot<Round> for Either<A, B> {
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        match self {
            Either::A(a) => a.choose(round, seat),
            Either::B(b) => b.choose(round, seat),
        }
    }
}

#[test]
fn greedy_beats_uniform_by_a_wide_margin() {
    let (wins, losses, margin) = duel(Greedy::new, Uniform::new, 150);
    std::println!("greedy vs uniform: {wins} won, {losses} lost, margin {margin}");
    assert!(wins > 3 * losses, "{wins} won, {losses} lost");
    assert!(margin > 0);
}

#[test]
fn greedy_beats_the_random_bot() {
    let (wins, losses, margin) = duel(Greedy::new, RandomBot::new, 100);
    std::println!("greedy vs random: {wins} won, {losses} lost, margin {margin}");
    assert!(wins > 2 * losses, "{wins} won, {losses} lost");
}

#[test]
fn greedy_is_deterministic_for_its_seed() {
    let play = |seed: u64| {
        let mut round = Round::new(&Config::default(), &Deal::Seeded(4)).unwrap();
        let mut bots = [0, 1, 2, 3].map(|k| Greedy::new(seed + k));
        let mut log = Vec::new();
        while let Some((seat, action)) = bot::step(&round, &mut bots) {
            round.apply(seat, action).unwrap();
            log.push((seat, action));
        }
        log
    };
    assert_eq!(play(1), play(1));
    // Its own choices: the playout policy of the search.
    let round = Round::new(&Config::default(), &Deal::Seeded(4)).unwrap();
    assert_eq!(
        Round::playout(9).choose(&round, Seat(0)),
        Some(Action::GrandTichu(false))
    );
}

#[test]
fn a_seat_that_passed_on_a_wished_single_holds_none_of_that_rank() {
    // The Mah Jong led alone with a wish, then a pass by an opponent: that opponent held no
    // natural card of the wished rank (any one beats the Mah Jong), so no sample gives it one.
    let mut found = Vec::new();
    for seed in 0..400u64 {
        let mut round = Round::new(&Config::default(), &Deal::Seeded(seed)).unwrap();
        let mut bots = [0, 1, 2, 3].map(|k| RandomBot::new(seed * 5 + k));
        let mut wished = None;
        while let Some((seat, action)) = bot::step(&round, &mut bots) {
            round.apply(seat, action).unwrap();
            match action {
                Action::Play {
                    cards,
                    wish: Some(rank),
                } if cards.len() == 1 => wished = Some((seat, rank)),
                Action::Pass => {
                    if let Some((leader, rank)) = wished
                        && round.trick().wish() == Some(rank)
                        && seat.0 & 1 != leader.0 & 1
                    {
                        found.push((round, leader, seat, rank));
                    }
                    wished = None;
                }
                _ => wished = None,
            }
            if found.len() >= 6 {
                break;
            }
        }
        if found.len() >= 6 {
            break;
        }
    }
    assert!(found.len() >= 2, "{}", found.len());
    let mut rng = Rng::new(12);
    for (round, leader, passer, rank) in found {
        // Seen by the leader's partner (it does not see the passer's hand).
        let observer = Seat((leader.0 + 2) % 4);
        for _ in 0..100 {
            let sample = round.determinize(observer, &mut rng).unwrap();
            check_sample(&round, &sample, observer);
            assert_eq!(sample.hand(passer).unwrap().count(rank), 0);
        }
        assert_eq!(round.hand(passer).unwrap().count(rank), 0);
    }
}

#[test]
#[ignore = "a measurement: cargo test --release -- --ignored --nocapture"]
fn measure_playout_and_determinize_cost() {
    let start = std::time::Instant::now();
    let mut actions = 0u64;
    let rounds = 2000u64;
    for seed in 0..rounds {
        let mut round = Round::new(&Config::default(), &Deal::Seeded(seed)).unwrap();
        let mut bots = [0, 1, 2, 3].map(|k| Greedy::new(seed + k));
        while let Some((seat, action)) = bot::step(&round, &mut bots) {
            round.apply(seat, action).unwrap();
            actions += 1;
        }
    }
    let playout = start.elapsed();
    let mut states = Vec::new();
    for seed in 0..50u64 {
        let mut round = Round::new(&Config::default(), &Deal::Seeded(seed)).unwrap();
        let mut bots = [0, 1, 2, 3].map(|k| Greedy::new(seed + k));
        let mut n = 0;
        while let Some((seat, action)) = bot::step(&round, &mut bots) {
            round.apply(seat, action).unwrap();
            n += 1;
            if n % 10 == 0 {
                states.push(round);
            }
        }
    }
    let mut rng = Rng::new(1);
    let start = std::time::Instant::now();
    for round in &states {
        for seat in 0..4 {
            std::hint::black_box(round.determinize(Seat(seat), &mut rng).unwrap());
        }
    }
    let det = start.elapsed();
    std::println!(
        "greedy playout: {:.1} us per round ({} actions per round); determinize: {:.1} us",
        playout.as_secs_f64() * 1e6 / rounds as f64,
        actions / rounds,
        det.as_secs_f64() * 1e6 / (states.len() * 4) as f64
    );
}

/// Positions of whole random rounds (every phase, wishes, Dragon gifts), with the random bots'
/// own actions.
fn random_positions(seeds: core::ops::Range<u64>, mut visit: impl FnMut(&Round)) {
    for seed in seeds {
        let mut round = Round::new(&Config::default(), &Deal::Seeded(seed)).unwrap();
        let mut bots = [0, 1, 2, 3].map(|k| RandomBot::new(seed * 11 + k));
        loop {
            visit(&round);
            let Some((seat, action)) = bot::step(&round, &mut bots) else {
                break;
            };
            round.apply(seat, action).unwrap();
        }
        visit(&round);
    }
}

/// The determinization reads what the seat has seen off the round (`Round::seen`, the public
/// record in place): the very values of its observation's fields, so every draw is the one the
/// observation gave.
#[test]
fn what_the_draws_read_is_the_observations() {
    let mut positions = 0usize;
    random_positions(0..40, |round| {
        for seat in (0..5).map(Seat) {
            match round.observation(seat) {
                Ok(view) => {
                    assert_eq!(round.seen(seat), Ok(view.seen()));
                    assert!(round.public_history().eq(view.history()));
                }
                Err(error) => assert_eq!(round.seen(seat), Err(error)),
            }
        }
        positions += 1;
    });
    assert!(positions > 2000, "{positions}");
}

/// `Round::is_legal` asks the round in place: the same answer as the way before (the action
/// applied to a copy), and as `apply`, for every legal action of every seat and for junk.
#[test]
fn is_legal_in_place_is_the_answer_of_an_applied_copy() {
    use super::card::Rank;
    let mut asked = 0usize;
    let mut legal = 0usize;
    random_positions(0..60, |round| {
        let mut actions: Vec<Action> = Vec::new();
        for seat in (0..4).map(Seat) {
            game::Round::for_each_legal_action(round, seat, |action| actions.push(action));
            let hand = round.hand(seat).unwrap();
            let cards: Vec<_> = hand.iter().collect();
            actions.extend(super::engine_tests::exchanges_to_try(&cards));
            for card in cards.iter().take(3) {
                let mut single = Cards::EMPTY;
                single.insert(*card).unwrap();
                actions.push(Action::Play {
                    cards: single,
                    wish: None,
                });
                actions.push(Action::Play {
                    cards: single,
                    wish: Rank::new(7),
                });
            }
            actions.push(Action::GiveDragonTrick(seat));
        }
        actions.extend([
            Action::Pass,
            Action::Tichu,
            Action::GrandTichu(false),
            Action::GrandTichu(true),
            Action::Play {
                cards: Cards::EMPTY,
                wish: None,
            },
        ]);
        for seat in (0..5).map(Seat) {
            for &action in &actions {
                let by_copy = round.is_legal_by_copy(seat, action);
                let mut copy = *round;
                let applied = copy.apply(seat, action).is_ok();
                assert_eq!(round.is_legal(seat, action), by_copy, "{action:?} by {seat:?}");
                assert_eq!(by_copy, applied, "{action:?} by {seat:?}");
                asked += 1;
                legal += usize::from(applied);
            }
        }
    });
    assert!(asked > 100_000 && legal > 10_000, "{asked} asked, {legal} legal");
}
