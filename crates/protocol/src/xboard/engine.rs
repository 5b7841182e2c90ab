//! What an XBoard engine sends its GUI, CECP version 2.

use core::fmt;

use crate::error::ParseError;
use crate::tokens::Tokens;

/// A line from an XBoard engine.
///
/// ```
/// use lerf_protocol::xboard::{EngineMessage, FeatureValue, Thinking};
///
/// let m: EngineMessage = r#"feature ping=1 setboard=1 myname="Fairy-Stockfish 11" done=1"#.parse()?;
/// let EngineMessage::Feature(features) = &m else { unreachable!() };
/// assert_eq!(features[2], ("myname".to_owned(), FeatureValue::Text("Fairy-Stockfish 11".into())));
/// let t: EngineMessage = "12 35 210 1830102 e2e4 e7e5 g1f3".parse()?;
/// assert_eq!(t, EngineMessage::Thinking(Thinking { ply: 12, score: 35, centiseconds: 210, nodes: 1830102, extra: vec![], pv: "e2e4 e7e5 g1f3".into() }));
/// # Ok::<(), lerf_protocol::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMessage {
    /// `feature NAME=VALUE ...`.
    Feature(Vec<(String, FeatureValue)>),
    /// `move MOVE`.
    Move(String),
    /// `pong N`.
    Pong(i64),
    /// `Illegal move: MOVE` or `Illegal move (REASON): MOVE`.
    IllegalMove {
        /// The reason, when given.
        reason: Option<String>,
        /// The move refused.
        mv: String,
    },
    /// `Error (TYPE): COMMAND`.
    Error {
        /// What kind of error (`unknown command`, ...).
        kind: String,
        /// The command it was about.
        command: String,
    },
    /// `RESULT {COMMENT}`: the engine claims a result.
    Result {
        /// `1-0`, `0-1`, `1/2-1/2` or `*`.
        result: String,
        /// The comment between the braces.
        comment: Option<String>,
    },
    /// `resign`.
    Resign,
    /// `offer draw`.
    OfferDraw,
    /// `Hint: MOVE`.
    Hint(String),
    /// `tellopponent`, `tellothers`, `tellall`, `telluser`, `tellusererror`, `tellics`,
    /// `tellicsnoalias` and its text.
    Tell {
        /// The command (`telluser` ...).
        to: String,
        /// The message.
        text: String,
    },
    /// `askuser TAG QUESTION`.
    AskUser {
        /// The tag the answer comes back with.
        tag: String,
        /// The question.
        text: String,
    },
    /// Thinking output: `PLY SCORE TIME NODES PV`.
    Thinking(Thinking),
    /// `# ...`: a comment (debug output).
    Comment(String),
}

/// A feature's value: a number or a quoted string.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FeatureValue {
    /// `name=1`.
    Number(i64),
    /// `name="text"`.
    Text(String),
}

/// A thinking line: `PLY SCORE TIME NODES PV`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// The depth.
    pub ply: u32,
    /// The score in centipawns from the engine's point of view (mates as the engine
    /// encodes them, often 100000 and more).
    pub score: i32,
    /// Time searched, in centiseconds.
    pub centiseconds: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// The selective depth, nodes a second and tablebase hits that CECP lets an engine
    /// add before a tab (`12 35 210 1830102 18 871477 0\tpv`); empty when there is no tab.
    pub extra: Vec<u64>,
    /// The principal variation as the engine wrote it (SAN or coordinates, maybe move
    /// numbers): the rest of the line.
    pub pv: String,
}

const TELLS: [&str; 7] = [
    "tellopponent",
    "tellothers",
    "tellall",
    "telluser",
    "tellusererror",
    "tellics",
    "tellicsnoalias",
];

fn features(line: &str, start: usize) -> Result<Vec<(String, FeatureValue)>, ParseError> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = start;
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            return Ok(out);
        }
        let name_start = i;
        while i < bytes.len() && bytes[i] != b'=' && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let name = &line[name_start..i];
        if i >= bytes.len() || bytes[i] != b'=' || name.is_empty() {
            return Err(ParseError::new(&line[name_start..i], name_start, "NAME=VALUE"));
        }
        i += 1;
        if bytes.get(i) == Some(&b'"') {
            let Some(len) = line[i + 1..].find('"') else {
                return Err(ParseError::new(&line[i..], i, "a closing quote"));
            };
            out.push((name.to_owned(), FeatureValue::Text(line[i + 1..i + 1 + len].to_owned())));
            i += len + 2;
        } else {
            let value_start = i;
            while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let value = &line[value_start..i];
            // A value with no quotes that is no number (`myname=Fairy-Stockfish`, as
            // engines write it) is taken as text.
            let value = value
                .parse()
                .map_or_else(|_| FeatureValue::Text(value.to_owned()), FeatureValue::Number);
            out.push((name.to_owned(), value));
        }
    }
}

fn result_and_comment(first: &str, rest: &str) -> EngineMessage {
    let comment = rest.strip_prefix('{').and_then(|c| c.strip_suffix('}')).map(str::to_owned);
    EngineMessage::Result { result: first.to_owned(), comment }
}

impl core::str::FromStr for EngineMessage {
    type Err = ParseError;

    /// Reads one line.
    fn from_str(line: &str) -> Result<EngineMessage, ParseError> {
        let mut tokens = Tokens::new(line);
        let Some(first) = tokens.next() else {
            return Err(ParseError::new("", line.len(), "an XBoard engine message"));
        };
        let trimmed = line.trim();
        if let Some(comment) = trimmed.strip_prefix('#') {
            return Ok(EngineMessage::Comment(comment.trim_start().to_owned()));
        }
        if let Some(rest) = trimmed.strip_prefix("Illegal move") {
            let (reason, mv) = match rest.trim_start().strip_prefix('(') {
                Some(r) => match r.split_once("):") {
                    Some((reason, mv)) => (Some(reason.to_owned()), mv),
                    None => return Err(ParseError::new(rest, first.at, "(REASON): MOVE")),
                },
                None => (None, rest.trim_start().strip_prefix(':').unwrap_or(rest)),
            };
            return Ok(EngineMessage::IllegalMove { reason, mv: mv.trim().to_owned() });
        }
        if let Some(rest) = trimmed.strip_prefix("Error") {
            let parsed = rest.trim_start().strip_prefix('(').and_then(|r| r.split_once("):"));
            return match parsed {
                Some((kind, command)) => Ok(EngineMessage::Error {
                    kind: kind.to_owned(),
                    command: command.trim().to_owned(),
                }),
                None => Err(ParseError::new(rest, first.at, "Error (TYPE): COMMAND")),
            };
        }
        if let Some(mv) = trimmed.strip_prefix("Hint:") {
            return Ok(EngineMessage::Hint(mv.trim().to_owned()));
        }
        let end = line.len();
        match first.text {
            "feature" => {
                return features(line, first.at + first.text.len()).map(EngineMessage::Feature);
            }
            "move" => {
                return match tokens.next() {
                    Some(m) => Ok(EngineMessage::Move(m.text.to_owned())),
                    None => Err(ParseError::new("", end, "a move after move")),
                };
            }
            "pong" => {
                return match tokens.next() {
                    Some(n) => n
                        .text
                        .parse()
                        .map(EngineMessage::Pong)
                        .map_err(|_| ParseError::new(n.text, n.at, "a number after pong")),
                    None => Err(ParseError::new("", end, "a number after pong")),
                };
            }
            "resign" => return Ok(EngineMessage::Resign),
            "offer" => {
                return match tokens.next() {
                    Some(t) if t.text == "draw" => Ok(EngineMessage::OfferDraw),
                    Some(t) => Err(ParseError::new(t.text, t.at, "draw after offer")),
                    None => Err(ParseError::new("", end, "draw after offer")),
                };
            }
            "askuser" => {
                let Some(tag) = tokens.next() else {
                    return Err(ParseError::new("", end, "a tag after askuser"));
                };
                return Ok(EngineMessage::AskUser {
                    tag: tag.text.to_owned(),
                    text: tokens.rest().text.to_owned(),
                });
            }
            "1-0" | "0-1" | "1/2-1/2" | "*" => {
                return Ok(result_and_comment(first.text, tokens.rest().text));
            }
            tell if TELLS.contains(&tell) => {
                return Ok(EngineMessage::Tell {
                    to: tell.to_owned(),
                    text: tokens.rest().text.to_owned(),
                });
            }
            _ => {}
        }
        // Thinking output: four numbers (the ply may carry a trailing `.` or `&`), then the pv.
        let ply = first.text.trim_end_matches(['.', '&']);
        let Ok(ply) = ply.parse() else {
            return Err(ParseError::new(first.text, first.at, "an XBoard engine message"));
        };
        let mut field = |expected: &'static str| match tokens.next() {
            Some(t) => t.text.parse::<i64>().map_err(|_| ParseError::new(t.text, t.at, expected)),
            None => Err(ParseError::new("", end, expected)),
        };
        let score = i32::try_from(field("a score")?)
            .map_err(|_| ParseError::new(first.text, first.at, "a score"))?;
        let centiseconds = u64::try_from(field("centiseconds")?)
            .map_err(|_| ParseError::new(first.text, first.at, "centiseconds"))?;
        let nodes = u64::try_from(field("nodes")?)
            .map_err(|_| ParseError::new(first.text, first.at, "nodes"))?;
        let rest = tokens.rest();
        let (extra, pv) = match rest.text.split_once('\t') {
            Some((numbers, pv)) => {
                let mut extra = Vec::new();
                for word in numbers.split_whitespace() {
                    let at = rest.at + (word.as_ptr() as usize - numbers.as_ptr() as usize);
                    let n = word
                        .parse()
                        .map_err(|_| ParseError::new(word, at, "a number before the tab"))?;
                    extra.push(n);
                }
                (extra, pv.trim())
            }
            None => (Vec::new(), rest.text),
        };
        Ok(EngineMessage::Thinking(Thinking {
            ply,
            score,
            centiseconds,
            nodes,
            extra,
            pv: pv.to_owned(),
        }))
    }
}

impl fmt::Display for EngineMessage {
    /// The line (no line end), as a GUI reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineMessage::Feature(features) => {
                f.write_str("feature")?;
                for (name, value) in features {
                    match value {
                        FeatureValue::Number(n) => write!(f, " {name}={n}")?,
                        // A text read without quotes may hold a quote (`x=a"b`): quoted,
                        // it would end at that quote, so it is written as it was read.
                        FeatureValue::Text(t) if t.contains('"') => write!(f, " {name}={t}")?,
                        FeatureValue::Text(t) => write!(f, " {name}=\"{t}\"")?,
                    }
                }
                Ok(())
            }
            EngineMessage::Move(m) => write!(f, "move {m}"),
            EngineMessage::Pong(n) => write!(f, "pong {n}"),
            EngineMessage::IllegalMove { reason: None, mv } => write!(f, "Illegal move: {mv}"),
            EngineMessage::IllegalMove { reason: Some(r), mv } => {
                write!(f, "Illegal move ({r}): {mv}")
            }
            EngineMessage::Error { kind, command } => write!(f, "Error ({kind}): {command}"),
            EngineMessage::Result { result, comment: None } => f.write_str(result),
            EngineMessage::Result { result, comment: Some(c) } => write!(f, "{result} {{{c}}}"),
            EngineMessage::Resign => f.write_str("resign"),
            EngineMessage::OfferDraw => f.write_str("offer draw"),
            EngineMessage::Hint(m) => write!(f, "Hint: {m}"),
            EngineMessage::Tell { to, text } => write!(f, "{to} {text}"),
            EngineMessage::AskUser { tag, text } => write!(f, "askuser {tag} {text}"),
            EngineMessage::Thinking(t) => {
                write!(f, "{} {} {} {}", t.ply, t.score, t.centiseconds, t.nodes)?;
                if t.extra.is_empty() {
                    return write!(f, " {}", t.pv);
                }
                for n in &t.extra {
                    write!(f, " {n}")?;
                }
                write!(f, "\t{}", t.pv)
            }
            EngineMessage::Comment(c) => write!(f, "# {c}"),
        }
    }
}
