// Count mode's GPU engine: the full symmetry against the mirror-only engine
// it replaced, and the same WGSL on a real GPU where there is one.
//
// Without --hardware: Chromium runs WebGPU on SwiftShader, Google's
// implementation of a GPU in software on the CPU (its compute shaders are
// compiled to CPU code and run on the CPU's threads). For each N, in one
// fresh page, today's engine (www/count/gpu.js's GpuPool) and the engine
// before it (BASELINE's gpu.js and prefixes.js, taken from git into
// bench/results/gpu-baseline/ and served beside the page) count N, in turns
// (which goes first alternates with N), each timed from run() to both
// numbers. "Work" is each engine's search tree below its pieces, estimated by
// Knuth's probes (each prefixes.js's weights, the same estimator). During
// each count the page watches its main thread: the longest long task (a
// PerformanceObserver, 50 ms and up) and how late a 20 ms timer fired at worst.
//
// With --hardware: no browser. Node runs the same GpuPool (the same WGSL,
// the same dispatch sizing) on Dawn's node bindings (npm `webgpu`, with its
// shipped binaries: `npm install --no-save webgpu`), on the machine's GPU
// through Vulkan, Metal or Direct3D, for N = 16..21 by default; --baseline
// times the engine before it too (N up to 20, its limit).
//
//   node bench/count-gpu.mjs [--ns 14,15,16] [--write]           SwiftShader in headless Chromium
//   node bench/count-gpu.mjs --hardware [--ns 16,...,21] [--baseline] [--write]
//
// --report-only writes the section up from the last run (bench/results/gpu.json, or
// gpu-hardware.json with --hardware; a run with --ns is saved apart, as gpu-ns-14-15.json,
// and --report-only with the same --ns reads it) without measuring. --write puts the section into
// the full report, bench/results/report.md (before "## Targets"), in place of the one from the last run; bench/run.mjs's
// `--only gpu` does the SwiftShader part within the whole report.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer, REPO_ROOT } from '../scripts/serve.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WEBGPU_ARGS } from '../tests/e2e/helpers.mjs';
import { openPage } from './page.mjs';
import { exactWork, exactTable } from './gpu-work.mjs';
import { STEPS_PER_TURN } from '../www/count/gpu.js';

const log = (...a) => console.error('[bench:gpu]', ...a);
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

/** The title of the report's section, which --write finds again. */
const TITLE = 'Count mode on the GPU (WebGPU)';

/** The engine before the full symmetry (the left–right mirror only): the last commit that had it. */
export const BASELINE = '627024a';
/** Where the baseline's two files are put, under the served root. */
const BASELINE_DIR = path.join(REPO_ROOT, 'bench', 'results', 'gpu-baseline');

/**
 * Writes BASELINE's gpu.js and prefixes.js into BASELINE_DIR, their imports
 * of today's pool and store made absolute (the pool's interface is the same).
 */
function writeBaseline() {
  fs.mkdirSync(BASELINE_DIR, { recursive: true });
  for (const file of ['gpu.js', 'prefixes.js']) {
    const text = execFileSync('git', ['show', `${BASELINE}:www/count/${file}`], { cwd: REPO_ROOT, encoding: 'utf8' });
    fs.writeFileSync(path.join(BASELINE_DIR, file), text.replace("'./pool.js'", "'/www/count/pool.js'").replace("'./store.js'", "'/www/count/store.js'"));
  }
}

/**
 * Each engine's work at N: pieces, prefixes and the estimated nodes below the pieces.
 * @param {number} n
 * @param {'new' | 'baseline'} which
 */
async function shaderWork(n, which) {
  const url = which === 'new' ? new URL('../www/count/prefixes.js', import.meta.url) : pathToFileURL(path.join(BASELINE_DIR, 'prefixes.js'));
  const mod = await import(url.href);
  const plan = mod.prefixPlan(n);
  const words = which === 'new' ? mod.PREFIX_WORDS : 3;
  const out = new Uint32Array(words * (1 << 18));
  let prefixes = 0;
  for (let i = 0; i < plan.count; i++) prefixes += mod.listPrefixes(plan, i, out, 0);
  const nodes = plan.weights.reduce((a, b) => a + b, 0);
  return { depth: plan.depth, pieces: plan.count, prefixes, nodes };
}

/**
 * One engine's count of N in the page, with its main thread watched.
 * @param {import('playwright-core').Page} page
 * @param {number} n
 * @param {string} module  the engine's gpu.js
 */
function countInPage(page, n, module) {
  return page.evaluate(async ({ n, module }) => {
    const { GpuPool, probeGpu } = await import(module);
    const probe = await probeGpu();
    if (!probe.adapter) return { error: probe.why };
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
    const start = performance.now();
    const r = await gpu.run(n);
    const ms = performance.now() - start;
    clearInterval(timer);
    observer.disconnect();
    const dispatches = gpu.dispatches.map((d) => d.ms).sort((a, b) => a - b);
    gpu.terminate();
    return {
      adapter: `${probe.description}${probe.software ? ' (software)' : ''}`,
      total: String(r.total),
      fundamental: String(r.fundamental),
      setupMs,
      ms,
      busyMs: r.busyMs,
      dispatches: dispatches.length,
      medianDispatchMs: dispatches[Math.floor(dispatches.length / 2)] ?? 0,
      maxDispatchMs: dispatches.at(-1) ?? 0,
      longestTaskMs: Math.max(0, ...longTasks),
      longTasks: longTasks.length,
      worstLagMs: worstLag,
    };
  }, { n, module });
}

/**
 * The GPU engine's main-thread steps at N, in CPU time (not wall time, which a loaded machine stretches):
 * the longest step of building and weighing the plan (prefixes.js's prefixPlanSliced, as GpuPool runs it,
 * 8 ms slices), and the listing of one dispatch's prefixes (as GpuPool's loop: until 8 ms or the buffer is full).
 * @param {number} n
 */
export async function mainThreadSteps(n) {
  const { prefixPlanSliced, listPrefixes, PREFIX_WORDS } = await import('../www/count/prefixes.js');
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let longest = 0;
  let last = cpu();
  const plan = await prefixPlanSliced(n, async () => {
    longest = Math.max(longest, cpu() - last);
    await new Promise((resolve) => setTimeout(resolve, 0));
    last = cpu();
  });
  longest = Math.max(longest, cpu() - last);
  const out = new Uint32Array(PREFIX_WORDS * (1 << 18));
  let listing = 0;
  for (let k = 0, round = 0; round < 20 && k < plan.count; round++) {
    const began = performance.now();
    const before = cpu();
    let at = 0;
    while (k < plan.count && performance.now() - began < 8) {
      const end = listPrefixes(plan, k, out, at);
      if (end < 0) break;
      at = end;
      k++;
    }
    listing = Math.max(listing, cpu() - before);
  }
  return { n, pieces: plan.count, planStepMs: longest, listingMs: listing };
}

/**
 * SwiftShader in headless Chromium: both engines at each N, in one page an N.
 * @param {{ ns?: number[] }} [options]
 */
export async function gpuTimings({ ns = [14, 15, 16] } = {}) {
  writeBaseline();
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const loadStart = load();
  const server = await startServer({ root: REPO_ROOT, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...WEBGPU_ARGS] });
  const rows = [];
  const errors = [];
  let adapter = null;
  try {
    for (const [k, n] of ns.entries()) {
      const { page, context } = await openPage(browser, server.url, '/?mode=count&engine=gpu', errors);
      const order = k % 2 === 0 ? ['baseline', 'new'] : ['new', 'baseline'];
      const row = { n, order: order.join(' then ') };
      for (const which of order) {
        log(`N = ${n}: the ${which} engine`);
        const r = await countInPage(page, n, which === 'new' ? '/www/count/gpu.js' : '/bench/results/gpu-baseline/gpu.js');
        if (r.error) throw new Error(`N = ${n}: no WebGPU adapter (${r.error})`);
        adapter = r.adapter;
        row[which] = { ...r, ...(await shaderWork(n, /** @type {'new' | 'baseline'} */ (which))) };
        log(`N = ${n}: ${which} ${(r.ms / 1000).toFixed(2)} s, ${r.dispatches} dispatches (longest ${r.maxDispatchMs.toFixed(0)} ms), longest task ${r.longestTaskMs.toFixed(0)} ms`);
      }
      row.agree = row.new.total === row.baseline.total && row.new.fundamental === row.baseline.fundamental;
      rows.push(row);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const loadEnd = load();
  const steps = [];
  for (const n of [20, 21]) steps.push(await mainThreadSteps(n));
  return { date, load: `${loadStart} / ${loadEnd}`, adapter, browser: browser.version(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '?', rows, errors, steps, exact: exactRows(ns) };
}

/**
 * The exact work (bench/gpu-work.mjs) at the timed N, the other row orders up to N = 16; the same on every machine.
 * @param {number[]} ns
 */
export function exactRows(ns) {
  return ns.map((n) => {
    log(`N = ${n}: counting both searches' nodes exactly`);
    return exactWork(n, { orders: true });
  });
}

/**
 * A real GPU through Dawn's node bindings (npm `webgpu`): today's engine (and with `baseline`, the one before) at each N.
 * @param {{ ns?: number[], baseline?: boolean }} [options]
 */
export async function hardwareTimings({ ns = [16, 17, 18, 19, 20, 21], baseline = false } = {}) {
  /** @type {any} */
  let dawn;
  try {
    dawn = await import('webgpu');
  } catch {
    throw new Error('--hardware needs Dawn\'s node bindings: run `npm install --no-save webgpu` (npm\'s `webgpu` package, with its shipped binaries) and try again.');
  }
  Object.assign(globalThis, dawn.globals);
  const gpu = dawn.create([]);
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) throw new Error('Dawn found no GPU adapter on this machine (it needs Vulkan, Metal or Direct3D 12 and a driver for them).');
  Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true });
  if (baseline) writeBaseline();
  const engines = [['new', new URL('../www/count/gpu.js', import.meta.url).href]];
  if (baseline) engines.push(['baseline', pathToFileURL(path.join(BASELINE_DIR, 'gpu.js')).href]);
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const rows = [];
  let description = '';
  for (const n of ns) {
    const row = { n };
    for (const [which, url] of engines) {
      if (which === 'baseline' && n > 20) continue;
      const { GpuPool, probeGpu } = await import(url);
      const probe = await probeGpu();
      if (!probe.adapter) throw new Error(`No adapter: ${probe.why}`);
      description = `${probe.description}${probe.software ? ' (software)' : ''}`;
      const pool = new GpuPool({ adapter: probe.adapter });
      const setupStart = performance.now();
      await pool.gpu();
      const setupMs = performance.now() - setupStart;
      log(`N = ${n}: the ${which} engine on ${description}`);
      const start = performance.now();
      const r = await pool.run(n);
      const ms = performance.now() - start;
      const dispatches = pool.dispatches.map((d) => d.ms).sort((a, b) => a - b);
      pool.terminate();
      row[which] = {
        total: String(r.total),
        fundamental: String(r.fundamental),
        setupMs,
        ms,
        dispatches: dispatches.length,
        medianDispatchMs: dispatches[Math.floor(dispatches.length / 2)] ?? 0,
        maxDispatchMs: dispatches.at(-1) ?? 0,
        ...(await shaderWork(n, /** @type {'new' | 'baseline'} */ (which))),
      };
      log(`N = ${n}: ${which} ${(ms / 1000).toFixed(2)} s, total ${r.total}`);
    }
    rows.push(row);
  }
  return { date, hardware: true, adapter: description, cpu: os.cpus()[0]?.model ?? '?', cpus: os.cpus().length, rows };
}

const int = (x) => Math.round(Number(x)).toLocaleString('en-US');
const s2 = (ms) => `${(ms / 1000).toFixed(2)} s`;
const f0 = (x) => x.toFixed(0);
const f2 = (x) => x.toFixed(2);
const longest = (r) => (r.longTasks ? `${f0(r.longestTaskMs)} ms` : 'none ≥ 50 ms');

/** Published figures for scale: other GPU counters at N = 20, on their authors' GPUs. */
const PUBLISHED = 'For scale, published GPU counters count N = 20 in 5.85 s (NQueensFAF, OpenCL, RTX 3080) and 2.78 s (ygch/n_queens, CUDA, RTX 5090).';

/** The commands that time a real GPU. */
const HARDWARE_COMMANDS = [
  '```',
  'bash scripts/build.sh',
  'npm install --no-save webgpu                          # Dawn\'s node bindings, with their shipped binaries',
  'node bench/count-gpu.mjs --hardware --baseline --write   # N = 16..21 on this machine\'s GPU, the mirror-only engine beside it to N = 20',
  '```',
];

/**
 * The report's section.
 * @param {any} gpu  gpuTimings()'s result
 * @param {number} number
 * @param {any} [hardware]  hardwareTimings()'s, if a GPU was timed
 */
export function gpuSection(gpu, number, hardware = null) {
  const lines = [`## ${number}. ${TITLE}`, ''];
  lines.push(
    `\`node bench/count-gpu.mjs\` (\`--only gpu\`). Measured on ${gpu.date} (${gpu.cpu}, ${gpu.cpus} logical CPUs, shared; load average at the start / end: ${gpu.load}), Chromium ${gpu.browser} headless, WebGPU on **SwiftShader** (${gpu.adapter}): Google's implementation of a GPU in software, which compiles the compute shader to CPU code and runs it on the CPU's threads. There is no GPU on this machine, so the times measure the engines' cost here, not a GPU's speed; the work (nodes) is what any GPU would do.`,
    '',
    `Each N in one fresh page: the engine today (\`www/count/gpu.js\`: one board of each class of eight, by the queens on the edges, each board compared with its rotations in the shader) and the one before it (commit ${BASELINE}: the left–right mirror only, the classes from the workers' symmetric solutions) count it, in turns, the first alternating with N; ${gpu.rows.every((r) => r.agree) ? 'both gave the same two numbers at every N below' : 'they DISAGREED at N = ' + gpu.rows.filter((r) => !r.agree).map((r) => r.n).join(', ')} (tests/e2e/count-gpu.test.mjs checks today's against OEIS A000170 / A002562 to N = 15). "Nodes" is the search tree below each engine's pieces (its prefixes and the threads' searches), estimated by Knuth's probes with the same estimator (each engine's \`prefixes.js\`). The time is from \`run()\` to both numbers, set-up (the device and the shader's compilation) apart. During each count the page watched its main thread: the longest long task (tasks of 50 ms and more) and the worst lateness of a 20 ms timer.`,
    '',
    '| N | solutions | classes | mirror only: nodes, prefixes | today: nodes, prefixes | work today / before | mirror only: time | today: time | time today / before | today\'s dispatches: median, longest | longest main-thread task: mirror only, today | today\'s worst timer lag |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const r of gpu.rows) {
    const [b, t] = [r.baseline, r.new];
    lines.push(
      `| ${r.n} | ${int(t.total)} | ${int(t.fundamental)} | ${b.nodes.toExponential(2)}, ${int(b.prefixes)} | ${t.nodes.toExponential(2)}, ${int(t.prefixes)} | ${f2(t.nodes / b.nodes)} | ${s2(b.ms)} | ${s2(t.ms)} | ${f2(t.ms / b.ms)} | ${t.dispatches}: ${f0(t.medianDispatchMs)} ms, ${f0(t.maxDispatchMs)} ms | ${longest(b)}, ${longest(t)} | ${f0(t.worstLagMs)} ms |`,
    );
  }
  const ratios = gpu.rows.map((r) => r.new.nodes / r.baseline.nodes);
  lines.push(
    '',
    `The full symmetry does not bring the work to a quarter of the mirror's, only to ${f2(Math.min(...ratios))}–${f2(Math.max(...ratios))} of it: the search goes row by row from the top edge, and the rule that picks one board of a class (no edge queen nearer a corner than the top one, the least of the rotations that also start so) can only cut a branch once the rows that hold the left, right and bottom queens are reached; the corner start halves its tree by the diagonal reflection. Fixing the other edges' queens before the search (a frame of four queens, each class of frames searched once) was tried while this was built and did more work, not less (about 0.7 of the mirror's at N = 12–14, exact node counts, not part of this bench): each partial board is then searched once for every frame it fits.`,
    '',
  );
  if (gpu.exact?.length) {
    const ex = gpu.exact;
    const nodes = ex.map((r) => r.today.nodes / r.mirror.nodes);
    const boards = ex.map((r) => r.today.boards / r.mirror.boards);
    const span = (/** @type {number[]} */ xs) => (Math.min(...xs) === Math.max(...xs) ? f2(xs[0]) : `${f2(Math.min(...xs))}–${f2(Math.max(...xs))}`);
    const ordered = ex.filter((r) => r.outsideIn !== undefined);
    lines.push(
      `The same work counted exactly (\`node bench/gpu-work.mjs --orders\`: every node of both searches from row 0, today's starts with the shader's own rules, \`prefixes.js\`'s \`choices\`; a node is a queen placed, and the same on any machine):`,
      '',
      ...exactTable(ex),
      '',
      `Today's starts find ${span(boards)} of the boards the mirror finds, near the quarter (the rest are boards a rotation puts first, dropped at the leaf), but the tree that leads to them is ${span(nodes)} of the mirror's. The starts are the corner and edge classes of Somers and takaken (a corner queen, column 1 barred above the row of row 1's queen; else the top queen nearest a corner, the side columns barred in the rows above it and in as many rows at the bottom, the bottom queen between them), so this is what that scheme does row by row: the bottom row's and the lower rows' rules cut only near the leaves. A look ahead is added to them (\`choices()\`: a row whose queens so far leave the last row, or the row before it, none of its columns has no choice). Counted the same way on 2026-11-29, without it the tree was 0.406–0.441 of the mirror's at these N, and with the last row alone 0.353–0.387; on SwiftShader at N = 16, one run each in turns, no look ahead took 10.57–10.77 s against the last row's 10.02–10.14 s, and the last row alone 9.79–10.00 s against both rows' 9.48–9.58 s (at N = 15, 1.63–1.64 against 1.48–1.51 s, two runs each). Looking ahead to the edge columns (each still to be taken needs a row it can stand in) cut the nodes by a further 7% (N = 12–15) and cost more time than it saved on SwiftShader.` +
        (ordered.length
          ? ` Reaching those rows earlier does not help: the same starts' rules (without the look ahead) searched outside in (rows 0, N−1, 1, N−2, …) take ${span(ordered.map((r) => /** @type {number} */ (r.outsideIn) / r.mirror.nodes))} of the mirror's nodes, and with the bottom row second ${span(ordered.map((r) => /** @type {number} */ (r.bottomSecond) / r.mirror.nodes))}: a row placed far from the rows before it is hardly narrowed by them, and the early rows branch more than the bottom's rules then save.`
          : ''),
      '',
    );
  }
  const times = gpu.rows.map((r) => r.new.ms / r.baseline.ms);
  const perNode = gpu.rows.map((r) => r.new.ms / r.new.nodes / (r.baseline.ms / r.baseline.nodes));
  lines.push(
    `On SwiftShader today's engine took ${f2(Math.min(...times))}–${f2(Math.max(...times))}× the time of the one before, each node ${f2(Math.min(...perNode))}–${f2(Math.max(...perNode))}× as much. How the shader's loop is built decides the time as much as the work does: SwiftShader runs the threads four at a time in step, as a GPU runs its lanes in step, so a branch one thread takes the others wait out. The shader searches in an inner loop that a thread leaves when it finds a side board, and that every thread leaves after ${STEPS_PER_TURN} steps; side boards are weighed in the outer loop, and only those a rotation can also start like the top one (about a quarter) are rebuilt and compared. Until 2026-11-29 the weighing was inside the search's loop, and the engine took 1.01–1.87× the mirror-only engine's time, 2.28–4.37× its time a node (this section's run of 2026-11-28); two variants of that loop tried then were slower still (the rotations compared only where one can start like the top, the edge queens' rows found by halving among the stack's frames: N = 15 6.99 s, N = 16 30.70 s; each row's rules read from the start's table: 5.83 and 30.15 s; the engine as it was, 4.16 and 27.88 s). Variants of the loop timed on 2026-11-29 on this machine, each in a fresh page, in turns (N = 15, two runs each, then N = 16, one): the weighing inside the loop, 6.07–6.94 s at N = 15; a side board leaving the loop, 2.39–3.32 s and 14.69–19.58 s; leaving it only for a board a rotation can start like, 3.18–4.71 s and 22.53 s (a thread then waited longer for the others to leave too), and so with every thread also leaving after 64 steps, 1.97–2.24 s and 12.11 s; every thread also leaving after 32 steps, 11.59 s at N = 16; after 64, 1.73–2.25 s and 11.26 s (kept); after 128 and 256, 1.88–2.73 and 2.17–2.70 s at N = 15; with no weighing at all (wrong totals, a bound), 1.27–1.71 s and 10.97 s; the mirror-only engine 2.94–3.52 s and 16.56–20.26 s. SwiftShader is the CPU's threads, not a GPU; until a real GPU has run it, these are the engines' costs here. The dispatches aim at 100 ms by the measured pace; the longest took ${f0(Math.max(...gpu.rows.map((r) => r.new.maxDispatchMs)))} ms.`,
    '',
  );
  if (gpu.steps) {
    lines.push(
      `The main thread's own steps, in CPU time (a task's wall time on this shared machine also holds the time other processes had the CPU): building and weighing the plan, in slices, took at most ${gpu.steps.map((s) => `${f0(s.planStepMs)} ms at N = ${s.n} (${int(s.pieces)} pieces)`).join(' and ')}; listing a dispatch's prefixes at most ${gpu.steps.map((s) => `${f0(s.listingMs)} ms at N = ${s.n}`).join(' and ')} (\`mainThreadSteps\`, the same code in Node).`,
      '',
    );
  }
  if (hardware) {
    lines.push(
      `**On a real GPU** (${hardware.adapter}; ${hardware.cpu}), measured on ${hardware.date} with \`node bench/count-gpu.mjs --hardware\` (Node, Dawn's node bindings, the same engine and WGSL):`,
      '',
      '| N | solutions | classes | today: time | dispatches: median, longest | mirror only: time |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const r of hardware.rows) {
      const t = r.new;
      lines.push(`| ${r.n} | ${int(t.total)} | ${int(t.fundamental)} | ${s2(t.ms)} | ${t.dispatches}: ${f0(t.medianDispatchMs)} ms, ${f0(t.maxDispatchMs)} ms | ${r.baseline ? s2(r.baseline.ms) : '–'} |`);
    }
    lines.push('', PUBLISHED, '');
  } else {
    lines.push(
      '**On a real GPU: not measured.** No machine with a GPU was available for this run, so there is no real-GPU figure here. ' + PUBLISHED + ' On a machine with a GPU and its Vulkan, Metal or Direct3D 12 driver, these run the same engine and WGSL outside the page, through Dawn\'s node bindings (npm `webgpu`, which installs from the registry with its binaries for Linux, macOS and Windows), at N = 16–21, and write the figures here:',
      '',
      ...HARDWARE_COMMANDS,
      '',
      'or open `?mode=count&engine=gpu&n=21` in a browser with WebGPU and press Count. The `--hardware` path itself was run end to end on this machine through Dawn on SwiftShader\'s Vulkan driver, which is not a GPU (`LD_LIBRARY_PATH=/usr/lib/chromium VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json`, the Vulkan loader and driver that Chromium ships; N = 12 and 13 counted right, last on 2026-11-29 with today\'s shader).',
      '',
    );
  }
  if (gpu.errors.length) lines.push('Page errors during the run:', '', ...gpu.errors.map((e) => `- ${e}`), '');
  return { lines, targets: [] };
}

/**
 * Puts `section` into the full report (bench/results/report.md) in place of the last one, else
 * before "## Targets"; with no report yet, the section alone.
 * @param {string[]} section
 */
function writeSection(section) {
  const file = path.join(REPO_ROOT, 'bench', 'results', 'report.md');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
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
  const ns = opt('ns')?.split(',').map(Number);
  const results = path.join(REPO_ROOT, 'bench', 'results');
  // A run of chosen N is saved apart, so that --report-only still writes up the last run of the default N.
  const suffix = ns ? `-ns-${ns.join('-')}` : '';
  const savedSoft = path.join(results, `gpu${suffix}.json`);
  const savedHard = path.join(results, `gpu-hardware${suffix}.json`);
  fs.mkdirSync(results, { recursive: true });
  let soft = fs.existsSync(savedSoft) ? JSON.parse(fs.readFileSync(savedSoft, 'utf8')) : null;
  let hard = fs.existsSync(savedHard) ? JSON.parse(fs.readFileSync(savedHard, 'utf8')) : null;
  if (!argv.includes('--report-only')) {
    if (hardware) {
      hard = await hardwareTimings({ ns, baseline: argv.includes('--baseline') });
      fs.writeFileSync(savedHard, JSON.stringify(hard, null, 1));
    } else {
      soft = await gpuTimings({ ns });
      fs.writeFileSync(savedSoft, JSON.stringify(soft, null, 1));
    }
  }
  if (soft && !soft.exact) {
    soft.exact = exactRows(soft.rows.map((r) => r.n));
    fs.writeFileSync(savedSoft, JSON.stringify(soft, null, 1));
  }
  if (!soft) {
    // A GPU timed, and no SwiftShader run to write the section with: the figures alone.
    for (const r of hard?.rows ?? []) console.log(JSON.stringify({ adapter: hard.adapter, n: r.n, ...Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'n')) }));
    process.exit(0);
  }
  const { lines } = gpuSection(soft, 12, hard);
  if (argv.includes('--write')) {
    writeSection(lines);
    log('wrote the section into bench/results/report.md');
  } else {
    console.log(lines.join('\n'));
  }
}
