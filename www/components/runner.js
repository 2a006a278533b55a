// Runs a session "as far as fits in this frame": the one adaptive loop behind
// play, next solution, run to end, run to step, and race mode.
//
// A Runner belongs to one session and learns how many steps that session takes
// in about a millisecond, so it can check the clock often enough to stop on time
// and rarely enough to be cheap. Several sessions sharing one frame (a race) each
// get their own Runner, and so their own chunk size, and split the budget.
//
// It only calls session.run() and session.runToSolution(); it never draws,
// schedules frames or catches errors (callers guard their calls into wasm).
// The frames themselves are FrameLoop's, below: the one requestAnimationFrame
// loop that both players (player.js, race/player.js) drive their runs from.

/** @typedef {import('../types.js').Session} Session */

/** Time per frame the visualizer lets the solver run, leaving the rest of the ~16 ms for drawing. */
export const FRAME_BUDGET_MS = 8;
/** A session.run() call should take about this long: between half and twice it. */
const TARGET_CALL_MS = 1;
const MAX_CHUNK = 1 << 22;

/** A frame later than this (at 60 Hz: one missed) means the drawing took longer than hoped. */
const LATE_FRAME_MS = 20;

/**
 * The solver's next share of a frame, from the last frame's interval: a late
 * frame cuts it by a third (not below `min`), frames on time win it back
 * slowly (up to `max`). Smooth frames first, then speed.
 * @param {number} budgetMs  the solver's share of the last frame
 * @param {number} interval  the time between the last two frames
 * @param {{ min: number, max: number }} bounds
 * @returns {number}
 */
export function nextBudget(budgetMs, interval, { min, max }) {
  return interval > LATE_FRAME_MS ? Math.max(min, budgetMs * 0.67) : Math.min(max, budgetMs + 0.05);
}

export class Runner {
  /**
   * @param {Session} session
   * @param {{ budgetMs?: number, chunk?: number }} [options]
   *   budgetMs: the default time a call may take; chunk: steps per session call to start with
   *   (one: where a step is dear, 3 ms and more at N = 1,000, even 64 would be a long task;
   *   where it is cheap the chunk doubles to size in a few calls)
   */
  constructor(session, { budgetMs = FRAME_BUDGET_MS, chunk = 1 } = {}) {
    this.session = session;
    this.budgetMs = budgetMs;
    this.chunk = chunk;
    this.busyMs = 0; // time spent inside session calls, in all
  }

  /**
   * Takes up to `maxSteps` steps, a chunk at a time, until the search ends or
   * `budgetMs` is spent. Returns the number of steps taken.
   * @param {number} [maxSteps]
   * @param {number} [budgetMs]
   * @returns {number}
   */
  run(maxSteps = Infinity, budgetMs = this.budgetMs) {
    let taken = 0;
    this.slices(budgetMs, (chunk) => {
      if (taken >= maxSteps) return false;
      const want = Math.min(chunk, maxSteps - taken);
      const got = this.session.run(want);
      taken += got;
      return got === want ? want : false; // fewer: the search ended
    });
    return taken;
  }

  /**
   * Runs towards the next solution until it is found, the search ends or
   * `budgetMs` is spent. True when the session stopped on a solution.
   * @param {number} [budgetMs]
   * @returns {boolean}
   */
  runToSolution(budgetMs = this.budgetMs) {
    let found = false;
    this.slices(budgetMs, (chunk) => {
      found = this.session.runToSolution(chunk);
      return found || this.session.done ? false : chunk;
    });
    return found;
  }

  /**
   * The loop both share: calls `slice(chunk)` and times it until it returns false
   * (finished) or the budget is spent. `slice` returns the chunk it asked for, which
   * tunes the chunk size when it was a full one.
   * @param {number} budgetMs
   * @param {(chunk: number) => number | false} slice  one call into the session, of at most `chunk` steps
   */
  slices(budgetMs, slice) {
    const start = performance.now();
    for (;;) {
      const before = performance.now();
      const asked = slice(this.chunk);
      const after = performance.now();
      this.busyMs += after - before;
      if (asked === false) return;
      if (asked === this.chunk) this.tune(after - before);
      if (after - start >= budgetMs) return;
    }
  }

  /**
   * Doubles the chunk while calls are quick, halves it when they are slow.
   * @param {number} ms  how long the last full chunk took
   */
  tune(ms) {
    if (ms < TARGET_CALL_MS / 2) this.chunk = Math.min(this.chunk * 2, MAX_CHUNK);
    else if (ms > TARGET_CALL_MS * 2) this.chunk = Math.max(1, Math.floor(this.chunk / 2));
  }
}

/**
 * The animation-frame loop of both players: one call of `frame` a frame for
 * as long as it returns true. It measures the frames: `frame` gets the time
 * since the last one (capped, so a hidden tab runs up no debt; a 60 Hz frame
 * for the first), and `tune` gets each interval after the first, for the
 * solver's share of the next frame (see nextBudget).
 */
export class FrameLoop {
  /**
   * @param {(now: number, dt: number) => boolean} frame  one frame's work; false ends the loop
   * @param {(interval: number) => void} tune  the time between the last two frames
   */
  constructor(frame, tune) {
    this.frame = frame;
    this.tune = tune;
    this.request = 0;
    this.last = 0; // when the last frame ran; 0 before the first of a run
  }

  /** Starts a run: frames from the next one on, timed afresh. */
  start() {
    this.last = 0;
    if (!this.request) this.request = requestAnimationFrame((now) => this.tick(now));
  }

  /** Stops at once: no frame runs after this. */
  stop() {
    if (this.request) cancelAnimationFrame(this.request);
    this.request = 0;
  }

  /** @param {number} now  the frame's time (requestAnimationFrame's) */
  tick(now) {
    this.request = 0;
    const dt = this.last ? Math.min(now - this.last, MAX_FRAME_STEP_MS) : 1000 / 60;
    if (this.last) this.tune(now - this.last);
    this.last = now;
    if (this.frame(now, dt) && !this.request) this.request = requestAnimationFrame((t) => this.tick(t));
  }
}

/** A frame's time step is at most this: after a pause (a hidden tab) the players do not leap. */
const MAX_FRAME_STEP_MS = 100;
