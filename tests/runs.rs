//! Run lengths (`runs`) against stepping: each run is what a
//! seeded session, stepped one step at a time until its counters show a
//! solution, took; a capped run is the session after the cap's steps. The
//! variant with restarts off against stepping `Restarts::without_restarts`.
//! The algorithms come from `ALGORITHMS`, never typed by hand.

use nqueens::algorithms::find_one::Engine;
use nqueens::algorithms::restarts::{Restarts, ID as RESTARTS};
use nqueens::algorithms::{Goal, ALGORITHMS};
use nqueens::runs::{
    call_budget, run_lengths, Refusal, RunLength, Variant, CALL_WORK, MAX_RUNS, MAX_SEED, STEP_WORK,
};
use nqueens::session::Session;

/// The test's truth: seed `seed`'s session stepped until it shows a
/// solution or has taken `cap` steps.
fn stepped(id: &str, n: usize, seed: u64, cap: u64) -> RunLength {
    let mut session = Session::seeded(id, n, seed).expect("in range");
    while session.counters().solutions == 0 && session.counters().steps < cap {
        assert!(
            session.step(),
            "{id} N={n} seed={seed} ended with no solution"
        );
    }
    let c = session.counters();
    RunLength {
        steps: c.steps,
        checks: c.checks,
        capped: c.solutions == 0,
    }
}

/// `run_lengths` over any number of runs, in as many calls as the budget
/// takes (as the page's workers ask): the same runs as one call would give.
fn in_calls(
    id: &str,
    n: usize,
    first: u64,
    count: u64,
    cap: u64,
    variant: Variant,
) -> Result<Vec<RunLength>, Refusal> {
    let info = ALGORITHMS
        .iter()
        .find(|info| info.id == id)
        .expect("catalogued");
    let per_call = (call_budget(info, n) / cap).clamp(1, MAX_RUNS as u64);
    let mut runs = Vec::new();
    let mut seed = first;
    while seed < first + count {
        let take = per_call.min(first + count - seed);
        runs.extend(run_lengths(id, n, seed, take, cap, variant)?);
        seed += take;
    }
    Ok(runs)
}

#[test]
fn every_run_is_its_seeded_session_stepped_to_its_first_solution() {
    for info in ALGORITHMS {
        // The whole-board searches' first solution at N = 8 lies far out.
        let sizes: &[usize] = match (info.goal, info.max_n) {
            (Goal::All, max) if max <= 12 => &[4, 5, 6],
            _ => &[4, 5, 6, 8, 11],
        };
        for &n in sizes.iter().filter(|&&n| info.fits(n)) {
            let cap = 1_000_000;
            let runs = in_calls(info.id, n, 7, 12, cap, Variant::Catalogued)
                .unwrap_or_else(|e| panic!("{} N={n}: {e}", info.id));
            assert_eq!(runs.len(), 12);
            for (i, run) in runs.iter().enumerate() {
                let seed = 7 + i as u64;
                assert_eq!(
                    *run,
                    stepped(info.id, n, seed, cap),
                    "{} N={n} seed={seed}",
                    info.id
                );
                assert!(!run.capped && run.steps >= 1, "{} N={n}", info.id);
            }
            if !info.seeded {
                assert!(
                    runs.iter().all(|run| *run == runs[0]),
                    "{}: the same run for every seed",
                    info.id
                );
            }
        }
    }
}

#[test]
fn a_run_the_cap_stops_is_marked_and_stands_at_the_cap() {
    for info in ALGORITHMS.iter().filter(|info| info.seeded) {
        let n = 12.clamp(info.min_n, info.max_n);
        let whole_cap = call_budget(info, n) / 30;
        let full = run_lengths(info.id, n, 1, 30, whole_cap, Variant::Catalogued).expect("ok");
        assert!(full.iter().all(|run| !run.capped), "{}", info.id);
        let longest = full.iter().map(|run| run.steps).max().expect("30 runs");
        // A cap between the shortest and the longest: some runs stop at it.
        let cap = (longest / 2).max(1);
        let capped = run_lengths(info.id, n, 1, 30, cap, Variant::Catalogued).expect("ok");
        for (i, (whole, short)) in full.iter().zip(&capped).enumerate() {
            if whole.steps <= cap {
                assert_eq!(short, whole, "{} seed {}", info.id, i + 1);
            } else {
                assert!(
                    short.capped && short.steps == cap,
                    "{} seed {}",
                    info.id,
                    i + 1
                );
                assert_eq!(*short, stepped(info.id, n, i as u64 + 1, cap));
            }
        }
        assert!(capped.iter().any(|run| run.capped), "{}", info.id);
    }
}

#[test]
fn restarts_switched_off_is_plain_randomised_backtracking_stepped() {
    for n in [4, 8, 13, 20] {
        let runs = in_calls(RESTARTS, n, 1, 40, 20_000_000, Variant::WithoutRestarts)
            .expect("restarts has the variant");
        for (i, run) in runs.iter().enumerate() {
            let mut search = Restarts::without_restarts(n, 1 + i as u64).expect("in range");
            while search.step() {}
            let c = search.counters();
            assert_eq!(search.counters().restarts, 0);
            let truth = RunLength {
                steps: c.steps,
                checks: c.checks,
                capped: false,
            };
            assert_eq!(*run, truth, "N={n} seed={}", i + 1);
        }
    }
}

#[test]
fn restarts_cut_the_tail_of_randomised_backtracking() {
    // The picture the page draws, as numbers: at N = 30 the longest of 200
    // runs without restarts is far longer than the longest with them.
    let longest = |variant| {
        in_calls(RESTARTS, 30, 1, 200, 5_000_000, variant)
            .expect("within the budget")
            .iter()
            .map(|run| run.steps)
            .max()
            .expect("200 runs")
    };
    let (plain, with) = (
        longest(Variant::WithoutRestarts),
        longest(Variant::Catalogued),
    );
    assert!(plain > 3 * with, "without {plain}, with {with}");
}

#[test]
fn bad_calls_get_a_sentence() {
    let sentence = |result: Result<Vec<RunLength>, Refusal>| {
        let text = result.expect_err("refused").to_string();
        assert!(text.ends_with('.') && !text.contains("panick"), "{text}");
        text
    };
    let some = ALGORITHMS[0];
    assert!(sentence(run_lengths("bogo", 8, 1, 1, 10, Variant::Catalogued)).contains("bogo"));
    for info in ALGORITHMS {
        let text = sentence(run_lengths(
            info.id,
            info.max_n + 1,
            1,
            1,
            10,
            Variant::Catalogued,
        ));
        assert!(text.contains(info.id), "{text}");
        if info.id != RESTARTS {
            let text = sentence(run_lengths(info.id, 8, 1, 1, 10, Variant::WithoutRestarts));
            assert!(text.contains(RESTARTS) && text.contains(info.id), "{text}");
        }
        // The budget: runs × cap may not pass it, and one step under it is taken.
        let n = info.max_n.min(8);
        let budget = call_budget(info, n);
        let text = sentence(run_lengths(
            info.id,
            n,
            1,
            2,
            budget / 2 + 1,
            Variant::Catalogued,
        ));
        assert!(text.contains("fewer runs"), "{text}");
        sentence(run_lengths(info.id, n, 1, 1, u64::MAX, Variant::Catalogued));
    }
    for count in [0, MAX_RUNS as u64 + 1, u64::MAX] {
        sentence(run_lengths(some.id, 6, 1, count, 10, Variant::Catalogued));
    }
    sentence(run_lengths(some.id, 6, 1, 1, 0, Variant::Catalogued));
    assert!(run_lengths(some.id, 6, MAX_SEED, 1, 10, Variant::Catalogued).is_ok());
    for (first, count) in [(MAX_SEED, 2), (MAX_SEED + 1, 1), (u64::MAX, 1)] {
        let text = sentence(run_lengths(
            some.id,
            6,
            first,
            count,
            10,
            Variant::Catalogued,
        ));
        assert!(text.contains("2^53"), "{text}");
    }
    // No board of 2 or 3 has a solution: a search for every solution that
    // ends without one is refused rather than reported capped.
    let every = ALGORITHMS.iter().find(|info| info.fits(3)).expect("one");
    let text = sentence(run_lengths(every.id, 3, 1, 1, 1_000, Variant::Catalogued));
    assert!(text.contains("no solution"), "{text}");
}

#[test]
fn the_budget_bounds_work_checks_and_steps_together() {
    for info in ALGORITHMS {
        for n in [info.min_n, info.max_n] {
            let budget = call_budget(info, n);
            let per_step = u128::from(info.most_checks.at(n)) + u128::from(STEP_WORK);
            assert!(budget >= 1, "{} N={n}", info.id);
            assert!(
                u128::from(budget) * per_step <= u128::from(CALL_WORK),
                "{} N={n}: {budget} steps may do too much work",
                info.id
            );
            // A maximal call's real work (checks the runs report, and
            // STEP_WORK a step) is within the bound (small N only: quick).
            if n <= 12 && info.seeded {
                let count = 4;
                let cap = budget / count;
                let runs = run_lengths(info.id, n, 1, count, cap, Variant::Catalogued)
                    .expect("within budget");
                let work: u128 = runs
                    .iter()
                    .map(|run| {
                        u128::from(run.checks) + u128::from(run.steps) * u128::from(STEP_WORK)
                    })
                    .sum();
                assert!(work <= u128::from(CALL_WORK), "{} N={n}: {work}", info.id);
            }
        }
    }
    // The calls, which took 28 s and 46 s: over budget now.
    for (id, n, count, cap) in [
        ("hill-climbing", 1000, 20, 500),
        ("annealing", 1000, 100, 10_000_000),
    ] {
        let text = run_lengths(id, n, 0, count, cap, Variant::Catalogued)
            .expect_err("over budget")
            .to_string();
        assert!(text.contains("fewer runs"), "{text}");
    }
}
