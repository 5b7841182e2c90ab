//! The extension module as `cargo test` builds it: this package's library, a cdylib built
//! before this test and with the workspace's test features, which `cargo xtask test` installs
//! for the Python tests instead of building the package a second time with maturin. It must
//! be a shared object Python can load: one that exports the module's init function and does
//! not link libpython (`PYO3_BUILD_EXTENSION_MODULE`, `.cargo/config.toml`).

use std::path::PathBuf;

/// The cdylib beside this test's executable (`target/<profile>/deps/`).
fn extension() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let deps = exe.parent().expect("the deps folder");
    deps.join(format!("{}_lerf{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX))
}

#[test]
fn the_extension_exports_its_init_function_and_needs_no_libpython() {
    let path = extension();
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(bytes.starts_with(b"\x7fELF") || !cfg!(target_os = "linux"), "not an ELF file");
    let has = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    assert!(has(b"PyInit__lerf\0"), "{} does not export PyInit__lerf", path.display());
    assert!(
        !has(b"libpython3"),
        "{} names libpython: it would load a second interpreter",
        path.display()
    );
}
