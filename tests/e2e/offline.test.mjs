// The build offline: its service worker keeps every file of the build on the
// first visit, so with the network gone a reload shows the page, a search
// steps and count mode (workers and wasm) counts N = 10; a new build
// replaces the old cleanly: the page offers Reload, then only the new
// version's cache is left and the page is the new one; two copies of the
// site on one host keep their own offline copies; and across an update a
// second tab keeps its own build's files until its own Reload, which works.
// test group: slow (scripts/test.sh): the built site: its service worker installs, updates and serves offline.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { canvasStats, waitUntil } from './helpers.mjs';
import { hostedBuild, openEveryTab, openSite } from './dist-site.mjs';

/** A second copy of the site on the same host, not inside the first's folder. */
const OTHER_COPY = '/courses/other/queens/';
const site = hostedBuild({ more: [OTHER_COPY] });

/** A file every build caches that a test can start as a worker: it says its build and what it reads of another cached file. */
const PROBE = 'probe-worker.js';
/** @param {string} build */
const probeSource = (build) =>
  `fetch('www/lib/words.js').then((r) => r.text()).then((words) => postMessage({ build: ${JSON.stringify(build)}, words }));`;

/**
 * Adds the probe worker to a built folder and to its service worker's files
 * (before any visit: the build then caches it like any other file).
 * @param {string} out
 * @param {string} build
 */
async function addProbe(out, build) {
  await fs.writeFile(path.join(out, PROBE), probeSource(build));
  const sw = path.join(out, 'sw.js');
  const script = await fs.readFile(sw, 'utf8');
  const files = /files:\s*\["\.\/",/;
  assert.match(script, files, 'the worker lists its files, the page first');
  await fs.writeFile(sw, script.replace(files, (m) => `${m}${JSON.stringify(PROBE)},`));
  for (const suffix of ['.br', '.gz']) await fs.rm(sw + suffix, { force: true });
}

/**
 * Turns the build in `out` into another build, as a rebuild would: another
 * page title (`tag: `), a changed module (www/lib/words.js, `tag` in a comment), the
 * probe saying `tag`, a service worker with another version; compressed
 * copies of changed files dropped.
 * @param {string} out
 * @param {string} version  the build's version now
 * @param {string} tag
 * @returns {Promise<string>}  the new version
 */
async function rebuild(out, version, tag) {
  const fresh = crypto.createHash('sha256').update(`${version}${tag}`).digest('hex').slice(0, 16);
  const html = path.join(out, 'index.html');
  await fs.writeFile(html, (await fs.readFile(html, 'utf8')).replace('<title>', `<title>${tag}: `));
  const words = path.join(out, 'www', 'lib', 'words.js');
  await fs.writeFile(words, `${await fs.readFile(words, 'utf8')}\n/* ${tag} */\n`);
  await fs.writeFile(path.join(out, PROBE), probeSource(tag));
  const sw = path.join(out, 'sw.js');
  const script = await fs.readFile(sw, 'utf8');
  assert.ok(script.includes(version), 'the worker carries its version');
  await fs.writeFile(sw, script.replaceAll(version, fresh));
  for (const file of [html, words, sw]) for (const suffix of ['.br', '.gz']) await fs.rm(file + suffix, { force: true });
  return fresh;
}

/** The cache of a build: its version and the scope it belongs to (sw.js). */
const cacheOf = (version, base) => `nqueens-${version} ${base}`;

/** Waits until the build's service worker controls the page (after its files are all cached). */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** The origin's caches of builds of this app (not the workers' books of pages), each with how many entries it holds. */
function appCaches(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const key of await caches.keys()) if (key.startsWith('nqueens-') && !key.startsWith('nqueens-clients ')) out[key] = (await (await caches.open(key)).keys()).length;
    return out;
  });
}

const steps = async (page) => Number((await page.textContent('#steps')).replace(/[^\d]/g, ''));

test('offline: after one visit a reload shows the page, a search steps, Record GIF saves a GIF, count mode counts N = 10 and every mode opens', async () => {
  const { page, context, errors } = await openSite(`${site.base}?algo=backtracking&n=8`);
  await controlled(page);
  assert.deepEqual(await appCaches(page), { [cacheOf(site.version, site.base)]: site.precache.length }, 'the whole build is cached under its version and scope');
  // Count mode has its own tab (?mode=count) in later pages, and sits in the visualizer in earlier ones.
  const countTab = (await page.$('nav.views a[data-view="count"]')) !== null;

  await context.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  const stats = await canvasStats(page, '#board');
  assert.ok(stats.opaque === stats.pixels && stats.distinctColors >= 2, `the board is drawn offline (${stats.distinctColors} colours)`);
  const before = await steps(page);
  for (let i = 0; i < 3; i++) await page.click('#step');
  assert.equal(await steps(page), before + 3, 'the search steps offline');

  // Record GIF offline: its worker and the vendored encoder (gifenc) come from the cache.
  for (const file of ['www/workers/gif-worker.js', 'www/vendor/gifenc.esm.js']) assert.ok(site.precache.includes(file), `${file} is one of the build's cached files`);
  await page.click('#record-gif');
  await page.click('#step');
  await page.waitForFunction(() => Number(document.getElementById('record-gif').dataset.frames) >= 2);
  const [gif] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.click('#record-gif')]);
  const gifBytes = await fs.readFile(await gif.path());
  assert.equal(gifBytes.subarray(0, 6).toString('latin1'), 'GIF89a', 'a GIF is made offline');
  assert.match(gif.suggestedFilename(), /^nqueens-backtracking-n8-step\d+-to-step\d+\.gif$/);

  await page.goto(`${site.base}${countTab ? '?mode=count' : '?'}`, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  await page.fill('#count-n', '10');
  await page.click('#count-start');
  await page.waitForSelector('#count-result[data-state="done"]', { state: 'attached', timeout: 30_000 });
  assert.equal(await page.getAttribute('#count-result', 'data-total'), '724', 'OEIS A000170: 724 solutions at N = 10, counted offline');

  // Every mode opens offline, from a link to the page by its file name too.
  await page.goto(`${site.base}index.html?mode=puzzle`, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  assert.ok((await openEveryTab(page)).length >= 4, 'every tab opens offline');
  assert.deepEqual(errors, [], 'nothing failed offline');
  await context.close();
});

test('a new build replaces the cache: the page offers Reload, then only the new version is kept', async () => {
  const { page, context, errors } = await openSite(site.base);
  await controlled(page);
  const title = await page.title();
  const old = cacheOf(site.version, site.base);
  assert.deepEqual(Object.keys(await appCaches(page)), [old]);

  // A new build on the host.
  const fresh = await rebuild(site.out, site.version, 'New build');
  site.version = fresh;

  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
  await page.waitForSelector('#error .problem-actions button:text-is("Reload")', { timeout: 30_000 });
  assert.match(await page.textContent('#error'), /A new version of this page is ready; reload to use it\./);
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`));
    assert.deepEqual(found, [], `axe finds nothing wrong with the page and its note (${colorScheme})`);
  }
  assert.equal(await page.title(), title, 'the open page stays on its own build until asked');
  assert.deepEqual(Object.keys(await appCaches(page)).sort(), [old, cacheOf(fresh, site.base)].sort(), 'the new build is cached beside the old one, which the open page still uses');

  await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.click('#error .problem-actions button:text-is("Reload")')]);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  assert.equal(await page.title(), `New build: ${title}`, 'after Reload the page is the new build');
  // The page, loaded, tells the worker the old one is gone (sw.js's tidy).
  await page.waitForFunction((only) => caches.keys().then((keys) => keys.filter((k) => k.startsWith('nqueens-') && !k.startsWith('nqueens-clients ')).join() === only), cacheOf(fresh, site.base), { timeout: 10_000 });
  assert.deepEqual(await appCaches(page), { [cacheOf(fresh, site.base)]: site.precache.length }, 'only the new version\'s cache is left, whole');
  assert.deepEqual(errors, []);
  await context.close();
});

test('two copies of the site on one host keep their own offline copies: visiting one never deletes the other\'s', async () => {
  const [other] = site.more;
  // Another build (another course's copy, built another day) at another path.
  other.version = await rebuild(other.out, other.version, 'Other course');
  const { page, context, errors } = await openSite(site.base);
  await controlled(page);
  const title = await page.title();
  const first = cacheOf(site.version, site.base);
  assert.deepEqual(await appCaches(page), { [first]: site.precache.length }, 'the first copy is cached under its own scope');

  const second = await context.newPage();
  await second.goto(other.base, { waitUntil: 'load' });
  await second.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  await controlled(second);
  assert.match(await second.title(), /^Other course: /, 'the second copy is the other build');
  // Let its worker finish activating (and tidying) before looking.
  await second.evaluate(() => navigator.serviceWorker.ready);
  await waitUntil(async () => Object.keys(await appCaches(page)).length === 2, { timeout: 10_000, message: 'the second copy\'s cache' });
  const both = await appCaches(page);
  assert.deepEqual(Object.keys(both).sort(), [first, cacheOf(other.version, other.base)].sort(), 'each copy has its own cache, and the first is still there');
  assert.equal(both[first], site.precache.length, 'the first copy\'s cache is whole');
  await second.close();

  // Offline, the first copy still loads, draws and steps.
  await context.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  assert.equal(await page.title(), title, 'the first copy loads offline as itself');
  const stats = await canvasStats(page, '#board');
  assert.ok(stats.opaque === stats.pixels && stats.distinctColors >= 2, 'its board is drawn offline');
  const before = await steps(page);
  await page.click('#step');
  assert.equal(await steps(page), before + 1, 'its search steps offline');
  assert.deepEqual(errors, [], 'nothing failed');
  await context.close();
});

/**
 * Starts the probe worker in a page and says what it answered: the build its
 * script came from, and whether the module it read is the rebuilt one.
 * @param {import('playwright-core').Page} page
 */
const probe = (page) =>
  page.evaluate(
    (url) =>
      new Promise((resolve, reject) => {
        const worker = new Worker(url);
        worker.onmessage = (event) => {
          worker.terminate();
          resolve(event.data);
        };
        worker.onerror = (event) => reject(new Error(event.message || 'the probe worker failed'));
      }),
    PROBE,
  );

test('across an update a second tab keeps its own build\'s files until its own Reload, and that Reload works', async () => {
  await addProbe(site.out, 'A');
  const { page: first, context, errors } = await openSite(site.base);
  await controlled(first);
  const title = await first.title();
  const second = await context.newPage();
  await second.goto(site.base, { waitUntil: 'load' });
  await second.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  await controlled(second);
  const words = await second.evaluate(() => fetch('www/lib/words.js').then((r) => r.text()));
  assert.deepEqual(await probe(second), { build: 'A', words }, 'before the update both tabs are build A');

  const oldVersion = site.version;
  site.version = await rebuild(site.out, oldVersion, 'B');
  await first.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
  const reload = '#error .problem-actions button:text-is("Reload")';
  await first.waitForSelector(reload, { timeout: 30_000 });
  await second.waitForSelector(reload, { timeout: 30_000 });

  // The first tab's Reload: it becomes build B.
  await Promise.all([first.waitForEvent('load', { timeout: 30_000 }), first.click(reload)]);
  await first.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  assert.equal(await first.title(), `B: ${title}`, 'the first tab is build B after its Reload');
  assert.equal((await probe(first)).build, 'B', 'the first tab\'s workers are build B');

  // The second tab still shows build A, and every file it asks for now is A's.
  assert.equal(await second.title(), title, 'the second tab still shows build A');
  assert.deepEqual(await probe(second), { build: 'A', words }, 'a worker the second tab starts now is build A, and so is what it reads');
  const again = await second.evaluate(() => fetch('www/lib/words.js').then((r) => r.text()));
  assert.equal(again, words, 'a module the second tab reads now is build A\'s');
  assert.ok(Object.keys(await appCaches(second)).includes(cacheOf(oldVersion, site.base)), 'build A\'s cache stays while a tab shows it');

  // Its Reload works: it loads build B.
  assert.ok(await second.isVisible(reload), 'the second tab still offers Reload');
  await Promise.all([second.waitForEvent('load', { timeout: 10_000 }), second.click(reload)]);
  await second.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  assert.equal(await second.title(), `B: ${title}`, 'the second tab is build B after its Reload');
  assert.equal((await probe(second)).build, 'B');
  // No tab shows build A now: its cache goes.
  await second.waitForFunction((only) => caches.keys().then((keys) => keys.filter((k) => k.startsWith('nqueens-') && !k.startsWith('nqueens-clients ')).join() === only), cacheOf(site.version, site.base), { timeout: 10_000 });
  assert.deepEqual(errors, []);
  await context.close();
});
