//! The probes that search: captures and en passant, which the tables leave out, resolved
//! by a small alpha-beta over captures; DTZ for the side a table does not store, by one ply
//! of search; and the root moves an engine filters by.

use crate::error::SyzygyError;
use crate::tablebase::Tablebase;
use lerf_bitboard::{Bitboard, king_attacks, knight_attacks, pawn_attacks};
use lerf_magics::{bishop_attacks, queen_attacks, rook_attacks};
use lerf_movegen::{CheckedBoard, MoveList, legal_moves_of};
use lerf_position::Board;
use lerf_types::{Move, MoveKind, PieceType};

/// A position's value under the 50-move rule, from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// Lost.
    Loss = -2,
    /// Lost without the 50-move rule, drawn with it.
    BlessedLoss = -1,
    /// Drawn.
    Draw = 0,
    /// Won without the 50-move rule, drawn with it.
    CursedWin = 1,
    /// Won.
    Win = 2,
}

impl Wdl {
    /// The value from -2 to 2.
    pub fn value(self) -> i32 {
        self as i32
    }

    /// The value `v` (-2..=2).
    pub fn from_value(v: i32) -> Option<Wdl> {
        Some(match v {
            -2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            2 => Wdl::Win,
            _ => return None,
        })
    }
}

/// The DTZ of a position whose best move zeroes the 50-move counter at once: 1 for a win,
/// 101 for a cursed win, their negatives for losses, 0 for a draw.
///
/// ```
/// use lerf_syzygy::{Wdl, dtz_before_zeroing};
/// assert_eq!(dtz_before_zeroing(Wdl::CursedWin), 101);
/// assert_eq!(dtz_before_zeroing(Wdl::Loss), -1);
/// ```
pub fn dtz_before_zeroing(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Loss => -1,
        Wdl::BlessedLoss => -101,
        Wdl::Draw => 0,
        Wdl::CursedWin => 101,
        Wdl::Win => 1,
    }
}

fn wdl_of(v: i32) -> Wdl {
    Wdl::from_value(v.clamp(-2, 2)).unwrap_or(Wdl::Draw)
}

/// A legal move at the root with what the tables say of it, from the mover's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// The value after it.
    pub wdl: Wdl,
    /// The DTZ after it, counted from the root: positive when it wins (smaller is
    /// faster), negative when it loses (larger in size resists longer), 0 for a draw.
    pub dtz: i32,
}

fn legal(board: &Board) -> MoveList {
    legal_moves_of(&CheckedBoard::new(board))
}

fn is_capture(board: &Board, m: Move) -> bool {
    match m.kind() {
        MoveKind::EnPassant => true,
        MoveKind::Castling => false,
        _ => board.piece_on(m.to()).is_some(),
    }
}

fn is_pawn_move(board: &Board, m: Move) -> bool {
    board.piece_on(m.from()).is_some_and(|p| p.piece_type() == PieceType::Pawn)
}

fn after(board: &Board, m: Move) -> Board {
    let mut child = *board;
    child.do_move(m);
    child
}

fn no_castling(board: &Board) -> Result<(), SyzygyError> {
    if board.castling_rights().is_empty() { Ok(()) } else { Err(SyzygyError::CastlingRights) }
}

impl Tablebase {
    /// Alpha-beta over captures other than en passant, the table read at every node:
    /// the value within `alpha..beta` (as far as the window tells) and 2 when a capture
    /// is the reason the side to move wins, else 1.
    pub fn probe_ab(&self, board: &Board, alpha: i32, beta: i32) -> Result<(i32, u8), SyzygyError> {
        no_castling(board)?;
        self.ab(board, alpha, beta)
    }

    fn ab(&self, board: &Board, mut alpha: i32, beta: i32) -> Result<(i32, u8), SyzygyError> {
        // Most positions have nothing to capture: then no moves are generated at all.
        let captures = if may_capture(board) { legal(board) } else { MoveList::new() };
        for &m in captures.as_slice() {
            if m.kind() == MoveKind::EnPassant || !is_capture(board, m) {
                continue;
            }
            let (v, _) = self.ab(&after(board, m), -beta, -alpha)?;
            let v = -v;
            if v > alpha {
                if v >= beta {
                    return Ok((v, 2));
                }
                alpha = v;
            }
        }
        let v = self.probe_wdl_table(board)?;
        Ok(if alpha >= v { (alpha, 1 + u8::from(alpha > 0)) } else { (v, 1) })
    }

    /// The best value of the legal en passant captures (-3 without any).
    fn en_passant_value(&self, board: &Board, moves: &MoveList) -> Result<i32, SyzygyError> {
        let mut best = -3;
        for &m in moves.as_slice() {
            if m.kind() == MoveKind::EnPassant {
                let (v, _) = self.ab(&after(board, m), -2, 2)?;
                best = best.max(-v);
            }
        }
        Ok(best)
    }

    /// The position's value under the 50-move rule, taken as just after a capture or pawn
    /// move, with captures and en passant resolved.
    pub fn probe_wdl(&self, board: &Board) -> Result<Wdl, SyzygyError> {
        no_castling(board)?;
        let (v, _) = self.ab(board, -2, 2)?;
        if board.ep_square().is_none() {
            return Ok(wdl_of(v));
        }
        let moves = legal(board);
        let v1 = self.en_passant_value(board, &moves)?;
        let only_ep = moves.as_slice().iter().all(|m| m.kind() == MoveKind::EnPassant);
        Ok(wdl_of(wdl_with_en_passant(v, v1, only_ep)))
    }

    /// DTZ without en passant captures at the root (they are resolved in the search
    /// below it).
    pub fn probe_dtz_no_ep(&self, board: &Board) -> Result<i32, SyzygyError> {
        no_castling(board)?;
        self.dtz_no_ep(board)
    }

    fn dtz_no_ep(&self, board: &Board) -> Result<i32, SyzygyError> {
        let (wdl, success) = self.ab(board, -2, 2)?;
        if wdl == 0 {
            return Ok(0);
        }
        if success == 2 {
            return Ok(dtz_before_zeroing(wdl_of(wdl)));
        }
        let moves = legal(board);
        if wdl > 0 {
            // A pawn push that keeps the win zeroes the counter at once.
            for &m in moves.as_slice() {
                if is_pawn_move(board, m) && !is_capture(board, m) {
                    let v = -self.probe_wdl(&after(board, m))?.value();
                    if v == wdl {
                        return Ok(dtz_before_zeroing(wdl_of(wdl)));
                    }
                }
            }
        }
        if let Some(dtz) = self.probe_dtz_table(board, wdl)? {
            let base = dtz_before_zeroing(wdl_of(wdl));
            return Ok(if wdl > 0 { base + dtz } else { base - dtz });
        }
        // The table holds the other side to move: one ply of search.
        if wdl > 0 {
            let mut best = 0xffff;
            for &m in moves.as_slice() {
                if is_capture(board, m) || is_pawn_move(board, m) {
                    continue;
                }
                let child = after(board, m);
                let v = -self.dtz(&child)?;
                if v == 1 && is_checkmate(&child) {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for &m in moves.as_slice() {
                let child = after(board, m);
                let v = if child.rule50_count() == 0 {
                    if wdl == -2 {
                        -1
                    } else {
                        let (v, _) = self.ab(&child, 1, 2)?;
                        if v == 2 { 0 } else { -101 }
                    }
                } else {
                    -self.dtz(&child)? - 1
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }

    /// The distance to zeroing the 50-move counter with best play (in plies, as
    /// python-chess counts it): positive for the winner, negative for the loser, 0 for a
    /// draw; beyond ±100 for wins and losses the 50-move rule spoils.
    pub fn probe_dtz(&self, board: &Board) -> Result<i32, SyzygyError> {
        no_castling(board)?;
        self.dtz(board)
    }

    fn dtz(&self, board: &Board) -> Result<i32, SyzygyError> {
        let v = self.dtz_no_ep(board)?;
        if board.ep_square().is_none() {
            return Ok(v);
        }
        let moves = legal(board);
        let v1 = self.en_passant_value(board, &moves)?;
        let only_ep = moves.as_slice().iter().all(|m| m.kind() == MoveKind::EnPassant);
        Ok(dtz_with_en_passant(v, v1, only_ep))
    }

    /// Every legal move of `board` with its value and DTZ from the tables, best first:
    /// wins by increasing DTZ, then cursed wins, draws, blessed losses, and losses by
    /// decreasing DTZ (the longest resistance first). An engine keeps the moves that share
    /// the first one's [`Wdl`] and searches only those.
    ///
    /// The value is counted against the board's 50-move counter: a move whose counter
    /// would pass 100 plies before the pawn move, capture or mate that wins is a cursed win
    /// (a loss likewise a blessed loss), as the game would be drawn first.
    pub fn root_moves(&self, board: &Board) -> Result<Vec<RootMove>, SyzygyError> {
        no_castling(board)?;
        let rule50 = board.rule50_count() as i32;
        let mut out = Vec::new();
        for &m in legal(board).as_slice() {
            let child = after(board, m);
            let (wdl, dtz) = if is_checkmate(&child) {
                (Wdl::Win, 1)
            } else if child.rule50_count() == 0 {
                let w = wdl_of(-self.probe_wdl(&child)?.value());
                (w, dtz_before_zeroing(w))
            } else {
                let d = -self.dtz(&child)?;
                let d = d.signum() * (d.abs() + 1);
                let w = match d {
                    d if d + rule50 > 100 => Wdl::CursedWin,
                    d if d > 0 => Wdl::Win,
                    0 => Wdl::Draw,
                    d if rule50 - d > 100 => Wdl::BlessedLoss,
                    _ => Wdl::Loss,
                };
                (w, d)
            };
            out.push(RootMove { mv: m, wdl, dtz });
        }
        // Best class first; within it the smaller DTZ: quick wins, long resistance.
        out.sort_by_key(|r| (-r.wdl.value(), r.dtz));
        Ok(out)
    }
}

/// Whether the side to move attacks an enemy piece other than the king (en passant aside):
/// a cheap test that a capture may exist.
fn may_capture(board: &Board) -> bool {
    let us = board.side_to_move();
    let targets = board.pieces_of(!us) & !board.pieces_of_type(PieceType::King);
    let occupied = board.occupied();
    let mut attacked = Bitboard::EMPTY;
    for sq in board.pieces_of(us) {
        attacked |= match board.piece_on(sq).map(|p| p.piece_type()) {
            Some(PieceType::Pawn) => pawn_attacks(us, sq),
            Some(PieceType::Knight) => knight_attacks(sq),
            Some(PieceType::Bishop) => bishop_attacks(sq, occupied),
            Some(PieceType::Rook) => rook_attacks(sq, occupied),
            Some(PieceType::Queen) => queen_attacks(sq, occupied),
            Some(PieceType::King) => king_attacks(sq),
            None => Bitboard::EMPTY,
        };
    }
    (attacked & targets).any()
}

/// The WDL of a position whose en passant captures are worth `v1` at best (-3 without
/// any) and the rest of it `v`; `only_ep` when every legal move is en passant (then the
/// position is worth the best of them, however bad).
pub(crate) fn wdl_with_en_passant(v: i32, v1: i32, only_ep: bool) -> i32 {
    if v1 > -3 && (v1 >= v || (v == 0 && only_ep)) { v1 } else { v }
}

/// The DTZ `v` of a position corrected by its en passant captures, worth the WDL `v1`
/// at best (-3 without any), as python-chess corrects it.
pub(crate) fn dtz_with_en_passant(v: i32, v1: i32, only_ep: bool) -> i32 {
    if v1 <= -3 {
        return v;
    }
    let v1 = dtz_before_zeroing(wdl_of(v1));
    let better = if v < -100 {
        v1 >= 0
    } else if v < 0 {
        !(-100..0).contains(&v1)
    } else if v > 100 {
        v1 > 0
    } else if v > 0 {
        v1 == 1
    } else {
        v1 >= 0 || only_ep
    };
    if better { v1 } else { v }
}

fn is_checkmate(board: &Board) -> bool {
    board.in_check() && legal(board).as_slice().is_empty()
}
