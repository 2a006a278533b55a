//! Run lengths: how much work each of many seeded runs of a search takes to
//! reach its first solution, for the run-time distribution ("Many runs").
//!
//! A randomised search is lucky or unlucky: one seed solves N = 30 in a few
//! thousand steps, another takes a million. One run says little; the share
//! of runs still unsolved after a given amount of work (the survival curve)
//! says how the search behaves. [`run_lengths`] runs the seeds `first`,
//! `first + 1`, … each exactly as `Session::seeded(id, n, seed)` would, to
//! its first solution or to a cap, and gives each run's steps and checks.
//! The runs are deterministic, so the page and the tests agree.
//!
//! One call is bounded: at most [`MAX_RUNS`] runs, and the runs' caps
//! together at most [`call_budget`] steps: [`CALL_WORK`] of work, a step
//! counted at the most checks it can make plus [`STEP_WORK`], so a call
//! never blocks for long (about 1.5 s at the dearest); the page asks in
//! slices from its workers. The searches for every solution run to their first solution
//! too (the same run for every seed). [`Variant::WithoutRestarts`] runs
//! randomised backtracking with its restarts switched off: the heavy-tailed
//! baseline the restarts cut, which is no catalogued search because some of
//! its runs at N = 100 take longer than any test or page could wait.

use std::fmt;

use crate::algorithms::find_one::Engine;
use crate::algorithms::restarts::{self, Restarts};
use crate::algorithms::{find, AlgorithmInfo, AnyEngine, Goal, Solver};
use crate::error::grouped;
use crate::error::Error;
pub use crate::limits::MAX_SEED;
use crate::session::unknown;

/// The most runs one call makes.
pub const MAX_RUNS: usize = 1_000;
/// What a step weighs in a call's work besides its checks: its own
/// bookkeeping (drawing a random number, moving a queen, updating the
/// tallies), which costs about as much as 20 checks. Measured in wasm:
/// annealing's step, at most 2 checks, takes about as long as 20 of hill
/// climbing's checks.
pub const STEP_WORK: u64 = 20;
/// The most work one call's caps may allow: the runs times their cap times
/// the most work a step of the search can do at N (its bound on a step's
/// checks, plus [`STEP_WORK`]). Hill climbing's step reads N² squares, so at
/// N = 1,000 a call may budget 499 of its steps (about 1.5 s at 3 ms a
/// step); annealing at any N 22,727,272 (about 1 s).
pub const CALL_WORK: u64 = 500_000_000;

/// Which run of the search: the catalogued one, or randomised backtracking
/// with its restarts off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Catalogued,
    /// Only for `restarts`: [`Restarts::without_restarts`].
    WithoutRestarts,
}

/// One run's work to its first solution, or to the cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunLength {
    pub steps: u64,
    pub checks: u64,
    /// The cap came first: `steps` is the cap, and the run had not solved.
    pub capped: bool,
}

/// Why a call was refused, as a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The id, N or seed the core refuses (the same sentences as a session).
    Core(Error),
    /// A count of runs outside 1..=[`MAX_RUNS`].
    Count(u64),
    /// A cap of 0.
    ZeroCap,
    /// count × cap over the call's budget.
    OverBudget {
        algorithm: &'static AlgorithmInfo,
        n: usize,
        count: u64,
        cap: u64,
        budget: u64,
    },
    /// The last seed would pass [`MAX_SEED`].
    SeedsPastTheEnd { first: u64, count: u64 },
    /// Restarts switched off for a search that has none to switch.
    NoSuchVariant { algorithm: &'static AlgorithmInfo },
}

impl From<Error> for Refusal {
    fn from(error: Error) -> Refusal {
        Refusal::Core(error)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Core(error) => error.fmt(f),
            Refusal::Count(count) => write!(
                f,
                "runLengths() makes from 1 to {} runs a call; {} is not in that range.",
                grouped(MAX_RUNS as u64),
                grouped(*count)
            ),
            Refusal::ZeroCap => f.write_str(
                "A run's cap is the most steps it may take, a whole number from 1; 0 leaves no \
                 step to take.",
            ),
            Refusal::OverBudget {
                algorithm,
                n,
                count,
                cap,
                budget,
            } => write!(
                f,
                "One call of runLengths() takes at most {} steps of {} at N = {n} (the runs \
                 times the cap); {} run{} capped at {} would be {}. Ask for fewer runs a call, or \
                 a lower cap.",
                grouped(*budget),
                algorithm.name,
                grouped(*count),
                if *count == 1 { "" } else { "s" },
                grouped(*cap),
                grouped(count.saturating_mul(*cap))
            ),
            Refusal::SeedsPastTheEnd { first, count } => write!(
                f,
                "A seed is a whole number from 0 to 2^53 − 1; {} runs from seed {} would pass \
                 it.",
                grouped(*count),
                grouped(*first)
            ),
            Refusal::NoSuchVariant { algorithm } => write!(
                f,
                "Only {} ({}) can run with its restarts switched off; {} ({}) has none to \
                 switch.",
                restarts::INFO.name,
                restarts::ID,
                algorithm.name,
                algorithm.id
            ),
        }
    }
}

/// The most work a step of `info`'s search can do at N: its bound on a
/// step's checks, plus [`STEP_WORK`].
pub fn step_work(info: &AlgorithmInfo, n: usize) -> u64 {
    info.most_checks.at(n).saturating_add(STEP_WORK)
}

/// The steps one call may budget for `info`'s search at N: the runs times
/// their cap may not pass it, so that their work stays within [`CALL_WORK`].
pub fn call_budget(info: &AlgorithmInfo, n: usize) -> u64 {
    (CALL_WORK / step_work(info, n)).max(1)
}

/// The search `id` if it can search an n×n board (the stepping range of
/// `Session::seeded`), and `variant` is one it has.
pub fn subject(id: &str, n: usize, variant: Variant) -> Result<&'static AlgorithmInfo, Refusal> {
    let info = find(id).ok_or_else(|| unknown(id))?;
    if !info.fits(n) {
        return Err(Error::SizeOutOfRange { algorithm: info, n }.into());
    }
    if variant == Variant::WithoutRestarts && info.id != restarts::ID {
        return Err(Refusal::NoSuchVariant { algorithm: info });
    }
    Ok(info)
}

/// Seed `seed`'s run of `info`'s search on an n×n board, to its first
/// solution or `cap` steps, whichever comes first. The caller has checked
/// `info` and n with [`subject`]. A search that ends with no solution (the
/// searches for every solution at N = 2 and 3) is refused.
pub fn run_length(
    info: &'static AlgorithmInfo,
    n: usize,
    seed: u64,
    cap: u64,
    variant: Variant,
) -> Result<RunLength, Refusal> {
    let (solved, counters) = match (info.goal, variant) {
        (Goal::One, Variant::WithoutRestarts) => {
            let mut search = Restarts::without_restarts(n, seed)?;
            search.run(cap);
            (search.core().tally.is_solution(), search.core().counters)
        }
        // The engine's own loop: the steps and checks a session's
        // `OneSolution` counts, without its books.
        (Goal::One, Variant::Catalogued) => {
            let mut engine = AnyEngine::new(info.id, n, seed)?;
            engine.run(cap);
            (engine.is_solved(), *engine.counters())
        }
        (Goal::All, _) => {
            let mut solver = Solver::new(info, n, seed)?;
            solver.run(cap, true);
            let counters = *solver.counters();
            if counters.solutions == 0 && solver.is_done() {
                return Err(Error::NoSolution { n }.into());
            }
            (counters.solutions > 0, counters)
        }
    };
    Ok(RunLength {
        steps: counters.steps,
        checks: counters.checks,
        capped: !solved,
    })
}

/// Runs `count` seeds from `first` of the search `id` on an n×n board, each
/// to its first solution or `cap` steps: one [`RunLength`] a seed, in seed
/// order. Refuses (with a sentence) an unknown id, an N the search cannot
/// step, a count outside 1..=[`MAX_RUNS`], a cap of 0, runs × cap over
/// [`call_budget`], seeds past [`MAX_SEED`], and restarts switched off for
/// any search but `restarts`.
pub fn run_lengths(
    id: &str,
    n: usize,
    first: u64,
    count: u64,
    cap: u64,
    variant: Variant,
) -> Result<Vec<RunLength>, Refusal> {
    let info = subject(id, n, variant)?;
    if count == 0 || count > MAX_RUNS as u64 {
        return Err(Refusal::Count(count));
    }
    if cap == 0 {
        return Err(Refusal::ZeroCap);
    }
    let budget = call_budget(info, n);
    if count.saturating_mul(cap) > budget {
        return Err(Refusal::OverBudget {
            algorithm: info,
            n,
            count,
            cap,
            budget,
        });
    }
    if first > MAX_SEED || MAX_SEED - first < count - 1 {
        return Err(Refusal::SeedsPastTheEnd { first, count });
    }
    (first..first + count)
        .map(|seed| run_length(info, n, seed, cap, variant))
        .collect()
}
