// `--only find`: findOne('queen-search', N) in wasm on one thread (node,
// pkg/) against the native build of the same code (bench/native's `find`
// mode), at N = 1,000,000, 3,000,000 and 10,000,000, with the ratios and Sosic and
// Gu's published 3,000,000 queens in 55 s (1991 hardware). It prints the
// figures and writes nothing: they go into BENCHMARKS.md by hand.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SIZES = [1_000_000, 3_000_000, 10_000_000];
/** The targets in wasm, in ms. */
const TARGET_MS = { 1000000: 500, 10000000: 5000 };

export async function findTimings(root, nativeBin) {
  const api = await import(pathToFileURL(path.join(root, 'pkg', 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(root, 'pkg', 'nqueens_bg.wasm')) });
  const native = JSON.parse(execFileSync(nativeBin, ['find', ...SIZES.map(String)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })).find;
  const rows = [];
  for (const n of SIZES) {
    let best = Infinity;
    let found = null;
    for (let run = 0; run < (n >= 5_000_000 ? 2 : 5); run++) {
      const start = performance.now();
      found = api.findOne('queen-search', n, 1);
      best = Math.min(best, performance.now() - start);
    }
    // The native run's board is checked by check::verify; the same seed
    // gives the same run, which the step counts confirm.
    const nat = native.find((r) => r.n === n);
    if (found.queens.length !== n || BigInt(nat.steps) !== found.steps) throw new Error(`N = ${n}: wasm and native took different runs`);
    rows.push({ n, wasmMs: best, nativeMs: nat.ms, steps: Number(found.steps), restarts: found.restarts });
  }
  return rows;
}

export function printFind(rows) {
  const ms = (x) => `${x.toFixed(0)} ms`;
  console.log('| N | wasm (node, one thread) | native | wasm / native | target | steps | restarts |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const target = TARGET_MS[r.n];
    const verdict = !target ? '' : r.wasmMs <= target ? `met (under ${ms(target)})` : `missed by ${ms(r.wasmMs - target)}`;
    console.log(`| ${r.n.toLocaleString('en')} | ${ms(r.wasmMs)} | ${ms(r.nativeMs)} | ${(r.wasmMs / r.nativeMs).toFixed(2)} | ${verdict} | ${r.steps.toLocaleString('en')} | ${r.restarts} |`);
  }
  const at3m = rows.find((r) => r.n === 3_000_000);
  if (at3m) {
    console.log(`\nSosic–Gu 1991: 3,000,000 queens in 55 s on an IBM RS/6000; here ${ms(at3m.wasmMs)} in wasm, ${(55_000 / at3m.wasmMs).toFixed(0)}× faster.`);
  }
}
