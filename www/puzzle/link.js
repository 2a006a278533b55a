// Puzzle mode's links, without the DOM: reading `?mode=puzzle&…` and writing
// a board's parameters back.
//
//   n=8&q=0,12&x=5        a board of one's own: its queens and ruled-out squares
//   n=8&g=27,33           a puzzle given by its queens
//   n=8&level=hard&seed=41&g=…   a generated puzzle: its level, its seed, its queens
//   kind=regions&n=8&level=easy&seed=41   a regions puzzle (made again from its seed)
//   daily=2026-11-26      the daily puzzle of that date (daily.js)
//   coach=off / coach=on  whether the coach flags dead ends as they happen,
//                         written when it differs from the board's default
//
// A puzzle's address names the puzzle only, never the player's queens or
// marks: a link shared from a solved board opens the puzzle, not "Solved!".

import { parseSquareList, wholeNumber } from '../lib/params.js';
import { clip } from '../lib/words.js';
import { parseDay } from './daily.js';
import { HOMEWORK_SEED_MIN } from '../core/seeds.js';
import { formatCount } from '../lib/dom.js';

/** The levels a link may name. */
const LEVELS = ['easy', 'medium', 'hard', 'expert'];

/**
 * @typedef {import('./model.js').PuzzleSpec} PuzzleSpec
 */

/**
 * @typedef {object} PuzzleLink  what a puzzle link asks for
 * @property {number} n
 * @property {number[]} squares  the queens on the board
 * @property {number[]} given  those of them a puzzle gave
 * @property {number[]} marks  the squares the learner ruled out (none holds a queen)
 * @property {boolean | null} coach  coach=on or off; null: the board's default
 * @property {PuzzleSpec | null} puzzle  the puzzle it names (a daily one's n and level come from its date)
 * @property {string[]} problems
 * @property {boolean} [bare]  the link names no board at all (a plain ?mode=puzzle)
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
 * Reads puzzle mode's parameters: N (the core's puzzle board sizes; a regions
 * puzzle's own), the queens, which of them the puzzle gave, the marks, the
 * coach, and the puzzle named (kind, level, seed, daily). Anything malformed
 * is a sentence in `problems` and a default.
 * @param {string} search  location.search
 * @param {{ puzzleMinN: number, puzzleMaxN: number, defaultN: number }} limits  the core's limits()
 * @param {{ minN: number, maxN: number }} [regionSizes]  the sizes of regions puzzles
 * @returns {PuzzleLink}
 */
export function parsePuzzleParams(search, { puzzleMinN, puzzleMaxN, defaultN }, regionSizes = { minN: 5, maxN: 11 }) {
  const params = new URLSearchParams(search);
  /** @type {string[]} */
  const problems = [];
  /** @type {'classic' | 'regions'} */
  let kind = 'classic';
  if (params.has('kind')) {
    const raw = /** @type {string} */ (params.get('kind')).trim();
    if (raw === 'regions') kind = 'regions';
    else if (raw !== 'classic') problems.push(`The link's kind=${clip(raw)} is neither classic nor regions. Playing the classic board.`);
  }
  const [minN, maxN] = kind === 'regions' ? [regionSizes.minN, regionSizes.maxN] : [puzzleMinN, puzzleMaxN];
  let n = Math.min(maxN, Math.max(minN, defaultN));
  if (params.has('n')) {
    const raw = /** @type {string} */ (params.get('n')).trim(); // has() said it is there
    const wanted = wholeNumber(raw);
    if (wanted >= minN && wanted <= maxN) n = wanted;
    else problems.push(`The link's board size n=${clip(raw)} is not a whole number from ${minN} to ${maxN}. Showing ${n}×${n} instead.`);
  }
  let level = '';
  if (params.has('level')) {
    const raw = /** @type {string} */ (params.get('level')).trim().toLowerCase();
    if (LEVELS.includes(raw)) level = raw;
    else problems.push(`The link's level=${clip(raw)} is not one of ${LEVELS.join(', ')}.`);
  }
  /** @type {number | null} */
  let seed = null;
  let homework = false;
  if (params.has('seed')) {
    const raw = /** @type {string} */ (params.get('seed')).trim();
    const value = wholeNumber(raw);
    homework = wholeNumber(raw, 16) >= HOMEWORK_SEED_MIN;
    if (homework) problems.push(`The link's seed=${clip(raw)} is a homework seed (from ${formatCount(HOMEWORK_SEED_MIN)} up, drawn for one student in a problem set): Puzzle mode does not open homework puzzles. Playing without that puzzle.`);
    else if (Number.isNaN(value)) problems.push(`The link's seed=${clip(raw)} is not a whole number.`);
    else seed = value;
  }
  /** @type {string | undefined} */
  let daily;
  if (params.has('daily')) {
    const raw = /** @type {string} */ (params.get('daily')).trim();
    if (parseDay(raw)) daily = raw;
    else problems.push(`The link's daily=${clip(raw)} is not a date written YYYY-MM-DD.`);
  }
  const queens = kind === 'regions' ? [] : readSquares(params, 'q', n, problems);
  let given = kind === 'regions' ? [] : readSquares(params, 'g', n, problems);
  // A puzzle's link names its queens in g= alone; an older link put them in q= too.
  const squares = [...new Set([...queens, ...given])].sort((a, b) => a - b);
  if (params.has('q') && given.some((s) => !queens.includes(s))) {
    problems.push('The link gives puzzle queens (g=) that are not on the board (q=). Playing without a puzzle.');
    given = [];
  }
  let marks = kind === 'regions' ? [] : readSquares(params, 'x', n, problems);
  if (marks.some((s) => squares.includes(s))) {
    problems.push('The link rules out squares (x=) that hold a queen (q=). Those marks are left off.');
    marks = marks.filter((s) => !squares.includes(s));
  }
  /** @type {boolean | null} */
  let coach = null;
  if (params.has('coach')) {
    const raw = /** @type {string} */ (params.get('coach')).trim(); // has() said it is there
    const word = raw.toLowerCase();
    if (['off', '0', 'false', 'no'].includes(word)) coach = false;
    else if (['on', '1', 'true', 'yes'].includes(word)) coach = true;
    else problems.push(`The link's coach=${clip(raw)} is neither on nor off (nor 1 or 0). The coach keeps its default.`);
  }
  /** @type {PuzzleSpec | null} */
  let puzzle = null;
  if (daily) puzzle = { kind, level: '', seed: null, daily };
  else if (kind === 'regions') {
    if (seed === null && !homework) problems.push('A regions puzzle\'s link needs its seed (seed=). Playing the classic board.');
    else if (seed !== null) puzzle = { kind, level, seed };
  } else if (seed !== null && given.length) puzzle = { kind, level, seed };
  else if (seed !== null && level) puzzle = { kind, level, seed };
  else if (given.length) puzzle = { kind, level, seed: null };
  if (kind === 'regions' && !puzzle) n = Math.min(puzzleMaxN, Math.max(puzzleMinN, n));
  const bare = !['n', 'q', 'g', 'x', 'kind', 'level', 'seed', 'daily'].some((name) => params.has(name));
  return { n, squares: given.length || !params.has('q') ? squares : queens, given, marks, coach, puzzle, problems, bare };
}

/**
 * Whether the coach is on when a link does not say: on for a board of one's
 * own and a puzzle given by its queens, off for a generated puzzle (it would
 * flag a wrong move at once, and spoil the deduction).
 * @param {PuzzleSpec | null} puzzle
 */
export function coachByDefault(puzzle) {
  return !puzzle || (puzzle.seed === null && !puzzle.daily);
}

/**
 * The parameters of a puzzle alone, as Copy puzzle link writes them: its N,
 * kind, level, seed and given queens, never the player's. A board with no
 * puzzle is shared as a puzzle of its queens.
 * @param {{ n: number, squares: number[], given: number[], puzzle: PuzzleSpec | null }} board
 * @returns {URLSearchParams}
 */
export function puzzleOnly({ n, squares, given, puzzle }) {
  if (puzzle?.daily) return new URLSearchParams(puzzle.kind === 'regions' ? { kind: 'regions', daily: puzzle.daily } : { daily: puzzle.daily });
  const params = new URLSearchParams();
  if (puzzle?.kind === 'regions') params.set('kind', 'regions');
  params.set('n', String(n));
  if (puzzle?.level) params.set('level', puzzle.level);
  if (puzzle && puzzle.seed !== null) params.set('seed', String(puzzle.seed));
  const queens = puzzle || given.length ? given : squares;
  if (puzzle?.kind !== 'regions' && queens.length) params.set('g', queens.join(','));
  return params;
}

/**
 * The address bar's parameters for a board: a puzzle's own (puzzleOnly), or
 * a board of one's own with its queens and marks; coach= when it is not the
 * board's default.
 * @param {{ n: number, squares: number[], given: number[], marks?: number[], puzzle?: PuzzleSpec | null, coach?: boolean }} board
 * @returns {string}  "?n=8&q=…"
 */
export function puzzleSearch({ n, squares, given, marks = [], puzzle = null, coach }) {
  let params;
  if (puzzle || given.length) {
    params = puzzleOnly({ n, squares, given, puzzle });
  } else {
    params = new URLSearchParams({ n: String(n) });
    if (squares.length) params.set('q', squares.join(','));
    if (marks.length) params.set('x', marks.join(','));
  }
  const usual = coachByDefault(puzzle);
  if (coach !== undefined && coach !== usual) params.set('coach', coach ? 'on' : 'off');
  return `?${params.toString().replaceAll('%2C', ',')}`;
}
