//! `cargo xtask pgn FILE --binpack OUT`: every position of every standard game that has an
//! evaluation, as a binpack entry (the move played, the evaluation from the side to move's
//! view, the game's result), consecutive positions chained.
//!
//! The evaluation of a position is the `[%eval]` of the comment after the move that led to
//! it (Lichess's `[%eval 0.17]` in centipawns, `[%eval #-3]` as a mate, both White's view),
//! else the engine's word at the start of the comment after the move played from it
//! (`{+1.01/26 2.3s}`, the mover's view: see `engine_comment`).

use crate::engine_comment::{EngineScore, engine_score};
use crate::error::UserError;
use crate::input::open;
use arrow_array::cast::AsArray;
use arrow_array::types::Int32Type;
use arrow_array::{Array, RecordBatch};
use lerf_binpack::{Entry, Writer};
use lerf_pgn::rows::{PositionRows, RowOptions};
use lerf_position::{Board, Position};
use std::io::BufWriter;
use std::time::Instant;

/// What `--binpack` writes, and the choices a trainer makes.
pub struct BinpackJob<'a> {
    pub file: &'a str,
    pub out: &'a std::path::Path,
    /// The score of a mate on the board; a mate in n moves scores `mate_score - n`.
    pub mate_score: i16,
    /// Positions without an evaluation: skipped (`false`) or scored 0.
    pub unscored_as_zero: bool,
    /// Positions before this ply are not written (the opening book's).
    pub skip_plies: u16,
    /// A network that scores every position instead of the comments.
    pub network: Option<std::sync::Arc<lerf_nnue::Network>>,
}

/// One game's rows as they arrive.
struct Game {
    index: i64,
    /// The result for White (None: unknown, the game is skipped).
    result: Option<i32>,
    standard: bool,
    /// The evaluation of the position the next row starts from (White's view).
    eval: Option<i32>,
}

pub fn run(job: BinpackJob<'_>) -> Result<(), UserError> {
    let (input, _, raw) = open(job.file)?;
    let out_name = job.out.display();
    let file = std::fs::File::create(job.out)
        .map_err(|e| UserError(format!("cannot write {out_name}: {e}")))?;
    let mut writer = Writer::new(BufWriter::with_capacity(1 << 20, file));
    let start = Instant::now();
    let mut game = Game { index: -1, result: None, standard: true, eval: None };
    let (mut positions, mut games) = (0u64, 0u64);
    // The comments for the engines' words.
    let options = RowOptions { comments: true, ..RowOptions::default() };
    for batch in PositionRows::new(input, options, 1 << 14) {
        let batch = batch.map_err(|e| UserError(format!("{}: {e}", job.file)))?;
        write_batch(&batch, &job, &mut game, &mut writer, &mut positions, &mut games)?;
    }
    writer.finish().map_err(|e| UserError(format!("cannot write {out_name}: {e}")))?;
    let seconds = start.elapsed().as_secs_f64();
    let size = std::fs::metadata(job.out).map_or(0, |m| m.len());
    println!(
        "{}: {positions} positions of {games} games to {out_name} ({:.2} bytes a position); {:.1} MB read in {seconds:.2} s",
        job.file,
        size as f64 / positions.max(1) as f64,
        raw.load(std::sync::atomic::Ordering::Relaxed) as f64 / 1e6
    );
    Ok(())
}

fn write_batch(
    batch: &RecordBatch,
    job: &BinpackJob<'_>,
    game: &mut Game,
    writer: &mut Writer<BufWriter<std::fs::File>>,
    positions: &mut u64,
    games: &mut u64,
) -> Result<(), UserError> {
    let column = |name: &str| batch.column_by_name(name).expect("a rows column");
    let (index, ply) = (
        column("game").as_primitive::<arrow_array::types::Int64Type>(),
        column("ply").as_primitive::<Int32Type>(),
    );
    let (fen, uci, result, variant) = (
        column("fen").as_string::<i32>(),
        column("uci").as_string::<i32>(),
        column("result").as_string::<i32>(),
        column("variant").as_string::<i32>(),
    );
    let (cp, mate, comment) = (
        column("eval_cp").as_primitive::<Int32Type>(),
        column("eval_mate").as_primitive::<Int32Type>(),
        column("comment").as_string::<i32>(),
    );
    let mate_score = i32::from(job.mate_score);
    // A mate in n moves scores the mate score minus n; centipawns stay short of it.
    let score_of = |score: EngineScore| match score {
        EngineScore::Centipawns(cp) => cp.clamp(-mate_score + 1, mate_score - 1),
        EngineScore::Mate(n) => n.signum() * (mate_score - n.abs().min(mate_score)),
    };
    for row in 0..batch.num_rows() {
        if index.value(row) != game.index {
            let white = match result.value(row) {
                "1-0" => Some(1),
                "0-1" => Some(-1),
                "1/2-1/2" => Some(0),
                _ => None,
            };
            *game = Game {
                index: index.value(row),
                result: white,
                standard: variant.value(row) == "chess",
                eval: None,
            };
            *games += u64::from(game.standard && white.is_some());
        }
        // The evaluation after this row's move scores the next row's position.
        let next_eval = if !cp.is_null(row) {
            Some(score_of(EngineScore::Centipawns(cp.value(row))))
        } else if !mate.is_null(row) {
            Some(score_of(EngineScore::Mate(mate.value(row))))
        } else {
            None
        };
        let eval = std::mem::replace(&mut game.eval, next_eval);
        let (Some(white_result), true) = (game.result, game.standard) else { continue };
        let ply_value = ply.value(row);
        if ply_value < i32::from(job.skip_plies) {
            continue;
        }
        let fen = fen.value(row);
        let pos = Position::from_fen(fen)
            .or_else(|_| Position::from_fen_960(fen))
            .map_err(|e| UserError(format!("{}: game {}: {e}: {fen}", job.file, game.index)))?;
        let sign = if pos.side_to_move() == lerf_types::Color::White { 1 } else { -1 };
        // The side to move's view: the network's and the engines' words are in it already.
        let engine = || (!comment.is_null(row)).then(|| engine_score(comment.value(row))).flatten();
        let score = match (&job.network, eval) {
            (Some(net), _) => score_of(EngineScore::Centipawns(net.evaluate(&pos).unwrap_or(0))),
            (None, Some(white)) => sign * white,
            (None, None) => match engine() {
                Some(score) => score_of(score),
                None if job.unscored_as_zero => 0,
                None => continue,
            },
        };
        let mv = pos
            .parse_uci(uci.value(row))
            .map_err(|e| UserError(format!("{}: game {}: {e}", job.file, game.index)))?;
        let entry = Entry {
            board: Board::from(&pos),
            mv,
            score: score as i16,
            ply: pos.game_ply().min(0x3fff) as u16,
            result: (sign * white_result) as i16,
        };
        writer
            .write(&entry)
            .map_err(|e| UserError(format!("{}: game {}: {e}", job.file, game.index)))?;
        *positions += 1;
    }
    Ok(())
}
