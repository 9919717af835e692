//! `parlor tichu play` and `parlor tichu replay` as scripts see them: exact stdout, stderr and
//! exit statuses; every edge-case log of `tests/vectors/tichu_round/` replays to its scores.

use crate::common;

use std::path::PathBuf;

fn parlor(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = common::parlor(args, stdin);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn vectors() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/tichu_round");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the vector folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "log"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_edge_case_log_replays_to_its_scores() {
    let files = vectors();
    assert_eq!(files.len(), 9);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read");
        let expected = text
            .lines()
            .rev()
            .find(|l| l.starts_with("scores: "))
            .expect("a scores line")
            .to_owned();
        // The logs predate the bomb flags: replayed with both off (`classic`), byte for byte.
        let (code, stdout, stderr) = parlor(
            &["tichu", "replay", "--preset", "classic", file.to_str().expect("utf-8")],
            "",
        );
        assert_eq!((code, stderr.as_str()), (0, ""), "{}", file.display());
        assert_eq!(stdout.lines().last(), Some(expected.as_str()), "{}", file.display());
        // The same through standard input; a wrong scores line is an error.
        let (code, again, _) = parlor(&["tichu", "replay", "--preset", "classic", "-"], &text);
        assert_eq!((code, again), (0, stdout));
        let wrong = text.replace(&expected, "scores: 1 2");
        let (code, _, stderr) = parlor(&["tichu", "replay", "--preset", "classic"], &wrong);
        assert_eq!(code, 2);
        assert!(
            stderr.starts_with("error: line ") && stderr.contains("not 1 2"),
            "{stderr}"
        );
    }
}

#[test]
fn replay_prints_each_action_with_its_events() {
    let log = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/tichu_round/double-victory.log"),
    )
    .expect("read");
    let (code, stdout, _) = parlor(&["tichu", "replay", "--preset", "classic", "-"], &log);
    assert_eq!(code, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("tichu deal 2j2s2p2t3j3s3p3t4j4s4p4t5j6j "));
    assert_eq!(lines[1], "0 no-grand");
    assert!(lines.iter().any(|l| l.ends_with("| cards exchanged")));
    assert!(lines.contains(&"1 play D | 1 out, trick to 1 (0 points)"));
    assert!(lines.contains(&"3 play 6s | 3 out, round over"));
    assert_eq!(lines.last(), Some(&"scores: 0 200"));
}

#[test]
fn bad_and_illegal_lines_stop_the_replay() {
    let cases = [
        (
            "0 no-grand\n",
            "error: line 1: the log starts with `tichu seed N` or `tichu deal H0 H1 H2 H3`\n",
        ),
        (
            "tichu seed 3\n# a comment\n\n0 no-grand\n2 no-grand\n",
            "error: line 5: 2 no-grand: not this seat's turn: seat 1 decides on Grand Tichu next (grand or no-grand)\n",
        ),
        ("tichu seed x\n", "error: line 1: bad seed \"x\": a number 0..2^64\n"),
        (
            "tichu seed 3\n4 pass\n",
            "error: line 2: bad seat \"4\": a seat is 0, 1, 2 or 3\n",
        ),
        (
            "tichu seed 3\n0 dance\n",
            "error: line 2: bad action \"dance\": grand, no-grand, exchange C C C, tichu, play CARDS [wish R], pass or give S\n",
        ),
        (
            "tichu seed 3\n0 tichu\n",
            "error: line 2: 0 tichu: the Grand Tichu decisions come first: seat 0 decides next (grand or no-grand)\n",
        ),
        (
            "tichu seed 3\n0 no-grand\n",
            "error: line 2: the log ends before the round does\n",
        ),
        (
            "tichu seed 3\n0 no-grand\n1 no-grand\n2 no-grand\n3 no-grand\n0 exchange 5t 5t 4p\n",
            "error: line 6: 0 exchange 5t 5t 4p: an exchange is three different cards of the hand\n",
        ),
        (
            "tichu seed 3\n0 no-grand\n1 no-grand\n2 no-grand\n3 no-grand\n0 exchange 5t At 4p\n1 play 5t\n",
            "error: line 7: 1 play 5t: the exchange is not over: seats 1, 2 and 3 still have to choose the three cards to pass\n",
        ),
        (
            "tichu deal 2j 3j 4j 5j\n",
            "error: line 1: bad hand \"2j\": 14 cards expected, got 1\n",
        ),
        (
            "tichu seed 3\n0 no-grand\n1 no-grand\n2 no-grand\n3 no-grand\n0 exchange 5 At 4p\n",
            "error: line 6: bad card \"5\": a natural card needs its suit\n",
        ),
    ];
    for (log, stderr) in cases {
        let (code, _, err) = parlor(&["tichu", "replay"], log);
        assert_eq!((code, err.as_str()), (2, stderr), "{log:?}");
    }
}

#[test]
fn play_prints_a_replayable_log_and_the_scores() {
    let (code, stdout, stderr) = parlor(&["tichu", "play", "--seed", "3"], "");
    assert_eq!((code, stderr.as_str()), (0, ""));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[..6],
        [
            "tichu seed 3",
            "0 no-grand",
            "1 no-grand",
            "2 no-grand",
            "3 no-grand",
            "0 exchange 5t At 9j"
        ]
    );
    assert_eq!(lines.last(), Some(&"scores: 80 20"));
    let (code, replayed, _) = parlor(&["tichu", "replay", "-"], &stdout);
    assert_eq!(code, 0);
    assert_eq!(replayed.lines().last(), Some("scores: 80 20"));
    // Under the rules before the bomb flags the same seed plays as it did.
    let (_, classic, _) = parlor(&["tichu", "play", "--seed", "3", "--preset", "classic"], "");
    assert_eq!(classic.lines().next(), Some("tichu preset classic seed 3"));
    assert_eq!(classic.lines().last(), Some("scores: 50 50"));
    // The same round with its hands written out replays the same.
    let (_, seeded, _) = parlor(&["tichu", "replay", "-"], &stdout);
    let (_, matched, _) = parlor(&["tichu", "play", "--seed", "3", "--match"], "");
    let mut headers = matched.lines();
    assert_eq!(headers.next(), Some("tichu match 3"));
    let first_deal = headers.next().expect("a header");
    assert!(first_deal.starts_with("tichu deal "));
    assert!(!seeded.is_empty());
}

#[test]
fn a_match_plays_to_the_target_and_replays() {
    let (code, stdout, _) = parlor(&["tichu", "play", "--seed", "5", "--match"], "");
    assert_eq!(code, 0);
    assert_eq!(
        stdout.lines().last(),
        Some("match: rounds 13, scores 1030 670, winners 0 2")
    );
    assert_eq!(stdout.lines().filter(|l| l.starts_with("tichu deal ")).count(), 13);
    let (code, replayed, stderr) = parlor(&["tichu", "replay", "-"], &stdout);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(replayed.lines().filter(|l| l.starts_with("scores: ")).count(), 13);
    let dir = std::env::temp_dir().join(format!("parlor-tichu-log-{}", std::process::id()));
    let (code, _, _) = parlor(
        &["tichu", "play", "--seed", "5", "--log", dir.to_str().expect("utf-8")],
        "",
    );
    assert_eq!(code, 0);
    let (code, _, _) = parlor(&["tichu", "replay", dir.to_str().expect("utf-8")], "");
    assert_eq!(code, 0);
    let _ = std::fs::remove_file(dir);
}

/// A refused action names whose turn it is or what the round waits for, never just "another
/// stage": a play before the exchange is over (after the player's own exchange), a play out of
/// turn once the tricks start, a play or gift while a Dragon trick waits to be given.
#[test]
fn replay_names_whose_turn_it_is() {
    let calls = "tichu seed 0\n0 no-grand\n1 no-grand\n2 grand\n3 no-grand\n";
    let exchange = "0 exchange Jp Qj 5p\n1 exchange Ks 0t 8p\n2 exchange 9s 6s 7s\n3 exchange As Kj 0p\n";
    let dragon = "1 play 1 wish A\n2 play Aj\n3 play P\n0 pass\n1 play R\n2 pass\n3 pass\n0 pass\n";
    let cases = [
        (
            format!("{calls}0 exchange Jp Qj 5p\n2 exchange 9s 6s 7s\n0 play 5j\n"),
            "error: line 8: 0 play 5j: the exchange is not over: seats 1 and 3 still have to choose the three cards to pass\n",
        ),
        (
            format!("{calls}{exchange}2 play Aj\n"),
            "error: line 10: 2 play Aj: not this seat's turn: it is seat 1's turn (out of turn only a bomb, on a play)\n",
        ),
        (
            format!("{calls}{exchange}0 exchange Jp Qj 5p\n"),
            "error: line 10: 0 exchange Jp Qj 5p: the calls and the exchange are over: the tricks are played now, seat 1's turn\n",
        ),
        (
            format!("{calls}{exchange}{dragon}2 play 5j\n"),
            "error: line 18: 2 play 5j: the trick won with the Dragon waits: seat 1 gives it to an opponent first (1 give S)\n",
        ),
        (
            format!("{calls}{exchange}{dragon}2 give 1\n"),
            "error: line 18: 2 give 1: not this seat's turn: seat 1 gives the Dragon's trick to an opponent first\n",
        ),
    ];
    for (log, stderr) in cases {
        // Written before the bomb flags: the Dragon's trick ends at the third pass.
        let (code, _, err) = parlor(&["tichu", "replay", "--preset", "classic"], &log);
        assert_eq!((code, err.as_str()), (2, stderr), "{log:?}");
    }
    // Under the standard rules the Dragon's winner gathers its trick with a pass first; until
    // then another seat may only bomb.
    let log = format!("{calls}{exchange}{dragon}2 give 1\n");
    let (code, _, err) = parlor(&["tichu", "replay"], &log);
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "error: line 18: 2 give 1: the trick waits to be gathered: seat 1 gathers it with a pass (1 pass) unless a seat bombs\n"
        )
    );
    let log = format!("{calls}{exchange}{dragon}1 pass\n2 give 1\n");
    let (code, _, err) = parlor(&["tichu", "replay"], &log);
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "error: line 19: 2 give 1: not this seat's turn: seat 1 gives the Dragon's trick to an opponent first\n"
        )
    );
}

/// A Brettspielwelt `.tch` log given to the text replay (no `--format bsw`) is refused with
/// the usual message and a hint naming the option; a text log's bad first line gets no hint.
#[test]
fn a_bsw_log_without_its_format_names_the_option() {
    let tch = "---------------Gr.Tichukarten------------------\n(0)Player0 BB S9 G6 S5 R4 B4 G3 Ma\n";
    let (code, out, err) = parlor(&["tichu", "replay", "-"], tch);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "error: line 1: the log starts with `tichu seed N` or `tichu deal H0 H1 H2 H3` \
         (a Brettspielwelt .tch log? replay it with --format bsw)\n"
    );
    let (code, _, err) = parlor(&["tichu", "replay", "-"], "0 no-grand\n");
    assert_eq!(code, 2);
    assert!(!err.contains("--format"), "{err}");
}
