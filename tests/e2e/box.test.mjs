// Hostile JavaScript programs in "Your search" (www/program/box.js and
// guard.js), one page: every way out the box's policy has to refuse (an
// import split from its parenthesis, the global Function, fonts,
// WebSocketStream, blob: and data: modules, storage buckets, the private
// file system), by link and typed, against a request-logging server of the
// test's own on another origin: no request arrives, the page names what
// the browser refused, and a later tab finds nothing left in any storage.
// A patched %TypedArray%.prototype.slice forges no verdict; an error
// message of 2^28 characters leaves the page alive with a short sentence.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, revisit, assertNoErrors, closeHarness } from './helpers.mjs';
import { ESCAPES, FORGED_SIZE, leftovers, pack, recordingServer } from './hostile.mjs';

after(closeHarness);

const ENDED = ['done', 'error', 'stopped'];

async function press(page, part) {
  await page.click(`#code [data-part=${part}]`);
  await page.waitForFunction((ended) => ended.includes(document.querySelector('#code')?.getAttribute('data-state')), ENDED, { timeout: 60_000 });
  return page.getAttribute('#code', 'data-state');
}
const message = (page) => page.textContent('#code [data-part=message]');

test('hostile JavaScript: no request leaves, the refusals are named, no storage is left, no verdict is forged, a huge error is a short sentence', async () => {
  const rec = await recordingServer();
  const { page, errors } = await openPage(`/?mode=code&lang=js&n=4&src=${pack(ESCAPES(rec.base))}`);
  await page.waitForSelector('#code .cm-editor');
  assert.equal(await press(page, 'run'), 'done');
  const said = await message(page);
  // Each refusal is named (the first few of them): an import() split from its ( is stopped before any request, by the
  // rewrite or by the browser, and the fonts and sockets by the browser.
  assert.match(said, /The browser refused a request to (http|ws):\/\/127\.0\.0\.1:\d+\//, said);
  assert.match(said, /The browser refused code built from text/, said);

  // Typed into the editor: the global Function, by another route.
  await page.click('#code .cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(`function solve(n, board) {\n  const F = (0, eval)('Function');\n  board.place(0, 0);\n}\nself['Func' + 'tion']('return import("${rec.base}/typed.js")')();\n`);
  assert.equal(await press(page, 'run'), 'error');
  assert.match(await message(page), /Content Security Policy|code built from text/);

  // %TypedArray%.prototype.slice patched to make every board N = 2: Check is not fooled.
  await revisit(page, `/?mode=code&lang=js&n=3&src=${pack(FORGED_SIZE)}`);
  await page.waitForSelector('#code .cm-editor');
  await press(page, 'grade');
  await page.waitForSelector('#code[data-verdict]');
  assert.equal(await page.getAttribute('#code', 'data-verdict'), 'wrong');
  assert.doesNotMatch(await page.textContent('#code [data-part=verdict]'), /^Right/);

  // An error whose message is 2^28 characters: a sentence of at most a few thousand.
  await revisit(page, `/?mode=code&lang=js&n=4&src=${pack("function solve(n, board) {\n  board.place(0, 0);\n  throw new Error('x'.repeat(2 ** 28));\n}\n")}`);
  await page.waitForSelector('#code .cm-editor');
  assert.equal(await press(page, 'run'), 'error');
  const huge = await message(page);
  assert.ok(huge.length < 3_000, `the message is ${huge.length} characters`);
  assert.equal(await page.evaluate(() => window.nqueens.yourSearch.steps), 1, 'the step before the throw is kept');

  // A later tab of the same browser finds nothing the programs tried to keep.
  await revisit(page, '/?mode=code&lang=js');
  assert.deepEqual(await leftovers(page), []);
  assert.deepEqual(rec.requests, [], 'the recording server got no request');
  assertNoErrors(errors.filter((e) => !/Content Security Policy|Refused to|\(csp\)$/.test(e)));
  await page.close();
  await rec.close();
});
