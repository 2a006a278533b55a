//! What the searches for one solution share (the catalogued ones live in
//! `src/algorithms/`, one file each, listed in the `one:` part of `catalogue.rs`):
//! the [`Engine`] trait, the [`Core`] every engine keeps (board, random
//! numbers, counters, last step), the greedy start and suspects of the
//! repair searches ([`repair`]), the sentences about a step they share
//! ([`words`]), the board with its line counts
//! ([`tally`]), the seeded generator ([`rng`]: one `u64`, the same run
//! natively and in WebAssembly) and [`check::verify`], the independent judge
//! of a finished board.
//!
//! Every engine allocates everything at `new` and nothing in `step`, and
//! states in its `AlgorithmInfo` what one step and one check are and the
//! most checks one step can add. [`run_to_end`] is the fast path: an
//! engine's own [`Engine::run`] loop, with no timeline, for boards up to
//! `limits::FIND_MAX_N` queens; `algorithms::find_one` picks the engine by
//! id.

use crate::algorithms::info::AlgorithmInfo;
use crate::algorithms::vocabulary::{Counters, Register, StepKind};
use crate::error::Error;

/// The two [`Engine`] methods that hand over an engine's [`Core`], for an
/// engine whose core is at `self.<path>`.
macro_rules! core_at {
    ($($path:ident).+) => {
        fn core(&self) -> &Core {
            &self.$($path).+
        }

        fn core_mut(&mut self) -> &mut Core {
            &mut self.$($path).+
        }

        fn into_core(self) -> Core {
            self.$($path).+
        }
    };
}
pub(crate) use core_at;

pub mod check;
pub mod repair;
pub mod rng;
pub mod tally;
pub mod words;

use rng::Rng;
use tally::Tally;

/// The refusal of `bytes` of memory for an n×n board.
pub(crate) fn refused(n: usize, bytes: u64) -> Error {
    Error::OutOfMemory { n, bytes }
}

/// What one check is, for the engines whose checks all read the tallies.
pub const READS_A_SQUARE: &str = "One check reads how many queens attack one square.";

/// Refuses an n the engine's `find_one` does not take: the check every
/// `new` starts with.
pub(crate) fn check_size(info: &'static AlgorithmInfo, n: usize) -> Result<(), Error> {
    if info.find_fits(n) {
        Ok(())
    } else {
        Err(Error::FindSizeOutOfRange { algorithm: info, n })
    }
}

/// The last step: what it did, and to which row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Last {
    pub event: StepKind,
    /// The row the step was about (the queen considered, placed or moved).
    pub row: Option<usize>,
    /// The square's column, where the step had one.
    pub col: Option<u32>,
    /// The other row of a swap, tried or made (queen search).
    pub other: Option<usize>,
}

impl Last {
    pub const START: Last = Last {
        event: StepKind::Start,
        row: None,
        col: None,
        other: None,
    };

    pub const fn at(event: StepKind, row: usize, col: u32) -> Last {
        Last {
            event,
            row: Some(row),
            col: Some(col),
            other: None,
        }
    }

    /// A swap of `row` (now on `col`) with `other`.
    pub const fn swap(event: StepKind, row: usize, col: u32, other: usize) -> Last {
        Last {
            event,
            row: Some(row),
            col: Some(col),
            other: Some(other),
        }
    }

    pub const fn only(event: StepKind) -> Last {
        Last {
            event,
            row: None,
            col: None,
            other: None,
        }
    }
}

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
    /// An empty n×n board and the generator for `seed`, or a sentence when
    /// the memory is refused.
    pub fn new(n: usize, seed: u64) -> Result<Core, Error> {
        let tally = Tally::new(n).ok_or_else(|| refused(n, Tally::bytes(n, false)))?;
        Ok(Core::with(tally, seed))
    }

    /// An empty n×n permutation board ([`Tally::permutation`]) and the
    /// generator for `seed`, or a sentence when the memory is refused.
    pub fn permutation(n: usize, seed: u64) -> Result<Core, Error> {
        let tally = Tally::permutation(n).ok_or_else(|| refused(n, Tally::bytes(n, true)))?;
        Ok(Core::with(tally, seed))
    }

    fn with(tally: Tally, seed: u64) -> Core {
        Core {
            tally,
            rng: Rng::new(seed),
            counters: Counters::default(),
            last: Last::START,
        }
    }

    /// A random board (each queen on a uniform column of its row) from `seed`.
    pub fn random(n: usize, seed: u64) -> Result<Core, Error> {
        let mut core = Core::new(n, seed)?;
        core.tally.randomize(&mut core.rng);
        Ok(core)
    }

    /// Counts a restart, the last step's event.
    pub fn restarted(&mut self) {
        self.counters.restarts += 1;
        self.last = Last::only(StepKind::Restart);
    }

    /// Throws the board away for a fresh random one: a restart.
    pub fn restart_random(&mut self) {
        self.tally.randomize(&mut self.rng);
        self.restarted();
    }

    /// Counts the step just taken; true if it solved the board (the one
    /// solution an engine finds).
    pub fn stepped(&mut self) -> bool {
        self.stepped_by(1)
    }

    /// Counts `steps` steps just taken in bulk ([`Engine::run`]); true if
    /// the board is solved after them.
    pub fn stepped_by(&mut self, steps: u64) -> bool {
        self.counters.steps += steps;
        let solved = self.tally.is_solution();
        self.counters.solutions = u64::from(solved);
        solved
    }
}

/// A steppable find-one search. `find_one` is nothing but `new` and `run`
/// to the end, and `run` ends exactly where as many calls of `step` would,
/// so a fast run and a stepped run from the same seed are the same run.
pub trait Engine: Clone {
    const INFO: AlgorithmInfo;

    /// The engine on an n×n board from `seed`, or why not. Checks N against
    /// `min_n` and `find_max_n`; a stepping session applies its own,
    /// smaller, maximum (`max_n`).
    fn new(n: usize, seed: u64) -> Result<Self, Error>;
    /// Takes one visible step; false (and no change) once solved.
    fn step(&mut self) -> bool;
    /// Takes up to `max` steps; returns the steps taken (fewer once solved).
    /// The fast path (this and [`run_to_end`]): an engine may take
    /// steps in bulk here, but it must end exactly where `max` calls of
    /// `step` would, with the same board, counters, last step and random
    /// numbers. By default it calls `step`.
    fn run(&mut self, max: u64) -> u64 {
        let mut taken = 0;
        while taken < max && self.step() {
            taken += 1;
        }
        taken
    }
    /// The line of `INFO.pseudocode` a step of this kind ran.
    fn line(event: StepKind) -> usize;
    fn core(&self) -> &Core;
    fn core_mut(&mut self) -> &mut Core;
    fn into_core(self) -> Core;

    /// The sentence about the last step, whose kind is `event` (never
    /// `Start` or `Solution`: `OneSolution` says those for every engine).
    /// The default says the kinds the engines share ([`words::said`]); an
    /// engine with a kind of step of its own says it here, in its own file,
    /// and passes the other kinds on to [`words::said`].
    fn sentence(&self, event: StepKind) -> String {
        words::said(self.core(), event)
    }

    /// The registers of the engine's own state, shown after the ones every
    /// engine has (annealing's temperature); none by default.
    fn registers(&self) -> Vec<Register> {
        Vec::new()
    }

    /// The squares the last step chose among, for the board's CANDIDATE
    /// marks: (row, columns). None where the engine has none to show.
    fn candidates(&self) -> Option<(usize, Vec<usize>)> {
        None
    }

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

/// Up to `SLICE` steps of `engine`, in a function of its own (see
/// [`run_to_end`]); returns the steps taken.
#[inline(never)]
fn run_slice<E: Engine>(engine: &mut E) -> u64 {
    engine.run(SLICE)
}

/// A solution and what finding it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The column of each row's queen.
    pub queens: Vec<u32>,
    pub steps: u64,
    pub restarts: u64,
}

/// The steps [`run_to_end`] takes in one call of `run_slice`.
const SLICE: u64 = 1 << 12;

/// Runs `engine` until it is solved: the whole fast path, `SLICE` steps a
/// call of `run_slice`. A WebAssembly engine (V8's) compiles a function
/// with its quick compiler first and runs the optimised code only from a
/// later call on, never in a call already under way, so one call that ran
/// the whole search would run the quick code throughout (about 2.5 times as
/// slow for queen search's greedy start). `run` ends where as many `step`s
/// would, so the slices are the same run as one call.
pub fn run_to_end<E: Engine>(mut engine: E) -> Found {
    while run_slice(&mut engine) == SLICE {}
    let core = engine.into_core();
    Found {
        steps: core.counters.steps,
        restarts: core.counters.restarts,
        queens: core.tally.into_queens(),
    }
}
