//! What every game shares: the one interface ([`Round`], [`Match`], [`Rules`]), the [`Seat`]
//! type, the shared error kinds ([`Fault`]), scores and placements, the seeded deal, and the bots
//! written once over the traits ([`bot`]).
//!
//! # One interface
//!
//! The four round engines — [`dominoes::Round`](crate::dominoes::Round),
//! [`tichu::round::Round`](crate::tichu::round::Round),
//! [`doudizhu::round::Round`](crate::doudizhu::round::Round) and
//! [`mahjong::Round`](crate::mahjong::Round) — implement [`Round`]; their matches implement
//! [`Match`]; their configs implement [`Rules`]. Everything around the engines (bots, the
//! conformance checker, the fuzz shims, the firmware runner, the benchmarks, the CLI's
//! `play`/`replay` driver and the C ABI) is written once over these traits. A round is a plain
//! fixed-size `Clone` value: copying it is the undo and the search primitive.
//!
//! # The seeded deal (value-stable across versions)
//!
//! `Deal::Seeded(seed)` in every game shuffles that game's deck, listed in its documented
//! canonical order, with [`shuffle`] driven by [`Rng::new(seed)`](Rng::new), then deals from the
//! front of the shuffled deck. Both pieces are ours and frozen, so the same seed deals the same
//! cards in every version of Parlor (each game pins this with test vectors):
//!
//! - **Generator**: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
//!   generators", OOPSLA 2014). State `s: u64` starts at the seed; each step adds
//!   `0x9E37_79B9_7F4A_7C15` (wrapping) and outputs
//!   `z = s; z = (z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9; z = (z ^ (z >> 27)) * 0x94D0_49BB_1331_11EB; z ^ (z >> 31)`
//!   (all products wrapping). [`Rng::next_u32`] is the upper 32 bits of one 64-bit output.
//! - **Bounded sampling** ([`Rng::below`]): Lemire's multiply-and-reject method ("Fast random
//!   integer generation in an interval", ACM TOMACS 2019) on 32-bit draws: `m = x * n` as a 64-bit
//!   product of a draw `x` and the bound `n`; while the low 32 bits of `m` are below
//!   `2^32 mod n`, draw again; the answer is `m >> 32`. Exactly uniform on `0..n`.
//! - **Shuffle** ([`shuffle`]): Fisher–Yates from the back: for `i` from `len - 1` down to `1`,
//!   swap item `i` with item `below(i + 1)`.
//!
//! ```
//! use parlor_core::game::{shuffle, Rng};
//! let mut deck = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
//! shuffle(&mut deck, &mut Rng::new(7));
//! assert_eq!(deck, [9, 5, 8, 6, 1, 2, 4, 7, 0, 3]); // the same for seed 7 in every version
//! ```

use core::fmt;
use core::num::NonZeroU32;
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout};

pub mod bot;
mod engine;
pub mod search;
mod spec;
#[cfg(test)]
pub(crate) mod trusted_tests;

pub(crate) use engine::Countdown;
pub use engine::{
    Fault, GameError, GameId, MAX_SEATS, Match, Placement, Round, RuleError, RuleKey, Rules, Scores, Search, Step,
};

/// The deal seed of round `k` (0 = the first) of a match seeded `seed`: the `k`-th output (from 0)
/// of [`Rng::new(seed)`](Rng::new). Every game's match deals its rounds from these seeds, so a
/// match log's round `k` replays as a single round seeded `round_seed(seed, k)`.
///
/// ```
/// use parlor_core::game::{round_seed, Rng};
/// let mut rng = Rng::new(9);
/// let first = rng.next_u64();
/// assert_eq!(round_seed(9, 0), first);
/// assert_eq!(round_seed(9, 1), rng.next_u64());
/// ```
#[must_use]
pub fn round_seed(seed: u64, k: u32) -> u64 {
    let mut rng = Rng::new(seed);
    let mut value = rng.next_u64();
    for _ in 0..k {
        value = rng.next_u64();
    }
    value
}

/// A seat at the table: `0..players`, in turn order (play passes from seat `s` to `s + 1`, and
/// from the last seat to seat 0). Which seats exist depends on the game and its `Config`; each
/// game's `Round` refuses a seat it does not have with its typed error.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, FromBytes, IntoBytes, KnownLayout, Immutable,
)]
#[repr(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, `0..players`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order at a table of `players` seats (`players` ≥ 1; a seat outside
    /// the table maps into it).
    #[must_use]
    pub const fn next(self, players: u8) -> Seat {
        match (self.0 as u16).saturating_add(1).checked_rem(players as u16) {
            Some(next) => Seat(next as u8),
            None => Seat(0), // `players` = 0: no table; seat 0 (documented)
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::Dec::from(self.0).write_to(f)
    }
}

/// The documented, value-stable generator of every seeded deal: SplitMix64 (see the
/// [module docs](self) for the exact algorithm). Not for cryptography.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose first output depends only on `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64-bit output (SplitMix64).
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The next 32-bit output: the upper half of [`next_u64`](Self::next_u64).
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    /// A uniform integer in `0..n` (Lemire's method, exactly unbiased); `0` when `n` is `0` or `1`.
    pub fn below(&mut self, n: u32) -> u32 {
        // `0..n` holds only 0 for `n` ≤ 1 (documented): no draw.
        let Some(divisor) = NonZeroU32::new(n).filter(|d| d.get() > 1) else {
            return 0;
        };
        loop {
            if let Some(value) = self.lemire_draw(divisor) {
                return value;
            }
        }
    }

    /// One draw of Lemire's method for `0..n` (`n` ≥ 2): the value, or `None` when the draw is
    /// rejected (the caller draws again). Accepted when the low half of the product is at least
    /// 2^32 mod n (< n): a low half of at least n is accepted without the division (Lemire's fast
    /// path; the same draws and values).
    #[inline(always)]
    fn lemire_draw(&mut self, n: NonZeroU32) -> Option<u32> {
        let m = u64::from(self.next_u32()).wrapping_mul(u64::from(n.get())); // u32 × u32 fits a u64
        let low = m as u32;
        (low >= n.get() || low >= n.get().wrapping_neg() % n).then_some((m >> 32) as u32)
    }
}

impl Rng {
    /// The index a reservoir pass over `count` items keeps (0 when `count` ≤ 1): the `i`-th
    /// item (from 0) replaces the choice when [`below`](Self::below)`(i + 1) == 0`, one draw per
    /// item after the first. The same draws and the same answer as that loop of `below`, written
    /// as one loop (`below`'s draw, [`Rng::lemire_draw`], without its check of `n`: never 0 or
    /// 1 here) on a copy of the state, and asking of each accepted draw only whether its value is
    /// 0 (the product below 2^32). Dou Dizhu's random bot's (unused in a build without that game).
    #[cfg_attr(not(feature = "doudizhu"), allow(dead_code))]
    pub(crate) fn reservoir(&mut self, count: u32) -> u32 {
        // The `n` of the last draw of value 0 (1: none, item 0 kept).
        let mut kept = 1u64;
        let mut rng = *self;
        // `n` runs over 2 ..= count (each below 2^32: the products fit a u64).
        let count = u64::from(count);
        let mut n = 2u64;
        while n <= count {
            let m = loop {
                let m = u64::from(rng.next_u32()).wrapping_mul(n);
                // `lemire_draw`'s test: the low half at least n, else at least 2^32 mod n (the
                // division only on that rare path).
                let low = m & 0xFFFF_FFFF;
                if low >= n || low >= (1u64 << 32).checked_rem(n).unwrap_or(0) {
                    break m;
                }
            };
            if m < 1u64 << 32 {
                kept = n;
            }
            n = n.wrapping_add(1); // ≤ 2^32
        }
        *self = rng;
        kept.wrapping_sub(1) as u32 // kept ≥ 1
    }
}

/// Fisher–Yates shuffle of `items` in place with `rng` (from the back; see the
/// [module docs](self)). Slices longer than `u32::MAX` items are shuffled in their first
/// `u32::MAX` positions only (no game comes near).
pub fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    let len = items.len().min(u32::MAX as usize);
    let mut i = len;
    while i > 1 {
        i = i.saturating_sub(1);
        // `below(i + 1)` is at most `i`: swap items `j` and `i` (nothing when equal). Written
        // without `swap`, whose bounds check the optimizer keeps when this is not inlined: a
        // panic path in the C library (`scripts/embedded-check` rejects any).
        let j = rng.below((i as u32).saturating_add(1)) as usize;
        if let Some((head, tail)) = items.split_at_mut_checked(i)
            && let (Some(a), Some(b)) = (head.get_mut(j), tail.first_mut())
        {
            core::mem::swap(a, b);
        }
    }
}

/// A value held in place in caller bytes (`Round::raw_ref`, `Match::raw_ref`): zerocopy's
/// bit-validity check of `bytes`, then the game's own O(1) check `valid`; `None` when either fails.
pub fn held_ref<T>(bytes: &[u8], valid: impl Fn(&T) -> bool) -> Option<&T>
where
    T: zerocopy::TryFromBytes + zerocopy::KnownLayout + zerocopy::Immutable,
{
    T::try_ref_from_bytes(bytes).ok().filter(|value| valid(value))
}

/// [`held_ref`], writable (`Round::raw_mut`, `Match::raw_mut`).
pub fn held_mut<T>(bytes: &mut [u8], valid: impl Fn(&T) -> bool) -> Option<&mut T>
where
    T: zerocopy::TryFromBytes + zerocopy::KnownLayout + zerocopy::IntoBytes,
{
    T::try_mut_from_bytes(bytes).ok().filter(|value| valid(value))
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_published_reference_outputs() {
        // Reference values of SplitMix64 seeded with 1234567 (from the C reference implementation
        // by Sebastiano Vigna, splitmix64.c).
        let mut rng = Rng::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(rng.next_u64(), 9_817_491_932_198_370_423);
    }

    /// Session 18: `reservoir` makes the draws of the loop of `below` it replaces and keeps the
    /// same index (the random bots' choices for a seed unchanged), for every count to 300.
    #[test]
    fn reservoir_draws_as_the_loop_of_below() {
        let mut kept = [0u32; 4];
        for seed in 0..400u64 {
            for count in 0..300u32 {
                let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
                let mut chosen = 0u32;
                for seen in 2..=count {
                    if a.below(seen) == 0 {
                        chosen = seen - 1;
                    }
                }
                assert_eq!(b.reservoir(count), chosen, "seed {seed} count {count}");
                assert_eq!(a, b, "seed {seed} count {count}");
                if count == 4 {
                    kept[chosen as usize] += 1;
                }
            }
        }
        // Every index of four is kept about a quarter of the time.
        assert!(kept.iter().all(|&k| (70..130).contains(&k)), "{kept:?}");
    }

    /// The inverse of SplitMix64's output function (each step undone in reverse: the
    /// xor-shifts by re-applying them, the multiplications by the constants' inverses mod 2^64).
    fn unmix(mut z: u64) -> u64 {
        let inverse = |c: u64| {
            // Newton's iteration for c⁻¹ mod 2^64 (c odd): each step doubles the correct bits.
            let mut x = c;
            for _ in 0..6 {
                x = x.wrapping_mul(2u64.wrapping_sub(c.wrapping_mul(x)));
            }
            x
        };
        let unshift = |y: u64, k: u32| {
            let mut x = y;
            for _ in 0..64 / k {
                x = y ^ (x >> k);
            }
            x
        };
        z = unshift(z, 31);
        z = z.wrapping_mul(inverse(0x94D0_49BB_1331_11EB));
        z = unshift(z, 27);
        z = z.wrapping_mul(inverse(0xBF58_476D_1CE4_E5B9));
        unshift(z, 30)
    }

    /// Session 19: a rejected draw (Lemire's method draws again, about once in 2^32 / n draws
    /// of a random pass, never met by chance in the test above) costs `reservoir` and the loop
    /// of `below` the same extra draw: states made so that the `k`-th draw of a pass is 0 in
    /// its top half (rejected for every `n` not a power of two), for several `k` and counts.
    #[test]
    fn reservoir_draws_again_after_a_rejection_as_below_does() {
        let golden = 0x9E37_79B9_7F4A_7C15u64;
        let mut rejected = 0;
        for k in 0..40u64 {
            for low in [0x1234_5678u64, 0xFFFF_FFFF, 7] {
                // The state after k + 1 draws is unmix(low); the seed k + 1 steps before it.
                let seed = unmix(low).wrapping_sub(golden.wrapping_mul(k + 1));
                let mut check = Rng::new(seed);
                for _ in 0..k {
                    check.next_u64();
                }
                assert_eq!(check.next_u64(), low, "k {k}");
                for count in [k as u32 + 2, k as u32 + 3, 100, 257] {
                    let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
                    let mut chosen = 0u32;
                    let mut draws = 0u32;
                    for seen in 2..=count {
                        let before = a;
                        if a.below(seen) == 0 {
                            chosen = seen - 1;
                        }
                        let mut c = before;
                        c.next_u64();
                        draws += if c == a { 1 } else { 2 };
                    }
                    if draws > count.saturating_sub(1) {
                        rejected += 1;
                    }
                    assert_eq!(b.reservoir(count), chosen, "seed {seed} count {count}");
                    assert_eq!(a, b, "seed {seed} count {count}");
                }
            }
        }
        assert!(rejected > 100, "{rejected}");
    }

    #[test]
    fn below_stays_in_range_and_shuffle_is_pinned() {
        let mut rng = Rng::new(42);
        for n in 1..200u32 {
            assert!(rng.below(n) < n);
        }
        let mut deck = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(&mut deck, &mut Rng::new(7));
        let mut sorted = deck;
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_ne!(deck, sorted);
        assert_eq!(deck, [9, 5, 8, 6, 1, 2, 4, 7, 0, 3]); // pinned: never changes
    }

    #[test]
    fn seat_next_wraps() {
        assert_eq!(Seat(3).next(4), Seat(0));
        assert_eq!(Seat(1).next(3), Seat(2));
    }
}
