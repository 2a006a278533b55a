// The browser half of the benchmarks: headless Chromium (playwright-core,
// /usr/bin/chromium) against the page served by scripts/serve.mjs.
// `runBrowser()` resolves to plain data; bench/run.mjs writes it up.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer, REPO_ROOT } from '../scripts/serve.mjs';
// The same browser, flags included, as the e2e tests.
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/helpers.mjs';
import os from 'node:os';
import { runsTimings } from './runs.mjs';
import { gifSizes } from './gif.mjs';
import { openPage } from './page.mjs';
// The static build hosted under a sub-path, compressed, as the dist e2e tests have it.
import { hostBuild } from '../tests/e2e/dist-site.mjs';

const log = (...a) => console.error('[bench:browser]', ...a);

/** Item 1: count(N) in the browser: the worker pool (1 and all), one wasm call, plain JS. */
async function countTimings(browser, base, { lo, hi }) {
  const { page, context, errors } = await openPage(browser, base);
  const workers = await page.evaluate(() => navigator.hardwareConcurrency);
  const rows = [];
  for (let n = lo; n <= hi; n++) {
    const runs = n >= 16 ? 1 : n >= 15 ? 2 : 3;
    const row = await page.evaluate(
      async ({ n, runs, workers }) => {
        const { CountPool } = await import('/www/count/pool.js');
        const wasm = await import('/pkg/nqueens.js');
        await wasm.default();
        const { countPlainJs } = await import('/bench/plain-js.js');
        const best = async (f) => {
          let ms = Infinity;
          let value;
          for (let i = 0; i < runs; i++) {
            const t = performance.now();
            value = await f();
            ms = Math.min(ms, performance.now() - t);
          }
          return { ms, value };
        };
        const out = { n };
        for (const [key, size] of [['pool1', 1], ['poolAll', workers]]) {
          const pool = new CountPool(size);
          await pool.warm();
          const r = await best(() => pool.run(n));
          pool.terminate();
          out[`${key}_ms`] = r.ms;
          out[`${key}_total`] = String(r.value.total);
          out[`${key}_fundamental`] = String(r.value.fundamental);
        }
        const direct = await best(() => wasm.countBoth(n));
        out.direct_ms = direct.ms;
        out.direct_total = String(direct.value.total);
        const js = await best(() => countPlainJs(n));
        out.plainjs_ms = js.ms;
        out.plainjs_total = String(js.value);
        return out;
      },
      { n, runs, workers },
    );
    log(
      `count N=${n}: pool(1) ${row.pool1_ms.toFixed(1)} ms, pool(${workers}) ${row.poolAll_ms.toFixed(1)} ms, ` +
        `one call ${row.direct_ms.toFixed(1)} ms, plain JS ${row.plainjs_ms.toFixed(1)} ms`,
    );
    rows.push(row);
  }
  await context.close();
  return { workers, rows, errors };
}

/** Item 2: every algorithm's Session run to the end at N = 8, no drawing. */
async function sessionTimings(browser, base) {
  const { page, context, errors } = await openPage(browser, base);
  const rows = await page.evaluate(async () => {
    const wasm = await import('/pkg/nqueens.js');
    await wasm.default();
    const out = [];
    for (const a of wasm.algorithms()) {
      const n = 8;
      let runs = 0;
      let steps = 0;
      let solutions = 0;
      const start = performance.now();
      while (runs === 0 || performance.now() - start < 300) {
        const s = new wasm.Session(a.id, n);
        while (!s.done) s.run(1 << 20);
        steps = s.stepIndex;
        solutions = s.solutionCount;
        s.free();
        runs++;
      }
      out.push({ id: a.id, name: a.name, n, steps, solutions, ms: (performance.now() - start) / runs });
    }
    return out;
  });
  for (const r of rows) log(`session ${r.id} N=8: ${r.steps} steps in ${r.ms.toFixed(2)} ms`);
  await context.close();
  return { rows, errors };
}

/**
 * Plays for `ms` and records every requestAnimationFrame interval and the
 * steps the page's counter gained.
 */
function framesWhilePlaying(page, ms) {
  return page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const count = () => Number(document.querySelector('#steps')?.textContent.replace(/[^0-9]/g, '')) || 0;
        const gaps = [];
        let steps = 0;
        let seen = count();
        let last = performance.now();
        const end = last + ms;
        const tick = (now) => {
          gaps.push(now - last);
          last = now;
          const c = count();
          if (c > seen) steps += c - seen;
          seen = c;
          if (now < end) requestAnimationFrame(tick);
          else resolve({ frames: gaps.length, ms: now - (end - ms), gaps, steps });
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
}

/**
 * What a user sees after pressing Play on a page that is open and idle: Play
 * is clicked through the browser's input (not from script), and for `ms`
 * every requestAnimationFrame interval is recorded, with the long tasks
 * (PerformanceObserver 'longtask', 50 ms and more) that started in the
 * window, the steps the page's counter gained, and when Play came back (the
 * search ended), if it did. Nothing is reset or replayed: after the search
 * ends the page stays where it stopped, as it does for a user.
 * @param {import('playwright-core').Page} page
 * @param {number} ms
 */
async function playAsUser(page, ms) {
  await page.evaluate(() => {
    const seen = { gaps: [], longTasks: [], start: 0, endedAt: null, stepsAtStart: 0, steps: 0 };
    window.__play = seen;
    const count = () => Number(document.querySelector('#steps')?.textContent.replace(/[^0-9]/g, '')) || 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (seen.start && e.startTime >= seen.start) seen.longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
    seen.stepsAtStart = count();
    // The window starts at the click, before the page's own handler runs.
    document.querySelector('#play')?.addEventListener('click', () => { seen.start = performance.now(); }, { capture: true, once: true });
  });
  await page.click('#play');
  return page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const seen = window.__play;
        const play = document.querySelector('#play');
        const count = () => Number(document.querySelector('#steps')?.textContent.replace(/[^0-9]/g, '')) || 0;
        let last = seen.start;
        const tick = (now) => {
          seen.gaps.push(now - last);
          last = now;
          if (seen.endedAt === null && /Play/.test(play?.textContent ?? '')) {
            seen.endedAt = now - seen.start;
            seen.steps = count() - seen.stepsAtStart;
          }
          if (now - seen.start < ms) requestAnimationFrame(tick);
          else {
            if (seen.endedAt === null) seen.steps = count() - seen.stepsAtStart;
            resolve({ frames: seen.gaps.length, ms: now - seen.start, gaps: seen.gaps, steps: seen.steps, endedAt: seen.endedAt, longTasks: seen.longTasks });
          }
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
}

/**
 * Home (reset) as a user sees it, `times` times: Play through the browser's
 * input, until the search ends (or `playMs`), then the Home key pressed
 * through the browser's input; timed from the keydown's event time to the
 * frame after the one that showed the empty board (a requestAnimationFrame,
 * then a task: that frame has been produced). Also the Event Timing API's
 * duration of the keydown, where it reports one (it reports events from
 * 16 ms).
 * @param {import('playwright-core').Page} page
 */
async function homeAsUser(page, { times = 5, playMs = 2000 } = {}) {
  const out = [];
  for (let i = 0; i < times; i++) {
    await page.click('#play');
    await page.waitForFunction(() => /Play/.test(document.querySelector('#play')?.textContent ?? ''), null, { timeout: playMs }).catch(() => {});
    await page.evaluate(() => {
      const seen = { ms: null, eventMs: null, steps: null };
      window.__home = seen;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'keydown') seen.eventMs = Math.max(seen.eventMs ?? 0, e.duration);
      }).observe({ type: 'event', durationThreshold: 16 });
      document.addEventListener('keydown', (event) => {
        if (event.key !== 'Home') return;
        const t0 = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => {
          seen.ms = performance.now() - t0;
          seen.steps = Number(document.querySelector('#steps')?.textContent.replace(/[^0-9]/g, '')) || 0;
        }));
      }, { capture: true, once: true });
    });
    await page.keyboard.press('Home');
    await page.waitForFunction(() => window.__home.ms !== null);
    await page.waitForTimeout(300); // the Event Timing entry comes after the frame
    out.push(await page.evaluate(() => window.__home));
  }
  return out;
}

/** Frames/s, the median, p95 and longest frame interval of one recording. */
function frameStats(r) {
  const sorted = [...r.gaps].sort((x, y) => x - y);
  return {
    fps: (r.frames / r.ms) * 1000,
    longest_ms: sorted.at(-1),
    p95_ms: sorted[Math.floor(sorted.length * 0.95)],
    median_ms: sorted[Math.floor(sorted.length / 2)],
  };
}

/**
 * Item 3: frames while playing at top speed: each search for every solution
 * at its largest N (`rows`), and each search for one solution at N = 1,000
 * through the link `?algo=ID&n=1000&speed=max&seed=1` as a user plays it
 * (`findRows`: Play, four seconds of frames and long tasks, then Home).
 */
async function animationTimings(browser, base, { seconds = 3, findN = 1000, findSeconds = 4 } = {}) {
  const probe = await openPage(browser, base);
  const algorithms = await probe.page.evaluate(async () => {
    const wasm = await import('/pkg/nqueens.js');
    await wasm.default();
    return wasm.algorithms().map((a) => ({ id: a.id, name: a.name, maxN: a.maxN, goal: a.goal }));
  });
  await probe.context.close();
  const rows = [];
  const findRows = [];
  const errors = [...probe.errors];
  for (const a of algorithms.filter((x) => x.goal !== 'one')) {
    const { page, context, errors: e } = await openPage(browser, base, `/?algo=${a.id}&n=${a.maxN}`);
    await page.$eval('#speed', (el) => {
      el.value = el.max;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const stepsBefore = await page.textContent('#steps');
    await page.click('#play');
    const r = await framesWhilePlaying(page, seconds * 1000);
    const stepsAfter = await page.textContent('#steps');
    const finished = await page.evaluate(() => /Play/.test(document.querySelector('#play')?.textContent ?? ''));
    await page.click('#play').catch(() => {});
    const row = { id: a.id, name: a.name, n: a.maxN, ...frameStats(r), steps_before: stepsBefore, steps_after: stepsAfter, finished_in_window: finished };
    log(`animation ${a.id} N=${a.maxN}: ${row.fps.toFixed(1)} fps, longest frame ${row.longest_ms.toFixed(1)} ms`);
    rows.push(row);
    errors.push(...e);
    await context.close();
  }
  for (const a of algorithms.filter((x) => x.goal === 'one')) {
    // The link sets the speed; a page that read no seed= warns and uses
    // seed 1, the same run, so its warning is not an error here.
    const { page, context, errors: e } = await openPage(browser, base, `/?algo=${a.id}&n=${findN}&speed=max&seed=1`);
    const atMax = await page.$eval('#speed', (el) => {
      const was = el.value === el.max;
      el.value = el.max;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      return was;
    });
    const r = await playAsUser(page, findSeconds * 1000);
    const home = await homeAsUser(page);
    const homeMs = home.map((h) => h.ms).sort((x, y) => x - y);
    const row = {
      id: a.id, name: a.name, n: findN, ...frameStats(r), steps: r.steps, window_ms: r.ms, ended_ms: r.endedAt,
      long_tasks: r.longTasks, speed_from_link: atMax,
      home_ms: homeMs, home_median_ms: homeMs[Math.floor(homeMs.length / 2)], home_event_ms: home.map((h) => h.eventMs), home_steps: home.map((h) => h.steps),
    };
    log(`animation ${a.id} N=${findN}: median ${row.median_ms.toFixed(1)} ms, p95 ${row.p95_ms.toFixed(1)} ms, ${r.longTasks.length} long tasks, ended ${r.endedAt === null ? 'no' : `${r.endedAt.toFixed(0)} ms`}; Home median ${row.home_median_ms.toFixed(1)} ms`);
    findRows.push(row);
    errors.push(...e.filter((m) => !/seed/i.test(m)));
    await context.close();
  }
  return { rows, findRows, findSeconds, errors };
}

/**
 * Layout stability: the cumulative layout shift (PerformanceObserver
 * 'layout-shift', shifts after input excluded) from navigation to 2 s after
 * the first drawn board, at a desktop and a phone size.
 */
async function layoutShift(browser, base) {
  const rows = [];
  const errors = [];
  for (const [label, viewport] of [['desktop 1350×940', { width: 1350, height: 940 }], ['desktop 1280×800', { width: 1280, height: 800 }], ['phone 412×823', { width: 412, height: 823 }]]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e.message)));
    await page.addInitScript(() => {
      globalThis.__cls = { value: 0, sources: [] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.hadRecentInput) continue;
          globalThis.__cls.value += entry.value;
          for (const s of entry.sources ?? []) globalThis.__cls.sources.push(s.node?.id || (typeof s.node?.className === 'string' && s.node.className) || s.node?.nodeName || '?');
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(new URL('/', base).href, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30_000 });
    await page.waitForTimeout(2000);
    const { value, sources } = await page.evaluate(() => globalThis.__cls);
    log(`layout shift ${label}: ${value.toFixed(4)}`);
    rows.push({ label, cls: value, sources: [...new Set(sources)] });
    await context.close();
  }
  return { rows, errors };
}

/**
 * Count mode's time left: the page's CountPool on every worker, with the
 * progress it reports (the share of the estimated work done, `pace`). At each
 * report from 10% to 90% of the work, the time left the page shows (the
 * pool's raw elapsed × (1 − f) / f, smoothed by its TimeLeft) against the
 * time the count really took from there; the raw estimate's error too.
 */
async function estimateAccuracy(browser, base, sizes = [17, 18]) {
  const { page, context, errors } = await openPage(browser, base);
  const rows = [];
  for (const n of sizes) {
    const r = await page.evaluate(async (n) => {
      const { CountPool, TimeLeft, defaultWorkers } = await import('/www/count/pool.js');
      const pool = new CountPool(defaultWorkers());
      await pool.warm();
      const samples = [];
      const shown = new TimeLeft(); // what the page shows: the raw estimate, smoothed
      const result = await pool.run(n, {
        onProgress: (p) => {
          shown.feed(p);
          samples.push({ ms: p.ms, f: p.pace, done: p.done, subtasks: p.subtasks, left: shown.read(), raw: p.leftMs });
        },
      });
      pool.terminate();
      return { ms: result.ms, samples, workers: pool.size };
    }, n);
    const errs = r.samples
      .filter((s) => s.f >= 0.1 && s.f <= 0.9 && r.ms - s.ms > 0 && s.left != null)
      .map((s) => ({ f: s.f, error: (s.left - (r.ms - s.ms)) / (r.ms - s.ms), raw: (s.raw - (r.ms - s.ms)) / (r.ms - s.ms) }));
    // Today's page before weighting: by subtasks counted.
    const byCount = r.samples
      .filter((s) => s.done / s.subtasks >= 0.1 && s.done / s.subtasks <= 0.9)
      .map((s) => ((s.ms * (s.subtasks - s.done)) / s.done - (r.ms - s.ms)) / (r.ms - s.ms));
    const worst = errs.reduce((a, e) => Math.max(a, Math.abs(e.error)), 0);
    const worstRaw = errs.reduce((a, e) => Math.max(a, Math.abs(e.raw)), 0);
    const within = errs.filter((e) => Math.abs(e.error) <= 0.3).length;
    const at = (f) => errs.find((e) => e.f >= f)?.error;
    log(`estimate N=${n}: ${r.ms.toFixed(0)} ms, worst time-left error after 10% ${(worst * 100).toFixed(0)}%`);
    rows.push({
      n,
      ms: r.ms,
      workers: r.workers,
      reports: errs.length,
      worst,
      worstRaw,
      within,
      at10: at(0.1),
      at25: at(0.25),
      at50: at(0.5),
      at75: at(0.75),
      worstByCount: byCount.reduce((a, e) => Math.max(a, Math.abs(e)), 0),
    });
  }
  await context.close();
  return { rows, errors };
}

/**
 * Lighthouse (npm lighthouse 12, the last for Node 20) on Debian's Chromium,
 * mobile and desktop presets, on each of `sites` ([label, url]: the static
 * build served compressed, and the dev server), `runs` times each: the four
 * category scores, the layout shift it measured, and every scored audit short
 * of full marks, of the run with the median performance score.
 * @param {[string, string, number][]} sites  label, url, runs
 */
async function lighthouseScores(sites) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const rows = [];
  try {
    for (const [site, url, runs] of sites) {
      for (const [preset, config] of [['mobile', undefined], ['desktop', desktopConfig]]) {
        // Several runs, and the one with the median performance score, as
        // Lighthouse's own advice has it for a machine whose load varies.
        const all = [];
        // The 1-minute load average as each run starts: blocking time moves with it.
        const loads = [];
        for (let i = 0; i < runs; i++) {
          loads.push(os.loadavg()[0]);
          all.push((await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, config)).lhr);
        }
        const performance = all.map((r) => Math.round(r.categories.performance.score * 100));
        const tbt = all.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? NaN));
        // The first and the largest paint of each run, simulated (ms).
        const fcp = all.map((r) => Math.round(r.audits['first-contentful-paint']?.numericValue ?? NaN));
        const lcp = all.map((r) => Math.round(r.audits['largest-contentful-paint']?.numericValue ?? NaN));
        const lhr = all.sort((a, b) => a.categories.performance.score - b.categories.performance.score)[Math.floor(runs / 2)];
        const scores = Object.fromEntries(Object.values(lhr.categories).map((c) => [c.id, Math.round(c.score * 100)]));
        const short = Object.entries(lhr.audits)
          .filter(([, a]) => a.score !== null && a.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
          .map(([id, a]) => `${id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        log(`lighthouse ${site} ${preset}: ${JSON.stringify(scores)} (performance in ${runs} runs: ${performance.join(', ')}; blocking time ${tbt.join(', ')} ms; first paint ${fcp.join(', ')} ms; largest paint ${lcp.join(', ')} ms; load ${loads.map((l) => l.toFixed(2)).join(', ')})`);
        rows.push({ site, preset, scores, performance, loads, tbt, fcp, lcp, cls: lhr.audits['cumulative-layout-shift']?.numericValue, short, version: lhr.lighthouseVersion });
      }
    }
  } finally {
    await chrome.kill();
  }
  return { rows, errors: [] };
}

/**
 * The static build's first visit over the wire (compressed as served): every
 * response until the first drawn board, then everything the service worker
 * fetches to keep the build offline. Bytes are response bodies as sent
 * (Chromium's encoded sizes) plus headers.
 * @param {import('playwright-core').Browser} browser
 * @param {Awaited<ReturnType<typeof hostBuild>>} site
 */
async function distWeight(browser, site) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e.message)));
  const pending = [];
  /** @type {{file: string, encoding: string, body: number, headers: number, phase: string, bySw: boolean}[]} */
  const rows = [];
  let phase = 'first board';
  context.on('response', (res) => {
    const at = phase;
    const bySw = Boolean(res.request().serviceWorker());
    pending.push(
      res.request().sizes().then(
        (sizes) => rows.push({ file: res.url().replace(site.base, '') || './', encoding: res.headers()['content-encoding'] ?? 'none', body: sizes.responseBodySize, headers: sizes.responseHeadersSize, phase: bySw ? 'service worker' : at, bySw }),
        () => {},
      ),
    );
  });
  await page.goto(site.base, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30_000 });
  phase = 'after';
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await page.waitForTimeout(300);
  await Promise.all(pending);
  await context.close();
  const sum = (list) => list.reduce((a, r) => a + r.body + r.headers, 0);
  const first = rows.filter((r) => r.phase === 'first board');
  const sw = rows.filter((r) => r.phase === 'service worker');
  // The build's own figures, from its files: raw, and as served (brotli where it pays).
  const files = await Promise.all(
    site.precache.map(async (f) => {
      const file = path.join(site.out, f === './' ? 'index.html' : f);
      const raw = fs.statSync(file).size;
      const br = fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : raw;
      return { file: f === './' ? 'index.html' : f, raw, br };
    }),
  );
  log(`dist weight: first board ${sum(first)} bytes in ${first.length} responses; service worker ${sum(sw)} bytes in ${sw.length}`);
  return {
    version: site.version,
    firstBoard: { responses: first.length, bytes: sum(first), encodings: [...new Set(first.map((r) => r.encoding))], rows: first },
    serviceWorker: { responses: sw.length, bytes: sum(sw) },
    files,
    errors,
  };
}

/** Item 4: bytes of the page, raw and gzipped, and navigation to first board. */
export function pageWeight() {
  const files = [];
  const add = (rel) => {
    const abs = path.join(REPO_ROOT, rel);
    if (!fs.existsSync(abs)) return;
    const raw = fs.readFileSync(abs);
    files.push({ file: rel, raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length });
  };
  add('index.html');
  const www = fs.readdirSync(path.join(REPO_ROOT, 'www'), { recursive: true }).map((f) => String(f).split(path.sep).join('/')).sort();
  for (const f of www) {
    // sw.js is the build's; the dev server's page never loads it.
    if ((f.endsWith('.css') || f.endsWith('.js')) && f !== 'sw.js') add(`www/${f}`);
  }
  add('pkg/nqueens.js');
  add('pkg/nqueens_bg.wasm');
  return files;
}

async function firstBoardTimings(browser, base, { runs = 5 } = {}) {
  const times = [];
  const errors = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e.message)));
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.body?.dataset.ready === 'true') {
          globalThis.__firstBoardMs = performance.now();
          obs.disconnect();
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
    });
    await page.goto(new URL('./', base).href, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30_000 });
    times.push(await page.evaluate(() => globalThis.__firstBoardMs));
    await context.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  log(`first board: median ${sorted[Math.floor(runs / 2)].toFixed(0)} ms`);
  return { times, median_ms: sorted[Math.floor(runs / 2)], min_ms: sorted[0], errors };
}

/**
 * A part's results with when it was measured and the load average (1, 5,
 * 15 min) at its start and end, since a part measured again with --only
 * keeps the other parts' figures from earlier runs.
 */
async function measured(part) {
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const start = load();
  const out = await part();
  return { ...out, date, load: `${start} / ${load()}` };
}

/**
 * Runs every browser measurement. `only` limits it to some of
 * 'count', 'sessions', 'animation', 'weight', 'gif', 'layout', 'estimate', 'lighthouse', 'runs'.
 */
export async function runBrowser({ lo = 12, hi = 16, only } = {}) {
  const want = (k) => !only || only.includes(k);
  const server = await startServer({ root: REPO_ROOT, port: 0 });
  const site = want('weight') || want('lighthouse') ? await hostBuild() : null;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const out = { chromium: browser.version() };
    if (want('weight') && site) {
      out.weight = {
        files: pageWeight(),
        firstBoard: await firstBoardTimings(browser, server.url),
        dist: { ...(await distWeight(browser, site)), firstBoardTime: await firstBoardTimings(browser, site.base) },
      };
    }
    if (want('gif')) out.gif = await measured(() => gifSizes(browser, server.url));
    if (want('sessions')) out.sessions = await sessionTimings(browser, server.url);
    if (want('animation')) out.animation = await measured(() => animationTimings(browser, server.url));
    if (want('count')) out.count = await countTimings(browser, server.url, { lo, hi });
    if (want('layout')) out.layout = await layoutShift(browser, server.url);
    if (want('estimate')) out.estimate = await estimateAccuracy(browser, server.url);
    if (want('lighthouse') && site) {
      out.lighthouse = await measured(() => lighthouseScores([
        [`dist/ at ${new URL(site.base).pathname}, compressed`, site.base, 5],
        ['dev server (source tree)', server.url, 1],
      ]));
    }
    if (want('runs')) out.runs = await measured(() => runsTimings(browser, server.url, openPage));
    return out;
  } finally {
    await browser.close().catch(() => {});
    await server.close().catch(() => {});
    await site?.close().catch(() => {});
  }
}
