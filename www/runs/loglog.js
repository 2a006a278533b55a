// A small log–log line chart for "Many runs": the scaling view's work
// against N and the greedy start's attacked queens, and the table's expected
// work against the restart cutoff. Each series is a polyline through its
// points in its colour (every other one dashed); a point that is only a
// lower bound (a run the cap stopped) is drawn hollow, and a marked point
// gets a ring and its label. A function of the series, its size and the theme.

import { decades, drawAxes } from '../components/log-axes.js';
import { axisNumber, sizeChart } from './survival.js';

/**
 * @typedef {object} LogPoint
 * @property {number} x
 * @property {number} y
 * @property {boolean} [atLeast]  a lower bound: drawn hollow
 * @typedef {object} LogSeries
 * @property {string} colour  a canvas colour
 * @property {LogPoint[]} points  in x order
 * @property {boolean} [dashed]
 * @property {boolean} [dots]  a dot at every point
 * @property {{ x: number, y: number, label: string, row?: number, ring?: boolean }} [mark]  one point ringed (unless ring is false) and
 *   labelled below it (`row` lines further down, so the labels of several series do not overlap;
 *   an empty label: the ring alone)
 * @typedef {{ ink: string, muted: string, grid: string }} LogInk
 */

/**
 * Draws the series on log–log axes that hold every point, `cssWidth` wide
 * (the canvas's own CSS width: the caller measures it).
 * @param {HTMLCanvasElement} canvas
 * @param {number} cssWidth
 * @param {LogSeries[]} series
 * @param {{ xLabel: string, yLabel: string, ink: LogInk, height?: number }} view
 */
export function drawLogLog(canvas, cssWidth, series, { xLabel, yLabel, ink, height = 0.55 }) {
  const { ctx, w, h, scale, pad } = sizeChart(canvas, cssWidth, Math.round(Math.min(320, Math.max(200, cssWidth * height))));
  const points = series.flatMap((s) => s.points).filter((p) => p.x > 0 && p.y > 0);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const range = (/** @type {number[]} */ values) => {
    const low = values.length ? Math.min(...values) : 1;
    const high = values.length ? Math.max(...values) : 10;
    const lo = Math.floor(Math.log10(low) * 2) / 2;
    return [lo, Math.max(lo + 1, Math.ceil(Math.log10(high) * 2) / 2)];
  };
  const [x0, x1] = range(xs);
  const [y0, y1] = range(ys);
  const px = (/** @type {number} */ x) => pad.left + ((Math.log10(x) - x0) / (x1 - x0)) * (w - pad.left - pad.right);
  const py = (/** @type {number} */ y) => h - pad.bottom - ((Math.log10(y) - y0) / (y1 - y0)) * (h - pad.top - pad.bottom);
  ctx.save();
  try {
    ctx.clearRect(0, 0, w, h);
    // At most about seven decades marked on each axis.
    const ticks = (/** @type {number} */ lo, /** @type {number} */ hi, /** @type {(v: number) => number} */ at) => decades(lo, hi, Math.max(1, Math.ceil((hi - lo) / 7)))
      .map((d) => /** @type {[number, string]} */ ([at(10 ** d), axisNumber(10 ** d)]));
    drawAxes(ctx, { left: pad.left, right: w - pad.right, top: pad.top, bottom: h - pad.bottom, height: h, scale }, {
      columns: ticks(x0, x1, px),
      rows: ticks(y0, y1, py),
      ink: { grid: ink.grid, label: ink.muted },
      xTitle: { text: xLabel },
      yTitle: yLabel,
    });
    series.forEach(({ colour, points: line, dashed, dots, mark }) => {
      const shown = line.filter((p) => p.x > 0 && p.y > 0);
      Object.assign(ctx, { strokeStyle: colour, fillStyle: colour, lineWidth: 2 * scale, lineJoin: 'round' });
      ctx.setLineDash(dashed ? [6 * scale, 4 * scale] : []);
      ctx.beginPath();
      shown.forEach((p, i) => (i ? ctx.lineTo(px(p.x), py(p.y)) : ctx.moveTo(px(p.x), py(p.y))));
      ctx.stroke();
      ctx.setLineDash([]);
      if (dots) {
        for (const p of shown) {
          ctx.beginPath();
          ctx.arc(px(p.x), py(p.y), 3 * scale, 0, 2 * Math.PI);
          if (p.atLeast) ctx.stroke();
          else ctx.fill();
        }
      }
      if (mark && mark.x > 0 && mark.y > 0) {
        const x = px(mark.x);
        if (mark.ring ?? true) {
          ctx.beginPath();
          ctx.arc(x, py(mark.y), 6 * scale, 0, 2 * Math.PI);
          ctx.stroke();
        }
        if (!mark.label) return;
        ctx.fillStyle = colour;
        // Centred under the point, or flush with the plot's edge near one.
        const edge = 70 * scale;
        ctx.textAlign = x > w - pad.right - edge ? 'right' : x < pad.left + edge ? 'left' : 'center';
        ctx.font = `600 ${11 * scale}px system-ui, sans-serif`;
        ctx.fillText(mark.label, x, Math.min(h - pad.bottom - 4 * scale, py(mark.y) + (20 + 13 * (mark.row ?? 0)) * scale));
      }
    });
  } finally {
    ctx.restore();
  }
}
