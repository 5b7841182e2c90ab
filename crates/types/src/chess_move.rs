//! The 16-bit move.

use crate::{CastlingSide, ParseError, PieceType, Square};
use core::fmt;
use core::str::FromStr;

/// What kind of move a [`Move`] is (bits 14–15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// Any move that is none of the others, captures included.
    Normal = 0,
    /// A pawn reaching the last rank; the piece is in bits 12–13.
    Promotion = 1,
    /// A pawn capturing en passant; `to` is the square the capturing pawn lands on.
    EnPassant = 2,
    /// Castling, written as the king capturing its own rook: `to` is the rook's square.
    Castling = 3,
}

/// A move in 16 bits, laid out as in Stockfish:
///
/// | bits | meaning |
/// |---|---|
/// | 0–5 | destination square (for castling: the castling rook's square) |
/// | 6–11 | origin square |
/// | 12–13 | promotion piece type minus knight (knight 0 … queen 3) |
/// | 14–15 | [`MoveKind`]: normal 0, promotion 1, en passant 2, castling 3 |
///
/// [`Move::NONE`] (0) and [`Move::NULL`] (65) can share this space because no real move
/// has the same origin and destination: NONE is a1→a1 and NULL is b1→b1.
///
/// Writing castling as "king takes own rook" means Chess960 needs no special case: the
/// rook's square says which castling it is wherever the king and rook started.
///
/// A `Move` has no `Display`: its UCI text depends on the position's notation (castling
/// as `e1g1` in standard chess, `e1h1` in Chess960). Write it with `Position::uci`, or
/// [`to_uci`](Move::to_uci) with the notation given; `{:?}` shows the raw encoding.
///
/// ```
/// use lerf_types::{Move, MoveKind, PieceType, Square};
/// let m = Move::promotion(Square::E7, Square::E8, PieceType::Queen);
/// assert_eq!((m.from(), m.to(), m.kind()), (Square::E7, Square::E8, MoveKind::Promotion));
/// assert_eq!(m.promotion_type(), PieceType::Queen);
/// assert_eq!(m.to_uci(false).to_string(), "e7e8q");
///
/// let castle = Move::castling(Square::E1, Square::H1);
/// assert_eq!(castle.to_uci(false).to_string(), "e1g1");
/// assert_eq!(castle.to_uci(true).to_string(), "e1h1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// No move (all bits zero).
    pub const NONE: Move = Move(0);
    /// The null move, a pass (from b1 to b1).
    pub const NULL: Move = Move(65);

    /// A normal move (captures included).
    ///
    /// ```
    /// use lerf_types::{Move, MoveKind, Square};
    /// let m = Move::new(Square::G1, Square::F3);
    /// assert_eq!((m.from(), m.to(), m.kind()), (Square::G1, Square::F3, MoveKind::Normal));
    /// ```
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move((from as u16) << 6 | to as u16)
    }

    /// A move of `kind` with `promotion` stored in bits 12–13 (only meaningful for
    /// promotions; pass [`PieceType::Knight`] otherwise).
    ///
    /// # Panics
    ///
    /// If `promotion` is a pawn or a king: two bits hold only knight to queen, and a silent
    /// wrap would turn a king into a knight. With constant arguments (as every caller in lerf
    /// passes) the check is folded away.
    ///
    /// ```
    /// use lerf_types::{Move, MoveKind, PieceType, Square};
    /// let m = Move::with_kind(Square::B7, Square::B8, MoveKind::Promotion, PieceType::Rook);
    /// assert_eq!(m, Move::promotion(Square::B7, Square::B8, PieceType::Rook));
    /// ```
    #[inline]
    pub const fn with_kind(from: Square, to: Square, kind: MoveKind, promotion: PieceType) -> Move {
        assert!(
            !matches!(promotion, PieceType::Pawn | PieceType::King),
            "Move::with_kind: the promotion piece must be a knight, bishop, rook or queen"
        );
        let promo = (promotion as u16).wrapping_sub(PieceType::Knight as u16) & 3;
        Move((kind as u16) << 14 | promo << 12 | (from as u16) << 6 | to as u16)
    }

    /// A pawn move to the last rank that promotes to `piece` (knight to queen).
    ///
    /// # Panics
    ///
    /// If `piece` is a pawn or a king (see [`with_kind`](Move::with_kind)).
    ///
    /// ```
    /// use lerf_types::{Move, MoveKind, PieceType, Square};
    /// let m = Move::promotion(Square::A2, Square::A1, PieceType::Knight);
    /// assert_eq!((m.kind(), m.promotion_type()), (MoveKind::Promotion, PieceType::Knight));
    /// ```
    #[inline]
    pub const fn promotion(from: Square, to: Square, piece: PieceType) -> Move {
        Self::with_kind(from, to, MoveKind::Promotion, piece)
    }

    /// An en-passant capture from `from` to the (empty) square `to`.
    ///
    /// ```
    /// use lerf_types::{Move, MoveKind, Square};
    /// let m = Move::en_passant(Square::E5, Square::D6);
    /// assert_eq!(m.kind(), MoveKind::EnPassant);
    /// assert_eq!(m.to_uci(false).to_string(), "e5d6");
    /// ```
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Self::with_kind(from, to, MoveKind::EnPassant, PieceType::Knight)
    }

    /// Castling, written as the king on `king` taking its own rook on `rook`.
    ///
    /// ```
    /// use lerf_types::{CastlingSide, Move, Square};
    /// let m = Move::castling(Square::E8, Square::A8);
    /// assert_eq!(m.castling_side(), CastlingSide::Queen);
    /// assert_eq!(m.king_or_piece_destination(), Square::C8);
    /// ```
    #[inline]
    pub const fn castling(king: Square, rook: Square) -> Move {
        Self::with_kind(king, rook, MoveKind::Castling, PieceType::Knight)
    }

    /// The move with these raw 16 bits. Any value is accepted: whether it is a move in a
    /// given position is `Position::is_pseudo_legal`'s question.
    ///
    /// ```
    /// use lerf_types::{Move, Square};
    /// let m = Move::new(Square::E2, Square::E4);
    /// assert_eq!(Move::from_bits(m.bits()), m);
    /// assert_eq!(Move::from_bits(65), Move::NULL);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// The raw 16 bits.
    ///
    /// ```
    /// use lerf_types::{Move, Square};
    /// // to in bits 0-5 (e4 = 28), from in bits 6-11 (e2 = 12).
    /// assert_eq!(Move::new(Square::E2, Square::E4).bits(), 12 << 6 | 28);
    /// ```
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The origin square.
    ///
    /// ```
    /// use lerf_types::{Move, Square};
    /// assert_eq!(Move::new(Square::B1, Square::C3).from(), Square::B1);
    /// ```
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_wrapping((self.0 >> 6) as u8)
    }

    /// The destination square (the rook's square for castling).
    ///
    /// ```
    /// use lerf_types::{Move, Square};
    /// assert_eq!(Move::new(Square::B1, Square::C3).to(), Square::C3);
    /// assert_eq!(Move::castling(Square::E1, Square::H1).to(), Square::H1); // the rook's square
    /// ```
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_wrapping(self.0 as u8)
    }

    /// Origin and destination together (bits 0–11), a 4096-entry table index.
    ///
    /// ```
    /// use lerf_types::{Move, Square};
    /// let m = Move::new(Square::B1, Square::C3);
    /// assert_eq!(m.from_to(), 1 << 6 | 18);
    /// ```
    #[inline]
    pub const fn from_to(self) -> usize {
        (self.0 & 0xfff) as usize
    }

    /// The kind of move.
    ///
    /// ```
    /// use lerf_types::{Move, MoveKind, Square};
    /// assert_eq!(Move::castling(Square::E1, Square::H1).kind(), MoveKind::Castling);
    /// ```
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 14 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castling,
        }
    }

    /// The piece promoted to. Only meaningful when `kind()` is [`MoveKind::Promotion`].
    ///
    /// ```
    /// use lerf_types::{Move, PieceType, Square};
    /// assert_eq!(Move::promotion(Square::G7, Square::H8, PieceType::Queen).promotion_type(), PieceType::Queen);
    /// ```
    #[inline]
    pub const fn promotion_type(self) -> PieceType {
        match (self.0 >> 12) & 3 {
            0 => PieceType::Knight,
            1 => PieceType::Bishop,
            2 => PieceType::Rook,
            _ => PieceType::Queen,
        }
    }

    /// Whether this is a real move: neither NONE nor NULL (from ≠ to).
    ///
    /// ```
    /// use lerf_types::{Move, Square};
    /// assert!(Move::new(Square::E2, Square::E4).is_ok());
    /// assert!(!Move::NONE.is_ok() && !Move::NULL.is_ok());
    /// ```
    #[inline]
    pub const fn is_ok(self) -> bool {
        (self.0 >> 6) & 63 != self.0 & 63
    }

    /// For a castling move, the side it castles to (the rook is east of the king for the
    /// king side).
    ///
    /// ```
    /// use lerf_types::{CastlingSide, Move, Square};
    /// // Chess960: king on b1, rook on a1 castles queen-side.
    /// assert_eq!(Move::castling(Square::B1, Square::A1).castling_side(), CastlingSide::Queen);
    /// assert_eq!(Move::castling(Square::B1, Square::H1).castling_side(), CastlingSide::King);
    /// ```
    #[inline]
    pub const fn castling_side(self) -> CastlingSide {
        if (self.to() as u8) > (self.from() as u8) {
            CastlingSide::King
        } else {
            CastlingSide::Queen
        }
    }

    /// The square the moving piece really lands on: for castling the king's destination
    /// (g- or c-file), otherwise `to()`.
    ///
    /// ```
    /// use lerf_types::{Move, Square};
    /// assert_eq!(Move::castling(Square::E1, Square::H1).king_or_piece_destination(), Square::G1);
    /// assert_eq!(Move::new(Square::E2, Square::E4).king_or_piece_destination(), Square::E4);
    /// ```
    #[inline]
    pub const fn king_or_piece_destination(self) -> Square {
        match self.kind() {
            MoveKind::Castling => {
                Square::new(self.castling_side().king_to_file(), self.from().rank())
            }
            _ => self.to(),
        }
    }

    /// The move in UCI notation. Castling is written king-to-destination (`e1g1`) in
    /// standard chess and king-takes-rook (`e1h1`) when `chess960` is set.
    ///
    /// ```
    /// use lerf_types::{Move, Square};
    /// let castle = Move::castling(Square::E1, Square::A1);
    /// assert_eq!(castle.to_uci(false).to_string(), "e1c1");
    /// assert_eq!(castle.to_uci(true).to_string(), "e1a1");
    /// ```
    pub const fn to_uci(self, chess960: bool) -> UciMove {
        if !self.is_ok() {
            return UciMove::Null;
        }
        let to = if chess960 { self.to() } else { self.king_or_piece_destination() };
        let promotion = match self.kind() {
            MoveKind::Promotion => Some(self.promotion_type()),
            _ => None,
        };
        UciMove::Normal { from: self.from(), to, promotion }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::NONE => f.write_str("Move::NONE"),
            Move::NULL => f.write_str("Move::NULL"),
            m => write!(f, "Move({}{}, {:?})", m.from(), m.to(), m.kind()),
        }
    }
}

/// A move as UCI text says it: squares and an optional promotion, without knowing the
/// position. `Position::parse_uci` turns it into a [`Move`].
///
/// ```
/// use lerf_types::{UciMove, PieceType, Square};
/// let m: UciMove = "a7a8n".parse().unwrap();
/// assert_eq!(m, UciMove::Normal { from: Square::A7, to: Square::A8, promotion: Some(PieceType::Knight) });
/// assert_eq!("0000".parse::<UciMove>(), Ok(UciMove::Null));
/// assert!("e2e9".parse::<UciMove>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A move from one square to another.
    Normal {
        /// Origin square.
        from: Square,
        /// Destination square (or the rook's square for Chess960 castling).
        to: Square,
        /// The piece a pawn promotes to, if any.
        promotion: Option<PieceType>,
    },
    /// The null move, `0000`.
    Null,
}

impl UciMove {
    /// Writes the text into `buf` and returns the part written (four or five ASCII
    /// bytes), as [`char::encode_utf8`] does: for writers of byte columns, with no
    /// formatter and no UTF-8 check.
    ///
    /// ```
    /// use lerf_types::{PieceType, Square, UciMove};
    /// let m = UciMove::Normal { from: Square::E7, to: Square::E8, promotion: Some(PieceType::Queen) };
    /// assert_eq!(m.encode(&mut [0; 5]), b"e7e8q");
    /// assert_eq!(UciMove::Null.encode(&mut [0; 5]), b"0000");
    /// ```
    pub fn encode(self, buf: &mut [u8; 5]) -> &[u8] {
        match self {
            UciMove::Null => {
                buf[..4].copy_from_slice(b"0000");
                &buf[..4]
            }
            UciMove::Normal { from, to, promotion } => {
                *buf = [
                    from.file().to_char() as u8,
                    from.rank().to_char() as u8,
                    to.file().to_char() as u8,
                    to.rank().to_char() as u8,
                    promotion.map_or(0, |pt| pt.to_char() as u8),
                ];
                &buf[..if promotion.is_some() { 5 } else { 4 }]
            }
        }
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One `write_str` of the whole text: writers of millions of moves (PGN export)
        // pay per call into the formatter. Only ASCII is encoded, so this never fails.
        let mut buf = [0; 5];
        f.write_str(core::str::from_utf8(self.encode(&mut buf)).unwrap_or_default())
    }
}

impl FromStr for UciMove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseError::Move(s.into());
        if s == "0000" {
            return Ok(UciMove::Null);
        }
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(err());
        }
        let from: Square = s[0..2].parse().map_err(|_| err())?;
        let to: Square = s[2..4].parse().map_err(|_| err())?;
        let promotion = match s[4..].chars().next() {
            None => None,
            Some(c @ ('n' | 'b' | 'r' | 'q')) => PieceType::from_char(c),
            Some(_) => return Err(err()),
        };
        Ok(UciMove::Normal { from, to, promotion })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::quickcheck;

    #[test]
    #[should_panic(expected = "knight, bishop, rook or queen")]
    fn a_king_promotion_is_refused_not_wrapped() {
        let _ = Move::promotion(Square::E7, Square::E8, std::hint::black_box(PieceType::King));
    }

    #[test]
    #[should_panic(expected = "knight, bishop, rook or queen")]
    fn a_pawn_promotion_is_refused_not_wrapped() {
        let _ = Move::promotion(Square::E7, Square::E8, std::hint::black_box(PieceType::Pawn));
    }

    #[test]
    fn special_values() {
        assert_eq!(Move::NONE.bits(), 0);
        assert_eq!(Move::NULL.bits(), 65);
        assert!(!Move::NONE.is_ok() && !Move::NULL.is_ok());
        assert_eq!(Move::NULL.from(), Square::B1);
        assert_eq!(Move::NULL.to(), Square::B1);
        assert_eq!(Move::NULL.to_uci(false).to_string(), "0000");
    }

    #[test]
    fn bit_layout() {
        let m = Move::promotion(Square::B7, Square::A8, PieceType::Rook);
        assert_eq!(m.bits(), 1 << 14 | 2 << 12 | 49 << 6 | 56);
        assert_eq!(Move::en_passant(Square::E5, Square::D6).bits() >> 14, 2);
        assert_eq!(Move::castling(Square::E8, Square::A8).bits() >> 14, 3);
    }

    #[test]
    fn castling_text() {
        let long = Move::castling(Square::E8, Square::A8);
        assert_eq!(long.to_uci(false).to_string(), "e8c8");
        assert_eq!(long.to_uci(true).to_string(), "e8a8");
        let c960 = Move::castling(Square::B1, Square::C1);
        assert_eq!(c960.to_uci(false).to_string(), "b1g1");
        assert_eq!(c960.to_uci(true).to_string(), "b1c1");
    }

    #[test]
    fn bad_uci_text() {
        for bad in ["", "e2", "e2e", "e2e4k", "e2e4qq", "z2e4", "e7e8Q", "é2e4"] {
            assert!(bad.parse::<UciMove>().is_err(), "{bad}");
        }
    }

    fn kind_of(k: u8) -> MoveKind {
        [MoveKind::Normal, MoveKind::Promotion, MoveKind::EnPassant, MoveKind::Castling]
            [k as usize % 4]
    }

    quickcheck! {
        fn move_round_trips(from: u8, to: u8, promo: u8, kind: u8) -> bool {
            let (from, to) = (Square::from_index_wrapping(from), Square::from_index_wrapping(to));
            let promo = PieceType::PROMOTIONS[promo as usize % 4];
            let kind = kind_of(kind);
            let m = Move::with_kind(from, to, kind, promo);
            m.from() == from && m.to() == to && m.kind() == kind && m.promotion_type() == promo
                && Move::from_bits(m.bits()) == m
        }
    }

    #[test]
    fn every_bit_pattern_decodes_and_re_encodes() {
        for bits in 0..=u16::MAX {
            let m = Move::from_bits(bits);
            assert_eq!(Move::with_kind(m.from(), m.to(), m.kind(), m.promotion_type()), m);
        }
    }
}
