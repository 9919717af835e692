//! Every checked-in fuzz input that once failed (`tests/fuzz-regressions/<target>/<name>`, named
//! after its bug) as a named test, with the bug it found. An input that no longer decodes fails
//! its test. A new file in those folders needs a test here: `every_regression_file_has_a_test`
//! fails until it has one. Inputs that found nothing (seeds, a grown corpus) belong in
//! `fuzz/seeds/<target>/` (checked by `fuzz_seeds.rs`), not here.

use parlor_conformance::check;
use parlor_conformance::fuzzing::{regression_names, run_regression};

/// Every (target, file) pair tested below; kept in step with the folders.
const NAMED: &[(&str, &str)] = &[
    ("dominoes_diff", "flip-overwritten-by-tile-record"),
    ("ffi_dominoes_round", "held-match-bit-flipped-past-its-encode-length"),
    ("ffi_dominoes_round", "held-round-shorter-than-its-encode-form"),
    ("ffi_doudizhu_round", "held-match-shorter-than-its-encode-form"),
    ("ffi_tichu", "two-phoenixes-minus-50"),
    ("mahjong_round", "closed-kan-of-a-riichi-wait"),
    ("mahjong_round", "pending-kan-dora-turned-before-a-chankan"),
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

/// The C round checker's corruption probe of a match took every byte past the header, the match's
/// `encode` length and its cache as unused; a dominoes match held in place (`Match::RAW`, issue 27)
/// is longer than its `encode` form, so a flipped bit there was rightly refused by the library
/// (the digest covers the held bytes) and reported as a mismatch. The probe now reads the payload
/// length from the state's header. Found by CI's fuzz run on 2026-12-05.
#[test]
fn ffi_dominoes_round_held_match_bit_flipped_past_its_encode_length() {
    run_regression(
        "ffi_dominoes_round",
        "held-match-bit-flipped-past-its-encode-length",
        check::ffi_round::dominoes,
    );
}

/// The same probe's second form of that bug: it took the longer of the header's payload length
/// and the `encode` length as covered, but a held dominoes round (512 bytes) is shorter than its
/// `encode` form (513), so a flipped bit just past the held bytes was rightly taken as unused by
/// the library and reported as missed. The probe now trusts the header's length alone (and
/// requires it to be the `encode` length for a state with a cache). Found by a fuzz run on
/// 2026-12-05 (session 14).
#[test]
fn ffi_dominoes_round_held_round_shorter_than_its_encode_form() {
    run_regression(
        "ffi_dominoes_round",
        "held-round-shorter-than-its-encode-form",
        check::ffi_round::dominoes,
    );
}

/// The match form of the same probe bug, for a held Dou Dizhu match shorter than its `encode`
/// form. Found by a fuzz run on 2026-12-05 (session 14).
#[test]
fn ffi_doudizhu_round_held_match_shorter_than_its_encode_form() {
    run_regression(
        "ffi_doudizhu_round",
        "held-match-shorter-than-its-encode-form",
        check::ffi_round::doudizhu,
    );
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

/// A closed kan of a riichi seat's winning tile (7p, seat 2 waiting on 4p–7p): the reference made
/// the riichi seat furiten for good although no hand but thirteen orphans may rob a closed kan,
/// and refused its later ron on 4p. Both sides now count a closed kan as a missed win only for a
/// thirteen-orphans hand that could have robbed it (the core also marked every waiting seat once a
/// thirteen-orphans hand opened the window: core test
/// `a_closed_kan_of_a_winning_tile_is_no_missed_win`).
#[test]
fn mahjong_round_closed_kan_of_a_riichi_wait() {
    run_regression(
        "mahjong_round",
        "closed-kan-of-a-riichi-wait",
        check::mahjong_round::round,
    );
}

/// Two added kans in a row by seat 3 (its red 5m, then the 4p it had just drawn, before
/// discarding) and seat 0, in riichi, robs the second (chankan, step 86): the core turned the first kan's pending indicator (id 104) when the
/// second was declared, so the robbing ron saw two indicators; the reference, one. Tenhou turns
/// an open or added kan's indicator at the seat's discard or once its next kan stands (nobody
/// robbed it), so a chankan of the second kan does not count it (a real Tenhou record,
/// `double_kakan_then_chankan.json` of mjai-reviewer's convlog: one indicator, 2000 paid). The
/// core now turns it in `resolve_chankan` and `finish_ankan` (core test
/// `a_robbed_added_kan_leaves_the_earlier_kans_dora_unturned`).
#[test]
fn mahjong_round_pending_kan_dora_turned_before_a_chankan() {
    run_regression(
        "mahjong_round",
        "pending-kan-dora-turned-before-a-chankan",
        check::mahjong_round::round,
    );
}
