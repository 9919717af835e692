//! Fails when `include/parlor.h` differs from what the pinned cbindgen generates from `ffi/src`.
//! Regenerate with `PARLOR_BLESS=1 cargo test -p parlor-ffi --test header`.

use std::path::PathBuf;

#[test]
fn checked_in_header_is_fresh() {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml parses");
    let bindings = cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut fresh = Vec::new();
    bindings.write(&mut fresh);
    let fresh = String::from_utf8(fresh).expect("header is UTF-8");
    let path = crate_dir.join("../include/parlor.h");
    if std::env::var_os("PARLOR_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write include/parlor.h");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == fresh,
        "include/parlor.h is stale: regenerate it with `PARLOR_BLESS=1 cargo test -p parlor-ffi --test header`"
    );
}

/// Every function of the header that returns a status is `PARLOR_MUST_USE` (ignoring it is a
/// compile warning), and no function comment is Rust-style (`[x]` links, `# Safety` headings)
/// where Doxygen reads it.
#[test]
fn every_status_is_must_use_and_the_comments_are_doxygen() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../include/parlor.h");
    let header = std::fs::read_to_string(path).expect("read include/parlor.h");
    let lines: Vec<&str> = header.lines().collect();
    let mut statuses = 0;
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("ParlorStatus parlor_") {
            statuses += 1;
            assert_eq!(
                i.checked_sub(1).map(|p| lines[p]),
                Some("PARLOR_MUST_USE"),
                "not must-use: {line}"
            );
        }
    }
    assert!(statuses >= 60, "{statuses} status-returning functions");
    // The one function set's comments (from `parlor_game_name` on) are Doxygen only.
    let start = header.find("parlor_game_name").expect("the one function set is declared");
    let doc_start = header[..start].rfind("/**").expect("its comment");
    let one_set = &header[doc_start..];
    let end = one_set.find("parlor_match_decode").expect("the last function of the set");
    let one_set = &one_set[..end];
    assert!(!one_set.contains("# Safety"), "a Rust `# Safety` heading in the header");
    assert!(!one_set.contains("](") && !one_set.contains("[`"), "a Rust-style link in the header");
    assert!(one_set.matches("@retval").count() >= 100);
}
