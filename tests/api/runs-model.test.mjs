// Many runs' model (www/runs/model.js), in node with no DOM: a sample's
// token and back, what is wrong with a sample, the curves drawn and waiting
// (their colours, the queue, the finished samples kept), the CSV rows and the
// words under the cutoff chart, the form read and kept in its limits, the
// time a link's curves would take, a sample timed on the core, the cutoff
// chart's lines and the table's tail, each against a truth worked out here.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  NO_RESTARTS, RESTARTS_ID, RunsCurves, capNote, capsOf, cutoffSeries, cutoffWords, defaultCap, doneSentence, duration, formLimits, likelyTime,
  parseToken, probeSpec, specLabel, specOfForm, specProblem, specToken, tailFigures,
} from '../../www/runs/model.js';
import { hillAlpha, restartCutoffs } from '../../www/runs/survival.js';

const PKG = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), 'pkg');
let api;
before(async () => {
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
});

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

test('the form reads as a sample: whole numbers only, and "no restarts" as backtracking with restarts off', () => {
  assert.deepEqual(specOfForm({ algo: 'min-conflicts', n: ' 40 ', seeds: '200', first: '0', cap: '5000' }), spec('min-conflicts', 40, { seeds: 200, cap: 5000, first: 0 }));
  assert.deepEqual(specOfForm({ algo: NO_RESTARTS, n: '30', seeds: '20', first: '1', cap: '1000' }), spec(RESTARTS_ID, 30, { restarts: false }));
  for (const bad of ['', '1e3', '-5', '12.5', '0x10', '12345678901234567']) assert.ok(Number.isNaN(specOfForm({ algo: 'x', n: bad, seeds: '1', first: '1', cap: '1' }).n), bad);
});

test('a link\'s curves would take their runs\' measured work at the measured pace, at worst the cap, shared by the workers', () => {
  const specs = [spec('a', 8, { seeds: 100, cap: 1000 }), spec('b', 8, { seeds: 10, cap: 50 })];
  const probes = [{ msPerStep: 0.01, stepsPerRun: 200 }, { msPerStep: 1, stepsPerRun: 80 }];
  // a: 100 runs of 200 steps at 0.01 ms; b: 10 runs of at most its cap, 50 steps, at 1 ms; on 4 workers.
  assert.deepEqual(likelyTime(specs, probes, 4), { likely: (100 * 200 * 0.01 + 10 * 50 * 1) / 4, worst: (100 * 1000 * 0.01 + 10 * 50 * 1) / 4 });
  assert.deepEqual(likelyTime(specs, probes, 0), likelyTime(specs, probes, 1), 'no worker counts as one');
});

test('a sample timed on the core: its run\'s steps are the steps a session takes to its solution', () => {
  for (const [id, n, seed] of [['min-conflicts', 12, 3], [RESTARTS_ID, 10, 2]]) {
    const session = api.Session.seeded(id, n, seed);
    let steps = 0;
    while (!session.done && session.step()) steps++;
    session.free();
    const probe = probeSpec(api, spec(id, n, { first: seed, cap: 1_000_000 }), 60_000, 1);
    assert.equal(probe.stepsPerRun, steps, `${id} seed ${seed}`);
    assert.ok(probe.msPerStep >= 0);
    assert.equal(probeSpec(api, spec(id, n, { first: seed, cap: 2 }), 60_000, 1).stepsPerRun, Math.min(2, steps), 'at most the cap');
  }
});

test('the form kept in its limits: a new algorithm\'s default cap, a cap or number of runs over them brought down and said', () => {
  const budget = { budget: 5000, maxRuns: 100 };
  assert.deepEqual(formLimits(spec('a', 8, { cap: 9000, seeds: 500 }), budget, false, false), { cap: null, seeds: null, lowered: [] }, 'typing alone changes nothing');
  const moved = formLimits(spec('a', 8, { cap: 9000, seeds: 500 }), budget, false, true);
  assert.deepEqual([moved.cap, moved.seeds], [5000, 100]);
  assert.deepEqual(moved.lowered, ['The cap was 9,000, over that limit; it is now 5,000.', 'The number of runs was 500, over the 100 a curve may take here; it is now 100.']);
  assert.deepEqual(formLimits(spec('a', 8, { cap: 9000, seeds: 20 }), budget, true, false), { cap: Math.min(defaultCap(null), 5000), seeds: null, lowered: [] }, 'a new algorithm: its default cap, within the limit');
  assert.match(capNote(3000, budget, 'Min-conflicts', 1000, ['Said.']), /\(now 3,000 steps\)\. The cap itself may be set as high as 5,000 steps for Min-conflicts at N = 1,000, .* Said\.$/);
  assert.match(capNote(Number.NaN, budget, 'X', 8, []), /\(in steps\)/);
});

test('a finished sample is said with its runs, its time and the runs capped', () => {
  assert.equal(doneSentence(spec('min-conflicts', 40, { seeds: 3 }), { capped: [0, 1, 1], ms: 12_345 }, ALGORITHMS), `${specLabel(spec('min-conflicts', 40, { seeds: 3 }), ALGORITHMS)}: 3 runs in 12 s; 2 stopped at the cap unsolved.`);
  assert.match(doneSentence(spec('min-conflicts', 40), { capped: [0], ms: 2500 }, ALGORITHMS), /runs in 2\.5 s\.$/);
  assert.match(doneSentence(spec('min-conflicts', 40), { capped: [], ms: 40.4 }, ALGORITHMS), /runs in 40 ms\.$/);
});

test('the cutoff chart: a line a curve, dashed every other one, each least labelled once a cutoff; a level line for Luby\'s restarts', () => {
  const a = { spec: spec('min-conflicts', 20), token: 'a', colour: 0, runs: runs([5, 9, 40, 300, 1000], 1000) };
  const b = { spec: spec('min-conflicts', 20, { seeds: 5 }), token: 'b', colour: 1, runs: runs([5, 9, 40, 300, 1000], 1000) };
  const luby = { spec: spec(RESTARTS_ID, 20), token: 'c', colour: 2, runs: runs([3, 8, 20, 50, 60]) };
  const curves = [a, b, luby];
  assert.deepEqual(capsOf(curves, 'steps'), [1000, 1000, 0]);
  assert.deepEqual(capsOf(curves, 'checks'), [2000, 2000, 0]);
  const series = cutoffSeries(curves, 'steps', (curve) => `c${curve.colour}`);
  assert.equal(series.length, 4, 'three curves and one level line');
  assert.deepEqual(series.map((s) => [s.colour, s.dashed]), [['c0', false], ['c1', true], ['c2', false], ['c2', true]]);
  const own = restartCutoffs(a.runs.steps, a.runs.capped);
  assert.deepEqual(series[0].points, Array.from(own.t, (x, k) => ({ x, y: own.expected[k] })));
  assert.equal(series[0].mark?.label, `t = ${own.best.toLocaleString('en-US')}`);
  assert.equal(series[1].mark?.label, '', 'the same cutoff is labelled once');
  const xs = series.slice(0, 3).flatMap((s) => s.points.map((p) => p.x));
  const mean = [3, 8, 20, 50, 60].reduce((x, y) => x + y) / 5;
  assert.deepEqual(series[3].points, [{ x: Math.min(...xs), y: mean }, { x: Math.max(...xs), y: mean }]);
  assert.equal(series[3].mark?.label, `Luby as run: ${Math.round(mean)}`);
});

test('a curve\'s tail in the table', () => {
  const work = Float64Array.from([1, 2, 3, 4, 100, 200, 300, 400, 500, 1000]);
  const capped = new Uint8Array(10);
  const t = tailFigures(work, capped, { mean: { value: 30, atLeast: true }, median: { value: 10 }, solved: 9, total: 10 });
  assert.equal(t.ratioText, '≥ 3.0×');
  const { alpha, k } = hillAlpha(work, capped);
  assert.equal(t.alphaText, alpha.toFixed(2));
  assert.ok(t.alphaNote.startsWith(`k = ${k}; `), t.alphaNote);
  assert.equal(t.alphaNote.endsWith(alpha < 1 ? 'the mean keeps growing' : alpha < 2 ? 'unbounded spread' : 'both bounded'), true);
  const { best, bestExpected } = restartCutoffs(work, capped);
  assert.equal(t.bestText, best.toLocaleString('en-US'));
  assert.equal(t.expectedText, `at most ${Math.round(bestExpected).toLocaleString('en-US')}`, 'a run unsolved: at most');
  assert.equal(tailFigures(work, capped, { mean: { value: 0, atLeast: false }, median: { value: 0 }, solved: 10, total: 10 }).ratioText, '–');
});
