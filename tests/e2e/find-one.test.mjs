// The searches for one solution in the visualizer: each one, from a
// link with a seed, run to its solution at N = 8 and N = 200, its board judged
// by a plain JS check that shares nothing with the core; the conflicts counter,
// the chart and its restart marks; the link's seed and step round-tripping;
// Back and the timeline against fresh seeded runs of the core in node; the
// picker's groups, the seed field, switching algorithm, bad links; the board
// at N = 1,000. The ids come from algorithms(), never typed.
// Screenshots: test-results/screenshots/find-one-*.png.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openPage, revisit, assertNoErrors, canvasStats, screenshot, closeHarness, waitUntil, coreAlgorithms, ROOT, counter } from './helpers.mjs';

after(closeHarness);

const ALGORITHMS = await coreAlgorithms();
/** The searches for one solution, from the core. */
const ONE = ALGORITHMS.filter((a) => a.goal === 'one');

/** The core in node, for runs to compare the page with. */
let core;
before(async () => {
  core = await import(pathToFileURL(path.join(ROOT, 'pkg', 'nqueens.js')).href);
  await core.default({ module_or_path: await fs.readFile(path.join(ROOT, 'pkg', 'nqueens_bg.wasm')) });
});

/** A fresh run of `id` in node from `seed`, `steps` steps on: its queens (as a plain array). */
function queensAfter(id, n, seed, steps) {
  const s = core.Session.seeded(id, n, seed);
  try {
    s.run(steps);
    return Array.from(s.queens());
  } finally {
    s.free();
  }
}

/**
 * Null when `queens` (a column per row) puts one queen on every row of an
 * N×N board and no two attack: each column and each diagonal used once.
 * Else what is wrong.
 */
function judge(queens) {
  const n = queens.length;
  const cols = new Set();
  const down = new Set();
  const up = new Set();
  for (let row = 0; row < n; row++) {
    const col = queens[row];
    if (!Number.isInteger(col) || col < 0 || col >= n) return `row ${row} has no queen (${col})`;
    if (cols.has(col)) return `column ${col} holds two queens`;
    if (down.has(row - col)) return `two queens share the diagonal row − col = ${row - col}`;
    if (up.has(row + col)) return `two queens share the diagonal row + col = ${row + col}`;
    cols.add(col);
    down.add(row - col);
    up.add(row + col);
  }
  return null;
}

const session = (page, expression) => page.evaluate(`(() => { const s = window.nqueens.session; return ${expression}; })()`);
const idle = (page) => waitUntil(
  () => page.evaluate(() => document.getElementById('play').getAttribute('aria-pressed') !== 'true' && document.getElementById('going').hidden),
  { timeout: 30_000, message: 'the page to stop running' },
);
const solve = async (page) => {
  await page.click('#run-to-end');
  await waitUntil(() => session(page, 's.done'), { timeout: 60_000, message: 'the solution' });
  await idle(page);
};
const CHART = '#visualizer [data-part="conflicts-chart"]';

for (const { id, name, seeded } of ONE) {
  for (const n of [8, 200]) {
    test(`${id} at N=${n} from a link with a seed: solved, checked, charted`, async () => {
      const { page, errors } = await openPage(`/?algo=${id}&n=${n}&seed=1`);
      try {
        assert.equal(await session(page, 's.algorithm'), id);
        assert.equal(await session(page, 's.n'), n);
        assert.equal(await session(page, 's.seed'), 1);
        assert.equal(await page.locator('#visualizer [data-part="seed-field"]').isVisible(), seeded, `the seed field shows for ${seeded ? 'a seeded' : 'an unseeded'} search`);
        assert.equal(await page.locator('#visualizer [data-part="tree-panel"]').isVisible(), false, 'no search tree');
        assert.equal(await page.locator('#visualizer [data-part="conflicts-panel"]').isVisible(), true, 'the conflicts chart instead');
        await solve(page);

        const queens = await session(page, 'Array.from(s.queens())');
        assert.equal(judge(queens), null, `${name}'s board on the page is a solution`);
        assert.equal(await session(page, 's.conflicts()'), 0);
        assert.equal(await counter(page, 'conflicts'), 0, 'the conflicts counter reads 0');
        assert.equal(await counter(page, 'moves'), await session(page, 's.moves'));
        assert.equal(await counter(page, 'restarts'), await session(page, 's.restarts'));
        assert.equal(await counter(page, 'steps'), await session(page, 's.stepIndex'));
        assert.equal(await page.locator('#solutions').isVisible(), false, 'the sources\' counters give way to the find-one ones');
        assert.match(await page.locator('#message').textContent(), /[Ss]olved/);

        const chart = await canvasStats(page, CHART);
        assert.ok(chart.opaque > 0 && chart.distinctColors >= 3, `the chart is drawn (${chart.distinctColors} colours)`);
        // Restart marks are the chart's only red: there exactly when the trace has restarts.
        const width = await page.evaluate((sel) => document.querySelector(sel).width, CHART);
        const traced = await session(page, `s.conflictTrace(${width}).restarts.length`);
        if (traced > 0) assert.ok(chart.reddish > 0, `${traced} restarts are marked`);
        else assert.equal(chart.reddish, 0, 'no restart, no mark');
        assert.equal(judge(await session(page, 'Array.from(s.solutions(1, 0)[0].queens)')), null, 'the gallery\'s one solution');
        await screenshot(page, `find-one-${id}-n${n}`);
        assertNoErrors(errors);
      } finally {
        await page.close();
      }
    });
  }
}

test('the link ?algo=min-conflicts&n=200&seed=3&step=50 round-trips, and Back and the timeline are exact', async () => {
  const { page, errors } = await openPage('/?algo=min-conflicts&n=200&seed=3&step=50');
  try {
    await idle(page);
    assert.equal(await session(page, 's.seed'), 3);
    assert.equal(await session(page, 's.stepIndex'), 50);
    const wanted = ['min-conflicts', '200', '3', '50'];
    const link = () => new URL(page.url());
    const holds = () => ['algo', 'n', 'seed', 'step'].map((k) => link().searchParams.get(k));
    await waitUntil(() => holds().join() === wanted.join(), { message: `the link to hold ${wanted}` });
    const url = link();
    assert.deepEqual(await session(page, 'Array.from(s.queens())'), queensAfter('min-conflicts', 200, 3, 50), 'step 50 of seed 3, as a fresh run gives it');
    // The same link in a new page: the same board.
    const again = await openPage(url.pathname + url.search);
    try {
      await idle(again.page);
      assert.deepEqual(await session(again.page, 'Array.from(s.queens())'), await session(page, 'Array.from(s.queens())'));
      assertNoErrors(again.errors);
    } finally {
      await again.page.close();
    }
    await page.click('#step-back');
    assert.deepEqual(await session(page, 'Array.from(s.queens())'), queensAfter('min-conflicts', 200, 3, 49), 'Back gives step 49');
    await page.locator('#timeline').fill('20');
    assert.deepEqual(await session(page, 'Array.from(s.queens())'), queensAfter('min-conflicts', 200, 3, 20), 'the timeline gives step 20');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('every search for one solution steps back and seeks exactly', async () => {
  let opened = null;
  for (const { id } of ONE) {
    const s = core.Session.seeded(id, 12, 4);
    s.run(40);
    const last = s.stepIndex; // fewer if it solves sooner
    s.free();
    if (opened) await revisit(opened.page, `/?algo=${id}&n=12&seed=4&step=${last}`);
    else opened = await openPage(`/?algo=${id}&n=12&seed=4&step=${last}`);
    const { page, errors } = opened;
    {
      await idle(page);
      assert.deepEqual(await session(page, 'Array.from(s.queens())'), queensAfter(id, 12, 4, last), `${id} at step ${last}`);
      await page.click('#step-back');
      assert.deepEqual(await session(page, 'Array.from(s.queens())'), queensAfter(id, 12, 4, last - 1), `${id} back to ${last - 1}`);
      const mid = Math.floor(last / 2);
      await page.locator('#timeline').fill(String(mid));
      assert.deepEqual(await session(page, 'Array.from(s.queens())'), queensAfter(id, 12, 4, mid), `${id} seeks to ${mid}`);
      assertNoErrors(errors);
    }
  }
  await opened?.page.close();
});

test('the algorithm picker groups the searches by goal, in the core\'s order', async () => {
  const { page, errors } = await openPage('/');
  try {
    const groups = await page.$$eval('#algorithm optgroup', (els) => els.map((g) => ({ label: g.label, ids: [...g.querySelectorAll('option')].map((o) => o.value) })));
    assert.deepEqual(groups, [
      { label: 'Find every solution', ids: ALGORITHMS.filter((a) => a.goal === 'all').map((a) => a.id) },
      { label: 'Find one solution', ids: ONE.map((a) => a.id) },
    ]);
    // N lists every size up to the sources' largest and goes on to the largest any search steps through.
    const sizes = await page.$$eval('#n option', (els) => els.map((o) => Number(o.value)));
    const most = Math.max(...ALGORITHMS.map((a) => a.maxN));
    assert.equal(sizes.at(-1), most);
    assert.ok(sizes.includes(200));
    assert.deepEqual(sizes, [...sizes].sort((a, b) => a - b), 'in order');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('switching algorithm keeps N where it fits and brings it into range with a sentence', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=8');
  try {
    await page.selectOption('#algorithm', 'min-conflicts');
    assert.equal(await session(page, 's.n'), 8, 'N = 8 fits min-conflicts');
    await page.selectOption('#n', '200');
    assert.equal(await session(page, 's.n'), 200);
    const backtracking = ALGORITHMS.find((a) => a.id === 'backtracking');
    assert.equal(await page.locator('#algorithm option[value="backtracking"]').isDisabled(), false, 'a search for every solution can still be chosen at N = 200');
    assert.match(await page.locator('#algorithm option[value="backtracking"]').textContent(), new RegExp(`up to ${backtracking.maxN}×${backtracking.maxN}`), 'its label says how far it goes');
    await page.selectOption('#algorithm', 'backtracking');
    assert.equal(await session(page, 's.algorithm + " " + s.n'), `backtracking ${backtracking.maxN}`);
    assert.match(await page.locator('#error').textContent(), new RegExp(`${backtracking.maxN}×${backtracking.maxN}.*instead of 200×200`));
    assert.match(page.url(), new RegExp(`n=${backtracking.maxN}`));
    assert.doesNotMatch(page.url(), /seed=/, 'no seed in the link of a search it does not change');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the seed field and New seed open another run, in the link too; a bad seed is a sentence', async () => {
  const { page, errors } = await openPage('/?algo=min-conflicts&n=30&seed=3');
  try {
    await page.fill('#seed', '7');
    await page.locator('#seed').press('Enter');
    assert.equal(await session(page, 's.seed'), 7);
    await waitUntil(() => new URL(page.url()).searchParams.get('seed') === '7', { message: 'the link to hold seed 7' });
    await page.click('#new-seed');
    const fresh = await session(page, 's.seed');
    assert.notEqual(fresh, 7);
    assert.equal(await page.inputValue('#seed'), String(fresh));
    await waitUntil(() => new URL(page.url()).searchParams.get('seed') === String(fresh), { message: 'the link to hold the new seed' });
    await page.fill('#seed', '1.5');
    await page.locator('#seed').press('Enter');
    assert.match(await page.locator('#error').textContent(), /seed is a whole number/);
    assert.equal(await session(page, 's.seed'), fresh, 'the session stays');
    assert.equal(await page.inputValue('#seed'), String(fresh), 'the field shows the seed in use');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('bad links give sentences and defaults', async () => {
  const maxN = ALGORITHMS.find((a) => a.id === 'min-conflicts').maxN;
  const bad = [
    ['/?algo=min-conflicts&n=12&seed=abc', /seed=abc.*Using seed 1/, async (page) => {
      assert.equal(await session(page, 's.seed'), 1);
      assert.equal(await session(page, 's.n'), 12);
    }],
    [`/?algo=min-conflicts&n=${maxN * 5}`, new RegExp(`n=${maxN * 5}.*out of range`), async (page) => {
      assert.equal(await session(page, 's.algorithm + " " + s.n'), 'min-conflicts 8');
    }],
    ['/?algo=min-conflicts&n=8&seed=99999999999999999999', /seed=/, async (page) => {
      assert.equal(await session(page, 's.seed'), 1);
    }],
    ['/?mode=race&n=8&lanes=bitwise,backtracking,min-conflicts', /Min-conflicts.*one solution/, async (page) => {
      const lanes = await page.$$eval('#race .race-lane', (els) => els.map((l) => l.dataset.lane));
      assert.deepEqual(lanes, ['backtracking', 'bitwise']);
      const picks = await page.$$eval('#race .race-pick input', (els) => els.map((b) => b.value));
      assert.deepEqual(picks, ALGORITHMS.filter((a) => a.goal === 'all').map((a) => a.id), 'race mode offers the searches for every solution');
    }],
  ];
  let opened = null;
  for (const [link, sentence, check] of bad) {
    if (opened) await revisit(opened.page, link);
    else opened = await openPage(link);
    const { page, errors } = opened;
    assert.match(await page.locator('#error').textContent(), sentence, link);
    await check(page);
    assertNoErrors(errors);
  }
  await opened?.page.close();
});

test('the board at N = 1,000: queens drawn as dots, attacked ones red and ringed, solved with none', async () => {
  const n = 1000;
  // A step with attacked queens, from a run in node.
  const s = core.Session.seeded('min-conflicts', n, 3);
  while (s.conflicts() === 0 && s.step());
  const step = s.stepIndex;
  const attacked = Array.from(s.queenConflicts()).filter((c) => c > 0).length;
  s.free();
  assert.ok(attacked > 0, 'the run has attacked queens at some step');

  const { page, errors } = await openPage(`/?algo=min-conflicts&n=${n}&seed=3&step=${step}`);
  try {
    await idle(page);
    /** Pixels near the queens' colour (dark on the light squares). */
    const dark = () => page.evaluate(() => {
      const canvas = document.getElementById('board');
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] < 90 && data[i + 1] < 90 && data[i + 2] < 90) count++;
      return count;
    });
    const running = await canvasStats(page, '#board');
    assert.ok(running.reddish > 0, 'attacked queens are red');
    assert.ok(await dark() > n / 2, 'the other queens are dots');
    await screenshot(page, 'find-one-n1000-attacked');

    await solve(page);
    assert.equal(judge(await session(page, 'Array.from(s.queens())')), null);
    const solved = await canvasStats(page, '#board');
    assert.equal(solved.reddish, 0, 'no queen is red on a solution');
    assert.ok(await dark() >= n, `${n} queens are visible`);
    assert.match(await page.locator('#board').getAttribute('aria-label'), /1000×1000 board, 1000 queens/);
    // Predict asks for squares one can click.
    await page.check('#predict');
    await page.click('#board');
    assert.match(await page.locator('#message').textContent(), /Predict needs squares big enough/);
    await screenshot(page, 'find-one-n1000-solved');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
