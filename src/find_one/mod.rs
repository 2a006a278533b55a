//! Find one solution, at any N: the repair searches and the construction, as
//! steppable engines, and [`find_one`], which runs an engine's own step loop
//! to its solution without a timeline, for boards up to 10,000,000 queens.
//!
//! Every engine is seeded ([`rng`]: one `u64`, the same run natively and in
//! WebAssembly), keeps its board in a [`tally::Tally`] (conflicts of any
//! square in three reads), allocates everything at `new` and nothing in
//! `step`, and states in its [`Info`] what one step and one check are and the
//! most checks one step can add. The engines:
//! - [`min_conflicts`] (Minton et al., 1992): repair a random attacked queen.
//! - [`hill_climbing`]: steepest ascent, sideways moves, random restarts.
//! - [`annealing`]: random moves, worse ones taken with a falling chance.
//! - [`queen_search`] (Sosic and Gu, 1994): swaps within a permutation.
//! - [`restarts`] (Gomes, Selman and Kautz, 1998): randomised backtracking cut
//!   off after Luby's sequence of backtracks.
//! - [`construction`] (Hoffman, Loessi and Moore, 1969; Bernhardsson, 1991):
//!   the explicit formula, no search.
//!
//! [`check::verify`] is the independent judge of a finished board.

use std::fmt;

use crate::view::grouped;

/// The two [`Engine`] methods that hand over an engine's [`Core`], for an
/// engine whose core is at `self.<path>`.
macro_rules! core_at {
    ($($path:ident).+) => {
        fn core(&self) -> &Core {
            &self.$($path).+
        }

        fn into_core(self) -> Core {
            self.$($path).+
        }
    };
}

pub mod annealing;
pub mod check;
pub mod construction;
pub mod hill_climbing;
pub mod min_conflicts;
pub mod queen_search;
mod repair;
pub mod restarts;
pub mod rng;
pub mod tally;

use rng::Rng;
use tally::Tally;

/// The largest board [`find_one`] takes for the fast engines: 10,000,000
/// queens need about 280 MB (28 bytes a queen, see [`tally`]).
pub const FIND_MAX_N: usize = 10_000_000;
/// The largest board a stepping session of this family takes.
pub const STEP_MAX_N: usize = 1_000;

/// The most checks one step can add, as a polynomial in N:
/// `squares`·N² + `queens`·N + `constant`. Race mode gives each lane a
/// budget of checks and needs this to know how far a step may overshoot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    pub squares: u64,
    pub queens: u64,
    pub constant: u64,
}

impl Bound {
    pub const fn at(self, n: usize) -> u64 {
        let n = n as u64;
        self.squares
            .saturating_mul(n.saturating_mul(n))
            .saturating_add(self.queens.saturating_mul(n))
            .saturating_add(self.constant)
    }
}

/// What the page and the errors say about a find-one engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    /// The id, a contract with the page and the API.
    pub id: &'static str,
    pub name: &'static str,
    pub min_n: usize,
    /// The largest board `find_one` takes for it.
    pub find_max_n: usize,
    /// What one step is, in a sentence.
    pub step_is: &'static str,
    /// What one check is, in a sentence.
    pub check_is: &'static str,
    /// The most checks one step adds.
    pub bound: Bound,
}

impl Info {
    /// True when the engine can take an n×n board.
    pub const fn fits(&self, n: usize) -> bool {
        n >= self.min_n && n <= self.find_max_n
    }
}

/// Looks an engine up by id.
pub fn find(id: &str) -> Option<&'static Info> {
    FAMILY.iter().find(|info| info.id == id)
}

/// What every engine counts, cumulative from `new`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Visible steps taken.
    pub steps: u64,
    /// Queens put on a square or moved to another (each engine says which).
    pub moves: u64,
    /// Fresh starts after the search gave up on a board.
    pub restarts: u32,
    /// Conflict evaluations: reads of a square's attackers from the tallies.
    pub checks: u64,
}

/// What kind of thing the last step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// Nothing yet.
    Start,
    /// A queen went on the next row.
    Place,
    /// A square was tested and found attacked (backtracking).
    Reject,
    /// A queen was taken off to try something else (backtracking).
    Backtrack,
    /// A queen moved to another square (or two exchanged columns).
    Move,
    /// A move was considered and not made.
    Stay,
    /// The board was given up and a fresh one begun.
    Restart,
    /// Every queen was checked to list the attacked ones.
    Survey,
}

impl Event {
    pub fn id(self) -> &'static str {
        match self {
            Event::Start => "start",
            Event::Place => "place",
            Event::Reject => "reject",
            Event::Backtrack => "backtrack",
            Event::Move => "move",
            Event::Stay => "stay",
            Event::Restart => "restart",
            Event::Survey => "survey",
        }
    }
}

/// The last step: what it did, and to which row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Last {
    pub event: Event,
    /// The row the step was about (the queen considered, placed or moved).
    pub row: Option<usize>,
    /// The square's column, where the step had one.
    pub col: Option<u32>,
    /// The other row of a swap, tried or made (queen search).
    pub other: Option<usize>,
}

impl Last {
    pub const START: Last = Last {
        event: Event::Start,
        row: None,
        col: None,
        other: None,
    };

    pub const fn at(event: Event, row: usize, col: u32) -> Last {
        Last {
            event,
            row: Some(row),
            col: Some(col),
            other: None,
        }
    }

    /// A swap of `row` (now on `col`) with `other`.
    pub const fn swap(event: Event, row: usize, col: u32, other: usize) -> Last {
        Last {
            event,
            row: Some(row),
            col: Some(col),
            other: Some(other),
        }
    }

    pub const fn only(event: Event) -> Last {
        Last {
            event,
            row: None,
            col: None,
            other: None,
        }
    }
}

/// Why an engine or [`find_one`] refuses, each with a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindError {
    /// No find-one engine has this id.
    UnknownId(String),
    /// The engine does not take an n×n board.
    SizeOutOfRange { info: &'static Info, n: usize },
    /// N = 2 or 3: no solution exists to construct.
    NoSolution { n: usize },
}

impl fmt::Display for FindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FindError::UnknownId(id) => {
                let known: Vec<&str> = FAMILY.iter().map(|info| info.id).collect();
                write!(
                    f,
                    "There is no find-one algorithm called \"{id}\". Choose one of: {}.",
                    known.join(", ")
                )
            }
            FindError::SizeOutOfRange { info, n } => {
                let (min, max) = (info.min_n, grouped(info.find_max_n as u64));
                write!(
                    f,
                    "{} ({}) finds a solution on boards from {min}×{min} to {max}×{max}; \
                     N = {} is not in that range.",
                    info.name,
                    info.id,
                    grouped(*n as u64)
                )
            }
            FindError::NoSolution { n } => write!(
                f,
                "No {n} queens can stand on a {n}×{n} board without attacking each other: \
                 N = 2 and N = 3 have no solution, so there is none to construct."
            ),
        }
    }
}

impl std::error::Error for FindError {}

/// What every engine keeps besides its own state: the board, the random
/// numbers, the counters and the last step.
#[derive(Clone, Debug)]
pub struct Core {
    pub tally: Tally,
    pub rng: Rng,
    pub counters: Counters,
    pub last: Last,
}

impl Core {
    /// An empty n×n board and the generator for `seed`.
    pub fn new(n: usize, seed: u64) -> Core {
        Core {
            tally: Tally::new(n),
            rng: Rng::new(seed),
            counters: Counters::default(),
            last: Last::START,
        }
    }

    /// A random board (each queen on a uniform column of its row) from `seed`.
    pub fn random(n: usize, seed: u64) -> Core {
        let mut core = Core::new(n, seed);
        core.tally.randomize(&mut core.rng);
        core
    }

    /// Counts a restart, the last step's event.
    pub fn restarted(&mut self) {
        self.counters.restarts += 1;
        self.last = Last::only(Event::Restart);
    }

    /// Throws the board away for a fresh random one: a restart.
    pub fn restart_random(&mut self) {
        self.tally.randomize(&mut self.rng);
        self.restarted();
    }

    /// Counts the step just taken; true if it solved the board.
    pub fn stepped(&mut self) -> bool {
        self.counters.steps += 1;
        self.tally.is_solution()
    }
}

/// A steppable find-one search. `step` is the hot path; [`find_one`] is
/// nothing but `new` and `step` until it returns false, so a fast run and a
/// stepped run from the same seed are the same run.
pub trait Engine: Clone {
    const INFO: Info;

    /// The engine on an n×n board from `seed`, or why not. Checks N against
    /// [`Info::min_n`] and [`Info::find_max_n`]; a stepping session applies
    /// its own, smaller, maximum.
    fn new(n: usize, seed: u64) -> Result<Self, FindError>;
    /// Takes one visible step; false (and no change) once solved.
    fn step(&mut self) -> bool;
    fn core(&self) -> &Core;
    fn into_core(self) -> Core;

    fn tally(&self) -> &Tally {
        &self.core().tally
    }

    fn counters(&self) -> &Counters {
        &self.core().counters
    }

    fn last(&self) -> Last {
        self.core().last
    }

    /// True once the board is a solution.
    fn is_solved(&self) -> bool {
        self.tally().is_solution()
    }

    /// The column of each placed row's queen (rows `0..placed`).
    fn queens(&self) -> &[u32] {
        self.tally().queens()
    }

    /// Attacking pairs on the board now.
    fn conflicts(&self) -> u64 {
        self.tally().pairs()
    }
}

/// Refuses an n the engine does not take: the check every `new` starts with.
pub(crate) fn check_size(info: &'static Info, n: usize) -> Result<(), FindError> {
    if info.fits(n) {
        Ok(())
    } else {
        Err(FindError::SizeOutOfRange { info, n })
    }
}

/// A solution and what finding it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The column of each row's queen.
    pub queens: Vec<u32>,
    pub steps: u64,
    pub restarts: u32,
}

/// Runs `engine` until it is solved: the whole fast path.
fn run_to_end<E: Engine>(mut engine: E) -> Found {
    while engine.step() {}
    let core = engine.into_core();
    Found {
        steps: core.counters.steps,
        restarts: core.counters.restarts,
        queens: core.tally.into_queens(),
    }
}

/// One solution of the n-queens puzzle by engine `id` from `seed`, with no
/// timeline: the engine's own steps, run to the end.
pub fn find_one(id: &str, n: usize, seed: u64) -> Result<Found, FindError> {
    let info = find(id).ok_or_else(|| FindError::UnknownId(id.to_string()))?;
    if !info.fits(n) {
        return Err(FindError::SizeOutOfRange { info, n });
    }
    Ok(AnyEngine::new(id, n, seed)?.solve())
}

/// Registers the engines: [`FAMILY`], their infos in page order, and
/// [`AnyEngine`], one of them chosen by id. Each module has `ID`, `INFO` and
/// a type implementing [`Engine`].
macro_rules! family {
    ($($module:ident :: $kind:ident),+ $(,)?) => {
        /// What one check is, for the engines whose checks all read the tallies.
pub const READS_A_SQUARE: &str = "One check reads how many queens attack one square.";

/// Every engine's info, in the order the page lists them.
        pub const FAMILY: &[Info] = &[$($module::INFO),+];

        /// One of the engines. An enum rather than a trait object so that
        /// [`AnyEngine::solve`] runs a loop monomorphised per engine.
        #[derive(Clone, Debug)]
        pub enum AnyEngine {
            $($kind($module::$kind)),+
        }

        impl AnyEngine {
            /// Engine `id` on an n×n board from `seed`, or why not.
            pub fn new(id: &str, n: usize, seed: u64) -> Result<AnyEngine, FindError> {
                $(if id == $module::ID {
                    return <$module::$kind as Engine>::new(n, seed).map(AnyEngine::$kind);
                })+
                Err(FindError::UnknownId(id.to_string()))
            }

            pub fn info(&self) -> &'static Info {
                match self {
                    $(AnyEngine::$kind(_) => &$module::INFO),+
                }
            }

            pub fn step(&mut self) -> bool {
                match self {
                    $(AnyEngine::$kind(e) => e.step()),+
                }
            }

            pub fn core(&self) -> &Core {
                match self {
                    $(AnyEngine::$kind(e) => e.core()),+
                }
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
                match self {
                    $(AnyEngine::$kind(e) => run_to_end(e)),+
                }
            }
        }
    };
}

family! {
    min_conflicts::MinConflicts,
    hill_climbing::HillClimbing,
    annealing::Annealing,
    queen_search::QueenSearch,
    restarts::Restarts,
    construction::Construction,
}
