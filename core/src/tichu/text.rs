//! The answer texts of `parlor tichu …`, in one place: the CLI and the bare-metal vector runner
//! both print through these `Display` adapters, so no answer or message is written twice.
//!
//! - [`ReadingText`] / [`KeyText`] — a reading as `kind length key` (`full-house 5 K`);
//! - [`legal_from_text`], [`for_each_move_from_text`], [`cards`] — the `legal`, `moves` and card
//!   arguments from their text, refused with an [`InputError`] naming the bad argument;
//! - [`play_trick`] — one trick played out from the text of its options and actions (the deck
//!   accounting of given hands and plays from unknown hands included), answering a
//!   [`TrickTable`] whose `Display` is the one-line state, or a [`TrickError`] naming the first
//!   bad option or refused action and why;
//! - [`score`] — one round's score from the text of the finishing order and the card points
//!   ([`Score`], `170 -170`), or a [`ScoreError`];
//! - [`Refusal`] — why a whole [`Round`] refused an action, naming whose turn it is.
//!
//! Quotes in messages are [`Quoted`] (cut after 40 characters).
//!
//! ```
//! use parlor_core::tichu::text::{play_trick, score, ScoreOptions, TrickOptions};
//! let trick = play_trick(&TrickOptions::default(), ["9", "R", "pass", "pass", "pass", "give=2"]).unwrap();
//! assert_eq!(
//!     trick.to_string(),
//!     "over; taker 1; dragon given to 2; points 25; next leader 1; wish -; out -"
//! );
//! let options = ScoreOptions { order: Some("02"), tichu: Some("2"), ..ScoreOptions::default() };
//! assert_eq!(score(&options).unwrap().to_string(), "100 0");
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;

use super::round::{Phase, Round};
use super::{
    Call, Card, Cards, Combination, Error, Kind, MAX_HAND, Rank, Seat, Trick, TrickEnd, readings, score_round,
};
use crate::game;
use crate::notation::Quoted;

/// A reading as the `readings` command prints it: `kind length key` (`straight 5 7`,
/// `single 1 9.5`).
#[derive(Clone, Copy, Debug)]
pub struct ReadingText(pub Combination);

impl fmt::Display for ReadingText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.0.kind().name(), self.0.len(), KeyText(self.0))
    }
}

/// The key of a reading in card notation: a rank character, `1` (the Mah Jong), `R` (the
/// Dragon), `D` (the Dog), or `n.5` for a Phoenix single (`9.5` on a 9).
#[derive(Clone, Copy, Debug)]
pub struct KeyText(pub Combination);

impl fmt::Display for KeyText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Keys are twice the rank (odd: a Phoenix single, half a rank above), 2 the Mah Jong,
        // 30 the Dragon.
        let key = self.0.key();
        let half = key / 2;
        match (self.0.kind(), key) {
            (Kind::Dog, _) => f.write_str("D"),
            (_, 2) => f.write_str("1"),
            (_, 30) => f.write_str("R"),
            (_, k) if k % 2 == 1 => write!(f, "{half}.5"),
            (_, k) => match Rank::new(half) {
                Some(rank) => write!(f, "{}", rank.symbol()),
                None => write!(f, "{k}"),
            },
        }
    }
}

/// A wish rank from its text: one rank character `2`–`9`, `0`, `J`, `Q`, `K` or `A` (`None`:
/// anything else).
pub fn wish_rank(text: &str) -> Option<Rank> {
    // Rank symbols are ASCII: a text of one byte (no char decoding; the way before, by chars,
    // is the tests' reference).
    match text.as_bytes() {
        [b] => Rank::from_symbol(char::from(*b)),
        _ => None,
    }
}

/// [`wish_rank`] the way before, by the text's chars (the tests' reference).
#[cfg(test)]
pub(super) fn wish_rank_by_chars(text: &str) -> Option<Rank> {
    let mut chars = text.chars();
    match (chars.next().and_then(Rank::from_symbol), chars.next()) {
        (Some(rank), None) => Some(rank),
        _ => None,
    }
}

/// The message for a text that is no wish rank.
#[derive(Clone, Copy, Debug)]
pub struct BadWish<'a>(pub &'a str);

impl fmt::Display for BadWish<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad wish {}: a rank character 2-9, 0, J, Q, K or A", Quoted(self.0))
    }
}

/// The message for a card set that does not parse: `bad <what> "<text>": <error>`.
#[derive(Clone, Copy, Debug)]
pub struct BadCards<'a> {
    /// What the set is (`hand`, `previous play`, `cards`).
    pub what: &'a str,
    /// The text given.
    pub text: &'a str,
    /// Why it is no set.
    pub error: Error,
}

impl<'a> BadCards<'a> {
    /// The message for a previous play `text` refused with `error` (it does not parse, is no
    /// combination, or is the Dog).
    pub const fn previous_play(text: &'a str, error: Error) -> BadCards<'a> {
        BadCards {
            what: reason!("previous play"),
            text,
            error,
        }
    }
}

impl fmt::Display for BadCards<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad {} {}: {}", self.what, Quoted(self.text), self.error)
    }
}

/// The message for two sets that hold a card more often than the deck has it, naming the card:
/// `card 7 of the play "77" is also in the previous play "777", more often than the deck has it`.
#[derive(Clone, Copy, Debug)]
pub struct Overlap<'a> {
    /// The card held by both.
    pub card: Card,
    /// What the set is and its text.
    pub set: (&'a str, &'a str),
    /// What the other set is and its text.
    pub other: (&'a str, &'a str),
}

impl fmt::Display for Overlap<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "card {} of the {} {} is also in the {} {}, more often than the deck has it",
            self.card,
            self.set.0,
            Quoted(self.set.1),
            self.other.0,
            Quoted(self.other.1)
        )
    }
}

/// The message for a hand of more than [`MAX_HAND`] cards: `bad hand "…": … (15 cards given)`.
#[derive(Clone, Copy, Debug)]
pub struct HandTooLarge<'a> {
    /// The hand's text.
    pub text: &'a str,
    /// How many cards it holds.
    pub given: usize,
}

impl fmt::Display for HandTooLarge<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad hand {}: {} ({} cards given)",
            Quoted(self.text),
            Error::HandTooLarge,
            self.given
        )
    }
}

/// Why the card arguments of `legal` or `moves` were refused; its `Display` is the message.
#[derive(Clone, Copy, Debug)]
pub enum InputError<'a> {
    /// A set that does not parse, or a previous play that is no combination or the Dog.
    Cards(BadCards<'a>),
    /// Two sets that hold a card more often than the deck has it.
    Overlap(Overlap<'a>),
    /// A hand of more than [`MAX_HAND`] cards.
    HandTooLarge(HandTooLarge<'a>),
    /// The move walk's own error ([`for_each_move`](super::for_each_move)).
    Core(Error),
}

impl fmt::Display for InputError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Cards(error) => error.fmt(f),
            InputError::Overlap(error) => error.fmt(f),
            InputError::HandTooLarge(error) => error.fmt(f),
            InputError::Core(error) => error.fmt(f),
        }
    }
}

/// `text` parsed as a card set, or the message naming it as `what`.
pub fn cards<'a>(what: &'a str, text: &'a str) -> Result<Cards, InputError<'a>> {
    text.parse::<Cards>()
        .map_err(|error| InputError::Cards(BadCards { what, text, error }))
}

/// `Ok` when `set` and `other` can be on the table together, else the message naming the card.
fn disjoint<'a>(set: (&'a str, &'a str, Cards), other: (&'a str, &'a str, Cards)) -> Result<(), InputError<'a>> {
    match other.2.overlap(set.2) {
        None => Ok(()),
        Some(card) => Err(InputError::Overlap(Overlap {
            card,
            set: (set.0, set.1),
            other: (other.0, other.1),
        })),
    }
}

/// The `legal` command: whether the play `play_text` is legal on `previous_text` (`-` or the
/// empty text: the lead), or the message naming the bad argument.
///
/// ```
/// use parlor_core::tichu::text::legal_from_text;
/// assert_eq!(legal_from_text("44499", "77722").ok(), Some(true));
/// assert_eq!(
///     legal_from_text("777", "77").unwrap_err().to_string(),
///     "card 7 of the play \"77\" is also in the previous play \"777\", more often than the deck has it"
/// );
/// ```
pub fn legal_from_text<'a>(previous_text: &'a str, play_text: &'a str) -> Result<bool, InputError<'a>> {
    let previous = cards("previous play", previous_text)?;
    let play = cards("play", play_text)?;
    disjoint(("play", play_text, play), ("previous play", previous_text, previous))?;
    super::is_legal(previous, play).map_err(|error| InputError::Cards(BadCards::previous_play(previous_text, error)))
}

/// The `moves` command: calls `f` with every distinct legal play from the hand `hand_text` on
/// `previous_text` (`-` or empty: the lead) under an open `wish`, in the order of
/// [`for_each_move`](super::for_each_move); or the message naming the bad argument (checked
/// before any play is produced).
///
/// ```
/// use core::ops::ControlFlow;
/// use parlor_core::tichu::text::for_each_move_from_text;
/// let mut plays = Vec::new();
/// for_each_move_from_text("2233P", "55", None, |play, _| {
///     plays.push(play.to_string());
///     ControlFlow::Continue(())
/// })
/// .unwrap();
/// assert!(plays.is_empty());
/// ```
pub fn for_each_move_from_text<'a>(
    hand_text: &'a str,
    previous_text: &'a str,
    wish: Option<Rank>,
    f: impl FnMut(Cards, Combination) -> core::ops::ControlFlow<()>,
) -> Result<(), InputError<'a>> {
    let hand = cards("hand", hand_text)?;
    let previous = cards("previous play", previous_text)?;
    disjoint(("hand", hand_text, hand), ("previous play", previous_text, previous))?;
    if hand.len() > MAX_HAND {
        return Err(InputError::HandTooLarge(HandTooLarge {
            text: hand_text,
            given: hand.len(),
        }));
    }
    let previous = super::previous_play(previous)
        .map_err(|error| InputError::Cards(BadCards::previous_play(previous_text, error)))?;
    super::for_each_move(&hand, previous, wish, f).map_err(InputError::Core)
}

// ---------------------------------------------------------------------------------------------
// One trick played out.

/// The options of one trick, as text (the `trick` command's `--leader`, `--wish`, `--hands`).
#[derive(Clone, Copy, Debug, Default)]
pub struct TrickOptions<'a> {
    /// The seat that leads (0..=3; `None`: seat 0).
    pub leader: Option<u8>,
    /// A wish still open from an earlier trick (a rank character).
    pub wish: Option<&'a str>,
    /// The four hands, seat 0 first, separated by `/`: `?` unknown, `-` no cards (out).
    pub hands: Option<&'a str>,
}

/// Every card seen so far in the trick (given hands and plays from unknown hands), so that no
/// card is used more often than the deck has it: four of each rank, each suited card and each
/// special card once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Deck {
    /// Cards of each rank, Two first.
    counts: [u8; 13],
    /// The suited cards (bit `4 × (rank − 2) + suit`).
    suited: u64,
    /// The Mah Jong, the Dog, the Phoenix, the Dragon.
    specials: [bool; 4],
}

impl Deck {
    /// Adds `set`; on a card the deck cannot supply, returns that card (the deck unchanged).
    fn add(&mut self, set: Cards) -> Result<(), Card> {
        let mut next = *self;
        for card in set.iter() {
            if !next.take(card) {
                return Err(card);
            }
        }
        *self = next;
        Ok(())
    }

    fn take(&mut self, card: Card) -> bool {
        match card {
            Card::Natural(rank, suit) => {
                // A rank is 2..=14: the index 0..=12 and the bit below 52.
                let index = rank.value().saturating_sub(2);
                let bit = suit.map_or(0, |suit| 1u64 << (u32::from(index).saturating_mul(4) | suit as u32));
                match self.counts.get_mut(usize::from(index)) {
                    Some(count) if *count < 4 && self.suited & bit == 0 => {
                        *count = count.saturating_add(1);
                        self.suited |= bit;
                        true
                    }
                    _ => false,
                }
            }
            special => {
                let index = match special {
                    Card::MahJong => 0,
                    Card::Dog => 1,
                    Card::Phoenix => 2,
                    _ => 3,
                };
                match self.specials.get_mut(index) {
                    Some(seen) if !*seen => {
                        *seen = true;
                        true
                    }
                    _ => false,
                }
            }
        }
    }
}

/// One action of the trick notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    /// A play by a seat (`None`: whose turn it is), wishing a rank.
    Play(Option<Seat>, Cards, Option<Rank>),
    /// A pass.
    Pass(Option<Seat>),
    /// A finished Dragon trick given to a seat.
    Give(Seat),
}

/// Why the text of an action is no action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Syntax<'a> {
    Seat(&'a str),
    Wish(&'a str),
    Cards(Error, &'a str),
    EmptyPlay,
}

impl fmt::Display for Syntax<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Syntax::Seat(text) => write!(f, "bad seat {}: a seat is 0, 1, 2 or 3", Quoted(text)),
            Syntax::Wish(text) => BadWish(text).fmt(f),
            Syntax::Cards(error, text) => write!(f, "{error} of {}", Quoted(text)),
            Syntax::EmptyPlay => f.write_str("an empty play (write pass to pass)"),
        }
    }
}

fn seat_of(text: &str) -> Result<Seat, Syntax<'_>> {
    match text.parse::<u8>().ok().and_then(Seat::new) {
        Some(seat) if text.len() == 1 => Ok(seat),
        _ => Err(Syntax::Seat(text)),
    }
}

fn parse_action(text: &str) -> Result<Action, Syntax<'_>> {
    if let Some(seat) = text.strip_prefix("give=") {
        return seat_of(seat).map(Action::Give);
    }
    let (seat, rest) = match text.split_once(':') {
        Some((seat, rest)) => (Some(seat_of(seat)?), rest),
        None => (None, text),
    };
    if rest == "pass" {
        return Ok(Action::Pass(seat));
    }
    let (play, wish) = match rest.split_once('=') {
        Some((play, wish)) => (play, Some(wish_rank(wish).ok_or(Syntax::Wish(wish))?)),
        None => (rest, None),
    };
    let cards = play.parse::<Cards>().map_err(|error| Syntax::Cards(error, play))?;
    if cards.is_empty() {
        return Err(Syntax::EmptyPlay);
    }
    Ok(Action::Play(seat, cards, wish))
}

/// Why a hand of `--hands` is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HandProblem {
    Cards(Error),
    TooLarge(usize),
    Overlap(Card),
}

/// The play on top of the trick: its cards, who played it, its reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Top {
    cards: Cards,
    seat: Seat,
    reading: Option<Combination>,
}

impl fmt::Display for Top {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reading {
            Some(reading) => write!(f, "{} by {} ({})", self.cards, self.seat.index(), ReadingText(reading)),
            None => f.write_str("none (the lead)"),
        }
    }
}

/// The two opponents of `seat`, lower first.
fn opponents(seat: Seat) -> &'static str {
    if seat.team() == 0 { "1 or 3" } else { "0 or 2" }
}

/// Why the trick refused an action, in words naming the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Why {
    TrickOver,
    NotYourTurn { turn: Seat, bomb: bool },
    NotInHand { hand: Cards, play: Cards },
    NotACombination,
    DogOnlyOnLead,
    DoesNotBeat(Top),
    MustFulfilWish(Option<Rank>),
    WishOpen(Rank),
    OnlyTheMahJongWishes,
    PlayedBefore(Card),
    GiveNotOver,
    GiveNotDragon,
    GivenAlready,
    GiveNotOpponent { taker: Seat, to: Seat },
    Core(Error),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbol = |rank: Option<Rank>| rank.map_or('-', Rank::symbol);
        match *self {
            Why::TrickOver => f.write_str(
                "the trick is over (the next one starts with --leader; give=S is the only action after a Dragon trick)",
            ),
            Why::NotYourTurn { turn, bomb: true } => write!(
                f,
                "a bomb out of turn only on a play, not on the lead (seat {}'s turn)",
                turn.index()
            ),
            Why::NotYourTurn { turn, bomb: false } => write!(
                f,
                "it is seat {}'s turn (out of turn only a bomb, on a play)",
                turn.index()
            ),
            Why::NotInHand { hand, play } => {
                let form = if play.is_suited() == hand.is_suited() || hand.is_empty() {
                    ""
                } else if hand.is_suited() {
                    " (the hand is suited: write the play with suits)"
                } else {
                    " (the hand is rank-only: write the play without suits)"
                };
                write!(f, "the play is not in the seat's hand {hand}{form}")
            }
            Why::NotACombination => f.write_str("not a combination"),
            Why::DogOnlyOnLead => f.write_str("the Dog is played only on the lead"),
            Why::DoesNotBeat(top) => write!(f, "the play does not beat the top play {top}"),
            Why::MustFulfilWish(wish) => write!(
                f,
                "the wish for {} is open and this seat can play a {} on the table, so it must",
                symbol(wish),
                symbol(wish)
            ),
            Why::WishOpen(rank) => write!(f, "a wish for {} is still open", rank.symbol()),
            Why::OnlyTheMahJongWishes => f.write_str("only a play with the Mah Jong makes a wish"),
            Why::PlayedBefore(card) => write!(
                f,
                "card {card} was played before or is in a hand, more often than the deck has it"
            ),
            Why::GiveNotOver => f.write_str("the trick is not over: only a finished Dragon trick is given away"),
            Why::GiveNotDragon => f.write_str("only a trick won with the Dragon is given away"),
            Why::GivenAlready => f.write_str("the Dragon's trick was already given"),
            Why::GiveNotOpponent { taker, to } => write!(
                f,
                "the Dragon's trick goes to an opponent of seat {} ({}), not to seat {}",
                taker.index(),
                opponents(taker),
                to.index()
            ),
            Why::Core(Error::SeatIsOut) => f.write_str("the seat has no cards left"),
            Why::Core(error) => error.fmt(f),
        }
    }
}

/// Why [`play_trick`] gave no answer: the first bad option, or the first action that does not
/// parse or that the trick refuses. Its `Display` is the message (`action 6 "give=3": the
/// Dragon's trick goes to an opponent of seat 1 (0 or 2), not to seat 3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickError<'a>(TrickProblem<'a>);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TrickProblem<'a> {
    Wish(&'a str),
    HandCount {
        text: &'a str,
        count: usize,
    },
    Hand {
        seat: usize,
        text: &'a str,
        why: HandProblem,
    },
    Leader,
    LeaderOut(Seat),
    Action {
        number: usize,
        text: &'a str,
        why: Syntax<'a>,
    },
    Refused {
        number: usize,
        text: &'a str,
        seat: Option<Seat>,
        why: Why,
    },
}

impl fmt::Display for TrickError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            TrickProblem::Wish(text) => BadWish(text).fmt(f),
            TrickProblem::HandCount { text, count } => write!(
                f,
                "bad hands {}: four hands separated by / (seat 0 first), got {count}",
                Quoted(text)
            ),
            TrickProblem::Hand { seat, text, why } => {
                write!(f, "bad hand of seat {seat} {}: ", Quoted(text))?;
                match why {
                    HandProblem::Cards(error) => error.fmt(f),
                    HandProblem::TooLarge(given) => write!(f, "{} ({given} cards given)", Error::HandTooLarge),
                    HandProblem::Overlap(card) => write!(
                        f,
                        "card {card} is also in an earlier hand, more often than the deck has it"
                    ),
                }
            }
            TrickProblem::Leader => f.write_str("a seat is 0, 1, 2 or 3"),
            TrickProblem::LeaderOut(leader) => {
                write!(f, "the leader, seat {}, has no cards (its hand is -)", leader.index())
            }
            TrickProblem::Action { number, text, why } => write!(f, "bad action {number} {}: {why}", Quoted(text)),
            TrickProblem::Refused {
                number,
                text,
                seat: Some(seat),
                why,
            } => write!(f, "action {number} {} by seat {}: {why}", Quoted(text), seat.index()),
            TrickProblem::Refused {
                number,
                text,
                seat: None,
                why,
            } => write!(f, "action {number} {}: {why}", Quoted(text)),
        }
    }
}

/// A trick played out by [`play_trick`]. Its `Display` is the one-line state: `turn S; top
/// CARDS by S (kind length key); passes N; points P; wish R; out SEATS` (`turn S; lead; points
/// 0; …` before the first play), or once the trick is over `over; taker S[; dog | dragon given
/// to S | dragon to be given to S or S]; points P; next leader S; wish R; out SEATS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickTable {
    trick: Trick,
    hands: [Option<Cards>; 4],
    deck: Deck,
    /// The cards of the play on top (the trick keeps only its reading).
    top_cards: Cards,
    /// Who got the Dragon's trick.
    given: Option<Seat>,
}

/// A hand for the trick's step when the seat's hand is not known: the play and one more card
/// that can neither fulfil a wish nor be played, so the seat keeps cards (a play of 14 cards is
/// a whole hand: the seat goes out). For a pass, the Dog alone.
fn unknown_hand(play: Cards) -> Cards {
    if play.len() >= MAX_HAND {
        return play;
    }
    for filler in [Card::Dog, Card::MahJong] {
        let mut hand = play;
        if hand.insert(filler).is_ok() && hand.len() > play.len() {
            return hand;
        }
    }
    play
}

impl TrickTable {
    /// `seat`'s hand, `None` when the table did not give it (`?`).
    fn hand(&self, seat: Seat) -> Option<Cards> {
        seat.of(&self.hands)
    }

    fn top(&self) -> Top {
        let parts = self.trick.parts();
        Top {
            cards: self.top_cards,
            seat: parts.top_seat,
            reading: parts.top,
        }
    }

    /// Why the trick refused an action, naming the table.
    fn why(&self, seat: Seat, play: Option<Cards>, error: Error) -> Why {
        let parts = self.trick.parts();
        match error {
            Error::NotYourTurn => Why::NotYourTurn {
                turn: parts.turn,
                bomb: play.is_some_and(|play| readings(play).iter().any(|r| r.is_bomb())),
            },
            // Only a play into a given hand is refused so (an unknown hand is built to hold the
            // play): else the core's own error, asserted.
            Error::NotInHand => match (self.hand(seat), play) {
                (Some(hand), Some(play)) => Why::NotInHand { hand, play },
                _ => {
                    debug_assert!(false, "tichu text: not in an unknown hand");
                    Why::Core(error)
                }
            },
            Error::IllegalPlay => match play {
                Some(play) if !readings(play).is_combination() => Why::NotACombination,
                Some(play) if play.has_dog() => Why::DogOnlyOnLead,
                _ => Why::DoesNotBeat(self.top()),
            },
            Error::MustFulfilWish => Why::MustFulfilWish(parts.wish),
            Error::UnexpectedWish => parts.wish.map_or(Why::OnlyTheMahJongWishes, Why::WishOpen),
            other => Why::Core(other),
        }
    }

    /// Applies one action; a refusal names the seat that acted (none for `give=`) and why.
    fn step(&mut self, action: Action) -> Result<(), (Option<Seat>, Why)> {
        let parts = self.trick.parts();
        let (seat, play) = match action {
            Action::Give(to) => return self.give(to).map_err(|why| (None, why)),
            _ if parts.end.is_some() => return Err((None, Why::TrickOver)),
            // A real default: an action naming no seat is the seat to play's.
            Action::Play(seat, play, wish) => (seat.unwrap_or(parts.turn), Some((play, wish))),
            Action::Pass(seat) => (seat.unwrap_or(parts.turn), None),
        };
        let known = self.hand(seat);
        let mut deck = self.deck;
        let result = match play {
            Some((cards, wish)) => {
                let hand = match known {
                    Some(hand) => hand,
                    None => {
                        deck.add(cards).map_err(|card| (Some(seat), Why::PlayedBefore(card)))?;
                        unknown_hand(cards)
                    }
                };
                self.trick.play(seat, cards, hand, wish)
            }
            // A real default: a seat whose hand is unknown (`?`) passes from some nonempty hand.
            None => self
                .trick
                .pass(seat, known.unwrap_or_else(|| unknown_hand(Cards::EMPTY))),
        };
        match result {
            Ok(_) => {
                self.deck = deck;
                if let Some((cards, _)) = play {
                    self.top_cards = cards;
                    if let (Some(hand), Some(slot)) = (known, self.hands.get_mut(usize::from(seat.index()))) {
                        *slot = Some(cards.removed_from(hand));
                    }
                }
                Ok(())
            }
            Err(error) => Err((Some(seat), self.why(seat, play.map(|(cards, _)| cards), error))),
        }
    }

    fn give(&mut self, to: Seat) -> Result<(), Why> {
        let end = self.trick.end().ok_or(Why::GiveNotOver)?;
        if !end.dragon {
            return Err(Why::GiveNotDragon);
        }
        if self.given.is_some() {
            return Err(Why::GivenAlready);
        }
        let seat = end
            .give_to(to)
            .map_err(|_| Why::GiveNotOpponent { taker: end.taker, to })?;
        self.given = Some(seat);
        Ok(())
    }

    /// The underlying trick.
    pub const fn trick(&self) -> &Trick {
        &self.trick
    }

    fn fmt_end(&self, f: &mut fmt::Formatter<'_>, end: TrickEnd) -> fmt::Result {
        write!(f, "over; taker {}", end.taker.index())?;
        if end.dog {
            f.write_str("; dog")?;
        } else if end.dragon {
            match self.given {
                Some(to) => write!(f, "; dragon given to {}", to.index())?,
                None => write!(f, "; dragon to be given to {}", opponents(end.taker))?,
            }
        }
        write!(f, "; points {}; next leader ", end.points)?;
        match end.next_leader {
            Some(seat) => write!(f, "{}", seat.index()),
            None => f.write_str("-"),
        }
    }
}

impl fmt::Display for TrickTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts = self.trick.parts();
        match parts.end {
            Some(end) => self.fmt_end(f, end)?,
            None if parts.top.is_some() => write!(
                f,
                "turn {}; top {}; passes {}; points {}",
                parts.turn.index(),
                self.top(),
                parts.passes,
                parts.points
            )?,
            None => write!(f, "turn {}; lead; points 0", parts.turn.index())?,
        }
        write!(f, "; wish {}; out ", parts.wish.map_or('-', Rank::symbol))?;
        let mut any = false;
        for (index, _) in parts.out.iter().enumerate().filter(|(_, out)| **out) {
            if any {
                f.write_str(" ")?;
            }
            write!(f, "{index}")?;
            any = true;
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}

/// The four hands of `--hands` (`None` = unknown), checked against each other into `deck`.
fn parse_hands<'a>(text: Option<&'a str>, deck: &mut Deck) -> Result<[Option<Cards>; 4], TrickProblem<'a>> {
    let mut hands = [None; 4];
    let Some(text) = text else {
        return Ok(hands);
    };
    let count = text.split('/').count();
    if count != 4 {
        return Err(TrickProblem::HandCount { text, count });
    }
    for ((seat, part), slot) in text.split('/').enumerate().zip(hands.iter_mut()) {
        if part == "?" {
            continue;
        }
        let problem = |why| TrickProblem::Hand { seat, text: part, why };
        let hand = part
            .parse::<Cards>()
            .map_err(|error| problem(HandProblem::Cards(error)))?;
        if hand.len() > MAX_HAND {
            return Err(problem(HandProblem::TooLarge(hand.len())));
        }
        deck.add(hand).map_err(|card| problem(HandProblem::Overlap(card)))?;
        *slot = Some(hand);
    }
    Ok(hands)
}

/// Plays out one trick from the text of its options and its actions, in order: a play in card
/// notation (`9`, `77`, `1=7` = the Mah Jong wishing a 7) or `pass`, either optionally prefixed
/// `S:` to name the seat (a bomb out of turn needs it), and `give=S` to hand a finished Dragon
/// trick to seat S. With a hand given (`--hands`), each play must come from it; a play from an
/// unknown hand (`?`) is checked against the cards seen so far (no card more often than the deck
/// has it). The answer is the trick after the last action ([`TrickTable`]), or the first bad
/// option or refused action ([`TrickError`]).
///
/// ```
/// use parlor_core::tichu::text::{play_trick, TrickOptions};
/// let options = TrickOptions { leader: Some(2), ..TrickOptions::default() };
/// let trick = play_trick(&options, ["R", "pass", "pass", "pass", "give=1"]).unwrap();
/// assert_eq!(trick.to_string(), "over; taker 2; dragon given to 1; points 25; next leader 2; wish -; out -");
/// let refused = play_trick(&TrickOptions::default(), ["R", "P"]).unwrap_err();
/// assert_eq!(
///     refused.to_string(),
///     "action 2 \"P\" by seat 1: the play does not beat the top play R by 0 (single 1 R)"
/// );
/// ```
pub fn play_trick<'a>(
    options: &TrickOptions<'a>,
    actions: impl IntoIterator<Item = &'a str>,
) -> Result<TrickTable, TrickError<'a>> {
    let wish = match options.wish {
        None => None,
        Some(text) => Some(wish_rank(text).ok_or(TrickError(TrickProblem::Wish(text)))?),
    };
    let mut deck = Deck::default();
    let hands = parse_hands(options.hands, &mut deck).map_err(TrickError)?;
    // A real default: with no `--leader`, seat 0 leads (documented with the option).
    let leader = Seat::new(options.leader.unwrap_or(0)).ok_or(TrickError(TrickProblem::Leader))?;
    let out = hands.map(|hand| hand.is_some_and(Cards::is_empty));
    let trick = Trick::with(leader, out, wish).map_err(|_| TrickError(TrickProblem::LeaderOut(leader)))?;
    let mut table = TrickTable {
        trick,
        hands,
        deck,
        top_cards: Cards::EMPTY,
        given: None,
    };
    for (index, text) in actions.into_iter().enumerate() {
        let number = index.saturating_add(1);
        let action = parse_action(text).map_err(|why| TrickError(TrickProblem::Action { number, text, why }))?;
        table.step(action).map_err(|(seat, why)| {
            TrickError(TrickProblem::Refused {
                number,
                text,
                seat,
                why,
            })
        })?;
    }
    Ok(table)
}

// ---------------------------------------------------------------------------------------------
// One round's score.

/// The arguments of one round's score, as text (the `score` command's order and options).
#[derive(Clone, Copy, Debug, Default)]
pub struct ScoreOptions<'a> {
    /// The seats in the order they went out, first out first (`2103` or `2,1,0,3`); three seats
    /// imply the fourth, two partners alone are a double victory.
    pub order: Option<&'a str>,
    /// Card points in the tricks each seat won, seat 0 first (`10,30,25,15`).
    pub tricks: Option<&'a str>,
    /// Card points still in the last player's hand (default 0).
    pub hand: Option<&'a str>,
    /// The seats that called Tichu (`2` or `0,2`).
    pub tichu: Option<&'a str>,
    /// The seats that called Grand Tichu.
    pub grand: Option<&'a str>,
}

/// A round's score: team 0 (seats 0 and 2), team 1 (seats 1 and 3). `Display`: `170 -170`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score(pub [i16; 2]);

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.0;
        write!(f, "{a} {b}")
    }
}

/// Why [`score`] gave no answer; its `Display` is the message (`bad finishing order "0113":
/// seat 1 twice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreError<'a>(ScoreProblem<'a>);

/// Which card points a message is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pile {
    Hand,
    Seat(usize),
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Hand => f.write_str("hand points"),
            Pile::Seat(seat) => write!(f, "trick points of seat {seat}"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ScoreProblem<'a> {
    MissingOrder,
    NotSeats {
        what: &'static str,
        text: &'a str,
    },
    SeatTwice {
        what: &'static str,
        text: &'a str,
        seat: u8,
    },
    NotPartners(&'a str),
    OrderLength(&'a str),
    BothCalls(u8),
    NeedsTricks,
    NotANumber(Pile, &'a str),
    NotAMultiple(Pile, &'a str),
    OutOfRange(Pile, &'a str),
    TrickCount(&'a str),
    Total {
        tricks: [i16; 4],
        hand: i16,
        total: i32,
    },
    TwoNegative,
    Core(Error),
}

impl fmt::Display for ScoreError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            ScoreProblem::MissingOrder => f.write_str("missing <order>: the seats in the order they went out"),
            ScoreProblem::NotSeats { what, text } => {
                write!(f, "bad {what} {}: seats are the digits 0-3", Quoted(text))
            }
            ScoreProblem::SeatTwice { what, text, seat } => {
                write!(f, "bad {what} {}: seat {seat} twice", Quoted(text))
            }
            ScoreProblem::NotPartners(text) => write!(
                f,
                "bad finishing order {}: two seats are a double victory and must be partners; give three or four",
                Quoted(text)
            ),
            ScoreProblem::OrderLength(text) => write!(
                f,
                "bad finishing order {}: the seats in the order they went out, first out first (two, three or four of 0-3)",
                Quoted(text)
            ),
            ScoreProblem::BothCalls(seat) => write!(f, "seat {seat} called both Tichu and Grand Tichu"),
            ScoreProblem::NeedsTricks => f.write_str(
                "without a double victory the round needs --tricks: the card points each seat won, seat 0 first",
            ),
            ScoreProblem::NotANumber(pile, text) => {
                write!(f, "bad {pile} {}: a whole number of card points", Quoted(text))
            }
            ScoreProblem::NotAMultiple(pile, text) => write!(
                f,
                "bad {pile} {}: card points are multiples of 5 (5s 5, tens and Kings 10, Dragon 25, Phoenix -25)",
                Quoted(text)
            ),
            ScoreProblem::OutOfRange(pile, text) => write!(
                f,
                "bad {pile} {}: card points of a pile are -25..=125 (the Phoenix alone .. every positive card)",
                Quoted(text)
            ),
            ScoreProblem::TrickCount(text) => write!(
                f,
                "bad trick points {}: four numbers separated by commas, seat 0 first",
                Quoted(text)
            ),
            ScoreProblem::Total { tricks, hand, total } => {
                let [a, b, c, d] = tricks;
                write!(
                    f,
                    "the card points in the tricks ({a},{b},{c},{d}) and in the last hand ({hand}) make {total}, not the deck's 100"
                )
            }
            ScoreProblem::TwoNegative => {
                f.write_str("two piles with negative card points: only the Phoenix (-25) is negative, and there is one")
            }
            ScoreProblem::Core(error) => error.fmt(f),
        }
    }
}

/// Seats written as digits 0-3, commas allowed between them, each at most once: the seats in
/// order and how many.
fn seats<'a>(what: &'static str, text: &'a str) -> Result<([Seat; 4], usize), ScoreProblem<'a>> {
    // Filled from the front; `len` says how far.
    let mut seats = [Seat::wrap(0); 4];
    let mut len = 0usize;
    for c in text.chars().filter(|&c| c != ',') {
        let seat = c
            .to_digit(10)
            .and_then(|d| u8::try_from(d).ok())
            .and_then(Seat::new)
            .ok_or(ScoreProblem::NotSeats { what, text })?;
        if seats.iter().take(len).any(|&given| given == seat) {
            return Err(ScoreProblem::SeatTwice {
                what,
                text,
                seat: seat.index(),
            });
        }
        // Four distinct seats at most: a fifth is one of them, refused above.
        let slot = seats.get_mut(len).ok_or(ScoreProblem::Core(Error::Internal))?;
        *slot = seat;
        len = len.saturating_add(1);
    }
    Ok((seats, len))
}

fn finish_order(text: &str) -> Result<[Seat; 4], ScoreProblem<'_>> {
    let (mut order, len) = seats("finishing order", text)?;
    match order {
        [first, second, ..] if len == 2 && first.partner() != second => return Err(ScoreProblem::NotPartners(text)),
        _ if (2..=4).contains(&len) => {}
        _ => return Err(ScoreProblem::OrderLength(text)),
    }
    // The seats not given went out last (a double victory's last two in any order).
    let mut next = len;
    for seat in (0..4).filter_map(Seat::new) {
        if !order.iter().take(len).any(|&given| given == seat) {
            if let Some(slot) = order.get_mut(next) {
                *slot = seat;
            }
            next = next.saturating_add(1);
        }
    }
    Ok(order)
}

/// A number of card points: a multiple of 5 (every card's points are), −25..=125.
fn points(pile: Pile, text: &str) -> Result<i16, ScoreProblem<'_>> {
    let value: i16 = text.trim().parse().map_err(|_| ScoreProblem::NotANumber(pile, text))?;
    if value % 5 != 0 {
        return Err(ScoreProblem::NotAMultiple(pile, text));
    }
    if !(-25..=125).contains(&value) {
        return Err(ScoreProblem::OutOfRange(pile, text));
    }
    Ok(value)
}

fn trick_points(text: &str) -> Result<[i16; 4], ScoreProblem<'_>> {
    let mut parts = text.split(',');
    let (Some(a), Some(b), Some(c), Some(d), None) =
        (parts.next(), parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ScoreProblem::TrickCount(text));
    };
    Ok([
        points(Pile::Seat(0), a)?,
        points(Pile::Seat(1), b)?,
        points(Pile::Seat(2), c)?,
        points(Pile::Seat(3), d)?,
    ])
}

/// One round's score from the text of its finishing order, card points and calls (rules:
/// [`score_round`]); the message names the first thing wrong.
///
/// ```
/// use parlor_core::tichu::text::{score, ScoreOptions};
/// let round = ScoreOptions {
///     order: Some("2103"),
///     tricks: Some("10,30,25,15"),
///     hand: Some("20"),
///     tichu: Some("2"),
///     grand: Some("1"),
/// };
/// assert_eq!(score(&round).unwrap().to_string(), "170 -170");
/// let twice = ScoreOptions { order: Some("0113"), ..round };
/// assert_eq!(score(&twice).unwrap_err().to_string(), "bad finishing order \"0113\": seat 1 twice");
/// ```
pub fn score<'a>(options: &ScoreOptions<'a>) -> Result<Score, ScoreError<'a>> {
    score_problem(options).map_err(ScoreError)
}

fn score_problem<'a>(options: &ScoreOptions<'a>) -> Result<Score, ScoreProblem<'a>> {
    let order = options.order.ok_or(ScoreProblem::MissingOrder)?;
    let finish = finish_order(order)?;
    let mut calls = [Call::None; 4];
    for (text, call, what) in [
        (options.tichu, Call::Tichu, "--tichu"),
        (options.grand, Call::GrandTichu, "--grand"),
    ] {
        let (given, len) = seats(what, text.unwrap_or_default())?; // not given: no seat calls
        for seat in given.iter().take(len) {
            let slot = calls
                .get_mut(usize::from(seat.index()))
                .ok_or(ScoreProblem::Core(Error::Internal))?;
            if *slot != Call::None {
                return Err(ScoreProblem::BothCalls(seat.index()));
            }
            *slot = call;
        }
    }
    let [first, second, _, _] = finish;
    let double_victory = first.partner() == second;
    let tricks = match (options.tricks, double_victory) {
        (Some(text), _) => trick_points(text)?,
        (None, true) => [0; 4],
        (None, false) => return Err(ScoreProblem::NeedsTricks),
    };
    let hand = match options.hand {
        Some(text) => points(Pile::Hand, text)?,
        None => 0,
    };
    if !double_victory {
        // Five piles of −25..=125: the sum fits easily.
        let total = tricks
            .iter()
            .fold(i32::from(hand), |sum, &p| sum.saturating_add(i32::from(p)));
        if total != 100 {
            return Err(ScoreProblem::Total { tricks, hand, total });
        }
        if tricks.iter().chain([&hand]).filter(|&&p| p < 0).count() > 1 {
            return Err(ScoreProblem::TwoNegative);
        }
    }
    score_round(finish, tricks, hand, calls)
        .map(Score)
        .map_err(ScoreProblem::Core)
}

// ---------------------------------------------------------------------------------------------
// A whole round's refusals.

/// Why a [`Round`] refused `seat`'s action, naming whose turn it is where the core's error
/// alone would not: a Grand Tichu decision, an exchange still open, a Dragon trick to give, or
/// the seat in turn. `Display`: the error's text and that context (`not this seat's turn: it is
/// seat 1's turn`). Build it from the round *before* the action (an illegal action leaves the
/// round unchanged).
#[derive(Clone, Copy, Debug)]
pub struct Refusal<'r> {
    /// The round that refused the action.
    pub round: &'r Round,
    /// The seat that acted.
    pub seat: game::Seat,
    /// The core's error.
    pub error: Error,
}

impl fmt::Display for Refusal<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let round = self.round;
        let turn = round.to_act().map_or(0, |seat| seat.0);
        match (self.error, round.phase()) {
            (Error::NotYourTurn, Phase::GrandTichu) => write!(
                f,
                "not this seat's turn: seat {turn} decides on Grand Tichu next (grand or no-grand)"
            ),
            (Error::NotYourTurn, Phase::DragonGift) => write!(
                f,
                "not this seat's turn: seat {turn} gives the Dragon's trick to an opponent first"
            ),
            (Error::NotYourTurn, Phase::Play) if round.trick().gathering() => write!(
                f,
                "the trick waits to be gathered: seat {turn} gathers it with a pass ({turn} pass) unless a seat bombs"
            ),
            (Error::NotYourTurn, _) => write!(
                f,
                "not this seat's turn: it is seat {turn}'s turn (out of turn only a bomb, on a play)"
            ),
            (Error::WrongPhase, Phase::GrandTichu) => write!(
                f,
                "the Grand Tichu decisions come first: seat {turn} decides next (grand or no-grand)"
            ),
            (Error::WrongPhase, Phase::Exchange) => {
                f.write_str("the exchange is not over: seat")?;
                let waiting = (0..4u8).filter(|&s| !round.has_exchanged(game::Seat(s)));
                let count = waiting.clone().count();
                if count > 1 {
                    f.write_str("s")?;
                }
                for (index, seat) in waiting.enumerate() {
                    let sep = match index {
                        0 => " ",
                        i if i.saturating_add(1) == count => " and ",
                        _ => ", ",
                    };
                    write!(f, "{sep}{seat}")?;
                }
                let verb = if count > 1 { "have" } else { "has" };
                write!(f, " still {verb} to choose the three cards to pass")
            }
            (Error::WrongPhase, Phase::DragonGift) => write!(
                f,
                "the trick won with the Dragon waits: seat {turn} gives it to an opponent first ({turn} give S)"
            ),
            (Error::WrongPhase, Phase::Play) if round.trick().gathering() => write!(
                f,
                "the trick waits to be gathered: seat {turn} gathers it with a pass ({turn} pass) unless a seat bombs"
            ),
            (Error::WrongPhase, Phase::Play) => write!(
                f,
                "the calls and the exchange are over: the tricks are played now, seat {turn}'s turn"
            ),
            (Error::MustFulfilWish, _) => write!(
                f,
                "{} (wish {})",
                self.error,
                round.trick().wish().map_or('-', Rank::symbol)
            ),
            (error, _) => error.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

    extern crate std;
    use std::string::ToString;

    use super::super::Suit;
    use super::*;

    fn cards(text: &str) -> Cards {
        text.parse().unwrap_or_default()
    }

    /// The deck counts four of a rank across both notations and each suited card once.
    #[test]
    fn the_deck_supplies_each_card_as_often_as_it_has_it() {
        let mut deck = Deck::default();
        assert_eq!(deck.add(cards("5j5s5p")), Ok(()));
        assert_eq!(deck.add(cards("5")), Ok(()));
        let five = Rank::new(5).map(|rank| Card::Natural(rank, None));
        assert_eq!(deck.add(cards("5")).err(), five);
        let jade_five = Rank::new(5).map(|rank| Card::Natural(rank, Some(Suit::Jade)));
        assert_eq!(deck.add(cards("5j")).err(), jade_five);
        // A refused set leaves the deck as it was: the Mah Jong (taken before the fifth 5 is
        // refused) is still there.
        assert_eq!(deck.add(cards("15")).err(), five);
        assert_eq!(deck.add(cards("1")), Ok(()));
        assert_eq!(deck.add(cards("1")), Err(Card::MahJong));
    }

    #[test]
    fn a_play_from_an_unknown_hand_may_not_use_a_given_card() {
        let options = TrickOptions {
            hands: Some("AjAsApAt/?/?/?"),
            ..TrickOptions::default()
        };
        let refused = play_trick(&options, ["Aj", "1:A"]).map(|_| ()).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "action 2 \"1:A\" by seat 1: card A was played before or is in a hand, more often than the deck has it"
        );
    }

    #[test]
    fn scores_follow_the_rules() {
        let round = |order, tricks| ScoreOptions {
            order: Some(order),
            tricks,
            ..ScoreOptions::default()
        };
        assert_eq!(score(&round("0123", Some("25,25,25,25"))), Ok(Score([75, 25])));
        assert_eq!(score(&round("13", None)), Ok(Score([0, 200])));
        assert_eq!(
            score(&round("0123", Some("-25,-25,75,75"))).map_err(|e| e.0),
            Err(ScoreProblem::TwoNegative)
        );
    }
}
