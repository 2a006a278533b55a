// End-to-end tests of the visualizer page: the board, the controls, the panels,
// keyboard shortcuts, URL parameters, and that bad input leaves a working page.
// Each test saves screenshots to test-results/screenshots/page-*.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, revisit, assertNoErrors, canvasStats, screenshot, closeHarness, waitUntil, coreAlgorithms, schemeShown, counter } from './helpers.mjs';

after(closeHarness);

const ALGORITHMS = await coreAlgorithms();
/** The largest board any search steps through, from the core: one more is out of range. */
const MOST_N = Math.max(...ALGORITHMS.map((a) => a.maxN));
/** The largest board of backtracking, the page's default search. */
const BACKTRACKING_N = ALGORITHMS.find((a) => a.id === 'backtracking').maxN;

// ---- Small page helpers ------------------------------------------------------

/** The board's exact pixels, as a PNG data URL (equal strings = identical boards). */
const boardPixels = (page) => page.evaluate(() => document.getElementById('board').toDataURL('image/png'));

/** The visualizer's counters, each its data-value. */
const counters = async (page) => {
  const out = {};
  for (const id of ['steps', 'checks', 'placements', 'backtracks', 'solutions']) out[id] = await counter(page, id);
  return out;
};

const session = (page, expression) => page.evaluate(`(() => { const s = window.nqueens.session; return ${expression}; })()`);

/** Takes focus off any control, so keys go to the page's shortcuts. */
const blur = (page) => page.evaluate(() => document.activeElement?.blur());

/** Waits until the page is idle (not playing or running). */
const waitForPause = (page) => waitUntil(
  () => page.evaluate(() => document.getElementById('play').getAttribute('aria-pressed') !== 'true'),
  { timeout: 20_000, message: 'the page to stop running' },
);

// ---- Tests -------------------------------------------------------------------

test('the other tabs are built when first opened: no worker and no count form at the start; a link builds its own tab at once', async () => {
  const { page, errors } = await openPage('/');
  try {
    // Built at the start, count mode's form would be in the page and race mode's model in window.nqueens.
    assert.equal(await page.locator('#count-start').count(), 0, 'count mode is not built before its tab opens');
    assert.equal(await page.evaluate(() => 'race' in window.nqueens), false, 'race mode is not built before its tab opens');
    assert.equal(page.workers().length, 0, 'no worker runs before a mode starts one');
    await page.click('nav.views [data-view="count"]');
    await page.waitForSelector('#count-start', { state: 'visible' });
    await page.click('nav.views [data-view="race"]');
    await waitUntil(() => page.evaluate(() => window.nqueens.race !== null && window.nqueens.race !== undefined), { message: 'race mode built' });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
  // A link to a mode builds it with the page, at the link's state.
  const linked = await openPage('/?mode=race&n=6');
  try {
    assert.equal(await linked.page.evaluate(() => window.nqueens.race?.n), 6, 'the linked race, at the link\'s N');
    assert.equal(await linked.page.locator('#count-start').count(), 0, 'count mode still waits for its tab');
    assertNoErrors(linked.errors);
  } finally {
    await linked.page.close();
  }
});

test('stepping changes the board and the counters', async () => {
  const { page, errors } = await openPage('/');
  try {
    assert.deepEqual(await counters(page), { steps: 0, checks: 0, placements: 0, backtracks: 0, solutions: 0 });
    assert.equal(await page.locator('#pseudocode li.current').count(), 0, 'no pseudocode line before the first step');
    const empty = await boardPixels(page);
    await screenshot(page, 'page-start');

    await page.click('#step');
    assert.equal(await counter(page, 'steps'), 1);
    assert.notEqual(await boardPixels(page), empty, 'the first step should change the board');
    assert.equal(await page.locator('#pseudocode li.current').count(), 1, 'the last step\'s line is highlighted');
    const message = await page.locator('#message').textContent();
    assert.equal(message, await session(page, 's.message()'), '#message says what the step did');
    assert.equal(await page.locator('#message').getAttribute('aria-live'), 'polite');

    for (let i = 0; i < 9; i++) await page.click('#step');
    const after10 = await counters(page);
    assert.equal(after10.steps, 10);
    assert.ok(after10.checks > 0 && after10.placements > 0, `counters moved: ${JSON.stringify(after10)}`);
    assert.equal(Number(await page.locator('#timeline').inputValue()), 10, 'the timeline follows the steps');
    assert.ok((await page.locator('#registers').textContent()).length > 0, 'registers are shown');
    await screenshot(page, 'page-after-10-steps');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('threatened squares turn red after the first queen is placed', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=8');
  try {
    const before = await canvasStats(page, '#board');
    assert.equal(before.reddish, 0, 'an empty board has no red');
    // Step until a queen is on the board.
    for (let i = 0; i < 5 && (await counter(page, 'placements')) === 0; i++) await page.click('#step');
    assert.ok((await counter(page, 'placements')) >= 1, 'a queen was placed');
    const afterPlacement = await canvasStats(page, '#board');
    assert.ok(
      afterPlacement.reddish > 0.01 * afterPlacement.pixels,
      `threatened squares should be red: ${afterPlacement.reddish} reddish of ${afterPlacement.pixels}`,
    );
    await screenshot(page, 'page-first-queen');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('step back restores the previous board exactly', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=8');
  try {
    for (let i = 0; i < 6; i++) await page.click('#step');
    const board6 = await boardPixels(page);
    const counters6 = await counters(page);
    const message6 = await page.locator('#message').textContent();

    await page.click('#step');
    assert.notEqual(await boardPixels(page), board6, 'step 7 looks different');
    await page.click('#step-back');
    assert.equal(await counter(page, 'steps'), 6);
    assert.equal(await boardPixels(page), board6, 'the board after step back is pixel-identical');
    assert.deepEqual(await counters(page), counters6);
    assert.equal(await page.locator('#message').textContent(), message6);

    // The timeline seeks too, and the gallery/URL follow the step.
    await page.locator('#timeline').fill('3');
    assert.equal(await counter(page, 'steps'), 3);
    await page.locator('#timeline').fill('6');
    assert.equal(await boardPixels(page), board6, 'seeking back to step 6 gives the same board');
    await screenshot(page, 'page-step-back');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('switching algorithm and N restarts, keeps N, and disables what cannot run', async () => {
  const { page, errors } = await openPage('/');
  try {
    await page.click('#step');
    await page.selectOption('#algorithm', 'permutations');
    assert.equal(await session(page, 's.algorithm'), 'permutations');
    assert.equal(await session(page, 's.n'), 8, 'switching algorithm keeps N');
    assert.equal(await counter(page, 'steps'), 0, 'switching algorithm restarts');
    assert.match(page.url(), /algo=permutations/);
    const pseudo = await page.locator('#pseudocode').textContent();
    assert.ok(pseudo.length > 10, 'pseudocode shown');

    // N = 10: brute force and bitboard scan (up to 8×8) are disabled, and the page says why.
    await page.selectOption('#n', '10');
    assert.equal(await session(page, 's.n'), 10);
    assert.match(page.url(), /n=10/);
    assert.equal(await page.locator('#algorithm option[value="brute-force"]').isDisabled(), true);
    assert.equal(await page.locator('#algorithm option[value="bitwise"]').isDisabled(), false);
    assert.match(await page.locator('#algorithm-note').textContent(), /8×8/);
    const canvas = await canvasStats(page, '#board');
    assert.ok(canvas.distinctColors >= 2);
    for (let i = 0; i < 3; i++) await page.click('#step');
    await screenshot(page, 'page-permutations-n10');

    // N = 12 with bitwise; then back to 5 and brute force.
    await page.selectOption('#algorithm', 'bitwise');
    await page.selectOption('#n', '12');
    for (let i = 0; i < 20; i++) await page.click('#step');
    assert.equal(await session(page, 's.algorithm + " " + s.n'), 'bitwise 12');
    await screenshot(page, 'page-bitwise-n12');

    await page.selectOption('#n', '5');
    await page.selectOption('#algorithm', 'brute-force');
    for (let i = 0; i < 12; i++) await page.click('#step');
    assert.equal(await session(page, 's.algorithm + " " + s.n'), 'brute-force 5');
    await screenshot(page, 'page-brute-force-n5');

    await page.selectOption('#n', '8');
    await page.selectOption('#algorithm', 'bitboard-scan');
    for (let i = 0; i < 10; i++) await page.click('#step');
    assert.equal(await session(page, 's.algorithm + " " + s.n'), 'bitboard-scan 8');
    await screenshot(page, 'page-bitboard-scan');

    // Brute force can't do 12×12: choosing it says so and leaves the board as it was.
    await page.selectOption('#algorithm', 'brute-force');
    await page.selectOption('#n', '12');
    assert.equal(await session(page, 's.n'), 8, 'the unsupported N is refused');
    assert.equal(await page.locator('#n').inputValue(), '8');
    assert.match(await page.locator('#error').textContent(), /8×8/);
    await page.click('#step');
    assert.equal(await counter(page, 'steps'), 1, 'the page still works');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('run to end of bitwise at N=8 finds 92 solutions, and the gallery seeks', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=8');
  try {
    await page.click('#run-to-end');
    await waitUntil(() => session(page, 's.done'), { timeout: 20_000, message: 'the search to finish' });
    await waitForPause(page);
    // The counters and the gallery are drawn on the frame after the last step.
    await waitUntil(async () => (await page.locator('#solutions').textContent()) === '92', { message: 'the counter to show 92 solutions' });
    assert.equal(await page.locator('#gallery button').count(), 92);
    assert.match(await page.locator('#message').textContent(), /92 solutions/);
    await screenshot(page, 'page-bitwise-92');

    // Clicking a mini board shows that solution.
    const third = page.locator('#gallery button').nth(2);
    const step = Number(await third.getAttribute('data-step'));
    await third.click();
    assert.equal(await session(page, 's.stepIndex'), step);
    assert.equal(await session(page, 's.stepKind'), 'solution');
    assert.equal(await third.getAttribute('aria-current'), 'true');
    assert.equal(await page.locator('#timeline').inputValue(), String(step), 'the timeline shows the step');
    assert.equal(await page.locator('#timeline-value').textContent(), `${step} / 4,112`);
    assert.equal(await counter(page, 'solutions'), 3, 'three solutions by this step');
    assert.equal(await page.locator('#gallery button').count(), 92, 'the later solutions stay in the gallery');
    assert.equal(await page.locator('#gallery button.ahead').count(), 89, '…dimmed, as found further on');
    assert.match(await page.locator('#gallery-count').textContent(), /3 by this step, 92 found/);
    await screenshot(page, 'page-gallery-seek');

    // Next solution goes on from there.
    await page.click('#next-solution');
    await waitForPause(page);
    assert.equal(await session(page, 's.stepKind'), 'solution');
    assert.equal(await counter(page, 'solutions'), 4);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('keyboard shortcuts: arrows, Space, Home, End', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=6');
  try {
    await blur(page);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    assert.equal(await counter(page, 'steps'), 3);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await counter(page, 'steps'), 2);

    // Space plays (at top speed, to see it move quickly) and pauses.
    await page.locator('#speed').fill(await page.locator('#speed').getAttribute('max'));
    await blur(page);
    await page.keyboard.press('Space');
    await waitUntil(async () => (await session(page, 's.stepIndex')) > 2, { message: 'playing to move on' });
    await page.keyboard.press('Space');
    await waitForPause(page);
    await page.keyboard.press('Home');
    assert.equal(await counter(page, 'steps'), 0, 'Home resets');

    await page.keyboard.press('End');
    await waitUntil(() => session(page, 's.done'), { timeout: 10_000, message: 'End to run to the end' });
    await waitForPause(page);
    assert.equal(await counter(page, 'solutions'), 4, 'six queens have 4 solutions');
    await page.keyboard.press('Home');
    await page.keyboard.press('n');
    await waitForPause(page);
    assert.equal(await counter(page, 'solutions'), 1, 'N runs to the next solution');

    // Every control says which key it answers to, and can be reached with Tab.
    for (const [id, key] of [['play', 'Space'], ['step', '→'], ['step-back', '←'], ['reset', 'Home'], ['run-to-end', 'End']]) {
      assert.match(await page.locator(`#${id}`).getAttribute('title'), new RegExp(key), `#${id} title names ${key}`);
    }
    const reached = new Set();
    await blur(page);
    // Enough presses to go once round the page (Save PNG, Record video and Copy embed code are stops too).
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => document.activeElement?.id);
      if (id) reached.add(id);
    }
    for (const id of ['algorithm', 'n', 'reset', 'step-back', 'play', 'step', 'next-solution', 'speed', 'timeline']) {
      assert.ok(reached.has(id), `#${id} is reachable with Tab (reached: ${[...reached].join(', ')})`);
    }
    await screenshot(page, 'page-keyboard');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('playing at top speed keeps the page responsive and counts steps per second', async () => {
  // Permutations at 12×12 is 12! = 479,001,600 steps: long enough to watch it run.
  const { page, errors } = await openPage('/?algo=permutations&n=12');
  try {
    await page.locator('#speed').fill(await page.locator('#speed').getAttribute('max'));
    await page.click('#play');
    // Liveness while the search runs flat out: ten frames come, and the
    // search moves on across them (no clock: a busy machine only makes it
    // slower). The frame rate itself is measured in bench/.
    const moved = await page.evaluate(() => new Promise((resolve) => {
      const first = window.nqueens.session.stepIndex;
      let count = 0;
      const tick = () => {
        if (++count < 10) requestAnimationFrame(tick);
        else resolve(window.nqueens.session.stepIndex - first);
      };
      requestAnimationFrame(tick);
    }));
    assert.ok(moved > 0, `the search moved on across ten frames: ${moved} steps`);
    await waitUntil(async () => (await counter(page, 'rate')) > 1000, { message: 'a steps/s reading' });
    await screenshot(page, 'page-playing-fast');
    await page.click('#play');
    await waitForPause(page);
    assert.equal(await page.locator('#rate').textContent(), '–', 'no rate while paused');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a malformed URL parameter shows a message and the page still works', async () => {
  /** @type {Awaited<ReturnType<typeof openPage>> | null} */
  let opened = null;
  for (const [query, pattern] of [
    ['?n=abc', /n=abc/],
    [`?n=${MOST_N + 1}`, /out of range/],
    // In range for the searches for one solution, not for backtracking (the default).
    [`?n=${BACKTRACKING_N + 1}`, new RegExp(`up to ${BACKTRACKING_N}×${BACKTRACKING_N}`)],
    ['?algo=nope', /nope/],
    ['?algo=brute-force&n=12', /8×8/],
    ['?algo=bitwise&n=8&step=-4', /step/],
  ]) {
    if (opened) await revisit(opened.page, `/${query}`);
    else opened = await openPage(`/${query}`);
    const { page, errors } = opened;
    const error = page.locator('#error');
    assert.ok(await error.isVisible(), `${query}: #error is shown`);
    assert.match(await error.textContent(), pattern, `${query}: the message explains`);
    assert.equal(await session(page, 's.n'), 8, `${query}: falls back to 8×8`);
    const stats = await canvasStats(page, '#board');
    assert.ok(stats.distinctColors >= 2, `${query}: the board is drawn`);
    await page.click('#step');
    assert.equal(await counter(page, 'steps'), 1, `${query}: stepping still works`);
    await screenshot(page, `page-bad-url-${query}`);
    assertNoErrors(errors);
  }
  await opened?.page.close();
});

test('the URL opens a given algorithm, N and step, and follows the page', async () => {
  const { page, errors } = await openPage('/?algo=permutations&n=6&step=25');
  try {
    await waitUntil(async () => (await counter(page, 'steps')) === 25, { message: 'the page to reach step 25' });
    assert.equal(await session(page, 's.algorithm + " " + s.n'), 'permutations 6');
    assert.equal(await page.locator('#error').isVisible(), false, 'a good URL shows no message');
    await page.click('#step');
    await waitUntil(() => page.url().includes('step=26'), { message: 'the URL to follow the step' });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the layout fits a 360px phone and a dark colour scheme', async () => {
  const { page, errors } = await openPage('/', { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
  try {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 360px`);
    const canvasSize = await page.evaluate(() => {
      const c = document.getElementById('board');
      return { backing: c.width, css: c.getBoundingClientRect().width };
    });
    assert.ok(Math.abs(canvasSize.backing - 2 * canvasSize.css) <= 2, `the board is drawn at device resolution: ${JSON.stringify(canvasSize)}`);
    for (let i = 0; i < 6; i++) await page.click('#step');
    await screenshot(page, 'page-phone');

    await page.emulateMedia({ colorScheme: 'dark' });
    await schemeShown(page, 'dark');
    await screenshot(page, 'page-phone-dark');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('errors from the core and uncaught errors show in #error, and the page carries on', async () => {
  const { page, errors } = await openPage('/');
  try {
    // A JS Error thrown by the core (a bad algorithm id), uncaught: its sentence is shown.
    await page.evaluate(() => setTimeout(() => new window.nqueens.wasm.Session('no-such-algorithm', 8)));
    await page.waitForFunction(() => /no-such-algorithm/.test(document.getElementById('error').textContent));
    assert.ok(await page.locator('#error').isVisible());
    await page.click('#error button.dismiss');
    assert.equal(await page.locator('#error').isVisible(), false, 'a core error can be dismissed');

    // An unhandled promise rejection.
    await page.evaluate(() => { Promise.reject(new Error('rejected 456')); });
    await page.waitForFunction(() => /rejected 456/.test(document.getElementById('error').textContent));

    // A panic: the core's message, and the page restarts the solver by itself
    // (no Reload button), and the controls still answer.
    await page.evaluate(() => { try { window.nqueens.wasm.debugPanic('page panic 789'); } catch {} });
    await page.waitForFunction(() => /page panic 789[\s\S]*was restarted/.test(document.getElementById('error').textContent));
    await page.click('#step');
    assert.equal(await counter(page, 'steps'), 1, 'stepping still works after the panic');
    await screenshot(page, 'page-after-panic');
    assertNoErrors(errors, { allow: [/no-such-algorithm/, /rejected 456/, /page panic 789/, /unreachable/i, /RuntimeError/] });
  } finally {
    await page.close();
  }
});

test('the same board state draws the same pixels: the start board after Run to end and Home', async () => {
  // Canvas state (line caps, widths, …) must not leak from one draw into the next:
  // the default page's start board, with its candidate rings, has to come back exactly.
  const { page, errors } = await openPage('/');
  try {
    const start = await boardPixels(page);
    // Step to the first rejected candidate: its line of attack to the queen is drawn
    // (how often run to end draws such a board on the way depends on the machine's speed).
    for (let i = 0; i < 10 && (await session(page, 's.stepKind')) !== 'reject'; i++) await page.click('#step');
    assert.equal(await session(page, 's.stepKind'), 'reject', 'a rejected candidate is on the board');
    await page.click('#run-to-end');
    await waitUntil(() => session(page, 's.done'), { timeout: 20_000, message: 'the search to finish' });
    await waitForPause(page);
    assert.notEqual(await boardPixels(page), start, 'the end of the search looks different');
    await blur(page);
    await page.keyboard.press('Home');
    assert.equal(await counter(page, 'steps'), 0, 'Home resets');
    const again = await boardPixels(page);
    if (again !== start) await screenshot(page, 'page-redraw-mismatch');
    assert.ok(again === start, 'the start board after Run to end + Home is pixel-identical to the first draw');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
