//! The search-space accounting against independent truths: every one of the
//! N^N boards with one queen per row is ruled out, found as a solution, or
//! pending, at every step; what each step rules out is recomputed here from
//! the queens on the board, and the level sizes from a slow enumeration.
#![cfg(not(target_arch = "wasm32"))]

use crate::common;

use nqueens::algorithms::StepKind;
use nqueens::board::attacks;
use nqueens::session::Session;

/// OEIS A000170, N = 1..=8.
const A000170: [u64; 8] = [1, 0, 0, 2, 10, 4, 40, 92];

fn session(id: &str, n: usize) -> Session {
    Session::new(id, n).expect("valid algorithm and size")
}

/// n^k by repeated multiplication, in u128.
fn pow(n: usize, k: usize) -> u128 {
    (0..k).fold(1u128, |v, _| v * n as u128)
}

fn factorial(n: usize) -> u128 {
    (1..=n as u128).product()
}

#[test]
fn at_the_end_every_board_is_ruled_out_or_a_solution() {
    for info in common::every_solution() {
        for n in info.min_n..=info.max_n.min(8) {
            let mut s = session(info.id, n);
            while s.run(1 << 40) > 0 {}
            let space = common::books(&s);
            assert_eq!(space.total, pow(n, n), "{} N={n}", info.id);
            assert_eq!(space.solutions, A000170[n - 1] as u128, "{} N={n}", info.id);
            assert_eq!(space.pending, 0, "{} N={n}: nothing left pending", info.id);
            assert_eq!(
                space.ruled_out + space.solutions,
                pow(n, n),
                "{} N={n}",
                info.id
            );
        }
    }
}

#[test]
fn the_books_balance_and_nothing_is_unruled_at_any_step() {
    for info in common::every_solution() {
        let n = 5.clamp(info.min_n, info.max_n);
        let mut s = session(info.id, n);
        let mut before = common::books(&s);
        assert_eq!(before.total, pow(n, n));
        while s.step() {
            let space = common::books(&s);
            assert_eq!(
                space.ruled_out + space.solutions + space.pending,
                space.total,
                "{} at step {}",
                info.id,
                s.step_index()
            );
            assert!(
                space.ruled_out >= before.ruled_out,
                "{}: ruled_out fell",
                info.id
            );
            assert!(space.solutions >= before.solutions, "{}", info.id);
            let placed: u64 = s.nodes_by_depth().iter().sum();
            assert_eq!(
                placed,
                s.counters().placements,
                "{} at step {}",
                info.id,
                s.step_index()
            );
            before = space;
        }
    }
}

#[test]
fn brute_force_rules_out_each_board_it_tests() {
    for n in [4, 5, 6] {
        let mut s = session("brute-force", n);
        while s.step() {
            let space = common::books(&s);
            assert_eq!(space.ruled_out + space.solutions, s.step_index() as u128);
        }
    }
    // The N=8 block path keeps the same books as single steps.
    let mut blocked = session("brute-force", 8);
    let mut stepped = session("brute-force", 8);
    for budget in [1u64, 4095, 5000, 70_000, 1] {
        blocked.run(budget);
        for _ in 0..budget {
            stepped.step();
        }
        assert_eq!(common::books(&blocked), common::books(&stepped));
        assert_eq!(blocked.nodes_by_depth(), stepped.nodes_by_depth());
    }
}

#[test]
fn permutations_never_generate_the_boards_that_repeat_a_column() {
    for n in [1, 4, 6] {
        let mut s = session("permutations", n);
        let never = pow(n, n) - factorial(n);
        assert_eq!(
            common::books(&s).ruled_out,
            never,
            "N={n} before the first step"
        );
        while s.step() {
            let c = s.counters();
            assert_eq!(
                common::books(&s).ruled_out,
                never + c.steps as u128 - c.solutions as u128
            );
        }
    }
}

/// Columns of row `row` attacked by the queens on `queens` (the plain rule).
fn attacked_columns(n: usize, queens: &[i32], row: usize) -> usize {
    (0..n)
        .filter(|&col| {
            queens
                .iter()
                .enumerate()
                .any(|(r, &c)| c >= 0 && attacks((r, c as usize), (row, col)))
        })
        .count()
}

/// Queens on the board, in order.
fn placed(queens: &[i32]) -> usize {
    queens.iter().filter(|&&c| c >= 0).count()
}

#[test]
fn each_steps_ruling_out_is_recomputed_from_the_queens() {
    for n in [1, 4, 6, 7] {
        for id in ["backtracking", "bitwise"] {
            let mut s = session(id, n);
            let mut ruled = common::books(&s).ruled_out;
            while s.step() {
                let queens = s.queens();
                let last = s.last_step();
                let depth = placed(&queens);
                let expected = match last.kind {
                    // A candidate rejected at row r: the boards below it.
                    StepKind::Reject => pow(n, n - last.square.unwrap().0 - 1),
                    // A queen placed, entering row `depth`: backtracking skips
                    // the columns in use, bitwise every attacked column.
                    StepKind::Place if id == "backtracking" => {
                        depth as u128 * pow(n, n - depth - 1)
                    }
                    StepKind::Place => {
                        attacked_columns(n, &queens, depth) as u128 * pow(n, n - depth - 1)
                    }
                    StepKind::Solution | StepKind::Backtrack | StepKind::Start => 0,
                    other => panic!("{id} took a {other:?} step, which it has none of"),
                };
                let now = common::books(&s).ruled_out;
                assert_eq!(
                    now - ruled,
                    expected,
                    "{id} N={n} step {} ({:?})",
                    s.step_index(),
                    last.kind
                );
                ruled = now;
            }
        }
    }
}

#[test]
fn level_sizes_match_a_slow_enumeration_of_partial_boards() {
    for n in 1..=8 {
        let truth = common::slow_level_sizes(n);
        for id in ["backtracking", "bitwise"] {
            let mut s = session(id, n);
            while s.run(1 << 40) > 0 {}
            assert_eq!(s.nodes_by_depth(), truth, "{id} N={n}");
        }
    }
}

#[test]
fn the_bitboard_scan_counts_its_probes_outside_the_space() {
    let mut s = session("bitboard-scan", 6);
    while s.run(1 << 40) > 0 {}
    let space = common::books(&s);
    assert!(space.outside > 0, "the source walks on past empty rows");
    // Probes inside the space are one per (partial board, column) with every
    // row above filled; recount them from the slow level sizes.
    let levels = common::slow_level_sizes(6);
    let inside: u64 = 6 + levels[..5].iter().map(|&boards| boards * 6).sum::<u64>();
    assert_eq!(s.counters().checks, inside + space.outside);
}

#[test]
fn twenty_to_the_twentieth_is_held_exactly() {
    let mut s = session("bitwise", 20);
    assert_eq!(common::books(&s).total, pow(20, 20));
    assert!(common::books(&s).total > u64::MAX as u128);
    s.run(1_000_000);
    let space = common::books(&s);
    assert_eq!(
        space.ruled_out + space.solutions + space.pending,
        pow(20, 20)
    );
    assert!(space.ruled_out > 0);
}

#[test]
fn space_and_levels_after_a_seek_equal_fresh_steps() {
    for info in common::every_solution() {
        let mut s = session(info.id, 6.clamp(info.min_n, info.max_n));
        s.run(5000);
        for k in [3000u64, 17, 4999, 0, 2500] {
            let k = k.min(s.furthest_step());
            s.seek(k).unwrap();
            let mut fresh = session(info.id, 6.min(info.max_n));
            fresh.run(k);
            assert_eq!(
                common::books(&s),
                common::books(&fresh),
                "{} at {k}",
                info.id
            );
            assert_eq!(
                s.nodes_by_depth(),
                fresh.nodes_by_depth(),
                "{} at {k}",
                info.id
            );
        }
    }
}
