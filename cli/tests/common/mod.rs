//! Runs the `parlor` binary as scripts do (shared by the process tests).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `parlor` with `args`, writing `stdin` to its standard input.
pub fn parlor(args: &[&str], stdin: &str) -> Output {
    parlor_bytes(args, stdin.as_bytes())
}

/// Runs `parlor` with `args`, writing `stdin` (any bytes, UTF-8 or not) to its standard input.
pub fn parlor_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start parlor");
    // parlor may exit before reading (a usage error): a closed pipe is no failure here.
    let _ = child.stdin.take().expect("stdin").write_all(stdin);
    child.wait_with_output().expect("parlor runs")
}

/// `expected.tsv` of a folder of real records: (file, round index or `final`) → the numbers.
pub type Expected = std::collections::BTreeMap<(String, String), String>;

/// A folder of real records named by the environment variable `var` (never committed: the
/// tests that read one skip with one line, naming `what` the folder holds, when it is unset):
/// the folder, the files of it and of its `subfolders` that `keep` accepts (sorted; at least
/// one, or the test fails), and its `expected.tsv` (`<file>\t<round or final>\t<numbers>`;
/// empty when the folder has none).
pub fn record_folder(
    var: &str,
    what: &str,
    subfolders: &[&str],
    keep: impl Fn(&std::path::Path) -> bool,
) -> Option<(std::path::PathBuf, Vec<std::path::PathBuf>, Expected)> {
    let Some(dir) = std::env::var_os(var) else {
        eprintln!("skipped: {var} is not set ({what})");
        return None;
    };
    let dir = std::path::PathBuf::from(dir);
    let mut files = Vec::new();
    for sub in std::iter::once(dir.clone()).chain(subfolders.iter().map(|s| dir.join(s))) {
        let Ok(entries) = std::fs::read_dir(&sub) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if keep(&path) {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(!files.is_empty(), "{var}={} holds no record", dir.display());
    let mut expected = Expected::new();
    if let Ok(text) = std::fs::read_to_string(dir.join("expected.tsv")) {
        for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let parts: Vec<&str> = line.split('\t').collect();
            assert_eq!(parts.len(), 3, "expected.tsv: {line:?}");
            expected.insert((parts[0].to_owned(), parts[1].to_owned()), parts[2].to_owned());
        }
    }
    Some((dir, files, expected))
}

/// A record file's name relative to its folder, with `/` separators (the key of `expected.tsv`).
pub fn name_in(dir: &std::path::Path, file: &std::path::Path) -> String {
    file.strip_prefix(dir)
        .unwrap_or(file)
        .to_string_lossy()
        .replace('\\', "/")
}
