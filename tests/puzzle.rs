//! Puzzle mode's core against independent truths: completions counted by a
//! slow enumeration of every solution, generated puzzles checked for a unique
//! completion, hints and culprits checked by counting, and sessions started
//! from fixed queens checked against the count.
#![cfg(not(target_arch = "wasm32"))]

use crate::common;

use nqueens::algorithms::ALGORITHMS;
use nqueens::board::attacks;
use nqueens::puzzle::{self, Difficulty, FixedQueens};
use nqueens::session::Session;
use nqueens::Error;

use common::Rng;

/// Solutions holding a queen on every one of `squares`.
fn slow_completions(solutions: &[Vec<usize>], n: usize, squares: &[usize]) -> u64 {
    solutions
        .iter()
        .filter(|cols| squares.iter().all(|&s| cols[s / n] == s % n))
        .count() as u64
}

fn random_squares(rng: &mut Rng, n: usize) -> Vec<usize> {
    let count = rng.below(n.min(5) + 1);
    let mut squares = Vec::new();
    while squares.len() < count {
        let square = rng.below(n * n);
        if !squares.contains(&square) {
            squares.push(square);
        }
    }
    squares
}

#[test]
fn completions_match_a_slow_enumeration_on_random_boards() {
    let mut rng = Rng(2026);
    let mut dead = 0;
    for n in 4..=9 {
        let solutions = common::slow_solutions(n);
        for _ in 0..80 {
            let squares = random_squares(&mut rng, n);
            let fixed = FixedQueens::new(n, &squares).unwrap();
            let expected = slow_completions(&solutions, n, &squares);
            assert_eq!(puzzle::completions(&fixed), expected, "N={n} {squares:?}");
            if fixed.in_conflict() {
                assert_eq!(expected, 0);
                dead += 1;
            }
            // A first completion exists exactly when the count is not zero,
            // and it holds every given queen.
            match puzzle::first_completion(&fixed) {
                Some(cols) => {
                    assert!(expected > 0);
                    assert!(squares.iter().all(|&s| cols[s / n] == s % n));
                    assert!(solutions.contains(&cols));
                }
                None => assert_eq!(expected, 0),
            }
        }
    }
    assert!(dead > 20, "boards with conflicts were tried too ({dead})");
}

#[test]
fn the_empty_board_has_every_solution() {
    for n in 1..=9 {
        let fixed = FixedQueens::new(n, &[]).unwrap();
        assert_eq!(
            puzzle::completions(&fixed),
            common::slow_solutions(n).len() as u64
        );
    }
}

#[test]
fn generated_puzzles_have_exactly_one_completion() {
    // Queens given at each level, hard, medium, easy, over every size and
    // seed (the sums over the boards that offer all three); expert too.
    let mut sizes = [0usize; 3];
    for n in 6..=12 {
        for seed in [1u64, 7, 2026] {
            for difficulty in [
                Difficulty::Expert,
                Difficulty::Hard,
                Difficulty::Medium,
                Difficulty::Easy,
            ] {
                if !puzzle::levels(n).contains(&difficulty) {
                    continue;
                }
                let given = puzzle::generate(n, difficulty, seed).unwrap();
                let squares: Vec<usize> = given.iter().map(|&(r, c)| r * n + c).collect();
                let fixed = FixedQueens::new(n, &squares).unwrap();
                assert_eq!(
                    puzzle::completions(&fixed),
                    1,
                    "N={n} seed {seed} {difficulty:?}"
                );
                assert!(given.len() < n, "a puzzle leaves something to do");
                let level = match difficulty {
                    Difficulty::Hard => Some(0),
                    Difficulty::Medium => Some(1),
                    Difficulty::Easy => Some(2),
                    Difficulty::Expert => None,
                };
                if let (Some(level), true) = (level, n >= 8) {
                    sizes[level] += given.len();
                }
                assert_eq!(
                    given,
                    puzzle::generate(n, difficulty, seed).unwrap(),
                    "the seed replays"
                );
            }
        }
    }
    // A level is set by the rules it needs, not by how many queens it gives
    // (one medium puzzle may give more than an easy one), but on the whole
    // the harder rules pin the solution down with fewer.
    assert!(
        sizes[0] < sizes[1] && sizes[1] < sizes[2],
        "harder gives fewer on the whole: {sizes:?}"
    );
}

#[test]
fn neighbouring_seeds_give_different_puzzles() {
    // Seeds 2k and 2k + 1 once gave the same puzzle (the generator used
    // `seed | 1`). At N = 10 (724 solutions) two unrelated puzzles almost
    // never coincide, so every pair must differ and nearly all 200 be new.
    let mut seen = std::collections::HashSet::new();
    for k in 0..100u64 {
        let even = puzzle::generate(10, Difficulty::Expert, 2 * k).unwrap();
        let odd = puzzle::generate(10, Difficulty::Expert, 2 * k + 1).unwrap();
        assert_ne!(
            even,
            odd,
            "seeds {} and {} give the same puzzle",
            2 * k,
            2 * k + 1
        );
        seen.insert(even);
        seen.insert(odd);
    }
    assert!(seen.len() >= 195, "{} distinct puzzles of 200", seen.len());
    // The largest seed the core takes works like any other.
    let top = puzzle::generate(8, Difficulty::Hard, (1 << 53) - 1).unwrap();
    let squares: Vec<usize> = top.iter().map(|&(r, c)| r * 8 + c).collect();
    assert_eq!(
        puzzle::completions(&FixedQueens::new(8, &squares).unwrap()),
        1
    );
}

#[test]
fn a_placed_hint_keeps_the_board_completable() {
    let mut rng = Rng(99);
    let mut hints = 0;
    for n in [5, 6, 8] {
        for _ in 0..60 {
            let squares = random_squares(&mut rng, n);
            let fixed = FixedQueens::new(n, &squares).unwrap();
            let count = puzzle::completions(&fixed);
            let full = fixed.queens().len() == n;
            match puzzle::hint(&fixed) {
                Some(hint) => {
                    hints += 1;
                    assert!(count > 0);
                    assert!(
                        fixed.column(hint.row).is_none(),
                        "the hint is in an empty row"
                    );
                    let after = fixed.toggled((hint.row, hint.col));
                    assert!(
                        puzzle::completions(&after) > 0,
                        "N={n} {squares:?} {hint:?}"
                    );
                    assert!(hint.reason.ends_with('.'));
                    if hint.reason.starts_with("Every other free square") {
                        // Then no other square of that row keeps a solution.
                        for col in fixed.allowed(hint.row).filter(|&c| c != hint.col) {
                            assert_eq!(puzzle::completions(&fixed.toggled((hint.row, col))), 0);
                        }
                    }
                }
                None => assert!(count == 0 || full, "no hint only on a dead or full board"),
            }
        }
    }
    assert!(hints > 50, "{hints} hints checked");
}

#[test]
fn the_culprit_is_a_queen_whose_removal_revives_the_board() {
    let mut rng = Rng(5);
    let mut named = 0;
    for n in [6, 8] {
        for _ in 0..80 {
            let squares = random_squares(&mut rng, n);
            let fixed = FixedQueens::new(n, &squares).unwrap();
            match puzzle::culprit(&fixed) {
                Some(queen) => {
                    named += 1;
                    assert_eq!(puzzle::completions(&fixed), 0);
                    assert!(fixed.queens().contains(&queen));
                    assert!(puzzle::completions(&fixed.toggled(queen)) > 0);
                }
                None => {
                    // Either completable, or no single removal helps.
                    if puzzle::completions(&fixed) == 0 {
                        for &queen in fixed.queens() {
                            assert_eq!(puzzle::completions(&fixed.toggled(queen)), 0);
                        }
                    }
                }
            }
        }
    }
    assert!(named > 10, "{named} culprits checked");
}

#[test]
fn sessions_from_fixed_queens_find_exactly_the_completions() {
    let mut rng = Rng(31);
    for n in [5, 6, 8] {
        let solutions = common::slow_solutions(n);
        for _ in 0..25 {
            let squares = random_squares(&mut rng, n);
            let expected = slow_completions(&solutions, n, &squares);
            let attack = squares.iter().enumerate().any(|(i, &a)| {
                squares[i + 1..]
                    .iter()
                    .any(|&b| attacks((a / n, a % n), (b / n, b % n)))
            });
            // Every search that takes fixed queens (tests/contract.rs checks
            // that the others refuse them).
            let able = ALGORITHMS
                .iter()
                .filter(|a| a.takes_fixed_queens && a.fits(n));
            for id in able.map(|a| a.id) {
                if attack {
                    // Queens that attack each other: nothing for a search to finish.
                    let refused = Session::with_fixed(id, n, &squares).err();
                    assert!(matches!(refused, Some(Error::FixedQueensAttack { .. })));
                    assert_eq!(expected, 0);
                    continue;
                }
                let mut s = Session::with_fixed(id, n, &squares).unwrap();
                // The fixed queens are on the board from the start.
                let start = s.queens();
                for &square in &squares {
                    assert!(
                        start[square / n] == (square % n) as i32
                            || FixedQueens::new(n, &squares).unwrap().in_conflict(),
                        "{id} N={n} {squares:?}"
                    );
                }
                let mut found = 0;
                while s.run_to_solution(u64::MAX) {
                    found += 1;
                    let cols = s.queens();
                    assert!(squares.iter().all(|&q| cols[q / n] == (q % n) as i32));
                }
                assert_eq!(found, expected, "{id} N={n} {squares:?}");
                let space = common::books(&s);
                assert_eq!(space.pending, 0, "{id} N={n} {squares:?}");
                assert_eq!(space.ruled_out + space.solutions, space.total);
                // Time travel is exact from fixed queens too.
                let end = s.step_index();
                s.seek(end / 2).unwrap();
                let mut fresh = Session::with_fixed(id, n, &squares).unwrap();
                fresh.run(end / 2);
                assert_eq!(
                    (s.cells(), common::books(&s)),
                    (fresh.cells(), common::books(&fresh))
                );
            }
        }
    }
}

#[test]
fn bad_squares_are_sentences() {
    assert_eq!(
        FixedQueens::new(8, &[64]).unwrap_err(),
        Error::SquareOffBoard { square: 64, n: 8 }
    );
    let text = FixedQueens::new(8, &[64]).unwrap_err().to_string();
    assert!(text.contains("off the 8×8 board"), "{text}");
    let text = FixedQueens::new(8, &[3, 3]).unwrap_err().to_string();
    assert!(text.contains("given twice"), "{text}");
    let text = FixedQueens::new(21, &[]).unwrap_err().to_string();
    assert!(text.contains("from 1×1 to 20×20"), "{text}");
    let text = Session::with_fixed("permutations", 8, &[0])
        .err()
        .unwrap()
        .to_string();
    assert!(
        text.contains("cannot start from queens") && text.contains("bitwise"),
        "{text}"
    );
}
