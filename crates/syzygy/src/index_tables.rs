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

/// Whether two squares are the same or side by side (kings there cannot both stand).
pub(crate) const fn kings_touch(a: usize, b: usize) -> bool {
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

/// Every square's class under the board's eight symmetries, as the [`TRIANGLE`] number of
/// the class's square in the a1-d1-d4 triangle.
pub(crate) const ORBIT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let (mut file, mut rank) = (sq & 7, sq >> 3);
        if file > 3 {
            file = 7 - file;
        }
        if rank > 3 {
            rank = 7 - rank;
        }
        if file < rank {
            let f = file;
            file = rank;
            rank = f;
        }
        t[sq] = TRIANGLE[rank * 8 + file];
        sq += 1;
    }
    t
};

/// The square of each [`TRIANGLE`] number.
pub(crate) const TRIANGLE_SQUARE: [usize; 10] = {
    let mut t = [0usize; 10];
    let mut sq = 0;
    while sq < 64 {
        if sq & 7 < 4 && sq >> 3 < 4 && off_diagonal(sq) <= 0 {
            t[TRIANGLE[sq] as usize] = sq;
        }
        sq += 1;
    }
    t
};

/// The squares a1-h8 diagonal flip sends `sq` to.
pub(crate) const fn flip_diagonal(sq: usize) -> usize {
    ((sq >> 3) | (sq << 3)) & 63
}

/// Twice a square's offset from the board's centre, turned a quarter anticlockwise.
const fn quarter_turned(sq: usize) -> (i32, i32) {
    let (x, y) = (2 * (sq & 7) as i32 - 7, 2 * (sq >> 3) as i32 - 7);
    (-y, x)
}

/// Whether `a` comes before `b` going anticlockwise round the board's centre from straight
/// down (the direction of the first rank).
const fn before_round(a: usize, b: usize) -> bool {
    // Turned so that "straight down" points along +x; then compare half-planes and, within
    // one, the cross product.
    let (ax, ay) = quarter_turned(a);
    let (bx, by) = quarter_turned(b);
    let half_a = !(ay > 0 || (ay == 0 && ax > 0));
    let half_b = !(by > 0 || (by == 0 && bx > 0));
    if half_a != half_b {
        return !half_a;
    }
    ax * by - ay * bx > 0
}

/// The order of squares for groups of three or more like leading pieces: the square
/// classes from the centre's (d4's) to b1's, the four diagonal classes first; within a
/// class, anticlockwise from the square nearest straight below the centre.
pub(crate) const MULTI_ORDER: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut next = 0u8;
    let mut class = 10;
    while class > 0 {
        class -= 1;
        let mut members = [0usize; 8];
        let mut n = 0;
        let mut sq = 0;
        while sq < 64 {
            if ORBIT[sq] as usize == class {
                members[n] = sq;
                n += 1;
            }
            sq += 1;
        }
        // Selection sort of the class's (at most eight) squares.
        let mut i = 0;
        while i < n {
            let mut best = i;
            let mut j = i + 1;
            while j < n {
                if before_round(members[j], members[best]) {
                    best = j;
                }
                j += 1;
            }
            let m = members[i];
            members[i] = members[best];
            members[best] = m;
            t[members[i]] = next;
            next += 1;
            i += 1;
        }
    }
    t
};

/// For `k` like leading pieces (3..=5) with the first on triangle number `t`: where that
/// square's placements start (`MULTI_INDEX[k][t]`), and all their placements
/// (`MULTI_INDEX[k][10]`).
pub(crate) const MULTI_INDEX: [[u64; 11]; 6] = {
    let mut t = [[0u64; 11]; 6];
    let mut k = 3;
    while k < 6 {
        let mut acc = 0u64;
        let mut c = 0;
        while c < 10 {
            t[k][c] = acc;
            acc += BINOMIAL[k - 1][MULTI_ORDER[TRIANGLE_SQUARE[c]] as usize];
            c += 1;
        }
        t[k][10] = acc;
        k += 1;
    }
    t
};

/// Two like leading pieces on `first` and `second` put as the table indexes them: the one
/// of the lower square class first, moved by the board's symmetries into the triangle;
/// then, for two of one class with the second on a5, b5, c5, a6, b6 or a7, both reflected
/// in the a8-h1 diagonal and exchanged. Also returns the moves made (bits: files flipped,
/// ranks flipped, a1-h8 reflection, the final reflection and exchange), which the other
/// pieces follow.
pub(crate) const fn normalize_pair(first: usize, second: usize) -> (usize, usize, u8) {
    let (mut a, mut b) =
        if ORBIT[first] > ORBIT[second] { (second, first) } else { (first, second) };
    let mut moves = 0u8; // bit 0: files flipped, 1: ranks, 2: diagonal, 3: the pair swapped
    if a & 4 != 0 {
        a ^= 7;
        b ^= 7;
        moves |= 1;
    }
    if a & 0x20 != 0 {
        a ^= 0x38;
        b ^= 0x38;
        moves |= 2;
    }
    if off_diagonal(a) > 0 || (off_diagonal(a) == 0 && off_diagonal(b) > 0) {
        a = flip_diagonal(a);
        b = flip_diagonal(b);
        moves |= 4;
    }
    if ORBIT[a] == ORBIT[b] && is_pair_swap_square(b) {
        let swapped = a;
        a = flip_diagonal(b ^ 0x38);
        b = flip_diagonal(swapped ^ 0x38);
        moves |= 8;
    }
    (a, b, moves)
}

/// a5 b5 c5 a6 b6 a7: where the second of two like pieces of one class sends the pair to
/// its reflection in the a8-h1 diagonal.
pub(crate) const fn is_pair_swap_square(sq: usize) -> bool {
    matches!(sq, 32 | 33 | 34 | 40 | 41 | 48)
}

/// The 278 placements of two like leading pieces, by the first's triangle number and the
/// second's square (-1: never a normalized pair). Numbered by the first's triangle number;
/// within one, in square order, except that with the first on the diagonal the seconds on
/// the diagonal come first.
pub(crate) const PAIRS: [[i16; 64]; 10] = {
    let mut t = [[-1i16; 64]; 10];
    let mut code = 0i16;
    let mut c = 0;
    while c < 10 {
        let first = TRIANGLE_SQUARE[c];
        let mut pass = 0;
        while pass < 2 {
            let mut second = 0;
            while second < 64 {
                let (a, b, _) = normalize_pair(first, second);
                let on_diagonal = off_diagonal(second) == 0;
                let this_pass = if c < 6 { pass == 0 } else { on_diagonal == (pass == 0) };
                if second != first && a == first && b == second && this_pass {
                    t[c][second] = code;
                    code += 1;
                }
                second += 1;
            }
            pass += 1;
        }
        c += 1;
    }
    assert!(code == 278);
    t
};

/// The placements of two unique leading pieces that may stand side by side.
pub(crate) const UNIQUE_PAIRS: u64 = 6 * 63 + 4 * 28 + 4 * 7;

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
        assert_eq!(UNIQUE_PAIRS, 518);
    }

    #[test]
    fn connected_tables_hold_their_definitions() {
        // The centre's class first, anticlockwise from e4; b1's class last, ending on b1.
        assert_eq!(MULTI_ORDER[28], 0); // e4
        assert_eq!(MULTI_ORDER[36], 1); // e5
        assert_eq!(MULTI_ORDER[27], 3); // d4
        assert_eq!(MULTI_ORDER[0], 15); // a1
        assert_eq!(MULTI_ORDER[20], 16); // e3
        assert_eq!(MULTI_ORDER[6], 56); // g1
        assert_eq!(MULTI_ORDER[1], 63); // b1
        let mut seen = [false; 64];
        for &m in &MULTI_ORDER {
            assert!(!seen[usize::from(m)]);
            seen[usize::from(m)] = true;
        }
        assert_eq!(ORBIT[62], 0); // g8 is in b1's class
        assert_eq!(ORBIT[36], 9); // e5 is in d4's
        assert_eq!(TRIANGLE_SQUARE, [1, 2, 3, 10, 11, 19, 0, 9, 18, 27]);
        // Pairs: b1 with a1 is the first; b1 with a7 is b1 with h2; a1 with b2 the first
        // of a diagonal first piece; d4 with e5 and e4 the last two.
        assert_eq!(PAIRS[0][0], 0);
        assert_eq!(PAIRS[0][48], -1);
        assert_eq!(PAIRS[1][0], 62);
        assert_eq!(PAIRS[6][9], 252);
        assert_eq!(PAIRS[6][7], 259);
        assert_eq!(PAIRS[9][36], 276);
        assert_eq!(PAIRS[9][28], 277);
        assert_eq!(normalize_pair(1, 48).0, 1);
        assert_eq!(normalize_pair(1, 48).1, 15);
        assert_eq!(MULTI_INDEX[3][1], BINOMIAL[2][63]); // after b1's placements
    }
}
