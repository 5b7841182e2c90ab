//! What is wrong with a [`LooseBoard`]: python-chess's status flags.

use super::board::LooseBoard;
use super::layout::{bb, ray};
use lerf_bitboard::{Bitboard, RANK_1, RANK_8};
use lerf_types::{Color, Square};

bitflags::bitflags! {
    /// The problems [`LooseBoard::status`] finds, with python-chess's bit values (its
    /// `chess.Status`); empty for a valid position. The race flags belong to Racing Kings
    /// and are never set here.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
    pub struct LooseStatus: u32 {
        /// White has no king.
        const NO_WHITE_KING = 1 << 0;
        /// Black has no king.
        const NO_BLACK_KING = 1 << 1;
        /// More than two kings.
        const TOO_MANY_KINGS = 1 << 2;
        /// More than eight white pawns.
        const TOO_MANY_WHITE_PAWNS = 1 << 3;
        /// More than eight black pawns.
        const TOO_MANY_BLACK_PAWNS = 1 << 4;
        /// A pawn on the first or eighth rank.
        const PAWNS_ON_BACKRANK = 1 << 5;
        /// More than sixteen white pieces.
        const TOO_MANY_WHITE_PIECES = 1 << 6;
        /// More than sixteen black pieces.
        const TOO_MANY_BLACK_PIECES = 1 << 7;
        /// Castling rights that no rook and king back up.
        const BAD_CASTLING_RIGHTS = 1 << 8;
        /// An en passant square no double step can have left.
        const INVALID_EP_SQUARE = 1 << 9;
        /// The side not to move is in check.
        const OPPOSITE_CHECK = 1 << 10;
        /// No pieces at all.
        const EMPTY = 1 << 11;
        /// Racing Kings: a king in check.
        const RACE_CHECK = 1 << 12;
        /// Racing Kings: the race is over.
        const RACE_OVER = 1 << 13;
        /// Racing Kings: material that cannot arise.
        const RACE_MATERIAL = 1 << 14;
        /// More checkers than any move can give.
        const TOO_MANY_CHECKERS = 1 << 15;
        /// Checkers no last move can have produced.
        const IMPOSSIBLE_CHECK = 1 << 16;
    }
}

impl LooseBoard {
    /// The en passant square if a double step can have left it: on the third or sixth
    /// rank as the side to move requires, the pawn that moved in front of it, the square
    /// itself and the one behind empty.
    pub fn valid_ep_square(&self) -> Option<Square> {
        let ep = self.ep_truthy()?;
        let (ep_rank, pawn, start) = match self.turn {
            Color::White => (5, bb(ep) >> 8, bb(ep) << 8),
            Color::Black => (2, bb(ep) << 8, bb(ep) >> 8),
        };
        let l = &self.layout;
        let (pawn_mask, start_mask) = (pawn, start);
        let valid = ep as u8 >> 3 == ep_rank
            && (l.pawns & self.theirs()).intersects(pawn_mask)
            && !l.occupied.contains(ep)
            && !l.occupied.intersects(start_mask);
        valid.then_some(ep)
    }

    /// Every problem with the position, as python-chess's `status()` finds them.
    pub fn status(&self) -> LooseStatus {
        let l = &self.layout;
        let mut errors = LooseStatus::empty();
        let flag = |errors: &mut LooseStatus, set: bool, f: LooseStatus| errors.set(f, set);
        let (white, black) = (l.by_color[0], l.by_color[1]);
        flag(&mut errors, !l.occupied.any(), LooseStatus::EMPTY);
        flag(&mut errors, !(white & l.kings).any(), LooseStatus::NO_WHITE_KING);
        flag(&mut errors, !(black & l.kings).any(), LooseStatus::NO_BLACK_KING);
        flag(&mut errors, (l.occupied & l.kings).popcount() > 2, LooseStatus::TOO_MANY_KINGS);
        flag(&mut errors, white.popcount() > 16, LooseStatus::TOO_MANY_WHITE_PIECES);
        flag(&mut errors, black.popcount() > 16, LooseStatus::TOO_MANY_BLACK_PIECES);
        flag(&mut errors, (white & l.pawns).popcount() > 8, LooseStatus::TOO_MANY_WHITE_PAWNS);
        flag(&mut errors, (black & l.pawns).popcount() > 8, LooseStatus::TOO_MANY_BLACK_PAWNS);
        flag(&mut errors, l.pawns.intersects(RANK_1 | RANK_8), LooseStatus::PAWNS_ON_BACKRANK);
        let bad_rights = self.castling_rights != self.clean_castling_rights();
        flag(&mut errors, bad_rights, LooseStatus::BAD_CASTLING_RIGHTS);
        let valid_ep = self.valid_ep_square();
        flag(&mut errors, self.ep_square != valid_ep, LooseStatus::INVALID_EP_SQUARE);
        flag(&mut errors, self.was_into_check(), LooseStatus::OPPOSITE_CHECK);
        let checkers = self.checkers_mask();
        if checkers.any() {
            errors |= self.check_problems(checkers, valid_ep);
        }
        errors
    }

    /// The flags about the checkers: too many, or an arrangement no last move explains.
    fn check_problems(&self, checkers: Bitboard, valid_ep: Option<Square>) -> LooseStatus {
        let l = &self.layout;
        let our_kings = l.kings & self.ours() & !l.promoted;
        let count = checkers.popcount();
        let mut errors = LooseStatus::empty();
        if count > 2 {
            errors |= LooseStatus::TOO_MANY_CHECKERS;
        }
        let impossible = match valid_ep {
            Some(ep) => {
                let pushed_to = Square::from_index_wrapping(ep as u8 ^ 8);
                let pushed_from = Square::from_index_wrapping(ep as u8 ^ 24);
                let before = (l.occupied & !bb(pushed_to)) | bb(pushed_from);
                count > 1
                    || (LooseBoard::top(checkers) != pushed_to
                        && our_kings
                            .into_iter()
                            .any(|k| l.attackers_mask(!self.turn, k, before).any()))
            }
            None => {
                let (low, high) = (checkers.lsb(), checkers.msb());
                let aligned = match (low, high) {
                    (Some(a), Some(b)) => ray(a, b).intersects(our_kings),
                    _ => false,
                };
                count > 2 || (count == 2 && aligned)
            }
        };
        if impossible {
            errors |= LooseStatus::IMPOSSIBLE_CHECK;
        }
        errors
    }

    /// Whether [`status`](LooseBoard::status) finds nothing wrong.
    pub fn is_valid(&self) -> bool {
        self.status().is_empty()
    }
}
