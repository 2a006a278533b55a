// Puzzle mode's board, without the DOM: the queens, the given queens and the
// squares ruled out, undo and redo, what attacks what, what the board draws
// (CELL flags, board.js), and a hint shown in stages (where to look, the
// rule, the conclusion). The view (puzzle.js) shows what this holds.

import { CELL } from '../components/cells.js';
import { lineName } from './reasoning.js';

/**
 * @typedef {object} PuzzleSpec  a puzzle as a link names it (link.js)
 * @property {'classic' | 'regions'} kind
 * @property {string} level  its level ("easy" … "hard"); '' when a link gave only its queens
 * @property {number | null} seed  the generator's seed, or null for a puzzle given by its queens
 * @property {string} [daily]  the date of a daily puzzle, YYYY-MM-DD
 */

/**
 * @typedef {object} PuzzleBoard  a board as undo, redo and the address bar keep it
 * @property {number} n
 * @property {number[]} squares  the queens, in square order (the given ones among them)
 * @property {number[]} given  those of them a puzzle gave
 * @property {number[]} [marks]  the squares the learner ruled out, in square order (none holds a queen)
 * @property {PuzzleSpec | null} puzzle  the puzzle, if any
 * @property {number[] | null} [regions]  a regions puzzle's region of every square
 */

/**
 * @typedef {object} ShownHint  a hint, drawn on the board until the board changes
 * @property {number} square  the square it concludes
 * @property {'place' | 'rule-out'} kind  a search's answer is a place
 * @property {string} rule  the rule's id, or 'search'
 * @property {import('../types.js').Deduction['lines']} lines  the lines it used (none for a search)
 * @property {number[]} squares  the other squares it used (the attacking queen, a look-ahead's forced queens…)
 * @property {number[]} chain  a look-ahead's forced queens, in order (drawn numbered); none for other rules
 * @property {string} reason  the core's sentence for it
 * @property {number[]} [cleared]  a rule-out's every square the same technique rules out (Apply marks them all)
 */

/**
 * "row 2, column 5"
 * @param {number} n
 * @param {number} square
 */
export const where = (n, square) => `row ${Math.floor(square / n) + 1}, column ${(square % n) + 1}`;

/** @param {string} word */
export const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * True if queens on squares a and b attack each other: on a classic board
 * along a row, column or diagonal; on a regions board (`regions` given) in a
 * row, a column, a region, or on touching squares.
 * @param {number} n
 * @param {number} a
 * @param {number} b
 * @param {ArrayLike<number> | null} [regions]
 * @returns {boolean}
 */
export function attack(n, a, b, regions = null) {
  const [ra, ca, rb, cb] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
  if (ra === rb || ca === cb) return true;
  if (regions) return regions[a] === regions[b] || (Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1);
  return ra - ca === rb - cb || ra + ca === rb + cb;
}

/**
 * The first pair of queens that attack each other, and along what, or null.
 * @param {number} n
 * @param {number[]} squares
 * @param {ArrayLike<number> | null} [regions]
 * @returns {{ a: number, b: number, along: string } | null}
 */
export function attackingPair(n, squares, regions = null) {
  for (let i = 0; i < squares.length; i++) {
    for (const b of squares.slice(i + 1)) {
      const a = squares[i];
      if (!attack(n, a, b, regions)) continue;
      const along = Math.floor(a / n) === Math.floor(b / n) ? 'a row'
        : a % n === b % n ? 'a column'
          : !regions ? 'a diagonal'
            : regions[a] === regions[b] ? 'a region' : 'touching corners';
      return { a, b, along };
    }
  }
  return null;
}

/**
 * What board.js draws for these queens: CELL flags per square (queen, threatened,
 * conflict; the hint as a candidate ring; the learner's marks, wrong ones as
 * conflicts) and the lines of attack between queens.
 * @param {number} n
 * @param {number[]} squares
 * @param {number} [hint]  the hinted square, or -1
 * @param {number[]} [given]  the queens a puzzle gave (drawn framed)
 * @param {number[]} [marks]  the squares ruled out
 * @param {number[]} [wrong]  those of them the coach flags
 * @param {ArrayLike<number> | null} [regions]  a regions puzzle's regions
 * @returns {{ cells: Uint16Array, lines: import('../components/board.js').Lines }}
 */
export function boardMarks(n, squares, hint = -1, given = [], marks = [], wrong = [], regions = null) {
  const cells = new Uint16Array(n * n);
  /** @type {import('../components/board.js').Lines} */
  const lines = [];
  for (const q of squares) cells[q] |= CELL.QUEEN;
  for (let s = 0; s < n * n; s++) {
    for (const q of squares) if (q !== s && attack(n, q, s, regions)) cells[s] |= CELL.THREATENED;
  }
  squares.forEach((a, i) => {
    for (const b of squares.slice(i + 1)) {
      if (!attack(n, a, b, regions)) continue;
      cells[a] |= CELL.CONFLICT;
      cells[b] |= CELL.CONFLICT;
      lines.push([a, b]);
    }
  });
  if (hint >= 0) cells[hint] |= CELL.CANDIDATE;
  for (const q of given) cells[q] |= CELL.GIVEN;
  for (const m of marks) cells[m] |= CELL.RULED_OUT;
  for (const m of wrong) cells[m] |= CELL.CONFLICT;
  return { cells, lines };
}

/**
 * The open squares: empty, attacked by no queen, not ruled out.
 * @param {number} n
 * @param {number[]} squares
 * @param {number[]} marks
 * @param {ArrayLike<number> | null} [regions]
 * @returns {number[]}
 */
export function openSquares(n, squares, marks, regions = null) {
  const { cells } = boardMarks(n, squares, -1, [], marks, [], regions);
  /** @type {number[]} */
  const open = [];
  cells.forEach((flags, s) => { if (!(flags & (CELL.QUEEN | CELL.THREATENED | CELL.RULED_OUT))) open.push(s); });
  return open;
}

/** The board being played, with its undo and redo. */
export class PuzzleModel {
  /** @param {number} n  the first board's size */
  constructor(n) {
    this.n = n;
    /** @type {number[]} */
    this.squares = [];
    /** @type {number[]} */
    this.given = [];
    /** @type {number[]} the squares the learner ruled out */
    this.marks = [];
    /** @type {PuzzleSpec | null} */
    this.puzzle = null;
    /** @type {number[] | null} */
    this.regions = null;
    /** @type {PuzzleBoard[]} undo's boards */
    this.past = [];
    /** @type {PuzzleBoard[]} redo's boards */
    this.future = [];
  }

  /** @returns {PuzzleBoard} */
  snapshot() {
    return { n: this.n, squares: this.squares, given: this.given, marks: this.marks, puzzle: this.puzzle, regions: this.regions };
  }

  /**
   * Shows a board without recording it (undo, redo, a link).
   * @param {PuzzleBoard} board
   */
  apply({ n, squares, given, marks = [], puzzle, regions = null }) {
    this.n = n;
    this.squares = [...squares].sort((a, b) => a - b);
    this.given = [...given].sort((a, b) => a - b);
    this.marks = [...marks].sort((a, b) => a - b);
    this.puzzle = puzzle;
    this.regions = regions ? [...regions] : null;
  }

  /**
   * A change the user made: recorded for undo.
   * @param {PuzzleBoard} next
   */
  change(next) {
    this.past.push(this.snapshot());
    this.future = [];
    this.apply(next);
  }

  /** Starts afresh on a board: no history before it. @param {PuzzleBoard} board */
  load(board) {
    this.past = [];
    this.future = [];
    this.apply(board);
  }

  /**
   * Puts a queen on `square`, or takes it off: null when done, else why not
   * (a given queen stays).
   * @param {number} square
   * @returns {string | null}
   */
  toggle(square) {
    if (this.given.includes(square)) return `The queen on ${where(this.n, square)} is part of the puzzle: it stays.`;
    const squares = this.squares.includes(square) ? this.squares.filter((s) => s !== square) : [...this.squares, square];
    // A queen placed on a ruled-out square takes the mark's place.
    this.change({ ...this.snapshot(), squares, marks: this.marks.filter((s) => s !== square) });
    return null;
  }

  /**
   * Rules `square` out, or lets it back in: null when done, else why not (a queen stands there).
   * @param {number} square
   * @returns {string | null}
   */
  toggleMark(square) {
    if (this.squares.includes(square)) return `A queen stands on ${where(this.n, square)}: take it off before ruling the square out.`;
    const marks = this.marks.includes(square) ? this.marks.filter((s) => s !== square) : [...this.marks, square];
    this.change({ ...this.snapshot(), marks });
    return null;
  }

  /**
   * Rules out every square of `squares` that holds no queen and is not ruled
   * out yet, as one change (a drag, a hint's Apply); with `amend`, into the
   * change before it (a drag going on). True if anything was ruled out.
   * @param {number[]} squares
   * @param {boolean} [amend]
   */
  markAll(squares, amend = false) {
    const add = [...new Set(squares)].filter((s) => s >= 0 && s < this.n * this.n && !this.squares.includes(s) && !this.marks.includes(s));
    if (!add.length) return false;
    const next = { ...this.snapshot(), marks: [...this.marks, ...add] };
    if (amend && this.past.length) this.apply(next);
    else this.change(next);
    return true;
  }

  /** True if it went back a board. */
  undo() {
    const board = this.past.pop();
    if (!board) return false;
    this.future.push(this.snapshot());
    this.apply(board);
    return true;
  }

  /** True if it went forward a board. */
  redo() {
    const board = this.future.pop();
    if (!board) return false;
    this.past.push(this.snapshot());
    this.apply(board);
    return true;
  }

  /** Whether Clear has anything to take off: the learner's queens and marks. */
  canClear() {
    return this.squares.length !== this.given.length || this.marks.length > 0;
  }

  /** Takes off the learner's queens and marks (the given queens stay); true if anything went. */
  clear() {
    if (!this.canClear()) return false;
    this.change({ ...this.snapshot(), squares: this.given, marks: [] });
    return true;
  }

  /** True if two queens attack each other. */
  conflicts() {
    return attackingPair(this.n, this.squares, this.regions) !== null;
  }

  /** The board as the page hands it to tests and the console (window.nqueens.puzzle): copies, the puzzle's fields spelled out. */
  handle() {
    const { n, given, squares, marks, regions, puzzle } = this;
    return {
      n, kind: puzzle?.kind ?? 'classic', givens: [...given], queens: [...squares], marks: [...marks],
      regions: regions ? [...regions] : null, level: puzzle?.level ?? '', seed: puzzle?.seed ?? null, daily: puzzle?.daily ?? null,
    };
  }

  /** Every square the board shows ruled out: the learner's marks and every empty square a queen attacks. */
  ruledOut() {
    const { cells } = boardMarks(this.n, this.squares, -1, [], [], [], this.regions);
    const out = new Set(this.marks);
    cells.forEach((flags, s) => { if (flags & CELL.THREATENED && !(flags & CELL.QUEEN)) out.add(s); });
    return [...out].sort((a, b) => a - b);
  }
}

/**
 * A hint shown in three presses: 1 where to look (its lines and squares),
 * 2 the rule (its name and what it says), 3 the conclusion (the square).
 */
export class HintStages {
  constructor() {
    /** @type {ShownHint | null} */
    this.hint = null;
    /** 0: none shown; 1 to 3 */
    this.stage = 0;
  }

  /** @param {ShownHint} hint  a new hint, shown at stage 1 (a search's, which has no lines or rule, at 3) */
  start(hint) {
    this.hint = hint;
    this.stage = hint.rule === 'search' ? 3 : 1;
  }

  /** The next stage of the hint shown; true if there was one to go to. */
  next() {
    if (!this.hint || this.stage >= 3) return false;
    this.stage += 1;
    return true;
  }

  /** Whether a press of Hint shows more of this hint (rather than asking for a new one). */
  hasMore() {
    return this.hint !== null && this.stage < 3;
  }

  reset() {
    this.hint = null;
    this.stage = 0;
  }
}

/**
 * A look-ahead's chain, one sentence a step: the square supposed, each queen
 * it forces on the last square of a line, and the line left with no square.
 * The forced queens come in order in `chain`, the lines they were last on in
 * `lines`, and the emptied line last.
 * @param {number} n
 * @param {ShownHint} hint
 * @returns {string[]}
 */
export function chainSteps(n, hint) {
  const steps = [`Suppose a queen stood on ${where(n, hint.square)}.`];
  hint.chain.forEach((queen, i) => {
    const line = hint.lines[i];
    steps.push(`${i + 1}. ${line ? capital(lineName(n, line)) : 'A line'} would have one square left: a queen on ${where(n, queen)}.`);
  });
  const emptied = hint.lines[hint.chain.length];
  if (emptied) steps.push(`Then ${lineName(n, emptied)} would have no square left: so no queen can go on ${where(n, hint.square)}.`);
  return steps;
}
