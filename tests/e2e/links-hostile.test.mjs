// Hostile links: a bidi control in a URL parameter cannot reverse the page's
// sentence, and a very long link is served (not answered 431) and reported.
// test group: slow (scripts/test.sh): hostile links, each read with a fresh browser.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness } from './helpers.mjs';

after(closeHarness);

test('a bidi control in a link is not echoed into the error sentence', async () => {
  const { page, errors } = await openPage(`/?algo=${encodeURIComponent('\u202eevil\u202c')}&n=8`);
  try {
    const text = await page.locator('#error').textContent();
    assert.match(text, /evil/, 'the bad value is named');
    assert.ok(!/[\u202a-\u202e\u2066-\u2069]/.test(text), `no bidi control in: ${JSON.stringify(text)}`);
    // The page still works: a step moves the board.
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => window.nqueens.session.stepIndex), 1);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a link of 40 KB is served and its bad parameter reported', async () => {
  const { page, errors } = await openPage(`/?algo=bitwise&n=8&junk=${'x'.repeat(40_000)}&step=${'9'.repeat(30)}`);
  try {
    assert.equal(await page.evaluate(() => window.nqueens.session.algorithm), 'bitwise');
    const text = await page.locator('#error').textContent();
    assert.match(text, /step=/, text);
    assert.ok(text.length < 600, 'the echo is clipped');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});
