//! lerf-position's integration tests (but `defects` and `misuse`, binaries of their own: CI runs them again in a release build), one binary: each module was a test binary of its own, and each binary
//! built and linked the crate's generic code again.

mod chess960_starts;
mod common;
mod fen;
mod outcome;
mod search_info;
mod serde;
mod state;
