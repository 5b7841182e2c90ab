//! The feature transformer's output for one position: each side's sum of the rows of its
//! active features, and of their material (PSQT) weights. Computed from scratch by
//! [`Network::accumulator`], or from the previous position's by adding and subtracting the
//! rows of what a move changed.

use crate::error::EvalError;
use crate::features::{feature_index_with, king_offset, orientation};
use crate::network::{BUCKETS, Network};
use crate::placement::{Placement, check};
use crate::simd::{Lanes, update};
use lerf_types::{Color, Piece, Square};

/// Both sides' feature-transformer sums for one position, made for one [`Network`].
/// An accumulator costs [`Network::accumulator_bytes`] (4,160 bytes for a width of 1024).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    pub(crate) sides: [Box<[Lanes]>; 2],
    pub(crate) psqt: [[i32; BUCKETS]; 2],
    pub(crate) network: u64,
}

impl Accumulator {
    /// An accumulator for `net`, to be filled by [`Network::refresh`].
    pub fn new(net: &Network) -> Accumulator {
        let blocks = vec![Lanes::ZERO; net.width / 32].into_boxed_slice();
        Accumulator { sides: [blocks.clone(), blocks], psqt: [[0; BUCKETS]; 2], network: net.id }
    }

    /// One side's sums (the values of its `width` hidden units, before activation).
    pub fn values(&self, perspective: Color) -> impl Iterator<Item = i16> + '_ {
        self.sides[perspective.index()].iter().flat_map(|l| l.0)
    }

    /// One side's material (PSQT) sums, by bucket.
    pub fn psqt(&self, perspective: Color) -> [i32; BUCKETS] {
        self.psqt[perspective.index()]
    }
}

impl Network {
    /// The accumulator of `board`, computed from scratch.
    pub fn accumulator(&self, board: &impl Placement) -> Result<Accumulator, EvalError> {
        let mut acc = Accumulator::new(self);
        self.refresh(board, &mut acc)?;
        Ok(acc)
    }

    /// Recomputes `acc` for `board`; on an error `acc` is left as it was.
    ///
    /// # Panics
    /// If `acc` was made for another network.
    pub fn refresh(&self, board: &impl Placement, acc: &mut Accumulator) -> Result<(), EvalError> {
        self.assert_own(acc);
        let (kings, _) = check(board)?;
        for perspective in Color::ALL {
            let side = perspective.index();
            self.refresh_side(
                board,
                perspective,
                kings[side],
                &mut acc.sides[side],
                &mut acc.psqt[side],
            );
        }
        Ok(())
    }

    /// One side's sums from scratch, its king on `king`.
    pub(crate) fn refresh_side(
        &self,
        board: &impl Placement,
        perspective: Color,
        king: Square,
        values: &mut [Lanes],
        psqt: &mut [i32; BUCKETS],
    ) {
        let (offset, orient) = (king_offset(perspective, king), orientation(perspective, king));
        let mut rows: [&[Lanes]; 32] = [&[]; 32];
        let mut n = 0;
        *psqt = [0; BUCKETS];
        for piece in Piece::ALL {
            for sq in board.pieces(piece.color(), piece.piece_type()) {
                let feature = feature_index_with(perspective, offset, orient, piece, sq);
                // At most 32 pieces: `check` said so before any refresh.
                rows[n] = self.row(feature);
                n += 1;
                for (sum, w) in psqt.iter_mut().zip(&self.psqt[feature]) {
                    *sum += w;
                }
            }
        }
        update(self.kernels, &self.bias, values, &[], &rows[..n]);
    }

    /// `dst` = `src` with the features of `removed` taken out and of `added` put in, for
    /// `perspective` with its king on `king` (which none of the changes may move), with room
    /// for `N` of each kind: 4 for a move's changes (no 32-row arrays on its path), 32 for a
    /// cached accumulator brought to another position with the same king square.
    #[inline(always)]
    pub(crate) fn apply<const N: usize>(
        &self,
        perspective: Color,
        king: Square,
        (src, src_psqt): (&[Lanes], &[i32; BUCKETS]),
        (dst, dst_psqt): (&mut [Lanes], &mut [i32; BUCKETS]),
        removed: &[(Piece, Square)],
        added: &[(Piece, Square)],
    ) {
        let (offset, orient) = (king_offset(perspective, king), orientation(perspective, king));
        let mut sub: [&[Lanes]; N] = [&[]; N];
        let mut add: [&[Lanes]; N] = [&[]; N];
        *dst_psqt = *src_psqt;
        for (i, &(piece, sq)) in removed.iter().enumerate() {
            let feature = feature_index_with(perspective, offset, orient, piece, sq);
            sub[i] = self.row(feature);
            for (sum, w) in dst_psqt.iter_mut().zip(&self.psqt[feature]) {
                *sum -= w;
            }
        }
        for (i, &(piece, sq)) in added.iter().enumerate() {
            let feature = feature_index_with(perspective, offset, orient, piece, sq);
            add[i] = self.row(feature);
            for (sum, w) in dst_psqt.iter_mut().zip(&self.psqt[feature]) {
                *sum += w;
            }
        }
        update(self.kernels, src, dst, &sub[..removed.len()], &add[..added.len()]);
    }

    #[inline]
    pub(crate) fn assert_own(&self, acc: &Accumulator) {
        assert!(
            acc.network == self.id,
            "an accumulator made for another network was passed to this one"
        );
    }
}
