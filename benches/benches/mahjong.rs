//! Criterion benchmarks for `parlor_core::mahjong` (figures in `docs/mahjong.md`).
//!
//! Goals: waits of a 13-tile hand ≤ 1 µs; shanten ≤ 250 ns per hand over random
//! 13/14-tile hands. Random hands are dealt from a shuffled 136-tile wall with a fixed seed.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor_core::mahjong::{Form, Hand, Rules, Tile, shanten, ukeire, waits};

/// Deals `count` hands of `size` tiles from freshly shuffled walls (xorshift, fixed seed).
fn random_hands(count: usize, size: usize, mut seed: u64) -> Vec<Hand> {
    let mut hands = Vec::with_capacity(count);
    for _ in 0..count {
        let mut wall: Vec<u8> = (0..136).map(|i| (i / 4) as u8).collect();
        for i in (1..wall.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            wall.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        let mut hand = Hand::new();
        for &kind in wall.iter().take(size) {
            hand.add(Tile::new(kind).expect("kind < 34"), Default::default())
                .expect("valid deal");
        }
        hands.push(hand);
    }
    hands
}

fn benches(c: &mut Criterion) {
    let seed_hands: Vec<Hand> = [
        "1m 1m 1m 4s 4s 4s 7p 7p 7p 3m 3m 3m 9s",
        "1m 1m 1m 3m 3m 3m 5m 5m 5m 2s 3s 7p 8p",
        "1m 2m 2m 3m 3m 3m 3m 4m 1s 1s 9s 9s 9s",
        "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m",
        "1m 1m 1m 5p 2m 3m 5p 7s 8s 5p 9s 9s 9s",
    ]
    .iter()
    .map(|text| text.parse().expect("seed hand"))
    .collect();
    let thirteen = random_hands(1000, 13, 0x9e37_79b9_7f4a_7c15);
    let fourteen = random_hands(1000, 14, 0xdead_beef_cafe_f00d);

    c.bench_function("mahjong/waits/the five seed hands (time for all five)", |b| {
        b.iter(|| {
            for hand in &seed_hands {
                black_box(waits(black_box(hand), Rules::SEED).ok());
            }
        })
    });
    c.bench_function("mahjong/waits/riichi, 1000 random 13-tile hands", |b| {
        b.iter(|| {
            for hand in &thirteen {
                black_box(waits(black_box(hand), Rules::RIICHI).ok());
            }
        })
    });
    c.bench_function("mahjong/shanten/minimum, 1000 random 13-tile hands", |b| {
        b.iter(|| {
            for hand in &thirteen {
                black_box(shanten(black_box(hand), None).ok());
            }
        })
    });
    c.bench_function("mahjong/shanten/minimum, 1000 random 14-tile hands", |b| {
        b.iter(|| {
            for hand in &fourteen {
                black_box(shanten(black_box(hand), None).ok());
            }
        })
    });
    c.bench_function("mahjong/shanten/regular, 1000 random 13-tile hands", |b| {
        b.iter(|| {
            for hand in &thirteen {
                black_box(shanten(black_box(hand), Some(Form::Regular)).ok());
            }
        })
    });
    c.bench_function("mahjong/ukeire/minimum, 100 random 13-tile hands", |b| {
        b.iter(|| {
            for hand in thirteen.iter().take(100) {
                black_box(ukeire(black_box(hand), None, None).ok());
            }
        })
    });
}

criterion_group!(group, benches);
criterion_main!(group);
