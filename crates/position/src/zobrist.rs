//! Zobrist keys: one random number per (piece, square), en-passant file, castling-rights set
//! and side to move, from Stockfish's PRNG (xorshift64*, seed 1070372), computed at compile
//! time.

use lerf_types::{CastlingRights, Color, Piece, Square};

/// Stockfish's PRNG step; returns the new state and the output.
const fn next(state: u64) -> (u64, u64) {
    let mut s = state;
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    (s, s.wrapping_mul(2_685_821_657_736_338_717))
}

/// All the keys, drawn in Stockfish's order: pieces by square, en-passant files, castling
/// sets, side, and the "no pawns" key.
pub(crate) struct Keys {
    pub psq: [[u64; 64]; 16],
    pub en_passant: [u64; 8],
    pub castling: [u64; 16],
    pub side: u64,
    pub no_pawns: u64,
}

const fn generate() -> Keys {
    let mut keys =
        Keys { psq: [[0; 64]; 16], en_passant: [0; 8], castling: [0; 16], side: 0, no_pawns: 0 };
    let mut state = 1_070_372u64;
    let mut p = 0;
    while p < 12 {
        let pc = Piece::ALL[p] as usize;
        let mut sq = 0;
        while sq < 64 {
            let (s, r) = next(state);
            state = s;
            keys.psq[pc][sq] = r;
            sq += 1;
        }
        p += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (s, r) = next(state);
        state = s;
        keys.en_passant[f] = r;
        f += 1;
    }
    let mut cr = 0;
    while cr < 16 {
        let (s, r) = next(state);
        state = s;
        keys.castling[cr] = r;
        cr += 1;
    }
    let (s, side) = next(state);
    keys.side = side;
    keys.no_pawns = next(s).1;
    keys
}

pub(crate) const KEYS_CONST: Keys = generate();
pub(crate) static KEYS: Keys = KEYS_CONST;

/// `MATERIAL[piece][n]`: the material-key part of `n` pieces of that kind, the XOR of its
/// keys on the first `n` squares (a side has at most 16 pieces).
static MATERIAL: [[u64; 17]; 16] = {
    let mut table = [[0u64; 17]; 16];
    let mut pc = 0;
    while pc < 16 {
        let mut n = 1;
        while n <= 16 {
            table[pc][n] = table[pc][n - 1] ^ KEYS_CONST.psq[pc][n - 1];
            n += 1;
        }
        pc += 1;
    }
    table
};

/// The material-key part of `count` pieces `piece` (at most 16).
#[inline]
pub(crate) fn material(piece: Piece, count: u8) -> u64 {
    MATERIAL[piece as usize][usize::from(count)]
}

/// The key of `piece` standing on `sq`.
#[inline]
pub(crate) fn psq(piece: Piece, sq: Square) -> u64 {
    KEYS.psq[piece as usize][sq as usize]
}

/// The key of a castling-rights set.
#[inline]
pub(crate) fn castling(rights: CastlingRights) -> u64 {
    KEYS.castling[rights.index()]
}

/// The key of an en-passant square (by its file).
#[inline]
pub(crate) fn en_passant(sq: Square) -> u64 {
    KEYS.en_passant[sq.file() as usize]
}

/// The key XORed in when Black is to move.
#[inline]
pub(crate) fn side() -> u64 {
    KEYS.side
}

/// The key a position without pawns has as its pawn key.
#[inline]
pub(crate) fn no_pawns() -> u64 {
    KEYS.no_pawns
}

/// `side()` for Black, 0 for White.
#[inline]
pub(crate) fn side_key(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => KEYS.side,
    }
}
