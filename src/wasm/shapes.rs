//! The structured results of the wasm API, as Rust types. Each derives its
//! TypeScript declaration (`tsify`), which wasm-bindgen writes into
//! `pkg/nqueens.d.ts`, and reaches JavaScript as a plain object
//! (`serde-wasm-bindgen`): a field renamed here is renamed in the page's
//! types, so `tsc` finds every reader of the old name. Numbers that can pass
//! 2^53 are BigInts and typed arrays stay typed arrays: such a field holds
//! the `JsValue` as it is (`preserve`), with its TypeScript type named.

use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use super::args::Problem;
use crate::algorithms::vocabulary::StepKind;
use crate::algorithms::{RegisterRole, RegisterValue};
use crate::deduce::{self, Kind, Level, Line, Rule};
use crate::regions::{self, RegionRule, Unit};

/// A shape as the plain object JavaScript receives (a list of shapes as an
/// array, `None` as `null`). The function that returns it names its
/// TypeScript type (`unchecked_return_type`), the declaration this module
/// generates.
pub(crate) fn to_js<T: Serialize + ?Sized>(shape: &T) -> Result<JsValue, Problem> {
    // Maps as plain objects: a struct with a `#[serde(flatten)]` field
    // (`Register`) is written as a map.
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    shape
        .serialize(&serializer)
        .map_err(|error| Problem(format!("The core could not build its answer ({error}).")))
}

/// The ids the shapes below name by a union, declared once in
/// `pkg/nqueens.d.ts` (each checked against the core's list below).
pub const ID_UNIONS: &str = r#"
/** A puzzle's level: the hardest rules it needs. */
export type PuzzleLevel = "easy" | "medium" | "hard" | "expert";
/** A rule of deduction's id, simple to hard. */
export type DeductionRuleId = "attacked" | "last-in-row" | "last-in-column" | "empties-line" | "pair" | "triple" | "diagonal-confinement" | "confinement" | "look-ahead";
/** A regions rule's id, simple to hard. */
export type RegionRuleId = "attacked" | "last-in-row" | "last-in-column" | "last-in-region" | "region-in-line" | "line-in-region" | "empties-line" | "confinement" | "look-ahead";
/** The measure of a race's clock. */
export type WorkUnit = "steps" | "checks";
/** Squares (row × N + column) or region numbers: an array or a typed array of whole numbers. */
export type SquareList = readonly number[] | Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;
/** A seed: a whole number from 0 to 2^53 − 1, as a number or a BigInt. */
export type Seed = number | bigint;
"#;

#[wasm_bindgen(typescript_custom_section)]
const DECLARED_ID_UNIONS: &'static str = ID_UNIONS;

/// `limits()`: every limit and default the page takes from the core.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// The largest N of the searches for every solution and of the queens exports.
    pub max_n: usize,
    /// The largest N of any stepping session (the searches for one solution).
    pub step_max_n: usize,
    /// The largest N `findOne()` takes.
    pub find_max_n: usize,
    /// The boards puzzle mode offers.
    pub puzzle_min_n: usize,
    pub puzzle_max_n: usize,
    /// The sizes `puzzle()` generates.
    pub generated_min_n: usize,
    pub generated_max_n: usize,
    /// Count mode's sizes: on the workers up to `countMaxN`, on a GPU up to `countGpuMaxN`.
    pub count_min_n: usize,
    pub count_max_n: usize,
    pub count_gpu_max_n: usize,
    /// How many solutions a session keeps for `solutions()`.
    pub max_remembered_solutions: usize,
    /// The largest seed, 2^53 − 1 (`Number.MAX_SAFE_INTEGER`).
    pub seed_max: f64,
    /// The seed of a session, `findOne()` or `Finder` given none.
    pub default_seed: f64,
    /// The board the page opens on.
    pub default_n: usize,
}

/// One entry of `algorithms()`, in page order: what a search says of itself.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct AlgorithmEntry {
    pub id: String,
    pub name: String,
    /// The source write-up it follows ("002"); "" for none.
    pub source: String,
    /// Every solution, or one.
    #[tsify(type = "\"all\" | \"one\"")]
    pub goal: String,
    pub min_n: usize,
    /// The largest N of a stepping session.
    pub max_n: usize,
    /// The largest N `findOne()` takes (0 for goal "all").
    pub find_max_n: usize,
    /// Whether the seed of a run changes it.
    pub seeded: bool,
    /// What a step covers: rows depth first, all N^N boards, the N!
    /// permutations, or none (the searches for one solution).
    #[tsify(type = "\"tree\" | \"all-boards\" | \"permutations\" | \"none\"")]
    pub space: String,
    pub takes_fixed_queens: bool,
    pub description: String,
    pub step_is: String,
    /// What one check is, in a sentence.
    pub check_is: String,
    /// What one placement is (goal "all"); may be "" for goal "one".
    pub placement_is: String,
    /// What one move is (goal "one"); "" for goal "all".
    pub move_is: String,
    /// What the conflicts chart says of the search (goal "one"); "" for goal "all".
    pub conflicts_note: String,
    /// Each register the search shows, by name, with what it holds.
    pub glossary: Vec<(String, String)>,
    pub pseudocode: Vec<String>,
}

/// `session.space()`: the N^N boards with one queen a row as covered so far,
/// `total = ruledOut + solutions + pending` at every step; `outside` counts
/// probes outside that space (the bitboard scan's).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Space {
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub total: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub ruled_out: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub solutions: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub pending: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub outside: JsValue,
}

/// One of `session.solutions()`: the step that found it and its queens (a column a row).
#[derive(Serialize, Tsify)]
pub struct FoundSolution {
    pub step: f64,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "Int32Array")]
    pub queens: JsValue,
}

/// `session.conflictTrace(maxPoints)`: the attacking pairs after each step up
/// to the current one (thinned, the first and last kept), and the steps
/// that restarted.
#[derive(Serialize, Tsify)]
pub struct ConflictTrace {
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "Float64Array")]
    pub steps: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "Float64Array")]
    pub conflicts: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "Float64Array")]
    pub restarts: JsValue,
}

/// `countMethod(n)`: how count mode counts N.
#[derive(Serialize, Tsify)]
pub struct CountMethod {
    /// Backtracking with the eight symmetries, or meeting in the middle.
    #[tsify(type = "\"symmetric\" | \"quadrants\"")]
    pub id: String,
    pub description: String,
}

/// `countSymmetries(n)`: the solutions each kind of symmetry leaves
/// unchanged, for Burnside's lemma.
#[derive(Serialize, Tsify)]
pub struct Symmetries {
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub rot90: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub rot180: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub mirror: JsValue,
}

/// A count's solutions, and those distinct up to the symmetries of the square.
#[derive(Serialize, Tsify)]
pub struct Counts {
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub total: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub fundamental: JsValue,
}

/// A count's solutions alone.
#[derive(Serialize, Tsify)]
pub struct CountTotal {
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub total: JsValue,
}

/// `bruteForceEveryBoard(n)`: the boards source 000's loop tested, and the solutions among them.
#[derive(Serialize, Tsify)]
pub struct EveryBoard {
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub boards: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub solutions: JsValue,
}

/// `findOne()` and a `Finder`'s solution: each row's column, and what finding it took.
#[derive(Serialize, Tsify)]
pub struct Found {
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "Int32Array")]
    pub queens: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "bigint")]
    pub steps: JsValue,
    pub restarts: f64,
}

/// `runLengths()`: each run's steps and checks to its first solution, and
/// whether the cap stopped it (1), one entry a seed.
#[derive(Serialize, Tsify)]
pub struct RunLengths {
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "Float64Array")]
    pub steps: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "Float64Array")]
    pub checks: JsValue,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    #[tsify(type = "Uint8Array")]
    pub capped: JsValue,
}

/// `runLengthsBudget(id, n)`: the most runs a `runLengths()` call takes, and
/// the most steps their caps may add up to.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct RunBudget {
    pub max_runs: f64,
    pub budget: f64,
}

/// A square as the page numbers it, `row * n + col`.
fn square(n: usize, (row, col): (usize, usize)) -> usize {
    row * n + col
}

/// Squares as the page numbers them.
pub fn squares(n: usize, list: &[(usize, usize)]) -> Vec<usize> {
    list.iter().map(|&at| square(n, at)).collect()
}

/// `hintWithReason(n, squares)`: a square that keeps a completion possible, and why.
#[derive(Serialize, Tsify)]
pub struct Hint {
    pub square: usize,
    pub row: usize,
    pub col: usize,
    pub reason: String,
}

/// One entry of `deductionRules()` or `regionsRules()`.
#[derive(Serialize, Tsify)]
pub struct DeductionRule {
    #[tsify(type = "DeductionRuleId | RegionRuleId")]
    pub id: &'static str,
    pub name: &'static str,
    /// The lowest level whose puzzles may need it.
    #[tsify(type = "PuzzleLevel")]
    pub level: &'static str,
    pub summary: &'static str,
}

impl From<Rule> for DeductionRule {
    fn from(rule: Rule) -> DeductionRule {
        DeductionRule {
            id: rule.id(),
            name: rule.name(),
            level: rule.level().id(),
            summary: rule.summary(),
        }
    }
}

impl From<RegionRule> for DeductionRule {
    fn from(rule: RegionRule) -> DeductionRule {
        DeductionRule {
            id: rule.id(),
            name: rule.name(),
            level: rule.level().id(),
            summary: rule.summary(),
        }
    }
}

/// A line of the board: row and column from 0; diagonal (↘) row − col + n − 1,
/// anti-diagonal (↙) row + col; on a regions board a region, 0 to N − 1.
#[derive(Serialize, Tsify)]
pub struct DeductionLine {
    #[tsify(type = "\"row\" | \"column\" | \"diagonal\" | \"anti-diagonal\" | \"region\"")]
    pub kind: &'static str,
    pub index: usize,
}

impl From<Line> for DeductionLine {
    fn from(line: Line) -> DeductionLine {
        DeductionLine {
            kind: line.kind(),
            index: line.index(),
        }
    }
}

impl From<Unit> for DeductionLine {
    fn from(unit: Unit) -> DeductionLine {
        DeductionLine {
            kind: unit.kind(),
            index: unit.index(),
        }
    }
}

/// `deduce()` and `regionsDeduce()`: one step of reasoning, the same shape
/// for classic and regions boards.
#[derive(Serialize, Tsify)]
pub struct Deduction {
    #[tsify(type = "\"place\" | \"rule-out\"")]
    pub kind: &'static str,
    /// The square it concludes.
    pub row: usize,
    pub col: usize,
    #[tsify(type = "DeductionRuleId | RegionRuleId")]
    pub rule: &'static str,
    /// The rule's name, its sentence and its level.
    pub name: &'static str,
    pub summary: &'static str,
    #[tsify(type = "PuzzleLevel")]
    pub level: &'static str,
    /// One sentence naming the lines used.
    pub reason: String,
    /// Where to look: rows, columns, diagonals, regions.
    pub lines: Vec<DeductionLine>,
    /// The other squares it used (row * n + col): the attacking queen, the
    /// squares a queen would take, the pair's squares, the queens a
    /// look-ahead forces.
    pub squares: Vec<usize>,
    /// A look-ahead's forced queens in order (squares); empty for the other rules.
    pub chain: Vec<usize>,
}

impl Deduction {
    /// A classic or regions deduction on the n×n board, as the page reads it.
    pub fn new<R, L>(n: usize, found: deduce::Deduction<R, L>) -> Deduction
    where
        R: Into<DeductionRule>,
        L: Into<DeductionLine>,
    {
        let rule: DeductionRule = found.rule.into();
        Deduction {
            kind: match found.kind {
                Kind::Place => "place",
                Kind::RuleOut => "rule-out",
            },
            row: found.row,
            col: found.col,
            rule: rule.id,
            name: rule.name,
            summary: rule.summary,
            level: rule.level,
            reason: found.reason,
            lines: found.lines.into_iter().map(Into::into).collect(),
            squares: squares(n, &found.squares),
            chain: squares(n, &found.chain),
        }
    }
}

/// `deadEnd()` and `regionsCulprit()`: why a board no solution completes is
/// dead. The queen to move (`null` each when no single one helps), the
/// queens the board then forces in order, and the line they leave with no
/// square (`null` when the reason lies deeper than such a chain).
#[derive(Serialize, Tsify)]
#[tsify(missing_as_null)]
pub struct DeadEnd {
    pub square: Option<usize>,
    pub row: Option<usize>,
    pub col: Option<usize>,
    pub chain: Vec<usize>,
    pub line: Option<DeductionLine>,
    pub reason: String,
}

impl DeadEnd {
    /// The dead end on the n×n board: `culprit` the queen to move.
    pub fn new(
        n: usize,
        culprit: Option<(usize, usize)>,
        chain: &[(usize, usize)],
        line: Option<DeductionLine>,
        reason: String,
    ) -> DeadEnd {
        DeadEnd {
            square: culprit.map(|at| square(n, at)),
            row: culprit.map(|(row, _)| row),
            col: culprit.map(|(_, col)| col),
            chain: squares(n, chain),
            line,
            reason,
        }
    }
}

/// `regionsPuzzle()`: `regions[square]` is the square's region, 0 to N − 1.
#[derive(Serialize, Tsify)]
pub struct RegionsPuzzle {
    pub n: usize,
    pub regions: Vec<usize>,
    pub givens: Vec<usize>,
    pub solution: Vec<usize>,
    #[tsify(type = "PuzzleLevel")]
    pub level: &'static str,
}

/// One step of `regionsSearch()`'s trace.
#[derive(Serialize, Tsify)]
pub struct SearchStep {
    #[tsify(type = "\"probe\" | \"place\" | \"remove\" | \"found\"")]
    pub kind: &'static str,
    pub row: usize,
    pub col: usize,
}

/// `regionsSearch()`: the steps to play, the solution found (squares), and
/// whether the step limit cut it.
#[derive(Serialize, Tsify)]
#[tsify(missing_as_null)]
pub struct RegionsTrace {
    pub steps: Vec<SearchStep>,
    pub solution: Option<Vec<usize>>,
    pub cut: bool,
}

/// A traced regions step's kind as `regionsSearch()` names it: "probe",
/// "place", "remove" (a backtrack) or "found" (the solution).
pub fn search_step_id(kind: StepKind) -> &'static str {
    match kind {
        StepKind::Backtrack => "remove",
        StepKind::Solution => "found",
        other => other.id(),
    }
}

impl RegionsTrace {
    pub fn new(n: usize, trace: regions::Trace) -> RegionsTrace {
        RegionsTrace {
            steps: trace
                .steps
                .iter()
                .map(|&(kind, row, col)| SearchStep {
                    kind: search_step_id(kind),
                    row,
                    col,
                })
                .collect(),
            solution: trace.solution.map(|cols| {
                let rows = cols.into_iter().enumerate();
                rows.map(|at| square(n, at)).collect()
            }),
            cut: trace.cut,
        }
    }
}

/// One of `session.registers()`: a named value of the search's state, drawn
/// by its kind; `role` where the page links one register to another.
#[derive(Serialize, Tsify)]
pub struct Register {
    pub group: String,
    pub name: &'static str,
    /// Named by hand, so that the declaration is an intersection with the
    /// union of kinds (an interface cannot extend a union).
    #[serde(flatten)]
    #[tsify(type = "RegisterKind")]
    pub value: RegisterKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "\"permutation\" | \"swap\"")]
    pub role: Option<&'static str>,
}

/// A register's kind and value.
#[derive(Serialize, Tsify)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum RegisterKind {
    Bits {
        value: u32,
        width: usize,
    },
    Board {
        #[serde(with = "serde_wasm_bindgen::preserve")]
        #[tsify(type = "bigint")]
        value: JsValue,
        hex: String,
        n: usize,
    },
    List {
        value: Vec<i32>,
    },
    Number {
        value: f64,
        hex: String,
    },
    /// A real number: annealing's temperature T.
    Real {
        value: f64,
    },
    /// A count for each square of a row or each line of the board;
    /// `highlight` the one marked.
    Counts {
        #[serde(with = "serde_wasm_bindgen::preserve")]
        #[tsify(type = "Int32Array")]
        values: JsValue,
        #[serde(skip_serializing_if = "Option::is_none")]
        highlight: Option<usize>,
    },
}

impl From<crate::algorithms::Register> for Register {
    fn from(register: crate::algorithms::Register) -> Register {
        let value = match register.value {
            RegisterValue::Bits { value, width } => RegisterKind::Bits { value, width },
            RegisterValue::Board { value, n } => RegisterKind::Board {
                value: value.into(),
                hex: format!("{value:#018x}"),
                n,
            },
            RegisterValue::List(value) => RegisterKind::List { value },
            RegisterValue::Number(value) => RegisterKind::Number {
                value: value as f64,
                hex: format!("{value:#x}"),
            },
            RegisterValue::Real(value) => RegisterKind::Real { value },
            RegisterValue::Counts { values, highlight } => RegisterKind::Counts {
                values: js_sys::Int32Array::from(values.as_slice()).into(),
                highlight,
            },
        };
        Register {
            group: register.group,
            name: register.name,
            value,
            role: register.role.map(RegisterRole::id),
        }
    }
}

/// The levels a board offers, by id.
pub fn level_ids(levels: &[Level]) -> Vec<&'static str> {
    levels.iter().map(|level| level.id()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::info::{Goal, SearchSpace};
    use crate::count::Method;
    use crate::session::Work;

    /// The string unions named by hand above are the core's ids, every one.
    #[test]
    fn the_declared_ids_are_the_cores() {
        let quoted = |id: &str| format!("\"{id}\"");
        let entry = <AlgorithmEntry as Tsify>::DECL;
        for goal in [Goal::All, Goal::One] {
            assert!(entry.contains(&quoted(goal.id())), "{entry}");
        }
        for space in [
            SearchSpace::Tree,
            SearchSpace::AllBoards,
            SearchSpace::Permutations,
            SearchSpace::Unaccounted,
        ] {
            assert!(entry.contains(&quoted(space.id())), "{entry}");
        }
        let method = <CountMethod as Tsify>::DECL;
        for id in [Method::Symmetric.id(), Method::Quadrants.id()] {
            assert!(method.contains(&quoted(id)), "{method}");
        }
        assert!(<Limits as Tsify>::DECL.contains("seedMax: number"));
        let line = <DeductionLine as Tsify>::DECL;
        let lines = [
            Line::Row(0),
            Line::Column(0),
            Line::Diagonal(0),
            Line::AntiDiagonal(0),
        ];
        let units = [Unit::Row(0), Unit::Column(0), Unit::Region(0)];
        for kind in lines
            .map(Line::kind)
            .into_iter()
            .chain(units.map(Unit::kind))
        {
            assert!(line.contains(&quoted(kind)), "{line}");
        }
        let step = <SearchStep as Tsify>::DECL;
        for kind in [
            StepKind::Probe,
            StepKind::Place,
            StepKind::Backtrack,
            StepKind::Solution,
        ] {
            assert!(step.contains(&quoted(search_step_id(kind))), "{step}");
        }
        let register = <Register as Tsify>::DECL;
        for role in [RegisterRole::Permutation, RegisterRole::Swap] {
            assert!(register.contains(&quoted(role.id())), "{register}");
        }
    }

    /// The unions `ID_UNIONS` declares are the core's lists, in the core's order.
    #[test]
    fn the_declared_unions_are_the_cores_lists() {
        let union = |name: &str| -> Vec<&str> {
            let start = format!("export type {name} = ");
            let line = ID_UNIONS.lines().find_map(|line| line.strip_prefix(&start));
            let line = line.unwrap_or_else(|| panic!("no {name} in {ID_UNIONS}"));
            let ids = line.trim_end_matches(';').split(" | ");
            ids.map(|id| id.trim_matches('"')).collect()
        };
        assert_eq!(union("PuzzleLevel"), Level::ALL.map(Level::id));
        assert_eq!(union("DeductionRuleId"), Rule::ALL.map(Rule::id));
        assert_eq!(union("RegionRuleId"), RegionRule::ALL.map(RegionRule::id));
        assert_eq!(union("WorkUnit"), Work::ALL.map(Work::id));
    }
}
