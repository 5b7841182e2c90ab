//! [`LooseGame`]: a [`LooseBoard`] with its move stack, repetitions, draw claims and the
//! outcome, as python-chess's `Board` has them.

use super::board::LooseBoard;
use super::error::NotPseudoLegal;
use super::moves::LooseMove;
use alloc::vec::Vec;
use lerf_bitboard::Bitboard;
use lerf_position::{Outcome, Termination};
use lerf_types::Color;

/// What makes two positions the same for the repetition rules: the pieces, the side to
/// move, the castling rights and the en passant square when a capture there is legal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TranspositionKey {
    pieces: [Bitboard; 8],
    turn: Color,
    castling: Bitboard,
    ep: Option<lerf_types::Square>,
}

impl LooseBoard {
    /// The key the repetition rules compare.
    pub fn transposition_key(&self) -> TranspositionKey {
        let l = &self.layout;
        TranspositionKey {
            pieces: [
                l.pawns,
                l.knights,
                l.bishops,
                l.rooks,
                l.queens,
                l.kings,
                l.by_color[0],
                l.by_color[1],
            ],
            turn: self.turn,
            castling: self.clean_castling_rights(),
            ep: self.ep_square.filter(|_| self.has_legal_en_passant()),
        }
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move, not in check, has no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Whether `n` half-moves passed without a capture or pawn move and a move is left.
    fn is_halfmoves(&self, n: u32) -> bool {
        self.halfmove_clock >= n && self.has_legal_move()
    }

    /// The 75-move rule: 150 half-moves (the game is drawn).
    pub fn is_seventyfive_moves(&self) -> bool {
        self.is_halfmoves(150)
    }

    /// The 50-move rule holds: 100 half-moves and a move left.
    pub fn is_fifty_moves(&self) -> bool {
        self.is_halfmoves(100)
    }

    /// Whether the side to move may claim the 50-move rule: it holds, or 99 half-moves
    /// passed and a legal move that neither captures nor moves a pawn makes it hold.
    pub fn can_claim_fifty_moves(&self) -> bool {
        if self.is_fifty_moves() {
            return true;
        }
        self.halfmove_clock >= 99
            && self
                .legal_moves()
                .into_iter()
                .any(|m| !self.is_zeroing(m) && self.play_unchecked(m).is_fifty_moves())
    }
}

/// A game from some position: the board, and the boards before each move with the moves
/// played, so that [`pop`](LooseGame::pop) restores a position exactly and the repetition
/// rules can look back.
///
/// ```
/// use lerf_rules::LooseGame;
///
/// let mut game = LooseGame::default();
/// for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
///     game.push(uci.parse()?)?;
/// }
/// assert!(game.can_claim_threefold_repetition(), "f6g8 repeats the start a third time");
/// assert!(!game.is_repetition(3));
/// assert_eq!(game.pop().map(|m| m.to_string()), Some("f3g1".to_owned()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct LooseGame {
    board: LooseBoard,
    stack: Vec<(LooseBoard, LooseMove)>,
}

impl From<LooseBoard> for LooseGame {
    fn from(board: LooseBoard) -> LooseGame {
        LooseGame::new(board)
    }
}

impl LooseGame {
    /// A game starting from `board`, no moves played.
    pub fn new(mut board: LooseBoard) -> LooseGame {
        board.forget_played();
        LooseGame { board, stack: Vec::new() }
    }

    /// A game rebuilt from what [`history`](LooseGame::history) and
    /// [`board`](LooseGame::board) gave (for storage): each entry is a position and the
    /// move played from it.
    pub fn from_history(history: Vec<(LooseBoard, LooseMove)>, board: LooseBoard) -> LooseGame {
        LooseGame { board, stack: history }
    }

    /// The positions before each move, with the moves, first first.
    pub fn history(&self) -> &[(LooseBoard, LooseMove)] {
        &self.stack
    }

    /// The current position.
    #[inline]
    pub fn board(&self) -> &LooseBoard {
        &self.board
    }

    /// The current position, to change directly (the move stack is kept; call
    /// [`clear_stack`](LooseGame::clear_stack) after setting a position up).
    #[inline]
    pub fn board_mut(&mut self) -> &mut LooseBoard {
        &mut self.board
    }

    /// The moves played, first first, as the board wrote them (castling as the king's
    /// two-square step in standard chess).
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = LooseMove> + ExactSizeIterator + '_ {
        self.stack.iter().map(|&(_, m)| m)
    }

    /// Makes room for `moves` more moves on the stack (a reader about to play a game).
    pub fn reserve(&mut self, moves: usize) {
        self.stack.reserve(moves);
    }

    /// How many moves are on the stack.
    #[inline]
    pub fn len(&self) -> usize {
        self.stack.len()
    }

    /// Whether no move is on the stack.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.stack.is_empty()
    }

    /// The last move played.
    pub fn peek(&self) -> Option<LooseMove> {
        self.stack.last().map(|&(_, m)| m)
    }

    /// Forgets the moves played; the current position becomes the start.
    pub fn clear_stack(&mut self) {
        self.stack.clear();
        self.board.forget_played();
    }

    /// Plays a pseudo-legal or null move.
    ///
    /// # Errors
    ///
    /// [`NotPseudoLegal`] for any other move; the game is unchanged.
    pub fn push(&mut self, m: LooseMove) -> Result<(), NotPseudoLegal> {
        let m960 = self.board.checked_chess960(m)?;
        self.push_chess960(m960);
        Ok(())
    }

    /// Plays a move whatever it is, as python-chess's `push` does (see
    /// [`LooseBoard::play_unchecked`]).
    pub fn push_unchecked(&mut self, m: LooseMove) {
        self.push_chess960(self.board.to_chess960(m));
    }

    /// Records `m` as played and `next` as the position it made: for a variant, whose
    /// moves do more than [`LooseBoard::play_unchecked`] (an explosion, a drop from a
    /// pocket). [`pop`](LooseGame::pop) restores the position before, exactly.
    pub fn push_made(&mut self, m: LooseMove, next: LooseBoard) {
        let written = self.board.from_chess960(self.board.chess960, self.board.to_chess960(m));
        let before = core::mem::replace(&mut self.board, next);
        self.stack.push((before, written));
    }

    /// Plays a move with castling written as king takes rook; the stack keeps it as the
    /// board writes it.
    fn push_chess960(&mut self, m960: LooseMove) {
        let written = self.board.from_chess960(self.board.chess960, m960);
        self.stack.push((self.board, written));
        self.board.make_chess960(m960);
    }

    /// Takes back the last move and returns it (`None`, nothing changed, when there is
    /// none).
    pub fn pop(&mut self) -> Option<LooseMove> {
        let chess960 = self.board.chess960;
        let (before, m) = self.stack.pop()?;
        self.board = before;
        self.board.chess960 = chess960;
        self.board.played = !self.stack.is_empty();
        Some(m)
    }

    /// The position `depth` moves from the start of the stack, as python-chess sees it
    /// after popping back to it.
    fn board_at(&self, depth: usize) -> LooseBoard {
        if depth == self.stack.len() {
            return self.board;
        }
        let mut board = self.stack[depth].0;
        board.chess960 = self.board.chess960;
        board.played = depth > 0;
        board
    }

    /// The start position (the board before the first move on the stack).
    pub fn root(&self) -> LooseBoard {
        let mut root = self.board_at(0);
        root.played = false;
        root
    }

    /// A copy keeping only the last `moves` moves of the stack.
    pub fn copy_with_stack(&self, moves: usize) -> LooseGame {
        let keep = moves.min(self.stack.len());
        let stack = self.stack[self.stack.len() - keep..].to_vec();
        let mut board = self.board;
        board.played = !stack.is_empty();
        LooseGame { board, stack }
    }

    /// Whether at least `count - 1` earlier positions of the game stand on the current
    /// position's squares (python-chess's quick look before a repetition is searched for:
    /// a position that repeats has the same occupied squares).
    pub fn occupancy_repeats(&self, count: usize) -> bool {
        let occupied = self.board.layout.occupied;
        let same = self.stack.iter().filter(|(b, _)| b.layout.occupied == occupied);
        1 + same.take(count).count() >= count
    }

    /// Whether the current position occurred `count` times, counting back through the
    /// moves until one that cannot be undone (a capture, a pawn move, lost rights).
    pub fn is_repetition(&self, count: usize) -> bool {
        if !self.occupancy_repeats(count) {
            return false;
        }
        let key = self.board.transposition_key();
        let mut count = count;
        let mut depth = self.stack.len();
        loop {
            if count <= 1 {
                return true;
            }
            if depth < count - 1 {
                return false;
            }
            depth -= 1;
            let before = self.board_at(depth);
            if before.is_irreversible(self.stack[depth].1) {
                return false;
            }
            if before.transposition_key() == key {
                count -= 1;
            }
        }
    }

    /// Whether the side to move may claim a draw by threefold repetition: the position
    /// occurred three times, or a legal move makes it so.
    pub fn can_claim_threefold_repetition(&self) -> bool {
        let key = self.board.transposition_key();
        let mut seen = alloc::vec![key];
        for depth in (0..self.stack.len()).rev() {
            let before = self.board_at(depth);
            if before.is_irreversible(self.stack[depth].1) {
                break;
            }
            seen.push(before.transposition_key());
        }
        if seen.iter().filter(|&&k| k == key).count() >= 3 {
            return true;
        }
        self.board.legal_moves().into_iter().any(|m| {
            let after = self.board.play_unchecked(m).transposition_key();
            seen.iter().filter(|&&k| k == after).count() >= 2
        })
    }

    /// The fivefold repetition rule (automatic).
    pub fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// Whether the side to move may claim a draw (50 moves or threefold repetition).
    pub fn can_claim_draw(&self) -> bool {
        self.board.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// How the game stands by the rules (checkmate, insufficient material, stalemate, the
    /// 75-move rule, fivefold repetition; with `claim_draw` also the 50-move rule and
    /// threefold repetition), `None` while it goes on.
    pub fn outcome(&self, claim_draw: bool) -> Option<Outcome> {
        let b = &self.board;
        let draw = |termination| Some(Outcome { termination, winner: None });
        if b.is_checkmate() {
            return Some(Outcome { termination: Termination::Checkmate, winner: Some(!b.turn) });
        }
        if b.is_insufficient_material() {
            return draw(Termination::InsufficientMaterial);
        }
        if !b.has_legal_move() {
            return draw(Termination::Stalemate);
        }
        if b.is_seventyfive_moves() {
            return draw(Termination::SeventyFiveMoves);
        }
        if self.is_fivefold_repetition() {
            return draw(Termination::FivefoldRepetition);
        }
        if claim_draw {
            if b.can_claim_fifty_moves() {
                return draw(Termination::FiftyMoves);
            }
            if self.can_claim_threefold_repetition() {
                return draw(Termination::ThreefoldRepetition);
            }
        }
        None
    }
}
