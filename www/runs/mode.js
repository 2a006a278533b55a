// "Many runs" (a tab of its own): the RunsView in #runs. Owns the link
// `?mode=runs&algo=restarts&n=30&seeds=200&cap=10000000&first=1&work=steps&curves=…`
// (the form's sample, the unit of work the chart and table use, and the
// curves drawn, each a token of runs.js's specToken: id.n.seeds.cap.first,
// `.off` for restarts switched off), which it reruns on load; Esc cancels
// the runs while shown. `view=scaling` (and `nmax=`, its largest N) shows
// the second view, work to the first solution against N (scaling.js), which
// computes when first shown.
//
// A mode of the registry in modes.js: see there for what a mode does.

import { linkParams, safeName } from '../lib/export.js';
import { replaceUrl, wholeNumber } from '../lib/params.js';
import { RunsView } from './runs.js';
import { DEFAULT_SPEC, RESTARTS_ID, budgetOf, defaultCap, parseToken, specProblem, specToken } from './model.js';
import { clip } from '../lib/words.js';
import { PLAIN_CAP, PLAIN_CAPS, SCALING_MAX_N, ScalingView } from './scaling.js';

/**
 * @typedef {import('../core/core.js').Core} Core
 * @typedef {import('./runs.js').RunsState} RunsState
 * @typedef {import('./runs.js').RunsSpec} RunsSpec
 * @typedef {import('../types.js').RunsAlgorithm} RunsAlgorithm
 * @typedef {'curves' | 'scaling'} RunsViewName
 * @typedef {RunsState & { problems: string[], view: RunsViewName, maxN: number, btCap: number }} RunsLink  what a link asks for
 */

/** The largest N the scaling view may be asked for by a link. */
const SCALING_CHOICES = [1000, 10_000, 100_000, SCALING_MAX_N];

/** The most curves a link may draw: each is rerun when the link opens. */
const MAX_LINK_CURVES = 12;

/**
 * The algorithms as "Many runs" reads them (algorithms() gives every field it reads).
 * @param {Core} core
 */
const runsAlgorithms = (core) => /** @type {RunsAlgorithm[]} */ (core.algorithms);

/**
 * Reads the link. Anything malformed is a sentence and the default: the
 * form's sample falls back field by field, a bad curve is left out.
 * @param {string} search  location.search
 * @param {Core} core
 * @returns {RunsLink}
 */
export function parseRunsParams(search, core) {
  const params = new URLSearchParams(search);
  const algorithms = runsAlgorithms(core);
  /** @type {string[]} */
  const problems = [];
  /** @type {RunsSpec} */
  const form = { ...DEFAULT_SPEC };
  const rawAlgo = params.get('algo');
  if (rawAlgo !== null) {
    const id = rawAlgo.trim();
    if (algorithms.some((a) => a.id === id)) form.id = id;
    else problems.push(`The link's algo=${clip(id)} is not an algorithm (try one of: ${algorithms.map((a) => a.id).join(', ')}). Using ${form.id}.`);
  }
  const rawRestarts = params.get('restarts');
  if (rawRestarts !== null) {
    const raw = rawRestarts.trim().toLowerCase();
    if (raw === 'off' && form.id === RESTARTS_ID) form.restarts = false;
    else if (raw !== 'on') problems.push(`The link's restarts=${clip(raw)} means nothing here: only algo=${RESTARTS_ID} takes restarts=off. Restarts stay on.`);
  }
  for (const [key, name] of /** @type {const} */ ([['n', 'board size'], ['seeds', 'number of runs'], ['first', 'first seed'], ['cap', 'cap']])) {
    const raw = params.get(key);
    if (raw === null) continue;
    const value = wholeNumber(raw, 16);
    if (Number.isNaN(value)) {
      const why = /^\d+$/.test(raw.trim()) ? 'is too large' : 'is not a whole number';
      problems.push(`The link's ${name} ${key}=${clip(raw.trim())} ${why}. Using ${form[key]}.`);
    } else {
      form[key] = value;
    }
  }
  // A link without a cap takes the default cap of its search and N, as the form does.
  if (!params.has('cap')) form.cap = defaultCap(budgetOf(core.wasm, form));
  const formProblem = specProblem(form, algorithms, core.wasm);
  if (formProblem) {
    problems.push(`The link's runs do not fit: ${formProblem} Using the usual ones.`);
    Object.assign(form, DEFAULT_SPEC);
  }
  /** @type {RunsState['work']} */
  let work = 'steps';
  const rawWork = params.get('work');
  if (rawWork !== null) {
    const raw = rawWork.trim().toLowerCase();
    if (raw === 'steps' || raw === 'checks') work = raw;
    else problems.push(`The link's work=${clip(raw)} is not a unit of work (steps or checks). Using steps.`);
  }
  /** @type {RunsSpec[]} */
  const curves = [];
  const rawCurves = params.get('curves');
  if (rawCurves !== null) {
    const tokens = rawCurves.split(',').map((t) => t.trim()).filter(Boolean);
    if (tokens.length > MAX_LINK_CURVES) problems.push(`The link names ${tokens.length} curves; it may draw at most ${MAX_LINK_CURVES}, the first ones.`);
    for (const token of tokens.slice(0, MAX_LINK_CURVES)) {
      const spec = parseToken(token);
      const problem = spec ? specProblem(spec, algorithms, core.wasm) : 'it is not id.n.seeds.cap.first (and .off for restarts switched off).';
      if (problem || !spec) problems.push(`The link's curve “${clip(token)}” is left out: ${problem}`);
      else if (!curves.some((c) => specToken(c) === token)) curves.push(spec);
    }
  }
  // A link that names curves and no form: the form holds the last curve, to vary.
  const formNamed = ['algo', 'restarts', 'n', 'seeds', 'first', 'cap'].some((key) => params.has(key));
  if (!formNamed && curves.length) Object.assign(form, curves[curves.length - 1]);
  /** @type {RunsViewName} */
  let view = 'curves';
  const rawView = params.get('view');
  if (rawView !== null) {
    const raw = rawView.trim().toLowerCase();
    if (raw === 'curves' || raw === 'scaling') view = raw;
    else problems.push(`The link's view=${clip(raw)} is not a view of Many runs (curves or scaling). Showing the curves.`);
  }
  let maxN = SCALING_MAX_N;
  const rawMax = params.get('nmax');
  if (rawMax !== null) {
    const value = wholeNumber(rawMax, 16);
    if (SCALING_CHOICES.includes(value)) maxN = value;
    else problems.push(`The link's nmax=${clip(rawMax.trim())} is not one of the largest N offered (${SCALING_CHOICES.join(', ')}). Using ${SCALING_MAX_N}.`);
  }
  let btCap = PLAIN_CAP;
  const rawCap = params.get('btcap');
  if (rawCap !== null) {
    const value = wholeNumber(rawCap, 16);
    if (PLAIN_CAPS.includes(value)) btCap = value;
    else problems.push(`The link's btcap=${clip(rawCap.trim())} is not one of the caps offered for backtracking past N = 20 (${PLAIN_CAPS.join(', ')}). Using ${PLAIN_CAP}.`);
  }
  return { form, work, curves, problems, view, maxN, btCap };
}

/**
 * Writes the page's state into the address bar (see parseRunsParams).
 * @param {RunsState & { view?: RunsViewName, maxN?: number, btCap?: number }} state
 */
function writeRunsParams({ form, work, curves, view = 'curves', maxN = SCALING_MAX_N, btCap = PLAIN_CAP }) {
  const url = new URL(location.href);
  url.search = '';
  const params = url.searchParams;
  params.set('algo', form.id);
  if (!form.restarts) params.set('restarts', 'off');
  for (const key of /** @type {const} */ (['n', 'seeds', 'cap', 'first'])) if (Number.isFinite(form[key])) params.set(key, String(form[key]));
  params.set('work', work);
  if (curves.length) params.set('curves', curves.map(specToken).join(','));
  if (view === 'scaling') {
    params.set('view', view);
    if (maxN !== SCALING_MAX_N) params.set('nmax', String(maxN));
    if (btCap !== PLAIN_CAP) params.set('btcap', String(btCap));
  }
  replaceUrl(url);
}

/**
 * The "Many runs" mode. Its view is built with the core; the link's curves
 * start running at once, on workers with their own cores.
 * @param {import('../modes.js').Page} _page
 */
export function runsMode(_page) {
  /** @type {RunsView | null} */
  let view = null;
  /** @type {ScalingView | null} */
  let scaling = null;
  /** @type {RunsViewName} */
  let shown = 'curves';
  let active = false;
  const root = () => /** @type {HTMLElement} */ (document.getElementById('runs')); // index.html's
  const write = () => {
    if (active && view) writeRunsParams({ ...view.state(), view: shown, maxN: scaling?.largest ?? SCALING_MAX_N, btCap: scaling?.plainCapValue ?? PLAIN_CAP });
  };

  /**
   * Shows one of the two views; the scaling view computes when a link opened it.
   * @param {RunsViewName} name
   * @param {boolean} [fromLink]
   */
  const show = (name, fromLink = false) => {
    shown = name;
    const main = root();
    main.dataset.view = name;
    /** @type {HTMLElement} */ (document.getElementById('runs-curves')).hidden = name !== 'curves';
    /** @type {HTMLElement} */ (document.getElementById('runs-scaling')).hidden = name !== 'scaling';
    for (const button of main.querySelectorAll('[data-runs-view]')) button.setAttribute('aria-pressed', String(/** @type {HTMLElement} */ (button).dataset.runsView === name));
    if (name === 'scaling') scaling?.shown(fromLink);
    else view?.draw();
    write();
  };

  return {
    id: 'runs',
    // The chart is the mode's board, always shown.
    panels: { table: '.runs-table-panel', tail: '.runs-tail-panel' },
    title: () => (shown === 'scaling' ? ['many runs', 'work against N'] : ['many runs']),
    canvases: {
      'runs-chart': () => safeName(`nqueens-runs-${linkParams().get('work') ?? 'steps'}`),
      'runs-scaling-chart': () => 'nqueens-work-against-n',
    },

    parse: (/** @type {string} */ search, /** @type {Core} */ core) => parseRunsParams(search, core),

    /** @param {Core} core  @param {RunsLink|null} wanted  the link's runs, if the link is this mode's */
    attach(core, wanted) {
      const link = wanted ?? parseRunsParams('', core);
      view = new RunsView(root(), { write });
      scaling = new ScalingView(/** @type {HTMLElement} */ (document.getElementById('runs-scaling')), { write });
      view.attach(core.wasm, runsAlgorithms(core), link);
      scaling.attach(runsAlgorithms(core), link.maxN);
      scaling.setPlainCap(link.btCap);
      scaling.plainCap.addEventListener('change', write);
      for (const button of root().querySelectorAll('[data-runs-view]')) {
        button.addEventListener('click', () => show(/** @type {RunsViewName} */ (/** @type {HTMLElement} */ (button).dataset.runsView)));
      }
      show(link.view, true);
    },

    setActive(/** @type {boolean} */ on) {
      active = on;
      write();
    },

    /** Esc stops the runs of the view shown. @param {KeyboardEvent} event */
    onKey(event) {
      const runs = shown === 'scaling' ? scaling : view;
      if (event.key === 'Escape' && runs && (runs === scaling ? scaling.busy : runs.pool.busy)) {
        event.preventDefault();
        runs.cancel();
      }
    },

    /** A trap in the page's core: the view asks it nothing more. */
    halt: () => view?.halt(),

    /** @param {Core} core  a fresh core: the view reads its budgets from it */
    recover(core) {
      view?.useCore(core.wasm);
      return '';
    },
  };
}
