//! The common forms of SAN read and matched in one pass, for games read in bulk.
//!
//! Nearly every move of a real game is a pawn push (`e4`), a pawn capture (`exd5`) or a
//! piece move (`Nf3`, `Nxe5`, `Nbd7`, `R1e2`, `Raxd1`). For these, in check or not,
//! [`common_move`] finds the move straight from the text, without building a [`San`] first.
//! Anything else (castling, promotions, null moves, long forms, a text that is wrong) goes
//! to the full reader, which also says why a text is refused.
//!
//! The same matching serves a [`Position`], whose check information answers legality at
//! once, and a [`Board`], which finds it from the pieces (see [`SanBoard`]).
//!
//! [`San`]: crate::San

use lerf_bitboard::{Bitboard, FILES, RANKS, aligned, between, pawn_attacks, pseudo_attacks};
use lerf_position::{Board, Position};
use lerf_types::{Color, Direction, File, Move, PieceType, Rank, Square};

/// What matching SAN asks of a position: where the pieces stand, and whether a move the
/// piece can make leaves its king safe.
pub(crate) trait SanBoard {
    fn side_to_move(&self) -> Color;
    fn occupied(&self) -> Bitboard;
    fn pieces_of(&self, color: Color) -> Bitboard;
    fn pieces(&self, color: Color, pt: PieceType) -> Bitboard;
    fn is_empty(&self, sq: Square) -> bool;
    fn king_square(&self, color: Color) -> Square;
    fn ep_square(&self) -> Option<Square>;
    /// `m`, a move the piece on its origin can make, that is not the king's, castling or en
    /// passant, if it is legal.
    fn if_legal(&self, m: Move) -> Option<Move>;
    /// Whether `m`, a move the piece on its origin can make, is legal, whatever it is (the
    /// full test, for the king's steps and en passant).
    fn is_legal_move(&self, m: Move) -> bool;
}

/// Forwards the piece queries to the inherent methods of the same names.
macro_rules! forward_piece_queries {
    () => {
        #[inline(always)]
        fn side_to_move(&self) -> Color {
            Self::side_to_move(self)
        }
        #[inline(always)]
        fn occupied(&self) -> Bitboard {
            Self::occupied(self)
        }
        #[inline(always)]
        fn pieces_of(&self, color: Color) -> Bitboard {
            Self::pieces_of(self, color)
        }
        #[inline(always)]
        fn pieces(&self, color: Color, pt: PieceType) -> Bitboard {
            Self::pieces(self, color, pt)
        }
        #[inline(always)]
        fn is_empty(&self, sq: Square) -> bool {
            Self::is_empty(self, sq)
        }
        #[inline(always)]
        fn king_square(&self, color: Color) -> Square {
            Self::king_square(self, color)
        }
        #[inline(always)]
        fn ep_square(&self) -> Option<Square> {
            Self::ep_square(self)
        }
    };
}

impl SanBoard for Position {
    forward_piece_queries!();

    /// From the check information: the move answers any check, and a piece that shields
    /// its king stays on its line.
    #[inline]
    fn if_legal(&self, m: Move) -> Option<Move> {
        let (us, from, to) = (self.side_to_move(), m.from(), m.to());
        let pinned =
            self.blockers_for_king(us).contains(from) && !aligned(from, to, self.king_square(us));
        (evasion_targets(self).contains(to) && !pinned).then_some(m)
    }

    #[inline]
    fn is_legal_move(&self, m: Move) -> bool {
        self.is_legal(m)
    }
}

impl SanBoard for Board {
    forward_piece_queries!();

    #[inline]
    fn if_legal(&self, m: Move) -> Option<Move> {
        self.leaves_king_safe(m).then_some(m)
    }

    #[inline]
    fn is_legal_move(&self, m: Move) -> bool {
        self.leaves_king_safe(m)
    }
}

/// The piece each byte names as the first letter of a SAN (`None` for pawns and others).
const PIECE_LETTER: [Option<PieceType>; 256] = {
    let mut letters = [None; 256];
    letters[b'N' as usize] = Some(PieceType::Knight);
    letters[b'B' as usize] = Some(PieceType::Bishop);
    letters[b'R' as usize] = Some(PieceType::Rook);
    letters[b'Q' as usize] = Some(PieceType::Queen);
    letters[b'K' as usize] = Some(PieceType::King);
    letters
};

/// The move `text` names in `pos` when it is one of the common forms, read as the full
/// reader reads it, and exactly one legal move fits; `None` leaves the text to the full
/// reader (which gives the same answer, or the reason there is none).
// Always inline: it is the whole of a replay's SAN matching, and as a call (which the
// compiler chose once the PGN reader's move token grew) it cost a PGN replay 10%.
#[inline(always)]
pub(crate) fn common_move<B: SanBoard>(pos: &B, text: &[u8]) -> Option<Move> {
    let body = match text {
        [body @ .., b'+' | b'#'] => body,
        _ => text,
    };
    let [.., file, rank] = *body else { return None };
    let to = square(file, rank)?;
    if pos.pieces_of(pos.side_to_move()).contains(to) {
        return None;
    }
    match PIECE_LETTER[usize::from(body[0])] {
        Some(piece) => piece_move(pos, piece, &body[1..body.len() - 2], to),
        None => match *body {
            [_, _] => pawn_push(pos, to),
            [from_file, b'x', _, _] => pawn_capture(pos, file_of(from_file)?, to),
            _ => None,
        },
    }
}

/// The type of the piece that makes a move [`common_move`] found in `text`: the one its
/// first letter names, else a pawn.
#[inline(always)]
pub(crate) fn common_move_piece(text: &[u8]) -> PieceType {
    text.first().and_then(|&c| PIECE_LETTER[usize::from(c)]).unwrap_or(PieceType::Pawn)
}

/// Where a piece other than the king may move: anywhere when not in check, onto the
/// checker or between it and the king in single check, nowhere in double check.
#[inline]
fn evasion_targets(pos: &Position) -> Bitboard {
    let checkers = pos.checkers();
    match checkers.lsb() {
        None => Bitboard::FULL,
        Some(_) if checkers.more_than_one() => Bitboard::EMPTY,
        Some(checker) => {
            between(pos.king_square(pos.side_to_move()), checker) | Bitboard::from(checker)
        }
    }
}

/// The square of a file letter and a rank digit.
#[inline]
fn square(file: u8, rank: u8) -> Option<Square> {
    Some(Square::new(file_of(file)?, rank_of(rank)?))
}

#[inline]
fn file_of(c: u8) -> Option<File> {
    let index = c.wrapping_sub(b'a');
    (index < 8).then(|| File::from_index_wrapping(index))
}

#[inline]
fn rank_of(c: u8) -> Option<Rank> {
    let index = c.wrapping_sub(b'1');
    (index < 8).then(|| Rank::from_index_wrapping(index))
}

/// The king's step to `to`, if no enemy piece attacks `to` once the king has left its
/// square.
fn king_step<B: SanBoard>(pos: &B, to: Square) -> Option<Move> {
    let m = Move::new(pos.king_square(pos.side_to_move()), to);
    pos.is_legal_move(m).then_some(m)
}

/// `e4`: a pawn of the side to move steps (or, from its second rank, jumps) to `to`.
fn pawn_push<B: SanBoard>(pos: &B, to: Square) -> Option<Move> {
    let us = pos.side_to_move();
    if to.rank() == Rank::R8.relative(us) || !pos.is_empty(to) {
        return None; // a promotion without its piece, or a capture without its file
    }
    let pawns = pos.pieces(us, PieceType::Pawn);
    let one = to.offset(Direction::up(!us))?;
    if pawns.contains(one) {
        return pos.if_legal(Move::new(one, to));
    }
    let two = one.offset(Direction::up(!us))?;
    let jumps = to.rank() == Rank::R4.relative(us) && pos.is_empty(one) && pawns.contains(two);
    if jumps { pos.if_legal(Move::new(two, to)) } else { None }
}

/// `exd5`: the pawn on file `from` takes on `to`, or en passant.
fn pawn_capture<B: SanBoard>(pos: &B, from: File, to: Square) -> Option<Move> {
    let us = pos.side_to_move();
    if to.rank() == Rank::R8.relative(us) {
        return None; // a promotion without its piece
    }
    // One square of the file attacks `to`, if the files are neighbours.
    let origin = pawn_attacks(!us, to) & FILES[from as usize] & pos.pieces(us, PieceType::Pawn);
    let from = origin.lsb()?;
    if pos.ep_square() == Some(to) {
        let m = Move::en_passant(from, to);
        pos.is_legal_move(m).then_some(m)
    } else if pos.pieces_of(!us).contains(to) {
        pos.if_legal(Move::new(from, to))
    } else {
        None
    }
}

/// `Nf3`, `Nxf3`, `Nbd7`, `N1f3`, `Nb1d2`, `Raxd1`: `middle` is what stands between the
/// piece letter and the destination (an origin file, rank or both, then `x` or `-`).
fn piece_move<B: SanBoard>(pos: &B, piece: PieceType, middle: &[u8], to: Square) -> Option<Move> {
    let mut from_mask = Bitboard::FULL;
    let mut rest = middle;
    if let Some(file) = rest.first().and_then(|&c| file_of(c)) {
        from_mask &= FILES[file as usize];
        rest = &rest[1..];
    }
    if let Some(rank) = rest.first().and_then(|&c| rank_of(c)) {
        from_mask &= RANKS[rank as usize];
        rest = &rest[1..];
    }
    if !matches!(rest, [] | [b'x' | b'-']) {
        return None;
    }
    let us = pos.side_to_move();
    // The piece's reach on an empty board (one small table: it stays in the cache, where
    // the slider attack tables, read at scattered squares, would miss), then the path of
    // the piece that stands on it checked.
    let reach = pseudo_attacks(piece, to);
    let reaching = reach & pos.pieces(us, piece) & from_mask;
    let from = reaching.lsb()?;
    if reaching.more_than_one() {
        return several_reaching(pos, reaching, to);
    }
    // Nearly never blocked in a real game: a branch taken on the text's errors only, so
    // that the move does not wait for the table.
    if (between(from, to) & pos.occupied()).any() {
        return None;
    }
    if piece == PieceType::King { king_step(pos, to) } else { pos.if_legal(Move::new(from, to)) }
}

/// The move to `to` of the one piece of `reaching` (pieces of one type other than the king
/// that reach `to` on an empty board) whose path is clear and whose move is legal; `None`
/// when none or several are.
fn several_reaching<B: SanBoard>(pos: &B, reaching: Bitboard, to: Square) -> Option<Move> {
    let occupied = pos.occupied();
    let clear = reaching.into_iter().filter(|&from| (between(from, to) & occupied).is_empty());
    let mut legal = clear.filter_map(|from| pos.if_legal(Move::new(from, to)));
    let m = legal.next()?;
    legal.next().is_none().then_some(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::parse_san_slow;
    use crate::{SanError, SanErrorKind};
    use lerf_movegen::legal_moves;

    /// The 751 positions of the python-chess test data (random games: standard, crowded,
    /// promotions, en passant, Chess960 castling).
    /// And a few made for it: double check, an en-passant capture that answers a check,
    /// pins along each kind of line, two candidates in check.
    fn positions() -> impl Iterator<Item = Position> {
        let made = [
            "4k3/8/8/4r3/1b6/5N2/8/3QK3 w - - 0 1",
            "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2",
            "4k3/8/8/2bpP3/4K3/8/8/8 w - d6 0 2",
            "k7/8/8/KPp4r/8/8/8/8 w - c6 0 2",
            "4k3/4r3/8/8/1b6/2N5/3B4/4K3 w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            // In check, two knights reach d5 (which answers nothing), one of them pinned.
            "4r2k/8/8/b7/5N2/2N5/8/4K3 w - - 0 1",
        ];
        // Every line of the data with LERF_LONG_TESTS (`cargo xtask test --long`, what CI
        // runs); every fourth in the quick run (this test was 4.9 s of a core, the rest of the
        // crate's tests 0.1 s).
        let long = std::env::var("LERF_LONG_TESTS").is_ok_and(|v| !v.is_empty() && v != "0");
        let step = if long { 1 } else { 4 };
        let data = include_str!("../tests/data/san_moves.txt").lines().step_by(step);
        made.into_iter()
            .chain(data.map(|line| line.split(';').next().unwrap_or_default()))
            .map(|fen| Position::from_fen(fen).expect("a FEN"))
    }

    /// Every text of the common forms: each piece letter (or none) to each square, with an
    /// origin file, rank or square, and pawn captures from each file.
    fn common_texts() -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for to in Square::ALL {
            let to = to.to_string();
            for piece in ["", "N", "B", "R", "Q", "K"] {
                out.push(format!("{piece}{to}").into_bytes());
                out.push(format!("{piece}x{to}+").into_bytes());
                for from in ["a", "e", "h", "1", "4", "8", "e2", "d4"] {
                    out.push(format!("{piece}{from}x{to}").into_bytes());
                }
            }
        }
        // Null moves and castling, which the full reader reads.
        for other in ["--", "Z0", "0000", "O-O", "O-O-O+"] {
            out.push(other.as_bytes().to_vec());
        }
        out
    }

    /// Texts to try in `pos`: every legal move's SAN and LAN, with and without the suffix
    /// and the `x`, and altered copies (another destination, another origin, another piece).
    fn texts(pos: &Position) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for &m in legal_moves(pos).iter() {
            let san = crate::san(pos, m).as_bytes().to_vec();
            let lan = crate::lan(pos, m).as_bytes().to_vec();
            let plain: Vec<u8> = san.iter().copied().filter(|&c| !b"x+#".contains(&c)).collect();
            for text in [san, lan, plain] {
                for i in 0..text.len() {
                    for c in [b'a', b'h', b'1', b'8', b'x', b'N', b'K', b'+'] {
                        let mut altered = text.clone();
                        altered[i] = c;
                        out.push(altered);
                    }
                    let mut shorter = text.clone();
                    shorter.remove(i);
                    out.push(shorter);
                }
                out.push(text);
            }
        }
        out
    }

    /// `play_san_board` gives what `parse_san_board` gave (`parsed`), leaves the board as
    /// `do_move` of that move does, and leaves it untouched on an error.
    fn assert_plays_alike(board: &Board, text: &[u8], parsed: Result<Move, SanError>) {
        let mut played = *board;
        let result = crate::play_san_board(&mut played, text);
        let text = String::from_utf8_lossy(text);
        let mut expected = *board;
        match parsed {
            Ok(Move::NULL) if board.in_check() => {
                assert_eq!(result.map_err(|e| e.kind), Err(SanErrorKind::NullMoveInCheck));
                assert!(played.eq_including_clocks(board), "{text:?} in {board}");
                return;
            }
            Ok(Move::NULL) => expected.do_null_move(),
            Ok(m) => expected.do_move(m),
            Err(_) => {}
        }
        assert_eq!(result, parsed, "{text:?} in {board}");
        assert!(played.eq_including_clocks(&expected), "{text:?} in {board}: {played}");
    }

    /// The one-pass reader agrees with the full one wherever it answers, and answers for
    /// most moves of real play; on a [`Board`], every text gives what it gives on the
    /// position, errors included.
    #[test]
    fn agrees_with_the_full_reader() {
        let (mut answered, mut moves) = (0, 0);
        let common = common_texts();
        for pos in positions() {
            let board = Board::from(&pos);
            for text in texts(&pos).iter().chain(&common) {
                let full = parse_san_slow(&pos, text);
                let on_board = crate::parse_san_board(&board, text);
                assert_eq!(
                    on_board,
                    full,
                    "{:?} on a Board in {pos}",
                    String::from_utf8_lossy(text)
                );
                assert_plays_alike(&board, text, on_board);
                if let Some(m) = common_move(&pos, text) {
                    let text = String::from_utf8_lossy(text);
                    assert_eq!(full, Ok(m), "{text:?} in {}", pos.to_fen());
                }
            }
            for &m in legal_moves(&pos).iter() {
                moves += 1;
                let text = crate::san(&pos, m);
                answered += usize::from(common_move(&pos, text.as_bytes()).is_some());
            }
        }
        assert!(answered * 10 > moves * 8, "{answered} of {moves} legal moves read in one pass");
    }
}
