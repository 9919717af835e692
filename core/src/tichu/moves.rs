//! Move generation: every distinct legal play from a hand (spec "Beyond the seed").
//!
//! Plays are distinct *card sets*: in a suited hand `5j5s` and `5j5p` are two pairs, in a
//! rank-only hand there is one pair of 5s. A set with the Phoenix is produced once, with its
//! strongest reading that beats the table (`3456P` is 3–7, not 2–6). The order is fixed: singles,
//! pairs, triples, full houses, straights, stairs, four-of-a-kind bombs, straight-flush bombs,
//! the Dog; within a type by rising rank.

use core::ops::ControlFlow;

use super::Error;
use super::card::{
    COUNT_LOW_BITS, Cards, DOG_BIT, DRAGON_BIT, MAHJONG_BIT, NATURAL_LOW_BITS, PHOENIX_BIT, Rank, SUITED_BIT,
};
use super::combination::{Combination, DRAGON_KEY, Kind, MAHJONG_KEY, phoenix_single_on};

/// The most cards a hand may have (a full Tichu hand).
pub const MAX_HAND: usize = 14;

/// The most distinct plays [`for_each_move`] can produce, in any situation: 1,674 (from
/// `JJ QQQQ KKKK AAA` + Phoenix, suited, on the lead), so a buffer of this many entries always
/// suffices for [`moves`] (13.4 KB of `Cards`, against 131 KB for the trivial 2¹⁴ − 1).
///
/// Proven by exhaustion (`max_moves_is_the_proven_maximum` in `tests/tests/tichu.rs`, ignored by
/// default: about a minute in release mode): a play on any table is a combination and so also a
/// play on the lead, and the wish only removes plays, so the lead bounds every turn; on the lead
/// the plays are the subsets of the hand that are combinations, which depends only on how many
/// cards of each rank the hand holds (a suit decides straight flush or straight, both plays),
/// and a rank-only hand has at most the plays of a suited one; adding a card never removes a
/// play, so 14-card hands suffice; the Dog and the Dragon (one play each) are never better than
/// a natural card in their place. The maximum over all 15,231,140 count vectors of 14 cards,
/// with and without the Mah Jong and the Phoenix, is 1,674. Should a caller still pass a smaller
/// buffer, the answer is [`Error::BufferTooSmall`], never an overrun.
pub const MAX_MOVES: usize = 1674;

/// The subsets of one rank's 4-bit group of a given size.
#[derive(Clone, Copy)]
struct Choices {
    items: [u8; 6],
    len: u8,
}

/// `[group][size]`: every subset of `group` with `size` bits (suited hands: the suits to pick).
const SUITED_CHOICES: [[Choices; 5]; 16] = choice_table(true);
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // evaluated at compile time only
const _: () = {
    let mut group = 0;
    while group < SUITED_CHOICES.len() {
        let mut size = 0;
        while size < SUITED_CHOICES[group].len() {
            let entry = &SUITED_CHOICES[group][size];
            assert!(
                entry.len as usize <= entry.items.len(),
                "a choice list longer than its items"
            );
            size += 1;
        }
        group += 1;
    }
};
/// `[size]`: the one canonical subset of `size` cards in a rank-only hand, the low run
/// (`choice_table(false)` as one byte per size instead of a 560-byte table: flash on
/// microcontrollers; tested equal).
static LOW_RUNS: [u8; 5] = [0, 0b1, 0b11, 0b111, 0b1111];

#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // evaluated at compile time only: a miss is a build error
const fn choice_table(suited: bool) -> [[Choices; 5]; 16] {
    let mut table = [[Choices { items: [0; 6], len: 0 }; 5]; 16];
    let mut group = 0;
    while group < 16 {
        let mut sub = 1;
        while sub < 16 {
            let size = (sub as u8).count_ones() as usize;
            let wanted = if suited { true } else { sub == (1 << size) - 1 };
            if sub & group == sub && wanted {
                let entry = &mut table[group][size];
                entry.items[entry.len as usize] = sub as u8;
                entry.len += 1;
            }
            sub += 1;
        }
        group += 1;
    }
    table
}

/// `choice_table(false)[group][size]`: the low run of `size` cards when `group` holds it (sizes
/// 1 to 4), else none.
fn rank_only_choices(group: u8, size: usize) -> &'static [u8] {
    match LOW_RUNS.get(size..=size) {
        Some(run @ [bits]) if size > 0 && bits & group == *bits => run,
        _ => &[],
    }
}

/// The bit offset of rank value `value` (2..=14) in a card mask.
const fn shift(value: u8) -> u32 {
    (value as u32).saturating_sub(2) << 2 // value ≤ 15: below 64
}

/// The low bits of the 4-bit groups of `x` (bits `4·v`, `v` < 16) gathered into bits `v`.
const fn gather_groups(x: u64) -> u16 {
    let x = x & 0x1111_1111_1111_1111;
    let x = (x | x >> 3) & 0x0303_0303_0303_0303;
    let x = (x | x >> 6) & 0x000F_000F_000F_000F;
    let x = (x | x >> 12) & 0x0000_00FF_0000_00FF;
    ((x | x >> 24) & 0xFFFF) as u16
}

/// Whether `ranks` has more bits set than `one` allows (0 or 1): `ranks.count_ones() >
/// u32::from(one)` without a population count (a long sequence on targets without the
/// instruction, and the straights' and stairs' loops ask at every step).
const fn more_than(ranks: u16, one: bool) -> bool {
    if one {
        ranks & ranks.wrapping_sub(1) != 0
    } else {
        ranks != 0
    }
}

/// The bits of rank values `low..=high` in a rank bitmask (bit `v` = rank value `v`).
const fn window(low: u8, high: u8) -> u16 {
    if low > high || high > 15 {
        return 0;
    }
    // high ≤ 15 and low ≤ high (checked): the difference is positive and fits.
    ((1u32 << high.wrapping_add(1)).wrapping_sub(1u32 << low)) as u16
}

/// The card-mask bits of every suit of the natural ranks `low..=high` (2..=14; else empty).
const fn natural_bits(low: u8, high: u8) -> u64 {
    if low < 2 || high > 14 || low > high {
        return 0;
    }
    // 2 ≤ low ≤ high ≤ 14 (checked): the shifts are at most 52, both minus-ones of non-zero.
    ((1u64 << shift(high.wrapping_add(1))).wrapping_sub(1)) & !((1u64 << shift(low)).wrapping_sub(1))
}

/// Whether the walks pass over blocks of plays counted in closed form (a full house's triple
/// rank, [`Gen::full_houses`]; a product's choices, [`Gen::product`]; a rank's plays): hosted
/// builds do (the self-play benchmark's counts); bare-metal builds, where the round walks its
/// listing and nothing skips, take a skip play by play ([`Gen::pass_over`]; the same plays and
/// weight left: `full_house_blocks_are_their_products` checks both), in less code.
const BLOCKS: bool = !cfg!(target_os = "none");

/// A play's type, length and key ([`Combination::new`]'s arguments), as the generator passes
/// them: one small value.
type Spec = (Kind, u8, u8);

/// At most one part per rank of a straight or stairs.
const MAX_PARTS: usize = 14;

/// The generator's fixed inputs.
/// The callback is a trait object so that the generator is compiled once, not once per caller
/// (it is most of Tichu's flash on a microcontroller); the indirect call per play is noise.
struct Gen<'f> {
    hand: u64,
    /// Rank bitmask (bit `v` = rank value `v`, 1 = Mah Jong): held at least once.
    ge1: u16,
    /// The per-rank counts ([`Cards::count_word`]), for the ranks held at least twice and
    /// three times ([`Gen::ge2`], [`Gen::ge3`]: asked only by full houses and stairs).
    counts: u64,
    phoenix: bool,
    suited: bool,
    previous: Option<Combination>,
    /// Only bombs (the plays out of turn).
    bombs_only: bool,
    /// Weight still to pass over before `f` is called ([`walk`]): each play takes it down by
    /// its weight, and a block of plays of one reading (a rank's pairs, a straight's suit
    /// choices, a full house's triple rank) is passed over whole, counted in closed form,
    /// while it fits. 0 for a plain walk.
    skip: usize,
    /// The weight of a play holding the Mah Jong (1; 14 when the caller counts its 13 wishes).
    mahjong_weight: usize,
    /// Only plays of this many cards (0: any; [`reading_of`], where the hand is the play).
    exact: u8,
    /// [`BLOCKS`], or `false` in the test that runs the bare-metal walks on the host.
    #[cfg(test)]
    blocks: bool,
    f: &'f mut dyn FnMut(Cards, Combination) -> ControlFlow<()>,
}

impl Gen<'_> {
    /// [`BLOCKS`] (a test's walk may say `false`). Also whether a straight of one choice per
    /// rank, and rank-only stairs, are emitted without [`Gen::product`] (the same play).
    #[cfg(not(test))]
    const fn blocks(&self) -> bool {
        BLOCKS
    }

    /// [`BLOCKS`], or `false` in the test of the bare-metal walks.
    #[cfg(test)]
    const fn blocks(&self) -> bool {
        self.blocks
    }

    /// The ranks held at least twice (bit `v` for rank value `v`, 1 the Mah Jong).
    fn ge2(&self) -> u16 {
        let counts = self.counts;
        gather_groups((counts >> 1 | counts >> 2 | counts >> 3) & COUNT_LOW_BITS)
    }

    /// The ranks held at least three times: counts 0b0011 or 0b01xx (counts are at most 4).
    fn ge3(&self) -> u16 {
        let counts = self.counts;
        gather_groups(((counts & counts >> 1) | counts >> 2) & COUNT_LOW_BITS)
    }

    /// The 4-bit suit group of rank value `value` (2..=14; 0 for any other value).
    fn group(&self, value: u8) -> u8 {
        if !(2..=14).contains(&value) {
            return 0;
        }
        ((self.hand >> shift(value)) & 0xF) as u8
    }

    /// The subsets of size `size` of the cards of rank `value`.
    fn choices(&self, value: u8, size: usize) -> &'static [u8] {
        let group = self.group(value);
        if !self.suited {
            return rank_only_choices(group, size);
        }
        match SUITED_CHOICES.get(usize::from(group)).and_then(|row| row.get(size)) {
            // Every entry's `len` ≤ 6, the items' length (a build-time check below): the
            // fallback is never taken.
            Some(entry) => entry.items.get(..usize::from(entry.len)).unwrap_or(&[]),
            None => &[],
        }
    }

    /// The key a play of the non-bomb type `kind` with `len` cards must exceed to beat the
    /// table (0 on the lead); `None` when no such play beats it ([`Combination::beats`]).
    fn floor(&self, kind: Kind, len: u8) -> Option<u8> {
        if self.exact != 0 && self.exact != len {
            return None;
        }
        match self.previous {
            None => Some(0),
            Some(prev) if prev.kind() == kind && prev.len() == len && !prev.is_bomb() => Some(prev.key()),
            Some(_) => None,
        }
    }

    /// Emits `mask` (naturals and specials) as `spec` (type, length, key) if that beats the
    /// table. The type, length and key in one argument, the mask in a register pair: no
    /// argument on the stack at the calls (flash on a microcontroller).
    fn emit(&mut self, spec: Spec, mask: u64) -> ControlFlow<()> {
        match self.reading(spec) {
            Some(combination) => self.deliver(mask, combination),
            None => ControlFlow::Continue(()),
        }
    }

    /// The combination `spec` (type, length, key) when it is one and beats the table.
    fn reading(&self, (kind, len, key): Spec) -> Option<Combination> {
        Combination::new(kind, len, key)
            .ok()
            .filter(|combination| combination.beats(self.previous) && (self.exact == 0 || self.exact == len))
    }

    /// The lengths of the plays of a type of `min..=max` cards to look at: [`Gen::exact`], or
    /// the previous play's, else all.
    fn lens(&self, min: u8, max: u8) -> (u8, u8) {
        let len = match (self.exact, self.previous) {
            (0, None) => return (min, max),
            (0, Some(prev)) => prev.len(),
            (exact, _) => exact,
        };
        (len, len)
    }

    /// Passes `mask` over (taking its weight off [`Gen::skip`]) or hands it to `f`.
    fn deliver(&mut self, mask: u64, combination: Combination) -> ControlFlow<()> {
        let weight = if mask & MAHJONG_BIT != 0 {
            self.mahjong_weight
        } else {
            1
        };
        if self.skip >= weight {
            self.skip = self.skip.wrapping_sub(weight); // ≥ weight: checked just above
            return ControlFlow::Continue(());
        }
        let suited = if self.suited && mask & ((1 << 52) - 1) != 0 {
            SUITED_BIT
        } else {
            0
        };
        (self.f)(Cards::from_bits(mask | suited), combination)
    }

    /// Whether a block of `plays` plays, each holding the Mah Jong or not (`mahjong`), fits in
    /// [`Gen::skip`]: then it is passed over (the skip taken down by its weight) and `true`.
    /// Never without [`Gen::blocks`] (bare metal, where nothing counts the plays: the round
    /// walks its listing): there a skip is taken play by play ([`Gen::deliver`]; the same
    /// plays and skip left, tested), and the blocks' sizes are not computed (flash).
    fn pass_over(&mut self, plays: usize, mahjong: bool) -> bool {
        if !self.blocks() {
            return false;
        }
        let weight = if mahjong { self.mahjong_weight } else { 1 };
        let block = plays.saturating_mul(weight);
        if self.skip >= block {
            self.skip = self.skip.wrapping_sub(block); // ≥ block: checked just above
            true
        } else {
            false
        }
    }

    /// Whether type `kind` can follow the table (bombs are handled apart).
    fn wants(&self, kind: Kind) -> bool {
        self.previous.is_none_or(|prev| prev.kind() == kind)
    }

    /// Every product of one choice per part (rank value, number of its cards to take), plus
    /// `extra`, emitted as `kind`/`len`/`key`. A flush among natural straights is left to the
    /// straight flushes. The mask is updated in place as the odometer turns (amortised O(1) per
    /// play), and the parts are two bytes each, so a call sets up almost nothing.
    fn product(&mut self, spec: Spec, parts: &[(u8, u8)], extra: u64) -> ControlFlow<()> {
        let Some(combination) = self.reading(spec) else {
            return ControlFlow::Continue(());
        };
        let (kind, ..) = spec;
        let check_flush = kind == Kind::Straight && self.suited && extra == 0;
        // The block's size in closed form: the product of the choices, less the straight
        // flushes (one card per rank, all of one suit: one per suit every rank holds).
        let mut total = 1usize;
        let mut common = 0xFu8;
        let mut mask = extra;
        let mut run_low = 0u64;
        for &(value, size) in parts {
            let options = self.choices(value, usize::from(size));
            let Some(&first) = options.first() else {
                return ControlFlow::Continue(());
            };
            total = total.saturating_mul(options.len());
            common &= self.group(value);
            mask |= u64::from(first) << shift(value);
            run_low |= 1u64 << shift(value);
        }
        // A straight's parts are one card each, so its flushes are the suits every part holds.
        let flushes = if check_flush { common.count_ones() as usize } else { 0 };
        if self.pass_over(total.saturating_sub(flushes), extra & MAHJONG_BIT != 0) {
            return ControlFlow::Continue(());
        }
        let mut index = [0u8; MAX_PARTS];
        loop {
            // One card per rank, all of suit `s`: a straight flush, not a plain straight.
            let flush = check_flush && (0..4u32).any(|s| (mask >> s) & run_low == run_low);
            if !flush {
                self.deliver(mask, combination)?;
            }
            // Advance the odometer, lowest rank first.
            let mut advanced = false;
            for (&(value, size), i) in parts.iter().zip(index.iter_mut()) {
                let options = self.choices(value, usize::from(size));
                // The odometer keeps `*i` below `options.len()` (it only steps to an existing
                // option, and every part has at least one).
                debug_assert!(usize::from(*i) < options.len());
                let current = options.get(usize::from(*i)).copied().unwrap_or(0);
                let next = i.saturating_add(1);
                if let Some(&bits) = options.get(usize::from(next)) {
                    mask ^= u64::from(current ^ bits) << shift(value);
                    *i = next;
                    advanced = true;
                    break;
                }
                debug_assert!(!options.is_empty(), "tichu generator: a part without options");
                let first = options.first().copied().unwrap_or(0);
                mask ^= u64::from(current ^ first) << shift(value);
                *i = 0;
            }
            if !advanced {
                return ControlFlow::Continue(());
            }
        }
    }

    /// The natural ranks held (bit `v` for rank value `v`) whose plays of key `2·v` beat a
    /// floor of `floor`.
    fn ranks_above(&self, floor: u8) -> u16 {
        // Keys 2·v > floor ⇔ v > floor / 2; rank values 2..=14.
        let above = !((2u32 << (floor / 2).min(15)).wrapping_sub(1)) & 0x7FFC;
        self.ge1 & above as u16
    }

    /// The natural singles' whole block above the floor (`ranks`, from [`Gen::ranks_above`]) at
    /// once: one single per natural card (suited), per rank (rank-only).
    #[inline(always)]
    fn singles_total(&self, ranks: u16) -> usize {
        let total = if self.suited {
            let low = ranks.trailing_zeros() as u8;
            Cards::ones(self.hand & natural_bits(low, 14))
        } else {
            ranks.count_ones()
        };
        total as usize
    }

    /// The natural singles, their own loop (the hosted builds': 5 % faster self-play than
    /// [`Gen::same_rank`] with `k` = 1, which bare-metal builds take for 300 bytes less; the two
    /// are tested equal, skips included).
    fn natural_singles(&mut self) -> ControlFlow<()> {
        if cfg!(target_os = "none") {
            return self.same_rank(1, Kind::Single);
        }
        let Some(floor) = self.floor(Kind::Single, 1) else {
            return ControlFlow::Continue(());
        };
        let mut ranks = self.ranks_above(floor);
        if self.pass_over(self.singles_total(ranks), false) {
            return ControlFlow::Continue(());
        }
        while ranks != 0 {
            let value = ranks.trailing_zeros() as u8; // 2..=14
            ranks &= ranks.wrapping_sub(1);
            let options = self.choices(value, 1);
            if self.pass_over(options.len(), false) {
                continue;
            }
            let Ok(combination) = Combination::new(Kind::Single, 1, value.wrapping_mul(2)) else {
                continue;
            };
            for &sub in options {
                self.deliver(u64::from(sub) << shift(value), combination)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Natural singles (`k` = 1: the Phoenix's choices of no card are none), pairs (`k` = 2)
    /// or triples (`k` = 3), natural or with the Phoenix; one rank's plays passed over whole.
    fn same_rank(&mut self, k: usize, kind: Kind) -> ControlFlow<()> {
        let len = k as u8;
        let Some(floor) = self.floor(kind, len) else {
            return ControlFlow::Continue(());
        };
        let mut ranks = self.ranks_above(floor);
        if !self.blocks() {
            // Bare metal: each rank's plays as the products of one part, natural then with the
            // Phoenix (its choices of no card are none), the same plays in less code (tested
            // with the walks without blocks).
            while ranks != 0 {
                let value = ranks.trailing_zeros() as u8; // 2..=14
                ranks &= ranks.wrapping_sub(1);
                let spec = (kind, len, value.wrapping_mul(2));
                self.product(spec, &[(value, len)], 0)?;
                if self.phoenix {
                    self.product(spec, &[(value, len.wrapping_sub(1))], PHOENIX_BIT)?;
                }
            }
            return ControlFlow::Continue(());
        }
        if k == 1 && self.pass_over(self.singles_total(ranks), false) {
            return ControlFlow::Continue(());
        }
        while ranks != 0 {
            let value = ranks.trailing_zeros() as u8; // 2..=14
            ranks &= ranks.wrapping_sub(1);
            let natural = self.choices(value, k);
            let with_phoenix = if self.phoenix {
                self.choices(value, k.wrapping_sub(1))
            } else {
                &[]
            };
            if self.pass_over(natural.len().saturating_add(with_phoenix.len()), false) {
                continue;
            }
            let Ok(combination) = Combination::new(kind, len, value.wrapping_mul(2)) else {
                continue;
            };
            for &sub in natural {
                self.deliver(u64::from(sub) << shift(value), combination)?;
            }
            for &sub in with_phoenix {
                self.deliver((u64::from(sub) << shift(value)) | PHOENIX_BIT, combination)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn full_houses(&mut self) -> ControlFlow<()> {
        let Some(floor) = self.floor(Kind::FullHouse, 5) else {
            return ControlFlow::Continue(());
        };
        // A triple needs three cards of its rank, or two and the Phoenix.
        let ge2 = self.ge2();
        let triples = if self.phoenix { ge2 } else { self.ge3() };
        let mut ranks = triples & self.ranks_above(floor);
        if ranks == 0 {
            return ControlFlow::Continue(());
        }
        // Over the pair ranks: the ways to take two cards and one card of each rank held.
        let (mut pairs, mut ones) = (0usize, 0usize);
        let blocks = self.blocks();
        let mut held = if blocks { self.ge1 & 0x7FFC } else { 0 };
        while held != 0 {
            let b = held.trailing_zeros() as u8;
            held &= held.wrapping_sub(1);
            pairs = pairs.saturating_add(self.choices(b, 2).len());
            ones = ones.saturating_add(self.choices(b, 1).len());
        }
        while ranks != 0 {
            let a = ranks.trailing_zeros() as u8; // 2..=14
            ranks &= ranks.wrapping_sub(1);
            let key = a.wrapping_mul(2);
            if blocks {
                // The triple rank's whole block in closed form: the sum over the pair ranks `b` ≠ `a`
                // of the products below (the Phoenix in the triple only with a lower pair).
                let (a3, a2, a1) = (
                    self.choices(a, 3).len(),
                    self.choices(a, 2).len(),
                    self.choices(a, 1).len(),
                );
                let mut block = a3.saturating_mul(pairs.saturating_sub(a2));
                if self.phoenix {
                    let mut lower_pairs = 0usize;
                    let mut lower = ge2 & ((1u16 << a).wrapping_sub(1));
                    while lower != 0 {
                        let b = lower.trailing_zeros() as u8;
                        lower &= lower.wrapping_sub(1);
                        lower_pairs = lower_pairs.saturating_add(self.choices(b, 2).len());
                    }
                    block = block
                        .saturating_add(a3.saturating_mul(ones.saturating_sub(a1)))
                        .saturating_add(a2.saturating_mul(lower_pairs));
                }
                if self.pass_over(block, false) {
                    continue;
                }
            }
            for b in 2u8..15 {
                if b == a || self.ge1 & (1 << b) == 0 {
                    continue;
                }
                self.product((Kind::FullHouse, 5, key), &[(a, 3), (b, 2)], 0)?;
                if self.phoenix {
                    // Phoenix in the pair: XXX + Y + P.
                    self.product((Kind::FullHouse, 5, key), &[(a, 3), (b, 1)], PHOENIX_BIT)?;
                    // Phoenix in the triple: XX + P + YY, once per set (read at the higher rank).
                    if b < a {
                        self.product((Kind::FullHouse, 5, key), &[(a, 2), (b, 2)], PHOENIX_BIT)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// One card per rank of `low..=high` but `skip` (0 = none), with `extra`, as a straight.
    fn straight(&mut self, low: u8, high: u8, skip: u8, extra: u64) -> ControlFlow<()> {
        let len = high.wrapping_sub(low).saturating_add(1);
        let mahjong = if low == 1 { MAHJONG_BIT } else { 0 };
        let bits = natural_bits(low.max(2), high) & !natural_bits(skip, skip);
        // One choice per rank (every rank-only hand; a suited hand holding one card of each rank
        // in the run): the set is the hand's cards in the run, no product needed (hosted
        // builds: bare metal takes the product, one play, in less code).
        let single = if self.suited {
            self.hand & bits
        } else {
            NATURAL_LOW_BITS & bits
        };
        let ranks = u32::from(len)
            .saturating_sub(u32::from(skip != 0))
            .saturating_sub(u32::from(low == 1));
        if self.blocks() && (!self.suited || Cards::ones(single) == ranks) {
            let flush =
                self.suited && extra == 0 && mahjong == 0 && (0..4).any(|s| (bits & NATURAL_LOW_BITS) << s == single);
            if flush {
                return ControlFlow::Continue(());
            }
            return self.emit((Kind::Straight, len, high.wrapping_mul(2)), single | extra | mahjong);
        }
        let mut parts = [(0u8, 1u8); MAX_PARTS];
        let mut n = 0;
        for value in low.max(2)..high.saturating_add(1) {
            if value != skip
                && let Some(slot) = parts.get_mut(n)
            {
                slot.0 = value;
                n = n.wrapping_add(1);
            }
        }
        // `n` counts the slots written, so it is at most `parts.len()` (asserted).
        debug_assert!(n <= parts.len());
        let parts = parts.get(..n).unwrap_or(&[]);
        self.product((Kind::Straight, len, high.wrapping_mul(2)), parts, extra | mahjong)
    }

    fn straights(&mut self) -> ControlFlow<()> {
        let (min_len, max_len) = self.lens(5, 14);
        let present = self.ge1;
        for low in 1u8..11 {
            for len in min_len.max(5)..max_len.saturating_add(1) {
                let high = low.wrapping_add(len).saturating_sub(1); // len ≥ 5
                if high > 14 {
                    break;
                }
                let run = window(low, high);
                let missing = run & !present;
                // Every straight below has at most one rank missing (the Phoenix's), none
                // without the Phoenix; longer runs from `low` miss as many or more.
                if more_than(missing, self.phoenix) {
                    break;
                }
                if missing == 0 {
                    self.straight(low, high, 0, 0)?;
                }
                if !self.phoenix {
                    continue;
                }
                // The Phoenix for the rank `skip` of the run, every rank but it held: inside it
                // (in a gap, or standing in for a held rank), then on top of the naturals (read
                // at its strongest), then, when they end at the Ace, below them (never as the 1).
                // One loop for the four cases the way before wrote apart.
                for k in 1..len.wrapping_add(1) {
                    let below = k == len;
                    let skip = if below { low } else { low.wrapping_add(k) }; // ≤ high ≤ 14
                    if missing & !(1u16 << skip) != 0 || (below && (high != 14 || low < 2)) {
                        continue;
                    }
                    self.straight(low, high, skip, PHOENIX_BIT)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Stairs of the pairs of `low..=high`, the pair of rank `phoenix_rank` (0 = none) being one
    /// card and the Phoenix.
    fn stairs_of(&mut self, low: u8, high: u8, phoenix_rank: u8) -> ControlFlow<()> {
        let extra = if phoenix_rank != 0 { PHOENIX_BIT } else { 0 };
        if self.blocks() && !self.suited {
            // Rank-only: the pairs are the low two bits of each group (hosted builds; bare
            // metal takes the product, one play, in less code).
            let mask = (NATURAL_LOW_BITS * 3)
                & natural_bits(low, high)
                & !(natural_bits(phoenix_rank, phoenix_rank) & (NATURAL_LOW_BITS * 2));
            let spec = (
                Kind::Stairs,
                high.wrapping_sub(low).saturating_add(1).wrapping_mul(2),
                high.wrapping_mul(2),
            );
            return self.emit(spec, mask | extra);
        }
        let mut parts = [(0u8, 2u8); MAX_PARTS];
        for (value, slot) in (low..high.saturating_add(1)).zip(parts.iter_mut()) {
            *slot = (value, if value == phoenix_rank { 1 } else { 2 });
        }
        let n = usize::from(high.wrapping_sub(low).saturating_add(1));
        // `n` is the run's length, at most `parts.len()` (asserted): every slot was written.
        debug_assert!(n <= parts.len(), "tichu generator: a run of {n} ranks");
        let parts = parts.get(..n).unwrap_or(&[]);
        let spec = (
            Kind::Stairs,
            high.wrapping_sub(low).saturating_add(1).wrapping_mul(2),
            high.wrapping_mul(2),
        );
        self.product(spec, parts, extra)
    }

    fn stairs(&mut self) -> ControlFlow<()> {
        let (min_len, max_len) = self.lens(4, 14);
        let (min_pairs, max_pairs) = (min_len / 2, max_len / 2);
        let ge2 = self.ge2();
        for low in 2u8..14 {
            for pairs in min_pairs.max(2)..max_pairs.saturating_add(1) {
                let high = low.wrapping_add(pairs).saturating_sub(1); // pairs ≥ 2
                if high > 14 {
                    break;
                }
                let run = window(low, high);
                let missing = run & !ge2;
                // Every stairs below has its ranks held, at most one of them once (with the
                // Phoenix), none without it; longer runs from `low` miss as many or more.
                if more_than(missing, self.phoenix) || run & !self.ge1 != 0 {
                    break;
                }
                if missing == 0 {
                    self.stairs_of(low, high, 0)?;
                }
                if !self.phoenix {
                    continue;
                }
                for value in low..high.saturating_add(1) {
                    if missing == 0 || missing == 1 << value {
                        self.stairs_of(low, high, value)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn bombs(&mut self) -> ControlFlow<()> {
        // The ranks held four times (suited: all four suits; rank-only: a count of 4), found in
        // one word: the low bit of each 4-bit group whose four bits are set.
        let m = self.hand & ((1u64 << 52) - 1);
        let mut fours = m & (m >> 1) & (m >> 2) & (m >> 3) & NATURAL_LOW_BITS;
        while fours != 0 {
            let at = fours.trailing_zeros();
            fours &= fours.wrapping_sub(1);
            // `at` is a multiple of 4 below 52: the rank value (at / 4) + 2 is 2..=14.
            let value = ((at >> 2) as u8).wrapping_add(2);
            self.emit((Kind::FourOfAKind, 4, value.wrapping_mul(2)), 0xF << shift(value))?;
        }
        ControlFlow::Continue(())
    }

    fn straight_flushes(&mut self, hand: Cards) -> ControlFlow<()> {
        if !self.suited {
            return ControlFlow::Continue(());
        }
        // No five consecutive ranks of one suit: no straight flush (a quick test first).
        let m = hand.mask() & ((1u64 << 52) - 1);
        if m & (m >> 4) & (m >> 8) & (m >> 12) & (m >> 16) == 0 {
            return ControlFlow::Continue(());
        }
        for low in 2u8..11 {
            for high in low.wrapping_add(4)..15 {
                let run =
                    (NATURAL_LOW_BITS >> (14u8.wrapping_sub(high) << 2)) & !((1u64 << shift(low)).wrapping_sub(1));
                for suit in 0..4u32 {
                    if (hand.mask() >> suit) & run == run {
                        let spec = (
                            Kind::StraightFlush,
                            high.wrapping_sub(low).saturating_add(1),
                            high.wrapping_mul(2),
                        );
                        self.emit(spec, run << suit)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn run(&mut self, hand: Cards) -> ControlFlow<()> {
        let lead = self.previous.is_none();
        let bomb_on_table = self.previous.is_some_and(|p| p.is_bomb());
        if !bomb_on_table && !self.bombs_only {
            if self.wants(Kind::Single) {
                if hand.has_mahjong() {
                    self.emit((Kind::Single, 1, MAHJONG_KEY), MAHJONG_BIT)?;
                }
                self.natural_singles()?;
                if hand.has_dragon() {
                    self.emit((Kind::Single, 1, DRAGON_KEY), DRAGON_BIT)?;
                }
                if hand.has_phoenix()
                    && let Some(reading) = phoenix_single_on(self.previous)
                {
                    self.deliver(PHOENIX_BIT, reading)?;
                }
            }
            if self.wants(Kind::Pair) {
                self.same_rank(2, Kind::Pair)?;
            }
            if self.wants(Kind::Triple) {
                self.same_rank(3, Kind::Triple)?;
            }
            if self.wants(Kind::FullHouse) {
                self.full_houses()?;
            }
            if self.wants(Kind::Straight) {
                self.straights()?;
            }
            if self.wants(Kind::Stairs) {
                self.stairs()?;
            }
        }
        self.bombs()?;
        self.straight_flushes(hand)?;
        if lead && hand.has_dog() && !self.bombs_only {
            self.emit((Kind::Dog, 1, 0), DOG_BIT)?;
        }
        ControlFlow::Continue(())
    }
}

/// Calls `f` with every distinct legal play from `hand` on `previous` (`None` = the lead), with
/// its resolved combination, ignoring the wish. Stops early when `f` breaks.
fn generate(
    hand: Cards,
    previous: Option<Combination>,
    f: &mut dyn FnMut(Cards, Combination) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, Error> {
    generate_some(hand, previous, false, f)
}

fn generate_some(
    hand: Cards,
    previous: Option<Combination>,
    bombs_only: bool,
    f: &mut dyn FnMut(Cards, Combination) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, Error> {
    walk(hand, previous, bombs_only, 0, 1, 0, f).map(|(flow, _)| flow)
}

/// [`generate_some`] passing over plays of total weight `skip` first, a play holding the Mah
/// Jong weighing `mahjong_weight` and any other 1, whole blocks of plays at a time where their
/// number is known in closed form: `f` sees the plays from the first whose weight does not fit
/// in what is left. Returns the flow and the weight left over (where the walk stands inside the
/// first play `f` saw: 0 at its start; with nothing seen, `skip` less the weight of every play).
fn walk(
    hand: Cards,
    previous: Option<Combination>,
    bombs_only: bool,
    skip: usize,
    mahjong_weight: usize,
    exact: u8,
    f: &mut dyn FnMut(Cards, Combination) -> ControlFlow<()>,
) -> Result<(ControlFlow<()>, usize), Error> {
    if exact == 0 && hand.len() > MAX_HAND {
        return Err(Error::HandTooLarge);
    }
    if previous.is_some_and(|p| p.kind() == Kind::Dog) {
        return Err(Error::PreviousIsDog);
    }
    // A Phoenix single on the table (odd key) while the hand holds the Phoenix: impossible.
    if hand.has_phoenix() && previous.is_some_and(|p| p.kind() == Kind::Single && p.key() % 2 == 1) {
        return Err(Error::CardsOverlap);
    }
    // Ranks held at least once (bit `v` for rank value `v`, 1 the Mah Jong), from the per-rank
    // counts in 4-bit groups.
    let counts = hand.count_word();
    let ge1 = gather_groups((counts | counts >> 1 | counts >> 2 | counts >> 3) & COUNT_LOW_BITS);
    if bombs_only && !holds_bomb(hand) {
        // No four of a kind and no five-card run of one suit: no bomb to generate (the common
        // case of every out-of-turn seat's `may_act`, answered without the generator).
        return Ok((ControlFlow::Continue(()), skip));
    }
    let mut generator = Gen {
        hand: hand.mask(),
        ge1,
        counts,
        phoenix: hand.has_phoenix(),
        suited: hand.is_suited(),
        previous,
        bombs_only,
        skip,
        mahjong_weight,
        exact,
        #[cfg(test)]
        blocks: BLOCKS,
        f,
    };
    let flow = generator.run(hand);
    Ok((flow, generator.skip))
}

/// The total weight of the plays of [`generate`] (`bombs_only`: of [`for_each_bomb`]) from
/// `hand` on `previous`, the wish ignored, a play holding the Mah Jong weighing
/// `mahjong_weight` and any other 1, counted without visiting them (whole blocks in closed
/// form). Errors: as [`for_each_move`]. (The tests' count: the round walks the rare case of
/// a binding wish one action at a time.)
#[cfg(test)]
pub(crate) fn count_plays(
    hand: Cards,
    previous: Option<Combination>,
    bombs_only: bool,
    mahjong_weight: usize,
) -> Result<usize, Error> {
    let left = match nth_play(hand, previous, bombs_only, usize::MAX, mahjong_weight)? {
        Ok(_) => 0, // a weight of `usize::MAX`: no hand has it
        Err(left) => left,
    };
    Ok(usize::MAX.wrapping_sub(left)) // `left` ≤ the `usize::MAX` it started from
}

/// The play of [`generate`] (`bombs_only`: of [`for_each_bomb`]) at weight position `n` (plays
/// weighed as in [`count_plays`]), with the position inside it (0 at its start, below its
/// weight); when `n` is at least the total weight, `Err` of `n` less it. One walk, passing
/// over whole blocks. Errors: as [`for_each_move`].
pub(crate) fn nth_play(
    hand: Cards,
    previous: Option<Combination>,
    bombs_only: bool,
    n: usize,
    mahjong_weight: usize,
) -> Result<Result<(Cards, usize), usize>, Error> {
    let mut found = None;
    let (_, left) = walk(hand, previous, bombs_only, n, mahjong_weight, 0, &mut |cards, _| {
        found = Some(cards);
        ControlFlow::Break(())
    })?;
    Ok(found.map(|cards| (cards, left)).ok_or(left))
}

/// The strongest reading of `play` that beats `previous` (`None`: the lead), found by the
/// generator: the walk of the plays of `play` itself of its length, the one that is the whole
/// set (a set is generated once, at its strongest reading that beats the table). What
/// [`readings`](super::combination::readings) and [`Combination::beats`] answer
/// ([`resolve`](super::combination::resolve) on hosted builds; tested equal): bare-metal builds
/// classify a play so, without a second classifier (flash). Not for a lone Phoenix, whose
/// value is the table's.
pub(crate) fn reading_of(previous: Option<Combination>, play: Cards) -> Option<Combination> {
    let mut found = None;
    // At most 56 cards: the length fits.
    let _ = walk(play, previous, false, 0, 1, play.len() as u8, &mut |cards, reading| {
        if cards == play {
            found = Some(reading);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}

/// Whether a suited hand holds a bomb at all: four cards of a rank, or five consecutive ranks
/// of one suit (a quick test before looking for one that beats the table; never `false` for a
/// hand with a bomb).
pub(crate) const fn holds_bomb(hand: Cards) -> bool {
    let m = hand.mask() & ((1u64 << 52) - 1);
    // Four bits of a group (bits b..b+3) and five groups in a row of a suit (b, b+4, … b+16),
    // by doubling: the same words as the five-way ands, in fewer steps (every out-of-turn seat's
    // check).
    let two = m & (m >> 1);
    let four = two & (two >> 2) & NATURAL_LOW_BITS;
    let pair = m & (m >> 4);
    let run = pair & (pair >> 8) & (m >> 16);
    four != 0 || run != 0
}

/// `hand` without its natural cards of rank `rank`: its plays are the plays of `hand` that hold
/// no card of the rank (a play is a set of cards, read at its strongest).
#[cfg(test)]
pub(crate) const fn without_rank(hand: Cards, rank: Rank) -> Cards {
    Cards::from_bits(hand.mask() & !(0xF << rank.shift()))
}

/// Whether the Mah Jong wish for `wish` binds a player holding `hand` on `previous`: they hold a
/// natural card of the rank and some legal play contains one (spec "Beyond the seed": bombs and
/// the Phoenix's help included; the Phoenix never counts as the wished rank).
/// Errors: as [`for_each_move`].
pub fn wish_forces(hand: &Cards, previous: Option<Combination>, wish: Option<Rank>) -> Result<bool, Error> {
    let Some(rank) = wish else {
        return Ok(false);
    };
    if hand.len() > MAX_HAND {
        return Err(Error::HandTooLarge);
    }
    if hand.count(rank) == 0 {
        return Ok(false);
    }
    let mut found = false;
    let _ = generate(*hand, previous, &mut |play: Cards, _| {
        if play.count(rank) > 0 {
            found = true;
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    Ok(found)
}

/// Calls `f(play, reading)` for every distinct legal play from `hand` on `previous` (`None` =
/// the lead) in an ordinary turn, in the order of the module docs. With an open `wish` that
/// binds the player ([`wish_forces`]), only the plays holding the wished rank. `f` may stop the
/// walk early with `ControlFlow::Break`. Passing is not a play: see [`can_pass`].
///
/// Errors: [`Error::HandTooLarge`] (more than [`MAX_HAND`] cards), [`Error::PreviousIsDog`],
/// [`Error::CardsOverlap`] (the hand holds the Phoenix and a Phoenix single is on the table).
///
/// ```
/// use core::ops::ControlFlow;
/// use parlor_core::tichu::{for_each_move, previous_play, Cards};
/// let hand: Cards = "2233P".parse().unwrap();
/// let previous = previous_play("55".parse().unwrap()).unwrap();
/// let mut plays = Vec::new();
/// for_each_move(&hand, previous, None, |play, _| {
///     plays.push(play.to_string());
///     ControlFlow::Continue(())
/// })
/// .unwrap();
/// assert!(plays.is_empty()); // no pair above 5: only 2P, 3P, 22, 33 would be pairs
/// ```
pub fn for_each_move(
    hand: &Cards,
    previous: Option<Combination>,
    wish: Option<Rank>,
    mut f: impl FnMut(Cards, Combination) -> ControlFlow<()>,
) -> Result<(), Error> {
    let forced = if wish_forces(hand, previous, wish)? { wish } else { None };
    let _ = generate(*hand, previous, &mut |play: Cards, reading| match forced {
        Some(rank) if play.count(rank) == 0 => ControlFlow::Continue(()),
        _ => f(play, reading),
    })?;
    Ok(())
}

/// Calls `f(play, reading)` for every bomb from `hand` that beats `previous` (`None` = the
/// lead), in the order of [`for_each_move`]: the plays of that walk that are bombs, found
/// without generating the others (the plays a seat may make out of turn). Errors: as
/// [`for_each_move`].
pub fn for_each_bomb(
    hand: &Cards,
    previous: Option<Combination>,
    mut f: impl FnMut(Cards, Combination) -> ControlFlow<()>,
) -> Result<(), Error> {
    let _ = generate_some(*hand, previous, true, &mut |play, reading| f(play, reading))?;
    Ok(())
}

/// Writes every play of [`for_each_move`] into `out` and returns how many. [`MAX_MOVES`] entries
/// always suffice. Errors: as [`for_each_move`], and [`Error::BufferTooSmall`] with the number
/// needed (the first `out.len()` plays are written).
///
/// ```
/// use parlor_core::tichu::{moves, Cards};
/// let hand: Cards = "1234P".parse().unwrap();
/// let mut out = [Cards::EMPTY; 32];
/// let n = moves(&hand, None, None, &mut out).unwrap();
/// let plays: Vec<String> = out[..n].iter().map(|c| c.to_string()).collect();
/// assert_eq!(plays, ["1", "2", "3", "4", "P", "2P", "3P", "4P", "1234P"]);
/// ```
pub fn moves(
    hand: &Cards,
    previous: Option<Combination>,
    wish: Option<Rank>,
    out: &mut [Cards],
) -> Result<usize, Error> {
    let mut count = 0usize;
    for_each_move(hand, previous, wish, |play, _| {
        if let Some(slot) = out.get_mut(count) {
            *slot = play;
        }
        count = count.saturating_add(1);
        ControlFlow::Continue(())
    })?;
    if count > out.len() {
        return Err(Error::BufferTooSmall { needed: count });
    }
    Ok(count)
}

/// Whether a player holding `hand` may pass on `previous`: never on the lead, and not while the
/// wish binds them ([`wish_forces`]). Errors: as [`for_each_move`].
pub fn can_pass(hand: &Cards, previous: Option<Combination>, wish: Option<Rank>) -> Result<bool, Error> {
    Ok(previous.is_some() && !wish_forces(hand, previous, wish)?)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod choice_tests {
    use super::{choice_table, rank_only_choices};

    #[test]
    fn rank_only_choices_are_the_table() {
        let table = choice_table(false);
        for group in 0..16u8 {
            for size in 0..8usize {
                let expected: &[u8] = match table[usize::from(group)].get(size) {
                    Some(entry) => &entry.items[..usize::from(entry.len)],
                    None => &[],
                };
                assert_eq!(
                    rank_only_choices(group, size),
                    expected,
                    "group {group:04b} size {size}"
                );
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)] // tests may index and panic
mod walk_tests {
    extern crate std;
    use std::vec::Vec;

    use super::{
        Cards, Combination, ControlFlow, Kind, PHOENIX_BIT, Rank, count_plays, generate_some, nth_play, reading_of,
        without_rank,
    };
    use crate::game::Rng;

    /// The natural singles of `Gen::same_rank` with `k` = 1 (the bare-metal builds', by products
    /// there) against
    /// `Gen::natural_singles`' own loop (the hosted builds'): the same plays in the same order
    /// and the same skip left, at every skip, on random suited and rank-only hands on the lead
    /// and on random tables.
    #[test]
    fn singles_by_same_rank_are_the_singles_loop() {
        use super::Kind;
        let run = |hand: Cards, previous: Option<Combination>, skip: usize, by_same_rank: bool, blocks: bool| {
            let mut plays = Vec::new();
            let mut f = |play: Cards, reading: Combination| {
                plays.push((play, reading));
                ControlFlow::Continue(())
            };
            let mut generator = generator(hand, previous, skip, 1, blocks, &mut f);
            let _ = if by_same_rank {
                generator.same_rank(1, Kind::Single)
            } else {
                generator.natural_singles()
            };
            let left = generator.skip;
            (plays, left)
        };
        let mut rng = Rng::new(21);
        let mut checked = 0usize;
        for round in 0..3000 {
            let len = 1 + rng.below(14);
            let suited = random_hand(&mut rng, len);
            let hand = if round % 3 == 2 { rank_only(suited) } else { suited };
            let previous = if round % 2 == 0 {
                None
            } else {
                let single = random_hand(&mut rng, 1);
                super::super::combination::resolve(None, single)
            };
            for skip in 0..=16 {
                let (expected, expected_left) = run(hand, previous, skip, false, true);
                for blocks in [true, false] {
                    assert_eq!(
                        run(hand, previous, skip, true, blocks),
                        (expected.clone(), expected_left),
                        "{hand} {skip} {blocks}"
                    );
                }
                checked += expected.len();
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    /// The bare-metal walks (a skip taken play by play, a straight of one choice per rank and
    /// rank-only stairs as products) against the hosted walks (blocks passed over in closed
    /// form, the straight emitted directly): the same counts, and the same play and
    /// weight left at every position, Mah Jong plays weighing 1 and 14, on random hands rich in
    /// pairs and triples on the lead and on full houses, and random hands on random plays.
    #[test]
    fn full_house_blocks_are_their_products() {
        // The walk of `nth_play` at `n`, by a generator without the blocks and shortcuts.
        let bare = |hand: Cards, previous: Option<Combination>, n: usize, weight: usize| {
            let mut found = None;
            let mut f = |cards: Cards, _| {
                found = Some(cards);
                ControlFlow::Break(())
            };
            let mut generator = generator(hand, previous, n, weight, false, &mut f);
            let _ = generator.run(hand);
            let left = generator.skip;
            Ok(found.map(|cards| (cards, left)).ok_or(left))
        };
        let mut rng = Rng::new(27);
        let (mut checked, mut full_houses, mut straights, mut stairs) = (0usize, 0usize, 0usize, 0usize);
        for round in 0..1500 {
            // Two or three cards of several ranks, and some specials: many full houses.
            let mut bits = 0u64;
            while bits.count_ones() < 6 + rng.below(9) {
                let rank = u64::from(rng.below(13));
                bits |= 0b0111 << (rank * 4);
                bits &= !(1u64 << (rank * 4 + u64::from(rng.below(4))));
                bits |= 1u64 << (52 + rng.below(4));
            }
            // Every fourth hand a random one (straights), on the lead or on a random play.
            let suited = if round % 4 == 3 {
                let len = 1 + rng.below(14);
                random_hand(&mut rng, len)
            } else {
                Cards::from_bits(bits | 1u64 << 63)
            };
            let hand = if round % 3 == 2 { rank_only(suited) } else { suited };
            let previous = if round % 2 == 0 {
                None
            } else if round % 4 == 3 {
                let len = 4 + rng.below(11);
                let other = random_hand(&mut rng, len);
                let plays = listed(other, None, false).unwrap();
                super::super::combination::resolve(None, plays[rng.below(plays.len() as u32) as usize])
            } else {
                Combination::new(super::Kind::FullHouse, 5, 4 + 2 * rng.below(11) as u8).ok()
            };
            // More than 14 cards (the last draw's ranks overshot): no hand.
            let Some(plays) = listed(hand, previous, false) else {
                continue;
            };
            let kinds = || {
                plays
                    .iter()
                    .filter_map(|&play| super::super::combination::readings(play).strongest())
            };
            full_houses += kinds().filter(|r| r.kind() == super::Kind::FullHouse).count();
            straights += kinds().filter(|r| r.kind() == super::Kind::Straight).count();
            stairs += usize::from(!hand.is_suited()) * kinds().filter(|r| r.kind() == super::Kind::Stairs).count();
            for weight in [1, 14] {
                let total = count_plays(hand, previous, false, weight).unwrap();
                assert_eq!(bare(hand, previous, usize::MAX, weight), Ok(Err(usize::MAX - total)));
                for n in 0..=total + 2 {
                    assert_eq!(
                        bare(hand, previous, n, weight),
                        nth_play(hand, previous, false, n, weight),
                        "{hand} {n}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(
            checked > 50_000 && full_houses > 5_000 && straights > 500 && stairs > 200,
            "{checked} {full_houses} {straights} {stairs}"
        );
    }

    /// A generator of `hand`'s plays on `previous` (not bombs only) as `walk` builds it, with
    /// the hosted builds' blocks or without them (`blocks`), delivering to `f`.
    fn generator<'f>(
        hand: Cards,
        previous: Option<Combination>,
        skip: usize,
        mahjong_weight: usize,
        blocks: bool,
        f: &'f mut dyn FnMut(Cards, Combination) -> ControlFlow<()>,
    ) -> super::Gen<'f> {
        let counts = hand.count_word();
        super::Gen {
            hand: hand.mask(),
            ge1: super::gather_groups((counts | counts >> 1 | counts >> 2 | counts >> 3) & super::COUNT_LOW_BITS),
            counts,
            phoenix: hand.has_phoenix(),
            suited: hand.is_suited(),
            previous,
            bombs_only: false,
            skip,
            mahjong_weight,
            exact: 0,
            blocks,
            f,
        }
    }

    /// Every play of the plain walk, in order.
    fn listed(hand: Cards, previous: Option<Combination>, bombs_only: bool) -> Option<Vec<Cards>> {
        let mut plays = Vec::new();
        let _ = generate_some(hand, previous, bombs_only, &mut |play, _| {
            plays.push(play);
            ControlFlow::Continue(())
        })
        .ok()?;
        Some(plays)
    }

    /// A random suited hand of `len` cards of the 56 (deck-index bits, as the round deals).
    fn random_hand(rng: &mut Rng, len: u32) -> Cards {
        let mut bits = 0u64;
        while bits.count_ones() < len {
            bits |= 1u64 << rng.below(56);
        }
        let suited = if bits & ((1 << 52) - 1) != 0 { 1u64 << 63 } else { 0 };
        Cards::from_bits(bits | suited)
    }

    /// The rank-only form of a suited hand (each rank's count as a low run).
    fn rank_only(hand: Cards) -> Cards {
        let mut mask = hand.mask() & (0xF << 52);
        for rank in Rank::all() {
            mask |= ((1u64 << hand.count(rank)) - 1) << rank.shift();
        }
        Cards::from_bits(mask)
    }

    /// A random valid combination (type, length and key drawn until [`Combination::new`] takes
    /// them), or the lead.
    fn random_previous(rng: &mut Rng) -> Option<Combination> {
        loop {
            if rng.below(8) == 0 {
                return None;
            }
            let kind = super::super::combination::Kind::try_from(rng.below(9) as u8).unwrap();
            let len = match kind {
                Kind::Single | Kind::Dog => 1,
                Kind::Straight | Kind::StraightFlush | Kind::Stairs => 4 + rng.below(11) as u8,
                _ => 2 + rng.below(4) as u8,
            };
            if let Ok(combination) = Combination::new(kind, len, rng.below(31) as u8) {
                return Some(combination);
            }
        }
    }

    /// The way before [`reading_of`]: the readings of the set, the strongest that beats the table.
    fn reading_by_readings(previous: Option<Combination>, play: Cards) -> Option<Combination> {
        super::super::combination::readings(play)
            .iter()
            .rev()
            .find(|reading| reading.beats(previous))
    }

    /// The generator's reading of a play ([`reading_of`], the bare-metal builds' `resolve`)
    /// against the readings' (the hosted builds' `resolve`): every play of random suited and
    /// rank-only hands, random subsets of them (mostly no combination), long sets up to 56 cards
    /// and stairs of up to 13 pairs (with the Phoenix in one), on the lead, on the tables the
    /// plays make and on random combinations.
    #[test]
    fn the_generators_reading_is_the_readings() {
        let mut rng = Rng::new(27);
        let (mut checked, mut some) = (0usize, 0usize);
        let mut check = |previous: Option<Combination>, play: Cards| {
            if play.len() == 1 && play.has_phoenix() {
                return;
            }
            let expected = reading_by_readings(previous, play);
            assert_eq!(reading_of(previous, play), expected, "{play} on {previous:?}");
            // The bare-metal walk (no blocks), as `reading_of` builds it there.
            let mut found = None;
            let mut f = |cards: Cards, reading| {
                if cards == play {
                    found = Some(reading);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            };
            let mut bare = generator(play, previous, 0, 1, false, &mut f);
            bare.exact = play.len() as u8;
            let _ = bare.run(play);
            assert_eq!(found, expected, "bare metal: {play} on {previous:?}");
            checked += 1;
            some += usize::from(expected.is_some());
        };
        for round in 0..4000 {
            let len = 1 + rng.below(14);
            let suited = random_hand(&mut rng, len);
            let hand = if round % 3 == 2 { rank_only(suited) } else { suited };
            let plays = listed(hand, None, false).unwrap();
            let tables = [
                None,
                random_previous(&mut rng),
                plays
                    .get(rng.below(plays.len().max(1) as u32) as usize)
                    .and_then(|&p| reading_by_readings(None, p)),
            ];
            for previous in tables {
                for &play in &plays {
                    check(previous, play);
                }
                for _ in 0..20 {
                    let subset = Cards::from_bits(suited.mask() & rng.next_u64() | (1 << 63));
                    check(previous, if round % 3 == 2 { rank_only(subset) } else { subset });
                }
                let extra = rng.below(42);
                let long = random_hand(&mut rng, 15 + extra);
                check(previous, if round % 2 == 0 { long } else { rank_only(long) });
            }
        }
        // Stairs of every run of pairs, naturally or with the Phoenix for one card, suited and
        // rank-only, on the lead and on stairs of their length.
        for low in 2u8..14 {
            for high in low + 1..15 {
                let mut mask = 0u64;
                for value in low..=high {
                    mask |= 0b11 << super::shift(value);
                }
                let suited = Cards::from_bits(mask | (1 << 63));
                let pairs = high - low + 1;
                let tables = [
                    None,
                    Combination::new(Kind::Stairs, pairs * 2, high * 2 - 2).ok(),
                    Combination::new(Kind::Stairs, pairs * 2, high * 2).ok(),
                ];
                for previous in tables {
                    for hand in [suited, rank_only(suited)] {
                        check(previous, hand);
                        let phoenix = Cards::from_bits(hand.mask() & !(0b10 << super::shift(low)) | PHOENIX_BIT);
                        check(previous, phoenix);
                    }
                }
            }
        }
        assert!(checked > 400_000 && some > 100_000, "{checked} {some}");
    }

    /// `count_plays` and `nth_play` (whole blocks passed over in closed form) against the plain
    /// walk, at every position, Mah Jong plays weighing 1 and 14, on random suited and rank-only
    /// hands on the lead and on random tables; and the plays holding a rank are all plays less
    /// those of the hand without it (how a round counts the plays an open wish allows).
    #[test]
    fn counts_and_positions_agree_with_the_walk() {
        let mut rng = Rng::new(26);
        let (mut checked, mut on_tables, mut wishes) = (0usize, 0usize, 0usize);
        for round in 0..6000 {
            let len = 1 + rng.below(14);
            let suited = random_hand(&mut rng, len);
            let hand = if round % 3 == 2 { rank_only(suited) } else { suited };
            // The table: the lead, or a random play from another random hand.
            let previous = if round % 4 == 0 {
                None
            } else {
                let len = 4 + rng.below(11);
                let other = random_hand(&mut rng, len);
                let plays = listed(other, None, false).unwrap();
                let play = plays[rng.below(plays.len() as u32) as usize];
                super::super::combination::resolve(None, play)
            };
            for bombs_only in [false, true] {
                let Some(plays) = listed(hand, previous, bombs_only) else {
                    assert!(count_plays(hand, previous, bombs_only, 1).is_err());
                    continue;
                };
                on_tables += usize::from(previous.is_some() && !plays.is_empty());
                assert_eq!(
                    count_plays(hand, previous, bombs_only, 1),
                    Ok(plays.len()),
                    "{hand} on {previous:?}"
                );
                for (i, &play) in plays.iter().enumerate() {
                    assert_eq!(
                        nth_play(hand, previous, bombs_only, i, 1),
                        Ok(Ok((play, 0))),
                        "{hand} {i}"
                    );
                }
                assert_eq!(nth_play(hand, previous, bombs_only, plays.len() + 5, 1), Ok(Err(5)));
                let mut at = 0usize;
                for &play in &plays {
                    let weight = if play.has_mahjong() { 14 } else { 1 };
                    for w in 0..weight {
                        assert_eq!(nth_play(hand, previous, bombs_only, at + w, 14), Ok(Ok((play, w))));
                    }
                    at += weight;
                }
                assert_eq!(count_plays(hand, previous, bombs_only, 14), Ok(at));
                assert_eq!(nth_play(hand, previous, bombs_only, at, 14), Ok(Err(0)));
                for rank in Rank::all().filter(|&rank| hand.count(rank) > 0) {
                    let holding = plays.iter().filter(|play| play.count(rank) > 0).count();
                    let without = count_plays(without_rank(hand, rank), previous, bombs_only, 1).unwrap();
                    assert_eq!(holding, plays.len() - without, "{hand} rank {rank:?} on {previous:?}");
                    let rest: Vec<Cards> = plays.iter().copied().filter(|play| play.count(rank) == 0).collect();
                    assert_eq!(listed(without_rank(hand, rank), previous, bombs_only).unwrap(), rest);
                    wishes += 1;
                }
                checked += plays.len();
            }
        }
        assert!(
            checked > 25_000 && on_tables > 2_000 && wishes > 50_000,
            "{checked} {on_tables} {wishes}"
        );
    }
}
