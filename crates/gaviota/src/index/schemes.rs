//! The index of a placement in each of the format's layouts. White's and Black's squares
//! come king first, then the pieces as the table's name lists them (`a`, `b`, `c` for
//! pieces other than pawns, `p` for pawns); `None` is a placement the table has no entry
//! for (kings touching, a pawn on the first or last rank, two like pieces on one square).

use super::tables::{
    AA_COUNT, AAA_COUNT, NONE, PP48_COUNT, Tables, anchor_first, apply_flips, black_pawn_index24,
    flip_ns, flip_we, pawn_index24, pawn_index48, pawn_rank_ok, tables,
};

/// A layout of the format: how a table's placements are numbered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scheme {
    Kxk,
    Kabk,
    Kakb,
    Kpk,
    Kakp,
    Kapk,
    Kppk,
    Kpkp,
    Kaak,
    Kabkc,
    Kabck,
    Kaakb,
    Kaabk,
    Kabbk,
    Kaaak,
    Kapkb,
    Kabkp,
    Kabpk,
    Kppka,
    Kappk,
    Kapkp,
    Kaapk,
    Kaakp,
    Kppkp,
    Kpppk,
}

const KK: u64 = super::tables::KK_COUNT;

impl Scheme {
    /// How many entries a side of the table holds.
    pub(crate) const fn size(self) -> u64 {
        use Scheme::*;
        match self {
            Kxk => KK * 64,
            Kabk | Kakb => KK * 64 * 64,
            Kpk => 24 * 64 * 64,
            Kakp | Kapk => 24 * 64 * 64 * 64,
            Kppk => super::tables::PP_COUNT * 64 * 64,
            Kpkp => super::tables::PP_MIXED_COUNT * 64 * 64,
            Kaak => KK * AA_COUNT,
            Kabkc | Kabck => KK * 64 * 64 * 64,
            Kaakb | Kaabk | Kabbk => KK * AA_COUNT * 64,
            Kaaak => KK * AAA_COUNT,
            Kapkb | Kabkp | Kabpk => 24 * 64 * 64 * 64 * 64,
            Kppka | Kappk => super::tables::PP_COUNT * 64 * 64 * 64,
            Kapkp => super::tables::PP_MIXED_COUNT * 64 * 64 * 64,
            Kaapk | Kaakp => 24 * AA_COUNT * 64 * 64,
            Kppkp => 24 * PP48_COUNT * 64 * 64,
            Kpppk => super::tables::PPP48_COUNT * 64 * 64,
        }
    }

    /// The index of a placement (`w` and `b` as the module says), `None` where the table
    /// has no entry for it.
    pub(crate) fn index(self, w: &[u8], b: &[u8]) -> Option<u64> {
        use Scheme::*;
        let t = tables();
        match self {
            Kxk | Kabk | Kakb | Kabkc | Kabck => {
                let (nw, nb) = (w.len(), b.len());
                let (w, b, ki) = kings_normalized(t, w, b)?;
                let rest = w[1..nw].iter().chain(&b[1..nb]);
                Some(rest.fold(ki, |acc, &sq| acc * 64 + u64::from(sq)))
            }
            Kaak | Kaakb | Kaabk => {
                let (nw, nb) = (w.len(), b.len());
                let (w, b, ki) = kings_normalized(t, w, b)?;
                let ai = pair(t, w[1], w[2])?;
                let rest = w[3..nw].iter().chain(&b[1..nb]);
                Some(rest.fold(ki * AA_COUNT + ai, |acc, &sq| acc * 64 + u64::from(sq)))
            }
            Kabbk => {
                let (w, _, ki) = kings_normalized(t, w, b)?;
                let ai = pair(t, w[2], w[3])?;
                Some((ki * AA_COUNT + ai) * 64 + u64::from(w[1]))
            }
            Kaaak => {
                let (w, _, ki) = kings_normalized(t, w, b)?;
                let mut s = [w[1], w[2], w[3]];
                s.sort_unstable();
                if s[0] == s[1] || s[1] == s[2] {
                    return None;
                }
                let (x, y, z) = (u64::from(s[0]), u64::from(s[1]), u64::from(s[2]));
                Some(ki * AAA_COUNT + x + (y - 1) * y / 2 + t.aaa_base[z as usize])
            }
            Kpk | Kapk | Kapkb | Kabpk | Kaapk => white_pawn(t, self, w, b),
            Kakp | Kabkp | Kaakp => black_pawn(t, self, w, b),
            Kppk | Kppka | Kappk => two_white_pawns(t, self, w, b),
            Kpkp | Kapkp => pawn_each(self, w, b),
            Kppkp => {
                let (mut wk, mut p1, mut p2, mut bk, mut p3) = (w[0], w[1], w[2], b[0], b[1]);
                if ![p1, p2, p3].into_iter().all(pawn_rank_ok) {
                    return None;
                }
                if p3 & 7 > 3 {
                    (wk, p1, p2, bk, p3) =
                        (flip_we(wk), flip_we(p1), flip_we(p2), flip_we(bk), flip_we(p3));
                }
                let i = (flip_we(flip_ns(p1)) - 8) as usize;
                let j = (flip_we(flip_ns(p2)) - 8) as usize;
                let slice = none_to_option(t.pp48[i][j])?;
                let k = black_pawn_index24(p3);
                Some(((k * PP48_COUNT + slice) * 64 + u64::from(wk)) * 64 + u64::from(bk))
            }
            Kpppk => {
                let (mut wk, mut p, mut bk) = (w[0], [w[1], w[2], w[3]], b[0]);
                if !p.into_iter().all(pawn_rank_ok) {
                    return None;
                }
                let at = |p: [u8; 3]| {
                    let (i, j, k) = ((p[0] - 8) as usize, (p[1] - 8) as usize, (p[2] - 8) as usize);
                    t.ppp48[(i * 48 + j) * 48 + k]
                };
                if at(p) == NONE {
                    (wk, bk) = (flip_we(wk), flip_we(bk));
                    p = p.map(flip_we);
                }
                let slice = none_to_option(at(p))?;
                Some((slice * 64 + u64::from(wk)) * 64 + u64::from(bk))
            }
        }
    }
}

fn none_to_option(v: u16) -> Option<u64> {
    (v != NONE).then_some(u64::from(v))
}

fn pair(t: &Tables, x: u8, y: u8) -> Option<u64> {
    none_to_option(t.aa[x as usize][y as usize])
}

/// Both sides under the symmetry that normalizes the kings, and the kings' index.
fn kings_normalized(t: &Tables, w: &[u8], b: &[u8]) -> Option<([u8; 5], [u8; 5], u64)> {
    let flips = t.flips[b[0] as usize][w[0] as usize];
    let mut ws = [0u8; 5];
    let mut bs = [0u8; 5];
    for (out, &sq) in ws.iter_mut().zip(w) {
        *out = apply_flips(flips, sq);
    }
    for (out, &sq) in bs.iter_mut().zip(b) {
        *out = apply_flips(flips, sq);
    }
    let ki = none_to_option(t.kk[bs[0] as usize][ws[0] as usize])?;
    Some((ws, bs, ki))
}

/// Layouts with one white pawn (White's last piece): the pawn on the queen's side.
fn white_pawn(t: &Tables, scheme: Scheme, w: &[u8], b: &[u8]) -> Option<u64> {
    let pawn = *w.last()?;
    if !pawn_rank_ok(pawn) {
        return None;
    }
    let mirror = pawn & 7 > 3;
    let m = |sq: u8| if mirror { flip_we(sq) } else { sq };
    let slice = pawn_index24(m(pawn));
    let (wk, bk) = (u64::from(m(w[0])), u64::from(m(b[0])));
    Some(match scheme {
        Scheme::Kpk => (slice * 64 + wk) * 64 + bk,
        Scheme::Kapk => ((slice * 64 + wk) * 64 + bk) * 64 + u64::from(m(w[1])),
        Scheme::Kapkb => {
            (((slice * 64 + wk) * 64 + bk) * 64 + u64::from(m(w[1]))) * 64 + u64::from(m(b[1]))
        }
        Scheme::Kabpk => {
            (((slice * 64 + wk) * 64 + bk) * 64 + u64::from(m(w[1]))) * 64 + u64::from(m(w[2]))
        }
        _ => {
            // Kaapk
            let ai = pair(t, m(w[1]), m(w[2]))?;
            ((slice * 64 + wk) * 64 + bk) * AA_COUNT + ai
        }
    })
}

/// Layouts with one black pawn (Black's last piece).
fn black_pawn(t: &Tables, scheme: Scheme, w: &[u8], b: &[u8]) -> Option<u64> {
    let pawn = *b.last()?;
    if !pawn_rank_ok(pawn) {
        return None;
    }
    let mirror = pawn & 7 > 3;
    let m = |sq: u8| if mirror { flip_we(sq) } else { sq };
    let (wk, bk) = (u64::from(m(w[0])), u64::from(m(b[0])));
    Some(match scheme {
        Scheme::Kakp => {
            let slice = black_pawn_index24(m(pawn));
            ((slice * 64 + wk) * 64 + bk) * 64 + u64::from(m(w[1]))
        }
        Scheme::Kabkp => {
            let slice = black_pawn_index24(m(pawn));
            (((slice * 64 + wk) * 64 + bk) * 64 + u64::from(m(w[1]))) * 64 + u64::from(m(w[2]))
        }
        _ => {
            // Kaakp: the pawn seen from White's side.
            let slice = pawn_index24(flip_ns(m(pawn)));
            let ai = pair(t, m(w[1]), m(w[2]))?;
            ((slice * 64 + wk) * 64 + bk) * AA_COUNT + ai
        }
    })
}

/// Layouts with two white pawns (White's last two pieces).
fn two_white_pawns(t: &Tables, scheme: Scheme, w: &[u8], b: &[u8]) -> Option<u64> {
    let n = w.len();
    let (pa, pb) = (w[n - 2], w[n - 1]);
    if !pawn_rank_ok(pa) || !pawn_rank_ok(pb) {
        return None;
    }
    let (mut anchor, mut loosen) = anchor_first(pa, pb);
    let mirror = anchor & 7 > 3;
    let m = |sq: u8| if mirror { flip_we(sq) } else { sq };
    (anchor, loosen) = (m(anchor), m(loosen));
    let slice = none_to_option(t.pp[pawn_index24(anchor) as usize][pawn_index48(loosen) as usize])?;
    let (wk, bk) = (u64::from(m(w[0])), u64::from(m(b[0])));
    Some(match scheme {
        Scheme::Kppk => (slice * 64 + wk) * 64 + bk,
        Scheme::Kppka => ((slice * 64 + wk) * 64 + bk) * 64 + u64::from(m(b[1])),
        _ => ((slice * 64 + wk) * 64 + bk) * 64 + u64::from(m(w[1])), // Kappk
    })
}

/// Layouts with one pawn a side: White's on the queen's side, Black's anywhere.
fn pawn_each(scheme: Scheme, w: &[u8], b: &[u8]) -> Option<u64> {
    let (wp, bp) = (*w.last()?, *b.last()?);
    if !pawn_rank_ok(wp) || !pawn_rank_ok(bp) {
        return None;
    }
    let mirror = wp & 7 > 3;
    let m = |sq: u8| if mirror { flip_we(sq) } else { sq };
    let slice = pawn_index24(m(wp)) * 48 + u64::from(m(bp) - 8);
    let (wk, bk) = (u64::from(m(w[0])), u64::from(m(b[0])));
    Some(match scheme {
        Scheme::Kpkp => (slice * 64 + wk) * 64 + bk,
        _ => ((slice * 64 + wk) * 64 + bk) * 64 + u64::from(m(w[1])), // Kapkp
    })
}
