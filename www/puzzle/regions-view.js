// Puzzle mode's regions board, its page side: the grid of squares over the
// canvas that carries each square's region (for the screen reader and the
// tests; the canvas draws the colours and borders, draw.js), and the
// solver's search watched on the board, a step at a time, from the core's
// traced regionsSearch().

import { counted, el } from '../lib/dom.js';
import { guard } from '../lib/errors.js';
import { where } from './model.js';

/** The watched search: a step this often. */
const WATCH_STEP_MS = 45;
/** The watched search: at most this many steps. */
const WATCH_MAX_STEPS = 20_000;

/**
 * Lays the grid of squares over the canvas, or hides it on a classic board.
 * @param {HTMLElement} grid  [data-part=region-grid]
 * @param {HTMLCanvasElement} canvas
 * @param {number} n
 * @param {number[] | null} regions
 */
export function showRegionGrid(grid, canvas, n, regions) {
  if (!regions) {
    grid.hidden = true;
    grid.replaceChildren();
    delete grid.dataset.key;
    return;
  }
  const key = `${n}:${regions.join(',')}`;
  if (grid.dataset.key !== key) {
    grid.dataset.key = key;
    const rows = [];
    for (let row = 0; row < n; row++) {
      const cells = [];
      for (let col = 0; col < n; col++) {
        const s = row * n + col;
        cells.push(el('div', { role: 'gridcell', 'data-square': s, 'data-region': regions[s], 'aria-label': `Row ${row + 1}, column ${col + 1}: region ${regions[s] + 1}` }));
      }
      rows.push(el('div', { role: 'row' }, cells));
    }
    grid.replaceChildren(...rows);
    grid.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    grid.style.gridTemplateRows = `repeat(${n}, 1fr)`;
  }
  const style = grid.style;
  style.left = `${canvas.offsetLeft}px`;
  style.top = `${canvas.offsetTop}px`;
  style.width = style.height = `${canvas.offsetWidth}px`;
  grid.hidden = false;
}

/**
 * @typedef {object} Watched  the search shown on the board
 * @property {import('../types.js').RegionsTrace['steps']} steps
 * @property {number} index  the steps done
 * @property {number[]} queens  the queens after them
 * @property {number} probe  the square looked at, or -1
 * @property {number} timer
 */

export class SearchWatch {
  /**
   * @param {HTMLElement} root  #puzzle (its data-watch-step and data-watch-steps)
   * @param {HTMLElement} text  the line under the button
   * @param {() => void} changed  draw the board again
   */
  constructor(root, text, changed) {
    this.root = root;
    this.text = text;
    this.changed = changed;
    /** @type {Watched | null} */
    this.state = null;
  }

  /**
   * Watch the search: the core's row-by-row backtracking on a regions
   * puzzle, from its given queens; false if there is none to watch (a classic
   * board, no regions exports, the core's sentence shown).
   * @param {import('./mode.js').RegionsCoreApi | null} api  the core's regions exports
   * @param {{ n: number, regions: number[] | null, given: number[] }} board
   * @param {() => void} before  called once the search is traced, before it plays
   */
  watch(api, { n, regions, given }, before) {
    if (!api || !regions) return false;
    const trace = guard(() => api.regionsSearch(n, regions, given, WATCH_MAX_STEPS), null);
    if (!trace) return false;
    before();
    this.start(trace, n, given);
    return true;
  }

  /**
   * Plays a traced search from the given queens.
   * @param {import('../types.js').RegionsTrace} trace
   * @param {number} n
   * @param {number[]} given
   */
  start(trace, n, given) {
    this.stop();
    const total = trace.steps.length;
    const cut = trace.cut ? ` (the first ${total.toLocaleString('en-US')} steps)` : '';
    const w = { steps: trace.steps, index: 0, queens: [...given], probe: -1, timer: 0 };
    this.state = w;
    w.timer = window.setInterval(() => {
      const step = w.steps[w.index];
      if (!step) {
        this.text.textContent = trace.solution
          ? `The search found the solution in ${counted(total, 'step')}${cut}: it places a queen a row, on a square no queen shares a column or region with or touches, and takes it back when nothing below works. Click the board to go back to yours.`
          : `The search stopped after ${counted(total, 'step')}${cut} without a solution.`;
        clearInterval(w.timer);
        w.timer = 0;
        return;
      }
      const s = step.row * n + step.col;
      w.probe = step.kind === 'probe' ? s : -1;
      if (step.kind === 'place' || step.kind === 'found') w.queens = [...new Set([...w.queens, s])].sort((a, b) => a - b);
      if (step.kind === 'remove') w.queens = w.queens.filter((q) => q !== s);
      w.index += 1;
      this.root.dataset.watchStep = String(w.index);
      const did = { probe: 'looks at', place: 'places a queen on', remove: 'takes back the queen on', found: 'finds the last queen on' }[step.kind];
      this.text.textContent = `Step ${w.index} of ${total}${cut}: ${did} ${where(n, s)}.`;
      this.changed();
    }, WATCH_STEP_MS);
    this.root.dataset.watchSteps = String(total);
    this.changed();
  }

  stop() {
    if (!this.state) return;
    clearInterval(this.state.timer);
    this.state = null;
    this.text.textContent = '';
    delete this.root.dataset.watchStep;
    delete this.root.dataset.watchSteps;
  }
}
