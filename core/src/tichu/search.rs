//! Move generation: every distinct legal play from a hand (spec "Beyond the seed").
//!
//! Plays are distinct *card sets*: in a suited hand `5j5s` and `5j5p` are two pairs, in a
//! rank-only hand there is one pair of 5s. A set with the Phoenix is produced once, with its
//! strongest reading that beats the table (`3456P` is 3–7, not 2–6). The order is fixed: singles,
//! pairs, triples, full houses, straights, stairs, four-of-a-kind bombs, straight-flush bombs,
//! the Dog; within a type by rising rank.

use core::ops::ControlFlow;

use super::Error;
use super::card::{Cards, DOG_BIT, DRAGON_BIT, MAHJONG_BIT, PHOENIX_BIT, Rank, SUITED_BIT};
use super::combination::{Combination, DRAGON_KEY, Kind, MAHJONG_KEY, phoenix_single_on};

/// The most cards a hand may have (a full Tichu hand).
pub const MAX_HAND: usize = 14;

/// A bound on the number of distinct plays from a hand of at most [`MAX_HAND`] cards: every play
/// is a distinct non-empty subset of the hand, and a 14-card hand has 2¹⁴ − 1 of them. (The
/// largest counts met in practice are far lower — a few hundred for rank-only hands, see
/// `docs/tichu.md` — so a smaller buffer with [`Error::OutputTooSmall`] as the fallback works.)
pub const MAX_MOVES: usize = (1 << MAX_HAND) - 1;

/// The subsets of size `k` of the 4-bit `group` — every one for a suited hand, the canonical low
/// run for a rank-only one. Returns the subsets and how many.
fn subsets(group: u8, k: u32, suited: bool) -> ([u8; 6], usize) {
    let mut out = [0u8; 6];
    let mut n = 0;
    if suited {
        for sub in 1u8..16 {
            if sub & group == sub
                && sub.count_ones() == k
                && let Some(slot) = out.get_mut(n)
            {
                *slot = sub;
                n += 1;
            }
        }
    } else if group.count_ones() >= k && k <= 4 {
        out[0] = ((1u16 << k) - 1) as u8;
        n = 1;
    }
    (out, n)
}

/// The group bits of `rank` value `value` (2..=14) placed in the mask.
fn place(value: u8, group: u8) -> u64 {
    Rank::new(value).map_or(0, |rank| u64::from(group) << rank.shift())
}

/// The generator's fixed inputs.
struct Gen<'f, F> {
    groups: [u8; 15],
    phoenix: bool,
    suited: bool,
    mahjong: bool,
    previous: Option<Combination>,
    f: &'f mut F,
}

impl<F: FnMut(Cards, Combination) -> ControlFlow<()>> Gen<'_, F> {
    fn group(&self, value: u8) -> u8 {
        self.groups.get(usize::from(value)).copied().unwrap_or(0)
    }

    /// Emits `mask` (naturals and specials) as `kind`/`len`/`key` if that beats the table.
    fn emit(&mut self, mask: u64, kind: Kind, len: u8, key: u8) -> ControlFlow<()> {
        let Ok(combination) = Combination::new(kind, len, key) else {
            return ControlFlow::Continue(());
        };
        if !combination.beats(self.previous) {
            return ControlFlow::Continue(());
        }
        let suited = if self.suited { SUITED_BIT } else { 0 };
        (self.f)(Cards::from_bits(mask | suited), combination)
    }

    /// Whether type `kind` of length `len` can follow the table (bombs are handled apart).
    fn wants(&self, kind: Kind, len: u8) -> bool {
        match self.previous {
            None => true,
            Some(prev) => prev.kind() == kind && (prev.len() == len || !matches!(kind, Kind::Straight | Kind::Stairs)),
        }
    }

    fn singles(&mut self) -> ControlFlow<()> {
        if self.mahjong {
            self.emit(MAHJONG_BIT, Kind::Single, 1, MAHJONG_KEY)?;
        }
        for value in 2u8..=14 {
            let (subs, n) = subsets(self.group(value), 1, self.suited);
            for &sub in subs.iter().take(n) {
                self.emit(place(value, sub), Kind::Single, 1, value * 2)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Pairs (`k` = 2) or triples (`k` = 3), natural or with the Phoenix.
    fn same_rank(&mut self, k: u32, kind: Kind) -> ControlFlow<()> {
        let len = k as u8;
        for value in 2u8..=14 {
            let group = self.group(value);
            let (subs, n) = subsets(group, k, self.suited);
            for &sub in subs.iter().take(n) {
                self.emit(place(value, sub), kind, len, value * 2)?;
            }
            if self.phoenix {
                let (subs, n) = subsets(group, k - 1, self.suited);
                for &sub in subs.iter().take(n) {
                    self.emit(place(value, sub) | PHOENIX_BIT, kind, len, value * 2)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn full_houses(&mut self) -> ControlFlow<()> {
        for a in 2u8..=14 {
            let ga = self.group(a);
            if ga.count_ones() < 2 {
                continue;
            }
            for b in 2u8..=14 {
                let gb = self.group(b);
                if b == a || gb == 0 {
                    continue;
                }
                let (triples, nt) = subsets(ga, 3, self.suited);
                let (pairs, np) = subsets(gb, 2, self.suited);
                for &t in triples.iter().take(nt) {
                    for &p in pairs.iter().take(np) {
                        self.emit(place(a, t) | place(b, p), Kind::FullHouse, 5, a * 2)?;
                    }
                }
                if !self.phoenix {
                    continue;
                }
                // Phoenix in the pair: XXX + Y + P.
                let (ones, no) = subsets(gb, 1, self.suited);
                for &t in triples.iter().take(nt) {
                    for &o in ones.iter().take(no) {
                        self.emit(place(a, t) | place(b, o) | PHOENIX_BIT, Kind::FullHouse, 5, a * 2)?;
                    }
                }
                // Phoenix in the triple: XX + P + YY, once per set (read at the higher rank).
                if b < a {
                    let (twos, nw) = subsets(ga, 2, self.suited);
                    for &w in twos.iter().take(nw) {
                        for &p in pairs.iter().take(np) {
                            self.emit(place(a, w) | place(b, p) | PHOENIX_BIT, Kind::FullHouse, 5, a * 2)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Every choice of one card per rank `low..=high` except the rank `skip` (0 = none; 1 = the
    /// Mah Jong), emitted with `extra` bits as `kind`/`key`. Straight flushes (`flush_is_bomb`)
    /// are left to [`Gen::straight_flushes`].
    fn one_per_rank(&mut self, low: u8, high: u8, skip: u8, extra: u64, key: u8, no_flush: bool) -> ControlFlow<()> {
        let len = high - low + 1;
        // Odometer over the chosen suit bit of each rank.
        let mut groups = [0u8; 15];
        let mut chosen = [0u8; 15];
        for value in low.max(2)..=high {
            if value == skip {
                continue;
            }
            let (subs, n) = subsets(self.group(value), 1, self.suited);
            if n == 0 {
                return ControlFlow::Continue(());
            }
            let (Some(g), Some(c)) = (groups.get_mut(usize::from(value)), chosen.get_mut(usize::from(value))) else {
                return ControlFlow::Continue(());
            };
            *g = if self.suited { self.group(value) } else { subs[0] };
            *c = subs[0];
        }
        loop {
            let mut mask = extra;
            let mut common = 0xFu8;
            for value in low.max(2)..=high {
                let bit = chosen.get(usize::from(value)).copied().unwrap_or(0);
                if value != skip {
                    mask |= place(value, bit);
                    common &= bit;
                }
            }
            let flush = self.suited && common != 0 && low >= 2 && extra & (PHOENIX_BIT | MAHJONG_BIT) == 0;
            if !(flush && no_flush) {
                self.emit(mask, Kind::Straight, len, key)?;
            }
            // Advance the odometer: the next suit bit of the lowest rank that has one.
            let mut advanced = false;
            for value in low.max(2)..=high {
                let index = usize::from(value);
                let (Some(&g), Some(c)) = (groups.get(index), chosen.get_mut(index)) else {
                    continue;
                };
                if value == skip || g == 0 {
                    continue;
                }
                let higher = g & !((*c << 1).wrapping_sub(1));
                if higher != 0 {
                    *c = higher & higher.wrapping_neg();
                    advanced = true;
                    break;
                }
                *c = g & g.wrapping_neg();
            }
            if !advanced {
                return ControlFlow::Continue(());
            }
        }
    }

    fn has(&self, value: u8) -> bool {
        if value == 1 {
            self.mahjong
        } else {
            self.group(value) != 0
        }
    }

    fn straights(&mut self) -> ControlFlow<()> {
        let (min_len, max_len) = match self.previous {
            Some(prev) => (prev.len(), prev.len()),
            None => (5, 14),
        };
        for low in 1u8..=10 {
            for len in min_len.max(5)..=max_len {
                let high = low + len - 1;
                if high > 14 {
                    break;
                }
                let missing = (low..=high).filter(|&v| !self.has(v)).count();
                let mj = if low == 1 { MAHJONG_BIT } else { 0 };
                if missing == 0 {
                    self.one_per_rank(low, high, 0, mj, high * 2, true)?;
                }
                if !self.phoenix {
                    continue;
                }
                // The Phoenix inside the run (a gap, or standing in for a held rank).
                for skip in (low + 1)..high {
                    let others_missing = (low..=high).filter(|&v| v != skip && !self.has(v)).count();
                    if others_missing == 0 {
                        self.one_per_rank(low, high, skip, mj | PHOENIX_BIT, high * 2, false)?;
                    }
                }
                // The Phoenix at an end: naturals low..high-1 plus the Phoenix on top (read
                // high), or, when the run of naturals ends at the Ace, below it.
                if high <= 14 && (low..high).all(|v| self.has(v)) {
                    self.one_per_rank(low, high, high, mj | PHOENIX_BIT, high * 2, false)?;
                }
                if high == 14 && low >= 2 && ((low + 1)..=14).all(|v| self.has(v)) {
                    self.one_per_rank(low, high, low, PHOENIX_BIT, high * 2, false)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Stairs of `pairs` pairs from `low`, the pair of rank `phoenix_rank` (0 = none) being one
    /// card and the Phoenix.
    fn stairs_from(&mut self, low: u8, pairs: u8, phoenix_rank: u8) -> ControlFlow<()> {
        let high = low + pairs - 1;
        let mut options = [([0u8; 6], 0usize); 15];
        for value in low..=high {
            let k = if value == phoenix_rank { 1 } else { 2 };
            let found = subsets(self.group(value), k, self.suited);
            if found.1 == 0 {
                return ControlFlow::Continue(());
            }
            if let Some(slot) = options.get_mut(usize::from(value)) {
                *slot = found;
            }
        }
        let extra = if phoenix_rank != 0 { PHOENIX_BIT } else { 0 };
        let mut index = [0usize; 15];
        loop {
            let mut mask = extra;
            for value in low..=high {
                let v = usize::from(value);
                let (Some((subs, _)), Some(&i)) = (options.get(v), index.get(v)) else {
                    continue;
                };
                mask |= place(value, subs.get(i).copied().unwrap_or(0));
            }
            self.emit(mask, Kind::Stairs, pairs * 2, high * 2)?;
            let mut advanced = false;
            for value in low..=high {
                let v = usize::from(value);
                let (Some((_, n)), Some(i)) = (options.get(v), index.get_mut(v)) else {
                    continue;
                };
                if *i + 1 < *n {
                    *i += 1;
                    advanced = true;
                    break;
                }
                *i = 0;
            }
            if !advanced {
                return ControlFlow::Continue(());
            }
        }
    }

    fn stairs(&mut self) -> ControlFlow<()> {
        let (min_pairs, max_pairs) = match self.previous {
            Some(prev) => (prev.len() / 2, prev.len() / 2),
            None => (2, 7),
        };
        for low in 2u8..=13 {
            for pairs in min_pairs.max(2)..=max_pairs {
                let high = low + pairs - 1;
                if high > 14 {
                    break;
                }
                self.stairs_from(low, pairs, 0)?;
                if self.phoenix {
                    for value in low..=high {
                        self.stairs_from(low, pairs, value)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn bombs(&mut self) -> ControlFlow<()> {
        for value in 2u8..=14 {
            if self.group(value) == 0xF {
                self.emit(place(value, 0xF), Kind::FourOfAKind, 4, value * 2)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn straight_flushes(&mut self) -> ControlFlow<()> {
        if !self.suited {
            return ControlFlow::Continue(());
        }
        for low in 2u8..=10 {
            for high in (low + 4)..=14 {
                for suit in 0..4u8 {
                    let bit = 1u8 << suit;
                    if (low..=high).all(|v| self.group(v) & bit != 0) {
                        let mask = (low..=high).fold(0u64, |m, v| m | place(v, bit));
                        self.emit(mask, Kind::StraightFlush, high - low + 1, high * 2)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn run(&mut self, hand: Cards) -> ControlFlow<()> {
        let lead = self.previous.is_none();
        let previous_kind = self.previous.map(|p| p.kind());
        let bomb_on_table = self.previous.is_some_and(|p| p.is_bomb());
        if !bomb_on_table {
            if lead || previous_kind == Some(Kind::Single) {
                self.singles()?;
                if hand.has_dragon() {
                    self.emit(DRAGON_BIT, Kind::Single, 1, DRAGON_KEY)?;
                }
                if hand.has_phoenix()
                    && let Some(reading) = phoenix_single_on(self.previous)
                {
                    (self.f)(Cards::from_bits(PHOENIX_BIT), reading)?;
                }
            }
            if self.wants(Kind::Pair, 2) {
                self.same_rank(2, Kind::Pair)?;
            }
            if self.wants(Kind::Triple, 3) {
                self.same_rank(3, Kind::Triple)?;
            }
            if self.wants(Kind::FullHouse, 5) {
                self.full_houses()?;
            }
            if lead || previous_kind == Some(Kind::Straight) {
                self.straights()?;
            }
            if lead || previous_kind == Some(Kind::Stairs) {
                self.stairs()?;
            }
        }
        self.bombs()?;
        self.straight_flushes()?;
        if lead && hand.has_dog() {
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
    f: &mut impl FnMut(Cards, Combination) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, Error> {
    if hand.len() > MAX_HAND {
        return Err(Error::HandTooLarge);
    }
    if previous.is_some_and(|p| p.kind() == Kind::Dog) {
        return Err(Error::PreviousIsDog);
    }
    let mut groups = [0u8; 15];
    for rank in Rank::all() {
        if let Some(slot) = groups.get_mut(usize::from(rank.value())) {
            *slot = hand.group(rank);
        }
    }
    let mut generator = Gen {
        groups,
        phoenix: hand.has_phoenix(),
        suited: hand.is_suited(),
        mahjong: hand.has_mahjong(),
        previous,
        f,
    };
    Ok(generator.run(hand))
}

/// Whether the Mah Jong wish for `wish` binds a player holding `hand` on `previous`: they hold a
/// natural card of the rank and some legal play contains one (spec "Beyond the seed": bombs and
/// the Phoenix's help included; the Phoenix never counts as the wished rank).
/// Errors: as [`for_each_move`].
pub fn wish_forces(hand: Cards, previous: Option<Combination>, wish: Option<Rank>) -> Result<bool, Error> {
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
    let _ = generate(hand, previous, &mut |play: Cards, _| {
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
/// Errors: [`Error::HandTooLarge`] (more than [`MAX_HAND`] cards), [`Error::PreviousIsDog`].
///
/// ```
/// use core::ops::ControlFlow;
/// use parlor_core::tichu::{for_each_move, previous_play, Cards};
/// let hand: Cards = "2233P".parse().unwrap();
/// let previous = previous_play("55".parse().unwrap()).unwrap();
/// let mut plays = Vec::new();
/// for_each_move(hand, previous, None, |play, _| {
///     plays.push(play.to_string());
///     ControlFlow::Continue(())
/// })
/// .unwrap();
/// assert!(plays.is_empty()); // no pair above 5: only 2P, 3P, 22, 33 would be pairs
/// ```
pub fn for_each_move(
    hand: Cards,
    previous: Option<Combination>,
    wish: Option<Rank>,
    mut f: impl FnMut(Cards, Combination) -> ControlFlow<()>,
) -> Result<(), Error> {
    let forced = if wish_forces(hand, previous, wish)? { wish } else { None };
    let _ = generate(hand, previous, &mut |play: Cards, reading| match forced {
        Some(rank) if play.count(rank) == 0 => ControlFlow::Continue(()),
        _ => f(play, reading),
    })?;
    Ok(())
}

/// Writes every play of [`for_each_move`] into `out` and returns how many. [`MAX_MOVES`] entries
/// always suffice. Errors: as [`for_each_move`], and [`Error::OutputTooSmall`] with the number
/// needed (the first `out.len()` plays are written).
///
/// ```
/// use parlor_core::tichu::{legal_moves, Cards};
/// let hand: Cards = "1234P".parse().unwrap();
/// let mut out = [Cards::EMPTY; 32];
/// let n = legal_moves(hand, None, None, &mut out).unwrap();
/// let plays: Vec<String> = out[..n].iter().map(|c| c.to_string()).collect();
/// assert_eq!(plays, ["1", "2", "3", "4", "P", "2P", "3P", "4P", "1234P"]);
/// ```
pub fn legal_moves(
    hand: Cards,
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
        return Err(Error::OutputTooSmall { needed: count });
    }
    Ok(count)
}

/// Whether a player holding `hand` may pass on `previous`: never on the lead, and not while the
/// wish binds them ([`wish_forces`]). Errors: as [`for_each_move`].
pub fn can_pass(hand: Cards, previous: Option<Combination>, wish: Option<Rank>) -> Result<bool, Error> {
    Ok(previous.is_some() && !wish_forces(hand, previous, wish)?)
}
