//! What the tests share: python-chess's sdist, where `cargo xtask test` downloads it.

use std::path::PathBuf;

/// python-chess's unpacked sdist (`LERF_PYTHON_CHESS_SDIST`, or `target/`), if its Syzygy
/// tables are there; the caller skips, saying so, without it.
pub fn sdist() -> Option<PathBuf> {
    let dir = std::env::var_os("LERF_PYTHON_CHESS_SDIST").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/python-chess/chess-1.11.2")
    });
    dir.join("data/syzygy/regular").is_dir().then_some(dir)
}
