//! The algorithms as steppable state machines behind one small trait, and
//! `catalogue!`: the one list that registers them. Five seeds find every
//! solution (goal "all"); six searches find one (goal "one": each an
//! [`crate::algorithms::find_one::Engine`], stepped as a [`one_solution::OneSolution`]).
//!
//! Each algorithm keeps only the state its search needs, so that a step is a few
//! instructions and a clone (a time-travel checkpoint) is a small memcpy. What
//! the page draws — queens, threatened cells, the probe, the registers — is
//! derived from that state on demand by [`Algorithm::board`] and
//! [`Algorithm::registers`], never on the hot path.
//!
//! Adding an algorithm: a new file with a `pub const INFO: AlgorithmInfo`, a
//! type with `pub fn new(n: usize)` and an `impl Algorithm`, and one line in
//! the `catalogue!` call below. A depth-first search implements
//! [`depth_first::Descent`] and is a `DepthFirst<_>`; one that tests a whole
//! board per step implements [`whole_board::BoardSource`] and is a
//! `WholeBoard<_>`: both keep the books for it. A search for one solution
//! implements [`crate::algorithms::find_one::Engine`] (with `new(n, seed)`) and goes in
//! the `one:` part of the list. Every algorithm keeps the contract written on
//! [`Algorithm`] and [`AlgorithmInfo`].

use std::rc::Rc;

use crate::algorithms::find_one::{Core, Engine, Found};
use crate::error::Error;
use crate::puzzle::FixedQueens;
use crate::tree::{Decided, Fork};

pub mod depth_first;
pub mod find_one;
pub mod info;
pub mod one_solution;
pub mod whole_board;

pub use info::{AlgorithmInfo, Bound, Goal, SearchSpace};
pub use one_solution::{find_one, OneSolution};

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
/// every algorithm, and `tests/contract.rs` checks for every entry of
/// [`ALGORITHMS`] at several N:
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
/// [`AlgorithmInfo`] has the rules checked when the crate compiles (sizes,
/// ids, pseudocode).
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

/// Registers the algorithms: for each `module::Type` it declares the module
/// and adds the type to [`ALGORITHMS`] and to [`Solver`]. The `all:` part
/// lists the searches for every solution: each module has a `pub const
/// INFO: AlgorithmInfo` and its type a `pub fn new(n: usize)` and an
/// [`Algorithm`] impl. The `one:` part lists the searches for one solution:
/// each type implements [`Engine`] (its `INFO` is `Engine::INFO`), is
/// stepped as a [`OneSolution`], and goes into [`FAMILY`] and [`AnyEngine`]
/// for the fast path.
macro_rules! catalogue {
    (
        all: $($module:ident :: $kind:ident),+ ;
        one: $($one_module:ident :: $one_kind:ident),+ $(,)?
    ) => {
        $(pub mod $module;)+
        $(pub mod $one_module;)+

        /// Every algorithm, in the order the page lists them: the searches
        /// for every solution, then those for one.
        pub const ALGORITHMS: &[AlgorithmInfo] = &[$($module::INFO),+, $($one_module::INFO),+];

        /// The searches for one solution, in page order.
        pub const FAMILY: &[AlgorithmInfo] = &[$($one_module::INFO),+];

        /// One of the searches. An enum rather than a trait object so that the
        /// hot loop in `run` is monomorphised per algorithm.
        #[derive(Clone, Debug)]
        pub enum Solver {
            $($kind($module::$kind),)+
            $($one_kind(OneSolution<$one_module::$one_kind>),)+
        }

        /// One of the searches for one solution, bare: `find_one`'s fast
        /// path and the API's `Finder`, with no books for stepping.
        #[derive(Clone, Debug)]
        pub enum AnyEngine {
            $($one_kind($one_module::$one_kind)),+
        }

        // The rules of `AlgorithmInfo` that need no run, checked as the crate
        // compiles: a broken entry is a compile error with the rule's sentence.
        $(const _: () = if let Some(rule) = $module::INFO.broken_rule() {
            panic!("{}", rule)
        };)+
        $(const _: () = if let Some(rule) = $one_module::INFO.broken_rule() {
            panic!("{}", rule)
        };)+
        $(const _: () = assert!(
            matches!($module::INFO.goal, Goal::All),
            "the all: part of the catalogue lists searches for every solution (goal All)"
        );)+
        $(const _: () = assert!(
            matches!(<$one_module::$one_kind as Engine>::INFO.goal, Goal::One),
            "the one: part of the catalogue lists searches for one solution (goal One)"
        );)+
        const _: () = assert!(
            info::ids_unique(ALGORITHMS),
            "two catalogued algorithms share an id"
        );

        impl Solver {
            /// The search `info` describes, on an n×n board, from `seed`
            /// (the searches for every solution ignore it). An error when
            /// no catalogued algorithm has its id, or the search refuses N
            /// (construction at 2 and 3). The caller checks `info.fits(n)`
            /// first (the searches assert it).
            pub fn new(info: &AlgorithmInfo, n: usize, seed: u64) -> Result<Solver, Error> {
                $(if info.id == $module::INFO.id {
                    return Ok(Solver::$kind($module::$kind::new(n)));
                })+
                $(if info.id == $one_module::INFO.id {
                    return <$one_module::$one_kind as Engine>::new(n, seed)
                        .map(|engine| Solver::$one_kind(OneSolution::new(engine)));
                })+
                Err(Error::UnknownAlgorithm {
                    id: info.id.into(),
                    known: ALGORITHMS,
                })
            }

            /// The search `info` describes, started from `fixed` queens;
            /// `None` when it cannot start from them (or is not catalogued).
            /// The caller checks `info.fits(fixed.n())` first.
            pub fn with_fixed(info: &AlgorithmInfo, fixed: Rc<FixedQueens>) -> Option<Solver> {
                $(if info.id == $module::INFO.id {
                    return <$module::$kind as Algorithm>::with_fixed(fixed).map(Solver::$kind);
                })+
                None
            }

            pub fn info(&self) -> &'static AlgorithmInfo {
                match self {
                    $(Solver::$kind(_) => &$module::INFO,)+
                    $(Solver::$one_kind(_) => &$one_module::INFO,)+
                }
            }

            pub fn run(&mut self, max: u64, stop_on_solution: bool) -> u64 {
                match self {
                    $(Solver::$kind(s) => s.run(max, stop_on_solution),)+
                    $(Solver::$one_kind(s) => s.run(max, stop_on_solution),)+
                }
            }

            /// `run`, calling `each` after every step of a search for one
            /// solution with its counters and attacking pairs (the session's
            /// conflicts trace); the searches for every solution have no
            /// trace and just run.
            pub fn run_watched(&mut self, max: u64, stop: bool, each: one_solution::Watch) -> u64 {
                match self {
                    $(Solver::$kind(s) => s.run(max, stop),)+
                    $(Solver::$one_kind(s) => s.run_watched(max, stop, each),)+
                }
            }

            pub fn is_done(&self) -> bool {
                match self {
                    $(Solver::$kind(s) => s.is_done(),)+
                    $(Solver::$one_kind(s) => s.is_done(),)+
                }
            }

            pub fn counters(&self) -> &Counters {
                match self {
                    $(Solver::$kind(s) => s.counters(),)+
                    $(Solver::$one_kind(s) => s.counters(),)+
                }
            }

            pub fn last_step(&self) -> LastStep {
                match self {
                    $(Solver::$kind(s) => s.last_step(),)+
                    $(Solver::$one_kind(s) => s.last_step(),)+
                }
            }

            pub fn board(&self) -> BoardView {
                match self {
                    $(Solver::$kind(s) => s.board(),)+
                    $(Solver::$one_kind(s) => s.board(),)+
                }
            }

            pub fn registers(&self) -> Vec<Register> {
                match self {
                    $(Solver::$kind(s) => s.registers(),)+
                    $(Solver::$one_kind(s) => s.registers(),)+
                }
            }

            pub fn decided(&self) -> Option<Decided> {
                match self {
                    $(Solver::$kind(s) => s.decided(),)+
                    $(Solver::$one_kind(s) => s.decided(),)+
                }
            }

            pub fn forks(&self) -> Option<Vec<Fork>> {
                match self {
                    $(Solver::$kind(s) => s.forks(),)+
                    $(Solver::$one_kind(s) => s.forks(),)+
                }
            }

            pub fn nodes_by_depth(&self) -> Vec<u64> {
                match self {
                    $(Solver::$kind(s) => s.nodes_by_depth(),)+
                    $(Solver::$one_kind(s) => s.nodes_by_depth(),)+
                }
            }

            pub fn message(&self) -> Option<String> {
                match self {
                    $(Solver::$kind(s) => s.message(),)+
                    $(Solver::$one_kind(s) => s.message(),)+
                }
            }

            pub fn heap_bytes(&self) -> usize {
                match self {
                    $(Solver::$kind(s) => s.heap_bytes(),)+
                    $(Solver::$one_kind(s) => s.heap_bytes(),)+
                }
            }

            /// The engine's board and counters, for a search for one
            /// solution; `None` for the others.
            pub fn engine_core(&self) -> Option<&Core> {
                match self {
                    $(Solver::$one_kind(s) => Some(s.engine().core()),)+
                    _ => None,
                }
            }
        }

        impl AnyEngine {
            /// Engine `id` on an n×n board from `seed`, or why not: an
            /// unknown id, a search for every solution, or an N its
            /// `find_max_n` does not take.
            pub fn new(id: &str, n: usize, seed: u64) -> Result<AnyEngine, Error> {
                $(if id == $one_module::INFO.id {
                    return <$one_module::$one_kind as Engine>::new(n, seed).map(AnyEngine::$one_kind);
                })+
                match find(id) {
                    Some(info) => Err(Error::NotFindOne { algorithm: info }),
                    None => Err(Error::UnknownAlgorithm {
                        id: id.into(),
                        known: ALGORITHMS,
                    }),
                }
            }

            pub fn info(&self) -> &'static AlgorithmInfo {
                match self {
                    $(AnyEngine::$one_kind(_) => &$one_module::INFO),+
                }
            }

            pub fn step(&mut self) -> bool {
                match self {
                    $(AnyEngine::$one_kind(e) => e.step()),+
                }
            }

            /// Up to `max` steps in the engine's own loop; returns the steps
            /// taken (fewer once solved).
            pub fn run(&mut self, max: u64) -> u64 {
                match self {
                    $(AnyEngine::$one_kind(e) => crate::algorithms::find_one::run_steps(e, max)),+
                }
            }

            pub fn core(&self) -> &Core {
                match self {
                    $(AnyEngine::$one_kind(e) => e.core()),+
                }
            }

            pub fn tally(&self) -> &crate::algorithms::find_one::tally::Tally {
                &self.core().tally
            }

            pub fn counters(&self) -> &Counters {
                &self.core().counters
            }

            pub fn last(&self) -> crate::algorithms::find_one::Last {
                self.core().last
            }

            pub fn is_solved(&self) -> bool {
                self.tally().is_solution()
            }

            /// Steps to the solution and hands it over.
            pub fn solve(self) -> Found {
                match self {
                    $(AnyEngine::$one_kind(e) => crate::algorithms::find_one::run_to_end(e)),+
                }
            }
        }
    };
}

catalogue! {
    all:
    brute_force::BruteForce,
    permutations::Permutations,
    backtracking::Backtracking,
    bitboard_scan::BitboardScan,
    bitwise::Bitwise;
    one:
    min_conflicts::MinConflicts,
    hill_climbing::HillClimbing,
    annealing::Annealing,
    queen_search::QueenSearch,
    restarts::Restarts,
    construction::Construction,
}

/// Looks an algorithm up by id.
pub fn find(id: &str) -> Option<&'static AlgorithmInfo> {
    ALGORITHMS.iter().find(|info| info.id == id)
}
