#!/usr/bin/env node
// Dependency-free static file server for the repo root (index.html, www/, pkg/),
// or for the static build (dist/, scripts/dist.sh).
//
//   node scripts/serve.mjs [--port N] [--root DIR | --dist]   (env PORT also works; default 8080)
//
// Binds 127.0.0.1 only, sends correct MIME types (application/wasm for .wasm so
// WebAssembly.instantiateStreaming works), `Cache-Control: no-cache` so a rebuilt
// pkg/ is always picked up (a copy the browser holds is revalidated: ETag, 304),
// refuses path traversal and serves `/` as index.html (a folder without one
// as a list of what it holds, so any folder may be the root).
// A file with a precompressed `.br` or `.gz` beside it (the build writes them)
// goes out compressed to a browser that accepts it (`Content-Encoding`, `Vary:
// Accept-Encoding`); the source tree has none, so development is served as written.
//
// Also a module: `startServer({ root, port })` (port 0 = any free port) resolves
// to { url, port, server, close } -- the e2e tests use it.

import http from 'node:http';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;
/** How long a request's headers (and so its URL) may be: 256 KiB. */
export const MAX_HEADER_BYTES = 256 * 1024;
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.toml': 'text/plain; charset=utf-8',
  '.lock': 'text/plain; charset=utf-8',
  '.rs': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

export function mimeType(file) {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function sendText(res, status, text, headers = {}) {
  const body = `${text}\n`;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** The precompressed siblings a file may have, best first. */
const ENCODINGS = [['br', '.br'], ['gzip', '.gz']];

/**
 * Whether an Accept-Encoding header accepts `coding` (`*` counts; `;q=0` refuses).
 * @param {string | undefined} header
 * @param {string} coding
 */
export function acceptsEncoding(header, coding) {
  let verdict = false;
  for (const part of String(header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';').map((x) => x.trim());
    if (name !== coding && name !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    const ok = !q || Number(q.slice(2)) > 0;
    if (name === coding) return ok;
    verdict = ok;
  }
  return verdict;
}

/** Map a request URL path to a file under root, or null if it escapes root. */
export function resolveRequestPath(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  // Refuse any `..` segment outright (even ones that would stay inside root).
  if (decoded.split('/').some((seg) => seg === '..')) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return file;
}

async function handle(root, req, res, log) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, '405 Method Not Allowed', { Allow: 'GET, HEAD' });
    return;
  }
  const urlPath = (req.url ?? '/').split(/[?#]/, 1)[0] || '/';
  if (!urlPath.startsWith('/')) {
    sendText(res, 400, '400 Bad Request');
    return;
  }
  let file = resolveRequestPath(root, urlPath);
  if (file === null) {
    sendText(res, 403, '403 Forbidden');
    log(req, 403);
    return;
  }
  let stat = await fsp.stat(file).catch(() => null);
  if (stat?.isDirectory()) {
    if (!urlPath.endsWith('/')) {
      // Redirect so relative URLs inside the directory's index.html resolve.
      res.writeHead(301, { Location: `${urlPath}/`, 'Cache-Control': 'no-cache', 'Content-Length': 0 });
      res.end();
      log(req, 301);
      return;
    }
    const folder = file;
    file = path.join(file, 'index.html');
    stat = await fsp.stat(file).catch(() => null);
    if (!stat) {
      // A folder without index.html: a list of what it holds (hidden entries left out).
      const entries = (await fsp.readdir(folder, { withFileTypes: true }).catch(() => []))
        .filter((entry) => !entry.name.startsWith('.'))
        .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
        .sort();
      const escape = (/** @type {string} */ text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      const items = entries.map((name) => `<li><a href="${escape(encodeURI(name))}">${escape(name)}</a></li>`).join('');
      const body = `<!doctype html><meta charset="utf-8"><title>${escape(urlPath)}</title><h1>${escape(urlPath)}</h1><ul>${items}</ul>`;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
      log(req, 200);
      return;
    }
  }
  // Hidden files and folders (.git, .ci, ...) are never served.
  const hidden = path.relative(root, file).split(path.sep).some((seg) => seg.startsWith('.'));
  if (!hidden && !stat && urlPath === '/favicon.ico') {
    // Browsers ask for it unprompted; "no icon" must not be a console error.
    res.writeHead(204, { 'Cache-Control': 'no-cache' });
    res.end();
    log(req, 204);
    return;
  }
  if (hidden || !stat?.isFile()) {
    sendText(res, 404, `404 Not Found: ${urlPath}`);
    log(req, 404);
    return;
  }
  /** @type {Record<string, string | number>} */
  const headers = {
    'Content-Type': mimeType(file),
    'Content-Length': stat.size,
    'Cache-Control': 'no-cache',
    'Last-Modified': stat.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  // The source tree's service worker (asked for with ?sw=1) lives in www/ but
  // must control the page above it.
  if (path.basename(file) === 'sw.js') headers['Service-Worker-Allowed'] = '/';
  let body = file;
  for (const [coding, suffix] of ENCODINGS) {
    const packed = await fsp.stat(file + suffix).catch(() => null);
    if (!packed?.isFile()) continue;
    // The answer depends on the header whenever a compressed copy exists.
    headers.Vary = 'Accept-Encoding';
    if (body !== file || !acceptsEncoding(req.headers['accept-encoding'], coding)) continue;
    body = file + suffix;
    headers['Content-Encoding'] = coding;
    headers['Content-Length'] = packed.size;
  }
  // A browser that holds a copy asks whether it is current (the service
  // worker's precache does, so a first visit is not downloaded twice). The
  // ETag names the file's size and modification time to the microsecond, and
  // the encoding sent: a file rebuilt within the same second as the copy
  // (Last-Modified's resolution) is still seen to have changed.
  headers.ETag = `"${stat.size.toString(36)}-${Math.round(stat.mtimeMs * 1000).toString(36)}${headers['Content-Encoding'] ? `-${headers['Content-Encoding']}` : ''}"`;
  const tags = req.headers['if-none-match'];
  const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
  const current = tags !== undefined
    ? tags.split(',').some((tag) => tag.trim().replace(/^W\//, '') === headers.ETag)
    : Number.isFinite(since) && Math.floor(stat.mtimeMs / 1000) * 1000 <= since;
  if (current) {
    delete headers['Content-Length'];
    delete headers['Content-Encoding'];
    res.writeHead(304, headers);
    res.end();
    log(req, 304);
    return;
  }
  res.writeHead(200, headers);
  log(req, 200);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = fs.createReadStream(body);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * Start the static server.
 * @param {{root?: string, port?: number, host?: string, quiet?: boolean}} [opts]
 * @returns {Promise<{url: string, port: number, server: http.Server, close: () => Promise<void>}>}
 */
export function startServer({ root = REPO_ROOT, port = DEFAULT_PORT, host = HOST, quiet = true } = {}) {
  const absRoot = path.resolve(root);
  const log = quiet
    ? () => {}
    : (req, status) => console.log(`${new Date().toISOString()} ${status} ${req.method} ${req.url}`);
  // Node's default limit (16 KiB of headers, the URL included) answers 431 to
  // long shared links; puzzle and race links carry state in the query string.
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    handle(absRoot, req, res, log).catch((err) => {
      console.error('serve.mjs: internal error:', err);
      if (!res.headersSent) sendText(res, 500, '500 Internal Server Error');
      else res.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const actualPort = server.address().port;
      const url = `http://${host}:${actualPort}/`;
      const close = () =>
        new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections?.();
        });
      resolve({ url, port: actualPort, server, close });
    });
  });
}

function parseArgs(argv, env) {
  let port = env.PORT !== undefined && env.PORT !== '' ? env.PORT : String(DEFAULT_PORT);
  let root = REPO_ROOT;
  let quiet = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port' || a === '-p') port = argv[++i];
    else if (a.startsWith('--port=')) port = a.slice('--port='.length);
    else if (a === '--root') root = argv[++i];
    else if (a.startsWith('--root=')) root = a.slice('--root='.length);
    else if (a === '--dist') root = path.join(REPO_ROOT, 'dist');
    else if (a === '--quiet' || a === '-q') quiet = true;
    else if (a === '--help' || a === '-h') {
      console.log('usage: node scripts/serve.mjs [--port N] [--root DIR | --dist] [--quiet]   (env PORT; default 8080)');
      process.exit(0);
    } else {
      console.error(`serve.mjs: unknown argument: ${a}`);
      process.exit(2);
    }
  }
  const n = Number(port);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`serve.mjs: invalid port: ${port}`);
    process.exit(2);
  }
  return { port: n, root, quiet };
}

async function main() {
  const { port, root, quiet } = parseArgs(process.argv.slice(2), process.env);
  // Any folder is served (a site root holding course pages and the app under
  // a sub-path); only a missing one, or an unbuilt dist/, is refused.
  const isDist = root === path.join(REPO_ROOT, 'dist');
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory() || (isDist && !fs.existsSync(path.join(root, 'index.html')))) {
    console.error(`serve.mjs: ${path.resolve(root)} is not a folder${isDist ? ' with the built site: run scripts/dist.sh first' : ''}`);
    process.exit(1);
  }
  let srv;
  try {
    srv = await startServer({ root, port, quiet });
  } catch (err) {
    if (err.code === 'EADDRINUSE') {
      console.error(`serve.mjs: port ${port} on ${HOST} is already in use; pick another with --port N or PORT=N`);
    } else {
      console.error(`serve.mjs: cannot listen on ${HOST}:${port}: ${err.message}`);
    }
    process.exit(1);
  }
  console.log(`Serving ${path.resolve(root)} at ${srv.url}  (Ctrl-C to stop)`);
  const stop = async () => {
    await srv.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main();
}
