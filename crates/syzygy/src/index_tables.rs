//! The constant tables a position's index is built from, computed at compile time from their
//! definitions in the Syzygy format: binomial coefficients, the order of pawn squares, the
//! triangle and diagonal numberings of pawnless tables and the 462 placements of two kings.

/// `BINOMIAL[k][n]` is the number of ways to choose `k` of `n` things.
pub(crate) const BINOMIAL: [[u64; 64]; 7] = {
    let mut t = [[0u64; 64]; 7];
    let mut k = 0;
    while k < 7 {
        let mut n = 0;
        while n < 64 {
            // n (n-1) ... (n-k+1) / k!, exact at every step.
            let mut value = 1u64;
            let mut i = 0;
            while i < k {
                if n < i {
                    value = 0;
                    break;
                }
                value = value * (n - i) as u64 / (i + 1) as u64;
                i += 1;
            }
            t[k][n] = value;
            n += 1;
        }
        k += 1;
    }
    t
};

/// A square's file distance from the nearer edge (a and h: 0, d and e: 3).
pub(crate) const fn edge_distance(sq: usize) -> usize {
    let file = sq & 7;
    if file < 4 { file } else { 7 - file }
}

/// The rank minus the file: negative below the a1-h8 diagonal, 0 on it, positive above.
pub(crate) const fn off_diagonal(sq: usize) -> i32 {
    (sq >> 3) as i32 - (sq & 7) as i32
}

/// Pawn squares (ranks 2-7) numbered from 47 down to 0 in the order the leading pawn is
/// chosen: files a and h first, then b and g, ...; within a file pair, rank 2 first and the
/// queen's side before the king's. The leading pawn is the one with the highest number.
pub(crate) const PAWN_ORDER: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut next = 47u8;
    let mut file = 0;
    while file < 4 {
        let mut rank = 1;
        while rank < 7 {
            t[rank * 8 + file] = next;
            t[rank * 8 + 7 - file] = next - 1;
            next = next.wrapping_sub(2);
            rank += 1;
        }
        file += 1;
    }
    t
};

/// For `n` leading pawns (1..=5) with the highest-numbered one on `sq`: where the placements
/// of that square start (`LEAD_PAWN_INDEX`), and how many placements each file (a-d) has
/// (`LEAD_PAWN_SIZE`).
pub(crate) const LEAD_PAWN_INDEX: [[u64; 64]; 6] = lead_pawn_tables().0;
/// See [`LEAD_PAWN_INDEX`].
pub(crate) const LEAD_PAWN_SIZE: [[u64; 4]; 6] = lead_pawn_tables().1;

const fn lead_pawn_tables() -> ([[u64; 64]; 6], [[u64; 4]; 6]) {
    let mut index = [[0u64; 64]; 6];
    let mut size = [[0u64; 4]; 6];
    let mut n = 1;
    while n < 6 {
        let mut file = 0;
        while file < 4 {
            let mut acc = 0u64;
            let mut rank = 1;
            while rank < 7 {
                let sq = rank * 8 + file;
                index[n][sq] = acc;
                acc += BINOMIAL[n - 1][PAWN_ORDER[sq] as usize];
                rank += 1;
            }
            size[n][file] = acc;
            file += 1;
        }
        n += 1;
    }
    (index, size)
}

/// The 10 squares of the a1-d1-d4 triangle: the six below the diagonal (b1 c1 d1 c2 d2 d3)
/// as 0-5, then the four on it (a1 b2 c3 d4) as 6-9. Other squares: 0 (never asked).
pub(crate) const TRIANGLE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut code = 0u8;
    let mut sq = 0;
    while sq < 64 {
        if sq & 7 < 4 && sq >> 3 < 4 && off_diagonal(sq) < 0 {
            t[sq] = code;
            code += 1;
        }
        sq += 1;
    }
    let mut d = 0;
    while d < 4 {
        t[d * 9] = code;
        code += 1;
        d += 1;
    }
    t
};

/// The 28 squares below the a1-h8 diagonal numbered 0-27 in square order.
pub(crate) const BELOW_DIAGONAL: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut code = 0u8;
    let mut sq = 0;
    while sq < 64 {
        if off_diagonal(sq) < 0 {
            t[sq] = code;
            code += 1;
        }
        sq += 1;
    }
    t
};

const fn kings_touch(a: usize, b: usize) -> bool {
    let df = (a & 7) as i32 - (b & 7) as i32;
    let dr = (a >> 3) as i32 - (b >> 3) as i32;
    df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

/// The 462 placements of two kings that are apart, the first in the a1-d1-d4 triangle
/// (indexed by its [`TRIANGLE`] number) and, when the first is on the diagonal, the second
/// not above it. Placements with both on the diagonal come last.
pub(crate) const KINGS: [[u16; 64]; 10] = {
    let mut t = [[0u16; 64]; 10];
    let mut code = 0u16;
    let mut pass = 0;
    while pass < 2 {
        let mut idx = 0;
        while idx < 10 {
            let mut s1 = 0;
            while s1 < 64 {
                let in_triangle = s1 & 7 < 4 && s1 >> 3 < 4 && off_diagonal(s1) <= 0;
                if in_triangle && TRIANGLE[s1] as usize == idx {
                    let mut s2 = 0;
                    while s2 < 64 {
                        let legal = !kings_touch(s1, s2);
                        let first_on = off_diagonal(s1) == 0;
                        let both_on = first_on && off_diagonal(s2) == 0;
                        if legal && !(first_on && off_diagonal(s2) > 0) && both_on == (pass == 1) {
                            t[idx][s2] = code;
                            code += 1;
                        }
                        s2 += 1;
                    }
                }
                s1 += 1;
            }
            idx += 1;
        }
        pass += 1;
    }
    assert!(code == 462);
    t
};

/// The number of placements of three unique leading pieces (the first in the triangle).
pub(crate) const UNIQUE_TRIPLES: u64 = 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + 4 * 7 * 6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_hold_their_definitions() {
        assert_eq!(BINOMIAL[2][5], 10);
        assert_eq!(BINOMIAL[6][63], 67_945_521);
        assert_eq!(BINOMIAL[3][2], 0);
        // a2 is the first pawn square chosen, e7 the last.
        assert_eq!(PAWN_ORDER[8], 47);
        assert_eq!(PAWN_ORDER[15], 46);
        assert_eq!(PAWN_ORDER[52], 0);
        assert_eq!(TRIANGLE[1], 0); // b1
        assert_eq!(TRIANGLE[0], 6); // a1
        assert_eq!(TRIANGLE[27], 9); // d4
        assert_eq!(BELOW_DIAGONAL[55], 27); // h7
        assert_eq!(UNIQUE_TRIPLES, 31_332);
        assert_eq!(LEAD_PAWN_SIZE[1], [6, 6, 6, 6]);
        // One pawn on file a: rank 2 first.
        assert_eq!(LEAD_PAWN_INDEX[1][8], 0);
        assert_eq!(LEAD_PAWN_INDEX[1][16], 1);
    }
}
