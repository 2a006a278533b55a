// Queen search at 100,000,000 and 10,000,000 queens against FrozenVoid's NQ.c,
// the fastest published program that solves such boards by search.
//
//   node bench/nqc.mjs --nqc /path/to/NQ.c-checkout [--ns 10000000,100000000] [--seeds 1,2,3]
//   node bench/nqc.mjs --report-only      (the last run's bench/results/nqc.json again)
//
// The project holds none of NQ.c's code: this script is given the path of a
// checkout and builds its nq.c there into a temporary folder, with the flags
// of the checkout's own nqbench.sh (gcc -Ofast -march=native -mtune=native,
// its printing, file and check switches off). For each N, and each seed in
// turn, it runs NQ.c and findOne('queen-search', N, seed) in wasm (pkg/, the
// module the page loads, one thread), each in a fresh process, the order
// turning with the seed. NQ.c draws its random numbers from a fixed start and
// takes no seed: each of its runs is the same search, and its figure is the
// median of its runs. Its time is the one it prints for its "linear solver"
// alone (its allocation and the filling of its diagonal counts left out: the
// most generous reading for it). NQ.c reads that time from clock(), the
// process's CPU time, so queen search is compared by the CPU time of the
// whole findOne call (process.cpuUsage(), allocation of a fresh module's
// memory included); its wall time is given beside it, and on a machine that
// others share it holds the time spent waiting for a CPU. Every wasm board is checked
// here (one pass, one bit a line). Prints a Markdown section with the load
// average around each row, and writes bench/results/nqc.json (and, after
// each run, what has been measured so far beside it, for a run cut short).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (...a) => console.error('[bench:nqc]', ...a);
const loadNow = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const seconds = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

/** --name value pairs of the command line. */
function options(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || argv[i + 1] === undefined) throw new Error(`expected --name value, got ${argv[i]}`);
    out[argv[i].slice(2)] = argv[i + 1];
  }
  return out;
}

/** nq.c of the checkout at `dir`, built with its own nqbench.sh's flags into `tmp`. */
function buildNqc(dir, tmp) {
  const source = path.join(dir, 'nq.c');
  if (!fs.existsSync(source)) throw new Error(`${source} is missing: --nqc takes the path of a checkout of FrozenVoid/NQ.c`);
  const bin = path.join(tmp, 'nq');
  const flags = ['-Ofast', '-march=native', '-mtune=native', '-w', '-pipe',
    '-DSILENCE', '-DNOFILEINPUT', '-DNOFILEOUTPUT', '-DNOSCRAMBLE', '-DNOPRINTBOARD', '-DNOINTEGRITY',
    '-DNOVERIFIER', '-DNOPRESOLVED', '-DNDEBUG', '-DNOSYNTAX'];
  execFileSync('gcc', [source, ...flags, '-o', bin], { cwd: dir, stdio: 'inherit' });
  return { bin, flags: flags.join(' ') };
}

/** One NQ.c run: its printed linear-solver time, and the process's wall time. */
function runNqc(bin, n) {
  const start = performance.now();
  const out = execFileSync(bin, [String(n)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const wall = performance.now() - start;
  const m = /Solved N=\s*(\d+)\s+in\s*(\d+)\s*ms\(linear solver only\)/.exec(out);
  if (!m || Number(m[1]) !== n) throw new Error(`NQ.c at ${n} printed no solve time:\n${out}`);
  return { ms: Number(m[2]), wall };
}

/** One findOne in a fresh node process: its time, work, memory and the board's check. */
function runWasm(n, seed) {
  const script = `
    const api = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'pkg', 'nqueens.js')).href)});
    const fs = await import('node:fs');
    const exports = await api.default({ module_or_path: fs.readFileSync(${JSON.stringify(path.join(ROOT, 'pkg', 'nqueens_bg.wasm'))}) });
    const cpu = process.cpuUsage();
    const start = performance.now();
    const found = api.findOne('queen-search', ${n}, ${seed});
    const ms = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const q = found.queens, n = ${n};
    const bits = (k) => new Uint32Array(Math.ceil(k / 32));
    const cols = bits(n), sums = bits(2 * n), diffs = bits(2 * n);
    let clash = q.length === n ? null : 'wrong length';
    for (let row = 0; row < n && !clash; row++) {
      const c = q[row], s = row + c, d = row - c + n;
      if (!(c >= 0 && c < n)) clash = 'row ' + row + ' off the board';
      else if ((cols[c >>> 5] >>> (c & 31)) & 1 || (sums[s >>> 5] >>> (s & 31)) & 1 || (diffs[d >>> 5] >>> (d & 31)) & 1) clash = 'row ' + row + ' attacked';
      else { cols[c >>> 5] |= 1 << (c & 31); sums[s >>> 5] |= 1 << (s & 31); diffs[d >>> 5] |= 1 << (d & 31); }
    }
    console.log(JSON.stringify({ ms, cpu: (used.user + used.system) / 1000, steps: Number(found.steps), restarts: found.restarts, bytes: exports.memory.buffer.byteLength, clash }));
  `;
  const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
  if (out.clash) throw new Error(`wasm N = ${n} seed ${seed}: ${out.clash}`);
  return out;
}

function machine() {
  let model = '?';
  try {
    model = execFileSync('lscpu', [], { encoding: 'utf8' }).match(/^Model name:\s*(.+)$/m)?.[1]?.trim() ?? '?';
  } catch {
    // lscpu missing: the model stays unknown.
  }
  const gcc = execFileSync('gcc', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  return { model, cpus: os.cpus().length, memGiB: (os.totalmem() / 2 ** 30).toFixed(0), node: process.version, gcc };
}

const reportOnly = process.argv.includes('--report-only');
const args = options(process.argv.slice(2).filter((a) => a !== '--report-only'));
if (!args.nqc && !reportOnly) {
  console.error('usage: node bench/nqc.mjs --nqc /path/to/NQ.c-checkout [--ns 10000000,100000000] [--seeds 1,2,3]');
  process.exit(2);
}
const saved = path.join(ROOT, 'bench', 'results', 'nqc.json');
const partial = path.join(ROOT, 'bench', 'results', 'nqc-partial.json');
if (reportOnly) {
  report(JSON.parse(fs.readFileSync(saved, 'utf8')));
  process.exit(0);
}
const ns = (args.ns ?? '10000000,100000000').split(',').map(Number);
const seeds = (args.seeds ?? '1,2,3').split(',').map(Number);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nqc-'));
const nqc = buildNqc(path.resolve(args.nqc), tmp);
const commit = (() => {
  try {
    return execFileSync('git', ['-C', path.resolve(args.nqc), 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
})();
const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const rows = [];
for (const n of ns) {
  const loadStart = loadNow();
  const runs = [];
  for (const seed of seeds) {
    const order = seed % 2 ? ['nqc', 'wasm'] : ['wasm', 'nqc'];
    const run = { seed };
    for (const name of order) {
      log(`N = ${n}, seed ${seed}: ${name} (load ${loadNow()})`);
      run[name] = name === 'nqc' ? runNqc(nqc.bin, n) : runWasm(n, seed);
    }
    log(`  NQ.c ${run.nqc.ms} ms, wasm ${Math.round(run.wasm.cpu)} ms of CPU time (${Math.round(run.wasm.ms)} ms wall)`);
    runs.push(run);
    // Each run as it ends, so that a run cut short keeps what it measured.
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    fs.writeFileSync(partial, JSON.stringify({ when, n, rows, runs }, null, 2));
  }
  const nqcMs = median(runs.map((r) => r.nqc.ms));
  const wasmMs = median(runs.map((r) => r.wasm.ms));
  rows.push({
    n, runs, nqcMs, wasmMs,
    wasmCpu: median(runs.map((r) => r.wasm.cpu)),
    nqcWall: median(runs.map((r) => r.nqc.wall)),
    bytesPerQueen: Math.max(...runs.map((r) => r.wasm.bytes)) / n,
    load: `${loadStart} / ${loadNow()}`,
  });
}
fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
const result = { when, machine: machine(), commit, flags: nqc.flags, seeds, rows };
fs.writeFileSync(saved, JSON.stringify(result, null, 2));
report(result);

/** Prints the Markdown section for a run's saved figures. */
function report({ when, machine: m, commit, flags, seeds, rows }) {

const lines = [
  `Measured on ${when} on ${m.model}, ${m.cpus} logical CPUs (shared), ${m.memGiB} GiB, Node ${m.node}, ${m.gcc}; NQ.c at commit ${commit}, built \`gcc nq.c ${flags}\`.`,
  '',
  '| N | seeds | NQ.c: linear solver (its clock(), CPU time), median | queen search in wasm: findOne, CPU time, median | wasm / NQ.c | wasm wall time | NQ.c wall (whole process) | wasm memory a queen | load average (start / end) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map((r) => `| ${r.n.toLocaleString('en-US')} | ${seeds.join(', ')} | ${seconds(r.nqcMs)} | ${seconds(r.wasmCpu)} | **${(r.wasmCpu / r.nqcMs).toFixed(2)}×** | ${seconds(r.wasmMs)} | ${seconds(r.nqcWall)} | ${r.bytesPerQueen.toFixed(2)} B | ${r.load} |`),
  '',
  `Each run (NQ.c's printed time / wasm CPU / wasm wall, ms): ${rows.map((r) => `N = ${r.n.toLocaleString('en-US')}: ${r.runs.map((x) => `seed ${x.seed}: ${x.nqc.ms} / ${Math.round(x.wasm.cpu)} / ${Math.round(x.wasm.ms)}`).join('; ')}`).join('. ')}.`,
];
console.log(lines.join('\n'));
}
