// Count mode's GPU engine (issue 33) against its workers, honestly labelled.
//
// There is no GPU on the build machines: Chromium runs WebGPU here on
// SwiftShader, Google's implementation of a GPU in software on the CPU (its
// compute shaders are compiled to CPU code and run on the CPU's threads). So
// the figures below say what the engine costs on this machine, not what a
// GPU does; the GPU's figure is a paper estimate, worked out in the report
// from the shader's work per prefix and published GPU throughputs.
//
// For each N, in a fresh page: the GPU engine (www/count/gpu.js's GpuPool)
// counts N, then the workers (pool.js's CountPool, two) count it, each timed
// from run() to both numbers. During the GPU count the page watches its main
// thread: the longest task (a PerformanceObserver of long tasks, 50 ms and
// up) and how late a 20 ms timer fired at worst. The shader's work is the
// prefixes' search trees, estimated by Knuth's probes (prefixes.js's weights).
//
//   node bench/count-gpu.mjs [--ns 12,13,14,15] [--write]      SwiftShader, headless
//   node bench/count-gpu.mjs --hardware [--ns 16,18,20]        a real GPU: a headed Chromium
//                                                             (CHROMIUM=/path/to/chrome) with WebGPU on
//
// --report-only writes the section up from the last run (bench/results/gpu.json) without measuring.
// --write puts the section into BENCHMARKS.md (before "## Targets"), in
// place of the one from the last run; bench/run.mjs's `--only gpu` does the
// same within the whole report.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, REPO_ROOT } from '../scripts/serve.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WEBGPU_ARGS } from '../tests/e2e/helpers.mjs';
import { prefixPlan, listPrefixes } from '../www/count/prefixes.js';
import { openPage } from './page.mjs';

const log = (...a) => console.error('[bench:gpu]', ...a);
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

/** The title of the report's section, which --write finds again. */
const TITLE = 'Count mode on the GPU (WebGPU)';

/**
 * The shader's work at N: prefixes, pieces, and the estimated nodes (partial boards) the threads visit.
 * @param {number} n
 */
export function shaderWork(n) {
  const plan = prefixPlan(n);
  const out = new Uint32Array(3 * (1 << 18));
  let prefixes = 0;
  for (let i = 0; i < plan.count; i++) prefixes += listPrefixes(plan, i, out, 0);
  const nodes = plan.weights.reduce((a, b) => a + b, 0);
  return { n, depth: plan.depth, pieces: plan.count, prefixes, nodes };
}

/**
 * Measures the GPU engine and the workers at each N.
 * @param {{ ns?: number[], hardware?: boolean, workers?: number }} [options]
 */
export async function gpuTimings({ ns = [12, 13, 14, 15], hardware = false, workers = 2 } = {}) {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const loadStart = load();
  const server = await startServer({ root: REPO_ROOT, port: 0 });
  const args = hardware ? ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--no-sandbox'] : [...CHROMIUM_ARGS, ...WEBGPU_ARGS];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: !hardware, args });
  const rows = [];
  const errors = [];
  let adapter = null;
  try {
    for (const n of ns) {
      const { page, context } = await openPage(browser, server.url, '/?mode=count&engine=gpu', errors);
      log(`N = ${n}: the GPU engine, then ${workers} workers`);
      const row = await page.evaluate(async ({ n, workers }) => {
        const { GpuPool, probeGpu } = await import('/www/count/gpu.js');
        const { CountPool } = await import('/www/count/pool.js');
        const probe = await probeGpu();
        if (!probe.adapter) return { n, error: probe.why };
        // The main thread during the GPU count: long tasks, and a 20 ms timer's lateness.
        const longTasks = [];
        const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
        observer.observe({ type: 'longtask' });
        let last = performance.now();
        let worstLag = 0;
        const timer = setInterval(() => {
          const now = performance.now();
          worstLag = Math.max(worstLag, now - last - 20);
          last = now;
        }, 20);
        const gpu = new GpuPool({ adapter: probe.adapter });
        const setupStart = performance.now();
        await gpu.gpu(); // the device and the shader, compiled once (timed apart)
        const setupMs = performance.now() - setupStart;
        let start = performance.now();
        const g = await gpu.run(n);
        const gpuMs = performance.now() - start;
        clearInterval(timer);
        observer.disconnect();
        const dispatches = gpu.dispatches.map((d) => d.ms).sort((a, b) => a - b);
        const sizes = gpu.dispatches.map((d) => d.prefixes);
        gpu.terminate();
        const cpu = new CountPool(workers);
        await cpu.warm();
        start = performance.now();
        const c = await cpu.run(n);
        const cpuMs = performance.now() - start;
        cpu.terminate();
        return {
          n,
          adapter: `${probe.description}${probe.software ? ' (software)' : ''}`,
          total: String(g.total),
          fundamental: String(g.fundamental),
          agree: g.total === c.total && g.fundamental === c.fundamental,
          setupMs,
          gpuMs,
          busyMs: g.busyMs,
          cpuMs,
          dispatches: dispatches.length,
          medianDispatchMs: dispatches[Math.floor(dispatches.length / 2)] ?? 0,
          maxDispatchMs: dispatches.at(-1) ?? 0,
          maxPrefixes: Math.max(0, ...sizes),
          longestTaskMs: Math.max(0, ...longTasks),
          longTasks: longTasks.length,
          worstLagMs: worstLag,
        };
      }, { n, workers });
      if (row.error) throw new Error(`N = ${n}: no WebGPU adapter (${row.error})`);
      adapter = row.adapter;
      Object.assign(row, shaderWork(n));
      log(`N = ${n}: GPU ${(row.gpuMs / 1000).toFixed(2)} s (${row.dispatches} dispatches, longest ${row.maxDispatchMs.toFixed(0)} ms), workers ${(row.cpuMs / 1000).toFixed(2)} s, longest task ${row.longestTaskMs.toFixed(0)} ms`);
      rows.push(row);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const version = browser.version();
  return { date, load: `${loadStart} / ${load()}`, hardware, adapter, browser: version, workers, cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '?', rows, errors, n20: shaderWork(20) };
}

const int = (x) => Math.round(Number(x)).toLocaleString('en-US');
const s2 = (ms) => `${(ms / 1000).toFixed(2)} s`;
const f0 = (x) => x.toFixed(0);

/**
 * Published figures for the estimate: INT32 lanes × clock, from the makers' specifications.
 * RTX 3080: 68 SMs × 64 INT32 lanes × 1.71 GHz boost; a laptop's integrated GPU (Intel Iris Xe, 96 EUs × 8 lanes × 1.3 GHz).
 */
const GPUS = [
  { name: 'NVIDIA RTX 3080 (desktop)', opsPerSecond: 68 * 64 * 1.71e9 },
  { name: 'Intel Iris Xe, 96 EUs (laptop, integrated)', opsPerSecond: 96 * 8 * 1.3e9 },
];
/**
 * Integer operations the shader's loop spends on a node (a partial board), counted from the WGSL: about 24 to
 * place a queen and push a level (four words stored), about 7 to pop it again.
 */
const OPS_PER_NODE = 30;
/** The share of the lanes' peak a divergent, stack-bound search keeps: a range, not a measurement. */
const EFFICIENCY = [0.1, 0.4];

/**
 * The report's section.
 * @param {Awaited<ReturnType<typeof gpuTimings>>} gpu
 * @param {number} number
 */
export function gpuSection(gpu, number) {
  const lines = [`## ${number}. ${TITLE}`, ''];
  const what = gpu.hardware
    ? `a real GPU (${gpu.adapter})`
    : `**SwiftShader** (${gpu.adapter}): Google's implementation of a GPU in software, which compiles the compute shader to CPU code and runs it on the CPU's threads. There is no GPU on this machine, so these figures measure the engine's cost here, not a GPU's speed`;
  lines.push(
    `\`node bench/count-gpu.mjs\` (\`--only gpu\`). Measured on ${gpu.date} (${gpu.cpu}, ${gpu.cpus} logical CPUs, shared; load average at the start / end: ${gpu.load}), Chromium ${gpu.browser}${gpu.hardware ? '' : ' headless'}, WebGPU on ${what}.`,
    '',
    `Each N in a fresh page: the GPU engine (\`www/count/gpu.js\`) counts it, then ${gpu.workers} workers (\`www/count/pool.js\`) do, each from \`run()\` to both numbers; ${gpu.rows.every((r) => r.agree) ? 'the two agreed on every N below' : 'the two DISAGREED at N = ' + gpu.rows.filter((r) => !r.agree).map((r) => r.n).join(', ')} (tests/e2e/count-gpu.test.mjs checks the GPU engine against OEIS A000170 / A002562 to N = 14). "Set-up" is the device and the shader's compilation, once a page, apart. The CPU lists the prefixes (the first rows); each GPU thread finishes one; "nodes" is the partial boards the threads visit, estimated by Knuth's probes (\`www/count/prefixes.js\`). During the GPU count the page watched its main thread: the longest long task (a \`PerformanceObserver\`, tasks of 50 ms and more) and the worst lateness of a 20 ms timer.`,
    '',
    gpu.hardware
      ? ''
      : 'The workers count by meeting in the middle from N = 12 (section 9), a far cheaper method than the GPU\'s plain search, and on real CPU cores: the gap below is SwiftShader\'s and the method\'s, and says nothing of a GPU. A timer late by hundreds of milliseconds with no long task means the main thread was waiting for a CPU, not busy: SwiftShader\'s threads take both of this machine\'s cores. Dispatches aim at 100 ms; on SwiftShader, sharing its cores with everything else, the pace moves under them and some run several times longer.',
    '',
    '| N | solutions | classes | prefixes (depth) | nodes | set-up | GPU engine | workers | GPU nodes / s | dispatches: median, longest | main thread: longest task, worst timer lag |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const r of gpu.rows) {
    lines.push(
      `| ${r.n} | ${int(r.total)} | ${int(r.fundamental)} | ${int(r.prefixes)} (${r.depth} rows) | ${Number(r.nodes).toExponential(2)} | ${f0(r.setupMs)} ms | ${s2(r.gpuMs)} | ${s2(r.cpuMs)} | ${(r.nodes / (r.busyMs / 1000)).toExponential(1)} | ${r.dispatches}: ${f0(r.medianDispatchMs)} ms, ${f0(r.maxDispatchMs)} ms | ${r.longTasks ? `${f0(r.longestTaskMs)} ms` : 'none ≥ 50 ms'}, ${f0(r.worstLagMs)} ms |`,
    );
  }
  lines.push('');
  const w = gpu.n20;
  const perPrefix = w.nodes / w.prefixes;
  lines.push(
    `**Estimate for real GPUs (on paper, not measured).** At N = 20 the CPU lists ${int(w.prefixes)} prefixes of ${w.depth} rows in ${int(w.pieces)} pieces; the threads then visit about ${w.nodes.toExponential(2)} nodes between them (Knuth's estimate; ${int(perPrefix)} a prefix on average). The shader's loop spends about ${OPS_PER_NODE} 32-bit integer operations a node, its explicit stack included (counted from the WGSL; Knuth's estimate also counts the last row's queens as nodes, which the shader counts in one \`countOneBits\`, so the estimate errs long). A GPU's peak is its INT32 lanes × clock, from the maker's specification; a search whose threads diverge and whose stacks live in local memory keeps perhaps ${EFFICIENCY[0] * 100}–${EFFICIENCY[1] * 100}% of it (an assumption, not a measurement). That gives:`,
    '',
    '| GPU | INT32 peak (ops/s) | nodes/s at 10–40% | N = 20, estimated |',
    '| --- | --- | --- | --- |',
  );
  for (const g of GPUS) {
    const [lo, hi] = EFFICIENCY.map((e) => (g.opsPerSecond * e) / OPS_PER_NODE);
    lines.push(`| ${g.name} | ${g.opsPerSecond.toExponential(1)} | ${lo.toExponential(1)}–${hi.toExponential(1)} | ${f0(w.nodes / hi)}–${f0(w.nodes / lo)} s |`);
  }
  lines.push(
    '',
    'For scale, published GPU counters that use more of the square\'s symmetry and hand-tuned stacks count N = 20 in 5.85 s (NQueensFAF, OpenCL, RTX 3080) and 2.78 s (ygch/n_queens, CUDA, RTX 5090); the workers here take about six minutes (section 9). These are estimates until someone with a GPU runs:',
    '',
    '```',
    'bash scripts/build.sh',
    'node bench/count-gpu.mjs --hardware --ns 16,18,20     # a headed Chromium with WebGPU on; CHROMIUM=/path/to/chrome to choose one',
    '```',
    '',
    'or opens `?mode=count&engine=gpu&n=20` in a browser with WebGPU and presses Count.',
    '',
  );
  if (gpu.errors.length) lines.push('Page errors during the run:', '', ...gpu.errors.map((e) => `- ${e}`), '');
  return { lines, targets: [] };
}

/**
 * Puts `section` into BENCHMARKS.md in place of the last one, else before "## Targets".
 * @param {string[]} section
 */
function writeSection(section) {
  const file = path.join(REPO_ROOT, 'BENCHMARKS.md');
  const text = fs.readFileSync(file, 'utf8');
  const body = `${section.join('\n')}\n`;
  const at = text.search(new RegExp(`^## \\d+\\. ${TITLE.replace(/[()]/g, '\\$&')}$`, 'm'));
  let out;
  if (at >= 0) {
    const next = text.slice(at + 3).search(/^## /m);
    out = text.slice(0, at) + body + (next >= 0 ? text.slice(at + 3 + next) : '');
  } else {
    const targets = text.search(/^## Targets$/m);
    out = targets >= 0 ? text.slice(0, targets) + body + text.slice(targets) : `${text}\n${body}`;
  }
  fs.writeFileSync(file, out);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const opt = (name) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : null;
  };
  const hardware = argv.includes('--hardware');
  const ns = (opt('ns') ?? (hardware ? '16,18,20' : '12,13,14,15')).split(',').map(Number);
  const saved = path.join(REPO_ROOT, 'bench', 'results', 'gpu.json');
  let result;
  if (argv.includes('--report-only')) {
    result = JSON.parse(fs.readFileSync(saved, 'utf8')); // the last run's, measuring nothing
  } else {
    result = await gpuTimings({ ns, hardware });
    fs.mkdirSync(path.dirname(saved), { recursive: true });
    fs.writeFileSync(saved, JSON.stringify(result, null, 1));
  }
  const { lines } = gpuSection(result, 12);
  if (argv.includes('--write')) {
    writeSection(lines);
    log('wrote the section into BENCHMARKS.md');
  } else {
    console.log(lines.join('\n'));
  }
}
