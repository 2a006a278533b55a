// "Your search" in Python (CPython by Pyodide), in Chromium, on one page
// (Python loads once): a program's counters and lines against the test's
// own replay of it; Check my search against counts made here; a bad call,
// an exception, a syntax error, a RecursionError and an endless loop, each
// with its line; and no network (js.fetch, pyodide.http, open() of a URL,
// XMLHttpRequest through js) and no storage, with a server of the test's own
// that records every request it gets (none may arrive).
// e2e: run alone
// test group: slow (scripts/test.sh): Python in the page: Pyodide, 13 MB, loaded and run alone.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { openPage, assertNoErrors, closeHarness, screenshot } from './helpers.mjs';

after(closeHarness);

/** @type {import('playwright-core').Page} */
let page;
/** @type {string[]} */
let errors;

before(async () => {
  ({ page, errors } = await openPage('/?mode=code&lang=py&n=5'));
  await page.waitForSelector('#code .cm-editor');
  // Python loads when picked: the progress bar shows, then goes.
  await page.waitForFunction(() => document.querySelector('#code [data-part=progress-row]')?.hidden === true, null, { timeout: 120_000 });
});

/** Replaces the program in the editor, as typed text. */
async function setProgram(text) {
  await page.click('#code .cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  const shown = await page.evaluate(() => [...document.querySelectorAll('#code .cm-line')].map((l) => l.textContent).join('\n'));
  assert.equal(shown.trimEnd(), text.trimEnd(), 'the editor holds the program as typed');
}

const ENDED = ['done', 'error', 'stopped'];
async function run(timeout = 60_000) {
  await page.click('#code [data-part=run]');
  await page.waitForFunction((ended) => ended.includes(document.querySelector('#code')?.getAttribute('data-state')), ENDED, { timeout });
  return page.getAttribute('#code', 'data-state');
}
const yours = () => page.evaluate(() => window.nqueens.yourSearch);
const stats = () => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#code [data-stat]')].map((e) => [e.getAttribute('data-stat'), Number(e.getAttribute('data-value'))])));
const message = () => page.textContent('#code [data-part=message]');
const markedLine = (cls) => page.evaluate((c) => document.querySelector(`#code .${c}`)?.textContent ?? null, cls);

const PROGRAM = [
  'def solve(n, board):', //                 1
  '    cols = []', //                        2
  '    def fill(row):', //                   3
  '        if row == n:', //                 4
  '            board.found()', //            5
  '            return', //                   6
  '        for col in range(n):', //         7
  '            if not board.safe(row, col):', // 8
  '                continue', //             9
  '            cols.append(col)', //        10
  '            board.place(row, col)', //   11
  '            fill(row + 1)', //           12
  '            board.remove(row, col)', //  13
  '            cols.pop()', //              14
  '    fill(0)', //                         15
].join('\n');

/** The same search in the test: each step's queens, counters and line. */
function replay(n) {
  const steps = [{ queens: new Array(n).fill(-1), checks: 0, placements: 0, solutions: 0, line: 0 }];
  const cols = [];
  let checks = 0, placements = 0, solutions = 0;
  const step = (line) => {
    const queens = new Array(n).fill(-1);
    cols.forEach((c, r) => { queens[r] = c; });
    steps.push({ queens, checks, placements, solutions, line });
  };
  const fill = (row) => {
    if (row === n) { solutions++; step(5); return; }
    for (let col = 0; col < n; col++) {
      checks++;
      if (cols.some((c, r) => c === col || Math.abs(c - col) === row - r)) continue;
      cols.push(col); placements++; step(11);
      fill(row + 1);
      cols.pop(); step(13);
    }
  };
  fill(0);
  return steps;
}

test('a Python program: the board, the counters and the marked line at every step are the test’s replay of it; Check my search says right', async () => {
  const n = 5;
  await setProgram(PROGRAM);
  assert.equal(await run(), 'done');
  const expected = replay(n);
  const lines = PROGRAM.split('\n');
  assert.equal((await yours()).steps, expected.length - 1);
  await page.click('#code [data-part=home]');
  await page.locator('body').focus();
  for (let k = 1; k < expected.length; k++) {
    await page.keyboard.press('ArrowRight');
    const y = await yours();
    assert.deepEqual(y.queens, expected[k].queens, `queens at step ${k}`);
    const { checks, placements, solutions } = expected[k];
    assert.deepEqual(await stats(), { steps: k, checks, placements, solutions }, `counters at step ${k}`);
    assert.equal(await markedLine('cm-step-line'), lines[expected[k].line - 1], `line at step ${k}`);
  }
  await page.click('#code [data-part=grade]');
  await page.waitForSelector('#code[data-verdict]', { timeout: 60_000 });
  assert.equal(await page.getAttribute('#code', 'data-verdict'), 'right');
  for (const [size, count] of [[1, 1], [2, 0], [3, 0], [4, 2], [5, 10]]) {
    assert.equal(await page.getAttribute(`#code tr[data-n="${size}"]`, 'data-found'), String(count));
    assert.equal(await page.getAttribute(`#code tr[data-n="${size}"]`, 'data-expected'), String(count));
  }
  await screenshot(page, 'code-python');
});

test('Python: a bad call, an exception, a syntax error and a RecursionError, each a sentence with its line marked', async () => {
  const cases = [
    { program: 'def solve(n, board):\n    board.place(0, 0)\n    board.place(n, 0)\n', line: 3, text: /board\.place\(5, 0\) on line 3 names a square off the 5×5 board/ },
    { program: 'def solve(n, board):\n    board.remove(1, 1)\n', line: 2, text: /board\.remove\(1, 1\) on line 2 takes away a queen that is not there/ },
    { program: 'def solve(n, board):\n    x = 1\n    raise ValueError("my own error")\n', line: 3, text: /line 3.*ValueError: my own error/ },
    { program: 'def solve(n, board):\n    x = (1,\n', line: 2, text: /line 2.*SyntaxError/ },
    { program: 'def solve(n, board):\n    return 1 + solve(n, board)\n', line: 2, text: /line 2.*RecursionError/ },
  ];
  for (const c of cases) {
    await setProgram(c.program);
    assert.equal(await run(), 'error', c.program);
    assert.match(await message(), c.text);
    assert.equal(await markedLine('cm-error-line'), c.program.split('\n')[c.line - 1], `the error's line: ${c.program}`);
  }
});

test('Python: an endless loop with no tracer calls stops within a second of the 10 s limit, its steps kept', async () => {
  await setProgram('def solve(n, board):\n    board.place(0, 0)\n    while True:\n        pass\n');
  await page.click('#code [data-part=run]');
  await page.waitForSelector('#code[data-state=running]', { timeout: 60_000 });
  const started = Date.now();
  await page.waitForSelector('#code[data-state=stopped]', { timeout: 20_000 });
  const took = Date.now() - started;
  assert.ok(took >= 9_000 && took <= 11_000, `stopped after ${took} ms`);
  assert.equal((await yours()).steps, 1, 'the step before the loop is kept');
});

test('Python: no network and no storage, each a sentence; the recording server gets no request', async () => {
  const requests = [];
  const srv = http.createServer((req, res) => { requests.push(`${req.method} ${req.url}`); res.writeHead(404, { 'access-control-allow-origin': '*' }); res.end(); });
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const at = `http://127.0.0.1:${srv.address().port}`;
  const program = `import js
def solve(n, board):
    at = ${JSON.stringify(at)}
    def pyfetch():
        import pyodide.http
        return pyodide.http.pyfetch(at + "/pyfetch")
    def open_url():
        import pyodide.http
        return pyodide.http.open_url(at + "/open_url")
    def urlopen():
        import urllib.request
        return urllib.request.urlopen(at + "/urlopen")
    tries = [
        ("js.fetch", lambda: js.fetch(at + "/fetch")),
        ("pyodide.http.pyfetch", pyfetch),
        ("pyodide.http.open_url", open_url),
        ("open", lambda: open(at + "/open")),
        ("XMLHttpRequest", lambda: js.XMLHttpRequest.new()),
        ("indexedDB", lambda: js.indexedDB.open("mine")),
        ("caches", lambda: js.caches.open("mine")),
        ("urllib", urlopen),
    ]
    for name, attempt in tries:
        try:
            attempt()
            said = name + ": no error"
        except BaseException as error:
            said = name + ": " + str(error)
        board.say(said)
        board.place(0, 0)
        board.remove(0, 0)
`;
  await setProgram(program);
  assert.equal(await run(), 'done');
  assert.equal((await yours()).steps, 16);
  await page.click('#code [data-part=home]');
  await page.locator('body').focus();
  const sentences = [];
  for (let k = 1; k <= 15; k += 2) {
    await page.keyboard.press('ArrowRight');
    sentences.push(await page.textContent('#code [data-part=sentence]'));
    await page.keyboard.press('ArrowRight');
  }
  for (const name of ['js.fetch', 'pyodide.http.pyfetch', 'pyodide.http.open_url', 'open', 'XMLHttpRequest', 'indexedDB', 'caches']) {
    const said = sentences.find((s) => s.includes(`: ${name}: `));
    assert.ok(said && /blocked/.test(said), `${name} is refused with a sentence: ${said}`);
  }
  assert.ok(!sentences.some((s) => s.includes('no error')), sentences.join(' | '));
  // A fixed wait, to prove that nothing came: a request the worker sent
  // before its run ended reaches a server on this machine well within 1 s.
  await page.waitForTimeout(1_000);
  assert.deepEqual(requests, [], 'the recording server got no request');
  await new Promise((resolve) => srv.close(resolve));
  assertNoErrors(errors);
});

test('Python: every starter is checked at N = 8: the three searches right, the three with a planted bug wrong', async () => {
  const starters = await page.evaluate(() => [...document.querySelectorAll('#code [data-part=starter] option')].map((o) => o.value).filter(Boolean));
  assert.equal(starters.length, 6);
  for (const id of starters) {
    await page.selectOption('#code [data-part=starter]', id);
    // A failed check shows the N where it first went wrong, and the N field follows it: back to 8.
    await page.fill('#code [data-part=n]', '8');
    await page.dispatchEvent('#code [data-part=n]', 'change');
    await page.click('#code [data-part=grade]');
    await page.waitForSelector('#code[data-verdict]:not([data-state=running]):not([data-state=loading])', { timeout: 120_000 });
    assert.equal(await page.getAttribute('#code', 'data-verdict'), id.startsWith('bug-') ? 'wrong' : 'right', `${id}: ${await page.textContent('#code [data-part=verdict]')}`);
    assert.equal(await page.getAttribute('#code tr[data-n="8"]', 'data-expected'), '92');
  }
});

test('Python: the variables and the call stack at a step are the program’s own, computed here, and stepping back shows them as they were', async () => {
  const n = 5;
  await setProgram([
    'def solve(n, board):',
    '    cols = []',
    '    used = 0',
    '    def go(row):',
    '        nonlocal used',
    '        if row == n:',
    '            board.found()',
    '            return',
    '        for c in range(n):',
    '            if used & (1 << c) or any(abs(q - c) == row - r for r, q in enumerate(cols)):',
    '                continue',
    '            cols.append(c)',
    '            used |= 1 << c',
    '            board.place(row, c)',
    '            go(row + 1)',
    '            cols.pop()',
    '            used &= ~(1 << c)',
    '            board.remove(row, c)',
    '    go(0)',
  ].join('\n'));
  await page.fill('#code [data-part=n]', String(n));
  await page.dispatchEvent('#code [data-part=n]', 'change');
  assert.equal(await run(), 'done');
  // The same search here: after each step, the variables of the frame that made it (Python's frame holds n too) and the calls.
  const truth = [];
  const cols = [];
  let used = 0;
  const stack = [['solve', `solve(n=${n}, board="board")`]];
  const go = (row) => {
    stack.push(['go', `go(row=${row})`]);
    if (row === n) truth.push({ vars: { row, cols: [...cols], n, used }, stack: stack.map((f) => [...f]) });
    else {
      for (let c = 0; c < n; c++) {
        if (used & (1 << c) || cols.some((q, r) => Math.abs(q - c) === row - r)) continue;
        cols.push(c); used |= 1 << c;
        truth.push({ vars: { row, c, cols: [...cols], n, used }, stack: stack.map((f) => [...f]) });
        go(row + 1);
        cols.pop(); used &= ~(1 << c);
        truth.push({ vars: { row, c, cols: [...cols], n, used }, stack: stack.map((f) => [...f]) });
      }
    }
    stack.pop();
  };
  go(0);
  assert.equal((await yours()).steps, truth.length);
  const shown = () => page.evaluate(() => ({
    vars: Object.fromEntries([...document.querySelectorAll('#code [data-part=variables] [data-var]')].map((e) => [e.getAttribute('data-var'), JSON.parse(e.getAttribute('data-value'))])),
    stack: [...document.querySelectorAll('#code [data-part=call-stack] [data-frame]')].map((e) => [e.getAttribute('data-function'), e.textContent]),
    bits: document.querySelector('#code [data-var=used] [data-part=bits]')?.textContent ?? null,
  }));
  const check = async (k) => {
    const s = await shown();
    assert.deepEqual(s.vars, truth[k - 1].vars, `step ${k}`);
    assert.deepEqual(s.stack, truth[k - 1].stack, `step ${k}`);
    assert.equal(s.bits, ` 0b${truth[k - 1].vars.used.toString(2).padStart(n, '0')}`, `step ${k}`);
  };
  await page.click('#code [data-part=home]');
  for (let k = 1; k <= 25; k++) {
    await page.keyboard.press('ArrowRight');
    await check(k);
  }
  for (let k = 24; k >= 15; k--) {
    await page.click('#code [data-part=step-back]');
    await check(k);
  }
  assertNoErrors(errors);
});
