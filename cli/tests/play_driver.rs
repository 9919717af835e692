//! The driver written once for every game: `--rule KEY=VALUE`, `parlor <game> rules`, match
//! logs replayed as one match with one `match:` line, `--rounds K`, `--bots`, logs that are not
//! UTF-8, `parlor check` of a file with no vectors, `parlor --help`.

use crate::common;

use common::parlor;

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = parlor(args, stdin);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const GAMES: [&str; 4] = ["dominoes", "tichu", "doudizhu", "mahjong"];

#[test]
fn rules_lists_every_key_with_its_value_and_the_presets_default() {
    let (code, out, _) = run(&["tichu", "rules"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "# preset standard; presets: standard, club, classic, bsw\n\
         target=1000                (1..=10000; default 1000)  The match ends after a round that leaves a team at or above this score (docs/rules/tichu.md: 1000).\n\
         tichu-during-exchange=yes  (yes|no; default yes)  Tichu may be called from the end of the deal (yes, standard) or only after the exchange (no, club rule; docs/tichu.md).\n\
         bomb-priority=turn-order   (turn-order|seat-order; default turn-order)  Simultaneous claims (bombs, calls) served in turn order from the seat in turn, or by seat number (docs/tichu.md, a ruling).\n\
         bomb-after-passes=yes      (yes|no; default yes)  After every other seat passed, the trick waits for its winner's gathering pass and anyone may still bomb (yes, standard; Tichu-Verein Würzburg rulings, docs/rules/tichu.md) or the last pass ends it (no).\n\
         wish-bomb=yes              (yes|no; default yes)  A wish binds only in one's ordinary turn: the seat in turn may bomb without fulfilling it (yes, standard; Tichu-Verein Würzburg rulings, docs/rules/tichu.md) or must fulfil it if able (no).\n"
    );
    // A preset's values, and a rule set on top of it (the default stays the preset's).
    let (_, out, _) = run(&["tichu", "rules", "--preset", "club", "--rule", "target=500"], "");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].starts_with("target=500 "), "{out}");
    assert!(lines[1].contains("(1..=10000; default 1000)"), "{out}");
    assert!(lines[2].starts_with("tichu-during-exchange=no "), "{out}");
    // Every game lists its keys: dominoes 11, Dou Dizhu 14, Mahjong 31.
    for (game, keys) in [("dominoes", 11), ("doudizhu", 14), ("mahjong", 31)] {
        let (code, out, _) = run(&[game, "rules"], "");
        assert_eq!(code, 0);
        assert_eq!(out.lines().count(), keys + 1, "{game}: {out}");
    }
    let (_, out, _) = run(&["dominoes", "rules", "--preset", "block"], "");
    assert!(
        out.lines()
            .any(|l| l.starts_with("draw=never ") && l.contains("default never")),
        "{out}"
    );
}

#[test]
fn an_unknown_key_or_a_bad_value_is_one_line_naming_it_with_exit_2() {
    for game in GAMES {
        for command in ["play", "rules", "replay"] {
            let (code, out, err) = run(&[game, command, "--rule", "no-such-key=1"], "");
            assert_eq!(code, 2, "{game} {command}");
            assert!(out.is_empty());
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                err.starts_with("parlor: --rule: unknown rule key \"no-such-key\" (keys: "),
                "{err}"
            );
        }
    }
    let (code, _, err) = run(&["tichu", "play", "--rule", "target=lots"], "");
    assert_eq!(
        (code, err.as_str()),
        (2, "parlor: --rule: \"lots\" is no value of target (1..=10000)\n")
    );
    let (code, _, err) = run(&["dominoes", "play", "--rule", "draw"], "");
    assert_eq!(
        (code, err.as_str()),
        (2, "parlor: --rule \"draw\": expected KEY=VALUE\n")
    );
    let (code, _, err) = run(&["doudizhu", "play", "--preset", "nope"], "");
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "parlor: unknown preset \"nope\" (pagat, openspiel, rlcard, rob, botzone, douzero)\n"
        )
    );
}

#[test]
fn a_rule_changes_the_game_and_the_log_header_carries_it() {
    // Tichu to 200 instead of 1000: the header names the rule, the match ends early, and the
    // log replays to the same match line without any --rule on replay's command line.
    let (code, out, _) = run(&["tichu", "play", "--seed", "5", "--match", "--rule", "target=200"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("tichu rule target=200 match 5\ntichu deal "), "{out}");
    let last = out.lines().last().unwrap_or_default().to_owned();
    let rounds: u32 = last
        .strip_prefix("match: rounds ")
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .expect("a match line");
    assert!(rounds < 25, "{last}"); // 25 rounds to 1000 with this seed
    let (code, replayed, err) = run(&["tichu", "replay", "-"], &out);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(replayed.lines().last(), Some(last.as_str()));
    // The hand-value rules on `mahjong score`: a red five counts under mahjong-pypi only when
    // asked for (3 han 3900 → 4 han 7700).
    let hand = [
        "mahjong", "score", "234m", "067p", "23455s", "678s", "--win", "8s", "--ron", "--riichi",
    ];
    let mut pypi = hand.to_vec();
    pypi.extend(["--preset", "mahjong-pypi"]);
    assert_eq!(run(&pypi, "").1.lines().next(), Some("3 han 30 fu 3900 points"));
    pypi.extend(["--rule", "red-fives=yes"]);
    assert_eq!(run(&pypi, "").1.lines().next(), Some("4 han 30 fu 7700 points"));
    let mut wrong = hand.to_vec();
    wrong.extend(["--rule", "rounds=4"]);
    let (code, _, err) = run(&wrong, "");
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "parlor: --rule \"rounds=4\": not a hand-value rule (it applies to play and replay)\n"
        )
    );
    // A combination rule on Dou Dizhu's rule commands.
    assert_eq!(run(&["doudizhu", "classify", "444435"], "").1, "quad-singles\n");
    assert_eq!(
        run(&["doudizhu", "classify", "444435", "--rule", "quad-with-two=no"], "").1,
        "invalid\n"
    );
}

/// A finished match's line: `match: rounds N, scores …, winners …`.
fn is_match_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("match: rounds ") else {
        return false;
    };
    let parts: Vec<&str> = rest.split(", ").collect();
    parts.len() == 3 && parts[1].starts_with("scores ") && parts[2].starts_with("winners ")
}

#[test]
fn a_match_log_replays_as_one_match_and_a_cut_or_a_round_after_the_end_is_an_error() {
    for game in GAMES {
        let path = std::env::temp_dir().join(format!("parlor-driver-{game}-{}.log", std::process::id()));
        let path_s = path.to_string_lossy().into_owned();
        let (code, out, _) = run(&[game, "play", "--seed", "2", "--match", "--log", &path_s], "");
        assert_eq!(code, 0);
        let log = std::fs::read_to_string(&path).expect("the log");
        let _ = std::fs::remove_file(&path);
        let last = out.lines().last().unwrap_or_default();
        assert!(is_match_line(last), "{game}: {last}");
        let (code, replayed, err) = run(&[game, "replay", "-"], &log);
        assert_eq!((code, err.as_str()), (0, ""), "{game}");
        assert_eq!(replayed.lines().last(), Some(last), "{game}");
        // Cut after 150 lines: the end of the log names the line.
        let cut: String = log.lines().take(150).map(|l| format!("{l}\n")).collect();
        let (code, _, err) = run(&[game, "replay", "-"], &cut);
        let line = if game == "dominoes" { 151 } else { 150 };
        assert_eq!(
            (code, err.as_str()),
            (
                2,
                format!("error: line {line}: the log ends before the match is over\n").as_str()
            ),
            "{game}"
        );
        // A round after the end: its header or its first action is refused by line.
        let lines = log.lines().count();
        let (_, single, _) = run(&[game, "play", "--seed", "9"], "");
        let header = single.lines().next().unwrap_or_default();
        let (code, _, err) = run(&[game, "replay", "-"], &format!("{log}{header}\n"));
        let noun = match game {
            "dominoes" => "hand",
            "doudizhu" => "deal",
            _ => "round",
        };
        assert_eq!(
            (code, err.as_str()),
            (
                2,
                format!("error: line {}: a new {noun} after the end of the match\n", lines + 1).as_str()
            ),
            "{game}"
        );
        let action = single.lines().nth(1).unwrap_or_default();
        let (code, _, err) = run(&[game, "replay", "-"], &format!("{log}{action}\n"));
        assert_eq!(
            (code, err.as_str()),
            (2, format!("error: line {}: the match is over\n", lines + 1).as_str()),
            "{game}"
        );
    }
}

#[test]
fn rounds_k_plays_single_rounds_seeded_as_a_match_would_be() {
    let (code, out, _) = run(&["dominoes", "play", "--seed", "3", "--rounds", "2"], "");
    assert_eq!(code, 0);
    let headers: Vec<&str> = out.lines().filter(|l| l.starts_with("dominoes ")).collect();
    // game::round_seed(3, 0) and (3, 1).
    assert_eq!(
        headers,
        [
            "dominoes players 2 seed 2092789425003139053",
            "dominoes players 2 seed 12918135221727111561"
        ]
    );
    // Dou Dizhu sums several deals in a `total:` line, which replay checks.
    let (code, out, _) = run(&["doudizhu", "play", "--seed", "4", "--rounds", "3"], "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("total: -10 2 8"));
    let (code, replayed, _) = run(&["doudizhu", "replay", "-"], &out);
    assert_eq!(code, 0);
    assert_eq!(replayed, out);
    let (code, _, err) = run(
        &["doudizhu", "replay", "-"],
        &out.replace("total: -10 2 8", "total: 0 0 0"),
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("the replay computes \"total: -10 2 8\", not \"total: 0 0 0\""),
        "{err}"
    );
}

#[test]
fn bots_are_chosen_per_seat() {
    // Seat 1 leads seed 3's hand; with the lowest-action bot both seats take the first legal
    // action in the game's order.
    let (code, out, _) = run(&["dominoes", "play", "--seed", "3", "--bots", "lowest,lowest"], "");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("dominoes players 2 seed 3\n1 play 0-4\n0 play 0-0 on 0-4\n"),
        "{out}"
    );
    let (code, replayed, _) = run(&["dominoes", "replay", "-"], &out);
    assert_eq!(code, 0);
    assert_eq!(replayed.lines().last(), out.lines().last());
    // Mahjong's greedy bot (its search playout policy): seed 3 ends in seat 1's ron.
    let (code, out, _) = run(
        &[
            "mahjong",
            "play",
            "--seed",
            "3",
            "--bots",
            "greedy,greedy,greedy,greedy",
        ],
        "",
    );
    assert_eq!(code, 0);
    let tail: Vec<&str> = out.lines().rev().take(3).collect();
    assert_eq!(
        tail,
        [
            "scores: 25000 37000 25000 13000",
            "round 0: 0 13000 0 -12000",
            "outcome: win; seat 1 ron from 3 6 han 25 fu 12000 points"
        ]
    );
    let (code, replayed, _) = run(&["mahjong", "replay", "-"], &out);
    assert_eq!((code, replayed.as_str()), (0, out.as_str()));
    // A person's hint is the search bot's choice (search:hard), or `--hint`'s bot's.
    let (_, screen, _) = run(&["mahjong", "play", "--human", "0", "--seed", "5"], "hint\nquit\n");
    assert!(screen.contains("hint: 5  discard 46 (3p)"), "{screen}");
    let (_, screen, _) = run(
        &["mahjong", "play", "--human", "0", "--seed", "5", "--hint", "greedy"],
        "hint\nquit\n",
    );
    assert!(screen.contains("hint: 6  discard 58 (6p)"), "{screen}");
    // A tile is typed by its name as the list shows it (`discard 6p` is `discard 58 (6p)`); a
    // refused action gets the round's reason.
    let (_, screen, _) = run(
        &["mahjong", "play", "--human", "0", "--seed", "5"],
        "discard 9m\ndiscard 6p\nquit\n",
    );
    assert!(
        screen.contains("\"discard 9m\": no entry of the list shows that"),
        "{screen}"
    );
    assert!(screen.contains("discards: 6p"), "{screen}");
    // Search bots at a table: the round ends and its log replays.
    let (code, out, _) = run(&["dominoes", "play", "--seed", "3", "--bots", "search:easy,greedy"], "");
    assert_eq!(code, 0);
    let (code, replayed, _) = run(&["dominoes", "replay", "-"], &out);
    assert_eq!((code, replayed.lines().last()), (0, out.lines().last()));
    let (code, _, err) = run(&["tichu", "play", "--bots", "greedy,search:insane,lowest,lowest"], "");
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "parlor: --bots: unknown search level in \"search:insane\" (expected easy, normal, hard or an iteration count)\n"
        )
    );
    // Regression: one bot was `1 bots`.
    let (code, _, err) = run(&["dominoes", "play", "--bots", "lowest"], "");
    assert_eq!(
        (code, err.as_str()),
        (2, "parlor: --bots: 1 bot for 2 seats (one per seat)\n")
    );
    let (code, _, err) = run(&["doudizhu", "play", "--bots", "lowest,lowest"], "");
    assert_eq!(
        (code, err.as_str()),
        (2, "parlor: --bots: 2 bots for 3 seats (one per seat)\n")
    );
    let (code, _, err) = run(&["tichu", "play", "--bots", "lowest,clever,lowest,lowest"], "");
    assert_eq!(code, 2);
    assert!(err.starts_with("parlor: --bots: unknown bot \"clever\""), "{err}");
}

#[test]
fn a_log_that_is_not_utf8_names_its_line() {
    for game in GAMES {
        let (_, out, _) = run(&[game, "play", "--seed", "1"], "");
        let mut bytes: Vec<u8> = Vec::new();
        for (i, line) in out.lines().enumerate() {
            bytes.extend_from_slice(line.as_bytes());
            if i == 2 {
                bytes.extend_from_slice(b" \xff\xfe");
            }
            bytes.push(b'\n');
        }
        let path = std::env::temp_dir().join(format!("parlor-utf8-{game}-{}.log", std::process::id()));
        std::fs::write(&path, &bytes).expect("write");
        let (code, _, err) = run(&[game, "replay", &path.to_string_lossy()], "");
        let _ = std::fs::remove_file(&path);
        assert_eq!(code, 2, "{game}");
        assert!(err.starts_with("error: line 3: not UTF-8 (byte "), "{game}: {err}");
    }
}

#[test]
fn check_of_a_file_with_no_vectors_is_an_error() {
    let path = std::env::temp_dir().join(format!("parlor-empty-{}.tsv", std::process::id()));
    std::fs::write(&path, "# only a comment\n\n").expect("write");
    let (code, out, err) = run(&["check", &path.to_string_lossy()], "");
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.ends_with(": no vectors (each line: a parlor command line, TAB, the expected output)\n"),
        "{err}"
    );
}

#[test]
fn help_lists_every_command() {
    let (code, out, _) = run(&["--help"], "");
    assert_eq!(code, 0);
    for command in [
        "dominoes five-up",
        "dominoes play",
        "dominoes replay",
        "dominoes rules",
        "dominoes draw",
        "tichu legal",
        "tichu trick",
        "tichu score",
        "tichu play",
        "tichu replay",
        "tichu rules",
        "doudizhu classify",
        "doudizhu min-plays",
        "doudizhu play",
        "doudizhu rules",
        "mahjong waits",
        "mahjong score",
        "mahjong play",
        "mahjong replay",
        "mahjong rules",
        "check",
    ] {
        assert!(out.contains(&format!("\n  parlor {command} ")), "{command}: {out}");
    }
}

/// Regression: a log saved by a Windows editor (a UTF-8 byte order mark first, `\r\n` line
/// ends) was refused at its first line (`error: line 1: the log starts with `tichu seed N` …`)
/// though the header read right. The mark is skipped, in every game.
#[test]
fn a_log_with_a_byte_order_mark_replays() {
    for game in ["dominoes", "tichu", "doudizhu", "mahjong"] {
        let (code, out, err) = run(&[game, "play", "--seed", "3"], "");
        assert_eq!((code, err.as_str()), (0, ""), "{game}");
        let windows = format!("\u{feff}{}", out.replace('\n', "\r\n"));
        let (code, replayed, err) = run(&[game, "replay", "-"], &windows);
        assert_eq!((code, err.as_str()), (0, ""), "{game}");
        assert_eq!(replayed.lines().last(), out.lines().last(), "{game}");
    }
}

/// Regression: `play --rounds 0` printed nothing and exited 0, as if zero rounds were played;
/// K is refused below 1 with the one-line error of a bad option value.
#[test]
fn zero_rounds_is_a_bad_option_value() {
    let (code, out, err) = run(&["tichu", "play", "--rounds", "0"], "");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            2,
            "",
            "parlor: invalid value '0' for '--rounds <K>': 0 is not in 1..=4294967295 (see --help)\n"
        )
    );
}
