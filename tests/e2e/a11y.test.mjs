// Accessibility: axe-core (an npm dev dependency) injected into the page, run on
// every view of the page in light and dark, must find nothing.
// test group: slow (scripts/test.sh): a sweep: axe on every view, light and dark.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, assertNoErrors, closeHarness, schemeShown, waitUntil } from './helpers.mjs';

after(closeHarness);

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const session = (page, expression) => page.evaluate(`(() => { const s = window.nqueens.session; return ${expression}; })()`);
const idle = (page) => waitUntil(
  () => page.evaluate(() => document.getElementById('play').getAttribute('aria-pressed') !== 'true'),
  { timeout: 20_000, message: 'the page to stop running' },
);

/** axe's violations on the page as it is now, in both colour schemes, as readable lines. */
async function violations(page, view) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const lines = [];
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    await schemeShown(page, colorScheme);
    const found = await page.evaluate(async () => {
      const result = await window.axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : ''}`);
    });
    lines.push(...found.map((line) => `${view} [${colorScheme}] ${line}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return lines;
}

/** Each view: a path, and what to do there before axe looks. */
const VIEWS = [
  ['start', '/', async () => {}],
  ['backtracking, 12 steps', '/?algo=backtracking&n=8&step=12', async () => {}],
  ['brute force, a rejected board', '/?algo=brute-force&n=6&step=40', async () => {}],
  ['permutations with a swap', '/?algo=permutations&n=6&step=30', async () => {}],
  ['bitboard scan', '/?algo=bitboard-scan&n=8&step=50', async () => {}],
  ['bitwise N=20 registers', '/?algo=bitwise&n=20&step=300', async () => {}],
  ['a warning from the link', '/?n=99', async () => {}],
  // The searches for one solution: seed field, conflicts chart, counts registers.
  ['min-conflicts mid-run', '/?algo=min-conflicts&n=8&seed=3&step=12', async () => {}],
  ['min-conflicts N=200 solved', '/?algo=min-conflicts&n=200&seed=3', async (page) => {
    await page.click('#run-to-end');
    await waitUntil(() => session(page, 's.done'), { message: 'the solution' });
    await idle(page);
    await page.click('details.legend summary');
  }],
  ['gallery at N=6', '/?algo=bitwise&n=6', async (page) => {
    await page.click('#run-to-end');
    await waitUntil(() => session(page, 's.done'), { message: 'the end' });
    await idle(page);
    await page.click('#gallery button >> nth=1');
    await page.click('details.legend summary');
    await page.click('.gallery-group');
  }],
  ['the list of shortcuts', '/', async (page) => {
    await page.keyboard.press('?');
    await page.waitForSelector('#keys[open]');
  }],
  ['count mode done', '/?mode=count', async (page) => {
    await page.fill('#count-n', '9');
    await page.click('#count-start');
    await waitUntil(() => page.evaluate(() => document.getElementById('count-result').dataset.state === 'done'), { message: 'the count' });
  }],
  ['race mode mid-race', '/?mode=race&n=8&at=2000', async (page) => {
    await waitUntil(() => page.evaluate(() => document.getElementById('race-going').hidden), { message: 'the race to get there' });
  }],
  ['race mode, results and a lane that cannot run', '/?mode=race&n=10&lanes=bitwise,backtracking,brute-force', async (page) => {
    await page.click('#race-run-to-end');
    await waitUntil(() => page.evaluate(() => !/timing…/.test(document.getElementById('race-results').textContent) && document.getElementById('race').dataset.ended === 'true'), { timeout: 20_000, message: 'the race to end' });
    await page.keyboard.press('?');
    await page.waitForSelector('#race-keys[open]');
  }],
  ['going to a far step', '/?algo=permutations&n=12&step=470000000', async (page) => {
    await waitUntil(() => page.locator('#going').isVisible(), { message: 'the progress box' });
  }],
  ['your search, run and checked', '/?mode=code&n=5', async (page) => {
    await page.waitForSelector('#code .cm-editor');
    await page.click('#code [data-part=grade]');
    await page.waitForSelector('#code[data-verdict]', { timeout: 30_000 });
    await page.click('#code [data-part=home]');
    await page.click('#code [data-part=step-forward]');
    await page.click('#code details.code-contract summary');
  }],
  // The Learn tab: every chapter, its live view and its question after Check.
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((k) => [`learn, chapter ${k}, checked`, `/?mode=learn&chapter=${k}`, async (/** @type {any} */ page) => {
    await page.waitForSelector('#learn [data-chapter]:not([hidden]) [data-exercise]');
    if (k === 6) {
      await page.click('#learn [data-part="run-to-end"]');
      await waitUntil(() => page.evaluate(() => document.querySelector('#learn [data-part="live"]').dataset.done === 'true'), { message: 'the end' });
      await page.click('#learn .gallery-group');
    }
    await page.click('#learn [data-exercise] [data-part="check"]');
  }]),
];

test('axe-core finds no violations on any view, light or dark', async () => {
  const all = [];
  for (const [view, path, prepare] of VIEWS) {
    const { page, errors } = await openPage(path);
    try {
      await prepare(page);
      all.push(...(await violations(page, view)));
      assertNoErrors(errors);
    } finally {
      await page.close();
    }
  }
  assert.deepEqual(all, [], `axe found:\n  ${all.join('\n  ')}`);
});
