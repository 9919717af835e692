//! `parlor tichu trick | points | score` as scripts see them: exact stdout, stderr and exit
//! statuses, one case and `--batch` (rules: `docs/rules/tichu.md`, notation: `docs/tichu.md`).

use crate::common;

/// Runs `parlor` with `args` and `stdin`; returns (exit status, stdout, stderr).
fn parlor(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = common::parlor(args, stdin);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(args: &[&str], stdout: &str) {
    assert_eq!(parlor(args, ""), (0, format!("{stdout}\n"), String::new()), "{args:?}");
}

fn bad(args: &[&str], stderr: &str) {
    assert_eq!(
        parlor(args, ""),
        (2, String::new(), format!("parlor: {stderr}\n")),
        "{args:?}"
    );
}

#[test]
fn a_trick_in_progress_and_over() {
    ok(
        &["tichu", "trick", "9", "R", "pass"],
        "turn 3; top R by 1 (single 1 R); passes 1; points 25; wish -; out -",
    );
    ok(
        &["tichu", "trick", "9", "R", "pass", "pass", "pass"],
        "over; taker 1; dragon to be given to 0 or 2; points 25; next leader 1; wish -; out -",
    );
    ok(
        &["tichu", "trick", "9", "R", "pass", "pass", "pass", "give=0"],
        "over; taker 1; dragon given to 0; points 25; next leader 1; wish -; out -",
    );
    ok(
        &["tichu", "trick", "--leader", "1", "D"],
        "over; taker 1; dog; points 0; next leader 3; wish -; out -",
    );
    ok(&["tichu", "trick"], "turn 0; lead; points 0; wish -; out -");
}

#[test]
fn hands_the_wish_and_bombs_out_of_turn() {
    // Seat 0 wishes a 7 with its last card; seat 1 must fulfil it; seat 3 bombs out of turn and
    // seat 0, out, is skipped.
    ok(
        &["tichu", "trick", "--hands", "1/78/?/?", "1=7", "7", "3:5555", "pass"],
        "turn 2; top 5555 by 3 (bomb 4 5); passes 1; points 20; wish -; out 0",
    );
    bad(
        &["tichu", "trick", "--hands", "1/78/?/?", "1=7", "8"],
        "action 2 \"8\" by seat 1: the wish for 7 is open and this seat can play a 7 on the table, so it must",
    );
    // Options may follow the actions.
    ok(
        &[
            "tichu",
            "trick",
            "66",
            "pass",
            "7P",
            "--wish",
            "7",
            "--hands",
            "?/?/7P8/?",
        ],
        "turn 3; top 7P by 2 (pair 2 7); passes 0; points -25; wish -; out -",
    );
}

#[test]
fn an_illegal_action_is_named_with_why_on_stderr_and_exit_2() {
    bad(
        &["tichu", "trick", "9", "9"],
        "action 2 \"9\" by seat 1: the play does not beat the top play 9 by 0 (single 1 9)",
    );
    bad(
        &["tichu", "trick", "9", "2:K"],
        "action 2 \"2:K\" by seat 2: it is seat 1's turn (out of turn only a bomb, on a play)",
    );
    bad(
        &["tichu", "trick", "9", "R", "pass", "pass", "pass", "give=3"],
        "action 6 \"give=3\": the Dragon's trick goes to an opponent of seat 1 (0 or 2), not to seat 3",
    );
    bad(
        &["tichu", "trick", "4:9"],
        "bad action 1 \"4:9\": bad seat \"4\": a seat is 0, 1, 2 or 3",
    );
    bad(
        &["tichu", "trick", "--hands", "-/?/?/?"],
        "the leader, seat 0, has no cards (its hand is -)",
    );
    bad(
        &["tichu", "trick", "--leader", "7"],
        "invalid value '7' for '--leader <LEADER>': 7 is not in 0..=3 (see --help)",
    );
}

#[test]
fn trick_batch_lines_are_command_lines_with_defaults_from_the_command() {
    let input = "9 R pass pass pass give=2\n9 9\n--leader 3 D\n\n1=7 8\n--wish 7 8\n";
    let (code, stdout, stderr) = parlor(&["tichu", "trick", "--batch", "--wish", "5"], input);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(
        stdout,
        "over; taker 1; dragon given to 2; points 25; next leader 1; wish 5; out -\n\
         error: action 2 \"9\" by seat 1: the play does not beat the top play 9 by 0 (single 1 9)\n\
         over; taker 3; dog; points 0; next leader 1; wish 5; out -\n\
         error: empty line (one case per line)\n\
         error: action 1 \"1=7\" by seat 0: a wish for 5 is still open\n\
         turn 1; top 8 by 0 (single 1 8); passes 0; points 0; wish 7; out -\n"
    );
    let (code, stdout, _) = parlor(&["tichu", "trick", "--batch"], "--bogus\n--leader 9\n");
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "error: unexpected argument '--bogus' found; tip: to pass '--bogus' as a value, use '-- --bogus'\n\
         error: invalid value '9' for '--leader <LEADER>': 9 is not in 0..=3\n"
    );
    bad(
        &["tichu", "trick", "--batch", "9"],
        "with --batch the actions come from standard input, one trick per line",
    );
}

#[test]
fn points_one_set_and_batch() {
    ok(&["tichu", "points", "5KR0P"], "25");
    ok(&["tichu", "points", "P"], "-25");
    bad(
        &["tichu", "points", "55555"],
        "bad cards \"55555\": a fifth card of one rank (5) at bytes 4..5",
    );
    bad(&["tichu", "points"], "missing <cards> (or use --batch)");
    let (code, stdout, stderr) = parlor(&["tichu", "points", "--batch"], "5KR0P\r\nPP\n-\n5j0tKs\n");
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(
        stdout,
        "25\nerror: bad cards \"PP\": a card given twice at bytes 1..2\n0\n25\n"
    );
}

#[test]
fn score_one_round_and_batch() {
    ok(
        &[
            "tichu",
            "score",
            "2103",
            "--tricks",
            "10,30,25,15",
            "--hand",
            "20",
            "--tichu",
            "2",
            "--grand",
            "1",
        ],
        "170 -170",
    );
    ok(&["tichu", "score", "13", "--tichu", "0", "--grand", "2"], "-300 200");
    ok(&["tichu", "score", "0123", "--tricks", "-25,125,0,0"], "-25 125");
    bad(
        &["tichu", "score", "0123", "--tricks", "25,25,25,20"],
        "the card points in the tricks (25,25,25,20) and in the last hand (0) make 95, not the deck's 100",
    );
    bad(
        &["tichu", "score", "0123"],
        "without a double victory the round needs --tricks: the card points each seat won, seat 0 first",
    );
    let input = "02\n0123 --tricks 25,25,25,25\n01\n2103 --tricks 10,30,25,15 --hand 20 --tichu 1\n";
    let (code, stdout, stderr) = parlor(&["tichu", "score", "--batch", "--tichu", "0"], input);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(
        stdout,
        "300 0\n175 25\nerror: bad finishing order \"01\": two seats are a double victory and must be partners; \
         give three or four\n70 -70\n"
    );
}

#[test]
fn help_documents_the_notation() {
    let (code, stdout, _) = parlor(&["tichu", "trick", "--help"], "");
    assert_eq!(code, 0);
    for needle in ["--hands", "--leader", "--wish", "give=S", "pass", "1=7"] {
        assert!(stdout.contains(needle), "{needle} missing from:\n{stdout}");
    }
}

/// Regression: the Jade Ace a second time within one trick, in an out-of-turn bomb,
/// is refused like every card the deck cannot supply again.
#[test]
fn a_trick_refuses_a_card_played_twice() {
    bad(
        &["tichu", "trick", "5j", "Aj", "pass", "3:AjAsApAt"],
        "action 4 \"3:AjAsApAt\" by seat 3: card Aj was played before or is in a hand, more often than the deck has it",
    );
}
