//! Runs a fuzz checker under stable `cargo test`: over the checked-in regression inputs of its
//! target and over deterministic pseudo-random byte strings decoded with `arbitrary`.

use std::path::{Path, PathBuf};

use arbitrary::{Arbitrary, Unstructured};

/// The folder of checked-in regression inputs of fuzz target `target`
/// (`tests/fuzz-regressions/<target>/`; each file is one raw libFuzzer input).
pub fn regression_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz-regressions")
        .join(target)
}

/// Decodes `data` as libFuzzer + `arbitrary` would for a `fuzz_target!(|case: T| …)` and, if it
/// decodes, calls `check` on it. Returns whether it decoded.
pub fn run_bytes<T: for<'a> Arbitrary<'a>>(data: &[u8], check: &impl Fn(T)) -> bool {
    match T::arbitrary_take_rest(Unstructured::new(data)) {
        Ok(case) => {
            check(case);
            true
        }
        Err(_) => false,
    }
}

/// Runs `check` on the one regression input `tests/fuzz-regressions/<target>/<name>`. An input
/// that is missing or no longer decodes as a case (the case type changed) fails: a regression
/// must keep testing what it found, so re-record it instead.
pub fn run_regression<T: for<'a> Arbitrary<'a>>(target: &str, name: &str, check: impl Fn(T)) {
    let path = regression_dir(target).join(name);
    let data = std::fs::read(&path).unwrap_or_else(|error| panic!("read {}: {error}", path.display()));
    assert!(
        run_bytes(&data, &check),
        "{} no longer decodes as a {target} case: re-record it",
        path.display()
    );
}

/// The regression inputs of `target` (file names, sorted; dot files such as `.gitkeep` skipped).
pub fn regression_names(target: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(regression_dir(target))
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
                .filter(|name| !name.starts_with('.'))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Runs `check` over every regression input of `target` (each must decode, as in
/// [`run_regression`]), then over `random_cases` pseudo-random inputs (a fixed seed, so runs
/// repeat). Returns how many cases were checked.
pub fn run_target<T: for<'a> Arbitrary<'a>>(target: &str, random_cases: usize, check: impl Fn(T)) -> usize {
    let mut checked = 0;
    if let Ok(entries) = std::fs::read_dir(regression_dir(target)) {
        let mut paths: Vec<_> = entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| {
                !path
                    .file_name()
                    .and_then(|name| name.to_str())
                    .unwrap_or(".")
                    .starts_with('.')
            })
            .collect();
        paths.sort();
        for path in paths {
            let data = std::fs::read(&path).unwrap_or_else(|error| panic!("read {}: {error}", path.display()));
            assert!(
                run_bytes(&data, &check),
                "{} no longer decodes as a {target} case: re-record it",
                path.display()
            );
            checked += 1;
        }
    }
    let mut rng = SplitMix64(0x5eed_0f9a_2104);
    for case in 0..random_cases {
        let len = 8 + (rng.next() % 256) as usize;
        let data: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let decoded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_bytes(&data, &check)));
        match decoded {
            Ok(ok) => checked += usize::from(ok),
            Err(payload) => {
                let path = regression_dir(target).join(format!("random-{case}"));
                eprintln!(
                    "{target}: pseudo-random case {case} failed; to keep it: write {:?} to {}",
                    data,
                    path.display()
                );
                std::panic::resume_unwind(payload);
            }
        }
    }
    checked
}

/// A tiny deterministic generator (SplitMix64) for test data; not for anything else.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next pseudo-random 64-bit value.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }
}
