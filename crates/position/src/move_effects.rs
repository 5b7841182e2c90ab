//! What a move would do, asked before it is played: whether it gives check
//! ([`Position::gives_check`], with a node's [`CheckInfo`] or without) and the key of the
//! position after it ([`Position::key_after`], for prefetching a hash table entry).

use crate::castling::castling_destinations;
use crate::check_info::CheckInfo;
use crate::do_move::en_passant_victim;
use crate::position::Position;
use crate::zobrist;
use lerf_bitboard::{Bitboard, aligned, pawn_attacks};
use lerf_magics::{attacks, bishop_attacks, rook_attacks};
use lerf_types::{Color, Move, MoveKind, Piece, PieceType, Square};

impl Position {
    /// Whether `m`, a pseudo-legal move, gives check. For any other move the answer means
    /// nothing (it never panics).
    ///
    /// This computes what it needs from the enemy king on each call (an attack lookup, and
    /// a blockers scan unless the move checks directly); a search asking for every move of a
    /// node builds a [`CheckInfo`] once and calls [`gives_check_with`](Position::gives_check_with).
    ///
    /// ```
    /// use lerf_position::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")?;
    /// assert!(pos.gives_check(pos.parse_uci("a1a8")?));
    /// assert!(!pos.gives_check(pos.parse_uci("a1a7")?));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn gives_check(&self, m: Move) -> bool {
        self.gives_check_from(
            m,
            |pt| self.check_squares(pt),
            || self.blockers_for_king(!self.side_to_move),
        )
    }

    /// [`gives_check`](Position::gives_check) with the node's [`CheckInfo`], which must be
    /// this position's.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")?;
    /// let info = pos.check_info(); // once per node, then for every move
    /// assert!(pos.gives_check_with(&info, pos.parse_uci("a1a8")?));
    /// assert!(!pos.gives_check_with(&info, pos.parse_uci("a1b1")?));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn gives_check_with(&self, info: &CheckInfo, m: Move) -> bool {
        self.gives_check_from(m, |pt| info.check_squares[pt as usize], || info.enemy_king_blockers)
    }

    #[inline(always)]
    fn gives_check_from(
        &self,
        m: Move,
        check_squares: impl FnOnce(PieceType) -> Bitboard,
        enemy_king_blockers: impl FnOnce() -> Bitboard,
    ) -> bool {
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        let Some(pc) = self.piece_on(from) else { return false };
        let ksq = self.king_square(!us);
        if m.kind() == MoveKind::Castling {
            let (king_to, rook_to) = castling_destinations(us, from, to);
            let after = (self.occupied() ^ from ^ to) | king_to | rook_to;
            let rooks =
                (self.pieces_of_types(PieceType::Rook, PieceType::Queen) & self.by_color[us] ^ to)
                    | rook_to;
            return self.sliders_see(ksq, after, rooks, self.diagonal_sliders(us));
        }
        if check_squares(pc.piece_type()).contains(to) {
            return true;
        }
        if enemy_king_blockers().contains(from) && !aligned(from, to, ksq) {
            return true;
        }
        match m.kind() {
            MoveKind::Promotion => {
                attacks(m.promotion_type(), to, self.occupied() ^ from).contains(ksq)
            }
            MoveKind::EnPassant => {
                let after = (self.occupied() ^ from ^ en_passant_victim(us, to)) | to;
                let rooks =
                    self.pieces_of_types(PieceType::Rook, PieceType::Queen) & self.by_color[us];
                self.sliders_see(ksq, after, rooks, self.diagonal_sliders(us))
            }
            _ => false,
        }
    }

    /// `us`'s bishops and queens.
    fn diagonal_sliders(&self, us: Color) -> Bitboard {
        self.pieces_of_types(PieceType::Bishop, PieceType::Queen) & self.by_color[us]
    }

    /// Whether one of `rooks` (orthogonal sliders) or `bishops` (diagonal sliders) sees `ksq`
    /// through `occupied`.
    fn sliders_see(
        &self,
        ksq: Square,
        occupied: Bitboard,
        rooks: Bitboard,
        bishops: Bitboard,
    ) -> bool {
        (rook_attacks(ksq, occupied) & rooks).any()
            || (bishop_attacks(ksq, occupied) & bishops).any()
    }

    /// The Zobrist key the position will have after the legal move `m`, without playing it
    /// (for prefetching a hash table). Equal to `key()` after `do_move(m)`; for a move that
    /// is not legal the answer means nothing (it never panics).
    ///
    /// ```
    /// use lerf_position::Position;
    /// let pos = Position::startpos();
    /// let m = pos.parse_uci("g1f3")?;
    /// let mut after = pos.clone();
    /// after.do_move(m);
    /// assert_eq!(pos.key_after(m), after.key());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn key_after(&self, m: Move) -> u64 {
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        let Some(pc) = self.piece_on(from) else { return self.key() };
        let st = self.state();
        let mut key = st.key ^ zobrist::side();
        if let Some(ep) = st.ep_square {
            key ^= zobrist::en_passant(ep);
        }
        let lost =
            self.castling_rights_mask[from as usize] | self.castling_rights_mask[to as usize];
        if st.castling_rights.intersects(lost) {
            key ^= zobrist::castling(st.castling_rights)
                ^ zobrist::castling(st.castling_rights - lost);
        }
        match m.kind() {
            MoveKind::Castling => {
                let rook = Piece::new(us, PieceType::Rook);
                let (king_to, rook_to) = castling_destinations(us, from, to);
                key ^= zobrist::psq(pc, from) ^ zobrist::psq(pc, king_to);
                key ^= zobrist::psq(rook, to) ^ zobrist::psq(rook, rook_to);
            }
            kind => {
                if kind == MoveKind::EnPassant {
                    key ^=
                        zobrist::psq(Piece::new(!us, PieceType::Pawn), en_passant_victim(us, to));
                } else if let Some(cap) = self.piece_on(to) {
                    key ^= zobrist::psq(cap, to);
                }
                let landed = if kind == MoveKind::Promotion {
                    Piece::new(us, m.promotion_type())
                } else {
                    pc
                };
                key ^= zobrist::psq(pc, from) ^ zobrist::psq(landed, to);
                if pc.piece_type() == PieceType::Pawn && (from as u8 ^ to as u8) == 16 {
                    let ep = Square::from_index_wrapping((from as u8 + to as u8) / 2);
                    if self.en_passant_possible_after_push(from, ep) {
                        key ^= zobrist::en_passant(ep);
                    }
                }
            }
        }
        key
    }

    /// Whether, after our double push `from`→`to` over `ep`, the opponent could legally
    /// capture en passant. Mirrors the test `do_move` makes, on the board as it would be.
    fn en_passant_possible_after_push(&self, from: Square, ep: Square) -> bool {
        let us = self.side_to_move;
        let them = !us;
        let their_king = self.king_square(them);
        (pawn_attacks(us, ep) & self.pieces(them, PieceType::Pawn)).into_iter().any(|capturer| {
            // The pushed pawn leaves `from`, lands on `to` and is captured there.
            let occupied = (self.occupied() ^ from ^ capturer) | ep;
            let attackers = self.attackers_to(their_king, occupied) & self.by_color[us] & occupied;
            attackers.is_empty()
        })
    }
}
