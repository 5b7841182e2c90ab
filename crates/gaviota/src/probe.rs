//! A probe as the Gaviota probing code makes it: the material named and looked up (with
//! the colours swapped when the format names it the other way), the entry of the side to
//! move read, and an en passant capture tried against it.

use crate::distance::{DRAW, ILLEGAL, adjust_up, best, swap_colours};
use crate::error::GaviotaError;
use crate::index::{Scheme, flip_ns, table};
use crate::side::{PAWN, Side};
use crate::tablebase::Tablebase;

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
