//! Seed 004: the bitwise backtracking that counts solutions for any N. Three
//! registers per row say which columns are attacked from above: `ld` (down-left
//! diagonals), `col` (columns) and `rd` (down-right diagonals). `poss` is what
//! is left, and the lowest bit goes first.

use super::depth_first::{DepthFirst, Descent, Progress};
use super::info::AlgorithmInfo;
use super::vocabulary::{BoardView, LastStep, Register, RegisterValue, StepKind};
use crate::board::RowMask;
use crate::limits::MAX_N;
use crate::tree::Fork;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: "bitwise",
    name: "Bitwise (ld / col / rd)",
    source: "004",
    description: "Backtracking where every test is a single bitwise operation. For the row \
        being filled, ld, col and rd hold the columns attacked along down-left diagonals, \
        columns and down-right diagonals; poss = ~(ld | col | rd) is every safe square at \
        once. Taking the lowest bit of poss places a queen; moving to the next row shifts ld \
        right and rd left by one, because a diagonal moves one column per row. It never \
        places a threatened queen, so it only visits partial boards that are still safe.",
    step_is: "one queen placed (a bit taken from poss), or one backtrack",
    check_is: "One check is one poss computation: ~(ld | col | rd) gives every safe square of a row at once.",
    placement_is: "One placement is one bit taken from poss: a queen on a safe square. Each is followed \
        by the next row's poss, one check, unless it completes a solution, so checks = placements \
        − solutions + 1 (the first row's poss): fewer checks than placements.",
    glossary: &[
        ("ld", "the columns of this row attacked along a diagonal going down and left on the board: \
            (ld | bit) >> 1 each row down"),
        ("col", "the columns of this row that a queen above already uses"),
        ("rd", "the columns of this row attacked along a diagonal going down and right on the board: \
            (rd | bit) << 1 each row down"),
        ("poss", "the safe squares of this row not tried yet: ~(ld | col | rd), less each bit taken"),
    ],
    pseudocode: &[
        "search(ld, col, rd):",
        "    if col == all: solutions += 1; return",
        "    poss = ~(ld | col | rd) & all           # the safe squares of this row",
        "    while poss != 0:",
        "        bit = poss & -poss; poss -= bit      # lowest safe square",
        "        search((ld | bit) >> 1, col | bit, (rd | bit) << 1)",
        "    return                                   # backtrack",
    ],
    ..AlgorithmInfo::ROW_SEARCH
};

const LINE_SOLUTION: usize = 1;
const LINE_PLACE: usize = 5;
const LINE_BACKTRACK: usize = 6;

/// The registers of one row of the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    pub ld: RowMask,
    pub col: RowMask,
    pub rd: RowMask,
    /// The safe squares not tried yet.
    pub poss: RowMask,
}

/// Bitwise: `ld`/`col`/`rd` per row, walked depth first.
pub type Bitwise = DepthFirst<Frames>;

/// The path: each row's registers, down to the row being filled.
#[derive(Clone, Debug)]
pub struct Frames {
    all: RowMask,
    /// frames[r] holds row r's registers, for r <= depth.
    frames: [Frame; MAX_N + 1],
    /// The row being filled: queens stand on rows 0..depth.
    depth: usize,
}

impl Frames {
    pub fn frames(&self, n: usize) -> &[Frame] {
        &self.frames[..=self.depth.min(n)]
    }

    /// The column of row r's queen: the bit row r + 1 added to `col`.
    fn queen_col(&self, row: usize) -> usize {
        (self.frames[row + 1].col & !self.frames[row].col).first()
    }
}

impl Descent for Frames {
    const INFO: AlgorithmInfo = INFO;

    /// From fixed queens, each row's `poss` keeps to the squares they leave,
    /// and a row with a fixed queen tries only that square.
    fn start(progress: &mut Progress) -> Frames {
        let mut frames = [Frame::default(); MAX_N + 1];
        frames[0].poss = progress.fixed.allowed(0);
        progress.counters.ruled_out = progress.fixed.ruled_out_entering(0, frames[0].poss);
        Frames {
            all: RowMask::full(progress.n),
            frames,
            depth: 0,
        }
    }

    #[inline]
    fn step(&mut self, p: &mut Progress) -> bool {
        let d = self.depth;
        let frame = self.frames[d];
        if frame.poss.is_empty() && d == 0 {
            return false;
        }
        if p.counters.steps == 0 {
            // The root row's poss, computed in `start`, is the first test.
            p.counters.checks += 1;
        }
        p.counters.steps += 1;
        if !frame.poss.is_empty() {
            let bit = frame.poss.lowest();
            self.frames[d].poss = frame.poss ^ bit;
            let child = Frame {
                ld: (frame.ld | bit) >> 1,
                col: frame.col | bit,
                rd: ((frame.rd | bit) << 1) & self.all,
                poss: RowMask::EMPTY,
            };
            self.depth = d + 1;
            p.place(d);
            let square = (d, bit.first());
            if child.col == self.all {
                self.frames[d + 1] = child;
                p.counters.solutions += 1;
                p.last = LastStep::at(StepKind::Solution, LINE_SOLUTION, square);
            } else {
                let fixed = &*p.fixed;
                let poss = !(child.ld | child.col | child.rd) & fixed.allowed(d + 1);
                self.frames[d + 1] = Frame { poss, ..child };
                p.counters.checks += 1;
                // Entering row d + 1: every column not in poss is ruled out.
                p.counters.ruled_out += fixed.ruled_out_entering(d + 1, poss);
                p.last = LastStep::at(StepKind::Place, LINE_PLACE, square);
            }
        } else {
            self.depth = d - 1;
            p.counters.backtracks += 1;
            let square = (d - 1, self.queen_col(d - 1));
            p.last = LastStep::at(StepKind::Backtrack, LINE_BACKTRACK, square);
        }
        true
    }

    fn is_done(&self, _: &Progress) -> bool {
        self.depth == 0 && self.frames[0].poss.is_empty()
    }

    fn board(&self, p: &Progress) -> BoardView {
        let untried = self.frames[self.depth].poss;
        p.rows_board(self.depth, |row| self.queen_col(row), untried)
    }

    fn registers(&self, p: &Progress) -> Vec<Register> {
        let width = p.n;
        let mut registers = Vec::new();
        for (row, frame) in self.frames(p.n).iter().enumerate().take(p.n) {
            let group = format!("row {}", row + 1);
            for (name, value) in [
                ("ld", frame.ld),
                ("col", frame.col),
                ("rd", frame.rd),
                ("poss", frame.poss),
            ] {
                registers.push(Register::new(
                    group.clone(),
                    name,
                    RegisterValue::Bits {
                        value: value.0,
                        width,
                    },
                ));
            }
        }
        registers
    }

    fn forks(&self, p: &Progress) -> Vec<Fork> {
        let mut forks = Vec::with_capacity(self.depth + 1);
        for row in 0..self.depth {
            // Decided: every column not in poss on entry, and every safe
            // column left of the path's (lowest bit first).
            let f = self.frames[row];
            let entry = !(f.ld | f.col | f.rd) & p.fixed.allowed(row);
            let col = self.queen_col(row);
            forks.push(Fork {
                path: Some(col),
                decided: (self.all & !entry) | (entry & RowMask::full(col)),
            });
        }
        if self.depth < p.n {
            forks.push(Fork {
                path: None,
                decided: self.all & !self.frames[self.depth].poss,
            });
        }
        forks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::vocabulary::Algorithm;

    /// The source's recursion, written plainly.
    fn count(n: usize, ld: u32, col: u32, rd: u32) -> u64 {
        let all = (1u32 << n) - 1;
        if col == all {
            return 1;
        }
        let mut poss = !(ld | col | rd) & all;
        let mut found = 0;
        while poss != 0 {
            let bit = poss & poss.wrapping_neg();
            poss -= bit;
            found += count(n, (ld | bit) >> 1, col | bit, ((rd | bit) << 1) & all);
        }
        found
    }

    #[test]
    fn steps_are_placements_plus_backtracks_and_counts_match_recursion() {
        for n in 1..=9 {
            let mut search = Bitwise::new(n);
            while search.step() {}
            let c = *search.counters();
            assert_eq!(c.solutions, count(n, 0, 0, 0), "n={n}");
            assert_eq!(c.steps, c.placements + c.backtracks);
            // Every queen placed comes off again by the end.
            assert_eq!(c.placements, c.backtracks);
        }
    }
}
