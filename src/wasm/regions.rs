//! Queens-in-regions exports: generated puzzles, deductions, completions,
//! the queen to move on a dead board, and the traced search. Squares are
//! `row * n + col`; a board's regions are a list of N² region numbers, one
//! per square in the same order, each from 0 to N − 1. N runs from 5 to 11.
//! Everything is checked here and refused with a sentence.

use wasm_bindgen::prelude::*;

use super::args::{text, Arg, Problem, Text};
use super::puzzle::listed;
use crate::deduce::{Kind, Level};
use crate::regions::{self, BadInput, Board, Layout, RegionRule, Unit};

impl From<BadInput> for Problem {
    fn from(bad: BadInput) -> Problem {
        Problem(bad.0)
    }
}

/// The most steps one `regionsSearch()` call records.
pub(crate) const SEARCH_MAX_STEPS: u64 = 1_000_000;

/// N for the regions exports: a whole number from 5 to 11.
fn size(n: &JsValue) -> Result<usize, Problem> {
    let arg = Arg::read(n);
    let (min, max) = (regions::MIN_N, regions::MAX_N);
    arg.whole(min as u64, max as u64)
        .map(|n| n as usize)
        .ok_or_else(|| {
            Problem(format!(
                "Regions puzzles come in sizes from {min}×{min} to {max}×{max}; got N = {}.",
                arg.describe()
            ))
        })
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

fn numbers(values: impl IntoIterator<Item = usize>) -> js_sys::Array {
    values
        .into_iter()
        .map(|v| JsValue::from_f64(v as f64))
        .collect()
}

fn squares_array(n: usize, squares: &[(usize, usize)]) -> js_sys::Array {
    numbers(squares.iter().map(|&(r, c)| r * n + c))
}

fn unit_object(unit: Unit) -> JsValue {
    super::object(&[("kind", unit.kind().into()), ("index", unit.index().into())])
}

/// A deduction as the page reads it, the same shape for classic and
/// regions boards: `{kind, row, col, rule, name, summary, level, reason,
/// lines: [{kind, index}], squares: [square], chain: [square]}`.
pub(super) struct DeductionShape<'a> {
    pub kind: Kind,
    pub row: usize,
    pub col: usize,
    pub rule: &'a str,
    pub name: &'a str,
    pub summary: &'a str,
    pub level: Level,
    pub reason: String,
    pub lines: js_sys::Array,
    pub squares: js_sys::Array,
    pub chain: js_sys::Array,
}

impl DeductionShape<'_> {
    pub(super) fn object(self) -> JsValue {
        let kind = match self.kind {
            Kind::Place => "place",
            Kind::RuleOut => "rule-out",
        };
        super::object(&[
            ("kind", kind.into()),
            ("row", self.row.into()),
            ("col", self.col.into()),
            ("rule", self.rule.into()),
            ("name", self.name.into()),
            ("summary", self.summary.into()),
            ("level", self.level.id().into()),
            ("reason", self.reason.into()),
            ("lines", self.lines.into()),
            ("squares", self.squares.into()),
            ("chain", self.chain.into()),
        ])
    }
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

/// A regions puzzle with exactly one solution:
/// `{n, regions: [N² region numbers], givens: [square], solution: [square],
/// level}`. `level` ("easy", "medium", "hard", "expert", or left out for any)
/// is the hardest tier of rules its solve needs (see `regionsLevels(n)` for
/// the levels each N offers). The same (n, seed, level) gives the same
/// puzzle. N from 5 to 11, seed a whole number from 0 to 2^53 − 1.
#[wasm_bindgen(js_name = regionsPuzzle)]
pub fn regions_puzzle(n: JsValue, seed: JsValue, level: JsValue) -> Result<JsValue, Problem> {
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
    Ok(super::object(&[
        ("n", n.into()),
        ("regions", numbers(puzzle.layout.regions()).into()),
        ("givens", squares_array(n, &puzzle.givens).into()),
        (
            "solution",
            numbers(
                puzzle
                    .solution
                    .iter()
                    .enumerate()
                    .map(|(row, &col)| row * n + col),
            )
            .into(),
        ),
        ("level", puzzle.level.id().into()),
    ]))
}

/// The levels `regionsPuzzle(n, seed, level)` offers at N, easy to hard.
#[wasm_bindgen(js_name = regionsLevels)]
pub fn regions_levels(n: JsValue) -> Result<js_sys::Array, Problem> {
    let n = size(&n)?;
    Ok(regions::levels(n)
        .iter()
        .map(|level| JsValue::from_str(level.id()))
        .collect())
}

/// The regions rules of deduction, simple to hard:
/// `[{id, name, level, summary}]`.
#[wasm_bindgen(js_name = regionsRules)]
pub fn regions_rules() -> js_sys::Array {
    RegionRule::ALL
        .iter()
        .map(|rule| {
            super::object(&[
                ("id", rule.id().into()),
                ("name", rule.name().into()),
                ("level", rule.level().id().into()),
                ("summary", rule.summary().into()),
            ])
        })
        .collect()
}

/// The simplest deduction on a regions board with queens on `queens` and
/// the squares `excluded` marked as ruled out (optional), by any rule
/// (look-ahead included): `{kind, row, col, rule, name, summary, level,
/// reason, lines: [{kind: "row" | "column" | "region", index}], squares,
/// chain}` (`chain`: a look-ahead's forced queens in order, else empty), or
/// `null` when no rule applies or every row holds a queen.
#[wasm_bindgen(js_name = regionsDeduce)]
pub fn regions_deduce(
    n: JsValue,
    regions: JsValue,
    queens: JsValue,
    excluded: JsValue,
) -> Result<JsValue, Problem> {
    let board = board(&n, &regions, &queens, &excluded)?;
    let n = board.layout().n();
    let found = regions::deduce(&board, Level::Expert).map(|d| {
        let lines: js_sys::Array = d.lines.iter().map(|&u| unit_object(u)).collect();
        DeductionShape {
            kind: d.kind,
            row: d.row,
            col: d.col,
            rule: d.rule.id(),
            name: d.rule.name(),
            summary: d.rule.summary(),
            level: d.rule.level(),
            reason: d.reason,
            lines,
            squares: squares_array(n, &d.squares),
            chain: squares_array(n, &d.chain),
        }
        .object()
    });
    Ok(found.unwrap_or(JsValue::NULL))
}

/// How many solutions of the regions board hold every queen on `queens`
/// (0 when two of them clash), as a number.
#[wasm_bindgen(js_name = regionsCompletions)]
pub fn regions_completions(n: JsValue, regions: JsValue, queens: JsValue) -> Result<f64, Problem> {
    let board = board(&n, &regions, &queens, &JsValue::NULL)?;
    Ok(regions::completions(board.layout(), board.queens(), u64::MAX) as f64)
}

/// On a regions board no solution completes, why: `{square, row, col,
/// chain: [square], line: {kind, index} | null, reason}`, where `square`
/// (with `row`, `col`) is the queen to move (`null` each when no single
/// queen's removal helps), `chain` the queens the board then forces in
/// order, and `line` the row, column or region they leave with no square.
/// `null` when the board can be completed.
#[wasm_bindgen(js_name = regionsCulprit)]
pub fn regions_culprit(n: JsValue, regions: JsValue, queens: JsValue) -> Result<JsValue, Problem> {
    let board = board(&n, &regions, &queens, &JsValue::NULL)?;
    let n = board.layout().n();
    Ok(regions::dead_end(&board).map_or(JsValue::NULL, |dead| {
        let square = |f: fn((usize, usize)) -> usize| {
            dead.culprit
                .map_or(JsValue::NULL, |q| JsValue::from_f64(f(q) as f64))
        };
        super::object(&[
            (
                "square",
                dead.culprit
                    .map_or(JsValue::NULL, |(r, c)| ((r * n + c) as f64).into()),
            ),
            ("row", square(|q| q.0)),
            ("col", square(|q| q.1)),
            ("chain", squares_array(n, &dead.chain).into()),
            ("line", dead.unit.map_or(JsValue::NULL, unit_object)),
            ("reason", dead.reason.into()),
        ])
    }))
}

/// The row-by-row backtracking search for a solution of the regions board
/// holding the queens `givens`, traced: `{steps: [{kind, row, col}],
/// solution: [square] | null, cut}`. Each step's `kind` is "probe" (the
/// search looks at the square), "place" (it is safe: no queen shares its
/// column or region or touches it), "remove" (the queen comes off: nothing
/// below it worked) or "found" (the last step, on the last queen's square).
/// `cut` is true when `maxSteps` (1 to 1,000,000) ended the search first.
#[wasm_bindgen(js_name = regionsSearch)]
pub fn regions_search(
    n: JsValue,
    regions: JsValue,
    givens: JsValue,
    max_steps: JsValue,
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
    let steps: js_sys::Array = trace
        .steps
        .iter()
        .map(|&(kind, row, col)| {
            super::object(&[
                ("kind", kind.id().into()),
                ("row", row.into()),
                ("col", col.into()),
            ])
        })
        .collect();
    let solution = trace.solution.map_or(JsValue::NULL, |cols| {
        numbers(cols.iter().enumerate().map(|(row, &col)| row * n + col)).into()
    });
    Ok(super::object(&[
        ("steps", steps.into()),
        ("solution", solution),
        ("cut", trace.cut.into()),
    ]))
}
