// Chapter 8's picture of a heavy tail: for each sample of run lengths, the
// share of runs still going after t steps, P(X > t), against t, both axes
// logarithmic. A heavy tail falls like a power of t: a straight slope that
// reaches far to the right; restarts cut it off. Drawn from the core's
// runLengths(), in the page's colours, light or dark; a pure function of its
// samples and size, redrawn on resize and theme changes.

import { decades, drawAxes, survivalCurve, traceSurvival } from '../components/log-axes.js';
import { context2d, cssVars, el, formatCount } from '../lib/dom.js';
import { fontScale, markFont } from '../lib/present.js';

/** @typedef {{ label: string, lengths: ArrayLike<number>, colour: 'accent' | 'danger' }} TailSample */

const HEIGHT = 220;

export class TailChart {
  /**
   * @param {TailSample[]} samples
   */
  constructor(samples) {
    this.samples = samples;
    this.canvas = el('canvas', { id: 'learn-tail', class: 'learn-tail-canvas', role: 'img' });
    this.canvas.setAttribute('aria-label', samples.map(({ label, lengths }) => {
      const sorted = Array.from(lengths).sort((a, b) => a - b);
      return `${label}: ${sorted.length} runs from ${formatCount(sorted[0])} to ${formatCount(sorted[sorted.length - 1])} steps`;
    }).join('; '));
    this.root = el('figure', 'learn-tail', [
      this.canvas,
      el('figcaption', 'muted', [
        'Share of runs still going after t steps, both axes logarithmic: ',
        ...samples.flatMap(({ label, colour }, i) => [i ? ', ' : '', el('span', `learn-key learn-key-${colour}`, '■'), ` ${label}`]),
        '. A heavy tail is the line that falls slowly and runs far to the right.',
      ]),
    ]);
    this.resize = new ResizeObserver(() => this.draw());
    this.resize.observe(this.canvas);
  }

  draw() {
    const canvas = this.canvas;
    const px = window.devicePixelRatio || 1;
    const cssWidth = canvas.getBoundingClientRect().width || 320;
    canvas.width = Math.round(cssWidth * px);
    canvas.height = Math.round(HEIGHT * px);
    canvas.style.height = `${HEIGHT}px`;
    const ctx = context2d(canvas);
    const colours = cssVars(document.documentElement, {
      text: ['--text', '#1f2328'], muted: ['--muted', '#5f6670'], border: ['--border', '#d9d7cf'],
      accent: ['--accent', '#3b5bdb'], danger: ['--danger', '#b42318'], surface: ['--surface', '#ffffff'],
    });
    ctx.save();
    ctx.setTransform(px, 0, 0, px, 0, 0);
    const w = cssWidth;
    const h = HEIGHT;
    ctx.fillStyle = colours.surface;
    ctx.fillRect(0, 0, w, h);
    // Text and margins grow in presentation mode; the canvas keeps its size.
    const grow = fontScale();
    const left = 44 * grow;
    const right = 24 * grow;
    const top = 8 * grow;
    const bottom = 36 * grow;
    const all = this.samples.flatMap(({ lengths }) => Array.from(lengths));
    const lo = Math.floor(Math.log10(Math.max(1, Math.min(...all))));
    const hi = Math.ceil(Math.log10(Math.max(...all) + 1));
    const runs = Math.max(...this.samples.map(({ lengths }) => lengths.length));
    const yLo = -Math.ceil(Math.log10(runs));
    const x = (/** @type {number} */ t) => left + ((Math.log10(t) - lo) / Math.max(1, hi - lo)) * (w - left - right);
    const y = (/** @type {number} */ p) => top + (Math.log10(p) / yLo) * (h - top - bottom);
    markFont(canvas, 11 * grow);
    drawAxes(ctx, { left, right: w - right, top, bottom: h - bottom, height: h, scale: grow }, {
      columns: decades(lo, hi).map((e) => [x(10 ** e), e <= 3 ? formatCount(10 ** e) : `10^${e}`]),
      rows: decades(yLo, 0).map((e) => [y(10 ** e), e === 0 ? '1' : e === -1 ? '0.1' : `10^${e}`]),
      ink: { grid: colours.border, label: colours.muted },
      apart: true,
      rowGap: 4,
      xTitle: { text: 'steps t →', end: true, drop: 2 },
    });
    // P(X > t): the share of runs still going after t steps; the last run's drop is left out.
    const at = (/** @type {number} */ t) => x(Math.max(1, t));
    for (const { lengths, colour } of this.samples) {
      const curve = survivalCurve(lengths, new Uint8Array(lengths.length));
      ctx.strokeStyle = colours[colour];
      ctx.lineWidth = 2;
      ctx.beginPath();
      traceSurvival(ctx, curve, at, y, { from: curve.x[0], floor: null });
      ctx.stroke();
    }
    ctx.restore();
  }

  free() {
    this.resize.disconnect();
    this.root.remove();
  }
}
