//! `parlor doudizhu play` / `replay` as scripts see them: exact log formats, exit statuses.

use crate::common;

use common::parlor;

const SPRING_LOG: &str = "\
# a spring: the landlord plays a six-triplet airplane, then the rocket
doudizhu deal 33344455566677788 3456789999TTTTJJJ JQQQQKKKKAAAA2222 8BR
0 bid 3
0 play 333444555666777888
1 pass
2 pass

0 play BR
";

#[test]
fn replay_prints_actions_events_outcome_and_scores() {
    let out = parlor(&["doudizhu", "replay", "-"], SPRING_LOG);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "doudizhu deal 33344455566677788 3456789999TTTTJJJ JQQQQKKKKAAAA2222 8BR\n\
         0 bid 3 landlord 0 kitty 8BR\n\
         0 play 333444555666777888\n\
         1 pass\n\
         2 pass lead 0\n\
         0 play BR stake x2 out\n\
         outcome: landlord wins (landlord 0), stake 12 = bid 3 x2^2 (bombs 1, robs 0, spring)\n\
         scores: 24 -12 -12\n"
    );
}

#[test]
fn an_illegal_line_is_named_on_stderr_with_exit_2() {
    let log = "doudizhu deal 33344455566677788 3456789999TTTTJJJ JQQQQKKKKAAAA2222 8BR\n0 bid 3\n0 pass\n";
    let out = parlor(&["doudizhu", "replay"], log);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: line 3: \"0 pass\": the action is not legal now: the leader of a trick may not pass\n"
    );
    let out = parlor(&["doudizhu", "replay"], "doudizhu seed 1\n1 bid 1\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: line 2: it is seat 0's turn, not seat 1's\n"
    );
    let out = parlor(&["doudizhu", "replay"], "doudizhu seed 1\n0 bid 4\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: line 2: \"0 bid 4\": \"4\" is no bid (1, 2 or 3)\n"
    );
    let out = parlor(&["doudizhu", "replay"], "doudizhu deal 3 4 5 6\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: line 1: the deal is impossible: a hand does not hold 17 cards\n"
    );
    let out = parlor(&["doudizhu", "replay"], "doudizhu seed 1\n0 bid 1\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: line 2: the log ends before the deal is over\n"
    );
}

#[test]
fn all_pass_scores_zero() {
    let out = parlor(&["doudizhu", "replay"], "doudizhu seed 5\n0 pass\n1 pass\n2 pass\n");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.ends_with("2 pass void\noutcome: void (everyone passed)\nscores: 0 0 0\n"),
        "{text}"
    );
}

#[test]
fn rlcard_logs_have_no_bids_and_openspiel_first_bidder_is_named() {
    let log = "doudizhu deal 33344455566677788 3456789999TTTTJJJ JQQQQKKKKAAAA2222 8BR\n0 play BR\n1 pass\n2 pass\n0 play 333444555666777888\n";
    let out = parlor(&["doudizhu", "replay", "--preset", "rlcard"], log);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    // RLCard's payoffs: 1 for each winner.
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("scores: 1 0 0\n"));
    let log = "doudizhu deal 33344455566677788 3456789999TTTTJJJ JQQQQKKKKAAAA2222 8BR first 2\n0 pass\n";
    let out = parlor(&["doudizhu", "replay", "--preset", "openspiel"], log);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: line 2: it is seat 2's turn, not seat 0's\n"
    );
}

#[test]
fn play_logs_replay_to_the_same_lines_for_every_preset() {
    let dir = std::env::temp_dir();
    for preset in ["pagat", "openspiel", "rlcard", "rob"] {
        for seed in ["0", "7", "123456789"] {
            for whole in [false, true] {
                let path = dir.join(format!("parlor-ddz-{preset}-{seed}-{whole}-{}.log", std::process::id()));
                let path_s = path.to_str().unwrap();
                let mut args = vec!["doudizhu", "play", "--preset", preset, "--seed", seed, "--log", path_s];
                if whole {
                    args.push("--match");
                }
                let played = parlor(&args, "");
                assert_eq!(
                    played.status.code(),
                    Some(0),
                    "{}",
                    String::from_utf8_lossy(&played.stderr)
                );
                let replayed = parlor(&["doudizhu", "replay", "--preset", preset, path_s], "");
                assert_eq!(
                    replayed.status.code(),
                    Some(0),
                    "{}",
                    String::from_utf8_lossy(&replayed.stderr)
                );
                let (p, r) = (
                    String::from_utf8_lossy(&played.stdout),
                    String::from_utf8_lossy(&replayed.stdout),
                );
                let last = p.lines().last().unwrap();
                assert!(
                    last.starts_with(if whole { "match: rounds " } else { "scores: " }),
                    "{last}"
                );
                if whole {
                    // The match prints the same deals; replay adds the same match line.
                    assert_eq!(p, r, "{preset} {seed} match");
                } else {
                    assert_eq!(p, r, "{preset} {seed}");
                }
                let _ = std::fs::remove_file(&path);
            }
        }
    }
}

/// `parlor doudizhu play` with these arguments: its standard output.
fn played(args: &[&str]) -> String {
    let mut all = vec!["doudizhu", "play"];
    all.extend_from_slice(args);
    let out = parlor(&all, "");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn play_output_piped_into_replay_replays_to_the_same_output_for_every_preset() {
    for preset in ["pagat", "openspiel", "rlcard", "rob"] {
        for seed in ["0", "3", "7", "123456789"] {
            for whole in [false, true] {
                let mut args = vec!["--preset", preset, "--seed", seed];
                if whole {
                    args.push("--match");
                }
                let p = played(&args);
                let replayed = parlor(&["doudizhu", "replay", "--preset", preset, "-"], &p);
                assert_eq!(
                    replayed.status.code(),
                    Some(0),
                    "{preset} {seed} {whole}: {}",
                    String::from_utf8_lossy(&replayed.stderr)
                );
                assert!(replayed.stderr.is_empty());
                let r = String::from_utf8_lossy(&replayed.stdout);
                assert_eq!(p, r, "{preset} {seed} match {whole}");
                let scores = |t: &str| {
                    t.lines()
                        .filter(|l| l.starts_with("scores: "))
                        .map(str::to_owned)
                        .collect::<Vec<_>>()
                };
                assert!(!scores(&p).is_empty());
                assert_eq!(scores(&p), scores(&r), "{preset} {seed} match {whole}");
            }
        }
    }
}

/// Replays `log` (as `play` printed it, then edited) and returns the one error line.
fn replay_error(preset: &str, log: &str) -> String {
    let out = parlor(&["doudizhu", "replay", "--preset", preset, "-"], log);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stdout));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: line "), "{err}");
    err
}

#[test]
fn a_tampered_annotation_or_summary_line_is_an_error_with_exit_2() {
    let p = played(&["--seed", "0"]);
    assert!(
        p.starts_with("doudizhu seed 0\n0 bid 3 landlord 0 kitty 38A\n0 play 6662\n"),
        "{p}"
    );
    // A wrong event, an extra one, an event where there is none.
    let err = replay_error("pagat", &p.replacen("landlord 0 kitty 38A", "landlord 1 kitty 38A", 1));
    assert_eq!(
        err,
        "error: line 2: \"0 bid 3\" has the events \"landlord 0 kitty 38A\", not \"landlord 1 kitty 38A\"\n"
    );
    let err = replay_error("pagat", &p.replacen("kitty 38A\n", "kitty 38A out\n", 1));
    assert!(err.starts_with("error: line 2: "), "{err}");
    let err = replay_error("pagat", &p.replacen("0 play 6662\n", "0 play 6662 out\n", 1));
    assert_eq!(err, "error: line 3: \"0 play 6662\" has no events, not \"out\"\n");
    // Wrong `scores:` and `outcome:` lines.
    let scores = p.lines().find(|l| l.starts_with("scores: ")).unwrap();
    let number = p.lines().position(|l| l == scores).unwrap() + 1;
    let err = replay_error("pagat", &p.replace(scores, "scores: 1 2 3"));
    assert_eq!(
        err,
        format!("error: line {number}: the replay computes \"{scores}\", not \"scores: 1 2 3\"\n")
    );
    let err = replay_error("pagat", &p.replace("landlord wins", "peasants win"));
    assert!(
        err.starts_with(&format!("error: line {}: the replay computes \"outcome: ", number - 1)),
        "{err}"
    );
    // A summary line before the deal is over.
    let err = replay_error("pagat", "doudizhu seed 0\nscores: 0 0 0\n");
    assert_eq!(err, "error: line 2: \"scores:\" before the deal is over\n");
    // A match: a wrong `scores:` line of a middle deal, a wrong `match:` line.
    for preset in ["pagat", "rob"] {
        let m = played(&["--preset", preset, "--seed", "3", "--match"]);
        let first = m.lines().position(|l| l.starts_with("scores: ")).unwrap();
        let mut lines: Vec<String> = m.lines().map(str::to_owned).collect();
        lines[first].push('0');
        let err = replay_error(preset, &(lines.join("\n") + "\n"));
        assert!(
            err.starts_with(&format!("error: line {}: the replay computes ", first + 1)),
            "{err}"
        );
        let total = m.lines().last().unwrap();
        assert!(total.starts_with("match: rounds "), "{total}");
        let wrong = "match: rounds 1, scores 0 0 1, winners 2";
        let err = replay_error(preset, &m.replace(total, wrong));
        assert!(
            err.starts_with("error: line ")
                && err.contains("the replay computes \"match: rounds ")
                && err.ends_with(&format!("not \"{wrong}\"\n")),
            "{err}"
        );
    }
}

#[test]
fn plain_logs_still_replay_and_a_reading_is_no_event() {
    // The plain log (`--log`) replays as before, to the same output as the annotated one.
    let path = std::env::temp_dir().join(format!("parlor-ddz-plain-{}.log", std::process::id()));
    let path_s = path.to_str().unwrap();
    let p = played(&["--preset", "openspiel", "--seed", "7", "--log", path_s]);
    let plain = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(!plain.contains("scores:"));
    let r = parlor(&["doudizhu", "replay", "--preset", "openspiel", "-"], &plain);
    assert_eq!(r.status.code(), Some(0), "{}", String::from_utf8_lossy(&r.stderr));
    assert_eq!(String::from_utf8_lossy(&r.stdout), p);
    // A word that is neither a reading nor an event is still refused as before.
    let err = replay_error("pagat", "doudizhu seed 0\n0 bid 3 soon\n");
    assert!(err.starts_with("error: line 2: \"0 bid 3 soon\": expected "), "{err}");
}

/// Every refused action line names the whole line, seat included (`"0 play 34": …`), whether the
/// words are no action, no cards, or the core refuses the action.
#[test]
fn replay_errors_on_action_lines_name_the_seat() {
    let cases = [
        (
            "0 bidd 2",
            "error: line 2: \"0 bidd 2\": expected `<seat> bid <1|2|3>`, `<seat> pass` or `<seat> play <cards>`\n",
        ),
        ("0 play 34", "error: line 2: \"0 play 34\": \"34\" is no combination\n"),
        ("0 play 3", "error: line 2: \"0 play 3\": seat 0 may not play 3 now\n"),
        (
            "0 play 33 xx",
            "error: line 2: \"0 play 33 xx\": \"xx\" is no reading of 33\n",
        ),
        (
            "0 call",
            "error: line 2: \"0 call\": the action is not legal now: only the call-and-rob auction calls or robs\n",
        ),
    ];
    for (line, expected) in cases {
        let out = parlor(&["doudizhu", "replay"], &format!("doudizhu seed 1\n{line}\n"));
        assert_eq!(out.status.code(), Some(2), "{line}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), expected, "{line}");
    }
}
