//! Perft of the variants whose moves are standard chess's (king of the hill, three-check,
//! racing kings less its checking moves) on the engine's [`Position`] and its move
//! generator, when the position is one `Position` takes: only the variant's end (a king on
//! the hill, the third check, a king home) and racing kings' ban on checks are added.

use alloc::string::String;

use lerf_bitboard::{RANK_8, king_attacks};
use lerf_movegen::legal_moves;
use lerf_position::Position;
use lerf_types::{Color, PieceType};

use super::races::HILL;
use super::{Variant, VariantBoard};
use crate::fen::EnPassantMode;

/// The perft, or `None` when the variant's moves are not standard chess's or `Position`
/// does not take the position.
pub(super) fn perft(vb: &VariantBoard, depth: u32) -> Option<u64> {
    if !matches!(vb.variant, Variant::KingOfTheHill | Variant::ThreeCheck | Variant::RacingKings) {
        return None;
    }
    let mut fen = String::new();
    vb.board.write_fen(&mut fen, vb.board.chess960, EnPassantMode::Legal, false).ok()?;
    let mut pos =
        if vb.board.chess960 { Position::from_fen_960(&fen) } else { Position::from_fen(&fen) }
            .ok()?;
    Some(walk(&mut pos, depth, vb.variant, vb.remaining_checks))
}

fn walk(pos: &mut Position, depth: u32, variant: Variant, checks: [u8; 2]) -> u64 {
    let ended = match variant {
        Variant::KingOfTheHill => pos.pieces_of_type(PieceType::King).intersects(HILL),
        Variant::RacingKings => race_over(pos),
        _ => checks.contains(&0),
    };
    if ended {
        return 0;
    }
    let mut moves = legal_moves(pos);
    if variant == Variant::RacingKings {
        moves.retain(|m| !pos.gives_check(m));
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mover = pos.side_to_move();
    let mut total = 0;
    for &m in moves.iter() {
        let mut next_checks = checks;
        if variant == Variant::ThreeCheck && pos.gives_check(m) {
            let i = if mover == Color::White { 0 } else { 1 };
            next_checks[i] = next_checks[i].saturating_sub(1);
        }
        pos.do_move(m);
        total += walk(pos, depth - 1, variant, next_checks);
        pos.undo_move(m);
    }
    total
}

/// Racing kings' end on a `Position` (see `races::racing_end`).
fn race_over(pos: &Position) -> bool {
    let kings = pos.pieces_of_type(PieceType::King);
    if !kings.intersects(RANK_8) {
        return false;
    }
    let black_king = kings & pos.pieces_of(Color::Black);
    if pos.side_to_move() == Color::White || black_king.intersects(RANK_8) || !black_king.any() {
        return true;
    }
    let from = pos.king_square(Color::Black);
    let occupied = pos.occupied() ^ black_king;
    let goals = king_attacks(from) & RANK_8 & !pos.pieces_of(Color::Black);
    goals.into_iter().all(|sq| pos.is_attacked_by(sq, Color::White, occupied))
}
