// ARCHITECTURE.md's map of rooms is the code's: the imports run the way it
// says. It states, in machine-readable places,
//   - the Rust module order: a line "Modules depend one way: a → b, c → d …"
//     (each module may use only itself and the modules before it);
// The page's rooms are data: docs/rooms.json, each folder of www/ and the
// folders it may import; its entry "www/<mode>/" is every mode's that has
// none of its own, and the modes are the folders www/shell/modes.js's MODES
// imports (the shell may import each). ARCHITECTURE.md shows that data as a
// table, and a test below holds the table to it.
// This test reads every `use crate::…` / `crate::…` path under src/ and every
// import under www/ (static, dynamic, `new URL(…, import.meta.url)` for
// workers, and JSDoc `import('…')` types) and fails, naming the file and the
// line, when one breaks the stated order or a folder imports a room it may not.

import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { modeFolders } from './modes.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const text = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

/** Every file under `dir` (relative to the checkout, with /), recursively. */
function walk(dir) {
  const out = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = posix.join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}

/** The line number of character `index` in `source`. */
const lineOf = (source, index) => source.slice(0, index).split('\n').length;

// --- Rust ---------------------------------------------------------------------

/** The stated order: [["board"], ["limits"], ["tree", "puzzle"], …], each group a step. */
function statedOrder() {
  const match = /Modules depend one way:\s*([^\n]+(?:\n(?!\n)[^\n]+)*)/.exec(text);
  assert.ok(match, 'ARCHITECTURE.md has no line "Modules depend one way: a → b → …"');
  return match[1]
    .replace(/\.\s*$/, '')
    .split('→')
    .map((group) => group.split(',').map((name) => name.replace(/[`\s.]/g, '')).filter(Boolean));
}

/** A Rust file's module path: src/algorithms/find_one/mod.rs → algorithms::find_one. */
function modulePath(file) {
  const parts = file.replace(/^src\//, '').replace(/\.rs$/, '').split('/');
  if (parts.at(-1) === 'mod' || parts.at(-1) === 'lib') parts.pop();
  return parts.join('::');
}

/** The stated module a path belongs to: the longest stated name it starts with, or null. */
function ownerOf(path, names) {
  let best = null;
  for (const name of names) {
    const normal = name.replaceAll('/', '::');
    if ((path === normal || path.startsWith(`${normal}::`)) && (!best || normal.length > best.length)) best = normal;
  }
  return best;
}

test('ARCHITECTURE.md states the Rust module order, and every module it names exists', () => {
  const order = statedOrder();
  const names = order.flat();
  assert.ok(names.length >= 8, `the stated order names only ${names.length} modules`);
  const modules = new Set(walk('src').filter((f) => f.endsWith('.rs')).map(modulePath));
  const missing = names.filter((name) => !modules.has(name.replaceAll('/', '::')));
  assert.deepEqual(missing, [], `the stated order names modules that do not exist: ${missing.join(', ')}`);
  const unplaced = [...modules].filter((m) => m && !ownerOf(m, names));
  assert.deepEqual(unplaced, [], `these modules are in no stated module's place: ${unplaced.join(', ')}`);
});

test('every `crate::` and `super::` path in src/ follows the stated module order', () => {
  const order = statedOrder();
  const names = order.flat().map((name) => name.replaceAll('/', '::'));
  const rank = new Map(order.flatMap((group, i) => group.map((name) => [name.replaceAll('/', '::'), i])));
  const broken = [];
  for (const file of walk('src').filter((f) => f.endsWith('.rs') && f !== 'src/lib.rs')) {
    const here = ownerOf(modulePath(file), names);
    const source = readFileSync(join(ROOT, file), 'utf8');
    // `use crate::a::{b, c::d}` and inline `crate::a::b` paths; the first segments name the module.
    // `super::x` in module a::b::c (a file of its own) is a::b::x; in a mod.rs (module a::b) it is a::x.
    const parent = modulePath(file).split('::').slice(0, -1).join('::');
    for (const m of source.matchAll(/\b(crate|super)::((?:[a-z_][a-z0-9_]*::)*[a-z_][a-z0-9_]*)(::\{([^}]*)\})?/g)) {
      const before = source.lastIndexOf('\n', m.index) + 1;
      if (source.slice(before, m.index).trimStart().startsWith('//')) continue; // a doc line's link is no dependency
      if (m[1] === 'super' && /(^|\n)\s*mod tests\b/.test(source.slice(0, m.index))) continue; // a unit test's super is its own file
      const base = m[1] === 'crate' ? m[2] : [parent, m[2]].filter(Boolean).join('::');
      const paths = m[4] ? m[4].split(',').map((item) => `${base}::${item.trim().split('::')[0]}`) : [base];
      for (const path of paths) {
        const there = ownerOf(path, names);
        if (!there || !here || there === here) continue;
        if (/** @type {number} */ (rank.get(there)) > /** @type {number} */ (rank.get(here))) {
          broken.push(`${file}:${lineOf(source, m.index)} (${here}) uses ${path}, which comes after it (${there})`);
        }
      }
    }
  }
  assert.deepEqual(broken, [], `imports against ARCHITECTURE.md's module order:\n${broken.join('\n')}`);
});

// --- JavaScript ---------------------------------------------------------------

/** docs/rooms.json's rooms: folder → the folders it may import besides itself. */
const ROOMS = /** @type {Record<string, string[]>} */ (JSON.parse(readFileSync(join(ROOT, 'docs', 'rooms.json'), 'utf8')).rooms);

/** The rooms: folder → the folders it may import (its own always); a mode with no entry of its own has the `www/<mode>/` entry's. */
function statedRooms() {
  const rooms = new Map();
  for (const [room, allowed] of Object.entries(ROOMS)) if (room !== 'www/<mode>/') rooms.set(room, new Set([room, ...allowed]));
  const forModes = ROOMS['www/<mode>/'];
  assert.ok(forModes, 'docs/rooms.json has no entry "www/<mode>/": what a mode may import');
  const modes = modeFolders();
  for (const mode of modes) if (!rooms.has(mode)) rooms.set(mode, new Set([mode, ...forModes]));
  // The shell builds every mode: it may import each mode's folder.
  for (const mode of modes) rooms.get('www/shell/')?.add(mode);
  return rooms;
}

/** The room of a www path: its first folder (www/race/), or null for a file at www/'s top. */
const roomOf = (path) => /^(www\/[\w-]+\/)/.exec(path)?.[1] ?? null;

test('ARCHITECTURE.md shows docs/rooms.json: a row a room, in its last cell the rooms it may import', () => {
  // The table's rows: | `www/<folder>/` | what it holds | the rooms it may import |. Only the
  // first cell and the backquoted folders of the last are read: the words around them are free.
  const shown = new Map();
  for (const line of text.split('\n')) {
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    const room = /^`(www\/[\w<>-]+\/)`$/.exec(cells[0] ?? '')?.[1];
    if (!room || cells.length < 3) continue;
    shown.set(room, [...cells.at(-1).matchAll(/`(www\/[\w-]+\/)`/g)].map((m) => m[1]));
  }
  assert.deepEqual([...shown.keys()], Object.keys(ROOMS), 'ARCHITECTURE.md\'s rooms table has a row for each room of docs/rooms.json, in its order');
  for (const [room, allowed] of Object.entries(ROOMS)) {
    assert.deepEqual(shown.get(room), allowed, `ARCHITECTURE.md's row for ${room} names what docs/rooms.json lets it import`);
  }
});

test('docs/rooms.json names every folder under www/, and only folders that exist', () => {
  const rooms = statedRooms();
  assert.ok(rooms.size >= 8, `the rooms table names only ${rooms.size} folders`);
  // A room is a folder of code; a folder of pictures (www/icons/) is no room.
  const folders = readdirSync(join(ROOT, 'www'))
    .filter((name) => statSync(join(ROOT, 'www', name)).isDirectory() && walk(`www/${name}`).some((f) => /\.(m?js|d\.ts)$/.test(f)))
    .map((name) => `www/${name}/`);
  const unnamed = folders.filter((f) => !rooms.has(f));
  assert.deepEqual(unnamed, [], `folders under www/ missing from docs/rooms.json: ${unnamed.join(', ')}`);
  const gone = [...rooms.keys()].filter((f) => !existsSync(join(ROOT, f)));
  assert.deepEqual(gone, [], `docs/rooms.json names folders that do not exist: ${gone.join(', ')}`);
  for (const [room, allowed] of rooms) {
    const unknown = [...allowed].filter((a) => !rooms.has(a));
    assert.deepEqual(unknown, [], `${room} may import folders docs/rooms.json does not name: ${unknown.join(', ')}`);
  }
});

test('every import under www/ goes only to a room its folder may import, and the rooms have no cycle', () => {
  const rooms = statedRooms();
  const broken = [];
  const edges = new Map([...rooms.keys()].map((room) => [room, new Set()]));
  for (const file of walk('www').filter((f) => /\.(m?js|d\.ts)$/.test(f))) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const from = roomOf(file);
    const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|\bnew URL\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
    for (const m of source.matchAll(specifiers)) {
      const target = posix.normalize(posix.join(posix.dirname(file), m[2])).replace(/\?.*$/, '');
      if (!target.startsWith('www/')) continue; // the core's pkg/, which any room may load
      const resolved = existsSync(join(ROOT, target)) ? target : target.replace(/\.js$/, '.d.ts');
      assert.ok(existsSync(join(ROOT, resolved)), `${file}:${lineOf(source, m.index)} imports ${m[2]}, which does not exist`);
      const to = roomOf(resolved);
      if (!from || !to || from === to) continue; // the top-level files (types, style, the service worker) are every room's
      edges.get(from)?.add(to);
      if (!rooms.get(from)?.has(to)) broken.push(`${file}:${lineOf(source, m.index)} imports ${relative(ROOT, join(ROOT, resolved))}: ${from} may not import ${to}`);
    }
  }
  assert.deepEqual(broken, [], `imports against docs/rooms.json:\n${broken.join('\n')}`);
  // The allowed imports themselves run one way, so a room can be read knowing only the rooms below it.
  const seen = new Set();
  const path = [];
  const visit = (room) => {
    if (path.includes(room)) assert.fail(`the rooms import each other in a cycle: ${[...path.slice(path.indexOf(room)), room].join(' → ')}`);
    if (seen.has(room)) return;
    path.push(room);
    for (const next of rooms.get(room) ?? []) if (next !== room) visit(next);
    path.pop();
    seen.add(room);
  };
  for (const room of rooms.keys()) visit(room);
  assert.ok(edges.size > 0);
});

test('no two modes import each other: a mode folder imports only the shared rooms', () => {
  const rooms = statedRooms();
  const modes = [...rooms.keys()].filter((room) => existsSync(join(ROOT, room, 'mode.js')));
  assert.ok(modes.length >= 5, `found only ${modes.length} mode folders (www/<mode>/mode.js)`);
  assert.deepEqual([...modes].sort(), [...modeFolders()].sort(), 'the folders with a mode.js are the modes MODES lists');
  for (const mode of modes) {
    const crossing = [...(rooms.get(mode) ?? [])].filter((room) => room !== mode && modes.includes(room));
    assert.deepEqual(crossing, [], `${mode} may import another mode's folder (${crossing.join(', ')}); cross-mode code belongs in a shared room`);
  }
});

test('every mode in MODES is a whole folder: mode.js, view.html (its roots, with ids) and style.css', () => {
  for (const mode of modeFolders()) {
    for (const file of ['mode.js', 'view.html', 'style.css']) assert.ok(existsSync(join(ROOT, mode, file)), `${mode} has no ${file}`);
    const html = readFileSync(join(ROOT, mode, 'view.html'), 'utf8');
    assert.match(html, /^<\w+\b[^>]*\sid="[^"]+"/m, `${mode}view.html has no root (an unindented element with an id)`);
  }
});
