//! How a game ends: checkmate, stalemate, insufficient material, the 75-move rule and
//! fivefold repetition (automatic), and the draws a player may claim (50 moves, threefold
//! repetition), with the answers of python-chess's `Board.outcome`.

use crate::position::Position;
use core::fmt;
use lerf_bitboard::{DARK_SQUARES, LIGHT_SQUARES};
use lerf_types::{Color, Move, MoveKind, PieceType};

/// Why a game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can mate by any series of legal moves (as python-chess decides it).
    InsufficientMaterial,
    /// 150 plies without a capture or pawn move (automatic).
    SeventyFiveMoves,
    /// The position is on the board for the fifth time (automatic).
    FivefoldRepetition,
    /// A player claims the 50-move rule (100 plies, or 99 and a move that makes 100).
    FiftyMoves,
    /// A player claims threefold repetition (now, or with the move about to be played).
    ThreefoldRepetition,
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::SeventyFiveMoves => "75-move rule",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::FiftyMoves => "50-move rule",
            Termination::ThreefoldRepetition => "threefold repetition",
        })
    }
}

/// How a game ended: why, and who won (`None` for a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Why the game is over.
    pub termination: Termination,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    fn draw(termination: Termination) -> Outcome {
        Outcome { termination, winner: None }
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let fools_mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")?;
    /// assert_eq!(fools_mate.outcome().map(|o| o.result()), Some("0-1"));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.termination)
    }
}

impl Position {
    /// Whether the game is over by a rule that needs no claim: checkmate, insufficient
    /// material, stalemate, the 75-move rule, fivefold repetition (checked in that order, as
    /// python-chess's `Board.outcome()`).
    ///
    /// ```
    /// use lerf_position::{Position, Termination};
    /// use lerf_types::Color;
    /// let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")?;
    /// let outcome = mated.outcome().unwrap();
    /// assert_eq!((outcome.termination, outcome.winner), (Termination::Checkmate, Some(Color::White)));
    /// assert_eq!(outcome.result(), "1-0");
    /// assert_eq!(Position::startpos().outcome(), None);
    /// # Ok::<(), lerf_position::FenError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        let has_move = self.has_legal_move();
        if !has_move && self.in_check() {
            return Some(Outcome {
                termination: Termination::Checkmate,
                winner: Some(!self.side_to_move()),
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        if !has_move {
            return Some(Outcome::draw(Termination::Stalemate));
        }
        if self.rule50_count() >= 150 {
            return Some(Outcome::draw(Termination::SeventyFiveMoves));
        }
        if self.occurrences() >= 5 {
            return Some(Outcome::draw(Termination::FivefoldRepetition));
        }
        None
    }

    /// [`outcome`](Position::outcome), or else a draw the side to move may claim: the
    /// 50-move rule, then threefold repetition (python-chess's `Board.outcome(claim_draw=True)`).
    ///
    /// ```
    /// use lerf_position::{Position, Termination};
    /// let mut pos = Position::startpos();
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
    ///     pos.play_uci(text)?;
    /// }
    /// // Black's f6g8 would repeat the start position for the third time: claimable now.
    /// assert_eq!(pos.outcome(), None);
    /// assert_eq!(pos.outcome_with_claims().unwrap().termination, Termination::ThreefoldRepetition);
    /// # Ok::<(), lerf_position::UciError>(())
    /// ```
    pub fn outcome_with_claims(&self) -> Option<Outcome> {
        self.outcome().or_else(|| {
            if self.can_claim_fifty_moves() {
                Some(Outcome::draw(Termination::FiftyMoves))
            } else if self.can_claim_threefold_repetition() {
                Some(Outcome::draw(Termination::ThreefoldRepetition))
            } else {
                None
            }
        })
    }

    /// Whether the side to move is checkmated.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let fools_mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")?;
    /// assert!(fools_mate.is_checkmate());
    /// assert!(!Position::startpos().is_checkmate());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_move()
    }

    /// Whether the side to move is stalemated.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let pos = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?;
    /// assert!(pos.is_stalemate() && !pos.in_check());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && !self.has_legal_move()
    }

    /// Whether neither side has mating material (see
    /// [`has_insufficient_material`](Position::has_insufficient_material)).
    ///
    /// ```
    /// use lerf_position::Position;
    /// assert!(Position::from_fen("8/8/4k3/8/8/3KN3/8/8 w - - 0 1")?.is_insufficient_material());
    /// assert!(!Position::from_fen("8/8/4k3/8/8/3K4/7R/8 w - - 0 1")?.is_insufficient_material());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL.into_iter().all(|c| self.has_insufficient_material(c))
    }

    /// Whether `color` cannot mate by any series of legal moves, with python-chess's rules:
    /// a lone king; a king and one knight against nothing but a king and queens; kings and
    /// bishops all on squares of one colour, with no pawns or knights on the board.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Color;
    /// let pos = Position::from_fen("8/8/4k3/8/8/3K4/7R/8 w - - 0 1")?;
    /// assert!(!pos.has_insufficient_material(Color::White));
    /// assert!(pos.has_insufficient_material(Color::Black));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.pieces_of(color);
        let heavy = self.pieces_of_type(PieceType::Pawn)
            | self.pieces_of_type(PieceType::Rook)
            | self.pieces_of_type(PieceType::Queen);
        if ours.intersects(heavy) {
            return false;
        }
        if ours.intersects(self.pieces_of_type(PieceType::Knight)) {
            let others = self.pieces_of(!color)
                - self.pieces_of_type(PieceType::King)
                - self.pieces_of_type(PieceType::Queen);
            return ours.popcount() <= 2 && others.is_empty();
        }
        if ours.intersects(self.pieces_of_type(PieceType::Bishop)) {
            let bishops = self.pieces_of_type(PieceType::Bishop);
            let one_colour =
                !bishops.intersects(DARK_SQUARES) || !bishops.intersects(LIGHT_SQUARES);
            let pawns_or_knights =
                self.pieces_of_type(PieceType::Pawn) | self.pieces_of_type(PieceType::Knight);
            return one_colour && pawns_or_knights.is_empty();
        }
        true
    }

    /// How many times the current position has been on the board since the last capture,
    /// pawn move or null move, this time included.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     pos.play_uci(text)?;
    /// }
    /// assert_eq!(pos.occurrences(), 2);
    /// # Ok::<(), lerf_position::UciError>(())
    /// ```
    pub fn occurrences(&self) -> usize {
        let key = self.key();
        1 + self.window_keys().filter(|&k| k == key).count()
    }

    /// The keys of the positions before this one, back to the last irreversible move (the
    /// one after it included), most recent first.
    fn window_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let st = self.state();
        let window = usize::from(st.rule50.min(st.plies_from_null)).min(self.ply);
        self.states[self.ply - window..self.ply].iter().rev().map(|s| s.key)
    }

    /// Whether the side to move may claim the 50-move rule: 100 plies without a capture or
    /// pawn move, with a legal move left; or 99 and a move that makes 100 and leaves the
    /// opponent a legal move.
    ///
    /// ```
    /// use lerf_position::Position;
    /// assert!(Position::from_fen("8/8/4k3/8/8/3K4/7R/8 w - - 100 80")?.can_claim_fifty_moves());
    /// assert!(!Position::from_fen("8/8/4k3/8/8/3K4/7R/8 w - - 20 80")?.can_claim_fifty_moves());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn can_claim_fifty_moves(&self) -> bool {
        let rule50 = self.rule50_count();
        if rule50 >= 100 {
            return self.has_legal_move();
        }
        rule50 == 99
            && self.any_legal_move(|m| {
                if self.is_zeroing(m) {
                    return false;
                }
                let mut after = self.clone();
                after.do_move(m);
                after.has_legal_move()
            })
    }

    /// Whether the side to move may claim threefold repetition: the position is on the board
    /// for the third time, or a legal move brings about one that has been on it twice.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     pos.play_uci(text)?;
    /// }
    /// assert!(pos.can_claim_threefold_repetition()); // the start position, a third time
    /// assert!(!Position::startpos().can_claim_threefold_repetition());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn can_claim_threefold_repetition(&self) -> bool {
        if self.occurrences() >= 3 {
            return true;
        }
        self.any_legal_move(|m| {
            let next = self.key_after(m);
            self.window_keys().filter(|&k| k == next).count() >= 2
        })
    }

    /// Whether `m` resets the 50-move counter: a capture or a pawn move.
    fn is_zeroing(&self, m: Move) -> bool {
        m.kind() == MoveKind::EnPassant
            || self.moved_piece(m).is_some_and(|p| p.piece_type() == PieceType::Pawn)
            || (m.kind() != MoveKind::Castling && self.piece_on(m.to()).is_some())
    }
}
