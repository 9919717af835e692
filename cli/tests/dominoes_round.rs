//! `parlor dominoes play`, `replay` and `draw` as scripts see them: exact output, errors on
//! stderr as `error: line N: …` with exit status 2.

mod common;

use common::parlor;

const HAND: &str = "\
# a whole Five Up hand (the rules' worked example in docs/dominoes.md)
dominoes deal 5-5 5-0 1-2 2-3 0-0 | 5-6 4-4 1-1 0-3 3-3 | boneyard 0-1 0-2 0-4 0-6 1-3 1-4 1-5 1-6 2-2 2-4 2-5 2-6 3-4 3-5 3-6 4-5 4-6 6-6
0 play 5-5
1 play 5-6 on 5-5
0 play 5-0 on 5-5
1 play 0-3 on 5-0

0 play 2-3 on 0-3
1 draw
1 draw
1 play 0-2 on 2-3
0 play 0-0 on 0-2
1 play 0-1 on 0-0
0 play 1-2 on 0-1
";

#[test]
fn replay_prints_every_action_with_its_points_then_the_scores() {
    let out = parlor(&["dominoes", "replay", "-"], HAND);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "0 play 5-5 +2\n1 play 5-6 on 5-5\n0 play 5-0 on 5-5\n1 play 0-3 on 5-0\n0 play 2-3 on 0-3\n\
         1 draw 0-1\n1 draw 0-2\n1 play 0-2 on 2-3\n0 play 0-0 on 0-2\n1 play 0-1 on 0-0\n0 play 1-2 on 0-1\n\
         domino: 0 +3\nscores: 5 0\n"
    );
}

fn replay_error(log: &str) -> (String, String) {
    let out = parlor(&["dominoes", "replay", "-"], log);
    assert_eq!(out.status.code(), Some(2), "{log}");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_and_illegal_lines_stop_the_replay_with_their_line_number() {
    let first: Vec<&str> = HAND.lines().take(6).collect();
    let head = first.join("\n");
    let cases = [
        // Drawing while able to play (1-1 … no: seat 1 holds 5-6 for the 5-5).
        (
            format!("{}\n1 draw\n", first[..3].join("\n")),
            "error: line 4: 1 draw: a tile in hand can be played, so the seat must play\n",
        ),
        (
            format!("{}\n1 pass\n", first[..3].join("\n")),
            "error: line 4: 1 pass: a tile in hand can be played, so the seat must play\n",
        ),
        // 5-5's two sides are covered by 5-6 and 5-0; 0-3 shows no 5 for its ends.
        (
            format!("{head}\n0 play 0-0 on 5-0\n"),
            "error: line 7: 0 play 0-0 on 5-0: the tile cannot attach there: no free end shows its number (0-0 on 5-0)\n",
        ),
        (
            format!("{head}\n0 play 6-6 on 5-6\n"),
            "error: line 7: 0 play 6-6 on 5-6: the tile is not in the hand (6-6)\n",
        ),
        (
            format!("{head}\n1 play 4-4 on 5-5\n"),
            "error: line 7: 1 play 4-4 on 5-5: it is not this seat's turn (seat 1)\n",
        ),
        (
            format!("{head}\n0 play 2-3 on 3-6\n"),
            "error: line 7: 0 play 2-3 on 3-6: the tile attached to is not in the layout (3-6)\n",
        ),
        (
            format!("{head}\n0 juggle\n"),
            "error: line 7: expected `<seat> play <tile> [on <tile>]`, `<seat> draw` or `<seat> pass`, not \"0 juggle\"\n",
        ),
        (
            format!("{head}\n0 play 2-x\n"),
            "error: line 7: not a tile: \"2-x\" (expected a-b)\n",
        ),
        (
            "0 play 5-5\n".to_owned(),
            "error: line 1: expected the header `dominoes players <n> seed <N>` or `dominoes deal <hand> | … | boneyard <tiles>`\n",
        ),
        (head.clone(), "error: line 7: the log ends before the hand is over\n"),
        (
            "dominoes players 5 seed 1\n".to_owned(),
            "error: line 1: the config is not playable: 2 to 4 players\n",
        ),
        (
            "dominoes deal 1-1 | 2-2 | boneyard 3-3\n".to_owned(),
            "error: line 1: the deal is impossible: the hands and the boneyard must be the whole set\n",
        ),
    ];
    for (log, expected) in cases {
        let (_, stderr) = replay_error(&log);
        assert_eq!(stderr, expected, "{log}");
    }
    // The lines before the bad one were printed.
    let (stdout, _) = replay_error(&format!("{head}\n0 play 6-6 on 5-6\n"));
    assert_eq!(
        stdout,
        "0 play 5-5 +2\n1 play 5-6 on 5-5\n0 play 5-0 on 5-5\n1 play 0-3 on 5-0\n"
    );
}

#[test]
fn play_prints_a_log_that_replays_to_the_same_scores_and_writes_it_with_log() {
    let dir = std::env::temp_dir().join(format!("parlor-dominoes-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (preset, players, seed) in [
        ("five-up", "2", "3"),
        ("five-up", "4", "11"),
        ("all-fives", "3", "5"),
        ("block", "2", "9"),
    ] {
        let log = dir.join(format!("{preset}-{players}-{seed}.log"));
        let log_arg = log.to_string_lossy().into_owned();
        let args = [
            "dominoes",
            "play",
            "--preset",
            preset,
            "--players",
            players,
            "--seed",
            seed,
            "--log",
            &log_arg,
        ];
        let out = parlor(&args, "");
        assert_eq!(out.status.code(), Some(0));
        let printed = String::from_utf8_lossy(&out.stdout).into_owned();
        // The header names a preset other than the default, so the log replays without it.
        let named = if preset == "five-up" {
            String::new()
        } else {
            format!(" preset {preset}")
        };
        assert!(
            printed.starts_with(&format!("dominoes{named} players {players} seed {seed}\n")),
            "{printed}"
        );
        let written = std::fs::read_to_string(&log).expect("the log was written");
        assert!(printed.starts_with(&written));
        let replayed = parlor(&["dominoes", "replay", &log_arg], "");
        assert_eq!(
            replayed.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&replayed.stderr)
        );
        let replayed = String::from_utf8_lossy(&replayed.stdout).into_owned();
        // Same end and scores lines.
        let tail = |text: &str| text.lines().rev().take(2).map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(tail(&printed), tail(&replayed), "{preset} {players} {seed}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_pinned_seeded_hand_plays_the_same_in_every_version() {
    let out = parlor(&["dominoes", "play", "--seed", "3"], "");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "dominoes players 2 seed 3\n1 play 0-4\n0 play 3-4 on 0-4\n1 play 0-6 on 0-4\n0 play 3-6 on 3-4\n1 draw\n\
         1 play 4-6 on 0-6\n0 draw\n0 play 6-6 on 3-6\n1 play 4-4 on 4-6\n0 draw\n0 draw\n0 play 1-4 on 4-4\n1 draw\n\
         1 play 4-5 on 4-4\n0 play 1-5 on 1-4\n1 play 3-5 on 4-5\n0 draw\n0 draw\n0 play 2-6 on 6-6\n1 play 5-5 on 1-5\n\
         domino: 1 +2\nscores: 2 15\n"
    );
}

#[test]
fn a_match_log_replays_hand_by_hand() {
    let out = parlor(&["dominoes", "play", "--match", "--seed", "1"], "");
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    let last = printed.lines().last().unwrap_or_default().to_owned();
    assert!(last.starts_with("match: rounds "), "{last}");
    assert!(printed.starts_with("dominoes players 2 match 1\n"), "{printed}");
    let totals: Vec<u32> = last
        .split_once(", scores ")
        .and_then(|(_, rest)| rest.split_once(", winners "))
        .map(|(scores, _)| scores)
        .unwrap_or_default()
        .split_whitespace()
        .map(|score| score.parse().expect("a score"))
        .collect();
    assert_eq!(totals.len(), 2, "{last}");
    assert!(totals.iter().any(|&score| score >= 61), "{last}");
    // Replaying the log (the outcome lines dropped) gives the same per-hand scores.
    let log: String = printed
        .lines()
        .filter(|line| !line.starts_with("scores:") && !line.contains(": ") || line.starts_with("dominoes"))
        .map(|line| format!("{line}\n"))
        .collect();
    let replayed = parlor(&["dominoes", "replay", "-"], &log);
    assert_eq!(
        replayed.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let scores = |text: &str| {
        text.lines()
            .filter(|line| line.starts_with("scores:"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let replayed = String::from_utf8_lossy(&replayed.stdout).into_owned();
    assert_eq!(scores(&printed), scores(&replayed));
    let sum: Vec<u32> = (0..2)
        .map(|seat| {
            scores(&printed)
                .iter()
                .map(|line| {
                    line.split_whitespace()
                        .nth(seat + 1)
                        .and_then(|s| s.parse::<u32>().ok())
                        .unwrap_or(0)
                })
                .sum()
        })
        .collect();
    assert_eq!(sum, totals);
}

#[test]
fn draw_prints_the_layout_or_explains_an_illegal_order() {
    let out = parlor(&["dominoes", "draw", "6-6", "6-5", "5-3", "3-0"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "6\n- 6|5 5|3 3|0\n6\n");
    let seed = "5-5 5-4 5-0 0-6 6-6 6-4 6-2 2-1 6-3 5-1 1-1 1-6 4-1 1-0 0-0 2-0 3-0 0-4";
    let args: Vec<&str> = ["dominoes", "draw"].into_iter().chain(seed.split(' ')).collect();
    let out = parlor(&args, "");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "    6         5\n4|6 - 6|0 0|5 - 5|4\n    6         5\n\
         \x20        1\n5-5: 5|1 - 1|6\n         1\n\
         6-6: 6|2 2|1\n6-6: 6|3\n1-1: 1|4 4|0\n\
         \x20        0\n1-1: 1|0 - 0|2\n         0\n\
         0-0: 0|3\n"
    );
    let out = parlor(
        &["dominoes", "draw", "1-1", "1-2", "1-3", "1-4", "1-5", "3-6", "1-6"],
        "",
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "            1\n1|6 6|3 3|1 - 1|2\n            1\n1-1: 1|4\n1-1: 1|5\n"
    );
    let out = parlor(&["dominoes", "draw", "6-6", "6-5", "3-0", "5-3"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "illegal: #3 3-0: no open end shows 3 or 0, however #1..#2 are played\n"
    );
    let out = parlor(&["dominoes", "draw", "0-6", "6-0"], "");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "illegal: #2 6-0 duplicates #1 0-6\n"
    );
    let out = parlor(&["dominoes", "draw"], "");
    assert_eq!((out.status.code(), out.stdout.len()), (Some(0), 0));
}

#[test]
fn layout_prints_the_finished_hand_before_its_end() {
    let out = parlor(&["dominoes", "play", "--seed", "3", "--layout"], "");
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    let picture = "5         4                     6\n- 5|1 1|4 - 4|6 6|0 0|4 4|3 3|6 - 6|2\n\
                   5         4                     6\n4-4: 4|5 5|3\ndomino: 1 +2\nscores: 2 15\n";
    assert!(printed.ends_with(picture), "{printed}");
    let replayed = parlor(
        &["dominoes", "replay", "--layout", "-"],
        &printed[..printed.find("5    ").unwrap_or(0)],
    );
    assert!(String::from_utf8_lossy(&replayed.stdout).ends_with(picture));
}

/// `play`'s output (the log, the end lines, the match line) is itself a valid replay input: a new
/// user's `parlor dominoes play | parlor dominoes replay -` stopped at the `domino:` line.
#[test]
fn play_output_piped_into_replay_round_trips_and_its_end_lines_are_checked() {
    for args in [
        &["--seed", "5"][..],
        &["--seed", "7", "--players", "4"],
        &["--seed", "3", "--preset", "all-fives"],
        &["--seed", "9", "--preset", "block", "--players", "3"],
        &["--seed", "5", "--match"],
        &["--seed", "2", "--match", "--players", "4"],
    ] {
        let played = parlor(&[&["dominoes", "play"][..], args].concat(), "");
        assert_eq!(played.status.code(), Some(0), "{args:?}");
        let log = String::from_utf8_lossy(&played.stdout).into_owned();
        let mut replay = vec!["dominoes", "replay"];
        if let Some(at) = args.iter().position(|&arg| arg == "--preset") {
            replay.extend_from_slice(&args[at..at + 2]);
        }
        replay.push("-");
        let out = parlor(&replay, &log);
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let ends = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|line| {
                    ["scores:", "match:", "domino:", "blocked:"]
                        .iter()
                        .any(|p| line.starts_with(p))
                })
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(ends(&String::from_utf8_lossy(&out.stdout)), ends(&log), "{args:?}");
    }
    // A tampered end line is an error naming what the hand really ended with.
    let played = parlor(&["dominoes", "play", "--seed", "5"], "");
    let log = String::from_utf8_lossy(&played.stdout).replace("scores: 0 6", "scores: 0 7");
    let (_, stderr) = replay_error(&log);
    assert!(
        stderr.contains("the hand ended `scores: 0 6`, not `scores: 0 7`"),
        "{stderr}"
    );
}
