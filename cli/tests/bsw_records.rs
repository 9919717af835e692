//! Real Brettspielwelt Tichu logs replayed: every `*.tch` in the folder named by
//! `PARLOR_BSW_RECORDS`, each round replayed under the `bsw` preset and its recorded result
//! (`Ergebnis: A - B`) checked. Without the variable the tests skip with one line. The logs are
//! BSW's and are never committed here.

use crate::common;

use std::path::PathBuf;

use parlor_cli::tichu::bsw;
use parlor_core::tichu::round::Config;

fn logs() -> Option<Vec<PathBuf>> {
    let Some(dir) = std::env::var_os("PARLOR_BSW_RECORDS") else {
        eprintln!("skipped: PARLOR_BSW_RECORDS is not set (a folder of Brettspielwelt .tch logs)");
        return None;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the records folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "tch"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "PARLOR_BSW_RECORDS holds no .tch log");
    Some(files)
}

#[test]
fn every_bsw_round_replays_with_its_recorded_result() {
    let Some(files) = logs() else { return };
    let mut rounds = 0;
    for file in &files {
        let text = String::from_utf8_lossy(&std::fs::read(file).expect("read")).into_owned();
        let results = bsw::replay(&text, &Config::BSW).expect("a BSW log");
        for r in &results {
            assert_eq!(r.computed, Ok(r.recorded), "{} round {}", file.display(), r.number);
        }
        rounds += results.len();
        // The CLI says the same, one line per round.
        let out = common::parlor(
            &["tichu", "replay", "--format", "bsw", file.to_str().expect("utf-8")],
            "",
        );
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(stdout.lines().count(), results.len());
        assert!(stdout.starts_with("round 1: "), "{stdout}");
    }
    eprintln!(
        "{} BSW logs, {rounds} rounds replayed with their recorded results",
        files.len()
    );
    // The two shared logs hold 10 rounds each.
    assert!(rounds >= files.len());
}

/// Under the rules before the bomb flags (`classic`) the BSW logs do not replay: BSW logs the
/// winner's gathering pass after the third pass, and its players bomb after it.
#[test]
fn bsw_logs_need_the_bomb_rules() {
    let Some(files) = logs() else { return };
    let text = String::from_utf8_lossy(&std::fs::read(&files[0]).expect("read")).into_owned();
    let results = bsw::replay(&text, &Config::CLASSIC).expect("a BSW log");
    assert!(results.iter().any(|r| r.computed.is_err()));
}

/// A new user's finding: a file that is not a Brettspielwelt log (here binary bytes) was quoted
/// whole in the error, a screenful of escaped bytes. The quote is cut at 40 characters as in every
/// other message, and the line says which line could not be read.
#[test]
fn a_binary_file_gets_one_short_line() {
    let mut bytes = b"\x7fELF\x02\x01\x01".to_vec();
    bytes.extend((0..600u32).map(|i| (i * 37 % 256) as u8));
    bytes.extend(b"\nmore\n");
    let out = common::parlor_bytes(&["tichu", "replay", "--format", "bsw", "-"], &bytes);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: line 1: cannot read \"\\u{7f}ELF"),
        "{stderr}"
    );
    assert!(stderr.trim_end().ends_with("\"…"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.chars().count() < 300, "{stderr}");
}
