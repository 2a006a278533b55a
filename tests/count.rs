#![cfg(not(target_arch = "wasm32"))]
//! Count mode against OEIS and against slow, obviously-right reference code.

use std::collections::HashSet;

use nqueens::count::fixed::{count_fixed, fixed_points, Symmetry};
use nqueens::count::{
    count_both, count_fundamental, count_plain, count_solutions, count_subtask, count_total,
    count_with_symmetry, subtasks, Counts, Method, Plan, Shape,
};

/// OEIS A000170, N = 1..=14.
const TOTALS: [u64; 14] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
];
/// OEIS A002562, N = 1..=14.
const FUNDAMENTALS: [u64; 14] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752];

fn oeis(n: usize) -> Counts {
    Counts {
        total: TOTALS[n - 1],
        fundamental: FUNDAMENTALS[n - 1],
    }
}

#[test]
fn symmetric_count_matches_oeis_up_to_14() {
    for n in 1..=14 {
        assert_eq!(count_with_symmetry(n), oeis(n), "N = {n}");
        assert_eq!(count_solutions(n), TOTALS[n - 1], "N = {n}");
        assert_eq!(count_fundamental(n), FUNDAMENTALS[n - 1], "N = {n}");
    }
}

#[test]
fn plain_count_matches_oeis_up_to_14() {
    for n in 1..=14 {
        assert_eq!(count_plain(n), TOTALS[n - 1], "N = {n}");
    }
}

#[test]
fn mirror_count_matches_oeis_up_to_14() {
    for n in 1..=14 {
        assert_eq!(count_total(n), TOTALS[n - 1], "N = {n}");
    }
}

#[test]
fn empty_board_has_one_solution() {
    assert_eq!(count_plain(0), 1);
    assert_eq!(count_total(0), 1);
    assert_eq!(count_with_symmetry(0).total, 1);
}

#[test]
fn subtasks_add_up_to_the_whole_count() {
    for n in 1..=14 {
        let tasks = subtasks(n);
        let sum: Counts = tasks.iter().map(|t| t.count()).sum();
        assert_eq!(sum, oeis(n), "N = {n}");
        let by_index: Counts = (0..tasks.len())
            .map(|i| count_subtask(n, i).expect("index in range"))
            .sum();
        assert_eq!(by_index, sum, "N = {n}");
        assert_eq!(count_subtask(n, tasks.len()), None, "N = {n}");
    }
}

#[test]
fn subtasks_are_distinct_and_enough_to_share() {
    for n in 1..=20 {
        let tasks = subtasks(n);
        let distinct: HashSet<_> = tasks.iter().map(|t| (t.shape, t.prefix.clone())).collect();
        assert_eq!(distinct.len(), tasks.len(), "N = {n}");
        for t in &tasks {
            assert_eq!(t.n, n);
            let fixed = match t.shape {
                Shape::Trivial => 0,
                Shape::Corner { .. } => 3,
                Shape::Inner { .. } => 2,
            };
            assert_eq!(t.prefix.len(), fixed, "N = {n}: {t:?}");
        }
    }
    // Enough pieces for a pool of a dozen or so workers to finish evenly.
    assert!(subtasks(12).len() >= 64);
    assert!(subtasks(16).len() >= 128);
    assert_eq!(subtasks(2).len(), 0);
    assert_eq!(subtasks(3).len(), 0);
}

/// Every solution, as the column of each row's queen, by plain backtracking.
fn all_solutions(n: usize) -> Vec<Vec<usize>> {
    fn go(n: usize, cols: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        let row = cols.len();
        if row == n {
            out.push(cols.clone());
            return;
        }
        for c in 0..n {
            let safe = cols
                .iter()
                .enumerate()
                .all(|(r, &q)| q != c && row - r != c.abs_diff(q));
            if safe {
                cols.push(c);
                go(n, cols, out);
                cols.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(n, &mut Vec::new(), &mut out);
    out
}

/// The board under each of the eight symmetries of the square.
fn images(cols: &[usize]) -> Vec<Vec<usize>> {
    let n = cols.len();
    let rotate = |b: &[usize]| {
        // (r, c) -> (c, n-1-r)
        let mut out = vec![0; n];
        for (r, &c) in b.iter().enumerate() {
            out[c] = n - 1 - r;
        }
        out
    };
    let mirror = |b: &[usize]| b.iter().map(|&c| n - 1 - c).collect::<Vec<_>>();
    let mut out = Vec::new();
    let mut b = cols.to_vec();
    for _ in 0..4 {
        out.push(mirror(&b));
        let next = rotate(&b);
        out.push(b);
        b = next;
    }
    out
}

#[test]
fn fundamental_count_matches_brute_force_classes_up_to_10() {
    for n in 1..=10 {
        let solutions = all_solutions(n);
        let classes: HashSet<Vec<usize>> = solutions
            .iter()
            .map(|s| images(s).into_iter().min().expect("eight images"))
            .collect();
        let brute = Counts {
            total: solutions.len() as u64,
            fundamental: classes.len() as u64,
        };
        assert_eq!(count_with_symmetry(n), brute, "N = {n}");
    }
}

#[test]
fn images_are_solutions_too() {
    let set: HashSet<Vec<usize>> = all_solutions(8).into_iter().collect();
    for s in &set {
        for image in images(s) {
            assert!(set.contains(&image), "{image:?}");
        }
    }
}

#[test]
fn larger_boards_agree_across_counters() {
    // Beyond the OEIS table above, but still quick natively.
    assert_eq!(count_with_symmetry(15).total, 2_279_184);
    assert_eq!(count_with_symmetry(15).fundamental, 285_053);
    assert_eq!(count_total(15), 2_279_184);
}

/// OEIS A000170 and A002562 for N = 15 and 16, beyond the tables above.
const TOTALS_15_16: [u64; 2] = [2_279_184, 14_772_512];
const FUNDAMENTALS_15_16: [u64; 2] = [285_053, 1_846_955];

fn total(n: usize) -> u64 {
    if n <= 14 {
        TOTALS[n - 1]
    } else {
        TOTALS_15_16[n - 15]
    }
}

fn fundamental(n: usize) -> u64 {
    if n <= 14 {
        FUNDAMENTALS[n - 1]
    } else {
        FUNDAMENTALS_15_16[n - 15]
    }
}

#[test]
fn fastest_count_matches_oeis_up_to_16() {
    for n in 1..=16 {
        assert_eq!(
            count_both(n),
            Counts {
                total: total(n),
                fundamental: fundamental(n)
            },
            "N = {n} ({:?})",
            Method::for_n(n)
        );
    }
    assert_eq!(
        Method::for_n(16),
        Method::Quadrants,
        "N = 16 meets in the middle"
    );
}

#[test]
fn quadrants_count_every_board_from_4() {
    for n in 4..=15 {
        let plan = Plan::with_method(n, Method::Quadrants);
        assert_eq!(plan.method(), Method::Quadrants);
        assert_eq!(plan.count(), total(n), "N = {n}");
    }
}

#[test]
fn pieces_add_up_to_the_whole_for_both_methods() {
    for n in 4..=14 {
        for method in [Method::Symmetric, Method::Quadrants] {
            let plan = Plan::with_method(n, method);
            let by_piece: u64 = (0..plan.len()).map(|i| plan.count_range(i..i + 1)).sum();
            assert_eq!(by_piece, total(n), "N = {n}, {method:?}");
            let half = plan.len() / 2;
            assert_eq!(
                plan.count_range(0..half) + plan.count_range(half..plan.len()),
                total(n)
            );
            let weights = plan.weights();
            assert_eq!(weights.len(), plan.len());
            assert!(
                weights.iter().all(|&w| w > 0.0),
                "N = {n}, {method:?}: every piece weighs something"
            );
        }
    }
}

#[test]
fn symmetric_solutions_match_a_slow_enumeration_up_to_10() {
    for n in 1..=10 {
        let solutions = all_solutions(n);
        // images(s)[2k + 1] is s turned k quarter turns; the even ones are reflections.
        let fixed_by = |k: usize| solutions.iter().filter(|s| images(s)[k] == **s).count() as u64;
        assert_eq!(
            count_fixed(n, Symmetry::Rot90),
            fixed_by(3),
            "N = {n}: quarter turn"
        );
        assert_eq!(
            count_fixed(n, Symmetry::Rot180),
            fixed_by(5),
            "N = {n}: half turn"
        );
        let mirrors: u64 = [0, 2, 4, 6].into_iter().map(fixed_by).sum();
        assert_eq!(fixed_points(n).mirror, mirrors, "N = {n}: reflections");
        assert_eq!(
            fixed_points(n).classes(solutions.len() as u64),
            fundamental(n),
            "N = {n}: Burnside"
        );
    }
}
