//! The one round checker, written once over [`parlor_core::game::Round`]: a whole round played
//! on the core and on a game's naive reference side by side ([`Reference`]). Each game keeps only
//! its reference adapter and its case setup (`check::<game>_round`); the fuzz targets
//! `<game>_round` are one-line shims over [`check`].
//!
//! Every step: the round's byte form round-trips (`decode(encode(r))` encodes to the same bytes),
//! the seat in turn agrees (where the reference models it), a junk action (a legal action's code
//! with one bit flipped, or a raw code, by any seat including one not at the table) is legal
//! exactly when the core lists it and, when refused, is refused with a shared fault and leaves the
//! encoding unchanged, and the chosen action gives the same event in both. At sampled steps (the
//! reference is slow: at most [`MAX_SAMPLES`] per round, spread by the case): the legal actions
//! of the seat to act and of one more seat in rotation (of every seat at the first step, at the
//! end and in a case with `sample` 0) are equal to the reference's (in order where the game fixes
//! it, else as sets), `count_legal_actions`, `nth_legal_action`, `count_non_calls` (when the game
//! gives it), `legal_actions` and `may_act` agree with the walk, a junk action's legality agrees
//! with the reference's list, the game's own state comparison holds, and (where the adapter can
//! build one) a twin round that differs only in cards no seat has seen shows every seat the same
//! observation and view. At the end: the outcome's scores are equal and the game's own outcome
//! comparison holds.

use std::fmt;

use arbitrary::Arbitrary;
use parlor_core::game::bot::{self, Bot};
use parlor_core::game::{Fault, GameError, Rng, Round, Scores, Seat};

/// The most sampled steps of one round at which the legal-action sets of every seat are
/// compared with the reference (plus the first step and the end).
pub const MAX_SAMPLES: usize = 6;

/// The most actions one round may take before the checker calls it endless.
pub const MAX_STEPS: usize = 2000;

/// A game's naive reference, as the generic checker drives it. The adapter converts between the
/// core's actions and the reference's own; the reference itself never asks the core.
pub trait Reference: Sized {
    /// The core's round of the game.
    type Core: Round;
    /// What a case draws per game: the config selector, the deal's seed, the context.
    type Setup: for<'a> Arbitrary<'a> + fmt::Debug + Clone;
    /// A comparable form of an action that both sides can produce (log text, a tuple).
    type Key: Ord + fmt::Debug;
    /// The players that finish the round once a case's choices run out.
    type Bot: Bot<Self::Core>;
    /// Whether the game fixes the order of the legal actions (then the lists must be equal in
    /// order; otherwise as sets).
    const ORDERED: bool;

    /// The core's round and the reference of a setup; `None` when the setup's config is invalid
    /// (the adapter checks that the core refuses it).
    fn start(setup: &Self::Setup) -> Option<(Self::Core, Self)>;

    /// The key of a core action.
    fn key(action: &<Self::Core as Round>::Action) -> Self::Key;

    /// The reference's legal actions of `seat` now, as keys (in its order).
    fn legal(&self, seat: Seat) -> Vec<Self::Key>;

    /// Whether the reference's round is over.
    fn is_over(&self) -> bool;

    /// The reference's seat in turn, where it models one the way [`Round::to_act`] means it;
    /// `None` when it does not (the sampled legal sets still say who may act).
    fn to_act(&self) -> Option<Option<Seat>> {
        None
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

/// One case of a `<game>_round` target: the game's setup, then the choices that play it.
#[derive(Debug, Clone, Arbitrary)]
pub struct Case<S> {
    /// The game's setup (config, deal, context).
    pub setup: S,
    /// The players' seed (once the choices run out).
    pub bot_seed: u64,
    /// Spreads the sampled steps: the first at `sample % 4`, then every `1 + sample / 4 % 16`;
    /// 0: every step is sampled (slow; what the unit tests use).
    pub sample: u8,
    /// The step (mod 128) at which the twin round is compared, where the game builds one.
    pub leak_step: u8,
    /// Per step: a seat among those that may act (low bits) and one of its legal actions
    /// (the rest); past the end the players choose.
    pub choices: Vec<u16>,
    /// Per step: a junk action (seat byte, code bits) tried before the chosen one.
    pub junk: Vec<(u8, u64)>,
}

impl<S> Case<S> {
    /// A case of `setup` played by the players from the first step, sampled as
    /// [`Case::sample`] says (0: every step), with junk actions from `junk_seed`.
    pub fn players(setup: S, bot_seed: u64, sample: u8, junk_seed: u64) -> Case<S> {
        let mut rng = Rng::new(junk_seed);
        Case {
            setup,
            bot_seed,
            sample,
            leak_step: (junk_seed % 90) as u8,
            choices: Vec::new(),
            junk: (0..60).map(|_| (rng.next_u32() as u8, rng.next_u64())).collect(),
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

/// [`check`] for a fuzz target's shim (nothing returned).
pub fn run<A: Reference>(case: Case<A::Setup>)
where
    <A::Core as Round>::Observation: PartialEq,
{
    check::<A>(case);
}

/// Plays `case` on the core and the reference side by side; panics on any disagreement.
/// Returns the finished round and how many actions it took (`None`: the setup's config is
/// invalid, and the core refused it).
pub fn check<A: Reference>(case: Case<A::Setup>) -> Option<(A::Core, usize)>
where
    <A::Core as Round>::Observation: PartialEq,
{
    let (mut core, mut reference) = A::start(&case.setup)?;
    let seats = core.seats();
    let mut bots: Vec<A::Bot> = (0..u64::from(seats)).map(|s| A::bot(case.bot_seed ^ s)).collect();
    let first = usize::from(case.sample % 4);
    let every = 1 + usize::from(case.sample / 4 % 16);
    let mut samples = 0usize;
    let mut log: Vec<(Seat, <A::Core as Round>::Action)> = Vec::new();
    let mut bytes = vec![0u8; <A::Core as Round>::ENCODED_BYTES];
    let mut again = vec![0u8; <A::Core as Round>::ENCODED_BYTES];
    let mut step = 0usize;
    let mut x = case.bot_seed | 1;
    loop {
        let context = format!("{:?} step {step}", case.setup);
        // The byte form round-trips.
        let n = core.encode(&mut bytes).expect("encode");
        let decoded = <A::Core as Round>::decode(&bytes[..n]).expect("decode(encode(r))");
        assert_eq!(decoded.encode(&mut again).expect("encode"), n, "{context}: length");
        assert_eq!(again[..n], bytes[..n], "{context}: decode(encode(r)) is another round");
        if let Some(turn) = reference.to_act() {
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
        assert_eq!(over, reference.is_over(), "{context}: over");
        assert_eq!(over, core.to_act().is_none(), "{context}: to_act once over");
        let sampled = over
            || step == 0
            || case.sample == 0
            || (step >= first && (step - first).is_multiple_of(every) && samples < MAX_SAMPLES);
        let mut listed: Vec<Option<Vec<A::Key>>> = Vec::new();
        if sampled {
            samples += usize::from(step > 0);
            // Every seat at the first step, the end and in full cases; otherwise the seat to act
            // and one more in rotation (the reference's lists are the slow part).
            let every_seat = step == 0 || over || case.sample == 0;
            let rotating = Seat((samples % usize::from(seats)) as u8);
            for s in 0..seats {
                let seat = Seat(s);
                let ours = core_legal(&core, seat, &context);
                if !(every_seat || core.to_act() == Some(seat) || seat == rotating) {
                    listed.push(None);
                    continue;
                }
                let mut keys: Vec<A::Key> = ours.iter().map(A::key).collect();
                let mut theirs = reference.legal(seat);
                if !A::ORDERED {
                    keys.sort();
                    theirs.sort();
                }
                assert_eq!(keys, theirs, "{context}: legal actions of seat {seat}");
                listed.push(Some(theirs));
            }
            A::compare(&reference, &core, &context);
        }
        if step == usize::from(case.leak_step % 128)
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
        if step == usize::from(case.leak_step % 128) {
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
        if let Some(&(seat_byte, bits)) = case.junk.get(step) {
            let (seat, action) = junk(&core, seats, seat_byte, bits);
            if let Some(action) = action {
                let legal = core.is_legal(seat, action);
                let key = A::key(&action);
                let listed_here = if let Some(Some(list)) = listed.get(seat.index()) {
                    list.contains(&key)
                } else {
                    let mut found = false;
                    core.for_each_legal_action(seat, |a| found |= A::key(&a) == key);
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
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (seat, action) = match case.choices.get(step) {
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
        reference.apply(seat, action, &event, &context);
        log.push((seat, action));
        step += 1;
        assert!(step < MAX_STEPS, "{context}: the round does not end");
    }
    let context = format!("{:?} end", case.setup);
    let outcome = core.outcome().expect("an outcome once over");
    assert_eq!(
        reference.scores(),
        Some(<A::Core as Round>::outcome_scores(&outcome)),
        "{context}: scores"
    );
    A::compare_outcome(&reference, &outcome, &context);
    Some((core, step))
}
