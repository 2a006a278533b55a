// The page's main thread stays free of long tasks while it
// replays slow steps (hill climbing at N = 1,000 reads a million squares a
// step, about 3 ms). A seek back within explored ground replays up to a
// checkpoint interval: it now goes from the checkpoint (seekNear) in Runner
// slices. Each task is measured by its own CPU time (Chromium's trace), which
// other work on the machine does not stretch as it stretches wall-clock time.
// Before, the seek back replayed a whole interval in one task: 63 steps of
// about 3 ms, 190 ms of CPU at the least (313–532 ms of wall-clock time on
// the shared 2-core test machine); after, a slice of 40 ms and a redraw of
// the 1,000×1,000 board. Allowed: 120 ms of CPU, about half the one and
// twice the other.
//
// Race mode's End at N = 1,000: before, the results table timed each lane
// again with a first call of 65,536 steps (the whole hill-climbing search,
// one task of seconds); after, a slice a frame, each frame the lanes' 13 ms
// plus drawing two million-square boards. Allowed: 500 ms of CPU, which
// catches the task of seconds and no frame.
// test group: slow (scripts/test.sh): searches at N = 1,000, about a minute and a half.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, browser, closeHarness, openPage, waitUntil, pageIdle } from './helpers.mjs';
import { TASK_CATEGORIES, ended, mainThreadTasks, reading } from './race-hooks.mjs';

after(closeHarness);

/** The most CPU time a single main-thread task may take in a seek (see above). */
const LIMIT_MS = 120;
/** The most CPU time a task of race mode at N = 1,000 may take (see above). */
const RACE_LIMIT_MS = 500;

/** Starts tracing the page's main thread (each task's CPU time). */
const watch = async (page) => (await browser()).startTracing(page, { categories: TASK_CATEGORIES });
/** The CPU time of each main-thread task over 50 ms since watch(), once a task still running has ended. */
const longTasks = async (page) => {
  await pageIdle(page);
  return mainThreadTasks(await (await browser()).stopTracing()).filter((ms) => ms > 50).map(Math.round);
};

test('a seek back at N = 1,000 with hill climbing keeps every task short, and lands exactly', { timeout: 180_000 }, async () => {
  const far = 500; // the search's end from seed 1: 64 steps between checkpoints, each about 3 ms
  const { page, errors } = await openPage('/?algo=hill-climbing&n=1000&seed=1');
  try {
    // Explore the ground first, a few steps a call (the test's own calls are not measured).
    while (await page.evaluate((far) => { const s = window.nqueens.session; return s.run(Math.min(10, far - s.stepIndex)) > 0 && s.stepIndex < far; }, far));
    assert.equal(await page.evaluate(() => window.nqueens.session.stepIndex), far);
    await page.evaluate(() => window.nqueens.refresh());
    await watch(page);
    const back = 64 * 7 - 1; // just before a checkpoint: a whole interval to replay
    await page.evaluate((back) => {
      const timeline = /** @type {HTMLInputElement} */ (document.getElementById('timeline'));
      timeline.value = String(back);
      timeline.dispatchEvent(new Event('change'));
    }, back);
    await waitUntil(() => page.evaluate((back) => window.nqueens.session.stepIndex === back && document.getElementById('going').hidden, back), { timeout: 30_000, message: `back to step ${back}` });
    const tasks = await longTasks(page);
    console.log(`seek back: long tasks ${JSON.stringify(tasks)} ms`);
    assert.ok(tasks.every((ms) => ms <= LIMIT_MS), `tasks ${tasks.join(', ')} ms: none over ${LIMIT_MS} ms`);
    // Exact: the state a seek from the core gives there.
    const same = await page.evaluate((back) => {
      const s = window.nqueens.session;
      const probe = window.nqueens.wasm.Session.seeded('hill-climbing', 1000, 1);
      probe.run(back);
      const a = [s.checks, s.conflicts(), s.queens().join()];
      const b = [probe.checks, probe.conflicts(), probe.queens().join()];
      probe.free();
      return JSON.stringify(a) === JSON.stringify(b);
    }, back);
    assert.ok(same, 'the visualizer stands where a fresh run of that many steps does');
    assert.match(await page.textContent('#timeline-value'), /447/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('race mode End at N = 1,000 with hill climbing keeps every task short', { timeout: 400_000 }, async () => {
  const { page, errors } = await openPage('/?mode=race&goal=one&n=1000&lanes=hill-climbing,min-conflicts&clock=checks');
  try {
    await watch(page);
    await page.click('#race-run-to-end');
    await ended(page, 150_000);
    // The results table times each lane again, a slice a frame.
    await waitUntil(() => page.evaluate(() => !document.getElementById('race-results').textContent.includes('timing')), { timeout: 120_000, message: 'the results table timed' });
    const end = await longTasks(page);
    console.log(`race End: long tasks ${JSON.stringify(end)} ms`);
    // Back to the start and End again: the lanes replay from checkpoints.
    await watch(page);
    await page.keyboard.press('Home');
    await waitUntil(async () => (await reading(page)) === 0, { message: 'Home: the clock back at 0' });
    await page.click('#race-run-to-end');
    await ended(page, 150_000);
    // The results table times each lane again, a slice a frame.
    await waitUntil(() => page.evaluate(() => !document.getElementById('race-results').textContent.includes('timing')), { timeout: 120_000, message: 'the results table timed' });
    const again = await longTasks(page);
    console.log(`race Home then End: long tasks ${JSON.stringify(again)} ms`);
    for (const tasks of [end, again]) assert.ok(tasks.every((ms) => ms <= RACE_LIMIT_MS), `tasks ${tasks.join(', ')} ms: none over ${RACE_LIMIT_MS} ms`);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
