//! The game's own bots: a seeded random one that calls and declares riichi sometimes, and
//! [`Greedy`], the search bot's playout policy (the
//! lowest legal action is [`game::bot::lowest_legal_action`](crate::game::bot::lowest_legal_action)).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::round::MAX_ACTIONS;
use super::score::Wind;
use super::tile::{KINDS, Tile};
use super::{Action, Hand, Round, shanten, ukeire};
use crate::game::{Rng, Seat};

/// A bot choosing among the legal actions with [`Rng`]: it always wins (tsumo, ron) when it
/// may and declares riichi when it may; in a call window it calls with probability 1/4 (a call
/// picked uniformly), else passes; on turn it discards a tile chosen uniformly among those that
/// leave the lowest shanten (so it reaches tenpai and wins now and then). A seed replays the
/// same game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A bot whose choices depend only on `seed`.
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::new(seed) }
    }

    /// A chosen legal action of `seat`, or `None` when it may not act.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let mut buffer = [Action::Pass; MAX_ACTIONS];
        let total = round.legal_actions(seat, &mut buffer).min(MAX_ACTIONS);
        // At most `MAX_ACTIONS` (40): every count below converts to `u32` exactly.
        let below = |n: usize| n as u32;
        let actions = buffer.get(..total)?;
        if actions.is_empty() {
            return None;
        }
        if let Some(&win) = actions.iter().find(|a| matches!(a, Action::Tsumo | Action::Ron)) {
            return Some(win);
        }
        if actions.first() == Some(&Action::Pass) {
            let calls = total.saturating_sub(1);
            let pick = self.rng.below(below(calls.saturating_mul(4))) as usize;
            return match actions.get(pick.saturating_add(1)) {
                Some(&call) if pick < calls => Some(call),
                _ => Some(Action::Pass),
            };
        }
        if let Some(&riichi) = actions.iter().find(|a| matches!(a, Action::Riichi { .. })) {
            return Some(riichi);
        }
        // Three players: a North is set aside whenever it may be (a han of dora, a new tile).
        if actions.contains(&Action::Kita) {
            return Some(Action::Kita);
        }
        // The discards leaving the lowest shanten.
        let mut counts = [0u8; KINDS];
        for id in round.hand(seat) {
            if let Some(c) = counts.get_mut(usize::from(id >> 2)) {
                *c = c.saturating_add(1);
            }
        }
        let mut best = i8::MAX;
        let mut good = 0u64;
        for (kind, _) in counts.iter().enumerate().filter(|&(_, &n)| n != 0) {
            let mut c = counts;
            if let Some(x) = c.get_mut(kind) {
                *x = x.saturating_sub(1);
            }
            // The seat's own hand less a tile is a hand; if it were not (a broken invariant,
            // asserted in debug builds) the discard just counts as no good one.
            let s = match Hand::from_counts(&c).and_then(|h| shanten(&h, None)) {
                Ok(s) => s,
                Err(_) => {
                    debug_assert!(false, "mahjong bot: the hand less a tile is no hand");
                    i8::MAX
                }
            };
            if s < best {
                best = s;
                good = 0;
            }
            if s == best {
                good |= 1u64 << kind;
            }
        }
        let is_good = |a: &&Action| matches!(a, Action::Discard { tile } if good & (1u64 << (tile >> 2)) != 0);
        let n = actions.iter().filter(is_good).count();
        if n == 0 {
            let pick = self.rng.below(below(total)) as usize;
            return actions.get(pick).copied();
        }
        let pick = self.rng.below(below(n)) as usize;
        actions.iter().filter(is_good).nth(pick).copied()
    }
}

/// A greedy player, cheap enough for playouts (the search bot's policy), deterministic for its
/// seed:
///
/// - it wins (tsumo, ron) whenever it may;
/// - in a call window it pons a kind that gives a yaku (a dragon, its seat wind, the round wind)
///   when it is not folding, and otherwise passes;
/// - on its turn, when tenpai after a discard it declares riichi (the riichi discard with the
///   most unseen winning tiles);
/// - when another seat's riichi stick is down and it is not tenpai after its best discard, it
///   folds: it discards the safest tile (one the riichi seat discarded or let pass since its
///   riichi, else an honor with the most copies visible, then terminals, then the rest);
/// - otherwise it discards the tile that leaves the lowest shanten, then the most acceptance
///   (unseen tiles that lower the shanten, counting what it sees: its hand, every discard, meld
///   and dora indicator), ties broken at random (never a red five when a plain copy is there).
///
/// It never declares kans or kyuushu. Only what the seat sees is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Greedy {
    rng: Rng,
}

/// The seat's hand as counts per kind.
pub(super) fn hand_counts(round: &Round, seat: Seat) -> [u8; KINDS] {
    let mut hand = [0u8; KINDS];
    for id in round.hand(seat) {
        if let Some(c) = hand.get_mut(usize::from(id >> 2)) {
            *c = c.saturating_add(1);
        }
    }
    hand
}

/// For each kind of `hand` (counts of a `3n+2` hand), the (shanten, acceptance counting the
/// `visible` tiles) after discarding one tile of it, written into `value`; `(i8::MAX, 0)` for a
/// kind not held. The hand less a tile is a `3n+1` hand; if not (a broken invariant) that
/// discard just rates worst. Into the caller's array (issue 27: no copy of it in this frame,
/// under the suit program on the search bot's deepest stack).
pub(super) fn discard_values(hand: &[u8; KINDS], visible: &[u8; KINDS], value: &mut [(i8, u8); KINDS]) {
    // Without the shanten table: suit by suit, each suit's gains shared across the discards and
    // draws (the same values; about 50 times fewer instructions than a `ukeire` per discard).
    #[cfg(not(feature = "shanten-table"))]
    if super::shanten::discard_rates(hand, visible, value) {
        return;
    }
    *value = discard_values_by_ukeire(hand, visible);
}

/// [`discard_values`] by one [`ukeire`] per held kind: the table build's way, and the reference
/// of the suit-by-suit rates. Not inlined into [`discard_values`]: in the table-free build it
/// only runs on a broken invariant, and its frame would sit under the suit-by-suit one.
#[inline(never)]
pub(super) fn discard_values_by_ukeire(hand: &[u8; KINDS], visible: &[u8; KINDS]) -> [(i8, u8); KINDS] {
    let mut value = [(i8::MAX, 0u8); KINDS];
    for (kind, slot) in value.iter_mut().enumerate() {
        if hand.get(kind).copied().unwrap_or(0) == 0 {
            continue;
        }
        let mut rest = *hand;
        if let Some(c) = rest.get_mut(kind) {
            *c = c.saturating_sub(1);
        }
        if let Ok(u) = Hand::from_counts(&rest).and_then(|h| ukeire(&h, Some(visible), None)) {
            *slot = (u.shanten, u.total);
        }
    }
    value
}

/// Danger ranks of a discard against a riichi (lower is safer).
const SAFE: u8 = 0;

impl Greedy {
    /// A bot whose choices depend only on `seed` and the rounds it sees.
    pub const fn new(seed: u64) -> Greedy {
        Greedy { rng: Rng::new(seed) }
    }

    /// A chosen legal action of `seat`, or `None` when it may not act.
    pub fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        let mut buffer = [Action::Pass; MAX_ACTIONS];
        let total = round.legal_actions(seat, &mut buffer).min(MAX_ACTIONS);
        let actions = buffer.get(..total)?;
        let first = *actions.first()?;
        if let Some(&win) = actions.iter().find(|a| matches!(a, Action::Tsumo | Action::Ron)) {
            return Some(win);
        }
        let threat = (0..4u8).any(|s| s != seat.0 && round.in_riichi(Seat(s)));
        if first == Action::Pass {
            if !threat
                && let Some(&pon) = actions.iter().find(|a| match a {
                    Action::Pon { tiles: [id, _] } => yaku_kind(round, seat, id >> 2),
                    _ => false,
                })
            {
                return Some(pon);
            }
            return Some(Action::Pass);
        }
        // Three players: a North is set aside whenever it may be (a han of dora, a new tile).
        if actions.contains(&Action::Kita) {
            return Some(Action::Kita);
        }
        let visible = visible_counts(round, seat);
        let hand = hand_counts(round, seat);
        // Shanten and acceptance after discarding each kind (computed once per kind).
        let mut value = [(i8::MAX, 0u8); KINDS];
        discard_values(&hand, &visible, &mut value);
        let rate = |a: &Action| match a {
            Action::Discard { tile } | Action::Riichi { tile } => value.get(usize::from(tile >> 2)).copied(),
            _ => None,
        };
        // Riichi when tenpai: the declaration with the most winning tiles.
        if !threat || actions.iter().any(|a| matches!(a, Action::Riichi { .. })) {
            let best_riichi = actions
                .iter()
                .filter(|a| matches!(a, Action::Riichi { .. }))
                .max_by_key(|a| (rate(a).map_or(0, |(_, t)| t), core::cmp::Reverse(red_rank(round, a))));
            if let Some(&riichi) = best_riichi {
                return Some(riichi);
            }
        }
        let discards = || actions.iter().filter(|a| matches!(a, Action::Discard { .. }));
        let best_shanten = discards().filter_map(rate).map(|(s, _)| s).min()?;
        if threat && best_shanten > 0 {
            let danger = |a: &Action| match a {
                Action::Discard { tile } => danger(round, seat, *tile, &visible),
                _ => u8::MAX,
            };
            let safest = discards().map(danger).min()?;
            let keep = |a: &&Action| danger(a) == safest;
            return self.pick(discards().filter(keep), round, |a| rate(a).map_or((i8::MAX, 0), |v| v));
        }
        self.pick(discards(), round, |a| rate(a).map_or((i8::MAX, 0), |v| v))
    }

    /// The best of `candidates` by (lowest shanten, most acceptance), ties at random (a plain
    /// five before a red one of the same kind).
    fn pick<'a>(
        &mut self,
        candidates: impl Iterator<Item = &'a Action> + Clone,
        round: &Round,
        rate: impl Fn(&Action) -> (i8, u8),
    ) -> Option<Action> {
        let key = |a: &Action| {
            let (s, t) = rate(a);
            (core::cmp::Reverse(s), t, core::cmp::Reverse(red_rank(round, a)))
        };
        let best = candidates.clone().map(key).max()?;
        let ties = candidates.clone().filter(|a| key(a) == best).count();
        let pick = self.rng.below(u32::try_from(ties).unwrap_or(u32::MAX)) as usize;
        candidates.filter(|a| key(a) == best).nth(pick).copied()
    }
}

/// 1 for a red five's discard (kept when a plain copy can go instead), else 0.
pub(super) fn red_rank(round: &Round, action: &Action) -> u8 {
    match action {
        Action::Discard { tile } | Action::Riichi { tile } => {
            u8::from(round.config().score.red_fives && matches!(tile, 16 | 52 | 88))
        }
        _ => 0,
    }
}

/// Whether a pon of `kind` gives `seat` a yaku: a dragon, its seat wind or the round wind.
pub(super) fn yaku_kind(round: &Round, seat: Seat, kind: u8) -> bool {
    let start = round.start();
    let wind = |w: Wind| 27u8.saturating_add(w.code());
    kind >= 31 || kind == wind(start.seat_wind_in(seat, round.players())) || kind == wind(start.round_wind)
}

/// The tiles `seat` sees outside its hand, per kind: every discard still in a pond, every meld,
/// the dora indicators.
pub(super) fn visible_counts(round: &Round, seat: Seat) -> [u8; KINDS] {
    let mut seen = [0u8; KINDS];
    let mut add = |id: u8| {
        if let Some(c) = seen.get_mut(usize::from(id >> 2)) {
            *c = c.saturating_add(1).min(4);
        }
    };
    for d in round.discards().filter(|d| !d.called) {
        add(d.tile);
    }
    for s in 0..4u8 {
        for m in round.melds(Seat(s)) {
            m.tiles().iter().copied().for_each(&mut add);
        }
    }
    round.dora_indicators().iter().copied().for_each(&mut add);
    // Three players: the Norths set aside are seen, and 2m-8m are not in the set at all.
    for s in 0..4u8 {
        for _ in 0..round.nukidora(Seat(s)) {
            add(120);
        }
    }
    if round.players() == 3 {
        for c in seen.iter_mut().take(8).skip(1) {
            *c = 4;
        }
    }
    // The hand and what is seen together hold at most four of a kind (ukeire refuses more).
    let mut held = [0u8; KINDS];
    for id in round.hand(seat) {
        if let Some(c) = held.get_mut(usize::from(id >> 2)) {
            *c = c.saturating_add(1);
        }
    }
    for (s, h) in seen.iter_mut().zip(held) {
        *s = (*s).min(4u8.saturating_sub(h));
    }
    seen
}

/// How dangerous discarding `tile` is against the riichi seats (0 = safe against every one):
/// safe when each riichi seat discarded its kind or let it pass since its riichi; otherwise
/// honors (more visible: safer), terminals, twos and eights, the middle.
pub(super) fn danger(round: &Round, seat: Seat, tile: u8, visible: &[u8; KINDS]) -> u8 {
    let kind = tile >> 2;
    let safe = (0..4u8).filter(|&s| s != seat.0 && round.in_riichi(Seat(s))).all(|s| {
        let mut since_riichi = false;
        round.discards().any(|d| {
            if d.seat.0 == s && d.riichi {
                since_riichi = true;
            }
            kind == d.tile >> 2 && (d.seat.0 == s || since_riichi)
        })
    });
    if safe {
        return SAFE;
    }
    let seen = visible.get(usize::from(kind)).copied().unwrap_or(0);
    match Tile::new(kind) {
        Some(t) if t.suit() == super::Suit::Honor => 4u8.saturating_sub(seen.min(3)),
        Some(t) if t.number() == 1 || t.number() == 9 => 5,
        Some(t) if t.number() == 2 || t.number() == 8 => 6,
        _ => 7,
    }
}

impl crate::game::bot::Bot<Round> for Greedy {
    fn choose(&mut self, round: &Round, seat: Seat) -> Option<Action> {
        Greedy::choose(self, round, seat)
    }
}
