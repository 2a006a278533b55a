// The search tree panel of Your search: the icicle of the visualizer's search
// tree (www/components/tree.js: the N^N boards with one queen a row, row 0
// the top band, a node 1/N^d of the width) drawn for a learner's finished
// run from its SearchTree (www/program/search-tree.js). Entered nodes are solid
// (filled to the share of their boards not skipped), entered nodes with an
// attacked queen solid in the ruled-out colour, ruled-out nodes hatched as
// there, and the subtrees the search never entered dotted. The path of the
// step shown is outlined; a click on an entered node goes to the step that
// entered it first.

import { drawMiniBoard, readTheme } from '../components/board.js';
import { drawTick, fitTree, pack, readColours, tapPreviews } from '../components/tree.js';
import { nodeKind } from '../components/tree-model.js';
import { context2d, el, formatCount } from '../lib/dom.js';
import { nodeCols } from '../program/search-tree.js';

const BAND = 14; // CSS pixels per depth, as the visualizer's
const NODE_MIN_PX = 4; // device pixels: nodes this wide get their own outline
const MINI_PX = 40;

/** Rows a..b as words, counting from 0 as the learner's program does. @param {number} depth */
const rowsOf = (depth) => (depth === 1 ? 'row 0' : `rows 0–${depth - 1}`);

export class CodeTree {
  /** @param {(step: number) => void} seek  moves the player to a step */
  constructor(seek) {
    this.seek = seek;
    this.canvas = el('canvas', { class: 'tree-canvas', 'data-part': 'tree', role: 'img', 'aria-label': 'Search tree' });
    this.summary = el('p', { class: 'tree-summary', 'data-part': 'tree-summary' });
    this.tip = el('p', { class: 'tree-tip muted', 'data-part': 'tree-tip', 'aria-live': 'polite' }, 'Hover over a node, or tap it, to see its partial board.');
    /** @param {string} swatch  @param {string} text */
    const item = (swatch, text) => el('li', '', [el('span', { class: `tree-swatch ${swatch}`, 'aria-hidden': 'true' }), ` ${text}`]);
    this.root = el('section', { class: 'panel tree-panel code-tree', 'data-part': 'tree-panel', 'aria-label': 'Search tree of your search', hidden: true }, [
      el('h3', '', 'Search tree'),
      this.summary,
      el('div', { class: 'tree-frame' }, [this.canvas, this.tip]),
      el('ul', { class: 'tree-legend', 'aria-label': 'What the tree shows' }, [
        item('tree-swatch-examined', 'entered: your search stood on this partial board (fill height = the share of its boards it did not skip)'),
        item('code-swatch-wrong', 'entered though a queen attacks another: row backtracking never enters it (solid)'),
        item('tree-swatch-ruled', 'ruled out: a queen attacks another, and your search never entered it (hatched; faint under a ruled-out node)'),
        item('tree-swatch-never', 'never entered: no queen attacks another, so row backtracking enters it (dotted)'),
        item('tree-swatch-decided', 'covered, in a row too narrow to draw node by node (grey)'),
        item('tree-swatch-path', 'the path of the step shown, as on the board'),
        el('li', '', [el('span', { class: 'tree-tick', 'aria-hidden': 'true' }, '▲'), ' a solution it reported']),
      ]),
    ]);
    this.ctx = context2d(this.canvas);
    /** @type {import('../program/search-tree.js').SearchTree | null} */
    this.tree = null;
    /** @type {import('../program/trace.js').Trace | null} the trace whose tree is shown */
    this.trace = null;
    /** @type {number[]} the leaves of the solutions reported */
    this.solutions = [];
    /** @type {number[]} the path's columns, row 0 first */
    this.path = [];
    this.n = 0;
    this.width = 0;
    this.scale = 1;
    /** @type {Record<string, number> | null} */
    this.colours = null;
    /** @type {Record<string, string> | null} */
    this.css = null;
    /** @type {ImageData | null} */
    this.base = null; // the picture without the path, redrawn only when the tree or the size changes
    this.pointerType = 'mouse';
    /** @type {string | null} */
    this.previewed = null;
    this.canvas.addEventListener('pointerdown', (event) => { this.pointerType = event.pointerType; });
    this.canvas.addEventListener('pointermove', (event) => { if (event.pointerType !== 'touch') this.hover(event); });
    this.canvas.addEventListener('pointerleave', (event) => { if (event.pointerType !== 'touch') this.showTip(''); });
    this.canvas.addEventListener('click', (event) => {
      if (tapPreviews(this, event)) return;
      const node = this.nodeAt(event);
      if (!node || !this.tree) return;
      const state = this.tree.state(node.depth, node.index);
      if (state.firstStep) this.seek(state.firstStep);
    });
  }

  /**
   * A finished run's tree.
   * @param {import('../program/search-tree.js').SearchTree} tree
   * @param {import('../program/trace.js').Trace} trace
   */
  show(tree, trace) {
    this.tree = tree;
    this.trace = trace;
    this.n = tree.n;
    const n = tree.n;
    this.solutions = trace.found.filter((f) => f.solution && !f.firstStep).map((f) => {
      const cols = new Array(n).fill(0);
      for (const s of f.squares) cols[Math.floor(s / n)] = s % n;
      return cols.reduce((v, c) => v * n + c, 0);
    });
    this.root.hidden = false;
    this.base = null;
    const boards = tree.pow[n];
    const words = `Your search entered ${formatCount(tree.entered - 1)} partial board${tree.entered === 2 ? '' : 's'}`
      + (tree.wrong ? `, ${formatCount(tree.wrong)} of them with a queen under attack (row backtracking never enters those)` : ', none with a queen under attack')
      + (tree.neverRoots
        ? `; it never entered ${formatCount(tree.neverRoots)} subtree${tree.neverRoots === 1 ? '' : 's'} with no queen under attack, ${formatCount(tree.neverBoards)} of the ${formatCount(boards)} boards (dotted), which row backtracking enters.`
        : '; it skipped no subtree that row backtracking enters.');
    this.summary.textContent = words;
    this.canvas.setAttribute('aria-label', `Search tree: ${words}`);
    this.canvas.dataset.entered = String(tree.entered - 1);
    this.canvas.dataset.wrong = String(tree.wrong);
    this.canvas.dataset.neverRoots = String(tree.neverRoots);
    this.canvas.dataset.neverBoards = String(tree.neverBoards);
    this.draw();
  }

  /** No tree (a new run started). */
  clear() {
    this.tree = null;
    this.root.hidden = true;
  }

  /** The queens of the step shown: its path is outlined. @param {number[]} queens  by row, -1 for none */
  setPath(queens) {
    const path = [];
    for (const q of queens) { if (q < 0) break; path.push(q); }
    if (path.join(',') === this.path.join(',')) return;
    this.path = path;
    this.draw();
  }

  /** The theme changed. */
  repaint() {
    this.colours = null;
    this.base = null;
    this.draw();
  }

  /** Matches the canvas to its CSS width; true if it changed. */
  fit() {
    if (!fitTree(this)) return false;
    this.base = null;
    return true;
  }

  draw() {
    if (!this.tree || this.root.hidden) return;
    this.fit();
    if (!this.colours) {
      const c = readColours(this.canvas);
      this.css = c;
      this.colours = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, pack(v)]));
    }
    if (!this.base) this.base = this.paint();
    this.ctx.putImageData(this.base, 0, 0);
    this.drawPath();
    this.drawSolutions();
  }

  /** The picture of the tree, pixel by pixel. */
  paint() {
    const tree = /** @type {import('../program/search-tree.js').SearchTree} */ (this.tree);
    const { n, width } = this;
    const c = /** @type {Record<string, number>} */ (this.colours);
    const band = Math.round(BAND * this.scale);
    const image = this.ctx.createImageData(width, this.canvas.height);
    const pixels = new Uint32Array(image.data.buffer);
    const leaves = tree.pow[n];
    for (let depth = 1; depth <= n; depth++) {
      const nodes = tree.pow[depth];
      const nodePx = width / nodes;
      const row0 = (depth - 1) * band * width;
      let last = -1;
      /** @type {import('../program/search-tree.js').NodeState | null} */
      let state = null;
      let kind = 1;
      for (let x = 0; x < width; x++) {
        let fill = c.decided, never = 0, pattern = 0;
        let boundary = false;
        if (nodePx >= 1) {
          const node = Math.floor((x * nodes) / width);
          if (node !== last) {
            last = node;
            state = tree.state(depth, node);
            kind = nodeKind(nodeCols(node, n, depth), n, undefined);
          }
          const s = /** @type {import('../program/search-tree.js').NodeState} */ (state);
          boundary = nodePx >= NODE_MIN_PX && Math.floor(((x + 1) * nodes) / width) !== node;
          never = s.neverShare;
          if (s.kind === 'entered') fill = c.examined;
          else if (s.kind === 'wrong') fill = c.ruled;
          else if (s.kind === 'ruled') { fill = c.ruled; pattern = kind === 2 ? 2 : 5; }
        } else {
          const from = Math.floor((x * leaves) / width), to = Math.floor(((x + 1) * leaves) / width);
          never = to > from ? tree.neverBetween(from, to) / (to - from) : 0;
          const nodeFrom = Math.floor((x * nodes) / width), nodeTo = Math.floor(((x + 1) * nodes) / width);
          if (tree.wrongBetween(depth, nodeFrom, nodeTo)) fill = c.ruled;
        }
        const top = Math.round(never * (band - 1));
        for (let y = 0; y < band; y++) {
          let colour = c.pending;
          if (boundary && y < band - 1) colour = c.grid;
          else if (y < band - 1 && y < top) colour = x % 3 === 0 && y % 3 === 0 ? c.never : c.pending;
          else if (y < band - 1) {
            colour = fill;
            if (pattern === 2 && (x + y) % 4 === 0) colour = c.pending;
            else if (pattern === 5 && (x + y) % 3 !== 0) colour = c.pending;
          }
          pixels[row0 + y * width + x] = colour;
        }
      }
    }
    pixels.fill(0, n * band * width);
    return image;
  }

  drawPath() {
    const { n, width, ctx } = this;
    const band = Math.round(BAND * this.scale);
    ctx.save();
    ctx.strokeStyle = this.css?.path ?? '#111827';
    ctx.lineWidth = Math.max(1.5, this.scale * 1.5);
    let index = 0;
    for (let depth = 1; depth <= this.path.length && depth <= n; depth++) {
      index = index * n + this.path[depth - 1];
      const nodes = n ** depth;
      const w = Math.max(2, width / nodes);
      ctx.strokeRect((index / nodes) * width + 0.5, (depth - 1) * band + 0.5, w - 1, band - 2);
    }
    ctx.restore();
  }

  drawSolutions() {
    const { n, width, ctx } = this;
    const band = Math.round(BAND * this.scale);
    const y = n * band;
    const leaves = n ** n;
    ctx.save();
    ctx.fillStyle = this.css?.solution ?? '#15803d';
    for (const leaf of this.solutions) {
      drawTick(ctx, Math.floor((leaf / leaves) * width), y, this.scale);
    }
    ctx.restore();
  }

  /** The node under a pointer, or null. @param {MouseEvent} event */
  nodeAt(event) {
    if (!this.tree) return null;
    const rect = this.canvas.getBoundingClientRect();
    const x = (event.clientX - rect.left) * this.scale;
    const depth = Math.floor((event.clientY - rect.top) / BAND) + 1;
    if (depth < 1 || depth > this.n || x < 0 || x >= this.width) return null;
    const index = Math.floor((Math.floor(x) * this.tree.pow[depth]) / this.width);
    return { depth, index };
  }

  /** @param {PointerEvent | MouseEvent} event */
  hover(event) {
    const node = this.nodeAt(event);
    if (!node || !this.tree) { this.showTip(''); return; }
    const { depth, index } = node;
    const n = this.n;
    const cols = nodeCols(index, n, depth);
    const boards = this.tree.pow[n - depth];
    const state = this.tree.state(depth, index);
    const head = `${rowsOf(depth)}: column${depth === 1 ? '' : 's'} ${cols.join(', ')}; ${formatCount(boards)} board${boards === 1 ? '' : 's'}`;
    const skipped = state.neverShare > 0 && state.neverShare < 1 ? `; ${formatCount(Math.round(state.neverShare * boards))} of them in subtrees it never entered` : '';
    // How deep the program's own calls were then, when the step kept its state.
    const calls = this.trace?.stateAt(state.firstStep)?.stack.length;
    const deep = calls ? `, ${calls} call${calls === 1 ? '' : 's'} deep` : '';
    const what = {
      entered: `entered first at step ${formatCount(state.firstStep)}${deep}${skipped} (click to go there)`,
      wrong: `entered at step ${formatCount(state.firstStep)}${deep} though a queen attacks another: row backtracking never enters it (click to go there)`,
      ruled: 'ruled out: a queen attacks another, and your search never entered it',
      never: 'never entered, though no queen attacks another: row backtracking enters it',
    }[state.kind];
    this.showTip(`${head}; ${what}.`, cols);
  }

  /** @param {string} text  @param {number[] | null} [cols] */
  showTip(text, cols = null) {
    const words = el('span', '', text ? `${text}${this.previewed ? ' Tap it again to go there.' : ''}` : 'Hover over a node, or tap it, to see its partial board.');
    if (!cols) this.tip.replaceChildren(words);
    else {
      const mini = el('canvas', 'tree-mini');
      mini.setAttribute('aria-hidden', 'true');
      drawMiniBoard(mini, Array.from({ length: this.n }, (_, row) => (row < cols.length ? cols[row] : -1)), this.n, readTheme(), MINI_PX);
      this.tip.replaceChildren(mini, words);
    }
    this.tip.classList.toggle('muted', !text);
  }
}
