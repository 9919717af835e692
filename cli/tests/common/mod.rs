//! Runs the `parlor` binary as scripts do (shared by the process tests).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `parlor` with `args`, writing `stdin` to its standard input.
pub fn parlor(args: &[&str], stdin: &str) -> Output {
    parlor_bytes(args, stdin.as_bytes())
}

/// Runs `parlor` with `args`, writing `stdin` (any bytes, UTF-8 or not) to its standard input.
pub fn parlor_bytes(args: &[&str], stdin: &[u8]) -> Output {
    parlor_in(std::path::Path::new("."), args, stdin)
}

/// Runs `parlor` with `args` in the folder `dir`, writing `stdin` to its standard input.
pub fn parlor_in(dir: &std::path::Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .current_dir(dir)
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

/// The first `seats` of a round's four numbers (deltas or points), as `expected.tsv` and
/// `replay` write them: separated by one space.
pub fn seat_numbers(values: &[i32; 4], seats: usize) -> String {
    values
        .iter()
        .take(seats)
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Replays real records through the engine, each under `config_of(name, record)`: every round
/// alone (dealt in its recorded context) and as the project's text log, every record through
/// `Match` — every action legal, every round's deltas those of the record and `expected.tsv`,
/// each next round's start and the final points reproduced, the match ending where the record
/// ends. Prints one summary line (`label: N files, …`) and fails with every failure listed.
pub fn replay_records_through_the_engine(
    label: &str,
    records: impl IntoIterator<Item = (String, parlor_cli::mahjong::tenhou::Record)>,
    expected: &Expected,
    config_of: impl Fn(&str, &parlor_cli::mahjong::tenhou::Record) -> parlor_core::mahjong::Config,
) {
    use parlor_cli::mahjong::tenhou_replay::{MatchReplay, replay_match, replay_round, text_log};
    use parlor_cli::mahjong_round::replay_text;
    let (mut files, mut rounds, mut alone, mut chained, mut whole, mut text_logs) = (0, 0, 0, 0, 0, 0);
    let mut failures = Vec::new();
    for (name, record) in records {
        files += 1;
        let config = config_of(&name, &record);
        let seats = usize::from(record.players());
        for (i, log) in record.rounds.iter().enumerate() {
            rounds += 1;
            match replay_round(log, &config) {
                Ok(_) => alone += 1,
                Err(f) => failures.push(format!("{name}: round {i} alone: {f}")),
            }
            // The same round as the project's text log replays to the same deltas.
            if let Ok(text) = text_log(log, &config) {
                let mut printed = String::new();
                let want = format!("round 0: {}", seat_numbers(&log.result.deltas(), seats));
                match replay_text(&text, &config, &mut printed) {
                    Ok(()) if printed.lines().any(|l| l == want) => text_logs += 1,
                    Ok(()) => failures.push(format!("{name}: round {i} as a text log: no line {want:?}")),
                    Err((n, what)) => failures.push(format!("{name}: round {i} as a text log: line {n}: {what}")),
                }
            }
        }
        let result = replay_match(&record, &config, |i, deltas| {
            let want = expected.get(&(name.clone(), i.to_string()));
            if want.is_none_or(|w| *w == seat_numbers(&deltas, seats)) {
                chained += 1;
            }
        });
        match result {
            Ok(MatchReplay { final_scores: None, .. }) => {
                failures.push(format!("{name}: match: the record ends, the match goes on"))
            }
            Ok(MatchReplay {
                final_scores: Some(scores),
                ..
            }) => {
                let got = seat_numbers(&scores, seats);
                match expected.get(&(name.clone(), "final".to_owned())) {
                    Some(want) if *want != got => {
                        failures.push(format!("{name}: final scores {got}, expected.tsv {want}"))
                    }
                    _ => whole += 1,
                }
            }
            Err(f) => failures.push(format!("{name}: match: {f}")),
        }
    }
    eprintln!(
        "{label}: {files} files, {rounds} rounds; {alone} rounds reproduced alone ({text_logs} as text logs too), {chained} through the match; {whole} whole records"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
