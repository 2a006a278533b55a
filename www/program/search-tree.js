// The search tree of a learner's program (no DOM): which partial boards of
// the N^N-board tree (one queen a row, row 0 at depth 1, as the visualizer's
// icicle in www/components/tree.js) its search entered, and which it never
// entered. A board on which rows 0..d-1 hold one queen each enters the node
// of depth d with those columns (and every node above it), whatever stands
// lower down. A node it never entered is "ruled out" when a queen in it
// attacks another (row backtracking never enters it either) and "never
// entered" otherwise: a subtree row backtracking does enter.
//
// It also finds the first step at which the search stands on a partial board
// row backtracking never stands on: a placement after which the queens are
// not one a row in rows 0..d-1 with none attacking another.
//
// Built from a finished trace (www/program/trace.js) in slices, so no task is long.

import { KIND, judgeBoard } from './trace.js';

/** Steps (or nodes) handled between two yields while building. */
const SLICE = 50_000;
/** How many never-entered subtrees are listed (all are counted). */
const LIST_MAX = 10_000;

/**
 * @typedef {object} Outside  the first step outside row backtracking's tree
 * @property {number} step
 * @property {'attacked' | 'order'} why  a queen attacks another, or the queens are not rows 0..d-1, one each
 * @property {[number, number] | null} pair  two queens (squares) that attack each other
 * @property {number[]} queens  the board's queens after the step, by row (-1: none; the first of a row holding two)
 */

/**
 * @typedef {object} NodeState
 * @property {'entered' | 'wrong' | 'ruled' | 'never'} kind  entered: entered, no queen attacked; wrong: entered though a
 *   queen is attacked; ruled: not entered, a queen attacked; never: not entered, no queen attacked
 * @property {number} firstStep  the step that entered it first (entered, wrong), or 0
 * @property {number} neverShare  the share of its boards that lie in subtrees never entered
 */

/** Columns a row at a time, row 0 first, of node `index` at `depth`. @param {number} index  @param {number} n  @param {number} depth */
export function nodeCols(index, n, depth) {
  const cols = new Array(depth);
  for (let r = depth - 1; r >= 0; r--) {
    cols[r] = index % n;
    index = Math.floor(index / n);
  }
  return cols;
}

export class SearchTree {
  /** @param {number} n */
  constructor(n) {
    this.n = n;
    /** N^k for k = 0..n (exact: 12^12 < 2^53). */
    this.pow = Array.from({ length: n + 1 }, (_, k) => n ** k);
    // Node keys: depth d's nodes after the 1 + n + ... + n^(d-1) of the depths above.
    this.offset = [0];
    for (let d = 1; d <= n + 1; d++) this.offset.push(this.offset[d - 1] + this.pow[d - 1]);
    /** @type {Map<number, number>} node key -> its id, in the order first entered (a parent before its children) */
    this.ids = new Map([[0, 0]]);
    this.depths = [0];
    this.indexes = [0];
    this.steps = [0];
    /** per node id, the boards under it in subtrees never entered (after finish) */
    this.never = new Float64Array(0);
    this.entered = 1; // the root, the empty board
    this.wrong = 0;
    this.neverRoots = 0;
    this.neverBoards = 0;
    /** @type {number[][]} the first never-entered subtrees' roots, as columns by row */
    this.neverList = [];
    /** per depth (index d), the indexes of nodes entered with an attacked queen, ascending after finish */
    /** @type {number[][]} */
    this.wrongAt = Array.from({ length: n + 1 }, () => []);
    /** @type {Outside | null} */
    this.outside = null;
    this.finished = false;
    // The board, as it is replayed.
    this.rowCount = new Int32Array(n);
    this.rowColSum = new Int32Array(n);
    this.lines = new Int32Array(6 * n); // queens on each column, down and up diagonal
    this.crowded = 0; // rows, columns or diagonals with two queens or more
    this.occupied = new Uint8Array(n * n);
    this.queens = 0;
    this.prefix = 0; // rows 0..prefix-1 hold one queen each
  }

  /**
   * Builds the tree of a trace, a slice at a time.
   * @param {import('./trace.js').Trace} trace
   * @param {() => Promise<unknown>} [pause]  awaited between slices
   */
  static async fromTrace(trace, pause = () => new Promise((resolve) => setTimeout(resolve, 0))) {
    const tree = new SearchTree(trace.n);
    for (let s = 0; s < trace.steps; s++) {
      const [kind, row, col] = trace.record(trace.stepAt[s]);
      tree.add(kind, row, col, s + 1);
      if ((s + 1) % SLICE === 0) await pause();
    }
    await tree.finish(pause);
    return tree;
  }

  /** @param {number} line  @param {number} by */
  bump(line, by) {
    const before = this.lines[line];
    this.lines[line] = before + by;
    if (by > 0 && before === 1) this.crowded++;
    else if (by < 0 && before === 2) this.crowded--;
  }

  /**
   * One step of the trace (place, remove or found; others are ignored).
   * @param {number} kind  @param {number} row  @param {number} col  @param {number} step
   */
  add(kind, row, col, step) {
    if (kind !== KIND.PLACE && kind !== KIND.REMOVE) return;
    const n = this.n;
    const by = kind === KIND.PLACE ? 1 : -1;
    const before = this.rowCount[row];
    this.rowCount[row] += by;
    this.rowColSum[row] += by * col;
    this.queens += by;
    this.occupied[row * n + col] = by > 0 ? 1 : 0;
    // A row with two queens or more is crowded, as a column or a diagonal is.
    if (by > 0 && before === 1) this.crowded++;
    else if (by < 0 && before === 2) this.crowded--;
    this.bump(col, by);
    this.bump(n + row + col, by);
    this.bump(3 * n + row - col + n - 1, by);
    if (row < this.prefix && this.rowCount[row] !== 1) this.prefix = row;
    else if (row === this.prefix) while (this.prefix < n && this.rowCount[this.prefix] === 1) this.prefix++;
    if (by < 0) return;
    // Every node along the top rows is entered (the deepest is usually the only new one).
    let index = 0;
    let attacked = false;
    for (let d = 1; d <= this.prefix; d++) {
      index = index * n + this.rowColSum[d - 1];
      const key = this.offset[d] + index;
      if (this.ids.has(key)) continue;
      this.ids.set(key, this.depths.length);
      this.depths.push(d);
      this.indexes.push(index);
      this.steps.push(step);
      this.entered++;
      attacked ||= this.freeMask(index, d) < 0;
      if (attacked) {
        this.wrong++;
        this.wrongAt[d].push(index);
      }
    }
    if (!this.outside && (this.crowded > 0 || this.prefix !== this.queens)) {
      const queens = new Array(n).fill(-1);
      /** @type {number[]} */
      const squares = [];
      for (let s = 0; s < n * n; s++) {
        if (!this.occupied[s]) continue;
        squares.push(s);
        if (queens[Math.floor(s / n)] < 0) queens[Math.floor(s / n)] = s % n;
      }
      const { pair } = judgeBoard(squares, n);
      this.outside = { step, why: this.crowded > 0 ? 'attacked' : 'order', pair, queens };
    }
  }

  /**
   * Sums, node by node from the deepest, the boards under each entered node
   * that lie in subtrees never entered.
   * @param {() => Promise<unknown>} [pause]
   */
  async finish(pause) {
    const n = this.n;
    const count = this.depths.length;
    this.never = new Float64Array(count);
    let roots = 0, boards = 0;
    for (let id = count - 1; id >= 0; id--) {
      const d = this.depths[id];
      if (d === n) continue;
      const free = this.freeMask(this.indexes[id], d);
      let sum = 0;
      for (let c = 0; c < n; c++) {
        const child = this.ids.get(this.offset[d + 1] + this.indexes[id] * n + c);
        if (child !== undefined) sum += this.never[child];
        else if (free > 0 && (free >> c) & 1) {
          sum += this.pow[n - d - 1];
          roots++;
          if (this.neverList.length < LIST_MAX) this.neverList.push(nodeCols(this.indexes[id] * n + c, n, d + 1));
          boards += this.pow[n - d - 1];
        }
      }
      this.never[id] = sum;
      if (pause && id % SLICE === 0) await pause();
    }
    for (const list of this.wrongAt) list.sort((a, b) => a - b);
    this.neverRoots = roots;
    this.neverBoards = boards;
    this.finished = true;
  }

  /**
   * The columns of the next row that no queen of a node attacks, as bits
   * (bit c: column c); -1 when a queen of the node attacks another.
   * @param {number} index  @param {number} depth
   */
  freeMask(index, depth) {
    const n = this.n;
    const full = (1 << n) - 1;
    let taken = 0, down = 0, up = 0;
    for (let r = 0; r < depth; r++) {
      const bit = 1 << (Math.floor(index / this.pow[depth - 1 - r]) % n);
      if ((taken | down | up) & bit) return -1;
      taken |= bit;
      down = ((down | bit) << 1) & full;
      up = (up | bit) >> 1;
    }
    return full & ~(taken | down | up);
  }

  /** The id of an entered node, or -1. @param {number} depth  @param {number} index */
  idOf(depth, index) {
    return this.ids.get(this.offset[depth] + index) ?? -1;
  }

  /**
   * What a node is.
   * @param {number} depth
   * @param {number} index
   * @returns {NodeState}
   */
  state(depth, index) {
    const n = this.n;
    const id = this.idOf(depth, index);
    if (id >= 0) {
      const attacked = this.freeMask(index, depth) < 0;
      return { kind: attacked ? 'wrong' : 'entered', firstStep: this.steps[id], neverShare: this.never[id] / this.pow[n - depth] };
    }
    // The deepest entered node above it decides: the child toward it is never entered.
    let d = depth - 1;
    while (d > 0 && this.idOf(d, Math.floor(index / this.pow[depth - d])) < 0) d--;
    const attacked = this.freeMask(Math.floor(index / this.pow[depth - d - 1]), d + 1) < 0;
    return attacked ? { kind: 'ruled', firstStep: 0, neverShare: 0 } : { kind: 'never', firstStep: 0, neverShare: 1 };
  }

  /**
   * The boards in [from, to) (leaf indexes, row 0 most significant) that lie
   * in subtrees never entered.
   * @param {number} from
   * @param {number} to
   */
  neverBetween(from, to) {
    return this.neverUnder(0, 0, 0, from, to);
  }

  /** @param {number} id  @param {number} depth  @param {number} index  @param {number} from  @param {number} to @returns {number} */
  neverUnder(id, depth, index, from, to) {
    const n = this.n;
    const size = this.pow[n - depth];
    const lo = index * size, hi = lo + size;
    if (to <= lo || from >= hi) return 0;
    if (from <= lo && to >= hi) return this.never[id];
    if (depth === n) return 0;
    const free = this.freeMask(index, depth);
    const childSize = this.pow[n - depth - 1];
    let sum = 0;
    for (let c = 0; c < n; c++) {
      const cLo = lo + c * childSize, cHi = cLo + childSize;
      if (to <= cLo || from >= cHi) continue;
      const child = this.idOf(depth + 1, index * n + c);
      if (child >= 0) sum += this.neverUnder(child, depth + 1, index * n + c, from, to);
      else if (free > 0 && (free >> c) & 1) sum += Math.min(to, cHi) - Math.max(from, cLo);
    }
    return sum;
  }

  /** Whether a node entered with an attacked queen lies at `depth` with index in [from, to). @param {number} depth  @param {number} from  @param {number} to */
  wrongBetween(depth, from, to) {
    const list = this.wrongAt[depth];
    let lo = 0, hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < list.length && list[lo] < to;
  }
}
