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

/// `out[i] = bias[i] + weights[i] . input` for each output: the first layer of a stack.
#[inline(always)]
fn affine_body(input: &[u8], weights: &[i8], bias: &[i32], out: &mut [i32]) {
    let width = input.len();
    for (i, o) in out.iter_mut().enumerate() {
        let row = &weights[i * width..(i + 1) * width];
        let mut sum = 0i32;
        for (&x, &w) in input.iter().zip(row) {
            sum += i32::from(x) * i32::from(w);
        }
        *o = bias[i] + sum;
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
dispatch!(affine, affine_avx2, affine_body, (input: &[u8], weights: &[i8], bias: &[i32], out: &mut [i32]));

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
        let bias: Vec<i32> = (0..16).map(|i| i * 1000 - 7000).collect();
        let (mut p, mut q) = ([0i32; 16], [0i32; 16]);
        affine(Kernels::Portable, &x, &weights, &bias, &mut p);
        affine(kernels, &x, &weights, &bias, &mut q);
        assert_eq!(p, q);
    }
}
