//! Move generation: every distinct legal play from a hand (spec "Beyond the seed").
//!
//! Plays are distinct *card sets*: in a suited hand `5j5s` and `5j5p` are two pairs, in a
//! rank-only hand there is one pair of 5s. A set with the Phoenix is produced once, with its
//! strongest reading that beats the table (`3456P` is 3–7, not 2–6). The order is fixed: singles,
//! pairs, triples, full houses, straights, stairs, four-of-a-kind bombs, straight-flush bombs,
//! the Dog; within a type by rising rank.

use core::ops::ControlFlow;

use super::Error;
use super::card::{Cards, DOG_BIT, DRAGON_BIT, MAHJONG_BIT, NATURAL_LOW_BITS, PHOENIX_BIT, Rank, SUITED_BIT};
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

/// At most one part per rank of a straight or stairs.
const MAX_PARTS: usize = 14;

/// The generator's fixed inputs.
/// The callback is a trait object so that the generator is compiled once, not once per caller
/// (it is most of Tichu's flash on a microcontroller); the indirect call per play is noise.
struct Gen<'f> {
    hand: u64,
    groups: [u8; 16],
    /// Rank bitmasks (bit `v` = rank value `v`, 1 = Mah Jong): held at least once, twice.
    ge1: u16,
    ge2: u16,
    phoenix: bool,
    suited: bool,
    previous: Option<Combination>,
    /// Only bombs (the plays out of turn).
    bombs_only: bool,
    f: &'f mut dyn FnMut(Cards, Combination) -> ControlFlow<()>,
}

impl Gen<'_> {
    /// The subsets of size `size` of the cards of rank `value`.
    fn choices(&self, value: u8, size: usize) -> &'static [u8] {
        // Rank values are 1..=14 and `groups` has 16 entries (asserted).
        debug_assert!(usize::from(value) < self.groups.len());
        #[allow(clippy::indexing_slicing)] // a proven range: `value & 15` < 16, the array's length
        let group = self.groups[usize::from(value & 15)] & 0xF;
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

    /// Emits `mask` (naturals and specials) as `kind`/`len`/`key` if that beats the table.
    fn emit(&mut self, mask: u64, kind: Kind, len: u8, key: u8) -> ControlFlow<()> {
        let Ok(combination) = Combination::new(kind, len, key) else {
            return ControlFlow::Continue(());
        };
        if !combination.beats(self.previous) {
            return ControlFlow::Continue(());
        }
        let suited = if self.suited && mask & ((1 << 52) - 1) != 0 {
            SUITED_BIT
        } else {
            0
        };
        (self.f)(Cards::from_bits(mask | suited), combination)
    }

    /// Whether type `kind` can follow the table (bombs are handled apart).
    fn wants(&self, kind: Kind) -> bool {
        self.previous.is_none_or(|prev| prev.kind() == kind)
    }

    /// Every product of one choice per part (rank value, number of its cards to take), plus
    /// `extra`, emitted as `kind`/`len`/`key`. A flush among natural straights is left to the
    /// straight flushes. The mask is updated in place as the odometer turns (amortised O(1) per
    /// play), and the parts are two bytes each, so a call sets up almost nothing.
    fn product(&mut self, parts: &[(u8, u8)], extra: u64, kind: Kind, len: u8, key: u8) -> ControlFlow<()> {
        let mut mask = extra;
        let mut run_low = 0u64;
        for &(value, size) in parts {
            let Some(&first) = self.choices(value, usize::from(size)).first() else {
                return ControlFlow::Continue(());
            };
            mask |= u64::from(first) << shift(value);
            run_low |= 1u64 << shift(value);
        }
        let check_flush = kind == Kind::Straight && self.suited && extra == 0;
        let mut index = [0u8; MAX_PARTS];
        loop {
            // One card per rank, all of suit `s`: a straight flush, not a plain straight.
            let flush = check_flush && (0..4u32).any(|s| (mask >> s) & run_low == run_low);
            if !flush {
                self.emit(mask, kind, len, key)?;
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

    fn singles(&mut self, mahjong: bool) -> ControlFlow<()> {
        if mahjong {
            self.emit(MAHJONG_BIT, Kind::Single, 1, MAHJONG_KEY)?;
        }
        for value in 2u8..=14 {
            if self.ge1 & (1 << value) != 0 {
                for &sub in self.choices(value, 1) {
                    self.emit(u64::from(sub) << shift(value), Kind::Single, 1, value.wrapping_mul(2))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Pairs (`k` = 2) or triples (`k` = 3), natural or with the Phoenix.
    fn same_rank(&mut self, k: usize, kind: Kind) -> ControlFlow<()> {
        let len = k as u8;
        for value in 2u8..=14 {
            if self.ge1 & (1 << value) == 0 {
                continue;
            }
            for &sub in self.choices(value, k) {
                self.emit(u64::from(sub) << shift(value), kind, len, value.wrapping_mul(2))?;
            }
            if self.phoenix {
                for &sub in self.choices(value, k.wrapping_sub(1)) {
                    self.emit(
                        (u64::from(sub) << shift(value)) | PHOENIX_BIT,
                        kind,
                        len,
                        value.wrapping_mul(2),
                    )?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn full_houses(&mut self) -> ControlFlow<()> {
        for a in 2u8..=14 {
            if self.ge2 & (1 << a) == 0 {
                continue;
            }
            for b in 2u8..=14 {
                if b == a || self.ge1 & (1 << b) == 0 {
                    continue;
                }
                let key = a.wrapping_mul(2);
                self.product(&[(a, 3), (b, 2)], 0, Kind::FullHouse, 5, key)?;
                if self.phoenix {
                    // Phoenix in the pair: XXX + Y + P.
                    self.product(&[(a, 3), (b, 1)], PHOENIX_BIT, Kind::FullHouse, 5, key)?;
                    // Phoenix in the triple: XX + P + YY, once per set (read at the higher rank).
                    if b < a {
                        self.product(&[(a, 2), (b, 2)], PHOENIX_BIT, Kind::FullHouse, 5, key)?;
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
        // in the run): the set is the hand's cards in the run, no product needed.
        let single = if self.suited {
            self.hand & bits
        } else {
            NATURAL_LOW_BITS & bits
        };
        let ranks = u32::from(len)
            .saturating_sub(u32::from(skip != 0))
            .saturating_sub(u32::from(low == 1));
        if !self.suited || single.count_ones() == ranks {
            let flush =
                self.suited && extra == 0 && mahjong == 0 && (0..4).any(|s| (bits & NATURAL_LOW_BITS) << s == single);
            if flush {
                return ControlFlow::Continue(());
            }
            return self.emit(single | extra | mahjong, Kind::Straight, len, high.wrapping_mul(2));
        }
        let mut parts = [(0u8, 1u8); MAX_PARTS];
        let mut n = 0;
        for value in low.max(2)..=high {
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
        self.product(parts, extra | mahjong, Kind::Straight, len, high.wrapping_mul(2))
    }

    fn straights(&mut self) -> ControlFlow<()> {
        let (min_len, max_len) = match self.previous {
            Some(prev) => (prev.len(), prev.len()),
            None => (5, 14),
        };
        let present = self.ge1;
        for low in 1u8..=10 {
            for len in min_len.max(5)..=max_len {
                let high = low.wrapping_add(len).saturating_sub(1); // len ≥ 5
                if high > 14 {
                    break;
                }
                let run = window(low, high);
                let missing = run & !present;
                if missing == 0 {
                    self.straight(low, high, 0, 0)?;
                }
                if !self.phoenix {
                    continue;
                }
                // The Phoenix inside the run: in a gap, or standing in for a held rank.
                let inside = window(low.wrapping_add(1), high.wrapping_sub(1));
                if missing == 0 {
                    for skip in low.wrapping_add(1)..high {
                        self.straight(low, high, skip, PHOENIX_BIT)?;
                    }
                } else if missing.count_ones() == 1 && missing & inside != 0 {
                    self.straight(low, high, missing.trailing_zeros() as u8, PHOENIX_BIT)?;
                }
                // The Phoenix on top of the naturals low..high-1 (read at its strongest), or,
                // when they end at the Ace, below them.
                if window(low, high.wrapping_sub(1)) & !present == 0 {
                    self.straight(low, high, high, PHOENIX_BIT)?;
                }
                if high == 14 && low >= 2 && window(low.wrapping_add(1), 14) & !present == 0 {
                    self.straight(low, high, low, PHOENIX_BIT)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Stairs of the pairs of `low..=high`, the pair of rank `phoenix_rank` (0 = none) being one
    /// card and the Phoenix.
    fn stairs_of(&mut self, low: u8, high: u8, phoenix_rank: u8) -> ControlFlow<()> {
        let extra = if phoenix_rank != 0 { PHOENIX_BIT } else { 0 };
        if !self.suited {
            // Rank-only: the pairs are the low two bits of each group.
            let mask = (NATURAL_LOW_BITS * 3)
                & natural_bits(low, high)
                & !(natural_bits(phoenix_rank, phoenix_rank) & (NATURAL_LOW_BITS * 2));
            return self.emit(
                mask | extra,
                Kind::Stairs,
                high.wrapping_sub(low).saturating_add(1).wrapping_mul(2),
                high.wrapping_mul(2),
            );
        }
        let mut parts = [(0u8, 2u8); MAX_PARTS];
        for (value, slot) in (low..=high).zip(parts.iter_mut()) {
            *slot = (value, if value == phoenix_rank { 1 } else { 2 });
        }
        let n = usize::from(high.wrapping_sub(low).saturating_add(1));
        // `n` is the run's length, at most `parts.len()` (asserted): every slot was written.
        debug_assert!(n <= parts.len(), "tichu generator: a run of {n} ranks");
        let parts = parts.get(..n).unwrap_or(&[]);
        self.product(
            parts,
            extra,
            Kind::Stairs,
            high.wrapping_sub(low).saturating_add(1).wrapping_mul(2),
            high.wrapping_mul(2),
        )
    }

    fn stairs(&mut self) -> ControlFlow<()> {
        let (min_pairs, max_pairs) = match self.previous {
            Some(prev) => (prev.len() / 2, prev.len() / 2),
            None => (2, 7),
        };
        for low in 2u8..=13 {
            for pairs in min_pairs.max(2)..=max_pairs {
                let high = low.wrapping_add(pairs).saturating_sub(1); // pairs ≥ 2
                if high > 14 {
                    break;
                }
                let run = window(low, high);
                let missing = run & !self.ge2;
                if missing == 0 {
                    self.stairs_of(low, high, 0)?;
                }
                if !self.phoenix || run & !self.ge1 != 0 || missing.count_ones() > 1 {
                    continue;
                }
                for value in low..=high {
                    if missing == 0 || missing == 1 << value {
                        self.stairs_of(low, high, value)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    #[allow(clippy::manual_contains)] // `contains` on `[u8]` links `memchr`: see below
    fn bombs(&mut self) -> ControlFlow<()> {
        for value in 2u8..=14 {
            // `any`, not `contains`: `[u8]::contains` links `memchr` (about 200 bytes of flash).
            if self.choices(value, 4).iter().any(|&sub| sub == 0xF) {
                self.emit(0xF << shift(value), Kind::FourOfAKind, 4, value.wrapping_mul(2))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn straight_flushes(&mut self, hand: Cards) -> ControlFlow<()> {
        if !self.suited {
            return ControlFlow::Continue(());
        }
        for low in 2u8..=10 {
            for high in low.wrapping_add(4)..=14 {
                let run =
                    (NATURAL_LOW_BITS >> (14u8.wrapping_sub(high) << 2)) & !((1u64 << shift(low)).wrapping_sub(1));
                for suit in 0..4u32 {
                    if (hand.mask() >> suit) & run == run {
                        self.emit(
                            run << suit,
                            Kind::StraightFlush,
                            high.wrapping_sub(low).saturating_add(1),
                            high.wrapping_mul(2),
                        )?;
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
                self.singles(hand.has_mahjong())?;
                if hand.has_dragon() {
                    self.emit(DRAGON_BIT, Kind::Single, 1, DRAGON_KEY)?;
                }
                if hand.has_phoenix()
                    && let Some(reading) = phoenix_single_on(self.previous)
                {
                    (self.f)(Cards::from_bits(PHOENIX_BIT), reading)?;
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
            self.emit(DOG_BIT, Kind::Dog, 1, 0)?;
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
    if hand.len() > MAX_HAND {
        return Err(Error::HandTooLarge);
    }
    if previous.is_some_and(|p| p.kind() == Kind::Dog) {
        return Err(Error::PreviousIsDog);
    }
    // A Phoenix single on the table (odd key) while the hand holds the Phoenix: impossible.
    if hand.has_phoenix() && previous.is_some_and(|p| p.kind() == Kind::Single && p.key() % 2 == 1) {
        return Err(Error::CardsOverlap);
    }
    let mut groups = [0u8; 16];
    let (mut ge1, mut ge2) = (u16::from(hand.has_mahjong()) << 1, 0u16);
    for rank in Rank::all() {
        let group = hand.group(rank);
        let bit = 1u16 << rank.value();
        let count = group.count_ones();
        ge1 |= if count >= 1 { bit } else { 0 };
        ge2 |= if count >= 2 { bit } else { 0 };
        if let Some(slot) = groups.get_mut(usize::from(rank.value())) {
            *slot = group;
        }
    }
    if bombs_only && !may_hold_bomb(&groups, hand.is_suited()) {
        // No four of a kind and no five-card run of one suit: no bomb to generate (the common
        // case of every out-of-turn seat's `may_act`, answered without the generator).
        return Ok(ControlFlow::Continue(()));
    }
    let mut generator = Gen {
        hand: hand.mask(),
        groups,
        ge1,
        ge2,
        phoenix: hand.has_phoenix(),
        suited: hand.is_suited(),
        previous,
        bombs_only,
        f,
    };
    Ok(generator.run(hand))
}

/// Whether a hand of these rank groups (slot `v`: the 4-bit suit group of rank value `v`) may
/// hold a bomb: four cards of a rank, or (a suited set) five consecutive ranks of one suit. A
/// cheap necessary condition: `false` means no bomb at all.
fn may_hold_bomb(groups: &[u8; 16], suited: bool) -> bool {
    if groups.contains(&0xF) {
        return true;
    }
    suited
        && (0u32..4).any(|suit| {
            let ranks = (0u32..)
                .zip(groups.iter())
                .filter(|&(_, &g)| (g >> suit) & 1 != 0)
                .fold(0u32, |m, (v, _)| m | 1u32.wrapping_shl(v));
            ranks & (ranks >> 1) & (ranks >> 2) & (ranks >> 3) & (ranks >> 4) != 0
        })
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
