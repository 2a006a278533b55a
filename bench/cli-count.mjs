#!/usr/bin/env node
// The command line's `nqueens count N` (target/release/nqueens, built here
// with `cargo build --release`) against Kluev's quadrant counter
// (../shared/anchors/kluev, built as bench/count-speed.mjs builds it: g++
// -std=c++20 -O3 -march=native), side by side on one thread and on all the
// machine's threads, interleaved, best of `rounds` runs each. Both count
// from nothing: each run is a fresh process, the plan's set-up included.
// None of Kluev's code goes into the product.
//
//   node bench/cli-count.mjs [N=18] [rounds=2]
//
// Prints a short Markdown section for BENCHMARKS.md: the times, the ratios,
// the machine (lscpu), the load and the date.

import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kluev } from './count-speed.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NQUEENS = path.join(ROOT, 'target', 'release', 'nqueens');
const n = Number(process.argv[2] ?? 18);
const rounds = Number(process.argv[3] ?? 2);
const log = (...a) => console.error('[bench:cli]', ...a);
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

function runKluev(threads) {
  const out = execFileSync(kluev(n), [String(threads)], { encoding: 'utf8' });
  return { total: out.match(/Result: (\d+)/)?.[1], s: Number(out.match(/Elapsed time: ([\d.]+)/)?.[1]) };
}

function runCli(threads) {
  const start = process.hrtime.bigint();
  const out = execFileSync(NQUEENS, ['count', String(n), '--threads', String(threads)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const s = Number(process.hrtime.bigint() - start) / 1e9;
  return { total: out.match(/^(\d+) solutions/)?.[1], s, method: out.match(/\((\w+), /)?.[1] };
}

log(`building: cargo build --release --bin nqueens; Kluev's counter for N = ${n}`);
execFileSync('cargo', ['build', '--release', '--bin', 'nqueens'], { cwd: ROOT, stdio: 'inherit' });
kluev(n);
const cpu = execFileSync('lscpu', { encoding: 'utf8' });
const field = (name) => cpu.match(new RegExp(`^${name}:\\s*(.+)$`, 'm'))?.[1]?.trim() ?? '?';
const all = os.availableParallelism();
const loadBefore = load();
const rows = [];
for (const threads of [...new Set([1, all])]) {
  const k = [];
  const c = [];
  for (let r = 0; r < rounds; r++) {
    k.push(runKluev(threads));
    c.push(runCli(threads));
    log(`${threads} thread(s), round ${r + 1}: Kluev ${k.at(-1).s.toFixed(2)} s, nqueens ${c.at(-1).s.toFixed(2)} s`);
  }
  if (k.some((x) => x.total !== c[0].total) || c.some((x) => x.total !== c[0].total)) {
    throw new Error(`the counts differ: Kluev ${k.map((x) => x.total)}, nqueens ${c.map((x) => x.total)}`);
  }
  const best = (xs) => Math.min(...xs.map((x) => x.s));
  rows.push({ threads, total: c[0].total, method: c[0].method, kluev: best(k), cli: best(c), kluevRuns: k.map((x) => x.s), cliRuns: c.map((x) => x.s) });
}
const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const lines = [
  `**The command line against Kluev's counter** (\`node bench/cli-count.mjs ${n} ${rounds}\`, ${date}Z): \`nqueens count ${n} --threads T\` ` +
    `(${rows[0].method}, a fresh process each run) against Kluev's counter with T threads, interleaved, best of ${rounds}; ` +
    `both counted ${Number(rows[0].total).toLocaleString('en-US')}. Machine: ${field('Model name')}, ${field('CPU\\(s\\)')} CPUs (${field('Hypervisor vendor')} VM); ` +
    `load average ${loadBefore} before, ${load()} after${Number(loadBefore.split(' ')[0]) > 0.5 ? ': a machine shared with other jobs, so the figures move from run to run' : ''}.`,
  '',
  '| threads | Kluev s | nqueens s | nqueens / Kluev | runs (Kluev / nqueens) |',
  '|---:|---:|---:|---:|---|',
  ...rows.map((r) => `| ${r.threads} | ${r.kluev.toFixed(2)} | ${r.cli.toFixed(2)} | ${(r.cli / r.kluev).toFixed(2)} | ${r.kluevRuns.map((x) => x.toFixed(2)).join(', ')} / ${r.cliRuns.map((x) => x.toFixed(2)).join(', ')} |`),
];
console.log(lines.join('\n'));
