//! Every precondition of the moving methods: a call that breaks one panics with a message
//! naming it, before anything changes, and the position stays whole.

use lerf_position::{IllegalMoveReason as R, Position};
use lerf_types::{Move, PieceType, Square};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Runs `f` on a copy of the position of `fen`; expects a panic whose message contains
/// `expected`, and a position exactly as it was.
fn refused(fen: &str, expected: &str, f: impl FnOnce(&mut Position)) {
    refused_after(Position::from_fen(fen).unwrap(), expected, f);
}

/// [`refused`] on a position given whole (with a history).
fn refused_after(before: Position, expected: &str, f: impl FnOnce(&mut Position)) {
    let fen = before.to_fen();
    let mut pos = before.clone();
    let payload = catch_unwind(AssertUnwindSafe(|| f(&mut pos))).expect_err("no panic");
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    assert!(message.contains(expected), "{fen}: {message:?} lacks {expected:?}");
    assert!(pos.eq_including_clocks(&before), "{fen}: changed to {}", pos.to_fen());
    assert_eq!(pos.history(), before.history());
    assert_eq!(pos.pos_is_ok(true), Ok(()));
}

const CASTLING: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";

#[test]
fn do_move_refuses_what_would_break_the_position() {
    use Square::*;
    let cases: &[(&str, Move, &str)] = &[
        (CASTLING, Move::NONE, "Move::NONE and Move::NULL are not moves"),
        (CASTLING, Move::NULL, "Move::NONE and Move::NULL are not moves"),
        (CASTLING, Move::new(D4, D5), "no piece on d4"),
        (CASTLING, Move::new(A8, A7), "the piece on a8 is not white's"),
        (CASTLING, Move::new(A1, E1), "capture its own piece on e1"),
        (CASTLING, Move::castling(E1, A8), "no right to castle"),
        (CASTLING, Move::castling(A1, H1), "the rook on a1 cannot move to h1"),
        (CASTLING, Move::en_passant(A1, A2), "no en-passant capture onto a2"),
        (CASTLING, Move::promotion(A1, A2, PieceType::Queen), "only a pawn"),
        ("4k3/8/8/8/8/8/8/R3K2r w - - 0 1", Move::castling(E1, H1), "no right to castle"),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", Move::castling(E1, H1), "no right to castle"),
        ("3k4/8/8/8/8/8/8/3RK3 b - - 0 1", Move::new(D1, D2), "not black's"),
        (EN_PASSANT, Move::en_passant(E5, F6), "no en-passant capture onto f6"),
        (EN_PASSANT, Move::new(E1, E8), "the king on e1 cannot move to e8"),
    ];
    for &(fen, m, expected) in cases {
        refused(fen, expected, |p| p.do_move(m));
        // The checked way says the same, without the panic.
        let pos = Position::from_fen(fen).unwrap();
        assert!(pos.check_move(m).unwrap_err().to_string().contains(expected), "{fen} {m:?}");
    }
}

#[test]
fn undo_refuses_anything_but_the_last_move() {
    refused(CASTLING, "no move has been played", |p| {
        p.undo_move(Move::new(Square::E1, Square::E2))
    });
    refused(CASTLING, "no move has been played", |p| p.undo_move(Move::NULL));
    refused(CASTLING, "not a null move", |p| p.undo_null_move());
    let mut castled = Position::from_fen(CASTLING).unwrap();
    castled.play_uci("e1g1").unwrap();
    refused_after(castled.clone(), "the last move played was e1g1", |p| {
        p.undo_move(Move::new(Square::E1, Square::G1));
    });
    refused_after(castled, "not a null move", |p| p.undo_null_move());
    let mut passed = Position::from_fen(CASTLING).unwrap();
    passed.do_null_move();
    refused_after(passed, "was a null move", |p| p.undo_move(Move::NULL));
}

#[test]
fn checked_play_names_the_reason() {
    use Square::*;
    let cases: &[(&str, &str, R)] = &[
        ("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "e1c1", R::NoCastlingRight),
        ("r3k2r/8/8/8/8/8/8/R2QK2R w KQkq - 0 1", "e1c1", R::CastlingBlocked),
        ("r3k2r/8/8/8/8/8/8/R2QK2R w KQkq - 0 1", "e1a1", R::CastlingBlocked),
        ("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1", R::CastlingThroughCheck),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e5",
            R::CannotReach(lerf_types::Piece::W_PAWN, E2, E5),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e1e2",
            R::CapturesOwnPiece(E2),
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e3e4", R::NoPiece(E3)),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e7e5",
            R::NotYourPiece(E7, lerf_types::Color::White),
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "0000", R::NotAMove),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3q", R::CannotPromote),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", R::MustPromote),
        ("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1f2", R::LeavesKingInCheck),
        ("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "d2f3", R::LeavesKingInCheck),
        ("4k3/8/8/8/8/8/3N4/r3K3 w - - 0 1", "d2f3", R::DoesNotAnswerCheck),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1c1", R::NoCastlingRight),
    ];
    for &(fen, uci, reason) in cases {
        let mut pos = Position::from_fen(fen).unwrap();
        let err = pos.play_uci(uci).expect_err(uci);
        let lerf_position::UciError::Illegal(e) = err else { panic!("{uci}: {err}") };
        assert_eq!(e.reason, reason, "{uci} in {fen}");
        assert_eq!(pos.to_fen(), Position::from_fen(fen).unwrap().to_fen());
    }
}

#[test]
fn no_move_passes_the_largest_full_move_number() {
    use Square::*;
    let last = "4k3/8/8/8/8/8/8/4K3 b - - 0 2147483647";
    refused(last, "past full-move number", |p| p.do_move(Move::new(E8, D8)));
    // A position reused game after game keeps the state slots it made for later plies; a copy
    // of one at the limit into it refuses the move all the same.
    let mut reused = Position::startpos();
    let moves = ["g1f3", "g8f6", "f3g1", "f6g8"].map(|uci| reused.play_uci(uci).unwrap());
    for m in moves.into_iter().rev() {
        reused.undo_move(m);
    }
    let at_limit = Position::from_fen(last).unwrap();
    reused.clone_from(&at_limit);
    let payload = catch_unwind(AssertUnwindSafe(|| reused.do_move(Move::new(E8, D8))));
    let message = payload.expect_err("no panic").downcast::<String>().map(|s| *s);
    assert!(message.is_ok_and(|m| m.contains("past full-move number")));
    assert!(reused.eq_including_clocks(&at_limit));
    // One ply earlier, the last move is allowed, and the next refused.
    let mut reused = Position::startpos();
    reused.play_uci("g1f3").unwrap();
    reused.clone_from(&Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 2147483647").unwrap());
    reused.do_move(Move::new(E1, D1));
    assert_eq!(reused.fullmove_number(), lerf_position::MAX_FULLMOVE_NUMBER);
    let refused = catch_unwind(AssertUnwindSafe(|| reused.do_move(Move::new(E8, D8))));
    assert!(refused.is_err());
}

/// A promotion to a king or a pawn is refused with a reason, never a panic: a Polyglot
/// book's move word can name one (promotion part 5 is a king; found by the `book_moves`
/// fuzz target, where `Book::moves` panicked in `Move::promotion`), and so can a
/// `UciMove` built by hand.
#[test]
fn a_promotion_to_a_king_or_pawn_is_refused() {
    use lerf_position::{Book, BookEntry};
    let pos = Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    for part in [1u16, 4, 5, 6, 7] {
        let word = Square::A8 as u16 | (Square::A7 as u16) << 6 | part << 12;
        let mut bytes = pos.polyglot_key().to_be_bytes().to_vec();
        bytes.extend(word.to_be_bytes());
        bytes.extend([0, 1, 0, 0, 0, 0]);
        let book = Book::new(&bytes[..]).unwrap();
        let moves: Vec<(BookEntry, Move)> = book.moves(&pos).collect();
        // Parts 1-4 are a knight to a queen; 5 (a king), 6 and 7 are no move.
        assert_eq!(moves.len(), usize::from(part <= 4), "part {part}");
    }
    for pt in [PieceType::King, PieceType::Pawn] {
        let uci =
            lerf_types::UciMove::Normal { from: Square::A7, to: Square::A8, promotion: Some(pt) };
        assert_eq!(pos.legal_uci(uci).map_err(|e| e.reason), Err(R::CannotPromote), "{pt:?}");
    }
}
