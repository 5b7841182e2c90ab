//! A [`VariantBoard`]'s questions answered by its variant's rules: the variant's ends,
//! legal moves (each variant's own from `antichess`, `atomic`, `crazyhouse` and `races`),
//! check, playing a move, and perft (`engine_perft` where the engine's generator can count).

use alloc::vec::Vec;
use lerf_bitboard::Bitboard;
use lerf_types::Color;

use super::kind::Variant;
use super::variant_board::{VariantBoard, castling_target};
use super::{antichess, atomic, crazyhouse, engine_perft, races};
use crate::moves::LooseMove;

impl VariantBoard {
    /// Whether the game is over by the variant's own rule (a king on the hill, the third
    /// check, an exploded king, a side without pieces ...), whatever the moves left.
    pub fn is_variant_end(&self) -> bool {
        match self.variant {
            Variant::Antichess => antichess::is_end(self),
            Variant::Atomic => atomic::is_end(self),
            Variant::Crazyhouse => false,
            Variant::Horde => {
                !self.board.layout.of_color(Color::White).any()
                    || !self.board.layout.of_color(Color::Black).any()
            }
            Variant::KingOfTheHill => races::king_on_hill(&self.board),
            Variant::RacingKings => races::racing_end(&self.board),
            Variant::ThreeCheck => self.remaining_checks.contains(&0),
        }
    }

    /// Whether the side to move has won by the variant's rule: its king on the hill, its
    /// third check given, the other king exploded or home first, the other side's last
    /// piece taken (horde); in antichess, no pieces or no moves left.
    pub fn is_variant_win(&self) -> bool {
        let us = self.board.turn;
        self.variant_result_for(us, !us)
    }

    /// Whether the side to move has lost by the variant's rule (the mirror of
    /// [`is_variant_win`](VariantBoard::is_variant_win)).
    pub fn is_variant_loss(&self) -> bool {
        let us = self.board.turn;
        match self.variant {
            // A stalemate wins for the side to move, and python-chess counts a board whose
            // other side has no pieces (which no game reaches) as no loss either.
            Variant::Antichess => false,
            _ => self.variant_result_for(!us, us),
        }
    }

    /// Whether the variant's rule ended the game drawn: both kings home in racing kings,
    /// no pieces left at all in horde, both sides' checks given in three-check (a set-up no
    /// game reaches).
    pub fn is_variant_draw(&self) -> bool {
        let l = &self.board.layout;
        match self.variant {
            Variant::RacingKings => {
                races::racing_end(&self.board)
                    && races::in_goal(&self.board, Color::White)
                    && races::in_goal(&self.board, Color::Black)
            }
            Variant::Horde => !l.occupied.any(),
            Variant::ThreeCheck => self.remaining_checks == [0, 0],
            _ => false,
        }
    }

    /// Whether `winner` has won against `loser` by the variant's rule.
    fn variant_result_for(&self, winner: Color, loser: Color) -> bool {
        let b = &self.board;
        let l = &b.layout;
        match self.variant {
            Variant::Antichess => {
                winner == b.turn
                    && (!l.of_color(winner).any()
                        || (!self.is_variant_end() && self.legal_moves().is_empty()))
            }
            Variant::Atomic => l.kings.any() && !(l.kings & l.of_color(loser)).any(),
            Variant::Crazyhouse => false,
            Variant::Horde => l.occupied.any() && !l.of_color(loser).any(),
            Variant::KingOfTheHill => races::king_on_hill_of(b, winner),
            Variant::RacingKings => {
                races::racing_end(b) && races::in_goal(b, winner) && !races::in_goal(b, loser)
            }
            // Both sides through their checks (a set-up no game reaches) is a draw.
            Variant::ThreeCheck => {
                self.remaining_checks[winner as usize] == 0
                    && self.remaining_checks[loser as usize] > 0
            }
        }
    }

    /// The legal moves, in generation order.
    pub fn legal_moves(&self) -> Vec<LooseMove> {
        let mut out = Vec::new();
        self.generate_legal_moves(&mut out);
        out
    }

    /// How many legal moves there are (`legal_moves().len()`), counted without listing
    /// them where the variant's moves are standard chess's and drops.
    pub fn count_legal_moves(&self) -> usize {
        if self.is_variant_end() {
            return 0;
        }
        match self.variant {
            Variant::Horde | Variant::KingOfTheHill | Variant::ThreeCheck => {
                self.board.count_legal_moves()
            }
            Variant::Crazyhouse => self.board.count_legal_moves() + crazyhouse::count_drops(self),
            Variant::Antichess => antichess::count_legal_moves(self),
            _ => self.legal_moves().len(),
        }
    }

    /// Appends the legal moves to `out` (none once the variant has ended).
    pub fn generate_legal_moves(&self, out: &mut Vec<LooseMove>) {
        if self.is_variant_end() {
            return;
        }
        let all = Bitboard::FULL;
        match self.variant {
            Variant::Antichess => antichess::legal_moves(self, out),
            Variant::Atomic => atomic::legal_moves(self, out),
            Variant::Crazyhouse => crazyhouse::legal_moves(self, out),
            Variant::RacingKings => races::racing_legal_moves(&self.board, out),
            Variant::Horde | Variant::KingOfTheHill | Variant::ThreeCheck => {
                self.board.generate_legal_moves(all, all, out);
            }
        }
    }

    /// Appends the legal moves of pieces on the board (drops aside) from a square of
    /// `from_mask` to a square of `to_mask` (a castling move's square the rook's, as
    /// [`LooseBoard::generate_legal_moves`](crate::LooseBoard::generate_legal_moves) and python-chess take it):
    /// [`generate_legal_moves`]' moves between the masks, in its order, found without
    /// listing the others where the variant allows (as SAN needs them: the rivals of a
    /// move to its square).
    ///
    /// [`generate_legal_moves`]: VariantBoard::generate_legal_moves
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_rules::variant::{Variant, VariantBoard};
    /// use lerf_types::Square;
    ///
    /// let board = VariantBoard::from_fen(Variant::Atomic, "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1", false)?;
    /// let e2 = Bitboard::from_square(Square::E2);
    /// let mut moves = Vec::new();
    /// board.generate_legal_piece_moves(Bitboard::FULL, e2, &mut moves);
    /// assert_eq!(moves.len(), 3); // both knights and the king
    /// moves.clear();
    /// board.generate_legal_piece_moves(board.board.layout.knights, e2, &mut moves);
    /// assert_eq!(moves.len(), 2);
    /// # Ok::<(), lerf_rules::LooseFenError>(())
    /// ```
    pub fn generate_legal_piece_moves(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut Vec<LooseMove>,
    ) {
        if self.is_variant_end() {
            return;
        }
        let b = &self.board;
        match self.variant {
            Variant::Horde | Variant::KingOfTheHill | Variant::ThreeCheck | Variant::Crazyhouse => {
                b.generate_legal_moves(from_mask, to_mask, out);
            }
            Variant::RacingKings => races::racing_legal_moves_masked(b, from_mask, to_mask, out),
            Variant::Atomic if !(from_mask & b.layout.kings & b.layout.of_color(b.turn)).any() => {
                atomic::legal_piece_moves(self, from_mask, to_mask, out);
            }
            _ => {
                let start = out.len();
                self.generate_legal_moves(out);
                let mut keep = start;
                for i in start..out.len() {
                    let m = out[i];
                    if m.drop.is_none()
                        && from_mask.contains(m.from)
                        && to_mask.contains(castling_target(b, m))
                    {
                        out[keep] = m;
                        keep += 1;
                    }
                }
                out.truncate(keep);
            }
        }
    }

    /// Appends the pseudo-legal moves (the variant's pieces' moves, the king's safety not
    /// checked), as python-chess lists them: antichess's add king promotions and castle
    /// whatever attacks the king's path, atomic's castle by atomic's checks, none once the
    /// game is over; drops are not among them (python-chess lists them apart).
    pub fn generate_pseudo_legal_moves(&self, out: &mut Vec<LooseMove>) {
        let (all, start) = (Bitboard::FULL, out.len());
        match self.variant {
            Variant::Antichess => antichess::pseudo_legal_moves(self, out),
            Variant::Atomic => atomic::pseudo_legal_moves(self, out),
            _ => self.board.generate_pseudo_legal_moves(all, all, out),
        }
        // A game that is over castles no more, pseudo-legally either (python-chess's
        // castling generator gives nothing at a variant's end).
        if self.is_variant_end() {
            let added = out.split_off(start);
            out.extend(added.into_iter().filter(|&m| !self.board.is_castling(m)));
        }
    }

    /// Whether a move would leave the mover in check as the variant sees it (python-chess's
    /// `is_into_check`): never in antichess; in atomic, judged on the position after it,
    /// explosion made (a king blown up is in no check).
    pub fn is_into_check(&self, m: LooseMove) -> bool {
        match self.variant {
            Variant::Antichess => false,
            Variant::Atomic => atomic::is_check(&self.play_unchecked(m).board, self.board.turn),
            _ => self.board.is_into_check(m),
        }
    }

    /// Whether python-chess's `has_legal_en_passant` holds: the game is not over and a
    /// pseudo-legal en passant capture does not go into check by the variant's reckoning
    /// ([`is_into_check`](VariantBoard::is_into_check)). Not always a legal move: in racing
    /// kings it may give check, in atomic it may blow up the mover's own king. This decides
    /// whether the FEN keeps the en passant square.
    pub fn has_legal_en_passant(&self) -> bool {
        if self.board.ep_square.is_none() || self.is_variant_end() {
            return false;
        }
        let mut captures = Vec::new();
        self.board.generate_pseudo_legal_ep(Bitboard::FULL, Bitboard::FULL, &mut captures);
        captures.into_iter().any(|m| !self.is_into_check(m))
    }

    /// Whether the side to move is in check as the variant sees it (never in antichess;
    /// in atomic, not while its king touches the other).
    pub fn is_check(&self) -> bool {
        match self.variant {
            Variant::Antichess => false,
            Variant::Atomic => atomic::is_check(&self.board, self.board.turn),
            _ => self.board.is_check(),
        }
    }

    /// The position after `m`, a legal move (or one python-chess's `push` would make):
    /// explosions, pockets and checks given as the variant has them.
    pub fn play_unchecked(&self, m: LooseMove) -> VariantBoard {
        let mut next = *self;
        match self.variant {
            // A null move explodes nothing and fills no pocket, whatever stands on a1.
            _ if m.is_null() => next.board = self.board.play_unchecked(m),
            Variant::Atomic => atomic::play(self, m, &mut next),
            Variant::Crazyhouse => crazyhouse::play(self, m, &mut next),
            _ => next.board = self.board.play_unchecked(m),
        }
        if self.variant == Variant::ThreeCheck && next.board.is_check() {
            let mover = self.board.turn as usize;
            next.remaining_checks[mover] = next.remaining_checks[mover].saturating_sub(1);
        }
        next
    }

    /// The number of move paths `depth` moves deep (perft), as python-chess's perft
    /// counts them.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        // King of the hill and three-check move as standard chess does: the engine's
        // Position and move generator walk them when they take the position.
        if let Some(n) = engine_perft::perft(self, depth) {
            return n;
        }
        // One move list per ply, reused across the walk.
        let mut lists: Vec<Vec<LooseMove>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
        self.perft_with(depth, &mut lists)
    }

    pub(super) fn perft_with(&self, depth: u32, lists: &mut [Vec<LooseMove>]) -> u64 {
        if depth == 1
            && matches!(self.variant, Variant::Horde | Variant::Crazyhouse | Variant::Antichess)
        {
            return self.count_legal_moves() as u64;
        }
        let (list, rest) = lists.split_first_mut().expect("a list for each ply");
        list.clear();
        self.generate_legal_moves(list);
        if depth == 1 {
            return list.len() as u64;
        }
        list.iter().map(|&m| self.play_unchecked(m).perft_with(depth - 1, rest)).sum()
    }
}
