//! `scripts/fuzz-corpus-fetch`, the step of `.ci/run` that brings the corpus ClusterFuzzLite's
//! batch fuzzing keeps (a git branch `fuzz-corpus` with `corpus/<target>/`) into CI's fuzz runs.
//! Needs `bash` and `git`; skips with a line when either is missing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").output().is_ok()
}

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "user.email=ci@parlor.invalid", "-c", "user.name=ci"])
        .args(args)
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?} failed");
}

fn fetch(dest: &Path, vars: &[(&str, &str)]) -> Output {
    let mut command = Command::new("bash");
    command
        .arg(root().join("scripts/fuzz-corpus-fetch"))
        .arg(dest)
        .env_remove("PARLOR_FUZZ_CORPUS_REPO")
        .env_remove("PARLOR_FUZZ_CORPUS_BRANCH")
        .env_remove("PARLOR_FUZZ_CORPUS_MAX");
    for (key, value) in vars {
        command.env(key, value);
    }
    command.output().expect("bash runs the script")
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|entry| entry.expect("an entry").file_name().into_string().unwrap())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn the_batch_corpus_reaches_each_targets_folder_and_a_missing_one_only_says_so() {
    if !have("git") || !have("bash") {
        eprintln!("skipped: the corpus fetch needs git and bash");
        return;
    }
    let scratch = std::env::temp_dir().join(format!("parlor-corpus-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let store = scratch.join("store");
    for (target, name, bytes) in [
        ("dominoes_round", "0a1b", &b"\x01\x02"[..]),
        ("dominoes_round", "ff00", b"\x03"),
        ("tichu_round", "77", b"\x04\x05\x06"),
    ] {
        let folder = store.join("corpus").join(target);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(name), bytes).unwrap();
    }
    git(&store, &["init", "-q"]);
    git(&store, &["checkout", "-q", "-b", "fuzz-corpus"]);
    git(&store, &["add", "."]);
    git(&store, &["commit", "-q", "-m", "corpus"]);
    let url = store.to_str().unwrap();

    let dest = scratch.join("dest");
    let out = fetch(&dest, &[("PARLOR_FUZZ_CORPUS_REPO", url)]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("3 inputs for 2 targets"), "{said}");
    assert_eq!(files(&dest.join("dominoes_round")), ["0a1b", "ff00"]);
    assert_eq!(files(&dest.join("tichu_round")), ["77"]);
    assert_eq!(std::fs::read(dest.join("tichu_round/77")).unwrap(), b"\x04\x05\x06");

    // At most PARLOR_FUZZ_CORPUS_MAX inputs per target, the first by name, and it says so.
    let capped = scratch.join("capped");
    let out = fetch(
        &capped,
        &[("PARLOR_FUZZ_CORPUS_REPO", url), ("PARLOR_FUZZ_CORPUS_MAX", "1")],
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("dominoes_round keeps its first 1 inputs"), "{said}");
    assert_eq!(files(&capped.join("dominoes_round")), ["0a1b"]);

    // No such repository, or no such branch: one line, exit 0, nothing written.
    for (vars, words) in [
        (
            vec![("PARLOR_FUZZ_CORPUS_REPO", "/nonexistent/parlor-store")],
            "not fetched",
        ),
        (
            vec![
                ("PARLOR_FUZZ_CORPUS_REPO", url),
                ("PARLOR_FUZZ_CORPUS_BRANCH", "no-such-branch"),
            ],
            "not fetched",
        ),
    ] {
        let none = scratch.join("none");
        let out = fetch(&none, &vars);
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{said}");
        assert!(said.contains(words) && said.contains("start from the seeds"), "{said}");
        assert_eq!(said.lines().count(), 1, "{said}");
        assert!(!none.exists());
    }

    // Called wrongly: exit 2 with a usage line.
    let out = Command::new("bash")
        .arg(root().join("scripts/fuzz-corpus-fetch"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("usage:"));
    let _ = std::fs::remove_dir_all(&scratch);
}
