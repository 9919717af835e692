//! Notation helpers shared by every game: byte spans into the input text, so that every parse
//! error can point at the token that is wrong.

use core::fmt;

/// A parse error `E` with the text it came from, for a message that names the bad token: each
/// game's `Display` for `InSource<'_, its Error>` quotes the token where the error has one (its
/// `text` module; build one with `error.in_source(text)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InSource<'a, E> {
    /// The error.
    pub error: E,
    /// The text that was parsed (the error's spans point into it).
    pub source: &'a str,
}

/// A half-open byte range `start..end` into the text that was parsed.
///
/// Parse errors carry a `Span` so that a caller (the CLI, a C engine through the FFI) can name the
/// offending token exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Byte offset of the first byte of the token.
    pub start: usize,
    /// Byte offset one past the last byte of the token.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The spanned text of `source`, or `""` if the span does not lie on `source`'s char
    /// boundaries (never panics).
    pub fn slice<'a>(&self, source: &'a str) -> &'a str {
        // A real default: a span may be asked of a text it does not come from.
        source.get(self.start..self.end).unwrap_or("")
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bytes {}..{}", self.start, self.end)
    }
}

/// Splits `text` into tokens separated by ASCII whitespace or commas, yielding each token with
/// its [`Span`]. Empty tokens are skipped.
///
/// ```
/// use parlor_core::notation::{tokens, Span};
/// let found: Vec<_> = tokens(" 1m, 2m").collect();
/// assert_eq!(found, [(Span::new(1, 3), "1m"), (Span::new(5, 7), "2m")]);
/// ```
pub fn tokens(text: &str) -> impl Iterator<Item = (Span, &str)> {
    let is_separator = |c: char| c.is_ascii_whitespace() || c == ',';
    let mut rest = text;
    let mut offset = 0usize;
    core::iter::from_fn(move || {
        // A suffix is never longer than its text: no wrap.
        let skip = rest.len().wrapping_sub(rest.trim_start_matches(is_separator).len());
        rest = rest.get(skip..)?;
        offset = offset.saturating_add(skip);
        if rest.is_empty() {
            return None;
        }
        // No separator: the token runs to the end of the text (a real default).
        let len = rest.find(is_separator).unwrap_or(rest.len());
        let token = rest.get(..len)?;
        let span = Span::new(offset, offset.saturating_add(len));
        rest = rest.get(len..)?;
        offset = span.end;
        Some((span, token))
    })
}

/// Whether `text` is a lone `-` (the empty card set in the Tichu and Dou Dizhu notations) between any whitespace, i.e. `text.trim() == "-"`, without
/// linking `trim`'s searcher (flash on microcontrollers).
#[cfg(any(feature = "tichu", feature = "doudizhu"))]
pub(crate) fn is_lone_dash(text: &str) -> bool {
    let mut dash = false;
    for c in text.chars() {
        if c == '-' && !dash {
            dash = true;
        } else if !is_whitespace(c) {
            return false;
        }
    }
    dash
}

/// `c.is_whitespace()` (the Unicode `White_Space` property) as one `match`, without linking
/// `core`'s 256-byte lookup table for it (flash on microcontrollers; tested equal over every
/// `char`).
#[cfg(any(feature = "tichu", feature = "doudizhu"))]
const fn is_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | ' '
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    #[cfg(any(feature = "tichu", feature = "doudizhu"))]
    use super::{is_lone_dash, is_whitespace};

    #[cfg(any(feature = "tichu", feature = "doudizhu"))]
    #[test]
    fn whitespace_is_cores_for_every_char() {
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            assert_eq!(is_whitespace(c), c.is_whitespace(), "{c:?}");
        }
    }

    #[cfg(any(feature = "tichu", feature = "doudizhu"))]
    #[test]
    fn lone_dash_is_trim_equal_to_dash() {
        for text in [
            "",
            " ",
            "-",
            " - ",
            "\t-\n",
            "\u{3000}-\u{a0}",
            "--",
            "- -",
            "-3",
            "3",
            ",-",
            "-,",
            "\u{2003}",
            "—",
        ] {
            assert_eq!(is_lone_dash(text), text.trim() == "-", "{text:?}");
        }
    }
}

/// A text quoted in a message: in double quotes with Rust's string escapes, cut after 40
/// characters with `…` appended (the limit of every quote in a message, CLI and firmware alike).
///
/// ```
/// use parlor_core::notation::Quoted;
/// assert_eq!(Quoted("5j6").to_string(), "\"5j6\"");
/// assert_eq!(Quoted(&"7".repeat(41)).to_string(), format!("{:?}…", "7".repeat(40)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(40).and_then(|(end, _)| self.0.get(..end)) {
            Some(head) => write!(f, "{head:?}…"),
            None => write!(f, "{:?}", self.0),
        }
    }
}
