//! The seed's question (spring, 春天) and the minimum number of plays that empties a hand
//! (NOIP 2015 "斗地主"): one memoised search over the sub-hands of a hand of at most 20 cards.
//!
//! Memory is the caller's: a byte buffer of [`SCRATCH_BYTES`] (a memo of one byte per sub-hand,
//! indexed in mixed radix by the hand's rank counts — at most 248,832 for 20 cards — and the
//! hand's plays, 12 bytes each, at most [`MAX_MOVES`]).

use super::Error;
use super::cards::{Cards, RANKS, Rank};
use super::combination::{Kind, Preset, classify};
use super::moves::{MAX_HAND, MAX_MOVES, can_beat, generate};

/// The most sub-hands a hand of 20 cards has: the product of (count + 1) over its ranks is at
/// most 2^10 · 3^5 = 248,832 (fifteen ranks, five of them twice).
pub const MEMO_BYTES: usize = 248_832;

/// Bytes of one stored play: its packed counts (8) and its mixed-radix index (4).
const PLAY_BYTES: usize = 12;

/// Scratch bytes the searches need: the memo plus every play of the hand.
pub const SCRATCH_BYTES: usize = MEMO_BYTES + MAX_MOVES * PLAY_BYTES;

/// The most cards a peasant may hold when the split of the other cards is unknown.
pub const PEASANT_CARDS: usize = 17;

/// Who the landlord plays against in [`spring`] (spec "The seed's question").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponents {
    /// Both peasants' hands are given (the original judge's input).
    Both(Cards, Cards),
    /// One peasant's hand is given; the other peasant holds the rest of the deck.
    One(Cards),
    /// Only the landlord's hand is known: a play is safe only if no combination of at most
    /// [`PEASANT_CARDS`] cards from the rest of the deck beats it.
    Unknown,
}

/// A winning order of plays: every play but possibly the last is unbeatable by the peasants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    plays: [Cards; MAX_HAND],
    len: u8,
}

impl Plan {
    /// The plays, in the order the landlord leads them.
    pub fn plays(&self) -> &[Cards] {
        // `push` is the only writer and keeps `len` ≤ MAX_HAND, so the prefix always exists.
        debug_assert!(usize::from(self.len) <= MAX_HAND);
        self.plays.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// Appends a play; [`Error::Internal`] past [`MAX_HAND`] plays (every play holds a card of
    /// a hand of at most 20).
    fn push(&mut self, cards: Cards) -> Result<(), Error> {
        let slot = self
            .plays
            .get_mut(usize::from(self.len))
            .ok_or_else(|| internal("a plan past 20 plays"))?;
        *slot = cards;
        self.len = self.len.saturating_add(1);
        Ok(())
    }
}

/// Packs a count vector into 4-bit fields (rank `i` at bits `4i..4i+4`).
fn pack(counts: &[u8; RANKS]) -> u64 {
    // Highest rank first, shifting up: rank 0 ends in the lowest field.
    counts
        .iter()
        .rev()
        .fold(0u64, |acc, &c| (acc << 4) | u64::from(c & 0x7))
}

fn unpack(packed: u64) -> [u8; RANKS] {
    let mut counts = [0u8; RANKS];
    for (i, c) in counts.iter_mut().enumerate() {
        *c = ((packed >> (i << 2)) & 0xF) as u8; // i < 15: a shift below 64
    }
    counts
}

/// Bit 3 of every field: a guard that survives a field-wise subtraction without borrow.
const GUARD: u64 = 0x0888_8888_8888_8888;

/// Whether every field of `small` is at most the field of `big` (counts are at most 4).
fn packed_contains(big: u64, small: u64) -> bool {
    ((big | GUARD).wrapping_sub(small) & GUARD) == GUARD
}

/// Every non-zero 4-bit field of `packed` set to all ones.
fn fields(packed: u64) -> u64 {
    let mut any = packed | (packed >> 1);
    any |= any >> 2;
    (any & 0x1111_1111_1111_1111).wrapping_mul(0xF)
}

fn lowest_field(packed: u64) -> usize {
    (packed.trailing_zeros() / 4) as usize
}

/// Mixed-radix strides of the sub-hands of `hand`.
#[inline(always)] // two callers, one of them C-only: keep one copy in firmware (flash)
fn strides(hand: &[u8; RANKS]) -> ([u32; RANKS], usize) {
    let mut strides = [0u32; RANKS];
    let mut size = 1u32;
    for (s, &c) in strides.iter_mut().zip(hand.iter()) {
        *s = size;
        size = size.saturating_mul(u32::from(c) + 1);
    }
    (strides, size as usize)
}

fn index(counts: &[u8; RANKS], strides: &[u32; RANKS]) -> u32 {
    counts
        .iter()
        .zip(strides.iter())
        .fold(0u32, |acc, (&c, &s)| acc.saturating_add(u32::from(c).saturating_mul(s)))
}

/// The plays of a hand, bucketed by lowest rank, stored in scratch bytes.
struct PlayTable<'a> {
    bytes: &'a mut [u8],
    bucket: [u16; RANKS + 1],
}

impl PlayTable<'_> {
    fn get(&self, i: usize) -> Option<(u64, u32)> {
        let start = i.checked_mul(PLAY_BYTES)?;
        let rec = self.bytes.get(start..)?;
        let (p, rest) = rec.split_first_chunk::<8>()?;
        let x = rest.first_chunk::<4>()?;
        Some((u64::from_le_bytes(*p), u32::from_le_bytes(*x)))
    }

    /// The packed fields (4 bits per rank, all ones) of every rank some stored play holds.
    fn covered(&self) -> u64 {
        let [.., total] = self.bucket;
        let total = usize::from(total);
        (0..total)
            .filter_map(|i| self.get(i))
            .fold(0u64, |acc, (play, _)| acc | fields(play))
    }

    /// The plays whose lowest rank is `rank`; empty past the ranks (the lowest field of an
    /// empty hand), which holds no plays — a true answer, not a stand-in.
    fn range(&self, rank: usize) -> core::ops::Range<usize> {
        match (self.bucket.get(rank), self.bucket.get(rank.saturating_add(1))) {
            (Some(&lo), Some(&hi)) => usize::from(lo)..usize::from(hi),
            _ => 0..0,
        }
    }
}

/// Fills a play table with the plays of `hand` accepted by `keep`, bucketed by lowest rank
/// (two passes of the generator: count, then place). `keep` is `dyn`: one copy for both
/// searches (flash).
fn build_table<'a>(
    hand: &Cards,
    preset: &Preset,
    strides: &[u32; RANKS],
    bytes: &'a mut [u8],
    keep: &mut dyn FnMut(&Cards) -> bool,
) -> PlayTable<'a> {
    let mut counts = [0u16; RANKS + 1];
    generate(hand, None, preset, usize::from(preset.max_cards), &mut |c: Cards, _| {
        if keep(&c)
            && let Some(low) = c.lowest()
            && let Some(slot) = counts.get_mut((low as usize).saturating_add(1))
        {
            *slot = slot.saturating_add(1);
        }
        true
    });
    let mut bucket = [0u16; RANKS + 1];
    let mut acc = 0u16;
    for (b, c) in bucket.iter_mut().zip(counts.iter()) {
        acc = acc.saturating_add(*c);
        *b = acc;
    }
    let mut next = bucket;
    generate(hand, None, preset, usize::from(preset.max_cards), &mut |c: Cards, _| {
        if keep(&c)
            && let Some(low) = c.lowest()
            && let Some(pos) = next.get_mut(low as usize)
        {
            let at = usize::from(*pos) * PLAY_BYTES;
            if let Some((p, rest)) = bytes.get_mut(at..).and_then(|rec| rec.split_first_chunk_mut::<8>())
                && let Some(x) = rest.first_chunk_mut::<4>()
            {
                let counts = c.counts();
                *p = pack(&counts).to_le_bytes();
                *x = index(&counts, strides).to_le_bytes();
            }
            *pos = pos.saturating_add(1);
        }
        true
    });
    PlayTable { bytes, bucket }
}

#[derive(Clone, Copy)]
enum Goal {
    /// Can the sub-hand be split into plays of the table? Memo: 1 yes, 2 no.
    Split,
    /// The fewest plays of the table that empty the sub-hand. Memo: value + 1.
    Fewest,
}

#[derive(Clone, Copy, Default)]
struct Frame {
    hand: u64,
    index: u32,
    cursor: usize,
    end: usize,
    best: u8,
    pending: u32,
}

const NONE: u32 = u32::MAX;

/// The answer of a broken invariant of [`solve`]: a debug assertion, then [`Error::Internal`]
/// (never a memo value, which would read as an answer).
fn internal(what: &str) -> Error {
    debug_assert!(false, "doudizhu search: {what}");
    Error::Internal
}

/// Solves `root` (memoised, iterative: the stack depth is at most the hand's 20 cards, since
/// every play removes a card). Returns the memo value of `root` (see [`Goal`]), never 0.
///
/// [`Error::Internal`] if the frame stack runs out (a play that removes no card) or a child's
/// memo entry is missing after it was solved: neither can happen for a table built by
/// [`build_table`].
fn solve(root: u64, root_index: u32, table: &PlayTable<'_>, memo: &mut [u8], goal: Goal) -> Result<u8, Error> {
    if root == 0 {
        return Ok(1);
    }
    if let Some(&known) = memo.get(root_index as usize)
        && known != 0
    {
        return Ok(known);
    }
    let start = |hand: u64, index: u32| {
        let r = table.range(lowest_field(hand));
        Frame {
            hand,
            index,
            cursor: r.start,
            end: r.end,
            best: u8::MAX,
            pending: NONE,
        }
    };
    let mut stack = [Frame::default(); MAX_HAND + 1];
    let mut sp = 0usize;
    if let Some(bottom) = stack.first_mut() {
        *bottom = start(root, root_index);
    }
    loop {
        let Some(top) = stack.get_mut(sp) else {
            return Err(internal("frame stack overflow"));
        };
        // Fold in the answer of the child we come back from (solved, so its memo entry is set).
        if top.pending != NONE {
            let child = match memo.get(top.pending as usize).copied() {
                Some(value) if value != 0 => value,
                _ => return Err(internal("a solved child has no memo entry")),
            };
            top.pending = NONE;
            top.best = top.best.min(child);
            if child == 1 {
                top.cursor = top.end; // a split found / one play empties it: cannot do better
            }
        }
        let mut descend = None;
        while top.cursor < top.end {
            let Some((play, play_index)) = table.get(top.cursor) else {
                return Err(internal("a play index past the table"));
            };
            top.cursor = top.cursor.saturating_add(1);
            if !packed_contains(top.hand, play) {
                continue;
            }
            let child = top.hand.wrapping_sub(play);
            let child_index = top.index.wrapping_sub(play_index);
            let value = if child == 0 {
                1
            } else {
                match memo.get(child_index as usize) {
                    Some(&value) => value,
                    None => return Err(internal("a sub-hand index past the memo")),
                }
            };
            if value == 0 {
                top.pending = child_index;
                descend = Some((child, child_index));
                break;
            }
            top.best = top.best.min(value);
            if value == 1 {
                top.cursor = top.end;
            }
        }
        if let Some((child, child_index)) = descend {
            sp = sp.saturating_add(1);
            match stack.get_mut(sp) {
                Some(slot) => *slot = start(child, child_index),
                None => return Err(internal("frame stack overflow")),
            }
            continue;
        }
        // Frame done: record it. Split: 1 if some child split (memo 1), else 2. Fewest: the
        // best child's value (plays + 1) plus this play.
        let value = match goal {
            Goal::Split => {
                if top.best == 1 {
                    1
                } else {
                    2
                }
            }
            Goal::Fewest => top.best.saturating_add(1),
        };
        match memo.get_mut(top.index as usize) {
            Some(slot) => *slot = value,
            None => return Err(internal("a sub-hand index past the memo")),
        }
        let Some(parent) = sp.checked_sub(1) else {
            return Ok(value);
        };
        sp = parent;
    }
}

/// The scratch bytes [`min_plays`] and [`spring`] need for `hand`: one memo byte per sub-hand
/// (the product of (count + 1) over its ranks) plus [`MAX_MOVES`]·12 bytes of plays; at most
/// [`SCRATCH_BYTES`].
///
/// # Errors
/// [`Error::HandTooLarge`] past 20 cards.
///
/// ```
/// use parlor_core::doudizhu::{scratch_bytes, SCRATCH_BYTES};
/// // 3 3 4: (2 + 1) · (1 + 1) = 6 sub-hands.
/// assert_eq!(scratch_bytes(&"334".parse()?)?, 6 + SCRATCH_BYTES - 248_832);
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
pub fn scratch_bytes(hand: &Cards) -> Result<usize, Error> {
    if hand.len() > MAX_HAND {
        return Err(Error::HandTooLarge { cards: hand.len() });
    }
    let (_, size) = strides(&hand.counts());
    Ok(size.saturating_add(MAX_MOVES * PLAY_BYTES))
}

/// The memo (zeroed, one byte per sub-hand), the play area, and the mixed-radix strides.
type Split<'a> = (&'a mut [u8], &'a mut [u8], [u32; RANKS]);

fn split_scratch<'a>(hand: &Cards, scratch: &'a mut [u8]) -> Result<Split<'a>, Error> {
    if hand.len() > MAX_HAND {
        return Err(Error::HandTooLarge { cards: hand.len() });
    }
    // As `scratch_bytes`, with the strides kept (one pass: flash on microcontrollers).
    let (strides, size) = strides(&hand.counts());
    let needed = size.saturating_add(MAX_MOVES * PLAY_BYTES);
    if scratch.len() < needed {
        return Err(Error::ScratchTooSmall { needed });
    }
    let (memo, plays) = scratch
        .split_at_mut_checked(size)
        .ok_or(Error::ScratchTooSmall { needed })?;
    memo.fill(0);
    Ok((memo, plays, strides))
}

/// The fewest plays that empty `hand` (NOIP 2015 "斗地主", under `preset`'s combinations).
///
/// # Errors
/// [`Error::HandTooLarge`] past 20 cards; [`Error::ScratchTooSmall`] if `scratch` is shorter
/// than the product of (count + 1) over the ranks plus [`MAX_MOVES`]·12 bytes
/// ([`SCRATCH_BYTES`] always suffices).
///
/// ```
/// use parlor_core::doudizhu::{min_plays, Preset, SCRATCH_BYTES};
/// let mut scratch = vec![0u8; SCRATCH_BYTES];
/// // 34567 then the rocket.
/// assert_eq!(min_plays(&"34567BR".parse()?, &Preset::PAGAT, &mut scratch)?, 2);
/// // 333444555 + 6 7 8 as one airplane with single wings, then the pair of 2s.
/// assert_eq!(min_plays(&"33344455567822".parse()?, &Preset::PAGAT, &mut scratch)?, 2);
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
pub fn min_plays(hand: &Cards, preset: &Preset, scratch: &mut [u8]) -> Result<u8, Error> {
    let (memo, plays, strides) = split_scratch(hand, scratch)?;
    if hand.is_empty() {
        return Ok(0);
    }
    let table = build_table(hand, preset, &strides, plays, &mut |_| true);
    let counts = hand.counts();
    let value = solve(pack(&counts), index(&counts, &strides), &table, memo, Goal::Fewest)?;
    // A memo value is plays + 1, so never 0 (solve's contract); 0 would be no answer at all.
    value.checked_sub(1).ok_or_else(|| internal("a memo value of 0"))
}

/// Readings the safety cache distinguishes: kind × chain length (0..=12) × key rank.
const SAFE_SLOTS: usize = 14 * 13 * RANKS;

/// The union of two hands, or [`Error::CardsOverlap`] naming the lowest rank they hold more
/// often together than the deck does.
fn together(a: &Cards, b: &Cards) -> Result<Cards, Error> {
    a.plus(b).ok_or_else(|| {
        // `plus` fails only when some rank is over the deck, so `find` finds one.
        match Rank::ALL
            .into_iter()
            .find(|&r| usize::from(a.count(r)).saturating_add(usize::from(b.count(r))) > usize::from(r.copies()))
        {
            Some(rank) => Error::CardsOverlap { rank },
            None => internal("two hands that do not add up, with no rank over the deck"),
        }
    })
}

/// The two peasants' hands (the second is the rest of the deck for [`Opponents::One`], empty
/// for [`Opponents::Unknown`] where the first is the whole rest) and the largest play they may
/// make; [`Error::CardsOverlap`] if the hands together exceed the deck.
fn peasants(landlord: &Cards, opponents: &Opponents, preset: &Preset) -> Result<(Cards, Cards, usize), Error> {
    Ok(match *opponents {
        Opponents::Both(a, b) => {
            together(&together(landlord, &a)?, &b)?;
            (a, b, usize::from(preset.max_cards))
        }
        Opponents::One(a) => (a, together(landlord, &a)?.complement(), usize::from(preset.max_cards)),
        Opponents::Unknown => (landlord.complement(), Cards::EMPTY, PEASANT_CARDS),
    })
}

/// Per-reading cache of "no peasant can beat it", two bits a reading (0 unknown, 1 safe,
/// 2 beatable): 683 bytes, so the whole spring call stays within a small embedded stack.
struct SafeCache {
    state: [u8; SAFE_SLOTS.div_ceil(4)],
}

impl SafeCache {
    fn slot(kind: Kind, chain: u8, key: Rank) -> usize {
        // At most 13·13 + 12 = 181 times 15 plus 14: far from any overflow.
        (kind as usize)
            .saturating_mul(13)
            .saturating_add(usize::from(chain.min(12)))
            .saturating_mul(RANKS)
            .saturating_add(key as usize)
    }

    fn get(&self, slot: usize) -> u8 {
        self.state.get(slot / 4).map_or(0, |b| (b >> ((slot % 4) << 1)) & 3)
    }

    fn set(&mut self, slot: usize, value: u8) {
        if let Some(b) = self.state.get_mut(slot / 4) {
            *b |= (value & 3) << ((slot % 4) << 1);
        }
    }
}

/// The seed's question: can the landlord play out `landlord` leading every play, so that the
/// peasants never get to play? True when the hand splits into plays no peasant can beat plus
/// at most one arbitrary last play (spec "The seed's question"). Returns the plan (plays in
/// order) or `None`. The peasants' hands never change, so whether a play is safe is fixed.
///
/// Any hand sizes are accepted (mid-game positions); the landlord holds at most 20 cards.
///
/// # Errors
/// [`Error::HandTooLarge`] past 20 landlord cards; [`Error::CardsOverlap`] if the hands
/// together exceed the deck; [`Error::ScratchTooSmall`] as for [`min_plays`].
///
/// ```
/// use parlor_core::doudizhu::{spring, Cards, Opponents, Preset, SCRATCH_BYTES};
/// let p = |s: &str| s.parse::<Cards>().unwrap();
/// let mut scratch = vec![0u8; SCRATCH_BYTES];
/// // The rocket is never beaten; after it the 3 goes last.
/// let plan = spring(&p("3BR"), &Opponents::Both(p("44"), p("55")), &Preset::PAGAT, &mut scratch)?;
/// let shown: Vec<String> = plan.unwrap().plays().iter().map(|c| c.to_string()).collect();
/// assert_eq!(shown, ["BR", "3"]);
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
pub fn spring(
    landlord: &Cards,
    opponents: &Opponents,
    preset: &Preset,
    scratch: &mut [u8],
) -> Result<Option<Plan>, Error> {
    let (first, second, limit) = peasants(landlord, opponents, preset)?;
    let (memo, plays, strides) = split_scratch(landlord, scratch)?;
    let mut plan = Plan {
        plays: [Cards::EMPTY; MAX_HAND],
        len: 0,
    };
    if landlord.is_empty() {
        return Ok(Some(plan));
    }
    let mut cache = SafeCache {
        state: [0; SAFE_SLOTS.div_ceil(4)],
    };
    let mut safe = |c: &Cards| -> bool {
        let Some(r) = classify(c, preset).strongest() else {
            return false;
        };
        let slot = SafeCache::slot(r.kind, r.chain, r.key);
        match cache.get(slot) {
            1 => true,
            2 => false,
            _ => {
                let ok = !can_beat(&first, &r, preset, limit) && !can_beat(&second, &r, preset, limit);
                cache.set(slot, if ok { 1 } else { 2 });
                ok
            }
        }
    };
    let table = build_table(landlord, preset, &strides, plays, &mut safe);
    let counts = landlord.counts();
    let root = pack(&counts);
    let root_index = index(&counts, &strides);
    // Cards of a rank no safe play holds can only go in the final play: if there are any, the
    // hand needs a final play holding all of them (a cheap cut of the search's slow tail).
    let uncovered = root & !table.covered();
    // No final play needed, or some final play after safe ones.
    let mut last = None;
    if uncovered != 0 || solve(root, root_index, &table, memo, Goal::Split)? != 1 {
        let mut broken = false;
        generate(
            landlord,
            None,
            preset,
            usize::from(preset.max_cards),
            &mut |f: Cards, _| {
                let fc = f.counts();
                let packed = pack(&fc);
                if packed & uncovered != uncovered {
                    return true;
                }
                let rest = root.wrapping_sub(packed);
                let rest_index = root_index.wrapping_sub(index(&fc, &strides));
                match solve(rest, rest_index, &table, memo, Goal::Split) {
                    Ok(1) => {
                        last = Some(f);
                        false
                    }
                    Ok(_) => true,
                    Err(_) => {
                        broken = true;
                        false
                    }
                }
            },
        );
        if broken {
            return Err(Error::Internal);
        }
        if last.is_none() {
            return Ok(None);
        }
    }
    // Walk the memo to read the safe plays off.
    let mut hand = match last {
        Some(f) => root.wrapping_sub(pack(&f.counts())),
        None => root,
    };
    let mut hand_index = match last {
        Some(f) => root_index.wrapping_sub(index(&f.counts(), &strides)),
        None => root_index,
    };
    while hand != 0 {
        let mut step = None;
        for i in table.range(lowest_field(hand)) {
            let Some((play, play_index)) = table.get(i) else {
                break;
            };
            if !packed_contains(hand, play) {
                continue;
            }
            let child = hand.wrapping_sub(play);
            let child_index = hand_index.wrapping_sub(play_index);
            if child == 0 || memo.get(child_index as usize).copied() == Some(1) {
                step = Some((play, child, child_index));
                break;
            }
        }
        let Some((play, child, child_index)) = step else {
            return Err(internal("a solved sub-hand without a solved child"));
        };
        // A stored play is a sub-hand of a real hand, so its counts are a real set.
        plan.push(Cards::from_counts(unpack(play)).map_err(|_| internal("a stored play that is no card set"))?)?;
        hand = child;
        hand_index = child_index;
    }
    if let Some(f) = last {
        plan.push(f)?;
    }
    Ok(Some(plan))
}

/// Whether a single play `play` is safe against `opponents` (no peasant can beat it), as
/// [`spring`] decides it. `false` for a set that is no combination.
///
/// # Errors
/// [`Error::CardsOverlap`] if the hands together exceed the deck.
pub fn is_safe(play: &Cards, landlord: &Cards, opponents: &Opponents, preset: &Preset) -> Result<bool, Error> {
    let Some(r) = classify(play, preset).strongest() else {
        return Ok(false);
    };
    let (first, second, limit) = peasants(landlord, opponents, preset)?;
    Ok(!can_beat(&first, &r, preset, limit) && !can_beat(&second, &r, preset, limit))
}
