//! What a new user reached for and had to write by hand: captures and the capture stage,
//! attacked squares, the mirrored position, UCI text in the position's own notation, X-FEN,
//! and what a move changes on the board.

use crate::common::{ALL_SUITES, parse_suite, random_game_positions};
use lerf_movegen::{GenType, MoveList, generate, legal_moves, perft};
use lerf_position::Position;
use lerf_types::{Color, MoveKind, Piece, Square};

fn sample_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for (i, fen) in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ]
    .iter()
    .enumerate()
    {
        positions.extend(random_game_positions(fen, 99 + i as u64, 60));
    }
    positions
}

#[test]
fn captures_and_the_capture_stage_agree_with_the_generator() {
    for pos in sample_positions() {
        let legal = legal_moves(&pos);
        let mut stage = MoveList::new();
        generate(&pos, GenType::Captures, &mut stage);
        stage.retain(|m| legal.contains(&m));
        // The generator's captures are Stockfish's: captures and queen promotions, but
        // capturing under-promotions come with the quiets; the capture stage has them all.
        let mut by_test: Vec<_> =
            legal.iter().copied().filter(|&m| pos.is_capture_stage(m)).collect();
        let mut by_gen = stage.to_vec();
        by_gen.extend(legal.iter().copied().filter(|&m| {
            m.kind() == MoveKind::Promotion
                && m.promotion_type() != lerf_types::PieceType::Queen
                && pos.piece_on(m.to()).is_some()
        }));
        by_test.sort();
        by_gen.sort();
        assert_eq!(by_test, by_gen, "{}", pos.to_fen());
        for &m in legal.iter() {
            let takes = match m.kind() {
                MoveKind::EnPassant => true,
                MoveKind::Castling => false,
                _ => pos.piece_on(m.to()).is_some(),
            };
            assert_eq!(pos.is_capture(m), takes, "{m:?} in {}", pos.to_fen());
        }
    }
}

#[test]
fn attacked_squares_are_those_with_an_attacker() {
    for pos in sample_positions() {
        for color in Color::ALL {
            let attacks = pos.attacks_by(color);
            for sq in Square::iter() {
                let attacked = pos.attackers(sq).intersects(pos.pieces_of(color));
                assert_eq!(attacks.contains(sq), attacked, "{sq} by {color} in {}", pos.to_fen());
            }
        }
    }
}

#[test]
fn every_suite_position_counts_as_its_mirror() {
    let mut checked = 0;
    for suite in ALL_SUITES {
        for line in parse_suite(suite) {
            let pos = Position::from_fen(line.fen).unwrap();
            let mut flipped = pos.flip();
            assert_eq!(flipped.side_to_move(), !pos.side_to_move());
            assert_eq!(flipped.flip(), pos, "{}", line.fen);
            for &(depth, expected) in line.counts.iter().filter(|&&(_, n)| n <= 200_000) {
                assert_eq!(perft(&mut flipped, depth), expected, "flip of {} D{depth}", line.fen);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn uci_text_follows_the_position_and_x_fen_reads_back() {
    let standard = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let chess960 = Position::from_fen_960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let castle = standard.parse_uci("e1c1").unwrap();
    assert_eq!(standard.uci(castle).to_string(), "e1c1");
    assert_eq!(chess960.uci(castle).to_string(), "e1a1");
    for pos in sample_positions() {
        for &m in legal_moves(&pos).iter() {
            assert_eq!(pos.parse_uci(&pos.uci(m).to_string()), Ok(m));
        }
        let xfen = pos.to_xfen();
        let back = if pos.is_chess960() {
            Position::from_fen_960(&xfen)
        } else {
            Position::from_fen(&xfen)
        };
        assert!(back.unwrap().eq_including_clocks(&pos), "{xfen}");
        let shredder = Position::from_fen_960(&pos.to_shredder_fen()).unwrap();
        assert_eq!(shredder, pos);
    }
}

#[test]
fn move_changes_replay_the_board() {
    let mut checked = 0;
    for pos in sample_positions() {
        for &m in legal_moves(&pos).iter() {
            let changes = pos.changes(m);
            let mut board: Vec<Option<Piece>> = Square::iter().map(|s| pos.piece_on(s)).collect();
            for (_, sq) in changes.removed.iter().flatten() {
                board[*sq as usize] = None;
            }
            for (_, from, _) in changes.moved.iter().flatten() {
                board[*from as usize] = None;
            }
            for (pc, _, to) in changes.moved.iter().flatten() {
                board[*to as usize] = Some(*pc);
            }
            if let Some((pc, sq)) = changes.added {
                board[sq as usize] = Some(pc);
            }
            let mut after = pos.clone();
            after.do_move(m);
            let expected: Vec<Option<Piece>> = Square::iter().map(|s| after.piece_on(s)).collect();
            assert_eq!(board, expected, "{m:?} in {}", pos.to_fen());
            checked += 1;
        }
    }
    assert!(checked > 5000);
}
