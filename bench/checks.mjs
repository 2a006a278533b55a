// The checks of the test suites, counted statically in the source: `#[test]`
// functions and proptest cases (`fn` inside `proptest!`), `#[wasm_bindgen_test]`,
// node `test(…)` calls; assertions are `assert*!` macros and `assert(…)` /
// `assert.*(…)` calls, a loop counting once. Each group is split into the
// usual command's part and the slow group's (a file with a line
// `// test group: slow`). `node bench/checks.mjs [REV]` counts the tree, or
// the commit REV (read with git show); `checkTable` is the same count for
// BENCHMARKS.md section 14 (bench/test-command.mjs).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Which group a file's checks belong to, or null. */
function groupOf(file) {
  if (file === 'tests/web.rs') return 'wasm';
  if (/^(tests\/[^/]+\.rs|tests\/common\/.*\.rs|src\/.*\.rs)$/.test(file)) return 'native';
  if (/^tests\/api\/.*\.mjs$/.test(file)) return 'api';
  if (/^tests\/e2e\/.*\.mjs$/.test(file)) return 'e2e';
  if (/^tests\/lint\/.*\.mjs$/.test(file)) return 'lint';
  return null;
}

function count(file, text) {
  if (file.endsWith('.rs')) {
    const tests = (text.match(/#\[(test|wasm_bindgen_test)\]/g) ?? []).length;
    const proptests = [...text.matchAll(/proptest!\s*\{([\s\S]*?)\n\s*\}\n/g)].reduce((n, m) => n + (m[1].match(/\bfn\s+\w+/g) ?? []).length, 0);
    const assertions = (text.match(/\b(debug_)?assert(_eq|_ne|_matches)?!\s*\(/g) ?? []).length + (text.match(/\bprop_assert(_eq|_ne)?!\s*\(/g) ?? []).length;
    return { tests: tests + proptests, assertions };
  }
  const tests = (text.match(/(^|[^\w.])test\s*\(\s*['"`]/gm) ?? []).length;
  const assertions = (text.match(/(^|[^\w.])assert(\.\w+)?\s*\(/gm) ?? []).length;
  return { tests, assertions };
}

/**
 * The checks of each group at `rev` (the working tree when undefined), as
 * markdown table rows: group, tests (usual + slow), assertions (usual + slow).
 * @param {string} [rev]
 */
export function checkTable(rev) {
  const git = (...args) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const files = (rev ? git('ls-tree', '-r', '--name-only', rev) : git('ls-files', '--cached', '--others', '--exclude-standard')).split('\n').filter(Boolean);
  const read = (/** @type {string} */ file) => (rev ? git('show', `${rev}:${file}`) : fs.readFileSync(path.join(ROOT, file), 'utf8'));
  /** @type {Record<string, Record<'usual' | 'slow', {tests: number, assertions: number, files: number}>>} */
  const table = {};
  for (const file of files) {
    const group = groupOf(file);
    if (!group || (!rev && !fs.existsSync(path.join(ROOT, file)))) continue;
    const text = read(file);
    const part = /^\/\/ test group: slow/m.test(text) ? 'slow' : 'usual';
    const c = count(file, text);
    table[group] ??= { usual: { tests: 0, assertions: 0, files: 0 }, slow: { tests: 0, assertions: 0, files: 0 } };
    table[group][part].tests += c.tests;
    table[group][part].assertions += c.assertions;
    if (c.tests) table[group][part].files++;
  }
  const sum = (/** @type {'usual' | 'slow'} */ part, /** @type {'tests' | 'assertions'} */ key) => Object.values(table).reduce((n, g) => n + g[part][key], 0);
  const rows = Object.entries(table).map(([group, g]) => [group, `${g.usual.tests} + ${g.slow.tests}`, `${g.usual.assertions} + ${g.slow.assertions}`]);
  rows.push(['**all**', `${sum('usual', 'tests')} + ${sum('slow', 'tests')} = ${sum('usual', 'tests') + sum('slow', 'tests')}`, `${sum('usual', 'assertions')} + ${sum('slow', 'assertions')} = ${sum('usual', 'assertions') + sum('slow', 'assertions')}`]);
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rev = process.argv[2];
  console.log(`checks in ${rev ?? 'the working tree'}`);
  console.log('| group | tests (usual + slow) | assertions (usual + slow) |');
  console.log('| --- | --- | --- |');
  for (const row of checkTable(rev)) console.log(`| ${row.join(' | ')} |`);
}
