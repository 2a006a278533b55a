#![cfg(not(target_arch = "wasm32"))]
//! Count mode against OEIS and against slow, obviously-right reference code.

use std::collections::HashSet;

use nqueens::count::{
    count_fundamental, count_plain, count_solutions, count_subtask, count_total,
    count_with_symmetry, subtasks, Counts, Shape,
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
