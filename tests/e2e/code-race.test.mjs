// Race's lane "Your search", in Chromium: offered only once a program has
// run in this tab, at the board size it ran at; run to the end on equal
// checks and on equal steps, it finishes at the checks (its safe calls) and
// the steps (its place, remove and found calls) that the test's own run of
// the same program counts, with its solutions; on the wall clock the table
// has its time, from a run of the program untraced.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { openPage, assertNoErrors, closeHarness, screenshot } from './helpers.mjs';
import { ended, lanes } from './race-hooks.mjs';
import { ROW_BACKTRACKING } from '../common/plain.mjs';

after(closeHarness);

const pack = (program) => zlib.deflateRawSync(Buffer.from(program, 'utf8')).toString('base64url');

const PROGRAM = ROW_BACKTRACKING;

/** The program run here with a board that counts its calls and judges each found(). */
function countsOf(program, n) {
  const queens = new Map();
  let steps = 0, checks = 0, solutions = 0;
  const attacked = (r, c) => [...queens.values()].some((q) => q.r === r || q.c === c || Math.abs(q.r - r) === Math.abs(q.c - c));
  const board = {
    place(r, c) { steps++; queens.set(`${r},${c}`, { r, c }); },
    remove(r, c) { steps++; queens.delete(`${r},${c}`); },
    safe(r, c) { checks++; return !attacked(r, c); },
    found() {
      steps++;
      const qs = [...queens.values()];
      if (qs.length === n && qs.every((a, i) => qs.every((b, j) => j <= i || !(a.r === b.r || a.c === b.c || Math.abs(a.r - b.r) === Math.abs(a.c - b.c))))) solutions++;
    },
    say() {},
  };
  new Function(`${program}; return solve;`)()(n, board);
  return { steps, checks, solutions };
}

test('Your search races beside the core’s searches once it has run, at the N it ran at, on the checks and steps clocks', async () => {
  const n = 6;
  const truth = countsOf(PROGRAM, n);
  assert.equal(truth.solutions, 4);
  const { page, errors } = await openPage(`/?mode=code&lang=js&n=${n}&src=${pack(PROGRAM)}`);
  await page.waitForSelector('#code .cm-editor');
  // Before a run: no such lane.
  await page.click('#tab-race');
  await page.waitForSelector('#race [data-part=picks] input');
  assert.equal(await page.locator('#race-pick-your-search').count(), 0, 'no lane before a run');
  assert.match(await page.textContent('#race [data-part=yours-hint]'), /Your search/, 'the set-up says how to add the lane');
  await page.click('#tab-code');
  await page.click('#code [data-part=run]');
  await page.waitForFunction(() => document.querySelector('#code')?.getAttribute('data-state') === 'done');
  await page.click('#tab-race');
  await page.waitForSelector('#race-pick-your-search');
  assert.equal(await page.locator('#race [data-part=yours-hint]').count(), 0, 'no hint once the lane is there');
  await page.selectOption('#race [data-part=n]', String(n));
  for (const [clock, key] of [['checks', 'checks'], ['steps', 'steps']]) {
    await page.selectOption('#race [data-part=clock]', clock);
    if (!(await page.isChecked('#race-pick-your-search'))) await page.check('#race-pick-your-search');
    await page.waitForSelector('#race [data-lane="your-search"]');
    await page.click('#race-run-to-end');
    await ended(page);
    const lane = (await lanes(page))['your-search'];
    assert.deepEqual([lane.steps, lane.checks, lane.solutions, lane.done], [truth.steps, truth.checks, truth.solutions, 'true'], `${clock} clock`);
    assert.equal(lane.finish, truth[key], `on equal ${clock} it finishes at its ${key}`);
  }
  // On the wall clock too the lane ends, and the table has its time: the
  // program run once more untraced in its box, said to be its own and not checked.
  await page.selectOption('#race [data-part=clock]', 'wall');
  if (!(await page.isChecked('#race-pick-your-search'))) await page.check('#race-pick-your-search');
  await page.waitForSelector('#race [data-lane="your-search"]');
  const before = Date.now();
  await page.click('#race-run-to-end');
  await ended(page);
  const cell = '#race-results tr[data-lane="your-search"] td[data-timed="untraced"]';
  await page.waitForSelector(cell);
  const waited = Date.now() - before;
  const text = await page.locator(cell).textContent();
  const m = /^([\d.,]+) ms/.exec(text ?? '');
  assert.ok(m, `a time in the cell: ${text}`);
  const ms = Number(m[1].replace(/,/g, ''));
  assert.ok(ms >= 0 && ms <= waited, `${ms} ms within the ${waited} ms the test waited`);
  assert.match(text, /untraced: not checked/);
  assert.doesNotMatch(await page.locator('#race-results').textContent(), /not timed/);
  assert.equal((await lanes(page))['your-search'].done, 'true');
  await screenshot(page, 'code-race', { fullPage: false });
  // At another N the lane says why it cannot run.
  await page.selectOption('#race [data-part=n]', String(n + 1));
  await page.waitForFunction(() => document.querySelector('#race [data-lane="your-search"]')?.getAttribute('data-unable') === 'true');
  assert.match((await lanes(page))['your-search'].text, new RegExp(`N ?= ?${n + 1}`));
  assertNoErrors(errors);
  await page.close();
});
