// Puzzle mode's reasoning: a hint names its
// deduction and draws its lines, the learner rules squares out (the Rule out
// tool, a right-click, a long-press on touch, X), the coach flags a wrong mark,
// "Solve by reasoning" replays the chain of deductions, and Nauck's position of
// 1850 comes with its count of completions. Every answer of the page is
// checked against a plain enumeration of the completions written here.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness, waitUntil, browser, url, pageIdle } from './helpers.mjs';
import { ABORTED, axeViolations, clickSquare, settled } from './puzzle-hooks.mjs';
import { attacked, completionsOf } from '../common/plain.mjs';

after(closeHarness);

/** Every square of a line as deduce() names it (diagonal: row − col + n − 1; anti-diagonal: row + col). */
function lineSquares(n, kind, index) {
  const all = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const on = kind === 'row' ? r === index : kind === 'column' ? c === index : kind === 'diagonal' ? r - c + n - 1 === index : r + c === index;
      if (on) all.push(r * n + c);
    }
  }
  return all;
}

/** #puzzle's hint hooks. */
const hintHooks = (page) => page.evaluate(() => {
  const p = document.getElementById('puzzle').dataset;
  return { rule: p.hintRule, square: Number(p.hintSquare), kind: p.hintKind, lines: p.hintLines ?? '', stage: p.hintStage, note: document.querySelector('[data-part="hint-text"]').textContent, title: document.querySelector('[data-part="hint-stage"]').textContent };
});

/** A generated puzzle's givens, from the page's core. */
const makePuzzle = (page, n, level, seed) => page.evaluate(([n, level, seed]) => [...window.nqueens.wasm.puzzle(n, level, seed)], [n, level, seed]);

/** The core's own deduction for a board (the page must show this one). */
const deduceOn = (page, n, queens, excluded) => page.evaluate(([n, q, x]) => window.nqueens.wasm.deduce(n, q, x), [n, queens, excluded]);

/** The RGBA of the board's pixel at the centre of `square`, nudged by (dx, dy) cells. */
const pixelAt = (page, n, square, dx = 0, dy = 0) => page.evaluate(([n, square, dx, dy]) => {
  const canvas = document.getElementById('puzzle-board');
  const cell = canvas.width / n;
  const x = Math.floor(((square % n) + 0.5 + dx) * cell);
  const y = Math.floor((Math.floor(square / n) + 0.5 + dy) * cell);
  return [...canvas.getContext('2d').getImageData(x, y, 1, 1).data];
}, [n, square, dx, dy]);

const puzzleLink = (n, givens, extra = '') => `/?mode=puzzle&n=${n}&q=${givens.join(',')}&g=${givens.join(',')}${extra}`;

/** Goes to a puzzle's link and waits for the coach's verdict on it. */
async function goToPuzzle(page, n, givens, extra = '') {
  await page.goto(await url(puzzleLink(n, givens, extra)));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  return settled(page);
}

test('a hint on a generated puzzle names a sound deduction and draws the lines it used', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    for (const [n, level, seed] of [[8, 'medium', 11], [7, 'easy', 3], [9, 'hard', 5]]) {
      const givens = await makePuzzle(page, n, level, seed);
      await goToPuzzle(page, n, givens);
      const solutions = completionsOf(n, givens);
      assert.equal(solutions.length, 1, `${n}×${n} ${level} seed ${seed} has one completion (enumerated here)`);
      const [solution] = solutions;
      const out = attacked(n, givens);
      // Every square's centre before the hint.
      const before = [];
      for (let sq = 0; sq < n * n; sq++) before.push(await pixelAt(page, n, sq));

      await page.click('#puzzle-hint');
      await waitUntil(() => page.evaluate(() => 'hintSquare' in document.getElementById('puzzle').dataset), { message: 'the hint' });
      const hint = await hintHooks(page);
      // Sound for the board shown: a queen it places is in the completion, a square it rules out is not.
      if (hint.kind === 'place') assert.ok(solution.includes(hint.square), `${n}×${n}: the hinted queen ${hint.square} is in the only completion`);
      else assert.ok(!solution.includes(hint.square), `${n}×${n}: the square ruled out, ${hint.square}, is not in the only completion`);
      assert.ok(!out.includes(hint.square), 'the hint does not ask about a square the board shows attacked');
      assert.notEqual(hint.rule, 'search', 'a generated puzzle is solved by deduction: its hint is one');
      // The page shows the core's deduction on the same board, and its lines.
      const d = await deduceOn(page, n, givens, out);
      assert.equal(hint.rule, d.rule);
      assert.equal(hint.square, d.row * n + d.col);
      assert.equal(hint.lines, d.lines.map((l) => `${l.kind}:${l.index}`).join(' '), 'the lines highlighted are the deduction\'s');
      assert.equal(hint.stage, '1', 'a hint starts with where to look');
      const { name, summary } = await page.evaluate((id) => window.nqueens.wasm.deductionRules().find((r) => r.id === id), d.rule);
      // Each line used is drawn: the centre of a square of it away from the queens and the hinted square changes colour.
      for (const line of d.lines) {
        const free = lineSquares(n, line.kind, line.index).find((s) => !givens.includes(s) && s !== hint.square);
        if (free === undefined) continue;
        assert.notDeepEqual(await pixelAt(page, n, free), before[free], `${line.kind} ${line.index} is highlighted on the board`);
      }
      await page.click('#puzzle-hint');
      await waitUntil(() => page.evaluate(() => document.getElementById('puzzle').dataset.hintStage === '2'), { message: 'the rule' });
      const rule = await hintHooks(page);
      assert.ok(rule.note.includes(name) && rule.note.includes(summary), `stage 2 names the rule (${name}) and says what it says`);
      await page.click('#puzzle-hint');
      await waitUntil(() => page.evaluate(() => document.getElementById('puzzle').dataset.hintStage === '3'), { message: 'the conclusion' });
      const last = await hintHooks(page);
      const square = `row ${Math.floor(hint.square / n) + 1}, column ${(hint.square % n) + 1}`;
      assert.ok(last.note.includes(hint.kind === 'place' ? `So a queen goes on ${square}.` : `So ${square} is ruled out.`), `stage 3 gives the square: ${last.note}`);
      if (d.rule !== 'look-ahead' || d.squares.length < 3) assert.ok(last.note.includes(d.reason), 'and the deduction\'s sentence');
    }
    assertNoErrors(errors, { allow: [ABORTED] });
  } finally {
    await page.close();
  }
});

test('with no rule to apply, the hint falls back to the solver, labelled a search; data-hint-rule follows', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    // The empty 8×8 board: the core's rules find nothing on it (checked first, so the test says why it expects a search).
    assert.equal(await deduceOn(page, 8, [], []), null, 'no rule applies to the empty 8×8 board');
    await page.click('#puzzle-hint');
    await waitUntil(() => page.evaluate(() => document.getElementById('puzzle').dataset.hintRule === 'search'), { message: 'the search hint' });
    const hint = await hintHooks(page);
    assert.match(hint.title, /a search, not a deduction/);
    assert.equal(hint.lines, '', 'a search draws no lines');
    assert.ok(completionsOf(8, [hint.square]).length > 0, 'the searched square keeps a completion (enumerated here)');

    // A puzzle next: the rule changes from search to the deduction's.
    const givens = await makePuzzle(page, 8, 'easy', 2);
    await goToPuzzle(page, 8, givens);
    await page.click('#puzzle-hint');
    await waitUntil(() => page.evaluate(() => 'hintSquare' in document.getElementById('puzzle').dataset), { message: 'the hint' });
    const rule = (await hintHooks(page)).rule;
    const ids = await page.evaluate(() => window.nqueens.wasm.deductionRules().map((r) => r.id));
    assert.ok(ids.includes(rule), `the puzzle's hint is a deduction (${rule})`);
    assertNoErrors(errors, { allow: [ABORTED] });
  } finally {
    await page.close();
  }
});

test('marks by the Rule out tool, right-click and X appear, are kept in the link, and undo', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=6');
  try {
    const marks = () => page.evaluate(() => document.getElementById('puzzle').dataset.marks);
    const blank = await pixelAt(page, 6, 7);
    // Right-click.
    const box = await page.locator('#puzzle-board').boundingBox();
    await page.mouse.click(box.x + (1.5 * box.width) / 6, box.y + (1.5 * box.height) / 6, { button: 'right' });
    assert.equal(await marks(), '7', 'a right-click rules row 2, column 2 out');
    assert.notDeepEqual(await pixelAt(page, 6, 7), blank, 'the mark is drawn');
    await waitUntil(() => page.evaluate(() => new URLSearchParams(location.search).get('x') === '7'), { message: 'the mark in the link' });
    // The Rule out tool: a click marks.
    await page.click('#puzzle-tool-mark');
    assert.equal(await page.getAttribute('#puzzle-tool-mark', 'aria-pressed'), 'true');
    await clickSquare(page, 6, 3, 4);
    assert.equal(await marks(), '7,22');
    // X on the keyboard cursor (the board starts its cursor at row 1, column 1).
    await page.click('#puzzle-tool-queen');
    await page.focus('#puzzle-board');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('x');
    assert.equal(await marks(), '7,22,23', 'X rules out the square under the cursor (moved on from the last click)');
    // A mark is no queen: the queen tool on a marked square replaces the mark.
    await clickSquare(page, 6, 3, 4);
    assert.equal(await marks(), '7,23');
    await waitUntil(() => page.evaluate(() => new URLSearchParams(location.search).get('q') === '22'), { message: 'the queen in the link' });
    // Undo takes them back one by one.
    await page.keyboard.press('Control+z');
    assert.equal(await marks(), '7,22,23', 'undo puts the mark back and takes the queen off');
    await page.keyboard.press('Control+z');
    assert.equal(await marks(), '7,22');
    await page.keyboard.press('Control+z');
    assert.equal(await marks(), '7');
    await page.keyboard.press('Control+z');
    assert.equal(await marks(), '', 'every mark undone');
    await waitUntil(() => page.evaluate(() => !new URLSearchParams(location.search).has('x')), { message: 'no marks in the link' });
    // The link brings marks back.
    await page.goto(await url('/?mode=puzzle&n=6&x=3,8'));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    assert.equal(await marks(), '3,8', 'the link\'s x= are the marks');
    // A mark under a queen is left off, with a sentence; a malformed list is a sentence too.
    await page.goto(await url('/?mode=puzzle&n=6&q=3&x=3,8'));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    assert.equal(await marks(), '8');
    assert.match(await page.locator('#error').textContent(), /rules out squares \(x=\) that hold a queen/);
    await page.goto(await url('/?mode=puzzle&n=6&x=99'));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    assert.equal(await marks(), '');
    assert.match(await page.locator('#error').textContent(), /x=99 is not a list of squares from 0 to 35/);
    assertNoErrors(errors, { allow: [ABORTED] });
  } finally {
    await page.close();
  }
});

test('on a touch screen, a tap places a queen and a long-press rules a square out', async () => {
  const context = await (await browser()).newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    await page.goto(await url('/?mode=puzzle&n=6'));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await page.locator('#puzzle-board').scrollIntoViewIfNeeded();
    const box = await page.locator('#puzzle-board').boundingBox();
    const at = (row, col) => ({ x: box.x + ((col + 0.5) * box.width) / 6, y: box.y + ((row + 0.5) * box.height) / 6 });
    const hooks = () => page.evaluate(() => ({ marks: document.getElementById('puzzle').dataset.marks, q: new URLSearchParams(location.search).get('q') }));

    await page.touchscreen.tap(at(0, 1).x, at(0, 1).y);
    await waitUntil(async () => (await hooks()).q === '1', { message: 'the tapped queen' });
    const cdp = await context.newCDPSession(page);
    // A long press: the finger stays down until the page has marked the square.
    const press = async ({ x, y }, marks, message) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      await waitUntil(async () => (await hooks()).marks === marks, { message });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await press(at(4, 3), '27', 'the long-pressed mark');
    await pageIdle(page); // the touch's end has been handled
    assert.deepEqual(await hooks(), { marks: '27', q: '1' }, 'the long-press only marked: no queen from its tap');
    await press(at(4, 3), '', 'a second long-press lets the square back in');
    await page.click('#puzzle-undo');
    assert.equal((await hooks()).marks, '27', 'Undo brings the mark back');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the coach flags a mark on a square the completion needs, and not a right one', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    const givens = await makePuzzle(page, 8, 'medium', 4);
    const [solution] = completionsOf(8, givens);
    const needed = solution.find((s) => !givens.includes(s));
    const free = [];
    for (let s = 0; s < 64; s++) if (!solution.includes(s) && !givens.includes(s) && !attacked(8, givens).includes(s)) free.push(s);
    assert.ok(free.length, 'some free square is in no completion');
    // A right mark: kept off by the only completion.
    let now = await goToPuzzle(page, 8, givens, `&x=${free[0]}`);
    assert.equal(await page.evaluate(() => document.getElementById('puzzle').dataset.wrongMarks ?? null), null, 'a right mark is not flagged');
    assert.doesNotMatch(now.coach, /ruled out/);
    // A wrong mark: on the completion's square.
    await page.click('#puzzle-tool-mark');
    await clickSquare(page, 8, Math.floor(needed / 8), needed % 8);
    now = await settled(page);
    assert.equal(completionsOf(8, givens, [free[0], needed]).length, 0, 'with the mark, no completion (enumerated here)');
    assert.equal(await page.evaluate(() => document.getElementById('puzzle').dataset.wrongMarks), String(needed), 'the wrong mark is flagged');
    assert.match(now.coach, new RegExp(`you ruled out on row ${Math.floor(needed / 8) + 1}, column ${(needed % 8) + 1} is needed`));
    // A hint first asks for the needed square back.
    await page.click('#puzzle-hint');
    assert.match(await page.textContent('#puzzle-note'), new RegExp(`let row ${Math.floor(needed / 8) + 1}, column ${(needed % 8) + 1} back in first`));
    // Coach off: no verdict until Check.
    await page.click('#puzzle-coach');
    assert.equal(await page.evaluate(() => document.getElementById('puzzle').dataset.wrongMarks ?? null), null, 'with the coach off, the mark waits for Check');
    assertNoErrors(errors, { allow: [ABORTED] });
  } finally {
    await page.close();
  }
});

test('Solve by reasoning steps by keyboard through the deductions to the only completion', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=8');
  try {
    for (const [n, level, seed] of [[8, 'hard', 9], [6, 'easy', 1]]) {
      const givens = await makePuzzle(page, n, level, seed);
      const [solution] = completionsOf(n, givens);
      await goToPuzzle(page, n, givens);
      await page.focus('#reason-start');
      await page.keyboard.press('Enter');
      await waitUntil(() => page.evaluate(() => 'replaySteps' in document.getElementById('puzzle').dataset), { message: 'the chain of deductions' });
      const steps = Number(await page.evaluate(() => document.getElementById('puzzle').dataset.replaySteps));
      assert.ok(steps > 0);
      await page.focus('#reason-next');
      for (let i = 0; i < steps; i++) {
        const text = await page.textContent('#reason-step');
        assert.match(text, new RegExp(`^Step ${i + 1} of ${steps} · `));
        const shown = await page.evaluate(() => document.getElementById('puzzle').dataset);
        // Each step is sound on its own board: checked against the enumeration.
        const square = Number(shown.hintSquare);
        if (shown.hintKind === 'place') assert.ok(solution.includes(square), `step ${i + 1} places a queen of the completion`);
        else assert.ok(!solution.includes(square), `step ${i + 1} rules out a square off the completion`);
        assert.ok(shown.hintLines.length > 0, `step ${i + 1} shows its lines`);
        await page.keyboard.press('Enter');
      }
      assert.equal(await page.isDisabled('#reason-next'), true, 'Next stops at the end');
      assert.match(await page.textContent('#reason-step'), /Solved by reasoning alone/);
      const shownQueens = await page.evaluate(() => document.getElementById('puzzle').dataset.shownQueens);
      assert.equal(shownQueens, solution.join(','), `the replay ends on the only completion of ${n}×${n} ${level} seed ${seed}`);
      await page.click('#reason-back');
      assert.equal(await page.evaluate(() => document.getElementById('puzzle').dataset.replayStep), String(steps - 1), 'Back goes one step back');
      await page.click('#reason-close');
      assert.equal(await page.evaluate(() => document.getElementById('puzzle').dataset.shownQueens), givens.slice().sort((a, b) => a - b).join(','), 'Close shows the learner\'s board again');
    }
    assertNoErrors(errors, { allow: [ABORTED] });
  } finally {
    await page.close();
  }
});

test('Nauck\'s position of 1850: loaded from the page, with its completions counted as the enumeration counts them', async () => {
  const { page, errors } = await openPage('/?mode=puzzle&n=6');
  try {
    const count = await page.evaluate(() => document.querySelector('[data-part="nauck-count"]').dataset.completions);
    // d5 and b4: row 4, column 4 and row 5, column 2 from the top left (CSPLib 079's figure).
    const nauck = [3 * 8 + 3, 4 * 8 + 1];
    assert.equal(count, String(completionsOf(8, nauck).length), 'the page\'s count is the enumeration\'s');
    const place = () => page.evaluate(() => { const r = document.getElementById('nauck-load').getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY]; });
    // After a generated puzzle (its caption shown), loading Nauck's moves no control above the button.
    await page.click('#new-puzzle');
    await settled(page);
    const before = await place();
    await page.click('#nauck-load');
    await waitUntil(() => page.evaluate(() => /n=8&g=27,33$/.test(location.search)), { message: 'Nauck\'s queens in the link, as the puzzle' });
    const now = await settled(page);
    assert.deepEqual(await place(), before, 'the button stays where it was clicked');
    assert.equal(now.completions, count, 'the coach counts the same completions');
    assert.match(await page.textContent('#puzzle-caption'), /Nauck/);
    assertNoErrors(errors, { allow: [ABORTED] });
  } finally {
    await page.close();
  }
});

test('axe-core finds nothing with a hint and a mark, a wrong mark, or the replay shown, light or dark, at 1280 and 390 px', async () => {
  const found = [];
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const { page, errors } = await openPage('/?mode=puzzle&n=8', { viewport: { width, height } });
    try {
      const givens = await makePuzzle(page, 8, 'hard', 3);
      const [solution] = completionsOf(8, givens);
      const needed = solution.find((s) => !givens.includes(s));
      const right = Array.from({ length: 64 }, (_, s) => s).find((s) => !solution.includes(s) && !attacked(8, givens).includes(s));
      await goToPuzzle(page, 8, givens, `&x=${right}`);
      const check = async (what) => found.push(...(await axeViolations(page)).map((line) => `${width}×${height} ${what} ${line}`));
      await page.click('#puzzle-hint');
      await waitUntil(() => page.evaluate(() => 'hintSquare' in document.getElementById('puzzle').dataset), { message: 'the hint' });
      await check('hint and a mark');
      await page.click('#puzzle-tool-mark');
      await clickSquare(page, 8, Math.floor(needed / 8), needed % 8);
      await settled(page);
      assert.equal(await page.evaluate(() => document.getElementById('puzzle').dataset.wrongMarks), String(needed));
      await check('a wrong mark');
      await page.click('#reason-start');
      await waitUntil(() => page.evaluate(() => 'replaySteps' in document.getElementById('puzzle').dataset), { message: 'the chain' });
      await page.click('#reason-next');
      await page.click('#reason-play');
      await check('replay');
      assertNoErrors(errors, { allow: [ABORTED] });
    } finally {
      await page.close();
    }
  }
  assert.deepEqual(found, [], `axe found:\n  ${found.join('\n  ')}`);
});
