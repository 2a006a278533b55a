// The search-tree panel: drawn for every search at N=8, mid-run and at the
// end, with a summary line that matches the core's books; a click on a node
// the search has reached takes the board to that node's partial board.
// Screenshots: test-results/screenshots/tree-*.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, canvasStats, screenshot, closeHarness, coreAlgorithms } from './helpers.mjs';

after(closeHarness);

/** The searches that have a tree: those for every solution (the others have the conflicts chart). */
const IDS = (await coreAlgorithms()).filter((a) => a.goal === 'all').map((a) => a.id);

/** Runs the page's session on by `steps` (Infinity: to the end) and redraws. */
const runOn = (page, steps) => page.evaluate((k) => {
  window.nqueens.session.run(k === null ? Infinity : k);
  window.nqueens.refresh();
}, Number.isFinite(steps) ? steps : null);

/** The core's books, as strings (BigInts do not cross page.evaluate). */
const books = (page) => page.evaluate(() => {
  const { total, ruledOut, solutions } = window.nqueens.session.space();
  return { total: String(total), ruledOut: String(ruledOut), solutions: String(solutions) };
});

const group = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

for (const id of IDS) {
  test(`the tree panel shows ${id} at N=8, mid-run and at the end`, async () => {
    const { page, errors } = await openPage(`/?algo=${id}&n=8`);
    try {
      const panel = page.locator('.tree-panel');
      await panel.scrollIntoViewIfNeeded();
      const blank = await canvasStats(page, '.tree-canvas');
      for (const [when, steps] of [['mid', id === 'brute-force' ? 4_000_000 : 1500], ['end', Infinity]]) {
        await runOn(page, steps);
        const summary = await page.locator('.tree-summary').textContent();
        const { total, ruledOut, solutions } = await books(page);
        assert.equal(total, String(8 ** 8));
        assert.ok(summary.includes(`Ruled out ${group(ruledOut)} of 16,777,216 boards`), `${id} ${when}: ${summary}`);
        assert.ok(summary.includes(`${group(solutions)} solution`), summary);
        const stats = await canvasStats(page, '.tree-canvas');
        assert.ok(stats.distinctColors >= 3, `${id} ${when}: the tree is drawn (${JSON.stringify(stats)})`);
        assert.notDeepEqual(stats, blank, `${id} ${when}: the picture moved with the search`);
        await panel.screenshot({ path: `test-results/screenshots/tree-${id}-${when}.png` });
      }
      // At the end every board is decided.
      const end = await books(page);
      assert.equal(BigInt(end.ruledOut) + BigInt(end.solutions), BigInt(end.total));
      assert.equal(end.solutions, '92');
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  });
}

test('clicking a reached node goes to the first step that reached it', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=8');
  try {
    await runOn(page, 3000);
    const canvas = page.locator('.tree-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    // Depth 2, node (row 1 column 1, row 2 column 3): a safe partial board,
    // 0·8 + 2 = index 2 of 64 at depth 2.
    const x = box.x + ((2 + 0.5) / 64) * box.width;
    const y = box.y + 14 + 7; // the middle of band 2
    await page.mouse.move(x, y);
    const tip = await page.locator('.tree-tip').textContent();
    assert.match(tip, /rows 1–2: columns 1, 3; 262,144 boards/);
    await page.mouse.click(x, y);
    const queens = await page.evaluate(() => Array.from(window.nqueens.session.queens()));
    assert.deepEqual(queens.slice(0, 2), [0, 2], 'the board shows the node\'s partial board');
    const step = await page.evaluate(() => window.nqueens.session.stepIndex);
    // It is the first such step: one step earlier the second queen was not there yet.
    await page.evaluate((k) => { window.nqueens.session.seek(k - 1); }, step);
    const before = await page.evaluate(() => Array.from(window.nqueens.session.queens()));
    assert.notDeepEqual(before.slice(0, 2), [0, 2]);
    // A ruled-out node says when and why: (column 1, column 2) is a diagonal.
    await runOn(page, 1000);
    await canvas.scrollIntoViewIfNeeded();
    const now = await canvas.boundingBox(); // the seek may have scrolled the page
    await page.mouse.move(now.x + ((1 + 0.5) / 64) * now.width, now.y + 14 + 7);
    await page.waitForFunction(() => /ruled out at step/.test(document.querySelector('.tree-tip').textContent));
    const said = await page.locator('.tree-tip').textContent();
    const match = said.match(/rows 1–2: columns 1, 2; 262,144 boards; ruled out at step ([\d,]+) by a diagonal check\./);
    assert.ok(match, said);
    const at = Number(match[1].replaceAll(',', ''));
    // Independently: the node's boards are decided at that step and not before.
    const decidedAt = (k) => page.evaluate((k) => {
      const s = window.nqueens.session;
      s.seek(k);
      return String(s.decidedBetween(262144n, 2n * 262144n));
    }, k);
    assert.equal(await decidedAt(at), '262144');
    assert.equal(await decidedAt(at - 1), '0');
    await screenshot(page, 'tree-after-click', { fullPage: false });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
