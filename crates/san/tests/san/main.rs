//! lerf-san's integration tests, one binary: each module was a test binary of its own, and each binary
//! built and linked the crate's generic code again.

mod loose;
mod python_chess;
