//! SAN on a [`LooseBoard`]: python-chess's `parse_san`, `san`, `lan` and `variation_san`,
//! for any position python-chess takes (no king, several kings, pawns on the back rank).
//!
//! ```
//! use lerf_rules::LooseBoard;
//! use lerf_san::loose::{parse_loose_san, loose_san};
//!
//! // One king and nothing else: python-chess still reads and writes its moves.
//! let board: LooseBoard = "8/8/8/8/8/8/8/K7 w - - 0 1".parse()?;
//! let m = parse_loose_san(&board, "Kb1")?;
//! assert_eq!(loose_san(&board, m)?, "Kb1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use core::fmt;
use lerf_bitboard::{Bitboard, FILES, RANKS};
use lerf_rules::{LooseBoard, LooseMove};
use lerf_types::{File, PieceType, Rank, Square};

/// A move from an empty square, which has no SAN or long algebraic notation (python-chess
/// asserts). Any other move is written, as python-chess writes it, legal or not: a move
/// of the side not to move counts the piece it moves as a capture (`exe4`), as there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NothingToMove(pub LooseMove);

impl fmt::Display for NothingToMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "san() and lan() expect move to be legal or null, but got {}", self.0)
    }
}

impl core::error::Error for NothingToMove {}

/// Why a SAN was refused on a loose board, in python-chess's three classes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LooseSanError {
    /// Not SAN at all (python-chess's `InvalidMoveError`); `multi_leg` when it holds a
    /// comma (a multi-leg move, which it names so).
    Invalid {
        /// Whether the text held a comma.
        multi_leg: bool,
    },
    /// SAN for no legal move here (`IllegalMoveError`).
    Illegal,
    /// A pawn move to the last rank written without its promotion (`IllegalMoveError`).
    MissingPromotion,
    /// Origin and destination written in full (`e2e4`) for no legal move
    /// (`IllegalMoveError`): the move looked for (a pawn reaching the last rank made a
    /// queen, castling as the board writes it).
    NoMatchingMove {
        /// The move looked for.
        looked_for: LooseMove,
        /// The origin as written.
        from: Square,
        /// The destination as written (`h1` of `e1h1`, where the move looked for is
        /// `e1g1`).
        to: Square,
    },
    /// More than one legal move fits (`AmbiguousMoveError`).
    Ambiguous,
    /// A crazyhouse drop (text with `@`) that is not UCI once a bare `@` is read as `P@`
    /// (python-chess's `InvalidMoveError`, which names the UCI text:
    /// [`drop_uci`](crate::variant::drop_uci)).
    InvalidDrop,
    /// A crazyhouse drop that is no legal move here (`IllegalMoveError`).
    IllegalDrop,
}

impl fmt::Display for LooseSanError {
    /// python-chess's words (it adds the text and the position): `no matching legal move
    /// for e1g1 (e1 -> h1)` names the move looked for and the squares as written instead.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let LooseSanError::NoMatchingMove { looked_for, from, to } = self {
            return write!(f, "no matching legal move for {looked_for} ({from} -> {to})");
        }
        f.write_str(match self {
            LooseSanError::NoMatchingMove { .. } => unreachable!("written above"),
            LooseSanError::Invalid { multi_leg: true } => "unsupported multi-leg move",
            LooseSanError::Invalid { multi_leg: false } => "invalid san",
            LooseSanError::Illegal => "illegal san",
            LooseSanError::MissingPromotion => "missing promotion piece type",
            LooseSanError::Ambiguous => "ambiguous san",
            LooseSanError::InvalidDrop => "invalid uci",
            LooseSanError::IllegalDrop => "illegal drop san",
        })
    }
}

impl core::error::Error for LooseSanError {}

/// The parts python-chess's SAN pattern takes out of a text:
/// `^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SanParts {
    pub(crate) piece: Option<PieceType>,
    pub(crate) file: Option<File>,
    pub(crate) rank: Option<Rank>,
    pub(crate) to: Square,
    pub(crate) promotion: Option<PieceType>,
}

/// A piece type from its letter, either case.
fn piece_letter(c: u8) -> Option<PieceType> {
    PieceType::from_char(char::from(c.to_ascii_lowercase()))
}

/// Matches the SAN pattern as a backtracking regex engine does: each optional part is
/// taken when it can be, and given up (last first) when the rest then fails.
pub(crate) fn san_parts(text: &str) -> Option<SanParts> {
    let b = text.as_bytes();
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let options = |can: bool| if can { &[true, false][..] } else { &[false][..] };
    for &piece in options(matches!(at(0), b'N' | b'B' | b'K' | b'R' | b'Q')) {
        let i = usize::from(piece);
        for &file in options(matches!(at(i), b'a'..=b'h')) {
            let j = i + usize::from(file);
            for &rank in options(matches!(at(j), b'1'..=b'8')) {
                let k = j + usize::from(rank);
                for &sep in options(matches!(at(k), b'-' | b'x')) {
                    let t = k + usize::from(sep);
                    if let Some(parts) = san_tail(b, t) {
                        return Some(SanParts {
                            piece: if piece { piece_letter(b[0]) } else { None },
                            file: if file { File::from_char(char::from(b[i])) } else { None },
                            rank: if rank { Rank::from_char(char::from(b[j])) } else { None },
                            ..parts
                        });
                    }
                }
            }
        }
    }
    None
}

/// The destination, promotion and check sign from `t` on, to the end of the text.
fn san_tail(b: &[u8], t: usize) -> Option<SanParts> {
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    if !(matches!(at(t), b'a'..=b'h') && matches!(at(t + 1), b'1'..=b'8')) {
        return None;
    }
    let to = Square::from_index((at(t + 1) - b'1') * 8 + (at(t) - b'a'))?;
    let is_promotion = |c: u8| matches!(c.to_ascii_lowercase(), b'n' | b'b' | b'r' | b'q' | b'k');
    let mut i = t + 2;
    let mut promotion = None;
    if at(i) == b'=' && is_promotion(at(i + 1)) {
        promotion = piece_letter(at(i + 1));
        i += 2;
    } else if is_promotion(at(i)) {
        promotion = piece_letter(at(i));
        i += 1;
    }
    if matches!(at(i), b'+' | b'#') {
        i += 1;
    }
    (i == b.len()).then_some(SanParts { piece: None, file: None, rank: None, to, promotion })
}

/// The texts python-chess reads as castling short and long.
pub(crate) const SHORT_CASTLING: [&str; 6] = ["O-O", "O-O+", "O-O#", "0-0", "0-0+", "0-0#"];
pub(crate) const LONG_CASTLING: [&str; 6] =
    ["O-O-O", "O-O-O+", "O-O-O#", "0-0-0", "0-0-0+", "0-0-0#"];
/// The texts python-chess reads as the null move.
pub(crate) const NULL_MOVE: [&str; 4] = ["--", "Z0", "0000", "@@@@"];

/// The legal move a SAN names, as python-chess's `parse_san` finds it: castling texts
/// (`O-O`, `0-0-0+`...), the null move (`--`, `Z0`, `0000`, `@@@@`), and text of the SAN
/// pattern matched against the legal moves (a fully given origin square may name any
/// legal move, castling included; a pawn capture needs its file).
///
/// # Errors
///
/// [`LooseSanError`]: not SAN, no legal move, or more than one.
pub fn parse_loose_san(board: &LooseBoard, text: &str) -> Result<LooseMove, LooseSanError> {
    let kingside = SHORT_CASTLING.contains(&text);
    if kingside || LONG_CASTLING.contains(&text) {
        let mut castles = alloc::vec::Vec::new();
        board.generate_castling_moves(Bitboard::FULL, Bitboard::FULL, &mut castles);
        return castles
            .into_iter()
            .find(|&m| {
                if kingside {
                    board.is_kingside_castling(m)
                } else {
                    board.is_queenside_castling(m)
                }
            })
            .ok_or(LooseSanError::Illegal);
    }
    let Some(parts) = san_parts(text) else {
        if NULL_MOVE.contains(&text) {
            return Ok(LooseMove::NULL);
        }
        return Err(LooseSanError::Invalid { multi_leg: text.contains(',') });
    };
    let to_mask = Bitboard::from_square(parts.to) & !board.layout.of_color(board.turn);
    let from_mask = match san_origin(board, &parts) {
        Origin::Square(from) => {
            let m = board.find_move(from, parts.to, parts.promotion).ok_or_else(|| {
                LooseSanError::NoMatchingMove {
                    looked_for: board.move_looked_for(from, parts.to, parts.promotion),
                    from,
                    to: parts.to,
                }
            })?;
            return as_written(m, parts.promotion);
        }
        Origin::Among(mask) => mask,
    };
    let mut candidates = alloc::vec::Vec::new();
    board.generate_legal_moves(from_mask, to_mask, &mut candidates);
    only_one(candidates.into_iter().filter(|m| m.promotion == parts.promotion))
}

/// Where the move a SAN names may start, as python-chess narrows it down.
pub(crate) enum Origin {
    /// A square written in full (file and rank, no piece letter): the move from it, of
    /// any piece, castling included.
    Square(Square),
    /// The piece type's squares (a pawn's without a letter, on the destination's file
    /// when no file is written), within the file and rank written.
    Among(Bitboard),
}

/// The origin `parts` give on `board`.
pub(crate) fn san_origin(board: &LooseBoard, parts: &SanParts) -> Origin {
    let mut from_mask = Bitboard::FULL;
    if let Some(file) = parts.file {
        from_mask &= FILES[file as usize];
    }
    if let Some(rank) = parts.rank {
        from_mask &= RANKS[rank as usize];
    }
    match (parts.piece, parts.file, parts.rank) {
        (Some(pt), _, _) => Origin::Among(from_mask & board.layout.pieces_mask(pt, board.turn)),
        (None, Some(file), Some(rank)) => Origin::Square(Square::new(file, rank)),
        (None, file, _) => {
            from_mask &= board.layout.pawns;
            if file.is_none() {
                from_mask &= FILES[parts.to.file() as usize];
            }
            Origin::Among(from_mask)
        }
    }
}

/// `m`, found from a square written in full, if it promotes as the SAN says.
pub(crate) fn as_written(
    m: LooseMove,
    promotion: Option<PieceType>,
) -> Result<LooseMove, LooseSanError> {
    if m.promotion == promotion { Ok(m) } else { Err(LooseSanError::MissingPromotion) }
}

/// The one move that fits, `Illegal` for none, `Ambiguous` for more.
pub(crate) fn only_one(
    mut fitting: impl Iterator<Item = LooseMove>,
) -> Result<LooseMove, LooseSanError> {
    let found = fitting.next().ok_or(LooseSanError::Illegal)?;
    if fitting.next().is_some() {
        return Err(LooseSanError::Ambiguous);
    }
    Ok(found)
}

/// The SAN of `m` without `+`/`#`, or with the origin square always and `-` for quiet
/// moves (`long`, python-chess's `lan`).
fn algebraic_without_suffix(board: &LooseBoard, m: LooseMove, long: bool) -> String {
    let rivals = |piece: PieceType| {
        let from_mask =
            board.layout.pieces_mask(piece, board.turn) & !Bitboard::from_square(m.from);
        let mut rivals = alloc::vec::Vec::new();
        board.generate_legal_moves(from_mask, Bitboard::from_square(m.to), &mut rivals);
        rivals.iter().map(|r| r.from).collect()
    };
    algebraic_text(board, m, long, rivals)
}

/// The move's SAN without `+`/`#`, the other origins of legal moves of the same piece type
/// to the same square given by `rivals` (a variant's legal moves differ).
pub(crate) fn algebraic_text(
    board: &LooseBoard,
    m: LooseMove,
    long: bool,
    rivals: impl FnOnce(PieceType) -> Bitboard,
) -> String {
    if m.is_null() {
        return String::from("--");
    }
    if let Some(drop) = m.drop {
        let letter = if drop == PieceType::Pawn { String::new() } else { upper(drop) };
        return format!("{letter}@{}", m.to);
    }
    if board.is_castling(m) {
        let queenside = m.to.file() < m.from.file();
        return String::from(if queenside { "O-O-O" } else { "O-O" });
    }
    let Some(piece) = board.layout.piece_type_at(m.from) else { return m.to_string() };
    let capture = board.is_capture(m);
    let mut san = if piece == PieceType::Pawn { String::new() } else { upper(piece) };
    if long {
        san.push_str(&format!("{}", m.from));
    } else if piece != PieceType::Pawn {
        san.push_str(&disambiguation(rivals(piece), m));
    } else if capture {
        san.push(m.from.file().to_char());
    }
    if capture {
        san.push('x');
    } else if long {
        san.push('-');
    }
    san.push_str(&format!("{}", m.to));
    if let Some(p) = m.promotion {
        san.push('=');
        san.push_str(&upper(p));
    }
    san
}

fn upper(pt: PieceType) -> String {
    String::from(pt.to_char().to_ascii_uppercase())
}

/// The origin's file, rank or both, as python-chess tells apart the other legal moves of
/// the same piece type to the same square (from `others`).
fn disambiguation(others: Bitboard, m: LooseMove) -> String {
    let mut out = String::new();
    if !others.any() {
        return out;
    }
    let shares_rank = others.intersects(RANKS[m.from.rank() as usize]);
    let shares_file = others.intersects(FILES[m.from.file() as usize]);
    if shares_rank || !shares_file {
        out.push(m.from.file().to_char());
    }
    if shares_file {
        out.push(m.from.rank().to_char());
    }
    out
}

/// The SAN (or, with `long`, the long algebraic notation) of `m`, `+` or `#` included:
/// the suffix is read from the position `m` leads to, made as python-chess's `push` makes
/// it whatever the move.
fn algebraic(board: &LooseBoard, m: LooseMove, long: bool) -> Result<String, NothingToMove> {
    let moves_a_piece =
        m.is_null() || m.drop.is_some() || board.layout.piece_type_at(m.from).is_some();
    if !moves_a_piece {
        return Err(NothingToMove(m));
    }
    let mut text = algebraic_without_suffix(board, m, long);
    if !m.is_null() {
        let after = board.play_unchecked(m);
        if after.is_check() {
            text.push(if after.has_legal_move() { '+' } else { '#' });
        }
    }
    Ok(text)
}

/// The SAN of a move, as python-chess's `Board.san` writes it: legal moves as the
/// standard says, any other move with a piece on its origin as python-chess does.
///
/// # Errors
///
/// [`NothingToMove`] for a move from an empty square (not null, not a drop).
pub fn loose_san(board: &LooseBoard, m: LooseMove) -> Result<String, NothingToMove> {
    algebraic(board, m, false)
}

/// The long algebraic notation of a move (`Ng1-f3`, `e5xd6#`), as python-chess's
/// `Board.lan` writes it.
///
/// # Errors
///
/// [`NothingToMove`] for a move from an empty square (not null, not a drop).
pub fn loose_lan(board: &LooseBoard, m: LooseMove) -> Result<String, NothingToMove> {
    algebraic(board, m, true)
}

/// A line of legal moves as numbered SAN (`1. e4 e5 2. Nf3`, `19...Kxh7 20. Qh5+`), as
/// python-chess's `variation_san` writes it from `board`.
///
/// # Errors
///
/// The index of the first move that is not legal, and the position it was tried in.
pub fn loose_variation_san(
    board: &LooseBoard,
    moves: impl IntoIterator<Item = LooseMove>,
) -> Result<String, (usize, LooseBoard)> {
    let mut board = *board;
    board.forget_played();
    let mut out = String::new();
    for (i, m) in moves.into_iter().enumerate() {
        if !board.is_legal(m) {
            return Err((i, board));
        }
        let san = algebraic(&board, m, false).map_err(|_| (i, board))?;
        if !out.is_empty() {
            out.push(' ');
        }
        match board.turn {
            lerf_types::Color::White => out.push_str(&format!("{}. {san}", board.fullmove_number)),
            lerf_types::Color::Black if i == 0 => {
                out.push_str(&format!("{}...{san}", board.fullmove_number));
            }
            lerf_types::Color::Black => out.push_str(&san),
        }
        board = board.play_unchecked(m);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    type Parts = (Option<PieceType>, Option<File>, Option<Rank>, Square);

    fn parts(text: &str) -> Option<Parts> {
        san_parts(text).map(|p| (p.piece, p.file, p.rank, p.to))
    }

    #[test]
    fn the_pattern_backtracks_as_a_regex_does() {
        assert_eq!(parts("e4"), Some((None, None, None, Square::E4)));
        assert_eq!(parts("Nf3"), Some((Some(PieceType::Knight), None, None, Square::F3)));
        assert_eq!(parts("exd5"), Some((None, Some(File::E), None, Square::D5)));
        let long = Some((Some(PieceType::Queen), Some(File::H), Some(Rank::R4), Square::E1));
        assert_eq!(parts("Qh4e1"), long);
        assert_eq!(parts("e2-e4"), Some((None, Some(File::E), Some(Rank::R2), Square::E4)));
        assert!(san_parts("e8=Q+").is_some_and(|p| p.promotion == Some(PieceType::Queen)));
        assert!(san_parts("e8q").is_some_and(|p| p.promotion == Some(PieceType::Queen)));
        for bad in ["", "Pe4", "e9", "Nf3\n", "O-O", "e4 ", "exd", "Nf3++", "e8=", "--"] {
            assert_eq!(san_parts(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn moves_that_are_not_legal_are_written_as_python_chess_writes_them() {
        let after_nf3: LooseBoard =
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1".parse().unwrap();
        let m = |from, to| LooseMove { from, to, promotion: None, drop: None };
        // White's pawn moved on Black's turn: its own square counts as taken.
        assert_eq!(loose_san(&after_nf3, m(Square::E2, Square::E4)).unwrap(), "exe4");
        assert_eq!(loose_lan(&after_nf3, m(Square::E2, Square::E4)).unwrap(), "e2xe4");
        // A knight's impossible jump, with the check it would give.
        assert_eq!(loose_san(&after_nf3, m(Square::G8, Square::D3)).unwrap(), "Nd3+");
        let empty = m(Square::E4, Square::E5);
        assert_eq!(loose_san(&after_nf3, empty), Err(NothingToMove(empty)));
        assert_eq!(loose_lan(&after_nf3, empty), Err(NothingToMove(empty)));
        assert_eq!(loose_san(&after_nf3, LooseMove::NULL).unwrap(), "--");
    }
}
