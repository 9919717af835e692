//! The cost of one search decision per game and level: `search_decision GAME LEVEL [N]` plays
//! seeded rounds with the greedy bot and, at every `k`-th decision, runs a search of `LEVEL`
//! from the seat in turn (N searches, default 20), then prints the mean time per search and the
//! nodes used. Instruction counts, independent of load: run under
//! `valgrind --tool=callgrind --toggle-collect='*game::search::search*'` and divide the total by N.

use std::time::{Duration, Instant};

use parlor_core::game::bot::Bot;
use parlor_core::game::search::{Level, Node, search};
use parlor_core::game::{Rules, Search};

fn decisions<R: Search>(level: Level, count: u32) {
    let config = R::Config::PRESETS
        .first()
        .map(|(_, config)| config.clone())
        .expect("a preset");
    let mut nodes = vec![Node::EMPTY; level.nodes::<R>()];
    let mut done = 0u32;
    let mut time = Duration::ZERO;
    let mut used = 0usize;
    let mut checksum = 0u64;
    let mut seed = 0u64;
    'rounds: while done < count {
        let mut round = R::seeded(&config, seed).expect("deals");
        let mut greedy = R::playout(seed);
        let mut k = 0u32;
        while let Some(seat) = round.to_act() {
            if k % 7 == 3 && round.count_legal_actions(seat) > 1 {
                let start = Instant::now();
                let report =
                    search(&round, seat, level.iterations::<R>(), &mut nodes, seed ^ u64::from(k)).expect("a search");
                time += start.elapsed();
                used += report.nodes_used;
                checksum = checksum.wrapping_add(report.action.map_or(0, R::action_code));
                done += 1;
                if done == count {
                    break 'rounds;
                }
            }
            let action = greedy
                .choose(&round, seat)
                .or_else(|| parlor_core::game::bot::lowest_legal_action(&round, seat))
                .expect("an action");
            round.apply(seat, action).expect("legal");
            k += 1;
        }
        seed += 1;
    }
    println!(
        "{} {}: {} iterations, {} nodes of {} bytes ({} bytes); {done} searches, {:.3} ms per search, {:.0} nodes used on average (checksum {checksum})",
        R::GAME,
        level,
        level.iterations::<R>(),
        level.nodes::<R>(),
        parlor_core::game::search::node_bytes::<R>(),
        level.bytes::<R>(),
        time.as_secs_f64() * 1e3 / f64::from(done.max(1)),
        used as f64 / f64::from(done.max(1)),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("all", String::as_str);
    let levels: Vec<Level> = match args.get(2).map(String::as_str) {
        None | Some("all") => Level::ALL.to_vec(),
        Some(name) => vec![Level::from_name(name).expect("easy, normal or hard")],
    };
    let count: u32 = args.get(3).and_then(|arg| arg.parse().ok()).unwrap_or(20);
    for level in levels {
        if matches!(game, "dominoes" | "all") {
            decisions::<parlor_core::dominoes::Round>(level, count);
        }
        if matches!(game, "tichu" | "all") {
            decisions::<parlor_core::tichu::round::Round>(level, count);
        }
        if matches!(game, "doudizhu" | "all") {
            decisions::<parlor_core::doudizhu::round::Round>(level, count);
        }
        if matches!(game, "mahjong" | "all") {
            decisions::<parlor_core::mahjong::Round>(level, count);
        }
    }
}
