//! The exported JavaScript API, run in headless Chrome by `wasm-pack test`.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

use nqueens::wasm::args::Problem;
use nqueens::wasm::{
    algorithms, completions, count_both, count_solutions, count_subtask, count_subtask_range,
    count_subtasks, find_one, limits, puzzle, Session,
};

wasm_bindgen_test_configure!(run_in_browser);

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).expect("property")
}

/// The `Error` a failed call throws, as JavaScript sees it.
fn thrown<T>(result: Result<T, Problem>) -> js_sys::Error {
    let value: JsValue = result.err().expect("the call should fail").into();
    value.dyn_into::<js_sys::Error>().expect("a JS Error")
}

fn session(id: &str, n: u32) -> Session {
    Session::new(id.into(), n.into(), JsValue::UNDEFINED).expect("valid session")
}

#[wasm_bindgen_test]
fn algorithms_lists_the_catalogue_with_their_ranges() {
    let list = algorithms().expect("the catalogue");
    let ids: Vec<String> = list
        .iter()
        .map(|a| get(&a, "id").as_string().unwrap())
        .collect();
    let catalogue: Vec<&str> = nqueens::algorithms::ALGORITHMS
        .iter()
        .map(|info| info.id)
        .collect();
    assert_eq!(ids, catalogue);
    for (entry, info) in list.iter().zip(nqueens::algorithms::ALGORITHMS) {
        assert_eq!(
            get(&entry, "goal").as_string().as_deref(),
            Some(info.goal.id())
        );
        assert_eq!(
            get(&entry, "findMaxN").as_f64(),
            Some(info.find_max_n as f64)
        );
        assert_eq!(get(&entry, "seeded").as_bool(), Some(info.seeded));
        assert!(get(&entry, "checkIs")
            .as_string()
            .is_some_and(|s| s.ends_with('.')));
    }
    let brute = list.get(0);
    assert_eq!(get(&brute, "minN").as_f64(), Some(1.0));
    assert_eq!(get(&brute, "maxN").as_f64(), Some(8.0));
    assert_eq!(get(&brute, "source").as_string().as_deref(), Some("000"));
    assert!(Array::is_array(&get(&brute, "pseudocode")));
}

#[wasm_bindgen_test]
fn bad_constructor_arguments_throw_errors_with_sentences() {
    let unknown = thrown(Session::new(
        "quicksort".into(),
        8.into(),
        JsValue::UNDEFINED,
    ));
    assert!(String::from(unknown.message()).contains("no algorithm called \"quicksort\""));
    let too_big = thrown(Session::new(
        "brute-force".into(),
        9.into(),
        JsValue::UNDEFINED,
    ));
    assert!(String::from(too_big.message()).contains("from 1×1 to 8×8"));
    let not_a_number = thrown(Session::new(
        "bitwise".into(),
        "eight".into(),
        JsValue::UNDEFINED,
    ));
    assert!(String::from(not_a_number.message()).contains("N must be a number"));
    let from_a_form = Session::new("bitwise".into(), " 6 ".into(), JsValue::UNDEFINED)
        .expect("a numeric string is a number");
    assert_eq!(from_a_form.n(), 6);
    let not_a_string = thrown(Session::new(JsValue::from(4), 8.into(), JsValue::UNDEFINED));
    assert!(String::from(not_a_string.message()).contains("id"));
}

#[wasm_bindgen_test]
fn bitwise_runs_to_92_solutions_and_reads_back_state() {
    let mut s = session("bitwise", 8);
    assert_eq!(s.step_index(), 0.0);
    assert!(s.step());
    assert_eq!(s.queens()[0], 0);
    assert_eq!(s.step_kind(), "place");
    let taken = s.run(1e9.into()).unwrap();
    assert!(s.done());
    assert_eq!(s.solution_count(), 92.0);
    assert_eq!(s.step_index(), taken + 1.0);
    assert!(!s.step());
    let cells = s.cells();
    assert_eq!(cells.len(), 64);
    assert_eq!(
        s.solutions(JsValue::UNDEFINED, JsValue::UNDEFINED)
            .unwrap()
            .length(),
        92
    );
    assert_eq!(s.solutions(10.into(), 90.into()).unwrap().length(), 2);
    // Back to the first solution, by the step the gallery records.
    let first = s.solutions(1.into(), JsValue::UNDEFINED).unwrap().get(0);
    s.seek(get(&first, "step")).unwrap();
    assert_eq!(s.solution_count(), 1.0);
    assert_eq!(s.queens(), vec![0, 4, 7, 5, 2, 6, 1, 3]);
}

#[wasm_bindgen_test]
fn registers_carry_kinds_and_64_bit_boards_as_bigint() {
    let mut s = session("brute-force", 8);
    s.run(1000.into()).unwrap();
    let registers = s.registers().unwrap();
    let field = registers
        .iter()
        .find(|r| get(r, "name").as_string().as_deref() == Some("field"))
        .expect("field register");
    assert_eq!(get(&field, "kind").as_string().as_deref(), Some("board"));
    assert!(get(&field, "value").is_bigint());
    assert!(get(&field, "hex").as_string().unwrap().starts_with("0x"));
    let mut b = session("bitwise", 6);
    b.step();
    let kinds: Vec<String> = b
        .registers()
        .unwrap()
        .iter()
        .map(|r| get(&r, "kind").as_string().unwrap())
        .collect();
    assert!(kinds.iter().all(|k| k == "bits"));
    assert_eq!(kinds.len(), 8, "ld/col/rd/poss for rows 0 and 1");
}

#[wasm_bindgen_test]
fn time_travel_through_the_api() {
    let mut s = session("brute-force", 8);
    s.seek(JsValue::from(16_000_000)).unwrap();
    let cells = s.cells();
    let checks = s.checks();
    s.seek(JsValue::from(3)).unwrap();
    s.seek(JsValue::from(16_000_000)).unwrap();
    assert_eq!(s.cells(), cells);
    assert_eq!(s.checks(), checks);
    assert!(s.step_back());
    assert_eq!(s.step_index(), 15_999_999.0);
    let past = thrown(s.seek(JsValue::from(20_000_000)));
    assert!(String::from(past.message()).contains("past the end"));
    let bad = thrown(s.seek(JsValue::from_str("soon")));
    assert!(String::from(bad.message()).contains("whole number"));
    assert_eq!(s.step_index(), 15_999_999.0, "a failed seek moves nothing");
    let negative = thrown(s.run((-1).into()));
    assert!(String::from(negative.message()).contains("whole number"));
    s.reset();
    assert_eq!(s.step_index(), 0.0);
    assert_eq!(s.furthest_step(), 0.0);
}

#[wasm_bindgen_test]
fn every_export_reads_numbers_by_one_rule() {
    // A numeric string is a number for the counters too, as for Session.
    assert_eq!(count_solutions(JsValue::from_str(" 8 ")).unwrap(), 92);
    assert_eq!(count_solutions(8.into()).unwrap(), 92);
    let text = String::from(thrown(count_solutions(2.5.into())).message());
    assert!(
        text.contains("whole number from 1 to 20; got 2.5"),
        "{text}"
    );
    let text = String::from(thrown(count_subtask(8.into(), "x".into())).message());
    assert!(text.contains("got \"x\""), "{text}");
    let half = thrown(Session::new(
        "bitwise".into(),
        2.5.into(),
        JsValue::UNDEFINED,
    ));
    assert!(String::from(half.message()).contains("works on boards from 1×1 to 20×20"));
    let mut s = session("bitwise", 6);
    assert_eq!(s.run("10".into()).unwrap(), 10.0);
    let text = String::from(thrown(s.solutions((-1).into(), JsValue::UNDEFINED)).message());
    assert!(text.contains("limit"), "{text}");
    // Strict: plain digits or a number, nothing that merely starts like one.
    for loose in ["0x8", "8-1", "5e", "8.0"] {
        let text = String::from(thrown(s.run(loose.into())).message());
        assert!(text.contains(loose), "{text}");
    }
    assert!(s.run(JsValue::TRUE).is_err());
    assert!(s.run(JsValue::NULL).is_err());
    assert!(s.seek("12-3".into()).is_err());
    assert_eq!(s.run(js_sys::BigInt::from(5u32).into()).unwrap(), 5.0);
    let text = String::from(thrown(s.run(0.9999999.into())).message());
    assert!(text.contains("got 0.9999999."), "{text}");
    let text = String::from(
        thrown(Session::new(
            "bitwise".into(),
            8.0000001.into(),
            JsValue::UNDEFINED,
        ))
        .message(),
    );
    assert!(text.contains("N = 8.0000001 is not"), "{text}");
}

#[wasm_bindgen_test]
fn big_indices_and_seeds_are_exact_or_refused_never_rounded() {
    // decidedBetween() at N = 20 takes BigInts up to N^N, past 2^64.
    let s = session("bitwise", 20);
    let all = 20u128.pow(20);
    let zero = JsValue::from(0u32);
    assert_eq!(
        s.decided_between(zero.clone(), JsValue::from(all)).unwrap(),
        JsValue::from(0u128)
    );
    let text =
        String::from(thrown(s.decided_between(zero.clone(), JsValue::from(all + 1))).message());
    assert_eq!(
        text,
        format!(
            "decidedBetween() takes board indices from 0 to {all} (N^N); got {}.",
            all + 1
        )
    );
    // A seed one past 2^53 − 1, as a BigInt or digits, is refused, not rounded.
    let past = (1u64 << 53) + 1;
    for seed in [JsValue::from(past), JsValue::from_str(&past.to_string())] {
        let text = String::from(thrown(puzzle(8.into(), "hard".into(), seed)).message());
        assert!(text.contains("from 0 to 2^53 − 1"), "{text}");
    }
    // A DataView is not a list of squares.
    let view = js_sys::DataView::new(&js_sys::ArrayBuffer::new(8), 0, 8);
    let text = String::from(thrown(completions(8.into(), view.into(), None)).message());
    assert!(text.contains("got a DataView"), "{text}");
}

/// Count mode in wasm (with SIMD, so the matcher's wasm path runs): OEIS
/// A000170 and A002562, whole and piece by piece, on both sides of the
/// switch from backtracking to meeting in the middle.
#[wasm_bindgen_test]
fn counts_in_wasm_match_oeis() {
    const TOTALS: [u64; 13] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
    const CLASSES: [u64; 13] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233];
    let big = |v: JsValue| u64::try_from(js_sys::BigInt::from(v)).expect("a BigInt count");
    for n in 1..=13u32 {
        let i = n as usize - 1;
        assert_eq!(count_solutions(n.into()).unwrap(), TOTALS[i], "N = {n}");
        let both = count_both(n.into()).unwrap();
        assert_eq!(big(get(&both, "total")), TOTALS[i], "N = {n}");
        assert_eq!(big(get(&both, "fundamental")), CLASSES[i], "N = {n}");
        let pieces = count_subtasks(n.into()).unwrap();
        let range = count_subtask_range(n.into(), 0.into(), pieces.into()).unwrap();
        assert_eq!(big(get(&range, "total")), TOTALS[i], "N = {n}");
        let one_by_one: u64 = (0..pieces)
            .map(|k| big(get(&count_subtask(n.into(), k.into()).unwrap(), "total")))
            .sum();
        assert_eq!(one_by_one, TOTALS[i], "N = {n}");
    }
}

#[wasm_bindgen_test]
fn find_one_solves_a_million_queens_checked_independently() {
    let found = find_one("queen-search".into(), 1_000_000.into(), 1.into()).expect("in range");
    let queens = js_sys::Int32Array::from(get(&found, "queens")).to_vec();
    assert_eq!(queens.len(), 1_000_000);
    // Columns and both diagonals each used once, by plain marks.
    let n = queens.len();
    let (mut cols, mut downs, mut ups) = (vec![false; n], vec![false; 2 * n], vec![false; 2 * n]);
    for (row, &col) in queens.iter().enumerate() {
        let col = usize::try_from(col).expect("a column");
        assert!(col < n, "row {row} off the board");
        for mark in [
            &mut cols[col],
            &mut downs[row + col],
            &mut ups[row + n - col],
        ] {
            assert!(!*mark, "row {row}'s queen is attacked");
            *mark = true;
        }
    }
    let refused = thrown(find_one("bitwise".into(), 8.into(), 1.into()));
    assert!(String::from(refused.message()).contains("finds every solution, not one"));
}

#[wasm_bindgen_test]
fn limits_give_the_seed_range_and_the_defaults() {
    let limits = limits().expect("the limits");
    // The largest seed is JavaScript's own largest exact whole number.
    let safe = get(&get(&js_sys::global(), "Number"), "MAX_SAFE_INTEGER");
    assert_eq!(get(&limits, "seedMax").as_f64(), safe.as_f64());
    let default_seed = get(&limits, "defaultSeed");
    let default_n = get(&limits, "defaultN").as_f64().expect("a number");
    assert!(default_n >= 1.0 && default_n.fract() == 0.0);
    // A session opened without a seed runs as one opened with defaultSeed.
    for info in nqueens::algorithms::ALGORITHMS {
        let n = 12.clamp(info.min_n, info.max_n) as u32;
        let mut plain = session(info.id, n);
        let mut given =
            Session::seeded(info.id.into(), n.into(), default_seed.clone()).expect("a seed");
        assert_eq!(Some(plain.seed()), default_seed.as_f64(), "{}", info.id);
        for step in 0..200 {
            assert_eq!(plain.step(), given.step(), "{} step {step}", info.id);
            assert_eq!(plain.queens(), given.queens(), "{} step {step}", info.id);
            assert_eq!(plain.message(), given.message(), "{} step {step}", info.id);
        }
    }
    // The seed readers take seedMax and nothing past it.
    let id = nqueens::algorithms::ALGORITHMS[0].id;
    let past = js_sys::BigInt::from(nqueens::limits::MAX_SEED + 1);
    assert!(Session::seeded(id.into(), 4.into(), safe).is_ok());
    assert!(Session::seeded(id.into(), 4.into(), past.into()).is_err());
}
