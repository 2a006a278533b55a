//! The JavaScript face of the crate, and the only module that uses
//! wasm-bindgen: the core above it takes plain integers and compiles and tests
//! natively. `args` reads JS arguments by one rule and holds the one error
//! type; `shapes` holds the structured results, whose TypeScript is generated
//! from them.

use std::cell::RefCell;

use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::algorithms::ALGORITHMS;
use args::Problem;
pub(crate) use shapes::to_js;

pub mod args;
mod count;
/// The exported API as JavaScript calls it: a reference with examples.
#[doc = ""]
#[doc = include_str!("api.md")]
pub mod guide {}
mod find;
mod puzzle;
mod regions;
mod session;
pub mod shapes;

pub use count::{
    count_both, count_fundamental, count_method, count_solutions, count_subtask,
    count_subtask_range, count_subtasks, count_symmetries,
};
pub use find::{find_one, Finder};
pub use puzzle::{completion, completions, culprit, hint, hint_with_reason, puzzle};
pub use session::Session;

thread_local! {
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Installs the panic hook when the module is instantiated: the message goes to
/// the console (console_error_panic_hook) and is kept for `lastPanic()`, so the
/// page can show it instead of going silently dead.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        LAST_PANIC.with(|last| *last.borrow_mut() = info.to_string());
        console_error_panic_hook::hook(info);
    }));
}

/// The message of the last panic, or "" if there was none.
#[wasm_bindgen(js_name = lastPanic)]
pub fn last_panic() -> String {
    LAST_PANIC.with(|last| last.borrow().clone())
}

/// Panics on purpose, so tests can check that a panic reaches the page. Only
/// in builds with the `test-hooks` feature, which the test command enables.
#[cfg(feature = "test-hooks")]
#[wasm_bindgen(js_name = debugPanic)]
pub fn debug_panic(message: &str) {
    panic!("{message}");
}

/// Every limit and default the page needs, from the one place each is
/// named (`shapes::Limits` says what each is).
#[wasm_bindgen(unchecked_return_type = "Limits")]
pub fn limits() -> Result<JsValue, Problem> {
    let (puzzle_min, puzzle_max) = puzzle::BOARD_SIZES;
    let (generated_min, generated_max) = puzzle::PUZZLE_SIZES;
    to_js(&shapes::Limits {
        max_n: crate::limits::MAX_N,
        step_max_n: crate::limits::STEP_MAX_N,
        find_max_n: crate::limits::FIND_MAX_N,
        puzzle_min_n: puzzle_min,
        puzzle_max_n: puzzle_max,
        generated_min_n: generated_min,
        generated_max_n: generated_max,
        count_min_n: crate::count::PAGE_MIN_N,
        count_max_n: crate::count::PAGE_MAX_N,
        count_gpu_max_n: crate::count::GPU_MAX_N,
        max_remembered_solutions: crate::session::MAX_REMEMBERED_SOLUTIONS,
        // Both exact: 2^53 − 1 is the largest whole a JS number holds.
        seed_max: crate::limits::MAX_SEED as f64,
        default_seed: crate::limits::DEFAULT_SEED as f64,
        default_n: crate::limits::DEFAULT_N,
    })
}

/// Every algorithm, in page order: what each search says of itself
/// (`shapes::AlgorithmEntry`).
#[wasm_bindgen(unchecked_return_type = "AlgorithmEntry[]")]
pub fn algorithms() -> Result<Array, Problem> {
    ALGORITHMS
        .iter()
        .map(|info| {
            to_js(&shapes::AlgorithmEntry {
                id: info.id.into(),
                name: info.name.into(),
                source: info.source.into(),
                goal: info.goal.id().into(),
                min_n: info.min_n,
                max_n: info.max_n,
                find_max_n: info.find_max_n,
                seeded: info.seeded,
                space: info.space.id().into(),
                takes_fixed_queens: info.takes_fixed_queens,
                description: info.description.into(),
                step_is: info.step_is.into(),
                check_is: info.check_is.into(),
                placement_is: info.placement_is.into(),
                move_is: info.move_is.into(),
                conflicts_note: info.conflicts_note.into(),
                glossary: info
                    .glossary
                    .iter()
                    .map(|&(name, meaning)| (name.into(), meaning.into()))
                    .collect(),
                pseudocode: info.pseudocode.iter().map(|&line| line.into()).collect(),
            })
        })
        .collect()
}

pub(crate) fn strings(lines: &[&str]) -> Array {
    lines.iter().map(|line| JsValue::from_str(line)).collect()
}
