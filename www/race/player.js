// Race mode's scheduler: plays the race's clock at a speed, runs it to the end,
// or goes to a reading (a link's), a frame's worth at a time on
// requestAnimationFrame. The lanes' work inside a frame is the Race's
// (race-clock.js); this decides how far the clock should move and when to stop.
//
// Never touches the DOM: it asks its host to render and to say things.

import { reportError } from '../lib/errors.js';
import { TICK_MS } from './clock.js';
import { FrameLoop, nextBudget } from '../components/runner.js';
import { DEFAULT_RACE_SPEED, RACE_SPEEDS } from '../components/speeds.js';

/**
 * @typedef {import('./clock.js').Race} Race
 * @typedef {'idle' | 'play' | 'run-to-end' | 'go-to'} PlayMode
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
    this.goal = null; // for 'go-to'
    this.budgetMs = RACE_BUDGET_MS;
    this.loop = new FrameLoop((now, dt) => this.frame(dt), (interval) => this.tuneBudget(interval));
  }

  get speed() {
    return RACE_SPEEDS[this.speedIndex];
  }

  togglePlay() {
    const race = this.host.race();
    if (!race) return;
    if (this.mode !== 'idle') {
      this.stop();
      return;
    }
    if (race.atEnd()) race.seek(0); // at the end, Play runs the race again
    this.start('play');
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
   * step at that reading, in frames with progress; Cancel (stop) stays where
   * it got. On a work clock the lanes go there in frames even within the
   * ground covered (each from its checkpoint before the reading: replaying
   * slow steps, hill climbing's at N = 1,000, is no one long task); on the
   * wall clock, within the ground covered, that is one seek.
   * @param {Goal} goal
   */
  goTo(goal) {
    const race = this.host.race();
    if (!race) return;
    this.stop();
    if (!goal.steps && !race.unit && goal.reading <= race.furthest) {
      race.seek(goal.reading);
      this.host.render();
      return;
    }
    this.goal = goal;
    this.start('go-to');
  }

  /** @param {number} index  into RACE_SPEEDS */
  setSpeed(index) {
    this.speedIndex = index;
    this.credit = 0;
  }

  /** Stops whatever runs, with every lane back on the clock's reading. */
  stop() {
    const was = this.mode;
    this.halt();
    if (this.pending !== null) {
      this.pending = null;
      try {
        this.host.race()?.settle();
      } catch (error) {
        reportError(error);
      }
    }
    if (was !== 'idle') this.host.modeChanged('idle');
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
    this.stride = 1;
  }

  /** @param {PlayMode} mode */
  start(mode) {
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
      this.stop();
      this.host.render();
      if (over) this.host.say(over);
      return false;
    }
    if (this.host.render()) return true;
    this.stop();
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
   * @returns {string | null}
   */
  advance(race, dt) {
    const top = this.mode !== 'play' || this.speed === Infinity;
    const budget = this.mode === 'play' ? this.budgetMs : Math.max(this.budgetMs, LONG_BUDGET_MS);
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
