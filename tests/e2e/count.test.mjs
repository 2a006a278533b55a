// Count mode end to end: the page's worker pool counts N = 8 and N = 10 to the
// OEIS numbers, Cancel stops a long count and the next one still works, a bad
// N is refused with a message, and nothing goes to the console.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, screenshot, waitUntil, closeHarness } from './helpers.mjs';

after(closeHarness);

/** Types N into count mode, presses Count and waits for the result element to leave "running". */
async function countOnPage(page, n, { timeout = 20_000 } = {}) {
  await page.fill('#count-n', String(n));
  await page.click('#count-start');
  await page.waitForSelector('#count-result:not([data-state="running"]):not([data-state="idle"])', {
    state: 'attached',
    timeout,
  });
  return page.$eval('#count-result', (el) => ({ ...el.dataset, text: el.textContent }));
}

test('count mode counts N = 8 and N = 10 on the worker pool (OEIS A000170 / A002562)', async () => {
  const { page, errors } = await openPage('/');
  try {
    assert.equal(await page.textContent('#count-mode h2'), 'Count mode');
    const workers = await page.evaluate(() => navigator.hardwareConcurrency);

    const r8 = await countOnPage(page, 8);
    assert.equal(r8.state, 'done', r8.text);
    assert.equal(r8.total, '92');
    assert.equal(r8.fundamental, '12');
    assert.equal(r8.workers, String(workers));
    assert.match(r8.text, /92/);

    const r10 = await countOnPage(page, 10);
    assert.equal(r10.state, 'done', r10.text);
    assert.equal(r10.total, '724');
    assert.equal(r10.fundamental, '92');

    const bar = await page.$eval('#count-progress', (el) => ({ value: el.value, max: el.max }));
    assert.equal(bar.value, bar.max);
    assert.ok(bar.max >= 2, `N = 10 splits into subtasks (max ${bar.max})`);
    assert.match(await page.textContent('#count-progress-text'), /Subtasks (\d+) \/ \1/);
    await page.locator('#count-mode').scrollIntoViewIfNeeded();
    await screenshot(page, 'count-mode-done');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the subtask results of a pool add up to the OEIS numbers, N with no subtasks too', async () => {
  const { page, errors } = await openPage('/');
  try {
    const r = await page.evaluate(async () => {
      const { CountPool } = await import('/www/count-pool.js');
      const pool = new CountPool(3);
      const out = [];
      for (const n of [1, 2, 3, 4, 6, 12]) {
        const res = await pool.run(n);
        out.push([n, String(res.total), String(res.fundamental), res.subtasks]);
      }
      pool.terminate();
      return out;
    });
    assert.deepEqual(
      r.map(([n, t, f]) => [n, t, f]),
      [
        [1, '1', '1'],
        [2, '0', '0'],
        [3, '0', '0'],
        [4, '2', '1'],
        [6, '4', '1'],
        [12, '14200', '1787'],
      ],
    );
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Cancel stops a long count at once, and a small count works after it', async () => {
  const { page, errors } = await openPage('/');
  try {
    await page.fill('#count-n', '17');
    await page.click('#count-start');
    await page.waitForSelector('#count-result[data-state="running"]', { state: 'attached' });
    assert.equal(await page.isEnabled('#count-cancel'), true);
    assert.equal(await page.isEnabled('#count-start'), false);
    // Let some subtasks finish so the progress shows.
    await waitUntil(() => page.$eval('#count-progress', (el) => el.value >= 1), {
      timeout: 15_000,
      message: 'a subtask of N = 17 to finish',
    });
    const text = await page.textContent('#count-progress-text');
    assert.match(text, /Subtasks \d+ \/ \d+ · .* elapsed · about .* left/);

    // The main thread stays responsive while the workers count.
    const t0 = Date.now();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    assert.ok(Date.now() - t0 < 1000, 'a frame comes within a second');

    await page.click('#count-cancel');
    const state = await page.$eval('#count-result', (el) => el.dataset.state);
    assert.equal(state, 'cancelled');
    assert.match(await page.textContent('#count-result'), /Cancelled N = 17/);
    assert.equal(await page.isEnabled('#count-start'), true);
    assert.equal(await page.isEnabled('#count-cancel'), false);

    const r = await countOnPage(page, 8);
    assert.equal(r.state, 'done');
    assert.equal(r.total, '92');
    assert.equal(r.fundamental, '12');
    await screenshot(page, 'count-mode-after-cancel');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a bad N shows a message in count mode and the page keeps working', async () => {
  const { page, errors } = await openPage('/');
  try {
    for (const bad of ['25', '0', '2.5', '']) {
      await page.fill('#count-n', bad);
      await page.click('#count-start');
      const alert = page.locator('#count-mode [role="alert"]');
      await alert.waitFor({ state: 'visible' });
      const message = await alert.textContent();
      assert.match(message, /N must be a whole number from 1 to 20; got/, `for ${JSON.stringify(bad)}`);
      assert.equal(await page.$eval('#count-result', (el) => el.dataset.state), 'idle');
    }
    await page.locator('#count-mode').scrollIntoViewIfNeeded();
    await screenshot(page, 'count-mode-bad-n');

    const r = await countOnPage(page, 6);
    assert.equal(r.total, '4');
    assert.equal(r.fundamental, '1');
    assert.equal(await page.locator('#count-error').isHidden(), true);
    // The visualizer is untouched.
    assert.equal(await page.evaluate(() => document.body.dataset.ready), 'true');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the wasm count exports refuse out-of-range input with a clear error', async () => {
  const { page, errors } = await openPage('/');
  try {
    const r = await page.evaluate(async () => {
      const wasm = await import('/pkg/nqueens.js');
      await wasm.default();
      const attempt = (f) => {
        try {
          return { value: String(f()) };
        } catch (e) {
          return { error: e instanceof Error, message: e.message };
        }
      };
      return {
        total: attempt(() => wasm.countSolutions(9)),
        type: typeof wasm.countSolutions(9),
        fundamental: attempt(() => wasm.countFundamental(9)),
        big: attempt(() => wasm.countSolutions(25)),
        half: attempt(() => wasm.countFundamental(2.5)),
        index: attempt(() => wasm.countSubtask(8, 1000)),
        subtasks: attempt(() => wasm.countSubtasks(8)),
        whole: attempt(() => {
          const c = wasm.countSubtaskRange(8, 0, wasm.countSubtasks(8));
          return `${c.total}/${c.fundamental}`;
        }),
        backwards: attempt(() => wasm.countSubtaskRange(8, 5, 3)),
      };
    });
    assert.deepEqual(r.total, { value: '352' });
    assert.equal(r.type, 'bigint');
    assert.deepEqual(r.fundamental, { value: '46' });
    assert.deepEqual(r.big, { error: true, message: 'N must be a whole number from 1 to 20; got 25.' });
    assert.deepEqual(r.half, { error: true, message: 'N must be a whole number from 1 to 20; got 2.5.' });
    assert.equal(r.index.error, true);
    assert.match(r.index.message, /subtask index for N = 8 must be a whole number from 0 to \d+; got 1000\./);
    assert.ok(Number(r.subtasks.value) > 1);
    assert.deepEqual(r.whole, { value: '92/12' });
    assert.equal(r.backwards.error, true);
    assert.match(r.backwards.message, /subtask range for N = 8 .* got from 5 and to 3\./);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
