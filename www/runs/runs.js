// "Many runs"'s view: the form that picks a sample (an algorithm, N, how many
// seeds from which, a cap), the presets, the progress line with Cancel, the
// survival chart with its legend, and the table. Each curve is one sample
// (model.js: samples, their tokens and the curves), run on the pool's
// workers (pool.js) and summed up by survival.js; curves overlay until
// removed, each in its own colour (colours.js's laneColour, for any number)
// and every other one dashed. mode.js reads and writes the link. Download
// CSV saves every run of every curve, one row a run (export.js).

import { el, formatCount, part } from '../lib/dom.js';
import { guard } from '../lib/errors.js';
import { flushUrls } from '../lib/params.js';
import { downloadCsv } from '../lib/export.js';
import { laneColour, readRaceColours } from '../components/colours.js';
import { RunsPool } from './pool.js';
import { survivalCurve } from '../components/log-axes.js';
import { drawSurvival, statisticText, summarize } from './survival.js';
import { drawLogLog } from './loglog.js';
import {
  ASK_OVER_MS, NO_RESTARTS, PRESETS, RESTARTS_ID, RunsCurves, budgetOf, capNote, capsOf, cutoffSeries, cutoffWords, doneSentence, duration, formLimits,
  likelyTime, probeSpec, specLabel, specOfForm, specProblem, specToken, tailFigures,
} from './model.js';

/** How long the page times a search's steps, per curve, to say how long a link's curves may take. */
const PROBE_MS = 12;
/** …over at most this many seeds, from the curve's first. */
const PROBE_SEEDS = 64;

/**
 * @typedef {import('./pool.js').RunsSpec} RunsSpec
 * @typedef {import('./pool.js').RunsDone} RunsDone
 * @typedef {import('../types.js').RunsAlgorithm} RunsAlgorithm
 * @typedef {import('../types.js').Core} CoreModule
 * @typedef {import('./model.js').RunsWork} RunsWork
 * @typedef {import('./model.js').RunsCurve} RunsCurve
 * @typedef {object} RunsState  what the link holds (mode.js)
 * @property {RunsSpec} form  the form's sample, the next curve
 * @property {RunsWork} work
 * @property {RunsSpec[]} curves
 */

export class RunsView {
  /**
   * @param {HTMLElement} root  index.html's #runs
   * @param {{ write: (state: RunsState) => void }} host  writes the link (mode.js)
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
    this.csv.addEventListener('click', () => downloadCsv(this.model.csvRows(), `nqueens-runs-${this.model.curves.length}-curves.csv`));
    part(root, 'copy-link').addEventListener('click', () => this.copyLink());
    /** @type {CoreModule | null} */
    this.wasm = null;
    /** @type {RunsAlgorithm[]} */
    this.algorithms = [];
    /** the curves drawn and waiting */
    this.model = new RunsCurves();
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
   * A link's curves: started at once, or, if they would likely take longer
   * than ASK_OVER_MS, said how long and asked first. The likely time is the
   * work its first runs really do (timed here, each stopping at its own
   * solution or its cap) for every run, on the pool's workers; a preset's
   * own curves always start at once.
   * @param {RunsSpec[]} specs
   */
  async offer(specs) {
    if (!specs.length) return;
    const presets = Object.values(PRESETS).flat().map(specToken);
    if (specs.every((spec) => presets.includes(specToken(spec)))) {
      this.enqueue(specs);
      return;
    }
    // Busy while the first runs are timed: the curves are on their way, not yet asked about.
    this.say('Timing the first runs of the link\'s curves on this machine…', 'running');
    const probes = [];
    for (const spec of specs) {
      // One timing a task: each stays within PROBE_MS and a few steps.
      await new Promise((resolve) => setTimeout(resolve, 0));
      probes.push(this.probe(spec));
    }
    const { likely, worst } = likelyTime(specs, probes, this.pool.size);
    if (likely <= ASK_OVER_MS) {
      this.enqueue(specs);
      return;
    }
    const count = specs.length === 1 ? 'This link\'s curve' : `This link's ${specs.length} curves`;
    const go = el('button', { type: 'button', 'data-part': 'ask-run' }, 'Run them');
    const skip = el('button', { type: 'button', 'data-part': 'ask-skip' }, 'Not now');
    const ask = el('div', { class: 'runs-ask', 'data-part': 'ask', role: 'group', 'aria-label': 'Run the link\'s curves?' }, [go, ' ', skip]);
    this.status.after(ask);
    this.say(`${count}: ${specs.map((s) => specLabel(s, this.algorithms)).join('; ')}. A run that finds its solution stops there, so from the work of the first runs they should take about ${duration(likely)} here (at the speed measured on this machine), and at most ${duration(worst)} if every run went all the way to its cap. Run ${specs.length === 1 ? 'it' : 'them'} now?`, 'idle');
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
   * A step's time and a run's steps for `spec`, timed here (model.js's probeSpec).
   * @param {RunsSpec} spec
   * @returns {{ msPerStep: number, stepsPerRun: number }}
   */
  probe(spec) {
    const wasm = this.wasm;
    if (!wasm) return { msPerStep: 0, stepsPerRun: spec.cap };
    return guard(() => probeSpec(wasm, spec, PROBE_MS, PROBE_SEEDS), { msPerStep: 0, stepsPerRun: spec.cap });
  }

  /** Puts a link to the curves and the form on the clipboard, or shows it. */
  async copyLink() {
    flushUrls();
    const state = /** @type {any} */ (this.root.dataset.state ?? 'idle');
    try {
      await navigator.clipboard.writeText(location.href);
      this.say('Link copied: it opens these curves (run again) and this form.', state);
    } catch {
      this.say(`Copy this link: ${location.href}`, state);
    }
  }

  /** @param {CoreModule} wasm  a fresh core after a trap (the workers have their own) */
  useCore(wasm) {
    this.wasm = wasm;
    this.halted = false;
  }

  /** The link's state: the form's sample, the unit of work and the curves drawn or waiting. */
  state() {
    return { form: this.readForm(), work: /** @type {RunsWork} */ (this.work.value), curves: this.model.specs() };
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
    const { n, seeds, first, cap } = this.fields;
    return specOfForm({ algo: this.algo.value, n: n.value, seeds: seeds.value, first: first.value, cap: cap.value });
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
    const form = this.readForm();
    const budget = budgetOf(this.wasm, form);
    /** @type {string[]} */
    let lowered = [];
    if (budget) {
      this.fields.cap.max = String(budget.budget);
      this.fields.seeds.max = String(budget.maxRuns);
      const limits = formLimits(form, budget, newAlgorithm, newN);
      if (limits.cap !== null) this.fields.cap.value = String(limits.cap);
      if (limits.seeds !== null) this.fields.seeds.value = String(limits.seeds);
      lowered = limits.lowered;
    }
    this.capNote.textContent = budget ? capNote(Number(this.fields.cap.value), budget, algorithm?.name ?? spec.id, spec.n, lowered) : '';
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
    this.model.curves = [];
    this.setForm(specs[specs.length - 1]);
    this.formChanged(false);
    this.enqueue(specs);
  }

  /**
   * Queues samples (those already drawn or waiting are left out) and starts the first.
   * @param {RunsSpec[]} specs
   */
  enqueue(specs) {
    const fresh = this.model.enqueue(specs);
    if (!fresh.length && specs.length) this.say('That curve is drawn already.', this.root.dataset.state === 'running' ? 'running' : 'done');
    this.render();
    this.next();
  }

  /** Runs the next sample in the queue, unless one is running. */
  next() {
    if (this.pool.busy || this.halted || !this.wasm) return;
    const spec = this.model.queue[0];
    if (!spec) return;
    const saved = this.model.done.get(specToken(spec));
    if (saved) {
      this.shown(this.model.finish(saved));
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
        this.model.queue = [];
        this.say(`Cancelled after ${formatCount(outcome.done)} of ${formatCount(spec.seeds)} runs of ${label}.`, 'cancelled');
        this.render();
        this.host.write(this.state());
        return;
      }
      this.shown(this.model.finish(outcome));
      this.next();
    }, (/** @type {Error} */ error) => {
      this.progress.hidden = true;
      this.cancelButton.disabled = true;
      this.model.queue = [];
      this.say(`The runs of ${label} could not go on: ${error.message}`, 'failed');
      this.render();
      this.host.write(this.state());
    });
  }

  /**
   * A finished sample, drawn: says so and writes the link.
   * @param {RunsCurve} curve
   */
  shown({ spec, runs }) {
    if (!this.model.queue.length) this.say(doneSentence(spec, runs, this.algorithms), 'done');
    this.root.dataset.ms = String(Math.round(runs.ms));
    this.render();
    this.host.write(this.state());
  }

  /** @param {string} token */
  remove(token) {
    this.model.remove(token);
    this.render();
    this.host.write(this.state());
  }

  /** Stops the runs under way, and what was waiting. */
  cancel() {
    if (this.pool.busy) this.pool.cancel();
    else this.model.queue = [];
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
    this.legend.replaceChildren(...this.model.curves.map((curve, i) => {
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
    for (const spec of this.model.queue) this.legend.append(el('li', { class: 'muted', 'data-waiting': specToken(spec) }, `${specLabel(spec, this.algorithms)}: waiting to run`));
  }

  renderTable() {
    const work = /** @type {RunsWork} */ (this.work.value);
    const head = el('thead', {}, [el('tr', {}, ['Curve', 'Solved', 'Median', 'Mean', '90th percentile', 'Longest', 'Mean ÷ median', 'Tail index α', 'Best cutoff', 'Expected with it'].map((h) => el('th', { scope: 'col' }, h)))]);
    const rows = this.model.curves.map((curve) => {
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
    this.csv.disabled = !this.model.curves.length;
    const caption = el('caption', { class: 'sr-only' }, `Work to the first solution, in ${work}`);
    this.table.replaceChildren(caption, head, el('tbody', {}, rows.length ? rows : [el('tr', {}, [el('td', { colspan: 10, class: 'muted' }, 'No curves yet.')])]));
    this.cutoffWords.textContent = cutoffWords(this.model.curves, work, this.algorithms);
  }

  /** Draws the chart from the curves, in the chosen unit of work. */
  draw() {
    if (!this.width) return;
    this.colours ??= readRaceColours(this.chart);
    const colours = this.colours;
    const work = /** @type {RunsWork} */ (this.work.value);
    const curves = this.model.curves.map((curve, i) => ({
      colour: colours.lane(curve.colour),
      label: specLabel(curve.spec, this.algorithms),
      curve: survivalCurve(curve.runs[work], curve.runs.capped),
      dashed: i % 2 === 1,
    }));
    drawSurvival(this.chart, this.width, curves, { unit: work, ink: { ink: colours.ink, muted: colours.muted, grid: colours.grid }, caps: capsOf(this.model.curves, work) });
    const cutoffs = cutoffSeries(this.model.curves, work, (curve) => colours.lane(curve.colour));
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
  const t = tailFigures(work, capped, stats);
  return [
    el('td', { 'data-label': 'Mean ÷ median', 'data-stat': 'mean-median', 'data-value': t.ratio, 'data-at-least': String(stats.mean.atLeast) }, t.ratioText),
    el('td', { 'data-label': 'Tail index α', 'data-stat': 'alpha', 'data-value': t.alpha, 'data-k': t.k }, [el('span', {}, [
      t.alphaText,
      el('small', { class: 'cell-note' }, t.alphaNote),
    ])]),
    el('td', { 'data-label': 'Best cutoff', 'data-stat': 'best-cutoff', 'data-value': t.best }, t.bestText),
    el('td', { 'data-label': 'Expected with it', 'data-stat': 'best-expected', 'data-value': t.bestExpected, 'data-at-most': String(t.bound) }, t.expectedText),
  ];
}
