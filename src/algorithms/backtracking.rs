//! Seed 002: row-by-row backtracking with each row stored as a bit field.
//! `findCandidates` ORs the rows to find the free columns; `hasDiagonals` walks
//! back up the rows, shifting the candidate one column left and right per row,
//! and compares. The seed stops at the first solution; this one goes on.

use std::rc::Rc;

use super::{
    Algorithm, AlgorithmInfo, BoardView, Counters, LastStep, Register, RegisterValue, SearchSpace,
    StepKind, MAX_N,
};
use crate::board::RowMask;
use crate::puzzle::FixedQueens;
use crate::tree::Fork;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: "backtracking",
    name: "Backtracking (rows as bit fields)",
    seed: "002",
    min_n: 1,
    max_n: MAX_N,
    space: SearchSpace::Tree,
    takes_fixed_queens: true,
    description: "Places one queen per row, top to bottom. Each row is a bit field with one \
        bit set. The candidates for the next row are the columns no earlier row uses (OR the \
        rows together); each is tested for diagonal attacks by shifting it one column left \
        and right for every row it moves up. A safe candidate goes on and the search moves \
        down; when a row runs out of candidates, the queen above it comes off.",
    step_is: "one candidate column tried in the current row (placed or rejected), or one backtrack",
    pseudocode: &[
        "solve(rows):",
        "    if len(rows) == N: solutions += 1       # nothing is left to try below",
        "    used = OR of all rows                   # findCandidates",
        "    for col in columns where used & bit(col) == 0:",
        "        if hasDiagonals(rows, bit(col)): continue   # attacked: reject",
        "        rows.append(bit(col))",
        "        solve(rows)",
        "    rows.pop()                              # out of candidates: backtrack",
    ],
};

const LINE_SOLUTION: usize = 1;
const LINE_REJECT: usize = 4;
const LINE_PLACE: usize = 5;
const LINE_BACKTRACK: usize = 7;

#[derive(Clone, Debug)]
pub struct Backtracking {
    n: usize,
    /// One bit field per placed row.
    rows: [RowMask; MAX_N],
    /// How many rows hold a queen.
    depth: usize,
    /// Per depth, the candidate columns not tried yet.
    untried: [RowMask; MAX_N + 1],
    /// OR of the placed rows: the columns in use.
    used: RowMask,
    /// Queens placed on each row since the start.
    placed: [u64; MAX_N],
    /// Queens given before the search starts (none for a plain search):
    /// where each row may hold a queen.
    fixed: Rc<FixedQueens>,
    last: LastStep,
    counters: Counters,
}

impl Backtracking {
    pub fn new(n: usize) -> Backtracking {
        Backtracking::from_fixed(Rc::new(FixedQueens::none(n)))
    }

    /// The search from fixed queens: findCandidates keeps to the squares they
    /// leave, and a row with a fixed queen offers only that square.
    pub fn from_fixed(fixed: Rc<FixedQueens>) -> Backtracking {
        let n = fixed.n();
        assert!(INFO.fits(n));
        let mut untried = [RowMask::EMPTY; MAX_N + 1];
        untried[0] = fixed.allowed(0);
        let counters = Counters {
            ruled_out: fixed.ruled_out_entering(0, untried[0]),
            ..Counters::default()
        };
        Backtracking {
            n,
            rows: [RowMask::EMPTY; MAX_N],
            depth: 0,
            untried,
            used: RowMask::EMPTY,
            placed: [0; MAX_N],
            fixed,
            last: LastStep::START,
            counters,
        }
    }

    /// The seed's test: walking up from the last row, a queen one column to the
    /// left or right per row of distance is a diagonal attack.
    #[inline(always)]
    fn has_diagonals(&self, candidate: RowMask) -> bool {
        let (mut left, mut right) = (candidate, candidate);
        for &row in self.rows[..self.depth].iter().rev() {
            left = left << 1;
            right = right >> 1;
            if row == left || row == right {
                return true;
            }
        }
        false
    }
}

impl Algorithm for Backtracking {
    #[inline]
    fn step(&mut self) -> bool {
        let d = self.depth;
        let untried = self.untried[d];
        if !untried.is_empty() {
            let bit = untried.lowest();
            self.untried[d] = untried ^ bit;
            let square = (d, bit.first());
            self.counters.checks += 1;
            if self.has_diagonals(bit) {
                self.counters.ruled_out += self.fixed.boards_below(d);
                self.last = LastStep::at(StepKind::Reject, LINE_REJECT, square);
            } else {
                self.rows[d] = bit;
                self.used |= bit;
                self.depth = d + 1;
                self.counters.placements += 1;
                self.placed[d] += 1;
                if self.depth == self.n {
                    self.untried[self.depth] = RowMask::EMPTY;
                    self.counters.solutions += 1;
                    self.last = LastStep::at(StepKind::Solution, LINE_SOLUTION, square);
                } else {
                    // Entering the next row: findCandidates skips the columns
                    // in use, and the boards with a queen there.
                    let fixed = &*self.fixed;
                    let candidates = fixed.allowed(self.depth) & !self.used;
                    self.untried[self.depth] = candidates;
                    self.counters.ruled_out += fixed.ruled_out_entering(self.depth, candidates);
                    self.last = LastStep::at(StepKind::Place, LINE_PLACE, square);
                }
            }
        } else if d == 0 {
            return false;
        } else {
            let bit = self.rows[d - 1];
            self.rows[d - 1] = RowMask::EMPTY;
            self.used &= !bit;
            self.depth = d - 1;
            self.counters.backtracks += 1;
            self.last = LastStep::at(StepKind::Backtrack, LINE_BACKTRACK, (d - 1, bit.first()));
        }
        self.counters.steps += 1;
        true
    }

    fn is_done(&self) -> bool {
        self.depth == 0 && self.untried[0].is_empty()
    }

    fn counters(&self) -> &Counters {
        &self.counters
    }

    fn last_step(&self) -> LastStep {
        self.last
    }

    fn board(&self) -> BoardView {
        let mut view = BoardView::empty(self.n);
        for row in 0..self.n {
            if row < self.depth {
                view.queens[row] = self.rows[row].first() as i32;
            } else if let Some(col) = self.fixed.column(row) {
                view.queens[row] = col as i32;
            }
        }
        view.probe = self.last.square;
        if self.depth < self.n {
            view.candidates = Some((self.depth, self.untried[self.depth]));
        }
        view
    }

    fn registers(&self) -> Vec<Register> {
        let width = self.n;
        let bits = |mask: RowMask| RegisterValue::Bits {
            value: mask.0,
            width,
        };
        let mut registers: Vec<Register> = (0..self.depth)
            .map(|row| Register::new(format!("row {row}"), "rows[row]", bits(self.rows[row])))
            .collect();
        let untried = if self.depth < self.n {
            self.untried[self.depth]
        } else {
            RowMask::EMPTY
        };
        registers.push(Register::new("", "used", bits(self.used)));
        registers.push(Register::new("", "untried", bits(untried)));
        registers.push(Register::new(
            "",
            "depth",
            RegisterValue::Number(self.depth as u64),
        ));
        registers
    }

    fn nodes_by_depth(&self) -> Vec<u64> {
        self.placed[..self.n].to_vec()
    }

    fn forks(&self) -> Option<Vec<Fork>> {
        let full = RowMask::full(self.n);
        let mut used = RowMask::EMPTY;
        let mut forks = Vec::with_capacity(self.depth + 1);
        for row in 0..self.depth {
            // Decided: what findCandidates skipped on entry, and every
            // candidate left of the path's (tried in order).
            let queen = self.rows[row];
            let candidates = self.fixed.allowed(row) & !used;
            let tried = candidates & RowMask::full(queen.first());
            forks.push(Fork {
                path: Some(queen.first()),
                decided: (full & !candidates) | tried,
            });
            used |= queen;
        }
        if self.depth < self.n {
            forks.push(Fork {
                path: None,
                decided: full & !self.untried[self.depth],
            });
        }
        Some(forks)
    }

    fn with_fixed(fixed: Rc<FixedQueens>) -> Option<Backtracking> {
        Some(Backtracking::from_fixed(fixed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_solution_is_the_lexicographically_first() {
        let mut search = Backtracking::new(8);
        search.run(u64::MAX, true);
        let queens = search.board().queens;
        assert_eq!(queens, vec![0, 4, 7, 5, 2, 6, 1, 3]);
    }

    #[test]
    fn has_diagonals_matches_the_obvious_test() {
        let mut search = Backtracking::new(6);
        search.rows[0] = RowMask::column(1);
        search.rows[1] = RowMask::column(4);
        search.depth = 2;
        for col in 0..6 {
            let obvious = [(0usize, 1usize), (1, 4)]
                .iter()
                .any(|&(r, c)| (2 - r) as isize == (col as isize - c as isize).abs());
            assert_eq!(search.has_diagonals(RowMask::column(col)), obvious, "col {col}");
        }
    }
}
