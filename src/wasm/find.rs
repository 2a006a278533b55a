//! `findOne()` and `Finder`: one solution at up to 10,000,000 queens, with
//! no timeline. `Finder` runs the same engine a slice at a time, so a page's
//! worker can show progress and stop; `findOne()` is a `Finder` run to the
//! end.

use std::cell::Cell;

use wasm_bindgen::prelude::*;

use super::args::{self, echo, Arg, Problem};
use super::object;
use super::session::algorithm_id;
use crate::algorithms::{one_solution::find_one_info, AnyEngine};
use crate::find_one::Found;
use crate::limits::FIND_MAX_N;

/// The most queens all live `Finder`s may hold together: twice the largest
/// board, about 560 MB, so that a page that forgets `free()` gets a sentence
/// rather than a module out of memory.
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
    if !matches!(arg, Arg::Number(_)) {
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
                "{} ({}) finds a solution on boards from {min}×{min} to {max}×{max}; N = {} is \
                 not a whole number in that range.",
                info.name,
                info.id,
                arg.describe(),
                min = info.min_n,
                max = crate::view::grouped(info.find_max_n as u64),
            ))
        })
}

/// A solution as JavaScript sees it: `{queens, steps, restarts}`.
fn found_object(found: &Found) -> JsValue {
    let queens: Vec<i32> = found.queens.iter().map(|&c| c as i32).collect();
    object(&[
        ("queens", js_sys::Int32Array::from(queens.as_slice()).into()),
        ("steps", js_sys::BigInt::from(found.steps).into()),
        ("restarts", (found.restarts as f64).into()),
    ])
}

/// One solution by the search `id` (goal "one") on an n×n board from
/// `seed` (0 to 2^53 − 1; 1 if left out), with no timeline: `{queens:
/// Int32Array, steps: BigInt, restarts}`, the same as stepping
/// `Session.seeded(id, n, seed)` to its solution. Up to `findMaxN` of the
/// search (10,000,000 for queen-search and construction).
#[wasm_bindgen(js_name = findOne)]
pub fn find_one(id: JsValue, n: JsValue, seed: JsValue) -> Result<JsValue, Problem> {
    let (id, n) = sized(&id, &n, "findOne()")?;
    let seed = args::seed(&seed, "findOne()", true)?;
    let found = AnyEngine::new(&id, n, seed)?.solve();
    Ok(found_object(&found))
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
    pub fn new(id: JsValue, n: JsValue, seed: JsValue) -> Result<Finder, Problem> {
        let (id, n) = sized(&id, &n, "new Finder()")?;
        let seed = args::seed(&seed, "new Finder()", true)?;
        let held = LIVE_QUEENS.with(Cell::get);
        if held + n > MAX_LIVE_QUEENS {
            return Err(Problem(format!(
                "The Finders open hold {} queens; {} more would pass the {} that fit safely in \
                 memory: call free() on ones you no longer need.",
                crate::view::grouped(held as u64),
                crate::view::grouped(n as u64),
                crate::view::grouped(MAX_LIVE_QUEENS as u64)
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
    pub fn run(&mut self, max_steps: JsValue) -> Result<bool, Problem> {
        let arg = Arg::read(&max_steps);
        let mut max = arg.steps().ok_or_else(|| {
            Problem(format!(
                "run() takes a whole number of steps from 0 to 2^53, or Infinity for no limit; \
                 got {}.",
                arg.describe()
            ))
        })?;
        // Step by step until the board is first full, to note its conflicts.
        while self.initial.is_none() && max > 0 && self.engine.step() {
            max -= 1;
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
    /// `Int32Array` of n.
    pub fn queens(&self) -> Vec<i32> {
        let tally = self.engine.tally();
        let mut queens = vec![-1; tally.n()];
        for (row, &col) in tally.queens().iter().enumerate() {
            queens[row] = col as i32;
        }
        queens
    }
}
