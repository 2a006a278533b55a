// Every export of the page's modules is imported by some other file (the
// page, a worker, a test): an export nobody takes is dead code or a name
// that should stay inside its module. The reader (exports.mjs) is checked
// first against modules written here, so that a reader that finds nothing
// cannot pass.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exportedNames, specifiers, unusedExports } from './exports.mjs';

test('the reader finds what a module exports and what a file imports', () => {
  const module = [
    'export function shown() {}',
    'export async function later() {}',
    'export const LIMIT = 3, other = 4;',
    'export class Model {}',
    'function inside() {}',
    'const a = 1, b = 2;',
    'export { a, b as bee };',
    "export { elsewhere } from './other.js';",
  ].join('\n');
  assert.deepEqual([...exportedNames(module)].sort(), ['LIMIT', 'Model', 'a', 'bee', 'later', 'shown']);
  const user = [
    "import { shown } from '../lib/dom.js';",
    "import '../lib/side.js';",
    "const { Model } = await import('./model.js');",
    "/** @type {import('../types.js').Core} */",
    "new Worker(new URL('../workers/find-worker.js', import.meta.url), { type: 'module' });",
  ].join('\n');
  assert.deepEqual(specifiers(user), ['../lib/dom.js', '../lib/side.js', './model.js', '../types.js', '../workers/find-worker.js']);
});

test('no export of www/ is imported nowhere', () => {
  const unused = [...unusedExports()].map(([path, names]) => `${path}: ${names.join(', ')}`);
  assert.deepEqual(unused, [], `Exports no other file imports (drop the export, or the code if nothing uses it):\n${unused.join('\n')}`);
});
