//! `Session`, the stepping API as JavaScript sees it. Every argument a page can
//! get wrong is checked here and turned into a JS `Error` with a sentence.

use std::cell::Cell;

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::args::{self, echo, Arg, Problem, Text, MAX_SAFE_WHOLE};
use super::{shapes, strings, to_js};
use crate::algorithms;
use crate::session;

/// One search with time travel. `new Session("bitwise", 8)`;
/// `Session.seeded("min-conflicts", 200, 3)` for a seeded run.
#[wasm_bindgen]
pub struct Session {
    inner: session::Session,
}

/// How many sessions may be alive at once. Each timeline takes up to
/// `session::Session::max_timeline_bytes()` (2 MiB, plus a conflicts trace
/// of some kilobytes for a search for one solution), so this keeps them all
/// far inside wasm's memory. The page holds at most one a lane of a race
/// of every algorithm (`ALGORITHMS.len()` lanes), the visualizer's and
/// puzzle mode's, well within it (checked below as the crate compiles).
pub const MAX_LIVE_SESSIONS: usize = 64;
const _: () = assert!(algorithms::ALGORITHMS.len() + 2 <= MAX_LIVE_SESSIONS);

thread_local! {
    static LIVE_SESSIONS: Cell<usize> = const { Cell::new(0) };
}

/// Counts one more live session, or says why there cannot be one.
fn admit_session() -> Result<(), Problem> {
    LIVE_SESSIONS.with(|live| {
        if live.get() >= MAX_LIVE_SESSIONS {
            return Err(Problem(format!(
                "There are already {MAX_LIVE_SESSIONS} searches open, as many as fit safely \
                 in memory: call free() on ones you no longer need before opening another."
            )));
        }
        live.set(live.get() + 1);
        Ok(())
    })
}

impl Drop for Session {
    fn drop(&mut self) {
        LIVE_SESSIONS.with(|live| live.set(live.get().saturating_sub(1)));
    }
}

/// The algorithm id argument of `new Session(id, n)`.
pub(crate) fn algorithm_id(id: &JsValue) -> Result<String, Problem> {
    match args::text(id) {
        Text::Short(id) => Ok(id),
        // No id is that long: refused from its first characters, never copied whole.
        Text::Long { head, .. } => Err(session::unknown(&echo(&head)).into()),
        Text::NotText => Err(Problem(
            "The algorithm must be given by its id, a string such as \"bitwise\".".into(),
        )),
    }
}

/// N for algorithm `id`: a whole number the algorithm can do.
pub(crate) fn board_size(id: &str, n: &Arg) -> Result<usize, Problem> {
    let info = algorithms::find(id).ok_or_else(|| session::unknown(&echo(id)))?;
    if !n.is_number() {
        return Err(Problem("N must be a number, such as 8.".into()));
    }
    match n.whole(info.min_n as u64, info.max_n as u64) {
        Some(n) => Ok(n as usize),
        None => Err(Problem(format!(
            "{}; {}.",
            info.range_text(),
            n.outside("N", info.min_n as u64, info.max_n as u64)
        ))),
    }
}

/// A step index for `seek`.
fn step_index(k: &Arg) -> Result<u64, Problem> {
    k.whole(0, MAX_SAFE_WHOLE).ok_or_else(|| {
        Problem(format!(
            "A step number must be a whole number from 0 to 2^53 − 1; got {}.",
            k.describe()
        ))
    })
}

/// A step budget for `run()` or `runToSolution()`: a whole number of steps,
/// 0 or more, or `Infinity`; left out, no limit where `optional`.
fn budget(max_steps: &Arg, what: &str, optional: bool) -> Result<u64, Problem> {
    if optional && *max_steps == Arg::Missing {
        return Ok(u64::MAX);
    }
    max_steps.steps().ok_or_else(|| {
        Problem(format!(
            "{what} takes a whole number of steps from 0 to 2^53 − 1, or Infinity for no limit; got {}.",
            max_steps.describe()
        ))
    })
}

/// The measure of a race's clock: `"checks"` or `"steps"`.
fn work_unit(unit: &JsValue, what: &str) -> Result<session::Work, Problem> {
    let text = args::text(unit);
    match &text {
        Text::Short(id) => session::Work::from_id(id),
        _ => None,
    }
    .ok_or_else(|| {
        let got = match text {
            Text::Short(text) => format!("\"{}\"", echo(&text)),
            _ => Arg::read(unit).describe(),
        };
        Problem(format!(
            "{what} measures work in \"checks\" or \"steps\"; got {got}."
        ))
    })
}

/// A budget of work for `seekWork()` or `runWithin()`: a whole number from 0
/// to 2^53 − 1.
fn work_budget(budget: &JsValue, what: &str) -> Result<u64, Problem> {
    let arg = Arg::read(budget);
    arg.whole(0, MAX_SAFE_WHOLE).ok_or_else(|| {
        Problem(format!(
            "{what} takes a budget of work, a whole number from 0 to 2^53 − 1; got {}.",
            arg.describe()
        ))
    })
}

/// `limit` or `skip` of `solutions()`: a whole number, 0 or more; left out,
/// `default`.
fn count_arg(value: &Arg, what: &str, default: usize) -> Result<usize, Problem> {
    if *value == Arg::Missing {
        return Ok(default);
    }
    match value.steps() {
        Some(count) => Ok(usize::try_from(count).unwrap_or(usize::MAX)),
        None => Err(Problem(format!(
            "solutions() takes {what} as a whole number from 0 to 2^53 − 1; got {}.",
            value.describe()
        ))),
    }
}

#[wasm_bindgen]
impl Session {
    /// Throws an `Error` for an unknown algorithm id or an N it cannot do.
    /// `fixedSquares` (optional: squares `row * n + col`) starts the search
    /// from those queens; backtracking and bitwise can.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(unchecked_param_type = "SquareList | null | undefined")]
        fixed_squares: JsValue,
    ) -> Result<Session, Problem> {
        let id = algorithm_id(&id)?;
        let n = board_size(&id, &Arg::read(&n))?;
        let inner = if Arg::read(&fixed_squares) == Arg::Missing {
            session::Session::new(&id, n)?
        } else {
            let squares = super::puzzle::squares(&fixed_squares, n)?;
            session::Session::with_fixed(&id, n, &squares)?
        };
        admit_session()?;
        Ok(Session { inner })
    }

    /// The search `id` on an n×n board from `seed` (a whole number from 0
    /// to 2^53 − 1): the same seed gives the same run, in any browser and
    /// natively. The searches for every solution take any seed and ignore it.
    pub fn seeded(
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Seed")] seed: JsValue,
    ) -> Result<Session, Problem> {
        let id = algorithm_id(&id)?;
        let n = board_size(&id, &Arg::read(&n))?;
        let seed = args::seed(&seed, "Session.seeded()", false)?;
        let inner = session::Session::seeded(&id, n, seed)?;
        admit_session()?;
        Ok(Session { inner })
    }

    /// The seed the session was opened with (1 for `new Session(id, n)`).
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> f64 {
        self.inner.seed() as f64
    }

    /// The attacking pairs among the queens on the board now (0 on a
    /// solution).
    pub fn conflicts(&self) -> f64 {
        self.inner.conflicts() as f64
    }

    /// For each row, how many other queens attack its queen (0 where the row
    /// has none): an `Int32Array` of n.
    #[wasm_bindgen(js_name = queenConflicts)]
    pub fn queen_conflicts(&self) -> Vec<i32> {
        self.inner.queen_conflicts()
    }

    /// Queens moved or pairs exchanged so far (0 for the searches for every
    /// solution).
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> f64 {
        self.inner.counters().moves as f64
    }

    /// Restarts so far (0 for the searches for every solution).
    #[wasm_bindgen(getter)]
    pub fn restarts(&self) -> f64 {
        self.inner.counters().restarts as f64
    }

    /// The most checks one step of this search adds at this N: the
    /// algorithm's own bound (race mode's clock budgets by it).
    #[wasm_bindgen(getter, js_name = mostChecksPerStep)]
    pub fn most_checks_per_step(&self) -> f64 {
        self.inner.most_checks_per_step() as f64
    }

    /// The conflicts after each step from step 0 to `stepIndex`, in at most
    /// `maxPoints` points (2 to 65,536; the first and last step kept, each
    /// group of steps between giving its minimum and maximum), and the steps
    /// that restarted (at most `maxPoints`, evenly thinned): `{steps,
    /// conflicts, restarts}`, `Float64Array`s. The same at a step whatever
    /// path led there. `null` for the searches for every solution.
    #[wasm_bindgen(js_name = conflictTrace, unchecked_return_type = "ConflictTrace | null")]
    pub fn conflict_trace(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] max_points: JsValue,
    ) -> Result<JsValue, Problem> {
        let arg = Arg::read(&max_points);
        let max = arg.whole(2, 65_536).ok_or_else(|| {
            Problem(format!(
                "conflictTrace() takes the most points to return, a whole number from 2 to \
                 65536; got {}.",
                arg.describe()
            ))
        })? as usize;
        let Some(trace) = self.inner.conflict_trace(max) else {
            return Ok(JsValue::NULL);
        };
        let floats = |values: &[u64]| {
            let values: Vec<f64> = values.iter().map(|&v| v as f64).collect();
            JsValue::from(js_sys::Float64Array::from(values.as_slice()))
        };
        to_js(&shapes::ConflictTrace {
            steps: floats(&trace.steps),
            conflicts: floats(&trace.conflicts),
            restarts: floats(&trace.restarts),
        })
    }

    /// One step forward: true if a step was taken, false if the search is over.
    pub fn step(&mut self) -> bool {
        self.inner.step()
    }

    /// Up to `maxSteps` steps forward (`Infinity`: no limit); returns how many
    /// were taken.
    pub fn run(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] max_steps: JsValue,
    ) -> Result<f64, Problem> {
        let max = budget(&Arg::read(&max_steps), "run()", false)?;
        Ok(self.inner.run(max) as f64)
    }

    /// Runs until a step finds a solution (true), or the search ends or the
    /// optional budget runs out (false).
    #[wasm_bindgen(js_name = runToSolution)]
    pub fn run_to_solution(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] max_steps: JsValue,
    ) -> Result<bool, Problem> {
        let max = budget(&Arg::read(&max_steps), "runToSolution()", true)?;
        Ok(self.inner.run_to_solution(max))
    }

    /// One step back: false at step 0.
    #[wasm_bindgen(js_name = stepBack)]
    pub fn step_back(&mut self) -> bool {
        self.inner.step_back()
    }

    /// Goes to the state exactly `stepIndex` steps after reset().
    pub fn seek(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] k: JsValue,
    ) -> Result<(), Problem> {
        let k = step_index(&Arg::read(&k))?;
        Ok(self.inner.seek(k)?)
    }

    /// The cheap first half of seek(stepIndex), for going there in slices:
    /// moves to the last checkpoint at or before `stepIndex` (or stays, if it
    /// stands between that checkpoint and `stepIndex`) without replaying a
    /// step, and returns the step it stands on. run(stepIndex - that) then
    /// gives exactly seek(stepIndex)'s state.
    #[wasm_bindgen(js_name = seekNear)]
    pub fn seek_near(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] k: JsValue,
    ) -> Result<f64, Problem> {
        let k = step_index(&Arg::read(&k))?;
        Ok(self.inner.seek_near(k) as f64)
    }

    /// The cheap first half of seekWork(unit, budget): restores the last
    /// checkpoint within the budget (or stays, if the session is within it
    /// and past that checkpoint) without replaying a step, and returns the
    /// step it stands on. runWithin(unit, budget, ...) to its end then lands
    /// exactly where seekWork(unit, budget) does.
    #[wasm_bindgen(js_name = seekWorkNear)]
    pub fn seek_work_near(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "WorkUnit")] unit: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<f64, Problem> {
        let work = work_unit(&unit, "seekWorkNear()")?;
        let budget = work_budget(&budget, "seekWorkNear()")?;
        Ok(self.inner.seek_work_near(work, budget) as f64)
    }

    /// A race's lane at a reading of its clock: goes to exactly the last step
    /// whose work (`unit`: "checks" or "steps") is at most `budget`, or the
    /// end if the whole search costs no more, as if stepped from reset().
    /// Within the ground explored so far plus 2^24 steps; beyond that it
    /// throws and stays put (use runWithin() a slice at a time).
    #[wasm_bindgen(js_name = seekWork)]
    pub fn seek_work(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "WorkUnit")] unit: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<(), Problem> {
        let work = work_unit(&unit, "seekWork()")?;
        let budget = work_budget(&budget, "seekWork()")?;
        Ok(self.inner.seek_work(work, budget)?)
    }

    /// Runs forward while the next step keeps the work (`unit`: "checks" or
    /// "steps") within `budget`, at most `maxSteps` steps (`Infinity`: no
    /// limit); returns the steps taken. Never goes back.
    #[wasm_bindgen(js_name = runWithin)]
    pub fn run_within(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "WorkUnit")] unit: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] max_steps: JsValue,
    ) -> Result<f64, Problem> {
        let work = work_unit(&unit, "runWithin()")?;
        let limit = work_budget(&budget, "runWithin()")?;
        let max = self::budget(&Arg::read(&max_steps), "runWithin()", false)?;
        Ok(self.inner.run_within(work, limit, max) as f64)
    }

    /// The work (`unit`: "checks" or "steps") done once the next step is
    /// taken, without taking it; `undefined` at the end of the search.
    #[wasm_bindgen(js_name = nextWork)]
    pub fn next_work(
        &self,
        #[wasm_bindgen(unchecked_param_type = "WorkUnit")] unit: JsValue,
    ) -> Result<Option<f64>, Problem> {
        let work = work_unit(&unit, "nextWork()")?;
        Ok(self.inner.next_work(work).map(|w| w as f64))
    }

    /// Back to step 0, forgetting the timeline.
    pub fn reset(&mut self) {
        self.inner.reset();
    }

    #[wasm_bindgen(getter)]
    pub fn algorithm(&self) -> String {
        self.inner.info().id.to_string()
    }

    #[wasm_bindgen(getter)]
    pub fn n(&self) -> usize {
        self.inner.n()
    }

    #[wasm_bindgen(getter, js_name = stepIndex)]
    pub fn step_index(&self) -> f64 {
        self.inner.step_index() as f64
    }

    /// The most steps taken since the last reset: the timeline's extent.
    #[wasm_bindgen(getter, js_name = furthestStep)]
    pub fn furthest_step(&self) -> f64 {
        self.inner.furthest_step() as f64
    }

    /// The length of the whole search once it has been seen to end.
    #[wasm_bindgen(getter, js_name = totalSteps)]
    pub fn total_steps(&self) -> Option<f64> {
        self.inner.total_steps().map(|t| t as f64)
    }

    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.inner.is_done()
    }

    #[wasm_bindgen(getter, js_name = solutionCount)]
    pub fn solution_count(&self) -> f64 {
        self.inner.counters().solutions as f64
    }

    #[wasm_bindgen(getter)]
    pub fn checks(&self) -> f64 {
        self.inner.counters().checks as f64
    }

    #[wasm_bindgen(getter)]
    pub fn placements(&self) -> f64 {
        self.inner.counters().placements as f64
    }

    #[wasm_bindgen(getter)]
    pub fn backtracks(&self) -> f64 {
        self.inner.counters().backtracks as f64
    }

    /// The pseudocode line the last step executed; -1 before the first step.
    #[wasm_bindgen(getter)]
    pub fn line(&self) -> i32 {
        self.inner.last_step().line.map_or(-1, |line| line as i32)
    }

    /// "start", "place", "reject", "solution" or "backtrack"; for the
    /// searches for one solution also "move", "sideways", "stay", "restart"
    /// and "survey".
    #[wasm_bindgen(getter, js_name = stepKind)]
    pub fn step_kind(&self) -> String {
        self.inner.last_step().kind.id().to_string()
    }

    #[wasm_bindgen(getter)]
    pub fn description(&self) -> String {
        self.inner.info().description.to_string()
    }

    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn pseudocode(&self) -> Array {
        strings(self.inner.info().pseudocode)
    }

    /// A sentence about the last step.
    pub fn message(&self) -> String {
        self.inner.message()
    }

    /// Each row's queen column, or -1 (an `Int32Array` of n).
    pub fn queens(&self) -> Vec<i32> {
        self.inner.queens()
    }

    /// n*n flag bytes, row-major: 1 queen, 2 threatened, 4 probed, 8 conflict
    /// (for the searches for one solution: every attacked queen), 16 ghost (a
    /// queen of the board under test not placed yet), 32 candidate.
    pub fn cells(&self) -> Vec<u8> {
        self.inner.cells()
    }

    /// The N^N boards with one queen in each row, as covered so far:
    /// `{total, ruledOut, solutions, pending, outside}`, BigInts, with
    /// `total = ruledOut + solutions + pending` at every step. `outside`
    /// counts probes outside that space (the bitboard scan's). `null` for
    /// the searches for one solution, which do not account for the boards.
    #[wasm_bindgen(unchecked_return_type = "Space | null")]
    pub fn space(&self) -> Result<JsValue, Problem> {
        let Some(space) = self.inner.space() else {
            return Ok(JsValue::NULL);
        };
        to_js(&shapes::Space {
            total: space.total.into(),
            ruled_out: space.ruled_out.into(),
            solutions: space.solutions.into(),
            pending: space.pending.into(),
            outside: space.outside.into(),
        })
    }

    /// The search tree as an icicle `width` pixels wide: for each depth 1..=N
    /// a row of `width` shares (0 to 1) of the boards under that pixel that
    /// are decided (ruled out or found), row-major in a `Float32Array`; `null`
    /// for a search from fixed queens and for the searches for one solution.
    #[wasm_bindgen(unchecked_return_type = "Float32Array | null")]
    pub fn icicle(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    ) -> Result<JsValue, Problem> {
        let width_arg = Arg::read(&width);
        let width = width_arg.whole(1, 4096).ok_or_else(|| {
            Problem(format!(
                "icicle() takes a width in pixels, a whole number from 1 to 4096; got {}.",
                width_arg.describe()
            ))
        })? as usize;
        Ok(match self.inner.decided() {
            Some(decided) => js_sys::Float32Array::from(decided.icicle(width).as_slice()).into(),
            None => JsValue::NULL,
        })
    }

    /// How many boards with lexicographic index in `from..to` (BigInts,
    /// strings of digits or numbers up to 2^53 − 1, by the one rule; row 0's
    /// column most significant) are decided so far, as a BigInt; `null`
    /// where `icicle()` is (the indices are not checked then beyond being
    /// whole numbers from 0).
    #[wasm_bindgen(js_name = decidedBetween, unchecked_return_type = "bigint | null")]
    pub fn decided_between(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] to: JsValue,
    ) -> Result<JsValue, Problem> {
        let decided = self.inner.decided();
        let total = match (&decided, self.inner.space()) {
            (Some(_), Some(space)) => space.total,
            _ => u128::MAX,
        };
        let index = |value: &JsValue| -> Result<u128, Problem> {
            let arg = Arg::read(value);
            arg.whole_wide(0, total).ok_or_else(|| {
                let range = match total {
                    u128::MAX => "whole numbers from 0".to_string(),
                    total => format!("from 0 to {total} (N^N)"),
                };
                Problem(format!(
                    "decidedBetween() takes board indices {range}; got {}.",
                    arg.describe()
                ))
            })
        };
        let (from, to) = (index(&from)?, index(&to)?);
        Ok(match decided {
            Some(decided) if from <= to => (decided.before(to) - decided.before(from)).into(),
            Some(_) => 0u128.into(),
            None => JsValue::NULL,
        })
    }

    /// For each row, how many queens have been placed on it since `reset()`
    /// (for the searches for one solution: placed, moved or swapped there);
    /// the sum is `placements`.
    #[wasm_bindgen(js_name = nodesByDepth)]
    pub fn nodes_by_depth(&self) -> Vec<f64> {
        self.inner
            .nodes_by_depth()
            .into_iter()
            .map(|count| count as f64)
            .collect()
    }

    /// The algorithm's registers (`shapes::Register`): each a group, a
    /// name and a value drawn by its kind, with a `role` ("permutation",
    /// "swap") where the page links one to another. Kind "counts" is a
    /// count for each square of a row or each line of the board, one of
    /// them marked.
    #[wasm_bindgen(unchecked_return_type = "Register[]")]
    pub fn registers(&self) -> Result<Array, Problem> {
        self.inner
            .registers()
            .into_iter()
            .map(|register| to_js(&shapes::Register::from(register)))
            .collect()
    }

    /// Solutions found up to the current step, `{step, queens}`, in the order
    /// found: at most `limit` of them, after skipping the first `skip`.
    #[wasm_bindgen(unchecked_return_type = "FoundSolution[]")]
    pub fn solutions(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] limit: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] skip: JsValue,
    ) -> Result<Array, Problem> {
        let limit = count_arg(&Arg::read(&limit), "limit", usize::MAX)?;
        let skip = count_arg(&Arg::read(&skip), "skip", 0)?;
        self.inner
            .solutions()
            .iter()
            .skip(skip)
            .take(limit)
            .map(|found| {
                to_js(&shapes::FoundSolution {
                    step: found.step as f64,
                    queens: js_sys::Int32Array::from(found.queens.as_slice()).into(),
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_sizes_and_step_numbers_are_sentences() {
        for (id, n) in [
            ("brute-force", 9.0),
            ("brute-force", 0.0),
            ("bitwise", 2.5),
            ("bitwise", f64::NAN),
            ("permutations", 13.0),
        ] {
            let text = board_size(id, &Arg::Number(n)).unwrap_err().0;
            assert!(text.contains("works on boards from"), "{text}");
            assert!(text.ends_with('.'));
        }
        assert_eq!(board_size("bitwise", &Arg::Number(20.0)), Ok(20));
        let text = board_size("bitwise", &Arg::Other("\"eight\"".into()))
            .unwrap_err()
            .0;
        assert!(text.contains("N must be a number"), "{text}");
        let text = board_size("quantum", &Arg::Number(8.0)).unwrap_err().0;
        assert!(text.contains("no algorithm called \"quantum\""), "{text}");
        let flood = format!("\u{202e}{}", "q".repeat(100_000));
        let text = board_size(&flood, &Arg::Number(8.0)).unwrap_err().0;
        assert!(text.len() < 300 && !text.contains('\u{202e}'), "{text}");
        for bad in [-1.0, 0.5, f64::NAN, f64::INFINITY] {
            let text = step_index(&Arg::Number(bad)).unwrap_err().0;
            assert!(text.contains("whole number"), "{text}");
        }
        assert_eq!(step_index(&Arg::Number(16_777_216.0)), Ok(16_777_216));
        let text = budget(&Arg::Number(-1.0), "run()", false).unwrap_err().0;
        assert!(text.starts_with("run() takes a whole number"), "{text}");
        assert_eq!(budget(&Arg::Missing, "runToSolution()", true), Ok(u64::MAX));
        assert!(budget(&Arg::Missing, "run()", false).is_err());
        assert_eq!(count_arg(&Arg::Missing, "limit", 7), Ok(7));
        assert!(count_arg(&Arg::Number(1.5), "limit", 7).is_err());
    }

    #[test]
    fn live_sessions_are_counted_and_capped() {
        let mut held = Vec::new();
        while admit_session().is_ok() {
            held.push(Session {
                inner: session::Session::new("bitwise", 4).unwrap(),
            });
        }
        assert_eq!(held.len(), MAX_LIVE_SESSIONS);
        let text = admit_session().unwrap_err().0;
        assert!(text.contains("free()"), "{text}");
        held.pop();
        assert!(admit_session().is_ok(), "freeing one makes room");
    }
}
