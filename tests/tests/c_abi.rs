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
