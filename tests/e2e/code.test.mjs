// "Your search" (?mode=code) in JavaScript, in Chromium: a hand-written
// program's trace, replayed here by the test's own copy of its search,
// equals what the page shows at every step (board, counters, the line
// marked in the editor, the sentence); a link's program is shown and not
// run; the grader against counts of solutions made here; every limit; and
// every blocked capability, with a server of the test's own that records
// every request it gets (none may arrive).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import { openPage, assertNoErrors, closeHarness, screenshot, waitUntil, pageIdle, revisit } from './helpers.mjs';

after(closeHarness);

/** The link's src= for a program, packed here with node's own raw DEFLATE. */
const pack = (program) => zlib.deflateRawSync(Buffer.from(program, 'utf8')).toString('base64url');

/** Opens Your search with `program` from the link (shown, not run). */
async function openProgram(program, { n = 5, lang = 'js', viewport } = {}) {
  const opened = await openPage(`/?mode=code&lang=${lang}&n=${n}&src=${pack(program)}`, viewport ? { viewport } : {});
  await opened.page.waitForSelector('#code .cm-editor');
  return opened;
}

const ENDED = ['done', 'error', 'stopped'];
/** Presses Run and waits until the run ends; the state it ended in. */
async function run(page, timeout = 30_000) {
  await page.click('#code [data-part=run]');
  await page.waitForFunction((ended) => ended.includes(document.querySelector('#code')?.getAttribute('data-state')), ENDED, { timeout });
  return page.getAttribute('#code', 'data-state');
}

const yours = (page) => page.evaluate(() => window.nqueens.yourSearch);
const stats = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#code [data-stat]')].map((e) => [e.getAttribute('data-stat'), Number(e.getAttribute('data-value'))])));
const message = (page) => page.textContent('#code [data-part=message]');
const markedLine = (page, cls) => page.evaluate((c) => document.querySelector(`#code .${c}`)?.textContent ?? null, cls);

// ---- A hand-written program, and its trace replayed here ---------------------

const PROGRAM = [
  'function solve(n, board) {', //                      1
  '  const cols = [];', //                                2
  '  function fill(row) {', //                            3
  '    if (row === n) {', //                              4
  '      board.say("all " + n + " rows filled");', //     5
  '      board.found();', //                              6
  '      return;', //                                     7
  '    }', //                                             8
  '    for (let col = 0; col < n; col++) {', //           9
  '      if (!board.safe(row, col)) continue;', //       10
  '      cols.push(col);', //                            11
  '      board.place(row, col);', //                     12
  '      fill(row + 1);', //                             13
  '      board.remove(row, col);', //                    14
  '      cols.pop();', //                                15
  '    }', //                                            16
  '  }', //                                              17
  '  fill(0);', //                                       18
  '}', //                                                19
].join('\n');

/** The same search in the test: each step's queens by row, counters, line and said text. */
function replay(n) {
  const steps = [{ queens: new Array(n).fill(-1), steps: 0, checks: 0, placements: 0, solutions: 0, line: 0, said: null }];
  const cols = [];
  let checks = 0, placements = 0, solutions = 0, said = null;
  const attacked = (row, col) => cols.some((c, r) => c === col || Math.abs(c - col) === row - r);
  const step = (line) => {
    const queens = new Array(n).fill(-1);
    cols.forEach((c, r) => { queens[r] = c; });
    steps.push({ queens, steps: steps.length, checks, placements, solutions, line, said });
    said = null;
  };
  const fill = (row) => {
    if (row === n) {
      said = `all ${n} rows filled`;
      solutions++;
      step(6);
      return;
    }
    for (let col = 0; col < n; col++) {
      checks++;
      if (attacked(row, col)) continue;
      cols.push(col);
      placements++;
      step(12);
      fill(row + 1);
      cols.pop();
      step(14);
    }
  };
  fill(0);
  return steps;
}

test('a hand-written program: what the page shows at every step is the test’s own replay of it, stepping forward by key and back by button', async () => {
  const n = 5;
  const { page, errors } = await openProgram(PROGRAM, { n });
  const expected = replay(n);
  const lines = PROGRAM.split('\n');
  assert.equal(await run(page), 'done');
  let y = await yours(page);
  assert.equal(y.steps, expected.length - 1);
  assert.equal(y.step, y.steps, 'a finished run shows its last step');
  await page.click('#code [data-part=home]');
  await page.locator('body').focus();
  for (let k = 0; k < expected.length; k++) {
    if (k > 0) await page.keyboard.press('ArrowRight');
    y = await yours(page);
    const want = expected[k];
    assert.equal(y.step, k);
    assert.deepEqual(y.queens, want.queens, `queens at step ${k}`);
    const s = await stats(page);
    // The checks of a step are those made before it (this search makes none after its last step).
    assert.deepEqual(s, { steps: k, checks: want.checks, placements: want.placements, solutions: want.solutions }, `counters at step ${k}`);
    if (k > 0) assert.equal(await markedLine(page, 'cm-step-line'), lines[want.line - 1], `the line marked at step ${k}`);
    if (want.said) assert.match(await page.textContent('#code [data-part=sentence]'), new RegExp(want.said), `the said sentence at step ${k}`);
  }
  // Back by button, to the start.
  for (let k = expected.length - 2; k >= expected.length - 6; k--) {
    await page.click('#code [data-part=step-back]');
    assert.deepEqual((await yours(page)).queens, expected[k].queens, `back to step ${k}`);
  }
  await page.keyboard.press('Home');
  assert.equal((await yours(page)).step, 0);
  await page.keyboard.press('End');
  assert.equal((await yours(page)).step, expected.length - 1);
  assertNoErrors(errors);
  await page.close();
});

test('a link’s program is shown and not run until Run; a malformed src= is a sentence and the starter', async () => {
  const { page, errors } = await openProgram(PROGRAM, { n: 4 });
  assert.equal(await page.getAttribute('#code', 'data-state'), 'idle');
  assert.equal(await page.evaluate(() => document.querySelector('#code .cm-content')?.textContent?.includes('board.say("all " + n + " rows filled");')), true);
  await pageIdle(page); // a run the link started would be under way by now
  assert.deepEqual(await yours(page), { state: 'idle', step: 0, steps: 0, queens: [-1, -1, -1, -1], verdict: null, stale: false, tree: null });
  assert.equal(await run(page), 'done');
  assert.equal((await yours(page)).steps, replay(4).length - 1);
  assertNoErrors(errors);
  await page.close();

  const bad = await openPage('/?mode=code&n=4&src=%40%40not-a-program');
  await bad.page.waitForSelector('#code .cm-editor');
  assert.match(await message(bad.page), /src=.*Showing the starter program/);
  assert.match(await bad.page.textContent('#code .cm-content'), /function solve\(n, board\)/);
  assert.equal(await bad.page.getAttribute('#code', 'data-state'), 'idle');
  await bad.page.close();
});

/** The solutions of n, counted here by a plain search. */
function count(n) {
  const cols = [];
  const go = (row) => {
    if (row === n) return 1;
    let total = 0;
    for (let c = 0; c < n; c++) {
      if (cols.some((x, r) => x === c || Math.abs(x - c) === row - r)) continue;
      cols.push(c);
      total += go(row + 1);
      cols.pop();
    }
    return total;
  };
  return go(0);
}

test('Check my search: right for a right program, and the planted wrong, duplicate and missing boards counted for each N', async () => {
  const { page, errors } = await openProgram(PROGRAM, { n: 6 });
  await page.click('#code [data-part=grade]');
  await page.waitForSelector('#code[data-verdict]', { timeout: 30_000 });
  assert.equal(await page.getAttribute('#code', 'data-verdict'), 'right');
  for (let n = 1; n <= 6; n++) {
    const row = await page.evaluate((k) => { const tr = document.querySelector(`#code tr[data-n="${k}"]`); return tr && { ...tr.dataset }; }, n);
    assert.deepEqual(row, { n: String(n), found: String(count(n)), expected: String(count(n)), wrong: '0', duplicates: '0', missed: '0' }, `N = ${n}`);
  }
  await page.close();

  // Skips every board whose first queen is in column 1, reports the others
  // twice when their first queen is in column 0, and at N = 5 reports every
  // board of four safe queens whose first is in column 0 (a queen short).
  const planted = PROGRAM
    .replace('      board.found();', '      if (cols[0] === 1) return;\n      board.found();\n      if (cols[0] === 0) board.found();')
    .replace('    if (row === n) {', '    if (row === n - 1 && n === 5 && cols[0] === 0) board.found();\n    if (row === n) {');
  const second = await openProgram(planted, { n: 6 });
  await second.page.click('#code [data-part=grade]');
  await second.page.waitForSelector('#code[data-verdict]', { timeout: 30_000 });
  assert.equal(await second.page.getAttribute('#code', 'data-verdict'), 'wrong');
  for (let n = 1; n <= 6; n++) {
    // The truth here: every solution of n, by first column.
    const sols = [];
    const cols = [];
    const go = (row) => {
      if (row === n) { sols.push([...cols]); return; }
      for (let c = 0; c < n; c++) {
        if (cols.some((x, r) => x === c || Math.abs(x - c) === row - r)) continue;
        cols.push(c); go(row + 1); cols.pop();
      }
    };
    go(0);
    const missed = sols.filter((s) => s[0] === 1).length;
    const duplicates = sols.filter((s) => s[0] === 0).length;
    // The short boards: row n-1 reached with the first queen in column 0, at N = 5.
    let wrong = 0;
    if (n === 5) {
      const partial = [];
      const walk = (row) => {
        if (row === n - 1 && partial[0] === 0) wrong++;
        if (row === n) return;
        for (let c = 0; c < n; c++) {
          if (partial.some((x, r) => x === c || Math.abs(x - c) === row - r)) continue;
          partial.push(c); walk(row + 1); partial.pop();
        }
      };
      walk(0);
    }
    const row = await second.page.evaluate((k) => ({ ...document.querySelector(`#code tr[data-n="${k}"]`).dataset }), n);
    assert.deepEqual(row, { n: String(n), found: String(sols.length - missed), expected: String(sols.length), wrong: String(wrong), duplicates: String(duplicates), missed: String(missed) }, `N = ${n}`);
  }
  assert.match(await second.page.textContent('#code [data-part=verdict]'), /not a solution.*twice.*missed/s);
  assert.equal(await second.page.isVisible('#code [data-part=wrong-figure]'), true, 'the first wrong board is drawn');
  assert.equal(await second.page.isVisible('#code [data-part=missed-figure]'), true, 'a missed solution is drawn');
  assertNoErrors(second.errors);
  assertNoErrors(errors);
  await second.page.close();
});

test('limits: 2,000,000 calls kept and playable, a bad call, an exception, a syntax error and a stack overflow, each with its line marked', async () => {
  const { page, errors } = await openProgram('function solve(n, board) {\n  for (;;) board.safe(0, 0);\n}\n', { n: 4 });
  assert.equal(await run(page), 'stopped');
  assert.match(await message(page), /2,000,000 tracer calls/);
  assert.equal((await stats(page)).checks, 2_000_000);
  await page.close();

  const cases = [
    { program: 'function solve(n, board) {\n  board.place(0, 0);\n  board.place(0, n);\n}\n', line: 3, text: /board\.place\(0, 4\) on line 3 names a square off the 4×4 board/ },
    { program: 'function solve(n, board) {\n  board.place(1, 1);\n  board.place(1, 1);\n}\n', line: 3, text: /board\.place\(1, 1\) on line 3 puts a second queen/ },
    { program: 'function solve(n, board) {\n  board.remove(2, 2);\n}\n', line: 2, text: /board\.remove\(2, 2\) on line 2 takes away a queen that is not there/ },
    { program: 'function solve(n, board) {\n  board.place(0, 0);\n  throw new Error("my own error");\n}\n', line: 3, text: /line 3.*my own error/ },
    { program: 'function solve(n, board) {\n  let x = ;\n}\n', line: 2, text: /line 2.*SyntaxError/ },
    { program: 'function solve(n, board) {\n  return 1 + solve(n, board);\n}\n', line: 2, text: /line 2.*stack/ },
  ];
  for (const c of cases) {
    const opened = await openProgram(c.program, { n: 4 });
    assert.equal(await run(opened.page), 'error', c.program);
    assert.match(await message(opened.page), c.text);
    assert.equal(await markedLine(opened.page, 'cm-error-line'), c.program.split('\n')[c.line - 1], `the error's line is marked: ${c.program}`);
    assertNoErrors(opened.errors);
    await opened.page.close();
  }
  assertNoErrors(errors);
});

test('limits: an endless loop with no tracer calls stops at the 10 s limit; Stop ends one at once', async () => {
  const { page, errors } = await openProgram('function solve(n, board) {\n  board.place(0, 0);\n  while (true) {}\n}\n', { n: 4 });
  // The page's clock (its timers) is moved on by hand: the limit is a timer
  // of the page's, and the worker loops for as long as it is not stopped.
  // Paused: it moves only when told, however long the machine takes between steps.
  await page.clock.install();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await page.click('#code [data-part=run]');
  await page.waitForSelector('#code[data-state=running]');
  // The worker's first call reaches the page in its own time: the clock
  // moves on a fifth of a second (the progress line's tick) until the line
  // counts it.
  let moved = 0;
  await waitUntil(async () => {
    await page.clock.runFor(200);
    moved += 200;
    return /, 1 call so far\./.test(await page.textContent('#code [data-part=run-line]'));
  }, { timeout: 10_000, interval: 100, message: 'the call made before the loop to reach the page' });
  assert.ok(moved < 9_800, `the call came within ${moved} ms of the page's clock`);
  await page.clock.runFor(9_800 - moved);
  assert.equal(await page.getAttribute('#code', 'data-state'), 'running', 'still running at 9.8 s');
  assert.match(await page.textContent('#code [data-part=run-line]'), /Running: 9\.\d s/);
  await page.clock.runFor(400);
  await page.waitForFunction((ended) => ended.includes(document.querySelector('#code')?.getAttribute('data-state')), ENDED, { timeout: 5_000 });
  assert.equal(await page.getAttribute('#code', 'data-state'), 'stopped', 'stopped at 10 s');
  assert.match(await message(page), /10 seconds/);
  assert.equal((await yours(page)).steps, 1, 'the step made before the loop is kept');
  await page.clock.resume();
  await page.click('#code [data-part=run]');
  await page.waitForSelector('#code[data-state=running]');
  await page.waitForFunction(() => /Running: \d+\.\d s/.test(document.querySelector('#code [data-part=run-line]')?.textContent ?? ''));
  const stopAt = Date.now();
  await page.click('#code [data-part=stop]');
  await page.waitForSelector('#code[data-state=stopped]', { timeout: 2_000 });
  // Well inside the 10 s limit, with a loaded test machine's round trips.
  assert.ok(Date.now() - stopAt < 3_000, 'Stop ends the run at once');
  assertNoErrors(errors);
  await page.close();
});

/** A server that answers 404 and records every request it gets. */
async function recordingServer() {
  const requests = [];
  const srv = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(404, { 'access-control-allow-origin': '*' });
    res.end();
  });
  srv.on('upgrade', (req, socket) => { requests.push(`UPGRADE ${req.url}`); socket.destroy(); });
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${srv.address().port}`, requests, close: () => new Promise((resolve) => srv.close(resolve)) };
}

test('no network and no storage: each attempt is a sentence, and the recording server gets no request', async () => {
  const rec = await recordingServer();
  const program = `function solve(n, board) {
  const at = ${JSON.stringify(rec.base)};
  const tries = [
    ['fetch', () => fetch(at + '/fetch')],
    ['XMLHttpRequest', () => { const x = new XMLHttpRequest(); x.open('GET', at + '/xhr'); x.send(); }],
    ['WebSocket', () => new WebSocket(at.replace('http', 'ws') + '/ws')],
    ['EventSource', () => new EventSource(at + '/es')],
    ['importScripts', () => importScripts(at + '/import.js')],
    ['import()', () => import(at + '/dynamic.js')],
    ['Worker', () => new Worker(at + '/worker.js')],
    ['indexedDB', () => indexedDB.open('mine')],
    ['caches', () => caches.open('mine')],
    ['Function', () => (function () {}).constructor('return fetch')()(at + '/function')],
    ['eval', () => eval('fetch(at + "/eval")')],
    ['setTimeout', () => setTimeout('fetch("' + at + '/timer")', 0)],
    ['prototype', () => Object.getPrototypeOf(self).fetch.call(self, at + '/proto')],
  ];
  for (const [name, attempt] of tries) {
    let said;
    try {
      const got = attempt();
      if (got && typeof got.catch === 'function') got.catch(() => {});
      said = name + ': no error';
    } catch (error) {
      said = name + ': ' + error.message;
    }
    board.say(said);
    board.place(0, 0);
    board.remove(0, 0);
  }
}
`;
  const { page, errors } = await openProgram(program, { n: 4 });
  assert.equal(await run(page), 'done');
  const y = await yours(page);
  assert.equal(y.steps, 26);
  const sentences = [];
  await page.click('#code [data-part=home]');
  await page.locator('body').focus();
  for (let k = 1; k <= 25; k += 2) {
    await page.keyboard.press('ArrowRight');
    sentences.push(await page.textContent('#code [data-part=sentence]'));
    await page.keyboard.press('ArrowRight');
  }
  for (const s of sentences) assert.match(s, /: .*(blocked|not a function|is not defined|Cannot read)/, s);
  for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts', 'import()', 'indexedDB', 'caches']) {
    assert.ok(sentences.some((s) => s.includes(`${name}: ${name} is blocked`)), `${name} is refused with a sentence: ${sentences.join(' | ')}`);
  }
  // A fixed wait, to prove that nothing came: a request the worker sent
  // before its run ended reaches a server on this machine well within 1 s.
  await page.waitForTimeout(1_000);
  assert.deepEqual(rec.requests, [], 'the recording server got no request');
  assertNoErrors(errors);
  await screenshot(page, 'code-blocked');
  await page.close();
  await rec.close();
});

test('every starter runs and is checked at N = 8: the three searches right, the three with a planted bug wrong, naming the bug’s effect', async () => {
  const { page, errors } = await openPage('/?mode=code&n=8');
  await page.waitForSelector('#code .cm-editor');
  const starters = await page.evaluate(() => [...document.querySelectorAll('#code [data-part=starter] option')].map((o) => o.value).filter(Boolean));
  assert.equal(starters.length, 6);
  const effects = { 'bug-diagonal': /not a solution.*attack each other/, 'bug-twice': /reported a solution twice/, 'bug-early': /not a solution.*has \d+ queens?, not \d+/ };
  for (const id of starters) {
    await page.selectOption('#code [data-part=starter]', id);
    // A failed check shows the N where it first went wrong, and the N field follows it: back to 8.
    await page.fill('#code [data-part=n]', '8');
    await page.dispatchEvent('#code [data-part=n]', 'change');
    await page.click('#code [data-part=grade]');
    await page.waitForSelector('#code[data-verdict]:not([data-state=running])', { timeout: 60_000 });
    const verdict = await page.getAttribute('#code', 'data-verdict');
    assert.equal(verdict, id.startsWith('bug-') ? 'wrong' : 'right', `${id}: ${await page.textContent('#code [data-part=verdict]')}`);
    if (effects[id]) assert.match(await page.textContent('#code [data-part=verdict]'), effects[id], id);
    assert.equal(await page.getAttribute('#code tr[data-n="8"]', 'data-expected'), '92');
  }
  assertNoErrors(errors);
  await page.close();
});

// ---- What a student tripped over -------------------------------------------------

/** A row-by-row search that says each solution's columns; `last` is the loop's bound (`n` is right, `n - 1` loses solutions). */
const SAYING = (last) => [
  'function solve(n, board) {',
  '  const cols = [];',
  '  function go(row) {',
  '    if (row === n) { board.say("N " + n + ": " + cols.join("")); board.found(); return; }',
  `    for (let c = 0; c < ${last}; c++) {`,
  '      if (!board.safe(row, c)) continue;',
  '      cols.push(c); board.place(row, c); go(row + 1); board.remove(row, c); cols.pop();',
  '    }',
  '  }',
  '  go(0);',
  '}',
].join('\n');

/** Every solution of n as its columns' text, in a row-by-row order: the test's own enumeration. */
function solutionsOf(n) {
  const out = [];
  const cols = [];
  const go = (row) => {
    if (row === n) return void out.push(cols.join(''));
    for (let c = 0; c < n; c++) {
      if (cols.some((q, r) => q === c || Math.abs(q - c) === row - r)) continue;
      cols.push(c); go(row + 1); cols.pop();
    }
  };
  go(0);
  return out;
}

test('a failed Check shows where it first went wrong with N following; an edit or a new run marks its verdict out of date; each N keeps its own say() texts', async () => {
  const { page, errors } = await openProgram(SAYING('n - 1'), { n: 6, viewport: { width: 390, height: 844 } });
  await page.click('#code [data-part=grade]');
  await page.waitForSelector('#code[data-verdict]:not([data-state=running])', { timeout: 30_000 });
  assert.equal(await page.getAttribute('#code', 'data-verdict'), 'wrong');
  // c < n - 1 finds nothing at N = 1, which has one solution: the board is 1×1 and N says so.
  assert.equal(await page.inputValue('#code [data-part=n]'), '1');
  assert.match(await message(page), /Showing N = 1, where it first went wrong \(the check went up to N = 6\)/);
  assert.match(await page.getAttribute('#code [data-part=board]', 'aria-label'), /^1×1 board/);
  // The missed solution of N = 1 (one queen, column 0) was never placed: the run's last step, 0 (it made none).
  const missed = await page.$eval('#code [data-part=missed-step]', (e) => [e.dataset.n, e.dataset.solution, e.dataset.step]);
  assert.deepEqual(missed, ['1', '0', '0']);
  assert.equal(await page.isVisible('#code [data-part=verdict-stale]'), false);

  // The fixed program, run: the verdict above is about the old one.
  await page.fill('#code .cm-content', SAYING('n'));
  await page.waitForSelector('#code [data-part=grade-panel][data-stale]');
  assert.match(await page.textContent('#code [data-part=verdict-stale]'), /^Out of date: The program was edited/);
  assert.equal((await yours(page)).stale, true);
  assert.equal(await run(page), 'done');
  assert.equal(await page.getAttribute('#code', 'data-verdict'), 'wrong', 'the old verdict stays, marked');
  assert.equal(await page.isVisible('#code [data-part=verdict-stale]'), true);

  // Checked again up to 6: right, current, and the trace of N = 6 says its own solutions at its found() steps.
  await page.fill('#code [data-part=n]', '6');
  await page.dispatchEvent('#code [data-part=n]', 'change');
  await page.click('#code [data-part=grade]');
  await page.waitForSelector('#code[data-verdict]:not([data-state=running])', { timeout: 30_000 });
  assert.equal(await page.getAttribute('#code', 'data-verdict'), 'right');
  assert.equal(await page.isVisible('#code [data-part=verdict-stale]'), false);
  assert.equal(await page.inputValue('#code [data-part=n]'), '6');
  const said = [];
  const steps = (await yours(page)).steps;
  await page.click('#code [data-part=home]');
  for (let k = 1; k <= steps; k++) {
    await page.keyboard.press('ArrowRight');
    const text = await page.textContent('#code [data-part=sentence]');
    const m = /: (N \d+: \d+)$/.exec(text);
    if (m) said.push(m[1]);
  }
  assert.deepEqual(said, solutionsOf(6).map((cols) => `N 6: ${cols}`));
  // Stepping marks each step's line in the editor above the board, and the page stays on the board.
  await page.evaluate(() => document.querySelector('#code [data-part=board]').scrollIntoView({ block: 'center' }));
  await page.click('#code [data-part=home]');
  for (let k = 0; k < 12; k++) await page.keyboard.press('ArrowRight');
  const box = await page.evaluate(() => { const r = document.querySelector('#code [data-part=board]').getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
  assert.ok(box.top >= 0 && box.bottom <= 844, `the board is in view: ${JSON.stringify(box)}`);
  assertNoErrors(errors);
  await page.close();
});

// ---- The learner's own state at each step --------------------------------------

const STATE_PROGRAM = [
  'function solve(n, board) {',
  '  const cols = [];',
  '  let used = 0;',
  '  function go(row) {',
  '    if (row === n) { board.found(); return; }',
  '    for (let c = 0; c < n; c++) {',
  '      if (used & (1 << c) || cols.some((q, r) => Math.abs(q - c) === row - r)) continue;',
  '      cols.push(c); used |= 1 << c;',
  '      board.place(row, c);',
  '      go(row + 1);',
  '      cols.pop(); used &= ~(1 << c);',
  '      board.remove(row, c);',
  '    }',
  '  }',
  '  go(0);',
  '}',
].join('\n');

/** The same search in the test: after each step, the variables of the function that made it and the calls under way. */
function stateReplay(n) {
  const out = [];
  const cols = [];
  let used = 0;
  const stack = [['solve', `solve(n=${n}, board="board")`]];
  const go = (row) => {
    stack.push(['go', `go(row=${row})`]);
    if (row === n) out.push({ vars: { row, cols: [...cols], used, n }, stack: stack.map((f) => [...f]) });
    else {
      for (let c = 0; c < n; c++) {
        if (used & (1 << c) || cols.some((q, r) => Math.abs(q - c) === row - r)) continue;
        cols.push(c); used |= 1 << c;
        out.push({ vars: { c, row, cols: [...cols], used, n }, stack: stack.map((f) => [...f]) });
        go(row + 1);
        cols.pop(); used &= ~(1 << c);
        out.push({ vars: { c, row, cols: [...cols], used, n }, stack: stack.map((f) => [...f]) });
      }
    }
    stack.pop();
  };
  go(0);
  return out;
}

/** The variables and calls the page shows. */
const shownState = (page) => page.evaluate(() => ({
  vars: Object.fromEntries([...document.querySelectorAll('#code [data-part=variables] [data-var]')].map((e) => [e.getAttribute('data-var'), JSON.parse(e.getAttribute('data-value'))])),
  stack: [...document.querySelectorAll('#code [data-part=call-stack] [data-frame]')].map((e) => [e.getAttribute('data-function'), e.textContent]),
  bits: document.querySelector('#code [data-var=used] [data-part=bits]')?.textContent ?? null,
}));

test('JavaScript: the variables and the call stack at a step are the program’s own, computed here, and stepping back shows them as they were', async () => {
  const n = 5;
  const { page, errors } = await openProgram(STATE_PROGRAM, { n });
  assert.equal(await run(page), 'done');
  const truth = stateReplay(n);
  assert.equal((await yours(page)).steps, truth.length);
  await page.click('#code [data-part=home]');
  const check = async (k) => {
    const shown = await shownState(page);
    assert.deepEqual(shown.vars, truth[k - 1].vars, `step ${k}`);
    assert.deepEqual(shown.stack, truth[k - 1].stack, `step ${k}`);
    assert.equal(shown.bits, ` 0b${truth[k - 1].vars.used.toString(2).padStart(n, '0')}`, `step ${k}: the mask in binary`);
  };
  for (let k = 1; k <= 30; k++) {
    await page.keyboard.press('ArrowRight');
    await check(k);
  }
  // Back: the state as it was, with the cell that changed at step 30 marked.
  for (let k = 29; k >= 20; k--) {
    await page.click('#code [data-part=step-back]');
    await check(k);
  }
  const changed = await page.evaluate(() => [...document.querySelectorAll('#code [data-var=cols] [data-changed]')].length);
  assert.ok(changed <= 1, 'at most the one cell a step changes is marked');
  await page.click('#code [data-part=home]');
  assert.match(await page.textContent('#code [data-part=state-note]'), /^Step 0/);
  assert.equal(await page.locator('#code [data-part=variables] [data-var]').count(), 0);
  assertNoErrors(errors);
  await page.close();
});

test('a search over half of row 0 that says found(2) is graded by its total, right up to N = 8, and the verdict says so', async () => {
  const program = [
    'function solve(n, board) {',
    '  const cols = [];',
    '  function go(row, weight) {',
    '    if (row === n) { board.found(weight); return; }',
    '    const last = row === 0 ? Math.ceil(n / 2) : n;',
    '    for (let c = 0; c < last; c++) {',
    '      if (!board.safe(row, c)) continue;',
    '      cols.push(c); board.place(row, c);',
    '      go(row + 1, row > 0 ? weight : (n % 2 === 1 && c === (n - 1) / 2 ? 1 : 2));',
    '      board.remove(row, c); cols.pop();',
    '    }',
    '  }',
    '  go(0, 1);',
    '}',
  ].join('\n');
  const { page, errors } = await openProgram(program, { n: 8 });
  await page.click('#code [data-part=grade]');
  await page.waitForSelector('#code[data-verdict]:not([data-state=running])', { timeout: 30_000 });
  const verdict = await page.textContent('#code [data-part=verdict]');
  assert.equal(await page.getAttribute('#code', 'data-verdict'), 'right', verdict);
  assert.match(verdict, /Graded by its total/);
  // The boards it reported are about half of them, each a solution: the test's count of those with row 0 in the left half.
  const found8 = Number(await page.getAttribute('#code tr[data-n="8"]', 'data-found'));
  assert.equal(found8, solutionsOf(8).filter((cols) => Number(cols[0]) < 4).length);
  assertNoErrors(errors);
  await page.close();
});

test('a breakpoint: a click on a line number, and Play stops at each step that line makes', async () => {
  const n = 6;
  const { page, errors } = await openProgram(STATE_PROGRAM, { n });
  assert.equal(await run(page), 'done');
  // Line 5 calls found(): the test's replay says at which steps.
  const truth = stateReplay(n);
  const founds = truth.map((s, i) => (!('c' in s.vars) ? i + 1 : 0)).filter(Boolean);
  await page.click('#code .cm-lineNumbers .cm-gutterElement:text-is("5")');
  await page.waitForSelector('#code .cm-breakpoint-line');
  await page.fill('#code [data-part=speed]', String(await page.getAttribute('#code [data-part=speed]', 'max')));
  await page.dispatchEvent('#code [data-part=speed]', 'input');
  await page.click('#code [data-part=home]');
  for (const step of founds.slice(0, 2)) {
    await page.click('#code [data-part=play]');
    await page.waitForFunction(() => document.querySelector('#code [data-part=play]').getAttribute('aria-pressed') === 'false' && /breakpoint/.test(document.querySelector('#code [data-part=sentence]').textContent));
    assert.equal((await yours(page)).step, step);
    assert.match(await page.textContent('#code [data-part=sentence]'), /Stopped at the breakpoint on line 5/);
  }
  // Cleared: Play runs to the end.
  await page.click('#code .cm-lineNumbers .cm-gutterElement:text-is("5")');
  assert.equal(await page.locator('#code .cm-breakpoint-line').count(), 0);
  await page.click('#code [data-part=play]');
  await page.waitForFunction((last) => window.nqueens.yourSearch.step === last, truth.length);
  assertNoErrors(errors);
  await page.close();
});

test('a missed solution is pointed at: the step that left its deepest partial board, as the test’s replay of the program finds it', async () => {
  // "return for continue": the loop ends at the first attacked square.
  const program = [
    'function solve(n, board) {',
    '  function go(row) {',
    '    if (row === n) { board.found(); return; }',
    '    for (let c = 0; c < n; c++) {',
    '      if (!board.safe(row, c)) return;',
    '      board.place(row, c);',
    '      go(row + 1);',
    '      board.remove(row, c);',
    '    }',
    '  }',
    '  go(0);',
    '}',
  ].join('\n');
  const n = 4;
  // The same search here: its boards after each step.
  const boards = [];
  const cols = [];
  const go = (row) => {
    if (row === n) return void boards.push([...cols]);
    for (let c = 0; c < n; c++) {
      if (cols.some((q, r) => q === c || Math.abs(q - c) === row - r)) return;
      cols.push(c); boards.push([...cols]);
      go(row + 1);
      cols.pop(); boards.push([...cols]);
    }
  };
  go(0);
  const reported = new Set(boards.filter((b) => b.length === n).map((b) => b.join('')));
  const lost = solutionsOf(n).find((s) => !reported.has(s));
  // The deepest prefix of it a board held exactly, first held at step `first`; the first step after that no longer holding it.
  const depth = (b) => (b.every((c, r) => String(c) === lost[r]) ? b.length : 0);
  const best = Math.max(...boards.map(depth));
  const first = boards.findIndex((b) => depth(b) === best) + 1;
  const left = boards.findIndex((b, i) => i >= first && !(b.length >= best && b.slice(0, best).every((c, r) => String(c) === lost[r]))) + 1;
  const { page, errors } = await openProgram(program, { n });
  await page.click('#code [data-part=grade]');
  await page.waitForSelector('#code [data-part=missed-step]', { timeout: 30_000 });
  const shown = await page.$eval('#code [data-part=missed-step]', (e) => ({ ...e.dataset }));
  assert.deepEqual(shown, { part: 'missed-step', n: String(n), solution: [...lost].join(','), step: String(best ? left : boards.length) });
  // Its link shows that step of that N.
  await page.click('#code [data-part=missed-step]');
  assert.equal((await yours(page)).step, Number(shown.step));
  assertNoErrors(errors);
  await page.close();
});

test('typing as on paper: closing brackets can be turned off, and stay off after a reload; the starter’s task goes once the program is replaced', async () => {
  const { page, errors } = await openPage('/?mode=code&n=5');
  await page.waitForSelector('#code .cm-editor');
  assert.equal(await page.isVisible('#code [data-part=task]'), true, 'the starter’s task shows with its program');
  const typed = async (text) => {
    await page.click('#code .cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(text);
    return page.evaluate(() => [...document.querySelectorAll('#code .cm-line')].map((l) => l.textContent).join('\n'));
  };
  assert.equal(await typed('f('), 'f()', 'by default the editor closes a bracket');
  assert.equal(await page.isVisible('#code [data-part=task]'), false, 'a replaced program has no starter’s task');
  await page.uncheck('#code [data-part=close-brackets]');
  assert.equal(await typed('function solve(n, board) {'), 'function solve(n, board) {');
  await revisit(page, '/?mode=code&n=5');
  await page.waitForSelector('#code .cm-editor');
  assert.equal(await page.isChecked('#code [data-part=close-brackets]'), false, 'the choice is kept');
  assert.equal(await typed('g(['), 'g([');
  assertNoErrors(errors);
  await page.close();
});
