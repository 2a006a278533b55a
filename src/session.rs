//! A search you can step through both ways: the current solver state plus a
//! timeline of checkpoints, so `seek(k)` restores the nearest earlier clone and
//! replays at most one checkpoint interval.
//!
//! Memory stays bounded: when the timeline holds `MAX_CHECKPOINTS` clones, every
//! other one is dropped and the interval doubles. At 16.7 million steps that
//! leaves an interval of 16,384 steps — well under a millisecond to replay. A
//! clone is `size_of::<Solver>()` bytes (the largest state, bitwise's, sets
//! it), so a session's timeline never holds more than
//! `MAX_CHECKPOINTS * size_of::<Solver>()`: see [`Session::max_timeline_bytes`].

use std::rc::Rc;

use crate::algorithms::{
    most_checks_per_step, AlgorithmInfo, BoardView, Counters, LastStep, Register, Solver,
    ALGORITHMS,
};
use crate::error::Error;
use crate::limits::power;
use crate::puzzle::FixedQueens;
use crate::tree::Decided;
use crate::view;

/// Checkpoints kept at most; each is a clone of a few hundred bytes.
pub const MAX_CHECKPOINTS: usize = 2048;
const FIRST_INTERVAL: u64 = 64;
/// Solutions remembered for the gallery; counting goes on past it.
pub const MAX_REMEMBERED_SOLUTIONS: usize = 1000;
/// How far past the furthest step reached so far a `seek` may go: the whole
/// brute-force search at N=8. New ground costs time (up to a few hundred
/// milliseconds for this many steps in the slowest search); further than this,
/// `run()` in slices is the way, so no one call blocks for long.
pub const SEEK_REACH: u64 = 1 << 24;

/// The N^N boards with one queen in each row, as the search has covered them
/// so far: `total = ruled_out + solutions + pending` at every step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Space {
    pub total: u128,
    pub ruled_out: u128,
    pub solutions: u128,
    pub pending: u128,
    /// Probes outside the space (the bitboard scan's walks past an empty row).
    pub outside: u64,
}

/// A measure of how much work a search has done, for a race between searches
/// on one clock: its steps, or its checks (the algorithm's own threat tests).
/// Both only grow as the steps go on, so "as far as a budget of work goes" is
/// one step of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    Steps,
    Checks,
}

impl Work {
    /// `"steps"` or `"checks"`.
    pub fn from_id(id: &str) -> Option<Work> {
        match id {
            "steps" => Some(Work::Steps),
            "checks" => Some(Work::Checks),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Work::Steps => "steps",
            Work::Checks => "checks",
        }
    }

    /// This measure of `counters`.
    pub fn of(self, counters: &Counters) -> u64 {
        match self {
            Work::Steps => counters.steps,
            Work::Checks => counters.checks,
        }
    }

    /// The most work one step can add on an n×n board: a step is one step,
    /// and its checks are bounded by the algorithms' contract
    /// ([`most_checks_per_step`]; `tests/contract.rs` checks every step of
    /// every algorithm at small N).
    pub fn most_per_step(self, n: usize) -> u64 {
        match self {
            Work::Steps => 1,
            Work::Checks => most_checks_per_step(n),
        }
    }
}

/// The algorithm `id`, if it can search an n×n board; else why not.
fn sized(id: &str, n: usize) -> Result<&'static AlgorithmInfo, Error> {
    let info = crate::algorithms::find(id).ok_or_else(|| unknown(id))?;
    if !info.fits(n) {
        return Err(Error::SizeOutOfRange { algorithm: info, n });
    }
    Ok(info)
}

/// The refusal of an id no algorithm has.
pub fn unknown(id: &str) -> Error {
    Error::UnknownAlgorithm {
        id: id.into(),
        known: ALGORITHMS,
    }
}

/// A solution, and the step that found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundSolution {
    pub step: u64,
    pub queens: Vec<i32>,
}

/// A search with time travel.
pub struct Session {
    n: usize,
    /// How many boards the space holds: N^N, or fewer with fixed queens.
    space_total: u128,
    solver: Solver,
    /// checkpoints[i] is the state after i * interval steps.
    checkpoints: Vec<Solver>,
    interval: u64,
    /// The most steps ever taken since the last reset.
    furthest: u64,
    /// How many steps the whole search takes, once it has been seen to end.
    end: Option<u64>,
    found: Vec<FoundSolution>,
}

impl Session {
    /// The search `id` on an n×n board; an error for an unknown id or an N
    /// the algorithm cannot do.
    pub fn new(id: &str, n: usize) -> Result<Session, Error> {
        let info = sized(id, n)?;
        let solver = Solver::new(info, n).ok_or_else(|| unknown(id))?;
        Ok(Session::around(solver, n, power(n, n)))
    }

    /// The search `id` started from queens already on `squares` (`row * n +
    /// col`): it places queens in the other rows only, and the space is the
    /// boards that hold the fixed queens. Backtracking and bitwise can.
    pub fn with_fixed(id: &str, n: usize, squares: &[usize]) -> Result<Session, Error> {
        let info = sized(id, n)?;
        let fixed = FixedQueens::new(n, squares)?;
        if let Some((a, b)) = fixed.attacking_pair() {
            return Err(Error::FixedQueensAttack { a, b });
        }
        let total = fixed.space_total();
        let solver =
            Solver::with_fixed(info, Rc::new(fixed)).ok_or(Error::FixedQueensUnsupported {
                algorithm: info,
                known: ALGORITHMS,
            })?;
        Ok(Session::around(solver, n, total))
    }

    fn around(solver: Solver, n: usize, space_total: u128) -> Session {
        let end = solver.info().space.length(n);
        Session {
            n,
            space_total,
            checkpoints: vec![solver.clone()],
            solver,
            interval: FIRST_INTERVAL,
            furthest: 0,
            end,
            found: Vec::new(),
        }
    }

    pub fn info(&self) -> &'static AlgorithmInfo {
        self.solver.info()
    }
    pub fn n(&self) -> usize {
        self.n
    }
    pub fn step_index(&self) -> u64 {
        self.solver.counters().steps
    }
    pub fn furthest_step(&self) -> u64 {
        self.furthest
    }
    /// The length of the whole search: known from the start for brute force
    /// and permutations, and for the others once they have been run to the end.
    pub fn total_steps(&self) -> Option<u64> {
        self.end
    }
    pub fn is_done(&self) -> bool {
        self.solver.is_done()
    }
    /// The most memory a session's timeline can take, in bytes.
    pub const fn max_timeline_bytes() -> usize {
        MAX_CHECKPOINTS * std::mem::size_of::<Solver>()
    }

    /// How many checkpoints the timeline holds, and the steps between them.
    pub fn timeline_shape(&self) -> (usize, u64) {
        (self.checkpoints.len(), self.interval)
    }
    pub fn counters(&self) -> &Counters {
        self.solver.counters()
    }
    pub fn last_step(&self) -> LastStep {
        self.solver.last_step()
    }
    pub fn board(&self) -> BoardView {
        self.solver.board()
    }
    pub fn queens(&self) -> Vec<i32> {
        self.solver.board().queens
    }
    pub fn cells(&self) -> Vec<u8> {
        view::cells(&self.solver.board())
    }
    pub fn registers(&self) -> Vec<Register> {
        self.solver.registers()
    }
    pub fn message(&self) -> String {
        view::message(
            self.info(),
            &self.last_step(),
            &self.board(),
            self.counters(),
        )
    }
    /// How much of the N^N boards the search has ruled out or found so far.
    pub fn space(&self) -> Space {
        let counters = self.counters();
        let total = self.space_total;
        let solutions = counters.solutions as u128;
        Space {
            total,
            ruled_out: counters.ruled_out,
            solutions,
            pending: total - counters.ruled_out - solutions,
            outside: counters.outside,
        }
    }

    /// How much of the tree the search has decided, for the tree view; `None`
    /// for a search from fixed queens (a smaller space than the tree's).
    pub fn decided(&self) -> Option<Decided> {
        if self.space_total != power(self.n, self.n) {
            return None;
        }
        self.solver.decided().or_else(|| {
            self.solver
                .forks()
                .map(|forks| Decided::path(self.n, forks))
        })
    }

    /// For each row, how many queens have been placed on it since `reset()`.
    pub fn nodes_by_depth(&self) -> Vec<u64> {
        self.solver.nodes_by_depth()
    }

    /// Solutions found up to the current step (the first
    /// `MAX_REMEMBERED_SOLUTIONS` of them).
    pub fn solutions(&self) -> &[FoundSolution] {
        let now = self.step_index();
        let upto = self.found.partition_point(|s| s.step <= now);
        &self.found[..upto]
    }

    /// One step forward; false once the search is exhausted.
    pub fn step(&mut self) -> bool {
        self.advance(1, false) == 1
    }

    /// Up to `max` steps forward; returns how many were taken.
    pub fn run(&mut self, max: u64) -> u64 {
        self.advance(max, false)
    }

    /// Runs until a step finds a solution (true) or the search ends or `max`
    /// steps have been taken (false).
    pub fn run_to_solution(&mut self, max: u64) -> bool {
        let before = self.counters().solutions;
        self.advance(max, true);
        self.counters().solutions != before
    }

    pub fn step_back(&mut self) -> bool {
        let now = self.step_index();
        if now == 0 {
            return false;
        }
        self.go_to(now - 1);
        true
    }

    /// Exactly the state `k` steps after `reset()` gives. An error, and no
    /// move, if the search ends before step `k` or `k` lies more than
    /// [`SEEK_REACH`] steps past the furthest step reached. A failed seek may
    /// still have learnt new ground on the way: `furthest_step` and
    /// `total_steps` can grow.
    pub fn seek(&mut self, k: u64) -> Result<(), Error> {
        if let Some(end) = self.end {
            if k > end {
                return Err(Error::PastTheEnd { requested: k, end });
            }
        }
        if k > self.furthest.saturating_add(SEEK_REACH) {
            return Err(Error::TooFarAhead {
                requested: k,
                furthest: self.furthest,
                reach: SEEK_REACH,
            });
        }
        let origin = self.step_index();
        self.go_to(k);
        if self.step_index() != k {
            // The search ended before step k: it is now known where.
            let end = self.step_index();
            self.go_to(origin);
            return Err(Error::PastTheEnd { requested: k, end });
        }
        Ok(())
    }

    /// Runs forward while the next step keeps `work` within `budget`, at most
    /// `max` steps: it stops on the last step whose work is at most `budget`,
    /// or at the end of the search. Returns the steps taken (0 when the next
    /// step would already go over, or when the session is past the budget:
    /// this never goes back). Big strides where no step can cross the budget
    /// (see [`Work::most_per_step`]), then one step at a time, each tried on
    /// a copy first.
    pub fn run_within(&mut self, work: Work, budget: u64, max: u64) -> u64 {
        let most = work.most_per_step(self.n);
        let mut taken = 0;
        while taken < max && !self.is_done() {
            let now = work.of(self.counters());
            if now > budget {
                break;
            }
            let safe = ((budget - now) / most).min(max - taken);
            if safe > 0 {
                let ran = self.advance(safe, false);
                taken += ran;
                if ran < safe {
                    break; // the search ended
                }
                continue;
            }
            if self.next_work(work).is_none_or(|next| next > budget) {
                break;
            }
            taken += self.advance(1, false);
        }
        taken
    }

    /// The work done once the next step is taken, or `None` at the end: the
    /// next point at which a race on this measure sees the search move.
    pub fn next_work(&self, work: Work) -> Option<u64> {
        let mut probe = self.solver.clone();
        (probe.run(1, false) == 1).then(|| work.of(probe.counters()))
    }

    /// Exactly the state of the last step whose `work` is at most `budget`
    /// (the end, if the whole search costs no more), as if stepped from
    /// `reset()`: a race's lane at that reading of its clock. Restores the
    /// last checkpoint within the budget and runs on from there. An error,
    /// and no move, if getting there takes more than [`SEEK_REACH`] steps past
    /// the furthest step reached (new ground is `run_within`'s, a slice at a
    /// time); as with `seek`, what it learnt on the way is kept.
    pub fn seek_work(&mut self, work: Work, budget: u64) -> Result<(), Error> {
        let origin = self.step_index();
        let index = self
            .checkpoints
            .partition_point(|c| work.of(c.counters()) <= budget)
            .max(1)
            - 1;
        let base = self.checkpoints[index].counters().steps;
        // Walk on from here unless going back, or a checkpoint is nearer.
        if !(work.of(self.counters()) <= budget && self.step_index() >= base) {
            self.solver = self.checkpoints[index].clone();
        }
        let reach = self.furthest.saturating_add(SEEK_REACH);
        let room = reach.saturating_sub(self.step_index());
        self.run_within(work, budget, room);
        let short = !self.is_done()
            && self.step_index() >= reach
            && self.next_work(work).is_some_and(|next| next <= budget);
        if short {
            let furthest = self.furthest;
            self.go_to(origin);
            return Err(Error::WorkTooFarAhead {
                work: work.id(),
                budget,
                furthest,
                reach: SEEK_REACH,
            });
        }
        Ok(())
    }

    /// Back to step 0, forgetting the timeline.
    pub fn reset(&mut self) {
        self.checkpoints.truncate(1);
        self.solver = self.checkpoints[0].clone();
        self.interval = FIRST_INTERVAL;
        self.furthest = 0;
        self.end = self.info().space.length(self.n);
        self.found.clear();
    }

    /// Moves to step `k`, or as near as the search's end allows.
    fn go_to(&mut self, k: u64) {
        let now = self.step_index();
        let index = ((k / self.interval) as usize).min(self.checkpoints.len() - 1);
        let base = self.checkpoints[index].counters().steps;
        // Replay from the checkpoint unless walking on from here is shorter.
        if !(now <= k && now >= base) {
            self.solver = self.checkpoints[index].clone();
        }
        let now = self.step_index();
        self.advance(k - now, false);
    }

    /// Steps forward, replaying known ground fast and recording checkpoints and
    /// solutions on new ground. Returns the steps taken.
    fn advance(&mut self, max: u64, stop_on_solution: bool) -> u64 {
        let mut taken = 0;
        while taken < max {
            let at = self.step_index();
            let before = self.counters().solutions;
            let (budget, fresh) = if at < self.furthest {
                ((max - taken).min(self.furthest - at), false)
            } else {
                let boundary = (at / self.interval + 1) * self.interval;
                ((max - taken).min(boundary - at), true)
            };
            let remember = fresh && self.found.len() < MAX_REMEMBERED_SOLUTIONS;
            let ran = self.solver.run(budget, stop_on_solution || remember);
            taken += ran;
            let found_one = self.counters().solutions != before;
            if fresh {
                self.record_new_ground(found_one && remember);
            }
            if ran < budget && !found_one {
                break; // the search is over
            }
            if found_one && stop_on_solution {
                break;
            }
        }
        taken
    }

    fn record_new_ground(&mut self, found_one: bool) {
        let at = self.step_index();
        self.furthest = self.furthest.max(at);
        if found_one {
            self.found.push(FoundSolution {
                step: at,
                queens: self.queens(),
            });
        }
        if at == self.checkpoints.len() as u64 * self.interval {
            if self.checkpoints.len() == MAX_CHECKPOINTS {
                // Full: keep every other checkpoint and double the spacing
                // before adding this one (which lies on the new grid), so the
                // timeline never holds more than MAX_CHECKPOINTS.
                let mut index = 0;
                self.checkpoints.retain(|_| {
                    index += 1;
                    index % 2 == 1
                });
                self.interval *= 2;
            }
            self.checkpoints.push(self.solver.clone());
        }
        if self.solver.is_done() {
            self.end = Some(at);
        }
    }
}
