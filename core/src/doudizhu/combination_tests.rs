//! Tests of the classifier against its form before session 24 (a branch per kind), kept here
//! as the reference: the same readings, in the same order, for every set tried under every
//! preset and many combinations of the rule flags.

#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]

extern crate std;
use std::vec::Vec;

use super::cards::{Cards, RANKS, Rank, pop};
use super::combination::{ALL_RANKS, CHAIN_TOP, Kind, Preset, PresetId, Reading, classify, rank, run};

/// The readings of the classifier before session 24, strongest first (as `Readings::sort`, a
/// stable insertion sort, ordered them).
fn readings_before(cards: &Cards, preset: &Preset) -> Vec<Reading> {
    let mut out: Vec<Reading> = Vec::new();
    classify_before(cards, preset, &mut out);
    assert!(out.len() <= super::combination::MAX_READINGS, "{cards}");
    let strength = |r: &Reading| {
        let class = match r.kind {
            Kind::Rocket => 2,
            Kind::Bomb => 1,
            _ => 0,
        };
        (class, r.key as u8, r.chain)
    };
    out.sort_by_key(|r| core::cmp::Reverse(strength(r)));
    out
}

/// Bit mask of the suited ranks 3 … 2 (pairs, triplets and quads exist only there).
const SUITED: u16 = (1 << (Rank::Two as usize + 1)) - 1;

/// A card set seen as bit masks: `by_count[k]` has bit `r` when rank `r` has exactly `k`
/// cards. Every test of the classification is a few mask operations on these.
struct Shape {
    n: usize,
    by_count: [u16; 5],
    jokers: bool,
}

impl Shape {
    fn of(cards: &Cards) -> Shape {
        let mut by_count = [0u16; 5];
        let mut n = 0usize;
        for (i, &c) in cards.counts().iter().enumerate() {
            n = n.saturating_add(usize::from(c));
            if let Some(mask) = by_count.get_mut(usize::from(c)) {
                *mask |= 1 << i;
            }
        }
        let jokers = cards.count(Rank::BlackJoker) > 0 && cards.count(Rank::RedJoker) > 0;
        Shape { n, by_count, jokers }
    }

    /// Ranks with exactly `count` cards; none past 4 (a true answer).
    fn mask(&self, count: usize) -> u16 {
        self.by_count.get(count).copied().unwrap_or(0)
    }

    fn present(&self) -> u16 {
        self.mask(1) | self.mask(2) | self.mask(3) | self.mask(4)
    }

    /// Whether the triplets `start..start+len` are there with exactly three cards each and
    /// the other cards are valid single wings under `preset`.
    fn single_wings(&self, start: usize, len: usize, preset: &Preset) -> bool {
        let chain = run(start, len);
        if self.mask(3) & chain != chain {
            return false;
        }
        let outside = !chain & ALL_RANKS;
        let cap = usize::from(preset.wing_copies.clamp(1, 4));
        if (cap + 1..=4).any(|k| self.mask(k) & outside != 0) {
            return false;
        }
        if cap >= 3 && !preset.wing_triplet_next_to_chain {
            let below = start.checked_sub(1).map_or(0, |b| run(b, 1));
            let above = if start.wrapping_add(len) <= CHAIN_TOP {
                run(start.wrapping_add(len), 1)
            } else {
                0
            };
            if (self.mask(3) | self.mask(4)) & (below | above) != 0 {
                return false;
            }
        }
        !self.jokers || preset.both_jokers_as_kickers
    }

    /// Whether the triplets `start..start+len` are there with exactly three cards each and
    /// the other cards are pairs (of different suited ranks, by construction of the masks).
    fn pair_wings(&self, start: usize, len: usize) -> bool {
        let chain = run(start, len);
        let outside = !chain & ALL_RANKS;
        self.mask(3) & chain == chain && (self.mask(1) | self.mask(3) | self.mask(4)) & outside == 0
    }
}

/// Every reading of `cards` under `preset` (the classifier before session 24), unsorted.
fn classify_before(cards: &Cards, preset: &Preset, out: &mut Vec<Reading>) {
    let shape = Shape::of(cards);
    let n = shape.n;
    if n == 0 || n > usize::from(preset.max_cards) {
        return;
    }
    let present = shape.present();
    let distinct = pop(u64::from(present));
    let low = present.trailing_zeros() as usize;
    let high = 15usize.saturating_sub(present.leading_zeros() as usize);
    let push = |out: &mut Vec<Reading>, kind, chain: usize, key: usize| {
        out.push(Reading {
            kind,
            chain: chain as u8,
            key: rank(key),
        });
    };
    // One rank (and the rocket).
    if distinct == 1 {
        match n {
            1 => push(out, Kind::Single, 1, low),
            2 if present & SUITED != 0 => push(out, Kind::Pair, 1, low),
            3 => push(out, Kind::Triplet, 1, low),
            4 => push(out, Kind::Bomb, 1, low),
            _ => {}
        }
        return;
    }
    if n == 2 && shape.jokers {
        push(out, Kind::Rocket, 1, Rank::BlackJoker as usize);
        return;
    }
    // Plain chains: one count throughout, consecutive ranks within 3 … A.
    // No rank present means no card: then no chain fits, whatever `per` is.
    let per = n.checked_div(distinct).unwrap_or(0); // a real default, as just said
    if high <= CHAIN_TOP && present == run(low, distinct) && shape.mask(per) == present {
        match per {
            1 if distinct >= 5 => push(out, Kind::Sequence, distinct, low),
            2 if distinct >= 3 => push(out, Kind::PairSequence, distinct, low),
            3 if distinct >= 2 => push(out, Kind::Airplane, distinct, low),
            _ => {}
        }
    }
    let triplets = shape.mask(3);
    // Triplet + one / + pair (a pair is of a suited rank by construction).
    if distinct == 2 && triplets != 0 {
        let key = triplets.trailing_zeros() as usize;
        match n {
            4 => push(out, Kind::TripletSingle, 1, key),
            5 if shape.mask(2) != 0 => push(out, Kind::TripletPair, 1, key),
            _ => {}
        }
    }
    // Quad + two: the quad is the only rank with four (two quads are never "two pairs").
    let quads = shape.mask(4);
    let k = pop(u64::from(quads));
    if preset.quad_with_two && k == 1 {
        let key = quads.trailing_zeros() as usize;
        let rest_ok = match n {
            6 => {
                shape.mask(3) == 0
                    && (shape.mask(2) == 0 || preset.quad_pair_as_singles)
                    && (!shape.jokers || preset.both_jokers_as_kickers)
            }
            8 => pop(u64::from(shape.mask(2))) == 2 && shape.mask(1) | shape.mask(3) == 0,
            _ => false,
        };
        if rest_ok {
            push(out, if n == 6 { Kind::QuadSingles } else { Kind::QuadPairs }, 1, key);
        }
    }
    // Botzone's chains of quads: k >= 2 consecutive quads within 3 … A, alone (n = 4k), with 2k
    // different singles (n = 6k) or with 2k different pairs (n = 8k).
    if preset.quad_chains && k >= 2 {
        let start = quads.trailing_zeros() as usize;
        let in_chain = start.saturating_add(k) <= CHAIN_TOP.saturating_add(1) && quads == run(start, k);
        let singles = pop(u64::from(shape.mask(1)));
        let pairs = pop(u64::from(shape.mask(2)));
        if in_chain && shape.mask(3) == 0 {
            let wings = k.saturating_mul(2);
            if n == k.saturating_mul(4) {
                push(out, Kind::QuadChain, k, start);
            } else if n == k.saturating_mul(6)
                && singles == wings
                && pairs == 0
                && (!shape.jokers || preset.both_jokers_as_kickers)
            {
                push(out, Kind::QuadSingles, k, start);
            } else if n == k.saturating_mul(8) && pairs == wings && singles == 0 {
                push(out, Kind::QuadPairs, k, start);
            }
        }
    }
    // Airplanes with wings: n = 4k (single wings) or 5k (pair wings), k >= 2.
    if triplets != 0 {
        if n.is_multiple_of(4) && n >= 8 {
            let len = n / 4;
            for start in 0..=(CHAIN_TOP + 1).saturating_sub(len) {
                if shape.single_wings(start, len, preset) {
                    push(out, Kind::AirplaneSingles, len, start);
                }
            }
        }
        if n.is_multiple_of(5) && n >= 10 {
            let len = n / 5;
            for start in 0..=(CHAIN_TOP + 1).saturating_sub(len) {
                if shape.pair_wings(start, len) {
                    push(out, Kind::AirplanePairs, len, start);
                }
            }
        }
    }
}

/// The named presets and every combination of the rule flags (wing copies 1 … 4, the five
/// switches, both size limits).
fn presets() -> Vec<Preset> {
    let mut all: Vec<Preset> = [0u8, 1, 2, 3, 4]
        .iter()
        .map(|&code| PresetId::from_code(code).unwrap().preset())
        .collect();
    for bits in 0u32..256 {
        let flag = |i: u32| bits >> i & 1 != 0;
        all.push(Preset {
            wing_copies: (bits & 3) as u8 + 1,
            wing_triplet_next_to_chain: flag(2),
            both_jokers_as_kickers: flag(3),
            quad_pair_as_singles: flag(4),
            quad_with_two: flag(5),
            max_cards: if flag(6) { 20 } else { 54 },
            quad_chains: flag(7),
        });
    }
    all
}

fn check(cards: &Cards, preset: &Preset) {
    let got: Vec<Reading> = classify(cards, preset).iter().collect();
    assert_eq!(got, readings_before(cards, preset), "{cards} under {preset:?}");
}

/// Every set of at most four cards a rank over each window of five ranks in a row (the chains'
/// and the kickers' neighbourhoods), under every preset and flag combination.
#[test]
fn the_classifier_reads_every_set_of_five_ranks_as_before() {
    let presets = presets();
    for low in 0..=RANKS - 5 {
        let mut counts = [0u8; 5];
        loop {
            let mut c = [0u8; RANKS];
            c[low..low + 5].copy_from_slice(&counts);
            if let Ok(cards) = Cards::from_counts(c) {
                for preset in &presets {
                    check(&cards, preset);
                }
            }
            // Next count vector (base 5).
            let mut i = 0;
            while i < 5 && counts[i] == 4 {
                counts[i] = 0;
                i += 1;
            }
            if i == 5 {
                break;
            }
            counts[i] += 1;
        }
    }
}

/// Every play of the whole deck under each named preset (every combination there is), each
/// with one card more and one card fewer (the near misses), and random sets of every size
/// weighted toward triplets and quads, under every preset and flag combination.
#[test]
fn the_classifier_reads_every_play_and_random_sets_as_before() {
    let presets = presets();
    let mut sets: Vec<Cards> = Vec::new();
    for code in 0u8..5 {
        let preset = PresetId::from_code(code).unwrap().preset();
        super::moves::for_each_move(&Cards::DECK, &Cards::EMPTY, &preset, |c| {
            sets.push(c);
            core::ops::ControlFlow::Continue(())
        })
        .unwrap();
    }
    let mut rng = crate::game::Rng::new(24);
    let plays = sets.len();
    for i in 0..plays {
        let mut c = sets[i].counts();
        let r = rng.below(RANKS as u32) as usize;
        if c[r] > 0 {
            c[r] -= 1;
            sets.push(Cards::from_counts(c).unwrap());
            c[r] += 1;
        }
        let r = rng.below(RANKS as u32) as usize;
        c[r] += 1;
        if let Ok(more) = Cards::from_counts(c) {
            sets.push(more);
        }
    }
    for _ in 0..40_000 {
        let mut c = [0u8; RANKS];
        let density = rng.below(6);
        for (i, slot) in c.iter_mut().enumerate() {
            let cap = Rank::from_index(i).unwrap().copies();
            if rng.below(6) < density {
                *slot = match rng.below(8) {
                    0 | 1 => 1,
                    2 => 2,
                    3..=5 => 3,
                    _ => 4,
                }
                .min(cap);
            }
        }
        sets.push(Cards::from_counts(c).unwrap());
    }
    sets.push(Cards::DECK);
    sets.push(Cards::EMPTY);
    for (i, cards) in sets.iter().enumerate() {
        // Every set under the named presets, a sample of them under every flag combination.
        let all = if i % 16 == 0 { &presets[..] } else { &presets[..5] };
        for preset in all {
            check(cards, preset);
        }
    }
}
