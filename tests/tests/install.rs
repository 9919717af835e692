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
