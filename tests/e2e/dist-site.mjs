// The static build as a course site would host it, for dist.test.mjs and
// offline.test.mjs: scripts/dist.mjs builds into a temporary folder at
// /courses/cs2/queens/, and scripts/serve.mjs serves the folder above it as
// a plain static host (files only; compressed copies when the browser takes
// them). Not the dev server: the page must find everything by relative URLs.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildDist } from '../../scripts/dist.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { after, before } from 'node:test';
import { browser, closeHarness } from './helpers.mjs';

export const SUB_PATH = '/courses/cs2/queens/';

/**
 * Builds the site and starts its host; with `more`, another copy of the
 * build at each of those sub-paths on the same host (two courses on one
 * university host).
 * @param {{ more?: string[] }} [options]
 * @returns {Promise<{ base: string, out: string, version: string, precache: string[], more: { base: string, out: string, version: string }[], close: () => Promise<void> }>}
 */
export async function hostBuild({ more = [] } = {}) {
  const top = await fs.mkdtemp(path.join(os.tmpdir(), 'nqueens-site-'));
  const folder = (/** @type {string} */ sub) => path.join(top, ...sub.split('/').filter(Boolean));
  const out = folder(SUB_PATH);
  const build = await buildDist({ out });
  const copies = [];
  for (const sub of more) {
    const copy = await buildDist({ out: folder(sub) });
    copies.push({ sub, out: copy.out, version: copy.version });
  }
  const server = await startServer({ root: top, port: 0 });
  return {
    base: new URL(SUB_PATH, server.url).href,
    out,
    version: build.version,
    precache: build.precache,
    more: copies.map(({ sub, out, version }) => ({ base: new URL(sub, server.url).href, out, version })),
    close: async () => {
      await server.close();
      await fs.rm(top, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file: builds and hosts the site before its tests and takes it
 * (and the browser) down after them. The object is filled in by `before`.
 * @param {{ more?: string[] }} [options]  as hostBuild's
 * @returns {Awaited<ReturnType<typeof hostBuild>>}
 */
export function hostedBuild(options = {}) {
  const site = /** @type {Awaited<ReturnType<typeof hostBuild>>} */ ({});
  before(async () => {
    Object.assign(site, await hostBuild(options));
  });
  after(async () => {
    await closeHarness();
    await site.close?.();
  });
  return site;
}

/**
 * A fresh browser context at `url`, with every problem it reports in `errors`
 * and every URL it asked for in `requested`. Waits for the page's
 * body[data-ready] unless told not to.
 * @param {string} url
 * @param {{ viewport?: {width: number, height: number}, colorScheme?: 'light'|'dark', ready?: boolean }} [opts]
 */
export async function openSite(url, { viewport = { width: 1280, height: 800 }, colorScheme = 'light', ready = true } = {}) {
  const context = await (await browser()).newContext({ viewport, colorScheme });
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  /** @type {string[]} */
  const requested = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console.error: ${msg.text()}`));
  context.on('request', (req) => requested.push(req.url()));
  context.on('requestfailed', (req) => errors.push(`requestfailed: ${req.url()} (${req.failure()?.errorText})`));
  context.on('response', (res) => res.status() >= 400 && errors.push(`http ${res.status()}: ${res.url()}`));
  await page.goto(url, { waitUntil: 'load' });
  if (ready) await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 20_000 });
  return { context, page, errors, requested };
}

/**
 * Clicks every tab of the page in turn and waits for what it shows.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}  the views opened, in tab order
 */
export async function openEveryTab(page) {
  const tabs = await page.$$eval('nav.views a[data-view]', (links) => links.map((a) => ({ view: a.dataset.view ?? '', shows: a.getAttribute('aria-controls')?.split(/\s+/)[0] })));
  for (const { view, shows } of tabs) {
    const tab = `nav.views a[data-view="${view}"]`;
    await page.click(tab);
    await page.waitForSelector(`#${shows}`, { state: 'visible', timeout: 10_000 });
    if ((await page.getAttribute(tab, 'aria-current')) !== 'page') throw new Error(`the ${view} tab did not become the current one`);
  }
  return tabs.map((t) => t.view);
}
