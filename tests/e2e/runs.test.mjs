// "Many runs": many seeded runs of a search to their first
// solution, as survival curves and a table. By mouse, 50 runs complete and
// the table's median is the median the test computes from runLengths()
// itself; by keyboard a second curve overlays and one is removed; Cancel
// stops long runs; a link round-trips to the same curves and numbers; bad
// links give sentences; axe-core finds nothing in light or dark.
// Screenshots: test-results/screenshots/runs-*.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, assertNoErrors, canvasStats, screenshot, closeHarness, waitUntil, schemeShown } from './helpers.mjs';

after(closeHarness);

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const state = (page) => page.evaluate(() => document.getElementById('runs').dataset.state);
/** Waits until the runs are over (done, cancelled or failed) and nothing waits. */
// A link's curves that the page, timing their first runs on a busy machine,
// expects to take long are asked about first: the test answers Run them, as
// a user who opened the link would.
const settled = (page, timeout = 60_000) => waitUntil(
  async () => {
    const ask = await page.$('#runs [data-part="ask-run"]');
    if (ask) await ask.click();
    return !ask && ['done', 'cancelled', 'failed', 'idle', 'invalid'].includes(await state(page)) && (await page.$$('#runs-legend [data-waiting]')).length === 0;
  },
  { timeout, message: 'the runs to finish' },
);
/** The table: each row's curve token and its cells' raw values. */
const table = (page) => page.$$eval('#runs-table tbody tr[data-curve]', (rows) => rows.map((row) => ({
  curve: row.dataset.curve,
  ...Object.fromEntries([...row.querySelectorAll('td[data-stat]')].map((td) => [td.dataset.stat, { value: Number(td.dataset.value), atLeast: td.dataset.atLeast === 'true', text: td.textContent }])),
})));
const legend = (page) => page.$$eval('#runs-legend li[data-curve]', (items) => items.map((item) => item.dataset.curve));

/** The median of runLengths()'s steps, computed here: the middle one, or the mean of the middle two. */
async function medianFromCore(page, [id, n, first, count, cap]) {
  // In as many calls as the core's budget takes, as the page's workers ask.
  const steps = await page.evaluate(([id, n, first, count, cap]) => {
    const { wasm } = window.nqueens;
    const perCall = Math.max(1, Math.floor(wasm.runLengthsBudget(id, n).budget / cap));
    const out = [];
    for (let seed = first; seed < first + count; seed += perCall) out.push(...wasm.runLengths(id, n, seed, Math.min(perCall, first + count - seed), cap, undefined).steps);
    return out;
  }, [id, n, first, count, cap]);
  const sorted = steps.sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
}

test('by mouse: 50 runs complete, and the table\'s median is the median of runLengths()', async () => {
  const { page, errors } = await openPage('/');
  try {
    await page.click('#tab-runs');
    assert.equal(await page.isVisible('#runs'), true);
    assert.equal(await page.isVisible('#visualizer'), false);
    await page.selectOption('#runs-algo', 'restarts');
    await page.fill('#runs-n', '16');
    await page.fill('#runs-seeds', '50');
    await page.fill('#runs-first', '1');
    await page.fill('#runs-cap', '1000000');
    const blank = await canvasStats(page, '#runs-chart');
    await page.click('#runs-add');
    await settled(page);
    assert.equal(await state(page), 'done');
    assert.deepEqual(await legend(page), ['restarts.16.50.1000000.1']);
    const [row] = await table(page);
    assert.equal(row.median.value, await medianFromCore(page, ['restarts', 16, 1, 50, 1_000_000]));
    assert.equal(row.median.atLeast, false);
    assert.match(row.median.text, /^[\d,.]+$/);
    const drawn = await canvasStats(page, '#runs-chart');
    assert.ok(drawn.distinctColors > blank.distinctColors, `the curve is drawn: ${JSON.stringify(drawn.topColors.slice(0, 3))}`);
    await waitUntil(() => page.evaluate(() => location.search.includes('curves=restarts.16.50.1000000.1')), { message: 'the link to hold the curve' });
    // Checks instead of steps: the table follows.
    await page.selectOption('#runs-work', 'checks');
    const checks = await page.evaluate(() => [1, 21, 41].flatMap((first) => [...window.nqueens.wasm.runLengths('restarts', 16, first, Math.min(20, 51 - first), 1_000_000, undefined).checks]).sort((a, b) => a - b)); // in calls within the budget
    assert.equal((await table(page))[0].median.value, (checks[24] + checks[25]) / 2);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('by keyboard: a second curve overlays, capped runs read "at least", and a curve is removed', async () => {
  const { page, errors } = await openPage('/?mode=runs&curves=restarts.20.60.1000000.1');
  try {
    await settled(page);
    // The form by keyboard: algorithm, N, runs, first seed, cap, then Enter.
    await page.focus('#runs-algo');
    await page.selectOption('#runs-algo', 'restarts:off'); // a select's choice, as arrow keys make it
    for (const [field, value] of [['#runs-n', '20'], ['#runs-seeds', '60'], ['#runs-first', '1'], ['#runs-cap', '3000']]) {
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => '#' + document.activeElement.id), field);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await settled(page);
    assert.deepEqual(await legend(page), ['restarts.20.60.1000000.1', 'restarts.20.60.3000.1.off']);
    const rows = await table(page);
    assert.equal(rows.length, 2);
    // At a cap of 3,000 steps some runs without restarts stop unsolved.
    const capped = await page.evaluate(() => window.nqueens.wasm.runLengths('restarts', 20, 1, 60, 3000, { restarts: false }).capped.reduce((a, b) => a + b, 0));
    assert.ok(capped > 6, `${capped} capped`);
    assert.deepEqual([rows[1].longest.atLeast, rows[1].longest.value, rows[1].p90.atLeast], [true, 3000, true]);
    assert.match(rows[1].longest.text, /^at least 3,000$/);
    await screenshot(page, 'runs-two-curves');
    // Remove the first curve from its legend item, by keyboard.
    await page.focus('#runs-legend li[data-curve="restarts.20.60.1000000.1"] button');
    await page.keyboard.press('Enter');
    assert.deepEqual(await legend(page), ['restarts.20.60.3000.1.off']);
    assert.equal((await table(page)).length, 1);
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'BUTTON', 'focus stays on a control');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Cancel (and Esc) stops long runs at once; the next runs start afresh', async () => {
  const { page, errors } = await openPage('/?mode=runs&algo=restarts&restarts=off&n=80&seeds=1000&cap=20000000&first=1');
  try {
    await page.click('#runs-add');
    await waitUntil(async () => (await state(page)) === 'running' && Number(await page.getAttribute('#runs-progress', 'value')) > 0, { timeout: 20_000, message: 'runs under way' });
    await page.click('#runs-cancel');
    await settled(page, 5_000);
    assert.equal(await state(page), 'cancelled');
    assert.match(await page.textContent('#runs-status'), /^Cancelled after [\d,]+ of 1,000 runs/);
    assert.deepEqual(await legend(page), []);
    assert.equal(await page.isVisible('#runs-progress'), false);
    // Again, stopped by Esc.
    await page.click('#runs-add');
    await waitUntil(async () => (await state(page)) === 'running', { message: 'runs under way again' });
    await page.keyboard.press('Escape');
    await settled(page, 5_000);
    assert.equal(await state(page), 'cancelled');
    // Something small completes on fresh workers.
    await page.selectOption('#runs-algo', 'construction');
    await page.fill('#runs-n', '12');
    await page.fill('#runs-seeds', '10');
    await page.fill('#runs-cap', '100');
    await page.click('#runs-add');
    await settled(page);
    assert.deepEqual(await legend(page), ['construction.12.10.100.1']);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a link round-trips: the same form, curves and numbers', async () => {
  const link = '/?mode=runs&algo=min-conflicts&n=40&seeds=30&cap=100000&first=7&work=checks&curves=min-conflicts.40.30.100000.7,queen-search.40.30.100000.7';
  const first = await openPage(link);
  let search;
  let rows;
  try {
    await settled(first.page);
    rows = await table(first.page);
    assert.equal(rows.length, 2);
    search = await first.page.evaluate(() => location.search);
    assert.equal(search, link.slice(1));
    assertNoErrors(first.errors);
  } finally {
    await first.page.close();
  }
  const again = await openPage(`/${search}`);
  try {
    await settled(again.page);
    assert.deepEqual(await table(again.page), rows);
    assert.deepEqual(await again.page.evaluate(() => ['#runs-algo', '#runs-n', '#runs-seeds', '#runs-first', '#runs-cap', '#runs-work'].map((s) => document.querySelector(s).value)), ['min-conflicts', '40', '30', '7', '100000', 'checks']);
    assert.equal(await again.page.evaluate(() => location.search), search);
    assertNoErrors(again.errors);
  } finally {
    await again.page.close();
  }
});

test('bad links give sentences, and what is good in them is kept', async () => {
  const { page, errors } = await openPage('/?mode=runs&algo=bogo&n=x&seeds=5&work=time&restarts=maybe&curves=nonsense,restarts.3000.50.100.1,min-conflicts.20.50.100.1.off,restarts.12.20.1000000.1');
  try {
    const problem = await page.textContent('#error');
    for (const part of ['algo=bogo', 'n=x', 'work=time', 'restarts=maybe', 'from 10 to 1,000 runs', '“nonsense”', 'restarts.3000.50.100.1', 'min-conflicts.20.50.100.…', 'Only restarts']) {
      assert.ok(problem.includes(part), `the problem names ${part}: ${problem}`);
    }
    await settled(page);
    assert.deepEqual(await legend(page), ['restarts.12.20.1000000.1']);
    // The form refuses what the core would, with a sentence, and runs nothing.
    await page.fill('#runs-seeds', '5');
    await page.click('#runs-add');
    assert.equal(await state(page), 'invalid');
    assert.match(await page.textContent('#runs-status'), /from 10 to 1,000 runs; 5 is below that range/);
    await page.fill('#runs-seeds', '20');
    await page.fill('#runs-cap', '99999999999');
    await page.click('#runs-add');
    assert.match(await page.textContent('#runs-status'), /capped at 1 to [\d,]+ steps/);
    assert.deepEqual(await legend(page), ['restarts.12.20.1000000.1']);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('axe-core finds nothing with two curves, light and dark, wide and narrow', async () => {
  const found = [];
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, errors } = await openPage('/?mode=runs&curves=restarts.24.40.1000000.1.off,restarts.24.40.1000000.1', { viewport });
    try {
      await settled(page);
      await page.addScriptTag({ path: AXE });
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        await schemeShown(page, colorScheme);
        const lines = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
        found.push(...lines.map((line) => `${viewport.width} ${colorScheme}: ${line}`));
        await screenshot(page, `runs-${viewport.width}-${colorScheme}`);
      }
      // Nothing wider than the screen at 390.
      if (viewport.width < 400) assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
  assert.deepEqual(found, [], `axe found:\n  ${found.join('\n  ')}`);
});
