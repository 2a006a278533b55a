// Chapter 8's picture of a heavy tail: for each sample of run lengths, the
// share of runs still going after t steps, P(X > t), against t, both axes
// logarithmic. A heavy tail falls like a power of t: a straight slope that
// reaches far to the right; restarts cut it off. Drawn from the core's
// runLengths(), in the page's colours, light or dark; a pure function of its
// samples and size, redrawn on resize and theme changes.

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
    ctx.font = `${11 * grow}px system-ui, sans-serif`;
    markFont(canvas, 11 * grow);
    ctx.strokeStyle = colours.border;
    ctx.fillStyle = colours.muted;
    ctx.lineWidth = 1;
    for (let e = lo; e <= hi; e++) {
      const gx = x(10 ** e);
      ctx.beginPath();
      ctx.moveTo(gx, top);
      ctx.lineTo(gx, h - bottom);
      ctx.stroke();
      ctx.textAlign = 'center';
      ctx.fillText(e <= 3 ? formatCount(10 ** e) : `10^${e}`, gx, h - bottom + 14 * grow);
    }
    for (let e = 0; e >= yLo; e--) {
      const gy = y(10 ** e);
      ctx.beginPath();
      ctx.moveTo(left, gy);
      ctx.lineTo(w - right, gy);
      ctx.stroke();
      ctx.textAlign = 'right';
      ctx.fillText(e === 0 ? '1' : e === -1 ? '0.1' : `10^${e}`, left - 4 * grow, gy + 4 * grow);
    }
    ctx.textAlign = 'center';
    ctx.textAlign = 'right';
    ctx.fillText('steps t →', w - right, h - 2);
    for (const { lengths, colour } of this.samples) {
      const sorted = Array.from(lengths).sort((a, b) => a - b);
      ctx.strokeStyle = colours[colour];
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(x(Math.max(1, sorted[0])), y(1));
      sorted.forEach((t, i) => {
        const still = (sorted.length - i - 1) / sorted.length; // P(X > t) just after run i ends
        if (still <= 0) return;
        ctx.lineTo(x(Math.max(1, t)), y((sorted.length - i) / sorted.length));
        ctx.lineTo(x(Math.max(1, t)), y(still));
      });
      ctx.stroke();
    }
    ctx.restore();
  }

  free() {
    this.resize.disconnect();
    this.root.remove();
  }
}
