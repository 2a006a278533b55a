// Solve big at its largest board, 100,000,000 queens by queen search, in
// the page (www/visualizer/solve-big.js and its worker): a run cancelled
// while it places the queens, then one to the end, with progress shown,
// the worker's check passed and the picture drawn, and no main-thread task
// of 50 ms or more (a PerformanceObserver for 'longtask') while it runs.
// The queens never leave the worker, so the test judges the same run
// again: findOne with the same seed in a node process of its own (pkg/, the
// module the worker loads), checked there by a checker written here (one
// pass, a byte a column and a diagonal), and the page's step count must
// equal that run's. Then a browser that gives wasm no more than 64 MiB
// (V8's --wasm-max-mem-pages) is asked for 10,000,000 queens: the panel
// says in a sentence that the memory was refused.
// test group: slow (scripts/test.sh): two boards of 100,000,000 queens, several minutes.
// e2e: run alone (scripts/test.sh): it asserts no main-thread task of 50 ms or more, which another file's browser on the same cores would lengthen.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/serve.mjs';
import {
  assertNoErrors, closeHarness, openPage, pageIdle, waitUntil, url, SCREENSHOT_DIR, CHROMIUM_PATH, CHROMIUM_ARGS,
} from './helpers.mjs';

after(closeHarness);

const N = 100_000_000;
const SEED = 1;
const panel = (page) => page.evaluate(() => ({ ...document.getElementById('solve-big').dataset }));
const text = (page, selector) => page.evaluate((s) => document.querySelector(s).textContent.trim(), selector);

/** Fills the form and presses Solve. */
async function solve(page, n, seed = SEED) {
  await page.selectOption('#solve-big-algorithm', 'queen-search');
  await page.fill('#solve-big-n', String(n));
  await page.fill('#solve-big-seed', String(seed));
  await page.click('#solve-big-solve');
}

/**
 * findOne('queen-search', n, seed) in a node process of its own, its board
 * judged there: each column, falling diagonal (row + col) and rising
 * diagonal (row − col + n − 1) may hold one queen. Resolves to the run's
 * steps and the first problem found (null for none).
 */
async function replay(n, seed) {
  const pkg = path.join(REPO_ROOT, 'pkg');
  const script = `
    const api = await import(${JSON.stringify(pathToFileURL(path.join(pkg, 'nqueens.js')).href)});
    const { readFileSync } = await import('node:fs');
    await api.default({ module_or_path: readFileSync(${JSON.stringify(path.join(pkg, 'nqueens_bg.wasm'))}) });
    const n = ${n};
    const found = api.findOne('queen-search', n, ${seed});
    const q = found.queens;
    const column = new Uint8Array(n), falling = new Uint8Array(2 * n), rising = new Uint8Array(2 * n);
    let problem = q.length === n ? null : q.length + ' rows';
    for (let row = 0; row < n && problem === null; row++) {
      const col = q[row];
      if (!Number.isInteger(col) || col < 0 || col >= n) problem = 'row ' + row + ' is off the board';
      else if (column[col]++ || falling[row + col]++ || rising[row - col + n - 1]++) problem = 'row ' + row + ' is attacked';
    }
    console.log(JSON.stringify({ steps: String(found.steps), problem }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout);
}

test('100,000,000 queens in the page: Cancel, then solved with progress and no long task, and the same run judged here', { timeout: 45 * 60_000 }, async () => {
  const { page, errors } = await openPage('/');
  try {
    // The page loads its other modes' modules while idle once it is drawn
    // (www/shell/main.js): that is done before the watch starts.
    let loaded = -1;
    await waitUntil(async () => {
      const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
      const still = now === loaded;
      loaded = now;
      return still;
    }, { timeout: 120_000, interval: 5_000, message: 'the other modes to be loaded' });
    await page.evaluate(() => {
      window.__longTasks = [];
      window.__marks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(`${Math.round(entry.duration)} ms at ${(entry.startTime / 1000).toFixed(1)} s`);
      }).observe({ type: 'longtask' });
      // When each state began, to place a long task.
      new MutationObserver(() => window.__marks.push(`${document.getElementById('solve-big').dataset.state} at ${(performance.now() / 1000).toFixed(1)} s`))
        .observe(document.getElementById('solve-big'), { attributes: true, attributeFilter: ['data-state'] });
    });
    const workers = { started: 0, closed: 0 };
    page.on('worker', (worker) => {
      workers.started++;
      worker.on('close', () => workers.closed++);
    });

    // Cancel while the queens are being placed: the worker ends at once.
    await solve(page, N);
    await waitUntil(async () => /Placing the queens: [\d,]+ steps? for 100,000,000 rows/.test(await text(page, '#solve-big-progress-text')), { timeout: 120_000, interval: 250, message: 'progress while placing' });
    await page.click('#solve-big-cancel');
    assert.equal((await panel(page)).state, 'cancelled');
    assert.match(await text(page, '#solve-big-result'), /^Cancelled after/);
    await waitUntil(() => workers.closed === 1, { timeout: 10_000, message: 'the cancelled worker to end' });

    // The whole run: progress moves, then the worker's check and the picture.
    await solve(page, N);
    const seen = new Set();
    let value = -1;
    let rose = 0;
    while ((await panel(page)).state === 'running') {
      const now = await page.evaluate(() => /** @type {HTMLProgressElement} */ (document.getElementById('solve-big-progress')).value);
      if (now > value) rose++;
      value = now;
      seen.add((await text(page, '#solve-big-progress-text')).split(':')[0]);
      // The next report of progress, or the end.
      await page.waitForFunction((value) => /** @type {HTMLProgressElement} */ (document.getElementById('solve-big-progress')).value !== value
        || document.getElementById('solve-big')?.dataset.state !== 'running', now, { timeout: 120_000, polling: 250 });
    }
    const state = await panel(page);
    assert.equal(state.state, 'solved', await text(page, '#solve-big'));
    assert.equal(state.n, String(N));
    assert.equal(state.check, 'ok');
    assert.ok(rose >= 3, `the progress bar rose ${rose} times`);
    assert.ok(seen.has('Placing the queens'), `progress said: ${[...seen].join(' / ')}`);
    assert.match(await text(page, '#solve-big-result'), /100,000,000 queens, no two attack: checked in \d/);
    await pageIdle(page); // a task still running shows once it ends
    const { tasks, marks } = await page.evaluate(() => ({ tasks: window.__longTasks, marks: window.__marks }));
    assert.deepEqual(tasks, [], `main-thread tasks of 50 ms or more while it ran: ${tasks.join(', ')} (the panel: ${marks.join(', ')})`);
    await waitUntil(() => workers.closed === 2, { timeout: 10_000, message: 'the finished worker to end' });

    // The same seed is the same run: judged here, the same steps. (After
    // the page's run, so that it does not take a CPU from the page.)
    const { steps, problem } = await replay(N, SEED);
    assert.equal(problem, null, `the replayed board: ${problem}`);
    assert.equal(state.steps, steps, 'the page took another run than findOne with the same seed');

    // The panel as it stands, wide and narrow, light and dark, for a look.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        await page.locator('#solve-big').screenshot({ path: path.join(SCREENSHOT_DIR, `solve-big-100m-${width}-${colorScheme}.png`) });
      }
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a browser that refuses the memory gets a sentence saying so, and the page goes on', { timeout: 120_000 }, async () => {
  const b = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, '--js-flags=--wasm-max-mem-pages=1024'] });
  try {
    const page = await b.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await page.goto(await url('/'));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await solve(page, 10_000_000);
    await waitUntil(async () => (await panel(page)).state !== 'running', { timeout: 60_000, message: 'the solve to end' });
    assert.equal((await panel(page)).state, 'error');
    const said = await page.evaluate(() => document.getElementById('solve-big-error').textContent);
    assert.match(said, /10,000,000 queens/);
    assert.match(said, /memory/);
    assert.match(said, /try a smaller N/i);
    // A board that fits still solves.
    await solve(page, 100_000);
    await waitUntil(async () => (await panel(page)).state !== 'running', { timeout: 60_000, message: 'the small solve to end' });
    assert.equal((await panel(page)).check, 'ok');
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});
