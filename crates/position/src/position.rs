//! The position: board, bitboards, counts, castling data and the StateInfo stack.

use crate::state::StateInfo;
use crate::zobrist;
use alloc::{vec, vec::Vec};
use lerf_bitboard::{
    Bitboard, between, bishop_pseudo_attacks, king_attacks, knight_attacks, pawn_attacks,
    rook_pseudo_attacks,
};
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_types::{ByColor, CastlingRights, CastlingSide, Color, Piece, PieceType, Square, Value};

/// Middlegame piece values (Stockfish's), used for non-pawn material and [`Position::see_ge`].
pub const PIECE_VALUES: [Value; 7] = [0, 208, 781, 825, 1276, 2538, 0];

/// The value of a piece type, as in [`PIECE_VALUES`] (kings count 0).
///
/// ```
/// use lerf_position::piece_value;
/// use lerf_types::PieceType;
/// assert_eq!(piece_value(PieceType::Knight), 781);
/// assert_eq!(piece_value(PieceType::King), 0);
/// ```
#[inline]
pub const fn piece_value(pt: PieceType) -> Value {
    PIECE_VALUES[pt as usize]
}

/// A chess position, standard or Chess960, with all the incremental state a search needs.
///
/// Its views are kept in sync at all times: the piece on each square, a bitboard per piece
/// type and per colour, piece counts, and a stack of [`StateInfo`] (one per ply played
/// since the position was set up) that makes [`undo_move`](Position::undo_move) O(1).
///
/// ```
/// use lerf_position::Position;
/// use lerf_types::{Color, Square, Piece};
///
/// let mut pos = Position::startpos();
/// let m = pos.parse_uci("e2e4")?;
/// pos.do_move(m);
/// assert_eq!(pos.side_to_move(), Color::Black);
/// assert_eq!(pos.piece_on(Square::E4), Some(Piece::W_PAWN));
/// pos.undo_move(m);
/// assert_eq!(pos, Position::startpos());
/// # Ok::<(), lerf_position::UciError>(())
/// ```
///
/// # As a value
///
/// - **Size.** A position set up from a FEN or [`startpos`](Position::startpos), or cloned,
///   holds one state per ply it has played and no more: 328 bytes inline plus one 168-byte
///   state on the heap for a position that has played nothing, about 504 bytes in all. The
///   stack grows with the game, amortised, never per move; slots freed by `undo_move` are
///   kept for the next move, and a clone leaves them behind.
/// - **Equality.** `==` and [`Hash`] say whether two positions are the same for the
///   repetition rule: placement, side to move, castling rights with their rooks, and the
///   en-passant square (kept only when an en-passant capture is legal). Counters, history and
///   the Chess960 flag are not compared; [`eq_including_clocks`](Position::eq_including_clocks)
///   adds the counters. Equal positions have equal [`key`](Position::key)s, and `Hash`
///   hashes the key.
/// - **Round trips.** Every position that `do_move` and `do_null_move` reach from a valid FEN
///   prints a FEN ([`to_fen`](Position::to_fen)) that [`from_fen`](Position::from_fen) (or
///   [`from_fen_960`](Position::from_fen_960) for Chess960) reads back to an equal position
///   with the same counters.
/// - **Limits.** The half-move clock counts up to 65,535 and stays there; the full-move
///   number goes up to [`MAX_FULLMOVE_NUMBER`] (`do_move` panics rather than pass it, the
///   parser refuses more); repetitions are looked for up to
///   [`MAX_REPETITION_DISTANCE`](crate::MAX_REPETITION_DISTANCE) plies back, as far as the
///   75-move rule lets a game go.
/// - **Misuse.** A method either does what its documentation says or panics, in every
///   build, with a message naming the broken precondition (see each `# Panics`), before it
///   changes anything. Moves from outside go through [`play`](Position::play) or
///   [`play_uci`](Position::play_uci), which return an [`IllegalMove`](crate::IllegalMove)
///   saying why instead.
pub struct Position {
    pub(crate) board: [Option<Piece>; 64],
    /// Index 0 holds all pieces; 1..=6 one piece type each.
    pub(crate) by_type: [Bitboard; 7],
    pub(crate) by_color: ByColor<Bitboard>,
    pub(crate) piece_count: [u8; 16],
    pub(crate) side_to_move: Color,
    /// The game ply of the set-up position (`states[0]`); the current one adds `ply`.
    pub(crate) root_game_ply: u32,
    pub(crate) chess960: bool,
    /// Rights lost when a piece leaves or enters each square.
    pub(crate) castling_rights_mask: [CastlingRights; 64],
    /// By single-right index (`2 * colour + side`).
    pub(crate) castling_rook_square: [Option<Square>; 4],
    pub(crate) castling_path: [Bitboard; 4],
    /// Squares the king crosses when castling, its destination included.
    pub(crate) castling_king_path: [Bitboard; 4],
    /// Each side's king square, kept by `put_piece` and `move_piece` so that the hot paths
    /// need no bit scan for it (A1 until a king is placed).
    pub(crate) king_squares: ByColor<Square>,
    /// One StateInfo per ply played since set-up; `states[ply]` is the current one. Slots
    /// above `ply` are kept for reuse, so a move writes its state in place instead of
    /// copying one. A new or cloned position holds only the slots it uses: the stack grows
    /// with the game (amortised, once per new depth), never per move.
    pub(crate) states: Vec<StateInfo>,
    pub(crate) ply: usize,
}

/// The largest full-move number: [`Position::from_fen`] refuses a larger one, and
/// [`Position::do_move`] panics rather than go past it, so every FEN that a position prints
/// reads back.
pub const MAX_FULLMOVE_NUMBER: u32 = u32::MAX / 2;

/// The largest game ply, that of Black to move at [`MAX_FULLMOVE_NUMBER`].
pub(crate) const MAX_GAME_PLY: u32 = 2 * (MAX_FULLMOVE_NUMBER - 1) + 1;

/// Clones the position with only the states it uses (the slots above the current ply,
/// kept by the original for reuse, are left behind).
impl Clone for Position {
    fn clone(&self) -> Position {
        Position { states: self.history().to_vec(), ..*self }
    }

    /// Makes `self` a copy of `source` in the state stack it already has: no allocation
    /// once it is big enough, and the slots made for later plies are kept for the moves to
    /// come (for a position reused game after game).
    fn clone_from(&mut self, source: &Position) {
        let mut states = core::mem::take(&mut self.states);
        let history = source.history();
        // Only slots a game from this root can reach: `grow_stack`'s limit on the game ply
        // holds for every slot there is.
        let reachable = (MAX_GAME_PLY - source.root_game_ply) as usize + 1;
        states.truncate(reachable);
        if states.len() >= history.len() {
            states[..history.len()].copy_from_slice(history);
        } else {
            states.clear();
            states.extend_from_slice(history);
        }
        *self = Position { states, ..*source };
    }
}

/// Index of a single castling right in the per-right arrays.
#[inline]
pub(crate) const fn castling_index(color: Color, side: CastlingSide) -> usize {
    2 * color as usize + side as usize
}

impl Position {
    pub(crate) fn empty() -> Position {
        // One slot, exactly: a position that is only stored never holds spare states.
        let states = vec![StateInfo::EMPTY];
        Position {
            board: [None; 64],
            by_type: [Bitboard::EMPTY; 7],
            by_color: ByColor::new(Bitboard::EMPTY, Bitboard::EMPTY),
            piece_count: [0; 16],
            side_to_move: Color::White,
            root_game_ply: 0,
            chess960: false,
            castling_rights_mask: [CastlingRights::empty(); 64],
            castling_rook_square: [None; 4],
            castling_path: [Bitboard::EMPTY; 4],
            castling_king_path: [Bitboard::EMPTY; 4],
            king_squares: ByColor::new(Square::A1, Square::A1),
            states,
            ply: 0,
        }
    }

    // ----- the current state -----

    /// The current ply's [`StateInfo`].
    ///
    /// ```
    /// use lerf_position::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 7 30")?;
    /// assert_eq!(pos.state().rule50, 7);
    /// assert_eq!(pos.state().key, pos.key());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn state(&self) -> &StateInfo {
        &self.states[self.ply]
    }

    #[inline]
    pub(crate) fn state_mut(&mut self) -> &mut StateInfo {
        &mut self.states[self.ply]
    }

    /// The StateInfo stack, oldest (the set-up position) first.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// let e4 = pos.play_uci("e2e4")?;
    /// pos.play_uci("e7e5")?;
    /// assert_eq!(pos.history().len(), 3);
    /// assert_eq!(pos.history()[1].last_move, e4);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn history(&self) -> &[StateInfo] {
        &self.states[..=self.ply]
    }

    /// Makes room for one more ply and returns its index (the caller fills the slot and
    /// sets `ply`).
    ///
    /// # Panics
    ///
    /// If the game would pass [`MAX_FULLMOVE_NUMBER`]. The check sits where the stack grows,
    /// off the path of a move that reuses a slot: a ply's game ply is the root's plus its
    /// index, so a slot that exists has been checked.
    #[inline]
    pub(crate) fn next_slot(&mut self) -> usize {
        let next = self.ply + 1;
        if next == self.states.len() {
            self.grow_stack();
        }
        next
    }

    // Cold and out of line: perft and a position reused through `clone_from` reuse their
    // slots, and only a game played past its deepest ply so far grows the stack. Inlined,
    // the push and its reallocation sat in every `do_move` (measured: perft 1-3% slower).
    #[cold]
    #[inline(never)]
    fn grow_stack(&mut self) {
        let game_ply = u64::from(self.root_game_ply) + self.states.len() as u64;
        assert!(
            game_ply <= u64::from(MAX_GAME_PLY),
            "a move past full-move number {MAX_FULLMOVE_NUMBER}, the largest a FEN may hold"
        );
        self.states.push(StateInfo::EMPTY);
    }

    // ----- pieces -----

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{Piece, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.piece_on(Square::E1), Some(Piece::W_KING));
    /// assert_eq!(pos.piece_on(Square::E4), None);
    /// ```
    #[inline]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.board[sq as usize]
    }

    /// Whether `sq` is empty.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Square;
    /// let pos = Position::startpos();
    /// assert!(pos.is_empty(Square::E4) && !pos.is_empty(Square::E2));
    /// ```
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.board[sq as usize].is_none()
    }

    /// The piece `m` moves.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Piece;
    /// let pos = Position::startpos();
    /// assert_eq!(pos.moved_piece(pos.parse_uci("g1f3")?), Some(Piece::W_KNIGHT));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn moved_piece(&self, m: lerf_types::Move) -> Option<Piece> {
        self.board[m.from() as usize]
    }

    /// All pieces on the board.
    ///
    /// ```
    /// use lerf_position::Position;
    /// assert_eq!(Position::startpos().occupied().popcount(), 32);
    /// ```
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_type[0]
    }

    /// All pieces of `color`.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Color;
    /// let pos = Position::startpos();
    /// assert_eq!(pos.pieces_of(Color::White).popcount(), 16);
    /// ```
    #[inline]
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    /// All pieces of type `pt`, both colours.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::PieceType;
    /// assert_eq!(Position::startpos().pieces_of_type(PieceType::Pawn).popcount(), 16);
    /// ```
    #[inline]
    pub fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        self.by_type[pt as usize]
    }

    /// The pieces of `color` and type `pt`.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_position::Position;
    /// use lerf_types::{Color, PieceType, Square};
    /// let knights = Position::startpos().pieces(Color::White, PieceType::Knight);
    /// assert_eq!(knights, Bitboard::from(Square::B1) | Square::G1);
    /// ```
    #[inline]
    pub fn pieces(&self, color: Color, pt: PieceType) -> Bitboard {
        self.by_color[color] & self.by_type[pt as usize]
    }

    /// The pieces of either type `a` or `b`, both colours.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::PieceType;
    /// let diagonal = Position::startpos().pieces_of_types(PieceType::Bishop, PieceType::Queen);
    /// assert_eq!(diagonal.popcount(), 6);
    /// ```
    #[inline]
    pub fn pieces_of_types(&self, a: PieceType, b: PieceType) -> Bitboard {
        self.by_type[a as usize] | self.by_type[b as usize]
    }

    /// How many of `piece` are on the board.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Piece;
    /// assert_eq!(Position::startpos().count(Piece::B_PAWN), 8);
    /// ```
    #[inline]
    pub fn count(&self, piece: Piece) -> u32 {
        u32::from(self.piece_count[piece as usize])
    }

    /// The square of `color`'s king.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{Color, Square};
    /// assert_eq!(Position::startpos().king_square(Color::Black), Square::E8);
    /// ```
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.king_squares[color]
    }

    // ----- game state -----

    /// The side to move.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Color;
    /// let mut pos = Position::startpos();
    /// assert_eq!(pos.side_to_move(), Color::White);
    /// pos.play_uci("e2e4")?;
    /// assert_eq!(pos.side_to_move(), Color::Black);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Plies since the start of the game (0 for White's first move), null moves included:
    /// it is even exactly when White is to move, and at most
    /// `2 * (MAX_FULLMOVE_NUMBER - 1) + 1`.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 10")?;
    /// assert_eq!(pos.game_ply(), 19); // 9 full moves, then White's 10th
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn game_ply(&self) -> u32 {
        // The sum was checked against MAX_GAME_PLY when the slot was made (grow_stack).
        self.root_game_ply + self.ply as u32
    }

    /// The full-move number as FEN writes it (1 at the start, +1 after Black moves), at most
    /// [`MAX_FULLMOVE_NUMBER`].
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 10")?;
    /// assert_eq!(pos.fullmove_number(), 10);
    /// pos.play_uci("e8d8")?;
    /// assert_eq!(pos.fullmove_number(), 11);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn fullmove_number(&self) -> u32 {
        1 + self.game_ply() / 2
    }

    /// The move that led to the current position: [`Move::NULL`](lerf_types::Move::NULL)
    /// after a null move, `None` at the position that was set up.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// assert_eq!(pos.last_move(), None);
    /// let m = pos.play_uci("d2d4")?;
    /// assert_eq!(pos.last_move(), Some(m));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn last_move(&self) -> Option<lerf_types::Move> {
        (self.ply > 0).then(|| self.state().last_move)
    }

    /// Plies played (null moves included) since the position was set up: how many
    /// [`undo_move`](Position::undo_move) or [`undo_null_move`](Position::undo_null_move)
    /// calls can follow.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// pos.play_uci("d2d4")?;
    /// pos.do_null_move();
    /// assert_eq!(pos.plies_played(), 2);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn plies_played(&self) -> usize {
        self.ply
    }

    /// Whether castling follows Chess960 rules and notation.
    ///
    /// ```
    /// use lerf_position::Position;
    /// assert!(!Position::startpos().is_chess960());
    /// assert!(Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?.is_chess960());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

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

    /// The en-passant target square, if an en-passant capture is legal now.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Square;
    /// let pos = Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")?;
    /// assert_eq!(pos.ep_square(), Some(Square::F6));
    /// // No pawn can take: the square is dropped, so equal positions compare equal.
    /// let none = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
    /// assert_eq!(none.ep_square(), None);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.state().ep_square
    }

    /// Plies since the last capture or pawn move.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 17 60")?;
    /// assert_eq!(pos.rule50_count(), 17);
    /// pos.play_uci("b4c4")?;
    /// assert_eq!(pos.rule50_count(), 18);
    /// pos.play_uci("c7c5")?;
    /// assert_eq!(pos.rule50_count(), 0);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn rule50_count(&self) -> u32 {
        u32::from(self.state().rule50)
    }

    /// The piece the last move captured.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Piece;
    /// let mut pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")?;
    /// pos.play_uci("e4d5")?;
    /// assert_eq!(pos.captured_piece(), Some(Piece::B_PAWN));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn captured_piece(&self) -> Option<Piece> {
        self.state().captured
    }

    // ----- keys -----

    /// The Zobrist key of the position.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let play = |moves: &[&str]| -> Result<Position, lerf_position::UciError> {
    ///     let mut pos = Position::startpos();
    ///     for text in moves {
    ///         pos.play_uci(text)?;
    ///     }
    ///     Ok(pos)
    /// };
    /// // A transposition: the same position by two move orders has one key.
    /// assert_eq!(play(&["g1f3", "g8f6", "b1c3"])?.key(), play(&["b1c3", "g8f6", "g1f3"])?.key());
    /// assert_ne!(play(&["g1f3"])?.key(), Position::startpos().key());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn key(&self) -> u64 {
        self.state().key
    }

    /// The Zobrist key of the pawns.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let start = Position::startpos();
    /// let mut pos = start.clone();
    /// pos.play_uci("g1f3")?;
    /// assert_eq!(pos.pawn_key(), start.pawn_key()); // no pawn moved
    /// pos.play_uci("e7e5")?;
    /// assert_ne!(pos.pawn_key(), start.pawn_key());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn pawn_key(&self) -> u64 {
        self.state().pawn_key
    }

    /// The Zobrist key of the material.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let start = Position::startpos();
    /// let mut pos = start.clone();
    /// for text in ["e2e4", "d7d5"] {
    ///     pos.play_uci(text)?;
    /// }
    /// assert_eq!(pos.material_key(), start.material_key());
    /// pos.play_uci("e4d5")?;
    /// assert_ne!(pos.material_key(), start.material_key()); // a black pawn fewer
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn material_key(&self) -> u64 {
        self.state().material_key
    }

    /// The Zobrist key of knights and bishops.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let start = Position::startpos();
    /// let mut pos = start.clone();
    /// pos.play_uci("e2e4")?;
    /// assert_eq!(pos.minor_piece_key(), start.minor_piece_key());
    /// pos.play_uci("b8c6")?;
    /// assert_ne!(pos.minor_piece_key(), start.minor_piece_key());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn minor_piece_key(&self) -> u64 {
        self.state().minor_piece_key
    }

    /// The Zobrist key of `color`'s non-pawn pieces.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Color;
    /// let start = Position::startpos();
    /// let mut pos = start.clone();
    /// pos.play_uci("g1f3")?;
    /// assert_ne!(pos.non_pawn_key(Color::White), start.non_pawn_key(Color::White));
    /// assert_eq!(pos.non_pawn_key(Color::Black), start.non_pawn_key(Color::Black));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn non_pawn_key(&self, color: Color) -> u64 {
        self.state().non_pawn_key[color]
    }

    /// The value of `color`'s knights, bishops, rooks and queens.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Color;
    /// // Two knights, two bishops, two rooks and a queen: 2*781 + 2*825 + 2*1276 + 2538.
    /// assert_eq!(Position::startpos().non_pawn_material(Color::White), 8302);
    /// ```
    #[inline]
    pub fn non_pawn_material(&self, color: Color) -> Value {
        self.state().non_pawn_material[color]
    }

    // ----- attacks and checks -----

    /// Pieces of both colours that attack `sq`, with `occupied` as the board's occupancy
    /// (pass a modified set to see through pieces that are about to move).
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_position::Position;
    /// use lerf_types::Square;
    /// let pos = Position::startpos();
    /// let attackers = pos.attackers_to(Square::F3, pos.occupied());
    /// assert_eq!(attackers, Bitboard::from(Square::E2) | Square::G2 | Square::G1);
    /// ```
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (pawn_attacks(Color::Black, sq) & self.pieces(Color::White, PieceType::Pawn))
            | (pawn_attacks(Color::White, sq) & self.pieces(Color::Black, PieceType::Pawn))
            | (knight_attacks(sq) & self.by_type[PieceType::Knight as usize])
            | (rook_attacks(sq, occupied) & self.pieces_of_types(PieceType::Rook, PieceType::Queen))
            | (bishop_attacks(sq, occupied)
                & self.pieces_of_types(PieceType::Bishop, PieceType::Queen))
            | (king_attacks(sq) & self.by_type[PieceType::King as usize])
    }

    /// Whether any piece of `by` attacks `sq` given `occupied`.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{Color, Square};
    /// let pos = Position::startpos();
    /// assert!(pos.is_attacked_by(Square::F3, Color::White, pos.occupied()));
    /// assert!(!pos.is_attacked_by(Square::F3, Color::Black, pos.occupied()));
    /// ```
    #[inline]
    pub fn is_attacked_by(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.by_color[by];
        (pawn_attacks(!by, sq) & them & self.by_type[PieceType::Pawn as usize]).any()
            || (knight_attacks(sq) & them & self.by_type[PieceType::Knight as usize]).any()
            || (king_attacks(sq) & them & self.by_type[PieceType::King as usize]).any()
            || (rook_attacks(sq, occupied)
                & them
                & self.pieces_of_types(PieceType::Rook, PieceType::Queen))
            .any()
            || (bishop_attacks(sq, occupied)
                & them
                & self.pieces_of_types(PieceType::Bishop, PieceType::Queen))
            .any()
    }

    /// Pieces giving check to the side to move.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_position::Position;
    /// use lerf_types::Square;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1")?;
    /// assert_eq!(pos.checkers(), Bitboard::from(Square::H1));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.state().checkers
    }

    /// Whether the side to move is in check.
    ///
    /// ```
    /// use lerf_position::Position;
    /// assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1")?.in_check());
    /// assert!(!Position::startpos().in_check());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn in_check(&self) -> bool {
        self.state().checkers.any()
    }

    /// Pieces of either colour that alone shield `color`'s king from an enemy slider: moving
    /// one of them (of `color`) may expose the king; moving one of the enemy's gives a
    /// discovered check.
    ///
    /// Kept for the side to move; for the other side it is computed when asked (a blockers
    /// scan). A search that asks at every node reads it from [`check_info`](Position::check_info).
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_position::Position;
    /// use lerf_types::{Color, Square};
    /// // The bishop on e2 is pinned by the rook on e7.
    /// let pos = Position::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")?;
    /// assert_eq!(pos.blockers_for_king(Color::White), Bitboard::from(Square::E2));
    /// assert_eq!(pos.blockers_for_king(Color::Black), Bitboard::EMPTY);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn blockers_for_king(&self, color: Color) -> Bitboard {
        if color == self.side_to_move {
            self.state().blockers
        } else {
            self.slider_blockers(color).0
        }
    }

    /// `color`'s sliders that pin a piece to the other king.
    ///
    /// Kept for the side not to move (the pins on the side to move); for the side to move it
    /// is computed when asked, or read from [`check_info`](Position::check_info).
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_position::Position;
    /// use lerf_types::{Color, Square};
    /// let pos = Position::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")?;
    /// assert_eq!(pos.pinners(Color::Black), Bitboard::from(Square::E7));
    /// assert_eq!(pos.pinners(Color::White), Bitboard::EMPTY);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn pinners(&self, color: Color) -> Bitboard {
        if color != self.side_to_move {
            self.state().pinners
        } else {
            self.slider_blockers(!color).1
        }
    }

    /// Squares from which a piece of type `pt` of the side to move would give check: one
    /// attack lookup from the enemy king. [`check_info`](Position::check_info) has all of them.
    ///
    /// ```
    /// use lerf_bitboard::knight_attacks;
    /// use lerf_position::Position;
    /// use lerf_types::{PieceType, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")?;
    /// assert_eq!(pos.check_squares(PieceType::Knight), knight_attacks(Square::E8));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn check_squares(&self, pt: PieceType) -> Bitboard {
        let them = !self.side_to_move;
        let ksq = self.king_square(them);
        match pt {
            PieceType::Pawn => pawn_attacks(them, ksq),
            PieceType::King => Bitboard::EMPTY,
            pt => lerf_magics::attacks(pt, ksq, self.occupied()),
        }
    }

    // ----- changing the board (no keys) -----

    #[inline]
    pub(crate) fn put_piece(&mut self, piece: Piece, sq: Square) {
        self.board[sq as usize] = Some(piece);
        self.by_type[0] |= sq;
        self.by_type[piece.piece_type() as usize] |= sq;
        self.by_color[piece.color()] |= sq;
        self.piece_count[piece as usize] += 1;
        if piece.piece_type() == PieceType::King {
            self.king_squares[piece.color()] = sq;
        }
    }

    /// Fills the bitboards, counts and king squares from one bitboard per piece (indexed by
    /// `Piece as usize`), for set-up: the board array is the caller's.
    pub(crate) fn set_piece_bitboards(&mut self, by_piece: &[Bitboard; 16]) {
        for pc in Piece::ALL {
            let bb = by_piece[pc as usize];
            let (color, pt) = (pc.color(), pc.piece_type());
            self.by_type[0] |= bb;
            self.by_type[pt as usize] |= bb;
            self.by_color[color] |= bb;
            // At most 64 squares, so the count fits a u8.
            self.piece_count[pc as usize] = bb.popcount() as u8;
            if pt == PieceType::King {
                self.king_squares[color] = bb.lsb().unwrap_or(Square::A1);
            }
        }
    }

    #[inline]
    pub(crate) fn remove_piece(&mut self, piece: Piece, sq: Square) {
        self.board[sq as usize] = None;
        self.by_type[0] ^= sq;
        self.by_type[piece.piece_type() as usize] ^= sq;
        self.by_color[piece.color()] ^= sq;
        self.piece_count[piece as usize] -= 1;
    }

    #[inline]
    pub(crate) fn move_piece(&mut self, piece: Piece, from: Square, to: Square) {
        let from_to = Bitboard::from(from) | to;
        self.board[from as usize] = None;
        self.board[to as usize] = Some(piece);
        self.by_type[0] ^= from_to;
        self.by_type[piece.piece_type() as usize] ^= from_to;
        self.by_color[piece.color()] ^= from_to;
        if piece.piece_type() == PieceType::King {
            self.king_squares[piece.color()] = to;
        }
    }

    // ----- check information -----

    /// For `color`'s king: the pieces that alone block an enemy slider's line to it, the
    /// enemy sliders pinning a piece of `color`, and the enemy sliders giving check (nothing
    /// between them and the king).
    pub(crate) fn slider_blockers(&self, color: Color) -> (Bitboard, Bitboard, Bitboard) {
        let ksq = self.king_square(color);
        let them = self.by_color[!color];
        let snipers = ((rook_pseudo_attacks(ksq)
            & self.pieces_of_types(PieceType::Rook, PieceType::Queen))
            | (bishop_pseudo_attacks(ksq)
                & self.pieces_of_types(PieceType::Bishop, PieceType::Queen)))
            & them;
        let occupancy = self.occupied() ^ snipers;
        let (mut blockers, mut pinners, mut checkers) =
            (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        for sniper in snipers {
            let line = between(ksq, sniper);
            let b = line & occupancy;
            if b.is_empty() {
                // Nothing but possibly another sniper in between: a check only if nothing at all.
                if !line.intersects(snipers) {
                    checkers |= sniper;
                }
            } else if !b.more_than_one() {
                blockers |= b;
                if b.intersects(self.by_color[color]) {
                    pinners |= sniper;
                }
            }
        }
        (blockers, pinners, checkers)
    }

    /// Recomputes the checkers, and the side to move's blockers and pinners, into the
    /// current state. The slider checkers come out of the same scan as the pins.
    #[inline(always)]
    pub(crate) fn set_check_info(&mut self) {
        let us = self.side_to_move;
        let them = !us;
        let (blockers, pinners, slider_checkers) = self.slider_blockers(us);
        let ksq = self.king_square(us);
        let checkers = slider_checkers
            | (pawn_attacks(us, ksq) & self.pieces(them, PieceType::Pawn))
            | (knight_attacks(ksq) & self.pieces(them, PieceType::Knight));
        let st = self.state_mut();
        st.checkers = checkers;
        st.blockers = blockers;
        st.pinners = pinners;
    }

    // ----- from-scratch computations (set-up, validation) -----

    /// The XOR of the Zobrist keys of each piece's squares, indexed by `Piece as usize`.
    pub(crate) fn piece_keys(&self) -> [u64; 16] {
        let mut keys = [0u64; 16];
        for pc in Piece::ALL {
            for sq in self.pieces(pc.color(), pc.piece_type()) {
                keys[pc as usize] ^= zobrist::psq(pc, sq);
            }
        }
        keys
    }

    /// Writes into the current state the keys and material that the board, side to move,
    /// castling rights and en-passant square give, from each piece's key (see
    /// [`piece_keys`](Position::piece_keys)): for set-up, and (on a copy) for checking the
    /// incremental versions.
    pub(crate) fn set_keys_from(&mut self, piece_keys: &[u64; 16]) {
        let mut key = zobrist::side_key(self.side_to_move);
        let mut pawn_key = zobrist::no_pawns();
        let (mut material_key, mut minor_key) = (0, 0);
        let mut non_pawn_key = [0u64; 2];
        let mut non_pawn_material = [0; 2];
        for pc in Piece::ALL {
            let (piece_key, count) = (piece_keys[pc as usize], self.piece_count[pc as usize]);
            key ^= piece_key;
            material_key ^= zobrist::material(pc, count);
            match pc.piece_type() {
                PieceType::Pawn => pawn_key ^= piece_key,
                pt => {
                    non_pawn_key[pc.color() as usize] ^= piece_key;
                    non_pawn_material[pc.color() as usize] += piece_value(pt) * Value::from(count);
                    if matches!(pt, PieceType::Knight | PieceType::Bishop) {
                        minor_key ^= piece_key;
                    }
                }
            }
        }
        let st = self.state_mut();
        key ^= zobrist::castling(st.castling_rights);
        if let Some(ep) = st.ep_square {
            key ^= zobrist::en_passant(ep);
        }
        st.key = key;
        st.pawn_key = pawn_key;
        st.material_key = material_key;
        st.minor_piece_key = minor_key;
        st.non_pawn_key = ByColor::new(non_pawn_key[0], non_pawn_key[1]);
        st.non_pawn_material = ByColor::new(non_pawn_material[0], non_pawn_material[1]);
    }

    /// The pieces giving check to the side to move, found from scratch.
    pub(crate) fn compute_checkers(&self) -> Bitboard {
        let us = self.side_to_move;
        self.attackers_to(self.king_square(us), self.occupied()) & self.by_color[!us]
    }
}
