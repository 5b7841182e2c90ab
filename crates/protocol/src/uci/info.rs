//! `info` lines: what an engine reports while it searches, every field UCI defines and
//! Stockfish's `wdl`.

use core::fmt;

use lerf_position::Position;
use lerf_types::{Move, UciMove};

use super::values::{moves_until, number, uci_move, write_moves, write_numbers};
use crate::error::{MoveError, ParseError};
use crate::tokens::Tokens;

/// A score as UCI reports it, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// `cp <n>`: centipawns.
    Cp(i32),
    /// `mate <n>`: mate in `n` moves (negative: the engine is mated).
    Mate(i32),
}

/// Whether a score is exact or a bound (`lowerbound`, `upperbound`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// `lowerbound`: the score is at least this.
    Lower,
    /// `upperbound`: the score is at most this.
    Upper,
}

/// `currline [cpu] <moves>`: the line a CPU is searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CurrLine {
    /// The CPU's number, when the engine gives one.
    pub cpu: Option<u32>,
    /// The line.
    pub moves: Vec<UciMove>,
}

/// The fields of an `info` line; each is `None` (or empty) when the line does not have it.
///
/// ```
/// use lerf_protocol::uci::{EngineMessage, Score};
///
/// let line = "info depth 20 seldepth 28 multipv 1 score cp 31 nodes 2104335 nps 1023477 \
///             hashfull 904 tbhits 0 time 2056 pv e2e4 e7e5 g1f3";
/// let EngineMessage::Info(info) = line.parse()? else { unreachable!() };
/// assert_eq!((info.depth, info.score, info.pv.len()), (Some(20), Some(Score::Cp(31)), 3));
/// assert_eq!(info.to_string(), line);
/// # Ok::<(), lerf_protocol::ParseError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth`: plies searched.
    pub depth: Option<u32>,
    /// `seldepth`: selective depth.
    pub seldepth: Option<u32>,
    /// `multipv`: the line's rank.
    pub multipv: Option<u32>,
    /// `score cp|mate`.
    pub score: Option<Score>,
    /// `lowerbound` / `upperbound` after the score.
    pub bound: Option<Bound>,
    /// `wdl <win> <draw> <loss>`: per mille, Stockfish's extension.
    pub wdl: Option<(u32, u32, u32)>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`: nodes a second.
    pub nps: Option<u64>,
    /// `hashfull`: per mille of the hash table used.
    pub hashfull: Option<u32>,
    /// `tbhits`: tablebase hits.
    pub tbhits: Option<u64>,
    /// `sbhits`: shredderbase hits.
    pub sbhits: Option<u64>,
    /// `cpuload`: per mille.
    pub cpuload: Option<u32>,
    /// `time`: milliseconds searched.
    pub time: Option<u64>,
    /// `currmove`: the root move being searched.
    pub currmove: Option<UciMove>,
    /// `currmovenumber`: its number, from 1.
    pub currmovenumber: Option<u32>,
    /// `pv`: the principal variation.
    pub pv: Vec<UciMove>,
    /// `refutation <move> <moves>`: a move and the line that refutes it.
    pub refutation: Vec<UciMove>,
    /// `currline`.
    pub currline: Option<CurrLine>,
    /// `string`: free text, the rest of the line.
    pub string: Option<String>,
    /// Tokens that were not understood, each passed over (the fields after it kept).
    pub skipped: Vec<ParseError>,
}

const INFO_WORDS: [&str; 20] = [
    "depth",
    "seldepth",
    "multipv",
    "score",
    "wdl",
    "nodes",
    "nps",
    "hashfull",
    "tbhits",
    "sbhits",
    "cpuload",
    "time",
    "currmove",
    "currmovenumber",
    "pv",
    "refutation",
    "currline",
    "string",
    "lowerbound",
    "upperbound",
];

impl Info {
    /// Reads the fields of an `info` line given without its leading `info` (what
    /// python-chess's parser is handed). Like a whole line, it never fails: what it does not
    /// understand is in [`Info::skipped`].
    ///
    /// ```
    /// use lerf_protocol::uci::{Info, Score};
    ///
    /// let info = Info::read("depth 7 score mate 3 bogus pv e2e4");
    /// assert_eq!((info.depth, info.score), (Some(7), Some(Score::Mate(3))));
    /// assert_eq!(info.skipped[0].token.as_str(), "bogus");
    /// ```
    pub fn read(fields: &str) -> Info {
        Info::parse(&mut Tokens::new(fields))
    }

    /// Reads the fields after `info`. A token that does not fit (a word UCI does not
    /// know, a number that is not one, a move in a pv that is not a move) goes to
    /// [`Info::skipped`] and reading goes on, so one bad token never costs the rest of the
    /// line.
    pub(crate) fn parse(tokens: &mut Tokens<'_>) -> Info {
        let mut info = Info::default();
        while let Some(t) = tokens.next() {
            let read = match t.text {
                "depth" => number(tokens, "a number after depth").map(|n| info.depth = Some(n)),
                "seldepth" => {
                    number(tokens, "a number after seldepth").map(|n| info.seldepth = Some(n))
                }
                "multipv" => {
                    number(tokens, "a number after multipv").map(|n| info.multipv = Some(n))
                }
                "nodes" => number(tokens, "a number after nodes").map(|n| info.nodes = Some(n)),
                "nps" => number(tokens, "a number after nps").map(|n| info.nps = Some(n)),
                "hashfull" => {
                    number(tokens, "a number after hashfull").map(|n| info.hashfull = Some(n))
                }
                "tbhits" => number(tokens, "a number after tbhits").map(|n| info.tbhits = Some(n)),
                "sbhits" => number(tokens, "a number after sbhits").map(|n| info.sbhits = Some(n)),
                "cpuload" => {
                    number(tokens, "a number after cpuload").map(|n| info.cpuload = Some(n))
                }
                "time" => number(tokens, "milliseconds after time").map(|n| info.time = Some(n)),
                "currmovenumber" => number(tokens, "a number after currmovenumber")
                    .map(|n| info.currmovenumber = Some(n)),
                "score" => Self::parse_score(tokens).map(|s| info.score = Some(s)),
                "lowerbound" => {
                    info.bound = Some(Bound::Lower);
                    Ok(())
                }
                "upperbound" => {
                    info.bound = Some(Bound::Upper);
                    Ok(())
                }
                "wdl" => Self::parse_wdl(tokens).map(|w| info.wdl = Some(w)),
                "currmove" => match tokens.next() {
                    Some(m) => {
                        uci_move(m, "a move after currmove").map(|m| info.currmove = Some(m))
                    }
                    None => Err(ParseError::new("", tokens.line().len(), "a move after currmove")),
                },
                "pv" => {
                    info.pv = moves_until(tokens, &INFO_WORDS, &mut info.skipped);
                    Ok(())
                }
                "refutation" => {
                    info.refutation = moves_until(tokens, &INFO_WORDS, &mut info.skipped);
                    Ok(())
                }
                "currline" => {
                    // A CPU number, unless it is the null move `0000`.
                    let cpu = tokens
                        .peek()
                        .filter(|t| t.text != "0000")
                        .and_then(|t| t.text.parse().ok());
                    if cpu.is_some() {
                        tokens.next();
                    }
                    let moves = moves_until(tokens, &INFO_WORDS, &mut info.skipped);
                    info.currline = Some(CurrLine { cpu, moves });
                    Ok(())
                }
                "string" => {
                    info.string = Some(tokens.rest().text.to_owned());
                    Ok(())
                }
                _ => Err(ParseError::new(t.text, t.at, "an info field")),
            };
            if let Err(e) = read {
                info.skipped.push(e);
            }
        }
        info
    }

    fn parse_score(tokens: &mut Tokens<'_>) -> Result<Score, ParseError> {
        match tokens.next() {
            Some(t) if t.text == "cp" => number(tokens, "centipawns after score cp").map(Score::Cp),
            Some(t) if t.text == "mate" => {
                number(tokens, "moves after score mate").map(Score::Mate)
            }
            Some(t) => Err(ParseError::new(t.text, t.at, "cp or mate after score")),
            None => Err(ParseError::new("", tokens.line().len(), "cp or mate after score")),
        }
    }

    fn parse_wdl(tokens: &mut Tokens<'_>) -> Result<(u32, u32, u32), ParseError> {
        let w = number(tokens, "three numbers after wdl")?;
        let d = number(tokens, "three numbers after wdl")?;
        let l = number(tokens, "three numbers after wdl")?;
        Ok((w, d, l))
    }

    /// The pv checked against `pos`, the position searched: each move legal after the
    /// ones before it.
    ///
    /// # Errors
    ///
    /// [`MoveError`]: the first move that is not legal where it is played.
    pub fn pv_in(&self, pos: &Position) -> Result<Vec<Move>, MoveError> {
        let mut pos = pos.clone();
        let mut out = Vec::with_capacity(self.pv.len());
        for (i, m) in self.pv.iter().enumerate() {
            let m = pos.legal_uci(*m).map_err(|e| MoveError { index: i, error: e.into() })?;
            pos.do_move(m);
            out.push(m);
        }
        Ok(out)
    }
}

impl fmt::Display for Info {
    /// The `info` line (no line end), fields in the order Stockfish writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        let first = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        write_numbers(f, &first)?;
        match self.score {
            Some(Score::Cp(n)) => write!(f, " score cp {n}")?,
            Some(Score::Mate(n)) => write!(f, " score mate {n}")?,
            None => {}
        }
        match self.bound {
            Some(Bound::Lower) => f.write_str(" lowerbound")?,
            Some(Bound::Upper) => f.write_str(" upperbound")?,
            None => {}
        }
        if let Some((w, d, l)) = self.wdl {
            write!(f, " wdl {w} {d} {l}")?;
        }
        let counts = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("tbhits", self.tbhits),
            ("sbhits", self.sbhits),
            ("cpuload", self.cpuload.map(u64::from)),
            ("time", self.time),
        ];
        write_numbers(f, &counts)?;
        if let Some(m) = self.currmove {
            write!(f, " currmove {m}")?;
        }
        if let Some(n) = self.currmovenumber {
            write!(f, " currmovenumber {n}")?;
        }
        if !self.pv.is_empty() {
            write_moves(f, "pv", &self.pv)?;
        }
        if !self.refutation.is_empty() {
            write_moves(f, "refutation", &self.refutation)?;
        }
        if let Some(line) = &self.currline {
            f.write_str(" currline")?;
            if let Some(cpu) = line.cpu {
                write!(f, " {cpu}")?;
            }
            for m in &line.moves {
                write!(f, " {m}")?;
            }
        }
        if let Some(s) = &self.string {
            write!(f, " string {s}")?;
        }
        Ok(())
    }
}
