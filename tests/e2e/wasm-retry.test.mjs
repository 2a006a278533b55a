// Instantiating the wasm core can fail for a moment (once in 124
// loads seen, "WebAssembly.instantiate(): Out of memory"). Here the browser's
// request for pkg/nqueens_bg.wasm fails on purpose, a chosen number of times,
// for the page or for one kind of worker (told apart by the request's
// Referer, the document or the worker's script): each must try again with
// back-off and work, and when every try fails, say so in a sentence while the
// rest of the page keeps working. The page's code is as shipped; only the
// responses differ.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, url, closeHarness, waitUntil, READY_TIMEOUT_MS, DEFAULT_VIEWPORT } from './helpers.mjs';

after(closeHarness);

/**
 * What the last failed try shows: a sentence naming what could not start, with
 * the browser's reason quoted (its address cut to the file name).
 * @param {string} what  the sentence's subject
 */
const gaveUp = (what) => new RegExp(`^${what} could not be loaded after 4 tries \\(the browser said: “failed to fetch Wasm: 503 Service Unavailable fetching 'nqueens_bg\\.wasm'”\\)\\. Closing other tabs or reloading the page usually helps\\.`);

/**
 * Opens `path` in a fresh context whose requests for the wasm fail (503) the
 * first `times` times when they come from `from` (a Referer pattern: the
 * page's address, or a worker's script). Resolves once loaded (not ready:
 * a page that cannot start never is).
 * @param {string} path
 * @param {{from: RegExp, times: number}} failing
 */
async function openFailing(path, { from, times }) {
  const context = await (await browser()).newContext({ viewport: DEFAULT_VIEWPORT });
  const requests = { failed: 0, served: 0, warnings: [], errors: [] };
  await context.route('**/pkg/nqueens_bg.wasm', async (route) => {
    const referer = route.request().headers().referer ?? '';
    if (from.test(referer) && requests.failed < times) {
      requests.failed += 1;
      return route.fulfill({ status: 503, body: 'unavailable' });
    }
    requests.served += 1;
    return route.continue();
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => requests.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'warning') requests.warnings.push(message.text());
  });
  const close = async () => context.close().catch(() => {});
  await page.goto(await url(path), { waitUntil: 'load', timeout: READY_TIMEOUT_MS });
  return { page, requests, close };
}

/** The page's own requests come from the document: the Referer is a page address, not a worker's script. */
const PAGE = /^http:\/\/[^/]+\/(\?.*)?$/;

const problem = (page) => page.evaluate(() => document.querySelector('.problem-error .problem-text')?.textContent ?? '');

test('the page tries again when the wasm fails to instantiate, and starts', async () => {
  const { page, requests, close } = await openFailing('/?algo=bitwise&n=6', { from: PAGE, times: 2 });
  try {
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT_MS });
    assert.equal(requests.failed, 2, 'two tries failed');
    assert.ok(requests.served >= 1, 'the third was served');
    assert.equal(requests.warnings.filter((w) => /could not be loaded \(try \d\); trying again/.test(w)).length, 2, 'each failure is noted in the console');
    // The core works: it counts, and the visualizer steps.
    assert.equal(await page.evaluate(() => String(window.nqueens.wasm.countSolutions(6))), '4');
    await page.click('#step');
    await waitUntil(async () => (await page.evaluate(() => window.nqueens.session.stepIndex)) === 1, { message: 'one step' });
    assert.equal(await page.locator('.problem-error').count(), 0, 'no problem is shown');
    assert.deepEqual(requests.errors, []);
  } finally {
    await close();
  }
});

test('when every try fails the page says so in a sentence, and its tabs still work', async () => {
  const { page, requests, close } = await openFailing('/', { from: PAGE, times: Infinity });
  try {
    await waitUntil(async () => gaveUp('The solver').test(await problem(page)), { timeout: 15_000, message: 'the sentence' });
    const text = await problem(page);
    assert.match(text, /Until then the board cannot run\.$/);
    assert.doesNotMatch(text, /^Error|WebAssembly\.instantiate\(\):/);
    assert.equal(requests.failed, 4, 'four tries');
    assert.equal(await page.evaluate(() => document.body.dataset.ready), undefined);
    // The rest of the page is alive: the tabs switch.
    await page.click('nav.views [data-view="puzzle"]');
    await waitUntil(() => page.locator('#puzzle').isVisible(), { message: 'the puzzle tab' });
    assert.deepEqual(requests.errors, []);
  } finally {
    await close();
  }
});

test('the puzzle coach\'s worker tries again, and the coach answers', async () => {
  // Three failures: 3 s of back-off, longer than the coach's budget for an answer (which starts once the core is made).
  const { page, requests, close } = await openFailing('/?mode=puzzle&n=8', { from: /puzzle-worker\.js/, times: 3 });
  try {
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT_MS });
    await waitUntil(() => page.evaluate(() => document.getElementById('puzzle').dataset.completions === '92'), { timeout: 15_000, message: 'the coach to count 92' });
    assert.equal(requests.failed, 3, 'the coach\'s first three tries failed');
    assert.equal(await page.locator('.problem-error').count(), 0, 'no problem is shown');
    assert.deepEqual(requests.errors, []);
  } finally {
    await close();
  }
});

test('when the coach\'s worker cannot start, the page says so in a sentence and the board still takes queens', async () => {
  const { page, requests, close } = await openFailing('/?mode=puzzle&n=8', { from: /puzzle-worker\.js/, times: Infinity });
  try {
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT_MS });
    await waitUntil(async () => gaveUp('The puzzle coach\'s solver').test(await problem(page)), { timeout: 15_000, message: 'the sentence' });
    assert.ok(requests.failed >= 4, `${requests.failed} failed tries`);
    // The board is the page's own: a click places a queen, and the link says so.
    const box = await page.locator('#puzzle-board').boundingBox();
    await page.mouse.click(box.x + box.width / 16, box.y + box.height / 16);
    await waitUntil(() => page.evaluate(() => new URLSearchParams(location.search).get('q') === '0'), { message: 'the queen in the link' });
    assert.deepEqual(requests.errors, []);
  } finally {
    await close();
  }
});

/** Shows count mode: its own tab where the page has one, else the visualizer it sits in. */
async function showCount(page) {
  const tab = page.locator('nav.views [data-view="count"]');
  await ((await tab.count()) ? tab.click() : page.click('nav.views [data-view="visualizer"]'));
}

test('a count worker that cannot start says so in a sentence; a later count tries again and finishes', async () => {
  // Every try of the first count fails (four for each worker); then the wasm is served again.
  const { page, requests, close } = await openFailing('/', { from: /count-worker\.js/, times: Infinity });
  try {
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT_MS });
    await showCount(page);
    await page.fill('#count-n', '8');
    await page.click('#count-start');
    await page.waitForSelector('#count-result[data-state="error"]', { state: 'attached', timeout: 20_000 });
    assert.match(await page.textContent('#count-result'), new RegExp(gaveUp('A count worker\'s solver').source.slice(1)));
    assert.ok(requests.failed >= 4, `${requests.failed} failed tries`);
    // The visualizer's core is its own: it still steps.
    await page.click('nav.views [data-view="visualizer"]');
    await page.click('#step');
    await waitUntil(async () => (await page.evaluate(() => window.nqueens.session.stepIndex)) === 1, { message: 'one step' });
    // The shortage passes: the next count's workers start and count.
    await page.context().unroute('**/pkg/nqueens_bg.wasm');
    await showCount(page);
    await page.click('#count-start');
    await page.waitForSelector('#count-result[data-state="done"]', { state: 'attached', timeout: 20_000 });
    assert.match(await page.textContent('#count-result'), /92 solutions/);
    assert.deepEqual(requests.errors, []);
  } finally {
    await close();
  }
});

test('the solve-big worker tries again and solves', async () => {
  const { page, requests, close } = await openFailing('/?algo=queen-search&n=200', { from: /find-worker\.js/, times: 2 });
  try {
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT_MS });
    await page.selectOption('#solve-big-algorithm', 'queen-search');
    await page.fill('#solve-big-n', '1000');
    await page.click('#solve-big-solve');
    const state = () => page.evaluate(() => document.getElementById('solve-big').dataset.state);
    await waitUntil(async () => (await state()) === 'solved', { timeout: 20_000, message: 'solved' });
    assert.equal(requests.failed, 2, 'two tries failed');
    assert.equal(await page.evaluate(() => document.getElementById('solve-big').dataset.check), 'ok');
    assert.deepEqual(requests.errors, []);
  } finally {
    await close();
  }
});

test('the many-runs workers try again and finish their runs', async () => {
  // The first runs worker's first try fails.
  const { page, requests, close } = await openFailing('/?mode=runs&algo=restarts&n=16&seeds=20&first=1&cap=1000000', { from: /runs-worker\.js/, times: 1 });
  try {
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT_MS });
    await page.click('#runs-add');
    const state = () => page.evaluate(() => document.getElementById('runs').dataset.state);
    await waitUntil(async () => ['done', 'failed'].includes(await state()), { timeout: 20_000, message: 'the runs to finish' });
    assert.equal(await state(), 'done');
    assert.equal(requests.failed, 1, 'a try failed');
    // The table's median is the core's own, from the page's instance.
    const cells = await page.$$eval('#runs-table tbody tr[data-curve] td[data-stat="median"]', (tds) => tds.map((td) => Number(td.dataset.value)));
    const steps = await page.evaluate(() => [...window.nqueens.wasm.runLengths('restarts', 16, 1, 20, 1_000_000, undefined).steps].sort((a, b) => a - b));
    assert.deepEqual(cells, [(steps[9] + steps[10]) / 2]);
    assert.deepEqual(requests.errors, []);
  } finally {
    await close();
  }
});
