// Foundation end-to-end tests: the page loads the wasm core and draws the
// board without errors, the server sends the right headers, and a panic inside
// the wasm surfaces to the user instead of failing silently.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import {
  openPage,
  assertNoErrors,
  canvasStats,
  screenshot,
  server,
  url,
  closeHarness,
} from './helpers.mjs';

after(closeHarness);

/** Raw GET (no URL normalisation, unlike fetch) -> {status, headers, body}. */
async function rawGet(rawPath) {
  const { port } = await server();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
  });
}

test('the page loads the wasm core and draws the board without errors', async () => {
  const { page, errors, response } = await openPage('/');
  try {
    assert.equal(response.status(), 200);
    assert.equal(await page.evaluate(() => document.body.dataset.ready), 'true');

    const stats = await canvasStats(page, '#board');
    assert.ok(stats.width * stats.height >= 100 * 100, `#board is only ${stats.width}x${stats.height}`);
    assert.ok(
      stats.opaque >= 0.5 * stats.pixels,
      `#board looks blank: ${stats.opaque} of ${stats.pixels} pixels painted`,
    );
    assert.ok(
      stats.distinctColors >= 2,
      `#board should show a chessboard (>= 2 colours), got ${stats.distinctColors}: ${JSON.stringify(stats.topColors)}`,
    );
    // A chessboard: the two most common colours each cover a real share of it.
    const [first, second] = stats.topColors;
    assert.ok(second && second.count >= 0.1 * stats.opaque,
      `expected two main square colours, got ${JSON.stringify(stats.topColors.slice(0, 3))}`);
    assert.ok(first.count <= 0.9 * stats.opaque, 'one colour covers > 90% of the board');

    const box = await page.locator('#board').boundingBox();
    assert.ok(box && box.width >= 100 && box.height >= 100, `#board is displayed too small: ${JSON.stringify(box)}`);

    await screenshot(page, 'foundation-home');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the page still fits and draws on a phone-sized viewport', async () => {
  const { page, errors } = await openPage('/', { viewport: { width: 390, height: 844 } });
  try {
    const stats = await canvasStats(page, '#board');
    assert.ok(stats.distinctColors >= 2, 'board not drawn on a narrow viewport');
    const box = await page.locator('#board').boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390 + 1, `#board overflows a 390px viewport: ${JSON.stringify(box)}`);
    await screenshot(page, 'foundation-phone');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('the server sends the wasm as application/wasm, with no-cache', async () => {
  const res = await fetch(await url('/pkg/nqueens_bg.wasm'));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/wasm');
  assert.equal(res.headers.get('cache-control'), 'no-cache');
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.deepEqual([...bytes.subarray(0, 4)], [0x00, 0x61, 0x73, 0x6d], 'not a wasm binary (bad magic)');
  assert.ok(WebAssembly.validate(bytes), 'pkg/nqueens_bg.wasm does not validate');
});

test('the server sends JS as text/javascript and / as index.html', async () => {
  const js = await fetch(await url('/pkg/nqueens.js'));
  assert.equal(js.status, 200);
  assert.match(js.headers.get('content-type'), /^text\/javascript\b/);
  await js.arrayBuffer();

  const root = await fetch(await url('/'));
  const index = await fetch(await url('/index.html'));
  assert.equal(root.status, 200);
  assert.match(root.headers.get('content-type'), /^text\/html\b/);
  assert.equal(await root.text(), await index.text());
});

test('a missing file is a clean 404', async () => {
  const res = await fetch(await url('/no/such/file-404.js'));
  assert.equal(res.status, 404);
  assert.match(res.headers.get('content-type'), /^text\/plain\b/);
  assert.match(await res.text(), /404/);
});

test('path traversal out of the repo is refused', async () => {
  for (const raw of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2f..%2fetc%2fpasswd']) {
    const res = await rawGet(raw);
    assert.ok([400, 403, 404].includes(res.status), `${raw} -> ${res.status}`);
    assert.doesNotMatch(res.body, /root:/, `${raw} leaked a file`);
  }
});

test('a wasm panic shows its message on the page and in the console', async () => {
  const { page, errors, consoleMessages } = await openPage('/');
  try {
    const hasHook = await page.evaluate(() => typeof window.nqueens?.wasm?.debugPanic === 'function');
    assert.ok(hasHook, 'the page must expose window.nqueens.wasm.debugPanic');

    const thrown = await page.evaluate(() => {
      try {
        window.nqueens.wasm.debugPanic('test panic 123');
        return null;
      } catch (e) {
        return String(e && (e.stack || e.message || e));
      }
    });
    assert.ok(thrown, 'debugPanic("test panic 123") should throw');

    // console_error_panic_hook logs "panicked at src/...:\ntest panic 123".
    const panicLog = consoleMessages.find(
      (m) => m.type === 'error' && /panicked at/.test(m.text) && m.text.includes('test panic 123'),
    );
    assert.ok(panicLog, `no "panicked at ... test panic 123" console error; console was:\n${JSON.stringify(consoleMessages, null, 1)}`);

    // ...and the page tells the user, within a second.
    await page.waitForFunction(
      () => document.querySelector('#error')?.textContent?.includes('test panic 123'),
      null,
      { timeout: 1_000 },
    );
    const banner = page.locator('#error');
    assert.equal(await banner.getAttribute('role'), 'alert');
    assert.ok(await banner.isVisible(), '#error exists but is not visible');
    await screenshot(page, 'foundation-panic');

    // The panic itself is the only error allowed.
    assertNoErrors(errors, { allow: [/test panic 123/, /unreachable/i, /RuntimeError/] });
  } finally {
    await page.close();
  }
});
