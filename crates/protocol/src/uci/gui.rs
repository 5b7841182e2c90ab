//! What a GUI (or any controller) sends a UCI engine.

use core::fmt;

use lerf_position::{FenError, Position, STARTPOS_FEN, UciError};
use lerf_types::UciMove;

use super::values::{moves_until, number, write_moves, write_numbers};
use crate::error::{MoveError, ParseError};
use crate::tokens::Tokens;

/// A command to a UCI engine.
///
/// ```
/// use lerf_protocol::uci::{GuiCommand, Go};
///
/// let go: GuiCommand = "go wtime 60000 btime 59000 movestogo 20".parse()?;
/// let GuiCommand::Go(go) = &go else { unreachable!() };
/// assert_eq!((go.wtime, go.movestogo), (Some(60000), Some(20)));
/// assert_eq!(GuiCommand::Go(Go { depth: Some(12), ..Go::default() }).to_string(), "go depth 12");
/// # Ok::<(), lerf_protocol::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuiCommand {
    /// `uci`: switch to UCI, answer with `id`, `option`s and `uciok`.
    Uci,
    /// `debug on` / `debug off`.
    Debug(bool),
    /// `isready`: answer `readyok` when ready.
    IsReady,
    /// `setoption name <name> [value <value>]` (a button has no value).
    SetOption {
        /// The option's name (it may hold spaces).
        name: String,
        /// Its new value, as text.
        value: Option<String>,
    },
    /// `register later` or `register name <name> code <code>`.
    Register(Registration),
    /// `ucinewgame`: the next search is from a new game.
    UciNewGame,
    /// `position [startpos | fen <fen>] [moves <move> ...]`.
    Position(PositionCommand),
    /// `go ...`: search.
    Go(Go),
    /// `stop`: stop searching and answer `bestmove`.
    Stop,
    /// `ponderhit`: the opponent played the move the engine ponders on.
    PonderHit,
    /// `quit`.
    Quit,
}

/// The arguments of `register`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Registration {
    /// `register later`.
    Later,
    /// `register name <name> code <code>` (either may be missing).
    With {
        /// The user's name.
        name: Option<String>,
        /// The registration code.
        code: Option<String>,
    },
}

/// Where `position` starts and the moves played from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// `None` for `startpos`, the FEN otherwise (as sent, its fields joined by one space).
    pub fen: Option<String>,
    /// The moves, as sent.
    pub moves: Vec<UciMove>,
    /// Tokens among the moves that were no move (passed over; the moves after them kept).
    pub skipped: Vec<ParseError>,
}

/// Why a `position` command does not give a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The FEN is refused.
    Fen(FenError),
    /// Move `index` (from 0) is not legal where it is played.
    Move {
        /// The move's index in the command.
        index: usize,
        /// Why.
        error: UciError,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => write!(f, "position: {e}"),
            PositionError::Move { index, error } => {
                write!(f, "position: move {}: {error}", index + 1)
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl PositionCommand {
    /// `position startpos` with `moves`.
    pub fn startpos(moves: Vec<UciMove>) -> PositionCommand {
        PositionCommand { fen: None, moves, skipped: Vec::new() }
    }

    /// `position fen <fen>` of `root` with `moves`.
    pub fn from_root(root: &Position, moves: Vec<UciMove>) -> PositionCommand {
        PositionCommand { fen: Some(root.to_fen()), moves, skipped: Vec::new() }
    }

    /// The position the command describes: the FEN read (Chess960 castling as the king
    /// taking its rook when `chess960`), then each move checked and played.
    ///
    /// ```
    /// use lerf_protocol::uci::GuiCommand;
    ///
    /// let GuiCommand::Position(p) = "position startpos moves e2e4 e7e5 g1f3".parse()? else { unreachable!() };
    /// assert_eq!(p.to_position(false)?.to_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    /// let GuiCommand::Position(bad) = "position startpos moves e2e5".parse()? else { unreachable!() };
    /// assert!(bad.to_position(false).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming the FEN's problem or the first illegal move.
    pub fn to_position(&self, chess960: bool) -> Result<Position, PositionError> {
        let fen = self.fen.as_deref().unwrap_or(STARTPOS_FEN);
        let read = if chess960 { Position::from_fen_960(fen) } else { Position::from_fen(fen) };
        let mut pos = read.map_err(PositionError::Fen)?;
        for (index, m) in self.moves.iter().enumerate() {
            let m =
                pos.legal_uci(*m).map_err(|e| PositionError::Move { index, error: e.into() })?;
            pos.do_move(m);
        }
        Ok(pos)
    }
}

/// The arguments of `go`. Times are milliseconds (signed: some GUIs send a negative
/// remaining time after a flag fall).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `searchmoves`: only these root moves.
    pub searchmoves: Vec<UciMove>,
    /// `ponder`: search in ponder mode.
    pub ponder: bool,
    /// `wtime`: White's time left.
    pub wtime: Option<i64>,
    /// `btime`: Black's time left.
    pub btime: Option<i64>,
    /// `winc`: White's increment.
    pub winc: Option<i64>,
    /// `binc`: Black's increment.
    pub binc: Option<i64>,
    /// `movestogo`: moves to the next time control.
    pub movestogo: Option<u32>,
    /// `depth`: plies.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `mate`: a mate in this many moves.
    pub mate: Option<u32>,
    /// `movetime`: exactly this long.
    pub movetime: Option<i64>,
    /// `infinite`: until `stop`.
    pub infinite: bool,
    /// Tokens that were not understood (passed over; the rest of the line kept).
    pub skipped: Vec<ParseError>,
}

const GO_WORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

impl Go {
    fn parse(tokens: &mut Tokens<'_>) -> Go {
        let mut go = Go::default();
        while let Some(t) = tokens.next() {
            let value = match t.text {
                "searchmoves" => {
                    go.searchmoves = moves_until(tokens, &GO_WORDS, &mut go.skipped);
                    Ok(())
                }
                "ponder" => {
                    go.ponder = true;
                    Ok(())
                }
                "infinite" => {
                    go.infinite = true;
                    Ok(())
                }
                "wtime" => number(tokens, "milliseconds after wtime").map(|n| go.wtime = Some(n)),
                "btime" => number(tokens, "milliseconds after btime").map(|n| go.btime = Some(n)),
                "winc" => number(tokens, "milliseconds after winc").map(|n| go.winc = Some(n)),
                "binc" => number(tokens, "milliseconds after binc").map(|n| go.binc = Some(n)),
                "movestogo" => {
                    number(tokens, "a number after movestogo").map(|n| go.movestogo = Some(n))
                }
                "depth" => number(tokens, "a number after depth").map(|n| go.depth = Some(n)),
                "nodes" => number(tokens, "a number after nodes").map(|n| go.nodes = Some(n)),
                "mate" => number(tokens, "a number after mate").map(|n| go.mate = Some(n)),
                "movetime" => {
                    number(tokens, "milliseconds after movetime").map(|n| go.movetime = Some(n))
                }
                _ => Err(ParseError::new(t.text, t.at, "a go parameter")),
            };
            if let Err(e) = value {
                go.skipped.push(e);
            }
        }
        go
    }

    /// The root moves of `searchmoves` checked against `pos`.
    ///
    /// # Errors
    ///
    /// [`MoveError`]: the first move that is not legal there.
    pub fn searchmoves_in(&self, pos: &Position) -> Result<Vec<lerf_types::Move>, MoveError> {
        self.searchmoves
            .iter()
            .enumerate()
            .map(|(i, m)| pos.legal_uci(*m).map_err(|e| MoveError { index: i, error: e.into() }))
            .collect()
    }
}

impl core::str::FromStr for GuiCommand {
    type Err = ParseError;

    /// Reads one line. Unknown tokens before the command are passed over, as UCI asks
    /// (`joho debug on` is `debug on`); a line with no command is an error.
    fn from_str(line: &str) -> Result<GuiCommand, ParseError> {
        let mut tokens = Tokens::new(line);
        let mut first_unknown = None;
        while let Some(t) = tokens.next() {
            let command = match t.text {
                "uci" => GuiCommand::Uci,
                "isready" => GuiCommand::IsReady,
                "ucinewgame" => GuiCommand::UciNewGame,
                "stop" => GuiCommand::Stop,
                "ponderhit" => GuiCommand::PonderHit,
                "quit" => GuiCommand::Quit,
                "debug" => match tokens.next() {
                    Some(t) if t.text == "on" => GuiCommand::Debug(true),
                    Some(t) if t.text == "off" => GuiCommand::Debug(false),
                    Some(t) => return Err(ParseError::new(t.text, t.at, "on or off after debug")),
                    None => return Err(ParseError::new("", line.len(), "on or off after debug")),
                },
                "setoption" => return parse_setoption(&mut tokens),
                "register" => return Ok(GuiCommand::Register(parse_register(&mut tokens))),
                "position" => return parse_position(&mut tokens).map(GuiCommand::Position),
                "go" => return Ok(GuiCommand::Go(Go::parse(&mut tokens))),
                _ => {
                    first_unknown.get_or_insert(t);
                    continue;
                }
            };
            return Ok(command);
        }
        let (text, at) = first_unknown.map_or(("", line.len()), |t| (t.text, t.at));
        Err(ParseError::new(text, at, "a UCI command"))
    }
}

fn parse_setoption(tokens: &mut Tokens<'_>) -> Result<GuiCommand, ParseError> {
    match tokens.next() {
        Some(t) if t.text == "name" => {}
        Some(t) => return Err(ParseError::new(t.text, t.at, "name after setoption")),
        None => return Err(ParseError::new("", tokens.line().len(), "name after setoption")),
    }
    let Some(name) = tokens.until(&["value"]) else {
        return Err(ParseError::new("", tokens.line().len(), "an option name"));
    };
    let value = tokens.next().map(|_| tokens.rest().text.to_owned());
    Ok(GuiCommand::SetOption { name: name.text.to_owned(), value })
}

fn parse_register(tokens: &mut Tokens<'_>) -> Registration {
    let (mut name, mut code) = (None, None);
    while let Some(t) = tokens.next() {
        match t.text {
            "later" => return Registration::Later,
            "name" => name = tokens.until(&["code"]).map(|t| t.text.to_owned()),
            "code" => code = tokens.until(&["name"]).map(|t| t.text.to_owned()),
            _ => {}
        }
    }
    Registration::With { name, code }
}

fn parse_position(tokens: &mut Tokens<'_>) -> Result<PositionCommand, ParseError> {
    let fen = match tokens.next() {
        Some(t) if t.text == "startpos" => None,
        Some(t) if t.text == "fen" => match tokens.until(&["moves"]) {
            Some(fen) => Some(fen.text.split_whitespace().collect::<Vec<_>>().join(" ")),
            None => return Err(ParseError::new("", tokens.line().len(), "a FEN after fen")),
        },
        Some(t) => return Err(ParseError::new(t.text, t.at, "startpos or fen after position")),
        None => {
            return Err(ParseError::new("", tokens.line().len(), "startpos or fen after position"));
        }
    };
    let mut skipped = Vec::new();
    let moves = match tokens.next() {
        Some(t) if t.text == "moves" => moves_until(tokens, &[], &mut skipped),
        Some(t) => {
            skipped.push(ParseError::new(t.text, t.at, "moves"));
            Vec::new()
        }
        None => Vec::new(),
    };
    Ok(PositionCommand { fen, moves, skipped })
}

impl fmt::Display for GuiCommand {
    /// The line (no line end), as an engine reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuiCommand::Uci => f.write_str("uci"),
            GuiCommand::Debug(on) => f.write_str(if *on { "debug on" } else { "debug off" }),
            GuiCommand::IsReady => f.write_str("isready"),
            GuiCommand::SetOption { name, value: None } => write!(f, "setoption name {name}"),
            GuiCommand::SetOption { name, value: Some(v) } => {
                write!(f, "setoption name {name} value {v}")
            }
            GuiCommand::Register(Registration::Later) => f.write_str("register later"),
            GuiCommand::Register(Registration::With { name, code }) => {
                f.write_str("register")?;
                if let Some(name) = name {
                    write!(f, " name {name}")?;
                }
                if let Some(code) = code {
                    write!(f, " code {code}")?;
                }
                Ok(())
            }
            GuiCommand::UciNewGame => f.write_str("ucinewgame"),
            GuiCommand::Position(p) => {
                match &p.fen {
                    None => f.write_str("position startpos")?,
                    Some(fen) => write!(f, "position fen {fen}")?,
                }
                if !p.moves.is_empty() {
                    write_moves(f, "moves", &p.moves)?;
                }
                Ok(())
            }
            GuiCommand::Go(go) => {
                f.write_str("go")?;
                if !go.searchmoves.is_empty() {
                    write_moves(f, "searchmoves", &go.searchmoves)?;
                }
                if go.ponder {
                    f.write_str(" ponder")?;
                }
                let numbers = [
                    ("wtime", go.wtime),
                    ("btime", go.btime),
                    ("winc", go.winc),
                    ("binc", go.binc),
                    ("movestogo", go.movestogo.map(i64::from)),
                    ("depth", go.depth.map(i64::from)),
                    ("mate", go.mate.map(i64::from)),
                    ("movetime", go.movetime),
                ];
                write_numbers(f, &numbers)?;
                if let Some(n) = go.nodes {
                    write!(f, " nodes {n}")?;
                }
                if go.infinite {
                    f.write_str(" infinite")?;
                }
                Ok(())
            }
            GuiCommand::Stop => f.write_str("stop"),
            GuiCommand::PonderHit => f.write_str("ponderhit"),
            GuiCommand::Quit => f.write_str("quit"),
        }
    }
}
