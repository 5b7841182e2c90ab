//! A cursor over a network file's bytes: little-endian words, raw arrays and the signed
//! LEB128 blocks Stockfish 16 and later compress the feature transformer with. Every read is
//! bounds-checked and names the part it was reading when it fails.

use crate::error::NetworkError;

/// The magic that opens a LEB128-compressed block.
pub(crate) const LEB128_MAGIC: &[u8; 17] = b"COMPRESSED_LEB128";

/// Reads a network file front to back.
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Cursor<'a> {
        Cursor { bytes, offset: 0 }
    }

    /// Bytes read so far.
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// The next `n` bytes, or a `Truncated` error naming `what`.
    pub(crate) fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], NetworkError> {
        let start = self.offset;
        let end = start.checked_add(n).filter(|&end| end <= self.bytes.len());
        let end = end.ok_or(NetworkError::Truncated { what, offset: start })?;
        self.offset = end;
        Ok(&self.bytes[start..end])
    }

    pub(crate) fn u32(&mut self, what: &'static str) -> Result<u32, NetworkError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// Whether the next bytes are a LEB128 block's magic (nothing is consumed).
    pub(crate) fn at_leb128(&self) -> bool {
        self.bytes[self.offset..].starts_with(LEB128_MAGIC)
    }

    /// `n` little-endian 16-bit values, raw or in a LEB128 block.
    pub(crate) fn i16s(
        &mut self,
        n: usize,
        compressed: bool,
        what: &'static str,
    ) -> Result<Vec<i16>, NetworkError> {
        if compressed {
            // In range by construction: `leb128` sign-extends from 16 bits.
            return Ok(self.leb128(n, 16, what)?.into_iter().map(|v| v as i16).collect());
        }
        let raw = self.take(n.saturating_mul(2), what)?;
        Ok(raw.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect())
    }

    /// `n` little-endian 32-bit values, raw or in a LEB128 block.
    pub(crate) fn i32s(
        &mut self,
        n: usize,
        compressed: bool,
        what: &'static str,
    ) -> Result<Vec<i32>, NetworkError> {
        if compressed {
            return self.leb128(n, 32, what);
        }
        let raw = self.take(n.saturating_mul(4), what)?;
        Ok(raw.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    }

    /// `n` signed bytes.
    pub(crate) fn i8s(&mut self, n: usize, what: &'static str) -> Result<Vec<i8>, NetworkError> {
        Ok(self.take(n, what)?.iter().map(|&b| b as i8).collect())
    }

    /// A LEB128 block of `n` signed values of `bits` bits: the magic, a byte count, then the
    /// values, which must use exactly that many bytes.
    fn leb128(
        &mut self,
        n: usize,
        bits: u32,
        what: &'static str,
    ) -> Result<Vec<i32>, NetworkError> {
        let start = self.offset;
        let bad = |offset, reason| NetworkError::Compression { what, offset, reason };
        if self.take(LEB128_MAGIC.len(), what)? != LEB128_MAGIC {
            return Err(bad(start, "no COMPRESSED_LEB128 magic"));
        }
        let count = self.u32(what)? as usize;
        let body_start = self.offset;
        let body = self.take(count, what)?;
        let mut out = Vec::with_capacity(n);
        let mut pos = 0;
        for _ in 0..n {
            let mut value: i64 = 0;
            let mut shift = 0;
            loop {
                let Some(&byte) = body.get(pos) else {
                    return Err(bad(body_start + pos, "the byte count ends inside the values"));
                };
                pos += 1;
                if shift >= bits + 7 {
                    return Err(bad(body_start + pos - 1, "a value longer than its type"));
                }
                value |= i64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    if shift < 64 && byte & 0x40 != 0 {
                        value |= -1i64 << shift;
                    }
                    break;
                }
            }
            let (min, max) = (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1);
            if value < min || value > max {
                return Err(bad(body_start + pos - 1, "a value out of its type's range"));
            }
            out.push(value as i32);
        }
        if pos != body.len() {
            return Err(bad(body_start + pos, "bytes left over after the block's values"));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(values: &[u8]) -> Vec<u8> {
        let mut bytes = LEB128_MAGIC.to_vec();
        bytes.extend((values.len() as u32).to_le_bytes());
        bytes.extend(values);
        bytes
    }

    #[test]
    fn leb128_reads_signed_values() {
        // 2, -2, 127, -128, 300.
        let bytes = block(&[0x02, 0x7e, 0xff, 0x00, 0x80, 0x7f, 0xac, 0x02]);
        let values = Cursor::new(&bytes).i16s(5, true, "test").unwrap();
        assert_eq!(values, [2, -2, 127, -128, 300]);
    }

    #[test]
    fn leb128_faults_are_errors() {
        let short = block(&[0x02]);
        assert!(matches!(
            Cursor::new(&short).i16s(2, true, "t"),
            Err(NetworkError::Compression { offset: 22, .. })
        ));
        let extra = block(&[0x02, 0x02]);
        assert!(matches!(
            Cursor::new(&extra).i16s(1, true, "t"),
            Err(NetworkError::Compression { .. })
        ));
        let huge = block(&[0xff, 0xff, 0x3f]);
        assert!(matches!(
            Cursor::new(&huge).i16s(1, true, "t"),
            Err(NetworkError::Compression { .. })
        ));
        let mut foreign = block(&[0x02]);
        foreign[0] = b'X';
        assert!(matches!(
            Cursor::new(&foreign).i16s(1, true, "t"),
            Err(NetworkError::Compression { offset: 0, .. })
        ));
        assert!(matches!(
            Cursor::new(&[1, 2]).u32("word"),
            Err(NetworkError::Truncated { what: "word", offset: 0 })
        ));
    }
}
