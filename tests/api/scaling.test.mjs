// www/runs/scaling.js's model against the core's catalogue and plain
// computations: which searches the scaling view draws comes from
// algorithms()' fields; the tasks cover every seed of every N once, cheapest
// first; a row's medians and attacked count are those of its runs sorted
// here; the sentences quote numbers computed here from the rows.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scalingSeries, scalingTasks, scalingRow, scalingWords, greedyWords, seedsAt } from '../../www/runs/scaling.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let algorithms;

before(async () => {
  const api = await import(pathToFileURL(path.join(ROOT, 'pkg', 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(ROOT, 'pkg', 'nqueens_bg.wasm')) });
  algorithms = api.algorithms();
});

test('the searches come from algorithms()\' fields: the first tree search for every solution, and the searches for one solution past their stepping range', () => {
  const series = scalingSeries(algorithms, 1_000_000);
  const depth = algorithms.filter((a) => a.goal === 'all' && a.space === 'tree' && a.maxN >= 20).sort((a, b) => a.source.localeCompare(b.source))[0];
  const one = algorithms.filter((a) => a.goal === 'one' && a.findMaxN > a.maxN);
  assert.deepEqual(series.map((s) => s.id), [depth.id, ...one.map((a) => a.id)]);
  assert.equal(series[0].id, 'backtracking');
  for (const s of series) {
    const a = algorithms.find((x) => x.id === s.id);
    const top = s.goal === 'all' ? a.maxN : Math.min(a.findMaxN, 1_000_000);
    assert.equal(s.ns[0], 4, `${s.id} starts at N = 4`);
    assert.equal(s.ns.at(-1), top, `${s.id} ends at its largest N`);
    assert.equal(s.seeded, s.goal === 'one' && a.seeded);
  }
  assert.deepEqual(series.filter((s) => s.depthFirst).map((s) => s.id), ['backtracking', 'restarts']);
  assert.ok(scalingSeries(algorithms, 1000).every((s) => s.ns.at(-1) <= 1000));
});

test('the tasks hold every seed of every N once, by N', () => {
  const series = scalingSeries(algorithms, 10_000);
  const tasks = scalingTasks(series);
  let expected = 0;
  for (const s of series) for (const n of s.ns) expected += s.seeded ? seedsAt(n, s.depthFirst) : 1;
  assert.equal(tasks.length, expected);
  assert.equal(new Set(tasks.map((t) => `${t.id}.${t.n}.${t.seed}`)).size, expected);
  for (let i = 1; i < tasks.length; i++) assert.ok(tasks[i].n >= tasks[i - 1].n, 'cheapest first');
  assert.ok(tasks.every((t) => t.board === (t.n <= 100 && t.seed === 1)));
});

test('a row is the median of its runs, capped runs making it "at least"', () => {
  const series = { id: 'restarts', name: 'R', goal: 'one', seeded: true, depthFirst: true, ns: [30], cap: 100 };
  const run = (steps, placements, solved, attacked = NaN) => ({ steps, placements, solved, attacked, pairs: NaN, ms: 0, queens: null });
  const row = scalingRow(series, 30, [run(50, 5, true, 3), run(10, 2, true, 1), run(100, 9, false, 2), run(40, 4, true, 7)]);
  // Sorted: solved 10, 40, 50, then the capped 100: the median is (40 + 50) / 2.
  assert.deepEqual(row.steps, { value: 45, atLeast: false });
  assert.deepEqual(row.placements, { value: 4.5, atLeast: false });
  assert.equal(row.attacked, 2.5); // 1, 2, 3, 7
  assert.equal(row.solved, 3);
  const odd = scalingRow(series, 30, [run(50, 5, true), run(100, 9, false), run(100, 9, false)]);
  assert.deepEqual(odd.steps, { value: 100, atLeast: true });
  assert.ok(Number.isNaN(odd.attacked), 'no greedy start: no count');
});

test('the sentences quote the growth, the biggest drop and the flat work per queen, as computed here', () => {
  const series = scalingSeries(algorithms, 1_000_000).filter((s) => ['backtracking', 'min-conflicts'].includes(s.id));
  const placements = { 4: 8, 5: 5, 6: 31, 7: 9, 8: 113, 9: 41, 10: 102 };
  const run = (steps, placed, attacked = NaN) => ({ steps, placements: placed, solved: true, attacked, pairs: NaN, ms: 0, queens: null });
  const rows = [
    ...Object.entries(placements).map(([n, p]) => scalingRow(series[0], Number(n), [run(3 * p, p)])),
    ...[[1000, 1074, 20], [10_000, 10_078, 34], [1_000_000, 1_000_712, 1130]].map(([n, steps, attacked]) => scalingRow(series[1], n, [run(steps, steps - n, attacked)])),
  ];
  const words = scalingWords(series, rows).join(' ');
  // Growth a queen: (102 / 8)^(1/6); the biggest drop from one N to the next, by a loop.
  assert.ok(words.includes(`×${((102 / 8) ** (1 / 6)).toFixed(2)} for each queen added`), words);
  let drop = 4;
  for (let n = 4; n < 10; n++) if (placements[n] / placements[n + 1] > placements[drop] / placements[drop + 1]) drop = n;
  assert.equal(drop, 6);
  assert.ok(words.includes(`N = ${drop} took ${placements[drop]} placements and N = ${drop + 1} only ${placements[drop + 1]}, ${(placements[drop] / placements[drop + 1]).toFixed(1)} times fewer`), words);
  // No min-conflicts row at N = 10 here: nothing to set beside backtracking's last.
  assert.ok(!words.includes('It stops at N = 10'), words);
  assert.ok(words.includes('stays flat: from N = 1,000 to 1,000,000 its median is between 1.00 and 1.07 steps a queen'), words);
  const greedy = greedyWords(series, rows);
  assert.ok(greedy.includes('left 1,130 of 1,000,000 queens attacked (0.11%)'), greedy);
  assert.ok(greedy.includes('made 712 repairs (712 steps past'), greedy);
  assert.ok(greedy.includes('×1,000 the queens, the attacked ones grew ×57'), greedy);
});
