// State two tabs share, in the browser (Learn
// progress; a count running in one tab, seen from another), saved progress
// of one engine seen by the other, the puzzle coach past its budget, and the
// forms and links that must fit their limits. The two-tab cases run in two
// pages of one browser context (two tabs of one browser: they share storage
// and locks) and in two contexts (two browsers, or a private window: each
// keeps its own and neither sees the other's). Truths: OEIS A000170 typed in,
// the answers the test gave, a plain search in the test.
// test group: slow (scripts/test.sh): two tabs and two browsers at once, budgets and limits.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness, waitUntil, url, browser, screenshot } from './helpers.mjs';

after(closeHarness);

// OEIS A000170, N = 1..16.
const A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512];

/** Another tab in the same context as `page` (same storage, same locks), at `path`, ready. */
async function secondTab(page, path) {
  const other = await page.context().newPage();
  const errors = [];
  other.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  await other.goto(await url(path));
  await other.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  return { page: other, errors };
}

// ---- Learn progress, two tabs -------------------------------------------------------

/** The summary's numbers. */
const summary = (page) => page.evaluate(() => {
  const line = document.querySelector('#learn [data-part="progress"]');
  return { right: Number(line.dataset.right), tried: Number(line.dataset.tried), text: line.textContent };
});

/** Answers the chapter's count question (chapter 6) right, from A000170. */
async function answerCountRight(page) {
  const exercise = page.locator('#learn [data-exercise][data-kind="count"]');
  const n = Number(await exercise.getAttribute('data-n'));
  await exercise.locator('[data-part="answer"]').fill(String(A000170[n - 1]));
  await exercise.locator('[data-part="check"]').click();
  await waitUntil(async () => (await exercise.getAttribute('data-verdict')) === 'right', { message: 'the right verdict' });
}

/** Answers chapter 8's question wrong: no start of a run backtracks 0 times. */
async function answerLubyWrong(page) {
  const exercise = page.locator('#learn [data-exercise][data-kind="luby"]');
  await exercise.locator('[data-part="answer"]').fill('0');
  await exercise.locator('[data-part="check"]').click();
  await waitUntil(async () => (await exercise.getAttribute('data-verdict')) === 'wrong', { message: 'the wrong verdict' });
}

test('Learn progress: two tabs of one browser keep both answers, and each follows the other', async () => {
  const { page: a, errors } = await openPage('/?mode=learn&chapter=6&seed=1');
  try {
    const { page: b, errors: errorsB } = await secondTab(a, '/?mode=learn&chapter=8&seed=1');
    await answerCountRight(a);
    // B follows A's answer without a reload.
    await waitUntil(async () => (await summary(b)).tried === 1, { message: 'tab B to show tab A\'s answer' });
    assert.equal(await b.getAttribute('#learn [data-chapter-link="6"]', 'data-state'), 'solved');
    await answerLubyWrong(b);
    await waitUntil(async () => (await summary(a)).tried === 2, { message: 'tab A to show tab B\'s answer' });
    // A fresh tab: one right of two, chapter 6 starred.
    const { page: fresh, errors: errorsFresh } = await secondTab(a, '/?mode=learn&chapter=1');
    const now = await summary(fresh);
    assert.deepEqual([now.right, now.tried], [1, 2], now.text);
    assert.match(now.text, /1 of 2 questions right/);
    assert.equal(await fresh.getAttribute('#learn [data-chapter-link="6"]', 'data-state'), 'solved');
    const stored = await fresh.evaluate(() => JSON.parse(localStorage.getItem('nqueens-learn-progress')));
    assert.deepEqual(stored.answers, { count: { right: 1, tried: 1 }, luby: { right: 0, tried: 1 } });
    for (const p of [b, fresh]) await p.close();
    assertNoErrors([...errors, ...errorsB, ...errorsFresh]);
  } finally {
    await a.close();
  }
});

test('Learn progress: two browser contexts each keep their own; the count answer is read strictly', async () => {
  const { page: a, errors } = await openPage('/?mode=learn&chapter=6&seed=3');
  const { page: b, errors: errorsB } = await openPage('/?mode=learn&chapter=8&seed=1');
  try {
    // The count answer in forms Number() would read but that are not decimal digits: graded wrong, and said.
    const exercise = a.locator('#learn [data-exercise][data-kind="count"]');
    const n = Number(await exercise.getAttribute('data-n'));
    const answer = A000170[n - 1];
    for (const form of [`0x${answer.toString(16)}`, `+${answer}`, `,,${answer}`, `${answer / 10}e1`]) {
      await exercise.locator('[data-part="answer"]').fill(form);
      await exercise.locator('[data-part="check"]').click();
      await waitUntil(async () => (await exercise.locator('[data-part="verdict"]').textContent()).includes(form), { message: `the verdict on ${form}` });
      assert.equal(await exercise.getAttribute('data-verdict'), 'wrong', form);
      assert.match(await exercise.locator('[data-part="verdict"]').textContent(), /was not understood: write the count as a whole number in decimal digits/);
    }
    await exercise.locator('[data-part="answer"]').fill(answer.toLocaleString('en-US'));
    await exercise.locator('[data-part="check"]').click();
    await waitUntil(async () => (await exercise.getAttribute('data-verdict')) === 'right', { message: 'the page\'s own commas read' });
    // B, another context, answers wrong.
    await answerLubyWrong(b);
    await a.reload();
    await a.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await b.reload();
    await b.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const [sa, sb] = [await summary(a), await summary(b)];
    // A's question counted once, by its first Check (wrong); its chapter solved by the right answer after.
    assert.deepEqual([sa.right, sa.tried], [0, 1], sa.text);
    assert.equal(await a.getAttribute('#learn [data-chapter-link="6"]', 'data-state'), 'solved');
    assert.deepEqual([sb.right, sb.tried], [0, 1], sb.text);
    assertNoErrors([...errors, ...errorsB]);
  } finally {
    await a.close();
    await b.close();
  }
});

// ---- Count mode: another tab, the other engine ---------------------------------------

/** #count-result's state, text and hooks, and the start button's text and state. */
const countState = (page) => page.evaluate(() => {
  const r = document.getElementById('count-result');
  const start = document.getElementById('count-start');
  return { ...r.dataset, text: r.textContent, start: start.textContent, startDisabled: start.disabled };
});

/**
 * Slows the count workers of `page`'s context (both tabs): each message to a
 * worker waits `ms` before it is handled, so a count lasts long enough for a
 * second tab to open while it runs. The test changes only its own copy of
 * the worker script.
 */
async function slowCountWorkers(page, ms) {
  await page.context().route('**/www/workers/count-worker.js', async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()}
{ const handle = self.onmessage; self.onmessage = (event) => setTimeout(() => handle(event), ${ms}); }
`;
    await route.fulfill({ response, body });
  });
}

test('a count running in one tab is said to run there in the other, which offers Resume only once it stops', async () => {
  const n = 16;
  const { page: a, errors } = await openPage('/');
  try {
    await slowCountWorkers(a, 1000);
    await a.goto(await url('/?mode=count&engine=cpu'));
    await a.waitForSelector('#count-mode[data-store="read"]', { state: 'attached' });
    await a.fill('#count-n', String(n));
    await a.click('#count-start');
    await waitUntil(async () => {
      const s = await countState(a);
      assert.equal(s.state, 'running', `N = ${n} stopped before the test could look: ${s.text}`);
      return Number(s.saved ?? 0) > 0;
    }, { timeout: 60_000, interval: 20, message: 'part of the count to be saved' });
    // Tab B, same browser: the saved part is shown as running elsewhere, with no Resume.
    const { page: b, errors: errorsB } = await secondTab(a, '/?mode=count&engine=cpu');
    await b.waitForSelector('#count-mode[data-store="read"]', { state: 'attached' });
    await waitUntil(async () => (await countState(b)).state === 'elsewhere', { timeout: 30_000, message: 'tab B to say the count runs elsewhere' });
    let s = await countState(b);
    assert.match(s.text, new RegExp(`A count of N = ${n} is running in another tab`));
    assert.notEqual(s.start, 'Resume');
    assert.equal(s.startDisabled, true, 'nothing to press that would count the same work twice');
    await screenshot(b, 'count-elsewhere', { fullPage: false });
    // A stops: B offers Resume, and resuming there finishes with OEIS's number.
    await a.click('#count-cancel');
    await waitUntil(async () => /saved in this browser/.test((await countState(a)).text), { timeout: 60_000, message: 'A to save' });
    await waitUntil(async () => (await countState(b)).state === 'saved', { timeout: 30_000, message: 'tab B to offer Resume' });
    s = await countState(b);
    assert.equal(s.start, 'Resume');
    assert.equal(s.startDisabled, false);
    await b.click('#count-start');
    // While B counts (its workers as slow as A's were), A says so in turn.
    await waitUntil(async () => (await countState(a)).state === 'elsewhere', { timeout: 30_000, interval: 20, message: 'tab A to say the count runs in B' });
    await waitUntil(async () => (await countState(b)).state === 'done', { timeout: 180_000, interval: 250, message: 'the resumed count' });
    s = await countState(b);
    assert.equal(s.total, String(A000170[n - 1]));
    assert.ok(Number(s.resumed) > 0, 'it resumed');
    await b.close();
    assertNoErrors([...errors, ...errorsB]);
  } finally {
    await a.close();
  }
});

test('a count running in another browser context is not seen, and nothing is offered from it', async () => {
  const n = 15;
  const { page: a, errors } = await openPage('/');
  const { page: b, errors: errorsB } = await openPage('/?mode=count&engine=cpu');
  try {
    await slowCountWorkers(a, 1000);
    await a.goto(await url('/?mode=count&engine=cpu'));
    await a.waitForSelector('#count-mode[data-store="read"]', { state: 'attached' });
    await a.fill('#count-n', String(n));
    await a.click('#count-start');
    await waitUntil(async () => Number((await countState(a)).saved ?? 0) > 0, { timeout: 60_000, interval: 20, message: 'part of the count' });
    await b.fill('#count-n', String(n));
    // A fixed wait, to prove that B shows nothing of A's count: nothing on the
    // panel marks the end of B's look-up for N (the store, then the locks,
    // each a few milliseconds), so B is watched for half a second.
    await b.waitForTimeout(500);
    const s = await countState(b);
    assert.equal((await countState(a)).state, 'running', 'A still counts');
    assert.equal(s.state, 'idle', s.text);
    assert.equal(s.start, 'Count');
    assert.equal(s.startDisabled, false);
    await a.click('#count-cancel');
    assertNoErrors([...errors, ...errorsB]);
  } finally {
    await a.close();
    await b.close();
  }
});

test('saved progress of the GPU is not offered to the workers, and the panel says why', async () => {
  const n = 13;
  const { page, errors } = await openPage('/?mode=count&engine=gpu', { webgpu: true });
  try {
    // A real GPU record: the page's own GPU pool, cancelled once a batch is saved.
    const made = await page.evaluate(async (n) => {
      const { GpuPool, probeGpu } = await import('/www/count/gpu.js');
      const { CountStore } = await import('/www/count/store.js');
      const probe = await probeGpu();
      if (!probe.adapter) return `no adapter: ${probe.why}`;
      const pool = new GpuPool({ adapter: probe.adapter, batchMs: 5, maxPrefixes: 64 });
      const outcome = await pool.run(n, { store: new CountStore(), onProgress: (p) => { if (p.saved > 0) pool.cancel(); } });
      const saved = await outcome.saved;
      pool.terminate?.();
      const record = await new CountStore().get(n);
      return record && !record.complete && saved ? record.method.id : `no partial record (cancelled ${outcome.cancelled})`;
    }, n);
    assert.match(made, /gpu/i, made);
    await page.goto(await url('/?mode=count&engine=cpu'));
    await page.waitForSelector('#count-mode[data-store="read"]', { state: 'attached' });
    await waitUntil(async () => (await countState(page)).state === 'saved', { message: 'the saved record' });
    const s = await countState(page);
    assert.equal(s.resumable, 'false');
    assert.notEqual(s.start, 'Resume');
    assert.match(s.text, new RegExp(`a count of N = ${n} was \\d+% done on the GPU`));
    assert.match(s.text, /cannot be resumed here: the GPU and the workers cut a count into different pieces/);
    assert.match(s.text, /engine=cpu/);
    assert.equal(await page.isVisible('#count-discard'), true, 'it can still be discarded');
    // Count starts over on the workers and gives OEIS's number.
    await page.click('#count-start');
    await waitUntil(async () => (await countState(page)).state === 'done', { timeout: 60_000, interval: 100, message: 'the count' });
    assert.equal((await countState(page)).total, String(A000170[n - 1]));
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

// ---- The puzzle coach past its budget ------------------------------------------------

const coachText = (page) => page.textContent('#coach');
const note = (page) => page.textContent('#puzzle-note');

test('the coach checks the marks of a board no completion keeps off, and builds no hint on it', async () => {
  // Row 1 ruled out at N = 14; every square off the diagonal at N = 12 (132 marks).
  const row = Array.from({ length: 14 }, (_, c) => c);
  const offDiagonal = Array.from({ length: 144 }, (_, s) => s).filter((s) => Math.floor(s / 12) !== s % 12);
  assert.equal(offDiagonal.length, 132);
  for (const [n, marks] of [[14, row], [12, offDiagonal]]) {
    const { page, errors } = await openPage(`/?mode=puzzle&n=${n}&x=${marks.join(',')}`);
    try {
      await waitUntil(async () => /leave no way to finish/.test(await coachText(page)), { timeout: 30_000, message: `the marks' verdict at N = ${n}: ${await coachText(page)}` });
      await page.click('#puzzle-hint');
      await waitUntil(async () => /No deduction helps while your ruled-out squares together leave no way to finish/.test(await note(page)), { message: 'the hint refused' });
      assert.equal(await page.evaluate(() => 'hintSquare' in document.getElementById('puzzle').dataset), false, 'no hint drawn');
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
});

/**
 * Slows the coach's checks: each 'analyse' asked of the puzzle worker waits
 * `ms` before it is handled, so a board's check outruns the coach's budget.
 * The test changes only its own copy of the worker script.
 */
async function slowChecks(page, ms) {
  await page.context().route('**/www/workers/puzzle-worker.js', async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()}
{ const handle = self.onmessage; self.onmessage = (event) => (event.data?.type === 'analyse' ? setTimeout(() => handle(event), ${ms}) : handle(event)); }
`;
    await route.fulfill({ response, body });
  });
}

test('a check past its budget says "still checking…", gives no hint meanwhile, then its verdict', async () => {
  const { page, errors } = await openPage('/');
  try {
    await slowChecks(page, 4000);
    // Row 1 ruled out at N = 8, but for column 1.
    await page.goto(await url('/?mode=puzzle&n=8&x=1,2,3,4,5,6,7'));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await waitUntil(async () => /Still checking…/.test(await coachText(page)), { timeout: 10_000, message: `"still checking…": ${await coachText(page)}` });
    assert.equal(await page.evaluate(() => document.getElementById('puzzle').dataset.busy), 'true');
    await page.click('#puzzle-hint');
    assert.match(await note(page), /^Still checking this board: a hint comes once the check is done\.$/);
    assert.equal(await page.evaluate(() => 'hintSquare' in document.getElementById('puzzle').dataset), false, 'no hint drawn');
    // The verdict: A000170's 92 (the marks leave a way to finish, so nothing is said of them).
    await waitUntil(async () => /can still be completed in [\d,]+ ways/.test(await coachText(page)), { timeout: 20_000, interval: 100, message: 'the verdict' });
    assert.equal(await coachText(page), `The empty 8×8 board can still be completed in ${A000170[7]} ways.`);
    // Now checked, the hint comes (a deduction or the solver's square).
    await page.click('#puzzle-hint');
    await waitUntil(() => page.evaluate(() => 'hintSquare' in document.getElementById('puzzle').dataset), { timeout: 10_000, message: 'a hint' });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

// ---- Forms and links that fit their limits -------------------------------------------

test('Many runs: a link with a search and N but no cap takes a cap that fits them', async () => {
  const { page, errors } = await openPage('/?mode=runs&algo=queen-search&n=1000');
  try {
    const error = (await page.textContent('#error')) ?? '';
    assert.doesNotMatch(error, /not a whole number|Using the usual ones/, error);
    const budget = await page.evaluate(() => window.nqueens.wasm.runLengthsBudget('queen-search', 1000).budget);
    assert.equal(await page.inputValue('#runs [data-part="algo"]'), 'queen-search');
    assert.equal(await page.inputValue('#runs [data-part="n"]'), '1000');
    assert.equal(Number(await page.inputValue('#runs [data-part="cap"]')), Math.min(10_000_000, budget));
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Many runs: a cap over the new N\'s limit is brought down to it, and said', async () => {
  const { page, errors } = await openPage('/?mode=runs');
  try {
    const budget = (n) => page.evaluate((n) => window.nqueens.wasm.runLengthsBudget('queen-search', n).budget, n);
    const cap = () => page.inputValue('#runs [data-part="cap"]');
    // The steps: Queen search, its most at N = 30, then N = 1,000.
    await page.selectOption('#runs [data-part="algo"]', 'queen-search');
    await page.fill('#runs [data-part="n"]', '30');
    const most = await budget(30);
    await page.fill('#runs [data-part="cap"]', String(most));
    await page.fill('#runs [data-part="n"]', '1000');
    const limit = await budget(1000);
    assert.ok(most > limit);
    assert.equal(Number(await cap()), limit);
    const said = await page.textContent('#runs [data-part="cap-note"]');
    assert.match(said, new RegExp(`The cap was ${most.toLocaleString('en-US')}, over that limit; it is now ${limit.toLocaleString('en-US')}\\.`));
    await waitUntil(() => page.evaluate((limit) => new URLSearchParams(location.search).get('cap') === String(limit), limit), { message: 'the link to write the lowered cap' });
    // Add curve takes it.
    await page.fill('#runs [data-part="seeds"]', '10');
    await page.click('#runs [data-part="add"]');
    await page.waitForFunction(() => ['running', 'done', 'invalid', 'failed'].includes(document.getElementById('runs').dataset.state ?? ''));
    assert.doesNotMatch(await page.textContent('#runs [data-part="status"]'), /capped at 1 to/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('links: chapter=abc, coach=0, a repeated q= and an invisible character in algo= are each read and said right', async () => {
  const cases = [
    ['/?mode=learn&chapter=abc', /The link's chapter=abc is not a chapter number \(a whole number from 1 to \d+\)/, /but there are/],
    ['/?mode=learn&chapter=12', /The link asks for chapter 12, but there are \d+ chapters/, null],
    ['/?mode=puzzle&n=8&coach=0', null, /coach=/],
    ['/?algo=backtracking&n=8&q=0,10&q=3', /The link gives q= 2 times; the page reads the first, q=0,10/, null],
    [`/?algo=${encodeURIComponent('\u202e')}&n=8`, /algorithm “\[U\+202E\]”/, /“”/],
  ];
  // Every link is tried, and every one that is not read right is named.
  const wrong = [];
  for (const [path, says, never] of cases) {
    const { page, errors } = await openPage(path);
    try {
      const text = (await page.textContent('#error')) ?? '';
      if (says) assert.match(text, says, path);
      else assert.equal(text.trim(), '', `${path}: nothing to say, got ${text}`);
      if (never) assert.doesNotMatch(text, never, path);
      assert.ok(!/[\u202a-\u202e\u2066-\u2069\u200b]/.test(text), 'no invisible character echoed');
      if (path.includes('coach=0')) assert.equal(await page.isChecked('#puzzle-coach'), false, 'coach=0 is off');
      if (path.includes('q=0,10')) assert.deepEqual(await page.evaluate(() => [...window.nqueens.session.queens()].slice(0, 2)), [0, 2]);
      assertNoErrors(errors);
    } catch (err) {
      wrong.push(`${path}: ${err.message.split('\n')[0]}`);
    } finally {
      await page.close();
    }
  }
  assert.deepEqual(wrong, []);
});
