//! Fixed-capacity move lists on the stack, and the `MoveSink` trait generators write into.

use core::fmt;
use core::ops::{Deref, DerefMut};
use lerf_bitboard::Bitboard;
use lerf_types::{Move, PieceType, Square};

/// How many moves a list holds. No legal position has more than 218 moves, and positions
/// with more material than promotions can produce are refused when they are set up.
pub const MAX_MOVES: usize = 256;

/// Where a generator puts what it finds. Generators call the bulk methods with whole target
/// sets, so a sink that only counts (see [`MoveCounter`]) can add a popcount instead of
/// building each move.
pub trait MoveSink {
    /// Takes one move.
    fn push(&mut self, m: Move);

    /// Takes a normal move from `from` to every square of `targets`.
    #[inline]
    fn push_targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to));
        }
    }

    /// Takes a normal move of a `piece` (never a pawn) from `from` to every square of
    /// `targets`. Generators say which piece moves, so a sink that plays the moves
    /// (a search or a perft walk, say) need not look it up; by default, [`push_targets`].
    ///
    /// [`push_targets`]: MoveSink::push_targets
    #[inline]
    fn push_piece_moves(&mut self, piece: PieceType, from: Square, targets: Bitboard) {
        let _ = piece;
        self.push_targets(from, targets);
    }

    /// Takes a normal pawn move to every square of `targets`, each from `to - offset`.
    #[inline]
    fn push_pawn_moves(&mut self, targets: Bitboard, offset: i8) {
        for to in targets {
            self.push(Move::new(Square::from_index_wrapping((to as i8 - offset) as u8), to));
        }
    }

    /// Takes a promotion to each of `pieces` for every square of `targets`, each from
    /// `to - offset`.
    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, offset: i8, pieces: &[PieceType]) {
        for to in targets {
            let from = Square::from_index_wrapping((to as i8 - offset) as u8);
            for &pt in pieces {
                self.push(Move::promotion(from, to, pt));
            }
        }
    }
}

/// A list of up to [`MAX_MOVES`] moves on the stack: no allocation.
///
/// It dereferences to a slice, so `len`, indexing, `iter` and `contains` are the slice's.
///
/// ```
/// use lerf_movegen::{legal_moves, MoveList};
/// use lerf_position::Position;
/// let pos = Position::startpos();
/// let list: MoveList = legal_moves(&pos);
/// assert_eq!(list.len(), 20);
/// assert!(list.iter().any(|&m| pos.uci(m).to_string() == "g1f3"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    ///
    /// ```
    /// use lerf_movegen::MoveList;
    /// let list = MoveList::new();
    /// assert!(list.is_empty());
    /// ```
    #[inline]
    pub fn new() -> MoveList {
        MoveList { moves: [Move::NONE; MAX_MOVES], len: 0 }
    }

    /// The moves as a slice.
    ///
    /// ```
    /// use lerf_movegen::legal_moves;
    /// use lerf_position::Position;
    /// let moves = legal_moves(&Position::startpos());
    /// let slice: &[lerf_types::Move] = moves.as_slice();
    /// assert_eq!(slice.len(), 20);
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (to sort them, say).
    ///
    /// ```
    /// use lerf_movegen::legal_moves;
    /// use lerf_position::Position;
    /// let mut moves = legal_moves(&Position::startpos());
    /// moves.as_mut_slice().sort_by_key(|m| m.to());
    /// assert!(moves.windows(2).all(|w| w[0].to() <= w[1].to()));
    /// ```
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Removes every move.
    ///
    /// ```
    /// use lerf_movegen::legal_moves;
    /// use lerf_position::Position;
    /// let mut moves = legal_moves(&Position::startpos());
    /// moves.clear();
    /// assert!(moves.is_empty());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true.
    ///
    /// ```
    /// use lerf_movegen::legal_moves;
    /// use lerf_position::Position;
    /// let pos = Position::startpos();
    /// let mut moves = legal_moves(&pos);
    /// moves.retain(|m| pos.moved_piece(m).is_some_and(|pc| pc.piece_type() == lerf_types::PieceType::Knight));
    /// assert_eq!(moves.len(), 4);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES, "move list overflow");
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A move with a score, for engines that order moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// Its ordering score (higher first, by convention).
    pub score: i32,
}

/// A list of up to [`MAX_MOVES`] moves with a score each, on the stack.
///
/// ```
/// use lerf_movegen::{generate, GenType, ScoredMoveList};
/// use lerf_position::Position;
/// let pos = Position::startpos();
/// let mut list = ScoredMoveList::new();
/// generate(&pos, GenType::Legal, &mut list);
/// for entry in list.iter_mut() {
///     entry.score = i32::from(entry.mv.to() as u8); // any ordering heuristic
/// }
/// list.sort_by_score();
/// assert_eq!(list[0].mv.to().to_string(), "h4");
/// ```
#[derive(Clone)]
pub struct ScoredMoveList {
    moves: [ScoredMove; MAX_MOVES],
    len: usize,
}

impl ScoredMoveList {
    /// An empty list.
    ///
    /// ```
    /// use lerf_movegen::ScoredMoveList;
    /// assert!(ScoredMoveList::new().is_empty());
    /// ```
    pub fn new() -> ScoredMoveList {
        ScoredMoveList { moves: [ScoredMove::default(); MAX_MOVES], len: 0 }
    }

    /// Sorts by score, highest first (stable).
    ///
    /// ```
    /// use lerf_movegen::{GenType, ScoredMoveList, generate};
    /// use lerf_position::{Position, piece_value};
    /// let pos = Position::from_fen("4k3/8/8/3q1r2/4P3/8/8/4K3 w - - 0 1")?;
    /// let mut list = ScoredMoveList::new();
    /// generate(&pos, GenType::Captures, &mut list);
    /// for scored in list.iter_mut() {
    ///     let victim = pos.piece_on(scored.mv.to()).map_or(0, |pc| piece_value(pc.piece_type()));
    ///     scored.score = victim;
    /// }
    /// list.sort_by_score();
    /// assert_eq!(pos.uci(list[0].mv).to_string(), "e4d5"); // the queen first
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn sort_by_score(&mut self) {
        self.moves[..self.len].sort_by_key(|m| core::cmp::Reverse(m.score));
    }
}

impl Default for ScoredMoveList {
    fn default() -> Self {
        ScoredMoveList::new()
    }
}

impl MoveSink for ScoredMoveList {
    #[inline]
    fn push(&mut self, mv: Move) {
        debug_assert!(self.len < MAX_MOVES, "move list overflow");
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = ScoredMove { mv, score: 0 };
            self.len += 1;
        }
    }
}

impl Deref for ScoredMoveList {
    type Target = [ScoredMove];
    fn deref(&self) -> &[ScoredMove] {
        &self.moves[..self.len]
    }
}

impl DerefMut for ScoredMoveList {
    fn deref_mut(&mut self) -> &mut [ScoredMove] {
        &mut self.moves[..self.len]
    }
}

/// A sink that only counts: bulk pushes add a popcount.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline]
    fn push_targets(&mut self, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.popcount());
    }

    #[inline]
    fn push_pawn_moves(&mut self, targets: Bitboard, _: i8) {
        self.0 += u64::from(targets.popcount());
    }

    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, _: i8, pieces: &[PieceType]) {
        self.0 += u64::from(targets.popcount()) * pieces.len() as u64;
    }
}
