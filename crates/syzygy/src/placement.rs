//! What a table lookup reads of a position: where each piece stands and whose turn it is.
//! A lerf [`Board`] is one; [`Placement`] is one for positions a `Board` cannot hold, such
//! as those of the losing-chess families (no king, or several).

use lerf_bitboard::Bitboard;
use lerf_position::Board;
use lerf_types::{Color, PieceType, Square};

/// The pieces of a position and the side to move, as a table reads them.
pub(crate) trait Pieces {
    /// The side to move.
    fn turn(&self) -> Color;
    /// Every occupied square.
    fn occupied(&self) -> Bitboard;
    /// The pieces of one colour and type.
    fn pieces(&self, color: Color, pt: PieceType) -> Bitboard;
    /// The piece on `sq` as a table codes it (colour `<< 3 |` type, pawn 1 … king 6).
    fn code_on(&self, sq: Square) -> Option<u8>;
}

impl Pieces for Board {
    #[inline]
    fn turn(&self) -> Color {
        self.side_to_move()
    }
    #[inline]
    fn occupied(&self) -> Bitboard {
        Board::occupied(self)
    }
    #[inline]
    fn pieces(&self, color: Color, pt: PieceType) -> Bitboard {
        Board::pieces(self, color, pt)
    }
    #[inline]
    fn code_on(&self, sq: Square) -> Option<u8> {
        self.piece_on(sq).map(|p| p as u8)
    }
}

/// Pieces on squares and a side to move, with no rule checked: any number of kings (none
/// included), pawns anywhere. The position a variant's table is probed with.
///
/// ```
/// use lerf_bitboard::Bitboard;
/// use lerf_syzygy::Placement;
/// use lerf_types::{Color, PieceType, Square};
///
/// // Antichess: a white knight on b1 against a black rook on h8, White to move.
/// let mut p = Placement::new(Color::White);
/// p.put(Square::B1, Color::White, PieceType::Knight)?;
/// p.put(Square::H8, Color::Black, PieceType::Rook)?;
/// assert_eq!(p.occupied(), Bitboard::from_square(Square::B1) | Bitboard::from_square(Square::H8));
/// assert!(p.put(Square::B1, Color::Black, PieceType::Pawn).is_err());
/// # Ok::<(), lerf_syzygy::SyzygyError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    by_color: [Bitboard; 2],
    by_type: [Bitboard; 6],
    turn: Color,
}

impl Placement {
    /// An empty board with `turn` to move.
    pub fn new(turn: Color) -> Placement {
        Placement { by_color: [Bitboard::EMPTY; 2], by_type: [Bitboard::EMPTY; 6], turn }
    }

    /// The placement of `by_color` (White, Black) and `by_type` (pawns to kings) with `turn`
    /// to move; [`SyzygyError::BadPlacement`](crate::SyzygyError::BadPlacement) where the
    /// sets overlap or disagree.
    pub fn from_sets(
        by_color: [Bitboard; 2],
        by_type: [Bitboard; 6],
        turn: Color,
    ) -> Result<Placement, crate::SyzygyError> {
        let occupied = by_color[0] | by_color[1];
        let union = by_type.iter().fold(Bitboard::EMPTY, |u, &b| u | b);
        let total: u32 = by_type.iter().map(|b| b.popcount()).sum();
        if (by_color[0] & by_color[1]).any() || union != occupied || total != occupied.popcount() {
            return Err(crate::SyzygyError::BadPlacement { why: "the sets overlap or disagree" });
        }
        Ok(Placement { by_color, by_type, turn })
    }

    /// The pieces and side to move of `board`.
    pub fn of(board: &Board) -> Placement {
        let by_type = PieceType::ALL.map(|pt| board.pieces_of_type(pt));
        let by_color = Color::ALL.map(|c| board.pieces_of(c));
        Placement { by_color, by_type, turn: board.side_to_move() }
    }

    /// Puts a piece on an empty square;
    /// [`SyzygyError::BadPlacement`](crate::SyzygyError::BadPlacement) if it is taken.
    pub fn put(
        &mut self,
        sq: Square,
        color: Color,
        pt: PieceType,
    ) -> Result<(), crate::SyzygyError> {
        if self.occupied().contains(sq) {
            return Err(crate::SyzygyError::BadPlacement { why: "the square is taken" });
        }
        let bit = Bitboard::from_square(sq);
        self.by_color[color.index()] |= bit;
        self.by_type[pt.index() - 1] |= bit;
        Ok(())
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The pieces of one colour and type.
    pub fn pieces(&self, color: Color, pt: PieceType) -> Bitboard {
        self.by_color[color.index()] & self.by_type[pt.index() - 1]
    }
}

impl Pieces for Placement {
    fn turn(&self) -> Color {
        self.turn
    }
    fn occupied(&self) -> Bitboard {
        Placement::occupied(self)
    }
    fn pieces(&self, color: Color, pt: PieceType) -> Bitboard {
        Placement::pieces(self, color, pt)
    }
    fn code_on(&self, sq: Square) -> Option<u8> {
        let color = Color::ALL.into_iter().find(|c| self.by_color[c.index()].contains(sq))?;
        let pt = PieceType::ALL.into_iter().find(|pt| self.by_type[pt.index() - 1].contains(sq))?;
        Some(((color.index() as u8) << 3) | pt as u8)
    }
}
