//! Naive Tichu round, written from the rules of the whole game (`docs/tichu.md`, "The whole
//! game") on top of the naive trick ([`super::tichu_trick::Trick`]), independent of
//! `parlor-core`: hands are card lists, every legal action is found by trying every subset of
//! the hand, actions are compared as text in the replay-log notation.

use super::tichu::{self as cards, Card, Set};
use super::tichu_trick::{self, Trick};

const DOG: u8 = 0;
const MAHJONG: u8 = 1;
const DRAGON: u8 = 15;
const PHOENIX: u8 = 16;

/// The stage of the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    /// Grand Tichu decisions; the next seat to decide.
    Grand(usize),
    /// Exchanges being chosen.
    Exchange,
    /// Tricks.
    Play,
    /// A Dragon trick waits: its taker, its points, who leads next (`None` when the round ends).
    Gift(usize, i32, Option<usize>),
    /// Over.
    Over,
}

/// One card as the replay log writes it (`5j`, `1`, `D`, `P`, `R`).
pub fn card_text(card: &Card) -> String {
    let mut text = String::with_capacity(2);
    write_card(&mut text, card);
    text
}

/// [`card_text`] appended to `out` (no text of its own).
fn write_card(out: &mut String, card: &Card) {
    match card.rank {
        DOG => out.push('D'),
        MAHJONG => out.push('1'),
        DRAGON => out.push('R'),
        PHOENIX => out.push('P'),
        rank => {
            out.push(b"234567890JQKA"[usize::from(rank - 2)] as char);
            out.push(card.suit.map_or('?', |s| b"jspt"[usize::from(s)] as char));
        }
    }
}

/// A set as the log writes it: Mah Jong, naturals by rank then suit (j s p t), Dragon, Phoenix,
/// Dog.
pub fn set_text(set: &Set) -> String {
    let mut text = String::with_capacity(2 * set.len());
    write_set(&mut text, set);
    text
}

/// [`set_text`] appended to `out`.
fn write_set(out: &mut String, set: &Set) {
    let order = |c: &Card| match c.rank {
        MAHJONG => (0, 0),
        DRAGON => (20, 0),
        PHOENIX => (21, 0),
        DOG => (22, 0),
        r => (r, c.suit.unwrap_or(0)),
    };
    let mut sorted = set.clone();
    sorted.sort_by_key(order);
    for card in &sorted {
        write_card(out, card);
    }
}

/// A naive round. Calls: 0 none, 1 Tichu, 2 Grand Tichu.
#[derive(Debug, Clone)]
pub struct Round {
    /// The stage.
    pub stage: Stage,
    /// Tichu allowed during the exchange.
    pub tichu_in_exchange: bool,
    /// The hands (during the play the trick's hands are the live ones).
    pub hands: [Set; 4],
    /// The first 8 cards of each hand.
    pub window: [Set; 4],
    /// Each seat's exchange (to seat + 1, + 2, + 3).
    pub given: [Option<[Card; 3]>; 4],
    /// Calls.
    pub calls: [u8; 4],
    /// Seats that played a card.
    pub played: [bool; 4],
    /// Out order.
    pub out: Vec<usize>,
    /// The trick in play.
    pub trick: Option<Trick>,
    /// Card points of the tricks each seat holds.
    pub taken: [i32; 4],
    /// Rule `bomb-after-passes` (set before the exchange ends).
    pub late_bombs: bool,
    /// Rule `wish-bomb`.
    pub wish_bombs: bool,
}

impl Round {
    /// A round from four hands of 14 cards in dealing order.
    pub fn new(hands: [Set; 4], tichu_in_exchange: bool) -> Round {
        let window = hands.clone().map(|h| h[..8].to_vec());
        Round {
            stage: Stage::Grand(0),
            tichu_in_exchange,
            hands,
            window,
            given: [None; 4],
            calls: [0; 4],
            played: [false; 4],
            out: Vec::new(),
            trick: None,
            taken: [0; 4],
            late_bombs: false,
            wish_bombs: false,
        }
    }

    /// A fresh trick under this round's rules.
    fn trick(&self, leader: usize, hands: [Option<Set>; 4], wish: Option<u8>) -> Result<Trick, String> {
        let mut trick = Trick::new(leader, hands, wish)?;
        trick.late_bombs = self.late_bombs;
        trick.wish_bombs = self.wish_bombs;
        Ok(trick)
    }

    /// The live hand of `seat`.
    pub fn hand(&self, seat: usize) -> Set {
        match &self.trick {
            Some(t) => t.hands[seat].clone().unwrap_or_default(),
            None => self.hands[seat].clone(),
        }
    }

    fn may_call(&self, seat: usize) -> bool {
        let stage_ok = match self.stage {
            Stage::Exchange => self.tichu_in_exchange,
            Stage::Play | Stage::Gift(..) => true,
            _ => false,
        };
        stage_ok && self.calls[seat] == 0 && !self.played[seat]
    }

    /// Every legal action of `seat`, as log text without the seat (`play 1 wish 7`, `pass`, …),
    /// each once, in no particular order (each written once: the plays are one set of card
    /// lists, an exchange's three cards of a hand are different cards).
    pub fn actions(&self, seat: usize) -> Vec<String> {
        let mut all = Vec::new();
        self.for_each_action(seat, &mut |text| all.push(text.to_owned()));
        all
    }

    /// [`Round::actions`], each text given to `found` in turn (written into one buffer, no
    /// text kept).
    pub fn for_each_action(&self, seat: usize, found: &mut dyn FnMut(&str)) {
        let mut text = String::with_capacity(64);
        // `play <set>` or `play <set> wish <rank>`, written into `text`.
        fn play(text: &mut String, found: &mut dyn FnMut(&str), set: &Set, wish: Option<char>) {
            text.clear();
            text.push_str("play ");
            write_set(text, set);
            if let Some(rank) = wish {
                text.push_str(" wish ");
                text.push(rank);
            }
            found(text);
        }
        match &self.stage {
            Stage::Over => return,
            Stage::Grand(next) => {
                if *next == seat {
                    found("grand");
                    found("no-grand");
                }
            }
            Stage::Exchange => {
                if self.given[seat].is_none() {
                    let hand = &self.hands[seat];
                    // Each card's text once, not once per ordering that names it.
                    let texts: Vec<String> = hand.iter().map(card_text).collect();
                    for (i, a) in hand.iter().enumerate() {
                        for (j, b) in hand.iter().enumerate() {
                            for (k, c) in hand.iter().enumerate() {
                                if a != b && b != c && a != c {
                                    text.clear();
                                    text.push_str("exchange ");
                                    text.push_str(&texts[i]);
                                    text.push(' ');
                                    text.push_str(&texts[j]);
                                    text.push(' ');
                                    text.push_str(&texts[k]);
                                    found(&text);
                                }
                            }
                        }
                    }
                }
            }
            Stage::Play => {
                let trick = self.trick.as_ref().expect("a trick in play");
                let hand = self.hand(seat);
                let prev = trick.top.as_ref().map(|t| t.0);
                let bombs = |hand: &Set| cards::bombs(hand, prev);
                if seat == trick.turn && trick.gathering {
                    // Every other seat passed: bomb, or pass to gather the trick.
                    for set in bombs(&hand) {
                        play(&mut text, found, &set, None);
                    }
                    found("pass");
                } else if seat == trick.turn {
                    // With an open wish that some legal play holding the rank can fulfil, only
                    // those; and any bomb, the wish not binding it (the one set: each play once).
                    let mut plays = cards::moves(&hand, prev, trick.wish);
                    if self.wish_bombs && prev.is_some() {
                        plays.extend(bombs(&hand));
                    }
                    for set in plays {
                        if set.iter().any(|c| c.rank == MAHJONG) {
                            for rank in "234567890JQKA".chars() {
                                play(&mut text, found, &set, Some(rank));
                            }
                        }
                        play(&mut text, found, &set, None);
                    }
                    let mut copy = trick.clone();
                    if copy.pass(seat).is_ok() {
                        found("pass");
                    }
                } else if prev.is_some() && !hand.is_empty() {
                    for set in cards::bombs(&hand, prev) {
                        play(&mut text, found, &set, None);
                    }
                }
            }
            Stage::Gift(taker, _, _) => {
                if *taker == seat {
                    found(&format!("give {}", (seat + 1) % 4));
                    found(&format!("give {}", (seat + 3) % 4));
                }
            }
        }
        if self.may_call(seat) {
            found("tichu");
        }
    }

    /// Applies `seat`'s action given as log text (`exchange 2j 5s 9p`, `play 1 wish 7`, …).
    pub fn apply(&mut self, seat: usize, action: &str) -> Result<(), String> {
        let words: Vec<&str> = action.split(' ').collect();
        // The stage's rules here; a play or a pass is checked by the naive trick itself.
        let allowed = match (words.first().copied(), &self.stage) {
            (Some("tichu"), _) => self.may_call(seat),
            (Some("play" | "pass"), Stage::Play) => seat < 4,
            (Some("grand" | "no-grand"), Stage::Grand(next)) => *next == seat && words.len() == 1,
            (Some("give"), Stage::Gift(taker, _, _)) => {
                *taker == seat
                    && words
                        .get(1)
                        .is_some_and(|to| *to == ((seat + 1) % 4).to_string() || *to == ((seat + 3) % 4).to_string())
            }
            // The three words name three different cards of the hand, as `actions` writes them
            // (the same answer as looking the text up in its list, without writing all 2,184).
            (Some("exchange"), Stage::Exchange) => {
                let hand = &self.hands[seat];
                let picked: Vec<Option<&Card>> = words[1..]
                    .iter()
                    .map(|word| hand.iter().find(|card| card_text(card) == *word))
                    .collect();
                self.given[seat].is_none()
                    && picked.len() == 3
                    && match picked.as_slice() {
                        [Some(a), Some(b), Some(c)] => a != b && b != c && a != c,
                        _ => false,
                    }
            }
            _ => false,
        };
        if !allowed {
            return Err(format!("{seat} {action}: not legal"));
        }
        match words.as_slice() {
            ["grand"] | ["no-grand"] => {
                if words[0] == "grand" {
                    self.calls[seat] = 2;
                }
                self.stage = if seat == 3 {
                    Stage::Exchange
                } else {
                    Stage::Grand(seat + 1)
                };
            }
            ["tichu"] => self.calls[seat] = 1,
            ["exchange", a, b, c] => {
                let pick = |t: &str| cards::parse(t).expect("a card")[0];
                self.given[seat] = Some([pick(a), pick(b), pick(c)]);
                if self.given.iter().all(Option::is_some) {
                    let mut hands = self.hands.clone();
                    for giver in 0..4 {
                        for (k, card) in self.given[giver].expect("given").iter().enumerate() {
                            let at = hands[giver].iter().position(|x| x == card).expect("held");
                            hands[giver].remove(at);
                            hands[(giver + k + 1) % 4].push(*card);
                        }
                    }
                    self.hands = hands.clone();
                    let leader = (0..4)
                        .find(|&s| hands[s].iter().any(|c| c.rank == MAHJONG))
                        .expect("Mah Jong");
                    self.trick = Some(self.trick(leader, hands.map(Some), None)?);
                    self.stage = Stage::Play;
                }
            }
            ["give", to] => {
                let to: usize = to.parse().map_err(|_| "seat")?;
                let Stage::Gift(_, points, leader) = self.stage.clone() else {
                    return Err("no gift".into());
                };
                self.taken[to] += points;
                match leader {
                    Some(leader) if self.out.len() < 3 => self.new_trick(leader)?,
                    _ => self.stage = Stage::Over,
                }
            }
            ["pass"] => {
                let trick = self.trick.as_mut().expect("trick");
                trick.pass(seat)?;
                self.after_trick_step()?;
            }
            ["play", set, rest @ ..] => {
                let play = cards::parse(set)?;
                let wish = match rest {
                    ["wish", rank] => cards::parse(rank)?.first().map(|c| c.rank),
                    _ => None,
                };
                let trick = self.trick.as_mut().expect("trick");
                trick.play(seat, &play, wish)?;
                self.played[seat] = true;
                if trick.out[seat] {
                    self.out.push(seat);
                }
                if self.out.len() == 2 && self.out[0] % 2 == self.out[1] % 2 {
                    self.stage = Stage::Over;
                    return Ok(());
                }
                if self.out.len() == 3 {
                    // The trick goes to its top player; a Dragon trick still needs its gift.
                    let trick = self.trick.as_ref().expect("trick");
                    let (_, _, top_seat) = trick.top.clone().expect("a top play");
                    let dragon = trick.top.as_ref().is_some_and(|t| t.0 == ("single", 1, 30));
                    if dragon {
                        self.stage = Stage::Gift(top_seat, trick.points, None);
                    } else {
                        self.taken[top_seat] += trick.points;
                        self.stage = Stage::Over;
                    }
                    return Ok(());
                }
                self.after_trick_step()?;
            }
            _ => return Err("unknown action".into()),
        }
        Ok(())
    }

    fn after_trick_step(&mut self) -> Result<(), String> {
        let trick = self.trick.as_ref().expect("trick");
        let Some(end) = trick.end.clone() else {
            return Ok(());
        };
        let leader = end.next_leader.ok_or("nobody leads")?;
        if end.dragon {
            self.stage = Stage::Gift(end.taker, end.points, Some(leader));
            return Ok(());
        }
        self.taken[end.taker] += end.points;
        self.new_trick(leader)
    }

    fn new_trick(&mut self, leader: usize) -> Result<(), String> {
        let old = self.trick.as_ref().expect("trick");
        let hands = old.hands.clone();
        let wish = old.wish;
        self.trick = Some(self.trick(leader, hands, wish)?);
        self.stage = Stage::Play;
        Ok(())
    }

    /// The round's scores `[team 0, team 1]` once over.
    pub fn outcome(&self) -> Option<[i32; 2]> {
        if self.stage != Stage::Over {
            return None;
        }
        let mut order = self.out.clone();
        for seat in 0..4 {
            if !order.contains(&seat) {
                order.push(seat);
            }
        }
        let last = order[3];
        let double = self.out.len() == 2;
        let hand = if double {
            0
        } else {
            tichu_trick::points(&self.hand(last))
        };
        tichu_trick::score([order[0], order[1], order[2], order[3]], self.taken, hand, self.calls).ok()
    }
}
