//! Seed 002: row-by-row backtracking with each row stored as a bit field.
//! `findCandidates` ORs the rows to find the free columns; `hasDiagonals` walks
//! back up the rows, shifting the candidate one column left and right per row,
//! and compares. The source stops at the first solution; this one goes on.

use super::depth_first::{DepthFirst, Descent, Progress};
use super::info::AlgorithmInfo;
use super::vocabulary::{BoardView, LastStep, Register, RegisterValue, StepKind};
use crate::board::RowMask;
use crate::limits::MAX_N;
use crate::tree::Fork;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: "backtracking",
    name: "Backtracking (rows as bit fields)",
    source: "002",
    description: "Places one queen per row, top to bottom. Each row is a bit field with one \
        bit set. The candidates for the next row are the columns no earlier row uses (OR the \
        rows together); each is tested for diagonal attacks by shifting it one column left \
        and right for every row it moves up. A safe candidate goes on and the search moves \
        down; when a row runs out of candidates, the queen above it comes off.",
    step_is: "one candidate column tried in the current row (placed or rejected), or one backtrack",
    check_is: "One check tests one candidate square against the diagonals of the queens above it (its column is free by construction).",
    placement_is: "One placement is a candidate that passed hasDiagonals going on the board \
        (rows.append). Every candidate costs one check, placed or rejected, so checks = \
        placements + rejections.",
    glossary: &[
        ("rows", "one bit field per row that holds a queen: the bit of its column"),
        ("used", "the OR of all rows: the columns a queen already holds"),
        ("untried", "the candidates of the row being filled not tried yet: the columns not in \
            used, lowest first (the green rings on the board)"),
        ("len(rows)", "how many rows hold a queen: the row being filled"),
    ],
    pseudocode: &[
        "solve(rows):",
        "    if len(rows) == N: solutions += 1       # nothing is left to try below",
        "    used = OR of all rows; untried = the columns not in used   # findCandidates",
        "    for col in untried, lowest first (each taken out of untried):",
        "        if hasDiagonals(rows, bit(col)): continue   # attacked: reject",
        "        rows.append(bit(col))",
        "        solve(rows)",
        "    rows.pop()                              # out of candidates: backtrack",
    ],
    ..AlgorithmInfo::ROW_SEARCH
};

const LINE_SOLUTION: usize = 1;
const LINE_REJECT: usize = 4;
const LINE_PLACE: usize = 5;
const LINE_BACKTRACK: usize = 7;

/// Backtracking: rows as bit fields, walked depth first.
pub type Backtracking = DepthFirst<Rows>;

/// The path: the placed rows as bit fields, and what is left to try.
#[derive(Clone, Debug)]
pub struct Rows {
    /// One bit field per placed row.
    rows: [RowMask; MAX_N],
    /// How many rows hold a queen.
    depth: usize,
    /// Per depth, the candidate columns not tried yet.
    untried: [RowMask; MAX_N + 1],
    /// OR of the placed rows: the columns in use.
    used: RowMask,
}

impl Rows {
    /// The source's test: walking up from the last row, a queen one column to the
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

impl Descent for Rows {
    const INFO: AlgorithmInfo = INFO;

    /// From fixed queens, findCandidates keeps to the squares they leave,
    /// and a row with a fixed queen offers only that square.
    fn start(progress: &mut Progress) -> Rows {
        let mut untried = [RowMask::EMPTY; MAX_N + 1];
        untried[0] = progress.fixed.allowed(0);
        progress.counters.ruled_out = progress.fixed.ruled_out_entering(0, untried[0]);
        Rows {
            rows: [RowMask::EMPTY; MAX_N],
            depth: 0,
            untried,
            used: RowMask::EMPTY,
        }
    }

    #[inline]
    fn step(&mut self, p: &mut Progress) -> bool {
        let d = self.depth;
        let untried = self.untried[d];
        if !untried.is_empty() {
            let bit = untried.lowest();
            self.untried[d] = untried ^ bit;
            let square = (d, bit.first());
            p.counters.checks += 1;
            if self.has_diagonals(bit) {
                p.counters.ruled_out += p.fixed.boards_below(d);
                p.last = LastStep::at(StepKind::Reject, LINE_REJECT, square);
            } else {
                self.rows[d] = bit;
                self.used |= bit;
                self.depth = d + 1;
                p.place(d);
                if self.depth == p.n {
                    self.untried[self.depth] = RowMask::EMPTY;
                    p.counters.solutions += 1;
                    p.last = LastStep::at(StepKind::Solution, LINE_SOLUTION, square);
                } else {
                    // Entering the next row: findCandidates skips the columns
                    // in use, and the boards with a queen there.
                    let fixed = &*p.fixed;
                    let candidates = fixed.allowed(self.depth) & !self.used;
                    self.untried[self.depth] = candidates;
                    p.counters.ruled_out += fixed.ruled_out_entering(self.depth, candidates);
                    p.last = LastStep::at(StepKind::Place, LINE_PLACE, square);
                }
            }
        } else if d == 0 {
            return false;
        } else {
            let bit = self.rows[d - 1];
            self.rows[d - 1] = RowMask::EMPTY;
            self.used &= !bit;
            self.depth = d - 1;
            p.counters.backtracks += 1;
            p.last = LastStep::at(StepKind::Backtrack, LINE_BACKTRACK, (d - 1, bit.first()));
        }
        p.counters.steps += 1;
        true
    }

    fn is_done(&self, _: &Progress) -> bool {
        self.depth == 0 && self.untried[0].is_empty()
    }

    fn board(&self, p: &Progress) -> BoardView {
        let untried = self.untried[self.depth];
        p.rows_board(self.depth, |row| self.rows[row].first(), untried)
    }

    fn registers(&self, p: &Progress) -> Vec<Register> {
        let width = p.n;
        let bits = |mask: RowMask| RegisterValue::Bits {
            value: mask.0,
            width,
        };
        let mut registers: Vec<Register> = (0..self.depth)
            .map(|row| Register::new(format!("row {}", row + 1), "rows", bits(self.rows[row])))
            .collect();
        let untried = if self.depth < p.n {
            self.untried[self.depth]
        } else {
            RowMask::EMPTY
        };
        registers.push(Register::new("", "used", bits(self.used)));
        registers.push(Register::new("", "untried", bits(untried)));
        registers.push(Register::new(
            "",
            "len(rows)",
            RegisterValue::Number(self.depth as u64),
        ));
        registers
    }

    fn forks(&self, p: &Progress) -> Vec<Fork> {
        let full = RowMask::full(p.n);
        let mut used = RowMask::EMPTY;
        let mut forks = Vec::with_capacity(self.depth + 1);
        for row in 0..self.depth {
            // Decided: what findCandidates skipped on entry, and every
            // candidate left of the path's (tried in order).
            let queen = self.rows[row];
            let candidates = p.fixed.allowed(row) & !used;
            let tried = candidates & RowMask::full(queen.first());
            forks.push(Fork {
                path: Some(queen.first()),
                decided: (full & !candidates) | tried,
            });
            used |= queen;
        }
        if self.depth < p.n {
            forks.push(Fork {
                path: None,
                decided: full & !self.untried[self.depth],
            });
        }
        forks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::algorithms::vocabulary::Algorithm;

    #[test]
    fn first_solution_is_the_lexicographically_first() {
        let mut search = Backtracking::new(8);
        search.run(u64::MAX, true);
        let queens = search.board().queens;
        assert_eq!(queens, vec![0, 4, 7, 5, 2, 6, 1, 3]);
    }

    #[test]
    fn has_diagonals_matches_the_obvious_test() {
        let mut search = Backtracking::new(6).search().clone();
        search.rows[0] = RowMask::column(1);
        search.rows[1] = RowMask::column(4);
        search.depth = 2;
        for col in 0..6 {
            let obvious = [(0usize, 1usize), (1, 4)]
                .iter()
                .any(|&(r, c)| (2 - r) as isize == (col as isize - c as isize).abs());
            assert_eq!(
                search.has_diagonals(RowMask::column(col)),
                obvious,
                "col {col}"
            );
        }
    }
}
