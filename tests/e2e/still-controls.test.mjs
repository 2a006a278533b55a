// Nothing under the pointer moves when a control is used,
// in the modes visualizer.test.mjs does not cover: puzzle (New puzzle,
// the coach's checkbox, which shows or hides Check), count mode (Count) and
// Many runs (Run). Each control's box is measured before and after its use,
// and a second click at the same spot must land on the same control.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness, waitUntil } from './helpers.mjs';
import { settled } from './puzzle-hooks.mjs';
import { countResultOf } from './count-hooks.mjs';

after(closeHarness);

/** Every visible control of `root` by id, with its place on the page (scroll included). */
const places = (page, root) => page.evaluate((root) => Object.fromEntries(
  [...document.querySelectorAll(`${root} button[id], ${root} input[id], ${root} select[id]`)]
    .filter((el) => el.offsetParent)
    .map((el) => {
      const r = el.getBoundingClientRect();
      return [el.id, `${Math.round(r.left + scrollX)},${Math.round(r.top + scrollY)} ${Math.round(r.width)}×${Math.round(r.height)}`];
    })), root);

/**
 * What may not move when the control `id` is used: its own box, and the row
 * of every control at or above it (text that grows below a control may move
 * what is further down, never what is under the pointer or above it).
 * @param {Record<string, string>} all  places()'s answer
 * @param {string} id
 */
function pinned(all, id) {
  const y = (place) => Number(place.split(' ')[0].split(',')[1]);
  const bottom = y(all[id]) + Number(all[id].split('×')[1]);
  return Object.fromEntries(Object.entries(all)
    .filter(([key, place]) => key === id || y(place) <= bottom)
    .map(([key, place]) => [key, key === id ? place : `row at ${y(place)}`]));
}

/** The id of the control at the pointer's spot (x, y in the viewport). */
const idAt = (page, x, y) => page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('button, input, select, label')?.querySelector('input')?.id
  ?? document.elementFromPoint(x, y)?.closest('button, input, select')?.id ?? null, [x, y]);

/** The spot at the middle of `selector`, after scrolling it into view. */
async function spot(page, selector) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  const b = await page.locator(selector).boundingBox();
  assert.ok(b, `${selector} is laid out`);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

for (const width of [1280, 390]) {
  test(`at ${width} px, puzzle mode: New puzzle twice at one spot is two puzzles, and the coach's checkbox moves no control`, async () => {
    const { page, errors } = await openPage('/?mode=puzzle&n=8', { viewport: { width, height: 844 } });
    try {
      const before = await places(page, '#puzzle');
      const seeds = [];
      for (let i = 0; i < 2; i++) {
        // On a phone New puzzle scrolls the new board into view: the control stays put on the page, the page scrolls.
        const at = await spot(page, '#new-puzzle');
        assert.equal(await idAt(page, at.x, at.y), 'new-puzzle', `click ${i + 1} lands on New puzzle`);
        await page.mouse.click(at.x, at.y);
        await settled(page);
        await waitUntil(() => page.evaluate(() => new URLSearchParams(location.search).has('g')), { message: 'the puzzle in the link' });
        seeds.push(await page.textContent('[data-part="puzzle-caption"]'));
        assert.deepEqual(pinned(await places(page, '#puzzle'), 'new-puzzle'), pinned(before, 'new-puzzle'), `New puzzle and the controls above it stay put after click ${i + 1}`);
      }
      assert.notEqual(seeds[0], seeds[1], 'two clicks made two puzzles');

      const coach = await spot(page, '#puzzle-coach');
      const placed = await places(page, '#puzzle');
      const was = await page.isChecked('#puzzle-coach');
      for (const on of [!was, was]) {
        await page.mouse.click(coach.x, coach.y);
        assert.equal(await page.isChecked('#puzzle-coach'), on, `the click ${on ? 'ticks' : 'unticks'} the coach`);
        assert.deepEqual(pinned(await places(page, '#puzzle'), 'puzzle-coach'), pinned(placed, 'puzzle-coach'), `the checkbox and the controls above it stay put when the coach is turned ${on ? 'on' : 'off'} (Check keeps its place)`);
      }
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  });

  test(`at ${width} px, count mode and Many runs: Count and Run stay where they were clicked`, async () => {
    const { page, errors } = await openPage('/?mode=count&n=9', { viewport: { width, height: 844 } });
    try {
      const at = await spot(page, '#count-start');
      const before = await places(page, '#count-mode');
      for (let i = 0; i < 2; i++) {
        assert.equal(await idAt(page, at.x, at.y), 'count-start', `click ${i + 1} lands on Count`);
        const counted = await countResultOf(page, () => page.mouse.click(at.x, at.y), { timeout: 20_000 });
        assert.equal(counted.state, 'done', 'the count');
        assert.match(counted.text, /352 solutions/, 'N = 9 has 352 solutions (A000170)');
        const after = await places(page, '#count-mode');
        assert.equal(after['count-start'], before['count-start'], `Count stays put after count ${i + 1}`);
      }

      await page.goto(new URL('/?mode=runs', page.url()).href);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      const run = await spot(page, '#runs-add');
      const first = (await places(page, '#runs'))['runs-add'];
      await page.mouse.click(run.x, run.y);
      await waitUntil(async () => (await page.locator('#runs-cancel').isDisabled()), { timeout: 60_000, message: 'the runs to end' });
      assert.equal((await places(page, '#runs'))['runs-add'], first, 'Run stays put after its curve is drawn');
      assert.equal(await idAt(page, run.x, run.y), 'runs-add', 'a second click at the spot lands on Run again');
      assertNoErrors(errors.filter((e) => !/^requestfailed: .*net::ERR_ABORTED/.test(e)));
    } finally {
      await page.close();
    }
  });
}
