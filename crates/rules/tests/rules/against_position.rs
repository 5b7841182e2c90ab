//! The loose board (python-chess's rules, `lerf_rules`) against the engine's
//! `Position` and lerf-movegen on positions a game can reach: the same legal moves, check,
//! FEN, outcome and perft counts on every suite, Chess960 included.

// The perft suites and helpers of lerf-movegen's tests, which these compare against.
#[path = "../../../movegen/tests/movegen/common/mod.rs"]
mod common;

use common::{ALL_SUITES, Rng, parse_suite};
use lerf_bitboard::Bitboard;
use lerf_movegen::legal_moves;
use lerf_position::Position;
use lerf_rules::{LooseBoard, LooseGame, LooseMove, LooseStatus};
use lerf_types::{Move, MoveKind};

/// The loose form of an engine move (castling as king takes rook in Chess960, as the king's
/// step otherwise).
fn loose_move(pos: &Position, m: Move) -> LooseMove {
    let to = match m.kind() {
        MoveKind::Castling if !pos.is_chess960() => m.king_or_piece_destination(),
        _ => m.to(),
    };
    let promotion = (m.kind() == MoveKind::Promotion).then(|| m.promotion_type());
    LooseMove { from: m.from(), to, promotion, drop: None }
}

fn loose_board(pos: &Position) -> LooseBoard {
    LooseBoard::from_fen(&pos.to_fen(), pos.is_chess960()).expect("lerf's FEN reads")
}

fn loose_perft(board: &LooseBoard, depth: u32) -> u64 {
    let moves = board.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|&m| loose_perft(&board.play_unchecked(m), depth - 1)).sum()
}

#[test]
fn perft_counts_of_every_suite() {
    let mut checked = 0;
    for suite in ALL_SUITES {
        for line in parse_suite(suite) {
            let pos = Position::from_fen(line.fen).expect("suite FEN");
            let board = loose_board(&pos);
            for &(depth, nodes) in &line.counts {
                if nodes > 300_000 {
                    continue;
                }
                assert_eq!(loose_perft(&board, depth), nodes, "line {} depth {depth}", line.line);
                checked += 1;
            }
        }
    }
    assert!(checked > 200, "only {checked} counts checked");
}

/// Checks every query the two boards share in one position.
fn compare(pos: &Position, board: &LooseBoard) {
    let fen = pos.to_fen();
    let mut ours: Vec<String> = board.legal_moves().iter().map(|m| m.to_string()).collect();
    let mut theirs: Vec<String> =
        legal_moves(pos).iter().map(|&m| loose_move(pos, m).to_string()).collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs, "{fen}");
    assert_eq!(board.is_check(), pos.in_check(), "{fen}");
    assert_eq!(board.fen(), if pos.is_chess960() { pos.to_xfen() } else { fen.clone() });
    assert_eq!(board.status(), LooseStatus::empty(), "{fen}");
    assert_eq!(board.checkers_mask(), pos.checkers(), "{fen}");
    for m in legal_moves(pos).iter() {
        let lm = loose_move(pos, *m);
        assert!(board.is_legal(lm), "{fen} {lm}");
        assert_eq!(board.is_capture(lm), pos.is_capture(*m), "{fen} {lm}");
        assert_eq!(board.is_castling(lm), m.kind() == MoveKind::Castling, "{fen} {lm}");
    }
    let pseudo = board.pseudo_legal_moves();
    for m in &pseudo {
        assert!(board.is_pseudo_legal(*m), "{fen} {m}");
    }
}

#[test]
fn random_games_agree_with_position() {
    let mut rng = Rng(0x5eed_1005);
    for game in 0..300 {
        let chess960 = game % 3 == 0;
        let mut pos = if chess960 {
            Position::from_chess960_index((rng.below(960)) as u16).expect("index")
        } else {
            Position::startpos()
        };
        let mut loose = LooseGame::new(loose_board(&pos));
        for _ in 0..120 {
            compare(&pos, loose.board());
            let outcome = loose.outcome(true);
            assert_eq!(outcome, pos.outcome_with_claims(), "{}", pos.to_fen());
            let moves = legal_moves(&pos);
            if moves.is_empty() || outcome.is_some() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            loose.push(loose_move(&pos, m)).expect("a legal move plays");
            pos.do_move(m);
        }
        // Popping back restores every position exactly.
        let start_fen = loose.root().fen();
        while loose.pop().is_some() {}
        assert_eq!(loose.board().fen(), start_fen);
    }
}

#[test]
fn masks_restrict_generation() {
    let board: LooseBoard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().expect("fen");
    let mut moves = Vec::new();
    board.generate_pseudo_legal_moves(lerf_bitboard::RANK_2, Bitboard::FULL, &mut moves);
    assert!(moves.is_empty());
    board.generate_pseudo_legal_moves(
        Bitboard::FULL,
        Bitboard::from(lerf_types::Square::A1),
        &mut moves,
    );
    let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(texts, ["e1c1"]);
}
