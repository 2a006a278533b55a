// Presentation mode (?present=1, the header's Present button): at 1920×1080
// every tab's text is measured (each element's computed font size, 24 px or
// more), every chart's text (the size its canvas says it drew, 18 px or more),
// the visualizer's board, pseudocode, registers and step sentence on the first
// screen with no scrolling, axe at zero in light and dark, and an embed asking
// for it too.
// test group: slow (scripts/test.sh): a sweep: every tab at 1920×1080, light and dark, axe included.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, assertNoErrors, closeHarness, waitUntil, screenshot, schemeShown } from './helpers.mjs';

after(closeHarness);

const PROJECTOR = { width: 1920, height: 1080 };
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Every shown element with text of its own whose computed font size is under `least` px, described. */
function smallText(page, least) {
  return page.evaluate((least) => {
    const small = [];
    for (const node of document.querySelectorAll('body *')) {
      if (node.closest('svg, canvas, [hidden], dialog:not([open])')) continue;
      const own = [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent.trim());
      if (!own || !node.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      const rect = node.getBoundingClientRect();
      if (rect.width <= 1 && rect.height <= 1) continue; // text for screen readers only
      const px = parseFloat(getComputedStyle(node).fontSize);
      if (px < least) small.push(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${node.className || ''} "${node.textContent.trim().slice(0, 30)}" ${px}px`);
    }
    return small;
  }, least);
}

/** The visible canvases that drew text, with the size they drew it at (data-font-px). */
const chartFonts = (page) => page.evaluate(() => [...document.querySelectorAll('canvas[data-font-px]')]
  .filter((canvas) => canvas.checkVisibility())
  .map((canvas) => ({ id: canvas.id, px: Number(canvas.dataset.fontPx) })));

/** axe's violations in light and dark, as lines. */
async function axeLines(page, view) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const lines = [];
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    await schemeShown(page, colorScheme);
    const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] }))
      .violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
    lines.push(...found.map((line) => `${view} [${colorScheme}] ${line}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return lines;
}

/** Each tab, with what to do there first so that its charts have drawn. */
const TABS = [
  ['visualizer', '/?present=1&algo=backtracking&n=8&step=20', async () => {}],
  ['visualizer, a search for one solution', '/?present=1&algo=min-conflicts&n=8&seed=3&step=12', async (page) => {
    await page.waitForSelector('#conflicts-canvas[data-font-px]');
  }],
  ['puzzle', '/?mode=puzzle&present=1', async () => {}],
  ['race', '/?mode=race&present=1&n=8&at=2000', async (page) => {
    await waitUntil(() => page.evaluate(() => document.getElementById('race-going').hidden), { timeout: 20_000, message: 'the race to get there' });
    await page.waitForSelector('#race-chart[data-font-px]');
  }],
  ['code', '/?mode=code&present=1&n=5', async (page) => {
    await page.waitForSelector('#code .cm-editor');
  }],
  ['runs', '/?mode=runs&present=1', async (page) => {
    await page.waitForSelector('#runs-chart[data-font-px]', { timeout: 30_000 });
  }],
  ['count', '/?mode=count&present=1', async () => {}],
  ['learn', '/?mode=learn&present=1&chapter=1', async (page) => {
    await page.waitForSelector('#learn [data-chapter]:not([hidden]) [data-exercise]');
  }],
];

test('presentation mode at 1920×1080: text 24 px or more on every tab, chart text 18 px or more, axe at zero', async () => {
  const problems = [];
  for (const [view, path, prepare] of TABS) {
    const { page, errors } = await openPage(path, { viewport: PROJECTOR });
    try {
      await prepare(page);
      assert.ok(await page.evaluate(() => document.documentElement.hasAttribute('data-present')), `${view}: presentation mode is on`);
      problems.push(...(await smallText(page, 24)).map((line) => `${view}: ${line}`));
      for (const { id, px } of await chartFonts(page)) if (!(px >= 18)) problems.push(`${view}: chart #${id} draws its text at ${px}px`);
      problems.push(...(await axeLines(page, view)));
      await screenshot(page, `present-${view}`, { fullPage: false });
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
  assert.deepEqual(problems, [], `presentation mode:\n  ${problems.join('\n  ')}`);
});

test('presentation mode: the charts say the size of their text, and it is larger than without', async () => {
  for (const [path, selector] of [['/?algo=min-conflicts&n=8&seed=3&step=12', '#conflicts-canvas'], ['/?mode=race&n=8&at=2000', '#race-chart']]) {
    const sizes = [];
    for (const present of ['0', '1']) {
      const { page } = await openPage(`${path}&present=${present}`, { viewport: PROJECTOR });
      await page.waitForSelector(`${selector}[data-font-px]`, { timeout: 20_000 });
      sizes.push(Number(await page.getAttribute(selector, 'data-font-px')));
      await page.close();
    }
    assert.ok(sizes[0] < 18 && sizes[1] >= 18, `${selector}: ${sizes[0]}px plain, ${sizes[1]}px presenting`);
  }
});

test('presentation mode: the board, the pseudocode, the registers and the step sentence on one 1920×1080 screen', async () => {
  for (const algo of ['backtracking', 'bitwise', 'brute-force', 'min-conflicts']) {
    const { page, errors } = await openPage(`/?present=1&algo=${algo}&n=8&step=30`, { viewport: PROJECTOR });
    // The registers' values (the panel's first part; its notes and worked sums may follow below).
    const boxes = await page.evaluate(() => Object.fromEntries(['#board', '#pseudocode', '#registers > :first-child', '#message'].map((id) => {
      const r = document.querySelector(id).getBoundingClientRect();
      return [id, { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width }];
    })));
    const scrolled = await page.evaluate(() => [window.scrollY, document.querySelector('#visualizer .stage').scrollTop, document.documentElement.scrollWidth]);
    assert.deepEqual(scrolled, [0, 0, PROJECTOR.width], `${algo}: nothing scrolled, nothing wider than the screen`);
    for (const [id, box] of Object.entries(boxes)) {
      assert.ok(box.top >= 0 && box.bottom <= PROJECTOR.height && box.left >= 0 && box.right <= PROJECTOR.width, `${algo}: ${id} lies inside the screen (${JSON.stringify(box)})`);
    }
    // As large as fits: the board takes most of the height the header and controls leave.
    assert.ok(boxes['#board'].width >= 500, `${algo}: the board is ${boxes['#board'].width}px wide`);
    assertNoErrors(errors);
    await page.close();
  }
});

test('the Present button turns presentation mode on and off, and links keep it', async () => {
  const { page, errors } = await openPage('/?algo=bitwise&n=6', { viewport: PROJECTOR });
  const status = () => page.evaluate(() => parseFloat(getComputedStyle(document.getElementById('message')).fontSize));
  assert.ok((await status()) < 24);
  await page.click('[data-part="present-toggle"]');
  assert.equal(await page.getAttribute('[data-part="present-toggle"]', 'aria-pressed'), 'true');
  assert.ok((await status()) >= 24);
  assert.equal(new URL(page.url()).searchParams.get('present'), '1');
  // A mode writing its own link keeps present=1.
  await page.keyboard.press('ArrowRight');
  await waitUntil(async () => new URL(page.url()).searchParams.get('step') === '1' && new URL(page.url()).searchParams.get('present') === '1', { message: 'the link to keep present=1 with the step' });
  await page.click('[data-part="present-toggle"]');
  assert.ok((await status()) < 24);
  assert.equal(new URL(page.url()).searchParams.get('present'), null);
  assertNoErrors(errors);
  await page.close();
});

test('an embed may ask for presentation mode, and a malformed present= is a sentence', async () => {
  const { page, errors } = await openPage('/?embed=1&present=1&panels=counters', { viewport: PROJECTOR });
  assert.ok(await page.evaluate(() => document.documentElement.hasAttribute('data-present') && document.body.dataset.embed === 'visualizer'));
  assert.deepEqual(await smallText(page, 24), []);
  assert.deepEqual(await axeLines(page, 'embed'), []);
  assertNoErrors(errors);
  await page.close();
  const bad = await openPage('/?present=big');
  assert.match(await bad.page.textContent('#error'), /present=big is not 1 or 0/);
  assert.equal(await bad.page.evaluate(() => document.documentElement.hasAttribute('data-present')), false);
  await bad.page.close();
});
