//! lerf-pgn's integration tests, one binary: each module was a test binary of its own, and each binary
//! built and linked the crate's generic code again.

mod board_replay;
mod chunks;
mod hostile;
mod nnue_rows;
mod python_chess;
mod real_world;
mod recovery;
mod serde;
mod tree;
mod zstd;
