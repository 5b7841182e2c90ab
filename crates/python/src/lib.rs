//! The Python package `lerf`: python-chess 1.11's modules over the lerf crates, and lerf's
//! own bulk jobs. This crate converts only: chess logic stays in the crates below.
//! Built with maturin (`pip install ./crates/python`); see the README.
//!
//! One folder per python-chess module, each with the Python half under `python/lerf/`:
//!
//! | here | Python module | over |
//! |---|---|---|
//! | `board/` | `chess` (`lerf`) | `lerf_rules` (loose boards and games), `lerf_san` |
//! | `pgn/` | `chess.pgn` (`lerf.pgn`) | `lerf_pgn::tree` |
//! | `polyglot.rs` | `chess.polyglot` (`lerf.polyglot`) | `lerf_position::Book`, `lerf_rules::LooseBook` |
//! | `svg/` | `chess.svg` (`lerf.svg`: the drawing is Python) | notebook display of boards, pieces, square sets |
//! | `syzygy/` | `chess.syzygy` (`lerf.syzygy`) | `lerf_syzygy::Tablebase` |
//! | `gaviota/` | `chess.gaviota` (`lerf.gaviota`) | `lerf_gaviota::Tablebase` |
//! | `nnue/` | `lerf.nnue` (lerf's own) | `lerf_nnue::Network` |
//! | `binpack/` | `lerf.binpack` (lerf's own) | `lerf_binpack` |
//! | `bulk/` | `lerf.perft`, `lerf.encode_planes`, `lerf.pgn.positions`, `lerf.pgn.split` | `lerf_movegen`, `lerf_pgn::rows`, `lerf_pgn::shards` |
//!
//! `chess.engine`, `chess.syzygy`, `chess.gaviota` and `chess.variant` get a folder each
//! (`engine/`, `syzygy/`, `gaviota/`, `variant/`) with a `register`
//! function called below. `errors.rs` holds the exceptions every module raises and
//! `allocator.rs` the extension's allocator.

mod allocator;
mod arrow_export;
mod binpack;
mod board;
mod bulk;
mod engine;
mod errors;
mod gaviota;
mod nnue;
mod pgn;
mod polyglot;
mod svg;
mod syzygy;
mod variant;
mod variant_state;

use pyo3::prelude::*;

#[pymodule]
fn _lerf(m: &Bound<'_, PyModule>) -> PyResult<()> {
    allocator::keep_freed_memory();
    m.add_function(wrap_pyfunction!(allocator::allocator_purge_delay, m)?)?;
    // Whether this build checks debug assertions (the test profile `cargo xtask test`
    // installs): the Python benchmarks refuse to be quoted from one (`bench_build.py`).
    m.add("DEBUG_ASSERTIONS", cfg!(debug_assertions))?;
    board::register(m)?;
    pgn::register(m)?;
    polyglot::register(m)?;
    bulk::register(m)?;
    engine::register(m)?;
    variant::register(m)?;
    syzygy::register(m)?;
    gaviota::register(m)?;
    nnue::register(m)?;
    binpack::register(m)?;
    Ok(())
}
