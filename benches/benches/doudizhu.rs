//! Criterion benchmarks for `parlor_core::doudizhu` (figures in `docs/doudizhu.md`).
//!
//! Goals: classify ≤ 100 ns; beats ≤ 200 ns; all leads of a 20-card hand ≤ 20 µs; spring on a
//! 20/17/17 deal ≤ 1 ms at the 99th percentile over a generated set (printed before the
//! criterion groups, since criterion reports means).

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor_core::doudizhu::{
    Cards, Opponents, Preset, Scratch, beats, classify, for_each_move, min_plays, scratch_bytes, spring,
};

fn c(text: &str) -> Cards {
    text.parse().unwrap_or(Cards::EMPTY)
}

/// Deterministic 20/17/17 deals (SplitMix64 shuffles).
fn deals(n: usize) -> Vec<(Cards, Cards, Cards)> {
    let mut state = 0x0dd2_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    (0..n)
        .map(|_| {
            let mut deck: Vec<usize> = (0..15)
                .flat_map(|r| std::iter::repeat_n(r, if r >= 13 { 1 } else { 4 }))
                .collect();
            for i in (1..deck.len()).rev() {
                deck.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let hand = |cards: &[usize]| {
                let mut counts = [0u8; 15];
                for &r in cards {
                    counts[r] += 1;
                }
                Cards::from_counts(counts).unwrap_or(Cards::EMPTY)
            };
            (hand(&deck[..20]), hand(&deck[20..37]), hand(&deck[37..]))
        })
        .collect()
}

/// On-CPU nanoseconds of this thread (Linux `/proc/thread-self/schedstat`), to report figures
/// that do not count time lost to other processes on a loaded machine.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Average on-CPU time of `f` over `n` calls, in nanoseconds (the kernel accounts CPU time in
/// ticks, so only long loops give meaningful figures).
fn cpu_per_call(n: u32, mut f: impl FnMut()) -> Option<f64> {
    let start = cpu_ns()?;
    for _ in 0..n {
        f();
    }
    Some((cpu_ns()? - start) as f64 / f64::from(n))
}

fn cpu_figures() {
    let p = Preset::PAGAT;
    let small = c("3334");
    let wings = c("333444555666789T");
    let (prev, play) = (c("QQQKKK34"), c("KKKAAA56"));
    let hand = c("333444555666789TJQKA");
    let leads = |preset: Preset| {
        move || {
            let mut n = 0usize;
            let _ = for_each_move(black_box(&hand), &Cards::EMPTY, &preset, |_| {
                n += 1;
                ControlFlow::Continue(())
            });
            black_box(n);
        }
    };
    let figures = [
        (
            "classify 3334",
            cpu_per_call(2_000_000, || {
                black_box(classify(black_box(&small), &p));
            }),
        ),
        (
            "classify 16-card airplane-singles",
            cpu_per_call(2_000_000, || {
                black_box(classify(black_box(&wings), &p));
            }),
        ),
        (
            "beats QQQKKK34 KKKAAA56",
            cpu_per_call(2_000_000, || {
                black_box(beats(black_box(&prev), black_box(&play), &p).ok());
            }),
        ),
        ("all leads 20 cards pagat", cpu_per_call(20_000, leads(Preset::PAGAT))),
        ("all leads 20 cards rlcard", cpu_per_call(20_000, leads(Preset::RLCARD))),
        (
            "all leads 20 cards openspiel",
            cpu_per_call(20_000, leads(Preset::OPENSPIEL)),
        ),
    ];
    for (name, ns) in figures {
        if let Some(ns) = ns {
            eprintln!("on-CPU {name}: {ns:.1} ns");
        }
    }
}

fn percentiles(c: &mut Criterion) {
    let _ = c;
    cpu_figures();
    let set = deals(2000);
    let mut scratch = Box::new(Scratch::new());
    for (name, preset) in [
        ("pagat", Preset::PAGAT),
        ("rlcard", Preset::RLCARD),
        ("openspiel", Preset::OPENSPIEL),
    ] {
        let mut times: Vec<f64> = set
            .iter()
            .map(|(l, a, b)| {
                let start = Instant::now();
                black_box(spring(l, &Opponents::Both(*a, *b), &preset, &mut scratch).ok());
                start.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        // The slowest deal re-timed (best of 5): a wall-clock maximum on a loaded machine is
        // often a preemption, not the search.
        let slowest = (0..times.len())
            .max_by(|&i, &j| times[i].total_cmp(&times[j]))
            .unwrap_or(0);
        let (l, a, b) = set[slowest];
        let retimed = (0..5)
            .map(|_| {
                let start = Instant::now();
                black_box(spring(&l, &Opponents::Both(a, b), &preset, &mut scratch).ok());
                start.elapsed().as_secs_f64() * 1e6
            })
            .fold(f64::INFINITY, f64::min);
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        eprintln!(
            "spring 20/17/17 {name} (wall): {} deals, p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs \
             (that deal re-timed, best of 5: {retimed:.1} µs: {l} / {a} / {b})",
            times.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
        let mut times: Vec<f64> = set
            .iter()
            .map(|(l, _, _)| {
                let start = Instant::now();
                black_box(min_plays(l, &preset, &mut scratch).ok());
                start.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        eprintln!(
            "min-plays 20 cards {name} (wall): p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
            at(0.5),
            at(0.99),
            at(1.0)
        );
        // The caller memory each landlord hand needs (`scratch_bytes`).
        let mut bytes: Vec<usize> = set
            .iter()
            .filter_map(|(l, _, _)| scratch_bytes(l, &preset).ok())
            .collect();
        bytes.sort_unstable();
        let at = |q: f64| bytes[((bytes.len() - 1) as f64 * q) as usize];
        eprintln!(
            "scratch bytes 20 cards {name}: p50 {}, p99 {}, max {} (Scratch: {})",
            at(0.5),
            at(0.99),
            at(1.0),
            parlor_core::doudizhu::SCRATCH_BYTES
        );
    }
}

fn benches(cr: &mut Criterion) {
    let preset = Preset::PAGAT;
    let mut g = cr.benchmark_group("doudizhu");
    let plane = c("33344455567");
    let wings = c("333444555666789T");
    g.bench_function("classify triplet-single 3334", |b| {
        b.iter(|| classify(black_box(&c_const()), &preset))
    });
    g.bench_function("classify airplane-singles 16 cards", |b| {
        b.iter(|| classify(black_box(&wings), &preset))
    });
    g.bench_function("classify invalid 11 cards", |b| {
        b.iter(|| classify(black_box(&plane), &preset))
    });
    let prev = c("QQQKKK34");
    let play = c("KKKAAA56");
    g.bench_function("beats airplane-singles", |b| {
        b.iter(|| beats(black_box(&prev), black_box(&play), &preset))
    });
    let hand = c("333444555666789TJQKA");
    for (name, p) in [
        ("pagat", Preset::PAGAT),
        ("rlcard", Preset::RLCARD),
        ("openspiel", Preset::OPENSPIEL),
    ] {
        g.bench_function(format!("all leads 333444555666789TJQKA {name}"), |b| {
            b.iter(|| {
                let mut n = 0usize;
                let _ = for_each_move(black_box(&hand), &Cards::EMPTY, &p, |_| {
                    n += 1;
                    ControlFlow::Continue(())
                });
                n
            })
        });
    }
    let set = deals(200);
    let mut scratch = Box::new(Scratch::new());
    g.bench_function("spring 20/17/17 pagat (mean over 200 deals)", |b| {
        b.iter(|| {
            set.iter()
                .filter(|(l, a, x)| {
                    spring(l, &Opponents::Both(*a, *x), &preset, &mut scratch)
                        .ok()
                        .flatten()
                        .is_some()
                })
                .count()
        })
    });
    g.finish();
}

fn c_const() -> Cards {
    Cards::from_counts([3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap_or(Cards::EMPTY)
}

criterion_group!(group, percentiles, benches);
criterion_main!(group);
