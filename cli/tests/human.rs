//! `parlor <game> play --human SEAT` driven through standard input, as a person would: every
//! game to the end of a round, the log it writes replays, `undo`, `hint`, `log FILE`, `quit`,
//! and no screen ever holds another seat's hidden card (checked against the round's hands at
//! the moment each line was printed).

use crate::common;

use std::collections::HashSet;

use common::parlor;
use parlor_cli::play::Game;
use parlor_core::game::{Rules, Seat};

/// `count` answers of `1` (the first legal action) and a newline each.
fn ones(count: usize) -> String {
    "1\n".repeat(count)
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("parlor-human-{}-{name}", std::process::id()))
}

/// Runs a session; returns (exit code, stdout, stderr, the log written with `--log`).
fn session(game: &str, seat: &str, seed: &str, stdin: &str, extra: &[&str]) -> (i32, String, String, String) {
    // One file per call: tests run in parallel, and several play the same game, seat and seed
    // (a shared name let one test read another's log: a flaky failure).
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = temp(&format!("{game}-{seat}-{seed}-{call}.log"));
    let path_s = path.to_string_lossy().into_owned();
    let mut args = vec![game, "play", "--human", seat, "--seed", seed, "--log", &path_s];
    args.extend_from_slice(extra);
    let out = parlor(&args, stdin);
    let log = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        log,
    )
}

/// The round after each action of a single-round log: `states[k]` after `k` actions.
fn states<G: Game>(log: &str) -> Vec<G> {
    let config = <G::Config as Rules>::PRESETS[0].1.clone();
    let mut lines = log.lines();
    let header: Vec<&str> = lines.next().expect("a header").split_whitespace().collect();
    let mut round = G::parse_deal(&header[1..], &config).expect("the header deals");
    let mut states = vec![round.clone()];
    for line in lines {
        let (seat, action, _) = G::parse_line(&round, line).unwrap_or_else(|e| panic!("{line}: {e}"));
        round.apply(seat, action).unwrap_or_else(|e| panic!("{line}: {e}"));
        states.push(round.clone());
    }
    states
}

/// Every printed line with the number of actions applied when it was printed (screens: the
/// `== move N` of their title; action lines: the count after that action). The numbers of the
/// action list are cut off (they are no cards).
fn printed(stdout: &str) -> Vec<(usize, String)> {
    let mut moves = 0usize;
    let mut in_screen = false;
    let mut lines = Vec::new();
    let is_action = |line: &str| line.split_whitespace().next().is_some_and(|w| w.parse::<u8>().is_ok());
    for raw in stdout.lines() {
        let mut line = raw.to_owned();
        if let Some(rest) = raw.strip_prefix("== move ") {
            moves = rest
                .split(':')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("a move number");
            in_screen = true;
        } else if let Some(rest) = raw.strip_prefix("> ") {
            line = rest.to_owned();
            if is_action(rest) {
                moves += 1;
                in_screen = false;
            }
        } else if !in_screen && is_action(raw) {
            moves += 1;
        } else if in_screen && raw.starts_with("  ") {
            // `   12  play 5-5 on 6-6`: the number is the list's, not a card.
            line = raw
                .trim_start()
                .split_once("  ")
                .map_or(String::new(), |(_, action)| action.to_owned());
        }
        lines.push((moves, line));
    }
    lines
}

/// Checks every printed line against the hidden cards of the other seats at that moment.
fn assert_no_leak<G: Game>(
    stdout: &str,
    log: &str,
    viewer: Seat,
    hidden: impl Fn(&G, Seat) -> HashSet<String>,
    tokens: impl Fn(&str) -> Vec<String>,
) -> usize {
    let states = states::<G>(log);
    let mut checked = 0;
    for (moves, line) in printed(stdout) {
        let round = states
            .get(moves)
            .unwrap_or_else(|| panic!("move {moves} past the log's {}", states.len()));
        let secret = hidden(round, viewer);
        for token in tokens(&line) {
            assert!(
                !secret.contains(&token),
                "move {moves}: {line:?} shows {token}, hidden from seat {viewer}"
            );
            checked += 1;
        }
    }
    checked
}

fn words(line: &str) -> Vec<String> {
    line.split(|c: char| c.is_whitespace() || ",;:()|".contains(c))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A session to the end of the round: exit 0, the round's end lines, and the log replays to
/// the same end.
fn to_the_end(game: &str, seat: &str, seed: &str, end: &str) -> (String, String) {
    let (code, stdout, stderr, log) = session(game, seat, seed, &ones(4000), &[]);
    assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
    assert!(stdout.starts_with(&format!("You play seat {seat} of ")), "{stdout}");
    assert!(
        stdout.contains("== move 0: ") || stdout.contains("== move "),
        "{stdout}"
    );
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with(end), "{last}");
    let replayed = parlor(&[game, "replay", "-"], &log);
    assert_eq!(
        replayed.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let replayed = String::from_utf8_lossy(&replayed.stdout).into_owned();
    assert_eq!(replayed.lines().last(), Some(last), "{game} seed {seed}");
    (stdout, log)
}

#[test]
fn dominoes_to_the_end_and_no_other_hand_is_shown() {
    for (seat, seed) in [("0", "3"), ("1", "8"), ("0", "21")] {
        let (stdout, log) = to_the_end("dominoes", seat, seed, "scores: ");
        let viewer = Seat(seat.parse().unwrap());
        let checked = assert_no_leak::<parlor_core::dominoes::Round>(
            &stdout,
            &log,
            viewer,
            |round, viewer| {
                let mut secret = HashSet::new();
                for other in (0..round.config().players).map(Seat).filter(|s| *s != viewer) {
                    for tile in round.hand(other) {
                        secret.insert(format!("{}-{}", tile.a, tile.b));
                        secret.insert(format!("{}-{}", tile.b, tile.a));
                    }
                }
                secret
            },
            words,
        );
        assert!(checked > 100, "{checked}");
    }
}

#[test]
fn tichu_to_the_end_with_out_of_turn_rights_and_no_other_hand_is_shown() {
    use parlor_core::tichu::round::{Action, Round as TichuRound};
    for (seat, seed) in [("0", "3"), ("2", "5"), ("3", "11")] {
        let (stdout, log) = to_the_end("tichu", seat, seed, "scores: ");
        let viewer = Seat(seat.parse().unwrap());
        // The seat's own exchange: the cards it passed stay known to it.
        let passed: Vec<(Seat, String)> = log
            .lines()
            .filter_map(|line| line.strip_prefix(&format!("{seat} exchange ")))
            .flat_map(|cards| {
                cards
                    .split_whitespace()
                    .enumerate()
                    .map(|(i, card)| (Seat((viewer.0 + 1 + i as u8) % 4), card.to_owned()))
                    .collect::<Vec<_>>()
            })
            .collect();
        // Other seats' exchanges are face down on the screen.
        for (_, line) in printed(&stdout) {
            let mut w = line.split_whitespace();
            let (who, verb) = (w.next().unwrap_or(""), w.next().unwrap_or(""));
            if verb == "exchange" && who.parse::<u8>().is_ok() && who != seat {
                assert!(line.contains("face down"), "{line}");
            }
        }
        let checked = assert_no_leak::<TichuRound>(
            &stdout,
            &log,
            viewer,
            |round, viewer| {
                let mut secret = HashSet::new();
                for other in (0..4).map(Seat).filter(|s| *s != viewer) {
                    for card in round.hand(other).expect("a seat").iter() {
                        let text = card.to_string();
                        // `1` (the Mah Jong) is also every number on the screen.
                        if text != "1" && !passed.contains(&(other, text.clone())) {
                            secret.insert(text);
                        }
                    }
                }
                secret
            },
            words,
        );
        assert!(checked > 200, "{checked}");
        let _ = Action::Tichu;
    }
    // An out-of-turn right is offered: some session is asked out of turn.
    let (_, stdout, _, _) = session("tichu", "1", "3", &ones(4000), &[]);
    assert!(
        stdout.contains("may act out of turn (empty line: let it pass)"),
        "no out-of-turn offer"
    );
}

#[test]
fn doudizhu_to_the_end_and_no_other_hand_is_shown() {
    use parlor_core::doudizhu::Round as DdzRound;
    for (seat, seed) in [("0", "0"), ("1", "5"), ("2", "9")] {
        let (stdout, log) = to_the_end("doudizhu", seat, seed, "scores: ");
        let viewer = Seat(seat.parse().unwrap());
        let checked = assert_no_leak::<DdzRound>(
            &stdout,
            &log,
            viewer,
            |round, viewer| {
                // Cards have no suits: another seat's whole hand (4 cards or more) never shows.
                (0..3)
                    .map(Seat)
                    .filter(|s| *s != viewer)
                    .map(|s| round.hand(s))
                    .filter(|hand| hand.len() >= 4)
                    .map(|hand| hand.to_string())
                    .collect()
            },
            words,
        );
        assert!(checked > 50, "{checked}");
        // The screen's hand is the seat's own.
        let states = states::<DdzRound>(&log);
        for (moves, line) in printed(&stdout) {
            if let Some(rest) = line.strip_prefix("hand: ") {
                let own = states[moves].hand(viewer).to_string();
                assert!(rest.starts_with(&format!("{own} ")), "{line} vs {own}");
            }
        }
    }
}

#[test]
fn mahjong_to_the_end_and_no_other_hand_is_shown() {
    use parlor_core::mahjong::Round as MjRound;
    // The tile ids a line names: the `ids:` line, `(id N)`, the ids after an action's verb, a
    // drawn tile, a call's tiles, a dora indicator.
    let ids = |line: &str| -> Vec<String> {
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || "(),;:".contains(c))
            .filter(|w| !w.is_empty())
            .collect();
        let mut found = Vec::new();
        if words.first() == Some(&"ids") {
            found.extend(words[1..].iter().map(|w| (*w).to_owned()));
        }
        let action_line = words.first().is_some_and(|w| w.parse::<u8>().is_ok());
        for (i, w) in words.iter().enumerate() {
            if !action_line && *w != "id" && *w != "dora" {
                continue;
            }
            // (words to skip: a seat, a meld kind; then ids)
            let (skip, take) = match *w {
                "id" | "discard" | "riichi" | "kakan" | "dora" => (0, 1),
                "pon" | "chii" => (0, 2),
                "call" => (2, 4),
                "draw" => (1, 1),
                _ => (0, 0),
            };
            found.extend(
                words
                    .iter()
                    .skip(i + 1 + skip)
                    .take(take)
                    .filter(|t| t.parse::<u8>().is_ok())
                    .map(|t| (*t).to_owned()),
            );
        }
        found
    };
    for (seat, seed) in [("1", "5"), ("0", "2"), ("3", "7")] {
        let (stdout, log) = to_the_end("mahjong", seat, seed, "scores: ");
        let viewer = Seat(seat.parse().unwrap());
        let checked = assert_no_leak::<MjRound>(
            &stdout,
            &log,
            viewer,
            |round, viewer| {
                (0..4)
                    .map(Seat)
                    .filter(|s| *s != viewer)
                    .flat_map(|s| round.hand(s).map(|id| id.to_string()).collect::<Vec<_>>())
                    .collect()
            },
            ids,
        );
        assert!(checked > 100, "{checked}");
    }
}

#[test]
fn undo_goes_back_to_the_previous_decision_and_the_log_forgets_what_was_undone() {
    // Seed 3, seat 0: the first decision offers two plays; undo after the second decision comes
    // back to the first, then the same answers again give the same game.
    let straight = session("dominoes", "0", "3", &ones(200), &[]);
    let with_undo = session("dominoes", "0", "3", &format!("1\n1\nundo\n{}", ones(200)), &[]);
    assert_eq!(straight.0, 0);
    assert_eq!(with_undo.0, 0);
    assert!(
        with_undo.1.contains("(undone: back to your previous decision)"),
        "{}",
        with_undo.1
    );
    // The bots draw their random choices on: the game after an undo may differ, but the log
    // replays and holds no undone action twice.
    let replayed = parlor(&["dominoes", "replay", "-"], &with_undo.3);
    assert_eq!(
        replayed.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let first = session("dominoes", "0", "3", "undo\n1\n1\nquit\n", &[]);
    assert!(
        first.1.contains("(nothing to undo: this is your first decision)"),
        "{}",
        first.1
    );
    assert_eq!(
        first.3,
        "dominoes players 2 seed 3\n1 play 0-4\n0 play 0-0 on 0-4\n1 play 0-6 on 0-0\n0 play 3-4 on 0-4\n1 play 3-5 on 3-4\n"
    );
}

#[test]
fn hint_text_answers_bad_answers_log_and_quit() {
    let path = temp("mid.log");
    let input = format!("hint\n7\nfly 3-3\nplay 3-4 on 0-4\nlog {}\nquit\n", path.display());
    let (code, stdout, _, log) = session("dominoes", "0", "3", &input, &[]);
    assert_eq!(code, 0);
    // The hint names a legal action by its number.
    assert!(stdout.contains("hint: 1  play 0-0 on 0-4"), "{stdout}");
    assert!(stdout.contains("no action 7: choose 1 to 2"), "{stdout}");
    // Text that is no action names the parser's complaint; an action the rules refuse now, the
    // round's own reason.
    assert!(stdout.contains("\"fly 3-3\": not an action (expected play"), "{stdout}");
    // An action typed in the log notation was taken.
    assert!(log.lines().any(|l| l == "0 play 3-4 on 0-4"), "{log}");
    let written = std::fs::read_to_string(&path).expect("log FILE wrote the log");
    let _ = std::fs::remove_file(&path);
    assert_eq!(written, log);
    assert!(stdout.trim_end().ends_with("(quit)"), "{stdout}");
}

#[test]
fn a_seat_that_does_not_exist_or_input_that_ends_early_is_an_error() {
    let (code, _, stderr, _) = session("dominoes", "2", "3", "", &[]);
    assert_eq!(
        (code, stderr.as_str()),
        (2, "parlor: --human 2: no such seat (seats 0 to 1)\n")
    );
    let (code, _, stderr, _) = session("doudizhu", "0", "3", "1\n", &[]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "parlor: standard input ended before the game did (type quit to stop)\n"
    );
}

#[test]
fn a_match_with_a_person_plays_to_its_end_and_replays() {
    let (code, stdout, stderr, log) = session("dominoes", "1", "4", &ones(6000), &["--match"]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("match: rounds "), "{last}");
    assert!(
        log.starts_with("dominoes players 2 match 4\ndominoes players 2 seed "),
        "{log}"
    );
    let replayed = parlor(&["dominoes", "replay", "-"], &log);
    assert_eq!(
        replayed.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&replayed.stdout).lines().last(), Some(last));
}

/// Regression: the Tichu exchange lists 2,184 exchanges and a Tichu call; the screen cut the list
/// at 60 and the call (the last action) was shown only as the example of the cut exchanges
/// (`e.g. tichu`). The other kinds of action are now listed after the cut, by number.
#[test]
fn a_cut_list_still_shows_every_kind_of_action() {
    let (code, stdout, _, log) = session("tichu", "0", "3", "1\n2185\nquit\n", &[]);
    assert_eq!(code, 0);
    let exchange = stdout.split("stage: exchange").nth(1).expect("the exchange screen");
    assert!(
        exchange.contains("  … and 2124 more (numbers up to 2184; or type the action, e.g. exchange 2j 5t 2s)\ntichu:\n  2185  tichu\n> "),
        "{exchange}"
    );
    // Number 2185 is the call, taken.
    assert!(log.lines().any(|l| l == "0 tichu"), "{log}");
}

/// Regression: on a terminal a riichi discard (`2s'` in the view) stayed text beside the
/// Unicode tiles (`discards: 2s' 🀄`); it is the tile, then the mark.
#[test]
fn a_riichi_discard_shows_as_a_tile_on_a_terminal() {
    let shown = <parlor_core::mahjong::Round as Game>::pretty("seat 3 (North): discards: 2s' 7z 0m'");
    assert_eq!(
        shown,
        "seat 3 (North): discards: \u{1F011}' \u{1F004} \x1b[31m\u{1F00B}\x1b[0m'"
    );
}

/// Regression: a seat down to its last card showed as `1 cards` (Tichu's and Dou Dizhu's
/// screens); it is `1 card`.
#[test]
fn one_card_is_one_card_not_one_cards() {
    let mut singular = 0;
    for game in ["tichu", "doudizhu"] {
        for seed in ["0", "1", "2", "3", "4", "5"] {
            let (code, stdout, _, _) = session(game, "0", seed, &ones(4000), &[]);
            assert_eq!(code, 0, "{stdout}");
            assert!(!stdout.contains(" 1 cards"), "{game} seed {seed}: {stdout}");
            singular += stdout
                .lines()
                .filter(|l| l.contains(": 1 card,") || l.ends_with("(1 card)"))
                .count();
        }
    }
    assert!(singular > 0, "no screen showed a seat with one card");
}

/// Regression: a line of standard input that was not UTF-8 (`\xff\xfe`, a terminal in another
/// encoding) ended the session (`parlor: cannot read or write: stream did not contain valid
/// UTF-8`, exit 2, the `--log` file never written), and digits past `usize` got the action
/// parser's complaint instead of the list's range. Each is refused like any other bad answer,
/// and the game goes on.
#[test]
fn bytes_that_are_not_utf8_and_huge_numbers_are_refused_and_the_game_goes_on() {
    let path = temp("bad-bytes.log");
    let path_s = path.to_string_lossy().into_owned();
    let args = ["dominoes", "play", "--human", "0", "--seed", "3", "--log", &path_s];
    let out = common::parlor_bytes(&args, b"\xff\xfe\nplay \xc3\n99999999999999999999999999\n0\n2\nquit\n");
    let log = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        (out.status.code(), String::from_utf8_lossy(&out.stderr).as_ref()),
        (Some(0), "")
    );
    for refusal in [
        "> not UTF-8 (byte 1 of the line): type a number from the list or an action (see help)\n",
        "> not UTF-8 (byte 6 of the line): type a number from the list or an action (see help)\n",
        "> no action 99999999999999999999999999: choose 1 to 2\n",
        "> no action 0: choose 1 to 2\n",
    ] {
        assert!(stdout.contains(refusal), "{refusal}: {stdout}");
    }
    // Number 2 of the list (`play 3-4 on 0-4`) was taken after the refusals.
    assert_eq!(
        log,
        "dominoes players 2 seed 3\n1 play 0-4\n0 play 3-4 on 0-4\n1 play 0-6 on 0-4\n"
    );
}

/// Regression: standard input that ended before the game did (Ctrl-D at the prompt, a script's
/// last answer) left the `--log` file unwritten, so the game so far was lost; `quit` wrote it.
/// It is written in both cases; the end of input stays an error (exit 2: the game did not end).
#[test]
fn input_that_ends_early_still_writes_the_log_so_far() {
    let (code, _, stderr, log) = session("dominoes", "0", "3", "2\n", &[]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            2,
            "parlor: standard input ended before the game did (type quit to stop)\n"
        )
    );
    assert_eq!(
        log,
        "dominoes players 2 seed 3\n1 play 0-4\n0 play 3-4 on 0-4\n1 play 0-6 on 0-4\n"
    );
}

/// Regression: another seat's Riichi discard showed as its tile id alone (`0 discard 24 draw
/// 1`), which a person cannot read (the list names tiles: `discard 2 (1m)`); text that is no
/// action (`discrad 5`, `discard`) was refused as `the action is not legal now: …`, a rules
/// answer. A tile shown to the table is named (`discard 24 (7m)`), and a text the notation does
/// not read is `not an action: …` with the notation's verbs.
#[test]
fn mahjong_names_the_tiles_shown_to_the_table_and_misspellings_are_no_rules_answer() {
    let (code, stdout, _, _) = session("mahjong", "2", "3", "discrad 5\ndiscard\nquit\n", &[]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("\n0 discard 24 (7m) draw 1\n1 discard 116 (3z) draw 2 129\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "> \"discrad 5\": not an action: unknown verb (discard <id>, riichi <id>, tsumo, ankan <kind>, kakan <id>, kyuushu, kita, ron, pon <id> <id>, kan, chii <id> <id> or pass) (see the list, or type help)\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("> \"discard\": not an action: expected a tile id 0-135 (discard <id>,"),
        "{stdout}"
    );
    assert!(!stdout.contains("not legal now: expected"), "{stdout}");
}

/// The whole kind of the Mahjong misspelling above: in every game, text that the action
/// notation does not read is never reported as a rules answer (`Fault::IllegalAction`, C
/// `PARLOR_ERR_ILLEGAL_ACTION`), which is for a well-formed action the rules refuse now.
#[test]
fn no_game_reports_unreadable_action_text_as_an_illegal_action() {
    use parlor_core::game::{Fault, GameError, Round};
    fn check<G: Round>(texts: &[&str]) {
        for text in texts {
            let error = G::parse_action(text).expect_err(text);
            assert_ne!(error.fault(), Some(Fault::IllegalAction), "{text:?}: {error}");
        }
    }
    let common = [
        "",
        "   ",
        "xyzzy",
        "pass pass",
        "discrad 5",
        "play",
        "99999999999999999999",
    ];
    check::<parlor_core::dominoes::Round>(&common);
    check::<parlor_core::tichu::round::Round>(&common);
    check::<parlor_core::doudizhu::Round>(&common);
    check::<parlor_core::mahjong::Round>(&common);
    check::<parlor_core::mahjong::Round>(&["discard", "discard 136", "discard 5 6", "ankan 5x", "pon 1", "chii 1 x"]);
}

/// Regression: the Tichu exchange listed `exchange 1 3j 5j` with nothing on the screen saying
/// which card goes to which seat (the notation's order: the next seat, the partner, the seat
/// before). Each entry names it, seen from the person's seat; the entry as shown (the whole
/// line after its number) is taken too, and a short `exchange 2j` still gets the parser's
/// complaint, not "no entry of the list shows that".
#[test]
fn a_tichu_exchange_names_where_each_card_goes() {
    let input = "1\nexchange 2j\nexchange 1 3j 5j (1 to seat 3, 3j to seat 0, 5j to seat 1)\nquit\n";
    let (code, stdout, _, log) = session("tichu", "2", "3", input, &[]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("exchange:\n    1  exchange 1 3j 5j (1 to seat 3, 3j to seat 0, 5j to seat 1)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("> \"exchange 2j\": bad action: "), "{stdout}");
    assert!(log.lines().any(|l| l == "2 exchange 1 3j 5j"), "{log}");
}

/// Regression: Dou Dizhu refused every action with `the action is not legal now` and nothing
/// more (the other games name the rule), and a written play that is no combination (`play 45`)
/// was `the previous play is not a combination` — a rule check's wording about another play.
/// The refusal names its rule; the cards are named as what makes no combination.
#[test]
fn doudizhu_refusals_name_their_rule() {
    let input = "bid 1\nplay 3\n3\n1\n1\n1\nplay 4\nplay 45\nquit\n";
    let (code, stdout, _, _) = session("doudizhu", "1", "3", input, &[]);
    assert_eq!(code, 0, "{stdout}");
    for refusal in [
        "> \"bid 1\": the action is not legal now: a bid must be above the current bid, at most 3 (see",
        "> \"play 3\": the action is not legal now: the auction is not over: bid, call, rob or pass first (see",
        "> \"play 4\": the action is not legal now: the play does not beat the table (see",
        "> \"play 45\": the cards make no combination at bytes 5..7 (see",
    ] {
        assert!(stdout.contains(refusal), "{refusal}\n{stdout}");
    }
    assert!(!stdout.contains("previous play"), "{stdout}");
}

/// Regression: `log my game.log` wrote the log to a file named `my` (only the first word was
/// taken), and `log` alone was refused as `not an action`. The whole rest of the line is the
/// file name; `log` alone asks for it.
#[test]
fn log_takes_the_whole_rest_of_the_line_as_the_file_name() {
    let dir = temp("log dir");
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("my game.log");
    let input = format!("log {}\nlog\nquit\n", path.display());
    let (code, stdout, _, log) = session("dominoes", "0", "3", &input, &[]);
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains(&format!("> (log written to {})\n", path.display())),
        "{stdout}"
    );
    assert!(
        stdout.contains("> log FILE: name the file to write the log to\n"),
        "{stdout}"
    );
    assert_eq!(written, log);
    assert_eq!(written, "dominoes players 2 seed 3\n1 play 0-4\n");
}

/// Regression: in a match the person's screen showed only the round's `scores:` (back to `0 0`
/// each round), never the match's running totals, so a dominoes player racing to 61 could not
/// see the race. Each round's title names them.
#[test]
fn a_match_shows_its_running_totals_at_each_round() {
    let (code, stdout, _, _) = session("dominoes", "0", "3", &ones(6000), &["--match"]);
    assert_eq!(code, 0, "{stdout}");
    let titles: Vec<&str> = stdout.lines().filter(|l| l.starts_with("== round ")).collect();
    assert_eq!(
        titles.get(..3),
        Some(
            &[
                "== round 1: match scores 0 0 ==",
                "== round 2: match scores 4 0 ==",
                "== round 3: match scores 5 10 ==",
            ][..]
        )
    );
}

/// A new player's finding: `help` named the words to type but not the cards (Tichu's `D` is the
/// Dog, `R` the Dragon; Riichi's `0m` a red five). It names them, per game, under the words.
#[test]
fn help_names_the_words_and_the_games_card_letters() {
    for (game, legend) in [
        ("tichu", "1 the Mah Jong, D the Dog, P the Phoenix, R the Dragon"),
        ("doudizhu", "B the black joker, R the red joker"),
        ("mahjong", "0m 0p 0s red fives"),
        ("dominoes", "tiles: a-b, the pips of each half"),
    ] {
        let out = common::parlor(&[game, "play", "--human", "0", "--seed", "3"], "help\nquit\n");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{game}");
        assert!(
            stdout.contains(
                "> a number from the list, an action as listed, hint (a bot's choice), undo, log FILE, quit, help"
            ),
            "{game}: {stdout}"
        );
        assert!(stdout.contains(legend), "{game}: {stdout}");
    }
}

/// A new player's finding: an empty line on the person's own turn re-prompted with nothing said
/// (`> > >`). It says what to type; the game goes on (an empty line out of turn still lets the
/// right pass).
#[test]
fn an_empty_line_on_your_turn_says_what_to_type() {
    let out = common::parlor(&["dominoes", "play", "--human", "0", "--seed", "3"], "\nquit\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout.contains("> your turn: type a number from the list or an action (help lists the words)\n> (quit)"),
        "{stdout}"
    );
}

/// A new player's finding: a Riichi round ended on `outcome: win; seat 2 ron from 3 5 han 40 fu
/// 8000 points` and nothing else, so a person never saw the hand that beat them or why it was
/// worth that. The screen now turns face up what the table shows at the end (never in the log):
/// each winner's hand and winning tile, its yaku, dora and value, the ura-dora indicators under
/// a riichi win, and the tenpai hands of an exhaustive draw.
#[test]
fn a_finished_riichi_round_shows_the_winning_hand_and_its_yaku() {
    let greedy = [
        "mahjong",
        "play",
        "--human",
        "0",
        "--bots",
        "greedy,greedy,greedy,greedy",
        "--seed",
    ];
    let ones = "1\n".repeat(400);
    let seed3 = common::parlor(&[&greedy[..], &["3"]].concat(), &ones);
    let stdout = String::from_utf8_lossy(&seed3.stdout);
    assert_eq!(seed3.status.code(), Some(0));
    // Riichi, ippatsu, two ura dora (indicator 8m: 9m 9m) and the red 5p: 5 han, mangan.
    assert!(
        stdout.ends_with(
            "outcome: win; seat 2 ron from 3 5 han 40 fu 8000 points\n\
             round 0: 0 0 9000 -8000\n\
             seat 2 wins on 3m (ron from seat 3): 1m 2m 3m 4m 5m 9m 9m 0p 6p 7p 9s 9s 9s + 3m\n  \
             riichi 1, ippatsu 1, ura dora 2, red five 1: 5 han 40 fu 8000 points mangan\n\
             ura dora indicators: 8m\n\
             scores: 25000 25000 33000 17000\n"
        ),
        "{stdout}"
    );
    // An exhaustive draw: the tenpai hands, melds included (13 tiles each).
    let seed1 = common::parlor(&[&greedy[..], &["1"]].concat(), &ones);
    let stdout = String::from_utf8_lossy(&seed1.stdout);
    assert!(
        stdout.ends_with(
            "outcome: exhaustive draw; tenpai 2 3\n\
             round 0: -1500 -1500 1500 1500\n\
             seat 2 tenpai: 1m 2m 3m 6m 7m 8m 4p 5p 4s 0s 6s 7s 7s\n\
             seat 3 tenpai: 0p 6p 7p 8p 8p 2s 4s 4s 5s 6s; melds: pon 5z 5z 5z\n\
             scores: 23500 23500 25500 26500\n"
        ),
        "{stdout}"
    );
}

/// Regression: a Dou Dizhu text that is no action (`xyz`, `play` without cards) was answered
/// `not an action at bytes 0..3`, naming no form to type, where the other games list their
/// verbs. It now names the notation's forms, as dominoes, Tichu and Mahjong do.
#[test]
fn doudizhu_misspellings_name_the_notation() {
    let (code, stdout, _, _) = session("doudizhu", "0", "4", "xyz\nplay\nquit\n", &[]);
    assert_eq!(code, 0, "{stdout}");
    let forms = "not an action (expected pass, bid 1|2|3, call, rob or play <cards> [<reading>])";
    assert!(
        stdout.contains(&format!(
            "> \"xyz\": {forms} at bytes 0..3 (see the list, or type help)\n"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("> \"play\": {forms} at bytes 0..4")),
        "{stdout}"
    );
}

/// Regression: with `--human`, a `--bots` list of the wrong length was refused as `(one per
/// seat)`, though one per *other* seat is also taken there; the message names both counts.
#[test]
fn a_wrong_count_of_bots_with_a_person_names_both_counts() {
    let out = parlor(&["tichu", "play", "--human", "0", "--bots", "greedy"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "parlor: --bots: 1 bot for 4 seats (one per seat, or one per other seat with --human)\n"
    );
    let out = parlor(
        &["dominoes", "play", "--human", "0", "--bots", "lowest,lowest,lowest"],
        "",
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "parlor: --bots: 3 bots for 2 seats (one per seat, or one per other seat with --human)\n"
    );
    // One per other seat, or one per seat, still plays.
    let (code, _, _, log) = session("dominoes", "1", "3", "quit\n", &["--bots", "lowest"]);
    assert_eq!(code, 0);
    assert!(log.starts_with("dominoes players 2 seed 3\n"), "{log}");
}

/// Regression: `--hint` without `--human` was taken and did nothing (only a person asks for a
/// hint); it is now a usage error naming the missing option, exit 2.
#[test]
fn hint_without_a_person_is_a_usage_error() {
    let out = parlor(&["tichu", "play", "--hint", "greedy", "--seed", "3"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stdout, b"");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "parlor: the following required arguments were not provided: --human <SEAT> (see --help)\n"
    );
}
