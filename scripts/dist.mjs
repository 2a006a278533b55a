#!/usr/bin/env node
// The static build: dist/ holds everything the page needs, for any static
// host under any sub-path (every URL in the page is relative), with no
// server logic. scripts/dist.sh builds the wasm first and then runs this.
//
//   node scripts/dist.mjs [--out DIR]        (default dist/; pkg/ must exist)
//
// It copies index.html, www/ (modules, workers, style, the modes' markup,
// manifest, icons) and pkg/ (the glue and the wasm) with the same layout,
// minifies each JS and CSS file on its own with esbuild's transform (no
// bundle: the modules stay the modules the source tree has, so a stack trace
// names the same file), strips the HTML's comments and indentation, and puts
// the service worker at the root (www/sw.js, with the build's version and file
// list written in). The built index.html carries the page's frame as
// www/shell/frame.js makes it from MODES (the tabs, every mode's view.html),
// the stylesheets inline (www/style.css, then each mode's style.css; those
// files are then left out), so the first paint needs no script, and, once it
// has painted, asks for
// every module of the first load, and the wasm, at once (modulepreload),
// instead of finding them one import at a time: measured, the preloads took
// Lighthouse's desktop performance from 99 to 100, and waiting for the paint
// its mobile first paint from 0.85-1.96 s to 0.83 s. Beside every
// file that compresses it writes `.br` and `.gz`, for scripts/serve.mjs or any
// host that serves precompressed files.
//
// Also a module: `buildDist({ out })` resolves to the build's summary; the
// e2e tests build into a temporary folder with it.

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, transform } from 'esbuild';
import { copyPyodide, PYODIDE_DIR, PYODIDE_FILES } from './copy-pyodide.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(REPO_ROOT, 'dist');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files this much smaller compressed are worth a `.br`/`.gz` (PNGs are not: already compressed). */
const WORTH_IT = 0.95;
/** What browsers the minified code is for: what the page already needs (module workers, top-level await in none). */
const TARGET = 'es2022';

/**
 * The files of the build, as paths relative to the repository: the page, its
 * modules and workers, its style, manifest and icons, and the core.
 * @returns {Promise<string[]>}
 */
async function sources() {
  const www = await fs.readdir(path.join(REPO_ROOT, 'www'), { recursive: true, withFileTypes: true });
  const files = www
    .filter((d) => d.isFile())
    .map((d) => path.relative(REPO_ROOT, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    // Types are for tsc only; the service worker goes to the root, below.
    .filter((f) => !f.endsWith('.d.ts') && f !== 'www/sw.js');
  return ['index.html', ...files.sort(), 'pkg/nqueens.js', 'pkg/nqueens_bg.wasm', ...PYODIDE_FILES.filter((f) => f !== 'LICENSE').map((f) => `${PYODIDE_DIR}/${f}`)];
}

/**
 * Python (Pyodide, about 13 MB) is copied as it is and not installed with
 * the build: the service worker keeps each of its files the first time the
 * page asks for it (a learner who picks Python), so the build installs fast
 * and works offline for Python after one use.
 * @param {string} file
 */
const onFirstUse = (file) => file.startsWith(`${PYODIDE_DIR}/`);

/**
 * HTML without comments and indentation (inside <pre> nothing is touched).
 * @param {string} html
 */
export function minifyHtml(html) {
  let inPre = false;
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .split('\n')
    .map((line) => {
      const out = inPre ? line : line.trim();
      if (/<pre[\s>]/i.test(line)) inPre = true;
      if (/<\/pre>/i.test(line)) inPre = false;
      return out;
    })
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * What the page loads at start, for `<link rel=modulepreload>`: every module
 * www/shell/main.js imports statically, directly or not (esbuild reads the
 * graph; nothing is bundled), and the core, which www/core/core.js imports when the page starts.
 * @returns {Promise<string[]>}  paths relative to the repository
 */
async function startModules() {
  const { metafile } = await build({
    entryPoints: [path.join(REPO_ROOT, 'www', 'shell', 'main.js')],
    absWorkingDir: REPO_ROOT,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    logLevel: 'silent',
    external: ['../pkg/*'],
  });
  // Only static imports: a mode behind a dynamic import (www/shell/modes.js)
  // loads after the first board, so preloading it would compete with the start.
  // The first mode (the page's default view), which the shell imports at once, is part of the start.
  const inputs = metafile.inputs;
  const reached = new Set(['www/shell/main.js', `www/${(await frameModules()).MODES[0].id}/mode.js`]);
  for (const file of reached) {
    for (const { path: next, kind } of inputs[file]?.imports ?? []) {
      if (kind === 'import-statement' && next in inputs) reached.add(next);
    }
  }
  return [...[...reached].filter((f) => f.startsWith('www/')).sort(), 'pkg/nqueens.js'];
}

/**
 * The shell's MODES and frame.js, which know no DOM until the page runs.
 * @returns {Promise<{ MODES: import('../www/shell/modes.js').ModeEntry[], frame: typeof import('../www/shell/frame.js') }>}
 */
async function frameModules() {
  const at = (/** @type {string} */ file) => pathToFileURL(path.join(REPO_ROOT, 'www', 'shell', file)).href;
  return { MODES: (await import(at('modes.js'))).MODES, frame: await import(at('frame.js')) };
}

/**
 * The page's frame from MODES (www/shell/frame.js): the tabs, the modes'
 * roots and lines of keys, and their style (each style.css, minified, in
 * MODES order).
 * @param {Map<string, Buffer>} built  the minified files
 */
async function pageFrame(built) {
  const { MODES, frame } = await frameModules();
  const read = (/** @type {string} */ file) => {
    const bytes = built.get(file);
    if (!bytes) throw new Error(`${file} is missing: every mode in MODES has a view.html and a style.css`);
    return bytes.toString('utf8');
  };
  const views = MODES.map(({ id }) => frame.splitView(id, read(`www/${id}/view.html`)));
  return {
    tabs: frame.tabsHtml(MODES.map(({ id, label }, i) => ({ id, label, ids: views[i].ids }))),
    roots: views.map((view) => view.roots).join('\n'),
    keys: views.map((view, i) => frame.keysAtStart(view.keys, i === 0)).join('\n'),
    css: MODES.map(({ id }) => read(`www/${id}/style.css`)).join(''),
  };
}

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

/**
 * The description of the algorithm the page opens with, as the page writes
 * it, read from the core itself. The built page carries it in its HTML, for
 * a reader or crawler that runs no script; the panels that hold it stay
 * hidden until the core has attached (they appear filled in, with no layout
 * shift), so it is not part of the first paint. The page writes the same
 * text over it.
 * @returns {Promise<string>}  HTML
 */
async function firstDescription() {
  const source = await fs.readFile(path.join(REPO_ROOT, 'www', 'visualizer', 'mode.js'), 'utf8');
  const id = /const DEFAULT_ALGORITHM = '([\w-]+)'/.exec(source)?.[1];
  if (!id) throw new Error("www/visualizer/mode.js has no `const DEFAULT_ALGORITHM = '…'` line for the build to read");
  const core = await import(pathToFileURL(path.join(REPO_ROOT, 'pkg', 'nqueens.js')).href);
  core.initSync({ module: await fs.readFile(path.join(REPO_ROOT, 'pkg', 'nqueens_bg.wasm')) });
  /** @type {{ id: string, description: string, minN: number, maxN: number }[]} */
  const all = core.algorithms();
  const algorithm = all.find((a) => a.id === id);
  if (!algorithm) throw new Error(`the page's default algorithm "${id}" is not one of the core's`);
  const { description, minN, maxN } = algorithm;
  return `<p>${escapeHtml(description)}</p><p class="facts"><span class="fact">Boards ${minN}×${minN} to ${maxN}×${maxN}</span></p>`;
}

/**
 * The built page: its frame written in, the build's service worker named, the
 * stylesheets inline, the start modules and the wasm preloaded, comments and
 * indentation gone.
 * @param {string} html  index.html
 * @param {{ tabs: string, roots: string, keys: string, css: string }} frame  from pageFrame(): the modes' part
 * @param {string} css  the minified www/style.css
 * @param {string[]} modules  from startModules()
 * @param {string} description  from firstDescription()
 */
function builtPage(html, frame, css, modules, description) {
  const link = '<link rel="stylesheet" href="www/style.css">';
  const script = '<script type="module" src="www/shell/main.js"></script>';
  if (!html.includes(link) || !html.includes(script)) throw new Error(`index.html must hold ${link} and ${script} for the build to rewrite`);
  const nav = '<nav class="views" aria-label="Views"></nav>';
  const error = '<div id="error" role="alert" hidden></div>';
  const footer = '<footer class="site-footer">';
  for (const need of [nav, error, footer]) if (!html.includes(need)) throw new Error(`index.html must hold ${need} for the build to write the modes' frame into`);
  html = html
    .replace(nav, () => nav.replace('></nav>', `>${frame.tabs}</nav>`))
    .replace(error, () => `${error}\n${frame.roots}`)
    .replace(footer, () => `${footer}\n${frame.keys}`);
  const preloads = [
    ...modules.map((m) => `<link rel="modulepreload" href="${m}">`),
    // As wasm-bindgen's glue asks for it (fetch, same origin), so the preload is used.
    '<link rel="preload" href="pkg/nqueens_bg.wasm" as="fetch" type="application/wasm" crossorigin>',
  ];
  const empty = '<div id="description" data-part="description" class="description"></div>';
  if (!html.includes(empty)) throw new Error(`index.html must hold ${empty} for the build to fill in`);
  // The page's script and its preloads wait in a <template> (inert: nothing
  // in it is fetched) until the first contentful paint, then START puts them
  // in the head. Fetched at once, they finished before that paint on a fast
  // host, so Lighthouse's simulated slow network counted every module and the
  // wasm as needed for the first and largest paints (mobile FCP 0.8-2.0 s
  // from run to run; 0.8 s when nothing else had finished by then).
  const start = `<template id="start">${script}${preloads.join('')}</template>\n<script>${START}</script>`;
  return minifyHtml(
    html
      .replace(empty, () => empty.replace('></div>', `>${description}</div>`))
      .replace(link, () => `<style>${(css + frame.css).replace(/<\/style/gi, '<\\/style')}</style>`)
      .replace(script, () => `${start}\n<meta name="service-worker" content="sw.js">`),
  );
}

/**
 * The built page's inline script: moves #start's script and preloads into the
 * head once the page has painted its text: a PerformanceObserver's
 * first-contentful-paint, or the task after the second frame if that comes
 * first (the entry is delivered some tens of ms after the paint); after
 * START_WAIT_MS whatever happens (a page that does not paint: a background
 * tab, a hidden frame), or at once where the browser has no paint timing. The script and the wasm first, the
 * modules' preloads in the next task: each request costs the main thread
 * about a millisecond, four under Lighthouse's mobile CPU. Kept as written
 * in the page, so short.
 */
const START_WAIT_MS = 1000;
const START = `{let t=document.getElementById('start');const go=()=>{if(!t)return;const c=document.importNode(t.content,true),h=document.head;t=null;h.append(c.querySelector('script'),c.querySelector('[as=fetch]'));setTimeout(()=>h.append(c))};try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true});setTimeout(go,${START_WAIT_MS})}catch{go()}requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(go)))}`;

/**
 * One file's bytes as the build has them.
 * @param {string} file  relative to the repository
 * @param {Buffer} bytes
 * @returns {Promise<Buffer>}
 */
async function minified(file, bytes) {
  if (onFirstUse(file)) return bytes;
  if (file.endsWith('.js')) {
    const { code } = await transform(bytes.toString('utf8'), { loader: 'js', format: 'esm', minify: true, target: TARGET, legalComments: 'none', sourcefile: file });
    return Buffer.from(code);
  }
  if (file.endsWith('.css')) {
    const { code } = await transform(bytes.toString('utf8'), { loader: 'css', minify: true, target: 'chrome100', sourcefile: file });
    return Buffer.from(code);
  }
  if (file.endsWith('.webmanifest')) return Buffer.from(JSON.stringify(JSON.parse(bytes.toString('utf8'))));
  return bytes;
}

/**
 * The service worker of this build: www/sw.js with its BUILD line written,
 * then minified. Its version is a hash of its source and every other file's path and bytes,
 * so any change makes a new worker with a new cache.
 * @param {Map<string, Buffer>} built  path in dist/ -> bytes
 */
async function serviceWorker(built) {
  const source = await fs.readFile(path.join(REPO_ROOT, 'www', 'sw.js'), 'utf8');
  const hash = crypto.createHash('sha256');
  hash.update(source);
  for (const [file, bytes] of [...built].sort(([a], [b]) => (a < b ? -1 : 1))) {
    hash.update(`${file}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  const version = hash.digest('hex').slice(0, 16);
  // './' is the page itself (a host serves index.html for the folder); the
  // worker answers every navigation with it.
  const files = ['./', ...[...built.keys()].filter((f) => f !== 'index.html' && !onFirstUse(f))];
  const line = /^const BUILD = .*;$/m;
  if (!line.test(source)) throw new Error('www/sw.js has no `const BUILD = …;` line for the build to fill in');
  const filled = source.replace(line, () => `const BUILD = ${JSON.stringify({ version, files })};`);
  return { version, files, bytes: await minified('sw.js', Buffer.from(filled)) };
}

/**
 * Empties `out` for the build, refusing any folder that is not an earlier
 * build (it has the build's index.html and sw.js) or empty: a mistyped
 * `--out` must never delete the sources or someone's files.
 * @param {string} out
 */
async function emptyFolder(out) {
  const entries = await fs.readdir(out).catch(() => null);
  if (entries?.length && !(entries.includes('index.html') && entries.includes('sw.js'))) {
    throw new Error(`refusing to replace ${out}: it is not empty and holds no earlier build (index.html and sw.js)`);
  }
  await fs.rm(out, { recursive: true, force: true });
}

/**
 * Builds dist/ (or `out`) from the source tree and pkg/.
 * @param {{ out?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<{ out: string, version: string, precache: string[], files: {file: string, bytes: number, br: number|null, gz: number|null}[] }>}
 */
export async function buildDist({ out = DIST, log = () => {} } = {}) {
  for (const need of ['pkg/nqueens.js', 'pkg/nqueens_bg.wasm']) {
    await fs.access(path.join(REPO_ROOT, need)).catch(() => {
      throw new Error(`${need} is missing: build the wasm first (scripts/build.sh, or scripts/dist.sh, which does both)`);
    });
  }
  await copyPyodide();
  /** @type {Map<string, Buffer>} */
  const built = new Map();
  for (const file of await sources()) {
    built.set(file, await minified(file, await fs.readFile(path.join(REPO_ROOT, file))));
  }
  // The page learns here that it is a build, and which worker is its own.
  const html = built.get('index.html')?.toString('utf8') ?? '';
  built.set('index.html', Buffer.from(builtPage(html, await pageFrame(built), built.get('www/style.css')?.toString('utf8') ?? '', await startModules(), await firstDescription())));
  // The modes' markup and style are in the built page: their files would be downloaded for nothing.
  for (const { id } of (await frameModules()).MODES) for (const file of ['view.html', 'style.css']) built.delete(`www/${id}/${file}`);
  const sw = await serviceWorker(built);
  built.set('sw.js', sw.bytes);

  await emptyFolder(out);
  const files = [];
  for (const [file, bytes] of built) {
    const target = path.join(out, file);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, bytes);
    const row = { file, bytes: bytes.length, br: /** @type {number|null} */ (null), gz: /** @type {number|null} */ (null) };
    // Brotli at its best on Pyodide's 12 MB would take a minute: its files get quality 9 (seconds).
    if (!file.endsWith('.png')) {
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: onFirstUse(file) ? 9 : 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzip(bytes, { level: 9 }),
      ]);
      if (br.length < bytes.length * WORTH_IT) {
        await fs.writeFile(`${target}.br`, br);
        row.br = br.length;
      }
      if (gz.length < bytes.length * WORTH_IT) {
        await fs.writeFile(`${target}.gz`, gz);
        row.gz = gz.length;
      }
    }
    files.push(row);
  }
  const sum = (/** @type {(r: typeof files[number]) => number} */ f) => files.reduce((a, r) => a + f(r), 0);
  log(`dist: ${files.length} files in ${path.relative(process.cwd(), out) || '.'}, version ${sw.version}: ${sum((r) => r.bytes)} bytes, ${sum((r) => r.br ?? r.bytes)} with brotli, ${sum((r) => r.gz ?? r.bytes)} with gzip`);
  return { out, version: sw.version, precache: sw.files, files };
}

async function main() {
  const args = process.argv.slice(2);
  let out = DIST;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out') out = path.resolve(args[++i] ?? '');
    else if (args[i].startsWith('--out=')) out = path.resolve(args[i].slice('--out='.length));
    else {
      console.error(`dist.mjs: unknown argument: ${args[i]} (usage: node scripts/dist.mjs [--out DIR])`);
      process.exit(2);
    }
  }
  try {
    await buildDist({ out, log: (line) => console.log(line) });
  } catch (error) {
    console.error(`dist.mjs: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main();
}
