//! The README's command-line tour, run as written: every `parlor …` line of its "The command
//! line" block runs (in order, in one fresh folder, `|` piping one command into the next) and
//! exits 0, and each output the README's comment shows is in what the command prints. A README
//! example whose output drifted (a `scores: 50 50` that the bots of a later version no longer
//! play to) fails here.

use crate::common;

/// README lines (their command, as written) and the output their comment shows.
const SHOWN: &[(&str, &str)] = &[
    ("parlor dominoes five-up 0-6 6-5 5-3", "legal"),
    ("parlor dominoes replay hand.log", "scores: 2 15"),
    ("parlor tichu legal 44499 77722", "legal"),
    ("parlor tichu moves 23456P 55", "6P"),
    (
        "parlor tichu trick 9 R pass pass pass give=2",
        "over; taker 1; dragon given to 2; points 25;",
    ),
    ("parlor tichu points 5KR0P", "25"),
    (
        "parlor tichu score 2103 --tricks 10,30,25,15 --hand 20 --tichu 2 --grand 1",
        "170 -170",
    ),
    ("parlor tichu play --seed 3 | parlor tichu replay -", "scores: 80 20"),
    ("parlor doudizhu classify 33344456", "airplane-singles"),
    ("parlor doudizhu beats 3333 JJJJ99QQ", "no"),
    (
        "parlor doudizhu spring BR2222AAAAKKKKQQQQJJ 33334444555566667 77788889999TTTTJJ",
        "yes",
    ),
    ("parlor doudizhu min-plays 33344456789TJQKA22", "3"),
    ("parlor mahjong waits 1m 1m 1m 4s 4s 4s 7p 7p 7p 3m 3m 3m 9s", "9s"),
    ("parlor mahjong shanten 123m456p789s1122z", "0"),
    ("parlor mahjong ukeire 1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 5s 5s", "3p:4"),
    (
        "parlor mahjong play --seed 3 | parlor mahjong replay -",
        "round 0: -5200 0 6200 0",
    ),
    (
        "parlor mahjong score 234m 067p 23455s 678s --win 8s --ron --riichi --preset mahjong-pypi --rule red-fives=yes",
        "4 han 30 fu 7700 points",
    ),
    (
        "parlor tichu play --match --rule target=500 --seed 5",
        "match: rounds 4, scores 525 175, winners 0 2",
    ),
];

/// README lines that read a record the reader brings (not in the repository) or a person's
/// moves (`--human`: `human.rs` plays those).
const NOT_RUN: &[&str] = &["game.json", "paipu.json", "--human"];

/// The `parlor …` lines of the README's "The command line" block: (command, comment).
fn tour() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let (_, section) = readme
        .split_once("## The command line")
        .expect("a command-line section");
    let (_, block) = section.split_once("```sh\n").expect("its sh block");
    let (block, _) = block.split_once("```").expect("the block's end");
    block
        .lines()
        .filter(|line| line.starts_with("parlor "))
        .map(|line| match line.split_once(" # ") {
            Some((command, comment)) => (command.trim().to_owned(), comment.trim().to_owned()),
            None => (line.trim().to_owned(), String::new()),
        })
        .collect()
}

/// A README word: itself, or a `folder/*.ext` pattern of the repository as its files (sorted).
fn expand(word: &str) -> Vec<String> {
    let Some((folder, ext)) = word.split_once("/*") else {
        return vec![word.to_owned()];
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(folder);
    let mut files: Vec<String> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("README: {word}: {e}"))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.to_string_lossy().ends_with(ext))
        .map(|path| path.to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "README: {word} names no file");
    files
}

/// Runs a README command line (`a | b`: a's stdout is b's stdin) in `dir`; returns the last
/// command's stdout.
fn run(line: &str, dir: &std::path::Path) -> String {
    let mut input = Vec::new();
    for part in line.split(" | ") {
        let words: Vec<String> = part.split_whitespace().flat_map(expand).collect();
        assert_eq!(words.first().map(String::as_str), Some("parlor"), "{line}");
        let args: Vec<&str> = words.iter().skip(1).map(String::as_str).collect();
        let out = common::parlor_in(dir, &args, &input);
        assert!(
            out.status.success(),
            "README: `{line}` failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        input = out.stdout;
    }
    String::from_utf8(input).expect("UTF-8 output")
}

#[test]
fn every_readme_command_runs_and_prints_what_the_readme_shows() {
    let dir = std::env::temp_dir().join(format!("parlor-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let tour = tour();
    assert!(
        tour.len() >= SHOWN.len(),
        "the README's tour has {} commands",
        tour.len()
    );
    for (command, comment) in &tour {
        if NOT_RUN.iter().any(|part| command.contains(part)) {
            continue;
        }
        let out = run(command, &dir);
        if let Some((_, shown)) = SHOWN.iter().find(|(line, _)| line == command) {
            assert!(
                comment.contains(shown),
                "README: `{command}`'s comment `{comment}` no longer shows `{shown}`"
            );
            assert!(
                out.contains(shown),
                "README: `{command}` shows `{shown}`, prints:\n{out}"
            );
        }
    }
    for (line, _) in SHOWN {
        assert!(
            tour.iter().any(|(command, _)| command == line),
            "`{line}` is no longer in the README's tour"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
