// Puzzle mode's board on the page: the canvas (board.js) with what it draws
// over the squares (draw.js: regions, open squares, numbered queens, the
// queen to move), a regions puzzle's grid of squares (regions-view.js), the
// input on it (input.js) and its label; it fits its size and follows the
// colour scheme, and prints in the paper's colours (print media's board
// colours). What it draws comes from shown.js's boardPicture.

import { BoardView, readTheme } from '../components/board.js';
import { drawExtras, regionColour } from './draw.js';
import { BoardInput } from './input.js';
import { showRegionGrid } from './regions-view.js';

export class PuzzleBoardView {
  /**
   * @param {HTMLElement} root  #puzzle, holding the canvas, [data-part=cursor] and [data-part=region-grid]
   * @param {HTMLElement} cursorBox  the keyboard cursor's outline
   * @param {HTMLElement} regionGrid  the regions' grid of squares
   * @param {ConstructorParameters<typeof BoardInput>[2]} actions  what the input does (input.js)
   */
  constructor(root, cursorBox, regionGrid, actions) {
    this.board = new BoardView(root);
    this.canvas = this.board.canvas;
    this.regionGrid = regionGrid;
    /** A letter in each region (a setting). */
    this.letters = false;
    /** @type {import('./draw.js').Extras} */
    this.extras = { regions: null, open: [], numbered: [], culprit: -1, dark: false };
    this.board.overlay = (ctx, size, n) => drawExtras(ctx, size, n, this.extras);
    this.input = new BoardInput(this.canvas, cursorBox, actions);
    new ResizeObserver(() => {
      if (this.board.fit()) this.board.redraw();
      this.input.placeCursor();
    }).observe(this.canvas);
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      this.board.setTheme(readTheme());
      this.board.redraw();
    });
    /** Whether the page is being printed (print media): the board is drawn as a worksheet's. */
    this.printing = window.matchMedia('print').matches;
    /** What redraws the board when printing starts or ends (the view's owner sets it). */
    this.onPrint = () => this.board.redraw();
    const printing = (/** @type {boolean} */ on) => {
      if (on === this.printing) return;
      this.printing = on;
      document.documentElement.toggleAttribute('data-printing', on);
      this.board.setTheme(readTheme());
      this.onPrint();
    };
    window.matchMedia('print').addEventListener('change', (e) => printing(e.matches));
    window.addEventListener('beforeprint', () => printing(true));
    window.addEventListener('afterprint', () => printing(window.matchMedia('print').matches));
  }

  /**
   * Draws the board's picture, with the queen to move ringed.
   * @param {number} n
   * @param {import('./shown.js').Picture} picture
   * @param {number[] | null} regions
   * @param {number} culprit  the queen to move, or -1
   */
  draw(n, { cells, lines, bands, open, crossed, numbered }, regions, culprit) {
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    this.extras = { regions, letters: this.letters, crossed, open, numbered, culprit, dark };
    this.board.squareColour = regions ? regionColour(regions, dark) : null;
    this.board.draw(cells, n, lines, bands);
  }

  /**
   * The grid of squares over a regions board, or none.
   * @param {number} n
   * @param {number[] | null} regions
   */
  showGrid(n, regions) {
    showRegionGrid(this.regionGrid, this.canvas, n, regions);
  }

  /**
   * The canvas's label, and the cursor placed.
   * @param {string} label
   */
  label(label) {
    this.canvas.setAttribute('aria-label', label);
    this.input.placeCursor();
  }
}
