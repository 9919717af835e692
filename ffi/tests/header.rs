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

/// Every function of the one function set that returns a status is `PARLOR_MUST_USE` (ignoring
/// it is a compile warning), and its comment is Doxygen only (`@brief`, `@param`, `@retval`; no
/// Rust `[x]` links or `# Safety` headings). (The rule checks' comments and markers are converted
/// on their own branch; once it has landed, widen `ONE_SET` to every function.)
#[test]
fn every_status_is_must_use_and_the_comments_are_doxygen() {
    const ONE_SET: [&str; 6] = [
        "parlor_config_",
        "parlor_round_",
        "parlor_match_",
        "parlor_action_",
        "parlor_bot_",
        "parlor_game_name",
    ];
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../include/parlor.h");
    let header = std::fs::read_to_string(path).expect("read include/parlor.h");
    let lines: Vec<&str> = header.lines().collect();
    let (mut statuses, mut functions) = (0, 0);
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with([' ', '*', '/', '#']) || line.is_empty() {
            continue;
        }
        let Some(at) = line.find("parlor_") else { continue };
        let name: String = line[at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !line[at + name.len()..].starts_with('(') || !ONE_SET.iter().any(|prefix| name.starts_with(prefix)) {
            continue;
        }
        functions += 1;
        let mut k = i;
        let returns_status = line.starts_with("ParlorStatus ") || line.starts_with("PARLOR_MUST_USE ParlorStatus ");
        if returns_status {
            statuses += 1;
            if line.starts_with("ParlorStatus ") {
                assert_eq!(lines[i - 1], "PARLOR_MUST_USE", "not must-use: {name}");
                k -= 1;
            }
        }
        let comment_end = k - 1;
        assert_eq!(lines[comment_end], " */", "{name} has no comment");
        let comment_start = (0..comment_end)
            .rev()
            .find(|&j| lines[j] == "/**")
            .expect("comment start");
        let comment = lines[comment_start..comment_end].join("\n");
        assert!(comment.contains("@brief"), "{name}: no @brief");
        assert!(
            !comment.contains("# Safety") && !comment.contains("[`") && !comment.contains("]("),
            "{name}: Rust-style doc"
        );
        if returns_status {
            assert!(
                comment.contains("@retval PARLOR_OK") && comment.contains("@return"),
                "{name}: no @return/@retval"
            );
        }
        assert!(comment.contains("@param"), "{name}: no @param");
    }
    assert_eq!(
        (functions, statuses),
        (37, 36),
        "functions and status-returning functions of the one set"
    );
}
