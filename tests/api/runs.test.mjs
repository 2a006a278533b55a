// runLengths() through the API, in node with pkg/ loaded: every run against
// its seeded session stepped one step at a time until it shows a solution
// (the independent truth is stepping), capped runs against a session
// stepped to the cap, the budget runLengthsBudget() gives, and hostile
// arguments, each a sentence. The ids come from algorithms().
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.join(ROOT, 'pkg');

/** @type {typeof import('../../pkg/nqueens.js')} */
let api;
let ALGORITHMS = [];

before(async () => {
  assert.ok(fs.existsSync(path.join(PKG, 'nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
  ALGORITHMS = api.algorithms();
});

/** Seed `seed`'s session, one step at a time until it has a solution or `cap` steps. */
function stepped(id, n, seed, cap) {
  const session = api.Session.seeded(id, n, seed);
  try {
    while (session.solutionCount === 0 && session.stepIndex < cap) {
      assert.ok(session.step(), `${id} N=${n} seed ${seed} ended with no solution`);
    }
    return { steps: session.stepIndex, checks: session.checks, capped: session.solutionCount === 0 ? 1 : 0 };
  } finally {
    session.free();
  }
}

/** The i-th run of runLengths()'s answer. */
const nth = (runs, i) => ({ steps: runs.steps[i], checks: runs.checks[i], capped: runs.capped[i] });

/**
 * runLengths over any number of runs, in as many calls as the budget takes
 * (as the page's workers ask): the runs one call would give, concatenated.
 */
function inCalls(id, n, first, count, cap, options = undefined) {
  const { budget } = api.runLengthsBudget(id, n);
  const perCall = Math.max(1, Math.floor(budget / cap));
  const parts = [];
  for (let seed = first; seed < first + count; seed += perCall) parts.push(api.runLengths(id, n, seed, Math.min(perCall, first + count - seed), cap, options));
  const join = (key, Type) => Type.from(parts.flatMap((p) => [...p[key]]));
  return { steps: join('steps', Float64Array), checks: join('checks', Float64Array), capped: join('capped', Uint8Array) };
}

test('every run is its seeded session stepped to its first solution, for every algorithm at small N', () => {
  for (const { id, minN, maxN, seeded } of ALGORITHMS) {
    // The whole-board searches (up to 12) reach a first solution late past N = 6.
    const sizes = (maxN <= 12 ? [4, 5, 6] : [4, 6, 8, 10]).filter((n) => n >= minN && n <= maxN);
    for (const n of sizes) {
      const first = 3;
      const runs = inCalls(id, n, first, 10, 1_000_000);
      assert.ok(runs.steps instanceof Float64Array && runs.checks instanceof Float64Array && runs.capped instanceof Uint8Array);
      assert.equal(runs.steps.length, 10);
      for (let i = 0; i < 10; i++) {
        assert.deepEqual(nth(runs, i), stepped(id, n, first + i, 1_000_000), `${id} N=${n} seed ${first + i}`);
      }
      if (!seeded) assert.ok(runs.steps.every((s) => s === runs.steps[0]), `${id}: one run whatever the seed`);
    }
  }
});

test('a capped run stands where the session stands after the cap, marked', () => {
  for (const { id, minN, maxN } of ALGORITHMS.filter((a) => a.seeded)) {
    const n = Math.min(maxN, Math.max(minN, 10));
    const whole = inCalls(id, n, 1, 20, 1_000_000);
    const longest = Math.max(...whole.steps);
    const cap = Math.max(1, Math.floor(longest / 2));
    const short = inCalls(id, n, 1, 20, cap);
    for (let i = 0; i < 20; i++) {
      assert.deepEqual(nth(short, i), stepped(id, n, 1 + i, cap), `${id} seed ${1 + i} at cap ${cap}`);
      assert.equal(short.capped[i], whole.steps[i] > cap ? 1 : 0);
    }
  }
});

test('the same call gives the same runs, and the arguments read by the one rule', () => {
  const a = api.runLengths('restarts', 16, 5, 30, 100_000, undefined);
  const b = api.runLengths('restarts', '16', 5n, '30', 100_000n, null);
  assert.deepEqual([...a.steps], [...b.steps]);
  assert.deepEqual([...a.checks], [...b.checks]);
  // The last seed there is.
  const last = api.runLengths('min-conflicts', 8, 2 ** 53 - 10, 10, 10_000, undefined);
  assert.deepEqual(nth(last, 9), stepped('min-conflicts', 8, 2 ** 53 - 1, 10_000));
});

test('restarts switched off: a run that never restarted is the same run, one that restarted another', () => {
  const off = inCalls('restarts', 12, 1, 40, 10_000_000, { restarts: false });
  const on = inCalls('restarts', 12, 1, 40, 10_000_000, { restarts: true });
  assert.ok(off.capped.every((c) => c === 0) && on.capped.every((c) => c === 0));
  assert.notDeepEqual([...off.steps], [...on.steps]);
  // A run with restarts that never restarted is the same run without them;
  // one that restarted is another run.
  const restarted = [];
  for (let i = 0; i < 40; i++) {
    const session = api.Session.seeded('restarts', 12, 1 + i);
    session.runToSolution(Infinity);
    if (session.restarts === 0) assert.equal(off.steps[i], on.steps[i], `seed ${1 + i}`);
    else restarted.push(i);
    session.free();
  }
  assert.ok(restarted.length > 0 && restarted.length < 40, `${restarted.length} of 40 restarted`);
  assert.ok(restarted.some((i) => off.steps[i] !== on.steps[i]));
});

test('runLengthsBudget gives the most runs and steps a call takes, and one step more is refused', () => {
  for (const { id, minN, maxN } of ALGORITHMS) {
    const n = Math.min(maxN, Math.max(minN, 8));
    const { maxRuns, budget } = api.runLengthsBudget(id, n);
    assert.ok(Number.isInteger(maxRuns) && maxRuns >= 1000, `${id}: ${maxRuns}`);
    assert.ok(Number.isInteger(budget) && budget >= 1, `${id}: ${budget}`);
    assert.throws(() => api.runLengths(id, n, 1, 2, Math.floor(budget / 2) + 1, undefined), /fewer runs/, id);
    assert.throws(() => api.runLengths(id, n, 1, maxRuns + 1, 1, undefined), /runs/, id);
  }
});

test('hostile arguments get a sentence, never a panic', () => {
  const bad = [
    [['bogo', 8, 1, 10, 100], /bogo/],
    [[8, 8, 1, 10, 100], /algorithm/],
    [['restarts', 0, 1, 10, 100], /restarts/],
    [['restarts', 1001, 1, 10, 100], /restarts/],
    [['restarts', 8.5, 1, 10, 100], /8\.5/],
    [['restarts', 8, -1, 10, 100], /seed/],
    [['restarts', 8, 2 ** 53, 1, 100], /seed/],
    [['restarts', 8, 2 ** 53 - 1, 2, 100], /2\^53/],
    [['restarts', 8, 'one', 10, 100], /seed/],
    [['restarts', 8, 1, 0, 100], /number of runs/],
    [['restarts', 8, 1, 1001, 100], /number of runs/],
    [['restarts', 8, 1, NaN, 100], /NaN/],
    [['restarts', 8, 1, 10, 0], /cap/],
    [['restarts', 8, 1, 10, Infinity], /cap/],
    [['restarts', 8, 1, 10, '1e6'], /cap/],
    [['restarts', 8, 1, 10, 2 ** 60], /cap/],
    [['restarts', 8, 1, 10, 100, { restarts: 'no' }], /restarts/],
    [['restarts', 8, 1, 10, 100, 'off'], /options/],
    [['min-conflicts', 8, 1, 10, 100, { restarts: false }], /min-conflicts/],
    [['backtracking', 3, 1, 1, 1000], /no solution/],
  ];
  for (const [args, pattern] of bad) {
    const call = () => api.runLengths(...args, ...(args.length === 5 ? [undefined] : []));
    assert.throws(call, (err) => {
      assert.ok(err instanceof Error, `${JSON.stringify(args)}`);
      assert.match(err.message, pattern, `${args.map(String).join(', ')}: ${err.message}`);
      assert.ok(err.message.endsWith('.'), err.message);
      return true;
    });
  }
  assert.equal(api.lastPanic(), '');
  // The module still works after all that.
  assert.deepEqual(nth(api.runLengths('construction', 8, 1, 1, 100, undefined), 0), stepped('construction', 8, 1, 100));
});
