//! The deduction engine against an independent truth: every completion of a
//! board (queens given, squares ruled out), enumerated here by plain
//! backtracking over rows. Every deduction on many random boards, and on
//! every board along the chains of deductions from them, must be sound (a
//! queen placed is in every completion, a square ruled out in none), and
//! generated puzzles must have one completion that deduction alone reaches,
//! with the rules of their level and not without its own.
#![cfg(not(target_arch = "wasm32"))]

use crate::common;

use common::Rng;
use nqueens::deduce::{self, Board, Kind, Level, Line, Rule};
use nqueens::puzzle::{self, FixedQueens};

/// Every solution of the n×n board holding a queen on each of `queens` and
/// none on `excluded` (`(row, col)` pairs): row by row, each square checked
/// against the queens above it by column and both diagonals.
fn enumerate(n: usize, queens: &[(usize, usize)], excluded: &[(usize, usize)]) -> Vec<Vec<usize>> {
    fn go(
        n: usize,
        queens: &[(usize, usize)],
        excluded: &[(usize, usize)],
        cols: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        let row = cols.len();
        if row == n {
            out.push(cols.clone());
            return;
        }
        let given: Vec<usize> = queens.iter().filter(|q| q.0 == row).map(|q| q.1).collect();
        if given.len() > 1 {
            return;
        }
        for col in 0..n {
            if !given.is_empty() && given[0] != col {
                continue;
            }
            if excluded.contains(&(row, col)) {
                continue;
            }
            let safe = cols
                .iter()
                .enumerate()
                .all(|(r, &c)| c != col && (row - r) != c.abs_diff(col));
            if safe {
                cols.push(col);
                go(n, queens, excluded, cols, out);
                cols.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(n, queens, excluded, &mut Vec::new(), &mut out);
    out
}

fn squares(n: usize, list: &[(usize, usize)]) -> Vec<usize> {
    list.iter().map(|&(r, c)| r * n + c).collect()
}

/// Checks `d` against the completions of the board: sound, on the board,
/// on a square with no queen and no mark, its lines and squares real.
fn check(n: usize, queens: &[(usize, usize)], excluded: &[(usize, usize)], d: &deduce::Deduction) {
    let square = (d.row, d.col);
    let context = format!("N={n} queens {queens:?} excluded {excluded:?}: {d:?}");
    assert!(d.row < n && d.col < n, "{context}");
    assert!(!queens.contains(&square), "a queen's square: {context}");
    assert!(!excluded.contains(&square), "a marked square: {context}");
    let all = enumerate(n, queens, excluded);
    match d.kind {
        Kind::Place => assert!(
            all.iter().all(|cols| cols[d.row] == d.col),
            "placed off a completion: {context}"
        ),
        Kind::RuleOut => assert!(
            all.iter().all(|cols| cols[d.row] != d.col),
            "ruled out a completion's square: {context}"
        ),
    }
    assert_eq!(
        d.kind == Kind::Place,
        matches!(d.rule, Rule::LastInRow | Rule::LastInColumn),
        "{context}"
    );
    assert!(!d.lines.is_empty(), "{context}");
    // One sentence: a capital first, a full stop last and nowhere else.
    assert!(
        d.reason.starts_with(|c: char| c.is_ascii_uppercase()),
        "{context}"
    );
    assert_eq!(d.reason.matches('.').count(), 1, "{context}");
    assert!(d.reason.ends_with('.'), "{context}");
    assert!(
        d.reason
            .contains(&format!("row {}, column {}", d.row + 1, d.col + 1))
            || matches!(d.rule, Rule::LastInRow | Rule::LastInColumn),
        "the sentence names its square: {context}"
    );
    for line in &d.lines {
        let most = match line {
            Line::Row(_) | Line::Column(_) => n,
            Line::Diagonal(_) | Line::AntiDiagonal(_) => 2 * n - 1,
        };
        assert!(line.index() < most, "{context}");
        // Rows and columns are named in the sentence, counting from 1 ("row
        // 3", "rows 3 and 6").
        // Lists too: "rows 2, 4 and 5".
        let reason = d.reason.to_lowercase();
        let words: Vec<&str> = reason.split(' ').collect();
        let named = |kind: &str, i: usize| {
            let number = (i + 1).to_string();
            words.iter().enumerate().any(|(at, &word)| {
                (word == kind || word == format!("{kind}s"))
                    && words[at + 1..]
                        .iter()
                        .map(|w| w.trim_end_matches([',', '.']))
                        .take_while(|w| *w == "and" || w.parse::<usize>().is_ok())
                        .any(|w| w == number)
            })
        };
        match line {
            Line::Row(i) => assert!(named("row", *i), "{context}"),
            Line::Column(i) => assert!(named("column", *i), "{context}"),
            _ => {}
        }
    }
    if d.rule == Rule::Attacked {
        let queen = d.squares[0];
        assert!(queens.contains(&queen), "{context}");
        let on_line = match d.lines[0] {
            Line::Row(i) => queen.0 == i && d.row == i,
            Line::Column(i) => queen.1 == i && d.col == i,
            Line::Diagonal(i) => queen.0 + n - 1 - queen.1 == i && d.row + n - 1 - d.col == i,
            Line::AntiDiagonal(i) => queen.0 + queen.1 == i && d.row + d.col == i,
        };
        assert!(on_line, "the attack's line holds both squares: {context}");
    }
}

/// How [`chain`] checks each deduction.
#[derive(Clone, Copy)]
enum Truth<'a> {
    /// Not at all (a board with no completion may get any answer).
    None,
    /// Against the board's completions, enumerated afresh at every step.
    Enumerated,
    /// Against the one completion of a puzzle: every board along a sound
    /// chain from it has that completion and no other.
    Only(&'a [usize]),
}

/// Applies deductions from the board until none applies, checking each; the
/// board reached and the rules used.
fn chain(
    n: usize,
    queens: &[(usize, usize)],
    excluded: &[(usize, usize)],
    most: Level,
    truth: Truth,
) -> (Board, Vec<Rule>) {
    let mut board = Board::new(n, &squares(n, queens), &squares(n, excluded)).unwrap();
    let mut queens = queens.to_vec();
    let mut excluded = excluded.to_vec();
    let mut used = Vec::new();
    while let Some(d) = deduce::deduce(&board, most) {
        assert!(d.rule.level() <= most, "{d:?} at {most:?}");
        match truth {
            Truth::None => {}
            Truth::Enumerated => check(n, &queens, &excluded, &d),
            Truth::Only(solution) => assert_eq!(
                solution[d.row] == d.col,
                d.kind == Kind::Place,
                "N={n} queens {queens:?} excluded {excluded:?}: {d:?} against {solution:?}"
            ),
        }
        used.push(d.rule);
        match d.kind {
            Kind::Place => queens.push((d.row, d.col)),
            Kind::RuleOut => excluded.push((d.row, d.col)),
        }
        board.apply(&d);
        assert!(used.len() <= n * n, "a chain longer than the board");
    }
    (board, used)
}

#[test]
fn every_deduction_on_random_boards_is_sound() {
    let mut rng = Rng(30);
    let mut seen = std::collections::HashSet::new();
    for n in 4..=11 {
        let solutions = enumerate(n, &[], &[]);
        for _ in 0..40 {
            let solution = &solutions[rng.below(solutions.len())];
            // Some of the solution's queens given.
            let queens: Vec<(usize, usize)> = (0..n)
                .filter(|_| rng.below(3) == 0)
                .map(|row| (row, solution[row]))
                .collect();
            // Some squares off the solution ruled out: a sound marking.
            let mut excluded = Vec::new();
            for _ in 0..rng.below(n + 1) {
                let square = (rng.below(n), rng.below(n));
                if solution[square.0] != square.1 && !excluded.contains(&square) {
                    excluded.push(square);
                }
            }
            let (_, used) = chain(n, &queens, &excluded, Level::Expert, Truth::Enumerated);
            seen.extend(used);
        }
    }
    // A confinement of four or more lines needs eight open ones; it has a
    // board of its own below.
    for rule in Rule::ALL.into_iter().filter(|&r| r != Rule::Confinement) {
        assert!(seen.contains(&rule), "no board used {rule:?}: {seen:?}");
    }
}

/// Four rows of the 10×10 board with squares left only in the four columns
/// a solution gives them: the four rows take those four columns, and a
/// four-line confinement rules out the columns' other squares. Every step
/// is checked against the enumeration.
#[test]
fn four_rows_in_four_columns_is_a_confinement() {
    let n = 10;
    let solution = &enumerate(n, &[], &[])[0];
    let rows = [0, 3, 6, 9];
    let cols: Vec<usize> = rows.iter().map(|&r| solution[r]).collect();
    let excluded: Vec<(usize, usize)> = rows
        .iter()
        .flat_map(|&row| (0..n).map(move |col| (row, col)))
        .filter(|(_, col)| !cols.contains(col))
        .collect();
    let (_, used) = chain(n, &[], &excluded, Level::Expert, Truth::Enumerated);
    assert!(used.contains(&Rule::Confinement), "{used:?}");
}

#[test]
fn deductions_on_boards_with_no_completion_do_not_panic() {
    let mut rng = Rng(7);
    for n in 1..=8 {
        for _ in 0..20 {
            let mut queens = Vec::new();
            let mut excluded = Vec::new();
            for _ in 0..rng.below(n + 2) {
                let square = (rng.below(n), rng.below(n));
                if !queens.contains(&square) && !excluded.contains(&square) {
                    if rng.below(2) == 0 {
                        queens.push(square);
                    } else {
                        excluded.push(square);
                    }
                }
            }
            // Unchecked: a dead board may get any answer, but an answer.
            chain(n, &queens, &excluded, Level::Expert, Truth::None);
        }
    }
}

#[test]
fn bad_boards_are_refused() {
    assert!(Board::new(0, &[], &[]).is_err());
    assert!(Board::new(21, &[], &[]).is_err());
    assert!(Board::new(8, &[64], &[]).is_err());
    assert!(Board::new(8, &[], &[64]).is_err());
    assert!(Board::new(8, &[3, 3], &[]).is_err());
    assert!(Board::new(8, &[], &[5, 5]).is_err());
    let both = Board::new(8, &[9], &[9]).unwrap_err().to_string();
    assert!(both.contains("row 2, column 2"), "{both}");
    assert!(Board::new(8, &[9], &[10]).is_ok());
}

#[test]
fn completions_honour_the_squares_ruled_out() {
    let mut rng = Rng(11);
    for n in 4..=9 {
        for _ in 0..30 {
            let queens: Vec<(usize, usize)> = (0..rng.below(3))
                .map(|_| (rng.below(n), rng.below(n)))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let excluded: Vec<(usize, usize)> = (0..rng.below(2 * n))
                .map(|_| (rng.below(n), rng.below(n)))
                .filter(|s| !queens.contains(s))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let fixed = FixedQueens::new(n, &squares(n, &queens))
                .unwrap()
                .excluding(&squares(n, &excluded))
                .unwrap();
            let truth = enumerate(n, &queens, &excluded);
            assert_eq!(
                puzzle::completions(&fixed),
                truth.len() as u64,
                "N={n} {queens:?} {excluded:?}"
            );
            assert_eq!(puzzle::first_completion(&fixed), truth.first().cloned());
        }
    }
}

/// Every (N, level) puzzle mode offers, and the seeds tried for each.
const SEEDS: std::ops::Range<u64> = 0..30;

#[test]
fn generated_puzzles_are_solved_by_their_own_level_and_not_below() {
    let mut givens = [0usize; 4];
    for n in 4..=12 {
        for &level in puzzle::levels(n) {
            for seed in SEEDS {
                let context = format!("N={n} {level:?} seed {seed}");
                let given = puzzle::generate(n, level, seed)
                    .unwrap_or_else(|| panic!("{context}: no puzzle"));
                assert_eq!(Some(&given), puzzle::generate(n, level, seed).as_ref());
                assert!(given.len() < n, "{context}: nothing to do");
                givens[level as usize] += given.len();
                // Exactly one completion, by the slow enumeration.
                let all = enumerate(n, &given, &[]);
                assert_eq!(all.len(), 1, "{context}: {given:?}");
                let solution = &all[0];
                // Repeated deduce (every rule allowed) completes it, each step
                // true of the one completion and by a rule of the level or
                // below, and at least one step by a rule of the level itself.
                let (board, used) = chain(n, &given, &[], Level::Expert, Truth::Only(solution));
                assert!(board.is_full(), "{context}: deduction stuck");
                let mut cols = vec![usize::MAX; n];
                for &(row, col) in board.queens() {
                    cols[row] = col;
                }
                assert_eq!(&cols, solution, "{context}");
                for rule in &used {
                    assert!(rule.level() <= level, "{context}: used {rule:?}");
                }
                assert!(
                    used.iter().any(|rule| rule.level() == level),
                    "{context}: no rule of its own level in {used:?}"
                );
                // The rules below the level alone get stuck.
                if let Some(below) = level.below() {
                    let (board, _) = chain(n, &given, &[], below, Truth::None);
                    assert!(!board.is_full(), "{context}: the {below:?} rules solve it");
                }
            }
        }
    }
    // On the whole, the harder rules pin a solution down with fewer queens.
    assert!(givens[0] > givens[1] && givens[1] > givens[2], "{givens:?}");
}

/// Every step solving some puzzles is sound, checked against the board's
/// completions enumerated afresh at each step.
#[test]
fn every_step_solving_some_puzzles_is_sound() {
    for n in [6, 8, 10] {
        for &level in puzzle::levels(n) {
            for seed in 0..3 {
                let given = puzzle::generate(n, level, seed).unwrap();
                chain(n, &given, &[], Level::Expert, Truth::Enumerated);
            }
        }
    }
}

/// The levels not offered at N = 4 and 5 are impossible there: every set of
/// queens from every solution (each a would-be puzzle) that deduction solves
/// is solved by the easier rules (N = 4: the easy ones; N = 5: up to
/// medium). Boards from 8×8 offer every level.
#[test]
fn the_smallest_boards_offer_only_the_levels_that_exist() {
    for n in 4..=5 {
        let offered = puzzle::levels(n);
        let hardest = *offered.last().unwrap();
        for solution in enumerate(n, &[], &[]) {
            for rows in 0u32..1 << n {
                let given: Vec<(usize, usize)> = (0..n)
                    .filter(|&r| rows >> r & 1 == 1)
                    .map(|r| (r, solution[r]))
                    .collect();
                let (board, _) = chain(n, &given, &[], Level::Expert, Truth::None);
                if board.is_full() {
                    let (easier, _) = chain(n, &given, &[], hardest, Truth::None);
                    assert!(
                        easier.is_full(),
                        "N={n} {given:?} needs more than {hardest:?}"
                    );
                }
            }
        }
    }
    // The 6×6 and 7×7 boards skip hard: the confinements without look-ahead
    // finish none of the puzzles the generator draws there.
    for n in 6..=7 {
        assert_eq!(
            puzzle::levels(n),
            &[Level::Easy, Level::Medium, Level::Expert]
        );
        for seed in 0..3 {
            assert_eq!(
                puzzle::generate(n, Level::Hard, seed),
                None,
                "N={n} seed {seed}"
            );
        }
    }
    for n in 8..=12 {
        assert_eq!(puzzle::levels(n), &Level::ALL);
    }
}

/// No deduction's sentence names a row or column and then a square on it as
/// though it were news ("Row 4 has one square left, row 4, column 2"): every
/// step solving many generated puzzles, every rule met.
#[test]
fn sentences_never_name_a_line_twice_in_a_row() {
    let old = "Row 4 has one square left, row 4, column 2, so its queen goes there.";
    assert_eq!(
        common::line_named_twice(old).as_deref(),
        Some("row 4 has one square left, row 4, column 2,")
    );
    let mut by_rule = std::collections::BTreeMap::new();
    for n in 4..=12 {
        for &level in puzzle::levels(n) {
            for seed in 0..8 {
                let given = puzzle::generate(n, level, seed).unwrap();
                let mut board = Board::new(n, &squares(n, &given), &[]).unwrap();
                while let Some(d) = deduce::deduce(&board, Level::Expert) {
                    assert_eq!(
                        common::line_named_twice(&d.reason),
                        None,
                        "N={n} {level:?} seed {seed}: {}",
                        d.reason
                    );
                    *by_rule.entry(d.rule).or_insert(0) += 1;
                    board.apply(&d);
                }
            }
        }
    }
    for rule in [Rule::LastInRow, Rule::LastInColumn, Rule::Attacked] {
        assert!(
            by_rule.contains_key(&rule),
            "{rule:?} never met: {by_rule:?}"
        );
    }
}
