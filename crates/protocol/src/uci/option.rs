//! `option` lines: the settings an engine offers, of the five UCI types.

use core::fmt;

use super::values::number;
use crate::error::ParseError;
use crate::tokens::Tokens;

/// An option an engine offers (`option name <name> type <type> ...`).
///
/// ```
/// use lerf_protocol::uci::{EngineMessage, EngineOption, OptionKind};
///
/// let EngineMessage::Option(o) = "option name Hash type spin default 16 min 1 max 33554432".parse()? else { unreachable!() };
/// assert_eq!(o, EngineOption { name: "Hash".into(), kind: OptionKind::Spin { default: Some(16), min: Some(1), max: Some(33554432) } });
/// # Ok::<(), lerf_protocol::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// The option's name (it may hold spaces: `Clear Hash`).
    pub name: String,
    /// Its type, with the default and limits the engine gave.
    pub kind: OptionKind,
}

/// The five option types of UCI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `check`: on or off.
    Check {
        /// `default true|false`.
        default: Option<bool>,
    },
    /// `spin`: a whole number in a range.
    Spin {
        /// `default`.
        default: Option<i64>,
        /// `min`.
        min: Option<i64>,
        /// `max`.
        max: Option<i64>,
    },
    /// `combo`: one of a list of words.
    Combo {
        /// `default`.
        default: Option<String>,
        /// Each `var`.
        vars: Vec<String>,
    },
    /// `button`: an action, no value.
    Button,
    /// `string`: any text (`<empty>` for none).
    String {
        /// `default`, with `<empty>` read as the empty string.
        default: Option<String>,
    },
}

const OPTION_WORDS: [&str; 5] = ["type", "default", "min", "max", "var"];

impl EngineOption {
    pub(crate) fn parse(tokens: &mut Tokens<'_>) -> Result<EngineOption, ParseError> {
        let end = tokens.line().len();
        match tokens.next() {
            Some(t) if t.text == "name" => {}
            Some(t) => return Err(ParseError::new(t.text, t.at, "name after option")),
            None => return Err(ParseError::new("", end, "name after option")),
        }
        let name = tokens.until(&["type"]).ok_or(ParseError::new("", end, "an option name"))?;
        tokens.next();
        let kind = tokens.next().ok_or(ParseError::new("", end, "an option type after type"))?;
        let (mut default, mut min, mut max, mut vars) = (None, None, None, Vec::new());
        while let Some(t) = tokens.next() {
            match t.text {
                "default" => default = Some(tokens.until(&OPTION_WORDS).map_or("", |t| t.text)),
                "min" => min = Some(number(tokens, "a number after min")?),
                "max" => max = Some(number(tokens, "a number after max")?),
                "var" => vars
                    .push(tokens.until(&OPTION_WORDS).map_or(String::new(), |t| t.text.to_owned())),
                _ => return Err(ParseError::new(t.text, t.at, "default, min, max or var")),
            }
        }
        let kind = match kind.text {
            "check" => OptionKind::Check {
                default: match default {
                    None => None,
                    Some("true") => Some(true),
                    Some("false") => Some(false),
                    Some(other) => {
                        return Err(ParseError::new(
                            other,
                            kind.at,
                            "true or false as a check's default",
                        ));
                    }
                },
            },
            "spin" => OptionKind::Spin {
                default: match default {
                    None => None,
                    Some(d) => Some(d.parse().map_err(|_| {
                        ParseError::new(d, kind.at, "a number as a spin's default")
                    })?),
                },
                min,
                max,
            },
            "combo" => OptionKind::Combo { default: default.map(str::to_owned), vars },
            "button" => OptionKind::Button,
            "string" => OptionKind::String {
                default: default.map(|d| if d == "<empty>" { String::new() } else { d.to_owned() }),
            },
            _ => {
                return Err(ParseError::new(
                    kind.text,
                    kind.at,
                    "check, spin, combo, button or string",
                ));
            }
        };
        Ok(EngineOption { name: name.text.to_owned(), kind })
    }
}

impl fmt::Display for EngineOption {
    /// The `option` line (no line end).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match &self.kind {
            OptionKind::Check { default } => {
                f.write_str("check")?;
                if let Some(d) = default {
                    write!(f, " default {d}")?;
                }
            }
            OptionKind::Spin { default, min, max } => {
                f.write_str("spin")?;
                for (word, value) in [("default", default), ("min", min), ("max", max)] {
                    if let Some(v) = value {
                        write!(f, " {word} {v}")?;
                    }
                }
            }
            OptionKind::Combo { default, vars } => {
                f.write_str("combo")?;
                if let Some(d) = default {
                    write!(f, " default {d}")?;
                }
                for v in vars {
                    write!(f, " var {v}")?;
                }
            }
            OptionKind::Button => f.write_str("button")?,
            OptionKind::String { default } => {
                f.write_str("string")?;
                match default.as_deref() {
                    Some("") => f.write_str(" default <empty>")?,
                    Some(d) => write!(f, " default {d}")?,
                    None => {}
                }
            }
        }
        Ok(())
    }
}
