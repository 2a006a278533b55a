//! Reading JavaScript arguments, by one rule for every export, and the one
//! error type every export throws.
//!
//! A numeric argument is a JS number, a BigInt, or a string of plain digits
//! ("8" from a form field or a URL; spaces around it allowed, nothing else:
//! not "8.0", "0x8", "8-1" or "5e"). A number counts as whole only if it is
//! a safe integer (up to 2^53 − 1, which a JS number holds exactly): past
//! that it may already be rounded, so it is refused, never rounded again. A
//! BigInt or a string of digits is read exactly, whatever its size. Whether
//! it must be whole, and in what range, is up to the export; anything it
//! cannot take comes back as a [`Problem`], a JS `Error` with a sentence
//! saying what was expected and what came instead.
//!
//! Reading never runs the caller's code: no `valueOf`, no `toString`, no
//! getter, so a hostile argument cannot act in the middle of a call (free
//! the session it is a call on, say); an option is read from its object's
//! own data property ([`option`]), and a getter there is refused unrun. A
//! string is copied into the wasm only if it is at most [`MAX_TEXT_CHARS`]
//! long (its length is read on the JS side first, [`text`]): a longer one
//! is refused from its first characters, so a huge string never grows the
//! wasm's memory. Numbers in messages are written out
//! here, not by the page's `Number.prototype.toString`, and echoed input is
//! clipped and stripped of control characters, so a hostile argument or a
//! polluted prototype cannot flood or reverse the sentence.

use std::fmt;

use wasm_bindgen::{JsCast, JsValue};

use crate::limits::{DEFAULT_SEED, MAX_SEED};

/// The largest whole number a JS number holds exactly, 2^53 − 1
/// (`Number.MAX_SAFE_INTEGER`): the most any count, index or seed read
/// from a number may be. The same number as [`MAX_SEED`], named once there.
pub const MAX_SAFE_WHOLE: u64 = MAX_SEED;

/// How much of a string argument a message echoes.
const ECHO_CHARS: usize = 40;

/// The longest string argument copied into the wasm: far past any id, unit
/// or number of digits an export takes (a number has at most 38 digits).
pub const MAX_TEXT_CHARS: u32 = 1_000;

/// A string argument, read by length first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    /// Not a string.
    NotText,
    /// A string of at most [`MAX_TEXT_CHARS`] UTF-16 units, copied.
    Short(String),
    /// A longer string, not copied: its length and first characters.
    Long { chars: u32, head: String },
}

/// Reads `value` as a string only if it is one of at most
/// [`MAX_TEXT_CHARS`]: the length is read on the JS side, so a longer one
/// is never copied whole (only its first characters, for a message).
pub fn text(value: &JsValue) -> Text {
    if !value.is_string() {
        return Text::NotText;
    }
    let string: &js_sys::JsString = value.unchecked_ref();
    let chars = string.length();
    if chars <= MAX_TEXT_CHARS {
        return string.as_string().map_or(Text::NotText, Text::Short);
    }
    let head = string
        .slice(0, ECHO_CHARS as u32 + 1)
        .as_string()
        .unwrap_or_default();
    Text::Long { chars, head }
}

/// The option `name` of an options object, by the one rule: its own data
/// property, read without running a getter (an accessor is refused with
/// `refused`, unrun; an inherited property is not the caller's option). `None`
/// if the object has no own property of that name.
pub fn option(
    options: &JsValue,
    name: &str,
    refused: impl Fn() -> Problem,
) -> Result<Option<JsValue>, Problem> {
    let object: &js_sys::Object = options.unchecked_ref();
    let descriptor = js_sys::Reflect::get_own_property_descriptor(object, &JsValue::from_str(name))
        .map_err(|_| refused())?;
    if descriptor.is_undefined() {
        return Ok(None);
    }
    // A descriptor is a fresh plain object: its own `value` is read, never an inherited one.
    let descriptor: js_sys::Object = descriptor.unchecked_into();
    if !js_sys::Object::has_own(&descriptor, &JsValue::from_str("value")) {
        return Err(refused());
    }
    js_sys::Reflect::get(&descriptor, &JsValue::from_str("value"))
        .map(Some)
        .map_err(|_| refused())
}

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
    /// A JS number, as it is.
    Number(f64),
    /// A BigInt or a string of digits, exactly.
    Integer(i128),
    /// A BigInt or a string of digits too large for 128 bits: far past
    /// every range.
    Huge,
    /// `undefined` or `null`: the argument was left out.
    Missing,
    /// Anything else, as it reads in a message (`"eight"`, `a value of type object`).
    Other(String),
}

impl Arg {
    /// Reads `value` by the one rule, without running any of its code.
    pub fn read(value: &JsValue) -> Arg {
        if let Some(number) = value.as_f64() {
            return Arg::Number(number);
        }
        if value.is_undefined() || value.is_null() {
            return Arg::Missing;
        }
        if value.is_bigint() {
            return i128::try_from(value.clone()).map_or(Arg::Huge, Arg::Integer);
        }
        match text(value) {
            Text::Short(text) => return Arg::from_text(&text),
            Text::Long { chars, head } => {
                return Arg::Other(format!(
                    "\"{}\" (a string of {} characters)",
                    echo(&head),
                    crate::error::grouped(chars.into())
                ))
            }
            Text::NotText => {}
        }
        let kind = value.js_typeof().as_string().unwrap_or_default();
        Arg::Other(format!("a value of type {kind}"))
    }

    /// A string argument: plain digits are a number, read exactly; anything
    /// else is not.
    pub fn from_text(text: &str) -> Arg {
        let digits = text.trim();
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            // Only digits, so parsing fails only past 128 bits.
            return digits.parse::<i128>().map_or(Arg::Huge, Arg::Integer);
        }
        Arg::Other(format!("\"{}\"", echo(text)))
    }

    /// Whether the argument is a number of some kind (a number, a BigInt or
    /// digits), whole or not.
    pub fn is_number(&self) -> bool {
        matches!(self, Arg::Number(_) | Arg::Integer(_) | Arg::Huge)
    }

    /// The whole number in `min..=max` this is, if it is one. `max` past
    /// 2^53 − 1 is reached only by a BigInt or digits.
    pub fn whole_wide(&self, min: u128, max: u128) -> Option<u128> {
        let whole = match *self {
            Arg::Number(x) if x.fract() == 0.0 && x >= 0.0 && x <= MAX_SAFE_WHOLE as f64 => {
                x as u128
            }
            Arg::Integer(i) => u128::try_from(i).ok()?,
            _ => return None,
        };
        (min..=max).contains(&whole).then_some(whole)
    }

    /// The whole number in `min..=max` this is, if it is one.
    pub fn whole(&self, min: u64, max: u64) -> Option<u64> {
        self.whole_wide(min.into(), max.into())
            .map(|whole| whole as u64)
    }

    /// Why the argument is not a whole number in `min..=max`, as the end of a
    /// sentence about `what`: "N = 100,000,000 is above that range", "N = 0 is
    /// below that range", "N = 2.5 is not a whole number".
    pub fn outside(&self, what: &str, min: u64, max: u64) -> String {
        let shown = self.describe_grouped();
        let place = match *self {
            Arg::Number(x) if x.is_finite() && x.fract() == 0.0 => {
                if x < min as f64 {
                    "is below"
                } else if x > max as f64 {
                    "is above"
                } else {
                    "is in"
                }
            }
            Arg::Integer(i) if i < i128::from(min) => "is below",
            Arg::Integer(i) if i > i128::from(max) => "is above",
            Arg::Integer(_) => "is in",
            Arg::Huge => "is above",
            _ => return format!("{what} = {shown} is not a whole number"),
        };
        format!("{what} = {shown} {place} that range")
    }

    /// As [`Arg::describe`], a whole number's digits grouped: "100,000,000".
    fn describe_grouped(&self) -> String {
        let whole = match *self {
            Arg::Number(x) if x.fract() == 0.0 && x.abs() <= MAX_SAFE_WHOLE as f64 => {
                Some(x as i128)
            }
            Arg::Integer(i) => Some(i),
            _ => None,
        };
        match whole {
            Some(i) => {
                let digits = crate::error::grouped_wide(i.unsigned_abs());
                if i < 0 {
                    format!("-{digits}")
                } else {
                    digits
                }
            }
            None => self.describe(),
        }
    }

    /// A budget of steps: a whole number from 0 to 2^53 − 1, or `Infinity`
    /// for no limit.
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
            Arg::Number(x) => number_text(*x),
            Arg::Integer(i) => i.to_string(),
            Arg::Huge => "a number of more than 38 digits".to_string(),
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

/// A whole number from `min` to `max`, or the sentence `refused` makes of
/// what was given instead (as [`Arg::describe`] names it).
pub fn whole_in(
    value: &JsValue,
    min: usize,
    max: usize,
    refused: impl FnOnce(String) -> String,
) -> Result<usize, Problem> {
    let arg = Arg::read(value);
    arg.whole(min as u64, max as u64)
        .map(|n| n as usize)
        .ok_or_else(|| Problem(refused(arg.describe())))
}

/// A seed: a whole number from 0 to [`MAX_SEED`] (a number, a numeric
/// string or a BigInt), or left out for [`DEFAULT_SEED`], where `optional`.
/// A larger BigInt is refused, never wrapped or rounded onto another seed.
pub fn seed(value: &JsValue, what: &str, optional: bool) -> Result<u64, Problem> {
    let arg = Arg::read(value);
    if optional && arg == Arg::Missing {
        return Ok(DEFAULT_SEED);
    }
    arg.whole(0, MAX_SEED).ok_or_else(|| {
        Problem(format!(
            "{what} takes a seed, a whole number from 0 to 2^53 − 1; got {}.",
            arg.describe()
        ))
    })
}

/// A number for a message, as JavaScript would print it ("8", "2.5",
/// "0.9999999", "NaN", "-Infinity") to 15 significant digits, written out by
/// hand in integer arithmetic: the page's `Number.prototype.toString` may be
/// anything, and Rust's float formatting would add some 20 KB of wasm for
/// the sake of error messages.
pub fn number_text(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    let sign = if x.is_sign_negative() && x != 0.0 {
        "-"
    } else {
        ""
    };
    let x = x.abs();
    if x.is_infinite() {
        return format!("{sign}Infinity");
    }
    if x >= 1e18 {
        return format!("{sign}a number over 10^18");
    }
    let mut whole = x.trunc() as u64;
    let fraction = x - x.trunc();
    if fraction == 0.0 {
        return format!("{sign}{whole}");
    }
    // 15 significant digits: the decimals left after the whole part's digits,
    // or below 1, 15 from the first non-zero decimal (at most 22 in all).
    let places = if whole > 0 {
        15usize.saturating_sub(whole.to_string().len())
    } else {
        let digits = decimals(fraction, 22).to_string().len();
        37usize.saturating_sub(digits).min(22)
    };
    let mut decimal = decimals(fraction, places);
    let one = 10u128.pow(places as u32);
    if decimal == one {
        whole += 1;
        decimal = 0;
    }
    if decimal == 0 {
        return if whole == 0 {
            format!("{sign}a number below 10^-22")
        } else {
            format!("{sign}{whole}")
        };
    }
    let text = format!("{decimal:0places$}");
    format!("{sign}{whole}.{}", text.trim_end_matches('0'))
}

/// `fraction` (from 0 to 1) times 10^places (at most 22), rounded to the
/// nearest whole number, exactly: the float's mantissa times a power of ten
/// fits 128 bits.
fn decimals(fraction: f64, places: usize) -> u128 {
    let bits = fraction.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let mantissa = bits & ((1 << 52) - 1);
    // fraction = mantissa × 2^-shift, shift ≥ 1 because fraction < 1.
    let (mantissa, shift) = if exponent == 0 {
        (mantissa, 1074)
    } else {
        (mantissa | 1 << 52, 1075 - exponent)
    };
    let scaled = u128::from(mantissa) * 10u128.pow(places as u32);
    if shift >= 128 {
        // scaled < 2^127, less than half of 2^shift: rounds to 0.
        return 0;
    }
    let shift = shift as u32;
    (scaled + (1u128 << (shift - 1))) >> shift
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
        assert_eq!(number_text(3.9999999), "3.9999999");
        assert_eq!(number_text(0.9999999), "0.9999999");
        assert_eq!(number_text(8.0000001), "8.0000001");
        assert_eq!(number_text(1e-7), "0.0000001");
        assert_eq!(number_text(0.1 + 0.2), "0.3");
        assert_eq!(number_text(0.9999999999999999), "1");
        assert_eq!(number_text(5e-324), "a number below 10^-22");
        assert_eq!(number_text(-0.0), "0");
        assert_eq!(number_text(9_007_199_254_740_994.0), "9007199254740994");
        assert_eq!(number_text(f64::NAN), "NaN");
        assert_eq!(number_text(f64::NEG_INFINITY), "-Infinity");
        assert_eq!(number_text(16_777_216.0), "16777216");
    }

    #[test]
    fn outside_a_range_says_which_side_or_that_it_is_not_whole() {
        let n = |x: f64| Arg::Number(x);
        assert_eq!(
            n(100_000_000.0).outside("N", 1, 10_000_000),
            "N = 100,000,000 is above that range"
        );
        assert_eq!(
            n(1e20).outside("N", 1, 20),
            "N = a number over 10^18 is above that range"
        );
        assert_eq!(n(0.0).outside("N", 1, 20), "N = 0 is below that range");
        assert_eq!(n(-3.0).outside("N", 1, 20), "N = -3 is below that range");
        assert_eq!(n(2.5).outside("N", 1, 20), "N = 2.5 is not a whole number");
        assert_eq!(
            n(f64::NAN).outside("N", 1, 20),
            "N = NaN is not a whole number"
        );
        assert_eq!(
            Arg::Integer(12_345).outside("N", 1, 20),
            "N = 12,345 is above that range"
        );
        assert_eq!(
            Arg::Huge.outside("N", 1, 20),
            "N = a number of more than 38 digits is above that range"
        );
        assert_eq!(
            Arg::from_text("eight").outside("N", 1, 20),
            "N = \"eight\" is not a whole number"
        );
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
        // Past 2^53 − 1 a number may be rounded already: refused, never used.
        assert_eq!(n(9_007_199_254_740_992.0).whole(0, u64::MAX), None);
        assert_eq!(n(9_007_199_254_740_991.0).steps(), Some(MAX_SAFE_WHOLE));
        assert_eq!(Arg::Integer(1 << 53).steps(), None);
        assert_eq!(Arg::Integer(-1).whole(0, 8), None);
        assert_eq!(Arg::Integer(-1).describe(), "-1");
        let past = 20u128.pow(20) + 1;
        assert_eq!(Arg::Integer(past as i128).whole_wide(0, past), Some(past));
        for bad in [n(-1.0), n(0.5), n(f64::NAN), n(f64::NEG_INFINITY)] {
            assert_eq!(bad.steps(), None, "{bad:?}");
        }
        assert_eq!(Arg::Missing.describe(), "nothing");
        assert_eq!(Arg::Other("\"x\"".into()).describe(), "\"x\"");
        assert_eq!(n(0.5).describe(), "0.5");
    }

    #[test]
    fn strings_are_numbers_only_when_plain_digits() {
        assert_eq!(Arg::from_text(" 8 "), Arg::Integer(8));
        assert_eq!(Arg::from_text("0012"), Arg::Integer(12));
        assert_eq!(
            Arg::from_text("99999999999999999999999"),
            Arg::Integer(99_999_999_999_999_999_999_999)
        );
        assert_eq!(Arg::from_text(&"9".repeat(40)), Arg::Huge);
        assert_eq!(
            Arg::from_text("9007199254740993").whole(0, u64::MAX),
            Some((1 << 53) + 1)
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
