//! Outside tools that some tests need: Python packages (`mahjong`, `open_spiel`…), the C and
//! C++ compilers, their sanitizer runtimes, `cmake`, `pkg-config`, `doxygen`.
//!
//! One rule for all of them, in one place: a test whose tool is absent **skips** with one line
//! on standard error (`skipped: <test>: <what is missing>`) on a developer's machine, and
//! **fails** when the environment variable `CI` is set (to anything but empty, `0` or `false`),
//! because CI (`.ci/run`) installs every tool. So `cargo test --workspace` passes on a fresh
//! machine with nothing but Rust, and CI can never silently skip a cross-check.
//!
//! ```no_run
//! use parlor_conformance::tools::{self, Python};
//! let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/mahjong_shanten.py");
//! let Some(output) = tools::available("shanten vs mahjong", Python::from_env().run(script.as_ref(), b"")) else {
//!     return; // skipped (one line printed); under CI this panicked instead
//! };
//! assert!(output.status.success());
//! ```
//!
//! Overrides: `PARLOR_PYTHON` (interpreter, default `python3`), `PARLOR_CC` (default `cc`),
//! `PARLOR_CXX` (default `c++`), `PARLOR_DOXYGEN` (default `doxygen`). Setting one to a name
//! that does not exist is how CI checks the skip path (`.ci/run`, step "tests without the
//! outside tools").

use std::ffi::{OsStr, OsString};
use std::io::{ErrorKind, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Exit status a Python helper script (`tests/python/*.py`) uses to say "a package I need is not
/// installed"; its first line of standard error names the package and the `pip install` line.
/// Helpers must test their imports before doing anything else.
pub const PYTHON_MISSING_PACKAGE: i32 = 3;

/// An outside tool is absent: the one-line reason (what is missing, how to install it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing(pub String);

impl core::fmt::Display for Missing {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a test does about a [`Missing`] tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Not under CI: print this line on standard error and pass.
    Skip(String),
    /// Under CI: fail with this message (CI is supposed to have installed the tool).
    Fail(String),
}

/// Whether a value of the `CI` environment variable means "running under CI": set and not
/// empty, `0` or `false` (any case).
pub fn ci_value_is_set(value: Option<&OsStr>) -> bool {
    match value.and_then(OsStr::to_str) {
        None => value.is_some(), // set but not UTF-8: still set
        Some(text) => !(text.is_empty() || text == "0" || text.eq_ignore_ascii_case("false")),
    }
}

/// Whether this process runs under CI (the `CI` environment variable, see [`ci_value_is_set`]).
pub fn in_ci() -> bool {
    ci_value_is_set(std::env::var_os("CI").as_deref())
}

/// The decision for test `test` whose tool is `missing`, with `ci` telling whether CI runs.
pub fn verdict(test: &str, missing: &Missing, ci: bool) -> Verdict {
    if ci {
        Verdict::Fail(format!("{test}: {missing} — required under CI (.ci/run installs it)"))
    } else {
        Verdict::Skip(format!("skipped: {test}: {missing}"))
    }
}

/// [`available`] with the CI decision given (so the skip path itself can be tested).
pub fn available_with<T>(test: &str, result: Result<T, Missing>, ci: bool) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(missing) => match verdict(test, &missing, ci) {
            Verdict::Skip(line) => {
                eprintln!("{line}");
                None
            }
            Verdict::Fail(message) => panic!("{message}"),
        },
    }
}

/// The tool's value when present; when absent, `None` after printing the one skip line —
/// or, under CI, a panic. Use as `let Some(x) = tools::available("what", probe) else { return };`.
pub fn available<T>(test: &str, result: Result<T, Missing>) -> Option<T> {
    available_with(test, result, in_ci())
}

/// Checks that `program` starts and succeeds with `args` (e.g. `--version`).
pub fn program(program: impl AsRef<OsStr>, args: &[&str]) -> Result<(), Missing> {
    let program = program.as_ref();
    let name = program.to_string_lossy();
    match Command::new(program).args(args).stdin(Stdio::null()).output() {
        Ok(output) if output.status.success() => Ok(()),
        Ok(output) => Err(Missing(format!(
            "`{name} {}` failed ({})",
            args.join(" "),
            output.status
        ))),
        Err(error) => Err(Missing(format!("`{name}` not found ({error})"))),
    }
}

fn env_or(variable: &str, default: &str) -> OsString {
    std::env::var_os(variable)
        .filter(|value| !value.is_empty())
        .unwrap_or_else(|| default.into())
}

/// The C compiler (`PARLOR_CC`, default `cc`), checked to run.
pub fn c_compiler() -> Result<OsString, Missing> {
    let cc = env_or("PARLOR_CC", "cc");
    program(&cc, &["--version"]).map(|()| cc)
}

/// Doxygen (`PARLOR_DOXYGEN`, default `doxygen`; Debian package `doxygen`), checked to run.
pub fn doxygen() -> Result<OsString, Missing> {
    let doxygen = env_or("PARLOR_DOXYGEN", "doxygen");
    program(&doxygen, &["--version"]).map(|()| doxygen)
}

/// The C++ compiler (`PARLOR_CXX`, default `c++`), checked to run.
pub fn cxx_compiler() -> Result<OsString, Missing> {
    let cxx = env_or("PARLOR_CXX", "c++");
    program(&cxx, &["--version"]).map(|()| cxx)
}

/// Whether `compiler` can build and run a C program with `flags` (say
/// `-fsanitize=address,undefined`: the runtime libraries are a separate install on some systems).
/// `work` is a folder for the probe's files.
pub fn compiler_accepts(compiler: &OsStr, flags: &[&str], work: &Path) -> Result<(), Missing> {
    let name = compiler.to_string_lossy();
    std::fs::create_dir_all(work).map_err(|error| Missing(format!("create {}: {error}", work.display())))?;
    let source = work.join("probe.c");
    let exe = work.join("probe");
    std::fs::write(&source, "int main(void) { return 0; }\n")
        .map_err(|error| Missing(format!("write {}: {error}", source.display())))?;
    let built = Command::new(compiler)
        .args(flags)
        .arg(&source)
        .arg("-o")
        .arg(&exe)
        .output()
        .map_err(|error| Missing(format!("`{name}` not found ({error})")))?;
    if !built.status.success() {
        return Err(Missing(format!(
            "`{name} {}` cannot build a program: {}",
            flags.join(" "),
            String::from_utf8_lossy(&built.stderr).lines().next().unwrap_or("")
        )));
    }
    match Command::new(&exe).output() {
        Ok(run) if run.status.success() => Ok(()),
        Ok(run) => Err(Missing(format!(
            "a program built with `{name} {}` does not run ({})",
            flags.join(" "),
            run.status
        ))),
        Err(error) => Err(Missing(format!("run {}: {error}", exe.display()))),
    }
}

/// A Python interpreter to run the helper scripts in `tests/python/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Python {
    program: OsString,
    args: Vec<OsString>,
}

impl Python {
    /// `PARLOR_PYTHON` if set, else `python3`.
    pub fn from_env() -> Self {
        Self::new(env_or("PARLOR_PYTHON", "python3"))
    }

    /// A given interpreter.
    pub fn new(program: impl Into<OsString>) -> Self {
        Self {
            program: program.into(),
            args: Vec::new(),
        }
    }

    /// The same interpreter, isolated and without `site` (`-I -S`): no site-packages, so no
    /// installed package is importable — the situation of a fresh machine, for testing the skip path.
    pub fn without_site_packages(mut self) -> Self {
        self.args.extend(["-I".into(), "-S".into()]);
        self
    }

    /// Runs helper `script` with `stdin` as its standard input and returns its output.
    ///
    /// `Err(Missing)` when the interpreter cannot be started, or the script exits with
    /// [`PYTHON_MISSING_PACKAGE`] (its first line of standard error is the reason). A script that
    /// exits before reading all of its input is not an error here (the broken pipe is ignored);
    /// any other failure comes back as the `Output` for the caller to assert on.
    pub fn run(&self, script: &Path, stdin: &[u8]) -> Result<Output, Missing> {
        let name = self.program.to_string_lossy().into_owned();
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| Missing(format!("`{name}` not found ({error})")))?;
        let mut pipe = child.stdin.take();
        let input = stdin.to_vec();
        // Write from a thread: a helper that answers while reading must not block on a full pipe.
        let writer = std::thread::spawn(move || -> std::io::Result<()> {
            if let Some(pipe) = pipe.as_mut() {
                match pipe.write_all(&input) {
                    Err(error) if error.kind() == ErrorKind::BrokenPipe => {}
                    other => other?,
                }
            }
            Ok(())
        });
        let output = child
            .wait_with_output()
            .map_err(|error| Missing(format!("wait for `{name}`: {error}")))?;
        let written = writer.join();
        if output.status.code() == Some(PYTHON_MISSING_PACKAGE) {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let reason = stderr.lines().next().unwrap_or("a Python package is missing").trim();
            return Err(Missing(reason.to_owned()));
        }
        match written {
            Ok(Ok(())) => Ok(output),
            Ok(Err(error)) => panic!("writing to {}: {error}", script.display()),
            Err(_) => panic!("the thread writing to {} panicked", script.display()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ci_variable_values() {
        assert!(!ci_value_is_set(None));
        for off in ["", "0", "false", "FALSE"] {
            assert!(!ci_value_is_set(Some(OsStr::new(off))), "{off:?}");
        }
        for on in ["true", "1", "yes"] {
            assert!(ci_value_is_set(Some(OsStr::new(on))), "{on:?}");
        }
    }

    #[test]
    fn missing_tool_skips_outside_ci_and_fails_under_ci() {
        let missing = Missing("python package 'mahjong' is not installed".into());
        assert_eq!(
            verdict("shanten", &missing, false),
            Verdict::Skip("skipped: shanten: python package 'mahjong' is not installed".into())
        );
        let Verdict::Fail(message) = verdict("shanten", &missing, true) else {
            panic!("CI must fail")
        };
        assert!(message.contains("required under CI"), "{message}");
        assert_eq!(
            available_with::<u8>("tools self-test", Err(missing.clone()), false),
            None
        );
        assert_eq!(available_with("t", Ok(7u8), true), Some(7));
        let under_ci = std::panic::catch_unwind(|| available_with::<u8>("t", Err(missing), true));
        assert!(under_ci.is_err());
    }

    #[test]
    fn absent_programs_are_missing_not_panics() {
        let name = "parlor-no-such-program-7f3a";
        assert!(program(name, &["--version"]).unwrap_err().0.contains("not found"));
        let python = Python::new(name).run(Path::new("x.py"), b"1\n");
        assert!(python.unwrap_err().0.contains("not found"));
        let work = std::env::temp_dir().join("parlor-tools-probe");
        assert!(compiler_accepts(OsStr::new(name), &[], &work).is_err());
    }
}
