// ARCHITECTURE.md stays true: every path its text names (in `code` spans)
// exists in the checkout, and every folder under src/ and www/ is named there
// (its files need not be: the map is of rooms, and rooms.test.mjs checks the
// imports between them), so a folder cannot be added, moved or removed
// without the map following.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { modeFolders } from './modes.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const text = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

/** Files git knows in the checkout (tracked, or new and not ignored). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((path) => path && existsSync(join(ROOT, path)));

/** Folders the code map may name a path in; a code span starting with one of them is a path. */
const ROOTS = ['src/', 'www/', 'tests/', 'bench/', 'scripts/', 'docs/', 'cluster/', '.ci/', '.cargo/', 'pkg/'];
/** Files at the top level the map may name. */
const TOP = /^[\w.-]+\.(md|toml|json|html|lock)$/;

/**
 * Every code span of the page that reads as a path (`src/lib.rs`, `www/`,
 * `tests/e2e/*.test.mjs`); a span with a placeholder (`www/mode-<name>.js`) is
 * a pattern for a new file, not a path.
 */
function namedPaths() {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim());
  return [...new Set(spans.filter((span) => !/[\s<>]/.test(span) && (ROOTS.some((r) => span.startsWith(r)) || TOP.test(span))))];
}

/** True when `pattern` (a path, a folder ending in /, or a glob with *) matches something in the checkout. */
function exists(pattern) {
  if (pattern.startsWith('pkg/')) return true; // written by the build, not in git
  if (pattern.includes('*')) {
    const re = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
    return files.some((file) => re.test(file));
  }
  if (pattern.endsWith('/')) return files.some((file) => file.startsWith(pattern));
  return files.includes(pattern);
}

test('ARCHITECTURE.md names paths, and every one it names exists', () => {
  const named = namedPaths();
  assert.ok(named.length >= 40, `ARCHITECTURE.md names only ${named.length} paths; is the code map still there?`);
  const missing = named.filter((path) => !exists(path));
  assert.deepEqual(missing, [], `ARCHITECTURE.md names paths that do not exist: ${missing.join(', ')}. Update the code map.`);
});

test('every folder under src/ and www/ is named in ARCHITECTURE.md', () => {
  const named = new Set(namedPaths());
  const folders = [...new Set(files
    .filter((file) => file.startsWith('src/') || file.startsWith('www/'))
    .flatMap((file) => file.split('/').slice(1, -1).map((_, i, parts) => `${file.split('/')[0]}/${parts.slice(0, i + 1).join('/')}/`)))];
  assert.ok(folders.length >= 8, `found only ${folders.length} folders under src/ and www/`);
  // A mode's folder is named by its line in MODES (rooms.test.mjs reads it).
  const modes = modeFolders(ROOT);
  const unnamed = folders.filter((folder) => !named.has(folder) && !modes.some((mode) => folder.startsWith(mode)));
  assert.deepEqual(unnamed, [], `these folders are not in ARCHITECTURE.md's map: ${unnamed.join(', ')}. Say what each holds.`);
});

test('the page reads in a quarter of an hour', () => {
  const words = text.split(/\s+/).filter(Boolean).length;
  // A guide, not a squeeze: about fifteen minutes at 240 words a minute, which
  // leaves room for a new room's row and its paragraph. Past it, split a
  // section into the folder it describes rather than cutting sentences.
  const minutes = words / 240;
  assert.ok(minutes <= 15, `ARCHITECTURE.md has ${words} words, about ${Math.round(minutes)} minutes of reading; keep it within 15 (3,600 words).`);
});
