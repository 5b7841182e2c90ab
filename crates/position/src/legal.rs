//! Questions about a single move: is it pseudo-legal, is it legal, and if not why; which
//! move a UCI text means; moves from outside played only when legal. (Whether a move gives
//! check and the key after it are in `move_effects.rs`.)

use crate::do_move::en_passant_victim;
use crate::error::{IllegalMove, IllegalMoveReason as Reason, UciError};
use crate::position::Position;
use lerf_bitboard::{Bitboard, aligned, between, pawn_attacks};
use lerf_magics::attacks;
use lerf_types::{
    CastlingSide, Direction, Move, MoveKind, Piece, PieceType, Rank, Square, UciMove,
};

impl Position {
    /// Whether `m`, known to be pseudo-legal, leaves the mover's king safe (and, for
    /// castling, crosses no attacked square). For a move that is not pseudo-legal the answer
    /// means nothing (it never panics): ask [`check_move`](Position::check_move) about a
    /// move from outside.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{Move, Square};
    /// // The bishop on e2 is pinned by the rook on e7.
    /// let pos = Position::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")?;
    /// let m = Move::new(Square::E2, Square::D3);
    /// assert!(pos.is_pseudo_legal(m) && !pos.is_legal(m));
    /// assert!(pos.is_legal(Move::new(Square::E1, Square::D1)));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        let ksq = self.king_square(us);
        match m.kind() {
            MoveKind::EnPassant => self.en_passant_is_legal(from, to),
            MoveKind::Castling => self.castling_is_legal(from, to),
            _ if from == ksq => !self.is_attacked_by(to, !us, self.occupied() ^ from),
            _ => !self.blockers_for_king(us).contains(from) || aligned(from, to, ksq),
        }
    }

    /// The king's path (and destination) must not be attacked; in Chess960 the castling
    /// rook may have been shielding the destination along the back rank.
    fn castling_is_legal(&self, king: Square, rook: Square) -> bool {
        let us = self.side_to_move;
        let side = if rook > king { CastlingSide::King } else { CastlingSide::Queen };
        let occupied = self.occupied();
        if self
            .castling_king_path(us, side)
            .into_iter()
            .any(|s| self.is_attacked_by(s, !us, occupied))
        {
            return false;
        }
        !self.chess960 || !self.castling_rook_shields_king(us, king, rook)
    }

    /// Whether `m` is a move the side to move could make here, ignoring only whether it
    /// leaves the king in check. Any 16-bit value is accepted as input (a move from a hash
    /// table may be garbage): this never panics and never accepts an impossible move.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{Move, Square};
    /// let pos = Position::startpos();
    /// assert!(pos.is_pseudo_legal(Move::new(Square::E2, Square::E4)));
    /// assert!(!pos.is_pseudo_legal(Move::new(Square::E2, Square::E5)));
    /// assert!(!pos.is_pseudo_legal(Move::from_bits(0xffff))); // garbage is refused, not a panic
    /// ```
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        if !m.is_ok() {
            return false;
        }
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        let Some(pc) = self.piece_on(from) else { return false };
        if pc.color() != us {
            return false;
        }
        let promotion_bits_clear = m.bits() >> 12 & 3 == 0;
        match m.kind() {
            MoveKind::Castling => {
                promotion_bits_clear && self.castling_is_pseudo_legal(pc, from, to)
            }
            MoveKind::EnPassant => {
                promotion_bits_clear
                    && pc.piece_type() == PieceType::Pawn
                    && self.ep_square() == Some(to)
                    && pawn_attacks(us, from).contains(to)
            }
            MoveKind::Promotion => {
                pc.piece_type() == PieceType::Pawn
                    && to.rank() == Rank::R8.relative(us)
                    && self.pawn_reaches(from, to)
                    && self.resolves_check(pc, to)
            }
            MoveKind::Normal => {
                if !promotion_bits_clear || self.pieces_of(us).contains(to) {
                    return false;
                }
                let reaches = match pc.piece_type() {
                    PieceType::Pawn => {
                        to.rank() != Rank::R8.relative(us) && self.pawn_reaches(from, to)
                    }
                    pt => attacks(pt, from, self.occupied()).contains(to),
                };
                reaches && self.resolves_check(pc, to)
            }
        }
    }

    /// A pawn step from `from` to `to`: a capture of an enemy piece, a push onto an empty
    /// square, or a double push from the second rank through two empty squares.
    fn pawn_reaches(&self, from: Square, to: Square) -> bool {
        let us = self.side_to_move;
        let up = Direction::up(us);
        if pawn_attacks(us, from).contains(to) {
            return self.pieces_of(!us).contains(to);
        }
        let one = from.offset(up);
        if one == Some(to) {
            return self.is_empty(to);
        }
        from.rank() == Rank::R2.relative(us)
            && one.and_then(|s| s.offset(up)) == Some(to)
            && one.is_some_and(|s| self.is_empty(s))
            && self.is_empty(to)
    }

    /// In check, a non-king move must capture or block the only checker. (Whether a king
    /// step lands on an attacked square is `is_legal`'s question, as for any king move.)
    fn resolves_check(&self, pc: Piece, to: Square) -> bool {
        let checkers = self.checkers();
        if checkers.is_empty() || pc.piece_type() == PieceType::King {
            return true;
        }
        let us = self.side_to_move;
        if checkers.more_than_one() {
            return false;
        }
        let checker = checkers.first_square();
        (between(self.king_square(us), checker) | checker).contains(to)
    }

    fn castling_is_pseudo_legal(&self, pc: Piece, king: Square, rook: Square) -> bool {
        let us = self.side_to_move;
        if pc.piece_type() != PieceType::King || self.in_check() {
            return false;
        }
        let side = if rook > king { CastlingSide::King } else { CastlingSide::Queen };
        self.can_castle(us, side)
            && self.castling_rook_square(us, side) == Some(rook)
            && self.piece_on(rook) == Some(Piece::new(us, PieceType::Rook))
            && !self.castling_impeded(us, side)
    }

    /// The legal move a UCI text names here: `e2e4`, `e7e8q`, castling as `e1g1` or (in
    /// either variant) king-takes-rook `e1h1`.
    ///
    /// ```
    /// use lerf_position::{IllegalMoveReason, Position, UciError};
    /// let pos = Position::startpos();
    /// assert!(pos.parse_uci("g1f3").is_ok());
    /// let Err(UciError::Illegal(e)) = pos.parse_uci("e2e5") else { panic!() };
    /// assert_eq!(e.to_string(), "illegal move e2e5: the pawn on e2 cannot move to e5");
    /// assert!(matches!(pos.parse_uci("e2"), Err(UciError::Syntax(_))));
    /// ```
    ///
    /// # Errors
    ///
    /// [`UciError::Syntax`] for text that is no UCI move, [`UciError::Illegal`] with the
    /// reason for a move that is not legal in this position (including the null move
    /// `0000`).
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let uci: UciMove = text.parse().map_err(UciError::Syntax)?;
        self.legal_uci(uci).map_err(UciError::Illegal)
    }

    /// The legal move an already parsed UCI move names here (for moves read by a protocol
    /// parser, which has the [`UciMove`] and no text to read again).
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::UciMove;
    /// let pos = Position::startpos();
    /// let uci: UciMove = "g1f3".parse()?;
    /// assert_eq!(pos.legal_uci(uci)?, pos.parse_uci("g1f3")?);
    /// assert!(pos.legal_uci(UciMove::Null).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] with the reason the move is not legal here (the null move included).
    pub fn legal_uci(&self, uci: UciMove) -> Result<Move, IllegalMove> {
        let illegal = |reason| IllegalMove { uci, reason };
        let UciMove::Normal { from, to, promotion } = uci else {
            return Err(illegal(Reason::NotAMove));
        };
        let m = self.move_from_squares(from, to, promotion).map_err(illegal)?;
        self.check_move(m).map_err(|e| illegal(e.reason))?;
        Ok(m)
    }

    /// Checks a move from outside (a file, a user, a hash table): `Ok` when it is legal here,
    /// otherwise the reason it is not. Any 16-bit value is accepted; this never panics.
    ///
    /// ```
    /// use lerf_position::{IllegalMoveReason, Position};
    /// use lerf_types::{Move, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")?;
    /// let err = pos.check_move(Move::new(Square::E1, Square::F2)).unwrap_err();
    /// assert_eq!(err.reason, IllegalMoveReason::LeavesKingInCheck);
    /// assert!(pos.check_move(Move::new(Square::E1, Square::E2)).is_ok());
    /// # Ok::<(), lerf_position::FenError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An [`IllegalMove`] with the [`IllegalMoveReason`](crate::IllegalMoveReason).
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.is_pseudo_legal(m) && self.is_legal(m) {
            Ok(())
        } else {
            Err(IllegalMove { uci: m.to_uci(self.chess960), reason: self.why_illegal(m) })
        }
    }

    /// Plays `m` if it is legal here; otherwise leaves the position as it was and says why.
    /// The checked way to play a move that comes from outside; moves from the generator can
    /// go straight to [`do_move`](Position::do_move).
    ///
    /// ```
    /// use lerf_position::{IllegalMoveReason, Position};
    /// use lerf_types::{Move, Square};
    /// let mut pos = Position::startpos();
    /// pos.play(Move::new(Square::E2, Square::E4))?;
    /// let err = pos.play(Move::new(Square::E4, Square::E5)).unwrap_err();
    /// assert_eq!(err.reason, IllegalMoveReason::NotYourPiece(Square::E4, lerf_types::Color::Black));
    /// assert_eq!(pos.plies_played(), 1);
    /// # Ok::<(), lerf_position::IllegalMove>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`check_move`](Position::check_move).
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check_move(m)?;
        self.do_move(m);
        Ok(())
    }

    /// Plays the move a UCI text names, if it is legal here, and returns it; otherwise
    /// leaves the position as it was and says why.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// for text in ["e2e4", "e7e5", "g1f3"] {
    ///     pos.play_uci(text)?;
    /// }
    /// assert!(pos.play_uci("e1g1").is_err());
    /// assert_eq!(pos.to_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    /// # Ok::<(), lerf_position::UciError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`parse_uci`](Position::parse_uci).
    pub fn play_uci(&mut self, text: &str) -> Result<Move, UciError> {
        let m = self.parse_uci(text)?;
        self.do_move(m);
        Ok(m)
    }

    /// Why `m`, which `is_pseudo_legal` or `is_legal` refused, is not legal here.
    fn why_illegal(&self, m: Move) -> Reason {
        if !m.is_ok() {
            return Reason::NotAMove;
        }
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        let Some(pc) = self.piece_on(from) else { return Reason::NoPiece(from) };
        if pc.color() != us {
            return Reason::NotYourPiece(from, us);
        }
        let promotion_bits_clear = m.bits() >> 12 & 3 == 0;
        let last_rank = to.rank() == Rank::R8.relative(us);
        match m.kind() {
            MoveKind::Castling => {
                let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
                if !promotion_bits_clear {
                    Reason::Malformed
                } else if pc.piece_type() != PieceType::King {
                    Reason::CannotReach(pc, from, to)
                } else if self.castling_rook_square(us, side) != Some(to) {
                    Reason::NoCastlingRight
                } else if self.castling_impeded(us, side) {
                    Reason::CastlingBlocked
                } else {
                    Reason::CastlingThroughCheck
                }
            }
            MoveKind::EnPassant => {
                if !promotion_bits_clear {
                    Reason::Malformed
                } else if pc.piece_type() != PieceType::Pawn
                    || self.ep_square() != Some(to)
                    || !pawn_attacks(us, from).contains(to)
                {
                    Reason::NoEnPassant(to)
                } else if self.checkers().contains(en_passant_victim(us, to)) {
                    Reason::LeavesKingInCheck
                } else {
                    self.check_reason(pc, to)
                }
            }
            MoveKind::Promotion => {
                if pc.piece_type() != PieceType::Pawn || !last_rank {
                    Reason::CannotPromote
                } else if !self.pawn_reaches(from, to) {
                    Reason::CannotReach(pc, from, to)
                } else {
                    self.check_reason(pc, to)
                }
            }
            MoveKind::Normal => {
                let reaches = match pc.piece_type() {
                    PieceType::Pawn => self.pawn_reaches(from, to),
                    pt => attacks(pt, from, self.occupied()).contains(to),
                };
                if !promotion_bits_clear {
                    Reason::Malformed
                } else if self.pieces_of(us).contains(to) {
                    Reason::CapturesOwnPiece(to)
                } else if !reaches {
                    Reason::CannotReach(pc, from, to)
                } else if pc.piece_type() == PieceType::Pawn && last_rank {
                    Reason::MustPromote
                } else {
                    self.check_reason(pc, to)
                }
            }
        }
    }

    /// Why a move of `pc` to `to` that the piece can make is illegal: it ignores a check, or
    /// it exposes its own king.
    fn check_reason(&self, pc: Piece, to: Square) -> Reason {
        if self.resolves_check(pc, to) {
            Reason::LeavesKingInCheck
        } else {
            Reason::DoesNotAnswerCheck
        }
    }

    /// The 16-bit move that UCI squares describe here (not yet checked for legality).
    pub(crate) fn move_from_squares(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceType>,
    ) -> Result<Move, Reason> {
        let us = self.side_to_move;
        let pc = self.piece_on(from).ok_or(Reason::NoPiece(from))?;
        if let Some(pt) = promotion {
            // A king or a pawn is no promotion (a book's move word can say either).
            return match pt {
                PieceType::King | PieceType::Pawn => Err(Reason::CannotPromote),
                pt => Ok(Move::promotion(from, to, pt)),
            };
        }
        match pc.piece_type() {
            PieceType::King if self.piece_on(to) == Some(Piece::new(us, PieceType::Rook)) => {
                Ok(Move::castling(from, to))
            }
            PieceType::King
                if !self.chess960 && from.rank() == to.rank() && from.distance(to) == 2 =>
            {
                let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
                match self.castling_rook_square(us, side) {
                    Some(rook) => Ok(Move::castling(from, rook)),
                    None if from == Square::E1.relative(us) => Err(Reason::NoCastlingRight),
                    None => Ok(Move::new(from, to)),
                }
            }
            PieceType::Pawn if Some(to) == self.ep_square() && from.file() != to.file() => {
                Ok(Move::en_passant(from, to))
            }
            _ => Ok(Move::new(from, to)),
        }
    }

    /// Whether the side to move has any legal move (without a move generator: every
    /// candidate destination is tried through `is_pseudo_legal` and `is_legal`).
    ///
    /// ```
    /// use lerf_position::Position;
    /// assert!(Position::startpos().has_legal_move());
    /// assert!(!Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?.has_legal_move());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn has_legal_move(&self) -> bool {
        self.any_legal_move(|_| true)
    }

    /// Whether `f` holds for some legal move, trying candidates one by one (promotions are
    /// offered as queen promotions only): for the rules' questions that need a move ahead.
    pub(crate) fn any_legal_move(&self, f: impl FnMut(Move) -> bool) -> bool {
        self.any_legal_move_promoting_to(&[PieceType::Queen], f)
    }

    /// [`any_legal_move`](Self::any_legal_move) offering each of `promotions` for a pawn
    /// that reaches the last rank.
    pub(crate) fn any_legal_move_promoting_to(
        &self,
        promotions: &[PieceType],
        mut f: impl FnMut(Move) -> bool,
    ) -> bool {
        let us = self.side_to_move;
        let occupied = self.occupied();
        let ours = self.by_color[us];
        for from in ours {
            let Some(pc) = self.piece_on(from) else { continue };
            let targets = match pc.piece_type() {
                PieceType::Pawn => {
                    let pushes = Bitboard::from(from).pawn_pushes(us, !occupied)
                        | Bitboard::from(from).pawn_double_pushes(us, !occupied);
                    pushes
                        | (pawn_attacks(us, from)
                            & (self.by_color[!us]
                                | self.ep_square().map_or(Bitboard::EMPTY, Bitboard::from)))
                }
                pt => attacks(pt, from, occupied) - ours,
            };
            for to in targets {
                let promotes =
                    pc.piece_type() == PieceType::Pawn && to.rank() == Rank::R8.relative(us);
                let found = if promotes {
                    promotions
                        .iter()
                        .any(|&pt| self.legal_candidate_holds(from, to, Some(pt), &mut f))
                } else {
                    self.legal_candidate_holds(from, to, None, &mut f)
                };
                if found {
                    return true;
                }
            }
        }
        CastlingSide::ALL.into_iter().any(|side| {
            self.castling_rook_square(us, side).is_some_and(|rook| {
                let m = Move::castling(self.king_square(us), rook);
                self.is_pseudo_legal(m) && self.is_legal(m) && f(m)
            })
        })
    }

    /// Whether the move from `from` to `to` (promoting to `promotion`) is legal here and `f`
    /// holds for it.
    fn legal_candidate_holds(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceType>,
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        self.move_from_squares(from, to, promotion)
            .is_ok_and(|m| self.is_pseudo_legal(m) && self.is_legal(m) && f(m))
    }
}
