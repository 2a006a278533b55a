// One solution for 100,000,000 queens through the API, in node with pkg/
// loaded in a fresh instance (this file's own process): findOne at the
// largest board queen search takes, its board judged here by a checker of
// the test's own (one pass, one bit a column and a diagonal, in typed
// arrays), and the memory the module needed for it read from its
// WebAssembly.Memory: at most 12 bytes a queen. One run: it takes about a
// minute on a quiet two-core machine.
// test group: slow (scripts/test.sh): a board of 100,000,000 queens, about a minute or more.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.join(ROOT, 'pkg');
const N = 100_000_000;
/** The ceiling: 12 bytes of wasm memory a queen (1.2 GB here). */
const MOST_BYTES_A_QUEEN = 12;

/** @type {typeof import('../../pkg/nqueens.js')} */
let api;
/** @type {WebAssembly.Memory} */
let memory;

before(async () => {
  assert.ok(fs.existsSync(path.join(PKG, 'nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  const exports = await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
  memory = exports.memory;
});

/**
 * Null when `queens` holds n columns that put one queen on each row of an
 * n×n board with no two on a column or a diagonal; else the first problem.
 * @param {Int32Array} queens
 * @param {number} n
 */
function firstClash(queens, n) {
  if (queens.length !== n) return `${queens.length} rows, not ${n}`;
  const bits = (count) => new Uint32Array(Math.ceil(count / 32));
  const cols = bits(n);
  const sums = bits(2 * n);
  const diffs = bits(2 * n);
  const claim = (set, i) => {
    const word = i >>> 5;
    const bit = 1 << (i & 31);
    if (set[word] & bit) return false;
    set[word] |= bit;
    return true;
  };
  for (let row = 0; row < n; row++) {
    const col = queens[row];
    if (!(col >= 0 && col < n)) return `row ${row} has its queen off the board (${col})`;
    if (!claim(cols, col)) return `row ${row} shares column ${col}`;
    if (!claim(sums, row + col)) return `row ${row} shares a falling diagonal`;
    if (!claim(diffs, row - col + n)) return `row ${row} shares a rising diagonal`;
  }
  return null;
}

test('the judge of this file finds a clash it is shown', () => {
  assert.equal(firstClash(Int32Array.from([1, 3, 0, 2]), 4), null);
  assert.match(firstClash(Int32Array.from([1, 3, 2, 0]), 4), /diagonal/);
  assert.match(firstClash(Int32Array.from([0, 2, 0, 3]), 4), /column/);
  assert.match(firstClash(Int32Array.from([0, 4, 1, 3]), 4), /off the board/);
});

test(`findOne('queen-search', ${N.toLocaleString('en-US')}, 1) is a solution in at most ${MOST_BYTES_A_QUEEN} bytes of wasm memory a queen`, () => {
  const queenSearch = api.algorithms().find((a) => a.id === 'queen-search');
  assert.equal(queenSearch?.findMaxN, N, 'queen search takes 100,000,000 queens');
  assert.equal(api.limits().findMaxN, N);
  const fresh = memory.buffer.byteLength;
  const start = performance.now();
  const found = api.findOne('queen-search', N, 1);
  const seconds = (performance.now() - start) / 1000;
  const grown = memory.buffer.byteLength;
  // Wasm memory never shrinks: its size now is the most the run held.
  const perQueen = grown / N;
  console.log(`# ${N} queens: ${seconds.toFixed(1)} s, ${found.steps} steps, ${found.restarts} restarts; wasm memory ${fresh} → ${grown} bytes, ${perQueen.toFixed(2)} a queen`);
  assert.ok(perQueen <= MOST_BYTES_A_QUEEN, `${perQueen.toFixed(2)} bytes a queen`);
  assert.ok(found.queens instanceof Int32Array);
  assert.equal(firstClash(found.queens, N), null);
  assert.ok(found.steps >= BigInt(N), 'every row placed is a step');
});
