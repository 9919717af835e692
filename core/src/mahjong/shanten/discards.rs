//! The shanten and tile acceptance after each discard of a `3n+2` hand, suit by suit (the
//! table-free build's greedy and advice bots, issue 27): what [`ukeire`](super::ukeire) gives for
//! the hand less each kind in turn, without recomputing the three numbered suits per discard and
//! per drawn kind.
//!
//! A discard changes one suit and a draw one suit, so of the gains tables (see the
//! [parent module](super)) only those of the patterns "hand's suit less the discard plus the
//! draw" are new: each suit of the hand and it plus each drawn kind (shared by every discard
//! from another suit), each suit less a held kind and that plus each drawn kind of the same suit,
//! each pattern with its drawn kinds in one sweep of the suit program
//! ([`suit_gains_drawn`]: a drawn kind's search starts two numbers before it, a lone tile is a
//! join). A
//! drawn kind is accepted when the hand's regular shanten drops — its suit's new gains joined
//! with the other three suits' (their join computed once per discard) — or its seven-pairs or
//! thirteen-orphans shanten does (closed forms: a draw changes one count). No memo beyond those
//! arrays (the drawn suits' gains packed in a word each: 27 + 9 words).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::{honor_gains_of, regular_shanten, seven_pairs_from, thirteen_orphans_from};
use crate::mahjong::hand::MAX_HAND;
use crate::mahjong::rules::suit_counts;
use crate::mahjong::suit_program::{Packed, Partner, join, pack_gains, suit_gains_drawn};
use crate::mahjong::tile::KINDS;

/// Whether kind `k` is a terminal or an honor.
fn orphan(k: usize) -> bool {
    k >= 27 || matches!(k % 9, 0 | 8)
}

/// Kinds of the honors (`counts[27..]`) held at least once, twice and three times.
fn honor_census(counts: &[u8; KINDS]) -> [u8; 3] {
    let mut ge = [0u8; 3];
    for &c in counts.iter().skip(27) {
        for (slot, at_least) in ge.iter_mut().zip(1u8..) {
            // At most 7 kinds: no wrap.
            *slot = slot.wrapping_add(u8::from(c >= at_least));
        }
    }
    ge
}

/// The honors' packed gains when one honor held `count` times (0–2) is drawn once more, from the
/// census `ge` of the honors held.
fn honor_drawn(ge: [u8; 3], count: u8) -> Packed {
    let [a, b, c] = ge;
    // A count below 7 (a kind held `count` times, not yet counted at `count + 1`): no wrap.
    let up = |x: u8, at: u8| x.wrapping_add(u8::from(count == at));
    pack_gains(&honor_gains_of(up(a, 0), up(b, 1), up(c, 2)))
}

/// The seven-pairs and thirteen-orphans census of a hand: kinds held at least twice and once,
/// orphan kinds held, whether an orphan is held twice.
#[derive(Clone, Copy)]
struct Forms {
    pairs: u8,
    kinds: u8,
    orphans: u8,
    orphan_pair: bool,
}

impl Forms {
    fn of(counts: &[u8; KINDS]) -> Forms {
        let mut f = Forms {
            pairs: 0,
            kinds: 0,
            orphans: 0,
            orphan_pair: false,
        };
        for (k, &c) in counts.iter().enumerate() {
            for held in 0..c {
                f = f.with(k, held);
            }
        }
        f
    }

    /// The census with one more copy of kind `k`, held `c` times before (counts below 34).
    fn with(self, k: usize, c: u8) -> Forms {
        let new_kind = u8::from(c == 0);
        Forms {
            pairs: self.pairs.wrapping_add(u8::from(c == 1)),
            kinds: self.kinds.wrapping_add(new_kind),
            orphans: self.orphans.wrapping_add(if orphan(k) { new_kind } else { 0 }),
            orphan_pair: self.orphan_pair || (orphan(k) && c == 1),
        }
    }

    /// The lower of the seven-pairs and thirteen-orphans shanten.
    fn shanten(self) -> i8 {
        seven_pairs_from(self.pairs, self.kinds).min(thirteen_orphans_from(self.orphans, self.orphan_pair))
    }
}

/// For each kind of `hand` (the counts of a `3n+2` hand of at most 14 tiles, each at most 4),
/// the (shanten, acceptance) of the hand less one tile of it, exactly what
/// [`ukeire`](super::ukeire)`(hand less it, Some(visible), None)` gives as `(shanten, total)`;
/// `(i8::MAX, 0)` for a kind not held or where that call fails (the hand and `visible` holding
/// five of a kind), written into `value`; `false` (`value` left as it is) for counts that are no
/// such hand (the caller asks `ukeire` per kind). Into the caller's array rather than returned:
/// no second copy in this frame under the suit program (issue 27, the search bot's stack).
pub(crate) fn discard_rates(hand: &[u8; KINDS], visible: &[u8; KINDS], value: &mut [(i8, u8); KINDS]) -> bool {
    let mut len = 0usize;
    let mut over = 0u64; // kinds the hand and `visible` hold five or more of
    for (k, (&c, &v)) in hand.iter().zip(visible).enumerate() {
        if c > 4 {
            return false;
        }
        len = len.wrapping_add(usize::from(c)); // 34 counts of at most 4
        if c.saturating_add(v) > 4 {
            over |= 1u64 << k;
        }
    }
    if len > MAX_HAND || len % 3 != 2 {
        return false;
    }
    let rest_len = len.wrapping_sub(1); // len ≥ 2
    let sets = rest_len / 3;
    let full = rest_len == 13;
    // Each suit's gains, and with one kind drawn (for discards from the other suits).
    let mut plus = [[0 as Packed; 9]; 3];
    let mut base = [0 as Packed; 3];
    for (suit, (slot, drawn)) in base.iter_mut().zip(plus.iter_mut()).enumerate() {
        *slot = suit_gains_drawn(&suit_counts(hand, suit), drawn);
    }
    for (d, slot) in value.iter_mut().enumerate() {
        *slot = (i8::MAX, 0);
        let held = hand.get(d).copied().unwrap_or(0);
        let shown = visible.get(d).copied().unwrap_or(0);
        if held == 0 || over & !(1u64 << d) != 0 || held.wrapping_sub(1).saturating_add(shown) > 4 {
            continue;
        }
        *slot = rate_discard(hand, visible, d, &base, &plus, sets, full);
    }
    true
}

/// The (shanten, acceptance) of `hand` less one tile of kind `d` (held, checked by the caller),
/// from each numbered suit's packed gains (`base`) and with each kind drawn (`plus`), for a hand
/// less a tile needing `sets` sets (`full`: 13 tiles, seven pairs and thirteen orphans count). In a frame of its own (issue 27, the search bot's stack on
/// a microcontroller): its arrays not beside [`discard_rates`]' shared ones under the suit
/// program's sweep of the discard's suit.
#[inline(never)]
fn rate_discard(
    hand: &[u8; KINDS],
    visible: &[u8; KINDS],
    d: usize,
    base: &[Packed; 3],
    plus: &[[Packed; 9]; 3],
    sets: usize,
    full: bool,
) -> (i8, u8) {
    let d_suit = d / 9;
    // The suit the discard left (numbered suits only), and it with each kind drawn.
    let mut gains = *base;
    let mut left_drawn = [0 as Packed; 9];
    if let Some(g) = gains.get_mut(d_suit) {
        let mut counts = suit_counts(hand, d_suit);
        if let Some(c) = counts.get_mut(d % 9) {
            *c = c.wrapping_sub(1); // held ≥ 1 (checked by the caller)
        }
        *g = suit_gains_drawn(&counts, &mut left_drawn);
    }
    accepted(hand, visible, d, gains, &left_drawn, plus, (sets, full))
}

/// [`rate_discard`]'s (shanten, acceptance) of `hand` less a tile of kind `d`, from its
/// numbered suits' packed `gains` (the discard's suit's already less it) and each kind drawn
/// (`left_drawn` for the suit the discard left, `plus` for the other numbered suits). In a frame
/// of its own: its arrays not beside the suit program's sweep.
#[inline(never)]
fn accepted(
    hand: &[u8; KINDS],
    visible: &[u8; KINDS],
    d: usize,
    gains: [Packed; 3],
    left_drawn: &[Packed; 9],
    plus: &[[Packed; 9]; 3],
    (sets, full): (usize, bool),
) -> (i8, u8) {
    let mut rest = *hand;
    if let Some(c) = rest.get_mut(d) {
        *c = c.wrapping_sub(1); // held ≥ 1 (checked by the caller)
    }
    let d_suit = d / 9;
    let ge = honor_census(&rest);
    let [m, p, s] = gains;
    let z = pack_gains(&honor_gains_of(ge[0], ge[1], ge[2]));
    let (mp, sz) = (join(m, p), join(s, z));
    let regular = regular_shanten(sets, Partner::new(sz, sets).used(mp));
    let forms = Forms::of(&rest);
    let before = if full { regular.min(forms.shanten()) } else { regular };
    // Each suit's partners: the other three suits joined.
    let others = [join(p, sz), join(m, sz), join(mp, z), join(mp, s)].map(|b| Partner::new(b, sets));
    let drawn_honors = [0u8, 1, 2].map(|c| honor_drawn(ge, c));
    let mut total = 0u8;
    for (k, (&c, &v)) in rest.iter().zip(visible).enumerate() {
        if c >= 4 {
            continue;
        }
        let suit = k / 9;
        let drawn = if suit == 3 {
            // A fourth honor adds nothing to the regular form.
            drawn_honors.get(usize::from(c)).copied().unwrap_or(z)
        } else if suit == d_suit {
            left_drawn.get(k % 9).copied().unwrap_or(0)
        } else {
            plus.get(suit).and_then(|p| p.get(k % 9)).copied().unwrap_or(0)
        };
        let Some(partners) = others.get(suit) else {
            continue; // `suit` < 4
        };
        let mut after = regular_shanten(sets, partners.used(drawn));
        if full {
            after = after.min(forms.with(k, c).shanten());
        }
        if after < before {
            // The hand and `visible` hold at most 4 of a kind together (checked above).
            total = total.saturating_add(4u8.saturating_sub(c).saturating_sub(v));
        }
    }
    (before, total)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
    extern crate std;
    use super::*;
    use crate::mahjong::Hand;
    use crate::mahjong::shanten::ukeire;

    /// The reference: one `ukeire` per held kind of the hand less it.
    fn by_ukeire(hand: &[u8; KINDS], visible: &[u8; KINDS]) -> [(i8, u8); KINDS] {
        let mut value = [(i8::MAX, 0u8); KINDS];
        for (kind, slot) in value.iter_mut().enumerate() {
            if hand[kind] == 0 {
                continue;
            }
            let mut rest = *hand;
            rest[kind] -= 1;
            if let Ok(u) = Hand::from_counts(&rest).and_then(|h| ukeire(&h, Some(visible), None)) {
                *slot = (u.shanten, u.total);
            }
        }
        value
    }

    struct Xorshift(u64);
    impl Xorshift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// A random `3n+2` hand (dealt from a whole wall, from a few kinds, from one suit, or
    /// honor-heavy) and tiles visible elsewhere (never five of a kind with the hand, but now and
    /// then all four of a kind).
    fn random_hand(rng: &mut Xorshift) -> ([u8; KINDS], [u8; KINDS]) {
        let len = 2 + 3 * rng.below(5);
        let kinds: std::vec::Vec<usize> = match rng.below(4) {
            0 => (0..KINDS).collect(),
            1 => (0..2 + rng.below(7)).map(|_| rng.below(KINDS)).collect(),
            2 => {
                let suit = rng.below(3) * 9;
                (suit..suit + 9).collect()
            }
            _ => (0..6).map(|_| rng.below(KINDS)).chain(27..34).collect(),
        };
        for _ in 0..100 {
            let mut hand = [0u8; KINDS];
            let mut placed = 0;
            for _ in 0..1000 {
                if placed == len {
                    break;
                }
                let k = kinds[rng.below(kinds.len())];
                if hand[k] < 4 {
                    hand[k] += 1;
                    placed += 1;
                }
            }
            if placed < len {
                continue;
            }
            let mut visible = [0u8; KINDS];
            for _ in 0..rng.below(40) {
                let k = rng.below(KINDS);
                if hand[k] + visible[k] < 4 {
                    visible[k] += 1;
                }
            }
            return (hand, visible);
        }
        // Too few kinds for the size: a hand of two tiles.
        let mut hand = [0u8; KINDS];
        hand[kinds[0]] = 2;
        (hand, [0; KINDS])
    }

    /// The suit-by-suit rates equal one `ukeire` per discard on 20,000 random hands of every
    /// `3n+2` size (and a hand with five of a kind against `visible` rates those discards worst).
    #[test]
    fn discard_rates_match_ukeire_per_discard() {
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
        let mut tenpai = 0;
        for n in 0..20_000 {
            let (hand, mut visible) = random_hand(&mut rng);
            if n % 50 == 0 {
                // Five of a kind with `visible`: only the discard of it may be rated.
                let k = rng.below(KINDS);
                visible[k] = 5 - hand[k].max(1);
            }
            let mut got = [(0, 0); KINDS];
            assert!(discard_rates(&hand, &visible, &mut got));
            assert_eq!(got, by_ukeire(&hand, &visible), "{hand:?} {visible:?}");
            tenpai += got.iter().filter(|v| v.0 == 0).count();
        }
        assert!(tenpai > 1000, "{tenpai}");
    }

    /// Counts that are no `3n+2` hand are left to the caller.
    #[test]
    fn discard_rates_refuse_other_counts() {
        let mut hand = [0u8; KINDS];
        hand[0] = 3;
        assert!(!discard_rates(&hand, &[0; KINDS], &mut [(0, 0); KINDS]));
        hand[0] = 5;
        assert!(!discard_rates(&hand, &[0; KINDS], &mut [(0, 0); KINDS]));
        hand[0] = 2;
        assert!(discard_rates(&hand, &[0; KINDS], &mut [(0, 0); KINDS]));
    }
}
