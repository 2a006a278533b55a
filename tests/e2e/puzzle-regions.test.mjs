// Queens in regions, the page's side: `?mode=puzzle&kind=regions&n=&seed=`
// draws an N×N board cut into N regions (colours and thick borders), marks
// each square with its data-region, and is played as the classic puzzle is
// (hints in stages, the link, the daily puzzle, the finish); the solver's
// search can be watched on it. Every puzzle's solutions are enumerated here
// (one queen in each row, column and region, no two touching): exactly one.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness, waitUntil, browser, url, screenshot, schemeShown } from './helpers.mjs';
import { clickSquare, settled } from './puzzle-hooks.mjs';

after(closeHarness);

/** Every solution of the regions board holding `givens`: a queen a row, each column and region once, no two touching. */
function regionSolutions(n, regions, givens = []) {
  const fixed = new Map(givens.map((s) => [Math.floor(s / n), s % n]));
  const cols = [];
  const found = [];
  const usedCols = new Set();
  const usedRegions = new Set();
  const place = (row) => {
    if (row === n) { found.push(cols.map((c, r) => r * n + c)); return; }
    for (let c = 0; c < n; c++) {
      if (fixed.has(row) && fixed.get(row) !== c) continue;
      const region = regions[row * n + c];
      if (usedCols.has(c) || usedRegions.has(region)) continue;
      if (row > 0 && Math.abs(cols[row - 1] - c) <= 1) continue;
      cols.push(c); usedCols.add(c); usedRegions.add(region);
      place(row + 1);
      cols.pop(); usedCols.delete(c); usedRegions.delete(region);
    }
  };
  place(0);
  return found;
}

/** Whether this core has the regions exports (a core built without them skips these tests, saying so). */
const hasRegions = (page) => page.evaluate(() => typeof window.nqueens.wasm.regionsPuzzle === 'function');
const NO_REGIONS = 'this core has no regions exports (regionsPuzzle)';

const puzzleOf = (page) => page.evaluate(() => window.nqueens.puzzle);
const dataset = (page) => page.evaluate(() => ({ ...document.getElementById('puzzle').dataset }));

/** The RGBA of the board's pixel at (x, y) in cells. */
const pixel = (page, n, x, y) => page.evaluate(([n, x, y]) => {
  const canvas = document.getElementById('puzzle-board');
  const cell = canvas.width / n;
  return [...canvas.getContext('2d').getImageData(Math.floor(x * cell), Math.floor(y * cell), 1, 1).data];
}, [n, x, y]);

test('regions puzzles of every size: one solution each (enumerated here), each square with its region, borders between regions', async (t) => {
  const { page, errors } = await openPage('/?mode=puzzle&kind=regions&n=5&seed=1');
  try {
    if (!(await hasRegions(page))) return t.skip(NO_REGIONS);
    for (const [n, seed] of [[5, 1], [6, 2], [7, 3], [8, 4], [9, 5], [10, 6], [11, 7]]) {
      await page.goto(await url(`/?mode=puzzle&kind=regions&n=${n}&seed=${seed}`));
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      await settled(page);
      assert.equal((await dataset(page)).kind, 'regions');
      const puzzle = await puzzleOf(page);
      assert.equal(puzzle.n, n);
      assert.equal(puzzle.kind, 'regions');
      assert.equal(puzzle.regions.length, n * n);
      assert.deepEqual([...new Set(puzzle.regions)].sort((a, b) => a - b), [...Array(n).keys()], `${n}×${n}: N regions, numbered from 0`);
      assert.equal(regionSolutions(n, puzzle.regions, puzzle.givens).length, 1, `${n}×${n} seed ${seed}: exactly one solution`);
      const squares = await page.$$eval('#puzzle [data-region]', (cells) => cells.map((c) => [Number(c.dataset.square), Number(c.dataset.region)]));
      assert.deepEqual(squares.map(([, r]) => r), puzzle.regions, 'every square carries its data-region');
      // A border between two regions is drawn dark on the light board; inside a region there is none.
      await page.emulateMedia({ colorScheme: 'light' });
      await schemeShown(page, 'light');
      let across = null;
      let within = null;
      for (let s = 0; s < n * n && (!across || !within); s++) {
        if (s % n === n - 1 || puzzle.givens.includes(s) || puzzle.givens.includes(s + 1)) continue;
        if (puzzle.regions[s] !== puzzle.regions[s + 1]) across ??= s;
        else within ??= s;
      }
      if (across !== null) {
        const [r, g, b] = await pixel(page, n, (across % n) + 1, Math.floor(across / n) + 0.5);
        assert.ok(r + g + b < 240, `${n}×${n}: the border between regions is dark (${r},${g},${b})`);
      }
      if (within !== null && !puzzle.givens.length) {
        const [r, g, b] = await pixel(page, n, (within % n) + 1, Math.floor(within / n) + 0.5);
        assert.ok(r + g + b > 240, `${n}×${n}: no border inside a region (${r},${g},${b})`);
      }
    }
    await screenshot(page, 'puzzle-regions-11', { fullPage: false });
    assertNoErrors(errors, { allow: [/ERR_ABORTED/] });
  } finally {
    await page.close();
  }
});

for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`a regions puzzle at ${width}×${height}: hints in stages, sound; solved by clicks; its link names it`, async (t) => {
    const { page, errors } = await openPage('/?mode=puzzle&kind=regions&n=7&seed=11', { viewport: { width, height } });
    try {
      if (!(await hasRegions(page))) return t.skip(NO_REGIONS);
      await settled(page);
      const puzzle = await puzzleOf(page);
      const [solution] = regionSolutions(7, puzzle.regions, puzzle.givens);
      for (const stage of ['1', '2', '3']) {
        await page.click('#puzzle-hint');
        await waitUntil(async () => (await dataset(page)).hintStage === stage, { message: `stage ${stage}` });
      }
      const box = await page.locator('[data-part="hint-text"]').boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= height, 'the hint on screen');
      const { hintSquare, hintKind } = await dataset(page);
      const square = Number(hintSquare);
      if (hintKind === 'place') assert.ok(solution.includes(square), 'the queen it places is in the only solution');
      else assert.ok(!solution.includes(square), 'the square it rules out is not in the only solution');
      await screenshot(page, `puzzle-regions-hint-${width}`, { fullPage: false });
      // The hint under the board may have scrolled it up a little: the player scrolls back to it.
      await page.locator('#puzzle-board').scrollIntoViewIfNeeded();
      for (const s of solution) if (!puzzle.givens.includes(s)) await clickSquare(page, 7, Math.floor(s / 7), s % 7);
      const now = await settled(page);
      assert.equal(now.state, 'solved');
      await page.waitForSelector('[data-part="celebration"]:not([hidden])');
      await page.click('[data-part="copy-puzzle-link"]');
      const link = new URL(await page.getAttribute('[data-part="copy-puzzle-link"]', 'data-link'));
      assert.equal(link.searchParams.get('kind'), 'regions');
      assert.equal(link.searchParams.get('seed'), '11');
      assert.equal(link.searchParams.has('q'), false);
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  });
}

test('the daily regions puzzle is the same for two players, and has one solution', async (t) => {
  const day = '2026-11-25';
  const seen = [];
  for (const zone of ['Europe/Paris', 'Australia/Sydney']) {
    const context = await (await browser()).newContext({ viewport: { width: 1280, height: 800 }, timezoneId: zone });
    const page = await context.newPage();
    try {
      await page.goto(await url(`/?mode=puzzle&kind=regions&daily=${day}`));
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      await settled(page);
      if (!(await hasRegions(page))) return t.skip(NO_REGIONS);
      seen.push(await puzzleOf(page));
    } finally {
      await context.close();
    }
  }
  assert.deepEqual(seen[0], seen[1]);
  assert.equal(seen[0].kind, 'regions');
  assert.equal(seen[0].daily, day);
  assert.equal(regionSolutions(seen[0].n, seen[0].regions, seen[0].givens).length, 1);
});

test('the search can be watched on a regions puzzle, to its one solution', async (t) => {
  const { page, errors } = await openPage('/?mode=puzzle&kind=regions&n=6&seed=4');
  try {
    if (!(await hasRegions(page))) return t.skip(NO_REGIONS);
    await settled(page);
    const puzzle = await puzzleOf(page);
    const [solution] = regionSolutions(6, puzzle.regions, puzzle.givens);
    // The page's clock (timers and frames) is moved on by hand from here, so
    // that the search plays its hundreds of steps, a timer tick each, in moments.
    // Paused: it moves only when told, however long the machine takes between steps.
    await page.clock.install();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.click('[data-part="watch"]');
    await waitUntil(async () => Number((await dataset(page)).watchSteps ?? 0) > 0, { message: 'the search to start' });
    const steps = Number((await dataset(page)).watchSteps);
    await page.clock.runFor(250);
    assert.ok(Number((await dataset(page)).watchStep) > 0, 'the steps play one after another');
    assert.doesNotMatch(await page.textContent('[data-part="watch-text"]'), /found the solution/, 'not all at once');
    await page.clock.runFor(steps * 100);
    await waitUntil(async () => /found the solution/.test(await page.textContent('[data-part="watch-text"]')), { message: 'the search to end' });
    assert.equal(Number((await dataset(page)).watchStep), steps, 'every traced step was shown');
    assert.equal((await dataset(page)).shownQueens, solution.join(','), 'the search ends on the only solution');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
