// The page in a lesson's iframe (?embed=1, www/shell/embed.js): in a 640×480 frame
// the board and its controls show without scrolling and without the header,
// tabs or footer; panels= adds the panels named and says which names it does
// not know; "Open full page" links to the same state without embed; "Copy
// embed code" gives an iframe of the page as it stands; axe finds nothing.
// Screenshots: test-results/screenshots/embed-*.png.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { assertNoErrors, closeHarness, openPage, screenshot, waitUntil } from './helpers.mjs';

after(closeHarness);

const FRAME = { width: 640, height: 480 };
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Where the page stands in the frame: its scroll size and what is on screen. */
const layout = (page, selectors) => page.evaluate((selectors) => {
  const seen = (selector) => {
    const el = document.querySelector(selector);
    if (!el || !el.checkVisibility()) return { shown: false, inView: false };
    const r = el.getBoundingClientRect();
    return { shown: r.width > 0 && r.height > 0, inView: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth };
  };
  return {
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    embed: document.body.dataset.embed ?? null,
    ...Object.fromEntries(selectors.map((s) => [s, seen(s)])),
  };
}, selectors);

/** The link's parameters as a sorted list of pairs, for comparing two links. */
const paramsOf = (href) => [...new URL(href).searchParams].sort(([a], [b]) => a.localeCompare(b));

const CHROME = ['.site-header', 'nav.views', '.site-footer', '#count-mode', '#solve-big'];
const PANELS = {
  counters: 'section[aria-labelledby="counters-heading"]',
  tree: '[data-part="tree-panel"]',
  registers: 'section[aria-labelledby="registers-heading"]',
  algorithm: 'section[aria-labelledby="algorithm-heading"]',
  gallery: 'section[aria-labelledby="gallery-heading"]',
};

/** Steps shown by the page's counter, and the session's own step. */
const steps = (page) => page.evaluate(() => [document.getElementById('steps').textContent, window.nqueens.session.stepIndex]);

/** Opens `link` in a page of its own, waits for the visualizer at `step`, and returns its layout of `selectors`. */
async function openedAt(link, step, { viewport = undefined, selectors = [] } = {}) {
  const { page, errors } = await openPage(link, viewport ? { viewport } : {});
  try {
    await waitUntil(async () => (await steps(page))[1] === step, { message: `step ${step} at ${link}`, timeout: 10_000 });
    const seen = await layout(page, selectors);
    assertNoErrors(errors);
    return seen;
  } finally {
    await page.close();
  }
}

test('?embed=1 at 640×480: the board and its controls fit without scrolling, no header, tabs or footer', async () => {
  const link = '/?embed=1&algo=bitwise&n=8&step=100';
  const { page, errors } = await openPage(link, { viewport: FRAME });
  try {
    await waitUntil(async () => (await steps(page))[1] === 100, { message: 'step 100', timeout: 10_000 });
    const seen = await layout(page, ['#board', '#play', '#step', '#reset', '#run-to-end', '#message', '#embed-bar a', ...CHROME, ...Object.values(PANELS)]);
    assert.equal(seen.embed, 'visualizer');
    assert.ok(seen.scrollHeight <= FRAME.height, `no vertical scrolling (scrollHeight ${seen.scrollHeight})`);
    assert.ok(seen.scrollWidth <= FRAME.width, `no horizontal scrolling (scrollWidth ${seen.scrollWidth})`);
    for (const s of ['#board', '#play', '#step', '#reset', '#run-to-end', '#message', '#embed-bar a']) assert.ok(seen[s].inView, `${s} is in the frame`);
    for (const s of CHROME) assert.equal(seen[s].shown, false, `${s} is not shown`);
    for (const s of Object.values(PANELS)) assert.equal(seen[s].shown, false, `${s} is not asked for, so not shown`);
    const board = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().width);
    assert.ok(board >= 280, `the board is big enough to read (${board}px)`);
    assert.deepEqual(await steps(page), ['100', 100], 'the link\'s step is where the board stands');

    // "Open full page": the same state, in a new tab, without embed (the
    // link follows the page at once when it is about to be used).
    await page.focus('#embed-bar a');
    const full = await page.$eval('#embed-bar a', (a) => ({ href: a.href, target: a.target, text: a.textContent }));
    assert.equal(full.target, '_blank');
    assert.match(full.text, /Open full page/);
    const asked = new URL(link, 'http://x/').searchParams;
    asked.delete('embed');
    assert.deepEqual(paramsOf(full.href), [...asked].sort(([a], [b]) => a.localeCompare(b)));

    // The controls work in the frame, and the link follows the page.
    await page.click('#step');
    await waitUntil(async () => (await steps(page))[1] === 101, { message: 'one more step' });
    await page.focus('#embed-bar a');
    assert.equal(new URL(await page.getAttribute('#embed-bar a', 'href'), page.url()).searchParams.get('step'), '101');
    assert.equal(new URL(page.url()).searchParams.get('embed'), '1', 'the address keeps embed=1');
    await screenshot(page, 'embed-visualizer-640x480', { fullPage: false });

    // The full page at that link is the full page, at that step.
    const href = new URL(await page.getAttribute('#embed-bar a', 'href'), page.url());
    const whole = await openedAt(href.pathname + href.search, 101, { selectors: ['.site-header', 'nav.views'] });
    assert.equal(whole.embed, null);
    assert.ok(whole['.site-header'].shown && whole['nav.views'].shown, 'the full page has its header and tabs');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('&panels=tree,counters shows those two beside the board, still within the frame; unknown names get a sentence', async () => {
  const { page, errors } = await openPage('/?embed=1&algo=bitwise&n=8&step=100&panels=tree,counters', { viewport: FRAME });
  try {
    await waitUntil(async () => (await steps(page))[1] === 100, { message: 'step 100', timeout: 10_000 });
    const seen = await layout(page, ['#board', '#play', ...Object.values(PANELS)]);
    assert.ok(seen.scrollHeight <= FRAME.height, `no scrolling (scrollHeight ${seen.scrollHeight})`);
    assert.ok(seen['#board'].inView && seen['#play'].inView);
    assert.ok(seen[PANELS.counters].shown && seen[PANELS.tree].shown, 'counters and tree are shown');
    for (const name of ['registers', 'algorithm', 'gallery']) assert.equal(seen[PANELS[name]].shown, false, `${name} is not`);
    // The counters panel is on screen, beside the board: its steps can be read.
    const counters = await page.$eval('#steps', (el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; });
    assert.ok(counters, 'the step counter is in the frame');
    const full = await page.getAttribute('#embed-bar a', 'href');
    const params = new URL(full, page.url()).searchParams;
    assert.equal(params.has('panels') || params.has('embed'), false, 'the full page link has neither embed nor panels');
    assert.equal(await page.$eval('#error', (el) => el.hidden), true, 'no problem to report');
    await screenshot(page, 'embed-panels-640x480', { fullPage: false });
    assertNoErrors(errors);
  } finally {
    await page.close();
  }

  const bad = await openPage('/?embed=1&algo=bitwise&n=8&panels=tree,<b>x</b>,Counters,nope', { viewport: FRAME });
  try {
    const text = await bad.page.textContent('#error');
    assert.match(text, /“<b>x<\/b>”, “nope”/, 'the unknown names, as text');
    assert.match(text, /counters, tree, conflicts, registers, algorithm, gallery/, 'and the names there are');
    const seen = await layout(bad.page, ['#board', '#play', PANELS.tree, PANELS.counters]);
    assert.ok(seen[PANELS.tree].shown && seen[PANELS.counters].shown, 'the known names still count (any case)');
    assert.ok(seen.scrollHeight <= FRAME.height, `no scrolling with the sentence shown (scrollHeight ${seen.scrollHeight})`);
    assert.ok(seen['#play'].inView);
    assertNoErrors(bad.errors);
  } finally {
    await bad.page.close();
  }
});

test('a malformed embed= or panels= without embed is a sentence, and the full page shows', async () => {
  for (const [link, said] of [['/?algo=bitwise&n=8&embed=maybe', /embed=maybe is not 1 or 0/], ['/?algo=bitwise&n=8&panels=tree', /panels=, which only an embedded page \(embed=1\) uses/]]) {
    const { page, errors } = await openPage(link, { viewport: FRAME });
    try {
      assert.match(await page.textContent('#error'), said);
      const seen = await layout(page, ['.site-header', '#board']);
      assert.equal(seen.embed, null);
      assert.ok(seen['.site-header'].shown && seen['#board'].shown, `${link}: the full page`);
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
});

test('puzzle, race and Many runs embedded: their board and controls fit the frame', async () => {
  const cases = [
    ['/?mode=puzzle&n=6&embed=1&panels=new', ['#puzzle-board', '#puzzle-hint', '#new-puzzle'], 'puzzle'],
    ['/?mode=race&n=6&lanes=backtracking,bitwise&clock=checks&embed=1', ['#race-play', '#race-run-to-end', '#race .lane-board'], 'race'],
    ['/?mode=runs&embed=1', ['#runs-add', '#runs-n'], 'runs'],
  ];
  for (const [link, inView, mode] of cases) {
    const { page, errors } = await openPage(link, { viewport: FRAME });
    try {
      const seen = await layout(page, [...inView, ...CHROME]);
      assert.equal(seen.embed, mode);
      assert.ok(seen.scrollHeight <= FRAME.height, `${mode}: no scrolling (scrollHeight ${seen.scrollHeight})`);
      for (const s of inView) assert.ok(seen[s].inView, `${mode}: ${s} is in the frame`);
      for (const s of CHROME) assert.equal(seen[s].shown, false, `${mode}: ${s} is not shown`);
      const full = new URL(await page.getAttribute('#embed-bar a', 'href'), page.url());
      assert.equal(full.searchParams.get('mode'), mode);
      assert.equal(full.searchParams.has('embed'), false);
      await screenshot(page, `embed-${mode}-640x480`, { fullPage: false });
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
});

test('a race lane opened in the visualizer stays embedded', async () => {
  const { page, errors } = await openPage('/?mode=race&n=6&lanes=backtracking,bitwise&clock=checks&embed=1', { viewport: FRAME });
  try {
    await page.click('#race .race-lane[data-lane="bitwise"] .lane-board');
    await waitUntil(() => page.evaluate(() => !document.getElementById('visualizer').hidden), { message: 'the visualizer' });
    await waitUntil(() => new URL(page.url()).searchParams.get('algo') === 'bitwise', { message: 'the visualizer\'s link' });
    assert.equal(new URL(page.url()).searchParams.get('embed'), '1');
    const seen = await layout(page, ['#board', '#play', '.site-header']);
    assert.ok(seen['#board'].inView && seen['#play'].inView && !seen['.site-header'].shown);
    assert.ok(seen.scrollHeight <= FRAME.height);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('"Copy embed code" gives an iframe of the page as it stands, which opens embedded', async () => {
  const { page, errors, context } = await openPage('/?algo=backtracking&n=6');
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#step');
    await page.click('#step');
    await page.click('#copy-embed'); // at once: the address bar may not have followed yet
    assert.equal(await page.$eval('#embed-code', (d) => d.open), true, 'the dialog shows the code');
    const code = await page.inputValue('#embed-code-text');
    const frame = await page.evaluate((code) => {
      const doc = new DOMParser().parseFromString(code, 'text/html');
      const f = doc.querySelector('iframe');
      return f && { src: f.getAttribute('src'), width: f.getAttribute('width'), height: f.getAttribute('height'), title: f.getAttribute('title'), loading: f.getAttribute('loading'), count: doc.body.children.length };
    }, code);
    assert.ok(frame, `an iframe: ${code}`);
    assert.equal(frame.count, 1);
    assert.deepEqual([frame.width, frame.height, frame.loading], ['640', '480', 'lazy']);
    assert.match(frame.title, /Backtracking.*6×6/);
    const src = new URL(frame.src);
    assert.equal(src.origin + src.pathname, new URL(page.url()).origin + new URL(page.url()).pathname, 'the page\'s real address');
    assert.deepEqual(Object.fromEntries(src.searchParams), { algo: 'backtracking', n: '6', step: '2', embed: '1' });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code, 'and it is on the clipboard');
    assert.match(await page.textContent('#embed-code [data-part="embed-status"]'), /Copied/);
    await page.keyboard.press('Escape');

    assert.equal((await openedAt(src.pathname + src.search, 2, { viewport: FRAME })).embed, 'visualizer', 'the code opens embedded');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('axe-core finds no violations in the embedded page, light or dark', async () => {
  const { page, errors } = await openPage('/?embed=1&algo=bitwise&n=8&step=40&panels=tree,counters', { viewport: FRAME });
  try {
    await page.addScriptTag({ path: AXE });
    const found = [];
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
      found.push(...violations.map((v) => `${scheme}: ${v}`));
    }
    assert.deepEqual(found, []);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
