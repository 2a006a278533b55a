// Count mode's saved progress cannot lie. Records are edited in the page's
// IndexedDB directly, with no help from the page's code, the way a damaged
// disk, a hand in the developer tools or an older version of the page would
// leave them: every edited record is discarded with a sentence, never shown
// and never resumed, and counting again gives OEIS's numbers; an untouched
// record still resumes to them. The seal's hash is checked against FNV-1a's
// published test vectors.
// test group: slow (scripts/test.sh): damaged saved records, each discarded, and counts at N = 15 and 16 resumed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, waitUntil, screenshot, closeHarness } from './helpers.mjs';
import { countOnPage, result } from './count-hooks.mjs';

after(closeHarness);

// OEIS A000170 and A002562 for the N used here, typed in as the outside truth.
const TRUTH = {
  8: { total: '92', fundamental: '12' },
  9: { total: '352', fundamental: '46' },
  10: { total: '724', fundamental: '92' },
  15: { total: '2279184', fundamental: '285053' },
  16: { total: '14772512', fundamental: '1846955' },
};

const DAMAGED = (n) => new RegExp(`Saved progress for N = ${n} was damaged and has been discarded`);
const OLDER = (n) => new RegExp(`Saved progress for N = ${n} came from an older version of this page.*has been discarded`);

/**
 * One operation on the page's store, straight through IndexedDB: 'get' (a
 * record with its bit set as an array, or null) or 'put' (the same shape).
 */
function raw(page, op, arg) {
  return page.evaluate(
    async ({ op, arg }) => {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('nqueens-count', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('counts', { keyPath: 'n' });
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        const store = db.transaction('counts', 'readwrite').objectStore('counts');
        const request = op === 'get' ? store.get(arg) : store.put({ ...arg, ...(Array.isArray(arg.done) ? { done: Uint8Array.from(arg.done) } : {}) });
        const value = await new Promise((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        if (op !== 'get' || value == null) return null;
        return { ...value, done: value.done instanceof Uint8Array ? Array.from(value.done) : value.done };
      } finally {
        db.close();
      }
    },
    { op, arg },
  );
}

/**
 * A real unfinished record for N, made by the page's own pool and store: the
 * count is cancelled as soon as its first batch is on disk. Returned raw.
 */
async function realRecord(page, n) {
  await page.evaluate(async (n) => {
    const { CountPool } = await import('/www/count/pool.js');
    const { CountStore } = await import('/www/count/store.js');
    const pool = new CountPool(2);
    const outcome = await pool.run(n, {
      store: new CountStore(),
      onProgress: (p) => {
        if (p.saved > 0) pool.cancel();
      },
    });
    pool.terminate();
    if (!outcome.cancelled || !(await outcome.saved)) throw new Error(`N = ${n} was not cut off half done`);
  }, n);
  const record = await raw(page, 'get', n);
  assert.ok(record && !record.complete && record.doneCount > 0 && record.doneCount < record.subtasks, `a partial record of N = ${n}`);
  return record;
}

/** A finished record of N, counted by the page's pool and saved again through its store as a count of a minute (so a reload shows it). */
async function longFinishedRecord(page, n) {
  await page.evaluate(async (n) => {
    const { count } = await import('/www/count/pool.js');
    const { CountStore } = await import('/www/count/store.js');
    const store = new CountStore();
    await count(n, { workers: 2, store });
    // The finished record is written after the count resolves.
    let record = await store.get(n);
    while (!record?.complete) {
      await new Promise((r) => setTimeout(r, 20));
      record = await store.get(n);
    }
    await store.put({ ...record, elapsedMs: 60_000 });
  }, n);
  return raw(page, 'get', n);
}

/** The count's subtask weights from the page's core, in subtask order. */
const weightsOf = (page, n) =>
  page.evaluate(async (n) => {
    const wasm = await import('/pkg/nqueens.js');
    await wasm.default();
    return Array.from(wasm.countSubtaskWeights(n));
  }, n);


const isDone = (bits, i) => (bits[i >> 3] & (1 << (i & 7))) !== 0;

/** The panel never shows a number that is not one: the bar, its text, the result. */
async function assertFinite(page) {
  const bar = await page.$eval('#count-progress', (el) => el.value);
  assert.ok(Number.isFinite(bar) && bar >= 0 && bar <= 1, `the bar's value ${bar}`);
  const text = await page.textContent('#count-mode');
  assert.doesNotMatch(text, /NaN|Infinity|undefined/, text);
  const data = await result(page);
  for (const [key, value] of Object.entries(data)) {
    if (key !== 'text') assert.doesNotMatch(value, /NaN|Infinity|undefined/, `data-${key}`);
  }
}

/**
 * Presses Count (or Resume), and Cancel from inside the page the moment the
 * panel is running and its line matches `pattern` (a count of N = 16 is over
 * in well under a second, too soon for a click from here); waits for the
 * cancelled state and returns what the panel showed when Cancel was pressed.
 */
async function startAndCancel(page, pattern) {
  await page.evaluate((source) => {
    const panel = document.querySelector('#count-result');
    const cancel = document.querySelector('#count-cancel');
    const observer = new MutationObserver(() => {
      if (panel.dataset.state !== 'running' || !new RegExp(source).test(panel.textContent)) return;
      observer.disconnect();
      window.seenAtCancel = { ...panel.dataset, text: panel.textContent, cancellable: !cancel.disabled };
      cancel.click();
    });
    observer.observe(panel, { childList: true, subtree: true, characterData: true, attributes: true });
  }, pattern.source);
  await page.click('#count-start');
  await page.waitForSelector('#count-result[data-state="cancelled"]', { state: 'attached', timeout: 20_000 });
  await waitUntil(() => page.workers().filter((w) => w.url().endsWith('/www/workers/count-worker.js')).length === 0, {
    timeout: 2000,
    message: 'the count workers to be terminated',
  });
  assert.equal(await page.isEnabled('#count-start'), true);
  assert.equal(await page.isEnabled('#count-cancel'), false);
  return page.evaluate(() => window.seenAtCancel);
}


/** Reloads and waits for the page and for the panel to have read the store. */
async function reload(page) {
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  await page.waitForSelector('#count-mode[data-store="read"]', { state: 'attached', timeout: 10_000 });
}

/**
 * Puts `record` into a fresh page's store as it is, reloads, and checks that
 * the panel says it was discarded (the sentence `says`), shows nothing of it,
 * and that it is gone for good; then counts N again against OEIS.
 */
async function discardedOnLoad(record, { n = record.n, says = DAMAGED(n), before: prepare, shot } = {}) {
  const { page, errors } = await openPage('/?mode=count');
  try {
    if (prepare) record = await prepare(page, record);
    await raw(page, 'put', record);
    await reload(page);
    const shown = await waitUntil(
      async () => {
        const r = await result(page);
        return says.test(r.text) && r;
      },
      { timeout: 10_000, message: `the sentence ${says} (the panel says: ${(await result(page)).text})` },
    );
    assert.equal(shown.state, 'idle', shown.text);
    assert.equal(shown.total, undefined, 'no total is shown');
    assert.equal((await page.textContent('#count-start')).trim(), 'Count');
    assert.equal(await page.isVisible('#count-discard'), false);
    assert.equal(await raw(page, 'get', record.n), null, 'the record is deleted');
    assert.equal(await page.inputValue('#count-n'), String(n), 'N is the discarded count\'s, ready to count again');
    await assertFinite(page);
    if (shot) {
      await page.locator('#count-mode').scrollIntoViewIfNeeded();
      await screenshot(page, shot);
    }

    // A reload finds nothing, and says nothing more.
    await reload(page);
    const after = await result(page);
    assert.equal(after.state, 'idle');
    assert.doesNotMatch(after.text, /discarded/);

    // Counting again gives the truth.
    const counted = await countOnPage(page, n, { timeout: 60_000 });
    assert.equal(counted.state, 'done', counted.text);
    assert.equal(counted.total, TRUTH[n].total);
    assert.equal(counted.fundamental, TRUTH[n].fundamental);
    assert.equal(counted.resumed, undefined, 'nothing was resumed');
    await assertFinite(page);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
}

// A real unfinished record of N = 15, made once by the page itself; each test edits a copy.
let base;
before(async () => {
  const { page } = await openPage('/?mode=count');
  try {
    base = await realRecord(page, 15);
  } finally {
    await page.close();
  }
});

test('the seal hashes with FNV-1a/64 (its published test vectors)', async () => {
  const { fnv1a64 } = await import('../../www/count/store.js');
  const hash = (text) => fnv1a64(new TextEncoder().encode(text));
  assert.equal(hash(''), 'cbf29ce484222325');
  assert.equal(hash('a'), 'af63dc4c8601ec8c');
  assert.equal(hash('foobar'), '85944171f73967e8');
});

test('an untouched saved record resumes and gives the right count', async () => {
  const { page, errors } = await openPage('/?mode=count');
  try {
    await raw(page, 'put', base);
    await reload(page);
    await page.waitForSelector('#count-result[data-state="saved"][data-n="15"]', { state: 'attached', timeout: 10_000 });
    await assertFinite(page);
    await page.click('#count-start');
    await page.waitForSelector('#count-result[data-state="done"]', { state: 'attached', timeout: 60_000 });
    const r = await result(page);
    assert.equal(r.total, TRUTH[15].total);
    assert.equal(r.fundamental, TRUTH[15].fundamental);
    assert.ok(Number(r.resumed) > 0, `resumed from ${r.resumed}`);
    assert.doesNotMatch(r.text, /discarded/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a made-up finished record (N = 8, total "12345") is discarded, not shown', () =>
  discardedOnLoad({ n: 8, complete: true, elapsedMs: 60000, total: '12345', fundamental: '7' }, { shot: 'count-mode-discarded' }));

test('a finished record with a negative total ("-724") is discarded', () =>
  discardedOnLoad({ n: 10 }, { before: async (page) => ({ ...(await longFinishedRecord(page, 10)), total: '-724' }) }));

test('a finished record whose total and fundamental were changed to agree with Burnside is discarded', () =>
  // 352 + 8 and 46 + 1: Burnside's sum is still a multiple of 8 and gives the new fundamental; only the seal tells.
  discardedOnLoad({ n: 9 }, { before: async (page) => ({ ...(await longFinishedRecord(page, 9)), total: '360', fundamental: '47' }) }));

test('an unfinished record with 8 added to its total is discarded, not resumed', () =>
  discardedOnLoad({ ...base, total: String(BigInt(base.total) + 8n) }));

test('an unfinished record with every piece marked done and a total of 0 is discarded', () => {
  const done = base.done.map(() => 0);
  for (let i = 0; i < base.subtasks; i++) done[i >> 3] |= 1 << (i & 7);
  return discardedOnLoad({ ...base, done, doneCount: base.subtasks, doneWeight: base.totalWeight, total: '0' });
});

test('an unfinished record with three pieces marked done without their solutions is discarded', () =>
  discardedOnLoad(base, {
    // Everything but the total agrees: the count, the bits, the weight as the plan gives it.
    before: async (page, record) => {
      const weights = await weightsOf(page, 15);
      const done = [...record.done];
      let added = 0;
      for (let i = 0; added < 3; i++) {
        if (!isDone(done, i)) {
          done[i >> 3] |= 1 << (i & 7);
          added++;
        }
      }
      let doneWeight = 0;
      for (let i = 0; i < weights.length; i++) if (isDone(done, i)) doneWeight += weights[i];
      return { ...record, done, doneCount: record.doneCount + 3, doneWeight };
    },
  }));

test('an unfinished record with doneWeight "x" is discarded; Count and Cancel work', async () => {
  await discardedOnLoad({ ...base, doneWeight: 'x' });
  // And the panel is not frozen by it: a count starts, Cancel stops it at once.
  const { page, errors } = await openPage('/?mode=count');
  try {
    await raw(page, 'put', { ...(await realRecord(page, 16)), doneWeight: 'x' });
    await reload(page);
    await waitUntil(async () => DAMAGED(16).test((await result(page)).text), { timeout: 10_000, message: 'the damaged sentence' });
    await page.fill('#count-n', '16');
    const running = await startAndCancel(page, /Counting N = 16/);
    assert.equal(running.cancellable, true);
    await assertFinite(page);
    const counted = await countOnPage(page, 16, { timeout: 60_000 });
    assert.equal(counted.total, TRUTH[16].total, counted.text);
    assert.equal(counted.fundamental, TRUTH[16].fundamental);
    await assertFinite(page);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('an unsealed record, as an older version of the page wrote it, is discarded with a sentence that says so', () => {
  const { seal, ...unsealed } = base;
  return discardedOnLoad(unsealed, { says: OLDER(15), shot: 'count-mode-discarded-older' });
});

test('a record damaged while the panel offers it is discarded at Resume; Cancel still works, and the next count is right', async () => {
  const { page, errors } = await openPage('/?mode=count');
  try {
    const record = await realRecord(page, 16);
    await reload(page);
    await page.waitForSelector('#count-result[data-state="saved"][data-n="16"]', { state: 'attached', timeout: 10_000 });
    // The disk changes under the page: 8 more solutions than were found.
    await raw(page, 'put', { ...record, total: String(BigInt(record.total) + 8n) });
    const running = await startAndCancel(page, /was damaged/);
    assert.equal(running.state, 'running', running.text);
    assert.match(running.text, /Saved progress for N = 16 was damaged and has been discarded; counting from the start\./);
    assert.equal(running.resumed, undefined);
    assert.equal(running.cancellable, true);
    assert.match((await result(page)).text, /Saved progress for N = 16 was damaged and has been discarded; this count started over\./);
    await assertFinite(page);

    // Whatever is saved now is this run's own progress: counting again gives the truth.
    await page.waitForSelector('#count-result[data-state="cancelled"][data-saved]', { state: 'attached' });
    await page.click('#count-start');
    await page.waitForSelector('#count-result[data-state="done"], #count-result[data-state="error"]', { state: 'attached', timeout: 120_000 });
    const done = await result(page);
    assert.equal(done.total, TRUTH[16].total, done.text);
    assert.equal(done.fundamental, TRUTH[16].fundamental);
    await assertFinite(page);
    // Cancel ends the workers at once: one still fetching its wasm leaves an aborted request, no error.
    assertNoErrors(errors, { allow: [/nqueens_bg\.wasm \(net::ERR_ABORTED\)/] });
  } finally {
    await page.close();
  }
});
