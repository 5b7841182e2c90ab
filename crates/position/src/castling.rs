//! Castling's squares, for any Chess960 set-up: where king and rook land, which squares
//! must be empty and which the king crosses ([`CastlingSquares`]), whether the castling
//! rook was shielding the king's destination ([`castling_uncovers_king`]), and a
//! [`Position`]'s castling rights and paths.

use crate::position::{Position, castling_index};
use lerf_bitboard::{Bitboard, between};
use lerf_magics::rook_attacks;
use lerf_types::{CastlingRights, CastlingSide, Color, PieceType, Rank, Square};

/// The squares of one castling, found from where king and rook stand (on their first rank,
/// the rook on the side it castles to): standard chess and any Chess960 set-up alike.
///
/// ```
/// use lerf_bitboard::Bitboard;
/// use lerf_position::CastlingSquares;
/// use lerf_types::Square;
/// let long = CastlingSquares::new(Square::E1, Square::A1);
/// assert_eq!((long.king_to, long.rook_to), (Square::C1, Square::D1));
/// assert_eq!(long.path, Bitboard::from(Square::B1) | Square::C1 | Square::D1);
/// assert_eq!(long.king_path, Bitboard::from(Square::C1) | Square::D1);
/// // Chess960: the king on b1 castles long onto c1, the rook goes from a1 to d1.
/// let b1 = CastlingSquares::new(Square::B1, Square::A1);
/// assert_eq!(b1.king_path, Bitboard::from(Square::C1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CastlingSquares {
    /// Where the king lands.
    pub king_to: Square,
    /// Where the rook lands.
    pub rook_to: Square,
    /// The squares that must be empty: those king and rook cross or land on, the two
    /// themselves left out.
    pub path: Bitboard,
    /// The squares the king crosses and lands on, its own square left out: none may be
    /// attacked.
    pub king_path: Bitboard,
}

impl CastlingSquares {
    /// The squares of castling with the king on `king` and the rook on `rook`.
    #[inline]
    pub fn new(king: Square, rook: Square) -> CastlingSquares {
        let side = if rook > king { CastlingSide::King } else { CastlingSide::Queen };
        let king_to = Square::new(side.king_to_file(), king.rank());
        let rook_to = Square::new(side.rook_to_file(), king.rank());
        let king_path = (between(king, king_to) | king_to) - Bitboard::from(king);
        let path = (between(rook, rook_to) | king_path | rook_to) - (Bitboard::from(king) | rook);
        CastlingSquares { king_to, rook_to, path, king_path }
    }
}

/// Where king and rook land when `color` castles with the king on `king` and the rook on
/// `rook`: `(king_to, rook_to)`.
#[inline]
pub(crate) fn castling_destinations(color: Color, king: Square, rook: Square) -> (Square, Square) {
    let side = if rook > king { CastlingSide::King } else { CastlingSide::Queen };
    let rank = Rank::R1.relative(color);
    (Square::new(side.king_to_file(), rank), Square::new(side.rook_to_file(), rank))
}

/// Whether castling with the king on `king` and the rook on `rook` would leave the king on
/// its destination attacked along the rank by one of `enemy_straight` (the enemy rooks and
/// queens), the castling rook having stood between them; `occupied` is the board before
/// castling. Only Chess960 can ask: in standard chess the rook stands in the corner.
///
/// ```
/// use lerf_bitboard::Bitboard;
/// use lerf_position::castling_uncovers_king;
/// use lerf_types::Square;
/// // k7/8/8/8/8/8/8/rRK5: the rook on b1 castles long and uncovers c1 to the rook on a1.
/// let occupied = Bitboard::from(Square::A1) | Square::B1 | Square::C1 | Square::A8;
/// assert!(castling_uncovers_king(Square::C1, Square::B1, occupied, Bitboard::from(Square::A1)));
/// ```
#[inline]
pub fn castling_uncovers_king(
    king: Square,
    rook: Square,
    occupied: Bitboard,
    enemy_straight: Bitboard,
) -> bool {
    let squares = CastlingSquares::new(king, rook);
    let after = (occupied ^ king ^ rook) | squares.rook_to;
    rook_attacks(squares.king_to, after).intersects(enemy_straight)
}

impl Position {
    /// The castlings still allowed.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::CastlingRights;
    /// let mut pos = Position::startpos();
    /// assert_eq!(pos.castling_rights(), CastlingRights::ANY);
    /// for text in ["e2e4", "e7e5", "e1e2"] {
    ///     pos.play_uci(text)?;
    /// }
    /// assert_eq!(pos.castling_rights(), CastlingRights::BLACK);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.state().castling_rights
    }

    /// Whether `color` may still castle on `side` (not whether it can right now).
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{CastlingSide, Color};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
    /// assert!(pos.can_castle(Color::White, CastlingSide::King));
    /// assert!(!pos.can_castle(Color::White, CastlingSide::Queen));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn can_castle(&self, color: Color, side: CastlingSide) -> bool {
        self.castling_rights().contains(CastlingRights::new(color, side))
    }

    /// The rook that castles for `color` on `side`: `None` unless that right exists now.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{CastlingSide, Color, Square};
    /// let pos = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
    /// assert_eq!(pos.castling_rook_square(Color::White, CastlingSide::Queen), Some(Square::F1));
    /// assert_eq!(pos.castling_rook_square(Color::Black, CastlingSide::King), Some(Square::H8));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn castling_rook_square(&self, color: Color, side: CastlingSide) -> Option<Square> {
        // The array keeps the square after the right is lost, so that undoing the move that
        // lost it needs no work; the right decides what is reported.
        self.castling_rook_square[castling_index(color, side)]
            .filter(|_| self.can_castle(color, side))
    }

    /// Squares that must be empty for `color` to castle on `side` (king and rook paths,
    /// without the king and that rook); empty unless that right exists now.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_position::Position;
    /// use lerf_types::{CastlingSide, Color, Square};
    /// let pos = Position::startpos();
    /// let path = pos.castling_path(Color::White, CastlingSide::Queen);
    /// assert_eq!(path, Bitboard::from(Square::B1) | Square::C1 | Square::D1);
    /// ```
    #[inline]
    pub fn castling_path(&self, color: Color, side: CastlingSide) -> Bitboard {
        if self.can_castle(color, side) {
            self.castling_path[castling_index(color, side)]
        } else {
            Bitboard::EMPTY
        }
    }

    /// Squares `color`'s king crosses when castling on `side`, its destination included
    /// (empty when the king already stands there): none may be attacked. Empty unless that
    /// right exists now.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_position::Position;
    /// use lerf_types::{CastlingSide, Color, Square};
    /// let pos = Position::startpos();
    /// let path = pos.castling_king_path(Color::White, CastlingSide::Queen);
    /// assert_eq!(path, Bitboard::from(Square::C1) | Square::D1); // b1 may be attacked
    /// ```
    #[inline]
    pub fn castling_king_path(&self, color: Color, side: CastlingSide) -> Bitboard {
        if self.can_castle(color, side) {
            self.castling_king_path[castling_index(color, side)]
        } else {
            Bitboard::EMPTY
        }
    }

    /// Whether the castling path of `color` on `side` is blocked.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{CastlingSide, Color};
    /// assert!(Position::startpos().castling_impeded(Color::White, CastlingSide::King));
    /// let open = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
    /// assert!(!open.castling_impeded(Color::White, CastlingSide::King));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn castling_impeded(&self, color: Color, side: CastlingSide) -> bool {
        self.occupied().intersects(self.castling_path(color, side))
    }

    /// Chess960 only: whether an enemy rook or queen on the back rank would attack the king's
    /// castling destination once the castling rook has left its square
    /// ([`castling_uncovers_king`] on this board).
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{Color, Move, Square};
    /// // Chess960: the rook on b1 castles queen-side, the king stays on c1, and the rook on a1
    /// // would then attack it.
    /// let pos = Position::from_fen("k7/8/8/8/8/8/8/rRK5 w B - 0 1")?;
    /// assert!(pos.castling_rook_shields_king(Color::White, Square::C1, Square::B1));
    /// let castle = Move::castling(Square::C1, Square::B1);
    /// assert!(pos.is_pseudo_legal(castle) && !pos.is_legal(castle));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn castling_rook_shields_king(&self, us: Color, king: Square, rook: Square) -> bool {
        let enemy_straight =
            self.pieces_of_types(PieceType::Rook, PieceType::Queen) & self.by_color[!us];
        castling_uncovers_king(king, rook, self.occupied(), enemy_straight)
    }
}
