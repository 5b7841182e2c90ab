//! What each ply adds to the position: keys, counters and check information.

use lerf_bitboard::Bitboard;
use lerf_types::{ByColor, CastlingRights, Move, Piece, Square, Value};

/// Everything about a position that [`Position::undo_move`](crate::Position::undo_move)
/// cannot recompute cheaply, one per ply on the position's stack: what every user of
/// `do_move` needs, and nothing more.
///
/// The first group is carried over to the next ply and updated there; the second is set
/// afresh by every move. What only a search asks for (the check squares, the enemy king's
/// blockers and pinners, the repetition distance) is not kept here: see
/// [`Position::check_info`](crate::Position::check_info) and
/// [`Position::repetition`](crate::Position::repetition).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateInfo {
    // --- carried to the next ply, then updated ---
    /// Zobrist key of the pawns (and the "no pawns" key).
    pub pawn_key: u64,
    /// Zobrist key of the material: which pieces, how many of each.
    pub material_key: u64,
    /// Zobrist key of knights and bishops with their squares.
    pub minor_piece_key: u64,
    /// Zobrist key of each side's non-pawn pieces (king included) with their squares.
    pub non_pawn_key: ByColor<u64>,
    /// Value of each side's knights, bishops, rooks and queens.
    pub non_pawn_material: ByColor<Value>,
    /// Castlings still allowed.
    pub castling_rights: CastlingRights,
    /// Plies since the last capture or pawn move (the 50-move counter).
    pub rule50: u16,
    /// Plies since the last null move (or since the position was set up).
    pub plies_from_null: u16,
    /// The en-passant target square, set only when an en-passant capture is legal, so that
    /// equal positions have equal keys.
    pub ep_square: Option<Square>,

    // --- set afresh by every move ---
    /// Zobrist key of the whole position.
    pub key: u64,
    /// Pieces giving check to the side to move.
    pub checkers: Bitboard,
    /// Pieces (of either colour) that alone stand between the side to move's king and an
    /// enemy slider: moving one of the side to move's may expose its king.
    pub blockers: Bitboard,
    /// Enemy sliders that pin a piece of the side to move to its king.
    pub pinners: Bitboard,
    /// The piece the move to this ply captured.
    pub captured: Option<Piece>,
    /// The move that led to this ply: [`Move::NULL`] after a null move and at the position
    /// that was set up.
    pub last_move: Move,
}

impl StateInfo {
    pub(crate) const EMPTY: StateInfo = StateInfo {
        pawn_key: 0,
        material_key: 0,
        minor_piece_key: 0,
        non_pawn_key: ByColor::new(0, 0),
        non_pawn_material: ByColor::new(0, 0),
        castling_rights: CastlingRights::empty(),
        rule50: 0,
        plies_from_null: 0,
        ep_square: None,
        key: 0,
        checkers: Bitboard::EMPTY,
        blockers: Bitboard::EMPTY,
        pinners: Bitboard::EMPTY,
        captured: None,
        last_move: Move::NULL,
    };
}
