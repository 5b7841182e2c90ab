//! The bitboard tables python-chess publishes as module constants (`BB_KNIGHT_ATTACKS`,
//! `BB_RAYS`, the slider tables...), read from lerf-bitboard and lerf-magics.

use lerf_bitboard::{Bitboard, king_attacks, knight_attacks, pawn_attacks};
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_rules::ray;
use lerf_types::{Color, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

fn squares() -> impl Iterator<Item = Square> {
    (0..64u8).map(Square::from_index_wrapping)
}

/// Knight, king and pawn attacks (`[black, white]`) by square, and the rays between every
/// two squares.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn leaper_tables() -> (Vec<u64>, Vec<u64>, [Vec<u64>; 2], Vec<Vec<u64>>) {
    let knight = squares().map(|s| knight_attacks(s).0).collect();
    let king = squares().map(|s| king_attacks(s).0).collect();
    let pawn =
        [Color::Black, Color::White].map(|c| squares().map(|s| pawn_attacks(c, s).0).collect());
    let rays = squares().map(|a| squares().map(|b| ray(a, b).0).collect()).collect();
    (knight, king, pawn, rays)
}

/// What a slider on `square` sees along `kind` (`"diag"`, `"file"` or `"rank"`) given
/// `occupied`.
#[pyfunction]
pub fn slider_attacks(kind: &str, square: u8, occupied: u64) -> PyResult<u64> {
    let sq = crate::board::moves::square_of(square)?;
    let occupied = Bitboard(occupied);
    let file = lerf_bitboard::FILES[sq.file() as usize];
    let rank = lerf_bitboard::RANKS[sq.rank() as usize];
    Ok(match kind {
        "diag" => bishop_attacks(sq, occupied).0,
        "file" => (rook_attacks(sq, occupied) & file).0,
        "rank" => (rook_attacks(sq, occupied) & rank).0,
        other => return Err(PyValueError::new_err(format!("no slider table {other:?}"))),
    })
}

/// The fewest knight moves between every two squares (64 × 64).
#[pyfunction]
pub fn knight_distances() -> Vec<Vec<u8>> {
    squares()
        .map(|from| {
            let mut distance = vec![u8::MAX; 64];
            distance[from as usize] = 0;
            let mut frontier = Bitboard::from_square(from);
            let mut step = 0;
            while frontier.any() {
                step += 1;
                let mut next = Bitboard::EMPTY;
                for sq in frontier {
                    for to in knight_attacks(sq) {
                        if distance[to as usize] == u8::MAX {
                            distance[to as usize] = step;
                            next |= Bitboard::from_square(to);
                        }
                    }
                }
                frontier = next;
            }
            distance
        })
        .collect()
}
