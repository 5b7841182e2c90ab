//! lerf-rules' integration tests, one binary: each module was a test binary of its own, and each binary
//! built and linked the crate's generic code again.

mod against_position;
mod variant_perft;
mod variant_robustness;
