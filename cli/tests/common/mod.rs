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
