//! The README shows the C quick start verbatim; the C test compiles and runs that file
//! (`tests/c/readme_quickstart.c`), so the README's C code is tested too.

#[test]
fn readme_shows_the_tested_c_quick_start() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let program = std::fs::read_to_string(root.join("tests/c/readme_quickstart.c")).expect("quick start");
    assert!(
        readme.contains(&format!("```c\n{program}```")),
        "README.md's C quick start differs from tests/c/readme_quickstart.c"
    );
}
