//! Nothing to link: this crate holds the tests of lerf's benchmark crate (`lerf-benches`)
//! in `tests/`, apart from it so that the test build compiles only the peers they check,
//! not the benchmarks' own dependencies.
