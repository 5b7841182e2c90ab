//! Attacks on a square, checkers and pins of a [`Position`]: what the check information in
//! each state is made of, kept up to date by `do_move` and recomputed at set-up.

use crate::position::Position;
use lerf_bitboard::{
    Bitboard, between, bishop_pseudo_attacks, king_attacks, knight_attacks, pawn_attacks,
    rook_pseudo_attacks,
};
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_types::{Color, PieceType, Square};

impl Position {
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

    /// The pieces giving check to the side to move, found from scratch.
    pub(crate) fn compute_checkers(&self) -> Bitboard {
        let us = self.side_to_move;
        self.attackers_to(self.king_square(us), self.occupied()) & self.by_color[!us]
    }
}
