//! FEN reading and writing: the suites round-trip, bad FENs give the right typed error, and
//! nothing panics.

use crate::common::suite_fens;
use lerf_position::{FenErrorKind as K, FenField, Position, STARTPOS_FEN};
use lerf_types::Color;
use quickcheck::quickcheck;

const STANDARD: &str = include_str!("../data/standard.epd");
const CHESS960: &str = include_str!("../data/chess960.epd");
const TRICKY: &str = include_str!("../data/tricky.epd");
const TRICKY960: &str = include_str!("../data/tricky960.epd");

#[test]
fn suites_parse_round_trip_and_are_consistent() {
    let mut count = 0;
    for (suite, fens) in [("standard", suite_fens(STANDARD)), ("chess960", suite_fens(CHESS960))] {
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{suite}: {fen}: {e}"));
            assert_eq!(pos.to_fen(), fen, "{suite}: round trip");
            assert_eq!(pos.pos_is_ok(true), Ok(()), "{suite}: {fen}");
            assert_eq!(Position::from_fen(&pos.to_fen()).unwrap(), pos);
            count += 1;
        }
    }
    assert_eq!(count, 133 + 960);
}

#[test]
fn tricky_suites_parse_and_are_consistent() {
    for fen in suite_fens(TRICKY).into_iter().chain(suite_fens(TRICKY960)) {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.pos_is_ok(true), Ok(()), "{fen}");
        let again = Position::from_fen(&pos.to_fen()).unwrap();
        assert_eq!(again, pos, "{fen}");
    }
}

#[test]
fn four_field_fen_gets_default_counters() {
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(pos.to_fen(), STARTPOS_FEN);
}

#[test]
fn x_fen_and_shredder_fen_agree() {
    // tricky960 line 1, as shakmaty writes it in X-FEN.
    let xfen =
        Position::from_fen("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1").unwrap();
    let shredder =
        Position::from_fen("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w EAea - 0 1").unwrap();
    assert_eq!(xfen, shredder);
    assert!(xfen.is_chess960());
    assert_eq!(xfen.to_fen(), "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w EAea - 0 1");
}

#[test]
fn castling_letters_in_any_order() {
    let a = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1").unwrap();
    assert_eq!(a.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(!a.is_chess960());
}

#[test]
fn en_passant_square_kept_only_when_capturable() {
    let no_capturer =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(no_capturer.ep_square(), None);
    let capturable =
        Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(capturable.ep_square(), Some(lerf_types::Square::E3));
    // The capture would expose the black king on a4 to the rook on h4.
    let pinned = Position::from_fen("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!(pinned.ep_square(), None);
}

/// The error a FEN gives: field, token and kind. Also checks that the offset points at the
/// token in the input and that the message names all three.
fn err(fen: &str) -> (FenField, String, K) {
    let e = Position::from_fen(fen).expect_err(fen);
    assert!(
        fen.get(e.offset..).is_some_and(|rest| rest.starts_with(e.token.trim_end_matches('…'))),
        "{fen}: offset {} does not point at {:?}",
        e.offset,
        e.token
    );
    let message = e.to_string();
    assert!(message.contains(&format!("{:?}", e.token)), "{message}");
    assert!(message.contains(&format!("at byte {}", e.offset)), "{message}");
    assert!(message.contains(&e.field.to_string()), "{message}");
    (e.field, e.token, e.kind)
}

#[test]
fn bad_fens_give_typed_errors() {
    use FenField::*;
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let cases: &[(&str, FenField, &str, K)] = &[
        ("", Whole, "", K::FieldCount(0)),
        ("   ", Whole, "", K::FieldCount(0)),
        ("8/8/8/8/8/8/8/8 w", Whole, "", K::FieldCount(2)),
        (&format!("{START} w KQkq - 0 1 extra"), Whole, "extra", K::FieldCount(7)),
        (&format!("{START} w KQkq - 0 1 a b c"), Whole, "a", K::FieldCount(9)),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            Board,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPP…",
            K::RankCount(7),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
            Board,
            "/8",
            K::RankCount(9),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            Board,
            "X",
            K::BadPieceLetter('X'),
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Board,
            "9",
            K::BadPieceLetter('9'),
        ),
        (
            "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Board,
            "0",
            K::BadPieceLetter('0'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/é/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Board,
            "é",
            K::BadPieceLetter('é'),
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Board,
            "44",
            K::AdjacentDigits,
        ),
        ("4k3/8/8/8/8/8/8/4K21 w - - 0 1", Board, "21", K::AdjacentDigits),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Board,
            "ppppppppp",
            K::RankTooLong(7),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB7 w KQkq - 0 1",
            Board,
            "RNBQKB7",
            K::RankTooLong(1),
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Board,
            "ppppppp",
            K::RankTooShort(7),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            Board,
            "RNBQKBN",
            K::RankTooShort(1),
        ),
        (&format!("{START} x KQkq - 0 1"), SideToMove, "x", K::BadSideToMove),
        (&format!("{START} white KQkq - 0 1"), SideToMove, "white", K::BadSideToMove),
        (&format!("{START} w KQkx - 0 1"), Castling, "x", K::BadCastlingLetter('x')),
        (&format!("{START} w KQ-q - 0 1"), Castling, "-", K::BadCastlingLetter('-')),
        (&format!("{START} w KK - 0 1"), Castling, "K", K::DuplicateCastling('K')),
        ("4k3/8/8/8/8/8/4K3/8 w X - 0 1", Castling, "X", K::BadCastlingLetter('X')),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w K - 0 1",
            Board,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPP…",
            K::MissingKing(Color::White),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w K - 0 1",
            Castling,
            "K",
            K::CastlingWithoutKing('K'),
        ),
        (
            "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Castling,
            "k",
            K::CastlingWithoutRook('k'),
        ),
        (&format!("{START} w KQkq e4 0 1"), EnPassant, "e4", K::BadEnPassantSquare),
        (&format!("{START} w KQkq zz 0 1"), EnPassant, "zz", K::BadEnPassantSquare),
        (
            &format!("{START} w KQkq e6 0 1"),
            EnPassant,
            "e6",
            K::ImpossibleEnPassant(lerf_types::Square::E6),
        ),
        (&format!("{START} w KQkq - x 1"), HalfmoveClock, "x", K::NotDigits),
        (&format!("{START} w KQkq - +5 1"), HalfmoveClock, "+", K::NotDigits),
        (&format!("{START} w KQkq - 1e2 1"), HalfmoveClock, "e", K::NotDigits),
        (&format!("{START} w KQkq - 0 -3"), FullmoveNumber, "-", K::NotDigits),
        (&format!("{START} w KQkq - 0 +1"), FullmoveNumber, "+", K::NotDigits),
        (&format!("{START} w KQkq - 65536 1"), HalfmoveClock, "65536", K::NumberTooLarge(65535)),
        (
            &format!("{START} w KQkq - 99999999999999999999 1"),
            HalfmoveClock,
            "99999999999999999999",
            K::NumberTooLarge(65535),
        ),
        (
            &format!("{START} w KQkq - 0 2147483648"),
            FullmoveNumber,
            "2147483648",
            K::NumberTooLarge(2_147_483_647),
        ),
        (&format!("{START}\u{a0}w KQkq - 0 1"), Board, "\u{a0}w", K::NonAsciiSpace('\u{a0}')),
        (
            &format!("{START} w\u{3000}KQkq - 0 1"),
            SideToMove,
            "\u{3000}KQkq",
            K::NonAsciiSpace('\u{3000}'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w - - 0 1",
            Board,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPP…",
            K::MissingKing(Color::White),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1",
            Board,
            "K",
            K::TooManyKings(Color::White),
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNN w - - 0 1",
            Board,
            "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNN",
            K::TooManyPieces(Color::White),
        ),
        (
            "4k3/8/8/8/8/8/NNNNNNNN/NNNNKNNN w - - 0 1",
            Board,
            "4k3/8/8/8/8/8/NNNNNNNN/NNNNKNNN",
            K::TooManyPieces(Color::White),
        ),
        (
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            Board,
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3",
            K::TooManyPawns(Color::White),
        ),
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", Board, "P", K::PawnOnBackRank(lerf_types::Square::H8)),
        ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", Board, "p", K::PawnOnBackRank(lerf_types::Square::A1)),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", Whole, "4k3/4R3/8/8/8/8/8/4K3", K::OpponentInCheck),
        (
            "4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1",
            Whole,
            "4k3/8/8/8/8/3n1n2/8/r3K3",
            K::TooManyCheckers(3),
        ),
    ];
    for (fen, field, token, kind) in cases {
        assert_eq!(err(fen), (*field, token.to_string(), kind.clone()), "{fen}");
    }
}

#[test]
fn error_offsets_point_into_the_input() {
    let e = Position::from_fen("4k3/8/8/8/8/8/8/4K3  w - -  +5 1").unwrap_err();
    assert_eq!((e.offset, e.token.as_str()), (28, "+"));
    let e = Position::from_fen("4k3/8/8/8/8/8/8/4K21 w - - 0 1").unwrap_err();
    assert_eq!((e.offset, e.token.as_str()), (18, "21"));
    assert_eq!(
        e.to_string(),
        "invalid fen: piece placement \"21\" at byte 18: two digits in a row"
    );
    let e = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 2").unwrap_err();
    assert_eq!((e.offset, e.token.as_str()), (30, "2"));
}

#[test]
fn errors_about_huge_input_stay_short() {
    let long_field = "x".repeat(200_000);
    for fen in [
        format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {long_field}"),
        format!("{long_field} w - - 0 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w {long_field} - 0 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w - - {} 1", "9".repeat(200_000)),
        format!("4k3/8/8/8/8/8/8/4K3/{} w - - 0 1", "8/".repeat(100_000)),
    ] {
        let e = Position::from_fen(&fen).unwrap_err();
        assert!(e.token.chars().count() <= lerf_position::FEN_ERROR_TOKEN_LIMIT + 1, "{e}");
        assert!(e.to_string().len() < 200, "{e}");
    }
}

#[test]
fn ascii_whitespace_of_any_kind_separates_fields() {
    let pos = Position::from_fen(" \t4k3/8/8/8/8/8/8/4K3\tw  -\n-\r\n0 1\n").unwrap();
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn counter_limits_are_accepted_and_written_back() {
    let fen = "4k3/8/8/8/8/8/8/4K3 b - - 65535 2147483647";
    let pos = Position::from_fen(fen).unwrap();
    assert_eq!(pos.to_fen(), fen);
    assert_eq!(pos.fullmove_number(), lerf_position::MAX_FULLMOVE_NUMBER);
    assert_eq!(pos.rule50_count(), 65535);
    // Leading zeros are digits, and a full-move number of 0 reads as 1.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 007 0").unwrap();
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 7 1");
}

#[test]
fn unusual_but_possible_positions_are_accepted() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "QQQQQQQ1/8/8/8/8/8/8/K6k b - - 0 1", // six promoted queens and the original one
        "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1",   // double check
        "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",  // standard.epd line 51, a check no move could give
    ] {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.pos_is_ok(true), Ok(()));
    }
}

#[test]
fn too_much_material_is_refused_before_a_move_list_could_overflow() {
    let impossible = include_str!("../data/tricky-impossible.epd");
    let last = suite_fens(impossible).pop().unwrap();
    assert_eq!(err(last).2, K::TooManyPieces(Color::White));
}

#[test]
fn set_fen_leaves_position_untouched_on_error() {
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let before = pos.to_fen();
    assert!(pos.set_fen("not a fen").is_err());
    assert_eq!(pos.to_fen(), before);
    pos.set_fen(STARTPOS_FEN).unwrap();
    assert_eq!(pos, Position::startpos());
}

/// A FEN either fails with an error or gives a position that passes every check.
fn parses_consistently_or_fails(text: &str) -> bool {
    Position::from_fen(text).map_or(true, |pos| pos.pos_is_ok(true).is_ok())
}

quickcheck! {
    fn arbitrary_strings_never_panic(s: String) -> bool {
        let _ = Position::from_fen(&s);
        true
    }

    fn mutated_fens_never_panic(line: usize, at: usize, byte: u8, delete: bool) -> bool {
        let fens = suite_fens(STANDARD);
        let mut bytes = fens[line % fens.len()].as_bytes().to_vec();
        let at = at % bytes.len();
        if delete { bytes.remove(at); } else { bytes[at] = byte; }
        parses_consistently_or_fails(&String::from_utf8_lossy(&bytes))
    }

    fn mutated_960_fens_never_panic(line: usize, at: usize, c: char) -> bool {
        let fens = suite_fens(CHESS960);
        let mut chars: Vec<char> = fens[line % fens.len()].chars().collect();
        let at = at % chars.len();
        chars[at] = c;
        parses_consistently_or_fails(&chars.into_iter().collect::<String>())
    }
}
