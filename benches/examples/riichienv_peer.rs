//! Riichi whole random kyoku, Parlor against `riichienv-core` 0.4.11 (the fastest Rust Riichi
//! engine found, issue 26), in one process, the two interleaved pass by pass, on-CPU time of
//! this thread (`/proc/thread-self/schedstat`), best of `passes`.
//!
//! Both sides play one kyoku (East 1, Tenhou rules, red fives) from a seeded deal to its end,
//! every decision a uniform draw among the seat's legal actions (calls, riichi and wins
//! included, as often as any other action). Parlor: `game::bot::Uniform` for each seat through
//! `game::bot::step` (`count_legal_actions`, one draw, `nth_legal_action`, `apply`, which checks
//! the action again). riichienv: `GameState::new` (game mode 0: one kyoku, no mjai log), then per
//! step the legal-action list of each active seat (`_get_legal_actions_internal`), one draw each,
//! and `step` with the chosen actions (which checks them against the lists again); the kyoku
//! ends when the state asks for the next one or is done. The deals differ (each engine shuffles
//! its own wall): the figures are per kyoku, with the decisions per kyoku printed beside them.
//!
//! Hand value: the 13 closed winning hands of `benches/riichi_score.rs` (riichi declared), Parlor's
//! `mahjong::score` against riichienv's `HandEvaluator::new` + `calc` (which builds its evaluator
//! from the 13 ids and the winning id), best of `passes` passes of 2,000 rounds; the han and fu
//! of both are compared first and the agreement printed.
//!
//! `cargo run --release -p parlor-benches --features riichienv --example riichienv_peer -- [n] [passes]`;
//! without the feature it prints that the peer is absent and exits.

use std::hint::black_box;

/// Parlor: one seeded kyoku of uniform random play; the decisions taken.
fn parlor_kyoku(seed: u64) -> u64 {
    use parlor_benches::play_round;
    use parlor_core::game::bot::{self, Uniform};
    use parlor_core::mahjong;
    let round = mahjong::Round::new(&mahjong::Config::TENHOU, &mahjong::Deal::Seeded(seed)).expect("a round");
    let mut bots = [0, 1, 2, 3].map(|k| Uniform::new(seed.wrapping_add(k)));
    let (round, n) = play_round(round, |r| bot::step(r, &mut bots));
    black_box(round.outcome());
    n as u64
}

/// The closed winning hands of `benches/riichi_score.rs` (riichi declared; tsumo as marked).
#[cfg(feature = "riichienv")]
const HANDS: [(&str, &str, bool); 13] = [
    ("234m 567p 23455s 678s", "8s", true),
    ("234m 567p 23455s 678s", "8s", false),
    ("1133m 55p 2288s 3377z", "7z", false),
    ("122334m 567p 234s 88s", "2m", false),
    ("122334m 567p 234s 88s", "3m", false),
    ("111222333m 789p 55z", "3m", false),
    ("444m 678m 234p 567s 55z", "4m", false),
    ("111m 222p 333s 444z 55z", "5z", true),
    ("1112345678999m 5m", "5m", true),
    ("19m 19p 19s 1234567z 1m", "1m", false),
    ("112233m 456m 789m 99m", "4m", true),
    ("223344m 567p 678s 55p", "2m", false),
    ("234m 067p 23455s 678s", "8s", false),
];

#[cfg(feature = "riichienv")]
mod peer {
    use riichienv_core::rule::GameRule;
    use riichienv_core::state::GameState;
    use riichienv_core::state::legal_actions::GameStateLegalActions;
    use std::collections::HashMap;

    /// riichienv: one seeded kyoku of uniform random play; the decisions taken.
    pub fn kyoku(seed: u64) -> u64 {
        let mut state = GameState::new(0, true, Some(seed), 0, GameRule::default_tenhou());
        let mut rng = parlor_core::game::Rng::new(seed);
        let mut decisions = 0u64;
        let mut chosen = HashMap::new();
        while !state.is_done && !state.needs_initialize_next_round {
            chosen.clear();
            for pid in state.active_players.clone() {
                let legal = state._get_legal_actions_internal(pid);
                if legal.is_empty() {
                    continue;
                }
                let pick = rng.below(legal.len() as u32) as usize;
                chosen.insert(pid, legal[pick].clone());
                decisions += 1;
            }
            if chosen.is_empty() {
                break;
            }
            state.step(&chosen);
        }
        decisions
    }

    /// One hand both ways: Parlor's `Win` and riichienv's 13 ids, winning id and conditions.
    pub struct Hand {
        pub win: parlor_core::mahjong::score::Win,
        pub ids: Vec<u8>,
        pub winning: u8,
        pub conditions: riichienv_core::types::Conditions,
    }

    pub fn hands() -> Vec<Hand> {
        use parlor_core::mahjong::score::{Riichi, Win};
        super::HANDS
            .iter()
            .map(|&(closed, winning, tsumo)| {
                let mut win = Win::from_text(closed, winning).expect("a hand");
                win.tsumo = tsumo;
                win.riichi = Riichi::Riichi;
                // Distinct physical copies: each piece's lowest id plus the copies already used.
                let mut ids: Vec<u8> = Vec::new();
                for piece in win.closed.as_slice() {
                    let base = piece.id();
                    let id = base + ids.iter().filter(|&&i| i / 4 == base / 4 && i >= base).count() as u8;
                    ids.push(id);
                }
                let at = win
                    .closed
                    .as_slice()
                    .iter()
                    .rposition(|p| *p == win.winning)
                    .expect("the winning tile");
                let winning = ids.remove(at);
                let conditions = riichienv_core::types::Conditions {
                    tsumo,
                    riichi: true,
                    ..Default::default()
                };
                Hand {
                    win,
                    ids,
                    winning,
                    conditions,
                }
            })
            .collect()
    }

    /// riichienv's (han, fu) of a hand.
    pub fn value(hand: &Hand) -> (u32, u32) {
        let evaluator = riichienv_core::hand_evaluator::HandEvaluator::new(hand.ids.clone(), vec![]);
        let r = evaluator.calc(hand.winning, vec![], vec![], Some(hand.conditions.clone()));
        (r.han, r.fu)
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1_000);
    let passes: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    #[cfg(not(feature = "riichienv"))]
    {
        let _ = (n, passes, parlor_kyoku as fn(u64) -> u64);
        println!("riichienv-core absent: skipped (build with `--features riichienv`)");
    }
    #[cfg(feature = "riichienv")]
    {
        type Case = (&'static str, fn(u64) -> u64);
        let cases: [Case; 2] = [
            ("parlor, Uniform (4 seats)", parlor_kyoku),
            ("riichienv-core 0.4.11, uniform legal actions", peer::kyoku),
        ];
        let runs: Vec<&dyn Fn(u64) -> u64> = cases.iter().map(|(_, f)| f as &dyn Fn(u64) -> u64).collect();
        let figures = parlor_benches::best_of_passes(&runs, n, passes);
        let (best, decisions): (Vec<u64>, Vec<u64>) = figures.into_iter().unzip();
        for (k, (name, _)) in cases.iter().enumerate() {
            let per = best[k] as f64 / n as f64;
            println!(
                "{name:48} {:9.2} µs/kyoku on-CPU  {:8.0} kyoku/CPU-s  {:6.2} decisions/kyoku",
                per / 1e3,
                1e9 / per,
                decisions[k] as f64 / n as f64
            );
        }
        println!("ratio parlor ÷ riichienv: {:.4}", best[0] as f64 / best[1] as f64);

        // Hand value: the same 13 closed winning hands, `rounds` times each per pass.
        use parlor_core::mahjong::score::{Config, score};
        let hands = peer::hands();
        let config = Config::default();
        let mut agree = 0usize;
        for (h, (closed, winning, tsumo)) in hands.iter().zip(HANDS) {
            let ours = score(&h.win, &config)
                .map(|v| (u32::from(v.han()), u32::from(v.fu())))
                .ok();
            let theirs = peer::value(h);
            if ours == Some(theirs) {
                agree += 1;
            } else {
                println!(
                    "differ: {closed} + {winning} (tsumo {tsumo}): parlor (han, fu) {ours:?}, riichienv {theirs:?}"
                );
            }
        }
        let rounds = 2_000u64;
        let mut best = [u64::MAX; 2];
        for _ in 0..passes {
            let start = parlor_benches::cpu_ns().unwrap_or(0);
            for _ in 0..rounds {
                for h in &hands {
                    black_box(score(black_box(&h.win), &config).ok());
                }
            }
            best[0] = best[0].min(parlor_benches::cpu_ns().unwrap_or(0).saturating_sub(start));
            let start = parlor_benches::cpu_ns().unwrap_or(0);
            for _ in 0..rounds {
                for h in &hands {
                    black_box(peer::value(black_box(h)));
                }
            }
            best[1] = best[1].min(parlor_benches::cpu_ns().unwrap_or(0).saturating_sub(start));
        }
        let per = |k: usize| best[k] as f64 / (rounds * hands.len() as u64) as f64 / 1e3;
        println!(
            "hand value, {} closed winning hands (han and fu agree on {agree}): parlor score {:.3} µs, riichienv HandEvaluator::calc {:.3} µs, ratio {:.3}",
            hands.len(),
            per(0),
            per(1),
            per(0) / per(1)
        );
    }
}
