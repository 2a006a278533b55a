// The run-time distribution of many seeded runs: the numbers that sum it
// up, and the chart that overlays several survival curves (the share of runs
// not yet solved after a given amount of work: components/log-axes.js's
// survivalCurve) on log–log axes. The maths is pure
// (tests/api/survival.test.mjs checks it against a plain count); the chart
// is a function of the curves, its size and the theme.
//
// A capped run stopped at the cap unsolved: it counts as unsolved wherever
// the curve goes, and a statistic that lands on it is a lower bound ("at
// least"). Capped runs rank after every solved one: in steps that is exact
// (each took the cap, at least as many as any solved run); in checks it is
// the same ranking, since the checks of a capped run only grow past its cap.

import { decades, drawAxes, traceSurvival } from '../components/log-axes.js';
import { context2d, formatCount } from '../lib/dom.js';
import { fontScale, markFont } from '../lib/present.js';

/**
 * @typedef {import('../components/log-axes.js').Curve} Curve
 * @typedef {{ value: number, atLeast: boolean }} Statistic  a number, or a lower bound on it
 * @typedef {object} Summary  what the table shows of one sample
 * @property {number} total
 * @property {number} solved
 * @property {Statistic} median
 * @property {Statistic} mean
 * @property {Statistic} p90  the 90th percentile (nearest rank)
 * @property {Statistic} longest
 */

/**
 * The runs in rank order: solved ones by their work, then the capped ones.
 * @param {ArrayLike<number>} work
 * @param {ArrayLike<number>} capped
 * @returns {{ value: number, capped: boolean }[]}
 */
function ranked(work, capped) {
  return Array.from({ length: work.length }, (_, i) => ({ value: work[i], capped: capped[i] === 1 }))
    .sort((a, b) => Number(a.capped) - Number(b.capped) || a.value - b.value);
}

/**
 * Median, mean, 90th percentile and longest of a sample. The median of an
 * even count is the mean of the middle two; the percentile is the nearest
 * rank (the ⌈0.9·count⌉-th run). Any statistic a capped run enters is "at
 * least" its value.
 * @param {ArrayLike<number>} work
 * @param {ArrayLike<number>} capped
 * @returns {Summary}
 */
export function summarize(work, capped) {
  const runs = ranked(work, capped);
  const total = runs.length;
  const solved = runs.filter((run) => !run.capped).length;
  if (!total) {
    const none = { value: NaN, atLeast: false };
    return { total, solved, median: none, mean: none, p90: none, longest: none };
  }
  const at = (/** @type {number} */ rank) => ({ value: runs[rank - 1].value, atLeast: runs[rank - 1].capped });
  const low = at(Math.ceil(total / 2));
  const high = at(Math.floor(total / 2) + 1);
  const median = total % 2 ? low : { value: (low.value + high.value) / 2, atLeast: low.atLeast || high.atLeast };
  const sum = runs.reduce((s, run) => s + run.value, 0);
  return {
    total,
    solved,
    median,
    mean: { value: sum / total, atLeast: solved < total },
    p90: at(Math.ceil(0.9 * total)),
    longest: at(total),
  };
}

/**
 * A statistic as the table writes it: "12,345" or "at least 1,000,000".
 * @param {Statistic} stat
 */
export function statisticText({ value, atLeast }) {
  if (Number.isNaN(value)) return '–';
  const shown = formatCount(Math.round(value));
  return atLeast ? `at least ${shown}` : shown;
}

/**
 * 1 → "1", 20000 → "20k", 3e6 → "3M": the work axis's labels.
 * @param {number} value
 */
export function axisNumber(value) {
  /** @type {[number, string][]} */
  const units = [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
  for (const [size, suffix] of units) if (value >= size) return `${+(value / size).toPrecision(3)}${suffix}`;
  return String(value);
}

/**
 * Sizes a chart's canvas to its CSS size at the screen's pixel ratio, and
 * gives its context, size in device pixels, ratio and the axes' margins.
 * @param {HTMLCanvasElement} canvas
 * @param {number} cssWidth
 * @param {number} cssHeight
 */
export function sizeChart(canvas, cssWidth, cssHeight) {
  const pixels = window.devicePixelRatio || 1;
  canvas.width = Math.max(16, Math.round(cssWidth * pixels));
  canvas.height = Math.round(cssHeight * pixels);
  canvas.style.height = `${cssHeight}px`;
  // Text and margins grow in presentation mode; the canvas keeps its size.
  const scale = pixels * fontScale();
  markFont(canvas, 11 * fontScale());
  const pad = { left: 54 * scale, right: 14 * scale, top: 12 * scale, bottom: 34 * scale };
  return { ctx: context2d(canvas), w: canvas.width, h: canvas.height, scale, pad };
}

/**
 * @typedef {object} ChartCurve  one curve as the chart draws it
 * @property {string} colour  a canvas colour
 * @property {string} label
 * @property {Curve} curve
 * @property {boolean} dashed  a second cue besides the colour (every other curve)
 * @typedef {{ ink: string, muted: string, grid: string }} ChartInk
 */

/**
 * Draws the survival curves on log–log axes: x the work (steps or checks), y
 * the share of runs not yet solved, from 100% down to the smallest share one
 * run of the largest sample makes. Each curve is a staircase that starts at
 * 100% and drops at each solved run; a curve whose every run was solved
 * drops off the bottom at its longest run, and a capped one ends flat at the
 * share left unsolved, with a bar at its cap.
 * @param {HTMLCanvasElement} canvas
 * @param {number} cssWidth  the canvas's width in CSS pixels
 * @param {ChartCurve[]} curves
 * @param {{ unit: string, ink: ChartInk, caps: number[] }} view  caps: where each curve's capped runs
 *   stopped (its cap in steps), or 0 for a curve with none
 */
export function drawSurvival(canvas, cssWidth, curves, { unit, ink, caps }) {
  const { ctx, w, h, scale, pad } = sizeChart(canvas, cssWidth, Math.round(Math.min(340, Math.max(240, cssWidth * 0.5))));
  const xs = curves.flatMap(({ curve }) => [...curve.x]).concat(caps.filter((c) => c > 0));
  const xMin = Math.max(1, Math.min(...xs, Infinity) / 1.5);
  const xMax = Math.max(xMin * 10, Math.max(...xs, 0) * 1.5);
  const yMin = 1 / Math.max(10, ...curves.map(({ curve }) => curve.total * 1.5));
  const lx0 = Math.log10(xMin);
  const lx = Math.log10(xMax) - lx0;
  const ly = -Math.log10(yMin);
  const px = (/** @type {number} */ x) => pad.left + ((Math.log10(x) - lx0) / lx) * (w - pad.left - pad.right);
  const py = (/** @type {number} */ share) => pad.top + (-Math.log10(Math.max(share, yMin)) / ly) * (h - pad.top - pad.bottom);
  ctx.save();
  try {
    ctx.clearRect(0, 0, w, h);
    // Decades of work, and of the share (100%, 10%, 1%, …).
    drawAxes(ctx, { left: pad.left, right: w - pad.right, top: pad.top, bottom: h - pad.bottom, height: h, scale }, {
      columns: decades(lx0, lx0 + lx, Math.max(1, Math.ceil(lx / 9))).map((d) => [px(10 ** d), axisNumber(10 ** d)]),
      rows: decades(0, ly).map((d) => [py(10 ** -d), `${+(100 * 10 ** -d).toPrecision(2)}%`]),
      ink: { grid: ink.grid, label: ink.muted },
      xTitle: { text: `work to the first solution (${unit}, log scale)` },
      yTitle: 'runs not yet solved (log)',
    });
    // Clip to the plot, so the drop past the smallest share leaves by the bottom edge.
    ctx.beginPath();
    ctx.rect(pad.left, pad.top, w - pad.left - pad.right, h - pad.top - pad.bottom);
    ctx.clip();
    curves.forEach(({ colour, curve, dashed }, i) => {
      ctx.strokeStyle = colour;
      ctx.lineWidth = 2.5 * scale;
      ctx.lineJoin = 'round';
      ctx.setLineDash(dashed ? [7 * scale, 4 * scale] : []);
      ctx.beginPath();
      const share = traceSurvival(ctx, curve, px, py, { from: xMin, floor: h });
      const cap = caps[i];
      if (share > 0 && cap > 0) {
        // The runs the cap stopped: flat to the cap, then a short bar.
        ctx.lineTo(px(cap), py(share));
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.beginPath();
        ctx.moveTo(px(cap), py(share) - 6 * scale);
        ctx.lineTo(px(cap), py(share) + 6 * scale);
      }
      ctx.stroke();
    });
  } finally {
    ctx.restore();
  }
}

/**
 * @typedef {object} TailIndex  Hill's estimate of a tail's power (see hillAlpha)
 * @property {number} alpha  NaN when the top runs give nothing to measure
 * @property {number} k  the longest runs it reads
 * @property {number} threshold  the (k+1)-th longest run: the top k are measured against it
 * @property {number} censored  how many of the top k the cap stopped
 */

/**
 * The tail index α of a sample by Hill's estimator over its k longest runs:
 * with X(1) ≥ X(2) ≥ … the runs in falling order, α = k / Σ_{i ≤ k}
 * ln(X(i) / X(k+1)). If the survival curve falls like x^−α, ln(X / X(k+1))
 * of a run past X(k+1) is exponential with rate α, and this is its maximum-
 * likelihood estimate. A run the cap stopped is censored: its logarithm is
 * only a lower bound, so it counts in the sum but not as an event, and
 * α = (solved among the top k) / Σ ln(X(i) / X(k+1)), the same likelihood's
 * maximum under censoring. k defaults to a tenth of the sample, at least 5.
 * @param {ArrayLike<number>} work
 * @param {ArrayLike<number>} capped
 * @param {number} [k]
 * @returns {TailIndex}
 */
export function hillAlpha(work, capped, k = tailCount(work.length)) {
  const runs = ranked(work, capped).reverse();
  const top = Math.min(Math.floor(k), runs.length - 1);
  if (top < 1) return { alpha: NaN, k: Math.max(0, top), threshold: NaN, censored: 0 };
  const threshold = runs[top].value;
  let logs = 0;
  let censored = 0;
  for (let i = 0; i < top; i++) {
    logs += Math.log(runs[i].value / threshold);
    if (runs[i].capped) censored++;
  }
  const events = top - censored;
  return { alpha: logs > 0 && threshold > 0 ? events / logs : NaN, k: top, threshold, censored };
}

/** How many of a sample's longest runs Hill's estimator reads: a tenth, at least 5 (fewer only in a tiny sample). */
export function tailCount(/** @type {number} */ total) {
  return Math.min(total - 1, Math.max(5, Math.floor(total / 10)));
}

/**
 * @typedef {object} Cutoff  restarts after a fixed number of steps, as the runs measured price it
 * @property {Float64Array} t  the cutoffs tried: each distinct amount of work a run was solved at, ascending
 * @property {Float64Array} expected  expected[i]: the expected work to a solution restarting after t[i]
 * @property {number} best  the cutoff of least expected work (the smallest, on a tie); NaN if no run was solved
 * @property {number} bestExpected
 */

/**
 * The expected work to a solution if each run were restarted (with a fresh
 * seed) after t steps: E[min(X, t)] / P(X ≤ t) over the sample's runs
 * (Luby, Sinclair and Zuckerman, 1993), for every t at which some run was
 * solved, since between two such t the top grows and the bottom does not.
 * A run the cap stopped took more than any t up to the cap, so every value
 * here is exact for the sample; what the cap hides is whether some cutoff
 * past it does better, so the best is an upper bound on the best over all
 * cutoffs. Sums are of whole numbers, exact below 2^53.
 * @param {ArrayLike<number>} work
 * @param {ArrayLike<number>} capped
 * @returns {Cutoff}
 */
export function restartCutoffs(work, capped) {
  const runs = ranked(work, capped);
  const total = runs.length;
  /** @type {number[]} */
  const t = [];
  /** @type {number[]} */
  const expected = [];
  let best = NaN;
  let bestExpected = Infinity;
  let below = 0; // Σ of the runs shorter than the cutoff (each whole)
  for (let i = 0; i < total && !runs[i].capped; i++) {
    below += runs[i].value;
    if (i + 1 < total && !runs[i + 1].capped && runs[i + 1].value === runs[i].value) continue;
    // Runs 0..i solved by t = runs[i].value; the rest each cost t.
    const cutoff = runs[i].value;
    const value = (below + (total - i - 1) * cutoff) / (i + 1);
    t.push(cutoff);
    expected.push(value);
    if (value < bestExpected) {
      bestExpected = value;
      best = cutoff;
    }
  }
  return { t: Float64Array.from(t), expected: Float64Array.from(expected), best, bestExpected: Number.isNaN(best) ? NaN : bestExpected };
}
