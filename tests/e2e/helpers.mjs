// Shared harness for the browser end-to-end tests (node:test + playwright-core).
//
// One static server (scripts/serve.mjs on a free port) and one headless
// Chromium (Debian's /usr/bin/chromium) are started lazily per test file and
// shared by its tests.  Typical use:
//
//   import { test, after } from 'node:test';
//   import assert from 'node:assert/strict';
//   import { openPage, assertNoErrors, canvasStats, screenshot, closeHarness } from './helpers.mjs';
//
//   after(closeHarness);
//
//   test('board is drawn', async () => {
//     const { page, errors } = await openPage('/');      // waits for body[data-ready="true"]
//     const stats = await canvasStats(page, '#board');
//     assert.ok(stats.distinctColors >= 2);
//     await screenshot(page, 'board');                     // test-results/screenshots/board.png
//     assertNoErrors(errors);
//     await page.close();
//   });
//
// Env: E2E_ROOT serves another directory instead of the repo root;
//      CHROMIUM overrides the browser binary (default /usr/bin/chromium).

import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer, REPO_ROOT } from '../../scripts/serve.mjs';

export const ROOT = REPO_ROOT;
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results', 'screenshots');
export const CHROMIUM_PATH = process.env.CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Keep timers and requestAnimationFrame at full rate in headless pages, so
  // animation and steps-per-second tests measure the app, not throttling.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];
/** Default time allowed for the page to load the wasm and set body[data-ready]. */
export const READY_TIMEOUT_MS = 20_000;
export const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

/**
 * What a browser with WebGPU adds (openPage's `webgpu`): Chromium then runs
 * WebGPU on SwiftShader, a GPU implemented on the CPU, on any machine, for a
 * page served from 127.0.0.1. (--disable-gpu stays: it turns off the GPU
 * process's hardware, not WebGPU's software adapter.)
 */
export const WEBGPU_ARGS = ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-webgpu-adapter=swiftshader'];

let serverPromise = null;
let browserPromise = null;
let webgpuBrowserPromise = null;

/** The shared static server: { url, port, close }. */
export function server() {
  serverPromise ??= startServer({ root: process.env.E2E_ROOT || REPO_ROOT, port: 0 });
  return serverPromise;
}

/** The shared headless Chromium (playwright Browser). */
export function browser() {
  browserPromise ??= chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return browserPromise;
}

/** A second shared headless Chromium, with WebGPU on SwiftShader (WEBGPU_ARGS). */
export function webgpuBrowser() {
  webgpuBrowserPromise ??= chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...WEBGPU_ARGS],
  });
  return webgpuBrowserPromise;
}

/** Absolute URL for a path on the test server, e.g. url('/pkg/nqueens_bg.wasm'). */
export async function url(p = '/') {
  const { url: base } = await server();
  return new URL(p.replace(/^\/+/, ''), base).href;
}

/** Close the browser and the server; pass it to node:test's after(). */
export async function closeHarness() {
  const b = browserPromise;
  const g = webgpuBrowserPromise;
  const s = serverPromise;
  browserPromise = null;
  webgpuBrowserPromise = null;
  serverPromise = null;
  if (b) await (await b).close().catch(() => {});
  if (g) await (await g).close().catch(() => {});
  if (s) await (await s).close().catch(() => {});
}

/**
 * Open a fresh page (own browser context) at `p` on the test server.
 *
 * Every problem the page reports is pushed, as a string, onto `errors`:
 * uncaught exceptions ("pageerror: ..."), console.error ("console.error: ..."),
 * failed requests ("requestfailed: ...") and HTTP responses >= 400 ("http 404: ...").
 * All console messages are also kept in `consoleMessages` ({type, text}).
 *
 * @param {string} [p='/']
 * @param {{viewport?: {width:number,height:number}, waitForReady?: boolean,
 *          timeout?: number, deviceScaleFactor?: number, webgpu?: boolean}} [opts]
 *   waitForReady (default true) waits for body[data-ready="true"], which the app
 *   sets once the wasm is initialised and the board is drawn. webgpu (default
 *   false) opens it in webgpuBrowser(), where WebGPU runs on SwiftShader.
 * @returns {Promise<{page, context, errors: string[], consoleMessages: {type:string,text:string}[], response}>}
 */
export async function openPage(p = '/', opts = {}) {
  const {
    viewport = DEFAULT_VIEWPORT,
    waitForReady = true,
    timeout = READY_TIMEOUT_MS,
    deviceScaleFactor = 1,
    webgpu = false,
  } = opts;
  const b = await (webgpu ? webgpuBrowser() : browser());
  const context = await b.newContext({ viewport, deviceScaleFactor });
  const page = await context.newPage();
  const errors = [];
  const consoleMessages = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    consoleMessages.push({ type: msg.type(), text: msg.text() });
    if (msg.type() === 'error') {
      const where = msg.location()?.url;
      errors.push(`console.error: ${msg.text()}${where ? ` (at ${where})` : ''}`);
    }
  });
  const leftBehind = documentsLeft(page);
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText ?? 'unknown';
    // One not seen starting (made before the listeners were on) is let off only if it is the tab's icon.
    const leftOrIcon = leftBehind(req) ?? /\/www\/icons\//.test(req.url());
    if (why === 'net::ERR_ABORTED' && (leaving.has(page) || leftOrIcon)) return;
    // A program's box (an opaque origin) that closes while its worker runs
    // cancels the read of the worker's own blob: script, which never left the tab.
    if (why === 'net::ERR_ABORTED' && req.url().startsWith('blob:null/')) return;
    errors.push(`requestfailed: ${req.method()} ${req.url()} (${why})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`http ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  // Closing the page also disposes of its context.
  const closePage = page.close.bind(page);
  page.close = async (...args) => {
    await closePage(...args).catch(() => {});
    await context.close().catch(() => {});
  };

  const response = await page.goto(await url(p), { waitUntil: 'load', timeout });
  if (waitForReady) {
    try {
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout });
    } catch (err) {
      await screenshot(page, `not-ready-${slug(p)}`).catch(() => {});
      throw new Error(
        `page ${p} never set body[data-ready="true"] within ${timeout} ms` +
          (errors.length ? `; page errors:\n  ${errors.join('\n  ')}` : ' (no page errors)') +
          `\n${err.message}`,
      );
    }
  }
  return { page, context, errors, consoleMessages, response };
}

/**
 * Opens another address in the same tab, as a user following links does: the
 * browser context (its storage) and the tab's process are kept, so it costs a
 * third of a fresh openPage. Waits for body[data-ready="true"] as openPage
 * does; the errors openPage collects go on being collected.
 * @param {import('playwright-core').Page} page
 * @param {string} p  the path and query
 */
export async function revisit(page, p, { timeout = READY_TIMEOUT_MS } = {}) {
  // Until the new document is ready, a request cut off is the old one's (the
  // page loads its other modes while idle), whenever its events arrive.
  leaving.add(page);
  try {
    await page.goto(await url(p), { waitUntil: 'load', timeout });
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout });
  } finally {
    leaving.delete(page);
  }
}

/**
 * Which document of the tab each request belongs to. A reload or a new
 * address ends the old document, and the browser cuts off (`ERR_ABORTED`)
 * what it still had running: its workers' wasm, the tab's icon, the modules
 * the page loads while idle. That is no error of the page. Each request is
 * stamped with the main frame's navigations its document came after; one
 * made while a navigation is under way is the old document's, because until
 * the new document commits the old one still runs and may ask for more.
 * Returns a test of a request: true if a navigation has begun since its
 * document's, so the tab has left it; undefined for one not seen starting.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Page | import('playwright-core').BrowserContext} [source]  whose requests (the context's hold its service workers')
 * @returns {(req: import('playwright-core').Request) => boolean | undefined}
 */
export function documentsLeft(page, source = page) {
  let navigations = 0;
  let navigating = false;
  /** @type {WeakMap<import('playwright-core').Request, number>} */
  const startedAt = new WeakMap();
  source.on('request', (req) => {
    startedAt.set(req, navigating ? navigations - 1 : navigations);
    if (!req.serviceWorker() && req.isNavigationRequest() && req.frame() === page.mainFrame()) {
      navigations++;
      navigating = true;
    }
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigating = false;
  });
  return (req) => {
    const at = startedAt.get(req);
    return at === undefined ? undefined : at < navigations;
  };
}

/** The tabs revisit is taking to another address. */
const leaving = new WeakSet();

/**
 * Waits until the page shows `colorScheme` after `page.emulateMedia`: its
 * media query matches, and two frames have been drawn since, so the page's
 * listeners of the change have run and the new colours are painted.
 * @param {import('playwright-core').Page} page
 * @param {'light' | 'dark'} colorScheme
 */
export async function schemeShown(page, colorScheme) {
  await page.evaluate((dark) => new Promise((resolve) => {
    const query = matchMedia('(prefers-color-scheme: dark)');
    const drawn = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)));
    if (query.matches === dark) drawn();
    else query.addEventListener('change', drawn, { once: true });
  }), colorScheme === 'dark');
}

/** A counter of the visualizer (#steps, #checks, #solutions, ...): its data-value as a number. */
export const counter = async (/** @type {import('playwright-core').Page} */ page, /** @type {string} */ id) => Number(await page.locator(`#${id}`).getAttribute('data-value'));

/**
 * Waits until the page (or a frame of it) has nothing left to do now: this
 * runs after any task under way, then a frame is drawn and the browser finds
 * an idle moment (requestIdleCallback). By then what the page does in its
 * next frame or once idle (text alternatives, a tab's first drawing) is done,
 * messages already sent to it by its workers have arrived, and a long task
 * that was running has reached a PerformanceObserver.
 * @param {import('playwright-core').Page | import('playwright-core').Frame} page
 */
export async function pageIdle(page, { timeout = 10_000 } = {}) {
  await page.evaluate((timeout) => new Promise((resolve) => {
    requestAnimationFrame(() => requestIdleCallback(() => resolve(undefined), { timeout }));
  }), timeout);
}

/**
 * Fail with every collected error listed, unless it matches one of `allow`
 * (RegExps or substrings) -- e.g. assertNoErrors(errors, { allow: [/test panic 123/] }).
 */
export function assertNoErrors(errors, { allow = [] } = {}) {
  const unexpected = errors.filter(
    (e) => !allow.some((a) => (a instanceof RegExp ? a.test(e) : e.includes(a))),
  );
  assert.deepEqual(unexpected, [], `the page reported errors:\n  ${unexpected.join('\n  ')}`);
}

function slug(s) {
  return String(s).replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'root';
}

/** Save a full-page PNG to test-results/screenshots/NAME.png; returns its path. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${slug(name)}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * Read a canvas's pixels (2d or webgl: it is copied onto a 2d canvas first) and
 * summarise them.  `region` ({x, y, width, height}, canvas pixels) limits the
 * count to part of the canvas.
 *
 * Returns {
 *   width, height,          canvas size in device pixels
 *   pixels,                 pixels counted (region or whole canvas)
 *   opaque,                 pixels with alpha > 0
 *   distinctColors,         exact distinct RGBA values among opaque pixels
 *   reddish,                pixels with r > 150 && g < 110 && b < 110 && r - g > 60
 *   topColors,              [{rgba: [r,g,b,a], count}] the 8 most common colours
 * }
 */
export async function canvasStats(page, selector = '#board', { region } = {}) {
  return page.evaluate(
    ({ selector, region }) => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`canvasStats: no element matches ${selector}`);
      if (!(el instanceof HTMLCanvasElement)) throw new Error(`canvasStats: ${selector} is not a <canvas>`);
      const { width, height } = el;
      if (width === 0 || height === 0) {
        return { width, height, pixels: 0, opaque: 0, distinctColors: 0, reddish: 0, topColors: [] };
      }
      const copy = document.createElement('canvas');
      copy.width = width;
      copy.height = height;
      const ctx = copy.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(el, 0, 0);
      const r0 = region ?? { x: 0, y: 0, width, height };
      const data = ctx.getImageData(r0.x, r0.y, r0.width, r0.height).data;
      const counts = new Map();
      let opaque = 0;
      let reddish = 0;
      for (let i = 0; i < data.length; i += 4) {
        const r = data[i];
        const g = data[i + 1];
        const b = data[i + 2];
        const a = data[i + 3];
        if (a === 0) continue;
        opaque++;
        if (r > 150 && g < 110 && b < 110 && r - g > 60) reddish++;
        const key = ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const topColors = [...counts.entries()]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 8)
        .map(([k, count]) => ({ rgba: [k >>> 24, (k >>> 16) & 255, (k >>> 8) & 255, k & 255], count }));
      return {
        width,
        height,
        pixels: data.length / 4,
        opaque,
        distinctColors: counts.size,
        reddish,
        topColors,
      };
    },
    { selector, region },
  );
}

/**
 * The page's address once `test(url)` holds: the address bar follows a change
 * once things are quiet (a timer of a few hundred ms, later on a loaded
 * machine), so a test waits for the write it expects rather than a fixed time.
 * @param {import('playwright-core').Page} page
 * @param {(url: URL) => boolean} test
 * @param {string} message  what is awaited, for the timeout's error
 */
export async function urlWhen(page, test, message) {
  return waitUntil(() => {
    const url = new URL(page.url());
    return test(url) ? url : null;
  }, { timeout: 10_000, message });
}

/** Poll `fn` (an async predicate) until it is truthy or `timeout` ms pass. */
export async function waitUntil(fn, { timeout = 5_000, interval = 50, message = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${message}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

let algorithmList = null;

/**
 * The core's algorithms(), read in node from the built pkg/: tests take their
 * lists of algorithm ids from here, never typed by hand, so a new algorithm is
 * covered at once.
 */
export function coreAlgorithms() {
  algorithmList ??= (async () => {
    const pkg = path.join(REPO_ROOT, 'pkg');
    const api = await import(pathToFileURL(path.join(pkg, 'nqueens.js')).href);
    await api.default({ module_or_path: await fs.readFile(path.join(pkg, 'nqueens_bg.wasm')) });
    return api.algorithms();
  })();
  return algorithmList;
}
