//! A `Board`'s whole state as plain Python values, for pickling: every position on the
//! stack (bitboards, side, rights, en passant square, counters, flags) and every move.

use lerf_bitboard::Bitboard;
use lerf_rules::{Layout, LooseBoard, LooseGame, LooseMove};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::moves::MoveData;

/// One position: 10 bitboards, then turn, rights, en passant (-1 for none), the two
/// counters, Chess960 and whether a move reached it.
type BoardState = ([u64; 10], bool, u64, i16, u32, u32, bool, bool);

/// A move: from, to, promotion (0 for none), drop (0 for none).
type MoveState = (u8, u8, u8, u8);

fn board_state(b: &LooseBoard) -> BoardState {
    let l = &b.layout;
    let bitboards = [
        l.pawns,
        l.knights,
        l.bishops,
        l.rooks,
        l.queens,
        l.kings,
        l.by_color[0],
        l.by_color[1],
        l.occupied,
        l.promoted,
    ];
    (
        bitboards.map(|b| b.0),
        b.turn == lerf_types::Color::White,
        b.castling_rights.0,
        b.ep_square.map_or(-1, |sq| sq as i16),
        b.halfmove_clock,
        b.fullmove_number,
        b.chess960,
        b.is_played(),
    )
}

fn board_of(state: BoardState) -> PyResult<LooseBoard> {
    let (bb, white, rights, ep, halfmove, fullmove, chess960, played) = state;
    let b = bb.map(Bitboard);
    let layout = Layout {
        pawns: b[0],
        knights: b[1],
        bishops: b[2],
        rooks: b[3],
        queens: b[4],
        kings: b[5],
        by_color: [b[6], b[7]],
        occupied: b[8],
        promoted: b[9],
    };
    let ep_square = match ep {
        -1 => None,
        sq => Some(crate::board::moves::square_of(u8::try_from(sq).map_err(|_| bad())?)?),
    };
    let mut board = LooseBoard {
        layout,
        turn: crate::board::moves::color_of(white),
        castling_rights: Bitboard(rights),
        ep_square,
        halfmove_clock: halfmove,
        fullmove_number: fullmove,
        chess960,
        ..LooseBoard::empty()
    };
    board.set_played(played);
    Ok(board)
}

fn bad() -> PyErr {
    PyValueError::new_err("not the pickled state of a lerf Board")
}

/// The state of a game: its positions and moves.
pub fn game_state(game: &LooseGame) -> (BoardState, Vec<(BoardState, MoveState)>) {
    let m = |m: LooseMove| {
        let p = |p: Option<lerf_types::PieceType>| p.map_or(0, |p| p as u8);
        (m.from as u8, m.to as u8, p(m.promotion), p(m.drop))
    };
    let history = game.history().iter().map(|(b, mv)| (board_state(b), m(*mv))).collect();
    (board_state(game.board()), history)
}

/// The game a [`game_state`] describes.
pub fn game_from_state(state: &Bound<'_, PyAny>) -> PyResult<LooseGame> {
    let (board, history): (BoardState, Vec<(BoardState, MoveState)>) =
        state.extract().map_err(|_| bad())?;
    let mut stack = Vec::with_capacity(history.len());
    for (b, (from, to, promotion, drop)) in history {
        let piece = |p: u8| (p != 0).then_some(p);
        let m = MoveData::checked(from, to, piece(promotion), piece(drop)).map_err(|_| bad())?;
        stack.push((board_of(b)?, m.to_loose()));
    }
    Ok(LooseGame::from_history(stack, board_of(board)?))
}
