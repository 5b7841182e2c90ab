//! The evaluation an engine match's PGN keeps in the comment after each move: the word
//! cutechess-cli and Arena start it with (`{+1.01/26 2.3s}`, `{-0.35/18}`, `{+M5/30 0.1s}`,
//! `{-M3/22}`), or TCEC's `wv=` field (`{d=25, pd=a6, mt=00:00:56, ..., wv=0.12, }`).
//! `book` marks a move from the opening book, which holds none.
//!
//! The score is the one the engine that made the move reported when it chose it: the
//! evaluation of the position the move was played from, in pawns, or `M` and the moves to a
//! mate (`-M` for being mated). The word is from the mover's view, `wv=` from White's.
//! Unlike Lichess's `[%eval]`, which scores the position after the move, from White's view.

use lerf_types::Color;

/// An engine's evaluation of a position, from its side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineScore {
    /// Centipawns (the comment's pawns times 100, rounded).
    Centipawns(i32),
    /// Mate in this many moves: positive when the side to move mates, negative when it is
    /// mated.
    Mate(i32),
}

impl EngineScore {
    fn negated(self) -> EngineScore {
        match self {
            EngineScore::Centipawns(cp) => EngineScore::Centipawns(-cp),
            EngineScore::Mate(n) => EngineScore::Mate(-n),
        }
    }
}

/// The engine's evaluation in the comment after a move that `mover` made: the
/// `SCORE/DEPTH` word the comment starts with (after blanks), else its `wv=` field; from
/// the mover's view (the side to move of the position the move was played from). `None`
/// when the comment holds neither.
///
/// ```
/// use lerf_binpack::{EngineScore, engine_score};
/// use lerf_types::Color;
/// assert_eq!(engine_score("+1.01/26 2.3s", Color::Black), Some(EngineScore::Centipawns(101)));
/// assert_eq!(engine_score("-M3/22", Color::White), Some(EngineScore::Mate(-3)));
/// assert_eq!(engine_score("d=25, mt=00:00:56, wv=0.12, ", Color::Black), Some(EngineScore::Centipawns(-12)));
/// assert_eq!(engine_score("book", Color::White), None);
/// ```
pub fn engine_score(comment: &str, mover: Color) -> Option<EngineScore> {
    if let Some(score) = leading_word(comment) {
        return Some(score);
    }
    let white = comment.split(',').find_map(|field| field.trim().strip_prefix("wv="))?;
    let white = score_text(white.trim())?;
    Some(if mover == Color::White { white } else { white.negated() })
}

/// The `SCORE/DEPTH` word at the start of `comment`.
fn leading_word(comment: &str) -> Option<EngineScore> {
    let word = comment.split_whitespace().next()?;
    let (score, depth) = word.split_once('/')?;
    if depth.is_empty() || !depth.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    score_text(score)
}

/// `+1.01`, `-0.35`, `0`, `+M5`, `-M3`, `#4`: a score in pawns or moves to a mate.
fn score_text(score: &str) -> Option<EngineScore> {
    let (negative, magnitude) = match score.as_bytes().first()? {
        b'+' => (false, &score[1..]),
        b'-' => (true, &score[1..]),
        _ => (false, score),
    };
    let signed = |v: i32| if negative { -v } else { v };
    if let Some(moves) = magnitude.strip_prefix('M').or_else(|| magnitude.strip_prefix('#')) {
        let moves = whole(moves)?;
        return Some(EngineScore::Mate(signed(moves)));
    }
    Some(EngineScore::Centipawns(signed(centipawns(magnitude)?)))
}

/// Digits only, as a number below a million (longer is no engine's score).
fn whole(digits: &str) -> Option<i32> {
    if digits.is_empty() || digits.len() > 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// `12`, `0.3`, `1.01`, `1.005` (pawns) as centipawns, rounded half away from zero.
fn centipawns(pawns: &str) -> Option<i32> {
    let (int, frac) = pawns.split_once('.').unwrap_or((pawns, ""));
    let int = if int.is_empty() && !frac.is_empty() { 0 } else { whole(int)? };
    if !frac.bytes().all(|b| b.is_ascii_digit()) || (pawns.contains('.') && frac.is_empty()) {
        return None;
    }
    // Hundredths from the first two digits, the third rounding.
    let digit = |i: usize| frac.as_bytes().get(i).map_or(0, |b| i32::from(b - b'0'));
    let round = i32::from(digit(2) >= 5);
    Some(int * 100 + digit(0) * 10 + digit(1) + round)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_words_read() {
        use EngineScore::{Centipawns as Cp, Mate};
        for (comment, score) in [
            ("+1.01/26 2.3s", Some(Cp(101))),
            ("-0.35/18", Some(Cp(-35))),
            ("0.00/1 0s", Some(Cp(0))),
            ("  +12/30", Some(Cp(1200))),
            ("+0.3/9", Some(Cp(30))),
            ("-.5/9", Some(Cp(-50))),
            ("+1.005/20", Some(Cp(101))),
            ("-1.994/20", Some(Cp(-199))),
            ("+M5/30 0.1s", Some(Mate(5))),
            ("-M3/22", Some(Mate(-3))),
            ("#-2/7", None),
            ("-#2/7", Some(Mate(-2))),
            ("book", None),
            ("", None),
            ("[%eval 0.17]", None),
            ("+1.01", None),
            ("+1.01/", None),
            ("+1.01/x", None),
            ("1./20", None),
            ("+/20", None),
            ("+M/20", None),
            ("a good move +1.01/26", None),
            ("+1234567/20", None),
        ] {
            assert_eq!(engine_score(comment, Color::White), score, "{comment:?}");
            let black = score.map(EngineScore::negated).map(EngineScore::negated);
            assert_eq!(engine_score(comment, Color::Black), black, "{comment:?}");
        }
    }

    #[test]
    fn tcec_white_values_read_from_the_movers_view() {
        use EngineScore::{Centipawns as Cp, Mate};
        let tcec = "d=25, pd=a6, mt=00:00:56, tl=00:14:33, s=44762 kN/s, n=2528015952, \
                    pv=Bb5 a6 Bxc6 dxc6, tb=0, R50=49, wv=0.12, ";
        assert_eq!(engine_score(tcec, Color::White), Some(Cp(12)));
        assert_eq!(engine_score(tcec, Color::Black), Some(Cp(-12)));
        for (comment, white) in [
            ("d=16, wv=1.08, R50=49,", Some(Cp(108))),
            ("wv=-0.5", Some(Cp(-50))),
            ("d=30, wv=M15,", Some(Mate(15))),
            ("d=30, wv=-M4,", Some(Mate(-4))),
            ("d=30, wv=, R50=49", None),
            ("d=30, wv=x,", None),
            ("d=30, bwv=0.3,", None),
            ("book", None),
        ] {
            assert_eq!(engine_score(comment, Color::White), white, "{comment:?}");
            assert_eq!(engine_score(comment, Color::Black), white.map(EngineScore::negated));
        }
    }
}
