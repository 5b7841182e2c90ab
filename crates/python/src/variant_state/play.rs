//! A variant board's moves played and written: pseudo-legality by the variant's rules, a
//! push that keeps the state for `pop`, and SAN. Over `lerf_rules`' boards and the state
//! ([`Kept`]), never over the Python board, which calls down to these.

use lerf_rules::variant::{Variant, VariantBoard};
use lerf_rules::{LooseGame, LooseMove};
use lerf_types::PieceType;
use pyo3::exceptions::PyAssertionError;
use pyo3::prelude::*;

use super::kept::{Extra, Kept};
use crate::errors::IllegalMoveError;

/// Whether `variant`'s moves are checked and played by its own rules (atomic's
/// explosions, antichess's captures, crazyhouse's drops and pockets, three-check's
/// counters); the others' pseudo-legal moves and their effects are standard chess's.
#[inline]
pub fn plays_own_moves(variant: Variant) -> bool {
    matches!(
        variant,
        Variant::Atomic | Variant::Antichess | Variant::Crazyhouse | Variant::ThreeCheck
    )
}

/// Whether `push` takes `m`: one of the variant's pseudo-legal moves (a drop: of a piece in
/// hand, on an empty square, a pawn not on the first or last rank). A king in hand, taken in
/// a set-up no game reaches, drops too: python-chess lists such drops among the legal
/// moves (though its `is_pseudo_legal`, and lerf's, refuse them).
fn is_pseudo_legal(vb: &VariantBoard, m: LooseMove) -> bool {
    thread_local! {
        /// The list the moves are generated into, kept between pushes: room for any
        /// position's moves, allocated once a thread.
        static MOVES: std::cell::RefCell<Vec<LooseMove>> =
            std::cell::RefCell::new(Vec::with_capacity(256));
    }
    if let Some(pt) = m.drop {
        let b = &vb.board;
        let rank = m.to as u8 >> 3;
        return vb.variant == Variant::Crazyhouse
            && vb.pockets.count(b.turn, pt) > 0
            && b.layout.piece_type_at(m.to).is_none()
            && !(pt == PieceType::Pawn && (rank == 0 || rank == 7));
    }
    let b = &vb.board;
    // Atomic's and antichess's own pseudo-legal moves differ from standard chess's only in
    // the king's (castling, atomic's king captures) and antichess's promotions to a king.
    if b.layout.piece_type_at(m.from) != Some(PieceType::King)
        && m.promotion != Some(PieceType::King)
    {
        return b.is_pseudo_legal(m);
    }
    let written = b.from_chess960(b.chess960, b.to_chess960(m));
    MOVES.with_borrow_mut(|moves| {
        moves.clear();
        vb.generate_pseudo_legal_moves(moves);
        moves.contains(&m) || moves.contains(&written)
    })
}

/// Plays `m` (pseudo-legal or null, else `IllegalMoveError` and nothing changed) on the
/// board of `variant` at `game`'s position with the state `kept` holds, keeping the state
/// before it for `pop`.
pub fn push(variant: Variant, m: LooseMove, game: &mut LooseGame, kept: &mut Kept) -> PyResult<()> {
    let vb = kept.board(variant, game.board());
    if !m.is_null() && !is_pseudo_legal(&vb, m) {
        return Err(IllegalMoveError::new_err(format!(
            "push() expects a pseudo-legal move or a null move: {m} in {}",
            vb.fen()
        )));
    }
    let next = vb.play_unchecked(m);
    game.push_made(m, next.board);
    if Kept::kept_by(vb.variant) {
        kept.pushed(Extra::of(&next));
    }
    Ok(())
}

/// A move of a board playing `variant` was taken back, `moves_left` moves remain.
#[inline]
pub fn popped(variant: Option<Variant>, kept: &mut Kept, moves_left: usize) {
    if variant.is_some_and(Kept::kept_by) {
        kept.popped(moves_left);
    }
}

/// `Board.san` (or `lan`) on a variant board: python-chess's `AssertionError` for a move
/// with no piece to move.
pub fn san(vb: &VariantBoard, m: LooseMove, long: bool) -> PyResult<String> {
    lerf_san::variant::variant_san(vb, m, long).map_err(|_| {
        PyAssertionError::new_err(format!(
            "san() and lan() expect move to be legal or null, but got {m} in {}",
            vb.fen()
        ))
    })
}
