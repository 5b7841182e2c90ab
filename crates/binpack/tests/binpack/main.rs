//! lerf-binpack's integration tests, one binary: each module was a test binary of its own, and each binary
//! built and linked the crate's generic code again.

mod batches;
mod common;
mod from_rows;
mod round_trip;
mod rows;
