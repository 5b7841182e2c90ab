//! [`Board`]: a position without the engine's incremental state, for tools that replay,
//! store and compare positions by the million.
//!
//! A [`Position`] keeps six Zobrist keys, the checkers and pins, a mailbox and a stack of
//! states, all updated at every move, because a search asks for them at every node. A tool
//! that reads a game and plays its moves asks for none of it: [`Board::do_move`] moves a
//! few bits, and legality is found only when a move is looked for
//! ([`Board::leaves_king_safe`], [`Board::castling_move`]). Whatever needs more (keys,
//! repetitions, move generation) converts to a [`Position`], which is exact both ways.

use crate::Position;
use crate::castling::castling_destinations;
use crate::do_move::en_passant_victim;
use crate::error::FenError;
use core::fmt;
use core::str::FromStr;
use lerf_bitboard::Bitboard;
use lerf_types::{
    ByColor, CastlingRights, CastlingSide, Color, Move, MoveKind, Piece, PieceType, Square,
};

/// A chess position as a data tool keeps it: the pieces, the side to move, the castling
/// rights (with their rooks, for Chess960), the en-passant square and the two counters.
///
/// It is `Copy` and 88 bytes. `==` and `Hash` compare what [`Position`]'s do: the pieces,
/// the side to move, the castling rights with their rooks and the en-passant square, which
/// is kept only when a legal en-passant capture exists (as in python-chess's FEN), so two
/// boards that play alike compare equal; [`eq_including_clocks`](Board::eq_including_clocks)
/// adds the counters.
/// There are no keys, no history and no check information: [`do_move`](Board::do_move)
/// costs a few bitboard updates. Convert to a [`Position`] (`Position::from(&board)`) for
/// move generation, keys and the draw rules; `Board::from(&position)` goes back.
///
/// ```
/// use lerf_position::{Board, Position};
/// use lerf_types::{CastlingSide, Move, Square};
/// let mut board = Board::default();
/// board.do_move(Move::new(Square::E2, Square::E4));
/// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert!(board.castling_move(CastlingSide::King).is_none(), "pieces stand between");
/// assert_eq!(Board::from(&Position::from(&board)), board);
/// ```
#[derive(Clone, Copy)]
pub struct Board {
    /// Index 0 holds all pieces; 1..=6 one piece type each (as in [`Position`]).
    pub(crate) by_type: [Bitboard; 7],
    pub(crate) by_color: ByColor<Bitboard>,
    /// By single-right index (`2 * colour + side`); `None` where the right is not held, so
    /// this is the castling rights too.
    pub(crate) castling_rooks: [Option<Square>; 4],
    pub(crate) ep_square: Option<Square>,
    pub(crate) side_to_move: Color,
    pub(crate) chess960: bool,
    pub(crate) rule50: u16,
    pub(crate) game_ply: u32,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.placement_and_rights() == other.placement_and_rights()
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.placement_and_rights().hash(state);
    }
}

impl Default for Board {
    /// The standard start position.
    fn default() -> Board {
        Board::from(&Position::startpos())
    }
}

impl From<&Position> for Board {
    fn from(pos: &Position) -> Board {
        let mut castling_rooks = [None; 4];
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                castling_rooks[right_index(color, side)] = pos.castling_rook_square(color, side);
            }
        }
        Board {
            by_type: pos.by_type,
            by_color: pos.by_color,
            castling_rooks,
            ep_square: pos.ep_square(),
            side_to_move: pos.side_to_move(),
            chess960: pos.is_chess960(),
            rule50: pos.state().rule50,
            game_ply: pos.game_ply(),
        }
    }
}

impl From<&Board> for Position {
    /// The same position with its keys and check information computed from scratch.
    fn from(board: &Board) -> Position {
        let mut pos = Position::empty();
        for color in Color::ALL {
            for pt in PieceType::ALL {
                for sq in board.pieces(color, pt) {
                    pos.put_piece(Piece::new(color, pt), sq);
                }
            }
        }
        pos.side_to_move = board.side_to_move;
        pos.chess960 = board.chess960;
        for (i, rook) in board.castling_rooks.iter().enumerate() {
            if let Some(rook) = *rook {
                pos.set_castling_right(if i < 2 { Color::White } else { Color::Black }, rook);
            }
        }
        pos.root_game_ply = board.game_ply;
        pos.state_mut().rule50 = board.rule50;
        pos.state_mut().ep_square = board.ep_square;
        pos.set_check_info();
        let piece_keys = pos.piece_keys();
        pos.set_keys_from(&piece_keys);
        pos
    }
}

impl FromStr for Board {
    type Err = FenError;

    /// Reads a FEN, X-FEN or Shredder-FEN as [`Position::from_fen`] does.
    fn from_str(fen: &str) -> Result<Board, FenError> {
        Position::from_fen(fen).map(|pos| Board::from(&pos))
    }
}

impl fmt::Display for Board {
    /// The FEN (X-FEN for Chess960), as [`Position::to_fen`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Position::from(self).write_fen(f)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\"{self}\")")
    }
}

#[inline]
pub(crate) fn right_index(color: Color, side: CastlingSide) -> usize {
    2 * color as usize + side as usize
}

impl Board {
    /// What `==` compares.
    #[allow(clippy::type_complexity)]
    fn placement_and_rights(
        &self,
    ) -> (&[Bitboard; 7], &ByColor<Bitboard>, Color, &[Option<Square>; 4], Option<Square>) {
        (&self.by_type, &self.by_color, self.side_to_move, &self.castling_rooks, self.ep_square)
    }

    /// `==`, and the same 50-move counter and game ply.
    ///
    /// ```
    /// use lerf_position::Board;
    /// let a: Board = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse()?;
    /// let b: Board = "4k3/8/8/8/8/8/8/4K3 w - - 12 40".parse()?;
    /// assert!(a == b && !a.eq_including_clocks(&b));
    /// # Ok::<(), lerf_position::FenError>(())
    /// ```
    pub fn eq_including_clocks(&self, other: &Board) -> bool {
        self == other && self.rule50 == other.rule50 && self.game_ply == other.game_ply
    }

    // ----- what stands where -----

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// All pieces on the board.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_type[0]
    }

    /// All pieces of `color`.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    /// All pieces of type `pt`, both colours.
    #[inline]
    pub fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        self.by_type[pt as usize]
    }

    /// All pieces of either type, both colours.
    #[inline]
    pub fn pieces_of_types(&self, a: PieceType, b: PieceType) -> Bitboard {
        self.by_type[a as usize] | self.by_type[b as usize]
    }

    /// The pieces of `color` and type `pt`.
    #[inline]
    pub fn pieces(&self, color: Color, pt: PieceType) -> Bitboard {
        self.by_color[color] & self.by_type[pt as usize]
    }

    /// Whether `sq` is empty.
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        !self.occupied().contains(sq)
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use lerf_position::Board;
    /// use lerf_types::{Piece, Square};
    /// assert_eq!(Board::default().piece_on(Square::G8), Some(Piece::B_KNIGHT));
    /// ```
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        let pt = self.piece_type_on(sq)?;
        let color =
            if self.by_color[Color::White].contains(sq) { Color::White } else { Color::Black };
        Some(Piece::new(color, pt))
    }

    /// The type of the piece on `sq`, if one is there: [`piece_on`](Board::piece_on)
    /// without the colour, for a caller that knows it (one load fewer).
    ///
    /// ```
    /// use lerf_position::Board;
    /// use lerf_types::{PieceType, Square};
    /// let board = Board::default();
    /// assert_eq!(board.piece_type_on(Square::G8), Some(PieceType::Knight));
    /// assert_eq!(board.piece_type_on(Square::E4), None);
    /// ```
    #[inline]
    pub fn piece_type_on(&self, sq: Square) -> Option<PieceType> {
        // The type's index bit by bit, each bit from the types that have it (pawn 1 ...
        // king 6): no branch for a replay's unpredictable piece types to mispredict.
        let t = &self.by_type;
        let on = |types: Bitboard| ((types.0 >> sq as u32) & 1) as u8;
        let index =
            on(t[1] | t[3] | t[5]) | (on(t[2] | t[3] | t[6]) << 1) | (on(t[4] | t[5] | t[6]) << 2);
        PieceType::from_index(index)
    }

    /// The square of `color`'s king.
    ///
    /// # Panics
    ///
    /// Never for a board made from a [`Position`] (which always has both kings).
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceType::King).first_square()
    }

    /// Castlings still allowed.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        let mut rights = CastlingRights::empty();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.castling_rook_square(color, side).is_some() {
                    rights |= CastlingRights::new(color, side);
                }
            }
        }
        rights
    }

    /// The rook `color` castles with on `side`, while it has that right.
    #[inline]
    pub fn castling_rook_square(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.castling_rooks[right_index(color, side)]
    }

    /// The en-passant target square, set only when a legal en-passant capture exists.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Plies since the last capture or pawn move (the 50-move counter).
    #[inline]
    pub fn rule50_count(&self) -> u32 {
        self.rule50.into()
    }

    /// Plies since the game's start: 0 for White's first move.
    #[inline]
    pub fn game_ply(&self) -> u32 {
        self.game_ply
    }

    /// The full-move number, as FEN writes it.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.game_ply / 2 + 1
    }

    /// Whether castling follows Chess960's rules (and FEN is written as X-FEN).
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    // ----- playing -----

    /// Plays `m`, a legal move of the side to move (castling as the king taking its own
    /// rook, as lerf encodes it).
    ///
    /// # Panics
    ///
    /// In every build, before anything changes, if the origin holds no piece of the side
    /// to move, if the move captures a piece of its own side or a king, if a promotion or
    /// an en-passant capture is not made by a pawn (or en passant not onto the en-passant
    /// square), or castling not by the king with a rook it has the right to castle with, or
    /// onto squares other pieces hold.
    /// A move these checks miss (a piece moving where it cannot go, a king left in check)
    /// gives a board that the game cannot reach, as with [`Position::do_move`].
    ///
    /// ```
    /// use lerf_position::Board;
    /// use lerf_types::{Move, Square};
    /// let mut board: Board = "4k3/8/8/8/8/8/8/4K2R w K - 3 40".parse()?;
    /// board.do_move(Move::castling(Square::E1, Square::H1));
    /// assert_eq!(board.to_string(), "4k3/8/8/8/8/8/8/5RK1 b - - 4 40");
    /// # Ok::<(), lerf_position::FenError>(())
    /// ```
    #[inline]
    pub fn do_move(&mut self, m: Move) {
        let from = m.from();
        let Some(pt) =
            self.piece_type_on(from).filter(|_| self.by_color[self.side_to_move].contains(from))
        else {
            refuse(self, m, "its origin holds no piece of the side to move")
        };
        self.play(m, pt);
    }

    /// Plays `m` as [`do_move`](Board::do_move) does, made by a `piece` the caller knows
    /// (a SAN reader knows it from the text), which spares looking it up on the board.
    ///
    /// # Panics
    ///
    /// As [`do_move`](Board::do_move), and if the origin does not hold a `piece` of the
    /// side to move.
    ///
    /// ```
    /// use lerf_position::Board;
    /// use lerf_types::{Move, PieceType, Square};
    /// let mut board = Board::default();
    /// board.do_move_by(Move::new(Square::G1, Square::F3), PieceType::Knight);
    /// assert_eq!(board, {
    ///     let mut other = Board::default();
    ///     other.do_move(Move::new(Square::G1, Square::F3));
    ///     other
    /// });
    /// ```
    #[inline(always)]
    pub fn do_move_by(&mut self, m: Move, piece: PieceType) {
        if !self.pieces(self.side_to_move, piece).contains(m.from()) {
            refuse(self, m, "its origin holds no such piece of the side to move");
        }
        self.play(m, piece);
    }

    /// [`do_move`](Board::do_move) once the moving piece's type `pt` is known.
    #[inline(always)]
    fn play(&mut self, m: Move, pt: PieceType) {
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        if m.kind() == MoveKind::Castling {
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            if pt != PieceType::King || self.castling_rook_square(us, side) != Some(to) {
                refuse(self, m, "castling is the king taking a rook it may castle with");
            }
        }
        let old_ep = self.ep_square.take();
        self.rule50 = self.rule50.saturating_add(1);
        if self.holds_castling_rights() {
            self.lose_castling_rights(from, to);
        }
        match m.kind() {
            MoveKind::Castling => self.castle(m),
            MoveKind::EnPassant => {
                if pt != PieceType::Pawn || old_ep != Some(to) {
                    refuse(self, m, "en passant must be a pawn's, onto the en-passant square");
                }
                self.toggle(!us, PieceType::Pawn, Bitboard::from(en_passant_victim(us, to)));
                self.toggle(us, PieceType::Pawn, Bitboard::from(from) | to);
                self.rule50 = 0;
            }
            kind => {
                // Most moves capture nothing: one bit test before the piece-type lookup.
                let captures = self.occupied().contains(to);
                if captures {
                    self.capture(m, to);
                }
                if kind == MoveKind::Promotion {
                    if pt != PieceType::Pawn {
                        refuse(self, m, "only a pawn promotes");
                    }
                    self.toggle(us, PieceType::Pawn, Bitboard::from(from));
                    self.toggle(us, m.promotion_type(), Bitboard::from(to));
                } else {
                    self.toggle(us, pt, Bitboard::from(from) | to);
                }
                // A select, not a branch: which moves are pawn moves is unpredictable.
                let resets = captures | (pt == PieceType::Pawn);
                self.rule50 = if resets { 0 } else { self.rule50 };
            }
        }
        self.side_to_move = !us;
        self.game_ply += 1;
        if pt == PieceType::Pawn && (to as u8).abs_diff(from as u8) == 16 {
            let ep = Square::from_index_wrapping((from as u8 + to as u8) / 2);
            if self.en_passant_capture_exists(ep) {
                self.ep_square = Some(ep);
            }
        }
    }

    /// Passes the move to the other side: no piece moves, the en-passant square goes, the
    /// 50-move counter counts on (as [`Position::do_null_move`]).
    ///
    /// # Panics
    ///
    /// If the side to move is in check (passing would leave its king capturable).
    pub fn do_null_move(&mut self) {
        assert!(!self.in_check(), "Board::do_null_move: the side to move is in check");
        self.ep_square = None;
        self.rule50 = self.rule50.saturating_add(1);
        self.side_to_move = !self.side_to_move;
        self.game_ply += 1;
    }

    /// Adds or removes the pieces of `color` and type `pt` on `squares`.
    #[inline(always)]
    fn toggle(&mut self, color: Color, pt: PieceType, squares: Bitboard) {
        self.by_type[0] ^= squares;
        self.by_type[pt as usize] ^= squares;
        self.by_color[color] ^= squares;
    }

    /// Takes the piece on `to`, an occupied square, for the side to move's move `m`.
    #[inline(always)]
    fn capture(&mut self, m: Move, to: Square) {
        let us = self.side_to_move;
        match self.piece_type_on(to) {
            Some(captured) if captured != PieceType::King && !self.by_color[us].contains(to) => {
                self.toggle(!us, captured, Bitboard::from(to));
            }
            _ => refuse(self, m, "it captures its own piece or a king"),
        }
    }

    /// King and rook to their castled squares.
    fn castle(&mut self, m: Move) {
        let us = self.side_to_move;
        let (king, rook) = (m.from(), m.to());
        let (king_to, rook_to) = castling_destinations(us, king, rook);
        let others = self.occupied() ^ king ^ rook;
        if others.contains(king_to) || others.contains(rook_to) {
            refuse(self, m, "pieces stand where king and rook go");
        }
        self.toggle(us, PieceType::King, Bitboard::from(king));
        self.toggle(us, PieceType::Rook, Bitboard::from(rook));
        self.toggle(us, PieceType::King, Bitboard::from(king_to));
        self.toggle(us, PieceType::Rook, Bitboard::from(rook_to));
    }

    /// Whether any castling right is held: the four rook squares read as one word (a
    /// square is below 64, `None` is not), one compare where a test a right took four.
    #[inline(always)]
    fn holds_castling_rights(&self) -> bool {
        let bytes = self.castling_rooks.map(|rook| rook.map_or(NO_ROOK, |sq| sq as u8));
        u32::from_ne_bytes(bytes) != u32::from_ne_bytes([NO_ROOK; 4])
    }

    /// The rights lost when a piece leaves `from` or arrives on `to`: its king or its rook
    /// moved, or its rook was taken.
    #[inline]
    fn lose_castling_rights(&mut self, from: Square, to: Square) {
        let touched = Bitboard::from(from) | to;
        // Most moves touch no king and no rook: one test, no look at the castling rooks.
        let kings_and_rooks =
            self.by_type[PieceType::King as usize] | self.by_type[PieceType::Rook as usize];
        if !touched.intersects(kings_and_rooks) {
            return;
        }
        for color in Color::ALL {
            let king_moved = touched.contains(self.king_square(color));
            for side in CastlingSide::ALL {
                let i = right_index(color, side);
                if self.castling_rooks[i].is_some_and(|rook| king_moved || touched.contains(rook)) {
                    self.castling_rooks[i] = None;
                }
            }
        }
    }
}

/// What [`Board::holds_castling_rights`] reads where no castling rook is.
const NO_ROOK: u8 = 64;

/// Panics with the precondition `m` breaks on `board` (see [`Board::do_move`]), out of
/// line so that the checks cost the hot path a compare and a branch each.
#[cold]
#[inline(never)]
#[track_caller]
fn refuse(board: &Board, m: Move, why: &str) -> ! {
    panic!("Board::do_move({}) on {board}: {why}", m.to_uci(board.chess960))
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;
