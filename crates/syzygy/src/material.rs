//! Material signatures and table names: `KRPvKR` is White's king, rook and pawn against
//! Black's king and rook. A table is stored once for a material and its colour swap, under
//! the name whose first side is the stronger.

use crate::placement::Pieces;
use core::fmt;
use core::str::FromStr;
use lerf_position::Board;
use lerf_types::{Color, PieceType};

/// The letters of a table name, strongest first (the order names are written in).
const LETTERS: [(char, PieceType); 6] = [
    ('K', PieceType::King),
    ('Q', PieceType::Queen),
    ('R', PieceType::Rook),
    ('B', PieceType::Bishop),
    ('N', PieceType::Knight),
    ('P', PieceType::Pawn),
];

/// How many pieces of each type each side has.
///
/// ```
/// use lerf_syzygy::Material;
/// let m: Material = "KRvKBN".parse()?;
/// assert_eq!(m.count(), 5);
/// assert_eq!(m.normalized().to_string(), "KBNvKR");
/// assert_eq!(m.swapped().to_string(), "KBNvKR");
/// # Ok::<(), lerf_syzygy::SyzygyError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Material {
    /// `[colour][piece type - 1]`: White then Black, pawn to king.
    counts: [[u8; 6]; 2],
}

impl Material {
    /// The material on `board`, White's side first.
    pub fn of(board: &Board) -> Material {
        Material::of_pieces(board)
    }

    /// The material of a placement, White's side first.
    pub fn of_placement(placement: &crate::Placement) -> Material {
        Material::of_pieces(placement)
    }

    pub(crate) fn of_pieces<P: Pieces>(board: &P) -> Material {
        let mut counts = [[0u8; 6]; 2];
        for color in [Color::White, Color::Black] {
            for pt in PieceType::ALL {
                counts[color.index()][pt.index() - 1] = board.pieces(color, pt).popcount() as u8;
            }
        }
        Material { counts }
    }

    /// The pieces of `color` of type `pt`.
    pub fn pieces(&self, color: Color, pt: PieceType) -> u8 {
        self.counts[color.index()][pt.index() - 1]
    }

    /// All the pieces of both sides.
    pub fn count(&self) -> u32 {
        self.counts.iter().flatten().map(|&c| u32::from(c)).sum()
    }

    /// Whether either side has a pawn.
    pub fn has_pawns(&self) -> bool {
        self.counts[0][0] + self.counts[1][0] > 0
    }

    /// The same material with the colours exchanged.
    pub fn swapped(&self) -> Material {
        Material { counts: [self.counts[1], self.counts[0]] }
    }

    /// Whether both sides have the same pieces.
    pub fn is_symmetric(&self) -> bool {
        self.counts[0] == self.counts[1]
    }

    /// The name the table of this material is stored under: the side with more pieces
    /// first; with as many, the side whose pieces, strongest first, are stronger at the
    /// first difference.
    pub fn normalized(&self) -> Material {
        if self.side_rank(0) >= self.side_rank(1) { *self } else { self.swapped() }
    }

    /// A side's pieces as a key that orders sides as [`normalized`](Self::normalized) does.
    fn side_rank(&self, side: usize) -> (u32, [u8; 6]) {
        let c = &self.counts[side];
        let total = c.iter().map(|&n| u32::from(n)).sum();
        // King, queen, rook, bishop, knight, pawn: the letters' order.
        (total, [c[5], c[4], c[3], c[2], c[1], c[0]])
    }
}

impl core::hash::Hash for Material {
    /// One word: five bits a count (equal materials give equal words).
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        let word = self.counts.iter().flatten().fold(0u64, |w, &c| (w << 5) | u64::from(c & 31));
        state.write_u64(word);
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (side, counts) in self.counts.iter().enumerate() {
            if side == 1 {
                f.write_str("v")?;
            }
            for (letter, pt) in LETTERS {
                for _ in 0..counts[pt.index() - 1] {
                    write!(f, "{letter}")?;
                }
            }
        }
        Ok(())
    }
}

impl FromStr for Material {
    type Err = crate::SyzygyError;

    /// Reads a name such as `KQvKR`: each side's letters in any order, `v` between them.
    fn from_str(name: &str) -> Result<Material, crate::SyzygyError> {
        let bad = |why: &'static str| crate::SyzygyError::BadName { name: name.into(), why };
        let (white, black) = name.split_once('v').ok_or_else(|| bad("no 'v' between the sides"))?;
        let mut counts = [[0u8; 6]; 2];
        for (side, letters) in [white, black].into_iter().enumerate() {
            for ch in letters.chars() {
                let (_, pt) = LETTERS
                    .iter()
                    .find(|(l, _)| *l == ch)
                    .ok_or_else(|| bad("a letter that is not K, Q, R, B, N or P"))?;
                let slot = &mut counts[side][pt.index() - 1];
                *slot = slot
                    .checked_add(1)
                    .filter(|&n| n <= 32)
                    .ok_or_else(|| bad("too many pieces"))?;
            }
        }
        Ok(Material { counts })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_normalize_as_the_tables_are_named() {
        for (name, normal) in [
            ("KNNvKBB", "KBBvKNN"),
            ("KvKR", "KRvK"),
            ("KPvKQ", "KQvKP"),
            ("KRvKRP", "KRPvKR"),
            ("KRBvKQN", "KQNvKRB"),
            ("KQvKRR", "KRRvKQ"),
            ("KRvKR", "KRvKR"),
        ] {
            let m: Material = name.parse().unwrap();
            assert_eq!(m.normalized().to_string(), normal, "{name}");
        }
        assert!("KRK".parse::<Material>().is_err());
        assert!("KXvK".parse::<Material>().is_err());
    }

    #[test]
    fn material_of_a_board() {
        let board: Board = "8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1".parse().unwrap();
        assert_eq!(Material::of(&board).to_string(), "KBNvK");
    }
}
