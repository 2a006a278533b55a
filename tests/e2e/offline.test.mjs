// The build offline: its service worker keeps every file of the build on the
// first visit, so with the network gone a reload shows the page, a search
// steps and count mode (workers and wasm) counts N = 10; and a new build
// replaces the old cleanly: the page offers Reload, then only the new
// version's cache is left and the page is the new one.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { canvasStats } from './helpers.mjs';
import { hostedBuild, openEveryTab, openSite } from './dist-site.mjs';

const site = hostedBuild();

/** Waits until the build's service worker controls the page (after its files are all cached). */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** The page's caches of this app, each with how many entries it holds. */
function appCaches(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const key of await caches.keys()) if (key.startsWith('nqueens-')) out[key] = (await (await caches.open(key)).keys()).length;
    return out;
  });
}

const steps = async (page) => Number((await page.textContent('#steps')).replace(/[^\d]/g, ''));

test('offline: after one visit a reload shows the page, a search steps, count mode counts N = 10 and every mode opens', async () => {
  const { page, context, errors } = await openSite(`${site.base}?algo=backtracking&n=8`);
  await controlled(page);
  assert.deepEqual(await appCaches(page), { [`nqueens-${site.version}`]: site.precache.length }, 'the whole build is cached under its version');
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
  const old = `nqueens-${site.version}`;
  assert.deepEqual(Object.keys(await appCaches(page)), [old]);

  // A new build on the host: another page title, and a service worker with
  // another version (compressed copies of changed files dropped, as a
  // rebuild would rewrite them).
  const fresh = 'f'.repeat(16);
  const html = path.join(site.out, 'index.html');
  await fs.writeFile(html, (await fs.readFile(html, 'utf8')).replace('<title>', '<title>New build: '));
  const sw = path.join(site.out, 'sw.js');
  const script = await fs.readFile(sw, 'utf8');
  assert.ok(script.includes(site.version), 'the worker carries its version');
  await fs.writeFile(sw, script.replace(site.version, fresh));
  for (const file of [html, sw]) for (const suffix of ['.br', '.gz']) await fs.rm(file + suffix, { force: true });

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
  assert.deepEqual(Object.keys(await appCaches(page)).sort(), [old, `nqueens-${fresh}`].sort(), 'the new build is cached beside the old one, which the open page still uses');

  await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.click('#error .problem-actions button:text-is("Reload")')]);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  assert.equal(await page.title(), `New build: ${title}`, 'after Reload the page is the new build');
  assert.deepEqual(await appCaches(page), { [`nqueens-${fresh}`]: site.precache.length }, 'only the new version\'s cache is left, whole');
  assert.deepEqual(errors, []);
  await context.close();
});
