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
    ("ffi_tichu", "two-phoenixes-minus-50"),
    ("tichu_diff", "phoenix-on-phoenix"),
];

/// The fuzz targets (`fuzz/fuzz_targets/*.rs`), each with its folder.
const TARGETS: &[&str] = &[
    "dominoes_diff",
    "doudizhu_diff",
    "ffi_dominoes",
    "ffi_doudizhu",
    "ffi_mahjong",
    "ffi_tichu",
    "mahjong_diff",
    "tichu_diff",
    "tichu_trick",
];

#[test]
fn every_regression_file_has_a_test() {
    for target in TARGETS {
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
