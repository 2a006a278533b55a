// Drawing the board: the big canvas (data-part "board") and the gallery's mini boards.
//
// The core hands us one byte of flags per cell (see CELL below); this module turns
// them into pixels and knows nothing else about the search. Colours come from CSS
// custom properties so the light and dark themes live in one place (style.css).
// A draw is a pure function of cells, size and theme: no canvas state carries over.
//
// A board whose squares are under DENSE_CELL_PX device pixels (the searches for
// one solution go to 1,000×1,000) is drawn from the queens instead
// (drawQueens): a dot a queen over a cached picture of the squares, attacked
// queens red and ringed, the current row banded and its queen boxed. N² cells
// a frame would cost more than the frame has, and could not be seen anyway.

import { context2d, cssVars, part } from '../lib/dom.js';
import { CELL } from './cells.js';

/** Bit flags of `session.cells()`, one byte per cell, row-major (cells.js). */
export { CELL };

/**
 * Reads the board colours from CSS (call again when the colour scheme changes).
 * @param {Element} [element]
 */
export function readTheme(element = document.documentElement) {
  return cssVars(element, {
    light: ['--board-light', '#f0d9b5'],
    dark: ['--board-dark', '#b58863'],
    threat: ['--board-threat', 'rgba(220, 38, 38, 0.38)'],
    hatch: ['--board-hatch', 'rgba(150, 20, 20, 0.55)'],
    queen: ['--board-queen', '#1d1d28'],
    queenEdge: ['--board-queen-edge', '#ffffff'],
    conflict: ['--board-conflict', '#dc2626'],
    probe: ['--board-probe', '#2563eb'],
    candidate: ['--board-candidate', '#15803d'],
  });
}

/** @typedef {ReturnType<typeof readTheme>} Theme  the board's colours, by role */

// A queen's crown in a unit square, built once: the board scales it to each cell.
const CROWN = (() => {
  const path = new Path2D();
  path.moveTo(0.22, 0.72);
  path.lineTo(0.13, 0.36);
  path.lineTo(0.33, 0.53);
  path.lineTo(0.5, 0.27);
  path.lineTo(0.67, 0.53);
  path.lineTo(0.87, 0.36);
  path.lineTo(0.78, 0.72);
  path.closePath();
  path.rect(0.21, 0.76, 0.58, 0.09);
  for (const [x, y] of [[0.13, 0.3], [0.5, 0.2], [0.87, 0.3]]) {
    path.moveTo(x + 0.065, y);
    path.arc(x, y, 0.065, 0, Math.PI * 2);
  }
  return path;
})();

/**
 * Pixel edge of cell `i` on a board `size` pixels wide: rounding keeps seams out.
 * @param {number} i
 * @param {number} n
 * @param {number} size
 */
const edge = (i, n, size) => Math.round((i * size) / n);

/**
 * A crown `size` pixels wide with its top left corner at (x, y).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {string} fill
 * @param {string} outline
 */
function drawCrown(ctx, x, y, size, fill, outline, alpha = 1) {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.translate(x, y);
  ctx.scale(size, size);
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1.5, size * 0.045) / size;
  ctx.strokeStyle = outline;
  ctx.stroke(CROWN);
  ctx.fillStyle = fill;
  ctx.fill(CROWN);
  ctx.restore();
}

/**
 * A diagonal hatch, tiled in canvas space so the stripes run on across cells.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} spacing
 * @param {string} color
 * @param {number} lineWidth
 */
function makeHatch(ctx, spacing, color, lineWidth) {
  const tile = document.createElement('canvas');
  tile.width = tile.height = spacing;
  const t = context2d(tile);
  t.strokeStyle = color;
  t.lineWidth = lineWidth;
  t.lineCap = 'square';
  // Three strokes so the stripe is seamless at the tile's corners.
  t.beginPath();
  t.moveTo(-1, spacing + 1); t.lineTo(spacing + 1, -1);
  t.moveTo(-1, 1); t.lineTo(1, -1);
  t.moveTo(spacing - 1, spacing + 1); t.lineTo(spacing + 1, spacing - 1);
  t.stroke();
  return ctx.createPattern(tile, 'repeat');
}

/**
 * Strokes a round-capped segment between the centres of each pair of squares.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Array<[number, number]>} pairs
 * @param {(square: number) => [number, number]} centre
 */
function strokeSegments(ctx, pairs, centre) {
  ctx.lineCap = 'round';
  ctx.beginPath();
  for (const [a, b] of pairs) {
    ctx.moveTo(...centre(a));
    ctx.lineTo(...centre(b));
  }
  ctx.stroke();
}

/** Boards up to this N have every queen named in the canvas's text alternative. */
const DESCRIBED_MAX_N = 32;
/** Squares smaller than this many device pixels are drawn from the queens (drawQueens). */
const DENSE_CELL_PX = 6;
/** Squares smaller than this many device pixels are not told apart (a checkerboard would shimmer). */
const CHECKER_MIN_PX = 2.5;

/**
 * The square (row * n + col) that `cells` mark as probed, or -1.
 * @param {ArrayLike<number>} cells
 */
export function probedSquare(cells) {
  for (let i = 0; i < cells.length; i++) if (cells[i] & CELL.PROBED) return i;
  return -1;
}

/**
 * @typedef {object} DenseBoard  a big board, as drawQueens takes it
 * @property {ArrayLike<number>} queens  each row's queen column, or -1
 * @property {ArrayLike<number>} conflicts  each row's queen's attackers (0 where none)
 * @property {number} probe  the square the last step looked at (row * n + col), or -1
 */

/** @typedef {Array<[number, number]>} Lines  pairs of squares (row * n + col) joined by a line of attack */

/** The main board: sizes its backing store to the device's pixels and draws cell flags. */
export class BoardView {
  /** @param {HTMLElement} root  holds the canvas, data-part "board" */
  constructor(root) {
    const canvas = /** @type {HTMLCanvasElement} */ (part(root, 'board'));
    this.canvas = canvas;
    this.ctx = context2d(canvas);
    this.theme = readTheme();
    this.size = 0; // backing-store pixels per side
    /** @type {CanvasPattern | null} */
    this.hatch = null;
    /** @type {{ cells: ArrayLike<number>, n: number, lines: Lines | null, bands: Lines | null } | { dense: DenseBoard, n: number } | null} */
    this.last = null; // the last draw, to redraw after a resize
    /** @type {{ key: string, canvas: HTMLCanvasElement } | null} the squares of a dense board, drawn once */
    this.squares = null;
    /** @type {{ canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D, size: number, hatch: CanvasPattern | null, squares: BoardView['squares'] } | null} drawnAt()'s canvas and its caches */
    this.other = null;
    /** @type {((square: number) => string | null) | null} a square's own colour in place of light and dark (puzzle mode's regions) */
    this.squareColour = null;
    /** @type {((ctx: CanvasRenderingContext2D, size: number, n: number) => void) | null} drawn over each cell board, last */
    this.overlay = null;
  }

  /** Matches the backing store to the canvas's CSS size × devicePixelRatio. True if it changed. */
  fit() {
    const cssSize = this.canvas.getBoundingClientRect().width || 320;
    const size = Math.max(16, Math.round(cssSize * (window.devicePixelRatio || 1)));
    if (size === this.size) return false;
    this.size = size;
    this.canvas.width = size;
    this.canvas.height = size;
    this.hatch = null;
    return true;
  }

  /** @param {Theme} theme */
  setTheme(theme) {
    this.theme = theme;
    this.hatch = null;
  }

  /**
   * The canvas's text alternative: where the queens are (`queens[row]` = column or -1).
   * @param {Int32Array | number[]} queens
   * @param {number} n
   */
  describe(queens, n) {
    if (n > DESCRIBED_MAX_N) {
      // Past a size no one listens to a list: how many queens there are.
      let count = 0;
      for (const col of queens) if (col >= 0) count++;
      this.canvas.setAttribute('aria-label', `${n}×${n} board, ${count} queen${count === 1 ? '' : 's'} (too many to list; the status line and the counters say how the search stands)`);
      return;
    }
    const placed = /** @type {string[]} */ ([]);
    queens.forEach((col, row) => { if (col >= 0) placed.push(`row ${row + 1} column ${col + 1}`); });
    const label = `${n}×${n} board, ${placed.length} queen${placed.length === 1 ? '' : 's'}${placed.length ? `: ${placed.join(', ')}` : ''}`;
    this.canvas.setAttribute('aria-label', label);
  }

  /** Scrolls the board into view if any of it is off screen (smoothly, unless motion is reduced). */
  reveal() {
    const box = this.canvas.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.canvas.scrollIntoView({ block: box.height > window.innerHeight ? 'start' : 'center', behavior: smooth ? 'smooth' : 'auto' });
  }

  /**
   * The last board drawn again at `size` pixels a side, on a canvas of its
   * own, the page's board left as it is: Record GIF's frames at the width
   * chosen, sharp whatever the screen's pixel ratio.
   * @param {number} size
   * @returns {HTMLCanvasElement}
   */
  drawnAt(size) {
    if (!this.other) {
      const canvas = document.createElement('canvas');
      this.other = { canvas, ctx: context2d(canvas), size: 0, hatch: /** @type {CanvasPattern | null} */ (null), squares: /** @type {BoardView['squares']} */ (null) };
    }
    const other = this.other;
    if (other.size !== size) {
      other.canvas.width = other.canvas.height = other.size = size;
      other.hatch = null;
    }
    // Draws as itself with the other canvas's backing store and caches in place of its own.
    const own = { canvas: this.canvas, ctx: this.ctx, size: this.size, hatch: this.hatch, squares: this.squares, last: this.last };
    Object.assign(this, { canvas: other.canvas, ctx: other.ctx, size, hatch: other.hatch, squares: other.squares });
    try {
      this.redraw();
    } finally {
      Object.assign(other, { hatch: this.hatch, squares: this.squares });
      Object.assign(this, own);
    }
    return other.canvas;
  }

  /** Redraws the last board (after a resize or a theme change). */
  redraw() {
    const last = this.last;
    if (!last) return;
    if ('dense' in last) this.drawQueens(last.dense, last.n);
    else this.draw(last.cells, last.n, last.lines, last.bands);
  }

  /**
   * True when an n×n board's squares are too small for cells and crowns at
   * this canvas's size: draw it with drawQueens.
   * @param {number} n
   */
  isDense(n) {
    if (!this.size) this.fit();
    return this.size / n < DENSE_CELL_PX;
  }

  /**
   * Draws a big n×n board from its queens: squares (a checkerboard while
   * they are big enough to tell apart), the probed row banded, a dot a queen,
   * an attacked queen red and ringed (the ring is the mark that needs no
   * colour), the probed square boxed. Pure as draw() is.
   * @param {DenseBoard} board
   * @param {number} n
   */
  drawQueens(board, n) {
    this.last = { dense: board, n };
    if (!this.size) this.fit();
    const { ctx } = this;
    ctx.save();
    try {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      this.paintDense(board, n);
    } finally {
      ctx.restore();
    }
  }

  /**
   * The squares of a dense board, drawn once per size and theme.
   * @param {number} n
   */
  squaresFor(n) {
    const { size, theme } = this;
    const key = `${n}|${size}|${theme.light}|${theme.dark}`;
    if (this.squares?.key === key) return this.squares.canvas;
    const canvas = this.squares?.canvas ?? document.createElement('canvas');
    canvas.width = canvas.height = size;
    const ctx = context2d(canvas);
    ctx.fillStyle = theme.light;
    ctx.fillRect(0, 0, size, size);
    if (size / n >= CHECKER_MIN_PX) {
      ctx.fillStyle = theme.dark;
      for (let row = 0; row < n; row++) {
        const y0 = edge(row, n, size);
        const h = edge(row + 1, n, size) - y0;
        for (let col = (row + 1) % 2; col < n; col += 2) {
          const x0 = edge(col, n, size);
          ctx.fillRect(x0, y0, edge(col + 1, n, size) - x0, h);
        }
      }
    }
    this.squares = { key, canvas };
    return canvas;
  }

  /**
   * The drawing of drawQueens, inside its save()/restore().
   * @param {DenseBoard} board
   * @param {number} n
   */
  paintDense({ queens, conflicts, probe }, n) {
    const { ctx, size, theme } = this;
    const cell = size / n;
    const px = window.devicePixelRatio || 1;
    ctx.drawImage(this.squaresFor(n), 0, 0);
    const probeRow = probe >= 0 ? Math.floor(probe / n) : -1;
    const probeCol = probe >= 0 ? probe % n : -1;
    const centre = (/** @type {number} */ i) => (i + 0.5) * cell;

    // The probed row: a band across the board, at least two pixels high.
    if (probeRow >= 0) {
      const band = Math.max(cell, 3 * px);
      ctx.globalAlpha = 0.4;
      ctx.fillStyle = theme.probe;
      ctx.fillRect(0, centre(probeRow) - band / 2, size, band);
      ctx.globalAlpha = 1;
    }

    // Queens as dots, the attacked ones after the others so they sit on top.
    const dot = Math.max(2 * px, cell * 0.72);
    const ring = Math.max(3.5 * px, cell * 0.9);
    ctx.fillStyle = theme.queen;
    for (let row = 0; row < n; row++) {
      const col = queens[row];
      if (col >= 0 && !(conflicts[row] > 0)) ctx.fillRect(centre(col) - dot / 2, centre(row) - dot / 2, dot, dot);
    }
    ctx.beginPath();
    for (let row = 0; row < n; row++) {
      const col = queens[row];
      if (col < 0 || !(conflicts[row] > 0)) continue;
      ctx.moveTo(centre(col) + ring, centre(row));
      ctx.arc(centre(col), centre(row), ring, 0, Math.PI * 2);
    }
    ctx.lineWidth = Math.max(1, 1.2 * px);
    ctx.strokeStyle = theme.conflict;
    ctx.stroke();
    ctx.fillStyle = theme.conflict;
    for (let row = 0; row < n; row++) {
      const col = queens[row];
      if (col >= 0 && conflicts[row] > 0) ctx.fillRect(centre(col) - dot / 2, centre(row) - dot / 2, dot, dot);
    }

    // The probed square: a box, on top of everything.
    if (probe >= 0) {
      const box = Math.max(cell, 9 * px);
      const line = Math.max(1.5, 2 * px);
      ctx.lineWidth = line;
      ctx.strokeStyle = theme.queenEdge;
      ctx.strokeRect(centre(probeCol) - box / 2 - line, centre(probeRow) - box / 2 - line, box + 2 * line, box + 2 * line);
      ctx.strokeStyle = theme.probe;
      ctx.strokeRect(centre(probeCol) - box / 2, centre(probeRow) - box / 2, box, box);
    }
  }

  /**
   * Draws an n×n board from `cells` (Uint8Array of CELL flags, row-major). The pixels
   * depend on the cells, size and theme only: every draw starts from the context's
   * default state and puts it back when done, so no line cap, width or alpha set by
   * one board leaks into the next. `lines` ([[square, square], …]) are extra lines
   * of attack between queens (puzzle mode, where there is no probed square);
   * `bands` ([[first, last], …]) are whole lines of the board a hint used (a
   * row, column or diagonal from its first square to its last), drawn as wide
   * translucent bands under the queens; [square, square] is a square it used,
   * a translucent disc.
   * @param {ArrayLike<number>} cells
   * @param {number} n
   * @param {Lines | null} [lines]
   * @param {Lines | null} [bands]
   */
  draw(cells, n, lines = null, bands = null) {
    this.last = { cells, n, lines, bands };
    if (!this.size) this.fit();
    const { ctx, size, theme } = this;
    if (!this.hatch) {
      const spacing = Math.max(5, Math.round(size / 48));
      this.hatch = makeHatch(ctx, spacing, theme.hatch, Math.max(1, spacing / 5));
    }
    ctx.save();
    try {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      this.paint(cells, n, lines, bands);
      this.overlay?.(ctx, size, n);
    } finally {
      ctx.restore();
    }
  }

  /**
   * A candidate's ring at (x, y), on a light halo that keeps it visible on dark and tinted squares.
   * @param {number} x
   * @param {number} y
   * @param {number} cell  a square's side
   */
  ring(x, y, cell) {
    const { ctx, theme } = this;
    const ring = Math.max(1.5, cell * 0.05);
    ctx.beginPath();
    ctx.arc(x, y, cell * 0.14, 0, Math.PI * 2);
    ctx.lineWidth = ring * 2.2;
    ctx.strokeStyle = theme.queenEdge;
    ctx.stroke();
    ctx.lineWidth = ring;
    ctx.strokeStyle = theme.candidate;
    ctx.stroke();
  }

  /**
   * The drawing itself; only draw() calls it, inside save()/restore().
   * @param {ArrayLike<number>} cells
   * @param {number} n
   * @param {Lines | null} lines
   * @param {Lines | null} [bands]
   */
  paint(cells, n, lines, bands = null) {
    const { ctx, size, theme } = this;
    const cell = size / n;
    let probe = -1;
    let anyConflict = false;

    // 1. Squares, threat tint and hatch, candidate rings.
    for (let row = 0; row < n; row++) {
      const y0 = edge(row, n, size);
      const h = edge(row + 1, n, size) - y0;
      for (let col = 0; col < n; col++) {
        const x0 = edge(col, n, size);
        const w = edge(col + 1, n, size) - x0;
        const flags = cells[row * n + col];
        ctx.fillStyle = this.squareColour?.(row * n + col) ?? ((row + col) % 2 === 0 ? theme.light : theme.dark);
        ctx.fillRect(x0, y0, w, h);
        if (flags & CELL.THREATENED && !(flags & CELL.QUEEN)) {
          // A square of its own colour (a regions puzzle's) keeps it under the hatch: no tint over it.
          if (!this.squareColour) {
            ctx.fillStyle = theme.threat;
            ctx.fillRect(x0, y0, w, h);
          }
          if (this.hatch) {
            ctx.fillStyle = this.hatch;
            ctx.fillRect(x0, y0, w, h);
          }
        }
        if (flags & CELL.CANDIDATE && !(flags & (CELL.QUEEN | CELL.GHOST)) && !bands?.length) this.ring(x0 + w / 2, y0 + h / 2, cell);
        if (flags & CELL.PROBED) probe = row * n + col;
        if (flags & CELL.CONFLICT) anyConflict = true;
      }
    }

    /** @type {(i: number) => [number, number]} */
    const centre = (i) => [edge(i % n, n, size) + cell / 2, edge(Math.floor(i / n), n, size) + cell / 2];

    // 1b. The lines a hint used: a band along each, from its first square to
    // its last; a pair of one square twice is a square it used, a disc.
    if (bands?.length) {
      ctx.save();
      ctx.globalAlpha = 0.38;
      ctx.strokeStyle = ctx.fillStyle = theme.probe;
      ctx.lineWidth = cell * 0.62;
      strokeSegments(ctx, bands.filter(([a, b]) => a !== b), centre);
      ctx.beginPath();
      for (const [a] of bands.filter(([a, b]) => a === b)) {
        const [x, y] = centre(a);
        ctx.moveTo(x + cell * 0.36, y);
        ctx.arc(x, y, cell * 0.36, 0, Math.PI * 2);
      }
      ctx.fill();
      ctx.restore();
    }

    // 1b'. Over the bands, the rings of the squares they lead to.
    if (bands?.length) {
      for (let i = 0; i < cells.length; i++) {
        if (cells[i] & CELL.CANDIDATE && !(cells[i] & (CELL.QUEEN | CELL.GHOST))) this.ring(...centre(i), cell);
      }
    }

    // 1c. Squares ruled out by the learner: a cross in the queens' colour on a
    // light halo (red when the coach flags the mark), never the threat's tint.
    for (let i = 0; i < cells.length; i++) {
      const flags = cells[i];
      if (!(flags & CELL.RULED_OUT) || flags & CELL.QUEEN) continue;
      const [x, y] = centre(i);
      const m = cell * 0.2;
      ctx.beginPath();
      ctx.moveTo(x - m, y - m); ctx.lineTo(x + m, y + m);
      ctx.moveTo(x + m, y - m); ctx.lineTo(x - m, y + m);
      ctx.lineCap = 'round';
      ctx.lineWidth = Math.max(3, cell * 0.13);
      ctx.strokeStyle = theme.queenEdge;
      ctx.stroke();
      ctx.lineWidth = Math.max(1.5, cell * 0.07);
      ctx.strokeStyle = flags & CELL.CONFLICT ? theme.conflict : theme.queen;
      ctx.stroke();
    }

    // 2. Lines of attack: from the probed square to each queen attacking it, and the pairs given.
    /** @type {Lines} */
    const pairs = lines ? [...lines] : [];
    if (probe >= 0 && anyConflict) {
      for (let i = 0; i < cells.length; i++) if (i !== probe && cells[i] & CELL.CONFLICT) pairs.push([probe, i]);
    }
    if (pairs.length) {
      ctx.strokeStyle = theme.conflict;
      ctx.lineWidth = Math.max(2, cell * 0.07);
      strokeSegments(ctx, pairs, centre);
    }

    // 3. Ghosts (translucent) and queens; a queen in conflict is red and ringed.
    for (let i = 0; i < cells.length; i++) {
      const flags = cells[i];
      if (!(flags & (CELL.QUEEN | CELL.GHOST))) continue;
      const x0 = edge(i % n, n, size);
      const y0 = edge(Math.floor(i / n), n, size);
      const inConflict = (flags & CELL.CONFLICT) !== 0;
      if (flags & CELL.QUEEN) {
        if (inConflict) {
          ctx.beginPath();
          ctx.arc(x0 + cell / 2, y0 + cell / 2, cell * 0.46, 0, Math.PI * 2);
          ctx.lineWidth = Math.max(2, cell * 0.06);
          ctx.strokeStyle = theme.conflict;
          ctx.stroke();
        }
        if (flags & CELL.GIVEN) {
          // A puzzle's own queen sits on a framed square: it cannot be moved.
          const frame = Math.max(2, cell * 0.07);
          ctx.lineWidth = frame;
          ctx.strokeStyle = theme.queen;
          ctx.strokeRect(x0 + frame * 1.5, y0 + frame * 1.5, cell - frame * 3, cell - frame * 3);
        }
        drawCrown(ctx, x0, y0, cell, inConflict ? theme.conflict : theme.queen, theme.queenEdge);
      } else {
        drawCrown(ctx, x0, y0, cell, inConflict ? theme.conflict : theme.queen, theme.queenEdge, 0.32);
      }
    }

    // 4. The probed square's outline, on top of everything; a cross if it is attacked.
    if (probe >= 0) {
      const x0 = edge(probe % n, n, size);
      const y0 = edge(Math.floor(probe / n), n, size);
      const w = edge((probe % n) + 1, n, size) - x0;
      const h = edge(Math.floor(probe / n) + 1, n, size) - y0;
      const line = Math.max(2, Math.round(cell * 0.08));
      ctx.lineWidth = line;
      ctx.strokeStyle = theme.probe;
      ctx.strokeRect(x0 + line / 2, y0 + line / 2, w - line, h - line);
      if (cells[probe] & CELL.CONFLICT && !(cells[probe] & CELL.QUEEN)) {
        const m = cell * 0.3;
        ctx.beginPath();
        ctx.moveTo(x0 + m, y0 + m); ctx.lineTo(x0 + w - m, y0 + h - m);
        ctx.moveTo(x0 + w - m, y0 + m); ctx.lineTo(x0 + m, y0 + h - m);
        ctx.strokeStyle = theme.conflict;
        ctx.lineWidth = Math.max(2, cell * 0.08);
        ctx.lineCap = 'round';
        ctx.stroke();
      }
    }
  }
}

/**
 * Draws a small board with queens only (the gallery). `queens[row]` = column or -1.
 * @param {HTMLCanvasElement} canvas
 * @param {ArrayLike<number>} queens
 * @param {number} n
 * @param {Theme} theme
 * @param {number} cssSize  the board's side in CSS pixels
 */
export function drawMiniBoard(canvas, queens, n, theme, cssSize) {
  const size = Math.round(cssSize * (window.devicePixelRatio || 1));
  if (canvas.width !== size) {
    canvas.width = size;
    canvas.height = size;
  }
  const ctx = context2d(canvas);
  ctx.save(); // as BoardView.draw: nothing set here outlives this board
  try {
    paintMiniBoard(ctx, queens, n, theme, size);
  } finally {
    ctx.restore();
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {ArrayLike<number>} queens
 * @param {number} n
 * @param {Theme} theme
 * @param {number} size  the board's side in device pixels
 */
function paintMiniBoard(ctx, queens, n, theme, size) {
  const cell = size / n;
  ctx.fillStyle = theme.light;
  ctx.fillRect(0, 0, size, size);
  // Squares too small to tell apart stay one colour (a 1,000×1,000 solution in 64 pixels).
  for (let row = 0; row < n && cell >= CHECKER_MIN_PX; row++) {
    for (let col = 0; col < n; col++) {
      ctx.fillStyle = (row + col) % 2 === 0 ? theme.light : theme.dark;
      const x0 = edge(col, n, size);
      const y0 = edge(row, n, size);
      ctx.fillRect(x0, y0, edge(col + 1, n, size) - x0, edge(row + 1, n, size) - y0);
    }
  }
  for (let row = 0; row < n; row++) {
    const col = queens[row];
    if (col < 0) continue;
    const x0 = edge(col, n, size);
    const y0 = edge(row, n, size);
    if (cell >= 14) {
      drawCrown(ctx, x0, y0, cell, theme.queen, theme.queenEdge);
    } else {
      // Too small for a crown: a dot still reads as "a queen here".
      ctx.beginPath();
      ctx.arc(x0 + cell / 2, y0 + cell / 2, Math.max(cell >= CHECKER_MIN_PX ? 1 : 0.6, cell * 0.36), 0, Math.PI * 2);
      ctx.fillStyle = theme.queen;
      ctx.fill();
    }
  }
}
