//! Criterion benchmarks for `parlor_core::tichu` (figures in `docs/tichu.md`).
//! Goals (issue 3): `is_legal` ≤ 100 ns; all legal plays from a 14-card hand with a Phoenix on
//! the lead ≤ 20 µs.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor_core::tichu::{self, Cards};

fn cards(text: &str) -> Cards {
    text.parse().expect("valid cards")
}

fn benches(c: &mut Criterion) {
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
    c.bench_function("tichu/is_legal (Phoenix straight on a straight)", |b| {
        let (previous, play) = seed_pairs[0];
        b.iter(|| tichu::is_legal(black_box(previous), black_box(play)))
    });
    c.bench_function("tichu/is_legal (7 seed cases, per batch)", |b| {
        b.iter(|| {
            for &(previous, play) in &seed_pairs {
                let _ = black_box(tichu::is_legal(black_box(previous), black_box(play)));
            }
        })
    });
    c.bench_function("tichu/parse + is_legal (text)", |b| {
        b.iter(|| {
            let previous = tichu::parse_cards(black_box("5P304967")).unwrap_or_default();
            let play = tichu::parse_cards(black_box("680594J7")).unwrap_or_default();
            tichu::is_legal(previous, play)
        })
    });
    for (name, hand) in [
        ("straight hand 1..K+P", "1234567890JQKP"),
        ("pairs hand", "2233445566778P"),
        ("suited hand", "2j2s3j3s4j4s5j5s6j6s7j7sPR"),
    ] {
        let hand = cards(hand);
        c.bench_function(
            &format!("tichu/moves on the lead, 14 cards with Phoenix ({name})"),
            |b| {
                b.iter(|| {
                    let mut count = 0usize;
                    let _ = tichu::for_each_move(black_box(hand), None, None, |play, _| {
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

criterion_group!(group, benches);
criterion_main!(group);
