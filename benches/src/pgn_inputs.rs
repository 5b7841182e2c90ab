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
