//! The annotations that live inside comments, as Lichess, ChessBase and python-chess write
//! them: `[%clk 1:23:45]` (clock), `[%emt 0:00:07]` (time spent), `[%eval 0.17]` or
//! `[%eval #-3,22]` (engine evaluation, White's view, optional depth), `[%csl Ga1]` and
//! `[%cal Ra1h8]` (marked squares and arrows). Read and replaced as python-chess's
//! regular expressions find them: the first well-formed one counts, a malformed one is
//! text; replacing keeps one space around where there was one.
//!
//! Digits are ASCII digits (Python's `\d` also takes other scripts' digits).

use super::text::{char_at, char_before, is_py_space};

/// A `[%clk ...]` or `[%emt ...]` annotation found in a comment.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Found {
    /// Where the match starts (its optional leading whitespace included).
    start: usize,
    /// Where it ends (its optional trailing whitespace included).
    end: usize,
    /// The leading whitespace character's length (0 when there is none).
    prefix: usize,
    /// The trailing whitespace character's length.
    suffix: usize,
}

fn digits(text: &str, from: usize) -> usize {
    text.as_bytes()[from..].iter().take_while(|c| c.is_ascii_digit()).count()
}

/// The length of one whitespace character at `at`, if there is one.
fn space_at(text: &str, at: usize) -> usize {
    char_at(text, at).filter(|&c| is_py_space(c)).map_or(0, char::len_utf8)
}

/// Where `tag` (which starts with `[`) next occurs in `text` from `from`: each `[` found
/// by `memchr`, then compared (a substring search would set up a searcher each call, for
/// comments that are mostly short).
fn find_tag(text: &str, from: usize, tag: &str) -> Option<usize> {
    debug_assert!(tag.starts_with('['));
    let b = text.as_bytes();
    let mut at = from;
    while let Some(i) = memchr::memchr(b'[', &b[at..]) {
        if b[at + i..].starts_with(tag.as_bytes()) {
            return Some(at + i);
        }
        at += i + 1;
    }
    None
}

/// Finds the first `[%<tag> ...]` whose body `body` accepts (returning the body's end, just
/// after `]`), with the whitespace around it.
fn find(text: &str, tag: &str, mut body: impl FnMut(usize) -> Option<usize>) -> Option<Found> {
    let mut from = 0;
    while let Some(at) = find_tag(text, from, tag) {
        let after_tag = at + tag.len();
        let space = space_at(text, after_tag);
        if let Some(end) = (space > 0).then(|| body(after_tag + space)).flatten() {
            let prefix =
                char_before(text, at).filter(|&c| is_py_space(c)).map_or(0, char::len_utf8);
            let suffix = space_at(text, end);
            return Some(Found { start: at - prefix, end: end + suffix, prefix, suffix });
        }
        from = after_tag;
    }
    None
}

/// `h+:m+:s+(.s*)?]` from `at`: the three numbers' spans and the end.
fn clock_body(text: &str, at: usize) -> Option<(usize, [core::ops::Range<usize>; 3])> {
    let b = text.as_bytes();
    let h = digits(text, at);
    if h == 0 || b.get(at + h) != Some(&b':') {
        return None;
    }
    let m_at = at + h + 1;
    let m = digits(text, m_at);
    if m == 0 || b.get(m_at + m) != Some(&b':') {
        return None;
    }
    let s_at = m_at + m + 1;
    let mut s_end = s_at + digits(text, s_at);
    if s_end == s_at {
        return None;
    }
    if b.get(s_end) == Some(&b'.') {
        s_end += 1 + digits(text, s_end + 1);
    }
    (b.get(s_end) == Some(&b']')).then(|| (s_end + 1, [at..at + h, m_at..m_at + m, s_at..s_end]))
}

/// Hours, minutes and seconds as python-chess adds them, `int(h) * 3600 + int(m) * 60 +
/// float(s)`: the whole part exact, then rounded to a float once.
fn seconds_of(text: &str, parts: &[core::ops::Range<usize>; 3]) -> f64 {
    let (hours, minutes) = (&text[parts[0].clone()], &text[parts[1].clone()]);
    let seconds = &text[parts[2].clone()];
    whole_seconds(hours, minutes) + float_of(seconds)
}

/// `int(hours) * 3600 + int(minutes) * 60` as a float (both runs of ASCII digits).
fn whole_seconds(hours: &str, minutes: &str) -> f64 {
    // Up to 15 digits each the sum fits a u64 (every real clock: one parse each, no
    // 128-bit arithmetic); then u128; beyond, floats (rounded more than once).
    if hours.len() <= 15
        && minutes.len() <= 15
        && let (Ok(h), Ok(m)) = (hours.parse::<u64>(), minutes.parse::<u64>())
    {
        return (h * 3600 + m * 60) as f64;
    }
    let exact = match (hours.parse::<u128>(), minutes.parse::<u128>()) {
        (Ok(h), Ok(m)) => {
            h.checked_mul(3600).zip(m.checked_mul(60)).and_then(|(h, m)| h.checked_add(m))
        }
        _ => None,
    };
    exact.map_or_else(|| float_of(hours) * 3600.0 + float_of(minutes) * 60.0, |n| n as f64)
}

/// `float(text)` for digits with at most one `.`: whole numbers of up to 15 digits (exact
/// in a double) without the decimal conversion.
fn float_of(text: &str) -> f64 {
    match text.parse::<u64>() {
        Ok(n) if text.len() <= 15 => n as f64,
        _ => text.parse::<f64>().unwrap_or(0.0),
    }
}

fn read_time(comment: &str, tag: &str) -> Option<f64> {
    let mut parts = None;
    find(comment, tag, |at| {
        let (end, p) = clock_body(comment, at)?;
        parts = Some(p);
        Some(end)
    })?;
    parts.map(|p| seconds_of(comment, &p))
}

/// The first `[%clk h:mm:ss]` of a comment, in seconds (the player's time left after the
/// move).
///
/// ```
/// use lerf_pgn::tree::clock;
/// assert_eq!(clock("[%clk 0:04:57.3]"), Some(297.3));
/// assert_eq!(clock("[%clk 0:04]"), None);
/// ```
pub fn clock(comment: &str) -> Option<f64> {
    read_time(comment, "[%clk")
}

/// The first `[%emt h:mm:ss]` of a comment, in seconds (the time the move took).
pub fn emt(comment: &str) -> Option<f64> {
    read_time(comment, "[%emt")
}

/// Replaces the first `found` of `comment` by `infix` as python-chess does, or appends
/// `infix` when nothing was found (after a space unless the comment ends with one of
/// `ends`).
fn replace_or_append(comment: &str, found: Option<Found>, infix: &str, ends: &[char]) -> String {
    match found {
        Some(f) => {
            let prefix = &comment[f.start..f.start + f.prefix];
            let suffix = &comment[f.end - f.suffix..f.end];
            let middle = if !infix.is_empty() {
                [prefix, infix, suffix].concat()
            } else if prefix.is_empty() {
                String::new()
            } else {
                suffix.to_owned()
            };
            [&comment[..f.start], &middle, &comment[f.end..]].concat()
        }
        None if infix.is_empty() => comment.to_owned(),
        None => {
            let mut out = comment.to_owned();
            if !out.is_empty() && !out.ends_with(ends) {
                out.push(' ');
            }
            out.push_str(infix);
            out
        }
    }
}

/// Python's `divmod` of two floats (floor division, remainder with the divisor's sign).
fn py_divmod(x: f64, y: f64) -> (f64, f64) {
    let mut rem = x % y;
    let mut div = (x - rem) / y;
    if rem != 0.0 {
        if (y < 0.0) != (rem < 0.0) {
            rem += y;
            div -= 1.0;
        }
    } else {
        rem = 0.0f64.copysign(y);
    }
    let floor = if div != 0.0 {
        let f = div.floor();
        if div - f > 0.5 { f + 1.0 } else { f }
    } else {
        0.0f64.copysign(x / y)
    };
    (floor, rem)
}

/// A number of seconds as python-chess's `set_clock` and `set_emt` take it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seconds {
    /// A Python `int`.
    Whole(i64),
    /// A Python `float`.
    Float(f64),
}

/// `h:mm:ss[.fff]` of a time, clamped at zero, as python-chess writes `%clk` and `%emt`;
/// `None` for an infinite time (Python cannot make an integer of it).
fn time_text(seconds: Seconds) -> Option<String> {
    let (hours, minutes, rest) = match seconds {
        Seconds::Whole(s) => {
            let s = s.max(0);
            ((s / 3600).to_string(), s % 3600 / 60, (s % 3600 % 60) as f64)
        }
        Seconds::Float(s) => {
            // max(0, s): NaN and -0.0 lose to 0.
            let s = if s > 0.0 { s } else { 0.0 };
            if !s.is_finite() {
                return None;
            }
            let (hours, _) = py_divmod(s, 3600.0);
            let (_, within_hour) = py_divmod(s, 3600.0);
            let (minutes, _) = py_divmod(within_hour, 60.0);
            let (_, rest) = py_divmod(within_hour, 60.0);
            // The hours exactly as Python's int() of the float makes them, however large
            // (an f64 prints its exact value at precision 0; `as i64` would saturate).
            (format!("{hours:.0}"), minutes as i64, rest)
        }
    };
    let fraction = format!("{rest:06.3}");
    let fraction = fraction.trim_end_matches('0').trim_end_matches('.');
    Some(format!("{hours}:{minutes:02}:{fraction}"))
}

fn set_time(comment: &str, tag: &str, seconds: Option<Seconds>) -> Option<String> {
    let infix = match seconds {
        Some(s) => format!("{tag} {}]", time_text(s)?),
        None => String::new(),
    };
    let found = find(comment, tag, |at| clock_body(comment, at).map(|(end, _)| end));
    Some(replace_or_append(comment, found, &infix, &[' ', '\n']))
}

/// The comment with its first `[%clk ...]` replaced (or one appended; removed with
/// `None`), as python-chess's `set_clock`. `None` for an infinite time.
///
/// ```
/// use lerf_pgn::tree::{Seconds, set_clock};
/// assert_eq!(set_clock("foo", Some(Seconds::Float(6.54321))).unwrap(), "foo [%clk 0:00:06.543]");
/// assert_eq!(set_clock("a [%clk 0:00:01] b", None).unwrap(), "a b");
/// ```
pub fn set_clock(comment: &str, seconds: Option<Seconds>) -> Option<String> {
    set_time(comment, "[%clk", seconds)
}

/// The comment with its first `[%emt ...]` replaced, appended or removed.
pub fn set_emt(comment: &str, seconds: Option<Seconds>) -> Option<String> {
    set_time(comment, "[%emt", seconds)
}

/// An engine's evaluation as `[%eval ...]` writes it: White's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EvalScore {
    /// Centipawns (`[%eval -0.80]` is `Cp(-80)`).
    Cp(i64),
    /// Mate in this many moves, negative when Black mates (`[%eval #-3]`).
    Mate(i64),
}

/// A `[%eval ...]` annotation: the score and the search depth if given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Eval {
    /// The score, White's view.
    pub score: EvalScore,
    /// The depth after the comma (`[%eval 0.17,22]`).
    pub depth: Option<u64>,
}

/// The candidate ends of the centipawn number `[+-]?(\d{0,10}\.\d{1,2}|\d{1,10}\.?)` at
/// `at`, in the order a backtracking regex engine tries them: at most 2 + 2 × 10, on the
/// stack (an allocation an evaluation was a tenth of a training row's annotation work).
fn cp_ends(text: &str, at: usize) -> ([usize; 22], usize) {
    let b = text.as_bytes();
    let start = at + usize::from(matches!(b.get(at), Some(b'+' | b'-')));
    let run = digits(text, start);
    let (mut ends, mut len) = ([0; 22], 0);
    let mut push = |end: usize| {
        ends[len] = end;
        len += 1;
    };
    // \d{0,10}\.\d{1,2}: the digits before the point are all of the run (a shorter count
    // leaves a digit where the point must be).
    if run <= 10 && b.get(start + run) == Some(&b'.') {
        let frac = digits(text, start + run + 1).min(2);
        for n in (1..=frac).rev() {
            push(start + run + 1 + n);
        }
    }
    // \d{1,10}\.?
    for n in (1..=run.min(10)).rev() {
        if b.get(start + n) == Some(&b'.') {
            push(start + n + 1);
        }
        push(start + n);
    }
    (ends, len)
}

/// python-chess's `int(round(float(text) * 100))` for a centipawn number the pattern above
/// took (`[+-]?`, at most ten digits, at most two decimals), in whole numbers: the float's
/// errors stay far below a half there, so both give the same integer.
fn centipawns(text: &str) -> i64 {
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let number = |digits: &str| digits.parse::<i64>().unwrap_or(0);
    let hundredths = number(whole) * 100
        + match fraction.len() {
            1 => number(fraction) * 10,
            _ => number(fraction),
        };
    if negative { -hundredths } else { hundredths }
}

/// `(,\d+)?]` at `at`: the depth's span if any, and the end after `]`.
fn eval_tail(text: &str, at: usize) -> Option<(Option<core::ops::Range<usize>>, usize)> {
    let b = text.as_bytes();
    if b.get(at) == Some(&b',') {
        let n = digits(text, at + 1);
        if n > 0 && b.get(at + 1 + n) == Some(&b']') {
            return Some((Some(at + 1..at + 1 + n), at + 2 + n));
        }
    }
    (b.get(at) == Some(&b']')).then_some((None, at + 1))
}

fn find_eval(comment: &str) -> Option<(Found, Eval)> {
    let mut eval = None;
    let found = find(comment, "[%eval", |at| {
        let b = comment.as_bytes();
        let (number, tail_at) = if b.get(at) == Some(&b'#') {
            let sign = usize::from(matches!(b.get(at + 1), Some(b'+' | b'-')));
            let n = digits(comment, at + 1 + sign);
            if n == 0 {
                return None;
            }
            let end = at + 1 + sign + n;
            let (depth, end_all) = eval_tail(comment, end)?;
            eval = Some((true, at + 1..end, depth));
            return Some(end_all);
        } else {
            (at, cp_ends(comment, at))
        };
        let (ends, count) = tail_at;
        for &end in &ends[..count] {
            if let Some((depth, end_all)) = eval_tail(comment, end) {
                eval = Some((false, number..end, depth));
                return Some(end_all);
            }
        }
        None
    })?;
    let (mate, number, depth) = eval?;
    let text = &comment[number];
    let score = if mate {
        EvalScore::Mate(text.parse::<i64>().unwrap_or(if text.starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        }))
    } else {
        EvalScore::Cp(centipawns(text))
    };
    let depth = depth.map(|d| comment[d].parse::<u64>().unwrap_or(u64::MAX));
    Some((found, Eval { score, depth }))
}

/// The first well-formed `[%eval ...]` of a comment.
///
/// ```
/// use lerf_pgn::tree::{Eval, EvalScore, eval};
/// assert_eq!(eval("[%eval 0.17]"), Some(Eval { score: EvalScore::Cp(17), depth: None }));
/// assert_eq!(eval("[%eval #-3,22]"), Some(Eval { score: EvalScore::Mate(-3), depth: Some(22) }));
/// assert_eq!(eval("[%eval 0.175]"), None);
/// ```
pub fn eval(comment: &str) -> Option<Eval> {
    find_eval(comment).map(|(_, e)| e)
}

/// The comment with its first `[%eval ...]` replaced by `eval` (appended when there is
/// none; removed with `None`), as python-chess's `set_eval`. A mate in 0 is written as
/// nothing, as there.
pub fn set_eval(comment: &str, eval: Option<Eval>) -> String {
    let infix = match eval {
        None | Some(Eval { score: EvalScore::Mate(0), .. }) => String::new(),
        Some(Eval { score, depth }) => {
            let depth = depth.map(|d| format!(",{d}")).unwrap_or_default();
            match score {
                EvalScore::Cp(cp) => format!("[%eval {:.2}{depth}]", cp as f64 / 100.0),
                EvalScore::Mate(n) => format!("[%eval #{n}{depth}]"),
            }
        }
    };
    let found = find_eval(comment).map(|(f, _)| f);
    replace_or_append(comment, found, &infix, &[' '])
}

/// A marked square or an arrow from `[%csl ...]` or `[%cal ...]`: its color letter
/// (`R`, `G`, `Y`, `B`) and its squares as text (`"a1"`, `"a1h8"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ArrowText<'a> {
    /// `R`, `G`, `Y` or `B`.
    pub color: char,
    /// `e4` for a square, `e2e4` for an arrow.
    pub squares: &'a str,
}

/// `[RGYB][a-h][1-8]([a-h][1-8])?` at `at`: its length.
fn arrow_len(b: &[u8], at: usize) -> Option<usize> {
    let square = |i: usize| {
        matches!(b.get(i), Some(b'a'..=b'h')) && matches!(b.get(i + 1), Some(b'1'..=b'8'))
    };
    if !matches!(b.get(at), Some(b'R' | b'G' | b'Y' | b'B')) || !square(at + 1) {
        return None;
    }
    Some(if square(at + 3) { 5 } else { 3 })
}

/// Every `[%csl ...]`/`[%cal ...]` of a comment, left to right, not overlapping.
fn find_arrow_groups(comment: &str) -> Vec<(Found, core::ops::Range<usize>)> {
    let b = comment.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    loop {
        let next = ["[%csl", "[%cal"].iter().filter_map(|tag| find_tag(comment, from, tag)).min();
        let Some(at) = next else { break };
        let space = space_at(comment, at + 5);
        let mut matched = None;
        if space > 0 {
            let list = at + 5 + space;
            let mut end = list;
            while let Some(n) = arrow_len(b, end) {
                end += n;
                if b.get(end) == Some(&b',') && arrow_len(b, end + 1).is_some() {
                    end += 1;
                } else {
                    break;
                }
            }
            if end > list && b.get(end) == Some(&b']') {
                matched = Some((list, end));
            }
        }
        match matched {
            Some((list, end)) => {
                // A match can start at the space before it only if that space was not
                // the previous match's suffix.
                let prefix = if at > from {
                    char_before(comment, at).filter(|&c| is_py_space(c)).map_or(0, char::len_utf8)
                } else {
                    0
                };
                let suffix = space_at(comment, end + 1);
                let found = Found { start: at - prefix, end: end + 1 + suffix, prefix, suffix };
                out.push((found, list..end));
                from = found.end;
            }
            None => from = at + 5,
        }
    }
    out
}

/// Every marked square and arrow of a comment, in order.
///
/// ```
/// use lerf_pgn::tree::arrows;
/// let marks = arrows("[%csl Ga1][%cal Ra1h1,Gb1b8] foo");
/// assert_eq!(marks.iter().map(|a| a.squares).collect::<Vec<_>>(), ["a1", "a1h1", "b1b8"]);
/// assert_eq!(marks[1].color, 'R');
/// ```
pub fn arrows(comment: &str) -> Vec<ArrowText<'_>> {
    let mut out = Vec::new();
    for (_, list) in find_arrow_groups(comment) {
        for item in comment[list].split(',') {
            out.push(ArrowText { color: item.chars().next().unwrap_or('G'), squares: &item[1..] });
        }
    }
    out
}

/// The comment without its `[%csl ...]` and `[%cal ...]` (python-chess's `set_arrows`
/// removes them before writing its own in front).
pub fn strip_arrows(comment: &str) -> String {
    let mut out = String::with_capacity(comment.len());
    let mut last = 0;
    for (f, _) in find_arrow_groups(comment) {
        out.push_str(&comment[last..f.start]);
        if f.prefix > 0 {
            out.push_str(&comment[f.end - f.suffix..f.end]);
        }
        last = f.end;
    }
    out.push_str(&comment[last..]);
    out
}

/// The comment with `marks` (`"Ga1"`, `"Ra1h1"`...) in front as python-chess's
/// `set_arrows` writes them: squares in `[%csl ...]`, arrows in `[%cal ...]`, earlier
/// ones removed.
pub fn set_arrows(comment: &str, marks: &[&str]) -> String {
    let (csl, cal): (Vec<&str>, Vec<&str>) = marks.iter().partition(|m| m.len() == 3);
    let comment = strip_arrows(comment);
    let mut prefix = String::new();
    if !csl.is_empty() {
        prefix = format!("[%csl {}]", csl.join(","));
    }
    if !cal.is_empty() {
        prefix.push_str(&format!("[%cal {}]", cal.join(",")));
    }
    if !prefix.is_empty() && !comment.is_empty() && !comment.starts_with([' ', '\n']) {
        prefix.push(' ');
    }
    prefix + &comment
}

#[cfg(test)]
mod tests;
