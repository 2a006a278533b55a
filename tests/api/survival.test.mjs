// www/runs/survival.js's maths against a plain computation of the same things:
// for a fixed sample (ties, capped runs, odd and even counts), the survival
// curve is, at each amount of work a run was solved at, the share of runs
// counted one by one that were still unsolved then; the median, mean, 90th
// percentile and longest come from sorting a copy, with "at least" wherever
// a capped run enters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { survivalCurve, summarize, statisticText } from '../../www/runs/survival.js';

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
