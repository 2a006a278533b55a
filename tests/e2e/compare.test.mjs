// End-to-end test of the "Compare the five" panel: every search run to its end
// at the page's N, against independent truths (N^N, N!, OEIS A000170).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, screenshot, closeHarness, waitUntil } from './helpers.mjs';

after(closeHarness);

const rows = (page) => page.$$eval('#compare-table tbody tr', (trs) => trs.map((tr) => ({
  id: tr.dataset.algorithm,
  steps: tr.dataset.steps === undefined ? null : Number(tr.dataset.steps),
  solutions: tr.dataset.solutions === undefined ? null : Number(tr.dataset.solutions),
  text: tr.textContent,
})));

test('compare runs all five to the end: 8^8 and 8! steps, 92 solutions each', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=8');
  try {
    assert.match(await page.locator('#compare').textContent(), /N = 8/);
    await page.click('#compare');
    await waitUntil(async () => (await rows(page)).filter((r) => r.steps !== null).length === 5,
      { timeout: 30_000, message: 'all five searches to finish' });
    const byId = Object.fromEntries((await rows(page)).map((r) => [r.id, r]));
    assert.equal(byId['brute-force'].steps, 8 ** 8);
    assert.equal(byId.permutations.steps, 40_320);
    for (const r of Object.values(byId)) assert.equal(r.solutions, 92, r.id);
    // The fast searches take far fewer steps than the odometer.
    assert.ok(byId.bitwise.steps < 10_000 && byId.backtracking.steps < 10_000);
    await screenshot(page, 'compare-n8');

    // A board size that some cannot do: they say so instead of a number.
    await page.selectOption('#n', '10');
    assert.match(await page.locator('#compare').textContent(), /N = 10/);
    await page.click('#compare');
    await waitUntil(async () => (await rows(page)).filter((r) => r.steps !== null).length === 3,
      { timeout: 30_000, message: 'the three searches that do N=10' });
    const at10 = Object.fromEntries((await rows(page)).map((r) => [r.id, r]));
    assert.equal(at10.permutations.steps, 3_628_800);
    assert.equal(at10.bitwise.solutions, 724);
    assert.match(at10['brute-force'].text, /up to 8×8/);
    assert.match(at10['bitboard-scan'].text, /up to 8×8/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
