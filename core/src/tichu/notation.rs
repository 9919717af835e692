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

use core::fmt::{self, Write as _};
use core::str::FromStr;

use super::Error;
use super::card::{Card, Cards, Rank, Suit};
use crate::notation::{Span, is_lone_dash};

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
    fn from_str(text: &str) -> Result<Cards, Error> {
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
}

impl fmt::Display for Card {
    /// The card in the notation of the module docs (`7`, `7j`, `1`, `D`, `P`, `R`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
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
