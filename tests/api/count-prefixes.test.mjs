// www/count/prefixes.js, the GPU engine's CPU side, against outside truths:
// every piece's prefixes, each finished by a plain recursive count (what the
// shader does, on the CPU) and weighed by the piece's mirror factor, add up to
// OEIS A000170 for N = 1..13; the prefixes are exactly the placements of the
// first rows with row 0's queen in the left half (or the middle), listed
// once; a piece that does not fit the buffer says so; and the weights are
// the same every time, near the pieces' true tree sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { finishPrefix, listPrefixes, prefixPlan, prefixShape, weighPieces } from '../../www/count/prefixes.js';

// OEIS A000170, N = 1..13, typed in.
const A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];

/** Every prefix of N's plan, as [piece, ld, col, rd]. */
function allPrefixes(plan) {
  const out = new Uint32Array(3 * (1 << 16));
  const rows = [];
  for (let i = 0; i < plan.count; i++) {
    const end = listPrefixes(plan, i, out, 0);
    assert.ok(end >= 0, `piece ${i} fits`);
    for (let j = 0; j < end; j++) rows.push([i, out[3 * j], out[3 * j + 1], out[3 * j + 2]]);
  }
  return rows;
}

test('the pieces\' prefixes, finished and mirrored, add up to A000170 for N = 1..13', () => {
  for (let n = 1; n <= 13; n++) {
    const plan = prefixPlan(n);
    let total = 0;
    for (const [piece, ld, col, rd] of allPrefixes(plan)) total += plan.mirror[piece] * finishPrefix(n, plan.depth, ld, col, rd);
    assert.equal(total, A000170[n - 1], `N = ${n}`);
  }
});

test('the prefixes are the placements of the first rows, row 0 in the left half, each once', () => {
  for (const n of [5, 8, 11, 12]) {
    const plan = prefixPlan(n);
    // An independent list: every column tuple of `depth` rows with no two queens on a line.
    const expected = new Set();
    const place = (cols) => {
      if (cols.length === plan.depth) {
        let ld = 0;
        let col = 0;
        let rd = 0;
        for (const c of cols) {
          const bit = 1 << c;
          [ld, col, rd] = [((ld | bit) << 1) & ((1 << n) - 1), col | bit, (rd | bit) >>> 1];
        }
        expected.add(`${ld},${col},${rd}`);
        return;
      }
      for (let c = 0; c < (cols.length === 0 ? Math.ceil(n / 2) : n); c++) {
        if (cols.every((d, r) => d !== c && Math.abs(d - c) !== cols.length - r)) place([...cols, c]);
      }
    };
    place([]);
    const listed = allPrefixes(plan).map(([, ld, col, rd]) => `${ld},${col},${rd}`);
    assert.equal(listed.length, expected.size, `N = ${n}: as many prefixes`);
    assert.deepEqual(new Set(listed), expected, `N = ${n}: the same prefixes`);
  }
});

test('a piece that does not fit the buffer says so; the shape grows with N', () => {
  const plan = prefixPlan(14);
  const out = new Uint32Array(3 * 2);
  assert.ok(plan.count > 0);
  const big = Array.from({ length: plan.count }, (_, i) => i).find((i) => listPrefixes(plan, i, new Uint32Array(3 * 100), 0) > 2);
  assert.equal(listPrefixes(plan, big, out, 0), -1);
  assert.deepEqual(prefixShape(1), { depth: 1, pieceDepth: 1 });
  assert.deepEqual(prefixShape(20), { depth: 7, pieceDepth: 3 });
  assert.throws(() => prefixPlan(21), /from 1 to 20/);
});

test('the weights are the same every time and follow the pieces\' true tree sizes', () => {
  const n = 12;
  const plan = prefixPlan(n);
  const again = prefixPlan(n, false);
  weighPieces(again, 0, again.count);
  assert.deepEqual(again.weights, plan.weights);
  // True tree sizes below each piece, by a plain recursive walk.
  const full = (1 << n) - 1;
  const nodes = (ld, col, rd, row) => {
    if (row === n) return 1;
    let sum = 1;
    for (let free = full & ~(ld | col | rd); free; free &= free - 1) {
      const bit = free & -free;
      sum += nodes(((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1, row + 1);
    }
    return sum;
  };
  let exact = 0;
  let estimated = 0;
  for (let i = 0; i < plan.count; i++) {
    exact += nodes(plan.states[3 * i], plan.states[3 * i + 1], plan.states[3 * i + 2], plan.pieceDepth);
    estimated += plan.weights[i];
  }
  assert.ok(Math.abs(estimated / exact - 1) < 0.1, `estimated ${estimated} against ${exact}`);
});
