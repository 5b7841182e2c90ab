//! Reading and writing FEN, X-FEN and Shredder-FEN.

use crate::error::{FenError, FenErrorKind as Kind, FenField as Field};
use crate::position::{Position, castling_index};
use lerf_bitboard::{Bitboard, between};
use lerf_types::{CastlingRights, CastlingSide, Color, File, Piece, PieceType, Rank, Square};
use std::fmt::Write as _;

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

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        Self::from_fen(STARTPOS_FEN).unwrap_or_else(|_| unreachable!("the start FEN is valid"))
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
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        parse(fen, Variant::Infer)
    }

    /// Reads a FEN as a Chess960 position (see [`Position::from_fen`]).
    ///
    /// # Errors
    ///
    /// As [`Position::from_fen`].
    pub fn from_fen_960(fen: &str) -> Result<Position, FenError> {
        parse(fen, Variant::Chess960)
    }

    /// Replaces this position with the one `fen` describes; on error the position is left
    /// as it was.
    ///
    /// # Errors
    ///
    /// As [`Position::from_fen`].
    pub fn set_fen(&mut self, fen: &str) -> Result<(), FenError> {
        *self = Self::from_fen(fen)?;
        Ok(())
    }

    /// The position as FEN, in canonical form: castling as `KQkq` (or Shredder-FEN letters in
    /// Chess960), the en-passant square only when a capture is legal.
    pub fn to_fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_on(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(pc) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(pc.to_char());
                    }
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank != Rank::R1 {
                fen.push('/');
            }
        }
        let _ = write!(fen, " {} ", self.side_to_move().to_char());
        fen.push_str(&self.castling_text());
        match self.ep_square() {
            Some(sq) => {
                let _ = write!(fen, " {sq}");
            }
            None => fen.push_str(" -"),
        }
        let _ = write!(fen, " {} {}", self.rule50_count(), self.fullmove_number());
        fen
    }

    fn castling_text(&self) -> String {
        let mut text = String::new();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if !self.can_castle(color, side) {
                    continue;
                }
                let letter = match (self.chess960, side) {
                    (false, CastlingSide::King) => 'k',
                    (false, CastlingSide::Queen) => 'q',
                    (true, _) => {
                        self.castling_rook_square(color, side).map_or('-', |sq| sq.file().to_char())
                    }
                };
                text.push(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                });
            }
        }
        if text.is_empty() {
            text.push('-');
        }
        text
    }

    /// Grants `color` the right to castle with the rook on `rook`, filling the masks and paths.
    fn set_castling_right(&mut self, color: Color, rook: Square) {
        let king = self.king_square(color);
        let side = if rook > king { CastlingSide::King } else { CastlingSide::Queen };
        let right = CastlingRights::new(color, side);
        self.state_mut().castling_rights |= right;
        self.castling_rights_mask[king as usize] |= right;
        self.castling_rights_mask[rook as usize] |= right;
        let i = castling_index(color, side);
        self.castling_rook_square[i] = Some(rook);
        let king_to = Square::new(side.king_to_file(), king.rank());
        let rook_to = Square::new(side.rook_to_file(), king.rank());
        self.castling_path[i] =
            (between(rook, rook_to) | between(king, king_to) | rook_to | king_to)
                - (Bitboard::from(king) | rook);
        self.castling_king_path[i] = (between(king, king_to) | king_to) - king;
    }
}

fn parse(fen: &str, variant: Variant) -> Result<Position, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::new(Field::Whole, fen, Kind::FieldCount(fields.len())));
    }
    let mut pos = Position::empty();
    parse_board(&mut pos, fields[0])?;
    pos.side_to_move = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::new(Field::SideToMove, other, Kind::BadSideToMove)),
    };
    check_material(&pos, fields[0])?;
    let shredder = parse_castling(&mut pos, fields[2])?;
    pos.chess960 = variant == Variant::Chess960 || shredder || has_unusual_castling(&pos);
    let ep = parse_en_passant(&pos, fields[3])?;
    let rule50 = parse_number(fields.get(4).copied(), Field::HalfmoveClock, 0, u16::MAX.into())?;
    let fullmove = parse_number(fields.get(5).copied(), Field::FullmoveNumber, 1, 1 << 30)?;
    pos.game_ply = 2 * (fullmove.max(1) - 1) + pos.side_to_move as u32;
    {
        let st = pos.state_mut();
        st.rule50 = rule50 as u16;
        st.plies_from_null = 0;
    }
    check_king_safety(&pos, fen)?;
    if let Some(ep) = ep.filter(|&ep| pos.en_passant_capture_exists(ep)) {
        pos.state_mut().ep_square = Some(ep);
    }
    let fresh = pos.compute_state();
    *pos.state_mut() = fresh;
    pos.set_check_info();
    Ok(pos)
}

fn parse_board(pos: &mut Position, text: &str) -> Result<(), FenError> {
    let err = |kind| FenError::new(Field::Board, text, kind);
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(Kind::RankCount(ranks.len())));
    }
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            let width = match c {
                '1'..='8' => c as u8 - b'0',
                _ => {
                    let piece = Piece::from_char(c).ok_or(err(Kind::BadPieceLetter(c)))?;
                    if file < 8 {
                        pos.put_piece(
                            piece,
                            Square::new(File::from_index(file), Rank::from_index(rank)),
                        );
                    }
                    1
                }
            };
            file += width;
            if file > 8 {
                return Err(err(Kind::RankTooLong(rank + 1)));
            }
        }
        if file < 8 {
            return Err(err(Kind::RankTooShort(rank + 1)));
        }
    }
    Ok(())
}

/// Kings, pawn ranks and piece counts: what a position needs before anything else is read.
fn check_material(pos: &Position, text: &str) -> Result<(), FenError> {
    let err = |kind| FenError::new(Field::Board, text, kind);
    for color in Color::ALL {
        match pos.pieces(color, PieceType::King).popcount() {
            0 => return Err(err(Kind::MissingKing(color))),
            1 => {}
            _ => return Err(err(Kind::TooManyKings(color))),
        }
        let count = |pt| pos.count(Piece::new(color, pt));
        let pawns = count(PieceType::Pawn);
        if pawns > 8 {
            return Err(err(Kind::TooManyPawns(color)));
        }
        // Every piece beyond the initial set must have been a pawn.
        let promoted = count(PieceType::Queen).saturating_sub(1)
            + count(PieceType::Rook).saturating_sub(2)
            + count(PieceType::Bishop).saturating_sub(2)
            + count(PieceType::Knight).saturating_sub(2);
        if pos.pieces_of(color).popcount() > 16 || pawns + promoted > 8 {
            return Err(err(Kind::TooManyPieces(color)));
        }
    }
    let back_ranks = lerf_bitboard::RANK_1 | lerf_bitboard::RANK_8;
    if let Some(sq) = (pos.pieces_of_type(PieceType::Pawn) & back_ranks).lsb() {
        return Err(err(Kind::PawnOnBackRank(sq)));
    }
    Ok(())
}

/// Reads the castling field; returns whether Shredder-FEN file letters were used.
fn parse_castling(pos: &mut Position, text: &str) -> Result<bool, FenError> {
    if text == "-" {
        return Ok(false);
    }
    let err = |kind| FenError::new(Field::Castling, text, kind);
    let mut shredder = false;
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back_rank = Rank::R1.relative(color);
        let king = pos.king_square(color);
        if king.rank() != back_rank {
            return Err(err(Kind::CastlingWithoutKing(c)));
        }
        let rook = Piece::new(color, PieceType::Rook);
        let is_rook = |f: File| pos.piece_on(Square::new(f, back_rank)) == Some(rook);
        let file = match c.to_ascii_lowercase() {
            'k' => {
                File::ALL.into_iter().rev().take_while(|&f| f > king.file()).find(|&f| is_rook(f))
            }
            'q' => File::ALL.into_iter().take_while(|&f| f < king.file()).find(|&f| is_rook(f)),
            'a'..='h' => {
                shredder = true;
                let f = File::from_char(c.to_ascii_lowercase()).filter(|&f| f != king.file());
                f.filter(|&f| is_rook(f))
            }
            _ => return Err(err(Kind::BadCastlingLetter(c))),
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

fn parse_en_passant(pos: &Position, text: &str) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let err = |kind| FenError::new(Field::EnPassant, text, kind);
    let us = pos.side_to_move();
    let sq: Square = text.parse().map_err(|_| err(Kind::BadEnPassantSquare))?;
    if sq.rank() != Rank::R6.relative(us) {
        return Err(err(Kind::BadEnPassantSquare));
    }
    // The pawn that just moved two squares stands in front of `sq`; it came from behind it.
    let up = lerf_types::Direction::up(us);
    let pushed = sq.offset(up.reverse());
    let origin = sq.offset(up);
    let pawn_there =
        pushed.is_some_and(|p| pos.piece_on(p) == Some(Piece::new(!us, PieceType::Pawn)));
    let path_empty = pos.is_empty(sq) && origin.is_some_and(|o| pos.is_empty(o));
    if !pawn_there || !path_empty {
        return Err(err(Kind::ImpossibleEnPassant(sq)));
    }
    Ok(Some(sq))
}

fn parse_number(text: Option<&str>, field: Field, default: u32, max: u32) -> Result<u32, FenError> {
    let Some(text) = text else { return Ok(default) };
    text.parse::<u32>()
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(|| FenError::new(field, text, Kind::BadNumber))
}

fn check_king_safety(pos: &Position, fen: &str) -> Result<(), FenError> {
    let us = pos.side_to_move();
    let occupied = pos.occupied();
    if pos.is_attacked_by(pos.king_square(!us), us, occupied) {
        return Err(FenError::new(Field::Whole, fen, Kind::OpponentInCheck));
    }
    let checkers = pos.attackers_to(pos.king_square(us), occupied) & pos.pieces_of(!us);
    if checkers.popcount() > 2 {
        return Err(FenError::new(Field::Whole, fen, Kind::TooManyCheckers(checkers.popcount())));
    }
    Ok(())
}
