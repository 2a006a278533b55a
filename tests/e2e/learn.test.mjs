// The Learn tab: chapters with a live view of the core and
// practice graded on the spot. Every answer the tests give is computed here,
// independently of the page: a plain check of columns and diagonals, a plain
// depth-first walk, a plain count, Luby's sequence built by its blocks.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, canvasStats, closeHarness, waitUntil } from './helpers.mjs';
import { CHAPTERS, openLearn, reopenLearn, safeNext, plainCount, lubyTerms, stepsToFirst, exercise, data, pressOnly, check } from './learn-hooks.mjs';

after(closeHarness);

test('Luby terms built by blocks start 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8', () => {
  assert.deepEqual(lubyTerms(15).slice(0, 15), [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
  assert.equal(plainCount(8), 92);
});

// ---- Tests ---------------------------------------------------------------------

test('the tab opens from ?mode=learn and from its tab; chapter=K opens chapter K; a bad one is a sentence', async () => {
  {
    const { page, errors } = await openLearn();
    assert.equal(await page.locator('#learn').isVisible(), true);
    assert.equal(await page.locator('#tab-learn').getAttribute('aria-current'), 'page');
    assert.equal(await page.locator('#learn [data-chapter]').count(), CHAPTERS, 'every chapter has its element');
    assert.equal(await page.locator('#learn [data-chapter]:not([hidden])').getAttribute('data-chapter'), '1');
    assertNoErrors(errors);
    await page.close();
  }
  {
    const { page, errors } = await openPage('/');
    await page.click('#tab-learn');
    await page.waitForSelector('#learn [data-chapter="1"]:not([hidden]) [data-exercise]');
    assert.match(page.url(), /mode=learn/);
    assert.equal(await page.locator('#visualizer').isVisible(), false);
    // Back to the visualizer: the learn tab's session is freed and its view gone.
    await page.click('#tab-visualizer');
    assert.equal(await page.locator('#learn [data-part="live"]').count(), 0, 'the live view closes with the tab');
    assertNoErrors(errors);
    await page.close();
  }
  let opened = null;
  for (const bad of ['99', 'zero', '0']) {
    opened = await reopenLearn(opened, `&chapter=${bad}`);
    const { page, errors } = opened;
    const text = await page.locator('#error').textContent();
    assert.match(text, /^\d+$/.test(bad) ? /there are 9 chapters; showing chapter 1/ : /chapter=zero is not a chapter number \(a whole number from 1 to 9\); showing chapter 1/, `chapter=${bad}`);
    assert.equal(await page.locator('#learn [data-chapter]:not([hidden])').getAttribute('data-chapter'), '1');
    assertNoErrors(errors);
  }
  {
    const { page, errors } = await reopenLearn(opened, '&chapter=2&seed=banana');
    assert.match(await page.locator('#error').textContent(), /seed=banana is not a seed/);
    assertNoErrors(errors);
    await page.close();
  }
});

test('each chapter opens from its link with a live view that draws, and the chapter list marks it seen', async () => {
  let opened = null;
  for (let k = 1; k <= CHAPTERS; k++) {
    opened = await reopenLearn(opened, `&chapter=${k}`);
    const { page, errors } = opened;
    const shown = page.locator('#learn [data-chapter]:not([hidden])');
    assert.equal(await shown.getAttribute('data-chapter'), String(k));
    assert.equal(await page.locator('#learn [data-part="live"]').count(), 1, `chapter ${k}: one live view`);
    const stats = await canvasStats(page, '#learn-board');
    assert.ok(stats.width > 0 && stats.distinctColors >= 2, `chapter ${k}: the board is drawn (${stats.distinctColors} colours)`);
    assert.equal(await page.locator(`#learn [data-chapter-link="${k}"]`).getAttribute('data-state'), 'seen');
    assert.ok((await shown.locator('.learn-try').textContent()).length > 20, `chapter ${k} has a task`);
    assertNoErrors(errors);
  }
  await opened?.page.close();
});

test('the live views are the core: backtracking at 8×8 runs to 92 solutions; brute force counts 8^8 boards', async () => {
  const { page, errors } = await openLearn('&chapter=4');
  await page.click('#learn [data-part="run-to-end"]');
  await waitUntil(() => page.evaluate(() => document.querySelector('#learn [data-part="live"]').dataset.done === 'true'), { message: 'the end of the search' });
  assert.equal(await page.locator('#learn [data-part="solutions"]').textContent(), String(plainCount(8)));
  // The text quotes what the view shows.
  const text = await page.locator('#learn [data-chapter="4"] .learn-text').textContent();
  assert.match(text, /16,777,216/);
  assert.match(await page.locator('#learn [data-chapter="4"] [data-part="facts"]').textContent(), /16,777,216/);
  // Stepping back and forth with the keys.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  const before = Number(await page.locator('#learn [data-part="steps"]').textContent().then((t) => t.replace(/,/g, '')));
  await page.keyboard.press('ArrowLeft');
  const after = Number(await page.locator('#learn [data-part="steps"]').textContent().then((t) => t.replace(/,/g, '')));
  assert.equal(after, before - 1, '← steps back');
  assertNoErrors(errors);
  await page.close();

  // Chapter 6 counts the board chosen: every solution, by the core, against a plain count.
  const counting = await openLearn('&chapter=6');
  for (const n of [6, 7]) {
    await counting.page.selectOption('#learn-n', String(n));
    await counting.page.click('#learn [data-part="run-to-end"]');
    await waitUntil(() => counting.page.evaluate(() => document.querySelector('#learn [data-part="live"]').dataset.done === 'true'), { message: `the end at N = ${n}` });
    assert.equal(await counting.page.locator('#learn [data-part="solutions"]').textContent(), String(plainCount(n)), `N = ${n}`);
    assert.equal(await counting.page.locator('#learn [data-part="live"]').count(), 1, 'one live view at a time');
  }
  assertNoErrors(counting.errors);
  await counting.page.close();

  const second = await openLearn('&chapter=2');
  assert.match(await second.page.locator('#learn [data-part="facts"]').textContent(), new RegExp((8 ** 8).toLocaleString('en-US')));
  assertNoErrors(second.errors);
  await second.page.close();
});

test('next-row: the safe squares a plain check finds are right, for several seeds; a wrong set is wrong, with reasons', async () => {
  let opened = null;
  for (const seed of [1, 2, 3, 17, 404, 99999]) {
    opened = await reopenLearn(opened, `&chapter=1&seed=${seed}`);
    const { page, errors } = opened;
    const d = await data(page);
    assert.equal(d.kind, 'next-row');
    const n = Number(d.n);
    const queens = d.queens.split(',').map(Number);
    const safe = safeNext(queens, n);
    assert.equal(await page.locator(`${exercise} [data-column]`).count(), n, 'a toggle for each square of the row');
    await pressOnly(page, 'column', safe);
    assert.equal((await check(page)).verdict, 'right', `seed ${seed}: ${safe} on ${queens} (n=${n})`);
    // One square less (or an attacked one marked) is wrong, and the reasons name the attackers.
    // (Nothing marked at all is no answer: it is not graded.)
    const wrong = safe.length > 1 ? safe.slice(1) : [Array.from({ length: n }, (_, c) => c).find((c) => !safe.includes(c))];
    await pressOnly(page, 'column', wrong);
    const { verdict, explain } = await check(page);
    assert.equal(verdict, 'wrong', `seed ${seed}: ${wrong} is wrong`);
    assert.match(explain, /safe squares/);
    assert.match(await page.locator(`${exercise} [data-part="explain"]`).textContent(), /attacked by the queen in row/);
    assertNoErrors(errors);
  }
  await opened?.page.close();
});

test('the toggles work from the keyboard', async () => {
  const { page, errors } = await openLearn('&chapter=1&seed=5');
  const d = await data(page);
  const safe = safeNext(d.queens.split(',').map(Number), Number(d.n));
  for (const c of safe) {
    await page.focus(`${exercise} [data-column="${c}"]`);
    await page.keyboard.press('Space');
  }
  await page.focus(`${exercise} [data-part="check"]`);
  await page.keyboard.press('Enter');
  assert.equal((await data(page)).verdict, 'right');
  assertNoErrors(errors);
  await page.close();
});


test('seed= reproduces a question, and New question draws another with its seed in the link', async () => {
  const first = await openLearn('&chapter=1&seed=4242');
  const a = await data(first.page);
  await first.page.click(`${exercise} [data-part="new-question"]`);
  const b = await data(first.page);
  assert.notEqual(b.seed, a.seed);
  await waitUntil(async () => new URL(first.page.url()).searchParams.get('seed') === b.seed, { message: 'the link to carry the new seed' });
  const link = first.page.url();
  assertNoErrors(first.errors);
  await first.page.close();

  const again = await openLearn('&chapter=1&seed=4242');
  assert.deepEqual({ n: (await data(again.page)).n, queens: (await data(again.page)).queens }, { n: a.n, queens: a.queens });
  await again.page.close();
  const linked = await openPage(new URL(link).pathname + new URL(link).search);
  await linked.page.waitForSelector(exercise);
  const c = await data(linked.page);
  assert.deepEqual({ seed: c.seed, n: c.n, queens: c.queens }, { seed: b.seed, n: b.n, queens: b.queens });
  await linked.page.close();
});

test('progress survives a reload, and Reset clears it', async () => {
  const { page, errors } = await openLearn('&chapter=1&seed=3');
  const d = await data(page);
  await pressOnly(page, 'column', safeNext(d.queens.split(',').map(Number), Number(d.n)));
  assert.equal((await check(page)).verdict, 'right');
  await check(page);
  const tally = page.locator('#learn [data-part="progress"]');
  assert.deepEqual([await tally.getAttribute('data-right'), await tally.getAttribute('data-tried')], ['1', '1'], 'a question counts once');
  await page.click('#learn [data-chapter-link="2"]');
  await page.waitForSelector('#learn [data-chapter="2"]:not([hidden]) [data-exercise]');
  await page.reload();
  await page.waitForSelector('#learn [data-chapter]:not([hidden]) [data-exercise]');
  const summary = page.locator('#learn [data-part="progress"]');
  assert.equal(await summary.getAttribute('data-right'), '1');
  assert.equal(await summary.getAttribute('data-seen'), '2');
  assert.equal(await page.locator('#learn [data-chapter-link="1"]').getAttribute('data-state'), 'solved');
  assert.equal(await page.locator('#learn [data-chapter-link="3"]').getAttribute('data-state'), 'new');
  // Reset asks first: Keep leaves everything, Yes forgets it.
  await page.click('#learn [data-part="reset-progress"]');
  assert.equal(await summary.getAttribute('data-right'), '1', 'nothing is reset before the answer');
  await page.click('#learn [data-part="reset-cancel"]');
  assert.equal(await summary.getAttribute('data-right'), '1');
  await page.click('#learn [data-part="reset-progress"]');
  await page.click('#learn [data-part="reset-confirm"]');
  assert.equal(await summary.getAttribute('data-right'), '0');
  assert.equal(await summary.getAttribute('data-seen'), '1', 'only the chapter open now');
  assert.equal(await page.locator('#learn [data-chapter-link="1"]').getAttribute('data-state'), 'new');
  await page.reload();
  await page.waitForSelector(exercise);
  assert.equal(await page.locator('#learn [data-part="progress"]').getAttribute('data-right'), '0');
  assertNoErrors(errors);
  await page.close();
});

test('chapter 1: queens placed by click and by key, the core counts what is left', async () => {
  const { page, errors } = await openLearn('&chapter=1');
  const live = page.locator('#learn [data-part="live"]');
  assert.equal(await live.getAttribute('data-completions'), String(plainCount(8)));
  const box = await page.locator('#learn-board').boundingBox();
  const cell = box.width / 8;
  await page.mouse.click(box.x + cell / 2, box.y + cell / 2); // row 0, column 0
  await page.focus('#learn-board');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter'); // row 1, column 2
  assert.equal(await live.getAttribute('data-queens'), '2');
  assert.equal(await live.getAttribute('data-pairs'), '0');
  // Independently: the solutions of 8 with queens on (0,0) and (1,2).
  let keep = 0;
  const cols = [0, 2];
  const go = () => {
    if (cols.length === 8) { keep++; return; }
    for (const c of safeNext(cols, 8)) { cols.push(c); go(); cols.pop(); }
  };
  go();
  assert.equal(await live.getAttribute('data-completions'), String(keep));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter'); // row 1, column 3: two queens in row 1
  assert.equal(await live.getAttribute('data-pairs'), '1');
  assert.equal(await live.getAttribute('data-completions'), '0');
  assertNoErrors(errors);
  await page.close();
});

test('after a trap the chapter’s live view is back at its step, and the question keeps its answer', async () => {
  const { page, errors } = await openLearn('&chapter=4&seed=1');
  const steps = () => page.locator('#learn [data-part="steps"]').textContent();
  await page.click('#learn [data-part="step"]');
  await page.click('#learn [data-part="step"]');
  // The chapter opens at the empty board (its task starts there).
  assert.equal(await steps(), '2');
  await page.click(`${exercise} [data-square="0,0"]`);
  await page.evaluate(() => { try { window.nqueens.wasm.debugPanic('trap 2828'); } catch {} });
  await page.waitForFunction(() => /trap 2828[\s\S]*chapter 4 is open again at step 2/.test(document.getElementById('error').textContent), null, { timeout: 5_000 });
  assert.equal(await steps(), '2');
  await page.click('#learn [data-part="step"]');
  assert.equal(await steps(), '3', 'stepping works on the new core');
  assert.equal(await page.locator(`${exercise} [data-square="0,0"]`).getAttribute('aria-pressed'), 'true');
  assertNoErrors(errors, { allow: [/trap 2828/, /unreachable/i, /RuntimeError/] });
  await page.close();
});

test('chapter 7: the work to a first solution against N is the core’s, checked against a plain walk; chapter 8: the tail', async () => {
  const { page, errors } = await openLearn('&chapter=7');
  const rows = await page.locator('#learn [data-table="scaling"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const backtracking = rows.filter(([name]) => name.startsWith('backtracking'));
  assert.ok(backtracking.length >= 10);
  for (const [name, steps] of backtracking) {
    const n = Number(name.match(/N = (\d+)/)[1]);
    assert.equal(Number(steps.replace(/,/g, '')), stepsToFirst(n), `backtracking at N = ${n}`);
  }
  // The text quotes the table.
  const text = await page.locator('#learn [data-chapter="7"] .learn-text').textContent();
  for (const [name, steps] of backtracking.filter(([name]) => /N = (8|14|18|19|20)$/.test(name))) assert.ok(text.includes(steps), `${name}: ${steps} in the text`);
  // Min-conflicts: a step a queen for its start, then a few repairs.
  for (const [name, steps] of rows.filter(([name]) => name.startsWith('min-conflicts'))) {
    const n = Number(name.match(/N = ([\d,]+)/)[1].replace(/,/g, ''));
    const s = Number(steps.replace(/,/g, ''));
    assert.ok(s >= n && s < 3 * n, `min-conflicts at N = ${n}: ${s} steps`);
    assert.ok(text.includes(steps));
  }
  // Another search on the same board: one live session, replaced.
  await page.selectOption('#learn-algorithm', 'construction');
  await page.click('#learn [data-part="next-solution"]');
  await waitUntil(() => page.evaluate(() => document.querySelector('#learn [data-part="live"]').dataset.done === 'true'), { message: 'the construction' });
  assert.equal(await page.locator('#learn [data-part="live"]').count(), 1);
  assert.equal(await page.locator('#learn [data-part="conflicts"]').textContent(), '0');
  assertNoErrors(errors);
  await page.close();

  const tail = await openLearn('&chapter=8');
  // The runs are made when the chapter opens; the chart and its table follow them.
  await tail.page.waitForSelector('#learn-tail', { timeout: 60_000 });
  await waitUntil(() => tail.page.locator('#learn [data-table="tail"] tbody tr').count().then((rows) => rows >= 2), { timeout: 60_000, message: 'the tail table' });
  const stats = await canvasStats(tail.page, '#learn-tail');
  assert.ok(stats.distinctColors >= 3, 'the survival curves are drawn');
  const [plain, luby] = await tail.page.locator('#learn [data-table="tail"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(1).map((c) => Number(c.textContent.replace(/,/g, '')))));
  assert.ok(plain[1] > plain[0] * 2, 'without restarts the mean is far above the median');
  assert.ok(luby[1] < plain[1] && luby[2] < plain[2], 'restarts cut the mean and the longest run');
  assertNoErrors(tail.errors);
  await tail.page.close();
});
