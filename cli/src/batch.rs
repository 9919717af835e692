//! Batch mode shared by every leaf command: one case per input line, one answer per output line.

use std::io::{BufRead, Write};

use crate::CliError;

/// Reads `input` line by line and writes `answer(line)` for each. An `Err(message)` answer is
/// written as `error: <message>` and processing continues. A trailing `\r` is removed. A blank
/// (empty or whitespace-only) line is no case: it gets `error: empty line (one case per line)`
/// for every command alike, so line numbers in and out always match and a stray blank line
/// never passes for a real answer.
pub fn run(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    mut answer: impl FnMut(&str) -> Result<String, String>,
) -> Result<(), CliError> {
    for line in input.split(b'\n') {
        let line = line?;
        // A line that is not UTF-8 is a bad line, not the end of the batch.
        let Ok(line) = String::from_utf8(line) else {
            writeln!(out, "error: the line is not valid UTF-8")?;
            continue;
        };
        let line = line.strip_suffix('\r').unwrap_or(&line);
        if line.trim().is_empty() {
            writeln!(out, "error: empty line (one case per line)")?;
            continue;
        }
        match answer(line) {
            Ok(text) => writeln!(out, "{text}")?,
            Err(message) => writeln!(out, "error: {message}")?,
        }
    }
    Ok(())
}
