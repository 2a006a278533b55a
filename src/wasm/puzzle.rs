//! Puzzle-mode exports: how many solutions contain the queens on the board,
//! one of them, a hint, the queen to move, and generated puzzles. Squares are
//! `row * n + col`; N, squares and options are checked here and refused with
//! a sentence.

use js_sys::Reflect;

use crate::error::grouped;
use wasm_bindgen::prelude::*;

use super::args::{whole_in, Arg, Problem};
use super::shapes::{self, to_js};
use crate::deduce::{self, Board, Level, Line, Rule};
use crate::limits::MAX_N;
use crate::puzzle::{self, FixedQueens};

/// The smallest and largest board puzzle mode offers: below 4 there is
/// nothing to solve (N = 2 and 3 have no solution, N = 1 one queen).
pub(crate) const BOARD_SIZES: (usize, usize) = (4, MAX_N);

/// The smallest and largest N `puzzle()` generates for.
pub(crate) const PUZZLE_SIZES: (usize, usize) = (4, 12);

/// N for the queens exports: a whole number from 1 to `MAX_N`.
fn size(n: &JsValue) -> Result<usize, Problem> {
    whole_in(n, 1, MAX_N, |got| {
        format!("N must be a whole number from 1 to {MAX_N}; got {got}.")
    })
}

/// The squares argument: an array or a typed array of whole numbers, at
/// most n² of them. The length is checked before any element is read, so a
/// list of a hundred million holes is refused at once, not read through;
/// anything else (a `DataView`, a string, an object with a length) is
/// refused too.
pub(crate) fn squares(value: &JsValue, n: usize) -> Result<Vec<usize>, Problem> {
    listed(value, n, "queens")
}

/// [`squares`] for a list of `what` ("queens", "squares ruled out").
pub(super) fn listed(value: &JsValue, n: usize, what: &str) -> Result<Vec<usize>, Problem> {
    let typed = js_sys::ArrayBuffer::is_view(value) && !value.is_instance_of::<js_sys::DataView>();
    // A revoked Proxy makes Array.isArray throw: not a list either.
    if !(is_array(value).unwrap_or(false) || typed) {
        let got = if js_sys::ArrayBuffer::is_view(value) {
            "a DataView".to_string()
        } else {
            Arg::read(value).describe()
        };
        return Err(Problem(format!(
            "The {what} must be given as a list of square numbers (row × N + column), an \
             array or a typed array; got {got}."
        )));
    }
    // An array's length is its own; a typed array's is read through its
    // prototype, which a page could redefine: at worst that changes which
    // entries are read, each of which is checked below.
    let length = Reflect::get(value, &JsValue::from_str("length"))
        .map(|length| Arg::read(&length))
        .unwrap_or(Arg::Missing);
    let squares = n * n;
    let length = length.whole(0, squares as u64).ok_or_else(|| {
        let got = match length {
            Arg::Number(x) if x.fract() == 0.0 && (0.0..1e18).contains(&x) => {
                format!("of length {}", grouped(x as u64))
            }
            Arg::Missing => "whose length cannot be read".to_string(),
            other => format!("of length {}", other.describe()),
        };
        let most = match squares {
            1 => "1 entry".to_string(),
            many => format!("{} entries", grouped(many as u64)),
        };
        Problem(format!(
            "A list of {what} on the {n}×{n} board has at most {most}, one for each square; \
             got a list {got}."
        ))
    })?;
    (0..length as u32)
        .map(|i| {
            let item = Reflect::get_u32(value, i).unwrap_or(JsValue::UNDEFINED);
            let square = Arg::read(&item);
            square
                .whole(0, u32::MAX as u64)
                .map(|s| s as usize)
                .ok_or_else(|| {
                    Problem(format!(
                        "A square number must be a whole number, 0 or more (row × N + column); got {}.",
                        square.describe()
                    ))
                })
        })
        .collect()
}

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, throwing (for a revoked Proxy) as an `Err`.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

/// N and the queens on the board, checked.
fn board(n: &JsValue, queens: &JsValue) -> Result<FixedQueens, Problem> {
    let n = size(n)?;
    Ok(FixedQueens::new(n, &squares(queens, n)?)?)
}

/// The optional list of squares marked as ruled out: none when left out
/// (`undefined` or `null`).
fn ruled_out(value: &Option<JsValue>, n: usize) -> Result<Vec<usize>, Problem> {
    match value {
        Some(value) if !value.is_undefined() && !value.is_null() => {
            listed(value, n, "squares ruled out")
        }
        _ => Ok(Vec::new()),
    }
}

/// N, the queens and the squares ruled out, checked: the completions' view.
fn marked_board(
    n: &JsValue,
    queens: &JsValue,
    excluded: &Option<JsValue>,
) -> Result<FixedQueens, Problem> {
    let fixed = board(n, queens)?;
    let excluded = ruled_out(excluded, fixed.n())?;
    Ok(fixed.excluding(&excluded)?)
}

/// How many solutions contain every queen on `squares` and no square of the
/// optional `excluded` (squares ruled out), as a BigInt: 0 if two of the
/// queens attack each other. Counting a nearly empty large board takes
/// long: call it from a worker.
#[wasm_bindgen]
pub fn completions(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] squares: JsValue,
    excluded: Option<JsValue>,
) -> Result<u64, Problem> {
    Ok(puzzle::completions(&marked_board(&n, &squares, &excluded)?))
}

/// One solution that contains every queen on `squares` and no square of the
/// optional `excluded` (the first in row-by-row order), as each row's
/// column; `null` if there is none. Fast even where counting them all is not.
#[wasm_bindgen(unchecked_return_type = "Int32Array | null")]
pub fn completion(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] squares: JsValue,
    excluded: Option<JsValue>,
) -> Result<JsValue, Problem> {
    let found = puzzle::first_completion(&marked_board(&n, &squares, &excluded)?);
    Ok(or_null(found.map(|cols| {
        let cols: Vec<i32> = cols.into_iter().map(|c| c as i32).collect();
        js_sys::Int32Array::from(cols.as_slice()).into()
    })))
}

/// `None` as JavaScript's `null`, which the contract promises (wasm-bindgen
/// would give `undefined`).
fn or_null(value: Option<JsValue>) -> JsValue {
    value.unwrap_or(JsValue::NULL)
}

/// The square (`row * n + col`) `pick` names on the board of N and the
/// queens, or `null`.
fn square_or_null(
    n: &JsValue,
    squares: &JsValue,
    pick: impl FnOnce(&FixedQueens) -> Option<(usize, usize)>,
) -> Result<JsValue, Problem> {
    let fixed = board(n, squares)?;
    let size = fixed.n();
    let square = pick(&fixed).map(|(row, col)| ((row * size + col) as u32).into());
    Ok(or_null(square))
}

/// A square (`row * n + col`) in an empty row where a queen keeps a
/// completion possible, or `null` when there is none to give.
#[wasm_bindgen(unchecked_return_type = "number | null")]
pub fn hint(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] squares: JsValue,
) -> Result<JsValue, Problem> {
    square_or_null(&n, &squares, |fixed| {
        puzzle::hint(fixed).map(|h| (h.row, h.col))
    })
}

/// `hint()` with its reason (`shapes::Hint`), or `null`.
#[wasm_bindgen(js_name = hintWithReason, unchecked_return_type = "Hint | null")]
pub fn hint_with_reason(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] squares: JsValue,
) -> Result<JsValue, Problem> {
    let fixed = board(&n, &squares)?;
    let size = fixed.n();
    to_js(&puzzle::hint(&fixed).map(|h| shapes::Hint {
        square: h.row * size + h.col,
        row: h.row,
        col: h.col,
        reason: h.reason,
    }))
}

/// On a board no solution completes, the square of a queen whose removal
/// makes one possible; `null` if the board can be completed or no single
/// queen's removal helps.
#[wasm_bindgen(unchecked_return_type = "number | null")]
pub fn culprit(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] squares: JsValue,
) -> Result<JsValue, Problem> {
    square_or_null(&n, &squares, puzzle::culprit)
}

/// N for `puzzle()` and `puzzleLevels()`: a whole number in `PUZZLE_SIZES`.
fn puzzle_size(n: &JsValue) -> Result<usize, Problem> {
    sized(n, PUZZLE_SIZES, "Puzzles")
}

/// N for the puzzles of a kind ("Puzzles", "Regions puzzles"): a whole
/// number from `min` to `max`.
pub(super) fn sized(n: &JsValue, (min, max): (usize, usize), kind: &str) -> Result<usize, Problem> {
    whole_in(n, min, max, |got| {
        format!("{kind} come in sizes from {min}×{min} to {max}×{max}; got N = {got}.")
    })
}

/// A puzzle, as the squares of its queens: `difficulty` is "easy", "medium",
/// "hard" or "expert" (see `puzzleLevels(n)` for the levels each N offers).
/// The rules of deduction up to that level, applied one by one, complete it
/// with no guess (so it has exactly one completion), and the rules below it
/// do not: a hard puzzle needs a confinement and no look-ahead, an expert
/// one needs look-ahead.
/// The same `seed` gives the same puzzle. N from 4 to 12.
#[wasm_bindgen]
pub fn puzzle(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PuzzleLevel")] difficulty: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Seed")] seed: JsValue,
) -> Result<Vec<u32>, Problem> {
    let n = puzzle_size(&n)?;
    let level = match super::args::text(&difficulty) {
        super::args::Text::Short(level) => Level::from_id(&level),
        _ => None,
    }
    .ok_or_else(|| {
        Problem(format!(
            "The difficulty must be \"easy\", \"medium\", \"hard\" or \"expert\"; got {}.",
            Arg::read(&difficulty).describe()
        ))
    })?;
    let seed = super::args::seed(&seed, "puzzle()", false)?;
    if !puzzle::levels(n).contains(&level) {
        return Err(Problem(format!(
            "{} puzzles come in sizes {}; the {n}×{n} board offers {}.",
            capitalised(level.id()),
            level_sizes(level),
            level_list(puzzle::levels(n))
        )));
    }
    let given = puzzle::generate(n, level, seed).ok_or_else(|| {
        Problem(format!(
            "No {} puzzle turned up for the {n}×{n} board with seed {seed}; try another seed.",
            level.id()
        ))
    })?;
    Ok(given
        .into_iter()
        .map(|(row, col)| (row * n + col) as u32)
        .collect())
}

/// "Easy" from "easy".
fn capitalised(word: &str) -> String {
    let mut word = word.to_string();
    word[..1].make_ascii_uppercase();
    word
}

/// The sizes that offer `level`, as a range: "from 7×7 to 12×12".
fn level_sizes(level: Level) -> String {
    let (min, max) = PUZZLE_SIZES;
    let sizes: Vec<usize> = (min..=max)
        .filter(|&n| puzzle::levels(n).contains(&level))
        .collect();
    match (sizes.first(), sizes.last()) {
        (Some(a), Some(b)) => format!("from {a}×{a} to {b}×{b}"),
        _ => "of no size".to_string(),
    }
}

/// "easy and medium", "easy, medium and hard".
fn level_list(levels: &[Level]) -> String {
    let ids: Vec<&str> = levels.iter().map(|l| l.id()).collect();
    match ids.split_last() {
        Some((last, [])) => format!("only {last}"),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => "no levels".to_string(),
    }
}

/// The levels `puzzle(n, level, seed)` offers at N, easy to hard:
/// `["easy", "medium", "hard", "expert"]` or fewer on the smaller boards.
#[wasm_bindgen(js_name = puzzleLevels, unchecked_return_type = "PuzzleLevel[]")]
pub fn puzzle_levels(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<JsValue, Problem> {
    to_js(&shapes::level_ids(puzzle::levels(puzzle_size(&n)?)))
}

/// The simplest deduction on the board with queens on `queens` and the
/// squares `excluded` marked as ruled out (optional), by any rule
/// (`shapes::Deduction`), or `null` when no rule applies (a guess would be
/// needed) or every row holds a queen. Its `lines` are where to look (rows,
/// columns, diagonals), `rule`, `name` and `summary` the rule, `row` and
/// `col` the conclusion; `chain` holds a look-ahead's forced queens in
/// order (squares), empty for the other rules.
#[wasm_bindgen(unchecked_return_type = "Deduction | null")]
pub fn deduce(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] queens: JsValue,
    excluded: Option<JsValue>,
) -> Result<JsValue, Problem> {
    let n = size(&n)?;
    let board = Board::new(n, &squares(&queens, n)?, &ruled_out(&excluded, n)?)?;
    to_js(&deduce::deduce(&board, Level::Expert).map(|d| shapes::Deduction::new(n, d)))
}

/// On a board no solution completes, why (`shapes::DeadEnd`). `square`
/// (with `row`, `col`) is the queen to move, as `culprit()` names it
/// (`null` each when no single queen's removal helps); `chain` the queens
/// the board's last squares then force, in order; `line` the row or column
/// they leave with no square (`null` when the reason lies deeper than such
/// a chain). `null` when the board can be completed.
#[wasm_bindgen(js_name = deadEnd, unchecked_return_type = "DeadEnd | null")]
pub fn dead_end(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] queens: JsValue,
) -> Result<JsValue, Problem> {
    let fixed = board(&n, &queens)?;
    let n = fixed.n();
    if puzzle::first_completion(&fixed).is_some() {
        return Ok(JsValue::NULL);
    }
    let culprit = puzzle::culprit(&fixed);
    let squares: Vec<usize> = fixed.queens().iter().map(|&(r, c)| r * n + c).collect();
    let board = Board::new(n, &squares, &[])?;
    let (forced, line) = deduce::forced_chain(&board, n);
    let words = |(row, col): (usize, usize)| format!("row {}, column {}", row + 1, col + 1);
    let move_words = culprit.map_or(String::new(), |q| {
        format!("; move the queen on {}", words(q))
    });
    let reason = match (fixed.attacking_pair(), line) {
        (Some((a, b)), _) => format!(
            "The queens on {} and {} attack each other{move_words}.",
            words(a),
            words(b)
        ),
        (None, Some(line)) if forced.is_empty() => {
            format!("{} has no square left{move_words}.", capital_line(line))
        }
        (None, Some(line)) => {
            let steps: Vec<String> = forced
                .iter()
                .map(|&(last, q)| {
                    format!(
                        "a queen on {} (the last square of {} {})",
                        words(q),
                        last.kind(),
                        last.index() + 1
                    )
                })
                .collect();
            format!(
                "The queens force {}, and then {} {} has no square left{move_words}.",
                steps.join(", then "),
                line.kind(),
                line.index() + 1
            )
        }
        (None, None) => format!("No solution holds all these queens{move_words}."),
    };
    let (chain, line) = match (fixed.attacking_pair(), line) {
        (None, Some(line)) => (forced.iter().map(|&(_, q)| q).collect(), Some(line)),
        _ => (Vec::new(), None),
    };
    let line = line.map(Into::into);
    to_js(&shapes::DeadEnd::new(n, culprit, &chain, line, reason))
}

/// "Row 3", "Column 5".
fn capital_line(line: Line) -> String {
    capitalised(&format!("{} {}", line.kind(), line.index() + 1))
}

/// The rules of deduction, simple to hard (`shapes::DeductionRule`). A
/// level's puzzles need rules of that level or below, and at least one of
/// their own.
#[wasm_bindgen(js_name = deductionRules, unchecked_return_type = "DeductionRule[]")]
pub fn deduction_rules() -> Result<JsValue, Problem> {
    to_js(&Rule::ALL.map(shapes::DeductionRule::from))
}
