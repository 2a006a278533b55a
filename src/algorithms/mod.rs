//! The five seed algorithms as steppable state machines behind one small trait,
//! and [`catalogue!`]: the one list that registers them.
//!
//! Each algorithm keeps only the state its search needs, so that a step is a few
//! instructions and a clone (a time-travel checkpoint) is a small memcpy. What
//! the page draws — queens, threatened cells, the probe, the registers — is
//! derived from that state on demand by [`Algorithm::board`] and
//! [`Algorithm::registers`], never on the hot path.
//!
//! Adding an algorithm: a new file with a `pub const INFO: AlgorithmInfo`, a
//! type with `pub fn new(n: usize)` and an `impl Algorithm`, and one line in
//! the `catalogue!` call below.

use std::rc::Rc;

use crate::board::RowMask;
use crate::error::Error;
use crate::puzzle::FixedQueens;
use crate::tree::{Decided, Fork};

pub mod whole_board;

/// The largest board the row-by-row algorithms step through. Rows are
/// [`RowMask`]s, so 32 would fit; 20 keeps a whole board legible on a canvas.
pub const MAX_N: usize = 20;

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
    /// search has ruled out so far (see [`SearchSpace`] for when each search
    /// rules out what). With `solutions` and the pending rest they make N^N.
    pub ruled_out: u128,
    /// Probes that lie outside that space (only the bitboard scan makes any:
    /// its recursion walks on past a row it left empty).
    pub outside: u64,
}

/// `POWERS[n][k]` = n^k, for every board size and exponent the searches use:
/// a lookup on the hot path instead of a multiplication loop.
const POWERS: [[u128; MAX_N + 1]; MAX_N + 1] = {
    let mut table = [[0u128; MAX_N + 1]; MAX_N + 1];
    let mut n = 0;
    while n <= MAX_N {
        let mut k = 0;
        let mut value = 1u128;
        while k <= MAX_N {
            table[n][k] = value;
            value *= n as u128;
            k += 1;
        }
        n += 1;
    }
    table
};

/// n^k as a u128, for n, k ≤ [`MAX_N`]: 20^20 is past 2^64.
#[inline(always)]
pub const fn power(n: usize, k: usize) -> u128 {
    POWERS[n][k]
}

/// How many boards a subtree holds whose rows `0..=row` are fixed: N^(N-row-1).
#[inline(always)]
pub const fn boards_below(n: usize, row: usize) -> u128 {
    power(n, n - row - 1)
}

/// What kind of thing the last step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// Nothing yet: the state right after `reset()`.
    Start,
    /// A queen went on the board and the search goes deeper.
    Place,
    /// A square or a whole board was tested and found attacked.
    Reject,
    /// The last queen went on and the board is a solution.
    Solution,
    /// A row ran out of candidates and its parent's queen came off.
    Backtrack,
}

impl StepKind {
    pub fn id(self) -> &'static str {
        match self {
            StepKind::Start => "start",
            StepKind::Place => "place",
            StepKind::Reject => "reject",
            StepKind::Solution => "solution",
            StepKind::Backtrack => "backtrack",
        }
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
/// derived from this by [`crate::view::View`].
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
    /// The squares still to be tried in one row: (row, its columns).
    pub candidates: Option<(usize, RowMask)>,
}

impl BoardView {
    pub fn empty(n: usize) -> BoardView {
        BoardView {
            n,
            queens: vec![-1; n],
            probe: None,
            ghosts: vec![-1; n],
            candidates: None,
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
    /// (`AlgorithmInfo::takes_fixed_queens`); `None` for the others.
    fn with_fixed(_fixed: Rc<FixedQueens>) -> Option<Self> {
        None
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

/// What one step of a search looks at, and so how long the search is.
///
/// Every search accounts for the N^N boards with one queen in each row: at
/// every step each is ruled out, found as a solution, or pending.
/// - Brute force: each step rules out the board it tests, or finds it.
/// - Permutations: the N^N − N! boards that repeat a column are ruled out from
///   the start, as never generated; then each step rules out or finds one.
/// - Backtracking: entering row r, the r columns in use rule out
///   r·N^(N−r−1) boards at once; a candidate rejected at row r rules out
///   N^(N−r−1); the last queen placed finds one solution.
/// - Bitwise: entering row r, each column not in `poss` rules out N^(N−r−1).
/// - Bitboard scan: an `ok()` that fails at (r, c) while rows 0..r−1 all hold a
///   queen rules out N^(N−r−1); its probes past a row left empty lie outside
///   the space and are counted in `Counters::outside`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchSpace {
    /// Partial boards, row by row or square by square: the search tree. How
    /// many steps it takes is only known by running it.
    Tree,
    /// Every board with one queen per row, one per step: N^N steps.
    AllBoards,
    /// Every board with one queen per row and column, one per step: N! steps.
    Permutations,
}

impl SearchSpace {
    pub fn id(self) -> &'static str {
        match self {
            SearchSpace::Tree => "tree",
            SearchSpace::AllBoards => "all-boards",
            SearchSpace::Permutations => "permutations",
        }
    }

    /// True when each step tests a whole board (queens go on row by row until
    /// the first threatened one, the rest stay ghosts).
    pub const fn tests_whole_boards(self) -> bool {
        !matches!(self, SearchSpace::Tree)
    }

    /// The boards of the space ruled out before the first step: those that
    /// repeat a column, for a search that only generates permutations.
    pub fn never_generated(self, n: usize) -> u128 {
        match self {
            SearchSpace::Permutations => power(n, n) - (1..=n as u128).product::<u128>(),
            _ => 0,
        }
    }

    /// The search's length in steps, where it is known before running it.
    pub fn length(self, n: usize) -> Option<u64> {
        let n = n as u64;
        match self {
            SearchSpace::Tree => None,
            SearchSpace::AllBoards => Some(n.pow(n as u32)),
            SearchSpace::Permutations => Some((1..=n).product()),
        }
    }
}

/// What the page and the errors say about an algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlgorithmInfo {
    pub id: &'static str,
    pub name: &'static str,
    /// Which seed document it follows, e.g. "000".
    pub seed: &'static str,
    pub min_n: usize,
    pub max_n: usize,
    /// What one step looks at.
    pub space: SearchSpace,
    /// True when a session can start it from fixed queens.
    pub takes_fixed_queens: bool,
    /// One paragraph on how it searches, for the description panel.
    pub description: &'static str,
    /// What "one step" is, in a sentence.
    pub step_is: &'static str,
    pub pseudocode: &'static [&'static str],
}

impl AlgorithmInfo {
    /// True when the algorithm can search an n×n board.
    pub const fn fits(&self, n: usize) -> bool {
        n >= self.min_n && n <= self.max_n
    }

    /// "Bitwise (ld / col / rd) (bitwise) works on boards from 1×1 to 20×20".
    pub fn range_text(&self) -> String {
        let (min, max) = (self.min_n, self.max_n);
        format!(
            "{} ({}) works on boards from {min}×{min} to {max}×{max}",
            self.name, self.id
        )
    }
}

/// Registers the algorithms: for each `module::Type` it declares the module
/// and adds the type to [`ALGORITHMS`] and to [`Solver`]. Each module has a
/// `pub const INFO: AlgorithmInfo` and its type a `pub fn new(n: usize)` and
/// an [`Algorithm`] impl.
macro_rules! catalogue {
    ($($module:ident :: $kind:ident),+ $(,)?) => {
        $(pub mod $module;)+

        /// Every algorithm, in the order the page lists them.
        pub const ALGORITHMS: &[AlgorithmInfo] = &[$($module::INFO),+];

        /// One of the searches. An enum rather than a trait object so that the
        /// hot loop in `run` is monomorphised per algorithm.
        #[derive(Clone, Debug)]
        pub enum Solver {
            $($kind($module::$kind)),+
        }

        impl Solver {
            /// The search `id` on an n×n board, or why there is none.
            pub fn new(id: &str, n: usize) -> Result<Solver, Error> {
                let info = find(id).ok_or_else(|| Error::UnknownAlgorithm(id.to_string()))?;
                if !info.fits(n) {
                    return Err(Error::SizeOutOfRange { algorithm: info, n });
                }
                $(if info.id == $module::INFO.id {
                    return Ok(Solver::$kind($module::$kind::new(n)));
                })+
                Err(Error::UnknownAlgorithm(id.to_string()))
            }

            /// The search `id` started from `fixed` queens, or why not.
            pub fn with_fixed(id: &str, fixed: Rc<FixedQueens>) -> Result<Solver, Error> {
                let info = find(id).ok_or_else(|| Error::UnknownAlgorithm(id.to_string()))?;
                let n = fixed.n();
                if !info.fits(n) {
                    return Err(Error::SizeOutOfRange { algorithm: info, n });
                }
                $(if info.id == $module::INFO.id {
                    return <$module::$kind as Algorithm>::with_fixed(fixed)
                        .map(Solver::$kind)
                        .ok_or(Error::FixedQueensUnsupported { algorithm: info });
                })+
                Err(Error::UnknownAlgorithm(id.to_string()))
            }

            pub fn info(&self) -> &'static AlgorithmInfo {
                match self {
                    $(Solver::$kind(_) => &$module::INFO),+
                }
            }

            pub fn run(&mut self, max: u64, stop_on_solution: bool) -> u64 {
                match self {
                    $(Solver::$kind(s) => s.run(max, stop_on_solution)),+
                }
            }

            pub fn is_done(&self) -> bool {
                match self {
                    $(Solver::$kind(s) => s.is_done()),+
                }
            }

            pub fn counters(&self) -> &Counters {
                match self {
                    $(Solver::$kind(s) => s.counters()),+
                }
            }

            pub fn last_step(&self) -> LastStep {
                match self {
                    $(Solver::$kind(s) => s.last_step()),+
                }
            }

            pub fn board(&self) -> BoardView {
                match self {
                    $(Solver::$kind(s) => s.board()),+
                }
            }

            pub fn registers(&self) -> Vec<Register> {
                match self {
                    $(Solver::$kind(s) => s.registers()),+
                }
            }

            pub fn decided(&self) -> Option<Decided> {
                match self {
                    $(Solver::$kind(s) => s.decided()),+
                }
            }

            pub fn forks(&self) -> Option<Vec<Fork>> {
                match self {
                    $(Solver::$kind(s) => s.forks()),+
                }
            }

            pub fn nodes_by_depth(&self) -> Vec<u64> {
                match self {
                    $(Solver::$kind(s) => s.nodes_by_depth()),+
                }
            }
        }
    };
}

catalogue! {
    brute_force::BruteForce,
    permutations::Permutations,
    backtracking::Backtracking,
    bitboard_scan::BitboardScan,
    bitwise::Bitwise,
}

/// Looks an algorithm up by id.
pub fn find(id: &str) -> Option<&'static AlgorithmInfo> {
    ALGORITHMS.iter().find(|info| info.id == id)
}
