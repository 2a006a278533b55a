// Puzzle mode as a game: the puzzle's link (the puzzle alone, never the
// player's queens), the daily puzzle (the same for every player on a date, a
// new one each day, the level by weekday), the clock, hints used, the streak
// and the finish; a hint in three stages, beside the board at 1280×800 and
// under it at 390×844, by mouse, keyboard and touch; the coach off by
// default on a generated puzzle; the attack shading a setting; a dead end's
// queen to move; New puzzle on a phone. Each puzzle's completions are
// enumerated here, and each hint's conclusion checked against them.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness, waitUntil, browser, url, urlWhen, screenshot } from './helpers.mjs';
import { ABORTED, clickSquare, settled } from './puzzle-hooks.mjs';
import { attacked, completionsOf } from '../common/plain.mjs';

after(closeHarness);

const puzzleOf = (page) => page.evaluate(() => window.nqueens.puzzle);
const dataset = (page) => page.evaluate(() => ({ ...document.getElementById('puzzle').dataset }));

/** Places the queens of `solution` the puzzle did not give, by clicks. */
async function placeRest(page, n, solution, givens) {
  for (const s of solution) {
    if (givens.includes(s)) continue;
    await clickSquare(page, n, Math.floor(s / n), s % n);
  }
  await waitUntil(async () => (await puzzleOf(page)).queens.length === n, { message: 'every queen placed' });
  return settled(page);
}

/** How many distinct colours the inside of a square has (the queen-free middle band of it). */
const squareColours = (page, n, square) => page.evaluate(([n, square]) => {
  const canvas = document.getElementById('puzzle-board');
  const cell = canvas.width / n;
  const x0 = Math.floor((square % n) * cell + cell * 0.2);
  const y0 = Math.floor(Math.floor(square / n) * cell + cell * 0.2);
  const side = Math.floor(cell * 0.6);
  const data = canvas.getContext('2d').getImageData(x0, y0, side, side).data;
  const seen = new Set();
  for (let i = 0; i < data.length; i += 4) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
  return seen.size;
}, [n, square]);

test('Copy puzzle link names the puzzle alone; a link shared from a solved board opens the puzzle, not "Solved!"', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    await page.selectOption('#puzzle-difficulty', 'medium');
    await page.click('#new-puzzle');
    await settled(page);
    const puzzle = await puzzleOf(page);
    assert.equal(puzzle.kind, 'classic');
    assert.equal(puzzle.level, 'medium');
    assert.deepEqual(puzzle.queens, puzzle.givens);
    const [solution, ...others] = completionsOf(puzzle.n, puzzle.givens);
    assert.equal(others.length, 0, 'a generated puzzle has one completion (enumerated here)');
    // A right queen and a mark of the player's: neither goes in the link.
    const mine = solution.find((s) => !puzzle.givens.includes(s));
    await clickSquare(page, puzzle.n, Math.floor(mine / puzzle.n), mine % puzzle.n);
    await settled(page);
    await page.click('[data-part="copy-puzzle-link"]');
    const link = await page.getAttribute('[data-part="copy-puzzle-link"]', 'data-link');
    const params = new URL(link).searchParams;
    assert.deepEqual([...params.keys()], ['mode', 'n', 'level', 'seed', 'g']);
    assert.equal(params.get('level'), 'medium');
    assert.equal(Number(params.get('seed')), puzzle.seed);
    assert.equal(params.get('g'), puzzle.givens.join(','));

    // Solved: the address bar still names the puzzle only.
    const done = await placeRest(page, puzzle.n, solution, [...puzzle.givens, mine]);
    assert.equal(done.state, 'solved');
    // The address bar follows the board once things are quiet: wait for its write of the puzzle.
    const written = await urlWhen(page, (u) => u.searchParams.get('seed') === String(puzzle.seed), 'the puzzle written in the address bar');
    const address = written.pathname + written.search;
    assert.ok(!/[?&](q|x)=/.test(address), `the address bar holds no queens of the player's: ${address}`);
    // Another player (a browser of their own) opens the puzzle, not its solution.
    const friend = await (await browser()).newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const other = await friend.newPage();
      for (const shared of [address, new URL(link).pathname + new URL(link).search]) {
        await other.goto(await url(shared));
        await other.waitForSelector('body[data-ready="true"]', { state: 'attached' });
        const opened = await settled(other);
        assert.equal(opened.state, 'open', `${shared} opens the puzzle, not its solution`);
        assert.ok(!/Solved/.test(opened.coach));
        const again = await puzzleOf(other);
        assert.deepEqual([again.givens, again.queens, again.level, again.seed], [puzzle.givens, puzzle.givens, 'medium', puzzle.seed]);
      }
    } finally {
      await friend.close();
    }
    // The player who solved it finds it solved, with Play again.
    await page.goto(await url(address));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    assert.equal((await settled(page)).state, 'solved');
    await page.waitForSelector('[data-part="play-again"]:not([hidden])');
    // A puzzle given by its queens alone (Nauck's) keeps them, and nothing else.
    await page.click('#nauck-load');
    await settled(page);
    await page.click('[data-part="copy-puzzle-link"]');
    const nauck = new URL(await page.getAttribute('[data-part="copy-puzzle-link"]', 'data-link'));
    assert.equal(nauck.search, '?mode=puzzle&n=8&g=27,33');
    assertNoErrors(errors, { allow: [ABORTED] });
  } finally {
    await page.close();
  }
});

/** The daily puzzle of `day` in a fresh browser context (its own storage, its own time zone). */
async function dailyIn(day, timezoneId = 'UTC') {
  const context = await (await browser()).newContext({ viewport: { width: 1280, height: 800 }, timezoneId });
  const page = await context.newPage();
  await page.goto(await url(day ? `/?mode=puzzle&daily=${day}` : '/?mode=puzzle'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  await settled(page);
  return { page, context };
}

test('the daily puzzle: the same for two players on a date, another the next day, the level rising over the week', async () => {
  // A past week (a date still to come in Los Angeles would not be out yet there).
  const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
  // 2026-11-16 is a Monday: days since 1970-01-01 (a Thursday), counted here.
  assert.equal((Math.round(Date.UTC(2026, 10, 16) / 86_400_000) + 4) % 7, 1);
  const seen = [];
  // Two players, one in Tokyo and one in Los Angeles, each following the
  // week's links in one browser.
  const a = await dailyIn(week[0], 'Asia/Tokyo');
  const b = await dailyIn(week[0], 'America/Los_Angeles');
  try {
    for (const day of week) {
      for (const player of [a, b]) {
        if (day === week[0]) continue;
        await player.page.goto(await url(`/?mode=puzzle&daily=${day}`));
        await player.page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
        await settled(player.page);
      }
      const [pa, pb] = [await puzzleOf(a.page), await puzzleOf(b.page)];
      assert.deepEqual(pa, pb, `${day}: the same puzzle in Tokyo and Los Angeles`);
      assert.equal(pa.daily, day);
      assert.equal(completionsOf(pa.n, pa.givens).length, 1, `${day}: one way to finish it (enumerated here)`);
      assert.equal((await dataset(a.page)).coach, 'off', 'the coach is off on a generated puzzle');
      seen.push(pa);
    }
  } finally {
    await a.context.close();
    await b.context.close();
  }
  const order = ['easy', 'medium', 'hard', 'expert'];
  assert.equal(seen[0].level, 'easy', 'Monday is easy');
  for (let i = 1; i < 7; i++) assert.ok(order.indexOf(seen[i].level) >= order.indexOf(seen[i - 1].level), `the level never falls over the week: ${seen.map((p) => p.level)}`);
  assert.ok(order.indexOf(seen[6].level) >= order.indexOf('hard'), 'Sunday is the hardest');
  const keys = new Set(seen.map((p) => `${p.n}:${p.givens}`));
  assert.equal(keys.size, 7, 'a new puzzle each day');
});

test('the Daily button plays today in the player\'s time zone', async () => {
  for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
    const { page, context } = await dailyIn('', zone);
    try {
      await page.click('[data-part="daily"]');
      await settled(page);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      const puzzle = await puzzleOf(page);
      assert.equal(puzzle.daily, today, `${zone}: today is ${today}`);
      await waitUntil(() => page.evaluate((t) => location.search === `?mode=puzzle&daily=${t}`, today), { message: 'the daily puzzle in the address bar' });
    } finally {
      await context.close();
    }
  }
});

test('solving the daily puzzle: the clock stops, the hints are counted, the streak grows, the board is shown clean', async () => {
  const day = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const { page, context } = await dailyIn(day);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    // Yesterday already solved (kept in the browser): today makes a streak of two.
    await page.evaluate((y) => localStorage.setItem('nqueens-daily-solved', JSON.stringify([y])), yesterday);
    const puzzle = await puzzleOf(page);
    const [solution] = completionsOf(puzzle.n, puzzle.givens);
    assert.equal(await page.isVisible('[data-part="timer"]'), true);
    await page.click('#puzzle-hint');
    await waitUntil(async () => (await dataset(page)).hintStage === '1', { message: 'a hint' });
    assert.equal(await page.textContent('[data-part="hints-used"]'), '1 hint used');
    const empty = solution.map((s) => (s % puzzle.n === 0 ? s + 1 : s - 1)).find((s) => !solution.includes(s));
    assert.ok(await squareColours(page, puzzle.n, empty) >= 2, 'before: the attacked squares are hatched');
    const done = await placeRest(page, puzzle.n, solution, puzzle.givens);
    assert.equal(done.state, 'solved');
    await page.waitForSelector('[data-part="celebration"]:not([hidden])');
    const text = await page.textContent('[data-part="celebration-text"]');
    assert.match(text, new RegExp(`You solved the daily puzzle of ${day} in \\d+:\\d\\d, with 1 hint\\.`));
    assert.match(text, /Your classic streak: 2 days in a row/);
    const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('nqueens-puzzle-dailies')));
    assert.deepEqual(Object.keys(kept.solved.classic).sort(), [yesterday, day]);
    assert.equal(kept.solved.classic[day].hints, 1);
    assert.equal(kept.solved.classic[day].solvedOn, day);
    assert.equal(await squareColours(page, puzzle.n, empty), 1, 'after: the solved board is clean, not hatched');
    const shown = await page.textContent('[data-part="timer"]');
    // A fixed wait, to prove the clock stopped: a running one shows a new
    // second within 1.5 s.
    await page.waitForTimeout(1500);
    assert.equal(await page.textContent('[data-part="timer"]'), shown, 'the clock has stopped');
    await screenshot(page, 'puzzle-daily-solved', { fullPage: false });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a position with two ways to finish it: "you found 1 of the 2 ways: find the other"', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    await page.click('#nauck-load');
    await settled(page);
    const puzzle = await puzzleOf(page);
    const ways = completionsOf(8, puzzle.givens);
    assert.equal(ways.length, 2, 'Nauck\'s position has two completions (enumerated here)');
    await placeRest(page, 8, ways[0], puzzle.givens);
    await page.waitForSelector('[data-part="celebration"]:not([hidden])');
    assert.match(await page.textContent('[data-part="celebration-text"]'), /You found 1 of the 2 ways to finish it: find the other\./);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`a hint in three stages at ${width}×${height}, its words ${width > 500 ? 'beside' : 'under'} the board and on screen`, async () => {
    const { page, errors } = await openPage('/?mode=puzzle&n=8&level=hard&seed=7', { viewport: { width, height } });
    try {
      await settled(page);
      const puzzle = await puzzleOf(page);
      const [solution] = completionsOf(puzzle.n, puzzle.givens);
      const { n } = puzzle;
      const rules = await page.evaluate(() => window.nqueens.wasm.deductionRules());
      const d = await page.evaluate(([n, q, x]) => window.nqueens.wasm.deduce(n, q, x), [n, puzzle.givens, attacked(n, puzzle.givens)]);
      await page.click('#puzzle-hint');
      await waitUntil(async () => (await dataset(page)).hintStage === '1', { message: 'stage 1' });
      const textBox = await page.locator('[data-part="hint-text"]').boundingBox();
      const board = await page.locator('#puzzle-board').boundingBox();
      assert.ok(textBox.y >= 0 && textBox.y + textBox.height <= height, `the hint's words are on screen: ${JSON.stringify(textBox)}`);
      if (width > 500) assert.ok(textBox.x >= board.x + board.width, 'beside the board');
      else assert.ok(textBox.y >= board.y + board.height, 'under the board');
      // The Hint button stays where it is on the page as the hint opens, stage after stage.
      const hintAt = () => page.evaluate(() => document.getElementById('puzzle-hint').getBoundingClientRect().top + window.scrollY);
      const hintTop = await hintAt();
      const lineNames = d.lines.map((l) => (l.kind === 'row' ? `row ${l.index + 1}` : l.kind === 'column' ? `column ${l.index + 1}` : 'diagonal'));
      const stage1 = await page.textContent('[data-part="hint-text"]');
      assert.ok(lineNames.some((name) => stage1.includes(name)), `stage 1 says where to look: ${stage1}`);
      assert.ok(!stage1.includes('So '), 'and not the conclusion');
      await page.click('#puzzle-hint');
      await waitUntil(async () => (await dataset(page)).hintStage === '2', { message: 'stage 2' });
      assert.equal(await hintAt(), hintTop, 'Hint has not moved at stage 2');
      const rule = rules.find((r) => r.id === d.rule);
      assert.ok((await page.textContent('[data-part="hint-text"]')).includes(rule.summary), 'stage 2 says the rule');
      await page.click('#puzzle-hint');
      await waitUntil(async () => (await dataset(page)).hintStage === '3', { message: 'stage 3' });
      assert.equal(await hintAt(), hintTop, 'Hint has not moved at stage 3');
      const square = Number((await dataset(page)).hintSquare);
      const stage3 = await page.textContent('[data-part="hint-text"]');
      const words = `row ${Math.floor(square / n) + 1}, column ${(square % n) + 1}`;
      if (d.kind === 'place') {
        assert.ok(solution.includes(square), 'the square it places is in the only completion');
        assert.ok(stage3.includes(`So a queen goes on ${words}.`));
      } else {
        assert.ok(!solution.includes(square), 'the square it rules out is not in the only completion');
        const cleared = ((await dataset(page)).hintCleared ?? String(square)).split(',').map(Number);
        assert.ok(cleared.every((s) => !solution.includes(s)), 'no square the technique rules out is in the only completion');
        assert.ok(stage3.includes(cleared.length > 1 ? words : `So ${words} is ruled out.`));
      }
      const after = await page.locator('[data-part="hint-text"]').boundingBox();
      assert.ok(after.y >= 0 && after.y + after.height <= height, 'still on screen at stage 3');
      await screenshot(page, `puzzle-hint-stage3-${width}`, { fullPage: false });
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  });
}

test('by keyboard and by touch: Hint steps through its stages; the tools work on a phone', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=7&level=easy&seed=3');
  try {
    await settled(page);
    await page.focus('#puzzle-hint');
    for (const stage of ['1', '2', '3']) {
      await page.keyboard.press('Enter');
      await waitUntil(async () => (await dataset(page)).hintStage === stage, { message: `stage ${stage} by keyboard` });
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
  const context = await (await browser()).newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const phone = await context.newPage();
  try {
    await phone.goto(await url('/?mode=puzzle&n=7&level=easy&seed=3'));
    await phone.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await settled(phone);
    for (const stage of ['1', '2', '3']) {
      await phone.locator('#puzzle-hint').tap();
      await waitUntil(async () => (await dataset(phone)).hintStage === stage, { message: `stage ${stage} by touch` });
    }
    const textBox = await phone.locator('[data-part="hint-text"]').boundingBox();
    assert.ok(textBox.y >= 0 && textBox.y + textBox.height <= 844, 'the words on screen after the taps');
    // New puzzle far down the page brings the board into view.
    await phone.locator('#new-puzzle').scrollIntoViewIfNeeded();
    assert.ok((await phone.locator('#puzzle-board').boundingBox()).y < 0, 'the board is above the screen before');
    await phone.locator('#new-puzzle').tap();
    await settled(phone);
    await waitUntil(async () => {
      const box = await phone.locator('#puzzle-board').boundingBox();
      return box.y >= 0 && box.y + box.height / 2 < 844;
    }, { message: 'the new board in view' });
  } finally {
    await context.close();
  }
});

test('the coach is off on a generated puzzle, on for a board of one\'s own; the auto-marks are a setting', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    assert.equal((await dataset(page)).coach, 'on');
    await page.click('#new-puzzle');
    await settled(page);
    assert.equal((await dataset(page)).coach, 'off');
    assert.equal(await page.isChecked('[data-part="coach-toggle"]'), false);
    const puzzle = await puzzleOf(page);
    const open = attacked(puzzle.n, puzzle.givens)[0];
    assert.ok(await squareColours(page, puzzle.n, open) >= 2, 'an attacked square is hatched');
    await page.selectOption('[data-part="automark"]', 'none');
    await waitUntil(async () => (await squareColours(page, puzzle.n, open)) === 1, { message: 'no hatch with the auto-marks off' });
    assert.equal(await page.evaluate(() => localStorage.getItem('nqueens-puzzle-shading')), 'off');
    await page.selectOption('[data-part="automark"]', 'cross');
    await waitUntil(async () => (await squareColours(page, puzzle.n, open)) >= 2, { message: 'a plain X on the attacked square' });
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    assert.equal(await page.inputValue('[data-part="automark"]'), 'cross', 'the setting is kept');
    assertNoErrors(errors, { allow: [ABORTED] });
  } finally {
    await page.close();
  }
});

test('a dead end with no attack: the queen to move is marked, and Hint shows why', async () => {
  // Row 1 column 1 and row 2 column 3: no attack, and no completion (checked here).
  const { page, errors } = await openPage('/?mode=puzzle&n=6&q=0,8');
  try {
    assert.equal(completionsOf(6, [0, 8]).length, 0);
    const now = await settled(page);
    assert.equal(now.state, 'dead');
    const culprit = Number((await dataset(page)).culprit);
    assert.ok([0, 8].includes(culprit), 'the queen to move is one of the two');
    assert.ok(completionsOf(6, [0, 8].filter((s) => s !== culprit)).length > 0, 'and taking it off leaves a completion');
    await page.click('#puzzle-hint');
    await waitUntil(async () => (await dataset(page)).hintStage === 'dead', { message: 'the dead end\'s reason' });
    const why = await page.textContent('[data-part="hint-text"]');
    assert.match(why, new RegExp(`The queen to move is the one on row ${Math.floor(culprit / 6) + 1}, column ${(culprit % 6) + 1}`));
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Nauck\'s position: told to the screen reader; its look-ahead chain one step a line, its forced queens numbered; the replay never says "Solved!"', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=6');
  try {
    await page.click('#nauck-load');
    await settled(page);
    assert.match(await page.textContent('[data-part="cursor-text"]'), /Nauck/);
    const givens = [27, 33];
    const d = await page.evaluate(([x]) => window.nqueens.wasm.deduce(8, [27, 33], x), [attacked(8, givens)]);
    assert.equal(d.rule, 'look-ahead');
    assert.ok(d.squares.length >= 3, 'a chain of three forced queens or more');
    const before = await page.evaluate(() => document.getElementById('puzzle-board').toDataURL());
    for (let i = 0; i < 3; i++) await page.click('#puzzle-hint');
    await waitUntil(async () => (await dataset(page)).hintStage === '3', { message: 'the conclusion' });
    const steps = await page.$$eval('[data-part="hint-text"] ol li', (items) => items.map((li) => li.textContent));
    assert.equal(steps.length, d.squares.length, 'one line a forced queen');
    d.squares.forEach((s, i) => assert.ok(steps[i].includes(`row ${Math.floor(s / 8) + 1}, column ${(s % 8) + 1}`), `step ${i + 1} names its queen`));
    // The forced queens are followed in the enumeration: with the hinted queen, each chain queen leaves no completion.
    assert.equal(completionsOf(8, [...givens, d.row * 8 + d.col]).length, 0, 'the square ruled out is in no completion');
    assert.notEqual(await page.evaluate(() => document.getElementById('puzzle-board').toDataURL()), before, 'the board draws the chain');
    await screenshot(page, 'puzzle-chain-numbered', { fullPage: false });
    // The replay of Nauck's position, from a solved board: the coach's line never says "Solved!".
    await placeRest(page, 8, completionsOf(8, givens)[0], givens);
    await page.click('#reason-start');
    await waitUntil(async () => (await dataset(page)).replayStep !== undefined, { message: 'the replay' });
    assert.doesNotMatch(await page.textContent('#coach'), /Solved!/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a search hint counts the open squares as the board shows them, leaving the ruled-out ones out', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=6&x=1');
  try {
    await settled(page);
    assert.equal(await page.evaluate(() => window.nqueens.wasm.deduce(6, [], [1])), null, 'no rule applies (the core says so first)');
    await page.click('#puzzle-hint');
    await waitUntil(async () => (await dataset(page)).hintRule === 'search', { message: 'the search hint' });
    const text = await page.textContent('[data-part="hint-text"]');
    // The row with the fewest open squares that lead to a completion keeping off the mark, worked out here.
    let best = null;
    for (let row = 0; row < 6; row++) {
      const open = [...Array(6).keys()].map((c) => row * 6 + c).filter((s) => s !== 1);
      const good = open.filter((s) => completionsOf(6, [s], [1]).length > 0);
      if (good.length && (!best || good.length < best.good.length)) best = { row, open, good };
    }
    assert.equal(Number((await dataset(page)).hintSquare), best.good[0]);
    assert.ok(text.includes(`Row ${best.row + 1} has the fewest squares that still lead to a solution: ${best.good.length} of its ${best.open.length} open squares.`), text);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('on a 12×12 board the few open squares stand out among the hatching: each carries a dot', async () => {
  const queens = [0, 14, 28, 42];
  const { page, errors } = await openPage(`/?mode=puzzle&n=12&q=${queens.join(',')}`);
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await settled(page);
    const out = attacked(12, queens);
    const open = [...Array(144).keys()].filter((s) => !queens.includes(s) && !out.includes(s));
    assert.ok(open.length > 0 && open.length < 40, `a few open squares: ${open.length}`);
    const centre = (s) => page.evaluate(([s]) => {
      const canvas = document.getElementById('puzzle-board');
      const cell = canvas.width / 12;
      return [...canvas.getContext('2d').getImageData(Math.floor((s % 12 + 0.5) * cell), Math.floor((Math.floor(s / 12) + 0.5) * cell), 1, 1).data];
    }, [s]);
    // The dot is green: more green than red and blue, on squares that are cream or brown otherwise.
    const green = ([r, g, b]) => g > r + 40 && g > b + 20;
    for (const s of open) assert.ok(green(await centre(s)), `open square ${s} has its dot`);
    for (const s of out.slice(0, 20)) assert.ok(!green(await centre(s)), `attacked square ${s} has none`);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a reload mid-puzzle keeps the board, undo, the clock and the hints; Undo never leaves the puzzle; Redo keeps the clock and hints; Pause; no help', async () => {
  const day = '2026-11-20';
  const { page, context } = await dailyIn(day);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    // Undo on a fresh daily stays on the daily.
    assert.equal(await page.isDisabled('#puzzle-undo'), true, 'nothing to undo on a fresh daily');
    await page.keyboard.press('Control+z');
    assert.equal((await puzzleOf(page)).daily, day);
    const puzzle = await puzzleOf(page);
    const [solution] = completionsOf(puzzle.n, puzzle.givens);
    const mine = solution.filter((s) => !puzzle.givens.includes(s));
    await page.click('#puzzle-hint');
    await waitUntil(async () => (await dataset(page)).hintStage === '1', { message: 'a hint' });
    await clickSquare(page, puzzle.n, Math.floor(mine[0] / puzzle.n), mine[0] % puzzle.n);
    await clickSquare(page, puzzle.n, Math.floor(mine[1] / puzzle.n), mine[1] % puzzle.n);
    const wrong = [...Array(puzzle.n * puzzle.n).keys()].find((s) => !solution.includes(s) && !attacked(puzzle.n, [...puzzle.givens, mine[0], mine[1]]).includes(s) && ![...puzzle.givens, mine[0], mine[1]].includes(s));
    await page.click('#puzzle-tool-mark');
    await clickSquare(page, puzzle.n, Math.floor(wrong / puzzle.n), wrong % puzzle.n);
    await page.click('#puzzle-tool-queen');
    await settled(page);
    // Hint ×1, Undo, Redo: the hints used stay.
    await page.click('#puzzle-undo');
    await page.click('#puzzle-redo');
    assert.equal(await page.textContent('[data-part="hints-used"]'), '1 hint used');
    const before = await puzzleOf(page);
    assert.deepEqual(before.queens, [...puzzle.givens, mine[0], mine[1]].sort((a, b) => a - b));
    assert.deepEqual(before.marks, [wrong]);
    const seconds = (text) => text.replace('Time ', '').split(':').reduce((a, v) => a * 60 + Number(v), 0);
    await waitUntil(async () => seconds(await page.textContent('[data-part="timer"]')) >= 1, { message: 'the clock runs' });
    const shown = seconds(await page.textContent('[data-part="timer"]'));
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await settled(page);
    const after = await puzzleOf(page);
    assert.deepEqual([after.queens, after.marks, after.daily], [before.queens, before.marks, day], 'the board as it stood');
    assert.equal(await page.textContent('[data-part="hints-used"]'), '1 hint used');
    assert.ok(seconds(await page.textContent('[data-part="timer"]')) >= shown, 'the clock goes on from its time');
    // Undo's history came back with the board: the mark, then the second queen.
    await page.click('#puzzle-undo');
    assert.deepEqual((await puzzleOf(page)).marks, []);
    await page.click('#puzzle-undo');
    assert.equal((await puzzleOf(page)).queens.length, puzzle.givens.length + 1);
    // Pause hides the board and the clock stands.
    await page.click('[data-part="pause"]');
    assert.equal(await page.isVisible('#puzzle-board'), false, 'the board is hidden while paused');
    const paused = await page.textContent('[data-part="timer"]');
    await waitUntil(async () => (await page.evaluate(() => document.getElementById('puzzle').dataset.paused)) === '', { message: 'paused' });
    // Past the next tick of the page's clock (once a second): it would have moved by then.
    const from = await page.evaluate(() => Date.now());
    await waitUntil(() => page.evaluate((t) => Date.now() - t > 1500, from), { message: 'a second and a half' });
    assert.equal(await page.textContent('[data-part="timer"]'), paused, 'the clock stands while paused');
    await page.click('[data-part="pause"]');
    assert.equal(await page.isVisible('#puzzle-board'), true);
    // The Difficulty list shows the daily's level (a Friday's: hard, not the list's Medium).
    assert.equal(await page.inputValue('#puzzle-difficulty'), puzzle.level);
    // No help: no coach, no marks on attacked squares, and Check counts as a hint.
    const open = attacked(puzzle.n, (await puzzleOf(page)).queens)[0];
    assert.ok(await squareColours(page, puzzle.n, open) >= 2, 'with help: the attacked square is hatched');
    await page.check('[data-part="no-help"]');
    await waitUntil(async () => (await squareColours(page, puzzle.n, open)) === 1, { message: 'no help: no hatch' });
    assert.equal(await page.isDisabled('[data-part="coach-toggle"]'), true, 'no coach to switch on');
    assert.equal(await page.isChecked('[data-part="coach-toggle"]'), false);
    await page.click('#puzzle-check');
    assert.equal(await page.textContent('[data-part="hints-used"]'), '2 hints used', 'Check counts as a hint');
    await page.uncheck('[data-part="no-help"]');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a drag rules out every square it crosses, by mouse and by touch; one Undo takes the drag back', async () => {
  for (const touch of [false, true]) {
    const context = await (await browser()).newContext(touch ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    try {
      await page.goto(await url('/?mode=puzzle&n=8'));
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      await settled(page);
      const box = await page.locator('#puzzle-board').boundingBox();
      const at = (row, col) => ({ x: box.x + ((col + 0.5) * box.width) / 8, y: box.y + ((row + 0.5) * box.height) / 8 });
      // Along row 3 from column 1 to column 5, in small steps as a hand moves.
      const path = [];
      for (let i = 0; i <= 16; i++) path.push({ x: at(2, 0).x + (i / 16) * (at(2, 4).x - at(2, 0).x), y: at(2, 0).y });
      if (!touch) {
        await page.mouse.move(path[0].x, path[0].y);
        await page.mouse.down();
        for (const p of path.slice(1)) await page.mouse.move(p.x, p.y);
        await page.mouse.up();
      } else {
        const cdp = await context.newCDPSession(page);
        const touchAt = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y, id: 1 }] });
        await touchAt('touchStart', path[0]);
        for (const p of path.slice(1)) await touchAt('touchMove', p);
        await touchAt('touchEnd', path[path.length - 1]);
      }
      const crossed = [16, 17, 18, 19, 20];
      await waitUntil(async () => (await puzzleOf(page)).marks.join(',') === crossed.join(','), { message: `${touch ? 'touch' : 'mouse'}: row 3, columns 1 to 5 ruled out` });
      assert.deepEqual((await puzzleOf(page)).queens, [], 'no queen placed by the drag');
      await page.click('#puzzle-undo');
      assert.deepEqual((await puzzleOf(page)).marks, [], 'one Undo takes the whole drag back');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});
