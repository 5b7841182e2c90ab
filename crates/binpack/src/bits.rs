//! The movetext's bit stream: values written most significant bit first, each byte filled
//! from its top bit; and the variable-length score differences (4-bit blocks, a fifth bit
//! saying another block follows).

/// Writes bits into a growing byte vector.
#[derive(Debug, Default, Clone)]
pub(crate) struct BitWriter {
    pub(crate) bytes: Vec<u8>,
    /// Bits still free in the last byte.
    free: u32,
}

impl BitWriter {
    pub(crate) fn clear(&mut self) {
        self.bytes.clear();
        self.free = 0;
    }

    /// The low `count` bits of `value` (`count` at most 8).
    #[inline]
    pub(crate) fn push(&mut self, value: u8, count: u32) {
        if count == 0 {
            return;
        }
        let value = u32::from(value) & ((1 << count) - 1);
        if self.free == 0 {
            self.bytes.push((value << (8 - count)) as u8);
            self.free = 8 - count;
        } else if count <= self.free {
            *self.bytes.last_mut().expect("a byte with free bits") |=
                (value << (self.free - count)) as u8;
            self.free -= count;
        } else {
            let spill = count - self.free;
            *self.bytes.last_mut().expect("a byte with free bits") |= (value >> spill) as u8;
            self.bytes.push((value << (8 - spill)) as u8);
            self.free = 8 - spill;
        }
    }

    /// `value` in blocks of four bits, low blocks first, each with a continuation bit.
    #[inline]
    pub(crate) fn push_vle(&mut self, mut value: u16) {
        loop {
            let more = value > 0xf;
            self.push((value & 0xf) as u8 | (u8::from(more) << 4), 5);
            value >>= 4;
            if !more {
                break;
            }
        }
    }
}

/// Reads bits from a byte slice; reading past its end is an error (`None`).
#[derive(Debug, Clone)]
pub(crate) struct BitReader<'a> {
    bytes: &'a [u8],
    /// Bits consumed.
    pos: usize,
}

/// The next 57 bits or more of a [`BitReader`], in one register: an entry's fields (its
/// move's two indices and its score, 39 bits at most) are taken from it without touching
/// memory, and the reader moves on once by all of them ([`BitReader::advance`], which is
/// where running past the slice is found).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Window {
    /// The bits from the reader's position on, the next one the top bit; zeros past the
    /// slice's end.
    word: u64,
    /// Bits taken.
    used: u32,
}

impl Window {
    /// The next `count` bits (at most 16) as a number.
    #[inline(always)]
    pub(crate) fn take(&mut self, count: u32) -> u16 {
        // `used` stays below 64 (at most 39 bits an entry); a `count` of 0 is a shift by
        // the full width, which gives nothing.
        let value = (self.word << self.used).checked_shr(64 - count).unwrap_or(0);
        self.used += count;
        value as u16
    }

    /// A value written by [`BitWriter::push_vle`]: five blocks at most, the fifth's
    /// continuation bit ignored; `None` if it does not fit 16 bits.
    #[inline(always)]
    pub(crate) fn take_vle(&mut self) -> Option<u16> {
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        let value = self.take_vle_bmi2();
        #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
        let value = self.take_vle_blocks();
        u16::try_from(value).ok()
    }

    /// The blocks one by one.
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    #[inline(always)]
    fn take_vle_blocks(&mut self) -> u32 {
        let mut value = 0u32;
        for blocks in 0..5 {
            let block = self.take(5);
            value |= u32::from(block & 0xf) << (4 * blocks);
            if block & 0x10 == 0 {
                break;
            }
        }
        value
    }

    /// A single block at once; longer scores all at once, without a branch (whether an
    /// engine's score takes two blocks or three is as unpredictable as the score): the
    /// five blocks' continuation bits and data gathered with PEXT, the count from the run
    /// of continuation bits, the data's nibbles reversed (the first block holds the lowest
    /// four bits).
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    #[inline(always)]
    fn take_vle_bmi2(&mut self) -> u32 {
        use core::arch::x86_64::_pext_u64;
        // The next 25 bits: block i's continuation bit at 24 - 5i, its data below it.
        let top = (self.word << self.used) >> 39;
        // One block (a difference below 8 either way): every score of unscored positions,
        // and few of an engine's, so the branch is predicted well either way.
        if top & (1 << 24) == 0 {
            self.used += 5;
            return ((top >> 20) & 0xf) as u32;
        }
        // SAFETY: this build enables BMI2 (the cfg above), so the CPU it runs on has PEXT.
        let (more, data) =
            unsafe { (_pext_u64(top, 0x108_4210) as u32, _pext_u64(top, 0x0f7_bdef) as u32) };
        // Blocks read: the continuation bits set from the first on, plus the block that
        // ends the run (five at most).
        let blocks = ((!(more << 27)).leading_zeros() + 1).min(5);
        self.used += 5 * blocks;
        // The blocks' nibbles at the top of a word, the first highest, then reversed.
        let nibbles = (data >> (4 * (5 - blocks))) << (32 - 4 * blocks);
        let bytes = nibbles.swap_bytes();
        ((bytes & 0x0f0f_0f0f) << 4) | ((bytes >> 4) & 0x0f0f_0f0f)
    }

    /// Bits taken.
    #[inline(always)]
    pub(crate) fn used(&self) -> u32 {
        self.used
    }
}

impl<'a> BitReader<'a> {
    #[cfg(test)]
    pub(crate) fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader { bytes, pos: 0 }
    }

    /// A reader of `bytes` that has consumed `pos` bits already.
    pub(crate) fn resume(bytes: &'a [u8], pos: usize) -> BitReader<'a> {
        BitReader { bytes, pos }
    }

    /// Bits consumed.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The bits from here on: eight bytes in one load where the slice has them (all but a
    /// chain's last few moves), the bytes left and zeros after them where it does not.
    #[inline(always)]
    pub(crate) fn window(&self) -> Window {
        let (byte, bit) = (self.pos / 8, self.pos % 8);
        let word = match self.bytes.get(byte..byte + 8) {
            Some(eight) => u64::from_be_bytes(eight.try_into().expect("eight bytes")),
            None => self.tail_word(byte),
        };
        Window { word: word << bit, used: 0 }
    }

    /// [`window`](BitReader::window)'s word in a slice's last seven bytes.
    #[cold]
    fn tail_word(&self, byte: usize) -> u64 {
        let mut eight = [0u8; 8];
        let rest = self.bytes.get(byte..).unwrap_or(&[]);
        eight[..rest.len()].copy_from_slice(rest);
        u64::from_be_bytes(eight)
    }

    /// Moves on by `bits` (taken from a [`window`](BitReader::window)); `None`, not moving,
    /// if they run past the slice's end.
    #[inline(always)]
    pub(crate) fn advance(&mut self, bits: u32) -> Option<()> {
        let end = self.pos + bits as usize;
        if end > self.bytes.len() * 8 {
            return None;
        }
        self.pos = end;
        Some(())
    }

    /// The next `count` bits (at most 16) as a number.
    #[cfg(test)]
    pub(crate) fn take(&mut self, count: u32) -> Option<u16> {
        let value = self.window().take(count);
        self.advance(count).map(|()| value)
    }

    /// A value written by [`BitWriter::push_vle`].
    #[cfg(test)]
    pub(crate) fn take_vle(&mut self) -> Option<u16> {
        let mut window = self.window();
        let value = window.take_vle();
        self.advance(window.used())?;
        value
    }

    /// Whole bytes used so far (a started byte counts).
    pub(crate) fn bytes_used(&self) -> usize {
        self.pos.div_ceil(8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_of_one_to_three_blocks_round_trips_at_every_offset() {
        // One block (0-15, the scores of unscored positions) takes its own path.
        let mut w = BitWriter::default();
        let values: Vec<u16> = (0..=4200).collect();
        for (i, &v) in values.iter().enumerate() {
            w.push(0, (i % 8) as u32);
            w.push_vle(v);
        }
        w.bytes.extend([0; 8]);
        let mut r = BitReader::new(&w.bytes);
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(r.take((i % 8) as u32), Some(0));
            assert_eq!(r.take_vle(), Some(v), "value {v}");
        }
    }

    #[test]
    fn values_and_vle_round_trip() {
        let mut w = BitWriter::default();
        let items: Vec<(u8, u32)> =
            (0..500).map(|i| ((i * 37 % 256) as u8, (i % 9) as u32)).collect();
        for &(v, n) in &items {
            w.push(v, n);
            w.push_vle((u32::from(v) * 263 % 65536) as u16);
        }
        let mut r = BitReader::new(&w.bytes);
        for &(v, n) in &items {
            let mask = if n == 8 { 0xff } else { (1u32 << n) as u8 - 1 };
            assert_eq!(r.take(n), Some(u16::from(v & mask)));
            assert_eq!(r.take_vle(), Some((u32::from(v) * 263 % 65536) as u16));
        }
        assert_eq!(r.bytes_used(), w.bytes.len());
        assert_eq!(BitReader::new(&[0xff]).take_vle(), None, "a block past the end");
        // The last bits of a slice, read through the short window, then past them.
        let mut r = BitReader::new(&[0xa5, 0x3c]);
        assert_eq!((r.take(3), r.take(8), r.take(5)), (Some(0b101), Some(0b0010_1001), Some(0x1c)));
        assert_eq!((r.take(0), r.take(1)), (Some(0), None));
        // A score's blocks from the long window and the short one give the same value.
        let mut w = BitWriter::default();
        w.push_vle(0xfedc);
        w.bytes.extend([0; 8]);
        let long = BitReader::new(&w.bytes).take_vle();
        // Five blocks: the fifth's continuation bit is not read; more than 16 bits is None.
        let mut five = BitWriter::default();
        for block in [0x1f, 0x1f, 0x1f, 0x1f, 0x10] {
            five.push(block, 5);
        }
        five.push(0b101, 3);
        five.bytes.extend([0; 8]);
        let mut r = BitReader::new(&five.bytes);
        assert_eq!((r.take_vle(), r.take(3)), (Some(0xffff), Some(0b101)));
        let mut over = BitWriter::default();
        for block in [0x10, 0x10, 0x10, 0x10, 0x01] {
            over.push(block, 5);
        }
        over.bytes.extend([0; 8]);
        assert_eq!(BitReader::new(&over.bytes).take_vle(), None, "0x10000");
        assert_eq!(BitReader::new(&over.bytes[..4]).take_vle(), None, "0x10000 at the end");
        assert_eq!((long, BitReader::new(&w.bytes[..3]).take_vle()), (Some(0xfedc), Some(0xfedc)));
    }

    /// The branch-free score reader and the block-by-block one agree on any bits.
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    #[test]
    fn both_score_readers_agree() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Continuation bits made common, so that long scores come up.
            let word = x | ((x >> 3) & (0x8421_0842_1084_2108 * u64::from(i % 3 == 0)));
            let start = Window { word, used: i % 32 };
            let (mut a, mut b) = (start, start);
            assert_eq!((a.take_vle_bmi2(), a.used), (b.take_vle_blocks(), b.used), "{word:x}");
        }
    }

    #[test]
    fn bits_fill_bytes_from_the_top() {
        let mut w = BitWriter::default();
        w.push(0b101, 3);
        w.push(0b11110, 5);
        w.push(0b1, 1);
        assert_eq!(w.bytes, [0b1011_1110, 0b1000_0000]);
    }
}
