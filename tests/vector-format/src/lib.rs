//! # parlor-vector-format
//!
//! The one parser of the conformance vector files (`tests/vectors/*.tsv`), used by `parlor
//! check` (`cli/src/check.rs`) and by the embedded firmware's build script
//! (`tests/embedded/build.rs`), so the two never read a line differently.
//!
//! The format: one case per line; a line whose first non-blank character is `#` is a comment
//! and blank lines are skipped; a `\r` before the line break is dropped. Columns are separated
//! by a TAB:
//! 1. the `parlor` command line without the program name, words separated by whitespace
//!    (`tichu legal 6 J`);
//! 2. the expected standard output, each line break written as the two characters `\n` and the
//!    final one left out (an empty column expects one empty line);
//! 3. optional: a comment (every further TAB belongs to the comment).
//!
//! ```
//! use parlor_vector_format::{Line, lines};
//! let text = "# a comment\n\ntichu legal 6 J\tlegal\twhy\ndominoes five-up 0-6\tlegal\\nmore\n";
//! let found: Vec<Line<'_>> = lines(text).collect::<Result<_, _>>().unwrap();
//! assert_eq!(found.len(), 2);
//! assert_eq!(found[0].number, 3);
//! assert_eq!(found[0].args().collect::<Vec<_>>(), ["tichu", "legal", "6", "J"]);
//! assert_eq!((found[0].expected, found[0].comment), ("legal", "why"));
//! let mut expected = String::new();
//! found[1].write_expected(&mut expected).unwrap();
//! assert_eq!(expected, "legal\nmore");
//! ```
#![no_std]
#![forbid(unsafe_code)]

use core::fmt;

/// One case of a vector file, borrowed from its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    /// The 1-based line number in the file.
    pub number: usize,
    /// The command column: the `parlor` arguments, separated by whitespace.
    pub command: &'a str,
    /// The expected column as written (line breaks still escaped as `\n`).
    pub expected: &'a str,
    /// The comment column (empty when there is none).
    pub comment: &'a str,
}

impl<'a> Line<'a> {
    /// The command-line words after `parlor`.
    pub fn args(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.command.split_whitespace()
    }

    /// Writes the expected output with real line breaks (each `\n` escape turned into one).
    ///
    /// # Errors
    /// Only those of `out`.
    pub fn write_expected(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let mut pieces = self.expected.split("\\n");
        if let Some(first) = pieces.next() {
            out.write_str(first)?;
        }
        for piece in pieces {
            out.write_char('\n')?;
            out.write_str(piece)?;
        }
        Ok(())
    }
}

/// A line that is not a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    /// No TAB between the command and the expected output.
    NoTab {
        /// The 1-based line number.
        line: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoTab { line } => write!(f, "line {line}: no TAB between the command and the expected output"),
        }
    }
}

impl core::error::Error for Error {}

/// The cases of a vector file's text, in order (comments and blank lines skipped).
pub fn lines(text: &str) -> impl Iterator<Item = Result<Line<'_>, Error>> + '_ {
    text.lines().enumerate().filter_map(|(index, raw)| {
        let number = index.saturating_add(1);
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            return None;
        }
        let mut columns = raw.splitn(3, '\t');
        let command = columns.next().unwrap_or_default();
        let Some(expected) = columns.next() else {
            return Some(Err(Error::NoTab { line: number }));
        };
        let comment = columns.next().unwrap_or_default();
        Some(Ok(Line {
            number,
            command,
            expected,
            comment,
        }))
    })
}
