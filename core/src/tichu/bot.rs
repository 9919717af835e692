//! Simple players for a [`Round`]: a seeded random player that sometimes calls Tichu and bombs
//! out of turn (the first legal action is the shared [`crate::game::bot::lowest_legal_action`]). Enough to play whole rounds and matches (the
//! command line's `play`, fuzzing, benchmarks, the firmware).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::card::{Card, Cards, Rank};
use super::moves::holds_bomb;
use super::round::{Action, Phase, Round};
use crate::game::bot::{Bot, lowest_legal_action};
use crate::game::{Rng, Seat};

/// A seeded random player ([`Rng`]): in its turn it calls Grand Tichu one time in 16 and Tichu
/// one time in 32 when it may, exchanges three random cards, and otherwise plays, one time in
/// two, the lowest legal action and else a uniformly random legal action other than a call; out
/// of turn it bombs one time in 4 when it holds a bomb that beats the table and calls Tichu one
/// time in 64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A player whose choices depend only on `seed` and the rounds it sees.
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::new(seed) }
    }

    /// A uniformly random legal action other than a Tichu call, or `None` when there is none:
    /// reservoir sampling over the actions in their order (one draw per action, the last one
    /// drawn 0 taken), done on their count ([`Round::count_non_calls`]: the call is always the
    /// last action) and fetched by index ([`Round::nth_legal_action`]) without listing them.
    fn pick(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let kept = round.count_non_calls(seat);
        let mut chosen = None;
        for seen in 1..=kept {
            if self.rng.below(u32::try_from(seen).unwrap_or(u32::MAX)) == 0 {
                chosen = Some(seen.wrapping_sub(1)); // seen ≥ 1
            }
        }
        round.nth_legal_action(seat, chosen?)
    }

    /// A uniformly random exchange: three different cards of the hand, in random roles.
    fn exchange(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let hand = round.hand(seat).ok()?;
        let mut cards = [Card::Dog; 14];
        let mut n = 0u32;
        for (slot, card) in cards.iter_mut().zip(hand.iter()) {
            *slot = card;
            n = n.saturating_add(1);
        }
        if n < 3 {
            return None;
        }
        let mut pick = |taken: &[u32]| {
            let mut i = self.rng.below(n.saturating_sub(taken.len() as u32));
            // The i-th card not taken yet.
            for t in 0..n {
                if taken.contains(&t) {
                    continue;
                }
                if i == 0 {
                    return t;
                }
                i = i.saturating_sub(1);
            }
            // `i` < the cards not taken yet: the loop returned.
            debug_assert!(false, "tichu bot: no {i}-th card left");
            0
        };
        let a = pick(&[]);
        let b = pick(&[a]);
        let c = pick(&[a, b]);
        // Each pick is below `n`, the cards written (asserted in `pick`).
        let card = |i: u32| cards.get(i as usize).copied();
        Some(Action::Exchange {
            left: card(a)?,
            partner: card(b)?,
            right: card(c)?,
        })
    }

    /// `seat`'s choice now: `None` when it has no legal action, or, out of turn, when it lets
    /// the moment pass.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let may_call = round.may_call_tichu(seat);
        if round.to_act() == Some(seat) {
            match round.phase() {
                Phase::GrandTichu => return Some(Action::GrandTichu(self.rng.below(16) == 0)),
                _ if may_call && self.rng.below(32) == 0 => return Some(Action::Tichu),
                Phase::Exchange => return self.exchange(round, seat),
                // Half the time the lowest legal action (cheap: the walk stops at once).
                _ if self.rng.below(2) == 0 => return lowest_legal_action(round, seat),
                _ => return self.pick(round, seat),
            }
        }
        self.out_of_turn(round, seat, may_call)
    }

    /// [`RandomBot::choose`] for a seat not in turn that may call Tichu when `may_call`.
    #[inline]
    fn out_of_turn(&mut self, round: &Round, seat: Seat, may_call: bool) -> Option<Action> {
        if may_call && self.rng.below(64) == 0 {
            return Some(Action::Tichu);
        }
        // The cheap tests first (the same draws: `below(4)` only in the play with a bomb held).
        if round.phase() == Phase::Play && round.hand(seat).is_ok_and(holds_bomb) && self.rng.below(4) == 0 {
            // Out of turn in the play every action but the call is a bomb.
            return self.pick(round, seat);
        }
        None
    }

    /// One step of a table of random players: each seat but the one in turn, in
    /// [`Round::claim_order`], may interrupt (a bomb or a call); otherwise the seat in turn acts.
    /// `None` when the round is over.
    pub fn step(&mut self, round: &Round) -> Option<(Seat, Action)> {
        let turn = round.to_act()?;
        for seat in round.claim_order() {
            if seat != turn
                && let Some(action) = self.out_of_turn(round, seat, round.may_call_tichu(seat))
            {
                return Some((seat, action));
            }
        }
        self.choose(round, turn).map(|action| (turn, action))
    }
}

impl Bot<Round> for RandomBot {
    /// [`RandomBot::choose`].
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        RandomBot::choose(self, round, seat)
    }
}

/// The low bit of each 4-bit group of a count word.
const COUNT_LOW: u64 = 0x1111_1111_1111_1111;

/// The group bits of `x` (bit `4k` for group `k`, all other bits clear) gathered into bit `k`.
const fn gather(x: u64) -> u32 {
    let x = (x | x >> 3) & 0x0303_0303_0303_0303;
    let x = (x | x >> 6) & 0x000F_000F_000F_000F;
    let x = (x | x >> 12) & 0x0000_00FF_0000_00FF;
    ((x | x >> 24) & 0xFFFF) as u32
}

/// A quick estimate of the fewest plays that empty `hand` (a `min_plays`-style count, cheap
/// enough for every candidate play of a playout): four of a kind as one bomb, straights of five
/// or more where they save plays, runs of pairs, full houses, then one play per remaining rank
/// group; the Dragon and the Dog one play each; the Phoenix joins a single (or is one play).
///
/// Worked on rank masks (issue 27): bit `v` of `ones`, `twos`, `threes` for the rank value `v`
/// (2..=14, the Mah Jong as 1) held that many times, from the hand's count word without a loop
/// over the ranks; each maximal run of five or more ranks held is a straight candidate.
pub fn plays_left(hand: Cards) -> u32 {
    // Per-rank counts (0..=4) in 4-bit groups, group `v` for rank value `v` (the Mah Jong in
    // group 1): bit 0, 1 and 2 of each count gathered to rank masks.
    let word = hand.count_word();
    let b0 = gather(word & COUNT_LOW);
    let b1 = gather((word >> 1) & COUNT_LOW);
    let fours = gather((word >> 2) & COUNT_LOW);
    let mut ones = b0 & !b1;
    let mut twos = b1 & !b0;
    let mut threes = b0 & b1;
    // Four of a kind: one bomb each, its rank then empty.
    let mut plays = fours.count_ones();
    // Straights: the ranks in maximal runs of five or more ranks held.
    let held = ones | twos | threes;
    let starts = held & held >> 1 & held >> 2 & held >> 3 & held >> 4;
    let mut long = starts | starts << 1 | starts << 2 | starts << 3 | starts << 4;
    while long != 0 {
        // The lowest maximal run of `long`.
        let low = long & long.wrapping_neg();
        let run = long & !long.wrapping_add(low);
        long &= !run;
        // Taken when it saves plays (its ranks held once each become one play).
        let len = run.count_ones();
        let multi = (run & (twos | threes)).count_ones();
        if len.saturating_sub(1) > multi {
            plays = plays.saturating_add(1);
            ones = (ones & !run) | (twos & run);
            twos = (twos & !run) | (threes & run);
            threes &= !run;
        }
    }
    // Runs of two or more consecutive pairs: one play each.
    let paired = twos & (twos << 1 | twos >> 1);
    plays = plays.saturating_add((paired & !(paired << 1)).count_ones());
    twos &= !paired;
    let (singles, pairs, triples) = (ones.count_ones(), twos.count_ones(), threes.count_ones());
    plays = plays
        .saturating_add(singles)
        .saturating_add(pairs)
        .saturating_add(triples)
        .saturating_sub(triples.min(pairs));
    plays = plays
        .saturating_add(u32::from(hand.has_dragon()))
        .saturating_add(u32::from(hand.has_dog()));
    if hand.has_phoenix() && singles == 0 {
        plays = plays.saturating_add(1);
    }
    plays
}

/// Whether `cards` is a bomb: four natural cards of one rank, or five or more natural cards of
/// one suit (a legal play of them is a straight flush).
pub fn is_bomb(cards: Cards) -> bool {
    const SPECIALS: u64 = 0xF << 52;
    const JADE: u64 = 0x0001_1111_1111_1111;
    let mask = cards.mask() & ((1u64 << 56) - 1);
    if mask & SPECIALS != 0 || !cards.is_suited() {
        return false;
    }
    let len = cards.len();
    let one_rank = len == 4 && Rank::all().any(|rank| cards.count(rank) == 4);
    let one_suit = len >= 5 && (0..4).any(|suit| mask & !(JADE << suit) == 0);
    one_rank || one_suit
}

/// How much a card is worth keeping: rank value for naturals, the Dog 0, the Mah Jong 1, the
/// Phoenix 15, the Dragon 16.
fn card_value(card: Card) -> u32 {
    match card {
        Card::Natural(rank, _) => u32::from(rank.value()),
        Card::Dog => 0,
        Card::MahJong => 1,
        Card::Phoenix => 15,
        Card::Dragon => 16,
    }
}

/// The ranks of `hand` held four times (bit `v` for rank value `v`), from its count word.
fn four_ranks(hand: Cards) -> u16 {
    gather((hand.count_word() >> 2) & COUNT_LOW) as u16
}

/// The ranks of `cards` held one to three times (bit `v` for rank value `v`; the Mah Jong as
/// bit 1), from its count word.
fn partial_ranks(cards: Cards) -> u16 {
    let word = cards.count_word();
    gather((word | word >> 1) & COUNT_LOW) as u16
}

/// A greedy player, cheap enough for playouts and deterministic for its seed (issue 24):
/// it sheds by the fewest plays left ([`plays_left`]) while keeping its bombs.
///
/// - Grand Tichu: never. Tichu: in turn, before its first card, with a full hand of at most 4
///   estimated plays holding the Dragon, the Phoenix or a bomb.
/// - Exchange: its two lowest cards outside a bomb to the opponents (the lowest to the left),
///   its highest natural card outside a bomb to the partner.
/// - In turn: the play leaving the fewest plays, then the lowest average card, never breaking a
///   four of a kind, a bomb only to go out or when nothing else is legal; a play with the Mah
///   Jong wishes nothing. On a trick it passes when its partner holds it, when its best play
///   leaves more plays than it has now (unless an opponent on top has 2 cards or fewer), and
///   goes out whenever it can.
/// - Out of turn: a bomb (its lowest) only on an opponent with 2 cards or fewer on top, or to go
///   out.
/// - The Dragon's trick: to the opponent holding more cards (the lower seat on a tie).
///
/// Its seed breaks ties among equal plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Greedy {
    rng: Rng,
}

impl Greedy {
    /// A greedy player seeded `seed`.
    pub const fn new(seed: u64) -> Greedy {
        Greedy { rng: Rng::new(seed) }
    }

    fn exchange(hand: Cards) -> Option<Action> {
        let bombs = four_ranks(hand);
        let in_bomb = |card: Card| matches!(card, Card::Natural(rank, _) if bombs & (1 << (rank.value() & 15)) != 0);
        let mut cards = [Card::Dog; 14];
        let mut n = 0usize;
        for (slot, card) in cards.iter_mut().zip(hand.iter()) {
            *slot = card;
            n = n.saturating_add(1);
        }
        let cards = cards.get(..n)?;
        // Lowest first (ties by the canonical order).
        let low = |skip: Option<Card>| {
            cards
                .iter()
                .copied()
                .filter(|&c| {
                    Some(c) != skip && !in_bomb(c) && !matches!(c, Card::Phoenix | Card::Dragon | Card::MahJong)
                })
                .min_by_key(|&c| card_value(c))
        };
        let left = low(None).or_else(|| cards.first().copied())?;
        let right = low(Some(left)).or_else(|| cards.iter().copied().find(|&c| c != left))?;
        let partner = cards
            .iter()
            .copied()
            .filter(|&c| c != left && c != right && matches!(c, Card::Natural(..)) && !in_bomb(c))
            .max_by_key(|&c| card_value(c))
            .or_else(|| cards.iter().copied().find(|&c| c != left && c != right))?;
        Some(Action::Exchange { left, partner, right })
    }

    /// The cost of playing `cards` from `hand` (lower is better); `None` for a play it never
    /// makes by choice (a bomb not going out, a broken four of a kind).
    /// `bombs` is [`four_ranks`] of `hand` (asked once per decision, not per play).
    fn cost(&mut self, hand: Cards, bombs: u16, cards: Cards) -> (u32, bool) {
        let after = cards.removed_from(hand);
        if after.is_empty() {
            return (0, true);
        }
        let breaks = bombs & partial_ranks(cards) != 0;
        let total: u32 = cards.iter().map(card_value).sum();
        let len = cards.len().max(1) as u32;
        let average = total.saturating_mul(8).checked_div(len).unwrap_or(0);
        let tie = self.rng.below(4);
        let cost = plays_left(after)
            .saturating_mul(1000)
            .saturating_add(average.saturating_mul(4))
            .saturating_add(tie);
        (cost, !(is_bomb(cards) || breaks))
    }

    fn play_in_turn(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let hand = round.hand(seat).ok()?;
        let mut best: Option<(u32, Action)> = None;
        let mut forced: Option<(u32, Action)> = None;
        let mut can_pass = false;
        let mut goes_out = None;
        let bombs = four_ranks(hand);
        round.for_each_legal_action(seat, |action| match action {
            Action::Pass => can_pass = true,
            Action::Play { cards, wish: None } => {
                let (cost, by_choice) = self.cost(hand, bombs, cards);
                if cost == 0 {
                    goes_out = goes_out.or(Some(action));
                }
                let slot = if by_choice { &mut best } else { &mut forced };
                if slot.is_none_or(|(c, _)| cost < c) {
                    *slot = Some((cost, action));
                }
            }
            _ => {}
        });
        if let Some(action) = goes_out {
            return Some(action);
        }
        // The trick read where it is asked (no `TrickParts` built and kept across the walk).
        let trick = round.trick();
        if trick.top().is_none() || !can_pass {
            return best.or(forced).map(|(_, action)| action);
        }
        let top = Seat(trick.top_seat().index());
        if top.0 & 1 == seat.0 & 1 {
            return Some(Action::Pass);
        }
        let danger = round.hand(top).is_ok_and(|h| h.len() <= 2);
        match best {
            Some((cost, action)) if cost / 1000 <= plays_left(hand) || danger => Some(action),
            _ => Some(Action::Pass),
        }
    }

    fn out_of_turn(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let hand = round.hand(seat).ok()?;
        if !holds_bomb(hand) {
            return None;
        }
        let top = Seat(round.trick().top_seat().index());
        let danger = top.0 & 1 != seat.0 & 1 && round.hand(top).is_ok_and(|h| h.len() <= 2);
        let mut choice: Option<(u32, Action)> = None;
        round.for_each_legal_action(seat, |action| {
            if let Action::Play { cards, .. } = action {
                let out = cards.removed_from(hand).is_empty();
                let value: u32 = cards.iter().map(card_value).sum();
                if (danger || out) && choice.is_none_or(|(v, _)| value < v) {
                    choice = Some((if out { 0 } else { value }, action));
                }
            }
        });
        choice.map(|(_, action)| action)
    }
}

impl Bot<Round> for Greedy {
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let in_turn = round.to_act() == Some(seat);
        match round.phase() {
            Phase::GrandTichu => in_turn.then_some(Action::GrandTichu(false)),
            Phase::Exchange => {
                if in_turn {
                    Greedy::exchange(round.hand(seat).ok()?)
                } else {
                    None
                }
            }
            Phase::DragonGift => {
                if !in_turn {
                    return None;
                }
                let a = Seat((seat.0.wrapping_add(1)) & 3);
                let b = Seat((seat.0.wrapping_add(3)) & 3);
                let count = |s: Seat| round.hand(s).map_or(0, Cards::len);
                let (low, high) = if a.0 < b.0 { (a, b) } else { (b, a) };
                Some(Action::GiveDragonTrick(if count(high) > count(low) {
                    high
                } else {
                    low
                }))
            }
            Phase::Play => {
                if !in_turn {
                    return self.out_of_turn(round, seat);
                }
                let hand = round.hand(seat).ok()?;
                if round.may_call_tichu(seat)
                    && hand.len() == 14
                    && plays_left(hand) <= 4
                    && (hand.has_dragon() || hand.has_phoenix() || holds_bomb(hand))
                {
                    return Some(Action::Tichu);
                }
                self.play_in_turn(round, seat)
            }
            Phase::Over => None,
        }
    }
}
