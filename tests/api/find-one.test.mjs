// The searches for one solution through the API, in node with pkg/ loaded,
// against a plain JS judge of boards and a plain JS recount of conflicts
// that share nothing with the core: findOne at a million queens, seeded
// sessions run to a solution, conflicts() and conflictTrace() against
// stepping, and Finder against findOne. The ids come from algorithms().
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.join(ROOT, 'pkg');

/** @type {typeof import('../../pkg/nqueens.js')} */
let api;
/** The searches for one solution, from algorithms(). */
let ONE = [];

before(async () => {
  assert.ok(fs.existsSync(path.join(PKG, 'nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
  ONE = api.algorithms().filter((a) => a.goal === 'one');
});

/** Null when `queens` puts one queen on every row of an N×N board and no two
 *  attack (columns and both diagonals each used once); else what is wrong. */
function judge(queens) {
  const n = queens.length;
  const cols = new Uint8Array(n);
  const downs = new Uint8Array(2 * n);
  const ups = new Uint8Array(2 * n);
  for (let row = 0; row < n; row++) {
    const col = queens[row];
    if (!Number.isInteger(col) || col < 0 || col >= n) return `row ${row} has no queen on the board`;
    if (cols[col]++ || downs[row + col]++ || ups[row - col + n]++) return `row ${row}'s queen is attacked`;
  }
  return null;
}

/** Attacking pairs among the placed queens (-1: none), pair by pair. */
function pairs(queens) {
  let count = 0;
  for (let a = 0; a < queens.length; a++) {
    for (let b = a + 1; b < queens.length; b++) {
      if (queens[a] < 0 || queens[b] < 0) continue;
      if (queens[a] === queens[b] || Math.abs(queens[a] - queens[b]) === b - a) count++;
    }
  }
  return count;
}

test('algorithms() and limits() describe the searches for one solution', () => {
  assert.ok(ONE.length > 0, 'some search finds one solution');
  const limits = api.limits();
  for (const a of api.algorithms()) {
    assert.ok(typeof a.checkIs === 'string' && a.checkIs.endsWith('.'), `${a.id}: checkIs`);
    if (a.goal === 'all') assert.deepEqual([a.findMaxN, a.seeded, a.maxN <= limits.maxN], [0, false, true], a.id);
    else assert.ok(a.maxN <= limits.stepMaxN && a.findMaxN >= a.maxN && a.findMaxN <= limits.findMaxN, a.id);
    // findOne() takes exactly the searches for one solution.
    const n = Math.min(a.maxN, Math.max(a.minN, 8));
    if (a.goal === 'one') assert.equal(judge(api.findOne(a.id, n, 1).queens), null, a.id);
    else assert.throws(() => api.findOne(a.id, n, 1), /finds every solution, not one/, a.id);
  }
  assert.equal(limits.findMaxN, Math.max(...ONE.map((a) => a.findMaxN)));
});

test("findOne('queen-search', 1e6) gives a board the JS judge accepts", () => {
  const found = api.findOne('queen-search', 1_000_000, 1);
  assert.equal(found.queens.length, 1_000_000);
  assert.equal(judge(found.queens), null);
  assert.equal(typeof found.steps, 'bigint');
  assert.ok(Number.isInteger(found.restarts));
  const again = api.findOne('queen-search', '1000000', 1n);
  assert.deepEqual([again.steps, again.restarts], [found.steps, found.restarts], 'the same seed, the same run');
});

test('every search for one solution reaches a board the JS judge accepts, N = 4..50, over seeds', () => {
  for (const { id, seeded, minN, maxN } of ONE) {
    for (let n = 4; n <= 50; n += n < 12 ? 1 : 7) {
      if (n < minN || n > maxN) continue;
      const runs = new Set();
      for (const seed of [1, 2, 3, 2 ** 53 - 1]) {
        const found = api.findOne(id, n, seed);
        assert.equal(judge(found.queens), null, `${id} N=${n} seed=${seed}`);
        runs.add(`${found.steps}`);
        const s = api.Session.seeded(id, n, seed);
        try {
          assert.ok(s.runToSolution(), `${id} N=${n} seed=${seed}`);
          assert.deepEqual([s.done, s.solutionCount, s.conflicts(), s.totalSteps], [true, 1, 0, s.stepIndex]);
          assert.equal(BigInt(s.stepIndex), found.steps, `${id} N=${n}: stepping is findOne`);
          assert.deepEqual(Array.from(s.queens()), Array.from(found.queens));
          assert.equal(s.restarts, found.restarts);
          assert.equal(s.seed, seed);
        } finally {
          s.free();
        }
      }
      if (!seeded) assert.equal(runs.size, 1, `${id}: the seed changes nothing`);
    }
  }
});

test('Session.seeded is deterministic, and new Session(id, n) is seed 1', () => {
  for (const { id, minN, maxN } of ONE) {
    const n = Math.min(maxN, Math.max(minN, 30));
    const a = api.Session.seeded(id, n, 77);
    const b = api.Session.seeded(id, n, '77');
    const one = new api.Session(id, n);
    const seedOne = api.Session.seeded(id, n, 1n);
    try {
      assert.equal(one.seed, 1);
      for (let k = 0; k < 400 && !a.done; k++) {
        a.step();
        b.step();
        one.step();
        seedOne.step();
        assert.deepEqual(Array.from(a.queens()), Array.from(b.queens()), `${id} step ${k}`);
        assert.equal(a.message(), b.message());
        assert.deepEqual(Array.from(one.queens()), Array.from(seedOne.queens()), `${id} step ${k}`);
      }
    } finally {
      for (const s of [a, b, one, seedOne]) s.free();
    }
  }
});

test('conflicts() and queenConflicts() match a JS recount, and conflictTrace matches stepping', () => {
  for (const { id, minN, maxN } of ONE) {
    const s = api.Session.seeded(id, Math.min(maxN, Math.max(minN, 12)), 4);
    try {
      const truth = [pairs(Array.from(s.queens()))];
      const restarts = [];
      while (s.stepIndex < 600 && s.step()) {
        const queens = Array.from(s.queens());
        truth.push(pairs(queens));
        assert.equal(s.conflicts(), truth.at(-1), `${id} step ${s.stepIndex}`);
        const each = Array.from(s.queenConflicts());
        assert.equal(each.reduce((x, y) => x + y, 0), 2 * truth.at(-1), `${id}: each pair attacks two queens`);
        if (s.stepKind === 'restart') restarts.push(s.stepIndex);
        assert.ok(['place', 'reject', 'backtrack', 'move', 'sideways', 'stay', 'restart', 'survey', 'solution'].includes(s.stepKind), s.stepKind);
      }
      const whole = s.conflictTrace(65536);
      assert.deepEqual(Array.from(whole.steps), truth.map((_, k) => k), id);
      assert.deepEqual(Array.from(whole.conflicts), truth, id);
      assert.deepEqual(Array.from(whole.restarts), restarts, id);
      const thin = s.conflictTrace(20);
      assert.ok(thin.steps.length <= 20 && thin.steps[0] === 0 && thin.steps.at(-1) === s.stepIndex, id);
      thin.steps.forEach((k, i) => assert.equal(thin.conflicts[i], truth[k], `${id}: step ${k}`));
      // The same trace after going elsewhere and back.
      const k = s.stepIndex;
      s.seek(0);
      s.seek(k);
      assert.deepEqual(Array.from(s.conflictTrace(65536).conflicts), truth, id);
      assert.equal(s.space(), null);
      assert.ok(s.mostChecksPerStep >= 0);
    } finally {
      s.free();
    }
  }
  const all = new api.Session('bitwise', 6);
  assert.equal(all.conflictTrace(10), null, 'no trace for a search for every solution');
  all.free();
});

test('Finder run a slice at a time is findOne', () => {
  for (const { id, minN, findMaxN } of ONE) {
    for (const n of [8, 60].filter((n) => n >= minN && n <= findMaxN)) {
      const found = api.findOne(id, n, 9);
      const f = new api.Finder(id, n, 9);
      try {
        assert.equal(f.n, n);
        assert.equal(f.done, false);
        let slices = 0;
        while (!f.run(97)) slices++;
        assert.ok(f.done && f.conflicts === 0, id);
        assert.equal(BigInt(f.steps), found.steps, id);
        assert.equal(f.restarts, found.restarts, id);
        assert.deepEqual(Array.from(f.queens()), Array.from(found.queens), id);
        assert.ok(f.initialConflicts >= 0 && slices >= 0);
      } finally {
        f.free();
      }
    }
  }
});
