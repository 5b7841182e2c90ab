//! Perft of the variants whose moves are standard chess's (king of the hill, three-check,
//! racing kings less its checking moves) on the engine's [`Position`] and its move
//! generator, when the position is one `Position` takes: only the variant's end (a king on
//! the hill, the third check, a king home) and racing kings' ban on checks are added.

use alloc::string::String;

use lerf_bitboard::{RANK_8, king_attacks};
use lerf_movegen::{legal_moves, perft_board};
use lerf_position::{Board, Position};
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
    if depth >= 2 && end_out_of_reach(pos, depth, variant, checks) {
        // The variant's end cannot come before the leaves: the tree is standard chess's.
        return perft_board(&Board::from(&*pos), depth);
    }
    let mut moves = legal_moves(pos);
    if variant == Variant::RacingKings {
        moves.retain(|m| !pos.gives_check(m));
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mover = pos.side_to_move();
    // The mover's checks count only while they can still run out before the leaves.
    let counts_checks = variant == Variant::ThreeCheck
        && u32::from(checks[if mover == Color::White { 0 } else { 1 }]) <= depth / 2;
    let mut total = 0;
    for &m in moves.iter() {
        let mut next_checks = checks;
        if counts_checks && pos.gives_check(m) {
            let i = if mover == Color::White { 0 } else { 1 };
            next_checks[i] = next_checks[i].saturating_sub(1);
        }
        pos.do_move(m);
        total += walk(pos, depth - 1, variant, next_checks);
        pos.undo_move(m);
    }
    total
}

/// Whether the variant cannot end in the subtree `depth` plies deep except at its leaves
/// (a leaf is counted whatever it is): each side has fewer moves before the last ply than
/// it needs to bring its king onto the hill, or to give its remaining checks. Racing kings
/// never qualifies (its ban on checks changes the moves).
fn end_out_of_reach(pos: &Position, depth: u32, variant: Variant, checks: [u8; 2]) -> bool {
    let us = pos.side_to_move();
    // Moves made with at least 2 plies to go: ours at depth, depth - 2, ...; theirs at
    // depth - 1, depth - 3, ...
    let moves = |color: Color| if color == us { depth / 2 } else { (depth - 1) / 2 };
    match variant {
        Variant::KingOfTheHill => [Color::White, Color::Black].into_iter().all(|color| {
            let king = pos.king_square(color);
            let (file, rank) = (king.index() as u32 % 8, king.index() as u32 / 8);
            let off = |x: u32| if x < 3 { 3 - x } else { x.saturating_sub(4) };
            off(file).max(off(rank)) > moves(color)
        }),
        Variant::ThreeCheck => {
            u32::from(checks[0]) > moves(Color::White) && u32::from(checks[1]) > moves(Color::Black)
        }
        _ => false,
    }
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

#[cfg(test)]
mod tests {
    use super::super::{Variant, VariantBoard};
    use alloc::vec::Vec;

    /// The engine's walk (with its shortcuts to standard chess's perft) against the
    /// variant board's own generator, on positions where the end is near and far.
    #[test]
    fn the_engine_walk_counts_as_the_variant_board() {
        let cases = [
            (Variant::KingOfTheHill, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            (Variant::KingOfTheHill, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            (Variant::KingOfTheHill, "8/8/2k5/8/8/5K2/8/8 b - - 0 1"),
            (Variant::KingOfTheHill, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
            (Variant::ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"),
            (
                Variant::ThreeCheck,
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+2 0 2",
            ),
            (Variant::ThreeCheck, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 2+2 0 1"),
            (Variant::ThreeCheck, "4k3/8/8/8/8/8/8/R3K3 b - - 1+1 0 1"),
        ];
        for (variant, fen) in cases {
            let board = VariantBoard::from_fen(variant, fen, false).unwrap();
            for depth in 1..=4 {
                let mut lists: Vec<Vec<_>> = (0..depth).map(|_| Vec::new()).collect();
                let generic = board.perft_with(depth, &mut lists);
                assert_eq!(board.perft(depth), generic, "{variant:?} {fen} depth {depth}");
            }
        }
    }
}
