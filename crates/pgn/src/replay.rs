//! Playing games as they are read: every move, mainline and variations, through lerf.

use crate::PgnError;
use crate::error::ReplayError;
use crate::variants::{PgnVariant, VariantKind, VariantLines, variant_kind};
use crate::visitor::{RawTag, Skip, Visitor};
use lerf_position::{Board, FenError, Outcome, Position};
use lerf_san::{SanErrorKind, parse_san_bytes, play_san_board, san};
use lerf_types::Move;
use std::fmt::Write as _;

/// What [`Replay`] gives for a game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Replayed {
    /// Moves played, mainline and variations.
    pub moves: usize,
    /// Moves of the mainline.
    pub mainline_moves: usize,
    /// With [`Replay::with_fens`]: a line `SAN<TAB>FEN` for each mainline move (the SAN as
    /// lerf writes it, the FEN after the move as X-FEN, python-chess's default).
    pub fens: String,
    /// With [`Replay::with_outcomes`]: how the mainline's last position stands by the
    /// rules, claims included (as python-chess's `Board.outcome(claim_draw=True)`).
    pub outcome: Option<Outcome>,
    /// What the reader recovered from: an illegal move (the rest of its line is not
    /// played), a bad `FEN` tag (no move is played), damage passed over.
    pub errors: Vec<PgnError<ReplayError>>,
}

/// A [`Visitor`] that plays every move of each game on a [`Position`]: the mainline, and
/// each variation from the position before the move it replaces. The `FEN` tag sets the
/// start, `Variant "Chess960"` reads it as Chess960 (and so does a `FEN` whose castling
/// rights name rook files, as in python-chess). A move that is not legal is recorded in
/// [`Replayed::errors`] and ends its line, as in python-chess: the mainline stops there.
///
/// A replay that only plays (no FENs, no outcomes) plays on a [`Board`], which keeps no
/// keys or check information; the others play on a [`Position`]. Both give the same moves
/// and the same errors.
///
/// ```
/// use lerf_pgn::{Reader, Replay};
/// let pgn = "1. f3 e5 2. g4 (2. Kf2 Qh4+ 3. g3) 2... Qh4# 0-1\n";
/// let game = Reader::new(pgn.as_bytes()).read_game(&mut Replay::new().with_outcomes()).unwrap()?;
/// assert_eq!((game.moves, game.mainline_moves), (7, 4));
/// assert_eq!(game.outcome.unwrap().result(), "0-1");
/// # Ok::<(), lerf_pgn::ReadError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Replay {
    /// Whether moves are played on `board` (else on `pos`).
    light: bool,
    board: Board,
    /// The boards of the line being read every [`CHECKPOINT_EVERY`] moves from the game's
    /// start (the start itself first), from which a variation's start is replayed: cheaper
    /// than keeping the board before each move, which copies a board at every move.
    checkpoints: Vec<Board>,
    /// The moves of the line being read, from the game's start.
    line_moves: Vec<Move>,
    /// `startpos` as a board, made once.
    startpos_board: Board,
    /// The lines left for the open variations, outermost first.
    saved_lines: Vec<SavedLine>,
    pos: Position,
    /// The start position, copied into `pos` at each game (reusing its allocation).
    startpos: Position,
    /// The positions to go back to when the open variations end, outermost first.
    saved: Vec<Position>,
    fen: Option<String>,
    chess960: bool,
    /// The variant the `Variant` tag names, if any.
    variant_kind: Option<PgnVariant>,
    /// The lines of a variant game (once it started).
    variant: Option<VariantLines>,
    started: bool,
    record_fens: bool,
    find_outcome: bool,
    out: Replayed,
}

impl Default for Replay {
    fn default() -> Self {
        Replay::new()
    }
}

impl Replay {
    /// A replay that plays and counts the moves.
    pub fn new() -> Replay {
        let startpos = Position::startpos();
        Replay {
            light: true,
            board: Board::from(&startpos),
            checkpoints: Vec::new(),
            line_moves: Vec::new(),
            startpos_board: Board::from(&startpos),
            saved_lines: Vec::new(),
            pos: startpos.clone(),
            startpos,
            saved: Vec::new(),
            fen: None,
            chess960: false,
            variant_kind: None,
            variant: None,
            started: false,
            record_fens: false,
            find_outcome: false,
            out: Replayed::default(),
        }
    }

    /// The same replay, also writing `SAN<TAB>FEN` for each mainline move.
    #[must_use]
    pub fn with_fens(mut self) -> Replay {
        self.record_fens = true;
        self.light = false;
        self
    }

    /// The same replay, also finding how each game's mainline ends by the rules.
    #[must_use]
    pub fn with_outcomes(mut self) -> Replay {
        self.find_outcome = true;
        self.light = false;
        self
    }

    /// The position of the mainline's end: the game's position once it is read.
    fn mainline(&self) -> &Position {
        self.saved.first().unwrap_or(&self.pos)
    }

    /// Sets up the start position on the first move (the tags are all read by then).
    fn start(&mut self) -> Result<(), ReplayError> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        if let Some(kind) = self.variant_kind {
            self.variant = Some(VariantLines::start(kind, self.fen.as_deref(), self.chess960)?);
            return Ok(());
        }
        match (&self.fen, self.light) {
            (None, true) => self.start_on_board(self.startpos_board),
            (None, false) => self.pos.clone_from(&self.startpos),
            (Some(fen), light) => {
                let pos = position_from_fen_tag(fen, self.chess960).map_err(ReplayError::Fen)?;
                match light {
                    true => self.start_on_board(Board::from(&pos)),
                    false => self.pos = pos,
                }
            }
        }
        Ok(())
    }

    /// The game starts on `board`: the board played on, and the line's first checkpoint
    /// (both copied from the one value, not one from the other just written).
    fn start_on_board(&mut self, board: Board) {
        self.board = board;
        self.checkpoints.push(board);
    }

    /// [`Visitor::san`] on the board.
    #[inline]
    fn san_on_board(&mut self, text: &[u8]) -> Result<(), ReplayError> {
        let m = play_san_board(&mut self.board, text).map_err(|e| match e.kind {
            SanErrorKind::NullMoveInCheck => ReplayError::NullMoveInCheck,
            _ => ReplayError::San(e),
        })?;
        self.line_moves.push(m);
        if self.line_moves.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(self.board);
        }
        self.out.moves += 1;
        self.out.mainline_moves += usize::from(self.saved_lines.is_empty());
        Ok(())
    }

    /// [`Visitor::begin_variation`] on the board.
    fn begin_variation_on_board(&mut self) -> Skip {
        let Some(&replaced) = self.line_moves.last() else { return Skip(true) };
        let moves = self.line_moves.len();
        self.saved_lines.push(SavedLine { board: self.board, moves, replaced });
        self.line_moves.pop();
        self.board = self.rewind_to(moves - 1);
        Skip(false)
    }

    /// The board after the first `plies` moves of the line (at most as many as it has),
    /// replayed from the last checkpoint at or before it; the later checkpoints go.
    fn rewind_to(&mut self, plies: usize) -> Board {
        let k = plies / CHECKPOINT_EVERY;
        self.checkpoints.truncate(k + 1);
        let mut board = self.checkpoints[k];
        for &m in &self.line_moves[k * CHECKPOINT_EVERY..plies] {
            play(&mut board, m);
        }
        board
    }

    /// [`Visitor::end_variation`] on the board.
    fn end_variation_on_board(&mut self) {
        if let Some(line) = self.saved_lines.pop() {
            self.line_moves.truncate(line.moves - 1);
            self.checkpoints.truncate((line.moves - 1) / CHECKPOINT_EVERY + 1);
            self.line_moves.push(line.replaced);
            if line.moves.is_multiple_of(CHECKPOINT_EVERY) {
                self.checkpoints.push(line.board);
            }
            self.board = line.board;
        }
    }
}

impl Visitor for Replay {
    type Output = Replayed;
    type Error = ReplayError;

    fn begin_game(&mut self) {
        self.saved.clear();
        self.line_moves.clear();
        self.saved_lines.clear();
        self.checkpoints.clear();
        self.fen = None;
        self.chess960 = false;
        self.variant_kind = None;
        self.variant = None;
        self.started = false;
        self.out = Replayed::default();
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ReplayError> {
        match name {
            b"FEN" => self.fen = Some(value.decode()),
            b"Variant" => {
                let variant = value.decode();
                (self.chess960, self.variant_kind) = (false, None);
                match variant_kind(&variant) {
                    VariantKind::Chess960 => self.chess960 = true,
                    VariantKind::Standard => {}
                    VariantKind::Variant(kind) => self.variant_kind = Some(kind),
                    VariantKind::Unknown => return Err(ReplayError::UnknownVariant(variant)),
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn begin_movetext(&mut self) -> Result<Skip, ReplayError> {
        self.start()?;
        Ok(Skip(false))
    }

    #[inline]
    fn san(&mut self, text: &[u8]) -> Result<(), ReplayError> {
        if let Some(lines) = &mut self.variant {
            return san_on_variant(lines, text, &mut self.out, self.record_fens);
        }
        if self.light {
            return self.san_on_board(text);
        }
        let m = parse_san_bytes(&self.pos, text).map_err(ReplayError::San)?;
        let mainline = self.saved.is_empty();
        if mainline && self.record_fens {
            let _ = write!(self.out.fens, "{}\t", san(&self.pos, m));
        }
        if m == Move::NULL {
            if self.pos.in_check() {
                return Err(ReplayError::NullMoveInCheck);
            }
            self.pos.do_null_move();
        } else {
            self.pos.do_move(m);
        }
        self.out.moves += 1;
        if mainline {
            self.out.mainline_moves += 1;
            if self.record_fens {
                self.out.fens.push_str(&self.pos.to_xfen());
                self.out.fens.push('\n');
            }
        }
        Ok(())
    }

    fn begin_variation(&mut self) -> Result<Skip, ReplayError> {
        if let Some(lines) = &mut self.variant {
            return Ok(Skip(!lines.begin_variation()));
        }
        if self.light {
            return Ok(self.begin_variation_on_board());
        }
        // The variation replaces the last move: it starts from the position before it.
        let mut start = self.pos.clone();
        match start.last_move() {
            Some(Move::NULL) => start.undo_null_move(),
            Some(m) => start.undo_move(m),
            None => return Ok(Skip(true)),
        }
        self.saved.push(core::mem::replace(&mut self.pos, start));
        Ok(Skip(false))
    }

    fn end_variation(&mut self) -> Result<(), ReplayError> {
        if let Some(lines) = &mut self.variant {
            lines.end_variation();
            return Ok(());
        }
        if self.light {
            self.end_variation_on_board();
            return Ok(());
        }
        if let Some(pos) = self.saved.pop() {
            self.pos = pos;
        }
        Ok(())
    }

    fn error(&mut self, error: PgnError<ReplayError>) {
        self.out.errors.push(error);
    }

    fn end_game(&mut self) -> Replayed {
        let mut out = core::mem::take(&mut self.out);
        if self.find_outcome && self.variant.is_none() {
            out.outcome = self.mainline().outcome_with_claims();
        }
        out
    }
}

/// A line left for a variation: its board, how many moves it has, and the last of them
/// (the one the variation replaces).
#[derive(Debug, Clone, Copy)]
struct SavedLine {
    board: Board,
    moves: usize,
    replaced: Move,
}

/// [`Visitor::san`] in a variant game.
fn san_on_variant(
    lines: &mut VariantLines,
    text: &[u8],
    out: &mut Replayed,
    record_fens: bool,
) -> Result<(), ReplayError> {
    let m = lines.parse(text)?;
    let mainline = lines.in_mainline();
    if mainline && record_fens {
        out.fens.push_str(&lines.san(m));
        out.fens.push('\t');
    }
    lines.play(m);
    out.moves += 1;
    if mainline {
        out.mainline_moves += 1;
        if record_fens {
            out.fens.push_str(&lines.board().fen());
            out.fens.push('\n');
        }
    }
    Ok(())
}

/// How many moves apart [`Replay`] keeps the boards a variation's start is replayed from.
const CHECKPOINT_EVERY: usize = 16;

/// Plays a move from a game (a null move included) on `board`.
#[inline(always)]
fn play(board: &mut Board, m: Move) {
    if m == Move::NULL { board.do_null_move() } else { board.do_move(m) }
}

/// The position a game's `FEN` tag sets up, read as python-chess 1.11 reads it: as
/// Chess960 when `chess960` (from the `Variant` tag) says so, or when the castling field
/// names rook files (Shredder-FEN, X-FEN) and standard chess cannot read it.
///
/// ```
/// use lerf_pgn::position_from_fen_tag;
/// let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
/// assert!(position_from_fen_tag(fen, false)?.is_chess960());
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// assert!(!position_from_fen_tag(start, false)?.is_chess960());
/// # Ok::<(), lerf_position::FenError>(())
/// ```
///
/// # Errors
///
/// The FEN does not hold a position (the standard reading's error when neither reads it).
pub fn position_from_fen_tag(fen: &str, chess960: bool) -> Result<Position, FenError> {
    if chess960 {
        return Position::from_fen_960(fen);
    }
    Position::from_fen(fen).or_else(|e| match names_rook_files(fen) {
        true => Position::from_fen_960(fen).map_err(|_| e),
        false => Err(e),
    })
}

/// Whether a FEN's castling field names rook files (Shredder-FEN or X-FEN), which makes
/// python-chess read the game as Chess960.
fn names_rook_files(fen: &str) -> bool {
    let castling = fen.split_ascii_whitespace().nth(2).unwrap_or("-");
    castling.bytes().any(|b| !matches!(b, b'K' | b'Q' | b'k' | b'q' | b'-'))
}
