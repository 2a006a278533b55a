// Log–log charts' shared drawing: the decades an axis marks, the grid and
// its labels, and a survival curve (the share of runs still going against
// work: survivalCurve, pure maths) as a staircase. Race mode's chart, Many runs' charts and Learn's
// heavy-tail picture each choose their scales, labels and colours and draw
// with these, so that an axis is drawn in one place.

/**
 * @typedef {object} Plot  where the plot sits on the canvas, in the units the context draws in
 * @property {number} left  the plot's left edge
 * @property {number} right  its right edge
 * @property {number} top
 * @property {number} bottom  its bottom edge
 * @property {number} height  the whole canvas's height
 * @property {number} scale  the units of one CSS pixel
 * @typedef {[number, string]} Tick  where a grid line goes (x for a column, y for a row) and its label
 * @typedef {object} Axes
 * @property {Tick[]} columns
 * @property {Tick[]} rows
 * @property {{ grid: string, label: string }} ink
 * @property {boolean} [apart]  stroke each grid line by itself (where two cross, the crossing is inked twice) instead of all as one path
 * @property {number} [rowGap]  CSS pixels between a row's label and the plot (6)
 * @property {{ text: string, end?: boolean, drop?: number }} [xTitle]  under the axis, centred (or flush with the plot's right edge), `drop` CSS pixels above the canvas's bottom (4)
 * @property {string} [yTitle]  beside the axis, turned a quarter
 */

/**
 * @typedef {object} Curve  the survival curve of one sample
 * @property {Float64Array} x  the distinct amounts of work at which runs were solved, ascending
 * @property {Float64Array} share  share[i]: the runs not solved after x[i] (capped runs never are)
 * @property {number} total  runs in the sample
 * @property {number} solved  runs that reached a solution within the cap
 */

/**
 * The survival curve of a sample: for each amount of work at which some run
 * was solved, the share of runs still unsolved after it.
 * @param {ArrayLike<number>} work  each run's work (steps or checks); a capped run's is where it stopped
 * @param {ArrayLike<number>} capped  1 for a run the cap stopped, else 0
 * @returns {Curve}
 */
export function survivalCurve(work, capped) {
  const total = work.length;
  const solvedWork = Float64Array.from({ length: total }, (_, i) => work[i]).filter((_, i) => !capped[i]).sort();
  /** @type {number[]} */
  const x = [];
  /** @type {number[]} */
  const share = [];
  for (let i = 0; i < solvedWork.length; i++) {
    // The last of equal amounts: the runs after it are the ones still unsolved.
    if (i + 1 < solvedWork.length && solvedWork[i + 1] === solvedWork[i]) continue;
    x.push(solvedWork[i]);
    share.push((total - (i + 1)) / total);
  }
  return { x: Float64Array.from(x), share: Float64Array.from(share), total, solved: solvedWork.length };
}

/**
 * The exponents of the decades from `lo` to `hi` (logarithms), every `every`-th one.
 * @param {number} lo
 * @param {number} hi
 * @param {number} [every]
 */
export function decades(lo, hi, every = 1) {
  /** @type {number[]} */
  const out = [];
  for (let d = Math.ceil(lo); d <= hi; d += every) out.push(d);
  return out;
}

/**
 * The grid of a plot and the labels of its axes, in the chart's own colours.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Plot} plot
 * @param {Axes} axes
 */
export function drawAxes(ctx, { left, right, top, bottom, height, scale }, { columns, rows, ink, apart = false, rowGap = 6, xTitle, yTitle }) {
  Object.assign(ctx, { font: `${11 * scale}px system-ui, sans-serif`, lineWidth: scale, strokeStyle: ink.grid, fillStyle: ink.label });
  if (apart) {
    for (const [x] of columns) line(ctx, x, top, x, bottom);
    for (const [y] of rows) line(ctx, left, y, right, y);
  } else {
    ctx.beginPath();
    for (const [x] of columns) ctx.rect(x, top, 0, bottom - top);
    for (const [y] of rows) ctx.rect(left, y, right - left, 0);
    ctx.stroke();
  }
  ctx.textAlign = 'center';
  for (const [x, label] of columns) ctx.fillText(label, x, bottom + 14 * scale);
  ctx.textAlign = 'right';
  for (const [y, label] of rows) ctx.fillText(label, left - rowGap * scale, y + 4 * scale);
  if (xTitle) {
    ctx.textAlign = xTitle.end ? 'right' : 'center';
    ctx.fillText(xTitle.text, xTitle.end ? right : (left + right) / 2, height - (xTitle.drop ?? 4) * scale);
  }
  if (yTitle) {
    ctx.save();
    ctx.translate(12 * scale, (top + bottom) / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.fillText(yTitle, 0, 0);
    ctx.restore();
  }
}

/**
 * One straight line, stroked.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x0
 * @param {number} y0
 * @param {number} x1
 * @param {number} y1
 */
function line(ctx, x0, y0, x1, y1) {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

/**
 * Traces a survival curve as a staircase (the caller strokes it): from
 * 100% at `from`, along the share still going to each amount of work where
 * some runs ended, then down to the share left after them. Where no run is
 * left, the last drop goes to `floor` (a y past the plot, which the caller
 * clips), or, with floor null, the last step is left out.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{ x: ArrayLike<number>, share: ArrayLike<number> }} curve  the amounts of work, ascending, and the share still going after each
 * @param {(x: number) => number} px
 * @param {(share: number) => number} py
 * @param {{ from: number, floor: number | null }} ends
 * @returns {number}  the share still going at the end (0 when every run ended)
 */
export function traceSurvival(ctx, curve, px, py, { from, floor }) {
  let share = 1;
  ctx.moveTo(px(from), py(1));
  for (let k = 0; k < curve.x.length; k++) {
    const next = curve.share[k];
    if (next <= 0 && floor === null) return 0;
    ctx.lineTo(px(curve.x[k]), py(share));
    share = next;
    ctx.lineTo(px(curve.x[k]), share > 0 ? py(share) : /** @type {number} */ (floor));
  }
  return share;
}
