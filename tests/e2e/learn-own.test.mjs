// Learn's chapter "Write your own" (the last chapter), in Chromium: the
// number its text quotes is a plain count made here and what Your search's
// starter makes; the planted-bug practice, judged as Check my search judges,
// is wrong for each planted bug as given and right once the test's own
// program replaces it (the counts against OEIS A000170); the tracer-calls
// question against a count made here; a starter= link of Your search.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness, screenshot } from './helpers.mjs';
import { ROW_BACKTRACKING } from '../common/plain.mjs';

after(closeHarness);

const CHAPTER = 9;
const A000170 = [1, 0, 0, 2, 10, 4, 40, 92];
const exercise = '#learn [data-chapter]:not([hidden]) [data-exercise]';

/** Placements of row backtracking at n: the safe partial boards, counted here. */
function placements(n) {
  const cols = [];
  const go = () => {
    if (cols.length === n) return 0;
    const row = cols.length;
    let total = 0;
    for (let c = 0; c < n; c++) {
      if (cols.some((q, r) => q === c || Math.abs(q - c) === row - r)) continue;
      cols.push(c);
      total += 1 + go();
      cols.pop();
    }
    return total;
  };
  return go();
}

const FIXED = ROW_BACKTRACKING;

async function openChapter(query, opts) {
  const opened = await openPage(`/?mode=learn&chapter=${CHAPTER}${query}`, opts);
  await opened.page.waitForSelector(exercise);
  return opened;
}

test('the chapter quotes row backtracking’s placements at 6×6 as counted here, and Your search’s starter makes as many', async () => {
  const { page, errors } = await openChapter('');
  const text = await page.textContent('#learn [data-chapter]:not([hidden]) .learn-text');
  assert.match(text, /board\.place\(row, col\)/);
  const quoted = /at N = 6 it makes ([\d,]+) placements and reports the (\d+) solutions/.exec(text);
  assert.ok(quoted, text);
  assert.equal(Number(quoted[1].replace(/,/g, '')), placements(6));
  assert.equal(Number(quoted[2]), A000170[5]);
  // Its link opens the starter in Your search; run there, it makes those placements.
  const href = await page.getAttribute('#learn .learn-links a[href*="starter=backtracking"]', 'href');
  await page.goto(new URL(href, page.url()).href);
  await page.waitForSelector('#code .cm-editor');
  assert.match(await page.textContent('#code [data-part=task]'), /^Row backtracking:/);
  await page.click('#code [data-part=run]');
  await page.waitForFunction(() => document.querySelector('#code')?.getAttribute('data-state') === 'done');
  assert.equal(Number(await page.getAttribute('#code [data-stat=placements]', 'data-value')), placements(6));
  assertNoErrors(errors);
  await page.close();
});

test('fix the planted bug: each bug as given is wrong, naming its effect; the test’s own program in the editor is right', async () => {
  const { page, errors } = await openChapter('&kind=fix-bug&seed=1');
  const effects = { 'bug-diagonal': /attack each other/, 'bug-twice': /reported a solution twice/, 'bug-early': /missed 1 of 1 at N = 1/ };
  const seen = new Set();
  for (let seed = 1; seed < 60 && seen.size < 3; seed++) {
    await page.goto(page.url().replace(/\?.*/, `?mode=learn&chapter=${CHAPTER}&kind=fix-bug&seed=${seed}`));
    await page.waitForSelector(`${exercise}[data-kind="fix-bug"] .cm-editor`);
    const starter = await page.getAttribute(exercise, 'data-starter');
    if (seen.has(starter)) continue;
    seen.add(starter);
    await page.click(`${exercise} [data-part="check"]`);
    await page.waitForSelector(`${exercise}[data-verdict]`, { timeout: 30_000 });
    assert.equal(await page.getAttribute(exercise, 'data-verdict'), 'wrong', starter);
    assert.match(await page.textContent(`${exercise} [data-part="verdict"]`), effects[starter], starter);
    if (seen.size === 1) {
      await screenshot(page, 'learn-own-fix-bug');
      // Replaced by a right program, it is right, and each N's count is A000170's.
      await page.click(`${exercise} .cm-content`);
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(FIXED);
      await page.click(`${exercise} [data-part="check"]`);
      await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-verdict') === 'right', exercise, { timeout: 30_000 });
      const explain = await page.textContent(`${exercise} [data-part="explain"]`);
      for (let n = 1; n <= 6; n++) assert.match(explain, new RegExp(`N = ${n}: ${A000170[n - 1]} of ${A000170[n - 1]} solutions reported\\.`), `N = ${n}`);
    }
  }
  assert.equal(seen.size, 3, 'the seeds ask for each planted bug');
  assertNoErrors(errors);
  await page.close();
});

test('steps, checks and placements of a stretch of tracer calls, counted here', async () => {
  const { page, errors } = await openChapter('&kind=tracer-steps&seed=5');
  for (const seed of [5, 6, 7, 8]) {
    await page.goto(page.url().replace(/\?.*/, `?mode=learn&chapter=${CHAPTER}&kind=tracer-steps&seed=${seed}`));
    await page.waitForSelector(`${exercise}[data-kind="tracer-steps"]`);
    const ask = await page.getAttribute(exercise, 'data-ask');
    const calls = (await page.textContent(`${exercise} [data-part="calls"]`)).split('\n');
    const count = calls.filter((c) => (ask === 'checks' ? c.startsWith('board.safe') : ask === 'placements' ? c.startsWith('board.place') : !c.startsWith('board.safe'))).length;
    await page.fill(`${exercise} [data-part="answer"]`, String(count + 1));
    await page.click(`${exercise} [data-part="check"]`);
    await page.waitForSelector(`${exercise}[data-verdict]`);
    assert.equal(await page.getAttribute(exercise, 'data-verdict'), 'wrong', `seed ${seed}`);
    await page.fill(`${exercise} [data-part="answer"]`, String(count));
    await page.click(`${exercise} [data-part="check"]`);
    await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-verdict') === 'right', exercise);
  }
  assertNoErrors(errors);
  await page.close();
});

test('Your search: starter= opens that starter; an unknown one is a sentence and the default', async () => {
  const { page, errors } = await openPage('/?mode=code&lang=js&n=5&starter=bug-early');
  await page.waitForSelector('#code .cm-editor');
  assert.match(await page.textContent('#code [data-part=task]'), /one row short/i);
  assert.match(await page.textContent('#code .cm-content'), /row === n - 1/);
  assert.equal(await page.getAttribute('#code', 'data-state'), 'idle', 'nothing runs');
  await page.goto(page.url().replace(/\?.*/, '?mode=code&lang=js&n=5&starter=nonsense'));
  await page.waitForSelector('#code .cm-editor');
  assert.match(await page.textContent('#error'), /starter=nonsense is not a starter program/);
  assertNoErrors(errors, { allow: [/starter=nonsense/] });
  await page.close();
});
