// www/runs/survival.js's maths against a plain computation of the same things:
// for a fixed sample (ties, capped runs, odd and even counts), the survival
// curve is, at each amount of work a run was solved at, the share of runs
// counted one by one that were still unsolved then; the median, mean, 90th
// percentile and longest come from sorting a copy, with "at least" wherever
// a capped run enters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarize, statisticText, hillAlpha, tailCount, restartCutoffs } from '../../www/runs/survival.js';
import { survivalCurve } from '../../www/components/log-axes.js';

/** A fixed sample: `count` runs of heavy-tailed lengths from a small LCG, some capped at `cap`. */
function sample(count, cap, seed = 12345) {
  let state = seed;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const work = [];
  const capped = [];
  for (let i = 0; i < count; i++) {
    const length = Math.floor(10 / (random() + 0.001)); // ties among the short ones
    work.push(Math.min(length, cap));
    capped.push(length > cap ? 1 : 0);
  }
  return { work, capped };
}

test('the curve is the share of runs still unsolved at each amount of work a run was solved at', () => {
  for (const [count, cap] of [[1, 1e9], [2, 1e9], [37, 500], [200, 2000], [1000, 1e9]]) {
    const { work, capped } = sample(count, cap);
    const curve = survivalCurve(work, capped);
    const solvedAt = [...new Set(work.filter((_, i) => !capped[i]))].sort((a, b) => a - b);
    assert.deepEqual([...curve.x], solvedAt, `${count} runs`);
    for (let k = 0; k < solvedAt.length; k++) {
      let unsolved = 0;
      for (let i = 0; i < count; i++) if (capped[i] || work[i] > solvedAt[k]) unsolved++;
      assert.equal(curve.share[k], unsolved / count, `${count} runs at ${solvedAt[k]}`);
    }
    assert.equal(curve.total, count);
    assert.equal(curve.solved, capped.filter((c) => !c).length);
    const somethingCapped = capped.some(Boolean);
    assert.equal(curve.share.at(-1) > 0, somethingCapped, `${count} runs: the curve ends at 0 exactly when no run was capped`);
  }
});

test('a sample whose every run was capped has no steps down', () => {
  const curve = survivalCurve([100, 100, 100], [1, 1, 1]);
  assert.deepEqual([curve.x.length, curve.solved, curve.total], [0, 0, 3]);
});

test('median, mean, 90th percentile and longest match a sort of the sample, with "at least" where a capped run enters', () => {
  for (const [count, cap] of [[1, 1e9], [2, 1e9], [10, 1e9], [11, 60], [20, 12], [200, 2000], [200, 40], [999, 1e9]]) {
    const { work, capped } = sample(count, cap, 99 + count);
    const stats = summarize(work, capped);
    // Solved runs by their work, then the capped ones (at the cap).
    const order = work.map((w, i) => [capped[i], w]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const at = (rank) => ({ value: order[rank - 1][1], atLeast: order[rank - 1][0] === 1 });
    const median = count % 2
      ? at((count + 1) / 2)
      : { value: (at(count / 2).value + at(count / 2 + 1).value) / 2, atLeast: at(count / 2).atLeast || at(count / 2 + 1).atLeast };
    let sum = 0;
    for (const w of work) sum += w;
    assert.deepEqual(stats.median, median, `${count} runs: median`);
    assert.deepEqual(stats.mean, { value: sum / count, atLeast: capped.some(Boolean) }, `${count} runs: mean`);
    assert.deepEqual(stats.p90, at(Math.ceil(0.9 * count)), `${count} runs: 90th percentile`);
    assert.deepEqual(stats.longest, { value: Math.max(...work), atLeast: capped.some(Boolean) }, `${count} runs: longest`);
    assert.equal(stats.solved, count - capped.filter(Boolean).length);
  }
});

test('a statistic reads as a number, or "at least" one', () => {
  assert.equal(statisticText({ value: 1234567.4, atLeast: false }), '1,234,567');
  assert.equal(statisticText({ value: 1e6, atLeast: true }), 'at least 1,000,000');
});

/** A seeded uniform generator in (0, 1): a 32-bit xorshift, written here. */
function uniform(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return (x + 0.5) / 2 ** 32;
  };
}

/** `count` whole-number Pareto run lengths with tail index `alpha` (P(X > x) = (x / 1000)^−alpha), capped at `cap`. */
function pareto(count, alpha, seed, cap = Infinity) {
  const random = uniform(seed);
  const work = [];
  const capped = [];
  for (let i = 0; i < count; i++) {
    const x = Math.ceil(1000 * random() ** (-1 / alpha));
    work.push(Math.min(x, cap));
    capped.push(x > cap ? 1 : 0);
  }
  return { work, capped };
}

test('Hill\'s estimator by hand: 1, 2, 4, 8, 16, 32 over the top 2 is 2 / ln 8', () => {
  const { alpha, k, threshold, censored } = hillAlpha([4, 32, 1, 16, 2, 8], [0, 0, 0, 0, 0, 0], 2);
  // Top two: 32 and 16 against the third, 8: ln 4 + ln 2 = ln 8.
  assert.equal(k, 2);
  assert.equal(threshold, 8);
  assert.equal(censored, 0);
  assert.ok(Math.abs(alpha - 2 / Math.log(8)) < 1e-12, String(alpha));
  // A capped run among the top counts in the sum but not as an event: 1 / ln 8.
  const cut = hillAlpha([4, 32, 1, 16, 2, 8], [0, 1, 0, 0, 0, 0], 2);
  assert.equal(cut.censored, 1);
  assert.ok(Math.abs(cut.alpha - 1 / Math.log(8)) < 1e-12, String(cut.alpha));
  // Too few runs, or a flat top, measure nothing.
  assert.ok(Number.isNaN(hillAlpha([5], [0]).alpha));
  assert.ok(Number.isNaN(hillAlpha([7, 7, 7, 7], [0, 0, 0, 0], 2).alpha));
  assert.equal(tailCount(500), 50);
  assert.equal(tailCount(30), 5);
});

test('Hill\'s estimator finds the α of seeded Pareto samples, with and without a cap', () => {
  for (const [alpha, seed] of [[0.5, 1], [0.8, 2], [1, 3], [1.5, 4], [2.5, 5]]) {
    const { work, capped } = pareto(20_000, alpha, seed);
    const estimate = hillAlpha(work, capped).alpha;
    assert.ok(Math.abs(estimate - alpha) / alpha < 0.08, `α = ${alpha}: estimated ${estimate}`);
    // A cap that stops about 3% of the runs: the censored estimate stays near α.
    const cap = Math.round(1000 * 0.03 ** (-1 / alpha));
    const cut = pareto(20_000, alpha, seed, cap);
    const censored = hillAlpha(cut.work, cut.capped);
    assert.ok(censored.censored > 0, `α = ${alpha}: some of the top runs are capped`);
    assert.ok(Math.abs(censored.alpha - alpha) / alpha < 0.1, `α = ${alpha}, cap ${cap}: estimated ${censored.alpha}`);
  }
});

test('the expected work with restarts after t is E[min(X, t)] / P(X ≤ t), and the best t is the brute-force minimum', () => {
  const cases = [
    pareto(50, 0.7, 11),
    pareto(400, 1.2, 12),
    pareto(300, 0.6, 13, 2000),
    sample(200, 2000, 77),
    { work: [5, 5, 5, 9], capped: [0, 0, 0, 0] },
    { work: [3, 100, 100], capped: [0, 1, 1] },
  ];
  for (const { work, capped } of cases) {
    const cutoffs = restartCutoffs(work, capped);
    const n = work.length;
    // Every t in the sample, by a plain loop over the runs.
    const plain = (t) => {
      let sum = 0;
      let solved = 0;
      for (let i = 0; i < n; i++) {
        sum += Math.min(work[i], t);
        if (!capped[i] && work[i] <= t) solved++;
      }
      return solved ? (sum / n) / (solved / n) : Infinity;
    };
    let best = Infinity;
    let bestT = NaN;
    for (const t of [...new Set(work)].sort((a, b) => a - b)) {
      const value = plain(t);
      if (value < best * (1 - 1e-12)) {
        best = value;
        bestT = t;
      }
    }
    assert.equal(cutoffs.best, bestT, `${n} runs: the best cutoff`);
    assert.ok(Math.abs(cutoffs.bestExpected - best) <= 1e-9 * best, `${n} runs: ${cutoffs.bestExpected} against ${best}`);
    cutoffs.t.forEach((t, i) => assert.ok(Math.abs(cutoffs.expected[i] - plain(t)) <= 1e-9 * plain(t), `${n} runs at t = ${t}`));
    // The cutoffs are the distinct solved run lengths.
    assert.deepEqual([...cutoffs.t], [...new Set(work.filter((_, i) => !capped[i]))].sort((a, b) => a - b));
  }
  const none = restartCutoffs([10, 10], [1, 1]);
  assert.ok(Number.isNaN(none.best) && none.t.length === 0);
});
