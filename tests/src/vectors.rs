//! The test vectors in `tests/vectors/*.tsv`. The format is the one `parlor check` reads
//! ([`parlor_cli::check::parse_vectors`]): a `parlor` command line, TAB, the expected output,
//! optionally TAB and a comment.

use std::path::{Path, PathBuf};

pub use parlor_cli::check::Vector;

/// The folder of the vector files.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors")
}

/// Every vector of the files `tests/vectors/<game>*.tsv`, with the file name of each.
pub fn load(game: &str) -> Vec<(String, Vector)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/vectors exists")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
            name.starts_with(game) && name.ends_with(".tsv")
        })
        .collect();
    files.sort();
    let mut all = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("vector file is readable UTF-8");
        let name = file
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or_default()
            .to_owned();
        let vectors = parlor_cli::check::parse_vectors(&text).unwrap_or_else(|error| panic!("{name}: {error}"));
        all.extend(vectors.into_iter().map(|vector| (name.clone(), vector)));
    }
    all
}

/// Runs every vector of `game` through the CLI (in-process) and asserts the expected output.
/// Returns how many ran.
pub fn assert_cli(game: &str) -> usize {
    let vectors = load(game);
    let mut failures = Vec::new();
    for (file, vector) in &vectors {
        let actual = parlor_cli::check::rendered_output(vector);
        if actual != vector.expected {
            failures.push(format!(
                "{file}:{}: {:?}: expected {:?}, got {:?}",
                vector.line, vector.args, vector.expected, actual
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} CLI vector failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    vectors.len()
}
