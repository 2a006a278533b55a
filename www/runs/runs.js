// "Many runs"'s view: the form that picks a sample (an algorithm, N, how many
// seeds from which, a cap), the presets, the progress line with Cancel, the
// survival chart with its legend, and the table. Each curve is one sample,
// run on the pool's workers (runs-pool.js) and summed up by survival.js;
// curves overlay until removed, each in its own colour (race-chart.js's
// laneColour, for any number) and every other one dashed.
//
// A sample is a RunsSpec; its token (`restarts.30.200.10000000.1`, and
// `.off` with restarts switched off) names it in the link and on its legend
// item and table row. mode-runs.js reads and writes the link. Download CSV
// saves every run of every curve, one row a run (export.js).

import { el, formatCount, part } from '../lib/dom.js';
import { guard } from '../lib/errors.js';
import { downloadCsv } from '../lib/export.js';
import { laneColour, readRaceColours } from '../components/colours.js';
import { seedMax } from '../core/seeds.js';
import { RunsPool } from './pool.js';
import { drawSurvival, hillAlpha, restartCutoffs, statisticText, summarize, survivalCurve } from './survival.js';
import { drawLogLog } from './loglog.js';
import { clip } from '../lib/words.js';

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
 * @typedef {object} RunsState  what the link holds (mode-runs.js)
 * @property {RunsSpec} form  the form's sample, the next curve
 * @property {RunsWork} work
 * @property {RunsSpec[]} curves
 */

/** The fewest and most seeds a curve takes (the most is also the core's per call: runLengthsBudget). */
export const MIN_SEEDS = 10;
/** The one search whose restarts can be switched off (the core refuses the others with a sentence). */
export const RESTARTS_ID = 'restarts';
/** The algorithm picker's value for it with restarts off. */
const NO_RESTARTS = `${RESTARTS_ID}:off`;
/** A cap no larger than this unless the core's budget is smaller. */
const DEFAULT_CAP = 10_000_000;
/** A link whose curves may take longer than this says how long, and asks before it starts them. */
export const ASK_OVER_MS = 5 * 60_000;
/** How long the page times a search's steps, per curve, to say how long a link's curves may take. */
const PROBE_MS = 12;
/** …over at most this many seeds, from the curve's first. */
const PROBE_SEEDS = 64;

/** The form's sample when a link gives none. */
export const DEFAULT_SPEC = Object.freeze({ id: RESTARTS_ID, n: 30, first: 1, seeds: 200, cap: DEFAULT_CAP, restarts: true });

/**
 * The presets: each a set of curves that tells something.
 * @type {Record<string, RunsSpec[]>}
 */
const PRESETS = {
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

export class RunsView {
  /**
   * @param {HTMLElement} root  index.html's #runs
   * @param {{ write: (state: RunsState) => void }} host  writes the link (mode-runs.js)
   */
  constructor(root, host) {
    this.root = root;
    this.host = host;
    this.pool = new RunsPool();
    const input = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (part(root, name));
    this.form = /** @type {HTMLFormElement} */ (part(root, 'form'));
    this.algo = /** @type {HTMLSelectElement} */ (part(root, 'algo'));
    this.fields = { n: input('n'), seeds: input('seeds'), first: input('first'), cap: input('cap') };
    this.add = /** @type {HTMLButtonElement} */ (part(root, 'add'));
    this.cancelButton = /** @type {HTMLButtonElement} */ (part(root, 'cancel'));
    this.capNote = part(root, 'cap-note');
    this.presets = /** @type {HTMLButtonElement[]} */ ([...root.querySelectorAll('[data-preset]')]);
    this.status = part(root, 'status');
    this.progress = /** @type {HTMLProgressElement} */ (part(root, 'progress'));
    this.work = /** @type {HTMLSelectElement} */ (part(root, 'work'));
    this.chart = /** @type {HTMLCanvasElement} */ (part(root, 'chart'));
    this.legend = part(root, 'legend');
    this.table = /** @type {HTMLTableElement} */ (part(root, 'table'));
    this.cutoffChart = /** @type {HTMLCanvasElement} */ (part(root, 'cutoff-chart'));
    this.cutoffWords = part(root, 'cutoff-words');
    this.csv = /** @type {HTMLButtonElement} */ (part(root, 'csv'));
    this.csv.addEventListener('click', () => downloadCsv(this.csvRows(), `nqueens-runs-${this.curves.length}-curves.csv`));
    /** @type {CoreModule | null} */
    this.wasm = null;
    /** @type {RunsAlgorithm[]} */
    this.algorithms = [];
    /** @type {RunsCurve[]} */
    this.curves = [];
    /** @type {RunsSpec[]} samples waiting their turn */
    this.queue = [];
    /** @type {Map<string, RunsDone>} finished samples, by token: a curve removed and added again is not rerun */
    this.done = new Map();
    this.width = 0;
    /** @type {ReturnType<typeof readRaceColours> | null} */
    this.colours = null;
    this.halted = false;
  }

  /**
   * The core is loaded: the pickers, and the link's form and curves.
   * @param {CoreModule} wasm
   * @param {RunsAlgorithm[]} algorithms
   * @param {RunsState} state
   */
  attach(wasm, algorithms, state) {
    this.wasm = wasm;
    this.algorithms = algorithms;
    const group = (/** @type {string} */ label, /** @type {RunsAlgorithm[]} */ list) => el('optgroup', { label }, list.flatMap((a) => {
      const option = el('option', { value: a.id }, a.name);
      return a.id === RESTARTS_ID ? [option, el('option', { value: NO_RESTARTS }, 'Randomised backtracking, no restarts')] : [option];
    }));
    this.algo.replaceChildren(
      group('Find one solution', algorithms.filter((a) => a.goal === 'one')),
      group('Find every solution (one run: the seed changes nothing)', algorithms.filter((a) => a.goal !== 'one')),
    );
    this.setForm(state.form);
    this.work.value = state.work;
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      guard(() => this.submit());
    });
    this.cancelButton.addEventListener('click', () => this.cancel());
    this.algo.addEventListener('change', () => this.formChanged(true));
    for (const [name, field] of Object.entries(this.fields)) field.addEventListener('input', () => this.formChanged(false, name === 'n'));
    this.work.addEventListener('change', () => { this.render(); this.host.write(this.state()); });
    for (const button of this.presets) button.addEventListener('click', () => this.preset(/** @type {string} */ (button.dataset.preset)));
    new ResizeObserver(([entry]) => {
      const width = Math.round(entry.contentRect.width);
      if (width !== this.width) {
        this.width = width;
        this.draw();
      }
    }).observe(this.chart);
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      this.colours = null;
      this.draw();
    });
    for (const control of [this.algo, ...Object.values(this.fields), this.add, ...this.presets]) control.disabled = false;
    this.formChanged(false);
    this.say('Pick a search and how many runs, then Add curve; or try one of the presets.', 'idle');
    this.offer(state.curves);
  }

  /**
   * A link's curves: started at once, or, if they may take longer than
   * ASK_OVER_MS (every run at its cap, on the pool's workers, at the rate
   * the page measures for each search here), said how long and asked first.
   * @param {RunsSpec[]} specs
   */
  async offer(specs) {
    if (!specs.length) return;
    let worst = 0;
    for (const spec of specs) {
      // One timing a task: each stays within PROBE_MS and a few steps.
      await new Promise((resolve) => setTimeout(resolve, 0));
      worst += (spec.seeds * spec.cap * this.msPerStep(spec)) / Math.max(1, this.pool.size);
    }
    if (worst <= ASK_OVER_MS) {
      this.enqueue(specs);
      return;
    }
    const count = specs.length === 1 ? 'This link\'s curve' : `This link's ${specs.length} curves`;
    const go = el('button', { type: 'button', 'data-part': 'ask-run' }, 'Run them');
    const skip = el('button', { type: 'button', 'data-part': 'ask-skip' }, 'Not now');
    const ask = el('div', { class: 'runs-ask', 'data-part': 'ask', role: 'group', 'aria-label': 'Run the link\'s curves?' }, [go, ' ', skip]);
    this.status.after(ask);
    this.say(`${count} may take up to ${duration(worst)} (if every run goes to its cap, at the speed measured here): ${specs.map((s) => specLabel(s, this.algorithms)).join('; ')}. Run ${specs.length === 1 ? 'it' : 'them'} now?`, 'idle');
    go.addEventListener('click', () => {
      ask.remove();
      this.enqueue(specs);
    });
    skip.addEventListener('click', () => {
      ask.remove();
      this.say('The link\'s curves were not run. Change the cap or the number of runs and Add curve, or try one of the presets.', 'idle');
      this.add.focus();
    });
    go.focus({ preventScroll: true });
  }

  /**
   * Milliseconds a step of `spec`'s search takes here, timed on sessions
   * from its first seeds for up to PROBE_MS (their first steps: a fair guess
   * for the rest, which do the same work).
   * @param {RunsSpec} spec
   * @returns {number}
   */
  msPerStep(spec) {
    const wasm = this.wasm;
    if (!wasm) return 0;
    return guard(() => {
      // A search that solves in a few steps is timed over the next seeds too,
      // so that a handful of steps (and one pause of the machine) is not the
      // whole sample; only the steps are timed, not making the sessions.
      const start = performance.now();
      let spent = 0;
      let steps = 0;
      for (let seed = spec.first; seed < spec.first + PROBE_SEEDS && performance.now() - start < PROBE_MS; seed++) {
        const session = wasm.Session.seeded(spec.id, spec.n, seed);
        try {
          let chunk = 1;
          while (performance.now() - start < PROBE_MS && !session.done) {
            const before = performance.now();
            steps += session.run(chunk);
            spent += performance.now() - before;
            chunk *= 2;
          }
        } finally {
          session.free();
        }
      }
      return steps ? spent / steps : 0;
    }, 0);
  }

  /** @param {CoreModule} wasm  a fresh core after a trap (the workers have their own) */
  useCore(wasm) {
    this.wasm = wasm;
    this.halted = false;
  }

  /** The link's state: the form's sample, the unit of work and the curves drawn or waiting. */
  state() {
    return { form: this.readForm(), work: /** @type {RunsWork} */ (this.work.value), curves: [...this.curves.map((c) => c.spec), ...this.queue] };
  }

  /** @param {RunsSpec} spec */
  setForm(spec) {
    this.algo.value = spec.restarts ? spec.id : NO_RESTARTS;
    this.fields.n.value = String(spec.n);
    this.fields.seeds.value = String(spec.seeds);
    this.fields.first.value = String(spec.first);
    this.fields.cap.value = String(spec.cap);
  }

  /** @returns {RunsSpec} the form's sample as typed (specProblem says if it is not one) */
  readForm() {
    const whole = (/** @type {HTMLInputElement} */ field) => {
      const text = field.value.trim();
      return /^\d{1,16}$/.test(text) ? Number(text) : NaN;
    };
    const off = this.algo.value === NO_RESTARTS;
    return {
      id: off ? RESTARTS_ID : this.algo.value,
      n: whole(this.fields.n),
      seeds: whole(this.fields.seeds),
      first: whole(this.fields.first),
      cap: whole(this.fields.cap),
      restarts: !off,
    };
  }

  /**
   * The form changed: the fields' ranges follow the algorithm and N, a new
   * algorithm takes its default cap, a new N brings a cap or a number of
   * runs over its limits down to them (the note says so), and the link follows.
   * @param {boolean} newAlgorithm
   * @param {boolean} [newN]
   */
  formChanged(newAlgorithm, newN = false) {
    if (!this.wasm || this.halted) return;
    const spec = this.readForm();
    const algorithm = this.algorithms.find((a) => a.id === spec.id);
    if (algorithm) {
      this.fields.n.min = String(algorithm.minN);
      this.fields.n.max = String(algorithm.maxN);
      // The label says the range, as Solve big's does.
      const label = this.fields.n.closest('label')?.querySelector('.field-label');
      if (label) label.textContent = `Board size N (${algorithm.minN}–${formatCount(algorithm.maxN)})`;
      if (newAlgorithm && !(spec.n >= algorithm.minN && spec.n <= algorithm.maxN)) this.fields.n.value = String(Math.min(Math.max(spec.n || 0, algorithm.minN), algorithm.maxN));
    }
    const budget = budgetOf(this.wasm, this.readForm());
    /** @type {string[]} */
    const lowered = [];
    if (budget) {
      this.fields.cap.max = String(budget.budget);
      this.fields.seeds.max = String(budget.maxRuns);
      if (newAlgorithm) this.fields.cap.value = String(defaultCap(budget));
      const now = this.readForm();
      if ((newAlgorithm || newN) && now.cap > budget.budget) {
        lowered.push(`The cap was ${formatCount(now.cap)}, over that limit; it is now ${formatCount(budget.budget)}.`);
        this.fields.cap.value = String(budget.budget);
      }
      if ((newAlgorithm || newN) && now.seeds > budget.maxRuns) {
        lowered.push(`The number of runs was ${formatCount(now.seeds)}, over the ${formatCount(budget.maxRuns)} a curve may take here; it is now ${formatCount(budget.maxRuns)}.`);
        this.fields.seeds.value = String(budget.maxRuns);
      }
    }
    this.capNote.textContent = budget
      ? [`A run stops unsolved at the cap: at most ${formatCount(budget.budget)} steps for ${algorithm?.name ?? spec.id} at N = ${formatCount(spec.n)}, so that the page never waits long for one run.`, ...lowered].join(' ')
      : '';
    this.capNote.dataset.lowered = lowered.length ? 'true' : '';
    this.host.write(this.state());
  }

  /** Add curve: the form's sample, checked, joins the queue. */
  submit() {
    if (!this.wasm || this.halted) return;
    const spec = this.readForm();
    const problem = specProblem(spec, this.algorithms, this.wasm);
    if (problem) {
      this.say(problem, 'invalid');
      return;
    }
    this.enqueue([spec]);
  }

  /** @param {string} name  one of PRESETS */
  preset(name) {
    const specs = PRESETS[name] ?? [];
    if (!this.wasm || !specs.length) return;
    this.cancel();
    this.curves = [];
    this.setForm(specs[specs.length - 1]);
    this.formChanged(false);
    this.enqueue(specs);
  }

  /**
   * Queues samples (those already drawn or waiting are left out) and starts the first.
   * @param {RunsSpec[]} specs
   */
  enqueue(specs) {
    const known = new Set(this.state().curves.map(specToken));
    const fresh = specs.filter((spec) => !known.has(specToken(spec)) && known.add(specToken(spec)));
    if (!fresh.length && specs.length) this.say('That curve is drawn already.', this.root.dataset.state === 'running' ? 'running' : 'done');
    this.queue.push(...fresh);
    this.render();
    this.next();
  }

  /** Runs the next sample in the queue, unless one is running. */
  next() {
    if (this.pool.busy || this.halted || !this.wasm) return;
    const spec = this.queue[0];
    if (!spec) return;
    const token = specToken(spec);
    const saved = this.done.get(token);
    if (saved) {
      this.queue.shift();
      this.addCurve(spec, saved);
      this.next();
      return;
    }
    const budget = budgetOf(this.wasm, spec);
    const label = specLabel(spec, this.algorithms);
    this.progress.hidden = false;
    this.progress.max = spec.seeds;
    this.progress.value = 0;
    this.cancelButton.disabled = false;
    this.say(`Running ${label}…`, 'running');
    const perCall = Math.min(budget?.maxRuns ?? 1, Math.floor((budget?.budget ?? 1) / spec.cap));
    this.pool.run(spec, {
      perCall,
      onProgress: (done) => {
        this.progress.value = done;
        this.say(`Running ${label}: ${formatCount(done)} of ${formatCount(spec.seeds)} runs done…`, 'running');
      },
    }).then((outcome) => {
      this.progress.hidden = true;
      this.cancelButton.disabled = true;
      if (outcome.cancelled) {
        this.queue = [];
        this.say(`Cancelled after ${formatCount(outcome.done)} of ${formatCount(spec.seeds)} runs of ${label}.`, 'cancelled');
        this.render();
        this.host.write(this.state());
        return;
      }
      this.queue.shift();
      this.done.set(token, outcome);
      this.addCurve(spec, outcome);
      this.next();
    }, (/** @type {Error} */ error) => {
      this.progress.hidden = true;
      this.cancelButton.disabled = true;
      this.queue = [];
      this.say(`The runs of ${label} could not go on: ${error.message}`, 'failed');
      this.render();
      this.host.write(this.state());
    });
  }

  /**
   * A finished sample becomes a curve.
   * @param {RunsSpec} spec
   * @param {RunsDone} runs
   */
  addCurve(spec, runs) {
    const used = new Set(this.curves.map((c) => c.colour));
    let colour = 0;
    while (used.has(colour)) colour++;
    this.curves.push({ spec, token: specToken(spec), colour, runs });
    const capped = runs.capped.reduce((sum, c) => sum + c, 0);
    const seconds = runs.ms < 1000 ? `${Math.round(runs.ms)} ms` : `${(runs.ms / 1000).toFixed(runs.ms < 10_000 ? 1 : 0)} s`;
    const cut = capped ? `; ${formatCount(capped)} stopped at the cap unsolved` : '';
    if (!this.queue.length) this.say(`${specLabel(spec, this.algorithms)}: ${formatCount(spec.seeds)} runs in ${seconds}${cut}.`, 'done');
    this.root.dataset.ms = String(Math.round(runs.ms));
    this.render();
    this.host.write(this.state());
  }

  /** @param {string} token */
  remove(token) {
    this.curves = this.curves.filter((c) => c.token !== token);
    this.queue = this.queue.filter((spec) => specToken(spec) !== token);
    this.render();
    this.host.write(this.state());
  }

  /** Stops the runs under way, and what was waiting. */
  cancel() {
    if (this.pool.busy) this.pool.cancel();
    else this.queue = [];
  }

  /** A trap in the page's core: nothing more is asked of it (the workers have their own). */
  halt() {
    this.halted = true;
  }

  /**
   * The status line, and the root's data-state.
   * @param {string} text
   * @param {'idle' | 'running' | 'done' | 'cancelled' | 'failed' | 'invalid'} state
   */
  say(text, state) {
    this.status.textContent = text;
    this.root.dataset.state = state;
  }

  /** The legend, the table and the chart, from the curves. */
  render() {
    this.renderLegend();
    this.renderTable();
    this.draw();
  }

  renderLegend() {
    this.legend.replaceChildren(...this.curves.map((curve, i) => {
      const label = specLabel(curve.spec, this.algorithms);
      const remove = el('button', { type: 'button', class: 'linkish', 'aria-label': `Remove the curve ${label}` }, 'Remove');
      remove.addEventListener('click', () => {
        this.remove(curve.token);
        (/** @type {HTMLElement | null} */ (this.legend.querySelector('button')) ?? this.add).focus();
      });
      const swatch = el('span', { class: `runs-swatch${i % 2 ? ' dashed' : ''}`, 'aria-hidden': 'true' });
      swatch.style.setProperty('--curve-colour', laneColour(curve.colour));
      return el('li', { 'data-curve': curve.token, 'data-ms': Math.round(curve.runs.ms) }, [swatch, el('span', {}, label), ' ', remove]);
    }));
    for (const spec of this.queue) this.legend.append(el('li', { class: 'muted', 'data-waiting': specToken(spec) }, `${specLabel(spec, this.algorithms)}: waiting to run`));
  }

  renderTable() {
    const work = /** @type {RunsWork} */ (this.work.value);
    const head = el('thead', {}, [el('tr', {}, ['Curve', 'Solved', 'Median', 'Mean', '90th percentile', 'Longest', 'Mean ÷ median', 'Tail index α', 'Best cutoff', 'Expected with it'].map((h) => el('th', { scope: 'col' }, h)))]);
    const rows = this.curves.map((curve) => {
      const stats = summarize(curve.runs[work], curve.runs.capped);
      const tail = tailCells(curve.runs[work], curve.runs.capped, stats);
      /** @type {[string, import('./survival.js').Statistic][]} */
      const cells = [['median', stats.median], ['mean', stats.mean], ['p90', stats.p90], ['longest', stats.longest]];
      const labels = { median: 'Median', mean: 'Mean', p90: '90th percentile', longest: 'Longest' };
      return el('tr', { 'data-curve': curve.token }, [
        el('th', { scope: 'row' }, specLabel(curve.spec, this.algorithms)),
        el('td', { 'data-label': 'Solved', 'data-value': stats.solved }, `${formatCount(stats.solved)} of ${formatCount(stats.total)}`),
        ...cells.map(([key, stat]) => el('td', { 'data-label': labels[/** @type {keyof typeof labels} */ (key)], 'data-stat': key, 'data-value': stat.value, 'data-at-least': String(stat.atLeast) }, statisticText(stat))),
        ...tail,
      ]);
    });
    this.csv.disabled = !this.curves.length;
    const caption = el('caption', { class: 'sr-only' }, `Work to the first solution, in ${work}`);
    this.table.replaceChildren(caption, head, el('tbody', {}, rows.length ? rows : [el('tr', {}, [el('td', { colspan: 10, class: 'muted' }, 'No curves yet.')])]));
    this.cutoffWords.textContent = cutoffWords(this.curves, work, this.algorithms);
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

  /** Draws the chart from the curves, in the chosen unit of work. */
  draw() {
    if (!this.width) return;
    this.colours ??= readRaceColours(this.chart);
    const colours = this.colours;
    const work = /** @type {RunsWork} */ (this.work.value);
    const curves = this.curves.map((curve, i) => ({
      colour: colours.lane(curve.colour),
      label: specLabel(curve.spec, this.algorithms),
      curve: survivalCurve(curve.runs[work], curve.runs.capped),
      dashed: i % 2 === 1,
    }));
    // Where a curve's capped runs stopped: the cap in steps, their most checks in checks; 0 for none.
    const caps = this.curves.map(({ runs }) => runs[work].reduce((most, w, i) => (runs.capped[i] ? Math.max(most, w) : most), 0));
    drawSurvival(this.chart, this.width, curves, { unit: work, ink: { ink: colours.ink, muted: colours.muted, grid: colours.grid }, caps });
    /** @type {number[]} the best cutoffs labelled so far: one label a cutoff */
    const labelled = [];
    /** @type {import('./loglog.js').LogSeries[]} */
    const cutoffs = this.curves.map((curve, i) => {
      const { t, expected, best, bestExpected } = restartCutoffs(curve.runs[work], curve.runs.capped);
      const label = labelled.includes(best) ? '' : `t = ${formatCount(best)}`;
      labelled.push(best);
      return {
        colour: colours.lane(curve.colour),
        dashed: i % 2 === 1,
        points: Array.from(t, (x, k) => ({ x, y: expected[k] })),
        mark: Number.isNaN(best) ? undefined : { x: best, y: bestExpected, label, row: new Set(labelled.slice(0, -1)).size },
      };
    });
    // Each Luby curve's measured mean, level across the cutoffs: what restarts with no knowledge cost.
    const tried = cutoffs.flatMap((c) => c.points.map((p) => p.x));
    const span = tried.length ? [Math.min(...tried), Math.max(...tried)] : [];
    this.curves.forEach((curve, i) => {
      if (curve.spec.id !== RESTARTS_ID || !curve.spec.restarts || span.length < 2) return;
      const mean = summarize(curve.runs[work], curve.runs.capped).mean.value;
      cutoffs.push({
        colour: colours.lane(curve.colour),
        dashed: true,
        points: span.map((x) => ({ x, y: mean })),
        mark: { x: span[1], y: mean, label: `Luby as run: ${formatCount(Math.round(mean))}`, row: 0, ring: false },
      });
    });
    // Its own width (100% of its panel, at most 640 px by CSS).
    const cutoffWidth = Math.round(this.cutoffChart.getBoundingClientRect().width) || Math.min(this.width, 640);
    drawLogLog(this.cutoffChart, cutoffWidth, cutoffs, { xLabel: `restart after t ${work} (log scale)`, yLabel: `expected ${work} (log)`, ink: { ink: colours.ink, muted: colours.muted, grid: colours.grid }, height: 0.5 });
    this.cutoffChart.setAttribute('aria-label', curves.length
      ? `Expected ${work} to a solution with restarts after t ${work}, against t, one line a curve, the least of each ringed, and a level dashed line at the mean of each curve run with Luby's restarts. The table gives the best t and its expected ${work}.`
      : 'Expected work with restarts against the cutoff: no curves yet.');
    this.chart.setAttribute('aria-label', curves.length
      ? `Survival curves of ${curves.map((c) => c.label).join('; ')}: the share of runs not yet solved against ${work}, on log–log axes. The table below gives their numbers.`
      : 'Survival curves of the runs: none drawn yet.');
  }
}

/**
 * The table's tail cells for one curve: mean ÷ median, Hill's α over the top
 * k, and the best fixed restart cutoff with its expected work (survival.js).
 * @param {ArrayLike<number>} work
 * @param {ArrayLike<number>} capped
 * @param {import('./survival.js').Summary} stats
 */
function tailCells(work, capped, stats) {
  const ratio = stats.mean.value / stats.median.value;
  const { alpha, k, censored } = hillAlpha(work, capped);
  const { best, bestExpected } = restartCutoffs(work, capped);
  const capNote = censored ? `, ${censored} capped` : '';
  const reading = Number.isNaN(alpha) ? '' : alpha < 1 ? '; the mean keeps growing' : alpha < 2 ? '; unbounded spread' : '; both bounded';
  const bound = stats.solved < stats.total;
  return [
    el('td', { 'data-label': 'Mean ÷ median', 'data-stat': 'mean-median', 'data-value': ratio, 'data-at-least': String(stats.mean.atLeast) }, Number.isFinite(ratio) ? `${stats.mean.atLeast ? '≥ ' : ''}${ratio.toFixed(1)}×` : '–'),
    el('td', { 'data-label': 'Tail index α', 'data-stat': 'alpha', 'data-value': alpha, 'data-k': k }, [el('span', {}, [
      Number.isNaN(alpha) ? '–' : alpha.toFixed(2),
      el('small', { class: 'cell-note' }, `k = ${k}${capNote}${reading}`),
    ])]),
    el('td', { 'data-label': 'Best cutoff', 'data-stat': 'best-cutoff', 'data-value': best }, Number.isNaN(best) ? '–' : formatCount(best)),
    el('td', { 'data-label': 'Expected with it', 'data-stat': 'best-expected', 'data-value': bestExpected, 'data-at-most': String(bound) }, Number.isNaN(bestExpected) ? '–' : `${bound ? 'at most ' : ''}${formatCount(Math.round(bestExpected))}`),
  ];
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
function cutoffWords(curves, work, algorithms) {
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
