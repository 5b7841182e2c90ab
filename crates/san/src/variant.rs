//! SAN on a variant's board ([`lerf_rules::variant::VariantBoard`]): the moves told apart
//! among the variant's legal moves, drops written `N@f3`, and the suffix the variant gives:
//! `#` for a mate or a move that wins by the variant's rule (a king on the hill, the third
//! check, an exploded king ...), `+` for a check.

use alloc::string::String;

use lerf_bitboard::Bitboard;
use lerf_rules::LooseMove;
use lerf_rules::variant::VariantBoard;
use lerf_types::PieceType;

use crate::loose::NothingToMove;
use crate::loose::algebraic_text;

/// The SAN (or, with `long`, the long algebraic notation) of `m` on `board`, as
/// python-chess's variant boards write it.
///
/// ```
/// use lerf_rules::LooseMove;
/// use lerf_rules::variant::{Variant, VariantBoard};
/// use lerf_san::variant::variant_san;
///
/// let board = VariantBoard::from_fen(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", false)?;
/// let drop: LooseMove = "N@f6".parse()?;
/// assert_eq!(variant_san(&board, drop, false)?, "N@f6+");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`NothingToMove`] for a move from an empty square (not null, not a drop).
pub fn variant_san(
    board: &VariantBoard,
    m: LooseMove,
    long: bool,
) -> Result<String, NothingToMove> {
    let b = &board.board;
    if !(m.is_null() || m.drop.is_some() || b.layout.piece_type_at(m.from).is_some()) {
        return Err(NothingToMove(m));
    }
    let rivals = |piece: PieceType| -> Bitboard {
        board
            .legal_moves()
            .into_iter()
            .filter(|r| {
                r.to == m.to
                    && r.from != m.from
                    && r.drop.is_none()
                    && b.layout.piece_type_at(r.from) == Some(piece)
            })
            .map(|r| r.from)
            .collect()
    };
    let mut text = algebraic_text(b, m, long, rivals);
    if !m.is_null() {
        let after = board.play_unchecked(m);
        let check = after.is_check();
        let mate = (check && after.legal_moves().is_empty())
            || after.is_variant_loss()
            || after.is_variant_win();
        if mate {
            text.push('#');
        } else if check {
            text.push('+');
        }
    }
    Ok(text)
}
