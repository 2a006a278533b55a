// Plain backtracking past N = 20 (www/workers/plain-backtracking.js) against a
// recursive backtracking written here and against the core's own stepping
// search up to 20; the estimate's line against numbers made on a line here;
// and poss & -poss (questions.js) against two's complement computed here as
// 2^n − poss.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PlainBacktracking, fitGrowth, roughly } from '../../www/workers/plain-backtracking.js';
import { plainEstimate } from '../../www/runs/scaling.js';
import { binary, lowestBitQuestion, lowestBitWork, readBinary } from '../../www/learn/questions.js';
import { firstSolution } from '../common/plain.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let api;

before(async () => {
  api = await import(pathToFileURL(path.join(ROOT, 'pkg', 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(ROOT, 'pkg', 'nqueens_bg.wasm')) });
});

const runToEnd = (n, cap = 1e12) => {
  const run = new PlainBacktracking(n, cap);
  while (!run.run(1_000_000));
  return run;
};

test('plain backtracking past 20: steps, placements and the board equal a recursive backtracking written here', () => {
  for (const n of [1, 4, 5, 8, 13, 21, 23, 24, 25, 26, 27]) {
    const mine = firstSolution(n);
    const run = runToEnd(n);
    assert.equal(run.solved, true, `N = ${n}`);
    assert.equal(run.steps, mine.steps, `N = ${n}: steps`);
    assert.equal(run.placements, mine.placements, `N = ${n}: placements`);
    assert.deepEqual(run.queens(), mine.cols, `N = ${n}: the board`);
  }
  // No solution at 2 and 3: the run ends unsolved, having tried everything
  // (the recursion's last "backtrack" out of the root takes no queen off: no step).
  for (const n of [2, 3]) {
    const run = runToEnd(n);
    assert.equal(run.solved, false);
    assert.equal(run.steps, firstSolution(n).steps - 1);
  }
});

test('up to 20 it counts as the core\'s stepping backtracking does', () => {
  for (let n = 4; n <= 20; n++) {
    const session = new api.Session('backtracking', n);
    try {
      session.runToSolution(1e9);
      const run = runToEnd(n);
      assert.equal(run.steps, session.stepIndex, `N = ${n}: steps`);
      assert.equal(run.placements, session.placements, `N = ${n}: placements`);
      assert.equal(run.checks, session.checks, `N = ${n}: checks`);
    } finally {
      session.free();
    }
  }
});

test('the cap stops a run unsolved at exactly the cap, and slices change nothing', () => {
  const capped = runToEnd(22, 1000);
  assert.equal(capped.solved, false);
  assert.equal(capped.placements, 1000);
  const whole = new PlainBacktracking(24, 1e12);
  whole.run(1e12);
  const sliced = runToEnd(24);
  assert.equal(whole.steps, sliced.steps);
  const one = new PlainBacktracking(24, 1e12);
  while (!one.run(7));
  assert.equal(one.steps, whole.steps);
});

test('the estimate: a line through log(work), recovered from work made on a line here, and said as an estimate', () => {
  // work = 3 · 1.7^n exactly.
  const measured = Array.from({ length: 12 }, (_, i) => ({ n: 10 + i, placements: 3 * 1.7 ** (10 + i), steps: 9 * 1.7 ** (10 + i) }));
  const fit = fitGrowth(measured.map((m) => ({ n: m.n, work: m.placements })));
  assert.ok(Math.abs(fit.perQueen - 1.7) < 1e-9);
  assert.ok(Math.abs(fit.at(100) / (3 * 1.7 ** 100) - 1) < 1e-6);
  const guess = plainEstimate(measured, 22);
  assert.deepEqual(guess.rows.map((r) => r.n), [22, 40, 50, 60, 70, 80, 90, 100]);
  assert.equal(guess.from, 10);
  assert.equal(guess.to, 21);
  assert.ok(Math.abs(guess.rows[7].steps / (9 * 1.7 ** 100) - 1) < 1e-6);
  assert.equal(roughly(3e24), 'about 3 × 10^24');
  assert.equal(roughly(9.7e24), 'about 10^25');
  assert.equal(roughly(1234), 'about 1,234');
  assert.equal(fitGrowth([{ n: 5, work: 10 }]), null);
});

test('poss & -poss: -poss is 2^n − poss here, and the AND is poss\'s lowest 1, found by a scan here', () => {
  for (const n of [1, 5, 8, 12]) {
    for (let poss = 0; poss < 2 ** n; poss++) {
      const w = lowestBitWork(poss, n);
      assert.equal(w.neg, (2 ** n - poss) % 2 ** n, `n = ${n}, poss = ${poss}: -poss`);
      assert.equal(w.not, 2 ** n - 1 - poss);
      let low = 0;
      while (low < n && !((poss >> low) & 1)) low++;
      assert.equal(w.and, poss ? 2 ** low : 0);
      assert.equal(w.column, poss ? low : -1);
      assert.equal(binary(poss, n), poss.toString(2).padStart(n, '0'));
    }
  }
});

test('the lowest-bit question: a seed gives the same poss, never 0, and its answer is the scan\'s lowest 1', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const q = lowestBitQuestion(seed);
    assert.deepEqual(lowestBitQuestion(seed), q);
    assert.ok(q.poss > 0 && q.poss < 2 ** q.n);
    const digits = q.poss.toString(2).padStart(q.n, '0');
    const at = digits.lastIndexOf('1');
    const expected = '0'.repeat(at) + '1' + '0'.repeat(q.n - at - 1);
    assert.equal(binary(q.answer, q.n), expected, `seed ${seed}`);
  }
  assert.equal(readBinary('0 0 1 0 0', 5), 4);
  assert.equal(readBinary('00100', 5), 4);
  assert.equal(readBinary('1000000', 5), null);
  assert.equal(readBinary('12', 5), null);
  assert.equal(readBinary('', 5), null);
});

test('the small tree: each node\'s step is the step at which the core\'s backtracking probes its square', async () => {
  const { smallTree } = await import('../../www/learn/small-tree.js');
  for (const n of [4, 5]) {
    const { nodes, steps } = smallTree(n);
    const session = new api.Session('backtracking', n);
    try {
      /** the probed square after each step, read from the core's cells (flag 4) */
      const probed = [null];
      while (session.step()) {
        const cells = session.cells();
        const at = cells.findIndex((f) => f & 4);
        probed.push(at < 0 ? null : [Math.floor(at / n), at % n]);
      }
      assert.equal(session.stepIndex, steps, `N = ${n}: the walk's steps`);
      for (const node of nodes.slice(1)) assert.deepEqual(probed[node.step], [node.row, node.col], `N = ${n}, node at step ${node.step}`);
      // Every candidate is a node: checks = the nodes; placements = nodes not ruled out.
      assert.equal(nodes.length - 1, session.checks);
      assert.equal(nodes.filter((x) => x.state === 'placed' || x.state === 'solution').length, session.placements);
      assert.equal(nodes.filter((x) => x.state === 'solution').length, session.solutionCount);
    } finally {
      session.free();
    }
  }
});
