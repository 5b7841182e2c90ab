//! HalfKAv2_hm: the inputs of Stockfish's networks since 15.1.
//!
//! Each side sees the board from its own side (Black's view is mirrored top to bottom) and
//! with its king on the e-h files (the board is mirrored left to right when the king stands
//! on a-d). A feature is one piece on one square, relative to that king: 32 king buckets
//! (4 files x 8 ranks) of 11 piece planes (both kings share the last) of 64 squares.

use lerf_types::{Color, Piece, Square};

/// Features per side: 32 king buckets x 11 planes x 64 squares.
pub const FEATURES: usize = 32 * PLANES;

/// Squares x piece planes of one king bucket.
const PLANES: usize = 11 * 64;

/// Which planes a piece falls on for each perspective, by the piece's encoding (1-6 White's
/// pawn to king, 9-14 Black's): own pieces on the even planes, the opponent's on the odd,
/// both kings on plane 10.
const PLANE: [[u16; 16]; 2] = {
    let mut table = [[0u16; 16]; 2];
    let mut pt = 1;
    while pt <= 6 {
        let (own, theirs) =
            if pt == 6 { (640, 640) } else { ((pt as u16 - 1) * 128, (pt as u16 - 1) * 128 + 64) };
        table[0][pt] = own;
        table[0][pt + 8] = theirs;
        table[1][pt] = theirs;
        table[1][pt + 8] = own;
        pt += 1;
    }
    table
};

/// The king bucket of a king on a square seen from White's side, times the bucket's size:
/// rank 1 holds buckets 28-31, rank 8 buckets 0-3, the files mirrored about the centre.
const KING_BUCKET: [u16; 64] = {
    let mut table = [0u16; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        let file = if file < 4 { file } else { 7 - file };
        table[sq] = ((7 - rank) * 4 + file) as u16 * PLANES as u16;
        sq += 1;
    }
    table
};

/// How a side's view transforms squares, fixed by its king: XOR with this.
#[inline]
pub(crate) fn orientation(perspective: Color, king: Square) -> u8 {
    let mirror = if king.index() % 8 < 4 { 7 } else { 0 };
    match perspective {
        Color::White => mirror,
        Color::Black => mirror ^ 56,
    }
}

/// The base index of `perspective`'s king bucket for its king on `king`.
#[inline]
pub(crate) fn king_offset(perspective: Color, king: Square) -> usize {
    let relative = match perspective {
        Color::White => king.index(),
        Color::Black => king.index() ^ 56,
    };
    KING_BUCKET[relative] as usize
}

/// The feature of `piece` on `square` for `perspective`, whose king stands on `king`.
///
/// ```
/// use lerf_nnue::feature_index;
/// use lerf_types::{Color, Piece, Square};
/// // White's king on e1 is in bucket 31; its own pawn on e2 is on plane 0.
/// assert_eq!(feature_index(Color::White, Square::E1, Piece::W_PAWN, Square::E2), 31 * 704 + 12);
/// // Black's view of the same pawn: mirrored to e7, on the opponent's pawn plane.
/// assert_eq!(feature_index(Color::Black, Square::E8, Piece::W_PAWN, Square::E2), 31 * 704 + 64 + 52);
/// ```
#[inline]
pub fn feature_index(perspective: Color, king: Square, piece: Piece, square: Square) -> usize {
    let base = king_offset(perspective, king);
    feature_index_with(perspective, base, orientation(perspective, king), piece, square)
}

/// [`feature_index`] with the king's offset and orientation worked out once.
#[inline]
pub(crate) fn feature_index_with(
    perspective: Color,
    king_offset: usize,
    orientation: u8,
    piece: Piece,
    square: Square,
) -> usize {
    king_offset
        + PLANE[perspective.index()][piece.index()] as usize
        + (square.index() ^ orientation as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feature_is_in_range_and_distinct_per_king() {
        for perspective in Color::ALL {
            for king in Square::ALL {
                let mut seen = std::collections::HashSet::new();
                for piece in Piece::ALL {
                    for sq in Square::ALL {
                        let f = feature_index(perspective, king, piece, sq);
                        assert!(f < FEATURES);
                        let king_piece = piece.piece_type() == lerf_types::PieceType::King;
                        // The two kings share a plane; everything else is distinct.
                        assert!(
                            seen.insert(f) || king_piece,
                            "{perspective:?} {king} {piece:?} {sq}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_two_views_are_each_others_colour_flip() {
        for wk in Square::ALL {
            for piece in Piece::ALL {
                for sq in Square::ALL {
                    let white = feature_index(Color::White, wk, piece, sq);
                    let black =
                        feature_index(Color::Black, wk.flip_rank(), piece.flip(), sq.flip_rank());
                    assert_eq!(white, black);
                }
            }
        }
    }
}
