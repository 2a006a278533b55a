// Record GIF (www/lib/gif.js, encoded in www/workers/gif-worker.js): a GIF
// made through the page's own buttons is read back by an independent decoder
// (omggif, not the encoder's library) and held against the board as the test
// itself read it at each step: the frames are the boards the page showed, in
// the order it showed them, each staying about as long as it was shown.
// test group: slow (scripts/test.sh): recordings: GIFs recorded in real time and encoded.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import omggif from 'omggif';
import { assertNoErrors, closeHarness, openPage, waitUntil } from './helpers.mjs';

const { GifReader } = omggif;

after(closeHarness);

/** Record GIF's status line (its export row's). */
const STATUS = '.export-row:has(#record-gif) [data-part="export-status"]';

/** A GIF's frames as a viewer shows them (each drawn over the picture so far, as disposal 0/1 asks), with their delays in ms. */
function decodeGif(bytes) {
  assert.equal(bytes.subarray(0, 6).toString('latin1'), 'GIF89a', 'the GIF89a signature');
  const reader = new GifReader(new Uint8Array(bytes));
  const canvas = new Uint8Array(reader.width * reader.height * 4);
  const frames = [];
  for (let i = 0; i < reader.numFrames(); i++) {
    const info = reader.frameInfo(i);
    assert.ok(info.disposal <= 1, `frame ${i} leaves the picture in place (disposal ${info.disposal})`);
    reader.decodeAndBlitFrameRGBA(i, canvas);
    frames.push({ rgba: canvas.slice(), delay: info.delay * 10 });
  }
  return { width: reader.width, height: reader.height, loops: reader.loopCount(), frames };
}

/** The board canvas's pixels as the test reads them: RGBA of its pixel size. */
const readBoard = (page) => page.evaluate(() => {
  const board = /** @type {HTMLCanvasElement} */ (document.getElementById('board'));
  const copy = document.createElement('canvas');
  copy.width = board.width;
  copy.height = board.height;
  const ctx = copy.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(board, 0, 0);
  const data = ctx.getImageData(0, 0, board.width, board.height).data;
  let clear = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) clear++;
  let text = '';
  for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return { width: board.width, height: board.height, clear, base64: btoa(text) };
}).then((shot) => ({ ...shot, rgba: new Uint8Array(Buffer.from(shot.base64, 'base64')) }));

/** The share of pixels whose colour is far (more than 48 in a channel) from the other picture's. */
function farShare(a, b) {
  let far = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i] - b[i]) > 48 || Math.abs(a[i + 1] - b[i + 1]) > 48 || Math.abs(a[i + 2] - b[i + 2]) > 48) far++;
  }
  return far / (a.length / 4);
}

/** Clicks `selector` and returns the download it starts: its suggested name and bytes. */
async function downloadOf(page, selector, timeout = 30_000) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout }), page.click(selector)]);
  return { name: download.suggestedFilename(), bytes: await fs.readFile(await download.path()) };
}

test('Record GIF: an animated GIF whose frames are the boards the page showed, in order, for as long as each was shown', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=6');
  try {
    await page.selectOption('#gif-size', '0'); // the board's size: its pixels, one for one
    // When each click reached the page: Record, the steps, Stop.
    await page.evaluate(() => {
      window.__clicks = [];
      document.addEventListener('click', (event) => { if (event.target.closest('button')) window.__clicks.push(performance.now()); }, true);
    });
    await page.click('#record-gif');
    assert.equal(await page.getAttribute('#record-gif', 'aria-pressed'), 'true');
    assert.equal(await page.isVisible('#gif-cancel'), true, 'Cancel shows while recording');
    assert.equal(await page.isDisabled('#gif-size'), true, 'the size stays as it started');
    const shown = [];
    const STEPS = 6;
    for (let k = 0; k <= STEPS; k++) {
      // Two snapshots of this board (ten a second): the first may come before it is drawn.
      await page.waitForFunction((taken) => Number(document.getElementById('record-gif').dataset.frames) >= taken + 2, Number(await page.getAttribute('#record-gif', 'data-frames')));
      shown.push(await readBoard(page));
      if (k < STEPS) await page.click('#step');
    }
    assert.equal(await page.evaluate(() => window.nqueens.session.stepIndex), STEPS);
    const gif = await downloadOf(page, '#record-gif'); // Stop GIF
    assert.equal(gif.name, `nqueens-backtracking-n6-step0-to-step${STEPS}.gif`);
    assert.ok(gif.bytes.length < 60_000, `a short small GIF: ${gif.bytes.length} bytes`);
    assert.match(await page.textContent(STATUS), new RegExp(`Saved ${gif.name} \\(${STEPS + 1} frames`));
    assert.equal(await page.isVisible('#gif-cancel'), false);
    assert.equal(await page.isVisible('#gif-progress'), false);

    const { width, height, loops, frames } = decodeGif(gif.bytes);
    assert.deepEqual([width, height], [shown[0].width, shown[0].height], 'the GIF is the board\'s pixel size');
    assert.equal(shown[0].clear, 0, 'the board is opaque, so its pixels are what the GIF should hold');
    assert.equal(loops, 0, 'it loops forever');
    // Every step changed the board, so each is a frame of its own.
    for (let k = 1; k <= STEPS; k++) assert.ok(farShare(shown[k].rgba, shown[k - 1].rgba) > 0.001, `step ${k} changed the board`);
    assert.equal(frames.length, STEPS + 1, `one frame a board shown: ${frames.length}`);
    // Each frame stays as long as its board was shown, from the click that
    // brought it to the next (the last until Stop), within the snapshots'
    // tenth of a second and a timer's lateness on a busy machine.
    const clicks = await page.evaluate(() => window.__clicks);
    assert.equal(clicks.length, STEPS + 2, 'Record, the steps and Stop');
    for (const [i, f] of frames.entries()) {
      const shownFor = clicks[i + 1] - clicks[i];
      assert.ok(Math.abs(f.delay - shownFor) <= 300, `frame ${i} stays ${f.delay} ms; its board was shown ${Math.round(shownFor)} ms`);
    }
    // Frame i is the board the test read at step i, within the palette's
    // rounding, and clearly not any other step's board (so frames in another
    // order, or repeated, would fail here).
    for (const [i, f] of frames.entries()) {
      const own = farShare(f.rgba, shown[i].rgba);
      assert.ok(own < 0.002, `frame ${i} is step ${i}'s board: ${(own * 100).toFixed(3)}% of pixels far off`);
      for (const [j, other] of shown.entries()) {
        if (j === i) continue;
        const far = farShare(f.rgba, other.rgba);
        assert.ok(far > own * 3 && far > 0.001, `frame ${i} is not step ${j}'s board (${(far * 100).toFixed(3)}% far against ${(own * 100).toFixed(3)}%)`);
      }
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Record GIF at 480 px while the search plays: the chosen width, many frames, as long as the recording, encoded in a worker with no long task on the page', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=10&speed=3');
  try {
    await page.evaluate(() => {
      window.__workers = [];
      const Started = window.Worker;
      window.Worker = class extends Started {
        constructor(url, options) {
          super(url, options);
          window.__workers.push(options?.name);
        }
      };
      window.__long = [];
      new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    });
    assert.equal(await page.inputValue('#gif-size'), '480', '480 px unless changed');
    await page.click('#record-gif');
    await page.click('#play');
    // Three seconds of the board playing: thirty-one snapshots at ten a second.
    await page.waitForFunction(() => Number(document.getElementById('record-gif').dataset.frames) >= 31, null, { timeout: 30_000 });
    await page.click('#play');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      (async () => {
        await page.click('#record-gif');
        // The progress bar shows until the file is saved (it may be quick).
        await waitUntil(() => page.evaluate((status) => /Making the GIF|Saved/.test(document.querySelector(status).textContent), STATUS), { message: 'progress or saved' });
      })(),
    ]);
    const bytes = await fs.readFile(await download.path());
    const to = await page.evaluate(() => window.nqueens.session.stepIndex);
    assert.equal(download.suggestedFilename(), `nqueens-bitwise-n10-step0-to-step${to}.gif`);
    const { width, height, frames } = decodeGif(bytes);
    assert.deepEqual([width, height], [480, 480], 'the board drawn again at 480 pixels, whatever its size on the page');
    // The last frame is the board as the page shows it now, at 480 pixels
    // (the browser scales the canvas for this check; hatching and edges
    // differ a little), and not the first frame's board.
    const now = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = c.height = 480;
      const ctx = c.getContext('2d', { willReadFrequently: true });
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(document.getElementById('board'), 0, 0, 480, 480);
      const data = ctx.getImageData(0, 0, 480, 480).data;
      let text = '';
      for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return btoa(text);
    }).then((b64) => new Uint8Array(Buffer.from(b64, 'base64')));
    const last = farShare(frames.at(-1).rgba, now);
    const first = farShare(frames[0].rgba, now);
    assert.ok(last < 0.05 && first > last * 2, `the last frame is the board now (${(last * 100).toFixed(2)}% far), the first is not (${(first * 100).toFixed(2)}%)`);
    assert.ok(frames.length >= 10, `the board changed many times as it played: ${frames.length} frames`);
    const total = frames.reduce((sum, f) => sum + f.delay, 0);
    assert.ok(total >= 2800 && total <= 4500, `the GIF lasts as long as the recording: ${total} ms`);
    assert.ok(bytes.length < 3.5 * 60_000, `small enough for a slide: ${bytes.length} bytes for ${(total / 1000).toFixed(1)} s`);
    // The encoder runs in a worker the page starts for the recording, and no
    // task on the page's main thread is long. Encoding on the main thread
    // would be tens of ms a frame at 480 pixels, and all the frames left at
    // once after Stop; the tasks seen while recording are the page's own
    // frames, 60-190 ms on the shared 2-core machine under load (load
    // average 12-17), so 500 ms catches an encoder there, not a slow frame.
    assert.deepEqual(await page.evaluate(() => window.__workers), ['gif'], 'one worker started, the GIF\'s');
    const long = await page.evaluate(() => window.__long);
    assert.deepEqual(long.filter((ms) => ms > 500), [], `no long task while recording and encoding: ${long.map(Math.round).join(', ')} ms`);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Cancel GIF ends a recording and saves nothing; the next recording works', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=8&speed=3');
  try {
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.click('#record-gif');
    await page.click('#play');
    await page.waitForFunction(() => Number(document.getElementById('record-gif').dataset.frames) >= 5 && window.nqueens.session.stepIndex >= 1, null, { timeout: 10_000 });
    await page.click('#gif-cancel');
    assert.match(await page.textContent(STATUS), /cancelled; nothing was saved/);
    assert.equal(await page.getAttribute('#record-gif', 'aria-pressed'), 'false');
    assert.equal(await page.isVisible('#gif-cancel'), false);
    assert.equal(await page.isDisabled('#gif-size'), false);
    assert.equal(downloads, 0, 'nothing downloaded');
    await page.click('#play');
    await page.selectOption('#gif-size', '320');
    await page.click('#record-gif');
    await page.click('#step');
    await page.waitForFunction(() => Number(document.getElementById('record-gif').dataset.frames) >= 2);
    // Stopped from the keyboard: the keyboard's place waits on Cancel, then comes back to the button.
    await page.focus('#record-gif');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    const gif = { name: download.suggestedFilename(), bytes: await fs.readFile(await download.path()) };
    await waitUntil(() => page.evaluate(() => document.activeElement?.id === 'record-gif'), { message: 'focus back on Record GIF' });
    assert.match(gif.name, /^nqueens-backtracking-n8-step\d+-to-step\d+\.gif$/);
    const { width, frames } = decodeGif(gif.bytes);
    assert.equal(width, 320);
    assert.ok(frames.length >= 1);
    assert.equal(downloads, 1, 'the cancelled recording saved nothing, all the while the second was made');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
