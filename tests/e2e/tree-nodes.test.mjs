// The search tree's nodes: a tree node's reason, a clicked node's board
// brought into view, the zoom into the current path, and the rows each
// search cuts. Each checked against a truth worked out here, not read off
// the page.
// test group: slow (scripts/test.sh): the tree at several sizes, one check each.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness, counter, waitUntil } from './helpers.mjs';

after(closeHarness);

test('a node below a rejected one names the ancestor and the check that cut it; a click brings the board into view', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=8&step=4', { viewport: { width: 1280, height: 800 } });
  try {
    const canvas = page.locator('.tree-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    // Depth 3, columns 1, 2, 1: index 0·64 + 1·8 + 0 = 8 of 512; its band is the third (14 px each).
    await page.mouse.move(box.x + ((8 + 0.5) / 512) * box.width, box.y + 2 * 14 + 7);
    await page.waitForFunction(() => /ruled out/.test(document.querySelector('.tree-tip').textContent));
    await page.waitForFunction(() => /step/.test(document.querySelector('.tree-tip').textContent));
    const said = await page.locator('.tree-tip').textContent();
    // Worked out here: row 2's queen (column 2) sits on row 1's diagonal (column 1),
    // so the search rejected rows 1–2 and never reached row 3.
    const cols = [0, 1, 0];
    const diagonal = Math.abs(cols[0] - cols[1]) === 1;
    assert.ok(diagonal);
    assert.match(said, /rows 1–3: columns 1, 2, 1; .* ruled out with its ancestor rows 1–2 \(columns 1, 2\), which a diagonal check rejected at step [\d,]+/, said);
    assert.doesNotMatch(said, /column check/);

    // A click on a reached node seeks there and scrolls the board into view.
    const boardInView = () => page.evaluate(() => {
      const r = document.getElementById('board').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    });
    // At 1280 px the board column stays in view beside the tree; the click keeps it there.
    assert.equal(await boardInView(), true, 'the tree shown, the board is in view beside it');
    const reached = await canvas.boundingBox();
    await page.mouse.click(reached.x + ((0 + 0.5) / 8) * reached.width, reached.y + 7);
    await waitUntil(boardInView, { message: 'the board in view after a click on the tree' });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the tree zooms into the current path, readable below it, and Esc goes back', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=8&step=300');
  try {
    const queens = await page.evaluate(() => Array.from(window.nqueens.session.queens()));
    const path = [];
    for (const q of queens) { if (q < 0) break; path.push(q); }
    const root = path.slice(0, Math.max(0, Math.min(path.length, 7) - 1));
    assert.ok(root.length >= 1, `a path deep enough to zoom (${path})`);
    await page.click('[data-part="tree-follow"]');
    assert.equal(await page.getAttribute('[data-part="tree-follow"]', 'aria-pressed'), 'true');
    const note = await page.textContent('[data-part="tree-zoom"]');
    const rows = root.length === 1 ? 'row 1' : `rows 1–${root.length}`;
    assert.ok(note.includes(`Zoomed into ${rows} = column${root.length === 1 ? '' : 's'} ${root.map((c) => c + 1).join(', ')}`), note);
    // The first band now holds the root's children, eight nodes wide each 1/8 of the canvas:
    // the one under the pointer is the root plus that column.
    const canvas = page.locator('.tree-canvas');
    const box = await canvas.boundingBox();
    // The rows under the root share the tree's height (all but the 8 px of solution ticks).
    const band = (box.height - 8) / (8 - root.length);
    assert.ok(band > 14, `a zoomed band is taller than the whole tree's 14 px (${band})`);
    await page.mouse.move(box.x + (5.5 / 8) * box.width, box.y + band / 2);
    const tip = await page.textContent('.tree-tip');
    const depth = root.length + 1;
    assert.match(tip, new RegExp(`rows 1–${depth}: columns ${[...root, 5].map((c) => c + 1).join(', ')};`), tip);
    // The band below: 64 nodes across the canvas, each wide enough to point at
    // (on the whole tree this row has 8^${depth + 1} nodes).
    await page.mouse.move(box.x + ((5 * 8 + 3 + 0.5) / 64) * box.width, box.y + band * 1.5);
    const deeper = await page.textContent('.tree-tip');
    assert.match(deeper, new RegExp(`rows 1–${depth + 1}: columns ${[...root, 5, 3].map((c) => c + 1).join(', ')};`), deeper);
    // The last band, the full boards, reaches the bottom of the tree: no empty box below it.
    await page.mouse.move(box.x + 2, box.y + band * (8 - root.length - 0.5));
    const last = await page.textContent('.tree-tip');
    assert.match(last, /rows 1–8: columns /, last);
    await page.keyboard.press('Escape');
    assert.equal(await page.getAttribute('[data-part="tree-follow"]', 'aria-pressed'), 'false');
    assert.equal(await page.isVisible('[data-part="tree-zoom"]'), false);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('at the end, backtracking\'s tree shows rows it cut by checks and brute force\'s does not', async () => {
  /** Pixels of band 2 (row 2 of the board) drawn in the ruled-out colour. */
  const ruledInRow2 = (page) => page.evaluate(() => {
    const canvas = document.querySelector('.tree-canvas');
    const probe = document.createElement('canvas').getContext('2d');
    probe.fillStyle = getComputedStyle(canvas).getPropertyValue('--tree-ruled').trim();
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    const scale = canvas.width / canvas.getBoundingClientRect().width;
    const band = Math.round(14 * scale);
    const data = canvas.getContext('2d').getImageData(0, band, canvas.width, band - 1).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] === r && data[i + 1] === g && data[i + 2] === b) count++;
    return count;
  });
  // Worked out here: of the 64 two-row partial boards, 22 put the second queen
  // on the first one's column or diagonal, so a row search rejects them.
  let clash = 0;
  for (let a = 0; a < 8; a++) for (let b = 0; b < 8; b++) if (a === b || Math.abs(a - b) === 1) clash++;
  assert.equal(clash, 22);
  const counts = {};
  for (const [algo, steps] of [['backtracking', 100_000], ['brute-force', 16_777_216]]) {
    const { page, errors } = await openPage(`/?algo=${algo}&n=8&step=${steps}`);
    try {
      await waitUntil(async () => (await counter(page, 'solutions')) === 92, { timeout: 30_000, message: `${algo} to its end` });
      counts[algo] = await ruledInRow2(page);
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
  assert.ok(counts.backtracking > 0, 'backtracking rules out two-row boards by its checks');
  assert.equal(counts['brute-force'], 0, 'brute force cuts no partial board: it tests every board it builds');
});
