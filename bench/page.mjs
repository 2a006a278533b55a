// The benchmarks' one way to open the page: a fresh browser context at
// 1280×800, the page's errors collected, and the first drawn board waited for.

/**
 * Opens `p` (a path and query) on the server at `base`. Page errors and
 * console errors go to `errors` (a fresh list if none is given).
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {string} [p]
 * @param {string[]} [errors]
 */
export async function openPage(browser, base, p = '/', errors = []) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e.message)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(new URL(p, base).href, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30_000 });
  return { page, context, errors };
}
