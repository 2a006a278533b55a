// Saving what the page shows (www/lib/export.js): Save PNG by a canvas gives a
// real PNG of the canvas's pixel size and picture; Record video gives a WebM
// with a duration; race and Many runs results download as CSV whose rows
// match the page and fresh sessions of the core.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { assertNoErrors, browser, closeHarness, openPage, url, waitUntil } from './helpers.mjs';
import { ended } from './race-hooks.mjs';

after(closeHarness);

/** Clicks `selector` and returns the download it starts: its suggested name and bytes. */
async function downloadOf(page, selector) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.click(selector)]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await fs.readFile(file) };
}

/** A PNG's size from its IHDR chunk, after checking the signature. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR', 'IHDR first');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The PNG decoded by the browser, and the canvas read directly: their sizes,
 * distinct colours, and how many pixels differ.
 */
const compare = (page, bytes, selector) => page.evaluate(async ({ base64, selector }) => {
  const image = new Image();
  image.src = `data:image/png;base64,${base64}`;
  await image.decode();
  const read = (source, width, height) => {
    const c = document.createElement('canvas');
    c.width = width;
    c.height = height;
    const ctx = c.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(source, 0, 0);
    return ctx.getImageData(0, 0, width, height).data;
  };
  const canvas = document.querySelector(selector);
  const png = read(image, image.naturalWidth, image.naturalHeight);
  const shown = read(canvas, canvas.width, canvas.height);
  const colours = new Set();
  let differ = 0;
  for (let i = 0; i < png.length; i += 4) {
    colours.add((png[i] << 16) | (png[i + 1] << 8) | png[i + 2]);
    if (png[i + 3] !== 255) differ++; // the PNG is opaque: it carries the page's backdrop
    else if (shown[i + 3] === 255 && (png[i] !== shown[i] || png[i + 1] !== shown[i + 1] || png[i + 2] !== shown[i + 2])) differ++;
  }
  return { width: image.naturalWidth, height: image.naturalHeight, canvas: [canvas.width, canvas.height], colours: colours.size, differ };
}, { base64: bytes.toString('base64'), selector });

/** RFC 4180 text to rows (a reader written apart from the page's writer). */
function parseCsv(text) {
  assert.ok(text.endsWith('\r\n'), 'lines end in CRLF');
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; }
    else field += c;
  }
  return rows;
}

test('Save PNG: the board as a PNG of its canvas\'s size and pixels, the tree a slide wide, with names that say what they show', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=8&step=100');
  try {
    await waitUntil(() => page.evaluate(() => window.nqueens.session.stepIndex === 100), { message: 'step 100' });
    const board = await downloadOf(page, '#save-board');
    assert.equal(board.name, 'nqueens-bitwise-n8-step100.png');
    const size = pngSize(board.bytes);
    const seen = await compare(page, board.bytes, '#board');
    assert.deepEqual([size.width, size.height], seen.canvas, 'IHDR is the canvas\'s pixel size');
    assert.deepEqual([seen.width, seen.height], seen.canvas);
    assert.ok(seen.colours >= 4, `not blank: ${seen.colours} colours`);
    assert.equal(seen.differ, 0, 'the PNG is the board\'s pixels');
    assert.match(await page.textContent('#visualizer .export-row [data-part="export-status"]'), /Saved nqueens-bitwise-n8-step100\.png/);

    const tree = await downloadOf(page, '[data-save-png="tree-canvas"]');
    assert.equal(tree.name, 'nqueens-bitwise-n8-step100-tree.png');
    const treeSize = pngSize(tree.bytes);
    const treeSeen = await compare(page, tree.bytes, '#tree-canvas');
    // The tree is saved a slide wide (1920 pixels), its shape the shown tree's.
    assert.equal(treeSize.width, 1920);
    const [shownWidth, shownHeight] = treeSeen.canvas;
    assert.ok(Math.abs(treeSize.height - (shownHeight / shownWidth) * 1920) <= 12, `${treeSize.width}×${treeSize.height} from a ${shownWidth}×${shownHeight} canvas`);
    assert.ok(treeSeen.colours >= 3, `the tree is drawn: ${treeSeen.colours} colours`);

    // A step later the name follows at once (the address bar may not have yet).
    await page.click('#step');
    assert.equal((await downloadOf(page, '#save-board')).name, 'nqueens-bitwise-n8-step101.png');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Record video: a WebM of the board while it plays, with a duration', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=8&speed=max');
  try {
    const canRecord = await page.evaluate(() => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported('video/webm'));
    assert.ok(canRecord, 'this Chromium records WebM');
    assert.equal(await page.isDisabled('#record-board'), false);
    await page.click('#record-board');
    assert.equal(await page.getAttribute('#record-board', 'aria-pressed'), 'true');
    await page.click('#play');
    // A fixed wait: the video records the wall clock, and the file must hold
    // more than a second of it (its duration is checked below).
    await page.waitForTimeout(1500);
    await page.click('#play');
    const video = await downloadOf(page, '#record-board'); // Stop recording
    assert.equal(await page.getAttribute('#record-board', 'aria-pressed'), 'false');
    const to = await page.evaluate(() => window.nqueens.session.stepIndex);
    assert.equal(video.name, `nqueens-backtracking-n8-step0-to-step${to}.webm`);
    assert.deepEqual([...video.bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'EBML magic');
    assert.ok(video.bytes.length > 1000, `not empty: ${video.bytes.length} bytes`);
    const media = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const v = document.createElement('video');
      v.muted = true;
      v.src = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
      await new Promise((resolve, reject) => { v.onloadedmetadata = resolve; v.onerror = () => reject(new Error(`video error ${v.error?.code}`)); });
      return { duration: v.duration, width: v.videoWidth, height: v.videoHeight };
    }, video.bytes.toString('base64'));
    const board = await page.evaluate(() => [document.getElementById('board').width, document.getElementById('board').height]);
    assert.ok(Number.isFinite(media.duration) && media.duration > 1 && media.duration < 30, `a duration in the file: ${media.duration} s`);
    assert.deepEqual([media.width, media.height], board, 'the video is the board\'s size');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a browser that cannot record says so plainly, and Save PNG still works', async () => {
  // A context where MediaRecorder does not exist, as in some browsers.
  const context = await (await browser()).newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => { delete window.MediaRecorder; });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(await url('/?algo=bitwise&n=6'));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    assert.equal(await page.evaluate(() => typeof MediaRecorder), 'undefined');
    assert.equal(await page.isDisabled('#record-board'), true);
    assert.match(await page.textContent('#visualizer .export-row [data-part="export-status"]'), /cannot record the board as a video.*Save PNG still works/);
    assert.equal((await downloadOf(page, '#save-board')).name, 'nqueens-bitwise-n6-step0.png');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('Race results as CSV: a header and one row a lane, the figures as numbers equal to the table and fresh sessions', async () => {
  const ids = ['backtracking', 'bitwise', 'bitboard-scan'];
  const { page, errors } = await openPage(`/?mode=race&n=6&lanes=${ids.join(',')}&clock=checks`);
  try {
    await page.click('#race-run-to-end');
    await ended(page);
    await waitUntil(() => page.evaluate(() => !document.querySelector('#race-results').textContent.includes('timing…')), { message: 'the times', timeout: 20_000 });
    const csv = await downloadOf(page, '#race-csv');
    assert.equal(csv.name, `nqueens-race-n6-checks-at${new URL(page.url()).searchParams.get('at')}.csv`);
    const rows = parseCsv(csv.bytes.toString('utf8'));
    const [header, ...lanes] = rows;
    assert.deepEqual(header, ['algorithm', 'name', 'n', 'goal', 'clock', 'seed', 'steps', 'checks', 'solutions', 'time_ms', 'reached_goal', 'note']);
    assert.deepEqual(lanes.map((r) => r[0]).sort(), [...ids].sort(), 'one row a lane');
    const truth = await page.evaluate((ids) => Object.fromEntries(ids.map((id) => {
      const s = new window.nqueens.wasm.Session(id, 6);
      while (s.step());
      const out = [s.stepIndex, s.checks, s.solutionCount];
      s.free();
      return [id, out];
    })), ids);
    const table = await page.$$eval('#race-results tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.lane,
      [...tr.querySelectorAll('td')].map((td) => (td.firstChild?.textContent ?? '').replace(/[,\s]|ms/g, ''))])));
    for (const row of lanes) {
      const [id, , n, goal, clock, seed, steps, checks, solutions, ms, reached] = row;
      assert.deepEqual([n, goal, clock, seed, reached], ['6', 'all', 'checks', '', 'true']);
      for (const number of [steps, checks, solutions, ms]) assert.match(number, /^\d+(\.\d+)?$/, `a plain number: ${number}`);
      assert.deepEqual([steps, checks, solutions].map(Number), truth[id], `${id}: the figures of a fresh run`);
      assert.equal(solutions, '4', 'N=6 has 4 solutions (OEIS A000170)');
      assert.deepEqual(table[id].slice(0, 3), [steps, checks, solutions], `${id}: as the table says`);
      const shown = Number(table[id][3]);
      assert.ok(Math.abs(Number(ms) - shown) <= (shown < 10 ? 0.05 : 0.5), `${id}: the time ${ms} ms is the table's ${table[id][3]}`);
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Many runs as CSV: one row a run, in seed order, the runs the core gives', async () => {
  const token = 'min-conflicts.8.12.100000.5';
  const { page, errors } = await openPage('/?mode=runs');
  try {
    assert.equal(await page.isDisabled('#runs-csv'), true, 'nothing to save before a curve');
    // The link's curve is drawn as soon as the page opens: no moment to look
    // for a disabled button in between, hence the empty page first.
    await page.goto(new URL(`?mode=runs&algo=min-conflicts&n=8&seeds=12&first=5&cap=100000&work=steps&curves=${token}`, page.url()).href);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await waitUntil(() => page.evaluate(() => document.getElementById('runs').dataset.state === 'done'), { message: 'the runs', timeout: 30_000 });
    assert.equal(await page.isDisabled('#runs-csv'), false);
    const csv = await downloadOf(page, '#runs-csv');
    assert.equal(csv.name, 'nqueens-runs-1-curves.csv');
    const [header, ...runs] = parseCsv(csv.bytes.toString('utf8'));
    assert.deepEqual(header, ['curve', 'algorithm', 'n', 'restarts', 'seed', 'steps', 'checks', 'solved']);
    assert.equal(runs.length, 12, 'one row a run');
    assert.deepEqual(runs.map((r) => r[4]), Array.from({ length: 12 }, (_, i) => String(5 + i)), 'seeds 5 to 16');
    // Each run as a fresh session of the core takes it: stepped to its first solution.
    const truth = await page.evaluate(() => Array.from({ length: 12 }, (_, i) => {
      const s = window.nqueens.wasm.Session.seeded('min-conflicts', 8, 5 + i);
      while (s.solutionCount === 0 && s.step());
      const out = [s.stepIndex, s.checks];
      s.free();
      return out;
    }));
    for (const [i, [curve, id, n, restarts, , steps, checks, solved]] of runs.entries()) {
      assert.deepEqual([curve, id, n, restarts, solved], [token, 'min-conflicts', '8', 'true', 'true']);
      assert.deepEqual([Number(steps), Number(checks)], truth[i], `seed ${5 + i}`);
    }
    // The table's median, from the CSV's steps.
    const sorted = runs.map((r) => Number(r[5])).sort((a, b) => a - b);
    const median = (sorted[5] + sorted[6]) / 2;
    assert.equal(Number(await page.getAttribute(`#runs-table tr[data-curve="${token}"] td[data-stat="median"]`, 'data-value')), median);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('CSV quoting (RFC 4180) and Save PNG of race mode\'s chart and Solve big\'s picture', async () => {
  const { page, errors } = await openPage('/?mode=race&n=5&lanes=backtracking,bitwise&clock=steps');
  try {
    const text = await page.evaluate(async () => (await import('/www/lib/export.js')).toCsv([['a', 'b,c', 'say "hi"'], [1234567, 0.5, 'two\nlines'], [null, true, '']]));
    assert.equal(text, 'a,"b,c","say ""hi"""\r\n1234567,0.5,"two\nlines"\r\n,true,\r\n');
    assert.deepEqual(parseCsv(text), [['a', 'b,c', 'say "hi"'], ['1234567', '0.5', 'two\nlines'], ['', 'true', '']]);

    await page.click('#race-run-to-end');
    await ended(page);
    const chart = await downloadOf(page, '[data-save-png="race-chart"]');
    assert.match(chart.name, /^nqueens-race-n5-steps-at\d+-chart\.png$/);
    const size = pngSize(chart.bytes);
    const seen = await compare(page, chart.bytes, '#race-chart');
    assert.deepEqual([size.width, size.height], seen.canvas);
    assert.ok(seen.colours >= 4 && seen.differ === 0, `the chart: ${seen.colours} colours, ${seen.differ} pixels off`);

    await page.click('#tab-visualizer');
    await page.fill('#solve-big-n', '2000');
    await page.click('#solve-big-solve');
    await waitUntil(() => page.evaluate(() => document.getElementById('solve-big').dataset.state === 'solved'), { message: 'solved', timeout: 20_000 });
    const big = await downloadOf(page, '[data-save-png="solve-big-picture"]');
    assert.match(big.name, /^nqueens-[a-z-]+-n2000-seed1\.png$/);
    const bigSize = pngSize(big.bytes);
    const bigSeen = await compare(page, big.bytes, '#solve-big-picture');
    assert.deepEqual([bigSize.width, bigSize.height], bigSeen.canvas);
    assert.ok(bigSeen.colours >= 2 && bigSeen.differ === 0);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
