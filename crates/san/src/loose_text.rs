//! Small pieces of Python's text rules that python-chess's formats inherit: what counts as
//! white space (lerf-rules' rule), and how a float is printed.

use alloc::format;
use alloc::string::String;

/// Whether `c` is white space as Python's `str.split()` and `str.strip()` see it.
pub use lerf_rules::is_python_space as is_space;

/// A float as Python's `repr` prints it: the shortest digits that read back to the same
/// value, in positional notation for exponents from -4 to 15 (`0.0001`, `3.14`, `1.0`),
/// scientific otherwise (`1e+16`, `1.5e-05`).
pub fn python_float(x: f64) -> String {
    if x.is_nan() {
        return String::from("nan");
    }
    if x.is_infinite() {
        return String::from(if x > 0.0 { "inf" } else { "-inf" });
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    let scientific = format!("{:e}", x.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    if !(-4..16).contains(&exponent) {
        let (first, rest) = digits.split_at(1);
        let fraction = if rest.is_empty() { String::new() } else { format!(".{rest}") };
        let exp_sign = if exponent < 0 { '-' } else { '+' };
        return format!("{sign}{first}{fraction}e{exp_sign}{:02}", exponent.abs());
    }
    let point = exponent + 1;
    let text = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= digits.len() {
        format!("{digits}{}.0", "0".repeat(point as usize - digits.len()))
    } else {
        let (int, frac) = digits.split_at(point as usize);
        format!("{int}.{frac}")
    };
    format!("{sign}{text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_python_prints_them() {
        let cases = [
            (3.25, "3.25"),
            (1.0, "1.0"),
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.5e-7, "1.5e-07"),
            (123456.0, "123456.0"),
            (1e15, "1000000000000000.0"),
            (1e16, "1e+16"),
            (1.2345e20, "1.2345e+20"),
            (-2.5, "-2.5"),
            (0.1 + 0.2, "0.30000000000000004"),
        ];
        for (x, text) in cases {
            assert_eq!(python_float(x), text, "{x}");
        }
    }
}
