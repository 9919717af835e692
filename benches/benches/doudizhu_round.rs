//! Criterion benchmarks of the Dou Dizhu whole game (figures in `BENCHMARKS.md` and
//! `docs/doudizhu.md`): random self-play whole deals per second (deal, auction, play to the end,
//! outcome) for each preset, and — printed before the criterion groups — the same with
//! OpenSpiel's `dou_dizhu` driven from its Python package (pyspiel 2.0.2) when it is installed,
//! with the ratio.
//!
//! Goal: ≥ 100,000 whole deals per second per core.

use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlor_benches::{in_turn, play_round};
use parlor_core::doudizhu::bot::RandomBot;
use parlor_core::doudizhu::{Config, Deal, Round};

/// Plays one whole deal with the random bot; returns the number of actions.
fn self_play(config: &Config, seed: u64) -> usize {
    let Ok(round) = Round::new(config, &Deal::Seeded(seed)) else {
        return 0;
    };
    let mut bot = RandomBot::new(seed ^ 0xabcd);
    let (round, actions) = play_round(round, in_turn(|r, s| bot.choose(r, s)));
    black_box(round.outcome());
    actions
}

const PYSPIEL: &str = r#"
import random, sys, time
try:
    import pyspiel
except ImportError:
    sys.exit(3)
game = pyspiel.load_game("dou_dizhu")
rng = random.Random(1)
n = int(sys.argv[1])
start = time.process_time()
for _ in range(n):
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
print(n / (time.process_time() - start))
"#;

/// On-CPU nanoseconds of this thread (Linux `/proc/thread-self/schedstat`): figures that do not
/// count time lost to other processes on a loaded machine.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn side_by_side() {
    let n = 20_000;
    let start = Instant::now();
    let cpu_start = cpu_ns();
    let mut actions = 0;
    for seed in 0..n {
        actions += self_play(&Config::OPENSPIEL, seed);
    }
    let wall = n as f64 / start.elapsed().as_secs_f64();
    let cpu = match (cpu_start, cpu_ns()) {
        (Some(a), Some(b)) if b > a => n as f64 / ((b - a) as f64 * 1e-9),
        _ => wall,
    };
    let ours = cpu;
    println!(
        "parlor openspiel preset: {cpu:.0} deals/s on-CPU, {wall:.0} wall clock ({:.1} actions per deal; one thread; deal + auction + play + outcome, the random bot enumerating the legal actions once per decision)",
        actions as f64 / n as f64
    );
    match Command::new("python3").args(["-c", PYSPIEL, "2000"]).output() {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout);
            if let Ok(theirs) = text.trim().parse::<f64>() {
                println!(
                    "pyspiel 2.0.2 dou_dizhu (C++ game behind Python; process CPU time; includes the Python loop, the 52 chance steps and the legal-action lists): {theirs:.0} deals/s; ratio {:.1}x (on-CPU)",
                    ours / theirs
                );
            }
        }
        _ => println!("pyspiel not installed: no side-by-side figure"),
    }
}

fn bench(c: &mut Criterion) {
    side_by_side();
    let mut group = c.benchmark_group("doudizhu whole deal, random self-play");
    group.throughput(Throughput::Elements(1));
    for (name, config) in [
        ("pagat", Config::PAGAT),
        ("openspiel", Config::OPENSPIEL),
        ("rlcard", Config::RLCARD),
        ("rob", Config::ROB),
    ] {
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                self_play(&config, seed)
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("doudizhu round primitives");
    let round = Round::new(&Config::PAGAT, &Deal::Seeded(1)).unwrap_or_else(|_| unreachable!());
    let mut buf = [0u8; parlor_core::doudizhu::ENCODED_BYTES];
    group.bench_function("encode+decode", |b| {
        b.iter(|| {
            let n = black_box(&round).encode(&mut buf).unwrap_or(0);
            Round::decode(&buf[..n]).ok()
        })
    });
    group.bench_function("new seeded deal", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            Round::new(&Config::PAGAT, &Deal::Seeded(seed)).ok()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
