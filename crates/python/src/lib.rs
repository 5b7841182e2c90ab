//! The Python package `lerf`: python-chess-shaped boards, PGN reading and training planes
//! over the lerf crates. This crate converts only: chess logic stays in the crates below.
//! Built with maturin (`pip install ./crates/python`); see the README.

mod board;
mod errors;
mod moves;
mod perft;
mod pgn;
mod planes;
mod positions;
mod shards;

use pyo3::prelude::*;

#[pymodule]
fn _lerf(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::Board>()?;
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::Piece>()?;
    m.add_class::<pgn::Game>()?;
    m.add_class::<pgn::GameReader>()?;
    m.add_class::<positions::PositionReader>()?;
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
    Ok(())
}
