//! python-chess's `chess.pgn` (`lerf.pgn`): game trees over `lerf_pgn::tree` (an arena of
//! nodes, node objects made when Python asks), headers, annotations, reading from a text
//! handle and through a Python visitor, variant games, pickling, and `read_games` (whole
//! files read in Rust). The Python half is `python/lerf/pgn/`.

pub mod annotations;
pub mod arena;
pub mod headers;
pub mod lines;
pub mod nodes;
pub mod pickle;
pub mod read;
pub mod stream;
pub mod tree;
pub mod variant;
pub mod views;
pub mod visit;

use pyo3::prelude::*;

/// Adds `chess.pgn`'s classes and functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<headers::PyHeaders>()?;
    m.add_class::<arena::Tree>()?;
    m.add_class::<arena::GameNode>()?;
    m.add_class::<nodes::ChildNode>()?;
    m.add_class::<nodes::Game>()?;
    m.add_class::<views::Mainline>()?;
    m.add_class::<views::Variations>()?;
    m.add_class::<views::NagSet>()?;
    m.add_function(wrap_pyfunction!(read::read_game, m)?)?;
    m.add_function(wrap_pyfunction!(read::read_headers, m)?)?;
    m.add_function(wrap_pyfunction!(read::skip_game, m)?)?;
    m.add_class::<stream::GameReader>()?;
    m.add_function(wrap_pyfunction!(stream::read_games, m)?)?;
    Ok(())
}
