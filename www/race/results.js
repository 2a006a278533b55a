// Race mode's result table, once every lane has ended: for each lane the
// steps, checks and solutions it took and the time, with each figure's ratio to
// the best lane. The time is measured afterwards, on a copy of each search run
// alone in big slices, a slice a frame (a race's own slices are too small to
// time); a partial lane (stopped at the step cap) says so. In a race to the
// first solution the figures are those to each lane's first solution (every
// finished lane has found one), so the table drops the solutions column.
// Your search ran traced in its box: its time comes from one more run of the
// program there, untraced (nothing recorded, so nothing checked), its
// solve(n) timed by the box.
// Download CSV saves the figures, one row a lane, as numbers (export.js).

import { el, formatCount } from '../lib/dom.js';
import { reportError } from '../lib/errors.js';
import { downloadCsv, linkParams, safeName } from '../lib/export.js';
import { CLOCKS, STEP_CAP } from './clock.js';
import { Runner } from '../components/runner.js';
import { YOUR_SEARCH } from '../program/trace-session.js';
import { timeProgram } from '../program/check.js';
import { shortName } from '../lib/words.js';

/** Race mode's place in a file name: nqueens-race-n8-checks-at1965 (-first for a race to the first solution). */
export function raceName() {
  const p = linkParams();
  const first = p.get('goal') === 'one' ? '-first' : '';
  return safeName(`nqueens-race-n${p.get('n') ?? ''}-${p.get('clock') ?? 'checks'}${first}-at${p.get('at') ?? 0}`);
}

/** A lane's search faster than this alone is timed as the mean of repeated runs that add up to it (ms). */
const REPEAT_MS = 40;
/** At most this many runs of one search for its mean. */
const MAX_REPEATS = 2000;
/** Timing repeated runs, the page gets a frame before a task would take longer than this (ms). */
const YIELD_MS = 30;

/**
 * The smallest step of performance.now() here: browsers coarsen it (0.1 ms,
 * or 5 µs when cross-origin isolated), and no time is finer than that.
 * @returns {number} ms
 */
function clockResolution() {
  let least = Infinity;
  let last = performance.now();
  for (let i = 0; i < 20_000 && least > 0.001; i++) {
    const now = performance.now();
    if (now > last) least = Math.min(least, now - last);
    last = now;
  }
  return Number.isFinite(least) ? least : 1;
}

/**
 * @typedef {import('./clock.js').Race} Race
 * @typedef {import('./clock.js').Lane} Lane
 * @typedef {import('./clock.js').LaneEnd} LaneEnd
 * @typedef {'steps' | 'checks' | 'solutions' | 'ms'} Column  a figure of the table
 */

export class RaceResults {
  /**
   * @param {{ panel: HTMLElement, table: HTMLTableElement, status: HTMLElement }} parts
   *   the panel (hidden until a race ends), its table and the line under it
   * @param {{ current: () => Race | null, wasm: () => import('../types.js').Core | null }} host
   *   current: the race shown now (a timing for another stops); wasm: the core now
   *   (a session of a core that trapped is never called again)
   */
  constructor(parts, host) {
    this.parts = parts;
    this.host = host;
    /** @type {Race | null} */
    this.shown = null; // the race whose table is shown
    /** @type {number | undefined} performance.now()'s step, once measured */
    this.step = undefined;
    parts.panel.querySelector('[data-part="results-csv"]')?.addEventListener('click', () => {
      if (this.shown) downloadCsv(csvRows(this.shown), `${raceName()}.csv`);
    });
  }

  /**
   * The table for `race`, once every lane has ended (once per race: later
   * calls for the same race do nothing). The time is measured afterwards.
   * @param {Race} race
   */
  show(race) {
    if (this.shown === race) return;
    this.shown = race;
    this.fillResults(race);
    this.timeLanes(race).catch(reportError);
  }

  /** A new race: no table until it ends. */
  hide() {
    this.parts.panel.hidden = true;
    this.shown = null;
  }

  /**
   * Runs each lane's search again, alone, to where the race left it, and times it.
   * @param {Race} race  one that has ended
   */
  async timeLanes(race) {
    const wasm = /** @type {import('../types.js').Core} */ (this.host.wasm()); // a race is made from the core
    for (const lane of race.active) {
      // Your search ran traced, in a box of its own: timed by a run of its own, untraced.
      if (lane.id === YOUR_SEARCH) {
        await this.timeYours(race, lane);
        if (this.host.current() !== race) return;
        continue;
      }
      const { steps } = end(lane);
      const s = race.fresh(wasm, lane);
      try {
        // Calls of the size the race's own runner learnt for this search (a
        // fixed 65,536 steps was the whole of hill climbing at N = 1,000, one
        // task of seconds).
        // A chunk learnt afresh from one step: the lane's own runner may have
        // learnt a chunk of millions of steps (annealing's at N = 1,000, a
        // quarter of a second in one call here).
        const runner = new Runner(s, { budgetMs: 6 });
        while (s.stepIndex < steps && !s.done) {
          // A slice a frame, so the page stays smooth.
          await new Promise((resolve) => requestAnimationFrame(resolve));
          if (this.host.current() !== race) return; // a new race, or a new core: this one is over
          runner.run(steps - s.stepIndex);
        }
        lane.ms = runner.busyMs;
        lane.runs = 1;
      } finally {
        if (this.host.wasm() === wasm) s.free(); // not a session of a core that trapped
      }
      // A search that takes less than REPEAT_MS alone is run again and again
      // (each time on a fresh session, in one go) until the runs add up to
      // REPEAT_MS: the mean of many runs resolves what one run's clock cannot.
      if (/** @type {number} */ (lane.ms) < REPEAT_MS && this.host.current() === race) {
        let total = 0;
        let runs = 0;
        let since = performance.now();
        while (total < REPEAT_MS && runs < MAX_REPEATS) {
          // The runs add up to REPEAT_MS and more: a frame between them
          // before a task would pass YIELD_MS, so none is long.
          if (runs > 0 && performance.now() - since + total / runs > YIELD_MS) {
            await new Promise((resolve) => requestAnimationFrame(resolve));
            if (this.host.current() !== race) return;
            since = performance.now();
          }
          const again = race.fresh(wasm, lane);
          try {
            const start = performance.now();
            again.run(steps);
            total += performance.now() - start;
            runs++;
          } finally {
            again.free();
          }
        }
        lane.ms = total / runs;
        lane.runs = runs;
      }
      this.fillResults(race);
    }
    // Brute force's lane ran on the core's shortcut; the source's own loop tests
    // every board one by one: time that too, once, so the table can say what
    // the source's program pays (N ≤ 8, a board in a u64; a few tenths of a second).
    const brute = race.active.find((lane) => lane.info.space === 'all-boards' && end(lane).done);
    if (brute && race.goal === 'all' && race.n <= 8 && this.host.current() === race) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const start = performance.now();
      const every = wasm.bruteForceEveryBoard(race.n);
      brute.sourceMs = performance.now() - start;
      brute.sourceBoards = every.boards;
      this.fillResults(race);
    }
  }

  /**
   * Your search's time: its program run once more in its box at the race's N,
   * untraced (the box records nothing, so the page checks nothing but that the
   * time fits the run), and its solve(n) timed there.
   * @param {Race} race
   * @param {Lane} lane
   */
  async timeYours(race, lane) {
    const { program } = /** @type {import('../program/trace-session.js').TraceSession} */ (/** @type {unknown} */ (lane.session)).trace;
    const timed = program ? await timeProgram(program.lang, program.source, race.n) : { why: 'not timed: the program that ran is not known here' };
    if (this.host.current() !== race) return;
    if ('ms' in timed) {
      lane.ms = timed.ms;
      lane.runs = 1;
      lane.untraced = true;
    } else lane.untimed = timed.why;
    this.fillResults(race);
  }

  /** performance.now()'s step in this browser, measured once. */
  resolution() {
    this.step ??= clockResolution();
    return this.step;
  }

  /**
   * The table as far as it is known (the times come in one by one).
   * @param {Race} race  one that has ended
   */
  fillResults(race) {
    const unit = CLOCKS[race.clockId].label;
    const { panel, table, status } = this.parts;
    const first = race.goal === 'one';
    /** @type {[Column, string][]} */
    const columns = first
      ? [['steps', 'Steps'], ['checks', 'Checks'], ['ms', 'Time']]
      : [['steps', 'Steps'], ['checks', 'Checks'], ['solutions', 'Solutions'], ['ms', 'Time']];
    const head = el('tr', {}, [el('th', { scope: 'col', text: 'Lane' }), ...columns.map(([, l]) => el('th', { scope: 'col', text: l }))]);
    /** @type {(lane: Lane, key: Column) => number | null} */
    const value = (lane, key) => (key === 'ms' ? lane.ms : end(lane)[key]);
    const finished = race.active.filter((lane) => end(lane).done);
    /** @type {Column[]} */
    const ranked = ['steps', 'checks', 'ms'];
    const best = Object.fromEntries(ranked.map((key) => [key, Math.min(...finished.map((lane) => value(lane, key) ?? Infinity))]));
    const rows = race.lanes.map((lane) => {
      const row = el('tr', { 'data-lane': lane.id }, [el('th', { scope: 'row', text: shortName(lane.info) })]);
      if (!lane.session) {
        row.append(el('td', { class: 'muted', colspan: columns.length, text: lane.reason }));
        return row;
      }
      const partial = !end(lane).done;
      row.dataset.partial = String(partial);
      for (const [key, label] of columns) {
        const v = value(lane, key);
        if (v === null) {
          const why = lane.id === YOUR_SEARCH ? lane.untimed || 'timing, run again untraced…' : 'timing…';
          row.append(el('td', { 'data-label': label, class: 'muted', 'data-timed': lane.untimed ? 'no' : 'pending' }, why));
          continue;
        }
        const text = key === 'ms' ? msText(v) : formatCount(v);
        const cell = el('td', { 'data-label': label }, [partial && key === 'steps' ? `over ${formatCount(STEP_CAP)}` : text]);
        if (partial) cell.append(el('span', 'cell-note', key === 'steps' ? `capped: partial${first ? ', no solution yet' : ''}` : 'partial, so far'));
        else if (key !== 'solutions' && finished.length > 1 && Number.isFinite(best[key])) {
          // A best of 0 (construction checks nothing) has no ratio: only "best".
          const ratio = best[key] > 0 ? v / best[key] : v > 0 ? null : 1;
          // Times closer than the clock can tell apart (its step over the runs averaged) are a tie, not a win.
          const tied = key === 'ms' && ratio !== null && ratio >= 1.005 && v - best[key] < this.resolution() / Math.max(1, lane.runs ?? 1);
          if (tied) cell.append(el('span', 'cell-note', 'tie: within the clock\'s step'));
          else if (ratio !== null) cell.append(el('span', 'cell-note', ratio < 1.005 ? 'best' : `×${ratio < 10 ? ratio.toFixed(1) : formatCount(Math.round(ratio))}`));
          if (key === 'ms' && (lane.runs ?? 1) > 1) cell.append(el('span', 'cell-note', `mean of ${formatCount(/** @type {number} */ (lane.runs))} runs`));
          if (key === 'ms' && lane.sourceMs !== null) cell.append(el('span', 'cell-note', `board by board: ${msText(lane.sourceMs)}`));
        }
        // Brute force's time is its shortcut's, not its animated loop's: said where the time is.
        if (key === 'ms' && lane.info.space === 'all-boards') cell.append(el('span', 'cell-note', 'with the table shortcut'));
        // Your search's time is the program's own, run untraced: the box recorded nothing for the page to check.
        if (key === 'ms' && lane.untraced) {
          cell.dataset.timed = 'untraced';
          cell.append(el('span', 'cell-note', `its own wall time, run once untraced${first ? ' to its end' : ''}: not checked`));
        } else if (key === 'ms') cell.dataset.timed = 'measured';
        row.append(cell);
      }
      return row;
    });
    const caption = first ? 'Each lane\'s work to its first solution: one row a lane' : 'Each lane\'s work to the end of its search: one row a lane';
    table.replaceChildren(el('caption', 'race-caption', caption), el('thead', {}, [head]), el('tbody', {}, rows));
    const capped = race.active.filter((lane) => !end(lane).done).length;
    const what = first ? `a race to the first solution (seed ${race.seed}): each lane's steps, checks and time to its first` : '';
    const brute = race.active.find((lane) => lane.info.space === 'all-boards');
    const sourceLoop = brute?.sourceMs != null && brute.sourceBoards != null
      ? ` The original program's loop (source 000), testing all ${formatCount(brute.sourceBoards)} boards one by one, took ${msText(brute.sourceMs)} here${brute.ms ? ` (×${formatCount(Math.round(brute.sourceMs / brute.ms))} the shortcut's)` : ''}: "board by board".`
      : ' The original program tests every board one by one and takes far longer.';
    const shortcut = brute
      ? ` Brute force's time is not that of the loop you watch: it is measured on a shortcut that settles whole blocks of boards at once from a table of which placements of a few rows already clash ("with the table shortcut").${sourceLoop}`
      : '';
    status.textContent = `N=${race.n}, equal ${unit === 'ms' ? 'wall time' : unit}${what ? `, ${what}` : ''}. Time: each search run again alone to where it ended, in this browser `
      + `(a search under ${REPEAT_MS} ms run again until the runs add up to ${REPEAT_MS} ms, and their mean shown), measured with a clock whose step here is ${msText(this.resolution())}; ×: the ratio to the best lane.${shortcut}`
      + (race.active.some((lane) => lane.id === YOUR_SEARCH) ? ' Your search ran traced: its time is its program run once more in its box at this N, untraced, its solve(n) timed by the box; nothing is recorded then, so that time is the program\'s own and not checked.' : '')
      + (capped ? ` ${capped} lane${capped === 1 ? '' : 's'} stopped at ${formatCount(STEP_CAP)} steps: ${capped === 1 ? 'its' : 'their'} figures are partial.` : '');
    panel.hidden = false;
  }
}

/**
 * A time as the table writes it: to three significant figures below 10 ms.
 * @param {number} ms
 */
function msText(ms) {
  if (ms >= 10) return `${formatCount(Math.round(ms))} ms`;
  return `${ms < 0.01 ? ms.toFixed(4) : ms < 1 ? ms.toFixed(3) : ms.toFixed(2)} ms`;
}

/**
 * The table as CSV rows: a header, then one row a lane, the figures as plain
 * numbers (time in ms, empty while still timing; a lane that could not run
 * has only its reason).
 * @param {Race} race  one that has ended
 * @returns {(string|number|boolean|null)[][]}
 */
function csvRows(race) {
  const header = ['algorithm', 'name', 'n', 'goal', 'clock', 'seed', 'steps', 'checks', 'solutions', 'time_ms', 'reached_goal', 'note'];
  const seed = race.goal === 'one' ? race.seed : null;
  return [header, ...race.lanes.map((lane) => {
    const start = [lane.id, lane.info.name, race.n, race.goal, race.clockId, seed];
    if (!lane.session) return [...start, null, null, null, null, false, lane.reason];
    const { steps, checks, solutions, done } = end(lane);
    const ms = lane.ms === null ? null : Math.round(lane.ms * 1000) / 1000;
    const note = !done ? `stopped at the step cap (${STEP_CAP})` : lane.untraced ? 'time: its own wall time, run untraced, not checked' : lane.untimed;
    return [...start, steps, checks, solutions, ms, done, note];
  })];
}

/**
 * A lane's figures at its end: every lane that runs has one once the race has ended.
 * @param {Lane} lane
 */
function end(lane) {
  return /** @type {LaneEnd} */ (lane.last);
}
