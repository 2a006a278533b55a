// The search tree panel: an icicle of the N^N boards with one queen per row.
// The root (the empty board) spans the width; depth d is band d, and a node at
// depth d is 1/N^d of the width, so a prune near the root wipes out a wide
// block at once while brute force fills the bottom a sliver at a time.
//
// Every pixel shows the share of its boards that is decided, as the height of
// its fill (a cue that needs no colour). Nodes wide enough to see are told
// apart too: examined (a safe partial board, solid), ruled out (a queen
// attacks another, hatched), pending (empty); the current path is outlined and
// matches the queens on the board; found solutions are ticked under the chart.
// The numbers come from the core (`session.icicle()`, `decidedBetween()`,
// `space()`), computed from the search's state, never by walking the tree;
// what a node is and the words about it come from tree-model.js (no DOM).
//
// Takes a root element and finds its parts by data-part; it never steps the
// session itself, only seeks it when a node is clicked (through `seek`). Its
// colours, its canvas's fit, the solution ticks and a tap's preview serve Your
// search's tree too (www/code/tree-view.js).

import { drawMiniBoard, readTheme } from './board.js';
import { context2d, cssVars, el, part } from '../lib/dom.js';
import { exportWith } from '../lib/export.js';
import {
  bandClasses, firstStepReaching, followRoot, moveCursor, nodeAtPoint, nodeOf, nodeWords, reachedWords, summaryWords, zoomWords,
  zoomedBand,
} from './tree-model.js';
import { paintWhole, paintZoomed } from './tree-paint.js';

/**
 * @typedef {import('../types.js').Session} Session
 * @typedef {import('../types.js').AlgorithmInfo} AlgorithmInfo
 * @typedef {import('../types.js').SearchSpaceId} SearchSpaceId
 * @typedef {import('../types.js').FoundSolution} FoundSolution
 */
/** @typedef {import('./tree-model.js').TreeNode} TreeNode */

const BAND = 14; // CSS pixels per depth
const TICKS = 8; // CSS pixels for the solution ticks under the chart
/** Save PNG draws the tree this many pixels wide, a slide's width, whatever the window's. */
const SLIDE_WIDTH = 1920;
/** CSS pixels of the partial board shown with a hovered node. */
const MINI_PX = 40;
/** How many steps the probe session may replay to answer a hover or a click. */
const PROBE_REACH = 20_000_000;
/** While the search runs, the tree is redrawn at most this often. */
const THROTTLE_MS = 80;

/**
 * Reads the tree colours from CSS custom properties (light and dark live in style.css).
 * @param {Element} element
 */
export function readColours(element) {
  return cssVars(element, {
    pending: ['--tree-pending', '#f3efe6'],
    decided: ['--tree-decided', '#7c8799'],
    examined: ['--tree-examined', '#3b6fd8'],
    ruled: ['--tree-ruled', '#c2410c'],
    never: ['--tree-never', '#a8a29e'],
    path: ['--tree-path', '#111827'],
    solution: ['--tree-solution', '#15803d'],
    grid: ['--tree-grid', '#9ca3af'],
  });
}

/** @typedef {ReturnType<typeof readColours>} TreeColours */
/** @typedef {import('./tree-paint.js').PackedColours} PackedColours */

/**
 * '#rgb', '#rrggbb' or 'rgb(a)(…)' as [r, g, b].
 * @param {string} colour
 */
function rgb(colour) {
  const probe = context2d(document.createElement('canvas'));
  probe.fillStyle = colour;
  const hex = /** @type {string} */ (probe.fillStyle); // normalised to #rrggbb (or rgba(...))
  if (hex.startsWith('#')) return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return /** @type {RegExpMatchArray} */ (hex.match(/[\d.]+/g)).slice(0, 3).map(Number);
}

/**
 * A colour as one little-endian RGBA word for an ImageData's Uint32Array view.
 * @param {string} colour
 */
export function pack(colour) {
  const [r, g, b] = rgb(colour);
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/**
 * Matches a tree's canvas to its CSS width × devicePixelRatio across and its
 * bands and solution ticks down (its CSS height set): true if its size changed.
 * @param {{ canvas: HTMLCanvasElement, n: number, width: number, scale: number }} tree  its width and scale are set
 */
export function fitTree(tree) {
  const { canvas } = tree;
  const css = canvas.getBoundingClientRect().width || 300;
  tree.scale = window.devicePixelRatio || 1;
  const width = Math.max(16, Math.round(css * tree.scale));
  const cssHeight = (tree.n || 1) * BAND + TICKS;
  const height = Math.round(cssHeight * tree.scale);
  canvas.style.height = `${cssHeight}px`;
  if (width === tree.width && canvas.height === height) return false;
  tree.width = width;
  canvas.width = width;
  canvas.height = height;
  return true;
}

/**
 * A tap on a tree shows a node's partial board before it picks the node:
 * true when this click is a first touch on its node (previewed, nothing
 * picked); any other click clears the preview and picks.
 * @param {{ pointerType: string, previewed: string | null, nodeAt: (event: MouseEvent) => { depth: number, index: number | bigint } | null,
 *   hover: (event: PointerEvent) => void }} tree
 * @param {MouseEvent} event
 */
export function tapPreviews(tree, event) {
  if (tree.pointerType === 'touch') {
    const node = tree.nodeAt(event);
    const key = node ? `${node.depth}:${node.index}` : null;
    if (key !== tree.previewed) {
      tree.previewed = key;
      tree.hover(/** @type {PointerEvent} */ (event));
      return true;
    }
  }
  tree.previewed = null;
  return false;
}

/**
 * A solution's tick under the tree: a triangle pointing up at x from y.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} scale  device pixels per CSS pixel
 */
export function drawTick(ctx, x, y, scale) {
  ctx.beginPath();
  ctx.moveTo(x, y + 1);
  ctx.lineTo(x - 3 * scale, y + TICKS * scale);
  ctx.lineTo(x + 3 * scale, y + TICKS * scale);
  ctx.fill();
}

export class TreePanel {
  /**
   * @param {HTMLElement} root  holds [data-part=tree], tree-summary, tree-tip, tree-note
   * @param {{ seek: (step: number) => void, probe: () => Session | null }} actions
   *   seek: moves the visualizer to a step; probe: a fresh session of the same
   *   search, which the panel steps on its own to find when a node was reached
   */
  constructor(root, { seek, probe }) {
    this.canvas = /** @type {HTMLCanvasElement} */ (part(root, 'tree'));
    this.summary = part(root, 'tree-summary');
    this.tip = part(root, 'tree-tip');
    this.note = part(root, 'tree-note');
    this.seek = seek;
    this.makeProbe = probe;
    // Zoom: "follow the current path" shows the subtree under the path's last
    // node but one, so the rows under the current node are wide enough to read.
    this.follow = false;
    /** @type {number[]} the zoomed subtree's root: its columns from row 1 ([] for the whole tree) */
    this.rootCols = [];
    this.followButton = /** @type {HTMLButtonElement} */ (part(root, 'tree-follow'));
    this.zoomNote = part(root, 'tree-zoom');
    this.followButton.addEventListener('click', () => this.setFollow(!this.follow));
    // Esc anywhere in the panel (the zoom button has focus after a click) goes back to the whole tree.
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.follow && event.target instanceof Node && this.followButton.parentElement?.parentElement?.contains(event.target)) {
        this.setFollow(false);
        event.preventDefault();
      }
    });
    /** @type {Session | null} */
    this.probe = null;
    this.tipTimer = 0;
    this.ctx = context2d(this.canvas);
    exportWith(this.canvas, () => this.renderAt(SLIDE_WIDTH));
    /** @type {Session | null} */
    this.session = null;
    /** @type {AlgorithmInfo | null} */
    this.algorithm = null;
    this.n = 0;
    this.width = 0; // device pixels
    this.scale = 1;
    /** @type {TreeColours | null} */
    this.colours = null;
    /** @type {PackedColours | null} */
    this.packed = null;
    /** @type {{ step: number } | null} */
    this.shown = null; // last drawn
    this.drawnAt = 0;
    /** @type {{ count: number, list: FoundSolution[] } | null} */
    this.ticks = null; // the solutions ticked under the chart
    /** @type {ImageData | null} */
    this.image = null;
    /** @type {string | null} */
    this.layoutKey = null; // what layoutCache was built for
    this.layoutCache = new Uint8Array(0);
    /** @type {HTMLCanvasElement | null} */
    this.mini = null;
    // A touch has no hover: the first tap on a node previews it (its partial
    // board and state, as hovering does), a second tap on the same node goes
    // to the step that reached it.
    this.pointerType = 'mouse';
    /** @type {string | null} the node a tap previews */
    this.previewed = null;
    /** @type {number[] | null} the keyboard's node: its columns from row 1 */
    this.cursor = null;
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('aria-keyshortcuts', 'ArrowLeft ArrowRight ArrowUp ArrowDown Enter');
    this.canvas.addEventListener('keydown', (event) => this.keyed(event));
    this.canvas.addEventListener('pointerdown', (event) => { this.pointerType = event.pointerType; });
    this.canvas.addEventListener('pointermove', (event) => {
      if (event.pointerType === 'touch') return;
      this.previewed = null;
      this.hover(event);
    });
    // A finger lifted leaves the canvas: the preview stays until the next tap.
    this.canvas.addEventListener('pointerleave', (event) => { if (event.pointerType !== 'touch') this.showTip(''); });
    this.canvas.addEventListener('click', (event) => {
      if (!tapPreviews(this, event)) this.pick(event);
    });
  }

  /**
   * A new session: a new tree.
   * @param {Session} session
   * @param {AlgorithmInfo} algorithm
   * @param {number} n
   */
  reset(session, algorithm, n) {
    this.probe?.free();
    this.probe = null;
    this.session = session;
    this.algorithm = algorithm;
    this.n = n;
    this.shown = null;
    this.ticks = null;
    this.rootCols = [];
    this.cursor = null;
    this.showTip('');
    this.note.textContent = algorithm.space === 'permutations'
      ? 'Permutations rule out the N^N − N! boards that repeat a column before the first step: nodes whose own rows repeat a column are dotted (never generated), and every node starts partly filled by the ones below it.'
      : '';
    this.note.hidden = !this.note.textContent;
    // The first tree waits for the page's first layout, where the canvas's
    // ResizeObserver measures it (fit) and draws it: measuring here would
    // force that layout inside the start's long task. Later trees fit at once.
    if (this.width) this.fit();
    else this.canvas.style.height = `${(this.n || 1) * BAND + TICKS}px`;
  }

  /** No session (a search for one solution, which has no tree): the panel forgets the last. */
  clear() {
    this.probe?.free();
    this.probe = null;
    this.session = null;
    this.shown = null;
    this.ticks = null;
  }

  /**
   * The tree as shown, drawn `wide` pixels across on a canvas of its own (its
   * bands and marks scaled with it); null before a search is open.
   * @param {number} wide
   * @returns {HTMLCanvasElement | null}
   */
  renderAt(wide) {
    const s = this.session;
    if (!s || !this.width) return null;
    const scale = (wide / this.width) * this.scale;
    const canvas = document.createElement('canvas');
    canvas.width = wide;
    canvas.height = (this.n || 1) * Math.round(BAND * scale) + Math.round(TICKS * scale);
    const saved = { canvas: this.canvas, ctx: this.ctx, width: this.width, scale: this.scale, image: this.image };
    Object.assign(this, { canvas, ctx: context2d(canvas), width: wide, scale, image: null });
    try {
      if (!this.colours) this.setColours();
      this.draw(s);
    } finally {
      Object.assign(this, saved);
    }
    return canvas;
  }

  /** Matches the canvas to its CSS width × devicePixelRatio; true if it changed. */
  fit() {
    if (!fitTree(this)) return false;
    this.shown = null;
    return true;
  }

  /**
   * Redraws if the session moved (or `force`). While the search runs
   * (`throttle`), at most every THROTTLE_MS: a redraw costs a few ms at N=20,
   * and many steps pass between frames anyway. Returns false when it left a
   * change undrawn for now.
   */
  update(force = false, { throttle = false } = {}) {
    const s = this.session;
    if (!s) return true;
    if (!this.width) {
      // Not measured yet (see reset): the words now, the picture once measured.
      this.describe(s);
      return false;
    }
    const step = s.stepIndex;
    if (!force && this.shown && this.shown.step === step) return true;
    const now = performance.now();
    if (throttle && !force && now - this.drawnAt < THROTTLE_MS) return false;
    this.drawnAt = now;
    this.shown = { step };
    if (!this.colours) this.setColours();
    this.draw(s);
    this.describe(s);
    // What the last redraw cost, for bench/ and the tests.
    this.canvas.dataset.drawMs = (performance.now() - now).toFixed(2);
    return true;
  }

  setColours() {
    this.colours = readColours(this.canvas);
    const c = this.colours;
    this.packed = {
      pending: pack(c.pending), decided: pack(c.decided), examined: pack(c.examined),
      ruled: pack(c.ruled), never: pack(c.never), boundary: pack(c.grid), clear: 0,
    };
  }

  /** The theme changed: new colours, same tree. */
  repaint() {
    this.setColours();
    this.shown = null;
    this.update(true);
  }

  /**
   * What each pixel column of each band shows besides its share, which depends
   * only on N and the width: 0 deep (many nodes a pixel), 1 a safe partial
   * board, 2 an attacking one, 3 the last pixel of a visible node (a boundary);
   * for permutations 4 a board that repeats a column. Built once per size.
   */
  /**
   * Zoom in on the current path (true), or back to the whole tree.
   * @param {boolean} on
   */
  setFollow(on) {
    this.follow = on;
    this.followButton.setAttribute('aria-pressed', String(on));
    this.followButton.textContent = on ? 'Whole tree' : 'Zoom in: follow the current path';
    if (!on) this.rootCols = [];
    this.showTip('');
    this.update(true);
  }

  /**
   * The zoomed root for the board shown: the path without its last queen, so
   * the current node is in the first row drawn and its children in the second.
   * @param {Session} s
   * @returns {number[]}
   */
  followRoot(s) {
    return followRoot(s.queens(), this.n);
  }

  /**
   * The zoomed picture: rows under `rootCols`, each node's share decided read
   * from the session node by node (or pixel by pixel where nodes are narrower).
   * @param {Session} s
   * @param {Uint32Array} pixels
   * @param {number} band
   */
  drawZoomed(s, pixels, band) {
    const { n, width, rootCols } = this;
    const decided = (/** @type {bigint} */ from, /** @type {bigint} */ to) => s.decidedBetween(from, to);
    paintZoomed(pixels, { n, width, band, rootCols, space: this.algorithm?.space, colours: /** @type {PackedColours} */ (this.packed), decided });
  }

  /** What each pixel column of each band shows besides its share (tree-model.js's bandClasses), built once a size. */
  layout() {
    const key = `${this.n}:${this.width}:${this.algorithm?.space}`;
    if (this.layoutKey === key) return this.layoutCache;
    this.layoutKey = key;
    this.layoutCache = bandClasses(this.n, this.width, this.algorithm?.space);
    return this.layoutCache;
  }

  /** @param {Session} s */
  draw(s) {
    const { n, width, ctx } = this;
    const band = Math.round(BAND * this.scale);
    const image = this.image?.width === width && this.image.height === this.canvas.height
      ? this.image
      : (this.image = ctx.createImageData(width, this.canvas.height));
    const pixels = new Uint32Array(image.data.buffer);
    if (this.follow) {
      this.rootCols = this.followRoot(s);
      // The rows under the root share the whole height, so a deep zoom is a
      // few tall bands rather than a few thin ones in an empty box.
      const tall = this.zoomedBand(band);
      this.drawZoomed(s, pixels, tall);
      ctx.putImageData(image, 0, 0);
      this.drawPath(s, tall);
      this.zoomNote.textContent = zoomWords(this.rootCols, n);
      this.zoomNote.hidden = false;
      return;
    }
    this.zoomNote.hidden = true;
    const shares = s.icicle(width); // null for a search from fixed queens
    const colours = /** @type {PackedColours} */ (this.packed); // update() set it before drawing
    paintWhole(pixels, { n, width, band, classes: this.layout(), shares, colours });
    ctx.putImageData(image, 0, 0);
    this.drawPath(s, band);
    this.drawSolutions(s, band);
  }

  /**
   * Outlines the nodes of the queens on the board, row by row from the top.
   * @param {Session} s
   * @param {number} band  device pixels per depth
   */
  drawPath(s, band) {
    const { n, width, ctx } = this;
    const colours = /** @type {TreeColours} */ (this.colours); // set with packed
    const queens = Array.from(s.queens());
    ctx.save();
    ctx.strokeStyle = colours.path;
    ctx.lineWidth = Math.max(1.5, this.scale * 1.5);
    let index = 0;
    // Zoomed, the path is drawn from the root down, the root's row the first.
    const r = this.follow ? this.rootCols.length : 0;
    for (let depth = r + 1; depth <= n && queens[depth - 1] >= 0; depth++) {
      index = index * n + queens[depth - 1];
      const nodes = n ** (depth - r);
      const x0 = (index / nodes) * width;
      const w = Math.max(2, width / nodes);
      ctx.strokeRect(x0 + 0.5, (depth - r - 1) * band + 0.5, w - 1, band - 2);
    }
    ctx.restore();
  }

  /**
   * A tick under the chart at each solution found so far.
   * @param {Session} s
   * @param {number} band  device pixels per depth
   */
  drawSolutions(s, band) {
    const { n, width, ctx } = this;
    const colours = /** @type {TreeColours} */ (this.colours); // set with packed
    const y = n * band;
    ctx.save();
    ctx.fillStyle = colours.solution;
    const leaves = n ** n;
    const count = s.solutionCount;
    if (this.ticks?.count !== count) this.ticks = { count, list: s.solutions(200) };
    for (const { queens } of this.ticks.list) {
      const index = Array.from(queens).reduce((v, c) => v * n + c, 0);
      drawTick(ctx, Math.floor((index / leaves) * width), y, this.scale);
    }
    ctx.restore();
  }

  /**
   * The summary line: the number that makes the sources' point.
   * @param {Session} s
   */
  describe(s) {
    // The tree is shown for the searches for every solution, which account for the boards.
    const text = summaryWords(/** @type {import('../types.js').Space} */ (s.space()), s.checks);
    if (this.summary.textContent !== text) this.summary.textContent = text;
    this.canvas.setAttribute('aria-label', `Search tree: ${text}`);
  }

  /**
   * A band's height when zoomed: the N rows' height shared by the rows under
   * the zoomed root.
   * @param {number} band  a band's height in the whole tree
   */
  zoomedBand(band) {
    return zoomedBand(band, this.n, this.rootCols.length);
  }

  /**
   * The node under a pointer event, or null.
   * @param {MouseEvent} event
   * @returns {TreeNode | null}
   */
  nodeAt(event) {
    const rect = this.canvas.getBoundingClientRect();
    return nodeAtPoint({
      x: (event.clientX - rect.left) * this.scale, y: event.clientY - rect.top, width: this.width,
      band: this.follow ? this.zoomedBand(BAND) : BAND, n: this.n, rootCols: this.follow ? this.rootCols : [],
    });
  }

  /** @param {PointerEvent} event */
  hover(event) {
    this.inspect(this.nodeAt(event));
  }

  /**
   * The keyboard's way through the tree (the canvas takes focus): the arrows
   * move a cursor node, ← → along its row of the tree, ↑ to its parent, ↓ to
   * its first child; the line under the tree says it as a hover does, and
   * Enter goes to the first step that reached it.
   * @param {KeyboardEvent} event
   */
  keyed(event) {
    const n = this.n;
    if (!n || !this.session || event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter'];
    if (!keys.includes(event.key)) return;
    // The page's own arrows (step, back) wait while the tree has the focus.
    event.preventDefault();
    event.stopPropagation();
    let cols = this.cursor ?? [Math.max(0, this.session.queens()[0] ?? 0)];
    if (this.cursor && event.key !== 'Enter') cols = moveCursor(cols, event.key, n);
    this.cursor = cols;
    const node = nodeOf(cols, n);
    if (event.key === 'Enter') this.goTo(node);
    else this.inspect(node);
  }

  /**
   * Says what a node is, as a hover shows it: its partial board, its state and when it was reached.
   * @param {TreeNode | null} node
   */
  inspect(node) {
    const s = this.session;
    clearTimeout(this.tipTimer);
    if (!node || !s) { this.showTip(''); return; }
    const from = node.index * node.boards;
    const done = s.decidedBetween(from, from + node.boards);
    const { head, state } = nodeWords(node, done, this.algorithm?.space);
    this.showTip(`${head}; ${state}.`, node.cols);
    if (done === null || done === 0n || state.startsWith('never')) return;
    // When it was reached takes a search on the side: do it once the pointer rests.
    this.tipTimer = setTimeout(() => {
      const when = reachedWords(node, state, this.algorithm?.space, this.n, (asked) => this.stepFor(asked));
      if (when) this.showTip(`${head}; ${when}.`, node.cols);
    }, 150);
  }

  /**
   * The first step at which the search reached `node`, or null: found on the
   * probe session (a copy of the search the panel steps itself), so the
   * board the user sees never moves while the panel looks.
   * @param {TreeNode} node
   * @returns {number | null}
   */
  stepFor(node) {
    if (!this.session || !this.algorithm) return null;
    const now = this.session.stepIndex;
    const space = this.algorithm.space;
    if (space === 'all-boards') return firstStepReaching(null, node, space, now, this.n);
    this.probe ??= this.makeProbe();
    const probe = this.probe;
    if (!probe) return null;
    if (now > probe.furthestStep + PROBE_REACH) return null; // too far to replay on a hover
    if (now > probe.furthestStep) probe.run(now - probe.stepIndex);
    else probe.seek(now);
    return firstStepReaching(probe, node, space, now, this.n);
  }

  /**
   * The hover line keeps its place when empty, so nothing below it moves.
   * @param {string} text
   * @param {number[] | null} [cols]  the hovered node's queens, drawn beside the text
   */
  showTip(text, cols = null) {
    const words = el('span', '', text ? `${text}${this.previewed ? ' Tap it again to go there.' : ''}` : 'Hover over a node, or tap it, to see its partial board.');
    if (!cols) {
      this.tip.replaceChildren(words);
    } else {
      // The partial board the node stands for, drawn as the gallery draws one.
      const mini = (this.mini ??= el('canvas', 'tree-mini'));
      mini.setAttribute('aria-hidden', 'true');
      const queens = Array.from({ length: this.n }, (_, row) => (row < cols.length ? cols[row] : -1));
      drawMiniBoard(mini, queens, this.n, readTheme(), MINI_PX);
      this.tip.replaceChildren(mini, words);
    }
    this.tip.classList.toggle('muted', !text);
  }

  /**
   * A click on a node the search has reached seeks to the first step that reached it.
   * @param {MouseEvent} event
   */
  pick(event) {
    this.goTo(this.nodeAt(event));
  }

  /**
   * Seeks to the first step that reached `node`, once the search has reached it.
   * @param {TreeNode | null} node
   */
  goTo(node) {
    if (!node || !this.session) return;
    const step = this.stepFor(node);
    if (step !== null) this.seek(step);
  }
}
