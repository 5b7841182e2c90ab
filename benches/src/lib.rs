//! Shared inputs for lerf's benchmarks: fixed pseudo-random data, so every run measures the
//! same work.

pub mod build_profile;
pub mod command_pairs;
pub mod fathom;
pub mod heap;
pub mod pairs;
pub mod pgn_inputs;
pub mod random_inputs;
pub mod report;
pub mod sample_games;
pub mod syzygy_inputs;

pub use random_inputs::{Prng, lookup_inputs, random_game_fens};
