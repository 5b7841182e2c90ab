//! A line of up to 64 bytes read whole: where it ends, where its first space is, and
//! whether the bytes before that space can make a tag name, as bit masks over a 64-byte
//! window, found with AVX2 where the build has it (32 bytes to an instruction, no branch
//! on the line's length) and with plain loops otherwise.
//!
//! Tag lines are a quarter of a typical game's lines, and their lengths (names, player
//! names, openings) vary from line to line, so a byte-at-a-time scan mispredicts where
//! each one ends; the masks find every end at once.

/// The bytes the masks are found in.
pub(super) const WINDOW: usize = 64;

/// What a window holds, one bit a byte (bit `i` is byte `i`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Masks {
    /// `\n` and `\r`.
    pub line_ends: u64,
    /// `' '`.
    pub spaces: u64,
    /// Bytes of the first 32 that cannot be in a tag name after its first byte (not
    /// `[A-Za-z0-9_+#=:-]`); the bits of bytes 32 to 63 are all set.
    pub not_name: u64,
}

/// The masks of `window`.
#[inline(always)]
pub(super) fn masks(window: &[u8; WINDOW]) -> Masks {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    // SAFETY: this is compiled only into builds that enable AVX2 for every function.
    unsafe {
        avx2::masks(window)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        plain_masks(window)
    }
}

/// Whether `b` can be in a tag name after its first byte.
#[inline(always)]
const fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-')
}

/// The masks, a byte at a time (the reference the AVX2 masks are tested against, and what
/// builds without AVX2 use).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
fn plain_masks(window: &[u8; WINDOW]) -> Masks {
    let mut masks = Masks { line_ends: 0, spaces: 0, not_name: !0 << 32 };
    for (i, &b) in window.iter().enumerate() {
        masks.line_ends |= u64::from(b == b'\n' || b == b'\r') << i;
        masks.spaces |= u64::from(b == b' ') << i;
        if i < 32 {
            masks.not_name |= u64::from(!is_name_byte(b)) << i;
        }
    }
    masks
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod avx2 {
    use super::{Masks, WINDOW, is_name_byte};
    use core::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
        _mm256_or_si256, _mm256_set1_epi8, _mm256_setr_epi8, _mm256_setzero_si256,
        _mm256_shuffle_epi8, _mm256_srli_epi16,
    };

    /// Tag-name bytes told apart by their two nibbles: a byte is one when the bits its low
    /// nibble selects in `LOW` and its high nibble selects in `HIGH` meet. Each bit stands
    /// for a group of high nibbles that accept the same low nibbles.
    const fn nibble_tables() -> ([i8; 32], [i8; 32]) {
        let mut low = [0u8; 16];
        let mut high = [0u8; 16];
        // The groups: each high nibble that holds name bytes gets a bit of its own, and a
        // low nibble gets the bits of the high nibbles it makes a name byte with.
        let mut h = 0;
        while h < 8 {
            let mut l = 0;
            while l < 16 {
                if is_name_byte((h << 4 | l) as u8) {
                    high[h] |= 1 << h;
                    low[l] |= 1 << h;
                }
                l += 1;
            }
            h += 1;
        }
        // `pshufb` looks up within each 16-byte lane: both lanes hold the same table.
        let mut lo32 = [0i8; 32];
        let mut hi32 = [0i8; 32];
        let mut i = 0;
        while i < 32 {
            lo32[i] = low[i % 16] as i8;
            hi32[i] = high[i % 16] as i8;
            i += 1;
        }
        (lo32, hi32)
    }
    const TABLES: ([i8; 32], [i8; 32]) = nibble_tables();

    #[target_feature(enable = "avx2")]
    #[inline]
    fn table(t: &[i8; 32]) -> __m256i {
        _mm256_setr_epi8(
            t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12], t[13],
            t[14], t[15], t[16], t[17], t[18], t[19], t[20], t[21], t[22], t[23], t[24], t[25],
            t[26], t[27], t[28], t[29], t[30], t[31],
        )
    }

    /// One bit a byte of `v`: its top bit.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn bits(v: __m256i) -> u64 {
        u64::from(_mm256_movemask_epi8(v) as u32)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn equal(v: __m256i, b: u8) -> __m256i {
        _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn masks(window: &[u8; WINDOW]) -> Masks {
        let (first, second) = window.split_at(32);
        // SAFETY: each half of `window` is 32 readable bytes, and `loadu` reads 32 bytes
        // from any address.
        let (a, b) = unsafe {
            (_mm256_loadu_si256(first.as_ptr().cast()), _mm256_loadu_si256(second.as_ptr().cast()))
        };
        let line_ends = |v| bits(_mm256_or_si256(equal(v, b'\n'), equal(v, b'\r')));
        let spaces = |v| bits(equal(v, b' '));
        // Bytes from 0x80 up have a high nibble of 8 or more, whose table entries are 0.
        let low = _mm256_shuffle_epi8(table(&TABLES.0), _mm256_and_si256(a, _mm256_set1_epi8(15)));
        let high_nibbles = _mm256_and_si256(_mm256_srli_epi16::<4>(a), _mm256_set1_epi8(15));
        let high = _mm256_shuffle_epi8(table(&TABLES.1), high_nibbles);
        let name = _mm256_and_si256(low, high);
        let not_name = bits(_mm256_cmpeq_epi8(name, _mm256_setzero_si256()));
        Masks {
            line_ends: line_ends(a) | line_ends(b) << 32,
            spaces: spaces(a) | spaces(b) << 32,
            not_name: not_name | !0 << 32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The masks agree with the byte-at-a-time reference on every byte value at every
    /// place in the window.
    #[test]
    fn masks_agree_with_plain_loops() {
        for b in 0..=255u8 {
            for at in 0..WINDOW {
                let mut window = [b'a'; WINDOW];
                window[at] = b;
                window[(at + 17) % WINDOW] = b.wrapping_add(1);
                assert_eq!(masks(&window), plain_masks(&window), "byte {b:#x} at {at}");
            }
        }
    }

    #[test]
    fn plain_masks_find_the_bytes() {
        let mut window = [b'x'; WINDOW];
        window[..12].copy_from_slice(b"[Event \"x\"]\n");
        let m = plain_masks(&window);
        assert_eq!(m.line_ends, 1 << 11);
        assert_eq!(m.spaces, 1 << 6);
        assert_eq!(m.not_name & 0xfff, 0b1110_1100_0001, "[, space, quotes, ] and \\n");
    }
}
