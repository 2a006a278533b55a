// Race mode's scheduler: plays the race's clock at a speed, runs it to the end,
// or goes to a reading (a link's, the timeline's, a key's), a frame's worth at
// a time on requestAnimationFrame. The lanes' work inside a frame is the
// Race's (clock.js); this decides how far the clock should move and when
// to stop. Nothing it asks of the core runs long in one task: at N = 1,000 a
// hill-climbing step costs about 2 ms and a seek of annealing could replay a
// quarter of a second, so even a seek within the ground covered goes a slice
// a frame (Race.approach: from the checkpoint, as the visualizer's seek does).
//
// Never touches the DOM: it asks its host to render and to say things.

import { reportError } from '../lib/errors.js';
import { TICK_MS } from './clock.js';
import { FrameLoop, nextBudget } from '../components/runner.js';
import { DEFAULT_RACE_SPEED, RACE_SPEEDS } from '../components/speeds.js';

/**
 * @typedef {import('./clock.js').Race} Race
 * @typedef {'idle' | 'play' | 'run-to-end' | 'go-to' | 'seek'} PlayMode
 *   'go-to': onto new ground (a link's reading), with progress and Cancel;
 *   'seek': within the ground covered, or back to the clock's reading after
 *   a stop, a few frames at most and not cancelled (it ends exact)
 * @typedef {{ reading: number, steps?: number[] | null }} Goal
 *   a reading of the clock; on the wall clock from a link, each lane's step there too
 * @typedef {object} RaceHost  what the player asks of race mode
 * @property {() => Race | null} race  the Race to move
 * @property {() => boolean} render  brings the screen in line; false if the core failed
 * @property {(mode: PlayMode) => void} modeChanged
 * @property {(text: string) => void} say
 * @property {(fraction: number) => void} progress  how far running to the end or to a reading has got
 * @property {() => string} over  the sentence for the race's end
 */

/**
 * The lanes' time in a frame while playing: less than the visualizer's 8 ms,
 * since a race draws a board and a strip per lane, and a chart, in the rest.
 */
const RACE_BUDGET_MS = 6;
/** The least share of a frame the lanes keep after late frames. */
const MIN_BUDGET_MS = 2;
const MAX_STRIDE = 2 ** 50;
/** Running to the end or to a reading, the lanes may take more of a frame: the user waits for the result. */
const LONG_BUDGET_MS = 13;
/**
 * A seek or a go-to takes its first slice at once, in the task of the key or
 * click that asked: within it (every seek on a small board) the race is there
 * before the page draws, as if in one call. Past it, a slice a frame.
 */
const FIRST_SLICE_MS = 25;

export class RacePlayer {
  /** @param {RaceHost} host */
  constructor(host) {
    this.host = host;
    /** @type {PlayMode} */
    this.mode = 'idle';
    this.speedIndex = DEFAULT_RACE_SPEED;
    this.credit = 0;
    this.stride = 1; // clock units a frame at top speed, tuned to the frame budget
    /** @type {number | null} */
    this.pending = null; // a reading the lanes are still on their way to
    /** @type {Goal | null} */
    this.goal = null; // for 'go-to' and 'seek'
    /** @type {(() => void) | null} */
    this.then = null; // what to do once a seek or go-to is there
    this.budgetMs = RACE_BUDGET_MS;
    this.loop = new FrameLoop((now, dt) => this.frame(dt), (interval) => this.tuneBudget(interval));
  }

  get speed() {
    return RACE_SPEEDS[this.speedIndex];
  }

  togglePlay() {
    const race = this.host.race();
    if (!race) return;
    if (this.mode !== 'idle' && this.mode !== 'seek') {
      this.stop();
      return;
    }
    // At the end, Play runs the race again (play goes on exactly from wherever the lanes stand).
    if (race.atEnd()) this.goTo({ reading: 0 }, () => this.start('play'));
    else this.start('play');
  }

  runToEnd() {
    const race = this.host.race();
    if (!race) return;
    if (this.mode === 'run-to-end') {
      this.stop();
      return;
    }
    if (race.atEnd()) {
      this.host.say(this.host.over());
      return;
    }
    this.start('run-to-end');
  }

  /**
   * Goes to a reading of the clock, or (a wall-clock link) to each lane's own
   * step at that reading. Within the ground covered that is a seek, exactly
   * Race.seek's state, in slices (Race.approach: each lane from its
   * checkpoint before the reading, so replaying slow steps, hill climbing's
   * at N = 1,000, or a long interval, annealing's, is no one long task).
   * Onto new ground it goes in frames with progress, and Cancel (stop)
   * stays where it got. The first slice runs at once; `then` runs once
   * there (not after a Cancel, nor when something else is asked first).
   * @param {Goal} goal
   * @param {(() => void) | null} [then]
   */
  goTo(goal, then = null) {
    const was = this.mode;
    this.halt();
    this.pending = null;
    this.begin(goal, then, was);
  }

  /**
   * goTo's work, from a stopped player.
   * @param {Goal} goal
   * @param {(() => void) | null} then
   * @param {PlayMode} was  the mode before it stopped
   */
  begin(goal, then, was) {
    const race = this.host.race();
    if (!race) return;
    this.goal = goal;
    this.then = then;
    this.mode = !goal.steps && goal.reading <= race.furthest ? 'seek' : 'go-to';
    /** @type {string | null} */
    let over = null;
    try {
      over = this.advance(race, 0, FIRST_SLICE_MS);
    } catch (error) {
      reportError(error);
      over = '';
    }
    if (over === null) {
      this.start(this.mode);
      return;
    }
    this.mode = was; // finish() tells the host it stopped, if it had been running
    this.finish(over);
  }

  /** @param {number} index  into RACE_SPEEDS */
  setSpeed(index) {
    this.speedIndex = index;
    this.credit = 0;
  }

  /**
   * Stops whatever runs, with every lane back on the clock's reading: after
   * a frame that left some lanes on their way to the next reading, by a seek
   * back to it (in slices: the player is then seeking for a few frames). A
   * seek itself is not stopped: it is short, and it ends exact; only what
   * was to follow it is dropped.
   */
  stop() {
    if (this.mode === 'seek') {
      this.then = null;
      return;
    }
    this.settle(this.mode);
  }

  /**
   * Stops, and brings any lane a frame left on its way back to the clock's
   * reading. True when the player is idle now (false: seeking back first).
   * @param {PlayMode} was  the mode it ran in
   */
  settle(was) {
    this.halt();
    const race = this.host.race();
    if (this.pending !== null && race) {
      this.pending = null;
      this.begin({ reading: race.clock }, null, was);
      return this.mode === 'idle';
    }
    this.pending = null;
    if (was !== 'idle') this.host.modeChanged('idle');
    return true;
  }

  /**
   * A task over (its sentence, '' for none): the player stops, the screen
   * follows, and what was to follow a seek or go-to runs.
   * @param {string} over
   */
  finish(over) {
    const then = this.then;
    this.then = null;
    if (!this.settle(this.mode)) return; // seeking back to the clock's reading first
    this.host.render();
    if (over) this.host.say(over);
    if (then) then();
  }

  /** After a panic, or before the race is replaced: stops at once, calling nothing. */
  halt() {
    this.loop.stop();
    this.mode = 'idle';
  }

  /** A new race: nothing pending from the old one, and the top speed learnt again. */
  forget() {
    this.halt();
    this.pending = null;
    this.then = null;
    this.stride = 1;
  }

  /** @param {PlayMode} mode */
  start(mode) {
    if (mode !== 'seek' && mode !== 'go-to') this.then = null;
    this.mode = mode;
    this.credit = 0;
    this.loop.start();
    this.host.modeChanged(mode);
  }

  /**
   * One frame (FrameLoop's): the clock moved on and the race drawn. False when the loop should end.
   * @param {number} dt  the time since the last frame (ms)
   */
  frame(dt) {
    const race = this.host.race();
    if (this.mode === 'idle' || !race) return false;
    /** @type {string | null} */
    let over = null;
    try {
      over = this.advance(race, dt);
    } catch (error) {
      reportError(error);
      over = '';
    }
    if (over !== null) {
      this.finish(over); // a seek back to the clock's reading starts frames of its own
      return false;
    }
    if (this.host.render()) return true;
    // The core failed: stop at once, calling it no more (not even to settle a seek).
    this.then = null;
    this.pending = null;
    this.settle(this.mode);
    return false;
  }

  /**
   * As the visualizer's player: a late frame cuts the lanes' share, frames on time win it back.
   * @param {number} interval  the time between the last two frames (ms)
   */
  tuneBudget(interval) {
    this.budgetMs = nextBudget(this.budgetMs, interval, { min: MIN_BUDGET_MS, max: RACE_BUDGET_MS });
  }

  /**
   * Moves the clock by this frame's share. null to go on, or the sentence when done.
   * @param {Race} race
   * @param {number} dt  the time since the last frame (ms)
   * @param {number} [first]  the budget of a seek's or go-to's first slice, run at once
   * @returns {string | null}
   */
  advance(race, dt, first = 0) {
    const top = this.mode !== 'play' || this.speed === Infinity;
    const budget = first || (this.mode === 'play' ? this.budgetMs : Math.max(this.budgetMs, LONG_BUDGET_MS));
    if (this.mode === 'seek') return race.approach(/** @type {Goal} */ (this.goal).reading, budget) ? '' : null;
    const goal = this.mode === 'go-to' ? /** @type {Goal} */ (this.goal) : null; // goTo() set it
    if (goal?.steps) {
      if (race.advanceSteps(goal.steps, budget, goal.reading)) return '';
      this.host.progress(race.progress());
      return null;
    }
    let due = Infinity;
    if (!top) {
      // Owe clock units in proportion to time; a hidden tab runs up no debt.
      this.credit = Math.min(this.credit + (this.speed * dt) / 1000, Math.max(1, this.speed / 10));
      due = Math.floor(this.credit);
    }
    const limit = goal ? goal.reading : Infinity;
    if (race.unit) {
      let target = this.pending;
      if (target === null && due > 0) {
        target = Math.min(race.clock + (top ? this.stride : due), limit);
        if (!top) this.credit -= due;
      }
      if (target !== null) {
        const start = performance.now();
        const there = race.advance(target, budget);
        this.pending = there ? null : target;
        if (top && there && performance.now() - start < budget / 2) this.stride = Math.min(this.stride * 2, MAX_STRIDE);
        else if (top && !there) this.stride = Math.max(1, Math.floor(this.stride / 2));
      }
    } else {
      // The wall clock: ticks of 1 ms a lane, as many as fit in the frame.
      const start = performance.now();
      const cost = TICK_MS * race.active.filter((lane) => lane.finish === null).length;
      let ticks = 0;
      while (ticks < due && race.clock < limit && (ticks === 0 || performance.now() - start + cost <= budget)) {
        if (!race.tick()) break;
        ticks += 1;
      }
      if (!top) this.credit -= ticks;
    }
    if (this.pending === null && race.atEnd()) return this.host.over();
    if (this.mode === 'go-to') {
      if (this.pending === null && race.clock >= limit) return '';
      this.host.progress(Math.min(race.clock / limit, 0.99));
    } else if (this.mode === 'run-to-end') {
      this.host.progress(race.progress());
    }
    return null;
  }
}
