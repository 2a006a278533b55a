// What the count-mode tests share: the outside truth and how to count on the page.

// OEIS A000170 (solutions) and A002562 (up to rotation and reflection), N = 1..16,
// typed in from OEIS as the outside truth.
export const A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512];
export const A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955];

/** Count mode's result area: its data-* (state, total, fundamental, …) and its text. */
export const result = (page) => page.$eval('#count-result', (el) => ({ ...el.dataset, text: el.textContent }));

/** Types N (unless null), presses Count (or Resume) and waits for the result to leave "running". */
export async function countOnPage(page, n, { timeout = 30_000 } = {}) {
  if (n != null) await page.fill('#count-n', String(n));
  await page.click('#count-start');
  await page.waitForSelector('#count-result:not([data-state="running"]):not([data-state="idle"]):not([data-state="saved"])', {
    state: 'attached',
    timeout,
  });
  return result(page);
}
