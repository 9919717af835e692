//! `parlor mahjong play` / `replay` as scripts see them: exact log formats, exit statuses, and
//! what `play` prints replaying as it is (text and Tenhou's JSON).

use crate::common;

use common::parlor;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A one-round record (East 1; seat 1 wins a ron on seat 2's discard): the first round of a
/// real Phoenix-room game, with made-up names.
const ROUND: &str = r#"{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"鳳南喰赤","aka":1},"log":[
[[0,0,0],[25000,25000,25000,25000],[16],[],[11,12,13,21,22,23,31,32,33,41,41,45,46],[47,26],[46,60],[14,15,16,24,25,27,27,34,35,36,42,42,42],[],[],[17,18,19,29,29,37,38,39,43,43,44,46,46],["46p4646"],[44],[12,13,14,24,25,26,34,35,36,43,44,47,47],[15],[60],["和了",[-5200,5200,0,0],[1,0,1,"40符3飜5200点","自風 南(1飜)","三色同順(2飜)"]]]]}"#;

#[test]
fn a_record_that_does_not_read_is_named_with_its_round_and_token() {
    let out = parlor(&["mahjong", "replay", "--format", "tenhou6", "-"], "{");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("error: not JSON: "), "{}", stderr(&out));
    let bad = ROUND.replace("\"46p4646\"", "\"c464646\"");
    let out = parlor(&["mahjong", "replay", "--format", "tenhou6"], &bad);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: round 0: seat 2 takes: chii \"c464646\" is not a run\n"
    );
    let bad = ROUND.replace("[16],[]", "[16, 61],[]");
    let out = parlor(&["mahjong", "replay", "--format", "tenhou6"], &bad);
    assert_eq!(stderr(&out), "error: round 0: dora indicators: 61 is no tile\n");
    // Columns that do not fit together: seat 2 discards a tile it does not hold.
    assert_eq!(ROUND.matches("[44]").count(), 1);
    let bad = ROUND.replace("[44]", "[45]");
    let out = parlor(&["mahjong", "replay", "--format", "tenhou6"], &bad);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: round 0: bad record: seat 2: 45 is not in the hand\n"
    );
    let out = parlor(&["mahjong", "replay", "--format", "tenhou6"], r#"{"log":[]}"#);
    assert_eq!(stderr(&out), "error: \"log\" holds no round\n");
}

#[test]
fn a_bad_text_log_line_is_named_with_exit_2() {
    let out = parlor(&["mahjong", "replay", "-"], "0 discard 12\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: line 1: expected a header `mahjong seed <N>`, `mahjong match <N>` or `mahjong wall …` first\n"
    );
    let out = parlor(&["mahjong", "replay"], "# a comment\nmahjong deal 7\n");
    assert_eq!(
        stderr(&out),
        "error: line 2: expected a header `mahjong seed <N>`, `mahjong match <N>` or `mahjong wall <136 ids> [start …]`\n"
    );
    let out = parlor(&["mahjong", "replay"], "mahjong wall 1 2 3\n");
    assert_eq!(out.status.code(), Some(2));
    let out = parlor(&["mahjong", "replay"], "");
    assert_eq!(stderr(&out), "error: line 1: the log holds no round\n");
}

/// The Tenhou writer against the reader and the engine, round by round: every seeded round
/// `play --format tenhou6` writes reads back, lays out the same wall and replays to the deltas
/// the game had.
#[test]
fn every_written_round_replays_to_its_own_deltas() {
    use parlor_cli::mahjong::tenhou;
    use parlor_cli::mahjong::tenhou_replay::replay_round;
    use parlor_cli::mahjong_round::play_tenhou;
    use parlor_core::mahjong::Config;
    let mut ends = std::collections::BTreeMap::new();
    for seed in 0..60 {
        let record = play_tenhou(&Config::TENHOU, seed, false).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        let back = tenhou::parse(&record.to_json()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back, record, "seed {seed}");
        let log = &record.rounds[0];
        let outcome = replay_round(log, &Config::TENHOU).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(outcome.deltas, log.result.deltas(), "seed {seed}");
        *ends.entry(format!("{:?}", outcome.end)).or_insert(0) += 1;
    }
    eprintln!("written rounds replayed: {ends:?}");
}

/// The wall of [`ROUND`] in the engine's layout (as `tenhou_turns` lays it out), 136 ids.
const WALL: &str = "0 4 8 36 40 44 72 76 80 108 109 124 128 12 17 20 48 53 60 61 84 89 92 112 113 114 24 28 32 68 69 96 100 104 116 117 120 129 130 5 9 13 49 54 56 85 90 93 118 121 132 133 134 18 57 1 2 3 6 7 10 11 14 15 16 19 22 23 25 26 27 29 30 31 33 34 35 37 38 39 41 42 43 45 46 47 50 51 52 55 58 59 62 63 64 65 66 67 70 71 73 74 75 77 78 79 81 82 83 86 87 88 91 94 95 97 98 99 101 102 103 105 106 107 110 111 21 115 119 122 123 125 126 127 131 135";

/// [`ROUND`] as the text log: the window after the dealer's discard asks seat 2 (pon), the
/// others' windows nobody; each uncalled discard is followed by the next seat's draw.
#[test]
fn a_text_log_replays_with_its_events_outcome_and_scores() {
    let log = format!(
        "mahjong wall {WALL} start 0 0 0 25000 25000 25000 25000\n\
         0 discard 128\n2 pon 129 130\n2 discard 120\n3 discard 18\n0 discard 57\n1 ron\n"
    );
    let out = parlor(&["mahjong", "replay", "-"], &log);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let want = format!(
        "mahjong wall {WALL} start 0 0 0 25000 25000 25000 25000\n\
         0 discard 128\n\
         2 pon 129 130 call 2 pon 128 129 130\n\
         2 discard 120 draw 3 18\n\
         3 discard 18 draw 0 57\n\
         0 discard 57\n\
         1 ron over\n\
         outcome: win; seat 1 ron from 0 3 han 40 fu 5200 points\n\
         round 0: -5200 5200 0 0\n\
         scores: 19800 30200 25000 25000\n"
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
    // What replay printed replays as it is; a wrong annotation or summary line is named.
    let again = parlor(&["mahjong", "replay"], &want);
    assert_eq!(String::from_utf8_lossy(&again.stdout), want);
    let wrong = want.replace("draw 3 18", "draw 3 19");
    let out = parlor(&["mahjong", "replay"], &wrong);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: line 4: \"2 discard 120\" is followed by \"draw 3 18\", not \"draw 3 19\"\n"
    );
    let wrong = want.replace("round 0: -5200", "round 0: -5300");
    let out = parlor(&["mahjong", "replay"], &wrong);
    assert_eq!(
        stderr(&out),
        "error: line 9: the replay computes \"round 0: -5200 5200 0 0\", not \"round 0: -5300 5200 0 0\"\n"
    );
    // Seat 1 may not discard in seat 2's window; seat 3 may not act on seat 0's turn.
    let out = parlor(&["mahjong", "replay"], &log.replace("2 pon 129 130", "1 discard 17"));
    assert_eq!(stderr(&out), "error: line 3: seat 1 may not act now (seat 2 may)\n");
    let out = parlor(&["mahjong", "replay"], &log.replace("0 discard 128", "0 discard 3"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: line 2: \"0 discard 3\": "),
        "{}",
        stderr(&out)
    );
    let out = parlor(&["mahjong", "replay"], &log.replace("1 ron\n", ""));
    assert_eq!(stderr(&out), "error: line 6: the log ends before the round is over\n");
}

/// `play` prints a log that `replay` reproduces line for line, for rounds and a match.
#[test]
fn what_play_prints_replays_as_it_is() {
    for (seed, whole) in [("0", false), ("1", false), ("7", false), ("42", false), ("2", true)] {
        let mut args = vec!["mahjong", "play", "--seed", seed];
        if whole {
            args.push("--match");
        }
        let out = parlor(&args, "");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let log = String::from_utf8_lossy(&out.stdout).into_owned();
        let header = if whole {
            format!("mahjong match {seed}\n")
        } else {
            format!("mahjong seed {seed}\n")
        };
        assert!(log.starts_with(&header), "{log}");
        assert!(log.lines().any(|l| l.starts_with("round 0: ")), "{log}");
        let rounds = log.lines().filter(|l| l.starts_with("round ")).count();
        assert!(if whole { rounds >= 8 } else { rounds == 1 }, "{rounds} rounds");
        // A match ends with its `match:` line after the final `scores:`.
        let mut tail = log.lines().rev();
        if whole {
            let line = tail.next().unwrap_or("");
            assert!(line.starts_with("match: rounds "), "{line}");
        }
        let last = tail.next().unwrap_or("");
        let points: Vec<i64> = last
            .strip_prefix("scores: ")
            .unwrap_or("")
            .split(' ')
            .filter_map(|p| p.parse().ok())
            .collect();
        assert_eq!(points.len(), 4, "{last}");
        if whole {
            assert_eq!(points.iter().sum::<i64>(), 100_000, "{last}");
        }
        let again = parlor(&["mahjong", "replay", "-"], &log);
        assert_eq!(again.status.code(), Some(0), "seed {seed}: {}", stderr(&again));
        assert_eq!(String::from_utf8_lossy(&again.stdout), log, "seed {seed}");
    }
}

#[test]
fn a_record_replays_to_its_deltas_and_scores() {
    let out = parlor(&["mahjong", "replay", "--format", "tenhou6", "-"], ROUND);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "round 0: -5200 5200 0 0\nscores: 19800 30200 25000 25000\n"
    );
    // A delta the engine does not reproduce, an action it refuses: named, exit 2.
    let bad = ROUND.replace("[-5200,5200,0,0]", "[-5300,5300,0,0]");
    let out = parlor(&["mahjong", "replay", "--format", "tenhou6"], &bad);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with(
            "error: round 0: differs from the record: win 0: the engine pays seat 1 [-5200, 5200, 0, 0] (3 han 40 fu"
        ),
        "{}",
        stderr(&out)
    );
    let bad = ROUND
        .replace("[1,0,1,\"40符", "[3,0,3,\"40符")
        .replace("[-5200,5200,0,0]", "[-5200,0,0,5200]");
    let out = parlor(&["mahjong", "replay", "--format", "tenhou6"], &bad);
    assert_eq!(
        stderr(&out),
        "error: round 0: engine refuses: step 8: seat 3 ron in the record, but the engine does not ask seat 3 (no window for it)\n"
    );
}

/// `play --format tenhou6` writes a record that `replay --format tenhou6` reproduces: the same
/// round and score lines as the text log of the same seed, for rounds and whole matches.
#[test]
fn what_play_writes_as_a_tenhou_record_replays() {
    // An East-only match replays under the record's own rule (`東喰赤`: `tenhou-east`).
    let cases = [
        ("0", false, "tenhou"),
        ("3", false, "tenhou"),
        ("11", false, "tenhou"),
        ("1", true, "tenhou"),
        ("4", true, "tenhou"),
        ("2", true, "tenhou-east"),
    ];
    for (seed, whole, preset) in cases {
        let mut args = vec!["mahjong", "play", "--preset", preset, "--seed", seed];
        if whole {
            args.push("--match");
        }
        let text = parlor(&args, "");
        assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
        let want: String = String::from_utf8_lossy(&text.stdout)
            .lines()
            .filter(|l| l.starts_with("round ") || l.starts_with("scores: "))
            .map(|l| format!("{l}\n"))
            .collect();
        args.extend(["--format", "tenhou6"]);
        let record = parlor(&args, "");
        assert_eq!(record.status.code(), Some(0), "{}", stderr(&record));
        let json = String::from_utf8_lossy(&record.stdout).into_owned();
        assert!(json.starts_with('{') && json.contains("\"log\":[["), "{json}");
        let out = parlor(&["mahjong", "replay", "--format", "tenhou6", "-"], &json);
        assert_eq!(out.status.code(), Some(0), "seed {seed}: {}", stderr(&out));
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "seed {seed} match {whole}");
    }
}

/// A made-up triple ron: the dealer's first discard, 5p, completes three tanyao hands. Tenhou
/// writes only `三家和了`; the replay lets every seat that may win on it call ron, and the
/// engine aborts the round (no payments, the dealer keeps the seat).
const TRIPLE_RON: &str = r#"{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"鳳南喰赤","aka":1},"log":[[[0,0,0],[25000,25000,25000,25000],[16],[],[11,11,19,19,21,21,29,29,31,31,41,41,25],[47],[25],[12,13,14,13,14,15,36,37,38,32,32,24,26],[],[],[22,23,24,35,36,37,16,17,18,33,33,33,25],[],[],[23,24,32,33,34,34,35,36,36,37,38,17,17],[],[],["三家和了"]]]}"#;

#[test]
fn a_triple_ron_the_record_does_not_spell_out_replays() {
    let out = parlor(&["mahjong", "replay", "--format", "tenhou6"], TRIPLE_RON);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "round 0: 0 0 0 0\nscores: 25000 25000 25000 25000\n"
    );
    // Called an exhaustive draw instead, the columns do not fit (one live draw, not 70).
    let bad = TRIPLE_RON.replace("[\"三家和了\"]", "[\"流局\",[0,0,0,0]]");
    let out = parlor(&["mahjong", "replay", "--format", "tenhou6"], &bad);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: round 0: bad record: exhaustive draw with 1 live draws and 0 kans (70 in all expected)\n"
    );
}

/// Damaged records (each number of [`ROUND`] and [`TRIPLE_RON`] replaced in turn by odd
/// values) are refused with a message naming the round, never a panic, through reading, the turn
/// simulation and the engine.
#[test]
fn damaged_records_are_refused_not_panicked_on() {
    use parlor_cli::mahjong_round::replay_tenhou;
    use parlor_core::mahjong::Config;
    let odd = [
        "0",
        "1",
        "10",
        "15",
        "51",
        "60",
        "99",
        "-1",
        "4294967296",
        "\"x\"",
        "[]",
        "\"p111111\"",
    ];
    let mut refused = 0;
    for base in [ROUND, TRIPLE_RON] {
        let numbers: Vec<(usize, usize)> = {
            let bytes = base.as_bytes();
            let mut spans = Vec::new();
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) {
                    let start = i;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                    spans.push((start, i));
                } else {
                    i += 1;
                }
            }
            spans
        };
        for (k, (start, end)) in numbers.iter().enumerate() {
            let value = odd[k % odd.len()];
            let damaged = format!("{}{value}{}", &base[..*start], &base[*end..]);
            let mut printed = String::new();
            if let Err(what) = replay_tenhou(&damaged, Some(&Config::TENHOU), &mut printed) {
                assert!(!what.is_empty());
                refused += 1;
            }
        }
    }
    assert!(refused > 100, "{refused} refused");
}

/// Three-player Riichi (`--preset tenhou-sanma`): a match of greedy bots plays to its end with
/// North set aside (`kita`), three seats in every summary line, 105,000 points in all, and its
/// text log replays to the same lines; the record formats are refused by name.
#[test]
fn a_three_player_match_plays_and_replays_as_the_text_log() {
    let args = [
        "mahjong",
        "play",
        "--preset",
        "tenhou-sanma",
        "--match",
        "--seed",
        "5",
        "--bots",
        "greedy,greedy,greedy",
    ];
    let out = parlor(&args, "");
    assert!(out.status.success(), "{}", stderr(&out));
    let log = String::from_utf8(out.stdout).unwrap();
    assert!(
        log.starts_with("mahjong preset tenhou-sanma match 5\n"),
        "{}",
        &log[..60]
    );
    assert!(log.lines().any(|l| l.contains(" kita")), "no North set aside");
    assert!(!log.lines().any(|l| l.starts_with("3 ")), "the absent seat acted");
    let last = log.lines().last().unwrap();
    let scores: Vec<i32> = last
        .split_once("scores ")
        .unwrap()
        .1
        .split(',')
        .next()
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(scores.len(), 3, "{last}");
    assert_eq!(scores.iter().sum::<i32>(), 105_000, "{last}");
    for line in log.lines().filter(|l| l.starts_with("round ")) {
        assert_eq!(line.split(' ').count(), 5, "{line}");
    }
    let again = parlor(&["mahjong", "replay", "-"], &log);
    assert!(again.status.success(), "{}", stderr(&again));
    let replayed = String::from_utf8(again.stdout).unwrap();
    let summary = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("round ") || l.starts_with("match:"))
            .map(String::from)
            .collect()
    };
    assert_eq!(summary(&replayed), summary(&log));
    // The record formats write three-player matches too (the random bots': `--bots` is for
    // the text log); each replays to the text log's round lines and final points.
    let text = parlor(
        &["mahjong", "play", "--preset", "tenhou-sanma", "--match", "--seed", "5"],
        "",
    );
    assert!(text.status.success(), "{}", stderr(&text));
    let text = String::from_utf8(text.stdout).unwrap();
    let lines = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("round ") || l.starts_with("scores:"))
            .map(String::from)
            .collect()
    };
    assert!(lines(&text).len() > 2, "{text}");
    for format in ["tenhou6", "mjlog", "mjai"] {
        let args = [
            "mahjong",
            "play",
            "--preset",
            "tenhou-sanma",
            "--match",
            "--seed",
            "5",
            "--format",
            format,
        ];
        let out = parlor(&args, "");
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        let record = String::from_utf8(out.stdout).unwrap();
        let again = parlor(&["mahjong", "replay", "--format", format, "-"], &record);
        assert!(again.status.success(), "{format}: {}", stderr(&again));
        assert_eq!(
            lines(&String::from_utf8(again.stdout).unwrap()),
            lines(&text),
            "{format}"
        );
    }
}

/// A Tenhou JSON record or a gzipped / XML mjlog given to the text replay (no `--format`) is
/// refused with the usual message and a hint naming the option; other text gets no hint.
#[test]
fn a_record_without_its_format_names_the_option() {
    let json_hint = "(a JSON record? replay it with --format tenhou6, majsoul or mjai)";
    let out = parlor(&["mahjong", "replay", "-"], ROUND);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "error: line 1: expected a header `mahjong seed <N>`, `mahjong match <N>` or `mahjong wall …` first {json_hint}\n"
        )
    );
    let out = parlor(&["mahjong", "replay", "-"], "<mjloggm ver=\"2.3\">\n");
    assert!(
        stderr(&out).ends_with(" (a Tenhou mjlog? replay it with --format mjlog)\n"),
        "{}",
        stderr(&out)
    );
    let out = common::parlor_bytes(&["mahjong", "replay", "-"], b"\x1f\x8b\x08\x00\xff\xfe");
    assert_eq!(
        stderr(&out),
        "error: line 1: not UTF-8 (byte 2 of the line) (a Tenhou mjlog? replay it with --format mjlog)\n"
    );
    let out = parlor(&["mahjong", "replay", "-"], "hello\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr(&out).contains("--format"), "{}", stderr(&out));
    // A text log's later line is never taken for a record.
    let out = parlor(&["mahjong", "replay", "-"], "mahjong seed 3\n{\n");
    assert!(!stderr(&out).contains("--format"), "{}", stderr(&out));
}

/// Regression: `play --format tenhou6|mjlog|mjai` ignored `--bots` (always the random player),
/// `--rounds` (one round) and `--human` (the person's text log under the record's name). The
/// record formats now play the bots given, and refuse the other two.
#[test]
fn record_formats_play_the_bots_given_and_refuse_a_person_and_rounds() {
    let stdout = |out: &std::process::Output| String::from_utf8_lossy(&out.stdout).into_owned();
    let bots = ["--bots", "greedy,random,lowest,search:easy"];
    let text = parlor(&["mahjong", "play", "--seed", "4", bots[0], bots[1]], "");
    assert_eq!(text.status.code(), Some(0));
    let last = |s: String| s.lines().last().unwrap_or_default().to_owned();
    for format in ["tenhou6", "mjai", "mjlog"] {
        let record = parlor(
            &["mahjong", "play", "--format", format, "--seed", "4", bots[0], bots[1]],
            "",
        );
        assert_eq!(record.status.code(), Some(0), "{format}: {}", stderr(&record));
        let replayed = parlor(&["mahjong", "replay", "--format", format, "-"], &stdout(&record));
        assert_eq!(replayed.status.code(), Some(0), "{format}: {}", stderr(&replayed));
        // The record's round is the text log's: the same bots made the same moves.
        assert_eq!(last(stdout(&replayed)), last(stdout(&text)), "{format}");
    }
    // Other bots, another game; no `--bots`: the record is what it always was.
    let lowest = parlor(
        &[
            "mahjong",
            "play",
            "--format",
            "tenhou6",
            "--seed",
            "2",
            "--bots",
            "lowest,lowest,lowest,lowest",
        ],
        "",
    );
    let default = parlor(&["mahjong", "play", "--format", "tenhou6", "--seed", "2"], "");
    let again =
        parlor_cli::mahjong_round::play_tenhou(&parlor_core::mahjong::Config::TENHOU, 2, false).expect("a record");
    assert_ne!(stdout(&lowest), stdout(&default));
    assert_eq!(
        stdout(&default),
        parlor_cli::mahjong::records::write(
            parlor_cli::mahjong_round::Format::Tenhou6,
            &again,
            &parlor_core::mahjong::Config::TENHOU
        )
        .expect("written")
    );
    for (args, want) in [
        (
            &["--format", "tenhou6", "--human", "0"][..],
            "parlor: --format tenhou6: not with --human (a person's game is logged as the text log, --format text)\n",
        ),
        (
            &["--format", "mjai", "--rounds", "2"][..],
            "parlor: --format mjai: not with --rounds (one round, or a match with --match)\n",
        ),
        (
            &["--format", "mjlog", "--bots", "lowest"][..],
            "parlor: --bots: 1 bot for 4 seats (one per seat)\n",
        ),
    ] {
        let out = parlor(&[&["mahjong", "play"][..], args].concat(), "quit\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), want, "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}");
    }
}
