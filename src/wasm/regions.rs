//! Queens-in-regions exports: generated puzzles, deductions, completions,
//! the queen to move on a dead board, and the traced search. Squares are
//! `row * n + col`; a board's regions are a list of N² region numbers, one
//! per square in the same order, each from 0 to N − 1. N runs from 5 to 11.
//! Everything is checked here and refused with a sentence.

use wasm_bindgen::prelude::*;

use super::args::{text, Arg, Problem, Text};
use super::puzzle::{listed, sized};
use super::shapes::{self, to_js};
use crate::deduce::Level;
use crate::regions::{self, Board, Layout, RegionRule};

/// The most steps one `regionsSearch()` call records.
pub(crate) const SEARCH_MAX_STEPS: u64 = 1_000_000;

/// N for the regions exports: a whole number from 5 to 11.
fn size(n: &JsValue) -> Result<usize, Problem> {
    sized(n, (regions::MIN_N, regions::MAX_N), "Regions puzzles")
}

/// N and the regions, checked.
fn layout(n: &JsValue, regions: &JsValue) -> Result<Layout, Problem> {
    let n = size(n)?;
    let ids = listed(regions, n, "region numbers")?;
    Ok(Layout::new(n, &ids)?)
}

/// A list of squares that may be left out (`undefined` or `null`: none).
fn optional_squares(value: &JsValue, n: usize, what: &str) -> Result<Vec<usize>, Problem> {
    if value.is_undefined() || value.is_null() {
        Ok(Vec::new())
    } else {
        listed(value, n, what)
    }
}

/// N, the regions, the queens and the squares ruled out, checked.
fn board(
    n: &JsValue,
    regions: &JsValue,
    queens: &JsValue,
    excluded: &JsValue,
) -> Result<Board, Problem> {
    let layout = layout(n, regions)?;
    let size = layout.n();
    let queens = listed(queens, size, "queens")?;
    let excluded = optional_squares(excluded, size, "squares ruled out")?;
    Ok(Board::new(layout, &queens, &excluded)?)
}

/// An optional level: "easy", "medium", "hard" or "expert"; `None` when
/// left out.
fn level(value: &JsValue) -> Result<Option<Level>, Problem> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match text(value) {
        Text::Short(id) => Level::from_id(&id).map(Some),
        _ => None,
    }
    .ok_or_else(|| {
        Problem(format!(
            "The level must be \"easy\", \"medium\", \"hard\" or \"expert\"; got {}.",
            Arg::read(value).describe()
        ))
    })
}

/// A regions puzzle with exactly one solution (`shapes::RegionsPuzzle`):
/// N² region numbers, the squares of the given queens and of the solution,
/// and its level. `level` ("easy", "medium", "hard", "expert", or left out for any)
/// is the hardest tier of rules its solve needs (see `regionsLevels(n)` for
/// the levels each N offers). The same (n, seed, level) gives the same
/// puzzle. N from 5 to 11, seed a whole number from 0 to 2^53 − 1.
#[wasm_bindgen(js_name = regionsPuzzle, unchecked_return_type = "RegionsPuzzle")]
pub fn regions_puzzle(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Seed")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PuzzleLevel | null | undefined")] level: JsValue,
) -> Result<JsValue, Problem> {
    let n = size(&n)?;
    let seed = super::args::seed(&seed, "regionsPuzzle()", false)?;
    let level = self::level(&level)?;
    if let Some(level) = level {
        if !regions::levels(n).contains(&level) {
            let ids: Vec<&str> = regions::levels(n).iter().map(|l| l.id()).collect();
            return Err(Problem(format!(
                "The {n}×{n} regions board offers the levels {}; got \"{}\".",
                ids.join(", "),
                level.id()
            )));
        }
    }
    let puzzle = regions::generate(n, seed, level).ok_or_else(|| {
        Problem(format!(
            "No regions puzzle turned up for the {n}×{n} board with seed {seed}; try another \
             seed."
        ))
    })?;
    let solution: Vec<(usize, usize)> = puzzle.solution.into_iter().enumerate().collect();
    to_js(&shapes::RegionsPuzzle {
        n,
        regions: puzzle.layout.regions(),
        givens: shapes::squares(n, &puzzle.givens),
        solution: shapes::squares(n, &solution),
        level: puzzle.level.id(),
    })
}

/// The levels `regionsPuzzle(n, seed, level)` offers at N, easy to hard.
#[wasm_bindgen(js_name = regionsLevels, unchecked_return_type = "PuzzleLevel[]")]
pub fn regions_levels(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<JsValue, Problem> {
    to_js(&shapes::level_ids(regions::levels(size(&n)?)))
}

/// The regions rules of deduction, simple to hard (`shapes::DeductionRule`).
#[wasm_bindgen(js_name = regionsRules, unchecked_return_type = "DeductionRule[]")]
pub fn regions_rules() -> Result<JsValue, Problem> {
    to_js(&RegionRule::ALL.map(shapes::DeductionRule::from))
}

/// The simplest deduction on a regions board with queens on `queens` and
/// the squares `excluded` marked as ruled out (optional), by any rule
/// (look-ahead included), in the shape of `deduce()`'s with rows, columns
/// and regions for its lines (`chain`: a look-ahead's forced queens in
/// order, else empty), or `null` when no rule applies or every row holds a
/// queen.
#[wasm_bindgen(js_name = regionsDeduce, unchecked_return_type = "Deduction | null")]
pub fn regions_deduce(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] regions: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] queens: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList | null | undefined")] excluded: JsValue,
) -> Result<JsValue, Problem> {
    let board = board(&n, &regions, &queens, &excluded)?;
    let n = board.layout().n();
    to_js(&regions::deduce(&board, Level::Expert).map(|d| shapes::Deduction::new(n, d)))
}

/// How many solutions of the regions board hold every queen on `queens`
/// (0 when two of them clash), as a number.
#[wasm_bindgen(js_name = regionsCompletions)]
pub fn regions_completions(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] regions: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] queens: JsValue,
) -> Result<f64, Problem> {
    let board = board(&n, &regions, &queens, &JsValue::NULL)?;
    Ok(regions::completions(board.layout(), board.queens(), u64::MAX) as f64)
}

/// On a regions board no solution completes, why, in the shape of
/// `deadEnd()`'s (`shapes::DeadEnd`): `square` (with `row`, `col`) is the
/// queen to move (`null` each when no single
/// queen's removal helps), `chain` the queens the board then forces in
/// order, and `line` the row, column or region they leave with no square.
/// `null` when the board can be completed.
#[wasm_bindgen(js_name = regionsCulprit, unchecked_return_type = "DeadEnd | null")]
pub fn regions_culprit(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] regions: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] queens: JsValue,
) -> Result<JsValue, Problem> {
    let board = board(&n, &regions, &queens, &JsValue::NULL)?;
    let n = board.layout().n();
    to_js(&regions::dead_end(&board).map(|dead| {
        let line = dead.unit.map(Into::into);
        shapes::DeadEnd::new(n, dead.culprit, &dead.chain, line, dead.reason)
    }))
}

/// The row-by-row backtracking search for a solution of the regions board
/// holding the queens `givens`, traced (`shapes::RegionsTrace`): the steps,
/// the solution's squares (`null` when none turned up), and `cut`. Each step's `kind` is "probe" (the
/// search looks at the square), "place" (it is safe: no queen shares its
/// column or region or touches it), "remove" (the queen comes off: nothing
/// below it worked) or "found" (the last step, on the last queen's square).
/// `cut` is true when `maxSteps` (1 to 1,000,000) ended the search first.
#[wasm_bindgen(js_name = regionsSearch, unchecked_return_type = "RegionsTrace")]
pub fn regions_search(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] regions: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SquareList")] givens: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] max_steps: JsValue,
) -> Result<JsValue, Problem> {
    let board = board(&n, &regions, &givens, &JsValue::NULL)?;
    let n = board.layout().n();
    let arg = Arg::read(&max_steps);
    let most = arg.whole(1, SEARCH_MAX_STEPS).ok_or_else(|| {
        Problem(format!(
            "regionsSearch() takes a step limit, a whole number from 1 to 1,000,000; got {}.",
            arg.describe()
        ))
    })?;
    let trace = regions::search(board.layout(), board.queens(), most as usize);
    to_js(&shapes::RegionsTrace::new(n, trace))
}
