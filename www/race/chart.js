// Race mode's pictures: the chart of boards decided (or solutions found, or,
// in a race to the first solution, the attacking pairs on each lane's board)
// against work, every lane on one log-log canvas, and each lane's strip of the
// search tree. Both are functions of what they are handed (the lanes' samples,
// a session's icicle) and the theme; neither steps a session.

import { readRaceColours } from '../components/colours.js';
import { decades, drawAxes } from '../components/log-axes.js';
import { context2d } from '../lib/dom.js';
import { fontScale, markFont } from '../lib/present.js';

/**
 * @typedef {import('./clock.js').Sample} Sample
 * @typedef {import('../components/colours.js').RaceColours} RaceColours
 * @typedef {object} ChartLane  one lane's curve, as the chart draws it
 * @property {number} index  the lane's place in the catalogue: its colour
 * @property {string} name
 * @property {Sample[]} samples  the points of its curve so far
 * @property {Sample} now  where it stands
 * @property {Sample | null} [finish]  where it reached its goal, to be marked (a race to the first solution)
 * @typedef {'decided' | 'solutions' | 'conflicts'} ChartY  what the chart's y axis shows
 */

/**
 * 12 → "12", 34112320 → "34M", 1e26 → "10^26": short labels for log axes.
 * @param {number} value
 */
function shortNumber(value) {
  if (value < 1e3) return String(Math.round(value));
  /** @type {[number, string][]} */
  const units = [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
  if (value >= 1e15) return `1e${Math.round(Math.log10(value))}`;
  for (const [size, suffix] of units) if (value >= size) return `${Math.round(value / size)}${suffix}`;
  return String(value);
}

/**
 * Matches a canvas's backing store to its CSS width (measured by the caller
 * when it changes, so a draw never forces a layout) × devicePixelRatio.
 * @param {HTMLCanvasElement} canvas
 * @param {number} cssWidth
 * @param {number} cssHeight
 * @returns {number}  the device pixels per CSS pixel
 */
function fitCanvas(canvas, cssWidth, cssHeight) {
  const scale = window.devicePixelRatio || 1;
  const width = Math.max(16, Math.round((cssWidth || 300) * scale));
  const height = Math.round(cssHeight * scale);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  canvas.style.height = `${cssHeight}px`;
  // Text and margins grow in presentation mode; the canvas keeps its size.
  markFont(canvas, 11 * fontScale());
  return scale * fontScale();
}

export class RaceChart {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = context2d(canvas);
    /** @type {RaceColours | null} */
    this.colours = null;
    this.width = 0; // CSS pixels, from resized()
  }

  /**
   * The canvas's CSS width changed (a ResizeObserver's reading).
   * @param {number} width
   */
  resized(width) {
    this.width = width;
  }

  repaint() {
    this.colours = null;
  }

  /**
   * Draws every lane's curve: x its work in the clock's unit, y the boards it
   * has decided (or its solutions, or the attacking pairs on its board), both
   * on log scales (attacking pairs have a row for 0 under the 1); a dot where
   * each lane stands now, a diamond where it reached its goal (`finish`), and
   * the clock's reading as a dashed line.
   * @param {ChartLane[]} lanes
   * @param {{ y: ChartY, total: number, reading: number|null, unit: string }} view
   *   total: the top of the y axis for 'decided' (0: the highest point)
   */
  draw(lanes, { y, total, reading, unit }) {
    this.colours ??= readRaceColours(this.canvas);
    const c = this.colours;
    const scale = fitCanvas(this.canvas, this.width, Math.min(320, Math.max(220, this.width * 0.45)));
    const { ctx, canvas } = this;
    const w = canvas.width;
    const h = canvas.height;
    const left = 46 * scale;
    const bottom = 30 * scale;
    const top = 10 * scale;
    // The lanes' names sit in a gutter right of the plot, beside where each
    // curve ends, so that no name lies on a line or on another name.
    ctx.font = `600 ${11 * scale}px system-ui, sans-serif`;
    const widest = Math.max(0, ...lanes.map((lane) => ctx.measureText(lane.name).width)) + 10 * scale;
    // On a narrow chart (a phone) the names would leave the plot a sliver: the
    // legend under the chart names the colours there instead.
    const named = widest <= w * 0.3;
    const right = 12 * scale + (named ? widest : 0);
    const xMax = Math.max(10, ...lanes.flatMap((lane) => lane.samples.map((p) => p.x)), reading ?? 0);
    const value = (/** @type {Sample} */ p) => p[y];
    const yMax = y === 'decided' && total > 0 ? Math.max(10, total) : Math.max(10, ...lanes.flatMap((lane) => [...lane.samples, lane.now].map(value)));
    const lx = Math.log10(xMax * 1.05);
    const ly = Math.log10(yMax * 1.05);
    // Attacking pairs reach 0 (a solution): half a decade under the 1 is its row.
    const floor = y === 'conflicts' ? -0.5 : 0;
    const least = y === 'conflicts' ? 0 : 1;
    const px = (/** @type {number} */ x) => left + (Math.log10(Math.max(1, x)) / lx) * (w - left - right);
    const py = (/** @type {number} */ v) => h - bottom - (((v >= 1 ? Math.log10(v) : floor) - floor) / (ly - floor)) * (h - top - bottom);
    ctx.save();
    try {
      ctx.clearRect(0, 0, w, h);
      // Decades on both axes, far enough apart that their labels ("100k") never run together.
      ctx.font = `${11 * scale}px system-ui, sans-serif`;
      const decade = (w - left - right) / lx;
      const label = ctx.measureText('100k').width + 10 * scale;
      const stepX = Math.max(1, Math.ceil(lx / 8), Math.ceil(label / decade));
      /** @type {[number, string][]} */
      const rows = floor < 0 ? [[py(0), '0']] : [];
      for (const d of decades(0, ly, Math.max(1, Math.ceil(ly / 6)))) rows.push([py(10 ** d), shortNumber(10 ** d)]);
      drawAxes(ctx, { left, right: w - right, top, bottom: h - bottom, height: h, scale }, {
        columns: decades(0, lx, stepX).map((d) => [px(10 ** d), shortNumber(10 ** d)]),
        rows,
        ink: { grid: c.grid, label: c.muted },
        apart: true,
        rowGap: 5,
        xTitle: { text: `work (${unit}, log scale)`, drop: 3 },
      });
      // The clock's reading.
      if (reading) {
        ctx.setLineDash([4 * scale, 4 * scale]);
        ctx.strokeStyle = c.ink;
        ctx.beginPath();
        ctx.moveTo(px(reading), top);
        ctx.lineTo(px(reading), h - bottom);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      // One curve a lane, a dot where it stands; names after all the curves.
      /** @type {{ name: string, colour: string, y: number }[]} */
      const names = [];
      for (const lane of lanes) {
        const colour = c.lane(lane.index);
        const points = lane.samples.filter((p) => p.x >= 1 && value(p) >= least);
        ctx.strokeStyle = colour;
        ctx.fillStyle = colour;
        ctx.lineWidth = 2.5 * scale;
        ctx.lineJoin = 'round';
        ctx.beginPath();
        points.forEach((p, i) => (i ? ctx.lineTo(px(p.x), py(value(p))) : ctx.moveTo(px(p.x), py(value(p)))));
        ctx.stroke();
        const tip = points.at(-1);
        if (tip) names.push({ name: lane.name, colour, y: py(value(tip)) });
        const end = lane.finish;
        if (end && value(end) >= least) {
          // Where the lane reached its goal: a diamond, ringed in ink.
          const [x, yy, r] = [px(end.x), py(value(end)), 7 * scale];
          ctx.beginPath();
          ctx.moveTo(x, yy - r);
          ctx.lineTo(x + r, yy);
          ctx.lineTo(x, yy + r);
          ctx.lineTo(x - r, yy);
          ctx.closePath();
          ctx.fillStyle = colour;
          ctx.fill();
          ctx.strokeStyle = c.ink;
          ctx.lineWidth = 1.5 * scale;
          ctx.stroke();
          ctx.fillStyle = colour;
        }
        const now = lane.now;
        if (now && now.x >= 1 && value(now) >= least) {
          ctx.beginPath();
          ctx.arc(px(now.x), py(value(now)), 4.5 * scale, 0, Math.PI * 2);
          ctx.fill();
          ctx.strokeStyle = c.ink;
          ctx.lineWidth = scale;
          ctx.stroke();
        }
      }
      // The names in the gutter, in the order their curves end, each at least
      // a line apart: pushed down from the top, then back up if the last
      // ran past the bottom.
      const line = 13 * scale;
      names.sort((a, b) => a.y - b.y);
      let at = top + 8 * scale - line;
      for (const label of names) at = label.y = Math.max(label.y + 4 * scale, at + line);
      const last = names.at(-1);
      if (last) last.y = Math.min(last.y, h - bottom);
      for (let i = names.length - 2; i >= 0; i--) names[i].y = Math.min(names[i].y, names[i + 1].y - line);
      ctx.font = `600 ${11 * scale}px system-ui, sans-serif`;
      ctx.textAlign = 'left';
      for (const label of named ? names : []) {
        ctx.fillStyle = label.colour;
        ctx.fillText(label.name, w - right + 8 * scale, label.y);
      }
    } finally {
      ctx.restore();
    }
  }
}

/**
 * A lane's search-tree strip: the icicle of the N^N boards (session.icicle),
 * one thin band per row, each pixel filled from the bottom by the share of its
 * boards decided, `cssWidth` wide. Returns false if the session gives no icicle.
 * @param {HTMLCanvasElement & { image?: ImageData }} canvas  (its pixel buffer is kept on it, as `image`)
 * @param {number} cssWidth
 * @param {import('../types.js').Session} session
 * @param {number} n
 * @param {RaceColours} colours  readRaceColours's (the packed pixels are kept on it)
 * @returns {boolean}
 */
export function drawStrip(canvas, cssWidth, session, n, colours) {
  const scale = window.devicePixelRatio || 1;
  const band = Math.max(2, Math.floor(36 / n)) * scale;
  fitCanvas(canvas, cssWidth, (band / scale) * n);
  const width = Math.min(canvas.width, 4096);
  const shares = session.icicle(width);
  if (!shares) return false;
  const ctx = context2d(canvas);
  const height = n * Math.round(band);
  // One pixel buffer per strip, kept while its size holds.
  if (canvas.image?.width !== width || canvas.image.height !== height) canvas.image = ctx.createImageData(width, height);
  const image = /** @type {ImageData} */ (canvas.image); // made just above if it was missing
  const pixels = new Uint32Array(image.data.buffer);
  const pack = (/** @type {string} */ hex) => {
    const probe = context2d(document.createElement('canvas'));
    probe.fillStyle = hex;
    // A colour set as a string reads back as "#rrggbb", or "rgba(r, g, b, a)" when not opaque.
    const v = /** @type {string} */ (probe.fillStyle);
    const [r, g, b] = v.startsWith('#') ? [1, 3, 5].map((i) => parseInt(v.slice(i, i + 2), 16)) : /** @type {RegExpMatchArray} */ (v.match(/[\d.]+/g)).slice(0, 3).map(Number);
    return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
  };
  colours.packed ??= { pending: pack(colours.pending), decided: pack(colours.decided) };
  const { pending, decided } = colours.packed;
  const rows = Math.round(band);
  for (let depth = 0; depth < n; depth++) {
    for (let x = 0; x < width; x++) {
      const top = rows - Math.round(shares[depth * width + x] * rows);
      for (let yy = 0; yy < rows; yy++) pixels[(depth * rows + yy) * width + x] = yy >= top ? decided : pending;
    }
  }
  ctx.putImageData(image, 0, 0);
  return true;
}
