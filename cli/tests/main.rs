//! The command line's integration tests, one module per file of this folder, in one test binary
//! (`autotests = false` in `cli/Cargo.toml`): one link instead of one per file. Run one file's
//! tests with a filter: `cargo test -p parlor-cli --test cli tenhou_records::`.

mod arena;
mod bsw_records;
mod common;
mod dominoes_round;
mod doudizhu_round;
mod human;
mod mahjong_round;
mod majsoul_records;
mod play_driver;
mod process;
mod readme;
mod tenhou3_records;
mod tenhou_formats;
mod tenhou_records;
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
