//! Criterion benchmarks for the Tichu round engine (figures in `docs/tichu.md` and
//! BENCHMARKS.md). Goal: random self-play of whole rounds ≥ 20,000 rounds/s per core.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlor_benches::{lowest, play_round};
use parlor_core::game::bot;
use parlor_core::game::{Rng, Search, Seat};
use parlor_core::tichu::bot::{Greedy, RandomBot};
use parlor_core::tichu::round::{self, Config, Deal, Round};

fn random_round(seed: u64) -> i16 {
    let round = Round::new(&Config::STANDARD, &Deal::Seeded(seed)).expect("a round");
    let mut bot = RandomBot::new(seed);
    let (round, _) = play_round(round, |r| bot.step(r));
    round.outcome().map_or(0, |o| o.scores[0])
}

fn lowest_round(seed: u64) -> i16 {
    let round = Round::new(&Config::STANDARD, &Deal::Seeded(seed)).expect("a round");
    let (round, _) = play_round(round, lowest);
    round.outcome().map_or(0, |o| o.scores[0])
}

/// Four greedy seats (the search bot's playout policy), out-of-turn bombs and calls included.
fn greedy_round(seed: u64) -> i16 {
    let round = Round::new(&Config::STANDARD, &Deal::Seeded(seed)).expect("a round");
    let mut bots = [0, 1, 2, 3].map(|k| Greedy::new(seed.wrapping_add(k)));
    let (round, _) = play_round(round, |r| bot::step(r, &mut bots));
    round.outcome().map_or(0, |o| o.scores[0])
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("tichu-round");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random self-play round (random bots, bombs and calls)", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(random_round(black_box(seed)))
        })
    });
    group.bench_function("lowest-legal self-play round", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(lowest_round(black_box(seed)))
        })
    });
    group.bench_function("greedy self-play round (the playout policy)", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(greedy_round(black_box(seed)))
        })
    });
    // A position 60 actions into a seeded round, sampled for the seat to act.
    let mut middle = Round::new(&Config::STANDARD, &Deal::Seeded(5)).expect("a round");
    let mut random = RandomBot::new(5);
    for _ in 0..60 {
        if let Some((seat, action)) = random.step(&middle) {
            let _ = middle.apply(seat, action);
        }
    }
    let observer = middle.to_act().unwrap_or(Seat(0));
    let mut rng = Rng::new(1);
    group.bench_function(
        "determinize a mid-round position (deal again, replay the history)",
        |b| b.iter(|| black_box(black_box(&middle).determinize(observer, &mut rng))),
    );
    // A finished round's encode, and its decode (a replay of every action).
    let mut bot = RandomBot::new(3);
    let (done, _) = play_round(Round::new(&Config::STANDARD, &Deal::Seeded(3)).expect("a round"), |r| {
        bot.step(r)
    });
    let mut bytes = [0u8; round::ENCODED_BYTES];
    group.bench_function("encode a finished round", |b| {
        b.iter(|| black_box(&done).encode(black_box(&mut bytes)))
    });
    let _ = done.encode(&mut bytes);
    group.bench_function("decode a finished round (replays it)", |b| {
        b.iter(|| Round::decode(black_box(&bytes)))
    });
    let start = Round::new(&Config::STANDARD, &Deal::Seeded(9)).expect("a round");
    group.bench_function("new round (seeded deal)", |b| {
        b.iter(|| Round::new(&Config::STANDARD, &Deal::Seeded(black_box(9))))
    });
    group.bench_function("legal actions of the seat to act, exchange (2,185)", |b| {
        let mut round = start;
        for s in 0..4 {
            let _ = round.apply(Seat(s), round::Action::GrandTichu(false));
        }
        b.iter(|| {
            let mut n = 0usize;
            round.for_each_legal_action(Seat(0), |_| n += 1);
            black_box(n)
        })
    });
    group.finish();
}

criterion_group!(tichu_round, benches);
criterion_main!(tichu_round);
