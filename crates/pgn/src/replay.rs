//! Playing games as they are read: every move, mainline and variations, through lerf.

use crate::visitor::{RawTag, Skip, Visitor};
use core::fmt;
use lerf_position::{FenError, Outcome, Position};
use lerf_san::{SanError, parse_san_bytes, san};
use lerf_types::Move;
use std::fmt::Write as _;

/// Why [`Replay`] refused a game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// The `FEN` tag does not hold a position.
    Fen(FenError),
    /// A move that is not legal (or not SAN) where it stands.
    San(SanError),
    /// A null move while in check, which lerf cannot play.
    NullMoveInCheck,
    /// A `Variant` other than standard chess and Chess960.
    UnsupportedVariant(String),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Fen(e) => e.fmt(f),
            ReplayError::San(e) => e.fmt(f),
            ReplayError::NullMoveInCheck => f.write_str("a null move in check"),
            ReplayError::UnsupportedVariant(v) => write!(f, "unsupported variant {v:?}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// What [`Replay`] gives for a game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Replayed {
    /// Moves played, mainline and variations.
    pub moves: usize,
    /// Moves of the mainline.
    pub mainline_moves: usize,
    /// With [`Replay::with_fens`]: a line `SAN<TAB>FEN` for each mainline move (the SAN as
    /// lerf writes it, the FEN after the move).
    pub fens: String,
    /// With [`Replay::with_outcomes`]: how the mainline's last position stands by the
    /// rules, claims included (as python-chess's `Board.outcome(claim_draw=True)`).
    pub outcome: Option<Outcome>,
}

/// A [`Visitor`] that plays every move of each game on a [`Position`]: the mainline, and
/// each variation from the position before the move it replaces. The `FEN` tag sets the
/// start, `Variant "Chess960"` reads it as Chess960. The first move that is not legal
/// refuses the game.
///
/// ```
/// use lerf_pgn::{Reader, Replay};
/// let pgn = "1. f3 e5 2. g4 (2. Kf2 Qh4+ 3. g3) 2... Qh4# 0-1\n";
/// let game = Reader::new(pgn.as_bytes()).read_game(&mut Replay::new().with_outcomes()).unwrap()?;
/// assert_eq!((game.moves, game.mainline_moves), (7, 4));
/// assert_eq!(game.outcome.unwrap().result(), "0-1");
/// # Ok::<(), lerf_pgn::PgnError<lerf_pgn::ReplayError>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Replay {
    pos: Position,
    /// The start position, copied into `pos` at each game (reusing its allocation).
    startpos: Position,
    /// The positions to go back to when the open variations end, outermost first.
    saved: Vec<Position>,
    fen: Option<String>,
    chess960: bool,
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
            pos: startpos.clone(),
            startpos,
            saved: Vec::new(),
            fen: None,
            chess960: false,
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
        self
    }

    /// The same replay, also finding how each game's mainline ends by the rules.
    #[must_use]
    pub fn with_outcomes(mut self) -> Replay {
        self.find_outcome = true;
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
        match &self.fen {
            None => self.pos.clone_from(&self.startpos),
            Some(fen) if self.chess960 => {
                self.pos = Position::from_fen_960(fen).map_err(ReplayError::Fen)?;
            }
            Some(fen) => self.pos = Position::from_fen(fen).map_err(ReplayError::Fen)?,
        }
        Ok(())
    }
}

impl Visitor for Replay {
    type Output = Replayed;
    type Error = ReplayError;

    fn begin_game(&mut self) {
        self.saved.clear();
        self.fen = None;
        self.chess960 = false;
        self.started = false;
        self.out = Replayed::default();
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ReplayError> {
        match name {
            b"FEN" => self.fen = Some(value.decode()),
            b"Variant" => {
                let variant = value.decode();
                match variant.to_ascii_lowercase().as_str() {
                    "chess960" | "chess 960" | "fischerandom" | "fischerrandom"
                    | "fischer random" => self.chess960 = true,
                    "" | "standard" | "chess" | "normal" | "from position" => {}
                    _ => return Err(ReplayError::UnsupportedVariant(variant)),
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

    fn san(&mut self, text: &[u8]) -> Result<(), ReplayError> {
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
                self.out.fens.push_str(&self.pos.to_fen());
                self.out.fens.push('\n');
            }
        }
        Ok(())
    }

    fn begin_variation(&mut self) -> Result<Skip, ReplayError> {
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
        if let Some(pos) = self.saved.pop() {
            self.pos = pos;
        }
        Ok(())
    }

    fn end_game(&mut self) -> Replayed {
        let mut out = core::mem::take(&mut self.out);
        if self.find_outcome {
            out.outcome = self.mainline().outcome_with_claims();
        }
        out
    }
}
