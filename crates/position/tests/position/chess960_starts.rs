//! The 960 start positions of `Position::from_chess960_index`.

use lerf_position::Position;
use lerf_types::{Color, PieceType, Square};
use std::collections::HashSet;

#[test]
fn the_960_starts_are_distinct_and_follow_the_rules() {
    let mut seen = HashSet::new();
    for index in 0..960 {
        let pos = Position::from_chess960_index(index).unwrap();
        assert!(pos.is_chess960());
        assert!(seen.insert(pos.to_fen()), "{index} repeats");
        let back_rank: Vec<PieceType> = (0..8)
            .map(|f| pos.piece_on(Square::from_index(f).unwrap()).unwrap().piece_type())
            .collect();
        let files =
            |pt| back_rank.iter().enumerate().filter(move |&(_, &p)| p == pt).map(|(f, _)| f);
        let bishops: Vec<usize> = files(PieceType::Bishop).collect();
        assert_eq!(bishops[0] % 2 + bishops[1] % 2, 1, "{index}: bishops on one colour");
        let rooks: Vec<usize> = files(PieceType::Rook).collect();
        let king = files(PieceType::King).next().unwrap();
        assert!(rooks[0] < king && king < rooks[1], "{index}: king not between the rooks");
        // Black mirrors White.
        for f in 0..8u8 {
            let white = pos.piece_on(Square::from_index(f).unwrap()).unwrap();
            let black = pos.piece_on(Square::from_index(56 + f).unwrap()).unwrap();
            assert_eq!((white.color(), black.color()), (Color::White, Color::Black));
            assert_eq!(white.piece_type(), black.piece_type());
        }
        assert!(pos.castling_rights().bits() == 15);
    }
    assert_eq!(seen.len(), 960);
    // Reference numbers: 518 is classical chess, 0 is BBQNNRKR (the standard table).
    assert!(Position::from_chess960_index(518).unwrap().to_fen().starts_with("rnbqkbnr/"));
    assert!(Position::from_chess960_index(959).unwrap().to_fen().starts_with("rkrnnqbb/"));
}
