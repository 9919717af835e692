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

/// An integer written in decimal: the text of `{}` of the integer (no width, fill or sign
/// flags are honoured), written by a plain digit loop instead of `core::fmt`'s integer
/// machinery (`Formatter::pad_integral` and one `Display` per integer type), which a
/// microcontroller image that formats only through this type leaves out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dec {
    /// Below zero.
    negative: bool,
    /// The magnitude (32 bits: no 64-bit division on a 32-bit part).
    magnitude: u32,
}

impl Dec {
    /// Writes the number to `out`.
    pub fn write_to(self, out: &mut dyn fmt::Write) -> fmt::Result {
        // 10 digits and a sign hold every magnitude.
        let mut buf = [0u8; 11];
        let mut at = buf.len();
        let mut left = self.magnitude;
        loop {
            at = at.saturating_sub(1);
            if let Some(slot) = buf.get_mut(at) {
                // `left % 10` is below 10: the cast keeps it.
                *slot = b'0'.wrapping_add((left % 10) as u8);
            }
            left /= 10;
            if left == 0 {
                break;
            }
        }
        if self.negative {
            at = at.saturating_sub(1);
            if let Some(slot) = buf.get_mut(at) {
                *slot = b'-';
            }
        }
        // Character by character (ASCII): no `str::from_utf8` (its validator and 256-byte width
        // table stay out of a microcontroller image whose C inputs are checked by a smaller loop).
        for &byte in buf.get(at..).ok_or(fmt::Error)? {
            out.write_char(char::from(byte))?;
        }
        Ok(())
    }
}

macro_rules! dec_from_unsigned {
    ($($t:ty),*) => {$(
        impl From<$t> for Dec {
            fn from(n: $t) -> Dec {
                Dec { negative: false, magnitude: u32::from(n) }
            }
        }
    )*};
}
dec_from_unsigned!(u8, u16, u32);

macro_rules! dec_from_signed {
    ($($t:ty),*) => {$(
        impl From<$t> for Dec {
            fn from(n: $t) -> Dec {
                Dec { negative: n < 0, magnitude: u32::from(n.unsigned_abs()) }
            }
        }
    )*};
}
dec_from_signed!(i8, i16, i32);

impl fmt::Display for Dec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// Text written as `{}` of a `&str` writes it when no width or precision is asked, by
/// `write_str` alone: `core::fmt`'s padding machinery (`Formatter::pad`, a char count) is not
/// linked for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plain<'a>(pub &'a str);

impl fmt::Display for Plain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// A character written as `{}` of a `char` writes it when no width is asked, by `write_char`
/// alone (as [`Plain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainChar(pub char);

impl fmt::Display for PlainChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.0)
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
    words(text, true)
}

/// The words of `text` with their spans: separated by ASCII whitespace and, with `commas`,
/// commas ([`next_word`]).
pub(crate) fn words(text: &str, commas: bool) -> Words<'_> {
    Words { text, at: 0, commas }
}

/// [`words`]' iterator.
pub(crate) struct Words<'a> {
    text: &'a str,
    /// Where the next word may start.
    at: usize,
    /// Commas separate words too.
    commas: bool,
}

impl<'a> Iterator for Words<'a> {
    type Item = (Span, &'a str);

    fn next(&mut self) -> Option<(Span, &'a str)> {
        let span = next_word(self.text, self.at, self.commas)?;
        self.at = span.end;
        Some((span, self.text.get(span.start..span.end)?))
    }
}

/// The next word of `text` at or after byte `from`: its span, or `None` past the last word.
/// Words are separated by ASCII whitespace and, with `commas`, commas. Each separator is one
/// byte that is never part of a longer UTF-8 character, so the spans lie on character
/// boundaries and are the ones a split by characters gives; no `char` splitter is linked (flash
/// on microcontrollers). The one word splitter of every game's texts.
pub(crate) fn next_word(text: &str, from: usize, commas: bool) -> Option<Span> {
    let is_separator = |byte: &u8| byte.is_ascii_whitespace() || (commas && *byte == b',');
    let bytes = text.as_bytes();
    let start = from.saturating_add(bytes.get(from..)?.iter().position(|byte| !is_separator(byte))?);
    let rest = bytes.get(start..)?;
    let len = rest.iter().position(is_separator).unwrap_or(rest.len());
    Some(Span::new(start, start.saturating_add(len)))
}

/// The value of `text` made of ASCII digits only (at least one; no sign), or `None`, also past
/// `u32::MAX`: what the rule parsers took from a digits check and `u32::from_str`, without
/// linking the latter's sign and radix handling (flash on microcontrollers).
#[cfg(any(feature = "dominoes", feature = "doudizhu"))]
pub(crate) fn digits_u32(text: &str) -> Option<u32> {
    digits_value(text.as_bytes())
}

/// An unsigned integer type's `from_str` of a decimal text (an optional `+`, then at least one
/// ASCII digit) as a `u32` (`None` past `u32::MAX`), without linking the standard parser (flash on
/// microcontrollers): the caller narrows it (`u8::try_from`, a rule's range).
#[cfg(any(feature = "tichu", feature = "mahjong"))]
pub(crate) fn parse_unsigned(text: &str) -> Option<u32> {
    digits_value(text.strip_prefix('+').unwrap_or(text).as_bytes())
}

/// The value of ASCII digits (at least one), or `None` (another byte, or past `u32::MAX`): what
/// [`digits_u32`], [`parse_unsigned`] and [`parse_i32`]'s magnitude read.
#[cfg(any(feature = "dominoes", feature = "doudizhu", feature = "mahjong", feature = "tichu"))]
fn digits_value(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u32, |value, byte| {
        let digit = byte.checked_sub(b'0').filter(|digit| *digit <= 9)?;
        value.checked_mul(10)?.checked_add(u32::from(digit))
    })
}

/// `i32::from_str` of a decimal text (an optional `+` or `-`, then at least one ASCII digit),
/// without linking it (flash on microcontrollers; tested equal).
#[cfg(feature = "mahjong")]
pub(crate) fn parse_i32(text: &str) -> Option<i32> {
    let (negative, digits) = match text.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        all => (false, all),
    };
    let magnitude = i64::from(digits_value(digits)?);
    // At most 2^32 - 1 either way: no wrap.
    i32::try_from(if negative { magnitude.wrapping_neg() } else { magnitude }).ok()
}

/// `text.split_once(delimiter)` for an ASCII delimiter (a byte below 0x80 is always a char
/// boundary), without linking `str`'s char searcher (flash on microcontrollers; tested equal).
#[cfg(feature = "doudizhu")]
pub(crate) fn split_once_ascii(text: &str, delimiter: u8) -> Option<(&str, &str)> {
    let at = text.bytes().position(|byte| byte == delimiter)?;
    Some((text.get(..at)?, text.get(at.checked_add(1)?..)?))
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
/// `char`). `str::trim` and its kin are `trim_matches(is_whitespace)` and its kin.
#[cfg(any(feature = "tichu", feature = "doudizhu", feature = "dominoes"))]
pub(crate) const fn is_whitespace(c: char) -> bool {
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
    extern crate std;
    #[cfg(any(feature = "tichu", feature = "doudizhu"))]
    use super::is_lone_dash;
    #[cfg(any(feature = "tichu", feature = "doudizhu", feature = "dominoes"))]
    use super::is_whitespace;
    use super::{Dec, Plain};
    use std::format;

    #[test]
    fn dec_writes_what_integer_display_writes() {
        for n in [
            0i32,
            1,
            9,
            10,
            99,
            100,
            255,
            256,
            999,
            1000,
            25_000,
            65_535,
            999_900,
            i32::MAX,
        ] {
            assert_eq!(format!("{}", Dec::from(n)), format!("{n}"));
            assert_eq!(format!("{}", Dec::from(-n)), format!("{}", -n));
        }
        assert_eq!(format!("{}", Dec::from(i32::MIN)), "-2147483648");
        assert_eq!(format!("{}", Dec::from(u32::MAX)), "4294967295");
        for n in 0..=u16::MAX {
            assert_eq!(format!("{}", Dec::from(n)), format!("{n}"));
        }
        for n in i8::MIN..=i8::MAX {
            assert_eq!(format!("{}", Dec::from(n)), format!("{n}"));
        }
        assert_eq!(format!("a{}b", Plain("x y")), "ax yb");
        assert_eq!(format!("a{}b", super::PlainChar('é')), "aéb");
    }

    #[cfg(any(feature = "dominoes", feature = "doudizhu"))]
    #[test]
    fn digits_are_a_digits_check_and_u32_from_str() {
        let old = |text: &str| {
            if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
                return None;
            }
            text.parse::<u32>().ok()
        };
        for text in [
            "",
            "0",
            "7",
            "007",
            "54",
            "+5",
            "-5",
            "5 ",
            " 5",
            "1e3",
            "４",
            "65535",
            "65536",
            "4294967295",
            "4294967296",
            "99999999999",
            "00000000000000000001",
            "+",
            "-",
            "a",
        ] {
            assert_eq!(super::digits_u32(text), old(text), "{text:?}");
        }
        for n in (0..=100_000u32).chain([u32::MAX - 1, u32::MAX]) {
            assert_eq!(super::digits_u32(&format!("{n}")), Some(n));
        }
    }

    #[cfg(feature = "doudizhu")]
    #[test]
    fn split_once_ascii_is_split_once() {
        for text in [
            "",
            "@",
            "a@",
            "@b",
            "a@b",
            "a@b@c",
            "pair/2@Q",
            "é@ü",
            "ü/é/x",
            "no delimiter",
            "//",
        ] {
            for delimiter in [b'@', b'/'] {
                assert_eq!(
                    super::split_once_ascii(text, delimiter),
                    text.split_once(char::from(delimiter)),
                    "{text:?}"
                );
            }
        }
    }

    #[cfg(feature = "mahjong")]
    #[test]
    fn parse_i32_is_i32_from_str() {
        for text in [
            "",
            "0",
            "-0",
            "+0",
            "7",
            "-7",
            "+7",
            "007",
            "-",
            "+",
            "--1",
            "+-1",
            "-+1",
            "1-",
            " 1",
            "1 ",
            "25000",
            "-25000",
            "2147483647",
            "2147483648",
            "-2147483648",
            "-2147483649",
            "4294967295",
            "4294967296",
            "-4294967296",
            "99999999999",
            "1e3",
            "１",
            "a",
        ] {
            assert_eq!(super::parse_i32(text), text.parse::<i32>().ok(), "{text:?}");
        }
        for n in (-100_000..=100_000).chain([i32::MIN, i32::MIN + 1, i32::MAX - 1, i32::MAX]) {
            assert_eq!(super::parse_i32(&format!("{n}")), Some(n));
            assert_eq!(super::parse_i32(&format!("+{n}")), format!("+{n}").parse::<i32>().ok());
        }
    }

    #[cfg(any(feature = "tichu", feature = "doudizhu", feature = "dominoes"))]
    #[test]
    fn whitespace_is_cores_for_every_char() {
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            assert_eq!(is_whitespace(c), c.is_whitespace(), "{c:?}");
        }
        // The trims the notations make with it (dominoes' deal, Dou Dizhu's action span).
        for text in [
            "",
            " ",
            "boneyard",
            " \t boneyard 1-2 ",
            "\u{a0}\u{3000}x\u{2028}",
            "x\u{85}",
            "\u{200b}x",
        ] {
            assert_eq!(text.trim_start_matches(is_whitespace), text.trim_start(), "{text:?}");
            assert_eq!(text.trim_end_matches(is_whitespace), text.trim_end(), "{text:?}");
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
