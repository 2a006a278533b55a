// The Learn tab's sweeps: every kind of practice question graded, for three
// seeds, right for the answer computed here and wrong for another; every
// chapter and a lecture at 1280×800 and 390 px, light and dark, with no error,
// a chapter menu and no sideways scroll on a phone, and a screenshot of each
// (test-results/screenshots/learn2-*.png).
// test group: slow (scripts/test.sh): a sweep: every kind, every chapter, both sizes and schemes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, closeHarness, screenshot, pageIdle, schemeShown } from './helpers.mjs';
import { attack, check, data, exercise, lubyTerms, openLearn, plainCount, pressOnly, probeOrder } from './learn-hooks.mjs';

after(closeHarness);

const lecture = '#learn [data-part="lecture"]';

test('every other kind is graded right for the answer computed here, and wrong for another', async () => {
  const seeds = [1, 7, 31];
  for (const seed of seeds) {
    // is-solution, any boards (chapter 2) and permutations (chapter 3).
    for (const chapter of [2, 3]) {
      const { page, errors } = await openLearn(`&chapter=${chapter}&seed=${seed}`);
      const d = await data(page);
      assert.equal(d.kind, 'is-solution');
      const queens = d.queens.split(',').map(Number);
      const pairs = [];
      for (let a = 0; a < queens.length; a++) for (let b = a + 1; b < queens.length; b++) if (attack(a, queens[a], b, queens[b])) pairs.push([a, b]);
      if (pairs.length === 0) {
        await page.check(`${exercise} [data-part="yes"]`);
        assert.equal((await check(page)).verdict, 'right', `seed ${seed}: a solution`);
        await page.check(`${exercise} [data-part="no"]`);
        assert.equal((await check(page)).verdict, 'wrong');
      } else {
        await page.check(`${exercise} [data-part="no"]`);
        await pressOnly(page, 'row', pairs[0]);
        assert.equal((await check(page)).verdict, 'right', `seed ${seed}: rows ${pairs[0]} attack`);
        // A pair that does not attack, if any; else answering "a solution".
        const calm = [];
        for (let a = 0; a < queens.length && !calm.length; a++) for (let b = a + 1; b < queens.length; b++) if (!attack(a, queens[a], b, queens[b])) { calm.push(a, b); break; }
        if (calm.length) await pressOnly(page, 'row', calm);
        else await page.check(`${exercise} [data-part="yes"]`);
        assert.equal((await check(page)).verdict, 'wrong');
        await page.check(`${exercise} [data-part="yes"]`);
        assert.equal((await check(page)).verdict, 'wrong', 'not a solution');
      }
      if (chapter === 3) assert.deepEqual([...queens].sort(), [...queens.keys()].sort(), 'a permutation');
      assertNoErrors(errors);
      await page.close();
    }

    // next-probe (chapter 4): find the moment in a plain walk of the tree, take the probe after it.
    {
      const { page, errors } = await openLearn(`&chapter=4&seed=${seed}`);
      const d = await data(page);
      assert.equal(d.kind, 'next-probe');
      const order = probeOrder(Number(d.n));
      const at = order.findIndex((p) => p.key === `${d.queens}|${d.probeRow}|${d.probeCol}`);
      assert.ok(at >= 0 && at + 1 < order.length, 'the question is a moment of the search');
      const next = order[at + 1];
      const wrongSquare = `${(next.row + 1) % Number(d.n)},${next.col}`;
      await page.click(`${exercise} [data-square="${wrongSquare}"]`);
      assert.equal((await check(page)).verdict, 'wrong');
      await page.click(`${exercise} [data-square="${next.row},${next.col}"]`);
      assert.equal((await check(page)).verdict, 'right', `seed ${seed}: next is ${next.row},${next.col}`);
      assertNoErrors(errors);
      await page.close();
    }

    // free-columns (chapter 5): ~(ld | col | rd) within N bits.
    {
      const { page, errors } = await openLearn(`&chapter=5&seed=${seed}`);
      const d = await data(page);
      assert.equal(d.kind, 'free-columns');
      const n = Number(d.n);
      const poss = ~(Number(d.ld) | Number(d.col) | Number(d.rd)) & ((1 << n) - 1);
      const free = [...Array(n).keys()].filter((c) => poss & (1 << c));
      await pressOnly(page, 'column', [...Array(n).keys()].filter((c) => !free.includes(c)));
      assert.equal((await check(page)).verdict, 'wrong');
      await pressOnly(page, 'column', free);
      assert.equal((await check(page)).verdict, 'right', `seed ${seed}: free ${free}`);
      assertNoErrors(errors);
      await page.close();
    }

    // count (chapter 6): a plain count.
    {
      const { page, errors } = await openLearn(`&chapter=6&seed=${seed}`);
      const d = await data(page);
      assert.equal(d.kind, 'count');
      const total = plainCount(Number(d.n));
      await page.fill(`${exercise} [data-part="answer"]`, String(total + 1));
      assert.equal((await check(page)).verdict, 'wrong');
      await page.fill(`${exercise} [data-part="answer"]`, total.toLocaleString('en-US'));
      assert.equal((await check(page)).verdict, 'right', `N = ${d.n}: ${total}`);
      assertNoErrors(errors);
      await page.close();
    }

    // min-conflicts-move (chapter 7): the least attacked squares of the row.
    {
      const { page, errors } = await openLearn(`&chapter=7&seed=${seed}`);
      const d = await data(page);
      assert.equal(d.kind, 'min-conflicts-move');
      const queens = d.queens.split(',').map(Number);
      const row = Number(d.row);
      const attackers = queens.map((_, c) => queens.filter((q, r) => r !== row && attack(r, q, row, c)).length);
      assert.ok(queens.some((q, r) => r !== row && attack(r, q, row, queens[row])), 'the queen picked is attacked');
      const least = Math.min(...attackers);
      const best = [...attackers.keys()].filter((c) => attackers[c] === least);
      await pressOnly(page, 'column', [...attackers.keys()]);
      assert.equal((await check(page)).verdict, best.length === queens.length ? 'right' : 'wrong');
      await pressOnly(page, 'column', best);
      assert.equal((await check(page)).verdict, 'right', `seed ${seed}: ${best}`);
      assertNoErrors(errors);
      await page.close();
    }

    // luby (chapter 8): N · luby(i).
    {
      const { page, errors } = await openLearn(`&chapter=8&seed=${seed}`);
      const d = await data(page);
      assert.equal(d.kind, 'luby');
      const answer = Number(d.n) * lubyTerms(Number(d.index))[Number(d.index) - 1];
      await page.fill(`${exercise} [data-part="answer"]`, String(answer * 2));
      assert.equal((await check(page)).verdict, 'wrong');
      await page.fill(`${exercise} [data-part="answer"]`, String(answer));
      assert.equal((await check(page)).verdict, 'right', `start ${d.index}: ${answer}`);
      assertNoErrors(errors);
      await page.close();
    }
  }
});

test('every chapter and a lecture at 1280×800 and 390 px, light and dark: no error, on a phone a chapter menu and no sideways scroll; screenshots', async () => {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      const { page, errors } = await openLearn('&chapter=1', { viewport: { width, height } });
      try {
        await page.emulateMedia({ colorScheme: scheme });
        for (let k = 1; k <= 9; k++) {
          if (k > 1) {
            await page.goto(page.url().replace(/\?.*/, `?mode=learn&chapter=${k}`));
            await page.waitForSelector(exercise);
          }
          await (k === 1 ? schemeShown(page, scheme) : pageIdle(page));
          if (width === 390) {
            assert.equal(await page.isVisible('#learn [data-chapter]:not([hidden]) [data-part="chapter-menu"]'), true, 'a chapter menu at the top on a phone');
            const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
            assert.ok(scroll <= inner, `chapter ${k}: ${scroll} px wide in a ${inner} px window, no sideways scroll`);
          }
          await screenshot(page, `learn2-ch${k}-${width}-${scheme}`);
        }
        await page.goto(page.url().replace(/\?.*/, '?mode=learn&chapter=5&lecture=1'));
        await page.waitForSelector(lecture);
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await screenshot(page, `learn2-lecture5-${width}-${scheme}`);
        assertNoErrors(errors);
      } finally {
        await page.close();
      }
    }
  }
});
