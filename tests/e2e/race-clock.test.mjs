// Race mode read as a student reads it: why
// permutations starts far ahead (its share worked out here from 8! and 8^8),
// what the wall clock measures and how finely, ties said as ties, brute
// force's shortcut said plainly, and each lane's mark whole (it wraps
// onto a second line kept for it, never cut).

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness, waitUntil } from './helpers.mjs';
import { ended } from './race-hooks.mjs';

after(closeHarness);

const factorial = (n) => { let f = 1n; for (let k = 2n; k <= BigInt(n); k++) f *= k; return f; };

test('permutations says why it starts at 99.75 % ruled out, and every lane mark is whole in the two lines kept for it', async () => {
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
      // Run to the end: the longest marks ("✓ 5th · done at …") are whole, in the two lines
      // kept for them from the start, so the boards under them never move.
      const before = await page.$$eval('#race .lane-mark', (ps) => ps.map((p) => p.getBoundingClientRect().height));
      await page.keyboard.press('End');
      await ended(page, 60_000);
      const marks = await page.$$eval('#race .lane-mark', (ps) => ps.map((p) => {
        const line = parseFloat(getComputedStyle(p).lineHeight) || parseFloat(getComputedStyle(p).fontSize) * 1.3;
        return { text: p.textContent, height: p.getBoundingClientRect().height, line, cut: p.scrollWidth > p.clientWidth || p.scrollHeight > p.clientHeight + 1 };
      }));
      marks.forEach((m, i) => {
        assert.ok(m.height <= m.line * 2.5, `${width} px: "${m.text}" takes at most two lines (${m.height} px for a line of ${m.line})`);
        assert.ok(Math.abs(m.height - before[i]) < 0.5, `${width} px: "${m.text}" keeps the height it had at the start (${before[i]} → ${m.height})`);
        assert.equal(m.cut, false, `${width} px: "${m.text}" is not cut`);
      });
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
    assert.match(brute, /Shortcut: this version settles whole blocks of boards/);
    await page.keyboard.press('End');
    await ended(page, 60_000);
    const over = await page.textContent('#race [data-part="message"], #race .status');
    assert.match(over, /1 ms of search a tick/);
    // Lanes ending in the same tick are called a tie, by name.
    const finish = await page.$$eval('#race .race-lane', (els) => els.map((l) => [l.querySelector('.lane-name').textContent.trim(), Number(l.dataset.finish)]));
    const byTick = new Map();
    for (const [name, at] of finish) byTick.set(at, [...(byTick.get(at) ?? []), name]);
    for (const names of byTick.values()) {
      // Two lanes "both" end, more "all" do, listed as prose lists them.
      const list = names.length < 3 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
      if (names.length > 1) assert.match(over, new RegExp(`${list} ${names.length === 2 ? 'both' : 'all \\w+'} ended within tick`), over);
    }
    assert.doesNotMatch(over, / and [^;.]* and [^;.]* both ended/, 'never "A and B and C both"');
    // The table times each lane; the status gives the clock's step, a number of ms.
    await waitUntil(() => page.evaluate(() => !/timing…/.test(document.querySelector('#race [data-part="results-panel"]').textContent)), { timeout: 60_000, message: 'the timings' });
    const status = await page.textContent('#race [data-part="results-panel"]');
    const step = status.match(/whose step here is ([\d.]+) ms/);
    assert.ok(step && Number(step[1]) > 0 && Number(step[1]) <= 1, status);
    assert.match(status, /Brute force's time is not that of the loop you watch: it is measured on a shortcut/);
    const bruteTime = await page.textContent('#race-results tr[data-lane="brute-force"] td[data-label="Time"]');
    assert.match(bruteTime, /with the table shortcut/, 'the shortcut is named where brute force\'s time is shown');
    // And what the source's own loop pays: every one of the 8^8 boards, timed.
    await waitUntil(() => page.evaluate(() => /original program's loop/.test(document.querySelector('#race [data-part="results-panel"]').textContent)), { timeout: 30_000, message: 'the source loop\'s time' });
    const withSeed = await page.textContent('#race [data-part="results-panel"]');
    const seed = withSeed.match(/The original program's loop \(source 000\), testing all ([\d,]+) boards one by one, took ([\d.,]+) ms here \(×([\d,]+) the shortcut's\)/);
    assert.ok(seed, withSeed);
    assert.equal(seed[1].replaceAll(',', ''), String(8 ** 8));
    assert.ok(Number(seed[3].replaceAll(',', '')) >= 1, 'the source\'s loop is no faster than the shortcut');
    // A fast lane is the mean of many runs, and says so.
    assert.match(status, /mean of [\d,]+ runs/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
