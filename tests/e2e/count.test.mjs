// Count mode end to end, against numbers typed in from OEIS: the page's worker
// pool counts N = 1..16 to A000170 (all solutions) and A002562 (solutions
// distinct up to rotation and reflection, which the page gets by Burnside's
// lemma); the panel shows the method and how the fundamental count came out;
// a count cut off by a reload resumes from what was saved and still gets the
// right numbers; Discard forgets it; Cancel stops the workers at once and
// keeps what was done; a bad N is refused with a message; nothing goes to the
// console.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, screenshot, waitUntil, closeHarness } from './helpers.mjs';
import { A000170, A002562, countOnPage, result } from './count-hooks.mjs';

after(closeHarness);

/**
 * Slows the page's count workers down: each message to a worker waits `ms`
 * before it is handled, so a count that takes half a second lasts long enough
 * to be caught half done. The test changes only its own copy of the worker
 * script (the response it is served); the page's code is as shipped.
 */
async function slowWorkers(page, ms) {
  await page.context().route('**/www/workers/count-worker.js', async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()}
{ const handle = self.onmessage; self.onmessage = (event) => setTimeout(() => handle(event), ${ms}); }
`;
    await route.fulfill({ response, body });
  });
}

/** The saved record for N in the page's IndexedDB, with the bit set read as a count. */
function storedRecord(page, n) {
  return page.evaluate(async (n) => {
    const { CountStore } = await import('/www/count/store.js');
    const r = await new CountStore().get(n);
    return r && { ...r, done: r.done ? r.done.length : null };
  }, n);
}

/** Count workers alive in the page. */
const countWorkers = (page) => page.workers().filter((w) => w.url().endsWith('/www/workers/count-worker.js')).length;

/** Starts N, waits until some of it (but not all) is saved, and returns the saved share. */
async function startAndSaveSome(page, n) {
  await page.fill('#count-n', String(n));
  await page.click('#count-start');
  await page.waitForSelector('#count-result[data-state="running"]', { state: 'attached' });
  return waitUntil(
    async () => {
      const r = await result(page);
      assert.equal(r.state, 'running', `N = ${n} finished before the test could stop it: ${r.text}`);
      const saved = Number(r.saved ?? 0);
      return saved > 0 && saved < 1 && saved;
    },
    { timeout: 20_000, interval: 20, message: `part of N = ${n} to be saved` },
  );
}

test('the pool counts N = 1..16 to A000170 and A002562', async () => {
  const { page, errors } = await openPage('/?mode=count');
  try {
    const t0 = Date.now();
    const rows = await page.evaluate(async () => {
      const { CountPool } = await import('/www/count/pool.js');
      const { defaultWorkers } = await import('/www/workers/start.js');
      const pool = new CountPool(defaultWorkers());
      const out = [];
      for (let n = 1; n <= 16; n++) {
        let reports = 0;
        let last = 0;
        let monotone = true;
        const r = await pool.run(n, {
          onProgress: (p) => {
            reports++;
            if (p.fraction < last) monotone = false;
            last = p.fraction;
          },
        });
        out.push({ n, total: String(r.total), fundamental: String(r.fundamental), subtasks: r.subtasks, reports, monotone, workers: r.workers });
      }
      pool.terminate();
      return out;
    });
    console.log(`pool N = 1..16 in ${Date.now() - t0} ms`);
    assert.deepEqual(
      rows.map((r) => r.total),
      A000170.map(String),
    );
    assert.deepEqual(
      rows.map((r) => r.fundamental),
      A002562.map(String),
    );
    const workers = await page.evaluate(() => navigator.hardwareConcurrency);
    for (const r of rows) {
      assert.ok(r.monotone, `N = ${r.n}: the share of work done never goes back`);
      assert.equal(r.workers, workers);
    }
    assert.ok(rows[15].subtasks > 1 && rows[15].reports >= 2, `N = 16 is shared out (${rows[15].subtasks} subtasks, ${rows[15].reports} reports)`);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the panel counts N = 8 and N = 14, names the method and shows Burnside', async () => {
  const { page, errors } = await openPage('/?mode=count');
  try {
    assert.equal(await page.textContent('#count-mode h2'), 'Count mode');
    const workers = await page.evaluate(() => navigator.hardwareConcurrency);

    const r8 = await countOnPage(page, 8);
    assert.equal(r8.state, 'done', r8.text);
    assert.equal(r8.total, '92');
    assert.equal(r8.fundamental, '12');
    assert.equal(r8.workers, String(workers));
    assert.match(await page.textContent('#count-method'), /^Method at N = 8: .+\.$/);

    const r14 = await countOnPage(page, 14);
    assert.equal(r14.state, 'done', r14.text);
    assert.equal(r14.total, '365596');
    assert.equal(r14.fundamental, '45752');
    assert.match(r14.text, /365,596 solutions, 45,752 fundamental/);
    // Burnside, with the numbers: 365,596 + 420 (half turn) + 2·0 + 0, over 8.
    assert.match(
      await page.textContent('#count-result .count-burnside'),
      /Burnside's lemma: \(T \+ R180 \+ 2·R90 \+ M\) \/ 8 = \(365,596 \+ 420 \+ 2·0 \+ 0\) \/ 8 = 45,752/,
    );
    assert.match(await page.textContent('#count-method'), /^Method at N = 14: /);
    const bar = await page.$eval('#count-progress', (el) => ({ value: el.value, max: el.max }));
    assert.equal(bar.value, bar.max);
    assert.match(await page.textContent('#count-progress-text'), /Subtasks ([\d,]+) \/ \1 · 100% of the work/);
    await page.locator('#count-mode').scrollIntoViewIfNeeded();
    await screenshot(page, 'count-mode-done');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a count cut off by a reload resumes where it stopped and gets the right numbers', async () => {
  const { page, errors } = await openPage('/?mode=count');
  try {
    await slowWorkers(page, 150);
    const before = await startAndSaveSome(page, 15);
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });

    // The panel offers to resume N = 15 from what was saved.
    await page.waitForSelector('#count-result[data-state="saved"]', { state: 'attached', timeout: 10_000 });
    const saved = await result(page);
    assert.equal(saved.n, '15');
    assert.ok(Number(saved.saved) >= before && Number(saved.saved) < 1, `saved ${saved.saved}, ${before} before the reload`);
    assert.match(saved.text, /Saved progress: a count of N = 15 was \d+% done when it stopped/);
    assert.equal(await page.inputValue('#count-n'), '15');
    assert.equal((await page.textContent('#count-start')).trim(), 'Resume');
    assert.equal(await page.isVisible('#count-discard'), true);
    assert.match(await page.textContent('#count-progress-text'), /^Saved: \d+% of the work done · subtasks [\d,]+ \/ [\d,]+$/);
    const record = await storedRecord(page, 15);
    assert.equal(record.complete, false);
    assert.ok(record.doneCount > 0 && record.doneCount < record.subtasks, `${record.doneCount} of ${record.subtasks} saved`);
    assert.equal(typeof record.total, 'string', 'totals are saved as strings');
    await page.locator('#count-mode').scrollIntoViewIfNeeded();
    await screenshot(page, 'count-mode-saved');

    // Resume: the running state says so, and only the rest is counted.
    await page.click('#count-start');
    await page.waitForSelector('#count-result[data-state="running"]', { state: 'attached' });
    assert.match(await page.textContent('#count-result'), /Resuming N = 15: \d+% done/);
    await screenshot(page, 'count-mode-resuming');
    await page.waitForSelector('#count-result[data-state="done"]', { state: 'attached', timeout: 30_000 });
    const done = await result(page);
    assert.equal(done.total, '2279184');
    assert.equal(done.fundamental, '285053');
    assert.ok(Number(done.resumed) >= Number(saved.saved) - 1e-9, `resumed from ${done.resumed}, saved ${saved.saved}`);
    assert.equal((await page.textContent('#count-start')).trim(), 'Count');
    assert.equal(await page.isVisible('#count-discard'), false);
    assert.equal((await storedRecord(page, 15)).complete, true);

    // The same count again starts from nothing.
    const again = await countOnPage(page, 15);
    assert.equal(again.total, '2279184', JSON.stringify(again));
    assert.equal(again.resumed, undefined);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Discard saved progress forgets a cancelled count, also after a reload', async () => {
  const { page, errors } = await openPage('/?mode=count');
  try {
    await slowWorkers(page, 150);
    await startAndSaveSome(page, 15);
    await page.click('#count-cancel');
    await page.waitForSelector('#count-result[data-state="cancelled"][data-saved]', { state: 'attached' });
    assert.match(await page.textContent('#count-result'), /Cancelled N = 15 after .*\. The \d+% of the work done is saved in this browser: Resume goes on from there/);
    await waitUntil(async () => (await page.textContent('#count-start')).trim() === 'Resume', { message: 'the Resume button' });

    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('#count-result[data-state="saved"]', { state: 'attached', timeout: 10_000 });
    await page.click('#count-discard');
    await page.waitForSelector('#count-result[data-state="idle"]', { state: 'attached' });
    assert.match(await page.textContent('#count-result'), /saved progress of N = 15 was discarded/);
    assert.equal((await page.textContent('#count-start')).trim(), 'Count');
    assert.equal(await page.isVisible('#count-discard'), false);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'count-start', 'focus does not fall to the page');
    assert.equal(await storedRecord(page, 15), null);

    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    assert.equal(await page.$eval('#count-result', (el) => el.dataset.state), 'idle');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('saved progress from another version of the core is discarded, never mixed in; a long count is shown again', async () => {
  const { page, errors } = await openPage('/?mode=count');
  try {
    // A record for N = 9 that claims half the work is done, with a wrong total, under another plan's key.
    await page.evaluate(async () => {
      const { CountStore } = await import('/www/count/store.js');
      await new CountStore().put({
        n: 9, key: 'older-core/2/00000000', subtasks: 2, done: new Uint8Array([1]), doneCount: 1, doneWeight: 1, totalWeight: 2,
        total: '1000', symmetries: null, elapsedMs: 5, method: { id: 'old', description: 'old' }, complete: false, fundamental: null,
      });
    });
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('#count-result[data-state="saved"][data-n="9"]', { state: 'attached', timeout: 10_000 });
    await page.click('#count-start');
    await page.waitForSelector('#count-result[data-state="done"]', { state: 'attached', timeout: 10_000 });
    const r = await result(page);
    assert.equal(r.total, '352');
    assert.equal(r.fundamental, '46');
    assert.equal(r.resumed, undefined);
    assert.equal(r.discarded, 'other');
    assert.match(r.text, /Saved progress for N = 9 came from another version of the counter or from the other engine \(the GPU or the workers\), so it has been discarded; this count started over\./);

    // A finished count that took a while comes back on the next visit, marked as such.
    await page.evaluate(async () => {
      const { CountStore } = await import('/www/count/store.js');
      const store = new CountStore();
      const record = await store.get(9);
      await store.put({ ...record, elapsedMs: 60_000 });
    });
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('#count-result[data-state="done"][data-cached="true"]', { state: 'attached', timeout: 10_000 });
    const cached = await result(page);
    assert.equal(cached.total, '352');
    assert.match(cached.text, /N = 9: 352 solutions, 46 fundamental\. From an earlier count/);
    assert.match(cached.text, /\(352 \+ 16 \+ 2·0 \+ 0\) \/ 8 = 46/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Cancel terminates the workers at once and keeps what was done; a small count works after it', async () => {
  const { page, errors } = await openPage('/?mode=count');
  try {
    await slowWorkers(page, 100);
    await startAndSaveSome(page, 16);
    assert.equal(await page.isEnabled('#count-cancel'), true);
    assert.equal(await page.isEnabled('#count-start'), false);
    await waitUntil(async () => /Subtasks [\d,]+ \/ [\d,]+ · \d+% of the work · .* elapsed · (about .*|a few seconds) left/.test(await page.textContent('#count-progress-text')), {
      timeout: 10_000,
      message: 'a time left',
    });

    // The main thread stays responsive while the workers count.
    const t0 = Date.now();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    assert.ok(Date.now() - t0 < 1000, 'a frame comes within a second');
    assert.ok(countWorkers(page) >= 1);

    await page.click('#count-cancel');
    assert.equal(await page.$eval('#count-result', (el) => el.dataset.state), 'cancelled');
    assert.match(await page.textContent('#count-result'), /Cancelled N = 16/);
    assert.equal(await page.isEnabled('#count-start'), true);
    assert.equal(await page.isEnabled('#count-cancel'), false);
    await waitUntil(() => countWorkers(page) === 0, { timeout: 2000, message: 'the count workers to be terminated' });
    await page.waitForSelector('#count-result[data-state="cancelled"][data-saved]', { state: 'attached' });

    // Nothing more arrives: the bar, the text and the saved record stay as they are.
    const still = async () => ({
      bar: await page.$eval('#count-progress', (el) => el.value),
      text: await page.textContent('#count-mode'),
      saved: (await storedRecord(page, 16)).doneCount,
    });
    const a = await still();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 800)));
    assert.deepEqual(await still(), a);
    assert.ok(a.saved > 0);
    assert.match(a.text, /saved in this browser: Resume goes on from there/);
    await page.locator('#count-mode').scrollIntoViewIfNeeded();
    await screenshot(page, 'count-mode-cancelled');

    await page.unroute('**/www/workers/count-worker.js').catch(() => {});
    await page.context().unroute('**/www/workers/count-worker.js');
    const r = await countOnPage(page, 8);
    assert.equal(r.state, 'done');
    assert.equal(r.total, '92');
    assert.equal(r.fundamental, '12');
    // N = 16's saved progress is still there for later.
    assert.equal((await storedRecord(page, 16)).complete, false);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a bad N shows a message in count mode and the page keeps working', async () => {
  const { page, errors } = await openPage('/?mode=count');
  try {
    // With the engine left to the page, the form takes every N some engine counts: to the GPU's limit.
    const { countMinN, countGpuMaxN } = await page.evaluate(() => window.nqueens.wasm.limits());
    const range = new RegExp(`N must be a whole number from ${countMinN} to ${countGpuMaxN}; got`);
    for (const bad of [String(countGpuMaxN + 4), '0', '2.5', '']) {
      await page.fill('#count-n', bad);
      await page.click('#count-start');
      const alert = page.locator('#count-mode [role="alert"]');
      await alert.waitFor({ state: 'visible' });
      const message = await alert.textContent();
      assert.match(message, range, `for ${JSON.stringify(bad)}`);
      assert.equal(await page.$eval('#count-result', (el) => el.dataset.state), 'idle');
      assert.equal(await page.isVisible('#count-method'), false, 'no method for a bad N');
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
  const { page, errors } = await openPage('/?mode=count');
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
        whole: attempt(() => wasm.countSubtaskRange(8, 0, wasm.countSubtasks(8)).total),
        symmetries: attempt(() => Object.values(wasm.countSymmetries(8)).join('/')),
        symmetriesBad: attempt(() => wasm.countSymmetries(21)),
        method: attempt(() => typeof wasm.countMethod(8).description),
        methodBad: attempt(() => wasm.countMethod(0)),
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
    assert.deepEqual(r.whole, { value: '92' });
    // N = 8: no solution is its own quarter turn or reflection; 4 are their own half turn.
    assert.deepEqual(r.symmetries, { value: '0/4/0' });
    assert.deepEqual(r.symmetriesBad, { error: true, message: 'N must be a whole number from 1 to 20; got 21.' });
    assert.deepEqual(r.method, { value: 'string' });
    assert.equal(r.methodBad.error, true);
    assert.equal(r.backwards.error, true);
    assert.match(r.backwards.message, /subtask range for N = 8 .* got from 5 and to 3\./);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
