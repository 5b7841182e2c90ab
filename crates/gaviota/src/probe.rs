//! A probe as the Gaviota probing code makes it: the material named and looked up (with
//! the colours swapped when the format names it the other way), the entry of the side to
//! move read, and an en passant capture tried against it.
//!
//! Distances are kept as the format keeps them: the result in the low three bits
//! ([`DRAW`], [`WHITE_MATES`], [`BLACK_MATES`], [`ILLEGAL`]) and the plies above.

use crate::error::GaviotaError;
use crate::index::{Scheme, flip_ns, table};
use crate::tablebase::Tablebase;

/// Neither side mates.
pub const DRAW: u32 = 0;
/// White mates.
pub const WHITE_MATES: u32 = 1;
/// Black mates.
pub const BLACK_MATES: u32 = 2;
/// Not a position the table holds (kings touching, a pawn on a last rank ...).
pub const ILLEGAL: u32 = 3;

const PAWN: u8 = 1;
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
    fn sorted(mut self) -> Side {
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

    fn squares(&self) -> &[u8] {
        &self.sq[..self.n]
    }

    fn letters(&self, out: &mut String) {
        out.extend(self.pc[..self.n].iter().map(|&p| char::from(LETTERS[usize::from(p.min(6))])));
    }

    fn remove(&mut self, j: usize) {
        self.sq.copy_within(j + 1..self.n, j);
        self.pc.copy_within(j + 1..self.n, j);
        self.n -= 1;
    }
}

/// The entry byte of a side's table, unpacked into a distance.
pub(crate) fn unpack(side: usize, packed: u8) -> u32 {
    let p = u32::from(packed);
    if p == DRAW || p == ILLEGAL {
        return p;
    }
    let (info, store) = (p & 3, p >> 2);
    // The side to move's own mates are stored one move short; the codes of a draw and of
    // an illegal position carry the longest mates (64 moves and more).
    let (own, other) =
        if side == 0 { (WHITE_MATES, BLACK_MATES) } else { (BLACK_MATES, WHITE_MATES) };
    let (prefix, plies) = match info {
        i if i == own => (own, (store + 1) * 2 - 1),
        i if i == other => (other, store * 2),
        DRAW if side == 1 && store == 63 => (WHITE_MATES, (store + 1 + 63) * 2),
        DRAW => (own, (store + 1 + 63) * 2 - 1),
        _ => (other, (store + 63) * 2),
    };
    prefix | plies << 3
}

/// One more ply to a mate (for the en passant capture, a ply before its position).
fn adjust_up(dtm: u32) -> u32 {
    if matches!(dtm & 7, 1 | 2 | 5 | 6) { dtm + (1 << 3) } else { dtm }
}

/// The better of two distances for the side to move `stm` (0 White): the en passant
/// capture's (`a`) against the table's (`b`).
fn best(stm: usize, a: u32, b: u32) -> u32 {
    // 0: the first, 1: the lower, 2: the higher, 3: the second (for White to move; Black
    // takes the opposite choices).
    const CHOICE: [[u32; 4]; 4] = [[0, 3, 0, 0], [0, 1, 0, 0], [3, 3, 2, 0], [3, 3, 3, 0]];
    if a == ILLEGAL {
        return b;
    }
    if b == ILLEGAL {
        return a;
    }
    let key = CHOICE[(a & 3) as usize][(b & 3) as usize] ^ if stm == 0 { 0 } else { 3 };
    match key {
        0 => a,
        1 => a.min(b),
        2 => a.max(b),
        _ => b,
    }
}

/// A distance with the colours swapped.
fn swap_colours(dtm: u32) -> u32 {
    if dtm == DRAW || dtm == ILLEGAL {
        return dtm;
    }
    let mate = if dtm & 3 == WHITE_MATES { BLACK_MATES } else { WHITE_MATES };
    (dtm & !3) | mate
}

impl Tablebase {
    /// The distance of a position given as piece lists, as the probing code finds it.
    pub(crate) fn probe_sides(
        &self,
        mut stm: usize,
        mut ep: Option<u8>,
        white: &Side,
        black: &Side,
    ) -> Result<u32, GaviotaError> {
        if white.n == 1 && black.n == 1 {
            let legal = Scheme::Kxk.index(&[white.sq[0], 0], &[black.sq[0]]).is_some();
            return Ok(if legal { DRAW } else { ILLEGAL });
        }
        let (mut w, mut b) = (white.sorted(), black.sorted());
        let mut name = String::new();
        w.letters(&mut name);
        b.letters(&mut name);
        let found = table(&name);
        let straight = found.is_some();
        let listed = match found {
            Some(listed) => listed,
            None => {
                let mut swapped = String::new();
                b.letters(&mut swapped);
                w.letters(&mut swapped);
                table(&swapped).ok_or(GaviotaError::MissingTable { name })?
            }
        };
        if !straight {
            for side in [&mut w, &mut b] {
                for sq in &mut side.sq[..side.n] {
                    *sq = flip_ns(*sq);
                }
            }
            core::mem::swap(&mut w, &mut b);
            stm ^= 1;
            ep = ep.map(flip_ns);
        }
        let mut dtm = self.table_entry(listed, stm, w.squares(), b.squares())?;
        if let Some(ep) = ep {
            dtm = self.with_en_passant(stm, ep, &w, &b, dtm)?;
        }
        Ok(if straight { dtm } else { swap_colours(dtm) })
    }

    /// `dtm` against the en passant captures of the pawn that just moved past `ep`.
    fn with_en_passant(
        &self,
        stm: usize,
        ep: u8,
        w: &Side,
        b: &Side,
        mut dtm: u32,
    ) -> Result<u32, GaviotaError> {
        let captured = ep ^ 8;
        let (movers, others) = if stm == 0 { (w, b) } else { (b, w) };
        let Some(j) = others.squares().iter().position(|&sq| sq == captured) else {
            return Ok(dtm);
        };
        let file = captured & 7;
        let capturers =
            [(file != 7).then(|| captured + 1), (file != 0).then(|| captured.wrapping_sub(1))];
        for i in 0..movers.n {
            if movers.pc[i] != PAWN || !capturers.contains(&Some(movers.sq[i])) {
                continue;
            }
            let (mut m, mut o) = (*movers, *others);
            m.sq[i] = ep;
            o.remove(j);
            let (nw, nb) = if stm == 0 { (m, o) } else { (o, m) };
            let after = self.probe_sides(stm ^ 1, None, &nw, &nb)?;
            dtm = best(stm, adjust_up(after), dtm);
        }
        Ok(dtm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unpacking_follows_the_side_to_move() {
        // White to move mates in 1 ply; Black to move is mated now, or in 2 plies.
        assert_eq!(unpack(0, 1), WHITE_MATES | 1 << 3);
        assert_eq!(unpack(1, 1), WHITE_MATES);
        assert_eq!(unpack(1, 1 | 1 << 2), WHITE_MATES | 2 << 3);
        assert_eq!(unpack(0, 0), DRAW);
        assert_eq!(unpack(1, 3), ILLEGAL);
        // Black to move, a draw code of 63: White mates in 127 moves.
        assert_eq!(unpack(1, 63 << 2), WHITE_MATES | 254 << 3);
    }

    #[test]
    fn the_capture_is_taken_only_when_it_is_better() {
        let white_mates_in = |plies: u32| WHITE_MATES | plies << 3;
        // White to move: a faster mate is better, a draw is worse than a mate.
        assert_eq!(best(0, white_mates_in(3), white_mates_in(7)), white_mates_in(3));
        assert_eq!(best(0, DRAW, white_mates_in(7)), white_mates_in(7));
        // Black to move: a draw beats being mated.
        assert_eq!(best(1, DRAW, white_mates_in(7)), DRAW);
        assert_eq!(best(1, ILLEGAL, white_mates_in(7)), white_mates_in(7));
    }
}
