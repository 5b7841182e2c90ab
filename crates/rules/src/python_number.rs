//! Numbers read from text as Python's `int()` and `float()` read them, which is how
//! python-chess reads FEN counters and EPD operands: white space around the number, an
//! optional sign, single underscores between digits, and the decimal digits of every
//! script (`٣` is 3).
//!
//! ```
//! use lerf_rules::python_number::{PythonInt, read_float, read_int};
//!
//! assert_eq!(read_int(" +1_000\t"), Some(PythonInt::Fits(1000)));
//! assert_eq!(read_int("٣"), Some(PythonInt::Fits(3)));
//! assert_eq!(read_int("1__0"), None);
//! assert_eq!(
//!     read_int("-000123456789012345678901"),
//!     Some(PythonInt::Big("-123456789012345678901".into()))
//! );
//! assert_eq!(read_float("1_0.5e1"), Some(105.0));
//! assert_eq!(read_float("1e999"), Some(f64::INFINITY));
//! assert_eq!(read_float("1e"), None);
//! ```

use alloc::string::String;

/// An integer as `int()` reads it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PythonInt {
    /// One that fits an `i64`.
    Fits(i64),
    /// One that does not: its ASCII decimal digits, a `-` before them when negative, no
    /// leading zeros.
    Big(String),
}

/// The code point of the zero of each run of ten decimal digits (Unicode's category Nd,
/// as Python 3.11's Unicode 14 has it; every run is its script's 0 to 9 in order).
const DIGIT_ZEROS: [u32; 66] = [
    0x30, 0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66,
    0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
    0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
    0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650,
    0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x16A60, 0x16AC0, 0x16B50,
    0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
];

/// The value of a decimal digit of any script.
pub fn decimal_digit(c: char) -> Option<u8> {
    if c.is_ascii() {
        return c.is_ascii_digit().then(|| c as u8 - b'0');
    }
    let c = u32::from(c);
    let run = DIGIT_ZEROS.partition_point(|&zero| zero <= c).checked_sub(1)?;
    let value = c - DIGIT_ZEROS[run];
    // Below 10 by the check: the cast keeps it.
    (value < 10).then_some(value as u8)
}

/// The white space `int()` and `float()` pass over around a number (Python's `isspace()`
/// less the four separators U+001C to U+001F, which they keep).
fn is_number_space(c: char) -> bool {
    c.is_whitespace()
}

/// Digits with single underscores between them, from the start of `text`, appended to
/// `out` in ASCII; the bytes read (0 when `text` does not start with a digit).
fn digit_part(text: &str, out: &mut String) -> usize {
    let mut read = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if let Some(d) = decimal_digit(c) {
            out.push(char::from(b'0' + d));
            read = i + c.len_utf8();
        } else if c == '_'
            && read > 0
            && chars.peek().is_some_and(|&(_, n)| decimal_digit(n).is_some())
        {
            continue;
        } else {
            break;
        }
    }
    read
}

/// A sign at the start of `text`, appended to `out` when it is `-`; the bytes read.
fn sign(text: &str, out: &mut String) -> usize {
    match text.as_bytes().first() {
        Some(b'-') => {
            out.push('-');
            1
        }
        Some(b'+') => 1,
        _ => 0,
    }
}

/// `text` as Python's `int(text)` reads it (base 10), or `None` where it raises.
pub fn read_int(text: &str) -> Option<PythonInt> {
    let text = text.trim_matches(is_number_space);
    let mut ascii = String::new();
    let at = sign(text, &mut ascii);
    let negative = !ascii.is_empty();
    let mut digits = String::new();
    let read = digit_part(&text[at..], &mut digits);
    if read == 0 || at + read != text.len() {
        return None;
    }
    if let Ok(n) = alloc::format!("{ascii}{digits}").parse::<i64>() {
        return Some(PythonInt::Fits(n));
    }
    let digits = digits.trim_start_matches('0');
    Some(PythonInt::Big(alloc::format!("{}{digits}", if negative { "-" } else { "" })))
}

/// `text` as Python's `float(text)` reads a number with a fraction or an exponent (the
/// words `inf` and `nan` are not read), or `None` where it raises. Too large a number is
/// infinite, as in Python.
pub fn read_float(text: &str) -> Option<f64> {
    let text = text.trim_matches(is_number_space);
    let mut ascii = String::new();
    let mut at = sign(text, &mut ascii);
    let whole = digit_part(&text[at..], &mut ascii);
    at += whole;
    let mut fraction = 0;
    if text[at..].starts_with('.') {
        ascii.push('.');
        at += 1;
        fraction = digit_part(&text[at..], &mut ascii);
        at += fraction;
    }
    if whole == 0 && fraction == 0 {
        return None;
    }
    if text[at..].starts_with(['e', 'E']) {
        ascii.push('e');
        at += 1;
        at += sign(&text[at..], &mut ascii);
        let exponent = digit_part(&text[at..], &mut ascii);
        if exponent == 0 {
            return None;
        }
        at += exponent;
    }
    if at != text.len() {
        return None;
    }
    ascii.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_as_python_reads_them() {
        let fits = |n| Some(PythonInt::Fits(n));
        for (text, value) in [
            ("12", 12),
            ("+3", 3),
            ("-0", 0),
            ("1_000", 1000),
            ("0_0", 0),
            ("007", 7),
            (" \t7\n", 7),
            ("\u{a0}7\u{3000}", 7),
            ("-٣", -3),
            ("1٣", 13),
            ("9223372036854775807", i64::MAX),
            ("-9223372036854775808", i64::MIN),
        ] {
            assert_eq!(read_int(text), fits(value), "{text:?}");
        }
        assert_eq!(
            read_int("9223372036854775808"),
            Some(PythonInt::Big("9223372036854775808".into()))
        );
        assert_eq!(
            read_int("-00_99999999999999999999"),
            Some(PythonInt::Big("-99999999999999999999".into()))
        );
        for bad in [
            "", " ", "-", "+", "1__0", "_1", "1_", "+_1", "x", "1.0", "--1", "0x1", "1\u{1c}",
            "1 2", "1e5",
        ] {
            assert_eq!(read_int(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn floats_as_python_reads_them() {
        for (text, value) in [
            ("1.5", 1.5),
            ("1.", 1.0),
            (".5", 0.5),
            ("-.5", -0.5),
            ("+1E+05", 1e5),
            ("1.e5", 1e5),
            ("1e5_0", 1e50),
            ("1_0.5_5e1_0", 105_500_000_000.0),
            ("٣.٥", 3.5),
            (" 1e3 \t", 1000.0),
            ("1e-500", 0.0),
        ] {
            assert_eq!(read_float(text), Some(value), "{text:?}");
        }
        assert_eq!(read_float("-1e999"), Some(f64::NEG_INFINITY));
        for bad in [
            "", ".", "e5", ".e5", "1e", "1e+", "1_.5", "1._5", "1e_5", "1_e5", "1.5_", "1.2.3",
            "0x1p3", "1e5x", "nan", "inf",
        ] {
            assert_eq!(read_float(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn digits_of_every_script() {
        assert_eq!(decimal_digit('7'), Some(7));
        assert_eq!(decimal_digit('\u{669}'), Some(9));
        assert_eq!(decimal_digit('\u{1FBF9}'), Some(9));
        assert_eq!(decimal_digit('\u{1FBFA}'), None);
        assert_eq!(decimal_digit('²'), None);
        assert_eq!(decimal_digit('a'), None);
        assert_eq!(decimal_digit('\u{2F}'), None);
    }
}
