//! `parlor mahjong play` / `replay` as scripts see them: exact log formats, exit statuses, and
//! what `play` prints replaying as it is (text and Tenhou's JSON).

mod common;

use common::parlor;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A one-round record (East 1; seat 1 wins a ron on seat 2's discard): the first round of a
/// real Phoenix-room game, with made-up names.
const ROUND: &str = r#"{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"鳳南喰赤","aka":1},"log":[
[[0,0,0],[25000,25000,25000,25000],[16],[],[11,12,13,21,22,23,31,32,33,41,41,45,46],[47,26],[46,60],[14,15,16,24,25,27,28,34,35,36,42,42,42],[],[],[17,18,19,29,29,37,38,39,43,43,44,46,46],["46p4646"],[44],[12,13,14,24,25,26,34,35,36,43,44,47,47],[15],[60],["和了",[-1000,1000,0,0],[1,0,1,"30符1飜1000点","役牌 中(1飜)"]]]]}"#;

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
