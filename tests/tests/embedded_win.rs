//! The Riichi win the C firmware replays (`tests/embedded/c/mahjong_win.h`, used by
//! `tests/embedded/c/rounds.c`): the firmware's own rounds are played by the lowest legal action
//! and its random rounds almost never win, so without it no C call the embedded check measures
//! would value a winning hand. The header holds the encoded round one action before a win (the
//! first seed, from 1, whose round played by `PARLOR_BOT_GREEDY` through the C function set
//! reaches a `tsumo` or a `ron`), the winner, the win's action code and the winner's score delta
//! once the round is over (the other seats' lowest actions, their passes, after it); and the same
//! for a match (the first greedy match from seed 1 that reaches a win), for `parlor_match_*`.
//!
//! The header is generated: `PARLOR_UPDATE_EMBEDDED=1 cargo test -p parlor-conformance --test
//! conformance embedded_win` rewrites it (after a change of the state's byte form, say).
#![allow(unsafe_code)]

use std::fmt::Write as _;
use std::path::Path;

use parlor::*;

fn config() -> ParlorConfig {
    let mut config = ParlorConfig {
        opaque: [0; PARLOR_CONFIG_WORDS],
    };
    // SAFETY: a valid out-pointer; a null text of length 0 is the default preset.
    let status = unsafe { parlor_config_preset(PARLOR_GAME_MAHJONG, core::ptr::null(), 0, &mut config) };
    assert_eq!(status, PARLOR_OK);
    config
}

fn new_round() -> ParlorRound {
    ParlorRound {
        opaque: [0; PARLOR_STATE_WORDS],
    }
}

fn to_act(round: &ParlorRound) -> u32 {
    let mut seat = PARLOR_NO_SEAT;
    // SAFETY: a valid state and out-pointer.
    assert_eq!(unsafe { parlor_round_to_act(round, &mut seat) }, PARLOR_OK);
    seat
}

fn choose(round: &ParlorRound, seat: u32, bot: ParlorBot, seed: u64) -> u64 {
    let mut code = 0;
    // SAFETY: a valid state and out-pointer; no scratch (greedy and lowest need none).
    let status = unsafe { parlor_bot_choose(round, seat, bot, seed, core::ptr::null_mut(), 0, &mut code) };
    assert_eq!(status, PARLOR_OK);
    code
}

fn apply(round: &mut ParlorRound, seat: u32, code: u64) {
    // SAFETY: a valid state; no step asked.
    assert_eq!(
        unsafe { parlor_round_apply(round, seat, code, core::ptr::null_mut()) },
        PARLOR_OK
    );
}

fn text(code: u64) -> String {
    let mut buf = [0u8; 64];
    let mut len = 0;
    // SAFETY: a buffer of its length and an out-pointer.
    let status = unsafe { parlor_action_text(PARLOR_GAME_MAHJONG, code, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(status, PARLOR_OK);
    String::from_utf8(buf[..len].to_vec()).expect("action text is ASCII")
}

fn encode(round: &ParlorRound) -> Vec<u8> {
    let mut buf = vec![0u8; 4096];
    let mut len = 0;
    // SAFETY: a valid state, a buffer of its length and an out-pointer.
    assert_eq!(
        unsafe { parlor_round_encode(round, buf.as_mut_ptr(), buf.len(), &mut len) },
        PARLOR_OK
    );
    buf.truncate(len);
    buf
}

/// The first greedy round from seed 1 that reaches a win: (seed, the encoded round before it,
/// the winner, the win's code, its text, the winner's delta once the round is over).
fn first_win() -> (u64, Vec<u8>, u32, u64, String, i32) {
    let config = config();
    for seed in 1..=200u64 {
        let mut round = new_round();
        // SAFETY: a valid config and out-pointer.
        assert_eq!(unsafe { parlor_round_new(&config, seed, &mut round) }, PARLOR_OK);
        for step in 0..1000u64 {
            let seat = to_act(&round);
            if seat == PARLOR_NO_SEAT {
                break;
            }
            let code = choose(&round, seat, PARLOR_BOT_GREEDY, seed * 1000 + step);
            let said = text(code);
            if said == "tsumo" || said == "ron" {
                let before = encode(&round);
                apply(&mut round, seat, code);
                // The rest of the round as the firmware plays it: the lowest actions (passes).
                loop {
                    let next = to_act(&round);
                    if next == PARLOR_NO_SEAT {
                        break;
                    }
                    let pass = choose(&round, next, PARLOR_BOT_LOWEST, 0);
                    apply(&mut round, next, pass);
                }
                let mut scores = [0i32; PARLOR_MAX_SEATS];
                let mut count = 0;
                // SAFETY: a valid state, a buffer of its length and an out-pointer.
                let status = unsafe { parlor_round_outcome(&round, scores.as_mut_ptr(), scores.len(), &mut count) };
                assert_eq!(status, PARLOR_OK);
                return (seed, before, seat, code, said, scores[seat as usize]);
            }
            apply(&mut round, seat, code);
        }
    }
    panic!("no greedy Riichi round of seeds 1-200 reached a win");
}

fn new_match() -> ParlorMatch {
    ParlorMatch {
        opaque: [0; PARLOR_STATE_WORDS],
    }
}

fn match_apply(game_match: &mut ParlorMatch, seat: u32, code: u64) -> ParlorStep {
    let mut step = ParlorStep {
        round_over: 0,
        match_over: 0,
        score_count: 0,
        reserved: 0,
        scores: [0; PARLOR_MAX_SEATS],
    };
    // SAFETY: a valid match and out-pointer.
    assert_eq!(
        unsafe { parlor_match_apply(game_match, seat, code, &mut step) },
        PARLOR_OK
    );
    step
}

fn match_choice(game_match: &ParlorMatch, bot: ParlorBot, seed: u64) -> Option<(u32, u64)> {
    let mut seat = PARLOR_NO_SEAT;
    // SAFETY: a valid match and out-pointer.
    assert_eq!(unsafe { parlor_match_to_act(game_match, &mut seat) }, PARLOR_OK);
    if seat == PARLOR_NO_SEAT {
        return None;
    }
    let mut round = new_round();
    // SAFETY: a valid match and out-pointer.
    assert_eq!(unsafe { parlor_match_round(game_match, &mut round) }, PARLOR_OK);
    Some((seat, choose(&round, seat, bot, seed)))
}

/// The first greedy match from seed 1 whose first round reaches a win: (seed, the encoded match
/// before it, the winner, the win's code, the winner's delta in the step that ends the round).
fn first_match_win() -> (u64, Vec<u8>, u32, u64, i32) {
    let config = config();
    for seed in 1..=200u64 {
        let mut game_match = new_match();
        // SAFETY: a valid config and out-pointer.
        assert_eq!(unsafe { parlor_match_new(&config, seed, &mut game_match) }, PARLOR_OK);
        for step in 0..1000u64 {
            let Some((seat, code)) = match_choice(&game_match, PARLOR_BOT_GREEDY, seed * 1000 + step) else {
                break;
            };
            let said = text(code);
            if said == "tsumo" || said == "ron" {
                let mut buf = vec![0u8; 4096];
                let mut len = 0;
                // SAFETY: a valid match, a buffer of its length and an out-pointer.
                let status = unsafe { parlor_match_encode(&game_match, buf.as_mut_ptr(), buf.len(), &mut len) };
                assert_eq!(status, PARLOR_OK);
                buf.truncate(len);
                let mut ended = match_apply(&mut game_match, seat, code);
                // The others' lowest actions (passes) until the round ends.
                while ended.round_over == 0 {
                    let (next, pass) = match_choice(&game_match, PARLOR_BOT_LOWEST, 0).expect("a seat to act");
                    ended = match_apply(&mut game_match, next, pass);
                }
                return (seed, buf, seat, code, ended.scores[seat as usize]);
            }
            let _ = match_apply(&mut game_match, seat, code);
        }
    }
    panic!("no greedy Riichi match of seeds 1-200 reached a win");
}

/// One case's C text: `MAHJONG_<NAME>_SEAT`, `_CODE`, `_DELTA` and the encoded state as
/// `mahjong_<name>_state[]`, 16 bytes a line.
fn c_case(out: &mut String, name: &str, lower: &str, (seat, code, delta): (u32, u64, i32), bytes: &[u8]) {
    let _ = writeln!(out, "#define MAHJONG_{name}_SEAT {seat}u");
    let _ = writeln!(out, "#define MAHJONG_{name}_CODE {code}u");
    let _ = writeln!(out, "#define MAHJONG_{name}_DELTA {delta}");
    let _ = writeln!(out, "static const uint8_t mahjong_{lower}_state[{}] = {{", bytes.len());
    for row in bytes.chunks(16) {
        out.push_str("   ");
        for b in row {
            let _ = write!(out, " {b},");
        }
        out.push('\n');
    }
    out.push_str("};\n");
}

fn header() -> String {
    let (seed, bytes, seat, code, said, delta) = first_win();
    assert!(delta > 0, "the winner's delta {delta} is a gain");
    let mut out = String::new();
    out.push_str("/* Generated by tests/tests/embedded_win.rs: do not edit (PARLOR_UPDATE_EMBEDDED=1 cargo test\n");
    out.push_str(" * -p parlor-conformance --test conformance embedded_win rewrites it). A Riichi round one\n");
    let _ = writeln!(
        out,
        " * action before a win: default rules, seed {seed}, played by PARLOR_BOT_GREEDY; seat {seat}'s `{said}`,\n * after which the others' lowest actions end the round with seat {seat} {delta:+} points. */"
    );
    c_case(&mut out, "WIN", "win", (seat, code, delta), &bytes);
    let (seed, bytes, seat, code, delta) = first_match_win();
    assert!(delta > 0, "the match's winner's delta {delta} is a gain");
    let _ = writeln!(
        out,
        "/* A Riichi match one action before a win: default rules, seed {seed}, played by\n * PARLOR_BOT_GREEDY; seat {seat}'s win, after which the others' lowest actions end the round with\n * seat {seat} {delta:+} points. */"
    );
    c_case(&mut out, "MATCH_WIN", "match_win", (seat, code, delta), &bytes);
    out
}

/// The checked-in header is what the C function set produces today (rewritten with
/// `PARLOR_UPDATE_EMBEDDED=1`), and its round does end in the named seat's win.
#[test]
fn the_firmwares_mahjong_win_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("embedded/c/mahjong_win.h");
    let want = header();
    if std::env::var_os("PARLOR_UPDATE_EMBEDDED").is_some() {
        std::fs::write(&path, &want).expect("write the header");
    }
    let have = std::fs::read_to_string(&path).expect("tests/embedded/c/mahjong_win.h");
    assert!(
        have == want,
        "tests/embedded/c/mahjong_win.h is stale: rerun with PARLOR_UPDATE_EMBEDDED=1"
    );
}
