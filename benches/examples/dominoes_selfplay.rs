//! Plays `N` (first argument, default 100000) whole Five Up hands by random self-play and
//! prints the hands per second: a load-independent figure comes from
//! `perf stat -e instructions:u target/release/examples/dominoes_selfplay`.

use parlor_core::dominoes::{Config, Deal, RandomBot, Round};

fn main() {
    let hands: u64 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(100_000);
    let start = std::time::Instant::now();
    let mut checksum = 0u64;
    for seed in 0..hands {
        let mut round = Round::new(&Config::FIVE_UP, &Deal::Seeded(seed)).expect("deals");
        let mut bot = RandomBot::new(seed);
        while let Some(seat) = round.to_act() {
            let action = bot.choose(&round, seat).expect("a legal action");
            round.apply(seat, action).expect("legal");
        }
        checksum = checksum.wrapping_add(u64::from(round.scores()[0]));
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{hands} hands in {seconds:.3} s: {:.0} hands/s (checksum {checksum})",
        hands as f64 / seconds
    );
}
