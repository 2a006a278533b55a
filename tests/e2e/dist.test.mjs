// The static build (scripts/dist.sh) on a plain static host under a
// sub-path (/courses/cs2/queens/): the page loads, draws, steps and opens
// every mode from files alone; every URL it asks for stays under the
// sub-path; the host sends the precompressed copies (br, gzip) that
// decompress to the very files of the build; the manifest's icons are there;
// it preloads the first board's modules, and loads the other tabs' after.
// test group: slow (scripts/test.sh): the built site: scripts/dist.mjs builds it under a sub-path, twice.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildDist } from '../../scripts/dist.mjs';
import { browser, canvasStats, waitUntil } from './helpers.mjs';
import { hostedBuild, openEveryTab, openSite, SUB_PATH } from './dist-site.mjs';

const site = hostedBuild();

/**
 * One raw GET (node's http does not decompress): status, headers and body bytes.
 * @param {string} url
 * @param {Record<string, string>} headers
 */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const steps = async (page) => Number((await page.textContent('#steps')).replace(/[^\d]/g, ''));

test('the build under a sub-path: the page loads, the board draws and a search steps', async () => {
  const { page, context, errors, requested } = await openSite(`${site.base}?algo=backtracking&n=8`);
  const stats = await canvasStats(page, '#board');
  assert.ok(stats.width > 0 && stats.opaque === stats.pixels, `the board is drawn (${JSON.stringify(stats)})`);
  assert.ok(stats.distinctColors >= 2, `the board shows its squares: ${stats.distinctColors} colours`);
  const before = await steps(page);
  for (let i = 0; i < 5; i++) await page.click('#step');
  assert.equal(await steps(page), before + 5, 'five clicks on Step are five steps');
  assert.match(await page.textContent('#message'), /\S/, 'the step is explained');
  const outside = requested.filter((u) => !u.startsWith(site.base) && !u.startsWith('data:'));
  assert.deepEqual(outside, [], 'every request stays under the sub-path');
  assert.ok(requested.some((u) => u.endsWith('/pkg/nqueens_bg.wasm')), 'the wasm came from the build');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the build preloads exactly the modules its first board loads, and the other tabs\' modes after it', async () => {
  const html = await fs.readFile(path.join(site.out, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]).sort();
  // The truth: the scripts the browser itself fetched before the page said it was ready.
  const context = await (await browser()).newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    new MutationObserver((_, watch) => {
      if (document.body?.dataset.ready !== 'true') return;
      globalThis.__readyAt = performance.now();
      watch.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  });
  const page = await context.newPage();
  await page.goto(site.base);
  await page.waitForFunction(() => globalThis.__readyAt !== undefined);
  const fetched = await page.evaluate((base) => performance.getEntriesByType('resource')
    .filter((e) => e.startTime < globalThis.__readyAt && e.name.startsWith(base) && /^(www|pkg)\/.*\.js$/.test(e.name.slice(base.length)))
    .map((e) => e.name.slice(base.length)), site.base);
  // Workers load their own scripts: none runs before the first board.
  assert.deepEqual([...new Set(fetched)].sort(), preloaded, 'the preloads are the modules of the first board, no more and no fewer');
  assert.ok(preloaded.includes('www/visualizer/mode.js') && !preloaded.some((m) => /^www\/(puzzle|race|runs|count|learn)\//.test(m)), `the first tab's mode and no other: ${preloaded}`);
  // The other tabs' modes come once the page is idle, before any tab is clicked.
  await waitUntil(() => page.evaluate(() => ['puzzle', 'race', 'runs', 'count', 'learn'].every((mode) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/www/${mode}/mode.js`)))), { timeout: 15_000, message: 'the other modes\' modules' });
  await context.close();
});

test('the build under a sub-path: every mode\'s tab opens', async () => {
  const { page, context, errors, requested } = await openSite(site.base);
  const views = await openEveryTab(page);
  assert.ok(views.length >= 4, `the page has its tabs: ${views}`);
  const outside = requested.filter((u) => !u.startsWith(site.base) && !u.startsWith('data:'));
  assert.deepEqual(outside, [], 'every request stays under the sub-path');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the host sends brotli or gzip to a browser that takes it, the bytes are the build\'s, and a current copy is a 304', async () => {
  for (const [file, type] of [
    ['pkg/nqueens_bg.wasm', 'application/wasm'],
    ['www/shell/main.js', 'text/javascript; charset=utf-8'],
    ['www/style.css', 'text/css; charset=utf-8'],
    ['www/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
  ]) {
    const original = await fs.readFile(path.join(site.out, file));
    const url = new URL(file, site.base).href;
    const br = await get(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br', `${file} goes out as brotli`);
    assert.equal(br.headers['content-type'], type, `${file}'s type is its own, not the .br's`);
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.equal(Number(br.headers['content-length']), br.body.length);
    assert.ok(br.body.length < original.length, `${file} is smaller compressed (${br.body.length} < ${original.length})`);
    assert.ok(zlib.brotliDecompressSync(br.body).equals(original), `${file}'s brotli decompresses to the file`);

    const gz = await get(url, { 'Accept-Encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip', `${file} goes out gzipped to a browser without brotli`);
    assert.ok(zlib.gunzipSync(gz.body).equals(original), `${file}'s gzip decompresses to the file`);

    // A browser holding this very copy is told so in a few bytes; one holding the gzip copy is not.
    const again = await get(url, { 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': br.headers.etag });
    assert.equal(again.status, 304, `${file}: the brotli copy the browser holds is current`);
    assert.equal(again.body.length, 0);
    assert.equal((await get(url, { 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': gz.headers.etag })).status, 200);

    const plain = await get(url, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    assert.equal(plain.headers['content-encoding'], undefined, `${file} goes out as written when nothing is accepted`);
    assert.ok(plain.body.equals(original));
  }
});

test('the build is minified, and its manifest and icons are there', async () => {
  const source = await fs.readFile(new URL('../../www/components/visualizer.js', import.meta.url));
  const built = await fs.readFile(path.join(site.out, 'www/components/visualizer.js'));
  assert.ok(built.length < source.length * 0.7, `www/components/visualizer.js is minified: ${built.length} of ${source.length} bytes`);

  const html = (await get(site.base)).body.toString('utf8');
  assert.match(html, /<link rel="manifest" href="www\/manifest.webmanifest">/);
  assert.match(html, /<meta name="service-worker" content="sw.js">/, 'the built page names its service worker');
  const manifestUrl = new URL('www/manifest.webmanifest', site.base);
  const manifest = JSON.parse((await get(manifestUrl.href)).body.toString('utf8'));
  assert.equal(new URL(manifest.start_url, manifestUrl).pathname, SUB_PATH, 'the app starts at the sub-path');
  assert.equal(new URL(manifest.scope, manifestUrl).pathname, SUB_PATH);
  const pngs = manifest.icons.filter((i) => i.type === 'image/png');
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      assert.ok(pngs.some((i) => i.sizes === size && i.purpose === purpose), `a ${purpose} PNG icon of ${size}`);
    }
  }
  for (const icon of manifest.icons) {
    const res = await get(new URL(icon.src, manifestUrl).href);
    assert.equal(res.status, 200, `${icon.src} is served`);
    if (icon.type === 'image/png') {
      // The PNG signature, then IHDR's width and height (big-endian, bytes 16-23).
      assert.ok(res.body.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])), `${icon.src} is a PNG`);
      assert.equal(`${res.body.readUInt32BE(16)}x${res.body.readUInt32BE(20)}`, icon.sizes, `${icon.src} is ${icon.sizes}`);
    }
  }
});

test('the build refuses to empty a folder that is not an earlier build, and is the same build twice', async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'nqueens-not-a-build-'));
  try {
    await fs.writeFile(path.join(folder, 'notes.txt'), 'keep me');
    await assert.rejects(buildDist({ out: folder }), /refusing to replace .*not empty and holds no earlier build/);
    assert.equal(await fs.readFile(path.join(folder, 'notes.txt'), 'utf8'), 'keep me', 'nothing was deleted');
    const again = await buildDist({ out: path.join(folder, 'site') });
    assert.equal(again.version, site.version, 'the same sources give the same version');
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
});
