// Count mode's GPU engine end to end, with no GPU: Chromium started with
// WebGPU on SwiftShader (helpers.mjs's webgpu browser: a GPU implemented on
// the CPU) counts N = 1..15 through the page with ?engine=gpu, to A000170
// and A002562 typed in from OEIS, and finishes sampled prefixes of N = 20
// and 21 as the core's own symmetric counter (countBelow, in wasm) does; the
// page says the GPU counted; Cancel stops it and keeps what finished, and
// after a reload Resume finishes it right; a device lost mid-count (destroyed
// by the test) is a sentence, and Resume finishes on the right total; past
// the workers' N only the GPU counts, and the form says so without one; in
// auto mode the software adapter is passed over for the workers, and said
// so; a browser without WebGPU falls back to the workers with its sentence
// and still counts right, and so does a GPU that fails to start; a
// malformed ?engine= is a sentence and the default.
//
// e2e: run alone (scripts/test.sh): SwiftShader runs the GPU engine on every core, and its counts have time limits.
// test group: slow (scripts/test.sh): counts to N = 15 on a GPU emulated on the CPU, about a minute.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, screenshot, waitUntil, closeHarness, url } from './helpers.mjs';
import { A000170, A002562, countOnPage, result } from './count-hooks.mjs';

/** A GPU count on SwiftShader (a CPU) waits longer than one on the workers. */
const GPU_WAIT = { timeout: 60_000 };

after(closeHarness);

const engine = (page) => page.$eval('#count-mode', (el) => ({ engine: el.dataset.engine, line: document.querySelector('#count-engine')?.textContent ?? '' }));

test('the GPU engine counts N = 1..15 to A000170 and A002562, and says it counted', async () => {
  const { page, errors } = await openPage('/?mode=count&engine=gpu', { webgpu: true });
  try {
    for (let n = 1; n <= 15; n++) {
      const r = await countOnPage(page, n, GPU_WAIT);
      assert.equal(r.state, 'done', `N = ${n}: ${r.text}`);
      assert.equal(r.total, String(A000170[n - 1]), `total, N = ${n}`);
      assert.equal(r.fundamental, String(A002562[n - 1]), `fundamental, N = ${n}`);
      const e = await engine(page);
      assert.equal(e.engine, 'gpu', `N = ${n} counted on the GPU`);
      assert.match(e.line, /^Engine: the GPU \(WebGPU, .*swiftshader.*\), as the link asks \(engine=gpu\)\.$/i);
      assert.match(r.text, / on the GPU/);
    }
    assert.match(page.url(), /engine=gpu/, 'the link keeps its engine');
    await screenshot(page, 'count-gpu-done');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('at N = 20 and 21 the shader finishes sampled prefixes as the core\'s symmetric counter does', async () => {
  // A whole count of N = 20 on SwiftShader would take hours: the shader's deep searches (13 and 14 rows a
  // thread) are checked on a prefix from each start, in one dispatch an N, against countBelow (Rust, in wasm).
  const { page, errors } = await openPage('/?mode=count', { webgpu: true });
  try {
    const rows = await page.evaluate(async () => {
      const { Slot, makePipeline } = await import('/www/count/gpu.js');
      const { prefixPlan, listPrefixes, PREFIX_WORDS } = await import('/www/count/prefixes.js');
      const adapter = /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter());
      const device = await adapter.requestDevice();
      const slot = new Slot(device, await makePipeline(device), 1 << 12);
      const out = [];
      for (const n of [20, 21]) {
        const plan = prefixPlan(n, false);
        const all = new Uint32Array(PREFIX_WORDS * (1 << 12));
        const picked = [];
        // From each start (every corner's b, every side's d), the middle prefix of the first piece from its middle on that has any.
        const [first, last] = [new Map(), new Map()];
        for (let i = 0; i < plan.count; i++) {
          const s = plan.states[2 * i];
          if (!first.has(s)) first.set(s, i);
          last.set(s, i);
        }
        for (const [s, from] of first) {
          for (let piece = Math.floor((from + last.get(s)) / 2); piece <= last.get(s); piece++) {
            const end = listPrefixes(plan, piece, all, 0);
            if (end === 0) continue;
            const j = Math.floor(end / 2);
            picked.push(...all.subarray(PREFIX_WORDS * j, PREFIX_WORDS * (j + 1)));
            break;
          }
        }
        const samples = picked.length / PREFIX_WORDS;
        const prefixes = Uint32Array.from(picked);
        const words = await slot.run(n, plan.depth, plan.table, prefixes, samples);
        let agree = 0;
        let boards = 0n;
        const starts = new Set();
        for (let j = 0; j < samples; j++) {
          const [lo, hi] = [prefixes[3 * j], prefixes[3 * j + 1]];
          const columns = Array.from({ length: plan.depth }, (_, row) => ((row < 6 ? lo : hi) >>> (5 * (row % 6))) & 31);
          const core = window.nqueens.wasm.countBelow(n, Uint32Array.from(columns));
          const total = BigInt(words[4 * j]) + (BigInt(words[4 * j + 1]) << 32n);
          const [twos, fours] = [BigInt(words[4 * j + 2]), BigInt(words[4 * j + 3])];
          const classes = (total - 2n * twos - 4n * fours) / 8n + twos + fours;
          if (total === core.total && classes === core.fundamental) agree++;
          boards += core.total;
          starts.add(prefixes[3 * j + 2]);
        }
        out.push({ n, samples, agree, boards: String(boards), starts: starts.size, of: plan.starts });
      }
      device.destroy();
      return out;
    });
    for (const r of rows) {
      assert.equal(r.agree, r.samples, `N = ${r.n}: ${r.agree} of ${r.samples} prefixes agree`);
      assert.ok(BigInt(r.boards) > 0n, `N = ${r.n}: the sample holds solutions (${r.boards})`);
      assert.equal(r.starts, r.of, `N = ${r.n}: the sample covers every start`);
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Cancel stops a GPU count and keeps what finished; after a reload Resume finishes it right', async () => {
  const { page, errors } = await openPage('/?mode=count&engine=gpu', { webgpu: true });
  try {
    const n = 15;
    await page.fill('#count-n', String(n));
    await page.click('#count-start');
    await page.waitForSelector('#count-result[data-state="running"]', { state: 'attached' });
    const saved = await waitUntil(
      async () => {
        const r = await result(page);
        assert.equal(r.state, 'running', `N = ${n} finished before the test could stop it: ${r.text}`);
        const share = Number(r.saved ?? 0);
        return share > 0 && share < 1 && share;
      },
      { timeout: 30_000, interval: 10, message: `part of N = ${n} to be saved` },
    );
    await page.click('#count-cancel');
    await page.waitForSelector('#count-result[data-state="cancelled"]', { state: 'attached' });
    await waitUntil(async () => /saved in this browser/.test((await result(page)).text), { timeout: 10_000, message: 'the saved sentence' });
    const cancelled = await result(page);
    assert.ok(Number(cancelled.saved) >= saved, `what was saved stays saved: ${cancelled.saved} ≥ ${saved}`);
    assert.equal(await page.textContent('#count-start'), 'Resume');
    // A reload loses nothing: the saved pieces wait for Resume.
    await page.reload();
    await page.waitForSelector('#count-mode[data-store="read"]', { state: 'attached' });
    await page.waitForSelector('#count-result[data-state="saved"]', { state: 'attached' });
    assert.equal(await page.textContent('#count-start'), 'Resume');
    const stored = await page.evaluate(async (n) => {
      const { CountStore } = await import('/www/count/store.js');
      const r = await new CountStore().get(n);
      return r && { key: r.key, method: r.method.id, complete: r.complete };
    }, n);
    assert.match(stored.key, /^gpu-symmetry\//, 'the GPU saves under a key of its own');
    assert.equal(stored.complete, false);

    const r = await countOnPage(page, null, GPU_WAIT);
    assert.equal(r.state, 'done', r.text);
    assert.equal(r.total, String(A000170[n - 1]));
    assert.equal(r.fundamental, String(A002562[n - 1]));
    assert.ok(Number(r.resumed) > 0 && Number(r.resumed) < 1, `resumed part way: ${r.resumed}`);
    assert.equal((await engine(page)).engine, 'gpu');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a GPU device lost mid-count is a sentence, and Resume finishes on the right total', async () => {
  const { page, errors } = await openPage('/', { webgpu: true });
  try {
    // The test keeps each device the page makes, to take the GPU away as a browser does.
    await page.addInitScript(() => {
      const request = GPUAdapter.prototype.requestDevice;
      globalThis.testDevices = [];
      GPUAdapter.prototype.requestDevice = async function (...args) {
        const device = await request.apply(this, args);
        globalThis.testDevices.push(device);
        return device;
      };
    });
    await page.goto(await url('/?mode=count&engine=gpu'));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const n = 15;
    await page.fill('#count-n', String(n));
    await page.click('#count-start');
    await waitUntil(
      async () => {
        const r = await result(page);
        assert.equal(r.state, 'running', `N = ${n} finished before the test could take the GPU away: ${r.text}`);
        return Number(r.saved ?? 0) > 0;
      },
      { timeout: 30_000, interval: 10, message: `part of N = ${n} to be saved` },
    );
    await page.evaluate(() => globalThis.testDevices.at(-1).destroy());
    await page.waitForSelector('#count-result[data-state="error"]', { state: 'attached', timeout: 10_000 });
    const lost = await result(page);
    assert.match(lost.text, /The GPU device was lost \(.*\): .* What finished is saved: Resume goes on from there\./);
    await waitUntil(async () => (await page.textContent('#count-start')) === 'Resume', { timeout: 10_000, message: 'Resume offered' });
    const r = await countOnPage(page, null, GPU_WAIT);
    assert.equal(r.state, 'done', r.text);
    assert.equal(r.total, String(A000170[n - 1]));
    assert.equal(r.fundamental, String(A002562[n - 1]));
    assert.ok(Number(r.resumed) > 0 && Number(r.resumed) < 1, `resumed part way: ${r.resumed}`);
    assert.equal((await engine(page)).engine, 'gpu');
    assert.equal(await page.evaluate(() => globalThis.testDevices.length), 2, 'Resume asked for a new device');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('past the workers\' N only the GPU counts: N = 21 without WebGPU is a sentence', async () => {
  const { page, errors } = await openPage('/?mode=count&engine=gpu&n=21');
  try {
    const limits = await page.evaluate(() => window.nqueens.wasm.limits());
    assert.equal(limits.countGpuMaxN, 21);
    // With no GPU the form offers the workers' N, and says so.
    await waitUntil(async () => (await page.textContent('#count-mode .field-label')) === 'Board size N (1–20)', { message: 'the workers\' range' });
    assert.equal(await page.getAttribute('#count-n', 'max'), '20');
    assert.equal(await page.inputValue('#count-n'), '21', 'the link\'s N = 21 is taken');
    await page.click('#count-start');
    await waitUntil(async () => !(await page.isHidden('#count-error')), { message: 'the sentence' });
    assert.match(await page.textContent('#count-error'), /^N = 21 is counted only on a GPU \(up to N = 21; the workers count to N = 20\), and this count would run on the workers\. Engine: .*this browser offers no WebGPU adapter\.$/);
    assert.equal((await result(page)).state, 'idle');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('on its own, count mode passes over a software GPU for the workers, and says so', async () => {
  const { page, errors } = await openPage('/?mode=count', { webgpu: true });
  try {
    const r = await countOnPage(page, 12, GPU_WAIT);
    assert.equal(r.total, String(A000170[11]));
    const e = await engine(page);
    assert.equal(e.engine, 'cpu');
    assert.match(e.line, /only WebGPU adapter \(.*swiftshader.*\) is a software one, slower than the workers/i);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('without WebGPU, ?engine=gpu falls back to the workers with its sentence and counts right', async () => {
  // The plain browser (no --enable-unsafe-webgpu) offers no adapter.
  const { page, errors } = await openPage('/?mode=count&engine=gpu');
  try {
    for (const n of [8, 13]) {
      const r = await countOnPage(page, n, GPU_WAIT);
      assert.equal(r.state, 'done', r.text);
      assert.equal(r.total, String(A000170[n - 1]));
      assert.equal(r.fundamental, String(A002562[n - 1]));
      const e = await engine(page);
      assert.equal(e.engine, 'cpu');
      assert.match(e.line, /^Engine: the \d+ Web Workers?, not the GPU the link asks for: this browser offers no WebGPU adapter\.$/);
    }
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a GPU that fails to start hands the count to the workers, and the page says why', async () => {
  const { page, errors } = await openPage('/', { webgpu: true });
  try {
    await page.addInitScript(() => {
      GPUAdapter.prototype.requestDevice = () => Promise.reject(new Error('no device for this test'));
    });
    await page.goto(await url('/?mode=count&engine=gpu'));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const r = await countOnPage(page, 12, GPU_WAIT);
    assert.equal(r.state, 'done', r.text);
    assert.equal(r.total, String(A000170[11]));
    assert.equal(r.fundamental, String(A002562[11]));
    const e = await engine(page);
    assert.equal(e.engine, 'cpu');
    assert.match(e.line, /^Engine: the \d+ Web Workers?: the GPU failed to start \(no device for this test\)\.$/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a malformed ?engine= is a sentence, and count mode chooses as usual', async () => {
  const { page, errors } = await openPage('/?mode=count&engine=fast&n=9');
  try {
    await waitUntil(async () => (await page.textContent('#error'))?.includes('engine=fast'), { message: 'the sentence about engine=fast' });
    assert.match(await page.textContent('#error'), /The link's engine=fast is neither gpu nor cpu, so count mode chooses its engine itself/);
    const r = await countOnPage(page, null, GPU_WAIT);
    assert.equal(r.total, String(A000170[8]));
    assert.equal((await engine(page)).engine, 'cpu');
    assertNoErrors(errors, { allow: [/engine=fast/] });
  } finally {
    await page.close();
  }
});
