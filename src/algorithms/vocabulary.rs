//! The vocabulary every search speaks, below the catalogue: the
//! [`Algorithm`] trait and its contract, what a step counts ([`Counters`]),
//! what it did ([`StepKind`], [`LastStep`]), what the page draws of it
//! ([`BoardView`], [`Register`]) and [`run_steps`]. A search imports this
//! module and [`super::info`]; nothing here knows which searches exist (that
//! is [`super::catalogue`]'s).
//!
//! Each algorithm keeps only the state its search needs, so that a step is a few
//! instructions and a clone (a time-travel checkpoint) is a small memcpy. What
//! the page draws — queens, threatened cells, the probe, the registers — is
//! derived from that state on demand by [`Algorithm::board`] and
//! [`Algorithm::registers`], never on the hot path.

use std::rc::Rc;

use crate::puzzle::FixedQueens;
use crate::tree::{Decided, Fork};

/// What every algorithm counts as it goes. All cumulative from `reset()`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Visible steps taken.
    pub steps: u64,
    /// The algorithm's own threat tests (a mask AND, a diagonal test, an `ok()`).
    pub checks: u64,
    /// Queens put on the board.
    pub placements: u64,
    /// Queens taken off the board to try something else.
    pub backtracks: u64,
    /// Complete, non-attacking boards found.
    pub solutions: u64,
    /// Boards of the space — the N^N with one queen in each row — that the
    /// search has ruled out so far (see [`SearchSpace`](super::info::SearchSpace) for when each search
    /// rules out what). With `solutions` and the pending rest they make N^N.
    pub ruled_out: u128,
    /// Probes that lie outside that space (only the bitboard scan makes any:
    /// its recursion walks on past a row it left empty).
    pub outside: u64,
    /// Queens moved to another square, or pairs exchanged (the searches for
    /// one solution; each says which).
    pub moves: u64,
    /// Fresh starts after a search for one solution gave up on a board.
    pub restarts: u64,
}

/// What kind of thing the last step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// Nothing yet: the state right after `reset()`.
    Start,
    /// A square was looked at, before it is judged (the regions search
    /// shows each look; a `Place` follows when the square is safe).
    Probe,
    /// A queen went on the board and the search goes deeper.
    Place,
    /// A square or a whole board was tested and found attacked.
    Reject,
    /// The last queen went on and the board is a solution.
    Solution,
    /// A row ran out of candidates and its parent's queen came off.
    Backtrack,
    /// A queen moved to another square of its row, or two exchanged columns.
    Move,
    /// Hill climbing's sideways move: a queen moved and the conflicts stayed.
    Sideways,
    /// A move was considered and not made.
    Stay,
    /// The board was given up and a fresh one begun.
    Restart,
    /// Every queen was checked to list the attacked ones (min-conflicts).
    Survey,
}

impl StepKind {
    pub fn id(self) -> &'static str {
        match self {
            StepKind::Start => "start",
            StepKind::Probe => "probe",
            StepKind::Place => "place",
            StepKind::Reject => "reject",
            StepKind::Solution => "solution",
            StepKind::Backtrack => "backtrack",
            StepKind::Move => "move",
            StepKind::Sideways => "sideways",
            StepKind::Stay => "stay",
            StepKind::Restart => "restart",
            StepKind::Survey => "survey",
        }
    }

    /// True when a step of this kind puts a queen on a square (placed,
    /// moved or swapped there): what `nodes_by_depth` counts of a search
    /// for one solution.
    #[inline]
    pub const fn lands_a_queen(self) -> bool {
        matches!(self, StepKind::Place | StepKind::Move | StepKind::Sideways)
    }
}

/// The last step, as the description panel and the aria-live region tell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastStep {
    pub kind: StepKind,
    /// Index into the algorithm's pseudocode; `None` before the first step.
    pub line: Option<usize>,
    /// The square the step was about (probed, placed or removed), if any.
    pub square: Option<(usize, usize)>,
}

impl LastStep {
    pub const START: LastStep = LastStep {
        kind: StepKind::Start,
        line: None,
        square: None,
    };

    /// A step of `kind` that ran pseudocode `line` on `square` (row, column).
    pub const fn at(kind: StepKind, line: usize, square: (usize, usize)) -> LastStep {
        LastStep {
            kind,
            line: Some(line),
            square: Some(square),
        }
    }
}

/// The board as the last step left it. Cells, conflicts and threats are
/// derived from this by `view::cells`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub n: usize,
    /// Column of each row's queen, or -1.
    pub queens: Vec<i32>,
    /// The square the last step tested, placed or removed.
    pub probe: Option<(usize, usize)>,
    /// Queens of the candidate being tested that are not on the board yet
    /// (brute force and permutations test whole boards row by row).
    pub ghosts: Vec<i32>,
    /// The squares still to be tried in one row, or (min-conflicts) the
    /// squares of a row it chose among: (row, their columns).
    pub candidates: Option<(usize, Vec<usize>)>,
    /// Mark every attacked queen as a conflict (the searches for one
    /// solution), not only the probe's attackers.
    pub every_conflict: bool,
}

impl BoardView {
    pub fn empty(n: usize) -> BoardView {
        BoardView {
            n,
            queens: vec![-1; n],
            probe: None,
            ghosts: vec![-1; n],
            candidates: None,
            every_conflict: false,
        }
    }
}

/// One register of the algorithm's working state, for the register panel.
#[derive(Clone, Debug, PartialEq)]
pub struct Register {
    /// Rows of the register table, e.g. "row 3"; "" for a lone register.
    pub group: String,
    /// The register's name in the pseudocode, e.g. "ld".
    pub name: &'static str,
    pub value: RegisterValue,
    /// What the register is for, where the page draws it specially.
    pub role: Option<RegisterRole>,
}

/// A register the page links to another: a swap is marked in the permutation
/// it acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegisterRole {
    /// The columns of the board under test, row by row.
    Permutation,
    /// The two positions of the permutation the last step exchanged.
    Swap,
}

impl RegisterRole {
    pub fn id(self) -> &'static str {
        match self {
            RegisterRole::Permutation => "permutation",
            RegisterRole::Swap => "swap",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum RegisterValue {
    /// `width` bits, bit 0 = column 0 (drawn left to right).
    Bits {
        value: u32,
        width: usize,
    },
    /// A 64-bit board, bit `row * n + col`.
    Board {
        value: u64,
        n: usize,
    },
    /// Small numbers: odometer digits, a permutation, a swap.
    List(Vec<i32>),
    Number(u64),
    /// A real number: annealing's temperature T.
    Real(f64),
    /// A count for each of a row's squares or a board's lines, with one of
    /// them marked (the column a step chose).
    Counts {
        values: Vec<i32>,
        highlight: Option<usize>,
    },
}

impl Register {
    pub fn new(group: impl Into<String>, name: &'static str, value: RegisterValue) -> Register {
        Register {
            group: group.into(),
            name,
            value,
            role: None,
        }
    }

    pub fn with_role(self, role: RegisterRole) -> Register {
        Register {
            role: Some(role),
            ..self
        }
    }
}

/// A steppable search. `step` is the hot path; everything else is for display.
///
/// **The contract.** What the session, the views and race mode assume of
/// every algorithm, and `tests/contract.rs` checks for every entry of the
/// catalogue (`ALGORITHMS`) at several N:
/// - A `step` that returns true adds exactly 1 to `counters().steps` and at
///   most `INFO.most_checks.at(N)` to `counters().checks` (race mode's clock
///   by checks relies on it: `session::Work::most_per_step`); one that
///   returns false changes nothing, and it returns false exactly when
///   `is_done()`. The search ends; a search for one solution ends at its
///   first, with `solutions` = 1.
/// - The search is deterministic and its whole state is in its `Clone`
///   (time travel replays from clones).
/// - `last_step().line`, after a step, is a line of `INFO.pseudocode`, and
///   its `square` is on the board; `board()` is N rows of queens and ghosts,
///   each a column or -1.
/// - `nodes_by_depth()` has N entries, which add up to `counters().placements`.
/// - The books close (a search for every solution): `ruled_out +
///   solutions` never passes the space's boards, and equals them once the
///   search is done.
/// - A search that tests whole boards gives `decided()`, a depth-first one
///   `forks()`: the tree view reads one or the other. A search for one
///   solution gives neither.
/// - `with_fixed` gives a search exactly when `INFO.takes_fixed_queens`, and
///   that search keeps the fixed queens on the board at every step.
/// - `registers()` are drawable: bit fields of at most 32 columns and
///   boards of at most 8×8, with no bit outside them; counts at most N·2
///   long, a highlight among them.
///
/// [`AlgorithmInfo`](super::info::AlgorithmInfo) has the rules checked when the crate compiles (sizes,
/// ids, seededness, pseudocode).
pub trait Algorithm: Clone {
    /// Takes one visible step; false (and no change) once the search is exhausted.
    fn step(&mut self) -> bool;
    /// True when no step is left.
    fn is_done(&self) -> bool;
    fn counters(&self) -> &Counters;
    fn last_step(&self) -> LastStep;
    fn board(&self) -> BoardView;
    fn registers(&self) -> Vec<Register>;
    /// For each row, how many queens have been placed on it since the start;
    /// the sum is `counters().placements`.
    fn nodes_by_depth(&self) -> Vec<u64>;

    /// How much of the tree a search that tests whole boards has decided
    /// (see [`crate::tree`]); `None` for the depth-first ones, which give
    /// their `forks` instead.
    fn decided(&self) -> Option<Decided> {
        None
    }

    /// For a depth-first search, its current path as the tree view reads it:
    /// each row's path column and decided children (see [`crate::tree`]).
    /// `None` for searches that are not depth-first.
    fn forks(&self) -> Option<Vec<Fork>> {
        None
    }

    /// The search started from fixed queens, for the searches that can
    /// (exactly those with `AlgorithmInfo::takes_fixed_queens`); `None` for
    /// the others.
    fn with_fixed(_fixed: Rc<FixedQueens>) -> Option<Self> {
        None
    }

    /// A sentence about the last step, for a search that says its own
    /// (the searches for one solution); `None` for the others, which
    /// `view::message` tells from `last_step()`.
    fn message(&self) -> Option<String> {
        None
    }

    /// The bytes a clone holds on the heap besides its own size: the
    /// session budgets its checkpoints by it.
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Takes up to `max` steps, stopping early after a step that found a
    /// solution when `stop_on_solution` is set. Returns the steps taken.
    #[inline]
    fn run(&mut self, max: u64, stop_on_solution: bool) -> u64 {
        run_steps(self, max, stop_on_solution)
    }
}

/// `Algorithm::run` one step at a time: the default, and the fallback of
/// algorithms with a faster path for some cases.
#[inline(always)]
pub fn run_steps<A: Algorithm>(search: &mut A, max: u64, stop_on_solution: bool) -> u64 {
    let mut taken = 0;
    let before = search.counters().solutions;
    while taken < max && search.step() {
        taken += 1;
        if stop_on_solution && search.counters().solutions != before {
            break;
        }
    }
    taken
}
