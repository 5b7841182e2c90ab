//! What a GUI (XBoard, WinBoard, Cute Chess, python-chess) sends an XBoard engine, CECP
//! version 2.

use core::fmt;

use crate::error::ParseError;
use crate::tokens::Tokens;

/// A command to an XBoard engine.
///
/// ```
/// use lerf_protocol::xboard::{GuiCommand, Level};
///
/// let c: GuiCommand = "level 40 0:30 2.5".parse()?;
/// assert_eq!(c, GuiCommand::Level(Level { moves: 40, base_seconds: 30, increment_ms: 2500 }));
/// assert_eq!(c.to_string(), "level 40 0:30 2.5");
/// assert_eq!("usermove e2e4".parse::<GuiCommand>()?, GuiCommand::UserMove("e2e4".into()));
/// # Ok::<(), lerf_protocol::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuiCommand {
    /// `xboard`.
    Xboard,
    /// `protover N`.
    Protover(u32),
    /// `accepted FEATURE`.
    Accepted(String),
    /// `rejected FEATURE`.
    Rejected(String),
    /// `new`: a new game from the start position, the engine playing Black.
    New,
    /// `variant NAME`.
    Variant(String),
    /// `quit`.
    Quit,
    /// `random`.
    Random,
    /// `force`: take moves for both sides, think about none.
    Force,
    /// `go`: play the side to move.
    Go,
    /// `playother`: play the side not to move.
    PlayOther,
    /// `white` (protocol 1).
    White,
    /// `black` (protocol 1).
    Black,
    /// `level MPS BASE INC`: a conventional clock.
    Level(Level),
    /// `st SECONDS`: a fixed time a move.
    St(u32),
    /// `sd DEPTH`: a depth limit.
    Sd(u32),
    /// `nps NODES`: nodes a second as the clock.
    Nps(u64),
    /// `time N`: the engine's clock, in centiseconds.
    Time(i64),
    /// `otim N`: the opponent's clock, in centiseconds.
    Otim(i64),
    /// `usermove MOVE` (or, without the `usermove` feature, a bare move).
    UserMove(String),
    /// `?`: move now.
    MoveNow,
    /// `ping N`.
    Ping(i64),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `result RESULT {COMMENT}`.
    Result {
        /// `1-0`, `0-1`, `1/2-1/2` or `*`.
        result: String,
        /// The comment between the braces.
        comment: Option<String>,
    },
    /// `setboard FEN`.
    SetBoard(String),
    /// `edit` (the old board editing mode).
    Edit,
    /// `hint`.
    Hint,
    /// `bk`: the book moves.
    Bk,
    /// `undo`: take back one move.
    Undo,
    /// `remove`: take back two moves.
    Remove,
    /// `hard`: pondering on.
    Hard,
    /// `easy`: pondering off.
    Easy,
    /// `post`: thinking output on.
    Post,
    /// `nopost`: thinking output off.
    NoPost,
    /// `analyze`.
    Analyze,
    /// `exit`: leave analysis.
    Exit,
    /// `.`: a status update in analysis.
    Dot,
    /// `name X`: the opponent's name.
    Name(String),
    /// `rating ENGINE OPPONENT`.
    Rating(i32, i32),
    /// `ics HOST` (`-` for none).
    Ics(String),
    /// `computer`: the opponent is a computer.
    Computer,
    /// `pause`.
    Pause,
    /// `resume`.
    Resume,
    /// `memory MEGABYTES`.
    Memory(u64),
    /// `cores N`.
    Cores(u32),
    /// `egtpath TYPE PATH`.
    EgtPath {
        /// The tablebase kind (`syzygy`, `gaviota`, ...).
        kind: String,
        /// Where the tables are.
        path: String,
    },
    /// `option NAME[=VALUE]`.
    Option {
        /// The option's name.
        name: String,
        /// Its value (none for a button).
        value: Option<String>,
    },
}

/// `level MPS BASE INC`: `moves` a session (0: the whole game), the base time and the
/// increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    /// Moves to play in each session (0: all).
    pub moves: u32,
    /// The time of a session, in seconds (`MIN` or `MIN:SEC` on the wire).
    pub base_seconds: u32,
    /// The increment, in milliseconds (seconds, possibly with a fraction, on the wire).
    pub increment_ms: u32,
}

fn word<T>(
    tokens: &mut Tokens<'_>,
    expected: &'static str,
    f: impl FnOnce(&str) -> Option<T>,
) -> Result<T, ParseError> {
    match tokens.next() {
        Some(t) => f(t.text).ok_or_else(|| ParseError::new(t.text, t.at, expected)),
        None => Err(ParseError::new("", tokens.line().len(), expected)),
    }
}

fn rest(tokens: &mut Tokens<'_>, expected: &'static str) -> Result<String, ParseError> {
    let rest = tokens.rest();
    if rest.text.is_empty() {
        Err(ParseError::new("", rest.at, expected))
    } else {
        Ok(rest.text.to_owned())
    }
}

/// `MIN` or `MIN:SEC` as seconds.
fn base_seconds(text: &str) -> Option<u32> {
    match text.split_once(':') {
        None => text.parse::<u32>().ok()?.checked_mul(60),
        Some((m, s)) => m.parse::<u32>().ok()?.checked_mul(60)?.checked_add(s.parse().ok()?),
    }
}

/// Seconds with an optional fraction (`2`, `2.5`) as milliseconds.
fn increment_ms(text: &str) -> Option<u32> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let fraction: u32 = format!("{fraction:0<3}").parse().ok()?;
    whole.parse::<u32>().ok()?.checked_mul(1000)?.checked_add(fraction)
}

/// Whether a token can be a move (coordinates such as `e2e4`, `e7e8q`, `P@e4`, SAN such as
/// `Nf3`, `exd8=Q+`, `O-O`): protocol 1 sends moves without `usermove`.
fn looks_like_a_move(text: &str) -> bool {
    (2..=8).contains(&text.len())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b"-=@+#".contains(&b))
        && (text.bytes().any(|b| b.is_ascii_digit()) || text.starts_with("O-O"))
}

impl core::str::FromStr for GuiCommand {
    type Err = ParseError;

    /// Reads one line.
    fn from_str(line: &str) -> Result<GuiCommand, ParseError> {
        let mut tokens = Tokens::new(line);
        let Some(first) = tokens.next() else {
            return Err(ParseError::new("", line.len(), "an XBoard command"));
        };
        let number = "a number";
        Ok(match first.text {
            "xboard" => GuiCommand::Xboard,
            "protover" => GuiCommand::Protover(word(&mut tokens, number, |t| t.parse().ok())?),
            "accepted" => GuiCommand::Accepted(rest(&mut tokens, "a feature name")?),
            "rejected" => GuiCommand::Rejected(rest(&mut tokens, "a feature name")?),
            "new" => GuiCommand::New,
            "variant" => GuiCommand::Variant(rest(&mut tokens, "a variant name")?),
            "quit" => GuiCommand::Quit,
            "random" => GuiCommand::Random,
            "force" => GuiCommand::Force,
            "go" => GuiCommand::Go,
            "playother" => GuiCommand::PlayOther,
            "white" => GuiCommand::White,
            "black" => GuiCommand::Black,
            "level" => GuiCommand::Level(Level {
                moves: word(&mut tokens, "moves a session", |t| t.parse().ok())?,
                base_seconds: word(&mut tokens, "minutes or MIN:SEC", base_seconds)?,
                increment_ms: word(&mut tokens, "an increment in seconds", increment_ms)?,
            }),
            "st" => GuiCommand::St(word(&mut tokens, "seconds after st", |t| t.parse().ok())?),
            "sd" => GuiCommand::Sd(word(&mut tokens, "a depth after sd", |t| t.parse().ok())?),
            "nps" => GuiCommand::Nps(word(&mut tokens, number, |t| t.parse().ok())?),
            "time" => {
                GuiCommand::Time(word(&mut tokens, "centiseconds after time", |t| t.parse().ok())?)
            }
            "otim" => {
                GuiCommand::Otim(word(&mut tokens, "centiseconds after otim", |t| t.parse().ok())?)
            }
            "usermove" => GuiCommand::UserMove(word(&mut tokens, "a move after usermove", |t| {
                Some(t.to_owned())
            })?),
            "?" => GuiCommand::MoveNow,
            "ping" => {
                GuiCommand::Ping(word(&mut tokens, "a number after ping", |t| t.parse().ok())?)
            }
            "draw" => GuiCommand::Draw,
            "result" => {
                let result = word(&mut tokens, "1-0, 0-1, 1/2-1/2 or *", |t| {
                    ["1-0", "0-1", "1/2-1/2", "*"].contains(&t).then(|| t.to_owned())
                })?;
                let comment = tokens.rest().text;
                let comment =
                    comment.strip_prefix('{').and_then(|c| c.strip_suffix('}')).map(str::to_owned);
                GuiCommand::Result { result, comment }
            }
            "setboard" => GuiCommand::SetBoard(rest(&mut tokens, "a FEN after setboard")?),
            "edit" => GuiCommand::Edit,
            "hint" => GuiCommand::Hint,
            "bk" => GuiCommand::Bk,
            "undo" => GuiCommand::Undo,
            "remove" => GuiCommand::Remove,
            "hard" => GuiCommand::Hard,
            "easy" => GuiCommand::Easy,
            "post" => GuiCommand::Post,
            "nopost" => GuiCommand::NoPost,
            "analyze" => GuiCommand::Analyze,
            "exit" => GuiCommand::Exit,
            "." => GuiCommand::Dot,
            "name" => GuiCommand::Name(rest(&mut tokens, "a name")?),
            "rating" => GuiCommand::Rating(
                word(&mut tokens, "the engine's rating", |t| t.parse().ok())?,
                word(&mut tokens, "the opponent's rating", |t| t.parse().ok())?,
            ),
            "ics" => GuiCommand::Ics(rest(&mut tokens, "a host name or -")?),
            "computer" => GuiCommand::Computer,
            "pause" => GuiCommand::Pause,
            "resume" => GuiCommand::Resume,
            "memory" => {
                GuiCommand::Memory(word(&mut tokens, "megabytes after memory", |t| t.parse().ok())?)
            }
            "cores" => {
                GuiCommand::Cores(word(&mut tokens, "a number after cores", |t| t.parse().ok())?)
            }
            "egtpath" => GuiCommand::EgtPath {
                kind: word(&mut tokens, "a tablebase kind", |t| Some(t.to_owned()))?,
                path: rest(&mut tokens, "a path")?,
            },
            "option" => {
                let text = rest(&mut tokens, "an option name")?;
                match text.split_once('=') {
                    Some((name, value)) => {
                        GuiCommand::Option { name: name.to_owned(), value: Some(value.to_owned()) }
                    }
                    None => GuiCommand::Option { name: text, value: None },
                }
            }
            text if looks_like_a_move(text) && tokens.peek().is_none() => {
                GuiCommand::UserMove(text.to_owned())
            }
            text => return Err(ParseError::new(text, first.at, "an XBoard command")),
        })
    }
}

impl fmt::Display for GuiCommand {
    /// The line (no line end), as an engine reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self {
            GuiCommand::Xboard => "xboard",
            GuiCommand::New => "new",
            GuiCommand::Quit => "quit",
            GuiCommand::Random => "random",
            GuiCommand::Force => "force",
            GuiCommand::Go => "go",
            GuiCommand::PlayOther => "playother",
            GuiCommand::White => "white",
            GuiCommand::Black => "black",
            GuiCommand::MoveNow => "?",
            GuiCommand::Draw => "draw",
            GuiCommand::Edit => "edit",
            GuiCommand::Hint => "hint",
            GuiCommand::Bk => "bk",
            GuiCommand::Undo => "undo",
            GuiCommand::Remove => "remove",
            GuiCommand::Hard => "hard",
            GuiCommand::Easy => "easy",
            GuiCommand::Post => "post",
            GuiCommand::NoPost => "nopost",
            GuiCommand::Analyze => "analyze",
            GuiCommand::Exit => "exit",
            GuiCommand::Dot => ".",
            GuiCommand::Computer => "computer",
            GuiCommand::Pause => "pause",
            GuiCommand::Resume => "resume",
            GuiCommand::Protover(n) => return write!(f, "protover {n}"),
            GuiCommand::Accepted(s) => return write!(f, "accepted {s}"),
            GuiCommand::Rejected(s) => return write!(f, "rejected {s}"),
            GuiCommand::Variant(s) => return write!(f, "variant {s}"),
            GuiCommand::Level(l) => {
                write!(f, "level {} {}", l.moves, l.base_seconds / 60)?;
                if l.base_seconds % 60 != 0 {
                    write!(f, ":{:02}", l.base_seconds % 60)?;
                }
                write!(f, " {}", l.increment_ms / 1000)?;
                let fraction = l.increment_ms % 1000;
                if fraction != 0 {
                    let digits = format!("{fraction:03}");
                    write!(f, ".{}", digits.trim_end_matches('0'))?;
                }
                return Ok(());
            }
            GuiCommand::St(n) => return write!(f, "st {n}"),
            GuiCommand::Sd(n) => return write!(f, "sd {n}"),
            GuiCommand::Nps(n) => return write!(f, "nps {n}"),
            GuiCommand::Time(n) => return write!(f, "time {n}"),
            GuiCommand::Otim(n) => return write!(f, "otim {n}"),
            GuiCommand::UserMove(m) => return write!(f, "usermove {m}"),
            GuiCommand::Ping(n) => return write!(f, "ping {n}"),
            GuiCommand::Result { result, comment: None } => return write!(f, "result {result}"),
            GuiCommand::Result { result, comment: Some(c) } => {
                return write!(f, "result {result} {{{c}}}");
            }
            GuiCommand::SetBoard(fen) => return write!(f, "setboard {fen}"),
            GuiCommand::Name(n) => return write!(f, "name {n}"),
            GuiCommand::Rating(a, b) => return write!(f, "rating {a} {b}"),
            GuiCommand::Ics(h) => return write!(f, "ics {h}"),
            GuiCommand::Memory(n) => return write!(f, "memory {n}"),
            GuiCommand::Cores(n) => return write!(f, "cores {n}"),
            GuiCommand::EgtPath { kind, path } => return write!(f, "egtpath {kind} {path}"),
            GuiCommand::Option { name, value: None } => return write!(f, "option {name}"),
            GuiCommand::Option { name, value: Some(v) } => return write!(f, "option {name}={v}"),
        };
        f.write_str(word)
    }
}
