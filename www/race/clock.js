// Race mode's model: the lanes (one session each, at one board size) and the
// one clock they share. No DOM, no frames: player.js schedules, race.js
// draws.
//
// The clock has a reading, in one of three units:
//  - checks or steps: a budget of work. A lane at reading c stands on the last
//    step whose checks (or steps) are at most c, or on its end: the core's
//    `seekWork`/`runWithin` go exactly there, so any reading, backwards or
//    forwards, shows every lane as it was.
//  - wall: milliseconds of search each lane has been given. Each tick of the
//    clock gives every unfinished lane the same 1 ms; which step each lane
//    reached at each tick is written down, so going back to a tick is a seek.
// A lane ends at its search's end, or at STEP_CAP steps (a partial run, so
// that brute force over 12^12 boards does not run for ever); the reading at
// which it ended is its finishing time. The race ends when every lane has.
//
// The race has a goal: "all" races each search to the end of its
// space (the searches for every solution); "one" races every search to its first solution.
// The searches for one solution end there by themselves; a source's search,
// which would go on, is brought back to the step of its first solution
// whenever a slice ran past it, so a lane never stands beyond it. The
// randomised searches run from the race's seed (Session.seeded).

import { Runner } from '../components/runner.js';
import { YOUR_SEARCH } from '../program/trace-session.js';

/**
 * @typedef {import('../types.js').Session} Session
 * @typedef {import('../types.js').AlgorithmInfo} AlgorithmInfo
 * @typedef {import('../types.js').WorkUnit} WorkUnit
 * @typedef {'checks' | 'steps' | 'wall'} ClockId
 * @typedef {'all' | 'one'} RaceGoal  every solution, or the first
 * @typedef {{ n: number, ids: string[], clock: ClockId, goal: RaceGoal, seed: number }} RaceSetup
 *   a race's board, lanes, clock, goal and seed (the seed matters to the randomised searches only)
 * @typedef {{ steps: number, checks: number, solutions: number, done: boolean }} LaneEnd
 *   a lane at its end; `done`: it reached its goal (not the cap)
 * @typedef {{ x: number, decided: number, solutions: number, conflicts: number }} Sample
 *   a point on a lane's curve (decided: -1 for a search that does not account for the boards)
 * @typedef {Lane & { session: Session, runner: Runner }} ActiveLane  a lane that runs: those in race.active
 */

/**
 * A lane stops here if its search has not ended: its figures are then partial.
 * Permutations at N=12 (479 million steps) stop here after about 5 seconds.
 */
export const STEP_CAP = 50_000_000;
/** Search time each lane gets per tick of the wall clock. */
export const TICK_MS = 1;

/**
 * The clocks: `unit` is what the core measures (null: the wall clock), `label` the reading's unit.
 * @type {Readonly<Record<ClockId, { unit: WorkUnit | null, label: string, name: string }>>}
 */
export const CLOCKS = Object.freeze({
  checks: { unit: 'checks', label: 'checks', name: 'Equal checks' },
  steps: { unit: 'steps', label: 'steps', name: 'Equal steps' },
  wall: { unit: null, label: 'ms', name: 'Equal wall time' },
});

/** One algorithm in the race: its session (null if it cannot run at this N) and what it has done. */
export class Lane {
  /**
   * @param {AlgorithmInfo} info
   * @param {number} index
   * @param {Session | null} session
   * @param {string} reason
   */
  constructor(info, index, session, reason) {
    this.info = info;
    this.id = info.id;
    this.index = index; // place in the catalogue: the lane's colour
    this.session = session;
    this.reason = reason; // why it cannot run, when session is null
    this.runner = session ? new Runner(session) : null;
    /** @type {number | null} */
    this.finish = null; // the reading at which it ended (its end or the cap)
    /** @type {LaneEnd | null} */
    this.last = null; // set with finish
    this.reachedFor = -1; // the reading it is known to stand at (none yet), while it stands on reachedStep
    this.reachedStep = -1;
    /** @type {number | null} */
    this.ms = null; // the time its search takes alone, measured once the race is over (race.js)
    this.runs = 1; // how many runs that time is the mean of (results.js)
    this.untraced = false; // Your search: its time is the program's own, run once untraced and not checked (results.js)
    this.untimed = ''; // Your search: why it has no time, once its untraced run failed (results.js)
    /** @type {number | null} brute force: the source's own loop over every board, timed (results.js) */
    this.sourceMs = null;
    /** @type {bigint | null} the boards that loop tested */
    this.sourceBoards = null;
    this.credit = 0; // wall clock: time owed to it (ms)
    /** @type {Sample[]} */
    this.samples = []; // for the chart, on new ground
    this.sampledStep = -1;
  }

  /**
   * True once the lane's search has reached the race's goal where it stands.
   * @param {RaceGoal} goal
   */
  reached(goal) {
    const s = /** @type {Session} */ (this.session);
    return s.done || (goal === 'one' && s.solutionCount > 0);
  }

  /**
   * True when the lane is known to stand at `reading`: it got there and has
   * not moved since (a lane's step fixes its state).
   * @param {number} reading
   */
  standsAt(reading) {
    return this.reachedFor === reading && this.reachedStep === /** @type {Session} */ (this.session).stepIndex;
  }

  /**
   * The lane stands at `reading` now.
   * @param {number} reading
   */
  arrived(reading) {
    this.reachedFor = reading;
    this.reachedStep = /** @type {Session} */ (this.session).stepIndex;
  }

  /**
   * The lane's own measure of work in `unit` (checks or steps). Only a lane that runs has one.
   * @param {WorkUnit} unit
   */
  work(unit) {
    const s = /** @type {Session} */ (this.session);
    return unit === 'steps' ? s.stepIndex : s.checks;
  }
}

export class Race {
  /**
   * @param {import('../types.js').Core} wasm  the core module (Session)
   * @param {AlgorithmInfo[]} algorithms  wasm.algorithms(), in page order
   * @param {RaceSetup} setup
   * @param {(info: AlgorithmInfo) => string} rangeText  why an algorithm cannot run at n
   * @param {(n: number) => unknown} [yours]  the run of Your search kept at n, stepped as a session is (a TraceSession), or null
   */
  constructor(wasm, algorithms, { n, ids, clock, goal, seed }, rangeText, yours = () => null) {
    this.n = n;
    /** @type {(n: number) => Session | null} */
    this.yourSession = (size) => /** @type {Session | null} */ (yours(size));
    this.clockId = clock;
    this.goal = goal;
    this.seed = seed;
    this.unit = CLOCKS[clock].unit;
    // The generated class: its static seeded() opens a session from a seed.
    const Sessions = /** @type {typeof import('../../pkg/nqueens.js').Session} */ (wasm.Session);
    /** @type {Lane[]} */
    this.lanes = [];
    try {
      algorithms.forEach((info, index) => {
        if (!ids.includes(info.id)) return;
        // Your search's lane replays the run of this tab at this N, if there is one.
        const yours = info.id === YOUR_SEARCH ? this.yourSession(n) : null;
        const fits = info.id === YOUR_SEARCH ? yours !== null : n >= info.minN && n <= info.maxN;
        const session = !fits ? null : yours ?? (goal === 'one' ? Sessions.seeded(info.id, n, seed) : new wasm.Session(info.id, n));
        const why = info.id === YOUR_SEARCH ? `has not run at N=${n}: run it at N = ${n} in Your search first` : `cannot run at N=${n}: ${rangeText(info)}`;
        this.lanes.push(new Lane(info, index, session, fits ? '' : why));
      });
    } catch (error) {
      // A refused lane refuses the race: the sessions already made are freed, not left to count against the core's limit.
      for (const lane of this.lanes) lane.session?.free();
      throw error;
    }
    this.active = /** @type {ActiveLane[]} */ (this.lanes.filter((lane) => lane.session));
    this.clock = 0; // the reading every lane stands at
    this.furthest = 0; // the furthest reading reached
    this.turn = 0; // which lane goes first in a frame, in turn
    /** @type {number[][]} */
    this.ticks = [this.active.map(() => 0)]; // wall clock: each lane's step at each tick (sparse)
    for (const lane of this.active) this.sample(lane);
  }

  free() {
    for (const lane of this.active) lane.session.free();
    this.active = [];
  }

  /**
   * A session opened as `lane`'s is (a fresh run of the same search), for timing and tests.
   * @param {import('../types.js').Core} wasm
   * @param {Lane} lane
   */
  fresh(wasm, lane) {
    if (lane.id === YOUR_SEARCH) return /** @type {Session} */ (this.yourSession(this.n));
    const Sessions = /** @type {typeof import('../../pkg/nqueens.js').Session} */ (wasm.Session);
    return this.goal === 'one' ? Sessions.seeded(lane.id, this.n, this.seed) : new wasm.Session(lane.id, this.n);
  }

  /**
   * In a race to the first solution, a lane that ran past its search's first
   * solution goes back to that step: it stands there from then on.
   * @param {ActiveLane} lane
   */
  stopAtFirst(lane) {
    const s = lane.session;
    if (this.goal !== 'one' || s.done || s.solutionCount === 0) return;
    const first = s.solutions(1)[0].step;
    if (s.stepIndex > first) s.seek(first);
  }

  /** True once every lane has ended: `furthest` is then the race's end. */
  get ended() {
    return this.active.every((lane) => lane.finish !== null);
  }

  /**
   * The race's last reading, once it has ended.
   * @returns {number | null}
   */
  get end() {
    return this.ended ? Math.max(0, ...this.active.map((lane) => /** @type {number} */ (lane.finish))) : null;
  }

  atEnd() {
    return this.end !== null && this.clock >= this.end;
  }

  /** The sum of the solutions every lane has found where it stands. */
  solutions() {
    return this.active.reduce((sum, lane) => sum + lane.session.solutionCount, 0);
  }

  // ---- Moving the clock ----------------------------------------------------------

  /**
   * Runs the lanes towards `target` for at most `budgetMs` in all, sharing the
   * time out in turn; a lane that gets there early leaves its time to the
   * others. When every lane is there the clock reads `target` (true).
   * @param {number} target
   * @param {number} budgetMs
   */
  advance(target, budgetMs) {
    if (!this.unit) throw new Error('The wall clock moves by ticks.');
    if (this.end !== null) target = Math.min(target, this.end);
    const start = performance.now();
    for (let pass = 0; pass < 4; pass++) {
      const todo = this.active.filter((lane) => !lane.standsAt(target));
      if (!todo.length) break;
      for (let i = 0; i < todo.length; i++) {
        const lane = todo[(i + this.turn) % todo.length];
        const left = budgetMs - (performance.now() - start);
        if (left <= 0) break;
        if (this.reach(lane, this.unit, target, left / (todo.length - i))) lane.arrived(target);
        this.noteEnd(lane);
        this.sample(lane);
      }
      if (performance.now() - start >= budgetMs) break;
    }
    this.turn += 1;
    if (this.active.some((lane) => !lane.standsAt(target))) return false;
    // The last lane may have ended short of the target: the race ends there.
    this.clock = this.end !== null ? Math.min(target, this.end) : target;
    this.furthest = Math.max(this.furthest, this.clock);
    return true;
  }

  /**
   * Runs one lane towards `target` (in `unit`) within `ms`: stops on the last
   * step within it, at the search's end or at the cap. True when it got there.
   * @param {ActiveLane} lane
   * @param {WorkUnit} unit
   * @param {number} target
   * @param {number} ms
   */
  reach(lane, unit, target, ms) {
    const s = lane.session;
    if (unit === this.unit && lane.finish !== null && target >= lane.finish) {
      // Its last step: from the checkpoint before it, in slices.
      const last = /** @type {LaneEnd} */ (lane.last); // set with finish
      if (s.stepIndex !== last.steps) s.seekNear(last.steps);
      if (s.stepIndex < last.steps) lane.runner.run(last.steps - s.stepIndex, ms);
      return s.stepIndex === last.steps;
    }
    // Never ahead of the clock: back to the checkpoint within the target
    // (no step replayed), and on from there in slices below, exactly as far
    // as seekWork would go.
    if (lane.work(unit) > target) s.seekWorkNear(unit, target);
    let there = false;
    lane.runner.slices(ms, (chunk) => {
      const room = STEP_CAP - s.stepIndex;
      const want = Math.min(chunk, room);
      // On new ground the lane stops at each point of its curve on the way
      // (about 1% of work apart), so the chart is as fine as that however
      // much of the race a frame covers.
      const point = unit === this.unit && s.stepIndex >= lane.sampledStep ? Math.floor(nextPoint(lane.samples)) : Infinity;
      if (point < target && want > 0) {
        const moved = s.runWithin(unit, point, want) || s.runWithin(unit, target, 1); // else a step past the point
        this.stopAtFirst(lane);
        this.sample(lane);
        // Only a call that took the whole chunk says how long a chunk takes
        // (one that stopped early at the point would grow it without bound).
        if (moved > 0 && !lane.reached(this.goal) && s.stepIndex < STEP_CAP) return moved === want ? chunk : 0;
        there = true; // within the target, at the end or the goal, or at the cap
        return false;
      }
      const got = want > 0 ? s.runWithin(unit, target, want) : 0;
      if (got < want || got === room || lane.reached(this.goal)) {
        there = true; // within the target, at the end or the goal, or at the cap
        return false;
      }
      return chunk;
    });
    this.stopAtFirst(lane);
    return there;
  }

  /**
   * A lane at its end or at the cap for the first time: that reading is its finish.
   * @param {ActiveLane} lane
   * @param {number | null} [reading]  the wall clock's; else the lane's work in the clock's unit
   */
  noteEnd(lane, reading = null) {
    const s = lane.session;
    const reached = lane.reached(this.goal);
    if (lane.finish !== null || !(reached || s.stepIndex >= STEP_CAP)) return;
    lane.finish = reading ?? lane.work(/** @type {WorkUnit} */ (this.unit));
    lane.last = { steps: s.stepIndex, checks: s.checks, solutions: s.solutionCount, done: reached };
  }

  /** One tick of the wall clock: a replay within the ground covered, else 1 ms more for each lane. */
  tick() {
    if (this.clock < this.furthest) {
      this.seek(this.clock + 1);
      return true;
    }
    if (this.ended) return false;
    const reading = this.clock + 1;
    for (const lane of this.active) {
      if (lane.finish !== null) continue;
      const s = lane.session;
      lane.credit += TICK_MS;
      if (lane.credit > 0) {
        const before = lane.runner.busyMs;
        if (this.goal === 'one') lane.runner.runToSolution(lane.credit);
        else lane.runner.run(STEP_CAP - s.stepIndex, lane.credit);
        lane.credit -= lane.runner.busyMs - before;
      }
      this.noteEnd(lane, reading);
      this.sample(lane, reading);
    }
    this.clock = reading;
    this.furthest = reading;
    this.ticks[reading] = this.active.map((lane) => lane.session.stepIndex);
    return true;
  }

  /**
   * Each lane's step at a tick: the last one written down at or before it.
   * @param {number} tick
   */
  stepsAt(tick) {
    for (let t = Math.min(tick, this.ticks.length - 1); t >= 0; t--) if (this.ticks[t]) return this.ticks[t];
    return this.ticks[0];
  }

  /**
   * Every lane as it was at `reading` (within the ground covered: at most
   * `furthest`). Exact: the core seeks each lane to its state at that reading.
   * In one call, each lane replaying up to a checkpoint interval (a quarter
   * of a second for annealing at N = 1,000): the page goes there with
   * approach(), a slice a frame (player.js).
   * @param {number} reading
   */
  seek(reading) {
    reading = Math.max(0, Math.min(Math.round(reading), this.furthest));
    if (this.unit) {
      for (const lane of this.active) {
        if (lane.finish !== null && reading >= lane.finish) lane.session.seek(/** @type {LaneEnd} */ (lane.last).steps);
        else lane.session.seekWork(this.unit, reading);
        lane.arrived(reading);
      }
    } else {
      const steps = this.stepsAt(reading);
      this.active.forEach((lane, i) => lane.session.seek(steps[i]));
    }
    this.clock = reading;
  }

  /**
   * seek(reading) in slices: every lane towards its state at `reading`
   * (within the ground covered) for at most `budgetMs` in all, each from
   * the checkpoint before it (no step replayed) and on in Runner slices.
   * True once every lane is there: the clock then reads `reading`, and the
   * state is exactly seek's. A slice may leave the lanes apart (some there,
   * some on the way); the next call goes on from wherever each stands.
   * @param {number} reading
   * @param {number} budgetMs
   */
  approach(reading, budgetMs) {
    reading = Math.max(0, Math.min(Math.round(reading), this.furthest));
    // Within the ground covered, advance() is exactly that on a work clock.
    if (this.unit) return this.advance(reading, budgetMs);
    const steps = this.stepsAt(reading);
    const start = performance.now();
    this.active.forEach((lane, i) => {
      const s = lane.session;
      const left = budgetMs - (performance.now() - start);
      if (s.stepIndex === steps[i] || left <= 0) return;
      s.seekNear(steps[i]);
      if (s.stepIndex < steps[i]) lane.runner.run(steps[i] - s.stepIndex, left);
    });
    if (this.active.some((lane, i) => lane.session.stepIndex !== steps[i])) return false;
    this.clock = reading;
    return true;
  }

  /** Puts every lane back on the clock's reading (after a frame left some ahead of it). */
  settle() {
    this.seek(this.clock);
  }

  /**
   * The next reading at which some lane moves (→): the work after its next
   * step, the smallest over the lanes; on the wall clock, the next tick.
   * null at the race's end.
   */
  nextReading() {
    if (this.atEnd()) return null;
    const unit = this.unit;
    if (!unit) return this.clock + 1;
    this.settle();
    const next = this.active
      .filter((lane) => lane.finish === null || lane.finish > this.clock)
      .map((lane) => lane.session.nextWork(unit))
      .filter((work) => work !== undefined);
    return next.length ? Math.max(this.clock + 1, Math.min(...next)) : null;
  }

  /** The reading just before the last move (←): null at the start. */
  previousReading() {
    if (this.clock <= 0) return null;
    const unit = this.unit;
    if (!unit) return this.clock - 1;
    this.settle();
    const latest = Math.max(...this.active.map((lane) => lane.work(unit)));
    return Math.max(0, Math.min(this.clock, latest) - 1);
  }

  /**
   * Goes on towards each lane's own step (a link on the wall clock: the ticks
   * between are not known), within `budgetMs`; true when all are there.
   * @param {number[]} goals  each active lane's step
   * @param {number} budgetMs
   * @param {number} reading  the wall clock's reading there
   */
  advanceSteps(goals, budgetMs, reading) {
    const start = performance.now();
    let all = true;
    this.active.forEach((lane, i) => {
      const left = budgetMs - (performance.now() - start);
      if (lane.session.stepIndex >= goals[i] || lane.reached(this.goal)) return;
      if (left > 0) this.reach(lane, 'steps', goals[i], left);
      if (lane.session.stepIndex < goals[i] && !lane.reached(this.goal)) all = false;
    });
    if (all) {
      for (const lane of this.active) {
        this.noteEnd(lane, reading);
        this.sample(lane, reading);
      }
      this.ticks[reading] = this.active.map((lane) => lane.session.stepIndex);
      this.clock = this.furthest = reading;
    }
    return all;
  }

  /**
   * How far the slowest lane has got, 0 to 1: its share of the boards decided,
   * or of the cap, whichever is more. In a race to the first solution, where
   * no one knows how far off a solution is, the share of lanes that have
   * found theirs (and the cap's share of those that have not).
   */
  progress() {
    if (this.goal === 'one') {
      const share = this.active.map((lane) => (lane.finish !== null ? 1 : lane.session.stepIndex / STEP_CAP));
      return share.reduce((sum, x) => sum + x, 0) / Math.max(1, share.length);
    }
    let least = 1;
    for (const lane of this.active) {
      if (lane.finish !== null) continue;
      const s = lane.session;
      // A search for every solution accounts for the boards; Your search does not, but knows its steps.
      const space = /** @type {import('../types.js').Space | null} */ (s.space());
      const decided = space ? (space.total > 0n ? Number(((space.ruledOut + space.solutions) * 10000n) / space.total) / 10000 : 0) : s.stepIndex / Math.max(1, s.totalSteps ?? STEP_CAP);
      least = Math.min(least, Math.max(decided, s.stepIndex / STEP_CAP));
    }
    return least;
  }

  /**
   * A point on the lane's curve, on new ground only, about one per 1% of work.
   * @param {ActiveLane} lane
   * @param {number | null} [reading]  the wall clock's; else the lane's work
   */
  sample(lane, reading = null) {
    const s = lane.session;
    if (s.stepIndex <= lane.sampledStep) return;
    lane.sampledStep = s.stepIndex;
    const x = reading ?? lane.work(this.unit ?? 'checks');
    // The points before the last are at least 1% apart; the last one moves
    // with the lane until the next is far enough on.
    const kept = lane.samples.at(-2);
    if (kept && x < kept.x * 1.01 + 1) lane.samples.pop();
    lane.samples.push({ x, ...standing(s) });
  }
}

/**
 * The work at which a lane's curve gets its next point (sample()'s spacing).
 * @param {Sample[]} samples
 */
function nextPoint(samples) {
  const kept = samples.at(-2);
  const last = samples.at(-1);
  const next = kept ? kept.x * 1.01 + 1 : 0;
  return last && last.x >= next ? last.x * 1.01 + 1 : next;
}

/**
 * What the chart reads of a lane where it stands: the boards it has decided
 * (-1 for a search for one solution, which does not account for them), its
 * solutions, and the attacking pairs on its board.
 * @param {Session} s
 * @returns {Omit<Sample, 'x'>}
 */
export function standing(s) {
  const space = /** @type {import('../types.js').Space | null} */ (s.space()); // null for a search for one solution
  const solutions = s.solutionCount;
  return { decided: space ? Number(space.ruledOut + space.solutions) : -1, solutions, conflicts: s.conflicts() };
}
