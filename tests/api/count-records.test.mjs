// Count mode's known counts (www/count/records.js), in node with no DOM:
// every value against this file's own copy of OEIS A000170 and, for small N,
// against a plain search written here; every N from 1 to the last known one
// said to be counted by someone, somehow, at some time, with a source; and
// Simkin's growth against the values themselves.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { solutions as everySolution } from '../common/plain.mjs';
import { HISTORY, KNOWN_MAX_N, SIMKIN, clusterCommands, countSentence, historyOf, knownTotal, simkinEstimate } from '../../www/count/records.js';

// OEIS A000170, n = 1..27, typed from the OEIS entry (https://oeis.org/A000170).
const A000170 = [
  1n, 0n, 0n, 2n, 10n, 4n, 40n, 92n, 352n, 724n, 2680n, 14200n, 73712n, 365596n, 2279184n, 14772512n, 95815104n,
  666090624n, 4968057848n, 39029188884n, 314666222712n, 2691008701644n, 24233937684440n, 227514171973736n,
  2207893435808352n, 22317699616364044n, 234907967154122528n,
];

/** Solutions of N queens by the tests' plain search (A000170's first terms, recomputed). */
const solutions = (n) => everySolution(n).length;

test('the known counts are OEIS A000170 for N = 1..27, and nothing past them', () => {
  assert.equal(KNOWN_MAX_N, A000170.length);
  for (let n = 1; n <= KNOWN_MAX_N; n++) assert.equal(knownTotal(n), A000170[n - 1], `Q(${n})`);
  for (const n of [0, -1, 28, 1.5, NaN]) assert.equal(knownTotal(n), null, `Q(${n})`);
});

test('the known counts for N = 1..10 are what a plain search finds', () => {
  for (let n = 1; n <= 10; n++) assert.equal(knownTotal(n), BigInt(solutions(n)), `Q(${n})`);
});

test('every known N is said to be counted once: who, how, when, and a source', () => {
  for (let n = 1; n <= KNOWN_MAX_N; n++) {
    const rows = HISTORY.filter((h) => h.from <= n && n <= h.to);
    assert.equal(rows.length, 1, `N = ${n} in one row`);
    const h = historyOf(n);
    for (const c of [h, ...(h.confirmed ? [h.confirmed] : [])]) {
      assert.ok(c.how.length > 2 && (c.who || c.when).length > 2, `N = ${n}: how, and who or when`);
      assert.match(c.source.href, /^https?:\/\/\S+$/, `N = ${n}: a source`);
      const said = countSentence(c);
      for (const part of [c.who, c.how, c.when]) assert.ok(said.toLowerCase().includes(part.toLowerCase()), `${said} says ${part}`);
      if (!c.who) assert.match(said, /who is not recorded/);
    }
  }
  assert.equal(historyOf(KNOWN_MAX_N + 1), null);
  // The years the sources give for the last three records.
  assert.match(historyOf(25).when, /2005/);
  assert.match(historyOf(26).when, /2009/);
  assert.match(historyOf(27).when, /2016/);
  assert.match(historyOf(27).confirmed.when, /2025/);
  assert.match(historyOf(27).how, /FPGA/);
  assert.match(historyOf(27).confirmed.how, /GPU/);
  assert.match(historyOf(26).how, /FPGA/);
});

test("Simkin's growth: e^(−α) is about 0.143, and Q(n)^(1/n)/n falls towards it over the known N", () => {
  assert.ok(Math.abs(Math.exp(-SIMKIN.alpha) - 0.1434) < 0.0005);
  assert.ok(Math.abs(simkinEstimate(27) - (27 * Math.exp(-1.942)) ** 27) / simkinEstimate(27) < 1e-12);
  const rate = (n) => Number(A000170[n - 1]) ** (1 / n) / n;
  for (let n = 12; n < 27; n++) assert.ok(rate(n + 1) < rate(n), `rate falls from ${n} to ${n + 1}`);
  assert.ok(rate(27) > Math.exp(-SIMKIN.alpha), 'still above the limit at N = 27');
  // Without its o(1) the formula falls short of Q(27) by a factor between 10 and 100.
  const short = Number(A000170[26]) / simkinEstimate(27);
  assert.ok(short > 10 && short < 100, String(short));
});

test('the cluster commands build the binary, plan N in K pieces, and hand N and K to the Ray driver and the plan to Slurm', () => {
  const [build, plan, ray, slurm] = clusterCommands(22, 500);
  assert.equal(build, 'cargo build --release');
  assert.match(plan, /^target\/release\/nqueens plan 22 --pieces 500 > (\S+)$/);
  const file = plan.split(' > ')[1];
  assert.match(ray, /^python cluster\/ray_count\.py 22 --pieces 500$/);
  assert.ok(slurm.startsWith('cluster/slurm_count.sh submit ') && slurm.includes(file), slurm);
});
