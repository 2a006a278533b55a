// Links at and past their limits: each is read exactly
// or refused with a sentence that says what the page shows instead and why.
// e2e: run alone (scripts/test.sh): the Many runs link's estimate and this test's
// own timing of a step are both wall-clock times, which another file's browser
// on the same two cores moves apart (once 4 hours said against 0.95 timed).
// test group: slow (scripts/test.sh): it times the page, so it runs alone.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, assertNoErrors, closeHarness } from './helpers.mjs';

after(closeHarness);

/** The problem area's sentence, without its buttons. */
const problem = (page) => page.locator('#error .problem-text').textContent();

test('a Many runs cap past 2^53 is refused as written, never echoed as another number', async () => {
  const raw = '9999999999999999';
  const { page, errors } = await openPage(`/?mode=runs&cap=${raw}`);
  try {
    await page.waitForSelector('#error .problem-text');
    const text = await problem(page);
    assert.ok(text.includes(`cap=${raw}`), `the cap is named as the link wrote it: ${text}`);
    assert.ok(!text.includes(String(Number(raw))), `the rounded ${Number(raw)} is not echoed: ${text}`);
    assert.ok(!text.includes(Number(raw).toLocaleString('en-US')), text);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('an embed link naming one panel 300 times names it once, and 300 unknown names are counted, not listed', async () => {
  const { page, errors } = await openPage(`/?embed=1&panels=${Array(300).fill('counters').join(',')}`);
  try {
    await page.waitForFunction(() => new URLSearchParams(location.search).get('panels') !== null);
    assert.equal(new URL(page.url()).searchParams.get('panels'), 'counters', 'the link the page writes names the panel once');
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
  const names = Array.from({ length: 300 }, (_, i) => `nopanel${i % 150}`);
  const second = await openPage(`/?embed=1&panels=${names.join(',')}`);
  try {
    await second.page.waitForSelector('#error .problem-text');
    const text = await problem(second.page);
    const echoed = text.match(/nopanel\d+/g) ?? [];
    assert.ok(echoed.length >= 1 && echoed.length <= 10, `a few names are echoed, not all: ${echoed.length}`);
    assert.equal(new Set(echoed).size, echoed.length, 'no name is echoed twice');
    assert.match(text, /145 more/, `the other distinct names are counted (150 distinct, 5 named): ${text}`);
    assert.ok(text.length < 700, `the sentence stays short (${text.length} characters)`);
  } finally {
    await second.page.close();
  }
});

test('a link to a search at N = 2 says that no board of 2 has a solution and what it shows instead', async () => {
  const { page, errors } = await openPage('/?algo=construction&n=2');
  try {
    await page.waitForSelector('#error .problem-text');
    const text = await problem(page);
    const shown = await page.evaluate(() => ({ algorithm: window.nqueens.session.algorithm, n: window.nqueens.session.n }));
    const name = await page.evaluate((id) => window.nqueens.algorithms.find((a) => a.id === id)?.name, shown.algorithm);
    assert.match(text, /2×2/, text);
    assert.match(text, /no solution/, `it says why: ${text}`);
    assert.ok(text.includes(`${name} at ${shown.n}×${shown.n}`), `it says what it shows instead (${name} at ${shown.n}×${shown.n}): ${text}`);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a race to a first solution at N = 2 says no board of 2 has a solution, not to choose a smaller board', async () => {
  const { page, errors } = await openPage('/?mode=race&goal=one&n=2');
  try {
    await page.waitForFunction(() => !/Loading/.test(document.querySelector('#race-message')?.textContent ?? 'Loading'));
    const text = await page.textContent('#race-message');
    assert.ok(!/smaller board/.test(text), `no advice to shrink a board of 2: ${text}`);
    assert.match(text, /no solution/, text);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('Solve big at N = 1 says "1 queen", never "1 queens"', async () => {
  const { page, errors } = await openPage('/');
  try {
    await page.fill('#solve-big-n', '1');
    await page.selectOption('#solve-big-algorithm', 'construction');
    await page.click('#solve-big-solve');
    await page.waitForSelector('#solve-big[data-state="solved"]', { timeout: 20_000 });
    const text = await page.locator('#solve-big').textContent();
    const label = await page.getAttribute('#solve-big [data-part="picture"]', 'aria-label');
    assert.ok(!/\b1 queens\b/.test(`${text} ${label}`), `no "1 queens": ${text} ${label}`);
    assert.match(text, /\b1 queen\b/, text);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
});

test('a Many runs link that starts hours of work says how long it may take and asks first', async () => {
  // Four curves of hill climbing at N = 1,000, each 1,000 runs at the most
  // steps a call allows (the budget, read from the core).
  const { page: probe } = await openPage('/');
  const cap = await probe.evaluate(() => window.nqueens.wasm.runLengthsBudget('hill-climbing', 1000).budget);
  await probe.close();
  const curves = [1, 1001, 2001, 3001].map((first) => `hill-climbing.1000.1000.${cap}.${first}`);
  const { page, errors } = await openPage(`/?mode=runs&curves=${curves.join(',')}`);
  try {
    await page.waitForSelector('#runs [data-part="ask"]', { timeout: 30_000 });
    const text = await page.textContent('#runs-status');
    // The truth, timed here independently: a step of hill climbing at N = 1,000.
    const msPerStep = await page.evaluate(() => {
      const s = window.nqueens.wasm.Session.seeded('hill-climbing', 1000, 5);
      s.run(1);
      const start = performance.now();
      const steps = s.run(4);
      const ms = (performance.now() - start) / Math.max(1, steps);
      s.free();
      return ms;
    });
    const workers = await page.evaluate(() => navigator.hardwareConcurrency || 2);
    const truthMs = (4 * 1000 * cap * msPerStep) / workers;
    // The worst case (every run at its cap) is said after the likely time, which its first runs' work gives.
    const said = /at most about ([\d,]+) (second|minute|hour|day)s?/.exec(text);
    assert.ok(said, `it says how long: ${text}`);
    const unitMs = { second: 1e3, minute: 6e4, hour: 3.6e6, day: 8.64e7 }[said[2]];
    const saidMs = Number(said[1].replace(/,/g, '')) * unitMs;
    assert.ok(saidMs > truthMs / 4 && saidMs < truthMs * 4, `it says ${said[0]}; timed here, the worst case is ${(truthMs / 3.6e6).toFixed(2)} hours`);
    assert.match(text, /Run them now\?/, text);
    assert.notEqual(await page.getAttribute('#runs', 'data-state'), 'running', 'nothing runs before the answer');
    await page.click('#runs [data-part="ask-skip"]');
    assert.equal(await page.$('#runs [data-part="ask"]'), null, 'the question is gone');
    assert.notEqual(await page.getAttribute('#runs', 'data-state'), 'running', '"Not now" runs nothing');
    assert.match(await page.textContent('#runs-status'), /not run/);
    assertNoErrors(errors);
  } finally {
    await page.close();
  }
  // A link of a few seconds' work starts at once, as before.
  const quick = await openPage('/?mode=runs&curves=hill-climbing.20.30.1000.1');
  try {
    await quick.page.waitForFunction(() => ['running', 'done'].includes(document.querySelector('#runs')?.getAttribute('data-state') ?? ''), null, { timeout: 20_000 });
    assert.equal(await quick.page.$('#runs [data-part="ask"]'), null, 'no question for a short link');
  } finally {
    await quick.page.close();
  }
});
