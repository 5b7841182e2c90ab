//! serde round trips of positions and moves through JSON (`--features serde`).
#![cfg(feature = "serde")]

use lerf_position::Position;
use lerf_types::{Move, Square, UciMove};
use serde_json::{from_str, to_string};

const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 17 60",
    // Chess960 in Shredder-FEN and in X-FEN.
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "qbbnnrkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNNRKR w KQkq - 0 1",
];

#[test]
fn a_position_is_stored_as_its_fen_and_read_back_equal() {
    for fen in FENS {
        let pos = Position::from_fen(fen).unwrap();
        let json = to_string(&pos).unwrap();
        assert_eq!(json, format!("\"{}\"", pos.to_fen()));
        let back: Position = from_str(&json).unwrap();
        assert!(back.eq_including_clocks(&pos), "{fen}");
        assert_eq!(back.is_chess960(), pos.is_chess960(), "{fen}");
        assert_eq!(back.key(), pos.key(), "{fen}");
    }
}

#[test]
fn a_bad_fen_is_a_deserialisation_error_naming_the_problem() {
    let err = from_str::<Position>(r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1""#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("side to move"), "{err}");
    // Two white kings: syntax is fine, the position is not.
    assert!(from_str::<Position>(r#""4k3/8/8/8/8/8/8/KK6 w - - 0 1""#).is_err());
    assert!(from_str::<Position>("17").is_err());
    assert!(from_str::<Vec<Position>>(r#"["8/8/8/8/8/8/8/8 w - - 0 1"]"#).is_err());
}

#[test]
fn positions_inside_user_types_round_trip() {
    let records: Vec<(Position, UciMove)> = FENS
        .iter()
        .map(|fen| {
            let pos = Position::from_fen(fen).unwrap();
            let first = legal(&pos)[0];
            (pos.clone(), pos.uci(first))
        })
        .collect();
    let json = to_string(&records).unwrap();
    let back: Vec<(Position, UciMove)> = from_str(&json).unwrap();
    assert_eq!(back, records);
}

#[test]
fn every_legal_move_written_as_json_is_read_back_through_its_position() {
    for fen in FENS {
        let pos = Position::from_fen(fen).unwrap();
        for m in legal(&pos) {
            let json = to_string(&m).unwrap();
            let uci: UciMove = from_str(&json).unwrap();
            assert_eq!(pos.parse_uci(&uci.to_string()), Ok(m), "{fen} {json}");
        }
    }
    // Castling is written king-takes-rook in standard chess too, which parse_uci reads.
    let castle = Move::castling(Square::E1, Square::H1);
    assert_eq!(to_string(&castle).unwrap(), r#""e1h1""#);
}

/// Every legal move, found by trying all 16-bit values (this crate sits below movegen).
fn legal(pos: &Position) -> Vec<Move> {
    (0..=u16::MAX).map(Move::from_bits).filter(|&m| pos.check_move(m).is_ok()).collect()
}
