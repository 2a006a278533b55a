//! The source's own brute-force loop (`source_loops`) against truths worked out
//! here: it tests exactly N^N boards, and finds as many solutions as a plain
//! search over permutations does.

use nqueens::source_loops::brute_force_every_board;

/// Solutions by a plain search over permutations (an independent count).
fn solutions(n: usize) -> u64 {
    fn place(n: usize, cols: &mut Vec<usize>) -> u64 {
        if cols.len() == n {
            return 1;
        }
        let row = cols.len();
        let mut count = 0;
        for c in 0..n {
            let safe = cols
                .iter()
                .enumerate()
                .all(|(r, &d)| d != c && d.abs_diff(c) != row - r);
            if safe {
                cols.push(c);
                count += place(n, cols);
                cols.pop();
            }
        }
        count
    }
    place(n, &mut Vec::new())
}

#[test]
fn every_board_is_tested_once_and_the_solutions_are_the_true_count() {
    for n in 1..=8usize {
        let done = brute_force_every_board(n).expect("1..=8 is in range");
        assert_eq!(done.boards, (n as u64).pow(n as u32), "N = {n}: N^N boards");
        assert_eq!(done.solutions, solutions(n), "N = {n}: the solutions");
    }
    assert_eq!(brute_force_every_board(8).map(|d| d.solutions), Some(92));
}

#[test]
fn sizes_outside_a_u64_board_are_refused() {
    assert_eq!(brute_force_every_board(0), None);
    assert_eq!(brute_force_every_board(9), None);
}
