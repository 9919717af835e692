//! Criterion benchmark for `parlor_core::mahjong::score` (figures in `docs/mahjong.md`): the value
//! of winning hands of every kind (the hands of `tests/vectors/riichi_score.tsv`), goal ≤ 1 µs.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor_core::mahjong::score::{Config, Riichi, Win, score};

fn hands() -> Vec<Win> {
    let cases: [(&str, &str, &[&str], bool); 16] = [
        ("234m 567p 23455s 678s", "8s", &[], true),
        ("234m 567p 23455s 678s", "8s", &[], false),
        ("1133m 55p 2288s 3377z", "7z", &[], false),
        ("122334m 567p 234s 88s", "2m", &[], false),
        ("122334m 567p 234s 88s", "3m", &[], false),
        ("111222333m 789p 55z", "3m", &[], false),
        ("444m 678m 234p 567s 55z", "4m", &[], false),
        ("234p 567p 78s 9s 55m", "9s", &["ankan:1111m"], false),
        ("234p 567p 678s 55m", "8s", &["minkan:6666m@N"], false),
        ("567p 234s 55s 678s", "8s", &["chii:234m@E"], false),
        ("111m 222p 333s 444z 55z", "5z", &[], true),
        ("1112345678999m 5m", "5m", &[], true),
        ("19m 19p 19s 1234567z 1m", "1m", &[], false),
        ("112233m 456m 789m 99m", "4m", &[], true),
        ("223344m 567p 678s 55p", "2m", &[], false),
        ("234m 067p 23455s 678s", "8s", &[], false),
    ];
    cases
        .iter()
        .map(|&(closed, winning, melds, tsumo)| {
            let mut win = Win::from_text(closed, winning).expect("valid hand");
            for m in melds {
                win.melds.push(m.parse().expect("valid meld")).expect("room");
            }
            win.tsumo = tsumo;
            if melds.iter().all(|m| m.starts_with("ankan")) {
                win.riichi = Riichi::Riichi;
            }
            win
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let wins = hands();
    let config = Config::default();
    for w in &wins {
        score(w, &config).expect("every bench hand has a value");
    }
    c.bench_function("riichi score, 16 hands of every kind (per batch)", |b| {
        b.iter(|| {
            for w in &wins {
                black_box(score(black_box(w), &config).ok());
            }
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
