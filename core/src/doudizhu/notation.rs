//! The notation of ranks and card sets (spec "The deck"): one character per card, `3`…`9`,
//! `T` or `10`, `J`, `Q`, `K`, `A`, `2`, `B` (black joker), `R` (red joker), either case, in
//! any order; `-` alone is the empty set.

#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt::{self, Write as _};
use core::str::FromStr;

use crate::notation::{Span, is_lone_dash};

use super::Error;
use super::cards::{Cards, Rank};

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
        let mut chars = text.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            if c.is_ascii_whitespace() || c == ',' {
                continue;
            }
            let (rank, end) = if c == '1' {
                match chars.peek() {
                    Some(&(i, '0')) => {
                        chars.next();
                        (Rank::Ten, i.wrapping_add(1))
                    }
                    _ => {
                        return Err(Error::UnknownCard {
                            span: Span::new(start, start.wrapping_add(1)),
                        });
                    }
                }
            } else {
                match Rank::from_symbol(c) {
                    Some(rank) => (rank, start.saturating_add(c.len_utf8())),
                    None => {
                        return Err(Error::UnknownCard {
                            span: Span::new(start, start.saturating_add(c.len_utf8())),
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
}

impl fmt::Display for Cards {
    /// Low to high, `T` for ten; the empty set prints as `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (rank, &count) in Rank::ALL.iter().zip(self.counts().iter()) {
            for _ in 0..count {
                f.write_char(rank.symbol())?;
            }
        }
        Ok(())
    }
}
