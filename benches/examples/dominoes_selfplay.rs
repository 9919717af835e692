//! Whole Five Up hands by random self-play: `N` hands (first argument, default 100000) timed
//! in one go, then the best of 300 batches of 200 hands (the shared build machine is loaded; the
//! best batch is closest to an idle core). Instruction counts, independent of load:
//! `valgrind --tool=callgrind target/release/examples/dominoes_selfplay 2000`.

use parlor_core::dominoes::{Config, Deal, RandomBot, Round};

fn hands(from: u64, count: u64) -> u64 {
    let mut checksum = 0u64;
    for seed in from..from + count {
        let mut round = Round::new(&Config::FIVE_UP, &Deal::Seeded(seed)).expect("deals");
        let mut bot = RandomBot::new(seed);
        while let Some(seat) = round.to_act() {
            let action = bot.choose(&round, seat).expect("a legal action");
            round.apply(seat, action).expect("legal");
        }
        checksum = checksum.wrapping_add(u64::from(round.scores()[0]));
    }
    checksum
}

fn main() {
    let total: u64 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(100_000);
    let start = std::time::Instant::now();
    let checksum = hands(0, total);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{total} hands in {seconds:.3} s: {:.0} hands/s (checksum {checksum})",
        total as f64 / seconds
    );
    if total >= 10_000 {
        let mut best = f64::MAX;
        for batch in 0..300u64 {
            let start = std::time::Instant::now();
            std::hint::black_box(hands(batch * 200, 200));
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!(
            "best batch of 200: {:.2} µs per hand, {:.0} hands/s",
            best / 200.0 * 1e6,
            200.0 / best
        );
    }
}
