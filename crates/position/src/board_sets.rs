//! [`Board::from_sets`]: a board from bitboards, checked as a FEN is, for bindings and tools
//! that hold positions as sets of squares and should not go through text.

use crate::Board;
use crate::validate::{double_push_passed, game_can_give};
use lerf_bitboard::{Bitboard, RANK_1, RANK_8};
use lerf_types::{ByColor, CastlingSide, Color, File, PieceType, Rank, Square};

/// Why [`Board::from_sets`] refused its sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetsError {
    /// Two sets claim one square, or the colour sets and the type sets differ.
    Overlap,
    /// A side has no king, or more than one.
    Kings(Color),
    /// A pawn stands on the first or last rank.
    PawnOnBackRank,
    /// A side has more pieces than a game can give it.
    TooManyPieces(Color),
    /// The side not to move is in check.
    OpponentInCheck,
    /// The side to move's king is attacked by more than two pieces (this many), which no
    /// move makes.
    TooManyCheckers(u32),
    /// An en passant square no double pawn push can have passed (the wrong rank, no enemy
    /// pawn in front of it, or the square or the one behind it taken).
    EnPassant(Square),
    /// A castling right without its king and rook on the back rank, on the right sides.
    CastlingRook(Color),
}

impl core::fmt::Display for SetsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SetsError::Overlap => f.write_str("piece sets overlap or disagree"),
            SetsError::Kings(c) => write!(f, "{c:?} does not have exactly one king"),
            SetsError::PawnOnBackRank => f.write_str("a pawn on the first or last rank"),
            SetsError::TooManyPieces(c) => write!(f, "{c:?} has more pieces than a game can give"),
            SetsError::OpponentInCheck => f.write_str("the side not to move is in check"),
            SetsError::TooManyCheckers(n) => write!(f, "the king is attacked by {n} pieces"),
            SetsError::EnPassant(sq) => write!(f, "no double pawn push can have passed {sq}"),
            SetsError::CastlingRook(c) => {
                write!(f, "{c:?} has a castling right without its king and rook on the back rank")
            }
        }
    }
}

impl core::error::Error for SetsError {}

impl Board {
    /// The board with pieces `by_color` (White, Black) of types `by_type` (pawn … king, both
    /// colours), `side_to_move`, no castling rights, the en passant square kept only when a
    /// legal capture onto it exists (as FEN reading keeps it), and the two counters.
    /// Refused where [`Position::from_fen`](crate::Position::from_fen) would refuse the
    /// same position's FEN.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_position::Board;
    /// use lerf_types::{Color, Square};
    /// let sq = |s: Square| Bitboard::from_square(s);
    /// let kings = sq(Square::E1) | sq(Square::E8);
    /// let board = Board::from_sets(
    ///     [sq(Square::E1) | sq(Square::A1), sq(Square::E8)],
    ///     [Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY, sq(Square::A1), Bitboard::EMPTY, kings],
    ///     Color::White, None, 0, 1,
    /// )?;
    /// assert_eq!(board.to_string(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    /// # Ok::<(), lerf_position::SetsError>(())
    /// ```
    pub fn from_sets(
        by_color: [Bitboard; 2],
        by_type: [Bitboard; 6],
        side_to_move: Color,
        ep_square: Option<Square>,
        rule50: u16,
        fullmove_number: u32,
    ) -> Result<Board, SetsError> {
        let occupied = by_color[0] | by_color[1];
        let mut union = Bitboard::EMPTY;
        let mut total = 0;
        for set in by_type {
            union |= set;
            total += set.popcount();
        }
        if (by_color[0] & by_color[1]).any() || union != occupied || total != occupied.popcount() {
            return Err(SetsError::Overlap);
        }
        let kings = by_type[PieceType::King.index() - 1];
        let pawns = by_type[PieceType::Pawn.index() - 1];
        for color in Color::ALL {
            let mine = by_color[color.index()];
            if (kings & mine).popcount() != 1 {
                return Err(SetsError::Kings(color));
            }
            let count = |pt: PieceType| (by_type[pt.index() - 1] & mine).popcount();
            let others = [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen];
            if !game_can_give(mine.popcount(), count(PieceType::Pawn), others.map(count)) {
                return Err(SetsError::TooManyPieces(color));
            }
        }
        if (pawns & (RANK_1 | RANK_8)).any() {
            return Err(SetsError::PawnOnBackRank);
        }
        let mut types = [occupied; 7];
        types[1..].copy_from_slice(&by_type);
        let mut board = Board {
            by_type: types,
            by_color: ByColor::new(by_color[0], by_color[1]),
            castling_rooks: [None; 4],
            ep_square: None,
            side_to_move: !side_to_move,
            chess960: false,
            rule50,
            game_ply: 2 * (fullmove_number.max(1) - 1) + side_to_move as u32,
        };
        if board.in_check() {
            return Err(SetsError::OpponentInCheck);
        }
        board.side_to_move = side_to_move;
        let checkers = board.checkers().popcount();
        if checkers > 2 {
            return Err(SetsError::TooManyCheckers(checkers));
        }
        if let Some(ep) = ep_square {
            let their_pawns = pawns & by_color[(!side_to_move).index()];
            let passed = ep.rank() == Rank::R6.relative(side_to_move)
                && double_push_passed(ep, side_to_move, their_pawns, occupied);
            if !passed {
                return Err(SetsError::EnPassant(ep));
            }
        }
        board.ep_square = ep_square.filter(|&ep| board.en_passant_capture_exists(ep));
        Ok(board)
    }
}

impl Board {
    /// This board with `color`'s right to castle on `side` with the rook on `rook` (any file:
    /// Chess960 when the king is not on the e-file or the rook not in its corner). Refused
    /// unless `color`'s king and a rook of its colour stand on its back rank, the rook on
    /// `side` of the king.
    ///
    /// ```
    /// use lerf_position::Board;
    /// use lerf_types::{CastlingSide, Color, Square};
    /// let board: Board = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse()?;
    /// let board = board.with_castling_rook(Color::White, CastlingSide::Queen, Square::A1)?;
    /// assert_eq!(board.to_string(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_castling_rook(
        mut self,
        color: Color,
        side: CastlingSide,
        rook: Square,
    ) -> Result<Board, SetsError> {
        let back = Rank::R1.relative(color);
        let king = self.king_square(color);
        let (on_side, corner) = match side {
            CastlingSide::King => (rook.file() > king.file(), File::H),
            CastlingSide::Queen => (rook.file() < king.file(), File::A),
        };
        if king.rank() != back
            || rook.rank() != back
            || !on_side
            || !self.pieces(color, PieceType::Rook).contains(rook)
        {
            return Err(SetsError::CastlingRook(color));
        }
        self.castling_rooks[crate::board::right_index(color, side)] = Some(rook);
        self.chess960 |= king.file() != File::E || rook.file() != corner;
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    fn sets_of(b: &Board) -> ([Bitboard; 2], [Bitboard; 6]) {
        let by_type = PieceType::ALL.map(|pt| b.pieces_of_type(pt));
        ([b.pieces_of(Color::White), b.pieces_of(Color::Black)], by_type)
    }

    #[test]
    fn sets_give_the_board_the_fen_gives() {
        for fen in [
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "8/8/8/k2Pp3/8/8/8/4K3 w - e6 0 2",
            "8/8/8/k2Pp3/8/8/8/4K3 w - - 0 2",
            "4k3/8/8/8/4pP2/8/8/4K2R b - f3 5 30",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ] {
            let parsed: Board = fen.parse().unwrap();
            let (c, t) = sets_of(&parsed);
            let built = Board::from_sets(
                c,
                t,
                parsed.side_to_move(),
                parsed.ep_square(),
                parsed.rule50_count() as u16,
                parsed.fullmove_number(),
            )
            .unwrap();
            assert!(built.eq_including_clocks(&parsed), "{fen}: {built}");
        }
        // An en passant square with no legal capture is dropped, as FEN reading drops it;
        // one no double push can have passed is refused, as FEN reading refuses it (found
        // by the `binpack_formats` fuzz target: a .bin record's h8, which a pawn on g7
        // attacks, was kept).
        let parsed: Board = "8/8/8/k3p3/8/8/8/4K3 w - - 0 2".parse().unwrap();
        let (c, t) = sets_of(&parsed);
        let built = Board::from_sets(c, t, Color::White, Some(Square::E6), 0, 2).unwrap();
        assert_eq!(built.ep_square(), None);
        let parsed: Board = "7N/6P1/8/k2Pp3/8/8/8/4K3 w - - 0 2".parse().unwrap();
        let (c, t) = sets_of(&parsed);
        for (ep, fen_ep) in [(Square::A6, "a6"), (Square::H8, "h8"), (Square::D6, "d6")] {
            let built = Board::from_sets(c, t, Color::White, Some(ep), 0, 2);
            assert_eq!(built.map(|b| b.ep_square()), Err(SetsError::EnPassant(ep)), "{ep}");
            let fen = format!("7N/6P1/8/k2Pp3/8/8/8/4K3 w - {fen_ep} 0 2");
            assert!(Position::from_fen(&fen).is_err(), "{fen}");
        }
        let built = Board::from_sets(c, t, Color::White, Some(Square::E6), 0, 2).unwrap();
        assert_eq!(built.ep_square(), Some(Square::E6));
    }

    #[test]
    fn sets_are_refused_where_the_fen_is() {
        for fen in [
            "4k3/8/8/8/8/8/8/R3K2k w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2r b - - 0 1",
            "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            assert!(Position::from_fen(fen).is_err(), "{fen}");
        }
        let e = |s| Bitboard::from_square(s);
        let none = Bitboard::EMPTY;
        let kings = e(Square::E1) | e(Square::E8);
        // Two black kings.
        let two = kings | e(Square::H1);
        assert_eq!(
            Board::from_sets(
                [e(Square::E1), e(Square::E8) | e(Square::H1)],
                [none, none, none, none, none, two],
                Color::White,
                None,
                0,
                1
            ),
            Err(SetsError::Kings(Color::Black))
        );
        // The rook gives check to the side not to move.
        let rook = e(Square::H8);
        assert_eq!(
            Board::from_sets(
                [e(Square::E1) | rook, e(Square::E8)],
                [none, none, none, rook, none, kings],
                Color::White,
                None,
                0,
                1
            ),
            Err(SetsError::OpponentInCheck)
        );
        // A pawn on the last rank; sets that disagree.
        let pawn = e(Square::A8);
        assert_eq!(
            Board::from_sets(
                [e(Square::E1) | pawn, e(Square::E8)],
                [pawn, none, none, none, none, kings],
                Color::White,
                None,
                0,
                1
            ),
            Err(SetsError::PawnOnBackRank)
        );
        assert_eq!(
            Board::from_sets(
                [e(Square::E1), e(Square::E8)],
                [pawn, none, none, none, none, kings],
                Color::White,
                None,
                0,
                1
            ),
            Err(SetsError::Overlap)
        );
    }

    /// Material a game cannot give (found by the `binpack_formats` fuzz target: a `.bin`
    /// record of eleven white queens and rooks and no pawns read, and its `.plain` did not)
    /// and a king in triple check are refused by both; the rest is accepted by both.
    #[test]
    fn sets_and_fens_agree_on_material_and_checkers() {
        for (fen, possible) in [
            ("2RqQ1Rq/Q1RqQ1Rq/Q1RqQ1RQ/7k/8/8/1K6/8 b - - 0 1", false),
            ("4k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1", false),
            ("4k3/8/8/8/8/8/PPPPPP2/QQQ1K3 w - - 0 1", true),
            ("4k3/8/8/8/8/8/PPPPPPP1/NNN1K3 w - - 0 1", true),
            ("4k3/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1", false),
            ("4k3/8/8/8/8/8/PPPPP3/BBBBBK2 w - - 0 1", true),
            ("7k/8/8/8/8/8/RRRRRRR1/RRRRRRK1 w - - 0 1", false),
            ("qqq1k3/ppppppp1/8/8/8/8/8/4K3 b - - 0 1", false),
            ("qqq1k3/pppppp2/8/8/8/8/8/4K3 b - - 0 1", true),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", true),
            // Three checkers (the fuzz target again, with the first fix in: a .bin record
            // read, its FEN refused).
            ("1Q3qQ1/3P4/K7/8/4N3/6k1/8/8 b - - 0 1", false),
            ("1Q3q2/3P4/K7/8/4N3/6k1/8/8 b - - 0 1", true),
        ] {
            assert_eq!(Position::from_fen(fen).is_ok(), possible, "{fen}");
            // The same pieces as sets, placed square by square.
            let (mut by_color, mut by_type) = ([Bitboard::EMPTY; 2], [Bitboard::EMPTY; 6]);
            let (placement, turn) = fen.split_once(' ').unwrap();
            for (i, row) in placement.split('/').enumerate() {
                let mut file = 0;
                for c in row.chars() {
                    if let Some(n) = c.to_digit(10) {
                        file += n as u8;
                        continue;
                    }
                    let sq = Square::from_index_wrapping((7 - i as u8) * 8 + file);
                    let pt = PieceType::from_char(c.to_ascii_lowercase()).unwrap();
                    by_type[pt.index() - 1] |= sq;
                    by_color[usize::from(c.is_ascii_lowercase())] |= sq;
                    file += 1;
                }
            }
            let stm = if turn.starts_with('w') { Color::White } else { Color::Black };
            let built = Board::from_sets(by_color, by_type, stm, None, 0, 1);
            assert_eq!(built.is_ok(), possible, "{fen}: {built:?}");
            if !possible {
                let why = matches!(
                    built,
                    Err(SetsError::TooManyPieces(_) | SetsError::TooManyCheckers(3))
                );
                assert!(why, "{fen}: {built:?}");
            }
        }
    }

    #[test]
    fn castling_rooks_are_checked_and_mark_chess960() {
        let board: Board = "1r2k3/8/8/8/8/8/8/1R1K3R w - - 0 1".parse().unwrap();
        let white = Color::White;
        // No rook on a1; the h1 rook is not on the queen side; no Black rook on h8.
        assert!(board.with_castling_rook(white, CastlingSide::Queen, Square::A1).is_err());
        assert!(board.with_castling_rook(white, CastlingSide::Queen, Square::H1).is_err());
        assert!(board.with_castling_rook(Color::Black, CastlingSide::King, Square::H8).is_err());
        let standard = board.with_castling_rook(white, CastlingSide::King, Square::H1).unwrap();
        assert!(standard.is_chess960(), "the king is on d1");
        let b1 = board.with_castling_rook(white, CastlingSide::Queen, Square::B1).unwrap();
        assert_eq!(b1.castling_rook_square(white, CastlingSide::Queen), Some(Square::B1));
        let back: Board = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1".parse().unwrap();
        let kq = back.with_castling_rook(white, CastlingSide::King, Square::H1).unwrap();
        assert!(!kq.is_chess960());
        assert_eq!(kq.to_string(), "4k3/8/8/8/8/8/8/R3K2R w K - 0 1");
    }
}
