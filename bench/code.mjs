#!/usr/bin/env node
// "Your search" timed in headless Chromium through the page itself: the
// row backtracking starter at N = 10, traced, in JavaScript and in Python
// (the page's own "The run took" figure: from Run to the last chunk of the
// trace), against the same search untraced (the same program on a board of
// its own, no tracer call: the worker, its start and its end are the same);
// and Pyodide's first load from this host (a fresh browser context: no
// cache), from the page's start to "Python is ready". Prints a section for
// BENCHMARKS.md. Needs pkg/ and pyodide/ (scripts/build.sh).
//
//   node bench/code.mjs [--repeat 3]

import zlib from 'node:zlib';
import os from 'node:os';
import { openPage, closeHarness } from '../tests/e2e/helpers.mjs';
import { STARTERS } from '../www/program/starters.js';

const repeat = Number(process.argv[process.argv.indexOf('--repeat') + 1]) || 3;
const N = 10;
const pack = (program) => zlib.deflateRawSync(Buffer.from(program)).toString('base64url');
const backtracking = STARTERS.find((s) => s.id === 'backtracking');

// The same search with its own board: no tracer call at all.
const UNTRACED = {
  js: `${backtracking.js}
const traced = solve;
solve = function (n) {
  const rows = new Array(n).fill(0), cols = new Array(n).fill(0), downs = new Array(2 * n).fill(0), ups = new Array(2 * n).fill(0);
  const own = {
    place(r, c) { rows[r]++; cols[c]++; downs[r + c]++; ups[r - c + n - 1]++; },
    remove(r, c) { rows[r]--; cols[c]--; downs[r + c]--; ups[r - c + n - 1]--; },
    safe(r, c) { return !(rows[r] || cols[c] || downs[r + c] || ups[r - c + n - 1]); },
    found() {},
    say() {},
  };
  traced(n, own);
};
`,
  py: `${backtracking.py}
traced = solve
class Own:
    def __init__(self, n):
        self.n = n
        self.rows = [0] * n
        self.cols = [0] * n
        self.downs = [0] * (2 * n)
        self.ups = [0] * (2 * n)
    def place(self, r, c):
        self.rows[r] += 1; self.cols[c] += 1; self.downs[r + c] += 1; self.ups[r - c + self.n - 1] += 1
    def remove(self, r, c):
        self.rows[r] -= 1; self.cols[c] -= 1; self.downs[r + c] -= 1; self.ups[r - c + self.n - 1] -= 1
    def safe(self, r, c):
        return not (self.rows[r] or self.cols[c] or self.downs[r + c] or self.ups[r - c + self.n - 1])
    def found(self):
        pass
    def say(self, text):
        pass
def solve(n, board):
    traced(n, Own(n))
`,
};

async function timeRun(page) {
  await page.click('#code [data-part=run]');
  await page.waitForFunction(() => ['done', 'error', 'stopped'].includes(document.querySelector('#code')?.getAttribute('data-state')), null, { timeout: 120_000 });
  const state = await page.getAttribute('#code', 'data-state');
  if (state !== 'done' && state !== 'stopped') throw new Error(`the run ended ${state}: ${await page.textContent('#code [data-part=message]')}`);
  const took = Number(/took ([\d.]+) s/.exec(await page.textContent('#code [data-part=run-line]'))?.[1]);
  const s = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#code [data-stat]')].map((e) => [e.getAttribute('data-stat'), Number(e.getAttribute('data-value'))])));
  return { took, calls: s.steps + s.checks, steps: s.steps, stopped: state === 'stopped' };
}

async function measure(lang) {
  const best = async (program) => {
    const { page } = await openPage(`/?mode=code&lang=${lang}&n=${N}&src=${pack(program)}`);
    await page.waitForSelector('#code .cm-editor');
    if (lang === 'py') await page.waitForFunction(() => document.querySelector('#code [data-part=progress-row]')?.hidden === true, null, { timeout: 180_000 });
    let out = null;
    for (let i = 0; i < repeat; i++) {
      const r = await timeRun(page);
      if (!out || r.took < out.took) out = r;
    }
    await page.close();
    return out;
  };
  const traced = await best(backtracking[lang]);
  const untraced = await best(UNTRACED[lang]);
  return { traced, untraced };
}

async function firstLoad() {
  const started = Date.now();
  const { page } = await openPage(`/?mode=code&lang=py&n=4`, { waitForReady: false });
  await page.waitForFunction(() => document.querySelector('#code [data-part=progress-row]')?.hidden === true && document.querySelector('#code .cm-editor'), null, { timeout: 180_000, polling: 50 });
  const ms = Date.now() - started;
  await page.close();
  return ms;
}

const fmt = (x) => Math.round(x).toLocaleString('en');
const js = await measure('js');
const py = await measure('py');
const load = await firstLoad();
await closeHarness();
const load1 = os.loadavg()[0].toFixed(1);
const row = (name, { traced, untraced }) => `| ${name} | ${fmt(traced.steps)} steps, ${fmt(traced.calls)} calls${traced.stopped ? ' (stopped at the 10 s limit)' : ''} | ${traced.took.toFixed(2)} s | ${fmt(traced.calls / traced.took)} calls/s (${fmt(traced.steps / traced.took)} steps/s) | ${untraced.took.toFixed(2)} s | ${(traced.took / untraced.took).toFixed(1)}× |`;
console.log(`## 15. Your search: a traced program

Written by \`node bench/code.mjs\` on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${load1} while it ran, headless Chromium. Row backtracking (the starter) at N = ${N}, best of ${repeat}, the page's own "The run took" (Run to the last chunk of the trace, the worker's start included); untraced: the same program on a board of its own, no tracer call.

| Language | Trace | Traced | Rate | Untraced | Tracing costs |
| --- | --- | --- | --- | --- | --- |
${row('JavaScript', js)}
${row('Python (Pyodide)', py)}

Pyodide's first load from this host, a fresh browser context (no cache), from opening \`?mode=code&lang=py\` to "Python is ready": ${(load / 1000).toFixed(1)} s.
`);
