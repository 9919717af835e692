//! The `parlor` binary as scripts see it: exit statuses, stdout/stderr split, one-line errors.

use crate::common;

use common::parlor;

#[test]
fn an_answer_goes_to_stdout_with_exit_0() {
    let out = parlor(&["dominoes", "five-up", "0-6", "6-5", "5-3"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "legal\n");
    assert!(out.stderr.is_empty());
}

#[test]
fn a_bad_option_value_is_one_line_on_stderr_with_exit_2() {
    let out = parlor(&["dominoes", "five-up", "--spinner", "sideways", "1-1"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("'sideways'") && stderr.contains("every-double"),
        "{stderr}"
    );
}

#[test]
fn an_unknown_command_is_one_line_with_exit_2() {
    let out = parlor(&["backgammon"], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("'backgammon'"), "{stderr}");
}

#[test]
fn a_game_without_a_command_names_the_choices_in_one_line_with_exit_2() {
    let out = parlor(&["tichu"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "parlor: `parlor tichu` needs a command: legal, moves, readings, trick, points, score, play, replay, rules, arena (see --help)\n"
    );
}

#[test]
fn a_missing_argument_is_named() {
    let out = parlor(&["check"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "parlor: the following required arguments were not provided: <FILES>... (see --help)\n"
    );
}

#[test]
fn batch_mode_refuses_cases_on_the_command_line() {
    for args in [
        &["tichu", "legal", "--batch", "6", "J"][..],
        &["tichu", "readings", "--batch", "5"],
        &["tichu", "points", "--batch", "5"],
        &["doudizhu", "classify", "--batch", "33"],
        &["doudizhu", "beats", "--batch", "3", "4"],
        &["doudizhu", "min-plays", "--batch", "34"],
        &["doudizhu", "spring", "--judge", "33"],
    ] {
        let out = parlor(args, "33\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("cannot be used with"), "{args:?}: {stderr}");
    }
}

#[test]
fn help_goes_to_stdout_with_exit_0() {
    let out = parlor(&["--help"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Usage: parlor"));
}

#[test]
fn check_reports_failures_with_exit_1() {
    let dir = std::env::temp_dir().join(format!("parlor-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("v.tsv");
    std::fs::write(
        &file,
        "dominoes five-up 0-6 6-0\tlegal\twrong on purpose\ndominoes five-up 0-6\tlegal\n",
    )
    .expect("write vectors");
    let out = parlor(&["check", file.to_str().expect("utf-8 path")], "");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.ends_with("1 passed, 1 failed\n"), "{stdout}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_vector_line_cannot_run_check_itself() {
    // Found in use: a file checking itself recursed until the stack overflowed.
    let dir = std::env::temp_dir().join(format!("parlor-self-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("self.tsv");
    std::fs::write(&file, format!("check {}\tx\n", file.display())).expect("write vectors");
    let out = parlor(&["check", "--quiet", file.to_str().expect("UTF-8 path")], "");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("actual:   error: a vector line runs a game command, not `check`"),
        "{stdout}"
    );
    assert!(stdout.ends_with("0 passed, 1 failed\n"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `parlor` with `args` whose reader closes standard output at once (`parlor … | head
/// -0`); returns the exit code and standard error.
fn with_output_closed(args: &[&str], stdin: &str) -> (Option<i32>, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start parlor");
    drop(child.stdout.take());
    // parlor may stop before reading everything: a closed pipe is no failure here.
    let _ = child.stdin.take().expect("stdin").write_all(stdin.as_bytes());
    let out = child.wait_with_output().expect("parlor runs");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Regression: with its reader gone (`parlor mahjong --help | head -1`, `… --batch | head`,
/// `play --human … | head`), `parlor` panicked (`failed printing to stdout: Broken pipe`, exit
/// 101), or printed `cannot write output` (exit 1) or `cannot read or write: Broken pipe`
/// (exit 2), depending on the command. Every command now stops quietly with exit status 0, as
/// when the reader takes everything (a person's `--log` is still written).
#[test]
fn a_closed_output_stops_every_command_quietly() {
    assert_eq!(with_output_closed(&["mahjong", "--help"], ""), (Some(0), String::new()));
    let batch = "0-6 6-5 5-3\n".repeat(30_000);
    assert_eq!(
        with_output_closed(&["dominoes", "five-up", "--batch"], &batch),
        (Some(0), String::new())
    );
    assert_eq!(
        with_output_closed(&["tichu", "play", "--match", "--seed", "1"], ""),
        (Some(0), String::new())
    );
    let log = std::env::temp_dir().join(format!("parlor-closed-{}.log", std::process::id()));
    let log_s = log.to_string_lossy().into_owned();
    let answers = "1\n".repeat(300);
    assert_eq!(
        with_output_closed(
            &["tichu", "play", "--human", "0", "--seed", "1", "--log", &log_s],
            &answers
        ),
        (Some(0), String::new())
    );
    let written = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    assert!(written.starts_with("tichu seed 1\n"), "{written}");
}
