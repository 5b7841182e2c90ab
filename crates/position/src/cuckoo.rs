//! Cuckoo tables of every reversible move's key change, for [`upcoming_repetition`]: a
//! position can repeat by one move exactly when the key difference to an earlier position is
//! the key change of some reversible move.
//!
//! [`upcoming_repetition`]: crate::Position::upcoming_repetition

use crate::zobrist::{KEYS_CONST, Keys};
use lerf_types::{Move, Piece, PieceType, Square};

/// Slots in each table.
pub(crate) const SIZE: usize = 8192;
/// Reversible moves of non-pawn pieces between two squares, both colours: 3,668.
pub(crate) const MOVE_COUNT: usize = 3668;

#[inline]
pub(crate) const fn h1(key: u64) -> usize {
    (key & 0x1fff) as usize
}

#[inline]
pub(crate) const fn h2(key: u64) -> usize {
    ((key >> 16) & 0x1fff) as usize
}

/// Whether `pt` on `a` reaches `b` on an empty board.
const fn reaches(pt: PieceType, a: usize, b: usize) -> bool {
    let df = ((a % 8) as i32 - (b % 8) as i32).abs();
    let dr = ((a / 8) as i32 - (b / 8) as i32).abs();
    let straight = df == 0 || dr == 0;
    let diagonal = df == dr;
    match pt {
        PieceType::Knight => df * dr == 2,
        PieceType::King => df <= 1 && dr <= 1,
        PieceType::Bishop => diagonal,
        PieceType::Rook => straight,
        PieceType::Queen => straight || diagonal,
        PieceType::Pawn => false,
    }
}

pub(crate) struct Cuckoo {
    pub keys: [u64; SIZE],
    pub moves: [Move; SIZE],
    pub count: usize,
}

const fn build(z: &Keys) -> Cuckoo {
    let mut table = Cuckoo { keys: [0; SIZE], moves: [Move::NONE; SIZE], count: 0 };
    let mut p = 0;
    while p < 12 {
        let pc = Piece::ALL[p];
        let mut s1 = 0;
        while s1 < 64 {
            let mut s2 = s1 + 1;
            while s2 < 64 {
                if reaches(pc.piece_type(), s1, s2) {
                    let mut mv = Move::new(
                        Square::from_index_wrapping(s1 as u8),
                        Square::from_index_wrapping(s2 as u8),
                    );
                    let mut key = z.psq[pc as usize][s1] ^ z.psq[pc as usize][s2] ^ z.side;
                    let mut i = h1(key);
                    loop {
                        let (k, m) = (table.keys[i], table.moves[i]);
                        table.keys[i] = key;
                        table.moves[i] = mv;
                        key = k;
                        mv = m;
                        if mv.bits() == Move::NONE.bits() {
                            break;
                        }
                        i = if i == h1(key) { h2(key) } else { h1(key) };
                    }
                    table.count += 1;
                }
                s2 += 1;
            }
            s1 += 1;
        }
        p += 1;
    }
    table
}

#[allow(long_running_const_eval)]
const TABLE: Cuckoo = build(&KEYS_CONST);
const _: () = assert!(TABLE.count == MOVE_COUNT, "there are exactly 3,668 reversible moves");
pub(crate) static CUCKOO: Cuckoo = TABLE;

/// The move whose key change is `diff`, if there is one.
#[inline]
pub(crate) fn lookup(diff: u64) -> Option<Move> {
    let j = h1(diff);
    if CUCKOO.keys[j] == diff {
        return Some(CUCKOO.moves[j]);
    }
    let j = h2(diff);
    (CUCKOO.keys[j] == diff).then(|| CUCKOO.moves[j])
}
