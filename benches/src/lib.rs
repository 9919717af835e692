//! Criterion benchmarks of `parlor-core`, one file per game in `benches/benches/`.
//! Run with `cargo bench -p parlor-benches`; figures are recorded in `BENCHMARKS.md`.
//!
//! The self-play loops are written once here over `parlor_core::game::{Round, Match}`; each
//! game's benchmark file only names its config and bot.

use parlor_core::game::bot::lowest_legal_action;
use parlor_core::game::{Match, Round, Seat};

/// Plays `round` to its end, `next` choosing each (seat, action); stops early when `next` has
/// no action or the engine refuses one. Returns the round and the number of actions applied.
pub fn play_round<R: Round>(mut round: R, mut next: impl FnMut(&R) -> Option<(Seat, R::Action)>) -> (R, usize) {
    let mut actions = 0usize;
    while round.to_act().is_some() {
        let Some((seat, action)) = next(&round) else { break };
        if round.apply(seat, action).is_err() {
            break;
        }
        actions += 1;
    }
    (round, actions)
}

/// Plays `game` to its end as [`play_round`] plays a round (`next` sees the current round).
pub fn play_match<M: Match>(
    mut game: M,
    mut next: impl FnMut(&M::Round) -> Option<(Seat, <M::Round as Round>::Action)>,
) -> (M, usize) {
    let mut actions = 0usize;
    while !game.is_over() {
        let Some((seat, action)) = next(game.round()) else {
            break;
        };
        if game.apply(seat, action).is_err() {
            break;
        }
        actions += 1;
    }
    (game, actions)
}

/// A [`play_round`] chooser from a bot's `choose(round, seat)`: the seat in turn, the bot's
/// choice for it.
pub fn in_turn<R: Round>(
    mut choose: impl FnMut(&R, Seat) -> Option<R::Action>,
) -> impl FnMut(&R) -> Option<(Seat, R::Action)> {
    move |round| {
        let seat = round.to_act()?;
        choose(round, seat).map(|action| (seat, action))
    }
}

/// The lowest legal action of the seat in turn (`game::bot::lowest_legal_action`).
pub fn lowest<R: Round>(round: &R) -> Option<(Seat, R::Action)> {
    let seat = round.to_act()?;
    lowest_legal_action(round, seat).map(|action| (seat, action))
}

/// On-CPU nanoseconds of this thread (Linux `/proc/thread-self/schedstat`): figures that do not
/// count time lost to other processes on a loaded machine. `None` where the file is absent.
pub fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Runs every case over seeds `0..n`, `passes` times, the cases interleaved pass by pass (so a
/// change of load hits all of them alike). Returns per case the best pass's on-CPU nanoseconds
/// (0 without the clock) and the wrapping sum of the case's answers (a checksum: the same
/// choices give the same sum).
pub fn best_of_passes(cases: &[&dyn Fn(u64) -> u64], n: u64, passes: u32) -> Vec<(u64, u64)> {
    let mut out = vec![(u64::MAX, 0u64); cases.len()];
    for _ in 0..passes {
        for (case, slot) in cases.iter().zip(out.iter_mut()) {
            let start = cpu_ns().unwrap_or(0);
            let mut sum = 0u64;
            for seed in 0..n {
                sum = sum.wrapping_add(case(std::hint::black_box(seed)));
            }
            slot.0 = slot.0.min(cpu_ns().unwrap_or(0).saturating_sub(start));
            slot.1 = sum;
        }
    }
    out
}
