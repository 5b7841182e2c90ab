//! Attack tables of the pieces that jump: pawns, knights and kings.

use crate::Bitboard;
use lerf_types::{Color, Square};

/// Squares reached from `sq` by each `(file, rank)` step that stays on the board.
const fn leaps(sq: usize, steps: &[(i8, i8)]) -> u64 {
    let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
    let mut bits = 0u64;
    let mut i = 0;
    while i < steps.len() {
        let (f, r) = (file + steps[i].0, rank + steps[i].1);
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            bits |= 1 << (r * 8 + f);
        }
        i += 1;
    }
    bits
}

pub(crate) const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = Bitboard(leaps(sq, steps));
        sq += 1;
    }
    table
}

pub(crate) const KNIGHT_STEPS: [(i8, i8); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
pub(crate) const KING_STEPS: [(i8, i8); 8] =
    [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

static KNIGHT_ATTACKS: [Bitboard; 64] = leaper_table(&KNIGHT_STEPS);
static KING_ATTACKS: [Bitboard; 64] = leaper_table(&KING_STEPS);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] =
    [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// Squares a pawn of `color` on `sq` attacks.
///
/// ```
/// use lerf_bitboard::{pawn_attacks, Bitboard};
/// use lerf_types::{Color, Square};
/// assert_eq!(pawn_attacks(Color::White, Square::A2), Bitboard::from(Square::B3));
/// assert_eq!(pawn_attacks(Color::Black, Square::E5).popcount(), 2);
/// ```
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color as usize][sq as usize]
}

/// Squares a knight on `sq` attacks.
///
/// ```
/// use lerf_bitboard::knight_attacks;
/// use lerf_types::Square;
/// assert_eq!(knight_attacks(Square::A1).popcount(), 2);
/// assert_eq!(knight_attacks(Square::D4).popcount(), 8);
/// ```
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq as usize]
}

/// Squares a king on `sq` attacks.
///
/// ```
/// use lerf_bitboard::king_attacks;
/// use lerf_types::Square;
/// assert_eq!(king_attacks(Square::H8).popcount(), 3);
/// ```
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Coordinate reference: every square at exactly the given (|df|, |dr|) shape.
    fn reference(from: Square, keep: impl Fn(i8, i8) -> bool) -> Bitboard {
        Square::iter()
            .filter(|to| {
                let df = to.file() as i8 - from.file() as i8;
                let dr = to.rank() as i8 - from.rank() as i8;
                keep(df, dr)
            })
            .collect()
    }

    #[test]
    fn leapers_match_coordinate_reference() {
        for sq in Square::iter() {
            let knight = reference(sq, |df, dr| df.abs() * dr.abs() == 2);
            let king = reference(sq, |df, dr| df.abs().max(dr.abs()) == 1);
            let white = reference(sq, |df, dr| df.abs() == 1 && dr == 1);
            let black = reference(sq, |df, dr| df.abs() == 1 && dr == -1);
            assert_eq!(knight_attacks(sq), knight, "knight {sq}");
            assert_eq!(king_attacks(sq), king, "king {sq}");
            assert_eq!(pawn_attacks(Color::White, sq), white, "white pawn {sq}");
            assert_eq!(pawn_attacks(Color::Black, sq), black, "black pawn {sq}");
            assert_eq!(Bitboard::from(sq).pawn_attacks(Color::White), white);
        }
    }
}
