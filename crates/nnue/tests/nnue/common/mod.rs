#![allow(dead_code)]
pub mod npm;
pub mod positions;
pub mod stockfish15;
pub mod synthetic;
pub mod wasm;

/// Whether the long runs were asked for (`cargo xtask test --long`, as CI does).
pub fn long() -> bool {
    std::env::var("LERF_LONG_TESTS").is_ok_and(|v| !v.is_empty() && v != "0")
}
