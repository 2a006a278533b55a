// The visualizer's wiring: loads the wasm core, owns the current Session, runs the
// animation loop, and keeps the board, panels, controls and URL in step with it.
//
// Every call into wasm goes through `guard` (errors.js), so a core error or a
// panic shows up in #error instead of killing the page.

import { BoardView, readTheme } from './board.js';
import { Controls, SPEEDS, DEFAULT_SPEED_INDEX, speedLabel, rangeSentence } from './controls.js';
import { AlgorithmPanel, Counters, GALLERY_BATCH, Gallery, RegistersPanel } from './panels.js';
import { formatCount } from './dom.js';
import { parseParams, writeParams } from './params.js';
import { Runner } from './runner.js';
import { ComparePanel } from './compare.js';
import { mountCountMode } from './count-ui.js';
import {
  clearProblem, connectCore, guard, reportError, showProblem, watchForPanics, watchGlobalErrors,
} from './errors.js';

const DEFAULTS = { algorithm: 'backtracking', n: 8 };
/** At or below this speed each step is announced by the aria-live region. */
const ANNOUNCE_MAX_SPEED = 2;
/** How often the register panel is refreshed while the search runs. */
const REGISTERS_INTERVAL_MS = 100;

const $ = (id) => document.getElementById(id);

const app = {
  wasm: null,
  algorithms: [],
  session: null,
  algorithmId: DEFAULTS.algorithm,
  n: DEFAULTS.n,
  /** 'idle' | 'play' | 'next-solution' | 'run-to-end' | 'run-to-step' */
  mode: 'idle',
  targetStep: 0, // for 'run-to-step'
  speedIndex: DEFAULT_SPEED_INDEX,
  runner: null, // runs the session within each frame's budget
  credit: 0, // fractional steps owed at a finite speed
  lastFrame: 0,
  rate: { since: 0, fromStep: 0 },
  drawn: { session: null, step: -1 }, // what the screen shows, to skip redundant redraws
  galleryFetchedAt: 0,
  galleryCatchUp: 0, // a pending frame that adds the next batch to the gallery
  registersStale: false, // the register panel lags the board while running
  registersAt: 0,
  panicked: false,
};

let board;
let controls;
let counters;
let algorithmPanel;
let registersPanel;
let gallery;
let compare;
let frameRequest = 0;
let urlTimer = 0;

// ---- Start-up -----------------------------------------------------------------

async function start() {
  board = new BoardView($('board'));
  counters = new Counters(['steps', 'checks', 'placements', 'backtracks', 'solutions', 'rate']);
  algorithmPanel = new AlgorithmPanel($('description'), $('pseudocode'));
  registersPanel = new RegistersPanel($('registers'));
  gallery = new Gallery($('gallery'), $('gallery-count'), (step) => actions.seek(step, true));
  controls = new Controls(actions);
  controls.showSpeed(app.speedIndex);

  let wasm;
  try {
    // A dynamic import, so a missing build gives a message rather than a blank page.
    wasm = await import('../pkg/nqueens.js');
    await wasm.default();
  } catch (error) {
    setMessage('The solver could not be loaded.');
    showProblem(`Could not load the solver from pkg/nqueens.js (${error.message}). Build it with scripts/build.sh and reload.`, 'error');
    return;
  }
  app.wasm = wasm;
  connectCore({ lastPanic: () => wasm.lastPanic(), panicked: onPanic });
  watchForPanics();

  app.algorithms = guard(() => wasm.algorithms(), []);
  if (!app.algorithms.length) return;

  window.nqueens = {
    wasm,
    get session() { return app.session; },
    get algorithms() { return app.algorithms; },
    /** Redraws from the session (for scripts that drive the session directly). */
    refresh: () => render(true),
  };

  const wanted = parseParams(location.search, app.algorithms, DEFAULTS);
  if (wanted.problems.length) showProblem(wanted.problems.join(' '), 'warning');

  compare = new ComparePanel($('compare-panel'), wasm, app.algorithms, reportError);
  controls.fillPickers(app.algorithms);
  controls.enable(true);
  if (!openSession(wanted.algorithm, wanted.n)) {
    // The URL's choice was refused by the core; the defaults must work.
    openSession(DEFAULTS.algorithm, DEFAULTS.n);
  }
  if (wanted.step > 0 && app.session) {
    app.targetStep = wanted.step;
    setMode('run-to-step');
  }

  // Count mode runs its own workers; the core says how far it counts.
  const countMaxN = guard(() => wasm.countMaxN(), 0);
  if (countMaxN) mountCountMode($('count-mode'), { maxN: countMaxN });

  new ResizeObserver(() => { if (board.fit()) board.redraw(); }).observe($('board'));
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    const theme = readTheme();
    board.setTheme(theme);
    board.redraw();
    gallery.repaint(theme);
  });

  document.body.dataset.ready = 'true';
}

/** Makes a new Session; on failure keeps the old one and says why. */
function openSession(algorithmId, n) {
  const session = guard(() => new app.wasm.Session(algorithmId, n), null);
  if (!session) {
    controls.showChoice(app.algorithms, app.algorithmId, app.n);
    return false;
  }
  setMode('idle');
  const old = app.session;
  app.session = session;
  if (old) guard(() => old.free());
  app.algorithmId = algorithmId;
  app.n = n;
  app.runner = new Runner(session);

  const algorithm = app.algorithms.find((a) => a.id === algorithmId);
  controls.showChoice(app.algorithms, algorithmId, n);
  algorithmPanel.show(algorithm);
  registersPanel.clear();
  gallery.reset(n, board.theme);
  compare.setN(n);
  app.drawn = { session: null, step: -1 };
  render(true);
  syncUrl(true);
  return true;
}

// ---- What the controls do -----------------------------------------------------

const actions = {
  togglePlay() {
    if (!app.session) return;
    if (app.mode !== 'idle') {
      setMode('idle');
      render(true);
      return;
    }
    // At the very end, Play replays the search from the start.
    if (sessionAtEnd()) guard(() => app.session.seek(0));
    setMode('play');
  },

  step() {
    if (!app.session) return;
    setMode('idle');
    const moved = guard(() => app.session.step(), false);
    if (!moved && !app.panicked) setMessage('The search is finished: there are no more steps.');
    render(moved);
  },

  stepBack() {
    if (!app.session) return;
    setMode('idle');
    const moved = guard(() => app.session.stepBack(), false);
    if (!moved && !app.panicked) setMessage('Already at the start: no step to undo.');
    render(moved);
  },

  nextSolution() {
    if (!app.session) return;
    if (app.mode === 'next-solution') { setMode('idle'); render(true); return; }
    if (sessionAtEnd()) { setMessage('The search is finished: there are no more solutions.'); return; }
    setMode('next-solution');
  },

  runToEnd() {
    if (!app.session) return;
    if (app.mode === 'run-to-end') { setMode('idle'); render(true); return; }
    if (sessionAtEnd()) { setMessage('Already at the end of the search.'); return; }
    setMode('run-to-end');
  },

  reset() {
    if (!app.session) return;
    setMode('idle');
    guard(() => app.session.reset());
    gallery.reset(app.n, board.theme);
    render(true);
  },

  /** The timeline or a gallery board: jump to `step`. `announce` once the user settles. */
  seek(step, announce) {
    if (!app.session) return;
    setMode('idle');
    guard(() => app.session.seek(step));
    render(announce);
  },

  setSpeed(index) {
    app.speedIndex = index;
    app.credit = 0;
    controls.showSpeed(index);
  },

  chooseN(n) {
    const algorithm = app.algorithms.find((a) => a.id === app.algorithmId);
    if (n < algorithm.minN || n > algorithm.maxN) {
      // Leave the board as it is and say what to do instead.
      const able = app.algorithms.filter((a) => n >= a.minN && n <= a.maxN).map((a) => a.name);
      const choices = able.length > 1 ? `${able.slice(0, -1).join(', ')} or ${able.at(-1)}` : able.join('');
      showProblem(`${rangeSentence(algorithm)} To see ${n}×${n}, choose ${choices}.`, 'warning');
      controls.showChoice(app.algorithms, app.algorithmId, app.n);
      return;
    }
    clearProblem();
    openSession(app.algorithmId, n);
  },

  chooseAlgorithm(id) {
    clearProblem();
    openSession(id, app.n);
  },
};

function sessionAtEnd() {
  const s = app.session;
  return guard(() => s.done && s.stepIndex === s.furthestStep, false);
}

// ---- The animation loop -------------------------------------------------------

function setMode(mode) {
  app.mode = mode;
  app.credit = 0;
  app.lastFrame = 0;
  if (mode === 'idle') {
    if (frameRequest) cancelAnimationFrame(frameRequest);
    frameRequest = 0;
    counters.update({ rate: '–' });
    syncUrl();
  } else {
    app.rate = { since: performance.now(), fromStep: guard(() => app.session.stepIndex, 0) };
    if (mode === 'play' && SPEEDS[app.speedIndex] > ANNOUNCE_MAX_SPEED) setMessage(`Playing at ${speedLabel(SPEEDS[app.speedIndex])}…`);
    if (mode === 'next-solution') setMessage('Looking for the next solution…');
    if (mode === 'run-to-end') setMessage('Running to the end of the search…');
    if (!frameRequest) frameRequest = requestAnimationFrame(frame);
  }
  controls?.showState(positionState());
}

function frame(now) {
  frameRequest = 0;
  if (app.mode === 'idle' || !app.session) return;
  const dt = app.lastFrame ? Math.min(now - app.lastFrame, 100) : 1000 / 60;
  app.lastFrame = now;

  let finished = null; // a sentence when the task ends
  try {
    finished = advance(dt);
  } catch (error) {
    reportError(error);
    finished = '';
  }
  updateRate(now);
  if (finished !== null) {
    setMode('idle');
    render(finished === '');
    if (finished) setMessage(finished);
    return;
  }
  // At a walking pace each step is announced, as when stepping by hand.
  const slow = app.mode === 'play' && SPEEDS[app.speedIndex] <= ANNOUNCE_MAX_SPEED;
  if (!render(slow ? 'if-changed' : false)) {
    setMode('idle');
    return;
  }
  frameRequest = requestAnimationFrame(frame);
}

/**
 * Moves the session on by this frame's share of work. Returns null to keep going,
 * or the sentence to announce when the current task is over ('' = the step's own message).
 */
function advance(dt) {
  const s = app.session;
  switch (app.mode) {
    case 'play': {
      const speed = SPEEDS[app.speedIndex];
      if (speed === Infinity) {
        app.runner.run();
      } else {
        // Owe steps in proportion to time; don't let a hidden tab run up a debt.
        app.credit = Math.min(app.credit + (speed * dt) / 1000, Math.max(1, speed / 10));
        const due = Math.floor(app.credit);
        if (due > 0) app.credit -= app.runner.run(due);
      }
      return s.done ? endSentence(s) : null;
    }
    case 'run-to-end':
      app.runner.run();
      return s.done ? endSentence(s) : null;
    case 'run-to-step': {
      const left = app.targetStep - s.stepIndex;
      if (left > 0) app.runner.run(left);
      if (s.stepIndex >= app.targetStep) return '';
      if (s.done) {
        showProblem(`The link asks for step ${formatCount(app.targetStep)}, but this search ends at step ${formatCount(s.stepIndex)}. Showing the last step.`, 'warning');
        return '';
      }
      return null;
    }
    case 'next-solution':
      if (app.runner.runToSolution()) return '';
      return s.done ? 'The search is finished: there are no more solutions.' : null;
    default:
      return '';
  }
}

function endSentence(s) {
  return `Reached the end of the search after ${formatCount(s.stepIndex)} steps: ${formatCount(s.solutionCount)} solutions.`;
}

function updateRate(now) {
  const elapsed = now - app.rate.since;
  if (elapsed < 500) return;
  const step = app.session.stepIndex;
  const perSecond = Math.max(0, Math.round(((step - app.rate.fromStep) * 1000) / elapsed));
  counters.update({ rate: perSecond });
  app.rate = { since: now, fromStep: step };
}

// ---- Showing the session --------------------------------------------------------

function positionState() {
  const s = app.session;
  if (!s) return { mode: app.mode, stepIndex: 0, furthestStep: 0, atEnd: true };
  return guard(() => ({
    mode: app.mode,
    stepIndex: s.stepIndex,
    furthestStep: s.furthestStep,
    atEnd: s.done && s.stepIndex === s.furthestStep,
  }), { mode: app.mode, stepIndex: 0, furthestStep: 0, atEnd: true });
}

/**
 * Brings everything on screen in line with the session. Does the drawing work only
 * when the step changed. `announce` (true, or 'if-changed' for a new step only) also
 * puts the step's sentence in the aria-live region. Returns false if the core failed.
 */
function render(announce = false) {
  const s = app.session;
  if (!s) return false;
  return guard(() => {
    const step = s.stepIndex;
    const changed = app.drawn.session !== s || app.drawn.step !== step;
    if (changed) {
      app.drawn.session = s;
      app.drawn.step = step;
      board.draw(s.cells(), app.n);
      counters.update({
        steps: step,
        checks: s.checks,
        placements: s.placements,
        backtracks: s.backtracks,
        solutions: s.solutionCount,
      });
      algorithmPanel.highlight(s.line);
      app.registersStale = true;
    }
    // The register panel is the heaviest DOM work (ld/col/rd/poss for every row):
    // while running, refresh it about ten times a second, which is as fast as it
    // can be read anyway, and keep every frame for the board.
    const now = performance.now();
    if (app.registersStale && (app.mode === 'idle' || now - app.registersAt >= REGISTERS_INTERVAL_MS)) {
      registersPanel.update(s.registers());
      app.registersStale = false;
      app.registersAt = now;
    }
    // Also catch up on solutions the gallery skipped while running.
    if (changed || (app.mode === 'idle' && gallery.wants(s.solutionCount))) updateGallery(s, step);
    controls.showState(positionState());
    if (announce === true || (announce === 'if-changed' && changed)) {
      setMessage(s.message());
      describeBoard(s);
    }
    return true;
  }, false);
}

function updateGallery(s, step) {
  const total = s.solutionCount;
  // Fetch the list only when it holds solutions the gallery lacks, and while running
  // at most a few times a second: on big boards solutions can arrive every frame.
  const now = performance.now();
  const fetch = gallery.wants(total) && (app.mode === 'idle' || now - app.galleryFetchedAt > 250);
  if (fetch) app.galleryFetchedAt = now;
  gallery.sync(fetch ? s.solutions(GALLERY_BATCH, gallery.items.length) : null, total, step);
  // A batch per frame: when the search has stopped, keep catching up until the
  // gallery holds every solution found so far.
  if (app.mode === 'idle' && gallery.wants(total) && !app.galleryCatchUp) {
    app.galleryCatchUp = requestAnimationFrame(() => {
      app.galleryCatchUp = 0;
      render();
    });
  }
}

function setMessage(text) {
  const message = $('message');
  if (message.textContent !== text) message.textContent = text;
}

/** The canvas's text alternative: where the queens are. */
function describeBoard(s) {
  const queens = s.queens();
  const placed = [];
  queens.forEach((col, row) => { if (col >= 0) placed.push(`row ${row + 1} column ${col + 1}`); });
  const label = `${app.n}×${app.n} board, ${placed.length} queen${placed.length === 1 ? '' : 's'}${placed.length ? `: ${placed.join(', ')}` : ''}`;
  $('board').setAttribute('aria-label', label);
}

/** Keeps ?algo=&n=&step= current, at most a few times a second (browsers limit replaceState). */
function syncUrl(now = false) {
  clearTimeout(urlTimer);
  const write = () => guard(() => writeParams({ algorithm: app.algorithmId, n: app.n, step: app.session ? app.session.stepIndex : 0 }));
  if (now) write();
  else urlTimer = setTimeout(write, 300);
}

function onPanic() {
  // The instance may be poisoned: stop the loop; each control still tries (and reports) on demand.
  app.panicked = true;
  if (frameRequest) cancelAnimationFrame(frameRequest);
  frameRequest = 0;
  app.mode = 'idle';
  const { stepIndex = 0, furthestStep = 0 } = controls?.shown ?? {};
  controls?.showState({ mode: 'idle', stepIndex, furthestStep, atEnd: false });
  setMessage('The solver crashed; use Reload to start afresh.');
}

// Last, so every `const` above is initialised before start() uses it.
watchGlobalErrors();
start().catch(reportError);
