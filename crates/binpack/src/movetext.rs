//! A chain's moves after its stem: each move as the index of the moving piece among the
//! side to move's pieces and the index of its destination among the squares that piece
//! reaches, in just enough bits for their counts, then the score as the difference from the
//! previous score (seen from the other side), in variable-length blocks.

use crate::bits::{BitWriter, Window};
use crate::stem::{signed_to_unsigned, unsigned_to_signed};
use lerf_bitboard::{Bitboard, king_attacks, pawn_attacks};
use lerf_position::Board;
use lerf_types::{CastlingSide, Color, Move, MoveKind, PieceType, Rank, Square};

/// The bits needed for an index below `count`.
#[inline]
fn index_bits(count: u32) -> u32 {
    // No branch: 0 and 1 both need no bits.
    32 - count.saturating_sub(1).leading_zeros()
}

#[inline]
fn below(sq: Square) -> Bitboard {
    Bitboard::from((1u64 << sq.index()) - 1)
}

/// The `n`th square of `set`, in square order: one PDEP where the build has BMI2.
#[inline]
fn nth(set: Bitboard, n: u32) -> Option<Square> {
    if n >= 64 {
        return None;
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: this build enables BMI2 (the cfg above), so the CPU it runs on has PDEP.
    let bits = unsafe { core::arch::x86_64::_pdep_u64(1u64 << n, u64::from(set)) };
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    let bits = {
        let mut bits = u64::from(set);
        for _ in 0..n {
            bits &= bits.wrapping_sub(1);
        }
        bits & bits.wrapping_neg()
    };
    (bits != 0).then(|| Square::from_index_wrapping(bits.trailing_zeros() as u8))
}

/// The squares a pawn on `from` can go to, promotions not multiplied out.
#[inline]
fn pawn_destinations(board: &Board, us: Color, from: Square) -> Bitboard {
    let occupied = board.occupied();
    let mut targets = board.pieces_of(!us);
    if let Some(ep) = board.ep_square() {
        targets |= ep;
    }
    let mut dest = pawn_attacks(us, from) & targets;
    let step: i8 = if us == Color::White { 8 } else { -8 };
    let start = if us == Color::White { Rank::R2 } else { Rank::R7 };
    if let Some(one) =
        Square::from_index((from as i8 + step) as u8).filter(|&s| !occupied.contains(s))
    {
        dest |= one;
        if from.rank() == start {
            let two = Square::from_index_wrapping((from as i8 + 2 * step) as u8);
            if !occupied.contains(two) {
                dest |= two;
            }
        }
    }
    dest
}

#[inline]
fn promotes_from(us: Color) -> Rank {
    if us == Color::White { Rank::R7 } else { Rank::R2 }
}

/// The rights `us` holds: (queen side, king side).
#[inline]
fn rights(board: &Board, us: Color) -> (bool, bool) {
    (
        board.castling_rook_square(us, CastlingSide::Queen).is_some(),
        board.castling_rook_square(us, CastlingSide::King).is_some(),
    )
}

/// Whether `m` is a legal move of `board` (cheaper than setting up a `Position`).
pub(crate) fn is_legal(board: &Board, m: Move) -> bool {
    let us = board.side_to_move();
    let (from, to) = (m.from(), m.to());
    let Some(piece) = board.piece_on(from).filter(|p| p.color() == us) else { return false };
    let ours = board.pieces_of(us);
    let pseudo = match (m.kind(), piece.piece_type()) {
        (MoveKind::Castling, PieceType::King) => {
            let side =
                if to.file() > from.file() { CastlingSide::King } else { CastlingSide::Queen };
            return board.castling_move(side) == Some(m);
        }
        (MoveKind::EnPassant, PieceType::Pawn) => {
            board.ep_square() == Some(to) && pawn_attacks(us, from).contains(to)
        }
        (MoveKind::Promotion, PieceType::Pawn) => {
            from.rank() == promotes_from(us) && pawn_destinations(board, us, from).contains(to)
        }
        (MoveKind::Normal, PieceType::Pawn) => {
            from.rank() != promotes_from(us)
                && board.ep_square() != Some(to)
                && pawn_destinations(board, us, from).contains(to)
        }
        (MoveKind::Normal, PieceType::King) => (king_attacks(from) & !ours).contains(to),
        (MoveKind::Normal, pt) => {
            (lerf_magics::attacks(pt, from, board.occupied()) & !ours).contains(to)
        }
        _ => false,
    };
    pseudo && board.leaves_king_safe(m)
}

/// Appends `m` (legal in `board`) and its `score` to a chain's moves.
pub(crate) fn write_move(out: &mut BitWriter, board: &Board, m: Move) {
    let us = board.side_to_move();
    let ours = board.pieces_of(us);
    let from = m.from();
    let piece_id = (ours & below(from)).popcount();
    let pt = board.piece_on(from).map_or(PieceType::Pawn, |p| p.piece_type());
    let (move_id, count) = match pt {
        PieceType::Pawn => {
            let dest = pawn_destinations(board, us, from);
            let (id, n) = ((dest & below(m.to())).popcount(), dest.popcount());
            if from.rank() == promotes_from(us) {
                (id * 4 + (m.promotion_type() as u32 - PieceType::Knight as u32), n * 4)
            } else {
                (id, n)
            }
        }
        PieceType::King => {
            let attacks = king_attacks(from) & !ours;
            let (queen_side, king_side) = rights(board, us);
            let n = attacks.popcount() + u32::from(queen_side) + u32::from(king_side);
            if m.kind() == MoveKind::Castling {
                let short = m.to().file() > from.file();
                (attacks.popcount() + u32::from(queen_side) + u32::from(short) - 1, n)
            } else {
                ((attacks & below(m.to())).popcount(), n)
            }
        }
        _ => {
            let attacks = lerf_magics::attacks(pt, from, board.occupied()) & !ours;
            ((attacks & below(m.to())).popcount(), attacks.popcount())
        }
    };
    out.push(piece_id as u8, index_bits(ours.popcount()));
    out.push(move_id as u8, index_bits(count));
}

/// Appends a score: its difference from `last` (the previous score seen from this side).
pub(crate) fn write_score(out: &mut BitWriter, last: i16, score: i16) {
    out.push_vle(signed_to_unsigned(score.wrapping_sub(last)));
}

/// Why a chain's move could not be read (small, so that a move read comes back in
/// registers; the text is made only for a fault).
pub(crate) enum MoveFault {
    /// The indices name no move (which kind it was meant to be).
    NoSuch(&'static str),
    /// The move the indices name leaves its king attacked.
    Illegal(Move),
}

impl MoveFault {
    /// What the error says of the move: its UCI text, or what was looked for.
    pub(crate) fn describe(&self) -> String {
        match self {
            MoveFault::NoSuch(what) => (*what).to_owned(),
            MoveFault::Illegal(m) => format!("{}{}", m.from(), m.to()),
        }
    }
}

/// Reads the next move of a chain, legal in `board`, and the type of the piece it moves.
#[inline(always)]
pub(crate) fn read_move(bits: &mut Window, board: &Board) -> Result<(Move, PieceType), MoveFault> {
    let us = board.side_to_move();
    let ours = board.pieces_of(us);
    let piece_id = bits.take(index_bits(ours.popcount()));
    let bad = MoveFault::NoSuch;
    let from = nth(ours, u32::from(piece_id)).ok_or_else(|| bad("(no such piece)"))?;
    let pt = board.piece_type_on(from).unwrap_or(PieceType::Pawn);
    let m = match pt {
        PieceType::Pawn => {
            let dest = pawn_destinations(board, us, from);
            if from.rank() == promotes_from(us) {
                let id = bits.take(index_bits(dest.popcount() * 4));
                let to = nth(dest, u32::from(id / 4)).ok_or_else(|| bad("(no such promotion)"))?;
                let promo = PieceType::from_index(PieceType::Knight as u8 + (id % 4) as u8)
                    .unwrap_or(PieceType::Queen);
                Move::promotion(from, to, promo)
            } else {
                let id = bits.take(index_bits(dest.popcount()));
                let to = nth(dest, u32::from(id)).ok_or_else(|| bad("(no such pawn move)"))?;
                if Some(to) == board.ep_square() {
                    Move::en_passant(from, to)
                } else {
                    Move::new(from, to)
                }
            }
        }
        PieceType::King => {
            let attacks = king_attacks(from) & !ours;
            let (queen_side, king_side) = rights(board, us);
            let n = attacks.popcount() + u32::from(queen_side) + u32::from(king_side);
            let id = u32::from(bits.take(index_bits(n)));
            if id >= attacks.popcount() {
                let side = if id == attacks.popcount() && queen_side {
                    CastlingSide::Queen
                } else {
                    CastlingSide::King
                };
                return board.castling_move(side).map(|m| (m, pt)).ok_or_else(|| bad("(castling)"));
            }
            Move::new(from, nth(attacks, id).ok_or_else(|| bad("(no such king move)"))?)
        }
        _ => {
            let attacks = lerf_magics::attacks(pt, from, board.occupied()) & !ours;
            let id = bits.take(index_bits(attacks.popcount()));
            Move::new(from, nth(attacks, u32::from(id)).ok_or_else(|| bad("(no such move)"))?)
        }
    };
    if !board.leaves_king_safe(m) {
        return Err(MoveFault::Illegal(m));
    }
    Ok((m, pt))
}

/// Reads a score written by [`write_score`].
pub(crate) fn read_score(bits: &mut Window, last: i16) -> Option<i16> {
    let delta = bits.take_vle()?;
    Some(last.wrapping_add(unsigned_to_signed(delta)))
}
