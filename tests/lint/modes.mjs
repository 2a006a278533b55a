// The page's modes as the shell lists them: the folders that
// www/shell/modes.js's MODES imports, one line each. Read by the map tests
// (rooms.test.mjs, code-map.test.mjs) and the new-mode test.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The modes' folders, in tab order: each line of MODES in www/shell/modes.js
 * imports its folder's mode.js (`import('../<id>/mode.js')`).
 * @param {string} [root]
 */
export function modeFolders(root = ROOT) {
  const source = readFileSync(join(root, 'www', 'shell', 'modes.js'), 'utf8');
  const list = /export const MODES = \[([\s\S]*?)\n\];/.exec(source);
  assert.ok(list, 'www/shell/modes.js has no `export const MODES = [ … ];`');
  return list[1].split('\n').filter((line) => /\bid:/.test(line)).map((line) => {
    const m = /\bid: '([\w-]+)'.*\bimport\('\.\.\/([\w-]+)\/mode\.js'\)/.exec(line);
    assert.ok(m && m[1] === m[2], `a line of MODES loads its own folder's mode.js (import('../<id>/mode.js')): ${line.trim()}`);
    return `www/${m[2]}/`;
  });
}
