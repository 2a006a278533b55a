//! Count-mode exports: whole counts for small boards, and one subtask (or a
//! range of them) at a time for the page's pool of workers. N runs from 1 to
//! [`PAGE_MAX_N`]; anything else comes back as a JS `Error` with a sentence
//! saying so, never a panic.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::BigInt;
use wasm_bindgen::prelude::*;

use super::args::{whole_in, Arg, Problem};
use super::{shapes, to_js};
use crate::count::{self, Counts, Plan, PAGE_MAX_N, PAGE_MIN_N};

thread_local! {
    /// The last N's plan: a worker counts many pieces of one N, and the
    /// quadrants' lists (up to 120 MB at N = 20) are built once for them.
    static PLAN: RefCell<Option<Rc<Plan>>> = const { RefCell::new(None) };
}

/// The plan for N, built on first use and kept until another N is asked for.
fn plan(n: usize) -> Rc<Plan> {
    PLAN.with(|cell| {
        let mut cell = cell.borrow_mut();
        match cell.as_ref() {
            Some(plan) if plan.n() == n => plan.clone(),
            _ => {
                // Drop the old plan before building the new one.
                *cell = None;
                let plan = Rc::new(Plan::new(n));
                *cell = Some(plan.clone());
                plan
            }
        }
    })
}

/// N for a count: a whole number from `PAGE_MIN_N` to `PAGE_MAX_N`.
fn board_size(n: &JsValue) -> Result<usize, Problem> {
    whole_in(n, PAGE_MIN_N, PAGE_MAX_N, |got| {
        format!("N must be a whole number from {PAGE_MIN_N} to {PAGE_MAX_N}; got {got}.")
    })
}

fn counts_object(counts: Counts) -> Result<JsValue, Problem> {
    to_js(&shapes::Counts {
        total: BigInt::from(counts.total).into(),
        fundamental: BigInt::from(counts.fundamental).into(),
    })
}

fn total_object(total: u64) -> Result<JsValue, Problem> {
    to_js(&shapes::CountTotal {
        total: BigInt::from(total).into(),
    })
}

/// The solutions of N that the symmetries of the square leave unchanged, for
/// Burnside's lemma: `{rot90, rot180, mirror}` (BigInts): those equal to their
/// quarter turn, to their half turn, and to their reflection in one of the
/// four axes (summed over the four; 0 for N > 1). The number of classes
/// distinct up to rotation and reflection is then
/// `(total + rot180 + 2·rot90 + mirror) / 8`. Takes well under a second for
/// N = 20, a small part of the count.
#[wasm_bindgen(js_name = countSymmetries, unchecked_return_type = "Symmetries")]
pub fn count_symmetries(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<JsValue, Problem> {
    let fixed = count::fixed::fixed_points(board_size(&n)?);
    to_js(&shapes::Symmetries {
        rot90: BigInt::from(fixed.rot90).into(),
        rot180: BigInt::from(fixed.rot180).into(),
        mirror: BigInt::from(fixed.mirror).into(),
    })
}

/// All solutions of the N-Queens puzzle on an N×N board (OEIS A000170), as a
/// BigInt. Runs to the end on the calling thread.
#[wasm_bindgen(js_name = countSolutions)]
pub fn count_solutions(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<u64, Problem> {
    let n = board_size(&n)?;
    Ok(match count::Method::for_n(n) {
        count::Method::Symmetric => count::count_solutions(n),
        // The worker's plan for N, if it has one, lists the quarters once.
        count::Method::Quadrants => plan(n).count(),
    })
}

/// Solutions distinct up to rotation and reflection (OEIS A002562), as a
/// BigInt.
#[wasm_bindgen(js_name = countFundamental)]
pub fn count_fundamental(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<u64, Problem> {
    Ok(count::count_fundamental(board_size(&n)?))
}

/// Both counts at once: `{total: BigInt, fundamental: BigInt}`.
#[wasm_bindgen(js_name = countBoth, unchecked_return_type = "Counts")]
pub fn count_both(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<JsValue, Problem> {
    counts_object(count::count_both(board_size(&n)?))
}

/// How many independent subtasks the search for N splits into (0 for N = 2
/// and 3, which have no solutions). Their `countSubtask` results add up to
/// the whole counts.
#[wasm_bindgen(js_name = countSubtasks)]
pub fn count_subtasks(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<u32, Problem> {
    Ok(plan(board_size(&n)?).len() as u32)
}

/// An estimate of each subtask's work for N, in `countSubtask` order (a
/// Float64Array, one weight per subtask, in no particular unit): count mode
/// weighs its progress and time left by it. Costs a small fraction of the
/// count.
#[wasm_bindgen(js_name = countSubtaskWeights)]
pub fn count_subtask_weights(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<Vec<f64>, Problem> {
    Ok(plan(board_size(&n)?).weights())
}

/// Counts subtask `index` (from 0) of the search for N: `{total: BigInt}`,
/// the solutions in that piece. The fundamental count is not shared out: it
/// comes from the whole total and [`count_symmetries`] by Burnside's lemma.
#[wasm_bindgen(js_name = countSubtask, unchecked_return_type = "CountTotal")]
pub fn count_subtask(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
) -> Result<JsValue, Problem> {
    let n = board_size(&n)?;
    let plan = plan(n);
    let index = Arg::read(&index);
    let i = plan
        .len()
        .checked_sub(1)
        .and_then(|last| index.whole(0, last as u64))
        .ok_or_else(|| {
            Problem(match plan.len() {
                0 => format!(
                    "N = {n} has no subtasks to count; got index {}.",
                    index.describe()
                ),
                len => format!(
                    "The subtask index for N = {n} must be a whole number from 0 to {}; got {}.",
                    len - 1,
                    index.describe()
                ),
            })
        })? as usize;
    total_object(plan.count_range(i..i + 1))
}

/// Counts subtasks `from..to` of the search for N and adds them up:
/// `{total: BigInt}`. One call for a batch of small
/// subtasks, so a worker does not pay a call and two BigInts for each.
#[wasm_bindgen(js_name = countSubtaskRange, unchecked_return_type = "CountTotal")]
pub fn count_subtask_range(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] to: JsValue,
) -> Result<JsValue, Problem> {
    let n = board_size(&n)?;
    let plan = plan(n);
    let len = plan.len() as u64;
    let (from, to) = (Arg::read(&from), Arg::read(&to));
    let range = from
        .whole(0, len)
        .zip(to.whole(0, len))
        .filter(|(from, to)| from <= to)
        .ok_or_else(|| {
            Problem(format!(
                "A subtask range for N = {n} must be two whole numbers with 0 ≤ from ≤ to ≤ {len}; \
                 got from {} and to {}.",
                from.describe(),
                to.describe()
            ))
        })?;
    total_object(plan.count_range(range.0 as usize..range.1 as usize))
}

/// Counts the completions of a board of N (4 to `count::GPU_MAX_N`) whose
/// first rows are placed, `columns` giving each row's column from row 0,
/// under the symmetric search's rules (one board of each class of eight):
/// `{total, fundamental}` (BigInts), the boards the classes found stand for
/// and the classes. The placement must be one the symmetric search visits:
/// row 0's queen in the corner (with row 1's placed) or left of the middle,
/// no two queens on a line, each row within its rules; anything else is a
/// sentence. Count mode's GPU engine is checked against it.
#[wasm_bindgen(js_name = countBelow, unchecked_return_type = "Counts")]
pub fn count_below(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    columns: Vec<u32>,
) -> Result<JsValue, Problem> {
    let arg = Arg::read(&n);
    let max = count::GPU_MAX_N;
    let n = arg.whole(4, max as u64).ok_or_else(|| {
        Problem(format!(
            "countBelow() takes N from 4 to {max}; got {}.",
            arg.describe()
        ))
    })? as usize;
    let prefix: Vec<usize> = columns.iter().map(|&c| c as usize).collect();
    let task = count::Subtask::from_prefix(n, &prefix).ok_or_else(|| {
        Problem(format!(
            "The columns {prefix:?} are not first rows of N = {n} that the symmetric search visits."
        ))
    })?;
    counts_object(task.count())
}

/// How count mode counts N: `{id, description}`, the id being `"symmetric"`
/// (backtracking with the eight symmetries) or `"quadrants"` (meet in the
/// middle), whichever is faster at this N.
#[wasm_bindgen(js_name = countMethod, unchecked_return_type = "CountMethod")]
pub fn count_method(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<JsValue, Problem> {
    let method = count::Method::for_n(board_size(&n)?);
    to_js(&shapes::CountMethod {
        id: method.id().into(),
        description: method.describe().into(),
    })
}

/// Seed 000's own loop at N (1 to 8): every one of the N^N boards tested one
/// by one, without the prefix table brute force's stepping settles blocks
/// with: `{boards, solutions}` (BigInts). Race mode times it, so that brute
/// force's wall-clock cost is the source's and not the shortcut's.
#[wasm_bindgen(js_name = bruteForceEveryBoard, unchecked_return_type = "EveryBoard")]
pub fn brute_force_every_board(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<JsValue, Problem> {
    let arg = Arg::read(&n);
    let max = crate::board::BITBOARD_MAX_N;
    let done = arg
        .whole(1, max as u64)
        .and_then(|n| crate::source_loops::brute_force_every_board(n as usize))
        .ok_or_else(|| {
            Problem(format!(
                "bruteForceEveryBoard() takes N from 1 to {max} (a board is 64 bits); got {}.",
                arg.describe()
            ))
        })?;
    to_js(&shapes::EveryBoard {
        boards: BigInt::from(done.boards).into(),
        solutions: BigInt::from(done.solutions).into(),
    })
}
