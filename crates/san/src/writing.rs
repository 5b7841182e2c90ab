//! From a legal move to its SAN and long algebraic text, as python-chess writes them.

use crate::san::{San, SanPlus, SanText, Suffix};
use alloc::{format, string::String};
use lerf_bitboard::{Bitboard, FILES, RANKS};
use lerf_magics::attacks;
use lerf_movegen::{CheckedBoard, count_legal_of};
use lerf_position::{Board, IllegalMove, Position};
use lerf_types::{CastlingSide, Move, MoveKind, PieceType};

impl San {
    /// The SAN of `m`, a legal move in `pos` (or [`Move::NULL`]): piece letter, the origin's
    /// file or rank (or both) only when another legal move of the same piece type goes to the
    /// same square, `x` for captures, `=Q` for promotions, `O-O`/`O-O-O` for castling in
    /// either variant. For a move that is not legal the text means nothing (it never panics).
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_san::San;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")?;
    /// assert_eq!(San::from_move(&pos, pos.parse_uci("e1c1")?).to_string(), "O-O-O");
    /// // Two rooks can reach d1: the file tells them apart.
    /// let rooks = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")?;
    /// assert_eq!(San::from_move(&rooks, rooks.parse_uci("a1d1")?).to_string(), "Rad1");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> San {
        if m == Move::NULL {
            return San::Null;
        }
        let (from, to) = (m.from(), m.to());
        if m.kind() == MoveKind::Castling {
            return San::Castle(if to > from { CastlingSide::King } else { CastlingSide::Queen });
        }
        let piece = pos.piece_on(from).map_or(PieceType::Pawn, |p| p.piece_type());
        let capture =
            m.kind() == MoveKind::EnPassant || pos.pieces_of(!pos.side_to_move()).contains(to);
        let promotion = (m.kind() == MoveKind::Promotion).then(|| m.promotion_type());
        let (file, rank) = match piece {
            PieceType::Pawn => (capture.then(|| from.file()), None),
            PieceType::King => (None, None),
            pt => disambiguation(pos, pt, m),
        };
        San::Normal { piece, file, rank, capture, to, promotion }
    }
}

/// The origin's file and rank, as much as python-chess writes: the file when another
/// candidate shares the rank or none shares the file, the rank when one shares the file.
fn disambiguation(
    pos: &Position,
    pt: PieceType,
    m: Move,
) -> (Option<lerf_types::File>, Option<lerf_types::Rank>) {
    let (from, to) = (m.from(), m.to());
    let us = pos.side_to_move();
    let rivals = attacks(pt, to, pos.occupied()) & (pos.pieces(us, pt) - from);
    let others = rivals.into_iter().fold(Bitboard::EMPTY, |others, sq| {
        let rival = Move::new(sq, to);
        if pos.is_pseudo_legal(rival) && pos.is_legal(rival) { others | sq } else { others }
    });
    if others.is_empty() {
        return (None, None);
    }
    let same_file = others.intersects(FILES[from.file() as usize]);
    let same_rank = others.intersects(RANKS[from.rank() as usize]);
    let file = (same_rank || !same_file).then(|| from.file());
    let rank = same_file.then(|| from.rank());
    (file, rank)
}

/// `+` if `m` gives check, `#` if it mates (found by playing it on a copy, only for checks).
fn suffix(pos: &Position, m: Move) -> Option<Suffix> {
    if m == Move::NULL || !pos.gives_check(m) {
        return None;
    }
    // On a copy of the light board: a `Position`'s clone copies its whole undo stack and
    // allocated, which made the SAN of a check several times the cost of any other.
    let mut after = Board::from(pos);
    after.do_move(m);
    let replies = count_legal_of(&CheckedBoard::new(&after));
    Some(if replies == 0 { Suffix::Checkmate } else { Suffix::Check })
}

impl SanPlus {
    /// The SAN of `m` with `+` or `#` (see [`San::from_move`]).
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_san::SanPlus;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")?;
    /// assert_eq!(SanPlus::from_move(&pos, pos.parse_uci("a1a8")?).to_string(), "Ra8+");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> SanPlus {
        SanPlus { san: San::from_move(pos, m), suffix: suffix(pos, m) }
    }
}

/// The SAN of `m`, a legal move in `pos`, with its suffix, as inline text (no allocation).
///
/// ```
/// use lerf_position::Position;
/// use lerf_san::san;
/// let mut pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")?;
/// let m = pos.parse_uci("h5f7")?;
/// assert_eq!(&*san(&pos, m), "Qxf7#");
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub fn san(pos: &Position, m: Move) -> SanText {
    SanPlus::from_move(pos, m).to_text()
}

/// The long algebraic text of `m`, as python-chess's `Board.lan`: piece letter, origin,
/// `-` or `x`, destination, promotion and suffix (`Ng1-f3`, `e7xd8=Q+`, `O-O`, `--`).
///
/// ```
/// use lerf_position::Position;
/// use lerf_san::lan;
/// let pos = Position::startpos();
/// assert_eq!(&*lan(&pos, pos.parse_uci("g1f3")?), "Ng1-f3");
/// # Ok::<(), lerf_position::UciError>(())
/// ```
pub fn lan(pos: &Position, m: Move) -> SanText {
    let mut out = SanText::default();
    match San::from_move(pos, m) {
        San::Normal { piece, capture, to, promotion, .. } => {
            let from = m.from();
            if piece != PieceType::Pawn {
                out.push(piece.to_char().to_ascii_uppercase() as u8);
            }
            out.push(from.file().to_char() as u8);
            out.push(from.rank().to_char() as u8);
            out.push(if capture { b'x' } else { b'-' });
            out.push(to.file().to_char() as u8);
            out.push(to.rank().to_char() as u8);
            if let Some(pt) = promotion {
                out.push(b'=');
                out.push(pt.to_char().to_ascii_uppercase() as u8);
            }
        }
        other => out.push_str(other.to_text().as_bytes()),
    }
    if let Some(s) = suffix(pos, m) {
        out.push(s.to_char() as u8);
    }
    out
}

/// The moves as a SAN line with move numbers, as python-chess's `Board.variation_san`:
/// `1. e4 e5 2. Nf3`, or `3...Nc6 4. Bb5` when Black moves first. The moves are played
/// from `pos` on a copy.
///
/// ```
/// use lerf_position::Position;
/// use lerf_san::{parse_san, san_line};
/// let pos = Position::startpos();
/// let moves = ["e2e4", "e7e5", "g1f3"].map(|t| t.parse().unwrap());
/// let mut copy = pos.clone();
/// let moves: Vec<_> = moves.iter().map(|&uci: &lerf_types::UciMove| {
///     let m = copy.parse_uci(&uci.to_string()).unwrap();
///     copy.do_move(m);
///     m
/// }).collect();
/// assert_eq!(san_line(&pos, &moves)?, "1. e4 e5 2. Nf3");
/// # Ok::<(), lerf_position::IllegalMove>(())
/// ```
///
/// # Errors
///
/// The first move that is not legal where it is played.
pub fn san_line(pos: &Position, moves: &[Move]) -> Result<String, IllegalMove> {
    let mut board = pos.clone();
    let mut line = String::with_capacity(moves.len() * 7);
    for (i, &m) in moves.iter().enumerate() {
        if m != Move::NULL {
            board.check_move(m)?;
        }
        let text = san(&board, m);
        let number = board.fullmove_number();
        if !line.is_empty() {
            line.push(' ');
        }
        match (board.side_to_move(), i) {
            (lerf_types::Color::White, _) => line.push_str(&format!("{number}. {text}")),
            (lerf_types::Color::Black, 0) => line.push_str(&format!("{number}...{text}")),
            (lerf_types::Color::Black, _) => line.push_str(&text),
        }
        if m == Move::NULL {
            board.do_null_move();
        } else {
            board.do_move(m);
        }
    }
    Ok(line)
}
