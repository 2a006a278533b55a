// "Many runs"'s second view (`?mode=runs&view=scaling`): the work to the
// first solution against N, on log–log axes, for plain backtracking and the
// searches for one solution that reach past the stepping range; the attacked
// queens the greedy start leaves beside the repairs that follow; a table
// with one row a search and N; and sentences computed from the rows. Runs go
// to the runs pool's workers one run a message (pool.js's runTasks), so the
// page never waits on one; Cancel terminates them.
//
// Which searches: from the core's algorithms(), never typed-in ids. The
// depth-first one is the first search for every solution (goal "all") that
// walks the search tree (space "tree") up to MAX_N, by seed: plain
// backtracking, its first solution a Session's runToSolution. The others are
// the searches for one solution whose findMaxN passes their stepping maxN
// (they run to large N as Finders): the seeded ones give the median of
// several seeds, the others one run.

import { el, formatCount, part } from '../lib/dom.js';
import { laneColour, readRaceColours } from '../components/colours.js';
import { RunsPool } from './pool.js';
import { drawLogLog } from './loglog.js';
import { statisticText, summarize } from './survival.js';
import { fitGrowth, roughly } from '../workers/plain-backtracking.js';

/**
 * @typedef {import('../types.js').RunsAlgorithm} RunsAlgorithm
 * @typedef {import('../types.js').FirstRun} FirstRun
 * @typedef {import('./pool.js').FirstTask} FirstTask
 * @typedef {import('./survival.js').Statistic} Statistic
 * @typedef {object} ScalingSeries  one search's line
 * @property {string} id
 * @property {string} name
 * @property {'all' | 'one'} goal
 * @property {boolean} seeded
 * @property {boolean} depthFirst  placements are queens put down before the first solution
 * @property {number[]} ns
 * @property {number} cap  the most steps a run may take
 * @typedef {object} ScalingRow  one search at one N, once all its runs are back
 * @property {string} id
 * @property {number} n
 * @property {number} runs
 * @property {Statistic} steps  the median (the one run's, unseeded)
 * @property {Statistic | null} placements  the median, depth-first searches only
 * @property {Statistic} moves  the median moves (a Finder's; a Session's placements): for a repair search, the repairs made
 * @property {number} attacked  the median queens the greedy start left attacked (NaN: no greedy start)
 * @property {number} solved
 * @property {Int32Array | null} board  the first seed's solution, up to BOARD_MAX_N
 */

/** Plain backtracking past the stepping search's 20: N = 21, 22, … until the cap stops a run, at most this far. */
const PLAIN_FROM = 21;
const PLAIN_MAX_N = 100;
/** The caps of placements offered for those runs, and the one taken by default. */
export const PLAIN_CAPS = [10_000_000, 100_000_000, 1_000_000_000];
export const PLAIN_CAP = 100_000_000;
/** Where the estimate is given past the N the cap stopped (and N = 100, the exam's). */
const ESTIMATE_NS = [40, 50, 60, 70, 80, 90, 100];
/** Measured sizes the estimate's line goes through: from here up. */
const FIT_FROM = 10;
const PLAIN_URL = new URL('../workers/plain-worker.js', import.meta.url);

/**
 * @typedef {object} PlainRow  plain backtracking past N = 20, one run
 * @property {number} n
 * @property {number} steps
 * @property {number} placements
 * @property {boolean} solved  false: the cap stopped it
 * @property {number[] | null} queens
 */

/**
 * The estimate past the cap: the least-squares line through log10(placements)
 * of every measured, solved size from FIT_FROM up, at the capped N and at
 * ESTIMATE_NS past it. Steps are estimated by the same line through steps.
 * @param {{ n: number, placements: number, steps: number }[]} measured  solved runs
 * @param {number} cappedN  the N the cap stopped
 * @returns {{ rows: { n: number, placements: number, steps: number }[], perQueen: number, from: number, to: number, count: number } | null}
 */
export function plainEstimate(measured, cappedN) {
  const used = measured.filter((m) => m.n >= FIT_FROM && m.n < cappedN);
  const byPlacements = fitGrowth(used.map((m) => ({ n: m.n, work: m.placements })));
  const bySteps = fitGrowth(used.map((m) => ({ n: m.n, work: m.steps })));
  if (!byPlacements || !bySteps) return null;
  const ns = [cappedN, ...ESTIMATE_NS.filter((n) => n > cappedN)];
  return {
    rows: ns.map((n) => ({ n, placements: byPlacements.at(n), steps: bySteps.at(n) })),
    perQueen: byPlacements.perQueen,
    from: byPlacements.from,
    to: byPlacements.to,
    count: used.length,
  };
}

/** The board sizes on the axis past the stepping searches' 4…20. */
const BIG_NS = [30, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];
/** The largest N the view offers and takes by default. */
export const SCALING_MAX_N = 1_000_000;
/** The largest N whose solutions the table keeps (on the row, for a checker). */
const BOARD_MAX_N = 100;
/** A depth-first run stops unsolved here. */
const DEPTH_CAP = 100_000_000;
/** A run of a search for one solution stops unsolved here. */
const ONE_CAP = 1_000_000_000;

/**
 * How many seeds a seeded search runs at N: fewer where a run is long (a
 * randomised depth-first run grows fast with N, a repair run only past
 * N = 10,000).
 * @param {number} n
 * @param {boolean} depthFirst
 */
export function seedsAt(n, depthFirst) {
  const [few, some] = depthFirst ? [100, 500] : [10_000, 100_000];
  return n <= few ? 15 : n <= some ? 9 : 5;
}

/** The legend's words for a seeded search's seeds. @param {boolean} depthFirst */
function seedsText(depthFirst) {
  const [few, some] = depthFirst ? [100, 500] : [10_000, 100_000];
  return `median of ${seedsAt(4, depthFirst)} seeds (${seedsAt(some, depthFirst)} past N = ${formatCount(few)}, ${seedsAt(some + 1, depthFirst)} past ${formatCount(some)})`;
}

/**
 * The searches the view draws, from algorithms()'s fields (see the top).
 * @param {RunsAlgorithm[]} algorithms
 * @param {number} maxN  the largest N to run
 * @returns {ScalingSeries[]}
 */
export function scalingSeries(algorithms, maxN) {
  const upTo = (/** @type {number} */ top) => [...Array.from({ length: 17 }, (_, i) => i + 4), ...BIG_NS].filter((n) => n <= Math.min(top, maxN));
  const depth = algorithms
    .filter((a) => a.goal === 'all' && a.space === 'tree' && a.minN <= 4 && a.maxN >= 20)
    .sort((a, b) => a.source.localeCompare(b.source))
    .slice(0, 1)
    .map((a) => ({ id: a.id, name: a.name, goal: a.goal, seeded: false, depthFirst: true, ns: upTo(a.maxN), cap: DEPTH_CAP }));
  const one = algorithms
    .filter((a) => a.goal === 'one' && a.findMaxN > a.maxN && a.minN <= 4)
    .map((a) => ({ id: a.id, name: a.name, goal: a.goal, seeded: a.seeded, depthFirst: a.moveIs.includes('queen placed'), ns: upTo(a.findMaxN), cap: ONE_CAP }));
  return [...depth, ...one];
}

/**
 * Every run the series need, cheapest first (by N, then series), so the chart fills from the left.
 * @param {ScalingSeries[]} series
 * @returns {FirstTask[]}
 */
export function scalingTasks(series) {
  return series
    .flatMap((s, order) => s.ns.flatMap((n) => Array.from({ length: s.seeded ? seedsAt(n, s.depthFirst) : 1 }, (_, i) => ({
      order, task: { id: s.id, goal: s.goal, n, seed: i + 1, cap: s.cap, board: n <= BOARD_MAX_N && i === 0 },
    }))))
    .sort((a, b) => a.task.n - b.task.n || a.order - b.order || a.task.seed - b.task.seed)
    .map(({ task }) => task);
}

/**
 * A row from a search's runs at one N.
 * @param {ScalingSeries} series
 * @param {number} n
 * @param {FirstRun[]} runs  in seed order
 * @returns {ScalingRow}
 */
export function scalingRow(series, n, runs) {
  const capped = runs.map((r) => (r.solved ? 0 : 1));
  const attacked = runs.map((r) => r.attacked).filter((a) => !Number.isNaN(a)).sort((a, b) => a - b);
  const mid = attacked.length / 2;
  return {
    id: series.id,
    n,
    runs: runs.length,
    steps: summarize(runs.map((r) => r.steps), capped).median,
    placements: series.depthFirst ? summarize(runs.map((r) => r.placements), capped).median : null,
    moves: summarize(runs.map((r) => r.placements), capped).median,
    attacked: attacked.length === runs.length && attacked.length ? (attacked.length % 2 ? attacked[Math.floor(mid)] : (attacked[mid - 1] + attacked[mid]) / 2) : NaN,
    solved: runs.filter((r) => r.solved).length,
    board: runs[0]?.queens ?? null,
  };
}

/** Steps a queen: three figures below 100, whole above. @param {number} value */
const perQueen = (value) => (value < 100 ? value.toPrecision(3) : formatCount(Math.round(value)));

/** 12345 → "12,345"; 1e6 → "1,000,000". */
const count = (/** @type {number} */ value) => formatCount(Math.round(value));

/**
 * What the rows say, in sentences whose numbers come from the rows: how the
 * depth-first search's work grows and zigzags, and how flat the repair
 * searches' work per queen stays.
 * @param {ScalingSeries[]} series
 * @param {ScalingRow[]} rows
 * @returns {string[]}
 */
export function scalingWords(series, rows) {
  /** @type {string[]} */
  const words = [];
  const of = (/** @type {string} */ id) => rows.filter((r) => r.id === id).sort((a, b) => a.n - b.n);
  for (const s of series.filter((x) => x.goal === 'all')) {
    const line = of(s.id).filter((r) => r.placements);
    if (line.length < 3) continue;
    const first = line[0];
    const last = line[line.length - 1];
    const work = (/** @type {ScalingRow} */ r) => /** @type {Statistic} */ (r.placements).value;
    const growth = (work(last) / work(first)) ** (1 / (last.n - first.n));
    let zig = { ratio: 0, n: 0 };
    for (let i = 0; i + 1 < line.length; i++) {
      const ratio = work(line[i]) / work(line[i + 1]);
      if (line[i + 1].n === line[i].n + 1 && ratio > zig.ratio) zig = { ratio, n: line[i].n };
    }
    const at = (/** @type {number} */ n) => work(/** @type {ScalingRow} */ (line.find((r) => r.n === n)));
    words.push(`${s.name} explodes: the queens it places before the first solution go from ${count(work(first))} at N = ${first.n} to ${statisticText(/** @type {Statistic} */ (last.placements))} at N = ${last.n}, about ×${growth.toFixed(2)} for each queen added${last.steps.atLeast ? ' (the last capped)' : ''}.`);
    const rivals = series
      .filter((x) => x.goal === 'one' && x.seeded && !x.depthFirst)
      .map((x) => ({ x, row: rows.find((r) => r.id === x.id && r.n === last.n) }))
      .filter(({ row }) => row);
    if (rivals.length) {
      words.push(`It stops at N = ${last.n}, the largest its stepping search takes, with ${statisticText(last.steps)} steps to the first solution, where ${rivals.map(({ x, row }) => `${x.name} took ${statisticText(/** @type {ScalingRow} */ (row).steps)}`).join(' and ')} (medians).`);
    }
    if (zig.ratio > 1) {
      words.push(`And it zigzags: N = ${zig.n} took ${count(at(zig.n))} placements and N = ${zig.n + 1} only ${count(at(zig.n + 1))}, ${zig.ratio.toFixed(1)} times fewer. How soon a first solution turns up depends on where, in the order the columns are tried, the solutions of that N happen to lie, not on N alone.`);
    }
  }
  for (const s of series.filter((x) => x.goal === 'one')) {
    const line = of(s.id);
    if (!line.length) continue;
    const last = line[line.length - 1];
    if (!s.seeded) {
      const exact = line.every((r) => r.steps.value === r.n);
      words.push(`${s.name} takes ${exact ? 'exactly N steps at every N' : `${count(last.steps.value)} steps at N = ${count(last.n)}`}: it writes a solution down, one queen a step, with no search.`);
      continue;
    }
    const from = line.filter((r) => r.n >= 1000).length >= 2 ? 1000 : 100;
    const big = line.filter((r) => r.n >= from);
    if (s.depthFirst) {
      const plain = rows.filter((r) => r.placements && series.some((x) => x.goal === 'all' && x.id === r.id)).sort((a, b) => b.n - a.n)[0];
      const same = plain && line.find((r) => r.n === plain.n);
      const versus = same?.placements && plain.placements ? ` At N = ${plain.n} it placed ${statisticText(same.placements)} queens (median) against plain backtracking's ${statisticText(plain.placements)}.` : '';
      words.push(`${s.name} grows too, but far more slowly: ${statisticText(last.steps)} steps (median of ${last.runs} seeds) at N = ${count(last.n)}, ${perQueen(last.steps.value / last.n)} a queen.${versus}`);
    } else if (big.length >= 2) {
      const per = big.map((r) => r.steps.value / r.n);
      const low = Math.min(...per);
      const high = Math.max(...per);
      const flat = high / low < 1.5;
      words.push(`${s.name}: the work per queen ${flat ? 'stays flat' : 'varies, then settles'}: from N = ${count(big[0].n)} to ${count(big[big.length - 1].n)} its median is between ${low.toFixed(2)} and ${high.toFixed(2)} steps a queen (N steps place the board; the rest are repairs), and ${(last.steps.value / last.n).toFixed(2)} at N = ${count(last.n)}.`);
    }
  }
  return words;
}

/**
 * The greedy start against the repairs, in sentences from the rows.
 * @param {ScalingSeries[]} series
 * @param {ScalingRow[]} rows
 * @returns {string}
 */
export function greedyWords(series, rows) {
  const repair = series.filter((s) => s.goal === 'one' && s.seeded && !s.depthFirst);
  const line = rows.filter((r) => r.id === repair[0]?.id && !Number.isNaN(r.attacked)).sort((a, b) => a.n - b.n);
  if (line.length < 2) return '';
  const last = line[line.length - 1];
  const repairs = repair.map((s) => {
    const row = rows.find((r) => r.id === s.id && r.n === last.n);
    return row ? `${s.name} then made ${statisticText(row.moves)} repairs (${statisticText({ value: row.steps.value - row.n, atLeast: row.steps.atLeast })} steps past the N that placed the board)` : '';
  }).filter(Boolean);
  const first = line.find((r) => r.n >= 1000) ?? line[0];
  const growth = first === last ? '' : ` From N = ${count(first.n)} to ${count(last.n)}, ×${formatCount(last.n / first.n)} the queens, the attacked ones grew ×${(last.attacked / first.attacked).toFixed(0)}.`;
  return `Checked against the runs: at N = ${count(last.n)} the greedy start left ${count(last.attacked)} of ${count(last.n)} queens attacked (${((100 * last.attacked) / last.n).toPrecision(2)}%), and ${repairs.join('; ')}.${growth} The attacked queens grow far more slowly than N, and the repairs follow them, not N.`;
}

/**
 * Years in words, for an estimate.
 * @param {number} seconds
 */
function yearsText(seconds) {
  const years = seconds / (365.25 * 24 * 3600);
  if (years < 1) return `${roughly(seconds)} seconds`;
  return `${roughly(years)} years`;
}

export class ScalingView {
  /**
   * @param {HTMLElement} root  index.html's #runs-scaling
   * @param {{ write: () => void }} host  writes the link (mode.js)
   */
  constructor(root, host) {
    this.root = root;
    this.host = host;
    this.pool = new RunsPool();
    this.start = /** @type {HTMLButtonElement} */ (part(root, 'scaling-start'));
    this.cancelButton = /** @type {HTMLButtonElement} */ (part(root, 'scaling-cancel'));
    this.maxN = /** @type {HTMLSelectElement} */ (part(root, 'scaling-max'));
    this.status = part(root, 'scaling-status');
    this.progress = /** @type {HTMLProgressElement} */ (part(root, 'scaling-progress'));
    this.chart = /** @type {HTMLCanvasElement} */ (part(root, 'scaling-chart'));
    this.greedyChart = /** @type {HTMLCanvasElement} */ (part(root, 'greedy-chart'));
    this.legend = part(root, 'scaling-legend');
    this.words = part(root, 'scaling-words');
    this.greedy = part(root, 'greedy-words');
    this.table = /** @type {HTMLTableElement} */ (part(root, 'scaling-table'));
    /** @type {ScalingSeries[]} */
    this.series = [];
    /** @type {ScalingRow[]} */
    this.rows = [];
    /** @type {RunsAlgorithm[]} */
    this.algorithms = [];
    this.width = 0;
    this.started = false;
    /** @type {ReturnType<typeof readRaceColours> | null} */
    this.colours = null;
    /** @type {PlainRow[]} plain backtracking past N = 20, measured */
    this.plainRows = [];
    /** @type {Worker | null} the one running them */
    this.plainWorker = null;
    this.plainJob = 0;
    this.plainCancelled = false;
    /** @type {(() => void) | null} called when the plain runs stop (solved to the end, capped, cancelled) */
    this.plainEnd = null;
    this.plainCap = /** @type {HTMLSelectElement} */ (el('select', { id: 'runs-scaling-bt-cap', 'data-part': 'scaling-bt-cap' }, PLAIN_CAPS.map((cap) => el('option', { value: cap, selected: cap === PLAIN_CAP }, formatCount(cap)))));
    this.plainStatus = el('p', { class: 'status', 'data-part': 'scaling-bt-status', 'aria-live': 'polite' });
    this.plainProgress = /** @type {HTMLProgressElement} */ (el('progress', { 'data-part': 'scaling-bt-progress', max: 1, value: 0, 'aria-label': 'Placements of the backtracking run so far, against its cap', hidden: true }));
    this.start.before(el('label', { class: 'field', title: 'Plain backtracking goes on past N = 20, one N after another, until a run reaches this many placements without a solution' }, [
      el('span', { class: 'field-label' }, 'Cap past N = 20 (placements)'),
      this.plainCap,
    ]));
    this.progress.parentElement?.append(this.plainStatus, this.plainProgress);
    this.estimateNote = el('p', { class: 'muted', 'data-part': 'scaling-estimate-note' });
    this.table.parentElement?.after(this.estimateNote);
    this.plainStatus.textContent = 'Plain backtracking runs past N = 20 too, one N after another, until the cap stops a run; past that N its work is estimated, and marked so.';
  }

  /** Runs of either kind are going. */
  get busy() {
    return this.pool.busy || this.plainWorker !== null;
  }

  /** The cap picked for plain backtracking past N = 20. */
  get plainCapValue() {
    const value = Number(this.plainCap.value);
    return PLAIN_CAPS.includes(value) ? value : PLAIN_CAP;
  }

  /** @param {number} cap */
  setPlainCap(cap) {
    this.plainCap.value = String(PLAIN_CAPS.includes(cap) ? cap : PLAIN_CAP);
  }

  /**
   * Plain backtracking from N = 21 up, one N at a time in its own worker,
   * until the cap stops a run (or PLAIN_MAX_N); `onEnd` when it stops.
   * @param {() => void} onEnd
   */
  startPlain(onEnd) {
    this.stopPlain();
    this.plainRows = [];
    const cap = this.plainCapValue;
    const job = ++this.plainJob;
    let n = PLAIN_FROM;
    const worker = new Worker(PLAIN_URL, { type: 'module', name: 'plain-backtracking' });
    this.plainWorker = worker;
    this.plainEnd = onEnd;
    this.plainProgress.hidden = false;
    this.plainProgress.max = cap;
    this.plainProgress.value = 0;
    const ask = () => {
      this.plainStatus.textContent = `Backtracking at N = ${n}: running (cap ${formatCount(cap)} placements)…`;
      worker.postMessage({ type: 'plain', job, n, cap });
    };
    const end = (/** @type {string} */ text) => {
      this.plainStatus.textContent = text;
      this.endPlain();
      this.render();
    };
    worker.onmessage = (event) => {
      const m = event.data ?? {};
      if (m.job !== job) return;
      if (m.type === 'plain-progress') {
        this.plainProgress.value = m.placements;
        this.plainStatus.textContent = `Backtracking at N = ${n}: ${formatCount(m.placements)} placements so far, of at most ${formatCount(cap)}…`;
      } else if (m.type === 'plain-done') {
        this.plainRows.push({ n, steps: m.steps, placements: m.placements, solved: m.solved, queens: m.queens });
        if (m.solved && n < PLAIN_MAX_N) {
          n++;
          this.render();
          ask();
        } else {
          end(m.solved ? `Backtracking solved every N up to ${n}.` : `Backtracking at N = ${n} reached the cap of ${formatCount(cap)} placements without a solution: from there on its work is an estimate (the table says how it was made).`);
        }
      } else {
        end(`The backtracking runs stopped: ${m.message ?? 'the worker said something unknown'}`);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end(`The backtracking worker failed: ${event.message || 'script error'}.`);
    };
    ask();
  }

  /** The plain runs stop: the worker goes, the rows stay. */
  endPlain() {
    const end = this.plainEnd;
    this.stopPlain();
    end?.();
  }

  stopPlain() {
    this.plainWorker?.terminate();
    this.plainWorker = null;
    this.plainEnd = null;
    this.plainProgress.hidden = true;
  }

  /**
   * @param {RunsAlgorithm[]} algorithms
   * @param {number} maxN  the link's largest N
   */
  attach(algorithms, maxN) {
    this.algorithms = algorithms;
    this.setMaxN(maxN);
    this.start.addEventListener('click', () => this.compute());
    this.cancelButton.addEventListener('click', () => this.cancel());
    this.maxN.addEventListener('change', () => this.host.write());
    // Drawn on the next frame: drawing sets the canvas's height, which inside
    // the observer's callback would be a resize loop.
    new ResizeObserver(([entry]) => {
      const width = Math.round(entry.contentRect.width);
      if (width && width !== this.width) {
        this.width = width;
        requestAnimationFrame(() => this.draw());
      }
    }).observe(this.chart);
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      this.colours = null;
      this.draw();
    });
    this.start.disabled = false;
    this.maxN.disabled = false;
    this.say('Compute runs every search from N = 4 up.', 'idle');
    this.render();
  }

  /** @param {number} maxN */
  setMaxN(maxN) {
    const options = [...this.maxN.options].map((o) => Number(o.value));
    this.maxN.value = String(options.includes(maxN) ? maxN : SCALING_MAX_N);
  }

  /** The largest N picked. */
  get largest() {
    return Number(this.maxN.value) || SCALING_MAX_N;
  }

  /**
   * Shown. A link that opens this view asked for its numbers: it computes
   * once, the first time; opened by its button it waits for Compute.
   * @param {boolean} [fromLink]
   */
  shown(fromLink = false) {
    if (!this.started && fromLink) this.compute();
    else if (!this.started && !this.busy) this.say('Press Compute to run every search from N = 4 up: about a minute or two on a laptop, with Cancel (or Esc) to stop.', 'idle');
    this.draw();
  }

  /** Runs every task afresh. */
  compute() {
    if (this.busy) return;
    this.started = true;
    this.series = scalingSeries(this.algorithms, this.largest);
    this.rows = [];
    const tasks = scalingTasks(this.series);
    /** @type {Map<string, FirstRun[]>} runs back so far, by id and N */
    const back = new Map();
    const key = (/** @type {string} */ id, /** @type {number} */ n) => `${id}@${n}`;
    const wanted = new Map();
    for (const t of tasks) wanted.set(key(t.id, t.n), (wanted.get(key(t.id, t.n)) ?? 0) + 1);
    this.progress.hidden = false;
    this.progress.max = tasks.length;
    this.progress.value = 0;
    this.start.disabled = true;
    this.maxN.disabled = true;
    this.cancelButton.disabled = false;
    const began = performance.now();
    this.say(`Running ${formatCount(tasks.length)} runs…`, 'running');
    this.render();
    let done = 0;
    /** @type {{ cancelled: boolean } | { error: Error } | null} how the pool's runs ended */
    let pooled = null;
    let plainDone = false;
    // Both done (the pool's runs and plain backtracking past 20): the view is.
    const settle = () => {
      if (!pooled || !plainDone) return;
      this.finish();
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      if ('error' in pooled) this.say(`The runs could not go on: ${pooled.error.message}`, 'failed');
      else if (pooled.cancelled || this.plainCancelled) this.say(`Cancelled after ${formatCount(done)} of ${formatCount(tasks.length)} runs; the rows done so far stay.`, 'cancelled');
      else this.say(`${formatCount(tasks.length)} runs in ${seconds} s, and plain backtracking past N = 20.`, 'done');
    };
    this.plainCancelled = false;
    this.startPlain(() => {
      plainDone = true;
      settle();
    });
    this.pool.runTasks(tasks, (index, run) => {
      const task = tasks[index];
      const k = key(task.id, task.n);
      const runs = back.get(k) ?? [];
      runs[task.seed - 1] = run;
      back.set(k, runs);
      done++;
      this.progress.value = done;
      this.say(`Running: ${formatCount(done)} of ${formatCount(tasks.length)} runs done, up to N = ${formatCount(task.n)}…`, 'running');
      if (runs.filter(Boolean).length === wanted.get(k)) {
        const series = /** @type {ScalingSeries} */ (this.series.find((s) => s.id === task.id));
        this.rows.push(scalingRow(series, task.n, runs));
        this.render();
      }
    }).then(({ cancelled }) => {
      pooled = { cancelled };
      if (!plainDone) this.say(`${formatCount(tasks.length)} runs done; plain backtracking past N = 20 goes on (below).`, 'running');
      settle();
    }, (/** @type {Error} */ error) => {
      pooled = { error };
      if (!plainDone) {
        this.plainCancelled = true;
        this.endPlain();
      }
      settle();
    });
  }

  finish() {
    this.progress.hidden = true;
    this.start.disabled = false;
    this.maxN.disabled = false;
    this.cancelButton.disabled = true;
    this.render();
  }

  cancel() {
    if (this.plainWorker) {
      this.plainCancelled = true;
      this.plainStatus.textContent = `Backtracking past N = 20 cancelled; the sizes it solved stay.`;
      this.endPlain();
    }
    if (this.pool.busy) this.pool.cancel();
  }

  /**
   * @param {string} text
   * @param {'idle' | 'running' | 'done' | 'cancelled' | 'failed'} state
   */
  say(text, state) {
    this.status.textContent = text;
    this.root.dataset.state = state;
  }

  render() {
    this.renderTable();
    this.words.replaceChildren(...[...scalingWords(this.series, this.rows), ...this.plainWords()].map((text) => el('li', {}, text)));
    this.greedy.textContent = greedyWords(this.series, this.rows);
    this.legend.replaceChildren(...this.series.map((s, i) => {
      const swatch = el('span', { class: `runs-swatch${i % 2 ? ' dashed' : ''}`, 'aria-hidden': 'true' });
      swatch.style.setProperty('--curve-colour', laneColour(i));
      return el('li', { 'data-series': s.id }, [swatch, el('span', {}, `${s.name}: ${s.seeded ? seedsText(s.depthFirst) : 'one run'}`)]);
    }));
    this.draw();
  }

  /** Plain backtracking's measured sizes from FIT_FROM up (the stepping search's and past 20), solved, in N order. */
  plainMeasured() {
    const stepping = this.rows.filter((r) => r.id === this.plainId() && r.placements && !r.steps.atLeast)
      .map((r) => ({ n: r.n, placements: /** @type {Statistic} */ (r.placements).value, steps: r.steps.value }));
    return [...stepping, ...this.plainRows.filter((r) => r.solved)].sort((a, b) => a.n - b.n);
  }

  /** The depth-first series' id (plain backtracking), or ''. */
  plainId() {
    return this.series.find((s) => s.goal === 'all')?.id ?? '';
  }

  /** The estimate past the N the cap stopped, once it did. */
  estimate() {
    const capped = this.plainRows.find((r) => !r.solved);
    return capped ? plainEstimate(this.plainMeasured(), capped.n) : null;
  }

  /** Sentences on plain backtracking past N = 20: how far it got, and the estimate past that, said to be one. */
  plainWords() {
    const solved = this.plainRows.filter((r) => r.solved);
    const capped = this.plainRows.find((r) => !r.solved);
    /** @type {string[]} */
    const words = [];
    if (solved.length) {
      const last = solved[solved.length - 1];
      words.push(`Past the stepping search's N = 20, plain backtracking (the same order, run here in a worker) solved every N up to ${last.n}: ${formatCount(last.placements)} placements at N = ${last.n}.`);
    }
    const guess = this.estimate();
    if (capped && guess) {
      const at100 = guess.rows.find((r) => r.n === 100);
      words.push(`At N = ${capped.n} the cap of ${formatCount(capped.placements)} placements stopped it unsolved. Estimated, not measured: the least-squares line through log(placements) of the ${guess.count} measured sizes N = ${guess.from}–${guess.to} grows ×${guess.perQueen.toFixed(2)} a queen${at100 ? `, which at N = 100 gives ${roughly(at100.placements)} placements: at a hundred million placements a second, ${yearsText(at100.placements / 1e8)}` : ''}. The zigzag means any one N may be far off the line; the growth is the point.`);
    }
    return words;
  }

  renderTable() {
    const head = el('thead', {}, [el('tr', {}, ['Search', 'N', 'Runs', 'Steps (median)', 'Steps a queen', 'Queens placed', 'Attacked after the greedy start'].map((h) => el('th', { scope: 'col' }, h)))]);
    const name = (/** @type {string} */ id) => this.series.find((s) => s.id === id)?.name ?? id;
    const order = (/** @type {string} */ id) => this.series.findIndex((s) => s.id === id);
    const rows = [...this.rows].sort((a, b) => order(a.id) - order(b.id) || a.n - b.n).map((row) => {
      /** @type {Record<string, string | number>} */
      const data = { 'data-algo': row.id, 'data-n': row.n, 'data-steps': row.steps.value, 'data-runs': row.runs, 'data-solved': row.solved };
      if (row.placements) data['data-placements'] = row.placements.value;
      if (!Number.isNaN(row.attacked)) data['data-attacked'] = row.attacked;
      if (row.board) data['data-board'] = row.board.join(',');
      data['data-kind'] = 'measured';
      return el('tr', data, [
        el('th', { scope: 'row' }, name(row.id)),
        el('td', { 'data-label': 'N' }, formatCount(row.n)),
        el('td', { 'data-label': 'Runs' }, `${row.solved} of ${row.runs} solved`),
        el('td', { 'data-label': 'Steps (median)' }, statisticText(row.steps)),
        el('td', { 'data-label': 'Steps a queen' }, perQueen(row.steps.value / row.n)),
        el('td', { 'data-label': 'Queens placed' }, row.placements ? statisticText(row.placements) : '–'),
        el('td', { 'data-label': 'Attacked after the greedy start' }, Number.isNaN(row.attacked) ? '–' : formatCount(row.attacked)),
      ]);
    });
    // Plain backtracking past N = 20 goes after its stepping rows: measured, then estimated.
    const plainName = name(this.plainId());
    const measured = this.plainRows.filter((r) => r.solved).map((r) => el('tr', {
      'data-algo': this.plainId(), 'data-n': r.n, 'data-kind': 'measured', 'data-steps': r.steps, 'data-placements': r.placements, 'data-runs': 1, 'data-solved': 1, 'data-board': r.queens?.join(',') ?? null,
    }, [
      el('th', { scope: 'row' }, plainName),
      el('td', { 'data-label': 'N' }, formatCount(r.n)),
      el('td', { 'data-label': 'Runs' }, '1 of 1 solved (measured past the stepping search)'),
      el('td', { 'data-label': 'Steps (median)' }, formatCount(r.steps)),
      el('td', { 'data-label': 'Steps a queen' }, perQueen(r.steps / r.n)),
      el('td', { 'data-label': 'Queens placed' }, formatCount(r.placements)),
      el('td', { 'data-label': 'Attacked after the greedy start' }, '–'),
    ]));
    const guess = this.estimate();
    const capped = this.plainRows.find((r) => !r.solved);
    const how = guess ? `estimated: the least-squares line through log(work) of the measured N = ${guess.from}–${guess.to}, ×${guess.perQueen.toFixed(2)} a queen` : '';
    const estimated = guess ? guess.rows.map((r) => el('tr', {
      'data-algo': this.plainId(), 'data-n': r.n, 'data-kind': 'estimated', 'data-estimate-steps': Math.round(r.steps), 'data-estimate-placements': Math.round(r.placements), 'data-runs': r.n === capped?.n ? 1 : 0, 'data-solved': 0,
      ...(r.n === capped?.n ? { 'data-capped-placements': capped.placements, 'data-capped-steps': capped.steps } : {}),
    }, [
      el('th', { scope: 'row' }, plainName),
      el('td', { 'data-label': 'N' }, formatCount(r.n)),
      el('td', { 'data-label': 'Runs' }, r.n === capped?.n ? 'stopped by the cap' : 'not run'),
      el('td', { 'data-label': 'Steps (median)', title: how }, r.n === capped?.n && r.placements < capped.placements
        ? `more than ${formatCount(capped.steps)} (cap)`
        : `estimated: ${roughly(r.steps)}`),
      el('td', { 'data-label': 'Steps a queen' }, '–'),
      el('td', { 'data-label': 'Queens placed', title: how }, r.n === capped?.n && r.placements < capped.placements ? `more than ${formatCount(capped.placements)} (cap)` : `estimated: ${roughly(r.placements)}`),
      el('td', { 'data-label': 'Attacked after the greedy start' }, '–'),
    ])) : [];
    this.estimateNote.textContent = guess
      ? `Rows marked estimated were not run. Each is ${how}: log(work) against N fitted by least squares over ${guess.count} measured sizes, and read off at that N. The zigzag from one N to the next means a single N can be far off the line; at N = ${capped?.n} the run itself stopped at the cap.`
      : '';
    const plainAt = rows.findIndex((tr) => tr.dataset.algo !== this.plainId());
    rows.splice(plainAt < 0 ? rows.length : plainAt, 0, ...measured, ...estimated);
    const caption = el('caption', { class: 'sr-only' }, 'Work to the first solution against N, one row a search and N');
    this.table.replaceChildren(caption, head, el('tbody', {}, rows.length ? rows : [el('tr', {}, [el('td', { colspan: 7, class: 'muted' }, 'No rows yet.')])]));
  }

  draw() {
    if (!this.width || this.root.hidden) return;
    this.colours ??= readRaceColours(this.chart);
    const colours = this.colours;
    const ink = { ink: colours.ink, muted: colours.muted, grid: colours.grid };
    const line = (/** @type {string} */ id, /** @type {(r: ScalingRow) => Statistic | null} */ value) => this.rows
      .filter((r) => r.id === id && value(r))
      .sort((a, b) => a.n - b.n)
      .map((r) => ({ x: r.n, y: /** @type {Statistic} */ (value(r)).value, atLeast: /** @type {Statistic} */ (value(r)).atLeast }));
    /** @type {import('./loglog.js').LogSeries[]} */
    const series = this.series.map((s, i) => ({
      colour: colours.lane(i),
      dashed: i % 2 === 1,
      dots: true,
      points: [...line(s.id, (r) => r.steps), ...(s.goal === 'all' ? this.plainRows.filter((r) => r.solved).map((r) => ({ x: r.n, y: r.steps })) : [])],
    }));
    const guess = this.estimate();
    if (guess) {
      // The estimate: a thin muted dashed line, labelled as one at its end.
      // Drawn to N = 50 only: further on, the axis would be all estimate.
      const shown = guess.rows.filter((r) => r.n <= 50);
      const end = shown[shown.length - 1];
      series.push({ colour: colours.muted, dashed: true, dots: false, points: shown.map((r) => ({ x: r.n, y: r.steps })), mark: { x: end.n, y: end.steps, label: 'backtracking, estimated', ring: false } });
    }
    drawLogLog(this.chart, this.width, series, { xLabel: 'board size N (log scale)', yLabel: 'steps to the first solution (log)', ink });
    this.chart.setAttribute('aria-label', `Work to the first solution against N on log–log axes: ${this.series.map((s) => s.name).join('; ')}. The table below gives every point.`);
    const repair = this.series.map((s, i) => ({ s, i })).filter(({ s }) => s.goal === 'one' && s.seeded && !s.depthFirst);
    const greedy = [
      { colour: colours.ink, dots: true, points: line(repair[0]?.s.id ?? '', (r) => (Number.isNaN(r.attacked) ? null : { value: r.attacked, atLeast: false })) },
      ...repair.map(({ s, i }) => ({
        colour: colours.lane(i),
        dashed: i % 2 === 1,
        points: line(s.id, (r) => r.moves),
      })),
    ];
    // Its own width (100% of its panel, at most 560 px by CSS).
    const greedyWidth = Math.round(this.greedyChart.getBoundingClientRect().width) || Math.min(this.width, 560);
    drawLogLog(this.greedyChart, greedyWidth, greedy, { xLabel: 'board size N (log scale)', yLabel: 'queens (log)', ink, height: 0.6 });
    this.greedyChart.setAttribute('aria-label', `Queens the greedy start leaves attacked (dots), and the repairs ${repair.map(({ s }) => s.name).join(' and ')} then make, against N on log–log axes.`);
  }
}
