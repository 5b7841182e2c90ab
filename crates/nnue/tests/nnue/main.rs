//! lerf-nnue's tests, one binary (each test binary costs a link): the oracles (Stockfish
//! 15.1, nnue-rs on Stockfish 18's small network), the threat-input networks' layout in
//! npm's builds and their errors, the accumulator stack against full evaluations, and the
//! errors.

mod common;
mod errors;
mod incremental;
mod nnue_rs;
mod stockfish15;
mod threat_networks;
