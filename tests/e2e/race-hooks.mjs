// What the race tests read of race mode (tests/e2e/race.test.mjs and
// race-one.test.mjs): each lane's data-* hooks, the clock's reading, and
// waiting for a race to end or to stand still, and a reload from its link.
import assert from 'node:assert/strict';
import { assertNoErrors, openPage, urlWhen, waitUntil } from './helpers.mjs';

/**
 * Every lane's hooks: {id: {steps, checks, solutions, done, capped, finish,
 * seed, unable, board, text}}; board: its board's text alternative.
 */
export const lanes = (page) => page.$$eval('#race .race-lane', (els) => Object.fromEntries(els.map((lane) => [lane.dataset.lane, {
  steps: lane.dataset.steps === undefined ? null : Number(lane.dataset.steps),
  checks: lane.dataset.checks === undefined ? null : Number(lane.dataset.checks),
  solutions: lane.dataset.solutions === undefined ? null : Number(lane.dataset.solutions),
  done: lane.dataset.done,
  capped: lane.dataset.capped,
  finish: lane.dataset.finish === undefined ? null : Number(lane.dataset.finish),
  seed: lane.dataset.seed === undefined ? null : Number(lane.dataset.seed),
  unable: lane.dataset.unable === 'true',
  board: lane.querySelector('.lane-board')?.getAttribute('aria-label') ?? null,
  text: lane.textContent,
}])));

/** Waits for every lane to have ended, with nothing running. */
export const ended = (page, timeout = 30_000) => waitUntil(
  () => page.evaluate(() => document.getElementById('race').dataset.ended === 'true' && document.getElementById('race-going').hidden
    && (document.getElementById('race').dataset.player ?? 'idle') === 'idle'),
  { timeout, message: 'the race to end' },
);

/** Waits for the race to stand still (a seek of a few frames shows no bar: the player's mode says it). */
export const idle = (page, timeout = 20_000) => waitUntil(
  () => page.evaluate(() => document.getElementById('race-going').hidden && document.getElementById('race-play').getAttribute('aria-pressed') === 'false'
    && (document.getElementById('race').dataset.player ?? 'idle') === 'idle'),
  { timeout, message: 'the race to stop' },
);

/** The race clock's reading. */
export const reading = (page) => page.evaluate(() => Number(document.getElementById('race').dataset.clock));

/**
 * The page's link (once the address bar has followed), opened afresh: the
 * race stands at the same reading, every lane where it stood.
 * @returns {Promise<URL>} the link
 */
export async function reloadsTheSame(page) {
  // The address bar follows the race once things are quiet: wait for it to hold the reading.
  const shown = await reading(page);
  const link = await urlWhen(page, (u) => Number(u.searchParams.get('at')) === shown, `the link's at= to be the clock's reading ${shown}`);
  const at = Number(link.searchParams.get('at'));
  assert.ok(at > 0 && at === await reading(page), `the link's at=${at} is the clock's reading`);
  const before = await lanes(page);
  const again = await openPage(`${link.pathname}${link.search}`);
  try {
    await idle(again.page);
    assert.equal(await reading(again.page), at);
    assert.deepEqual(await lanes(again.page), before, 'the reloaded race stands where it stood');
    assertNoErrors(again.errors);
  } finally {
    await again.page.close();
  }
  return link;
}

/** The trace categories mainThreadTasks() reads: DevTools' timeline, whose RunTask events are the page's tasks. */
export const TASK_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/**
 * From a Chromium trace (browser.stopTracing()'s buffer, with TASK_CATEGORIES):
 * the CPU time of every task of the page's main thread, in ms
 * (each task's own thread time, which the other work on the machine does not
 * stretch, as it stretches wall-clock time).
 * @param {Buffer} trace
 * @returns {number[]}
 */
export function mainThreadTasks(trace) {
  const { traceEvents } = JSON.parse(trace.toString());
  const main = new Set(traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  return traceEvents.filter((e) => e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`) && e.tdur).map((e) => e.tdur / 1000);
}

/**
 * Drags the race's timeline through `positions` and lets go there: an input
 * event at each, in a task of its own as a pointer's are, then a change.
 * @param {import('playwright-core').Page} page
 * @param {number[]} positions
 */
export async function drag(page, positions) {
  for (const position of positions) {
    await page.evaluate((position) => {
      const timeline = /** @type {HTMLInputElement} */ (document.getElementById('race-timeline'));
      timeline.value = String(position);
      timeline.dispatchEvent(new Event('input'));
    }, position);
  }
  await page.evaluate(() => document.getElementById('race-timeline').dispatchEvent(new Event('change')));
}
