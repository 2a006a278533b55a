// Puzzle mode: the user places the queens, the solver coaches.
//
// The view inside its root (#puzzle): a board the user plays on by pointer or
// keyboard (a cursor moved by the arrows, Enter or Space to toggle), with a
// second tool that rules squares out (the Rule out toggle, a right-click, a
// long-press, or X), the coach line, a hint that names the deduction it used
// (its rule, its sentence, its lines drawn on the board) or says it fell back to
// a search, undo/redo/clear, generated "complete this board" puzzles, "solve by
// reasoning" (the whole chain of deductions, step by step), Nauck's position of
// 1850, and "let an algorithm finish this". The marks are the visualizer's (board.js), built
// here from the queens. Everything that may take long (counting completions, the
// queen to move, a hint) runs in a worker with a time budget (coach.js), so a
// nearly empty 20×20 board never freezes the page. The board sizes, and those
// of the generated puzzles, are the core's (limits()). Keeps the address bar
// (mode.js's writer) while it is the view shown.

import { BoardView, CELL, readTheme } from '../components/board.js';
import { Coach, unchecked, uncheckedSentence } from './coach.js';
import { counted, el, formatCount, part } from '../lib/dom.js';
import { guard, showProblem } from '../lib/errors.js';
import { newSeed } from '../core/seeds.js';
import { UrlSync } from '../lib/params.js';
import { symmetryClass } from '../lib/symmetry.js';
import { NAUCK, isNauck, lineEnds, lineName } from './reasoning.js';

const DIFFICULTIES = ['easy', 'medium', 'hard'];
/** Counting may take this long; then the coach says "at least one way". */
const COUNT_BUDGET_MS = 1500;
/** …and one that has not given its verdict (a completion, the marks' check) may go on this long, saying "still checking…". */
const COUNT_LIMIT_MS = 30_000;
const HINT_BUDGET_MS = 4000;
/** "Solve by reasoning" runs deduce() once a step: a few hundred steps at N = 12. */
const CHAIN_BUDGET_MS = 8000;
/** A touch held this long rules a square out (or lets it back in). */
const LONG_PRESS_MS = 500;
/** Play in the replay: one deduction this often. */
const REPLAY_STEP_MS = 1100;

/** @typedef {import('../types.js').CoachReply} CoachReply */

/**
 * @typedef {object} PuzzleBoard  a board as undo, redo and the address bar keep it
 * @property {number} n
 * @property {number[]} squares  the queens, in square order
 * @property {number[]} given  those of them a puzzle gave
 * @property {number[]} [marks]  the squares the learner ruled out, in square order (none holds a queen)
 * @property {{ difficulty: string, seed: number } | null} puzzle  the generated puzzle, if any
 */

/**
 * @typedef {object} ShownHint  the last hint, drawn on the board until the board changes
 * @property {number} square  the square it concludes
 * @property {'place' | 'rule-out'} kind  a search's answer is a place
 * @property {string} rule  the rule's id, or 'search'
 * @property {import('../types.js').Deduction['lines']} lines  the lines it used (none for a search)
 * @property {number[]} squares  the other squares it used (the attacking queen, a look-ahead's forced queens…)
 */

/**
 * @typedef {object} Replay  "Solve by reasoning": the chain of deductions and the step shown
 * @property {import('../types.js').ReasoningStep[]} steps
 * @property {boolean} solved  the chain ends on a full board
 * @property {number[]} queens  the board after the last step
 * @property {number[]} excluded
 * @property {number} index  the step shown; steps.length: the board after them all
 * @property {number} timer  Play's interval, or 0
 */

/**
 * @typedef {object} Analysis  what the coach has said about the board so far
 * @property {boolean} [pending]  still at work
 * @property {boolean} [conflict]  two queens attack each other
 * @property {Int32Array|null} [solution]  a completion, or null if there is none
 * @property {bigint} [count]  how many completions
 * @property {number|null} [culprit]  the queen to move, or null if moving one is not enough
 * @property {Extract<CoachReply, { type: 'rank' }>} [rank]  which solution a full board is
 * @property {{ count: bigint | null, wrong: number[] }} [marks]  completions keeping off every mark (null: some); the marks all need
 * @property {boolean} [slow]  past its budget, still at work
 * @property {boolean} [timedOut]
 * @property {string} [error]
 */

/**
 * "row 2, column 5"
 * @param {number} n
 * @param {number} square
 */
const where = (n, square) => `row ${Math.floor(square / n) + 1}, column ${(square % n) + 1}`;
/** @param {string} word */
const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * True if queens on squares a and b attack each other (same row, column or diagonal).
 * @param {number} n
 * @param {number} a
 * @param {number} b
 * @returns {boolean}
 */
function attack(n, a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
  return ra === rb || ca === cb || ra - ca === rb - cb || ra + ca === rb + cb;
}

/**
 * The first pair of queens that attack each other, and along what, or null.
 * @param {number} n
 * @param {number[]} squares
 * @returns {{ a: number, b: number, along: string } | null}
 */
function attackingPair(n, squares) {
  for (let i = 0; i < squares.length; i++) {
    for (const b of squares.slice(i + 1)) {
      const a = squares[i];
      if (!attack(n, a, b)) continue;
      const along = Math.floor(a / n) === Math.floor(b / n) ? 'a row' : a % n === b % n ? 'a column' : 'a diagonal';
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
 * @returns {{ cells: Uint16Array, lines: import('../components/board.js').Lines }}
 */
function boardMarks(n, squares, hint = -1, given = [], marks = [], wrong = []) {
  const cells = new Uint16Array(n * n);
  /** @type {import('../components/board.js').Lines} */
  const lines = [];
  for (const q of squares) cells[q] |= CELL.QUEEN;
  for (let s = 0; s < n * n; s++) {
    for (const q of squares) if (q !== s && attack(n, q, s)) cells[s] |= CELL.THREATENED;
  }
  squares.forEach((a, i) => {
    for (const b of squares.slice(i + 1)) {
      if (!attack(n, a, b)) continue;
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

export class PuzzleView {
  /**
   * @param {HTMLElement} root  #puzzle, holding the parts named below
   * @param {{ algorithms: import('../types.js').AlgorithmInfo[], limits: import('../core/core.js').Limits,
   *   generate: (n: number, difficulty: string, seed: number) => Uint32Array,
   *   rules: import('../types.js').DeductionRule[],
   *   levels: (n: number) => import('../types.js').PuzzleLevel[],
   *   count: (n: number, squares: number[]) => bigint,
   *   onFinish: (algorithmId: string, n: number, squares: number[]) => void,
   *   write: (board: { n: number, squares: number[], given: number[], marks: number[], coach: boolean }) => void }} options
   *   algorithms: the core's algorithms(); limits: the core's limits() (board and
   *   puzzle sizes); generate: the core's puzzle(); rules: its deductionRules();
   *   levels: its puzzleLevels(); count: its completions(); write: puts a board in the address bar
   */
  constructor(root, { algorithms, limits, generate, rules, levels, count, onFinish, write }) {
    this.root = root;
    this.limits = limits;
    this.generate = generate;
    this.rules = rules;
    this.levels = levels;
    this.onFinish = onFinish;
    this.active = false;
    this.loaded = false;
    this.n = limits.defaultN;
    /** @type {number[]} */
    this.squares = [];
    /** @type {number[]} */
    this.given = [];
    /** @type {number[]} the squares the learner ruled out */
    this.marks = [];
    /** @type {'queen' | 'mark'} what a click or tap does */
    this.tool = 'queen';
    /** @type {ShownHint | null} */
    this.hint = null;
    /** @type {Replay | null} */
    this.replay = null;
    /** A touch held on the board: its timer, square and start; `fired` once it ruled the square out. */
    this.press = { timer: 0, square: -1, x: 0, y: 0, fired: false };
    /** @type {PuzzleBoard['puzzle']} */
    this.puzzle = null;
    /** @type {PuzzleBoard[]} undo's boards */
    this.past = [];
    /** @type {PuzzleBoard[]} redo's boards */
    this.future = [];
    this.cursor = 0;
    /** @type {Analysis} */
    this.analysis = {};
    // The address bar is this view's only while it is shown (a write may come late).
    this.url = new UrlSync(() => this.snapshot(), (board) => this.active && write({ ...board, marks: board.marks ?? [], coach: this.coachOn }));
    // Coach off: the verdict (dead end, ways to finish) waits for Check, so a
    // learner meets the dead end and backtracks on their own. `revealed`: Check
    // was pressed for the board shown.
    this.coachOn = true;
    this.revealed = false;

    const $ = (/** @type {string} */ name) => part(root, name);
    const button = (/** @type {string} */ name) => /** @type {HTMLButtonElement} */ ($(name));
    const select = (/** @type {string} */ name) => /** @type {HTMLSelectElement} */ ($(name));
    this.board = new BoardView(root);
    this.canvas = this.board.canvas;
    this.cursorBox = $('cursor');
    this.coachLine = $('coach');
    this.note = $('note');
    this.cursorText = $('cursor-text');
    this.nPicker = select('n');
    this.buttons = { hint: button('get-hint'), undo: button('undo'), redo: button('redo'), clear: button('clear'), empty: button('empty'), check: button('check'), newPuzzle: button('new-puzzle'), finish: button('finish') };
    this.tools = { queen: button('tool-queen'), mark: button('tool-mark') };
    this.reasoning = { start: button('reason-start'), back: button('reason-back'), next: button('reason-next'), play: button('reason-play'), close: button('reason-close'), text: $('reason-step') };
    this.levelRules = $('level-rules');
    this.coachToggle = /** @type {HTMLInputElement} */ ($('coach-toggle'));
    this.difficulty = select('difficulty');
    this.puzzleCaption = $('puzzle-caption');
    this.finishAlgorithm = select('finish-algorithm');

    for (let n = limits.puzzleMinN; n <= limits.puzzleMaxN; n++) this.nPicker.append(el('option', { value: n, text: `${n} × ${n}` }));
    $('generated-note').textContent = `A generated board with exactly one way to finish it (${this.generatedSizes()}).`;
    for (const a of algorithms.filter((a) => a.takesFixedQueens)) {
      this.finishAlgorithm.append(el('option', { value: a.id, text: a.name }));
    }

    this.showLevelRules();
    // Nauck's position: how many ways it can be finished, counted now by the core.
    const nauckCount = count(NAUCK.n, [...NAUCK.squares]);
    const nauckText = $('nauck-count');
    nauckText.textContent = `It can be finished in ${counted(nauckCount, 'way')}: the solver has just counted them.`;
    nauckText.dataset.completions = String(nauckCount);

    this.counter = new Coach((msg) => this.heard(msg), {
      budgetMs: COUNT_BUDGET_MS, limitMs: COUNT_LIMIT_MS, owes: () => unchecked(this.analysis, this.marks.length > 0), name: 'puzzle-count',
    });
    this.hinter = new Coach((msg) => this.heardHint(msg), { budgetMs: HINT_BUDGET_MS, name: 'puzzle-hint' });
    this.reasoner = new Coach((msg) => this.heardChain(msg), { budgetMs: CHAIN_BUDGET_MS, name: 'puzzle-reasoning' });

    this.nPicker.addEventListener('change', () => this.change({ n: Number(this.nPicker.value), squares: [], given: [], marks: [], puzzle: null }));
    this.tools.queen.addEventListener('click', () => this.setTool('queen'));
    this.tools.mark.addEventListener('click', () => this.setTool('mark'));
    this.difficulty.addEventListener('change', () => this.showLevelRules());
    this.reasoning.start.addEventListener('click', () => this.startReplay());
    this.reasoning.back.addEventListener('click', () => this.stepReplay(-1));
    this.reasoning.next.addEventListener('click', () => this.stepReplay(1));
    this.reasoning.play.addEventListener('click', () => this.playReplay());
    this.reasoning.close.addEventListener('click', () => this.closeReplay());
    button('nauck-load').addEventListener('click', () => this.change({ n: NAUCK.n, squares: [...NAUCK.squares], given: [...NAUCK.squares], marks: [], puzzle: null }));
    this.buttons.hint.addEventListener('click', () => this.askHint());
    this.buttons.undo.addEventListener('click', () => this.undo());
    this.buttons.redo.addEventListener('click', () => this.redo());
    this.buttons.clear.addEventListener('click', () => this.clear());
    this.buttons.empty.addEventListener('click', () => this.change({ n: this.n, squares: [], given: [], marks: [], puzzle: null }));
    this.buttons.check.addEventListener('click', () => { this.revealed = true; this.render(); });
    this.coachToggle.addEventListener('change', () => this.setCoach(this.coachToggle.checked));
    this.buttons.newPuzzle.addEventListener('click', () => this.newPuzzle());
    this.buttons.finish.addEventListener('click', () => this.finish());
    this.canvas.addEventListener('click', (event) => this.clicked(event));
    this.canvas.addEventListener('contextmenu', (event) => this.contextMenu(event));
    this.canvas.addEventListener('pointerdown', (event) => this.pressStart(event));
    this.canvas.addEventListener('pointermove', (event) => this.pressMove(event));
    for (const type of ['pointerup', 'pointercancel', 'pointerleave']) this.canvas.addEventListener(type, () => this.pressEnd());
    this.canvas.addEventListener('keydown', (event) => this.boardKey(event));
    this.canvas.addEventListener('focus', () => this.placeCursor());
    this.canvas.addEventListener('blur', () => this.placeCursor());
    new ResizeObserver(() => {
      if (this.board.fit()) this.board.redraw();
      this.placeCursor();
    }).observe(this.canvas);
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      this.board.setTheme(readTheme());
      this.board.redraw();
    });
  }

  /**
   * Starts on a board (from the URL): no history before it.
   * @param {{ n: number, squares: number[], given: number[], marks?: number[], coach?: boolean }} board
   */
  load({ n, squares, given, marks = [], coach = true }) {
    this.loaded = true;
    this.coachOn = coach;
    this.coachToggle.checked = coach;
    this.apply({ n, squares, given, marks, puzzle: null });
  }

  /**
   * Coach on (dead ends flagged as they happen) or off (only when Check asks).
   * @param {boolean} on
   */
  setCoach(on) {
    this.coachOn = on;
    this.coachToggle.checked = on;
    this.revealed = false;
    this.render();
    this.writeUrl(true);
  }

  /** Whether the coach's verdict is shown: always with the coach on, after Check with it off. */
  verdictShown() {
    return this.coachOn || this.revealed;
  }

  /**
   * This view is shown (true) or hidden: only the shown view keeps the address bar.
   * @param {boolean} active
   */
  setActive(active) {
    this.active = active;
    this.url.cancel();
    if (active) {
      if (!this.loaded) this.load({ n: this.limits.defaultN, squares: [], given: [] });
      this.board.fit();
      this.render();
      this.writeUrl(true);
    }
  }

  // ---- Changing the board --------------------------------------------------------

  /** @returns {PuzzleBoard} */
  snapshot() {
    return { n: this.n, squares: this.squares, given: this.given, marks: this.marks, puzzle: this.puzzle };
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

  /**
   * Shows a board, and has the coach look at it.
   * @param {PuzzleBoard} board
   */
  apply({ n, squares, given, marks = [], puzzle }) {
    if (n !== this.n) this.cursor = 0;
    this.n = n;
    this.squares = [...squares].sort((a, b) => a - b);
    this.given = [...given];
    this.marks = [...marks].sort((a, b) => a - b);
    this.puzzle = puzzle;
    this.hint = null;
    this.endReplay();
    this.revealed = false;
    this.say('');
    this.nPicker.value = String(n);
    this.showPuzzleCaption();
    this.analyse();
    this.render();
    this.writeUrl();
  }

  /**
   * Puts a queen on `square`, or takes it off (not one the puzzle gave).
   * @param {number} square
   */
  toggle(square) {
    if (this.leftReplay()) return;
    if (this.given.includes(square)) {
      this.say(`The queen on ${where(this.n, square)} is part of the puzzle: it stays.`);
      return;
    }
    const squares = this.squares.includes(square) ? this.squares.filter((s) => s !== square) : [...this.squares, square];
    // A queen placed on a ruled-out square takes the mark's place.
    this.change({ ...this.snapshot(), squares, marks: this.marks.filter((s) => s !== square) });
  }

  /**
   * Rules `square` out, or lets it back in (the second tool, a right-click, a
   * long-press, X). A square with a queen cannot be ruled out.
   * @param {number} square
   */
  toggleMark(square) {
    if (this.leftReplay()) return;
    if (this.squares.includes(square)) {
      this.say(`A queen stands on ${where(this.n, square)}: take it off before ruling the square out.`);
      return;
    }
    const marks = this.marks.includes(square) ? this.marks.filter((s) => s !== square) : [...this.marks, square];
    this.change({ ...this.snapshot(), marks });
    this.cursorText.textContent = this.describeSquare(square);
  }

  /**
   * What a click, a tap, Enter or Space does: place a queen, or rule out.
   * @param {'queen' | 'mark'} tool
   */
  setTool(tool) {
    this.tool = tool;
    this.tools.queen.setAttribute('aria-pressed', String(tool === 'queen'));
    this.tools.mark.setAttribute('aria-pressed', String(tool === 'mark'));
    this.root.dataset.tool = tool;
  }

  /**
   * The tool's action on `square`.
   * @param {number} square
   */
  use(square) {
    if (this.tool === 'mark') this.toggleMark(square);
    else this.toggle(square);
  }

  undo() {
    if (!this.past.length) return;
    this.future.push(this.snapshot());
    this.apply(/** @type {PuzzleBoard} */ (this.past.pop())); // not empty: checked above
  }

  redo() {
    if (!this.future.length) return;
    this.past.push(this.snapshot());
    this.apply(/** @type {PuzzleBoard} */ (this.future.pop())); // not empty: checked above
  }

  clear() {
    if (this.squares.length === this.given.length && !this.marks.length) return;
    this.change({ ...this.snapshot(), squares: this.given, marks: [] });
  }

  newPuzzle() {
    const { generatedMinN, generatedMaxN } = this.limits;
    let n = this.n >= generatedMinN && this.n <= generatedMaxN ? this.n : this.limits.defaultN;
    const difficulty = this.difficulty.value;
    // A small board may be too small for a level's rules to be needed: the nearest size that offers it.
    const offered = this.levelSizes(difficulty);
    const levelMoved = offered.length > 0 && !offered.includes(n);
    if (levelMoved) n = offered.reduce((best, m) => (Math.abs(m - n) < Math.abs(best - n) ? m : best));
    const seed = newSeed();
    const squares = guard(() => [...this.generate(n, difficulty, seed)], null);
    if (!squares) return;
    const asked = this.n;
    this.change({ n, squares, given: squares, marks: [], puzzle: { difficulty, seed } });
    if (levelMoved) {
      const [min, max] = [offered[0], offered[offered.length - 1]];
      this.say(`${capital(difficulty)} puzzles come in sizes ${min}×${min} to ${max}×${max}, so this one is ${n}×${n}.`);
    } else if (asked !== n) {
      this.say(`Puzzles come in sizes ${this.generatedSizes()}, so this one is ${n}×${n}.`);
    }
  }

  /**
   * The generated sizes that offer a level (the core's puzzleLevels()).
   * @param {string} level
   * @returns {number[]}
   */
  levelSizes(level) {
    const sizes = [];
    for (let n = this.limits.generatedMinN; n <= this.limits.generatedMaxN; n++) {
      if (this.levels(n).includes(/** @type {import('../types.js').PuzzleLevel} */ (level))) sizes.push(n);
    }
    return sizes;
  }

  /** "4×4 to 12×12": the sizes the core generates puzzles in. */
  generatedSizes() {
    const { generatedMinN: min, generatedMaxN: max } = this.limits;
    return `${min}×${min} to ${max}×${max}`;
  }

  finish() {
    const rows = this.squares.map((s) => Math.floor(s / this.n));
    const shared = rows.find((r, i) => rows.indexOf(r) !== i);
    if (shared !== undefined) {
      this.say(`Two queens share row ${shared + 1}, and a search places one queen a row: take one of them off first.`);
      return;
    }
    this.onFinish(this.finishAlgorithm.value, this.n, this.squares);
  }

  // ---- Input ------------------------------------------------------------------------

  /**
   * The square under a pointer, or -1.
   * @param {MouseEvent} event
   */
  squareAt(event) {
    const box = this.canvas.getBoundingClientRect();
    const col = Math.floor(((event.clientX - box.left) / box.width) * this.n);
    const row = Math.floor(((event.clientY - box.top) / box.height) * this.n);
    if (row < 0 || col < 0 || row >= this.n || col >= this.n) return -1;
    return row * this.n + col;
  }

  /** @param {MouseEvent} event  a click on the board */
  clicked(event) {
    if (this.press.fired) {
      // The tap that ended a long-press: the press did its work.
      this.press.fired = false;
      return;
    }
    const square = this.squareAt(event);
    if (square < 0) return;
    this.cursor = square;
    this.use(square);
  }

  /**
   * A right-click (or the browser's own long-press menu on touch) rules a
   * square out, whatever the tool.
   * @param {MouseEvent} event
   */
  contextMenu(event) {
    event.preventDefault();
    const pressed = this.press.timer !== 0;
    this.pressEnd();
    if (this.press.fired && !pressed) return; // the long-press has marked it already
    const square = this.squareAt(event);
    if (square < 0) return;
    if (pressed) this.press.fired = true; // the touch's own tap is not a click
    this.cursor = square;
    this.toggleMark(square);
  }

  /**
   * A touch or pen held still on a square for LONG_PRESS_MS rules it out.
   * @param {PointerEvent} event
   */
  pressStart(event) {
    this.pressEnd();
    this.press.fired = false;
    if (event.pointerType === 'mouse') return;
    const square = this.squareAt(event);
    if (square < 0) return;
    this.press = {
      square, x: event.clientX, y: event.clientY, fired: false,
      timer: window.setTimeout(() => {
        this.press.timer = 0;
        this.press.fired = true;
        this.cursor = square;
        this.toggleMark(square);
      }, LONG_PRESS_MS),
    };
  }

  /** @param {PointerEvent} event  a held touch that moves is a scroll, not a press */
  pressMove(event) {
    if (this.press.timer && Math.hypot(event.clientX - this.press.x, event.clientY - this.press.y) > 10) this.pressEnd();
  }

  pressEnd() {
    clearTimeout(this.press.timer);
    this.press.timer = 0;
  }

  /**
   * The board's own keys: arrows move the cursor, Enter or Space toggles a queen there.
   * @param {KeyboardEvent} event
   */
  boardKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const n = this.n;
    let row = Math.floor(this.cursor / n);
    let col = this.cursor % n;
    switch (event.key) {
      case 'ArrowUp': row = Math.max(0, row - 1); break;
      case 'ArrowDown': row = Math.min(n - 1, row + 1); break;
      case 'ArrowLeft': col = Math.max(0, col - 1); break;
      case 'ArrowRight': col = Math.min(n - 1, col + 1); break;
      case 'Home': col = 0; break;
      case 'End': col = n - 1; break;
      case 'Enter': case ' ': case 'Spacebar':
        event.preventDefault();
        this.use(this.cursor);
        return;
      case 'x': case 'X':
        event.preventDefault();
        this.toggleMark(this.cursor);
        return;
      default: return;
    }
    event.preventDefault();
    this.cursor = row * n + col;
    this.placeCursor();
    this.cursorText.textContent = this.describeSquare(this.cursor);
  }

  /**
   * Page-wide keys while this view is shown: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo.
   * @param {KeyboardEvent} event
   */
  onKey(event) {
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    const target = /** @type {HTMLElement|null} */ (event.target);
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) this.undo();
    else if (key === 'y' || (key === 'z' && event.shiftKey)) this.redo();
    else return;
    event.preventDefault();
  }

  // ---- The coach ------------------------------------------------------------------

  conflicts() {
    return this.squares.some((a, i) => this.squares.slice(i + 1).some((b) => attack(this.n, a, b)));
  }

  analyse() {
    this.hinter.stop();
    this.analysis = { pending: true, conflict: this.conflicts() };
    this.counter.ask({ type: 'analyse', n: this.n, squares: Int32Array.from(this.squares), excluded: Int32Array.from(this.marks) });
  }

  /** @param {CoachReply} msg  the counting coach's answers */
  heard(msg) {
    const a = this.analysis;
    switch (msg.type) {
      case 'completion': a.solution = msg.solution; break;
      case 'count': a.count = msg.count; break;
      case 'culprit': a.culprit = msg.square; break;
      case 'rank': a.rank = msg; break;
      case 'marks': a.marks = { count: msg.count, wrong: msg.wrong }; break;
      case 'done': a.pending = false; break;
      case 'slow': a.slow = true; break;
      case 'timeout': a.pending = false; a.timedOut = true; break;
      case 'error': a.pending = false; a.error = msg.message; showProblem(msg.message, 'error'); break;
      default: return;
    }
    this.render();
  }

  /**
   * Why the board is a dead end: two queens attack each other ('attack'), or
   * none does but no completion exists ('no-completion', the coach counted
   * none); null while it is not dead.
   * @returns {'attack' | 'no-completion' | null}
   */
  deadReason() {
    if (this.state() !== 'dead') return null;
    return this.analysis.conflict ? 'attack' : 'no-completion';
  }

  /** @returns {'empty' | 'dead' | 'solved' | 'open'} */
  state() {
    const a = this.analysis;
    if (this.squares.length === 0) return 'empty';
    if (a.conflict || a.count === 0n) return 'dead';
    if (this.squares.length === this.n) return 'solved';
    return 'open';
  }

  coachText() {
    const { n } = this;
    const a = this.analysis;
    const state = this.state();
    if (state === 'solved') {
      const cols = new Array(n);
      for (const s of this.squares) cols[Math.floor(s / n)] = s % n;
      const { size } = symmetryClass(cols);
      const which = a.rank ? ` This is solution ${formatCount(a.rank.index)} of ${formatCount(a.rank.total)}.` : '';
      return `Solved!${which} Its symmetry class has ${counted(size, 'member')}.`;
    }
    if (!this.verdictShown()) {
      return `Coach off: ${counted(this.squares.length, 'queen')} on the board. Press Check when you want to know whether it can still be finished.`;
    }
    if (state === 'dead' && a.conflict) {
      const pair = attackingPair(n, this.squares);
      const which = pair ? `the queens on ${where(n, pair.a)} and ${where(n, pair.b)} attack each other along ${pair.along}` : 'two queens attack each other';
      const move = a.culprit == null ? ' Move one of them.' : ` The queen on ${where(n, a.culprit)} is the one to move.`;
      return `Dead end: ${which}.${move}`;
    }
    if (state === 'dead') {
      const none = 'Dead end: no queen attacks another, but the coach checked every way to fill the other rows and none works.';
      if (a.culprit === undefined) return a.pending ? none : `${none} Take a queen off to go on.`;
      if (a.culprit === null) return `${none} Moving a single queen is not enough: take off some more.`;
      return `${none} The queen on ${where(n, a.culprit)} is the one to move.`;
    }
    const board = state === 'empty' ? `The empty ${n}×${n} board` : 'This board';
    // Marks whose check has not come back: still checking, or not checked in time.
    const marksLeft = this.marks.length && a.solution && !a.marks ? (a.pending ? ' Still checking your ruled-out squares…' : ' Your ruled-out squares could not be checked in time.') : '';
    if (a.count !== undefined) {
      return `${board} can still be completed in ${counted(a.count, 'way')}.${this.marksText()}${marksLeft}`;
    }
    if (a.timedOut) {
      return a.solution
        ? `${board} can still be completed in at least one way (too many to count in time).${this.marksText()}${marksLeft}`
        : `${board} took too long to check: no completion was found in time.`;
    }
    if (a.error) return 'The coach could not look at this board.';
    if (a.slow) return a.solution ? `${board} can be completed.${marksLeft}` : 'Still checking… no way to complete this board has been found yet.';
    return 'Counting the ways to complete this board…';
  }

  /** The marks the coach flags: those every completion needs (only while its verdict is shown). */
  wrongMarks() {
    const m = this.analysis.marks;
    return this.verdictShown() && m && m.count === 0n ? m.wrong : [];
  }

  /** What the coach says of the learner's marks, after the count: nothing while they are right. */
  marksText() {
    const m = this.analysis.marks;
    if (!m || m.count !== 0n) return '';
    if (!m.wrong.length) return ' But your ruled-out squares together leave no way to finish: let one of them back in.';
    const which = m.wrong.map((s) => where(this.n, s)).join(' and ');
    return ` But ${m.wrong.length === 1 ? 'the square' : 'the squares'} you ruled out on ${which} ${m.wrong.length === 1 ? 'is' : 'are'} needed: every way to finish puts a queen there.`;
  }

  /** The squares the board shows ruled out: the learner's marks and every square a queen attacks. */
  ruledOut() {
    const { cells } = boardMarks(this.n, this.squares);
    const out = new Set(this.marks);
    cells.forEach((flags, s) => { if (flags & CELL.THREATENED && !(flags & CELL.QUEEN)) out.add(s); });
    return Int32Array.from([...out].sort((a, b) => a - b));
  }

  /**
   * The rule's name, from the core's deductionRules().
   * @param {string} id
   */
  ruleName(id) {
    return this.rules.find((r) => r.id === id)?.name ?? id;
  }

  askHint() {
    const state = this.state();
    if (state === 'solved') return this.say('The board is solved: no hint needed.');
    if (state === 'dead') {
      const { culprit } = this.analysis;
      return this.say(culprit == null ? 'No square helps here: take a queen off first.' : `No square helps here: first move the queen on ${where(this.n, culprit)}.`);
    }
    // No hint on a board whose check has not come back.
    const unchecked = uncheckedSentence(this.analysis, this.marks.length > 0);
    if (unchecked) return this.say(unchecked);
    const wrong = this.analysis.marks?.count === 0n ? this.analysis.marks.wrong : null;
    if (wrong) {
      const which = wrong.map((s) => where(this.n, s)).join(' and ');
      return this.say(wrong.length
        ? `No deduction helps while a square every way to finish needs is ruled out: let ${which} back in first.`
        : 'No deduction helps while your ruled-out squares together leave no way to finish: let one of them back in first.');
    }
    this.endReplay();
    this.say('Looking for a hint…');
    // The squares the board shows attacked go in as ruled out: the hint starts where the learner's eyes do.
    this.hinter.ask({ type: 'hint', n: this.n, squares: Int32Array.from(this.squares), excluded: this.ruledOut() });
  }

  /**
   * Shows a hint: its square ringed, its lines drawn, its rule in #puzzle[data-hint-rule].
   * @param {ShownHint} hint
   */
  showHint(hint) {
    this.hint = hint;
    this.root.dataset.hintRule = hint.rule;
    this.cursor = hint.square;
    this.render();
    this.placeCursor();
  }

  /** @param {CoachReply} msg  the hinting coach's answers */
  heardHint(msg) {
    if (msg.type === 'deduction') {
      const d = msg.deduction;
      const square = d.row * this.n + d.col;
      this.showHint({ square, kind: d.kind, rule: d.rule, lines: d.lines, squares: d.squares });
      this.say(d.reason, `Hint · ${this.ruleName(d.rule)}:`);
    } else if (msg.type === 'hint') {
      const { hint } = msg;
      if (!hint) return this.say('No square keeps a solution possible: take a queen off.');
      this.showHint({ square: hint.square, kind: 'place', rule: 'search', lines: [], squares: [] });
      this.say(`No rule applies to this board, so the solver searched instead. A queen on ${where(this.n, hint.square)} keeps a solution possible. ${hint.reason}`, 'Hint · a search, not a deduction:');
    } else if (msg.type === 'timeout') {
      this.say('A hint takes too long on this board; place a queen or two first.');
    } else if (msg.type === 'error') {
      this.say('');
      showProblem(msg.message, 'error');
    }
  }

  // ---- Solve by reasoning ---------------------------------------------------------

  /** Asks for the chain of deductions from the puzzle's own queens (or, with no puzzle, the queens on the board). */
  startReplay() {
    this.endReplay();
    const start = this.given.length ? this.given : this.squares;
    this.reasoning.text.textContent = 'Working out the chain of deductions…';
    this.reasoner.ask({ type: 'chain', n: this.n, squares: Int32Array.from(start), excluded: [] });
  }

  /** @param {CoachReply} msg  the reasoning coach's answers */
  heardChain(msg) {
    if (msg.type === 'chain') {
      this.replay = { steps: msg.steps, solved: msg.solved, queens: msg.queens, excluded: msg.excluded, index: 0, timer: 0 };
      this.showReplay();
    } else if (msg.type === 'timeout') {
      this.reasoning.text.textContent = 'Working out every deduction took too long on this board.';
    } else if (msg.type === 'error') {
      this.reasoning.text.textContent = '';
      showProblem(msg.message, 'error');
    }
  }

  /**
   * One step forward (+1) or back (−1).
   * @param {number} by
   */
  stepReplay(by) {
    const r = this.replay;
    if (!r) return;
    r.index = Math.max(0, Math.min(r.steps.length, r.index + by));
    if (r.index === r.steps.length) this.pauseReplay();
    this.showReplay();
  }

  /** Play (a step every REPLAY_STEP_MS to the end) or Pause. */
  playReplay() {
    const r = this.replay;
    if (!r) return;
    if (r.timer) {
      this.pauseReplay();
    } else {
      if (r.index === r.steps.length) r.index = 0;
      r.timer = window.setInterval(() => this.stepReplay(1), REPLAY_STEP_MS);
    }
    this.showReplay();
  }

  pauseReplay() {
    if (!this.replay) return;
    clearInterval(this.replay.timer);
    this.replay.timer = 0;
  }

  /**
   * A touch on the board while the replay shows closes it (and does no more):
   * true if it did.
   */
  leftReplay() {
    if (!this.replay) return false;
    this.closeReplay();
    return true;
  }

  /** Back to the learner's own board. */
  closeReplay() {
    this.endReplay();
    this.render();
  }

  /** Drops the replay, if any (the board changed, or Close). */
  endReplay() {
    this.reasoner.stop();
    this.pauseReplay();
    this.replay = null;
    this.reasoning.text.textContent = '';
    this.showReplay();
  }

  /** The replay's controls and sentence, and its board. */
  showReplay() {
    const r = this.replay;
    const { back, next, play, close, text } = this.reasoning;
    back.disabled = !r || r.index === 0;
    next.disabled = !r || r.index === r.steps.length;
    play.disabled = !r || !r.steps.length;
    close.disabled = !r;
    play.textContent = r?.timer ? 'Pause' : 'Play';
    play.setAttribute('aria-pressed', String(Boolean(r?.timer)));
    if (r) {
      this.root.dataset.replayStep = String(r.index);
      this.root.dataset.replaySteps = String(r.steps.length);
      text.textContent = this.replayText(r);
    } else {
      delete this.root.dataset.replayStep;
      delete this.root.dataset.replaySteps;
    }
    this.render();
  }

  /** @param {Replay} r */
  replayText(r) {
    const total = r.steps.length;
    if (r.index < total) {
      const { deduction: d } = r.steps[r.index];
      return `Step ${r.index + 1} of ${total} · ${this.ruleName(d.rule)}: ${d.reason}`;
    }
    if (r.solved) return `Solved by reasoning alone in ${counted(total, 'step')}: no guess was needed.`;
    if (!total) return 'No rule applies to this board: finishing it needs a guess (or a search).';
    return `After ${counted(total, 'step')} no rule applies any more: finishing the board needs a guess here.`;
  }

  /**
   * The board to draw: the replay's step while it is open, else the learner's.
   * @returns {{ queens: number[], marks: number[], hint: ShownHint | null, given: number[] }}
   */
  shown() {
    const r = this.replay;
    if (!r) return { queens: this.squares, marks: this.marks, hint: this.hint, given: this.given };
    const step = r.steps[r.index];
    const queens = step ? step.queens : r.queens;
    const excluded = step ? step.excluded : r.excluded;
    // The attacked squares are hatched already: the crosses are the squares the rules ruled out.
    const { cells } = boardMarks(this.n, queens);
    const marks = excluded.filter((s) => !(cells[s] & CELL.THREATENED));
    const d = step?.deduction;
    const hint = d ? { square: d.row * this.n + d.col, kind: d.kind, rule: d.rule, lines: d.lines, squares: d.squares } : null;
    return { queens, marks, hint, given: this.given };
  }

  // ---- Showing --------------------------------------------------------------------

  /**
   * The note under the coach line (hints, why something cannot be done).
   * @param {string} text
   * @param {string} [label]  in bold before it: a hint's rule
   */
  say(text, label = '') {
    const shown = label ? `${label} ${text}` : text;
    if (this.note.textContent !== shown) this.note.replaceChildren(...(label ? [el('strong', {}, label), ` ${text}`] : [text]));
    this.note.hidden = !text;
  }

  /** "Easy: … · Medium: … · Hard: …", the rules each level needs (the core's deductionRules()). */
  showLevelRules() {
    const chosen = this.difficulty.value;
    const items = DIFFICULTIES.map((level) => {
      const own = this.rules.filter((r) => r.level === level).map((r) => r.name);
      const upTo = DIFFICULTIES.indexOf(level);
      const [smallest] = this.levelSizes(level);
      const sizes = smallest > this.limits.generatedMinN ? ` (${smallest}×${smallest} and up)` : '';
      const text = upTo === 0 ? `${capital(level)}${sizes}: ${own.join(', ')}.` : `${capital(level)}${sizes}: the ${DIFFICULTIES[upTo - 1]} rules, and at least once ${own.join(' or ')}.`;
      return el('li', level === chosen ? { 'data-current': '' } : {}, text);
    });
    this.levelRules.replaceChildren(...items);
  }

  render() {
    const { n } = this;
    const shown = this.shown();
    const squares = shown.queens;
    const wrong = this.replay ? [] : this.wrongMarks();
    const { cells, lines } = boardMarks(n, squares, shown.hint?.square ?? -1, shown.given, shown.marks, wrong);
    // A queen a hint places shows as a faint queen; a square it rules out keeps the ring.
    if (shown.hint?.kind === 'place') cells[shown.hint.square] |= CELL.GHOST;
    // The lines the hint used as bands, and the squares it used as discs.
    /** @type {import('../components/board.js').Lines} */
    const bands = [...(shown.hint?.lines ?? []).map((line) => lineEnds(n, line)), ...(shown.hint?.squares ?? []).map((s) => /** @type {[number, number]} */ ([s, s]))];
    this.board.draw(cells, n, lines, bands);
    if (shown.hint) {
      this.root.dataset.hintSquare = String(shown.hint.square);
      this.root.dataset.hintKind = shown.hint.kind;
      this.root.dataset.hintLines = shown.hint.lines.map((l) => `${l.kind}:${l.index}`).join(' ');
    } else {
      delete this.root.dataset.hintSquare;
      delete this.root.dataset.hintKind;
      delete this.root.dataset.hintLines;
    }
    this.root.dataset.shownQueens = squares.join(',');
    this.root.dataset.marks = shown.marks.join(',');
    if (wrong.length) this.root.dataset.wrongMarks = wrong.join(',');
    else delete this.root.dataset.wrongMarks;
    const state = this.state();
    this.root.dataset.state = state;
    const reason = this.verdictShown() ? this.deadReason() : null;
    if (reason) this.root.dataset.deadReason = reason;
    else delete this.root.dataset.deadReason;
    this.root.dataset.coach = this.coachOn ? 'on' : 'off';
    if (this.analysis.count !== undefined) this.root.dataset.completions = String(this.analysis.count);
    else delete this.root.dataset.completions;
    this.root.dataset.busy = String(Boolean(this.analysis.pending));
    const text = this.coachText();
    if (this.coachLine.textContent !== text) this.coachLine.textContent = text;
    this.coachLine.dataset.state = this.verdictShown() ? state : 'unchecked';

    this.buttons.undo.disabled = !this.past.length;
    this.buttons.redo.disabled = !this.future.length;
    this.buttons.clear.disabled = this.squares.length === this.given.length && !this.marks.length;
    // With a puzzle's queens on the board, Clear keeps them (and says so);
    // New empty board leaves the puzzle.
    const puzzle = this.given.length > 0;
    this.buttons.clear.textContent = puzzle ? 'Clear mine' : 'Clear';
    // Both stay in the row, enabled or not, so that using a control never
    // moves the others (the coach's checkbox below them among them).
    this.buttons.empty.disabled = !puzzle;
    this.buttons.check.disabled = this.coachOn || this.revealed || squares.length === 0;
    this.buttons.check.title = this.coachOn
      ? 'The coach checks as you go; untick it to check when you choose'
      : 'Ask the coach whether this board can still be finished';
    const placed = squares.map((s) => `${where(n, s)}${this.given.includes(s) ? ' (given)' : ''}`);
    const ruled = shown.marks.length ? ` Ruled out: ${shown.marks.map((s) => where(n, s)).join('; ')}.` : '';
    const used = shown.hint?.lines.length ? ` The hint used ${shown.hint.lines.map((l) => lineName(n, l)).join(', ')}.` : '';
    const whose = this.replay ? `Solving by reasoning, step ${this.replay.index} of ${this.replay.steps.length}: ` : '';
    const tool = this.tool === 'mark' ? 'rules a square out or lets it back in' : 'places or takes off a queen';
    this.canvas.setAttribute('aria-label', `${whose}${n}×${n} puzzle board, ${counted(squares.length, 'queen')}${placed.length ? `: ${placed.join('; ')}` : ''}.${ruled}${used} Arrow keys move the cursor, Enter or Space ${tool}, X rules a square out.`);
    this.placeCursor();
  }

  /**
   * What is on `square`, for the cursor's line.
   * @param {number} square
   * @returns {string}
   */
  describeSquare(square) {
    const { cells } = boardMarks(this.n, this.squares, -1, [], this.marks);
    const flags = cells[square];
    const ruled = flags & CELL.RULED_OUT ? ', ruled out' : '';
    const what = flags & CELL.QUEEN ? (flags & CELL.CONFLICT ? 'a queen under attack' : 'a queen') : flags & CELL.THREATENED ? `empty, threatened${ruled}` : `empty${ruled || ', safe'}`;
    return `Row ${Math.floor(square / this.n) + 1}, column ${(square % this.n) + 1}: ${what}.`;
  }

  /** The keyboard cursor: an outline over the board while the board has focus. */
  placeCursor() {
    const show = document.activeElement === this.canvas;
    this.cursorBox.hidden = !show;
    if (!show) return;
    const size = this.canvas.offsetWidth;
    const cell = size / this.n;
    const style = this.cursorBox.style;
    style.left = `${this.canvas.offsetLeft + (this.cursor % this.n) * cell}px`;
    style.top = `${this.canvas.offsetTop + Math.floor(this.cursor / this.n) * cell}px`;
    style.width = style.height = `${cell}px`;
  }

  showPuzzleCaption() {
    const p = this.puzzle;
    if (!p && isNauck(this.n, this.given)) {
      this.puzzleCaption.textContent = 'Nauck\'s problem of 1850: the two framed queens are given; place the other six.';
      this.puzzleCaption.hidden = false;
      return;
    }
    this.puzzleCaption.textContent = p
      ? `Puzzle ${this.n}×${this.n}, ${p.difficulty}, seed ${p.seed}: exactly one way to finish it. The queens it gives stay put: they stand on framed squares.`
      : this.given.length ? 'A shared puzzle: exactly one way to finish it. The queens it gives stay put: they stand on framed squares.' : '';
    this.puzzleCaption.hidden = !this.puzzleCaption.textContent;
  }

  /** @param {boolean} [now]  at once, rather than after the quiet time */
  writeUrl(now = false) {
    if (this.active) this.url.update(now);
    else this.url.cancel();
  }
}
