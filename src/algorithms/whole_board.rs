//! What brute force and permutations share: each step tests one whole board.
//! The queens go on row by row until the first threatened one (all N for a
//! solution), and the rest of the board under test stays a ghost.
//!
//! [`WholeBoard`] is such a search: the bookkeeping both share ([`Tested`]),
//! around a [`BoardSource`] that reaches and tests each board in its own order
//! (the odometer, Heap's algorithm).

use super::info::{AlgorithmInfo, SearchSpace};
use super::vocabulary::{run_steps, Algorithm, BoardView, Counters, LastStep, Register, StepKind};
use crate::limits::MAX_WHOLE_N;
use crate::tree::Decided;

/// The state every whole-board search keeps besides its own.
#[derive(Clone, Debug)]
pub struct Tested {
    pub n: usize,
    /// How many boards there are: the length of the search.
    pub total: u64,
    /// First threatened row of the board the last step tested, or N for a
    /// solution.
    pub bad_row: u8,
    pub counters: Counters,
    /// How many tested boards had each first threatened row (N: solutions).
    /// A board threatened first at row r had queens placed on rows 0..=r.
    pub by_bad_row: [u64; MAX_WHOLE_N + 1],
}

impl Tested {
    pub fn new(n: usize, space: SearchSpace) -> Tested {
        Tested {
            n,
            total: space.length(n).unwrap_or(0),
            bad_row: 0,
            counters: Counters {
                ruled_out: space.never_generated(n),
                ..Counters::default()
            },
            by_bad_row: [0; MAX_WHOLE_N + 1],
        }
    }

    /// Adds one tested board whose first threatened row is `bad_row`, at the
    /// cost in checks and placements that `cost` gives.
    #[inline(always)]
    pub fn record(&mut self, bad_row: usize, (checks, placements): (u64, u64)) {
        self.counters.checks += checks;
        self.counters.placements += placements;
        if bad_row == self.n {
            self.counters.solutions += 1;
        } else {
            self.counters.ruled_out += 1;
        }
        self.counters.steps += 1;
        self.by_bad_row[bad_row] += 1;
        self.bad_row = bad_row as u8;
    }

    /// Queens placed on each row: every board whose first threatened row is
    /// r or later had one on row r.
    pub fn nodes_by_depth(&self) -> Vec<u64> {
        let n = self.n;
        let mut placed = vec![0; n];
        let mut later = 0;
        for row in (0..n).rev() {
            later += self.by_bad_row[row + 1];
            placed[row] = later + self.by_bad_row[row];
        }
        placed
    }
}

/// What makes a whole-board search its own: the order it reaches the boards
/// in and how it tests one.
pub trait BoardSource: Clone {
    const INFO: AlgorithmInfo;
    /// The pseudocode lines of a rejected board and of a solution.
    const REJECT_LINE: usize;
    const SOLUTION_LINE: usize;

    /// The source for an n×n board, before its first board.
    fn new(n: usize) -> Self;
    /// Moves on to the next board and tests it: its first threatened row, or
    /// N for a solution. `tested` is the state before this step; called only
    /// while boards are left.
    fn test_next(&mut self, tested: &Tested) -> usize;
    /// The checks and placements that testing a board costs, by its first
    /// threatened row (N for a solution).
    fn cost(n: usize, bad_row: usize) -> (u64, u64);
    /// The columns of the board the last step tested, row by row.
    fn columns(&self) -> Vec<usize>;
    fn registers(&self, tested: &Tested) -> Vec<Register>;
    /// How much of the tree the search has decided (see [`crate::tree`]).
    fn decided(&self, tested: &Tested) -> Option<Decided>;
    /// A faster `Algorithm::run` where the source has one; `None` to step
    /// board by board.
    fn run_fast(&mut self, _tested: &mut Tested, _max: u64, _stop: bool) -> Option<u64> {
        None
    }
}

/// A search that tests one whole board per step, in the order of `S`.
#[derive(Clone, Debug)]
pub struct WholeBoard<S> {
    pub(super) tested: Tested,
    pub(super) source: S,
}

impl<S: BoardSource> WholeBoard<S> {
    pub fn new(n: usize) -> WholeBoard<S> {
        assert!(S::INFO.fits(n));
        WholeBoard {
            tested: Tested::new(n, S::INFO.space),
            source: S::new(n),
        }
    }
}

impl<S: BoardSource> Algorithm for WholeBoard<S> {
    #[inline]
    fn step(&mut self) -> bool {
        if self.is_done() {
            return false;
        }
        let bad_row = self.source.test_next(&self.tested);
        let cost = S::cost(self.tested.n, bad_row);
        self.tested.record(bad_row, cost);
        true
    }

    fn run(&mut self, max: u64, stop_on_solution: bool) -> u64 {
        match self
            .source
            .run_fast(&mut self.tested, max, stop_on_solution)
        {
            Some(taken) => taken,
            None => run_steps(self, max, stop_on_solution),
        }
    }

    #[inline]
    fn is_done(&self) -> bool {
        self.tested.counters.steps == self.tested.total
    }

    fn counters(&self) -> &Counters {
        &self.tested.counters
    }

    fn last_step(&self) -> LastStep {
        let tested = &self.tested;
        if tested.counters.steps == 0 {
            return LastStep::START;
        }
        let bad_row = tested.bad_row as usize;
        let row = bad_row.min(tested.n - 1);
        let (kind, line) = if bad_row < tested.n {
            (StepKind::Reject, S::REJECT_LINE)
        } else {
            (StepKind::Solution, S::SOLUTION_LINE)
        };
        LastStep::at(kind, line, (row, self.source.columns()[row]))
    }

    fn board(&self) -> BoardView {
        let tested = &self.tested;
        let mut view = BoardView::empty(tested.n);
        if tested.counters.steps == 0 {
            return view;
        }
        for (row, col) in self.source.columns().into_iter().enumerate() {
            if row <= tested.bad_row as usize {
                view.queens[row] = col as i32;
            } else {
                view.ghosts[row] = col as i32;
            }
        }
        view.probe = self.last_step().square;
        view
    }

    fn registers(&self) -> Vec<Register> {
        self.source.registers(&self.tested)
    }

    fn nodes_by_depth(&self) -> Vec<u64> {
        self.tested.nodes_by_depth()
    }

    fn decided(&self) -> Option<Decided> {
        self.source.decided(&self.tested)
    }
}
