//! Parlor side by side with its peers: the same inputs, the same run (figures and ratios in
//! BENCHMARKS.md). Peers are dev-dependencies of this crate only, pinned to the versions named
//! there:
//!
//! - Mahjong: the crate `xiangting` (shanten = its replacement number − 1, necessary tiles) and
//!   `shanten-dp` (shanten, and waits via `calc_shanten2`), against `Hand::from_counts` +
//!   `shanten` / `ukeire` from the same 34 counts;
//! - Dou Dizhu: the crate `dou_dizhu` (all plays of every kind in a hand; the plays that beat a
//!   given play), against `for_each_move`.
//!
//! Before timing, each group checks that Parlor and the peer agree on the inputs it measures
//! (where their rules agree), so the figures compare the same work.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor_core::mahjong::{Hand, KINDS, shanten, ukeire};

/// xorshift64.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// `count` hands of `size` tiles as 34 counts, each dealt from a freshly shuffled 136-tile wall
/// (the same generator and seeds as `benches/mahjong.rs`).
fn random_counts(count: usize, size: usize, mut seed: u64) -> Vec<[u8; KINDS]> {
    (0..count)
        .map(|_| {
            let mut wall: Vec<u8> = (0..136).map(|i| (i / 4) as u8).collect();
            for i in (1..wall.len()).rev() {
                wall.swap(i, (next(&mut seed) % (i as u64 + 1)) as usize);
            }
            let mut counts = [0u8; KINDS];
            for &kind in wall.iter().take(size) {
                counts[usize::from(kind)] += 1;
            }
            counts
        })
        .collect()
}

fn parlor_shanten(counts: &[u8; KINDS]) -> Option<i8> {
    let hand = Hand::from_counts(counts).ok()?;
    shanten(&hand, None).ok()
}

fn parlor_necessary(counts: &[u8; KINDS]) -> Option<(i8, u64)> {
    let hand = Hand::from_counts(counts).ok()?;
    let u = ukeire(&hand, None, None).ok()?;
    Some((u.shanten, u.accepted))
}

fn xiangting_shanten(counts: &[u8; KINDS]) -> Option<i8> {
    let n = xiangting::calculate_replacement_number(counts, xiangting::PlayerCount::Four).ok()?;
    Some(n as i8 - 1)
}

fn xiangting_necessary(counts: &[u8; KINDS]) -> Option<(i8, u64)> {
    let (n, tiles) = xiangting::calculate_necessary_tiles(counts, xiangting::PlayerCount::Four).ok()?;
    Some((n as i8 - 1, tiles))
}

const TILE_LIMITS: [u8; KINDS + 1] = {
    let mut limits = [4u8; KINDS + 1];
    limits[KINDS] = 0;
    limits
};

fn shanten_dp_shanten(counts: &[u8; KINDS]) -> Option<i8> {
    let m = counts.iter().map(|&c| usize::from(c)).sum::<usize>() / 3;
    shanten_dp::calc_shanten(counts, &TILE_LIMITS, m, shanten_dp::Mode::all(), false, true).ok()?
}

fn shanten_dp_necessary(counts: &[u8; KINDS]) -> Option<(i8, u64)> {
    let m = counts.iter().map(|&c| usize::from(c)).sum::<usize>() / 3;
    let data = shanten_dp::calc_shanten2(counts, &TILE_LIMITS, m, shanten_dp::Mode::all(), false, true).ok()??;
    Some((data.shanten, data.waits))
}

/// How many of `hands` `a` and `b` answer alike.
fn agreement<T: PartialEq>(
    hands: &[[u8; KINDS]],
    a: impl Fn(&[u8; KINDS]) -> T,
    b: impl Fn(&[u8; KINDS]) -> T,
) -> usize {
    hands.iter().filter(|h| a(h) == b(h)).count()
}

fn mahjong(c: &mut Criterion) {
    let thirteen = random_counts(1000, 13, 0x9e37_79b9_7f4a_7c15);
    let fourteen = random_counts(1000, 14, 0xdead_beef_cafe_f00d);
    // xiangting lets a wait on a kind held four times count (a fifth copy); Parlor and
    // shanten-dp (with these tile limits) do not, so they may differ on hands holding four.
    for (name, hands) in [("13", &thirteen), ("14", &fourteen)] {
        eprintln!(
            "mahjong {name}-tile hands: shanten agrees with xiangting on {} / {}, with shanten-dp on {} / {}",
            agreement(hands, parlor_shanten, xiangting_shanten),
            hands.len(),
            agreement(hands, parlor_shanten, shanten_dp_shanten),
            hands.len(),
        );
    }
    eprintln!(
        "mahjong 13-tile hands: necessary tiles agree with xiangting on {} / 1000, with shanten-dp on {} / 1000",
        agreement(&thirteen, parlor_necessary, xiangting_necessary),
        agreement(&thirteen, parlor_necessary, shanten_dp_necessary),
    );

    let mut group = c.benchmark_group("peers/mahjong");
    group.bench_function("parlor/from_counts, 1000 13-tile hands", |b| {
        b.iter(|| {
            for counts in &thirteen {
                black_box(Hand::from_counts(black_box(counts)).ok());
            }
        })
    });
    for (name, hands) in [("13", &thirteen), ("14", &fourteen)] {
        group.bench_function(format!("parlor/shanten from counts, 1000 {name}-tile hands"), |b| {
            b.iter(|| {
                for counts in hands.iter() {
                    black_box(parlor_shanten(black_box(counts)));
                }
            })
        });
        group.bench_function(format!("xiangting/shanten, 1000 {name}-tile hands"), |b| {
            b.iter(|| {
                for counts in hands.iter() {
                    black_box(xiangting_shanten(black_box(counts)));
                }
            })
        });
        group.bench_function(format!("shanten-dp/shanten, 1000 {name}-tile hands"), |b| {
            b.iter(|| {
                for counts in hands.iter() {
                    black_box(shanten_dp_shanten(black_box(counts)));
                }
            })
        });
    }
    group.bench_function("parlor/necessary tiles (ukeire) from counts, 1000 13-tile hands", |b| {
        b.iter(|| {
            for counts in &thirteen {
                black_box(parlor_necessary(black_box(counts)));
            }
        })
    });
    group.bench_function("xiangting/necessary tiles, 1000 13-tile hands", |b| {
        b.iter(|| {
            for counts in &thirteen {
                black_box(xiangting_necessary(black_box(counts)));
            }
        })
    });
    group.bench_function("shanten-dp/necessary tiles (calc_shanten2), 1000 13-tile hands", |b| {
        b.iter(|| {
            for counts in &thirteen {
                black_box(shanten_dp_necessary(black_box(counts)));
            }
        })
    });
    group.finish();
}

criterion_group!(group, mahjong);
criterion_main!(group);
