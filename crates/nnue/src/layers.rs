//! One layer stack: the transformed features (one byte each) through three affine layers to
//! the positional score.
//!
//! The first layer has 16 outputs. The last of them skips ahead to the output, scaled; the
//! other 15 are activated twice (squared and clipped, and clipped) into 30 inputs of the
//! second layer (32 outputs, clipped), whose outputs the third layer sums to one.

use crate::bytes::Cursor;
use crate::error::NetworkError;
use crate::simd::{Kernels, affine, pack};

/// Hidden outputs of the first layer; one more skips ahead.
const L2: usize = 15;
/// Outputs of the second layer.
const L3: usize = 32;
/// Inputs of the second layer, padded as the file stores its rows.
const L3_PADDED_INPUT: usize = 32;
/// Stockfish's fixed-point scales.
const WEIGHT_SCALE_BITS: u32 = 6;
pub(crate) const OUTPUT_SCALE: i32 = 16;

/// The weights of one stack (the affine layers' packed for their kernels).
pub(crate) struct LayerStack {
    fc0_bias: [i32; L2 + 1],
    fc0_weights: Box<[i8]>,
    fc1_bias: [i32; L3],
    fc1_weights: Box<[i8]>,
    fc2_bias: i32,
    fc2_weights: [i8; L3],
}

impl LayerStack {
    pub(crate) fn read(cur: &mut Cursor<'_>, width: usize) -> Result<LayerStack, NetworkError> {
        let fc0_bias = cur.i32s(L2 + 1, false, "first layer biases")?;
        let fc0_weights = cur.i8s((L2 + 1) * width, "first layer weights")?;
        let fc1_bias = cur.i32s(L3, false, "second layer biases")?;
        let fc1_weights = cur.i8s(L3 * L3_PADDED_INPUT, "second layer weights")?;
        let fc2_bias = cur.i32s(1, false, "output layer bias")?[0];
        let fc2_weights = cur.i8s(L3, "output layer weights")?;
        Ok(LayerStack {
            fc0_bias: core::array::from_fn(|i| fc0_bias[i]),
            fc0_weights: pack::<{ L2 + 1 }>(&fc0_weights, width),
            fc1_bias: core::array::from_fn(|i| fc1_bias[i]),
            fc1_weights: pack::<L3>(&fc1_weights, L3_PADDED_INPUT),
            fc2_bias,
            fc2_weights: core::array::from_fn(|i| fc2_weights[i]),
        })
    }

    /// The positional score, in the network's units (16 to Stockfish's internal unit).
    pub(crate) fn propagate(&self, kernels: Kernels, input: &[u8]) -> i32 {
        let mut fc0 = [0i32; L2 + 1];
        affine(kernels, input, &self.fc0_weights, &self.fc0_bias, &mut fc0);

        let mut hidden = [0u8; L3_PADDED_INPUT];
        for i in 0..L2 {
            let x = i64::from(fc0[i]);
            hidden[i] = ((x * x) >> (2 * WEIGHT_SCALE_BITS + 7)).min(127) as u8;
            hidden[L2 + i] = (fc0[i] >> WEIGHT_SCALE_BITS).clamp(0, 127) as u8;
        }

        let mut fc1 = [0i32; L3];
        affine(kernels, &hidden, &self.fc1_weights, &self.fc1_bias, &mut fc1);
        let mut out = self.fc2_bias;
        for (&x, &w) in fc1.iter().zip(&self.fc2_weights) {
            out += (x >> WEIGHT_SCALE_BITS).clamp(0, 127) * i32::from(w);
        }

        // The skip output's 1.0 is 127 << WEIGHT_SCALE_BITS; the output's is 600 * OUTPUT_SCALE.
        let skip = fc0[L2] * (600 * OUTPUT_SCALE) / (127 * (1 << WEIGHT_SCALE_BITS));
        out + skip
    }
}
