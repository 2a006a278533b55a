// www/count/prefixes.js, the GPU engine's CPU side, against outside truths:
// every piece's prefixes, each finished by a plain recursive count within its
// start's masks (what the shader does, on the CPU), add up to OEIS A000170
// (the boards the classes found stand for) and A002562 (the classes, by
// Burnside's lemma over the symmetric boards they give) for N = 1..13; each
// prefix finishes to what the core's own symmetric counter (pkg's
// countBelow, Rust) gives for the same first rows; the starts leave less
// than half the tree the left–right mirror leaves, by exact node counts; a piece that does not fit the buffer says so; and the weights are
// the same every time, near the pieces' true tree sizes.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { choices, finishPrefix, listPrefixes, masksOf, prefixPlan, prefixShape, weighPieces, PREFIX_WORDS, START_WORDS } from '../../www/count/prefixes.js';

// OEIS A000170 and A002562, N = 1..13, typed in.
const A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
const A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.join(ROOT, 'pkg');
/** @type {typeof import('../../pkg/nqueens.js')} */
let api;

before(async () => {
  assert.ok(fs.existsSync(path.join(PKG, 'nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
});

/** Every prefix of N's plan, as [piece, lo, hi, start]. */
function allPrefixes(plan) {
  const out = new Uint32Array(PREFIX_WORDS * (1 << 16));
  const rows = [];
  for (let i = 0; i < plan.count; i++) {
    const end = listPrefixes(plan, i, out, 0);
    assert.ok(end >= 0, `piece ${i} fits`);
    for (let j = 0; j < end; j++) rows.push([i, out[3 * j], out[3 * j + 1], out[3 * j + 2]]);
  }
  return rows;
}

/** A prefix's columns, row 0 first. */
const columnsOf = (depth, lo, hi) => Array.from({ length: depth }, (_, row) => ((row < 6 ? lo : hi) >>> (5 * (row % 6))) & 31);

test('the prefixes, finished and weighed by their classes, add up to A000170 and A002562 for N = 1..13', () => {
  for (let n = 1; n <= 13; n++) {
    const plan = prefixPlan(n);
    let total = 0;
    let twos = 0;
    let fours = 0;
    for (const [, lo, hi, start] of allPrefixes(plan)) {
      const r = finishPrefix(plan, lo, hi, start);
      total += r.total;
      twos += r.twos;
      fours += r.fours;
    }
    assert.equal(total, A000170[n - 1], `total, N = ${n}`);
    // Burnside: the quarter turns fix the 2·twos boards of the classes of two, the half turn those and 4·fours;
    // N = 1's one board is fixed by everything (four reflections).
    const [rot90, rot180, mirror] = n === 1 ? [1, 1, 4] : [2 * twos, 2 * twos + 4 * fours, 0];
    assert.equal((total + rot180 + 2 * rot90 + mirror) / 8, A002562[n - 1], `classes, N = ${n}`);
  }
});

test('each prefix finishes to what the core\'s symmetric counter gives below the same rows', () => {
  for (const n of [8, 11, 13]) {
    const plan = prefixPlan(n);
    for (const [, lo, hi, start] of allPrefixes(plan)) {
      const columns = columnsOf(plan.depth, lo, hi);
      const mine = finishPrefix(plan, lo, hi, start);
      const core = api.countBelow(n, Uint32Array.from(columns));
      assert.equal(BigInt(mine.total), core.total, `N = ${n}, rows ${columns}`);
      const classes = (mine.total - 2 * mine.twos - 4 * mine.fours) / 8 + mine.twos + mine.fours;
      assert.equal(BigInt(classes), core.fundamental, `N = ${n}, rows ${columns}: classes`);
    }
  }
  assert.throws(() => api.countBelow(8, Uint32Array.from([7, 1])), /not first rows of N = 8/);
  assert.throws(() => api.countBelow(40, Uint32Array.from([1])), /from 4 to \d+/);
});

test('the starts leave at most half the tree the left–right mirror leaves (exact node counts, N = 9..12)', () => {
  for (let n = 9; n <= 12; n++) {
    const full = (1 << n) - 1;
    // The mirror: row 0's queen in the left half (and the middle for odd N), every other row free.
    const plain = (ld, col, rd, row) => {
      let nodes = 1;
      if (row === n) return nodes;
      for (let free = full & ~(ld | col | rd); free; free &= free - 1) {
        const bit = free & -free;
        nodes += plain(((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1, row + 1);
      }
      return nodes;
    };
    let mirror = 0;
    for (let c = 0; c < (n + 1) >> 1; c++) mirror += plain(((1 << c) << 1) & full, 1 << c, (1 << c) >>> 1, 1);
    const plan = prefixPlan(n);
    const masked = (base, ld, col, rd, row) => {
      let nodes = 1;
      if (row === n) return nodes;
      for (let free = choices(plan.table, base, n, row, ld, col, rd); free; free &= free - 1) {
        const bit = free & -free;
        nodes += masked(base, ((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1, row + 1);
      }
      return nodes;
    };
    let starts = 0;
    for (let s = 0; s < plan.starts; s++) {
      const base = START_WORDS * s;
      for (let free = plan.table[base]; free; free &= free - 1) {
        const bit = free & -free;
        starts += masked(base, (bit << 1) & full, bit, bit >>> 1, 1);
      }
    }
    assert.ok(starts < 0.5 * mirror, `N = ${n}: ${starts} nodes against the mirror's ${mirror}`);
  }
});

test('a piece that does not fit the buffer says so; the shape grows with N', () => {
  const plan = prefixPlan(14);
  const out = new Uint32Array(PREFIX_WORDS * 2);
  assert.ok(plan.count > 0);
  const big = Array.from({ length: plan.count }, (_, i) => i).find((i) => listPrefixes(plan, i, new Uint32Array(PREFIX_WORDS * 100), 0) > 2);
  assert.equal(listPrefixes(plan, big, out, 0), -1);
  assert.deepEqual(prefixShape(1), { depth: 1, pieceDepth: 1 });
  assert.deepEqual(prefixShape(20), { depth: 7, pieceDepth: 5 });
  assert.throws(() => prefixPlan(32), /from 1 to 31/);
});

test('the weights are the same every time and follow the pieces\' true tree sizes', () => {
  const n = 12;
  const plan = prefixPlan(n);
  const again = prefixPlan(n, false);
  weighPieces(again, 0, again.count);
  assert.deepEqual(again.weights, plan.weights);
  const full = (1 << n) - 1;
  let exact = 0;
  let estimated = 0;
  for (let i = 0; i < plan.count; i++) {
    const base = START_WORDS * plan.states[2 * i];
    const nodes = (ld, col, rd, row) => {
      if (row === n) return 1;
      let sum = 1;
      for (let free = choices(plan.table, base, n, row, ld, col, rd); free; free &= free - 1) {
        const bit = free & -free;
        sum += nodes(((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1, row + 1);
      }
      return sum;
    };
    const { ld, col, rd } = masksOf(n, plan.pieceDepth, plan.states[2 * i + 1], 0);
    exact += nodes(ld, col, rd, plan.pieceDepth);
    estimated += plan.weights[i];
  }
  assert.ok(Math.abs(estimated / exact - 1) < 0.1, `estimated ${estimated} against ${exact}`);
});
