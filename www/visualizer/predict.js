// Prediction prompts: with "Predict" on, a click on the
// visualizer's board names the square you think the next step looks at; the
// visualizer takes that step, and the status line says whether you were right
// and keeps the score; a wrong guess is told why (a queen attacks it, or the
// search looks elsewhere first). The square a step looks at is the one its cells mark as
// probed (CELL.PROBED): the square tried, placed on, or the queen taken off.
//
// By keyboard: with Predict on the board takes the focus, the arrows move a
// cursor square (outlined over the board), and Enter or Space guesses it.
//
// Needs only the visualizer's public face: its board canvas, session, step() and say().

import { CELL } from '../components/board.js';
import { sharedLine } from '../lib/attack.js';
import { el } from '../lib/dom.js';
import { guard } from '../lib/errors.js';

/** @type {(n: number, square: number) => string} */
const where = (n, square) => `row ${Math.floor(square / n) + 1}, column ${(square % n) + 1}`;

/**
 * Why a guess was not the square the step looked at, from the queens on the
 * board before the step: a queen stands on it, a queen attacks it (the first
 * found, and along what), or nothing does and the search simply looks
 * somewhere else first.
 * @param {number} n
 * @param {number} guess  the square clicked
 * @param {number} probed  the square the step looked at
 * @param {ArrayLike<number>} queens  each row's queen column before the step, or -1
 * @returns {string}
 */
function wrongGuess(n, guess, probed, queens) {
  const [row, col] = [Math.floor(guess / n), guess % n];
  const looked = `the step looked at ${where(n, probed)}`;
  if (queens[row] === col) return `A queen already stands there; ${looked}.`;
  for (let r = 0; r < n; r++) {
    const c = queens[r];
    if (c < 0 || c === undefined) continue;
    const line = sharedLine(r, c, row, col);
    if (line) return `The queen on ${where(n, r * n + c)} attacks it along its ${line}; ${looked}.`;
  }
  return `No queen attacks it, but the search looks at ${where(n, probed)} first.`;
}

export class Predictor {
  /**
   * @param {HTMLInputElement} toggle  the "Predict" checkbox
   * @param {import('../components/visualizer.js').Visualizer} visualizer
   */
  constructor(toggle, visualizer) {
    this.toggle = toggle;
    this.visualizer = visualizer;
    this.canvas = visualizer.board.canvas;
    this.score = { right: 0, tries: 0 };
    /** The keyboard's square: row and column. */
    this.cursor = { row: 0, col: 0 };
    this.mark = el('div', { class: 'predict-cursor', 'aria-hidden': 'true', hidden: '' });
    this.canvas.after(this.mark);
    toggle.addEventListener('change', () => this.changed());
    this.canvas.addEventListener('click', (event) => this.clicked(event));
    this.canvas.addEventListener('keydown', (event) => this.keyed(event));
    this.canvas.addEventListener('focus', () => this.showCursor());
    this.canvas.addEventListener('blur', () => { this.mark.hidden = true; });
  }

  /** The cursor's outline over its square, while the board has the focus and Predict is on. */
  showCursor() {
    const n = this.visualizer.n;
    this.mark.hidden = !this.on || !n || document.activeElement !== this.canvas;
    if (this.mark.hidden) return;
    const size = this.canvas.offsetWidth / n;
    Object.assign(this.mark.style, {
      left: `${this.canvas.offsetLeft + this.cursor.col * size}px`,
      top: `${this.canvas.offsetTop + this.cursor.row * size}px`,
      width: `${size}px`,
      height: `${size}px`,
    });
  }

  /**
   * The arrows move the cursor and Enter or Space guesses its square; the
   * page's own keys (step, play) wait while the board guesses.
   * @param {KeyboardEvent} event
   */
  keyed(event) {
    const n = this.visualizer.n;
    if (!this.on || !n || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = /** @type {Record<string, [number, number]>} */ ({ ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] });
    const move = moves[event.key];
    if (!move && event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    const clamp = (/** @type {number} */ v) => Math.min(n - 1, Math.max(0, v));
    this.cursor = { row: clamp(this.cursor.row), col: clamp(this.cursor.col) };
    if (move) {
      this.cursor = { row: clamp(this.cursor.row + move[0]), col: clamp(this.cursor.col + move[1]) };
      this.visualizer.say(`Predict: ${where(n, this.cursor.row * n + this.cursor.col)}. Enter guesses it.`);
    } else {
      this.guess(this.cursor.row, this.cursor.col);
    }
    this.showCursor();
  }

  get on() {
    return this.toggle.checked;
  }

  changed() {
    this.canvas.classList.toggle('predicting', this.on);
    this.score = { right: 0, tries: 0 };
    // The board takes the focus only while it takes guesses.
    if (this.on) this.canvas.tabIndex = 0;
    else this.canvas.removeAttribute('tabindex');
    this.mark.hidden = true;
    if (this.on) {
      this.visualizer.say('Predict: click the square you think the next step looks at (or Tab to the board, move with the arrows and press Enter).');
      this.showBoardWithToggle();
    }
  }

  /**
   * Scrolls so that the board, where the guesses go, is on screen with the
   * box: on a phone the box sits under the board and the controls.
   */
  showBoardWithToggle() {
    const board = this.canvas.getBoundingClientRect();
    const box = /** @type {HTMLElement} */ (this.toggle.closest('label') ?? this.toggle).getBoundingClientRect();
    if (board.top >= 0 && box.bottom <= window.innerHeight) return;
    // The board's top at the top of the screen: the box, under it, fits below
    // on any screen taller than the board and the controls.
    window.scrollBy({ top: board.top - 8 });
  }

  /** @param {MouseEvent} event */
  clicked(event) {
    const n = this.visualizer.n;
    const box = this.canvas.getBoundingClientRect();
    this.guess(Math.floor(((event.clientY - box.top) / box.height) * n), Math.floor(((event.clientX - box.left) / box.width) * n));
  }

  /**
   * A guess: the square the next step looks at is row `row`, column `col` (from 0).
   * @param {number} row
   * @param {number} col
   */
  guess(row, col) {
    const v = this.visualizer;
    /** @type {import('../types.js').Session | null} */
    const s = v.session;
    if (!this.on || !s) return;
    const n = v.n;
    if (v.board.isDense(n)) {
      v.say(`Predict needs squares big enough to click: choose a smaller board than ${n}×${n}.`);
      return;
    }
    if (row < 0 || col < 0 || row >= n || col >= n) return;
    this.cursor = { row, col };
    const guess = row * n + col;
    const before = guard(() => s.stepIndex, null);
    const queens = guard(() => s.queens(), new Int32Array(n).fill(-1));
    v.step();
    const probed = guard(() => (s.stepIndex === before ? -1 : s.cells().findIndex((flags) => (flags & CELL.PROBED) !== 0)), -1);
    if (probed < 0) return; // the search is over (step() said so) or the core failed
    const right = probed === guess;
    this.score.tries += 1;
    if (right) this.score.right += 1;
    const verdict = right ? 'Right!' : `Not this time: you chose ${where(n, guess)}. ${wrongGuess(n, guess, probed, queens)}`;
    const { right: r, tries: t } = this.score;
    v.say(`${verdict} ${guard(() => s.message(), '')} (${r} of ${t} right)`);
  }
}
