//! The older `.bin` format: 40 bytes an entry. A 32-byte bit stream (each value written from
//! its lowest bit, bytes filled from their lowest bit): the side to move, both kings'
//! squares, then every other square from a8 to h1, rank by rank, as a prefix code (empty
//! `0`; pawn, knight, bishop, rook, queen `1000`, `1100`, `1010`, `1110`, `1001` as read)
//! with a colour bit after a piece; the four castling rights, the en passant square (a flag,
//! then 6 bits), the 50-move counter's low 6 bits, the move number's low and high bytes and
//! the counter's seventh bit. Then the score (16 bits), the move (16: destination, origin,
//! promoted piece, kind), the ply (16), the result (8) and a pad byte, little-endian.
//! Standard chess only: its castling rights name no rook.

use crate::entry::Entry;
use lerf_bitboard::Bitboard;
use lerf_position::Board;
use lerf_types::{CastlingSide, Color, Move, MoveKind, PieceType, Square};

/// Bytes an entry.
pub const BIN_ENTRY: usize = 40;

/// The prefix codes by piece type (pawn to queen), as values written lowest bit first.
const CODES: [(u32, u32); 5] = [(0b0001, 4), (0b0011, 4), (0b0101, 4), (0b0111, 4), (0b1001, 4)];

struct Bits<'a> {
    data: &'a mut [u8; 32],
    at: usize,
}

impl Bits<'_> {
    fn put(&mut self, value: u32, n: u32) -> Result<(), String> {
        for i in 0..n {
            if self.at >= 256 {
                return Err("the position does not fit 256 bits".into());
            }
            if value >> i & 1 != 0 {
                self.data[self.at / 8] |= 1 << (self.at % 8);
            }
            self.at += 1;
        }
        Ok(())
    }
}

struct ReadBits<'a> {
    data: &'a [u8],
    at: usize,
}

impl ReadBits<'_> {
    fn get(&mut self, n: u32) -> Result<u32, String> {
        let mut value = 0;
        for i in 0..n {
            let bit = *self.data.get(self.at / 8).ok_or("the position runs past its 32 bytes")?
                >> (self.at % 8)
                & 1;
            value |= u32::from(bit) << i;
            self.at += 1;
        }
        Ok(value)
    }
}

/// The squares a8..h8, a7..h7, ... a1..h1.
fn board_order() -> impl Iterator<Item = Square> {
    (0..8u8)
        .rev()
        .flat_map(|rank| (0..8u8).map(move |file| Square::from_index_wrapping(rank * 8 + file)))
}

const CORNERS: [(Color, CastlingSide, Square); 4] = [
    (Color::White, CastlingSide::King, Square::H1),
    (Color::White, CastlingSide::Queen, Square::A1),
    (Color::Black, CastlingSide::King, Square::H8),
    (Color::Black, CastlingSide::Queen, Square::A8),
];

/// `entry`'s 40 bytes, or why it has none (a Chess960 castling right, a ply or counter out
/// of the format's range).
pub fn pack_bin(entry: &Entry) -> Result<[u8; BIN_ENTRY], String> {
    let board = &entry.board;
    if entry.mv != Move::NULL && !crate::movetext::is_legal(board, entry.mv) {
        return Err("the move is not legal in its position".into());
    }
    let mut sfen = [0u8; 32];
    let mut bits = Bits { data: &mut sfen, at: 0 };
    bits.put(board.side_to_move() as u32, 1)?;
    bits.put(board.king_square(Color::White) as u32, 6)?;
    bits.put(board.king_square(Color::Black) as u32, 6)?;
    for sq in board_order() {
        match board.piece_on(sq) {
            Some(p) if p.piece_type() == PieceType::King => {}
            Some(p) => {
                let (code, n) = CODES[p.piece_type() as usize - 1];
                bits.put(code, n)?;
                bits.put(p.color() as u32, 1)?;
            }
            None => bits.put(0, 1)?,
        }
    }
    for (color, side, corner) in CORNERS {
        let rook = board.castling_rook_square(color, side);
        let king_home = if color == Color::White { Square::E1 } else { Square::E8 };
        if rook.is_some() && (rook != Some(corner) || board.king_square(color) != king_home) {
            return Err("a Chess960 castling right, which .bin cannot hold".into());
        }
        bits.put(u32::from(rook.is_some()), 1)?;
    }
    match board.ep_square() {
        Some(ep) => {
            bits.put(1, 1)?;
            bits.put(ep as u32, 6)?;
        }
        None => bits.put(0, 1)?,
    }
    let rule50 = board.rule50_count();
    let fullmove = board.fullmove_number();
    if rule50 > 127 || fullmove > 0xffff {
        return Err(format!(
            "a 50-move counter of {rule50} or move number {fullmove} beyond the format"
        ));
    }
    bits.put(rule50 & 63, 6)?;
    bits.put(fullmove & 0xff, 8)?;
    bits.put(fullmove >> 8, 8)?;
    bits.put(rule50 >> 6, 1)?;
    let mut out = [0u8; BIN_ENTRY];
    out[..32].copy_from_slice(&sfen);
    out[32..34].copy_from_slice(&entry.score.to_le_bytes());
    out[34..36].copy_from_slice(&pack_bin_move(entry.mv).to_le_bytes());
    out[36..38].copy_from_slice(&entry.ply.to_le_bytes());
    out[38] = entry.result as i8 as u8;
    out[39] = 0xff;
    Ok(out)
}

/// The move's 16 bits: destination (low 6), origin, promoted piece, kind.
fn pack_bin_move(m: Move) -> u16 {
    if m == Move::NULL {
        return 0;
    }
    let (flag, promo) = match m.kind() {
        MoveKind::Normal => (0, 0),
        MoveKind::Promotion => (1, m.promotion_type() as u16 - PieceType::Knight as u16),
        MoveKind::EnPassant => (2, 0),
        MoveKind::Castling => (3, 0),
    };
    flag << 14 | promo << 12 | (m.from() as u16) << 6 | m.to() as u16
}

/// The entry of 40 bytes, or why they hold none.
pub fn unpack_bin(bytes: &[u8; BIN_ENTRY]) -> Result<Entry, String> {
    let mut bits = ReadBits { data: &bytes[..32], at: 0 };
    let stm = if bits.get(1)? == 0 { Color::White } else { Color::Black };
    let kings = [bits.get(6)?, bits.get(6)?].map(|s| Square::from_index_wrapping(s as u8));
    let (mut by_color, mut by_type) = ([Bitboard::EMPTY; 2], [Bitboard::EMPTY; 6]);
    for (color, king) in [Color::White, Color::Black].into_iter().zip(kings) {
        by_color[color as usize] |= king;
        by_type[5] |= king;
    }
    for sq in board_order() {
        if kings.contains(&sq) {
            continue;
        }
        let (mut code, mut n) = (0u32, 0u32);
        let pt = loop {
            code |= bits.get(1)? << n;
            n += 1;
            if (code, n) == (0, 1) {
                break None;
            }
            if let Some(i) = CODES.iter().position(|&c| c == (code, n)) {
                break Some(i);
            }
            if n >= 5 {
                return Err(format!("no piece code at {sq}"));
            }
        };
        if let Some(i) = pt {
            let color = if bits.get(1)? == 0 { Color::White } else { Color::Black };
            by_color[color as usize] |= sq;
            by_type[i] |= sq;
        }
    }
    let rights = [bits.get(1)?, bits.get(1)?, bits.get(1)?, bits.get(1)?];
    let ep = if bits.get(1)? == 1 {
        Some(Square::from_index_wrapping(bits.get(6)? as u8))
    } else {
        None
    };
    let mut rule50 = bits.get(6)?;
    let fullmove = bits.get(8)? | bits.get(8)? << 8;
    rule50 |= bits.get(1)? << 6;
    let mut board = Board::from_sets(by_color, by_type, stm, ep, rule50 as u16, fullmove.max(1))
        .map_err(|e| e.to_string())?;
    for ((color, side, corner), right) in CORNERS.into_iter().zip(rights) {
        if right == 1 {
            board = board.with_castling_rook(color, side, corner).map_err(|e| e.to_string())?;
        }
    }
    let raw = u16::from_le_bytes([bytes[34], bytes[35]]);
    let (to, from) = (
        Square::from_index_wrapping((raw & 63) as u8),
        Square::from_index_wrapping((raw >> 6 & 63) as u8),
    );
    let mv = match raw >> 14 {
        _ if raw == 0 => Move::NULL,
        1 => Move::promotion(
            from,
            to,
            PieceType::from_index(PieceType::Knight as u8 + (raw >> 12 & 3) as u8)
                .unwrap_or(PieceType::Queen),
        ),
        2 => Move::en_passant(from, to),
        3 => Move::castling(from, to),
        _ => Move::new(from, to),
    };
    if mv != Move::NULL && !crate::movetext::is_legal(&board, mv) {
        return Err(format!("move {from}{to} is not legal in its position"));
    }
    let result = bytes[38] as i8;
    if !(-1..=1).contains(&result) {
        return Err(format!("result {result} is not -1, 0 or 1"));
    }
    Ok(Entry {
        board,
        mv,
        score: i16::from_le_bytes([bytes[32], bytes[33]]),
        ply: u16::from_le_bytes([bytes[36], bytes[37]]),
        result: i16::from(result),
    })
}
