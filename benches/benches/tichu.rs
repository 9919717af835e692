//! Criterion benchmarks for `parlor_core::tichu` (figures in `docs/tichu.md`).
//! Goals: `is_legal` ≤ 100 ns; all legal plays from a 14-card hand with a Phoenix on
//! the lead ≤ 20 µs.
//!
//! Each benchmark runs twice: `tichu/…` on wall-clock time (criterion's default) and
//! `tichu-cpu/…` on the thread's CPU time (Linux), which stays meaningful on a shared, loaded
//! machine where wall-clock figures include time spent waiting for a core.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlor_core::tichu::{self, Cards};

fn cards(text: &str) -> Cards {
    text.parse().expect("valid cards")
}

fn benches<M: Measurement + 'static>(c: &mut Criterion<M>, prefix: &str) {
    let seed_pairs: Vec<(Cards, Cards)> = [
        ("58304967", "6P0594J7"),
        ("57446765", "3645P536"),
        ("44499", "77722"),
        ("223344", "QQKKAA"),
        ("A", "P"),
        ("-", "12345"),
        ("3344556677889900", "JJJJ"),
    ]
    .iter()
    .map(|(a, b)| (cards(a), cards(b)))
    .collect();
    c.bench_function(&format!("{prefix}/is_legal (Phoenix straight on a straight)"), |b| {
        let (previous, play) = seed_pairs[0];
        b.iter(|| tichu::is_legal(black_box(previous), black_box(play)))
    });
    c.bench_function(&format!("{prefix}/is_legal (7 seed cases, per batch)"), |b| {
        b.iter(|| {
            for &(previous, play) in &seed_pairs {
                let _ = black_box(tichu::is_legal(black_box(previous), black_box(play)));
            }
        })
    });
    c.bench_function(&format!("{prefix}/parse + is_legal (text)"), |b| {
        b.iter(|| {
            let previous = black_box("5P304967").parse::<tichu::Cards>().unwrap_or_default();
            let play = black_box("680594J7").parse::<tichu::Cards>().unwrap_or_default();
            tichu::is_legal(previous, play)
        })
    });
    for (name, hand) in [
        ("straight hand 1..K+P", "1234567890JQKP"),
        ("pairs hand", "2233445566778P"),
        ("suited hand", "2j2s3j3s4j4s5j5s6j6s7j7sPR"),
        ("largest suited list found, 1674 plays", "9j9p9t0j0s0p0tJjJsJpJtQjQpP"),
    ] {
        let hand = cards(hand);
        c.bench_function(
            &format!("{prefix}/moves on the lead, 14 cards with Phoenix ({name})"),
            |b| {
                b.iter(|| {
                    let mut count = 0usize;
                    let _ = tichu::for_each_move(black_box(&hand), None, None, |play, _| {
                        black_box(play);
                        count += 1;
                        ControlFlow::Continue(())
                    });
                    count
                })
            },
        );
    }
}

fn wall(c: &mut Criterion<WallTime>) {
    benches(c, "tichu");
}

/// The calling thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
#[cfg(target_os = "linux")]
fn thread_cpu_ns() -> u64 {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: `time` is a valid, writable timespec; the clock id is Linux's.
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    (time.seconds as u64)
        .saturating_mul(1_000_000_000)
        .saturating_add(time.nanoseconds as u64)
}

/// Criterion measurement on thread CPU time, in nanoseconds.
#[cfg(target_os = "linux")]
struct CpuTime;

#[cfg(target_os = "linux")]
struct Nanoseconds;

#[cfg(target_os = "linux")]
impl ValueFormatter for Nanoseconds {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if typical < 1e3 {
            (1.0, "ns")
        } else if typical < 1e6 {
            (1e-3, "µs")
        } else {
            (1e-6, "ms")
        };
        values.iter_mut().for_each(|value| *value *= factor);
        unit
    }
    fn scale_throughputs(&self, _typical: f64, _throughput: &Throughput, _values: &mut [f64]) -> &'static str {
        "ns"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

#[cfg(target_os = "linux")]
impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanoseconds
    }
}

#[cfg(target_os = "linux")]
fn cpu(c: &mut Criterion<CpuTime>) {
    benches(c, "tichu-cpu");
}

criterion_group!(group, wall);
#[cfg(target_os = "linux")]
criterion_group! {
    name = cpu_group;
    config = Criterion::default().with_measurement(CpuTime);
    targets = cpu
}
#[cfg(target_os = "linux")]
criterion_main!(group, cpu_group);
#[cfg(not(target_os = "linux"))]
criterion_main!(group);
