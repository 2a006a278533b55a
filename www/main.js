// The page's wiring, and nothing else: loads the core, makes the page's one
// visualizer and count mode, and connects them to what belongs to the page as a
// whole — the URL, the keyboard, the problem area, restarts after a trap and
// window.nqueens (for tests and the console). What each piece owns is said at the
// top of its module.

import { describeCore, loadCore } from './core.js';
import { mountCountMode } from './count-ui.js';
import { formatCount } from './dom.js';
import { connectCore, guard, panicText, reportError, showProblem, watchForPanics, watchGlobalErrors } from './errors.js';
import { UrlSync, parseParams, parseRaceParams, writeParams } from './params.js';
import { Predictor } from './predict.js';
import { PuzzleView, parsePuzzleParams } from './puzzle.js';
import { RaceView } from './race.js';
import { ViewSwitcher, parseMode } from './views.js';
import { Visualizer } from './visualizer.js';

const DEFAULTS = { algorithm: 'backtracking', n: 8 };
/** More traps than this within RESTART_WINDOW_MS and the page stops restarting: something is deeply wrong. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 10_000;

async function start() {
  // The link holds the visualizer's place and its speed.
  const url = new UrlSync(
    () => ({ ...visualizer.state(), speed: visualizer.player.speedIndex }),
    (state) => views.current === 'visualizer' && writeParams(state), // a late write must not land on another view
  );
  let countMode = null;
  let puzzle = null;
  let race = null;
  // The tabs: the visualizer (with count mode), puzzle mode or race mode. The view shown keeps the URL.
  const views = new ViewSwitcher(document.querySelector('nav.views'), (view) => {
    puzzle?.setActive(view === 'puzzle');
    race?.setActive(view === 'race');
    if (view === 'visualizer') {
      history.replaceState(history.state, '', location.pathname);
      url.update(true);
    } else {
      visualizer.player.stop();
    }
  });
  const visualizer = new Visualizer(document.getElementById('visualizer'), {
    link: () => {
      url.update(true);
      return location.href;
    },
    onSettle: (now) => {
      if (views.current === 'visualizer') url.update(now);
      if (now) countMode?.followN(visualizer.n); // a new session: count mode follows its N
    },
  });
  // The view shown answers the keyboard shortcuts anywhere on the page.
  document.addEventListener('keydown', (event) => {
    if (views.current === 'puzzle') puzzle?.onKey(event);
    else if (views.current === 'race') race?.onKey(event);
    else visualizer.onKey(event);
  });

  let wasm;
  try {
    wasm = await loadCore();
  } catch (error) {
    console.warn('Could not load pkg/nqueens.js:', error);
    visualizer.say('The solver could not be loaded.');
    showProblem('The solver could not be loaded, so the board cannot run. Check your connection and reload the page; if it keeps happening, this browser may not support WebAssembly.', 'error');
    return;
  }
  const restarts = new Restarter(visualizer, (fresh) => {
    wasm = fresh;
    race?.useCore(fresh);
  });
  connectCore({ lastPanic: () => wasm.lastPanic(), panicked: (message) => restarts.panicked(message) });
  watchForPanics();

  const core = guard(() => describeCore(wasm), null);
  if (!core?.algorithms.length) return;

  window.nqueens = {
    /** The current core instance (a new one after a restart). */
    get wasm() { return wasm; },
    get session() { return visualizer.session; },
    /** Race mode's model (www/race-clock.js), for tests and bench/. */
    get race() { return race?.race ?? null; },
    get algorithms() { return core.algorithms; },
    /** Redraws from the session (for scripts that drive the session directly). */
    refresh: () => visualizer.render(true),
  };

  // ?mode=puzzle or race: the link's parameters are that view's; the visualizer starts as usual.
  const mode = parseMode(location.search, views.views);
  const forPuzzle = mode.view === 'puzzle' ? parsePuzzleParams(location.search) : null;
  const forRace = parseRaceParams(mode.view === 'race' ? location.search : '', core.algorithms);
  const wanted = parseParams(forPuzzle || mode.view === 'race' ? '' : location.search, core.algorithms, DEFAULTS);
  const problems = [...mode.problems, ...(forPuzzle?.problems ?? []), ...forRace.problems, ...wanted.problems];
  if (problems.length) showProblem(problems.join(' '), 'warning');
  visualizer.attach(core);
  if (!visualizer.open(wanted.algorithm, wanted.n, { fixed: wanted.fixed })) {
    // The URL's choice was refused by the core; the defaults must work.
    visualizer.open(DEFAULTS.algorithm, DEFAULTS.n);
  }
  if (wanted.speed !== null) visualizer.setSpeed(wanted.speed);
  if (wanted.step > 0) visualizer.goTo(wanted.step);
  new Predictor(document.getElementById('predict'), visualizer);

  // Count mode runs its own workers; the core says how far it counts.
  countMode = mountCountMode(document.getElementById('count-mode'), { maxN: core.countMaxN, method: (n) => wasm.countMethod(n) });
  countMode.followN(visualizer.n);

  puzzle = new PuzzleView(document.getElementById('puzzle'), {
    algorithms: core.algorithms,
    generate: (n, difficulty, seed) => wasm.puzzle(n, difficulty, seed),
    onFinish: (algorithm, n, squares) => {
      views.switchTo('visualizer');
      if (!visualizer.open(algorithm, n, { fixed: squares })) return;
      visualizer.board.reveal();
      const name = core.algorithms.find((a) => a.id === algorithm)?.name ?? algorithm;
      const free = n - squares.length;
      const task = free === 0 ? 'check them' : free === 1 ? 'fill the last row' : `fill the other ${free} rows`;
      visualizer.say(`Your queens are fixed. Press Play or Space to watch ${name} ${task}.`);
    },
  });
  if (forPuzzle) {
    puzzle.load(forPuzzle);
    views.switchTo('puzzle', { quiet: true });
  }
  if (views.current === 'puzzle') puzzle.setActive(true); // from the link, or a tab clicked while loading

  // Race mode: its own sessions; a lane opens its search in the visualizer at its step.
  race = new RaceView(document.getElementById('race'), {
    onOpen: (algorithm, n, step) => {
      views.switchTo('visualizer');
      if (!visualizer.open(algorithm, n)) return;
      visualizer.goTo(step);
      visualizer.board.reveal();
    },
  });
  race.attach(wasm, core.algorithms, forRace);
  if (mode.view === 'race') views.switchTo('race', { quiet: true });
  if (views.current === 'race') race.setActive(true);

  document.body.dataset.ready = 'true';
}

/**
 * After a trap the module cannot be trusted (each trap leaks wasm stack), so
 * the page starts a fresh instance, rebuilds the visualizer where it stood
 * (algorithm, N, step: what the URL holds) and says so. Count mode's workers
 * have instances of their own.
 */
class Restarter {
  constructor(visualizer, adopt) {
    this.visualizer = visualizer;
    this.adopt = adopt; // hands main the new module
    this.instance = 1;
    this.busy = false;
    this.times = [];
  }

  /** From errors.js: true when this deals with the panic. */
  panicked(message) {
    if (this.busy) return true; // the same trap, seen again while restarting
    const now = performance.now();
    this.times = this.times.filter((t) => now - t < RESTART_WINDOW_MS);
    if (this.times.length >= MAX_RESTARTS) {
      this.visualizer.halt();
      return false; // the page shows the panic with Reload
    }
    this.times.push(now);
    this.busy = true;
    const state = this.visualizer.state(); // from the screen, not the trapped core
    this.visualizer.halt();
    const why = `The solver stopped unexpectedly (“${panicText(message)}”)`;
    showProblem(`${why}; restarting it…`, 'restarted');
    this.restart(state, why).finally(() => { this.busy = false; });
    return true;
  }

  async restart(state, why) {
    let wasm;
    try {
      wasm = await loadCore(++this.instance);
    } catch (error) {
      showProblem(`${why}, and could not be restarted (${error.message}).`, 'panic');
      return;
    }
    this.adopt(wasm);
    connectCore({ lastPanic: () => wasm.lastPanic() });
    const core = guard(() => describeCore(wasm), null);
    if (!core || !this.visualizer.recover(core, state)) {
      showProblem(`${why}, and could not be restarted.`, 'panic');
      return;
    }
    const where = `${core.algorithms.find((a) => a.id === state.algorithm)?.name ?? state.algorithm}, ${state.n}×${state.n}`;
    showProblem(`${why} and was restarted; you are back at step ${formatCount(state.step)} (${where}).`, 'restarted');
  }
}

watchGlobalErrors();
start().catch(reportError);
