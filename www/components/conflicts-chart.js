// The conflicts chart: for the searches for one solution, what the search
// tree is for the others. The attacking pairs on the board after each step,
// from step 0 to the one shown, on a log scale (a repair search starts with
// hundreds of conflicts at N = 1,000 and ends fiddling with one or two), with
// each restart marked by a dashed line and a triangle over it. The steps run
// to the furthest step taken, so going back leaves the axis where it was.
//
// The points come from the core (`session.conflictTrace(width)`: at most one
// pair of points a pixel column, each column's least and most conflicts, so a
// dip or a spike between two pixels still shows). A click goes to the step
// under the pointer. Takes a root element and finds its parts by data-part.

import { context2d, cssVars, formatCount, part } from '../lib/dom.js';
import { fontScale, markFont } from '../lib/present.js';

/** @typedef {import('../types.js').Session} Session */

/** CSS pixels: the plot's height, and the margins for the axes' labels. */
const HEIGHT = 190;
const LEFT = 38;
const BOTTOM = 20;
const TOP = 12;
const RIGHT = 10;
/** While the search runs, the chart is redrawn at most this often. */
const THROTTLE_MS = 80;

/**
 * The chart's colours, from CSS (light and dark live in style.css).
 * @param {Element} element
 */
function readColours(element) {
  return cssVars(element, {
    line: ['--accent', '#3b5bdb'],
    restart: ['--board-conflict', '#dc2626'],
    solved: ['--board-candidate', '#15803d'],
    grid: ['--border', '#d0d7de'],
    text: ['--muted', '#5f6670'],
  });
}

export class ConflictsChart {
  /**
   * @param {HTMLElement} root  holds [data-part=conflicts-chart] and conflicts-summary
   * @param {{ seek: (step: number) => void }} actions  seek: moves the visualizer to a step
   */
  constructor(root, { seek }) {
    this.canvas = /** @type {HTMLCanvasElement} */ (part(root, 'conflicts-chart'));
    this.summary = part(root, 'conflicts-summary');
    this.ctx = context2d(this.canvas);
    this.seek = seek;
    /** @type {Session | null} */
    this.session = null;
    this.width = 0; // device pixels
    this.scale = 1;
    /** @type {ReturnType<typeof readColours> | null} */
    this.colours = null;
    this.shownStep = -1;
    this.extent = 0; // the furthest step, the x axis's end
    this.drawnAt = 0;
    this.canvas.style.height = `${HEIGHT}px`;
    this.canvas.addEventListener('click', (event) => this.pick(event));
  }

  /**
   * A new session of a search for one solution (null: none shown).
   * @param {Session | null} session
   */
  reset(session) {
    this.session = session;
    this.shownStep = -1;
    // The first chart waits for the page's first layout, where the canvas's
    // ResizeObserver measures (fit) and draws it; measuring here would force
    // that layout inside the start's long task (as the tree's reset says).
    if (this.width) this.fit();
  }

  /** Matches the canvas to its CSS width × devicePixelRatio; true if it changed. */
  fit() {
    const css = this.canvas.getBoundingClientRect().width || 300;
    this.scale = window.devicePixelRatio || 1;
    const width = Math.max(16, Math.round(css * this.scale));
    if (width === this.width) return false;
    this.width = width;
    this.canvas.width = width;
    this.canvas.height = Math.round(HEIGHT * this.scale);
    this.shownStep = -1;
    return true;
  }

  /** The theme changed: new colours, same chart. */
  repaint() {
    this.colours = null;
    this.update(true);
  }

  /**
   * Redraws if the session moved (or `force`); while the search runs
   * (`throttle`), at most every THROTTLE_MS. Returns false when it left a
   * change undrawn for now.
   */
  update(force = false, { throttle = false } = {}) {
    const s = this.session;
    if (!s) return true;
    if (!this.width) return false; // not measured yet: drawn once it is
    const step = s.stepIndex;
    if (!force && this.shownStep === step) return true;
    const now = performance.now();
    if (throttle && !force && now - this.drawnAt < THROTTLE_MS) return false;
    this.drawnAt = now;
    this.shownStep = step;
    this.extent = Math.max(1, s.furthestStep);
    this.colours ??= readColours(this.canvas);
    const trace = s.conflictTrace(Math.max(2, this.width));
    if (!trace) return true; // not a search for one solution
    // Solved only at the search's end: a board still being placed row by row can have no attacks too.
    const solved = s.done && s.solutionCount > 0;
    this.draw(trace, step, this.extent, solved);
    this.describe(trace, step, s.restarts, solved);
    this.canvas.dataset.drawMs = (performance.now() - now).toFixed(2);
    return true;
  }

  /**
   * @param {import('../types.js').ConflictTrace} trace
   * @param {number} step  the step shown (the trace's last)
   * @param {number} extent  the step at the axis's end
   * @param {boolean} solved  the search has ended on a solution
   */
  draw({ steps, conflicts, restarts }, step, extent, solved) {
    const { ctx, width } = this;
    // Text and margins grow in presentation mode; the canvas keeps its size.
    const scale = this.scale * fontScale();
    markFont(this.canvas, 11 * fontScale());
    const c = /** @type {ReturnType<typeof readColours>} */ (this.colours);
    const height = this.canvas.height;
    const left = LEFT * scale;
    const right = width - RIGHT * scale;
    const top = TOP * scale;
    const bottom = height - BOTTOM * scale;
    let most = 1;
    for (const v of conflicts) if (v > most) most = v;
    // Log scale with 0 on the floor: y of log10(1 + c), the most so far at the top.
    const span = Math.log10(1 + most);
    const y = (/** @type {number} */ v) => bottom - (Math.log10(1 + v) / span) * (bottom - top);
    const x = (/** @type {number} */ k) => left + (k / extent) * (right - left);

    ctx.save();
    ctx.clearRect(0, 0, width, height);
    ctx.font = `${Math.round(11 * scale)}px system-ui, sans-serif`;
    // The grid: 0, 1, 10, 100, … up to the most so far, and the most itself
    // unless a line is near it.
    ctx.strokeStyle = c.grid;
    ctx.fillStyle = c.text;
    ctx.lineWidth = scale;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    const levels = [0];
    for (let p = 1; p <= most; p *= 10) levels.push(p);
    if (y(/** @type {number} */ (levels.at(-1))) - y(most) > 14 * scale) levels.push(most);
    for (const value of levels) {
      const yy = Math.round(y(value)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(left, yy);
      ctx.lineTo(right, yy);
      ctx.stroke();
      ctx.fillText(formatCount(value), left - 5 * scale, yy);
    }
    ctx.textBaseline = 'alphabetic';
    ctx.textAlign = 'left';
    ctx.fillText('0', left, height - 5 * scale);
    ctx.textAlign = 'right';
    ctx.fillText(`step ${formatCount(extent)}`, right, height - 5 * scale);

    // Restarts: a dashed line and a triangle over it (a mark that needs no colour).
    ctx.strokeStyle = c.restart;
    ctx.fillStyle = c.restart;
    ctx.setLineDash([4 * scale, 3 * scale]);
    ctx.beginPath();
    for (const k of restarts) {
      const xx = Math.round(x(k)) + 0.5;
      ctx.moveTo(xx, top);
      ctx.lineTo(xx, bottom);
    }
    ctx.stroke();
    ctx.setLineDash([]);
    for (const k of restarts) {
      const xx = x(k);
      ctx.beginPath();
      ctx.moveTo(xx - 4 * scale, 1);
      ctx.lineTo(xx + 4 * scale, 1);
      ctx.lineTo(xx, top - 2 * scale);
      ctx.closePath();
      ctx.fill();
    }

    // The conflicts, as one line through the points (each column's least and most).
    ctx.strokeStyle = c.line;
    ctx.lineWidth = 2 * scale;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    for (let i = 0; i < steps.length; i++) {
      if (i === 0) ctx.moveTo(x(steps[i]), y(conflicts[i]));
      else ctx.lineTo(x(steps[i]), y(conflicts[i]));
    }
    ctx.stroke();

    // Where the search is: a dot, or a ring on the floor once solved.
    const now = conflicts.at(-1) ?? 0;
    const endX = x(steps.at(-1) ?? 0);
    ctx.beginPath();
    ctx.arc(endX, y(now), 4 * scale, 0, Math.PI * 2);
    if (solved) {
      ctx.strokeStyle = c.solved;
      ctx.lineWidth = 2.5 * scale;
      ctx.stroke();
    } else {
      ctx.fillStyle = c.line;
      ctx.fill();
    }
    ctx.restore();
  }

  /**
   * The summary line and the canvas's text alternative.
   * @param {import('../types.js').ConflictTrace} trace
   * @param {number} step
   * @param {number} restarts  the session's restarts so far (the trace may thin its marks)
   * @param {boolean} solved  the search has ended on a solution
   */
  describe({ conflicts }, step, restarts, solved) {
    const now = conflicts.at(-1) ?? 0;
    let most = 0;
    for (const v of conflicts) if (v > most) most = v;
    const pairs = (/** @type {number} */ v) => `${formatCount(v)} attacking pair${v === 1 ? '' : 's'}`;
    const restartText = `${formatCount(restarts)} restart${restarts === 1 ? '' : 's'}`;
    const text = step === 0
      ? 'No step yet: the chart starts with the first.'
      : `Step ${formatCount(step)}: ${solved ? 'solved, no queen attacks another' : now === 0 ? 'no queen attacks another yet' : pairs(now)} (at most ${formatCount(most)} so far), ${restartText}.`;
    if (this.summary.textContent !== text) this.summary.textContent = text;
    this.canvas.setAttribute('aria-label', `Conflicts over steps, log scale. ${text}`);
  }

  /**
   * A click goes to the step under the pointer.
   * @param {MouseEvent} event
   */
  pick(event) {
    const s = this.session;
    if (!s || this.shownStep < 0) return;
    const box = this.canvas.getBoundingClientRect();
    const grow = fontScale();
    const fraction = (event.clientX - box.left - LEFT * grow) / (box.width - (LEFT + RIGHT) * grow);
    if (fraction < 0 || fraction > 1) return;
    this.seek(Math.round(fraction * this.extent));
  }
}
