//! The visitor that makes rows: plays each game's mainline on a [`Position`] and writes a
//! row before each move; the annotations of a row (comment, clock, eval, NAGs) are those
//! python-chess's `GameBuilder` gives the node after the move.
//!
//! python-chess hands a comment to the current node while its `in_variation` flag is set
//! (after a legal move; cleared by `(`, left as the variation left it by `)`), and keeps it
//! as the next move's starting comment otherwise; a NAG always goes to the current node.
//! So variations are read here too, on positions of their own, only to know whether a
//! move in them was legal.

use std::fmt::Write as _;
use std::string::String;
use std::vec::Vec;

use lerf_position::Position;
use lerf_san::parse_san_bytes;
use lerf_types::{Color, Move};

use super::columns::Columns;
use super::options::RowOptions;
use crate::tree::{EvalScore, clock, eval};
use crate::variants::{PgnVariant, VariantKind, VariantLines};
use crate::{GameResult, RawTag, ReplayError, Skip, Visitor};

/// A variation being read: its position and the move played last in it.
struct Line {
    pos: Position,
    last: Option<Move>,
}

/// Makes the rows of the games it visits.
pub(crate) struct RowVisitor {
    pub(crate) out: Columns,
    options: RowOptions,
    /// The index in the input of the game read next.
    pub(crate) game: i64,
    fen: Option<String>,
    chess960: bool,
    /// The variant the `Variant` tag names, if any.
    variant_kind: Option<PgnVariant>,
    /// A variant game's lines (once its movetext began); the standard fields are unused.
    variant: Option<VariantLines>,
    result: String,
    elo: [Option<i32>; 2],
    tags: Vec<Option<String>>,
    pos: Position,
    /// Rows of the current game so far.
    pub(crate) ply: i32,
    /// The mainline's last move (to go back to the position a variation starts from).
    last: Option<Move>,
    /// The open variations, innermost last.
    lines: Vec<Line>,
    /// python-chess's `in_variation`.
    in_variation: bool,
    /// The comment and NAGs of the game's last row, written when the row is complete.
    comment: String,
    nags: Vec<i32>,
}

impl RowVisitor {
    pub(crate) fn new(options: RowOptions, first_game: i64) -> RowVisitor {
        let tags = options.tags.len();
        RowVisitor {
            out: Columns::new(tags),
            options,
            game: first_game,
            fen: None,
            chess960: false,
            variant_kind: None,
            variant: None,
            result: String::new(),
            elo: [None, None],
            tags: std::vec![None; tags],
            pos: Position::startpos(),
            ply: 0,
            last: None,
            lines: Vec::new(),
            in_variation: false,
            comment: String::new(),
            nags: Vec::new(),
        }
    }

    /// Whether the rows have an `nnue` column.
    pub(crate) fn has_nnue(&self) -> bool {
        self.options.nnue_network().is_some()
    }

    /// The columns of a row known when its move is read.
    fn write_row(&mut self, m: Move) {
        let out = &mut self.out;
        out.rows += 1;
        out.game.push(self.game);
        out.ply.push(self.ply);
        let pos = &self.pos;
        out.fen.push_utf8_with(|data| {
            if pos.is_chess960() { pos.append_xfen(data) } else { pos.append_fen(data) }
        });
        out.san.push_utf8_with(|data| {
            if m == Move::NULL {
                data.extend_from_slice(b"--");
            } else {
                data.extend_from_slice(lerf_san::san(pos, m).as_bytes());
            }
        });
        out.uci.push_utf8_with(|data| data.extend_from_slice(pos.uci(m).encode(&mut [0; 5])));
        out.turn.push(pos.side_to_move() == Color::White);
        if let Some(net) = self.options.nnue_network() {
            #[cfg(feature = "nnue")]
            out.nnue.push(net.evaluate(pos).ok());
            #[cfg(not(feature = "nnue"))]
            match *net {}
        }
        self.write_game_columns();
    }

    /// The columns of a row that the game's tags give.
    fn write_game_columns(&mut self) {
        let out = &mut self.out;
        for side in 0..2 {
            out.elo[side].push(self.elo[side]);
        }
        for (column, value) in out.tags.iter_mut().zip(&self.tags) {
            column.push_option(value.as_deref());
        }
    }

    /// The annotation columns of the last row, from its comment and NAGs.
    fn finish_row(&mut self) {
        let out = &mut self.out;
        let comment = self.comment.as_str();
        out.clock.push(clock(comment));
        let score = eval(comment).map(|e| e.score);
        let saturate = |n: i64| n.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
        out.eval_cp.push(match score {
            Some(EvalScore::Cp(cp)) => Some(saturate(cp)),
            _ => None,
        });
        out.eval_mate.push(match score {
            Some(EvalScore::Mate(n)) => Some(saturate(n)),
            _ => None,
        });
        if out.nag_offsets.is_empty() {
            out.nag_offsets.push(0);
        }
        self.nags.sort_unstable();
        self.nags.dedup();
        out.nag_values.extend_from_slice(&self.nags);
        out.nag_offsets.push(out.nag_values.len() as i32);
        if self.options.comments {
            out.comment.push(comment);
        }
        self.comment.clear();
        self.nags.clear();
    }

    /// A comment for the game's last row, joined as python-chess joins them (a space
    /// between non-empty parts; line ends as Python's universal newlines read them).
    fn add_comment(&mut self, text: &[u8]) {
        // Valid UTF-8 checked first: the lossy reader is several times slower on it.
        let text = match core::str::from_utf8(text) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(text),
        };
        let text = if text.contains('\r') {
            std::borrow::Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
        } else {
            text
        };
        if text.is_empty() {
            return;
        }
        if !self.comment.is_empty() {
            self.comment.push(' ');
        }
        self.comment.push_str(&text);
    }

    /// Plays a move read inside a variation, on that variation's position; `Err` when it
    /// is not legal there (the reader then skips the rest of the variation).
    fn play_in_line(&mut self, text: &[u8]) -> Result<(), ReplayError> {
        let Some(line) = self.lines.last_mut() else { return Ok(()) };
        let m = parse_san_bytes(&line.pos, text).map_err(ReplayError::San)?;
        if m == Move::NULL {
            if line.pos.in_check() {
                return Err(ReplayError::NullMoveInCheck);
            }
            line.pos.do_null_move();
        } else {
            line.pos.do_move(m);
        }
        line.last = Some(m);
        self.in_variation = true;
        Ok(())
    }
}

impl RowVisitor {
    /// Whether a variation is being read (not the mainline).
    fn in_line(&self) -> bool {
        match &self.variant {
            Some(lines) => !lines.in_mainline(),
            None => !self.lines.is_empty(),
        }
    }

    /// [`Visitor::san`] in a variant game: a row for a mainline move, as for standard
    /// chess, with the variant board's FEN and SAN.
    fn variant_san(&mut self, text: &[u8]) -> Result<(), ReplayError> {
        let Some(lines) = &self.variant else { return Ok(()) };
        let m = lines.parse(text)?;
        // The row's text, read before `finish_row` takes the visitor.
        let row = lines.in_mainline().then(|| {
            let board = lines.board();
            (board.fen(), lines.san(m), m.to_string(), board.turn() == Color::White)
        });
        if let Some((fen, san, uci, white)) = row {
            if self.ply > 0 {
                self.finish_row();
            }
            let out = &mut self.out;
            out.rows += 1;
            out.game.push(self.game);
            out.ply.push(self.ply);
            out.fen.push(&fen);
            out.san.push(&san);
            out.uci.push(&uci);
            out.turn.push(white);
            if self.options.nnue_network().is_some() {
                // The network is for standard chess.
                out.nnue.push(None);
            }
            self.write_game_columns();
            self.ply += 1;
        }
        if let Some(lines) = &mut self.variant {
            lines.play(m);
        }
        self.in_variation = true;
        Ok(())
    }
}

/// `pos` with `last` taken back (the position a variation of `last` starts from).
fn before(pos: &Position, last: Option<Move>) -> Position {
    let mut pos = pos.clone();
    match last {
        Some(Move::NULL) => pos.undo_null_move(),
        Some(m) => pos.undo_move(m),
        None => {}
    }
    pos
}

impl Visitor for RowVisitor {
    type Output = ();
    type Error = ReplayError;

    fn begin_game(&mut self) {
        (self.fen, self.chess960, self.variant_kind, self.elo, self.ply) =
            (None, false, None, [None, None], 0);
        self.variant = None;
        self.tags.iter_mut().for_each(|t| *t = None);
        self.result.clear();
        self.result.push('*');
        self.last = None;
        self.lines.clear();
        self.in_variation = false;
        self.comment.clear();
        self.nags.clear();
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ReplayError> {
        // As python-chess's TAG_REGEX gives it: escapes kept.
        // (Borrowed: only the tags kept are copied.)
        let value = String::from_utf8_lossy(value.0);
        if let Some(i) = self.options.tags.iter().position(|t| t.as_bytes() == name) {
            self.tags[i] = Some(value.clone().into_owned());
        }
        let elo = |v: &str| v.trim().parse().ok();
        match name {
            b"FEN" => self.fen = Some(value.into_owned()),
            b"Variant" => {
                let kind = crate::variant_kind(&value);
                self.chess960 = kind == VariantKind::Chess960;
                self.variant_kind = match kind {
                    VariantKind::Variant(v) => Some(v),
                    _ => None,
                };
            }
            b"Result" => {
                self.result.clear();
                self.result.push_str(&value);
            }
            b"WhiteElo" => self.elo[0] = elo(&value),
            b"BlackElo" => self.elo[1] = elo(&value),
            _ => {}
        }
        Ok(())
    }

    fn begin_movetext(&mut self) -> Result<Skip, ReplayError> {
        if let Some(kind) = self.variant_kind {
            // A FEN the variant's board does not take: python-chess plays no move either.
            self.variant = VariantLines::start(kind, self.fen.as_deref(), self.chess960).ok();
            return Ok(Skip(self.variant.is_none()));
        }
        let start = match &self.fen {
            None => Some(Position::startpos()),
            Some(fen) => crate::position_from_fen_tag(fen, self.chess960).ok(),
        };
        let playable = start.is_some();
        if let Some(pos) = start {
            self.pos = pos;
        }
        Ok(Skip(!playable))
    }

    fn san(&mut self, text: &[u8]) -> Result<(), ReplayError> {
        if self.variant.is_some() {
            return self.variant_san(text);
        }
        if !self.lines.is_empty() {
            return self.play_in_line(text);
        }
        let m = parse_san_bytes(&self.pos, text).map_err(ReplayError::San)?;
        if m == Move::NULL && self.pos.in_check() {
            return Err(ReplayError::NullMoveInCheck);
        }
        if self.ply > 0 {
            self.finish_row();
        }
        self.write_row(m);
        self.ply += 1;
        if m == Move::NULL {
            self.pos.do_null_move();
        } else {
            self.pos.do_move(m);
        }
        self.last = Some(m);
        self.in_variation = true;
        Ok(())
    }

    fn nag(&mut self, nag: u8) -> Result<(), ReplayError> {
        // Only the mainline's nodes are rows (NAGs before the first move are the game's).
        if !self.in_line() && self.ply > 0 {
            self.nags.push(i32::from(nag));
        }
        Ok(())
    }

    fn comment(&mut self, comment: &[u8]) -> Result<(), ReplayError> {
        if !self.in_line() && self.in_variation && self.ply > 0 {
            self.add_comment(comment);
        }
        Ok(())
    }

    fn error(&mut self, error: crate::PgnError<ReplayError>) {
        // The reader drops a NAG above 255 (its visitors take a byte); python-chess keeps
        // any, so it is read back from the token here.
        if matches!(error.kind, crate::PgnErrorKind::BadNag) && !self.in_line() && self.ply > 0 {
            let digits = error.token.trim_start_matches('$');
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                let nag = digits.parse::<i64>().unwrap_or(i64::MAX);
                self.nags.push(nag.min(i64::from(i32::MAX)) as i32);
            }
        }
    }

    fn begin_variation(&mut self) -> Result<Skip, ReplayError> {
        if let Some(lines) = &mut self.variant {
            lines.begin_variation();
            self.in_variation = false;
            return Ok(Skip(false));
        }
        let start = match self.lines.last() {
            Some(line) => before(&line.pos, line.last),
            None => before(&self.pos, self.last),
        };
        self.lines.push(Line { pos: start, last: None });
        self.in_variation = false;
        Ok(Skip(false))
    }

    fn end_variation(&mut self) -> Result<(), ReplayError> {
        if let Some(lines) = &mut self.variant {
            lines.end_variation();
        }
        self.lines.pop();
        Ok(())
    }

    fn result(&mut self, result: GameResult) -> Result<(), ReplayError> {
        // python-chess's headers["Result"] takes the movetext's result when the tag is `*`.
        if self.result == "*" {
            self.result.clear();
            let _ = write!(self.result, "{result}");
        }
        Ok(())
    }

    fn end_game(&mut self) {
        if self.ply > 0 {
            self.finish_row();
        }
        // Written last: the movetext's result comes after the moves.
        let variant = self.variant.as_ref().map_or("chess", |v| v.kind.name());
        for _ in 0..self.ply {
            self.out.result.push(&self.result);
            self.out.variant.push(variant);
        }
        self.game += 1;
    }
}
