//! Making and unmaking moves, with every key and the check information kept incrementally.

use crate::castling::castling_destinations;
use crate::position::{Position, piece_value};
use crate::zobrist;
use alloc::{borrow::ToOwned, format, string::ToString};
use lerf_bitboard::{Bitboard, pawn_attacks};
use lerf_types::{ByColor, CastlingSide, Color, Move, MoveKind, Piece, PieceType, Rank, Square};

/// The square of the pawn an en-passant capture to `to` by `us` removes.
#[inline]
pub(crate) fn en_passant_victim(us: Color, to: Square) -> Square {
    match us {
        Color::White => Square::from_index_wrapping((to as u8).wrapping_sub(8)),
        Color::Black => Square::from_index_wrapping(to as u8 + 8),
    }
}

/// Bit `4 * piece + kind` is set when a piece of the colour may make a move of that kind:
/// any of its pieces a normal move, a pawn a promotion or an en-passant capture, the king
/// castling. One shift and test in `do_move` replaces a colour check and three kind checks.
const MOVER_FITS_KIND: [u64; 2] = {
    let mut masks = [0u64; 2];
    let mut c = 0;
    while c < 2 {
        let mut t = 1;
        while t <= 6 {
            let piece = (c as u32) << 3 | t;
            masks[c] |= 1 << (4 * piece + MoveKind::Normal as u32);
            if t == PieceType::Pawn as u32 {
                masks[c] |= 1 << (4 * piece + MoveKind::Promotion as u32);
                masks[c] |= 1 << (4 * piece + MoveKind::EnPassant as u32);
            }
            if t == PieceType::King as u32 {
                masks[c] |= 1 << (4 * piece + MoveKind::Castling as u32);
            }
            t += 1;
        }
        c += 1;
    }
    masks
};

/// Whether `pc` belongs to `us` and may make a move of `kind`.
#[inline]
fn mover_fits_kind(us: Color, pc: Piece, kind: MoveKind) -> bool {
    MOVER_FITS_KIND[us as usize] >> (4 * pc as u32 + kind as u32) & 1 != 0
}

#[inline]
fn is_minor(pt: PieceType) -> bool {
    matches!(pt, PieceType::Knight | PieceType::Bishop)
}

impl Position {
    /// Plays `m`, a legal move: one from the move generator, or one that
    /// [`is_pseudo_legal`](Position::is_pseudo_legal) and [`is_legal`](Position::is_legal)
    /// accepted. Every key, the material, the checkers and the side to move's pins are
    /// updated incrementally (see [`StateInfo`](crate::StateInfo)). For a move from outside (a file, a user, a network) use
    /// [`play`](Position::play), which checks it and says why it is refused.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// let m = pos.parse_uci("g1f3")?;
    /// pos.do_move(m);
    /// assert_eq!(pos.last_move(), Some(m));
    /// pos.undo_move(m);
    /// assert_eq!(pos, Position::startpos());
    /// # Ok::<(), lerf_position::UciError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// In every build, before anything changes, if `m` is [`Move::NONE`] or [`Move::NULL`]
    /// (use [`do_null_move`](Position::do_null_move) to pass), if the origin holds no piece of
    /// the side to move, if a promotion or an en-passant capture is not made by a pawn or
    /// castling not by the king, if the move captures a piece of its own side or a king, if an
    /// en-passant capture does not go to the en-passant square, if castling is with a rook
    /// that has no castling right, or if the game would pass
    /// [`MAX_FULLMOVE_NUMBER`](crate::MAX_FULLMOVE_NUMBER).
    ///
    /// What these checks do not catch, a piece moving where it cannot go (a pawn reaching
    /// the last rank without promoting included) or leaving its own king in check, gives a
    /// position whose board, bitboards, keys and counters still agree, but not one the game
    /// can reach: [`pos_is_ok`](Position::pos_is_ok) reports it, its FEN may not read back,
    /// and a later move that captures the king panics.
    // Forced inline, with `undo_move` and `set_check_info`: added one at a time they gained
    // 2-3.5%, 1.5-3% and 0-3.5% perft, +4% to +9% together, from the saved calls and
    // register spills. The cost is about 3.5 KiB of machine code per call site.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// let m = pos.parse_uci("e2e4")?;
    /// pos.do_move(m);
    /// assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// pos.undo_move(m);
    /// assert_eq!(pos, Position::startpos());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn do_move(&mut self, m: Move) {
        let us = self.side_to_move;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let Some(pc) = self.board[from as usize].filter(|&p| mover_fits_kind(us, p, m.kind()))
        else {
            refuse_move(self, m)
        };

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
            MoveKind::EnPassant => {
                if old_ep != Some(to) {
                    refuse_move(self, m);
                }
                Some(Piece::new(them, PieceType::Pawn))
            }
            MoveKind::Castling => None,
            _ => self.board[to as usize],
        };

        if m.kind() == MoveKind::Castling {
            if !self.castles_with(us, from, to) {
                refuse_move(self, m);
            }
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
                if cap.color() == us || cap.piece_type() == PieceType::King {
                    refuse_move(self, m);
                }
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
                    zobrist::psq(cap, Square::from_index_wrapping(self.piece_count[cap as usize]));
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
                        material_key ^= zobrist::psq(
                            promoted,
                            Square::from_index_wrapping(self.piece_count[promoted as usize] - 1),
                        ) ^ zobrist::psq(
                            pc,
                            Square::from_index_wrapping(self.piece_count[pc as usize]),
                        );
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
        st.plies_from_null = old_plies_from_null.saturating_add(1);
        st.ep_square = None;
        st.captured = captured;
        st.last_move = m;
        self.ply = next;
        self.side_to_move = them;

        if pc.piece_type() == PieceType::Pawn
            && (from as u8 ^ to as u8) == 16
            && from.rank() == Rank::R2.relative(us)
        {
            self.set_en_passant_after_double_push(from, to);
        }
        self.set_check_info();
        debug_assert_eq!(self.pos_is_ok(false), Ok(()), "after do_move({m:?})");
    }

    /// Takes back `m`, the last move played. Restores the position exactly, bit for bit.
    ///
    /// # Panics
    ///
    /// In every build, before anything changes, if no move has been played, if `m` is not
    /// the last move played, or if the last move was a null move (take that back with
    /// [`undo_null_move`](Position::undo_null_move)).
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{CastlingSide, Color};
    /// let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20")?;
    /// let before = pos.clone();
    /// let castle = pos.parse_uci("e1g1")?;
    /// pos.do_move(castle);
    /// assert!(!pos.can_castle(Color::White, CastlingSide::Queen));
    /// pos.undo_move(castle);
    /// assert!(pos.eq_including_clocks(&before));
    /// assert_eq!(pos.key(), before.key());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn undo_move(&mut self, m: Move) {
        // The set-up position's last_move is NULL, as after a null move: two compares cover
        // "nothing to undo", "not the last move" and "a null move".
        if self.state().last_move != m || m == Move::NULL {
            refuse_undo(self, m);
        }
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
        debug_assert_eq!(self.pos_is_ok(false), Ok(()), "after undo_move({m:?})");
    }

    /// Passes the move to the opponent (for null-move pruning). The game ply and the 50-move
    /// counter advance as for a move, so the FEN stays true to the side to move; the
    /// en-passant square is cleared, and repetitions are not looked for across it.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// pos.do_null_move();
    /// assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1");
    /// pos.undo_null_move();
    /// assert_eq!(pos.to_fen(), lerf_position::STARTPOS_FEN);
    /// ```
    ///
    /// # Panics
    ///
    /// If the side to move is in check (passing would leave its king capturable), or if the
    /// game would pass [`MAX_FULLMOVE_NUMBER`](crate::MAX_FULLMOVE_NUMBER).
    pub fn do_null_move(&mut self) {
        assert!(!self.in_check(), "do_null_move: the side to move is in check");
        let mut st = *self.state();
        st.key ^= zobrist::side();
        if let Some(ep) = st.ep_square.take() {
            st.key ^= zobrist::en_passant(ep);
        }
        st.rule50 = st.rule50.saturating_add(1);
        st.plies_from_null = 0;
        st.captured = None;
        st.last_move = Move::NULL;
        let next = self.next_slot();
        self.states[next] = st;
        self.ply = next;
        self.side_to_move = !self.side_to_move;
        self.set_check_info();
        debug_assert_eq!(self.pos_is_ok(false), Ok(()), "after do_null_move");
    }

    /// Takes back a null move.
    ///
    /// # Panics
    ///
    /// If the last thing played was not a null move (or nothing was played).
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Color;
    /// let mut pos = Position::startpos();
    /// pos.do_null_move();
    /// assert_eq!(pos.side_to_move(), Color::Black);
    /// pos.undo_null_move();
    /// assert_eq!(pos, Position::startpos());
    /// ```
    pub fn undo_null_move(&mut self) {
        assert!(
            self.ply > 0 && self.state().last_move == Move::NULL,
            "undo_null_move: the last move played was not a null move"
        );
        self.ply -= 1;
        self.side_to_move = !self.side_to_move;
    }

    /// Whether the rook on `rook` castles for `us` with the king on `king` now.
    #[inline]
    fn castles_with(&self, us: Color, king: Square, rook: Square) -> bool {
        let side = if rook > king { CastlingSide::King } else { CastlingSide::Queen };
        self.castling_rook_square(us, side) == Some(rook)
    }

    /// After a pawn went from `from` two squares to `to` (the side to move is now the
    /// opponent): records the en-passant square if the opponent can legally capture there.
    #[inline]
    fn set_en_passant_after_double_push(&mut self, from: Square, to: Square) {
        let ep = Square::from_index_wrapping((from as u8 + to as u8) / 2);
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
}

/// Panics with the precondition `m` breaks in `pos` (see [`Position::do_move`]). Out of line
/// and cold, so that the checks cost the hot path a compare and a branch each.
#[cold]
#[inline(never)]
#[track_caller]
fn refuse_move(pos: &Position, m: Move) -> ! {
    let us = pos.side_to_move();
    let why = if !m.is_ok() {
        "Move::NONE and Move::NULL are not moves (do_null_move passes)".to_owned()
    } else {
        match pos.check_move(m) {
            Err(e) => e.to_string(),
            Ok(()) => format!("not playable by {us} here"),
        }
    };
    panic!("do_move({}) in {}: {why}", pos.uci(m), pos.to_fen());
}

/// Panics with the precondition `m` breaks in `pos` (see [`Position::undo_move`]).
#[cold]
#[inline(never)]
#[track_caller]
fn refuse_undo(pos: &Position, m: Move) -> ! {
    match pos.last_move() {
        None => panic!("undo_move({}): no move has been played", pos.uci(m)),
        Some(Move::NULL) => {
            panic!(
                "undo_move({}): the last move played was a null move (undo_null_move)",
                pos.uci(m)
            )
        }
        Some(last) => {
            panic!("undo_move({}): the last move played was {}", pos.uci(m), pos.uci(last))
        }
    }
}
