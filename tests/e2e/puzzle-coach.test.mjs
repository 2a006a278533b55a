// Puzzle mode's coach as a learner needs it: why a
// board is a dead end (`#puzzle[data-dead-reason]` = attack or no-completion,
// judged here by a plain search), the coach switched off (`&coach=off`: no
// verdict until Check), the puzzle's own queens drawn apart from the
// learner's, and Clear mine / New empty board.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, assertNoErrors, closeHarness, waitUntil } from './helpers.mjs';
import { clickSquare, settled } from './puzzle-hooks.mjs';

after(closeHarness);

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');


const attacks = (a, b) => a[0] === b[0] || a[1] === b[1] || Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1]);

/** How many ways `queens` ([row, col] pairs, one per row from row 0) can be finished on n×n. */
function completions(n, queens) {
  const cols = queens.map(([, c]) => c);
  let count = 0;
  const place = (row) => {
    if (row === n) { count++; return; }
    for (let c = 0; c < n; c++) {
      if (cols.every((d, r) => !attacks([r, d], [row, c]))) { cols.push(c); place(row + 1); cols.pop(); }
    }
  };
  place(cols.length);
  return count;
}

/** Two queens on rows 1 and 2 of an 8×8 board that do not attack each other and cannot be finished. */
function doomedPair() {
  for (let a = 0; a < 8; a++) {
    for (let b = 0; b < 8; b++) {
      if (!attacks([0, a], [1, b]) && completions(8, [[0, a], [1, b]]) === 0) return [[0, a], [1, b]];
    }
  }
  return null;
}

test('an attacked queen and a legal but doomed queen are told apart', async () => {
  const doomed = doomedPair();
  assert.ok(doomed, 'some safe pair of queens has no completion');
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    // Attack: rows 1 and 4 on one diagonal.
    await clickSquare(page, 8, 0, 0);
    await clickSquare(page, 8, 3, 3);
    let now = await settled(page);
    assert.equal(now.state, 'dead');
    assert.equal(now.reason, 'attack');
    assert.match(now.coach, /row 1, column 1 and row 4, column 4 attack each other along a diagonal/);
    await page.click('#puzzle-clear');
    now = await settled(page);
    assert.equal(now.reason, null, 'no reason once the board is not dead');

    for (const [row, col] of doomed) await clickSquare(page, 8, row, col);
    now = await settled(page);
    assert.equal(now.state, 'dead');
    assert.equal(now.reason, 'no-completion', JSON.stringify(doomed));
    assert.match(now.coach, /no queen attacks another/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('coach off (&coach=off): no verdict until Check, and the link keeps the setting', async () => {
  const doomed = doomedPair();
  const { page, errors } = await openPage('/?mode=puzzle&n=8&coach=off');
  try {
    assert.equal(await page.isChecked('#puzzle-coach'), false);
    for (const [row, col] of doomed) await clickSquare(page, 8, row, col);
    let now = await settled(page);
    assert.equal(now.state, 'dead', 'the page knows');
    assert.equal(now.reason, null, 'but does not flag it');
    assert.match(now.coach, /^Coach off: 2 queens on the board\. Press Check/);
    assert.doesNotMatch(now.coach, /dead|way/i);
    await waitUntil(() => page.evaluate(() => /coach=off/.test(location.search)), { message: 'the link to keep coach=off' });
    await page.click('#puzzle-check');
    now = await settled(page);
    assert.equal(now.reason, 'no-completion', 'Check shows the verdict');
    assert.match(now.coach, /^Dead end/);
    // The learner backtracks: the verdict is hidden again for the new board.
    await page.click('#puzzle-undo');
    now = await settled(page);
    assert.equal(now.state, 'open');
    assert.match(now.coach, /^Coach off: 1 queen on the board/);
    // Coach on again: flagged as it happens, and the link drops the setting.
    await page.check('#puzzle-coach');
    await page.click('#puzzle-redo');
    now = await settled(page);
    assert.equal(now.reason, 'no-completion');
    await waitUntil(() => page.evaluate(() => !/coach=/.test(location.search)), { message: 'coach= to leave the link' });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test("a generated puzzle's queens look different from the learner's; Clear mine keeps them, New empty board does not", async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    await page.click('#new-puzzle');
    await settled(page);
    await waitUntil(() => page.evaluate(() => new URLSearchParams(location.search).has('g')), { message: 'the link to name the given queens' });
    const given = await page.evaluate(() => new URLSearchParams(location.search).get('g')?.split(',').map(Number) ?? []);
    assert.ok(given.length > 0, 'the puzzle gives queens');
    assert.equal((await page.locator('#puzzle-clear').textContent()).trim(), 'Clear mine');
    assert.equal(await page.locator('#puzzle-empty').isEnabled(), true);
    // A queen of the learner's on a row the puzzle left free, on a square of
    // the same colour as a given queen's.
    const rows = new Set(given.map((s) => Math.floor(s / 8)));
    const g = given[0];
    const free = [...Array(8).keys()].find((r) => !rows.has(r));
    const col = [...Array(8).keys()].find((c) => (free + c) % 2 === (Math.floor(g / 8) + (g % 8)) % 2);
    await clickSquare(page, 8, free, col);
    await settled(page);
    // The frame: a pixel near the bottom edge of the square, below the crown.
    const probe = (row, c) => page.evaluate(([row, c]) => {
      const canvas = document.getElementById('puzzle-board');
      const cell = canvas.width / 8;
      const x = Math.round((c + 0.5) * cell);
      const y = Math.round((row + 1) * cell - cell * 0.105);
      return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data);
    }, [row, c]);
    const givenPixel = await probe(Math.floor(g / 8), g % 8);
    const minePixel = await probe(free, col);
    assert.notDeepEqual(givenPixel, minePixel, 'a given queen is framed, the learner\'s is not');
    const label = await page.locator('#puzzle-board').getAttribute('aria-label');
    assert.match(label, /\(given\)/);
    assert.match(label, new RegExp(`row ${free + 1}, column ${col + 1}(?! \\(given\\))`));

    await page.click('#puzzle-clear');
    await settled(page);
    await waitUntil(() => page.evaluate((g) => window.nqueens.puzzle.queens.join(',') === g, given.join(',')), { message: 'Clear mine keeps the given queens' });
    assert.equal(await page.evaluate(() => new URLSearchParams(location.search).get('g')), given.join(','), 'the link names the puzzle');
    assert.equal(await page.evaluate(() => new URLSearchParams(location.search).has('q')), false, 'and never the player\'s queens');
    await page.click('#puzzle-empty');
    const now = await settled(page);
    assert.equal(now.state, 'empty');
    assert.equal(await page.locator('#puzzle-empty').isEnabled(), false, 'no puzzle to leave');
    assert.equal(await page.locator('#puzzle-empty').isVisible(), true, 'the button keeps its place');
    assert.equal((await page.locator('#puzzle-clear').textContent()).trim(), 'Clear');

    await page.addScriptTag({ path: AXE });
    const result = await page.evaluate(() => window.axe.run(document.getElementById('puzzle')));
    assert.deepEqual(result.violations.map((v) => v.id), []);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

/** Whether the queens (squares of the n×n board) can be finished: a plain row-by-row search. */
function finishes(n, squares) {
  const byRow = new Map(squares.map((s) => [Math.floor(s / n), s % n]));
  if (byRow.size !== squares.length) return false;
  const cols = [];
  const place = (row) => {
    if (row === n) return true;
    for (let c = 0; c < n; c++) {
      if (byRow.has(row) && byRow.get(row) !== c) continue;
      if (cols.some((d, r) => attacks([r, d], [row, c]))) continue;
      cols.push(c);
      if (place(row + 1)) return true;
      cols.pop();
    }
    return false;
  };
  return place(0);
}

test('the queen to move on a daily\'s dead end is the player\'s, never a given one (2026-11-27, 2026-11-28), with Check and with the coach on', async () => {
  // As the player met them: 2026-11-27 with Check, 2026-11-28 with the coach on.
  for (const [day, row, col, coaches] of [['2026-11-27', 0, 1, ['off']], ['2026-11-28', 0, 0, ['on']]]) {
    for (const coach of coaches) {
      const { page, errors } = await openPage(`/?mode=puzzle&daily=${day}&coach=${coach}`);
      try {
        await settled(page);
        const { n, givens } = await page.evaluate(() => window.nqueens.puzzle);
        const mine = row * n + col;
        assert.ok(!givens.includes(mine));
        assert.equal(finishes(n, [...givens, mine]), false, `${day}: a queen on row ${row + 1}, column ${col + 1} leaves no way to finish (searched here)`);
        await clickSquare(page, n, row, col);
        await settled(page);
        if (coach === 'off') await page.click('#puzzle-check');
        await waitUntil(() => page.evaluate(() => document.getElementById('puzzle').dataset.culprit !== undefined), { message: `${day}: the queen to move is named` });
        const culprit = Number(await page.evaluate(() => document.getElementById('puzzle').dataset.culprit));
        assert.equal(culprit, mine, `${day}, coach ${coach}: the player's own queen is the one to move, not the given ${culprit}`);
        assert.match(await page.textContent('#coach'), new RegExp(`The queen on row ${row + 1}, column ${col + 1} is the one to move\\.`));
        assertNoErrors(errors);
      } finally {
        await page.close();
      }
    }
  }
});
