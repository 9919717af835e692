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

use std::collections::HashSet;
use std::ops::ControlFlow;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor_core::doudizhu::{Cards, Preset, for_each_move};
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

/// Every play kind of the crate `dou_dizhu`.
const KINDS_DD: [dou_dizhu::PlayKind; 14] = {
    use dou_dizhu::PlayKind::*;
    [
        Solo,
        Chain,
        Pair,
        PairsChain,
        Trio,
        Airplane,
        TrioWithSolo,
        AirplaneWithSolos,
        TrioWithPair,
        AirplaneWithPairs,
        Bomb,
        FourWithDualSolo,
        FourWithDualPair,
        Rocket,
    ]
};

/// `n` hands of `size` cards (rank counts, `3 … 2`, black joker, red joker), each from a freshly
/// shuffled 54-card deck (SplitMix64, fixed seed).
fn random_card_counts(n: usize, size: usize, mut state: u64) -> Vec<[u8; 15]> {
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
            let mut counts = [0u8; 15];
            for &r in &deck[..size] {
                counts[r] += 1;
            }
            counts
        })
        .collect()
}

/// Parlor: how many distinct plays of `hand` beat `prev` (every lead when `prev` is empty).
fn parlor_moves(hand: &Cards, prev: &Cards) -> usize {
    let mut n = 0usize;
    let _ = for_each_move(hand, prev, &Preset::PAGAT, |_| {
        n += 1;
        ControlFlow::Continue(())
    });
    n
}

/// `dou_dizhu`: every play of every kind of `hand` (all leads), counted.
fn dd_leads(hand: dou_dizhu::Hand) -> usize {
    KINDS_DD.iter().map(|&kind| hand.plays(kind).count()).sum()
}

/// `dou_dizhu`: the distinct card sets among all plays of `hand` (to compare with Parlor, which
/// reports each card set once).
fn dd_distinct_leads(hand: dou_dizhu::Hand) -> usize {
    let mut sets = HashSet::new();
    for &kind in &KINDS_DD {
        for play in hand.plays(kind) {
            sets.insert(play.to_hand().to_array());
        }
    }
    sets.len()
}

/// `dou_dizhu`: the plays of `hand` that beat `prev` (its kind, bombs, the rocket), counted.
fn dd_beating(hand: dou_dizhu::Hand, prev: &dou_dizhu::core::Guard<dou_dizhu::Play>) -> usize {
    use dou_dizhu::PlayKind::{Bomb, Rocket};
    let mut kinds = vec![prev.kind()];
    kinds.extend([Bomb, Rocket].into_iter().filter(|k| *k != prev.kind()));
    kinds
        .iter()
        .map(|&kind| hand.plays(kind).filter(|p| p > prev).count())
        .sum()
}

fn doudizhu(c: &mut Criterion) {
    let cards = |counts: &[u8; 15]| Cards::from_counts(*counts).unwrap_or(Cards::EMPTY);
    let dd = |counts: &[u8; 15]| dou_dizhu::Hand::try_from(*counts).unwrap_or(dou_dizhu::Hand::EMPTY);
    let landlords = random_card_counts(200, 20, 0x0dd2);
    let peasants = random_card_counts(200, 17, 0x1dd2);
    let fixed = "333444555666789TJQKA".parse::<Cards>().unwrap_or(Cards::EMPTY);
    let fixed_dd = dd(&fixed.counts());
    let leads_agree = landlords
        .iter()
        .filter(|h| parlor_moves(&cards(h), &Cards::EMPTY) == dd_distinct_leads(dd(h)))
        .count();
    eprintln!(
        "doudizhu: all leads of 333444555666789TJQKA: Parlor {} distinct plays, dou_dizhu {} plays ({} distinct card sets); \
         distinct leads agree on {leads_agree} / {} random 20-card hands",
        parlor_moves(&fixed, &Cards::EMPTY),
        dd_leads(fixed_dd),
        dd_distinct_leads(fixed_dd),
        landlords.len(),
    );
    // Plays to beat: a single, a pair, a chain, an airplane with wings, a triplet with one.
    let prevs: Vec<(Cards, dou_dizhu::core::Guard<dou_dizhu::Play>)> = ["5", "77", "34567", "QQQKKK34", "3334"]
        .iter()
        .filter_map(|text| {
            let prev = text.parse::<Cards>().ok()?;
            let play = dd(&prev.counts()).to_play()?;
            Some((prev, play))
        })
        .collect();
    let beating_agree = peasants
        .iter()
        .flat_map(|h| prevs.iter().map(move |p| (h, p)))
        .filter(|(h, (prev, play))| parlor_moves(&cards(h), prev) == dd_beating(dd(h), play))
        .count();
    eprintln!(
        "doudizhu: beating plays agree on {beating_agree} / {} (17-card hand, previous play) cases",
        peasants.len() * prevs.len()
    );

    let mut group = c.benchmark_group("peers/doudizhu");
    group.bench_function("parlor/all leads of 333444555666789TJQKA", |b| {
        b.iter(|| black_box(parlor_moves(black_box(&fixed), &Cards::EMPTY)))
    });
    group.bench_function("dou_dizhu/all leads of 333444555666789TJQKA", |b| {
        b.iter(|| black_box(dd_leads(black_box(fixed_dd))))
    });
    let parlor_hands: Vec<Cards> = landlords.iter().map(cards).collect();
    let dd_hands: Vec<dou_dizhu::Hand> = landlords.iter().map(dd).collect();
    group.bench_function("parlor/all leads, 200 random 20-card hands", |b| {
        b.iter(|| {
            for hand in &parlor_hands {
                black_box(parlor_moves(black_box(hand), &Cards::EMPTY));
            }
        })
    });
    group.bench_function("dou_dizhu/all leads, 200 random 20-card hands", |b| {
        b.iter(|| {
            for &hand in &dd_hands {
                black_box(dd_leads(black_box(hand)));
            }
        })
    });
    let parlor_peasants: Vec<Cards> = peasants.iter().map(cards).collect();
    let dd_peasants: Vec<dou_dizhu::Hand> = peasants.iter().map(dd).collect();
    group.bench_function(
        "parlor/beating plays, 200 random 17-card hands x 5 previous plays",
        |b| {
            b.iter(|| {
                for hand in &parlor_peasants {
                    for (prev, _) in &prevs {
                        black_box(parlor_moves(black_box(hand), prev));
                    }
                }
            })
        },
    );
    group.bench_function(
        "dou_dizhu/beating plays, 200 random 17-card hands x 5 previous plays",
        |b| {
            b.iter(|| {
                for &hand in &dd_peasants {
                    for (_, play) in &prevs {
                        black_box(dd_beating(black_box(hand), play));
                    }
                }
            })
        },
    );
    group.finish();
}

criterion_group!(group, mahjong, doudizhu);
criterion_main!(group);
