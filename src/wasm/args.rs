//! Reading JavaScript arguments, by one rule for every export, and the one
//! error type every export throws.
//!
//! A numeric argument is a JS number, a BigInt, or a string of plain digits
//! ("8" from a form field or a URL; spaces around it allowed, nothing else:
//! not "8.0", "0x8", "8-1" or "5e"). Whether it must be whole, and in what
//! range, is up to the export; anything it cannot take comes back as a
//! [`Problem`], a JS `Error` with a sentence saying what was expected and what
//! came instead. Echoed input is clipped and stripped of control characters,
//! so a hostile argument cannot flood or reverse the sentence.

use std::fmt;

use wasm_bindgen::JsValue;

/// The largest whole number a JS number holds exactly: 2^53.
pub const MAX_SAFE_WHOLE: u64 = 1 << 53;

/// How much of a string argument a message echoes.
const ECHO_CHARS: usize = 40;

/// Why an export refused a call: a sentence for a person. It reaches
/// JavaScript as a thrown `Error` with that message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem(pub String);

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<crate::Error> for Problem {
    fn from(error: crate::Error) -> Problem {
        Problem(error.to_string())
    }
}

impl From<Problem> for JsValue {
    fn from(problem: Problem) -> JsValue {
        js_sys::Error::new(&problem.0).into()
    }
}

/// A JS argument as the exports see it.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A number, or a string that reads as one.
    Number(f64),
    /// `undefined` or `null`: the argument was left out.
    Missing,
    /// Anything else, as it reads in a message (`"eight"`, `a value of type object`).
    Other(String),
}

impl Arg {
    /// Reads `value` by the one rule.
    pub fn read(value: &JsValue) -> Arg {
        if let Some(number) = value.as_f64() {
            return Arg::Number(number);
        }
        if value.is_undefined() || value.is_null() {
            return Arg::Missing;
        }
        if value.is_bigint() {
            return match i64::try_from(value.clone()) {
                Ok(whole) => Arg::Number(whole as f64),
                Err(_) => Arg::Other("a BigInt too large to be a count".into()),
            };
        }
        if let Some(text) = value.as_string() {
            return Arg::from_text(&text);
        }
        let kind = value.js_typeof().as_string().unwrap_or_default();
        Arg::Other(format!("a value of type {kind}"))
    }

    /// A string argument: plain digits are a number, anything else is not.
    pub fn from_text(text: &str) -> Arg {
        let digits = text.trim();
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            // Up to 19 digits fit a u64; more is far out of every range.
            return Arg::Number(digits.parse::<u64>().map_or(f64::INFINITY, |n| n as f64));
        }
        Arg::Other(format!("\"{}\"", echo(text)))
    }

    /// The whole number in `min..=max` this is, if it is one.
    pub fn whole(&self, min: u64, max: u64) -> Option<u64> {
        match *self {
            Arg::Number(x) if x.fract() == 0.0 && x >= min as f64 && x <= max as f64 => {
                Some(x as u64)
            }
            _ => None,
        }
    }

    /// A budget of steps: a whole number from 0 to 2^53, or `Infinity` for
    /// no limit.
    pub fn steps(&self) -> Option<u64> {
        match *self {
            Arg::Number(x) if x == f64::INFINITY => Some(u64::MAX),
            _ => self.whole(0, MAX_SAFE_WHOLE),
        }
    }

    /// How the argument reads in a message: `8`, `2.5`, `NaN`, `"eight"`,
    /// `nothing`.
    pub fn describe(&self) -> String {
        match self {
            Arg::Number(x) => js_number_text(*x),
            Arg::Missing => "nothing".to_string(),
            Arg::Other(text) => text.clone(),
        }
    }
}

/// User text as a message may echo it: control and bidi characters dropped
/// (U+202E would reverse the rest of the sentence), at most 40 characters.
pub fn echo(text: &str) -> String {
    let bidi = |c: char| matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    let mut shown: String = text
        .chars()
        .filter(|&c| !c.is_control() && !bidi(c))
        .take(ECHO_CHARS + 1)
        .collect();
    if shown.chars().count() > ECHO_CHARS {
        shown = shown.chars().take(ECHO_CHARS).collect::<String>() + "…";
    }
    shown
}

/// A seed: a whole number from 0 to 2^53 − 1 (a number, a numeric string or
/// a BigInt), or left out for 1, where `optional`.
pub fn seed(value: &JsValue, what: &str, optional: bool) -> Result<u64, Problem> {
    let arg = Arg::read(value);
    if optional && arg == Arg::Missing {
        return Ok(1);
    }
    arg.whole(0, MAX_SAFE_WHOLE - 1).ok_or_else(|| {
        Problem(format!(
            "{what} takes a seed, a whole number from 0 to 2^53 − 1; got {}.",
            arg.describe()
        ))
    })
}

/// A number exactly as JavaScript prints it: JavaScript's own
/// `Number.prototype.toString` in the browser, [`number_text`] natively.
fn js_number_text(x: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    if let Ok(text) = js_sys::Number::from(x).to_string_with_radix(10) {
        return text.into();
    }
    number_text(x)
}

/// A number as JavaScript would print it ("8", "2.5", "NaN", "Infinity") to
/// six decimals, written out by hand: Rust's float formatting would add some
/// 20 KB of wasm for the sake of error messages.
pub fn number_text(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let x = x.abs();
    if x.is_infinite() {
        return format!("{sign}Infinity");
    }
    if x >= 1e18 {
        return format!("{sign}a number over 10^18");
    }
    let whole = x.trunc() as u64;
    // Six decimals, rounded, trailing zeros dropped.
    let mut fraction = ((x - x.trunc()) * 1e6).round() as u64;
    let (whole, mut digits) = if fraction == 1_000_000 {
        (whole + 1, 0)
    } else {
        (whole, 6)
    };
    if digits == 0 || fraction == 0 {
        return format!("{sign}{whole}");
    }
    while fraction.is_multiple_of(10) {
        fraction /= 10;
        digits -= 1;
    }
    format!("{sign}{whole}.{fraction:0digits$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_messages_read_as_javascript_prints_them() {
        assert_eq!(number_text(8.0), "8");
        assert_eq!(number_text(-1.0), "-1");
        assert_eq!(number_text(2.5), "2.5");
        assert_eq!(number_text(0.125), "0.125");
        assert_eq!(number_text(3.9999999), "4");
        assert_eq!(number_text(f64::NAN), "NaN");
        assert_eq!(number_text(f64::NEG_INFINITY), "-Infinity");
        assert_eq!(number_text(16_777_216.0), "16777216");
    }

    #[test]
    fn whole_numbers_and_budgets() {
        let n = |x: f64| Arg::Number(x);
        assert_eq!(n(8.0).whole(1, 20), Some(8));
        for bad in [n(0.0), n(21.0), n(2.5), n(f64::NAN), n(-1.0), Arg::Missing] {
            assert_eq!(bad.whole(1, 20), None, "{bad:?}");
        }
        assert_eq!(n(f64::INFINITY).steps(), Some(u64::MAX));
        assert_eq!(n(1e6).steps(), Some(1_000_000));
        for bad in [n(-1.0), n(0.5), n(f64::NAN), n(f64::NEG_INFINITY)] {
            assert_eq!(bad.steps(), None, "{bad:?}");
        }
        assert_eq!(Arg::Missing.describe(), "nothing");
        assert_eq!(Arg::Other("\"x\"".into()).describe(), "\"x\"");
        assert_eq!(n(0.5).describe(), "0.5");
    }

    #[test]
    fn strings_are_numbers_only_when_plain_digits() {
        assert_eq!(Arg::from_text(" 8 "), Arg::Number(8.0));
        assert_eq!(Arg::from_text("0012"), Arg::Number(12.0));
        assert_eq!(
            Arg::from_text("99999999999999999999999"),
            Arg::Number(f64::INFINITY)
        );
        for loose in ["8-1", "5e", "0x8", "8.0", "-1", "+3", "", " ", "1e3"] {
            assert!(
                matches!(Arg::from_text(loose), Arg::Other(_)),
                "{loose:?} is not plain digits"
            );
        }
    }

    #[test]
    fn echoed_text_is_clipped_and_has_no_controls() {
        assert_eq!(echo("quantum"), "quantum");
        assert_eq!(echo("ab\u{202e}cd\nef"), "abcdef");
        let long = "x".repeat(1_000_000);
        assert_eq!(echo(&long), format!("{}…", "x".repeat(40)));
        assert_eq!(echo(&"y".repeat(40)), "y".repeat(40));
    }
}
