//! The output: the side to move's accumulator and the other side's, activated and put
//! through the layer stack the piece count chooses, plus the material (PSQT) difference.

use crate::accumulator::Accumulator;
use crate::error::EvalError;
use crate::layers::OUTPUT_SCALE;
use crate::network::{BUCKETS, Generation, Network};
use crate::placement::{Placement, check};
use crate::simd::{Lanes, pairwise};
use lerf_types::Color;
use std::cell::RefCell;

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
        self.with_sums(board, |sides, psqt, stm, bucket| self.output(sides, psqt, stm, bucket))
    }

    /// The evaluation through each of the eight layer stacks.
    pub fn buckets(&self, board: &impl Placement) -> Result<Buckets, EvalError> {
        self.with_sums(board, |sides, psqt, stm, used| Buckets {
            all: core::array::from_fn(|bucket| self.output(sides, psqt, stm, bucket)),
            used,
        })
    }

    /// `then` of `board`'s sums (computed from scratch in this thread's scratch space: a full
    /// evaluation allocates nothing), its side to move and the bucket its pieces choose.
    fn with_sums<T>(
        &self,
        board: &impl Placement,
        then: impl FnOnce([&[Lanes]; 2], &[[i32; BUCKETS]; 2], Color, usize) -> T,
    ) -> Result<T, EvalError> {
        let (kings, count) = check(board)?;
        Ok(SCRATCH.with(|scratch| {
            let (sides, psqt) = &mut *scratch.borrow_mut();
            for (side, values) in sides.iter_mut().enumerate() {
                values.resize(self.width / 32, Lanes::ZERO);
                self.refresh_side(board, Color::ALL[side], kings[side], values, &mut psqt[side]);
            }
            then([&sides[0], &sides[1]], psqt, board.side_to_move(), bucket_of(count))
        }))
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
        self.output([&acc.sides[0], &acc.sides[1]], &acc.psqt, stm, bucket)
    }

    /// The output through `bucket` of both sides' sums (White's first).
    fn output(
        &self,
        sides: [&[Lanes]; 2],
        psqt: &[[i32; BUCKETS]; 2],
        stm: Color,
        bucket: usize,
    ) -> Evaluation {
        // The activations' buffer sized to the network (zeroing 4 KiB for a small network
        // cost a tenth of its evaluation).
        let positional = match self.width {
            ..=256 => self.transform_and_propagate::<256>(sides, stm, bucket),
            257..=1024 => self.transform_and_propagate::<1024>(sides, stm, bucket),
            _ => self.transform_and_propagate::<4096>(sides, stm, bucket),
        };
        let (us, them) = (stm.index(), (!stm).index());
        let psqt = (psqt[us][bucket] - psqt[them][bucket]) / 2;
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

type Sums = ([Vec<Lanes>; 2], [[i32; BUCKETS]; 2]);

thread_local! {
    /// Each thread's sums for full evaluations, grown to the widest network it evaluated.
    static SCRATCH: RefCell<Sums> = const { RefCell::new(([Vec::new(), Vec::new()], [[0; BUCKETS]; 2])) };
}

impl Network {
    #[inline(always)]
    fn transform_and_propagate<const MAX: usize>(
        &self,
        sides: [&[Lanes]; 2],
        stm: Color,
        bucket: usize,
    ) -> i32 {
        let mut input = [0u8; MAX];
        let input = &mut input[..self.width];
        let (us, them) = (stm.index(), (!stm).index());
        let half = self.width / 2;
        pairwise(self.kernels, sides[us], &mut input[..half], self.clamp, self.shift);
        pairwise(self.kernels, sides[them], &mut input[half..], self.clamp, self.shift);
        self.stacks[bucket].propagate(self.kernels, input)
    }
}

#[inline]
fn bucket_of(pieces: u32) -> usize {
    (pieces as usize - 1) / 4
}
