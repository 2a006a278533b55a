// The GPU engine's work counted exactly, not estimated: every node of the
// search tree from row 0, for today's starts (www/count/prefixes.js: the
// corner and side starts that keep one board of each class of eight) and for
// the left–right mirror alone (row 0's queen in the left half or the middle,
// as the mirror-only engine searched), and the boards each finds.
//
// With --orders it also searches today's starts in two other row orders
// (outside in: rows 0, N−1, 1, N−2, …; and the bottom row second: 0, N−1,
// 1, 2, …), in which the rules for the bottom and the lower edge rows cut
// earlier; those searches go square by square with diagonal masks (N ≤ 16).
//
//   node bench/gpu-work.mjs [--ns 10,11,...,16] [--orders]
//
// A node is a queen placed: the root (the empty board) is not one.

import { startTable, choices, START_WORDS } from '../www/count/prefixes.js';

/**
 * The nodes and solutions of the row-by-row bitwise search from row 0, its
 * rows' choices given by `rule`.
 * @param {number} n
 * @param {(row: number, ld: number, col: number, rd: number) => number} rule
 */
function walk(n, rule) {
  const full = (1 << n) - 1;
  let nodes = 0;
  let boards = 0;
  /** @type {(ld: number, col: number, rd: number, row: number) => void} */
  const go = (ld, col, rd, row) => {
    if (row === n) {
      boards++;
      return;
    }
    for (let free = rule(row, ld, col, rd); free; free &= free - 1) {
      const bit = free & -free;
      nodes++;
      go(((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1, row + 1);
    }
  };
  go(0, 0, 0, 0);
  return { nodes, boards };
}

/**
 * The mirror-only search: row 0 in columns 0..⌈N/2⌉−1, the rest free.
 * @param {number} n
 */
export function mirrorWork(n) {
  const full = (1 << n) - 1;
  const left = (1 << ((n + 1) >> 1)) - 1;
  return walk(n, (row, ld, col, rd) => (row === 0 ? left : full) & ~(ld | col | rd));
}

/**
 * Today's starts, each row's choices as the shader makes them (prefixes.js's choices()).
 * @param {number} n
 */
export function startsWork(n) {
  const { count, table } = startTable(n);
  let nodes = 0;
  let boards = 0;
  for (let s = 0; s < count; s++) {
    const base = START_WORDS * s;
    const r = walk(n, (row, ld, col, rd) => choices(table, base, n, row, ld, col, rd));
    nodes += r.nodes;
    boards += r.boards;
  }
  return { nodes, boards };
}

/**
 * Today's starts searched in another order of the rows: each row's allowed
 * columns from the start's table, and after each placement the columns no
 * later row allows must all be taken. Diagonals as masks of 2N−1 bits.
 * @param {number} n  up to 16
 * @param {number[]} order  the rows in the order they are filled
 */
export function startsWorkInOrder(n, order) {
  const { count, table } = startTable(n);
  let nodes = 0;
  let boards = 0;
  for (let s = 0; s < count; s++) {
    const base = START_WORDS * s;
    const allowed = order.map((row) => table[base + row]);
    // needAfter[k]: the columns that must be taken once the rows order[0..k] are filled.
    const needAfter = order.map((_, k) => {
      let later = 0;
      for (let j = k + 1; j < n; j++) later |= allowed[j];
      return ((1 << n) - 1) & ~later;
    });
    /** @type {(k: number, col: number, down: number, up: number) => void} */
    const go = (k, col, down, up) => {
      if (k === n) {
        boards++;
        return;
      }
      const row = order[k];
      for (let free = allowed[k] & ~col; free; free &= free - 1) {
        const c = 31 - Math.clz32(free & -free);
        const d = 1 << (row + c);
        const u = 1 << (row - c + n - 1);
        if (down & d || up & u) continue;
        const taken = col | (1 << c);
        if (needAfter[k] & ~taken) continue;
        nodes++;
        go(k + 1, taken, down | d, up | u);
      }
    };
    go(0, 0, 0, 0);
  }
  return { nodes, boards };
}

/** @param {number} n */
function outsideIn(n) {
  const order = [];
  for (let i = 0; order.length < n; i++) {
    order.push(i);
    if (order.length < n) order.push(n - 1 - i);
  }
  return order;
}

/** @param {number} n */
function bottomSecond(n) {
  return [0, n - 1, ...Array.from({ length: n - 2 }, (_, i) => i + 1)].slice(0, n);
}

/**
 * N's exact work: the mirror-only search's and today's nodes and boards, and
 * with `orders` (N ≤ 16) today's starts' nodes in the two other row orders.
 * @param {number} n
 * @param {{ orders?: boolean }} [options]
 */
export function exactWork(n, { orders = false } = {}) {
  const mirror = mirrorWork(n);
  const today = startsWork(n);
  /** @type {{ n: number, mirror: typeof mirror, today: typeof today, outsideIn?: number, bottomSecond?: number }} */
  const out = { n, mirror, today };
  if (orders && n <= 16) {
    for (const [name, order] of /** @type {const} */ ([['outsideIn', outsideIn(n)], ['bottomSecond', bottomSecond(n)]])) {
      const o = startsWorkInOrder(n, order);
      if (o.boards !== today.boards) throw new Error(`N = ${n}: the order ${order} found ${o.boards} boards, row by row ${today.boards}`);
      out[name] = o.nodes;
    }
  }
  return out;
}

/**
 * The exact work as a table in Markdown.
 * @param {ReturnType<typeof exactWork>[]} rows
 */
export function exactTable(rows) {
  const int = (/** @type {number} */ x) => x.toLocaleString('en-US');
  const orders = rows.some((r) => r.outsideIn !== undefined);
  const head = ['N', 'mirror only: nodes', 'boards found', 'today: nodes', 'boards found', 'nodes today / mirror', 'boards today / mirror'];
  if (orders) head.push('today\'s starts outside in: nodes / mirror', 'the bottom row second: nodes / mirror');
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const r of rows) {
    const cells = [r.n, int(r.mirror.nodes), int(r.mirror.boards), int(r.today.nodes), int(r.today.boards), (r.today.nodes / r.mirror.nodes).toFixed(3), (r.today.boards / r.mirror.boards).toFixed(3)];
    if (orders) cells.push(...[r.outsideIn, r.bottomSecond].map((x) => (x === undefined ? '–' : (x / r.mirror.nodes).toFixed(3))));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--ns');
  const ns = at >= 0 ? argv[at + 1].split(',').map(Number) : [10, 11, 12, 13, 14, 15, 16];
  const orders = argv.includes('--orders');
  console.log(exactTable(ns.map((n) => exactWork(n, { orders }))).join('\n'));
}
