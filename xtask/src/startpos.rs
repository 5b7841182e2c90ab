//! `cargo xtask startpos`: the start position drawn as bitboards.

use crate::UserError;
use lerf_bitboard::{Bitboard, RANK_1, RANK_2, RANK_7, RANK_8};
use lerf_types::{File, Piece, PieceType, Square};

const BACK_RANK: [PieceType; 8] = [
    PieceType::Rook,
    PieceType::Knight,
    PieceType::Bishop,
    PieceType::Queen,
    PieceType::King,
    PieceType::Bishop,
    PieceType::Knight,
    PieceType::Rook,
];

fn squares_of(piece: Piece) -> Bitboard {
    let home = match (piece.piece_type(), piece.color().index()) {
        (PieceType::Pawn, 0) => return RANK_2,
        (PieceType::Pawn, _) => return RANK_7,
        (_, 0) => RANK_1,
        _ => RANK_8,
    };
    File::ALL
        .into_iter()
        .filter(|f| BACK_RANK[f.index()] == piece.piece_type())
        .map(|f| Bitboard::file(f) & home)
        .fold(Bitboard::EMPTY, |a, b| a | b)
}

pub fn run() -> Result<(), UserError> {
    for piece in Piece::ALL {
        let bb = squares_of(piece);
        println!("{piece} ({:?}) {:#018x}, {} squares", piece, bb.0, bb.popcount());
        println!("{bb}\n");
    }
    let occupied: Bitboard =
        Piece::ALL.into_iter().map(squares_of).fold(Bitboard::EMPTY, |a, b| a | b);
    println!("occupied: {:#018x}, e1 holds a piece: {}", occupied.0, occupied.contains(Square::E1));
    Ok(())
}
