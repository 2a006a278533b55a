// Puzzle generation and deduction (`--only puzzle`): how long
// `puzzle(N, level, seed)` takes in wasm on one thread (`pkg/` in Node, the
// same module the page loads), over many seeds, at N = 8, 10 and 12 and every
// level offered there; and how long replaying the whole chain of deductions
// that solves the puzzle takes (repeated `deduce()`, what the page's "solve
// by reasoning" replay asks for). The page calls `puzzle()` on the main
// thread, so the target is one frame: every seed under 16 ms.
// `puzzleTimings()` resolves to plain data and `puzzleSection()` writes it up
// for bench/run.mjs; `node bench/puzzle.mjs` prints the section alone.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const log = (...a) => console.error('[bench:puzzle]', ...a);

/** The sizes timed, and the seeds for each size and level. */
const SIZES = [8, 10, 12];
const SEEDS = 100;
/** Runs of each seed; its best is its time. */
const RUNS = 3;
/** The target for one call of puzzle(): a frame at 60 Hz. */
const FRAME_MS = 16;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];

/** Repeated deduce() from the puzzle's queens to a full board: the steps taken. */
function replay(api, n, queens) {
  const placed = [...queens];
  const excluded = [];
  let steps = 0;
  for (let d = api.deduce(n, placed, excluded); d; d = api.deduce(n, placed, excluded)) {
    (d.kind === 'place' ? placed : excluded).push(d.row * n + d.col);
    steps++;
  }
  if (placed.length !== n) throw new Error(`deduction did not complete a ${n}×${n} puzzle`);
  return steps;
}

export async function puzzleTimings(root) {
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const loadStart = load();
  const api = await import(pathToFileURL(path.join(root, 'pkg', 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(root, 'pkg', 'nqueens_bg.wasm')) });
  // Warm up: the first calls compile the module's code.
  for (const n of SIZES) api.puzzle(n, 'easy', 0);
  const rows = [];
  for (const n of SIZES) {
    for (const level of api.puzzleLevels(n)) {
      const generate = [];
      const solve = [];
      const steps = [];
      const givens = [];
      for (let seed = 0; seed < SEEDS; seed++) {
        // A seed's puzzle is always the same work: its best of three runs
        // is its cost, the others' extra is the machine's other load.
        let queens = [];
        let best = Infinity;
        let bestSolve = Infinity;
        for (let run = 0; run < RUNS; run++) {
          let start = performance.now();
          queens = Array.from(api.puzzle(n, level, seed));
          best = Math.min(best, performance.now() - start);
          start = performance.now();
          const taken = replay(api, n, queens);
          bestSolve = Math.min(bestSolve, performance.now() - start);
          if (run === 0) steps.push(taken);
        }
        generate.push(best);
        solve.push(bestSolve);
        givens.push(queens.length);
      }
      const row = {
        n,
        level,
        seeds: SEEDS,
        medianMs: median(generate),
        p95Ms: quantile(generate, 0.95),
        maxMs: Math.max(...generate),
        solveMedianMs: median(solve),
        solveMaxMs: Math.max(...solve),
        medianSteps: median(steps),
        medianGivens: median(givens),
      };
      log(`N=${n} ${level}: median ${row.medianMs.toFixed(2)} ms, max ${row.maxMs.toFixed(2)} ms; replay median ${row.solveMedianMs.toFixed(2)} ms over ${row.medianSteps} steps`);
      rows.push(row);
    }
  }
  return { date, load: `${loadStart} / ${load()}`, rows };
}

const ms = (x) => `${x < 1 ? x.toFixed(2) : x.toFixed(1)} ms`;

/** Section `number` of BENCHMARKS.md and its lines for the Targets list. */
export function puzzleSection(puzzle, number) {
  const lines = [`## ${number}. Puzzles that deduction solves`, ''];
  lines.push(
    `\`puzzle(N, level, seed)\` in wasm on one thread (\`pkg/\` in Node, the same module the page loads, \`bench/puzzle.mjs\`), ` +
      `seeds 0 to ${puzzle.rows[0]?.seeds - 1}, each seed's best of ${RUNS} runs after a warm-up (a seed is always the same work; ` +
      "the slower runs measure the machine's other load): the generator draws a solution, thins it while " +
      "the level's rules still solve it, and draws again until the rules below fall short. \"Replay\" is repeated `deduce()` " +
      'from the puzzle to the full board, one call a step, each answer applied (the page\'s "solve by reasoning"); a step is ' +
      'one deduction, the attacked squares ruled out one by one included.' +
      ` Measured on ${puzzle.date}; load average (1, 5, 15 min) at the start / end: ${puzzle.load}.`,
    '',
  );
  lines.push('| N | level | median | p95 | slowest seed | queens given (median) | replay: steps (median) | replay: median | replay: slowest |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of puzzle.rows) {
    lines.push(`| ${r.n} | ${r.level} | ${ms(r.medianMs)} | ${ms(r.p95Ms)} | ${ms(r.maxMs)} | ${r.medianGivens} | ${r.medianSteps} | ${ms(r.solveMedianMs)} | ${ms(r.solveMaxMs)} |`);
  }
  lines.push('');
  const worst = puzzle.rows.reduce((a, b) => (b.maxMs > a.maxMs ? b : a), puzzle.rows[0]);
  const targets = [
    {
      name: `Every generated puzzle (N = ${SIZES.join(', ')}, every level offered, ${worst?.seeds} seeds each) in under one frame (${FRAME_MS} ms) on the main thread`,
      ok: worst.maxMs < FRAME_MS,
      detail: `slowest ${ms(worst.maxMs)} (N = ${worst.n}, ${worst.level}): ${worst.maxMs < FRAME_MS ? `${ms(FRAME_MS - worst.maxMs)} to spare` : `over by ${ms(worst.maxMs - FRAME_MS)}`}.`,
      why: 'a seed whose first solutions all fell to the easier rules drew many solutions before one needed its level.',
    },
  ];
  return { lines, targets };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const section = puzzleSection(await puzzleTimings(root), 13);
  console.log(section.lines.join('\n'));
  for (const t of section.targets) console.log(`- **${t.ok ? 'Met' : 'Missed'}**: ${t.name}. ${t.detail}${t.ok ? '' : ` Why: ${t.why}`}`);
}
