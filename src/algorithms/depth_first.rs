//! What backtracking, the bitboard scan and bitwise share: each is a
//! depth-first walk over partial boards, and each step tries one candidate
//! (placed or rejected) or takes a queen off. Their books are the same: the
//! counters, the last step, the queens placed on each row, and the fixed
//! queens the walk starts from.
//!
//! [`DepthFirst`] is such a search: the bookkeeping ([`Progress`]) around a
//! [`Descent`], which holds the search's own path and moves it one step, in
//! the manner of [`super::whole_board`]. The hot path stays monomorphised:
//! `DepthFirst<S>::step` is `S::step` with the books handed in.

use std::rc::Rc;

use super::info::AlgorithmInfo;
use super::vocabulary::{Algorithm, BoardView, Counters, LastStep, Register};
use crate::board::RowMask;
use crate::limits::MAX_N;
use crate::puzzle::FixedQueens;
use crate::tree::Fork;

/// The state every depth-first search keeps besides its own path.
#[derive(Clone, Debug)]
pub struct Progress {
    pub n: usize,
    /// Queens given before the search starts (none for a plain search):
    /// where each row may hold a queen.
    pub fixed: Rc<FixedQueens>,
    /// Queens placed on each row since the start.
    pub placed: [u64; MAX_N],
    pub last: LastStep,
    pub counters: Counters,
}

impl Progress {
    /// A queen went on `row`.
    #[inline(always)]
    pub fn place(&mut self, row: usize) {
        self.counters.placements += 1;
        self.placed[row] += 1;
    }

    /// The board of a search that fills the rows top down: the queens on
    /// rows `0..depth` in the columns `queen` gives, the fixed queens on the
    /// rows below, the last step's square, and the squares still to be tried
    /// in the row being filled.
    pub fn rows_board(
        &self,
        depth: usize,
        queen: impl Fn(usize) -> usize,
        untried: RowMask,
    ) -> BoardView {
        let mut view = BoardView::empty(self.n);
        for row in 0..self.n {
            if row < depth {
                view.queens[row] = queen(row) as i32;
            } else if let Some(col) = self.fixed.column(row) {
                view.queens[row] = col as i32;
            }
        }
        view.probe = self.last.square;
        if depth < self.n {
            view.candidates = Some((depth, untried.into_iter().collect()));
        }
        view
    }
}

/// What makes a depth-first search its own: the path it keeps and how one
/// step moves along it. Each method gets the shared books.
pub trait Descent: Clone {
    const INFO: AlgorithmInfo;

    /// The path before the first step, on the board `progress` describes
    /// (its size and fixed queens; `INFO.takes_fixed_queens` says whether
    /// there can be any). Books what entering the first row rules out.
    fn start(progress: &mut Progress) -> Self;
    /// Takes one step and books it in `progress`; false (and no change) once
    /// the search is exhausted.
    fn step(&mut self, progress: &mut Progress) -> bool;
    fn is_done(&self, progress: &Progress) -> bool;
    fn board(&self, progress: &Progress) -> BoardView;
    fn registers(&self, progress: &Progress) -> Vec<Register>;
    /// The current path as the tree view reads it (see [`crate::tree`]).
    fn forks(&self, progress: &Progress) -> Vec<Fork>;
}

/// A depth-first search, walking in the manner of `S`.
#[derive(Clone, Debug)]
pub struct DepthFirst<S> {
    progress: Progress,
    search: S,
}

impl<S: Descent> DepthFirst<S> {
    pub fn new(n: usize) -> DepthFirst<S> {
        DepthFirst::from_fixed(Rc::new(FixedQueens::none(n)))
    }

    /// The search from fixed queens: it places queens on the other rows
    /// only, where the fixed ones leave room.
    fn from_fixed(fixed: Rc<FixedQueens>) -> DepthFirst<S> {
        let n = fixed.n();
        assert!(S::INFO.fits(n));
        let mut progress = Progress {
            n,
            fixed,
            placed: [0; MAX_N],
            last: LastStep::START,
            counters: Counters::default(),
        };
        let search = S::start(&mut progress);
        DepthFirst { progress, search }
    }

    /// The search's own path.
    pub fn search(&self) -> &S {
        &self.search
    }
}

impl<S: Descent> Algorithm for DepthFirst<S> {
    #[inline]
    fn step(&mut self) -> bool {
        self.search.step(&mut self.progress)
    }

    fn is_done(&self) -> bool {
        self.search.is_done(&self.progress)
    }

    fn counters(&self) -> &Counters {
        &self.progress.counters
    }

    fn last_step(&self) -> LastStep {
        self.progress.last
    }

    fn board(&self) -> BoardView {
        self.search.board(&self.progress)
    }

    fn registers(&self) -> Vec<Register> {
        self.search.registers(&self.progress)
    }

    fn nodes_by_depth(&self) -> Vec<u64> {
        self.progress.placed[..self.progress.n].to_vec()
    }

    fn forks(&self) -> Option<Vec<Fork>> {
        Some(self.search.forks(&self.progress))
    }

    /// Exactly the searches whose `INFO` says they take fixed queens do.
    fn with_fixed(fixed: Rc<FixedQueens>) -> Option<DepthFirst<S>> {
        S::INFO
            .takes_fixed_queens
            .then(|| DepthFirst::from_fixed(fixed))
    }
}
