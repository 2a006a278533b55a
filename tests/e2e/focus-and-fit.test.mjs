// Focus and fit, each checked: a link parameter the tab does
// not read is said; no autofocus inside a cross-origin frame; and the others
// below, one test each.
// test group: slow (scripts/test.sh): frames, keyboards and window sizes, one check each.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { openPage, assertNoErrors, closeHarness, url, waitUntil, CHROMIUM_PATH, CHROMIUM_ARGS, pageIdle } from './helpers.mjs';

after(closeHarness);

test('a parameter the tab does not read is a sentence, not dropped in silence', async () => {
  for (const [path, said] of [
    ['/?mode=puzzle&speed=10', /speed=10 is not read by the Puzzle tab/],
    ['/?mode=count&n=9&speed=10', /speed=10 is not read by the Count tab/],
    ['/?speed=10', /speed=10 is not one of the speeds/],
  ]) {
    const { page, errors } = await openPage(path);
    assert.match(await page.textContent('#error'), said, path);
    assertNoErrors(errors);
    await page.close();
  }
  // What a tab reads is not said.
  const { page } = await openPage('/?mode=race&n=8&speed=10&clock=steps');
  assert.equal(await page.isVisible('#error'), false);
  await page.close();
});

test('in a cross-origin frame the page autofocuses nothing', async () => {
  // A host page on one origin (127.0.0.1), the page framed from another (localhost).
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, '--disable-features=LocalNetworkAccessChecks'] });
  try {
    for (const mode of ['visualizer', 'race']) {
      const page = await browser.newPage();
      const messages = [];
      page.on('console', (message) => messages.push(message.text()));
      const framed = (await url(`/?embed=1&mode=${mode}`)).replace('127.0.0.1', 'localhost');
      const host = await url('/host-page-for-the-test.html');
      await page.route(host, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Lesson</title><iframe src="${framed}" width="640" height="480"></iframe>` }));
      await page.goto(host);
      const frame = await waitUntil(() => page.frames().find((f) => f.url().startsWith(framed)), { message: 'the frame' });
      await frame.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
      await pageIdle(frame);
      assert.deepEqual(messages.filter((text) => /autofocus/i.test(text)), [], mode);
      await page.close();
    }
  } finally {
    await browser.close();
  }
});

test('outside a frame, a dialog still focuses its Close button', async () => {
  const { page, errors } = await openPage('/');
  await page.keyboard.press('?');
  await page.waitForSelector('#keys[open]');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Close');
  assertNoErrors(errors);
  await page.close();
});

test('Many runs: a preset\'s own link runs at once, and a link is judged by the work its runs really do', async () => {
  // The heavy-tail preset's curves, as its link names them (model.js's tokens: id.n.seeds.cap.first, .off without restarts).
  const tail = ['restarts.30.500.10000000.1.off', 'restarts.30.500.10000000.1'];
  const { page: probe } = await openPage('/');
  const cap = await probe.evaluate(() => window.nqueens.wasm.runLengthsBudget('min-conflicts', 20).budget);
  // The truth, timed here: min-conflicts at N = 20 ends its runs in far fewer steps than the cap.
  const longest = await probe.evaluate(() => {
    let most = 0;
    for (let seed = 2; seed < 12; seed++) {
      const s = window.nqueens.wasm.Session.seeded('min-conflicts', 20, seed);
      let steps = 0;
      while (!s.done && steps < 1e6) steps += s.run(1000);
      s.free();
      most = Math.max(most, steps);
    }
    return most;
  });
  await probe.close();
  assert.ok(longest * 100 < cap, `runs of ${longest} steps against a cap of ${cap}`);
  for (const curves of [tail, [`min-conflicts.20.1000.${cap}.2`, `min-conflicts.20.1000.${cap}.1002`]]) {
    const { page, errors } = await openPage(`/?mode=runs&curves=${curves.join(',')}`);
    await page.waitForFunction(() => ['running', 'done'].includes(document.querySelector('#runs')?.getAttribute('data-state') ?? ''), null, { timeout: 20_000 });
    assert.equal(await page.$('#runs [data-part="ask"]'), null, `no question for ${curves}`);
    assertNoErrors(errors);
    await page.close();
  }
});

test('Many runs has Copy link and Copy embed code, like the other tabs', async () => {
  const { page, errors, context } = await openPage('/?mode=runs&curves=hill-climbing.20.30.1000.1');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.waitForFunction(() => document.querySelector('#runs')?.getAttribute('data-state') === 'done', null, { timeout: 30_000 });
  await page.fill('#runs-n', '12');
  await page.click('#runs-copy-link');
  await waitUntil(async () => /Link copied/.test(await page.textContent('#runs-status')), { message: 'the sentence' });
  const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  assert.equal(copied.searchParams.get('mode'), 'runs');
  assert.equal(copied.searchParams.get('n'), '12', 'the form as it stands');
  assert.match(copied.searchParams.get('curves') ?? '', /hill-climbing\.20\.30\.1000\.1/);
  await page.click('#runs-copy-embed');
  assert.match(await page.inputValue('#embed-code-text'), /<iframe src="[^"]*mode=runs[^"]*embed=1/);
  assertNoErrors(errors);
  await page.close();
});

test('a skip link is the first stop of the keyboard and goes to the tab shown; the race results table has a caption', async () => {
  const { page, errors } = await openPage('/?mode=race&n=6&lanes=bitwise,backtracking');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to the content');
  assert.ok(await page.evaluate(() => { const r = document.activeElement.getBoundingClientRect(); return r.top >= 0 && r.height > 10; }), 'shown when focused');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'race');
  await page.click('#race-run-to-end');
  await waitUntil(() => page.evaluate(() => document.getElementById('race').dataset.ended === 'true'), { timeout: 20_000, message: 'the race to end' });
  const caption = await page.evaluate(() => document.querySelector('#race-results caption')?.textContent ?? '');
  assert.match(caption, /one row a lane/);
  assertNoErrors(errors);
  await page.close();
});

test('race set-up at 1280 and 1920 wide: no empty block above the pickers', async () => {
  for (const width of [1280, 1920]) {
    const { page, errors } = await openPage('/?mode=race', { viewport: { width, height: 900 } });
    const gaps = await page.evaluate(() => {
      const setup = document.querySelector('#race .race-setup').getBoundingClientRect();
      return [...document.querySelectorAll('#race .race-setup > .field:not([hidden])')].map((field) => field.getBoundingClientRect().top - setup.top);
    });
    assert.ok(gaps.length >= 3 && gaps.every((gap) => gap < 8), `${width}: the pickers start at the top of the set-up (${gaps.map(Math.round)} px below it)`);
    assertNoErrors(errors);
    await page.close();
  }
});

test('a race embed that asks for the chart starts it near the top of its 640×480 frame', async () => {
  const { page, errors } = await openPage('/?mode=race&embed=1&panels=chart,results', { viewport: { width: 640, height: 480 } });
  const top = await page.evaluate(() => document.getElementById('race-chart').getBoundingClientRect().top);
  assert.ok(top < 300, `the chart starts ${Math.round(top)} px down`);
  assertNoErrors(errors);
  await page.close();
  // Without panels, the lanes come right under the controls, as before.
  const plain = await openPage('/?mode=race&embed=1', { viewport: { width: 640, height: 480 } });
  const lanes = await plain.page.evaluate(() => document.querySelector('#race .race-lanes').getBoundingClientRect().top);
  assert.ok(lanes < 240, `the lanes start ${Math.round(lanes)} px down`);
  await plain.page.close();
});

test('on a phone the Learn practice table fits the screen, and a marked cell shows no "?"', async () => {
  const sizes = new Set();
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const { page, errors } = await openPage(`/?mode=learn&chapter=5&kind=free-columns&seed=${seed}`, { viewport: { width: 390, height: 844 } });
    await page.waitForSelector('#learn .learn-bits');
    sizes.add(await page.evaluate(() => document.querySelectorAll('#learn .learn-bits [data-column]').length));
    const [scrollWidth, right] = await page.evaluate(() => [document.documentElement.scrollWidth, document.querySelector('#learn .learn-bits').getBoundingClientRect().right]);
    assert.ok(scrollWidth <= 390 && right <= 390, `seed ${seed}: the page is ${scrollWidth} px wide, the table ends at ${right}`);
    const cell = page.locator('#learn .learn-bits [data-column] >> nth=0');
    await cell.click();
    assert.equal(await cell.getAttribute('aria-pressed'), 'true');
    assert.ok(!(await cell.textContent()).includes('?'), 'the marked cell shows no "?"');
    await cell.click();
    assert.equal(await cell.textContent(), '?', 'unmarked again, it asks again');
    assertNoErrors(errors);
    await page.close();
  }
  assert.ok(Math.max(...sizes) >= 7, `the boards tried: N = ${[...sizes]}`);
});

test('the search tree saves as a PNG a slide wide, whatever the window', async () => {
  for (const viewport of [{ width: 1920, height: 1080 }, { width: 390, height: 844 }]) {
    const { page, errors } = await openPage('/?algo=backtracking&n=8&step=300', { viewport });
    await page.waitForSelector('#tree-canvas[data-draw-ms]');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.click('button[data-save-png="tree-canvas"]')]);
    const bytes = await (await import('node:fs/promises')).readFile(await download.path());
    // A PNG's IHDR: its width and height, big-endian, at bytes 16 and 20.
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    assert.equal(width, 1920, `${viewport.width} px window: a ${width}×${height} PNG`);
    // Eight bands and the strip of ticks, each scaled as the width is.
    const shown = await page.evaluate(() => document.getElementById('tree-canvas').getBoundingClientRect());
    const expected = (shown.height / shown.width) * 1920;
    assert.ok(Math.abs(height - expected) <= 12, `${viewport.width} px window: ${height} px high, the shown tree's shape gives ${Math.round(expected)}`);
    assertNoErrors(errors);
    await page.close();
  }
});

test('Predict by keyboard: the board takes the focus, the arrows move a cursor, Enter guesses', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=6');
  const stepIndex = () => page.evaluate(() => window.nqueens.session.stepIndex);
  await page.focus('#predict');
  await page.keyboard.press('Space');
  assert.equal(await page.evaluate(() => document.getElementById('board').tabIndex), 0, 'the board is in the Tab order');
  await page.focus('#board');
  assert.ok(await page.isVisible('.predict-cursor'), 'a cursor shows on the board');
  // The first step of row-by-row backtracking looks at row 1, column 1: where the cursor starts.
  await page.keyboard.press('Enter');
  assert.equal(await stepIndex(), 1);
  assert.match(await page.textContent('#message'), /^Right!.*\(1 of 1 right\)/);
  // Row 2 then tries its lowest column no queen holds: column 2 (row 1's queen holds column 1).
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepIndex(), 1, 'the arrows move the cursor, not the search');
  await page.keyboard.press('Enter');
  assert.equal(await stepIndex(), 2);
  assert.match(await page.textContent('#message'), /^Right!.*\(2 of 2 right\)/);
  // A wrong guess is told so.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#message'), /^Not this time: you chose row 3, column 4\./);
  assertNoErrors(errors);
  await page.close();
});

test('the search tree by keyboard: the arrows walk its nodes, Enter goes to the first step that reached one', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=6&step=40');
  const stepIndex = () => page.evaluate(() => window.nqueens.session.stepIndex);
  await page.waitForSelector('#tree-canvas[data-draw-ms]');
  assert.equal(await page.evaluate(() => document.getElementById('tree-canvas').tabIndex), 0, 'the tree is in the Tab order');
  const first = await page.evaluate(() => window.nqueens.session.queens()[0]);
  await page.focus('#tree-canvas');
  await page.keyboard.press('ArrowLeft'); // the first key picks the node of row 1's queen
  assert.match(await page.textContent('#visualizer [data-part="tree-tip"]'), new RegExp(`^row 1: column ${first + 1};`));
  for (let i = 0; i < first; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#visualizer [data-part="tree-tip"]'), /^rows 1–2: columns 1, 3;/);
  assert.equal(await stepIndex(), 40, 'the arrows walk the tree, not the search');
  // Row 1, column 1 then row 2, column 3: the search's first safe pair, placed at its third step
  // (step 1 places row 1's queen, step 2 rejects row 2, column 2, step 3 places row 2, column 3).
  await page.keyboard.press('Enter');
  await waitUntil(async () => (await stepIndex()) === 3, { message: 'the step that reached the node' });
  assertNoErrors(errors);
  await page.close();
});

test('on a phone the race lanes come into view after Play, and the puzzle\'s coach line is on the first screen', async () => {
  const phone = { width: 390, height: 844 };
  const { page, errors } = await openPage('/?mode=race&n=6', { viewport: phone });
  const laneTop = () => page.evaluate(() => document.querySelector('#race [data-lane]').getBoundingClientRect().top);
  assert.ok((await laneTop()) > phone.height, 'the lanes start below the first screen');
  await page.click('#race-play');
  await waitUntil(async () => (await laneTop()) < phone.height - 150, { message: 'the lanes to come into view' });
  assert.ok(await page.evaluate(() => { const r = document.getElementById('race-play').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }), 'Play (now Pause) stays in view');
  assertNoErrors(errors);
  await page.close();
  const puzzle = await openPage('/?mode=puzzle', { viewport: phone });
  const coach = await puzzle.page.evaluate(() => document.getElementById('coach').getBoundingClientRect().bottom);
  assert.ok(coach <= phone.height, `the coach's line ends ${Math.round(coach)} px down`);
  assertNoErrors(puzzle.errors);
  await puzzle.page.close();
});
