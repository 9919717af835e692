//! The notation of ranks and card sets (spec "The deck"): one character per card, `3`…`9`,
//! `T` or `10`, `J`, `Q`, `K`, `A`, `2`, `B` (black joker), `R` (red joker), either case, in
//! any order; `-` alone is the empty set. Also the replay log's actions ([`parse_action`]) and
//! explicit deals ([`parse_deal`]).

#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt::{self, Write as _};
use core::str::FromStr;

use crate::notation::{Span, is_lone_dash};

use super::Error;
use super::cards::{Cards, Rank};
use super::combination::{Kind, Preset, Reading, classify};
use super::round::{Action, Deal, Play};
use crate::game::Seat;

impl Rank {
    /// The rank's notation character (`3`…`9`, `T`, `J`, `Q`, `K`, `A`, `2`, `B`, `R`).
    pub const fn symbol(self) -> char {
        match self {
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
            Rank::Two => '2',
            Rank::BlackJoker => 'B',
            Rank::RedJoker => 'R',
        }
    }

    /// Parses one notation character, either case (`T` for ten; `10` is handled by [`Cards`]).
    pub const fn from_symbol(c: char) -> Option<Rank> {
        // The rank whose symbol is `c` in upper case (a search of the 15 symbols, not a match
        // per character: flash; tested equal to the match).
        let upper = c.to_ascii_uppercase();
        let mut i = 0;
        while let Some(rank) = Rank::from_index(i) {
            if rank.symbol() == upper {
                return Some(rank);
            }
            i = i.wrapping_add(1);
        }
        None
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `write_char`, not `write!`: no formatting machinery for one character (flash).
        f.write_char(self.symbol())
    }
}

impl FromStr for Cards {
    type Err = Error;

    /// Parses the notation: one character per card (`3`…`9`, `T` or `10`, `J`, `Q`, `K`, `A`,
    /// `2`, `B`, `R`), either case, in any order; ASCII whitespace and commas are ignored; `-` alone
    /// (or nothing) is the empty set (a pass).
    ///
    /// # Errors
    /// [`Error::UnknownCard`] for a character that is no card, [`Error::TooManyCopies`] for a
    /// fifth card of a rank or a second joker of a colour; both carry the offending bytes' span.
    fn from_str(text: &str) -> Result<Cards, Error> {
        let mut cards = Cards::EMPTY;
        if is_lone_dash(text) {
            return Ok(cards);
        }
        // By bytes (every card and separator is ASCII; no UTF-8 decoding on the path: flash);
        // a non-ASCII character is no card, spanned by its UTF-8 length (from its lead byte).
        let bytes = text.as_bytes();
        let mut at = 0usize;
        while let Some(&b) = bytes.get(at) {
            let start = at;
            at = at.wrapping_add(1); // ≤ text.len()
            if b.is_ascii_whitespace() || b == b',' {
                continue;
            }
            let rank = match b {
                b'1' if bytes.get(at) == Some(&b'0') => {
                    at = at.wrapping_add(1);
                    Some(Rank::Ten)
                }
                b'1' => None,
                _ if b.is_ascii() => Rank::from_symbol(b as char),
                _ => {
                    // A lead byte: 2, 3 or 4 bytes in all.
                    at = start.saturating_add(match b {
                        0x80..0xE0 => 2,
                        0xE0..0xF0 => 3,
                        _ => 4,
                    });
                    None
                }
            };
            let span = Span::new(start, at);
            let Some(rank) = rank else {
                return Err(Error::UnknownCard { span });
            };
            if cards.count(rank) >= rank.copies() {
                return Err(Error::TooManyCopies { rank, span });
            }
            cards.add(rank, 1);
        }
        Ok(cards)
    }
}

impl fmt::Display for Cards {
    /// Low to high, `T` for ten; the empty set prints as `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl Cards {
    /// [`Cards`]' `Display` text written to any writer (the C view writes it piece by piece,
    /// no `core::fmt::write` on its path).
    pub(crate) fn write_to(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        if self.is_empty() {
            return out.write_str("-");
        }
        for (rank, &count) in Rank::ALL.iter().zip(self.counts().iter()) {
            for _ in 0..count {
                out.write_char(rank.symbol())?;
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Actions and deals: the replay log's notation
// ---------------------------------------------------------------------------------------------

/// The most permissive rules (every house rule on, plays up to the whole deck): a card set's
/// readings under it include its readings under every preset, so an action's reading is
/// checked against it when the rules in force are not known.
pub(crate) const PERMISSIVE: Preset = Preset {
    wing_copies: 4,
    wing_triplet_next_to_chain: true,
    both_jokers_as_kickers: true,
    quad_pair_as_singles: true,
    quad_with_two: true,
    max_cards: 54,
    quad_chains: true,
};

impl Play {
    /// The play that `play <cards>` names when no reading is written (and the rules in force are
    /// not known): the strongest reading of `cards` under [`Preset::PAGAT`], else under
    /// [`Preset::RLCARD`], else under [`Preset::OPENSPIEL`], else under every house rule at
    /// once. Under every named preset where a card set has one reading, it is this one (tested
    /// over every play of each preset). `None` when the cards are no combination at all.
    ///
    /// ```
    /// use parlor_core::doudizhu::{Kind, Play};
    /// let play = Play::canonical(&"333444555666".parse()?).unwrap();
    /// assert_eq!(play.reading.to_string(), "airplane/4@3");
    /// assert_eq!(play.reading.kind, Kind::Airplane);
    /// # Ok::<(), parlor_core::doudizhu::Error>(())
    /// ```
    pub fn canonical(cards: &Cards) -> Option<Play> {
        [Preset::PAGAT, Preset::RLCARD, Preset::OPENSPIEL, PERMISSIVE]
            .iter()
            .find_map(|rules| classify(cards, rules).strongest())
            .map(|reading| Play { cards: *cards, reading })
    }

    /// Whether [`Play::canonical`] of these cards is this play (then its text needs no reading).
    pub fn is_canonical(&self) -> bool {
        Play::canonical(&self.cards).is_some_and(|p| p.reading == self.reading)
    }
}

impl FromStr for Reading {
    type Err = Error;

    /// Parses a reading as [`Reading`]'s `Display` prints it: `kind@key` (`pair@7`, `bomb@2`,
    /// `rocket@R`) or, for the chain kinds, `kind/length@key` (`airplane-singles/2@Q`).
    ///
    /// # Errors
    /// [`Error::UnknownReading`] spanning the whole text.
    fn from_str(text: &str) -> Result<Reading, Error> {
        let fail = Error::UnknownReading {
            span: Span::new(0, text.len()),
        };
        // `split_once('@')` and `split_once('/')`, without linking the char searcher.
        let (head, key) = crate::notation::split_once_ascii(text, b'@').ok_or(fail)?;
        // One character: one ASCII byte (no rank symbol is another character; no `char`
        // decoding linked).
        let key = match *key.as_bytes() {
            [b] => Rank::from_symbol(char::from(b)).ok_or(fail)?,
            _ => return Err(fail),
        };
        let (name, chain) = match crate::notation::split_once_ascii(head, b'/') {
            Some((name, chain)) => {
                // Digits only: `u8::from_str` would take a `+` sign.
                let length = crate::notation::digits_u32(chain).and_then(|length| u8::try_from(length).ok());
                (name, Some(length.ok_or(fail)?))
            }
            None => (head, None),
        };
        let kind = Kind::ALL.into_iter().find(|k| k.name() == name).ok_or(fail)?;
        let chained = matches!(
            kind,
            Kind::Sequence | Kind::PairSequence | Kind::Airplane | Kind::AirplaneSingles | Kind::AirplanePairs
        );
        let chain = match (chained, chain) {
            (true, Some(n)) if n >= 2 => n,
            (false, None) => 1,
            _ => return Err(fail),
        };
        Ok(Reading { kind, chain, key })
    }
}

/// The words of `text` (split at ASCII whitespace), each with its span
/// ([`crate::notation::words`]: by bytes, no `char` splitter linked).
pub(super) fn words(text: &str) -> impl Iterator<Item = (Span, &str)> {
    crate::notation::words(text, false)
}

/// `error` with its span moved `by` bytes right (a token's error, placed in the whole text).
fn shifted(error: Error, by: usize) -> Error {
    let shift = |span: Span| Span::new(span.start.saturating_add(by), span.end.saturating_add(by));
    match error {
        Error::UnknownCard { span } => Error::UnknownCard { span: shift(span) },
        Error::TooManyCopies { rank, span } => Error::TooManyCopies {
            rank,
            span: shift(span),
        },
        Error::UnknownReading { span } => Error::UnknownReading { span: shift(span) },
        other => other,
    }
}

/// One card-set word of a longer text (errors spanning into the whole text).
fn cards_word(span: Span, word: &str) -> Result<Cards, Error> {
    word.parse::<Cards>().map_err(|e| shifted(e, span.start))
}

/// An action as the replay log writes it: `play <cards>` may leave out the reading, which is
/// then the rules' to decide ([`Round::play_of`](super::Round::play_of) in a round,
/// [`Play::canonical`] without one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Written {
    /// A whole action (`pass`, `bid 2`, `call`, `rob`, or a play with its reading).
    Action(Action),
    /// `play <cards>` without a reading.
    Cards(Cards),
}

/// Parses an action of the replay log's notation: `pass`, `bid 1|2|3`, `call`, `rob`,
/// `play <cards>` or `play <cards> <reading>` (the reading as [`Reading`] prints it, needed only
/// where the cards read several ways: `play 333444555666 airplane-singles/3@4`). Words are
/// separated by ASCII whitespace.
///
/// # Errors
/// [`Error::UnknownAction`] for another word or a wrong number of words,
/// [`Error::UnknownBid`] for an amount not 1–3, [`Error::UnknownCard`] /
/// [`Error::TooManyCopies`] for the cards, [`Error::NoCombination`] for cards with a reading
/// that read as no combination under any rules, [`Error::UnknownReading`] for a reading the cards do not have.
/// Every span points into `text`.
///
/// ```
/// use parlor_core::doudizhu::notation::{parse_action, Written};
/// use parlor_core::doudizhu::Action;
/// assert_eq!(parse_action(" bid 2 ")?, Written::Action(Action::Bid(2)));
/// assert_eq!(parse_action("play 33")?, Written::Cards("33".parse()?));
/// assert!(parse_action("bid 4").is_err());
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
pub fn parse_action(text: &str) -> Result<Written, Error> {
    let mut all = words(text);
    let first = all.next();
    let whole = match first {
        // `trim_end` without linking `core`'s whitespace table (the same characters).
        Some((span, _)) => Span::new(span.start, text.trim_end_matches(crate::notation::is_whitespace).len()),
        None => Span::new(0, text.len()),
    };
    let unknown = Error::UnknownAction { span: whole };
    let (_, verb) = first.ok_or(unknown)?;
    let written = match verb {
        "pass" => Written::Action(Action::Pass),
        "call" => Written::Action(Action::Call),
        "rob" => Written::Action(Action::Rob),
        "bid" => {
            let (span, amount) = all.next().ok_or(unknown)?;
            match amount {
                "1" => Written::Action(Action::Bid(1)),
                "2" => Written::Action(Action::Bid(2)),
                "3" => Written::Action(Action::Bid(3)),
                _ => return Err(Error::UnknownBid { span }),
            }
        }
        "play" => {
            let (cards_span, word) = all.next().ok_or(unknown)?;
            let cards = cards_word(cards_span, word)?;
            match all.next() {
                None => Written::Cards(cards),
                Some((span, word)) => {
                    let readings = classify(&cards, &PERMISSIVE);
                    if readings.is_empty() {
                        return Err(Error::NoCombination { span: cards_span });
                    }
                    let reading = word.parse::<Reading>().map_err(|e| shifted(e, span.start))?;
                    if !readings.iter().any(|r| r == reading) {
                        return Err(Error::UnknownReading { span });
                    }
                    Written::Action(Action::Play(Play { cards, reading }))
                }
            }
        }
        _ => return Err(unknown),
    };
    match all.next() {
        None => Ok(written),
        Some((span, _)) => Err(Error::UnknownAction {
            span: Span::new(span.start, whole.end),
        }),
    }
}

/// Parses the explicit deal of a replay-log header (what follows `doudizhu deal`): the three
/// hands and the kitty, as dealt (before the landlord takes the kitty), optionally followed by
/// `first <seat>`, the first bidder (default seat 0; under `rlcard` the landlord). Example:
/// `3356666799TQQKA2R 34458899TJJJKAA22 44557778TTJQQKK2B 38A first 1`.
///
/// Whether the cards make a deal (17, 17, 17 and 3, one deck) is checked when a round is made
/// from it ([`Deal::cards`]).
///
/// # Errors
/// [`Error::UnknownCard`] / [`Error::TooManyCopies`] for a hand (spans into `text`);
/// [`Error::InvalidDeal`] for a missing hand, words after the deal other than `first <seat>`,
/// or a first bidder that is no seat.
pub fn parse_deal(text: &str) -> Result<Deal, Error> {
    let mut all = words(text);
    let mut sets = [Cards::EMPTY; 4];
    for set in sets.iter_mut() {
        let (span, word) = all.next().ok_or(Error::InvalidDeal {
            what: reason!("expected <h0> <h1> <h2> <kitty> [first <seat>]"),
        })?;
        *set = cards_word(span, word)?;
    }
    let [h0, h1, h2, kitty] = sets;
    let first_bidder = match (all.next(), all.next(), all.next()) {
        (None, _, _) => Seat(0),
        (Some((_, "first")), Some((_, seat)), None) => match seat {
            "0" => Seat(0),
            "1" => Seat(1),
            "2" => Seat(2),
            _ => {
                return Err(Error::InvalidDeal {
                    what: reason!("the first bidder is no seat (0-2)"),
                });
            }
        },
        _ => {
            return Err(Error::InvalidDeal {
                what: reason!("only `first <seat>` may follow the cards"),
            });
        }
    };
    Ok(Deal::Given {
        hands: [h0, h1, h2],
        kitty,
        first_bidder,
    })
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    extern crate std;
    use super::*;

    /// [`Rank::from_symbol`] as it was before session 21 (a match per character), its reference.
    fn old_from_symbol(c: char) -> Option<Rank> {
        Some(match c {
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' | 't' => Rank::Ten,
            'J' | 'j' => Rank::Jack,
            'Q' | 'q' => Rank::Queen,
            'K' | 'k' => Rank::King,
            'A' | 'a' => Rank::Ace,
            '2' => Rank::Two,
            'B' | 'b' => Rank::BlackJoker,
            'R' | 'r' => Rank::RedJoker,
            _ => return None,
        })
    }

    /// [`Cards::from_str`] as it was before session 22 (by `char_indices`), its reference.
    fn old_cards(text: &str) -> Result<Cards, Error> {
        let mut cards = Cards::EMPTY;
        if is_lone_dash(text) {
            return Ok(cards);
        }
        let mut chars = text.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            if c.is_ascii_whitespace() || c == ',' {
                continue;
            }
            let (rank, end) = if c == '1' {
                match chars.peek() {
                    Some(&(i, '0')) => {
                        chars.next();
                        (Rank::Ten, i + 1)
                    }
                    _ => {
                        return Err(Error::UnknownCard {
                            span: Span::new(start, start + 1),
                        });
                    }
                }
            } else {
                match Rank::from_symbol(c) {
                    Some(rank) => (rank, start + c.len_utf8()),
                    None => {
                        return Err(Error::UnknownCard {
                            span: Span::new(start, start + c.len_utf8()),
                        });
                    }
                }
            };
            if cards.count(rank) >= rank.copies() {
                return Err(Error::TooManyCopies {
                    rank,
                    span: Span::new(start, end),
                });
            }
            cards.add(rank, 1);
        }
        Ok(cards)
    }

    /// [`words`] as it was before session 22 (a `char` split), its reference.
    fn old_words(text: &str) -> impl Iterator<Item = (Span, &str)> {
        let mut at = 0usize;
        text.split(|c: char| c.is_ascii_whitespace()).filter_map(move |word| {
            let start = at;
            at = at + word.len() + 1;
            (!word.is_empty()).then_some((Span::new(start, start + word.len()), word))
        })
    }

    /// Texts of every kind the parsers meet: cards, separators, `10`, bad and non-ASCII
    /// characters of each UTF-8 length, whitespace runs of every kind.
    fn samples() -> std::vec::Vec<std::string::String> {
        let pieces = [
            "", " ", "  ", "\t", "\n", "\r\n", "\u{a0}", "\u{3000}", ",", "-", "1", "10", "0", "3", "t", "T", "j", "A",
            "2", "b", "r", "R", "B", "x", "é", "字", "😀", "K", "play", "bid", "33", "5555", "ß",
        ];
        let mut out = std::vec::Vec::new();
        for a in pieces {
            for b in pieces {
                for c in ["", " ", "1", "é", "44", "\u{3000}x"] {
                    out.push(std::format!("{a}{b}{c}"));
                    out.push(std::format!("{c} {a}\t{b}"));
                }
            }
        }
        out
    }

    #[test]
    fn cards_and_words_are_their_char_forms() {
        for text in samples() {
            assert_eq!(text.parse::<Cards>(), old_cards(&text), "{text:?}");
            assert!(words(&text).eq(old_words(&text)), "{text:?}");
        }
        // Every single character (each UTF-8 length), alone and after cards.
        for c in (0..0x3000u32).filter_map(char::from_u32).chain(['\u{10FFFF}', '😀']) {
            for text in [std::format!("{c}"), std::format!("3 {c}4"), std::format!("1{c}")] {
                assert_eq!(text.parse::<Cards>(), old_cards(&text), "{text:?}");
                assert!(words(&text).eq(old_words(&text)), "{text:?}");
            }
        }
    }

    #[test]
    fn a_reading_key_is_one_rank_symbol() {
        // The key as the `chars` form read it: exactly one character, a rank's symbol.
        for c in (0..0x3000u32).filter_map(char::from_u32).chain(['\u{10FFFF}', '😀']) {
            for key in [std::format!("{c}"), std::format!("{c}{c}"), std::format!("{c}3")] {
                let mut chars = key.chars();
                let old = match (chars.next(), chars.next()) {
                    (Some(c), None) => Rank::from_symbol(c),
                    _ => None,
                };
                let parsed = std::format!("pair@{key}").parse::<Reading>().ok();
                assert_eq!(parsed.map(|r| r.key), old, "{key:?}");
            }
        }
    }

    #[test]
    fn from_symbol_is_the_match_per_character() {
        for c in (0..0x3000u32)
            .filter_map(char::from_u32)
            .chain(['\u{10FFFF}', 'ß', 'ſ', 'K'])
        {
            assert_eq!(Rank::from_symbol(c), old_from_symbol(c), "{c:?}");
        }
    }
}
