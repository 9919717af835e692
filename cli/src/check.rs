//! `parlor check FILE...`: runs vector files through the same code as the command line.
//!
//! The vector file format (`tests/vectors/*.tsv`) and its one parser live in
//! `parlor-vector-format`, which the embedded firmware's build script uses too.

use std::io::Write;
use std::path::PathBuf;

use crate::CliError;

/// Arguments of `parlor check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Vector files (`.tsv`) to run.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print only failures and the summary.
    #[arg(long, short)]
    pub quiet: bool,
}

/// One parsed vector line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vector {
    /// 1-based line number in its file.
    pub line: usize,
    /// The command-line words after `parlor`.
    pub args: Vec<String>,
    /// The expected standard output, with real line breaks and no final one.
    pub expected: String,
    /// The comment column, if any.
    pub comment: String,
}

/// Parses the text of a vector file (with `parlor_vector_format::lines`). Lines without a TAB
/// are reported as errors.
pub fn parse_vectors(text: &str) -> Result<Vec<Vector>, String> {
    parlor_vector_format::lines(text)
        .map(|line| {
            let line = line.map_err(|error| error.to_string())?;
            let mut expected = String::new();
            line.write_expected(&mut expected).map_err(|error| error.to_string())?;
            Ok(Vector {
                line: line.number,
                args: line.args().map(str::to_owned).collect(),
                expected,
                comment: line.comment.to_owned(),
            })
        })
        .collect()
}

/// Runs one vector through [`crate::run`] and returns its actual output (final line break removed).
/// A vector runs a game command: one that runs `check` itself is an input error (a file that
/// checks itself would otherwise recurse without end).
pub fn actual_output(vector: &Vector) -> Result<String, CliError> {
    if vector.args.first().is_some_and(|word| word == "check") {
        return Err(CliError::Input(
            "a vector line runs a game command, not `check`".to_owned(),
        ));
    }
    let mut out = Vec::new();
    let mut empty = std::io::empty();
    let args = std::iter::once("parlor".to_owned()).chain(vector.args.iter().cloned());
    crate::run(args, &mut empty, &mut out)?;
    let text = String::from_utf8_lossy(&out).into_owned();
    Ok(text.strip_suffix('\n').unwrap_or(&text).to_owned())
}

/// Runs one vector and renders the outcome as a vector's expected column does: the output, or
/// `error: <message>` when the command fails (so bad-input vectors can expect the message).
pub fn rendered_output(vector: &Vector) -> String {
    match actual_output(vector) {
        Ok(text) => text,
        Err(CliError::Input(message) | CliError::Failed(message)) => format!("error: {message}"),
        Err(CliError::Usage(text, _)) => format!("error: {}", text.lines().next().unwrap_or_default()),
        Err(CliError::Exact(message)) => message,
        // A vector writes into memory, which never closes.
        Err(CliError::Closed) => "error: the output was closed".to_owned(),
    }
}

/// Runs every file, printing `ok`/`FAIL` per case and a closing `N passed, N failed` line.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), CliError> {
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in &args.files {
        let text = std::fs::read_to_string(file)
            .map_err(|error| CliError::Input(format!("cannot read {}: {error}", file.display())))?;
        let vectors = parse_vectors(&text).map_err(|error| CliError::Input(format!("{}: {error}", file.display())))?;
        if vectors.is_empty() {
            return Err(CliError::Input(format!(
                "{}: no vectors (each line: a parlor command line, TAB, the expected output)",
                file.display()
            )));
        }
        for vector in &vectors {
            let shown = vector.args.join(" ");
            let actual = rendered_output(vector);
            if actual == vector.expected {
                passed += 1;
                if !args.quiet {
                    writeln!(out, "ok    {shown}  =>  {}", actual.replace('\n', " | "))?;
                }
            } else {
                failed += 1;
                writeln!(
                    out,
                    "FAIL  {}:{}: {shown}\n      expected: {}\n      actual:   {}",
                    file.display(),
                    vector.line,
                    vector.expected.replace('\n', " | "),
                    actual.replace('\n', " | ")
                )?;
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    if failed > 0 {
        return Err(CliError::Failed(format!("{failed} vector(s) failed")));
    }
    Ok(())
}
