//! The output: the side to move's accumulator and the other side's, activated and put
//! through the layer stack the piece count chooses, plus the material (PSQT) difference.

use crate::accumulator::Accumulator;
use crate::error::EvalError;
use crate::layers::OUTPUT_SCALE;
use crate::network::{BUCKETS, Generation, Network};
use crate::placement::{Placement, check};
use crate::simd::pairwise;
use lerf_types::Color;

/// Stockfish's NNUE evaluation of a position, from the side to move's view, in its internal
/// units, with its two parts as Stockfish's `eval` command shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Evaluation {
    /// The layer stack and material bucket used: `(pieces - 1) / 4`.
    pub bucket: usize,
    /// The material part (the feature transformer's PSQT sums), Stockfish's "Material".
    pub material: i32,
    /// The layer stack's output, Stockfish's "Positional".
    pub positional: i32,
    /// The network's output as the engine uses it (see [`Generation`] for how the parts are
    /// rounded; it can differ from `material + positional` by one).
    pub value: i32,
}

/// Every bucket's evaluation of one position (what Stockfish's `eval` tabulates), and which
/// one the piece count chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Buckets {
    /// The evaluation through each bucket.
    pub all: [Evaluation; BUCKETS],
    /// The bucket the piece count chooses.
    pub used: usize,
}

impl Network {
    /// Stockfish's NNUE evaluation of `board`, from the side to move's view, in internal
    /// units: a full evaluation (the accumulator computed from scratch).
    ///
    /// ```no_run
    /// use lerf_position::Position;
    /// let net = lerf_nnue::Network::from_file("nn-ad9b42354671.nnue")?;
    /// let score = net.evaluate(&Position::startpos())?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate(&self, board: &impl Placement) -> Result<i32, EvalError> {
        Ok(self.evaluation(board)?.value)
    }

    /// [`evaluate`](Network::evaluate) with its parts.
    pub fn evaluation(&self, board: &impl Placement) -> Result<Evaluation, EvalError> {
        let (_, count) = check(board)?;
        let acc = self.accumulator(board)?;
        Ok(self.evaluate_accumulator(&acc, board.side_to_move(), count))
    }

    /// The evaluation through each of the eight layer stacks.
    pub fn buckets(&self, board: &impl Placement) -> Result<Buckets, EvalError> {
        let (_, count) = check(board)?;
        let acc = self.accumulator(board)?;
        let stm = board.side_to_move();
        Ok(Buckets {
            all: core::array::from_fn(|bucket| self.evaluate_bucket(&acc, stm, bucket)),
            used: bucket_of(count),
        })
    }

    /// The evaluation of an accumulator for a position with `pieces` pieces and `stm` to
    /// move (the same accumulator serves both sides to move, as across a null move).
    ///
    /// # Panics
    /// If `acc` was made for another network, or `pieces` is not in 2..=32.
    pub fn evaluate_accumulator(&self, acc: &Accumulator, stm: Color, pieces: u32) -> Evaluation {
        assert!((2..=32).contains(&pieces), "a position has 2 to 32 pieces, not {pieces}");
        self.evaluate_bucket(acc, stm, bucket_of(pieces))
    }

    fn evaluate_bucket(&self, acc: &Accumulator, stm: Color, bucket: usize) -> Evaluation {
        self.assert_own(acc);
        let mut input = [0u8; 4096];
        let input = &mut input[..self.width];
        let (us, them) = (stm.index(), (!stm).index());
        let half = self.width / 2;
        pairwise(self.kernels, &acc.sides[us], &mut input[..half], self.clamp, self.shift);
        pairwise(self.kernels, &acc.sides[them], &mut input[half..], self.clamp, self.shift);
        let psqt = (acc.psqt[us][bucket] - acc.psqt[them][bucket]) / 2;
        let positional = self.stacks[bucket].propagate(self.kernels, input);
        let value = match self.generation {
            Generation::Stockfish15 => (psqt + positional) / OUTPUT_SCALE,
            Generation::Stockfish16 => psqt / OUTPUT_SCALE + positional / OUTPUT_SCALE,
        };
        Evaluation {
            bucket,
            material: psqt / OUTPUT_SCALE,
            positional: positional / OUTPUT_SCALE,
            value,
        }
    }
}

#[inline]
fn bucket_of(pieces: u32) -> usize {
    (pieces as usize - 1) / 4
}
