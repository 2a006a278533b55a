// Puzzle mode (the second tab): the PuzzleView in #puzzle. Owns the link
// `?mode=puzzle&n=&q=&g=&x=&coach=` (N, the queens, which of them a puzzle
// gave, the squares the learner ruled out, and whether the coach flags dead
// ends as they happen),
// the page-wide keys while shown (undo, redo), and "let an algorithm finish
// this", which hands the queens to the visualizer mode.
//
// A mode of the registry in modes.js: see there for what a mode does.

import { boardSize } from '../lib/dom.js';
import { parseSquareList, replaceUrl, wholeNumber } from '../lib/params.js';
import { PuzzleView } from './puzzle.js';
import { clip } from '../lib/words.js';

/**
 * @typedef {object} PuzzleLink  what a puzzle link asks for
 * @property {number} n
 * @property {number[]} squares  the queens on the board
 * @property {number[]} given  those of them a generated puzzle gave
 * @property {number[]} marks  the squares the learner ruled out (none holds a queen)
 * @property {boolean} coach  false: `coach=off`, dead ends shown only when asked
 * @property {string[]} problems
 */

/**
 * A list of squares from the URL, or [] with a sentence in `problems`.
 * @param {URLSearchParams} params
 * @param {string} name  the parameter
 * @param {number} n  the board's size
 * @param {string[]} problems
 * @returns {number[]}
 */
function readSquares(params, name, n, problems) {
  if (!params.has(name)) return [];
  const raw = /** @type {string} */ (params.get(name)); // has() said it is there
  const squares = parseSquareList(raw, n);
  if (squares) return squares;
  problems.push(`The link's ${name}=${clip(raw)} is not a list of squares from 0 to ${n * n - 1} (row × ${n} + column). Starting from an empty board.`);
  return [];
}

/**
 * Reads ?n=&q=&g= for puzzle mode: N (the core's puzzle board sizes), the
 * queens, and which of them the puzzle gave. Anything malformed is a sentence
 * in `problems` and a default.
 * @param {string} search  location.search
 * @param {{ puzzleMinN: number, puzzleMaxN: number, defaultN: number }} limits  the core's limits()
 * @returns {PuzzleLink}
 */
function parsePuzzleParams(search, { puzzleMinN: minN, puzzleMaxN: maxN, defaultN }) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  let n = defaultN;
  if (params.has('n')) {
    const raw = /** @type {string} */ (params.get('n')).trim(); // has() said it is there
    const wanted = wholeNumber(raw);
    if (wanted >= minN && wanted <= maxN) n = wanted;
    else problems.push(`The link's board size n=${clip(raw)} is not a whole number from ${minN} to ${maxN}. Showing ${n}×${n} instead.`);
  }
  const queens = readSquares(params, 'q', n, problems);
  let given = readSquares(params, 'g', n, problems);
  if (given.some((s) => !queens.includes(s))) {
    problems.push('The link gives puzzle queens (g=) that are not on the board (q=). Playing without a puzzle.');
    given = [];
  }
  let marks = readSquares(params, 'x', n, problems);
  if (marks.some((s) => queens.includes(s))) {
    problems.push('The link rules out squares (x=) that hold a queen (q=). Those marks are left off.');
    marks = marks.filter((s) => !queens.includes(s));
  }
  let coach = true;
  if (params.has('coach')) {
    const raw = /** @type {string} */ (params.get('coach')).trim(); // has() said it is there
    const word = raw.toLowerCase();
    if (['off', '0', 'false', 'no'].includes(word)) coach = false;
    else if (!['on', '1', 'true', 'yes'].includes(word)) problems.push(`The link's coach=${clip(raw)} is neither on nor off (nor 1 or 0). The coach is on.`);
  }
  return { n, squares: queens, given, marks, coach, problems };
}

/**
 * The parameters of a board: ?n=8&q=…&g=…&x=…(&coach=off)
 * @param {{ n: number, squares: number[], given: number[], marks?: number[], coach?: boolean }} board
 * @returns {string}
 */
function puzzleSearch({ n, squares, given, marks = [], coach = true }) {
  const params = new URLSearchParams({ n: String(n) });
  if (squares.length) params.set('q', squares.join(','));
  if (given.length) params.set('g', given.join(','));
  if (marks.length) params.set('x', marks.join(','));
  if (!coach) params.set('coach', 'off');
  return `?${params.toString().replaceAll('%2C', ',')}`;
}

/**
 * Puts a board in the address bar.
 * @param {{ n: number, squares: number[], given: number[], marks?: number[], coach?: boolean }} board
 */
function writePuzzleParams(board) {
  const url = new URL(location.href);
  url.search = puzzleSearch(board);
  replaceUrl(url);
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
      reasoning: 'section[aria-labelledby="puzzle-reasoning-heading"]',
      famous: 'section[aria-labelledby="puzzle-famous-heading"]',
      finish: 'section[aria-labelledby="puzzle-finish-heading"]',
    },
    title: () => ['puzzle', boardSize('puzzle-n')],
    canvases: {},

    parse: (search, core) => parsePuzzleParams(search, core.limits),

    /** @param {import('../core/core.js').Core} core  @param {PuzzleLink|null} wanted  the link's board, if the link is this mode's */
    attach(core, wanted) {
      wasm = core.wasm;
      const { algorithms } = core;
      view = new PuzzleView(/** @type {HTMLElement} */ (document.getElementById('puzzle')), {
        algorithms,
        limits: core.limits,
        // attach() set wasm, and recover() replaces it.
        generate: (n, difficulty, seed) => /** @type {import('../types.js').Core} */ (wasm).puzzle(n, difficulty, seed),
        rules: core.wasm.deductionRules(),
        levels: (n) => /** @type {import('../types.js').Core} */ (wasm).puzzleLevels(n),
        count: (n, squares) => /** @type {import('../types.js').Core} */ (wasm).completions(n, squares),
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
      if (wanted) view.load(wanted); // otherwise the empty board, when first shown
    },

    setActive: (on) => view?.setActive(on),

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
