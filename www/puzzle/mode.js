// Puzzle mode (the second tab): the PuzzleView in #puzzle. Owns the link
// `?mode=puzzle&…` (link.js reads and writes it), the page-wide keys while shown (undo, redo), and "let an algorithm finish
// this", which hands the queens to the visualizer mode.
//
// A mode of the registry in modes.js: see there for what a mode does.

import { boardSize } from '../lib/dom.js';
import { replaceUrl } from '../lib/params.js';
import { PuzzleView } from './puzzle.js';
import { parsePuzzleParams, puzzleSearch } from './link.js';

/**
 * Puts a board in the address bar.
 * @param {Parameters<typeof puzzleSearch>[0]} board
 */
function writePuzzleParams(board) {
  const url = new URL(location.href);
  url.search = puzzleSearch(board);
  replaceUrl(url);
}

/**
 * @typedef {object} RegionsCoreApi  the core's regions exports, where this build has them
 * @property {(n: number, seed: number, level?: string) => import('../types.js').RegionsPuzzle} regionsPuzzle
 * @property {(n: number) => string[]} regionsLevels
 * @property {() => import('../types.js').DeductionRule[]} regionsRules
 * @property {(n: number, regions: number[], givens: number[], maxSteps: number) => import('../types.js').RegionsTrace} regionsSearch
 */

/**
 * The regions exports of a core, or null where it has none.
 * @param {import('../types.js').Core} wasm
 * @returns {RegionsCoreApi | null}
 */
function regionsOf(wasm) {
  const api = /** @type {Partial<RegionsCoreApi>} */ (/** @type {unknown} */ (wasm));
  const { regionsPuzzle, regionsLevels, regionsRules, regionsSearch } = api;
  if (!regionsPuzzle || !regionsLevels || !regionsRules || !regionsSearch) return null;
  return { regionsPuzzle, regionsLevels, regionsRules, regionsSearch };
}

/**
 * The puzzle mode. Its view is built with the core (it needs the algorithms
 * that take fixed queens, and the board sizes).
 * @param {import('../modes.js').Page} page
 * @returns {import('../modes.js').Mode}
 */
export function puzzleMode(page) {
  /** @type {PuzzleView|null} */
  let view = null;
  /** @type {import('../types.js').Core|null} the current core's, for generated puzzles */
  let wasm = null;

  return {
    id: 'puzzle',
    panels: {
      new: 'section[aria-labelledby="puzzle-new-heading"]',
      daily: 'section[aria-labelledby="puzzle-daily-heading"]',
      reasoning: 'section[aria-labelledby="puzzle-reasoning-heading"]',
      famous: 'section[aria-labelledby="puzzle-famous-heading"]',
      finish: 'section[aria-labelledby="puzzle-finish-heading"]',
    },
    title: () => ['puzzle', boardSize('puzzle-n')],
    canvases: {},

    parse: (search, core) => parsePuzzleParams(search, core.limits),

    /** @param {import('../core/core.js').Core} core  @param {import('./link.js').PuzzleLink|null} wanted  the link's board, if the link is this mode's */
    attach(core, wanted) {
      wasm = core.wasm;
      const { algorithms } = core;
      view = new PuzzleView(/** @type {HTMLElement} */ (document.getElementById('puzzle')), {
        algorithms,
        limits: core.limits,
        // attach() set wasm, and recover() replaces it.
        generate: (n, difficulty, seed) => /** @type {import('../types.js').Core} */ (wasm).puzzle(n, /** @type {import('../types.js').PuzzleLevel} */ (difficulty), seed),
        rules: core.wasm.deductionRules(),
        levels: (n) => /** @type {import('../types.js').Core} */ (wasm).puzzleLevels(n),
        count: (n, squares) => /** @type {import('../types.js').Core} */ (wasm).completions(n, squares),
        // The regions exports of the current core (recover() replaces it), or null.
        regions: () => regionsOf(/** @type {import('../types.js').Core} */ (wasm)),
        write: writePuzzleParams,
        onFinish: (algorithm, n, squares) => {
          const visualizer = page.openSearch(algorithm, n, { fixed: squares });
          if (!visualizer) return;
          const name = algorithms.find((a) => a.id === algorithm)?.name ?? algorithm;
          const free = n - squares.length;
          const task = free === 0 ? 'check them' : free === 1 ? 'fill the last row' : `fill the other ${free} rows`;
          visualizer.say(`Your queens are fixed. Press Play or Space to watch ${name} ${task}.`);
        },
      });
      // A plain ?mode=puzzle opens as the page does with no link (today's daily for a player with a streak).
      if (wanted && !wanted.bare) view.load(wanted); // otherwise firstBoard(), when first shown
    },

    setActive: (on) => view?.setActive(on),

    expose: {
      /** The board played: squares as row × N + column, the queens with the given ones. */
      get puzzle() {
        return view?.model.handle() ?? null;
      },
    },

    onKey: (event) => view?.onKey(event),

    halt() {},

    /**
     * The coach has workers of its own; only generated puzzles use the page's core.
     * @param {import('../core/core.js').Core} core
     */
    recover(core) {
      wasm = core.wasm;
      return '';
    },
  };
}
