//! What the legal move generator reads from a position: [`MoveSource`], implemented by the
//! engine's [`Position`] (which keeps its check information up to date at every move) and
//! by [`CheckedBoard`], a [`Board`] with that information computed once (for walks that
//! copy a light board rather than make and unmake moves on a `Position`, as perft does).

use lerf_bitboard::{
    Bitboard, between, bishop_pseudo_attacks, king_attacks, knight_attacks, pawn_attacks,
    rook_pseudo_attacks,
};
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_position::{Board, CastlingSquares, Position, castling_uncovers_king};
use lerf_types::{CastlingRights, CastlingSide, Color, Move, PieceType, Square};

/// A castling that the side to move holds the right to and that nothing stands in the way
/// of; whether the squares the king crosses are attacked is the generator's to find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CastlingCandidate {
    /// The rook's square (castling is encoded as the king taking it).
    pub rook: Square,
    /// The squares the king crosses and lands on (its own square left out).
    pub king_path: Bitboard,
}

/// A position as the legal move generator reads it: its pieces, the check and pin
/// information of the side to move, and castling and en passant.
///
/// Implemented by [`Position`] and by [`CheckedBoard`]; an engine with a board of its own
/// can implement it to use lerf's generator ([`legal_moves_of`](crate::legal_moves_of),
/// [`count_legal_of`](crate::count_legal_of)).
pub trait MoveSource {
    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// Every occupied square.
    fn occupied(&self) -> Bitboard;
    /// The pieces of `color`.
    fn pieces_of(&self, color: Color) -> Bitboard;
    /// The pieces of type `pt` of either colour.
    fn pieces_of_type(&self, pt: PieceType) -> Bitboard;
    /// The king of `color`'s square.
    fn king_square(&self, color: Color) -> Square;
    /// The enemy pieces giving check to the side to move.
    fn checkers(&self) -> Bitboard;
    /// The side to move's pieces that alone shield its king from an enemy slider.
    fn pinned(&self) -> Bitboard;
    /// The en passant square, set only when a capture onto it is legal.
    fn ep_square(&self) -> Option<Square>;
    /// Whether `m`, an en passant capture of the side to move, leaves its king safe.
    fn en_passant_is_legal(&self, m: Move) -> bool;
    /// The castling rights of both sides.
    fn castling_rights(&self) -> CastlingRights;
    /// The side to move's castling on `side`, when the right is held and the squares king
    /// and rook cross are empty.
    fn castling_candidate(&self, side: CastlingSide) -> Option<CastlingCandidate>;
    /// Whether castling follows Chess960's rules.
    fn is_chess960(&self) -> bool;

    /// The side to move's castlings that are candidates
    /// ([`castling_candidate`](Self::castling_candidate)), the king's side first; asked
    /// only when the side to move holds a right and is not in check.
    #[inline(always)]
    fn castling_candidates(&self) -> [Option<CastlingCandidate>; 2] {
        // Through `array::map`, which the compiler keeps out of line: written out as two
        // calls, Position's longer castling test made its perft walk 7% more instructions.
        CastlingSide::ALL.map(|side| self.castling_candidate(side))
    }

    /// Whether the side to move holds any castling right (most positions of a game do not:
    /// the generator asks this first).
    #[inline(always)]
    fn side_to_move_may_castle(&self) -> bool {
        self.castling_rights().intersects(CastlingRights::for_color(self.side_to_move()))
    }

    /// Squares `them` attacks with the king of the side to move (on `ksq`) taken off the
    /// board. The generator reads the answer only on the king's neighbouring squares and
    /// on the squares its castlings cross: a source that knows which of `them`'s pieces
    /// can reach those may leave the others out. The default looks at every piece.
    #[inline(always)]
    fn attacks_near_king(&self, ksq: Square, them: Color) -> Bitboard {
        enemy_attacks(self, ksq, them)
    }

    /// The pieces of `color` and type `pt`.
    #[inline(always)]
    fn pieces(&self, color: Color, pt: PieceType) -> Bitboard {
        self.pieces_of(color) & self.pieces_of_type(pt)
    }
}

impl MoveSource for Position {
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        Position::occupied(self)
    }
    #[inline(always)]
    fn pieces_of(&self, color: Color) -> Bitboard {
        Position::pieces_of(self, color)
    }
    #[inline(always)]
    fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        Position::pieces_of_type(self, pt)
    }
    #[inline(always)]
    fn king_square(&self, color: Color) -> Square {
        Position::king_square(self, color)
    }
    #[inline(always)]
    fn checkers(&self) -> Bitboard {
        Position::checkers(self)
    }
    #[inline(always)]
    fn pinned(&self) -> Bitboard {
        let us = Position::side_to_move(self);
        self.blockers_for_king(us) & Position::pieces_of(self, us)
    }
    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        Position::ep_square(self)
    }
    #[inline(always)]
    fn en_passant_is_legal(&self, m: Move) -> bool {
        self.is_legal(m)
    }
    #[inline(always)]
    fn castling_rights(&self) -> CastlingRights {
        Position::castling_rights(self)
    }
    #[inline(always)]
    fn castling_candidate(&self, side: CastlingSide) -> Option<CastlingCandidate> {
        let us = Position::side_to_move(self);
        if !self.can_castle(us, side) || self.castling_impeded(us, side) {
            return None;
        }
        let rook = self.castling_rook_square(us, side)?;
        Some(CastlingCandidate { rook, king_path: self.castling_king_path(us, side) })
    }
    #[inline(always)]
    fn is_chess960(&self) -> bool {
        Position::is_chess960(self)
    }
}

/// A [`Board`] with the side to move's checkers and pinned pieces computed, ready for the
/// legal move generator: what a [`Position`] keeps up to date at every move, found here
/// once for the board as it is. A walk that copies boards (copy-make) pays for no Zobrist
/// keys and no undo stack.
///
/// ```
/// use lerf_movegen::{CheckedBoard, count_legal_of, legal_moves_of};
/// use lerf_position::Board;
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let checked = CheckedBoard::new(&board);
/// assert_eq!(count_legal_of(&checked), 48);
/// assert_eq!(legal_moves_of(&checked).len(), 48);
/// # Ok::<(), lerf_position::FenError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct CheckedBoard<'a> {
    board: &'a Board,
    checkers: Bitboard,
    pinned: Bitboard,
}

impl<'a> CheckedBoard<'a> {
    /// `board` with its check information.
    #[inline(always)]
    pub fn new(board: &'a Board) -> CheckedBoard<'a> {
        CheckedBoard::for_side(board, board.side_to_move())
    }

    /// [`new`](CheckedBoard::new) for a walk that knows the side to move, `us`, without
    /// reading it (a constant once inlined).
    #[inline(always)]
    pub(crate) fn for_side(board: &'a Board, us: Color) -> CheckedBoard<'a> {
        debug_assert_eq!(us, board.side_to_move());
        let (checkers, pinned) = check_information(board, us);
        CheckedBoard { board, checkers, pinned }
    }

    /// The board.
    #[inline(always)]
    pub fn board(&self) -> &'a Board {
        self.board
    }
}

impl MoveSource for CheckedBoard<'_> {
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        self.board.occupied()
    }
    #[inline(always)]
    fn pieces_of(&self, color: Color) -> Bitboard {
        self.board.pieces_of(color)
    }
    #[inline(always)]
    fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        self.board.pieces_of_type(pt)
    }
    #[inline(always)]
    fn king_square(&self, color: Color) -> Square {
        self.board.king_square(color)
    }
    #[inline(always)]
    fn checkers(&self) -> Bitboard {
        self.checkers
    }
    #[inline(always)]
    fn pinned(&self) -> Bitboard {
        self.pinned
    }
    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        self.board.ep_square()
    }
    #[inline(always)]
    fn en_passant_is_legal(&self, m: Move) -> bool {
        self.board.leaves_king_safe(m)
    }
    #[inline(always)]
    fn castling_rights(&self) -> CastlingRights {
        self.board.castling_rights()
    }
    #[inline(always)]
    fn castling_candidate(&self, side: CastlingSide) -> Option<CastlingCandidate> {
        let rook = self.board.castling_rook_square(self.board.side_to_move(), side)?;
        castling_candidate_with(self, side, rook)
    }
    #[inline(always)]
    fn is_chess960(&self) -> bool {
        self.board.is_chess960()
    }
    #[inline(always)]
    fn side_to_move_may_castle(&self) -> bool {
        holds_castling_rook(self.board, self.board.side_to_move())
    }
}

/// Whether `us` holds a castling right on `board` (its castling rook on either side).
#[inline(always)]
pub(crate) fn holds_castling_rook(board: &Board, us: Color) -> bool {
    board.castling_rook_square(us, CastlingSide::King).is_some()
        || board.castling_rook_square(us, CastlingSide::Queen).is_some()
}

/// The side to move's castling on `side` with the rook on `rook` (whose right it holds),
/// when the squares king and rook cross are empty.
#[inline(always)]
pub(crate) fn castling_candidate_with<P: MoveSource + ?Sized>(
    pos: &P,
    side: CastlingSide,
    rook: Square,
) -> Option<CastlingCandidate> {
    let us = pos.side_to_move();
    // In standard chess a right means king and rook on their first squares, whose paths
    // are known; in Chess960 they are found from where the two stand.
    let (path, king_path) = if pos.is_chess960() {
        let squares = CastlingSquares::new(pos.king_square(us), rook);
        (squares.path, squares.king_path)
    } else {
        standard_castling(us, side)
    };
    if pos.occupied().intersects(path) {
        return None;
    }
    Some(CastlingCandidate { rook, king_path })
}

/// Where the pieces stand: what [`check_information`] reads, from a [`Board`] or from any
/// [`MoveSource`].
pub(crate) trait PieceSets {
    /// Every occupied square.
    fn occupied(&self) -> Bitboard;
    /// The pieces of `color`.
    fn pieces_of(&self, color: Color) -> Bitboard;
    /// The pieces of type `pt` of either colour.
    fn pieces_of_type(&self, pt: PieceType) -> Bitboard;
    /// The king of `color`'s square.
    fn king_square(&self, color: Color) -> Square;
}

impl<P: MoveSource> PieceSets for P {
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        MoveSource::occupied(self)
    }
    #[inline(always)]
    fn pieces_of(&self, color: Color) -> Bitboard {
        MoveSource::pieces_of(self, color)
    }
    #[inline(always)]
    fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        MoveSource::pieces_of_type(self, pt)
    }
    #[inline(always)]
    fn king_square(&self, color: Color) -> Square {
        MoveSource::king_square(self, color)
    }
}

impl PieceSets for Board {
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        Board::occupied(self)
    }
    #[inline(always)]
    fn pieces_of(&self, color: Color) -> Bitboard {
        Board::pieces_of(self, color)
    }
    #[inline(always)]
    fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        Board::pieces_of_type(self, pt)
    }
    #[inline(always)]
    fn king_square(&self, color: Color) -> Square {
        Board::king_square(self, color)
    }
}

/// The enemy pieces that check `us`'s king on `pos`, and `us`'s pieces pinned to it: what
/// [`MoveSource::checkers`] and [`MoveSource::pinned`] give, found from the pieces alone.
#[inline(always)]
pub(crate) fn check_information<P: PieceSets>(pos: &P, us: Color) -> (Bitboard, Bitboard) {
    let them = !us;
    let ksq = pos.king_square(us);
    let occupied = pos.occupied();
    let theirs = pos.pieces_of(them);
    let queens = pos.pieces_of_type(PieceType::Queen);
    let rooks = pos.pieces_of_type(PieceType::Rook) | queens;
    let bishops = pos.pieces_of_type(PieceType::Bishop) | queens;
    let close = (pawn_attacks(us, ksq) & pos.pieces_of_type(PieceType::Pawn))
        | (knight_attacks(ksq) & pos.pieces_of_type(PieceType::Knight));
    // Sliders that would attack the king on an empty board: each checks it, pins the
    // one piece between, or is blocked by more.
    let snipers =
        ((rook_pseudo_attacks(ksq) & rooks) | (bishop_pseudo_attacks(ksq) & bishops)) & theirs;
    let (checkers, pinned) = checks_and_pins(ksq, close & theirs, snipers, occupied);
    (checkers, pinned & pos.pieces_of(us))
}

/// The checkers of the king on `ksq` (`close`, the pawns and knights that check it, and
/// those of `snipers`, the enemy sliders on its lines, that nothing blocks), and the pieces
/// of either colour that alone stand between the king and a sniper.
#[inline(always)]
pub(crate) fn checks_and_pins(
    ksq: Square,
    close: Bitboard,
    snipers: Bitboard,
    occupied: Bitboard,
) -> (Bitboard, Bitboard) {
    let (mut checkers, mut pinned) = (close, Bitboard::EMPTY);
    for sniper in snipers {
        let between = between(ksq, sniper) & occupied;
        if between.is_empty() {
            checkers |= sniper;
        } else if !between.more_than_one() {
            pinned |= between;
        }
    }
    (checkers, pinned)
}

/// Standard chess's castling squares by colour and side: the squares that must be empty,
/// and those the king crosses and lands on.
#[inline(always)]
pub(crate) fn standard_castling(us: Color, side: CastlingSide) -> (Bitboard, Bitboard) {
    const fn bits(squares: &[Square]) -> Bitboard {
        let mut b = 0u64;
        let mut i = 0;
        while i < squares.len() {
            b |= 1 << squares[i] as u64;
            i += 1;
        }
        Bitboard(b)
    }
    use Square::*;
    const TABLE: [(Bitboard, Bitboard); 4] = [
        (bits(&[F1, G1]), bits(&[F1, G1])),
        (bits(&[B1, C1, D1]), bits(&[C1, D1])),
        (bits(&[F8, G8]), bits(&[F8, G8])),
        (bits(&[B8, C8, D8]), bits(&[C8, D8])),
    ];
    TABLE[2 * us as usize + side as usize]
}

/// Whether, after `us` castles with the rook on `rook`, that rook's leaving its square
/// uncovers an enemy rook or queen on the king's new rank (Chess960 only: the rook may have
/// stood between them).
#[inline(always)]
pub(crate) fn castling_rook_shields_king<P: MoveSource + ?Sized>(
    pos: &P,
    us: Color,
    king: Square,
    rook: Square,
) -> bool {
    let enemy_straight = (pos.pieces_of_type(PieceType::Rook)
        | pos.pieces_of_type(PieceType::Queen))
        & pos.pieces_of(!us);
    castling_uncovers_king(king, rook, pos.occupied(), enemy_straight)
}

/// Squares `them` attacks, computed with `us`'s king (on `ksq`) taken off the board (a
/// slider's ray does not stop at the king that flees along it).
///
/// Every slider's attacks are looked up, also those of sliders that cannot reach the
/// king's squares: a test per slider skipped a lookup but was mispredicted often where
/// checks are frequent (position 4: without it, 22% fewer mispredicted branches in
/// cachegrind's model and the walk 5-9% faster there, docs/performance.md). A caller that
/// knows, once for many boards, where the pieces that matter can stand gives those squares
/// to [`enemy_attacks_from`] instead.
#[inline(always)]
pub(crate) fn enemy_attacks<P: MoveSource + ?Sized>(pos: &P, ksq: Square, them: Color) -> Bitboard {
    enemy_attacks_from(pos, ksq, them, [Bitboard::FULL; 3])
}

/// [`enemy_attacks`] from `them`'s pawns and king, and from only those of its knights,
/// bishops or queens, and rooks or queens that stand on `reach` (in that order).
#[inline(always)]
pub(crate) fn enemy_attacks_from<P: MoveSource + ?Sized>(
    pos: &P,
    ksq: Square,
    them: Color,
    reach: [Bitboard; 3],
) -> Bitboard {
    let [knight_reach, diagonal_reach, straight_reach] = reach;
    let occupied = pos.occupied() ^ ksq;
    let theirs = pos.pieces_of(them);
    let mut attacked =
        pos.pieces(them, PieceType::Pawn).pawn_attacks(them) | king_attacks(pos.king_square(them));
    for sq in pos.pieces(them, PieceType::Knight) & knight_reach {
        attacked |= knight_attacks(sq);
    }
    let queens = pos.pieces_of_type(PieceType::Queen);
    for sq in (pos.pieces_of_type(PieceType::Bishop) | queens) & theirs & diagonal_reach {
        attacked |= bishop_attacks(sq, occupied);
    }
    for sq in (pos.pieces_of_type(PieceType::Rook) | queens) & theirs & straight_reach {
        attacked |= rook_attacks(sq, occupied);
    }
    attacked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_table_is_what_castling_squares_finds() {
        use Square::*;
        for (us, side, king, rook) in [
            (Color::White, CastlingSide::King, E1, H1),
            (Color::White, CastlingSide::Queen, E1, A1),
            (Color::Black, CastlingSide::King, E8, H8),
            (Color::Black, CastlingSide::Queen, E8, A8),
        ] {
            let squares = CastlingSquares::new(king, rook);
            assert_eq!(standard_castling(us, side), (squares.path, squares.king_path));
        }
    }
}
