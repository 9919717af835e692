//! The one round checker, written once over [`parlor_core::game::Round`]: a round played on the
//! core and on a game's naive reference side by side ([`Reference`]). Each game keeps only its
//! reference adapter and its case setup (`check::<game>_round`); the fuzz targets `<game>_round`
//! are one-line shims over [`run`].
//!
//! A case starts anywhere in a round: a prefix of plies by the seeded players (each taken by
//! both sides, the reference comparing its events; kept as snapshots so that cases sharing a
//! deal and a prefix skip it), then a segment of at most [`MAX_SEGMENT`] steps compared step by
//! step (a case with `segment` 0 from the first step to the end, as the unit tests play).
//!
//! Every step of the segment: the seat in turn agrees (where the reference models it), a junk
//! action (a legal action's code with one bit flipped, or a raw code, by any seat including one
//! not at the table) is legal exactly when the core lists it and, when refused, is refused with a
//! shared fault and leaves the encoding unchanged, and the chosen action gives the same event in
//! both.
//! At sampled steps (the reference is slow: one step of a segment, drawn by the case; in a
//! whole round its first step, then at most [`MAX_SAMPLES`], spread by the case): the round's byte form round-trips (`decode(encode(r))`
//! encodes to the same bytes), the legal actions of the seat to act and of one more seat
//! in rotation (of every seat at the round's first step, at the end and in a case with `sample`
//! 0) are equal to the reference's (in order where the game fixes it, else as sets),
//! `count_legal_actions`, `nth_legal_action`, `count_non_calls` (when the game gives it),
//! `legal_actions` and `may_act` agree with the walk,
//! a junk action's legality agrees with the reference's list, the game's own state comparison
//! holds, and (where the adapter can build one) a twin round that differs only in cards no seat
//! has seen shows every seat the same observation and view. Where the segment stops: the byte
//! form's round trip and the game's own state comparison; at the end of the round: the outcome's scores are equal and the game's
//! own outcome comparison holds.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use arbitrary::Arbitrary;
use parlor_core::game::bot::{self, Bot};
use parlor_core::game::{Fault, GameError, Rng, Round, Scores, Seat};

/// The most sampled steps of one round at which the legal-action sets of every seat are
/// compared with the reference (plus the first step and the end).
pub const MAX_SAMPLES: usize = 6;

/// The most actions one round may take before the checker calls it endless.
pub const MAX_STEPS: usize = 2000;

/// The most steps one segment compares (a case with `segment` 0 compares to the end).
pub const MAX_SEGMENT: usize = 16;

/// A game's naive reference, as the generic checker drives it. The adapter converts between the
/// core's actions and the reference's own; the reference itself never asks the core.
pub trait Reference: Sized + Clone + 'static {
    /// The core's round of the game.
    type Core: Round;
    /// What a case draws per game: the config selector, the deal's seed, the context.
    type Setup: for<'a> Arbitrary<'a> + fmt::Debug + Clone;
    /// A comparable form of an action that both sides can produce (log text, a tuple).
    type Key: Ord + fmt::Debug;
    /// The players that finish the round once a case's choices run out.
    type Bot: Bot<Self::Core> + Clone + 'static;
    /// Whether the game fixes the order of the legal actions (then the lists must be equal in
    /// order; otherwise as sets).
    const ORDERED: bool;
    /// About how many actions a round takes: a case's prefix is taken modulo this, so that
    /// segments start anywhere in a round (and sometimes at its end).
    const PLIES: usize;

    /// The core's round and the reference of a setup; `None` when the setup's config is invalid
    /// (the adapter checks that the core refuses it).
    fn start(setup: &Self::Setup) -> Option<(Self::Core, Self)>;

    /// The key of a core action.
    fn key(action: &<Self::Core as Round>::Action) -> Self::Key;

    /// The reference's legal actions of `seat` now, as keys (in its order).
    fn legal(&self, seat: Seat) -> Vec<Self::Key>;

    /// Whether `ours` and `theirs` (the core's and the reference's keys of one seat, in their
    /// lists' orders) hold the same keys: in order where the game fixes it ([`Reference::ORDERED`]),
    /// else as multisets (by default both sorted, then compared; an adapter whose keys are
    /// hashes may compare sums of them instead of sorting).
    fn same_keys(ours: &mut Vec<Self::Key>, theirs: &mut Vec<Self::Key>) -> bool {
        if !Self::ORDERED {
            ours.sort();
            theirs.sort();
        }
        ours == theirs
    }

    /// A readable account of how the core's and the reference's legal actions of `seat` differ,
    /// for the panic message when their keys do (an adapter whose keys are hashes of texts
    /// lists the texts found on one side only); empty by default (the keys say it).
    fn explain_legal(&self, _core: &Self::Core, _seat: Seat) -> String {
        String::new()
    }

    /// What [`Reference::legal`] of `seat` costs now, in listings of the usual size (1: cheap).
    /// At a sampled step of a segment a seat whose listing costs `c > 1` is listed in one case
    /// of `c` (chosen by the case's bytes), so that a few huge listings (every subset of a big
    /// hand) do not set the pace; the first step of a round, its end and full cases list every
    /// seat whatever the cost.
    fn listing_cost(&self, _seat: Seat) -> u64 {
        1
    }

    /// Whether two core actions have the same key ([`Reference::key`] of each, compared); an
    /// adapter whose keys name actions one to one may compare the actions instead (cheaper
    /// where a key is text).
    fn same_key(a: &<Self::Core as Round>::Action, b: &<Self::Core as Round>::Action) -> bool {
        Self::key(a) == Self::key(b)
    }

    /// Whether the reference's round is over.
    fn is_over(&self) -> bool;

    /// The reference's seat in turn, where it models one the way [`Round::to_act`] means it;
    /// `None` when it does not (the sampled legal sets still say who may act).
    fn to_act(&self) -> Option<Option<Seat>> {
        None
    }

    /// [`Reference::to_act`] and [`Reference::is_over`] together (asked every step; an adapter
    /// whose answers share their work may compute it once).
    fn turn_and_over(&self) -> (Option<Option<Seat>>, bool) {
        (self.to_act(), self.is_over())
    }

    /// Takes `action` (legal in the core, which answered `event`) and compares what it did with
    /// `event`; panics, naming `context`, on a difference or when the reference refuses it.
    /// `checked`: this is a sampled step (the reference's legal list was just compared), so the
    /// reference may skip its own legality check otherwise.
    fn apply(
        &mut self,
        seat: Seat,
        action: <Self::Core as Round>::Action,
        event: &<Self::Core as Round>::Event,
        context: &str,
    );

    /// The round's score deltas once over, in [`Round::outcome_scores`]' form.
    fn scores(&self) -> Option<Scores>;

    /// The game's own comparison of everything else it can see (hands, melds, counts, points,
    /// observations); called at sampled steps and at the end.
    fn compare(&self, _core: &Self::Core, _context: &str) {}

    /// The game's own comparison of the outcome beyond its scores.
    fn compare_outcome(&self, _outcome: &<Self::Core as Round>::Outcome, _context: &str) {}

    /// The players seated `seed` (one per seat, seat `s` seeded `seed ^ s`).
    fn bot(seed: u64) -> Self::Bot;

    /// The game's own choice of who acts and how once a case's choices run out, from `x` (a
    /// fresh xorshift value each step); `None` (the default): the [`Reference::Bot`] players.
    fn choose(_core: &Self::Core, _x: u64) -> Option<(Seat, <Self::Core as Round>::Action)> {
        None
    }

    /// Another way of writing `action` that the core must take as the same action (a domino
    /// written either way round), chosen by `bits`; the action itself by default.
    fn alias(action: <Self::Core as Round>::Action, _bits: u16) -> <Self::Core as Round>::Action {
        action
    }

    /// A whole round consistent with what `seat` has seen (the game's `Search::determinize`,
    /// drawn with `salt`); `None` where the game has none. Its observation and view for `seat`
    /// must equal `core`'s: a difference is hidden information leaking into what `seat` sees (or
    /// a determinization that changes what `seat` knows).
    fn believe(_core: &Self::Core, _seat: Seat, _salt: u64) -> Option<Self::Core> {
        None
    }

    /// A round that differs from `core` only in cards no seat has seen, with the same actions
    /// `log` played on it; `None` where the game has no cheap way to build one.
    fn twin(
        &self,
        _setup: &Self::Setup,
        _core: &Self::Core,
        _log: &[(Seat, <Self::Core as Round>::Action)],
        _salt: u64,
    ) -> Option<Self::Core> {
        None
    }
}

/// One case of a `<game>_round` target: the game's setup, a start somewhere in the round (a
/// prefix of plies by the seeded players, not compared), then the segment compared step by step
/// and the choices that play it.
#[derive(Debug, Clone, Arbitrary)]
pub struct Case<S> {
    /// The game's setup (config, deal, context).
    pub setup: S,
    /// The players' seed (the prefix, and the segment once the choices run out).
    pub bot_seed: u64,
    /// Plies the players take before the comparisons start (modulo [`Reference::PLIES`]): the
    /// segment starts at a random mid-round state. A round that ends within the prefix is
    /// compared from its end.
    pub prefix: u16,
    /// The steps compared: 0 every step to the end of the round; else
    /// `1 + (segment - 1) % MAX_SEGMENT`, then the checker stops (comparing the state it
    /// reached, and the outcome when the round ended).
    pub segment: u16,
    /// The sampled steps: in a segment of `n` steps the one step `sample % n` (every step of a
    /// segment is sampled over a campaign, one per case); in a whole round (`segment` 0) the
    /// first step, then from `sample % 4` every `1 + sample / 4 % 16`; 0: every step is sampled
    /// (slow; what the unit tests use).
    pub sample: u8,
    /// The step of the segment (mod 128) at which the twin round is compared, where the game
    /// builds one.
    pub leak_step: u8,
    /// Per step of the segment: a seat among those that may act (low bits) and one of its legal
    /// actions (the rest); past the end the players choose.
    pub choices: Vec<u16>,
    /// Per step of the segment: a junk action (seat byte, code bits) tried before the chosen one.
    pub junk: Vec<(u8, u64)>,
}

impl<S> Case<S> {
    /// A case of `setup` played by the players from the first step to the end, sampled as
    /// [`Case::sample`] says (0: every step), with junk actions from `junk_seed`.
    pub fn players(setup: S, bot_seed: u64, sample: u8, junk_seed: u64) -> Case<S> {
        let mut rng = Rng::new(junk_seed);
        Case {
            setup,
            bot_seed,
            prefix: 0,
            segment: 0,
            sample,
            leak_step: (junk_seed % 90) as u8,
            choices: Vec::new(),
            junk: (0..60).map(|_| (rng.next_u32() as u8, rng.next_u64())).collect(),
        }
    }

    /// The plies of the prefix for a game whose rounds take about `plies` actions.
    pub fn prefix_plies(&self, plies: usize) -> usize {
        usize::from(self.prefix) % plies.max(1)
    }

    /// The steps compared after the prefix (`None`: to the end of the round).
    pub fn segment_steps(&self) -> Option<usize> {
        match self.segment {
            0 => None,
            n => Some(1 + (usize::from(n) - 1) % MAX_SEGMENT),
        }
    }
}

/// Each legal action of `seat` in the core's order, checked against `count_legal_actions`,
/// `nth_legal_action`, `legal_actions` and `may_act`.
fn core_legal<R: Round>(core: &R, seat: Seat, context: &str) -> Vec<R::Action> {
    let mut all = Vec::new();
    core.for_each_legal_action(seat, |action| all.push(action));
    assert_eq!(
        core.count_legal_actions(seat),
        all.len(),
        "{context}: count of seat {seat}"
    );
    assert_eq!(core.may_act(seat), !all.is_empty(), "{context}: may_act of seat {seat}");
    if let Some(others) = core.count_non_calls(seat) {
        // The non-calls come first, then only calls.
        let leading = all.iter().take_while(|action| !R::is_call(action)).count();
        assert_eq!(others, leading, "{context}: count_non_calls of seat {seat}");
        assert!(
            all[leading..].iter().all(R::is_call),
            "{context}: a call before another action of seat {seat}"
        );
    }
    assert!(all.len() <= R::MAX_ACTIONS, "{context}: more than MAX_ACTIONS");
    assert_eq!(
        core.nth_legal_action(seat, all.len()),
        None,
        "{context}: nth past the end"
    );
    for (i, action) in all.iter().enumerate().step_by(1 + all.len() / 8) {
        assert_eq!(
            core.nth_legal_action(seat, i).as_ref(),
            Some(action),
            "{context}: nth {i}"
        );
    }
    if let Some(last) = all.last() {
        assert_eq!(
            core.nth_legal_action(seat, all.len() - 1).as_ref(),
            Some(last),
            "{context}: nth last"
        );
    }
    let mut buf: Vec<R::Action> = all.iter().copied().take(3).collect();
    let total = core.legal_actions(seat, &mut buf);
    assert_eq!(total, all.len(), "{context}: legal_actions total of seat {seat}");
    assert_eq!(
        buf.as_slice(),
        &all[..all.len().min(3)],
        "{context}: legal_actions of seat {seat}"
    );
    all
}

/// The junk action of `(seat byte, bits)`: one bit of a legal action's code flipped, or a raw
/// code; `None` when the code names no action.
fn junk<R: Round>(core: &R, seats: u8, seat_byte: u8, bits: u64) -> (Seat, Option<R::Action>) {
    let seat = Seat(seat_byte % (seats + 1));
    let code = if bits & 3 == 3 {
        bits >> 2
    } else {
        let base = core
            .nth_legal_action(Seat(seat_byte / 8 % seats), (bits >> 8) as usize % 64)
            .or_else(|| core.to_act().and_then(|s| bot::lowest_legal_action(core, s)))
            .map_or(0, R::action_code);
        match bits & 3 {
            0 => base,
            _ => base ^ (1 << ((bits >> 2) % 64)),
        }
    };
    (seat, R::action_from_code(code))
}

/// Snapshots are kept every this many plies of a prefix.
pub const SNAPSHOT_EVERY: usize = 4;

/// The most snapshots kept (then they are all dropped and kept afresh).
const MAX_SNAPSHOTS: usize = 4096;

/// A round part-way through a case's prefix: both sides, the actions so far, the players and
/// their shared xorshift value. The players are deterministic, so the prefix of a setup, a
/// players' seed and a ply count always reaches the same snapshot: the checker keeps them (per
/// thread, at most [`MAX_SNAPSHOTS`]) and starts a prefix from the latest one on its way. A fuzzer
/// mostly mutates the choices of a segment and keeps the deal and the prefix, so most cases skip
/// their prefix; a case replayed alone plays it in full and reaches the same state.
#[derive(Clone)]
struct Snapshot<A: Reference> {
    core: A::Core,
    reference: A,
    log: Vec<(Seat, <A::Core as Round>::Action)>,
    bots: Vec<A::Bot>,
    x: u64,
}

/// The key of a snapshot: the adapter, the setup (its debug text), the players' seed, the ply.
type SnapshotKey = (TypeId, String, u64, usize);

thread_local! {
    static SNAPSHOTS: RefCell<HashMap<SnapshotKey, Box<dyn Any>>> = RefCell::new(HashMap::new());
    /// The dealt rounds of both sides per setup (whatever the players' seed): a new players'
    /// seed on a known deal skips [`Reference::start`] (the references' per-deal work).
    static STARTS: RefCell<HashMap<(TypeId, String), Box<dyn Any>>> = RefCell::new(HashMap::new());
}

impl<A: Reference> Snapshot<A> {
    /// The players' next ply, taken by both sides.
    fn ply(&mut self, context: &str) {
        let x = &mut self.x;
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        let (seat, action) = A::choose(&self.core, *x)
            .or_else(|| bot::step(&self.core, &mut self.bots))
            .unwrap_or_else(|| panic!("{context}: the players have no action"));
        let event = self
            .core
            .apply(seat, action)
            .unwrap_or_else(|e| panic!("{context}: the core refused {seat} {action}: {e}"));
        self.reference.apply(seat, action, &event, context);
        self.log.push((seat, action));
    }

    /// Keeps a copy as the snapshot of `ply`.
    fn keep(&self, setup: &str, bot_seed: u64, ply: usize) {
        SNAPSHOTS.with(|snapshots| {
            let mut snapshots = snapshots.borrow_mut();
            if snapshots.len() >= MAX_SNAPSHOTS {
                snapshots.clear();
            }
            snapshots.insert(
                (TypeId::of::<A>(), setup.to_owned(), bot_seed, ply),
                Box::new(self.clone()),
            );
        });
    }

    /// The latest snapshot at or before `ply` (its ply and a copy).
    fn latest(setup: &str, bot_seed: u64, ply: usize) -> Option<(usize, Snapshot<A>)> {
        SNAPSHOTS.with(|snapshots| {
            let snapshots = snapshots.borrow();
            let mut at = ply / SNAPSHOT_EVERY * SNAPSHOT_EVERY;
            loop {
                let key = (TypeId::of::<A>(), setup.to_owned(), bot_seed, at);
                if let Some(found) = snapshots.get(&key).and_then(|s| s.downcast_ref::<Snapshot<A>>()) {
                    return Some((at, found.clone()));
                }
                at = at.checked_sub(SNAPSHOT_EVERY)?;
            }
        })
    }
}

/// Whether listing `seat`'s actions now fits the budget: always when it is cheap, else in one
/// case of its cost (drawn from the case's bytes and the step).
fn affordable<A: Reference>(reference: &A, seat: Seat, case: &Case<A::Setup>, step: usize) -> bool {
    let cost = reference.listing_cost(seat);
    if cost <= 1 {
        return true;
    }
    let mut z = (u64::from(case.sample) << 24 | u64::from(case.leak_step) << 16 | u64::from(seat.0) << 12)
        ^ (step as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    (z ^ (z >> 29)).is_multiple_of(cost)
}

/// Drops every kept snapshot (of this thread): the next case plays its whole prefix.
pub fn forget_snapshots() {
    SNAPSHOTS.with(|snapshots| snapshots.borrow_mut().clear());
    STARTS.with(|starts| starts.borrow_mut().clear());
}

/// Both sides of `setup`'s deal ([`Reference::start`]), kept per setup (at most
/// [`MAX_SNAPSHOTS`], then dropped and kept afresh); `None` for an invalid config.
fn start<A: Reference>(setup: &A::Setup, setup_key: &str) -> Option<(A::Core, A)> {
    let key = (TypeId::of::<A>(), setup_key.to_owned());
    let kept = STARTS.with(|starts| {
        starts
            .borrow()
            .get(&key)
            .and_then(|s| s.downcast_ref::<Option<(A::Core, A)>>())
            .cloned()
    });
    if let Some(kept) = kept {
        return kept;
    }
    let started = A::start(setup);
    STARTS.with(|starts| {
        let mut starts = starts.borrow_mut();
        if starts.len() >= MAX_SNAPSHOTS {
            starts.clear();
        }
        starts.insert(key, Box::new(started.clone()));
    });
    started
}

/// Writes `<setup> <what> <step>` into `context` (its buffer kept).
fn set_context(context: &mut String, setup_key: &str, what: &str, step: usize) {
    use fmt::Write as _;
    context.clear();
    context.push_str(setup_key);
    let _ = write!(context, " {what} {step}");
}

/// [`check`] for a fuzz target's shim (nothing returned).
pub fn run<A: Reference>(case: Case<A::Setup>)
where
    <A::Core as Round>::Observation: PartialEq,
{
    check::<A>(case);
}

/// The byte form round-trips: `decode(encode(r))` encodes to the same bytes (left in `bytes`;
/// returns their length).
fn round_trip<R: Round>(core: &R, bytes: &mut [u8], again: &mut [u8], context: &str) -> usize {
    let n = core.encode(bytes).expect("encode");
    let decoded = R::decode(&bytes[..n]).expect("decode(encode(r))");
    assert_eq!(decoded.encode(again).expect("encode"), n, "{context}: length");
    assert_eq!(again[..n], bytes[..n], "{context}: decode(encode(r)) is another round");
    n
}

/// Plays `case` on the core and the reference side by side: the prefix by the players (each
/// action taken by both, the reference comparing its events), then the segment compared step by
/// step; panics on any disagreement. Returns the round where the segment stopped and how many
/// actions it took in all (`None`: the setup's config is invalid, and the core refused it).
pub fn check<A: Reference>(case: Case<A::Setup>) -> Option<(A::Core, usize)>
where
    <A::Core as Round>::Observation: PartialEq,
{
    let first = usize::from(case.sample % 4);
    let every = 1 + usize::from(case.sample / 4 % 16);
    let mut samples = 0usize;
    let mut bytes = vec![0u8; <A::Core as Round>::ENCODED_BYTES];
    let mut again = vec![0u8; <A::Core as Round>::ENCODED_BYTES];
    // The prefix: the players' plies, taken by both sides (the reference compares each event),
    // from the latest snapshot on the way (see [`Snapshot`]), else from the deal.
    let prefix = case.prefix_plies(A::PLIES);
    let setup_key = format!("{:?}", case.setup);
    let (mut step, mut play) = match Snapshot::<A>::latest(&setup_key, case.bot_seed, prefix) {
        Some(found) => found,
        None => {
            let (core, reference) = start::<A>(&case.setup, &setup_key)?;
            let seats = u64::from(core.seats());
            let play = Snapshot::<A> {
                core,
                reference,
                log: Vec::new(),
                bots: (0..seats).map(|s| A::bot(case.bot_seed ^ s)).collect(),
                x: case.bot_seed | 1,
            };
            (0, play)
        }
    };
    let seats = play.core.seats();
    // The context of a panic: the setup and the step (written into one buffer, not formatted
    // afresh each step).
    let mut context = String::with_capacity(setup_key.len() + 24);
    while step < prefix && play.core.to_act().is_some() {
        set_context(&mut context, &setup_key, "prefix step", step);
        play.ply(&context);
        step += 1;
        if step.is_multiple_of(SNAPSHOT_EVERY) {
            play.keep(&setup_key, case.bot_seed, step);
        }
    }
    let Snapshot {
        mut core,
        mut reference,
        mut log,
        mut bots,
        x: prefix_x,
    } = play;
    let mut x = prefix_x;
    let mut next_x = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let start = step;
    let length = case.segment_steps();
    loop {
        // `k`: the step within the segment.
        let k = step - start;
        set_context(&mut context, &setup_key, "step", step);
        let context = context.as_str();
        let (reference_turn, reference_over) = reference.turn_and_over();
        if let Some(turn) = reference_turn {
            assert_eq!(core.to_act(), turn, "{context}: to_act");
        }
        // A seat not at the table has nothing.
        assert_eq!(
            core.count_legal_actions(Seat(seats)),
            0,
            "{context}: a seat not at the table"
        );
        assert!(!core.may_act(Seat(seats)), "{context}: a seat not at the table may act");
        let over = core.outcome().is_some();
        assert_eq!(over, reference_over, "{context}: over");
        assert_eq!(over, core.to_act().is_none(), "{context}: to_act once over");
        // `Round::to_act`'s contract (the C header's may-act mask relies on it).
        if let Some(turn) = core.to_act() {
            assert!(core.may_act(turn), "{context}: the seat in turn may not act");
        }
        if !over && length.is_some_and(|length| k >= length) {
            // The segment's last state: the byte form and the game's own comparison, then stop.
            round_trip(&core, &mut bytes, &mut again, context);
            A::compare(&reference, &core, context);
            return Some((core, step));
        }
        let sampled = over
            || case.sample == 0
            || match length {
                // A segment: one step, drawn by the case (see [`Case::sample`]).
                Some(length) => k == usize::from(case.sample) % length,
                // A whole round: its first step, then spread by the case.
                None => k == 0 || (k >= first && (k - first).is_multiple_of(every) && samples < MAX_SAMPLES),
            };
        // The byte form round-trips at the sampled steps (the encoding is written lazily for
        // a junk action's comparison at the others).
        let mut encoded = sampled.then(|| round_trip(&core, &mut bytes, &mut again, context));
        let mut listed: Vec<Option<Vec<A::Key>>> = Vec::new();
        if sampled {
            samples += usize::from(k > 0);
            // Every seat at the round's first step, at the end and in full cases; otherwise the
            // seat to act and one more in rotation (the reference's lists are the slow part).
            let every_seat = step == 0 || over || case.sample == 0;
            let rotating = Seat(((samples + usize::from(case.leak_step)) % usize::from(seats)) as u8);
            for s in 0..seats {
                let seat = Seat(s);
                let ours = core_legal(&core, seat, context);
                let chosen = core.to_act() == Some(seat) || seat == rotating;
                if !(every_seat || chosen && affordable(&reference, seat, &case, step)) {
                    listed.push(None);
                    continue;
                }
                let mut keys: Vec<A::Key> = ours.iter().map(A::key).collect();
                let mut theirs = reference.legal(seat);
                assert!(
                    A::same_keys(&mut keys, &mut theirs),
                    "{context}: legal actions of seat {seat}: the core's {keys:?}, the reference's {theirs:?}{}",
                    reference.explain_legal(&core, seat)
                );
                listed.push(Some(theirs));
            }
            A::compare(&reference, &core, context);
        }
        if k == usize::from(case.leak_step % 128)
            && let Some(twin) = reference.twin(&case.setup, &core, &log, case.bot_seed)
        {
            for s in 0..seats {
                let seat = Seat(s);
                assert_eq!(
                    core.observation(seat).ok(),
                    twin.observation(seat).ok(),
                    "{context}: seat {seat} sees a difference in cards nobody has seen"
                );
                let (mut a, mut b) = (String::new(), String::new());
                assert!(core.write_view(seat, &mut a).is_ok() && twin.write_view(seat, &mut b).is_ok());
                assert_eq!(a, b, "{context}: the view of seat {seat} shows unseen cards");
            }
        }
        if k == usize::from(case.leak_step % 128) {
            for s in 0..seats {
                let seat = Seat(s);
                if let Some(believed) = A::believe(&core, seat, case.bot_seed ^ step as u64) {
                    assert_eq!(
                        core.observation(seat).ok(),
                        believed.observation(seat).ok(),
                        "{context}: seat {seat}'s observation differs in a round it cannot tell apart"
                    );
                    let (mut a, mut b) = (String::new(), String::new());
                    assert!(core.write_view(seat, &mut a).is_ok() && believed.write_view(seat, &mut b).is_ok());
                    assert_eq!(
                        a, b,
                        "{context}: seat {seat}'s view differs in a round it cannot tell apart"
                    );
                }
            }
        }
        // A junk action: legal exactly when listed; refused ones change nothing.
        if let Some(&(seat_byte, bits)) = case.junk.get(k) {
            let (seat, action) = junk(&core, seats, seat_byte, bits);
            if let Some(action) = action {
                let legal = core.is_legal(seat, action);
                let listed_here = if let Some(Some(list)) = listed.get(seat.index()) {
                    list.contains(&A::key(&action))
                } else {
                    let mut found = false;
                    core.for_each_legal_action(seat, |a| found |= A::same_key(&a, &action));
                    found
                };
                assert_eq!(legal, listed_here, "{context}: is_legal of junk {action} by {seat}");
                if !legal {
                    let mut copy = core.clone();
                    let error = copy.apply(seat, action).expect_err("an illegal action applies");
                    let fault = error.fault();
                    assert!(
                        matches!(
                            fault,
                            Some(Fault::NotYourTurn | Fault::NoSuchSeat | Fault::IllegalAction | Fault::RoundOver)
                        ) || fault.is_none(),
                        "{context}: junk refused as {error:?}"
                    );
                    if seat.0 >= seats {
                        assert_eq!(fault, Some(Fault::NoSuchSeat), "{context}: junk by seat {seat}");
                    }
                    let n = *encoded.get_or_insert_with(|| core.encode(&mut bytes).expect("encode"));
                    let m = copy.encode(&mut again).expect("encode");
                    assert_eq!(
                        again[..m],
                        bytes[..n],
                        "{context}: a refused {action} changed the round"
                    );
                }
            }
        }
        if over {
            break;
        }
        // The chosen action.
        let x = next_x();
        let (seat, action) = match case.choices.get(k) {
            Some(&choice) => {
                let may: Vec<Seat> = (0..seats).map(Seat).filter(|&s| core.may_act(s)).collect();
                assert!(!may.is_empty(), "{context}: nobody may act in an unfinished round");
                let seat = may[usize::from(choice & 3) % may.len()];
                let count = core.count_legal_actions(seat);
                let action = core
                    .nth_legal_action(seat, usize::from(choice >> 2) % count)
                    .expect("an action below the count");
                (seat, A::alias(action, choice))
            }
            None => A::choose(&core, x)
                .or_else(|| bot::step(&core, &mut bots))
                .unwrap_or_else(|| panic!("{context}: the players have no action")),
        };
        let event = core
            .apply(seat, action)
            .unwrap_or_else(|e| panic!("{context}: the core refused {seat} {action}: {e}"));
        reference.apply(seat, action, &event, context);
        log.push((seat, action));
        step += 1;
        assert!(step < MAX_STEPS, "{context}: the round does not end");
    }
    set_context(&mut context, &setup_key, "end at step", step);
    let context = context.as_str();
    let outcome = core.outcome().expect("an outcome once over");
    assert_eq!(
        reference.scores(),
        Some(<A::Core as Round>::outcome_scores(&outcome)),
        "{context}: scores"
    );
    A::compare_outcome(&reference, &outcome, context);
    Some((core, step))
}
