//! Criterion benchmarks for `parlor_core::dominoes` (figures in `docs/dominoes.md`).
//!
//! Run: `cargo bench -p parlor-benches --bench dominoes -- --warm-up-time 1 --measurement-time 2`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use parlor_core::dominoes::{
    Layout, Placement, Scratch, SpinnerRule, Tile, validate, validate_each, validate_each_short, validate_with,
};

/// SplitMix64, for reproducible games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % bound.max(1) as u64) as usize
    }
}

/// A real game: the whole double-`top` set played one tile at a time, each a random tile that
/// fits, at a random legal placement.
fn real_game(top: u32, seed: u64) -> Vec<Tile> {
    let mut rng = Rng(seed);
    loop {
        let mut stock: Vec<Tile> = (0..=top)
            .flat_map(|a| (a..=top).map(move |b| Tile::new(a, b)))
            .collect();
        let mut layout = Layout::new(SpinnerRule::EveryDouble);
        let first = stock.swap_remove(rng.below(stock.len()));
        layout.play(first, None).expect("opening");
        let mut order = vec![first];
        while !stock.is_empty() {
            let start = rng.below(stock.len());
            let Some(i) = (0..stock.len())
                .map(|k| (start + k) % stock.len())
                .find(|&i| layout.placements(stock[i]).next().is_some())
            else {
                break;
            };
            let tile = stock.swap_remove(i);
            let options: Vec<Placement> = layout.placements(tile).collect();
            layout
                .play(tile, Some(options[rng.below(options.len())]))
                .expect("legal");
            order.push(tile);
        }
        if stock.is_empty() {
            return order;
        }
    }
}

/// The adversarial family (6k + 1 tiles; see `tests/tests/dominoes.rs`).
fn adversarial(k: u32) -> Vec<Tile> {
    let a = |i: u32| if i == 0 { 0 } else { 4 * i - 3 };
    let mut tiles = vec![Tile::new(0, 0)];
    for i in 1..=k {
        tiles.extend([
            Tile::new(a(i - 1), a(i)),
            Tile::new(a(i), a(i)),
            Tile::new(a(i), a(i) + 1),
            Tile::new(a(i) + 1, a(i) + 2),
        ]);
    }
    tiles.extend((1..=k).map(|i| Tile::new(a(i), a(i) + 2)));
    tiles.extend((1..=k).map(|i| Tile::new(a(i), a(i) + 3)));
    tiles
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("dominoes/validate");
    for (name, top) in [("double-6 (28 tiles)", 6), ("double-18 (190 tiles)", 18)] {
        let game = real_game(top, 7);
        assert!(validate(&game, SpinnerRule::EveryDouble).expect("fits").is_legal());
        group.bench_function(BenchmarkId::new("real game, reused scratch", name), |b| {
            let mut scratch = Scratch::new();
            b.iter(|| validate_with(black_box(&game), SpinnerRule::EveryDouble, &mut scratch))
        });
        group.bench_function(BenchmarkId::new("real game, fresh scratch", name), |b| {
            b.iter(|| validate(black_box(&game), SpinnerRule::EveryDouble))
        });
        // The streaming form behind the C ABI (no Witness built).
        group.bench_function(BenchmarkId::new("real game, validate_each", name), |b| {
            let mut scratch = Scratch::new();
            b.iter(|| {
                let mut sum = 0usize;
                let verdict = validate_each(black_box(&game), SpinnerRule::EveryDouble, &mut scratch, |_, p| {
                    sum = sum.wrapping_add(p.parent)
                });
                (verdict, sum)
            })
        });
        if game.len() <= 32 {
            group.bench_function(BenchmarkId::new("real game, validate_each_short", name), |b| {
                b.iter(|| validate_each_short(black_box(&game), SpinnerRule::EveryDouble, |_, _| {}))
            });
        }
    }
    for k in [5u32, 10, 20, 42] {
        let family = adversarial(k);
        assert!(validate(&family, SpinnerRule::EveryDouble).expect("fits").is_legal());
        group.bench_function(BenchmarkId::new("adversarial family, k", k), |b| {
            let mut scratch = Scratch::new();
            b.iter(|| validate_with(black_box(&family), SpinnerRule::EveryDouble, &mut scratch))
        });
    }
    group.finish();

    let game = real_game(6, 7);
    c.bench_function("dominoes/layout/replay double-6 with placements", |b| {
        let Ok(parlor_core::dominoes::Verdict::Legal(witness)) = validate(&game, SpinnerRule::EveryDouble) else {
            unreachable!("legal")
        };
        b.iter(|| {
            let mut layout = Layout::new(SpinnerRule::EveryDouble);
            let mut points = 0;
            for (index, &tile) in game.iter().enumerate() {
                let _ = layout.placements(tile).count();
                points += layout.play(tile, witness.get(index)).map_or(0, |score| score.points);
            }
            black_box(points)
        })
    });
}

criterion_group!(group, benches);
criterion_main!(group);
