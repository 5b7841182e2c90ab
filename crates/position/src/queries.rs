//! Questions users ask of a position and a move that the board core answers cheaply: is it
//! a capture, what does a colour attack, what does a move change, the move's UCI text, the
//! mirrored position.

use crate::castling::castling_destinations;
use crate::do_move::en_passant_victim;
use crate::position::Position;
use alloc::{borrow::ToOwned, format, string::String, vec::Vec};
use lerf_bitboard::{Bitboard, king_attacks};
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_types::{Color, Move, MoveKind, Piece, PieceType, Square, UciMove};

/// What a move takes off the board, puts on it and moves, for incremental evaluation (an
/// NNUE accumulator, say). Computed from the position before the move.
///
/// ```
/// use lerf_position::{MoveChanges, Position};
/// use lerf_types::{Piece, Square};
/// let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")?;
/// let changes = pos.changes(pos.parse_uci("b7b8q")?);
/// assert_eq!(changes.removed[0], Some((Piece::W_PAWN, Square::B7)));
/// assert_eq!(changes.added, Some((Piece::W_QUEEN, Square::B8)));
/// assert_eq!(changes.moved, [None, None]);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveChanges {
    /// Pieces that go from one square to another: the mover, and for castling the rook
    /// (a Chess960 king or rook that stays where it is is not listed).
    pub moved: [Option<(Piece, Square, Square)>; 2],
    /// Pieces taken off: the captured piece, and a promoting pawn.
    pub removed: [Option<(Piece, Square)>; 2],
    /// A piece put on: the piece a pawn promotes to.
    pub added: Option<(Piece, Square)>,
}

impl Position {
    /// Whether `m` captures: an enemy piece on its destination, or en passant. Castling,
    /// written as the king taking its own rook, is never a capture (so `piece_on(m.to())`
    /// is the wrong test).
    ///
    /// ```
    /// use lerf_position::Position;
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
    /// assert!(pos.is_capture(pos.parse_uci("a1a8")?));
    /// assert!(!pos.is_capture(pos.parse_uci("e1g1")?)); // castling
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::Castling => false,
            MoveKind::EnPassant => true,
            _ => self.pieces_of(!self.side_to_move()).contains(m.to()),
        }
    }

    /// Stockfish's capture stage: captures, and promotions to a queen (capturing or not),
    /// the moves a quiescence search plays.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")?;
    /// assert!(pos.is_capture_stage(pos.parse_uci("b7b8q")?));
    /// assert!(!pos.is_capture_stage(pos.parse_uci("b7b8n")?));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_capture_stage(&self, m: Move) -> bool {
        self.is_capture(m)
            || (m.kind() == MoveKind::Promotion && m.promotion_type() == PieceType::Queen)
    }

    /// Pieces of both colours that attack `sq` on the board as it stands (see
    /// [`attackers_to`](Position::attackers_to) for another occupancy).
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Square;
    /// let pos = Position::startpos();
    /// assert_eq!(pos.attackers(Square::F3).popcount(), 3); // e2, g2 pawns and the g1 knight
    /// ```
    #[inline]
    pub fn attackers(&self, sq: Square) -> lerf_bitboard::Bitboard {
        self.attackers_to(sq, self.occupied())
    }

    /// The squares `color` attacks on the board as it stands (its pieces defend their own
    /// side's squares too; a slider's ray stops at the first piece).
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{Color, Square};
    /// let pos = Position::startpos();
    /// let white = pos.attacks_by(Color::White);
    /// assert!(white.contains(Square::F3) && white.contains(Square::D2));
    /// assert_eq!(white.popcount(), 22);
    /// ```
    pub fn attacks_by(&self, color: Color) -> Bitboard {
        let occupied = self.occupied();
        let ours = self.pieces_of(color);
        let mut attacked = self.pieces(color, PieceType::Pawn).pawn_attacks(color)
            | self.pieces(color, PieceType::Knight).knight_attacks()
            | king_attacks(self.king_square(color));
        for sq in self.pieces_of_types(PieceType::Bishop, PieceType::Queen) & ours {
            attacked |= bishop_attacks(sq, occupied);
        }
        for sq in self.pieces_of_types(PieceType::Rook, PieceType::Queen) & ours {
            attacked |= rook_attacks(sq, occupied);
        }
        attacked
    }

    /// The UCI text of `m` in this position's notation: castling as king-takes-rook (`e1h1`)
    /// in Chess960, as the king's two-square step (`e1g1`) in standard chess.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let standard = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
    /// let castle = standard.parse_uci("e1g1")?;
    /// assert_eq!(standard.uci(castle).to_string(), "e1g1");
    /// let chess960 = Position::from_fen_960("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
    /// assert_eq!(chess960.uci(castle).to_string(), "e1h1");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn uci(&self, m: Move) -> UciMove {
        m.to_uci(self.is_chess960())
    }

    /// What `m`, a legal move here, changes on the board (see [`MoveChanges`]).
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{Piece, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
    /// let changes = pos.changes(pos.parse_uci("e1g1")?);
    /// assert_eq!(
    ///     changes.moved,
    ///     [Some((Piece::W_KING, Square::E1, Square::G1)), Some((Piece::W_ROOK, Square::H1, Square::F1))]
    /// );
    /// assert_eq!((changes.removed, changes.added), ([None, None], None));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn changes(&self, m: Move) -> MoveChanges {
        let mut changes = MoveChanges::default();
        let us = self.side_to_move();
        let (from, to) = (m.from(), m.to());
        let Some(pc) = self.piece_on(from) else { return changes };
        match m.kind() {
            MoveKind::Castling => {
                let rook = Piece::new(us, PieceType::Rook);
                let (king_to, rook_to) = castling_destinations(us, from, to);
                let king_move = (from != king_to).then_some((pc, from, king_to));
                let rook_move = (to != rook_to).then_some((rook, to, rook_to));
                changes.moved = [king_move.or(rook_move), king_move.and(rook_move)];
            }
            MoveKind::EnPassant => {
                changes.moved[0] = Some((pc, from, to));
                let victim = en_passant_victim(us, to);
                changes.removed[0] = Some((Piece::new(!us, PieceType::Pawn), victim));
            }
            MoveKind::Promotion => {
                changes.removed[0] = Some((pc, from));
                changes.removed[1] = self.piece_on(to).map(|cap| (cap, to));
                changes.added = Some((Piece::new(us, m.promotion_type()), to));
            }
            MoveKind::Normal => {
                changes.moved[0] = Some((pc, from, to));
                changes.removed[0] = self.piece_on(to).map(|cap| (cap, to));
            }
        }
        changes
    }

    /// The same position with the colours swapped and the board mirrored top to bottom:
    /// White's pieces become Black's on the mirrored squares, the side to move changes,
    /// castling rights and the en-passant square follow. The counters are kept as the FEN
    /// writes them; the history is not (the flipped position is set up afresh).
    ///
    /// ```
    /// use lerf_position::Position;
    /// let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 2")?;
    /// assert_eq!(pos.flip().to_fen(), "r3k3/8/8/8/3Pp3/8/8/4K3 b q d3 0 2");
    /// assert_eq!(pos.flip().flip(), pos);
    /// # Ok::<(), lerf_position::FenError>(())
    /// ```
    pub fn flip(&self) -> Position {
        let fen = self.to_fen();
        let mut fields = fen.split(' ');
        let board: Vec<String> =
            fields.next().unwrap_or_default().split('/').rev().map(swap_case).collect();
        let side = if fields.next() == Some("w") { "b" } else { "w" };
        let castling = swap_case(fields.next().unwrap_or("-"));
        let ep = fields.next().unwrap_or("-");
        let ep = match ep.as_bytes() {
            [file, rank] => format!("{}{}", char::from(*file), char::from(b'1' + b'8' - rank)),
            _ => "-".to_owned(),
        };
        let counters: Vec<&str> = fields.collect();
        let flipped = format!("{} {side} {castling} {ep} {}", board.join("/"), counters.join(" "));
        let parsed = if self.is_chess960() {
            Position::from_fen_960(&flipped)
        } else {
            Position::from_fen(&flipped)
        };
        // A mirrored legal position is legal: the parser's checks are all colour-symmetric.
        parsed.unwrap_or_else(|e| unreachable!("the mirror of a valid position is valid: {e}"))
    }
}

fn swap_case(text: &str) -> String {
    text.chars()
        .map(
            |c| {
                if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }
            },
        )
        .collect()
}
