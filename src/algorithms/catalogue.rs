//! The catalogue, above the searches: **the one list of algorithms**
//! (`catalogued!`), and what is made from it: [`ALGORITHMS`] (page order),
//! [`FAMILY`] (the searches for one solution), [`Solver`] (the one a
//! `Session` steps), [`AnyEngine`] (a search for one solution, bare, for the
//! fast path), [`find`], [`find_one`], and the rules of [`AlgorithmInfo`]
//! checked for every entry as the crate compiles. It imports the searches;
//! no search imports it.
//!
//! Adding an algorithm: a new file in `src/algorithms/` with a `pub const
//! INFO: AlgorithmInfo` and a type, and one line in the list below, in the
//! `all:` part (a type with `pub fn new(n: usize)` and an
//! [`Algorithm`] impl: a `DepthFirst<_>`, a `WholeBoard<_>` or its own) or
//! the `one:` part (an [`Engine`], stepped as a [`OneSolution`]). Every
//! algorithm keeps the contract written on [`Algorithm`] and
//! [`AlgorithmInfo`].

use std::rc::Rc;

use super::find_one::tally::Tally;
use super::find_one::{self as engines, Core, Engine, Found, Last};
use super::info::{self, AlgorithmInfo, Goal};
use super::one_solution::{OneSolution, Watch};
use super::vocabulary::{Algorithm, BoardView, Counters, LastStep, Register};
use crate::error::Error;
use crate::puzzle::FixedQueens;
use crate::tree::{Decided, Fork};

/// **The one list of algorithms**, in page order: `module::Type`, the
/// searches for every solution (`all:`), then those for one (`one:`).
/// `catalogued!(then, args…)` calls the macro `then!` with `[args…]` and
/// the list; `algorithms/mod.rs` declares each module from it
/// (`declare_searches!`), and this file makes the catalogue
/// (`catalogue!`) and matches over every search (`dispatch!`).
macro_rules! catalogued {
    ($then:ident $(, $($args:tt)*)?) => {
        $then! {
            [$($($args)*)?]
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
    };
}

/// Declares each listed search's module (`pub mod brute_force;` …), where
/// it is called: in `algorithms/mod.rs`, so that a search is
/// `algorithms::<module>`.
macro_rules! declare_searches {
    (
        []
        all: $($module:ident :: $kind:ident),+ ;
        one: $($one_module:ident :: $one_kind:ident),+ $(,)?
    ) => {
        $(pub mod $module;)+
        $(pub mod $one_module;)+
    };
}

/// A `match` over every variant of [`Solver`] (`dispatch!(self, s =>
/// s.counters())`) or of [`AnyEngine`] (`dispatch!(AnyEngine: self, e =>
/// e.step())`), the search bound to the name given and the same expression
/// in every arm: each arm is compiled for its own type, so the hot loop
/// stays monomorphised.
macro_rules! dispatch {
    (AnyEngine: $on:expr, $s:ident => $body:expr) => {
        catalogued!(dispatch_match, AnyEngine, $on, $s => $body)
    };
    ($on:expr, $s:ident => $body:expr) => {
        catalogued!(dispatch_match, Solver, $on, $s => $body)
    };
}

/// `dispatch!`'s `match`, from the list.
macro_rules! dispatch_match {
    (
        [Solver, $on:expr, $s:ident => $body:expr]
        all: $($module:ident :: $kind:ident),+ ;
        one: $($one_module:ident :: $one_kind:ident),+ $(,)?
    ) => {
        match $on {
            $(Solver::$kind($s) => $body,)+
            $(Solver::$one_kind($s) => $body,)+
        }
    };
    (
        [AnyEngine, $on:expr, $s:ident => $body:expr]
        all: $($module:ident :: $kind:ident),+ ;
        one: $($one_module:ident :: $one_kind:ident),+ $(,)?
    ) => {
        match $on {
            $(AnyEngine::$one_kind($s) => $body,)+
        }
    };
}

/// Makes the catalogue from the list: for each `module::Type` it adds the
/// type to [`ALGORITHMS`] and to [`Solver`]. The `all:` part lists the
/// searches for every solution: each module has a `pub const INFO:
/// AlgorithmInfo` and its type a `pub fn new(n: usize)` and an
/// [`Algorithm`] impl. The `one:` part lists the searches for one solution:
/// each type implements [`Engine`] (its `INFO` is `Engine::INFO`), is
/// stepped as a [`OneSolution`], and goes into [`FAMILY`] and [`AnyEngine`]
/// for the fast path. What differs between the parts is made here; what
/// every search does alike is a `dispatch!` in the `impl`s below.
macro_rules! catalogue {
    (
        []
        all: $($module:ident :: $kind:ident),+ ;
        one: $($one_module:ident :: $one_kind:ident),+ $(,)?
    ) => {
        /// Every algorithm, in the order the page lists them: the searches
        /// for every solution, then those for one.
        pub const ALGORITHMS: &[AlgorithmInfo] =
            &[$(super::$module::INFO),+, $(super::$one_module::INFO),+];

        /// The searches for one solution, in page order.
        pub const FAMILY: &[AlgorithmInfo] = &[$(super::$one_module::INFO),+];

        /// One of the searches. An enum rather than a trait object so that the
        /// hot loop in `run` is monomorphised per algorithm.
        #[derive(Clone, Debug)]
        pub enum Solver {
            $($kind(super::$module::$kind),)+
            $($one_kind(OneSolution<super::$one_module::$one_kind>),)+
        }

        /// One of the searches for one solution, bare: `find_one`'s fast
        /// path and the API's `Finder`, with no books for stepping.
        #[derive(Clone, Debug)]
        pub enum AnyEngine {
            $($one_kind(super::$one_module::$one_kind)),+
        }

        // The rules of `AlgorithmInfo` that need no run, checked as the crate
        // compiles: a broken entry is a compile error with the rule's sentence.
        $(const _: () = if let Some(rule) = super::$module::INFO.broken_rule() {
            panic!("{}", rule)
        };)+
        $(const _: () = if let Some(rule) = super::$one_module::INFO.broken_rule() {
            panic!("{}", rule)
        };)+
        $(const _: () = assert!(
            matches!(super::$module::INFO.goal, Goal::All),
            "the all: part of the catalogue lists searches for every solution (goal All)"
        );)+
        $(const _: () = assert!(
            matches!(<super::$one_module::$one_kind as Engine>::INFO.goal, Goal::One),
            "the one: part of the catalogue lists searches for one solution (goal One)"
        );)+
        const _: () = assert!(
            info::ids_unique(ALGORITHMS),
            "two catalogued algorithms share an id"
        );
        const _: () = assert!(
            info::largest_find_n(FAMILY) == crate::limits::FIND_MAX_N,
            "some search for one solution takes limits::FIND_MAX_N (findOne's largest board)"
        );

        impl Solver {
            /// The search `info` describes, on an n×n board, from `seed`
            /// (the searches for every solution ignore it). An error when
            /// no catalogued algorithm has its id, or the search refuses N
            /// (construction at 2 and 3). The caller checks `info.fits(n)`
            /// first (the searches assert it).
            pub fn new(info: &AlgorithmInfo, n: usize, seed: u64) -> Result<Solver, Error> {
                $(if info.id == super::$module::INFO.id {
                    return Ok(Solver::$kind(super::$module::$kind::new(n)));
                })+
                $(if info.id == super::$one_module::INFO.id {
                    return <super::$one_module::$one_kind as Engine>::new(n, seed)
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
                $(if info.id == super::$module::INFO.id {
                    return <super::$module::$kind as Algorithm>::with_fixed(fixed)
                        .map(Solver::$kind);
                })+
                None
            }

            pub fn info(&self) -> &'static AlgorithmInfo {
                match self {
                    $(Solver::$kind(_) => &super::$module::INFO,)+
                    $(Solver::$one_kind(_) => &super::$one_module::INFO,)+
                }
            }

            /// `run`, calling `each` after every step of a search for one
            /// solution with its counters and attacking pairs (the session's
            /// conflicts trace); the searches for every solution have no
            /// trace and just run.
            pub fn run_watched(&mut self, max: u64, stop: bool, each: Watch) -> u64 {
                match self {
                    $(Solver::$kind(s) => s.run(max, stop),)+
                    $(Solver::$one_kind(s) => s.run_watched(max, stop, each),)+
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
                $(if id == super::$one_module::INFO.id {
                    return <super::$one_module::$one_kind as Engine>::new(n, seed)
                        .map(AnyEngine::$one_kind);
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
                    $(AnyEngine::$one_kind(_) => &super::$one_module::INFO),+
                }
            }
        }
    };
}

catalogued!(catalogue);

impl Solver {
    pub fn run(&mut self, max: u64, stop_on_solution: bool) -> u64 {
        dispatch!(self, s => s.run(max, stop_on_solution))
    }

    pub fn is_done(&self) -> bool {
        dispatch!(self, s => s.is_done())
    }

    pub fn counters(&self) -> &Counters {
        dispatch!(self, s => s.counters())
    }

    pub fn last_step(&self) -> LastStep {
        dispatch!(self, s => s.last_step())
    }

    pub fn board(&self) -> BoardView {
        dispatch!(self, s => s.board())
    }

    pub fn registers(&self) -> Vec<Register> {
        dispatch!(self, s => s.registers())
    }

    pub fn decided(&self) -> Option<Decided> {
        dispatch!(self, s => s.decided())
    }

    pub fn forks(&self) -> Option<Vec<Fork>> {
        dispatch!(self, s => s.forks())
    }

    pub fn nodes_by_depth(&self) -> Vec<u64> {
        dispatch!(self, s => s.nodes_by_depth())
    }

    pub fn message(&self) -> Option<String> {
        dispatch!(self, s => s.message())
    }

    pub fn heap_bytes(&self) -> usize {
        dispatch!(self, s => s.heap_bytes())
    }
}

impl AnyEngine {
    pub fn step(&mut self) -> bool {
        dispatch!(AnyEngine: self, e => e.step())
    }

    /// Up to `max` steps in the engine's own loop; returns the steps
    /// taken (fewer once solved).
    pub fn run(&mut self, max: u64) -> u64 {
        dispatch!(AnyEngine: self, e => Engine::run(e, max))
    }

    pub fn core(&self) -> &Core {
        dispatch!(AnyEngine: self, e => e.core())
    }

    pub fn tally(&self) -> &Tally {
        &self.core().tally
    }

    pub fn counters(&self) -> &Counters {
        &self.core().counters
    }

    pub fn last(&self) -> Last {
        self.core().last
    }

    pub fn is_solved(&self) -> bool {
        self.tally().is_solution()
    }

    /// Steps to the solution and hands it over.
    pub fn solve(self) -> Found {
        dispatch!(AnyEngine: self, e => engines::run_to_end(e))
    }
}

/// Looks an algorithm up by id.
pub fn find(id: &str) -> Option<&'static AlgorithmInfo> {
    ALGORITHMS.iter().find(|info| info.id == id)
}

/// One solution of the n-queens puzzle by the search `id` from `seed`, with
/// no timeline: the engine's own steps, run to the end. Refuses an unknown
/// id, a search for every solution, and an N outside the search's
/// `min_n..=find_max_n`, each with a sentence.
pub fn find_one(id: &str, n: usize, seed: u64) -> Result<Found, Error> {
    Ok(AnyEngine::new(id, n, seed)?.solve())
}

/// The search for one solution called `id`, or why there is none.
pub fn find_one_info(id: &str) -> Result<&'static AlgorithmInfo, Error> {
    match find(id) {
        Some(info) if info.goal == Goal::One => Ok(info),
        Some(info) => Err(Error::NotFindOne { algorithm: info }),
        None => Err(Error::UnknownAlgorithm {
            id: id.into(),
            known: ALGORITHMS,
        }),
    }
}
