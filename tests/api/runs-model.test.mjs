// Many runs' model (www/runs/model.js), in node with no DOM: a sample's
// token and back, what is wrong with a sample, the curves drawn and waiting
// (their colours, the queue, the finished samples kept), the CSV rows and the
// words under the cutoff chart, each against a truth worked out here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RESTARTS_ID, RunsCurves, cutoffWords, duration, parseToken, specLabel, specProblem, specToken } from '../../www/runs/model.js';

/** A sample. */
const spec = (id, n, { seeds = 20, cap = 1000, first = 1, restarts = true } = {}) => ({ id, n, seeds, cap, first, restarts });

/** A sample's runs: the steps given, checks twice as many, capped where the steps reach the cap. */
function runs(steps, cap = Infinity) {
  return {
    steps: Float64Array.from(steps),
    checks: Float64Array.from(steps, (s) => 2 * s),
    capped: Uint8Array.from(steps, (s) => (s >= cap ? 1 : 0)),
    ms: 5,
  };
}

const ALGORITHMS = [
  { id: RESTARTS_ID, name: 'Backtracking with restarts', minN: 4, maxN: 2000 },
  { id: 'min-conflicts', name: 'Min-conflicts', minN: 4, maxN: 1_000_000 },
];

test('a token names its sample, and reads back to it; anything else is no token', () => {
  for (const s of [spec(RESTARTS_ID, 30, { restarts: false }), spec('min-conflicts', 1000, { seeds: 200, cap: 100_000, first: 0 }), spec('hill-climbing', 20, { first: 9_007_199_254_740_000 })]) {
    const token = specToken(s);
    assert.equal(token, `${s.id}.${s.n}.${s.seeds}.${s.cap}.${s.first}${s.restarts ? '' : '.off'}`);
    assert.deepEqual(parseToken(token), s);
    assert.deepEqual(parseToken(` ${token} `), s);
  }
  for (const bad of ['', 'restarts', 'restarts.30.200.1000', 'restarts.30.200.1000.1.on', 'Restarts.30.200.1000.1', 'restarts.-1.200.1000.1', 'restarts.30.200.99999999999999999.1', 'restarts.30.200.1000.1;x']) {
    assert.equal(parseToken(bad), null, bad);
  }
});

test('what is wrong with a sample is a sentence naming it; a good one has none', () => {
  const wasm = { runLengthsBudget: (/** @type {string} */ id, /** @type {number} */ n) => ({ maxRuns: 1000, budget: id === RESTARTS_ID ? 10_000_000 * 1000 / n : 1e9 }) };
  assert.match(/** @type {string} */ (specProblem(spec('bogus', 30), ALGORITHMS, /** @type {any} */ (wasm))), /no algorithm “bogus” \(try one of: restarts, min-conflicts\)/);
  assert.match(/** @type {string} */ (specProblem(spec('min-conflicts', 30, { restarts: false }), ALGORITHMS, /** @type {any} */ (wasm))), /Only restarts can run with its restarts switched off/);
  assert.match(/** @type {string} */ (specProblem(spec(RESTARTS_ID, 3), ALGORITHMS, /** @type {any} */ (wasm))), /from 4×4 to 2,000×2,000; N = 3 is below that range/);
  assert.match(/** @type {string} */ (specProblem(spec(RESTARTS_ID, 2001), ALGORITHMS, /** @type {any} */ (wasm))), /N = 2,001 is above that range/);
  assert.match(/** @type {string} */ (specProblem(spec(RESTARTS_ID, 30.5), ALGORITHMS, /** @type {any} */ (wasm))), /N must be a whole number/);
  assert.match(/** @type {string} */ (specProblem(spec(RESTARTS_ID, 30, { seeds: 9 }), ALGORITHMS, /** @type {any} */ (wasm))), /from 10 to 1,000 runs; 9 is below that range/);
  assert.match(/** @type {string} */ (specProblem(spec(RESTARTS_ID, 30), ALGORITHMS, /** @type {any} */ ({ runLengthsBudget: () => { throw new Error('no'); } }))), /cannot run at N = 30/);
});

test('the curves: a sample queued once, drawn in the first free colour, kept when finished and removed', () => {
  const model = new RunsCurves();
  const [a, b, c, d, e] = [30, 31, 32, 33, 34].map((n) => spec(RESTARTS_ID, n));
  assert.deepEqual(model.enqueue([a, b, a]), [a, b], 'a sample named twice is queued once');
  assert.deepEqual(model.enqueue([b, c]), [c], 'a sample waiting is not queued again');
  assert.deepEqual(model.specs(), [a, b, c]);
  // Finishing takes the queue's head, in order.
  const colours = [runs([1]), runs([2]), runs([3])].map((r) => model.finish(r).colour);
  assert.deepEqual(colours, [0, 1, 2]);
  assert.deepEqual(model.queue, []);
  assert.deepEqual(model.enqueue([a]), [], 'a sample drawn is not queued again');
  // The colour of a curve removed is the next one's; then the first never used.
  model.remove(specToken(b));
  assert.deepEqual(model.curves.map((curve) => curve.token), [a, c].map(specToken));
  model.enqueue([d, e]);
  assert.deepEqual([model.finish(runs([4])).colour, model.finish(runs([5])).colour], [1, 3]);
  // A sample finished is kept by its token: added again, its runs are there to draw.
  model.remove(specToken(a));
  model.enqueue([a]);
  assert.deepEqual([...(model.done.get(specToken(a))?.steps ?? [])], [1]);
  // Removing a sample still waiting takes it out of the queue.
  model.remove(specToken(a));
  assert.deepEqual(model.specs(), [c, d, e]);
});

test('the CSV has a row a run: its curve, its seed counted from the first, its work and whether it was solved', () => {
  const model = new RunsCurves();
  const s = spec('min-conflicts', 50, { first: 7, cap: 9 });
  model.enqueue([s]);
  model.finish(runs([3, 9, 5], 9));
  const rows = model.csvRows();
  assert.deepEqual(rows[0], ['curve', 'algorithm', 'n', 'restarts', 'seed', 'steps', 'checks', 'solved']);
  assert.deepEqual(rows.slice(1), [
    [specToken(s), 'min-conflicts', 50, true, 7, 3, 6, true],
    [specToken(s), 'min-conflicts', 50, true, 8, 9, 18, false],
    [specToken(s), 'min-conflicts', 50, true, 9, 5, 10, true],
  ]);
});

/**
 * The best fixed restart cutoff, by brute force: for every t from 1 to the
 * longest run, E[min(X, t)] / P(X ≤ t) over the runs (all solved).
 * @param {number[]} xs
 */
function bestCutoff(xs) {
  let best = NaN;
  let expected = Infinity;
  for (let t = 1; t <= Math.max(...xs); t++) {
    const solved = xs.filter((x) => x <= t).length;
    if (!solved) continue;
    const cost = xs.reduce((sum, x) => sum + Math.min(x, t), 0) / solved;
    if (cost < expected) [best, expected] = [t, cost];
  }
  return { best, expected };
}

test('the cutoff words: a curve without restarts beside Luby\'s at its N, and any other curve on its own', () => {
  const model = new RunsCurves();
  const without = [1, 2, 2, 3, 40, 2, 1, 90, 3, 2];
  const luby = [2, 3, 2, 4, 3, 2, 5, 3, 2, 4];
  const alone = [10, 12, 11, 300, 9, 10, 13, 12, 11, 10];
  model.enqueue([spec(RESTARTS_ID, 30, { restarts: false, seeds: 10 }), spec(RESTARTS_ID, 30, { seeds: 10 }), spec('min-conflicts', 100, { seeds: 10 })]);
  for (const r of [without, luby, alone]) model.finish(runs(r));
  const words = cutoffWords(model.curves, 'steps', ALGORITHMS);
  const mean = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const pair = bestCutoff(without);
  assert.ok(words.startsWith(`At N = 30: without restarts the mean is ${Math.round(mean(without))} steps;`), words);
  assert.ok(words.includes(`Luby's restarts, as run (10 runs), averaged ${Math.round(mean(luby))},`), words);
  assert.ok(words.includes(`restarting after ${pair.best} steps, would average ${Math.round(pair.expected)};`), words);
  assert.ok(words.includes(`${(mean(luby) / pair.expected).toFixed(2)} times the best fixed cutoff`), words);
  assert.ok(words.includes(`${(mean(without) / mean(luby)).toFixed(1)} times less than no restarts`), words);
  // The restarts curve is said with its pair, not again; the other on its own.
  assert.equal(words.split('At N = 30').length, 2);
  const single = bestCutoff(alone);
  assert.ok(words.includes(`${specLabel(model.curves[2].spec, ALGORITHMS)}: restarting after ${single.best} steps would average ${Math.round(single.expected)} against a mean of`), words);
});

test('a duration in words', () => {
  assert.equal(duration(40_000), 'about 40 seconds');
  assert.equal(duration(1_000), 'about 1 second');
  assert.equal(duration(25 * 60_000), 'about 25 minutes');
  assert.equal(duration(3 * 3_600_000), 'about 3 hours');
  assert.equal(duration(2 * 86_400_000), 'about 2 days');
});
