//! Naive Tichu trick and round scoring, written from `docs/rules/tichu.md` ("Combinations",
//! "Beyond the seed") and the trick notation of `docs/tichu.md`, independent of `parlor-core`:
//! hands are card lists, "can the player fulfil the wish" tries every subset of the hand, and
//! "can these card points come from one deck" tries every split of the point cards.

use super::tichu::{self as cards, Card, Reading, Set};

/// The card points of one card (spec: 5 → 5, ten and King → 10, Dragon 25, Phoenix −25).
pub fn card_points(card: &Card) -> i32 {
    match card.rank {
        5 => 5,
        10 | 13 => 10,
        15 => 25,
        16 => -25,
        _ => 0,
    }
}

/// The card points of a set.
pub fn points(set: &Set) -> i32 {
    set.iter().map(card_points).sum()
}

/// How a trick ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct End {
    /// Who won it.
    pub taker: usize,
    /// Who leads next (`None`: nobody has cards).
    pub next_leader: Option<usize>,
    /// Its card points.
    pub points: i32,
    /// Won with the Dragon (to be given to an opponent).
    pub dragon: bool,
    /// The Dog trick.
    pub dog: bool,
}

/// A trick: four seats in order 0, 1, 2, 3, 0…, partners opposite.
#[derive(Debug, Clone)]
pub struct Trick {
    /// Each seat's hand, `None` when not known (then plays are not checked against it, the seat
    /// goes out only by playing 14 cards, and the wish is not enforced on it).
    pub hands: [Option<Set>; 4],
    /// Seats without cards.
    pub out: [bool; 4],
    /// Whose turn it is.
    pub turn: usize,
    /// The play to beat: its reading, its cards, who played it.
    pub top: Option<(Reading, Set, usize)>,
    /// Passes since the top play.
    pub passes: usize,
    /// The open wish (a rank 2..=14).
    pub wish: Option<u8>,
    /// Card points played into the trick.
    pub points: i32,
    /// The end, once over.
    pub end: Option<End>,
    /// Who got a Dragon trick.
    pub given: Option<usize>,
    /// Every card known so far: the given hands and the plays from unknown hands.
    pub seen: Set,
    /// Rule: after the last pass the trick waits for its winner's gathering pass, and anyone
    /// may still bomb (the Würzburg rulings, `docs/rules/tichu.md`).
    pub late_bombs: bool,
    /// Rule: the seat in turn may bomb without fulfilling an open wish.
    pub wish_bombs: bool,
    /// Every other seat passed: the winner is to act (bomb or gather).
    pub gathering: bool,
}

fn has_rank(set: &Set, rank: u8) -> bool {
    set.iter().any(|c| c.rank == rank)
}

/// `part` taken out of `hand`, if every card of it is there (suited cards exactly, rank-only
/// cards by rank; a suited card is never in a rank-only hand nor the other way round).
fn take(hand: &Set, part: &Set) -> Option<Set> {
    let mut rest = hand.clone();
    for card in part {
        let at = rest.iter().position(|c| c == card)?;
        rest.remove(at);
    }
    Some(rest)
}

impl Trick {
    /// A trick led by `leader`, with the hands (`Some(empty)` = out) and an open wish.
    pub fn new(leader: usize, hands: [Option<Set>; 4], wish: Option<u8>) -> Result<Trick, String> {
        let out = [0, 1, 2, 3].map(|s| hands[s].as_ref().is_some_and(|h| h.is_empty()));
        if out[leader] {
            return Err("the leader has no cards".into());
        }
        let mut seen = Vec::new();
        for hand in hands.iter().flatten() {
            if !cards::compatible(&seen, hand) {
                return Err("a card in two hands".into());
            }
            seen.extend(hand.iter().copied());
        }
        Ok(Trick {
            hands,
            out,
            turn: leader,
            top: None,
            passes: 0,
            wish,
            points: 0,
            end: None,
            given: None,
            seen,
            late_bombs: false,
            wish_bombs: false,
            gathering: false,
        })
    }

    fn next_with_cards(&self, seat: usize) -> Option<usize> {
        (1..=4).map(|i| (seat + i) % 4).find(|&s| !self.out[s])
    }

    /// Whether the known hand of `seat` has a legal play on the table holding the wished rank.
    fn can_fulfil(&self, seat: usize) -> bool {
        match (&self.hands[seat], self.wish) {
            // A play holding the rank needs a card of it in the hand.
            (Some(hand), Some(wish)) if has_rank(hand, wish) => {
                let prev = self.top.as_ref().map(|t| t.0);
                cards::moves(hand, prev, None).iter().any(|play| has_rank(play, wish))
            }
            _ => false,
        }
    }

    fn finish(&mut self, taker: usize, dog: bool) {
        let dragon = !dog && self.top.as_ref().is_some_and(|t| t.0 == ("single", 1, 30));
        let next_leader = if dog {
            let partner = (taker + 2) % 4;
            if self.out[partner] {
                self.next_with_cards(partner)
            } else {
                Some(partner)
            }
        } else if self.out[taker] {
            self.next_with_cards(taker)
        } else {
            Some(taker)
        };
        self.end = Some(End {
            taker,
            next_leader,
            points: self.points,
            dragon,
            dog,
        });
    }

    /// `seat` plays `play`, wishing `wish`. `Err` names the broken rule.
    pub fn play(&mut self, seat: usize, play: &Set, wish: Option<u8>) -> Result<(), String> {
        if self.end.is_some() {
            return Err("over".into());
        }
        if self.out[seat] {
            return Err("out".into());
        }
        let rest = match &self.hands[seat] {
            Some(hand) => Some(take(hand, play).ok_or("not in hand")?),
            None => {
                if !cards::compatible(&self.seen, play) {
                    return Err("a card more often than the deck".into());
                }
                None
            }
        };
        let prev = self.top.as_ref().map(|t| t.0);
        let reading = cards::resolve(prev, play).ok_or("illegal")?;
        let bomb = reading.0 == "bomb" || reading.0 == "straight-flush";
        // Waiting to be gathered, the winner too may only bomb.
        let in_turn = seat == self.turn && !self.gathering;
        if !(in_turn || (bomb && self.top.is_some())) {
            return Err("turn".into());
        }
        if wish.is_some() && (!has_rank(play, 1) || self.wish.is_some()) {
            return Err("wish".into());
        }
        if let Some(open) = self.wish {
            let free = self.wish_bombs && bomb && self.top.is_some();
            if in_turn && !free && !has_rank(play, open) && self.can_fulfil(seat) {
                return Err("must fulfil the wish".into());
            }
            if has_rank(play, open) {
                self.wish = None;
            }
        }
        if wish.is_some() {
            self.wish = wish;
        }
        if self.hands[seat].is_none() {
            self.seen.extend(play.iter().copied());
        }
        let gone = match rest {
            Some(rest) => {
                let gone = rest.is_empty();
                self.hands[seat] = Some(rest);
                gone
            }
            None => play.len() == 14,
        };
        if gone {
            self.out[seat] = true;
        }
        self.points += points(play);
        self.top = Some((reading, play.clone(), seat));
        self.passes = 0;
        self.gathering = false;
        if reading.0 == "dog" {
            self.finish(seat, true);
            return Ok(());
        }
        let others = (0..4).filter(|&s| s != seat && !self.out[s]).count();
        match self.next_with_cards(seat) {
            Some(next) if others > 0 => self.turn = next,
            _ => self.finish(seat, false),
        }
        Ok(())
    }

    /// `seat` passes. `Err` names the broken rule.
    pub fn pass(&mut self, seat: usize) -> Result<(), String> {
        if self.end.is_some() {
            return Err("over".into());
        }
        if self.out[seat] {
            return Err("out".into());
        }
        if seat != self.turn {
            return Err("turn".into());
        }
        let Some((_, _, top_seat)) = self.top else {
            return Err("lead".into());
        };
        if self.gathering {
            // The winner's pass gathers the trick.
            self.finish(top_seat, false);
            return Ok(());
        }
        if self.can_fulfil(seat) {
            return Err("must fulfil the wish".into());
        }
        self.passes += 1;
        let needed = (0..4).filter(|&s| s != top_seat && !self.out[s]).count();
        if self.passes >= needed && self.late_bombs && !self.out[top_seat] {
            self.gathering = true;
            self.turn = top_seat;
        } else if self.passes >= needed {
            self.finish(top_seat, false);
        } else if let Some(next) = self.next_with_cards(seat) {
            self.turn = next;
        }
        Ok(())
    }

    /// The finished Dragon trick goes to `to`, an opponent of its taker.
    pub fn give(&mut self, to: usize) -> Result<(), String> {
        match &self.end {
            Some(end) if end.dragon && self.given.is_none() && (end.taker + to) % 2 == 1 => {
                self.given = Some(to);
                Ok(())
            }
            _ => Err("give".into()),
        }
    }
}

/// Can five amounts of card points (four trick piles and the last hand) come from one deck? Tries
/// every split of the point cards: the four 5s, the eight tens and Kings, the Dragon and the
/// Phoenix.
pub fn possible_points(piles: [i32; 5]) -> bool {
    for dragon in 0..5 {
        for phoenix in 0..5 {
            // The four 5s over the five piles.
            for fives in 0..5u32.pow(5) {
                let split: Vec<i32> = (0..5).map(|p| (fives / 5u32.pow(p) % 5) as i32).collect();
                if split.iter().sum::<i32>() != 4 {
                    continue;
                }
                // What is left for the tens and Kings must be whole tens, 80 in all.
                let left: Vec<i32> = (0..5)
                    .map(|p| {
                        piles[p] - 5 * split[p] - if p == dragon { 25 } else { 0 } + if p == phoenix { 25 } else { 0 }
                    })
                    .collect();
                if left.iter().all(|&l| l >= 0 && l % 10 == 0) && left.iter().sum::<i32>() == 80 {
                    return true;
                }
            }
        }
    }
    false
}

/// A round's score `[team 0, team 1]` from the spec: the first two out partners score 200 and
/// no card points; else the last player's tricks go to the first out and the last player's hand
/// to the opponents. Calls (0 none, 1 Tichu, 2 Grand Tichu) score ±100 / ±200, plus for the
/// caller who went out first. `Err` for an order that is no permutation or impossible points.
pub fn score(order: [usize; 4], tricks: [i32; 4], hand: i32, calls: [u8; 4]) -> Result<[i32; 2], String> {
    let mut sorted = order;
    sorted.sort();
    if sorted != [0, 1, 2, 3] {
        return Err("order".into());
    }
    let team = |seat: usize| seat % 2;
    let mut result = [0, 0];
    if team(order[0]) == team(order[1]) {
        result[team(order[0])] += 200;
    } else {
        if !possible_points([tricks[0], tricks[1], tricks[2], tricks[3], hand]) {
            return Err("points".into());
        }
        let last = order[3];
        for (seat, points) in tricks.iter().enumerate() {
            let to = if seat == last { team(order[0]) } else { team(seat) };
            result[to] += points;
        }
        result[1 - team(last)] += hand;
    }
    for seat in 0..4 {
        let value = match calls[seat] {
            1 => 100,
            2 => 200,
            _ => 0,
        };
        result[team(seat)] += if seat == order[0] { value } else { -value };
    }
    Ok(result)
}
