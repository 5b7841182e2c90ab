//! `lerf.Board`: a position and the moves played from its root, shaped like
//! `chess.Board` for the calls data and ML code makes most.

use lerf_bitboard::Bitboard;
use lerf_position::{Outcome, Position, Termination};
use lerf_types::{CastlingSide, Color, PieceType};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::{IllegalMoveError, fen_error, san_error};
use crate::moves::{Move, Piece, color, piece_type, square};

/// python-chess's starting FEN.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess position with its move stack, as `chess.Board`: moves are pushed and popped,
/// and every query answers for the current position. Unlike python-chess, `push` refuses
/// a move that is not legal (raising `IllegalMoveError` and leaving the board as it was).
#[pyclass(module = "lerf", name = "Board", subclass)]
#[derive(Clone)]
pub struct Board {
    pub pos: Position,
    /// Moves played from the root, as lerf moves.
    stack: Vec<lerf_types::Move>,
    /// python-chess's `ep_square` at the root (the FEN's field, legal or not).
    root_ep: Option<u8>,
}

impl Board {
    pub fn from_position(pos: Position) -> Board {
        let root_ep = pos.ep_square().map(|sq| sq.index() as u8);
        Board { pos, stack: Vec::new(), root_ep }
    }

    pub fn parse(fen: &str, chess960: bool) -> PyResult<Board> {
        let pos = parse_position(fen, chess960)?;
        Ok(Board { pos, stack: Vec::new(), root_ep: fen_ep_field(fen) })
    }

    fn play(&mut self, m: lerf_types::Move) -> PyResult<()> {
        if m == lerf_types::Move::NULL {
            if self.pos.in_check() {
                return Err(IllegalMoveError::new_err(format!(
                    "a null move in check, which lerf cannot play, in {}",
                    self.pos.to_fen()
                )));
            }
            self.pos.do_null_move();
        } else {
            self.pos.do_move(m);
        }
        self.stack.push(m);
        Ok(())
    }

    fn outcome_of(&self, claim_draw: bool) -> Option<Outcome> {
        if claim_draw { self.pos.outcome_with_claims() } else { self.pos.outcome() }
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen=Some(STARTING_FEN.to_owned()), chess960=false))]
    fn py_new(fen: Option<String>, chess960: bool) -> PyResult<Board> {
        match fen {
            Some(fen) => Board::parse(&fen, chess960),
            None => {
                let _ = chess960;
                Err(PyValueError::new_err(
                    "lerf has no empty board (Board(None)): a position needs both kings",
                ))
            }
        }
    }

    /// The Chess960 start position with Scharnagl number `scharnagl` (0–959; 518 is the
    /// standard start).
    #[staticmethod]
    fn from_chess960_pos(scharnagl: u16) -> PyResult<Board> {
        let pos = Position::from_chess960_index(scharnagl).ok_or_else(|| {
            PyValueError::new_err(format!(
                "a Chess960 position is numbered 0 to 959, not {scharnagl}"
            ))
        })?;
        Ok(Board::from_position(pos))
    }

    /// The FEN: X-FEN castling (or Shredder-FEN with `shredder=True`), and the en passant
    /// square when a capture there is legal (`en_passant="legal"`), pseudo-legal
    /// (`"xfen"`) or after any double step (`"fen"`), as python-chess writes them.
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None))]
    fn fen(&self, shredder: bool, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        let _ = promoted;
        let fen = if shredder { self.pos.to_shredder_fen() } else { fen_of(&self.pos) };
        let ep = match en_passant {
            "legal" => return Ok(fen),
            "fen" => self.ep_square(),
            "xfen" => self.ep_square().filter(|&sq| self.ep_capturable(sq)),
            other => {
                return Err(PyValueError::new_err(format!(
                    "en_passant is legal, fen or xfen, not {other:?}"
                )));
            }
        };
        let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
        fields[3] = ep.map_or("-".to_owned(), crate::moves::square_name);
        Ok(fields.join(" "))
    }

    /// The FEN's board part.
    fn board_fen(&self) -> String {
        fen_of(&self.pos).split(' ').next().unwrap_or_default().to_owned()
    }

    /// Plays a legal move (raises `IllegalMoveError` otherwise, the board unchanged).
    fn push(&mut self, m: Move) -> PyResult<()> {
        let lerf = m.in_position(&self.pos)?;
        self.play(lerf)
    }

    /// Takes back the last move and returns it (`IndexError` when there is none).
    fn pop(&mut self) -> PyResult<Move> {
        let m =
            self.stack.pop().ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        if m == lerf_types::Move::NULL {
            self.pos.undo_null_move();
        } else {
            self.pos.undo_move(m);
        }
        Ok(Move::from_lerf(&self.pos, m))
    }

    /// The last move played (`IndexError` when there is none).
    fn peek(&self) -> PyResult<Move> {
        let &m =
            self.stack.last().ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))?;
        let mut before = self.pos.clone();
        if m == lerf_types::Move::NULL {
            before.undo_null_move()
        } else {
            before.undo_move(m)
        }
        Ok(Move::from_lerf(&before, m))
    }

    /// The moves played from the root, first first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        let mut pos = self.root();
        self.stack
            .iter()
            .map(|&m| {
                let py = Move::from_lerf(&pos, m);
                if m == lerf_types::Move::NULL {
                    pos.do_null_move()
                } else {
                    pos.do_move(m)
                }
                py
            })
            .collect()
    }

    /// The SAN's move, played; returns it.
    fn push_san(&mut self, san: &str) -> PyResult<Move> {
        let m = lerf_san::parse_san(&self.pos, san).map_err(|e| san_error(&e, san, &self.pos))?;
        let py = Move::from_lerf(&self.pos, m);
        self.play(m)?;
        Ok(py)
    }

    /// The UCI's move, played; returns it.
    fn push_uci(&mut self, uci: &str) -> PyResult<Move> {
        let m = self.parse_uci(uci)?;
        self.push(m)?;
        Ok(m)
    }

    /// The legal move a SAN names here.
    fn parse_san(&self, san: &str) -> PyResult<Move> {
        let m = lerf_san::parse_san(&self.pos, san).map_err(|e| san_error(&e, san, &self.pos))?;
        Ok(Move::from_lerf(&self.pos, m))
    }

    /// The legal move a UCI text names here (`InvalidMoveError` for text that is no move,
    /// `IllegalMoveError` for a move that is not legal).
    fn parse_uci(&self, uci: &str) -> PyResult<Move> {
        let m = Move::from_uci(uci)?;
        let lerf = m.in_position(&self.pos)?;
        Ok(Move::from_lerf(&self.pos, lerf))
    }

    /// The SAN of a legal move, `+`/`#` included.
    fn san(&self, m: Move) -> PyResult<String> {
        let lerf = m.in_position(&self.pos)?;
        if lerf == lerf_types::Move::NULL {
            return Ok("--".to_owned());
        }
        Ok(lerf_san::san(&self.pos, lerf).to_string())
    }

    /// The long algebraic notation of a legal move (`e2-e4`, `Ng1xf3`).
    fn lan(&self, m: Move) -> PyResult<String> {
        let lerf = m.in_position(&self.pos)?;
        Ok(lerf_san::lan(&self.pos, lerf).to_string())
    }

    /// The UCI of a move on this board (castling as king takes rook in Chess960).
    fn uci(&self, m: Move) -> String {
        m.uci()
    }

    /// The legal moves (a list: sized, iterable, supports `in`).
    #[getter]
    fn legal_moves(&self) -> Vec<Move> {
        lerf_movegen::legal_moves(&self.pos)
            .iter()
            .map(|&m| Move::from_lerf(&self.pos, m))
            .collect()
    }

    fn is_legal(&self, m: Move) -> bool {
        !m.is_null() && m.in_position(&self.pos).is_ok()
    }

    fn is_check(&self) -> bool {
        self.pos.in_check()
    }

    fn is_checkmate(&self) -> bool {
        self.pos.is_checkmate()
    }

    fn is_stalemate(&self) -> bool {
        self.pos.is_stalemate()
    }

    fn is_insufficient_material(&self) -> bool {
        self.pos.is_insufficient_material()
    }

    fn has_insufficient_material(&self, color_: bool) -> bool {
        self.pos.has_insufficient_material(color(color_))
    }

    fn can_claim_threefold_repetition(&self) -> bool {
        self.pos.can_claim_threefold_repetition()
    }

    fn can_claim_fifty_moves(&self) -> bool {
        self.pos.can_claim_fifty_moves()
    }

    #[pyo3(signature = (*, claim_draw=false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome_of(claim_draw).is_some()
    }

    /// How the game stands by the rules: an `Outcome` (termination, winner) or `None`.
    #[pyo3(signature = (*, claim_draw=false))]
    fn outcome<'py>(
        &self,
        py: Python<'py>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(outcome) = self.outcome_of(claim_draw) else { return Ok(None) };
        let module = py.import("lerf._outcome")?;
        let termination =
            module.getattr("Termination")?.getattr(termination_name(outcome.termination))?;
        let winner = outcome.winner.map(|c| c == Color::White);
        Ok(Some(module.getattr("Outcome")?.call1((termination, winner))?))
    }

    /// The result text: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[pyo3(signature = (*, claim_draw=false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        match self.outcome_of(claim_draw) {
            None => "*",
            Some(o) => match o.winner {
                Some(Color::White) => "1-0",
                Some(Color::Black) => "0-1",
                None => "1/2-1/2",
            },
        }
    }

    /// `True` when White is to move.
    #[getter]
    fn turn(&self) -> bool {
        self.pos.side_to_move() == Color::White
    }

    #[getter]
    fn chess960(&self) -> bool {
        self.pos.is_chess960()
    }

    fn piece_at(&self, sq: u8) -> PyResult<Option<Piece>> {
        Ok(self.pos.piece_on(square(sq)?).map(Piece::from_lerf))
    }

    fn piece_type_at(&self, sq: u8) -> PyResult<Option<u8>> {
        Ok(self.pos.piece_on(square(sq)?).map(|p| p.piece_type() as u8))
    }

    fn color_at(&self, sq: u8) -> PyResult<Option<bool>> {
        Ok(self.pos.piece_on(square(sq)?).map(|p| p.color() == Color::White))
    }

    /// `{square: Piece}` for every occupied square.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        for sq in self.pos.occupied() {
            if let Some(piece) = self.pos.piece_on(sq) {
                map.set_item(sq.index(), Piece::from_lerf(piece))?;
            }
        }
        Ok(map)
    }

    /// The squares of `color`'s pieces of `piece_type`, as a bitboard (bit 0 is a1).
    fn pieces_mask(&self, piece_type_: u8, color_: bool) -> PyResult<u64> {
        Ok(bits(self.pos.pieces(color(color_), piece_type(piece_type_)?)))
    }

    #[getter]
    fn occupied(&self) -> u64 {
        bits(self.pos.occupied())
    }

    /// `[black's pieces, white's pieces]` as bitboards, indexed by colour (`False`, `True`).
    #[getter]
    fn occupied_co(&self) -> (u64, u64) {
        (bits(self.pos.pieces_of(Color::Black)), bits(self.pos.pieces_of(Color::White)))
    }

    #[getter]
    fn pawns(&self) -> u64 {
        bits(self.pos.pieces_of_type(PieceType::Pawn))
    }

    #[getter]
    fn kings(&self) -> u64 {
        bits(self.pos.pieces_of_type(PieceType::King))
    }

    /// The rooks that still have castling rights, as a bitboard (python-chess's form).
    #[getter]
    fn castling_rights(&self) -> u64 {
        let mut mask = 0u64;
        for c in [Color::White, Color::Black] {
            for side in [CastlingSide::King, CastlingSide::Queen] {
                if let Some(rook) = self.pos.castling_rook_square(c, side) {
                    mask |= 1 << rook.index();
                }
            }
        }
        mask
    }

    fn has_castling_rights(&self, color_: bool) -> bool {
        let c = color(color_);
        [CastlingSide::King, CastlingSide::Queen]
            .iter()
            .any(|&s| self.pos.castling_rook_square(c, s).is_some())
    }

    /// The square a pawn just skipped with a double step (or the FEN's), legal to capture
    /// on or not, as python-chess's `ep_square`.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        let Some(&last) = self.stack.last() else { return self.root_ep };
        if last == lerf_types::Move::NULL {
            return None;
        }
        let (from, to) = (last.from().index() as u8, last.to().index() as u8);
        let pawn = self.pos.piece_on(last.to()).is_some_and(|p| p.piece_type() == PieceType::Pawn);
        (pawn && from.abs_diff(to) == 16).then_some((from + to) / 2)
    }

    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.pos.rule50_count()
    }

    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmove_number()
    }

    /// The plies played since the root.
    fn ply(&self) -> usize {
        self.stack.len()
    }

    /// A copy; `stack=False` drops the move stack (the copy's root is this position).
    #[pyo3(signature = (*, stack=true))]
    fn copy(&self, stack: bool) -> Board {
        if stack { self.clone() } else { Board::from_position(self.pos.clone()) }
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The position with colours swapped and the board turned over (no move stack).
    fn mirror(&self) -> Board {
        Board::from_position(self.pos.flip())
    }

    /// The position at the root of the move stack.
    fn root_board(&self) -> Board {
        let mut root = self.clone();
        root.pos = self.root();
        root.stack.clear();
        root
    }

    fn is_capture(&self, m: Move) -> PyResult<bool> {
        Ok(self.pos.is_capture(m.in_position(&self.pos)?))
    }

    fn is_en_passant(&self, m: Move) -> PyResult<bool> {
        Ok(m.in_position(&self.pos)?.kind() == lerf_types::MoveKind::EnPassant)
    }

    fn is_castling(&self, m: Move) -> PyResult<bool> {
        Ok(m.in_position(&self.pos)?.kind() == lerf_types::MoveKind::Castling)
    }

    fn gives_check(&self, m: Move) -> PyResult<bool> {
        let lerf = m.in_position(&self.pos)?;
        Ok(lerf != lerf_types::Move::NULL && self.pos.gives_check(lerf))
    }

    /// The squares of `color`'s pieces that attack `square`, as a bitboard.
    fn attackers_mask(&self, color_: bool, sq: u8) -> PyResult<u64> {
        let attackers = self.pos.attackers_to(square(sq)?, self.pos.occupied());
        Ok(bits(attackers & self.pos.pieces_of(color(color_))))
    }

    /// Whether `color` attacks `square`.
    fn is_attacked_by(&self, color_: bool, sq: u8) -> PyResult<bool> {
        Ok(self.attackers_mask(color_, sq)? != 0)
    }

    /// The Polyglot key, equal to `chess.polyglot.zobrist_hash(board)`.
    fn zobrist_hash(&self) -> u64 {
        self.pos.polyglot_key()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Board>().is_ok_and(|o| self.pos.eq_including_clocks(&o.borrow().pos))
    }

    fn __hash__(&self) -> u64 {
        self.pos.key()
    }

    /// The board as python-chess prints it: ranks 8 to 1, `.` for an empty square.
    fn __str__(&self) -> String {
        let mut out = String::with_capacity(128);
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let sq = lerf_types::Square::from_index(rank * 8 + file).expect("0..64");
                out.push(self.pos.piece_on(sq).map_or('.', |p| p.to_char()));
                out.push(if file == 7 { '\n' } else { ' ' });
            }
        }
        out.pop();
        out
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", fen_of(&self.pos))
    }

    /// For pickling: the root, the variant and the moves played.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let args = (fen_of(&this.root()), this.pos.is_chess960());
        let moves: Vec<u16> = this.stack.iter().map(|m| m.bits()).collect();
        PyTuple::new(
            py,
            [
                slf.get_type().into_any(),
                args.into_pyobject(py)?.into_any(),
                moves.into_pyobject(py)?.into_any(),
            ],
        )
    }

    fn __setstate__(&mut self, moves: Vec<u16>) -> PyResult<()> {
        for bits in moves {
            let m = lerf_types::Move::from_bits(bits);
            if m != lerf_types::Move::NULL && !self.pos.is_legal(m) {
                return Err(PyValueError::new_err("a pickled board whose moves do not play"));
            }
            self.play(m)?;
        }
        Ok(())
    }
}

impl Board {
    fn root(&self) -> Position {
        let mut pos = self.pos.clone();
        for &m in self.stack.iter().rev() {
            if m == lerf_types::Move::NULL { pos.undo_null_move() } else { pos.undo_move(m) }
        }
        pos
    }

    /// Whether a pawn of the side to move attacks the en passant square.
    fn ep_capturable(&self, sq: u8) -> bool {
        let Some(target) = lerf_types::Square::from_index(sq) else { return false };
        let us = self.pos.side_to_move();
        let pawns = self.pos.pieces(us, PieceType::Pawn);
        !(lerf_bitboard::pawn_attacks(!us, target) & pawns).is_empty()
    }
}

/// python-chess's name of a termination (the `Termination` enum's member).
fn termination_name(t: Termination) -> &'static str {
    match t {
        Termination::Checkmate => "CHECKMATE",
        Termination::Stalemate => "STALEMATE",
        Termination::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
        Termination::SeventyFiveMoves => "SEVENTYFIVE_MOVES",
        Termination::FivefoldRepetition => "FIVEFOLD_REPETITION",
        Termination::FiftyMoves => "FIFTY_MOVES",
        Termination::ThreefoldRepetition => "THREEFOLD_REPETITION",
    }
}

/// A position from a FEN; castling rights naming rook files make it Chess960, as in
/// python-chess.
pub fn parse_position(fen: &str, chess960: bool) -> PyResult<Position> {
    lerf_pgn::position_from_fen_tag(fen, chess960).map_err(|e| fen_error(&e, fen))
}

/// The FEN python-chess writes by default: X-FEN castling, en passant when legal.
pub fn fen_of(pos: &Position) -> String {
    let mut fen = String::with_capacity(90);
    write_fen_of(pos, &mut fen);
    fen
}

/// [`fen_of`] appended to `out`, without allocating.
pub fn write_fen_of(pos: &Position, out: &mut String) {
    let _ = if pos.is_chess960() { pos.write_xfen(out) } else { pos.write_fen(out) };
}

fn bits(b: Bitboard) -> u64 {
    b.0
}

fn fen_ep_field(fen: &str) -> Option<u8> {
    match fen.split_whitespace().nth(3)?.as_bytes() {
        [f @ b'a'..=b'h', r @ (b'3' | b'6')] => Some((r - b'1') * 8 + (f - b'a')),
        _ => None,
    }
}
