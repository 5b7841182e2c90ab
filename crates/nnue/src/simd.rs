//! The vector kernels: accumulator rows added and subtracted, the pairwise activation of the
//! feature transformer, and the first layer's dot products.
//!
//! Each kernel is written once as plain Rust over 64-byte-aligned blocks and compiled twice:
//! for the CPU the crate was built for, and with AVX2 enabled, chosen at run time when the CPU
//! has it. Both are the same integer arithmetic (wrapping where Stockfish's vector
//! instructions wrap), so the results are identical; only the instructions differ.

/// 32 accumulator values, aligned for vector loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub(crate) struct Lanes(pub(crate) [i16; 32]);

impl Lanes {
    pub(crate) const ZERO: Lanes = Lanes([0; 32]);
}

/// Which compilation of the kernels runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernels {
    /// The build's own target features (SSE2 on a baseline x86-64 build; NEON on aarch64).
    Portable,
    /// AVX2, detected at run time.
    Avx2,
}

impl Kernels {
    /// The best kernels this CPU runs.
    pub fn detect() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Kernels::Avx2;
        }
        Kernels::Portable
    }
}

/// `dst = src - sum(sub) + sum(add)`, row by row, wrapping as 16-bit vector adds do.
#[inline(always)]
fn update_body(src: &[Lanes], dst: &mut [Lanes], sub: &[&[Lanes]], add: &[&[Lanes]]) {
    for (i, (d, s)) in dst.iter_mut().zip(src).enumerate() {
        let mut v = s.0;
        for row in sub {
            let r = &row[i].0;
            for k in 0..32 {
                v[k] = v[k].wrapping_sub(r[k]);
            }
        }
        for row in add {
            let r = &row[i].0;
            for k in 0..32 {
                v[k] = v[k].wrapping_add(r[k]);
            }
        }
        d.0 = v;
    }
}

/// Stockfish's pairwise activation of one side's accumulator into `out` (half its width):
/// each value of the first half, clamped to `0..=max`, times its partner in the second half,
/// shifted right by `shift`.
#[inline(always)]
fn pairwise_body(acc: &[Lanes], out: &mut [u8], max: i16, shift: u32) {
    let half = acc.len() / 2;
    let (first, second) = acc.split_at(half);
    for (b, (x, y)) in first.iter().zip(second).enumerate() {
        let out = &mut out[b * 32..b * 32 + 32];
        for ((o, &a), &c) in out.iter_mut().zip(&x.0).zip(&y.0) {
            let (a, c) = (a.clamp(0, max) as u32, c.clamp(0, max) as u32);
            *o = ((a * c) >> shift) as u8;
        }
    }
}

/// The weights of an affine layer with `OUT` outputs in the order its kernels read them:
/// for each group of four inputs, each output's four weights.
pub(crate) fn pack<const OUT: usize>(row_major: &[i8], inputs: usize) -> Box<[i8]> {
    let mut packed = vec![0i8; OUT * inputs];
    for o in 0..OUT {
        for i in 0..inputs {
            packed[(i / 4 * OUT + o) * 4 + i % 4] = row_major[o * inputs + i];
        }
    }
    packed.into_boxed_slice()
}

/// `out = bias + W . input` for packed weights ([`pack`]); groups of four zero inputs are
/// skipped (after the activations, most are zero).
#[inline(always)]
fn affine_body<const OUT: usize>(
    input: &[u8],
    packed: &[i8],
    bias: &[i32; OUT],
    out: &mut [i32; OUT],
) {
    *out = *bias;
    for (g, x) in input.chunks_exact(4).enumerate() {
        if x == [0; 4] {
            continue;
        }
        let w = &packed[g * OUT * 4..(g + 1) * OUT * 4];
        for (o, w) in out.iter_mut().zip(w.chunks_exact(4)) {
            *o += (0..4).map(|k| i32::from(x[k]) * i32::from(w[k])).sum::<i32>();
        }
    }
}

/// [`affine_body`] in AVX2: each group of four inputs broadcast, multiplied with eight
/// outputs' weights a register (`vpmaddubsw`, whose 16-bit pair sums cannot saturate: inputs
/// are at most 127), then summed to 32 bits (`vpmaddwd`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn affine_avx2<const OUT: usize>(
    input: &[u8],
    packed: &[i8],
    bias: &[i32; OUT],
    out: &mut [i32; OUT],
) {
    use core::arch::x86_64::*;
    let registers = OUT / 8;
    assert!(OUT.is_multiple_of(8) && OUT <= 32 && packed.len() >= input.len() / 4 * OUT * 4);
    let mut acc = [_mm256_setzero_si256(); 4];
    let ones = _mm256_set1_epi16(1);
    for (g, x) in input.chunks_exact(4).enumerate() {
        let x = i32::from_le_bytes([x[0], x[1], x[2], x[3]]);
        if x == 0 {
            continue;
        }
        let x = _mm256_set1_epi32(x);
        for (r, acc) in acc.iter_mut().enumerate().take(registers) {
            // SAFETY: (g * OUT + 8 * r) * 4 + 32 <= (g + 1) * OUT * 4 <= packed.len(), asserted
            // above for every group of the input; an unaligned load.
            let w =
                unsafe { _mm256_loadu_si256(packed.as_ptr().add((g * OUT + 8 * r) * 4).cast()) };
            *acc = _mm256_add_epi32(*acc, _mm256_madd_epi16(_mm256_maddubs_epi16(x, w), ones));
        }
    }
    for (r, acc) in acc.iter().enumerate().take(registers) {
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` is 32 writable bytes; an unaligned store.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), *acc) };
        for (k, v) in lanes.iter().enumerate() {
            out[8 * r + k] = bias[8 * r + k] + v;
        }
    }
}

/// `out = bias + W . input`, `W` packed by [`pack`].
#[inline]
pub(crate) fn affine<const OUT: usize>(
    kernels: Kernels,
    input: &[u8],
    packed: &[i8],
    bias: &[i32; OUT],
    out: &mut [i32; OUT],
) {
    match kernels {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Kernels::Avx2` is only made when the CPU has AVX2 (see `Kernels::detect`).
        Kernels::Avx2 => unsafe { affine_avx2::<OUT>(input, packed, bias, out) },
        _ => affine_body::<OUT>(input, packed, bias, out),
    }
}

macro_rules! dispatch {
    ($name:ident, $avx2:ident, $body:ident, ($($arg:ident: $ty:ty),*)) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        fn $avx2($($arg: $ty),*) {
            $body($($arg),*)
        }

        #[inline]
        pub(crate) fn $name(kernels: Kernels, $($arg: $ty),*) {
            match kernels {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: `Kernels::Avx2` is only made by `Kernels::detect` when the CPU has
                // AVX2 (and by `Network::with_kernels`, which checks the same).
                Kernels::Avx2 => unsafe { $avx2($($arg),*) },
                _ => $body($($arg),*),
            }
        }
    };
}

dispatch!(update, update_avx2, update_body, (src: &[Lanes], dst: &mut [Lanes], sub: &[&[Lanes]], add: &[&[Lanes]]));
dispatch!(pairwise, pairwise_avx2, pairwise_body, (acc: &[Lanes], out: &mut [u8], max: i16, shift: u32));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_compilations_agree() {
        let kernels = Kernels::detect();
        let rows: Vec<Vec<Lanes>> = (0..4)
            .map(|r| {
                (0..4)
                    .map(|b| {
                        Lanes(core::array::from_fn(|k| {
                            ((r * 977 + b * 131 + k * 71) % 65536) as u16 as i16
                        }))
                    })
                    .collect()
            })
            .collect();
        let mut a = vec![Lanes::ZERO; 4];
        let mut b = vec![Lanes::ZERO; 4];
        update(Kernels::Portable, &rows[0], &mut a, &[&rows[1]], &[&rows[2], &rows[3]]);
        update(kernels, &rows[0], &mut b, &[&rows[1]], &[&rows[2], &rows[3]]);
        assert_eq!(a, b);
        let (mut x, mut y) = (vec![0u8; 64], vec![0u8; 64]);
        pairwise(Kernels::Portable, &a, &mut x, 127, 7);
        pairwise(kernels, &a, &mut y, 127, 7);
        assert_eq!(x, y);
        let weights: Vec<i8> = (0..16 * 64).map(|i| (i * 37 % 256) as u8 as i8).collect();
        let bias: [i32; 16] = core::array::from_fn(|i| i as i32 * 1000 - 7000);
        let (mut p, mut q) = ([0i32; 16], [0i32; 16]);
        let packed = pack::<16>(&weights, 64);
        affine(Kernels::Portable, &x, &packed, &bias, &mut p);
        affine(kernels, &x, &packed, &bias, &mut q);
        assert_eq!(p, q);
        // And the plain definition, row by row.
        for (o, &v) in p.iter().enumerate() {
            let row = &weights[o * 64..(o + 1) * 64];
            let dot: i32 = x.iter().zip(row).map(|(&a, &w)| i32::from(a) * i32::from(w)).sum();
            assert_eq!(v, bias[o] + dot);
        }
    }
}
