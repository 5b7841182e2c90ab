//! The evaluation an engine match's PGN keeps in the comment after each move, as
//! cutechess-cli and Arena write it: `{+1.01/26 2.3s}`, `{-0.35/18}`, `{+M5/30 0.1s}`,
//! `{-M3/22}` (`book` for a move from the opening book, which holds none).
//!
//! The score is the one the engine that made the move reported when it chose it: the
//! evaluation of the position the move was played from, from the mover's view (the side to
//! move there), in pawns, or `M` and the moves to a mate (`-M` for being mated). Unlike
//! Lichess's `[%eval]`, which scores the position after the move, from White's view.

/// An engine's evaluation of a position, from its side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineScore {
    /// Centipawns (the comment's pawns times 100, rounded).
    Centipawns(i32),
    /// Mate in this many moves: positive when the side to move mates, negative when it is
    /// mated.
    Mate(i32),
}

/// The score at the start of `comment` (after blanks), a `SCORE/DEPTH` word: `None` when
/// the comment does not start with one.
///
/// ```
/// use lerf_binpack::{EngineScore, engine_score};
/// assert_eq!(engine_score("+1.01/26 2.3s"), Some(EngineScore::Centipawns(101)));
/// assert_eq!(engine_score("-M3/22"), Some(EngineScore::Mate(-3)));
/// assert_eq!(engine_score("book"), None);
/// ```
pub fn engine_score(comment: &str) -> Option<EngineScore> {
    let word = comment.split_whitespace().next()?;
    let (score, depth) = word.split_once('/')?;
    if depth.is_empty() || !depth.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
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
            assert_eq!(engine_score(comment), score, "{comment:?}");
        }
    }
}
