//! `parlor tichu trick <action>…` — one trick played out on the core's [`Trick`] (spec
//! "Combinations" and "Beyond the seed"; notation in `docs/tichu.md`, "CLI").
//!
//! ```text
//! parlor tichu trick 9 R pass pass pass give=2
//! over; taker 1; dragon given to 2; points 25; next leader 1; wish -; out -
//! ```
//! Actions: a play in card notation (`9`, `77`, `1=7` = the Mah Jong wishing a 7) or `pass`,
//! either optionally prefixed `S:` to name the seat (a bomb out of turn needs it), and
//! `give=S` to hand a finished Dragon trick to seat S. Options: `--leader S`, `--wish R` (a wish
//! still open from an earlier trick), `--hands H0/H1/H2/H3` (`?` unknown, `-` no cards: out).

use parlor_core::tichu::{self, Card, Cards, Combination, Rank, Seat, Trick, TrickEnd};

use super::{key_text, quoted, wish_rank};

/// The options and actions of one trick (the command line, or the words of one batch line).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Args {
    /// The actions in order: a play (`9`, `77`, `12345`, `1=7` = the Mah Jong wishing a 7) or
    /// `pass`, each optionally prefixed `S:` (seat 0-3; else the seat whose turn it is; a bomb
    /// out of turn needs it); `give=S` gives a finished Dragon trick to seat S.
    pub actions: Vec<String>,
    /// The seat that leads (0-3; default 0). Seats play 0, 1, 2, 3, 0…; partners sit opposite.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub leader: Option<u8>,
    /// A wish still open from an earlier trick (a rank character 2-9, 0, J, Q, K or A).
    #[arg(long)]
    pub wish: Option<String>,
    /// The four hands at the start of the trick, seat 0 first, separated by `/`: `?` = not
    /// known (plays are not checked against it, the wish is not enforced on it), `-` = no cards
    /// (the seat is out). Default `?/?/?/?`.
    #[arg(long, allow_hyphen_values = true)]
    pub hands: Option<String>,
}

impl Args {
    /// These arguments with every option left out here taken from `defaults` (batch mode: the
    /// command line's options apply to every line that does not give its own).
    pub fn or(self, defaults: &Args) -> Args {
        Args {
            actions: self.actions,
            leader: self.leader.or(defaults.leader),
            wish: self.wish.or_else(|| defaults.wish.clone()),
            hands: self.hands.or_else(|| defaults.hands.clone()),
        }
    }
}

/// Every card seen so far in the trick (given hands and plays from unknown hands), so that no
/// card is used more often than the deck has it: four of each rank, each suited card and each
/// special once.
#[derive(Default)]
struct Deck {
    counts: [u8; 13],
    suited: u64,
    specials: [bool; 4],
}

impl Deck {
    /// Adds `set`; on a card the deck cannot supply, returns that card.
    fn add(&mut self, set: Cards) -> Result<(), Card> {
        for card in set.iter() {
            let ok = match card {
                Card::Natural(rank, suit) => {
                    let index = usize::from(rank.value() - 2);
                    let bit = suit.map_or(0, |suit| 1u64 << (index * 4 + suit as usize));
                    let count = self.counts.get_mut(index);
                    match count {
                        Some(count) if *count < 4 && self.suited & bit == 0 => {
                            *count += 1;
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
                    !std::mem::replace(&mut self.specials[index], true)
                }
            };
            if !ok {
                return Err(card);
            }
        }
        Ok(())
    }
}

/// One action of the notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    /// A play by `seat` (`None`: whose turn it is), wishing `wish`.
    Play(Option<Seat>, Cards, Option<Rank>),
    /// A pass.
    Pass(Option<Seat>),
    /// A Dragon trick given to a seat.
    Give(Seat),
}

fn seat_of(text: &str) -> Result<Seat, String> {
    match text.parse::<u8>().ok().and_then(Seat::new) {
        Some(seat) if text.len() == 1 => Ok(seat),
        _ => Err(format!("bad seat {}: a seat is 0, 1, 2 or 3", quoted(text))),
    }
}

fn parse_action(text: &str) -> Result<Action, String> {
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
        Some((play, wish)) => (play, wish_rank(Some(wish))?),
        None => (rest, None),
    };
    let play = tichu::parse_cards(play).map_err(|error| format!("{error} of {}", quoted(play)))?;
    if play.is_empty() {
        return Err("an empty play (write pass to pass)".to_owned());
    }
    Ok(Action::Play(seat, play, wish))
}

/// The four hands of `--hands` (`None` = unknown), checked against each other.
fn parse_hands(text: Option<&str>, deck: &mut Deck) -> Result<[Option<Cards>; 4], String> {
    let Some(text) = text else {
        return Ok([None; 4]);
    };
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != 4 {
        return Err(format!(
            "bad hands {}: four hands separated by / (seat 0 first), got {}",
            quoted(text),
            parts.len()
        ));
    }
    let mut hands = [None; 4];
    for ((seat, part), slot) in parts.iter().enumerate().zip(hands.iter_mut()) {
        if *part == "?" {
            continue;
        }
        let hand =
            tichu::parse_cards(part).map_err(|error| format!("bad hand of seat {seat} {}: {error}", quoted(part)))?;
        if hand.len() > tichu::MAX_HAND {
            return Err(format!(
                "bad hand of seat {seat} {}: {} ({} cards given)",
                quoted(part),
                tichu::Error::HandTooLarge,
                hand.len()
            ));
        }
        deck.add(hand).map_err(|card| {
            format!(
                "bad hand of seat {seat} {}: card {card} is also in an earlier hand, more often than the deck has it",
                quoted(part)
            )
        })?;
        *slot = Some(hand);
    }
    Ok(hands)
}

/// A hand for the core's step when the seat's hand is not known: the play and one more card
/// that can neither fulfil a wish nor be played, so the seat keeps cards (a play of 14 cards is
/// a whole hand: the seat goes out). For a pass, the Dog alone.
fn unknown_hand(play: Cards) -> Cards {
    if play.len() >= tichu::MAX_HAND {
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

/// The state of one trick driven by the command.
struct Table {
    trick: Trick,
    hands: [Option<Cards>; 4],
    deck: Deck,
    /// The cards of the play on top (the core keeps only its reading).
    top_cards: Cards,
    /// Who got the Dragon's trick.
    given: Option<Seat>,
}

/// `seat` as text.
fn seat_text(seat: Seat) -> char {
    char::from(b'0' + seat.index())
}

/// The two opponents of `seat`, lower first: `0 or 2`, `1 or 3`.
fn opponents(seat: Seat) -> &'static str {
    if seat.team() == 0 { "1 or 3" } else { "0 or 2" }
}

/// A reading as the `readings` command prints it: `kind length key`.
fn reading_text(reading: Combination) -> String {
    format!("{} {} {}", reading.kind().name(), reading.len(), key_text(reading))
}

impl Table {
    fn hand(&self, seat: Seat) -> Option<Cards> {
        self.hands.get(usize::from(seat.index())).copied().flatten()
    }

    fn top_text(&self) -> String {
        let parts = self.trick.parts();
        match parts.top {
            Some(top) => format!(
                "{} by {} ({})",
                self.top_cards,
                seat_text(parts.top_seat),
                reading_text(top)
            ),
            None => "none (the lead)".to_owned(),
        }
    }

    /// Why the core refused an action, in words naming the table.
    fn why(&self, seat: Seat, play: Option<(Cards, Option<Rank>)>, error: tichu::Error) -> String {
        use tichu::Error as E;
        let parts = self.trick.parts();
        let wish = |rank: Option<Rank>| rank.map_or('-', Rank::symbol);
        match error {
            E::NotYourTurn => match play {
                Some((play, _)) if tichu::readings(play).iter().any(|r| r.is_bomb()) => {
                    format!(
                        "a bomb out of turn only on a play, not on the lead (seat {}'s turn)",
                        seat_text(parts.turn)
                    )
                }
                _ => format!(
                    "it is seat {}'s turn (out of turn only a bomb, on a play)",
                    seat_text(parts.turn)
                ),
            },
            E::SeatIsOut => "the seat has no cards left".to_owned(),
            E::NotInHand => {
                let hand = self.hand(seat).unwrap_or_default();
                let form = match play {
                    Some((play, _)) if play.is_suited() != hand.is_suited() && !hand.is_empty() => {
                        if hand.is_suited() {
                            " (the hand is suited: write the play with suits)"
                        } else {
                            " (the hand is rank-only: write the play without suits)"
                        }
                    }
                    _ => "",
                };
                format!("the play is not in the seat's hand {hand}{form}")
            }
            E::IllegalPlay => match play {
                Some((play, _)) if !tichu::readings(play).is_combination() => "not a combination".to_owned(),
                Some((play, _)) if play.has_dog() => "the Dog is played only on the lead".to_owned(),
                _ => format!("the play does not beat the top play {}", self.top_text()),
            },
            E::MustFulfilWish => format!(
                "the wish for {} is open and this seat can play a {} on the table, so it must",
                wish(parts.wish),
                wish(parts.wish)
            ),
            E::UnexpectedWish => match parts.wish {
                Some(open) => format!("a wish for {} is still open", open.symbol()),
                None => "only a play with the Mah Jong makes a wish".to_owned(),
            },
            E::CannotPassOnLead => "the leader cannot pass".to_owned(),
            other => other.to_string(),
        }
    }

    /// Applies one action; an error names the seat that acted (none for `give=`) and why.
    fn step(&mut self, action: Action) -> Result<(), (Option<Seat>, String)> {
        let parts = self.trick.parts();
        let (seat, play) = match action {
            Action::Give(to) => return self.give(to).map_err(|why| (None, why)),
            _ if parts.end.is_some() => {
                let why = "the trick is over (the next one starts with --leader; give=S is the only action after a Dragon trick)";
                return Err((None, why.to_owned()));
            }
            Action::Play(seat, play, wish) => (seat.unwrap_or(parts.turn), Some((play, wish))),
            Action::Pass(seat) => (seat.unwrap_or(parts.turn), None),
        };
        let known = self.hand(seat);
        let result = match play {
            Some((cards, wish)) => {
                let hand = match known {
                    Some(hand) => hand,
                    None => {
                        self.deck.add(cards).map_err(|card| {
                            let why = format!(
                                "card {card} was played before or is in a hand, more often than the deck has it"
                            );
                            (Some(seat), why)
                        })?;
                        unknown_hand(cards)
                    }
                };
                self.trick.play(seat, cards, hand, wish)
            }
            None => self
                .trick
                .pass(seat, known.unwrap_or_else(|| unknown_hand(Cards::EMPTY))),
        };
        match result {
            Ok(_) => {
                if let Some((cards, _)) = play {
                    self.top_cards = cards;
                    if let (Some(hand), Some(slot)) = (known, self.hands.get_mut(usize::from(seat.index()))) {
                        *slot = Some(cards.removed_from(hand));
                    }
                }
                Ok(())
            }
            Err(error) => Err((Some(seat), self.why(seat, play, error))),
        }
    }

    fn give(&mut self, to: Seat) -> Result<(), String> {
        let Some(end) = self.trick.end() else {
            return Err("the trick is not over: only a finished Dragon trick is given away".to_owned());
        };
        if !end.dragon {
            return Err("only a trick won with the Dragon is given away".to_owned());
        }
        if self.given.is_some() {
            return Err("the Dragon's trick was already given".to_owned());
        }
        match end.give_to(to) {
            Ok(seat) => {
                self.given = Some(seat);
                Ok(())
            }
            Err(_) => Err(format!(
                "the Dragon's trick goes to an opponent of seat {} ({}), not to seat {}",
                seat_text(end.taker),
                opponents(end.taker),
                seat_text(to)
            )),
        }
    }

    /// The one-line answer (module docs and `docs/tichu.md`).
    fn render(&self) -> String {
        let parts = self.trick.parts();
        let wish = parts.wish.map_or('-', Rank::symbol);
        let out: Vec<String> = (0u8..4)
            .filter(|&i| parts.out.get(usize::from(i)).copied().unwrap_or(false))
            .map(|i| i.to_string())
            .collect();
        let out = if out.is_empty() { "-".to_owned() } else { out.join(" ") };
        let tail = format!("wish {wish}; out {out}");
        match parts.end {
            Some(end) => self.render_end(end, &tail),
            None => match parts.top {
                Some(_) => format!(
                    "turn {}; top {}; passes {}; points {}; {tail}",
                    seat_text(parts.turn),
                    self.top_text(),
                    parts.passes,
                    parts.points
                ),
                None => format!("turn {}; lead; points 0; {tail}", seat_text(parts.turn)),
            },
        }
    }

    fn render_end(&self, end: TrickEnd, tail: &str) -> String {
        let how = if end.dog {
            "; dog".to_owned()
        } else if end.dragon {
            match self.given {
                Some(to) => format!("; dragon given to {}", seat_text(to)),
                None => format!("; dragon to be given to {}", opponents(end.taker)),
            }
        } else {
            String::new()
        };
        let next = end.next_leader.map_or('-', seat_text);
        format!(
            "over; taker {}{how}; points {}; next leader {next}; {tail}",
            seat_text(end.taker),
            end.points
        )
    }
}

/// Plays out one trick and returns the one-line state after the last action, or the message
/// naming the first bad option or the first action refused and why.
pub fn answer(args: &Args) -> Result<String, String> {
    let wish = wish_rank(args.wish.as_deref())?;
    let mut deck = Deck::default();
    let hands = parse_hands(args.hands.as_deref(), &mut deck)?;
    let leader = Seat::new(args.leader.unwrap_or(0)).ok_or("a seat is 0, 1, 2 or 3")?;
    let out = hands.map(|hand| hand.is_some_and(Cards::is_empty));
    let trick = Trick::with(leader, out, wish)
        .map_err(|_| format!("the leader, seat {}, has no cards (its hand is -)", seat_text(leader)))?;
    let mut table = Table {
        trick,
        hands,
        deck,
        top_cards: Cards::EMPTY,
        given: None,
    };
    for (index, text) in args.actions.iter().enumerate() {
        let number = index + 1;
        let action = parse_action(text).map_err(|error| format!("bad action {number} {}: {error}", quoted(text)))?;
        table.step(action).map_err(|(seat, why)| match seat {
            Some(seat) => format!("action {number} {} by seat {}: {why}", quoted(text), seat_text(seat)),
            None => format!("action {number} {}: {why}", quoted(text)),
        })?;
    }
    Ok(table.render())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(words: &[&str]) -> Result<String, String> {
        answer(&Args {
            actions: words.iter().map(|w| (*w).to_owned()).collect(),
            ..Args::default()
        })
    }

    #[test]
    fn actions_parse() {
        let seat = |i| Seat::new(i);
        let cards = |t: &str| tichu::parse_cards(t).unwrap_or_default();
        assert_eq!(parse_action("pass"), Ok(Action::Pass(None)));
        assert_eq!(parse_action("2:pass"), Ok(Action::Pass(seat(2))));
        assert_eq!(parse_action("3:7777"), Ok(Action::Play(seat(3), cards("7777"), None)));
        assert_eq!(
            parse_action("1=7"),
            Ok(Action::Play(None, cards("1"), Rank::from_symbol('7')))
        );
        assert_eq!(parse_action("give=2"), seat(2).map(Action::Give).ok_or(String::new()));
        assert!(parse_action("4:pass").is_err());
        assert!(parse_action("-").is_err());
        assert!(parse_action("1=1").is_err());
    }

    #[test]
    fn a_dragon_trick_given_away() {
        assert_eq!(
            run(&["9", "R", "pass", "pass", "pass", "give=2"]).as_deref(),
            Ok("over; taker 1; dragon given to 2; points 25; next leader 1; wish -; out -")
        );
    }

    #[test]
    fn unknown_hands_never_give_a_card_twice() {
        assert!(run(&["P", "P"]).is_err_and(|e| e.contains("card P was played before")));
        assert!(run(&["5555", "5"]).is_err());
    }
}
