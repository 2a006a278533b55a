//! `findOne()` and `Finder`: one solution at up to 100,000,000 queens, with
//! no timeline. `Finder` runs the same engine a slice at a time, so a page's
//! worker can show progress and stop; `findOne()` is a `Finder` run to the
//! end.

use std::cell::Cell;

use wasm_bindgen::prelude::*;

use super::args::{self, echo, Arg, Problem};
use super::session::{algorithm_id, board_size};
use super::{shapes, to_js};
use crate::algorithms::find_one::Found;
use crate::algorithms::{find_one_info, AnyEngine};
use crate::limits::FIND_MAX_N;
use crate::runs::{self, Variant, MAX_RUNS};

/// The most queens all live `Finder`s may hold together: twice the largest
/// board, about 1.8 GB of queen search's, so that a page that forgets
/// `free()` gets a sentence before the module's 4 GB are gone.
pub const MAX_LIVE_QUEENS: usize = 2 * FIND_MAX_N;

thread_local! {
    static LIVE_QUEENS: Cell<usize> = const { Cell::new(0) };
}

/// The search and N of `findOne()` or `new Finder()`: a search for one
/// solution and a whole N it takes there.
fn sized(id: &JsValue, n: &JsValue, what: &str) -> Result<(String, usize), Problem> {
    let id = algorithm_id(id)?;
    if crate::algorithms::find(&id).is_none() {
        return Err(crate::session::unknown(&echo(&id)).into());
    }
    let info = find_one_info(&id)?;
    let arg = Arg::read(n);
    if !arg.is_number() {
        return Err(Problem(format!(
            "{what} takes N as a number, such as 1000000; got {}.",
            arg.describe()
        )));
    }
    // Construction refuses N = 2 and 3 itself, with its own sentence.
    arg.whole(info.min_n as u64, info.find_max_n as u64)
        .map(|n| (id.clone(), n as usize))
        .ok_or_else(|| {
            Problem(format!(
                "{} ({}) finds a solution on boards from {min}×{min} to {max}×{max}; {}.",
                info.name,
                info.id,
                arg.outside("N", info.min_n as u64, info.find_max_n as u64),
                min = info.min_n,
                max = crate::error::grouped(info.find_max_n as u64),
            ))
        })
}

/// A solution as JavaScript sees it: `{queens, steps, restarts}`.
fn found_object(found: &Found) -> Result<JsValue, Problem> {
    // One copy into JavaScript, read there as signed (every column is below
    // 2^31), rather than a signed copy in Rust first.
    let columns = js_sys::Uint32Array::from(found.queens.as_slice());
    let queens = js_sys::Int32Array::new(&columns.buffer());
    to_js(&shapes::Found {
        queens: queens.into(),
        steps: js_sys::BigInt::from(found.steps).into(),
        restarts: found.restarts as f64,
    })
}

/// One solution by the search `id` (goal "one") on an n×n board from
/// `seed` (0 to 2^53 − 1; 1 if left out), with no timeline: `{queens:
/// Int32Array, steps: BigInt, restarts}`, the same as stepping
/// `Session.seeded(id, n, seed)` to its solution. Up to `findMaxN` of the
/// search (100,000,000 for queen-search).
#[wasm_bindgen(js_name = findOne, unchecked_return_type = "Found")]
pub fn find_one(
    #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Seed | undefined")] seed: JsValue,
) -> Result<JsValue, Problem> {
    let (id, n) = sized(&id, &n, "findOne()")?;
    let seed = args::seed(&seed, "findOne()", true)?;
    let found = AnyEngine::new(&id, n, seed)?.solve();
    found_object(&found)
}

/// A search for one solution run a slice at a time, for a worker that shows
/// progress and can stop: `new Finder(id, n, seed)`, then `run(maxSteps)`
/// until it returns true.
#[wasm_bindgen]
pub struct Finder {
    engine: AnyEngine,
    /// The attacking pairs when every row first held a queen (0 until then).
    initial: Option<u64>,
}

impl Drop for Finder {
    fn drop(&mut self) {
        let n = self.engine.tally().n();
        LIVE_QUEENS.with(|live| live.set(live.get().saturating_sub(n)));
    }
}

impl Finder {
    /// Notes the conflicts once the board is first full.
    fn note_initial(&mut self) {
        let tally = self.engine.tally();
        if self.initial.is_none() && tally.placed() == tally.n() {
            self.initial = Some(tally.pairs());
        }
    }
}

#[wasm_bindgen]
impl Finder {
    /// The search `id` (goal "one") on an n×n board from `seed` (0 to
    /// 2^53 − 1; 1 if left out). Throws a sentence for anything it cannot
    /// take, and when the live Finders would hold more than 20,000,000
    /// queens (call `free()` on finished ones).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Seed | undefined")] seed: JsValue,
    ) -> Result<Finder, Problem> {
        let (id, n) = sized(&id, &n, "new Finder()")?;
        let seed = args::seed(&seed, "new Finder()", true)?;
        let held = LIVE_QUEENS.with(Cell::get);
        if held + n > MAX_LIVE_QUEENS {
            return Err(Problem(format!(
                "The Finders open hold {} queens; {} more would pass the {} that fit safely in \
                 memory: call free() on ones you no longer need.",
                crate::error::grouped(held as u64),
                crate::error::grouped(n as u64),
                crate::error::grouped(MAX_LIVE_QUEENS as u64)
            )));
        }
        let engine = AnyEngine::new(&id, n, seed)?;
        LIVE_QUEENS.with(|live| live.set(held + n));
        let mut finder = Finder {
            engine,
            initial: None,
        };
        finder.note_initial();
        Ok(finder)
    }

    /// Up to `maxSteps` steps (a whole number, or `Infinity`); true once
    /// solved.
    pub fn run(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] max_steps: JsValue,
    ) -> Result<bool, Problem> {
        let arg = Arg::read(&max_steps);
        let mut max = arg.steps().ok_or_else(|| {
            Problem(format!(
                "run() takes a whole number of steps from 0 to 2^53 − 1, or Infinity for no limit; \
                 got {}.",
                arg.describe()
            ))
        })?;
        // Until the board is first full, to note its conflicts: a step
        // places at most one row, so the rows still empty are as many steps
        // as can be taken in one go without passing that moment.
        while self.initial.is_none() && max > 0 {
            let tally = self.engine.tally();
            let empty = (tally.n() - tally.placed()).max(1) as u64;
            let taken = self.engine.run(empty.min(max));
            if taken == 0 {
                break;
            }
            max -= taken;
            self.note_initial();
        }
        self.engine.run(max);
        Ok(self.engine.is_solved())
    }

    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> f64 {
        self.engine.counters().steps as f64
    }

    #[wasm_bindgen(getter)]
    pub fn restarts(&self) -> f64 {
        self.engine.counters().restarts as f64
    }

    /// Moves so far, as the search's `moveIs` says: for backtracking with
    /// restarts a queen placed, so its placements before its solution.
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> f64 {
        self.engine.counters().moves as f64
    }

    /// The queens on the board now that another queen attacks: after
    /// `run(n)` of min-conflicts or queen search, what the greedy start
    /// left to repair. One pass over the rows.
    #[wasm_bindgen(getter, js_name = attackedQueens)]
    pub fn attacked_queens(&self) -> f64 {
        let tally = self.engine.tally();
        (0..tally.placed())
            .filter(|&row| tally.attacked(row))
            .count() as f64
    }

    /// The attacking pairs on the board now.
    #[wasm_bindgen(getter)]
    pub fn conflicts(&self) -> f64 {
        self.engine.tally().pairs() as f64
    }

    /// The attacking pairs when every row first held a queen (0 before).
    #[wasm_bindgen(getter, js_name = initialConflicts)]
    pub fn initial_conflicts(&self) -> f64 {
        self.initial.unwrap_or(0) as f64
    }

    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.engine.is_solved()
    }

    #[wasm_bindgen(getter)]
    pub fn n(&self) -> f64 {
        self.engine.tally().n() as f64
    }

    /// Each row's queen column, or -1 for a row with none yet: an
    /// `Int32Array` of n, copied straight out of the module's memory (no
    /// second board inside it: at 100,000,000 queens that would be 400 MB
    /// more).
    pub fn queens(&self) -> js_sys::Int32Array {
        let tally = self.engine.tally();
        let placed = tally.queens();
        let columns = js_sys::Uint32Array::new_with_length(tally.n() as u32);
        columns.subarray(0, placed.len() as u32).copy_from(placed);
        let queens = js_sys::Int32Array::new(&columns.buffer());
        queens.fill(-1, placed.len() as u32, tally.n() as u32);
        queens
    }
}

/// `runLengths()`'s options: `{restarts: false}` runs randomised
/// backtracking (`restarts`) with its restarts switched off.
fn run_variant(options: &JsValue) -> Result<Variant, Problem> {
    if options.is_undefined() || options.is_null() {
        return Ok(Variant::Catalogued);
    }
    let refused = || {
        Problem(format!(
            "runLengths() takes its options as an object such as {{restarts: false}}, whose \
             restarts is true or false; got {}.",
            Arg::read(options).describe()
        ))
    };
    if !options.is_object() {
        return Err(refused());
    }
    // Its own data property only: a getter is refused unrun.
    let restarts = args::option(options, "restarts", refused)?.unwrap_or(JsValue::UNDEFINED);
    match (restarts.is_undefined(), restarts.as_bool()) {
        (true, _) | (false, Some(true)) => Ok(Variant::Catalogued),
        (false, Some(false)) => Ok(Variant::WithoutRestarts),
        (false, None) => Err(refused()),
    }
}

/// A whole-number argument of `runLengths()` in `min..=max`, or a sentence
/// naming it.
fn run_arg(value: &JsValue, name: &str, min: u64, max: u64) -> Result<u64, Problem> {
    let arg = Arg::read(value);
    arg.whole(min, max).ok_or_else(|| {
        Problem(format!(
            "runLengths() takes {name} as a whole number from {} to {}; got {}.",
            crate::error::grouped(min),
            crate::error::grouped(max),
            arg.describe()
        ))
    })
}

/// The work each of `count` seeded runs takes to its first solution: the
/// seeds `firstSeed`, `firstSeed + 1`, …, each exactly the run of
/// `Session.seeded(id, n, seed)`, stopped at `cap` steps. `{steps, checks:
/// Float64Array, capped: Uint8Array}`, one entry a seed; a capped run (1)
/// shows the cap's steps. At most 1,000 runs a call, and runs × cap within
/// `runLengthsBudget(id, n)`; `options` `{restarts: false}` switches
/// restarts off (for `restarts` only).
#[wasm_bindgen(js_name = runLengths, unchecked_return_type = "RunLengths")]
pub fn run_lengths(
    #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Seed")] first_seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] cap: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ restarts?: boolean } | null | undefined")]
    options: JsValue,
) -> Result<JsValue, Problem> {
    let id = algorithm_id(&id)?;
    let n = board_size(&id, &Arg::read(&n))?;
    let first = args::seed(&first_seed, "runLengths()", false)?;
    let count = run_arg(&count, "the number of runs", 1, MAX_RUNS as u64)?;
    let cap = run_arg(&cap, "a run's cap in steps", 1, args::MAX_SAFE_WHOLE)?;
    let variant = run_variant(&options)?;
    let runs = runs::run_lengths(&id, n, first, count, cap, variant)
        .map_err(|refusal| Problem(refusal.to_string()))?;
    let steps: Vec<f64> = runs.iter().map(|run| run.steps as f64).collect();
    let checks: Vec<f64> = runs.iter().map(|run| run.checks as f64).collect();
    let capped: Vec<u8> = runs.iter().map(|run| u8::from(run.capped)).collect();
    to_js(&shapes::RunLengths {
        steps: js_sys::Float64Array::from(steps.as_slice()).into(),
        checks: js_sys::Float64Array::from(checks.as_slice()).into(),
        capped: js_sys::Uint8Array::from(capped.as_slice()).into(),
    })
}

/// What one `runLengths()` call of `id` at N may ask: `{maxRuns, budget}`,
/// the most runs, and the most steps the runs' caps may add up to.
#[wasm_bindgen(js_name = runLengthsBudget, unchecked_return_type = "RunBudget")]
pub fn run_lengths_budget(
    #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<JsValue, Problem> {
    let id = algorithm_id(&id)?;
    let n = board_size(&id, &Arg::read(&n))?;
    let info = runs::subject(&id, n, Variant::Catalogued)
        .map_err(|refusal| Problem(refusal.to_string()))?;
    to_js(&shapes::RunBudget {
        max_runs: MAX_RUNS as f64,
        budget: runs::call_budget(info, n) as f64,
    })
}
