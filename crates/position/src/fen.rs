//! Reading and writing FEN, X-FEN and Shredder-FEN.

use crate::castling::CastlingSquares;
use crate::error::{FenError, FenErrorKind as Kind, FenField as Field};
use crate::position::{MAX_FULLMOVE_NUMBER, Position, castling_index};
use crate::validate::{double_push_passed, game_can_give};
use alloc::string::String;
use lerf_bitboard::Bitboard;
use lerf_types::{CastlingRights, CastlingSide, Color, File, Piece, PieceType, Rank, Square};

/// The standard start position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// How castling letters are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Variant {
    /// Infer: Chess960 when Shredder letters are used or the king and rooks are not on their
    /// standard squares.
    Infer,
    /// Chess960, whatever the letters.
    Chess960,
}

/// The back rank of Chess960 start position `index`, a to h: bishops on opposite colours
/// from the two lowest digits, then the queen and the knights in the free squares, the king
/// between the rooks in the last three. `None` from 960 on.
///
/// ```
/// use lerf_position::chess960_back_rank;
/// use lerf_types::PieceType::*;
///
/// assert_eq!(chess960_back_rank(518), Some([Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook]));
/// assert_eq!(chess960_back_rank(960), None);
/// ```
pub fn chess960_back_rank(index: u16) -> Option<[PieceType; 8]> {
    /// The free squares (of five) the two knights take, by the knight digit.
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    if index >= 960 {
        return None;
    }
    let mut n = usize::from(index);
    let mut rank: [Option<PieceType>; 8] = [None; 8];
    rank[2 * (n % 4) + 1] = Some(PieceType::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(PieceType::Bishop);
    n /= 4;
    fn place_in_free(rank: &mut [Option<PieceType>; 8], nth: usize, pt: PieceType) {
        let file = (0..8).filter(|&f| rank[f].is_none()).nth(nth).unwrap_or(0);
        rank[file] = Some(pt);
    }
    place_in_free(&mut rank, n % 6, PieceType::Queen);
    n /= 6;
    let (first, second) = KNIGHTS[n];
    // The second knight's place counts the free squares left once the first is placed.
    place_in_free(&mut rank, first, PieceType::Knight);
    place_in_free(&mut rank, second - 1, PieceType::Knight);
    for pt in [PieceType::Rook, PieceType::King, PieceType::Rook] {
        place_in_free(&mut rank, 0, pt);
    }
    Some(rank.map(|pt| pt.unwrap_or(PieceType::Pawn)))
}

impl Position {
    /// The standard start position.
    ///
    /// ```
    /// use lerf_position::{Position, STARTPOS_FEN};
    /// assert_eq!(Position::startpos().to_fen(), STARTPOS_FEN);
    /// ```
    pub fn startpos() -> Position {
        Self::from_fen(STARTPOS_FEN).unwrap_or_else(|_| unreachable!("the start FEN is valid"))
    }

    /// The Chess960 start position numbered `index` (0–959) in the standard numbering
    /// (Scharnagl's): 518 is the classical arrangement. `None` for 960 and above.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let classical = Position::from_chess960_index(518).unwrap();
    /// assert_eq!(classical.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// assert!(classical.is_chess960());
    /// assert_eq!(Position::from_chess960_index(0).unwrap().to_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// assert!(Position::from_chess960_index(960).is_none());
    /// ```
    pub fn from_chess960_index(index: u16) -> Option<Position> {
        let rank = chess960_back_rank(index)?;
        let mut fen = String::with_capacity(64);
        fen.extend(rank.iter().map(|&pt| Piece::new(Color::Black, pt).to_char()));
        fen.push_str("/pppppppp/8/8/8/8/PPPPPPPP/");
        fen.extend(rank.iter().map(|&pt| Piece::new(Color::White, pt).to_char()));
        fen.push_str(" w KQkq - 0 1");
        let pos = Self::from_fen_960(&fen);
        Some(pos.unwrap_or_else(|e| unreachable!("Chess960 start {index} refused: {e}")))
    }

    /// Reads a FEN (4 to 6 fields; missing counters default to `0 1`).
    ///
    /// Castling may be written `KQkq`, as X-FEN (where `K`/`Q` mean the outermost rook on that
    /// side, for Chess960 positions), or as Shredder-FEN (the rook's file, `HAha`), in any
    /// order. The position is Chess960 when Shredder letters are used or a castling king or
    /// rook is not on its standard square; [`Position::from_fen_960`] forces it.
    ///
    /// An en-passant square is kept only if an en-passant capture is legal, so that equal
    /// positions compare (and hash) equal.
    ///
    /// # Errors
    ///
    /// A [`FenError`] naming the field, its text and the problem: bad syntax, a castling right
    /// without its king or rook, an impossible en-passant square, missing or extra kings, too
    /// many pieces or pawns, pawns on the first or last rank, the side not to move in check,
    /// or more than two checkers.
    ///
    /// ```
    /// use lerf_position::{FenField, Position};
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
    /// assert_eq!(pos.occupied().popcount(), 32);
    /// let err = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1").unwrap_err();
    /// assert_eq!(err.field, FenField::EnPassant);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        parse(fen, Variant::Infer)
    }

    /// Reads a FEN as a Chess960 position (see [`Position::from_fen`]).
    ///
    /// # Errors
    ///
    /// As [`Position::from_fen`].
    ///
    /// ```
    /// use lerf_position::Position;
    /// // Looks like classical chess, but castling is king-takes-rook and FEN uses Shredder letters.
    /// let pos = Position::from_fen_960("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?;
    /// assert!(pos.is_chess960());
    /// assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn from_fen_960(fen: &str) -> Result<Position, FenError> {
        parse(fen, Variant::Chess960)
    }

    /// Replaces this position with the one `fen` describes; on error the position is left
    /// as it was.
    ///
    /// # Errors
    ///
    /// As [`Position::from_fen`].
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// assert!(pos.set_fen("not a fen").is_err());
    /// assert_eq!(pos, Position::startpos()); // unchanged
    /// pos.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")?;
    /// assert_eq!(pos.occupied().popcount(), 2);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn set_fen(&mut self, fen: &str) -> Result<(), FenError> {
        *self = Self::from_fen(fen)?;
        Ok(())
    }

    /// Grants `color` the right to castle with the rook on `rook`, filling the masks and paths.
    pub(crate) fn set_castling_right(&mut self, color: Color, rook: Square) {
        let king = self.king_square(color);
        let side = if rook > king { CastlingSide::King } else { CastlingSide::Queen };
        let right = CastlingRights::new(color, side);
        self.state_mut().castling_rights |= right;
        self.castling_rights_mask[king as usize] |= right;
        self.castling_rights_mask[rook as usize] |= right;
        let i = castling_index(color, side);
        self.castling_rook_square[i] = Some(rook);
        let squares = CastlingSquares::new(king, rook);
        self.castling_path[i] = squares.path;
        self.castling_king_path[i] = squares.king_path;
    }
}

/// The six FEN fields in order, for errors about one of them.
const FIELDS: [Field; 6] = [
    Field::Board,
    Field::SideToMove,
    Field::Castling,
    Field::EnPassant,
    Field::HalfmoveClock,
    Field::FullmoveNumber,
];

/// A field's text and the byte offset where it starts in the FEN.
#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Token<'a> {
    /// An error about this whole token.
    fn error(self, field: Field, kind: Kind) -> FenError {
        FenError::new(field, self.at, self.text, kind)
    }

    /// An error about the part of this token that starts at byte `i` of it and is `len`
    /// bytes long.
    fn error_at(self, field: Field, i: usize, len: usize, kind: Kind) -> FenError {
        let end = (i + len).min(self.text.len());
        FenError::new(field, self.at + i, self.text.get(i..end).unwrap_or(""), kind)
    }

    /// The character that starts at byte `i` (a whole UTF-8 sequence, for messages).
    fn char_at(self, i: usize) -> char {
        self.text.get(i..).and_then(|t| t.chars().next()).unwrap_or('\u{fffd}')
    }
}

/// Splits `fen` into 4 to 6 fields separated by runs of ASCII whitespace (leading and
/// trailing whitespace is ignored). No allocation.
fn split_fields(fen: &str) -> Result<([Token<'_>; 6], usize), FenError> {
    let bytes = fen.as_bytes();
    let mut fields = [Token { text: "", at: fen.len() }; 6];
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            if !bytes[i].is_ascii() {
                let c = Token { text: fen, at: 0 }.char_at(i);
                if c.is_whitespace() {
                    let field = FIELDS[count.min(5)];
                    let end = fen[i..]
                        .find(|c: char| c.is_ascii_whitespace())
                        .map_or(fen.len(), |n| i + n);
                    return Err(FenError::new(field, i, &fen[i..end], Kind::NonAsciiSpace(c)));
                }
            }
            i += 1;
        }
        if count == 6 {
            let total = 7 + fen[i..].split_ascii_whitespace().count();
            return Err(FenError::new(
                Field::Whole,
                start,
                &fen[start..i],
                Kind::FieldCount(total),
            ));
        }
        fields[count] = Token { text: &fen[start..i], at: start };
        count += 1;
    }
    if count < 4 {
        return Err(FenError::new(Field::Whole, fen.len(), "", Kind::FieldCount(count)));
    }
    Ok((fields, count))
}

fn parse(fen: &str, variant: Variant) -> Result<Position, FenError> {
    let (fields, count) = split_fields(fen)?;
    let [board, side, castling, ep, rule50, fullmove] = fields;
    let mut pos = Position::empty();
    let piece_keys = parse_board(&mut pos, board)?;
    pos.side_to_move = match side.text {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(side.error(Field::SideToMove, Kind::BadSideToMove)),
    };
    check_material(&pos, board)?;
    let shredder = parse_castling(&mut pos, castling)?;
    pos.chess960 = variant == Variant::Chess960 || shredder || has_unusual_castling(&pos);
    let ep = parse_en_passant(&pos, ep)?;
    let rule50 =
        if count > 4 { parse_number(rule50, Field::HalfmoveClock, u16::MAX.into())? } else { 0 };
    let fullmove = if count > 5 {
        parse_number(fullmove, Field::FullmoveNumber, MAX_FULLMOVE_NUMBER)?
    } else {
        1
    };
    pos.root_game_ply = 2 * (fullmove.max(1) - 1) + pos.side_to_move as u32;
    pos.state_mut().rule50 = rule50 as u16;
    if pos.is_attacked_by(pos.king_square(!pos.side_to_move), pos.side_to_move, pos.occupied()) {
        return Err(board.error(Field::Whole, Kind::OpponentInCheck));
    }
    pos.set_check_info();
    let checkers = pos.checkers().popcount();
    if checkers > 2 {
        return Err(board.error(Field::Whole, Kind::TooManyCheckers(checkers)));
    }
    if let Some(ep) = ep.filter(|&ep| pos.en_passant_capture_exists(ep)) {
        pos.state_mut().ep_square = Some(ep);
    }
    pos.set_keys_from(&piece_keys);
    Ok(pos)
}

/// What a byte of the piece placement means: 1-8 for a digit, [`PIECE`] for a piece letter
/// (which one is in [`PIECE_OF_BYTE`]), 0 for anything else. A load instead of a match.
const BOARD_BYTES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut d = 1;
    while d <= 8 {
        table[(b'0' + d) as usize] = d;
        d += 1;
    }
    let mut i = 0;
    while i < Piece::ALL.len() {
        table[Piece::ALL[i].to_char() as usize] = PIECE;
        i += 1;
    }
    table
};
const PIECE: u8 = 0x10;

/// The piece a letter stands for, where [`BOARD_BYTES`] says it is one.
const PIECE_OF_BYTE: [Piece; 256] = {
    let mut table = [Piece::W_PAWN; 256];
    let mut i = 0;
    while i < Piece::ALL.len() {
        table[Piece::ALL[i].to_char() as usize] = Piece::ALL[i];
        i += 1;
    }
    table
};

/// Reads the piece placement: eight ranks from the eighth down, separated by `/`, each a
/// run of piece letters and single digits 1-8 (empty squares) that covers eight files.
/// Returns each piece's Zobrist key (see `Position::piece_keys`), gathered on the way.
fn parse_board(pos: &mut Position, board: Token<'_>) -> Result<[u64; 16], FenError> {
    let err = |i, len, kind| board.error_at(Field::Board, i, len, kind);
    let bytes = board.text.as_bytes();
    let (mut rank, mut file, mut rank_start) = (7u8, 0u8, 0usize);
    let mut after_digit = false;
    // Each piece's bitboard, gathered here and spread over the position's views at the end:
    // one store per piece instead of four read-modify-writes.
    let mut by_piece = [Bitboard::EMPTY; 16];
    let mut piece_keys = [0u64; 16];
    for (i, &b) in bytes.iter().enumerate() {
        let code = BOARD_BYTES[usize::from(b)];
        if code == PIECE {
            if file < 8 {
                let piece = PIECE_OF_BYTE[usize::from(b)];
                let sq =
                    Square::new(File::from_index_wrapping(file), Rank::from_index_wrapping(rank));
                pos.board[sq as usize] = Some(piece);
                by_piece[piece as usize] |= sq;
                piece_keys[piece as usize] ^= crate::zobrist::psq(piece, sq);
            }
            file += 1;
            after_digit = false;
        } else if code != 0 {
            if after_digit {
                return Err(err(i - 1, 2, Kind::AdjacentDigits));
            }
            file += code;
            after_digit = true;
        } else if b == b'/' {
            if file < 8 {
                return Err(err(rank_start, i - rank_start, Kind::RankTooShort(rank + 1)));
            }
            if rank == 0 {
                let ranks = board.text.split('/').count();
                return Err(err(i, bytes.len() - i, Kind::RankCount(ranks)));
            }
            (rank, file, rank_start, after_digit) = (rank - 1, 0, i + 1, false);
            continue;
        } else {
            let c = board.char_at(i);
            return Err(err(i, c.len_utf8(), Kind::BadPieceLetter(c)));
        }
        if file > 8 {
            return Err(err(rank_start, i + 1 - rank_start, Kind::RankTooLong(rank + 1)));
        }
    }
    if rank > 0 {
        return Err(err(0, bytes.len(), Kind::RankCount(8 - usize::from(rank))));
    }
    if file < 8 {
        return Err(err(rank_start, bytes.len() - rank_start, Kind::RankTooShort(1)));
    }
    pos.set_piece_bitboards(&by_piece);
    Ok(piece_keys)
}

/// The byte offset, within the placement text, of the letter that put a piece on `sq`.
fn board_offset_of(text: &str, sq: Square) -> usize {
    let (mut rank, mut file) = (7u8, 0u8);
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'/' => (rank, file) = (rank.saturating_sub(1), 0),
            b'1'..=b'8' => file += b - b'0',
            _ => {
                if (file, rank) == (sq.file() as u8, sq.rank() as u8) {
                    return i;
                }
                file += 1;
            }
        }
    }
    0
}

/// Kings, pawn ranks and piece counts: what a position needs before anything else is read.
fn check_material(pos: &Position, board: Token<'_>) -> Result<(), FenError> {
    let err = |kind| board.error(Field::Board, kind);
    for color in Color::ALL {
        let kings = pos.pieces(color, PieceType::King);
        match kings.popcount() {
            0 => return Err(err(Kind::MissingKing(color))),
            1 => {}
            _ => {
                let i = kings.msb().map_or(0, |second| board_offset_of(board.text, second));
                return Err(board.error_at(Field::Board, i, 1, Kind::TooManyKings(color)));
            }
        }
        let count = |pt| pos.count(Piece::new(color, pt));
        let pawns = count(PieceType::Pawn);
        if pawns > 8 {
            return Err(err(Kind::TooManyPawns(color)));
        }
        let others = [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen];
        if !game_can_give(pos.pieces_of(color).popcount(), pawns, others.map(count)) {
            return Err(err(Kind::TooManyPieces(color)));
        }
    }
    let back_ranks = lerf_bitboard::RANK_1 | lerf_bitboard::RANK_8;
    if let Some(sq) = (pos.pieces_of_type(PieceType::Pawn) & back_ranks).lsb() {
        let i = board_offset_of(board.text, sq);
        return Err(board.error_at(Field::Board, i, 1, Kind::PawnOnBackRank(sq)));
    }
    Ok(())
}

/// Reads the castling field; returns whether Shredder-FEN file letters were used.
fn parse_castling(pos: &mut Position, field: Token<'_>) -> Result<bool, FenError> {
    if field.text == "-" {
        return Ok(false);
    }
    let mut shredder = false;
    for (i, b) in field.text.bytes().enumerate() {
        let c = char::from(b);
        let err = |kind| field.error_at(Field::Castling, i, 1, kind);
        if !matches!(b, b'K' | b'Q' | b'k' | b'q' | b'A'..=b'H' | b'a'..=b'h') {
            let c = field.char_at(i);
            return Err(field.error_at(
                Field::Castling,
                i,
                c.len_utf8(),
                Kind::BadCastlingLetter(c),
            ));
        }
        let color = if b.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back_rank = Rank::R1.relative(color);
        let king = pos.king_square(color);
        if king.rank() != back_rank {
            return Err(err(Kind::CastlingWithoutKing(c)));
        }
        let rook = Piece::new(color, PieceType::Rook);
        let is_rook = |f: File| pos.piece_on(Square::new(f, back_rank)) == Some(rook);
        let file = match b.to_ascii_lowercase() {
            b'k' => {
                File::ALL.into_iter().rev().take_while(|&f| f > king.file()).find(|&f| is_rook(f))
            }
            b'q' => File::ALL.into_iter().take_while(|&f| f < king.file()).find(|&f| is_rook(f)),
            _ => {
                shredder = true;
                let f = File::from_char(c.to_ascii_lowercase()).filter(|&f| f != king.file());
                f.filter(|&f| is_rook(f))
            }
        };
        let rook_square = Square::new(file.ok_or(err(Kind::CastlingWithoutRook(c)))?, back_rank);
        let side = if rook_square > king { CastlingSide::King } else { CastlingSide::Queen };
        if pos.can_castle(color, side) {
            return Err(err(Kind::DuplicateCastling(c)));
        }
        pos.set_castling_right(color, rook_square);
    }
    Ok(shredder)
}

/// Whether a castling right involves a king off the e-file or a rook off the a/h files.
fn has_unusual_castling(pos: &Position) -> bool {
    Color::ALL.into_iter().any(|color| {
        CastlingSide::ALL.into_iter().any(|side| {
            let standard_rook = match side {
                CastlingSide::King => File::H,
                CastlingSide::Queen => File::A,
            };
            pos.castling_rook_square(color, side).is_some_and(|rook| {
                rook.file() != standard_rook || pos.king_square(color).file() != File::E
            })
        })
    })
}

fn parse_en_passant(pos: &Position, field: Token<'_>) -> Result<Option<Square>, FenError> {
    if field.text == "-" {
        return Ok(None);
    }
    let err = |kind| field.error(Field::EnPassant, kind);
    let us = pos.side_to_move();
    let sq: Square = field.text.parse().map_err(|_| err(Kind::BadEnPassantSquare))?;
    if sq.rank() != Rank::R6.relative(us) {
        return Err(err(Kind::BadEnPassantSquare));
    }
    if !double_push_passed(sq, us, pos.pieces(!us, PieceType::Pawn), pos.occupied()) {
        return Err(err(Kind::ImpossibleEnPassant(sq)));
    }
    Ok(Some(sq))
}

/// A counter: ASCII digits only (leading zeros allowed), at most `max`.
fn parse_number(field: Token<'_>, name: Field, max: u32) -> Result<u32, FenError> {
    let mut value = 0u32;
    for (i, b) in field.text.bytes().enumerate() {
        if !b.is_ascii_digit() {
            let c = field.char_at(i);
            return Err(field.error_at(name, i, c.len_utf8(), Kind::NotDigits));
        }
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u32::from(b - b'0')))
            .filter(|&v| v <= max)
            .ok_or_else(|| field.error(name, Kind::NumberTooLarge(max)))?;
    }
    Ok(value)
}
