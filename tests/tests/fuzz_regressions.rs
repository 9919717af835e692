//! Every checked-in fuzz input (`tests/fuzz-regressions/<target>/<name>`) as a named test, with
//! the bug it found (or, for seed inputs, what it covers). An input that no longer decodes fails
//! its test. A new file in those folders needs a test here: `every_regression_file_has_a_test`
//! fails until it has one.

use parlor_conformance::check;
use parlor_conformance::fuzzing::{regression_names, run_regression};

/// Every (target, file) pair tested below; kept in step with the folders.
const NAMED: &[(&str, &str)] = &[
    ("dominoes_diff", "flip-overwritten-by-tile-record"),
    ("doudizhu_diff", "deal-20-17-17-openspiel-mode0-3"),
    ("doudizhu_diff", "deal-20-17-17-openspiel-mode2-2"),
    ("doudizhu_diff", "deal-20-17-17-pagat-mode0-0"),
    ("doudizhu_diff", "deal-20-17-17-rlcard-mode1-1"),
    ("ffi_doudizhu", "seed-0"),
    ("ffi_doudizhu", "seed-1"),
    ("ffi_doudizhu", "seed-2"),
    ("ffi_doudizhu", "seed-3"),
    ("doudizhu_round", "0069f837b00c713cf4e06268ada255441aa3ff6c"),
    ("doudizhu_round", "007ffb6918e7f2d3be11527682af2f6a88bae8e7"),
    ("doudizhu_round", "01080d8b6d1f84b52c10c2087f62b833dd080bca"),
    ("doudizhu_round", "02e76fc18ef7e931404ffa13b530756f10ac0139"),
    ("doudizhu_round", "039ba07bab59285681f3c933f932cbd5624528a6"),
    ("doudizhu_round", "04a9dc523c4c44925c5e111ef89f11726f9a9a8e"),
    ("doudizhu_round", "04be620ed49fe3b85bf3fa75cecaeb8626fb8911"),
    ("doudizhu_round", "04c9029f2ee514980cf6cf0e9a8d5f09140f3970"),
    ("ffi_doudizhu_round", "004cd76b5473cbc6ec38ef5247544d7e4ab702cc"),
    ("ffi_doudizhu_round", "008556ee03aeb17124e65e1a44d9e86e9dd650eb"),
    ("ffi_doudizhu_round", "00f1a72240a73bf6f4a425f66ca329ee61291be8"),
    ("ffi_doudizhu_round", "0136bf66b044e1cef8ddf639e3ed62f07f7d9de2"),
    ("ffi_doudizhu_round", "0205b207a6b4fb2273389acc731b3a965cb45e09"),
    ("ffi_doudizhu_round", "022b729ab9e4c9df1fc6e091206f94433c7745eb"),
    ("ffi_doudizhu_round", "02ba62e880f44edbbb30a6621626c682e5b18682"),
    ("ffi_doudizhu_round", "02e59db2ec8249f7974b3948d4c91e8a913fa9fc"),
    ("ffi_tichu", "two-phoenixes-minus-50"),
    ("mahjong_score", "order-of-two-fifth-copies"),
    ("tichu_diff", "phoenix-on-phoenix"),
];

/// The fuzz targets: every `fuzz/fuzz_targets/<target>.rs` (so a new target is covered the day it
/// is added), each of which must have its folder.
fn targets() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/fuzz_targets");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("read {}: {error}", dir.display()))
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".rs").map(str::to_owned))
        .collect();
    names.sort();
    assert!(names.len() >= 9, "expected the fuzz targets in {}", dir.display());
    names
}

#[test]
fn every_regression_file_has_a_test() {
    for target in targets() {
        let target = target.as_str();
        assert!(
            parlor_conformance::fuzzing::regression_dir(target).is_dir(),
            "tests/fuzz-regressions/{target}/ is missing"
        );
        for name in regression_names(target) {
            assert!(
                NAMED.contains(&(target, name.as_str())),
                "tests/fuzz-regressions/{target}/{name} has no named test in tests/tests/fuzz_regressions.rs"
            );
        }
    }
}

/// The legality check recorded a tile's state after placing it, overwriting the flip that the
/// augmenting search had just made to that very tile: a legal order was answered illegal.
#[test]
fn dominoes_diff_flip_overwritten_by_tile_record() {
    run_regression(
        "dominoes_diff",
        "flip-overwritten-by-tile-record",
        check::dominoes::diff,
    );
}

/// Seed inputs, no bug: full 20/17/17 deals in every mode under each preset, so every run of the
/// Dou Dizhu differential checker covers real deal sizes.
#[test]
fn doudizhu_diff_full_deal_seeds() {
    for name in [
        "deal-20-17-17-openspiel-mode0-3",
        "deal-20-17-17-openspiel-mode2-2",
        "deal-20-17-17-pagat-mode0-0",
        "deal-20-17-17-rlcard-mode1-1",
    ] {
        run_regression("doudizhu_diff", name, check::doudizhu::diff);
    }
}

/// Seed inputs, no bug: C ABI edge inputs (null pointers, short buffers, bad codes) for the Dou
/// Dizhu C checker.
#[test]
fn ffi_doudizhu_edge_seeds() {
    for name in ["seed-0", "seed-1", "seed-2", "seed-3"] {
        run_regression("ffi_doudizhu", name, check::doudizhu::ffi);
    }
}

/// The C trick checker kept comparing after its shared test hand had played a card twice (two
/// Phoenixes, −50 card points): a position the C state rightly refuses, reported as a mismatch.
/// The checker now stops comparing there.
#[test]
fn ffi_tichu_two_phoenixes_minus_50() {
    run_regression("ffi_tichu", "two-phoenixes-minus-50", check::tichu::ffi);
}

/// A Phoenix single on the table while the hand also holds the Phoenix: the move generator
/// answered as if two Phoenixes existed; it is now the typed error `CardsOverlap`.
#[test]
fn tichu_diff_phoenix_on_phoenix() {
    run_regression("tichu_diff", "phoenix-on-phoenix", check::tichu::diff);
}

/// Seed inputs, no bug: the corpus the first `doudizhu_round` fuzz runs grew (whole deals under
/// every preset, the auction's redeal, springs), kept so every run starts from real deals.
#[test]
fn doudizhu_round_corpus_seeds() {
    for (target, name) in NAMED {
        if *target == "doudizhu_round" {
            run_regression(target, name, check::doudizhu_round::diff);
        }
    }
}

/// The hand-value checker asked that reordering the tiles of an input with two faults (two fifth
/// copies) name the same fault; the core names the first in reading order, which rightly depends
/// on the order. The checker now compares values only, and requires an error both ways.
#[test]
fn mahjong_score_order_of_two_fifth_copies() {
    run_regression(
        "mahjong_score",
        "order-of-two-fifth-copies",
        check::mahjong_score::score_case,
    );
}
