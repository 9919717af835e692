//! Built-in bots: a seeded random one ([`RandomBot`]), the greedy playout policy of the search
//! bot ([`Greedy`]); the lowest legal action is the generic
//! [`game::bot::lowest_legal_action`](crate::game::bot::lowest_legal_action) (a pass whenever
//! passing is legal, so in an auction it never bids).
//!
//! ```
//! use parlor_core::doudizhu::{bot::RandomBot, Config, Deal, Round};
//! let mut round = Round::new(&Config::OPENSPIEL, &Deal::Seeded(3))?;
//! let mut bot = RandomBot::new(7);
//! while let Some(seat) = round.to_act() {
//!     let action = bot.choose(&round, seat).unwrap();
//!     round.apply(seat, action)?;
//! }
//! assert_eq!(round.outcome().unwrap().scores.iter().sum::<i32>(), 0);
//! # Ok::<(), parlor_core::doudizhu::Error>(())
//! ```
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::cards::{Cards, RANKS, Rank, count_in, len_of_words, minus_words, words_of};
use super::combination::Kind;
use super::moves::count_masks_of_words;
use super::round::{Action, Round};
use crate::game::bot::Bot;
use crate::game::{Rng, Seat};

/// A bot that picks uniformly among the legal actions, driven by [`Rng`] (so a seed replays).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A bot seeded with `seed`.
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::new(seed) }
    }

    /// A uniformly chosen legal action of `seat`, or `None` when `seat` is not to act. One pass
    /// over the legal actions (reservoir sampling): the `i`-th action (from 0) replaces the
    /// choice when `rng.below(i + 1) == 0`, one draw per action after the first.
    ///
    /// The draws are made as that pass would make them, but against the count of the legal
    /// actions ([`Round::count_legal_actions`]); only the chosen one is then generated
    /// ([`Round::nth_legal_action`]): the same choice and the same random state afterwards.
    /// Over a single, pair, triplet or bomb the count and the play share one reading of the
    /// hand.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let rng = &mut self.rng;
        round.pick_legal_action(seat, |count| {
            rng.reservoir(u32::try_from(count).unwrap_or(u32::MAX)) as usize
        })
    }
}

impl Bot<Round> for RandomBot {
    /// [`RandomBot::choose`].
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        RandomBot::choose(self, round, seat)
    }
}

// ---------------------------------------------------------------------------------------------
// Greedy
// ---------------------------------------------------------------------------------------------

/// The rank index of the ace, the last rank a chain may use.
const ACE: usize = Rank::Ace as usize;
/// The rank index of the 2.
const TWO: usize = Rank::Two as usize;
/// The rank indices of the jokers.
const BLACK: usize = Rank::BlackJoker as usize;
const RED: usize = Rank::RedJoker as usize;

fn at(c: &[u8; RANKS], i: usize) -> u8 {
    c.get(i).copied().unwrap_or(0)
}

/// Plays left by groups alone, chains already taken out: the rocket, each bomb, each triplet
/// (carrying a single or a pair), each airplane of `planes` (lengths; one carries as many
/// singles or pairs as its length, when that many are left over), and the singles and pairs
/// nothing carries.
fn groups(c: &[u8; RANKS], planes: &[u8]) -> u32 {
    let rocket = at(c, BLACK) > 0 && at(c, RED) > 0;
    let (mut loose, mut triplets, mut bombs) = (0u32, 0u32, 0u32);
    for (i, &n) in c.iter().enumerate() {
        if rocket && (i == BLACK || i == RED) {
            continue;
        }
        match n {
            1 | 2 => loose = loose.saturating_add(1),
            3 => triplets = triplets.saturating_add(1),
            4 => bombs = bombs.saturating_add(1),
            _ => {}
        }
    }
    loose = loose.saturating_sub(triplets);
    for &len in planes {
        if loose >= u32::from(len) {
            loose = loose.saturating_sub(u32::from(len));
        }
    }
    u32::from(rocket)
        .saturating_add(bombs)
        .saturating_add(triplets)
        .saturating_add(loose)
}

/// Takes the longest chain of `per` cards a rank (at least `min` ranks, 3 … A) out of `c`;
/// its length, 0 when there is none.
fn take_chain(c: &mut [u8; RANKS], per: u8, min: usize) -> usize {
    let (mut best_start, mut best_len) = (0usize, 0usize);
    let mut start = 0usize;
    let mut len = 0usize;
    for i in 0..=ACE {
        if at(c, i) >= per {
            if len == 0 {
                start = i;
            }
            len = len.saturating_add(1);
            if len > best_len {
                (best_start, best_len) = (start, len);
            }
        } else {
            len = 0;
        }
    }
    if best_len < min {
        return 0;
    }
    for slot in c.iter_mut().skip(best_start).take(best_len) {
        *slot = slot.saturating_sub(per);
    }
    best_len
}

/// Whether the hand holds some chain: five ranks in a row (3 … A), three pairs or two
/// triplets (when not, the chain orders of [`plays_left`] change nothing).
fn has_chain(c: &[u8; RANKS]) -> bool {
    let mut masks = [0u16; 3];
    for (i, &n) in c.iter().enumerate().take(ACE.saturating_add(1)) {
        for mask in masks.iter_mut().take(usize::from(n)) {
            *mask |= 1u16.checked_shl(i as u32).unwrap_or(0);
        }
    }
    let [m1, m2, m3] = masks;
    let run = |m: u16, len: u32| (1..len).fold(m, |acc, k| acc & (m >> k)) != 0;
    run(m1, 5) || run(m2, 3) || run(m3, 2)
}

/// A quick estimate of the plays that empty a hand of counts `c` (the greedy bot's
/// `min_plays`): chains taken out greedily in three orders, the rest counted by
/// `groups`; the least of the three. Exact for the usual shapes, an over-estimate at worst,
/// and a few hundred instructions (the exact [`min_plays`](super::min_plays) searches).
///
/// Worked on the hand's count masks (bit `r` of mask `k - 1`: rank `r` held `k` times or more),
/// a chain taken out by moving each of its ranks `per` masks down; a hand holding more than 4 of
/// a rank (no real hand) is counted rank by rank, as the masks cannot hold it (the same answer).
pub fn plays_left(c: &[u8; RANKS]) -> u32 {
    plays_left_of_words(words_of(c))
}

/// [`plays_left`] of count words ([`words_of`]): the greedy bot's per-play question asked of
/// the hand left as words (no 15-byte set built and copied).
pub(crate) fn plays_left_of_words(words: [u64; 2]) -> u32 {
    if beyond_deck(words) {
        return plays_left_by_counts(&Cards::from_words(words).counts());
    }
    plays_left_masks(count_masks_of_words(words))
}

/// Whether some count is above 4 (all ranks at once: the counts as the bytes of two words; a
/// byte of at most 0x7F reaches 5 when adding 0x7B sets its top bit, and a byte above 0x7F has
/// it already, whatever the carry into it).
fn beyond_deck([low, high]: [u64; 2]) -> bool {
    const TOP: u64 = 0x8080_8080_8080_8080;
    const FIVE: u64 = 0x7B7B_7B7B_7B7B_7B7B;
    ((low | high | low.wrapping_add(FIVE) | high.wrapping_add(FIVE)) & TOP) != 0
}

/// The ranks a chain may use (3 … A) and the two jokers, as mask bits.
const CHAIN_RANKS: u16 = (1u16 << (ACE + 1)).wrapping_sub(1);
const JOKERS: u16 = (1u16 << BLACK) | (1u16 << RED);

/// [`plays_left`] from the count masks of a hand of at most 4 cards a rank
/// ([`count_masks`]): as `plays_left_by_counts`, mask by mask.
fn plays_left_masks(masks: [u16; 4]) -> u32 {
    let mut best = groups_masks(masks, &[]);
    let [m1, m2, m3, _] = masks;
    // The kinds of chain the hand holds, bit `per - 1` for `per` cards a rank.
    let held = u8::from(run_starts(m1, 5) != 0)
        | u8::from(run_starts(m2, 3) != 0) << 1
        | u8::from(run_starts(m3, 2) != 0) << 2;
    let kinds = held.count_ones() as usize; // ≤ 3
    // Taking chains out only lowers counts: a kind of chain the hand lacks never appears (it is
    // not looked for). With one kind, the three orders take the same chains; with two, the
    // third order takes them as the first or the second does (sequences and pairs: as the
    // second; either with airplanes: as the first). Only the orders that can differ are run.
    for order in CHAIN_ORDERS.get(..kinds).unwrap_or(&[]) {
        best = best.min(order_plays(masks, order, held));
    }
    best
}

/// The plays of one chain order ([`CHAIN_ORDERS`]) from the count masks, looking only for the
/// kinds of chain in `held` (bit `per - 1`): the chains taken out, plus the groups of the rest.
/// In a frame of its own (not in [`plays_left`]'s: the search's deepest stack ends under it).
#[inline(never)]
fn order_plays(masks: [u16; 4], order: &[(u8, u8); 3], held: u8) -> u32 {
    let mut rest = masks;
    let (chains, planes) = take_chains(order, |per, min| {
        if held >> per.wrapping_sub(1) & 1 == 0 {
            return 0; // per ≥ 1
        }
        take_chain_masks(&mut rest, per, u32::from(min))
    });
    chains.saturating_add(groups_masks(rest, planes.lengths()))
}

/// The airplanes [`take_chains`] took out: their lengths in ranks (at most 6 fit 3 … A, each 2+
/// ranks).
struct Planes {
    lengths: [u8; 6],
    count: usize,
}

impl Planes {
    fn lengths(&self) -> &[u8] {
        self.lengths.get(..self.count).unwrap_or(&[])
    }
}

/// The chains of one of [`CHAIN_ORDERS`], each kind (cards per rank, least ranks) taken out by
/// `take` until it finds none (`take` returns the length taken, 0 for none): their number and
/// the airplanes among them. The same walk for the count masks and for counts rank by rank.
#[inline(always)]
fn take_chains(order: &[(u8, u8); 3], mut take: impl FnMut(u8, u8) -> u32) -> (u32, Planes) {
    let mut chains = 0u32;
    let mut planes = Planes {
        lengths: [0; 6],
        count: 0,
    };
    for &(per, min) in order {
        loop {
            let len = take(per, min);
            if len == 0 {
                break;
            }
            chains = chains.saturating_add(1);
            if per == 3
                && let Some(slot) = planes.lengths.get_mut(planes.count)
            {
                *slot = len as u8;
                planes.count = planes.count.saturating_add(1);
            }
        }
    }
    (chains, planes)
}

/// `groups` from count masks (at most 4 cards a rank).
fn groups_masks([m1, _, m3, m4]: [u16; 4], planes: &[u8]) -> u32 {
    let rocket = m1 & JOKERS == JOKERS;
    let keep = if rocket { !JOKERS } else { u16::MAX };
    // The loose ranks and the triplets counted by one population count of a 32-bit word
    // holding both masks in its halves (the sums stay within each half's low byte: at most 15).
    let pair = u32::from(m1 & !m3 & keep) | u32::from(m3 & !m4 & keep) << 16;
    let mut x = pair.wrapping_sub(pair >> 1 & 0x5555_5555);
    x = (x & 0x3333_3333).wrapping_add(x >> 2 & 0x3333_3333);
    x = x.wrapping_add(x >> 4) & 0x0F0F_0F0F;
    x = x.wrapping_add(x >> 8);
    let (mut loose, triplets) = (x & 0xFF, x >> 16 & 0xFF);
    // Most hands hold no bomb: no population count then.
    let bombs = if m4 & keep == 0 { 0 } else { (m4 & keep).count_ones() };
    loose = loose.saturating_sub(triplets);
    for &len in planes {
        if loose >= u32::from(len) {
            loose = loose.saturating_sub(u32::from(len));
        }
    }
    u32::from(rocket)
        .saturating_add(bombs)
        .saturating_add(triplets)
        .saturating_add(loose)
}

/// `take_chain` on count masks: the first longest run of ranks (3 … A) held `per` times or more,
/// at least `min` long, taken out (each of its ranks moved `per` masks down); its length, 0 when
/// there is none. Out of line: its masks are not in [`plays_left`]'s frame (the search's
/// deepest stack ends under it).
#[inline(never)]
fn take_chain_masks(masks: &mut [u16; 4], per: u8, min: u32) -> u32 {
    let [m1, m2, m3, m4] = *masks;
    let held = match per {
        1 => m1,
        2 => m2,
        _ => m3,
    };
    // Bit `i` of `starts`: ranks `i .. i + len` all held (`len` from `min` up while some run
    // is that long); at the longest length its lowest bit starts the first longest run.
    let mut starts = run_starts(held, min);
    if starts == 0 {
        return 0;
    }
    let held = held & CHAIN_RANKS;
    let mut best_len = min;
    loop {
        let longer = starts & held.checked_shr(best_len).unwrap_or(0);
        if longer == 0 {
            break;
        }
        starts = longer;
        best_len = best_len.saturating_add(1);
    }
    let best_start = starts.trailing_zeros();
    let range = (1u32.checked_shl(best_len).unwrap_or(0).wrapping_sub(1))
        .checked_shl(best_start)
        .unwrap_or(0) as u16;
    let keep = !range;
    // Each rank of the chain moved `per` masks down.
    *masks = match per {
        1 => [
            m1 & keep | m2 & range,
            m2 & keep | m3 & range,
            m3 & keep | m4 & range,
            m4 & keep,
        ],
        2 => [m1 & keep | m3 & range, m2 & keep | m4 & range, m3 & keep, m4 & keep],
        _ => [m1 & keep | m4 & range, m2 & keep, m3 & keep, m4 & keep],
    };
    best_len
}

/// The ranks (3 … A) of `held` starting a run of at least `len` of them. Up to 8 ranks by
/// doubling (the starts of runs of 2, then of 4, then those whose rank `len − 4` on also starts
/// a run of 4: no loop for the chains' 2, 3 and 5), longer rank by rank.
fn run_starts(held: u16, len: u32) -> u16 {
    let held = held & CHAIN_RANKS;
    let two = held & held >> 1;
    match len {
        0 | 1 => held,
        2 => two,
        3 => two & held >> 2,
        4..=8 => {
            let four = two & two >> 2;
            four & four.checked_shr(len.wrapping_sub(4)).unwrap_or(0) // len ≥ 4
        }
        _ => {
            let mut starts = held;
            let mut k = 1u32;
            while k < len {
                starts &= held.checked_shr(k).unwrap_or(0);
                k = k.saturating_add(1);
            }
            starts
        }
    }
}

/// The chain orders of [`plays_left`]: (cards per rank, least ranks) of sequences, pair
/// sequences and airplanes, in three orders.
const CHAIN_ORDERS: [[(u8, u8); 3]; 3] = [
    [(1, 5), (2, 3), (3, 2)],
    [(3, 2), (2, 3), (1, 5)],
    [(2, 3), (1, 5), (3, 2)],
];

/// [`plays_left`] rank by rank, for any counts. Out of line: its count arrays are not in the
/// frame of the mask path (the search's deepest stack ends there).
#[inline(never)]
fn plays_left_by_counts(c: &[u8; RANKS]) -> u32 {
    let mut best = groups(c, &[]);
    if !has_chain(c) {
        return best;
    }
    for order in &CHAIN_ORDERS {
        let mut rest = *c;
        // A chain is at most 12 ranks long (3 … A): its length fits a `u32`.
        let (chains, planes) = take_chains(order, |per, min| take_chain(&mut rest, per, usize::from(min)) as u32);
        best = best.min(chains.saturating_add(groups(&rest, planes.lengths())));
    }
    best
}

/// The auction strength of a hand: 4 for the rocket (else 3 the red joker, 2 the black), 2 a
/// 2, 1 an ace, 3 more a bomb.
fn strength(c: &[u8; RANKS]) -> u32 {
    let (b, r) = (at(c, BLACK), at(c, RED));
    let jokers = if b > 0 && r > 0 {
        4
    } else {
        u32::from(r)
            .saturating_mul(3)
            .saturating_add(u32::from(b).saturating_mul(2))
    };
    let bombs = c.iter().take(TWO.saturating_add(1)).filter(|&&n| n == 4).count() as u32;
    jokers
        .saturating_add(u32::from(at(c, TWO)).saturating_mul(2))
        .saturating_add(u32::from(at(c, ACE)))
        .saturating_add(bombs.saturating_mul(3))
}

/// The greedy bot, cheap enough for search playouts (issue 24: shedding by the fewest plays
/// left, keeping bombs), deterministic for its seed (the seed only breaks exact ties):
///
/// - **Auction**: bids by hand strength (the rocket 4, else the red joker 3 and the black 2;
///   each 2 counts 2, each ace 1, each bomb 3 more): bid 3 from 10, 2 from 8, 1 from 7 (when
///   above the current bid), else passes; in the call / rob auction it calls from 7 and robs
///   from 9.
/// - **Play**: each legal play is scored by [`plays_left`] of the hand after it (×32), plus 50
///   for a bomb, a rocket or a quad + two and 30 for a play that breaks a bomb or the rocket,
///   plus 6 per 2 or joker spent
///   (the hand's control), plus its key rank (0–14: the lower key first); the least score wins.
///   A play that empties the hand is taken at once. Leading, the cheapest play is led. Over an opponent's play, the cheapest
///   beating play is made when its score is at most 32 × the plays left now (no worse than a
///   clean shed), always when an
///   opponent holds 2 cards or fewer (bombs then cost nothing extra); else it passes. Over the
///   partner's play, a peasant passes (unless it can go out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Greedy {
    rng: Rng,
}

impl Greedy {
    /// A greedy bot seeded with `seed`.
    pub const fn new(seed: u64) -> Greedy {
        Greedy { rng: Rng::new(seed) }
    }

    /// The greedy choice of `seat`, or `None` when `seat` is not to act.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        if round.to_act() != Some(seat) {
            return None;
        }
        if round.in_auction() {
            return self.bid(round, seat);
        }
        self.play(round, seat)
    }

    /// [`Greedy::choose`] after the auction (`seat` to act). In a frame of its own, with the hand
    /// as count words only: the search's deepest stack runs through it (the move generator and
    /// [`plays_left`] under it).
    #[inline(never)]
    fn play(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let landlord = round.landlord();
        let top = round.top_seat();
        // Every seat's count is public (the observation's counts), read from the hands without
        // building the whole observation (nor copying a hand).
        let opponent_low = (0u8..3).map(Seat).any(|s| {
            s != seat && (landlord == Some(seat) || landlord == Some(s)) && len_of_words(round.hand_words(s)) <= 2
        });
        let partner_on_top = matches!((top, landlord), (Some(t), Some(l)) if t != seat && l != seat && t != l);
        // The hand and each play as count words: the hand left by a play without a set built.
        let cards = round.hand_words(seat);
        // The ranks the hand holds all four of.
        let [_, _, _, quads] = count_masks_of_words(cards);
        let mut weigh = Weigh {
            cards,
            quads,
            rocket: count_in(cards, BLACK) > 0 && count_in(cards, RED) > 0,
            opponent_low,
            best: None,
            ties: 0,
            winning: None,
            rng: &mut self.rng,
        };
        // The walk's state in one place: the callback holds one reference (a smaller frame
        // under the move generator than one reference per local).
        round.for_each_legal_action(seat, |action| weigh.consider(action));
        let Weigh { best, winning, .. } = weigh;
        if let Some(action) = winning {
            return Some(action);
        }
        match (top, best) {
            (None, Some((_, action))) => Some(action),
            (None, None) => None, // a leader always has a play
            (Some(_), _) if partner_on_top => Some(Action::Pass),
            // The plays left now, only asked here (a lead needs no comparison).
            (Some(_), Some((cost, action)))
                if opponent_low || cost <= plays_left_of_words(cards).saturating_mul(32) =>
            {
                Some(action)
            }
            (Some(_), _) => Some(Action::Pass),
        }
    }

    #[inline(never)]
    fn bid(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let strength = strength(&round.hand(seat).counts());
        let wanted = [
            Action::Bid(3),
            Action::Bid(2),
            Action::Bid(1),
            Action::Rob,
            Action::Call,
        ];
        let want = |a: &Action| match a {
            Action::Bid(3) => strength >= 10,
            Action::Bid(2) => strength >= 8,
            Action::Bid(1) | Action::Call => strength >= 7,
            Action::Rob => strength >= 9,
            _ => false,
        };
        wanted
            .into_iter()
            .find(|a| want(a) && round.is_legal(seat, *a))
            .or(Some(Action::Pass))
    }
}

/// [`Greedy::play`]'s walk over the legal plays: the hand (count words), its quads and rocket,
/// whether an opponent is low, and the best play so far with its ties and generator.
struct Weigh<'r> {
    cards: [u64; 2],
    quads: u16,
    rocket: bool,
    opponent_low: bool,
    best: Option<(u32, Action)>,
    ties: u32,
    /// A play that empties the hand (taken at once: the plays after it are passed over).
    winning: Option<Action>,
    rng: &'r mut Rng,
}

impl Weigh<'_> {
    /// Weighs one legal action (see [`Greedy`]): a play's cost, kept when it is the least so far
    /// (exact ties broken by the generator).
    #[inline(always)]
    fn consider(&mut self, action: Action) {
        let Action::Play(play) = action else { return };
        if self.winning.is_some() {
            return;
        }
        let quads = self.quads;
        // A legal play is part of the hand.
        let played = play.cards.words();
        let Some(after) = minus_words(self.cards, played) else {
            return;
        };
        // (Only asked of a hand holding a quad.)
        let [some, _, _, all] = if quads != 0 {
            count_masks_of_words(played)
        } else {
            [0; 4]
        };
        // A play taking some but not all of a quad breaks a bomb; a quad + two spends a
        // bomb as surely as the bomb itself.
        let breaks_bomb = quads & some & !all != 0;
        let bomb = matches!(play.reading.kind, Kind::Bomb | Kind::Rocket) || quads & all != 0;
        let spent_control = [Rank::Two, Rank::BlackJoker, Rank::RedJoker]
            .into_iter()
            .fold(0u32, |sum, rank| sum.saturating_add(u32::from(play.cards.count(rank))));
        // One joker of the rocket.
        let breaks_bomb = breaks_bomb
            || (self.rocket
                && play.reading.kind != Kind::Rocket
                && (count_in(after, BLACK) > 0) != (count_in(after, RED) > 0));
        if after == [0; 2] {
            self.winning = Some(action);
            return;
        }
        let mut cost = plays_left_of_words(after)
            .saturating_mul(32)
            .saturating_add(play.reading.key as u32);
        if !self.opponent_low {
            if bomb {
                cost = cost.saturating_add(50);
            }
            if breaks_bomb {
                cost = cost.saturating_add(30);
            }
            cost = cost.saturating_add(spent_control.saturating_mul(6));
        }
        match self.best {
            Some((b, _)) if cost > b => {}
            Some((b, _)) if cost == b => {
                self.ties = self.ties.saturating_add(1);
                if self.rng.below(self.ties.saturating_add(1)) == 0 {
                    self.best = Some((cost, action));
                }
            }
            _ => {
                self.ties = 0;
                self.best = Some((cost, action));
            }
        }
    }
}

impl Bot<Round> for Greedy {
    /// [`Greedy::choose`].
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        Greedy::choose(self, round, seat)
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // tests may panic
mod tests {
    use super::{CHAIN_RANKS, run_starts};

    /// Session 19: `run_starts` by doubling gives the rank-by-rank answer (every rank `k < len`
    /// on held) for every set of ranks 3 … 2 and the jokers and every length to 13.
    #[test]
    fn run_starts_by_doubling_matches_the_rank_by_rank_loop() {
        for held in 0..=u16::MAX >> 1 {
            for len in 0..=13u32 {
                let mut expected = held & CHAIN_RANKS;
                for k in 1..len {
                    expected &= (held & CHAIN_RANKS) >> k;
                }
                assert_eq!(run_starts(held, len), expected, "{held:#x} {len}");
            }
        }
    }
}
