//! The core's refusals in words: a refusal of one run says
//! "1 run", and a board size outside a search's range says on which side
//! of it, with its digits grouped, rather than calling a whole number not
//! whole.

use nqueens::algorithms::ALGORITHMS;
use nqueens::runs::{call_budget, run_lengths, Refusal, RunLength, Variant};
use nqueens::session::Session;

/// `1001` as "1,001", written here.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

fn sentence(result: Result<Vec<RunLength>, Refusal>) -> String {
    match result {
        Ok(_) => panic!("expected a refusal"),
        Err(refusal) => refusal.to_string(),
    }
}

#[test]
fn one_run_over_the_budget_is_one_run() {
    let info = ALGORITHMS
        .iter()
        .find(|info| info.id == "queen-search")
        .expect("queen search is catalogued");
    let n = 1000;
    let over = call_budget(info, n) + 1;
    let text = sentence(run_lengths(info.id, n, 1, 1, over, Variant::Catalogued));
    assert!(text.contains("1 run capped at"), "{text}");
    assert!(!text.contains("1 runs"), "{text}");
    let text = sentence(run_lengths(info.id, n, 1, 2, over, Variant::Catalogued));
    assert!(text.contains("2 runs capped at"), "{text}");
}

#[test]
fn a_size_out_of_range_says_which_side() {
    for info in ALGORITHMS.iter() {
        let above = info.max_n + 1;
        let Err(error) = Session::seeded(info.id, above, 1) else {
            panic!("{} N={above} was taken", info.id);
        };
        let text = error.to_string();
        assert!(!text.contains("not a whole number"), "{text}");
        assert!(
            text.contains(&format!("N = {} is above that range", grouped(above))),
            "{text}"
        );
        if info.min_n > 1 {
            let below = info.min_n - 1;
            let Err(error) = Session::seeded(info.id, below, 1) else {
                panic!("{} N={below} was taken", info.id);
            };
            assert!(
                error
                    .to_string()
                    .contains(&format!("N = {} is below that range", grouped(below))),
                "{error}"
            );
        }
    }
    // Digits grouped, as the page writes numbers.
    let info = ALGORITHMS
        .iter()
        .find(|info| info.id == "queen-search")
        .expect("queen search is catalogued");
    let text = sentence(run_lengths(
        info.id,
        123_456_789,
        1,
        1,
        1,
        Variant::Catalogued,
    ));
    assert!(
        text.contains("N = 123,456,789 is above that range"),
        "{text}"
    );
}
