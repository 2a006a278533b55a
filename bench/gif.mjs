// Record GIF's file sizes: ten-second clips of the board at 480 pixels, made
// through the page's own buttons (www/lib/gif.js, www/workers/gif-worker.js)
// and read back by omggif for their frames and length. bench/browser.mjs runs
// it as the part `gif` and bench/run.mjs writes it up in section 7; alone:
//
//   node bench/gif.mjs [--out DIR]    prints the section; --out keeps the GIFs

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import omggif from 'omggif';
import { openPage } from './page.mjs';

/** The clips: a link, and what it shows in words. The first is the page as it opens. */
export const GIF_CLIPS = [
  { link: '?algo=backtracking&n=8', what: 'the page as it opens: backtracking, 8×8, 4 steps/s' },
  { link: '?algo=backtracking&n=8&speed=30', what: 'backtracking, 8×8, 30 steps/s (a new board every frame)' },
  { link: '?algo=bitwise&n=14&speed=max', what: 'bitwise, 14×14, as fast as possible (every square changing)' },
];
/** Seconds of play in each clip, and the GIF's width. */
export const GIF_SECONDS = 10;
export const GIF_WIDTH = 480;

/**
 * Records each clip through the page's buttons and reads the file back.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base  the page's URL
 * @param {{ out?: string }} [options]  a folder to keep the GIFs in
 */
export async function gifSizes(browser, base, { out } = {}) {
  const clips = [];
  for (const clip of GIF_CLIPS) {
    const { page, context, errors } = await openPage(browser, base, clip.link);
    try {
      await page.selectOption('#gif-size', String(GIF_WIDTH));
      await page.click('#record-gif');
      await page.click('#play');
      await page.waitForTimeout(GIF_SECONDS * 1000);
      await page.click('#play');
      const stopped = Date.now();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.click('#record-gif')]);
      const afterStop = Date.now() - stopped;
      const bytes = await fs.readFile(await download.path());
      if (out) await fs.writeFile(path.join(out, download.suggestedFilename()), bytes);
      const reader = new omggif.GifReader(new Uint8Array(bytes));
      let cs = 0;
      for (let i = 0; i < reader.numFrames(); i++) cs += reader.frameInfo(i).delay;
      clips.push({ ...clip, name: download.suggestedFilename(), bytes: bytes.length, frames: reader.numFrames(), width: reader.width, height: reader.height, seconds: cs / 100, afterStop, errors });
    } finally {
      await context.close();
    }
  }
  return { clips, seconds: GIF_SECONDS, width: GIF_WIDTH };
}

/**
 * The write-up: a paragraph and a table (markdown lines).
 * @param {{ clips: Awaited<ReturnType<typeof gifSizes>>['clips'], seconds: number, width: number, date?: string, load?: string }} gif
 */
export function gifSection(gif) {
  const kb = (b) => `${(b / 1000).toFixed(0)} KB`;
  const typical = gif.clips[0];
  const lines = [
    '### Record GIF',
    '',
    `Clips of ${gif.seconds} s of play at ${gif.width} pixels, made with the page's Record GIF (10 frames a second taken, a repeated frame ` +
      'merged into the one before, unchanged pixels transparent, at most 63 colours for the pixels each frame changes; ' +
      'gifenc in a worker) and read back by omggif' +
      (gif.date ? `, measured on ${gif.date} (load average at the start / end ${gif.load})` : '') +
      `. A typical clip, the page as it opens, is **${kb(typical.bytes)}**${typical.errors?.length ? ` (errors: ${typical.errors.join('; ')})` : ''}. ` +
      '"After Stop" is the time from Stop GIF to the download: the worker encodes the frames as they come, so little is left then.',
    '',
    '| clip | frames | length | bytes | after Stop |',
    '| --- | --- | --- | --- | --- |',
    ...gif.clips.map((c) => `| ${c.what} | ${c.frames} | ${c.seconds.toFixed(1)} s | ${c.bytes.toLocaleString('en-US')} (${kb(c.bytes)}) | ${c.afterStop} ms |`),
    '',
  ];
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { chromium } = await import('playwright-core');
  const { startServer, REPO_ROOT } = await import('../scripts/serve.mjs');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../tests/e2e/helpers.mjs');
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? process.argv[at + 1] : undefined;
  if (out) await fs.mkdir(out, { recursive: true });
  const server = await startServer({ root: REPO_ROOT, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const start = load();
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  try {
    const gif = await gifSizes(browser, server.url, { out });
    console.log(gifSection({ ...gif, date, load: `${start} / ${load()}` }).join('\n'));
  } finally {
    await browser.close();
    await server.close();
  }
}
