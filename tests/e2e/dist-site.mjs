// The static build as a course site would host it, for dist.test.mjs and
// offline.test.mjs: scripts/dist.mjs builds into a temporary folder at
// /courses/cs2/queens/, and scripts/serve.mjs serves the folder above it as
// a plain static host (files only; compressed copies when the browser takes
// them). Not the dev server: the page must find everything by relative URLs.

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildDist, REPO_ROOT } from '../../scripts/dist.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { after, before } from 'node:test';
import { browser, closeHarness, documentsLeft } from './helpers.mjs';

export const SUB_PATH = '/courses/cs2/queens/';

/** Where builds are kept for the test files that host one, by their sources' hash. */
const CACHE = path.join(os.tmpdir(), 'nqueens-dist-cache');
/** A kept build made this many days ago or more is deleted when another is made. */
const CACHE_DAYS = 1;

/**
 * The hash of what scripts/dist.mjs builds from: its own source, esbuild's
 * version, index.html and every file under www/ and pkg/.
 * @returns {Promise<string>}
 */
async function sourcesHash() {
  const hash = crypto.createHash('sha256');
  const esbuild = JSON.parse(await fs.readFile(path.join(REPO_ROOT, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version;
  hash.update(`esbuild ${esbuild}\0`);
  const files = ['scripts/dist.mjs', 'index.html'];
  for (const dir of ['www', 'pkg']) {
    const found = await fs.readdir(path.join(REPO_ROOT, dir), { recursive: true, withFileTypes: true });
    files.push(...found.filter((d) => d.isFile()).map((d) => path.relative(REPO_ROOT, path.join(d.parentPath, d.name))).sort());
  }
  for (const file of files) hash.update(`${file}\0`).update(await fs.readFile(path.join(REPO_ROOT, file))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The static build at `out`, built once for the same sources by whichever
 * test file asks first (dist, offline and learn-offline each host it, and
 * may run side by side) and copied for the others: a build is a content
 * hash of its files, so a copy is the very build. The copy is the file's
 * own: a test may change it.
 * @param {string} out
 * @returns {Promise<{ out: string, version: string, precache: string[] }>}
 */
async function sharedBuild(out) {
  const kept = path.join(CACHE, await sourcesHash());
  const read = () => fs.readFile(path.join(kept, 'summary.json'), 'utf8').then((text) => JSON.parse(text), () => null);
  let summary = await read();
  if (!summary) {
    await fs.mkdir(CACHE, { recursive: true });
    const fresh = await fs.mkdtemp(path.join(CACHE, 'building-'));
    const build = await buildDist({ out: path.join(fresh, 'site') });
    await fs.writeFile(path.join(fresh, 'summary.json'), JSON.stringify({ version: build.version, precache: build.precache }));
    // Another file may have kept the same build meanwhile: then its copy stays.
    await fs.rename(fresh, kept).catch(() => fs.rm(fresh, { recursive: true, force: true }));
    summary = await read();
    const old = Date.now() - CACHE_DAYS * 86_400_000;
    for (const entry of await fs.readdir(CACHE)) {
      const at = path.join(CACHE, entry);
      if (at !== kept && (await fs.stat(at)).mtimeMs < old) await fs.rm(at, { recursive: true, force: true });
    }
  }
  await fs.cp(path.join(kept, 'site'), out, { recursive: true });
  return { out, version: summary.version, precache: summary.precache };
}

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
  const build = await sharedBuild(out);
  const copies = [];
  for (const sub of more) {
    const copy = await sharedBuild(folder(sub));
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
  // A request of a document the tab has since left, cut off, is no error of the page (documentsLeft).
  const leftBehind = documentsLeft(page, context);
  context.on('request', (req) => requested.push(req.url()));
  context.on('requestfailed', (req) => {
    const why = req.failure()?.errorText;
    if (why === 'net::ERR_ABORTED' && leftBehind(req)) return;
    errors.push(`requestfailed: ${req.url()} (${why})`);
  });
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
