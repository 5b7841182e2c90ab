//! A chain's stem, 32 bytes: the position (24: the occupied squares, big-endian, then a
//! nibble per piece in square order), the move (2), the score (2), the ply with the game's
//! result (2) and the 50-move counter (2), every field big-endian.
//!
//! A piece's nibble is its type (pawn 0 to king 5) times two plus its colour (White 0),
//! except for what the position needs besides the pieces: 12 a pawn that has just moved
//! two squares and may be taken en passant, 13 and 14 a White and a Black rook its side may
//! still castle with, 15 Black's king when Black is to move.

use crate::entry::Entry;
use lerf_bitboard::Bitboard;
use lerf_position::Board;
use lerf_types::{CastlingSide, Color, Move, MoveKind, Piece, PieceType, Square};

/// The score and result encoding: the sign in the lowest bit, the magnitude above it
/// (negative values stored as their complement, so -1 is 1 and 1 is 2).
#[inline]
pub(crate) fn signed_to_unsigned(a: i16) -> u16 {
    let mut r = a as u16;
    if r & 0x8000 != 0 {
        r ^= 0x7fff;
    }
    r.rotate_left(1)
}

/// The inverse of [`signed_to_unsigned`].
#[inline]
pub(crate) fn unsigned_to_signed(r: u16) -> i16 {
    let mut r = r.rotate_right(1);
    if r & 0x8000 != 0 {
        r ^= 0x7fff;
    }
    r as i16
}

/// The nibble of `piece` on `sq` in `board`.
fn nibble(board: &Board, sq: Square, piece: Piece) -> u8 {
    let (pt, color) = (piece.piece_type(), piece.color());
    let plain = (pt as u8 - 1) * 2 + color as u8;
    match pt {
        PieceType::Pawn => match board.ep_square() {
            // The pawn that just moved two squares: in front of the en-passant square.
            Some(ep)
                if ep.file() == sq.file() && sq.rank() == ep_pawn_rank(board.side_to_move()) =>
            {
                12
            }
            _ => plain,
        },
        PieceType::Rook => {
            let castles =
                CastlingSide::ALL.iter().any(|&s| board.castling_rook_square(color, s) == Some(sq));
            if !castles {
                plain
            } else if color == Color::White {
                13
            } else {
                14
            }
        }
        PieceType::King if color == Color::Black && board.side_to_move() == Color::Black => 15,
        _ => plain,
    }
}

/// The rank of a pawn that may be taken en passant, by the side to move.
fn ep_pawn_rank(stm: Color) -> lerf_types::Rank {
    if stm == Color::White { lerf_types::Rank::R5 } else { lerf_types::Rank::R4 }
}

/// The move's two bytes: its kind (normal 0, promotion 1, castling 2, en passant 3), origin,
/// destination (the rook's square for castling) and promoted piece (knight 0 to queen 3).
pub(crate) fn pack_move(m: Move) -> u16 {
    if m == Move::NULL {
        return 0;
    }
    let kind: u16 = match m.kind() {
        MoveKind::Normal => 0,
        MoveKind::Promotion => 1,
        MoveKind::Castling => 2,
        MoveKind::EnPassant => 3,
    };
    let promo = if m.kind() == MoveKind::Promotion {
        m.promotion_type() as u16 - PieceType::Knight as u16
    } else {
        0
    };
    kind << 14 | (m.from() as u16) << 8 | (m.to() as u16) << 2 | promo
}

/// The move of [`pack_move`]'s two bytes.
pub(crate) fn unpack_move(packed: u16) -> Move {
    if packed == 0 {
        return Move::NULL;
    }
    let from = Square::from_index_wrapping((packed >> 8 & 63) as u8);
    let to = Square::from_index_wrapping((packed >> 2 & 63) as u8);
    match packed >> 14 {
        1 => {
            let pt = PieceType::from_index(PieceType::Knight as u8 + (packed & 3) as u8)
                .unwrap_or(PieceType::Queen);
            Move::promotion(from, to, pt)
        }
        2 => Move::castling(from, to),
        3 => Move::en_passant(from, to),
        _ => Move::new(from, to),
    }
}

/// The 32 bytes of `entry`'s stem. The ply must fit in 14 bits (checked by the writer).
pub(crate) fn pack(entry: &Entry) -> [u8; 32] {
    let board = &entry.board;
    let mut out = [0u8; 32];
    let occupied = board.occupied();
    out[..8].copy_from_slice(&u64::from(occupied).to_be_bytes());
    for (i, sq) in occupied.into_iter().enumerate() {
        let piece = board.piece_on(sq).expect("an occupied square");
        out[8 + i / 2] |= nibble(board, sq, piece) << (4 * (i % 2));
    }
    out[24..26].copy_from_slice(&pack_move(entry.mv).to_be_bytes());
    out[26..28].copy_from_slice(&signed_to_unsigned(entry.score).to_be_bytes());
    let ply_and_result = entry.ply | signed_to_unsigned(entry.result) << 14;
    out[28..30].copy_from_slice(&ply_and_result.to_be_bytes());
    out[30..32].copy_from_slice(&(board.rule50_count() as u16).to_be_bytes());
    out
}

/// The entry of a stem, or why its position is not one.
pub(crate) fn unpack(bytes: &[u8; 32]) -> Result<Entry, String> {
    let occupied = Bitboard::from(u64::from_be_bytes(bytes[..8].try_into().expect("8 bytes")));
    if occupied.popcount() > 32 {
        return Err(format!("{} pieces", occupied.popcount()));
    }
    // The squares of each of the sixteen codes: one pass that only sorts squares (the
    // codes' meanings are sets of codes, taken below a set at a time).
    let mut by_code = [Bitboard::EMPTY; 16];
    for (i, sq) in occupied.into_iter().enumerate() {
        by_code[usize::from(bytes[8 + i / 2] >> (4 * (i % 2)) & 0xf)] |= sq;
    }
    let code = |codes: &[usize]| codes.iter().fold(Bitboard::EMPTY, |set, &c| set | by_code[c]);
    let mut ep = None;
    for sq in by_code[12] {
        // A pawn that has just moved two squares: its rank tells its colour.
        let ep_sq = match sq.rank() {
            lerf_types::Rank::R4 => sq.offset(lerf_types::Direction::South),
            lerf_types::Rank::R5 => sq.offset(lerf_types::Direction::North),
            _ => return Err(format!("an en-passant pawn on {sq}")),
        };
        if ep.is_some() {
            return Err(format!("a second en-passant pawn on {sq}"));
        }
        ep = ep_sq;
    }
    let white_ep_pawn = by_code[12] & lerf_bitboard::RANK_4;
    let by_color = [
        code(&[0, 2, 4, 6, 8, 10, 13]) | white_ep_pawn,
        code(&[1, 3, 5, 7, 9, 11, 14, 15]) | (by_code[12] - white_ep_pawn),
    ];
    let by_type = [
        code(&[0, 1, 12]),
        code(&[2, 3]),
        code(&[4, 5]),
        code(&[6, 7, 13, 14]),
        code(&[8, 9]),
        code(&[10, 11, 15]),
    ];
    // Black's king marked as such: Black is to move.
    let stm = if by_code[15].any() { Color::Black } else { Color::White };
    let rule50 = u16::from_be_bytes([bytes[30], bytes[31]]);
    let ply_and_result = u16::from_be_bytes([bytes[28], bytes[29]]);
    let ply = ply_and_result & 0x3fff;
    // Two bits for -1, 0 or 1 (stored as 1, 0, 2): the fourth value names no result.
    if ply_and_result >> 14 == 3 {
        return Err("the result's bits are 3, which name no result".to_owned());
    }
    let mut board = Board::from_sets(by_color, by_type, stm, ep, rule50, u32::from(ply / 2 + 1))
        .map_err(|e| e.to_string())?;
    for color in [Color::White, Color::Black] {
        // The rooks marked as castling ones: code 13 White's, 14 Black's.
        for rook in by_code[13 + color as usize] {
            let king = board.king_square(color);
            let side =
                if rook.file() < king.file() { CastlingSide::Queen } else { CastlingSide::King };
            // Two rooks marked on one side of the king: which one castles is not said.
            if let Some(other) = board.castling_rook_square(color, side) {
                return Err(format!("two castling rooks on one side, {other} and {rook}"));
            }
            board = board.with_castling_rook(color, side, rook).map_err(|e| e.to_string())?;
        }
    }
    Ok(Entry {
        board,
        mv: unpack_move(u16::from_be_bytes([bytes[24], bytes[25]])),
        score: unsigned_to_signed(u16::from_be_bytes([bytes[26], bytes[27]])),
        ply,
        result: unsigned_to_signed(ply_and_result >> 14),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_values_as_the_format_stores_them() {
        assert_eq!([0, -1, 1, -2, 2].map(signed_to_unsigned), [0, 1, 2, 3, 4]);
        for v in [i16::MIN, -300, -1, 0, 1, 300, i16::MAX] {
            assert_eq!(unsigned_to_signed(signed_to_unsigned(v)), v);
        }
    }

    #[test]
    fn two_castling_rooks_on_one_side_are_refused() {
        let board: Board = "r3k2r/8/8/8/8/8/8/RR2K2R w KQkq - 0 1".parse().unwrap();
        let mut bytes = pack(&Entry { board, mv: Move::NULL, score: 0, ply: 0, result: 0 });
        // a1 and b1 are the first two squares: the rook on b1 (nibble 6) marked as well.
        assert_eq!(bytes[8], 13 | 6 << 4);
        bytes[8] = 13 | 13 << 4;
        assert_eq!(
            unpack(&bytes).err().as_deref(),
            Some("two castling rooks on one side, a1 and b1")
        );
    }

    #[test]
    fn two_en_passant_pawns_are_refused() {
        let board: Board = "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1".parse().unwrap();
        assert!(board.ep_square().is_some());
        let mut bytes = pack(&Entry { board, mv: Move::NULL, score: 0, ply: 0, result: 0 });
        // e1, d4, e4, e8: d4 is the pawn that may be taken (12), e4 Black's pawn (1).
        assert_eq!(bytes[8] >> 4, 12);
        assert_eq!(bytes[9] & 0xf, 1);
        unpack(&bytes).expect("the position as written");
        bytes[9] = (bytes[9] & 0xf0) | 12;
        assert_eq!(unpack(&bytes).err().as_deref(), Some("a second en-passant pawn on e4"));
    }

    #[test]
    fn a_result_of_no_game_is_refused() {
        let entry = Entry { board: Board::default(), mv: Move::NULL, score: 0, ply: 9, result: 1 };
        let mut bytes = pack(&entry);
        assert_eq!(bytes[28] >> 6, 2);
        bytes[28] |= 0xc0;
        assert_eq!(
            unpack(&bytes).err().as_deref(),
            Some("the result's bits are 3, which name no result")
        );
    }

    #[test]
    fn stems_round_trip() {
        for fen in [
            "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R b KQkq - 3 9",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/1P4k1/8/8/8/8/6K1/8 w - - 0 71",
        ] {
            let board: Board = fen.parse().unwrap();
            let entry = Entry { board, mv: Move::NULL, score: -42, ply: 17, result: -1 };
            let back = unpack(&pack(&entry)).unwrap();
            assert_eq!(back.board, entry.board, "{fen}");
            assert_eq!(back.board.rule50_count(), entry.board.rule50_count());
            assert_eq!((back.score, back.ply, back.result), (-42, 17, -1));
        }
    }
}
