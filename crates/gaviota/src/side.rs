//! One side's pieces as the probing code lists them: type (1 pawn to 6 king) and square,
//! sorted king first, named by their letters.

/// The type code of a pawn.
pub(crate) const PAWN: u8 = 1;
const LETTERS: [u8; 7] = *b"-pnbrqk";

/// One side's pieces: type (1 pawn to 6 king) and square, the king first once sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Side {
    pub(crate) sq: [u8; 17],
    pub(crate) pc: [u8; 17],
    pub(crate) n: usize,
}

impl Side {
    pub(crate) fn new(pieces: &[(u8, u8)]) -> Option<Side> {
        if pieces.len() > 16 {
            return None;
        }
        let mut side = Side { sq: [0; 17], pc: [0; 17], n: pieces.len() };
        for (i, &(pc, sq)) in pieces.iter().enumerate() {
            (side.pc[i], side.sq[i]) = (pc, sq);
        }
        Some(side)
    }

    /// The pieces from the king down (the order of like pieces does not matter to any
    /// index): an insertion sort of at most 17 pieces, without allocating.
    pub(crate) fn sorted(mut self) -> Side {
        for i in 1..self.n {
            let mut j = i;
            while j > 0 && self.pc[j - 1] < self.pc[j] {
                self.pc.swap(j - 1, j);
                self.sq.swap(j - 1, j);
                j -= 1;
            }
        }
        self
    }

    pub(crate) fn squares(&self) -> &[u8] {
        &self.sq[..self.n]
    }

    pub(crate) fn letters(&self, out: &mut String) {
        out.extend(self.pc[..self.n].iter().map(|&p| char::from(LETTERS[usize::from(p.min(6))])));
    }

    pub(crate) fn remove(&mut self, j: usize) {
        self.sq.copy_within(j + 1..self.n, j);
        self.pc.copy_within(j + 1..self.n, j);
        self.n -= 1;
    }
}
