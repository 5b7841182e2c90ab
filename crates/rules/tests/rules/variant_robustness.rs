//! Variant boards on bad and random input: FEN soup never panics; random games of every
//! variant keep their state equal to a recompute (the FEN written after every move reads
//! back as the same board, the same moves), and perft never panics on the positions met.

use lerf_rules::LooseMove;
use lerf_rules::variant::{Variant, VariantBoard, castling_target};
use std::str::FromStr;

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn fen_soup_never_panics() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let pieces = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "8/8/8/8/8/8/8/8",
        "k7/8/8/8/8/8/8/7K",
        "[",
        "]",
        "[QqNn]",
        "/",
        "~",
        "3+3",
        "+1+2",
        "9+9",
        "+4+0",
        "w",
        "b",
        "KQkq",
        "HAha",
        "-",
        "e3",
        "0",
        "1",
        "999999999999",
        "Q~",
        "/Pp",
        " ",
        "  ",
        "[]",
        "x",
        "é",
        "\u{0}",
    ];
    for _ in 0..20_000 {
        let mut fen = String::new();
        for _ in 0..rng.next() % 10 {
            fen.push_str(pieces[(rng.next() % pieces.len() as u64) as usize]);
            if rng.next().is_multiple_of(3) {
                fen.push(' ');
            }
        }
        for variant in Variant::ALL {
            if let Ok(board) = VariantBoard::from_fen(variant, &fen, rng.next().is_multiple_of(2)) {
                let _ = board.fen();
                let _ = board.legal_moves();
                let _ = board.is_variant_end();
                let _ = board.perft(2);
            }
        }
    }
}

#[test]
fn random_games_keep_their_state_equal_to_a_recompute() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for variant in Variant::ALL {
        for _ in 0..40 {
            let mut board = VariantBoard::new(variant);
            for _ in 0..120 {
                let again = VariantBoard::from_fen(variant, &board.fen(), false)
                    .expect("the FEN reads back");
                assert_eq!(again.fen(), board.fen(), "{variant:?}");
                assert_eq!(again.legal_moves(), board.legal_moves(), "{variant:?} {}", board.fen());
                assert_eq!(again.remaining_checks, board.remaining_checks);
                assert_eq!(again.pockets, board.pockets);
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                board = board.play_unchecked(moves[(rng.next() % moves.len() as u64) as usize]);
            }
        }
    }
}

#[test]
fn a_null_move_changes_nothing_but_the_turn_whatever_stands_on_a1() {
    use lerf_rules::LooseMove;
    // A black rook on a1: a null move is no capture of it (no explosion, no pocket).
    let cases = [
        (
            Variant::Crazyhouse,
            "4k3/8/8/8/8/8/8/r3K3[] w - - 0 1",
            "4k3/8/8/8/8/8/8/r3K3[] b - - 1 1",
        ),
        (Variant::Atomic, "4k3/8/8/8/8/8/8/rN2K3 w - - 0 1", "4k3/8/8/8/8/8/8/rN2K3 b - - 1 1"),
    ];
    for (variant, fen, after) in cases {
        let board = VariantBoard::from_fen(variant, fen, false).unwrap();
        assert_eq!(board.play_unchecked(LooseMove::NULL).fen(), after, "{variant:?}");
    }
}

#[test]
fn legal_piece_moves_between_masks_are_the_legal_moves_between_them() {
    use lerf_bitboard::Bitboard;
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut checked = 0;
    for variant in Variant::ALL {
        for _ in 0..30 {
            let mut board = VariantBoard::new(variant);
            for _ in 0..100 {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for _ in 0..4 {
                    // A piece type's squares (as SAN's rivals take them), or random masks.
                    let layout = &board.board.layout;
                    let by_type =
                        [layout.knights, layout.bishops, layout.rooks, layout.queens, layout.kings];
                    let from = match rng.next() % 3 {
                        0 => by_type[(rng.next() % 5) as usize],
                        1 => Bitboard(rng.next() | rng.next()),
                        _ => Bitboard::FULL,
                    };
                    let to = if rng.next().is_multiple_of(2) {
                        Bitboard::from_square(moves[(rng.next() % moves.len() as u64) as usize].to)
                    } else {
                        Bitboard(rng.next() & rng.next())
                    };
                    let mut masked = Vec::new();
                    board.generate_legal_piece_moves(from, to, &mut masked);
                    let expected: Vec<_> = moves
                        .iter()
                        .copied()
                        .filter(|&m| {
                            m.drop.is_none()
                                && from.contains(m.from)
                                && to.contains(castling_target(&board.board, m))
                        })
                        .collect();
                    assert_eq!(masked, expected, "{variant:?} {}", board.fen());
                    checked += 1;
                }
                board = board.play_unchecked(moves[(rng.next() % moves.len() as u64) as usize]);
            }
        }
    }
    assert!(checked > 40_000, "{checked}");
}

/// An antichess king made by promotion, beside a Chess960 castling right: the FEN marks it
/// (`K~`), as python-chess 1.11.2 writes it, so that reading the FEN back does not take the
/// new king for the one that castles (found by fuzzing `variant_play`: the FEN without the
/// mark read back with other rights). With standard rights python-chess writes no mark, and
/// its FEN reads back with the a-file rook's right named by its file (the promoted king,
/// unmarked, is then the king): lerf's answers are python-chess's, read back included.
#[test]
fn a_promoted_antichess_king_is_marked_where_castling_is_chess960s() {
    let cases = [
        (
            "rnbqk1nr/pPppbppp/8/8/8/8/PPPP1PPP/RQBBNKRN w KQkq - 0 2",
            true,
            "K~nbqk1nr/p1ppbppp/8/8/8/8/PPPP1PPP/RQBBNKRN b KQk - 0 2",
            "K~nbqk1nr/p1ppbppp/8/8/8/8/PPPP1PPP/RQBBNKRN b KQk - 0 2",
        ),
        (
            "rnbqk1nr/pPppbppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            false,
            "Knbqk1nr/p1ppbppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQk - 0 2",
            "Knbqk1nr/p1ppbppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KAk - 0 2",
        ),
        (
            "rnbqk1nr/pPppbppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            true,
            "Knbqk1nr/p1ppbppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQk - 0 2",
            "Knbqk1nr/p1ppbppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KAk - 0 2",
        ),
    ];
    for (fen, chess960, expected, read_back) in cases {
        let board = VariantBoard::from_fen(Variant::Antichess, fen, chess960).expect("a FEN");
        let promotion = board
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == "b7a8k")
            .expect("b7a8k is legal");
        let after = board.play_unchecked(promotion);
        assert_eq!(after.fen(), expected);
        let again = VariantBoard::from_fen(Variant::Antichess, &after.fen(), chess960).unwrap();
        assert_eq!(again.fen(), read_back);
    }
}

/// A right left standing by moves where no FEN read would keep it: in an impossible
/// three-check position with two white kings, Black's king takes the one that castles. The
/// right of the d1 rook stays (a move only takes rights away, python-chess keeps them as
/// they stand), so the FEN names it, and reading the FEN back cleans it away. Each FEN is
/// python-chess 1.11.2's (found by fuzzing `variant_play`, whose round trip now expects it).
#[test]
fn a_right_left_by_moves_is_written_and_cleaned_on_reading_as_python_chess_does() {
    let start = "r3k2r/p1ppqpb1/nb2pnp1/3PN3/1p2P3/2N2Q1p/PPPKQkqP/3RK2R w KQkq - 0 1";
    let mut board = VariantBoard::from_fen(Variant::ThreeCheck, start, true).expect("a FEN");
    assert_eq!(
        board.fen(),
        "r3k2r/p1ppqpb1/nb2pnp1/3PN3/1p2P3/2N2Q1p/PPPKQkqP/3RK2R w KDkq - 3+3 0 1"
    );
    for uci in ["e5g4", "g2h1", "c3a4", "d7d6", "f3d3", "f2e1", "e2e1"] {
        let m = board.legal_moves().into_iter().find(|m| m.to_string() == uci).expect(uci);
        board = board.play_unchecked(m);
    }
    let written = "r3k2r/p1p1qpb1/nb1ppnp1/3P4/Np2P1N1/3Q3p/PPPK3P/3RQ2q b K - 3+2 0 4";
    assert_eq!(board.fen(), written);
    let again = VariantBoard::from_fen(Variant::ThreeCheck, written, true).expect("reads back");
    assert_eq!(again.fen(), "r3k2r/p1p1qpb1/nb1ppnp1/3P4/Np2P1N1/3Q3p/PPPK3P/3RQ2q b - - 3+2 0 4");
}

/// King of the hill, Chess960: White's king stands on d4, the game is over, and Black's
/// king may not castle even pseudo-legally (python-chess 1.11.2 lists 25 pseudo-legal moves
/// there, no castling; found by a long differential run from Python).
#[test]
fn no_castling_among_the_pseudo_legal_moves_once_the_game_is_over() {
    let fen = "r1nb1kr1/p2bp1p1/2pp4/N6p/B1pK2p1/5PN1/PP1PPBnP/QR4R1 b k - 3 15";
    let board = VariantBoard::from_fen(Variant::KingOfTheHill, fen, true).expect("a FEN");
    assert!(board.is_variant_end());
    let mut pseudo = vec![LooseMove::from_str("e2e4").expect("a move")];
    board.generate_pseudo_legal_moves(&mut pseudo);
    assert_eq!(pseudo.len(), 26, "the move already there and python-chess's 25");
    assert_eq!(pseudo[0].to_string(), "e2e4", "what was in the list stays");
    assert!(pseudo[1..].iter().all(|&m| !board.board.is_castling(m)));
    // Before the king reached the hill, the castling was there.
    let before = "r1nb1kr1/p2bp1p1/2pp4/N6p/B1p3p1/4KPN1/PP1PPBnP/QR4R1 b k - 3 15";
    let board = VariantBoard::from_fen(Variant::KingOfTheHill, before, true).expect("a FEN");
    let mut pseudo = Vec::new();
    board.generate_pseudo_legal_moves(&mut pseudo);
    assert!(pseudo.iter().any(|&m| board.board.is_castling(m)));
}

/// The en passant square a variant's FEN keeps is the variant's: in atomic with White's king
/// taken off, Black's c4 pawn could take on b3 by chess's rules, but the game is over, so
/// python-chess 1.11.2 writes `-`; in king of the hill the capture d4xe3 is legal and the
/// square stays.
#[test]
fn the_en_passant_square_written_is_the_variants() {
    let atomic = "r2k4/5p1r/1p5p/pb1pP1pP/1PpP4/5PP1/6R1/3R4 b - b3 0 25";
    let board = VariantBoard::from_fen(Variant::Atomic, atomic, false).expect("a FEN");
    assert_eq!(board.fen(), "r2k4/5p1r/1p5p/pb1pP1pP/1PpP4/5PP1/6R1/3R4 b - - 0 25");
    let hill = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
    let board = VariantBoard::from_fen(Variant::KingOfTheHill, hill, false).expect("a FEN");
    assert_eq!(board.fen(), hill);
}

/// A king in a crazyhouse pocket (taken in a set-up no game reaches, as python-chess lets a
/// move take it) is written first, as python-chess 1.11.2 writes it: `[kn]`, not dropped.
#[test]
fn a_king_in_a_pocket_is_written_first() {
    let all = "8/8/8/8/8/8/8/K6k[KQRBNPkqrbnp] w - - 0 1";
    let board = VariantBoard::from_fen(Variant::Crazyhouse, all, false).expect("a FEN");
    assert_eq!(board.fen(), all);
    let two_kings = "7k/8/8/8/8/8/8/K5Kq[n] b - - 0 1";
    let board = VariantBoard::from_fen(Variant::Crazyhouse, two_kings, false).expect("a FEN");
    let after = board.play_unchecked(LooseMove::from_str("h1g1").expect("a move"));
    assert_eq!(after.fen(), "7k/8/8/8/8/8/8/K5q1[kn] w - - 0 2");
}

/// Set-ups no game reaches, answered as python-chess 1.11.2 answers them: in atomic a king
/// may take when its side has another king (the one that takes goes up); in racing kings a
/// king left en prise may be taken (no king is left to check); in three-check both sides
/// through their checks is a draw, neither side's win.
#[test]
fn odd_set_ups_follow_python_chess() {
    let legal = |variant, fen| {
        let board = VariantBoard::from_fen(variant, fen, false).expect("a FEN");
        let mut moves: Vec<String> = board.legal_moves().iter().map(|m| m.to_string()).collect();
        moves.sort();
        moves
    };
    let atomic = legal(Variant::Atomic, "8/8/5K2/8/8/8/3k4/4K2B w - - 11 23");
    assert!(atomic.contains(&"e1d2".to_owned()), "{atomic:?}");
    let one_king = legal(Variant::Atomic, "8/8/8/8/8/8/3k4/4K2B w - - 11 23");
    assert!(!one_king.contains(&"e1d2".to_owned()));
    let racing = legal(Variant::RacingKings, "8/6q1/8/8/8/8/3r2K1/3k4 b - - 0 1");
    assert_eq!(racing, ["d2g2", "g7g2"]);
    let done = "6Pn/4rK1p/pq6/1N2k3/5q2/r2p1R2/8/8 b - - 0+0 53 67";
    let board = VariantBoard::from_fen(Variant::ThreeCheck, done, false).expect("a FEN");
    assert!(board.is_variant_end() && board.is_variant_draw());
    assert!(!board.is_variant_win() && !board.is_variant_loss());
}

/// An en passant capture whose victim a set-up left out takes nothing, as python-chess's
/// `push` plays it: no explosion in atomic, nothing into the pocket in crazyhouse.
#[test]
fn en_passant_without_a_victim_takes_nothing() {
    let play = |variant, fen, uci: &str| {
        let board = VariantBoard::from_fen(variant, fen, false).expect("a FEN");
        board.play_unchecked(LooseMove::from_str(uci).expect("a move")).fen()
    };
    let atomic = play(Variant::Atomic, "1r6/4q3/1NK4R/4P1N1/5N2/krnN3B/8/8 w - d6 21 21", "e5d6");
    assert_eq!(atomic, "1r6/4q3/1NKP3R/6N1/5N2/krnN3B/8/8 b - - 0 21");
    let zh = play(Variant::Crazyhouse, "k7/8/8/3pP3/8/8/8/K7[] w - d6 0 1", "e5d6");
    assert_eq!(zh, "k7/8/3P4/8/8/8/8/K7[P] b - - 0 1");
    let empty = play(Variant::Crazyhouse, "k7/8/8/4P3/8/8/8/K7[] w - d6 0 1", "e5d6");
    assert_eq!(empty, "k7/8/3P4/8/8/8/8/K7[] b - - 0 1");
}

/// python-chess keeps the en passant square where a pseudo-legal capture does not go into
/// check by the variant's reckoning, though it may not be a legal move: in atomic, one that
/// would blow up the mover's own king (a position games reach); in racing kings, one that
/// gives check.
#[test]
fn the_en_passant_square_stays_where_python_chess_keeps_it() {
    let atomic =
        VariantBoard::from_fen(Variant::Atomic, "4k3/3p4/4K3/4P3/8/8/8/8 b - - 0 1", false)
            .expect("a FEN")
            .play_unchecked(LooseMove::from_str("d7d5").expect("a move"));
    assert!(!atomic.legal_moves().iter().any(|&m| atomic.board.is_en_passant(m)));
    assert!(atomic.has_legal_en_passant());
    assert_eq!(atomic.fen(), "4k3/8/4K3/3pP3/8/8/8/8 w - d6 0 2");
    let racing = "3b1Prr/2P5/6n1/2P3QR/2kN2P1/2p1Kn2/b2P3B/2P2B2 w - d6 55 52";
    let board = VariantBoard::from_fen(Variant::RacingKings, racing, false).expect("a FEN");
    assert_eq!(board.fen(), racing);
}
