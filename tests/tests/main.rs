//! The conformance suite's integration tests, one module per file of this folder, in one test
//! binary (`autotests = false` in `tests/Cargo.toml`): one link instead of one per file. Run one
//! file's tests with a filter: `cargo test -p parlor-conformance --test conformance tichu_round::`.

mod c_abi;
mod docs_c_build;
mod dominoes;
mod dominoes_round;
mod doudizhu;
mod doudizhu_reference;
mod doudizhu_round;
mod embedded_win;
mod ffi_round;
mod fuzz_corpus;
mod fuzz_regressions;
mod fuzz_seeds;
mod header_docs;
mod install;
mod mahjong;
mod mahjong_round_check;
mod mahjong_score;
mod random_matches;
mod readme;
mod tichu;
mod tichu_round;

/// Every `.rs` file beside this one is a module above: with `autotests = false` (one test
/// binary, one link) a file not listed would never be compiled or run.
#[test]
fn every_test_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let main = include_str!("main.rs");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("the tests folder") {
        let name = entry
            .expect("a folder entry")
            .file_name()
            .into_string()
            .expect("a UTF-8 name");
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        if module != "main" {
            assert!(
                main.contains(&format!("\nmod {module};\n")),
                "tests/{name} is not a module of tests/main.rs: add `mod {module};`"
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "no test files found in {}", dir.display());
}
