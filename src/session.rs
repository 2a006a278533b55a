//! A search you can step through both ways: the current solver state plus a
//! timeline of checkpoints, so `seek(k)` restores the nearest earlier clone and
//! replays at most one checkpoint interval.
//!
//! Memory stays bounded: when the timeline holds its most clones, every other
//! one is dropped and the interval doubles. At 16.7 million steps
//! `MAX_CHECKPOINTS` leaves an interval of 16,384 steps — well under a
//! millisecond to replay. A clone of a search for every solution is
//! `size_of::<Solver>()` bytes (bitwise's state sets it); one of a search
//! for one solution also holds its board on the heap, up to 44 KB at N =
//! 1,000, so a session keeps at most [`TIMELINE_BYTES`] of clones: as few as
//! [`MIN_CHECKPOINTS`] on the largest boards, whose steps are few or fast to
//! replay. See [`Session::max_timeline_bytes`].
//!
//! A search for one solution also leaves a trace of its conflicts (the
//! attacking pairs after every step, kept as minima and maxima of buckets
//! that double in width) and of its restarts, recorded on new ground, for
//! the conflicts chart: [`Session::conflict_trace`].

use std::cell::Cell;
use std::rc::Rc;

use crate::algorithms::{
    AlgorithmInfo, BoardView, Counters, Goal, LastStep, Register, Solver, ALGORITHMS,
};
use crate::error::Error;
use crate::limits::{power, DEFAULT_SEED};
use crate::puzzle::FixedQueens;
use crate::tree::Decided;
use crate::view;

/// Checkpoints kept at most; each is a clone of a few hundred bytes for a
/// search for every solution.
pub const MAX_CHECKPOINTS: usize = 2048;
/// The most bytes a session's checkpoints take, counting what a clone holds
/// on the heap: 2 MiB.
pub const TIMELINE_BYTES: usize = 2 << 20;
/// Checkpoints kept at least, whatever a clone weighs (an even number, as
/// every count of checkpoints is: the timeline halves when full).
pub const MIN_CHECKPOINTS: usize = 16;
/// Buckets a level of the conflicts trace holds; a trace at step k reads the
/// finest level whose buckets cover k.
pub const TRACE_BUCKETS: usize = 1024;
/// Restarts the conflicts trace remembers (the first so many).
pub const MAX_TRACE_RESTARTS: usize = 1 << 16;
const _: () = assert!(MAX_CHECKPOINTS * std::mem::size_of::<Solver>() <= TIMELINE_BYTES);
const FIRST_INTERVAL: u64 = 64;
/// Solutions remembered for the gallery; counting goes on past it.
pub const MAX_REMEMBERED_SOLUTIONS: usize = 1000;
/// How far past the furthest step reached so far a `seek` may go: the whole
/// brute-force search at N=8 (tens of milliseconds). The reach counts steps,
/// not work: where a step is dear a seek this far runs the whole search first
/// (hill climbing at N = 1,000: about 500 steps of 2 ms, over a second).
/// The page never seeks onto new ground in one call: `seek_near` and `run()`
/// in slices are the way, so no one call of the page's blocks for long.
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
    /// Both measures.
    pub const ALL: [Work; 2] = [Work::Steps, Work::Checks];

    /// `"steps"` or `"checks"`.
    pub fn from_id(id: &str) -> Option<Work> {
        Work::ALL.into_iter().find(|work| work.id() == id)
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

    /// The most work one step of `info`'s search can add on an n×n board: a
    /// step is one step, and its checks are bounded by the algorithm's own
    /// `most_checks` (the contract; `tests/contract.rs` checks every step of
    /// every algorithm against it).
    pub fn most_per_step(self, info: &AlgorithmInfo, n: usize) -> u64 {
        match self {
            Work::Steps => 1,
            Work::Checks => info.most_checks.at(n).max(1),
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

/// The conflicts of a search for one solution after every step, as minima
/// and maxima of buckets, each with the step where it happened: level j's
/// buckets are 2^j steps wide and cover the first `TRACE_BUCKETS · 2^j`
/// steps. Only the top level grows; when it is full, the next is made from
/// it by pairs. Recorded in step order on new ground, so it is the same
/// whatever path the session took.
#[derive(Clone, Debug)]
struct Trace {
    levels: Vec<Vec<Bucket>>,
    /// The steps that restarted, in order (the first `MAX_TRACE_RESTARTS`).
    restarts: Vec<u64>,
    /// The next step to record, and the restarts counted before it.
    next: u64,
    restarts_seen: u64,
    /// The conflicts at step 0.
    first: u64,
}

/// The conflicts after each step up to the current one, thinned: what
/// [`Session::conflict_trace`] gives.
#[derive(Clone, Debug, PartialEq)]
pub struct ConflictTrace {
    /// Steps, in order, with the attacking pairs after each.
    pub steps: Vec<u64>,
    pub conflicts: Vec<u64>,
    /// Steps that restarted (evenly thinned).
    pub restarts: Vec<u64>,
}

/// A bucket of the trace: its lowest and highest conflicts, each with the
/// (first) step that had it.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    lo: (u64, u32),
    hi: (u64, u32),
}

impl Bucket {
    fn one(step: u64, value: u32) -> Bucket {
        Bucket {
            lo: (step, value),
            hi: (step, value),
        }
    }

    /// This bucket and a later one as one: the earlier step keeps a tie.
    fn then(self, later: Bucket) -> Bucket {
        Bucket {
            lo: if later.lo.1 < self.lo.1 {
                later.lo
            } else {
                self.lo
            },
            hi: if later.hi.1 > self.hi.1 {
                later.hi
            } else {
                self.hi
            },
        }
    }
}

impl Trace {
    fn new(at_start: u64) -> Trace {
        let mut trace = Trace {
            levels: vec![Vec::with_capacity(TRACE_BUCKETS)],
            restarts: Vec::new(),
            next: 0,
            restarts_seen: 0,
            first: at_start.min(u32::MAX as u64),
        };
        trace.record(0, at_start, 0);
        trace
    }

    /// Records step `step`'s conflicts, if it is the next one.
    fn record(&mut self, step: u64, conflicts: u64, restarts: u64) {
        if step != self.next {
            return;
        }
        self.next += 1;
        if restarts > self.restarts_seen {
            self.restarts_seen = restarts;
            if self.restarts.len() < MAX_TRACE_RESTARTS {
                self.restarts.push(step);
            }
        }
        let value = conflicts.min(u32::MAX as u64) as u32;
        let mut top = self.levels.len() - 1;
        if (step >> top) as usize >= TRACE_BUCKETS {
            let merged = self.levels[top]
                .chunks(2)
                .map(|pair| pair[1..].iter().fold(pair[0], |a, &b| a.then(b)))
                .collect::<Vec<_>>();
            let mut level = Vec::with_capacity(TRACE_BUCKETS);
            level.extend(merged);
            self.levels.push(level);
            top += 1;
        }
        let level = &mut self.levels[top];
        let bucket = (step >> top) as usize;
        if bucket == level.len() {
            level.push(Bucket::one(step, value));
        } else if let Some(last) = level.last_mut() {
            *last = last.then(Bucket::one(step, value));
        }
    }

    /// The trace from step 0 to step `k` (recorded), whose conflicts are
    /// `now`, in at most `max_points` points (at least 2).
    fn read(&self, k: u64, now: u64, max_points: usize) -> ConflictTrace {
        let max_points = max_points.max(2);
        // The finest level whose buckets cover k: it depends on k alone.
        let mut level = 0;
        while (k >> level) as usize >= TRACE_BUCKETS {
            level += 1;
        }
        let buckets = &self.levels[level];
        // The buckets that end at or before k; the steps after them, up to
        // k, show only as the last point.
        let complete = (((k + 1) >> level) as usize).min(buckets.len());
        // Step 0 is a bucket's first step at every level: its value is
        // kept apart (the first point), the rest from the extremes.
        let mut points: Vec<(u64, u64)> = vec![(0, self.first)];
        let mut add = |(at, value): (u64, u32)| {
            let point = (at, u64::from(value));
            if points.last() != Some(&point) {
                points.push(point);
            }
        };
        // A bucket's two extremes in step order (one, if they are one step).
        let both = |b: Bucket| {
            let (first, second) = if b.lo.0 <= b.hi.0 {
                (b.lo, b.hi)
            } else {
                (b.hi, b.lo)
            };
            [first, second]
        };
        let raw = if level == 0 { complete } else { 2 * complete };
        if raw + 2 <= max_points {
            for &bucket in &buckets[..complete] {
                for point in both(bucket) {
                    add(point);
                }
            }
        } else {
            // The first point, two a group, and the last: within max_points.
            let groups = (max_points - 2) / 2;
            if groups > 0 {
                let width = complete.div_ceil(groups).max(1);
                for group in buckets[..complete].chunks(width) {
                    let merged = group[1..].iter().fold(group[0], |a, &b| a.then(b));
                    for point in both(merged) {
                        add(point);
                    }
                }
            }
        }
        // The current step, exactly (its bucket may not be complete).
        points.retain(|&(at, _)| at < k);
        points.push((k, now));
        let upto = self.restarts.partition_point(|&s| s <= k);
        let restarts = &self.restarts[..upto];
        let restarts = if restarts.len() <= max_points {
            restarts.to_vec()
        } else {
            (0..max_points)
                .map(|i| restarts[i * restarts.len() / max_points])
                .collect()
        };
        ConflictTrace {
            steps: points.iter().map(|p| p.0).collect(),
            conflicts: points.iter().map(|p| p.1).collect(),
            restarts,
        }
    }
}

/// A search with time travel.
pub struct Session {
    n: usize,
    seed: u64,
    /// How many boards the space holds: N^N, or fewer with fixed queens;
    /// `None` for a search for one solution, which does not account for them.
    space_total: Option<u128>,
    /// Whether the search starts from fixed queens (at least one). Not read
    /// off `space_total`: at N = 1 one fixed queen leaves 1^0 = 1^1 boards.
    fixed: bool,
    solver: Solver,
    /// checkpoints[i] is the state after i * interval steps.
    checkpoints: Vec<Solver>,
    /// The most checkpoints kept (even): `MAX_CHECKPOINTS`, or fewer where a
    /// clone is heavy.
    max_checkpoints: usize,
    interval: u64,
    /// The conflicts trace of a search for one solution.
    trace: Option<Trace>,
    /// The most steps ever taken since the last reset.
    furthest: u64,
    /// How many steps the whole search takes, once it has been seen to end.
    end: Option<u64>,
    found: Vec<FoundSolution>,
    /// The last probe of [`Session::next_work`]: the step it was made on and
    /// the checks once the step after it is taken (`None`: the search ends
    /// there). A session's step fixes its state, so the probe holds whenever
    /// the session stands on that step again; a race lane waiting for a
    /// reading its next step would cross asks every frame, and a step can
    /// cost milliseconds (hill climbing at N = 1,000).
    next: Cell<Option<(u64, Option<u64>)>>,
}

impl Session {
    /// The search `id` on an n×n board; an error for an unknown id or an N
    /// the algorithm cannot do.
    pub fn new(id: &str, n: usize) -> Result<Session, Error> {
        Session::seeded(id, n, DEFAULT_SEED)
    }

    /// The search `id` on an n×n board from `seed`: the same seed gives the
    /// same run (the searches for every solution ignore it).
    pub fn seeded(id: &str, n: usize, seed: u64) -> Result<Session, Error> {
        let info = sized(id, n)?;
        let solver = Solver::new(info, n, seed)?;
        let total = (info.goal == Goal::All).then(|| power(n, n));
        Ok(Session::around(solver, n, seed, total))
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
        let mut session = Session::around(solver, n, DEFAULT_SEED, Some(total));
        session.fixed = !squares.is_empty();
        Ok(session)
    }

    fn around(solver: Solver, n: usize, seed: u64, space_total: Option<u128>) -> Session {
        let end = solver.info().space.length(n);
        let clone_bytes = std::mem::size_of::<Solver>() + solver.heap_bytes();
        let max_checkpoints =
            (TIMELINE_BYTES / clone_bytes).clamp(MIN_CHECKPOINTS, MAX_CHECKPOINTS) / 2 * 2;
        let trace = solver
            .engine_core()
            .map(|core| Trace::new(core.tally.pairs()));
        let mut session = Session {
            n,
            seed,
            space_total,
            fixed: false,
            checkpoints: vec![solver.clone()],
            solver,
            max_checkpoints,
            trace,
            interval: FIRST_INTERVAL,
            furthest: 0,
            end,
            found: Vec::new(),
            next: Cell::new(None),
        };
        session.solved_at_start();
        session
    }

    /// A search whose first board is already a solution (a seeded search for
    /// one solution, now and then at small N) found it at step 0: it is
    /// remembered, and the search is known to end there.
    fn solved_at_start(&mut self) {
        let one = self.solver.engine_core().is_some();
        if one && self.step_index() == 0 && self.counters().solutions > 0 {
            self.found.push(FoundSolution {
                step: 0,
                queens: self.queens(),
            });
            self.end = Some(0);
        }
    }

    pub fn info(&self) -> &'static AlgorithmInfo {
        self.solver.info()
    }
    pub fn n(&self) -> usize {
        self.n
    }
    /// The seed the session was opened with ([`DEFAULT_SEED`] unless given).
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The most checks one step of this search adds at this N.
    pub fn most_checks_per_step(&self) -> u64 {
        self.info().most_checks.at(self.n)
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
    /// The most memory a session's checkpoints can take, in bytes: within
    /// [`TIMELINE_BYTES`], or [`MIN_CHECKPOINTS`] clones of the heaviest
    /// search (a search for one solution at `STEP_MAX_N`) where that is more.
    pub const fn max_timeline_bytes() -> usize {
        let heaviest = MIN_CHECKPOINTS
            * (std::mem::size_of::<Solver>()
                + crate::limits::STEP_MAX_N
                    * crate::algorithms::one_solution::HEAP_BYTES_PER_QUEEN);
        if heaviest > TIMELINE_BYTES {
            heaviest
        } else {
            TIMELINE_BYTES
        }
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
        self.solver.message().unwrap_or_else(|| {
            view::message(
                self.info(),
                &self.last_step(),
                &self.board(),
                self.counters(),
            )
        })
    }
    /// The attacking pairs among the queens on the board now.
    pub fn conflicts(&self) -> u64 {
        match self.solver.engine_core() {
            Some(core) => core.tally.pairs(),
            None => view::conflicts(&self.queens()),
        }
    }
    /// For each row, how many other queens attack its queen (0 where the row
    /// has none).
    pub fn queen_conflicts(&self) -> Vec<i32> {
        view::queen_conflicts(&self.queens())
    }

    /// The conflicts from step 0 to the current step, in at most
    /// `max_points` points (at least 2: the first and the last step are
    /// kept; between them each group of steps gives its minimum and maximum),
    /// and the steps that restarted (at most `max_points`, evenly thinned).
    /// The same at step k whatever path led there. `None` for a search for
    /// every solution.
    pub fn conflict_trace(&self, max_points: usize) -> Option<ConflictTrace> {
        let trace = self.trace.as_ref()?;
        Some(trace.read(self.step_index(), self.conflicts(), max_points))
    }

    /// How much of the N^N boards the search has ruled out or found so far;
    /// `None` for a search for one solution.
    pub fn space(&self) -> Option<Space> {
        let counters = self.counters();
        let total = self.space_total?;
        let solutions = counters.solutions as u128;
        Some(Space {
            total,
            ruled_out: counters.ruled_out,
            solutions,
            pending: total - counters.ruled_out - solutions,
            outside: counters.outside,
        })
    }

    /// How much of the tree the search has decided, for the tree view; `None`
    /// for a search from fixed queens (a smaller space than the tree's) and
    /// for a search for one solution.
    pub fn decided(&self) -> Option<Decided> {
        if self.info().goal != Goal::All || self.fixed {
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
    /// steps have been taken (false). At step 0 of a search whose first
    /// board is already its solution, true with no step taken.
    pub fn run_to_solution(&mut self, max: u64) -> bool {
        if self.step_index() == 0 && self.found.first().is_some_and(|s| s.step == 0) {
            return true;
        }
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
        let most = work.most_per_step(self.info(), self.n);
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
        let at = self.step_index();
        let checks = match self.next.get() {
            Some((step, checks)) if step == at => checks,
            _ => {
                let mut probe = self.solver.clone();
                let checks = (probe.run(1, false) == 1).then(|| probe.counters().checks);
                self.next.set(Some((at, checks)));
                checks
            }
        };
        checks.map(|checks| match work {
            Work::Steps => at + 1,
            Work::Checks => checks,
        })
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
        self.seek_work_near(work, budget);
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

    /// The cheap first half of [`Session::seek_work`], for a caller that
    /// runs the rest in slices: restores the last checkpoint whose `work` is
    /// at most `budget`, unless the session stands within the budget and
    /// past that checkpoint already (then it stays). Never replays a step.
    /// `run_within(work, budget, ..)` from here, to its end, lands exactly
    /// where `seek_work(work, budget)` does. Returns the step it stands on.
    pub fn seek_work_near(&mut self, work: Work, budget: u64) -> u64 {
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
        self.step_index()
    }

    /// The cheap first half of [`Session::seek`], for a caller that runs the
    /// rest in slices: moves to the last checkpoint at or before step `k`,
    /// unless the session stands between it and `k` already (then it stays).
    /// Never replays a step. `run(k - step)` from here gives exactly the
    /// state `seek(k)` gives (or stops at the search's end). Returns the step
    /// it stands on.
    pub fn seek_near(&mut self, k: u64) -> u64 {
        let now = self.step_index();
        let index = ((k / self.interval) as usize).min(self.checkpoints.len() - 1);
        let base = self.checkpoints[index].counters().steps;
        // Replay from the checkpoint unless walking on from here is shorter.
        if !(now <= k && now >= base) {
            self.solver = self.checkpoints[index].clone();
        }
        self.step_index()
    }

    /// Back to step 0, forgetting the timeline.
    pub fn reset(&mut self) {
        self.checkpoints.truncate(1);
        self.solver = self.checkpoints[0].clone();
        self.interval = FIRST_INTERVAL;
        self.furthest = 0;
        self.end = self.info().space.length(self.n);
        self.found.clear();
        if let Some(trace) = &mut self.trace {
            *trace = Trace::new(trace.first);
        }
        self.solved_at_start();
    }

    /// Moves to step `k`, or as near as the search's end allows.
    fn go_to(&mut self, k: u64) {
        let now = self.seek_near(k);
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
            let stop = stop_on_solution || remember;
            let ran = match (&mut self.trace, fresh) {
                (Some(trace), true) => {
                    self.solver
                        .run_watched(budget, stop, &mut |counters, conflicts| {
                            trace.record(counters.steps, conflicts, counters.restarts)
                        })
                }
                _ => self.solver.run(budget, stop),
            };
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
            if self.checkpoints.len() == self.max_checkpoints {
                // Full: keep every other checkpoint and double the spacing
                // before adding this one (which lies on the new grid: the
                // most is even), so the timeline never holds more.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_fixed_queen_at_n_1_is_a_search_from_fixed_queens() {
        // 1^0 = 1^1: the space alone cannot tell this search from the free one.
        let able = ALGORITHMS.iter().filter(|info| info.takes_fixed_queens);
        for id in able
            .filter(|info| info.fits(1) && info.fits(8))
            .map(|info| info.id)
        {
            let fixed = Session::with_fixed(id, 1, &[0]).unwrap();
            assert!(fixed.decided().is_none(), "{id}: no tree from fixed queens");
            let free = Session::new(id, 1).unwrap();
            assert!(
                free.decided().is_some(),
                "{id}: the free search has its tree"
            );
            let none = Session::with_fixed(id, 8, &[]).unwrap();
            assert!(
                none.decided().is_some(),
                "{id}: no fixed queens, the whole tree"
            );
        }
    }
}
