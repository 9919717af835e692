//! The flow search behind the exact legality check: an incremental circulation with lower
//! bounds.
//!
//! ## Why a flow
//! Legality depends only on the multiset of open-end numbers. Let `C_v` be how many open ends
//! show `v`. Attaching a non-double `x-y` by `x` needs `C_x ≥ 1` and does `C_x -= 1, C_y += 1`;
//! a double `v-v` needs `C_v ≥ 1` and adds 2 (spinner) or 0. So a play order is legal iff the
//! non-doubles can be oriented so that every count stays `≥ 0` after every tile and is `≥ 1`
//! just before each double of its number.
//!
//! Fix a default orientation for every non-double (tile `j` attaches by `a_j`) and let `B_v(t)`
//! be the counts it gives. Flipping tile `j` (attach by `b_j`) adds 2 to `C_{a_j}` and takes 2
//! from `C_{b_j}` from time `j` on, so `C_v(t) = B_v(t) + 2·D_v(t)` where `D_v(t)` is the number
//! of flips into `v` minus flips out of `v` up to `t`. Each constraint `C_v(t) ≥ L` becomes
//! `D_v(t) ≥ ⌈(L − B_v(t)) / 2⌉`: a lower bound on the "stock" `D_v`.
//!
//! The network: per number `v` a chain of nodes, one per non-double touching `v` (its
//! *events*); the chain arc ("segment") leaving an event node carries `D_v` until the next event
//! and has the lower bound of every constraint in that stretch; the last (open) segment of each
//! number ends in a common node `Z` (the stocks sum to 0, so `Z` balances). Each non-double `j`
//! is a unit arc from its `b` node to its `a` node (flow 1 = flipped). Before a number's first
//! event its stock is fixed at 0. Legal ⇔ a feasible circulation exists.
//!
//! ## Why incremental
//! Tiles are added in play order, keeping a feasible flow for the prefix. A new tile is oriented
//! greedily (by a number that is open now); only if none is open is the prefix's flow one unit
//! short on one open segment. By Hoffman's circulation theorem (the difference of the current
//! flow and any feasible one decomposes into residual cycles) a feasible flow exists iff the
//! residual graph has a cycle through that segment: one breadth-first search from `Z` to the
//! segment's tail. So tile `k` is the first tile after which no legal continuation exists
//! exactly when that search fails. Each tile costs O(1) plus at most one search of O(n), so the
//! check is O(n²) worst case, O(n) on real games (greedy is rarely wrong), with O(n) memory in
//! fixed arrays and no recursion.

use super::table::{Map, NONE, Table};
use super::verdict::Reason;
use super::{MAX_PLAY_ORDER, SpinnerRule, Tile};

/// Bytes of working memory one [`Scratch`] takes: exactly `size_of::<Scratch>()`, 28,160 on
/// every target (for [`MAX_PLAY_ORDER`] = 256 tiles; alignment 4). [`validate`](super::validate)
/// puts one on the stack above [`SHORT_TILES`](super::SHORT_TILES) tiles; on small stacks keep
/// one in a `static` and call [`validate_with`](super::validate_with) or
/// [`validate_each`](super::validate_each).
pub const SCRATCH_BYTES: usize = core::mem::size_of::<Scratch>();

/// Bytes of working memory one [`ShortScratch`] takes: exactly `size_of::<ShortScratch>()`,
/// 3,520 on every target (for [`SHORT_TILES`](super::SHORT_TILES) = 32 tiles; alignment 4).
pub const SHORT_SCRATCH_BYTES: usize = core::mem::size_of::<ShortScratch>();

// The figures the docs and the C header print: the same on 32- and 64-bit targets (the memory
// holds only fixed-width integers and `bool`s).
const _: () = assert!(SCRATCH_BYTES == 28_160 && SHORT_SCRATCH_BYTES == 3_520);
const _: () = assert!(core::mem::align_of::<Scratch>() == 4 && core::mem::align_of::<ShortScratch>() == 4);

/// The common end `Z` of every open segment (not an index).
const Z: u16 = NONE - 1;

/// The working memory for up to `TILES` tiles. `NODES` (event nodes) is `2 × TILES`: two per
/// non-double. `VALUES` bounds the distinct numbers: a tile that brings two unseen numbers
/// cannot attach and ends the check, so at most `TILES + 2` are ever seen. The hash tables
/// have twice as many slots as keys. Sizes are parameters so that short orders can use a
/// small memory that is cheap to initialise; the check itself ([`Engine`]) works on slices of
/// either and is compiled once.
pub(crate) type LargeMemory = Memory<MAX_PLAY_ORDER, { 2 * MAX_PLAY_ORDER }, 512, 1024, { 2 * MAX_PLAY_ORDER }>;
/// Working memory for up to [`SMALL_TILES`] tiles (about 3.5 KB).
pub(crate) type SmallMemory = Memory<SMALL_TILES, { 2 * SMALL_TILES }, 64, 128, { 2 * SMALL_TILES }>;
/// The most tiles [`SmallMemory`] takes.
pub(crate) const SMALL_TILES: usize = 32;

/// An event node: one number at the time of non-double `tile`. `lower`/`flow` describe the
/// segment leaving the node (lower bound and current stock `D`).
#[derive(Clone, Copy)]
struct Node {
    prev: u16,
    next: u16,
    partner: u16,
    tile: u16,
    /// The tile's default side: its unit arc goes from the partner into this node.
    is_a: bool,
    lower: i32,
    flow: i32,
}

const ZERO_NODE: Node = Node {
    prev: 0,
    next: 0,
    partner: 0,
    tile: 0,
    is_a: false,
    lower: 0,
    flow: 0,
};

/// What the check knows of one tile: its numbers' ids (of pips `a` and `b` as written), its
/// default side, whether it is flipped, whether it is a spinner; and, for the witness replay,
/// its free ends per side and its links in the per-number stacks.
#[derive(Clone, Copy)]
struct TileState {
    ids: [u16; 2],
    /// Id attached by in the default orientation.
    default: u16,
    flipped: bool,
    spinner: bool,
    free: [u8; 2],
    link: [u16; 2],
}

const ZERO_TILE: TileState = TileState {
    ids: [0; 2],
    default: 0,
    flipped: false,
    spinner: false,
    free: [0; 2],
    link: [0; 2],
};

const EMPTY_TILE: TileState = TileState {
    ids: [NONE; 2],
    default: NONE,
    flipped: false,
    spinner: false,
    free: [0; 2],
    link: [NONE; 2],
};

/// Caller-providable working memory of the legality check for up to
/// [`MAX_PLAY_ORDER`] tiles ([`SCRATCH_BYTES`] bytes, no heap). Reusable: every call resets what it
/// uses, and never reads what it has not written in the same call.
///
/// Every field is a plain integer, a `bool` or an array or struct of those, so all-zero bytes
/// are a valid `Scratch` (the C ABI zeroes caller memory and borrows it as one; keep it so).
#[derive(Clone)]
pub struct Scratch {
    pub(crate) memory: LargeMemory,
}

impl Scratch {
    /// Fresh working memory (a `const fn`, so it can initialise a `static`).
    pub const fn new() -> Scratch {
        Scratch { memory: Memory::new() }
    }
}

impl core::fmt::Debug for Scratch {
    /// Opaque: working memory has no meaning between calls.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scratch").finish_non_exhaustive()
    }
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch::new()
    }
}

/// [`Scratch`] for short orders: the working memory of the check for up to
/// [`SHORT_TILES`](super::SHORT_TILES) = 32 tiles (a double-6 game has 28), [`SHORT_SCRATCH_BYTES`]
/// bytes. [`validate_each_short`](super::validate_each_short) puts one on the stack;
/// [`validate_each_short_with`](super::validate_each_short_with) takes the caller's. Reusable,
/// and all-zero bytes are a valid `ShortScratch`, as for [`Scratch`].
#[derive(Clone)]
pub struct ShortScratch {
    pub(crate) memory: SmallMemory,
}

impl ShortScratch {
    /// Fresh working memory (a `const fn`, so it can initialise a `static`).
    pub const fn new() -> ShortScratch {
        ShortScratch { memory: Memory::new() }
    }
}

impl core::fmt::Debug for ShortScratch {
    /// Opaque: working memory has no meaning between calls.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ShortScratch").finish_non_exhaustive()
    }
}

impl Default for ShortScratch {
    fn default() -> Self {
        ShortScratch::new()
    }
}

/// The legality check's memory; see [`LargeMemory`].
#[derive(Clone)]
pub(crate) struct Memory<
    const TILES: usize,
    const NODES: usize,
    const VALUES: usize,
    const VALUE_SLOTS: usize,
    const PAIR_SLOTS: usize,
> {
    values: Table<VALUE_SLOTS>,
    pairs: Table<PAIR_SLOTS>,
    base: [i32; VALUES],
    head: [u16; VALUES],
    nodes: [Node; NODES],
    tiles: [TileState; TILES],
    parent: [u16; NODES],
    queue: [u16; NODES],
}

impl<const TILES: usize, const NODES: usize, const VALUES: usize, const VALUE_SLOTS: usize, const PAIR_SLOTS: usize>
    Memory<TILES, NODES, VALUES, VALUE_SLOTS, PAIR_SLOTS>
{
    /// All-zero memory: the compiler sets it up in place with one `memset` (no stack temporary
    /// of the memory's size). Nothing is read before [`Engine::check`] writes it.
    pub(crate) const fn new() -> Self {
        Memory {
            values: Table::new(),
            pairs: Table::new(),
            base: [0; VALUES],
            head: [0; VALUES],
            nodes: [ZERO_NODE; NODES],
            tiles: [ZERO_TILE; TILES],
            parent: [0; NODES],
            queue: [0; NODES],
        }
    }

    /// The check over this memory (for up to `TILES` tiles).
    pub(crate) fn engine(&mut self) -> Engine<'_> {
        Engine {
            values: self.values.map(),
            pairs: self.pairs.map(),
            value_count: 0,
            node_count: 0,
            base: &mut self.base,
            head: &mut self.head,
            nodes: &mut self.nodes,
            tiles: &mut self.tiles,
            parent: &mut self.parent,
            queue: &mut self.queue,
        }
    }
}

/// The legality check on borrowed [`Memory`] of any size: one copy of the code for every size
/// (flash on microcontrollers). The slice lengths are the capacities: `tiles` tiles, `nodes`
/// event nodes, `base`/`head` distinct numbers.
pub(crate) struct Engine<'a> {
    values: Map<'a>,
    pairs: Map<'a>,
    value_count: usize,
    node_count: usize,
    base: &'a mut [i32],
    head: &'a mut [u16],
    nodes: &'a mut [Node],
    tiles: &'a mut [TileState],
    parent: &'a mut [u16],
    queue: &'a mut [u16],
}

/// The outcome of [`Engine::check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Legal,
    Illegal { tile: usize, reason: Reason },
}

/// A broken invariant of the engine: an id past its array, a full table the sizes rule out.
/// Carried up to the caller as [`Error::Internal`](super::Error::Internal), never as a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Internal;

/// Reports a broken invariant: a debug assertion, then [`Internal`].
fn internal<T>() -> Result<T, Internal> {
    debug_assert!(false, "dominoes engine: an id past its memory or a table full");
    Err(Internal)
}

/// `Some` value, or a broken invariant.
fn known<T>(value: Option<T>) -> Result<T, Internal> {
    match value {
        Some(value) => Ok(value),
        None => internal(),
    }
}

/// `⌈n / 2⌉` for any sign.
const fn ceil_half(n: i32) -> i32 {
    n.saturating_add(1) >> 1
}

impl Engine<'_> {
    // The accessors take ids the engine handed out itself (below its counts, which are below
    // the memory's lengths), so a miss is a broken invariant: [`Internal`], not a default node.

    fn node(&self, id: u16) -> Result<Node, Internal> {
        known(self.nodes.get(usize::from(id)).copied())
    }

    fn node_mut(&mut self, id: u16) -> Result<&mut Node, Internal> {
        known(self.nodes.get_mut(usize::from(id)))
    }

    fn tile(&self, index: usize) -> Result<TileState, Internal> {
        known(self.tiles.get(index).copied())
    }

    fn base(&self, value: u16) -> Result<i32, Internal> {
        known(self.base.get(usize::from(value)).copied())
    }

    fn add_base(&mut self, value: u16, delta: i32) -> Result<(), Internal> {
        let base = known(self.base.get_mut(usize::from(value)))?;
        *base = base.saturating_add(delta);
        Ok(())
    }

    fn head(&self, value: u16) -> Result<u16, Internal> {
        known(self.head.get(usize::from(value)).copied())
    }

    /// The stock `D` of `value`'s open segment (0 before its first event).
    fn stock(&self, value: u16) -> Result<i32, Internal> {
        Ok(match self.head(value)? {
            NONE => 0,
            head => self.node(head)?.flow,
        })
    }

    /// Open ends showing `value` under the current orientations.
    fn count(&self, value: u16) -> Result<i32, Internal> {
        Ok(self.base(value)?.saturating_add(self.stock(value)?.saturating_mul(2)))
    }

    /// The id of `pip`, numbering it if new; [`Internal`] if the table is full (cannot happen:
    /// see [`LargeMemory`]).
    fn value_id(&mut self, pip: u32) -> Result<u16, Internal> {
        // At most the table's slots (1,024), so a `u16`.
        let fresh = self.value_count as u16;
        // A known pip keeps its id; a new one past the memory's numbers gets an id past `base`
        // and `head`, refused just below (no separate look-up when full: flash).
        let (id, inserted) = known(self.values.get_or_insert(pip, fresh))?;
        debug_assert!(
            inserted || self.values.get(pip) == Some(id),
            "dominoes engine: a number's id moved"
        );
        if inserted {
            self.value_count = self.value_count.saturating_add(1);
            *known(self.base.get_mut(usize::from(id)))? = 0;
            *known(self.head.get_mut(usize::from(id)))? = NONE;
        }
        Ok(id)
    }

    /// Decides whether `tiles` is a legal play order under `rule`, keeping the orientations
    /// for [`Engine::replay`]. At most `TILES` tiles are looked at (callers check).
    pub(crate) fn check(&mut self, tiles: &[Tile], rule: SpinnerRule) -> Result<Outcome, Internal> {
        self.values.clear();
        self.pairs.clear();
        self.value_count = 0;
        self.node_count = 0;
        let mut doubles = 0usize;
        for (index, &tile) in tiles.iter().enumerate().take(self.tiles.len()) {
            let no_open_end = Outcome::Illegal {
                tile: index,
                reason: Reason::NoOpenEnd,
            };
            let (ia, ib) = (self.value_id(tile.a)?, self.value_id(tile.b)?);
            let key = (u32::from(ia.min(ib)) << 16) | u32::from(ia.max(ib));
            let (earlier, inserted) = known(self.pairs.get_or_insert(key, index as u16))?;
            if !inserted {
                return Ok(Outcome::Illegal {
                    tile: index,
                    reason: Reason::Duplicate {
                        earlier: usize::from(earlier),
                    },
                });
            }
            let spinner = tile.is_double() && rule.is_spinner(doubles);
            // Recorded before placing: a search may flip this very tile.
            if let Some(slot) = self.tiles.get_mut(index) {
                *slot = TileState {
                    ids: [ia, ib],
                    default: ia,
                    spinner,
                    ..EMPTY_TILE
                };
            }
            let placed = if tile.is_double() {
                doubles = doubles.saturating_add(1);
                self.place_double(ia, spinner, index == 0)?
            } else if index == 0 {
                self.add_base(ia, 1)?;
                self.add_base(ib, 1)?;
                true
            } else {
                self.place_plain(ia, ib, index)?
            };
            if !placed {
                return Ok(no_open_end);
            }
        }
        Ok(Outcome::Legal)
    }

    /// Adds double `v-v`; false if no open end can ever show `v` at that point.
    fn place_double(&mut self, value: u16, spinner: bool, opening: bool) -> Result<bool, Internal> {
        let gain: i32 = if spinner { 2 } else { 0 };
        if opening {
            self.add_base(value, gain.saturating_add(2))?;
            return Ok(true);
        }
        // Needs C_v ≥ 1 just before: D_v ≥ ⌈(1 − B_v)/2⌉ on the open segment.
        let need = ceil_half(1i32.saturating_sub(self.base(value)?));
        let head = self.head(value)?;
        let fits = if head == NONE {
            need <= 0
        } else {
            let node = self.node_mut(head)?;
            node.lower = node.lower.max(need);
            let flow = node.flow;
            flow >= need || self.augment(head)?
        };
        self.add_base(value, gain)?;
        Ok(fits)
    }

    /// Adds non-double `x-y` (ids) as tile `index`, attached by a number open now if any.
    /// Returns whether the prefix is still legal.
    fn place_plain(&mut self, x: u16, y: u16, index: usize) -> Result<bool, Internal> {
        let (cx, cy) = (self.count(x)?, self.count(y)?);
        let (a, b) = if cy < 1 || cx >= 1 && cx >= cy { (x, y) } else { (y, x) };
        known(self.tiles.get_mut(index))?.default = a;
        // Two event nodes per non-double: `NODES` = 2 × `TILES` always has room.
        let after = known(self.node_count.checked_add(2).filter(|&n| n <= self.nodes.len()))?;
        // At most `nodes.len()` (checked just above), at most 512: `u16`s.
        let (na, nb) = (self.node_count as u16, after.saturating_sub(1) as u16);
        self.node_count = after;
        for (id, value, partner, is_a) in [(na, a, nb, true), (nb, b, na, false)] {
            let prev = self.head(value)?;
            let flow = self.stock(value)?;
            if prev != NONE {
                self.node_mut(prev)?.next = id;
            }
            self.add_base(value, if is_a { -1 } else { 1 })?;
            let lower = ceil_half(self.base(value)?.saturating_neg());
            *self.node_mut(id)? = Node {
                prev,
                next: NONE,
                partner,
                tile: index as u16,
                is_a,
                lower,
                flow,
            };
            *known(self.head.get_mut(usize::from(value)))? = id;
        }
        let node = self.node(na)?;
        Ok(node.flow >= node.lower || self.augment(na)?)
    }

    /// Pushes one unit around a residual cycle through the open segment leaving `target`
    /// (which is one unit below its lower bound): a breadth-first search from `Z` back to
    /// `target`. Returns false, changing nothing, if there is none (no feasible flow).
    fn augment(&mut self, target: u16) -> Result<bool, Internal> {
        let count = self.node_count.min(self.nodes.len());
        for slot in self.parent.iter_mut().take(count) {
            *slot = NONE;
        }
        let mut write = 0usize;
        // Z's arcs: to each open segment's tail, backwards (lowering a stock that has slack).
        for value in 0..self.value_count {
            let head = known(self.head.get(value).copied())?;
            if head != NONE {
                let node = self.node(head)?;
                if node.flow > node.lower && self.visit(Z, head, &mut write) && head == target {
                    return self.apply(target);
                }
            }
        }
        let mut read = 0usize;
        while read < write {
            let Some(&from) = self.queue.get(read) else { break };
            read = read.saturating_add(1);
            let node = self.node(from)?;
            // Forward along the chain (no upper bound); the open segment's end is Z, seen.
            let forward = node.next;
            // Backward along the chain, if the segment into `from` has slack.
            let backward = if node.prev != NONE && {
                let prev = self.node(node.prev)?;
                prev.flow > prev.lower
            } {
                node.prev
            } else {
                NONE
            };
            // The tile's unit arc b → a: forwards if unflipped, backwards if flipped.
            let across = if node.is_a == self.tile(usize::from(node.tile))?.flipped {
                node.partner
            } else {
                NONE
            };
            // By index, not over an array by value (its iterator linked a `next`, flash).
            for arc in 0..3 {
                let to = match arc {
                    0 => forward,
                    1 => backward,
                    _ => across,
                };
                if to != NONE && self.visit(from, to, &mut write) && to == target {
                    return self.apply(target);
                }
            }
        }
        Ok(false)
    }

    /// Pushes the unit along the path found (parents from `target` back to `Z`), then along
    /// the short segment leaving `target`.
    fn apply(&mut self, target: u16) -> Result<bool, Internal> {
        let mut to = target;
        // A path visits each node once, so it ends at Z within `nodes.len()` steps.
        for _ in 0..=self.nodes.len() {
            if to == Z {
                break;
            }
            let from = known(self.parent.get(usize::from(to)).copied())?;
            if from == Z {
                let node = self.node_mut(to)?;
                node.flow = node.flow.saturating_sub(1);
            } else {
                let node = self.node(from)?;
                if node.next == to {
                    let node = self.node_mut(from)?;
                    node.flow = node.flow.saturating_add(1);
                } else if node.prev == to {
                    let node = self.node_mut(to)?;
                    node.flow = node.flow.saturating_sub(1);
                } else {
                    let tile = known(self.tiles.get_mut(usize::from(node.tile)))?;
                    tile.flipped = !tile.flipped;
                }
            }
            to = from;
        }
        if to != Z {
            return internal();
        }
        let node = self.node_mut(target)?;
        node.flow = node.flow.saturating_add(1);
        Ok(true)
    }

    /// Marks `to` as reached from `from` and queues it; false if it was reached already.
    fn visit(&mut self, from: u16, to: u16, write: &mut usize) -> bool {
        match self.parent.get_mut(usize::from(to)) {
            Some(slot) if *slot == NONE => {
                *slot = from;
                // Each node is queued once (its parent is set once), and the queue has a slot
                // per node.
                if let Some(queue) = self.queue.get_mut(*write) {
                    *queue = to;
                    *write = write.saturating_add(1);
                } else {
                    debug_assert!(false, "dominoes engine: queue overflow");
                }
                true
            }
            _ => false,
        }
    }

    /// After a legal [`Engine::check`] of the same `tiles`: plays the chosen orientations and
    /// calls `emit(index, parent, pip)` for every tile after the first, with an earlier tile
    /// that has a free end showing `pip`. [`Internal`] only on an inconsistency of the check.
    pub(crate) fn replay(&mut self, tiles: &[Tile], emit: &mut dyn FnMut(usize, usize, u32)) -> Result<(), Internal> {
        // Per-number stacks of tiles that may still have a free end of that number (lazy
        // deletion: exhausted tiles are popped when met). `head` is reused as the stack tops.
        let value_count = self.value_count;
        for head in self.head.iter_mut().take(value_count) {
            *head = NONE;
        }
        for (index, &tile) in tiles.iter().enumerate().take(self.tiles.len()) {
            let mut state = self.tile(index)?;
            if index == 0 {
                state.free = if tile.is_double() {
                    [if state.spinner { 4 } else { 2 }, 0]
                } else {
                    [1, 1]
                };
            } else {
                let [first_id, second_id] = state.ids;
                // A non-double's ids differ and its default is one of them: it attaches by its
                // second side when the default is the second id, or (exclusive) it is flipped.
                let side = !tile.is_double() && ((state.default != first_id) != state.flipped);
                let (by, pip) = if side { (second_id, tile.b) } else { (first_id, tile.a) };
                let parent = known(self.take_free_end(by))?;
                emit(index, parent, pip);
                state.free = if tile.is_double() {
                    [if state.spinner { 3 } else { 1 }, 0]
                } else if side {
                    [1, 0]
                } else {
                    [0, 1]
                };
            }
            for ((&free, link), &id) in state.free.iter().zip(state.link.iter_mut()).zip(state.ids.iter()) {
                if free > 0 {
                    let head = known(self.head.get_mut(usize::from(id)))?;
                    *link = *head;
                    *head = index as u16;
                }
            }
            *known(self.tiles.get_mut(index))? = state;
        }
        Ok(())
    }

    /// Pops exhausted tiles off `value`'s stack and takes one free end of the top tile.
    fn take_free_end(&mut self, value: u16) -> Option<usize> {
        for _ in 0..=self.tiles.len() {
            let top = *self.head.get(usize::from(value))?;
            let tile = self.tiles.get_mut(usize::from(top))?;
            let [first_free, second_free] = &mut tile.free;
            let [first_link, second_link] = tile.link;
            let [first_id, _] = tile.ids;
            let (free, next) = if first_id == value {
                (first_free, first_link)
            } else {
                (second_free, second_link)
            };
            if *free > 0 {
                *free = free.saturating_sub(1);
                return Some(usize::from(top));
            }
            *self.head.get_mut(usize::from(value))? = next;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A memory of three numbers: every number fits; a fourth is a broken invariant
    /// ([`Internal`], after a debug assertion), as when `value_id` looked it up apart (the old
    /// way: a full memory answered known numbers by `Map::get` and refused new ones).
    fn three_numbers(tiles: &[Tile]) -> Result<Outcome, Internal> {
        let mut memory = Memory::<4, 8, 3, 8, 8>::new();
        memory.engine().check(tiles, SpinnerRule::EveryDouble)
    }

    #[test]
    fn a_full_memory_answers_its_numbers() {
        let tiles = [Tile::new(0, 1), Tile::new(1, 1), Tile::new(1, 2), Tile::new(2, 0)];
        assert_eq!(three_numbers(&tiles), Ok(Outcome::Legal));
    }

    #[test]
    #[cfg_attr(debug_assertions, should_panic(expected = "an id past its memory"))]
    fn a_number_past_a_full_memory_is_internal() {
        let tiles = [Tile::new(0, 1), Tile::new(1, 2), Tile::new(2, 3)];
        assert_eq!(three_numbers(&tiles), Err(Internal));
    }
}
