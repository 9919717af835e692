//! The `parlor` binary as scripts see it: exit statuses, stdout/stderr split, one-line errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn parlor(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start parlor");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("parlor runs")
}

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
fn a_game_without_a_command_shows_its_help_with_exit_2() {
    let out = parlor(&["tichu"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Usage: parlor tichu"));
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
