//! The leading group of a pawnless table: the pieces whose placement, brought into the
//! a1-d1-d4 triangle by the board's symmetries, is indexed first. Which pieces lead depends
//! on the material and on whether the table's family lets kings stand side by side.

use crate::index_tables::{
    BELOW_DIAGONAL, BINOMIAL, KINGS, MULTI_INDEX, MULTI_ORDER, ORBIT, PAIRS, TRIANGLE,
    UNIQUE_PAIRS, UNIQUE_TRIPLES, flip_diagonal, normalize_pair, off_diagonal,
};
use crate::material::Material;
use crate::pairs::Malformed;
use lerf_types::{Color, PieceType};

/// How a pawnless table's leading pieces are indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lead {
    /// Two kings that never touch (standard chess with no third unique piece): 462.
    Kings,
    /// Three unique pieces: 31,332.
    Unique3,
    /// Two unique pieces that may touch: 518.
    Unique2,
    /// The smallest group of like pieces (2 to 5) where fewer than two pieces are unique
    /// (losing chess only).
    Like(u8),
}

impl Lead {
    /// The leading group of `material`'s pawnless table.
    pub(crate) fn of(material: &Material, connected_kings: bool) -> Lead {
        let counts = [Color::White, Color::Black]
            .into_iter()
            .flat_map(|c| PieceType::ALL.map(|pt| material.pieces(c, pt)));
        let unique = counts.clone().filter(|&n| n == 1).count();
        match (unique, connected_kings) {
            (3.., _) => Lead::Unique3,
            (_, false) => Lead::Kings,
            (2, true) => Lead::Unique2,
            _ => Lead::Like(counts.filter(|&n| n > 1).min().unwrap_or(2)),
        }
    }

    /// How many pieces lead.
    pub(crate) fn len(self) -> usize {
        match self {
            Lead::Kings | Lead::Unique2 => 2,
            Lead::Unique3 => 3,
            Lead::Like(k) => usize::from(k),
        }
    }

    /// How many placements the leading group has.
    pub(crate) fn size(self) -> Result<u64, Malformed> {
        Ok(match self {
            Lead::Kings => 462,
            Lead::Unique3 => UNIQUE_TRIPLES,
            Lead::Unique2 => UNIQUE_PAIRS,
            Lead::Like(2) => 278,
            Lead::Like(k @ 3..=5) => MULTI_INDEX[usize::from(k)][10],
            Lead::Like(_) => return Err("too many like pieces lead"),
        })
    }

    /// Brings the placed pieces' squares (`all`, the leading group's first) into the
    /// triangle by the board's symmetries, every square moved alike, and returns the leading
    /// group's index.
    pub(crate) fn index(self, all: &mut [usize]) -> Result<u64, Malformed> {
        match self {
            Lead::Kings | Lead::Unique3 | Lead::Unique2 => {
                if all[0] & 4 != 0 {
                    all.iter_mut().for_each(|s| *s ^= 7);
                }
                if all[0] & 0x20 != 0 {
                    all.iter_mut().for_each(|s| *s ^= 0x38);
                }
                // The first leading piece off the diagonal decides the diagonal flip.
                if let Some(&s) = all[..self.len()].iter().find(|&&s| off_diagonal(s) != 0)
                    && off_diagonal(s) > 0
                {
                    all.iter_mut().for_each(|s| *s = flip_diagonal(*s));
                }
                Ok(match self {
                    Lead::Kings => u64::from(KINGS[usize::from(TRIANGLE[all[0]])][all[1]]),
                    Lead::Unique3 => unique3(all),
                    _ => unique2(all),
                })
            }
            Lead::Like(2) => {
                if ORBIT[all[0]] > ORBIT[all[1]] {
                    all.swap(0, 1);
                }
                let (_, _, moves) = normalize_pair(all[0], all[1]);
                for s in all.iter_mut() {
                    if moves & 1 != 0 {
                        *s ^= 7;
                    }
                    if moves & 2 != 0 {
                        *s ^= 0x38;
                    }
                    if moves & 4 != 0 {
                        *s = flip_diagonal(*s);
                    }
                    if moves & 8 != 0 {
                        *s = flip_diagonal(*s ^ 0x38);
                    }
                }
                if moves & 8 != 0 {
                    all.swap(0, 1);
                }
                let code = PAIRS[usize::from(TRIANGLE[all[0]])][all[1]];
                u64::try_from(code).map_err(|_| "two like pieces placed as no table indexes them")
            }
            Lead::Like(k) => {
                let k = usize::from(k);
                // The first of the lowest square class leads.
                for i in 1..k {
                    if ORBIT[all[0]] > ORBIT[all[i]] {
                        all.swap(0, i);
                    }
                }
                if all[0] & 4 != 0 {
                    all.iter_mut().for_each(|s| *s ^= 7);
                }
                if all[0] & 0x20 != 0 {
                    all.iter_mut().for_each(|s| *s ^= 0x38);
                }
                if off_diagonal(all[0]) > 0 {
                    all.iter_mut().for_each(|s| *s = flip_diagonal(*s));
                }
                all[1..k].sort_unstable_by_key(|&s| MULTI_ORDER[s]);
                let mut index = MULTI_INDEX[k][usize::from(TRIANGLE[all[0]])];
                for (i, &s) in all.iter().enumerate().take(k).skip(1) {
                    index += BINOMIAL[i][usize::from(MULTI_ORDER[s])];
                }
                Ok(index)
            }
        }
    }
}

/// The index of three unique leading pieces, the first in the a1-d1-d4 triangle.
fn unique3(sq: &[usize]) -> u64 {
    let adjust1 = u64::from(sq[1] > sq[0]);
    let adjust2 = u64::from(sq[2] > sq[0]) + u64::from(sq[2] > sq[1]);
    let (s0, s1, s2) = (sq[0] as u64, sq[1] as u64, sq[2] as u64);
    let rank = |s: u64| s >> 3;
    if off_diagonal(sq[0]) != 0 {
        (u64::from(TRIANGLE[sq[0]]) * 63 + (s1 - adjust1)) * 62 + s2 - adjust2
    } else if off_diagonal(sq[1]) != 0 {
        (6 * 63 + rank(s0) * 28 + u64::from(BELOW_DIAGONAL[sq[1]])) * 62 + s2 - adjust2
    } else if off_diagonal(sq[2]) != 0 {
        6 * 63 * 62
            + 4 * 28 * 62
            + rank(s0) * 7 * 28
            + (rank(s1) - adjust1) * 28
            + u64::from(BELOW_DIAGONAL[sq[2]])
    } else {
        6 * 63 * 62
            + 4 * 28 * 62
            + 4 * 7 * 28
            + rank(s0) * 7 * 6
            + (rank(s1) - adjust1) * 6
            + (rank(s2) - adjust2)
    }
}

/// The index of two unique leading pieces that may touch, the first in the triangle: the
/// same three cases as [`unique3`] without its third piece.
fn unique2(sq: &[usize]) -> u64 {
    let adjust1 = u64::from(sq[1] > sq[0]);
    let (s0, s1) = (sq[0] as u64, sq[1] as u64);
    let rank = |s: u64| s >> 3;
    if off_diagonal(sq[0]) != 0 {
        u64::from(TRIANGLE[sq[0]]) * 63 + (s1 - adjust1)
    } else if off_diagonal(sq[1]) != 0 {
        6 * 63 + rank(s0) * 28 + u64::from(BELOW_DIAGONAL[sq[1]])
    } else {
        6 * 63 + 4 * 28 + rank(s0) * 7 + (rank(s1) - adjust1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lead(name: &str, connected: bool) -> Lead {
        Lead::of(&name.parse().unwrap(), connected)
    }

    #[test]
    fn the_material_chooses_the_leading_group() {
        assert_eq!(lead("KQvK", false), Lead::Unique3);
        assert_eq!(lead("KQQvK", false), Lead::Kings);
        assert_eq!(lead("KQQvK", true), Lead::Unique2);
        assert_eq!(lead("NNvK", true), Lead::Like(2));
        assert_eq!(lead("NNNvKK", true), Lead::Like(2));
        assert_eq!(lead("NNNvK", true), Lead::Like(3));
        assert_eq!(lead("RRRRvK", true), Lead::Like(4));
        assert_eq!(lead("NvB", true), Lead::Unique2);
    }

    #[test]
    fn every_placement_of_two_unique_pieces_has_an_index_in_range() {
        let mut seen = vec![false; UNIQUE_PAIRS as usize];
        for a in 0..64 {
            for b in (0..64).filter(|&b| b != a) {
                let i = Lead::Unique2.index(&mut [a, b]).unwrap();
                seen[i as usize] = true;
            }
        }
        assert!(seen.iter().all(|&s| s), "every index is some placement's");
    }

    #[test]
    fn every_placement_of_like_pieces_has_an_index_in_range() {
        for k in 2..=4u8 {
            let size = Lead::Like(k).size().unwrap() as usize;
            let mut seen = vec![false; size];
            // Every set of k distinct squares (k <= 4: at most 635,376 sets).
            let mut squares = [0usize; 4];
            fn walk(
                k: usize,
                at: usize,
                from: usize,
                squares: &mut [usize; 4],
                f: &mut dyn FnMut(&[usize]),
            ) {
                if at == k {
                    f(&squares[..k]);
                    return;
                }
                for s in from..64 {
                    squares[at] = s;
                    walk(k, at + 1, s + 1, squares, f);
                }
            }
            walk(usize::from(k), 0, 0, &mut squares, &mut |set| {
                let i = Lead::Like(k).index(&mut set.to_vec()).unwrap() as usize;
                assert!(i < size, "{set:?} -> {i} of {size}");
                seen[i] = true;
            });
            assert!(seen.iter().all(|&s| s), "{k} like pieces: every index is some placement's");
        }
    }
}
