//! Distances as the Gaviota format keeps them: the result in the low three bits ([`DRAW`],
//! [`WHITE_MATES`], [`BLACK_MATES`], [`ILLEGAL`]) and the plies above; a table's entry byte
//! unpacked into one, and the comparisons a probe makes between them.

/// Neither side mates.
pub const DRAW: u32 = 0;
/// White mates.
pub const WHITE_MATES: u32 = 1;
/// Black mates.
pub const BLACK_MATES: u32 = 2;
/// Not a position the table holds (kings touching, a pawn on a last rank ...).
pub const ILLEGAL: u32 = 3;

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
pub(crate) fn adjust_up(dtm: u32) -> u32 {
    if matches!(dtm & 7, 1 | 2 | 5 | 6) { dtm + (1 << 3) } else { dtm }
}

/// The better of two distances for the side to move `stm` (0 White): the en passant
/// capture's (`a`) against the table's (`b`).
pub(crate) fn best(stm: usize, a: u32, b: u32) -> u32 {
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
pub(crate) fn swap_colours(dtm: u32) -> u32 {
    if dtm == DRAW || dtm == ILLEGAL {
        return dtm;
    }
    let mate = if dtm & 3 == WHITE_MATES { BLACK_MATES } else { WHITE_MATES };
    (dtm & !3) | mate
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
