//! Training rows (feature `arrow`): one row per mainline move of every game, as Apache
//! Arrow record batches (arrow-rs), with what python-chess reads from the same game.
//!
//! Columns, in order: `game` (the game's index in the input, from 0), `ply` (the move's
//! index in the mainline, from 0), `fen` (the position before the move), `san`, `uci`,
//! `turn` (`true` when White moves), `result` (python-chess's `headers["Result"]`: the
//! tag, or the movetext's result where the tag is missing or `*`), `variant` (the
//! `uci_variant` of python-chess's board for the game: `chess`, or `antichess`, `atomic`,
//! `crazyhouse`, `horde`, `kingofthehill`, `racingkings`, `3check`, `suicide`,
//! `giveaway` for a game whose `Variant` tag names one), `white_elo`,
//! `black_elo` (null where absent or not a number), then the annotations of the node after
//! the move: `clock` (seconds, `node.clock()`), `eval_cp` (centipawns from White's view,
//! `node.eval().white().score()`), `eval_mate` (`node.eval().white().mate()`), `nags`
//! (sorted), `comment` (with [`RowOptions::comments`]), and one column per tag of
//! [`RowOptions::tags`] (null where the game lacks it), and with the feature `nnue` and
//! `RowOptions::nnue`, `nnue`: Stockfish's NNUE evaluation of the row's position (see
//! `NnueColumn`). Evaluations beyond `i32` are saturated.
//!
//! ```
//! use arrow_array::Array;
//! use lerf_pgn::rows::{PositionRows, RowOptions};
//!
//! let pgn = "[Event \"x\"]\n\n1. e4 { [%eval 0.17] [%clk 0:03:00] } e5 $1 *\n";
//! let mut rows = PositionRows::new(pgn.as_bytes(), RowOptions::default(), 1024);
//! let batch = rows.next().unwrap()?;
//! assert_eq!(batch.num_rows(), 2);
//! let clock = batch.column_by_name("clock").unwrap();
//! let clock = clock.as_any().downcast_ref::<arrow_array::Float64Array>().unwrap();
//! assert_eq!((clock.value(0), clock.is_null(1)), (180.0, true));
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```

mod columns;
mod options;
mod stream;
mod visit;

#[cfg(feature = "nnue")]
pub use options::NnueColumn;
pub use options::{BadTag, RowOptions, row_schema};
pub use stream::{ParallelRows, PositionRows};

#[cfg(test)]
mod tests;
