//! Move generation: every distinct play from a hand that beats a given play (or every lead).

use core::cell::Cell;
use core::ops::ControlFlow;

use super::Error;
use super::cards::{Cards, RANKS, Rank, pop};
#[cfg(test)]
use super::combination::quad_singles_ok;
use super::combination::{CHAIN_TOP, Kind, Preset, Reading, classify};

/// The most distinct plays a hand of at most [`MAX_HAND`] cards can hold, under any preset: an
/// upper bound summed kind by kind (singles 15, pairs 10, triplets 6, bombs 5, rocket 1,
/// sequences 36, pair sequences 52, airplanes 15, triplet + one 6·14, triplet + pair 6·12,
/// airplane + singles Σ(7−k)·C(20−3k, k) = 1,327, airplane + pairs 148; quad + two singles
/// 170 and quad + two pairs 45, the most over the number q of quads held (q = 2: two quads ×
/// (C(13, 2) + 7); q = 3: three quads × C(6, 2)); Botzone's chains of quads 520 (plain 10 from
/// five quads, single wings C(12, 4) = 495 from two quads and twelve other ranks, pair wings
/// C(6, 4) = 15): 2,506 in all). A buffer this long never overflows.
pub const MAX_MOVES: usize = 2511;

/// The most cards a hand given to the searches may hold: the landlord's 20.
pub const MAX_HAND: usize = 20;

/// Calls `f` with every distinct play from `hand` that beats `prev` (every lead when `prev` is
/// empty), each card set once, until `f` breaks. Plays are generated kind by kind; a set with
/// several readings is reported once, through its strongest reading that beats `prev`.
///
/// `hand` may be any size (the whole deck gives the preset's full table of plays).
///
/// # Errors
/// [`Error::NotACombination`] if `prev` is neither empty nor a combination.
///
/// ```
/// use core::ops::ControlFlow;
/// use parlor_core::doudizhu::{for_each_move, Cards, Preset};
/// let mut n = 0;
/// for_each_move(&Cards::DECK, &Cards::EMPTY, &Preset::RLCARD, |_| {
///     n += 1;
///     ControlFlow::Continue(())
/// })?;
/// assert_eq!(n, 27_471);
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
pub fn for_each_move(
    hand: &Cards,
    prev: &Cards,
    preset: &Preset,
    mut f: impl FnMut(Cards) -> ControlFlow<()>,
) -> Result<(), Error> {
    let prev_reading = if prev.is_empty() {
        None
    } else {
        Some(classify(prev, preset).strongest().ok_or(Error::NotACombination)?)
    };
    generate(
        hand,
        prev_reading,
        preset,
        usize::from(preset.max_cards),
        &mut |cards, _| f(cards).is_continue(),
    );
    Ok(())
}

/// Writes every distinct play from `hand` that beats `prev` (or every lead) into `out` and
/// returns how many. Any hand of at most [`MAX_HAND`] cards fits in [`MAX_MOVES`] slots.
///
/// # Errors
/// [`Error::NotACombination`] for a bad `prev`; [`Error::BufferTooSmall`] (with the number
/// needed) if `out` is too short, in which case `out` holds the first plays.
///
/// ```
/// use parlor_core::doudizhu::{moves, Cards, Preset};
/// let hand: Cards = "3445556".parse()?;
/// let mut out = [Cards::EMPTY; 16];
/// let n = moves(&hand, &"33".parse()?, &Preset::PAGAT, &mut out)?;
/// let shown: Vec<String> = out[..n].iter().map(|c| c.to_string()).collect();
/// assert_eq!(shown, ["44", "55"]);
/// # Ok::<(), parlor_core::doudizhu::Error>(())
/// ```
pub fn moves(hand: &Cards, prev: &Cards, preset: &Preset, out: &mut [Cards]) -> Result<usize, Error> {
    let mut n = 0usize;
    for_each_move(hand, prev, preset, |cards| {
        if let Some(slot) = out.get_mut(n) {
            *slot = cards;
        }
        n = n.saturating_add(1);
        ControlFlow::Continue(())
    })?;
    if n > out.len() {
        return Err(Error::BufferTooSmall { needed: n });
    }
    Ok(n)
}

/// Whether some play of at most `limit` cards from `hand` beats `prev` (its strongest reading).
pub(crate) fn can_beat(hand: &Cards, prev: &Reading, preset: &Preset, limit: usize) -> bool {
    let mut found = false;
    generate(
        hand,
        Some(*prev),
        preset,
        limit.min(usize::from(preset.max_cards)),
        &mut |_, _| {
            found = true;
            false
        },
    );
    found
}

/// The generator's state. The callback is `dyn` so the generator is compiled once, not once per
/// caller (it is the largest code in the module; flash matters on microcontrollers).
struct Gen<'a> {
    hand: [u8; RANKS],
    prev: Option<Reading>,
    preset: &'a Preset,
    limit: usize,
    /// Whether the whole hand fits `limit`, so no play needs its size checked.
    fits: bool,
    f: &'a mut dyn FnMut(Cards, Reading) -> bool,
    stopped: bool,
    /// Plays still to pass over before the one wanted ([`generate_from`]): a block of plays whose
    /// number is known (wings, quad kickers) is skipped whole while it fits.
    skip: Option<&'a Cell<usize>>,
    /// With `skip`: whether the caller drops chains from a quad (so a chain block counts without
    /// them).
    quirk: bool,
    /// With `skip`: [`Gen::masks`] of the hand.
    masks: [u16; 4],
    /// With `skip`: the caller expands airplane sets into several readings, so the airplane
    /// blocks (plain airplanes, airplanes with wings) are never passed over whole.
    expand: bool,
}

/// Runs the generator; `f` gets each play with the reading it was generated as (its only
/// reading unless the preset gives sets several, see `classify`) and returns `false` to stop.
/// Returns `false` if stopped. Inlined (no frame of its own under its callers').
#[inline(always)]
pub(crate) fn generate(
    hand: &Cards,
    prev: Option<Reading>,
    preset: &Preset,
    limit: usize,
    f: &mut dyn FnMut(Cards, Reading) -> bool,
) -> bool {
    generate_from(hand, prev, preset, limit, None, false, f)
}

/// [`generate`], passing over whole blocks of plays while `skip` (when given) is at least
/// their number, taking it down by it: then `f` sees the plays from about the `skip`-th on, and
/// must count down `skip` for each play it is given (`f` and the blocks share the count). Only
/// for rules whose sets read one way each (the caller expands no readings): the blocks are
/// counted as the generator reports them, less the chains from a quad when the flag with the
/// count is set (the caller then drops those, OpenSpiel's chain rule). With `expand` (rules that
/// read airplane sets several ways, the caller expanding them) the airplane blocks are walked
/// play by play and only the other blocks are passed over.
pub(crate) fn generate_from(
    hand: &Cards,
    prev: Option<Reading>,
    preset: &Preset,
    limit: usize,
    skip: Option<(&Cell<usize>, bool)>,
    expand: bool,
    f: &mut dyn FnMut(Cards, Reading) -> bool,
) -> bool {
    let mut g = Gen {
        hand: hand.counts(),
        prev,
        preset,
        limit,
        fits: hand.len() <= limit,
        f,
        stopped: false,
        skip: skip.map(|(cell, _)| cell),
        quirk: skip.is_some_and(|(_, quirk)| quirk),
        masks: [0; 4],
        expand,
    };
    if g.skipping() {
        g.masks = g.masks();
    }
    g.run();
    !g.stopped
}

/// The number of legal plays a round offers for `hand` over `prev` (the whole legal-action
/// count but the pass), without visiting them: what [`generate`] reports, with two round rules
/// applied as the round applies them — `quad_blocks_chain_head` (a plain chain from a rank the
/// hand holds four of is no play) and, when `expand` (rules that give airplane sets several
/// readings), each airplane set counted once per reading that beats `prev`. The wing and
/// kicker blocks are counted in closed form (multisets under caps); the rest is a few loops.
pub(crate) fn count_plays(
    hand: &Cards,
    prev: Option<Reading>,
    preset: &Preset,
    limit: usize,
    expand: bool,
    quirk: bool,
) -> usize {
    let mut none = |_: Cards, _: Reading| true;
    let g = Gen {
        hand: hand.counts(),
        prev,
        preset,
        limit,
        fits: hand.len() <= limit,
        f: &mut none,
        stopped: false,
        skip: None,
        quirk,
        masks: [0; 4],
        expand: false,
    };
    g.count(expand, quirk)
}

/// Bit `r` of mask `k - 1` set for each rank `r` of which `hand` holds at least `k` cards
/// (`k` = 1 … 4; a hand holds at most 4 of a rank).
pub(crate) fn count_masks(hand: &[u8; RANKS]) -> [u16; 4] {
    count_masks_of_words(super::cards::words_of(hand))
}

/// [`count_masks`] of count words ([`words_of`](super::cards::words_of)), at most 4 cards a
/// rank (a set within the deck): on 32-bit parts by bit planes ([`count_masks_by_planes`]), on
/// a 64-bit host by the 64-bit form [`count_masks_wide`], the cheaper one there (the same
/// answers for counts below 8).
pub(crate) fn count_masks_of_words(words: [u64; 2]) -> [u16; 4] {
    if cfg!(target_pointer_width = "64") {
        return count_masks_wide(words);
    }
    count_masks_by_planes(words)
}

/// [`count_masks`] of count words whose counts are all below 8, by the bits of the counts on
/// 32-bit words: rank `r` holds at least 1 card when bit 0, 1 or 2 of its count is set, at least
/// 2 with bit 1 or 2, at least 3 with bit 2 or bits 0 and 1, at least 4 with bit 2; each bit
/// gathered from the four bytes of a 32-bit quarter by one 32-bit multiply (12 in all; a 64-bit
/// multiply takes three instructions and a call's worth of registers on the Cortex-M).
#[inline(always)]
fn count_masks_by_planes([lo, hi]: [u64; 2]) -> [u16; 4] {
    let quarters = [lo as u32, (lo >> 32) as u32, hi as u32, (hi >> 32) as u32];
    let (b0, b1, b2) = (plane(quarters, 0), plane(quarters, 1), plane(quarters, 2));
    [b0 | b1 | b2, b1 | b2, b0 & b1 | b2, b2]
}

/// Bit `bit` of the count of each rank (bytes of the four quarters, ranks 0 … 15) as a mask.
/// Written out, inlined (a closure or a loop stays a call at opt-level z).
#[inline(always)]
fn plane([q0, q1, q2, q3]: [u32; 4], bit: u32) -> u16 {
    gather4(q0, bit) | gather4(q1, bit) << 4 | gather4(q2, bit) << 8 | gather4(q3, bit) << 12
}

/// Bit `bit` of each byte of `quarter` as the 4 low bits of the answer (byte `i` to bit `i`): the
/// bits (8·i + `bit`, shifted down to 8·i) gathered to bits 28 + i by one multiply by
/// 0x1020_4080, whose partial products land on distinct bits (no carry).
#[inline(always)]
fn gather4(quarter: u32, bit: u32) -> u16 {
    ((quarter >> bit & 0x0101_0101).wrapping_mul(0x1020_4080) >> 28) as u16
}

/// [`count_masks`] on 64-bit words (its form before session 20, the 64-bit hosts' path; exact
/// for counts below 128): a byte reaches `k` when adding `0x80 - k` sets its top
/// bit, and the top bits are gathered into one bit per rank by a multiply.
fn count_masks_wide([low, high]: [u64; 2]) -> [u16; 4] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Bit 0 of byte `i` to bit `i` of the top byte.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let gather = |word: u64| (((word >> 7) & ONES).wrapping_mul(GATHER) >> 56) as u16;
    let mut masks = [0u16; 4];
    for (mask, need) in masks.iter_mut().zip(1u64..) {
        let add = ONES.wrapping_mul(0x80u64.wrapping_sub(need)); // need ≤ 4
        *mask = gather(low.wrapping_add(add)) | gather(high.wrapping_add(add)) << 8;
    }
    masks
}

/// The rank in which item `n` (from 0) falls when rank `i` holds `counts[i]` items, the ranks
/// in order, and its place among that rank's items; `None` when `n` is past the last. All
/// ranks at once (SWAR) when every count is below 8 (always, for a set within the deck): the
/// running totals are the bytes of the count words times `0x0101…01` (at most 105: no byte
/// carries), the ranks whose running total is at most `n` are counted by one subtraction per
/// word, and the items before the rank found are the running total of the rank before it.
/// Larger counts take [`select_rank_by_loop`] (the same answers).
fn select_rank(counts: &[u8; RANKS], n: usize) -> Option<(usize, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let [lo, hi] = super::cards::words_of(counts);
    if (lo | hi) & ONES.wrapping_mul(0xF8) != 0 {
        return select_rank_by_loop(counts, n);
    }
    // Byte i of `run_lo`: the items of ranks 0 ..= i; byte i of `run_hi`: of ranks 0 ..= 8 + i
    // (its byte 7, rank 15, adds nothing: the total).
    let run_lo = lo.wrapping_mul(ONES);
    let run_hi = hi.wrapping_mul(ONES).wrapping_add((run_lo >> 56).wrapping_mul(ONES));
    let total = (run_hi >> 56) as usize;
    if n >= total {
        return None;
    }
    // n < total ≤ 105: byte 0x80 + n − run stays in 0x17 ..= 0xE8 (no borrow between bytes)
    // and has its top bit set exactly when run ≤ n.
    let wide = (n as u64).wrapping_mul(ONES) | ONES.wrapping_mul(0x80);
    let at_most = |run: u64| wide.wrapping_sub(run) >> 7 & ONES;
    // At most 15 ranks counted: the byte sum by one multiply.
    let rank = (at_most(run_lo).wrapping_add(at_most(run_hi)).wrapping_mul(ONES) >> 56) as usize; // < 15
    let before = match rank.checked_sub(1) {
        None => 0,
        Some(i) if i < 8 => (run_lo >> (i as u32).wrapping_mul(8)) as u8,
        Some(i) => (run_hi >> (i as u32).wrapping_sub(8).wrapping_mul(8)) as u8, // 8 ≤ i < 14
    };
    Some((rank, n.wrapping_sub(usize::from(before)))) // before ≤ n
}

/// [`select_rank`] rank by rank, for any counts. No branch on the counts (one pass over the 15
/// ranks): the ranks whose items all come before `n` are counted, and the items before the rank
/// found are the last running total at most `n`.
fn select_rank_by_loop(counts: &[u8; RANKS], n: usize) -> Option<(usize, usize)> {
    let (mut rank, mut before, mut acc) = (0usize, 0usize, 0usize);
    for &c in counts {
        acc = acc.wrapping_add(usize::from(c)); // at most 15 · 255
        let past = acc <= n;
        rank = rank.wrapping_add(usize::from(past));
        before = if past { acc } else { before };
    }
    (rank < RANKS).then(|| (rank, n.wrapping_sub(before))) // before ≤ n
}

/// The one-rank plays over a single, pair, triplet or bomb `prev`, from the hand's count masks:
/// whether the rocket is one, the ranks of a play of `prev`'s kind (with that kind and its
/// number of cards) and the ranks of a bomb; `None` over any other kind.
fn over_simple(masks: [u16; 4], prev: Reading) -> Option<OverSimple> {
    let [m1, m2, m3, m4] = masks;
    let suited = (2u16 << Rank::Two as u32).wrapping_sub(1); // ranks 3 … 2
    let jokers = (1u16 << Rank::BlackJoker as u32) | (1u16 << Rank::RedJoker as u32);
    // The ranks above `prev`'s key: bits key + 1 and up.
    let above = 1u16
        .checked_shl(u32::from(prev.key as u8).saturating_add(1))
        .map_or(0, |b| b.wrapping_neg());
    let (kind, need, set, bombs) = match prev.kind {
        Kind::Single => (Kind::Single, 1u8, m1 & above, m4 & suited),
        Kind::Pair => (Kind::Pair, 2, m2 & suited & above, m4 & suited),
        Kind::Triplet => (Kind::Triplet, 3, m3 & suited & above, m4 & suited),
        Kind::Bomb => (Kind::Bomb, 4, 0, m4 & suited & above),
        _ => return None,
    };
    Some((m1 & jokers == jokers, kind, need, set, bombs))
}

/// The plays over a single, pair, triplet or bomb ([`over_simple`]): whether the rocket is one,
/// `prev`'s kind and number of cards, the ranks of a play of that kind, the ranks of a bomb.
pub(crate) type OverSimple = (bool, Kind, u8, u16, u16);

/// [`over_simple`] of `hand`'s count masks: read once, then counted ([`count_of_simple`]) and
/// indexed ([`nth_of_simple`]).
pub(crate) fn over_simple_of(hand: &Cards, prev: Reading) -> Option<OverSimple> {
    over_simple(count_masks(&hand.counts()), prev)
}

/// The number of plays [`nth_of_simple`] indexes (the plays the generator reports over a
/// single, pair, triplet or bomb for a hand within the size limit) from [`over_simple`]'s
/// answer: the rocket, the ranks of either set (one population count of both).
pub(crate) fn count_of_simple((rocket, _, _, set, bombs): OverSimple) -> usize {
    usize::from(rocket).wrapping_add(pop(u64::from(set) | u64::from(bombs) << 16)) // ≤ 33
}

/// The play of index `n` (the pass not counted) the generator reports for `hand` over `prev`, a
/// single, pair, triplet or bomb, when the hand fits the size limit; `None` past the last.
/// Over such a play only [`Gen::simple`] reports plays (every other kind is unwanted): the
/// rocket, then by rank the play of `prev`'s kind and the bomb — found here from the count
/// masks (each rank's number of such plays, [`select_rank`]) instead of walking the generator.
pub(crate) fn nth_over_simple(hand: &Cards, prev: Reading, n: usize) -> Option<(Cards, Reading)> {
    nth_of_simple(over_simple_of(hand, prev)?, n)
}

/// [`nth_over_simple`] of [`over_simple`]'s answer.
pub(crate) fn nth_of_simple((rocket, kind, need, set, bombs): OverSimple, n: usize) -> Option<(Cards, Reading)> {
    let mut left = n;
    if rocket {
        match left.checked_sub(1) {
            None => return Some(rocket_play()),
            Some(rest) => left = rest,
        }
    }
    // By rank: `prev`'s kind, then the bomb; the ranks holding either walked in order, each
    // passed over by its number of plays (1 or 2).
    let mut ranks = set | bombs;
    while ranks != 0 {
        let i = ranks.trailing_zeros() as usize; // < 16
        ranks &= ranks.wrapping_sub(1);
        let of_kind = set >> i & 1 != 0;
        let here = usize::from(of_kind).wrapping_add(usize::from(bombs >> i & 1 != 0)); // 1 or 2
        match left.checked_sub(here) {
            None => {
                // Place `left` (0 or 1) at this rank: `prev`'s kind first when the rank has it.
                let (kind, need) = if left == 0 && of_kind {
                    (kind, need)
                } else {
                    (Kind::Bomb, 4)
                };
                return Some(one_rank(i, need, kind));
            }
            Some(rest) => left = rest,
        }
    }
    None
}

/// The rocket as the generator reports it.
fn rocket_play() -> (Cards, Reading) {
    let mut c = [0u8; RANKS];
    let [.., black, red] = &mut c;
    (*black, *red) = (1, 1);
    (
        Cards::from_counts_unchecked(c),
        reading(Kind::Rocket, 1, Rank::BlackJoker as usize),
    )
}

/// `need` cards of rank `i` read as `kind` (a single, pair, triplet or bomb).
fn one_rank(i: usize, need: u8, kind: Kind) -> (Cards, Reading) {
    let mut c = [0u8; RANKS];
    if let Some(slot) = c.get_mut(i) {
        *slot = need;
    }
    (Cards::from_counts_unchecked(c), reading(kind, 1, i))
}

/// The lead of index `n` the generator reports for `hand` (no previous play), found in closed
/// form when it is the rocket, a single, pair, triplet or bomb, or a triplet with a kicker
/// (over the simple plays the generator reports, by rank, every number of cards of the rank
/// held, so they are the hand's cards in rank order; every triplet takes the same number of
/// kickers), a sequence or a pair sequence (per start, every length from the least on). `None`
/// when the play is further on, when the hand holds an airplane (two triplets in a row: its
/// blocks come before or among the ones counted here), or when the hand is above `limit`: then
/// the generator is walked. With `quirk`, chains starting
/// at a rank the hand holds four of are not counted (the round drops them).
pub(crate) fn nth_lead(hand: &Cards, limit: usize, quirk: bool, n: usize) -> Option<(Cards, Reading)> {
    let counts = hand.counts();
    let cards = total(&counts);
    if cards > limit {
        return None;
    }
    let masks = count_masks(&counts);
    let [m1, m2, m3, m4] = masks;
    let jokers = (1u16 << Rank::BlackJoker as u32) | (1u16 << Rank::RedJoker as u32);
    let mut left = n;
    if m1 & jokers == jokers {
        match left.checked_sub(1) {
            None => return Some(rocket_play()),
            Some(rest) => left = rest,
        }
    }
    // By rank, a single, pair, triplet, bomb: as many plays as cards of the rank.
    match left.checked_sub(cards) {
        None => {
            let (i, place) = select_rank(&counts, left)?;
            let kind = [Kind::Single, Kind::Pair, Kind::Triplet, Kind::Bomb]
                .get(place)
                .copied()
                .unwrap_or(Kind::Bomb);
            return Some(one_rank(i, place.wrapping_add(1) as u8, kind)); // place < 4
        }
        Some(rest) => left = rest,
    }
    // The plain chains (sequences, pair sequences; no airplane): per start, every length from
    // the least to the run's end.
    let runs = m3 & CHAIN_RANKS;
    if runs & runs >> 1 != 0 {
        return None;
    }
    for (kind, per, min, mask) in [(Kind::Sequence, 1u8, 5usize, m1), (Kind::PairSequence, 2, 3, m2)] {
        let runs = mask & CHAIN_RANKS;
        let mut starts = runs & if quirk { !m4 } else { u16::MAX };
        while starts != 0 {
            let start = starts.trailing_zeros() as usize;
            starts &= starts.wrapping_sub(1);
            let run = (runs >> start).trailing_ones() as usize; // ≤ 12
            let here = run.saturating_sub(min.wrapping_sub(1)); // min ≥ 3
            match left.checked_sub(here) {
                None => {
                    let len = min.wrapping_add(left); // ≤ run
                    let mut c = [0u8; RANKS];
                    for slot in c.iter_mut().skip(start).take(len) {
                        *slot = per;
                    }
                    return Some((Cards::from_counts_unchecked(c), reading(kind, len, start)));
                }
                Some(rest) => left = rest,
            }
        }
    }
    // Triplet + one / + pair: per triplet (3 … 2), by kicker rank a single, then a pair
    // (a suited rank held twice; the jokers are held once): the same number for every triplet,
    // each triplet's rank being in both masks.
    let each = pop(u64::from(m1)).wrapping_add(pop(u64::from(m2))).saturating_sub(2);
    let mut rest = m3 & (2u16 << Rank::Two as u32).wrapping_sub(1); // triplets 3 … 2
    for _ in 0..left.checked_div(each)? {
        rest &= rest.wrapping_sub(1);
    }
    if rest == 0 {
        return None;
    }
    let t = rest.trailing_zeros() as usize;
    let mut kickers = counts.map(|c| c.min(2));
    let mut c = [0u8; RANKS];
    if let (Some(k), Some(main)) = (kickers.get_mut(t), c.get_mut(t)) {
        (*k, *main) = (0, 3);
    }
    let (k, place) = select_rank(&kickers, left.checked_rem(each)?)?;
    if let Some(slot) = c.get_mut(k) {
        *slot = place.wrapping_add(1) as u8; // place < 2
    }
    let kind = if place == 0 {
        Kind::TripletSingle
    } else {
        Kind::TripletPair
    };
    Some((Cards::from_counts_unchecked(c), reading(kind, 1, t)))
}

/// The ranks a chain may use, 3 … A, as a mask (bits 0..=11).
const CHAIN_RANKS: u16 = 0x0FFF;
const _: () = assert!(CHAIN_TOP == 11);

/// Four rank masks as the 16-bit lanes of a word, the first lowest.
fn pack([a, b, c, d]: [u16; 4]) -> u64 {
    u64::from(a) | u64::from(b) << 16 | u64::from(c) << 32 | u64::from(d) << 48
}

/// The population counts of four rank masks at once (SWAR over [`pack`]'s word: one count
/// where a target without a population-count instruction spends a dozen operations on each).
fn pop4(masks: [u16; 4]) -> [usize; 4] {
    let x = pack(masks);
    let x = x.wrapping_sub(x >> 1 & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333).wrapping_add(x >> 2 & 0x3333_3333_3333_3333);
    let x = x.wrapping_add(x >> 4) & 0x0F0F_0F0F_0F0F_0F0F;
    // Each lane's two byte counts (at most 8 each) summed into its low byte.
    let x = x.wrapping_add(x >> 8);
    [0u32, 16, 32, 48].map(|shift| (x >> shift & 0x1F) as usize)
}

/// The multisets of `need` items with at most `caps[r]` of rank `r` (a polynomial coefficient,
/// computed up to degree `need` ≤ 20).
fn multisets(caps: &[u8; RANKS], need: usize) -> usize {
    const TOP: usize = 20;
    if need > TOP {
        return 0;
    }
    let mut coef = [0usize; TOP + 1];
    if let Some(first) = coef.first_mut() {
        *first = 1;
    }
    for &cap in caps.iter().filter(|&&c| c > 0) {
        // In place from the top: coef[j] = Σ_{t ≤ cap} coef[j − t] of the ranks before.
        for j in (1..=need).rev() {
            let mut sum = 0usize;
            for t in 0..=usize::from(cap).min(j) {
                sum = sum.saturating_add(coef.get(j.wrapping_sub(t)).copied().unwrap_or(0)); // t ≤ j
            }
            if let Some(slot) = coef.get_mut(j) {
                *slot = sum;
            }
        }
    }
    coef.get(need).copied().unwrap_or(0)
}

/// [`multisets`] without those holding both jokers (unless the rules allow both as kickers).
fn kicker_sets(caps: &[u8; RANKS], need: usize, both_jokers: bool) -> usize {
    let all = multisets(caps, need);
    let [.., black, red] = *caps;
    if both_jokers || black == 0 || red == 0 || need < 2 {
        return all;
    }
    let mut rest = *caps;
    let [.., b, r] = &mut rest;
    (*b, *r) = (0, 0);
    all.saturating_sub(multisets(&rest, need.wrapping_sub(2))) // need ≥ 2
}

/// The binomial coefficient `C(n, k)` for the small numbers of the kicker counts.
fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut out = 1usize;
    for i in 0..k {
        // Exact at every step: a product of i + 1 consecutive numbers is divisible by (i + 1)!.
        out = out
            .saturating_mul(n.wrapping_sub(i))
            .checked_div(i.wrapping_add(1))
            .unwrap_or(0); // i < k ≤ n
    }
    out
}

/// The reading of a generated play. The generator's loops keep `chain` ≤ 12 and `key` below
/// [`RANKS`]; the fallbacks are unreachable (asserted in debug builds, which the tests and
/// fuzzing run) and kept only so the hot loop carries no error path.
fn reading(kind: Kind, chain: usize, key: usize) -> Reading {
    debug_assert!(
        chain <= 12 && key < RANKS,
        "doudizhu generator: chain {chain}, key {key}"
    );
    Reading {
        kind,
        chain: u8::try_from(chain).unwrap_or(u8::MAX),
        key: Rank::from_index(key).unwrap_or(Rank::RedJoker),
    }
}

fn total(counts: &[u8; RANKS]) -> usize {
    counts.iter().map(|&c| usize::from(c)).sum()
}

impl Gen<'_> {
    fn wants(&self, kind: Kind) -> bool {
        match self.prev {
            None => true,
            Some(p) => p.kind != Kind::Rocket && (kind == Kind::Rocket || kind == Kind::Bomb || kind == p.kind),
        }
    }

    fn beats_prev(&self, r: &Reading) -> bool {
        self.prev.is_none_or(|p| r.beats(&p))
    }

    /// Emits `counts` read as `r` if it fits the limit and beats the previous play.
    fn emit(&mut self, counts: &[u8; RANKS], r: Reading) {
        if self.stopped || (!self.fits && total(counts) > self.limit) || !self.beats_prev(&r) {
            return;
        }
        // A sub-multiset of a valid hand is a valid set.
        if !(self.f)(Cards::from_counts_unchecked(*counts), r) {
            self.stopped = true;
        }
    }

    /// Emits `base` with `copies` of each rank of `wings` added, read as `r` ([`Gen::emit`]): the
    /// wing loops' one body (a chain or quad with its wing multiset).
    fn emit_wings(&mut self, base: &[u8; RANKS], wings: &[u8; RANKS], copies: u8, r: Reading) {
        let mut c = *base;
        for (a, w) in c.iter_mut().zip(wings.iter()) {
            *a = a.saturating_add(w.saturating_mul(copies));
        }
        self.emit(&c, r);
    }

    /// Cards of rank index `i` in the hand; 0 past the deck is true, not a stand-in (the
    /// chain loops look one rank past their end).
    fn h(&self, i: usize) -> u8 {
        self.hand.get(i).copied().unwrap_or(0)
    }

    fn fits_size(&self, cards: usize) -> bool {
        self.fits || cards <= self.limit
    }

    /// Whether blocks are passed over ([`generate_from`] with a skip count): never in a
    /// bare-metal build (`target_os = "none"`, as Tichu's), where [`Round::nth_legal_action`](super::Round::nth_legal_action) walks the plays
    /// one by one (so the skip paths are left out of flash).
    fn skipping(&self) -> bool {
        !cfg!(target_os = "none") && self.skip.is_some()
    }

    /// Passes over a block of `n` plays if the skip count is at least `n`; whether it did.
    fn skipped(&self, n: usize) -> bool {
        if cfg!(target_os = "none") {
            return false;
        }
        match self.skip {
            Some(left) if left.get() >= n => {
                left.set(left.get().wrapping_sub(n)); // ≥ n
                true
            }
            _ => false,
        }
    }

    /// The caps of the single wings of the chain `start .. start + len`.
    fn single_caps(&self, start: usize, len: usize) -> [u8; RANKS] {
        let end = start.wrapping_add(len);
        let cap_all = self.preset.wing_copies.clamp(1, 4);
        let mut caps = [0u8; RANKS];
        for (i, cap) in caps.iter_mut().enumerate() {
            if i >= start && i < end {
                continue;
            }
            let next_to_chain = i <= CHAIN_TOP && (i.wrapping_add(1) == start || i == end);
            let mut c = cap_all.min(self.h(i));
            if next_to_chain && !self.preset.wing_triplet_next_to_chain {
                c = c.min(2);
            }
            *cap = c;
        }
        caps
    }

    /// The ranks that may be a pair wing of the chain `start .. start + len`.
    fn pair_caps(&self, start: usize, len: usize) -> [u8; RANKS] {
        let mut caps = [0u8; RANKS];
        for (i, cap) in caps.iter_mut().enumerate() {
            if (i < start || i >= start.wrapping_add(len)) && i <= Rank::Two as usize && self.h(i) >= 2 {
                *cap = 1;
            }
        }
        caps
    }

    /// How many single-wing plays the generator reports for the chain `start .. start + len`
    /// (rules that read each set one way: no wing can be a triplet next to the chain, so only
    /// the two jokers together are ruled out), or — `expand` — how many readings of it there are.
    fn single_wing_count(&self, start: usize, len: usize) -> usize {
        kicker_sets(&self.single_caps(start, len), len, self.preset.both_jokers_as_kickers)
    }

    /// Bit `r` of mask `k - 1` set for each rank `r` of which the hand holds at least `k`
    /// cards (`k` = 1 … 4).
    fn masks(&self) -> [u16; 4] {
        count_masks(&self.hand)
    }

    /// The keys of `mask` at which a play of `kind` (chain `chain`) is wanted and beats the
    /// previous play: all of them on a lead, those above its key over the same kind and chain,
    /// none over anything else (for the kinds other than bombs and the rocket).
    fn keys(&self, mask: u16, kind: Kind, chain: usize) -> u16 {
        match self.prev {
            None => mask,
            Some(p) if p.kind == kind && usize::from(p.chain) == chain => {
                // Ranks above the key: bits key + 1 and up.
                mask & 1u16
                    .checked_shl(u32::from(p.key as u8).saturating_add(1))
                    .map_or(0, |b| b.wrapping_neg())
            }
            Some(_) => 0,
        }
    }

    /// The plays [`Gen::simple`] reports: the rocket, singles, pairs, triplets, bombs.
    fn count_simple(&self, [m1, m2, m3, m4]: [u16; 4]) -> usize {
        let jokers = (1u16 << Rank::BlackJoker as u32) | (1u16 << Rank::RedJoker as u32);
        // The rocket and the bombs beat everything but the rocket (a bomb: and higher bombs).
        let over_rocket = self.prev.is_some_and(|p| p.kind == Kind::Rocket);
        let rocket = m1 & jokers == jokers && !over_rocket && self.fits_size(2);
        let bombs = if self.fits_size(4) && !over_rocket {
            match self.prev {
                Some(p) if p.kind == Kind::Bomb => self.keys(m4, Kind::Bomb, 1),
                _ => m4,
            }
        } else {
            0
        };
        let sized = |size: usize, mask: u16, kind: Kind| {
            if self.fits_size(size) {
                self.keys(mask, kind, 1)
            } else {
                0
            }
        };
        // The four sets' ranks counted by one population count of the word holding them.
        let all = pack([
            bombs,
            sized(1, m1, Kind::Single),
            sized(2, m2, Kind::Pair),
            sized(3, m3, Kind::Triplet),
        ]);
        usize::from(rocket).wrapping_add(pop(all)) // ≤ 1 + 64
    }

    /// The plain chains of `kind` ([`Gen::chains`]), less those starting at a quad when
    /// `quirk`: from each start, every length from the least to the run's end (and the size
    /// limit); over a chain, the same length from a higher start.
    fn count_chains(&self, masks: [u16; 4], kind: Kind, quirk: bool) -> usize {
        let [_, _, _, m4] = masks;
        let (per, min) = match kind {
            Kind::Sequence => (1usize, 5usize),
            Kind::PairSequence => (2, 3),
            _ => (3, 2),
        };
        let runs = masks.get(per.wrapping_sub(1)).copied().unwrap_or(0) & CHAIN_RANKS; // per ≥ 1
        // At most the 12 ranks 3 … A.
        let most = if self.fits {
            CHAIN_TOP.saturating_add(1)
        } else {
            self.limit.checked_div(per).unwrap_or(0)
        };
        let (low, high) = match self.prev {
            None => (min, most),
            Some(p) if p.kind == kind => (usize::from(p.chain), usize::from(p.chain).min(most)),
            Some(_) => return 0,
        };
        // Only the starts of a run at least `low` long: bits start … start + low − 1 all set.
        let mut long = runs;
        for k in 1..low.min(CHAIN_TOP.wrapping_add(1)) {
            long &= runs >> k;
        }
        let mut rest = self.keys(long, kind, low) & if quirk { !m4 } else { u16::MAX };
        let mut n = 0usize;
        while rest != 0 {
            let start = rest.trailing_zeros();
            rest &= rest.wrapping_sub(1);
            let run = (runs >> start).trailing_ones() as usize;
            let top = run.min(high);
            if top >= low {
                n = n.saturating_add(top.wrapping_sub(low).saturating_add(1)); // top ≥ low
            }
        }
        n
    }

    /// Triplet + one / + pair ([`Gen::triplet_kickers`]): every triplet key with every other rank.
    fn count_triplet_kickers(&self, [m1, m2, m3, _]: [u16; 4]) -> usize {
        let singles = if self.fits_size(4) {
            self.keys(m3, Kind::TripletSingle, 1)
        } else {
            0
        };
        let pairs = if self.fits_size(5) {
            self.keys(m3, Kind::TripletPair, 1)
        } else {
            0
        };
        if singles | pairs == 0 {
            return 0;
        }
        let [singles, pairs, m1, m2] = pop4([singles, pairs, m1, m2]);
        singles
            .saturating_mul(m1.saturating_sub(1))
            .saturating_add(pairs.saturating_mul(m2.saturating_sub(1)))
    }

    /// The triplet + kicker plays of the triplet `t` alone (with `skip`: [`Gen::masks`] set).
    fn count_triplet_kickers_of(&self, t: usize) -> usize {
        let [m1, m2, _, _] = self.masks;
        let bit = 1u16.checked_shl(t as u32).unwrap_or(0);
        let pop = |m: u16| pop(u64::from(m));
        let mut n = 0usize;
        if self.fits_size(4) && self.keys(bit, Kind::TripletSingle, 1) != 0 {
            n = pop(m1).saturating_sub(1);
        }
        if self.fits_size(5) && self.keys(bit, Kind::TripletPair, 1) != 0 {
            n = n.saturating_add(pop(m2).saturating_sub(1));
        }
        n
    }

    fn count(&self, expand: bool, quirk: bool) -> usize {
        let _ = expand; // every airplane reading is one (chain, wings) pair: counted alike
        let pop = |m: u16| pop(u64::from(m));
        let masks = self.masks();
        let [m1, m2, m3, m4] = masks;
        let mut n = self.count_simple(masks);
        for kind in [Kind::Sequence, Kind::PairSequence, Kind::Airplane] {
            n = n.saturating_add(self.count_chains(masks, kind, quirk));
        }
        n = n.saturating_add(self.count_triplet_kickers(masks));
        let mut add = |k: usize| n = n.saturating_add(k);
        // Airplanes with wings: per chain of triplets, the wing multisets.
        let singles = self.wants(Kind::AirplaneSingles);
        let pairs = self.wants(Kind::AirplanePairs);
        if singles || pairs {
            let max = usize::from(self.preset.max_cards).min(self.limit);
            let runs = m3 & CHAIN_RANKS;
            // Only the starts of two triplets in a row (a shorter run has no airplane).
            let mut rest = runs & runs >> 1;
            while rest != 0 {
                let start = rest.trailing_zeros() as usize;
                rest &= rest.wrapping_sub(1);
                let run = (runs >> start).trailing_ones() as usize;
                for len in 2..=run {
                    if singles
                        && len.saturating_mul(4) <= max
                        && self.beats_prev(&reading(Kind::AirplaneSingles, len, start))
                    {
                        add(self.single_wing_count(start, len));
                    }
                    if pairs
                        && len.saturating_mul(5) <= max
                        && self.beats_prev(&reading(Kind::AirplanePairs, len, start))
                    {
                        let chain = (1u16 << len).wrapping_sub(1) << start;
                        add(choose(pop(m2 & !chain), len));
                    }
                }
            }
        }
        // Quad + two singles / two pairs.
        if self.preset.quad_with_two {
            let singles = self.fits_size(6) && self.wants(Kind::QuadSingles);
            let pairs = self.fits_size(8) && self.wants(Kind::QuadPairs);
            let quads_s = if singles {
                self.keys(m4, Kind::QuadSingles, 1)
            } else {
                0
            };
            let quads_p = if pairs { self.keys(m4, Kind::QuadPairs, 1) } else { 0 };
            if quads_s != 0 {
                add(pop(quads_s).saturating_mul(self.quad_single_count_masks(m1, m2)));
            }
            if quads_p != 0 {
                add(pop(quads_p).saturating_mul(choose(pop(m2).saturating_sub(1), 2)));
            }
        }
        n.saturating_add(self.count_quad_chains())
    }

    /// The kicker pairs of a quad + two singles (the same for every quad of the hand): two
    /// cards of different ranks other than the quad's, or (with `quad_pair_as_singles`) a pair,
    /// never both jokers unless the rules allow it.
    fn quad_single_count_masks(&self, m1: u16, m2: u16) -> usize {
        let pop = |m: u16| pop(u64::from(m));
        let ranks = pop(m1).saturating_sub(1);
        let mut n = choose(ranks, 2);
        if self.preset.quad_pair_as_singles {
            n = n.saturating_add(pop(m2).saturating_sub(1));
        }
        let both = (1u16 << Rank::BlackJoker as u32) | (1u16 << Rank::RedJoker as u32);
        if m1 & both == both && !self.preset.both_jokers_as_kickers {
            n = n.saturating_sub(1);
        }
        n
    }

    /// Every kind in turn, each in a frame of its own: the callback (the search's playouts weigh
    /// each play under it) is not under the frames of all the kinds' locals together.
    fn run(&mut self) {
        self.simple();
        self.chains();
        self.triplet_kickers();
        self.airplanes_with_wings();
        if self.preset.quad_with_two {
            self.quad_plays(false);
        }
        if self.preset.quad_chains {
            self.quad_plays(true);
        }
    }

    /// The caps of the single wings of the quad chain `start .. start + len` (one quad for a
    /// quad + two): `per` cards of any other rank.
    fn quad_wing_caps(&self, start: usize, len: usize, per: u8) -> [u8; RANKS] {
        let mut caps = [0u8; RANKS];
        for (i, cap) in caps.iter_mut().enumerate() {
            if i < start || i >= start.wrapping_add(len) {
                *cap = self.h(i).min(per);
            }
        }
        caps
    }

    /// The plays [`Gen::quad_plays`] reports as chains (Botzone's chains of quads): per chain of quads in
    /// the hand, the plain chain, the single-wing sets and the pair-wing sets that beat the
    /// previous play and fit the size limit.
    fn count_quad_chains(&self) -> usize {
        if !self.preset.quad_chains {
            return 0;
        }
        let plain = self.wants(Kind::QuadChain);
        let singles = self.wants(Kind::QuadSingles);
        let pairs = self.wants(Kind::QuadPairs);
        let mut n = 0usize;
        for start in 0..=CHAIN_TOP {
            for end in start..=CHAIN_TOP {
                if self.h(end) < 4 {
                    break;
                }
                let len = end.wrapping_sub(start).saturating_add(1); // end ≥ start
                if len < 2 {
                    continue;
                }
                if plain
                    && self.fits_size(len.saturating_mul(4))
                    && self.beats_prev(&reading(Kind::QuadChain, len, start))
                {
                    n = n.saturating_add(1);
                }
                if singles
                    && self.fits_size(len.saturating_mul(6))
                    && self.beats_prev(&reading(Kind::QuadSingles, len, start))
                {
                    let caps = self.quad_wing_caps(start, len, 1);
                    n = n.saturating_add(kicker_sets(
                        &caps,
                        len.saturating_mul(2),
                        self.preset.both_jokers_as_kickers,
                    ));
                }
                if pairs
                    && self.fits_size(len.saturating_mul(8))
                    && self.beats_prev(&reading(Kind::QuadPairs, len, start))
                {
                    let ranks = self.pair_caps(start, len).iter().filter(|&&c| c > 0).count();
                    n = n.saturating_add(choose(ranks, len.saturating_mul(2)));
                }
            }
        }
        n
    }

    /// Quad + two singles / two pairs (`chains` false: one quad of 3 … 2, each kicker block
    /// passed over whole under `skip`) or Botzone's chains of quads (`chains`, with
    /// [`Preset::quad_chains`]: 2+ consecutive quads within 3 … A, alone, with two different
    /// singles per quad, or with two different pairs per quad). One walk for both (flash): a
    /// quad + two is the chain of one quad, its singles capped at one a rank (two with
    /// [`Preset::quad_pair_as_singles`]). The same plays in the same order as the two walks it
    /// replaced (tested).
    #[inline(never)] // a frame of its own (see `Gen::run`)
    fn quad_plays(&mut self, chains: bool) {
        let (plain, top) = if chains {
            (self.wants(Kind::QuadChain), CHAIN_TOP)
        } else {
            (false, Rank::Two as usize)
        };
        let singles = self.wants(Kind::QuadSingles);
        let pairs = self.wants(Kind::QuadPairs);
        if !plain && !singles && !pairs {
            return;
        }
        let both_jokers = self.preset.both_jokers_as_kickers;
        let per = if !chains && self.preset.quad_pair_as_singles {
            2
        } else {
            1
        };
        for start in 0..=top {
            let mut chain = [0u8; RANKS];
            for end in start..=top {
                if self.h(end) < 4 || self.stopped {
                    break;
                }
                if let Some(slot) = chain.get_mut(end) {
                    *slot = 4;
                }
                let len = end.wrapping_sub(start).saturating_add(1); // end ≥ start
                if chains && len < 2 {
                    continue;
                }
                if plain {
                    self.emit(&chain, reading(Kind::QuadChain, len, start));
                }
                let wings = len.saturating_mul(2);
                let this = reading(Kind::QuadSingles, len, start);
                if singles && self.fits_size(len.saturating_mul(6)) && self.beats_prev(&this) {
                    let caps = self.quad_wing_caps(start, len, per);
                    if chains || !(self.skipping() && self.skipped(kicker_sets(&caps, 2, both_jokers))) {
                        self.wings(&chain, &caps, wings, 1, this);
                    }
                }
                let this = reading(Kind::QuadPairs, len, start);
                if pairs && self.fits_size(len.saturating_mul(8)) && self.beats_prev(&this) {
                    // The pair wings: ranks 3 … 2 outside the chain held twice.
                    let caps = self.pair_caps(start, len);
                    if chains || !(self.skipping() && self.skipped(choose(caps.iter().filter(|&&c| c > 0).count(), 2)))
                    {
                        self.wings(&chain, &caps, wings, 2, this);
                    }
                }
                if !chains {
                    break;
                }
            }
        }
    }

    #[inline(never)] // a frame of its own (see `Gen::run`)
    fn simple(&mut self) {
        if self.skipping() && self.skipped(self.count_simple(self.masks)) {
            return;
        }
        let b = Rank::BlackJoker as usize;
        let r = Rank::RedJoker as usize;
        if self.wants(Kind::Rocket) && self.h(b) > 0 && self.h(r) > 0 {
            // The jokers are the last two ranks.
            let mut c = [0u8; RANKS];
            let [.., black, red] = &mut c;
            (*black, *red) = (1, 1);
            self.emit(&c, reading(Kind::Rocket, 1, b));
        }
        // By rank, then single, pair, triplet, bomb: only the ranks the hand holds enough of
        // (from the count masks), only the kinds wanted (jokers are singles only).
        let masks = if self.skipping() { self.masks } else { self.masks() };
        let suited = (2u16 << Rank::Two as u32).wrapping_sub(1); // ranks 3 … 2
        let mut sets = [
            (Kind::Single, 1u8, 0u16),
            (Kind::Pair, 2, 0),
            (Kind::Triplet, 3, 0),
            (Kind::Bomb, 4, 0),
        ];
        let mut any = 0u16;
        for ((kind, need, set), mask) in sets.iter_mut().zip(masks) {
            if self.wants(*kind) {
                *set = if *need == 1 { mask } else { mask & suited };
                any |= *set;
            }
        }
        while any != 0 && !self.stopped {
            let i = any.trailing_zeros() as usize;
            any &= any.wrapping_sub(1);
            for &(kind, need, set) in &sets {
                if set & (1u16 << i) != 0 {
                    let mut c = [0u8; RANKS];
                    if let Some(slot) = c.get_mut(i) {
                        *slot = need;
                    }
                    self.emit(&c, reading(kind, 1, i));
                }
            }
        }
    }

    #[inline(never)] // a frame of its own (see `Gen::run`)
    fn chains(&mut self) {
        for (kind, per, min) in [
            (Kind::Sequence, 1u8, 5usize),
            (Kind::PairSequence, 2, 3),
            (Kind::Airplane, 3, 2),
        ] {
            if !self.wants(kind)
                || (self.skipping()
                    && !(self.expand && kind == Kind::Airplane)
                    && self.skipped(self.count_chains(self.masks, kind, self.quirk)))
            {
                continue;
            }
            // The ranks 3 … A the hand holds `per` of, as bits: a chain starts at each and runs
            // while they last (the same plays in the same order as a walk of every rank, without
            // a data-dependent exit per rank; a start whose run is too short is passed over).
            let masks = if self.skipping() { self.masks } else { self.masks() };
            let runs = masks.get(usize::from(per).wrapping_sub(1)).copied().unwrap_or(0) & CHAIN_RANKS; // per ≥ 1
            let mut starts = runs;
            while starts != 0 {
                let start = starts.trailing_zeros() as usize;
                starts &= starts.wrapping_sub(1);
                let run = (runs >> start).trailing_ones() as usize; // ≤ 12
                if run < min {
                    continue;
                }
                let mut c = [0u8; RANKS];
                for len in 1..=run {
                    if let Some(slot) = c.get_mut(start.wrapping_add(len).wrapping_sub(1)) {
                        *slot = per; // len ≥ 1
                    }
                    if len >= min {
                        self.emit(&c, reading(kind, len, start));
                    }
                }
            }
        }
    }

    #[inline(never)] // a frame of its own (see `Gen::run`)
    fn triplet_kickers(&mut self) {
        let single = self.wants(Kind::TripletSingle);
        let pair = self.wants(Kind::TripletPair);
        // Under `skip`, each triplet's block is passed over whole (a block of all the triplets'
        // is only their sum: no count of its own in the walk, flash).
        if !single && !pair {
            return;
        }
        // By the count masks: the triplets 3 … 2, and per triplet the other ranks the hand holds
        // one of (a single kicker) or two of (a pair kicker, 3 … 2), in rank order as a walk of
        // every rank gives them, without a data-dependent test per rank.
        let [m1, m2, m3, _] = if self.skipping() { self.masks } else { self.masks() };
        let suited = (2u16 << Rank::Two as u32).wrapping_sub(1); // ranks 3 … 2
        let mut triplets = m3 & suited;
        while triplets != 0 {
            let t = triplets.trailing_zeros() as usize;
            triplets &= triplets.wrapping_sub(1);
            if self.skipping() && self.skipped(self.count_triplet_kickers_of(t)) {
                continue;
            }
            let others = !(1u16 << t);
            let pairs = if pair { m2 & suited & others } else { 0 };
            let mut kickers = (if single { m1 & others } else { 0 }) | pairs;
            while kickers != 0 {
                let k = kickers.trailing_zeros() as usize;
                kickers &= kickers.wrapping_sub(1);
                let mut c = [0u8; RANKS];
                if let Some(slot) = c.get_mut(t) {
                    *slot = 3;
                }
                if single {
                    if let Some(slot) = c.get_mut(k) {
                        *slot = 1;
                    }
                    self.emit(&c, reading(Kind::TripletSingle, 1, t));
                }
                if pairs >> k & 1 != 0 {
                    if let Some(slot) = c.get_mut(k) {
                        *slot = 2;
                    }
                    self.emit(&c, reading(Kind::TripletPair, 1, t));
                }
            }
        }
    }

    #[inline(never)] // a frame of its own (see `Gen::run`)
    fn airplanes_with_wings(&mut self) {
        let singles = self.wants(Kind::AirplaneSingles);
        let pairs = self.wants(Kind::AirplanePairs);
        if !singles && !pairs {
            return;
        }
        let max = usize::from(self.preset.max_cards).min(self.limit);
        // The ranks 3 … A the hand holds three of, as bits; an airplane starts where two follow
        // each other and runs while they last (as `chains`: the same order, no exit per rank).
        let masks = if self.skipping() { self.masks } else { self.masks() };
        let runs = masks[2] & CHAIN_RANKS;
        let mut starts = runs & runs >> 1;
        while starts != 0 {
            let start = starts.trailing_zeros() as usize;
            starts &= starts.wrapping_sub(1);
            let run = (runs >> start).trailing_ones() as usize; // ≤ 12
            let mut chain = [0u8; RANKS];
            for len in 1..=run {
                if self.stopped {
                    break;
                }
                if let Some(slot) = chain.get_mut(start.wrapping_add(len).wrapping_sub(1)) {
                    *slot = 3; // len ≥ 1
                }
                if len < 2 {
                    continue;
                }
                if singles && len.wrapping_mul(4) <= max {
                    self.single_wings(&chain, start, len);
                }
                if pairs && len.wrapping_mul(5) <= max {
                    self.pair_wings(&chain, start, len);
                }
            }
        }
    }

    fn single_wings(&mut self, chain: &[u8; RANKS], start: usize, len: usize) {
        let caps = self.single_caps(start, len);
        let this = reading(Kind::AirplaneSingles, len, start);
        if !self.beats_prev(&this)
            || (!self.expand
                && self.skipping()
                && self.skipped(kicker_sets(&caps, len, self.preset.both_jokers_as_kickers)))
        {
            return;
        }
        self.wings(chain, &caps, len, 1, this);
    }

    fn pair_wings(&mut self, chain: &[u8; RANKS], start: usize, len: usize) {
        let caps = self.pair_caps(start, len);
        let this = reading(Kind::AirplanePairs, len, start);
        if !self.beats_prev(&this)
            || (!self.expand && self.skipping() && self.skipped(choose(caps.iter().filter(|&&c| c > 0).count(), len)))
        {
            return;
        }
        self.wings(chain, &caps, len, 2, this);
    }

    /// Emits the main part `chain` with each wing multiset of `need` ranks under `caps`, `copies`
    /// cards of each (1: single wings or kickers, 2: pairs), read as `this`: the one wing walk of
    /// the airplanes and the quads (flash; the walks of each before session 24 are the test
    /// references). Single wings pass [`Gen::single_wings_fit`] first.
    #[inline(never)] // one copy for the four callers
    fn wings(&mut self, chain: &[u8; RANKS], caps: &[u8; RANKS], need: usize, copies: u8, this: Reading) {
        let mut all = Multisets::new(caps, need);
        while !self.stopped && all.advance() {
            if copies == 1 && !self.single_wings_fit(&all.cur, this) {
                continue;
            }
            self.emit_wings(chain, &all.cur, copies, this);
        }
    }

    /// Whether the single wings (or a quad's single kickers) `wings` of the play read as `this`
    /// are reported. The caps already keep the main part's ranks out, the copies per rank and
    /// the triplets next to an airplane's chain; the two jokers together remain to rule out,
    /// and for an airplane the sets reported at another reading.
    fn single_wings_fit(&self, wings: &[u8; RANKS], this: Reading) -> bool {
        // The jokers are the last two ranks.
        let [.., black, red] = *wings;
        if black > 0 && red > 0 && !self.preset.both_jokers_as_kickers {
            return false;
        }
        if this.kind != Kind::AirplaneSingles {
            return true;
        }
        let (start, len) = (this.key as usize, usize::from(this.chain));
        let end = start.wrapping_add(len); // ≤ 12
        // A wing triplet just above the chain: the set also reads with the chain one rank
        // higher, generated there; report it once, at its stronger reading.
        if self.preset.wing_triplet_next_to_chain && end <= CHAIN_TOP && wings.get(end).copied() == Some(3) {
            return false;
        }
        // Exactly one wing triplet just below: a plain four-triplet airplane, reported as
        // the airplane when that reading also beats the previous play.
        if len == 3
            && let Some(below) = start.checked_sub(1)
            && wings.get(below).copied() == Some(3)
        {
            return !self.beats_prev(&reading(Kind::Airplane, 4, below));
        }
        true
    }
}

/// The quad walks before session 22 (one for a quad + two, one for Botzone's chains of quads),
/// the references of [`Gen::quad_plays`].
#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
impl Gen<'_> {
    #[inline(never)] // a frame of its own (see `Gen::run`)
    fn old_quads(&mut self) {
        if !self.preset.quad_with_two {
            return;
        }
        let singles = self.wants(Kind::QuadSingles);
        let pairs = self.wants(Kind::QuadPairs);
        if !singles && !pairs {
            return;
        }
        let preset = *self.preset;
        for q in 0..=Rank::Two as usize {
            if self.h(q) < 4 || self.stopped {
                continue;
            }
            let mut base = [0u8; RANKS];
            if let Some(slot) = base.get_mut(q) {
                *slot = 4;
            }
            if singles
                && self.beats_prev(&reading(Kind::QuadSingles, 1, q))
                && !self.skipped(if self.fits_size(6) {
                    self.quad_single_count(q)
                } else {
                    0
                })
            {
                let mut all = Multisets::new(&self.quad_single_caps(q), 2);
                while !self.stopped && all.advance() {
                    if quad_singles_ok(&all.cur, &preset) {
                        self.emit_wings(&base, &all.cur, 1, reading(Kind::QuadSingles, 1, q));
                    }
                }
            }
            if pairs
                && self.beats_prev(&reading(Kind::QuadPairs, 1, q))
                && !self.skipped(if self.fits_size(8) { self.quad_pair_count(q) } else { 0 })
            {
                // The pair wings: ranks 3 … 2 other than the quad's held twice (the chain caps
                // of a one-rank chain at the quad).
                let mut all = Multisets::new(&self.pair_caps(q, 1), 2);
                while !self.stopped && all.advance() {
                    self.emit_wings(&base, &all.cur, 2, reading(Kind::QuadPairs, 1, q));
                }
            }
        }
    }

    /// Botzone's chains of quads ([`Preset::quad_chains`]): 2+ consecutive quads within 3 … A,
    /// alone, with two different singles per quad, or with two different pairs per quad.
    #[inline(never)] // a frame of its own (see `Gen::run`)
    fn old_quad_chains(&mut self) {
        let plain = self.wants(Kind::QuadChain);
        let singles = self.wants(Kind::QuadSingles);
        let pairs = self.wants(Kind::QuadPairs);
        if !plain && !singles && !pairs {
            return;
        }
        let both_jokers = self.preset.both_jokers_as_kickers;
        for start in 0..=CHAIN_TOP {
            let mut chain = [0u8; RANKS];
            for end in start..=CHAIN_TOP {
                if self.h(end) < 4 || self.stopped {
                    break;
                }
                if let Some(slot) = chain.get_mut(end) {
                    *slot = 4;
                }
                let len = end.wrapping_sub(start).saturating_add(1); // end ≥ start
                if len < 2 {
                    continue;
                }
                if plain {
                    self.emit(&chain, reading(Kind::QuadChain, len, start));
                }
                let wings = len.saturating_mul(2);
                let this = reading(Kind::QuadSingles, len, start);
                if singles && self.fits_size(len.saturating_mul(6)) && self.beats_prev(&this) {
                    let mut all = Multisets::new(&self.quad_wing_caps(start, len, 1), wings);
                    while !self.stopped && all.advance() {
                        let [.., black, red] = all.cur;
                        if black > 0 && red > 0 && !both_jokers {
                            continue;
                        }
                        self.emit_wings(&chain, &all.cur, 1, this);
                    }
                }
                let this = reading(Kind::QuadPairs, len, start);
                if pairs && self.fits_size(len.saturating_mul(8)) && self.beats_prev(&this) {
                    let mut all = Multisets::new(&self.pair_caps(start, len), wings);
                    while !self.stopped && all.advance() {
                        self.emit_wings(&chain, &all.cur, 2, this);
                    }
                }
            }
        }
    }

    fn quad_single_caps(&self, q: usize) -> [u8; RANKS] {
        let per = if self.preset.quad_pair_as_singles { 2 } else { 1 };
        let mut caps = [0u8; RANKS];
        for (i, cap) in caps.iter_mut().enumerate() {
            if i != q {
                *cap = self.h(i).min(per);
            }
        }
        caps
    }

    fn quad_single_count(&self, q: usize) -> usize {
        kicker_sets(&self.quad_single_caps(q), 2, self.preset.both_jokers_as_kickers)
    }

    fn quad_pair_count(&self, q: usize) -> usize {
        let m = (0..=Rank::Two as usize).filter(|&i| i != q && self.h(i) >= 2).count();
        choose(m, 2)
    }

    /// The airplane wing walks before session 24 (a walk of their own each, the quads' apart).
    fn old_airplanes_with_wings(&mut self) {
        let singles = self.wants(Kind::AirplaneSingles);
        let pairs = self.wants(Kind::AirplanePairs);
        if !singles && !pairs {
            return;
        }
        let max = usize::from(self.preset.max_cards).min(self.limit);
        let masks = if self.skipping() { self.masks } else { self.masks() };
        let runs = masks[2] & CHAIN_RANKS;
        let mut starts = runs & runs >> 1;
        while starts != 0 {
            let start = starts.trailing_zeros() as usize;
            starts &= starts.wrapping_sub(1);
            let run = (runs >> start).trailing_ones() as usize;
            let mut chain = [0u8; RANKS];
            for len in 1..=run {
                if self.stopped {
                    break;
                }
                chain[start + len - 1] = 3;
                if len < 2 {
                    continue;
                }
                if singles && len * 4 <= max {
                    self.old_single_wings(&chain, start, len);
                }
                if pairs && len * 5 <= max {
                    let caps = self.pair_caps(start, len);
                    let this = reading(Kind::AirplanePairs, len, start);
                    if !self.beats_prev(&this)
                        || (!self.expand
                            && self.skipping()
                            && self.skipped(choose(caps.iter().filter(|&&c| c > 0).count(), len)))
                    {
                        continue;
                    }
                    let mut all = Multisets::new(&caps, len);
                    while !self.stopped && all.advance() {
                        self.emit_wings(&chain, &all.cur, 2, this);
                    }
                }
            }
        }
    }

    fn old_single_wings(&mut self, chain: &[u8; RANKS], start: usize, len: usize) {
        let end = start + len;
        let caps = self.single_caps(start, len);
        let preset = *self.preset;
        let this = reading(Kind::AirplaneSingles, len, start);
        if !self.beats_prev(&this)
            || (!self.expand && self.skipping() && self.skipped(kicker_sets(&caps, len, preset.both_jokers_as_kickers)))
        {
            return;
        }
        let mut all = Multisets::new(&caps, len);
        while !self.stopped && all.advance() {
            let wings = &all.cur;
            let [.., black, red] = *wings;
            if black > 0 && red > 0 && !preset.both_jokers_as_kickers {
                continue;
            }
            if preset.wing_triplet_next_to_chain && end <= CHAIN_TOP && wings.get(end).copied() == Some(3) {
                continue;
            }
            if len == 3
                && let Some(below) = start.checked_sub(1)
                && wings.get(below).copied() == Some(3)
                && self.beats_prev(&reading(Kind::Airplane, 4, below))
            {
                continue;
            }
            self.emit_wings(chain, wings, 1, this);
        }
    }

    /// [`Gen::run`] with the walks before session 22 (the quads) and session 24 (the airplanes).
    fn old_run(&mut self) {
        self.simple();
        self.chains();
        self.triplet_kickers();
        self.old_airplanes_with_wings();
        self.old_quads();
        if self.preset.quad_chains {
            self.old_quad_chains();
        }
    }
}

/// Every multiset of `need` items with at most `caps[r]` of rank `r`, as count vectors in
/// decreasing lexicographic order (as many of the lowest rank as possible first). An iterator
/// with no callback and no recursion: one copy of the code serves every caller (flash) and the
/// callers' loop bodies stay inline (speed).
struct Multisets {
    caps: [u8; RANKS],
    /// `room[j]` = caps of the ranks after `j`: how many items they can take.
    room: [u8; RANKS],
    /// The current multiset, valid after [`Multisets::advance`] returned `true`.
    cur: [u8; RANKS],
    started: bool,
    done: bool,
}

impl Multisets {
    fn new(caps: &[u8; RANKS], need: usize) -> Multisets {
        let mut room = [0u8; RANKS];
        let mut after = 0u8;
        for (room, &cap) in room.iter_mut().zip(caps.iter()).rev() {
            *room = after;
            after = after.saturating_add(cap);
        }
        let mut all = Multisets {
            caps: *caps,
            room,
            cur: [0; RANKS],
            started: false,
            done: false,
        };
        all.done = !all.fill(0, need);
        all
    }

    /// Puts `amount` items on ranks `from..`, as many as possible on the lowest ones (the
    /// largest such vector); false if the caps cannot hold them.
    fn fill(&mut self, from: usize, mut amount: usize) -> bool {
        for (cur, &cap) in self.cur.iter_mut().zip(self.caps.iter()).skip(from) {
            let take = usize::from(cap).min(amount);
            *cur = take as u8;
            amount = amount.wrapping_sub(take); // take ≤ amount
        }
        amount == 0
    }

    /// Moves to the next multiset; false when there is none left. The next vector in
    /// decreasing order keeps the longest prefix: the rightmost rank `j` that can give up one
    /// item to the ranks after it does, and those are refilled from the lowest.
    fn advance(&mut self) -> bool {
        if self.done {
            return false;
        }
        if !self.started {
            self.started = true;
            return true;
        }
        let mut tail = 0u8; // items on the ranks after j
        for (j, (cur, &room)) in self.cur.iter_mut().zip(self.room.iter()).enumerate().rev() {
            if *cur > 0 && room > tail {
                *cur = cur.wrapping_sub(1); // > 0
                return self.fill(j.wrapping_add(1), usize::from(tail).wrapping_add(1));
            }
            tail = tail.saturating_add(*cur);
        }
        self.done = true;
        false
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod tests {
    use super::{Multisets, RANKS};

    /// Session 22: the one quad walk ([`Gen::quad_plays`]) reports what the two walks before it
    /// did, in the same order, with and without a skip count (the same count left), for every
    /// preset and many hands, previous plays and size limits. Session 24: the same for the one
    /// wing walk of the airplanes and the quads ([`Gen::wings`]), over hands rich in triplets too
    /// (every other hand), with and without the airplanes' readings expanded.
    #[test]
    fn the_quad_walk_is_the_two_walks_before() {
        use super::super::combination::{Kind, Preset, Reading, classify};
        use super::super::notation::PERMISSIVE;
        use super::{Cards, Gen, generate};
        use crate::game::Rng;
        use core::cell::Cell;
        extern crate std;
        use std::vec::Vec;
        let walk = |hand: &Cards,
                    prev: Option<Reading>,
                    preset: &Preset,
                    limit: usize,
                    skip: Option<usize>,
                    old: bool,
                    expand: bool| {
            let mut seen = Vec::new();
            let left = skip.map(Cell::new);
            let mut f = |c: Cards, r: Reading| {
                seen.push((c, r));
                if let Some(cell) = &left {
                    if cell.get() == 0 {
                        return false;
                    }
                    cell.set(cell.get() - 1);
                }
                true
            };
            let mut g = Gen {
                hand: hand.counts(),
                prev,
                preset,
                limit,
                fits: hand.len() <= limit,
                f: &mut f,
                stopped: false,
                skip: left.as_ref(),
                quirk: false,
                masks: [0; 4],
                expand,
            };
            g.masks = g.masks();
            if old {
                g.old_run()
            } else {
                g.run()
            }
            (seen, left.map(|c| c.get()))
        };
        let mut rng = Rng::new(22);
        let mut quads_seen = 0usize;
        let mut planes_seen = 0usize;
        for round in 0..3000u32 {
            // Hands rich in quads: whole ranks drawn, then single cards.
            let mut counts = [0u8; RANKS];
            // Every other hand rich in triplets (airplanes), in runs of ranks.
            let (whole, copies) = if round % 2 == 0 { (5, 4) } else { (7, 3) };
            for _ in 0..rng.below(whole) {
                let r = rng.below(12) as usize;
                counts[r] = copies;
                if round % 2 == 1 && r < 11 {
                    counts[r + 1] = copies;
                }
            }
            for _ in 0..rng.below(12) {
                let r = rng.below(15) as usize;
                counts[r] = (counts[r] + 1).min(Cards::DECK.counts()[r]);
            }
            let hand = Cards::from_counts(counts).unwrap();
            for preset in [
                Preset::PAGAT,
                Preset::RLCARD,
                Preset::OPENSPIEL,
                Preset::BOTZONE,
                Preset::DOUZERO,
                PERMISSIVE,
            ] {
                // Leads, and previous plays among the hand's own leads (the quads' among them).
                let mut prevs = std::vec![None];
                generate(&hand, None, &preset, 54, &mut |c, _| {
                    if rng.below(8) == 0
                        || matches!(
                            classify(&c, &preset).strongest().map(|r| r.kind),
                            Some(
                                Kind::QuadSingles
                                    | Kind::QuadPairs
                                    | Kind::QuadChain
                                    | Kind::AirplaneSingles
                                    | Kind::AirplanePairs
                            )
                        )
                    {
                        prevs.push(classify(&c, &preset).strongest());
                    }
                    prevs.len() < 12
                });
                for prev in prevs {
                    for limit in [54, 20, 12, 7] {
                        let skip = [None, Some(rng.below(40) as usize), Some(round as usize % 400)][round as usize % 3];
                        let expand = round % 4 >= 2;
                        let new = walk(&hand, prev, &preset, limit, skip, false, expand);
                        let old = walk(&hand, prev, &preset, limit, skip, true, expand);
                        planes_seen += new
                            .0
                            .iter()
                            .filter(|(_, r)| matches!(r.kind, Kind::AirplaneSingles | Kind::AirplanePairs))
                            .count();
                        quads_seen += new
                            .0
                            .iter()
                            .filter(|(_, r)| matches!(r.kind, Kind::QuadSingles | Kind::QuadPairs | Kind::QuadChain))
                            .count();
                        assert_eq!(new, old, "{hand} {prev:?} {preset:?} limit {limit} skip {skip:?}");
                    }
                }
            }
        }
        assert!(quads_seen > 100_000, "{quads_seen}");
        assert!(planes_seen > 100_000, "{planes_seen}");
    }

    /// Session 20: the count masks by 32-bit bit planes (`count_masks_by_planes`, the 32-bit
    /// parts' path of `count_masks`) give the 64-bit form's answers (`count_masks_wide`, the
    /// form before) and the rank-by-rank ones, for every count 0 … 7 at every rank (all 8^15
    /// would be too many: every rank through every count, the others drawn); the host's path
    /// (the wide form) also for larger counts.
    #[test]
    fn count_masks_by_bit_planes_match_the_wide_form() {
        use crate::game::Rng;
        let by_rank = |c: &[u8; RANKS]| {
            let mut masks = [0u16; 4];
            for (k, mask) in masks.iter_mut().enumerate() {
                for (r, &n) in c.iter().enumerate() {
                    if usize::from(n) > k {
                        *mask |= 1 << r;
                    }
                }
            }
            masks
        };
        let mut rng = Rng::new(20);
        for round in 0..100_000u32 {
            let mut c = [0u8; RANKS];
            for slot in c.iter_mut() {
                *slot = match round % 3 {
                    0 => rng.below(5) as u8,
                    1 => rng.below(8) as u8,
                    _ => rng.below(256) as u8,
                };
            }
            c[(round as usize / 3) % RANKS] = (round / 45 % 8) as u8;
            let words = super::super::cards::words_of(&c);
            assert_eq!(super::count_masks(&c), super::count_masks_wide(words), "{c:?}");
            if c.iter().all(|&n| n < 8) {
                assert_eq!(
                    super::count_masks_by_planes(words),
                    super::count_masks_wide(words),
                    "{c:?}"
                );
            }
            if c.iter().all(|&n| n < 128) {
                assert_eq!(super::count_masks(&c), by_rank(&c), "{c:?}");
            }
        }
    }

    /// The recursive enumeration `Multisets` replaced (one level per rank, most of the lowest
    /// rank first): calls `f` with every multiset in that order.
    fn reference(caps: &[u8; RANKS], need: usize, i: usize, cur: &mut [u8; RANKS], f: &mut dyn FnMut(&[u8; RANKS])) {
        if need == 0 {
            f(cur);
            return;
        }
        if i == RANKS {
            return;
        }
        for take in (0..=usize::from(caps[i]).min(need)).rev() {
            cur[i] = take as u8;
            reference(caps, need - take, i + 1, cur, f);
        }
        cur[i] = 0;
    }

    #[test]
    fn multisets_come_in_the_order_of_the_recursive_walk() {
        // Pseudo-random caps (0..=4 per rank, many zeros, as in wing and kicker searches).
        let mut state = 0x2545_f491_u32;
        let mut total = 0usize;
        for case in 0..300 {
            let mut caps = [0u8; RANKS];
            for cap in caps.iter_mut() {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                *cap = [0, 0, 1, 1, 2, 3, 4, 0][(state % 8) as usize];
            }
            let need = case % 7;
            let mut all = Multisets::new(&caps, need);
            let mut seen = 0usize;
            reference(&caps, need, 0, &mut [0; RANKS], &mut |expected| {
                assert!(all.advance(), "case {case}: ended before {expected:?}");
                assert_eq!(&all.cur, expected, "case {case}, multiset {seen}");
                seen += 1;
            });
            assert!(!all.advance(), "case {case}: more than the {seen} multisets");
            assert!(!all.advance(), "case {case}: stays ended");
            total += seen;
        }
        assert!(total > 10_000, "the cases exercise real enumerations ({total})");
    }

    /// Session 19: the word form of `select_rank` gives the rank-by-rank loop's answer for
    /// every index (and one past the last) of random count vectors, small counts (the word
    /// form) and large ones (the loop's fallback).
    #[test]
    fn select_rank_by_words_matches_the_loop() {
        let mut state = 0x9e37_79b9_u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let mut checked = 0usize;
        for case in 0..4000 {
            let mut counts = [0u8; RANKS];
            for c in counts.iter_mut() {
                *c = match case % 4 {
                    0 => (next() % 5) as u8,
                    1 => [0, 0, 0, 1, 1, 2, 3, 4][(next() % 8) as usize],
                    2 => (next() % 8) as u8,
                    _ => (next() % 256) as u8,
                };
            }
            let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
            for n in 0..=total + 2 {
                assert_eq!(
                    super::select_rank(&counts, n),
                    super::select_rank_by_loop(&counts, n),
                    "{counts:?} item {n}"
                );
                checked += 1;
            }
        }
        assert_eq!(super::select_rank(&[0; RANKS], 0), None);
        assert_eq!(super::select_rank(&[4; RANKS], 59), Some((14, 3)));
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn multisets_of_two_from_three_ranks() {
        let mut caps = [0u8; RANKS];
        caps[0] = 2;
        caps[3] = 1;
        caps[14] = 1;
        let mut all = Multisets::new(&caps, 2);
        let mut got = [(0u8, 0u8, 0u8); 4];
        let mut n = 0;
        while all.advance() {
            got[n] = (all.cur[0], all.cur[3], all.cur[14]);
            n += 1;
        }
        assert_eq!(got[..n], [(2, 0, 0), (1, 1, 0), (1, 0, 1), (0, 1, 1)]);
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod botzone_tests {
    use super::*;

    fn set(text: &str) -> Cards {
        text.parse().unwrap()
    }

    /// Every play the generator reports reads as its reading under the preset, and the count
    /// of [`count_plays`] agrees with the plays listed.
    fn check(hand: &str, prev: &str) -> usize {
        let preset = Preset::BOTZONE;
        let prev_reading = classify(&set(prev), &preset).strongest();
        let mut n = 0usize;
        generate(&set(hand), prev_reading, &preset, 54, &mut |cards, r| {
            assert!(classify(&cards, &preset).iter().any(|x| x == r), "{cards} as {r}");
            n += 1;
            true
        });
        assert_eq!(
            count_plays(&set(hand), prev_reading, &preset, 54, false, false),
            n,
            "{hand} over {prev}"
        );
        n
    }

    #[test]
    fn botzone_quad_chains_are_generated_and_counted() {
        // Two quads and four other ranks: the chain alone, C(4 + 0, 4) = 1 single-wing set
        // (5 6 7 8), no pair wings.
        let lead = check("333344445678", "");
        let mut wings = 0;
        for_each_move(&set("333344445678"), &Cards::EMPTY, &Preset::BOTZONE, |c| {
            if c.len() == 12 {
                wings += 1;
            }
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(wings, 1);
        assert!(lead > 0);
        // Over a quad chain: only longer-equal chains of the same length above it, bombs.
        assert_eq!(check("333344445555", "33334444"), 3 + 1);
        // No higher chain in hand: the rocket and the two bombs only.
        assert_eq!(check("33334444BR56", "333344445678"), 3);
        // Both jokers may be wings of a chain under Botzone: 44445555 67BR, the rocket, two bombs.
        assert_eq!(check("44445555BR67", "333344445678"), 1 + 1 + 2);
        // Pair wings: 33334444 with 55 66 77 88 (one set); the big hand's other plays counted too.
        let mut pair_wings = 0;
        for_each_move(&set("3333444455667788"), &Cards::EMPTY, &Preset::BOTZONE, |c| {
            if c.len() == 16 {
                pair_wings += 1;
            }
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(pair_wings, 1);
        check("3333444455667788", "");
        check("33334444555566667BR", "");
    }
}
