// Your search's search tree and its "first step outside row backtracking's
// tree", in Chromium, against truths made here: the test runs the same
// program in node with a board of its own that records each call, lists the
// partial boards it stood on, and judges every node of the N^N-board tree
// from that list (entered, or never entered with no queen attacked); the
// first placement after which the board is not rows 0..d-1, one queen each,
// none attacking another, is found by looking at each board.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { openPage, assertNoErrors, closeHarness, screenshot } from './helpers.mjs';

after(closeHarness);

const pack = (program) => zlib.deflateRawSync(Buffer.from(program, 'utf8')).toString('base64url');

// Row backtracking with two planted faults: row 0 starts at column 1, and its
// own diagonal test is off by one (it misses queens one row apart).
const PROGRAM = `function solve(n, board) {
  const cols = [];
  function fill(row) {
    if (row === n) { board.found(); return; }
    for (let col = row === 0 ? 1 : 0; col < n; col++) {
      if (cols.some((c, r) => c === col || Math.abs(c - col) === row - r + 1)) continue;
      cols.push(col);
      board.place(row, col);
      fill(row + 1);
      board.remove(row, col);
      cols.pop();
    }
  }
  fill(0);
}`;

/** The program run here with a recording board: the queens after each place, and the step. */
function boardsOf(program, n) {
  const on = new Map();
  const boards = [];
  let step = 0;
  const board = {
    place(r, c) { step++; on.set(`${r},${c}`, { r, c }); boards.push([step, [...on.values()]]); },
    remove(r, c) { step++; on.delete(`${r},${c}`); },
    found() { step++; },
    safe() { throw new Error('not used by this program'); },
    say() {},
  };
  const solve = new Function(`${program}; return solve;`)();
  solve(n, board);
  return boards;
}

const attacks = (a, b) => a.r === b.r || a.c === b.c || Math.abs(a.r - b.r) === Math.abs(a.c - b.c);

function truthOf(n) {
  const boards = boardsOf(PROGRAM, n);
  const enters = (b, cols) => cols.every((c, r) => {
    const row = b.filter((q) => q.r === r);
    return row.length === 1 && row[0].c === c;
  });
  const attacked = (cols) => cols.some((c, r) => cols.some((c2, r2) => r2 > r && attacks({ r, c }, { r: r2, c: c2 })));
  const entered = new Set(['']);
  const never = [];
  let neverBoards = 0;
  for (let d = 1; d <= n; d++) {
    for (let index = 0; index < n ** d; index++) {
      const cols = [];
      for (let r = 0, x = index; r < d; r++) { cols.unshift(x % n); x = Math.floor(x / n); }
      if (boards.some(([, b]) => enters(b, cols))) entered.add(cols.join(','));
      else if (entered.has(cols.slice(0, -1).join(',')) && !attacked(cols)) {
        never.push(cols.join(','));
        neverBoards += n ** (n - d);
      }
    }
  }
  entered.delete('');
  let outside = 0;
  for (const [step, b] of boards) {
    const rows = new Set(b.map((q) => q.r));
    const prefix = rows.size === b.length && b.every((q) => q.r < b.length);
    if (!prefix || b.some((q, i) => b.some((p, j) => j > i && attacks(p, q)))) { outside = step; break; }
  }
  return { entered: [...entered].sort(), never: never.sort(), neverBoards, outside };
}

test('the search tree of a run is the test’s own enumeration of the boards it stood on, drawn with its never-entered subtree; Check my search links the first step outside row backtracking’s tree', async () => {
  const n = 5;
  const truth = truthOf(n);
  assert.ok(truth.never.includes('0'), 'the planted fault skips column 0 of row 0');
  assert.ok(truth.outside > 0, 'the off-by-one diagonal enters an attacked board');
  const { page, errors } = await openPage(`/?mode=code&lang=js&n=${n}&src=${pack(PROGRAM)}`);
  await page.waitForSelector('#code .cm-editor');
  assert.equal(await page.isHidden('#code [data-part=tree-panel]'), true, 'no tree before a run');
  await page.click('#code [data-part=run]');
  await page.waitForFunction(() => window.nqueens?.yourSearch?.tree);
  const tree = await page.evaluate(() => window.nqueens.yourSearch.tree);
  assert.deepEqual(tree.nodes.map((c) => c.join(',')).sort(), truth.entered, 'the entered partial boards');
  assert.deepEqual(tree.never.map((c) => c.join(',')).sort(), truth.never, 'the subtrees never entered');
  assert.equal(tree.neverRoots, truth.never.length);
  assert.equal(tree.neverBoards, truth.neverBoards);
  assert.equal(tree.outside, truth.outside);
  assert.match(await page.textContent('#code [data-part=tree-summary]'), new RegExp(`never entered ${truth.never.length} subtree`));

  // Row 0's band: column 0's fifth never entered (no examined colour in it), column 1's entered.
  const colours = await page.evaluate(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector('#code [data-part=tree]'));
    const ctx = canvas.getContext('2d');
    const probe = document.createElement('canvas').getContext('2d');
    probe.fillStyle = getComputedStyle(canvas).getPropertyValue('--tree-examined').trim();
    const examined = probe.fillStyle;
    const hex = (d) => `#${[d[0], d[1], d[2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    const band = Math.round(14 * (window.devicePixelRatio || 1));
    const count = (x0, x1) => {
      const data = ctx.getImageData(x0, 0, x1 - x0, band - 1).data;
      let hits = 0;
      for (let i = 0; i < data.length; i += 4) if (hex(data.subarray(i, i + 4)) === examined) hits++;
      return hits;
    };
    const fifth = canvas.width / 5;
    return { first: count(2, Math.floor(fifth) - 2), second: count(Math.ceil(fifth) + 2, Math.floor(2 * fifth) - 2) };
  });
  assert.equal(colours.first, 0, 'the never-entered subtree has no examined colour');
  assert.ok(colours.second > 0, 'an entered node is drawn in the examined colour');
  await screenshot(page, 'code-tree');

  // Check my search: the link to the first step outside row backtracking's tree.
  await page.click('#code [data-part=grade]');
  await page.waitForSelector('#code [data-part=first-outside]', { timeout: 30_000 });
  await page.click('#code [data-part=first-outside]');
  assert.equal((await page.evaluate(() => window.nqueens.yourSearch)).step, truth.outside);
  // The link brings the board into view, and nothing (the editor's marked line) scrolls it out again.
  await page.waitForFunction(() => {
    const r = document.querySelector('#code [data-part=board]').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  }, null, { timeout: 5_000 });
  assertNoErrors(errors);
  await page.close();
});
