// The scheduler of one visualizer: plays its session at a speed, or runs it to the
// next solution or to the end, a frame's worth at a time on requestAnimationFrame;
// or goes to a step (a link's) flat out, in time slices, without drawing.
//
// Owns the mode, the speed, the frame loop and the steps/s reading; the work
// inside a frame is a Runner's (runner.js), one per session. It draws nothing and
// never touches the DOM: after each frame it asks its host to render, and it tells
// the host when the mode changes and what to say.

import { counted, formatCount } from '../lib/dom.js';
import { guard, reportError } from '../lib/errors.js';
import { FRAME_BUDGET_MS, FrameLoop, Runner, nextBudget } from './runner.js';
import { DEFAULT_SPEED_INDEX, SPEEDS, speedLabel } from './speeds.js';
import { roughDuration } from '../lib/words.js';
/** The least share of a frame the solver keeps after late frames (see runner.js's nextBudget). */
const MIN_BUDGET_MS = 1;
/** A goTo runs the search this long between two looks at the page. */
const GO_TO_SLICE_MS = 40;
/**
 * At or below this speed (steps a second) the status line tells each step's
 * sentence while playing: a reader can follow eight sentences a second as
 * they change, and "Playing at 4 steps/s…" taught nothing. Faster, it says
 * the speed. (The visualizer stops speaking them aloud above SPEAK_MAX_SPEED.)
 */
export const NARRATE_MAX_SPEED = 8;
/** Run to end watches this long before it estimates how long the whole run would take. */
const ESTIMATE_AFTER_MS = 600;
/** A run to the end estimated to take longer than this stops first and says so (a second press goes on). */
const LONG_RUN_S = 10 * 60;
/** At or below this speed a screen reader speaks each step's sentence (the status line is aria-live). */
export const SPEAK_MAX_SPEED = 2;

/** @typedef {import('../types.js').Session} Session */

/** @typedef {'idle' | 'play' | 'next-solution' | 'run-to-end' | 'go-to'} PlayerMode  what the player is doing */

/**
 * What a render announces: true for the step's sentence, 'if-changed' for it
 * only when the step changed, false for nothing.
 * @typedef {boolean | 'if-changed'} Announce
 */

/**
 * @typedef {object} PlayerHost  the visualizer, as its player sees it
 * @property {() => Session|null} session  the session to run (it may change between calls)
 * @property {(announce: Announce) => boolean} render  brings the screen in line; false if the core failed
 * @property {(text: string) => void} say  the status line
 * @property {(text: string) => void} warn  a note in the page's problem area
 * @property {(mode: PlayerMode) => void} modeChanged  after every change of mode
 * @property {(value: number|string) => void} showRate  steps per second, or '–' when idle
 * @property {(going: { target: number, fraction: number }) => void} progress  how far a goTo has got
 * @property {() => import('../types.js').SearchSpaceId | null} space  the open search's space, for Run to end's
 *   estimate (null: none to make)
 */

/**
 * True when the session stands on the last step of a finished search. (Callers guard.)
 * @param {Session} session
 * @returns {boolean}
 */
export function atEnd(session) {
  return session.done && session.stepIndex === session.furthestStep;
}

export class Player {
  /** @param {PlayerHost} host */
  constructor(host) {
    this.host = host;
    /** @type {PlayerMode} */
    this.mode = 'idle';
    this.speedIndex = DEFAULT_SPEED_INDEX;
    this.targetStep = 0; // for 'go-to'
    this.credit = 0; // fractional steps owed at a finite speed
    this.rate = { since: 0, fromStep: 0 };
    /** @type {Runner|null} the current session's, so its chunk size is learnt once per session */
    this.runner = null;
    this.budgetMs = FRAME_BUDGET_MS; // the solver's time in a frame (tuneBudget)
    this.loop = new FrameLoop((now, dt) => this.frame(now, dt), (interval) => this.tuneBudget(interval));
    /** @type {ReturnType<typeof setTimeout>|number} the pending slice of a goTo */
    this.sliceTimer = 0;
    this.goFrom = 0;
    /**
     * A run to the end's first look at its pace: when it began and how much
     * of the whole run was done then (null: no estimate to make, or made).
     * @type {{ since: number, done: number, total: number, unit: string } | null}
     */
    this.pace = null;
    /** @type {Session|null} the session whose long run was warned about: Run to end again goes on */
    this.warned = null;
  }

  // ---- What the user asks for ------------------------------------------------

  togglePlay() {
    const s = this.host.session();
    if (!s) return;
    if (this.mode !== 'idle') {
      this.stop();
      this.host.render(true);
      return;
    }
    // At the very end, Play replays the search from the start.
    if (guard(() => atEnd(s), false)) guard(() => s.seek(0));
    this.setMode('play');
  }

  nextSolution() {
    this.startTask('next-solution', 'The search is finished: there are no more solutions.');
  }

  runToEnd() {
    this.startTask('run-to-end', 'Already at the end of the search.');
    const s = this.host.session();
    // A search that keeps books over the N^N boards can say how far it is:
    // the first moments of the run measure the pace, and a run of hours stops
    // to say so, once per session (pressing again goes on).
    this.pace = this.mode === 'run-to-end' && s && this.warned !== s ? workDone(s, this.host.space()) : null;
  }

  /**
   * The run to the end's estimate, once it has run ESTIMATE_AFTER_MS: a
   * sentence when the rest would take longer than LONG_RUN_S (the run then
   * stops), or null to go on.
   * @param {Session} s
   * @param {number} now
   * @returns {string|null}
   */
  longRun(s, now) {
    const pace = this.pace;
    if (!pace || now - pace.since < ESTIMATE_AFTER_MS) return null;
    this.pace = null;
    const then = workDone(s, this.host.space());
    if (!then) return null;
    const perSecond = ((then.done - pace.done) * 1000) / (then.since - pace.since);
    const left = Math.max(0, pace.total - then.done);
    const seconds = perSecond > 0 ? left / perSecond : Infinity;
    if (seconds <= LONG_RUN_S) return null;
    this.warned = s;
    return `Running to the end would take ${roughDuration(seconds)} at the current rate `
      + `(${formatCount(Math.round(perSecond))} ${then.unit} a second, about ${formatCount(Math.round(left))} to go), so it stopped at step ${formatCount(s.stepIndex)}. `
      + 'Press Run to end again to go on anyway; Esc stops it.';
  }

  /**
   * Goes to `step` (a link's ?step=, the timeline, or the step to restore
   * after a restart). The core moves to the checkpoint at or before it
   * without replaying (seekNear), then the search runs on from there flat
   * out, without drawing, in slices of GO_TO_SLICE_MS: the first at once (a
   * step within reach of a checkpoint is usually there after it), the rest
   * with the page live between them, showing how far it has got
   * (host.progress); Cancel (stop()) keeps the step reached. Says so if the
   * search ends first. Exact: the state is the one seek(step) gives.
   * @param {number} step
   * @param {boolean} [announce]  say where it is once there (false while the timeline is dragged)
   */
  goTo(step, announce = true) {
    const s = this.host.session();
    if (!s) return;
    this.stop();
    this.targetStep = step;
    const there = guard(() => {
      s.seekNear(step);
      this.goFrom = s.stepIndex;
      return this.slice(s) && s.stepIndex >= step;
    }, true);
    if (there) {
      this.host.render(announce);
      return;
    }
    this.setMode('go-to');
    this.host.say(`Going to step ${formatCount(step)}…`);
    this.sliceTimer = setTimeout(() => this.goSlice(), 0);
  }

  /**
   * Runs towards targetStep for at most GO_TO_SLICE_MS; true once there or
   * at the search's end.
   * @param {Session} s
   */
  slice(s) {
    if (this.runner?.session !== s) this.runner = new Runner(s);
    const left = this.targetStep - s.stepIndex;
    if (left > 0) this.runner.run(left, GO_TO_SLICE_MS);
    return s.stepIndex >= this.targetStep || s.done;
  }

  /** One slice of goTo, then the next one after the page has had its turn. */
  goSlice() {
    this.sliceTimer = 0;
    const s = this.host.session();
    if (this.mode !== 'go-to' || !s) return;
    let finished = null;
    try {
      this.slice(s);
      if (s.stepIndex >= this.targetStep) finished = '';
      else if (s.done) {
        this.host.warn(`The link asks for step ${formatCount(this.targetStep)}, but this search ends at step ${formatCount(s.stepIndex)}. Showing the last step.`);
        finished = '';
      }
    } catch (error) {
      reportError(error);
      finished = '';
    }
    if (finished !== null) {
      this.stop();
      this.host.render(true);
      return;
    }
    const done = s.stepIndex - this.goFrom;
    this.host.progress({ target: this.targetStep, fraction: done / (this.targetStep - this.goFrom) });
    this.sliceTimer = setTimeout(() => this.goSlice(), 0);
  }

  /** @param {number} index  into SPEEDS */
  setSpeed(index) {
    this.speedIndex = index;
    this.credit = 0;
    // Keep the status line true while playing.
    const speed = SPEEDS[index];
    if (this.mode === 'play' && speed > NARRATE_MAX_SPEED) this.host.say(`Playing at ${speedLabel(speed)}…`);
  }

  /** Stops whatever runs (the host renders when it wants to). */
  stop() {
    this.setMode('idle');
  }

  /** After a panic: stops the loop at once and tells nobody (the instance may be poisoned). */
  halt() {
    this.loop.stop();
    clearTimeout(this.sliceTimer);
    this.sliceTimer = 0;
    this.mode = 'idle';
    this.runner = null;
  }

  /**
   * Next solution and run to end: a second press stops; at the end, says why nothing happens.
   * @param {'next-solution' | 'run-to-end'} mode
   * @param {string} atEndSentence
   */
  startTask(mode, atEndSentence) {
    const s = this.host.session();
    if (!s) return;
    if (this.mode === mode) {
      this.stop();
      this.host.render(true);
      return;
    }
    if (guard(() => atEnd(s), false)) {
      this.host.say(atEndSentence);
      return;
    }
    this.setMode(mode);
  }

  // ---- The frame loop -------------------------------------------------------------

  /** @param {PlayerMode} mode */
  setMode(mode) {
    this.mode = mode;
    this.credit = 0;
    if (mode === 'idle' || mode === 'go-to') {
      this.loop.stop();
      clearTimeout(this.sliceTimer);
      this.sliceTimer = 0;
    } else {
      const s = this.host.session();
      // A mode that runs is set only with a session (togglePlay, startTask).
      this.rate = { since: performance.now(), fromStep: guard(() => /** @type {Session} */ (s).stepIndex, 0) };
      const speed = SPEEDS[this.speedIndex];
      if (mode === 'play' && speed > NARRATE_MAX_SPEED) this.host.say(`Playing at ${speedLabel(speed)}…`);
      if (mode === 'next-solution') this.host.say('Looking for the next solution…');
      if (mode === 'run-to-end') this.host.say('Running to the end of the search…');
      this.loop.start();
    }
    this.host.modeChanged(mode);
  }

  /**
   * One frame (FrameLoop's): the work, the rate, the drawing. False when the loop should end.
   * @param {number} now  the frame's time
   * @param {number} dt  ms since the last frame
   * @returns {boolean}
   */
  frame(now, dt) {
    const s = this.host.session();
    if (this.mode === 'idle' || !s) return false;
    let finished = null; // a sentence when the task ends
    try {
      finished = this.advance(s, dt);
    } catch (error) {
      reportError(error);
      finished = '';
    }
    this.updateRate(s, now);
    if (finished !== null) {
      this.stop();
      this.host.render(finished === '');
      if (finished) this.host.say(finished);
      return false;
    }
    // At a walking pace each step is announced, as when stepping by hand.
    const slow = this.mode === 'play' && SPEEDS[this.speedIndex] <= NARRATE_MAX_SPEED;
    if (this.host.render(slow ? 'if-changed' : false)) return true;
    this.stop();
    return false;
  }

  /**
   * The solver's share of a frame follows the frames themselves: a late frame
   * (the page's drawing took longer than hoped: big boards, a register
   * refresh) cuts it by a third, frames on time win it back slowly, between
   * MIN_BUDGET_MS and FRAME_BUDGET_MS. Smooth frames first, then speed.
   * @param {number} interval  ms between the last two frames
   */
  tuneBudget(interval) {
    this.budgetMs = nextBudget(this.budgetMs, interval, { min: MIN_BUDGET_MS, max: FRAME_BUDGET_MS });
    if (this.runner) this.runner.budgetMs = this.budgetMs;
  }

  /**
   * Moves the session on by this frame's share of work. Returns null to keep going,
   * or the sentence to announce when the current task is over ('' = the step's own message).
   * @param {Session} s
   * @param {number} dt  ms since the last frame
   * @returns {string|null}
   */
  advance(s, dt) {
    if (this.runner?.session !== s) this.runner = new Runner(s, { budgetMs: this.budgetMs });
    const runner = this.runner;
    switch (this.mode) {
      case 'play': {
        const speed = SPEEDS[this.speedIndex];
        if (speed === Infinity) {
          runner.run();
        } else {
          // Owe steps in proportion to time; don't let a hidden tab run up a debt.
          this.credit = Math.min(this.credit + (speed * dt) / 1000, Math.max(1, speed / 10));
          const due = Math.floor(this.credit);
          if (due > 0) this.credit -= runner.run(due);
        }
        return s.done ? endSentence(s) : null;
      }
      case 'run-to-end':
        runner.run();
        return s.done ? endSentence(s) : this.longRun(s, performance.now());
      case 'next-solution':
        if (runner.runToSolution()) return '';
        return s.done ? 'The search is finished: there are no more solutions.' : null;
      default:
        return '';
    }
  }

  /**
   * The steps/s reading, twice a second.
   * @param {Session} s
   * @param {number} now
   */
  updateRate(s, now) {
    const elapsed = now - this.rate.since;
    if (elapsed < 500) return;
    const step = s.stepIndex;
    const perSecond = Math.max(0, Math.round(((step - this.rate.fromStep) * 1000) / elapsed));
    this.host.showRate(perSecond);
    this.rate = { since: now, fromStep: step };
  }
}

/**
 * How much of its whole run a search for every solution has done, and when:
 * a whole-board search's steps against N^N or N!; a depth-first search's
 * queens placed against the placements of its whole run, estimated by
 * treePlacements. Null for a search for one solution (or none given).
 * @param {Session} s
 * @param {import('../types.js').SearchSpaceId | null} space
 * @returns {{ since: number, done: number, total: number, unit: string } | null}
 */
function workDone(s, space) {
  return guard(() => {
    const n = s.n;
    const since = performance.now();
    if (space === 'all-boards') return { since, done: s.stepIndex, total: n ** n, unit: 'boards' };
    if (space === 'permutations') {
      let total = 1;
      for (let k = 2; k <= n; k++) total *= k;
      return { since, done: s.stepIndex, total, unit: 'permutations' };
    }
    if (space === 'tree') return { since, done: s.placements, total: treePlacements(n), unit: 'queens placed' };
    return null;
  }, null);
}

/** Random descents treePlacements averages. */
const TREE_PROBES = 3000;

/**
 * The queens a depth-first search for every solution places on its whole run
 * (the safe partial boards, at every depth), by Knuth's estimator (1975):
 * descend at random, always to a safe square; the product of the safe squares
 * met on the way, summed over the depths, is on average the number of nodes.
 * @param {number} n
 * @returns {number}
 */
export function treePlacements(n) {
  let sum = 0;
  const full = (1 << n) - 1;
  for (let probe = 0; probe < TREE_PROBES; probe++) {
    let cols = 0;
    let ld = 0;
    let rd = 0;
    let paths = 1;
    for (let row = 0; row < n; row++) {
      let free = full & ~(cols | ld | rd);
      let count = 0;
      for (let bits = free; bits; bits &= bits - 1) count++;
      if (count === 0) break;
      paths *= count;
      sum += paths;
      // One of the safe squares, at random.
      for (let skip = Math.floor(Math.random() * count); skip > 0; skip--) free &= free - 1;
      const bit = free & -free;
      cols |= bit;
      ld = ((ld | bit) << 1) & full;
      rd = (rd | bit) >> 1;
    }
  }
  return sum / TREE_PROBES;
}

/**
 * @param {Session} s
 * @returns {string}
 */
function endSentence(s) {
  // A search for one solution ends on it, and its last step's sentence says so.
  if (s.conflictTrace(2)) return '';
  return `Reached the end of the search after ${counted(s.stepIndex, 'step')}: ${counted(s.solutionCount, 'solution')}.`;
}
