// The visualizer's controls and words: controls that moved under
// the pointer, a race wider than the window, Esc that did not stop a run to
// the end, Solve big's N out of its search's range, "resumed" on a fresh
// count, and rows numbered two ways. Each measured on the page (positions
// by boundingBox, counters by their data-value), never taken on trust.
// test group: slow (scripts/test.sh): every algorithm at two widths, one check each.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, browser, closeHarness, coreAlgorithms, url, waitUntil, pageIdle, counter } from './helpers.mjs';
import { reading } from './race-hooks.mjs';

after(closeHarness);

const ALGORITHMS = await coreAlgorithms();
/**
 * Opens `path` in the same page and waits for the page to be ready. Requests
 * the old document still had running (its icon, a worker's wasm) are aborted
 * by the navigation itself: they are no error of the page, and leave `errors`.
 */
async function go(page, errors, path) {
  await page.goto(new URL(path, page.url()).href);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  errors.splice(0, errors.length, ...errors.filter((e) => !/^requestfailed: .*net::ERR_ABORTED/.test(e)));
}

/** An element's box, rounded to a tenth of a pixel. */
const box = async (page, selector) => {
  const b = await page.locator(selector).boundingBox();
  assert.ok(b, `${selector} is laid out`);
  return Object.fromEntries(Object.entries(b).map(([k, v]) => [k, Math.round(v * 10) / 10]));
};

for (const width of [1280, 390]) {
  test(`at ${width} px, clicks at one spot on Step are one step each, and neither Step nor the timeline moves (every algorithm)`, async () => {
    const { page, errors } = await openPage('/?algo=backtracking&n=6', { viewport: { width, height: 844 } });
    try {
      for (const a of ALGORITHMS) {
        const n = a.goal === 'all' ? Math.min(6, a.maxN) : 40;
        await go(page, errors, `?algo=${a.id}&n=${n}&seed=3`);
        await page.locator('#step').scrollIntoViewIfNeeded();
        const first = await box(page, '#step');
        const at = { x: first.x + first.width / 2, y: first.y + first.height / 2 };
        const heights = new Set();
        /** @type {object|null} where the timeline is once there are steps to scrub (the "Ready" sentence before them may be longer) */
        let timeline = null;
        for (let i = 1; i <= 12; i++) {
          if (await page.locator('#step').isDisabled()) break;
          await page.mouse.click(at.x, at.y);
          assert.equal(await counter(page, 'steps'), i, `${a.id}: click ${i} on Step is step ${i}`);
          assert.deepEqual(await box(page, '#step'), first, `${a.id}: Step stays put after click ${i}`);
          timeline ??= await box(page, '#timeline');
          assert.deepEqual(await box(page, '#timeline'), timeline, `${a.id}: the timeline stays put after click ${i}`);
          heights.add((await box(page, '#message')).height);
        }
        assert.equal(heights.size, 1, `${a.id}: the sentence keeps its height (${[...heights]})`);
        assert.equal(await page.evaluate(() => document.getElementById('play').getAttribute('aria-pressed')), 'false', `${a.id}: nothing runs`);
      }
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  });
}

test('race mode: clicks at one spot on Step each move the clock on, and the playback row stays put', async () => {
  for (const width of [1280, 390]) {
    const { page, errors } = await openPage('/?mode=race&n=6', { viewport: { width, height: 844 } });
    try {
      await page.waitForSelector('#race-step:not([disabled])');
      await page.locator('#race-step').scrollIntoViewIfNeeded();
      const first = await box(page, '#race-step');
      const lanes = await box(page, '#race .race-lanes');
      const at = { x: first.x + first.width / 2, y: first.y + first.height / 2 };
      let last = await reading(page);
      for (let i = 1; i <= 8; i++) {
        await page.mouse.click(at.x, at.y);
        const now = await reading(page);
        assert.ok(now > last, `${width} px: click ${i} moves the clock on (${last} → ${now})`);
        last = now;
        assert.deepEqual(await box(page, '#race-step'), first, `${width} px: Step stays put after click ${i}`);
        assert.equal((await box(page, '#race .race-lanes')).y, lanes.y, `${width} px: the lanes stay put after click ${i}`);
      }
      assert.equal(await page.getAttribute('#race-play', 'aria-pressed'), 'false');
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
});

test('eleven lanes at 1,280 px: no sideways scroll, names, ranks and links whole; on a phone the results table fits too', async () => {
  for (const [goal, width] of [['one', 1280], ['one', 390], ['all', 390]]) {
    const ids = ALGORITHMS.filter((a) => goal === 'one' || a.goal === 'all').map((a) => a.id);
    const { page, errors } = await openPage(`/?mode=race&goal=${goal}&n=${goal === 'one' ? 8 : 6}&lanes=${ids.join(',')}`, { viewport: { width, height: 800 } });
    try {
      await page.click('#race-run-to-end');
      await waitUntil(() => page.evaluate(() => document.getElementById('race').dataset.ended === 'true'), { timeout: 60_000, message: 'the race to end' });
      await waitUntil(() => page.evaluate(() => !/timing…/.test(document.getElementById('race-results').textContent)), { timeout: 60_000, message: 'the timings' });
      // The every-solution race times brute force board by board too: its note is the widest.
      if (goal === 'all') await waitUntil(() => page.evaluate(() => /board by board/.test(document.getElementById('race-results').textContent)), { timeout: 30_000, message: 'the board-by-board time' });
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, `${width} px: the page is no wider than the window`);
      // Nothing in a lane or the table is cut: no box ends past the window, no text overflows its box.
      const cut = await page.evaluate(() => [...document.querySelectorAll('#race .race-lane *, #race-results *')]
        .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5 || e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${e.className}: ${e.textContent.slice(0, 40)}`));
      assert.deepEqual(cut, [], `${width} px: cut`);
      const marks = await page.$$eval('#race .lane-mark', (els) => els.map((e) => e.textContent));
      assert.equal(marks.length, ids.length);
      for (const mark of marks) assert.match(mark, /^✓ \d+(st|nd|rd|th) · /, 'each lane shows its place');
    } finally {
      await page.close();
    }
    assertNoErrors(errors);
  }
});

test('a race on the wall clock where many lanes end in one tick says "all", listed as prose, never "A and B and C both"', async () => {
  const ids = ALGORITHMS.map((a) => a.id);
  const { page, errors } = await openPage(`/?mode=race&goal=one&n=5&clock=wall&lanes=${ids.join(',')}`);
  try {
    await page.keyboard.press('End');
    await waitUntil(() => page.evaluate(() => document.getElementById('race').dataset.ended === 'true'), { timeout: 60_000, message: 'the race to end' });
    const over = await page.textContent('#race-message');
    assert.doesNotMatch(over, / and [^;.:]* and [^;.:]* ended/, over);
    const ties = [...over.matchAll(/([^:;]+?) (both|all \w+) ended within tick/g)];
    assert.ok(ties.length > 0, `some lanes tie in a tick: ${over}`);
    for (const [, list, word] of ties) {
      const count = list.split(/, | and /).length;
      assert.equal(word === 'both', count === 2, `"${word}" for ${count} lanes: ${list}`);
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Esc stops Run to end; a run to the end of hours stops first and says how long at the current rate, and goes on when asked again', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=10');
  try {
    const active = () => page.evaluate(() => document.getElementById('run-to-end').classList.contains('active'));
    // A short search: Esc stops it on the way.
    await go(page, errors, '?algo=backtracking&n=15');
    await page.click('#run-to-end');
    await waitUntil(async () => (await counter(page, 'steps')) > 1000, { message: 'the run to move' });
    assert.equal(await active(), true);
    await page.keyboard.press('Escape');
    assert.equal(await active(), false, 'Esc stops the run');
    const stopped = await counter(page, 'steps');
    assert.equal(await page.evaluate(() => window.nqueens.session.done), false, `stopped short of the end (${stopped})`);
    await pageIdle(page); // a frame drawn since: a run still going would have stepped in it
    assert.equal(await counter(page, 'steps'), stopped, 'and nothing runs on');
    assert.match(await page.textContent('#message'), /Stopped at step [\d,]+ on the way to the end of the search/);

    // Backtracking at N = 20 would take hours: it stops by itself and says how long.
    await go(page, errors, '?algo=backtracking&n=20');
    await page.click('#run-to-end');
    await waitUntil(async () => !(await active()), { timeout: 10_000, message: 'the long run to stop and warn' });
    const warning = await page.textContent('#message');
    const how = warning.match(/would take about ([\d,]+) (hour|day|year)s? at the current rate \(([\d,]+) queens placed a second/);
    assert.ok(how, warning);
    const atWarning = await counter(page, 'steps');
    assert.ok(atWarning > 0);
    await pageIdle(page); // a frame drawn since: a run still going would have stepped in it
    assert.equal(await counter(page, 'steps'), atWarning, 'nothing runs after the warning');
    // Asked again, it goes on; Esc stops it.
    await page.click('#run-to-end');
    // The first warning came once the run had made atWarning steps; going on
    // as far again gives a second warning every chance to come.
    await waitUntil(async () => (await counter(page, 'steps')) > 2 * atWarning + 1000 || !(await active()), { timeout: 30_000, message: 'the run to go on' });
    assert.equal(await active(), true, `no second warning: ${await page.textContent('#message')}`);
    await page.keyboard.press('Escape');
    assert.equal(await active(), false);

    // The estimate of a whole run's placements (Knuth's random descents) against a real run's count.
    await go(page, errors, '?algo=backtracking&n=10');
    await page.click('#run-to-end');
    await waitUntil(async () => (await counter(page, 'solutions')) === 724, { timeout: 20_000, message: 'the 724 solutions of N = 10' });
    const placements = await counter(page, 'placements');
    const estimate = await page.evaluate(async () => (await import('/www/components/player.js')).treePlacements(10));
    assert.ok(Math.abs(estimate / placements - 1) < 0.15, `the estimate ${estimate} is within 15% of the ${placements} placements`);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Solve big: N follows the chosen search\'s range at once; Many runs says the range of N', async () => {
  const { page, errors } = await openPage('/');
  try {
    await page.waitForSelector('#solve-big-solve:not([disabled])');
    const findMax = Object.fromEntries(ALGORITHMS.filter((a) => a.findMaxN > 0).map((a) => [a.id, a.findMaxN]));
    await page.selectOption('#solve-big-algorithm', 'queen-search');
    await page.fill('#solve-big-n', '1,000,000');
    await page.selectOption('#solve-big-algorithm', 'hill-climbing');
    const n = Number((await page.inputValue('#solve-big-n')).replaceAll(',', ''));
    assert.equal(n, findMax['hill-climbing'], 'N drops to hill climbing\'s largest at once, before Solve');
    assert.match(await page.textContent('#solve-big [data-part="n-label"]'), new RegExp(`–${findMax['hill-climbing'].toLocaleString('en-US')}\\)`));
    assert.match(await page.textContent('#solve-big [data-part="status"]'), /N is now 1,000: Hill climbing solves boards from 4 to 1,000 queens/);
    // Within the range, N is left alone.
    await page.fill('#solve-big-n', '500');
    await page.selectOption('#solve-big-algorithm', 'min-conflicts');
    assert.equal(await page.inputValue('#solve-big-n'), '500');

    await page.click('#tab-runs');
    await page.waitForSelector('#runs-add:not([disabled])');
    await page.selectOption('#runs-algo', 'restarts');
    const restarts = ALGORITHMS.find((a) => a.id === 'restarts');
    assert.equal((await page.textContent('#runs label:has(#runs-n) .field-label')).trim(), `Board size N (${restarts.minN}–${restarts.maxN.toLocaleString('en-US')})`);
    await page.fill('#runs-n', String(restarts.maxN + 1));
    await page.click('#runs-add');
    const said = await page.textContent('#runs-status');
    assert.match(said, new RegExp(`from ${restarts.minN}×${restarts.minN} to ${restarts.maxN.toLocaleString('en-US')}×`), said);
    assert.match(said, /is above that range/);
    assert.doesNotMatch(said, /not a whole number/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Count mode at N = 2 and 3 is a fresh count: no "resumed"', async () => {
  const { page, errors } = await openPage('/?mode=count');
  try {
    for (const n of [2, 3, 2]) {
      await page.fill('#count-n', String(n));
      await page.click('#count-start');
      // This N's count: the last one's result stays shown until the new one's panel comes.
      await page.waitForSelector(`#count-result[data-state="done"][data-n="${n}"]`, { state: 'attached', timeout: 20_000 });
      const r = await page.$eval('#count-result', (el) => ({ resumed: el.dataset.resumed ?? null, text: el.textContent }));
      assert.equal(r.resumed, null, `N = ${n}: ${r.text}`);
      assert.doesNotMatch(r.text, /resum/i, `N = ${n}`);
      assert.match(r.text, /\b0\b/, `N = ${n} has no solution`);
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the embed code\'s title names the board once: "8×8", not "8 × 8×8 × 8" (visualizer, puzzle, race)', async () => {
  const { page, errors, context } = await openPage('/?algo=bitwise&n=8');
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    for (const [tab, button] of [['visualizer', '#copy-embed'], ['puzzle', '#footer-copy-embed'], ['race', '#race-copy-embed']]) {
      await page.click(`#tab-${tab}`);
      await page.click(button);
      const code = await page.inputValue('#embed-code-text');
      const title = code.match(/title="([^"]*)"/)?.[1] ?? '';
      assert.equal(title.match(/\d+ ?× ?\d+/g)?.length, 1, `${tab}: one board size in "${title}"`);
      assert.match(title, /\b8×8\b/, `${tab}: "${title}"`);
      await page.keyboard.press('Escape');
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the symmetry marks under the gallery\'s boards have a legend; the construction is not called a local search', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=8');
  try {
    await page.click('#run-to-end');
    await waitUntil(async () => (await counter(page, 'solutions')) === 92, { timeout: 20_000, message: 'the 92 solutions' });
    await page.click('.gallery-group');
    const legend = page.locator('.gallery-marks');
    assert.equal(await legend.isVisible(), true, 'the legend shows');
    const explained = await legend.locator('.mini-sym').allTextContents();
    const shown = new Set((await page.locator('#gallery .mini-sym').allTextContents()).filter((t) => !/^class /.test(t)));
    assert.ok(shown.size >= 4, `marks under the boards: ${[...shown]}`);
    for (const mark of shown) assert.ok(explained.includes(mark), `"${mark}" is explained in the legend (${explained})`);
    for (const mark of ['⤡', '⇅', '⤢', '⇆']) assert.match(await legend.textContent(), new RegExp(`${mark} mirrored`));

    const note = async (algo) => {
      await go(page, errors, `?algo=${algo}&n=8`);
      return page.textContent('[data-part="conflicts-proof"]');
    };
    assert.doesNotMatch(await note('construction'), /local search/i);
    assert.doesNotMatch(await note('restarts'), /local search/i);
    assert.match(await note('min-conflicts'), /local search cannot prove/i);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('no words from inside the code where a learner reads: titles, descriptions, glossaries, notes (every algorithm)', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=6');
  const inside = /findOne|find_one|\bthe core\b|README|seed's own|seed's packed|\(restarts\)|the seed's program/i;
  try {
    for (const a of ALGORITHMS) {
      await go(page, errors, `?algo=${a.id}&n=${a.goal === 'all' ? Math.min(6, a.maxN) : 8}`);
      await page.click('#step');
      const text = await page.evaluate(() => {
        const root = document.getElementById('visualizer');
        const titles = [...document.querySelectorAll('#visualizer [title], #solve-big [title]')].map((e) => e.getAttribute('title'));
        return [root.innerText, document.getElementById('solve-big').innerText, document.getElementById('embed-code').textContent, ...titles].join('\n');
      });
      const hit = text.split('\n').find((line) => inside.test(line));
      assert.equal(hit, undefined, `${a.id}: "${hit}"`);
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the board-size pickers show their whole choice ("1000 × 1000"), with or without the seed beside them', async () => {
  for (const width of [1280, 390]) {
    const { page, errors } = await openPage('/?algo=min-conflicts&n=1000', { viewport: { width, height: 800 } });
    try {
      for (const path of ['?algo=min-conflicts&n=1000', '?algo=backtracking&n=20', '?mode=puzzle&n=20', '?mode=race&goal=one&n=1000']) {
        await go(page, errors, path);
        const fits = await page.evaluate(() => [...document.querySelectorAll('select')].filter((s) => s.offsetParent && s.selectedOptions[0]).map((s) => {
          const style = getComputedStyle(s);
          const ctx = document.createElement('canvas').getContext('2d');
          ctx.font = style.font;
          const text = ctx.measureText(s.selectedOptions[0].textContent).width;
          const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16; // the arrow
          return { id: s.id, text: s.selectedOptions[0].textContent, fits: text <= room, need: Math.ceil(text), room: Math.floor(room) };
        }));
        const cut = fits.filter((f) => !f.fits);
        assert.deepEqual(cut, [], `${width} px ${path}: cut pickers`);
      }
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
});

test('equal checks is not called fairest: each lane says what one of its checks is', async () => {
  const { page, errors } = await openPage(`/?mode=race&goal=one&n=8&clock=checks&lanes=${ALGORITHMS.map((a) => a.id).join(',')}`);
  try {
    assert.doesNotMatch(await page.textContent('#race-clock'), /fair/i);
    const says = Object.fromEntries(await page.$$eval('#race .race-lane', (els) => els.map((l) => [l.dataset.lane, l.querySelector('.lane-check')?.textContent ?? null])));
    for (const a of ALGORITHMS) assert.equal(says[a.id], a.checkIs, `${a.id} says what its check is`);
    assert.ok(new Set(Object.values(says)).size >= 5, 'and they differ');
    await page.selectOption('#race-clock', 'steps');
    assert.equal(await page.locator('#race .lane-check').count(), 0, 'on equal steps the lanes do not say it');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('one row numbering: the message\'s row and column are the registers\' row and the column bit (backtracking, bitwise, min-conflicts)', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=6');
  const session = (expr) => page.evaluate((expr) => new Function('s', `return ${expr}`)(window.nqueens.session), expr);
  try {
    for (const algo of ['backtracking', 'bitwise']) {
      await go(page, errors, `?algo=${algo}&n=6`);
      let placed = 0;
      for (let i = 0; i < 40 && placed < 4; i++) {
        await page.click('#step');
        const said = (await page.textContent('#message')).match(/^Placed a queen on row (\d+), column (\d+)/);
        if (!said) continue;
        placed++;
        const [row, col] = [Number(said[1]), Number(said[2])];
        const queens = await session('Array.from(s.queens())');
        assert.equal(queens[row - 1], col - 1, `${algo}: the board has the queen the message names`);
        const groups = await session('s.registers().map((r) => r.group)');
        const key = algo === 'backtracking' ? 'rows' : 'col';
        // Backtracking keeps the queen's bit in its row's register; bitwise ORs it into the next row's col.
        const group = algo === 'backtracking' ? `row ${row}` : `row ${row + 1}`;
        if (algo === 'bitwise' && row === 6) continue;
        assert.ok(groups.includes(group), `${algo}: a register row "${group}" for the message's row ${row} (${[...new Set(groups)]})`);
        const value = await session(`s.registers().find((r) => r.group === ${JSON.stringify(group)} && r.name === ${JSON.stringify(key)}).value`);
        assert.equal((value >> (col - 1)) & 1, 1, `${algo}: ${group}'s ${key} has bit ${col - 1}, the message's column ${col}`);
        // The table on the page shows the same name.
        assert.ok((await page.textContent('#registers')).includes(group), `${algo}: the panel names ${group}`);
      }
      assert.equal(placed, 4, `${algo}: four placements seen`);
      assert.match(await page.textContent('.bits-note'), /count from 1, as in the messages; bit positions count from 0/);
    }
    // A search for one solution: its attackers register names the message's row, its mark the column.
    await go(page, errors, '?algo=min-conflicts&n=8&seed=3');
    for (let i = 0; i < 5; i++) {
      await page.click('#step');
      const said = (await page.textContent('#message')).match(/row (\d+), column (\d+)/);
      const attackers = await session('s.registers().find((r) => r.name === "attackers")');
      assert.ok(said && attackers, 'a row in both');
      assert.equal(attackers.group, `row ${said[1]}`);
      assert.equal(attackers.highlight, Number(said[2]) - 1);
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('annealing shows its temperature T, cooling as its pseudocode says; min-conflicts\' description matches its counters; permutations marks as it says', async () => {
  const { page, errors } = await openPage('/?algo=annealing&n=8&seed=1');
  const session = (expr) => page.evaluate((expr) => new Function('s', `return ${expr}`)(window.nqueens.session), expr);
  try {
    // T: in the panel, 0.5 at the start, times 1 − 1/(4N²) a step.
    const t = () => page.evaluate(() => {
      const cell = [...document.querySelectorAll('#registers *')].find((e) => e.textContent.trim() === 'T' && e.nextElementSibling);
      return cell ? Number(cell.nextElementSibling.textContent) : null;
    });
    assert.equal(await t(), 0.5, 'T starts at 0.5');
    for (let i = 0; i < 5; i++) await page.click('#step');
    const restarts = await counter(page, 'restarts');
    assert.equal(restarts, 0);
    assert.equal(await t(), Number((0.5 * (1 - 1 / (4 * 64)) ** 5).toFixed(4)), 'T after five steps, read off the panel');
    assert.match(await page.textContent('#registers-heading + * + .glossary, [data-part="glossary"]'), /T\s*the temperature/);

    // Min-conflicts at N = 1,000: the checks the counters show are within what the description says.
    await go(page, errors, '?algo=min-conflicts&n=1000&seed=1');
    const description = await page.textContent('#description');
    const said = description.match(/some ([\d,]+) to ([\d,]+) checks/);
    assert.ok(said, description);
    assert.doesNotMatch(description, /N² \/ 2,000|findOne/);
    await page.click('#run-to-end');
    await waitUntil(async () => (await counter(page, 'conflicts')) === 0 && (await counter(page, 'steps')) > 1000, { timeout: 30_000, message: 'the solution' });
    const checks = await counter(page, 'checks');
    const [lo, hi] = [said[1], said[2]].map((x) => Number(x.replaceAll(',', '')));
    assert.ok(checks >= lo && checks <= hi, `${checks} checks within the description's ${lo}–${hi}`);

    // Permutations: after a rejected board, the queens marked on down/up are those before the clash.
    await go(page, errors, '?algo=permutations&n=6');
    assert.match(await page.textContent('#counters-heading ~ .definitions, [data-part="definitions"]'), /the one that clashes is not marked/);
    await page.click('#step');
    const msg = await page.textContent('#message');
    const clash = msg.match(/the queen on row (\d+), column \d+ is attacked/);
    assert.ok(clash, msg);
    const marked = await session('(() => { const r = s.registers(); const bits = (v) => v.toString(2).split("").filter((b) => b === "1").length; return bits(r.find((x) => x.name === "down").value); })()');
    assert.equal(marked, Number(clash[1]) - 1, 'every queen above the clashing one is marked, the clashing one not');
    const line = await page.textContent('#pseudocode .current, #pseudocode [aria-current]');
    assert.match(line, /reject/, 'the pseudocode stands on its reject line, before the marking');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('on a touch screen a tap on a tree node previews it, and a second tap goes there', async () => {
  const context = await (await browser()).newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  try {
    await page.goto(await url('/?algo=backtracking&n=8&step=3000'));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await waitUntil(() => page.evaluate(() => window.nqueens.session?.stepIndex === 3000), { message: 'step 3,000' });
    const canvas = page.locator('.tree-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const b = await canvas.boundingBox();
    // Depth 2, node (row 1 column 1, row 2 column 3): index 2 of 64 at depth 2.
    const at = { x: b.x + ((2 + 0.5) / 64) * b.width, y: b.y + 14 + 7 };
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForSelector('.tree-tip:not([hidden])');
    assert.equal(await page.evaluate(() => window.nqueens.session.stepIndex), 3000, 'the first tap stays at the step');
    const tip = await page.locator('.tree-tip').textContent();
    assert.match(tip, /rows 1–2: columns 1, 3; 262,144 boards.*Tap it again to go there/, tip);
    assert.equal(await page.locator('.tree-tip canvas').count(), 1, 'with the partial board drawn');
    await page.touchscreen.tap(at.x, at.y);
    await waitUntil(() => page.evaluate(() => window.nqueens.session.stepIndex !== 3000), { message: 'the second tap to seek' });
    const queens = await page.evaluate(() => Array.from(window.nqueens.session.queens()));
    assert.deepEqual(queens.slice(0, 2), [0, 2], 'the second tap goes to the node\'s board');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('at 1280×800 the board, its buttons and the step\'s sentence stay in view beside the tree, the pseudocode, the registers and the gallery', async () => {
  const { page, errors } = await openPage('/?algo=backtracking&n=8&step=3000', { viewport: { width: 1280, height: 800 } });
  try {
    const inView = (selector) => page.evaluate((selector) => {
      const r = document.querySelector(selector).getBoundingClientRect();
      return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1;
    }, selector);
    for (const panel of ['#tree-heading', '#pseudocode', '#registers-heading', '#gallery-heading']) {
      await page.evaluate((panel) => document.querySelector(panel).scrollIntoView({ block: 'center' }), panel);
      assert.ok(await page.evaluate(() => scrollY) > 100, `${panel}: the page scrolled`);
      for (const part of ['#board', '#step', '#run-to-end', '#message']) assert.equal(await inView(part), true, `${part} in view beside ${panel}`);
      assert.equal(await inView(panel), true, `${panel} in view`);
    }
    // And the buttons still work from there.
    const before = await counter(page, 'steps');
    await page.click('#step');
    assert.equal(await counter(page, 'steps'), before + 1);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
