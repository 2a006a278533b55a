//! Seed 003: the whole board in one `u64`, searched square by square. `ok()`
//! ANDs the board with the square's line, column and two diagonal masks; a safe
//! square gets a queen and the search jumps to the next row's first square,
//! then carries on with the next square either way.
//!
//! The recursion is kept exactly as the source has it, including the part that
//! makes it slow: after a row, the scan goes on into the next rows at the same
//! depth, so boards that skip rows are explored too (they can never complete).
//! It runs as an explicit stack of placed squares plus one cursor.

use std::rc::Rc;

use super::depth_first::{DepthFirst, Descent, Progress};
use super::info::{AlgorithmInfo, Bound, Goal, SearchSpace};
use super::vocabulary::{BoardView, LastStep, Register, RegisterValue, StepKind};
use crate::board::{AttackMasks, Bitboard, RowMask, BITBOARD_MAX_N};
use crate::limits::boards_below;
use crate::tree::Fork;

pub const INFO: AlgorithmInfo = AlgorithmInfo {
    id: "bitboard-scan",
    name: "Bitboard scan (one u64 board)",
    source: "003",
    goal: Goal::All,
    min_n: 1,
    max_n: BITBOARD_MAX_N,
    find_max_n: 0,
    seeded: false,
    space: SearchSpace::Tree,
    takes_fixed_queens: false,
    description: "Keeps the whole board in a single 64-bit integer and recurses over the \
        squares in order. ok(square) ANDs the board with four masks — the square's line, \
        column and two diagonals — and is true when no queen is on any of them. A safe square \
        gets a queen and the recursion jumps to the start of the next row; afterwards the \
        queen comes off and the scan continues with the next square, even past the end of the \
        row. That keeps the code tiny but probes many squares that can never lead anywhere.",
    step_is: "one square probed by ok()",
    check_is: "One check is one call of ok(): one square tested against the whole board at once.",
    placement_is: "One placement is a queen put on a square ok() found safe. Every probe is one \
        check and only the safe ones place, so checks = placements + squares refused.",
    move_is: "",
    conflicts_note: "",
    glossary: &[
        ("board", "the whole board, one bit a square (row · N + column), as it is after this step"),
        ("mask", "mask(square): the square's line, column and both diagonals"),
        ("board & mask", "what ok() found: the board before this square's queen went on, ANDed \
            with mask; 0 means the square is safe"),
        ("square", "the square probed, row · N + column"),
        ("queensLeft", "how many queens are still to place"),
    ],
    most_checks: Bound::PER_QUEEN,
    pseudocode: &[
        "solve(board, queensLeft, square):",
        "    if square == N*N: return 0",
        "    if ok(board, square):               # board & mask(square) == 0; mask = line|column|diagonals",
        "        put a queen on square; queensLeft -= 1",
        "        if queensLeft == 0: solutions += 1",
        "        else: solve(board, queensLeft, first square of the next row)",
        "        take the queen off square; queensLeft += 1",
        "    solve(board, queensLeft, square + 1)",
    ],
};

const LINE_REJECT: usize = 2;
const LINE_SOLUTION: usize = 4;
const LINE_PLACE: usize = 5;

/// The bitboard scan: one `u64` board, square by square, depth first.
pub type BitboardScan = DepthFirst<Scan>;

/// The path: the board, the stack of the recursion's placed squares and the
/// cursor.
#[derive(Clone, Debug)]
pub struct Scan {
    masks: Rc<AttackMasks>,
    board: Bitboard,
    /// Squares of the queens whose recursive call is still running.
    stack: [u8; BITBOARD_MAX_N],
    depth: usize,
    /// The next square to probe; N*N means "return to the caller".
    cursor: usize,
    /// The last step completed a solution: its queen is still on the board
    /// (so it can be drawn) and comes off at the start of the next step.
    pending_solution: bool,
}

impl Scan {
    fn last_square(&self, p: &Progress) -> usize {
        p.last.square.map_or(0, |(row, col)| row * p.n + col)
    }

    /// The square the next probe would look at, after the pending returns.
    fn next_probe(&self, p: &Progress) -> Option<usize> {
        let squares = p.n * p.n;
        let mut cursor = if self.pending_solution {
            self.last_square(p) + 1
        } else {
            self.cursor
        };
        let mut depth = self.depth;
        while cursor == squares {
            if depth == 0 {
                return None;
            }
            depth -= 1;
            cursor = self.stack[depth] as usize + 1;
        }
        Some(cursor)
    }
}

impl Descent for Scan {
    const INFO: AlgorithmInfo = INFO;

    /// The source has no fixed queens (`INFO.takes_fixed_queens` is false):
    /// the scan starts from the empty board.
    fn start(progress: &mut Progress) -> Scan {
        Scan {
            masks: Rc::new(AttackMasks::new(progress.n)),
            board: Bitboard::EMPTY,
            stack: [0; BITBOARD_MAX_N],
            depth: 0,
            cursor: 0,
            pending_solution: false,
        }
    }

    #[inline]
    fn step(&mut self, p: &mut Progress) -> bool {
        if self.is_done(p) {
            return false;
        }
        let n = p.n;
        let squares = n * n;
        // First finish what the last step left: the solution's queen comes off,
        // and calls that ran off the end of the board return to their callers.
        if self.pending_solution {
            let square = self.last_square(p);
            self.board = self.board.without(square);
            p.counters.backtracks += 1;
            self.pending_solution = false;
            self.cursor = square + 1;
        }
        while self.cursor == squares {
            self.depth -= 1;
            let square = self.stack[self.depth] as usize;
            self.board = self.board.without(square);
            p.counters.backtracks += 1;
            self.cursor = square + 1;
        }

        let square = self.cursor;
        let at = (square / n, square % n);
        p.counters.checks += 1;
        p.counters.steps += 1;
        // Rows 0..row all hold a queen exactly when `depth` queens stand on
        // them; otherwise the probe lies outside the one-queen-per-row space.
        let inside = self.depth == at.0;
        if !inside {
            p.counters.outside += 1;
        }
        if (self.board & self.masks.get(square)).is_empty() {
            self.board = self.board.with(square);
            p.place(at.0);
            if self.depth + 1 == n {
                p.counters.solutions += 1;
                self.pending_solution = true;
                p.last = LastStep::at(StepKind::Solution, LINE_SOLUTION, at);
            } else {
                self.stack[self.depth] = square as u8;
                self.depth += 1;
                self.cursor = (square / n + 1) * n;
                p.last = LastStep::at(StepKind::Place, LINE_PLACE, at);
            }
        } else {
            if inside {
                p.counters.ruled_out += boards_below(n, at.0);
            }
            self.cursor = square + 1;
            p.last = LastStep::at(StepKind::Reject, LINE_REJECT, at);
        }
        true
    }

    fn is_done(&self, p: &Progress) -> bool {
        self.next_probe(p).is_none()
    }

    fn board(&self, p: &Progress) -> BoardView {
        let mut view = BoardView::empty(p.n);
        for square in self.board {
            view.queens[square / p.n] = (square % p.n) as i32;
        }
        view.probe = p.last.square;
        view
    }

    fn registers(&self, p: &Progress) -> Vec<Register> {
        let n = p.n;
        let probed = p.last.square.map(|_| self.last_square(p));
        // `board` is the board now; ok() tested the board without the probe's
        // own queen, and `board & mask` is what it found.
        let seen = match (probed, p.last.kind) {
            (Some(square), StepKind::Place | StepKind::Solution) => self.board.without(square),
            _ => self.board,
        };
        let mask = probed.map_or(Bitboard::EMPTY, |square| self.masks.get(square));
        vec![
            Register::new(
                "",
                "board",
                RegisterValue::Board {
                    value: self.board.0,
                    n,
                },
            ),
            Register::new("", "mask", RegisterValue::Board { value: mask.0, n }),
            Register::new(
                "",
                "board & mask",
                RegisterValue::Board {
                    value: (seen & mask).0,
                    n,
                },
            ),
            Register::new(
                "",
                "square",
                RegisterValue::Number(probed.unwrap_or(0) as u64),
            ),
            Register::new(
                "",
                "queensLeft",
                RegisterValue::Number((n - self.board.count() as usize) as u64),
            ),
        ]
    }

    fn forks(&self, p: &Progress) -> Vec<Fork> {
        let n = p.n;
        let full = RowMask::full(n);
        let mut forks = Vec::with_capacity(n);
        // The path inside the space: stacked queens on rows 0, 1, 2, ...
        for (row, &square) in self.stack[..self.depth].iter().enumerate() {
            let square = square as usize;
            if square / n != row {
                // Row `row` was scanned to its end and left empty: all of it
                // is decided, and the search is outside the space below.
                forks.push(Fork {
                    path: None,
                    decided: full,
                });
                return forks;
            }
            forks.push(Fork {
                path: Some(square % n),
                decided: RowMask::full(square % n),
            });
        }
        let row = self.depth;
        let decided = if self.pending_solution {
            // The last queen is on (row, column) and found: it and every
            // square before it are decided.
            RowMask::full(self.last_square(p) % n + 1)
        } else if self.cursor < n * n && self.cursor / n == row {
            RowMask::full(self.cursor % n)
        } else {
            full
        };
        if row < n {
            forks.push(Fork {
                path: None,
                decided,
            });
        }
        forks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::vocabulary::Algorithm;

    /// The source's recursion, written plainly, counting ok() calls.
    fn recursive(
        masks: &AttackMasks,
        n: usize,
        board: u64,
        left: usize,
        square: usize,
        probes: &mut u64,
    ) -> u64 {
        if square == n * n {
            return 0;
        }
        *probes += 1;
        let mut found = 0;
        if board & masks.get(square).0 == 0 {
            let board = board | 1 << square;
            if left - 1 == 0 {
                found = 1;
            } else {
                found = recursive(masks, n, board, left - 1, (square / n + 1) * n, probes);
            }
        }
        found + recursive(masks, n, board, left, square + 1, probes)
    }

    #[test]
    fn explicit_stack_takes_exactly_the_recursions_probes() {
        for n in 1..=6 {
            let masks = AttackMasks::new(n);
            let mut probes = 0;
            let solutions = recursive(&masks, n, 0, n, 0, &mut probes);
            let mut search = BitboardScan::new(n);
            while search.step() {}
            assert_eq!(search.counters().steps, probes, "n={n}");
            assert_eq!(search.counters().solutions, solutions, "n={n}");
        }
    }
}
