// "Your search" in the static build: Pyodide is in the build (with .br and
// .gz copies) but not in the service worker's install list (13 MB), and
// after one visit that used Python, or a press of "Make ready for offline
// use (with Python)", a Python program runs with the network cut.
// e2e: run alone
// test group: slow (scripts/test.sh): Python offline: Pyodide kept by the service worker, run alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { hostedBuild, openSite } from './dist-site.mjs';
import { waitUntil } from './helpers.mjs';

const site = hostedBuild();
const PROGRAM = 'def solve(n, board):\n    for col in range(n):\n        if board.safe(0, col):\n            board.place(0, col)\n            board.remove(0, col)\n';
const src = zlib.deflateRawSync(Buffer.from(PROGRAM)).toString('base64url');

test('the build carries Python, installs without it, and runs a Python program offline after one use', async () => {
  for (const file of ['pyodide.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip']) {
    await fs.access(path.join(site.out, 'pyodide', file));
    assert.ok(!site.precache.includes(`pyodide/${file}`), `pyodide/${file} is kept on first use, not installed`);
  }
  // Compressed beside them, as every other file of the build: each copy smaller, and the same bytes unpacked.
  for (const file of ['pyodide.asm.wasm', 'pyodide.asm.mjs']) {
    const plain = await fs.readFile(path.join(site.out, 'pyodide', file));
    const br = await fs.readFile(path.join(site.out, 'pyodide', `${file}.br`));
    const gz = await fs.readFile(path.join(site.out, 'pyodide', `${file}.gz`));
    assert.ok(br.length < plain.length && gz.length < plain.length, `${file}: ${plain.length} bytes, ${br.length} in brotli, ${gz.length} in gzip`);
    assert.ok(zlib.brotliDecompressSync(br).equals(plain) && zlib.gunzipSync(gz).equals(plain), `${file}'s copies unpack to it`);
  }
  const address = `${site.base}?mode=code&lang=py&n=4&src=${src}`;
  const { page, context, errors } = await openSite(address);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  const runOnce = async () => {
    await page.waitForSelector('#code .cm-editor', { timeout: 30_000 });
    await page.click('#code [data-part=run]');
    await page.waitForFunction(() => ['done', 'error', 'stopped'].includes(document.querySelector('#code')?.getAttribute('data-state')), null, { timeout: 180_000 }).catch(async (error) => {
      throw new Error(`${error.message}; the tab says: ${await page.textContent('#code').catch(() => '(nothing)')}`.slice(0, 1500));
    });
    assert.equal(await page.getAttribute('#code', 'data-state'), 'done', `${await page.textContent('#code [data-part=message]')}\n${errors.join('\n')}`);
    // Four columns tried on row 0, each placed and taken back.
    assert.equal((await page.evaluate(() => window.nqueens.yourSearch)).steps, 8);
  };
  await runOnce();
  // The worker loaded for the next run fetches Python through the service worker, which keeps it.
  // Each file is kept whole: its cached body as long as the file in the build.
  const kept = ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];
  const sizes = await Promise.all(kept.map(async (file) => [file, (await fs.stat(path.join(site.out, 'pyodide', file))).size]));
  // (Polled from here: page.waitForFunction takes an async predicate's promise for a truthy answer at once.)
  await waitUntil(() => page.evaluate(async (files) => {
    for (const [file, size] of files) {
      const hit = await caches.match(new URL(`pyodide/${file}`, document.baseURI).href);
      if (!hit || (await hit.arrayBuffer()).byteLength !== size) return false;
    }
    return true;
  }, sizes), { timeout: 120_000, interval: 1000, message: 'every Pyodide file kept whole' });
  await context.setOffline(true);
  await page.goto(address, { waitUntil: 'load' });
  await runOnce();
  // Leaving the first page cuts off the Python worker it had loading for the next run.
  assert.deepEqual(errors.filter((e) => !/requestfailed: .*\/pyodide\/.*ERR_ABORTED/.test(e)), []);
  await context.close();
});

test('a machine that never ran Python: "Make ready for offline use (with Python)" says when it is ready, and Python runs offline after it', async () => {
  const { page, context, errors } = await openSite(`${site.base}?mode=code&lang=js&n=4`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  await page.waitForSelector('#code .cm-editor', { timeout: 30_000 });
  await page.click('#code [data-part=python-offline]');
  await page.waitForSelector('#code[data-python-offline=ready]', { timeout: 180_000 });
  assert.match(await page.textContent('#code [data-part=message]'), /Ready for offline use, with Python/);
  await context.setOffline(true);
  await page.goto(`${site.base}?mode=code&lang=py&n=4&src=${src}`, { waitUntil: 'load' });
  await page.waitForSelector('#code .cm-editor', { timeout: 30_000 });
  await page.click('#code [data-part=run]');
  await page.waitForFunction(() => ['done', 'error', 'stopped'].includes(document.querySelector('#code')?.getAttribute('data-state')), null, { timeout: 180_000 });
  assert.equal(await page.getAttribute('#code', 'data-state'), 'done', await page.textContent('#code [data-part=message]'));
  assert.equal((await page.evaluate(() => window.nqueens.yourSearch)).steps, 8);
  assert.deepEqual(errors.filter((e) => !/requestfailed: .*\/pyodide\/.*ERR_ABORTED/.test(e)), []);
  await context.close();
});
