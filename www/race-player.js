// Race mode's scheduler: plays the race's clock at a speed, runs it to the end,
// or goes to a reading (a link's), a frame's worth at a time on
// requestAnimationFrame. The lanes' work inside a frame is the Race's
// (race-clock.js); this decides how far the clock should move and when to stop.
//
// Never touches the DOM: it asks its host to render and to say things.

import { reportError } from './errors.js';
import { TICK_MS } from './race-clock.js';
import { FrameLoop, nextBudget } from './runner.js';
import { DEFAULT_RACE_SPEED, RACE_SPEEDS } from './speeds.js';
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
  /**
   * @param host {{
   *   race(): object|null,            the Race to move
   *   render(): boolean,              brings the screen in line; false if the core failed
   *   modeChanged(mode): void,
   *   say(text): void,
   *   progress(fraction): void,       how far running to the end or to a reading has got
   *   over(): string,                 the sentence for the race's end
   * }}
   */
  constructor(host) {
    this.host = host;
    /** 'idle' | 'play' | 'run-to-end' | 'go-to' */
    this.mode = 'idle';
    this.speedIndex = DEFAULT_RACE_SPEED;
    this.credit = 0;
    this.stride = 1; // clock units a frame at top speed, tuned to the frame budget
    this.pending = null; // a reading the lanes are still on their way to
    this.goal = null; // for 'go-to': { reading, steps? }
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
   * it got. Within the ground covered, that is one seek.
   */
  goTo(goal) {
    const race = this.host.race();
    if (!race) return;
    this.stop();
    if (!goal.steps && goal.reading <= race.furthest) {
      race.seek(goal.reading);
      this.host.render();
      return;
    }
    this.goal = goal;
    this.start('go-to');
  }

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

  start(mode) {
    this.mode = mode;
    this.credit = 0;
    this.loop.start();
    this.host.modeChanged(mode);
  }

  /** One frame (FrameLoop's): the clock moved on and the race drawn. False when the loop should end. */
  frame(dt) {
    const race = this.host.race();
    if (this.mode === 'idle' || !race) return false;
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

  /** As the visualizer's player: a late frame cuts the lanes' share, frames on time win it back. */
  tuneBudget(interval) {
    this.budgetMs = nextBudget(this.budgetMs, interval, { min: MIN_BUDGET_MS, max: RACE_BUDGET_MS });
  }

  /** Moves the clock by this frame's share. null to go on, or the sentence when done. */
  advance(race, dt) {
    const top = this.mode !== 'play' || this.speed === Infinity;
    const budget = this.mode === 'play' ? this.budgetMs : Math.max(this.budgetMs, LONG_BUDGET_MS);
    if (this.mode === 'go-to' && this.goal.steps) {
      if (race.advanceSteps(this.goal.steps, budget, this.goal.reading)) return '';
      this.host.progress(race.progress());
      return null;
    }
    let due = Infinity;
    if (!top) {
      // Owe clock units in proportion to time; a hidden tab runs up no debt.
      this.credit = Math.min(this.credit + (this.speed * dt) / 1000, Math.max(1, this.speed / 10));
      due = Math.floor(this.credit);
    }
    const limit = this.mode === 'go-to' ? this.goal.reading : Infinity;
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
