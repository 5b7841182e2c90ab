//! The PGN inputs of the `pgn` and `rows` benchmarks: the project's two test files, each
//! repeated so that a run reads megabytes rather than kilobytes.

use std::vec::Vec;

/// 1 MB of real Lichess games (CC0), with clocks and evals in the comments.
pub const SAMPLE: &[u8] = include_bytes!("../../crates/pgn/tests/data/lichess-2025-05-sample.pgn");
/// Tournament-style games: many tags, no comments.
pub const TOURNAMENT: &[u8] = include_bytes!("../../crates/pgn/tests/data/tournament-style.pgn");
/// How many times [`input`] repeats a file.
pub const COPIES: usize = 20;

/// `file` repeated [`COPIES`] times, a blank line after each copy.
pub fn input(file: &[u8]) -> Vec<u8> {
    let mut data = Vec::with_capacity(file.len() * COPIES + COPIES);
    for _ in 0..COPIES {
        data.extend_from_slice(file);
        data.push(b'\n');
    }
    data
}

/// The Week in Chess 1599 (about 1 MB of tournament games, many tags each), as the
/// pgn-reader 0.29.0 crate ships it for its own benchmark: read from cargo's registry, where
/// fetching this crate's dev-dependencies put it; `None` if it is not there.
pub fn twic() -> Option<Vec<u8>> {
    let home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".cargo")))?;
    let registry = home.join("registry").join("src");
    for index in std::fs::read_dir(registry).ok()? {
        let path =
            index.ok()?.path().join("pgn-reader-0.29.0").join("benches").join("twic1599_1000k.pgn");
        if let Ok(bytes) = std::fs::read(&path) {
            return Some(bytes);
        }
    }
    None
}
