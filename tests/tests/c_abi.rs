//! Compiles every C program in `tests/c/` (`-std=c99 -Wall -Wextra -Werror -pedantic`) and every
//! C++ file (`-std=c++17 -Wall -Wextra -Werror`) against `include/parlor.h`, links each with the
//! static library built from `ffi/`, runs it and requires exit status 0 and a
//! `N passed, 0 failed` closing line. The C programs check real answers, not just "runs".
//! The same programs are built a second time with `-fsanitize=address,undefined` (no recovery:
//! any report fails the run), and the quick start once more against the shared library.
//! `tests/c/fuzz_loop.c` is a bounded fuzz loop over every entry point (4000 calls, or
//! `PARLOR_C_FUZZ_SECONDS`; CI gives it a minute under the sanitizers).
//!
//! The compilers (`cc`, `c++`; `PARLOR_CC`, `PARLOR_CXX`) and the sanitizer runtimes are outside
//! tools: absent, each test skips with one line, except under CI ([`parlor_conformance::tools`]).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use parlor_conformance::tools;

/// What Rust's standard library needs from the system when `libparlor.a` is linked into a C
/// program on Linux (`rustc --print native-static-libs`, as README.md shows).
const NATIVE_STATIC_LIBS: &[&str] = &["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc"];

const SANITIZE: &[&str] = &[
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
    "-g",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The folder holding `libparlor.a` and `libparlor.so`. The outer `cargo test` has built them
/// already: parlor-ffi is a dependency of this crate, and its `staticlib` and `cdylib` land
/// beside this test executable (`target/<profile>/deps`), so the core is not compiled twice.
/// Where they are not there, builds them in a target folder of its own (so it never waits on
/// the outer cargo's lock).
fn build_library() -> PathBuf {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf));
    if let Some(deps) = beside.filter(|d| d.join("libparlor.a").is_file() && d.join("libparlor.so").is_file()) {
        return deps;
    }
    let target = root().join("target").join("c-abi");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .args(["build", "-p", "parlor-ffi", "--target-dir"])
        .arg(&target)
        .current_dir(root())
        .status()
        .expect("run cargo build for parlor-ffi");
    assert!(status.success(), "building parlor-ffi failed");
    target.join("debug")
}

/// How a test program is linked with the library.
#[derive(Clone, Copy)]
enum Link {
    Static,
    /// `-L dir -lparlor` with an rpath, the shared library found at run time.
    Shared,
}

fn compile_and_run(compiler: &OsString, flags: &[&str], source: &Path, lib_dir: &Path, link: Link, out_dir: &Path) {
    std::fs::create_dir_all(out_dir).expect("create output folder");
    let exe = out_dir.join(source.file_stem().expect("file name"));
    let mut command = Command::new(compiler);
    command.args(flags).arg("-I").arg(root().join("include")).arg(source);
    match link {
        Link::Static => command.arg(lib_dir.join("libparlor.a")).args(NATIVE_STATIC_LIBS),
        Link::Shared => command
            .arg("-L")
            .arg(lib_dir)
            .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
            .arg("-lparlor"),
    };
    let output = command
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap_or_else(|error| panic!("run {}: {error}", compiler.to_string_lossy()));
    assert!(
        output.status.success(),
        "{} failed to compile:\n{}",
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let run = Command::new(&exe).output().expect("run the compiled program");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{} ({}) failed:\n{stdout}\n{}",
        source.display(),
        flags.join(" "),
        String::from_utf8_lossy(&run.stderr)
    );
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.ends_with(" passed, 0 failed"),
        "{}: unexpected closing line {last:?}",
        source.display()
    );
}

fn sources() -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = std::fs::read_dir(root().join("tests/c"))
        .expect("tests/c exists")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .collect();
    sources.sort();
    sources
}

/// Builds and runs every program of `tests/c` with `extra` flags; returns how many ran.
fn run_all(cc: &OsString, cxx: &OsString, extra: &[&str], out_dir: &Path) -> usize {
    let lib_dir = build_library();
    let c_flags: Vec<&str> = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"]
        .iter()
        .chain(extra)
        .copied()
        .collect();
    let cxx_flags: Vec<&str> = ["-std=c++17", "-Wall", "-Wextra", "-Werror"]
        .iter()
        .chain(extra)
        .copied()
        .collect();
    let mut ran = 0;
    for source in &sources() {
        match source.extension().and_then(|ext| ext.to_str()) {
            Some("c") => compile_and_run(cc, &c_flags, source, &lib_dir, Link::Static, out_dir),
            Some("cpp") => compile_and_run(cxx, &cxx_flags, source, &lib_dir, Link::Static, out_dir),
            _ => continue,
        }
        ran += 1;
    }
    ran
}

fn compilers(test: &str) -> Option<(OsString, OsString)> {
    let cc = tools::available(test, tools::c_compiler())?;
    let cxx = tools::available(test, tools::cxx_compiler())?;
    Some((cc, cxx))
}

#[test]
fn c_and_cpp_programs_pass_against_the_header_and_library() {
    let Some((cc, cxx)) = compilers("C/C++ programs of tests/c") else {
        return;
    };
    let ran = run_all(&cc, &cxx, &[], &root().join("target/c-abi/bin"));
    assert!(ran >= 2, "expected the C and C++ programs in tests/c, found {ran}");
}

#[test]
fn c_and_cpp_programs_pass_under_address_and_undefined_sanitizers() {
    let test = "C/C++ programs of tests/c under ASan+UBSan";
    let Some((cc, cxx)) = compilers(test) else { return };
    let out = root().join("target/c-abi/bin-sanitize");
    let Some(()) = tools::available(test, tools::compiler_accepts(&cc, SANITIZE, &out)) else {
        return;
    };
    let ran = run_all(&cc, &cxx, SANITIZE, &out);
    assert!(ran >= 2, "expected the C and C++ programs in tests/c, found {ran}");
}

/// Seeds of `tests/c/fuzz_loop.c` that once failed, with the iterations each replays (a seed
/// gives the same calls only to the loop as it is now).
const FUZZ_LOOP_SEEDS: &[(&str, &str, &str)] = &[(
    "0x40bd54630bee0052",
    "200000",
    "the second text input of parlor_tichu_is_legal was passed with a length drawn apart from its \
     buffer's: read past it, faulting only where the buffer ended a page (the text inputs now end \
     at a guard page, so any read past them faults)",
)];

/// The fuzz loop, built plain, replays each seed of [`FUZZ_LOOP_SEEDS`] clean.
#[test]
fn the_fuzz_loop_replays_the_seeds_that_once_failed() {
    let Some(cc) = tools::available("C fuzz loop seeds", tools::c_compiler()) else {
        return;
    };
    let lib_dir = build_library();
    let out_dir = root().join("target/c-abi/bin-seeds");
    std::fs::create_dir_all(&out_dir).expect("create output folder");
    let exe = out_dir.join("fuzz_loop");
    let output = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O1", "-I"])
        .arg(root().join("include"))
        .arg(root().join("tests/c/fuzz_loop.c"))
        .arg(lib_dir.join("libparlor.a"))
        .args(NATIVE_STATIC_LIBS)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run the C compiler");
    assert!(
        output.status.success(),
        "fuzz_loop.c failed to compile:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for (seed, iterations, what) in FUZZ_LOOP_SEEDS {
        let run = Command::new(&exe)
            .env("PARLOR_C_FUZZ_SEED", seed)
            .env("PARLOR_C_FUZZ_ITERATIONS", iterations)
            .env_remove("PARLOR_C_FUZZ_SECONDS")
            .output()
            .expect("run the fuzz loop");
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success() && stdout.lines().last().unwrap_or_default().ends_with(" passed, 0 failed"),
            "seed {seed} ({what}) fails again:\n{stdout}\n{}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
}

/// The README's quick start against the shared library (`-lparlor` with an rpath).
#[test]
fn quick_start_runs_against_the_shared_library() {
    let Some(cc) = tools::available("C quick start, shared library", tools::c_compiler()) else {
        return;
    };
    let lib_dir = build_library();
    compile_and_run(
        &cc,
        &["-std=c99", "-Wall", "-Wextra", "-Werror"],
        &root().join("tests/c/readme_quickstart.c"),
        &lib_dir,
        Link::Shared,
        &root().join("target/c-abi/bin-shared"),
    );
}

/// Compiles (no link) `source` against the header with `flags`; the compiler's stderr on failure.
fn compile_only(compiler: &std::ffi::OsStr, flags: &[&str], source: &Path) -> Result<(), String> {
    let out_dir = root().join("target").join("c-abi").join("obj");
    std::fs::create_dir_all(&out_dir).expect("create output folder");
    let output = Command::new(compiler)
        .args(flags)
        .arg("-I")
        .arg(root().join("include"))
        .arg("-c")
        .arg(source)
        .arg("-o")
        .arg(out_dir.join(source.file_stem().expect("file name")).with_extension("o"))
        .output()
        .unwrap_or_else(|error| panic!("run {}: {error}", compiler.to_string_lossy()));
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

#[test]
fn ignoring_a_status_is_a_compile_error_with_werror_unused_result() {
    let Some(cc) = tools::available("must-use status in C", tools::c_compiler()) else {
        return;
    };
    let dir = root().join("tests/c/must_use");
    let flags = ["-std=c99", "-Wall", "-Werror=unused-result"];
    compile_only(&cc, &flags, &dir.join("used_status.c")).expect("the control compiles");
    let refused = compile_only(&cc, &flags, &dir.join("ignored_status.c"))
        .expect_err("a dropped PARLOR_MUST_USE status must not compile with -Werror=unused-result");
    for dropped in [
        "parlor_tichu_card_points",
        "parlor_mahjong_config_preset",
        "parlor_round_apply",
    ] {
        assert!(refused.contains(dropped), "no complaint about {dropped}: {refused}");
    }
    // C++17 reads PARLOR_MUST_USE as [[nodiscard]].
    if let Some(cxx) = tools::available("must-use status in C++17", tools::cxx_compiler()) {
        let refused = compile_only(
            &cxx,
            &["-x", "c++", "-std=c++17", "-Werror=unused-result"],
            &dir.join("ignored_status.c"),
        )
        .expect_err("[[nodiscard]] refuses the dropped status in C++17");
        assert!(refused.contains("nodiscard") || refused.contains("unused"), "{refused}");
    }
}

/// `examples/c/any_game.c`: built with `-Wall -Wextra -Werror` (plain, then under ASan+UBSan),
/// run, and its output compared line by line with the same matches played through the core's
/// traits (the same bots, the same bot seeds).
#[test]
fn the_any_game_example_plays_every_game_as_the_core_does() {
    let Some(cc) = tools::available("examples/c/any_game.c", tools::c_compiler()) else {
        return;
    };
    let lib_dir = build_library();
    let source = root().join("examples/c/any_game.c");
    let flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"];
    let mut runs = vec![(flags.to_vec(), root().join("target/c-abi/example"))];
    let sanitized = root().join("target/c-abi/example-sanitize");
    if tools::available(
        "any_game.c under ASan+UBSan",
        tools::compiler_accepts(&cc, SANITIZE, &sanitized),
    )
    .is_some()
    {
        runs.push((flags.iter().chain(SANITIZE).copied().collect(), sanitized));
    }
    let expected = any_game_expected();
    for (flags, out_dir) in runs {
        std::fs::create_dir_all(&out_dir).expect("create output folder");
        let exe = out_dir.join("any_game");
        let output = Command::new(&cc)
            .args(&flags)
            .arg("-I")
            .arg(root().join("include"))
            .arg(&source)
            .arg(lib_dir.join("libparlor.a"))
            .args(NATIVE_STATIC_LIBS)
            .arg("-o")
            .arg(&exe)
            .output()
            .expect("run the C compiler");
        assert!(
            output.status.success(),
            "any_game.c failed to compile:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let run = Command::new(&exe).output().expect("run any_game");
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success(),
            "any_game failed:\n{stdout}\n{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert_eq!(stdout, expected, "any_game.c ({})", flags.join(" "));
    }
}

/// Every whole C program in the docs (a fenced `c` block with `int main`) builds with
/// `-Wall -Wextra -Werror` (an ignored status is an error), runs with exit status 0, and prints
/// what the sentence after it says (`It prints `...``).
#[test]
fn the_docs_c_programs_build_run_and_print_what_they_say() {
    let Some(cc) = tools::available("the docs' C programs", tools::c_compiler()) else {
        return;
    };
    let lib_dir = build_library();
    let out_dir = root().join("target/c-abi/docs");
    std::fs::create_dir_all(&out_dir).expect("create output folder");
    let mut ran = 0;
    for doc in ["dominoes", "tichu", "doudizhu", "mahjong"] {
        let text = std::fs::read_to_string(root().join(format!("docs/{doc}.md"))).expect("read the doc");
        for (i, block) in text.split("```c\n").skip(1).enumerate() {
            let Some((program, after)) = block.split_once("```") else {
                continue;
            };
            if !program.contains("int main(void)") {
                continue;
            }
            let source = out_dir.join(format!("{doc}_{i}.c"));
            std::fs::write(&source, program).expect("write the program");
            let exe = out_dir.join(format!("{doc}_{i}"));
            let output = Command::new(&cc)
                .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I"])
                .arg(root().join("include"))
                .arg(&source)
                .arg(lib_dir.join("libparlor.a"))
                .args(NATIVE_STATIC_LIBS)
                .arg("-o")
                .arg(&exe)
                .output()
                .expect("run the C compiler");
            assert!(
                output.status.success(),
                "docs/{doc}.md program {i}:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
            let run = Command::new(&exe).output().expect("run the program");
            assert!(run.status.success(), "docs/{doc}.md program {i} failed");
            let printed = String::from_utf8_lossy(&run.stdout);
            if let Some(said) = after
                .trim_start()
                .strip_prefix("It prints `")
                .and_then(|rest| rest.split_once('`'))
            {
                assert_eq!(printed.trim_end(), said.0, "docs/{doc}.md program {i}");
            }
            ran += 1;
        }
    }
    assert!(ran >= 4, "{ran} programs in the docs");
}

/// What `examples/c/any_game.c` prints, computed through the core's traits.
fn any_game_expected() -> String {
    use parlor_core::game::{Match, Round};
    fn play<M: Match>(seed: u64, total: &mut u64) -> String {
        use parlor_core::game::Rules;
        use parlor_core::game::bot::{Bot, Lowest, Uniform};
        let config = <<M::Round as Round>::Config as Rules>::PRESETS[0].1.clone();
        let mut game = M::new(&config, seed).expect("the default preset plays");
        let mut bot_seed = seed;
        let mut actions = 0u64;
        while let Some(seat) = game.round().to_act().filter(|_| !game.is_over()) {
            bot_seed = bot_seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = if seat.0 % 2 == 1 {
                Uniform::new(bot_seed).choose(game.round(), seat)
            } else {
                Lowest.choose(game.round(), seat)
            }
            .expect("the seat in turn acts");
            game.apply(seat, action).expect("a bot's action is legal");
            actions += 1;
        }
        *total += actions;
        let scores: Vec<String> = game.scores().as_slice().iter().map(i32::to_string).collect();
        let places: Vec<String> = game
            .result()
            .expect("over")
            .places()
            .iter()
            .map(u8::to_string)
            .collect();
        format!(
            "{:<9} seed {seed}: {:>2} rounds, {actions:>5} actions, scores {}, places {}\n",
            <M::Round as Round>::GAME.name(),
            game.rounds_played(),
            scores.join(" "),
            places.join(" ")
        )
    }
    let mut total = 0;
    let mut text = String::new();
    text += &play::<parlor_core::dominoes::Match>(7, &mut total);
    text += &play::<parlor_core::tichu::game_match::Match>(7, &mut total);
    text += &play::<parlor_core::doudizhu::game_match::Match>(7, &mut total);
    text += &play::<parlor_core::mahjong::Match>(7, &mut total);
    text += &format!("{total} actions in all\n");
    text
}

/// The `parlor_*` names directly followed by `(` in `text`.
fn names_called_in(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("parlor_").filter_map(move |(start, _)| {
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            return None; // part of a longer name
        }
        let rest = &text[start..];
        let end = rest
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
            .unwrap_or(rest.len());
        rest[end..].starts_with('(').then(|| &rest[..end])
    })
}

/// The functions a header declares: the `parlor_*(` names on declaration lines (a line that
/// starts with a type, not a comment, a continuation or a preprocessor line; the doc comments
/// name functions too).
fn declared_functions(header: &str) -> std::collections::BTreeSet<String> {
    header
        .lines()
        .filter(|line| line.starts_with(|c: char| c.is_ascii_alphabetic()))
        .flat_map(names_called_in)
        .map(str::to_owned)
        .collect()
}

/// `source` without its C comments (`/* … */`, `// …`), which name functions they do not call.
fn without_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    loop {
        let block = rest.find("/*");
        let line = rest.find("//");
        match (block, line) {
            (Some(b), l) if l.is_none_or(|l| b < l) => {
                out.push_str(&rest[..b]);
                rest = rest[b..].find("*/").map_or("", |end| &rest[b + end + 2..]);
            }
            (_, Some(l)) => {
                out.push_str(&rest[..l]);
                rest = rest[l..].find('\n').map_or("", |end| &rest[l + end..]);
            }
            _ => {
                out.push_str(rest);
                return out;
            }
        }
    }
}

/// `tests/c/fuzz_loop.c` says it covers every entry point of `parlor.h`: each function the
/// header declares is called in its code (comments aside), so a new entry point fails here
/// until the loop calls it.
#[test]
fn the_fuzz_loop_calls_every_function_the_header_declares() {
    let header = std::fs::read_to_string(root().join("include/parlor.h")).expect("read include/parlor.h");
    let source = std::fs::read_to_string(root().join("tests/c/fuzz_loop.c")).expect("read tests/c/fuzz_loop.c");
    let declared = declared_functions(&header);
    for known in [
        "parlor_status_str",
        "parlor_round_new",
        "parlor_match_decode",
        "parlor_bot_choose",
    ] {
        assert!(declared.contains(known), "the declaration scan misses {known}");
    }
    assert!(declared.len() >= 70, "only {} declarations found", declared.len());
    let code = without_comments(&source);
    let called: std::collections::BTreeSet<&str> = names_called_in(&code).collect();
    let missing: Vec<&String> = declared.iter().filter(|name| !called.contains(name.as_str())).collect();
    assert!(
        missing.is_empty(),
        "tests/c/fuzz_loop.c does not call {} of the {} functions parlor.h declares: {missing:?}",
        missing.len(),
        declared.len()
    );
}

#[test]
fn the_declaration_scan_reads_declarations_not_comments() {
    let header = "/**\n * As `parlor_a_round_new(`.\n */\nPARLOR_MUST_USE\nParlorStatus parlor_b(const char *x,\n    size_t n);\nuint32_t parlor_c(void);\n#define parlor_d(x) x\n";
    let names: Vec<String> = declared_functions(header).into_iter().collect();
    assert_eq!(names, ["parlor_b", "parlor_c"]);
    let code = without_comments("a = parlor_x(1); /* parlor_y(2) */ b = parlor_z (3); // parlor_w(4)\nxparlor_v(5);");
    assert_eq!(names_called_in(&code).collect::<Vec<_>>(), ["parlor_x"]);
}
