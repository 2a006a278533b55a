//! Seeded runs: a seeded run whose first board is already
//! a solution is solved at step 0, and the conflicts trace labels every
//! value with the step that had it. Both against independent truths: the
//! slow search's solutions, the plain attack rule pair by pair, a fresh
//! replay.

use crate::common;

use nqueens::algorithms::{find_one, Goal, ALGORITHMS};
use nqueens::session::Session;

/// Every seeded search for one solution at small N, over many seeds: where
/// the first board is one of the slow search's solutions, the session says
/// it is solved at step 0 (done, one solution, remembered at step 0,
/// runToSolution true with no step), and so does the fast path; where it is
/// not, none of that.
#[test]
fn a_first_board_that_is_a_solution_is_solved_at_step_0() {
    let mut solved_at_start = Vec::new();
    for info in ALGORITHMS
        .iter()
        .filter(|info| info.goal == Goal::One && info.seeded)
    {
        for n in info.min_n.max(4)..=6 {
            let truth = common::slow_solutions(n);
            for seed in 0..1_500u64 {
                let mut s = Session::seeded(info.id, n, seed).expect("in range");
                let first: Vec<usize> = s.queens().iter().map(|&c| c as usize).collect();
                let is_solution = s.queens().iter().all(|&c| c >= 0) && truth.contains(&first);
                let label = format!("{} N={n} seed {seed}", info.id);
                if !is_solution {
                    assert!(s.solutions().is_empty(), "{label}: no solution at step 0");
                    assert_eq!(s.counters().solutions, 0, "{label}");
                    continue;
                }
                solved_at_start.push(label.clone());
                assert!(common::no_two_attack(&s.queens()), "{label}");
                assert!(s.is_done(), "{label}: done at step 0");
                assert_eq!(s.counters().solutions, 1, "{label}: one solution");
                let found = s.solutions();
                assert_eq!(found.len(), 1, "{label}: remembered");
                assert_eq!(
                    (found[0].step, &found[0].queens),
                    (0, &s.queens()),
                    "{label}"
                );
                assert_eq!(s.total_steps(), Some(0), "{label}: ends at step 0");
                assert!(s.run_to_solution(1_000), "{label}: runToSolution is true");
                assert_eq!(s.step_index(), 0, "{label}: with no step taken");
                assert!(!s.step(), "{label}: no step past the solution");
                assert!(
                    s.message().contains("already a solution"),
                    "{label}: {}",
                    s.message()
                );
                // reset() keeps it.
                s.reset();
                assert_eq!(
                    (s.counters().solutions, s.solutions().len()),
                    (1, 1),
                    "{label}: after reset"
                );
                // The fast path agrees: no step, the same board.
                let fast = find_one(info.id, n, seed).expect("in range");
                assert_eq!(fast.steps, 0, "{label}");
                assert_eq!(
                    fast.queens.iter().map(|&c| c as usize).collect::<Vec<_>>(),
                    first,
                    "{label}"
                );
            }
        }
    }
    // The case the issue names, and at least one more.
    assert!(
        solved_at_start
            .iter()
            .any(|l| l == "hill-climbing N=4 seed 127"),
        "{solved_at_start:?}"
    );
    assert!(
        solved_at_start.iter().any(|l| l.starts_with("annealing")),
        "{solved_at_start:?}"
    );
}

/// Each step's attacking pairs, by a fresh replay counted pair by pair.
fn replayed_pairs(id: &str, n: usize, seed: u64, steps: u64) -> Vec<u64> {
    let mut fresh = Session::seeded(id, n, seed).expect("in range");
    let mut pairs = vec![common::attacking_pairs(&fresh.queens())];
    while fresh.step_index() < steps && fresh.step() {
        pairs.push(common::attacking_pairs(&fresh.queens()));
    }
    pairs
}

/// Past TRACE_BUCKETS steps the trace reads coarse buckets: every value it
/// gives is the one its step had, at every thinning and after any seek.
#[test]
fn every_trace_value_is_labelled_with_its_own_step() {
    for (id, n, seed) in [
        ("annealing", 30, 2),
        ("hill-climbing", 12, 5),
        ("min-conflicts", 60, 3),
    ] {
        let mut s = Session::seeded(id, n, seed).expect("in range");
        let end = s.run(200_000);
        let pairs = replayed_pairs(id, n, seed, end);
        assert_eq!(
            pairs.len() as u64,
            end + 1,
            "{id}: the replay reaches the end"
        );
        for k in [end, end / 2, 1_025.min(end), 3_000.min(end)] {
            s.seek(k).expect("explored");
            for points in [2, 3, 17, 64, 300, 4_096] {
                let trace = s.conflict_trace(points).expect("a trace");
                assert!(
                    trace.steps.windows(2).all(|w| w[0] < w[1]),
                    "{id} k={k} points={points}: each step once, in order: {:?}",
                    trace.steps
                );
                for (&at, &value) in trace.steps.iter().zip(&trace.conflicts) {
                    assert_eq!(value, pairs[at as usize], "{id} k={k} points={points}: step {at} had {} pairs, the trace says {value}", pairs[at as usize]);
                }
                if points >= 64 {
                    let upto = &pairs[..=k as usize];
                    assert_eq!(
                        trace.conflicts.iter().min(),
                        upto.iter().min(),
                        "{id} k={k}: the lowest kept"
                    );
                    assert_eq!(
                        trace.conflicts.iter().max(),
                        upto.iter().max(),
                        "{id} k={k}: the highest kept"
                    );
                }
            }
        }
    }
}
