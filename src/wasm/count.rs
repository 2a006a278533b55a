//! Count-mode exports: whole counts for small boards, and one subtask at a
//! time for the page's pool of workers. N runs from 1 to 20 here; anything
//! else comes back as a JS `Error` with a sentence saying so, never a panic.

use js_sys::{BigInt, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::count::{self, Counts};
use crate::session::number_text;

/// The largest N the page counts (N = 20 takes many minutes even shared out).
pub const COUNT_MAX_N: usize = 20;

/// How a JS value reads in an error message.
fn describe(value: &JsValue) -> String {
    if let Some(number) = value.as_f64() {
        number_text(number)
    } else if let Some(text) = value.as_string() {
        format!("\"{text}\"")
    } else if value.is_undefined() {
        "nothing".to_string()
    } else if value.is_null() {
        "null".to_string()
    } else {
        value
            .js_typeof()
            .as_string()
            .map(|kind| format!("a value of type {kind}"))
            .unwrap_or_else(|| "a value that is not a number".to_string())
    }
}

/// `value` as a whole number in `min..=max`, if it is one.
fn whole_in(value: &JsValue, min: usize, max: usize) -> Option<usize> {
    let number = value.as_f64()?;
    if number.fract() != 0.0 || number < min as f64 || number > max as f64 {
        return None;
    }
    Some(number as usize)
}

fn board_size(n: &JsValue) -> Result<usize, JsValue> {
    whole_in(n, 1, COUNT_MAX_N).ok_or_else(|| {
        js_sys::Error::new(&format!(
            "N must be a whole number from 1 to {COUNT_MAX_N}; got {}.",
            describe(n)
        ))
        .into()
    })
}

fn counts_object(counts: Counts) -> Result<Object, JsValue> {
    let object = Object::new();
    Reflect::set(&object, &"total".into(), &BigInt::from(counts.total))?;
    Reflect::set(
        &object,
        &"fundamental".into(),
        &BigInt::from(counts.fundamental),
    )?;
    Ok(object)
}

/// All solutions of the N-Queens puzzle on an N×N board (OEIS A000170), as a
/// BigInt. Runs to the end on the calling thread.
#[wasm_bindgen(js_name = countSolutions)]
pub fn count_solutions(n: JsValue) -> Result<u64, JsValue> {
    Ok(count::count_solutions(board_size(&n)?))
}

/// Solutions distinct up to rotation and reflection (OEIS A002562), as a
/// BigInt.
#[wasm_bindgen(js_name = countFundamental)]
pub fn count_fundamental(n: JsValue) -> Result<u64, JsValue> {
    Ok(count::count_fundamental(board_size(&n)?))
}

/// Both counts at once: `{total: BigInt, fundamental: BigInt}`.
#[wasm_bindgen(js_name = countBoth)]
pub fn count_both(n: JsValue) -> Result<Object, JsValue> {
    counts_object(count::count_with_symmetry(board_size(&n)?))
}

/// How many independent subtasks the search for N splits into (0 for N = 2
/// and 3, which have no solutions). Their `countSubtask` results add up to
/// the whole counts.
#[wasm_bindgen(js_name = countSubtasks)]
pub fn count_subtasks(n: JsValue) -> Result<u32, JsValue> {
    Ok(count::subtasks(board_size(&n)?).len() as u32)
}

/// Counts subtask `index` (from 0) of the search for N:
/// `{total: BigInt, fundamental: BigInt}`.
#[wasm_bindgen(js_name = countSubtask)]
pub fn count_subtask(n: JsValue, index: JsValue) -> Result<Object, JsValue> {
    let n = board_size(&n)?;
    let tasks = count::subtasks(n);
    let task = tasks
        .len()
        .checked_sub(1)
        .and_then(|last| whole_in(&index, 0, last))
        .and_then(|i| tasks.get(i))
        .ok_or_else(|| {
            let message = match tasks.len() {
                0 => format!(
                    "N = {n} has no subtasks to count; got index {}.",
                    describe(&index)
                ),
                len => format!(
                    "The subtask index for N = {n} must be a whole number from 0 to {}; got {}.",
                    len - 1,
                    describe(&index)
                ),
            };
            JsValue::from(js_sys::Error::new(&message))
        })?;
    counts_object(task.count())
}

/// Counts subtasks `from..to` of the search for N and adds them up:
/// `{total: BigInt, fundamental: BigInt}`. One call for a batch of small
/// subtasks, so a worker does not pay a call and two BigInts for each.
#[wasm_bindgen(js_name = countSubtaskRange)]
pub fn count_subtask_range(n: JsValue, from: JsValue, to: JsValue) -> Result<Object, JsValue> {
    let n = board_size(&n)?;
    let tasks = count::subtasks(n);
    let len = tasks.len();
    let batch = whole_in(&from, 0, len)
        .zip(whole_in(&to, 0, len))
        .and_then(|(from, to)| tasks.get(from..to))
        .ok_or_else(|| {
            JsValue::from(js_sys::Error::new(&format!(
                "A subtask range for N = {n} must be two whole numbers with 0 ≤ from ≤ to ≤ {len}; \
                 got from {} and to {}.",
                describe(&from),
                describe(&to)
            )))
        })?;
    counts_object(batch.iter().map(count::Subtask::count).sum())
}

/// The largest N that count mode takes.
#[wasm_bindgen(js_name = countMaxN)]
pub fn count_max_n() -> u32 {
    COUNT_MAX_N as u32
}
