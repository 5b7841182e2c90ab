//! What a game's `Variant` tag names, as python-chess 1.11 reads it, and the lines of a
//! game in one of the Lichess variants played on [`VariantBoard`]s: the mainline and its
//! open variations, each from the position before the move it replaces.

use std::string::String;
use std::vec::Vec;

use lerf_rules::LooseMove;
use lerf_rules::variant::{Variant, VariantBoard};
use lerf_san::variant::{parse_variant_san, variant_san};

use crate::ReplayError;

/// How python-chess 1.11 reads a `Variant` tag's value.
///
/// ```
/// use lerf_pgn::{PgnVariant, VariantKind, variant_kind};
/// assert_eq!(variant_kind("Fischerandom"), VariantKind::Chess960);
/// assert_eq!(variant_kind("From Position"), VariantKind::Standard);
/// assert_eq!(variant_kind("Crazyhouse"), VariantKind::Variant(PgnVariant::Crazyhouse));
/// assert_eq!(variant_kind("Blitz"), VariantKind::Unknown);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VariantKind {
    /// Chess960 under one of its names.
    Chess960,
    /// Standard chess under one of its names (`Standard`, `From Position`, `wild/0`...).
    Standard,
    /// One of the variants python-chess plays on a board of its own (Atomic, Crazyhouse ...).
    Variant(PgnVariant),
    /// A name python-chess does not know: it records an error and plays standard chess.
    Unknown,
}

/// A variant python-chess's `chess.variant` plays, as a game's `Variant` tag names it: one
/// board class of python-chess each. Suicide, giveaway and antichess share their moves
/// (lerf's [`Variant::Antichess`]); suicide ends a blocked game by the pieces left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PgnVariant {
    /// Suicide chess (FICS): as giveaway, but a side without moves wins only with fewer
    /// pieces than the other, and draws with as many.
    Suicide,
    /// Giveaway: castling allowed, a side without pieces or moves wins.
    Giveaway,
    /// Antichess (Lichess): giveaway from a start without castling rights.
    Antichess,
    /// Atomic.
    Atomic,
    /// King of the hill.
    KingOfTheHill,
    /// Racing kings.
    RacingKings,
    /// Horde.
    Horde,
    /// Three-check.
    ThreeCheck,
    /// Crazyhouse.
    Crazyhouse,
}

impl PgnVariant {
    /// The rules lerf plays it by.
    pub const fn rules(self) -> Variant {
        match self {
            PgnVariant::Suicide | PgnVariant::Giveaway | PgnVariant::Antichess => {
                Variant::Antichess
            }
            PgnVariant::Atomic => Variant::Atomic,
            PgnVariant::KingOfTheHill => Variant::KingOfTheHill,
            PgnVariant::RacingKings => Variant::RacingKings,
            PgnVariant::Horde => Variant::Horde,
            PgnVariant::ThreeCheck => Variant::ThreeCheck,
            PgnVariant::Crazyhouse => Variant::Crazyhouse,
        }
    }

    /// python-chess's `uci_variant` of its board class (`"atomic"`, `"3check"` ...).
    pub const fn name(self) -> &'static str {
        match self {
            PgnVariant::Suicide => "suicide",
            PgnVariant::Giveaway => "giveaway",
            _ => self.rules().uci_name(),
        }
    }

    /// The start position when the game has no `FEN` tag (python-chess's `starting_fen`).
    pub const fn starting_fen(self) -> &'static str {
        match self {
            PgnVariant::Suicide | PgnVariant::Giveaway => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            }
            _ => self.rules().starting_fen(),
        }
    }
}

/// What a `Variant` tag's value names, as python-chess 1.11 reads it (any case).
pub fn variant_kind(name: &str) -> VariantKind {
    use PgnVariant::*;
    const CHESS960: [&str; 5] =
        ["chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"];
    const STANDARD: [&str; 6] =
        ["standard", "chess", "classical", "normal", "illegal", "from position"];
    const VARIANTS: [(&str, PgnVariant); 32] = [
        ("suicide", Suicide),
        ("suicide chess", Suicide),
        ("giveaway", Giveaway),
        ("giveaway chess", Giveaway),
        ("give away", Giveaway),
        ("give away chess", Giveaway),
        ("antichess", Antichess),
        ("anti chess", Antichess),
        ("anti", Antichess),
        ("atomic", Atomic),
        ("atom", Atomic),
        ("atomic chess", Atomic),
        ("king of the hill", KingOfTheHill),
        ("koth", KingOfTheHill),
        ("kingofthehill", KingOfTheHill),
        ("racing kings", RacingKings),
        ("racing", RacingKings),
        ("race", RacingKings),
        ("racingkings", RacingKings),
        ("horde", Horde),
        ("horde chess", Horde),
        ("three-check", ThreeCheck),
        ("three check", ThreeCheck),
        ("threecheck", ThreeCheck),
        ("three check chess", ThreeCheck),
        ("3-check", ThreeCheck),
        ("3 check", ThreeCheck),
        ("3check", ThreeCheck),
        ("crazyhouse", Crazyhouse),
        ("crazy house", Crazyhouse),
        ("house", Crazyhouse),
        ("zh", Crazyhouse),
    ];
    let name = name.to_lowercase();
    let name = name.as_str();
    if CHESS960.contains(&name) {
        VariantKind::Chess960
    } else if STANDARD.contains(&name)
        || name.strip_prefix("wild/").is_some_and(|n| {
            matches!(n, "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "8a")
        })
    {
        VariantKind::Standard
    } else if let Some(&(_, v)) = VARIANTS.iter().find(|(alias, _)| *alias == name) {
        VariantKind::Variant(v)
    } else {
        VariantKind::Unknown
    }
}

/// A line of a variant game: its board, and the board before its last move (where a
/// variation of that move starts).
#[derive(Debug, Clone, Copy)]
struct VariantLine {
    board: VariantBoard,
    before: Option<VariantBoard>,
}

/// The lines of a variant game being read: the mainline first, the innermost open
/// variation last.
#[derive(Debug, Clone)]
pub(crate) struct VariantLines {
    pub(crate) kind: PgnVariant,
    lines: Vec<VariantLine>,
}

impl VariantLines {
    /// The game's start, as python-chess's `Headers.board()` sets it up: the `FEN` tag
    /// (or the variant's start) on the variant's board, Chess960 when the tag says so or
    /// the castling rights need it.
    pub(crate) fn start(
        kind: PgnVariant,
        fen: Option<&str>,
        chess960: bool,
    ) -> Result<VariantLines, ReplayError> {
        let fen = fen.unwrap_or(kind.starting_fen());
        let mut board = VariantBoard::from_fen(kind.rules(), fen, chess960)
            .map_err(|e| ReplayError::VariantFen(e.to_string()))?;
        board.board.chess960 = board.board.chess960 || board.board.has_chess960_castling_rights();
        Ok(VariantLines { kind, lines: std::vec![VariantLine { board, before: None }] })
    }

    /// The board of the line being read.
    pub(crate) fn board(&self) -> &VariantBoard {
        &self.lines.last().expect("the mainline is always there").board
    }

    /// Whether the mainline is being read (no variation open).
    pub(crate) fn in_mainline(&self) -> bool {
        self.lines.len() == 1
    }

    /// The legal move `text` names on the line's board.
    pub(crate) fn parse(&self, text: &[u8]) -> Result<LooseMove, ReplayError> {
        let text = core::str::from_utf8(text).unwrap_or("\u{fffd}");
        parse_variant_san(self.board(), text).map_err(|error| ReplayError::VariantSan {
            text: text.chars().take(16).collect(),
            error,
        })
    }

    /// Plays `m` (from [`parse`](VariantLines::parse)) on the line.
    pub(crate) fn play(&mut self, m: LooseMove) {
        let line = self.lines.last_mut().expect("the mainline is always there");
        line.before = Some(line.board);
        line.board = line.board.play_unchecked(m);
    }

    /// Opens a variation of the line's last move (from the line's own start when it has
    /// none yet, as the standard rows read it); whether the line had a move.
    pub(crate) fn begin_variation(&mut self) -> bool {
        let line = self.lines.last().expect("the mainline is always there");
        let board = line.before.unwrap_or(line.board);
        let had_move = line.before.is_some();
        self.lines.push(VariantLine { board, before: None });
        had_move
    }

    /// Closes the innermost variation.
    pub(crate) fn end_variation(&mut self) {
        if self.lines.len() > 1 {
            self.lines.pop();
        }
    }

    /// The SAN python-chess's board of the variant writes for `m` on the line's board.
    pub(crate) fn san(&self, m: LooseMove) -> String {
        if m.is_null() {
            return String::from("--");
        }
        let board = self.board();
        let mut text = variant_san(board, m, false).unwrap_or_default();
        if self.kind == PgnVariant::Suicide && text.ends_with('#') {
            // Giveaway's rules call every blocked side the winner; suicide's call it a
            // draw when both sides have as many pieces.
            let after = board.play_unchecked(m);
            let l = &after.board.layout;
            let (ours, theirs) = (l.of_color(after.turn()), l.of_color(!after.turn()));
            if ours.any() && theirs.any() && ours.popcount() == theirs.popcount() {
                text.pop();
            }
        }
        text
    }
}
