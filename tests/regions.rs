//! Queens in regions against an independent truth: every solution of a
//! board, enumerated here row by row with the plain rule (one queen in each
//! row, column and region, no two touching). Generated puzzles have exactly
//! one solution, are solved at their level and not below it; every
//! deduction on random boards is sound.
#![cfg(not(target_arch = "wasm32"))]

use nqueens::deduce::{Kind, Level};
use nqueens::regions::{self, Board, Layout, RegionRule};

/// True when queens on `a` and `b` cannot both stand.
fn clash(regions: &[usize], n: usize, a: (usize, usize), b: (usize, usize)) -> bool {
    a != b
        && (a.0 == b.0
            || a.1 == b.1
            || regions[a.0 * n + a.1] == regions[b.0 * n + b.1]
            || (a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1))
}

/// Every solution holding `queens` and none of `excluded`: each row's column.
fn enumerate(
    n: usize,
    regions: &[usize],
    queens: &[(usize, usize)],
    excluded: &[(usize, usize)],
) -> Vec<Vec<usize>> {
    fn go(
        n: usize,
        regions: &[usize],
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
        for col in 0..n {
            if excluded.contains(&(row, col))
                || queens.iter().any(|&q| q.0 == row && q.1 != col)
                || queens.iter().any(|&q| clash(regions, n, q, (row, col)))
                || cols
                    .iter()
                    .enumerate()
                    .any(|(r, &c)| clash(regions, n, (r, c), (row, col)))
            {
                continue;
            }
            cols.push(col);
            go(n, regions, queens, excluded, cols, out);
            cols.pop();
        }
    }
    let mut out = Vec::new();
    go(n, regions, queens, excluded, &mut Vec::new(), &mut out);
    out
}

/// A small seeded generator for random boards.
struct Rng(u64);

impl Rng {
    fn below(&mut self, k: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % k as u64) as usize
    }
}

#[test]
fn generated_puzzles_have_one_solution_and_need_their_level() {
    for n in regions::MIN_N..=9 {
        for &level in regions::levels(n) {
            for seed in 0..3 {
                let puzzle = regions::generate(n, seed, Some(level))
                    .unwrap_or_else(|| panic!("no {level:?} puzzle at N={n} seed {seed}"));
                let ids = puzzle.layout.regions();
                let all = enumerate(n, &ids, &puzzle.givens, &[]);
                assert_eq!(all, vec![puzzle.solution.clone()], "N={n} {level:?} {seed}");
                assert_eq!(puzzle.level, level);
                assert!(regions::solves(&puzzle.layout, &puzzle.givens, level));
                if let Some(below) = level.below() {
                    assert!(
                        !regions::solves(&puzzle.layout, &puzzle.givens, below),
                        "N={n} {level:?} seed {seed} is solved at {below:?}"
                    );
                }
            }
        }
    }
}

/// Follows up to `steps` deductions from the board, checking each against
/// the enumeration while the board has a completion: how many it checked.
fn follow(
    n: usize,
    ids: &[usize],
    mut queens: Vec<(usize, usize)>,
    mut excluded: Vec<(usize, usize)>,
    steps: usize,
    by_rule: &mut std::collections::BTreeMap<RegionRule, usize>,
) -> usize {
    let sq = |l: &[(usize, usize)]| l.iter().map(|&(r, c)| r * n + c).collect::<Vec<_>>();
    let layout = Layout::new(n, ids).unwrap();
    let mut board = Board::new(layout, &sq(&queens), &sq(&excluded)).unwrap();
    let mut checked = 0;
    for _ in 0..steps {
        let Some(d) = regions::deduce(&board, Level::Expert) else {
            break;
        };
        let all = enumerate(n, ids, &queens, &excluded);
        if all.is_empty() {
            break;
        }
        let context = format!("N={n} {ids:?} queens {queens:?} excluded {excluded:?}: {d:?}");
        match d.kind {
            Kind::Place => assert!(all.iter().all(|s| s[d.row] == d.col), "{context}"),
            Kind::RuleOut => assert!(all.iter().all(|s| s[d.row] != d.col), "{context}"),
        }
        assert_eq!(
            d.chain.is_empty(),
            d.rule != RegionRule::LookAhead,
            "{context}"
        );
        *by_rule.entry(d.rule).or_insert(0) += 1;
        checked += 1;
        board.apply(&d);
        match d.kind {
            Kind::Place => queens.push((d.row, d.col)),
            Kind::RuleOut => excluded.push((d.row, d.col)),
        }
    }
    checked
}

#[test]
fn deductions_on_random_boards_are_sound() {
    let mut rng = Rng(7);
    let mut checked = 0;
    let mut by_rule = std::collections::BTreeMap::new();
    for n in 5..=8 {
        for seed in 0..6 {
            let puzzle = regions::generate(n, 50 + seed, None).unwrap();
            let ids = puzzle.layout.regions();
            for _ in 0..15 {
                let mut queens: Vec<(usize, usize)> = Vec::new();
                for _ in 0..rng.below(3) {
                    let q = (rng.below(n), rng.below(n));
                    if !queens.contains(&q) {
                        queens.push(q);
                    }
                }
                let mut excluded: Vec<(usize, usize)> = Vec::new();
                for _ in 0..rng.below(2 * n) {
                    let s = (rng.below(n), rng.below(n));
                    if !queens.contains(&s) && !excluded.contains(&s) {
                        excluded.push(s);
                    }
                }
                checked += follow(n, &ids, queens, excluded, 3 * n, &mut by_rule);
            }
        }
    }
    // Look-ahead turns up on expert puzzles: follow them to the end.
    for n in 7..=8 {
        for seed in 0..3 {
            let puzzle = regions::generate(n, seed, Some(Level::Expert)).unwrap();
            let ids = puzzle.layout.regions();
            checked += follow(
                n,
                &ids,
                puzzle.givens.clone(),
                Vec::new(),
                n * n,
                &mut by_rule,
            );
        }
    }
    assert!(checked > 500, "only {checked} deductions");
    // Each rule was met and checked.
    for rule in RegionRule::ALL {
        assert!(
            by_rule.contains_key(&rule),
            "{rule:?} never met: {by_rule:?}"
        );
    }
}

#[test]
fn bad_layouts_are_refused_with_a_sentence() {
    let good: Vec<usize> = (0..25).map(|s| s / 5).collect();
    assert!(Layout::new(5, &good).is_ok());
    assert!(Layout::new(4, &good[..16]).is_err());
    assert!(Layout::new(12, &[0; 144]).is_err());
    assert!(Layout::new(5, &good[..24]).is_err());
    let mut out_of_range = good.clone();
    out_of_range[3] = 5;
    assert!(Layout::new(5, &out_of_range)
        .unwrap_err()
        .to_string()
        .contains("run from 0 to 4"));
    let mut missing = good;
    for id in missing.iter_mut() {
        if *id == 4 {
            *id = 3;
        }
    }
    assert!(Layout::new(5, &missing)
        .unwrap_err()
        .to_string()
        .contains("region 4 has none"));
}

/// No deduction's sentence names a row or column and then a square on it as
/// though it were news ("Row 4 has one square left, row 4, column 2"): every
/// step solving many generated regions puzzles, every rule met.
#[test]
fn sentences_never_name_a_line_twice_in_a_row() {
    let mut by_rule = std::collections::BTreeMap::new();
    for n in regions::MIN_N..=9 {
        for &level in regions::levels(n) {
            for seed in 0..6 {
                let puzzle = regions::generate(n, seed, Some(level)).unwrap();
                let givens: Vec<usize> = puzzle.givens.iter().map(|&(r, c)| r * n + c).collect();
                let mut board = Board::new(puzzle.layout.clone(), &givens, &[]).unwrap();
                while let Some(d) = regions::deduce(&board, Level::Expert) {
                    assert_eq!(
                        crate::common::line_named_twice(&d.reason),
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
    for rule in [
        RegionRule::LastInRow,
        RegionRule::LastInColumn,
        RegionRule::LastInRegion,
    ] {
        assert!(
            by_rule.contains_key(&rule),
            "{rule:?} never met: {by_rule:?}"
        );
    }
}
