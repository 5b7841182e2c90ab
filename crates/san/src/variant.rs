//! SAN on a variant's board ([`lerf_rules::variant::VariantBoard`]): the moves told apart
//! among the variant's legal moves, drops written `N@f3`, and the suffix the variant gives:
//! `#` for a mate or a move that wins by the variant's rule (a king on the hill, the third
//! check, an exploded king ...), `+` for a check.

use alloc::string::String;

use lerf_bitboard::Bitboard;
use lerf_rules::LooseMove;
use lerf_rules::variant::VariantBoard;
use lerf_types::PieceType;

use crate::loose::{
    LONG_CASTLING, LooseSanError, NULL_MOVE, NothingToMove, Origin, SHORT_CASTLING, algebraic_text,
    as_written, only_one, san_origin, san_parts,
};
use lerf_rules::variant::Variant;

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
        // The legal moves of the piece type's other pieces to the square.
        let from_mask = b.layout.pieces_mask(piece, b.turn) & !Bitboard::from_square(m.from);
        let mut rivals = alloc::vec::Vec::new();
        board.generate_legal_piece_moves(from_mask, Bitboard::from_square(m.to), &mut rivals);
        rivals.iter().map(|r| r.from).collect()
    };
    let mut text = algebraic_text(b, m, long, rivals);
    if !m.is_null() {
        let after = board.play_unchecked(m);
        let check = after.is_check();
        let mate = (check && after.count_legal_moves() == 0)
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

/// The legal move a SAN names on a variant's board, as python-chess's `parse_san` finds it
/// there: castling (`O-O`, `0-0-0` ...: among the castling moves the variant generates,
/// as python-chess looks for them, even where a capture is compulsory), the null move (`--`, `Z0`, `0000`, `@@@@`), a drop
/// in crazyhouse (`N@f3`, `@e6` for a pawn), and text of the SAN pattern matched against
/// the variant's legal moves (antichess's `=K` included). A fully given origin square may
/// name any legal move; a pawn capture needs its file.
///
/// ```
/// use lerf_rules::variant::{Variant, VariantBoard};
/// use lerf_san::variant::parse_variant_san;
///
/// // Captures are compulsory in antichess: only the capture is legal.
/// let board = VariantBoard::from_fen(Variant::Antichess, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", false)?;
/// assert_eq!(parse_variant_san(&board, "exd5")?.to_string(), "e4d5");
/// assert!(parse_variant_san(&board, "e5").is_err());
/// let house = VariantBoard::from_fen(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", false)?;
/// assert_eq!(parse_variant_san(&house, "@e6")?.to_string(), "P@e6");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`LooseSanError`]: not SAN, no legal move, or more than one; for a crazyhouse drop,
/// [`InvalidDrop`](LooseSanError::InvalidDrop) or [`IllegalDrop`](LooseSanError::IllegalDrop).
pub fn parse_variant_san(board: &VariantBoard, text: &str) -> Result<LooseMove, LooseSanError> {
    let b = &board.board;
    let legal = board.legal_moves();
    let kingside = SHORT_CASTLING.contains(&text);
    if kingside || LONG_CASTLING.contains(&text) {
        // python-chess looks among the castling moves its generator lists, which a
        // compulsory capture or the variant's end does not remove.
        let mut pseudo = alloc::vec::Vec::new();
        board.generate_pseudo_legal_moves(&mut pseudo);
        return pseudo
            .into_iter()
            .find(|&m| {
                b.is_castling(m)
                    && if kingside { b.is_kingside_castling(m) } else { b.is_queenside_castling(m) }
            })
            .ok_or(LooseSanError::Illegal);
    }
    if board.variant == Variant::Crazyhouse && text.contains('@') {
        // python-chess's crazyhouse reads a drop as UCI, `P` understood before a bare `@`.
        let m: LooseMove = drop_uci(text).parse().map_err(|_| LooseSanError::InvalidDrop)?;
        return if legal.contains(&m) { Ok(m) } else { Err(LooseSanError::IllegalDrop) };
    }
    let Some(parts) = san_parts(text) else {
        if NULL_MOVE.contains(&text) {
            return Ok(LooseMove::NULL);
        }
        return Err(LooseSanError::Invalid { multi_leg: text.contains(',') });
    };
    let own = b.layout.of_color(b.turn);
    let from_mask = match san_origin(b, &parts) {
        Origin::Square(from) => {
            let m = b.move_looked_for(from, parts.to, parts.promotion);
            if !legal.contains(&m) {
                return Err(LooseSanError::NoMatchingMove { looked_for: m, from, to: parts.to });
            }
            return as_written(m, parts.promotion);
        }
        Origin::Among(mask) => mask,
    };
    only_one(legal.into_iter().filter(|&m| {
        m.drop.is_none()
            && m.to == parts.to
            && !own.contains(m.to)
            && from_mask.contains(m.from)
            && m.promotion == parts.promotion
            && !b.is_castling(m)
    }))
}

/// The UCI text python-chess's crazyhouse reads a drop written in a SAN as: the check or
/// mate sign dropped, `P` put before a bare `@`.
///
/// ```
/// use lerf_san::variant::drop_uci;
/// assert_eq!(drop_uci("@e6+"), "P@e6");
/// assert_eq!(drop_uci("N@f3"), "N@f3");
/// ```
pub fn drop_uci(text: &str) -> alloc::string::String {
    let uci = text.trim_end_matches(['+', '#']);
    if uci.starts_with('@') { alloc::format!("P{uci}") } else { uci.into() }
}
