// Race mode read as a student reads it (issue 21 items 11, 12, 15): why
// permutations starts far ahead (its share worked out here from 8! and 8^8),
// what the wall clock measures and how finely, ties said as ties, brute
// force's shortcut said plainly, and each lane's mark on one line.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness, waitUntil } from './helpers.mjs';
import { ended } from './race-hooks.mjs';

after(closeHarness);

const factorial = (n) => { let f = 1n; for (let k = 2n; k <= BigInt(n); k++) f *= k; return f; };

test('permutations says why it starts at 99.75 % ruled out, and every lane mark stays on one line', async () => {
  for (const width of [1280, 390]) {
    const { page, errors } = await openPage('/?mode=race&n=8&clock=checks', { viewport: { width, height: 800 } });
    try {
      const total = 8n ** 8n;
      const perms = factorial(8);
      const share = (Number(((total - perms) * 10000n) / total) / 100).toFixed(2);
      assert.equal(share, '99.75');
      const why = await page.textContent('#race .race-lane[data-lane="permutations"] .lane-why');
      assert.match(why, new RegExp(`${share.replace('.', '\\.')}%`));
      assert.match(why, /40,320 of the 16,777,216 boards/);
      assert.match(why, /repeats a column/);
      // Run to the end: the longest marks ("✓ 5th · done at …") still take one line.
      await page.keyboard.press('End');
      await ended(page, 60_000);
      const marks = await page.$$eval('#race .lane-mark', (ps) => ps.map((p) => {
        const line = parseFloat(getComputedStyle(p).lineHeight) || parseFloat(getComputedStyle(p).fontSize) * 1.3;
        return { text: p.textContent, height: p.getBoundingClientRect().height, line, full: p.title === p.textContent };
      }));
      for (const m of marks) {
        assert.ok(m.height <= m.line * 1.5, `${width} px: "${m.text}" takes one line (${m.height} px for a line of ${m.line})`);
        assert.ok(m.full, 'the whole mark is in its title');
      }
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
});

test('the wall clock says what it measures: ticks of 1 ms, ties as ties, the clock step of the timings, brute force\'s shortcut', async () => {
  const { page, errors } = await openPage('/?mode=race&n=8&lanes=brute-force,backtracking,bitwise&clock=wall&speed=max');
  try {
    const brute = await page.textContent('#race .race-lane[data-lane="brute-force"]');
    assert.match(brute, /Shortcut: the core settles whole blocks of boards/);
    await page.keyboard.press('End');
    await ended(page, 60_000);
    const over = await page.textContent('#race [data-part="message"], #race .status');
    assert.match(over, /1 ms of search a tick/);
    // Lanes ending in the same tick are called a tie, by name.
    const finish = await page.$$eval('#race .race-lane', (els) => els.map((l) => [l.querySelector('.lane-name').textContent.trim(), Number(l.dataset.finish)]));
    const byTick = new Map();
    for (const [name, at] of finish) byTick.set(at, [...(byTick.get(at) ?? []), name]);
    for (const names of byTick.values()) {
      if (names.length > 1) assert.match(over, new RegExp(`${names.join(' and ')} both ended within tick`), over);
    }
    // The table times each lane; the status gives the clock's step, a number of ms.
    await waitUntil(() => page.evaluate(() => !/timing…/.test(document.querySelector('#race [data-part="results-panel"]').textContent)), { timeout: 60_000, message: 'the timings' });
    const status = await page.textContent('#race [data-part="results-panel"]');
    const step = status.match(/whose step here is ([\d.]+) ms/);
    assert.ok(step && Number(step[1]) > 0 && Number(step[1]) <= 1, status);
    assert.match(status, /Brute force's time is the core's/);
    // And what the seed's own loop pays: every one of the 8^8 boards, timed.
    await waitUntil(() => page.evaluate(() => /seed's own loop/.test(document.querySelector('#race [data-part="results-panel"]').textContent)), { timeout: 30_000, message: 'the seed loop\'s time' });
    const withSeed = await page.textContent('#race [data-part="results-panel"]');
    const seed = withSeed.match(/The seed's own loop, testing all ([\d,]+) boards one by one, took ([\d.,]+) ms here \(×([\d,]+) the core's\)/);
    assert.ok(seed, withSeed);
    assert.equal(seed[1].replaceAll(',', ''), String(8 ** 8));
    assert.ok(Number(seed[3].replaceAll(',', '')) >= 1, 'the seed\'s loop is no faster than the shortcut');
    // A fast lane is the mean of many runs, and says so.
    assert.match(status, /mean of [\d,]+ runs/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
