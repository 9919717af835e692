//! The seed's question (spring, 春天) and the minimum number of plays that empties a hand
//! (NOIP 2015 "斗地主"): memoised searches over the sub-hands of a hand of at most 20 cards.
//!
//! Both search in canonical order: a sub-hand's next play is one holding its lowest card, so
//! each split is met once. Memory is the caller's ([`Scratch`], or plain bytes of at least
//! [`scratch_bytes`]): the hand's plays (8 bytes each, at most [`MAX_MOVES`]), a cache of
//! solved sub-hands in the bytes left (at least [`MEMO_SLOTS`] entries: an evicted entry is
//! solved again, so the size changes the time, never an answer) and the spring search's
//! 683-byte safety cache. The stack holds 21 search frames of 16 bytes.

use super::Error;
use super::cards::{Cards, RANKS, Rank};
use super::combination::{Kind, Preset, classify};
use super::moves::{MAX_HAND, MAX_MOVES, can_beat, generate};

/// The fewest memo entries a search gets (8 bytes each): with every play of the worst hand
/// stored, a [`Scratch`] still holds this many. The searches visit at most about 2,000
/// sub-hands of a 20-card hand (`BENCHMARKS.md`); more entries cost no more than the clearing.
pub const MEMO_SLOTS: usize = 1024;

/// Bytes of one memo slot: the key (packed sub-hand in bits 0..=56, the spring search's
/// "final play still free" flag in bit 57) and its value (bits 58..=63).
const SLOT_BYTES: usize = 8;

/// Bytes of one stored play: its packed counts.
const PLAY_BYTES: usize = 8;

/// Readings the safety cache distinguishes: kind × chain length (0..=12) × key rank.
const SAFE_SLOTS: usize = 14 * 13 * RANKS;

/// Bytes of the safety cache (two bits a reading).
const SAFE_BYTES: usize = SAFE_SLOTS.div_ceil(4);

/// Bytes of a [`Scratch`]: 32 KiB.
pub const SCRATCH_BYTES: usize = 32 * 1024;

/// Bytes of a [`Scratch`] after the safety cache: the plays, then the memo.
const WORK_BYTES: usize = SCRATCH_BYTES - SAFE_BYTES;

/// Working memory of [`spring`] and [`min_plays`], [`SCRATCH_BYTES`] (32 KiB) of byte arrays
/// (alignment 1, any bit pattern valid, so a C caller's plain buffer can hold one): the
/// safety cache (683 bytes), the hand's plays (8 bytes each, at most [`MAX_MOVES`]) and a memo
/// in the rest (at least [`MEMO_SLOTS`] entries). Nothing in it means anything between calls.
///
/// ```
/// use parlor_core::doudizhu::{min_plays, Preset, Scratch, SCRATCH_BYTES};
/// const _FRESH: Scratch = Scratch::new(); // a `const fn`: a firmware's static can hold one
/// assert_eq!(core::mem::size_of::<Scratch>(), SCRATCH_BYTES);
/// let mut scratch = Scratch::new();
/// assert_eq!(min_plays(&"3334".parse()?, &Preset::PAGAT, &mut scratch)?, 1);
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
#[repr(C)]
#[derive(Clone)]
pub struct Scratch {
    safe: [u8; SAFE_BYTES],
    work: [u8; WORK_BYTES],
}

impl Scratch {
    /// Fresh working memory (a `const fn`, so it can initialise a `static`).
    pub const fn new() -> Scratch {
        Scratch {
            safe: [0; SAFE_BYTES],
            work: [0; WORK_BYTES],
        }
    }
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch::new()
    }
}

impl core::fmt::Debug for Scratch {
    /// Opaque: working memory has no meaning between calls.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scratch").finish_non_exhaustive()
    }
}

const _: () = assert!(core::mem::size_of::<Scratch>() == SCRATCH_BYTES);
const _: () = assert!(core::mem::align_of::<Scratch>() == 1);
// The worst hand's plays and the fewest memo entries fit.
const _: () = assert!(MAX_MOVES * PLAY_BYTES + MEMO_SLOTS * SLOT_BYTES <= WORK_BYTES);

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

impl Default for Plan {
    fn default() -> Self {
        Plan::new()
    }
}

impl Plan {
    /// No plays (what [`spring_in`] fills).
    #[inline(never)] // returned in the caller's place: no plan-sized temporary there (stack)
    pub const fn new() -> Plan {
        Plan {
            plays: [Cards::EMPTY; MAX_HAND],
            len: 0,
        }
    }

    /// The plays, in the order the landlord leads them.
    pub fn plays(&self) -> &[Cards] {
        // `push` is the only writer and keeps `len` ≤ MAX_HAND, so the prefix always exists.
        debug_assert!(usize::from(self.len) <= MAX_HAND);
        self.plays.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// Empties the plan in place (no plan-sized temporary on the stack).
    fn clear(&mut self) {
        self.plays.fill(Cards::EMPTY);
        self.len = 0;
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

/// The number of sub-hands of `hand` (the product of count + 1 over its ranks, at most
/// 2^10 · 3^5 = 248,832 for 20 cards).
fn sub_hands(hand: &[u8; RANKS]) -> usize {
    hand.iter()
        .fold(1usize, |size, &c| size.saturating_mul(usize::from(c).saturating_add(1)))
}

/// Memo buckets (two slots each) a hand needs at least: [`MEMO_SLOTS`] / 2, fewer for a hand
/// with fewer sub-hands.
fn min_buckets(hand: &[u8; RANKS]) -> usize {
    (MEMO_SLOTS / 2).min({
        let subs = sub_hands(hand); // ⌈subs / 2⌉ without `div_ceil` (its outlined form has a panic path)
        (subs / 2).saturating_add(usize::from(!subs.is_multiple_of(2)))
    })
}

/// The memo: a two-way set-associative cache of solved sub-hands in caller bytes. A slot is a
/// little-endian `u64`: the key in bits 0..=57 (the packed sub-hand — the red joker's field
/// holds at most 1, so bits 57..=59 are free — and the spring search's flag in bit 57) and
/// its value (see [`Goal`]) in bits 58..=63; 0 is empty (the empty hand is never stored). A
/// bucket's newest entry goes first, the older one second.
struct Memo<'a> {
    buckets: &'a mut [[u8; 2 * SLOT_BYTES]],
    /// `buckets.len()`, for the hash's reduction.
    len: u64,
}

const KEY_BITS: u64 = (1 << 58) - 1;

/// The spring search's flag: the final (arbitrary) play is still free.
const FREE: u64 = 1 << 57;

impl Memo<'_> {
    /// The bucket of `key` (a multiplicative hash, reduced by a multiply-high).
    fn bucket(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
        // h < 2^32 and len < 2^19 (at most twice the 248,832 sub-hands): the product fits in 64
        // bits, and the quotient is below `len`.
        (h.wrapping_mul(self.len) >> 32) as usize
    }

    /// The value stored for `key`, 0 if none.
    fn get(&self, key: u64) -> u8 {
        // `bucket` is below `len`, the buckets' count; a miss (0) is always a safe answer here:
        // the search recomputes what the memo does not hold.
        let Some(b) = self.buckets.get(self.bucket(key)) else {
            return 0;
        };
        let (first, second) = b.split_at(SLOT_BYTES);
        for e in [first, second] {
            let e = e.first_chunk::<8>().map_or(0, |e| u64::from_le_bytes(*e));
            if e & KEY_BITS == key {
                return (e >> 58) as u8;
            }
        }
        0
    }

    fn put(&mut self, key: u64, value: u8) {
        let at = self.bucket(key);
        let Some(b) = self.buckets.get_mut(at) else {
            return;
        };
        let entry = (key | (u64::from(value) << 58)).to_le_bytes();
        let (first, second) = b.split_at_mut(SLOT_BYTES);
        let old = first.first_chunk::<8>().map_or(0, |e| u64::from_le_bytes(*e));
        if old & KEY_BITS != key {
            let other = second.first_chunk::<8>().map_or(0, |e| u64::from_le_bytes(*e));
            if other & KEY_BITS != key {
                second.copy_from_slice(first); // the older entry moves second
            } else {
                second.copy_from_slice(&entry);
                return;
            }
        }
        first.copy_from_slice(&entry);
    }
}

/// The plays of a hand in caller bytes, 8 each, bucketed by lowest rank; in each bucket the
/// kept (safe) plays first, then the others, each part in generator order.
struct PlayTable<'a> {
    plays: &'a [[u8; PLAY_BYTES]],
    /// Bucket `r` is `bucket[r]..bucket[r + 1]`.
    bucket: [u16; RANKS + 1],
    /// The kept plays of bucket `r` end at `kept[r]`.
    kept: [u16; RANKS],
    /// The packed fields (4 bits per rank, all ones) of every rank some kept play holds.
    covered: u64,
}

impl PlayTable<'_> {
    fn get(&self, i: usize) -> Option<u64> {
        self.plays.get(i).map(|p| u64::from_le_bytes(*p))
    }

    /// The plays whose lowest rank is `rank` (the kept ones only unless `all`); empty past the
    /// ranks (the lowest field of an empty hand), which holds no plays — a true answer.
    fn range(&self, rank: usize, all: bool) -> core::ops::Range<usize> {
        let end = if all {
            self.bucket.get(rank.saturating_add(1))
        } else {
            self.kept.get(rank)
        };
        match (self.bucket.get(rank), end) {
            (Some(&lo), Some(&hi)) => usize::from(lo)..usize::from(hi),
            _ => 0..0,
        }
    }
}

/// The caller's memory for one hand: the safety cache, and the plays then the memo.
struct Parts<'a> {
    safe: &'a mut [u8],
    work: &'a mut [u8],
}

/// Checks the hand and clears the safety cache.
fn cut<'a>(hand: &Cards, preset: &Preset, safe: &'a mut [u8], work: &'a mut [u8]) -> Result<Parts<'a>, Error> {
    if hand.len() > MAX_HAND {
        return Err(Error::HandTooLarge { cards: hand.len() });
    }
    let Some(safe) = safe.get_mut(..SAFE_BYTES) else {
        return Err(too_small(hand, preset));
    };
    safe.fill(0);
    Ok(Parts { safe, work })
}

/// [`Error::ScratchTooSmall`] with the hand's need.
fn too_small(hand: &Cards, preset: &Preset) -> Error {
    match scratch_bytes(hand, preset) {
        Ok(needed) => Error::ScratchTooSmall { needed },
        Err(e) => e,
    }
}

/// Cuts plain caller bytes: the safety cache, the rest for the plays and the memo.
fn parts<'a>(hand: &Cards, preset: &Preset, bytes: &'a mut [u8]) -> Result<Parts<'a>, Error> {
    if hand.len() > MAX_HAND {
        return Err(Error::HandTooLarge { cards: hand.len() });
    }
    let Some((safe, work)) = bytes.split_at_mut_checked(SAFE_BYTES) else {
        return Err(too_small(hand, preset));
    };
    cut(hand, preset, safe, work)
}

impl Scratch {
    fn parts(&mut self, hand: &Cards, preset: &Preset) -> Result<Parts<'_>, Error> {
        let Scratch { safe, work } = self;
        cut(hand, preset, safe, work)
    }
}

/// Fills a play table with the plays of `hand` (those `keep` accepts first in each bucket),
/// and makes the memo of the bytes after them: two passes of the generator (count, then place
/// in generator order), then `keep` on each stored play and a stable partition of each bucket.
/// `keep` runs outside the generator, so its own searches (`can_beat`) never nest in one: the
/// stack holds one generator at a time. `keep` is `dyn`: one copy for both searches (flash).
/// [`Error::ScratchTooSmall`] if `work` cannot hold every play of the hand and [`MEMO_SLOTS`]
/// memo entries (or fewer for a small hand): the hand's need, [`scratch_bytes`].
#[inline(never)] // its frame apart from the searches' (stack)
fn build_table<'a>(
    hand: &Cards,
    preset: &Preset,
    work: &'a mut [u8],
    keep: &mut dyn FnMut(&Cards) -> bool,
) -> Result<(PlayTable<'a>, Memo<'a>), Error> {
    // Plays per lowest rank.
    let mut all = [0u16; RANKS];
    generate(hand, None, preset, usize::from(preset.max_cards), &mut |c: Cards, _| {
        if let Some(n) = c.lowest().and_then(|low| all.get_mut(low as usize)) {
            *n = n.saturating_add(1);
        }
        true
    });
    let mut bucket = [0u16; RANKS + 1];
    let mut acc = 0u16;
    for (b, &n) in bucket.iter_mut().zip(all.iter()) {
        *b = acc;
        acc = acc.saturating_add(n);
    }
    if let Some(last) = bucket.last_mut() {
        *last = acc;
    }
    let counts = hand.counts();
    let plays = usize::from(acc).saturating_mul(PLAY_BYTES);
    let least = min_buckets(&counts).saturating_mul(2 * SLOT_BYTES);
    if work.len() < plays.saturating_add(least) {
        return Err(Error::ScratchTooSmall {
            needed: SAFE_BYTES.saturating_add(plays).saturating_add(least),
        });
    }
    let Some((table, memo)) = work.split_at_mut_checked(plays) else {
        return Err(internal("a play area past the checked length"));
    };
    let (table, _) = table.as_chunks_mut::<PLAY_BYTES>();
    let mut next = bucket;
    generate(hand, None, preset, usize::from(preset.max_cards), &mut |c: Cards, _| {
        if let Some(pos) = c.lowest().and_then(|low| next.get_mut(low as usize)) {
            if let Some(p) = table.get_mut(usize::from(*pos)) {
                *p = pack(&c.counts()).to_le_bytes();
            }
            *pos = pos.saturating_add(1);
        }
        true
    });
    // Kept plays first in each bucket, each part in generator order: each kept play rotated
    // down past the others before it (a stable partition in place, no spare bytes; the
    // solver's code for size, tested against the partition through the memo's bytes before).
    let mut kept = [0u16; RANKS];
    let mut covered = 0u64;
    for (r, end) in kept.iter_mut().enumerate() {
        let (Some(&lo), Some(&hi)) = (bucket.get(r), bucket.get(r.saturating_add(1))) else {
            return Err(internal("a bucket past the ranks"));
        };
        let Some(plays) = table.get_mut(usize::from(lo)..usize::from(hi)) else {
            return Err(internal("a bucket past the table"));
        };
        let mut k = 0usize;
        for i in 0..plays.len() {
            let Some(&play) = plays.get(i) else { break };
            let packed = u64::from_le_bytes(play);
            if keep(&Cards::from_counts_unchecked(unpack(packed))) {
                covered |= fields(packed);
                if let Some(span) = plays.get_mut(k..=i) {
                    // `rotate_right(1)` without its length assertion (a panic path in the C library).
                    let mut carry = play;
                    for slot in span.iter_mut() {
                        core::mem::swap(slot, &mut carry);
                    }
                }
                k = k.saturating_add(1);
            }
        }
        // k ≤ the bucket's length, a `u16`.
        *end = lo.saturating_add(k as u16);
    }
    // Every bucket the memo's bytes hold, but no more than twice the sub-hands (a small hand
    // clears less).
    let (memo, _) = memo.as_chunks_mut::<{ 2 * SLOT_BYTES }>();
    let buckets = memo.len().min(sub_hands(&counts).saturating_mul(2));
    let memo = memo
        .get_mut(..buckets)
        .ok_or_else(|| internal("a memo past its bytes"))?;
    memo.fill([0; 2 * SLOT_BYTES]);
    Ok((
        PlayTable {
            plays: table,
            bucket,
            kept,
            covered,
        },
        Memo {
            len: buckets as u64,
            buckets: memo,
        },
    ))
}

#[derive(Clone, Copy)]
enum Goal {
    /// Can the sub-hand be split into kept plays, plus one play of any kind while the key's
    /// [`FREE`] flag is set? Memo: 1 yes, 2 no.
    Split,
    /// The fewest plays of the table that empty the sub-hand. Memo: value + 1.
    Fewest,
}

/// One sub-hand under search: its key (packed counts, and the [`FREE`] flag) in two halves, the
/// next play of its bucket to try, and the best child value so far: 12 bytes (word-aligned, not
/// 16 as a `u64` field would make it: the frame stack is on the stack). Where the kept plays and
/// the bucket end follow from the key ([`Frame::bounds`]).
#[derive(Clone, Copy, Default)]
struct Frame {
    low: u32,
    high: u32,
    cursor: u16,
    best: u8,
}

impl Frame {
    fn key(&self) -> u64 {
        u64::from(self.low) | (u64::from(self.high) << 32)
    }
}

/// The answer of a broken invariant of [`solve`]: a debug assertion, then [`Error::Internal`]
/// (never a memo value, which would read as an answer).
fn internal(what: &str) -> Error {
    debug_assert!(false, "doudizhu search: {what}");
    Error::Internal
}

/// Solves `root` (a key: packed counts, plus [`FREE`] for the spring question with the final
/// play still free), memoised and iterative: the stack depth is at most the hand's 20 cards,
/// since every play removes a card. Returns the value of `root` (see [`Goal`]), never 0. A
/// child's value goes up the frame stack, not through the memo, so an eviction never loses an
/// answer. `uncovered`: the packed fields (all ones) of the ranks no kept play holds — their
/// cards can only go in the final play (a cheap, exact cut of the spring search).
///
/// [`Error::Internal`] if the frame stack runs out (a play that removes no card): it cannot
/// for a table built by [`build_table`].
fn solve(root: u64, uncovered: u64, table: &PlayTable<'_>, memo: &mut Memo<'_>, goal: Goal) -> Result<u8, Error> {
    // A sub-hand whose cards cannot all go: no split (the spring search only).
    let hopeless = |key: u64| key & FREE == 0 && key & uncovered != 0;
    if root & !FREE == 0 {
        return Ok(1);
    }
    if hopeless(root) {
        return Ok(2);
    }
    let known = memo.get(root);
    if known != 0 {
        return Ok(known);
    }
    // Where a sub-hand's plays start, where its kept plays end, and where its bucket ends (the
    // kept end when the final play is not free). Bucket bounds come from `u16` counters.
    let bounds = |key: u64| {
        let rank = lowest_field(key & !FREE);
        let all = table.range(rank, true);
        let kept = table.range(rank, false);
        let end = if key & FREE != 0 { all.end } else { kept.end };
        (all.start as u16, kept.end as u16, end as u16)
    };
    let start = |key: u64| Frame {
        low: key as u32,
        high: (key >> 32) as u32,
        cursor: bounds(key).0,
        best: u8::MAX,
    };
    let mut stack = [Frame::default(); MAX_HAND + 1];
    let mut sp = 0usize;
    if let Some(bottom) = stack.first_mut() {
        *bottom = start(root);
    }
    let mut returned = 0u8;
    // The best value a non-empty child can have (1 play, value 2) for Fewest; none for Split,
    // where a child's 1 already ends the frame.
    let floor = match goal {
        Goal::Fewest => 2,
        Goal::Split => 0,
    };
    loop {
        let Some(top) = stack.get_mut(sp) else {
            return Err(internal("frame stack overflow"));
        };
        let key = top.key();
        let (_, kept, end) = bounds(key);
        // Fold in the answer of the child we come back from.
        if returned != 0 {
            top.best = top.best.min(returned);
            if returned == 1 {
                top.cursor = end; // a split found / one play empties it: cannot do better
            }
            returned = 0;
        }
        let hand = key & !FREE;
        // The final play, when it is taken here, holds every card no kept play can.
        let must = hand & uncovered;
        let mut descend = None;
        while top.cursor < end {
            let Some(play) = table.get(usize::from(top.cursor)) else {
                return Err(internal("a play index past the table"));
            };
            // A kept play keeps the flag; any other is the final play and clears it.
            let flag = if top.cursor < kept { key & FREE } else { 0 };
            top.cursor = top.cursor.saturating_add(1);
            if !packed_contains(hand, play) || (flag == 0 && !packed_contains(play, must)) {
                continue;
            }
            let child = hand.wrapping_sub(play);
            // Fewest: once a child needs one play, only a play that empties the sub-hand can
            // do better (any other child needs at least one more): no descent.
            if child != 0 && top.best <= floor {
                continue;
            }
            let value = if child == 0 {
                1
            } else if hopeless(child | flag) {
                2
            } else {
                memo.get(child | flag)
            };
            if value == 0 {
                descend = Some(child | flag);
                break;
            }
            top.best = top.best.min(value);
            if value == 1 {
                top.cursor = end;
            }
        }
        if let Some(child) = descend {
            sp = sp.saturating_add(1);
            match stack.get_mut(sp) {
                Some(slot) => *slot = start(child),
                None => return Err(internal("frame stack overflow")),
            }
            continue;
        }
        // Frame done: record it. Split: 1 if some child split (value 1), else 2. Fewest: the
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
        memo.put(key, value);
        let Some(parent) = sp.checked_sub(1) else {
            return Ok(value);
        };
        sp = parent;
        returned = value;
    }
}

/// The caller bytes [`min_plays_in`] and [`spring_in`] need for `hand` under `preset`: 683
/// bytes of safety cache, 8 bytes per play of the hand (the generator counts them, a few µs)
/// and [`MEMO_SLOTS`] memo entries of 8 bytes (for a hand of fewer than 1,024 sub-hands, one
/// entry per sub-hand, rounded up to even); at most [`SCRATCH_BYTES`]. It is exactly the
/// threshold the searches check: one byte fewer is [`Error::ScratchTooSmall`] with this
/// number. More bytes make a larger memo (the searches use all they are given, which can only
/// make them faster).
///
/// # Errors
/// [`Error::HandTooLarge`] past 20 cards.
///
/// ```
/// use parlor_core::doudizhu::{scratch_bytes, Preset};
/// // 3 3 4: 6 sub-hands (6 memo entries), 3 plays (3, 4, 33).
/// assert_eq!(scratch_bytes(&"334".parse()?, &Preset::PAGAT)?, 683 + 3 * 8 + 6 * 8);
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
pub fn scratch_bytes(hand: &Cards, preset: &Preset) -> Result<usize, Error> {
    if hand.len() > MAX_HAND {
        return Err(Error::HandTooLarge { cards: hand.len() });
    }
    let mut all = 0usize;
    generate(hand, None, preset, usize::from(preset.max_cards), &mut |_, _| {
        all = all.saturating_add(1);
        true
    });
    Ok(SAFE_BYTES
        .saturating_add(all.saturating_mul(PLAY_BYTES))
        .saturating_add(min_buckets(&hand.counts()).saturating_mul(2 * SLOT_BYTES)))
}

/// The fewest plays that empty `hand` (NOIP 2015 "斗地主", under `preset`'s combinations).
///
/// # Errors
/// [`Error::HandTooLarge`] past 20 cards.
///
/// ```
/// use parlor_core::doudizhu::{min_plays, Preset, Scratch};
/// let mut scratch = Scratch::new();
/// // 34567 then the rocket.
/// assert_eq!(min_plays(&"34567BR".parse()?, &Preset::PAGAT, &mut scratch)?, 2);
/// // 333444555 + 6 7 8 as one airplane with single wings, then the pair of 2s.
/// assert_eq!(min_plays(&"33344455567822".parse()?, &Preset::PAGAT, &mut scratch)?, 2);
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
pub fn min_plays(hand: &Cards, preset: &Preset, scratch: &mut Scratch) -> Result<u8, Error> {
    min_plays_cut(hand, preset, scratch.parts(hand, preset)?)
}

/// [`min_plays`] in plain caller bytes (the C ABI's form): at least [`scratch_bytes`]`(hand,
/// preset)` of them, any content.
///
/// # Errors
/// As [`min_plays`]; [`Error::ScratchTooSmall`] (with the need) if `scratch` is shorter than
/// [`scratch_bytes`].
pub fn min_plays_in(hand: &Cards, preset: &Preset, scratch: &mut [u8]) -> Result<u8, Error> {
    min_plays_cut(hand, preset, parts(hand, preset, scratch)?)
}

fn min_plays_cut(hand: &Cards, preset: &Preset, parts: Parts<'_>) -> Result<u8, Error> {
    let (table, mut memo) = build_table(hand, preset, parts.work, &mut |_| true)?;
    // An empty hand: 0 plays (the search answers 1 at once).
    let value = solve(pack(&hand.counts()), 0, &table, &mut memo, Goal::Fewest)?;
    // A memo value is plays + 1, so never 0 (solve's contract); 0 would be no answer at all.
    value.checked_sub(1).ok_or_else(|| internal("a memo value of 0"))
}

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
#[inline(never)] // its temporaries apart from the search's callers' frames (stack)
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

/// Per-reading cache of "no peasant can beat it" in caller bytes, two bits a reading
/// (0 unknown, 1 safe, 2 beatable): 683 bytes.
struct SafeCache<'a> {
    state: &'a mut [u8],
}

impl SafeCache<'_> {
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
/// The plan: if the safe plays alone split the hand, those (at each step the first safe play,
/// in generator order, whose rest splits); otherwise the first play in generator order that
/// goes last, after the safe plays that split the rest, chosen the same way.
///
/// Any hand sizes are accepted (mid-game positions); the landlord holds at most 20 cards.
///
/// # Errors
/// [`Error::HandTooLarge`] past 20 landlord cards; [`Error::CardsOverlap`] if the hands
/// together exceed the deck.
///
/// ```
/// use parlor_core::doudizhu::{spring, Cards, Opponents, Preset, Scratch};
/// let p = |s: &str| s.parse::<Cards>().unwrap();
/// let mut scratch = Scratch::new();
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
    scratch: &mut Scratch,
) -> Result<Option<Plan>, Error> {
    let threats = peasants(landlord, opponents, preset)?;
    let mut plan = Plan::new();
    let yes = spring_cut(landlord, threats, preset, scratch.parts(landlord, preset)?, &mut plan)?;
    Ok(yes.then_some(plan))
}

/// [`spring`] in plain caller bytes (the C ABI's form): at least [`scratch_bytes`]`(landlord,
/// preset)` of them, any content. Returns whether the landlord springs; the plan goes to
/// `plan` (cleared first; left empty for `false`), so no plan is copied on the way out (stack).
///
/// # Errors
/// As [`spring`]; [`Error::ScratchTooSmall`] (with the need) if `scratch` is shorter than
/// [`scratch_bytes`].
pub fn spring_in(
    landlord: &Cards,
    opponents: &Opponents,
    preset: &Preset,
    scratch: &mut [u8],
    plan: &mut Plan,
) -> Result<bool, Error> {
    plan.clear();
    let threats = peasants(landlord, opponents, preset)?;
    spring_cut(landlord, threats, preset, parts(landlord, preset, scratch)?, plan)
}

#[inline(never)] // its frame (and the plan) apart from the C entry point's (stack)
fn spring_cut(
    landlord: &Cards,
    (first, second, limit): (Cards, Cards, usize),
    preset: &Preset,
    parts: Parts<'_>,
    plan: &mut Plan,
) -> Result<bool, Error> {
    let Parts { safe, work } = parts;
    let mut cache = SafeCache { state: safe };
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
    let (table, mut memo) = build_table(landlord, preset, work, &mut safe)?;
    // (An empty hand: every search below answers 1 at once, the plan stays empty.)
    let root = pack(&landlord.counts());
    // The fields of the ranks no safe play holds: their cards can only go in the final play.
    let uncovered = fields(root) & !table.covered;
    let splits = |key: u64, memo: &mut Memo<'_>| -> Result<bool, Error> {
        Ok(solve(key, uncovered, &table, memo, Goal::Split)? == 1)
    };
    // One search answers the question (safe plays, the final play free once).
    if !splits(root | FREE, &mut memo)? {
        return Ok(false);
    }
    // The plan: no final play needed (0), or the first final play (in generator order) after
    // which the safe plays split the rest.
    let mut last = 0u64;
    if !splits(root, &mut memo)? {
        last = final_play(landlord, preset, root, uncovered, &table, &mut memo)?
            .ok_or_else(|| internal("a split with a final play, but no final play found"))?;
    }
    // Read the safe plays off: at each sub-hand the first safe play whose rest splits (the
    // memo answers, or solves again what it evicted).
    let mut hand = root.wrapping_sub(last); // the final play is within the hand
    while hand != 0 {
        let mut step = None;
        for i in table.range(lowest_field(hand), false) {
            let Some(play) = table.get(i) else {
                break;
            };
            if packed_contains(hand, play) && splits(hand.wrapping_sub(play), &mut memo)? {
                step = Some(play);
                break;
            }
        }
        let play = step.ok_or_else(|| internal("a solved sub-hand without a solved child"))?;
        // A stored play is a sub-hand of a real hand, so its counts are a real set.
        plan.push(Cards::from_counts_unchecked(unpack(play)))?;
        hand = hand.wrapping_sub(play);
    }
    if last != 0 {
        plan.push(Cards::from_counts_unchecked(unpack(last)))?;
    }
    Ok(true)
}

/// The first final play (packed, in generator order) after which the safe plays split the
/// rest of `root`, if any. The candidates come from the generator in batches ([`final_batch`])
/// and are solved after it returns: the search's frame stack never nests under the generator's
/// frames, and the batch is on the stack only here (stack). The same solves run in the same
/// order as one generator pass calling the search would, so the memo and the plan are the same.
#[inline(never)]
fn final_play(
    landlord: &Cards,
    preset: &Preset,
    root: u64,
    uncovered: u64,
    table: &PlayTable<'_>,
    memo: &mut Memo<'_>,
) -> Result<Option<u64>, Error> {
    let mut seen = 0usize;
    loop {
        let mut batch = [0u64; FINAL_BATCH];
        let n = final_batch(landlord, preset, root & uncovered, seen, &mut batch);
        for &packed in batch.iter().take(n) {
            if solve(root.wrapping_sub(packed), uncovered, table, memo, Goal::Split)? == 1 {
                return Ok(Some(packed));
            }
        }
        if n < FINAL_BATCH {
            return Ok(None);
        }
        seen = seen.saturating_add(n);
    }
}

/// Final-play candidates per generator pass of [`final_batch`].
const FINAL_BATCH: usize = 8;

/// Fills `batch` with the next final-play candidates of `landlord` (packed): the plays, in
/// generator order, that hold every card of `need`, past the first `skip` of them. Returns how
/// many it wrote; fewer than [`FINAL_BATCH`] when the generator ran out.
#[inline(never)] // the generator's frames apart from the searches' (stack)
fn final_batch(landlord: &Cards, preset: &Preset, need: u64, skip: usize, batch: &mut [u64; FINAL_BATCH]) -> usize {
    let mut index = 0usize;
    let mut n = 0usize;
    generate(
        landlord,
        None,
        preset,
        usize::from(preset.max_cards),
        &mut |f: Cards, _| {
            let packed = pack(&f.counts());
            if !packed_contains(packed, need) {
                return true;
            }
            if index >= skip {
                match batch.get_mut(n) {
                    Some(slot) => *slot = packed,
                    None => return false,
                }
                n = n.saturating_add(1);
            }
            index = index.saturating_add(1);
            n < FINAL_BATCH
        },
    );
    n
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

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects, clippy::unwrap_used)]
mod tests {
    extern crate std;
    use std::boxed::Box;
    use std::vec;
    use std::vec::Vec;

    use super::*;

    /// Hands with many plays or many sub-hands (the searches' slowest and largest).
    const HARD: [&str; 8] = [
        "333444555666789TJQKA",
        "33334444555566667777",
        "33445566778899TTJJQQ",
        "3456789TJQKA2BR34567",
        "33344455566677788899",
        "333444555666777888BR",
        "3333444455556666BR22",
        "3344556677889TJQKA2B",
    ];

    #[test]
    fn the_scratch_is_32_kib_and_holds_the_worst_hand() {
        assert_eq!(SCRATCH_BYTES, 32_768);
        assert_eq!(core::mem::size_of::<Scratch>(), SCRATCH_BYTES);
        assert_eq!(core::mem::align_of::<Scratch>(), 1);
        // The most a hand can need: every play of the bound, the full memo.
        assert_eq!(SAFE_BYTES + MAX_MOVES * PLAY_BYTES + MEMO_SLOTS * SLOT_BYTES, 28_963);
    }

    #[test]
    fn the_need_is_exact_and_the_answers_do_not_depend_on_the_memory() {
        let mut big = Box::new(Scratch::new());
        for text in HARD {
            let hand: Cards = text.parse().unwrap();
            for preset in [Preset::PAGAT, Preset::RLCARD, Preset::OPENSPIEL] {
                let need = scratch_bytes(&hand, &preset).unwrap();
                let mut plays = 0usize;
                generate(&hand, None, &preset, 20, &mut |_, _| {
                    plays += 1;
                    true
                });
                // Every hand here has ≥ 1,024 sub-hands: the full memo.
                assert_eq!(need, 683 + plays * 8 + 8_192, "{text}");
                assert!(need <= SCRATCH_BYTES);
                let mut small = vec![0x5Au8; need];
                let fewest = min_plays(&hand, &preset, &mut big).unwrap();
                assert_eq!(min_plays_in(&hand, &preset, &mut small), Ok(fewest), "{text}");
                assert_eq!(
                    min_plays_in(&hand, &preset, &mut small[..need - 1]),
                    Err(Error::ScratchTooSmall { needed: need })
                );
                for opponents in [Opponents::Unknown, Opponents::Both(Cards::EMPTY, Cards::EMPTY)] {
                    let plan = spring(&hand, &opponents, &preset, &mut big).unwrap();
                    let mut got = Plan::new();
                    let yes = spring_in(&hand, &opponents, &preset, &mut small, &mut got);
                    assert_eq!(yes, Ok(plan.is_some()), "{text}");
                    assert_eq!(got, plan.unwrap_or_default());
                    assert_eq!(
                        spring_in(&hand, &opponents, &preset, &mut small[..need - 1], &mut got),
                        Err(Error::ScratchTooSmall { needed: need })
                    );
                }
            }
        }
    }

    #[test]
    fn small_hands_need_small_memory() {
        // 3 3 4: 3 plays (3, 4, 33) and 6 sub-hands.
        let hand: Cards = "334".parse().unwrap();
        assert_eq!(scratch_bytes(&hand, &Preset::PAGAT), Ok(683 + 3 * 8 + 6 * 8));
        assert_eq!(scratch_bytes(&Cards::EMPTY, &Preset::PAGAT), Ok(683 + 16));
        let mut bytes = [0u8; 755];
        assert_eq!(min_plays_in(&hand, &Preset::PAGAT, &mut bytes), Ok(2));
        assert_eq!(
            min_plays_in(&hand, &Preset::PAGAT, &mut bytes[..100]),
            Err(Error::ScratchTooSmall { needed: 755 })
        );
        assert_eq!(min_plays_in(&Cards::EMPTY, &Preset::PAGAT, &mut bytes), Ok(0));
        // Too large before too small.
        let deck = Cards::DECK;
        assert_eq!(
            min_plays_in(&deck, &Preset::PAGAT, &mut bytes[..1]),
            Err(Error::HandTooLarge { cards: 54 })
        );
    }

    /// Session 23: the buckets partitioned in place (each kept play rotated down) hold what the
    /// partition through the memo's bytes before gave: per lowest rank, the kept plays in
    /// generator order, then the others in generator order; for keep-all, keep-none and mixed
    /// predicates over hands with long buckets.
    #[test]
    fn the_in_place_partition_is_kept_then_others_in_generator_order() {
        let mut bytes = vec![0u8; SCRATCH_BYTES];
        for text in HARD.iter().chain(["3BR", "334", "3456789TJQKA2BR"].iter()) {
            let hand: Cards = text.parse().unwrap();
            for preset in [Preset::PAGAT, Preset::RLCARD, Preset::OPENSPIEL, Preset::BOTZONE] {
                let mut listed = vec![];
                generate(
                    &hand,
                    None,
                    &preset,
                    usize::from(preset.max_cards),
                    &mut |c: Cards, _| {
                        listed.push(c);
                        true
                    },
                );
                for mode in 0..4u32 {
                    let keep = |c: &Cards| match mode {
                        0 => true,
                        1 => false,
                        2 => c.len().is_multiple_of(2),
                        _ => {
                            c.counts()
                                .iter()
                                .enumerate()
                                .map(|(r, &n)| r * usize::from(n))
                                .sum::<usize>()
                                % 3
                                == 1
                        }
                    };
                    let (table, _) = build_table(&hand, &preset, &mut bytes, &mut |c| keep(c)).unwrap();
                    for r in 0..RANKS {
                        let bucket: Vec<Cards> = listed
                            .iter()
                            .copied()
                            .filter(|c| c.lowest().map(|l| l as usize) == Some(r))
                            .collect();
                        let want: Vec<u64> = bucket
                            .iter()
                            .filter(|c| keep(c))
                            .chain(bucket.iter().filter(|c| !keep(c)))
                            .map(|c| pack(&c.counts()))
                            .collect();
                        let got: Vec<u64> = table.range(r, true).map(|i| table.get(i).unwrap()).collect();
                        assert_eq!(got, want, "{text} {preset:?} mode {mode} rank {r}");
                        let kept = bucket.iter().filter(|c| keep(c)).count();
                        assert_eq!(
                            table.range(r, false).len(),
                            kept,
                            "{text} {preset:?} mode {mode} rank {r}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_tiny_memo_evicts_but_answers_the_same() {
        // One memo bucket for a hand of 2,000-odd sub-hands searched: every answer is solved
        // again after its eviction, and still exact.
        let hand: Cards = "33334444555566667777".parse().unwrap();
        let mut parts_bytes = vec![0u8; SCRATCH_BYTES];
        let want = min_plays_in(&hand, &Preset::PAGAT, &mut parts_bytes).unwrap();
        let mut memo = [[0u8; 16]; 1];
        let mut table = vec![0u8; MAX_MOVES * PLAY_BYTES];
        let (t, _) = build_table(&hand, &Preset::PAGAT, &mut table, &mut |_| true).unwrap();
        let mut tiny = Memo {
            buckets: &mut memo,
            len: 1,
        };
        let value = solve(pack(&hand.counts()), 0, &t, &mut tiny, Goal::Fewest).unwrap();
        assert_eq!(value - 1, want);
        assert_eq!(want, 2);
    }
}
