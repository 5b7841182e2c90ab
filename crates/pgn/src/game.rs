//! A game held whole (tags, moves, comments, NAGs, variations), built from the reader and
//! written back as PGN.

use crate::visitor::{GameResult, RawTag, Visitor};
use core::convert::Infallible;
use core::fmt;

/// A game as PGN holds it. Moves are kept as their SAN text: reading a game into a `Game`
/// checks syntax, not legality (play it with [`Replay`](crate::Replay) for that).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Game {
    /// The tag pairs in the order read, values with their escapes resolved.
    pub tags: Vec<(String, String)>,
    /// The mainline, with the comments before its first move.
    pub mainline: Line,
    /// The result token at the end of the movetext, if there was one.
    pub result: Option<GameResult>,
    /// What the reader recovered from in this game (not serialised).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub errors: Vec<crate::PgnError<Infallible>>,
}

/// A line of moves: the mainline or a variation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line {
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves.
    pub moves: Vec<Node>,
}

/// A move with what the movetext says about it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Node {
    /// The move's SAN as written, `+` or `#` included.
    pub san: String,
    /// Its numeric annotation glyphs (`!` is 1, `?` is 2, ...).
    pub nags: Vec<u8>,
    /// The comments after it.
    pub comments: Vec<String>,
    /// Alternatives to this move, in order.
    pub variations: Vec<Line>,
}

/// The seven tags every PGN game has, in the order they come first, with their defaults
/// (what the writer puts where a game lacks one, and python-chess's headers start from).
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The longest line the writer makes (a single comment longer than this has a line of its
/// own, as python-chess writes it: breaking it would change the comment).
pub const LINE_WIDTH: usize = 80;

impl Game {
    /// The value of the tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The SAN of the mainline's moves.
    pub fn mainline_sans(&self) -> Vec<&str> {
        self.mainline.moves.iter().map(|n| n.san.as_str()).collect()
    }

    /// The game as PGN: the seven-tag roster first (with `?` for missing values), then the
    /// other tags in order, an empty line, the movetext in lines of at most [`LINE_WIDTH`]
    /// characters with move numbers, comments, NAGs and variations, the result, and an
    /// empty line.
    ///
    /// ```
    /// use lerf_pgn::{GameBuilder, Reader};
    /// let pgn = "[White \"Morphy\"]\n\n1. e4 e5 (1... c5 $1 { Sicilian }) 2. Nf3 *";
    /// let game = Reader::new(pgn.as_bytes()).read_game(&mut GameBuilder::new()).unwrap()?;
    /// assert_eq!(
    ///     game.to_pgn(),
    ///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Morphy\"]\n\
    ///      [Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 ( 1... c5 $1 { Sicilian } ) 2. Nf3 *\n\n"
    /// );
    /// # Ok::<(), lerf_pgn::ReadError>(())
    /// ```
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        for (name, default) in SEVEN_TAG_ROSTER {
            write_tag(&mut out, name, self.tag(name).unwrap_or(default));
        }
        for (name, value) in &self.tags {
            if !SEVEN_TAG_ROSTER.iter().any(|(n, _)| n == name) {
                write_tag(&mut out, name, value);
            }
        }
        out.push('\n');
        let mut movetext = Wrapper::new(&mut out);
        let (number, white) = self.starting_move();
        write_line(&mut movetext, &self.mainline, number, white);
        let result = self.result.map_or("*", GameResult::as_str);
        movetext.token(result);
        movetext.finish();
        out.push('\n');
        out
    }

    /// The full-move number and whether White moves first, from the `FEN` tag (the start
    /// position otherwise).
    fn starting_move(&self) -> (u32, bool) {
        let Some(fen) = self.tag("FEN") else { return (1, true) };
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        let white = fields.get(1) != Some(&"b");
        let number = fields.get(5).and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(1);
        (number, white)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pgn())
    }
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            // A tag is one line.
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// Writes `line`, whose first move is move `number` for White (`white`) or Black.
fn write_line(out: &mut Wrapper<'_>, line: &Line, mut number: u32, mut white: bool) {
    for comment in &line.comments {
        out.comment(comment);
    }
    // Black's move needs its number after anything that is not White's move.
    let mut number_needed = true;
    for node in &line.moves {
        if white {
            out.token(&format!("{number}."));
        } else if number_needed {
            out.token(&format!("{number}..."));
        }
        out.token(&node.san);
        for nag in &node.nags {
            out.token(&format!("${nag}"));
        }
        for comment in &node.comments {
            out.comment(comment);
        }
        for variation in &node.variations {
            out.token("(");
            write_line(out, variation, number, white);
            out.token(")");
        }
        number_needed = !node.comments.is_empty() || !node.variations.is_empty();
        if !white {
            number += 1;
        }
        white = !white;
    }
}

/// Joins tokens with spaces into lines of at most [`LINE_WIDTH`] characters.
struct Wrapper<'a> {
    out: &'a mut String,
    column: usize,
}

impl<'a> Wrapper<'a> {
    fn new(out: &'a mut String) -> Wrapper<'a> {
        Wrapper { out, column: 0 }
    }

    fn token(&mut self, token: &str) {
        let width = token.chars().count();
        if self.column > 0 && self.column + 1 + width > LINE_WIDTH {
            self.out.push('\n');
            self.column = 0;
        }
        if self.column > 0 {
            self.out.push(' ');
            self.column += 1;
        }
        self.out.push_str(token);
        // A comment may hold line breaks: the column is what follows the last one.
        self.column = match token.rfind('\n') {
            Some(i) => token[i + 1..].chars().count(),
            None => self.column + width,
        };
    }

    fn comment(&mut self, comment: &str) {
        self.token(&format!("{{ {} }}", comment.replace('}', ")")));
    }

    fn finish(&mut self) {
        self.out.push('\n');
    }
}

/// A [`Visitor`] that builds a [`Game`]: tags, moves as SAN text, comments, NAGs,
/// variations and result. It checks no move (it needs no position).
#[derive(Debug, Default)]
pub struct GameBuilder {
    game: Game,
    /// The lines being built: the mainline first, then each open variation.
    open: Vec<Line>,
}

impl GameBuilder {
    /// A builder.
    pub fn new() -> GameBuilder {
        GameBuilder::default()
    }

    fn line(&mut self) -> &mut Line {
        if self.open.is_empty() {
            self.open.push(Line::default());
        }
        let last = self.open.len() - 1;
        &mut self.open[last]
    }
}

impl Visitor for GameBuilder {
    type Output = Game;
    type Error = Infallible;

    fn begin_game(&mut self) {
        self.game = Game::default();
        self.open.clear();
        self.open.push(Line::default());
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), Infallible> {
        self.game.tags.push((String::from_utf8_lossy(name).into_owned(), value.decode()));
        Ok(())
    }

    fn san(&mut self, san: &[u8]) -> Result<(), Infallible> {
        let san = String::from_utf8_lossy(san).into_owned();
        self.line().moves.push(Node { san, ..Node::default() });
        Ok(())
    }

    fn nag(&mut self, nag: u8) -> Result<(), Infallible> {
        if let Some(node) = self.line().moves.last_mut() {
            node.nags.push(nag);
        }
        Ok(())
    }

    fn comment(&mut self, comment: &[u8]) -> Result<(), Infallible> {
        let comment = String::from_utf8_lossy(comment).into_owned();
        let line = self.line();
        match line.moves.last_mut() {
            Some(node) => node.comments.push(comment),
            None => line.comments.push(comment),
        }
        Ok(())
    }

    fn begin_variation(&mut self) -> Result<crate::Skip, Infallible> {
        self.open.push(Line::default());
        Ok(crate::Skip(false))
    }

    fn end_variation(&mut self) -> Result<(), Infallible> {
        if self.open.len() > 1 {
            let variation = self.open.pop().unwrap_or_default();
            if let Some(node) = self.line().moves.last_mut() {
                node.variations.push(variation);
            }
        }
        Ok(())
    }

    fn result(&mut self, result: GameResult) -> Result<(), Infallible> {
        self.game.result = Some(result);
        Ok(())
    }

    fn error(&mut self, error: crate::PgnError<Infallible>) {
        self.game.errors.push(error);
    }

    fn end_game(&mut self) -> Game {
        // Variations the movetext left open are closed where it ends.
        while self.open.len() > 1 {
            let _ = self.end_variation();
        }
        let mut game = core::mem::take(&mut self.game);
        game.mainline = self.open.pop().unwrap_or_default();
        game
    }
}
