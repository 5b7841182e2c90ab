//! Lines through pairs of squares: `between`, `line`, `ray_pass`, and empty-board slider
//! attacks.

use crate::Bitboard;
use crate::leapers::{KING_STEPS, KNIGHT_STEPS, leaper_table};
use lerf_types::{PieceType, Square};

const ALL_DIRECTIONS: [(i8, i8); 8] =
    [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The `(file, rank)` unit step from `a` towards `b`, if they share a line.
const fn direction(a: usize, b: usize) -> Option<(i8, i8)> {
    let df = (b % 8) as i8 - (a % 8) as i8;
    let dr = (b / 8) as i8 - (a / 8) as i8;
    if a == b || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return None;
    }
    Some((df.signum(), dr.signum()))
}

/// Squares from `sq` (excluded) stepping by `step` up to the edge.
const fn walk(sq: usize, step: (i8, i8)) -> u64 {
    let (mut f, mut r) = ((sq % 8) as i8 + step.0, (sq / 8) as i8 + step.1);
    let mut bits = 0u64;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        bits |= 1 << (r * 8 + f);
        f += step.0;
        r += step.1;
    }
    bits
}

#[derive(Clone, Copy)]
enum PairTable {
    Between,
    Line,
    RayPass,
}

const fn pair_table(kind: PairTable) -> [[Bitboard; 64]; 64] {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            table[a][b] = Bitboard(match kind {
                PairTable::Between => between_cell(a, b),
                PairTable::Line => line_cell(a, b),
                PairTable::RayPass => ray_pass_cell(a, b),
            });
            b += 1;
        }
        a += 1;
    }
    table
}

const fn between_cell(a: usize, b: usize) -> u64 {
    match direction(a, b) {
        Some(step) => walk(a, step) & !walk(b, step) & !(1 << b),
        None => 0,
    }
}

const fn line_cell(a: usize, b: usize) -> u64 {
    match direction(a, b) {
        Some(step) => walk(a, step) | walk(a, (-step.0, -step.1)) | 1 << a,
        None => 0,
    }
}

const fn ray_pass_cell(a: usize, b: usize) -> u64 {
    match direction(a, b) {
        Some(step) => walk(a, step),
        None => 0,
    }
}

const fn slider_table(first_direction: usize) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = first_direction;
        while d < 8 {
            table[sq].0 |= walk(sq, ALL_DIRECTIONS[d]);
            d += 2;
        }
        sq += 1;
    }
    table
}

static BETWEEN: [[Bitboard; 64]; 64] = pair_table(PairTable::Between);
static LINE: [[Bitboard; 64]; 64] = pair_table(PairTable::Line);
static RAY_PASS: [[Bitboard; 64]; 64] = pair_table(PairTable::RayPass);
static ROOK_PSEUDO: [Bitboard; 64] = slider_table(0);
static BISHOP_PSEUDO: [Bitboard; 64] = slider_table(1);

/// Each piece type's reach on an empty board, by type (`PieceType as usize`; pawns and the
/// unused rows empty): one load where a pick among the tables above takes five.
static PIECE_PSEUDO: [[Bitboard; 64]; 8] = {
    let none = [Bitboard::EMPTY; 64];
    let (bishop, rook) = (slider_table(1), slider_table(0));
    let mut queen = none;
    let mut sq = 0;
    while sq < 64 {
        queen[sq] = Bitboard(bishop[sq].0 | rook[sq].0);
        sq += 1;
    }
    let (knight, king) = (leaper_table(&KNIGHT_STEPS), leaper_table(&KING_STEPS));
    [none, none, knight, bishop, rook, queen, king, none]
};

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal;
/// empty otherwise (and for `a == b` or neighbours).
///
/// ```
/// use lerf_bitboard::between;
/// use lerf_types::Square;
/// assert_eq!(between(Square::C1, Square::F4).popcount(), 2); // d2, e3
/// assert!(between(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a as usize][b as usize]
}

/// The whole line, edge to edge, through `a` and `b` (both included) when they share a
/// rank, file or diagonal; empty otherwise.
///
/// ```
/// use lerf_bitboard::{line, RANK_3};
/// use lerf_types::Square;
/// assert_eq!(line(Square::B3, Square::E3), RANK_3);
/// ```
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a as usize][b as usize]
}

/// The ray that starts next to `a`, runs through `b` and on to the edge of the board:
/// what a slider on `a` would see towards `b` on an empty board. Empty if not aligned.
///
/// ```
/// use lerf_bitboard::ray_pass;
/// use lerf_types::Square;
/// let ray: Vec<_> = ray_pass(Square::E1, Square::E3).into_iter().collect();
/// assert_eq!(ray.first(), Some(&Square::E2));
/// assert_eq!(ray.last(), Some(&Square::E8));
/// ```
#[inline]
pub fn ray_pass(a: Square, b: Square) -> Bitboard {
    RAY_PASS[a as usize][b as usize]
}

/// Whether `a`, `b` and `c` stand on one line.
///
/// ```
/// use lerf_bitboard::aligned;
/// use lerf_types::Square;
/// assert!(aligned(Square::A1, Square::C3, Square::H8));
/// assert!(!aligned(Square::A1, Square::C3, Square::H7));
/// ```
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

/// Squares a rook on `sq` attacks on an empty board.
///
/// ```
/// use lerf_bitboard::rook_pseudo_attacks;
/// use lerf_types::Square;
/// assert_eq!(rook_pseudo_attacks(Square::E4).popcount(), 14);
/// ```
#[inline]
pub fn rook_pseudo_attacks(sq: Square) -> Bitboard {
    ROOK_PSEUDO[sq as usize]
}

/// Squares a bishop on `sq` attacks on an empty board.
///
/// ```
/// use lerf_bitboard::bishop_pseudo_attacks;
/// use lerf_types::Square;
/// assert_eq!(bishop_pseudo_attacks(Square::A1).popcount(), 7);
/// ```
#[inline]
pub fn bishop_pseudo_attacks(sq: Square) -> Bitboard {
    BISHOP_PSEUDO[sq as usize]
}

/// Squares a piece of type `pt` on `sq` attacks on an empty board: a knight's, bishop's,
/// rook's, queen's or king's moves from `sq`; none for a pawn, whose attacks depend on its
/// colour (see [`pawn_attacks`](crate::pawn_attacks)).
///
/// ```
/// use lerf_bitboard::{pseudo_attacks, rook_pseudo_attacks};
/// use lerf_types::{PieceType, Square};
/// assert_eq!(pseudo_attacks(PieceType::Queen, Square::D1).popcount(), 21);
/// assert_eq!(pseudo_attacks(PieceType::Rook, Square::A1), rook_pseudo_attacks(Square::A1));
/// assert!(pseudo_attacks(PieceType::Pawn, Square::E2).is_empty());
/// ```
#[inline]
pub fn pseudo_attacks(pt: PieceType, sq: Square) -> Bitboard {
    PIECE_PSEUDO[pt as usize & 7][sq as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coords(sq: Square) -> (i32, i32) {
        (sq.file() as i32, sq.rank() as i32)
    }

    fn on_common_line(a: Square, b: Square) -> bool {
        let ((fa, ra), (fb, rb)) = (coords(a), coords(b));
        a != b && (fa == fb || ra == rb || (fa - fb).abs() == (ra - rb).abs())
    }

    /// Whether `c` lies on the infinite line through distinct aligned `a` and `b`: the
    /// cross product of (b - a) and (c - a) is zero.
    fn collinear(a: Square, b: Square, c: Square) -> bool {
        let ((fa, ra), (fb, rb), (fc, rc)) = (coords(a), coords(b), coords(c));
        (fb - fa) * (rc - ra) == (rb - ra) * (fc - fa)
    }

    fn dot(a: Square, b: Square, c: Square) -> i32 {
        let ((fa, ra), (fb, rb), (fc, rc)) = (coords(a), coords(b), coords(c));
        (fb - fa) * (fc - fa) + (rb - ra) * (rc - ra)
    }

    #[test]
    fn line_tables_match_coordinate_reference() {
        for a in Square::iter() {
            for b in Square::iter() {
                let aligned = on_common_line(a, b);
                let on_line = |c: &Square| aligned && collinear(a, b, *c);
                let line_ref: Bitboard = Square::iter().filter(on_line).collect();
                let len2 = dot(a, b, b);
                let between_ref: Bitboard = Square::iter()
                    .filter(|c| on_line(c) && (1..len2).contains(&dot(a, b, *c)) && *c != b)
                    .collect();
                let ray_ref: Bitboard =
                    Square::iter().filter(|c| on_line(c) && dot(a, b, *c) > 0).collect();
                assert_eq!(line(a, b), line_ref, "line {a} {b}");
                assert_eq!(between(a, b), between_ref, "between {a} {b}");
                assert_eq!(ray_pass(a, b), ray_ref, "ray_pass {a} {b}");
            }
        }
    }

    #[test]
    fn pseudo_attacks_are_lines_through_the_square() {
        for a in Square::iter() {
            let rook: Bitboard = Square::iter()
                .filter(|&b| a != b && (a.file() == b.file() || a.rank() == b.rank()))
                .collect();
            let queen: Bitboard = Square::iter().filter(|&b| on_common_line(a, b)).collect();
            assert_eq!(rook_pseudo_attacks(a), rook);
            assert_eq!(rook_pseudo_attacks(a) | bishop_pseudo_attacks(a), queen);
            assert!(!rook_pseudo_attacks(a).intersects(bishop_pseudo_attacks(a)));
        }
    }

    #[test]
    fn pseudo_attacks_by_type_are_each_pieces_table() {
        use crate::{king_attacks, knight_attacks};
        for a in Square::iter() {
            let (rook, bishop) = (rook_pseudo_attacks(a), bishop_pseudo_attacks(a));
            assert_eq!(pseudo_attacks(PieceType::Knight, a), knight_attacks(a));
            assert_eq!(pseudo_attacks(PieceType::Bishop, a), bishop);
            assert_eq!(pseudo_attacks(PieceType::Rook, a), rook);
            assert_eq!(pseudo_attacks(PieceType::Queen, a), rook | bishop);
            assert_eq!(pseudo_attacks(PieceType::King, a), king_attacks(a));
            assert!(pseudo_attacks(PieceType::Pawn, a).is_empty());
        }
    }
}
