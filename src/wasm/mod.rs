//! The JavaScript face of the crate, and the only module that uses
//! wasm-bindgen: the core above it takes plain integers and compiles and tests
//! natively. `args` reads JS arguments by one rule and holds the one error
//! type; `object` is the one builder of plain JS objects.

use std::cell::RefCell;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::algorithms::ALGORITHMS;

pub mod args;
mod count;
mod find;
mod puzzle;
mod session;

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
/// named: `{maxN, stepMaxN, findMaxN, puzzleMinN, puzzleMaxN,
/// generatedMinN, generatedMaxN, countMinN, countMaxN, countGpuMaxN,
/// maxRememberedSolutions, seedMax, defaultSeed, defaultN}`, all numbers.
/// `maxN` is the largest N of the searches for every solution and of the
/// queens exports; `stepMaxN` the largest of any stepping session (the
/// searches for one solution); `findMaxN` the largest `findOne()` takes;
/// `puzzle*` the boards puzzle mode offers; `generated*` the sizes
/// `puzzle()` generates; `count*` count mode's (`countGpuMaxN` on a GPU,
/// `countMaxN` on the workers); `maxRememberedSolutions`
/// how many solutions a session keeps for `solutions()` (it counts on past
/// them); `seedMax` the largest seed, 2^53 − 1 (`Number.MAX_SAFE_INTEGER`);
/// `defaultSeed` the seed of a session, `findOne()` or `Finder` given none;
/// `defaultN` the board the page opens on.
#[wasm_bindgen]
pub fn limits() -> JsValue {
    let (puzzle_min, puzzle_max) = puzzle::BOARD_SIZES;
    let (generated_min, generated_max) = puzzle::PUZZLE_SIZES;
    let number = |n: usize| JsValue::from_f64(n as f64);
    object(&[
        ("maxN", number(crate::limits::MAX_N)),
        ("stepMaxN", number(crate::limits::STEP_MAX_N)),
        ("findMaxN", number(crate::limits::FIND_MAX_N)),
        ("puzzleMinN", number(puzzle_min)),
        ("puzzleMaxN", number(puzzle_max)),
        ("generatedMinN", number(generated_min)),
        ("generatedMaxN", number(generated_max)),
        ("countMinN", number(crate::count::PAGE_MIN_N)),
        ("countMaxN", number(crate::count::PAGE_MAX_N)),
        ("countGpuMaxN", number(crate::count::GPU_MAX_N)),
        (
            "maxRememberedSolutions",
            number(crate::session::MAX_REMEMBERED_SOLUTIONS),
        ),
        // Both exact: 2^53 − 1 is the largest whole a JS number holds.
        ("seedMax", JsValue::from_f64(crate::limits::MAX_SEED as f64)),
        (
            "defaultSeed",
            JsValue::from_f64(crate::limits::DEFAULT_SEED as f64),
        ),
        ("defaultN", number(crate::limits::DEFAULT_N)),
    ])
}

/// Every algorithm: `{id, name, source, goal, minN, maxN, findMaxN, seeded,
/// space, takesFixedQueens, description, stepIs, checkIs, placementIs,
/// moveIs, conflictsNote, glossary, pseudocode}`; `glossary` is `[name, meaning]` pairs,
/// one for each register the search shows;
/// `goal` is "all" (every solution) or "one"; `maxN` the largest N of a
/// session, `findMaxN` of `findOne()` (0 for goal "all"); `seeded` whether
/// the seed changes the run; `space` is "tree", "all-boards",
/// "permutations" or "none" (goal "one").
#[wasm_bindgen]
pub fn algorithms() -> Array {
    ALGORITHMS
        .iter()
        .map(|info| {
            object(&[
                ("id", info.id.into()),
                ("name", info.name.into()),
                ("source", info.source.into()),
                ("goal", info.goal.id().into()),
                ("minN", (info.min_n as f64).into()),
                ("maxN", (info.max_n as f64).into()),
                ("findMaxN", (info.find_max_n as f64).into()),
                ("seeded", info.seeded.into()),
                ("space", info.space.id().into()),
                ("takesFixedQueens", info.takes_fixed_queens.into()),
                ("description", info.description.into()),
                ("stepIs", info.step_is.into()),
                ("checkIs", info.check_is.into()),
                ("placementIs", info.placement_is.into()),
                ("moveIs", info.move_is.into()),
                ("conflictsNote", info.conflicts_note.into()),
                (
                    "glossary",
                    info.glossary
                        .iter()
                        .map(|&(name, meaning)| Array::of2(&name.into(), &meaning.into()))
                        .collect::<Array>()
                        .into(),
                ),
                ("pseudocode", strings(info.pseudocode).into()),
            ])
        })
        .collect()
}

/// A plain JS object from key/value pairs.
pub(crate) fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let object: JsValue = Object::new().into();
    for (key, value) in pairs {
        set(&object, key, value.clone());
    }
    object
}

/// Sets a property on a plain object made here.
pub(crate) fn set(object: &JsValue, key: &str, value: JsValue) {
    // Setting a property on a plain, unfrozen object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), &value);
}

pub(crate) fn strings(lines: &[&str]) -> Array {
    lines.iter().map(|line| JsValue::from_str(line)).collect()
}
