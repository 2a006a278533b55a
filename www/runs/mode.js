// "Many runs" (a tab of its own): the RunsView in #runs. Owns the link
// `?mode=runs&algo=restarts&n=30&seeds=200&cap=10000000&first=1&work=steps&curves=…`
// (the form's sample, the unit of work the chart and table use, and the
// curves drawn, each a token of runs.js's specToken: id.n.seeds.cap.first,
// `.off` for restarts switched off), which it reruns on load; Esc cancels
// the runs while shown.
//
// A mode of the registry in modes.js: see there for what a mode does.

import { linkParams, safeName } from '../lib/export.js';
import { replaceUrl, wholeNumber } from '../lib/params.js';
import { DEFAULT_SPEC, RESTARTS_ID, RunsView, parseToken, specProblem, specToken } from './runs.js';
import { clip } from '../lib/words.js';

/**
 * @typedef {import('../core/core.js').Core} Core
 * @typedef {import('./runs.js').RunsState} RunsState
 * @typedef {import('./runs.js').RunsSpec} RunsSpec
 * @typedef {import('../types.js').RunsAlgorithm} RunsAlgorithm
 * @typedef {RunsState & { problems: string[] }} RunsLink  what a link asks for
 */

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
  return { form, work, curves, problems };
}

/**
 * Writes the page's state into the address bar (see parseRunsParams).
 * @param {RunsState} state
 */
export function writeRunsParams({ form, work, curves }) {
  const url = new URL(location.href);
  url.search = '';
  const params = url.searchParams;
  params.set('mode', 'runs');
  params.set('algo', form.id);
  if (!form.restarts) params.set('restarts', 'off');
  for (const key of /** @type {const} */ (['n', 'seeds', 'cap', 'first'])) if (Number.isFinite(form[key])) params.set(key, String(form[key]));
  params.set('work', work);
  if (curves.length) params.set('curves', curves.map(specToken).join(','));
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
  let active = false;

  return {
    id: 'runs',
    // The chart is the mode's board, always shown.
    panels: { table: '.runs-table-panel' },
    title: () => ['many runs'],
    canvases: { 'runs-chart': () => safeName(`nqueens-runs-${linkParams().get('work') ?? 'steps'}`) },

    parse: (/** @type {string} */ search, /** @type {Core} */ core) => parseRunsParams(search, core),

    /** @param {Core} core  @param {RunsLink|null} wanted  the link's runs, if the link is this mode's */
    attach(core, wanted) {
      view = new RunsView(/** @type {HTMLElement} */ (document.getElementById('runs')), { // index.html's
        write: (state) => { if (active) writeRunsParams(state); },
      });
      view.attach(core.wasm, runsAlgorithms(core), wanted ?? parseRunsParams('', core));
    },

    setActive(/** @type {boolean} */ on) {
      active = on;
      if (on && view) writeRunsParams(view.state());
    },

    /** Esc stops the runs. @param {KeyboardEvent} event */
    onKey(event) {
      if (event.key === 'Escape' && view?.pool.busy) {
        event.preventDefault();
        view.cancel();
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
