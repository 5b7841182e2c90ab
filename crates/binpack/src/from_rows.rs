//! Training entries from rows of games (feature `arrow`): lerf's PGN rows (`cargo xtask pgn
//! --parquet`, `lerf.pgn.positions`), or the same read back by pyarrow, polars or DuckDB.
//!
//! A row is a move of a game's mainline with the position before it: `game`, `ply`, `fen`,
//! `uci`, `result`, and where present `variant` (only `"chess"` rows are kept), `eval_cp` and
//! `eval_mate` (Lichess's `[%eval]` after the move, White's view), `comment` (the comment
//! after the move, for engines' `{+1.01/26}` words and TCEC's `wv=`) and `nnue` (a network's
//! evaluation of the row's position, side to move's view).

use crate::engine_words::{EngineScore, engine_score};
use crate::entry::Entry;
use crate::row_columns::{ColumnFault, Strings, ints, optional, strings};
use crate::writer::{WriteError, Writer};
use arrow_array::RecordBatch;
use lerf_position::{Board, Position};
use lerf_types::Color;
use std::io::Write;

/// Where the entries' scores come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ScoreSource {
    /// The comments: Lichess's `[%eval]` (of the comment after the move that led to the
    /// position), else an engine's word (at the start of the comment after the move played
    /// from it).
    #[default]
    Comments,
    /// The `nnue` column.
    Nnue,
}

/// The choices a trainer makes turning rows into entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowsOptions {
    /// The score of a mate on the board, at least 1: a mate in n moves scores this minus n,
    /// and other scores stay strictly between minus this and this.
    pub mate_score: i16,
    /// Positions without a score: scored 0 (`true`) or left out.
    pub unscored_as_zero: bool,
    /// Positions before this ply are left out (an opening book's).
    pub skip_plies: u16,
    /// Where the scores come from.
    pub scores: ScoreSource,
}

impl Default for RowsOptions {
    /// Mates at 32000, unscored positions left out, no ply skipped, scores from comments.
    fn default() -> RowsOptions {
        RowsOptions {
            mate_score: 32000,
            unscored_as_zero: false,
            skip_plies: 0,
            scores: ScoreSource::Comments,
        }
    }
}

/// Why rows could not become entries. The entries of the rows before were written.
#[derive(Debug)]
#[non_exhaustive]
pub enum RowsError {
    /// The rows lack a column they need.
    MissingColumn(&'static str),
    /// A column has a type that is not what it holds (its name, the type found).
    ColumnType(&'static str, String),
    /// A row that is not a position and a move (its game, its ply, what is wrong).
    BadRow {
        /// The row's `game`.
        game: i64,
        /// The row's `ply`.
        ply: i64,
        /// What is wrong.
        why: String,
    },
    /// The options cannot be followed (why).
    BadOptions(String),
    /// The entries could not be written.
    Write(WriteError),
}

impl core::fmt::Display for RowsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RowsError::MissingColumn(c) => write!(f, "the rows have no {c:?} column"),
            RowsError::ColumnType(c, t) => write!(f, "the rows' {c:?} column holds {t}"),
            RowsError::BadRow { game, ply, why } => write!(f, "game {game}, ply {ply}: {why}"),
            RowsError::BadOptions(why) => f.write_str(why),
            RowsError::Write(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RowsError {}

impl From<ColumnFault> for RowsError {
    fn from(fault: ColumnFault) -> RowsError {
        match fault.found {
            None => RowsError::MissingColumn(fault.column),
            Some(found) => RowsError::ColumnType(fault.column, found.to_string()),
        }
    }
}

/// The game the rows are in.
#[derive(Clone, Copy)]
struct Game {
    index: Option<i64>,
    /// The result for White (`None`: unknown, or not standard chess: left out).
    result: Option<i32>,
    /// The score of the next row's position from Lichess's `[%eval]`, White's view.
    eval: Option<i32>,
}

/// Writes the entries of rows, batch after batch, games spanning batches: consecutive
/// positions of a game become chains.
///
/// ```
/// use arrow_array::{ArrayRef, Int32Array, Int64Array, RecordBatch, StringArray};
/// use lerf_binpack::{Reader, RowsOptions, RowsWriter, Writer};
/// use std::sync::Arc;
///
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// let after = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// let columns: Vec<(&str, ArrayRef)> = vec![
///     ("game", Arc::new(Int64Array::from(vec![0, 0]))),
///     ("ply", Arc::new(Int32Array::from(vec![0, 1]))),
///     ("fen", Arc::new(StringArray::from(vec![start, after]))),
///     ("uci", Arc::new(StringArray::from(vec!["e2e4", "e7e5"]))),
///     ("result", Arc::new(StringArray::from(vec!["1-0", "1-0"]))),
///     ("eval_cp", Arc::new(Int32Array::from(vec![Some(20), None]))),
///     ("comment", Arc::new(StringArray::from(vec!["", "-0.31/20"]))),
/// ];
/// let batch = RecordBatch::try_from_iter(columns)?;
/// let mut rows = RowsWriter::new(Writer::new(Vec::new()), RowsOptions::default());
/// rows.write_batch(&batch)?;
/// assert_eq!((rows.positions(), rows.games()), (1, 1));
/// let bytes = rows.finish()?;
/// // The start has no score; after 1. e4, [%eval 0.20] scores Black's position -20.
/// let entry = Reader::new(&bytes[..]).next().unwrap()?;
/// assert_eq!((entry.score, entry.ply, entry.result), (-20, 1, -1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct RowsWriter<W: Write> {
    writer: Writer<W>,
    options: RowsOptions,
    game: Game,
    positions: u64,
    games: u64,
}

impl<W: Write> RowsWriter<W> {
    /// Rows to entries written by `writer`.
    pub fn new(writer: Writer<W>, options: RowsOptions) -> RowsWriter<W> {
        let game = Game { index: None, result: None, eval: None };
        RowsWriter { writer, options, game, positions: 0, games: 0 }
    }

    /// Entries written.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Games of standard chess with a known result among the rows.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Writes the entries of `batch`'s rows. A fault leaves the entries of the rows before
    /// it written.
    pub fn write_batch(&mut self, batch: &RecordBatch) -> Result<(), RowsError> {
        if self.options.mate_score < 1 {
            let why = format!("the mate score is {}, not at least 1", self.options.mate_score);
            return Err(RowsError::BadOptions(why));
        }
        let (game, ply) = (ints(batch, "game")?, ints(batch, "ply")?);
        let (fen, uci, result) =
            (strings(batch, "fen")?, strings(batch, "uci")?, strings(batch, "result")?);
        let variant = optional(strings(batch, "variant"))?;
        let (cp, mate) = (optional(ints(batch, "eval_cp"))?, optional(ints(batch, "eval_mate"))?);
        let comment = optional(strings(batch, "comment"))?;
        let nnue = match self.options.scores {
            ScoreSource::Nnue => Some(ints(batch, "nnue")?),
            ScoreSource::Comments => None,
        };
        let at =
            |column: &Option<Vec<Option<i64>>>, row: usize| column.as_ref().and_then(|c| c[row]);
        for row in 0..batch.num_rows() {
            let bad = |why: String| RowsError::BadRow {
                game: game[row].unwrap_or(-1),
                ply: ply[row].unwrap_or(-1),
                why,
            };
            if game[row] != self.game.index || self.game.index.is_none() {
                self.begin_game(game[row], &result, variant.as_ref(), row);
            }
            // Lichess's [%eval] after this row's move scores the next row's position.
            let next_eval = match (at(&cp, row), at(&mate, row)) {
                (Some(cp), _) => Some(self.bounded(EngineScore::Centipawns(clamp(cp)))),
                (None, Some(n)) => Some(self.bounded(EngineScore::Mate(clamp(n)))),
                (None, None) => None,
            };
            let eval = std::mem::replace(&mut self.game.eval, next_eval);
            let Some(white_result) = self.game.result else { continue };
            let ply_value = ply[row].ok_or_else(|| bad("no ply".into()))?;
            if ply_value < 0 {
                return Err(bad(format!("the ply {ply_value} is negative")));
            }
            if ply_value < i64::from(self.options.skip_plies) {
                continue;
            }
            let fen = fen.get(row).ok_or_else(|| bad("no fen".into()))?;
            let pos = Position::from_fen(fen)
                .or_else(|_| Position::from_fen_960(fen))
                .map_err(|e| bad(format!("{e}: {fen:?}")))?;
            let sign = if pos.side_to_move() == Color::White { 1 } else { -1 };
            // The side to move's view: the network's and the engines' words are in it.
            let score = match (nnue.as_ref(), eval) {
                (Some(nnue), _) => {
                    nnue[row].map(|v| self.bounded(EngineScore::Centipawns(clamp(v))))
                }
                (None, Some(white)) => Some(sign * white),
                (None, None) => comment
                    .as_ref()
                    .and_then(|c| c.get(row))
                    .and_then(|c| engine_score(c, pos.side_to_move()))
                    .map(|s| self.bounded(s)),
            };
            let score = match score {
                Some(score) => score,
                None if self.options.unscored_as_zero => 0,
                None => continue,
            };
            let uci = uci.get(row).ok_or_else(|| bad("no uci".into()))?;
            let mv = pos.parse_uci(uci).map_err(|e| bad(format!("{e}: {uci} in {fen}")))?;
            let entry = Entry {
                board: Board::from(&pos),
                mv,
                // Bounded by the mate score, an i16.
                score: score as i16,
                ply: pos.game_ply().min(0x3fff) as u16,
                result: (sign * white_result) as i16,
            };
            self.writer.write(&entry).map_err(|e| match e {
                WriteError::Io(e) => RowsError::Write(WriteError::Io(e)),
                other => bad(other.to_string()),
            })?;
            self.positions += 1;
        }
        Ok(())
    }

    /// The row `row` starts a game.
    fn begin_game(
        &mut self,
        index: Option<i64>,
        result: &Strings<'_>,
        variant: Option<&Strings<'_>>,
        row: usize,
    ) {
        let standard = variant.is_none_or(|v| v.get(row).is_none_or(|v| v == "chess"));
        let white = match result.get(row) {
            Some("1-0") => Some(1),
            Some("0-1") => Some(-1),
            Some("1/2-1/2") => Some(0),
            _ => None,
        }
        .filter(|_| standard);
        self.game = Game { index, result: white, eval: None };
        self.games += u64::from(white.is_some());
    }

    /// A score within the mate score: a mate in n moves is the mate score minus n, other
    /// scores stop one short of it.
    fn bounded(&self, score: EngineScore) -> i32 {
        let mate = i32::from(self.options.mate_score);
        match score {
            EngineScore::Centipawns(cp) => cp.clamp(-mate + 1, mate - 1),
            EngineScore::Mate(n) => n.signum() * (mate - n.abs().min(mate)),
        }
    }

    /// Writes what is left and gives the output back.
    pub fn finish(self) -> Result<W, WriteError> {
        self.writer.finish()
    }
}

/// An `i64` column's value as an `i32`, saturating.
fn clamp(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}
