//! The structured results of the wasm API, as Rust types. Each derives its
//! TypeScript declaration (`tsify`), which wasm-bindgen writes into
//! `pkg/nqueens.d.ts`, and reaches JavaScript as a plain object
//! (`serde-wasm-bindgen`): a field renamed here is renamed in the page's
//! types, so `tsc` finds every reader of the old name. Numbers that can pass
//! 2^53 are BigInts and typed arrays stay typed arrays: such a field holds
//! the `JsValue` as it is (`preserve`), with its TypeScript type named.

use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::JsValue;

use super::args::Problem;

/// A shape as the plain object JavaScript receives (a list of shapes as an
/// array). The function that returns it names its TypeScript type
/// (`unchecked_return_type`), the declaration this module generates.
pub(crate) fn to_js<T: Serialize + ?Sized>(shape: &T) -> Result<JsValue, Problem> {
    shape
        .serialize(&serde_wasm_bindgen::Serializer::new())
        .map_err(|error| Problem(format!("The core could not build its answer ({error}).")))
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::info::{Goal, SearchSpace};
    use crate::count::Method;

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
    }
}
