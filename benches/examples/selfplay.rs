//! Random self-play whole rounds per CPU-second, every game (issue 26's goals): each game's own
//! `RandomBot` (as the criterion `*_round` benches drive it) and the generic
//! `game::bot::Uniform` (a count and an index, no list). CPU time is this thread's on-CPU time
//! (`/proc/thread-self/schedstat`), so the figures hold on a loaded machine; each figure is the
//! best of `passes` passes of `n` seeded rounds, the games interleaved pass by pass.
//!
//! `cargo run --release -p parlor-benches --example selfplay -- [n] [passes]`; instruction
//! counts: `valgrind --tool=callgrind target/release/examples/selfplay 2000 1`.

use parlor_benches::{in_turn, play_round};
use parlor_core::game::bot::{self, Uniform};
use parlor_core::{dominoes, doudizhu, mahjong, tichu};
use std::hint::black_box;

fn dominoes_random(seed: u64) -> u64 {
    let round = dominoes::Round::new(&dominoes::Config::FIVE_UP, &dominoes::Deal::Seeded(seed)).expect("deals");
    let mut b = dominoes::RandomBot::new(seed);
    let (round, n) = play_round(round, in_turn(|r, s| b.choose(r, s)));
    u64::from(round.scores()[0]) + n as u64
}

fn dominoes_uniform(seed: u64) -> u64 {
    let round = dominoes::Round::new(&dominoes::Config::FIVE_UP, &dominoes::Deal::Seeded(seed)).expect("deals");
    let mut b = Uniform::new(seed);
    let (round, n) = play_round(round, in_turn(|r, s| b.pick(r, s)));
    u64::from(round.scores()[0]) + n as u64
}

fn tichu_random(seed: u64) -> u64 {
    let round =
        tichu::round::Round::new(&tichu::round::Config::STANDARD, &tichu::round::Deal::Seeded(seed)).expect("a round");
    let mut b = tichu::bot::RandomBot::new(seed);
    let (round, n) = play_round(round, |r| b.step(r));
    round.outcome().map_or(0, |o| o.scores[0] as u64) + n as u64
}

fn tichu_uniform(seed: u64) -> u64 {
    let round =
        tichu::round::Round::new(&tichu::round::Config::STANDARD, &tichu::round::Deal::Seeded(seed)).expect("a round");
    let mut bots = [0, 1, 2, 3].map(|k| Uniform::new(seed.wrapping_add(k)));
    let (round, n) = play_round(round, |r| bot::step(r, &mut bots));
    round.outcome().map_or(0, |o| o.scores[0] as u64) + n as u64
}

fn doudizhu_random(seed: u64) -> u64 {
    let round = doudizhu::Round::new(&doudizhu::Config::OPENSPIEL, &doudizhu::Deal::Seeded(seed)).expect("a round");
    let mut b = doudizhu::bot::RandomBot::new(seed ^ 0xabcd);
    let (round, n) = play_round(round, in_turn(|r, s| b.choose(r, s)));
    black_box(round.outcome());
    n as u64
}

fn doudizhu_uniform(seed: u64) -> u64 {
    let round = doudizhu::Round::new(&doudizhu::Config::OPENSPIEL, &doudizhu::Deal::Seeded(seed)).expect("a round");
    let mut b = Uniform::new(seed ^ 0xabcd);
    let (round, n) = play_round(round, in_turn(|r, s| b.pick(r, s)));
    black_box(round.outcome());
    n as u64
}

fn mahjong_random(seed: u64) -> u64 {
    let round = mahjong::Round::new(&mahjong::Config::TENHOU, &mahjong::Deal::Seeded(seed)).expect("a round");
    let mut b = mahjong::RandomBot::new(seed);
    let (round, n) = play_round(round, in_turn(|r, s| b.choose(r, s)));
    round.outcome().map_or(0, |o| o.deltas[0] as u64) + n as u64
}

fn mahjong_uniform(seed: u64) -> u64 {
    let round = mahjong::Round::new(&mahjong::Config::TENHOU, &mahjong::Deal::Seeded(seed)).expect("a round");
    let mut bots = [0, 1, 2, 3].map(|k| Uniform::new(seed.wrapping_add(k)));
    let (round, n) = play_round(round, |r| bot::step(r, &mut bots));
    round.outcome().map_or(0, |o| o.deltas[0] as u64) + n as u64
}

type Case = (&'static str, fn(u64) -> u64);

const CASES: [Case; 8] = [
    ("dominoes Five Up, RandomBot", dominoes_random),
    ("dominoes Five Up, Uniform", dominoes_uniform),
    ("tichu, RandomBot", tichu_random),
    ("tichu, Uniform (4 seats, out-of-turn rights passed)", tichu_uniform),
    ("doudizhu openspiel, RandomBot", doudizhu_random),
    ("doudizhu openspiel, Uniform", doudizhu_uniform),
    ("riichi tenhou, RandomBot", mahjong_random),
    ("riichi tenhou, Uniform (4 seats, claims passed)", mahjong_uniform),
];

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5_000);
    let passes: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let filter = args.next().unwrap_or_default();
    let cases: Vec<&Case> = CASES
        .iter()
        .filter(|(name, _)| name.contains(filter.as_str()))
        .collect();
    let runs: Vec<&dyn Fn(u64) -> u64> = cases.iter().map(|(_, f)| f as &dyn Fn(u64) -> u64).collect();
    let figures = parlor_benches::best_of_passes(&runs, n, passes);
    let (best, sums): (Vec<u64>, Vec<u64>) = figures.into_iter().unzip();
    for (k, (name, _)) in cases.iter().enumerate() {
        let per = best[k] as f64 / n as f64;
        println!(
            "{name:55} {:8.2} µs/round on-CPU  {:9.0} rounds/CPU-s  (checksum {})",
            per / 1e3,
            1e9 / per,
            sums[k]
        );
    }
}
