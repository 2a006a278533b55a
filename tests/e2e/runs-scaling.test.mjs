// Many runs. The scaling view opens from
// `?mode=runs&view=scaling`, runs its searches in the workers and fills one
// row a search and N: backtracking's rows equal a plain backtracking written
// here, the randomised rows' medians equal runs made here from the core's
// Finder, their boards pass a checker written here, and the greedy start's
// attacked queens equal a count made here from the board. Cancel stops it.
// In the curves view, the α, best-cutoff and expected-work cells equal the
// test's own Hill estimate and brute-force cutoff over runLengths()' runs.
// Screenshots: test-results/screenshots/runs-scaling-*.png, runs-tail-*.png.
// e2e: run alone (scripts/test.sh): a Many runs link times its work on the page before it runs, and
// with another file's browser on the same two cores the three curves once did not come within 120 s
// (most likely that estimate asked first; it passes alone and in every other run).
// test group: slow (scripts/test.sh): it times the page, so it runs alone.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, assertNoErrors, canvasStats, screenshot, closeHarness, waitUntil, pageIdle, schemeShown } from './helpers.mjs';
import { firstSolution } from '../common/plain.mjs';

after(closeHarness);

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** True when `queens` (each row's column) is a solution: a pair-by-pair check. */
function isSolution(queens) {
  for (let a = 0; a < queens.length; a++) {
    if (!(queens[a] >= 0 && queens[a] < queens.length)) return false;
    for (let b = a + 1; b < queens.length; b++) {
      if (queens[a] === queens[b] || Math.abs(queens[a] - queens[b]) === b - a) return false;
    }
  }
  return true;
}

/** The median of numbers: the middle one, or the mean of the middle two. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const scalingState = (page) => page.evaluate(() => document.getElementById('runs-scaling').dataset.state);
const rows = (page) => page.$$eval('#runs-scaling-table tr[data-algo]', (trs) => trs.map((tr) => ({ ...tr.dataset })));

test('the scaling view opens from its link, computes every row, and the rows are right', async () => {
  const { page, errors } = await openPage('/?mode=runs&view=scaling&nmax=1000&btcap=10000000');
  try {
    assert.equal(await page.isVisible('#runs-scaling'), true);
    assert.equal(await page.isVisible('#runs-curves'), false);
    assert.equal(await page.getAttribute('#runs-view-scaling', 'aria-pressed'), 'true');
    await waitUntil(async () => ['done', 'failed', 'cancelled'].includes(await scalingState(page)), { timeout: 240_000, message: 'the scaling runs to finish' });
    assert.equal(await scalingState(page), 'done', await page.textContent('#runs-scaling-status'));
    assert.match(await page.evaluate(() => location.search), /view=scaling/);
    assert.match(await page.evaluate(() => location.search), /nmax=1000/);

    // Which searches: the test's own reading of algorithms()' fields.
    const algorithms = await page.evaluate(() => window.nqueens.wasm.algorithms().map(({ id, goal, space, source, minN, maxN, findMaxN, seeded }) => ({ id, goal, space, source, minN, maxN, findMaxN, seeded })));
    const depth = algorithms.filter((a) => a.goal === 'all' && a.space === 'tree' && a.maxN >= 20).sort((a, b) => a.source.localeCompare(b.source))[0];
    const one = algorithms.filter((a) => a.goal === 'one' && a.findMaxN > a.maxN);
    assert.equal(depth.id, 'backtracking');
    const all = await rows(page);
    assert.deepEqual([...new Set(all.map((r) => r.algo))].sort(), [depth.id, ...one.map((a) => a.id)].sort());
    for (const a of one) assert.ok(all.some((r) => r.algo === a.id && Number(r.n) === Math.min(1000, a.findMaxN)), `${a.id} reaches N = 1,000`);

    // Past N = 20 plain backtracking goes on in a worker until the cap (10^7 placements, from the link) stops a run:
    // every row measured up to there equals the plain backtracking here, the capped N and the sizes past it are estimated.
    const past = all.filter((r) => r.algo === depth.id && Number(r.n) > 20);
    const measuredPast = past.filter((r) => r.kind === 'measured');
    const estimatedPast = past.filter((r) => r.kind === 'estimated');
    assert.ok(measuredPast.length >= 3, 'rows past 20 measured');
    assert.deepEqual(measuredPast.map((r) => Number(r.n)), Array.from({ length: measuredPast.length }, (_, i) => 21 + i));
    for (const row of measuredPast) {
      const n = Number(row.n);
      const own = firstSolution(n);
      assert.equal(Number(row.placements), own.placements, `N = ${n}: placements`);
      assert.equal(Number(row.steps), own.steps, `N = ${n}: steps`);
      assert.ok(own.placements < 10_000_000);
    }
    const cappedN = 21 + measuredPast.length;
    assert.equal(Number(estimatedPast[0].n), cappedN, 'the first estimated N is the one the cap stopped');
    assert.equal(Number(estimatedPast[0].cappedPlacements), 10_000_000);
    assert.ok(estimatedPast.some((r) => r.n === '100'), 'an estimate at N = 100');
    for (const row of estimatedPast) {
      assert.equal(row.placements, undefined, `N = ${row.n}: no measured-looking number`);
      assert.ok(Number(row.estimatePlacements) > 0);
    }
    const estimatedText = await page.$$eval('#runs-scaling-table tr[data-kind="estimated"]', (trs) => trs.map((tr) => tr.textContent));
    for (const text of estimatedText) assert.match(text, /estimated|cap/);
    assert.match(await page.textContent('[data-part="scaling-estimate-note"]'), /least squares/);
    assert.match(await page.textContent('[data-part="scaling-words"]'), /Estimated, not measured: .* at N = 100 gives about/);

    // Backtracking from N = 4 to 20: placements and steps as the plain backtracking here.
    const bt = all.filter((r) => r.algo === depth.id && Number(r.n) <= 20);
    for (const row of bt) assert.equal(row.kind, 'measured');
    assert.deepEqual(bt.map((r) => Number(r.n)), Array.from({ length: 17 }, (_, i) => i + 4));
    const mine = {};
    for (const row of bt) {
      const n = Number(row.n);
      mine[n] = firstSolution(n);
      assert.equal(Number(row.placements), mine[n].placements, `N = ${n}: placements`);
      assert.equal(Number(row.steps), mine[n].steps, `N = ${n}: steps`);
      assert.deepEqual(row.board.split(',').map(Number), mine[n].cols, `N = ${n}: the first solution`);
    }
    // The words quote the biggest drop from one N to the next, as computed here.
    let zig = { ratio: 0, n: 0 };
    for (let n = 4; n < 20; n++) if (mine[n].placements / mine[n + 1].placements > zig.ratio) zig = { ratio: mine[n].placements / mine[n + 1].placements, n };
    const words = await page.textContent('[data-part="scaling-words"]');
    assert.ok(words.includes(`N = ${zig.n} took ${mine[zig.n].placements.toLocaleString('en-US')} placements and N = ${zig.n + 1} only ${mine[zig.n + 1].placements.toLocaleString('en-US')}`), words);
    assert.ok(words.includes(`to ${mine[20].placements.toLocaleString('en-US')} at N = 20`), words);
    const mc20 = all.find((r) => r.algo === 'min-conflicts' && r.n === '20');
    assert.ok(words.includes(`It stops at N = 20, the largest its stepping search takes, with ${mine[20].steps.toLocaleString('en-US')} steps to the first solution, where Min-conflicts took ${Number(mc20.steps).toLocaleString('en-US')}`), words);

    // Every randomised row solved every run; boards up to N = 100 pass the checker here.
    for (const row of all.filter((r) => r.algo !== depth.id)) {
      assert.equal(row.solved, row.runs, `${row.algo} at N = ${row.n}: every run solved`);
      if (row.board) assert.ok(isSolution(row.board.split(',').map(Number)), `${row.algo} at N = ${row.n}: the board is a solution`);
      else assert.ok(Number(row.n) > 100, `${row.algo} at N = ${row.n} keeps its board`);
    }
    // Medians and the greedy start's attacked queens, recomputed with Finders in the page and counted here.
    for (const [id, n] of [['min-conflicts', 50], ['min-conflicts', 1000], ['queen-search', 200], ['restarts', 30]]) {
      const row = all.find((r) => r.algo === id && Number(r.n) === n);
      const runs = await page.evaluate(([id, n, seeds]) => Array.from({ length: seeds }, (_, i) => {
        const finder = new window.nqueens.wasm.Finder(id, n, i + 1);
        finder.run(n);
        const start = [...finder.queens()];
        finder.run(1e9);
        const out = { steps: finder.steps, moves: finder.moves, start };
        finder.free();
        return out;
      }), [id, n, Number(row.runs)]);
      assert.equal(Number(row.steps), median(runs.map((r) => r.steps)), `${id} at N = ${n}: median steps`);
      if (id === 'restarts') {
        assert.equal(Number(row.placements), median(runs.map((r) => r.moves)), `${id} at N = ${n}: median placements`);
        continue;
      }
      // A queen of the full board is attacked when another shares its column or a diagonal.
      const attacked = runs.map(({ start }) => start.filter((c, r) => start.some((d, s) => s !== r && (d === c || Math.abs(d - c) === Math.abs(s - r)))).length);
      assert.equal(Number(row.attacked), median(attacked), `${id} at N = ${n}: attacked after the greedy start`);
    }
    const greedy = await page.textContent('[data-part="greedy-words"]');
    const top = all.find((r) => r.algo === 'min-conflicts' && r.n === '1000');
    assert.ok(greedy.includes(`left ${Number(top.attacked).toLocaleString('en-US')} of 1,000 queens attacked`), greedy);
    assert.ok((await canvasStats(page, '#runs-scaling-chart')).distinctColors > 4, 'the chart is drawn');
    assert.ok((await canvasStats(page, '#runs-greedy-chart')).distinctColors > 3, 'the greedy chart is drawn');

    // Light and dark, wide and narrow: axe finds nothing, and nothing scrolls sideways at 390.
    await page.addScriptTag({ path: AXE });
    const found = [];
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        await schemeShown(page, colorScheme);
        const lines = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
        found.push(...lines.map((line) => `${viewport.width} ${colorScheme}: ${line}`));
        await screenshot(page, `runs-scaling-${viewport.width}-${colorScheme}`);
      }
      if (viewport.width < 400) assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
    }
    assert.deepEqual(found, [], `axe found:\n  ${found.join('\n  ')}`);

    // Back to the curves: the link follows.
    await page.click('#runs-view-curves');
    assert.equal(await page.isVisible('#runs-curves'), true);
    await waitUntil(() => page.evaluate(() => !location.search.includes('view=scaling')), { message: 'the link to leave view=scaling' });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Cancel stops the scaling runs and keeps the rows done', async () => {
  const { page, errors } = await openPage('/?mode=runs&view=scaling');
  try {
    await waitUntil(async () => (await rows(page)).length >= 10, { timeout: 60_000, message: 'some rows' });
    assert.equal(await scalingState(page), 'running');
    await page.click('#runs-scaling-cancel');
    assert.equal(await scalingState(page), 'cancelled');
    const kept = (await rows(page)).length;
    await pageIdle(page); // the workers' last messages, sent before Cancel, have come in
    assert.equal((await rows(page)).length, kept, 'no row comes after Cancel');
    assert.match(await page.textContent('#runs-scaling-status'), /^Cancelled after [\d,]+ of [\d,]+ runs/);
    assert.equal(await page.isDisabled('#runs-scaling-cancel'), true);
    assert.equal(await page.isHidden('#runs-scaling-progress'), true);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a bad view or largest N in the link is a sentence; Esc cancels the scaling runs', async () => {
  const { page, errors } = await openPage('/?mode=runs&view=sideways&nmax=7');
  try {
    const problem = await page.textContent('#error');
    for (const part of ['view=sideways', 'curves or scaling', 'nmax=7']) assert.ok(problem.includes(part), `the problem names ${part}: ${problem}`);
    assert.equal(await page.isVisible('#runs-curves'), true);
    assert.equal(await page.isVisible('#runs-scaling'), false);
    // By keyboard: the switch shows the view and starts nothing unasked; Compute runs (largest N 1,000,000), then Esc.
    await page.focus('#runs-view-scaling');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#runs-scaling:not([hidden])');
    await pageIdle(page);
    assert.equal(await scalingState(page), 'idle');
    assert.match(await page.textContent('#runs-scaling-status'), /Press Compute/);
    await page.focus('#runs-scaling-start');
    await page.keyboard.press('Enter');
    await waitUntil(() => scalingState(page).then((s) => s === 'running'), { message: 'the runs to start' });
    assert.equal(await page.inputValue('#runs-scaling-max'), '1000000');
    await waitUntil(async () => (await rows(page)).length >= 3, { timeout: 60_000, message: 'some rows' });
    await page.keyboard.press('Escape');
    await waitUntil(() => scalingState(page).then((s) => s === 'cancelled'), { message: 'Esc to cancel' });
    assert.match(page.url(), /view=scaling/);
    // Compute again runs afresh.
    await page.selectOption('#runs-scaling-max', '1000');
    await waitUntil(() => page.evaluate(() => location.search.includes('nmax=1000')), { message: 'the link to hold nmax' });
    await page.click('#runs-scaling-start');
    assert.equal(await scalingState(page), 'running');
    await page.click('#runs-scaling-cancel');
    assert.equal(await scalingState(page), 'cancelled');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

/** Hill's estimator as the page states it: the top k = max(5, ⌊n/10⌋) runs against the (k+1)-th; capped runs add their logarithm but are no event. */
function hill(work, capped) {
  const runs = work.map((w, i) => ({ w, c: capped[i] })).sort((a, b) => (b.c - a.c) || (b.w - a.w));
  const k = Math.max(5, Math.floor(work.length / 10));
  let logs = 0;
  let events = 0;
  for (let i = 0; i < k; i++) {
    logs += Math.log(runs[i].w / runs[k].w);
    if (!runs[i].c) events++;
  }
  return { alpha: events / logs, k };
}

/** The best restart cutoff by brute force: every t in the sample, E[min(X, t)] / P(X ≤ t) by a plain loop. */
function bestCutoff(work, capped) {
  let best = { t: NaN, expected: Infinity };
  for (const t of [...new Set(work)].sort((a, b) => a - b)) {
    let sum = 0;
    let solved = 0;
    for (let i = 0; i < work.length; i++) {
      sum += Math.min(work[i], t);
      if (!capped[i] && work[i] <= t) solved++;
    }
    const expected = solved ? sum / solved : Infinity;
    if (expected < best.expected * (1 - 1e-12)) best = { t, expected };
  }
  return best;
}

test('the tail cells: α, the best cutoff and its expected work equal the test\'s own from the runs', async () => {
  // Caps within what one call of the core may do (runLengthsBudget counts work); the first curve still has capped runs.
  const curves = ['restarts.30.500.100000.1.off', 'restarts.30.500.100000.1', 'restarts.30.200.100000.1.off'];
  const { page, errors } = await openPage(`/?mode=runs&curves=${curves.join(',')}`);
  try {
    await waitUntil(async () => (await page.$$('#runs-table tr[data-curve]')).length === 3, { timeout: 120_000, message: 'three curves' });
    const cells = await page.$$eval('#runs-table tr[data-curve]', (trs) => trs.map((tr) => ({
      curve: tr.dataset.curve,
      ...Object.fromEntries([...tr.querySelectorAll('td[data-stat]')].map((td) => [td.dataset.stat, { ...td.dataset, text: td.textContent }])),
    })));
    const lines = {};
    for (const row of cells) {
      const [id, n, seeds, cap, first, off] = row.curve.split('.');
      // In calls as large as the core's budget for one call allows.
      const runs = await page.evaluate(([id, n, first, seeds, cap, options]) => {
        const out = { steps: [], capped: [] };
        const { budget, maxRuns } = window.nqueens.wasm.runLengthsBudget(id, n);
        const per = Math.max(1, Math.min(maxRuns, Math.floor(budget / cap)));
        for (let from = 0; from < seeds; from += per) {
          const r = window.nqueens.wasm.runLengths(id, n, first + from, Math.min(per, seeds - from), cap, options ?? undefined);
          out.steps.push(...r.steps);
          out.capped.push(...r.capped);
        }
        return out;
      }, [id, Number(n), Number(first), Number(seeds), Number(cap), off ? { restarts: false } : null]);
      const { alpha, k } = hill(runs.steps, runs.capped);
      assert.ok(Math.abs(Number(row.alpha.value) - alpha) < 1e-9, `${row.curve}: α ${row.alpha.value} against ${alpha}`);
      assert.equal(Number(row.alpha.k), k);
      assert.ok(row.alpha.text.includes(`k = ${k}`), row.alpha.text);
      const best = bestCutoff(runs.steps, runs.capped);
      assert.equal(Number(row['best-cutoff'].value), best.t, `${row.curve}: best cutoff`);
      assert.ok(Math.abs(Number(row['best-expected'].value) - best.expected) <= 1e-9 * best.expected, `${row.curve}: expected ${row['best-expected'].value} against ${best.expected}`);
      const mean = runs.steps.reduce((s, x) => s + x, 0) / runs.steps.length;
      assert.ok(Math.abs(Number(row['mean-median'].value) - mean / median(runs.steps)) < 1e-9, `${row.curve}: mean ÷ median`);
      // Capped runs: the expected work is an upper bound on the best there is, and says so.
      assert.equal(row['best-expected']['atMost'], String(runs.capped.some(Boolean)));
      if (runs.capped.some(Boolean)) assert.match(row['best-expected'].text, /^at most /);
      lines[row.curve] = { mean, alpha, best };
    }
    const plain = lines[curves[0]];
    const luby = lines[curves[1]];
    assert.ok(plain.alpha < 2, `no restarts: α = ${plain.alpha}, a heavy tail`);
    assert.ok(luby.alpha > plain.alpha, 'restarts lighten the tail');
    const words = await page.textContent('[data-part="cutoff-words"]');
    // Capped runs make the mean a lower bound, and the sentence says so.
    assert.ok(words.includes(`the mean is at least ${Math.round(plain.mean).toLocaleString('en-US')} steps`), words);
    assert.ok(words.includes(`averaged ${Math.round(luby.mean).toLocaleString('en-US')}`), words);
    assert.ok(words.includes(`restarting after ${plain.best.t.toLocaleString('en-US')} steps`), words);
    assert.ok((await canvasStats(page, '#runs-cutoff-chart')).distinctColors > 3, 'the cutoff chart is drawn');
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        await schemeShown(page, colorScheme);
        await screenshot(page, `runs-tail-${viewport.width}-${colorScheme}`);
      }
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
