//! Move generation by kind, as Stockfish's `GenType`, from one generator monomorphised over
//! the side to move and what to produce.

use crate::move_list::MoveSink;
use crate::source::{MoveSource, castling_rook_shields_king};
use lerf_bitboard::{
    Bitboard, RANK_2, RANK_3, RANK_6, RANK_7, between, king_attacks, knight_attacks, line,
    pawn_attacks,
};
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_position::Position;
use lerf_types::{Color, Direction, Move, PieceType};

/// Which moves to generate.
///
/// Captures and quiets split every pseudo-legal move in two: together they are exactly the
/// non-evasions when the side to move is not in check, and exactly the evasions when it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GenType {
    /// Captures (en passant included) and queen promotions, capturing or not.
    Captures,
    /// Non-captures, under-promotions (capturing or not) and castling.
    Quiets,
    /// Quiet moves, other than promotions, that give check (castling included).
    QuietChecks,
    /// Moves that may get the king out of check; nothing when not in check.
    Evasions,
    /// Every pseudo-legal move when not in check; nothing when in check.
    NonEvasions,
    /// Every legal move.
    Legal,
}

const QUEEN_ONLY: [PieceType; 1] = [PieceType::Queen];
const UNDER_PROMOTIONS: [PieceType; 3] = [PieceType::Knight, PieceType::Rook, PieceType::Bishop];
const ALL_PROMOTIONS: [PieceType; 4] =
    [PieceType::Queen, PieceType::Knight, PieceType::Rook, PieceType::Bishop];

/// Writes the moves of `kind` into `sink`.
///
/// ```
/// use lerf_movegen::{generate, GenType, MoveList};
/// use lerf_position::Position;
/// let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
/// let mut captures = MoveList::new();
/// generate(&pos, GenType::Captures, &mut captures);
/// assert_eq!(captures.iter().map(|&m| pos.uci(m).to_string()).collect::<Vec<_>>(), ["e4d5"]);
/// ```
pub fn generate<S: MoveSink>(pos: &Position, kind: GenType, sink: &mut S) {
    let in_check = pos.in_check();
    match kind {
        GenType::Captures => dispatch::<Position, S, true, false, false>(pos, sink),
        GenType::Quiets => dispatch::<Position, S, false, true, false>(pos, sink),
        GenType::Evasions if in_check => dispatch::<Position, S, true, true, false>(pos, sink),
        GenType::NonEvasions if !in_check => dispatch::<Position, S, true, true, false>(pos, sink),
        GenType::Evasions | GenType::NonEvasions => {}
        GenType::Legal => dispatch::<Position, S, true, true, true>(pos, sink),
        GenType::QuietChecks => {
            let mut quiets = crate::MoveList::new();
            dispatch::<Position, _, false, true, false>(pos, &mut quiets);
            for &m in quiets.iter() {
                if m.kind() != lerf_types::MoveKind::Promotion && pos.gives_check(m) {
                    sink.push(m);
                }
            }
        }
    }
}

/// The number of legal moves, counted with popcounts of target sets where that is enough
/// (every move but en passant and castling).
///
/// ```
/// use lerf_movegen::{count_legal, legal_moves};
/// use lerf_position::Position;
/// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
/// assert_eq!(count_legal(&pos), 48);
/// assert_eq!(count_legal(&pos), legal_moves(&pos).len() as u64);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub fn count_legal(pos: &Position) -> u64 {
    count_legal_inline(pos)
}

/// [`count_legal`] for perft's last ply, where it runs once per node of the level above:
/// forced inline, since the compiler's own choice has flipped with unrelated changes
/// (measured: the call cost perft 1-5% when the rest of the crate grew).
#[inline(always)]
pub(crate) fn count_legal_inline<P: MoveSource>(pos: &P) -> u64 {
    let mut counter = crate::MoveCounter::default();
    dispatch::<_, _, true, true, true>(pos, &mut counter);
    counter.0
}

#[inline(always)]
fn dispatch<P: MoveSource, S: MoveSink, const CAPS: bool, const QUIETS: bool, const LEGAL: bool>(
    pos: &P,
    sink: &mut S,
) {
    // Specialised on the side to move and on whether it may castle at all (most positions
    // of a game may not), so that neither is tested again move by move.
    let castle = QUIETS && pos.side_to_move_may_castle();
    match (pos.side_to_move(), castle) {
        (Color::White, true) => generate_for::<P, S, true, true, CAPS, QUIETS, LEGAL>(pos, sink),
        (Color::White, false) => generate_for::<P, S, true, false, CAPS, QUIETS, LEGAL>(pos, sink),
        (Color::Black, true) => generate_for::<P, S, false, true, CAPS, QUIETS, LEGAL>(pos, sink),
        (Color::Black, false) => generate_for::<P, S, false, false, CAPS, QUIETS, LEGAL>(pos, sink),
    }
}

/// The pawn directions of a side: push, capture towards the a-file, towards the h-file.
#[inline(always)]
const fn pawn_directions(white: bool) -> (Direction, Direction, Direction) {
    if white {
        (Direction::North, Direction::NorthWest, Direction::NorthEast)
    } else {
        (Direction::South, Direction::SouthWest, Direction::SouthEast)
    }
}

#[inline(always)]
fn generate_for<
    P: MoveSource,
    S: MoveSink,
    const WHITE: bool,
    const CASTLE: bool,
    const CAPS: bool,
    const QUIETS: bool,
    const LEGAL: bool,
>(
    pos: &P,
    sink: &mut S,
) {
    let us = if WHITE { Color::White } else { Color::Black };
    let them = !us;
    let occupied = pos.occupied();
    let ours = pos.pieces_of(us);
    let theirs = pos.pieces_of(them);
    let ksq = pos.king_square(us);
    let checkers = pos.checkers();

    // Which destination squares the requested kind allows.
    let kind_mask = match (CAPS, QUIETS) {
        (true, true) => !ours,
        (true, false) => theirs,
        (false, true) => !occupied,
        (false, false) => Bitboard::EMPTY,
    };

    let castlings =
        if CASTLE && checkers.is_empty() { pos.castling_candidates() } else { [None; 2] };
    let mut king_targets = king_attacks(ksq) & kind_mask;
    // Squares the king may not step to or cross: computed once, only when needed.
    let mut attacked = Bitboard::EMPTY;
    if LEGAL {
        let castling_paths =
            castlings.iter().flatten().fold(Bitboard::EMPTY, |b, c| b | c.king_path);
        if (king_targets | castling_paths).any() {
            attacked = pos.attacks_near_king(ksq, them);
        }
        king_targets -= attacked;
    }
    sink.push_piece_moves(PieceType::King, ksq, king_targets);
    if checkers.more_than_one() {
        return;
    }

    // In check, every other move must capture the checker or block its line.
    let check_mask = match checkers.lsb() {
        Some(checker) => between(ksq, checker) | checker,
        None => Bitboard::FULL,
    };
    let target = kind_mask & check_mask;
    let pinned = if LEGAL { pos.pinned() } else { Bitboard::EMPTY };

    for from in pos.pieces(us, PieceType::Knight) - pinned {
        sink.push_piece_moves(PieceType::Knight, from, knight_attacks(from) & target);
    }
    // Pinned sliders in loops of their own: no pin test per free piece, and pins are rare.
    let queens = pos.pieces(us, PieceType::Queen);
    let diagonal = pos.pieces(us, PieceType::Bishop) | queens;
    let straight = pos.pieces(us, PieceType::Rook) | queens;
    // A queen's moves come in two calls, its diagonal and its straight ones.
    let slider = |from, pt| if queens.contains(from) { PieceType::Queen } else { pt };
    for from in diagonal - pinned {
        let targets = bishop_attacks(from, occupied) & target;
        sink.push_piece_moves(slider(from, PieceType::Bishop), from, targets);
    }
    for from in straight - pinned {
        let targets = rook_attacks(from, occupied) & target;
        sink.push_piece_moves(slider(from, PieceType::Rook), from, targets);
    }
    if LEGAL {
        for from in diagonal & pinned {
            let along = bishop_attacks(from, occupied) & target & line(ksq, from);
            sink.push_piece_moves(slider(from, PieceType::Bishop), from, along);
        }
        for from in straight & pinned {
            let along = rook_attacks(from, occupied) & target & line(ksq, from);
            sink.push_piece_moves(slider(from, PieceType::Rook), from, along);
        }
    }

    let pawns = pos.pieces(us, PieceType::Pawn);
    let empty = !occupied;
    let free = pawns - pinned;
    pawn_moves::<S, WHITE, CAPS, QUIETS>(
        sink,
        free,
        empty,
        theirs & check_mask,
        empty & check_mask,
    );
    if LEGAL {
        for from in pawns & pinned {
            let allowed = line(ksq, from);
            pawn_moves::<S, WHITE, CAPS, QUIETS>(
                sink,
                Bitboard::from(from),
                empty,
                theirs & check_mask & allowed,
                empty & check_mask & allowed,
            );
        }
    }
    if CAPS {
        en_passant::<P, S, LEGAL>(pos, sink, pawns, check_mask);
    }
    for castle in castlings.into_iter().flatten() {
        let shielded = pos.is_chess960() && castling_rook_shields_king(pos, us, ksq, castle.rook);
        let legal = !castle.king_path.intersects(attacked) && !shielded;
        if !LEGAL || legal {
            sink.push(Move::castling(ksq, castle.rook));
        }
    }
}

/// Pawn pushes, captures and promotions of `pawns`, set-wise: `captures` are the squares a
/// capture may land on, `pushes` those a push may land on (`empty` is the board's empty
/// squares, needed for the first step of a double push).
#[inline(always)]
fn pawn_moves<S: MoveSink, const WHITE: bool, const CAPS: bool, const QUIETS: bool>(
    sink: &mut S,
    pawns: Bitboard,
    empty: Bitboard,
    captures: Bitboard,
    pushes: Bitboard,
) {
    let (up, up_west, up_east) = pawn_directions(WHITE);
    let (last_but_one, third) = if WHITE { (RANK_7, RANK_3) } else { (RANK_2, RANK_6) };
    let promoting = pawns & last_but_one;
    let others = pawns - last_but_one;

    if QUIETS {
        let single = others.shift(up) & empty;
        let double = (single & third).shift(up) & pushes;
        sink.push_pawn_moves(single & pushes, up as i8);
        sink.push_pawn_moves(double, 2 * up as i8);
    }
    if CAPS {
        sink.push_pawn_moves(others.shift(up_west) & captures, up_west as i8);
        sink.push_pawn_moves(others.shift(up_east) & captures, up_east as i8);
    }
    if promoting.any() {
        let pieces: &[PieceType] = match (CAPS, QUIETS) {
            (true, true) => &ALL_PROMOTIONS,
            (true, false) => &QUEEN_ONLY,
            _ => &UNDER_PROMOTIONS,
        };
        sink.push_promotions(promoting.shift(up) & pushes, up as i8, pieces);
        sink.push_promotions(promoting.shift(up_west) & captures, up_west as i8, pieces);
        sink.push_promotions(promoting.shift(up_east) & captures, up_east as i8, pieces);
    }
}

/// En-passant captures. In check one only helps when the pawn it takes is the checker (or
/// it lands on the checking line); `is_legal` settles pins and discovered attacks exactly.
#[inline(always)]
fn en_passant<P: MoveSource, S: MoveSink, const LEGAL: bool>(
    pos: &P,
    sink: &mut S,
    pawns: Bitboard,
    check_mask: Bitboard,
) {
    let Some(ep) = pos.ep_square() else { return };
    let us = pos.side_to_move();
    let victim = ep.offset(Direction::up(!us));
    if !check_mask.contains(ep) && !victim.is_some_and(|v| check_mask.contains(v)) {
        return;
    }
    for from in pawn_attacks(!us, ep) & pawns {
        let m = Move::en_passant(from, ep);
        if !LEGAL || pos.en_passant_is_legal(m) {
            sink.push(m);
        }
    }
}

/// Writes every legal move of any [`MoveSource`] into `sink`: the generator of [`generate`]
/// with [`GenType::Legal`], for a [`CheckedBoard`](crate::CheckedBoard) or an engine's own
/// board type.
///
/// ```
/// use lerf_movegen::{CheckedBoard, MoveList, legal_moves_of};
/// use lerf_position::Board;
/// let board = Board::default();
/// assert_eq!(legal_moves_of(&CheckedBoard::new(&board)).len(), 20);
/// ```
#[inline]
pub fn legal_moves_of<P: MoveSource>(pos: &P) -> crate::MoveList {
    let mut list = crate::MoveList::new();
    generate_legal_into(pos, &mut list);
    list
}

/// The number of legal moves of any [`MoveSource`], counted as [`count_legal`] counts them.
#[inline(always)]
pub fn count_legal_of<P: MoveSource>(pos: &P) -> u64 {
    count_legal_inline(pos)
}

/// Every legal move in a [`MoveList`](crate::MoveList).
///
/// ```
/// use lerf_movegen::legal_moves;
/// use lerf_position::Position;
/// let pos = Position::startpos();
/// let moves = legal_moves(&pos);
/// assert_eq!(moves.len(), 20);
/// assert!(moves.contains(&pos.parse_uci("g1f3")?));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[inline]
pub fn legal_moves(pos: &Position) -> crate::MoveList {
    let mut list = crate::MoveList::new();
    generate_legal_into(pos, &mut list);
    list
}

/// Hands every legal move of any [`MoveSource`] to `sink`, with the moving piece's type
/// where the generator knows it ([`MoveSink::push_piece_moves`]): a sink that plays each
/// move as it comes (a search, a perft walk) needs no list and no lookup.
///
/// ```
/// use lerf_bitboard::Bitboard;
/// use lerf_movegen::{CheckedBoard, MoveSink, generate_legal_into};
/// use lerf_position::Board;
/// use lerf_types::{Move, PieceType, Square};
/// /// Counts the knight moves, from the piece types the generator hands over.
/// #[derive(Default)]
/// struct KnightMoves(u32);
/// impl MoveSink for KnightMoves {
///     fn push(&mut self, _: Move) {}
///     fn push_piece_moves(&mut self, piece: PieceType, _: Square, targets: Bitboard) {
///         if piece == PieceType::Knight {
///             self.0 += targets.popcount();
///         }
///     }
/// }
/// let board = Board::default();
/// let mut knights = KnightMoves::default();
/// generate_legal_into(&CheckedBoard::new(&board), &mut knights);
/// assert_eq!(knights.0, 4);
/// ```
#[inline]
pub fn generate_legal_into<P: MoveSource, S: MoveSink>(pos: &P, sink: &mut S) {
    dispatch::<_, _, true, true, true>(pos, sink);
}
