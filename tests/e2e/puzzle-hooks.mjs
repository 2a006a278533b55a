// What the puzzle tests read of puzzle mode (tests/e2e/puzzle.test.mjs and
// puzzle-coach.test.mjs): #puzzle's hooks once the coach has answered, and a
// click on a square of the board.
import { createRequire } from 'node:module';
import { schemeShown, waitUntil } from './helpers.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A new address mid-load aborts the coach workers' loads of the page before: no error of the page. */
export const ABORTED = /^requestfailed: .*net::ERR_ABORTED/;

/** #puzzle's hooks once the coach has answered: { state, completions, reason, coach, search }. */
export async function settled(page) {
  await waitUntil(() => page.evaluate(() => document.getElementById('puzzle').dataset.busy === 'false'), { timeout: 10_000, message: 'the coach to answer' });
  return page.evaluate(() => {
    const p = document.getElementById('puzzle');
    return { state: p.dataset.state, completions: p.dataset.completions, reason: p.dataset.deadReason ?? null, coach: document.getElementById('coach').textContent, search: location.search };
  });
}

/** Clicks the centre of square (row, col) on the puzzle board. */
export async function clickSquare(page, n, row, col) {
  const box = await page.locator('#puzzle-board').boundingBox();
  await page.mouse.click(box.x + ((col + 0.5) * box.width) / n, box.y + ((row + 0.5) * box.height) / n);
}

/**
 * axe-core's violations on the page in each colour scheme, as lines
 * "[light] serious color-contrast: #a, #b" (axe is added to the page first).
 */
export async function axeViolations(page, schemes = ['light', 'dark']) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = [];
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    await schemeShown(page, colorScheme);
    const violations = await page.evaluate(async () => {
      const result = await window.axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    });
    found.push(...violations.map((line) => `[${colorScheme}] ${line}`));
  }
  return found;
}
