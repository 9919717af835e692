//! The C build commands the docs give (README.md's C quick start, docs/c-abi.md's "Build a
//! program like this") run as written: the `cargo build` line builds the library (in a target
//! folder of its own, so it never waits on the outer cargo's lock), the `cc` line links the
//! docs' example against it, and the program runs to its closing line. Then a program that
//! references every function `include/parlor.h` declares — each game the header declares by
//! default (`PARLOR_FEATURE_<GAME>`) included — links with the same `cc` line: a library built by
//! the docs' command without a game fails here with that game's undefined references.
//!
//! Needs the C compiler (`PARLOR_CC`, default `cc`); without it each test skips with one line
//! ([`parlor_conformance::tools`]).

use std::path::{Path, PathBuf};
use std::process::Command;

use parlor_conformance::tools;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The target folder the docs' `cargo build` runs in (the docs' `target/` stands for it).
fn docs_target() -> PathBuf {
    root().join("target").join("docs-c-build")
}

/// One shell block's commands: the `cargo` words and the `cc` words (continuation lines
/// joined), and what runs after `&&` or on the next line (the program, if any).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Commands {
    cargo: Vec<String>,
    cc: Vec<String>,
}

/// The commands of the first ```sh block of `doc` that holds both a `cargo build` line and a
/// `cc` line naming `source`.
fn commands_in(doc: &str, source: &str) -> Commands {
    let text = std::fs::read_to_string(root().join(doc)).unwrap_or_else(|error| panic!("read {doc}: {error}"));
    for block in text.split("```sh\n").skip(1) {
        let Some((block, _)) = block.split_once("```") else {
            continue;
        };
        let joined = block.replace("\\\n", " ");
        let mut cargo = None;
        let mut cc = None;
        for line in joined.lines() {
            // Comments after `#` are the docs' notes, not words of the command.
            let line = line.split(" #").next().unwrap_or_default().trim();
            let words: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
            match words.first().map(String::as_str) {
                Some("cargo") if words.get(1).map(String::as_str) == Some("build") => cargo = Some(words),
                Some("cc") if words.iter().any(|word| word.ends_with(source)) => {
                    // The compile command ends where the program's run begins.
                    let end = words.iter().position(|word| word == "&&").unwrap_or(words.len());
                    cc = Some(words.get(..end).unwrap_or_default().to_vec());
                }
                _ => {}
            }
        }
        if let (Some(cargo), Some(cc)) = (cargo, cc) {
            return Commands { cargo, cc };
        }
    }
    panic!("{doc}: no ```sh block with a `cargo build` line and a `cc` line for {source}");
}

/// Runs the docs' `cargo build` (its words as written, in [`docs_target`]); the folder of the
/// library it built (the docs' `target/release`).
fn build_as_documented(cargo_words: &[String]) -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let args = cargo_words.get(1..).unwrap_or_default();
    assert!(
        args.iter().any(|word| word == "parlor-ffi"),
        "the docs' cargo command does not build parlor-ffi: {cargo_words:?}"
    );
    let output = Command::new(cargo)
        .args(args)
        .arg("--target-dir")
        .arg(docs_target())
        .current_dir(root())
        .output()
        .expect("run cargo");
    assert!(
        output.status.success(),
        "the docs' `{}` failed:\n{}",
        cargo_words.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    let profile = if args.iter().any(|word| word == "--release") {
        "release"
    } else {
        "debug"
    };
    docs_target().join(profile)
}

/// The docs' `cc` words with the compiler, the library path, the output and (optionally) the
/// source replaced: `cc` by `compiler`, `target/<profile>/libparlor.a` by the library built in
/// `lib_dir`, `-o target/X` by `out`, and the docs' source by `source` when given.
fn cc_as_documented(
    words: &[String],
    compiler: &std::ffi::OsStr,
    lib_dir: &Path,
    out: &Path,
    source: Option<(&str, &Path)>,
) -> Command {
    let mut command = Command::new(compiler);
    command.current_dir(root());
    let mut rest = words.iter().skip(1);
    while let Some(word) = rest.next() {
        if word == "-o" {
            rest.next();
            command.arg("-o").arg(out);
        } else if let Some(name) = word.strip_prefix("target/").and_then(|path| path.rsplit('/').next())
            && name.starts_with("libparlor.")
        {
            command.arg(lib_dir.join(name));
        } else if let Some((documented, replacement)) = source
            && word == documented
        {
            command.arg(replacement);
        } else {
            command.arg(word);
        }
    }
    command
}

/// Every `parlor_…(` name `header` declares (the names its comments mention are declared too).
fn declared_functions(header: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = header;
    while let Some(at) = rest.find("parlor_") {
        let before_ok = rest
            .get(..at)
            .and_then(|head| head.chars().next_back())
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
        let tail = rest.get(at..).unwrap_or_default();
        let len = tail
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
            .unwrap_or(tail.len());
        let name = tail.get(..len).unwrap_or_default();
        if before_ok && tail.get(len..).unwrap_or_default().trim_start().starts_with('(') {
            names.push(name.to_owned());
        }
        rest = tail.get(len.max(1)..).unwrap_or_default();
    }
    names.sort();
    names.dedup();
    names
}

/// The games the header declares by default: its `PARLOR_FEATURE_<GAME>` macros, lower case.
fn declared_games(header: &str) -> Vec<String> {
    let block = header
        .split_once("#if !defined(PARLOR_CUSTOM_FEATURES)")
        .and_then(|(_, rest)| rest.split_once("#endif"))
        .map(|(block, _)| block)
        .expect("the header's default feature block");
    block
        .lines()
        .filter_map(|line| line.trim().strip_prefix("#define PARLOR_FEATURE_"))
        .filter_map(|rest| rest.split_whitespace().next())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// A C program referencing every function in `names` (a table of pointers read through a
/// volatile pointer, so the linker needs them all).
fn entry_table(names: &[String]) -> String {
    let mut text =
        String::from("#include \"parlor.h\"\ntypedef void (*entry)(void);\nstatic entry const table[] = {\n");
    for name in names {
        text.push_str(&format!("    (entry){name},\n"));
    }
    text.push_str("    (entry)0,\n};\nint main(void) {\n    entry const *volatile t = table;\n");
    text.push_str("    unsigned long sum = 0;\n    unsigned long i;\n");
    text.push_str(&format!(
        "    for (i = 0; i < {}ul; i++) sum += (unsigned long)t[i];\n    return sum == 1;\n}}\n",
        names.len()
    ));
    text
}

#[test]
fn the_header_lists_the_functions_and_games_the_test_links() {
    let header = std::fs::read_to_string(root().join("include/parlor.h")).expect("read the header");
    assert_eq!(declared_games(&header), ["dominoes", "tichu", "doudizhu", "mahjong"]);
    let names = declared_functions(&header);
    for expected in [
        "parlor_abi_version",
        "parlor_round_apply",
        "parlor_bot_choose",
        "parlor_dominoes_validate_scratch",
        "parlor_tichu_is_legal",
        "parlor_doudizhu_scratch_bytes",
        "parlor_mahjong_score",
    ] {
        assert!(
            names.iter().any(|name| name == expected),
            "{expected} not found in {names:?}"
        );
    }
    assert!(!names.iter().any(|name| name == "parlor_"), "{names:?}");
    let table = entry_table(names.get(..2).unwrap_or_default());
    assert!(table.contains("(entry)parlor_"), "{table}");
}

#[test]
fn the_docs_c_build_commands_link_the_examples_and_every_declared_game() {
    let Some(cc) = tools::available("the docs' C build commands", tools::c_compiler()) else {
        return;
    };
    let out_dir = docs_target().join("programs");
    std::fs::create_dir_all(&out_dir).expect("create output folder");
    let header = std::fs::read_to_string(root().join("include/parlor.h")).expect("read the header");
    let names = declared_functions(&header);
    let games = declared_games(&header);
    let table = out_dir.join("every_entry_point.c");
    std::fs::write(&table, entry_table(&names)).expect("write the entry table");
    let mut built: Vec<(Vec<String>, PathBuf)> = Vec::new();
    for (doc, source, closing) in [
        ("README.md", "tests/c/readme_quickstart.c", " passed, 0 failed"),
        ("docs/c-abi.md", "examples/c/any_game.c", " actions in all"),
    ] {
        let commands = commands_in(doc, source);
        // The library the docs' cargo line builds (built once for identical lines).
        let lib_dir = match built.iter().find(|(words, _)| *words == commands.cargo) {
            Some((_, dir)) => dir.clone(),
            None => {
                let dir = build_as_documented(&commands.cargo);
                built.push((commands.cargo.clone(), dir.clone()));
                dir
            }
        };
        // The docs' example, compiled and linked by the docs' cc line, runs to its closing line.
        let stem = Path::new(source)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("program");
        let exe = out_dir.join(stem);
        let output = cc_as_documented(&commands.cc, &cc, &lib_dir, &exe, None)
            .output()
            .expect("run the C compiler");
        assert!(
            output.status.success(),
            "{doc}: `{}` failed:\n{}",
            commands.cc.join(" "),
            String::from_utf8_lossy(&output.stderr)
        );
        let run = Command::new(&exe).output().expect("run the docs' example");
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success(), "{doc}: {source} failed:\n{stdout}");
        let last = stdout.lines().last().unwrap_or_default();
        assert!(last.ends_with(closing), "{doc}: {source}: closing line {last:?}");
        // Every function the header declares — every game it declares — links by the same line.
        let exe = out_dir.join(format!("{stem}_every_entry_point"));
        let output = cc_as_documented(&commands.cc, &cc, &lib_dir, &exe, Some((source, &table)))
            .output()
            .expect("run the C compiler");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let missing: Vec<&String> = games
            .iter()
            .filter(|game| stderr.contains(&format!("parlor_{game}_")))
            .collect();
        assert!(
            output.status.success(),
            "{doc}: the {} functions of include/parlor.h do not all link with `{}` (games with \
             undefined references: {missing:?}):\n{stderr}",
            names.len(),
            commands.cc.join(" ")
        );
        for game in &games {
            assert!(
                names.iter().any(|name| name.starts_with(&format!("parlor_{game}_"))),
                "the header declares {game} but no parlor_{game}_ function"
            );
        }
    }
    assert_eq!(
        built.len(),
        1,
        "README.md and docs/c-abi.md give different cargo commands: {built:?}"
    );
}
