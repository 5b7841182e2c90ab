//! The lookup tables Gaviota's indexes are built from, made once on first use: the
//! numbering of the kings' placements up to symmetry, of pairs and triples of like pieces,
//! and of pawn pairs and triples.
//!
//! Squares are numbered a1 = 0 to h8 = 63, as in the format. A table entry of [`NONE`]
//! marks a placement that has no index.

use std::sync::OnceLock;

/// A placement without an index.
pub(crate) const NONE: u16 = u16::MAX;

/// Kings' placements up to symmetry (neither adjacent nor on one square).
pub(crate) const KK_COUNT: u64 = 462;
/// Pairs of like pieces on distinct squares.
pub(crate) const AA_COUNT: u64 = 64 * 63 / 2;
/// Triples of like pieces, counted as `aaa_index` numbers them.
pub(crate) const AAA_COUNT: u64 = 64 * 21 * 31;
/// Two white pawns up to the mirror.
pub(crate) const PP_COUNT: u64 = 576;
/// A white pawn on the queen's side (24 squares) and any other pawn (48).
pub(crate) const PP_MIXED_COUNT: u64 = 24 * 48;
/// Two white pawns, in any order, when a black pawn fixes the mirror.
pub(crate) const PP48_COUNT: u64 = 48 * 47 / 2;
/// Three white pawns up to the mirror.
pub(crate) const PPP48_COUNT: u64 = 8648;

pub(crate) const fn flip_we(sq: u8) -> u8 {
    sq ^ 7
}

pub(crate) const fn flip_ns(sq: u8) -> u8 {
    sq ^ 56
}

pub(crate) const fn flip_diagonal(sq: u8) -> u8 {
    ((sq & 7) << 3) | (sq >> 3)
}

const fn file(sq: u8) -> u8 {
    sq & 7
}

const fn rank(sq: u8) -> u8 {
    sq >> 3
}

/// The symmetries (bit 0: files mirrored, bit 1: ranks, bit 2: the a1-h8 diagonal) that
/// bring `anchor` into the a1-d1-d4 triangle, and `other` below the diagonal when the
/// anchor is on it.
pub(crate) fn flip_type(anchor: u8, other: u8) -> u8 {
    let (mut x, mut y, mut flips) = (anchor, other, 0);
    if file(x) > 3 {
        (x, y, flips) = (flip_we(x), flip_we(y), flips | 1);
    }
    if rank(x) > 3 {
        (x, y, flips) = (flip_ns(x), flip_ns(y), flips | 2);
    }
    if rank(x) > file(x) {
        (x, y, flips) = (flip_diagonal(x), flip_diagonal(y), flips | 4);
    }
    if rank(x) == file(x) && rank(y) > file(y) {
        flips |= 4;
    }
    flips
}

/// `sq` under the symmetries `flips` of [`flip_type`].
pub(crate) const fn apply_flips(flips: u8, mut sq: u8) -> u8 {
    if flips & 1 != 0 {
        sq = flip_we(sq);
    }
    if flips & 2 != 0 {
        sq = flip_ns(sq);
    }
    if flips & 4 != 0 {
        sq = flip_diagonal(sq);
    }
    sq
}

/// A white pawn on the queen's side (files a-d, ranks 2-7) as 0..24, the most advanced
/// first.
pub(crate) const fn pawn_index24(sq: u8) -> u64 {
    let s = (flip_ns(sq) - 8) as u64;
    (s + (s & 3)) >> 1
}

/// A white pawn (ranks 2-7) as 0..48, the most advanced first.
pub(crate) const fn pawn_index48(sq: u8) -> u64 {
    (flip_ns(sq) - 8) as u64
}

/// A black pawn on the queen's side as 0..24, the most advanced first.
pub(crate) const fn black_pawn_index24(sq: u8) -> u64 {
    let s = (sq - 8) as u64;
    ((s & 3) + s) >> 1
}

/// Whether a pawn square is on ranks 2 to 7.
pub(crate) const fn pawn_rank_ok(sq: u8) -> bool {
    8 <= sq && sq < 56
}

/// The two pawns of a pair in the order the pair's index takes them: the more advanced
/// (then the one nearer the centre files, then the lower square) first.
pub(crate) fn anchor_first(a: u8, b: u8) -> (u8, u8) {
    let (rank_a, rank_b) = (a & 56, b & 56);
    if rank_b > rank_a {
        return (b, a);
    }
    if rank_b < rank_a {
        return (a, b);
    }
    let centre = |sq: u8| {
        let x = (1u32 << file(sq)) | (1u32 << (file(sq) ^ 7));
        x & (x - 1)
    };
    match centre(b).cmp(&centre(a)) {
        core::cmp::Ordering::Greater => (b, a),
        core::cmp::Ordering::Less => (a, b),
        core::cmp::Ordering::Equal => {
            if a < b {
                (a, b)
            } else {
                (b, a)
            }
        }
    }
}

/// Every table, made once.
pub(crate) struct Tables {
    /// `kk[black king][white king]`, for the kings after [`flip_type`].
    pub(crate) kk: [[u16; 64]; 64],
    /// `aa[x][y]`: an unordered pair of distinct squares.
    pub(crate) aa: [[u16; 64]; 64],
    /// `pp[anchor as pawn_index24][other as pawn_index48]`.
    pub(crate) pp: [[u16; 48]; 24],
    /// `flips[black king][white king]`: [`flip_type`] of the kings.
    pub(crate) flips: [[u8; 64]; 64],
    /// `aaa_base[z]`: where the triples with `z` as their highest square start.
    pub(crate) aaa_base: [u64; 64],
    /// `pp48[i][j]` for two white pawns seen from the other side and mirrored.
    pub(crate) pp48: [[u16; 48]; 48],
    /// `ppp48[(i * 48 + j) * 48 + k]` for three white pawns (square - 8 each).
    pub(crate) ppp48: Vec<u16>,
}

/// The tables (made on the first call).
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Box<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| Box::new(Tables::new()))
}

impl Tables {
    fn new() -> Tables {
        let mut flips = [[0; 64]; 64];
        for (i, row) in flips.iter_mut().enumerate() {
            for (j, f) in row.iter_mut().enumerate() {
                *f = flip_type(i as u8, j as u8);
            }
        }
        Tables {
            kk: kk_table(),
            aa: aa_table(),
            pp: pp_table(),
            flips,
            aaa_base: aaa_base(),
            pp48: pp48_table(),
            ppp48: ppp48_table(),
        }
    }
}

fn kk_table() -> [[u16; 64]; 64] {
    let mut kk = [[NONE; 64]; 64];
    let mut idx = 0u16;
    for x in 0..64u8 {
        for y in 0..64u8 {
            let touching = file(x).abs_diff(file(y)) <= 1 && rank(x).abs_diff(rank(y)) <= 1;
            if touching {
                continue; // also x == y
            }
            let f = flip_type(x, y);
            let (i, j) = (apply_flips(f, x), apply_flips(f, y));
            if kk[i as usize][j as usize] == NONE {
                kk[i as usize][j as usize] = idx;
                kk[x as usize][y as usize] = idx;
                idx += 1;
            }
        }
    }
    debug_assert_eq!(u64::from(idx), KK_COUNT);
    kk
}

#[allow(clippy::needless_range_loop)] // squares index both halves of the table
fn aa_table() -> [[u16; 64]; 64] {
    let mut aa = [[NONE; 64]; 64];
    let mut idx = 0u16;
    for x in 0..64 {
        for y in x + 1..64 {
            aa[x][y] = idx;
            aa[y][x] = idx;
            idx += 1;
        }
    }
    aa
}

fn pp_table() -> [[u16; 48]; 24] {
    let mut pp = [[NONE; 48]; 24];
    let mut idx = 0u16;
    for a in (8..56u8).rev() {
        if file(a) < 4 {
            continue;
        }
        for b in (8..a).rev() {
            let (mut anchor, mut loosen) = anchor_first(a, b);
            if file(anchor) > 3 {
                (anchor, loosen) = (flip_we(anchor), flip_we(loosen));
            }
            let (i, j) = (pawn_index24(anchor) as usize, pawn_index48(loosen) as usize);
            if pp[i][j] == NONE {
                pp[i][j] = idx;
                idx += 1;
            }
        }
    }
    debug_assert_eq!(u64::from(idx), PP_COUNT);
    pp
}

fn aaa_base() -> [u64; 64] {
    let mut base = [0u64; 64];
    let mut accum = 0u64;
    for a in 0..63u64 {
        accum += a * a.saturating_sub(1) / 2;
        base[a as usize + 1] = accum;
    }
    base
}

fn pp48_table() -> [[u16; 48]; 48] {
    let mut pp48 = [[NONE; 48]; 48];
    let mut idx = 0u16;
    for a in (8..56u8).rev() {
        for b in (8..a).rev() {
            let i = (flip_we(flip_ns(a)) - 8) as usize;
            let j = (flip_we(flip_ns(b)) - 8) as usize;
            if pp48[i][j] == NONE {
                pp48[i][j] = idx;
                pp48[j][i] = idx;
                idx += 1;
            }
        }
    }
    debug_assert_eq!(u64::from(idx), PP48_COUNT);
    pp48
}

/// The order in which three pawns are numbered: the king's side from the seventh rank
/// down, then the queen's side.
const PPP_ORDER: [u8; 48] = [
    55, 54, 53, 52, 47, 46, 45, 44, 39, 38, 37, 36, 31, 30, 29, 28, 23, 22, 21, 20, 15, 14, 13, 12,
    51, 50, 49, 48, 43, 42, 41, 40, 35, 34, 33, 32, 27, 26, 25, 24, 19, 18, 17, 16, 11, 10, 9, 8,
];

#[allow(clippy::needless_range_loop)] // x < y < z walk the order table
fn ppp48_table() -> Vec<u16> {
    let mut ppp = vec![NONE; 48 * 48 * 48];
    let at = |i: usize, j: usize, k: usize| (i * 48 + j) * 48 + k;
    let mut idx = 0u16;
    for x in 0..48 {
        for y in x + 1..48 {
            for z in y + 1..48 {
                let (a, b, c) = (PPP_ORDER[x], PPP_ORDER[y], PPP_ORDER[z]);
                if file(b) >= 4 || file(c) >= 4 {
                    continue;
                }
                let (i, j, k) = ((a - 8) as usize, (b - 8) as usize, (c - 8) as usize);
                if ppp[at(i, j, k)] == NONE {
                    for (p, q, r) in
                        [(i, j, k), (i, k, j), (j, i, k), (j, k, i), (k, i, j), (k, j, i)]
                    {
                        ppp[at(p, q, r)] = idx;
                    }
                    idx += 1;
                }
            }
        }
    }
    debug_assert!(u64::from(idx) <= PPP48_COUNT);
    ppp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_have_the_formats_sizes() {
        let t = tables();
        let kk = t.kk.iter().flatten().filter(|&&v| v != NONE).max().copied();
        assert_eq!(kk.map(u64::from), Some(KK_COUNT - 1));
        assert_eq!(t.pp.iter().flatten().filter(|&&v| v != NONE).count() as u64, PP_COUNT);
        assert_eq!(u64::from(t.aa[62][63]), AA_COUNT - 1);
        assert_eq!(t.aaa_base[63] + 63 * 62 / 2, AAA_COUNT);
        assert_eq!(pawn_index24(8), 20, "a2 is the least advanced queen's side pawn square");
        assert_eq!(pawn_index24(51), 3);
    }

    #[test]
    fn anchor_first_does_not_depend_on_the_order() {
        for a in 8..56 {
            for b in 8..56 {
                if a != b {
                    assert_eq!(anchor_first(a, b), anchor_first(b, a));
                }
            }
        }
    }
}
