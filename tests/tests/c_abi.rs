//! Compiles every C program in `tests/c/` (`-std=c99 -Wall -Wextra -Werror -pedantic`) and every
//! C++ file (`-std=c++17 -Wall -Wextra -Werror`) against `include/parlor.h`, links each with the
//! static library built from `ffi/`, runs it and requires exit status 0 and a
//! `N passed, 0 failed` closing line. The C programs check real answers, not just "runs".

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Builds `libparlor.a` in a target folder of its own (so it never waits on the outer cargo's lock).
fn build_library() -> PathBuf {
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

fn compile_and_run(compiler: &str, flags: &[&str], source: &Path, lib_dir: &Path) {
    let out_dir = root().join("target").join("c-abi").join("bin");
    std::fs::create_dir_all(&out_dir).expect("create output folder");
    let exe = out_dir.join(source.file_stem().expect("file name"));
    let output = Command::new(compiler)
        .args(flags)
        .arg("-I")
        .arg(root().join("include"))
        .arg(source)
        .arg(lib_dir.join("libparlor.a"))
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe)
        .output()
        .unwrap_or_else(|error| panic!("run {compiler}: {error}"));
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
        "{} failed:\n{stdout}\n{}",
        source.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.ends_with(" passed, 0 failed"),
        "{}: unexpected closing line {last:?}",
        source.display()
    );
}

#[test]
fn c_and_cpp_programs_pass_against_the_header_and_library() {
    let lib_dir = build_library();
    let mut sources: Vec<PathBuf> = std::fs::read_dir(root().join("tests/c"))
        .expect("tests/c exists")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .collect();
    sources.sort();
    let mut ran = 0;
    for source in &sources {
        match source.extension().and_then(|ext| ext.to_str()) {
            Some("c") => compile_and_run(
                "cc",
                &["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"],
                source,
                &lib_dir,
            ),
            Some("cpp") => compile_and_run("c++", &["-std=c++17", "-Wall", "-Wextra", "-Werror"], source, &lib_dir),
            _ => continue,
        }
        ran += 1;
    }
    assert!(ran >= 2, "expected the C and C++ programs in tests/c, found {ran}");
}

/// Whether `compiler` runs; when it does not, the test skips with a line, except under CI
/// (env `CI` set), where the compiler is required.
fn compiler_available(compiler: &str) -> bool {
    let found = Command::new(compiler)
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        assert!(std::env::var_os("CI").is_none(), "{compiler} is required under CI");
        eprintln!("skipped: no {compiler} on this machine");
    }
    found
}

/// Compiles (no link) `source` against the header with `flags`; the compiler's stderr on failure.
fn compile_only(compiler: &str, flags: &[&str], source: &Path) -> Result<(), String> {
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
        .unwrap_or_else(|error| panic!("run {compiler}: {error}"));
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

#[test]
fn ignoring_a_status_is_a_compile_error_with_werror_unused_result() {
    if !compiler_available("cc") {
        return;
    }
    let dir = root().join("tests/c/must_use");
    let flags = ["-std=c99", "-Wall", "-Werror=unused-result"];
    compile_only("cc", &flags, &dir.join("used_status.c")).expect("the control compiles");
    let refused = compile_only("cc", &flags, &dir.join("ignored_status.c"))
        .expect_err("a dropped PARLOR_MUST_USE status must not compile with -Werror=unused-result");
    assert!(refused.contains("parlor_tichu_card_points"), "{refused}");
    // C++17 reads PARLOR_MUST_USE as [[nodiscard]].
    if compiler_available("c++") {
        let refused = compile_only(
            "c++",
            &["-x", "c++", "-std=c++17", "-Werror=unused-result"],
            &dir.join("ignored_status.c"),
        )
        .expect_err("[[nodiscard]] refuses the dropped status in C++17");
        assert!(refused.contains("nodiscard") || refused.contains("unused"), "{refused}");
    }
}
