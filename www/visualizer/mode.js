// The visualizer mode (the first tab): the page's one Visualizer in
// #visualizer, its Predict toggle, and Solve big under it (count mode has a
// tab of its own, count/mode.js). Owns the link `?algo=&n=&seed=&step=&speed=&q=`
// (`seed` for the searches whose run a seed decides; speed in steps per second,
// or `max`; left out at the default speed; `q=` the squares, row × n + column,
// of fixed queens for the searches that start from them: puzzle mode's "let an
// algorithm finish this"), the visualizer's keys, and reopening the same state
// on a fresh core after a trap.
//
// A mode of the registry in modes.js: see there for what a mode does.

import { formatCount } from '../lib/dom.js';
import { addWarning } from '../lib/errors.js';
import { linkParams, safeName } from '../lib/export.js';
import { mountGif } from '../lib/gif.js';
import { UrlSync, parseSquareList, replaceUrl, wholeNumber } from '../lib/params.js';
import { coreLimits } from '../core/core.js';
import { defaultSeed, seedNumber, seedRange } from '../core/seeds.js';
import { Predictor } from './predict.js';
import { mountSolveBig } from './solve-big.js';
import { DEFAULT_SPEED_INDEX, SPEEDS, speedParam } from '../components/speeds.js';
import { Visualizer } from '../components/visualizer.js';
import { clip, rangeSentence } from '../lib/words.js';

/** A task of its own for what follows: the browser may paint and answer input in between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** The GIF recorder's worker (Record GIF, www/lib/gif.js), started for each recording. */
const GIF_WORKER_URL = new URL('../workers/gif-worker.js', import.meta.url);

/** The search the page opens on (its N is the core's defaultN). */
const DEFAULT_ALGORITHM = 'backtracking';

/** @typedef {import('../types.js').AlgorithmInfo} AlgorithmInfo */

/**
 * @typedef {object} VisualizerLink  what a visualizer link asks for
 * @property {string} algorithm
 * @property {number} n
 * @property {number} seed  the core's default seed unless the link names another
 * @property {number} step
 * @property {number|null} speed  an index into SPEEDS, or null when the link names none
 * @property {number[]|null} fixed  squares of fixed queens
 * @property {string[]} problems  a sentence for each thing the link got wrong
 */

/**
 * Reads `?algo=&n=&seed=&step=&speed=&q=`.
 * @param {string} search  location.search
 * @param {AlgorithmInfo[]} algorithms  the core's algorithms()
 * @param {{ algorithm: string, n: number }} [defaults]  the default search and the core's default N
 * @returns {VisualizerLink}
 */
function parseParams(search, algorithms, defaults = { algorithm: DEFAULT_ALGORITHM, n: coreLimits().defaultN }) {
  const params = new URLSearchParams(search);
  // Each parameter is read after has() said it is there.
  const get = (/** @type {string} */ name) => /** @type {string} */ (params.get(name));
  /** @type {string[]} */
  const problems = [];
  const byId = new Map(algorithms.map((a) => [a.id, a]));
  // The defaults name one of the core's algorithms, and `algorithm` is the default or in byId.
  const named = (/** @type {string} */ id) => /** @type {AlgorithmInfo} */ (byId.get(id));

  let algorithm = defaults.algorithm;
  if (params.has('algo')) {
    const wanted = get('algo').trim();
    if (byId.has(wanted)) {
      algorithm = wanted;
    } else {
      problems.push(`The link asks for algorithm “${clip(wanted)}”, which doesn't exist (try one of: ${[...byId.keys()].join(', ')}). Showing ${named(algorithm).name} instead.`);
    }
  }
  const chosen = named(algorithm);

  let n = Math.min(chosen.maxN, Math.max(chosen.minN, defaults.n));
  if (params.has('n')) {
    const raw = get('n').trim();
    const minN = Math.min(...algorithms.map((a) => a.minN));
    const maxN = Math.max(...algorithms.map((a) => a.maxN));
    const wanted = wholeNumber(raw);
    if (Number.isNaN(wanted)) {
      problems.push(`The link's board size n=${clip(raw)} is not a whole number. Showing ${n}×${n} instead.`);
    } else if (wanted < minN || wanted > maxN) {
      problems.push(`The link's board size n=${wanted} is out of range: boards go from ${minN}×${minN} to ${maxN}×${maxN}. Showing ${n}×${n} instead.`);
    } else if (wanted < chosen.minN || wanted > chosen.maxN) {
      problems.push(`${rangeSentence(chosen)} The link asks for ${wanted}×${wanted}, so this shows ${n}×${n}; choose another algorithm for bigger boards.`);
    } else {
      n = wanted;
    }
  }

  let seed = defaultSeed();
  if (params.has('seed')) {
    const raw = get('seed').trim();
    const wanted = seedNumber(raw);
    if (Number.isNaN(wanted)) problems.push(`The link's seed=${clip(raw)} is not a seed: ${seedRange()}. Using seed ${seed}.`);
    else seed = wanted;
  }

  let step = 0;
  if (params.has('step')) {
    const raw = get('step').trim();
    const wanted = wholeNumber(raw, 15);
    if (Number.isNaN(wanted)) problems.push(`The link's step=${clip(raw)} is not a step number. Starting at step 0.`);
    else step = wanted;
  }
  let speed = null;
  if (params.has('speed')) {
    const raw = get('speed').trim();
    const index = SPEEDS.findIndex((_, i) => speedParam(SPEEDS, i) === raw.toLowerCase());
    if (index >= 0) {
      speed = index;
    } else {
      problems.push(`The link's speed=${clip(raw)} is not one of the speeds (${SPEEDS.map((_, i) => speedParam(SPEEDS, i)).join(', ')} steps a second). Playing at the usual speed.`);
    }
  }
  /** @type {number[]|null} */
  let fixed = null;
  if (params.has('q')) {
    const raw = get('q');
    const squares = parseSquareList(raw, n);
    const rows = squares?.map((s) => Math.floor(s / n)) ?? [];
    if (!squares) {
      problems.push(`The link's q=${clip(raw)} is not a list of squares from 0 to ${n * n - 1} (row × ${n} + column). Starting from the empty board.`);
    } else if (!chosen.takesFixedQueens) {
      problems.push(`${chosen.name} cannot start from fixed queens (the link's q=). Starting from the empty board.`);
    } else if (rows.some((r, i) => rows.indexOf(r) !== i)) {
      problems.push(`The link's q=${clip(raw)} puts two queens in one row; a search places one a row. Starting from the empty board.`);
    } else if (squares.length) {
      fixed = squares;
    }
  }
  return { algorithm, n, seed, step, speed, fixed, problems };
}

/**
 * Writes the visualizer's place into the address bar (see parseParams). The
 * seed is written for the searches whose run it decides (`seeded`), and only
 * for those.
 * @param {{ algorithm: string, n: number, step: number, speed?: number, fixed?: number[]|null, seed?: number|null }} state
 */
function writeParams({ algorithm, n, step, speed = DEFAULT_SPEED_INDEX, fixed = null, seed = null }) {
  const url = new URL(location.href);
  url.searchParams.set('algo', algorithm);
  url.searchParams.set('n', String(n));
  if (seed !== null) url.searchParams.set('seed', String(seed));
  else url.searchParams.delete('seed');
  if (step > 0) url.searchParams.set('step', String(step));
  else url.searchParams.delete('step');
  if (speed !== DEFAULT_SPEED_INDEX) url.searchParams.set('speed', speedParam(SPEEDS, speed));
  else url.searchParams.delete('speed');
  if (fixed?.length) url.searchParams.set('q', fixed.join(','));
  else url.searchParams.delete('q');
  replaceUrl(url);
}

/**
 * The visualizer's place in a file name: nqueens-bitwise-n8-step100 (with
 * -seed3 for a seeded search), from the address bar.
 */
function visualizerName() {
  const p = linkParams();
  const seed = p.has('seed') ? `-seed${p.get('seed')}` : '';
  return safeName(`nqueens-${p.get('algo') ?? DEFAULT_ALGORITHM}-n${p.get('n') ?? coreLimits().defaultN}${seed}-step${p.get('step') ?? 0}`);
}

/** Solve big's picture in a file name: nqueens-min-conflicts-n1000000-seed1. */
function solveBigName() {
  const root = document.getElementById('solve-big');
  const algorithm = /** @type {HTMLSelectElement | null} */ (document.getElementById('solve-big-algorithm'))?.value ?? '';
  const seed = /** @type {HTMLInputElement | null} */ (document.getElementById('solve-big-seed'))?.value.replace(/\D/g, '') ?? '';
  return safeName(`nqueens-${algorithm}-n${root?.dataset.n ?? ''}-seed${seed}`);
}

/** @typedef {import('../modes.js').Mode & { visualizer: Visualizer }} VisualizerMode */

/**
 * The visualizer mode. Its Visualizer is built at once, so the controls show
 * while the core loads; Predict and Solve big come with the core.
 * @param {import('../modes.js').Page} page
 * @returns {VisualizerMode}
 */
export function visualizerMode(page) {
  let active = true; // the page opens on this mode
  /** @type {import('../components/visualizer.js').VisualizerState|null} where the visualizer stood when the core trapped */
  let saved = null;
  // The link holds the visualizer's place and its speed; a late write must not land on another mode.
  const url = new UrlSync(
    () => ({ ...visualizer.state(), seed: visualizer.algorithm?.seeded ? visualizer.seed : null, speed: visualizer.player.speedIndex }),
    (state) => active && writeParams(state),
  );
  const visualizer = new Visualizer(/** @type {HTMLElement} */ (document.getElementById('visualizer')), {
    link: () => {
      url.update(true);
      return location.href;
    },
    onSettle: (now) => {
      if (active) url.update(now);
    },
  });
  // Record GIF, beside Record video: the board's frames go to a worker of their own.
  mountGif(/** @type {HTMLElement} */ (document.getElementById('visualizer')), {
    name: () => visualizerName(),
    startWorker: () => new Worker(GIF_WORKER_URL, { type: 'module', name: 'gif' }),
    drawAt: (size) => visualizer.board.drawnAt(size),
  });

  return {
    id: 'visualizer',
    visualizer,
    // The tree panel is the search's picture: the tree, or for a search for
    // one solution the conflicts chart in its stead.
    panels: {
      counters: 'section[aria-labelledby="counters-heading"]',
      tree: '[data-part="tree-panel"], [data-part="conflicts-panel"]',
      conflicts: '[data-part="conflicts-panel"]',
      registers: 'section[aria-labelledby="registers-heading"]',
      algorithm: 'section[aria-labelledby="algorithm-heading"]',
      gallery: 'section[aria-labelledby="gallery-heading"]',
    },
    title: () => [visualizer.algorithm?.name ?? '', visualizer.n ? `${visualizer.n}×${visualizer.n}` : ''],
    canvases: {
      board: () => visualizerName(),
      'tree-canvas': () => `${visualizerName()}-tree`,
      'conflicts-canvas': () => `${visualizerName()}-conflicts`,
      'solve-big-picture': solveBigName,
    },
    boardN: () => visualizer.n,
    expose: {
      get session() { return visualizer.session; },
      /** Redraws from the session (for scripts that drive the session directly). */
      refresh: () => visualizer.render(true),
    },

    parse: (search, core) => parseParams(search, core.algorithms),

    /**
     * The first board in this task; the register panel, the link, Predict
     * and Solve big in the next ones, so no one task of the start is long.
     * @param {import('../core/core.js').Core} core  @param {VisualizerLink|null} link  the link's place, if the link is this mode's
     */
    async attach(core, link) {
      const wanted = link ?? parseParams('', core.algorithms);
      visualizer.holdPanels = true;
      visualizer.attach(core);
      /** @type {string|null} */
      let why = null;
      if (!visualizer.open(wanted.algorithm, wanted.n, { fixed: wanted.fixed, seed: wanted.seed, refused: (sentence) => (why = sentence) })) {
        // The URL's choice was refused by the core; the defaults must work,
        // and the page says what it shows instead, and why.
        const n = core.limits.defaultN;
        if (visualizer.open(DEFAULT_ALGORITHM, n, { seed: core.limits.defaultSeed }) && why) {
          const asked = core.algorithms.find((a) => a.id === wanted.algorithm)?.name ?? wanted.algorithm;
          addWarning(`${why} The link asks for ${asked} at ${wanted.n}×${wanted.n}; showing ${visualizer.algorithm?.name ?? DEFAULT_ALGORITHM} at ${n}×${n} instead.`);
        }
      }
      if (wanted.speed !== null) visualizer.setSpeed(wanted.speed);
      if (wanted.step > 0) visualizer.goTo(wanted.step);
      await nextTask();
      visualizer.finishStart();
      await nextTask();
      if (active) url.update(true);
      await nextTask();
      new Predictor(/** @type {HTMLInputElement} */ (document.getElementById('predict')), visualizer);
      // Solve big: one solution at up to 100,000,000 queens, in a worker.
      mountSolveBig(/** @type {HTMLElement} */ (document.getElementById('solve-big')), { algorithms: core.algorithms });
    },

    /** @param {boolean} on */
    setActive(on) {
      if (on && !active) {
        active = true;
        history.replaceState(history.state, '', location.pathname);
        url.update(true);
      } else if (!on && active) {
        active = false;
        visualizer.player.stop();
      }
    },

    onKey: (event) => visualizer.onKey(event),

    coreFailed: () => visualizer.say('The solver could not be loaded.'),

    /** A trap: keep the place from the screen (not the trapped core) and stop. */
    halt() {
      saved = visualizer.state();
      visualizer.halt();
    },

    /**
     * A fresh core: the same place again, and a sentence saying so (null if refused).
     * @param {import('../core/core.js').Core} core
     */
    recover(core) {
      const state = saved;
      saved = null;
      if (!state || !visualizer.recover(core, state)) return null;
      const where = `${core.algorithms.find((a) => a.id === state.algorithm)?.name ?? state.algorithm}, ${state.n}×${state.n}`;
      return `you are back at step ${formatCount(state.step)} (${where})`;
    },

    /**
     * Shows a search in this mode (another mode's "open in the visualizer"):
     * switches to it, opens `algorithm` at `n` from fixed queens or at a step,
     * and brings the board into view. Returns the visualizer, or null if the
     * core refused.
     * @param {string} algorithm
     * @param {number} n
     * @param {{ fixed?: number[]|null, step?: number|null }} [at]
     */
    openSearch(algorithm, n, { fixed = null, step = null } = {}) {
      page.show('visualizer');
      if (!visualizer.open(algorithm, n, { fixed })) return null;
      if (step !== null) visualizer.goTo(step);
      visualizer.board.reveal();
      return visualizer;
    },
  };
}
