// What the count-mode tests share: the outside truth and how to count on the page.

// OEIS A000170 (solutions) and A002562 (up to rotation and reflection), N = 1..16,
// typed in from OEIS as the outside truth.
export const A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512];
export const A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955];

/** Count mode's result area: its data-* (state, total, fundamental, …) and its text. */
export const result = (page) => page.$eval('#count-result', (el) => ({ ...el.dataset, text: el.textContent }));

/** Types N (unless null), presses Count (or Resume) and waits for the result of that press. */
export async function countOnPage(page, n, { timeout = 30_000 } = {}) {
  if (n != null) await page.fill('#count-n', String(n));
  return countResultOf(page, () => page.click('#count-start'), { timeout });
}

/**
 * Does `press` and waits for its result: a state other than running, idle or
 * saved, reached after the result changed at least once (a "done" left from
 * the count before is not it: the panel may take a moment to start, holding
 * N's lock first).
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<unknown>} press
 */
export async function countResultOf(page, press, { timeout = 30_000 } = {}) {
  await page.evaluate(() => {
    const el = /** @type {HTMLElement} */ (document.querySelector('#count-result'));
    const w = /** @type {any} */ (window);
    w.__countChanges = 0;
    w.__countObserver?.disconnect();
    w.__countObserver = new MutationObserver(() => { w.__countChanges++; });
    w.__countObserver.observe(el, { attributes: true, attributeFilter: ['data-state'], childList: true, characterData: true, subtree: true });
  });
  await press();
  await page.waitForFunction(() => {
    const el = /** @type {HTMLElement} */ (document.querySelector('#count-result'));
    const w = /** @type {any} */ (window);
    return w.__countChanges > 0 && !['running', 'idle', 'saved'].includes(el.dataset.state ?? '');
  }, undefined, { timeout });
  return result(page);
}
