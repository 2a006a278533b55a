// Race mode: the searches side by side on one clock. At N=8 on
// equal checks, run to the end, every lane finishes with its known step count
// and 92 solutions, in the order their checks say; at N=6 stepping, scrubbing
// and reloading the link give the same lanes, each exactly where plain
// stepping puts it; the wall clock, caps, bad links and the visualizer link.
// Screenshots: test-results/screenshots/race-*.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, canvasStats, screenshot, closeHarness, waitUntil, urlWhen, coreAlgorithms } from './helpers.mjs';
import { ended, idle, lanes, reading, reloadsTheSame } from './race-hooks.mjs';

after(closeHarness);

/** Every lane a race to every solution can have: the core's searches for every solution (goal "all"). */
const ALGORITHMS = (await coreAlgorithms()).filter((a) => a.goal === 'all');
const IDS = ALGORITHMS.map((a) => a.id);


test('N=8, equal checks, run to the end: the known step counts, 92 solutions each, bitwise first', async () => {
  const { page, errors } = await openPage(`/?mode=race&n=8&lanes=${IDS.join(',')}&clock=checks`);
  try {
    assert.equal(await page.getAttribute('#tab-race', 'aria-current'), 'page');
    assert.equal(await page.isVisible('#visualizer'), false);
    const start = await lanes(page);
    assert.deepEqual(Object.keys(start), IDS);
    for (const lane of Object.values(start)) assert.deepEqual([lane.steps, lane.checks, lane.solutions, lane.done], [0, 0, 0, 'false']);
    const blankChart = await canvasStats(page, '#race-chart');

    // A little way in: the boards show queens, threats and the probe.
    await page.keyboard.press('Space');
    await waitUntil(async () => (await lanes(page)).backtracking.steps > 30, { message: 'the race to move' });
    await page.keyboard.press('Space');
    await idle(page);
    const board = await canvasStats(page, '[data-lane="backtracking"] .lane-board');
    assert.ok(board.reddish > 50 && board.distinctColors > 20, `the lane's board shows threats and queens: ${JSON.stringify(board)}`);
    // Every lane stands within the clock's reading, and its next step would go over.
    const at = await reading(page);
    const exact = await page.evaluate((c) => window.nqueens.race.active.map((lane) => [lane.session.checks <= c, lane.session.done || lane.session.nextWork('checks') > c]), at);
    assert.deepEqual(exact.flat().filter((ok) => !ok), [], `at ${at} checks every lane is where its budget takes it`);

    await page.click('#race-run-to-end');
    await ended(page);
    const end = await lanes(page);
    // Every lane finds the 92; the searches whose step counts are known take exactly those.
    const expected = { 'brute-force': 8 ** 8, permutations: 40_320, backtracking: 7_564, 'bitboard-scan': 508_160, bitwise: 4_112 };
    for (const id of IDS) {
      if (id in expected) assert.equal(end[id].steps, expected[id], `${id} steps`);
      assert.equal(end[id].solutions, 92, `${id} solutions`);
      assert.equal(end[id].done, 'true', `${id} done`);
      assert.equal(end[id].finish, end[id].checks, `${id} finished when its checks ran out`);
    }
    const order = Object.entries(end).sort((a, b) => a[1].finish - b[1].finish).map(([id]) => id);
    assert.deepEqual(order.filter((id) => id in expected), ['bitwise', 'backtracking', 'permutations', 'bitboard-scan', 'brute-force']);
    assert.match(end.bitwise.text, /1st · done at 1,965 checks/);
    assert.equal(await reading(page), end[order.at(-1)].checks, 'the race ends when the last lane does');
    assert.match(await page.textContent('#race-message'), /Finishing order: Bitwise \(1,965\), Backtracking \(5,508\)/);

    // The result table: every lane, the ratio to the best, nothing partial.
    const rows = await page.$$eval('#race-results tbody tr', (trs) => trs.map((tr) => [tr.dataset.lane, tr.dataset.partial, tr.textContent]));
    assert.equal(rows.length, IDS.length);
    assert.ok(rows.every(([, partial]) => partial === 'false'));
    assert.match(rows.find(([id]) => id === 'bitwise')[2], /4,112best1,965best92/);
    assert.match(rows.find(([id]) => id === 'brute-force')[2], /16,777,216×4,08034,112,320×17,36092/);

    // The chart: a line of each lane's colour, not a blank canvas.
    const chart = await canvasStats(page, '#race-chart');
    assert.ok(chart.distinctColors > blankChart.distinctColors + 10, `the chart has lines: ${JSON.stringify(chart.topColors.slice(0, 3))}`);
    assert.match(await page.getAttribute('#race-chart', 'aria-label'), /Bitwise 16,777,216 at 1,965/);
    await screenshot(page, 'race-n8-end-1280', { fullPage: false });
    await screenshot(page, 'race-n8-end-1280-full');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('N=6: stepping, scrubbing back and forth and a reload from the link give the same lanes', async () => {
  const { page, errors } = await openPage('/?mode=race&n=6&lanes=backtracking,bitwise,bitboard-scan&clock=checks');
  try {
    // Step by hand: each → moves the clock to the next move of some lane.
    const seen = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('ArrowRight');
      seen.push({ at: await reading(page), lanes: await lanes(page) });
    }
    for (let i = 1; i < seen.length; i++) {
      assert.ok(seen[i].at > seen[i - 1].at, 'the clock moves on');
      assert.notDeepEqual(seen[i].lanes, seen[i - 1].lanes, 'some lane moved');
    }
    // Back the same way: the same lanes, step by step.
    for (let i = seen.length - 2; i >= 15; i--) {
      await page.keyboard.press('ArrowLeft');
      assert.deepEqual(await lanes(page), seen[i].lanes, `back at step ${i}`);
    }
    // Each lane where plain stepping puts it: a fresh session in the page,
    // stepped until the next step would cost more checks than the reading.
    const truth = (c) => page.evaluate((c) => ['backtracking', 'bitboard-scan', 'bitwise'].map((id) => {
      const s = new window.nqueens.wasm.Session(id, 6);
      while (s.step()) {
        if (s.checks > c) { s.stepBack(); break; }
      }
      const out = [id, s.stepIndex, s.checks, s.solutionCount];
      s.free();
      return out;
    }), c);
    const shown = async () => Object.entries(await lanes(page)).map(([id, l]) => [id, l.steps, l.checks, l.solutions]);

    await page.click('#race-run-to-end');
    await ended(page);
    const end = await reading(page);
    // The timeline, back and forth: positions on a log scale.
    const timeline = page.locator('#race-timeline');
    const visited = [];
    for (const position of [900, 300, 600, 0, 1000, 750, 300]) {
      await timeline.evaluate((el, v) => {
        el.value = String(v);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        el.dispatchEvent(new Event('change', { bubbles: true }));
      }, position);
      const at = await reading(page);
      assert.deepEqual(await shown(page), await truth(at), `scrubbed to ${at} checks`);
      visited.push({ at, lanes: await lanes(page) });
    }
    assert.equal(visited[4].at, end);
    assert.deepEqual(visited[6], visited[1], 'the same position twice, the same lanes');
    assert.ok(visited[3].at === 0 && Object.values(visited[3].lanes).every((l) => l.steps === 0));

    // The link holds the race and its moment; a reload shows the same lanes.
    await timeline.evaluate((el) => {
      el.value = '640';
      el.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const moment = String(await reading(page));
    const link = await urlWhen(page, (u) => u.searchParams.get('at') === moment, 'the link to carry the moment');
    assert.equal(link.searchParams.get('mode'), 'race');
    assert.equal(link.searchParams.get('lanes'), 'backtracking,bitboard-scan,bitwise');
    assert.equal(link.searchParams.get('clock'), 'checks');
    await reloadsTheSame(page);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('equal wall time: brute force reaches its end at N=8 within a few seconds, and a tick is exact', async () => {
  const { page, errors } = await openPage('/?mode=race&n=8&lanes=brute-force,bitwise,permutations&clock=wall&speed=max');
  try {
    const t0 = Date.now();
    await page.keyboard.press('Space');
    await waitUntil(async () => (await lanes(page))['brute-force'].done === 'true', { timeout: 10_000, message: 'brute force to finish' });
    const seconds = (Date.now() - t0) / 1000;
    assert.ok(seconds < 5, `brute force finished after ${seconds} s`);
    await idle(page);
    const end = await lanes(page);
    assert.equal(end['brute-force'].steps, 8 ** 8);
    assert.match(end['brute-force'].text, /done at \d+ ms/);
    // Back to a tick and forwards again: each lane at the step it had then.
    const ticks = await reading(page);
    await page.keyboard.press('Home');
    assert.ok(Object.values(await lanes(page)).every((l) => l.steps === 0));
    for (let i = 0; i < ticks; i++) await page.keyboard.press('ArrowRight');
    assert.deepEqual(await lanes(page), end);
    // A wall-clock link carries each lane's step.
    const link = await urlWhen(page, (u) => u.searchParams.has('steps'), 'the link to carry each lane\'s step');
    assert.equal(link.searchParams.get('steps')?.split(',').length, 3);
    await screenshot(page, 'race-wall-n8', { fullPage: false });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('N=12: a lane that hits the cap is partial in every column; N=10 lanes that cannot run say why', async () => {
  const { page, errors } = await openPage('/?mode=race&n=12&lanes=permutations,bitwise');
  try {
    await page.keyboard.press('End');
    assert.equal(await page.isVisible('#race-going'), true, 'a long race shows its progress');
    // Esc cancels: the race stops where it got to, every lane on the clock's reading.
    await waitUntil(async () => (await lanes(page)).permutations.steps > 1_000_000, { timeout: 20_000, message: 'some progress' });
    await page.keyboard.press('Escape');
    await idle(page);
    assert.equal(await page.evaluate(() => document.getElementById('race').dataset.ended), 'false');
    assert.match(await page.textContent('#race-message'), /^Stopped at [\d,]+ checks\.$/);
    const stopped = await reading(page);
    const where = await page.evaluate((c) => window.nqueens.race.active.map((l) => l.session.checks <= c && (l.session.done || l.session.nextWork('checks') > c)), stopped);
    assert.deepEqual(where, [true, true]);
    await page.keyboard.press('End');
    await ended(page, 40_000);
    const end = await lanes(page);
    assert.equal(end.bitwise.solutions, 14_200);
    assert.equal(end.permutations.capped, 'true');
    assert.equal(end.permutations.done, 'false');
    assert.match(end.permutations.text, /Stopped at the cap \(50,000,000 steps\): partial/);
    await waitUntil(() => page.evaluate(() => !/timing…/.test(document.getElementById('race-results').textContent)), { timeout: 20_000, message: 'the lanes to be timed' });
    const row = await page.$eval('#race-results tr[data-lane="permutations"]', (tr) => ({ partial: tr.dataset.partial, cells: [...tr.cells].slice(1).map((td) => td.textContent) }));
    assert.equal(row.partial, 'true');
    assert.match(row.cells[0], /over 50,000,000capped: partial/);
    for (const cell of row.cells.slice(1)) assert.match(cell, /partial, so far/);
    assert.match(await page.textContent('.race-results'), /1 lane stopped at 50,000,000 steps: its figures are partial/);
    await page.locator('.race-results').screenshot({ path: 'test-results/screenshots/race-n12-partial.png' });

    // N=10: brute force and the bitboard scan cannot run; the other three finish.
    await page.selectOption('#race-n', '10');
    for (const id of IDS.filter((id) => id !== 'permutations' && id !== 'bitwise')) await page.check(`#race-pick-${id}`);
    const at10 = await lanes(page);
    assert.deepEqual(Object.keys(at10), IDS);
    for (const { id, maxN } of ALGORITHMS) assert.equal(at10[id].unable, maxN < 10, `${id} can${maxN < 10 ? 'not' : ''} run at N=10`);
    assert.ok(at10['brute-force'].unable && at10['bitboard-scan'].unable);
    assert.match(at10['brute-force'].text, /cannot run at N=10: Brute force \(odometer\) works on boards up to 8×8\./);
    await page.click('#race-run-to-end');
    await ended(page);
    const done10 = await lanes(page);
    assert.equal(done10.permutations.steps, 3_628_800);
    for (const { id } of ALGORITHMS.filter((a) => a.maxN >= 10)) assert.equal(done10[id].solutions, 724, id);
    assert.match(await page.textContent('#race-results tr[data-lane="bitboard-scan"]'), /cannot run at N=10/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a lane opens its search in the visualizer at its step; a bad link is a sentence, not a dead page', async () => {
  const { page, errors } = await openPage('/?mode=race&n=99&lanes=bitwise,quantum&clock=sundial&at=x');
  try {
    const problem = await page.textContent('#error');
    assert.match(problem, /n=99 is not a whole number from 1 to 20/);
    assert.match(problem, /“quantum”, which isn't an algorithm/);
    assert.match(problem, /clock=sundial is not a clock/);
    assert.match(problem, /at=x is not a reading/);
    // The defaults: N = 8, a lane for every algorithm, equal checks; the race works.
    assert.equal(await page.inputValue('#race-n'), '8');
    assert.equal(await page.inputValue('#race-clock'), 'checks');
    assert.deepEqual(Object.keys(await lanes(page)), IDS);
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
    // A race needs two lanes: taking off all but one is refused.
    for (const id of IDS.filter((id) => id !== 'backtracking')) await page.uncheck(`#race-pick-${id}`).catch(() => {}); // the last one stays
    assert.match(await page.textContent('#error'), /A race needs at least two lanes/);
    assert.equal(Object.keys(await lanes(page)).length, 2);
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
    const { steps } = (await lanes(page)).backtracking;
    assert.ok(steps > 0);
    await page.click('[data-lane="backtracking"] .lane-open');
    await page.waitForFunction(() => !document.getElementById('visualizer').hidden);
    assert.equal(await page.getAttribute('#tab-visualizer', 'aria-current'), 'page');
    assert.equal(await page.inputValue('#algorithm'), 'backtracking');
    assert.equal(await page.evaluate(() => window.nqueens.session.stepIndex), steps);
    await urlWhen(page, (u) => new RegExp(`algo=backtracking&n=8&step=${steps}`).test(u.href), 'the visualizer\'s link');
    assertNoErrors(errors, { allow: [] });
  } finally {
    await page.close();
  }
});

test('screenshots at 1280×800 and 390 wide, light and dark, mid-race', async () => {
  for (const [name, viewport] of [['1280', { width: 1280, height: 800 }], ['390', { width: 390, height: 844 }]]) {
    for (const scheme of ['light', 'dark']) {
      const { page, errors } = await openPage('/?mode=race&n=8&at=3000', { viewport });
      try {
        await page.emulateMedia({ colorScheme: scheme });
        await idle(page);
        // The lanes fit the width: nothing sideways to scroll.
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} ${scheme}: no sideways scroll`);
        const board = await canvasStats(page, '[data-lane="brute-force"] .lane-board');
        assert.ok(board.reddish > 20, `${name} ${scheme}: the brute-force board is drawn`);
        await screenshot(page, `race-${name}-${scheme}`, { fullPage: name === '390' });
        assertNoErrors(errors);
      } finally {
        await page.close();
      }
    }
  }
});

test('a trap in the core mid-race: a fresh core, the same race at the same reading', async () => {
  const { page, errors } = await openPage('/?mode=race&n=6&lanes=backtracking,bitwise&at=120');
  try {
    await idle(page);
    const before = await lanes(page);
    assert.equal(await reading(page), 120);
    await page.evaluate(() => { try { window.nqueens.wasm.debugPanic('race trap 77'); } catch {} });
    await page.waitForFunction(() => /race trap 77[\s\S]*restarted/.test(document.getElementById('error').textContent), null, { timeout: 5_000 });
    await idle(page);
    assert.equal(await reading(page), 120);
    assert.deepEqual(await lanes(page), before, 'every lane back where it stood');
    await page.keyboard.press('ArrowRight');
    assert.ok(await reading(page) > 120, 'the race goes on');
    assertNoErrors(errors, { allow: [/race trap 77/, /unreachable/i, /RuntimeError/] });
  } finally {
    await page.close();
  }
});
