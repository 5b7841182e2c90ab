//! Board against Position: the same moves played, the same legality found.

use super::*;
use crate::random_games::legal_moves_by_trial;
use alloc::string::ToString;
use alloc::vec::Vec;

/// Positions with every kind of move: the perft suite's tricky ones, Chess960 castling
/// with the rook beside, behind or shielding the king, en passant that would expose the
/// king, and the games played from them.
const FENS: [&str; 10] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "1r2k1r1/8/8/8/8/8/8/R1K3R1 w GAgb - 0 1",
    "4k3/8/8/8/8/8/7r/qRK5 w Q - 0 1",
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2",
    "2r1kr2/8/8/8/8/8/8/1R2KR2 w Ff - 0 1",
    "rk2r3/8/8/8/8/8/8/RK2R3 b EAea - 0 1",
];

/// Each position of a few games from each start (moves picked by a fixed rule).
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    let starts = FENS.iter().map(|f| Position::from_fen(f).expect("a FEN"));
    let starts = starts
        .chain([Position::startpos()])
        .chain([0, 518, 959, 357].map(|i| Position::from_chess960_index(i).expect("an index")));
    for (n, mut pos) in starts.enumerate() {
        for ply in 0..60 {
            out.push(pos.clone());
            let moves = legal_moves_by_trial(&pos);
            if moves.is_empty() {
                break;
            }
            pos.do_move(moves[(ply * 7 + n * 13) % moves.len()]);
        }
    }
    out
}

#[test]
fn plays_every_move_as_position_does() {
    for pos in positions() {
        let board = Board::from(&pos);
        assert_eq!(board.in_check(), pos.in_check(), "{pos}");
        assert_eq!(board.castling_rights(), pos.castling_rights(), "{pos}");
        let back = Position::from(&board);
        assert!(back.eq_including_clocks(&pos) && back.key() == pos.key(), "{pos}");
        assert_eq!(back.pos_is_ok(true), Ok(()));
        for m in legal_moves_by_trial(&pos) {
            let (mut p, mut b) = (pos.clone(), board);
            p.do_move(m);
            b.do_move(m);
            let ok = b.eq_including_clocks(&Board::from(&p));
            assert!(ok, "{} in {}: {b} against {}", pos.uci(m), pos.to_fen(), p.to_fen());
            let mut by = board;
            by.do_move_by(m, pos.moved_piece(m).expect("a piece").piece_type());
            assert!(by.eq_including_clocks(&b), "{} in {}", pos.uci(m), pos.to_fen());
        }
    }
}

#[test]
fn finds_legality_as_position_does() {
    for pos in positions() {
        let board = Board::from(&pos);
        for bits in 0..=u16::MAX {
            let m = Move::from_bits(bits);
            if m.kind() == MoveKind::Castling || !m.is_ok() || !pos.is_pseudo_legal(m) {
                continue;
            }
            assert_eq!(board.leaves_king_safe(m), pos.is_legal(m), "{}: {}", pos, pos.uci(m));
        }
        let legal = legal_moves_by_trial(&pos);
        for side in CastlingSide::ALL {
            let castling = legal
                .iter()
                .copied()
                .find(|m| m.kind() == MoveKind::Castling && m.castling_side() == side);
            assert_eq!(board.castling_move(side), castling, "{pos} {side:?}");
        }
    }
}

#[test]
fn null_moves_and_counters_as_position() {
    let mut pos = Position::from_fen(FENS[0]).expect("a FEN");
    let mut board = Board::from(&pos);
    pos.do_null_move();
    board.do_null_move();
    assert!(board.eq_including_clocks(&Board::from(&pos)));
    assert_eq!((board.rule50_count(), board.fullmove_number()), (1, 1));
    let checked: Board = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1".parse().expect("a FEN");
    let panic = std::panic::catch_unwind(move || checked.clone().do_null_move());
    assert!(panic.is_err());
}

#[test]
fn equality_leaves_out_the_clocks_and_keeps_the_rooks() {
    use std::collections::HashSet;
    let a: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().expect("a FEN");
    let b: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 30".parse().expect("a FEN");
    let c: Board = "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1".parse().expect("a FEN");
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_eq!(HashSet::from([a, b, c]).len(), 2);
    assert!(core::mem::size_of::<Board>() <= 88, "{}", core::mem::size_of::<Board>());
    assert_eq!(format!("{a:?}"), "Board(\"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\")");
    assert!("8/8/8/8 w - - 0 1".parse::<Board>().is_err());
}

#[test]
fn refuses_what_cannot_be_played() {
    let board = Board::default();
    let cases = [
        (Move::new(Square::E4, Square::E5), "no piece of the side to move"),
        (Move::new(Square::E7, Square::E5), "no piece of the side to move"),
        (Move::new(Square::D1, Square::D2), "its own piece"),
        (Move::castling(Square::E1, Square::H1), "where king and rook go"),
        (Move::castling(Square::E1, Square::A1), "where king and rook go"),
        (Move::en_passant(Square::E2, Square::D3), "en-passant square"),
    ];
    for (m, why) in cases {
        let panic = std::panic::catch_unwind(move || board.clone().do_move(m));
        let message = panic.expect_err("a panic");
        let text = message.downcast_ref::<alloc::string::String>().expect("a message");
        assert!(text.contains(why), "{text}");
    }
    assert_eq!(board.to_string(), crate::STARTPOS_FEN);
    let knight_as_bishop = Move::new(Square::G1, Square::F3);
    let panic = std::panic::catch_unwind(move || {
        board.clone().do_move_by(knight_as_bishop, PieceType::Bishop)
    });
    let message = panic.expect_err("a panic");
    let text = message.downcast_ref::<alloc::string::String>().expect("a message");
    assert!(text.contains("no such piece"), "{text}");
    let no_right: Board = "4k3/8/8/8/8/8/8/4K2R w - - 0 1".parse().expect("a FEN");
    let panic = std::panic::catch_unwind(move || {
        no_right.clone().do_move(Move::castling(Square::E1, Square::H1))
    });
    assert!(panic.is_err());
}
