// End-to-end tests of what the visualizer's words and pictures mean: what a step, a check and a
// placement (or move) are under the counters, register names that the
// pseudocode uses, bits drawn the way the code shifts them, each step's
// sentence while playing slowly, the algorithm picker's names uncut, a wrong
// Predict guess told why, each mode's own keys in the footer and what they do
// after a click, the symmetry note of the N shown, and counts of one. The truths
// are the core's: algorithms() read in node, the session's registers, queens
// and counters. Screenshots go to test-results/screenshots/meaning-*.png.
// test group: slow (scripts/test.sh): every algorithm's words and pictures, one check each.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, screenshot, closeHarness, counter, waitUntil, coreAlgorithms, pageIdle } from './helpers.mjs';
import { classes, solutions } from '../common/plain.mjs';

after(closeHarness);

const session = (page, expression) => page.evaluate(`(() => { const s = window.nqueens.session; return ${expression}; })()`);
const pressed = (page, id) => page.evaluate((id) => document.getElementById(id).getAttribute('aria-pressed') === 'true', id);

test('under the counters: what one step, one check and one placement or move are, for every algorithm', async () => {
  const algorithms = await coreAlgorithms();
  const { page, errors } = await openPage('/');
  try {
    for (const a of algorithms) {
      await page.selectOption('#algorithm', a.id);
      const rows = await page.locator('[data-part="definitions"] > div').evaluateAll((divs) =>
        divs.map((d) => ({ counter: d.dataset.counter, term: d.querySelector('dt').textContent, meaning: d.querySelector('dd').textContent })));
      const third = a.goal === 'one' ? ['moves', 'Move', a.moveIs] : ['placements', 'Placement', a.placementIs];
      assert.deepEqual(rows, [
        { counter: 'steps', term: 'Step', meaning: `One step is ${a.stepIs}.` },
        { counter: 'checks', term: 'Check', meaning: a.checkIs },
        { counter: third[0], term: third[1], meaning: third[2] },
      ], `${a.id}: the definitions`);
      for (const row of rows) {
        assert.ok(row.meaning.length > 20, `${a.id}: ${row.term} says what it is`);
        // Each defines a counter that is shown.
        assert.ok(await page.locator(`#${row.counter}`).isVisible(), `${a.id}: the ${row.counter} counter is shown`);
      }
    }
    assert.ok(await page.locator('[data-part="definitions"]').isVisible());
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('bitwise: the definition explains its counters, checks = placements − solutions + 1', async () => {
  const bitwise = (await coreAlgorithms()).find((a) => a.id === 'bitwise');
  assert.match(bitwise.placementIs, /checks = placements\s+− solutions \+ 1/);
  const { page, errors } = await openPage('/?algo=bitwise&n=8');
  try {
    await page.click('#run-to-end');
    await waitUntil(() => session(page, 's.done'), { timeout: 20_000, message: 'bitwise to finish' });
    await waitUntil(async () => (await counter(page, 'steps')) === await session(page, 's.stepIndex'), { message: 'the counters to catch up' });
    const [checks, placements, solutions] = [await counter(page, 'checks'), await counter(page, 'placements'), await counter(page, 'solutions')];
    assert.equal(solutions, 92); // OEIS A000170
    assert.equal(checks, placements - solutions + 1, `checks ${checks}, placements ${placements}`);
    assert.ok(checks < placements);
    await screenshot(page, 'meaning-bitwise-definitions');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('every register shown is named in the pseudocode shown and explained under it', async () => {
  const algorithms = await coreAlgorithms();
  const { page, errors } = await openPage('/');
  try {
    for (const a of algorithms) {
      await page.selectOption('#algorithm', a.id);
      for (let i = 0; i < 3; i++) await page.click('#step');
      const names = await session(page, '[...new Set(s.registers().map((r) => r.name))]');
      assert.ok(names.length > 0, `${a.id}: keeps registers`);
      const code = await page.locator('#pseudocode').innerText();
      const glossary = await page.locator('[data-part="glossary"] dt').allTextContents();
      const panel = await page.locator('#registers').innerText();
      for (const name of names) {
        assert.ok(code.includes(name), `${a.id}: register ${name} is not named in the pseudocode shown`);
        assert.ok(glossary.includes(name), `${a.id}: register ${name} is not explained`);
        assert.ok(panel.includes(name), `${a.id}: register ${name} is not labelled in the panel`);
      }
      // The old names that the code never used are gone.
      for (const old of ['tested & ', 'rows[row]', 'depth']) assert.ok(!names.includes(old) && !names.some((n) => n.startsWith(old)), `${a.id}: ${old}`);
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('bits are drawn as the number is written: ld >> 1 moves its bit to the right', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=8&step=2');
  try {
    await page.waitForSelector('#registers tbody tr:nth-child(3)');
    // The core's registers (rows counted from 1, as in the messages): row 2's ld and the queen it placed, row 3's ld.
    const regs = await session(page, 's.registers().filter((r) => r.name === "ld" || r.name === "col").map((r) => [r.group, r.name, r.value])');
    const value = (group, name) => regs.find(([g, n]) => g === group && n === name)[2];
    const bit = value('row 3', 'col') & ~value('row 2', 'col');
    const ld1 = value('row 2', 'ld') | bit;
    const ld2 = value('row 3', 'ld');
    assert.equal(ld2, ld1 >> 1, 'the core shifts ld right by one a row');
    // The picture: the register's 0/1 digits, left to right.
    const lit = (row) => page.evaluate((row) => {
      const digits = document.querySelector(`#registers tbody tr:nth-child(${row + 1}) td[data-name="ld"] .bits`).textContent;
      return [...digits].map((d) => d === '1');
    }, row);
    const bitsOf = (v) => Array.from({ length: 8 }, (_, i) => ((v >> (7 - i)) & 1) === 1);
    assert.deepEqual(await lit(2), bitsOf(ld2), 'row 3 ld: the highest bit on the left, bit 0 on the right');
    assert.equal((await lit(2)).length, 8, 'one digit a bit, N = 8');
    // The queen's bit, ORed into row 2's ld, moves one box to the right in row 3's.
    const from = bitsOf(bit).indexOf(true);
    assert.equal((await lit(2))[from + 1], true, 'the bit moved right');
    assert.match(await page.locator('.bits-note').textContent(), /bit 0 is column 1\. Bits are drawn as the number is written: bit 0 on the right/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('playing at a speed a person can follow, the status line tells each step', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=6&speed=8');
  try {
    await page.click('#play');
    const seen = new Set();
    for (let i = 0; i < 16; i++) {
      const { shown, step, live } = await page.evaluate(() => ({
        shown: document.getElementById('message').textContent,
        step: window.nqueens.session.message(),
        live: document.getElementById('message').getAttribute('aria-live'),
      }));
      assert.ok(!/^Playing at/.test(shown), `the status line says "${shown}"`);
      assert.equal(shown, step, 'the status line is the sentence of the step shown');
      assert.equal(live, 'off', 'eight sentences a second are shown, not spoken');
      seen.add(shown);
      // The next step shown (eight a second at this speed).
      await page.waitForFunction((step) => window.nqueens.session.message() !== step, step);
    }
    assert.ok(seen.size >= 4, `the sentence changes with the steps (${seen.size} seen)`);
    // Faster than a person can read: the speed instead.
    await page.keyboard.press('+');
    await waitUntil(async () => /^Playing at 15 steps\/s/.test(await page.locator('#message').textContent()), { message: 'Playing at 15 steps/s' });
    await page.click('#play');
    await waitUntil(async () => (await page.locator('#message').getAttribute('aria-live')) === 'polite', { message: 'spoken again once paused' });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the algorithm picker shows every name whole, at 1280 and 390 wide', async () => {
  const algorithms = await coreAlgorithms();
  for (const width of [1280, 390]) {
    const { page, errors } = await openPage('/', { viewport: { width, height: 800 } });
    try {
      for (const a of algorithms) {
        await page.selectOption('#algorithm', a.id);
        // A select's scrollWidth is its own width: measure the name in its font instead.
        const { need, room } = await page.evaluate(() => {
          const select = /** @type {HTMLSelectElement} */ (document.getElementById('algorithm'));
          const css = getComputedStyle(select);
          const span = document.createElement('span');
          span.style.cssText = `font: ${css.font}; position: absolute; white-space: pre;`;
          span.textContent = select.selectedOptions[0].textContent;
          document.body.append(span);
          const need = span.getBoundingClientRect().width;
          span.remove();
          // The room for text: the box less its padding and the arrow (about 20px).
          return { need, room: select.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - 20 };
        });
        assert.ok(need <= room, `${width} wide: "${a.name}" needs ${Math.ceil(need)}px, the picker has ${Math.floor(room)}px`);
      }
      if (width === 1280) {
        // Speed and Timeline sit level, even with a long reading.
        await page.selectOption('#algorithm', 'brute-force');
        await page.selectOption('#n', '8');
        await page.evaluate(() => { window.nqueens.session.seek(1_234_567); window.nqueens.refresh(); });
        const tops = await page.evaluate(() => ['speed', 'timeline'].map((id) => document.getElementById(id).getBoundingClientRect().top));
        assert.equal(tops[0], tops[1], `the sliders' tops ${tops}`);
      }
      await screenshot(page, `meaning-picker-${width}`, { fullPage: false });
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
});

test('Predict: the board and the box fit one screen, and a wrong guess is told why', async () => {
  for (const width of [1280, 390]) {
    const { page, errors } = await openPage('/?algo=bitwise&n=8&step=1', { viewport: { width, height: 800 } });
    try {
      await page.locator('#predict').check();
      await pageIdle(page);
      const fit = await page.evaluate(() => {
        const board = document.getElementById('board').getBoundingClientRect();
        const box = document.getElementById('predict').getBoundingClientRect();
        return { top: board.top, bottom: box.bottom, height: innerHeight };
      });
      assert.ok(fit.top >= 0 && fit.bottom <= fit.height, `${width} wide: board from ${fit.top}, box to ${fit.bottom} of ${fit.height}`);
      if (width !== 1280) continue;

      const n = 8;
      const click = async (row, col) => {
        const box = await page.locator('#board').boundingBox();
        await page.mouse.click(box.x + ((col + 0.5) * box.width) / n, box.y + ((row + 0.5) * box.height) / n);
      };
      const PROBED = await page.evaluate(async () => (await import('./www/components/board.js')).CELL.PROBED);
      const probed = () => session(page, `s.cells().findIndex((f) => (f & ${PROBED}) !== 0)`);
      const attacks = (queens, row, col) => queens.findIndex((c, r) => c >= 0 && (r === row || c === col || Math.abs(r - row) === Math.abs(c - col)));

      // A square a queen attacks: the message names that queen.
      let queens = await session(page, '[...s.queens()]');
      const [r1, c1] = [1, 1];
      const by = attacks(queens, r1, c1);
      assert.ok(by >= 0, 'the test picks an attacked square');
      await click(r1, c1);
      await waitUntil(async () => /Not this time/.test(await page.locator('#message').textContent()), { message: 'the verdict' });
      let p = await probed();
      assert.notEqual(p, r1 * n + c1);
      let text = await page.locator('#message').textContent();
      assert.ok(text.includes(`you chose row ${r1 + 1}, column ${c1 + 1}. The queen on row ${by + 1}, column ${queens[by] + 1} attacks it`), text);
      assert.ok(text.includes(`the step looked at row ${Math.floor(p / n) + 1}, column ${(p % n) + 1}`), text);

      // A square no queen attacks: the search looks elsewhere first. The last
      // such square, since bitwise takes the lowest safe square first.
      queens = await session(page, '[...s.queens()]');
      let safe = null;
      for (let sq = n * n - 1; sq >= 0 && !safe; sq--) {
        const [r, c] = [Math.floor(sq / n), sq % n];
        if (queens[r] !== c && attacks(queens, r, c) < 0) safe = [r, c];
      }
      assert.ok(safe, 'the test finds a safe square');
      const before = await session(page, 's.stepIndex');
      await click(...safe);
      await waitUntil(async () => (await session(page, 's.stepIndex')) === before + 1, { message: 'the step' });
      p = await probed();
      text = await page.locator('#message').textContent();
      assert.notEqual(p, safe[0] * n + safe[1], 'the test guesses wrong');
      assert.ok(text.includes(`you chose row ${safe[0] + 1}, column ${safe[1] + 1}. No queen attacks it, but the search looks at row ${Math.floor(p / n) + 1}, column ${(p % n) + 1} first.`), text);
      await screenshot(page, 'meaning-predict', { fullPage: false });
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
});

test('the footer lists the keys of the mode shown, and only those', async () => {
  const { page, errors } = await openPage('/');
  try {
    const shown = () => page.locator('.site-footer .footer-keys').evaluateAll((ps) => ps.filter((p) => p.getClientRects().length > 0).map((p) => p.dataset.keys));
    assert.deepEqual(await shown(), ['visualizer']);
    for (const mode of ['puzzle', 'race', 'runs', 'visualizer']) {
      await page.click(`nav.views [data-view="${mode}"]`);
      await waitUntil(async () => (await shown()).join() === mode, { message: `the ${mode} keys in the footer` });
    }
    await page.click('nav.views [data-view="puzzle"]');
    assert.match(await page.locator('.footer-keys[data-keys="puzzle"]').textContent(), /undo/);
    assert.doesNotMatch(await page.locator('.footer-keys[data-keys="puzzle"]').textContent(), /next solution/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('after a click on Step, Space plays and pauses; Enter presses the focused button (visualizer and race)', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=6');
  try {
    await page.click('#step');
    assert.equal(await counter(page, 'steps'), 1);
    await page.keyboard.press('Space');
    assert.equal(await pressed(page, 'play'), true, 'Space plays although Step has focus');
    await page.keyboard.press('Space');
    assert.equal(await pressed(page, 'play'), false, 'and pauses');
    const steps = await counter(page, 'steps');
    await page.locator('#step').focus();
    await page.keyboard.press('Enter');
    assert.equal(await counter(page, 'steps'), steps + 1, 'Enter presses the focused Step');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await counter(page, 'steps'), steps, '→ and ← after a click step');
    await page.keyboard.press('End');
    await waitUntil(async () => (await counter(page, 'solutions')) === 4, { timeout: 20_000, message: 'End to run to the end' });
    await page.keyboard.press('Home');
    assert.equal(await counter(page, 'steps'), 0, 'Home resets');
    await page.keyboard.press('n');
    await waitUntil(async () => (await counter(page, 'solutions')) === 1, { message: 'N to the first solution' });

    await page.click('#tab-race');
    await page.waitForSelector('#race-step:not([disabled])');
    await page.click('#race-step');
    await page.keyboard.press('Space');
    assert.equal(await pressed(page, 'race-play'), true, 'Space starts the race after a click on its Step');
    await page.keyboard.press('Space');
    assert.equal(await pressed(page, 'race-play'), false);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the symmetry note at N = 5 speaks of N = 5, with counts worked out here', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=5');
  try {
    await page.keyboard.press('End');
    const all = solutions(5);
    await waitUntil(async () => (await counter(page, 'solutions')) === all.length, { timeout: 20_000, message: 'the search to end' });
    await page.click('.gallery-group');
    const note = await page.locator('.gallery-note').textContent();
    assert.doesNotMatch(note, /N = 8/, note);
    const k = classes(all, 5);
    assert.equal(k, 2);
    assert.match(note, new RegExp(`\\(N = 5: ${all.length} solutions, ${k} classes\\)`), note);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('counts of one are singular: one solution at N = 1, one step, one check', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=1');
  try {
    await page.keyboard.press('End');
    await waitUntil(async () => /Reached the end/.test(await page.locator('#message').textContent()), { message: 'the end' });
    const said = await page.locator('#message').textContent();
    assert.equal(solutions(1).length, 1);
    assert.match(said, /: 1 solution\./, said);
    assert.doesNotMatch(`${said} ${await page.locator('.tree-panel').textContent()}`, /\b1 (solutions|steps|checks|classes)\b/);
    await page.click('.gallery-group');
    assert.match(await page.locator('.gallery-note').textContent(), /1 solution found so far falls into 1 class .*\(N = 1: 1 solution, 1 class\)/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
