//! Criterion benchmarks of the whole dominoes game (figures in `docs/dominoes.md` and
//! `BENCHMARKS.md`): random self-play of whole Five Up hands (deal included), the same with the
//! lowest-legal bot and with the greedy bot (the search's playout), a whole match, one
//! encode/decode round trip, and one determinization (what a seat may believe) mid-hand.
//!
//! Run: `cargo bench -p parlor-benches --bench dominoes_round -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlor_benches::{in_turn, lowest, play_match, play_round};
use parlor_core::dominoes::{Config, Deal, ENCODED_BYTES, Greedy, Match, RandomBot, Round};
use parlor_core::game::bot::lowest_legal_action;
use parlor_core::game::{Rng, Seat};

fn random_hand(config: &Config, seed: u64) -> u16 {
    let round = Round::new(config, &Deal::Seeded(seed)).expect("deals");
    let mut bot = RandomBot::new(seed);
    let (round, _) = play_round(round, in_turn(|r, s| bot.choose(r, s)));
    round.scores()[0]
}

fn whole_hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("dominoes_round");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("five_up_hand_random_self_play", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(random_hand(&Config::FIVE_UP, black_box(seed)))
        })
    });
    let four = Config::FIVE_UP.with_players(4);
    group.bench_function("five_up_hand_4_players_random", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(random_hand(&four, black_box(seed)))
        })
    });
    group.bench_function("five_up_hand_lowest_legal", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let round = Round::new(&Config::FIVE_UP, &Deal::Seeded(black_box(seed))).expect("deals");
            let (round, _) = play_round(round, lowest);
            black_box(round.scores())
        })
    });
    group.bench_function("five_up_match_random", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let game = Match::new(&Config::FIVE_UP, black_box(seed)).expect("deals");
            let mut bot = RandomBot::new(seed);
            let (game, _) = play_match(game, in_turn(|r, s| bot.choose(r, s)));
            black_box(game.scores())
        })
    });
    group.bench_function("five_up_hand_greedy_self_play", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let round = Round::new(&Config::FIVE_UP, &Deal::Seeded(black_box(seed))).expect("deals");
            let mut bots = [Greedy::new(seed), Greedy::new(seed ^ 1)];
            let (round, _) = play_round(round, in_turn(|r, s| bots[s.index()].choose(r, s)));
            black_box(round.scores())
        })
    });
    // Mid-hand (seed 10, eight lowest-legal actions in): seat 0's view, seat 1 lacking numbers.
    let mut middle = Round::new(&Config::FIVE_UP, &Deal::Seeded(10)).expect("deals");
    for _ in 0..8 {
        if let Some(seat) = middle.to_act() {
            let action = lowest_legal_action(&middle, seat).expect("a legal action");
            middle.apply(seat, action).expect("legal");
        }
    }
    let mut rng = Rng::new(1);
    group.bench_function("determinize_mid_hand", |b| {
        b.iter(|| black_box(black_box(&middle).determinize(Seat(0), &mut rng).expect("a sample")))
    });
    let round = Round::new(&Config::FIVE_UP, &Deal::Seeded(1)).expect("deals");
    group.bench_function("encode_decode", |b| {
        b.iter(|| {
            let mut bytes = [0u8; ENCODED_BYTES];
            black_box(&round).encode(&mut bytes).expect("fits");
            black_box(Round::decode(black_box(&bytes)).expect("valid"))
        })
    });
    group.finish();
}

criterion_group!(benches, whole_hands);
criterion_main!(benches);
