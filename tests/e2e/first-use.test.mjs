// End-to-end tests of what a new user meets and of the page's own
// recovery from a wasm trap: the first screen, shortcuts
// after a pick, gallery jumps in view, deep links with progress, and a fresh
// solver after a panic. Screenshots go to test-results/screenshots/first-*.png.
// test group: slow (scripts/test.sh): what a new user meets first, one check each.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, screenshot, closeHarness, waitUntil, pageIdle, counter } from './helpers.mjs';

after(closeHarness);

const session = (page, expression) => page.evaluate(`(() => { const s = window.nqueens.session; return ${expression}; })()`);
const playing = (page) => page.evaluate(() => document.getElementById('play').getAttribute('aria-pressed') === 'true');
const waitForPause = (page) => waitUntil(async () => !(await playing(page)), { timeout: 20_000, message: 'the page to stop running' });

/** The parts of the element matched by `selector` that lie outside the viewport ({} when wholly inside). */
const outside = (page, selector) => page.evaluate((selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) out.push(`${el.id || el.className}: not shown`);
    else if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
      out.push(`${el.id || el.className}: ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
  }
  return out;
}, selector);

test('the first screen holds the board, the message, the playback controls and a hint', async () => {
  for (const [width, height] of [[1280, 800], [1280, 720], [1440, 900]]) {
    for (const path of ['/', '/?algo=bitwise&n=16']) {
      const { page, errors } = await openPage(path, { viewport: { width, height } });
      try {
        const off = await outside(page, '#board, #message, .controls button, [data-part="hint"]');
        assert.deepEqual(off, [], `${width}×${height} ${path}: off the first screen: ${off.join('; ')}`);
        assert.match(await page.locator('[data-part="hint"]').textContent(), /Space.*Play|Play.*Space/);
        await screenshot(page, `first-screen-${width}x${height}${path === '/' ? '' : '-n16'}`, { fullPage: false });
        assertNoErrors(errors);
      } finally {
        await page.close();
      }
    }
  }
});

test('shortcuts work after picking an algorithm, N or a speed, and fields keep their keys', async () => {
  const { page, errors } = await openPage('/');
  try {
    // Pick an algorithm, press Space: it plays.
    await page.selectOption('#algorithm', 'bitwise');
    await page.keyboard.press('Space');
    await waitUntil(() => playing(page), { message: 'Space to play after a pick' });
    await page.keyboard.press('Space');
    await waitForPause(page);

    // Pick N, then the arrows step.
    await page.selectOption('#n', '6');
    assert.equal(await session(page, 's.n'), 6);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await counter(page, 'steps'), 2, '→ steps after picking N');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await counter(page, 'steps'), 1, '← steps back after picking N');

    // Move the speed slider, then N runs to the next solution.
    await page.locator('#speed').fill('12');
    await page.keyboard.press('n');
    await waitUntil(async () => (await counter(page, 'solutions')) === 1, { message: 'N to find a solution after a speed change' });

    // A slider with focus from the keyboard keeps its arrows; Space still plays.
    await page.locator('#timeline').focus();
    const before = Number(await page.locator('#timeline').inputValue());
    await page.keyboard.press('ArrowLeft');
    assert.equal(Number(await page.locator('#timeline').inputValue()), before - 1, 'the timeline keeps ←');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'timeline');

    // A text field keeps every key: typing N and Space into Solve big's field steps nothing.
    const steps = await counter(page, 'steps');
    await page.locator('#solve-big-n').focus();
    await page.keyboard.press('n');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    assert.equal(await counter(page, 'steps'), steps, 'keys typed into a field are no shortcuts');
    assert.equal(await playing(page), false);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a button that disables itself hands focus to Play, not to the page', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=6');
  try {
    await page.locator('#run-to-end').focus();
    await page.keyboard.press('Enter');
    await waitUntil(() => session(page, 's.done'), { message: 'the search to end' });
    await waitForPause(page);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'play');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a gallery pick brings the board into view, on a desktop and on a phone', async () => {
  for (const viewport of [{ width: 1280, height: 1000 }, { width: 390, height: 844 }]) {
    const { page, errors } = await openPage('/?algo=bitwise&n=8', { viewport });
    try {
      await page.click('#run-to-end');
      await waitUntil(() => session(page, 's.done'), { timeout: 20_000, message: 'the search to finish' });
      await waitForPause(page);
      await waitUntil(async () => (await page.locator('#gallery button').count()) === 92, { message: 'the gallery to fill' });
      const tenth = page.locator('#gallery button').nth(9);
      await tenth.scrollIntoViewIfNeeded();
      assert.notDeepEqual(await outside(page, '#board'), [], 'the board is off screen before the pick');
      await tenth.click();
      assert.equal(await session(page, 's.stepIndex'), Number(await tenth.getAttribute('data-step')));
      await waitUntil(async () => (await outside(page, '#board')).length === 0, { message: `the board in view at ${viewport.width}px` });
      await screenshot(page, `first-gallery-pick-${viewport.width}`, { fullPage: false });

      // One Tab stop for the whole gallery; arrows move inside it and don't step.
      assert.equal(await page.locator('#gallery button[tabindex="0"]').count(), 1, 'a roving tabindex');
      await page.locator('#gallery button[tabindex="0"]').focus();
      const steps = await counter(page, 'steps');
      await page.keyboard.press('ArrowRight');
      const focused = await page.evaluate(() => document.activeElement?.dataset.step);
      assert.ok(focused, 'focus moved to another mini board');
      assert.equal(await counter(page, 'steps'), steps, '→ in the gallery moves focus, not the search');
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
});

test('a deep link to a far step shows its progress, keeps ?step= and can be cancelled', async () => {
  const target = 400_000_000; // permutations at 12: 479,001,600 steps in all
  const { page, errors } = await openPage(`/?algo=permutations&n=12&step=${target}`);
  try {
    await waitUntil(() => page.locator('#going').isVisible(), { message: 'the progress box' });
    await waitUntil(async () => /Going to step 400,000,000: [1-9]\d?%…/.test(await page.locator('#going').textContent()), {
      timeout: 15_000,
      message: 'a percentage',
    });
    assert.match(page.url(), new RegExp(`step=${target}`), 'the URL keeps the step while going');
    assert.equal(await page.locator('#play .label').textContent(), 'Play', 'Play does not claim to be pausing something');
    await screenshot(page, 'first-deep-link-progress', { fullPage: false });
    await page.click('#going-cancel');
    assert.equal(await page.locator('#going').isVisible(), false);
    const reached = await session(page, 's.stepIndex');
    assert.ok(reached > 0 && reached < target, `stopped on the way: ${reached}`);
    assert.match(await page.locator('#message').textContent(), /Stopped at step/);
    await waitUntil(() => page.url().includes(`step=${reached}`), { message: 'the URL to follow the step reached' });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a deep link far into backtracking at N=20 arrives in seconds', async () => {
  const target = 100_000_000;
  const start = Date.now();
  const { page, errors } = await openPage(`/?algo=backtracking&n=20&step=${target}`);
  try {
    await waitUntil(async () => (await counter(page, 'steps')) === target, { timeout: 30_000, message: `step ${target}` });
    const seconds = (Date.now() - start) / 1000;
    console.log(`# backtracking N=20 to step ${target}: ${seconds.toFixed(1)} s including page load`);
    assert.equal(await page.locator('#going').isVisible(), false);
    assert.match(page.url(), new RegExp(`step=${target}`));
    assert.equal(await page.locator('#message').textContent(), await session(page, 's.message()'));
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('after a wasm trap the page restarts the solver and is back where it was', async () => {
  const { page, errors, consoleMessages } = await openPage('/?algo=bitwise&n=8&step=1234');
  try {
    await waitUntil(async () => (await counter(page, 'steps')) === 1234, { message: 'step 1234' });
    await page.evaluate(() => { window.firstCore = window.nqueens.wasm; });
    const thrown = await page.evaluate(() => {
      try { window.nqueens.wasm.debugPanic('trap 4242'); } catch (e) { return e instanceof WebAssembly.RuntimeError; }
      return false;
    });
    assert.ok(thrown, 'debugPanic traps');
    await page.waitForFunction(() => /trap 4242[\s\S]*restarted; you are back at step 1,234/.test(document.getElementById('error').textContent), null, { timeout: 5_000 });
    assert.ok(consoleMessages.some((m) => m.type === 'error' && m.text.includes('trap 4242')), 'the panic is in the console');
    assert.equal(await page.evaluate(() => window.nqueens.wasm !== window.firstCore), true, 'a new instance');
    assert.equal(await session(page, 's.algorithm + " " + s.n + " " + s.stepIndex'), 'bitwise 8 1234');
    assert.equal(await page.locator('#reload').count(), 0, 'no Reload: the page recovered');
    await page.click('#step');
    assert.equal(await counter(page, 'steps'), 1235, 'stepping works again');
    await page.click('#step-back');
    await page.click('#step-back');
    assert.equal(await counter(page, 'steps'), 1233, 'and stepping back');
    await screenshot(page, 'first-after-trap', { fullPage: false });

    // A second trap is recovered from too.
    await page.evaluate(() => { try { window.nqueens.wasm.debugPanic('trap 2'); } catch {} });
    await page.waitForFunction(() => /trap 2[\s\S]*back at step 1,233/.test(document.getElementById('error').textContent), null, { timeout: 5_000 });
    await page.click('#step');
    assert.equal(await counter(page, 'steps'), 1234);
    assertNoErrors(errors, { allow: [/trap 4242/, /trap 2/, /unreachable/i, /RuntimeError/] });
  } finally {
    await page.close();
  }
});

test('? lists the shortcuts in a dialog; the keys stay in it until it closes', async () => {
  const { page, errors } = await openPage('/');
  try {
    await page.keyboard.press('?');
    assert.equal(await page.locator('#keys').isVisible(), true, '? opens the list');
    assert.match(await page.locator('#keys').textContent(), /Space[\s\S]*play \/ pause/);
    await page.keyboard.press('ArrowRight');
    assert.equal(await counter(page, 'steps'), 0, 'no step while the dialog is open');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#keys').isVisible(), false, 'Esc closes it');
    await page.click('[data-part="show-keys"]');
    assert.equal(await page.locator('#keys').isVisible(), true, 'the hint\'s button opens it too');
    await screenshot(page, 'first-keys-dialog', { fullPage: false });
    await page.click('#keys button');
    assert.equal(await page.locator('#keys').isVisible(), false);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the speed is in the link, and Copy link copies algorithm, N, step and speed', async () => {
  const { page, context, errors } = await openPage('/?algo=bitwise&n=6&speed=500');
  try {
    assert.match(await page.locator('#speed-value').textContent(), /500 steps\/s/);
    await page.keyboard.press('+');
    await waitUntil(() => page.url().includes('speed=1000'), { message: 'the URL to follow the speed' });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#copy-link');
    await waitUntil(async () => /Link copied/.test(await page.locator('#message').textContent()), { message: 'the copy' });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const link = new URL(copied);
    assert.equal(link.searchParams.get('algo'), 'bitwise');
    assert.equal(link.searchParams.get('n'), '6');
    assert.equal(link.searchParams.get('step'), '2');
    assert.equal(link.searchParams.get('speed'), '1000');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
  // A bad speed is a sentence, and the usual speed.
  const bad = await openPage('/?speed=fast');
  try {
    assert.match(await bad.page.locator('#error').textContent(), /speed=fast/);
    assert.match(await bad.page.locator('#speed-value').textContent(), /4 steps\/s/);
  } finally {
    await bad.page.close();
  }
});

test('the gallery groups the 92 solutions of N=8 into 12 symmetry classes and lights a pick\'s twins', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=8');
  try {
    await page.click('#run-to-end');
    await waitUntil(() => session(page, 's.done'), { timeout: 20_000, message: 'the search to finish' });
    await waitForPause(page);
    await waitUntil(async () => (await page.locator('#gallery button[data-step]').count()) === 92, { message: 'the gallery to fill' });
    await page.click('#gallery button[data-step] >> nth=2');
    // The current board's class-mates are lit: every class at N=8 has 8 boards but one, which has 4.
    const twins = await page.locator('#gallery button.twin').count();
    assert.ok(twins === 7 || twins === 3, `twins lit: ${twins}`);
    await page.click('.gallery-group');
    const sizes = await page.$$eval('#gallery .sym-class', (groups) => groups.map((g) => g.querySelectorAll('button[data-step]').length));
    assert.equal(sizes.length, 12, 'N = 8 has 12 fundamental solutions');
    assert.deepEqual([...sizes].sort((a, b) => a - b), [4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
    assert.match(await page.locator('.gallery-note').textContent(), /12 classes[\s\S]*fundamental/);
    // Each board after a class's first says which rotation or reflection it is.
    assert.match(await page.locator('#gallery .sym-class >> nth=0').textContent(), /↻90°|↺90°|↻180°|⇆|⇅|⤡|⤢/);
    await page.locator('.gallery-tools').scrollIntoViewIfNeeded();
    await screenshot(page, 'first-gallery-by-class', { fullPage: false });
    await page.click('.gallery-group');
    assert.equal(await page.locator('#gallery .sym-class').count(), 0, 'back to the order found');
    assert.equal(await page.locator('#gallery button[data-step]').count(), 92);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('when a tab\'s module cannot be loaded, the page and the tab itself say so, and the other tabs work', async () => {
  const { page, errors } = await openPage('/');
  try {
    await page.route('**/race/mode.js', (route) => route.abort());
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('nav.views [data-view="race"]');
    await page.waitForFunction(() => /Race tab could not be loaded/.test(document.getElementById('error')?.textContent ?? ''));
    await page.waitForFunction(() => !/Loading/.test(document.getElementById('race-message')?.textContent ?? ''));
    assert.match(await page.locator('#race-message').textContent(), /could not be loaded: check your connection and reload/);
    // Another tab still opens and works.
    await page.click('nav.views [data-view="visualizer"]');
    await page.click('#step');
    await waitUntil(async () => (await page.locator('#steps').textContent()) === '1', { message: 'one step counted' });
    assertNoErrors(errors, { allow: [/race\/mode\.js/, /Could not load the race mode/, /Failed to fetch dynamically imported module/] });
  } finally {
    await page.close();
  }
});

test('when the solver cannot be loaded, the page says so in words for its user, and nothing throws', async () => {
  // The first load finishes before the wasm is cut off, so that the reload
  // aborts no request of its own (a request cut by a reload is no error).
  const { page, errors } = await openPage('/');
  try {
    await page.route('**/nqueens_bg.wasm', (route) => route.abort());
    await page.reload();
    await page.waitForFunction(() => /could not be loaded/.test(document.getElementById('error')?.textContent ?? ''));
    const text = await page.locator('#error').textContent();
    assert.doesNotMatch(text, /scripts\/|build\.sh|pkg\//, `speaks to the user, not the builder: ${text}`);
    assert.match(await page.locator('#message').textContent(), /could not be loaded/);
    assert.equal(await page.locator('#count-start').count(), 0, 'no Count button that cannot work');
    await pageIdle(page);
    // The aborted request itself is the only error.
    assertNoErrors(errors, { allow: [/nqueens_bg\.wasm/] });
  } finally {
    await page.close();
  }
});
