//! python-chess's `chess` module (`lerf.Board`, `lerf.Move`, ...): the board classes over
//! `lerf_rules`' loose boards and games, moves and pieces, square sets, the move
//! generators, and the bitboard tables python-chess publishes. The Python half is
//! `python/lerf/__init__.py` (with `_types.py` and `_tables.py`).

pub mod base_board;
pub mod colors;
pub mod construct;
pub mod epd;
// python-chess's `Board` class, named as its module's other files are.
#[allow(clippy::module_inception)]
pub mod board;
pub mod generators;
pub mod index_args;
pub mod move_lists;
pub mod moves;
pub mod pickle;
pub mod plain_methods;
pub mod rules;
pub mod san_errors;
pub mod squareset;
pub mod tables;
pub mod text;
pub mod truth;

use pyo3::prelude::*;

/// Adds the `chess` module's classes, functions and constants to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<base_board::BaseBoard>()?;
    m.add_class::<board::Board>()?;
    plain_methods::install(&py.get_type::<board::Board>())?;
    // Whether `Board(fen)` has the fast call (tests check that it does on CPython).
    m.add("_board_fast_call", construct::install(&py.get_type::<board::Board>())?)?;
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::Piece>()?;
    m.add_class::<squareset::SquareSet>()?;
    m.add_class::<colors::OccupiedCo>()?;
    m.add_class::<generators::LegalMoveGenerator>()?;
    m.add_class::<generators::PseudoLegalMoveGenerator>()?;
    m.add_function(wrap_pyfunction!(tables::leaper_tables, m)?)?;
    m.add_function(wrap_pyfunction!(tables::slider_attacks, m)?)?;
    m.add_function(wrap_pyfunction!(tables::knight_distances, m)?)?;
    m.add("IllegalMoveError", py.get_type::<crate::errors::IllegalMoveError>())?;
    m.add("InvalidMoveError", py.get_type::<crate::errors::InvalidMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<crate::errors::AmbiguousMoveError>())?;
    m.add("STARTING_FEN", board::STARTING_FEN)?;
    m.add("STARTING_BOARD_FEN", base_board::STARTING_BOARD_FEN)?;
    Ok(())
}
