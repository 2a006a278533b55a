// The page's wiring, and nothing else: loads the core, makes the page's modes
// (modes.js's registry: the visualizer with count mode, puzzle, race) and
// connects them to what belongs to the page as a whole — the tabs, the URL's
// ?mode=, the keyboard, the problem area, restarts after a trap and
// window.nqueens (for tests and the console). It names no mode: what each
// mode owns is said at the top of its module.

import { describeCore, loadCore } from '../core/core.js';
import { embedPage } from './embed.js';
import { connectCore, guard, panicText, reportError, showProblem, watchForPanics, watchGlobalErrors } from '../lib/errors.js';
import { mountExports } from '../lib/export.js';
import { MODES, parseMode } from './modes.js';
import { ViewSwitcher } from './views.js';
import { WasmLoadError } from '../core/wasm-load.js';

/** More traps than this within RESTART_WINDOW_MS and the page stops restarting: something is deeply wrong. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 10_000;

/** @typedef {import('../types.js').Core} CoreModule  the core's module namespace, as loadCore() gives it */

async function start() {
  /** @type {import('../modes.js').Mode[]} */
  let modes = [];
  const byId = (/** @type {string} */ id) => modes.find((mode) => mode.id === id);
  // The tabs. The mode shown keeps the URL: the others are told first, so a
  // hidden one stops before the shown one writes.
  const show = (/** @type {string} */ view) => {
    for (const mode of modes) if (mode.id !== view) mode.setActive(false);
    byId(view)?.setActive(true);
  };
  const views = new ViewSwitcher(/** @type {HTMLElement} */ (document.querySelector('nav.views')), show);
  /** @type {import('../modes.js').Page} */
  const page = {
    show: (id) => views.switchTo(id),
    openSearch: (algorithm, n, at) => modes.find((m) => m.openSearch)?.openSearch?.(algorithm, n, at) ?? null,
    boardN: () => modes.find((m) => m.boardN)?.boardN?.() ?? null,
  };
  modes = MODES.map((make) => make(page));
  // ?embed=1 (embed.js): only the board, its controls and the panels named, laid
  // out before the core loads so the frame never shows the full page.
  const embed = embedPage(location.search, parseMode(location.search, modes.map((m) => m.id)).id ?? modes[0].id, modes, () => byId(views.current));
  // Each canvas's file name comes from the mode that owns it.
  mountExports((id) => modes.find((m) => id in m.canvases)?.canvases[id]() ?? null);
  // The mode shown answers the keyboard shortcuts anywhere on the page.
  document.addEventListener('keydown', (event) => byId(views.current)?.onKey(event));

  /** @type {CoreModule} */
  let wasm;
  try {
    wasm = await loadCore();
  } catch (error) {
    console.warn('Could not load pkg/nqueens.js:', error);
    for (const mode of modes) mode.coreFailed?.();
    // A failed instantiation was tried again already (wasm-load.js), and its sentence says what the browser said.
    showProblem(error instanceof WasmLoadError
      ? `${error.message} Until then the board cannot run.`
      : 'The solver could not be loaded, so the board cannot run. Check your connection and reload the page; if it keeps happening, this browser may not support WebAssembly.', 'error');
    return;
  }
  const restarts = new Restarter(modes, (fresh) => { wasm = fresh; });
  connectCore({ lastPanic: () => wasm.lastPanic(), panicked: (message) => restarts.panicked(message) });
  watchForPanics();

  const core = guard(() => describeCore(wasm), null);
  if (!core?.algorithms.length) return;

  const api = {
    /** The current core instance (a new one after a restart). */
    get wasm() { return wasm; },
    get algorithms() { return core.algorithms; },
  };
  for (const mode of modes) Object.defineProperties(api, Object.getOwnPropertyDescriptors(mode.expose ?? {}));
  // The modes' expose added the rest of window.d.ts's NqueensHandle (session, refresh, race).
  window.nqueens = /** @type {import('../window.js').NqueensHandle} */ (api);

  // ?mode= picks the mode, and that mode reads the rest of the link; the others start as usual.
  const linked = parseMode(location.search, modes.map((mode) => mode.id));
  // parseMode gives one of the modes' ids, or null for the first mode.
  const chosen = /** @type {import('../modes.js').Mode} */ (byId(linked.id ?? modes[0].id));
  const wanted = chosen.parse(location.search, core);
  const problems = [...linked.problems, ...wanted.problems, ...embed.problems];
  if (problems.length) showProblem(problems.join(' '), 'warning');
  for (const mode of modes) mode.attach(core, mode === chosen ? wanted : null);
  if (linked.id) views.switchTo(linked.id, { quiet: true });
  show(views.current); // the link's mode, or a tab clicked while loading

  document.body.dataset.ready = 'true';
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
   * @param {(wasm: CoreModule) => void} adopt  hands main the new module
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
    this.adopt(wasm);
    connectCore({ lastPanic: () => wasm.lastPanic() });
    const core = guard(() => describeCore(wasm), null);
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
start().catch(reportError);

/**
 * Offline use: registers the service worker that a build (scripts/dist.sh)
 * names in index.html's `<meta name="service-worker">`. The source tree has
 * no such tag, so the dev server, whose files change under the developer,
 * never gets a worker that would answer from a cache: `?sw=1` asks for one
 * anyway (www/sw.js, which then goes to the network first) and `?sw=0`
 * removes it. Only over http(s): a page opened from a file cannot have one.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const asked = new URLSearchParams(location.search).get('sw');
  const built = document.querySelector('meta[name="service-worker"]')?.getAttribute('content');
  if (asked === '0') {
    navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => r.unregister()), () => {});
    return;
  }
  const script = built ?? (asked === '1' ? 'www/sw.js' : null);
  if (!script) return;
  const { serviceWorker } = navigator;
  // A worker taking over that this page did not ask for (another tab's
  // Reload): this page still shows the old build, and the worker keeps
  // serving it the old build's files (sw.js); it says a new one is ready.
  let hadController = serviceWorker.controller !== null;
  serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) newVersion();
    hadController = true;
  });
  // After the page has loaded, so the worker's downloads never slow the first board.
  const register = () =>
    serviceWorker
      .register(script, { scope: './' })
      .then((registration) => {
        // This page has loaded: the worker may now delete a build no open page uses.
        registration.active?.postMessage('tidy');
        // A newer build waits until this page lets it in (sw.js says why).
        const offer = () => registration.waiting && serviceWorker.controller && newVersion();
        offer();
        registration.addEventListener('updatefound', () => {
          registration.installing?.addEventListener('statechange', offer);
        });
      })
      .catch((error) => console.warn('The page will not work offline: its service worker was refused.', error));
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}

/**
 * Says a new build is ready, with Reload: the new worker takes over, and the
 * page reloads once it has, so every file then comes from the new build. If
 * it has already taken over (another tab's Reload did it), or takes over
 * from elsewhere meanwhile, the page reloads at once: every Reload works.
 */
function newVersion() {
  if (document.querySelector('#error button[data-action="new-version"]')) return;
  showProblem('A new version of this page is ready; reload to use it.', 'warning');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.title = 'Load the new version of the page';
  reload.dataset.action = 'new-version';
  reload.addEventListener('click', async () => {
    const { serviceWorker } = navigator;
    const registration = await serviceWorker.getRegistration().catch(() => undefined);
    const waiting = registration?.waiting;
    if (!waiting) {
      location.reload();
      return;
    }
    let reloading = false;
    const go = () => {
      if (reloading) return;
      reloading = true;
      location.reload();
    };
    serviceWorker.addEventListener('controllerchange', go, { once: true });
    waiting.addEventListener('statechange', () => waiting.state !== 'installed' && waiting.state !== 'activating' && go());
    waiting.postMessage('skip-waiting');
  });
  document.querySelector('#error .problem-actions')?.prepend(reload);
}

registerServiceWorker();
