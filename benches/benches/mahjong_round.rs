//! Criterion benchmarks for the Riichi round engine (figures in `docs/mahjong.md` and
//! BENCHMARKS.md). Goal: random self-play of whole hands (kyoku) ≥ 20,000 per second
//! per core.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlor_benches::{in_turn, lowest, play_match, play_round};
use parlor_core::game::Rng;
use parlor_core::game::{Search, Seat};
use parlor_core::mahjong::round::ENCODED_BYTES;
use parlor_core::mahjong::{Action, Config, Deal, Greedy, MAX_ACTIONS, Match, RandomBot, Round};

fn random_kyoku(seed: u64) -> i32 {
    let round = Round::new(&Config::TENHOU, &Deal::Seeded(seed)).expect("a round");
    let mut bot = RandomBot::new(seed);
    let (round, _) = play_round(round, in_turn(|r, s| bot.choose(r, s)));
    round.outcome().map_or(0, |o| o.deltas[0])
}

/// Uniformly random legal actions (one `Rng::below` per decision), a win taken when offered.
fn uniform_kyoku(seed: u64) -> i32 {
    let round = Round::new(&Config::TENHOU, &Deal::Seeded(seed)).expect("a round");
    let mut rng = Rng::new(seed);
    let mut actions = [Action::Pass; MAX_ACTIONS];
    let (round, _) = play_round(
        round,
        in_turn(|round: &Round, seat| {
            let n = round.legal_actions(seat, &mut actions).min(MAX_ACTIONS);
            let legal = &actions[..n];
            match legal.iter().find(|a| matches!(a, Action::Tsumo | Action::Ron)) {
                Some(&win) => Some(win),
                None => legal.get(rng.below(n as u32) as usize).copied(),
            }
        }),
    );
    round.outcome().map_or(0, |o| o.deltas[0])
}

fn lowest_kyoku(seed: u64) -> i32 {
    let round = Round::new(&Config::TENHOU, &Deal::Seeded(seed)).expect("a round");
    let (round, _) = play_round(round, lowest);
    round.outcome().map_or(0, |o| o.deltas[0])
}

/// Four greedy seats (the search bot's playout policy).
fn greedy_kyoku(seed: u64) -> i32 {
    let round = Round::new(&Config::TENHOU, &Deal::Seeded(seed)).expect("a round");
    let mut bots = [
        Greedy::new(seed),
        Greedy::new(seed + 1),
        Greedy::new(seed + 2),
        Greedy::new(seed + 3),
    ];
    let (round, _) = play_round(round, in_turn(|r, s| bots[s.index()].choose(r, s)));
    round.outcome().map_or(0, |o| o.deltas[0])
}

fn random_match(seed: u64) -> u32 {
    let game = Match::new(&Config::TENHOU, seed).expect("a match");
    let mut bot = RandomBot::new(seed);
    let (game, _) = play_match(game, in_turn(|r, s| bot.choose(r, s)));
    game.rounds_played()
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("mahjong-round");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function(
        "random self-play kyoku (RandomBot: shanten discards, calls, riichi)",
        |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                black_box(random_kyoku(black_box(seed)))
            })
        },
    );
    group.bench_function(
        "uniform random self-play kyoku (every legal action equally likely)",
        |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                black_box(uniform_kyoku(black_box(seed)))
            })
        },
    );
    group.bench_function("lowest-legal self-play kyoku (tsumogiri-like, always passes)", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(lowest_kyoku(black_box(seed)))
        })
    });
    group.bench_function("greedy self-play kyoku (the playout policy)", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(greedy_kyoku(black_box(seed)))
        })
    });
    // A position 30 actions into a seeded round, sampled for the seat to act.
    let mut middle = Round::new(&Config::TENHOU, &Deal::Seeded(5)).expect("a round");
    let mut random = RandomBot::new(5);
    for _ in 0..30 {
        let Some(seat) = middle.to_act() else { break };
        let Some(action) = random.choose(&middle, seat) else {
            break;
        };
        let _ = middle.apply(seat, action);
    }
    let to_act = middle.to_act().unwrap_or(Seat(0));
    let mut rng = Rng::new(1);
    group.bench_function("determinize a mid-round position (search sample)", |b| {
        b.iter(|| black_box(&middle).determinize(to_act, &mut rng))
    });
    group.bench_function("random self-play hanchan (Match)", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(random_match(black_box(seed)))
        })
    });
    let mut bot = RandomBot::new(3);
    let (done, _) = play_round(
        Round::new(&Config::TENHOU, &Deal::Seeded(3)).expect("a round"),
        in_turn(|r, s| bot.choose(r, s)),
    );
    let mut bytes = [0u8; ENCODED_BYTES];
    group.bench_function("encode a finished round", |b| {
        b.iter(|| black_box(&done).encode(black_box(&mut bytes)))
    });
    let _ = done.encode(&mut bytes);
    group.bench_function("decode a finished round (full re-validation)", |b| {
        b.iter(|| Round::decode(black_box(&bytes)))
    });
    group.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
