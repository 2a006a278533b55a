//! `Session`, the stepping API as JavaScript sees it. Every argument a page can
//! get wrong is checked here and turned into a JS `Error` with a sentence.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::{object, set, strings};
use crate::algorithms::RegisterValue;
use crate::session::{self, number_text};

/// One search with time travel. `new Session("bitwise", 8)`.
#[wasm_bindgen]
pub struct Session {
    inner: session::Session,
}

/// A number from JS: a number, or a string that reads as one ("8" from a form
/// field or a URL). Anything else is `None`.
fn number(value: &JsValue) -> Option<f64> {
    if let Some(n) = value.as_f64() {
        return Some(n);
    }
    let text = value.as_string()?;
    let text = text.trim();
    let numeric = |c: char| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E');
    if text.is_empty() || !text.chars().all(numeric) {
        return None;
    }
    // JavaScript's own parser: Rust's would add kilobytes of wasm.
    let n = js_sys::Number::parse_float(text);
    (!n.is_nan()).then_some(n)
}

fn error(err: impl std::fmt::Display) -> JsError {
    JsError::new(&err.to_string())
}

/// A step budget from JS: a whole number of steps, 0 or more.
fn budget(max_steps: f64, what: &str) -> Result<u64, JsError> {
    if max_steps >= 0.0 && (max_steps.fract() == 0.0 || max_steps == f64::INFINITY) {
        Ok(max_steps as u64) // saturates: Infinity means "no limit"
    } else {
        Err(JsError::new(&format!(
            "{what} takes a whole number of steps, 0 or more; got {}.",
            number_text(max_steps)
        )))
    }
}

#[wasm_bindgen]
impl Session {
    /// Throws an `Error` for an unknown algorithm id or an N it cannot do.
    #[wasm_bindgen(constructor)]
    pub fn new(id: JsValue, n: JsValue) -> Result<Session, JsError> {
        let Some(id) = id.as_string() else {
            return Err(JsError::new(
                "The algorithm must be given by its id, a string such as \"bitwise\".",
            ));
        };
        let Some(n) = number(&n) else {
            return Err(JsError::new("N must be a number, such as 8."));
        };
        session::Session::new(&id, n)
            .map(|inner| Session { inner })
            .map_err(error)
    }

    /// One step forward: true if a step was taken, false if the search is over.
    pub fn step(&mut self) -> bool {
        self.inner.step()
    }

    /// Up to `maxSteps` steps forward; returns how many were taken.
    pub fn run(&mut self, max_steps: f64) -> Result<f64, JsError> {
        let max = budget(max_steps, "run()")?;
        Ok(self.inner.run(max) as f64)
    }

    /// Runs until a step finds a solution (true), or the search ends or the
    /// optional budget runs out (false).
    #[wasm_bindgen(js_name = runToSolution)]
    pub fn run_to_solution(&mut self, max_steps: Option<f64>) -> Result<bool, JsError> {
        let max = match max_steps {
            Some(max) => budget(max, "runToSolution()")?,
            None => u64::MAX,
        };
        Ok(self.inner.run_to_solution(max))
    }

    /// One step back: false at step 0.
    #[wasm_bindgen(js_name = stepBack)]
    pub fn step_back(&mut self) -> bool {
        self.inner.step_back()
    }

    /// Goes to the state exactly `stepIndex` steps after reset().
    pub fn seek(&mut self, step_index: JsValue) -> Result<(), JsError> {
        let k = number(&step_index).unwrap_or(f64::NAN);
        self.inner.seek(k).map_err(error)
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

    /// "start", "place", "reject", "solution" or "backtrack".
    #[wasm_bindgen(getter, js_name = stepKind)]
    pub fn step_kind(&self) -> String {
        self.inner.last_step().kind.id().to_string()
    }

    #[wasm_bindgen(getter)]
    pub fn description(&self) -> String {
        self.inner.info().description.to_string()
    }

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

    /// n*n flag bytes, row-major: 1 queen, 2 threatened, 4 probed, 8 conflict,
    /// 16 ghost (a queen of the board under test not placed yet), 32 candidate.
    pub fn cells(&self) -> Vec<u8> {
        self.inner.cells()
    }

    /// The algorithm's registers: `{group, name, kind, value, ...}`.
    pub fn registers(&self) -> Array {
        self.inner
            .registers()
            .into_iter()
            .map(|register| {
                let group = JsValue::from_str(&register.group);
                let name = JsValue::from_str(register.name);
                let object = match register.value {
                    RegisterValue::Bits { value, width } => object(&[
                        ("group", group),
                        ("name", name),
                        ("kind", "bits".into()),
                        ("value", value.into()),
                        ("width", (width as f64).into()),
                    ]),
                    RegisterValue::Board { value, n } => object(&[
                        ("group", group),
                        ("name", name),
                        ("kind", "board".into()),
                        ("value", JsValue::from(value)),
                        ("hex", format!("{value:#018x}").into()),
                        ("n", (n as f64).into()),
                    ]),
                    RegisterValue::List(values) => object(&[
                        ("group", group),
                        ("name", name),
                        ("kind", "list".into()),
                        (
                            "value",
                            values
                                .into_iter()
                                .map(JsValue::from)
                                .collect::<Array>()
                                .into(),
                        ),
                    ]),
                    RegisterValue::Number(value) => object(&[
                        ("group", group),
                        ("name", name),
                        ("kind", "number".into()),
                        ("value", (value as f64).into()),
                        ("hex", format!("{value:#x}").into()),
                    ]),
                };
                if let Some(role) = register.role {
                    set(&object, "role", role.id().into());
                }
                object
            })
            .collect()
    }

    /// Solutions found up to the current step, `{step, queens}`, in the order
    /// found: at most `limit` of them, after skipping the first `skip`.
    pub fn solutions(&self, limit: Option<u32>, skip: Option<u32>) -> Array {
        let limit = limit.map_or(usize::MAX, |l| l as usize);
        let skip = skip.map_or(0, |s| s as usize);
        self.inner
            .solutions()
            .iter()
            .skip(skip)
            .take(limit)
            .map(|found| {
                let queens = js_sys::Int32Array::from(found.queens.as_slice());
                object(&[
                    ("step", (found.step as f64).into()),
                    ("queens", queens.into()),
                ])
            })
            .collect()
    }
}
