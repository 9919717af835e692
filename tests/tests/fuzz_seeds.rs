//! Seed corpora and dictionaries for the fuzz targets, checked in for fuzzing services
//! (`.clusterfuzzlite/build.sh` zips them into `$OUT/<target>_seed_corpus.zip`) and for
//! `.ci/run`'s short runs:
//!
//! - `fuzz/seeds/<target>/seed-NN`: small raw libFuzzer inputs that decode (with `arbitrary`,
//!   as the target does) into a case that passes its checker — deterministic, pseudo-random,
//!   kept small (≤ 128 bytes) so the fuzzer starts from valid cases instead of from nothing;
//! - `fuzz/dicts/<target>.dict`: for the targets that parse text, every notation token of the
//!   game's vectors (`tests/vectors/<game>_*.tsv`), in libFuzzer's dictionary format.
//!
//! The test checks both against what the generator below makes; `PARLOR_BLESS=1 cargo test -p
//! parlor-conformance --test conformance fuzz_seeds::` rewrites them. Every fuzz target must be
//! listed in `TARGETS` (a new target fails `every_target_has_seeds_options_and_shares` until it
//! is). Other files in a seed folder (a corpus a fuzzer grew, hand-made deals) are kept as they
//! are and must decode and pass too. Every target also has its line in `fuzz/shares.tsv` (CI's
//! fuzz time by cost).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use parlor_conformance::check::{
    dominoes, dominoes_round, doudizhu, doudizhu_round, ffi_round, mahjong, mahjong_round, mahjong_score, tichu,
    tichu_round,
};
use parlor_conformance::fuzzing::{SplitMix64, run_bytes};
use parlor_conformance::vectors;

const SEEDS_PER_TARGET: usize = 12;
const MAX_SEED_BYTES: u64 = 128;

/// A fuzz target: its name, a runner (decode + check, false when the bytes do not decode) and,
/// for text targets, the game whose vector tokens make its dictionary.
struct Target {
    name: &'static str,
    run: fn(&[u8]) -> bool,
    dictionary_game: Option<&'static str>,
}

const TARGETS: &[Target] = &[
    Target {
        name: "dominoes_diff",
        run: |d| run_bytes(d, &dominoes::diff),
        dictionary_game: None,
    },
    Target {
        name: "ffi_dominoes",
        run: |d| run_bytes(d, &dominoes::ffi),
        dictionary_game: Some("dominoes"),
    },
    Target {
        name: "tichu_diff",
        run: |d| run_bytes(d, &tichu::diff),
        dictionary_game: None,
    },
    Target {
        name: "tichu_trick",
        run: |d| run_bytes(d, &tichu::trick),
        dictionary_game: None,
    },
    Target {
        name: "ffi_tichu",
        run: |d| run_bytes(d, &tichu::ffi),
        dictionary_game: Some("tichu"),
    },
    Target {
        name: "doudizhu_diff",
        run: |d| run_bytes(d, &doudizhu::diff),
        dictionary_game: None,
    },
    Target {
        name: "ffi_doudizhu",
        run: |d| run_bytes(d, &doudizhu::ffi),
        dictionary_game: Some("doudizhu"),
    },
    Target {
        name: "mahjong_diff",
        run: |d| run_bytes(d, &mahjong::diff),
        dictionary_game: None,
    },
    Target {
        name: "ffi_mahjong",
        run: |d| run_bytes(d, &mahjong::ffi),
        dictionary_game: Some("mahjong"),
    },
    Target {
        name: "mahjong_round",
        run: |d| run_bytes(d, &mahjong_round::round),
        dictionary_game: None,
    },
    Target {
        name: "ffi_mahjong_round",
        run: |d| run_bytes(d, &ffi_round::mahjong),
        dictionary_game: None,
    },
    Target {
        name: "dominoes_round",
        run: |d| run_bytes(d, &dominoes_round::round),
        dictionary_game: None,
    },
    Target {
        name: "ffi_dominoes_round",
        run: |d| run_bytes(d, &ffi_round::dominoes),
        dictionary_game: None,
    },
    Target {
        name: "tichu_round",
        run: |d| run_bytes(d, &tichu_round::round),
        dictionary_game: None,
    },
    Target {
        name: "ffi_tichu_round",
        run: |d| run_bytes(d, &ffi_round::tichu),
        dictionary_game: None,
    },
    Target {
        name: "doudizhu_round",
        run: |d| run_bytes(d, &doudizhu_round::diff),
        dictionary_game: None,
    },
    Target {
        name: "ffi_doudizhu_round",
        run: |d| run_bytes(d, &ffi_round::doudizhu),
        dictionary_game: None,
    },
    Target {
        name: "mahjong_score",
        run: |d| run_bytes(d, &mahjong_score::score_case),
        dictionary_game: None,
    },
    Target {
        name: "ffi_mahjong_score",
        run: |d| run_bytes(d, &mahjong_score::ffi_case),
        dictionary_game: None,
    },
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The seeds of `target`: the first pseudo-random byte strings (a seed per target name) that
/// decode and pass the checker.
fn make_seeds(target: &Target) -> Vec<Vec<u8>> {
    let mut rng = SplitMix64(target.name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    }));
    let mut seeds = Vec::new();
    let mut tries = 0;
    while seeds.len() < SEEDS_PER_TARGET && tries < 20_000 {
        tries += 1;
        let len = 16 + rng.below(MAX_SEED_BYTES - 15) as usize;
        let data: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        if (target.run)(&data) {
            seeds.push(data);
        }
    }
    assert_eq!(
        seeds.len(),
        SEEDS_PER_TARGET,
        "{}: too few decodable inputs",
        target.name
    );
    seeds
}

/// Every notation token of the game's vectors: the words after `parlor <game> <command>` that are
/// not options, and the values of `--option=value` / comma lists split into parts.
fn make_dictionary(game: &str) -> String {
    let mut tokens = BTreeSet::new();
    for (_, vector) in vectors::load(game) {
        for word in vector.args.iter().skip(2) {
            let word = word.rsplit('=').next().unwrap_or(word);
            if word.starts_with("--") || word.is_empty() || word.len() > 40 {
                continue;
            }
            tokens.insert(word.to_owned());
            for part in word.split([',', ' ']).filter(|part| !part.is_empty()) {
                tokens.insert(part.to_owned());
            }
        }
    }
    let mut text = format!(
        "# libFuzzer dictionary for the {game} text entry points: every notation token of\n# tests/vectors/{game}_*.tsv. Generated by tests/tests/fuzz_seeds.rs (PARLOR_BLESS=1).\n"
    );
    for token in tokens {
        let escaped: String = token
            .bytes()
            .map(|b| match b {
                b'"' | b'\\' => format!("\\{}", b as char),
                0x20..=0x7e => (b as char).to_string(),
                _ => format!("\\x{b:02X}"),
            })
            .collect();
        text.push_str(&format!("\"{escaped}\"\n"));
    }
    text
}

fn bless() -> bool {
    std::env::var_os("PARLOR_BLESS").is_some()
}

#[test]
fn seed_corpora_are_the_generated_ones_and_pass_their_checkers() {
    for target in TARGETS {
        let dir = root().join("fuzz/seeds").join(target.name);
        let seeds = make_seeds(target);
        if bless() {
            // The generated seeds only: kept inputs beside them stay.
            std::fs::create_dir_all(&dir).expect("create the seed folder");
            for entry in std::fs::read_dir(&dir).expect("the seed folder").flatten() {
                if entry.file_name().to_str().is_some_and(is_generated) {
                    std::fs::remove_file(entry.path()).expect("remove a stale seed");
                }
            }
            for (index, seed) in seeds.iter().enumerate() {
                std::fs::write(dir.join(format!("seed-{index:02}")), seed).expect("write a seed");
            }
        }
        for (index, seed) in seeds.iter().enumerate() {
            let path = dir.join(format!("seed-{index:02}"));
            let stored =
                std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e} (PARLOR_BLESS=1 writes it)", path.display()));
            assert_eq!(&stored, seed, "{} differs (PARLOR_BLESS=1 rewrites it)", path.display());
            assert!((target.run)(&stored), "{} does not decode", path.display());
        }
    }
}

/// The seed files that are not generated (`seed-NN`): kept inputs (a grown corpus, hand-made
/// deals); each decodes and passes its target's checker.
#[test]
fn kept_seed_inputs_pass_their_checkers() {
    let mut kept = 0;
    for target in TARGETS {
        let dir = root().join("fuzz/seeds").join(target.name);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter(|name| !name.starts_with('.') && !is_generated(name))
            .collect();
        names.sort();
        for name in names {
            let path = dir.join(&name);
            let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!((target.run)(&data), "{} does not decode", path.display());
            kept += 1;
        }
    }
    assert!(
        kept >= 24,
        "the kept seeds (Dou Dizhu deals, C edge inputs, grown corpora) are gone"
    );
}

/// Whether `name` is a generated seed's (`seed-NN`).
fn is_generated(name: &str) -> bool {
    name.strip_prefix("seed-")
        .is_some_and(|n| n.len() == 2 && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Every target of `fuzz/fuzz_targets/` is in `TARGETS` (so it has seeds), has its options and
/// its line in `fuzz/shares.tsv`; the shares name no target that is gone.
#[test]
fn every_target_has_seeds_options_and_shares() {
    let mut targets: Vec<String> = std::fs::read_dir(root().join("fuzz/fuzz_targets"))
        .expect("fuzz/fuzz_targets")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".rs").map(str::to_owned))
        .collect();
    targets.sort();
    let mut listed: Vec<String> = TARGETS.iter().map(|t| t.name.to_owned()).collect();
    listed.sort();
    assert_eq!(listed, targets, "TARGETS and fuzz/fuzz_targets differ");
    let shares = std::fs::read_to_string(root().join("fuzz/shares.tsv")).expect("fuzz/shares.tsv");
    let mut named: Vec<String> = Vec::new();
    for line in shares.lines().filter(|line| !line.starts_with('#') && !line.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "fuzz/shares.tsv: {line:?} is not target, shares, why");
        let shares: u32 = fields[1]
            .parse()
            .unwrap_or_else(|_| panic!("fuzz/shares.tsv: {line:?}"));
        assert!((1..=10).contains(&shares), "fuzz/shares.tsv: {line:?}");
        named.push(fields[0].to_owned());
    }
    named.sort();
    assert_eq!(named, targets, "fuzz/shares.tsv and fuzz/fuzz_targets differ");
}

/// `fuzz/sanitizer.tsv` (the targets CI builds without AddressSanitizer or without comparison
/// tracing) names only existing targets, each once, with the flags `-s none`,
/// `-s none --no-trace-compares` or `--no-trace-compares` (ASan kept), and a reason; a target
/// without ASan is never an `ffi_*` target (the C ABI's unsafe code keeps ASan) nor one whose
/// shim has `unsafe`; and `.ci/run` and `.clusterfuzzlite/build.sh` read it.
#[test]
fn targets_without_asan_are_safe_rust_only() {
    let list = std::fs::read_to_string(root().join("fuzz/sanitizer.tsv")).expect("fuzz/sanitizer.tsv");
    let mut named: Vec<&str> = Vec::new();
    for line in list.lines().filter(|line| !line.starts_with('#') && !line.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            fields.len(),
            3,
            "fuzz/sanitizer.tsv: {line:?} is not target, flags, why"
        );
        let (target, flags, why) = (fields[0], fields[1], fields[2]);
        assert!(
            ["-s none", "-s none --no-trace-compares", "--no-trace-compares"].contains(&flags),
            "fuzz/sanitizer.tsv: {line:?}: the flags are `-s none` and/or `--no-trace-compares`"
        );
        assert!(!why.trim().is_empty(), "fuzz/sanitizer.tsv: {line:?} gives no reason");
        assert!(
            TARGETS.iter().any(|t| t.name == target),
            "fuzz/sanitizer.tsv: {target} is no target"
        );
        if flags.starts_with("-s none") {
            assert!(
                !target.starts_with("ffi_"),
                "fuzz/sanitizer.tsv: {target} calls the C ABI: keep ASan"
            );
            let shim = std::fs::read_to_string(root().join("fuzz/fuzz_targets").join(format!("{target}.rs")))
                .expect("the target's shim");
            assert!(
                !shim.contains("unsafe"),
                "fuzz/sanitizer.tsv: {target}'s shim has unsafe code"
            );
        }
        assert!(!named.contains(&target), "fuzz/sanitizer.tsv: {target} twice");
        named.push(target);
    }
    for script in [".ci/run", ".clusterfuzzlite/build.sh"] {
        let text = std::fs::read_to_string(root().join(script)).expect("the script");
        assert!(
            text.contains("fuzz/sanitizer.tsv"),
            "{script} does not read fuzz/sanitizer.tsv"
        );
    }
}

#[test]
fn dictionaries_hold_every_vector_token() {
    for target in TARGETS {
        let Some(game) = target.dictionary_game else { continue };
        let path = root().join("fuzz/dicts").join(format!("{}.dict", target.name));
        let wanted = make_dictionary(game);
        if bless() {
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("create fuzz/dicts");
            std::fs::write(&path, &wanted).expect("write the dictionary");
        }
        let stored =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e} (PARLOR_BLESS=1)", path.display()));
        assert_eq!(
            stored,
            wanted,
            "{} is stale (PARLOR_BLESS=1 rewrites it)",
            path.display()
        );
        assert!(
            stored.lines().filter(|line| line.starts_with('"')).count() >= 10,
            "{}",
            path.display()
        );
    }
}

/// Every target has its options file for fuzzing services (`max_len`), and the generated seeds
/// fit in it.
#[test]
fn every_seeded_target_has_libfuzzer_options() {
    for target in TARGETS {
        let path = root().join("fuzz/options").join(format!("{}.options", target.name));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let max_len: u64 = text
            .lines()
            .find_map(|line| line.strip_prefix("max_len = "))
            .and_then(|value| value.trim().parse().ok())
            .unwrap_or_else(|| panic!("{}: no max_len", path.display()));
        assert!(text.starts_with("[libfuzzer]\n"), "{}", path.display());
        assert!(max_len >= MAX_SEED_BYTES, "{}: max_len {max_len}", path.display());
    }
}
