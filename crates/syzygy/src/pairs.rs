//! One table's values as the file stores them: blocks of canonical Huffman codes whose
//! symbols each stand for a run of values built by recursive pairing, a sparse index into
//! the blocks, and each block's value count.
//!
//! Everything is read from the mapped file through bounds-checked slices: a corrupt file
//! gives [`Corrupt`](crate::SyzygyError::Corrupt) errors, never a panic or a read outside
//! the mapping.

/// What went wrong inside a table file, before the file's name is attached.
pub(crate) type Malformed = &'static str;

/// Reads `N` bytes at `at`, or fails.
#[inline]
pub(crate) fn bytes<const N: usize>(file: &[u8], at: usize) -> Result<[u8; N], Malformed> {
    file.get(at..at.checked_add(N).ok_or("offset overflows")?)
        .and_then(|s| s.try_into().ok())
        .ok_or("read past the end of the file")
}

/// A little-endian `u16` at `at`.
#[inline]
pub(crate) fn le_u16(file: &[u8], at: usize) -> Result<u16, Malformed> {
    bytes::<2>(file, at).map(u16::from_le_bytes)
}

/// A little-endian `u32` at `at`.
#[inline]
pub(crate) fn le_u32(file: &[u8], at: usize) -> Result<u32, Malformed> {
    bytes::<4>(file, at).map(u32::from_le_bytes)
}

/// A big-endian `u32` at `at`; zeros past the end of the file (a block's last code may be
/// followed by fewer than 4 bytes; bits that are never decoded).
#[inline(always)]
fn be_u32_padded(file: &[u8], at: usize) -> u32 {
    match file.get(at..at.wrapping_add(4)) {
        Some(&[a, b, c, d]) => u32::from_be_bytes([a, b, c, d]),
        _ => be_u32_tail(file, at),
    }
}

#[cold]
fn be_u32_tail(file: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    for (i, byte) in b.iter_mut().enumerate() {
        *byte = at.checked_add(i).and_then(|a| file.get(a)).copied().unwrap_or(0);
    }
    u32::from_be_bytes(b)
}

/// The byte sizes of a table's three regions, which follow all the headers.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct RegionSizes {
    pub sparse_index: usize,
    pub block_lengths: usize,
    pub blocks: usize,
}

/// The decoder of one table (one side to move, one leading file).
#[derive(Debug, Clone)]
pub(crate) enum Pairs {
    /// Every position has this value.
    Single(u16),
    /// Values decoded from the blocks.
    Coded(Box<Coded>),
}

#[derive(Debug, Clone)]
pub(crate) struct Coded {
    block_size_log: u32,
    span_log: u32,
    min_len: u32,
    /// Per code length from `min_len`: the smallest code of that length, left-aligned;
    /// 0 from the longest length on, so the search for a code's length always stops.
    /// Fixed sizes let the decoding loop index without bounds checks (indices are masked).
    base: [u64; 64],
    /// The lowest symbol of each code length from `min_len`.
    lowest_sym: [u16; 64],
    /// By a code's first byte, the shortest length a code starting so can have: the length
    /// search starts there (and most first bytes fix the length outright).
    first_len: [u8; 256],
    /// By a code's first byte, when the byte holds the whole code (eight bits or fewer):
    /// its length `<< 12 | ` its symbol; 0 otherwise.
    whole: [u16; 256],
    /// The number of symbols.
    num_syms: usize,
    /// Offset of the symbols' pairs (3 bytes each: two 12-bit symbols).
    tree: usize,
    /// How many values each symbol stands for, minus one (0 past `num_syms`).
    sym_len: Box<[u8; 4096]>,
    /// Offsets of the regions, set by [`Pairs::place`].
    sparse_index: usize,
    sparse_entries: usize,
    block_lengths: usize,
    block_count: usize,
    blocks: usize,
}

impl Pairs {
    /// Reads a decoder's header at `*at` (moving past it) for a table of `size` positions;
    /// returns it with its flags byte and the sizes of its regions.
    pub(crate) fn read(
        file: &[u8],
        at: &mut usize,
        size: u64,
    ) -> Result<(Pairs, u8, RegionSizes), Malformed> {
        let head = bytes::<2>(file, *at)?;
        let flags = head[0];
        if flags & 0x80 != 0 {
            *at += 2;
            return Ok((Pairs::Single(u16::from(head[1])), flags, RegionSizes::default()));
        }
        let h = bytes::<10>(file, *at)?;
        let (block_size_log, span_log, padding) = (u32::from(h[1]), u32::from(h[2]), h[3]);
        let real_blocks = u32::from_le_bytes([h[4], h[5], h[6], h[7]]) as usize;
        let (max_len, min_len) = (u32::from(h[8]), u32::from(h[9]));
        if min_len == 0 || max_len < min_len || max_len > 32 {
            return Err("code lengths out of range");
        }
        if block_size_log > 24 || span_log == 0 || span_log > 40 {
            return Err("block size or index span out of range");
        }
        let lengths = (max_len - min_len + 1) as usize;
        let lowest_sym = *at + 10;
        let num_syms = le_u16(file, lowest_sym + 2 * lengths)? as usize;
        if num_syms > 4096 {
            return Err("more symbols than 12 bits number");
        }
        let tree = lowest_sym + 2 * lengths + 2;
        let end = tree + 3 * num_syms + (num_syms & 1);
        if end > file.len() {
            return Err("symbol table past the end of the file");
        }
        *at = end;

        let mut base = [0u64; 64];
        for i in (0..lengths - 1).rev() {
            let here = u64::from(le_u16(file, lowest_sym + 2 * i)?);
            let next = u64::from(le_u16(file, lowest_sym + 2 * i + 2)?);
            base[i] = (base[i + 1] + here).wrapping_sub(next) / 2;
        }
        for (i, b) in base.iter_mut().enumerate().take(lengths) {
            *b = b.checked_shl(64 - min_len - i as u32).unwrap_or(0);
        }
        let mut first_len = [0u8; 256];
        for (byte, slot) in first_len.iter_mut().enumerate() {
            // The largest code with this first byte has the shortest length of them.
            let largest = ((byte as u64) << 56) | ((1u64 << 56) - 1);
            let mut l = 0;
            while largest < base[l & 63] {
                l += 1;
            }
            *slot = (l & 63) as u8;
        }
        let mut sym_len = Box::new([0u8; 4096]);
        sym_len[..num_syms].copy_from_slice(&symbol_lengths(file, tree, num_syms)?);
        let mut lowest = [0u16; 64];
        for (i, slot) in lowest.iter_mut().enumerate().take(lengths) {
            *slot = le_u16(file, lowest_sym + 2 * i)?;
        }

        let mut whole = [0u16; 256];
        for (byte, slot) in whole.iter_mut().enumerate() {
            let smallest = (byte as u64) << 56;
            let mut l = usize::from(first_len[byte]);
            while smallest < base[l & 63] {
                l += 1;
            }
            let l = l & 63;
            let length = l as u32 + min_len;
            if l == usize::from(first_len[byte]) && length <= 8 {
                let sym = u64::from(lowest[l]) + ((smallest - base[l]) >> (64 - length));
                if sym < 4096 {
                    *slot = ((length as u16) << 12) | sym as u16;
                }
            }
        }
        let span = 1u64 << span_log;
        let sparse_entries = usize::try_from(size.div_ceil(span)).map_err(|_| "table too large")?;
        let block_count = real_blocks + usize::from(padding);
        let regions = RegionSizes {
            sparse_index: sparse_entries.checked_mul(6).ok_or("table too large")?,
            block_lengths: 2 * block_count,
            blocks: real_blocks.checked_shl(block_size_log).ok_or("table too large")?,
        };
        let coded = Coded {
            block_size_log,
            span_log,
            min_len,
            base,
            lowest_sym: lowest,
            first_len,
            whole,
            num_syms,
            tree,
            sym_len,
            sparse_index: 0,
            sparse_entries,
            block_lengths: 0,
            block_count,
            blocks: 0,
        };
        Ok((Pairs::Coded(Box::new(coded)), flags, regions))
    }

    /// Records where this decoder's sparse index, block lengths and blocks start.
    pub(crate) fn place(&mut self, sparse_index: usize, block_lengths: usize, blocks: usize) {
        if let Pairs::Coded(c) = self {
            c.sparse_index = sparse_index;
            c.block_lengths = block_lengths;
            c.blocks = blocks;
        }
    }

    /// The value stored for position `index`.
    pub(crate) fn value(&self, file: &[u8], index: u64) -> Result<u16, Malformed> {
        match self {
            Pairs::Single(v) => Ok(*v),
            Pairs::Coded(c) => c.value(file, index),
        }
    }
}

impl Coded {
    fn value(&self, file: &[u8], index: u64) -> Result<u16, Malformed> {
        // The sparse index names, for every `span` positions, the block and offset of the
        // position in the middle of the span; walk the block lengths from there.
        let k = (index >> self.span_log) as usize;
        if k >= self.sparse_entries {
            return Err("index past the table's size");
        }
        let entry = self.sparse_index + 6 * k;
        let mut block = le_u32(file, entry)? as usize;
        let half = 1i64 << (self.span_log - 1);
        let mut offset = i64::from(le_u16(file, entry + 4)?)
            + (index & ((1u64 << self.span_log) - 1)) as i64
            - half;
        let block_len = |b: usize| -> Result<i64, Malformed> {
            if b >= self.block_count {
                return Err("block number out of range");
            }
            Ok(i64::from(le_u16(file, self.block_lengths + 2 * b)?) + 1)
        };
        while offset < 0 {
            block = block.checked_sub(1).ok_or("block number out of range")?;
            offset += block_len(block)?;
        }
        loop {
            let len = block_len(block)?;
            if offset < len {
                break;
            }
            offset -= len;
            block += 1;
        }

        // Decode codes from the block's start until the one whose run holds `offset`.
        let mut at = self
            .blocks
            .checked_add(block << self.block_size_log)
            .ok_or("block offset overflows")?;
        let mut code =
            (u64::from(be_u32_padded(file, at)) << 32) | u64::from(be_u32_padded(file, at + 4));
        at += 8;
        let mut bits = 64u32;
        let mut offset = offset as u32;
        // Locals, so the loop keeps them in registers.
        let (base, lowest_sym, sym_len) = (&self.base, &self.lowest_sym, &*self.sym_len);
        let (first_len, whole) = (&self.first_len, &self.whole);
        let min_len = self.min_len;
        let sym = loop {
            let first = (code >> 56) as usize;
            let (length, sym) = match whole[first] {
                0 => {
                    // The longest length's base is 0, so the search stops there at the latest.
                    let mut l = usize::from(first_len[first]);
                    while code < base[l & 63] {
                        l += 1;
                    }
                    let l = l & 63;
                    let length = l as u32 + min_len;
                    let sym = u32::from(lowest_sym[l]) + ((code - base[l]) >> (64 - length)) as u32;
                    (length, sym as usize & 0xfff)
                }
                e => (u32::from(e >> 12), usize::from(e & 0xfff)),
            };
            let run = u32::from(sym_len[sym]) + 1;
            if offset < run {
                if sym >= self.num_syms {
                    return Err("symbol out of range");
                }
                break sym;
            }
            offset -= run;
            code <<= length;
            bits -= length;
            if bits <= 32 {
                bits += 32;
                code |= u64::from(be_u32_padded(file, at)) << (64 - bits);
                at += 4;
            }
        };

        // Descend the pairs to the single value at `offset`.
        let mut sym = sym;
        while self.sym_len[sym] != 0 {
            let (left, right) = pair(file, self.tree, sym)?;
            let left_run = u32::from(self.sym_len[left]) + 1;
            if offset < left_run {
                sym = left;
            } else {
                offset -= left_run;
                sym = right;
            }
        }
        Ok(pair(file, self.tree, sym)?.0 as u16)
    }
}

/// The two 12-bit halves of symbol `sym`'s entry.
fn pair(file: &[u8], tree: usize, sym: usize) -> Result<(usize, usize), Malformed> {
    let w = bytes::<3>(file, tree + 3 * sym)?;
    let left = (usize::from(w[1] & 0x0f) << 8) | usize::from(w[0]);
    let right = (usize::from(w[2]) << 4) | usize::from(w[1] >> 4);
    Ok((left, right))
}

/// How many values each symbol stands for, minus one: a leaf (right half 0xfff) stands for
/// one, a pair for its halves' runs together. Computed without recursion; a cycle or a run
/// over 256 values is a corrupt table.
fn symbol_lengths(file: &[u8], tree: usize, num_syms: usize) -> Result<Vec<u8>, Malformed> {
    const UNSEEN: u16 = u16::MAX;
    const PENDING: u16 = u16::MAX - 1;
    let mut len = vec![UNSEEN; num_syms];
    let mut stack = Vec::new();
    for start in 0..num_syms {
        if len[start] != UNSEEN {
            continue;
        }
        stack.push(start);
        while let Some(&s) = stack.last() {
            if len[s] != UNSEEN && len[s] != PENDING {
                stack.pop(); // reached again through another parent
                continue;
            }
            let (left, right) = pair(file, tree, s)?;
            if right == 0xfff {
                len[s] = 0;
                stack.pop();
                continue;
            }
            if left >= num_syms || right >= num_syms {
                return Err("pair names a symbol out of range");
            }
            if len[s] == UNSEEN {
                len[s] = PENDING;
            }
            let mut waiting = false;
            for child in [left, right] {
                match len[child] {
                    UNSEEN => {
                        stack.push(child);
                        waiting = true;
                    }
                    PENDING => return Err("symbol pairs form a cycle"),
                    _ => {}
                }
            }
            if waiting {
                // Children are visited first; `s` stays pending below them.
                continue;
            }
            let total = u32::from(len[left]) + u32::from(len[right]) + 1;
            if total > 255 {
                return Err("symbol stands for too many values");
            }
            len[s] = total as u16;
            stack.pop();
        }
    }
    Ok(len.into_iter().map(|l| l as u8).collect())
}
