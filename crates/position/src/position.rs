//! The position: board, bitboards, counts, castling data and the StateInfo stack. Its keys
//! are in `position_keys.rs`, its attacks and check information in `attacks.rs`, its
//! castling accessors in `castling.rs`.

use crate::state::StateInfo;
use alloc::{vec, vec::Vec};
use lerf_bitboard::Bitboard;
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
}
