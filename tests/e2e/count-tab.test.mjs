// Count mode in a tab of its own: `?mode=count`, a tab with
// data-view="count", its root still #count-mode; links to the algorithms it
// stands on; meet in the middle explained from the N the core says; its keys;
// and two tabs of one browser counting the same N, the tab that waited
// showing the count the other finished.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { solutions as everySolution } from '../common/plain.mjs';
import { createRequire } from 'node:module';
import { openPage, assertNoErrors, closeHarness, waitUntil, url } from './helpers.mjs';
import { A000170, result } from './count-hooks.mjs';

after(closeHarness);

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Solutions of N queens by the tests' plain search (A000170's first terms, recomputed). */
const solutions = (n) => everySolution(n).length;

test('?mode=count opens count mode in its own tab, which counts, explains itself and links to the visualizer', async () => {
  const { page, errors } = await openPage('/?mode=count&n=8');
  try {
    assert.equal(await page.getAttribute('nav.views a[data-view="count"]', 'aria-current'), 'page');
    assert.equal(await page.isVisible('#count-mode'), true);
    assert.equal(await page.isVisible('#visualizer'), false, 'the visualizer is another tab');
    assert.equal(await page.inputValue('#count-n'), '8', 'the link\'s N');
    await page.click('#count-start');
    await waitUntil(() => page.evaluate(() => document.getElementById('count-result').dataset.state === 'done'), { timeout: 20_000, message: 'the count' });
    assert.match(await page.textContent('#count-result'), new RegExp(`${solutions(8)} solutions`));
    assert.equal(await page.getAttribute('#count-result [data-part="count-known"]', 'data-agrees'), 'true', 'the count agrees with the known one');

    // The known counts beside it: the row of the N counted is marked, and says what a plain search finds.
    const known = () => page.$eval('#count-mode [data-part="known-counts"]', (t) => ({
      rows: t.querySelectorAll('tbody tr').length,
      marked: [...t.querySelectorAll('tr[aria-current="true"]')].map((r) => ({ n: r.dataset.n, q: r.querySelector('.count-q').textContent })),
    }));
    let table = await known();
    assert.equal(table.rows, 27);
    assert.deepEqual(table.marked, [{ n: '8', q: String(solutions(8)) }]);
    await page.fill('#count-n', '10');
    await waitUntil(async () => (table = await known()).marked[0]?.n === '10', { message: 'the row of N = 10 marked' });
    assert.equal(table.marked[0].q, solutions(10).toLocaleString('en-US'));
    assert.match(await page.textContent('#count-mode [data-part="count-open"]'), /Q\(28\) is open/);
    assert.match(await page.textContent('#count-mode [data-part="count-cluster"]'), /nqueens plan \d+ --pieces \d+/);

    // Meet in the middle, from the first N the core counts that way.
    const from = await page.evaluate(() => {
      const { countMinN, countMaxN } = window.nqueens.wasm.limits();
      for (let n = countMinN; n <= countMaxN; n++) if (window.nqueens.wasm.countMethod(n).id === 'quadrants') return n;
      return null;
    });
    const how = await page.textContent('#count-mode .count-how');
    assert.match(how, /Meet in the middle/);
    assert.ok(from !== null && how.includes(`from N = ${from}`), how);
    const links = await page.$$eval('#count-mode .count-how a', (as) => as.map((a) => new URL(a.href).searchParams.get('algo')));
    assert.ok(links.includes('bitwise'), 'a link to the bitwise search in the visualizer');
    // Only this tab's keys in the footer.
    const keys = await page.$$eval('.site-footer .footer-keys', (ps) => ps.filter((p) => p.offsetParent !== null).map((p) => p.dataset.keys));
    assert.deepEqual(keys, ['count']);

    await page.addScriptTag({ path: AXE });
    const result = await page.evaluate(() => window.axe.run(document.body));
    assert.deepEqual(result.violations.map((v) => v.id), []);

    // The link to the bitwise search opens it in the visualizer.
    await page.click('#count-mode .count-how a >> nth=0');
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    assert.equal(await page.isVisible('#visualizer'), true);
    assert.equal(await page.inputValue('#algorithm'), 'bitwise');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the Count tab from the visualizer: its N follows the board until one is chosen; Esc cancels a count', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=6');
  try {
    await page.click('#tab-count');
    await waitUntil(() => page.evaluate(() => new URLSearchParams(location.search).get('mode') === 'count'), { message: 'the link to say mode=count' });
    assert.equal(await page.inputValue('#count-n'), '6', 'the visualizer\'s N');
    // N = 18: seconds of work, so the count is still running when Esc comes (N = 16 can end first).
    await page.fill('#count-n', '18');
    await page.click('#count-start');
    await waitUntil(() => page.evaluate(() => document.getElementById('count-cancel').disabled === false), { message: 'a count running' });
    await page.locator('#count-start').focus();
    await page.keyboard.press('Escape');
    await waitUntil(() => page.evaluate(() => document.getElementById('count-cancel').disabled), { timeout: 10_000, message: 'Esc to cancel the count' });
    assert.doesNotMatch(await page.textContent('#count-result'), /solutions/, 'no result for a cancelled count');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

/** What the result says, once it has the state `state` (and the other data-* in `more`). */
async function resultWhen(page, state, more = '') {
  await page.waitForSelector(`#count-result[data-state="${state}"]${more}`, { state: 'attached', timeout: 30_000 });
  return result(page);
}

test('two tabs of one browser count one N: the tab that waited shows the count the other finished, whichever waited', async () => {
  const n = 12;
  const path = `/?mode=count&engine=cpu&n=${n}`;
  const { page: a, context, errors } = await openPage(path);
  try {
    // Each message to a count worker of this context waits 250 ms, so a count of N = 12 lasts
    // long enough for the other tab to press Count while it runs. The test changes only its own copy.
    await context.route('**/www/workers/count-worker.js', async (route) => {
      const response = await route.fetch();
      const body = `${await response.text()}\n{ const handle = self.onmessage; self.onmessage = (event) => setTimeout(() => handle(event), 250); }\n`;
      await route.fulfill({ response, body });
    });
    const b = await context.newPage();
    const errorsB = [];
    b.on('pageerror', (err) => errorsB.push(`pageerror: ${err.message}`));
    await b.goto(await url(path));
    for (const tab of [a, b]) await tab.waitForSelector('#count-mode[data-store="read"]', { state: 'attached' });

    // A counts: B, showing the same N, says A counts it (with no Count to press), then shows A's result.
    await a.click('#count-start');
    const waited = await resultWhen(b, 'elsewhere');
    assert.match(waited.text, new RegExp(`N = ${n} is running in another tab`));
    assert.equal(await b.isDisabled('#count-start'), true, 'nothing to press that would count N twice');
    const first = await resultWhen(a, 'done');
    assert.equal(first.total, String(A000170[n - 1]));
    let shown = await resultWhen(b, 'done', '[data-from="tab"]');
    assert.equal(shown.total, String(A000170[n - 1]), 'B shows the count A finished');
    assert.equal(shown.fundamental, String(first.fundamental));
    assert.match(shown.text, /another tab/);

    // Staggered the other way: B counts N again while A shows its own result; A waits, then shows B's.
    await b.click('#count-start');
    await resultWhen(a, 'elsewhere');
    const again = await resultWhen(b, 'done', ':not([data-from])');
    assert.equal(again.total, String(A000170[n - 1]));
    shown = await resultWhen(a, 'done', '[data-from="tab"]');
    assert.equal(shown.total, String(A000170[n - 1]), 'A shows the count B finished, not "Choose N"');
    await b.close();
    assertNoErrors([...errors, ...errorsB]);
  } finally {
    await a.close();
  }
});
