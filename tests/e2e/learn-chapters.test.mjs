// The Learn tab's chapters, in few pages doing many checks: chapter 5's
// poss & -poss worked out at the step shown (against two's complement done
// here), the registers as digits and up to date after Run to end; practice
// that teaches (three kinds a chapter, kind= and seed= links, marks judged
// right / wrong / missed against a plain check here, an empty Check said and
// not counted, Enter to check, the review of wrong answers, Reset that asks);
// the lecture (keys, counter, Esc, the link) moving the view; chapter 4's
// small tree at N = 4 against a plain walk here; words that do not mislead.
// Screenshots: test-results/screenshots/learn2-*.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness, screenshot, waitUntil } from './helpers.mjs';

after(closeHarness);

const exercise = '#learn [data-chapter]:not([hidden]) [data-exercise]';
const lecture = '#learn [data-part="lecture"]';

async function openLearn(query, opts = {}) {
  const opened = await openPage(`/?mode=learn${query}`, opts);
  // A lecture hides the practice: attached is enough.
  await opened.page.waitForSelector(exercise, { state: 'attached' });
  return opened;
}

const bin = (v, n) => v.toString(2).padStart(n, '0');
/** The columns of row `queens.length` no queen above attacks. */
const safeNext = (queens, n) => Array.from({ length: n }, (_, c) => c).filter((c) => queens.every((q, r) => q !== c && Math.abs(q - c) !== queens.length - r));

test('chapter 5: poss & -poss at the step shown is two\'s complement done here; the registers are digits and follow Run to end', async () => {
  const { page, errors } = await openLearn('&chapter=5');
  try {
    assert.equal(await page.locator('#learn [data-part="steps"]').textContent(), '0', 'the chapter opens at the empty board');
    for (let i = 0; i < 3; i++) await page.click('#learn [data-part="step"]');
    const lowbit = await page.locator('#learn [data-part="lowbit"]').evaluate((e) => ({ ...e.dataset }));
    // The deepest row's poss, read from the register table's digits.
    const table = await page.locator('#learn .register-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const poss = table.at(-1)[3];
    assert.match(poss, /^[01]{8}$/, 'registers are 0/1 digits');
    assert.equal(lowbit.poss, poss);
    const p = parseInt(poss, 2);
    assert.equal(lowbit.not, bin(255 - p, 8));
    assert.equal(lowbit.neg, bin((256 - p) % 256, 8));
    assert.equal(lowbit.and, bin(p & (256 - p), 8));
    // After Run to end the registers are the end's: no rows left but the first, poss empty.
    await page.click('#learn [data-part="run-to-end"]');
    await waitUntil(() => page.evaluate(() => document.querySelector('#learn [data-part="live"]').dataset.done === 'true'), { timeout: 20_000, message: 'the search to end' });
    const end = await page.locator('#learn .register-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assert.equal(end.length, 1, 'one row left at the end');
    assert.equal(end[0][3], '00000000');
    assert.equal(await page.locator('#learn [data-part="lowbit"]').getAttribute('data-poss'), '00000000');

    // The lowest-bit kind, from its link: graded against poss & -poss here, Enter checks, an empty field is not counted.
    await page.goto(page.url().replace(/\?.*/, '?mode=learn&chapter=5&kind=lowest-bit&seed=77'));
    await page.waitForSelector(`${exercise}[data-kind="lowest-bit"]`);
    assert.equal(await page.locator('#learn [data-chapter="5"]').getAttribute('data-kinds'), 'free-columns,lowest-bit,register-meaning');
    const d = await page.locator(exercise).evaluate((e) => ({ ...e.dataset }));
    const n = Number(d.n);
    const v = parseInt(d.poss, 2);
    const tried = Number(await page.locator('#learn [data-part="progress"]').getAttribute('data-tried'));
    await page.focus(`${exercise} [data-part="answer"]`);
    await page.keyboard.press('Enter');
    assert.equal(await page.locator(exercise).getAttribute('data-verdict'), null, 'an empty Check is no verdict');
    assert.match(await page.locator(`${exercise} [data-part="verdict"]`).textContent(), /empty/);
    assert.equal(Number(await page.locator('#learn [data-part="progress"]').getAttribute('data-tried')), tried, 'and is not counted');
    // -poss itself is wrong, and the feedback names that mistake.
    await page.fill(`${exercise} [data-part="answer"]`, bin((2 ** n - v) % 2 ** n, n));
    await page.keyboard.press('Enter');
    assert.equal(await page.locator(exercise).getAttribute('data-verdict'), 'wrong');
    assert.match(await page.locator(`${exercise} [data-part="explain"]`).textContent(), /That is -poss itself/);
    await page.fill(`${exercise} [data-part="answer"]`, bin(v & (2 ** n - v), n));
    await page.keyboard.press('Enter');
    assert.equal(await page.locator(exercise).getAttribute('data-verdict'), 'right');
    // Answered right at a later Check: it leaves the review list.
    assert.equal(await page.locator('#learn [data-part="review"]').getAttribute('data-count'), '0');
    await screenshot(page, 'learn2-chapter5');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('practice: three kinds a chapter, marks judged against a plain check here, the review of wrong answers, Reset that asks', async () => {
  const { page, errors } = await openLearn('&chapter=1&seed=3');
  try {
    for (let k = 1; k <= 9; k++) {
      const kinds = (await page.locator(`#learn [data-chapter="${k}"]`).getAttribute('data-kinds', { timeout: 100 }).catch(() => null));
      if (kinds !== null && kinds !== '') assert.ok(kinds.split(',').length >= 3, `chapter ${k}: ${kinds}`);
    }
    assert.ok((await page.locator('#learn [data-chapter="1"]').getAttribute('data-kinds')).split(',').length >= 3);
    // next-row: one right mark, one wrong mark, the rest missed.
    const d = await page.locator(exercise).evaluate((e) => ({ ...e.dataset }));
    const n = Number(d.n);
    const queens = d.queens.split(',').map(Number);
    const safe = safeNext(queens, n);
    const attacked = Array.from({ length: n }, (_, c) => c).filter((c) => !safe.includes(c));
    await page.click(`${exercise} [data-part="check"]`);
    assert.match(await page.locator(`${exercise} [data-part="verdict"]`).textContent(), /Nothing is marked/);
    await page.click(`${exercise} [data-column="${safe[0]}"]`);
    await page.click(`${exercise} [data-column="${attacked[0]}"]`);
    await page.click(`${exercise} [data-part="check"]`);
    assert.equal(await page.locator(exercise).getAttribute('data-verdict'), 'wrong');
    const judged = await page.locator(`${exercise} [data-column]`).evaluateAll((bs) => bs.map((b) => [Number(b.dataset.column), b.dataset.judged ?? '']));
    for (const [c, how] of judged) {
      const expected = c === safe[0] ? 'right' : c === attacked[0] ? 'wrong' : safe.includes(c) ? 'missed' : '';
      assert.equal(how, expected, `column ${c + 1}`);
    }
    // The three differ without colour: each its own symbol.
    const marks = await page.locator(`${exercise} [data-judged]`).evaluateAll((bs) => Object.fromEntries(bs.map((b) => [b.dataset.judged, getComputedStyle(b, '::after').content])));
    assert.equal(new Set(Object.values(marks)).size, Object.keys(marks).length, JSON.stringify(marks));
    assert.notEqual(marks.wrong, '"✓"', 'a wrong mark is never a tick');
    assert.match(await page.locator(`${exercise} [data-part="explain"]`).textContent(), new RegExp(`You marked column ${attacked[0] + 1}, but the queen in row \\d+ attacks it`));
    // The wrong answer is in the review with its seed; its link asks it again.
    const review = page.locator('#learn [data-part="review"] a[data-review]');
    assert.equal(await review.count(), 1);
    assert.equal(await review.getAttribute('data-review'), '1|next-row|3');
    assert.match(await review.textContent(), /seed 3/);

    // A kind chosen by its button: the link says kind=, and is-solution names the learner's own mistake.
    await page.click('#learn [data-kind-choice="is-solution"]');
    await page.waitForSelector(`${exercise}[data-kind="is-solution"]`);
    await waitUntil(() => page.evaluate(() => location.search.includes('kind=is-solution')), { message: 'kind= in the link' });
    // Find a seed whose board is not a solution, by the pair check here.
    for (let seed = 1; seed < 40; seed++) {
      await page.goto(page.url().replace(/\?.*/, `?mode=learn&chapter=2&seed=${seed}`));
      await page.waitForSelector(`${exercise}[data-kind="is-solution"]`);
      const q = (await page.locator(exercise).getAttribute('data-queens')).split(',').map(Number);
      const pairs = [];
      for (let a = 0; a < q.length; a++) for (let b = a + 1; b < q.length; b++) if (q[a] === q[b] || Math.abs(q[a] - q[b]) === b - a) pairs.push([a, b]);
      const calm = [];
      for (let a = 0; a < q.length; a++) for (let b = a + 1; b < q.length; b++) if (!pairs.some(([x, y]) => x === a && y === b)) calm.push([a, b]);
      if (!pairs.length || !calm.length) continue;
      await page.check(`${exercise} [data-part="no"]`);
      await page.click(`${exercise} [data-row="${calm[0][0]}"]`);
      await page.click(`${exercise} [data-row="${calm[0][1]}"]`);
      await page.click(`${exercise} [data-part="check"]`);
      assert.equal(await page.locator(exercise).getAttribute('data-verdict'), 'wrong');
      assert.match(await page.locator(`${exercise} [data-part="explain"]`).textContent(), new RegExp(`in rows ${calm[0][0] + 1} and ${calm[0][1] + 1}, do not attack each other; row ${pairs[0][0] + 1}'s and row ${pairs[0][1] + 1}'s do`));
      assert.equal(await page.locator(`${exercise} [data-row="${calm[0][0]}"]`).getAttribute('data-judged'), 'wrong');
      break;
    }
    assert.ok(await page.locator('#learn [data-part="review"] a[data-review]').count() >= 2, 'the list survives a reload');
    // The question label says seed, and chapter 3's first question is not chapter 2's board.
    assert.match(await page.locator(`${exercise} h3`).textContent(), /\(seed \d+\)/);
    const two = await page.locator(exercise).getAttribute('data-queens');
    await page.goto(page.url().replace(/\?.*/, `?mode=learn&chapter=3&seed=${new URL(page.url()).searchParams.get('seed')}`));
    await page.waitForSelector(`${exercise}[data-kind="is-solution"]`);
    assert.notEqual(await page.locator(exercise).getAttribute('data-queens'), two);
    // A bad kind is a sentence and the chapter's first kind.
    await page.goto(page.url().replace(/\?.*/, '?mode=learn&chapter=3&kind=juggling'));
    await page.waitForSelector(exercise);
    assert.match(await page.locator('#error').textContent(), /kind=juggling is not a kind of question of chapter 3/);
    // Reset asks first, and clears the review too.
    await page.click('#learn [data-part="reset-progress"]');
    assert.equal(await page.isVisible('#learn [data-part="reset-confirm"]'), true);
    assert.ok(await page.locator('#learn [data-part="review"] a[data-review]').count() >= 2);
    await page.click('#learn [data-part="reset-confirm"]');
    assert.equal(await page.locator('#learn [data-part="review"] a[data-review]').count(), 0);
    assertNoErrors(errors, { allow: [/kind=juggling/] });
  } finally {
    await page.close();
  }
});

/** Backtracking's whole walk at n: each candidate tried, its step (a candidate or a backtrack is a step) and whether a diagonal attacked it. */
function walk(n) {
  const out = [];
  const cols = [];
  let step = 0;
  const go = () => {
    const row = cols.length;
    for (let c = 0; c < n; c++) {
      if (cols.includes(c)) continue;
      step++;
      const ok = cols.every((q, r) => Math.abs(q - c) !== row - r);
      out.push({ row, col: c, step, state: !ok ? 'rejected' : row + 1 === n ? 'solution' : 'placed' });
      if (ok) {
        if (row + 1 < n) {
          cols.push(c);
          go();
          cols.pop();
        }
        step++;
      }
    }
  };
  go();
  return out;
}

test('the lecture moves the view, by keys and buttons; chapter 4\'s small tree is backtracking\'s walk; words that do not mislead', async () => {
  const { page, errors } = await openLearn('&chapter=4&lecture=1');
  try {
    await page.waitForSelector(lecture);
    const slides = Number(await page.getAttribute(lecture, 'data-slides'));
    assert.ok(slides >= 6);
    assert.equal(await page.getAttribute(lecture, 'data-slide'), '1');
    // The lecture opened the small tree at N = 4: its nodes are the walk here.
    await page.waitForSelector('#learn [data-part="small-tree"]');
    const nodes = await page.locator('#learn [data-part="small-tree"] .st-mark').evaluateAll((gs) => gs.map((g) => ({ row: Number(g.dataset.row), col: Number(g.dataset.col), step: Number(g.dataset.step), state: g.dataset.state })));
    assert.deepEqual(nodes.slice(1), walk(4));
    const seen = [];
    for (let i = 2; i <= slides; i++) {
      await page.keyboard.press(i % 2 ? 'PageDown' : 'ArrowRight');
      assert.equal(await page.getAttribute(lecture, 'data-slide'), String(i));
      assert.equal(await page.locator('#learn [data-part="lecture-counter"]').textContent(), `Slide ${i} of ${slides}`);
      seen.push(await page.locator('#learn [data-part="live"]').getAttribute('data-step'));
    }
    assert.ok(new Set(seen).size >= 4, `the slides move the view: ${seen}`);
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute(lecture, 'data-slide'), String(slides), 'no slide past the last');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getAttribute(lecture, 'data-slide'), String(slides - 2));
    await page.click('#learn [data-part="lecture-back"]');
    assert.equal(await page.getAttribute(lecture, 'data-slide'), String(slides - 3));
    // A node of the tree takes the view to its step.
    const target = nodes.find((x) => x.state === 'solution');
    await page.click(`#learn [data-part="small-tree"] .st-mark[data-step="${target.step}"]`);
    assert.equal(await page.locator('#learn [data-part="live"]').getAttribute('data-step'), String(target.step));
    await screenshot(page, 'learn2-lecture');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator(lecture).count(), 0);
    await waitUntil(() => page.evaluate(() => !location.search.includes('lecture=')), { message: 'the link to drop lecture=' });
    // The browser's resize-observer notice is no error of the page: no banner.
    await page.evaluate(() => window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' })));
    assert.equal(await page.isVisible('#error'), false, 'no banner for the resize observer notice');
    // Every chapter has at least six slides, each moving the view.
    for (let k = 1; k <= 9; k++) {
      await page.goto(page.url().replace(/\?.*/, `?mode=learn&chapter=${k}&lecture=1`));
      await page.waitForSelector(lecture);
      assert.ok(Number(await page.getAttribute(lecture, 'data-slides')) >= 6, `chapter ${k}`);
    }
    // Chapter 4 at 8×8: Reset, Next solution, then three steps: no row past the board is named.
    await page.goto(page.url().replace(/\?.*/, '?mode=learn&chapter=4'));
    await page.waitForSelector('#learn [data-part="next-solution"]');
    await page.click('#learn [data-part="next-solution"]');
    await waitUntil(() => page.locator('#learn [data-part="solutions"]').textContent().then((t) => t === '1'), { message: 'a solution' });
    for (let i = 0; i < 3; i++) {
      await page.click('#learn [data-part="step"]');
      assert.doesNotMatch(await page.locator('#learn [data-part="message"]').textContent(), /Row 9/);
    }
    // Chapter 3's status line says which rows swapped.
    await page.goto(page.url().replace(/\?.*/, '?mode=learn&chapter=3'));
    await page.waitForSelector('#learn [data-part="step"]');
    await page.click('#learn [data-part="step"]');
    await page.click('#learn [data-part="step"]');
    assert.match(await page.locator('#learn [data-part="message"]').textContent(), /swapping rows 1 and 2/);
    // Each counter is defined where it is shown.
    assert.match(await page.locator('#learn [data-part="counter-defs"]').textContent(), /Checks.*Placements/s);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
