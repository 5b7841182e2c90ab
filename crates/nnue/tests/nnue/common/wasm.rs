//! The memory a WebAssembly module starts with, built from its data section: where npm's
//! Stockfish builds keep their networks. The module's memory starts zeroed, so its data
//! segments leave out runs of zero bytes: a network is whole in this image, not in the
//! `.wasm` file's bytes.

/// A LEB128 number at `*at`, `*at` moved past it: its bits, and how many there are.
fn leb128(bytes: &[u8], at: &mut usize) -> Option<(u64, u32)> {
    let (mut value, mut bits) = (0u64, 0);
    loop {
        let byte = *bytes.get(*at)?;
        *at += 1;
        value |= u64::from(byte & 0x7f).checked_shl(bits)?;
        bits += 7;
        if byte < 0x80 {
            return Some((value, bits));
        }
    }
}

fn uleb(bytes: &[u8], at: &mut usize) -> Option<u64> {
    leb128(bytes, at).map(|(value, _)| value)
}

/// A constant offset expression (`i32.const N; end`) at `*at`, `*at` moved past it.
fn offset_expression(bytes: &[u8], at: &mut usize) -> Option<usize> {
    if *bytes.get(*at)? != 0x41 {
        return None; // an offset from a global: not a module these tests read
    }
    *at += 1;
    let (value, bits) = leb128(bytes, at)?;
    // Signed: the last group's top bit spreads over the bits above it.
    let signed =
        if bits < 64 { ((value << (64 - bits)) as i64) >> (64 - bits) } else { value as i64 };
    if *bytes.get(*at)? != 0x0b {
        return None;
    }
    *at += 1;
    usize::try_from(signed as i32 as u32).ok()
}

/// The initial memory of the module `wasm`: every active data segment of memory 0 at its
/// offset, zeros between; `None` when `wasm` is not a module this reads.
pub fn memory_image(wasm: &[u8]) -> Option<Vec<u8>> {
    if wasm.get(..4)? != b"\0asm" {
        return None;
    }
    let mut at = 8;
    let mut segments = Vec::new();
    while at < wasm.len() {
        let id = wasm[at];
        at += 1;
        let size = usize::try_from(uleb(wasm, &mut at)?).ok()?;
        let end = at.checked_add(size)?;
        if id == 11 {
            let mut p = at;
            for _ in 0..uleb(wasm, &mut p)? {
                let offset = match uleb(wasm, &mut p)? {
                    0 => Some(offset_expression(wasm, &mut p)?),
                    1 => None, // passive: copied by the program, not at start
                    2 => {
                        let memory = uleb(wasm, &mut p)?;
                        let offset = offset_expression(wasm, &mut p)?;
                        (memory == 0).then_some(offset)
                    }
                    _ => return None,
                };
                let len = usize::try_from(uleb(wasm, &mut p)?).ok()?;
                let data = wasm.get(p..p.checked_add(len)?)?;
                p += len;
                if let Some(offset) = offset {
                    segments.push((offset, data));
                }
            }
        }
        at = end;
    }
    let top = segments.iter().map(|(offset, data)| offset + data.len()).max()?;
    let mut image = vec![0u8; top];
    for (offset, data) in segments {
        image[offset..offset + data.len()].copy_from_slice(data);
    }
    Some(image)
}
