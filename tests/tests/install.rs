//! The install layout's checked-in files agree with the crate: the CMake package version is the
//! workspace version, and parlor-ffi carries the cargo-c metadata (`capi` feature, SONAME major
//! from one version component). `scripts/c-install-check` (run by CI) installs and builds against
//! them.

use std::path::Path;

fn read(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|error| panic!("{path}: {error}"))
}

#[test]
fn cmake_package_version_is_the_crate_version() {
    let version_file = read("ffi/cmake/ParlorConfigVersion.cmake");
    let wanted = format!("set(PACKAGE_VERSION \"{}\")", env!("CARGO_PKG_VERSION"));
    assert!(
        version_file.contains(&wanted),
        "ffi/cmake/ParlorConfigVersion.cmake lacks {wanted}"
    );
    let minor = env!("CARGO_PKG_VERSION_MINOR");
    assert!(
        version_file.contains(&format!("NOT PACKAGE_FIND_VERSION_MINOR EQUAL {minor})")),
        "the 0.x compatibility rule names minor version {minor}"
    );
}

#[test]
fn ffi_manifest_has_the_cargo_c_metadata() {
    let manifest = read("ffi/Cargo.toml");
    for line in [
        "capi = []",
        "[package.metadata.capi.library]",
        "name = \"parlor\"",
        "version_suffix_components = 1",
        "generation = false",
        "asset = [{ from = \"../include/parlor.h\", to = \"\" }]",
        "asset = [{ from = \"cmake/*.cmake\", to = \"parlor/cmake\" }]",
    ] {
        assert!(manifest.contains(line), "ffi/Cargo.toml lacks {line:?}");
    }
}

/// Regression: the build line in the comment at the top of each `examples/c/*.c` linked the
/// shared library from an installed prefix without a run path, so the program it built stopped
/// at start (`error while loading shared libraries: libparlor.so.0`) for a prefix outside the
/// system's library path — the case `examples/README.md` gives the run path for. Every command
/// the docs and the examples give that links with `pkg-config --cflags --libs parlor` carries
/// `-Wl,-rpath,…` (the static lines use `--static --libs` and need none).
#[test]
fn every_shared_pkg_config_link_line_carries_a_run_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = vec!["README.md".to_owned(), "examples/README.md".to_owned()];
    for dir in ["docs", "examples/c", "examples/cmake"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap_or_else(|error| panic!("{dir}: {error}")) {
            let name = entry
                .expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned();
            if [".md", ".c", ".cpp"].iter().any(|ext| name.ends_with(ext)) {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    let needle = "pkg-config --cflags --libs parlor";
    let mut seen = 0;
    for file in &files {
        let text = read(file);
        for (at, _) in text.match_indices(needle) {
            let line_start = text.get(..at).and_then(|head| head.rfind('\n')).map_or(0, |i| i + 1);
            let before = text.get(line_start..at).unwrap_or_default();
            let rest = text.get(at..).unwrap_or_default();
            // Inside a Markdown code span (which may wrap), the command ends at its closing
            // backtick; elsewhere at the end of its line, `\` continuations joined.
            let command = if file.ends_with(".md") && before.matches('`').count() % 2 == 1 {
                rest.split('`').next().unwrap_or_default().to_owned()
            } else {
                let mut command = String::new();
                for line in rest.lines() {
                    command.push_str(line);
                    if !line.trim_end().ends_with('\\') {
                        break;
                    }
                }
                command
            };
            assert!(
                command.contains("-Wl,-rpath,"),
                "{file}: `{}` links the shared library without a run path",
                command.trim()
            );
            seen += 1;
        }
    }
    assert!(seen >= 5, "only {seen} pkg-config link lines found");
}
