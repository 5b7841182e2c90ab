//! lerf-movegen's integration tests, one binary: each module was a test binary of its own, and each binary
//! built and linked the crate's generic code again.

mod api_gaps;
mod arbitrary_positions;
mod common;
mod generation;
mod perft_depth_limit;
mod perft_suites;
mod position_value;
