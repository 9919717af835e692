//! `parlor <game> arena` through the binary: the report's shape and the errors.

mod common;

use common::parlor;

#[test]
fn every_game_has_an_arena() {
    for (game, bots, header) in [
        (
            "dominoes",
            "greedy,search:easy",
            "dominoes: 2 deals x 2 seatings = 4 rounds, 2 seats; 95% intervals over deals",
        ),
        (
            "tichu",
            "greedy,random",
            "tichu: 2 deals x 2 seatings = 4 rounds, 4 seats; 95% intervals over deals",
        ),
        (
            "doudizhu",
            "search:easy,greedy,greedy",
            "doudizhu: 2 deals x 3 seatings = 6 rounds, 3 seats; 95% intervals over deals",
        ),
        (
            "mahjong",
            "greedy,random,lowest,search:hard",
            "mahjong: 2 deals x 4 seatings = 8 rounds, 4 seats; 95% intervals over deals",
        ),
    ] {
        let out = parlor(&[game, "arena", "--bots", bots, "--games", "2", "--rounds"], "");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{game}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines[0], header);
        // One line per bot listed, in order.
        assert_eq!(lines.len(), 1 + bots.split(',').count(), "{stdout}");
        for (line, bot) in lines[1..].iter().zip(bots.split(',')) {
            assert!(line.starts_with(bot), "{line}");
        }
    }
}

#[test]
fn the_same_seed_prints_the_same_report() {
    let args = [
        "dominoes",
        "arena",
        "--bots",
        "search:normal,greedy",
        "--games",
        "3",
        "--seed",
        "9",
    ];
    let first = parlor(&args, "");
    let second = parlor(&args, "");
    assert_eq!(first.status.code(), Some(0));
    assert_eq!(first.stdout, second.stdout);
}

#[test]
fn bad_bots_are_named() {
    let out = parlor(&["dominoes", "arena", "--bots", "greedy,search:max"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "parlor: invalid value 'search:max' for '--bots <BOTS>': \"search:max\": unknown search level (expected easy, normal, hard or an iteration count) (see --help)\n"
    );
    let out = parlor(&["dominoes", "arena", "--bots", "greedy,random,lowest"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "parlor: --bots lists 3 bots; dominoes has 2 seats (1 to 2 bots)\n"
    );
}
