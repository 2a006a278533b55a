// The page's wiring, and nothing else: loads the core, makes the page's one
// visualizer and count mode, and connects them to what belongs to the page as a
// whole — the URL, the keyboard, the problem area and window.nqueens (for tests
// and the console). What each piece owns is said at the top of its module.

import { describeCore, loadCore } from './core.js';
import { mountCountMode } from './count-ui.js';
import { connectCore, guard, reportError, showProblem, watchForPanics, watchGlobalErrors } from './errors.js';
import { UrlSync, parseParams } from './params.js';
import { Visualizer } from './visualizer.js';

const DEFAULTS = { algorithm: 'backtracking', n: 8 };

async function start() {
  const url = new UrlSync(() => visualizer.state());
  const visualizer = new Visualizer(document.getElementById('visualizer'), { onSettle: (now) => url.update(now) });
  // The page's one visualizer answers the keyboard shortcuts anywhere on the page.
  document.addEventListener('keydown', (event) => visualizer.onKey(event));

  let wasm;
  try {
    wasm = await loadCore();
  } catch (error) {
    visualizer.say('The solver could not be loaded.');
    showProblem(`Could not load the solver from pkg/nqueens.js (${error.message}). Build it with scripts/build.sh and reload.`, 'error');
    return;
  }
  connectCore({ lastPanic: () => wasm.lastPanic(), panicked: () => visualizer.halt() });
  watchForPanics();

  const core = guard(() => describeCore(wasm), null);
  if (!core?.algorithms.length) return;

  window.nqueens = {
    wasm,
    get session() { return visualizer.session; },
    get algorithms() { return core.algorithms; },
    /** Redraws from the session (for scripts that drive the session directly). */
    refresh: () => visualizer.render(true),
  };

  const wanted = parseParams(location.search, core.algorithms, DEFAULTS);
  if (wanted.problems.length) showProblem(wanted.problems.join(' '), 'warning');
  visualizer.attach(core);
  if (!visualizer.open(wanted.algorithm, wanted.n)) {
    // The URL's choice was refused by the core; the defaults must work.
    visualizer.open(DEFAULTS.algorithm, DEFAULTS.n);
  }
  if (wanted.step > 0) visualizer.runToStep(wanted.step);

  // Count mode runs its own workers; the core says how far it counts.
  mountCountMode(document.getElementById('count-mode'), { maxN: core.countMaxN });

  document.body.dataset.ready = 'true';
}

watchGlobalErrors();
start().catch(reportError);
