// www/core/wasm-load.js in node: how many times a failing instantiation is tried,
// how long it waits between tries, what the last failure says, and that a
// loader tries afresh after giving up. With the real pkg/ too: a module whose
// first instantiations fail (a bad module, then the real one) ends up working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RETRY_DELAYS_MS, WasmLoadError, loader, reasonText, withRetries } from '../../www/core/wasm-load.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const OOM = 'WebAssembly.instantiate(): Out of memory: Cannot allocate Wasm memory for new instance';

test('a failing instantiation is tried four times, with growing pauses, then refused in a sentence', async () => {
  assert.deepEqual([...RETRY_DELAYS_MS], [200, 800, 2000]);
  const times = [];
  const retries = [];
  const start = performance.now();
  await assert.rejects(
    withRetries(async () => { times.push(performance.now() - start); throw new RangeError(OOM); }, {
      delays: [20, 40, 80],
      onRetry: (tries, error) => retries.push([tries, error.message]),
      what: 'The puzzle coach\'s solver',
    }),
    (error) => {
      assert.ok(error instanceof WasmLoadError);
      assert.equal(error.tries, 4);
      assert.equal(error.message, `The puzzle coach's solver could not be loaded after 4 tries (the browser said: “${OOM}”). Closing other tabs or reloading the page usually helps.`);
      assert.equal(error.cause.message, OOM);
      return true;
    },
  );
  assert.equal(times.length, 4);
  assert.deepEqual(retries.map(([tries]) => tries), [1, 2, 3]);
  // Each pause is at least its delay (timers never fire early by more than a millisecond).
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  gaps.forEach((gap, i) => assert.ok(gap >= [20, 40, 80][i] - 1, `pause ${i + 1}: ${gap} ms`));
});

test('a try that works ends the retries, and a loader tries afresh after giving up', async () => {
  let calls = 0;
  const value = await withRetries(async () => { calls += 1; if (calls < 3) throw new Error('not yet'); return 'made'; }, { delays: [1, 1, 1] });
  assert.deepEqual([value, calls], ['made', 3]);

  let failing = true;
  let made = 0;
  const ready = loader(async () => { made += 1; if (failing) throw new Error(OOM); return made; }, { delays: [1, 1, 1] });
  await assert.rejects(ready(), WasmLoadError);
  assert.equal(made, 4);
  failing = false;
  assert.equal(await ready(), 5, 'the next call tries again');
  assert.equal(await ready(), 5, 'and then keeps what it made');
});

test('the browser\'s reason is quoted on one line, without addresses, controls or a flood', () => {
  assert.equal(reasonText(new Error("failed to fetch Wasm: 503 Service Unavailable fetching 'http://127.0.0.1:8080/courses/q/pkg/nqueens_bg.wasm'.")), "failed to fetch Wasm: 503 Service Unavailable fetching 'nqueens_bg.wasm'");
  assert.equal(reasonText(new Error('a\u202eb\nc\u0007d')), 'a b c d');
  const long = reasonText(new Error('x'.repeat(10_000)));
  assert.equal(long.length, 120);
  assert.ok(long.endsWith('…'));
  assert.equal(reasonText('plain'), 'plain');
  assert.equal(reasonText(new Error('')), 'no reason given');
});

test('the real module: instantiation that fails at first is tried again and works', async () => {
  const api = await import(`${pathToFileURL(path.join(ROOT, 'pkg', 'nqueens.js')).href}?wasm-load-test`);
  const bytes = fs.readFileSync(path.join(ROOT, 'pkg', 'nqueens_bg.wasm'));
  const given = [new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9]), new Uint8Array([1, 2, 3]), bytes];
  let tries = 0;
  await withRetries(() => api.default({ module_or_path: given[tries++] }), { delays: [1, 1, 1] });
  assert.equal(tries, 3, 'two bad modules, then the real one');
  assert.equal(api.countSolutions(8), 92n);
});
