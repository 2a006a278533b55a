// Hostile Python programs in "Your search", and a program that takes the
// tab down (www/program/box.js, guard.js, keep.js): Pyodide's ways out
// (pyodide.http's XHR, js.eval of an import, fonts, WebSocketStream, the
// private file system) make no request to a logging server of the test's
// own and leave no storage a later tab finds; the runner's state reached
// through frames (sys._getframe(1).f_locals: its flush, its max_calls)
// forges no verdict and no extra calls; a 2^28-character exception and a
// million say() calls leave the page alive; a tab that crashes during a run
// reopens with the program in the editor, named, not run.
// e2e: run alone
// test group: slow (scripts/test.sh): Python in the box (Pyodide, 13 MB), and a renderer crashed on purpose.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import { openPage, revisit, closeHarness, url } from './helpers.mjs';

after(closeHarness);

const pack = (program) => zlib.deflateRawSync(Buffer.from(program, 'utf8')).toString('base64url');
const ENDED = ['done', 'error', 'stopped'];

async function press(page, part, timeout = 120_000) {
  await page.click(`#code [data-part=${part}]`);
  await page.waitForFunction((ended) => ended.includes(document.querySelector('#code')?.getAttribute('data-state')), ENDED, { timeout });
  return page.getAttribute('#code', 'data-state');
}
const message = (page) => page.textContent('#code [data-part=message]');
async function open(page, program, n = 4) {
  await revisit(page, `/?mode=code&lang=py&n=${n}&src=${pack(program)}`);
  await page.waitForSelector('#code .cm-editor');
}

test('hostile Python: no request, no storage left, no forged verdict or calls, a huge exception a short sentence', async () => {
  const requests = [];
  const srv = http.createServer((req, res) => { requests.push(`${req.method} ${req.url}`); res.writeHead(200, { 'access-control-allow-origin': '*' }); res.end('ok'); });
  srv.on('upgrade', (req, socket) => { requests.push(`UPGRADE ${req.url}`); socket.destroy(); });
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  srv.unref(); // a failed assertion before the close below must not keep the test process alive
  const at = `http://127.0.0.1:${srv.address().port}`;
  const { page } = await openPage('/?mode=code&lang=py&n=4');

  await open(page, `import js
def solve(n, board):
    at = ${JSON.stringify(at)}
    def pyxhr():
        from pyodide.http import pyxhr
        return pyxhr.get(at + "/pyxhr")
    def xhr():
        import pyodide.http
        x = pyodide.http.XMLHttpRequest.new()
        x.open("GET", at + "/xhr")
        x.send()
    def opfs():
        js.navigator.storage.getDirectory().then(lambda d: d.getFileHandle("escape-file", js.Object.fromEntries([["create", True]])))
    tries = [
        pyxhr, xhr,
        lambda: js.eval("import('" + at + "/eval.js')"),
        lambda: js.Function("return import('" + at + "/function.js')")(),
        lambda: js.FontFace.new("f", "url(" + at + "/font)").load(),
        lambda: js.WebSocketStream.new(at.replace("http", "ws") + "/wss"),
        opfs,
    ]
    for attempt in tries:
        try:
            attempt()
        except BaseException:
            pass
    board.place(0, 0)
`);
  assert.equal(await press(page, 'run'), 'done', await message(page));
  const said = await message(page);
  assert.match(said, /The browser refused a request to http:\/\/127\.0\.0\.1:\d+\/pyxhr/, said);
  assert.match(said, /The browser refused code built from text/, said);

  // The runner's flush, reached through the frame above solve(), sends a board of N = 2 where N = 1 was asked.
  await open(page, `import sys
from array import array
def solve(n, board):
    f = sys._getframe(1).f_locals
    f["flush"](array("i", [6, 0, 2, 0, 4, -1, -1, 3]), [], 0, [], [], [], [], [])
    f["max_calls"] = 10 ** 9
`, 3);
  await press(page, 'grade');
  await page.waitForSelector('#code[data-verdict]');
  assert.equal(await page.getAttribute('#code', 'data-verdict'), 'wrong');
  assert.match(await page.textContent('#code [data-part=verdict]'), /tampered/);

  // max_calls raised through the frame: the page counts the calls and stops the run at its limit.
  await open(page, `import sys
def solve(n, board):
    sys._getframe(1).f_locals["max_calls"] = 10 ** 9
    while True:
        board.safe(0, 0)
`);
  assert.equal(await press(page, 'run'), 'stopped');
  assert.match(await message(page), /2,000,000 tracer calls/);
  const checks = Number(await page.getAttribute('#code [data-stat=checks]', 'data-value'));
  assert.ok(checks > 1_000_000 && checks <= 2_000_000, `${checks} checks`);

  await open(page, `def solve(n, board):
    board.place(0, 0)
    raise Exception("x" * 2 ** 28)
`);
  assert.equal(await press(page, 'run'), 'error');
  const huge = await message(page);
  assert.ok(huge.length < 3_000, `a message of ${huge.length} characters: ${huge.slice(0, 300)}`);

  await open(page, `def solve(n, board):
    for i in range(1_000_000):
        board.say("s")
    board.place(0, 0)
`);
  assert.equal(await press(page, 'run'), 'done', await message(page));
  assert.equal(await page.textContent('#code [data-part=sentence]').then((s) => /Maximum call stack/.test(s)), false);

  await revisit(page, '/?mode=code&lang=js');
  const left = await page.evaluate(async () => {
    const found = [];
    for (const db of await indexedDB.databases()) if (/escape/.test(db.name ?? '')) found.push(db.name);
    const root = await navigator.storage.getDirectory();
    for await (const name of root.keys()) found.push(name);
    return found;
  });
  assert.deepEqual(left, []);
  assert.deepEqual(requests, [], 'the recording server got no request');
  await page.close();
  await new Promise((resolve) => srv.close(resolve));
});

test('a tab that dies during a run reopens with the program in the editor, named and not run', async () => {
  const program = 'function solve(n, board) {\n  board.place(0, 0);\n  const keep = [];\n  for (;;) keep.length;\n}\n';
  const { page, context } = await openPage(`/?mode=code&lang=js&n=4&src=${pack(program)}`);
  await page.waitForSelector('#code .cm-editor');
  await page.click('#code [data-part=run]');
  await page.waitForFunction(() => /1 call so far/.test(document.querySelector('#code [data-part=run-line]')?.textContent ?? ''), null, { timeout: 20_000 });
  // The renderer crashes as it would when the program used all memory.
  const cdp = await context.newCDPSession(page);
  const crashed = new Promise((resolve) => page.once('crash', resolve));
  cdp.send('Page.crash').catch(() => {});
  await crashed;
  const again = await context.newPage();
  await again.goto(await url('/?mode=code&lang=js'));
  await again.waitForSelector('#code[data-crashed=true]', { timeout: 20_000 });
  assert.match(await again.textContent('#code [data-part=message]'), /The page closed while a JavaScript program ran .*"function solve\(n, board\) \{"/);
  const shown = await again.evaluate(() => [...document.querySelectorAll('#code .cm-line')].map((l) => l.textContent).join('\n'));
  assert.equal(shown.trimEnd(), program.trimEnd());
  assert.equal(await again.getAttribute('#code', 'data-state'), 'idle', 'not run');
  // Named once: the next visit opens as usual.
  await again.reload();
  await again.waitForSelector('#code .cm-editor');
  assert.equal(await again.getAttribute('#code', 'data-crashed'), null);
  await context.close();
});
