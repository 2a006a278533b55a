// Puzzle mode's dailies over a week, with the page's clock fixed on each day
// (page.clock): both kinds played and solved by clicks, each solution
// enumerated here; the streak of each kind counts only dailies solved on their
// own date (a backfilled day is kept in the archive, never in the streak), the
// stats and the archive follow, a solved daily reopens as solved with "Play
// again (not counted)", a date still to come is not out yet, the share text
// gives nothing away, and a returning player with a streak opens on today's
// puzzle. The expected streaks are counted here by walking the days.
// test group: slow (scripts/test.sh): a week of dailies of both kinds, each solved by clicks.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, closeHarness, url, waitUntil } from './helpers.mjs';
import { clickSquare, settled } from './puzzle-hooks.mjs';

after(closeHarness);

/** Whether queens on a and b clash: classic (row, column, diagonal) or regions (row, column, region, touching). */
function clash(n, regions, a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
  if (ra === rb || ca === cb) return true;
  if (regions) return regions[a] === regions[b] || (Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1);
  return Math.abs(ra - rb) === Math.abs(ca - cb);
}

/** Every completion of the given queens, as squares row by row. */
function completions(n, regions, given) {
  const out = [];
  const placed = [];
  const place = (row) => {
    if (row === n) return void out.push([...placed]);
    for (let col = 0; col < n; col++) {
      const s = row * n + col;
      const fixed = given.find((g) => Math.floor(g / n) === row);
      if (fixed !== undefined && fixed !== s) continue;
      if (placed.some((q) => clash(n, regions, q, s))) continue;
      placed.push(s);
      place(row + 1);
      placed.pop();
    }
  };
  place(0);
  return out;
}

const puzzleOf = (page) => page.evaluate(() => window.nqueens.puzzle);
const back = (d) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The streak counted the plain way: back from today (or yesterday), each day solved on that very date. */
function walkedStreak(log, kind, today) {
  const on = (d) => log.some((e) => e.kind === kind && e.day === d && e.on === d);
  let day = on(today) ? today : back(today);
  let run = 0;
  while (on(day)) { run++; day = back(day); }
  return run;
}

/** Opens a daily on `today` (the page's clock fixed at 09:00 UTC that day). */
async function open(page, today, path) {
  await page.clock.setFixedTime(new Date(`${today}T09:00:00Z`));
  await page.goto(await url(path));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  return settled(page);
}

/** Solves the puzzle shown by clicks, 75 seconds after it was opened; its celebration's words. */
async function solve(page, today) {
  const { n, givens, regions } = await puzzleOf(page);
  const ways = completions(n, regions, givens);
  assert.equal(ways.length, 1, 'one way to finish it (enumerated here)');
  await page.clock.setFixedTime(new Date(`${today}T09:01:15Z`));
  for (const s of ways[0]) if (!givens.includes(s)) await clickSquare(page, n, Math.floor(s / n), s % n);
  await page.waitForSelector('[data-part="celebration"]:not([hidden])');
  return page.textContent('[data-part="celebration-text"]');
}

test('a week of dailies: per-kind streaks on their own dates only, the archive, stats, solved dailies reopened, a future date, the share text', async () => {
  const context = await (await browser()).newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'UTC' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
  /** @type {{ kind: string, day: string, on: string }[]} */
  const log = [];
  try {
    for (const today of week) {
      // Classic every day; regions every day but Thursday, whose regions daily is played on Saturday instead.
      const plays = [['classic', today]];
      if (today !== '2026-11-19') plays.push(['regions', today]);
      if (today === '2026-11-21') plays.push(['regions', '2026-11-19']);
      for (const [kind, day] of plays) {
        await open(page, today, `/?mode=puzzle${kind === 'regions' ? '&kind=regions' : ''}&daily=${day}`);
        const said = await solve(page, today);
        log.push({ kind, day, on: today });
        assert.match(said, /in 1:15, with no hint\./, `${kind} ${day}: the time on the fixed clock`);
        const streak = walkedStreak(log, kind, today);
        if (day === today) assert.match(said, new RegExp(`Your ${kind} streak: ${streak} days? in a row\\.`), `${kind} ${day}`);
        else assert.match(said, /only a daily solved on its own date adds to the streak/, `${kind} ${day} played on ${today}`);
        const text = await page.evaluate(() => ({ ...document.querySelector('[data-part="daily-text"]').dataset }));
        assert.equal(Number(text.streak), walkedStreak(log, 'classic', today), `classic streak on ${today}`);
        assert.equal(Number(text.streakRegions), walkedStreak(log, 'regions', today), `regions streak on ${today}`);
      }
    }
    const today = week[6];
    assert.equal(walkedStreak(log, 'classic', today), 7);
    assert.equal(walkedStreak(log, 'regions', today), 3, 'Friday to Sunday: Thursday, played late, breaks it');
    // The archive: each day of the week, per kind, solved on its date, late, or not played.
    const archive = await page.evaluate(() => [...document.querySelectorAll('[data-part="archive"] li')].map((li) => ({
      day: li.dataset.day, ...Object.fromEntries([...li.querySelectorAll('a')].map((a) => [a.dataset.kind, a.dataset.result])),
    })));
    for (const day of week) {
      const row = archive.find((r) => r.day === day);
      assert.equal(row.classic, 'solved', `${day} classic in the archive`);
      assert.equal(row.regions, day === '2026-11-19' ? 'late' : 'solved', `${day} regions in the archive`);
    }
    assert.equal(archive.find((r) => r.day === '2026-11-15').classic, 'none');
    const stats = await page.evaluate(() => [...document.querySelectorAll('[data-part="stats"] li')].map((li) => li.textContent));
    assert.match(stats[0], /^Classic: 7 played, 7 solved\. Best time 1:15, average 1:15\. No hints per puzzle\. Streak 7 days, best 7 days\.$/);
    assert.match(stats[1], /^Regions: 7 played, 7 solved\..* Streak 3 days, best 3 days\.$/);

    // A solved daily reopens as solved, with its time; Play again is not counted.
    await open(page, today, '/?mode=puzzle&daily=2026-11-20');
    assert.equal((await settled(page)).state, 'solved');
    await page.waitForSelector('[data-part="celebration"]:not([hidden])');
    assert.match(await page.textContent('[data-part="celebration-text"]'), /in 1:15, with no hint\./);
    // Share: the date, the kind, the time, the hints, a grid with no queen, the link.
    await page.click('[data-part="share"]');
    await page.waitForSelector('[data-part="share-text"]:not([hidden])');
    const share = await page.textContent('[data-part="share-text"]');
    const { n, givens } = await puzzleOf(page);
    const lines = share.split('\n');
    assert.equal(lines[0], 'N-Queens daily classic puzzle, 2026-11-20');
    assert.equal(lines[1], 'Solved in 1:15 with no hint.');
    assert.equal(lines.length, 2 + n + 1);
    assert.ok(lines.slice(2, 2 + n).every((row) => [...row].length === n && /^[⬜⬛]+$/u.test(row)), 'a plain grid, no queen on it');
    assert.equal(new URL(lines[2 + n]).search, '?mode=puzzle&daily=2026-11-20', 'the link opens the same puzzle');
    await waitUntil(() => page.evaluate(() => document.querySelector('[data-part="share-text"]').dataset.copied === 'yes'), { message: 'copied' });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), share);
    await page.click('[data-part="play-again"]');
    assert.deepEqual((await puzzleOf(page)).queens, givens, 'played again from the puzzle\'s own queens');
    const again = await solve(page, today);
    assert.match(again, /Played again: not counted\./);
    const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('nqueens-puzzle-dailies')));
    assert.equal(kept.solved.classic['2026-11-20'].solvedOn, '2026-11-20', 'the first solve stands');

    // A date still to come is not out yet: today's is played instead.
    await open(page, today, '/?mode=puzzle&daily=2026-11-23');
    assert.equal((await puzzleOf(page)).daily, today);
    assert.match(await page.textContent('[data-part="note"]'), /The daily puzzle of 2026-11-23 is not out yet/);

    // The next day, a returning player with a streak opens on that day's puzzle.
    await open(page, '2026-11-23', '/?mode=puzzle');
    assert.equal((await puzzleOf(page)).daily, '2026-11-23');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
