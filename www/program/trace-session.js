// A learner's finished run as a session (no DOM): the stepping surface of
// the core's Session (step, seek, seekWork, runWithin, the counters, the
// board) over a trace (trace.js), so that a page that steps sessions, Race
// mode, can step it beside the core's searches on the same clocks: steps are
// its place, remove and found calls, checks its safe calls. It accounts for
// no boards (space and icicle are null), as the searches for one solution.
// The runs a tab keeps are the shell's (Page.keptRuns), one trace a board
// size; Race wraps the one it races in a TraceSession.

import { KIND, judgeBoard, boardCells } from './trace.js';

/** The id a learner's search has where the core's have theirs. */
export const YOUR_SEARCH = 'your-search';

/**
 * What Race reads of an algorithm, for the learner's search.
 * @param {number[]} sizes  the board sizes a run is kept at, ascending
 * @returns {import('../types.js').AlgorithmInfo}
 */
export function yourSearchInfo(sizes) {
  return {
    id: YOUR_SEARCH, name: 'Your search', source: '', goal: 'all',
    minN: sizes[0] ?? 1, maxN: sizes[sizes.length - 1] ?? 1, findMaxN: 0, seeded: false,
    space: /** @type {import('../types.js').SearchSpaceId} */ ('none'), takesFixedQueens: false,
    description: 'Your own solve(n, board), as it ran in Your search.',
    stepIs: 'A step is one place, remove or found call.', checkIs: 'A check is one safe call; a program that never calls safe() (it tests squares with its own arrays) counts each of its steps as a check.',
    placementIs: 'A placement is one place call.', moveIs: '', conflictsNote: '', glossary: [], pseudocode: [],
  };
}

export class TraceSession {
  /** @param {import('./trace.js').Trace} trace */
  constructor(trace) {
    this.trace = trace;
    this.n = trace.n;
    this.totalSteps = trace.steps;
    this.furthestStep = trace.steps;
    this.algorithm = YOUR_SEARCH;
    this.description = 'Your search';
    this.seed = 0;
    this.moves = 0;
    this.restarts = 0;
    this.line = 0;
    this.k = 0;
    /** @type {Set<number>} the program's lines where Play stops (Your search's breakpoints) */
    this.breakpoints = new Set();
    /** The breakpoint's line run() last stopped on (0: none), for the player's host to see. */
    this.hitBreakpoint = 0;
    // Removes up to each step, and the most checks one step made.
    this.removesAt = new Int32Array(trace.steps);
    let removes = 0, most = 0, before = 0;
    for (let s = 0; s < trace.steps; s++) {
      if (trace.record(trace.stepAt[s])[0] === KIND.REMOVE) removes++;
      this.removesAt[s] = removes;
      most = Math.max(most, trace.checksAt[s] - before);
      before = trace.checksAt[s];
    }
    this.mostChecksPerStep = most;
  }

  get stepIndex() { return this.k; }
  get done() { return this.k >= this.totalSteps; }
  get checks() { return this.checksAt(this.k); }
  get placements() { return this.k === 0 ? 0 : this.trace.placementsAt[this.k - 1]; }
  get backtracks() { return this.k === 0 ? 0 : this.removesAt[this.k - 1]; }
  get solutionCount() { return this.k === 0 ? 0 : this.trace.solutionsAt[this.k - 1]; }
  get stepKind() {
    if (this.k === 0) return 'start';
    const kind = this.trace.record(this.trace.stepAt[this.k - 1])[0];
    return kind === KIND.PLACE ? 'place' : kind === KIND.REMOVE ? 'remove' : 'found';
  }

  /**
   * The checks made by step k (the last step also holds the checks after it).
   * A program that never calls safe() tests squares with its own arrays: each
   * of its steps counts as a check, so that it does not win a race on checks
   * at 0.
   * @param {number} k
   */
  checksAt(k) {
    if (k <= 0) return 0;
    if (this.trace.checks === 0) return Math.min(k, this.totalSteps);
    return k >= this.totalSteps ? this.trace.checks : this.trace.checksAt[k - 1];
  }

  /** @param {import('../types.js').WorkUnit} unit  @param {number} k */
  workAt(unit, k) {
    return unit === 'steps' ? k : this.checksAt(k);
  }

  /** @param {number} k */
  seek(k) {
    this.k = Math.max(0, Math.min(this.totalSteps, Math.floor(k)));
    this.hitBreakpoint = 0;
  }
  /** @param {number} k */
  seekNear(k) { this.seek(k); return this.k; }
  reset() { this.k = 0; }
  step() { if (this.done) return false; this.k++; return true; }
  stepBack() { if (this.k === 0) return false; this.k--; return true; }
  /**
   * Steps on at most `maxSteps`; with breakpoints, stops on the first step
   * made by a line that has one (and notes it in `hitBreakpoint`).
   * @param {number} maxSteps
   */
  run(maxSteps) {
    const from = this.k;
    // Stopped on a breakpoint: no further until the host has seen it (or a seek).
    if (this.hitBreakpoint) return 0;
    if (!this.breakpoints.size) {
      this.seek(this.k + Math.max(0, maxSteps));
      return this.k - from;
    }
    for (let i = 0; i < maxSteps && !this.done; i++) {
      this.k++;
      const line = this.trace.record(this.trace.stepAt[this.k - 1])[3];
      if (this.breakpoints.has(line)) {
        this.hitBreakpoint = line;
        break;
      }
    }
    return this.k - from;
  }
  /** @param {number} maxSteps */
  runToSolution(maxSteps) {
    const had = this.solutionCount;
    for (let i = 0; i < maxSteps && !this.done; i++) {
      this.k++;
      if (this.solutionCount > had) return true;
    }
    return false;
  }

  /**
   * The last step whose work is at most `budget`.
   * @param {import('../types.js').WorkUnit} unit  @param {number} budget
   */
  seekWork(unit, budget) {
    let lo = 0, hi = this.totalSteps;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.workAt(unit, mid) <= budget) lo = mid;
      else hi = mid - 1;
    }
    this.k = lo;
  }
  /** @param {import('../types.js').WorkUnit} unit  @param {number} budget */
  seekWorkNear(unit, budget) { this.seekWork(unit, budget); return this.k; }
  /**
   * Steps on while the next step's work is at most `budget`, at most `maxSteps`; the steps made.
   * @param {import('../types.js').WorkUnit} unit  @param {number} budget  @param {number} maxSteps
   */
  runWithin(unit, budget, maxSteps) {
    let moved = 0;
    while (moved < maxSteps && !this.done && this.workAt(unit, this.k + 1) <= budget) {
      this.k++;
      moved++;
    }
    return moved;
  }
  /** @param {import('../types.js').WorkUnit} unit */
  nextWork(unit) { return this.done ? undefined : this.workAt(unit, this.k + 1); }

  /** The queens by row (-1: none; the leftmost of a row holding two). */
  queens() {
    const { occupied } = this.trace.at(this.k);
    const out = new Int32Array(this.n).fill(-1);
    for (let s = 0; s < occupied.length; s++) if (occupied[s] && out[Math.floor(s / this.n)] < 0) out[Math.floor(s / this.n)] = s % this.n;
    return out;
  }

  /** n*n flags, as the core's (components/cells.js's CELL). */
  cells() {
    const view = this.trace.at(this.k);
    return boardCells(view.occupied, this.n, view.probe).cells;
  }

  message() { return this.trace.at(this.k).sentence; }

  /**
   * The solutions reported by the step shown, each once, in order.
   * @param {number} limit  @param {number} [skip]
   * @returns {import('../types.js').FoundSolution[]}
   */
  solutions(limit, skip = 0) {
    const n = this.n;
    return this.trace.found
      .filter((f) => f.solution && !f.firstStep && f.step <= this.k)
      .slice(skip, skip + limit)
      .map((f) => {
        const queens = new Int32Array(n).fill(-1);
        for (const s of f.squares) queens[Math.floor(s / n)] = s % n;
        return { step: f.step, queens };
      });
  }

  /** Attacking pairs on the board shown. */
  conflicts() {
    const view = this.trace.at(this.k);
    const squares = [];
    for (let s = 0; s < view.occupied.length; s++) if (view.occupied[s]) squares.push(s);
    let pairs = 0;
    for (let i = 0; i < squares.length; i++) for (let j = i + 1; j < squares.length; j++) if (judgeBoard([squares[i], squares[j]], this.n).pair) pairs++;
    return pairs;
  }

  // It accounts for no boards, draws no registers and has no pseudocode.
  space() { return null; }
  /** @param {number} _width */
  icicle(_width) { return null; }
  /** @param {number} _from  @param {number} _to */
  decidedBetween(_from, _to) { return null; }
  /** @param {number} _max */
  conflictTrace(_max) { return null; }
  queenConflicts() { return new Int32Array(this.n); }
  nodesByDepth() { return new Float64Array(0); }
  registers() { return []; }
  pseudocode() { return []; }
  free() {}
}
