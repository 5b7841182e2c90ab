//! From SAN to the legal move it names, with python-chess's rules.

use crate::error::{SanError, SanErrorKind};
use crate::san::{San, SanPlus};
use lerf_bitboard::{Bitboard, FILES, RANKS, pawn_attacks};
use lerf_magics::attacks;
use lerf_position::{Board, Position};
use lerf_types::{CastlingSide, Direction, Move, PieceType, Rank, Square};

/// The legal move that `text` names in `pos`, read as python-chess reads SAN: the `x` and
/// the check suffix are not checked, a pawn capture needs its file, and a fully given origin
/// without a piece letter (`e2e4`, `e7e8q`) names any piece's move, castling included
/// (`e1g1` in standard chess, or the king taking its rook). Null moves give [`Move::NULL`]
/// (play it with `do_null_move`).
///
/// ```
/// use lerf_position::Position;
/// use lerf_san::parse_san;
/// let pos = Position::startpos();
/// let m = parse_san(&pos, "Nf3")?;
/// assert_eq!(pos.uci(m).to_string(), "g1f3");
/// assert_eq!(parse_san(&pos, "e4")?, parse_san(&pos, "e2e4")?);
/// # Ok::<(), lerf_san::SanError>(())
/// ```
///
/// # Errors
///
/// A [`SanError`] saying why and where: bad syntax, an unknown piece letter, no such move,
/// an illegal one (with the reason), an ambiguous one, or a missing promotion.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, SanError> {
    parse_san_bytes(pos, text.as_bytes())
}

/// [`parse_san`] on bytes (a PGN token, say).
///
/// # Errors
///
/// As [`parse_san`].
///
/// ```
/// use lerf_position::Position;
/// use lerf_san::parse_san_bytes;
/// let pos = Position::startpos();
/// let m = parse_san_bytes(&pos, b"Nf3")?;
/// assert_eq!(pos.uci(m).to_string(), "g1f3");
/// # Ok::<(), lerf_san::SanError>(())
/// ```
// Inline, so that a caller reading many moves sees the common case without the error's
// room in the result; the full reader stays a call.
#[inline]
pub fn parse_san_bytes(pos: &Position, text: &[u8]) -> Result<Move, SanError> {
    match crate::common::common_move(pos, text) {
        Some(m) => Ok(m),
        None => parse_san_slow(pos, text),
    }
}

/// [`parse_san_bytes`] on a [`Board`]: the same move, or the same error, found from the
/// pieces alone. Castling and the common forms are matched on the board; the rare rest
/// (promotions, long forms, errors) on a [`Position`] made from it.
///
/// ```
/// use lerf_position::Board;
/// use lerf_san::parse_san_board;
/// let mut board = Board::default();
/// for text in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"] {
///     let m = parse_san_board(&board, text.as_bytes())?;
///     board.do_move(m);
/// }
/// assert_eq!(board.to_string(), "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
/// assert!(parse_san_board(&board, b"O-O-O").is_err());
/// # Ok::<(), lerf_san::SanError>(())
/// ```
///
/// # Errors
///
/// As [`parse_san`].
#[inline]
pub fn parse_san_board(board: &Board, text: &[u8]) -> Result<Move, SanError> {
    match crate::common::common_move(board, text) {
        Some(m) => Ok(m),
        None => parse_san_board_slow(board, text),
    }
}

/// Reads `text` as SAN on `board`, as [`parse_san_board`] does, and plays the move (a null
/// move too): a little faster than the two steps, since the text names the moving piece.
/// A refused text leaves the board untouched.
///
/// ```
/// use lerf_position::Board;
/// use lerf_san::play_san_board;
/// let mut board = Board::default();
/// for text in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"] {
///     play_san_board(&mut board, text.as_bytes())?;
/// }
/// assert_eq!(board.to_string(), "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
/// assert!(play_san_board(&mut board, b"Bxf7").is_err());
/// # Ok::<(), lerf_san::SanError>(())
/// ```
///
/// # Errors
///
/// As [`parse_san`], and [`SanErrorKind::NullMoveInCheck`] for a null move in check.
#[inline]
pub fn play_san_board(board: &mut Board, text: &[u8]) -> Result<Move, SanError> {
    if let Some(m) = crate::common::common_move(board, text) {
        board.do_move_by(m, crate::common::common_move_piece(text));
        return Ok(m);
    }
    let m = parse_san_board_slow(board, text)?;
    if m != Move::NULL {
        board.do_move(m);
    } else if board.in_check() {
        return Err(SanError::new(SanErrorKind::NullMoveInCheck, 0, text));
    } else {
        board.do_null_move();
    }
    Ok(m)
}

/// [`parse_san_board`] past the common forms.
#[inline(never)]
fn parse_san_board_slow(board: &Board, text: &[u8]) -> Result<Move, SanError> {
    if let Ok(SanPlus { san: San::Castle(side), .. }) = SanPlus::from_ascii(text)
        && let Some(m) = board.castling_move(side)
    {
        return Ok(m);
    }
    parse_san_slow(&Position::from(board), text)
}

/// [`parse_san_bytes`] through the whole reader: the text to a [`San`], then to the move.
#[inline(never)]
pub(crate) fn parse_san_slow(pos: &Position, text: &[u8]) -> Result<Move, SanError> {
    let san = SanPlus::from_ascii(text)?.san;
    san.to_move(pos).map_err(|kind| SanError::new(kind, 0, text))
}

/// What the candidates for a SAN came to.
struct Matches {
    found: Option<Move>,
    legal: usize,
    /// Why the first candidate that is not legal is not.
    refused: Option<lerf_position::IllegalMoveReason>,
    /// A pawn move to the last rank without a promotion piece was among the candidates.
    promotion_missing: bool,
}

impl Matches {
    fn new() -> Matches {
        Matches { found: None, legal: 0, refused: None, promotion_missing: false }
    }

    /// A candidate that the piece can make (pseudo-legal): when not in check, only pins and
    /// king safety are left to check, which `is_legal` does quickly.
    fn offer_reachable(&mut self, pos: &Position, m: Move) {
        if !pos.in_check() && pos.is_legal(m) {
            if self.found != Some(m) {
                self.legal += 1;
            }
            self.found = Some(m);
        } else {
            self.offer(pos, m);
        }
    }

    fn offer(&mut self, pos: &Position, m: Move) {
        match pos.check_move(m) {
            Ok(()) => {
                if self.found != Some(m) {
                    self.legal += 1;
                }
                self.found = Some(m);
            }
            Err(e) => {
                self.refused.get_or_insert(e.reason);
            }
        }
    }

    fn result(self) -> Result<Move, SanErrorKind> {
        match (self.legal, self.found) {
            (1, Some(m)) => Ok(m),
            (0, _) if self.promotion_missing => Err(SanErrorKind::MissingPromotion),
            (0, _) => Err(self.refused.map_or(SanErrorKind::NoSuchMove, SanErrorKind::Illegal)),
            _ => Err(SanErrorKind::Ambiguous),
        }
    }
}

impl San {
    /// The legal move this SAN names in `pos` (see [`parse_san`]).
    ///
    /// # Errors
    ///
    /// The [`SanErrorKind`] saying why none (or more than one) fits.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_san::{San, SanErrorKind};
    /// let pos = Position::startpos();
    /// let san: San = "e4".parse()?;
    /// assert_eq!(pos.uci(san.to_move(&pos).unwrap()).to_string(), "e2e4");
    /// let nowhere: San = "Qh5".parse()?;
    /// assert!(matches!(nowhere.to_move(&pos), Err(SanErrorKind::Illegal(_) | SanErrorKind::NoSuchMove)));
    /// # Ok::<(), lerf_san::SanError>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanErrorKind> {
        match *self {
            San::Null => Ok(Move::NULL),
            San::Castle(side) => castling(pos, side),
            San::Normal { piece, file, rank, to, promotion, .. } => {
                let mut from_mask = Bitboard::FULL;
                if let Some(f) = file {
                    from_mask &= FILES[f as usize];
                }
                if let Some(r) = rank {
                    from_mask &= RANKS[r as usize];
                }
                let mut matches = Matches::new();
                match (piece, file, rank) {
                    (PieceType::Pawn, Some(f), Some(r)) => {
                        fully_given(pos, &mut matches, Square::new(f, r), to, promotion);
                    }
                    (PieceType::Pawn, ..) if pos.pieces_of(pos.side_to_move()).contains(to) => {
                        return Err(SanErrorKind::NoSuchMove);
                    }
                    (PieceType::Pawn, ..) => {
                        // Without its file a pawn can only push, as python-chess reads it.
                        let files =
                            if file.is_some() { from_mask } else { FILES[to.file() as usize] };
                        pawn_moves(pos, &mut matches, from_mask & files, to, promotion);
                    }
                    // Only pawns promote: a piece letter with a promotion fits nothing.
                    _ if promotion.is_some() => return Err(SanErrorKind::NoSuchMove),
                    // A move onto one's own piece (castling as king-takes-rook included) is
                    // not SAN, as in python-chess.
                    _ if pos.pieces_of(pos.side_to_move()).contains(to) => {
                        return Err(SanErrorKind::NoSuchMove);
                    }
                    (piece, ..) => piece_moves(pos, &mut matches, piece, from_mask, to),
                }
                matches.result()
            }
        }
    }
}

fn castling(pos: &Position, side: CastlingSide) -> Result<Move, SanErrorKind> {
    let us = pos.side_to_move();
    let rook = pos.castling_rook_square(us, side).ok_or(SanErrorKind::NoSuchMove)?;
    let m = Move::castling(pos.king_square(us), rook);
    pos.check_move(m).map(|()| m).map_err(|e| SanErrorKind::Illegal(e.reason))
}

/// Moves of `piece` from `from_mask` to `to` (never castling: python-chess reads `Kg1` as a
/// king step, not as castling).
fn piece_moves(
    pos: &Position,
    matches: &mut Matches,
    piece: PieceType,
    from_mask: Bitboard,
    to: Square,
) {
    let movers = pos.pieces(pos.side_to_move(), piece) & from_mask;
    // The destination is not the mover's own (checked by the caller), so each of these is
    // a move the piece can make.
    for from in attacks(piece, to, pos.occupied()) & movers {
        matches.offer_reachable(pos, Move::new(from, to));
    }
}

/// The castling whose king lands on `to`, if the side to move has that right (standard
/// chess only, where the king steps two squares).
fn castling_by_king_step(pos: &Position, to: Square) -> Option<Move> {
    let us = pos.side_to_move();
    let king = pos.king_square(us);
    CastlingSide::ALL.into_iter().find_map(|side| {
        let rook = pos.castling_rook_square(us, side)?;
        let lands = Square::new(side.king_to_file(), king.rank());
        (lands == to && king.distance(to) == 2).then(|| Move::castling(king, rook))
    })
}

/// Pawn moves from `from_mask` to `to`: pushes, captures, en passant, promotions.
fn pawn_moves(
    pos: &Position,
    matches: &mut Matches,
    from_mask: Bitboard,
    to: Square,
    promotion: Option<PieceType>,
) {
    let us = pos.side_to_move();
    let pawns = pos.pieces(us, PieceType::Pawn) & from_mask;
    let down = Direction::up(!us);
    // Exactly the pawns that can move there: a capture needs an enemy piece (or the
    // en-passant square), a push an empty square.
    let mut origins = Bitboard::EMPTY;
    if pos.pieces_of(!us).contains(to) || pos.ep_square() == Some(to) {
        origins |= pawn_attacks(!us, to) & pawns;
    }
    if let Some(one) = to.offset(down).filter(|_| pos.is_empty(to)) {
        origins |= Bitboard::from(one) & pawns;
        let two = one.offset(down).filter(|s| s.rank() == Rank::R2.relative(us));
        if let Some(two) = two.filter(|_| pos.is_empty(one)) {
            origins |= Bitboard::from(two) & pawns;
        }
    }
    for from in origins {
        pawn_move(pos, matches, from, to, promotion, true);
    }
}

/// The pawn move from `from` to `to` with `promotion`, if its kind fits; `reachable` when
/// the pawn is known to be able to move there.
fn pawn_move(
    pos: &Position,
    matches: &mut Matches,
    from: Square,
    to: Square,
    promotion: Option<PieceType>,
    reachable: bool,
) {
    let offer = |matches: &mut Matches, m| {
        if reachable { matches.offer_reachable(pos, m) } else { matches.offer(pos, m) }
    };
    let last_rank = to.rank() == Rank::R8.relative(pos.side_to_move());
    match (last_rank, promotion) {
        // A pawn becomes a knight, bishop, rook or queen; the syntax also lets `=K` through.
        (_, Some(PieceType::King | PieceType::Pawn)) => {}
        (true, Some(pt)) => offer(matches, Move::promotion(from, to, pt)),
        (true, None) => {
            // python-chess matches no move here: the SAN lacks the piece.
            if pos.check_move(Move::promotion(from, to, PieceType::Queen)).is_ok() {
                matches.promotion_missing = true;
            }
        }
        (false, Some(_)) => {}
        (false, None) if pos.ep_square() == Some(to) && from.file() != to.file() => {
            offer(matches, Move::en_passant(from, to));
        }
        (false, None) => offer(matches, Move::new(from, to)),
    }
}

/// A move given by both origin squares, without a piece letter (`e2e4`, `e7e8q`, `e1g1`),
/// which python-chess accepts for any piece.
fn fully_given(
    pos: &Position,
    matches: &mut Matches,
    from: Square,
    to: Square,
    promotion: Option<PieceType>,
) {
    let us = pos.side_to_move();
    let Some(pc) = pos.piece_on(from) else { return };
    if pc.color() != us {
        return;
    }
    match pc.piece_type() {
        PieceType::Pawn => pawn_move(pos, matches, from, to, promotion, false),
        _ if promotion.is_some() => {}
        PieceType::King
            if pos.piece_on(to) == Some(lerf_types::Piece::new(us, PieceType::Rook)) =>
        {
            matches.offer(pos, Move::castling(from, to));
        }
        PieceType::King if !pos.is_chess960() && from.distance(to) == 2 => {
            if let Some(m) = castling_by_king_step(pos, to) {
                matches.offer(pos, m);
            }
        }
        _ => matches.offer(pos, Move::new(from, to)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What python-chess 1.11.2's `Board.parse_san` answers (`None` for an error).
    #[test]
    fn reads_what_python_chess_reads() {
        type Answers = &'static [(&'static str, Option<&'static str>)];
        let cases: &[(&str, Answers)] = &[
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                &[
                    ("Kg1", None),
                    ("Kc1", None),
                    ("e1g1", Some("e1h1")),
                    ("e1h1", Some("e1h1")),
                    ("O-O", Some("e1h1")),
                    ("0-0-0", Some("e1a1")),
                    ("Kf1", Some("e1f1")),
                    ("Rb1", Some("a1b1")),
                    ("Rab1", Some("a1b1")),
                ],
            ),
            (
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
                &[
                    ("exd6", Some("e5d6")),
                    ("xd6", None),
                    ("ed6", Some("e5d6")),
                    ("e5d6", Some("e5d6")),
                    ("d6", None),
                ],
            ),
            (
                "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
                &[
                    ("xd5", None),
                    ("exd5", Some("e4d5")),
                    ("e4d5", Some("e4d5")),
                    ("d5", None),
                    ("e5", Some("e4e5")),
                    ("Pe5", None),
                ],
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                &[
                    ("Nf3", Some("g1f3")),
                    ("Ngf3", Some("g1f3")),
                    ("N1f3", Some("g1f3")),
                    ("Ng1f3", Some("g1f3")),
                    ("Ng1-f3", Some("g1f3")),
                    ("Nxf3", Some("g1f3")),
                    ("Nf3#", Some("g1f3")),
                    ("nf3", None),
                    ("e4!", None),
                    ("--", Some("0000")),
                    ("Z0", Some("0000")),
                    ("Bb5", None),
                    ("O-O", None),
                ],
            ),
            (
                "7k/4P3/8/8/8/8/8/4K3 w - - 0 1",
                &[
                    ("e8", None),
                    ("e8=Q", Some("e7e8q")),
                    ("e8Q", Some("e7e8q")),
                    ("e8n", Some("e7e8n")),
                    ("e7e8", None),
                    ("e7e8q", Some("e7e8q")),
                    ("e8=K", None),
                ],
            ),
        ];
        for &(fen, sans) in cases {
            let pos = Position::from_fen(fen).unwrap();
            for &(text, expected) in sans {
                let got = parse_san(&pos, text).ok().map(|m| m.to_uci(true).to_string());
                assert_eq!(got.as_deref(), expected, "{text} in {fen}");
            }
        }
    }

    #[test]
    fn errors_say_why() {
        let pos = Position::from_fen("2k5/4P3/8/8/1b6/8/3N4/R3KB1R w KQ - 0 1").unwrap();
        for (text, kind) in [
            ("Nf3", SanErrorKind::Illegal(lerf_position::IllegalMoveReason::LeavesKingInCheck)),
            ("Nf4", SanErrorKind::NoSuchMove),
            ("e8", SanErrorKind::MissingPromotion),
            ("Qd1", SanErrorKind::NoSuchMove),
            ("O-O", SanErrorKind::Illegal(lerf_position::IllegalMoveReason::CastlingBlocked)),
            ("e8=K", SanErrorKind::NoSuchMove),
            ("Xd1", SanErrorKind::UnknownPiece('X')),
            ("Rd9", SanErrorKind::Syntax),
        ] {
            assert_eq!(parse_san(&pos, text).map_err(|e| e.kind), Err(kind), "{text}");
        }
        let crowded = Position::from_fen("4k3/8/8/8/R6R/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(parse_san(&crowded, "Rd4").map_err(|e| e.kind), Err(SanErrorKind::Ambiguous));
    }
}
