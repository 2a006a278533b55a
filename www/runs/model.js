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
import { hillAlpha, restartCutoffs, statisticText, summarize } from './survival.js';

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
    return wasm.runLengthsBudget(id, n);
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

/**
 * A field of the form as a whole number, or NaN (specProblem says so).
 * @param {string} text
 */
function formNumber(text) {
  const t = text.trim();
  return /^\d{1,16}$/.test(t) ? Number(t) : NaN;
}

/**
 * The form's sample as typed: the algorithm picked (NO_RESTARTS is
 * randomised backtracking with its restarts off) and the fields.
 * @param {{ algo: string, n: string, seeds: string, first: string, cap: string }} form
 * @returns {RunsSpec}
 */
export function specOfForm({ algo, n, seeds, first, cap }) {
  const off = algo === NO_RESTARTS;
  return { id: off ? RESTARTS_ID : algo, n: formNumber(n), seeds: formNumber(seeds), first: formNumber(first), cap: formNumber(cap), restarts: !off };
}

/**
 * How long samples would likely take, and at most, on `workers` workers:
 * each run does the work its first runs did (at most the cap), or at worst
 * the cap, at the measured pace.
 * @param {RunsSpec[]} specs
 * @param {{ msPerStep: number, stepsPerRun: number }[]} probes  each sample's, timed here
 * @param {number} workers
 */
export function likelyTime(specs, probes, workers) {
  let likely = 0;
  let worst = 0;
  specs.forEach((spec, i) => {
    const { msPerStep, stepsPerRun } = probes[i];
    likely += (spec.seeds * Math.min(spec.cap, stepsPerRun) * msPerStep) / Math.max(1, workers);
    worst += (spec.seeds * spec.cap * msPerStep) / Math.max(1, workers);
  });
  return { likely, worst };
}

/**
 * Milliseconds a step of `spec`'s search takes here, and the steps a run
 * takes, timed on sessions from its first seeds (at most `seeds` of them)
 * for up to `ms` (their first steps: a fair guess for the rest, which do the
 * same work); the cap when no run ended in that time.
 * @param {import('../types.js').Core} wasm
 * @param {RunsSpec} spec
 * @param {number} ms
 * @param {number} seeds
 * @returns {{ msPerStep: number, stepsPerRun: number }}
 */
export function probeSpec(wasm, spec, ms, seeds) {
  // A search that solves in a few steps is timed over the next seeds too,
  // so that a handful of steps (and one pause of the machine) is not the
  // whole sample; only the steps are timed, not making the sessions.
  const start = performance.now();
  let spent = 0;
  let steps = 0;
  let finished = 0;
  for (let seed = spec.first; seed < spec.first + seeds && performance.now() - start < ms; seed++) {
    const session = wasm.Session.seeded(spec.id, spec.n, seed);
    try {
      let chunk = 1;
      while (performance.now() - start < ms && !session.done) {
        const before = performance.now();
        steps += session.run(chunk);
        spent += performance.now() - before;
        chunk *= 2;
      }
      if (session.done) finished++;
    } finally {
      session.free();
    }
  }
  // The runs' work: the steps taken over the runs that ended (the one cut
  // off by the time counts in full, so this leans long), at most the cap.
  return { msPerStep: steps ? spent / steps : 0, stepsPerRun: finished ? Math.min(spec.cap, steps / finished) : spec.cap };
}

/**
 * The form's cap and number of runs within its limits (`budget`, for its
 * algorithm and N): a new algorithm starts with its default cap, and when
 * the algorithm or N changed a cap or a number of runs over the limits comes
 * down to them, each said. Null where the field stays as typed.
 * @param {RunsSpec} spec  the form's sample as typed
 * @param {RunsBudget} budget
 * @param {boolean} newAlgorithm
 * @param {boolean} newN
 * @returns {{ cap: number | null, seeds: number | null, lowered: string[] }}
 */
export function formLimits(spec, budget, newAlgorithm, newN) {
  let cap = newAlgorithm ? defaultCap(budget) : null;
  let seeds = null;
  const lowered = [];
  const typed = cap ?? spec.cap;
  if ((newAlgorithm || newN) && typed > budget.budget) {
    lowered.push(`The cap was ${formatCount(typed)}, over that limit; it is now ${formatCount(budget.budget)}.`);
    cap = budget.budget;
  }
  if ((newAlgorithm || newN) && spec.seeds > budget.maxRuns) {
    lowered.push(`The number of runs was ${formatCount(spec.seeds)}, over the ${formatCount(budget.maxRuns)} a curve may take here; it is now ${formatCount(budget.maxRuns)}.`);
    seeds = budget.maxRuns;
  }
  return { cap, seeds, lowered };
}

/**
 * The note under the cap: the cap set, the most it may be, and what was brought down.
 * @param {number} cap  the cap in the field
 * @param {RunsBudget} budget
 * @param {string} name  the algorithm's name
 * @param {number} n
 * @param {string[]} lowered  formLimits's sentences
 */
export function capNote(cap, budget, name, n, lowered) {
  const now = cap > 0 ? `now ${formatCount(cap)} steps` : 'in steps';
  return [`A run stops unsolved when it reaches the cap you set (${now}). The cap itself may be set as high as ${formatCount(budget.budget)} steps for ${name} at N = ${formatCount(n)}, so that the page never waits long for one run.`, ...lowered].join(' ');
}

/**
 * The sentence for a finished sample: its runs, how long they took, and how many stopped at the cap.
 * @param {RunsSpec} spec
 * @param {{ capped: ArrayLike<number>, ms: number }} runs
 * @param {RunsAlgorithm[]} algorithms
 */
export function doneSentence(spec, runs, algorithms) {
  const capped = Array.from(runs.capped).reduce((sum, c) => sum + c, 0);
  const seconds = runs.ms < 1000 ? `${Math.round(runs.ms)} ms` : `${(runs.ms / 1000).toFixed(runs.ms < 10_000 ? 1 : 0)} s`;
  const cut = capped ? `; ${formatCount(capped)} stopped at the cap unsolved` : '';
  return `${specLabel(spec, algorithms)}: ${formatCount(spec.seeds)} runs in ${seconds}${cut}.`;
}

/**
 * Where each curve's capped runs stopped, in a unit of work: the cap in
 * steps, their most checks in checks; 0 for a curve none stopped on.
 * @param {RunsCurve[]} curves
 * @param {RunsWork} work
 */
export function capsOf(curves, work) {
  return curves.map(({ runs }) => runs[work].reduce((most, w, i) => (runs.capped[i] ? Math.max(most, w) : most), 0));
}

/**
 * The cutoff chart's lines: for each curve the expected work with restarts
 * after t against t (survival.js's restartCutoffs), its least ringed and
 * labelled once a cutoff (a label row for each cutoff labelled before), and
 * for each curve run with Luby's restarts its measured mean, level across
 * the cutoffs tried: what restarts with no knowledge cost.
 * @param {RunsCurve[]} curves
 * @param {RunsWork} work
 * @param {(curve: RunsCurve) => string} colour
 * @returns {import('./loglog.js').LogSeries[]}
 */
export function cutoffSeries(curves, work, colour) {
  /** @type {number[]} the best cutoffs labelled so far: one label a cutoff */
  const labelled = [];
  /** @type {import('./loglog.js').LogSeries[]} */
  const series = curves.map((curve, i) => {
    const { t, expected, best, bestExpected } = restartCutoffs(curve.runs[work], curve.runs.capped);
    const label = labelled.includes(best) ? '' : `t = ${formatCount(best)}`;
    labelled.push(best);
    return {
      colour: colour(curve),
      dashed: i % 2 === 1,
      points: Array.from(t, (x, k) => ({ x, y: expected[k] })),
      mark: Number.isNaN(best) ? undefined : { x: best, y: bestExpected, label, row: new Set(labelled.slice(0, -1)).size },
    };
  });
  const tried = series.flatMap((c) => c.points.map((p) => p.x));
  const span = tried.length ? [Math.min(...tried), Math.max(...tried)] : [];
  curves.forEach((curve) => {
    if (curve.spec.id !== RESTARTS_ID || !curve.spec.restarts || span.length < 2) return;
    const mean = summarize(curve.runs[work], curve.runs.capped).mean.value;
    series.push({
      colour: colour(curve),
      dashed: true,
      points: span.map((x) => ({ x, y: mean })),
      mark: { x: span[1], y: mean, label: `Luby as run: ${formatCount(Math.round(mean))}`, row: 0, ring: false },
    });
  });
  return series;
}

/**
 * A curve's tail in the table: mean ÷ median, Hill's α over the top k (with
 * how many of them were capped, and what α says of the mean and the spread),
 * and the best fixed restart cutoff with its expected work (at most that,
 * when some runs were capped).
 * @param {ArrayLike<number>} work
 * @param {ArrayLike<number>} capped
 * @param {import('./survival.js').Summary} stats
 */
export function tailFigures(work, capped, stats) {
  const ratio = stats.mean.value / stats.median.value;
  const { alpha, k, censored } = hillAlpha(work, capped);
  const { best, bestExpected } = restartCutoffs(work, capped);
  const capNote = censored ? `, ${censored} capped` : '';
  const reading = Number.isNaN(alpha) ? '' : alpha < 1 ? '; the mean keeps growing' : alpha < 2 ? '; unbounded spread' : '; both bounded';
  const bound = stats.solved < stats.total;
  return {
    ratio, alpha, k, best, bestExpected, bound,
    ratioText: Number.isFinite(ratio) ? `${stats.mean.atLeast ? '≥ ' : ''}${ratio.toFixed(1)}×` : '–',
    alphaText: Number.isNaN(alpha) ? '–' : alpha.toFixed(2),
    alphaNote: `k = ${k}${capNote}${reading}`,
    bestText: Number.isNaN(best) ? '–' : formatCount(best),
    expectedText: Number.isNaN(bestExpected) ? '–' : `${bound ? 'at most ' : ''}${formatCount(Math.round(bestExpected))}`,
  };
}
