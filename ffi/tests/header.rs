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
