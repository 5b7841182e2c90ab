//! A refresh cache (what engine authors call a "Finny table"): for each side and each square
//! its king can stand on, the last accumulator computed there and the pieces it holds. A
//! king move makes that side's sums depend on the new king square, so they cannot follow
//! from the previous position's; but they can follow from the last position seen with the
//! king on that square, by the rows of the pieces that differ, usually a handful against
//! the thirty-odd rows of a computation from scratch.

use crate::network::{BUCKETS, Network};
use crate::placement::Placement;
use crate::simd::Lanes;
use lerf_bitboard::Bitboard;
use lerf_types::{Color, Piece, Square};

/// One side's sums with its king on one square, and the pieces they hold.
struct Cached {
    values: Box<[Lanes]>,
    psqt: [i32; BUCKETS],
    pieces: [Bitboard; 12],
}

/// The cache of one network's sums, by side and king square (filled as kings go there).
/// Each entry carries the pieces it was computed for, so it stays right for any position,
/// of any game: only the network must not change (the stack that owns it asserts that).
pub(crate) struct RefreshCache {
    slots: Vec<Option<Cached>>,
}

impl RefreshCache {
    pub(crate) fn new() -> RefreshCache {
        RefreshCache { slots: (0..2 * 64).map(|_| None).collect() }
    }

    /// `perspective`'s sums of `board` (its king on `king`) into `values` and `psqt`: from
    /// the cached sums of that king square by the pieces that differ, or from scratch the
    /// first time; the cache then holds them.
    pub(crate) fn refresh(
        &mut self,
        net: &Network,
        board: &impl Placement,
        perspective: Color,
        king: Square,
        values: &mut [Lanes],
        psqt: &mut [i32; BUCKETS],
    ) {
        let pieces: [Bitboard; 12] = core::array::from_fn(|i| {
            board.pieces(Piece::ALL[i].color(), Piece::ALL[i].piece_type())
        });
        let slot = &mut self.slots[perspective.index() * 64 + king.index()];
        let Some(cached) = slot else {
            net.refresh_side(board, perspective, king, values, psqt);
            *slot = Some(Cached { values: values.into(), psqt: *psqt, pieces });
            return;
        };
        // A board holds at most 32 pieces: at most 32 of each kind of change.
        let none = (Piece::W_PAWN, Square::A1);
        let (mut removed, mut added) = ([none; 32], [none; 32]);
        let (mut r, mut a) = (0, 0);
        for (i, (&was, &now)) in cached.pieces.iter().zip(&pieces).enumerate() {
            for sq in was - now {
                removed[r] = (Piece::ALL[i], sq);
                r += 1;
            }
            for sq in now - was {
                added[a] = (Piece::ALL[i], sq);
                a += 1;
            }
        }
        // A cached position far from this one (another game's, or long ago) costs more rows
        // than the pieces on the board: computed from scratch then.
        let count: u32 = pieces.iter().map(|b| b.popcount()).sum();
        if r + a > count as usize {
            net.refresh_side(board, perspective, king, values, psqt);
        } else {
            net.apply::<32>(
                perspective,
                king,
                (&cached.values, &cached.psqt),
                (values, psqt),
                &removed[..r],
                &added[..a],
            );
        }
        cached.values.copy_from_slice(values);
        (cached.psqt, cached.pieces) = (*psqt, pieces);
    }
}
