// Chapter 1's live view: an 8×8 board (the page's board component) on which
// the learner places queens by hand, with the mouse or the keys, and the core
// counts the solutions that still keep every queen placed (`completions`).
// Same shape as LiveView (live.js): built when the chapter opens, freed when
// it closes.

import { BoardView, CELL, readTheme } from '../components/board.js';
import { el, formatCount } from '../lib/dom.js';
import { guard } from '../lib/errors.js';
import { attacks } from '../lib/attack.js';

/** @typedef {import('../core/core.js').Core} Core */

export class HandBoard {
  /**
   * @param {HTMLElement} host
   * @param {Core} core
   * @param {number} n
   * @param {number[]} [start]  squares (row × n + column) with queens at first
   */
  constructor(host, core, n, start = []) {
    this.core = core;
    this.n = n;
    /** @type {Set<number>} the squares with a queen */
    this.queens = new Set(start);
    this.cursor = 0;
    const canvas = el('canvas', {
      id: 'learn-board', class: 'board-canvas learn-board', 'data-part': 'board', tabindex: 0,
      role: 'application', 'aria-roledescription': 'board', 'aria-describedby': 'learn-hand-keys', 'aria-label': 'Chess board',
    });
    this.status = el('p', { class: 'status learn-status', 'data-part': 'message', 'aria-live': 'polite' });
    this.facts = el('dl', { class: 'counters learn-counters', 'data-part': 'facts' });
    const clear = el('button', { type: 'button', 'data-part': 'clear' }, 'Clear the board');
    this.root = el('div', { class: 'learn-live', 'data-part': 'live', 'data-algorithm': 'by-hand', 'data-n': n }, [
      el('div', 'learn-stage', [
        el('div', 'board-wrap learn-board-wrap', [canvas]),
        el('div', 'learn-side', [
          this.status,
          el('p', { id: 'learn-hand-keys', class: 'muted' }, 'Click a square to put a queen on it or take it off. With the keys: focus the board, move with the arrow keys, Enter or Space to place or lift.'),
          el('div', 'learn-controls', [clear]),
          this.facts,
        ]),
      ]),
    ]);
    host.replaceChildren(this.root);
    this.board = new BoardView(this.root);
    this.resize = new ResizeObserver(() => { if (this.board.fit()) this.board.redraw(); });
    this.resize.observe(canvas);
    canvas.addEventListener('click', (event) => {
      const box = canvas.getBoundingClientRect();
      const col = Math.floor(((event.clientX - box.left) / box.width) * n);
      const row = Math.floor(((event.clientY - box.top) / box.height) * n);
      if (row < 0 || row >= n || col < 0 || col >= n) return;
      this.cursor = row * n + col;
      this.toggle(this.cursor);
    });
    canvas.addEventListener('keydown', (event) => this.onKey(event));
    canvas.addEventListener('focus', () => this.draw());
    canvas.addEventListener('blur', () => this.draw());
    clear.addEventListener('click', () => { this.queens.clear(); this.update(); });
    this.update();
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    const n = this.n;
    const row = Math.floor(this.cursor / n);
    const col = this.cursor % n;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (event.key in moves) {
      const [dr, dc] = moves[event.key];
      this.cursor = Math.min(n - 1, Math.max(0, row + dr)) * n + Math.min(n - 1, Math.max(0, col + dc));
      this.draw();
      this.status.textContent = `Row ${Math.floor(this.cursor / n) + 1}, column ${(this.cursor % n) + 1}${this.queens.has(this.cursor) ? ': a queen' : ''}.`;
    } else if (event.key === 'Enter' || event.key === ' ') {
      this.toggle(this.cursor);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  /**
   * Puts exactly these queens on the board (a lecture slide).
   * @param {number[]} squares  row × n + column
   */
  setQueens(squares) {
    this.queens = new Set(squares.filter((x) => Number.isInteger(x) && x >= 0 && x < this.n * this.n));
    this.update();
  }

  /** @param {number} square */
  toggle(square) {
    if (this.queens.has(square)) this.queens.delete(square);
    else if (this.queens.size < this.n) this.queens.add(square);
    else {
      this.status.textContent = `There are ${this.n} queens on the board already: lift one first.`;
      return;
    }
    this.update();
  }

  /** Counts what the board holds now, asks the core, and draws. */
  update() {
    const n = this.n;
    const list = [...this.queens].sort((a, b) => a - b);
    const at = list.map((s) => [Math.floor(s / n), s % n]);
    let pairs = 0;
    for (let i = 0; i < at.length; i++) for (let j = i + 1; j < at.length; j++) if (attacks(at[i][0], at[i][1], at[j][0], at[j][1])) pairs++;
    // The core counts the solutions that keep every queen placed (0 once two attack).
    // Two queens in one row keep no solution (the core takes one queen a row).
    const rows = new Set(at.map(([r]) => r));
    const left = rows.size < at.length ? 0n : guard(() => this.core.wasm.completions(n, Int32Array.from(list)), null);
    this.root.dataset.queens = String(list.length);
    this.root.dataset.pairs = String(pairs);
    this.root.dataset.completions = left === null ? '' : String(left);
    this.facts.replaceChildren(
      ...[['Queens', formatCount(list.length)], ['Attacking pairs', formatCount(pairs)], ['Solutions that keep these queens', left === null ? '–' : formatCount(left)]]
        .map(([label, value]) => el('div', '', [el('dt', '', label), el('dd', { 'data-fact': label }, value)])),
    );
    if (list.length === n && pairs === 0) this.status.textContent = `Solved: ${n} queens and no two attack each other.`;
    else if (pairs) this.status.textContent = `${formatCount(pairs)} pair${pairs === 1 ? '' : 's'} of queens attack each other (red).`;
    else this.status.textContent = `${list.length} of ${n} queens, none attacked.`;
    this.draw();
  }

  /** Draws the queens, the squares they attack, and the cursor while the board has focus. */
  draw() {
    const n = this.n;
    const cells = new Uint8Array(n * n);
    const at = [...this.queens].map((s) => [Math.floor(s / n), s % n]);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const attackers = at.filter(([qr, qc]) => (qr !== r || qc !== c) && attacks(qr, qc, r, c)).length;
        if (this.queens.has(i)) cells[i] |= CELL.QUEEN | (attackers ? CELL.CONFLICT : 0);
        else if (attackers) cells[i] |= CELL.THREATENED;
      }
    }
    if (document.activeElement === this.board.canvas) cells[this.cursor] |= CELL.PROBED;
    this.board.draw(cells, n);
    this.board.describe(Array.from({ length: n }, (_, r) => {
      const q = at.find(([qr]) => qr === r);
      return q ? q[1] : -1;
    }), n);
  }

  repaint() {
    this.board.setTheme(readTheme());
    this.board.redraw();
  }

  /** Squares with queens, for reopening after a trap. */
  step() {
    return 0;
  }

  halt() {}

  free() {
    this.resize.disconnect();
    this.root.remove();
  }
}
