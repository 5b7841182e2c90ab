//! The children of perft's level above the leaves, made as plain bitboards: a child there
//! is only counted, so it needs its pieces, its check information and its side's castling,
//! not a whole [`Board`] (no copy of the parent's 88 bytes, no counters, no rights of the
//! side that just moved). Kept in locals, the compiler can hold it in registers.
//!
//! What the children of one parent share is found once ([`Siblings`]): the replying king's
//! square and lines, the other side's pieces on them, and the squares from which a piece
//! could attack the king's neighbourhood. Each child then changes only the moved piece's
//! part, and looks up the attacks of only those enemy pieces that can reach the king.

use core::marker::PhantomData;

use lerf_bitboard::{
    Bitboard, bishop_pseudo_attacks, king_attacks, knight_attacks, pawn_attacks,
    rook_pseudo_attacks,
};
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_position::{Board, CastlingSquares};
use lerf_types::{CastlingRights, CastlingSide, Color, Direction, Move, PieceType, Square};

use crate::side::Side;
use crate::source::{
    CastlingCandidate, MoveSource, castling_candidate_with, checks_and_pins, enemy_attacks_from,
    standard_castling,
};

/// What every [`LeafChild`] of one parent shares, found once for them all: where the king
/// of `S` (the side that replies) stands, which squares would check it, and the other
/// side's pieces that already check it or stand on its lines. A move changes these only
/// through the piece it moves.
pub(crate) struct Siblings<S: Side> {
    /// `S`'s king, which no move of the other side moves.
    king: Square,
    /// The other side's king.
    mover_king: Square,
    /// The squares from which a pawn or a knight of the other side checks the king.
    pawn_checks: Bitboard,
    knight_checks: Bitboard,
    /// The king's lines on an empty board, straight and diagonal.
    straight: Bitboard,
    diagonal: Bitboard,
    /// The other side's pawns and knights that check the king on the parent (none on a
    /// legal board), and its sliders on the king's lines.
    close: Bitboard,
    snipers: Bitboard,
    /// The squares from which a knight, a rook or queen, a bishop or queen could attack a
    /// square next to the king or on its castling paths, on an empty board: the other
    /// side's pieces elsewhere need no look when those squares' attackers are counted.
    knight_reach: Bitboard,
    straight_reach: Bitboard,
    diagonal_reach: Bitboard,
    side: PhantomData<S>,
}

impl<S: Side> Siblings<S> {
    /// The facts of `parent`'s children (the other side to move on `parent`).
    #[inline(always)]
    pub(crate) fn of(parent: &Board) -> Self {
        let (us, mover) = (S::US, !S::US);
        let king = parent.king_square(us);
        let theirs = parent.pieces_of(mover);
        let (pawn_checks, knight_checks) = (pawn_attacks(us, king), knight_attacks(king));
        let (straight, diagonal) = (rook_pseudo_attacks(king), bishop_pseudo_attacks(king));
        let queens = parent.pieces_of_type(PieceType::Queen);
        let close = ((pawn_checks & parent.pieces_of_type(PieceType::Pawn))
            | (knight_checks & parent.pieces_of_type(PieceType::Knight)))
            & theirs;
        let snipers = ((straight & (parent.pieces_of_type(PieceType::Rook) | queens))
            | (diagonal & (parent.pieces_of_type(PieceType::Bishop) | queens)))
            & theirs;
        // The king's squares, and those its castlings cross (a child may lose a right, never
        // gain one).
        let mut zone = king_attacks(king);
        for side in CastlingSide::ALL {
            if let Some(rook) = parent.castling_rook_square(us, side) {
                zone |= if parent.is_chess960() {
                    CastlingSquares::new(king, rook).king_path
                } else {
                    standard_castling(us, side).1
                };
            }
        }
        let (mut knight_reach, mut straight_reach, mut diagonal_reach) =
            (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        for sq in zone {
            knight_reach |= knight_attacks(sq);
            straight_reach |= rook_pseudo_attacks(sq);
            diagonal_reach |= bishop_pseudo_attacks(sq);
        }
        Siblings {
            king,
            knight_reach,
            straight_reach,
            diagonal_reach,
            mover_king: parent.king_square(mover),
            pawn_checks,
            knight_checks,
            straight,
            diagonal,
            close,
            snipers,
            side: PhantomData,
        }
    }
}

/// `parent` after a move that is neither castling nor en passant (those move or take a
/// second piece: [`Board::do_move`] plays them), with `S` to move.
pub(crate) struct LeafChild<'a, S: Side> {
    /// What the siblings share.
    siblings: &'a Siblings<S>,
    /// By piece type, pawn (index 1) to king (index 6); index 0 unused.
    types: [Bitboard; 7],
    /// By colour.
    colors: [Bitboard; 2],
    /// The castling rooks of `S`, king side then queen side.
    rooks: [Option<Square>; 2],
    /// The square a double push crossed, when a pawn of `S` stands beside its landing
    /// square (whether taking en passant is legal is the generator's to ask).
    ep: Option<Square>,
    checkers: Bitboard,
    pinned: Bitboard,
    /// The kings of `S` and of the other side.
    kings: [Square; 2],
    parent: &'a Board,
    side: PhantomData<S>,
}

impl<'a, S: Side> LeafChild<'a, S> {
    /// `parent` (the other side to move) after its `piece` left `from` and a `placed`
    /// (the same piece, or what a pawn promotes to) arrived on `to`, taking whatever stood
    /// there; `double_push` when that was a pawn's two steps.
    #[inline(always)]
    pub(crate) fn after(
        parent: &'a Board,
        siblings: &'a Siblings<S>,
        from: Square,
        to: Square,
        piece: PieceType,
        placed: PieceType,
        double_push: bool,
    ) -> Self {
        let (us, mover) = (S::US, !S::US);
        debug_assert_eq!(parent.side_to_move(), mover);
        let landing = Bitboard::from(to);
        let path = landing | from;
        let mut types = [Bitboard::EMPTY; 7];
        for pt in PieceType::ALL {
            // Selects per type rather than indexes by the runtime `piece` and `placed`, so
            // that every type stays a register.
            let changed = if piece == placed {
                if pt == piece { path } else { Bitboard::EMPTY }
            } else {
                let left = if pt == piece { Bitboard::from(from) } else { Bitboard::EMPTY };
                left ^ if pt == placed { landing } else { Bitboard::EMPTY }
            };
            types[pt as usize] = (parent.pieces_of_type(pt) - landing) ^ changed;
        }
        let mut colors = [Bitboard::EMPTY; 2];
        colors[mover as usize] = parent.pieces_of(mover) ^ path;
        colors[us as usize] = parent.pieces_of(us) - landing;
        // A rook taken on its square takes its castling right with it.
        let rook = |side| parent.castling_rook_square(us, side).filter(|&rook| rook != to);
        let rooks = [rook(CastlingSide::King), rook(CastlingSide::Queen)];
        let ep = if double_push {
            let crossed = Square::from_index_wrapping((from as u8 + to as u8) / 2);
            let takers = pawn_attacks(mover, crossed)
                & types[PieceType::Pawn as usize]
                & colors[us as usize];
            takers.any().then_some(crossed)
        } else {
            None
        };
        // The check information, from the siblings' with the moved piece's part changed.
        let placed_bb = |pt| if placed == pt { landing } else { Bitboard::EMPTY };
        let close = (siblings.close - from)
            | (placed_bb(PieceType::Pawn) & siblings.pawn_checks)
            | (placed_bb(PieceType::Knight) & siblings.knight_checks);
        let snipers = (siblings.snipers - from)
            | ((placed_bb(PieceType::Rook) | placed_bb(PieceType::Queen)) & siblings.straight)
            | ((placed_bb(PieceType::Bishop) | placed_bb(PieceType::Queen)) & siblings.diagonal);
        let (checkers, pinned) =
            checks_and_pins(siblings.king, close, snipers, colors[0] | colors[1]);
        let mover_king = if piece == PieceType::King { to } else { siblings.mover_king };
        let mut kings = [siblings.king; 2];
        kings[mover as usize] = mover_king;
        LeafChild {
            siblings,
            types,
            colors,
            rooks,
            ep,
            checkers,
            pinned: pinned & colors[us as usize],
            kings,
            parent,
            side: PhantomData,
        }
    }
}

impl<S: Side> MoveSource for LeafChild<'_, S> {
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        S::US
    }
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }
    #[inline(always)]
    fn pieces_of(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }
    #[inline(always)]
    fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        self.types[pt as usize]
    }
    #[inline(always)]
    fn king_square(&self, color: Color) -> Square {
        self.kings[color as usize]
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
        self.ep
    }
    /// Whether `S`'s king is safe once the capture has taken the pawn beside it and landed
    /// behind it (kings never stand side by side, so the enemy king needs no look).
    #[inline(always)]
    fn en_passant_is_legal(&self, m: Move) -> bool {
        let (us, them) = (S::US, !S::US);
        let (from, to) = (m.from(), m.to());
        let Some(victim) = to.offset(Direction::up(them)) else { return false };
        let occupied = ((self.occupied() ^ from) - victim) | to;
        let theirs = self.colors[them as usize] - victim;
        let king = self.king_square(us);
        let queens = self.types[PieceType::Queen as usize];
        let attackers = (pawn_attacks(us, king) & self.types[PieceType::Pawn as usize])
            | (knight_attacks(king) & self.types[PieceType::Knight as usize])
            | (bishop_attacks(king, occupied) & (self.types[PieceType::Bishop as usize] | queens))
            | (rook_attacks(king, occupied) & (self.types[PieceType::Rook as usize] | queens));
        !attackers.intersects(theirs)
    }
    #[inline(always)]
    fn castling_rights(&self) -> CastlingRights {
        let right = |side, rook: Option<Square>| {
            if rook.is_some() { CastlingRights::new(S::US, side) } else { CastlingRights::empty() }
        };
        right(CastlingSide::King, self.rooks[0]) | right(CastlingSide::Queen, self.rooks[1])
    }
    #[inline(always)]
    fn castling_candidate(&self, side: CastlingSide) -> Option<CastlingCandidate> {
        castling_candidate_with(self, side, self.rooks[side as usize]?)
    }
    #[inline(always)]
    fn is_chess960(&self) -> bool {
        self.parent.is_chess960()
    }
    #[inline(always)]
    fn castling_candidates(&self) -> [Option<CastlingCandidate>; 2] {
        // Written out, so that the child is not handed to an out-of-line call (which
        // would keep it in memory).
        [self.castling_candidate(CastlingSide::King), self.castling_candidate(CastlingSide::Queen)]
    }
    #[inline(always)]
    fn side_to_move_may_castle(&self) -> bool {
        self.rooks[0].is_some() || self.rooks[1].is_some()
    }
    /// Only the pieces that can reach the king's squares or its castling paths on an empty
    /// board ([`Siblings`]) are looked at.
    #[inline(always)]
    fn attacks_near_king(&self, ksq: Square, them: Color) -> Bitboard {
        let reach = self.siblings;
        enemy_attacks_from(
            self,
            ksq,
            them,
            [reach.knight_reach, reach.diagonal_reach, reach.straight_reach],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal_moves_of;
    use crate::side::{BlackToMove, WhiteToMove};
    use crate::source::CheckedBoard;
    use lerf_position::Position;
    use lerf_types::MoveKind;

    /// Every move a leaf child is made for, two plies deep from `fen`: the child equals
    /// the board the move makes, as the generator reads it.
    fn check_children_of(fen: &str, chess960: bool) {
        let pos = if chess960 { Position::from_fen_960(fen) } else { Position::from_fen(fen) };
        let root = Board::from(&pos.unwrap());
        let mut checked = 0;
        for m in legal_moves_of(&CheckedBoard::new(&root)).iter() {
            let mut board = root;
            board.do_move(*m);
            checked += compare_children(&board);
        }
        assert!(checked > 0, "{fen}: no move checked");
    }

    fn compare_children(parent: &Board) -> usize {
        match parent.side_to_move() {
            Color::White => compare_children_for::<BlackToMove>(parent),
            Color::Black => compare_children_for::<WhiteToMove>(parent),
        }
    }

    /// Compares the leaf child of each of `parent`'s moves with the board it makes; `S` is
    /// the children's side to move.
    fn compare_children_for<S: Side>(parent: &Board) -> usize {
        let mut compared = 0;
        for &m in legal_moves_of(&CheckedBoard::new(parent)).iter() {
            // Castling and en passant are not leaf children; a king taken (possible only
            // on a board where a check was ignored) makes no board.
            let takes_king = parent.pieces_of_type(PieceType::King).contains(m.to());
            if matches!(m.kind(), MoveKind::Castling | MoveKind::EnPassant) || takes_king {
                continue;
            }
            let (from, to) = (m.from(), m.to());
            let piece = parent.piece_on(from).unwrap().piece_type();
            let double_push = piece == PieceType::Pawn && (from as u8).abs_diff(to as u8) == 16;
            let placed = if m.kind() == MoveKind::Promotion { m.promotion_type() } else { piece };
            let siblings = Siblings::of(parent);
            let child =
                LeafChild::<S>::after(parent, &siblings, from, to, piece, placed, double_push);
            let mut board = *parent;
            board.do_move(m);
            let expected = CheckedBoard::new(&board);
            let what = format!("{parent} then {}", m.to_uci(parent.is_chess960()));
            for pt in PieceType::ALL {
                assert_eq!(
                    MoveSource::pieces_of_type(&child, pt),
                    board.pieces_of_type(pt),
                    "{what}"
                );
            }
            for color in Color::ALL {
                assert_eq!(MoveSource::pieces_of(&child, color), board.pieces_of(color), "{what}");
            }
            assert_eq!(child.checkers(), expected.checkers(), "{what}");
            assert_eq!(child.pinned(), expected.pinned(), "{what}");
            let legal_ep = |legal: &dyn Fn(Move) -> bool, ep: Option<Square>| {
                ep.map_or(0, |ep| {
                    (pawn_attacks(!S::US, ep) & board.pieces(S::US, PieceType::Pawn))
                        .into_iter()
                        .filter(|&from| legal(Move::en_passant(from, ep)))
                        .count()
                })
            };
            // The board keeps the square only when a capture onto it is legal; the child
            // whenever a pawn stands beside, leaving legality to the generator.
            assert_eq!(
                legal_ep(&|m| child.en_passant_is_legal(m), child.ep_square()),
                legal_ep(&|m| expected.en_passant_is_legal(m), board.ep_square()),
                "{what}"
            );
            let kept = board.ep_square().is_none() || board.ep_square() == child.ep_square();
            assert!(kept, "{what}");
            assert_eq!(
                MoveSource::castling_rights(&child),
                expected.castling_rights() & CastlingRights::for_color(S::US),
                "{what}"
            );
            assert_eq!(
                child.side_to_move_may_castle(),
                expected.side_to_move_may_castle(),
                "{what}"
            );
            assert_eq!(child.castling_candidates(), expected.castling_candidates(), "{what}");
            // The attacks the generator reads: on the king's squares and castling paths.
            let ksq = board.king_square(S::US);
            let paths = child
                .castling_candidates()
                .iter()
                .flatten()
                .fold(king_attacks(ksq), |b, c| b | c.king_path);
            assert_eq!(
                child.attacks_near_king(ksq, !S::US) & paths,
                crate::source::enemy_attacks(&expected, ksq, !S::US) & paths,
                "{what}"
            );
            compared += 1;
        }
        compared
    }

    #[test]
    fn a_leaf_child_is_the_board_its_move_makes() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            check_children_of(fen, false);
        }
        // A board where the side that replies already stands in check, by a knight and by a
        // pawn: made by a move that ignored a check (`do_move` trusts its caller). The
        // children still match the boards their moves make.
        for (fen, ignoring) in [
            ("4k3/8/8/8/8/5n2/P7/4K3 w - - 0 1", Move::new(Square::A2, Square::A3)),
            ("4k3/8/8/8/8/8/P4p2/4K3 w - - 0 1", Move::new(Square::A2, Square::A4)),
        ] {
            let mut board: Board = fen.parse().unwrap();
            board.do_move(ignoring);
            assert!(compare_children(&board) > 0, "{fen} then {ignoring:?}");
        }
        // Chess960: rooks beside the king and a castling through the other rook's square.
        for fen in [
            "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w EBeb - 0 1",
            "rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1",
        ] {
            check_children_of(fen, true);
        }
    }
}
