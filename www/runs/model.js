// Many runs' model, with no DOM: a sample (a RunsSpec: an algorithm, N, how
// many seeds from which, a cap, and for backtracking with restarts whether
// they are on) and its token (`restarts.30.200.10000000.1`, and `.off` with
// restarts switched off), which names it in the link and on its legend item
// and table row; what is wrong with one, as a sentence; the presets; the
// curves drawn and waiting (RunsCurves); and the words under the cutoff chart.
// The view (runs.js) runs the samples in the pool and draws them.

import { formatCount } from '../lib/dom.js';
import { seedMax } from '../core/seeds.js';
import { clip } from '../lib/words.js';
import { restartCutoffs, statisticText, summarize } from './survival.js';

/**
 * @typedef {import('./pool.js').RunsSpec} RunsSpec
 * @typedef {import('./pool.js').RunsDone} RunsDone
 * @typedef {import('../types.js').RunsAlgorithm} RunsAlgorithm
 * @typedef {import('../types.js').RunsBudget} RunsBudget
 * @typedef {import('../types.js').Core} CoreModule
 * @typedef {'steps' | 'checks'} RunsWork
 * @typedef {object} RunsCurve  a sample drawn
 * @property {RunsSpec} spec
 * @property {string} token
 * @property {number} colour  its colour's index
 * @property {RunsDone} runs
 */

/** The fewest and most seeds a curve takes (the most is also the core's per call: runLengthsBudget). */
const MIN_SEEDS = 10;
/** The one search whose restarts can be switched off (the core refuses the others with a sentence). */
export const RESTARTS_ID = 'restarts';
/** The algorithm picker's value for it with restarts off. */
export const NO_RESTARTS = `${RESTARTS_ID}:off`;
/** A cap no larger than this unless the core's budget is smaller. */
const DEFAULT_CAP = 10_000_000;
/** A link whose curves may take longer than this says how long, and asks before it starts them. */
export const ASK_OVER_MS = 5 * 60_000;

/** The form's sample when a link gives none. */
export const DEFAULT_SPEC = Object.freeze({ id: RESTARTS_ID, n: 30, first: 1, seeds: 200, cap: DEFAULT_CAP, restarts: true });

/**
 * The presets: each a set of curves that tells something.
 * @type {Record<string, RunsSpec[]>}
 */
export const PRESETS = {
  tail: [
    { id: RESTARTS_ID, n: 30, first: 1, seeds: 500, cap: 10_000_000, restarts: false },
    { id: RESTARTS_ID, n: 30, first: 1, seeds: 500, cap: 10_000_000, restarts: true },
  ],
  repair: [
    { id: 'min-conflicts', n: 1000, first: 1, seeds: 200, cap: 100_000, restarts: true },
    { id: 'queen-search', n: 1000, first: 1, seeds: 200, cap: 100_000, restarts: true },
  ],
  local: [
    { id: 'hill-climbing', n: 20, first: 1, seeds: 300, cap: 100_000, restarts: true },
    { id: 'annealing', n: 20, first: 1, seeds: 300, cap: 100_000, restarts: true },
    { id: 'min-conflicts', n: 20, first: 1, seeds: 300, cap: 100_000, restarts: true },
  ],
};

/**
 * A sample's token, as the link and the page's hooks name it.
 * @param {RunsSpec} spec
 */
export function specToken({ id, n, seeds, cap, first, restarts }) {
  return [id, n, seeds, cap, first].join('.') + (restarts ? '' : '.off');
}

/**
 * A token back to its sample, or null if it is not one (the numbers are
 * checked by specProblem; one past 2^53 − 1 is no number it could check).
 * @param {string} token
 * @returns {RunsSpec | null}
 */
export function parseToken(token) {
  const match = /^([a-z0-9-]{1,40})\.(\d{1,9})\.(\d{1,9})\.(\d{1,16})\.(\d{1,16})(\.off)?$/.exec(token.trim());
  if (!match) return null;
  const [, id, n, seeds, cap, first, off] = match;
  const spec = { id, n: Number(n), seeds: Number(seeds), cap: Number(cap), first: Number(first), restarts: !off };
  return Number.isSafeInteger(spec.cap) && Number.isSafeInteger(spec.first) ? spec : null;
}

/**
 * The most steps one runLengths() call of `spec`'s search at its N may
 * budget, from the core; null if the core refuses the search or N.
 * @param {CoreModule} wasm
 * @param {{ id: string, n: number }} spec
 * @returns {RunsBudget | null}
 */
export function budgetOf(wasm, { id, n }) {
  try {
    return /** @type {RunsBudget} */ (wasm.runLengthsBudget(id, n));
  } catch {
    return null;
  }
}

/**
 * Why a number a form holds is not in its range, the range's lowest being
 * `min`: "4,385,964 is above that range", "0 is below that range", or,
 * for what is not a whole number, "it is not a whole number".
 * @param {number} value
 * @param {number} min
 */
function outside(value, min) {
  if (!Number.isInteger(value)) return 'what is there is not a whole number';
  return `${formatCount(value)} is ${value < min ? 'below' : 'above'} that range`;
}

/**
 * What is wrong with a sample, as a sentence, or null if the core will take it.
 * @param {RunsSpec} spec
 * @param {RunsAlgorithm[]} algorithms
 * @param {CoreModule} wasm
 * @returns {string | null}
 */
export function specProblem(spec, algorithms, wasm) {
  const algorithm = algorithms.find((a) => a.id === spec.id);
  if (!algorithm) return `There is no algorithm “${clip(spec.id)}” (try one of: ${algorithms.map((a) => a.id).join(', ')}).`;
  if (!spec.restarts && spec.id !== RESTARTS_ID) return `Only ${RESTARTS_ID} can run with its restarts switched off.`;
  const { minN, maxN, name } = algorithm;
  const range = `from ${minN}×${minN} to ${formatCount(maxN)}×${formatCount(maxN)}`;
  if (!Number.isInteger(spec.n)) return `N must be a whole number: ${name} runs on boards ${range}.`;
  if (spec.n < minN || spec.n > maxN) return `${name} runs on boards ${range}; N = ${formatCount(spec.n)} is ${spec.n < minN ? 'below' : 'above'} that range.`;
  const budget = budgetOf(wasm, spec);
  if (!budget) return `${name} cannot run at N = ${spec.n}.`;
  if (!Number.isInteger(spec.seeds) || spec.seeds < MIN_SEEDS || spec.seeds > budget.maxRuns) return `A curve takes from ${MIN_SEEDS} to ${formatCount(budget.maxRuns)} runs; ${outside(spec.seeds, MIN_SEEDS)}.`;
  if (!Number.isInteger(spec.first) || spec.first < 0 || spec.first + spec.seeds - 1 > seedMax()) return `The first seed is a whole number from 0, and the last (${spec.seeds} on) at most ${formatCount(seedMax())}; ${spec.first} does not fit.`;
  if (!Number.isInteger(spec.cap) || spec.cap < 1 || spec.cap > budget.budget) return `A run of ${name} at N = ${formatCount(spec.n)} may be capped at 1 to ${formatCount(budget.budget)} steps; ${outside(spec.cap, 1)}.`;
  return null;
}

/**
 * A duration in words: "about 40 seconds", "about 25 minutes", "about 3 hours", "about 2 days".
 * @param {number} ms
 */
export function duration(ms) {
  const s = ms / 1000;
  const about = (/** @type {number} */ x, /** @type {string} */ unit) => `about ${formatCount(Math.max(1, Math.round(x)))} ${unit}${Math.round(x) === 1 ? '' : 's'}`;
  if (s < 90) return about(s, 'second');
  if (s < 90 * 60) return about(s / 60, 'minute');
  if (s < 48 * 3600) return about(s / 3600, 'hour');
  return about(s / 86_400, 'day');
}

/**
 * A sample's name on the legend and in the table.
 * @param {RunsSpec} spec
 * @param {RunsAlgorithm[]} algorithms
 */
export function specLabel(spec, algorithms) {
  const algorithm = algorithms.find((a) => a.id === spec.id);
  const name = spec.restarts ? algorithm?.name ?? spec.id : 'Randomised backtracking, no restarts';
  const seeds = spec.first === 1 ? `${formatCount(spec.seeds)} runs` : `seeds ${formatCount(spec.first)}–${formatCount(spec.first + spec.seeds - 1)}`;
  return `${name}, N = ${formatCount(spec.n)}, ${seeds}, cap ${formatCount(spec.cap)}`;
}

/** A sample's default cap: DEFAULT_CAP, or less if the core's budget is less. */
export function defaultCap(/** @type {RunsBudget | null} */ budget) {
  return Math.min(DEFAULT_CAP, budget?.budget ?? DEFAULT_CAP);
}

/**
 * The curves of a Many runs page: those drawn (each a finished sample with
 * its colour), the samples waiting their turn, and every sample finished so
 * far by token (a curve removed and added again is not rerun). No DOM: the
 * view asks it and draws what it holds.
 */
export class RunsCurves {
  constructor() {
    /** @type {RunsCurve[]} */
    this.curves = [];
    /** @type {RunsSpec[]} samples waiting their turn */
    this.queue = [];
    /** @type {Map<string, RunsDone>} finished samples, by token */
    this.done = new Map();
  }

  /** The samples drawn, then those waiting: what the link names. */
  specs() {
    return [...this.curves.map((c) => c.spec), ...this.queue];
  }

  /**
   * Queues the samples not drawn or waiting already (a sample named twice
   * is queued once).
   * @param {RunsSpec[]} specs
   * @returns {RunsSpec[]}  those queued
   */
  enqueue(specs) {
    const known = new Set(this.specs().map(specToken));
    const fresh = specs.filter((spec) => !known.has(specToken(spec)) && known.add(specToken(spec)));
    this.queue.push(...fresh);
    return fresh;
  }

  /**
   * A finished sample becomes a curve, in the first colour no drawn curve has.
   * @param {RunsSpec} spec
   * @param {RunsDone} runs
   * @returns {RunsCurve}
   */
  addCurve(spec, runs) {
    const used = new Set(this.curves.map((c) => c.colour));
    let colour = 0;
    while (used.has(colour)) colour++;
    const curve = { spec, token: specToken(spec), colour, runs };
    this.curves.push(curve);
    return curve;
  }

  /**
   * The first sample waiting has finished (kept by its token) and is drawn.
   * @param {RunsDone} runs
   * @returns {RunsCurve}
   */
  finish(runs) {
    const spec = /** @type {RunsSpec} */ (this.queue.shift());
    this.done.set(specToken(spec), runs);
    return this.addCurve(spec, runs);
  }

  /**
   * Takes a curve, drawn or waiting, off the page.
   * @param {string} token
   */
  remove(token) {
    this.curves = this.curves.filter((c) => c.token !== token);
    this.queue = this.queue.filter((spec) => specToken(spec) !== token);
  }

  /**
   * Every run of every curve as CSV rows: a header, then one row a run, in
   * seed order; `solved` is false where the cap stopped the run.
   * @returns {(string|number|boolean)[][]}
   */
  csvRows() {
    const header = ['curve', 'algorithm', 'n', 'restarts', 'seed', 'steps', 'checks', 'solved'];
    return [header, ...this.curves.flatMap(({ spec, token, runs }) => [...runs.steps].map((steps, i) => [
      token, spec.id, spec.n, spec.restarts, spec.first + i, steps, runs.checks[i], !runs.capped[i],
    ]))];
  }
}

/**
 * The cutoff chart's words: for each curve of randomised backtracking without
 * restarts that has a restarts curve at the same N, the three costs side by
 * side (no restarts, the best fixed cutoff from these runs, Luby's restarts
 * as run); else each curve's best cutoff against its mean.
 * @param {RunsCurve[]} curves
 * @param {RunsWork} work
 * @param {RunsAlgorithm[]} algorithms
 */
export function cutoffWords(curves, work, algorithms) {
  /** @type {string[]} */
  const words = [];
  for (const curve of curves) {
    const stats = summarize(curve.runs[work], curve.runs.capped);
    const { best, bestExpected } = restartCutoffs(curve.runs[work], curve.runs.capped);
    if (Number.isNaN(best)) continue;
    const mean = statisticText(stats.mean);
    const luby = !curve.spec.restarts && curves.find((c) => c.spec.id === RESTARTS_ID && c.spec.restarts && c.spec.n === curve.spec.n);
    if (luby) {
      const lubyMean = summarize(luby.runs[work], luby.runs.capped).mean;
      words.push(`At N = ${curve.spec.n}: without restarts the mean is ${mean} ${work}; the best fixed cutoff from those runs, restarting after ${formatCount(best)} ${work}, would average ${formatCount(Math.round(bestExpected))}; Luby's restarts, as run (${formatCount(luby.spec.seeds)} runs), averaged ${statisticText(lubyMean)}, ${(lubyMean.value / bestExpected).toFixed(2)} times the best fixed cutoff, with no knowledge of the distribution, and ${stats.mean.atLeast ? 'at least ' : ''}${(stats.mean.value / lubyMean.value).toFixed(1)} times less than no restarts.`);
    } else if (!luby && curve.spec.restarts && curves.some((c) => !c.spec.restarts && c.spec.n === curve.spec.n)) {
      continue; // said with its pair
    } else {
      words.push(`${specLabel(curve.spec, algorithms)}: restarting after ${formatCount(best)} ${work} would average ${formatCount(Math.round(bestExpected))} against a mean of ${mean} without further restarts.`);
    }
  }
  return words.join(' ');
}
