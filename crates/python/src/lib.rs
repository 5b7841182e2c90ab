//! The Python package `lerf`: python-chess's `chess` module (boards, moves, square sets,
//! Polyglot books) and PGN, Arrow rows, planes and Dask helpers over the lerf crates.
//! This crate converts only: chess logic stays in the crates below.
//! Built with maturin (`pip install ./crates/python`); see the README.

mod allocator;
mod base_board;
mod board;
mod board_moves;
mod board_rules;
mod board_text;
mod errors;
mod generators;
mod moves;
mod perft;
mod pgn;
mod pgn_annotations;
mod pgn_arena;
mod pgn_headers;
mod pgn_lines;
mod pgn_nodes;
mod pgn_pickle;
mod pgn_read;
mod pgn_tree;
mod pgn_variant;
mod pgn_views;
mod pgn_visit;
mod pickle;
mod planes;
mod polyglot;
mod row_stream;
mod shards;
mod squareset;
mod tables;

use pyo3::prelude::*;

#[pymodule]
fn _lerf(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    allocator::keep_freed_memory();
    m.add_function(wrap_pyfunction!(allocator::allocator_purge_delay, m)?)?;
    m.add_class::<base_board::BaseBoard>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::Piece>()?;
    m.add_class::<squareset::SquareSet>()?;
    m.add_class::<generators::LegalMoveGenerator>()?;
    m.add_class::<generators::PseudoLegalMoveGenerator>()?;
    m.add_class::<polyglot::PolyglotBook>()?;
    m.add_class::<pgn_headers::PyHeaders>()?;
    m.add_class::<pgn_arena::Tree>()?;
    m.add_class::<pgn_arena::GameNode>()?;
    m.add_class::<pgn_nodes::ChildNode>()?;
    m.add_class::<pgn_nodes::Game>()?;
    m.add_class::<pgn_views::Mainline>()?;
    m.add_class::<pgn_views::Variations>()?;
    m.add_class::<pgn_views::NagSet>()?;
    m.add_function(wrap_pyfunction!(pgn_read::read_game, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_read::read_headers, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_read::skip_game, m)?)?;
    m.add_class::<pgn::GameReader>()?;
    m.add_class::<row_stream::RowStream>()?;
    m.add_function(wrap_pyfunction!(polyglot::zobrist_hash, m)?)?;
    m.add_function(wrap_pyfunction!(polyglot::polyglot_random_array, m)?)?;
    m.add_function(wrap_pyfunction!(tables::leaper_tables, m)?)?;
    m.add_function(wrap_pyfunction!(tables::slider_attacks, m)?)?;
    m.add_function(wrap_pyfunction!(tables::knight_distances, m)?)?;
    m.add_function(wrap_pyfunction!(perft::perft, m)?)?;
    m.add_function(wrap_pyfunction!(perft::divide, m)?)?;
    m.add_function(wrap_pyfunction!(perft::perft_split, m)?)?;
    m.add_function(wrap_pyfunction!(shards::split_shards, m)?)?;
    m.add_function(wrap_pyfunction!(planes::encode_planes_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::read_games, m)?)?;
    m.add("IllegalMoveError", py.get_type::<errors::IllegalMoveError>())?;
    m.add("InvalidMoveError", py.get_type::<errors::InvalidMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<errors::AmbiguousMoveError>())?;
    m.add("STARTING_FEN", board::STARTING_FEN)?;
    m.add("STARTING_BOARD_FEN", base_board::STARTING_BOARD_FEN)?;
    Ok(())
}
