// The page's wiring, and nothing else: loads the core, makes the page's modes
// (modes.js's registry; frame.js puts their tabs, markup and style in the
// page) and connects them to what belongs to the page as a whole — the tabs, the URL's
// ?mode=, the keyboard, the problem area, restarts after a trap and
// window.nqueens (for tests and the console). It names no mode: what each
// mode owns is said at the top of its module.

import { describeCore, loadCore } from '../core/core.js';
import { autofocusUnlessFramed, embedPage } from './embed.js';
import { connectCore, guard, panicText, reportError, showProblem, watchForPanics, watchGlobalErrors } from '../lib/errors.js';
import { mountExports } from '../lib/export.js';
import { MODES, parseMode } from './modes.js';
import { linkMode, readWatched, repeatedParams, replaceUrl } from '../lib/params.js';
import { clip } from '../lib/words.js';
import { Kept } from '../lib/kept.js';
import { mountFrame } from './frame.js';
import { mountPresent } from './present.js';
import { registerServiceWorker } from './service-worker.js';
import { ViewSwitcher } from './views.js';
import { WasmLoadError } from '../core/wasm-load.js';

/** More traps than this within RESTART_WINDOW_MS and the page stops restarting: something is deeply wrong. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 10_000;
/** The longest a hidden mode's module waits for the page to be idle before it is loaded anyway. */
const PREFETCH_WAIT_MS = 5_000;

/** @typedef {import('../types.js').Core} CoreModule  the core's module namespace, as loadCore() gives it */

async function start() {
  const wasmLoad = loadCore().then((wasm) => ({ wasm, error: null }), (error) => ({ wasm: null, error }));
  await mountFrame(MODES);
  autofocusUnlessFramed();
  // The skip link goes to the shown tab's content: its first root.
  document.querySelector('[data-part="skip-link"]')?.addEventListener('click', (event) => {
    const target = document.querySelector('body > main:not([hidden])');
    if (!(target instanceof HTMLElement)) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
    target.scrollIntoView({ block: 'start' });
  });
  /** @type {import('../modes.js').Mode[]} the modes built so far, in the order they were built */
  const modes = [];
  const byId = (/** @type {string} */ id) => modes.find((mode) => mode.id === id);
  const ids = MODES.map((entry) => entry.id);
  /** @type {Map<string, import('./modes.js').ModeFactory>} each mode's factory, once its module has loaded */
  const factories = new Map();
  /** The core once described (a new one after a restart), or whether it failed to load. */
  const state = { core: /** @type {import('../core/core.js').Core | null} */ (null), failed: false };
  /** The mode's module, loaded (and evaluated) once; the mode is not built by this. */
  const load = (/** @type {string} */ id) => {
    const known = factories.get(id);
    if (known) return Promise.resolve(known);
    const entry = /** @type {import('./modes.js').ModeEntry} */ (MODES.find((m) => m.id === id));
    return entry.load().then((make) => {
      factories.set(id, make);
      return make;
    });
  };
  /**
   * The mode, built the first time it is asked for (its module must have
   * loaded): made, added to window.nqueens and, once the core is there,
   * attached (start() attaches the modes built before it is, the mode the
   * link names with the link's answer).
   */
  const build = (/** @type {string} */ id) => {
    const built = byId(id);
    if (built) return built;
    const make = /** @type {import('./modes.js').ModeFactory} */ (factories.get(id));
    const mode = make(page);
    modes.push(mode);
    if (window.nqueens) Object.defineProperties(window.nqueens, Object.getOwnPropertyDescriptors(mode.expose ?? {}));
    if (state.core) mode.attach(state.core, null);
    else if (state.failed) mode.coreFailed?.();
    return mode;
  };
  // The tabs. The mode shown keeps the URL: the others are told first, so a
  // hidden one stops before the shown one writes. A mode first shown is built
  // then: at once if its module has loaded, else when it has (if still shown).
  const show = (/** @type {string} */ view) => {
    for (const mode of modes) if (mode.id !== view) mode.setActive(false);
    if (!state.core && !state.failed) return; // start() shows the mode once the core is there
    if (factories.has(view)) {
      build(view).setActive(true);
      return;
    }
    load(view).then(() => {
      if (views.current === view) build(view).setActive(true);
    }, (/** @type {import('../types.js').Thrown} */ error) => {
      const tab = document.querySelector(`nav.views [data-view="${view}"]`);
      const name = tab?.textContent?.trim() ?? view;
      console.warn(`Could not load the ${view} mode:`, error);
      showProblem(`The ${name} tab could not be loaded. Check your connection and reload the page.`, 'error');
      // The tab's own status lines still said "Loading the solver…".
      for (const id of (tab?.getAttribute('aria-controls') ?? '').split(/\s+/)) {
        for (const status of document.getElementById(id)?.querySelectorAll('.status') ?? []) {
          if (/^Loading/.test(status.textContent ?? '')) status.textContent = 'This tab could not be loaded: check your connection and reload the page.';
        }
      }
    });
  };
  // A tab chosen: the address is the new mode's alone (the old mode's parameters go), which the mode then fills in.
  const picked = (/** @type {string} */ view) => {
    linkMode(view === ids[0] ? null : view);
    const url = new URL(location.href);
    url.search = '';
    replaceUrl(url);
    show(view);
  };
  const views = new ViewSwitcher(/** @type {HTMLElement} */ (document.querySelector('nav.views')), picked);
  /** @type {import('../modes.js').Page} */
  const page = {
    show: (id) => views.switchTo(id),
    openSearch: (algorithm, n, at) => modes.find((m) => m.openSearch)?.openSearch?.(algorithm, n, at) ?? null,
    boardN: () => modes.find((m) => m.boardN)?.boardN?.() ?? null,
    keptRuns: /** @type {import('../modes.js').KeptRuns} */ (new Kept()),
  };
  // The first mode (the one that shows searches, which the others may open)
  // and the mode the link names are built at start; the others when first opened.
  const linkedId = parseMode(location.search, ids).id;
  const first = [...new Set([ids[0], linkedId ?? ids[0]])];
  linkMode(linkedId === ids[0] ? null : linkedId);
  await Promise.all(first.map(load));
  // Building the first modes is a task of its own, after the one that evaluated the modules.
  await new Promise((resolve) => setTimeout(resolve));
  for (const id of first) build(id);
  // ?embed=1 (embed.js): only the board, its controls and the panels named, laid
  // out before the core loads so the frame never shows the full page.
  const embed = embedPage(location.search, linkedId ?? ids[0], modes, () => byId(views.current));
  // ?present=1 (present.js): the page laid out for a projector.
  const presentProblems = mountPresent(location.search);
  // Each canvas's file name comes from the mode that owns it.
  mountExports((id) => modes.find((m) => id in m.canvases)?.canvases[id]() ?? null);
  // The mode shown answers the keyboard shortcuts anywhere on the page.
  document.addEventListener('keydown', (event) => byId(views.current)?.onKey(event));

  const loaded = await wasmLoad;
  if (!loaded.wasm) {
    const { error } = loaded;
    console.warn('Could not load pkg/nqueens.js:', error);
    state.failed = true;
    for (const mode of modes) mode.coreFailed?.();
    show(views.current); // a tab clicked while loading
    // A failed instantiation was tried again already (wasm-load.js), and its sentence says what the browser said.
    showProblem(error instanceof WasmLoadError
      ? `${error.message} Until then the board cannot run.`
      : 'The solver could not be loaded, so the board cannot run. Check your connection and reload the page; if it keeps happening, this browser may not support WebAssembly.', 'error');
    return;
  }
  let { wasm } = loaded;
  const restarts = new Restarter(modes, (fresh, core) => {
    wasm = fresh;
    if (core) state.core = core;
  });
  connectCore({ lastPanic: () => wasm.lastPanic(), panicked: (message) => restarts.panicked(message) });
  watchForPanics();

  // Reading the core's algorithms is a task of its own, after the one that instantiated it.
  await new Promise((resolve) => setTimeout(resolve));
  const core = guard(() => describeCore(wasm), null);
  if (!core?.algorithms.length) return;

  const api = {
    /** The current core instance (a new one after a restart). */
    get wasm() { return wasm; },
    get algorithms() { return core.algorithms; },
  };
  for (const mode of modes) Object.defineProperties(api, Object.getOwnPropertyDescriptors(mode.expose ?? {}));
  // The modes' expose added the rest of window.d.ts's NqueensHandle (session, refresh, race); a mode built later adds its own.
  window.nqueens = /** @type {import('../window.js').NqueensHandle} */ (api);

  // ?mode= picks the mode, and that mode reads the rest of the link; the others start as usual.
  const linked = parseMode(location.search, ids);
  // parseMode gives one of the modes' ids, or null for the first mode.
  const chosen = /** @type {import('../modes.js').Mode} */ (byId(linked.id ?? ids[0]));
  // What the mode does not read is said, not dropped in silence (a speed= on a tab without one).
  const { result: wanted, unread } = readWatched(location.search, () => chosen.parse(location.search, core));
  const label = MODES.find((entry) => entry.id === chosen.id)?.label ?? chosen.id;
  const unreadProblems = unread.map((name) => `The link's ${clip(name)}=${clip(new URLSearchParams(location.search).get(name) ?? '')} is not read by the ${label} tab (left out).`);
  const problems = [...linked.problems, ...wanted.problems, ...embed.problems, ...presentProblems, ...unreadProblems, ...repeatedParams(location.search)];
  if (problems.length) showProblem(problems.join(' '), 'warning');
  // A task of its own (the core's loading ended the last), so the browser may paint in between.
  await new Promise((resolve) => setTimeout(resolve));
  const attached = modes.map((mode) => mode.attach(core, mode === chosen ? wanted : null));
  state.core = core;
  if (linked.id) views.switchTo(linked.id, { quiet: true });
  show(views.current); // the link's mode, or a tab clicked while loading
  await Promise.all(attached); // a mode may finish in later tasks (the visualizer's panels)

  document.body.dataset.ready = 'true';
  if (!embed.embedded) prefetch(ids.filter((id) => !factories.has(id)), load);
}

/**
 * Once the first view is drawn, loads the other modes' modules one at a time
 * while the page is idle, so a tab opens at once when clicked; it builds none
 * of them (no DOM, no worker: that waits for the tab's first opening).
 * @param {string[]} ids
 * @param {(id: string) => Promise<unknown>} load
 */
function prefetch(ids, load) {
  const idle = (/** @type {() => void} */ then) => ('requestIdleCallback' in window ? requestIdleCallback(then, { timeout: PREFETCH_WAIT_MS }) : setTimeout(then, 200));
  const next = () => {
    const id = ids.shift();
    if (id) load(id).then(() => idle(next), () => idle(next));
  };
  idle(next);
}

/**
 * After a trap the module cannot be trusted (each trap leaks wasm stack), so
 * the page starts a fresh instance, and every mode carries on where it stood
 * on it (the visualizer: algorithm, N, step, what the URL holds) and says so.
 * Count mode's and the puzzle coach's workers have instances of their own.
 */
class Restarter {
  /**
   * @param {import('../modes.js').Mode[]} modes
   * @param {(wasm: CoreModule, core: import('../core/core.js').Core | null) => void} adopt  hands main the new module and what it describes
   */
  constructor(modes, adopt) {
    this.modes = modes;
    this.adopt = adopt;
    this.instance = 1;
    this.busy = false;
    /** @type {number[]} when the recent traps came (performance.now()) */
    this.times = [];
  }

  /**
   * From errors.js: true when this deals with the panic.
   * @param {string} message  the core's panic message
   * @returns {boolean}
   */
  panicked(message) {
    if (this.busy) return true; // the same trap, seen again while restarting
    const now = performance.now();
    this.times = this.times.filter((t) => now - t < RESTART_WINDOW_MS);
    for (const mode of this.modes) mode.halt(); // each keeps its place from the screen, not the trapped core
    if (this.times.length >= MAX_RESTARTS) return false; // the page shows the panic with Reload
    this.times.push(now);
    this.busy = true;
    const why = `The solver stopped unexpectedly (“${panicText(message)}”)`;
    showProblem(`${why}; restarting it…`, 'restarted');
    this.restart(why).finally(() => { this.busy = false; });
    return true;
  }

  /**
   * Loads a fresh core instance and hands it to every mode.
   * @param {string} why  the sentence's start: what happened
   */
  async restart(why) {
    /** @type {CoreModule} */
    let wasm;
    try {
      wasm = await loadCore(++this.instance);
    } catch (error) {
      showProblem(`${why}, and could not be restarted (${/** @type {import('../types.js').Thrown} */ (error)?.message}).`, 'panic');
      return;
    }
    connectCore({ lastPanic: () => wasm.lastPanic() });
    const core = guard(() => describeCore(wasm), null);
    this.adopt(wasm, core); // a mode first opened from now on is attached to this core
    const told = core ? this.modes.map((mode) => mode.recover(core)) : [null];
    if (told.includes(null)) {
      showProblem(`${why}, and could not be restarted.`, 'panic');
      return;
    }
    const said = told.filter(Boolean).join('; ');
    showProblem(`${why} and was restarted${said ? `; ${said}` : ''}.`, 'restarted');
  }
}

watchGlobalErrors();
// The service worker once the first board is drawn (or the start has failed):
// its downloads (the whole build, for offline use) never compete with it.
start().catch(reportError).finally(registerServiceWorker);
