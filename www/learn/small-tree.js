// Chapter 4's small search tree: at N = 4 or 5 backtracking's whole tree as
// nodes and branches, every candidate it tries a node (a queen placed, a
// square ruled out by a diagonal check, a solution), laid out by rows, each
// node linked to the step that tried it. The bigger boards keep the icicle.
//
// `smallTree(n)` is the model (no DOM): the walk in backtracking's order,
// the core's steps numbered as the core numbers them. `SmallTreeView` draws
// it as SVG and marks the nodes the live view's step has reached.

import { el } from '../lib/dom.js';

/** The largest N drawn as nodes and branches. */
export const SMALL_TREE_MAX_N = 5;

/**
 * @typedef {object} SmallNode
 * @property {number} id  its index in the list (the root is 0)
 * @property {number} parent  −1 for the root
 * @property {number} row  −1 for the root
 * @property {number} col
 * @property {'root' | 'placed' | 'rejected' | 'solution'} state
 * @property {number} step  the step that tried it (0 for the root)
 * @property {number} leaves  leaves under it (for the layout)
 * @property {number} x  its place across, in leaf widths
 */

/**
 * Backtracking's whole tree at n: each candidate (a column no queen above
 * holds, left to right) a child of the node above it, with the step that
 * tried it (a step is a candidate tried or a queen taken off).
 * @param {number} n
 * @returns {{ nodes: SmallNode[], steps: number }}
 */
export function smallTree(n) {
  /** @type {SmallNode[]} */
  const nodes = [{ id: 0, parent: -1, row: -1, col: -1, state: 'root', step: 0, leaves: 0, x: 0 }];
  /** @type {number[]} */
  const cols = [];
  let step = 0;
  const walk = (/** @type {number} */ parent) => {
    const row = cols.length;
    for (let c = 0; c < n; c++) {
      if (cols.includes(c)) continue;
      step++;
      const safe = cols.every((q, r) => Math.abs(q - c) !== row - r);
      const id = nodes.length;
      nodes.push({ id, parent, row, col: c, state: !safe ? 'rejected' : row + 1 === n ? 'solution' : 'placed', step, leaves: 0, x: 0 });
      if (safe) {
        if (row + 1 < n) {
          cols.push(c);
          walk(id);
          cols.pop();
        }
        step++; // the backtrack that takes this queen off again
      }
    }
  };
  walk(0);
  // Leaves from the right end back, then each node centred over its children.
  const children = nodes.map(() => /** @type {number[]} */ ([]));
  for (const node of nodes) if (node.parent >= 0) children[node.parent].push(node.id);
  let next = 0;
  const place = (/** @type {number} */ id) => {
    const kids = children[id];
    if (!kids.length) {
      nodes[id].x = next++;
      nodes[id].leaves = 1;
      return;
    }
    for (const k of kids) place(k);
    nodes[id].leaves = kids.reduce((s, k) => s + nodes[k].leaves, 0);
    nodes[id].x = (nodes[kids[0]].x + nodes[kids[kids.length - 1]].x) / 2;
  };
  place(0);
  return { nodes, steps: step };
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @param {(Node | string)[]} [children]
 */
function svg(tag, attrs, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

export class SmallTreeView {
  /**
   * @param {number} n
   * @param {(step: number) => void} seek  moves the live view to a step
   */
  constructor(n, seek) {
    const { nodes } = smallTree(n);
    this.nodes = nodes;
    const gap = n <= 4 ? 34 : 22;
    const band = 46;
    const width = (nodes[0].leaves + 1) * gap;
    const height = (n + 1) * band;
    const xOf = (/** @type {SmallNode} */ node) => (node.x + 1) * gap;
    const yOf = (/** @type {SmallNode} */ node) => (node.row + 1) * band + 16;
    const lines = nodes.filter((node) => node.parent >= 0).map((node) => svg('line', {
      x1: xOf(nodes[node.parent]), y1: yOf(nodes[node.parent]), x2: xOf(node), y2: yOf(node), class: `st-edge st-${node.state}`,
    }));
    /** @type {SVGGElement[]} */
    this.marks = nodes.map((node) => {
      const x = xOf(node);
      const y = yOf(node);
      const label = node.state === 'root'
        ? 'the empty board, step 0'
        : `row ${node.row + 1}, column ${node.col + 1}: ${node.state === 'rejected' ? 'ruled out by a diagonal check' : node.state === 'solution' ? 'a solution' : 'a queen placed'}, step ${node.step}`;
      // Ruled out: a cross (no colour needed); a solution: a star; placed: a dot; the root: a ring.
      const face = node.state === 'rejected'
        ? [svg('path', { d: `M${x - 5} ${y - 5}L${x + 5} ${y + 5}M${x + 5} ${y - 5}L${x - 5} ${y + 5}`, class: 'st-cross' })]
        : node.state === 'solution'
          ? [svg('circle', { cx: x, cy: y, r: 9, class: 'st-node st-solution' }), svg('text', { x, y: y + 4, 'text-anchor': 'middle', class: 'st-star' }, ['★'])]
          : [svg('circle', { cx: x, cy: y, r: node.state === 'root' ? 7 : 6, class: `st-node st-${node.state}` })];
      const text = node.row >= 0 ? [svg('text', { x, y: y - 10, 'text-anchor': 'middle', class: 'st-col' }, [String(node.col + 1)])] : [];
      const g = /** @type {SVGGElement} */ (svg('g', {
        class: 'st-mark', tabindex: 0, role: 'button', 'aria-label': `${label}: show this step`,
        'data-step': node.step, 'data-state': node.state, 'data-row': node.row, 'data-col': node.col,
      }, [svg('title', {}, [label]), ...face, ...text]));
      const go = () => seek(node.step);
      g.addEventListener('click', go);
      g.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          go();
        }
      });
      return g;
    });
    const rows = Array.from({ length: n }, (_, r) => svg('text', { x: 2, y: (r + 1) * band + 20, class: 'st-row' }, [`row ${r + 1}`]));
    const picture = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, class: 'small-tree', role: 'group', 'aria-label': `Backtracking's whole search tree at N = ${n}: each node a square tried, by rows` }, [...rows, ...lines, ...this.marks]);
    this.root = el('figure', { class: 'learn-small-tree', 'data-part': 'small-tree', 'data-n': n, 'data-nodes': nodes.length - 1 }, [
      el('div', 'learn-small-tree-scroll', [picture]),
      el('figcaption', 'muted', `The whole tree at N = ${n}, a node for every square backtracking tries (the number over it is its column): a dot, a queen placed; a cross, a square ruled out by a diagonal check, its branch cut there; a star, a solution. Columns a queen above holds are never tried, so they have no node. Choose a node to go to its step; the nodes tried by the step shown are drawn solid, the rest faint, and the one just tried is ringed.`),
    ]);
    this.step = -1;
  }

  /** Marks what the step has reached. @param {number} step */
  update(step) {
    if (step === this.step) return;
    this.step = step;
    let current = 0;
    this.nodes.forEach((node, i) => {
      if (node.step <= step) current = node.step > this.nodes[current].step ? i : current;
    });
    this.marks.forEach((g, i) => {
      const node = this.nodes[i];
      g.classList.toggle('st-ahead', node.step > step);
      g.classList.toggle('st-current', i === current && step > 0);
      if (i === current && step > 0) g.setAttribute('aria-current', 'step');
      else g.removeAttribute('aria-current');
    });
    this.root.dataset.step = String(step);
  }
}
