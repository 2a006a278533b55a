//! The tree view's range counts against a board-by-board record: replaying
//! each search, every board a step decides (by the accounting contract,
//! recomputed from the queens on the board) is marked in a bitmap, and the
//! fast counts of decided boards before any index must match the bitmap's.
#![cfg(not(target_arch = "wasm32"))]

use crate::common;

use nqueens::algorithms::StepKind;
use nqueens::board::attacks;
use nqueens::session::Session;

/// Lexicographic index of a board (row 0's column most significant).
fn index(n: usize, cols: &[usize]) -> usize {
    cols.iter().fold(0, |v, &c| v * n + c)
}

/// Marks every board whose first rows are `prefix`.
fn mark_subtree(n: usize, marks: &mut [bool], prefix: &[usize]) {
    let size = n.pow((n - prefix.len()) as u32);
    let start = index(n, prefix) * size;
    for m in &mut marks[start..start + size] {
        assert!(!*m, "a board decided twice: {prefix:?}");
        *m = true;
    }
}

fn placed_prefix(queens: &[i32]) -> Vec<usize> {
    queens
        .iter()
        .take_while(|&&c| c >= 0)
        .map(|&c| c as usize)
        .collect()
}

/// What the step just taken decided, by the contract, from the queens.
fn mark_step(id: &str, n: usize, s: &Session, marks: &mut [bool]) {
    let queens = s.queens();
    let last = s.last_step();
    match (id, last.kind) {
        ("permutations", _) => {
            // The permutation tested: placed queens, then the ghosts.
            let view = s.board();
            let cols: Vec<usize> = (0..n)
                .map(|r| view.queens[r].max(view.ghosts[r]) as usize)
                .collect();
            mark_subtree(n, marks, &cols);
        }
        ("brute-force", _) => {
            // The board tested: its row-0-fastest odometer reading is step - 1.
            let k = s.step_index() as usize - 1;
            let cols: Vec<usize> = (0..n).map(|r| k / n.pow(r as u32) % n).collect();
            mark_subtree(n, marks, &cols);
        }
        (_, StepKind::Reject) => {
            let (row, col) = last.square.unwrap();
            let placed = placed_prefix(&queens);
            if placed.len() < row {
                return; // the bitboard scan outside the space
            }
            let mut prefix = placed[..row].to_vec();
            prefix.push(col);
            mark_subtree(n, marks, &prefix);
        }
        (_, StepKind::Solution) => mark_subtree(n, marks, &placed_prefix(&queens)),
        (_, StepKind::Place) if id != "bitboard-scan" => {
            let prefix = placed_prefix(&queens);
            let row = prefix.len();
            for col in 0..n {
                let skipped = if id == "backtracking" {
                    prefix.contains(&col)
                } else {
                    prefix
                        .iter()
                        .enumerate()
                        .any(|(r, &c)| attacks((r, c), (row, col)))
                };
                if skipped {
                    let mut child = prefix.clone();
                    child.push(col);
                    mark_subtree(n, marks, &child);
                }
            }
        }
        _ => {}
    }
}

#[test]
fn decided_counts_match_a_board_by_board_record() {
    for id in [
        "brute-force",
        "permutations",
        "backtracking",
        "bitwise",
        "bitboard-scan",
    ] {
        for n in [4usize, 5] {
            let leaves = n.pow(n as u32);
            let mut marks = vec![false; leaves];
            if id == "permutations" {
                // Boards that repeat a column are decided before the first step.
                for (x, mark) in marks.iter_mut().enumerate() {
                    let cols: Vec<usize> =
                        (0..n).map(|r| x / n.pow((n - 1 - r) as u32) % n).collect();
                    let mut sorted = cols.clone();
                    sorted.sort_unstable();
                    sorted.dedup();
                    *mark = sorted.len() < n;
                }
            }
            let mut s = Session::new(id, n).unwrap();
            let mut steps = 0;
            while s.step() {
                mark_step(id, n, &s, &mut marks);
                let decided = s.decided().expect("a tree view");
                let space = s.space().expect("books");
                assert_eq!(
                    decided.total(),
                    space.ruled_out + space.solutions,
                    "{id} N={n}"
                );
                // Every prefix count, against the record.
                let mut before = 0u128;
                for (x, &marked) in marks.iter().enumerate() {
                    assert_eq!(
                        decided.before(x as u128),
                        before,
                        "{id} N={n} step {} x={x}",
                        s.step_index()
                    );
                    before += marked as u128;
                }
                assert_eq!(decided.before(leaves as u128), before, "{id} N={n}: all");
                steps += 1;
            }
            assert!(
                marks.iter().all(|&m| m),
                "{id} N={n}: every board decided at the end"
            );
            assert!(steps > 0);
        }
    }
}

#[test]
fn the_icicle_shows_shares_of_decided_boards() {
    // Every search for every solution that decides nothing before its first
    // step (permutations starts with the boards that repeat a column ruled
    // out, never generated).
    let searches =
        common::every_solution().filter(|info| info.fits(6) && info.space.never_generated(6) == 0);
    for id in searches.map(|info| info.id) {
        let mut s = Session::new(id, 6).unwrap();
        let start = s.decided().unwrap().icicle(50);
        assert_eq!(start.len(), 6 * 50);
        assert!(
            start.iter().all(|&v| v == 0.0),
            "{id}: nothing decided at the start"
        );
        s.run(200);
        let mid = s.decided().unwrap().icicle(50);
        assert!(mid.iter().all(|&v| (0.0..=1.0).contains(&v)));
        assert!(
            mid.iter().any(|&v| v > 0.0) && mid.iter().any(|&v| v < 1.0),
            "{id} mid-run"
        );
        while s.run(1 << 30) > 0 {}
        let end = s.decided().unwrap().icicle(50);
        assert!(
            end.iter().all(|&v| v == 1.0),
            "{id}: all decided at the end"
        );
    }
    // Not for a search from fixed queens: its space is smaller than the tree.
    assert!(Session::with_fixed("bitwise", 6, &[1])
        .unwrap()
        .decided()
        .is_none());
}

#[test]
fn decided_counts_hold_past_two_to_the_sixty_four() {
    let mut s = Session::new("bitwise", 20).unwrap();
    s.run(3_000_000);
    let decided = s.decided().unwrap();
    let space = s.space().expect("books");
    assert_eq!(decided.total(), space.ruled_out + space.solutions);
    assert_eq!(decided.icicle(400).len(), 20 * 400);
}
