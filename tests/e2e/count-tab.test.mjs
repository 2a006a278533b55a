// Count mode in a tab of its own: `?mode=count`, a tab with
// data-view="count", its root still #count-mode; links to the algorithms it
// stands on; meet in the middle explained from the N the core says; its keys.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, assertNoErrors, closeHarness, waitUntil } from './helpers.mjs';

after(closeHarness);

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Solutions of N queens by a plain search (OEIS A000170's first terms, recomputed). */
function solutions(n) {
  let count = 0;
  const cols = [];
  const place = (row) => {
    if (row === n) { count++; return; }
    for (let c = 0; c < n; c++) {
      if (cols.every((d, r) => d !== c && Math.abs(d - c) !== row - r)) { cols.push(c); place(row + 1); cols.pop(); }
    }
  };
  place(0);
  return count;
}

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
