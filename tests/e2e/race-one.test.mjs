// Race mode with a goal: `goal=one` races every search to its first
// solution. At N=8 the five sources' lanes stop on the very step a fresh
// session's runToSolution() stops on, with the first solution of each one's
// enumeration order (found here by a slow enumeration in plain JS) on the
// boards; at N=30 the searches for one solution each end on a board a plain
// pair-by-pair check calls a solution; the link holds the goal, the seed and
// the reading; bad links are sentences; the set-up's goal and seed controls.
// Screenshots of an N=30 race, mid-race and finished: /work/shots/race20/.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs/promises';
import { openPage, revisit, SCREENSHOT_DIR, assertNoErrors, canvasStats, closeHarness, waitUntil, urlWhen, coreAlgorithms, pageIdle } from './helpers.mjs';
import { ended, idle, lanes, reading, reloadsTheSame } from './race-hooks.mjs';

after(closeHarness);

const ALGORITHMS = await coreAlgorithms();
/** The sources' searches, which race to every solution unless told otherwise. */
const SEEDS = ALGORITHMS.filter((a) => a.goal === 'all');
/** The searches for one solution. */
const FINDERS = ALGORITHMS.filter((a) => a.goal === 'one');
/** Where the screenshots go: the test results' folder, as every e2e file's. */
const SHOTS = path.join(SCREENSHOT_DIR, 'race-one');

const runToEnd = async (page) => {
  await page.click('#race-run-to-end');
  await ended(page, 60_000);
  await pageIdle(page); // the boards' text alternatives follow once idle
};

/**
 * The queens a lane board's text alternative names ("row 1 column 1, …"), as
 * each row's column from 0; null where a row has none named.
 */
function queensOf(label, n) {
  const queens = Array(n).fill(null);
  for (const [, row, col] of label.matchAll(/row (\d+) column (\d+)/g)) queens[Number(row) - 1] = Number(col) - 1;
  return queens;
}

/** True when `queens` (a column per row) is N queens of which no two attack: checked pair by pair. */
function isSolution(queens) {
  if (queens.some((c) => c === null || c < 0 || c >= queens.length)) return false;
  for (let a = 0; a < queens.length; a++) {
    for (let b = a + 1; b < queens.length; b++) {
      if (queens[a] === queens[b] || Math.abs(queens[a] - queens[b]) === b - a) return false;
    }
  }
  return true;
}

/**
 * The first solution in a search space's own order, by a slow enumeration:
 * the tree searches go through the boards in lexicographic order (row 1's
 * column most significant), brute force's odometer turns row 1 fastest, and
 * permutations come in Heap's order from the identity.
 */
function firstInOrder(space, n) {
  if (space === 'permutations') {
    const a = Array.from({ length: n }, (_, i) => i);
    if (isSolution(a)) return a;
    const c = Array(n).fill(0);
    for (let i = 0; i < n;) {
      if (c[i] < i) {
        const j = i % 2 === 0 ? 0 : c[i];
        [a[j], a[i]] = [a[i], a[j]];
        if (isSolution(a)) return [...a];
        c[i] += 1;
        i = 0;
      } else {
        c[i] = 0;
        i += 1;
      }
    }
    return null;
  }
  const board = Array(n).fill(0);
  for (let index = 0; index < n ** n; index++) {
    let rest = index;
    for (let k = 0; k < n; k++) {
      const row = space === 'all-boards' ? k : n - 1 - k; // the digit that turns fastest
      board[row] = rest % n;
      rest = Math.floor(rest / n);
    }
    if (isSolution(board)) return [...board];
  }
  return null;
}

/** Each search's step of its first solution, from fresh sessions in the page (the truth the lanes are held to). */
const firstSteps = (page, ids, n, seed) => page.evaluate(({ ids, n, seed }) => Object.fromEntries(ids.map((id) => {
  const s = window.nqueens.wasm.Session.seeded(id, n, seed);
  try {
    const found = s.runToSolution(100_000_000);
    return [id, found ? s.stepIndex : null];
  } finally {
    s.free();
  }
})), { ids, n, seed });

test('goal=one at N=8 with the five seeds: each lane stops on its first solution, the one its order reaches first', async () => {
  const ids = SEEDS.map((a) => a.id);
  const { page, errors } = await openPage(`/?mode=race&goal=one&n=8&lanes=${ids.join(',')}&clock=checks`);
  try {
    assert.equal(await page.inputValue('#race-goal'), 'one');
    assert.equal(await page.isVisible('#race-seed'), true, 'a race to the first solution shows its seed');
    await runToEnd(page);
    const end = await lanes(page);
    assert.deepEqual(Object.keys(end), ids);
    const truth = await firstSteps(page, ids, 8, 1);
    // The sources' searches take any seed and ignore it: a fresh session from another seed stops on the same step.
    assert.deepEqual(await firstSteps(page, ids, 8, 12345), truth);
    for (const { id, space } of SEEDS) {
      const lane = end[id];
      assert.equal(lane.steps, truth[id], `${id} stops on the step of its first solution`);
      assert.deepEqual([lane.solutions, lane.done, lane.capped], [1, 'true', 'false'], `${id} has found one solution`);
      assert.equal(lane.finish, lane.checks, `${id} finished when it found it`);
      const queens = queensOf(lane.board, 8);
      assert.ok(isSolution(queens), `${id}'s board is a solution: ${lane.board}`);
      assert.deepEqual(queens, firstInOrder(space, 8), `${id}'s board is the first solution of its order`);
      assert.match(lane.text, /solved at [\d,]+ checks/);
    }
    assert.deepEqual(queensOf(end.backtracking.board, 8), [0, 4, 7, 5, 2, 6, 1, 3]);
    // The race ends with its last lane; a step back moves only that lane.
    const last = Object.entries(end).sort((a, b) => b[1].finish - a[1].finish)[0][0];
    assert.equal(await reading(page), end[last].finish);
    await page.keyboard.press('ArrowLeft');
    const back = await lanes(page);
    for (const id of ids) {
      if (id === last) assert.ok(back[id].steps < end[id].steps && back[id].solutions === 0, `${id} is back before its solution`);
      else assert.equal(back[id].steps, end[id].steps, `${id} stays on its first solution`);
    }
    // The result table: steps and checks to the first solution, nothing partial.
    const rows = await page.$$eval('#race-results tbody tr', (trs) => trs.map((tr) => [tr.dataset.lane, tr.dataset.partial, tr.cells[1].textContent]));
    assert.equal(rows.length, ids.length);
    for (const [id, partial, steps] of rows) {
      assert.equal(partial, 'false');
      assert.match(steps, new RegExp(`^${truth[id].toLocaleString('en-US')}`));
    }
    assert.match(await page.textContent('.race-results'), /a race to the first solution/);

    // On the steps clock each lane finishes at its step count.
    await page.selectOption('#race-clock', 'steps');
    await runToEnd(page);
    const bySteps = await lanes(page);
    for (const id of ids) assert.deepEqual([bySteps[id].steps, bySteps[id].finish], [truth[id], truth[id]], `${id} on equal steps`);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('goal=one at N=30: the searches for one solution each end on a board that is a solution', async () => {
  const ids = FINDERS.map((a) => a.id);
  const { page, errors } = await openPage(`/?mode=race&goal=one&n=30&lanes=${ids.join(',')}&clock=checks&seed=5`);
  try {
    await runToEnd(page);
    const end = await lanes(page);
    const truth = await firstSteps(page, ids, 30, 5);
    for (const { id, seeded } of FINDERS) {
      const lane = end[id];
      assert.deepEqual([lane.steps, lane.solutions, lane.done], [truth[id], 1, 'true'], `${id} at its first solution`);
      assert.equal(lane.seed, 5, `${id} runs from the race's seed`);
      assert.equal(/seed 5/.test(lane.text), seeded, `${id} shows its seed only if it is randomised`);
      assert.ok(isSolution(queensOf(lane.board, 30)), `${id}'s board is a solution: ${lane.board}`);
      assert.match(lane.text, /0 attacking pairs now/);
      const board = await canvasStats(page, `[data-lane="${id}"] .lane-board`);
      assert.ok(board.distinctColors > 3, `${id}'s board is drawn`);
    }
    // The chart: attacking pairs by default, every lane a line, finishes marked.
    assert.equal(await page.inputValue('#race-chart-y'), 'conflicts');
    assert.match(await page.getAttribute('#race-chart', 'aria-label'), /attacking pairs on the board against work/);
    assert.match(await page.textContent('.race-chart-note'), /a diamond where it found its first solution/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('N=1,000: the searches that get there quickly finish, and the big boards are drawn', async () => {
  const ids = FINDERS.filter((a) => ['min-conflicts', 'queen-search', 'construction'].includes(a.id)).map((a) => a.id);
  const { page, errors } = await openPage(`/?mode=race&goal=one&n=1000&lanes=${ids.join(',')}&clock=checks`);
  try {
    assert.equal(await page.inputValue('#race-n'), '1000');
    await runToEnd(page);
    const end = await lanes(page);
    const truth = await firstSteps(page, ids, 1000, 1);
    for (const id of ids) {
      assert.deepEqual([end[id].steps, end[id].done], [truth[id], 'true'], id);
      const queens = await page.evaluate((id) => Array.from(window.nqueens.race.active.find((l) => l.id === id).session.queens()), id);
      assert.ok(isSolution(queens), `${id} ends on a solution`);
      const board = await canvasStats(page, `[data-lane="${id}"] .lane-board`);
      assert.ok(board.distinctColors >= 2, `${id}'s board is drawn`);
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the link holds the goal, the seed and the reading; the seed and goal controls', async () => {
  const ids = ['backtracking', ...FINDERS.map((a) => a.id)];
  const { page, errors } = await openPage(`/?mode=race&goal=one&n=12&lanes=${ids.join(',')}&clock=steps&seed=7`);
  try {
    assert.equal(await page.inputValue('#race-seed'), '7');
    for (const [id, lane] of Object.entries(await lanes(page))) assert.equal(lane.seed, 7, id);
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    const link = await urlWhen(page, (u) => u.searchParams.has('at'), 'the link to carry the reading');
    assert.equal(link.searchParams.get('goal'), 'one');
    assert.equal(link.searchParams.get('seed'), '7');
    assert.equal(link.searchParams.get('clock'), 'steps');
    assert.equal(link.searchParams.get('lanes'), ALGORITHMS.map((a) => a.id).filter((id) => ids.includes(id)).join(','));
    await reloadsTheSame(page);

    // New seed: every randomised lane runs from another seed, and the link says which.
    await page.click('#race-new-seed');
    const seed = Number(await page.inputValue('#race-seed'));
    assert.ok(Number.isInteger(seed) && seed !== 7);
    for (const [id, lane] of Object.entries(await lanes(page))) assert.deepEqual([lane.seed, lane.steps], [seed, 0], id);
    await urlWhen(page, (u) => u.searchParams.get('seed') === String(seed), 'the link to carry the new seed');
    // A seed typed by hand; a bad one is a sentence and the seed stays.
    await page.fill('#race-seed', '42');
    await page.press('#race-seed', 'Enter');
    await waitUntil(async () => (await lanes(page)).restarts.seed === 42, { message: 'seed 42' });
    await page.fill('#race-seed', '99999999999999999');
    await page.press('#race-seed', 'Enter');
    assert.match(await page.textContent('#error'), /A seed is a whole number from 0 to 9,007,199,254,740,991/);
    assert.equal(await page.inputValue('#race-seed'), '42');

    // Back to every solution: the searches for one solution leave, N stays (it fits).
    await page.selectOption('#race-goal', 'all');
    assert.equal(await page.inputValue('#race-n'), '12');
    assert.equal(await page.isVisible('#race-seed'), false);
    const all = await lanes(page);
    assert.deepEqual(Object.keys(all), SEEDS.map((a) => a.id), 'too few lanes left: every search for every solution');
    assert.equal(new URL(page.url()).searchParams.get('goal'), null, 'a race to every solution has the links of before');
    // And to the first again at N=12: the searches for one solution join; then N=200 leaves the sources unable.
    await page.selectOption('#race-goal', 'one');
    assert.equal(await page.inputValue('#race-n'), '12');
    assert.deepEqual(Object.keys(await lanes(page)), ALGORITHMS.map((a) => a.id));
    await page.selectOption('#race-n', '200');
    const big = await lanes(page);
    for (const { id, maxN } of ALGORITHMS) assert.equal(big[id].unable, maxN < 200, `${id} at N=200`);
    assert.match(big.backtracking.text, /cannot run at N=200/);
    // Every solution from N=200: the largest N that fits, and a sentence.
    await page.selectOption('#race-goal', 'all');
    assert.equal(await page.inputValue('#race-n'), String(Math.max(...SEEDS.map((a) => a.maxN))));
    assert.match(await page.textContent('#error'), /racing on 20×20 instead of 200×200/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('bad links are sentences: goal, seed, a search for one solution in a race to every solution, N past the goal', async () => {
  let opened = null;
  for (const [query, sentence, check] of [
    ['goal=x&n=8', /goal=x is not a goal/, async (page) => assert.equal(await page.inputValue('#race-goal'), 'all')],
    ['goal=one&n=8&seed=abc', /seed=abc is not a whole number from 0 to 9,007,199,254,740,991\. Using seed 1\./, async (page) => assert.equal(await page.inputValue('#race-seed'), '1')],
    ['goal=one&n=8&seed=-3', /seed=-3 is not a whole number/, null],
    [`n=8&lanes=backtracking,bitwise,${FINDERS[0].id}`, /looks for one solution, so it races only to a first solution \(goal=one\)/, async (page) => assert.deepEqual(Object.keys(await lanes(page)), ['backtracking', 'bitwise'])],
    ['n=30', /n=30 is not a whole number from 1 to 20/, null],
    ['goal=one&n=1001', /n=1001 is not a whole number from 1 to 1000/, null],
  ]) {
    if (opened) await revisit(opened.page, `/?mode=race&${query}`);
    else opened = await openPage(`/?mode=race&${query}`);
    const { page, errors } = opened;
    assert.match(await page.textContent('#error'), sentence, query);
    await check?.(page);
    await page.keyboard.press('ArrowRight');
    assert.ok(await reading(page) > 0, `${query}: the race still works`);
    assertNoErrors(errors, { allow: [] });
  }
  await opened?.page.close();
});

test('screenshots of an N=30 race to the first solution, mid-race and finished, 1280 and 390 wide, light and dark', async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  const link = '/?mode=race&goal=one&n=30&lanes=backtracking,restarts,min-conflicts,queen-search,construction&clock=checks&seed=1';
  // Mid-race: half of queen search's checks to its first solution from the
  // race's seed, read from a fresh session of the core (the construction,
  // which makes no checks, has ended by then).
  const probe = await openPage('/');
  const reading = await probe.page.evaluate(() => {
    const s = window.nqueens.wasm.Session.seeded('queen-search', 30, 1);
    s.run(10_000_000);
    return s.done ? Math.floor(s.checks / 2) : null;
  });
  await probe.page.close();
  assert.ok(reading !== null && reading > 0, `queen search at N = 30 ends, with checks to halve (${reading})`);
  for (const [name, viewport] of [['1280', { width: 1280, height: 800 }], ['390', { width: 390, height: 844 }]]) {
    const opened = await openPage(`${link}&at=${reading}`, { viewport });
    const { page, errors } = opened;
    for (const scheme of ['light', 'dark']) {
      // Dark: the same link again in the same tab, mid-race.
      if (scheme === 'dark') await revisit(page, `${link}&at=${reading}`);
      {
        await page.emulateMedia({ colorScheme: scheme });
        await idle(page);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} ${scheme}: no sideways scroll`);
        const mid = await lanes(page);
        assert.ok(mid['queen-search'].done === 'false' && mid.construction.done === 'true', `${name} ${scheme}: mid-race`);
        // The lanes on a 1280×800 screen, and the whole page (the chart and the table under them).
        const shoot = (when) => Promise.all([
          name === '1280' && page.screenshot({ path: `${SHOTS}/${when}-${name}-${scheme}.png` }),
          page.screenshot({ path: `${SHOTS}/${when}-${name}-${scheme}-full.png`, fullPage: true }),
        ]);
        await shoot('mid');
        const chart = await canvasStats(page, '#race-chart');
        assert.ok(chart.distinctColors > 10, `${name} ${scheme}: the chart has lines mid-race`);
        await runToEnd(page);
        await shoot('end');
        assertNoErrors(errors);
      }
    }
    await page.close();
  }
});
