//! Builds the built-in suit classifier from the dynamic program (test-only; `std` is fine here).
//!
//! 1. Every numbered-suit pattern of at most 14 tiles gets its [`Gains`] from
//!    [`suit_table`]; the distinct ones are the classes.
//! 2. A layered automaton over the nine counts is minimised from the last number backwards: two
//!    prefixes are one state when every continuation reaches the same class. Patterns of more
//!    than 14 tiles never occur in a hand, so they are "don't care" and let states merge.

// Generator code (tests only, std): indexing and plain arithmetic are fine here.
#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

extern crate std;

use std::collections::HashMap;
use std::string::String;
use std::vec::Vec;

use super::{CLASS_BYTES, Gains, NUMBERS};
use crate::mahjong::gains::lane;
use crate::mahjong::suit_program::{gains_from_costs, suit_table};

/// A continuation that no hand reaches (more than 14 tiles in the suit).
const ANY: u32 = u32::MAX;

/// The generated data: transitions (little-endian `u16`) and the classes' gains, plus what the
/// check needs: every pattern's class (`ANY` past 14 tiles) and the gains per class.
pub(super) struct Generated {
    pub(super) transitions: Vec<u8>,
    pub(super) classes: Vec<u8>,
    /// For classes `i ≥ j`, entry `i(i+1)/2 + j`: the index of their convolution in
    /// `pair_classes` (two numbered suits together).
    pub(super) pairs: Vec<u8>,
    /// The distinct convolutions of two classes, or of a class and an honor class,
    /// [`CLASS_BYTES`] each.
    pub(super) pair_classes: Vec<u8>,
    /// For class `c` and honor class `h`, entry `c × honor classes + h`: the index of their
    /// convolution in `pair_classes`.
    pub(super) suit_honors: Vec<u8>,
    /// For the honors held at least once, twice, three times `7 ≥ x ≥ y ≥ z`, entry
    /// `x(x+1)(x+2)/6 + y(y+1)/2 + z`: the honor class.
    pub(super) honor_index: Vec<u8>,
    /// The distinct honor gains, [`CLASS_BYTES`] each.
    pub(super) honor_classes: Vec<u8>,
    pub(super) class_of_pattern: Vec<u32>,
    pub(super) gains: Vec<Gains>,
}

/// Whether `class` is a pattern's class (not "more than 14 tiles").
pub(super) fn is_class(class: u32) -> bool {
    class != ANY
}

/// Classes of all `5^9` patterns (index: counts as base-5 digits, first number most significant).
fn classes() -> (Vec<u32>, Vec<Gains>) {
    let mut ids: HashMap<Gains, u32> = HashMap::new();
    let mut gains = Vec::new();
    let total = 5usize.pow(NUMBERS as u32);
    let mut class = std::vec![ANY; total];
    for (index, slot) in class.iter_mut().enumerate() {
        let mut counts = [0u8; NUMBERS];
        let mut rest = index;
        for count in counts.iter_mut().rev() {
            *count = (rest % 5) as u8;
            rest /= 5;
        }
        if counts.iter().map(|&c| usize::from(c)).sum::<usize>() > 14 {
            continue;
        }
        let g = gains_from_costs(&suit_table(&counts));
        *slot = *ids.entry(g).or_insert_with(|| {
            gains.push(g);
            (gains.len() - 1) as u32
        });
    }
    (class, gains)
}

/// Merges the keys of one layer into states; `ANY` entries match anything. Returns each key's
/// state (`ANY` for keys that are all `ANY`) and the states' transitions.
fn merge(keys: &[[u32; 5]]) -> (Vec<u32>, Vec<[u32; 5]>) {
    let mut distinct: Vec<[u32; 5]> = keys.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    // Fully known keys first, so partial ones join an existing state when they can.
    distinct.sort_by_key(|key| (key.iter().filter(|&&t| t == ANY).count(), *key));
    let mut states: Vec<[u32; 5]> = Vec::new();
    let mut state_of: HashMap<[u32; 5], u32> = HashMap::new();
    for key in distinct {
        if key.iter().all(|&t| t == ANY) {
            state_of.insert(key, ANY);
            continue;
        }
        let fits = |state: &[u32; 5]| key.iter().zip(state).all(|(&k, &s)| k == ANY || s == ANY || k == s);
        let found = states.iter().position(fits);
        let id = match found {
            Some(id) => {
                for (s, &k) in states[id].iter_mut().zip(&key) {
                    if *s == ANY {
                        *s = k;
                    }
                }
                id
            }
            None => {
                states.push(key);
                states.len() - 1
            }
        };
        state_of.insert(key, id as u32);
    }
    (keys.iter().map(|key| state_of[key]).collect(), states)
}

/// Builds the automaton and the class list; an error when a transition outgrows `u16`.
pub(super) fn generate() -> Result<Generated, String> {
    let (class, gains) = classes();
    let class_of_pattern = class.clone();
    // layers[l]: the states reached after l numbers, with their five transitions.
    let mut layers: Vec<Vec<[u32; 5]>> = Vec::new();
    let mut reached = class;
    for len in (0..NUMBERS).rev() {
        let keys: Vec<[u32; 5]> = (0..5usize.pow(len as u32))
            .map(|prefix| core::array::from_fn(|c| reached[prefix * 5 + c]))
            .collect();
        let (state_of, states) = merge(&keys);
        layers.push(states);
        reached = state_of;
    }
    layers.reverse();
    // Global numbering: the transitions of layer l come after those of the layers before it; an
    // entry holds 5 × the target's global index (so a walk adds the next count), or in the last
    // layer the class. Unreachable (`ANY`) entries point at a valid state.
    let mut first = Vec::new();
    let mut next = 0usize;
    for layer in &layers {
        first.push(next);
        next += layer.len();
    }
    let mut transitions = Vec::new();
    for (l, layer) in layers.iter().enumerate() {
        for state in layer {
            for &target in state {
                let value = match (l + 1 < NUMBERS, target) {
                    (_, ANY) if l + 1 < NUMBERS => 5 * first[l + 1],
                    (true, t) => 5 * (first[l + 1] + t as usize),
                    (false, ANY) => 0,
                    (false, t) => t as usize,
                };
                let value = u16::try_from(value).map_err(|_| std::format!("transition {value} outgrows u16"))?;
                transitions.extend_from_slice(&value.to_le_bytes());
            }
        }
    }
    let classes: Vec<u8> = gains
        .iter()
        .flat_map(|g| (0..2).flat_map(move |pair| (0..5).map(move |sets| g[lane(pair, sets)])))
        .collect();
    assert_eq!(classes.len(), gains.len() * CLASS_BYTES);
    let (honor_index, honors) = honor_classes();
    let (pairs, suit_honors, pair_classes) = pairs_of(&gains, &honors)?;
    Ok(Generated {
        transitions,
        classes,
        pairs,
        pair_classes,
        suit_honors,
        honor_index,
        honor_classes: to_bytes(&honors),
        class_of_pattern,
        gains,
    })
}

/// The (max, +) convolution of two gains tables, written plainly: `s` sets in all and at most
/// one pair, split every way between the two.
fn convolve(a: &Gains, b: &Gains) -> Gains {
    let mut out = [0u8; 16];
    for sets in 0..5 {
        for k in 0..=sets {
            let no_pair = a[lane(0, k)] + b[lane(0, sets - k)];
            let pair = (a[lane(0, k)] + b[lane(1, sets - k)]).max(a[lane(1, k)] + b[lane(0, sets - k)]);
            out[lane(0, sets)] = out[lane(0, sets)].max(no_pair);
            out[lane(1, sets)] = out[lane(1, sets)].max(pair);
        }
    }
    out
}

/// Gains tables as bytes: the ten used lanes of each, no pair then pair.
fn to_bytes(gains: &[Gains]) -> Vec<u8> {
    gains
        .iter()
        .flat_map(|g| (0..2).flat_map(move |pair| (0..5).map(move |sets| g[lane(pair, sets)])))
        .collect()
}

/// The honor class of every count triple (in the order `x`, then `y`, then `z`, each ascending)
/// and the distinct honor gains.
fn honor_classes() -> (Vec<u8>, Vec<Gains>) {
    let mut index = Vec::new();
    let mut distinct: Vec<Gains> = Vec::new();
    for x in 0..8u8 {
        for y in 0..=x {
            for z in 0..=y {
                let g = crate::mahjong::suit_program::honor_gains_of(x, y, z);
                let id = distinct.iter().position(|d| *d == g).unwrap_or_else(|| {
                    distinct.push(g);
                    distinct.len() - 1
                });
                index.push(id as u8);
            }
        }
    }
    (index, distinct)
}

/// The pair ids, the suit-and-honors ids, and the distinct convolutions as bytes.
type PairTables = (Vec<u8>, Vec<u8>, Vec<u8>);

/// Ids of the convolutions of every two classes (the lower triangle: convolution is symmetric)
/// and of every class with every honor class, into their distinct values (returned as bytes);
/// an error if there are more than 256 of them.
fn pairs_of(gains: &[Gains], honors: &[Gains]) -> Result<PairTables, String> {
    let mut ids: HashMap<Gains, u8> = HashMap::new();
    let mut distinct: Vec<Gains> = Vec::new();
    let mut id_of = |g: Gains| -> Result<u8, String> {
        if let Some(&id) = ids.get(&g) {
            return Ok(id);
        }
        let id = u8::try_from(distinct.len()).map_err(|_| String::from("more than 256 pair classes"))?;
        ids.insert(g, id);
        distinct.push(g);
        Ok(id)
    };
    let mut pairs = Vec::new();
    for i in 0..gains.len() {
        for j in 0..=i {
            pairs.push(id_of(convolve(&gains[i], &gains[j]))?);
        }
    }
    let mut suit_honors = Vec::new();
    for g in gains {
        for h in honors {
            suit_honors.push(id_of(convolve(g, h))?);
        }
    }
    Ok((pairs, suit_honors, to_bytes(&distinct)))
}
