// Solve big: one solution for up to findMaxN queens, found in a
// worker (www/workers/find-worker.js) and drawn by www/visualizer/solve-big.js. The worker's
// check is tested against boards whose verdict is known; the picture against
// what any solution must look like binned (every band of rows and of columns
// holds queens); the limits come from the core's algorithms().
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, assertNoErrors, closeHarness, coreAlgorithms, waitUntil } from './helpers.mjs';

after(closeHarness);

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const panel = (page) => page.evaluate(() => ({ ...document.getElementById('solve-big').dataset }));
const text = (page, selector) => page.evaluate((s) => document.querySelector(s).textContent.trim(), selector);
const settled = (page, timeout = 60_000) => waitUntil(
  async () => (await panel(page)).state !== 'running',
  { timeout, interval: 100, message: 'the solve to end' },
);

/** The find-one algorithms, from the core. */
async function finders() {
  return (await coreAlgorithms()).filter((a) => a.findMaxN > 0);
}

/** Counts the workers the page starts and the ones that end. */
function watchWorkers(page) {
  const seen = { started: 0, closed: 0 };
  page.on('worker', (worker) => {
    seen.started++;
    worker.on('close', () => seen.closed++);
  });
  return seen;
}

/** Fills the form and presses Solve. */
async function solve(page, { id = 'queen-search', n, seed = null }) {
  await page.selectOption('#solve-big-algorithm', id);
  await page.fill('#solve-big-n', String(n));
  if (seed !== null) await page.fill('#solve-big-seed', String(seed));
  await page.click('#solve-big-solve');
}

/**
 * Which rows and columns of the picture hold a pixel that is not the
 * background (the panel's --big-bg).
 */
function pictureBands(page) {
  return page.evaluate(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('solve-big-picture'));
    const bg = getComputedStyle(document.getElementById('solve-big')).getPropertyValue('--big-bg').trim();
    const [r0, g0, b0] = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
    const { width, height } = canvas;
    const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const rows = new Uint8Array(height);
    const cols = new Uint8Array(width);
    let marked = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = 4 * (y * width + x);
        if (Math.abs(data[i] - r0) + Math.abs(data[i + 1] - g0) + Math.abs(data[i + 2] - b0) > 30) {
          rows[y] = cols[x] = 1;
          marked++;
        }
      }
    }
    return { width, height, marked, emptyRows: rows.length - rows.reduce((a, b) => a + b, 0), emptyCols: cols.length - cols.reduce((a, b) => a + b, 0) };
  });
}

test('the worker\'s check accepts a solution and names what is wrong with boards that are not', async () => {
  const { page, errors } = await openPage('/');
  // A solution by the textbook formula for even N that is not 6k + 2, judged
  // here pair by pair; then three boards that are not solutions.
  const n = 10;
  const good = Array.from({ length: n }, (_, i) => (i < n / 2 ? 2 * i + 1 : 2 * (i - n / 2)));
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      assert.ok(good[a] !== good[b] && Math.abs(good[a] - good[b]) !== b - a, `rows ${a} and ${b} attack`);
    }
  }
  const column = [...good];
  column[5] = column[2];
  const diagonal = Array.from({ length: n }, (_, i) => i);
  const off = [...good];
  off[9] = n;
  const verdicts = await page.evaluate(async ({ n, boards }) => {
    const worker = new Worker(new URL('www/workers/find-worker.js', location.href), { type: 'module' });
    const ask = (queens, job) => new Promise((resolve) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.postMessage({ type: 'check', job, n, queens: Int32Array.from(queens) });
    });
    const out = [];
    for (const [job, queens] of boards.entries()) out.push(await ask(queens, job));
    worker.terminate();
    return out;
  }, { n, boards: [good, column, diagonal, off] });
  assert.equal(verdicts[0].type, 'checked');
  assert.equal(verdicts[0].check.ok, true, verdicts[0].check.problem);
  assert.equal(verdicts[1].check.ok, false);
  assert.match(verdicts[1].check.problem, /rows 3 and 6 share a column/);
  assert.equal(verdicts[2].check.ok, false);
  assert.match(verdicts[2].check.problem, /rows 1 and 2 share a diagonal/);
  assert.equal(verdicts[3].check.ok, false);
  assert.match(verdicts[3].check.problem, /row 10 has no queen on the board/);
  assertNoErrors(errors);
  await page.close();
});

test('1,000,000 queens by queen search: solved in the worker, checked, drawn, and axe finds nothing', async () => {
  const { page, errors } = await openPage('/');
  const workers = watchWorkers(page);
  // By keyboard: N typed, Enter submits.
  await page.fill('#solve-big-n', '1,000,000');
  await page.focus('#solve-big-n');
  await page.keyboard.press('Enter');
  await settled(page);
  const state = await panel(page);
  assert.equal(state.state, 'solved', await text(page, '#solve-big'));
  assert.equal(state.n, '1000000');
  assert.equal(state.check, 'ok');
  assert.match(await text(page, '#solve-big-result'), /1,000,000 queens, no two attack: checked in \d/);
  assert.match(await text(page, '#solve-big-result'), /found a solution for 1,000,000 queens/);
  // Any solution has a queen in every row and every column, so every band of
  // rows and of columns in the picture holds a mark.
  const bands = await pictureBands(page);
  assert.ok(bands.width >= 100, `the picture is ${bands.width} pixels wide`);
  assert.equal(bands.emptyRows, 0, 'a band of rows of the picture has no queen');
  assert.equal(bands.emptyCols, 0, 'a band of columns of the picture has no queen');
  assert.equal(workers.started, 1);
  await waitUntil(() => workers.closed === 1, { message: 'the finished worker to be ended' });
  // axe on the panel, light and dark.
  await page.addScriptTag({ path: AXE });
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    const found = await page.evaluate(async () => {
      const result = await window.axe.run('#solve-big', { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    assert.deepEqual(found, [], `axe (${colorScheme}) found:\n  ${found.join('\n  ')}`);
  }
  assertNoErrors(errors);
  await page.close();
});

test('a small board is drawn queen by queen: the picture marks exactly N squares', async () => {
  const { page, errors } = await openPage('/');
  await solve(page, { id: 'queen-search', n: 20, seed: 7 });
  await settled(page);
  assert.equal((await panel(page)).check, 'ok');
  // Each queen is a block of width / 20 pixels; count the marked blocks by their centres.
  const marked = await page.evaluate(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('solve-big-picture'));
    const queen = getComputedStyle(document.getElementById('solve-big')).getPropertyValue('--big-queen').trim();
    const q = [1, 3, 5].map((i) => parseInt(queen.slice(i, i + 2), 16));
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const cell = canvas.width / 20;
    const squares = [];
    for (let r = 0; r < 20; r++) {
      for (let c = 0; c < 20; c++) {
        const i = 4 * (Math.floor((r + 0.5) * cell) * canvas.width + Math.floor((c + 0.5) * cell));
        if (Math.abs(data[i] - q[0]) + Math.abs(data[i + 1] - q[1]) + Math.abs(data[i + 2] - q[2]) < 30) squares.push([r, c]);
      }
    }
    return squares;
  });
  assert.equal(marked.length, 20, `marked squares: ${JSON.stringify(marked)}`);
  // And those squares are a solution, judged here.
  for (const [i, [r1, c1]] of marked.entries()) {
    for (const [r2, c2] of marked.slice(i + 1)) {
      assert.ok(r1 !== r2 && c1 !== c2 && Math.abs(r1 - r2) !== Math.abs(c1 - c2), `queens ${r1},${c1} and ${r2},${c2} attack`);
    }
  }
  assertNoErrors(errors);
  await page.close();
});

test('Cancel during a 10,000,000 run ends its worker at once; Solve works again after', async () => {
  const { page, errors } = await openPage('/');
  const workers = watchWorkers(page);
  await solve(page, { n: '10,000,000' });
  await waitUntil(async () => /Placing|Repairing/.test(await text(page, '#solve-big-progress-text')), { timeout: 20_000, message: 'progress' });
  assert.equal((await panel(page)).state, 'running');
  // The page answers while the worker works: a step of the visualizer goes through.
  const before = await page.evaluate(() => window.nqueens.session.stepIndex);
  await page.click('#step');
  await waitUntil(async () => (await page.evaluate(() => window.nqueens.session.stepIndex)) === before + 1, { timeout: 5_000, message: 'a step while the worker works' });
  await page.focus('#solve-big-cancel');
  await page.keyboard.press('Enter');
  assert.equal((await panel(page)).state, 'cancelled');
  await waitUntil(() => workers.closed === 1, { timeout: 5_000, message: 'the worker to be terminated' });
  const said = await text(page, '#solve-big-result');
  assert.match(said, /^Cancelled after/);
  assert.doesNotMatch(said, /no solution|proved/i);
  await solve(page, { n: 1000 });
  await settled(page);
  assert.equal((await panel(page)).state, 'solved');
  assert.equal(workers.started, 2, 'a fresh worker for the next solve');
  assertNoErrors(errors);
  await page.close();
});

test('bad input gets a sentence and starts no worker; construction at N = 3 says the board has no solution', async () => {
  const { page, errors } = await openPage('/');
  const workers = watchWorkers(page);
  const alert = () => page.evaluate(() => {
    const node = document.getElementById('solve-big-error');
    return node.hidden ? '' : node.textContent;
  });
  for (const a of await finders()) {
    await solve(page, { id: a.id, n: a.findMaxN + 1 });
    assert.match(await alert(), /out of that range/, `${a.id} at ${a.findMaxN + 1}`);
    assert.ok((await alert()).includes(a.findMaxN.toLocaleString('en-US')), `${a.id}'s limit is named`);
  }
  await solve(page, { n: 'ten' });
  assert.match(await alert(), /whole number/);
  await solve(page, { n: 1000, seed: '-4' });
  assert.match(await alert(), /seed must be a whole number/);
  assert.equal(workers.started, 0);
  // Construction takes N from 1; the core refuses 3 with its own sentence.
  await solve(page, { id: 'construction', n: 3 });
  await waitUntil(async () => (await alert()) !== '', { message: 'the sentence' });
  assert.match(await alert(), /N = 2 and N = 3 have no solution/);
  assert.equal((await panel(page)).state, 'error');
  // The page keeps working.
  await solve(page, { id: 'construction', n: 1000 });
  await settled(page);
  assert.equal((await panel(page)).check, 'ok');
  assert.equal(await alert(), '');
  assertNoErrors(errors);
  await page.close();
});

test('10,000,000 queens by queen search are solved and checked', async () => {
  const { page, errors } = await openPage('/');
  await solve(page, { n: '10000000' });
  await settled(page, 120_000);
  const state = await panel(page);
  assert.equal(state.state, 'solved', await text(page, '#solve-big'));
  assert.equal(state.n, '10000000');
  assert.equal(state.check, 'ok');
  assert.match(await text(page, '#solve-big-result'), /10,000,000 queens, no two attack: checked/);
  const bands = await pictureBands(page);
  assert.equal(bands.emptyRows + bands.emptyCols, 0);
  assertNoErrors(errors);
  await page.close();
});
