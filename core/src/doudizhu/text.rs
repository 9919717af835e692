//! The answer texts of `parlor doudizhu …`, in one place: the CLI and the bare-metal vector
//! runner (`tests/embedded/src/games/doudizhu.rs`) both print through these `Display`
//! adapters and helpers, so no answer or message is written twice.
//!
//! - [`cards`] / [`BadCards`] — a card-set argument from its text, or the message naming the
//!   bad token (`too many cards of rank 7 (a deck holds 4) at bytes 4..5: "7" in "77777"`);
//! - [`KindNames`] / [`ReadingList`] — `classify`'s answer: the kind names (sorted, each once)
//!   or every reading (`kind/chain@key`), `invalid` for none;
//! - [`YesNo`] — `beats`' answer; [`BeatsRefusal`] / [`MovesRefusal`] — why `beats` / `moves`
//!   refused the previous play;
//! - [`print_order`] — the order `moves` prints its plays in (fewer cards first, then the ranks
//!   low to high);
//! - [`SpringAnswer`] — `spring`'s answer: `no`, or `yes` and the plan's plays (one a line, or
//!   on one line in batch mode); [`JudgeAnswer`] — a `spring --judge` case (`Case 1: Yes`);
//! - [`Missing`] — the message for a missing argument.
//!
//! `min-plays` answers the count itself (`u8`'s `Display`); every core error prints as its
//! [`Error`]'s `Display`. Quotes in messages are [`Quoted`] (cut after 40 characters).
//!
//! ```
//! use parlor_core::doudizhu::text::{cards, SpringAnswer};
//! use parlor_core::doudizhu::{spring, Opponents, Preset, Scratch};
//! let mut scratch = Scratch::new();
//! let landlord = cards("3BR").unwrap();
//! let peasants = Opponents::Both(cards("44").unwrap(), cards("55").unwrap());
//! let plan = spring(&landlord, &peasants, &Preset::PAGAT, &mut scratch)?;
//! assert_eq!(SpringAnswer::lines(plan.as_ref()).to_string(), "yes\nBR\n3");
//! assert_eq!(SpringAnswer::one_line(plan.as_ref()).to_string(), "yes BR 3");
//! assert_eq!(cards("3Z").unwrap_err().to_string(), "not a card at bytes 1..2: \"Z\" in \"3Z\"");
//! # Ok::<(), parlor_core::doudizhu::Error>(())
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::cmp::Ordering;
use core::fmt;

use super::combination::{MAX_READINGS, Readings};
use super::{Cards, Error, Plan};
use crate::notation::Quoted;

/// The message for a card-set argument that does not parse: the error, the bad token when the
/// error names one, and the whole argument (`not a card at bytes 1..2: "Z" in "3Z"`).
#[derive(Clone, Copy, Debug)]
pub struct BadCards<'a> {
    /// The text given.
    pub text: &'a str,
    /// Why it is no card set.
    pub error: Error,
}

impl fmt::Display for BadCards<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error {
            Error::UnknownCard { span } | Error::TooManyCopies { span, .. } => write!(
                f,
                "{}: {} in {}",
                self.error,
                Quoted(span.slice(self.text)),
                Quoted(self.text)
            ),
            other => write!(f, "{other} in {}", Quoted(self.text)),
        }
    }
}

/// One card-set argument from its text, or the message naming the bad token ([`BadCards`]).
///
/// # Errors
/// [`BadCards`] when `text` is no card set (see [`Cards`]'s `FromStr`).
pub fn cards(text: &str) -> Result<Cards, BadCards<'_>> {
    text.parse::<Cards>().map_err(|error| BadCards { text, error })
}

/// `classify`'s answer: the kind names of the readings, sorted and each once, separated by
/// spaces (`airplane-singles`), or `invalid` when the set is no combination.
#[derive(Clone, Copy, Debug)]
pub struct KindNames<'a>(pub &'a Readings);

impl fmt::Display for KindNames<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("invalid");
        }
        let mut names = [""; MAX_READINGS];
        for (slot, reading) in names.iter_mut().zip(self.0.iter()) {
            *slot = reading.kind.name();
        }
        // Unused slots stay "" and sort first; they are not printed.
        names.sort_unstable();
        let mut previous = None;
        for name in names.iter().copied().filter(|name| !name.is_empty()) {
            if previous != Some(name) {
                if previous.is_some() {
                    f.write_str(" ")?;
                }
                f.write_str(name)?;
            }
            previous = Some(name);
        }
        Ok(())
    }
}

/// `classify --readings`' answer: every reading as `kind/chain@key`, strongest first, separated
/// by spaces, or `invalid` when the set is no combination.
#[derive(Clone, Copy, Debug)]
pub struct ReadingList<'a>(pub &'a Readings);

impl fmt::Display for ReadingList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("invalid");
        }
        for (i, reading) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{reading}")?;
        }
        Ok(())
    }
}

/// `beats`' answer: `yes` or `no`.
#[derive(Clone, Copy, Debug)]
pub struct YesNo(pub bool);

impl fmt::Display for YesNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0 { "yes" } else { "no" })
    }
}

/// Why `beats` refused the previous play, quoting it as given (`the previous play is not a
/// combination: "34"`).
#[derive(Clone, Copy, Debug)]
pub struct BeatsRefusal<'a> {
    /// The previous play's text.
    pub previous: &'a str,
    /// The core's error.
    pub error: Error,
}

impl fmt::Display for BeatsRefusal<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.error, Quoted(self.previous))
    }
}

/// Why `moves` refused the previous play, naming its cards (`the previous play is not a
/// combination: 34`).
#[derive(Clone, Copy, Debug)]
pub struct MovesRefusal {
    /// The previous play.
    pub previous: Cards,
    /// The core's error.
    pub error: Error,
}

impl fmt::Display for MovesRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.error, self.previous)
    }
}

/// The order `moves` prints its plays in: fewer cards first, then the ranks (with repeats) low
/// to high, compared as sequences.
///
/// ```
/// use core::cmp::Ordering;
/// use parlor_core::doudizhu::text::{cards, print_order};
/// let (a, b) = (cards("44").unwrap(), cards("35").unwrap());
/// assert_eq!(print_order(&b, &a), Ordering::Less); // 3 5 before 4 4
/// assert_eq!(print_order(&a, &cards("2").unwrap()), Ordering::Greater); // one card first
/// ```
pub fn print_order(a: &Cards, b: &Cards) -> Ordering {
    let ranks = |cards: &Cards| {
        let counts = cards.counts();
        (0..counts.len()).flat_map(move |i| core::iter::repeat_n(i, usize::from(counts.get(i).copied().unwrap_or(0))))
    };
    a.len().cmp(&b.len()).then_with(|| ranks(a).cmp(ranks(b)))
}

/// `spring`'s answer: `no`, or `yes` followed by the plan's plays, each after the separator
/// (one a line: [`SpringAnswer::lines`]; on the line, for batch mode: [`SpringAnswer::one_line`]).
#[derive(Clone, Copy, Debug)]
pub struct SpringAnswer<'a> {
    /// The plan, `None` for `no`.
    pub plan: Option<&'a Plan>,
    /// What precedes each play.
    pub separator: &'a str,
}

impl<'a> SpringAnswer<'a> {
    /// The command's answer: `yes` and each play on a line of its own, or `no`.
    pub const fn lines(plan: Option<&'a Plan>) -> SpringAnswer<'a> {
        SpringAnswer { plan, separator: "\n" }
    }

    /// The batch answer: `yes` and the plays on the same line, separated by spaces, or `no`.
    pub const fn one_line(plan: Option<&'a Plan>) -> SpringAnswer<'a> {
        SpringAnswer { plan, separator: " " }
    }
}

impl fmt::Display for SpringAnswer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(plan) = self.plan else {
            return f.write_str("no");
        };
        f.write_str("yes")?;
        for play in plan.plays() {
            write!(f, "{}{play}", self.separator)?;
        }
        Ok(())
    }
}

/// One case of `spring --judge` (the original judge's output): `Case 1: Yes` or `Case 1: No`.
#[derive(Clone, Copy, Debug)]
pub struct JudgeAnswer {
    /// The case number, from 1.
    pub case: usize,
    /// Whether the landlord springs.
    pub springs: bool,
}

impl fmt::Display for JudgeAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Case {}: {}", self.case, if self.springs { "Yes" } else { "No" })
    }
}

/// The message for a missing argument: `missing <what> (or use --batch)`, `what` naming it
/// (`the hand`).
#[derive(Clone, Copy, Debug)]
pub struct Missing<'a>(pub &'a str);

impl fmt::Display for Missing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "missing {} (or use --batch)", self.0)
    }
}

/// A parse error of this game with the text it came from (the shared
/// [`crate::notation::InSource`]): `Display` names the bad token. A card error reads as
/// [`BadCards`] of the word holding the bad card (`not a card at bytes 1..2: "Z" in "3Z"`,
/// the bytes counted in that word); an action error names its word (`not a bid (1, 2 or 3):
/// "4" in "bid 4"`); any other error is its own text then ` in "<text>"`. Build it with
/// [`Error::in_source`].
pub type InSource<'a> = crate::notation::InSource<'a, Error>;

impl Error {
    /// This error with the text it came from, for a message that names the bad token.
    ///
    /// ```
    /// use parlor_core::doudizhu::notation::parse_action;
    /// let text = "play 33 3Z";
    /// let error = parse_action("play 3Z").unwrap_err();
    /// assert_eq!(error.in_source("play 3Z").to_string(), "not a card at bytes 1..2: \"Z\" in \"3Z\"");
    /// let error = parse_action(text).unwrap_err();
    /// assert_eq!(error.in_source(text).to_string(), "not a reading of the cards: \"3Z\" in \"play 33 3Z\"");
    /// ```
    pub const fn in_source(self, source: &str) -> InSource<'_> {
        InSource { error: self, source }
    }
}

/// The whitespace-delimited word of `source` around byte `at`, and where it starts.
fn word_at(source: &str, at: usize) -> (usize, &str) {
    let before = source.get(..at).unwrap_or("");
    let start = before
        .rfind(|c: char| c.is_ascii_whitespace())
        .map_or(0, |i| i.saturating_add(1));
    let rest = source.get(start..).unwrap_or("");
    let len = rest.find(|c: char| c.is_ascii_whitespace()).unwrap_or(rest.len());
    (start, rest.get(..len).unwrap_or(""))
}

impl fmt::Display for InSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let back = |span: crate::notation::Span, by: usize| {
            crate::notation::Span::new(span.start.saturating_sub(by), span.end.saturating_sub(by))
        };
        match self.error {
            Error::UnknownCard { span } => {
                let (start, word) = word_at(self.source, span.start);
                let error = Error::UnknownCard {
                    span: back(span, start),
                };
                BadCards { text: word, error }.fmt(f)
            }
            Error::TooManyCopies { rank, span } => {
                let (start, word) = word_at(self.source, span.start);
                let error = Error::TooManyCopies {
                    rank,
                    span: back(span, start),
                };
                BadCards { text: word, error }.fmt(f)
            }
            Error::UnknownAction { span } => write!(
                f,
                "{}: {} in {}",
                Error::UNKNOWN_ACTION,
                Quoted(span.slice(self.source)),
                Quoted(self.source)
            ),
            Error::UnknownBid { span } => write!(
                f,
                "{}: {} in {}",
                Error::UNKNOWN_BID,
                Quoted(span.slice(self.source)),
                Quoted(self.source)
            ),
            Error::UnknownReading { span } => write!(
                f,
                "{}: {} in {}",
                Error::UNKNOWN_READING,
                Quoted(span.slice(self.source)),
                Quoted(self.source)
            ),
            other => write!(f, "{other} in {}", Quoted(self.source)),
        }
    }
}
