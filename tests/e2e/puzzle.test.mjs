// End-to-end tests of puzzle mode: a whole game by keyboard alone, a
// dead board and the queen to move, links that round-trip, generated puzzles,
// "let an algorithm finish this", fixed queens in visualizer links, the
// visualizer's predict toggle, the time budget at 20×20, axe-core in light and
// dark, and screenshots (test-results/screenshots/puzzle-*.png).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, revisit, assertNoErrors, screenshot, closeHarness, waitUntil, schemeShown } from './helpers.mjs';
import { axeViolations, clickSquare, settled } from './puzzle-hooks.mjs';

after(closeHarness);

test('a whole 8-queens game by keyboard alone, to "solved", with undo and redo', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    assert.equal(await page.locator('#visualizer').isVisible(), false, 'the visualizer is hidden in puzzle mode');
    let now = await settled(page);
    assert.equal(now.state, 'empty');
    assert.equal(now.completions, '92');

    // Tab to the board.
    for (let i = 0; i < 16 && (await page.evaluate(() => document.activeElement?.id)) !== 'puzzle-board'; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'puzzle-board', 'Tab reaches the board');
    assert.ok(await page.locator('[data-part="cursor"]').isVisible(), 'the cursor shows while the board has focus');

    // The first solution in row order: 0 4 7 5 2 6 1 3. The cursor starts on row 1, column 1.
    const solution = [0, 4, 7, 5, 2, 6, 1, 3];
    let col = 0;
    for (const [row, want] of solution.entries()) {
      for (; col < want; col++) await page.keyboard.press('ArrowRight');
      for (; col > want; col--) await page.keyboard.press('ArrowLeft');
      await page.keyboard.press(row % 2 ? 'Space' : 'Enter');
      now = await settled(page);
      if (row < 7) {
        assert.equal(now.state, 'open', `after row ${row + 1}`);
        assert.ok(Number(now.completions) >= 1, `row ${row + 1}: still completable`);
        await page.keyboard.press('ArrowDown');
      }
    }
    assert.equal(now.state, 'solved');
    assert.equal(now.completions, '1');
    assert.equal(now.coach, 'Solved! The 8×8 board has 92 solutions in all; a search that fills the rows from the top, trying columns from the left, finds yours 1st. Turning and mirroring it gives 8 different boards, this one among them.');
    await screenshot(page, 'puzzle-solved', { fullPage: false });

    await page.keyboard.press('Control+z');
    now = await settled(page);
    assert.equal(now.state, 'open');
    assert.equal(now.completions, '1');
    assert.match(now.coach, /can still be completed in 1 way\./);
    await page.keyboard.press('Control+y');
    assert.equal((await settled(page)).state, 'solved');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a dead board: the coach names the queen to move, and a hint says so too', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    await clickSquare(page, 8, 0, 0);
    assert.equal((await settled(page)).state, 'open');
    await clickSquare(page, 8, 1, 4);
    await clickSquare(page, 8, 2, 7);
    await waitUntil(() => page.evaluate(() => location.search === '?mode=puzzle&n=8&q=0,12,23'), { message: 'the URL to follow' });
    let now = await settled(page);
    assert.equal(now.completions, '1');
    // A queen on the diagonal of the first: a conflict, shown with its line of attack.
    await clickSquare(page, 8, 3, 3);
    now = await settled(page);
    assert.equal(now.state, 'dead');
    assert.equal(now.completions, '0');
    assert.equal(now.coach, 'Dead end: the queens on row 1, column 1 and row 4, column 4 attack each other along a diagonal. The queen on row 4, column 4 is the one to move.');
    const named = now.coach.match(/row (\d+), column (\d+)/).slice(1).map(Number);
    await screenshot(page, 'puzzle-dead', { fullPage: false });

    await page.click('#puzzle-hint');
    assert.match(await page.locator('#puzzle-note').textContent(), /first move the queen on row \d+, column \d+/);

    // Taking off the queen it named brings the board back to life.
    await clickSquare(page, 8, named[0] - 1, named[1] - 1);
    now = await settled(page);
    assert.equal(now.state, 'open', `after taking off row ${named[0]}, column ${named[1]}`);
    assert.ok(Number(now.completions) > 0);

    // A hint is a deduction (or, where no rule applies, the solver's square), with its reason;
    // a queen it places keeps a completion, a square it rules out is not flagged by the coach.
    await page.click('#puzzle-hint');
    await waitUntil(() => page.evaluate(() => 'hintSquare' in document.getElementById('puzzle').dataset), { message: 'a hint' });
    assert.match(await page.locator('[data-part="hint-stage"]').textContent(), /^Hint( 1 of 3)? · \S/);
    assert.match(await page.locator('[data-part="hint-text"]').textContent(), /\S/);
    const { hintSquare, hintKind } = await page.evaluate(() => ({ ...document.getElementById('puzzle').dataset }));
    const hint = [Math.floor(Number(hintSquare) / 8) + 1, (Number(hintSquare) % 8) + 1];
    if (hintKind === 'place') {
      await clickSquare(page, 8, hint[0] - 1, hint[1] - 1);
      now = await settled(page);
      assert.ok(Number(now.completions) > 0, 'the hinted square keeps a completion');
    } else {
      const box = await page.locator('#puzzle-board').boundingBox();
      await page.mouse.click(box.x + ((hint[1] - 0.5) * box.width) / 8, box.y + ((hint[0] - 0.5) * box.height) / 8, { button: 'right' });
      await settled(page);
      assert.equal(await page.evaluate(() => document.getElementById('puzzle').dataset.wrongMarks ?? null), null, 'the square ruled out is not one a completion needs');
    }

    // Clear takes every queen off.
    await page.click('#puzzle-clear');
    assert.equal((await settled(page)).state, 'empty');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a puzzle link round-trips through the URL; a malformed one gives a sentence and a default', async () => {
  let { page, errors } = await openPage('/?mode=puzzle&n=6&q=1,9');
  let link;
  try {
    let now = await settled(page);
    assert.equal(await page.locator('#puzzle-n').inputValue(), '6');
    assert.equal(now.state, 'open');
    await clickSquare(page, 6, 2, 5);
    now = await settled(page);
    await waitUntil(() => page.evaluate(() => location.search.includes('q=1,9,17')), { message: 'the URL to follow' });
    link = await page.evaluate(() => location.pathname + location.search);
    assert.equal(link, '/?mode=puzzle&n=6&q=1,9,17');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }

  ({ page, errors } = await openPage(link));
  try {
    const now = await settled(page);
    assert.match(await page.locator('#puzzle-board').getAttribute('aria-label'), /^6×6 puzzle board, 3 queens: row 1, column 2; row 2, column 4; row 3, column 6\./);
    assert.equal(now.search, '?mode=puzzle&n=6&q=1,9,17');
    // The tabs: to the visualizer (the URL is its own again) and back.
    await page.click('#tab-visualizer');
    assert.ok(await page.locator('#board').isVisible());
    await waitUntil(() => page.evaluate(() => /algo=/.test(location.search) && !/mode=/.test(location.search)), { message: 'the visualizer URL' });
    await page.click('#tab-puzzle');
    await waitUntil(() => page.evaluate(() => location.search === '?mode=puzzle&n=6&q=1,9,17'), { message: 'the puzzle URL again' });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }

  for (const [path, expect] of [
    ['/?mode=puzzle&n=99&q=3', /board size n=99 is not a whole number from 4 to 20/],
    ['/?mode=puzzle&n=8&q=1,x,7', /q=1,x,7 is not a list of squares from 0 to 63/],
    ['/?mode=puzzle&n=5&q=1,99', /from 0 to 24/],
    ['/?mode=puzzle&q=1,2&g=3', /not on the board/],
    ['/?mode=puzzel', /mode “puzzel”, which doesn't exist/],
  ]) {
    // The bad links one after another in one tab.
    if (path.endsWith('n=99&q=3')) ({ page, errors } = await openPage(path));
    else await revisit(page, path);
    assert.match(await page.locator('#error').textContent(), expect, path);
    assert.equal(await page.locator('#board:visible, #puzzle-board:visible').count(), 1, `${path}: a board is shown`);
    assertNoErrors(errors);
  }
  await page.close();
});

test('a generated puzzle has exactly one completion; its queens stay put', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    await page.selectOption('#puzzle-difficulty', 'hard');
    await page.click('#new-puzzle');
    await waitUntil(() => page.evaluate(() => location.search.includes('&g=')), { message: 'the puzzle in the URL' });
    const now = await settled(page);
    assert.equal(now.completions, '1');
    assert.equal(now.state, 'open');
    assert.match(await page.locator('#puzzle-caption').textContent(), /^Puzzle 8×8, hard, seed \d+/);
    const given = now.search.match(/g=([\d,]+)/)[1].split(',').map(Number);
    assert.match(now.search, /^\?mode=puzzle&n=8&level=hard&seed=\d+&g=[\d,]+$/, 'the link names the puzzle: its size, level, seed and queens');
    assert.deepEqual(await page.evaluate(() => window.nqueens.puzzle.queens), given);
    await clickSquare(page, 8, Math.floor(given[0] / 8), given[0] % 8);
    assert.match(await page.locator('#puzzle-note').textContent(), /part of the puzzle/);
    assert.equal((await settled(page)).completions, '1');

    // N outside the core's generated sizes gives an 8×8 puzzle and says why.
    const { generatedMinN: min, generatedMaxN: max } = await page.evaluate(() => window.nqueens.wasm.limits());
    assert.ok(15 > max, 'the size asked for is one the core does not generate');
    await page.selectOption('#puzzle-n', '15');
    await page.click('#new-puzzle');
    assert.equal((await settled(page)).completions, '1');
    assert.equal(await page.locator('#puzzle-n').inputValue(), '8');
    assert.equal(await page.locator('#puzzle-note').textContent(), `Puzzles come in sizes ${min}×${min} to ${max}×${max}, so this one is 8×8.`);
    assert.match(await page.locator('[data-part="generated-note"]').textContent(), new RegExp(`\\(${min}×${min} to ${max}×${max}\\)\\.$`));
    // The smallest size the core generates is offered too, at the levels it
    // offers there (every size offers easy; the 4×4 board has no hard puzzle).
    const levels = await page.evaluate((min) => window.nqueens.wasm.puzzleLevels(min), min);
    assert.ok(levels.includes('easy'), `the ${min}×${min} levels: ${levels}`);
    await page.selectOption('#puzzle-n', String(min));
    await page.selectOption('#puzzle-difficulty', 'easy');
    await page.click('#new-puzzle');
    await waitUntil(() => page.evaluate((min) => new URLSearchParams(location.search).get('n') === String(min) && location.search.includes('&g='), min), { message: `a ${min}×${min} puzzle in the URL` });
    assert.equal((await settled(page)).completions, '1');
    assert.match(await page.locator('#puzzle-caption').textContent(), new RegExp(`^Puzzle ${min}×${min}, easy, seed \\d+`));
    // A level the size does not offer: the nearest size that does, said in a sentence.
    if (!levels.includes('hard')) {
      const hardAt = await page.evaluate(([min, max]) => { for (let n = min; n <= max; n++) if (window.nqueens.wasm.puzzleLevels(n).includes('hard')) return n; return null; }, [min, max]);
      await page.selectOption('#puzzle-difficulty', 'hard');
      await page.selectOption('#puzzle-n', String(min));
      await page.click('#new-puzzle');
      await waitUntil(() => page.evaluate((n) => new URLSearchParams(location.search).get('n') === String(n) && location.search.includes('&g='), hardAt), { message: `a ${hardAt}×${hardAt} hard puzzle` });
      assert.equal((await settled(page)).completions, '1');
      assert.match(await page.locator('#puzzle-note').textContent(), new RegExp(`^Hard puzzles come in sizes ${hardAt}×${hardAt} to ${max}×${max}, so this one is ${hardAt}×${hardAt}\\.$`));
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('"let an algorithm finish this" opens the visualizer on the fixed queens', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8&q=0,12');
  try {
    await settled(page);
    await page.selectOption('#finish-algorithm', 'bitwise');
    await page.click('#finish');
    assert.ok(await page.locator('#visualizer').isVisible());
    assert.equal(await page.locator('#puzzle').isVisible(), false);
    const queens = await page.evaluate(() => [...window.nqueens.session.queens()]);
    assert.deepEqual(queens, [0, 4, -1, -1, -1, -1, -1, -1]);
    assert.equal(await page.evaluate(() => window.nqueens.session.algorithm), 'bitwise');
    assert.equal(await page.locator('#algorithm').inputValue(), 'bitwise');
    assert.match(await page.locator('#message').textContent(), /^Your queens are fixed\. Press Play or Space to watch Bitwise .* fill the other 6 rows\.$/);
    await waitUntil(() => page.evaluate(() => location.search === '?algo=bitwise&n=8&q=0,12'), { message: 'the visualizer URL with the fixed queens' });
    // It searches the rest: the next solution holds both queens.
    await page.click('#next-solution');
    await waitUntil(() => page.evaluate(() => window.nqueens.session.solutionCount >= 1), { message: 'a solution' });
    const found = await page.evaluate(() => [...window.nqueens.session.queens()]);
    assert.equal(found[0], 0);
    assert.equal(found[1], 4);
    await screenshot(page, 'puzzle-finish', { fullPage: false });

    // Two queens in one row: it says why it cannot, and stays.
    await page.click('#tab-puzzle');
    await clickSquare(page, 8, 0, 5);
    await settled(page);
    await page.click('#finish');
    assert.match(await page.locator('#puzzle-note').textContent(), /share row 1/);
    assert.ok(await page.locator('#puzzle').isVisible());
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a visualizer link keeps fixed queens; one that cannot gives a sentence and the empty board', async () => {
  let { page, errors } = await openPage('/?algo=backtracking&n=6&q=1,9');
  try {
    assert.deepEqual(await page.evaluate(() => [...window.nqueens.session.queens()]), [1, 3, -1, -1, -1, -1]);
    // Another search that takes fixed queens keeps them; N changes drop them.
    await page.selectOption('#algorithm', 'bitwise');
    assert.deepEqual(await page.evaluate(() => [...window.nqueens.session.queens()]), [1, 3, -1, -1, -1, -1]);
    await waitUntil(() => page.evaluate(() => location.search === '?algo=bitwise&n=6&q=1,9'), { message: 'the URL to keep q' });
    await page.selectOption('#algorithm', 'permutations');
    assert.deepEqual(await page.evaluate(() => [...window.nqueens.session.queens()].filter((c) => c >= 0)), []);
    await waitUntil(() => page.evaluate(() => !location.search.includes('q=')), { message: 'the URL to drop q' });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
  let reused = false;
  for (const [path, expect] of [
    ['/?algo=brute-force&n=6&q=1', /Brute force .*cannot start from fixed queens/],
    ['/?algo=bitwise&n=6&q=1,2', /two queens in one row/],
    ['/?algo=bitwise&n=6&q=1,36', /not a list of squares from 0 to 35/],
  ]) {
    if (reused) await revisit(page, path);
    else ({ page, errors } = await openPage(path));
    reused = true;
    assert.match(await page.locator('#error').textContent(), expect, path);
    assert.deepEqual(await page.evaluate(() => [...window.nqueens.session.queens()].filter((c) => c >= 0)), [], path);
    assertNoErrors(errors);
  }
  await page.close();
});

test('predict: a click on the board guesses the square the next step looks at', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=6');
  try {
    await page.check('#predict');
    assert.match(await page.locator('#message').textContent(), /^Predict: click the square/);
    const click = async (row, col) => {
      await page.locator('#board').scrollIntoViewIfNeeded();
      const box = await page.locator('#board').boundingBox();
      await page.mouse.click(box.x + ((col + 0.5) * box.width) / 6, box.y + ((row + 0.5) * box.height) / 6);
    };
    await click(0, 0); // backtracking's first step places a queen on row 1, column 1
    assert.match(await page.locator('#message').textContent(), /^Right! .*\(1 of 1 right\)$/);
    await click(0, 0); // the second tries row 2, column 2
    assert.match(await page.locator('#message').textContent(), /^Not this time: you chose row 1, column 1\. .*\(1 of 2 right\)$/);
    assert.equal(await page.evaluate(() => window.nqueens.session.stepIndex), 2);
    // Off, a click does nothing.
    await page.uncheck('#predict');
    await click(3, 3);
    assert.equal(await page.evaluate(() => window.nqueens.session.stepIndex), 2);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a nearly empty 20×20 board: the count runs out of time, the page does not freeze', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=20&q=0');
  try {
    // The page answers while the worker counts.
    const started = Date.now();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
    assert.ok(Date.now() - started < 1000, 'a frame while counting');
    const now = await settled(page);
    assert.equal(now.state, 'open');
    assert.equal(now.completions, undefined);
    assert.equal(now.coach, 'This board can still be completed in at least one way (too many to count in time).');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('puzzle view: axe-core finds nothing, light or dark; screenshots at desktop and phone sizes', async () => {
  const found = [];
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const { page, errors } = await openPage('/?mode=puzzle&n=8&q=0,9,20', { viewport: { width, height } });
    try {
      await settled(page);
      await page.locator('#puzzle-board').focus();
      await page.keyboard.press('ArrowDown');
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        await schemeShown(page, colorScheme);
        await screenshot(page, `puzzle-${width}x${height}-${colorScheme}`, { fullPage: width < 800 });
        found.push(...(await axeViolations(page, [colorScheme])).map((line) => `${width}×${height} ${line}`));
      }
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
  assert.deepEqual(found, [], `axe found:\n  ${found.join('\n  ')}`);
});
