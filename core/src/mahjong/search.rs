//! What the search bot needs of Riichi ([`game::Search`]): a round consistent with one seat's
//! observation (determinization), the greedy playout policy ([`Greedy`]) and the reward.
//!
//! # Determinization
//!
//! What seat `o` cannot see: the other seats' closed tiles (less the tiles a chankan window shows:
//! the added tile, or the four of a closed kan a thirteen-orphans hand may rob), the live wall not
//! yet drawn, the replacement tiles not yet drawn, the dora indicators not yet turned and every
//! ura indicator. [`game::Search::determinize`] deals those ids again at random among those places
//! (the other seats keep their tile counts, the walls their lengths), keeping what is public or
//! inferable:
//!
//! - everything `o` sees: its own hand and drawn tile, every meld, discard (with its flags) and
//!   turned indicator, the scores, sticks, riichi and ippatsu state, the phase, whose turn;
//! - **riichi**: a seat whose riichi stick is down holds a tenpai hand (its hand has not changed
//!   since, but for the drawn tile of its turn and closed kans). Its hidden tiles are built as a
//!   random complete hand from the unseen tiles less one tile, and redrawn (up to 48 times) while a
//!   tile it let pass since its riichi — another seat's discard it did not ron, its own tsumogiri
//!   it did not tsumo — would be one of its waits (a riichi hand always has a yaku, so it would
//!   have won);
//! - **furiten** is recomputed from the sampled hands and the public history as the engine keeps
//!   it: a seat is temporarily furiten when a discard since its own last discard is among its
//!   waits, and in riichi furiten for good when one since its riichi is (a tile added to a kan that
//!   nobody robbed is not counted: its moment is not in the public log);
//! - **an open call window**: the answers already given by other seats are hidden. When `o` is
//!   the seat to answer, the seats before it in turn order have answered — in the sample they
//!   passed; the seats after it are asked again with their sampled hands. Otherwise every other
//!   seat is asked again, and at least one of them may answer (the window is open): samples
//!   where none could are redrawn, and if every try fails a seat drawn at random is asked (it
//!   may only pass).
//!
//! The result is a valid round (its byte form decodes); the draw is uniform over the unseen ids
//! for seats not in riichi (tested with a chi-square bound).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::bot::Greedy;
use super::round::{
    Bits, DORA_AT, NO_ANSWER, NONE, Outcome, PHASE_CALLS, PHASE_CHANKAN, PHASE_OVER, PHASE_TURN, POND_TSUMOGIRI,
    RINSHAN_AT, Round, SEATS, TILE_IDS, URA_AT, at, at_mut, bit_ids, bits_has, bits_insert, bits_len, bits_remove,
};
use super::round_play::kind_of;
use super::tile::KINDS;
use super::{Action, Error};
use crate::game::{self, Rng, Seat, shuffle};

/// How many times a riichi seat's hand is redrawn to respect the tiles it let pass.
const RIICHI_TRIES: usize = 48;

/// Swaps entries `i` and `j` of `items` (nothing when either is out of range): no `swap`, whose
/// bounds check would be a panic path in the C library.
fn swap_at(items: &mut [u8], i: usize, j: usize) {
    if let (Some(&a), Some(&b)) = (items.get(i), items.get(j)) {
        if let Some(x) = items.get_mut(i) {
            *x = b;
        }
        if let Some(y) = items.get_mut(j) {
            *y = a;
        }
    }
}

/// A pool of tile ids (at most 136), a fixed array.
#[derive(Clone, Copy)]
struct Pool {
    ids: [u8; TILE_IDS],
    len: usize,
}

impl Pool {
    const fn new() -> Pool {
        Pool {
            ids: [0; TILE_IDS],
            len: 0,
        }
    }

    fn push(&mut self, id: u8) {
        if let Some(slot) = self.ids.get_mut(self.len) {
            *slot = id;
            self.len = self.len.saturating_add(1);
        }
    }

    fn as_slice(&self) -> &[u8] {
        self.ids.get(..self.len).unwrap_or(&[])
    }

    fn as_mut_slice(&mut self) -> &mut [u8] {
        let len = self.len;
        self.ids.get_mut(..len).unwrap_or(&mut [])
    }

    /// Removes and returns the first id of `kind` at or after `from`, moving it to `from` (the
    /// ids before `from` are taken).
    fn take_kind(&mut self, from: usize, kind: u8) -> bool {
        let Some(found) = self
            .as_slice()
            .iter()
            .skip(from)
            .position(|&id| kind_of(id) == kind)
            .and_then(|i| i.checked_add(from))
        else {
            return false;
        };
        swap_at(self.as_mut_slice(), from, found);
        true
    }
}

/// The wall positions no seat has seen: not drawn and not turned.
fn hidden_positions(round: &Round) -> impl Iterator<Item = usize> + '_ {
    let layout = round.layout();
    let live_end = layout.live_at.saturating_add(usize::from(round.draws));
    let replacements = round.replacements();
    let dora_end = layout.dora_at.saturating_add(usize::from(round.dora));
    (0..layout.end).filter(move |&p| {
        let drawn = p < live_end || (0..replacements).any(|r| layout.replacement(r) == p);
        let turned = (layout.dora_at..dora_end).contains(&p);
        !(drawn || turned)
    })
}

impl Round {
    /// The ids of the actor's hand a chankan window shows (the added tile, or the four of a
    /// closed kan).
    fn shown_in_hand(&self) -> Bits {
        let mut shown: Bits = [0; 3];
        if self.phase == PHASE_CHANKAN {
            let kind = kind_of(self.window_tile);
            for id in bit_ids(self.hand_bits(self.actor)) {
                if id == self.window_tile || (self.window_ankan && kind_of(id) == kind) {
                    bits_insert(&mut shown, id);
                }
            }
        }
        shown
    }

    /// Whether `seat` is known to hold a tenpai hand: its riichi stick is down, or the open
    /// window is on its riichi declaration.
    fn declared(&self, seat: u8) -> bool {
        *at(&self.riichi, seat) != 0 || (self.phase == PHASE_CALLS && self.actor == seat && self.riichi_declared != 0)
    }

    /// Where `seat`'s riichi declaration is in the pond (`None`: none).
    fn riichi_index(&self, seat: u8) -> Option<usize> {
        if !self.declared(seat) {
            return None;
        }
        self.discards().position(|d| d.seat.0 == seat && d.riichi)
    }

    /// The discards that have passed (every discard but the one an open window is on).
    fn passed_discards(&self) -> usize {
        let len = usize::from(self.pond_len);
        if self.phase == PHASE_CALLS {
            len.saturating_sub(1)
        } else {
            len
        }
    }

    /// Whether riichi seat `seat`'s waits (in the cache) meet a tile it let pass since its riichi.
    fn riichi_missed_a_win(&self, seat: u8) -> bool {
        let Some(from) = self.riichi_index(seat) else {
            return false;
        };
        let waits = *at(&self.waits, seat);
        self.discards()
            .take(self.passed_discards())
            .skip(from.saturating_add(1))
            .any(|d| waits & (1u64 << kind_of(d.tile)) != 0 && (d.seat.0 != seat || d.tsumogiri))
    }

    /// Furiten of `seat` from its sampled waits and the public history (see the module docs).
    fn recompute_furiten(&mut self, seat: u8) {
        let bit = 1u8 << (seat & 3);
        self.furiten_temp &= !bit;
        self.furiten_riichi &= !bit;
        let waits = *at(&self.waits, seat);
        if waits == 0 {
            return;
        }
        let passed = self.passed_discards();
        let last_own = self
            .discards()
            .take(passed)
            .enumerate()
            .filter(|(_, d)| d.seat.0 == seat)
            .last();
        let since = last_own.map_or(0, |(i, _)| i.saturating_add(1));
        let missed = |from: usize| {
            self.discards()
                .take(passed)
                .skip(from)
                .any(|d| d.seat.0 != seat && waits & (1u64 << kind_of(d.tile)) != 0)
        };
        // The actor's temporary furiten is moot (it cannot ron) and cleared by its discard.
        let temp = seat != self.actor && missed(since);
        let riichi =
            *at(&self.riichi, seat) != 0 && self.riichi_index(seat).is_some_and(|i| missed(i.saturating_add(1)));
        if temp || (riichi && seat != self.actor) {
            self.furiten_temp |= bit;
        }
        if riichi {
            self.furiten_riichi |= bit;
        }
    }

    /// Builds riichi seat `seat`'s hidden tiles (`count` of them, `extra` of which is a drawn
    /// tile on turn) from `pool[from..]`, moving them to `pool[from..from + count]`: a random
    /// complete hand less one tile, plus the drawn tile. `false` when the pool has no such shape
    /// (the tiles are then left as they were).
    fn tenpai_from_pool(pool: &mut Pool, from: usize, count: usize, extra: bool, rng: &mut Rng) -> bool {
        let closed = if extra { count.saturating_sub(1) } else { count };
        // A tenpai hand of `closed` = 3k + 1 tiles: k sets and a pair, less one tile.
        let sets = closed / 3;
        for _ in 0..8u8 {
            let mut counts = [0u8; KINDS];
            for &id in pool.as_slice().iter().skip(from) {
                if let Some(c) = counts.get_mut(usize::from(kind_of(id))) {
                    *c = c.saturating_add(1);
                }
            }
            let mut shape = [0u8; 14];
            let mut n = 0usize;
            let mut ok = true;
            let mut put = |kind: u8, counts: &mut [u8; KINDS], n: &mut usize| -> bool {
                match (counts.get_mut(usize::from(kind)), shape.get_mut(*n)) {
                    (Some(c), Some(slot)) if *c > 0 => {
                        *c = c.saturating_sub(1);
                        *slot = kind;
                        *n = n.saturating_add(1);
                        true
                    }
                    _ => false,
                }
            };
            // The pair first, then the sets.
            let mut placed = false;
            for _ in 0..16 {
                let kind = rng.below(KINDS as u32) as u8;
                if counts.get(usize::from(kind)).is_some_and(|&c| c >= 2) {
                    placed = put(kind, &mut counts, &mut n) && put(kind, &mut counts, &mut n);
                    break;
                }
            }
            ok &= placed;
            for _ in 0..sets {
                let mut done = false;
                for _ in 0..24 {
                    let kind = rng.below(KINDS as u32) as u8;
                    let run = kind < 27 && kind % 9 <= 6 && rng.below(4) != 0;
                    if run {
                        let (a, b, c) = (kind, kind.saturating_add(1), kind.saturating_add(2));
                        let have = |k: u8| counts.get(usize::from(k)).is_some_and(|&x| x > 0);
                        if have(a) && have(b) && have(c) {
                            done = put(a, &mut counts, &mut n)
                                && put(b, &mut counts, &mut n)
                                && put(c, &mut counts, &mut n);
                            break;
                        }
                    } else if counts.get(usize::from(kind)).is_some_and(|&c| c >= 3) {
                        done = put(kind, &mut counts, &mut n)
                            && put(kind, &mut counts, &mut n)
                            && put(kind, &mut counts, &mut n);
                        break;
                    }
                }
                if !done {
                    ok = false;
                    break;
                }
            }
            if !ok {
                continue;
            }
            // Drop one tile of the complete shape; add the drawn tile (any kind left).
            let drop = rng.below(n as u32) as usize;
            if let Some(last) = n.checked_sub(1) {
                swap_at(&mut shape, drop, last);
                n = last;
            }
            if extra {
                let left: u32 = counts.iter().map(|&c| u32::from(c)).sum();
                let mut pick = rng.below(left);
                for (kind, &c) in (0u8..).zip(counts.iter()) {
                    if pick < u32::from(c) {
                        if let Some(slot) = shape.get_mut(n) {
                            *slot = kind;
                            n = n.saturating_add(1);
                        }
                        break;
                    }
                    pick = pick.saturating_sub(u32::from(c));
                }
            }
            if n != count {
                continue;
            }
            let mut at = from;
            for &kind in shape.iter().take(n) {
                if !pool.take_kind(at, kind) {
                    return false; // counted above: cannot happen
                }
                at = at.saturating_add(1);
            }
            return true;
        }
        false
    }

    /// A round consistent with what `seat` has observed (see the module docs).
    pub(super) fn sample_for(&self, seat: u8, rng: &mut Rng) -> Result<Round, Error> {
        if seat > 3 {
            return Err(Error::NoSuchSeat { seat });
        }
        let mut round = self.clone();
        if self.phase == PHASE_OVER {
            return Ok(round);
        }
        let shown = self.shown_in_hand();
        // The hidden ids: the other seats' unshown closed tiles (seat order), then the hidden
        // wall positions.
        let mut pool = Pool::new();
        let mut counts = [0usize; SEATS];
        for s in (0..4u8).filter(|&s| s != seat) {
            for id in bit_ids(self.hand_bits(s)).filter(|&id| !bits_has(&shown, id)) {
                pool.push(id);
                let c = at_mut(&mut counts, s);
                *c = c.saturating_add(1);
            }
        }
        let mut old_hidden: Bits = [0; 3];
        for &id in pool.as_slice() {
            bits_insert(&mut old_hidden, id);
        }
        for p in hidden_positions(self) {
            if let Some(&id) = self.wall.get(p) {
                pool.push(id);
            }
        }
        // Riichi seats first (their tenpai shapes), then the others from what is left.
        let riichi_seats = (0..4u8).filter(|&s| s != seat && *at(&self.riichi, s) != 0);
        let mut order = [0u8; SEATS];
        let mut n_order = 0usize;
        for s in riichi_seats.chain((0..4u8).filter(|&s| s != seat && *at(&self.riichi, s) == 0)) {
            if let Some(slot) = order.get_mut(n_order) {
                *slot = s;
                n_order = n_order.saturating_add(1);
            }
        }
        let order = order.get(..n_order).unwrap_or(&[]);
        let constrained = |s: &u8| self.declared(*s);
        let any_declared = order.iter().any(constrained);
        // An open window the seat does not answer first: another seat may answer it (a fact the
        // seat infers from the window being open).
        let window = matches!(self.phase, PHASE_CALLS | PHASE_CHANKAN) && self.to_act() != Some(Seat(seat));
        let mut fallback: Option<Round> = None;
        for attempt in 0..RIICHI_TRIES {
            shuffle(pool.as_mut_slice(), rng);
            let mut from = 0usize;
            for &s in order {
                let count = *at(&counts, s);
                if self.declared(s) {
                    let extra = self.phase == PHASE_TURN && self.actor == s && self.drawn != NONE;
                    Round::tenpai_from_pool(&mut pool, from, count, extra, rng);
                }
                from = from.saturating_add(count);
            }
            let candidate = self.dealt_from(seat, &pool, order, &counts, &old_hidden, &shown, rng)?;
            let tenpai = order
                .iter()
                .filter(|s| constrained(s))
                .all(|&s| *at(&candidate.waits, s) != 0);
            let answered = !window || candidate.another_answers(seat);
            let honest = tenpai && answered && !order.iter().any(|&s| candidate.riichi_missed_a_win(s));
            if honest || (!any_declared && answered) {
                round = candidate;
                break;
            }
            if attempt.saturating_add(1) == RIICHI_TRIES {
                // No sample keeps every fact: the first tenpai one that keeps the window, else
                // this one.
                round = fallback.take().unwrap_or(candidate);
            } else if tenpai && answered && fallback.is_none() {
                fallback = Some(candidate);
            }
        }
        round.finish_window(seat, rng)?;
        Ok(round)
    }

    /// The round with the pool dealt: `pool[..]` to the seats of `order` (`counts` each), the
    /// rest to the hidden wall positions; the drawn part of the wall, the drawn tile, the waits
    /// and furiten follow.
    #[allow(clippy::too_many_arguments)]
    fn dealt_from(
        &self,
        seat: u8,
        pool: &Pool,
        order: &[u8],
        counts: &[usize; SEATS],
        old_hidden: &Bits,
        shown: &Bits,
        rng: &mut Rng,
    ) -> Result<Round, Error> {
        let mut round = self.clone();
        let mut ids = pool.as_slice().iter().copied();
        let mut new_hidden: Bits = [0; 3];
        let mut last_new = [NONE; SEATS];
        for &s in order {
            let hand = at_mut(&mut round.hands, s);
            let mut kept: Bits = [0; 3];
            for id in bit_ids(*hand).filter(|&id| bits_has(shown, id)) {
                bits_insert(&mut kept, id);
            }
            *hand = kept;
            for k in 0..*at(counts, s) {
                let id = ids.next().ok_or(Error::Internal)?;
                bits_insert(hand, id);
                bits_insert(&mut new_hidden, id);
                // The last one dealt to a riichi seat on turn is its drawn tile.
                if k.saturating_add(1) == *at(counts, s) {
                    *at_mut(&mut last_new, s) = id;
                }
            }
        }
        // The hidden wall positions get the rest of the pool, in order; in the drawn part of the
        // wall, where the other seats' old hidden tiles were, their new ones go (any order: the
        // drawn part is a set).
        let mut fresh = bit_ids(new_hidden);
        let mut hidden = hidden_positions(self).peekable();
        for (p, (slot, &old)) in round.wall.iter_mut().zip(self.wall.iter()).enumerate() {
            if hidden.peek() == Some(&p) {
                let _ = hidden.next();
                *slot = ids.next().ok_or(Error::Internal)?;
            } else if bits_has(old_hidden, old) {
                *slot = fresh.next().ok_or(Error::Internal)?;
            }
        }
        // The drawn tile of another seat on turn: the extra tile of a riichi seat, else one of
        // its hidden tiles at random.
        let actor = self.actor;
        if actor != seat && self.drawn != NONE && !bits_has(shown, self.drawn) {
            round.drawn = if *at(&self.riichi, actor) != 0 {
                *at(&last_new, actor)
            } else {
                let mut hidden = round.hand_bits(actor);
                for id in bit_ids(*shown) {
                    bits_remove(&mut hidden, id);
                }
                let n = u32::from(bits_len(&hidden));
                let pick = rng.below(n) as usize;
                bit_ids(hidden).nth(pick).ok_or(Error::Internal)?
            };
        }
        round.refresh_waits();
        for &s in order {
            round.recompute_furiten(s);
        }
        Ok(round)
    }

    /// Whether a seat other than `seat` and the window's actor may answer the open window.
    fn another_answers(&self, seat: u8) -> bool {
        (1..self.players())
            .map(|k| self.next_seat(self.actor, k))
            .filter(|&s| s != seat)
            .any(|s| {
                let mut can = false;
                if self.phase == PHASE_CALLS {
                    self.call_actions(s, &mut |_| can = true);
                } else {
                    can = self.can_ron(s, self.window_tile, true);
                }
                can
            })
    }

    /// The open window's answers and pending seats for the sample (see the module docs).
    fn finish_window(&mut self, seat: u8, rng: &mut Rng) -> Result<(), Error> {
        if !matches!(self.phase, PHASE_CALLS | PHASE_CHANKAN) {
            return Ok(());
        }
        let observer_first = self.to_act() == Some(Seat(seat));
        let mut before = observer_first;
        let mut pending = self.pending & (1u8 << seat);
        for k in 1..self.players() {
            let s = self.next_seat(self.actor, k);
            if s == seat {
                before = false;
                continue;
            }
            let mut can = false;
            if self.phase == PHASE_CALLS {
                self.call_actions(s, &mut |_| can = true);
            } else {
                can = self.can_ron(s, self.window_tile, true);
            }
            let answer = at_mut(&mut self.answers, s);
            if before {
                *answer = if can { Action::Pass.to_code() } else { NO_ANSWER };
            } else {
                *answer = NO_ANSWER;
                if can {
                    pending |= 1u8 << s;
                }
            }
        }
        if pending == 0 {
            // The window is open, so some other seat may answer it; no sample found one (after
            // every try): a seat drawn at random among the others is asked (it may pass).
            let mut others = [0u8; 2];
            let mut n = 0usize;
            for s in (0..self.players()).filter(|&s| s != seat && s != self.actor) {
                if let Some(slot) = others.get_mut(n) {
                    *slot = s;
                    n = n.saturating_add(1);
                }
            }
            let pick = rng.below(n as u32) as usize;
            pending = others.get(pick).map_or(0, |&s| 1u8 << s);
        }
        self.pending = pending;
        Ok(())
    }
}

/// The reward of `seat` in an outcome: `0.5 + change / 32000`, clamped to `0..=1`, where
/// `change` is the seat's point change in the round including the riichi stick it put down
/// (a mangan won = 0.75, a mangan dealt in = 0.25, no change = 0.5).
pub fn reward(outcome: &Outcome, seat: Seat) -> f32 {
    let delta = outcome.deltas.get(seat.index()).copied().unwrap_or(0);
    let stick = if outcome.riichi.get(seat.index()).copied().unwrap_or(false) {
        super::round::RIICHI_STICK
    } else {
        0
    };
    let change = delta.saturating_sub(stick);
    (0.5 + change as f32 / 32_000.0).clamp(0.0, 1.0)
}

impl game::Search for Round {
    type Playout = Greedy;

    fn playout(seed: u64) -> Greedy {
        Greedy::new(seed)
    }

    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Result<Round, Error> {
        self.sample_for(seat.0, rng)
    }

    /// [`advice::advise`](super::advice::advise): the greedy policy with hand value, calls for
    /// speed, dama, push or fold and the match standing.
    fn advice(&self, seat: Seat, seed: u64) -> Option<Action> {
        super::advice::advise(self, seat, seed)
    }

    /// [`reward`]: `0.5 + change / 32000` clamped, the seat's point change with its stick.
    fn reward(outcome: &Outcome, seat: Seat) -> f32 {
        reward(outcome, seat)
    }
}

// The layout constants this module relies on.
const _: () = assert!(URA_AT == DORA_AT + 5 && RINSHAN_AT + 4 == DORA_AT);
const _: () = assert!(POND_TSUMOGIRI != 0);
