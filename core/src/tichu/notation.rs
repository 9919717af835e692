//! Text notation of card sets (spec "The deck").
//!
//! - **Rank-only** (the seed's notation, accepted exactly as is): one character per card, in any
//!   order: `2`–`9`, `0` or `T` for ten, `J Q K A`, `1` Mah Jong, `D` Dog, `P` Phoenix,
//!   `R` Dragon. `-` alone, or the empty string, is the empty set (no previous play: the lead).
//! - **Suited**: every natural card is its rank character followed by a suit letter — `j` Jade,
//!   `s` Sword, `p` Pagoda, `t` Star (`5j6j7j8j9j` is a straight-flush bomb); the specials are
//!   written as above (they have no suit).
//!
//! ASCII whitespace and commas between cards are ignored. A set is rank-only or suited, never both.
//! `Display` prints the Mah Jong first, then Two to Ace (suits in `j s p t` order), then the
//! Dragon, the Phoenix and the Dog, with `0` for ten; the empty set prints `-`. The printed form
//! parses back to the same set.

use core::fmt;
use core::str::FromStr;

use super::Error;
use super::card::{Card, Cards, Rank, Suit};
use super::round::{Action, Deal, HAND};
use crate::game::Seat;
use crate::notation::{Quoted, Span, is_lone_dash};

/// Parses a card set in either notation (module docs). Errors name the offending character:
/// [`Error::UnknownCard`], [`Error::TooManyOfRank`] (a fifth card of a rank),
/// [`Error::DuplicateCard`] (two Phoenixes, a suited card twice), [`Error::MixedNotation`].
///
/// ```
/// use parlor_core::tichu::{Cards, Error};
/// let set: Cards = "6P0594J7".parse().unwrap();
/// assert_eq!(set.len(), 8);
/// assert_eq!(set.to_string(), "456790JP");
/// assert_eq!("5j6j7j".parse::<Cards>().unwrap().to_string(), "5j6j7j");
/// assert!(matches!("77777".parse::<Cards>(), Err(Error::TooManyOfRank { .. })));
/// ```
impl FromStr for Cards {
    type Err = Error;
    /// Read byte by byte (every card character is ASCII; any other character, of one byte or
    /// more, is an unknown card): no char decoding and peeking of the whole text, the text read
    /// by chars before (`from_str_by_chars`, the tests' reference).
    fn from_str(text: &str) -> Result<Cards, Error> {
        if is_lone_dash(text) {
            return Ok(Cards::EMPTY);
        }
        let bytes = text.as_bytes();
        let mut cards = Cards::EMPTY;
        let mut at = 0usize;
        while let Some(&b) = bytes.get(at) {
            let start = at;
            at = at.wrapping_add(1); // at most the text's length
            let c = char::from(b);
            if b.is_ascii_whitespace() || b == b',' {
                continue;
            }
            let card = match c {
                '1' => Card::MahJong,
                'D' => Card::Dog,
                'P' => Card::Phoenix,
                'R' => Card::Dragon,
                // A byte of a multi-byte character is no rank symbol (those are ASCII).
                _ => match Rank::from_symbol(c) {
                    Some(rank) => {
                        let suit = bytes.get(at).and_then(|&next| Suit::from_letter(char::from(next)));
                        if suit.is_some() {
                            at = at.wrapping_add(1); // the letter's byte: at most the length
                        }
                        Card::Natural(rank, suit)
                    }
                    None => {
                        // The whole character (`start` begins one: the bytes before were ASCII).
                        let width = utf8_width(b);
                        return Err(Error::UnknownCard {
                            span: Span::new(start, start.saturating_add(width)),
                        });
                    }
                },
            };
            cards.insert(card).map_err(|error| error.at(Span::new(start, at)))?;
        }
        Ok(cards)
    }
}

/// [`Cards::from_str`] the way before, by the text's chars (the tests' reference).
#[cfg(test)]
pub(super) fn from_str_by_chars(text: &str) -> Result<Cards, Error> {
    if is_lone_dash(text) {
        return Ok(Cards::EMPTY);
    }
    let mut cards = Cards::EMPTY;
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c.is_ascii_whitespace() || c == ',' {
            continue;
        }
        let card = match c {
            '1' => Card::MahJong,
            'D' => Card::Dog,
            'P' => Card::Phoenix,
            'R' => Card::Dragon,
            _ => match Rank::from_symbol(c) {
                Some(rank) => {
                    let suit = chars.peek().and_then(|&(_, next)| Suit::from_letter(next));
                    if suit.is_some() {
                        chars.next();
                    }
                    Card::Natural(rank, suit)
                }
                None => {
                    return Err(Error::UnknownCard {
                        span: Span::new(start, start.saturating_add(c.len_utf8())),
                    });
                }
            },
        };
        let end = chars.peek().map_or(text.len(), |&(index, _)| index);
        cards.insert(card).map_err(|error| error.at(Span::new(start, end)))?;
    }
    Ok(cards)
}

impl Card {
    /// Writes the card as its `Display` does, to any writer (no formatting machinery: the view
    /// writes its cards so, not through `write!`).
    pub(crate) fn write_to(self, f: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            // `write_char`, not `write!`: no formatting machinery for one or two characters.
            Card::Natural(rank, None) => f.write_char(rank.symbol()),
            Card::Natural(rank, Some(suit)) => {
                f.write_char(rank.symbol())?;
                f.write_char(suit.letter())
            }
            Card::MahJong => f.write_str("1"),
            Card::Dog => f.write_str("D"),
            Card::Phoenix => f.write_str("P"),
            Card::Dragon => f.write_str("R"),
        }
    }
}

impl fmt::Display for Card {
    /// The card in the notation of the module docs (`7`, `7j`, `1`, `D`, `P`, `R`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl fmt::Display for Cards {
    /// The set in the canonical order of the module docs; `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for card in self.iter() {
            fmt::Display::fmt(&card, f)?;
        }
        Ok(())
    }
}

/// Why a card token of a replay log is no card ([`Token::Card`], [`Token::Play`],
/// [`Token::HandCard`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardProblem {
    /// The token does not parse as a card set: the set parser's error (the error's span is the
    /// refused character(s)).
    Syntax(CardSyntax),
    /// More or fewer than one card where one card goes.
    NotOne,
    /// A natural card without its suit (a round's cards are suited).
    NeedsSuit,
    /// A play of no cards (`-`).
    Empty,
}

/// The card set parser's errors ([`Error::UnknownCard`], [`Error::TooManyOfRank`],
/// [`Error::DuplicateCard`], [`Error::MixedNotation`]) without their span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardSyntax {
    /// [`Error::UnknownCard`].
    UnknownCard,
    /// [`Error::TooManyOfRank`].
    TooManyOfRank(Rank),
    /// [`Error::DuplicateCard`].
    DuplicateCard,
    /// [`Error::MixedNotation`].
    MixedNotation,
}

/// The problem and span of a set parser error on the text at `offset` of the whole text.
fn syntax_of(error: Error, offset: usize) -> (CardProblem, Span) {
    let (kind, at) = match error {
        Error::TooManyOfRank { rank, span } => (CardSyntax::TooManyOfRank(rank), span),
        Error::DuplicateCard { span } => (CardSyntax::DuplicateCard, span),
        Error::MixedNotation { span } => (CardSyntax::MixedNotation, span),
        Error::UnknownCard { span } => (CardSyntax::UnknownCard, span),
        // The set parser has no other error; read any other as an unknown card.
        _ => (CardSyntax::UnknownCard, Span::default()),
    };
    let span = Span::new(offset.saturating_add(at.start), offset.saturating_add(at.end));
    (CardProblem::Syntax(kind), span)
}

/// The reason of a card problem; `at` is the refused character(s) within the token (syntax
/// errors only).
struct Reason {
    problem: CardProblem,
    at: Span,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let span = self.at;
        match self.problem {
            CardProblem::Syntax(kind) => {
                let error = match kind {
                    CardSyntax::UnknownCard => Error::UnknownCard { span },
                    CardSyntax::TooManyOfRank(rank) => Error::TooManyOfRank { rank, span },
                    CardSyntax::DuplicateCard => Error::DuplicateCard { span },
                    CardSyntax::MixedNotation => Error::MixedNotation { span },
                };
                fmt::Display::fmt(&error, f)
            }
            CardProblem::NotOne => f.write_str("one card expected"),
            CardProblem::NeedsSuit => f.write_str("a natural card needs its suit"),
            CardProblem::Empty => f.write_str("an empty play (write pass to pass)"),
        }
    }
}

impl fmt::Display for CardProblem {
    /// The reason alone (`unknown card`, `one card expected`, …).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardProblem::Syntax(CardSyntax::UnknownCard) => f.write_str(Error::UNKNOWN_CARD),
            CardProblem::Syntax(CardSyntax::TooManyOfRank(rank)) => {
                write!(f, "{} ({})", Error::TOO_MANY_OF_RANK, rank.symbol())
            }
            CardProblem::Syntax(CardSyntax::DuplicateCard) => f.write_str(Error::DUPLICATE_CARD),
            CardProblem::Syntax(CardSyntax::MixedNotation) => f.write_str(Error::MIXED_NOTATION),
            problem => Reason {
                problem: *problem,
                at: Span::default(),
            }
            .fmt(f),
        }
    }
}

/// What a replay-log token should have been ([`Error::BadToken`]; the notation in
/// `docs/tichu.md`, "Replay logs"). The error's span is the token, except for a card set that
/// does not parse ([`CardProblem::Syntax`]): then it is the refused character(s) inside the
/// token (the token is the whitespace-separated word around it; in a hand, the card there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// An action: `grand`, `no-grand`, `exchange C C C`, `tichu`, `play CARDS [wish R]`, `pass`
    /// or `give S` (the span covers the whole action text).
    Action,
    /// A seat `0`–`3`.
    Seat,
    /// A wish rank (`2`–`9`, `0`, `J`, `Q`, `K`, `A`).
    Wish,
    /// One suited card (an exchange's).
    Card(CardProblem),
    /// The cards of a play.
    Play(CardProblem),
    /// A dealt hand of 14 cards in dealing order; `got` cards were given.
    Hand {
        /// How many cards the hand had (255: 255 or more).
        got: u8,
    },
    /// A card of a dealt hand.
    HandCard(CardProblem),
    /// A deal: four hands; `got` were given.
    Deal {
        /// How many hands the text had (255: 255 or more).
        got: u8,
    },
}

/// The whitespace-separated word of `source` around byte `at`.
fn word_at(source: &str, at: usize) -> Span {
    let bytes = source.as_bytes();
    let at = at.min(bytes.len());
    let start = bytes
        .get(..at)
        .and_then(|head| head.iter().rposition(u8::is_ascii_whitespace))
        .map_or(0, |i| i.saturating_add(1));
    let end = bytes
        .get(at..)
        .and_then(|tail| tail.iter().position(u8::is_ascii_whitespace))
        .map_or(bytes.len(), |i| at.saturating_add(i));
    Span::new(start, end)
}

/// The card tokens of a hand in dealing order: specials one character, naturals two (fewer at
/// the end), as `(start, width)` within the hand. Found byte by byte: a character's width from
/// its first byte (the text is UTF-8, each step starts a character).
fn hand_tokens(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0usize;
    core::iter::from_fn(move || {
        let &first = bytes.get(at)?;
        let chars = if matches!(first, b'1' | b'D' | b'P' | b'R') {
            1
        } else {
            2
        };
        let mut end = at;
        for _ in 0..chars {
            if let Some(&lead) = bytes.get(end) {
                end = end.saturating_add(utf8_width(lead));
            }
        }
        let start = at;
        at = end.min(bytes.len());
        Some((start, at.saturating_sub(start)))
    })
}

/// The width of the UTF-8 character whose first byte is `lead`.
const fn utf8_width(lead: u8) -> usize {
    match lead {
        0..0x80 => 1,
        0x80..0xE0 => 2,
        0xE0..0xF0 => 3,
        _ => 4,
    }
}

/// [`hand_tokens`] the way before, by `char_indices` (the tests' reference).
#[cfg(test)]
pub(super) fn hand_tokens_before(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = 0usize;
    core::iter::from_fn(move || {
        let rest = text.get(at..).filter(|rest| !rest.is_empty())?;
        let chars = if rest.starts_with(['1', 'D', 'P', 'R']) { 1 } else { 2 };
        let width = rest.char_indices().nth(chars).map_or(rest.len(), |(end, _)| end);
        let start = at;
        at = at.saturating_add(width);
        Some((start, width))
    })
}

fn relative(span: Span, to: Span) -> Span {
    Span::new(span.start.saturating_sub(to.start), span.end.saturating_sub(to.start))
}

/// The replay-log form of a [`Token`] error with its text: `bad seat "4": a seat is 0, 1, 2 or
/// 3` (what `parlor tichu replay` prints after `error: line N: `).
pub(crate) fn fmt_token(token: Token, span: Span, source: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let text = Quoted(span.slice(source));
    let word = word_at(source, span.start);
    let quoted_word = Quoted(word.slice(source));
    let reason = |problem| Reason {
        problem,
        at: relative(span, word),
    };
    match token {
        Token::Action => write!(f, "bad action {text}: {ACTION_FORMS}"),
        Token::Seat => write!(f, "bad seat {text}: a seat is 0, 1, 2 or 3"),
        Token::Wish => write!(f, "bad wish {text}: a rank character 2-9, 0, J, Q, K or A"),
        Token::Card(problem) => write!(f, "bad card {quoted_word}: {}", reason(problem)),
        Token::Play(CardProblem::Empty) => f.write_str("an empty play (write pass to pass)"),
        Token::Play(CardProblem::NeedsSuit) => write!(f, "bad play {quoted_word}: natural cards need their suits"),
        Token::Play(problem) => write!(f, "bad play {quoted_word}: {}", reason(problem)),
        Token::Hand { got } => write!(f, "bad hand {text}: 14 cards expected, got {got}"),
        Token::HandCard(problem) => {
            let hand = word.slice(source);
            let offset = span.start.saturating_sub(word.start);
            let (start, width) = hand_tokens(hand)
                .find(|&(start, width)| offset < start.saturating_add(width))
                .unwrap_or((offset, 0));
            let card = Span::new(
                word.start.saturating_add(start),
                word.start.saturating_add(start).saturating_add(width),
            );
            let reason = Reason {
                problem,
                at: relative(span, card),
            };
            write!(
                f,
                "in hand {quoted_word}: bad card {}: {reason}",
                Quoted(card.slice(source))
            )
        }
        Token::Deal { got } => write!(f, "bad deal {text}: {DEAL_FORM}, got {got}"),
    }
}

/// The plain text of a [`Token`] error (without its source text).
pub(crate) fn fmt_token_plain(token: Token, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match token {
        Token::Action => write!(f, "bad action: {ACTION_FORMS}"),
        Token::Seat => f.write_str("bad seat: a seat is 0, 1, 2 or 3"),
        Token::Wish => f.write_str("bad wish: a rank character 2-9, 0, J, Q, K or A"),
        Token::Card(problem) => write!(f, "bad card: {problem}"),
        Token::Play(CardProblem::Empty) => f.write_str("an empty play (write pass to pass)"),
        Token::Play(CardProblem::NeedsSuit) => f.write_str("bad play: natural cards need their suits"),
        Token::Play(problem) => write!(f, "bad play: {problem}"),
        Token::Hand { got } => write!(f, "bad hand: 14 cards expected, got {got}"),
        Token::HandCard(problem) => write!(f, "bad card in a hand: {problem}"),
        Token::Deal { got } => write!(f, "bad deal: {DEAL_FORM}, got {got}"),
    }
}

const ACTION_FORMS: &str = "grand, no-grand, exchange C C C, tichu, play CARDS [wish R], pass or give S";
const DEAL_FORM: &str = "four hands of 14 suited cards";

fn bad(token: Token, span: Span) -> Error {
    Error::BadToken { token, span }
}

/// A seat of the replay log: `0`, `1`, `2` or `3` (nothing around it). Errors:
/// [`Error::BadToken`] ([`Token::Seat`]).
///
/// ```
/// use parlor_core::game::Seat;
/// use parlor_core::tichu::notation::parse_seat;
/// assert_eq!(parse_seat("3"), Ok(Seat(3)));
/// assert_eq!(parse_seat("4").unwrap_err().in_source("4").to_string(), "bad seat \"4\": a seat is 0, 1, 2 or 3");
/// ```
pub fn parse_seat(text: &str) -> Result<Seat, Error> {
    match text.as_bytes() {
        [digit @ b'0'..=b'3'] => Ok(Seat(digit.wrapping_sub(b'0'))),
        _ => Err(bad(Token::Seat, Span::new(0, text.len()))),
    }
}

fn seat_at(span: Span, text: &str) -> Result<Seat, Error> {
    parse_seat(text).map_err(|_| bad(Token::Seat, span))
}

/// One suited card of `text` (a special or a natural card with its suit), found at `span` of
/// the whole text; errors are `make(problem)` at the token (a syntax error at its characters).
fn one_card(span: Span, text: &str, make: fn(CardProblem) -> Token) -> Result<Card, Error> {
    let set = text.parse::<Cards>().map_err(|error| {
        let (problem, at) = syntax_of(error, span.start);
        bad(make(problem), at)
    })?;
    let mut cards = set.iter();
    match (cards.next(), cards.next()) {
        (Some(Card::Natural(_, None)), None) => Err(bad(make(CardProblem::NeedsSuit), span)),
        (Some(card), None) => Ok(card),
        _ => Err(bad(make(CardProblem::NotOne), span)),
    }
}

fn play_cards(span: Span, text: &str) -> Result<Cards, Error> {
    let cards = text.parse::<Cards>().map_err(|error| {
        let (problem, at) = syntax_of(error, span.start);
        bad(Token::Play(problem), at)
    })?;
    if cards.is_empty() {
        return Err(bad(Token::Play(CardProblem::Empty), span));
    }
    if cards.iter().any(|card| matches!(card, Card::Natural(_, None))) {
        return Err(bad(Token::Play(CardProblem::NeedsSuit), span));
    }
    Ok(cards)
}

/// An action in the replay-log notation (what [`Action`]'s `Display` prints): `grand`,
/// `no-grand`, `exchange <left> <partner> <right>`, `tichu`, `pass`, `give <seat>`,
/// `play <cards>`, `play <cards> wish <rank>`; words separated by whitespace. Errors:
/// [`Error::BadToken`] naming the bad token ([`Error::in_source`] quotes it).
///
/// ```
/// use parlor_core::tichu::notation::parse_action;
/// use parlor_core::tichu::round::Action;
/// assert_eq!(parse_action("pass"), Ok(Action::Pass));
/// let action = parse_action("play 1 wish 7").unwrap();
/// assert_eq!(action.to_string(), "play 1 wish 7");
/// let text = "exchange 2j 5 9p";
/// assert_eq!(
///     parse_action(text).unwrap_err().in_source(text).to_string(),
///     "bad card \"5\": a natural card needs its suit"
/// );
/// ```
pub fn parse_action(text: &str) -> Result<Action, Error> {
    // The first five words' spans (their texts taken where they are used), and from the first
    // word to the end of the last: the whole action's span (with more than five words too).
    let mut words = [Span::default(); 5];
    let mut count = 0usize;
    let mut end = 0usize;
    for (span, _) in split_words(text) {
        if let Some(slot) = words.get_mut(count) {
            *slot = span;
        }
        count = count.saturating_add(1);
        end = span.end;
    }
    let [w0, w1, w2, w3, _] = words;
    let whole = Span::new(w0.start, end);
    let word = |span: Span| span.slice(text);
    let card = |span: Span| one_card(span, word(span), Token::Card);
    let action = match (count, word(w0)) {
        (1, "grand") => Action::GrandTichu(true),
        (1, "no-grand") => Action::GrandTichu(false),
        (1, "tichu") => Action::Tichu,
        (1, "pass") => Action::Pass,
        (2, "give") => Action::GiveDragonTrick(seat_at(w1, word(w1))?),
        (2 | 4, "play") if count == 2 || word(w2) == "wish" => {
            let cards = play_cards(w1, word(w1))?;
            let wish = if count == 4 {
                Some(super::text::wish_rank(word(w3)).ok_or(bad(Token::Wish, w3))?)
            } else {
                None
            };
            Action::Play { cards, wish }
        }
        (4, "exchange") => Action::Exchange {
            left: card(w1)?,
            partner: card(w2)?,
            right: card(w3)?,
        },
        _ => return Err(bad(Token::Action, whole)),
    };
    Ok(action)
}

/// The words of `text` (separated by ASCII whitespace) with their spans
/// ([`crate::notation::words`]: byte by byte).
fn split_words(text: &str) -> impl Iterator<Item = (Span, &str)> {
    crate::notation::words(text, false)
}

/// [`parse_action`] the way before (the words' texts and spans kept, the whole span by a
/// trim of the text; the tests' reference).
#[cfg(test)]
pub(super) fn parse_action_before(text: &str) -> Result<Action, Error> {
    let mut words = [("", Span::default()); 5];
    let mut count = 0usize;
    for (span, word) in split_words_before(text) {
        if let Some(slot) = words.get_mut(count) {
            *slot = (word, span);
        }
        count = count.saturating_add(1);
    }
    let whole = match (words.first(), count.checked_sub(1).and_then(|last| words.get(last))) {
        (Some(&(_, first)), Some(&(_, last))) if count <= words.len() => Span::new(first.start, last.end),
        _ => {
            // More than five words: from the first to the end of the text.
            let start = words.first().map_or(0, |(_, span)| span.start);
            let end = text.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
            Span::new(start.min(end), end)
        }
    };
    let card = |(word, span): (&str, Span)| one_card(span, word, Token::Card);
    let [w0, w1, w2, w3, _] = words;
    let action = match (count, w0.0) {
        (1, "grand") => Action::GrandTichu(true),
        (1, "no-grand") => Action::GrandTichu(false),
        (1, "tichu") => Action::Tichu,
        (1, "pass") => Action::Pass,
        (2, "give") => Action::GiveDragonTrick(seat_at(w1.1, w1.0)?),
        (2, "play") => Action::Play {
            cards: play_cards(w1.1, w1.0)?,
            wish: None,
        },
        (4, "play") if w2.0 == "wish" => {
            let cards = play_cards(w1.1, w1.0)?;
            let wish = super::text::wish_rank(w3.0).ok_or(bad(Token::Wish, w3.1))?;
            Action::Play {
                cards,
                wish: Some(wish),
            }
        }
        (4, "exchange") => Action::Exchange {
            left: card(w1)?,
            partner: card(w2)?,
            right: card(w3)?,
        },
        _ => return Err(bad(Token::Action, whole)),
    };
    Ok(action)
}

/// [`split_words`] the way before, by `str::split` (the tests' reference).
#[cfg(test)]
pub(super) fn split_words_before(text: &str) -> impl Iterator<Item = (Span, &str)> {
    let mut offset = 0usize;
    text.split(|c: char| c.is_ascii_whitespace()).filter_map(move |word| {
        let start = offset;
        offset = offset.saturating_add(word.len()).saturating_add(1);
        (!word.is_empty()).then_some((Span::new(start, start.saturating_add(word.len())), word))
    })
}

/// A hand of 14 suited cards in dealing order (`Kt5p0s…`, the first 8 its Grand Tichu window):
/// specials one character, naturals a rank and a suit letter. `span` is the hand's place in
/// the whole text (errors point into it).
// Out of line, as `parse_deal`: 44 bytes less on the M4F than written into the C entry point.
#[inline(never)]
fn ordered_hand(span: Span, text: &str) -> Result<[Card; HAND], Error> {
    let mut cards = [Card::Dog; HAND];
    let mut count = 0usize;
    for (start, width) in hand_tokens(text) {
        let token = text.get(start..start.saturating_add(width)).unwrap_or("");
        let at = span.start.saturating_add(start);
        let card = one_card(Span::new(at, at.saturating_add(width)), token, Token::HandCard)?;
        if let Some(slot) = cards.get_mut(count) {
            *slot = card;
        }
        count = count.saturating_add(1);
    }
    if count != HAND {
        return Err(bad(
            Token::Hand {
                got: u8::try_from(count).unwrap_or(u8::MAX),
            },
            span,
        ));
    }
    Ok(cards)
}

/// The explicit deal of a replay log's header (`tichu deal <h0> <h1> <h2> <h3>`, the text after
/// `deal`): four hands of 14 suited cards in dealing order, seat 0 first, separated by
/// whitespace. Whether they make the whole deck is [`Round::new`](super::round::Round::new)'s
/// question ([`Error::InvalidDeal`]). Errors: [`Error::BadToken`].
#[inline(never)]
pub fn parse_deal(text: &str) -> Result<Deal, Error> {
    let mut count = 0usize;
    let mut all = Span::default();
    for (index, (span, _)) in split_words(text).enumerate() {
        if index == 0 {
            all.start = span.start;
        }
        all.end = span.end;
        count = count.saturating_add(1);
    }
    if count != 4 {
        return Err(bad(
            Token::Deal {
                got: u8::try_from(count).unwrap_or(u8::MAX),
            },
            all,
        ));
    }
    let mut hands = [[Card::Dog; HAND]; 4];
    for (slot, (span, word)) in hands.iter_mut().zip(split_words(text)) {
        *slot = ordered_hand(span, word)?;
    }
    Ok(Deal::Given { hands })
}

/// A Tichu error with the text it came from ([`crate::notation::InSource`]): `Display` quotes
/// the bad token of a [`Error::BadToken`] (the replay log's messages); any other error prints as
/// it is.
pub type InSource<'a> = crate::notation::InSource<'a, Error>;

impl Error {
    /// This error with the text it came from, for a message that names the bad token.
    pub const fn in_source(self, source: &str) -> InSource<'_> {
        InSource { error: self, source }
    }
}

impl fmt::Display for InSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error {
            Error::BadToken { token, span } => fmt_token(token, span, self.source, f),
            error => fmt::Display::fmt(&error, f),
        }
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, clippy::indexing_slicing)] // tests may index and panic
mod tests {
    extern crate std;
    use std::string::String;

    use std::vec::Vec;

    use super::{
        from_str_by_chars, hand_tokens, hand_tokens_before, parse_action, parse_action_before, split_words,
        split_words_before,
    };
    use crate::tichu::Cards;

    /// The characters the texts are made of: every card character, the separators, a dash, an
    /// unknown ASCII letter and multi-byte characters (two, three and four bytes).
    const ALPHABET: [char; 26] = [
        '2', '5', '9', '0', 'T', 'J', 'Q', 'K', 'A', '1', 'D', 'P', 'R', 'j', 's', 'p', 't', ' ', ',', '\t', '-', 'x',
        'é', '€', '7', '𝄞',
    ];

    /// The set parser (and the wish rank) read byte by byte against the way before (by chars): the same set or the
    /// same error (its span included) for every text of up to three characters of the alphabet
    /// and for 200,000 pseudo-random texts of up to 24.
    #[test]
    fn the_bytewise_parser_is_the_parser_by_chars() {
        let check = |text: &str| {
            assert_eq!(text.parse::<Cards>(), from_str_by_chars(text), "{text:?}");
            // The wish's rank by its one byte, as by chars before.
            let wish = super::super::text::wish_rank;
            assert_eq!(wish(text), super::super::text::wish_rank_by_chars(text), "{text:?}");
        };
        let n = ALPHABET.len();
        for code in 0..n * n * n + n * n + n + 1 {
            let mut text = String::new();
            let mut rest = code;
            while rest > 0 {
                text.push(ALPHABET[(rest - 1) % n]);
                rest = (rest - 1) / n;
            }
            check(&text);
            let tokens = |text: &str| {
                (
                    hand_tokens(text).collect::<Vec<_>>(),
                    hand_tokens_before(text).collect::<Vec<_>>(),
                )
            };
            let (now, before) = tokens(&text);
            assert_eq!(now, before, "{text:?}");
        }
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 25) as usize;
            let mut text = String::new();
            let mut bits = state >> 8;
            for _ in 0..len {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                bits ^= state >> 33;
                text.push(ALPHABET[(bits % n as u64) as usize]);
            }
            check(&text);
            assert_eq!(
                hand_tokens(&text).collect::<Vec<_>>(),
                hand_tokens_before(&text).collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }

    /// The words of an action text, and their separators.
    const WORDS: [&str; 24] = [
        "grand", "no-grand", "tichu", "pass", "give", "play", "wish", "exchange", "2", "4", "7", "A", "x", "1", "5j",
        "5", "-", "Pj7s", "1234P", "5j5s", "é", "€7", "wishes", "0",
    ];
    const GAPS: [&str; 5] = [" ", "  ", "\t", " \n", "\u{a0}"];

    /// The action parser on words found byte by byte, its whole span from the last word's end,
    /// against the way before (words by `str::split`, the span by a trim): the same action or
    /// the same error (its span included), and the same words, for 100,000 pseudo-random texts
    /// of up to seven words with leading, trailing and repeated whitespace.
    #[test]
    fn the_action_parser_on_words_by_bytes_is_the_one_before() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        for _ in 0..100_000 {
            let mut text = String::new();
            if next(4) == 0 {
                text.push_str(GAPS[next(GAPS.len())]);
            }
            let words = next(8);
            for k in 0..words {
                if k > 0 {
                    text.push_str(GAPS[next(GAPS.len())]);
                }
                // Mostly the forms of an action: a verb first.
                let word = if k == 0 && next(4) > 0 {
                    WORDS[next(8)]
                } else {
                    WORDS[next(WORDS.len())]
                };
                text.push_str(word);
            }
            if next(4) == 0 {
                text.push_str(GAPS[next(GAPS.len())]);
            }
            assert_eq!(parse_action(&text), parse_action_before(&text), "{text:?}");
            assert_eq!(
                split_words(&text).collect::<Vec<_>>(),
                split_words_before(&text).collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }
}
