//! Making and unmaking moves, with every key and the check information kept incrementally.

use crate::position::{Position, piece_value};
use crate::zobrist;
use lerf_bitboard::{Bitboard, pawn_attacks};
use lerf_types::{ByColor, CastlingSide, Color, Move, MoveKind, Piece, PieceType, Rank, Square};

/// Where king and rook land when `color` castles with the king on `king` and the rook on
/// `rook`: `(king_to, rook_to)`.
#[inline]
pub(crate) fn castling_destinations(color: Color, king: Square, rook: Square) -> (Square, Square) {
    let side = if rook > king { CastlingSide::King } else { CastlingSide::Queen };
    let rank = Rank::R1.relative(color);
    (Square::new(side.king_to_file(), rank), Square::new(side.rook_to_file(), rank))
}

/// The square of the pawn an en-passant capture to `to` by `us` removes.
#[inline]
pub(crate) fn en_passant_victim(us: Color, to: Square) -> Square {
    match us {
        Color::White => Square::from_index((to as u8).wrapping_sub(8)),
        Color::Black => Square::from_index(to as u8 + 8),
    }
}

#[inline]
fn is_minor(pt: PieceType) -> bool {
    matches!(pt, PieceType::Knight | PieceType::Bishop)
}

impl Position {
    /// Plays `m`, which must be legal in this position (as every move from the generator is,
    /// and as [`is_pseudo_legal`](Position::is_pseudo_legal) together with
    /// [`is_legal`](Position::is_legal) confirm for a move from elsewhere). Keys, material,
    /// checkers, pins, check squares and the repetition distance are updated incrementally.
    ///
    /// # Panics
    ///
    /// May panic, or leave a corrupt position, if `m` is not legal here.
    // Forced inline, with `undo_move` and `set_check_info`: added one at a time they gained
    // 2-3.5%, 1.5-3% and 0-3.5% perft, +4% to +9% together, from the saved calls and
    // register spills. The cost is about 3.5 KiB of machine code per call site.
    #[inline(always)]
    pub fn do_move(&mut self, m: Move) {
        debug_assert!(m.is_ok(), "do_move({m:?})");
        let us = self.side_to_move;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let pc = self.board[from as usize].expect("do_move: no piece on the move's origin");

        // The new ply's slot is filled field by field from locals: no StateInfo is copied
        // whole (a stack copy pushed whole stalled on store forwarding, a third of
        // do_move's time; a copy inside the Vec cost a memmove call).
        let ply = self.ply;
        let next = self.next_slot();
        let old = &self.states[ply];
        let (old_key, old_rule50, old_plies_from_null) = (old.key, old.rule50, old.plies_from_null);
        let (old_ep, mut castling_rights) = (old.ep_square, old.castling_rights);
        let (old_pawn_key, old_material_key, old_minor_key) =
            (old.pawn_key, old.material_key, old.minor_piece_key);
        let (old_non_pawn_key, old_non_pawn_material) = (old.non_pawn_key, old.non_pawn_material);
        let mut key = old_key ^ zobrist::side();
        let mut rule50 = old_rule50.saturating_add(1);
        let (mut pawn_key, mut material_key, mut minor_key) = (0u64, 0u64, 0u64);
        let (mut our_key, mut their_key) = (0u64, 0u64);
        let (mut our_material, mut their_material) = (0, 0);

        let captured = match m.kind() {
            MoveKind::EnPassant => Some(Piece::new(them, PieceType::Pawn)),
            MoveKind::Castling => None,
            _ => self.board[to as usize],
        };

        if m.kind() == MoveKind::Castling {
            let rook = Piece::new(us, PieceType::Rook);
            let (king_to, rook_to) = castling_destinations(us, from, to);
            self.remove_piece(pc, from);
            self.remove_piece(rook, to);
            self.put_piece(pc, king_to);
            self.put_piece(rook, rook_to);
            let change = zobrist::psq(pc, from)
                ^ zobrist::psq(pc, king_to)
                ^ zobrist::psq(rook, to)
                ^ zobrist::psq(rook, rook_to);
            key ^= change;
            our_key ^= change;
        } else {
            if let Some(cap) = captured {
                let cap_sq =
                    if m.kind() == MoveKind::EnPassant { en_passant_victim(us, to) } else { to };
                let cap_key = zobrist::psq(cap, cap_sq);
                match cap.piece_type() {
                    PieceType::Pawn => pawn_key ^= cap_key,
                    pt => {
                        their_material -= piece_value(pt);
                        their_key ^= cap_key;
                        if is_minor(pt) {
                            minor_key ^= cap_key;
                        }
                    }
                }
                self.remove_piece(cap, cap_sq);
                key ^= cap_key;
                material_key ^=
                    zobrist::psq(cap, Square::from_index(self.piece_count[cap as usize]));
                rule50 = 0;
            }
            let move_key = zobrist::psq(pc, from) ^ zobrist::psq(pc, to);
            key ^= move_key;
            self.move_piece(pc, from, to);
            match pc.piece_type() {
                PieceType::Pawn => {
                    pawn_key ^= move_key;
                    rule50 = 0;
                    if m.kind() == MoveKind::Promotion {
                        let promoted = Piece::new(us, m.promotion_type());
                        self.remove_piece(pc, to);
                        self.put_piece(promoted, to);
                        let (pawn_there, promoted_there) =
                            (zobrist::psq(pc, to), zobrist::psq(promoted, to));
                        key ^= pawn_there ^ promoted_there;
                        pawn_key ^= pawn_there;
                        material_key ^=
                            zobrist::psq(
                                promoted,
                                Square::from_index(self.piece_count[promoted as usize] - 1),
                            ) ^ zobrist::psq(pc, Square::from_index(self.piece_count[pc as usize]));
                        our_material += piece_value(promoted.piece_type());
                        our_key ^= promoted_there;
                        if is_minor(promoted.piece_type()) {
                            minor_key ^= promoted_there;
                        }
                    }
                }
                pt => {
                    our_key ^= move_key;
                    if is_minor(pt) {
                        minor_key ^= move_key;
                    }
                }
            }
        }

        if let Some(ep) = old_ep {
            key ^= zobrist::en_passant(ep);
        }
        let lost =
            self.castling_rights_mask[from as usize] | self.castling_rights_mask[to as usize];
        if castling_rights.intersects(lost) {
            key ^= zobrist::castling(castling_rights);
            castling_rights.remove(lost);
            key ^= zobrist::castling(castling_rights);
        }

        let st = &mut self.states[next];
        st.key = key;
        st.pawn_key = old_pawn_key ^ pawn_key;
        st.material_key = old_material_key ^ material_key;
        st.minor_piece_key = old_minor_key ^ minor_key;
        // Per-colour values are put together from scalars: indexing a local pair by colour
        // spills it to the stack, and reading it back whole stalls on store forwarding
        // (measured: 40% of do_move in CPW position 4).
        let ((white_key, black_key), (white_material, black_material)) = match us {
            Color::White => ((our_key, their_key), (our_material, their_material)),
            Color::Black => ((their_key, our_key), (their_material, our_material)),
        };
        st.non_pawn_key = ByColor::new(
            old_non_pawn_key[Color::White] ^ white_key,
            old_non_pawn_key[Color::Black] ^ black_key,
        );
        st.non_pawn_material = ByColor::new(
            old_non_pawn_material[Color::White] + white_material,
            old_non_pawn_material[Color::Black] + black_material,
        );
        st.castling_rights = castling_rights;
        st.rule50 = rule50;
        let plies_from_null = old_plies_from_null.saturating_add(1);
        st.plies_from_null = plies_from_null;
        st.ep_square = None;
        st.captured = captured;
        self.ply = next;
        self.side_to_move = them;
        self.game_ply += 1;

        if pc.piece_type() == PieceType::Pawn && (from as u8 ^ to as u8) == 16 {
            self.set_en_passant_after_double_push(from, to);
        }
        self.set_check_info();
        self.set_repetition(usize::from(rule50.min(plies_from_null)));
        debug_assert_eq!(self.pos_is_ok(false), Ok(()), "after do_move({m:?})");
    }

    /// Takes back `m`, which must be the last move played. Restores the position exactly.
    ///
    /// # Panics
    ///
    /// May panic, or leave a corrupt position, if `m` is not the last move played.
    #[inline(always)]
    pub fn undo_move(&mut self, m: Move) {
        self.side_to_move = !self.side_to_move;
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castling => {
                let king = Piece::new(us, PieceType::King);
                let rook = Piece::new(us, PieceType::Rook);
                let (king_to, rook_to) = castling_destinations(us, from, to);
                self.remove_piece(king, king_to);
                self.remove_piece(rook, rook_to);
                self.put_piece(king, from);
                self.put_piece(rook, to);
            }
            kind => {
                if kind == MoveKind::Promotion {
                    let promoted = self.board[to as usize].expect("undo_move: no promoted piece");
                    self.remove_piece(promoted, to);
                    self.put_piece(Piece::new(us, PieceType::Pawn), to);
                }
                let pc = self.board[to as usize].expect("undo_move: no piece on the move's target");
                self.move_piece(pc, to, from);
                if let Some(cap) = self.state().captured {
                    let cap_sq =
                        if kind == MoveKind::EnPassant { en_passant_victim(us, to) } else { to };
                    self.put_piece(cap, cap_sq);
                }
            }
        }
        self.ply -= 1;
        self.game_ply -= 1;
        debug_assert_eq!(self.pos_is_ok(false), Ok(()), "after undo_move({m:?})");
    }

    /// Passes the move to the opponent (for null-move pruning). The side to move must not be
    /// in check.
    pub fn do_null_move(&mut self) {
        debug_assert!(!self.in_check(), "do_null_move in check");
        let mut st = *self.state();
        st.key ^= zobrist::side();
        if let Some(ep) = st.ep_square.take() {
            st.key ^= zobrist::en_passant(ep);
        }
        st.rule50 = st.rule50.saturating_add(1);
        st.plies_from_null = 0;
        st.captured = None;
        st.repetition = 0;
        let next = self.next_slot();
        self.states[next] = st;
        self.ply = next;
        self.side_to_move = !self.side_to_move;
        self.set_check_info();
        debug_assert_eq!(self.pos_is_ok(false), Ok(()), "after do_null_move");
    }

    /// Takes back a null move.
    pub fn undo_null_move(&mut self) {
        self.ply -= 1;
        self.side_to_move = !self.side_to_move;
    }

    /// After a pawn went from `from` two squares to `to` (the side to move is now the
    /// opponent): records the en-passant square if the opponent can legally capture there.
    #[inline]
    fn set_en_passant_after_double_push(&mut self, from: Square, to: Square) {
        let ep = Square::from_index((from as u8 + to as u8) / 2);
        if self.en_passant_capture_exists(ep) {
            let st = self.state_mut();
            st.ep_square = Some(ep);
            st.key ^= zobrist::en_passant(ep);
        }
    }

    /// Whether the side to move has a legal en-passant capture onto `ep`. Inline, because
    /// after most double pushes no pawn stands beside the pushed one and the set test is
    /// all there is (the call had been 3% of the start position's perft).
    #[inline]
    pub(crate) fn en_passant_capture_exists(&self, ep: Square) -> bool {
        let us = self.side_to_move;
        let capturers = pawn_attacks(!us, ep) & self.pieces(us, PieceType::Pawn);
        capturers.any() && self.some_en_passant_is_legal(capturers, ep)
    }

    /// Whether one of `capturers` may legally take en passant onto `ep`.
    fn some_en_passant_is_legal(&self, capturers: Bitboard, ep: Square) -> bool {
        capturers.into_iter().any(|from| self.en_passant_is_legal(from, ep))
    }

    /// Whether capturing en passant from `from` to `to` leaves the mover's king safe.
    pub(crate) fn en_passant_is_legal(&self, from: Square, to: Square) -> bool {
        let us = self.side_to_move;
        let victim = en_passant_victim(us, to);
        let occupied = (self.occupied() ^ from ^ victim) | to;
        let attackers = self.attackers_to(self.king_square(us), occupied) & self.by_color[!us];
        (attackers & occupied).is_empty()
    }

    /// Sets the current ply's repetition distance; `end` is the number of plies back that
    /// can hold the same position (the smaller of the 50-move counter and plies from null).
    fn set_repetition(&mut self, end: usize) {
        let n = self.ply;
        if end < 4 {
            self.states[n].repetition = 0;
            return;
        }
        let key = self.states[n].key;
        let mut repetition = 0i16;
        // plies_from_null never exceeds the plies on the stack, so n - i stays in range.
        for i in (4..=end.min(n)).step_by(2) {
            let earlier = &self.states[n - i];
            if earlier.key == key {
                repetition = if earlier.repetition != 0 { -(i as i16) } else { i as i16 };
                break;
            }
        }
        self.states[n].repetition = repetition;
    }
}
