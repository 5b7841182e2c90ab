//! lerf-gaviota's integration tests, one binary: each module was a test binary of its own, and each binary
//! built and linked the crate's generic code again.

mod against_libgtb;
mod common;
mod corrupt;
