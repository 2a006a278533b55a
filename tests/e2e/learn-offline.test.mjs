// The Learn tab in the static build: every file of www/learn/ is in the build
// and in its service worker's list, and after one visit the tab works with
// the network gone (a chapter's live view draws, a question is graded, the
// progress is kept).
// test group: slow (scripts/test.sh): the built site: Learn served by its service worker, offline.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { canvasStats, ROOT } from './helpers.mjs';
import { hostedBuild, openSite } from './dist-site.mjs';

const site = hostedBuild();

test('the build carries www/learn/ and its service worker lists every file of it', async () => {
  const files = (await fs.readdir(path.join(ROOT, 'www', 'learn'))).filter((f) => f.endsWith('.js'));
  assert.ok(files.length >= 5, `www/learn has its modules: ${files}`);
  for (const file of files) {
    await fs.access(path.join(site.out, 'www', 'learn', file));
    assert.ok(site.precache.includes(`www/learn/${file}`), `www/learn/${file} is precached`);
  }
});

test('offline: the Learn tab opens a chapter, draws its live view and grades its question', async () => {
  const { page, context, errors } = await openSite(`${site.base}?mode=learn&chapter=1`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await context.setOffline(true);
  await page.goto(`${site.base}?mode=learn&chapter=5&seed=8`, { waitUntil: 'load' });
  await page.waitForSelector('#learn [data-chapter="5"]:not([hidden]) [data-exercise]', { timeout: 20_000 });
  const stats = await canvasStats(page, '#learn-board');
  assert.ok(stats.distinctColors >= 2, 'the live board draws offline');
  const d = await page.locator('#learn [data-exercise]').evaluate((e) => ({ ...e.dataset }));
  const n = Number(d.n);
  const poss = ~(Number(d.ld) | Number(d.col) | Number(d.rd)) & ((1 << n) - 1);
  for (let c = 0; c < n; c++) if (poss & (1 << c)) await page.click(`#learn [data-exercise] [data-column="${c}"]`);
  await page.click('#learn [data-exercise] [data-part="check"]');
  assert.equal(await page.getAttribute('#learn [data-exercise]', 'data-verdict'), 'right');
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('#learn [data-exercise]', { timeout: 20_000 });
  assert.equal(await page.getAttribute('#learn [data-part="progress"]', 'data-right'), '1', 'the progress is kept offline');
  assert.deepEqual(errors, [], 'nothing failed offline');
  await context.close();
});
