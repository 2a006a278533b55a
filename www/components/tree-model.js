// The search tree's model, with no DOM: what each node of the icicle is (its
// columns from its index, safe, ruled out, cut with an ancestor, never
// generated), what each pixel column of a band shows, the node under a point
// and the keyboard's cursor, the zoomed root on the current path, the words
// the panel says of a node and of the whole search, and the first step that
// reached a node. The drawing and the events are tree.js's. Node tests:
// tests/api/tree-model.test.mjs.

import { counted, formatCount } from '../lib/dom.js';

/**
 * @typedef {import('../types.js').Session} Session
 * @typedef {import('../types.js').SearchSpaceId} SearchSpaceId
 * @typedef {object} TreeNode  the boards whose first `depth` rows hold the queens `cols`
 * @property {number} depth
 * @property {bigint} index  its place among the N^depth nodes of its depth
 * @property {number[]} cols
 * @property {bigint} boards  how many of the N^N boards lie under it
 */

/** Nodes at least this many device pixels wide get their own state and outline. */
export const NODE_MIN_PX = 4;

/**
 * True when the queens of `cols` (row r at column cols[r]) hold an attacking pair.
 * @param {number[]} cols
 */
export function attacking(cols) {
  for (let a = 0; a < cols.length; a++) {
    for (let b = a + 1; b < cols.length; b++) {
      if (cols[a] === cols[b] || Math.abs(cols[a] - cols[b]) === b - a) return true;
    }
  }
  return false;
}

/**
 * Where a partial board first goes wrong: the first row (1-based depth)
 * whose queen an earlier one attacks, and how ('column' before 'diagonal', as
 * the sources test them), or null when no queen is attacked. A search that
 * rejected that row never went below it: that is the check that decided
 * every deeper node under it.
 * @param {number[]} cols
 * @returns {{ depth: number, how: 'column' | 'diagonal' } | null}
 */
export function firstAttack(cols) {
  for (let b = 1; b < cols.length; b++) {
    /** @type {'column' | 'diagonal' | null} */
    let how = null;
    for (let a = 0; a < b && how !== 'column'; a++) {
      if (cols[a] === cols[b]) how = 'column';
      else if (Math.abs(cols[a] - cols[b]) === b - a) how = 'diagonal';
    }
    if (how) return { depth: b + 1, how };
  }
  return null;
}

/**
 * What a node is, for the picture: 1 examined (safe, or under a whole-board
 * search every node is examined board by board), 2 ruled out by its own
 * check, 4 never generated (a repeated column under permutations), 5 cut with
 * an ancestor that a check ruled out, so a depth-first search never visits it.
 * A whole-board search (brute force, permutations) cuts nothing: only its
 * leaves, the boards themselves, are ruled out.
 * @param {number[]} cols
 * @param {number} n
 * @param {string | undefined} space  the algorithm's
 * @returns {1 | 2 | 4 | 5}
 */
export function nodeKind(cols, n, space) {
  if (space === 'permutations' && new Set(cols).size < cols.length) return 4;
  const at = firstAttack(cols);
  if (!at) return 1;
  const whole = space === 'all-boards' || space === 'permutations';
  if (whole) return cols.length === n ? 2 : 1;
  return at.depth === cols.length ? 2 : 5;
}

/**
 * A node's columns from its index at depth d (row 0 most significant).
 * @param {number | bigint} index
 * @param {number} n
 * @param {number} depth
 * @returns {number[]}
 */
export function digits(index, n, depth) {
  const cols = new Array(depth);
  if (typeof index === 'number') {
    for (let r = depth - 1; r >= 0; r--) {
      cols[r] = index % n;
      index = Math.floor(index / n);
    }
    return cols;
  }
  let rest = BigInt(index);
  for (let r = depth - 1; r >= 0; r--) {
    cols[r] = Number(rest % BigInt(n));
    rest /= BigInt(n);
  }
  return cols;
}

/**
 * A node's index at its depth from its columns (the inverse of digits).
 * @param {number[]} cols
 * @param {number} n
 */
export const indexOf = (cols, n) => cols.reduce((v, c) => v * BigInt(n) + BigInt(c), 0n);

/**
 * The node of the columns `cols`.
 * @param {number[]} cols
 * @param {number} n
 * @returns {TreeNode}
 */
export const nodeOf = (cols, n) => ({ depth: cols.length, index: indexOf(cols, n), cols, boards: BigInt(n) ** BigInt(n - cols.length) });

/**
 * What each pixel column of each band shows besides its share, which depends
 * only on N and the width: 0 deep (many nodes a pixel), 1 a safe partial
 * board, 2 an attacking one, 5 one cut with an ancestor, 3 the last pixel of
 * a visible node (a boundary); for permutations 4 a board that repeats a
 * column. One byte a pixel, band by band.
 * @param {number} n
 * @param {number} width  device pixels
 * @param {string | undefined} space
 */
export function bandClasses(n, width, space) {
  const classes = new Uint8Array(n * width);
  for (let depth = 1; depth <= n; depth++) {
    const nodes = n ** depth;
    const nodePx = width / nodes;
    if (nodePx < 1) continue;
    let last = -1;
    let kind = 0;
    for (let x = 0; x < width; x++) {
      const node = Math.floor((x * nodes) / width);
      if (node !== last) {
        kind = nodeKind(digits(node, n, depth), n, space);
        last = node;
      }
      const boundary = nodePx >= NODE_MIN_PX && Math.floor(((x + 1) * nodes) / width) !== node;
      classes[(depth - 1) * width + x] = boundary ? 3 : nodePx >= NODE_MIN_PX || kind === 4 ? kind : 0;
    }
  }
  return classes;
}

/**
 * The zoomed root for the board shown: the path without its last queen, so
 * the current node is in the first row drawn and its children in the second.
 * @param {ArrayLike<number>} queens  the session's, -1 for an empty row
 * @param {number} n
 * @returns {number[]}
 */
export function followRoot(queens, n) {
  const path = [];
  for (const q of Array.from(queens)) { if (q < 0) break; path.push(q); }
  return path.slice(0, Math.max(0, Math.min(path.length, n - 1) - 1));
}

/**
 * A band's height when zoomed: the N rows' height shared by the rows under the zoomed root.
 * @param {number} band  a band's height in the whole tree
 * @param {number} n
 * @param {number} rootDepth  the zoomed root's rows
 */
export const zoomedBand = (band, n, rootDepth) => Math.floor((band * n) / Math.max(1, n - rootDepth));

/**
 * The node at a point of the tree, or null off it.
 * @param {{ x: number, y: number, width: number, band: number, n: number, rootCols: number[] }} at
 *   x: device pixels from the left; y: CSS pixels from the top; width: device pixels; band: CSS pixels a depth
 * @returns {TreeNode | null}
 */
export function nodeAtPoint({ x, y, width, band, n, rootCols }) {
  const r = rootCols.length;
  const depth = r + Math.floor(y / band) + 1;
  if (depth < 1 || depth > n || x < 0 || x >= width) return null;
  const nodes = BigInt(n) ** BigInt(depth - r);
  const below = (BigInt(Math.floor(x)) * nodes) / BigInt(width);
  const index = indexOf(rootCols, n) * nodes + below;
  return { depth, index, cols: digits(index, n, depth), boards: BigInt(n) ** BigInt(n - depth) };
}

/**
 * The keyboard's cursor after a key: ← → along its row of the tree, ↑ to its parent, ↓ to its first child.
 * @param {number[]} cols
 * @param {string} key
 * @param {number} n
 */
export function moveCursor(cols, key, n) {
  const depth = cols.length;
  const index = indexOf(cols, n);
  const last = BigInt(n) ** BigInt(depth) - 1n;
  if (key === 'ArrowLeft' && index > 0n) return digits(index - 1n, n, depth);
  if (key === 'ArrowRight' && index < last) return digits(index + 1n, n, depth);
  if (key === 'ArrowUp' && depth > 1) return cols.slice(0, -1);
  if (key === 'ArrowDown' && depth < n) return [...cols, 0];
  return cols;
}

/** "rows 1–3" (or "row 1"). @param {number} depth */
const rowsWord = (depth) => (depth === 1 ? 'row 1' : `rows 1–${depth}`);

/**
 * What a node is, as the line under the tree says it before it knows when the node was reached.
 * @param {TreeNode} node
 * @param {bigint | null} done  its boards decided so far (null: not drawn for a search from fixed queens)
 * @param {string | undefined} space
 */
export function nodeWords({ depth, cols, boards }, done, space) {
  const head = `${rowsWord(depth)}: column${depth === 1 ? '' : 's'} ${cols.map((c) => c + 1).join(', ')}; ${formatCount(boards)} board${boards === 1n ? '' : 's'}`;
  let state;
  if (done === null) state = 'not drawn for a search from fixed queens';
  else if (new Set(cols).size < cols.length && space === 'permutations') state = 'never generated: a column repeats';
  else if (done === 0n) state = 'pending';
  else if (done === boards) state = attacking(cols) ? 'ruled out' : 'fully examined';
  else state = `${formatCount(done)} decided so far`;
  return { head, state };
}

/**
 * When a node was reached, and by what, once the first step that reached a
 * node can be looked up: a node ruled out under a tree search by the check
 * that rejected its first attacked row (its own, or an ancestor's the search
 * never went below; a column a queen above holds is never tried at all), any
 * other by the step that first reached it. Null when that step is not known.
 * @param {TreeNode} node
 * @param {string} state  nodeWords's
 * @param {string | undefined} space
 * @param {number} n
 * @param {(node: TreeNode) => number | null} stepFor  the first step that reached a node
 * @returns {string | null}
 */
export function reachedWords(node, state, space, n, stepFor) {
  const { depth, index, cols, boards } = node;
  if (state !== 'ruled out' || space === 'all-boards') {
    const step = stepFor(node);
    if (step === null) return null;
    return state === 'ruled out' ? `ruled out at step ${formatCount(step)} (its first board tested)` : `${state}; first reached at step ${formatCount(step)}`;
  }
  const at = firstAttack(cols) ?? { depth, how: 'diagonal' };
  if (at.how === 'column') {
    // A tree search never tries a column a queen above holds: no check, none counted.
    const c = cols[at.depth - 1];
    const holder = cols.indexOf(c);
    const upTo = BigInt(n) ** BigInt(depth - at.depth + 1);
    const parent = { depth: at.depth - 1, index: index / upTo, cols: cols.slice(0, at.depth - 1), boards: boards * upTo };
    const entered = parent.depth ? stepFor(parent) : 0;
    const skip = `never a candidate: column ${c + 1} is held by the queen in row ${holder + 1}, so the search skips it without a check (the Checks counter counts none)`;
    return `${skip}${entered === null || at.depth === depth ? '' : ', and nothing below it is built'}${entered ? `; its row was entered at step ${formatCount(entered)}` : ''}`;
  }
  const up = BigInt(n) ** BigInt(depth - at.depth);
  const decider = { depth: at.depth, index: index / up, cols: cols.slice(0, at.depth), boards: boards * up };
  const step = stepFor(decider);
  if (step === null) return null;
  const check = `a ${at.how} check`;
  return at.depth === depth
    ? `ruled out at step ${formatCount(step)} by ${check}`
    : `ruled out with its ancestor ${rowsWord(at.depth)} (column${at.depth === 1 ? '' : 's'} ${decider.cols.map((c) => c + 1).join(', ')}), `
      + `which ${check} rejected at step ${formatCount(step)}; the search never went below it`;
}

/**
 * The line under the tree for the zoom: which rows it shows.
 * @param {number[]} rootCols
 * @param {number} n
 */
export function zoomWords(rootCols, n) {
  const r = rootCols.length;
  return r === 0
    ? 'Zoomed: the whole tree (the path is not deep enough to zoom yet). Whole tree or Esc goes back.'
    : `Zoomed into ${rowsWord(r)} = column${r === 1 ? '' : 's'} ${rootCols.map((col) => col + 1).join(', ')}: the rows under it, ${counted(BigInt(n) ** BigInt(n - r), 'board')}. Whole tree or Esc goes back.`;
}

/**
 * The summary line: the number that makes the sources' point.
 * @param {{ total: bigint, ruledOut: bigint, solutions: bigint }} space  the session's space()
 * @param {number} checks
 */
export function summaryWords({ total, ruledOut, solutions }, checks) {
  const share = total > 0n ? Number((ruledOut * 10000n) / total) / 100 : 0;
  // Boards per check: whole above 10, else to two places (brute force is below one).
  const perCheck = checks === 0 ? '' : ruledOut >= 10n * BigInt(checks)
    ? formatCount(ruledOut / BigInt(checks))
    : (Number(ruledOut) / checks).toFixed(2);
  return `Ruled out ${formatCount(ruledOut)} of ${formatCount(total)} boards (${share.toFixed(2)}%) with ${counted(checks, 'check')}`
    + (perCheck ? `: ${perCheck} boards per check` : '')
    + `; ${formatCount(solutions)} solution${solutions === 1n ? '' : 's'} found.`;
}

/**
 * The first step at which the search reached `node` (placed its queens, or ruled
 * it out), or null if it has not yet. Brute force reaches a node at the first
 * board with that prefix; a depth-first search, at a step found by halving, since
 * "reached" never reverts as the steps go on.
 * @param {Pick<Session, 'queens' | 'decidedBetween' | 'seek'> | null} s  the probe session; null for brute force, which needs none
 * @param {TreeNode} node
 * @param {SearchSpaceId} space
 * @param {number} now  the step the visualizer stands on
 * @param {number} n
 * @returns {number | null}
 */
export function firstStepReaching(s, { index, cols, boards }, space, now, n) {
  if (space === 'all-boards') {
    // Row 0 turns fastest: the first board with these rows is this reading.
    const reading = cols.reduce((v, c, r) => v + c * n ** r, 0);
    return reading + 1 <= now ? reading + 1 : null;
  }
  if (!s) return null;
  const from = index * boards;
  // Permutations: the boards that repeat a column are decided from the start,
  // so a node is reached when a visited permutation lies in it.
  let never = 0n;
  if (space === 'permutations') {
    if (new Set(cols).size < cols.length) return null;
    let generated = 1n;
    for (let k = BigInt(n - cols.length); k > 1n; k--) generated *= k;
    never = boards - generated;
  }
  const reached = () => {
    const queens = s.queens();
    const onPath = space !== 'permutations' && cols.every((c, r) => queens[r] === c);
    if (onPath) return true;
    const decided = s.decidedBetween(from, from + boards);
    return decided !== null && decided > never;
  };
  if (!reached()) return null;
  let lo = 0;
  let hi = now; // reached at hi
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    s.seek(mid);
    if (reached()) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
